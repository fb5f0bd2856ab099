#!/usr/bin/env bash
# What an observer costs `noop` through `lock`, piece by piece (results/explain/README.md,
# "Where the observer's cost goes"). Each patch here removes part of the observer path from the
# queue (they break the observer contract: measurement only, never to be committed to Sources):
#
#   carried-only            the operation holds its queue's delivery; no transition is made
#   handed-back             as carried-only, and each transition hands the delivery back (as today)
#   unordered               each transition is made and the observer called at once, under the
#                           queue's lock: no log, no order, no lock of the delivery's own
#   unordered-no-sequence   as unordered, without the process-wide sequence number
#   ordered-no-sequence     the queue as it is, without the process-wide sequence number
#   ordered                 no patch: the queue as it is
#   aa                      the ordered build, `round without` twice: what a ratio reads when
#                           nothing differs (the control)
#
#   results/explain/observer-floors/run.sh BUILD_DIR [ROUNDS]
#
# builds each variant's queuelab-record-example into BUILD_DIR (a git worktree of HEAD is made
# there), then runs ROUNDS rounds (default 12); a round runs, for each variant in turn, one
# process of `round without 100000` and one of `round empty-observer 100000` (two of `round
# without` for aa). Prints one line a pair, then for each variant the median, first and third
# quartiles of the second process's throughput over the first's, and the first's median.
# A ratio compares two processes of one build: the builds' own throughput without an observer
# differs by up to a quarter (code layout), so ratios are never taken across builds.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${1:?usage: run.sh BUILD_DIR [ROUNDS]}
ROUNDS=${2:-12}
VARIANTS=(ordered carried-only handed-back unordered unordered-no-sequence ordered-no-sequence)
if [ ! -d "$BUILD/tree" ]; then
    git -C "$HERE" worktree add --detach "$BUILD/tree" HEAD >/dev/null
fi
for variant in "${VARIANTS[@]}"; do
    git -C "$BUILD/tree" checkout -q -- Sources
    if [ "$variant" != ordered ]; then git -C "$BUILD/tree" apply "$HERE/$variant.patch"; fi
    swift build -c release --package-path "$BUILD/tree" --product queuelab-record-example >/dev/null
    cp "$BUILD/tree/.build/release/queuelab-record-example" "$BUILD/$variant"
done
git -C "$BUILD/tree" checkout -q -- Sources
for round in $(seq "$ROUNDS"); do
    echo "$round aa $("$BUILD/ordered" round without 100000 "$BUILD/unused.qlr") $("$BUILD/ordered" round without 100000 "$BUILD/unused.qlr")"
    for variant in "${VARIANTS[@]}"; do
        without=$("$BUILD/$variant" round without 100000 "$BUILD/unused.qlr")
        empty=$("$BUILD/$variant" round empty-observer 100000 "$BUILD/unused.qlr")
        echo "$round $variant $without $empty"
    done
done | tee "$BUILD/pairs.txt"
python3 "$HERE/summary.py" "$BUILD/pairs.txt" aa "${VARIANTS[@]}"
