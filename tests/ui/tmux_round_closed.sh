#!/bin/sh
# A round closed while a rater's annotate session of it is open (in a real
# terminal): the next label is not saved, a screen says that the round was
# closed, that nothing more is saved in it, that the labels saved so far
# are kept and that a coordinator can reopen it; later keys say it again on
# the status line; no label of the round is written after the close. Once
# the round is reopened, the same session saves again.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIX/small.json"
q() { sqlite3 "$T/p.db" "$1"; }
"$CONVQA" rater add --db p.db alice >/dev/null
"$CONVQA" round create --db p.db r1 --raters alice >/dev/null

tmux_start 80 24 p.db --rater alice --round r1
check_wait "alice's session of round r1 opens" "Guidelines"
keys q
check_wait "q closes the guidelines" "── Passages"
keys c
check_wait "a label saves while the round is open" "saved · answer_correct = correct"
"$CONVQA" round close --db p.db r1 >/dev/null 2>"$T/close.err"
check_eq "a coordinator closes the round meanwhile" "closed|" "$(q "SELECT status FROM round")|$(cat "$T/close.err")"
keys e
check_wait "the next label: a screen says the round was closed" "Round r1 was closed"
check_wait "... that nothing more is saved in it, that the labels so far are kept, and who reopens it" \
	"ask a coordinator to reopen the round"
capture >"$T/notice"
check_grep "... that this change was not saved" "not saved" "$T/notice"
check_grep "... and that the labels saved before the close are kept" "are kept" "$T/notice"
keys space
check_wait "a key goes back to the item ..." "── Passages"
check_wait "... which says again that nothing was saved" "NOT SAVED: round r1 is closed · a coordinator can reopen it"
keys x
check_wait "a later label is refused on the status line" "NOT SAVED: round r1 is closed"
check_eq "no label of the round was written after the close; the one before stays" "0|1" \
	"$(q "SELECT count(*) FROM label l JOIN round ro ON ro.id = l.round_id WHERE l.created_at > ro.closed_at")|$(q "SELECT count(*) FROM label")"
"$CONVQA" round reopen --db p.db r1 >/dev/null
keys e
check_wait "once reopened, the same session saves again" "saved · intent = extractive"
keys q
wait_exit
check_eq "q quits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"

# closed while the note is being written: enter closes the editor (the
# text is kept for w), and the next label shows the screen
tm kill-server
tmux_start 80 24 p.db --rater alice --round r1
check_wait "a new session of round r1 opens" "── Passages"
keys w
check_wait "w opens the note's editor" "── Note"
keys -l "look again"
"$CONVQA" round close --db p.db r1 >/dev/null
keys Enter
check_wait "enter: the note is not saved, the round is closed" "NOT SAVED: round r1 is closed"
check_wait "the editor closed: the item screen" "── Passages"
keys x
check_wait "the next label shows the screen" "Round r1 was closed"
keys q
check_wait "a key closes it" "── Passages"
keys q
wait_exit
check_eq "no note was saved" "0" "$(q "SELECT count(*) FROM label WHERE field = 'note'")"
done_testing
