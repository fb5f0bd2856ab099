#!/usr/bin/env bash
# Runs the bad inputs and outputs of the hardening issue against a queuelab binary and prints one
# markdown row per case: what was run, its exit status, how long it took, and the first line it
# printed (or what became of the output path). Every case is refused or handled before any work,
# so the whole table takes seconds. Some cases need root (mknod) and /dev/full.
#
#   results/hardening/cases.sh [QUEUELAB]     default: .build/release/queuelab
set -uo pipefail
Q=$(realpath "${1:-.build/release/queuelab}")
ROOT=$(realpath "$(dirname "$0")/../..")
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cd "$W" || exit 2
CAL=$ROOT/Sources/QueueLabSimulation/Calibrations/lock-vm2.calibration

row() { # LABEL, then the command (run by bash -c in the scratch folder)
    local label=$1 command=$2 started status first
    started=$(date +%s%N)
    timeout 120 bash -c "$command" >"$W/out" 2>&1 </dev/null
    status=$?
    local elapsed=$(($(date +%s%N) - started))
    first=$(grep -v '^\s*$' "$W/out" | grep -v '^warning: this' | head -n 1 | cut -c1-110 | tr '|' '/')
    printf '| %s | `%s` | %s | %d.%d | %s |\n' "$label" "${command//$Q/queuelab}" "$status" \
        $((elapsed / 1000000000)) $((elapsed / 100000000 % 10)) "$first"
}

echo "| case | command | exit | seconds | first line printed |"
echo "|---|---|---|---|---|"
# 1. Outputs: devices and FIFOs written through, links followed, every write checked.
mknod chardev c 1 3 2>/dev/null
row "character device as --out (root)" "$Q bench --impl lock --workload noop:n=10 --samples 1 --warmup 0 --out chardev >/dev/null 2>&1; echo \"exit \$?, now a \$(stat -c %F chardev)\""
ln -s target.csv link.csv
row "symlink as --out" "$Q bench --impl lock --workload noop:n=10 --samples 1 --warmup 0 --out link.csv >/dev/null 2>&1; echo \"exit \$?, link.csv is a \$(stat -c %F link.csv), target \$(wc -l < target.csv) lines\""
mkfifo fifo
row "FIFO as --out" "cat fifo > fifo.txt & reader=\$!; $Q bench --impl lock --workload noop:n=10 --samples 1 --warmup 0 --out fifo >/dev/null 2>&1; s=\$?; wait \$reader; echo \"exit \$s, fifo is a \$(stat -c %F fifo), reader got \$(wc -l < fifo.txt) lines\""
"$Q" bench --impl lock --workload 'noop:n=200' --samples 2 --warmup 0 --out a.csv >/dev/null 2>&1
row "explain --format html to a full device" "$Q explain --impl lock --workload noop:n=200 --format html > /dev/full"
row "compare --format json to a full device" "$Q compare a.csv a.csv --format json > /dev/full"
row "simulate --out a full device" "$Q simulate --workload chain --width 1 --out /dev/full"
# 2 and 3. Inputs read with a bound; sizes checked before allocating.
row "compare of an endless input" "$Q compare /dev/zero a.csv"
row "report of an endless input" "$Q report /dev/zero --out r.html"
row "compare of an endless line of text" "tr '\\0' a < /dev/zero | $Q compare /dev/stdin a.csv"
row "report of an endless line of text" "tr '\\0' a < /dev/zero | $Q report /dev/stdin --out r.html"
row "dag past the memory bound through its edges" "$Q bench --impl lock --workload 'dag:n=10000000;edges=1000' --samples 1"
# 4. Numbers in files range-checked; arithmetic on them cannot trap.
sed 's/^overhead_ns = .*/overhead_ns = 100000000000000000/' "$CAL" > huge-overhead.calibration
row "calibration overhead_ns = 1e17" "$Q simulate --workload chain --width 1 --calibration huge-overhead.calibration"
row "the same with --validate" "$Q simulate --workload chain --width 1 --calibration huge-overhead.calibration --validate"
sed 's/^wakeup_ns = .*/wakeup_ns = 18446744073709551615/' "$CAL" > huge-cost.calibration
row "calibration cost 18446744073709551615" "$Q simulate --workload chain --width 1 --calibration huge-cost.calibration"
# 5. Everything checkable before the work is checked before it.
row "all --out-dir under /proc" "$Q all --out-dir /proc/version"
mkdir adir
row "bench --out a directory" "$Q bench --impl lock --workload noop:n=10 --samples 1 --warmup 0 --out adir 2>err; s=\$?; echo \"\$(head -n 1 err); journals left: \$(ls -a | grep -c journal)\"; exit \$s"
row "simulate --calibrate --impl dispatch" "$Q simulate --calibrate --impl dispatch --out c.calibration"
sed 's/^implementation = .*/implementation = nosuch/' "$CAL" > unknown-impl.calibration
row "--validate with a calibration of an unknown implementation" "$Q simulate --workload chain --width 1 --calibration unknown-impl.calibration --validate"
row "gate --cache under /proc" "$Q gate HEAD --cache /proc/version"
# 6. A run that measured nothing fails.
row "bench that can run no cell" "$Q bench --impl dispatch --workload dag --samples 1"
# 7. Strict readers.
"$Q" trace --impl lock --workload 'chain:n=50' --format transitions --out whole.transitions >/dev/null 2>&1
head -c 2000 whole.transitions > cut.transitions
row "explain of a transitions file cut mid-line" "$Q explain --trace cut.transitions"
printf 'queuelab-transitions/3\nqueue 0 1 q\nop 1 0 0 0 0 0 -\nop 1 0 0 0 0 0 -\n' > duplicate.transitions
row "explain of a file listing an operation twice" "$Q explain --trace duplicate.transitions"
printf 'queuelab-transitions/3\nqueue 0 1 q\nop 1 0 0 0 0 0 2\nop 2 0 0 0 0 0 1\n' > cycle.transitions
row "explain of a file with a dependency cycle" "$Q explain --trace cycle.transitions"
# 8. One list grammar.
row "an empty member in --impl" "$Q bench --impl lock,,actor --workload noop --samples 1"
row "an empty member in --width" "$Q simulate --workload chain --width 1,,2"
row "a list of one empty member" "$Q bench --impl , --workload noop --samples 1"
row "a repeated workload key" "$Q bench --impl lock --workload 'noop:n=5;n=6' --samples 1"
row "--budget 0s" "$Q gate HEAD --budget 0s"
row "--budget 9999999h" "$Q gate HEAD --budget 9999999h"
row "--until-step 0" "$Q bench --impl lock --workload noop --variant a=$Q --variant b=$Q --until-detectable 10% --until-step 0"
printf 'schema\0x,1\n' > nul.csv
row "a CSV with a NUL byte" "$Q compare nul.csv nul.csv"
row "--seeds -5" "$Q conform --impl lock --seeds -5"
row "--junit ''" "$Q conform --impl lock --junit ''"
row "replay:file= (empty)" "$Q bench --impl lock --workload 'replay:file=' --samples 1"
