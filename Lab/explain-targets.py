"""Summarises Lab/explain-targets: medians over its runs, each target beside its bound (Markdown)."""

import json
import statistics
import sys
from pathlib import Path

work, runs = Path(sys.argv[1]), int(sys.argv[2])


def read_run(path):
    """Operations (queue, milestones, add call, body span, dependencies) from a queuelab-transitions file
    (versions 2 and 3; version 1 has no add call fields)."""
    ops, deps = {}, {}
    with open(path) as f:
        header = f.readline().strip()
        assert header in ("queuelab-transitions/1", "queuelab-transitions/2", "queuelab-transitions/3"), header
        shift = 0 if header.endswith("/1") else 2
        for line in f:
            fields = line.rstrip("\n").split(" ")
            if fields[0] == "op":
                op = int(fields[1])
                ops[op] = {"body": (int(fields[3 + shift]), int(fields[4 + shift]))}
                if shift:
                    ops[op]["add_call"] = (int(fields[3]), int(fields[4]))
                if fields[5 + shift] != "-":
                    deps[op] = [int(d) for d in fields[5 + shift].split(",")]
            elif fields[0] == "t":
                op, event, time = int(fields[2]), fields[3], int(fields[6])
                ops[op].setdefault(event, time)
    for o in ops.values():
        o["added"] = o.get("pending", o.get("ready"))
    return ops, deps


def median(values):
    return statistics.median(values)


rows = []

# chain: explain's dependencies phase against each link's wait for its dependency's finish.
ratios, within, releases = [], [], []
for i in range(1, runs + 1):
    ops, deps = read_run(work / f"chain-{i}.txt")
    wait = sum(max(ops[d]["finished"] for d in ds) - ops[o]["added"] for o, ds in deps.items())
    explained = json.load(open(work / f"chain-{i}.json"))["phases"].get("dependencies", 0)
    ratios.append(explained / wait)
    # Link by link: the pending phase (added to ready) against the wait for the dependency's finish.
    links = [(ops[o]["ready"] - ops[o]["added"], max(ops[d]["finished"] for d in ds) - ops[o]["added"])
             for o, ds in deps.items()]
    within.append(sum(1 for pending, dep in links if dep > 0 and abs(pending - dep) <= 0.05 * dep) / len(links))
    releases.append(median([pending - dep for pending, dep in links]))
rows.append(("chain:n=2000, lock: dependencies phase / dependency wait", median(ratios), min(ratios), max(ratios), "within 5 %"))

# cpu width 1: explain's slot-wait against Lindley's recursion over the recorded arrivals (ready)
# and slot occupancies (executing to finished), first come first served.
ratios = []
for i in range(1, runs + 1):
    ops, _ = read_run(work / f"cpu-{i}.txt")
    order = sorted(ops.values(), key=lambda o: o["ready"])
    expected, w = 0, 0
    for previous, current in zip(order, order[1:]):
        service = previous["finished"] - previous["executing"]
        w = max(0, w + service - (current["ready"] - previous["ready"]))
        expected += w
    explained = json.load(open(work / f"cpu-{i}.json"))["phases"].get("slot-wait", 0)
    ratios.append(explained / expected)
rows.append(("cpu:n=400;us=200;width=1, lock: slot-wait / queueing arithmetic", median(ratios), min(ratios), max(ratios), "within 5 %"))

# noop width 1: explain's queue overhead per operation against 1/throughput minus body time.
# The overhead includes (explain-2) the slot-time idle while an add call was in progress; what is
# left idle is the adding thread's own work between add calls.
ratios, overheads, gaps, add_lost, idle_left, in_call, without_add = [], [], [], [], [], [], []
for i in range(1, runs + 1):
    e = json.load(open(work / f"noop-{i}.json"))
    n = e["operations"]
    per_op = float(e["metadata"]["wall_ms"]) * 1e6 / n
    body = e["phases"].get("body", 0) / n
    gap = per_op - body
    overheads.append(e["overheadPerOperationNanoseconds"])
    gaps.append(gap)
    ratios.append(e["overheadPerOperationNanoseconds"] / gap)
    add = e.get("addPath", {})
    add_lost.append(add.get("capacityLostNanoseconds", 0) / n)
    without_add.append((e["overheadPerOperationNanoseconds"] - add_lost[-1]) / gap)
    in_call.append(add.get("inCallNanoseconds", 0) / max(1, add.get("calls", 0)))
    idle_left.append(sum(q["idleNanoseconds"] for q in e["utilisation"]) / n)
rows.append(("noop:n=100000;width=1, lock: overhead per op / (1/throughput - body)", median(ratios), min(ratios), max(ratios), "within 10 %"))

print("| target | median | min | max | bound |")
print("|---|---|---|---|---|")
for name, med, lo, hi, bound in rows:
    print(f"| {name} | {med:.3f} | {lo:.3f} | {hi:.3f} | {bound} |")
print()
print(f"chain, link by link: {median(within) * 100:.1f} % of links (median of runs, min {min(within) * 100:.1f} %) "
      f"have a pending phase within 5 % of their dependency wait; the difference, the release of the dependent "
      f"(dependency finished to dependent ready), is {median(releases):.0f} ns per link (median)")
print()
print(f"noop, width 1: overhead per operation {median(overheads):.0f} ns (median), 1/throughput - body {median(gaps):.0f} ns; "
      f"of the overhead, capacity lost to the add path {median(add_lost):.0f} ns per operation; "
      f"producer inside the add call {median(in_call):.0f} ns per call; "
      f"slot-time left idle (no add in progress, nothing ready) {median(idle_left):.0f} ns per operation; "
      f"per run, the ratio {', '.join(f'{r:.3f}' for r in ratios)}, and without the add path "
      f"{', '.join(f'{r:.3f}' for r in without_add)}")
print()

# inversion: priorities on the run's critical path, and on the slowest veryHigh operation's own path.
print("| inversion, lock | workload | veryLow on the run's path | run's path length (median) "
      "| normal operations on the slowest veryHigh's path: median (min-max) |")
print("|---|---|---|---|---|")
for kind, workload in (("", "inversion (trace size n=20000, us=20, util=80)"),
                       ("light-", "inversion:util=50;us=100;n=4000")):
    for policy in ("strict", "inherit"):
        low, lengths, normals = [], [], []
        for i in range(1, runs + 1):
            e = json.load(open(work / f"inversion-{kind}{policy}-{i}.json"))
            path = e["criticalPath"]
            low.append(path["linksByPriority"].get("veryLow", 0))
            lengths.append(path["linkCount"])
            slowest = e.get("slowestPaths", {}).get("veryHigh")
            if slowest is not None:
                normals.append(slowest["linksByPriority"].get("normal", 0))
        spread = f"{median(normals)} ({min(normals)}-{max(normals)})" if normals else "not in this binary"
        print(f"| {policy} | {workload} | {sum(1 for x in low if x > 0)} of {runs} runs | {median(lengths)} | {spread} |")
print()

# a million operations.
walls, peaks = [], []
for i in range(1, runs + 1):
    text = (work / f"million-{i}.time").read_text()
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("Elapsed (wall clock) time"):
            clock = line.split(": ", 1)[1].split(":")
            walls.append(sum(float(part) * 60 ** k for k, part in enumerate(reversed(clock))))
        if line.startswith("Maximum resident set size"):
            peaks.append(int(line.split(": ", 1)[1]) / 1024)
operations = json.load(open(work / "million-1.json"))["operations"]
size = int((work / "million.size").read_text()) / 1e6
print(f"explain --trace on {operations} operations ({size:.0f} MB file), {runs} processes: "
      f"wall median {median(walls):.2f} s (min {min(walls):.2f}, max {max(walls):.2f}); "
      f"peak RSS median {median(peaks):.0f} MB (max {max(peaks):.0f}); bound 10 s and 1 GB")
