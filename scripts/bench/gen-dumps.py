#!/usr/bin/env python3
"""Writes the first messages of the bench's dump in two of the formats otpgrep reads.

    python3 scripts/bench/gen-dumps.py --dump .build/bench/dump-1m.txt --count 300000 \
        --outdir .build/bench

- sms-300k.xml: an SMS Backup & Restore file, one <sms> element a message with the attributes
  the app writes (the body escaped as it escapes it: &amp; &lt; &gt; &quot; and &#10; for a
  line feed);
- messages-300k.csv: id,address,date,body (RFC 4180: a field with a comma, a quote or a line
  break is quoted, a quote doubled).

Senders, dates and ids follow the message's number, so both files are the same every time.
"""
import argparse
import os

EPOCH_MS = 1_735_725_600_000  # 2025-01-01T10:00:00Z


def xml_escape(text):
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("\n", "&#10;"))


def csv_field(text):
    if any(c in text for c in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dump", required=True)
    parser.add_argument("--count", type=int, default=300_000)
    parser.add_argument("--outdir", required=True)
    args = parser.parse_args()
    stem = f"{args.count // 1000}k"
    xml_path = os.path.join(args.outdir, f"sms-{stem}.xml")
    csv_path = os.path.join(args.outdir, f"messages-{stem}.csv")
    with open(args.dump, encoding="utf-8", errors="surrogateescape") as dump, \
            open(xml_path + ".tmp", "w", encoding="utf-8", errors="surrogateescape") as xml, \
            open(csv_path + ".tmp", "w", encoding="utf-8", errors="surrogateescape",
                 newline="") as csv:
        xml.write("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n")
        xml.write(f'<smses count="{args.count}">\n')
        csv.write("id,address,date,body\n")
        for number, line in enumerate(dump):
            if number == args.count:
                break
            body = line.rstrip("\n")
            address = f"+1555{number:07d}"
            date = EPOCH_MS + 1000 * number
            xml.write(
                f'  <sms protocol="0" address="{address}" date="{date}" type="1" subject="null" '
                f'body="{xml_escape(body)}" toa="null" sc_toa="null" service_center="null" '
                f'read="1" status="-1" locked="0" date_sent="0" '
                f'readable_date="Jan 1, 2025 10:00:00 AM" contact_name="(Unknown)" />\n')
            csv.write(f"{number + 1},{address},{date},{csv_field(body)}\n")
        xml.write("</smses>\n")
    os.replace(xml_path + ".tmp", xml_path)
    os.replace(csv_path + ".tmp", csv_path)


if __name__ == "__main__":
    main()
