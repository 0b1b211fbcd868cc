#!/bin/sh
# bench/compare: the time of the paired tests of convqa report --compare
# (permutation and bootstrap) on 100,000 items x 5 systems (10 pairs) with
# 10,000 resamples, for binary values, halves and thousandths. Target (issue
# 24): under 5 s for the comparison. The driver is bench/bench_compare.c
# (release build; the values are generated in memory). The bootstrap of
# values with more than 64 distinct differences (thousandths) draws n items
# per resample, shared by the pairs (metrics_bootstrap_systems(), as the
# report does): n x resamples draws, about 3 s of CPU (30 s when each pair
# drew its own with rng_below()). Each line gives wall and CPU time.
#
#   sh bench/compare.sh [ITEMS [RESAMPLES]]
cd "$(dirname "$0")/.." || exit 1
BIN=build/release/bench_compare
make --no-print-directory -s $BIN >/dev/null || { echo "bench/compare: cannot build $BIN"; exit 1; }
exec $BIN "$@"
