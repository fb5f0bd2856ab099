#!/usr/bin/env python3
"""Prints the performance-target table from the CSVs `scripts/perf-targets` writes.

Every ratio compares medians of the same run (one process per sample, implementations
interleaved), as results/README.md explains.
"""
import csv
import os
import statistics
import sys


def medians(path):
    cells = {}
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            key = (row["implementation"], row["workload"], row["params"])
            cells.setdefault(key, []).append(row)
    def figure(impl, workload, params, name):
        rows = cells.get((impl, workload, params), [])
        values = [float(r[name]) for r in rows if r.get(name)]
        return statistics.median(values) if values else None
    return figure


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def show(value, fmt="{:.2f}"):
    return "n/a" if value is None else fmt.format(value)


def main(out):
    t = medians(os.path.join(out, "throughput.csv"))
    c = medians(os.path.join(out, "chain8000.csv"))
    s = medians(os.path.join(out, "scaling.csv"))
    a = medians(os.path.join(out, "allocations.csv"))
    noop, serial, ping = "n=100000;width=-1", "n=100000;width=1", "n=2000"
    rows = []
    def row(workload, figure, lock, actor, target_lock, target_actor, ok):
        verdict = lambda value, target: "n/a" if value is None else ("met" if ok(value, target) else "missed")
        rows.append((workload, figure, lock, target_lock, verdict(lock[0], target_lock), actor, target_actor, verdict(actor[0], target_actor)))
    at_least = lambda v, target: v >= target
    at_most = lambda v, target: v <= target
    for name, params, label in [("noop", noop, "default width, 100k ops"), ("noop", serial, "width 1, 100k ops")]:
        row(f"`noop`, {label}", "throughput vs `foundation`",
            (ratio(t("lock", name, params, "ops_per_s"), t("foundation", name, params, "ops_per_s")), "{:.2f}x"),
            (ratio(t("actor", name, params, "ops_per_s"), t("foundation", name, params, "ops_per_s")), "{:.2f}x"),
            5, 2, at_least)
        if params == noop:
            row(f"`noop`, {label}", "throughput vs `dispatch`",
                (ratio(t("lock", name, params, "ops_per_s"), t("dispatch", name, params, "ops_per_s")), "{:.2f}x"),
                (ratio(t("actor", name, params, "ops_per_s"), t("dispatch", name, params, "ops_per_s")), "{:.2f}x"),
                0.75, 0.3, at_least)
    row("`chain`, 8,000", "wall time vs `foundation`",
        (ratio(c("lock", "chain", "n=8000", "wall_s"), c("foundation", "chain", "n=8000", "wall_s")), "1/{:.0f}"),
        (ratio(c("actor", "chain", "n=8000", "wall_s"), c("foundation", "chain", "n=8000", "wall_s")), "1/{:.0f}"),
        0.01, 0.01, at_most)
    def per_op(impl, n):
        wall = s(impl, "chain", f"n={n}", "wall_s")
        return None if wall is None else wall / n
    row("`chain`, 1k to 1M", "time per operation, largest over smallest",
        (ratio(per_op("lock", 1000000), per_op("lock", 1000)), "{:.2f}"),
        (ratio(per_op("actor", 1000000), per_op("actor", 1000)), "{:.2f}"), 2, 2, at_most)
    row("`cpu`, 10 us per op, width 2", "speedup over width 1",
        (ratio(s("lock", "cpu", "n=20000;us=10;width=2", "ops_per_s"), s("lock", "cpu", "n=20000;us=10;width=1", "ops_per_s")), "{:.2f}"),
        (ratio(s("actor", "cpu", "n=20000;us=10;width=2", "ops_per_s"), s("actor", "cpu", "n=20000;us=10;width=1", "ops_per_s")), "{:.2f}"),
        1.8, 1.7, at_least)
    row("`ping`", "enqueue-to-start p50 vs `dispatch`",
        (ratio(t("lock", "ping", ping, "e2s_p50_ns"), t("dispatch", "ping", ping, "e2s_p50_ns")), "{:.2f}x"),
        (ratio(t("actor", "ping", ping, "e2s_p50_ns"), t("dispatch", "ping", ping, "e2s_p50_ns")), "{:.2f}x"),
        2, 4, at_most)
    row("`noop` under jemalloc", "allocations per operation",
        (a("lock", "noop", noop, "allocs_per_op"), "{:.2f}"), (a("actor", "noop", noop, "allocs_per_op"), "{:.2f}"),
        2, 4, at_most)

    def fmt_target(workload, figure, target):
        if "wall time" in figure:
            return f"at most 1/{round(1 / target)}"
        if "over smallest" in figure or "allocations" in figure or "p50" in figure:
            return f"at most {target}" + ("x" if "p50" in figure else "")
        return f"at least {target}" + ("x" if "vs" in figure else "")

    print("| workload | figure | `lock` | target | | `actor` | target | |")
    print("|---|---|---|---|---|---|---|---|")
    for workload, figure, lock, tl, vl, actor, ta, va in rows:
        print(f"| {workload} | {figure} | {show(lock[0] if lock[0] is None or 'wall' not in figure else 1 / lock[0], lock[1])} | "
              f"{fmt_target(workload, figure, tl)} | {vl} | "
              f"{show(actor[0] if actor[0] is None or 'wall' not in figure else 1 / actor[0], actor[1])} | "
              f"{fmt_target(workload, figure, ta)} | {va} |")
    fnd = t("foundation", "noop", noop, "ops_per_s")
    dsp = t("dispatch", "noop", noop, "ops_per_s")
    print()
    print(f"Medians behind the ratios: `noop` 100k default width: lock {show(t('lock', 'noop', noop, 'ops_per_s'), '{:,.0f}')}, "
          f"actor {show(t('actor', 'noop', noop, 'ops_per_s'), '{:,.0f}')}, foundation {show(fnd, '{:,.0f}')}, "
          f"dispatch {show(dsp, '{:,.0f}')} operations/s; `chain` 8,000: lock {show(c('lock', 'chain', 'n=8000', 'wall_s'), '{:.4f}')} s, "
          f"actor {show(c('actor', 'chain', 'n=8000', 'wall_s'), '{:.4f}')} s, foundation {show(c('foundation', 'chain', 'n=8000', 'wall_s'), '{:.2f}')} s; "
          f"`chain` 1M: lock {show(s('lock', 'chain', 'n=1000000', 'wall_s'), '{:.2f}')} s, actor {show(s('actor', 'chain', 'n=1000000', 'wall_s'), '{:.2f}')} s.")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "results/perf-targets")
