#!/bin/bash
# Actor stress seeds on the heartbeat build, one conform process per seed, all at once, beside 4 busy
# loops, everything at nice NICE. Two runs (session 41, in /work/camp):
#   NICE=10 TAG=hb    Q=./queuelab-95515f4 heartbeat-lanes.sh 6 7          the seeds of the two STALE,
#                                          beside a fresh-clone CI run at nice 0
#   NICE=0  TAG=spike Q=./queuelab-final   heartbeat-lanes.sh 1 2 3 4 5 8  the conditions of the STALE:
#                                          many conform processes and 4 busy loops at nice 0
# Each seed writes stress-actor-TAG-seed-S.txt (report) and .err (per check); heartbeat-TAG.log.
Q=${Q:?Q=the queuelab release binary}
NICE=${NICE:-0}
TAG=${TAG:-lanes}
P=strict,fifo,aging,weighted,lifo,inherit,critical-path
loops=(); for i in 1 2 3 4; do nice -n "$NICE" sh -c 'while :; do :; done' & loops+=($!); done
lanes=()
for s in "$@"; do
  ( start=$(date -u +%FT%TZ)
    nice -n "$NICE" /usr/bin/time -f "wall %e s user %U s sys %S s" "$Q" conform --impl actor --policy $P --level stress --seeds "$s" \
      > "stress-actor-$TAG-seed-$s.txt" 2> "stress-actor-$TAG-seed-$s.err"
    echo "stress-actor-$TAG seed $s exit $? start $start end $(date -u +%FT%TZ)" >> "heartbeat-$TAG.log" ) &
  lanes+=($!)
done
wait "${lanes[@]}"
kill "${loops[@]}"
echo "done $(date -u +%FT%TZ)" >> "heartbeat-$TAG.log"
