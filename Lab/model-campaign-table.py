#!/usr/bin/env python3
"""Tables of a model-based campaign from `queuelab conform --check model --format json` files:
the verdicts per recipe, and how often each clause's situation arose per implementation (both
model checks, every seed). Usage: Lab/model-campaign-table.py FILE.json... > table.md"""
import json
import sys
from collections import defaultdict

verdicts = defaultdict(lambda: defaultdict(int))
coverage = defaultdict(lambda: defaultdict(int))
unexercised = defaultdict(set)
failures = []
for path in sys.argv[1:]:
    with open(path) as handle:
        report = json.load(handle)["report"]
    for outcome in report["outcomes"]:
        label = outcome["implementation"]
        verdicts[label][outcome["verdict"]] += 1
        implementation = label.split("[")[0]
        for clause, count in (outcome.get("clauseCoverage") or {}).items():
            coverage[clause][implementation] += count
        for clause in outcome.get("unexercisedClauses") or []:
            unexercised[(label, outcome["checkID"])].add(clause)
        if outcome["verdict"] not in ("PASS", "UNSUPPORTED"):
            failures.append(f"{label} {outcome['checkID']} seed {outcome['seed']}: {outcome['verdict']} {outcome['summary']}")

print("| recipe | outcomes | PASS | FAIL | STALE | CRASH |")
print("|---|---|---|---|---|---|")
for label in sorted(verdicts):
    counts = verdicts[label]
    print(f"| {label} | {sum(counts.values())} | {counts['PASS']} | {counts['FAIL']} | {counts['STALE']} | {counts['CRASH']} |")
if failures:
    print("\nNot PASS:\n")
    for line in failures:
        print(f"- {line}")
implementations = sorted({i for clause in coverage.values() for i in clause})
print("\n| clause | " + " | ".join(implementations) + " |")
print("|---|" + "---|" * len(implementations))
for clause in sorted(coverage):
    print(f"| `{clause}` | " + " | ".join(str(coverage[clause].get(i, 0)) for i in implementations) + " |")
if unexercised:
    print("\nNever exercised in a run:\n")
    for (label, check), clauses in sorted(unexercised.items()):
        print(f"- {label} {check}: {', '.join(sorted(clauses))}")
