#!/bin/bash
# The conditions of the two STALE (session 40): 4 busy loops and many conform processes at nice 0
# on two cores. Here: 4 busy loops and six actor stress seeds at once (1, 2, 3, 4, 5, 8; 6 and 7 ran
# in heartbeat-campaign.sh), all at nice 0, on the final build (the child's heartbeat).
cd /work/camp
Q=${Q:-./queuelab-final}
P=strict,fifo,aging,weighted,lifo,inherit,critical-path
loops=(); for i in 1 2 3 4; do sh -c 'while :; do :; done' & loops+=($!); done
lanes=()
for s in "$@"; do
  ( start=$(date -u +%FT%TZ)
    /usr/bin/time -f "wall %e s user %U s sys %S s" $Q conform --impl actor --policy $P --level stress --seeds $s \
      > stress-actor-spike-seed-$s.txt 2> stress-actor-spike-seed-$s.err
    echo "stress-actor-spike seed $s exit $? start $start end $(date -u +%FT%TZ)" >> heartbeat-spike.log ) &
  lanes+=($!)
done
wait ${lanes[*]}
kill ${loops[*]}
echo "done $(date -u +%FT%TZ)" >> heartbeat-spike.log
