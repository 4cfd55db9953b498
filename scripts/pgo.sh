#!/bin/bash
# Profile-guided optimization for the release builds (docs/PERFORMANCE.md, "Profile and
# whole-program optimization"). LLVM's IR-level instrumentation: the Swift 6.3 frontend's own
# `-profile-use` stops on an assertion (swiftlang/swift pull request 84432), this one does not.
#
#   scripts/pgo.sh available        exit 0 when the toolchain has what a profile needs
#   scripts/pgo.sh profile OUT      build an instrumented otpgrep, run it over the training
#                                   input, merge its counts into OUT-HASH.profdata and link
#                                   OUT (a .profdata path) to it
#
# The training input is the project's own: Fixtures/corpus (951 labelled messages in 34
# languages, as JSON Lines and as their texts in plain lines), the demo messages and the
# message dumps of Fixtures/dumps, each run with one job (the workers run the same library
# code). Not the benchmark's generated dump, so that `make bench` measures a profile it was
# not trained on.
#
# Environment: SWIFT (default swift), SWIFTFLAGS (the release flags, without the profile),
# SCRATCH (the instrumented build's directory, default .build/pgo).
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
read -r -a flags <<< "${SWIFTFLAGS:--Xcc -gdwarf-4 --static-swift-stdlib}"
scratch=${SCRATCH:-.build/pgo}

# The toolchain's llvm-profdata and profile runtime, beside its swiftc: both must be the
# compiler's own LLVM version (Debian's llvm-profdata writes an older format).
toolchain() {
  local swiftc
  swiftc=$(command -v swiftc) || return 1
  bin=$(dirname "$(readlink -f "$swiftc")")
  profdata=$bin/llvm-profdata
  runtime=$(ls "$bin"/../lib/clang/*/lib/linux/libclang_rt.profile-"$(uname -m)".a 2>/dev/null |
    tail -n 1)
  [ -x "$profdata" ] && [ -n "$runtime" ] && [ -f "$runtime" ]
}

case "${1:-}" in
available)
  toolchain
  ;;
profile)
  out=${2:?usage: $0 profile OUT}
  if ! toolchain; then
    echo "pgo: the toolchain has no llvm-profdata or profile runtime beside swiftc;" \
      "build with PGO=0" >&2
    exit 2
  fi
  # A fixed place for the raw counts: the instrumented build names it in its flags, so a new
  # place each time would rebuild it (and change its build ID, which the profile records).
  mkdir -p "$scratch"
  raw=$(cd "$scratch" && pwd)/profraw
  rm -rf "$raw"
  mkdir -p "$raw"
  echo "pgo: building an instrumented otpgrep in $scratch" >&2
  "$SWIFT" build -c release "${flags[@]}" --product otpgrep --scratch-path "$scratch" \
    -Xswiftc -Xfrontend -Xswiftc -ir-profile-generate="$raw" \
    -Xlinker -u__llvm_profile_runtime -Xlinker "$runtime" >&2
  bin=$scratch/release/otpgrep
  # The same fixtures give the same profile, byte for byte, so the same sources give the same
  # binary: one job per run (no thread's timing in the counts), hashing without its per-process
  # seed, the runs' counts numbered in order and merged on one thread.
  runs=0
  run() {
    local status=0
    runs=$((runs + 1))
    SWIFT_DETERMINISTIC_HASHING=1 LLVM_PROFILE_FILE="$raw/run-$(printf %02d "$runs").profraw" \
      "$bin" --jobs 1 "$@" > /dev/null || status=$?
    # 0 and 1 are answers (found, none found); anything else is a broken training run.
    if [ "$status" -gt 1 ]; then
      echo "pgo: training run failed (exit $status): otpgrep $*" >&2
      exit 1
    fi
  }
  echo "pgo: training on Fixtures/" >&2
  # The corpus ten times, so that the per-message code outweighs the start-up's; each run reads
  # it twice, as a stream of real messages repeats its templates, so that the template memo's
  # answers are trained as well as the analysis.
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    run --input jsonl Fixtures/corpus/*.jsonl Fixtures/corpus/*.jsonl
  done
  run Fixtures/demo/messages.txt
  run --only-found Fixtures/dumps/sms-backup.xml Fixtures/dumps/mmssms.db \
    Fixtures/dumps/chat.db Fixtures/dumps/messages.csv
  run --explain --input jsonl Fixtures/corpus/en.jsonl
  # The corpus's texts as plain lines, the input most runs read (`tail -f sms.log | otpgrep`),
  # whose path (framed in place, no JSON decoded) the runs above take for twelve lines only.
  # Each record's text field, its escaped line breaks as spaces and its escaped quotes as quotes.
  texts=$raw/texts.txt
  lines=$raw/lines.txt
  sed -n 's/^{"text": "\(.*\)", "code": .*$/\1/; T; s/\\n/ /g; s/\\"/"/g; p' \
    Fixtures/corpus/*.jsonl > "$texts"
  if [ "$(wc -l < "$texts")" -ne "$(cat Fixtures/corpus/*.jsonl | grep -c .)" ]; then
    echo "pgo: not every record of Fixtures/corpus starts with its text field" >&2
    exit 1
  fi
  for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$texts"; done > "$lines"
  run "$lines" "$lines"
  mkdir -p "$(dirname "$out")"
  "$profdata" merge --num-threads=1 --output "$out.tmp" "$raw"/*.profraw
  # OUT is a link to a file named by the profile's hash, which the build's flags name: a new
  # profile changes the flags, so every module is compiled again. Whole-program optimization
  # cannot link modules compiled with different profiles (their profile summaries differ).
  hash=$(sha256sum < "$out.tmp" | cut -c1-12)
  stem=$(basename "${out%.profdata}")
  dest=$(dirname "$out")/$stem-$hash.profdata
  mv "$out.tmp" "$dest"
  rm -rf "$raw"
  find "$(dirname "$out")" -maxdepth 1 -name "$stem-*.profdata" ! -name "$stem-$hash.profdata" \
    -delete
  ln -sfn "$stem-$hash.profdata" "$out"
  echo "pgo: wrote $dest" >&2
  ;;
*)
  echo "usage: $0 available | profile OUT" >&2
  exit 2
  ;;
esac
