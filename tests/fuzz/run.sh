#!/usr/bin/env bash
# Runs libFuzzer harnesses of a TWEED_FUZZ build for a number of seconds each, one after the
# other on one core, and prints each one's executions, rate and coverage. Exits 1 when any
# harness found something: the crashing input is kept in WORK/artifacts/HARNESS/.
#
#   tests/fuzz/run.sh HARNESS|all SECONDS
#
# HARNESS: tweed_text (.tweed reader), tweedc (.tweedc reader), c_api (tweed_c.h), import
# (characters through Assimp). Environment: TWEED_FUZZ_BUILD_DIR, the clang build with
# -DTWEED_FUZZ=ON (default build-fuzz); TWEED_FUZZ_WORK, where the growing corpora, logs and
# artifacts go (default BUILD/fuzz); TWEED_FUZZ_ARGS, more libFuzzer options;
# TWEED_FUZZ_IMPORT_SKIP, the extensions fuzz_import leaves out (default: those of
# crashes/import_skip.txt, which have open findings; set it empty to fuzz every format).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${TWEED_FUZZ_BUILD_DIR:-$root/build-fuzz}
work=${TWEED_FUZZ_WORK:-$build/fuzz}
harnesses=(tweed_text tweedc c_api import)

if [ $# -ne 2 ] || ! [[ $2 =~ ^[0-9]+$ ]]; then
  sed -n '2,13p' "$0"; exit 2
fi
case "$1" in
  all) selected=("${harnesses[@]}") ;;
  tweed_text|tweedc|c_api|import) selected=("$1") ;;
  *) echo "run.sh: unknown harness '$1' (tweed_text, tweedc, c_api, import or all)" >&2; exit 2 ;;
esac
seconds=$2

# The committed seeds of each harness, and the longest input it is given: the seeds are cut to
# this length when read (the cooked sample's first chunks, its skeleton, stay whole), which
# keeps the rate in the thousands of executions per second.
seeds_of() { case $1 in tweed_text) echo tweed_text ;; tweedc|c_api) echo cooked ;; import) echo import ;; esac; }
max_len_of() { case $1 in import) echo 20000 ;; *) echo 12288 ;; esac; }

# Sanitizer reports with symbols; Assimp's own leaks are not findings (lsan_suppressions.txt).
symbolizer=$(command -v llvm-symbolizer-14 || command -v llvm-symbolizer || true)
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-$symbolizer}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$here/lsan_suppressions.txt:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
if [ -z "${TWEED_FUZZ_IMPORT_SKIP+set}" ]; then
  TWEED_FUZZ_IMPORT_SKIP=$(grep -v '^#' "$here/crashes/import_skip.txt" | awk 'NF { print $1 }' | paste -sd, -)
fi
export TWEED_FUZZ_IMPORT_SKIP

failed=0
for h in "${selected[@]}"; do
  exe=$build/tests/fuzz/fuzz_$h
  if [ ! -x "$exe" ]; then
    echo "run.sh: $exe is missing: build it with CC=clang-14 CXX=clang++-14 and -DTWEED_FUZZ=ON" >&2
    exit 2
  fi
  mkdir -p "$work/corpus/$h" "$work/artifacts/$h"
  log=$work/$h.log
  status=0
  # -timeout: an input taking longer is a finding (a stall); -rss_limit_mb: so is more memory.
  (cd "$work" && "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len="$(max_len_of "$h")" -print_final_stats=1 -artifact_prefix="$work/artifacts/$h/" \
    ${TWEED_FUZZ_ARGS:-} "$work/corpus/$h" "$here/corpus/$(seeds_of "$h")") >"$log" 2>&1 || status=$?
  done_line=$(grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -1 || true)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  cov=$(sed -n 's/.* cov: \([0-9]*\) .*/\1/p' <<<"$done_line")
  ft=$(sed -n 's/.* ft: \([0-9]*\) .*/\1/p' <<<"$done_line")
  corp=$(sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p' <<<"$done_line")
  if [ "$status" -eq 0 ]; then
    [ "$h" = import ] && [ -n "$TWEED_FUZZ_IMPORT_SKIP" ] && note=" (not fuzzed: $TWEED_FUZZ_IMPORT_SKIP)" || note=""
    printf '%-10s %10s executions in %ss, %s exec/s, cov %s, ft %s, corpus %s inputs: no finding%s\n' \
      "$h" "${runs:-?}" "$seconds" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$note"
  else
    failed=1
    printf '%-10s FINDING after %s executions (cov %s, ft %s); log %s\n' "$h" "${runs:-?}" \
      "${cov:-?}" "${ft:-?}" "$log"
    grep -E 'FUZZ FINDING|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error|SUMMARY|Test unit written' "$log" | head -8 | sed 's/^/    /'
  fi
done
exit $failed
