#!/usr/bin/env python3
"""Per cell of run.sh's CSVs: the median and the range of the figure the simulator is validated on,
warm=1 against warm=0, and how many samples' workers first ran side by side only after 1 ms."""
import csv
import statistics
import sys
from pathlib import Path

FIGURES = {
    "makespan": ("makespan_over_bound", 1, "{:.3f}"),
    "inversion": ("inversion_p99_ns", 1e6, "{:.2f} ms"),
    "overload": ("prio_verylow_e2s_max_ns", 1e6, "{:.2f} ms"),
}


def main(directory: Path) -> None:
    print("| workload | policy | warm | median | range | samples stacked > 1 ms |")
    print("|---|---|---|---|---|---|")
    for workload, (column, scale, form) in FIGURES.items():
        for warm in (1, 0):
            path = directory / f"{workload}-warm{warm}.csv"
            if not path.exists():
                continue
            rows = list(csv.DictReader(path.open()))
            for policy in sorted({row["policy"] for row in rows}):
                cell = [row for row in rows if row["policy"] == policy and row.get(column)]
                values = sorted(float(row[column]) / scale for row in cell)
                if not values:
                    continue
                stacked = [row for row in cell if float(row.get("parallel_after_ns") or 0) > 1e6]
                shown = f"{len(stacked)} of {len(cell)}" if workload == "makespan" else "-"
                print(
                    f"| {workload} | {policy} | {warm} | {form.format(statistics.median(values))} "
                    f"| {form.format(values[0])} to {form.format(values[-1])} | {shown} |"
                )


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: table.py DIR (the OUT_DIR of run.sh)")
    main(Path(sys.argv[1]))
