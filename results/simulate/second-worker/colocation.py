#!/usr/bin/env python3
"""When did a `makespan` sample's two workers first run at once, by the kernel's own account?

    perf record -a -e sched:sched_switch,sched:sched_wakeup,sched:sched_wakeup_new,sched:sched_migrate_task \
        -o sched.data -- queuelab bench --impl lock --policy strict,fifo \
        --workload 'makespan:n=2000;width=2' --samples 10 --out bench.csv
    perf script -i sched.data -F comm,pid,tid,cpu,time,event,trace > sched.txt
    colocation.py sched.txt bench.csv [FIGURE]      (FIGURE: a CSV column, default makespan_over_bound)

Each sample process makes two queues (bench's in-process warm-up and the measured run), each of
which starts two worker threads; the last two threads a process starts are the measured run's
workers. Sample processes are matched to the CSV's rows in order, after the warm-up processes.
Prints, per sample, the figure (makespan over bound by default), when the two workers first ran at
the same time (on two CPUs) from the first one's creation, and how long they ran at once in all.
Works for any workload whose queue starts two workers once per run (`overload` too).
"""
import collections
import csv
import re
import sys

HEADER = re.compile(r'^\s*(.*?)\s+(-?\d+)/(-?\d+)\s+\[(\d+)\]\s+([\d.]+):\s+sched:(\w+): (.*)$')
FIELD = re.compile(r'(\w+)=(\S+)')


def main(trace, results, figure='makespan_over_bound'):
    current = {}
    runs = collections.defaultdict(list)
    created = {}
    threads_of = {}
    for line in open(trace):
        match = HEADER.match(line)
        if not match:
            continue
        comm, pid = match.group(1), int(match.group(2))
        cpu, time, event = int(match.group(4)), float(match.group(5)), match.group(6)
        fields = dict(FIELD.findall(match.group(7)))
        if event == 'sched_switch':
            if cpu in current:
                runs[current[cpu][0]].append((current[cpu][1], time))
            current[cpu] = (int(fields['next_pid']), time)
        elif event == 'sched_wakeup_new' and comm == 'queuelab':
            created[int(fields['pid'])] = time
            threads_of.setdefault(pid, []).append(int(fields['pid']))
    rows = list(csv.DictReader(open(results)))
    processes = [pid for pid in sorted(threads_of) if len(threads_of[pid]) >= 4]
    warmups = len(processes) - len(rows)
    lines = []
    for pid, row in zip(processes[warmups:], rows):
        first_worker, second_worker = threads_of[pid][-2:]
        origin = created[first_worker]
        together, first_together = 0.0, None
        for a0, a1 in runs[first_worker]:
            for b0, b1 in runs[second_worker]:
                low, high = max(a0, b0), min(a1, b1)
                if high > low:
                    together += high - low
                    first_together = low if first_together is None else min(first_together, low)
        first = f'{(first_together - origin) * 1e3:6.2f} ms' if first_together is not None else '  never'
        lines.append((float(row[figure]), row['policy'], first, together * 1e3))
    print(f'{figure}  policy  workers first ran at once  ran at once in all')
    for value, policy, first, together in sorted(lines):
        print(f'{value:14.4g}  {policy:6}  {first:>24}  {together:15.1f} ms')


if __name__ == '__main__':
    main(*sys.argv[1:4])
