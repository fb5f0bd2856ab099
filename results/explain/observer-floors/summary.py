"""Summarises run.sh's pairs: `ROUND VARIANT FIRST SECOND` lines (operations a second)."""
import statistics
import sys

rows = [line.split() for line in open(sys.argv[1]) if not line.startswith("#")]
print("variant                 pairs  second/first: median  (q1 to q3)      first (median ops/s)")
for variant in sys.argv[2:]:
    pairs = [(float(first), float(second)) for _, name, first, second in rows if name == variant]
    if not pairs:
        continue
    ratios = sorted(second / first for first, second in pairs)
    quartile = len(ratios) // 4
    print(f"{variant:22}  {len(pairs):5}  {statistics.median(ratios):20.3f}  "
          f"({ratios[quartile]:.3f} to {ratios[-1 - quartile]:.3f})  {statistics.median(f for f, _ in pairs):20,.0f}")
