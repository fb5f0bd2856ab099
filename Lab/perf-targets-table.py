#!/usr/bin/env python3
"""Prints the performance-target tables from the CSVs `Lab/perf-targets` writes.

    QUEUELAB=.build/release/queuelab python3 Lab/perf-targets-table.py [OUT_DIR]
                                                   (default OUT_DIR: results/perf-targets)

Two tables: "Round two" (issue 17, "performance, round two") first, then "Round one" (the
targets of the issue "make our queues fast", as results/README.md shows them). Every ratio
between two cells of the same run (one process per sample, implementations interleaved) and its
95 % interval come from `queuelab compare --format json`, the project's one statistics engine:
the reference cell is written as the base and the measured cell as the head (relabelled to one
cell key, compared unpaired: Mann-Whitney U, Hodges-Lehmann ratio with its interval). This script
only checks those figures against each target: the verdict judges compare's ratio; the marker
beside it says whether compare's whole interval clears the target too. Allocation counts and the
idle figures are plain medians held against their limits (no interval: counts under jemalloc are
exact, and the idle targets are limits, not comparisons). A missing CSV or cell prints n/a,
never fails.
"""
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile

# Below this much CPU over the idle second a queue does not spin: getrusage counts microseconds
# here, and a worker that keeps polling burns far more than 10 ms of a second.
IDLE_CPU_LIMIT_S = 0.01

NOOP, SERIAL, PING = "n=100000;width=-1", "n=100000;width=1", "n=2000"
NOOP_1M, PRODUCERS, IDLE = "n=1000000;width=-1", "n=100000;threads=4", "ms=1000"


class Cells:
    """The samples of one CSV by (implementation, workload, params); empty when the file is missing."""

    def __init__(self, path):
        self.rows = {}
        self.fields = []
        if not os.path.exists(path):
            return
        with open(path, newline="") as handle:
            reader = csv.DictReader(handle)
            self.fields = reader.fieldnames or []
            for row in reader:
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


def show(value, fmt="{:.2f}"):
    return "n/a" if value is None else fmt.format(value)


class Compare:
    """Ratios and intervals of one cell over another, from `queuelab compare --format json`."""

    def __init__(self, binary):
        self.binary = binary
        self.cache = {}

    def __call__(self, head_cells, head_key, base_cells, base_key, figure):
        """(ratio, (lower, upper)) of `head_key`'s figure over `base_key`'s, or None when a side has
        no sample of it. Both cells are written under the head's key (base and head variants), so
        that compare judges them as one cell; unpaired, since they are different cells."""
        head = [r for r in head_cells.rows.get(head_key, []) if r.get(figure)]
        base = [r for r in base_cells.rows.get(base_key, []) if r.get(figure)]
        if not head or not base:
            return None
        key = (id(head_cells), head_key, id(base_cells), base_key, figure)
        if key not in self.cache:
            self.cache[key] = self.run(head_cells.fields, head, base, head_key, figure)
        return self.cache[key]

    def run(self, fields, head, base, head_key, figure):
        implementation, workload, params = head_key
        with tempfile.TemporaryDirectory(prefix="perf-targets-") as folder:
            paths = {}
            for side, rows in (("base", base), ("head", head)):
                paths[side] = os.path.join(folder, f"{side}.csv")
                with open(paths[side], "w", newline="") as handle:
                    writer = csv.DictWriter(handle, fieldnames=fields)
                    writer.writeheader()
                    for row in rows:
                        writer.writerow(dict(row, variant=side, implementation=implementation, workload=workload,
                                             params=params, policy=""))
            result = subprocess.run(
                [self.binary, "compare", paths["base"], paths["head"], "--format", "json", "--unpaired",
                 "--figure", figure], capture_output=True, text=True)
        # 0 and 1 (a regression) carry a verdict; anything else is no comparison.
        if result.returncode not in (0, 1, 5, 6):
            sys.exit(f"perf-targets-table: queuelab compare failed (exit {result.returncode}): "
                     f"{result.stderr.strip()}")
        rows = [row for row in json.loads(result.stdout)["rows"] if row["figure"] == figure]
        if not rows:
            return None
        row = rows[0]
        # float(): compare writes an interval end that is not finite (too few samples) as "inf".
        interval = (float(row["interval"]["lower"]), float(row["interval"]["upper"]))
        return float(row["ratio"]), interval


def point(result):
    return None if result is None else result[0]


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


def print_table(title, preamble, rows):
    """A round's heading, its preamble and its table of (label, figure, (lock cell, actor cell)), each
    cell (text, target, verdict)."""
    print(f"## {title}")
    print()
    print(preamble)
    print()
    print("| workload | figure | `lock` | target | | `actor` | target | |")
    print("|---|---|---|---|---|---|---|---|")
    for label, figure, ((lock, tl, vl), (actor, ta, va)) in rows:
        print(f"| {label} | {figure} | {lock} | {tl} | {vl} | {actor} | {ta} | {va} |")
    print()


def round_two(out, compare):
    t = Cells(os.path.join(out, "throughput.csv"))
    a = Cells(os.path.join(out, "allocations.csv"))
    idle = Cells(os.path.join(out, "idle.csv"))
    rows = []

    def ratio_row(workload, cells, name, against, targets):
        """A row of `lock` and `actor` against `against` = (impl, workload, params), each with its interval."""
        kind, params = workload
        cellsout = []
        for impl, target in zip(("lock", "actor"), targets):
            result = compare(cells, (impl, kind, params), cells, against, name)
            value, interval = result if result is not None else (None, None)
            text = "n/a" if value is None else with_interval(value, interval, target.value)
            cellsout.append((text, target, target.verdict(value, interval)))
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

    print_table("Round two",
                f"Ratios of {samples(t)} processes per cell ({samples(a)} for allocations, "
                f"{samples(idle)} for `idle`) with their [95 % interval], from `queuelab compare --format json` "
                "(unpaired: Hodges-Lehmann ratio and its interval, the reference cell as the base). The verdict "
                "judges the ratio; allocations and `idle` are medians held against their limits.", rows)

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


def round_one(out, compare):
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
    def versus(cells, impl, workload, params, figure, against):
        """compare's ratio of (impl, workload, params) over `against`, or None."""
        return point(compare(cells, (impl, workload, params), cells, against, figure))

    for name, params, label in [("noop", noop, "default width, 100k ops"), ("noop", serial, "width 1, 100k ops")]:
        row(f"`noop`, {label}", "throughput vs `foundation`",
            (versus(t, "lock", name, params, "ops_per_s", ("foundation", name, params)), "{:.2f}x"),
            (versus(t, "actor", name, params, "ops_per_s", ("foundation", name, params)), "{:.2f}x"),
            5, 2, at_least)
        if params == noop:
            row(f"`noop`, {label}", "throughput vs `dispatch`",
                (versus(t, "lock", name, params, "ops_per_s", ("dispatch", name, params)), "{:.2f}x"),
                (versus(t, "actor", name, params, "ops_per_s", ("dispatch", name, params)), "{:.2f}x"),
                0.75, 0.3, at_least)
    row("`chain`, 8,000", "wall time vs `foundation`",
        (versus(c, "lock", "chain", "n=8000", "wall_s", ("foundation", "chain", "n=8000")), "1/{:.0f}"),
        (versus(c, "actor", "chain", "n=8000", "wall_s", ("foundation", "chain", "n=8000")), "1/{:.0f}"),
        0.01, 0.01, at_most)

    def per_op_growth(impl):
        """Time per operation at 1M over 1k: compare's wall-time ratio over the thousandfold size."""
        wall = versus(s, impl, "chain", "n=1000000", "wall_s", (impl, "chain", "n=1000"))
        return None if wall is None else wall / 1000

    row("`chain`, 1k to 1M", "time per operation, largest over smallest",
        (per_op_growth("lock"), "{:.2f}"), (per_op_growth("actor"), "{:.2f}"), 2, 2, at_most)
    row("`cpu`, 10 us per op, width 2", "speedup over width 1",
        (versus(s, "lock", "cpu", "n=20000;us=10;width=2", "ops_per_s", ("lock", "cpu", "n=20000;us=10;width=1")),
         "{:.2f}"),
        (versus(s, "actor", "cpu", "n=20000;us=10;width=2", "ops_per_s", ("actor", "cpu", "n=20000;us=10;width=1")),
         "{:.2f}"),
        1.8, 1.7, at_least)
    row("`ping`", "enqueue-to-start p50 vs `dispatch`",
        (versus(t, "lock", "ping", ping, "e2s_p50_ns", ("dispatch", "ping", ping)), "{:.2f}x"),
        (versus(t, "actor", "ping", ping, "e2s_p50_ns", ("dispatch", "ping", ping)), "{:.2f}x"),
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
    binary = os.environ.get("QUEUELAB", ".build/release/queuelab")
    if not os.access(binary, os.X_OK):
        sys.exit(f"perf-targets-table: no queuelab at {binary} (set QUEUELAB): its compare computes every ratio")
    compare = Compare(binary)
    round_two(out, compare)
    print()
    round_one(out, compare)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "results/perf-targets")
