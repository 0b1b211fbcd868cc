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
