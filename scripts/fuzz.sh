#!/usr/bin/env bash
# Runs every libFuzzer target of tests/fuzz for SECONDS each (two at a time on
# two cores), starting from its committed corpus tests/fuzz/corpus/NAME and
# its dictionary tests/fuzz/NAME.dict when there is one.  New inputs go to
# build/fuzz/found/NAME; --merge minimizes them into the committed corpus.
# A finding stops the run: the crashing input is saved as build/fuzz/crash-*,
# and must become a corpus entry (the replay tests run it in every build)
# and, where it says more, a C test.
# usage: scripts/fuzz.sh [SECONDS] [--merge] [TARGET ...]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=25
merge=0
targets=()
for a in "$@"; do
  case $a in
    --merge) merge=1 ;;
    [0-9]*) secs=$a ;;
    *) targets+=("$a") ;;
  esac
done
bash scripts/build.sh fuzz
if [ ${#targets[@]} -eq 0 ]; then
  for f in tests/fuzz/fuzz_*.c; do t=${f##*/fuzz_}; targets+=("${t%.c}"); done
fi
jobs=$(nproc 2>/dev/null || echo 2)
# allocator_may_return_null: a failed allocation must be a WT_ENOMEM, not a report
export ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

run_one() {
  local t=$1 dict=()
  mkdir -p "build/fuzz/found/$t"
  [ -f "tests/fuzz/$t.dict" ] && dict=("-dict=tests/fuzz/$t.dict")
  # -malloc_limit_mb: no input may make the engine ask for more than this at once
  "build/fuzz/fuzz_$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
    -print_final_stats=1 -artifact_prefix="build/fuzz/crash-$t-" "${dict[@]}" \
    "build/fuzz/found/$t" "tests/fuzz/corpus/$t" > "build/fuzz/$t.log" 2>&1
}

pids=() names=()
for t in "${targets[@]}"; do
  [ -x "build/fuzz/fuzz_$t" ] || { echo "fuzz: no target '$t'" >&2; exit 2; }
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 0.2; done
  run_one "$t" & pids+=($!) names+=("$t")
done
failed=0 total=0
for i in "${!pids[@]}"; do
  t=${names[$i]}
  if ! wait "${pids[$i]}"; then
    failed=1
    echo "fuzz: $t FOUND A BUG:" >&2
    grep -E 'ERROR|SUMMARY|==[0-9]+==|Test unit written|#[0-9]+ ' "build/fuzz/$t.log" | head -40 >&2
    echo "fuzz: reproduce with: build/fuzz/fuzz_$t build/fuzz/crash-$t-*" >&2
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build/fuzz/$t.log")
  cov=$(grep -oE 'cov: [0-9]+' "build/fuzz/$t.log" | tail -1 || true)
  echo "fuzz: $t: ${runs:-0} executions in ${secs}s, ${cov:-cov: ?}, corpus $(ls "tests/fuzz/corpus/$t" | wc -l) committed + $(ls "build/fuzz/found/$t" | wc -l) found"
  total=$((total + ${runs:-0}))
done
echo "fuzz: $total executions in total"
if [ $merge = 1 ] && [ $failed = 0 ]; then
  for t in "${targets[@]}"; do
    "build/fuzz/fuzz_$t" -merge=1 "tests/fuzz/corpus/$t" "build/fuzz/found/$t" > "build/fuzz/$t.merge.log" 2>&1
    echo "fuzz: $t: corpus now $(ls "tests/fuzz/corpus/$t" | wc -l) inputs"
  done
fi
exit $failed
