#!/bin/sh
# bench/report: the time of a full `convqa report` and of `convqa agreement`
# (the agreement section alone) on 1,000,000 labels, and their peak RSS.
#
# Workload (bench/report_gen.sql, generated under bench/work/, not
# committed): 100,000 items (10,000 conversations x 5 turns x 2 systems),
# 10 ranked passages each, gold answers and passages; 2 raters x 5 fields
# (intent, answer_correct, relevant, plausibility, faithfulness) per item =
# 1,000,000 labels, stored as 2,900,000 label rows (relevant is one row per
# passage; 100,000 rows are earlier values changed later). Built straight in
# SQL against a `convqa init` project: about 15 s, once (again when the
# generator changes). Target: a full report in under 2 s.
#
#   sh bench/report.sh [RUNS]      (make bench runs it with 3)
cd "$(dirname "$0")/.." || exit 1
RUNS=${1:-3}
WORK=bench/work
DB=$WORK/report.db
CONVQA=./convqa
[ -x $CONVQA ] || { echo "bench/report: build ./convqa first (make)"; exit 1; }
command -v sqlite3 >/dev/null || { echo "bench/report: needs the sqlite3 shell"; exit 1; }
mkdir -p $WORK
if [ ! -f $DB ] || [ bench/report_gen.sql -nt $DB ]; then
	rm -f $DB $DB-wal $DB-shm
	echo "bench/report: generating $DB ..."
	t0=$(date +%s)
	$CONVQA init --db $DB >/dev/null && sqlite3 $DB <bench/report_gen.sql >/dev/null || {
		rm -f $DB; echo "bench/report: generation failed"; exit 1; }
	echo "bench/report: generated in $(($(date +%s) - t0)) s ($(du -m $DB | cut -f1) MB)"
fi
echo "bench/report: $($CONVQA info --db $DB | awk '/^(responses|labels|label rows) / { printf "%s%s", sep, $0; sep = ", " }' | tr -s ' ')"

# measure NAME CMD...: best and median wall time and peak RSS of RUNS runs
measure() {
	name=$1; shift
	: >$WORK/times
	i=0
	while [ $i -lt "$RUNS" ]; do
		/usr/bin/time -f "%e %M" -o $WORK/time.one "$@" >/dev/null 2>$WORK/err || {
			echo "bench/report: $name failed: $(cat $WORK/err)"; exit 1; }
		cat $WORK/time.one >>$WORK/times
		i=$((i + 1))
	done
	sort -n $WORK/times | head -1 | cut -d' ' -f1 >$WORK/best
	sort -n $WORK/times | awk -v name="$name" '
		{ t[NR] = $1; if ($2 > rss) rss = $2 }
		END { printf "%-38s best %.2f s  median %.2f s  peak RSS %.0f MB  (%d runs)\n",
			name, t[1], t[int((NR + 1) / 2)], rss / 1024, NR }'
}
measure "full report (text)" $CONVQA report --db $DB
full=$(cat $WORK/best)
measure "full report (json)" $CONVQA report --db $DB --format json
measure "agreement section (convqa agreement)" $CONVQA agreement --db $DB
measure "report --consensus majority" $CONVQA report --db $DB --consensus majority
CONVQA_TIMING=1 $CONVQA report --db $DB 2>&1 >/dev/null | sed 's/^convqa report: /where the time goes: /'
awk -v t="$full" 'BEGIN { printf "target: full report under 2 s on %s cores: %s (best %.2f s)\n",
	ARGV[1], t < 2 ? "met" : "NOT MET", t }' "$(nproc 2>/dev/null || echo '?')"
rm -f $WORK/times $WORK/time.one $WORK/err $WORK/best
