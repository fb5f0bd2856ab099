#!/usr/bin/env bash
# Marginal instructions per operation, whole process under Callgrind: (I(2N) - I(N)) / N.
# Start-up, warm-up (min(n, 1000) operations) and exit are the same at both sizes and cancel, so a
# build that predates `bench --instructions` (no Callgrind client requests) can be counted too.
#   results/strategies/seam-instructions/marginal.sh BASE_BINARY HEAD_BINARY [OUT.csv]
# Environment (defaults in brackets):
#   MARGINAL_REPS   repetitions, e.g. "4 5 6" to add to an earlier run   [1 2 3]
#   MARGINAL_IMPLS  implementations                                      [lock actor]
#   MARGINAL_SPECS  WORKLOAD_PREFIX|N|2N, space-separated
#                   [noop:width=1;|10000|20000 priority:us=0;width=1;|4000|8000 chain:|10000|20000 ping:|400|800]
# Appends to OUT (default marginal.csv beside this script), writing the header only to a new file.
set -euo pipefail
base=${1:?usage: marginal.sh BASE_BINARY HEAD_BINARY [OUT.csv]}
head=${2:?usage: marginal.sh BASE_BINARY HEAD_BINARY [OUT.csv]}
out=${3:-$(dirname "$0")/marginal.csv}
command -v valgrind >/dev/null || { echo "marginal.sh: needs valgrind on PATH" >&2; exit 2; }
for binary in "$base" "$head"; do
    [[ -x $binary ]] || { echo "marginal.sh: $binary is not an executable" >&2; exit 2; }
done
[[ -s $out ]] || echo "binary,impl,workload,n,rep,instructions" > "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for rep in ${MARGINAL_REPS:-1 2 3}; do
    for spec in ${MARGINAL_SPECS:-"noop:width=1;|10000|20000" "priority:us=0;width=1;|4000|8000" "chain:|10000|20000" "ping:|400|800"}; do
        IFS='|' read -r workload n1 n2 <<< "$spec"
        for impl in ${MARGINAL_IMPLS:-lock actor}; do
            for side in base head; do
                binary=$([[ $side == base ]] && echo "$base" || echo "$head")
                for n in $n1 $n2; do
                    valgrind --tool=callgrind --callgrind-out-file="$scratch/count" "$binary" sample --impl "$impl" \
                        --workload "${workload}n=$n" --latency-every 64 --drain-timeout 600 > /dev/null 2> "$scratch/err"
                    total=$(grep -E '^totals:' "$scratch/count" | head -1 | awk '{print $2}')
                    echo "$side,$impl,\"$workload\",$n,$rep,$total" >> "$out"
                done
            done
        done
    done
done
