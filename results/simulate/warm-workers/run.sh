#!/usr/bin/env bash
# Workers started before the timed phase (warm=1, the default) against workers started in it
# (warm=0), each cell ten bench processes, the two interleaved cell by cell:
#
#   results/simulate/warm-workers/run.sh QUEUELAB_BINARY OUT_DIR
#
# then results/simulate/warm-workers/table.py OUT_DIR. About four minutes on a 2-core machine doing
# nothing else.
set -euo pipefail
BIN=${1:?usage: run.sh QUEUELAB_BINARY OUT_DIR}
OUT=${2:?usage: run.sh QUEUELAB_BINARY OUT_DIR}
[ -x "$BIN" ] || { echo "error: $BIN is not an executable" >&2; exit 2; }
mkdir -p "$OUT"
cell() { # name policies workload
    for warm in 1 0; do
        echo "$1 warm=$warm" >&2
        "$BIN" bench --impl lock --policy "$2" --workload "$3;warm=$warm" --samples 10 \
            --out "$OUT/$1-warm$warm.csv" >/dev/null
    done
}
cell makespan strict,fifo,critical-path 'makespan:n=2000;width=2'
cell inversion strict,inherit 'inversion:width=1'
cell overload aging,weighted 'overload:width=2'
