#!/bin/sh
# convqa label changes a label of the rater whose annotate session is open
# (in a real terminal): the session notices before it acts on the next key
# (the project changed: it reads the item's labels again), so c saves
# "correct" over the 0 that label saved instead of saying "correct
# already"; and u never takes back a value it did not write: a change of
# the session's that was changed elsewhere since is not undone, and the
# message says so.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIX/small.json"
q() { sqlite3 "$T/p.db" "$1"; }
# alice's current answer_correct of c1 turn 1 sys-a (the first item), "-" when unset
current() {
	v=$(q "SELECT coalesce(l.value, '-') FROM label l JOIN rater ra ON ra.id = l.rater_id JOIN response r ON r.id = l.response_id
		JOIN system sy ON sy.id = r.system_id JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id
		WHERE ra.name = 'alice' AND l.field = 'answer_correct' AND c.ext_id = 'c1' AND t.position = 1 AND sy.name = 'sys-a'
		ORDER BY l.id DESC LIMIT 1")
	echo "${v:--}"
}
elsewhere() { "$CONVQA" label --db p.db -r alice -c c1 -n 1 -s sys-a answer_correct "$@" >/dev/null 2>"$T/label.err"; }

tmux_start 80 24 p.db --rater alice
check_wait "alice's session opens" "Guidelines"
keys q
check_wait "q closes the guidelines" "── Passages"
check_wait "on the first item" "conversation c1 · turn 1/2"
keys c
check_wait "c saves correct" "saved · answer_correct = correct"
elsewhere 0
check_eq "convqa label saves 0 for alice meanwhile" "0|" "$(current)|$(cat "$T/label.err")"
keys Z
check_wait "(a key that does nothing, for a new message)" "the key Z does nothing here"
keys c
check_wait "c then saves correct over it (it does not say 'correct already')" \
	"saved · answer_correct = correct"
check_eq "the project holds correct again" "1" "$(current)"
elsewhere 0
check_eq "convqa label saves 0 again meanwhile" "0" "$(current)"
keys u
check_wait "u does not take back a change that was changed elsewhere since, and says so" \
	"not undone: answer_correct was changed elsewhere"
check_eq "the value label saved stays" "0" "$(current)"
keys c
check_wait "c saves again" "saved · answer_correct = correct"
keys u
check_wait "u undoes the session's own change" "undone · answer_correct = incorrect"
check_eq "which puts back the value before it" "0" "$(current)"
keys q
wait_exit
check_eq "q quits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
done_testing
