#!/usr/bin/env python3
"""The verdicts of two `queuelab conform --format json` reports, outcome by outcome.

    Lab/verdict-diff.py before.json after.json

Keys each outcome by implementation (with its policy), check and seed, prints every key whose
verdict differs (or that only one report has), then the counts of each verdict per report. What a
refactor of the suite or the queues is checked with: the same run before and after must give the
same verdicts, a timing-dependent known deviation of Foundation aside (run it again alone to tell).
Exit status 0 when every verdict is equal, 1 when one differs."""
import collections
import json
import sys


def verdicts(path):
    with open(path) as handle:
        report = json.load(handle)["report"]
    return {(o["implementation"], o["checkID"], o.get("seed")): o["verdict"] for o in report["outcomes"]}


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: Lab/verdict-diff.py before.json after.json")
    before, after = verdicts(sys.argv[1]), verdicts(sys.argv[2])
    differing = [key for key in sorted(before.keys() | after.keys(), key=str) if before.get(key) != after.get(key)]
    for key in differing:
        print(f"{key}: {before.get(key)} -> {after.get(key)}")
    print(f"{len(before)} and {len(after)} outcomes; {len(differing)} differ")
    print("before:", dict(collections.Counter(before.values())))
    print("after: ", dict(collections.Counter(after.values())))
    sys.exit(1 if differing else 0)


main()
