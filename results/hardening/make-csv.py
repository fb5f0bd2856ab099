#!/usr/bin/env python3
"""Writes a benchmark CSV of ROWS rows from results/reference-linux-2core.csv, for reader timings.

    results/hardening/make-csv.py spread OUT [ROWS]   every cell of the reference, rounds renumbered
    results/hardening/make-csv.py one OUT [ROWS]      one cell (lock noop), ROWS rounds of it
"""
import csv
import sys

shape, out_path = sys.argv[1], sys.argv[2]
total = int(sys.argv[3]) if len(sys.argv) > 3 else 200_000
with open("results/reference-linux-2core.csv", newline="") as source:
    rows = list(csv.reader(source))
header, body = rows[0], rows[1:]
column = header.index
if shape == "one":
    body = [r for r in body if r[column("implementation")] == "lock" and r[column("workload")] == "noop"][:5]
elif shape != "spread":
    sys.exit(f"make-csv.py: shape is spread or one, got {shape!r}")
with open(out_path, "w", newline="") as out:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for i in range(total):
        row = list(body[i % len(body)])
        # Spread: each copy of the reference gets rounds of its own; one: round i.
        row[column("round")] = str(i if shape == "one" else int(row[column("round")]) + 1000 * (i // len(body) + 1))
        writer.writerow(row)
