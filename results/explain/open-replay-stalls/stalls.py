"""Why a replay of `open` doubles the recording's wait p99: the VM's preemptions inside bodies.

    python3 results/explain/open-replay-stalls/stalls.py RECORDING.qlr REPLAY.csv [RECORDING.qlr REPLAY.csv ...]

For each recording (`queuelab trace --impl lock --workload 'open:rate=10000;duration_ms=1000'
--format recording --out R.qlr`) and the CSV of its replay (`queuelab bench --impl lock --workload
'replay:file=R.qlr' --samples 1 --out P.csv`): the recorded wait p50/p99 (as Lab/replay-targets.py
counts them), the replayed ones, and the recorded bodies over 600 us. `open`'s bodies are
exponential draws of mean 50 us, so a body over 600 us has a chance of e^-12 (0.06 expected in
10,000): each one is a body whose thread the VM took away, recorded as wall time, and replayed as
that much spinning on top of the replay's own preemptions.
"""
import csv
import sys


def nearest_rank(values, percent):
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * percent // 100) - 1)]


print("recording  recorded wait p50 / p99   replayed p50 / p99   p99 replayed/recorded  bodies over 600 us (ms in all)")
for recording, replay in zip(sys.argv[1::2], sys.argv[2::2]):
    waits, bodies = [], []
    for line in open(recording):
        fields = line.split(" ")
        if fields[0] == "o":
            waits.append(int(fields[5]))
            bodies.append(int(fields[6]))
    row = next(csv.DictReader(open(replay)))
    recorded99, replayed99 = nearest_rank(waits, 99), float(row["e2s_p99_ns"])
    long = [body for body in bodies if body > 600_000]
    print(f"{recording}  {nearest_rank(waits, 50) / 1e3:7.1f} / {recorded99 / 1e3:7.1f} us  "
          f"{float(row['e2s_p50_ns']) / 1e3:7.1f} / {replayed99 / 1e3:7.1f} us  {replayed99 / recorded99:8.2f}  "
          f"{len(long)} ({sum(long) / 1e6:.1f})")
