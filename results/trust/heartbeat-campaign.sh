#!/bin/bash
# The actor stress seeds that went STALE on b8ffc1e beside busy loops (6 and 7), again on 95515f4
# (the child's heartbeat), each seed a lane, beside 4 busy loops, all at nice 10, while a fresh-clone
# CI run (nice 0) takes the machine: the checks are starved as they were then.
cd /work/camp
Q=./queuelab-95515f4
P=strict,fifo,aging,weighted,lifo,inherit,critical-path
loops=(); for i in 1 2 3 4; do nice -n 10 sh -c 'while :; do :; done' & loops+=($!); done
lanes=()
for s in "$@"; do
  ( start=$(date -u +%FT%TZ)
    nice -n 10 /usr/bin/time -f "wall %e s user %U s sys %S s" $Q conform --impl actor --policy $P --level stress --seeds $s \
      > stress-actor-hb-seed-$s.txt 2> stress-actor-hb-seed-$s.err
    echo "stress-actor-hb seed $s exit $? start $start end $(date -u +%FT%TZ)" >> heartbeat-campaign.log ) &
  lanes+=($!)
done
wait ${lanes[*]}
kill ${loops[*]}
echo "done $(date -u +%FT%TZ)" >> heartbeat-campaign.log
