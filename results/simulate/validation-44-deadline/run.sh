#!/usr/bin/env bash
# The Lab/simulate-targets cells of makespan, overload and inversion on lock (open left out for time), 3
# rounds, with the queue costs of validation-44-stalls-now/lock.calibration (each --validate measures the
# stalls again). From the repository root: results/simulate/validation-44-deadline/run.sh BINARY OUT_DIR
set -euo pipefail
BIN=$1; OUT=$2; SEEDS=1-10; SAMPLES=10
mkdir -p "$OUT"
validate() {
    local file="$OUT/validate-${1%%:*}-$4-r$5.txt"
    {
        echo "# $(date -u +%FT%TZ) load average $(cut -d' ' -f1-3 /proc/loadavg)"
        echo "# $BIN simulate --workload $1 --policy $2 --width $3 --seeds $SEEDS --validate --validation-samples $SAMPLES --calibration $OUT/$4.calibration"
        "$BIN" simulate --workload "$1" --policy "$2" --width "$3" --seeds "$SEEDS" --validate \
            --validation-samples "$SAMPLES" --calibration "$OUT/$4.calibration" 2>/dev/null
    } >"$file"
    echo "wrote $file" >&2
}
cp results/simulate/validation-44-stalls-now/lock.calibration "$OUT/lock.calibration"
for round in 1 2 3; do
    validate makespan strict,fifo,critical-path 1,2 lock "$round"
    validate overload aging,weighted 2 lock "$round"
    validate inversion strict,inherit 1 lock "$round"
done
