"""Summarises Lab/replay-targets' folder: replay fidelity and recorder overhead, as Markdown."""
import csv
import os
import statistics
import sys

work, runs, workloads = sys.argv[1], int(sys.argv[2]), sys.argv[3:]


def nearest_rank(values, percent):
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * percent // 100) - 1)]


def recorded(path):
    """Makespan and each class's wait p50/p99 of a queuelab-recording/1 file, as the replay counts them."""
    ops = []
    for line in open(path):
        fields = line.split(" ")
        if fields[0] == "o":
            ops.append((int(fields[3]), int(fields[4]), int(fields[5]), int(fields[6])))
    first = min(added for _, added, _, _ in ops)
    figures = {"makespan_ns": max(added + wait + body for _, added, wait, body in ops) - first}
    names = {-8: "verylow", -4: "low", 0: "normal", 4: "high", 8: "veryhigh"}
    for priority, name in names.items():
        waits = [wait for p, _, wait, _ in ops if p == priority]
        if waits:
            figures[f"prio_{name}_e2s_p50_ns"] = nearest_rank(waits, 50)
            figures[f"prio_{name}_e2s_p99_ns"] = nearest_rank(waits, 99)
    return figures


def replayed(path):
    row = next(csv.DictReader(open(path)))
    keep = ("makespan_ns", "generator_late_p99_ns")
    return {key: float(value) for key, value in row.items() if value and (key in keep or key.startswith("prio_"))}


print("## Replay fidelity (lock, default policy; medians of %d recordings and %d replays, one process each; "
      "bodies recorded with --body-clock %s)\n" % (runs, runs, os.environ.get("BODY_CLOCK", "wall")))
print("| workload | figure | recorded | replayed | replayed / recorded | within 10 % |")
print("|---|---|---|---|---|---|")
for index, workload in enumerate(workloads):
    before = [recorded(f"{work}/recording-{index}-{i}.qlr") for i in range(1, runs + 1)]
    after = [replayed(f"{work}/replay-{index}-{i}.csv") for i in range(1, runs + 1)]
    for figure in sorted(before[0]):
        if not figure.endswith(("makespan_ns", "_p50_ns", "_p99_ns")) or not all(figure in row for row in after):
            continue
        old = statistics.median(row[figure] for row in before)
        new = statistics.median(row[figure] for row in after)
        ratio = new / old if old else float("nan")
        verdict = "yes" if abs(ratio - 1) <= 0.10 else "**no**"
        print(f"| `{workload}` | {figure} | {old / 1e6:.3f} ms | {new / 1e6:.3f} ms | {ratio:.3f} | {verdict} |")
    late = [row["generator_late_p99_ns"] for row in after if "generator_late_p99_ns" in row]
    if late:
        print(f"| `{workload}` | replay generator lateness p99 | | {statistics.median(late) / 1e6:.3f} ms | | |")

rows = [line.strip().split(",") for line in open(f"{work}/overhead.csv") if line.strip()]
with_recorder = [int(r[1]) / int(r[0]) for r in rows]
with_observer = [int(r[2]) / int(r[0]) for r in rows]
print("\n## Recorder overhead (noop through lock, %d processes, each without, with a recorder, with an empty observer)\n" % len(rows))
print("| without (median ops/s) | recorder (median ops/s) | empty observer (median ops/s) | recorder / without | empty observer / without | throughput lost to the recorder | events dropped (max) |")
print("|---|---|---|---|---|---|---|")
print(
    f"| {statistics.median(int(r[0]) for r in rows):,.0f} | {statistics.median(int(r[1]) for r in rows):,.0f} "
    f"| {statistics.median(int(r[2]) for r in rows):,.0f} "
    f"| {statistics.median(with_recorder):.3f} | {statistics.median(with_observer):.3f} "
    f"| {100 * (1 - statistics.median(with_recorder)):.1f} % | {max(int(r[3]) for r in rows)} |"
)
print("\nper process (without, recorder, empty observer, dropped): " + "; ".join(",".join(r) for r in rows))

instructions = [float(row["instructions_per_op"]) for row in csv.DictReader(open(f"{work}/instructions.csv"))]
print("\n## Instructions per operation, noop:n=20000 through lock, no recorder installed (bench --instructions)\n")
print(f"samples: {', '.join(f'{value:.0f}' for value in instructions)}; median {statistics.median(instructions):.0f}")
