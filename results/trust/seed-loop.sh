#!/usr/bin/env bash
# The seed loop behind all-checks-default-50-seeds-*-f7b0b28.txt (run before `conform --seeds`
# existed; `conform --seeds 1-50` does the same in one process now).
# usage: results/trust/seed-loop.sh IMPL FROM TO LEVEL   (QUEUELAB=path/to/queuelab)
B=${QUEUELAB:-.build/release/queuelab}
impl=$1; from=$2; to=$3; level=$4
for s in $(seq $from $to); do
  out=$($B conform --impl $impl --policy strict,fifo,aging,weighted,lifo,inherit,critical-path --level $level --seed $s 2>&1)
  st=$?
  echo "seed $s exit $st $(echo "$out" | grep -E '^[0-9]+ outcomes' | head -1)"
  if [ $st -ne 0 ]; then echo "$out" | grep -vE '^\S+\[.*\] \S+: (PASS|UNSUPPORTED)' | head -60; fi
done
echo finished
