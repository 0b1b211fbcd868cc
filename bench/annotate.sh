#!/bin/sh
# bench/annotate: the annotation UI on a project of QReCC-test size (16,451
# turns, one system, 10 retrieved passages of about 1,000 characters per
# response) and on one 10x smaller, with the release build in script mode
# (80x24, drawn to /dev/null). Reports the time to the first screen, the
# average time per key for three navigation keys over a few thousand
# scripted keys (next item, open+close a passage, toggle relevance: a saved
# label each), and the peak RSS of each run.
# Targets: first screen < 50 ms, < 2 ms a key on average, peak RSS < 30 MB
# and not growing with the project.
#   sh bench/annotate.sh            (or: make bench)
#   ANNOTATE_BENCH_KEYS=1000 sh bench/annotate.sh
# Workloads are generated under build/bench/ (not committed).
cd "$(dirname "$0")/.." || exit 1
keys=${ANNOTATE_BENCH_KEYS:-3000}
w=build/bench/annotate
mkdir -p "$w"
[ -x ./convqa ] || make --no-print-directory convqa || exit 1
[ -x /usr/bin/time ] || sh tests/tools/deps.sh time || exit 1
export TERM=xterm-256color LC_ALL=C.UTF-8 CONVQA_COLUMNS=80 CONVQA_LINES=24
unset CONVQA_DB NO_COLOR

value() { sed -n "s/^$1 //p" "$2"; }

# run NAME DB SCRIPT: one scripted session; leaves timing in $w/NAME.timing
# and the peak RSS (KB) in $w/NAME.rss
run() {
	CONVQA_SCRIPT="$3" CONVQA_TIMING="$w/$1.timing" /usr/bin/time -f %M -o "$w/$1.rss" \
		./convqa annotate --db "$2" --rater bench >/dev/null 2>"$w/$1.err" || {
		echo "annotate failed:"; cat "$w/$1.err"; exit 1; }
}

repeat() { i=0; while [ $i -lt "$2" ]; do printf '%s\n' "$1"; i=$((i + 1)); done; }

printf '%7s %9s %6s %8s %9s %12s %12s %14s %9s\n' turns passages "db MB" "import" \
	"first ms" "next ms/key" "open ms/key" "toggle ms/key" "peak RSS"
for turns in 16451 1645; do
	name=qrecc-$turns
	json=$w/$name.json
	db=$w/$name.db
	[ -s "$json" ] || python3 bench/annotate_gen.py "$turns" "$json" || exit 1
	rm -f "$db" "$db-wal" "$db-shm"
	./convqa init --db "$db" >/dev/null || exit 1
	t0=$(date +%s.%N)
	./convqa import --db "$db" "$json" >/dev/null || exit 1
	t1=$(date +%s.%N)
	import_s=$(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }")
	mb=$(du -m "$db" | cut -f1)

	printf 'esc\nq\n' >"$w/warm.keys"           # the guidelines show once: see them first
	run warm "$db" "$w/warm.keys"
	printf 'q\n' >"$w/first.keys"
	firsts=""
	for i in 1 2 3 4 5; do
		run first "$db" "$w/first.keys"
		firsts="$firsts $(value first_screen_ms "$w/first.timing")"
	done
	first=$(echo $firsts | tr ' ' '\n' | sort -n | sed -n 3p)   # the median of 5
	repeat n "$keys" >"$w/next.keys"
	run next "$db" "$w/next.keys"
	{ i=0; while [ $i -lt $((keys / 2)) ]; do printf 'enter\nesc\n'; i=$((i + 1)); done; } >"$w/open.keys"
	run open "$db" "$w/open.keys"
	repeat 1 "$keys" >"$w/toggle.keys"
	run toggle "$db" "$w/toggle.keys"
	rss=0
	for r in warm first next open toggle; do
		k=$(cat "$w/$r.rss")
		[ "$k" -gt "$rss" ] && rss=$k
	done
	printf '%7s %9s %6s %7ss %9.1f %12.3f %12.3f %14.3f %6.1f MB\n' "$turns" "$((turns * 2))" "$mb" \
		"$import_s" "$first" "$(value key_ms_avg "$w/next.timing")" "$(value key_ms_avg "$w/open.timing")" \
		"$(value key_ms_avg "$w/toggle.timing")" "$(awk "BEGIN { print $rss / 1024 }")"
done
echo "($keys keys per run; first screen: median of 5 runs, from the start of 'annotate' to the first drawn screen)"
echo "targets: first screen < 50 ms, < 2 ms a key on average, peak RSS < 30 MB and not growing with the project"
