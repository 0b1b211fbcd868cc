#!/bin/sh
# bench/annotate_pairs: the pair screen (a pairwise round, issue 22) on
# projects of 1,645 and 16,451 turns (1x and 10x: two systems, answers of
# ~200 characters, no passages), one rater given every pair, with the
# release build in script mode (80x24, drawn to /dev/null). Reports for each
# size: the pairs, round create's time, the first screen (warm: median of 5
# runs; cold: median of 3 fresh processes, each on a fresh copy of the
# project dropped from the page cache first; resumed: warm, after the run
# of saves, half-way into the queue), the average and slowest key of a run
# of next-pair keys and of a run of saves (a, then next), and the peak RSS.
# The queue of pairs is read a window at a time and what the rater has done
# is kept in the project (store_pair_done.c), so neither the first screen
# nor a key grows with the round.
#   sh bench/annotate_pairs.sh          (make bench runs it too)
#   PAIRS_BENCH_SIZES="1645" PAIRS_BENCH_KEYS=500 sh bench/annotate_pairs.sh
cd "$(dirname "$0")/.." || exit 1
keys=${PAIRS_BENCH_KEYS:-1000}
sizes=${PAIRS_BENCH_SIZES:-1645 16451}
bin=${ANNOTATE_BENCH_BIN:-./convqa}
w=build/bench/annotate_pairs
mkdir -p "$w"
[ -n "${ANNOTATE_BENCH_BIN:-}" ] || [ -x ./convqa ] || make --no-print-directory convqa || exit 1
[ -x /usr/bin/time ] || sh tests/tools/deps.sh time || exit 1
export TERM=xterm-256color LC_ALL=C.UTF-8 CONVQA_COLUMNS=80 CONVQA_LINES=24
unset CONVQA_DB NO_COLOR

# drop FILE...: take the files' pages out of the page cache
drop() {
	python3 -c 'import os, sys
for p in sys.argv[1:]:
    if os.path.exists(p):
        fd = os.open(p, os.O_RDONLY); os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)' "$@"
}

value() { sed -n "s/^$1 //p" "$2"; }
median() { echo "$@" | tr ' ' '\n' | sort -n | sed -n "$((($# + 1) / 2))p"; }
repeat() { i=0; while [ $i -lt "$2" ]; do printf '%s\n' "$1"; i=$((i + 1)); done; }
keyfig() { printf '%.3f/%.2f' "$(value key_ms_avg "$w/$1.timing")" "$(value key_ms_max "$w/$1.timing")"; }

run() {
	CONVQA_SCRIPT="$3" CONVQA_TIMING="$w/$1.timing" /usr/bin/time -f %M -o "$w/$1.rss" \
		"$bin" annotate --db "$2" --rater bench --round ab >/dev/null 2>"$w/$1.err" || {
		echo "annotate failed:"; cat "$w/$1.err"; exit 1; }
	k=$(cat "$w/$1.rss")
	[ "$k" -gt "$rss" ] && rss=$k
}

printf '%7s %7s %7s %6s %6s %7s %13s %13s %8s\n' turns pairs create warm cold resumed "next avg/max" "save avg/max" \
	"peak RSS"
printf '%7s %7s %7s %6s %6s %7s %13s %13s %8s\n' "" "" "s" "ms" "ms" "ms" "ms/key" "ms/key" ""
for turns in $sizes; do
	json=$w/pairs-$turns.json
	db=$w/pairs-$turns.db
	[ -s "$json" ] || python3 - "$turns" "$json" <<'PY' || exit 1
import json, sys
n, out = int(sys.argv[1]), sys.argv[2]
per, convs = 8, []
for c in range((n + per - 1) // per):
    turns = [{"question": "question %d of conversation %d about a topic?" % (t, c),
              "responses": [{"system": s, "answer": "answer of %s to %d/%d: %s" % (s, c, t, "words " * 30)}
                            for s in ("s1", "s2")]} for t in range(min(per, n - c * per))]
    convs.append({"id": "c%06d" % c, "turns": turns})
json.dump({"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}, {"id": "s2"}],
           "collection": [], "conversations": convs}, open(out, "w"))
PY
	rm -f "$db" "$db-wal" "$db-shm"
	"$bin" init --db "$db" >/dev/null && "$bin" import --db "$db" "$json" >/dev/null &&
		"$bin" rater add --db "$db" bench >/dev/null || exit 1
	t0=$(date +%s.%N)
	"$bin" round create --db "$db" ab --task pairwise --raters bench --seed 1 >/dev/null || exit 1
	t1=$(date +%s.%N)
	pairs=$(sqlite3 "$db" "SELECT count(*) FROM pair_assignment")
	rss=0
	printf 'esc\nq\n' >"$w/warm.keys"           # the guidelines show once: see them first
	run warm "$db" "$w/warm.keys"
	printf 'q\n' >"$w/first.keys"
	firsts=""
	for i in 1 2 3 4 5; do
		run first "$db" "$w/first.keys"
		firsts="$firsts $(value first_screen_ms "$w/first.timing")"
	done
	cp "$db" "$w/pristine.db"
	colds=""
	for i in 1 2 3; do
		rm -f "$w/cold.db" "$w/cold.db-wal" "$w/cold.db-shm"
		cp "$w/pristine.db" "$w/cold.db"
		drop "$w/cold.db" "$bin"
		run cold "$w/cold.db" "$w/first.keys"
		colds="$colds $(value first_screen_ms "$w/cold.timing")"
	done
	rm -f "$w/cold.db" "$w/cold.db-wal" "$w/cold.db-shm" "$w/pristine.db"
	repeat n "$keys" >"$w/next.keys"
	run next "$db" "$w/next.keys"
	{ i=0; while [ $i -lt $((keys / 2)) ]; do printf 'a\nn\n'; i=$((i + 1)); done; } >"$w/save.keys"
	run save "$db" "$w/save.keys"
	resumed=""
	for i in 1 2 3 4 5; do
		run first "$db" "$w/first.keys"
		resumed="$resumed $(value first_screen_ms "$w/first.timing")"
	done
	printf '%7s %7s %7.2f %6.1f %6.1f %7.1f %13s %13s %5.1f MB\n' "$turns" "$pairs" \
		"$(awk "BEGIN { print $t1 - $t0 }")" "$(median $firsts)" "$(median $colds)" "$(median $resumed)" \
		"$(keyfig next)" "$(keyfig save)" "$(awk "BEGIN { print $rss / 1024 }")"
done
echo "($keys keys per run; first screen: from the start of 'annotate' to the first drawn screen; warm and"
echo " resumed (after the saves): median of 5; cold: median of 3 fresh processes on fresh copies dropped"
echo " from the page cache; load: $(cut -d' ' -f1-3 /proc/loadavg))"
