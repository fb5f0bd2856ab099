#!/bin/bash
# The default seeds beside 4 busy loops (issue 26), LANES conform processes at a time, one seed per
# process, each to its own files. A seed is claimed by creating its output file, so more lanes can
# join later (the same `lane` loop started by hand: how seeds 4 to 50 went from 2 lanes to 7). While
# PAUSE exists no lane starts a seed (for a CI run); the busy loops were stopped (SIGSTOP) while the
# lanes were idle and continued before PAUSE went.
#   usage: LANES=N results/trust/busy-loop-seeds.sh SEED...   (./queuelab-8e74cbf: the release binary)
LANES=${LANES:-2}
loops=(); for i in 1 2 3 4; do sh -c 'while :; do :; done' & loops+=($!); done
trap 'kill ${loops[*]} $(jobs -p) 2>/dev/null' EXIT
lane() {
  for s in "$@"; do
    while [ -e PAUSE ]; do sleep 5; done
    set -o noclobber; { : > default-seed-$s.txt; } 2>/dev/null || continue; set +o noclobber
    start=$(date -u +%FT%TZ)
    /usr/bin/time -f "wall %e s user %U s sys %S s" ./queuelab-8e74cbf conform --impl lock,actor \
      --policy strict,fifo,aging,weighted,lifo,inherit,critical-path --level default --seeds $s \
      > default-seed-$s.txt 2> default-seed-$s.err
    echo "seed $s exit $? start $start end $(date -u +%FT%TZ) lanes $LANES" >> busy-loop.log
  done
}
for l in $(seq $LANES); do lane "$@" & done
wait $(jobs -p | grep -v -e "${loops[0]}" -e "${loops[1]}" -e "${loops[2]}" -e "${loops[3]}")
