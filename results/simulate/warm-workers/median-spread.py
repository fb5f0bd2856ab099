#!/usr/bin/env python3
"""How far the median of ten processes moves by chance alone: from every sample of one cell pooled
(CSV files of bench rows, one policy), the 10th to 90th percentile of the median of ten drawn with
replacement, against the pooled median. A target of +-20 % on such a median cannot be held by any
prediction when this interval is wider than it.

    median-spread.py FIGURE POLICY FILE.csv [FILE.csv ...]
"""
import csv
import random
import statistics
import sys


def main(figure: str, policy: str, paths: list[str]) -> None:
    values = [
        float(row[figure])
        for path in paths
        for row in csv.DictReader(open(path))
        if row["policy"].startswith(policy) and row.get(figure)
    ]
    if len(values) < 10:
        sys.exit(f"error: {len(values)} samples of {figure} under {policy}; ten at least")
    pooled = statistics.median(values)
    draws = random.Random(42)
    medians = sorted(statistics.median(draws.choices(values, k=10)) for _ in range(10_000))
    low, high = medians[len(medians) // 10], medians[len(medians) * 9 // 10]
    print(
        f"{figure} {policy}: {len(values)} samples, pooled median {pooled:.4g}; "
        f"median of ten, 10th to 90th percentile: {low:.4g} to {high:.4g} "
        f"({100 * (low / pooled - 1):+.0f} % to {100 * (high / pooled - 1):+.0f} %)"
    )


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit("usage: median-spread.py FIGURE POLICY FILE.csv [FILE.csv ...]")
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
