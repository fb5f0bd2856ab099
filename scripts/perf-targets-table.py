#!/usr/bin/env python3
"""Prints the performance-target tables from the CSVs `scripts/perf-targets` writes.

    python3 scripts/perf-targets-table.py [OUT_DIR]     (default OUT_DIR: results/perf-targets)

Two tables: "Round two" (issue 17, "performance, round two") first, then "Round one" (the
targets of the issue "make our queues fast", as results/README.md shows them). Every ratio compares
medians of the same run (one process per sample, implementations interleaved), as results/README.md
explains. In round two every throughput and latency ratio carries a 95 % interval: a percentile
bootstrap of the ratio of medians, each cell resampled on its own (pure Python, fixed seed, so the
same CSVs print the same table). A verdict judges the point ratio; the marker beside it says
whether the whole interval clears the target too. A missing CSV or cell prints n/a, never fails.
"""
import csv
import os
import random
import statistics
import sys

BOOTSTRAP_RESAMPLES = 10_000
BOOTSTRAP_SEED = 17
# Below this much CPU over the idle second a queue does not spin: getrusage counts microseconds
# here, and a worker that keeps polling burns far more than 10 ms of a second.
IDLE_CPU_LIMIT_S = 0.01

NOOP, SERIAL, PING = "n=100000;width=-1", "n=100000;width=1", "n=2000"
NOOP_1M, PRODUCERS, IDLE = "n=1000000;width=-1", "n=100000;threads=4", "ms=1000"


class Cells:
    """The samples of one CSV by (implementation, workload, params); empty when the file is missing."""

    def __init__(self, path):
        self.rows = {}
        if not os.path.exists(path):
            return
        with open(path, newline="") as handle:
            for row in csv.DictReader(handle):
                key = (row["implementation"], row["workload"], row["params"])
                self.rows.setdefault(key, []).append(row)

    def values(self, impl, workload, params, name):
        """Every sample's value of the figure `name` (a callable: computed from the row)."""
        rows = self.rows.get((impl, workload, params), [])
        if callable(name):
            return [v for v in (name(r) for r in rows) if v is not None]
        return [float(r[name]) for r in rows if r.get(name)]

    def median(self, impl, workload, params, name):
        values = self.values(impl, workload, params, name)
        return statistics.median(values) if values else None

    def __call__(self, impl, workload, params, name):
        return self.median(impl, workload, params, name)


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def show(value, fmt="{:.2f}"):
    return "n/a" if value is None else fmt.format(value)


def bootstrap_interval(numerator, denominator):
    """95 % percentile-bootstrap interval of median(numerator) / median(denominator), or None.

    A generator of its own per ratio: an interval does not change when another row is n/a.
    """
    if not numerator or not denominator:
        return None
    rng = random.Random(BOOTSTRAP_SEED)
    ratios = []
    for _ in range(BOOTSTRAP_RESAMPLES):
        top = statistics.median(rng.choices(numerator, k=len(numerator)))
        bottom = statistics.median(rng.choices(denominator, k=len(denominator)))
        if bottom != 0:
            ratios.append(top / bottom)
    if not ratios:
        return None
    ratios.sort()
    return ratios[int(0.025 * (len(ratios) - 1))], ratios[int(0.975 * (len(ratios) - 1))]


def decimals(value, target):
    """Two decimals, or as many more (up to six) as it takes to tell `value` from `target`: a ratio
    of 0.1144 against "at most 0.11" must not print as 0.11 and read as met, nor 2.00002
    allocations per operation as 2.00 against "at most 2.0"."""
    for places in range(2, 7):
        if value == target or round(value, places) != round(target, places):
            return places
    return 6


def with_interval(point, interval, target):
    """`0.83x [0.74, 0.95]`, with ``decimals`` of the point for every number."""
    places = decimals(point, target)
    text = f"{point:.{places}f}x"
    if interval is not None:
        text += f" [{interval[0]:.{places}f}, {interval[1]:.{places}f}]"
    return text


class Target:
    """`at least` or `at most` a value; `unit` is printed after numbers (`x` for ratios)."""

    def __init__(self, bound, value, unit=""):
        self.bound, self.value, self.unit = bound, value, unit

    def met(self, value):
        return value >= self.value if self.bound == "at least" else value <= self.value

    def __str__(self):
        value = f"{self.value:.1f}" if self.value == int(self.value) else f"{self.value:g}"
        return f"{self.bound} {value}{self.unit}"

    def verdict(self, value, interval=None):
        if value is None:
            return "n/a"
        point = "met" if self.met(value) else "missed"
        if interval is None:
            return point
        low, high = interval
        if self.met(low) and self.met(high):
            return f"{point} (interval clears)"
        if not self.met(low) and not self.met(high):
            return f"{point} (whole interval misses)"
        return f"{point} (interval straddles)"


def round_two(out):
    t = Cells(os.path.join(out, "throughput.csv"))
    a = Cells(os.path.join(out, "allocations.csv"))
    idle = Cells(os.path.join(out, "idle.csv"))
    rows = []

    def ratio_row(workload, cells, name, against, targets):
        """A row of `lock` and `actor` against `against` = (impl, workload, params), each with its interval."""
        kind, params = workload
        cellsout = []
        for impl, target in zip(("lock", "actor"), targets):
            mine = cells.values(impl, kind, params, name)
            theirs = cells.values(*against, name)
            point = ratio(statistics.median(mine) if mine else None, statistics.median(theirs) if theirs else None)
            interval = bootstrap_interval(mine, theirs) if point is not None else None
            text = "n/a" if point is None else with_interval(point, interval, target.value)
            cellsout.append((text, target, target.verdict(point, interval)))
        return cellsout

    def add(label, figure, cells):
        rows.append((label, figure, cells))

    lock_up, actor_up = Target("at least", 1.0, "x"), Target("at least", 0.75, "x")
    add("`noop`, default width, 100k ops", "throughput vs `dispatch`",
        ratio_row(("noop", NOOP), t, "ops_per_s", ("dispatch", "noop", NOOP), (lock_up, actor_up)))
    add("`noop`, default width, 100k ops", "throughput vs `foundation`",
        ratio_row(("noop", NOOP), t, "ops_per_s", ("foundation", "noop", NOOP),
                  (Target("at least", 6, "x"), Target("at least", 4, "x"))))
    add("`noop`, width 1, 100k ops", "throughput vs `dispatch` at its default width",
        ratio_row(("noop", SERIAL), t, "ops_per_s", ("dispatch", "noop", NOOP), (lock_up, actor_up)))
    add("`producers`, 4 threads, 100k ops", "throughput vs `dispatch`",
        ratio_row(("producers", PRODUCERS), t, "ops_per_s", ("dispatch", "producers", PRODUCERS),
                  (lock_up, actor_up)))
    add("`ping`", "enqueue-to-start p50 vs `dispatch`",
        ratio_row(("ping", PING), t, "e2s_p50_ns", ("dispatch", "ping", PING),
                  (Target("at most", 0.03, "x"), Target("at most", 0.11, "x"))))

    def plain(values, target):
        value = statistics.median(values) if values else None
        text = "n/a" if value is None else f"{value:.{decimals(value, target.value)}f}"
        return (text, target, target.verdict(value))

    add("`noop`, 1M ops, under jemalloc", "allocations per operation",
        [plain(a.values(impl, "noop", NOOP_1M, "allocs_per_op"), Target("at most", limit))
         for impl, limit in (("lock", 2.0), ("actor", 3.0))])

    def idle_cpu(row):
        user, system = row.get("idle_user_cpu_s"), row.get("idle_sys_cpu_s")
        return float(user) + float(system) if user and system else None

    cpu_cells = []
    for impl in ("lock", "actor"):
        value = idle.median(impl, "idle", IDLE, idle_cpu)
        cpu_cells.append((show(value, "{:.4f} s"), "no spin after a bounded spin (below 0.01 s)",
                          "n/a" if value is None else ("met" if value < IDLE_CPU_LIMIT_S else "missed")))
    add("`idle`, 1 s", "user+sys CPU over the idle second", cpu_cells)

    left_cells = []
    for impl in ("lock", "actor"):
        values = idle.values(impl, "idle", IDLE, "threads_left_after_free")
        value = statistics.median(values) if values else None
        text = "n/a" if value is None else f"{value:g} (max {max(values):g})"
        left_cells.append((text, "0", "n/a" if value is None else ("met" if value == 0 else "missed")))
    add("`idle`, 1 s", "threads left 2 s after the queue is freed", left_cells)

    def samples(cells):
        return "/".join(map(str, sorted({len(v) for v in cells.rows.values()}))) or "n/a"

    print("## Round two")
    print()
    print(f"Ratios of medians of {samples(t)} processes per cell ({samples(a)} for allocations, "
          f"{samples(idle)} for `idle`); "
          f"[95 % interval]: percentile bootstrap of the ratio of medians, {BOOTSTRAP_RESAMPLES:,} resamples "
          f"(seed {BOOTSTRAP_SEED}), each cell resampled on its own. The verdict judges the point ratio.")
    print()
    print("| workload | figure | `lock` | target | | `actor` | target | |")
    print("|---|---|---|---|---|---|---|---|")
    for label, figure, ((lock, tl, vl), (actor, ta, va)) in rows:
        print(f"| {label} | {figure} | {lock} | {tl} | {vl} | {actor} | {ta} | {va} |")
    print()

    def per_impl(cells, workload, params, name, impls, fmt):
        return ", ".join(f"{impl} {show(cells(impl, workload, params, name), fmt)}" for impl in impls)

    four = ("lock", "actor", "foundation", "dispatch")
    print("Medians behind the ratios: `noop` 100k default width: "
          + per_impl(t, "noop", NOOP, "ops_per_s", four, "{:,.0f}") + "; width 1: "
          + per_impl(t, "noop", SERIAL, "ops_per_s", ("lock", "actor"), "{:,.0f}") + "; `producers`: "
          + per_impl(t, "producers", PRODUCERS, "ops_per_s", four, "{:,.0f}") + " operations/s; "
          + "`ping` enqueue-to-start p50: " + per_impl(t, "ping", PING, "e2s_p50_ns", four, "{:,.0f}") + " ns; "
          + "`idle` user+sys CPU: " + per_impl(idle, "idle", IDLE, idle_cpu, four, "{:.4f}") + " s, threads left: "
          + per_impl(idle, "idle", IDLE, "threads_left_after_free", four, "{:g}") + ".")


def round_one(out):
    t = Cells(os.path.join(out, "throughput.csv"))
    c = Cells(os.path.join(out, "chain8000.csv"))
    s = Cells(os.path.join(out, "scaling.csv"))
    a = Cells(os.path.join(out, "allocations.csv"))
    noop, serial, ping = NOOP, SERIAL, PING
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

    print("## Round one")
    print()
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


def main(out):
    round_two(out)
    print()
    round_one(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "results/perf-targets")
