#!/usr/bin/env bash
# Issue 22's proof that the tests do not depend on the machine's speed: whole `npm test` runs in a row, each
# beside two busy loops per core (bounded by `timeout`, ended when the run ends). One line per run goes to
# .tmp/under-load/summary.txt: exit code, seconds, load average before and after, passed and failed.
#   bash scripts/test-under-load.sh [runs=5]
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
out=.tmp/under-load
mkdir -p "$out"
loops=$(( $(nproc) * 2 ))
for i in $(seq 1 "$runs"); do
  pids=()
  for _ in $(seq 1 "$loops"); do timeout 1800 sh -c 'while :; do :; done' & pids+=($!); done
  start=$(date +%s); before=$(cut -d' ' -f1 /proc/loadavg)
  npx vitest run --project unit --project contract --project api --reporter=json --outputFile.json="$out/run-$i.json" >"$out/run-$i.log" 2>&1
  rc=$?
  end=$(date +%s); after=$(cut -d' ' -f1 /proc/loadavg)
  kill "${pids[@]}" 2>/dev/null; wait "${pids[@]}" 2>/dev/null
  counts=$(node -e 'const r=require(process.argv[1]);console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`)' "$(pwd)/$out/run-$i.json" 2>/dev/null || echo "no report")
  echo "run $i: exit $rc, $((end - start)) s, load $before -> $after, $counts" | tee -a "$out/summary.txt"
done
