#!/bin/bash
# Same-run pair of test files (docs/performance.md, issue 22 §2): the tree at BASE (a worktree of the baseline,
# `git worktree add --detach /tmp/base <commit>` with node_modules linked in) and this tree run the same vitest
# files at once, so both meet the same load; each writes vitest's JSON report (per-file and per-test times) and
# /usr/bin/time's wall and CPU to OUT. Waits while the lead's quiet lock is held.
#   bench/test-files-pair.sh /tmp/base /tmp/pair-r1 --project api tests/api/waitlist.test.ts …
set -euo pipefail
base=$1 out=$2
shift 2
mkdir -p "$out"
while [ -d /work/notes/quiet.lock ]; do sleep 15; done
echo "start $(date -u +%H:%M:%S) $(cat /proc/loadavg)" > "$out/load"
run() { # dir name
  (cd "$1" && /usr/bin/time -f "%e wall %U user %S sys" -o "$out/$2.time" nice -n 10 npx vitest run "${@:3}" \
    --reporter=json --outputFile="$out/$2.json" > "$out/$2.out" 2>&1) || true
}
run "$base" base "$@" &
run "$PWD" after "$@" &
wait
echo "end $(date -u +%H:%M:%S) $(cat /proc/loadavg)" >> "$out/load"
