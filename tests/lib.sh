# tests/lib.sh - helpers for shell tests (TAP output). Source it:
#   . "$CONVQA_TOP/tests/lib.sh"
# Each test runs in a fresh temporary directory ($T), removed at exit.
# $CONVQA is the binary under test (the ASan+UBSan build).
set -u
: "${CONVQA:?run through tests/run.sh or make check}"
: "${CONVQA_TOP:?}"
# task files shared by the tests (sample_tasks/ holds what a user would try)
FIXTURES="$CONVQA_TOP/tests/fixtures"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
_n=0
_failed=0

# ok DESCRIPTION  /  not_ok DESCRIPTION [details...]
ok() { _n=$((_n + 1)); echo "ok $_n - $1"; }
not_ok() {
	_n=$((_n + 1)); _failed=$((_failed + 1)); echo "not ok $_n - $1"; shift
	for l in "$@"; do printf '%s\n' "$l" | sed 's/^/# /'; done
}
skip() { _n=$((_n + 1)); echo "ok $_n - $1 # SKIP $2"; }

# run CMD... : runs, capturing stdout in $T/out, stderr in $T/err, status in $rc
run() { "$@" >"$T/out" 2>"$T/err"; rc=$?; }

# check_eq DESCRIPTION EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else
		not_ok "$1" "expected:" "$2" "actual:" "$3"; fi
}

# check_run DESCRIPTION STATUS EXPECTED_STDERR CMD... : exact exit status and stderr
check_run() {
	_d=$1 _s=$2 _e=$3; shift 3
	run "$@"
	if [ "$rc" = "$_s" ] && [ "$(cat "$T/err")" = "$_e" ]; then ok "$_d"; else
		not_ok "$_d" "expected status $_s, stderr:" "$_e" "actual status $rc, stderr:" "$(cat "$T/err")"; fi
}

# check_grep DESCRIPTION PATTERN FILE
check_grep() {
	if grep -q -- "$2" "$3"; then ok "$1"; else not_ok "$1" "no '$2' in $3:" "$(head -20 "$3")"; fi
}

done_testing() { echo "1..$_n"; [ "$_failed" -eq 0 ]; }

# ---- another process holding a project's write lock ----
# hold_write_lock DB [BUSY_MS]: a sqlite3 shell, fed through the fifo
# $T/lock.in (kept open as fd 3; its output in $T/lock.out, its pid in
# $lock_holder), begins a write transaction on DB and writes a row, then
# the check "a sqlite3 shell holds the write lock" waits (10 s at most)
# until another connection cannot take it. BUSY_MS: the shell's own busy
# timeout (20000; the probe takes the lock for a moment too).
write_locked() { ! sqlite3 "$1" "BEGIN IMMEDIATE; ROLLBACK;" >/dev/null 2>&1; }
hold_write_lock() {
	rm -f "$T/lock.in"
	mkfifo "$T/lock.in"
	sqlite3 "$1" <"$T/lock.in" >"$T/lock.out" 2>&1 &
	lock_holder=$!
	exec 3>"$T/lock.in"
	printf '.timeout %s\nBEGIN IMMEDIATE; INSERT INTO setting(key, value) VALUES (%s, %s);\n' \
		"${2:-20000}" "'lock-test'" "'x'" >&3
	_w=0
	while ! write_locked "$1" && [ $_w -lt 100 ]; do sleep 0.1; _w=$((_w + 1)); done
	if write_locked "$1"; then ok "a sqlite3 shell holds the write lock"; else
		not_ok "a sqlite3 shell holds the write lock" "$(cat "$T/lock.out")"; fi
}
# release_write_lock [SQL]: the holder runs SQL in its transaction (default
# ROLLBACK;; to keep what it did: "...; DELETE FROM setting WHERE key =
# 'lock-test'; COMMIT;"), its fifo is closed and the shell waited for.
release_write_lock() {
	printf '%s\n' "${1:-ROLLBACK;}" >&3
	exec 3>&-
	wait "$lock_holder"
}

# ---- convqa replay (cli/replay.sh, cli/http_system.sh) ----
# replay_project: a new project $T/p.db of tests/fixtures/replay.json (5
# turns in c1 and c2), the system's log ($T/log*) removed.
replay_project() {
	rm -f "$T"/p.db* "$T"/log*
	$CONVQA init >/dev/null && $CONVQA import -q "$FIXTURES/replay.json"
}
# replay_rows SYSTEM: its stored responses, one a line: conversation
# position answer | rewrite | ranked passages (id:score)
replay_rows() {
	sqlite3 -separator ' ' "$T/p.db" "SELECT c.ext_id, t.position, r.answer, '|', r.rewrite, '|',
		(SELECT group_concat(x.ext_id || ':' || coalesce(x.score, '-'), ',') FROM
		 (SELECT p.ext_id, rt.score FROM retrieved rt JOIN passage p ON p.id = rt.passage_id
		  WHERE rt.response_id = r.id ORDER BY rt.rank) x)
		FROM response r JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id
		JOIN system s ON s.id = r.system_id WHERE s.name = '$1' ORDER BY c.ext_id, t.position"
}
# replay_kill_midway ARGS...: convqa replay ARGS --all in the background,
# killed (-9) once it stored 2 responses (10 s at most); the questions
# stored by then in $T/stored_before.
replay_kill_midway() {
	$CONVQA replay "$@" --all >/dev/null 2>&1 &
	_pid=$!
	_w=0
	while [ "$(sqlite3 "$T/p.db" 'SELECT count(*) FROM response' 2>/dev/null || echo 0)" -lt 2 ] &&
		[ $_w -lt 100 ]; do
		sleep 0.1; _w=$((_w + 1))
	done
	kill -9 $_pid
	wait $_pid 2>/dev/null
	sqlite3 "$T/p.db" "SELECT t.question FROM response r JOIN turn t ON t.id = r.turn_id" >"$T/stored_before"
}
# check_replay_resumed: after `run $CONVQA replay ... --all` again, it went
# on where the killed one stopped (its summary), sent no turn stored before
# the kill again (at most the one in flight; $T/log: what the system was
# sent, a JSON object a line with "question"), and stored every turn once.
check_replay_resumed() {
	_k=$(wc -l <"$T/stored_before" | tr -d ' ')
	check_eq "after kill -9, the replay goes on where it stopped" \
		"0|replay: $((5 - _k)) turns sent, $((5 - _k)) stored, $_k skipped as already answered, 0 failed" \
		"$rc|$(cat "$T/out")"
	check_eq "killed mid-way: no turn stored before the kill was sent again; at most the one in flight was" "ok" \
		"$(python3 -c 'import json, sys
seen = {}
for l in open(sys.argv[1]):
    q = json.loads(l)["question"]; seen[q] = seen.get(q, 0) + 1
stored = [l.rstrip("\n") for l in open(sys.argv[2])]
again = [q for q, n in seen.items() if n > 1]
print("ok" if 0 < len(stored) < 5 and all(seen[q] == 1 for q in stored) and len(again) <= 1 else "%s %s" % (seen, stored))' \
			"$T/log" "$T/stored_before")"
	check_eq "every turn is stored once" "5" "$(sqlite3 "$T/p.db" "SELECT count(DISTINCT turn_id) FROM response")"
}

# ---- pairwise projects (cli/adjudicate_pairs.sh, pairwise_*.sh, ui/adjudicate_pair_help.sh) ----
# pairwise_project N SYSTEM...: a new project $T/p.db of N conversations of
# one turn each, c1..cN (c01..cN from 10 on), the question "q of cK?", each
# SYSTEM answering "answer of SYSTEM to cK".
pairwise_project() {
	_pn=$1; shift
	rm -f "$T"/p.db*
	python3 - "$_pn" "$@" >"$T/tasks.json" <<'PY'
import json, sys
n, S = int(sys.argv[1]), sys.argv[2:]
ids = ["c%0*d" % (len(str(n)), c) for c in range(1, n + 1)]
convs = [{"id": c, "turns": [{"question": "q of %s?" % c, "responses": [
    {"system": s, "answer": "answer of %s to %s" % (s, c)} for s in S]}]} for c in ids]
print(json.dumps({"format": "convqa-tasks", "version": 1, "systems": [{"id": s} for s in S],
                  "collection": [], "conversations": convs}))
PY
	$CONVQA init --db "$T/p.db" >/dev/null && $CONVQA import --db "$T/p.db" "$T/tasks.json" >/dev/null
}
# pairwise_pair CONV SA SB: the pair of SA's and SB's answers to CONV's turn,
# made outside rounds (as the arena makes it: pairs cannot be imported).
pairwise_pair() {
	sqlite3 "$T/p.db" "INSERT INTO pair(turn_id, response_a, response_b) SELECT t.id, ra.id, rb.id FROM turn t
	   JOIN conversation c ON c.id = t.conversation_id JOIN response ra ON ra.turn_id = t.id
	   JOIN response rb ON rb.turn_id = t.id WHERE c.ext_id = '$1'
	   AND ra.system_id = (SELECT id FROM system WHERE name = '$2') AND rb.system_id = (SELECT id FROM system WHERE name = '$3')"
}
# pairwise_label RATER ROUND CONV VALUE [SECONDS [SB]]: RATER's preference
# VALUE (a: the pair's first system preferred, b, tie, both_bad) of each
# pair of CONV's turn (with SB: those whose second answer is SB's), in
# ROUND ("-": outside rounds), as the pair screen stores it; SECONDS: its
# time (default 1).
pairwise_label() {
	sqlite3 "$T/p.db" "INSERT INTO label(response_id, rater_id, round_id, task, field, value, seconds, created_at, unit,
	   turn_id, unit_ref) SELECT p.response_a, (SELECT id FROM rater WHERE name = '$1'),
	   (SELECT id FROM round WHERE name = '$2'), 'pairwise', 'preference', '$4', ${5:-1}, '2031-02-03T04:05:06Z', 'pair',
	   p.turn_id, p.id FROM pair p JOIN turn t ON t.id = p.turn_id JOIN conversation c ON c.id = t.conversation_id
	   WHERE c.ext_id = '$3' AND ('${6:-}' = '' OR p.response_b IN (SELECT r.id FROM response r
	   JOIN system s ON s.id = r.system_id WHERE s.name = '${6:-}'))"
}
