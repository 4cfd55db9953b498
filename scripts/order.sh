#!/bin/bash
# Writes the link order of otpgrep's code (scripts/otpgrep.order): the functions of the binary
# that its runs execute, the most executed first, one symbol a line. The release builds hand it
# to the linker (`--symbol-ordering-file`, Makefile's RELEASEFLAGS), which puts those functions
# first, one after the other. Unordered, the code a run executes (about 450 KB of the binary's
# 4.7 MB, much of it the Swift runtime's and standard library's) was spread over 3.0 MB of
# resident pages (the kernel maps 64 KiB around each page a run faults in); ordered, 2.5 MB, as
# the standard library's objects put many functions in one section, which moves whole
# (docs/PERFORMANCE-HISTORY.md, "The forty-fifth round").
#
# Symbols the list names that a build does not have are left out by the linker, and functions
# it does not name follow the ones it does, so a list made before a change still orders most
# of the code; `make order` makes it again (a minute or two under valgrind).
#
#   scripts/order.sh BINARY OUT
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${1:?usage: $0 BINARY OUT}
out=${2:?usage: $0 BINARY OUT}
if ! command -v valgrind > /dev/null; then
  echo "order: needs valgrind (sudo apt-get install -y valgrind)" >&2
  exit 2
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The runs: the bench's kind of input (a seeded dump of 20,000 messages, 1.6 MB: a file large
# enough for a parallel run) with one job and two, from a file and from a pipe; one message
# given with -m; the message dumps; the corpus's records as JSON Lines.
python3 scripts/bench/gen-dump.py --count 20000 --outdir "$scratch" > /dev/null
dump=$scratch/dump-20000.txt
n=0
profile() {
  n=$((n + 1))
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$scratch/run-$n.out" \
    "$bin" "$@" > /dev/null 2> "$scratch/run-$n.log" || true
}
profile --jobs 1 "$dump"
profile --jobs 2 "$dump"
profile --jobs 2 < "$dump"
profile -m 'Your code is 482913'
profile --only-found Fixtures/dumps/sms-backup.xml Fixtures/dumps/mmssms.db \
  Fixtures/dumps/chat.db Fixtures/dumps/messages.csv
profile --input jsonl Fixtures/corpus/en.jsonl

nm --defined-only "$bin" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u > "$scratch/defined"
python3 - "$scratch" "$out" << 'EOF'
import collections, glob, re, sys

scratch, out = sys.argv[1], sys.argv[2]
defined = set(open(f"{scratch}/defined").read().split())
cost = collections.Counter()
for path in sorted(glob.glob(f"{scratch}/run-*.out")):
    names, current, call = {}, None, False
    for line in open(path, errors="replace"):
        # The line after a call's is the cost of the call, the callee's: not the caller's own.
        if line.startswith("calls="):
            call = True
            continue
        if call:
            call = False
            continue
        m = re.match(r"^(c?)fn=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if m:
            if m.group(3):
                # A function in a cycle of calls is named again with a suffix ('2, '3...).
                names[m.group(2)] = re.sub(r"'\d+$", "", m.group(3))
            if not m.group(1):
                current = names.get(m.group(2))
            continue
        # A cost line of the current function: its position, then its instructions.
        if current and line[:1] in "+-*0123456789":
            fields = line.split()
            if len(fields) >= 2 and fields[1].isdigit():
                cost[current] += int(fields[1])
ordered = [name for name, _ in cost.most_common() if name in defined]
if len(ordered) < 100:
    sys.exit(f"order: only {len(ordered)} functions of the binary were seen running")
with open(out, "w") as f:
    f.write("\n".join(ordered) + "\n")
print(f"order: {len(ordered)} functions written to {out}", file=sys.stderr)
EOF
