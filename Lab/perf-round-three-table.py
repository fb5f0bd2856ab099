#!/usr/bin/env python3
"""Prints round three's target table (issue 31) from the CSVs `Lab/perf-round-three` writes.

    QUEUELAB=.build/release/queuelab python3 Lab/perf-round-three-table.py [OUT_DIR]
                                                   (default OUT_DIR: results/perf-targets/round3/final)

Every ratio and verdict comes from `queuelab compare`, the project's one statistics engine: the
rows against `dispatch` as in Lab/perf-targets-table.py (two cells of one run, unpaired), the rows
against older builds from compare's own verdicts on the paired variant CSVs (Wilcoxon signed-rank
by round, Holm over the file's rows). Allocation counts and idle figures are medians held against
their limits. A missing CSV or cell prints n/a; a cell of an older build that the head run lacks
stops the table (its samples failed: nothing may read as met for want of a measurement).
"""
import collections
import importlib.util
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("perf_targets_table", os.path.join(HERE, "perf-targets-table.py"))
targets = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(targets)
Cells, Compare, Target, with_interval, decimals = (
    targets.Cells, targets.Compare, targets.Target, targets.with_interval, targets.decimals)

NOOP, SERIAL, PRODUCERS = "n=100000;width=-1", "n=100000;width=1", "n=100000;threads=4"
NOOP_1M, IDLE = "n=1000000;width=-1", "ms=1000"
IMPLS = ("lock", "actor")


def verdicts(binary, base, head, *options):
    """compare's JSON rows of head over base (paired by round), or [] when a file is missing. A cell
    of base that head lacks (its samples failed or hung) stops the table: no row may read as met
    for want of a measurement."""
    if not (os.path.exists(base) and os.path.exists(head)):
        return []
    result = subprocess.run([binary, "compare", base, head, "--format", "json", *options],
                            capture_output=True, text=True)
    if result.returncode not in (0, 1, 4, 5, 6):
        sys.exit(f"perf-round-three-table: queuelab compare failed (exit {result.returncode}): "
                 f"{result.stderr.strip()}")
    report = json.loads(result.stdout)
    if report["missing_from_head"]:
        sys.exit(f"perf-round-three-table: {head} lacks cells of {base}: {report['missing_from_head']}")
    return report["rows"]


def cell(row):
    return f"`{row['workload']}:{row['parameters']}`"


def judged(row):
    # float(): compare writes an interval end that is not finite (too few samples) as "inf".
    lower, upper = (float(row["interval"][end]) for end in ("lower", "upper"))
    return f"{row['ratio']:.3f} [{lower:.2f}, {upper:.2f}] {row['verdict']}"


def main(out):
    binary = os.environ.get("QUEUELAB", ".build/release/queuelab")
    if not os.access(binary, os.X_OK):
        sys.exit(f"perf-round-three-table: no queuelab at {binary} (set QUEUELAB): its compare computes every ratio")
    compare = Compare(binary)
    t = Cells(os.path.join(out, "vs-dispatch.csv"))
    a = Cells(os.path.join(out, "allocations.csv"))
    rows = []

    def ratio(impl, workload, params, against, target):
        result = compare(t, (impl, workload, params), t, ("dispatch", workload, against), "ops_per_s")
        if result is None:
            return "n/a", target, "n/a"
        value, interval = result
        return with_interval(value, interval, target.value), target, target.verdict(value, interval)

    for label, workload, params, against, lock_target in (
        ("`noop`, default width, 100k", "noop", NOOP, NOOP, 1.2),
        ("`noop`, width 1, 100k (`dispatch` at its default width)", "noop", SERIAL, NOOP, 1.1),
        ("`producers`, 4 threads, 100k", "producers", PRODUCERS, PRODUCERS, 1.1),
    ):
        cells = []
        for impl, target in zip(IMPLS, (Target("at least", lock_target, "x"), Target("at least", 0.75, "x"))):
            cells.append(ratio(impl, workload, params, against, target))
        rows.append((label, "throughput vs `dispatch`", cells))

    cells = []
    for impl, limit in (("lock", 2.0), ("actor", 2.5)):
        values = a.values(impl, "noop", NOOP_1M, "allocs_per_op")
        value = statistics.median(values) if values else None
        target = Target("at most", limit)
        text = "n/a" if value is None else f"{value:.{decimals(value, limit)}f}"
        cells.append((text, target, target.verdict(value)))
    rows.append(("`noop`, 1M, jemalloc", "allocations per operation", cells))

    def against(folder, base, workloads, figure, wanted):
        """One table cell per implementation: compare's verdicts on `figure` for `workloads`."""
        judged_rows = verdicts(binary, os.path.join(out, folder, f"{base}.csv"), os.path.join(out, folder, "head.csv"))
        cells = []
        for impl in IMPLS:
            mine = [r for r in judged_rows if r["implementation"] == impl and r["figure"] == figure
                    and r["workload"] in workloads]
            if not mine:
                cells.append(("n/a", wanted, "n/a"))
                continue
            text = "; ".join(f"{cell(r)} {judged(r)}" for r in mine)
            met = all(r["verdict"] in ("SAME", "IMPROVEMENT") for r in mine) if wanted.startswith("SAME") \
                else all(r["verdict"] != "REGRESSION" for r in mine)
            cells.append((text, wanted, "met" if met else "missed"))
        return cells

    rows.append(("`cancel`, `priority`", "throughput vs 1f6edf7",
                 against("against-old", "old", ("cancel", "priority"), "ops_per_s", "SAME or IMPROVEMENT")))

    main_rows = verdicts(binary, os.path.join(out, "against-main", "base.csv"), os.path.join(out, "against-main", "head.csv"))
    cells = []
    for impl in IMPLS:
        mine = [r for r in main_rows if r["implementation"] == impl]
        if not mine:
            cells.append(("n/a", "no REGRESSION", "n/a"))
            continue
        tally = collections.Counter(r["verdict"] for r in mine)
        fallen = [r for r in mine if r["verdict"] == "REGRESSION"]
        text = ", ".join(f"{n} {v}" for v, n in sorted(tally.items())) + f" of {len(mine)} rows"
        if fallen:
            text += ": " + "; ".join(f"{cell(r)} {r['figure']} {judged(r)}" for r in fallen)
        cells.append((text, "no REGRESSION", "met" if not fallen else "missed"))
    rows.append(("every other workload", "every figure vs 8bc3314", cells))

    # Not among compare's default figures: judged on its own (Holm over the enqueue-to-start rows).
    start_rows = verdicts(binary, os.path.join(out, "against-main", "base.csv"),
                          os.path.join(out, "against-main", "head.csv"), "--figure", "e2s_p50_ns")
    cells = []
    for impl in IMPLS:
        mine = [r for r in start_rows if r["implementation"] == impl and r["workload"] == "ping"
                and r["figure"] == "e2s_p50_ns"]
        cells.append(("n/a", "no worse", "n/a") if not mine else
                     (judged(mine[0]), "no worse", "met" if mine[0]["verdict"] != "REGRESSION" else "missed"))
    rows.append(("`ping`", "enqueue-to-start p50 vs 8bc3314", cells))

    idle = {variant: Cells(os.path.join(out, "idle", f"{variant}.csv")) for variant in ("base", "head")}

    def idle_cpu(row):
        user, system = row.get("idle_user_cpu_s"), row.get("idle_sys_cpu_s")
        return float(user) + float(system) if user and system else None

    cells = []
    for impl in IMPLS:
        cpu = {v: c.median(impl, "idle", IDLE, idle_cpu) for v, c in idle.items()}
        left = {v: c.values(impl, "idle", IDLE, "threads_left_after_free") for v, c in idle.items()}
        if cpu["head"] is None or not left["head"]:
            cells.append(("n/a", "as 8bc3314", "n/a"))
            continue
        base_left = targets.show(max(left["base"]) if left["base"] else None, "{:g}")
        text = (f"CPU {cpu['head']:.4f} s (8bc3314 {targets.show(cpu['base'], '{:.4f}')} s), "
                f"threads left {max(left['head']):g} (8bc3314 {base_left})")
        met = cpu["head"] < targets.IDLE_CPU_LIMIT_S and max(left["head"]) == 0
        cells.append((text, "bounded spin (below 0.01 s), 0 threads", "met" if met else "missed"))
    rows.append(("`idle`, 1 s", "CPU of the idle second; threads 2 s after free", cells))

    targets.print_table(
        "Round three (issue 31)",
        "Ratios against `dispatch`: two cells of one run, unpaired (Hodges-Lehmann ratio, [95 % interval]); "
        "against older builds: `queuelab compare`'s verdicts, paired by round, Holm over the file's rows. "
        "Allocations and `idle`: medians held against their limits.", rows)
    medians = []
    for workload, params in (("noop", NOOP), ("noop", SERIAL), ("producers", PRODUCERS)):
        figures = ", ".join(f"{impl} {t(impl, workload, params, 'ops_per_s') or 0:,.0f}"
                            for impl in ("lock", "actor", "dispatch") if t(impl, workload, params, "ops_per_s"))
        medians.append(f"`{workload}:{params}`: {figures}")
    print("Medians behind the ratios (operations/s): " + "; ".join(medians) + ".")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "results/perf-targets/round3/final")
