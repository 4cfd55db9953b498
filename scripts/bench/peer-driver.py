#!/usr/bin/env python3
"""Runs the PyPI peer `otp-message-extractor` over a file of messages, one per line.

Prints one line per message: the code, or an empty line when it finds none, so that the
peer, like otpgrep, does the reading, the extraction and the writing.

    .build/bench/venv/bin/python scripts/bench/peer-driver.py .build/bench/dump-100k.txt
"""

import sys

from otp_message_extractor import extract_otp  # extract_otp(str) -> {"code", "confidence"} | None


def main() -> int:
    out = sys.stdout
    with open(sys.argv[1], encoding="utf-8", newline="\n") as f:
        for line in f:
            found = extract_otp(line.rstrip("\n"))
            out.write(found["code"] + "\n" if found else "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
