#!/bin/bash
# Compares otpgrep binaries on one file with interleaved runs, each round in the order of the
# round before reversed: A B C C B A A B C ..., so that a change in the machine's load hits
# every binary alike, and so does the run before each one (in a noisy spell, two runs of strict
# alternation gave the binary listed first a tenth less time, whichever it was). Prints the
# median, minimum and mean wall time of each. On a shared machine, a difference under about 2%
# is noise.
#
#   scripts/bench/ab.sh FILE ROUNDS BINARY...
#   scripts/bench/ab.sh .build/bench/dump-100k.txt 20 /tmp/otpgrep-before .build/release/otpgrep
#
# Each run is `BINARY --jobs 1 FILE`, its output drained to /dev/null (otpgrep, unlike grep, reads
# all of its input whatever its output is); a run that finds no code (exit 1) counts.
set -euo pipefail

if [ $# -lt 3 ]; then
  echo "usage: $0 FILE ROUNDS BINARY..." >&2
  exit 2
fi
file=$1
rounds=$2
shift 2
for binary in "$@"; do
  [ -x "$binary" ] || { echo "$0: $binary: not an executable" >&2; exit 2; }
done
[ -r "$file" ] || { echo "$0: $file: cannot read it" >&2; exit 2; }

times=$(mktemp)
trap 'rm -f "$times"' EXIT
forward=("$@")
backward=()
for ((k = $# - 1; k >= 0; k--)); do backward+=("${forward[k]}"); done
for ((round = 0; round < rounds; round++)); do
  if ((round % 2 == 0)); then order=("${forward[@]}"); else order=("${backward[@]}"); fi
  for binary in "${order[@]}"; do
    start=$(date +%s.%N)
    # Exit status 1 is grep's "nothing found" (a file of messages without a code); 2 and
    # above are errors.
    status=0
    "$binary" --jobs 1 "$file" > /dev/null || status=$?
    end=$(date +%s.%N)
    if [ "$status" -gt 1 ]; then
      echo "$0: $binary exited with status $status on $file" >&2
      exit 1
    fi
    echo "$binary $start $end" >> "$times"
  done
done

python3 - "$times" "$@" <<'EOF'
import statistics
import sys

path, binaries = sys.argv[1], sys.argv[2:]
runs = {b: [] for b in binaries}
for line in open(path):
    binary, start, end = line.split()
    runs[binary].append(float(end) - float(start))
first = statistics.median(runs[binaries[0]])
print(f"{'binary':40} {'runs':>4} {'median s':>9} {'min s':>8} {'mean s':>8} {'vs first':>9}")
for binary in binaries:
    t = runs[binary]
    median = statistics.median(t)
    print(f"{binary[-40:]:40} {len(t):4} {median:9.4f} {min(t):8.4f} {statistics.mean(t):8.4f}"
          f" {median / first:9.3f}")
EOF
