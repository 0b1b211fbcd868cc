#!/bin/sh
# bench/spans: the throughput of evidence span extraction (spans_extract,
# the work of convqa spans without the project file) in MB of passage text
# a second, on one core, for passages of 1, 10 and 100 KB, and the ratio
# between the sizes: linear means 100x the text within 120x the time.
# Target: at least 50 MB/s. The driver is bench/bench_spans.c (release
# build, -O2; the workload is generated in memory, see its top comment).
#
#   sh bench/spans.sh [SECONDS [KB...]]     (make bench: 5 s; 1 10 100)
cd "$(dirname "$0")/.." || exit 1
BIN=build/release/bench_spans
make --no-print-directory -s $BIN >/dev/null || { echo "bench/spans: cannot build $BIN"; exit 1; }
secs=${1:-5}
[ $# -gt 0 ] && shift
exec $BIN "$secs" "$@"
