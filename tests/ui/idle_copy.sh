#!/bin/sh
# A label saved in a session is committed, synced and read by other
# processes when its key returns; the session copies the write-ahead log
# into the project file while the rater is idle (3 s without a key, or
# 0.2 s once 500 pages are pending), not in the key that saves: right
# after the key, the project file alone (copied without its -wal, as a
# backup that takes one file would) lacks the label; after an idle moment
# it has it. CONVQA_TIMING counts the copies.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

send() { printf '%s\n' "$@" >"$T/keys"; }
wait_screen() {
	_i=0
	while [ ! -s "$T/screens/$1" ] && [ $_i -lt 300 ]; do sleep 0.05; _i=$((_i + 1)); done
	[ -s "$T/screens/$1" ]
}
# labels_alone: the labels in a copy of p.db without its write-ahead log
labels_alone() {
	rm -f alone.db alone.db-wal alone.db-shm
	cp p.db alone.db
	sqlite3 alone.db "SELECT count(*) FROM label"
}

mkfifo "$T/keys"
CONVQA_TIMING="$T/timing" CONVQA_SCRIPT="$T/keys" "$CONVQA" annotate --db p.db --rater alice \
	>"$T/a.out" 2>"$T/a.err" &
pid=$!
sleep 120 >"$T/keys" &
holder=$!
send esc ":save-screen started"
wait_screen started
check_eq "before any key, the project file alone has no label" 0 "$(labels_alone)"
send 1 ":save-screen saved"
wait_screen saved
check_eq "the key's label is committed: another process reads it at once" 1 \
	"$(sqlite3 p.db "SELECT count(*) FROM label")"
check_eq "the key did not copy the log: the project file alone lacks the label" 0 "$(labels_alone)"
send ":wait 5" ":save-screen idle"
wait_screen idle
check_eq "after 5 s idle the log is copied: the project file alone has the label" 1 "$(labels_alone)"
send q
wait $pid
check_eq "the session ends normally" 0 $?
kill $holder 2>/dev/null
wait $holder 2>/dev/null
check_grep "CONVQA_TIMING counts the idle copies" '^checkpoints [1-9]' "$T/timing"
check_grep "   and the next items read ahead while idle" '^read_aheads [1-9]' "$T/timing"
done_testing
