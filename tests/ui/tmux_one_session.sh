#!/bin/sh
# One session per rater in real terminals (tmux windows): with alice's
# session open, a second one in another window is refused with a message
# that names the first one's process and exits 3; bob works meanwhile; once
# alice's first session quits, or is killed with kill -9, a new one opens.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIX/small.json"

# window NAME RATER: annotate in a new tmux window NAME; what it prints and
# its exit status stay on that window
window() {
	cat >"$T/$1.sh" <<EOF
echo \$\$ >"$T/$1.shell"
cd "$T"
"$CONVQA" annotate --db p.db --rater $2
echo "exit status \$?"
sleep 30
EOF
	tm new-window -d -t main -n "$1" "env TERM=screen LC_ALL=C.UTF-8 TZ=UTC sh $T/$1.sh"
}
shot() { tm capture-pane -p -J -t "main:$1"; }
# wait_in NAME TEXT: poll window NAME until TEXT is on it
wait_in() {
	_i=0
	while [ $_i -lt 150 ]; do
		shot "$1" | grep -qF -- "$2" && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}
check_in() {
	if wait_in "$1" "$3"; then ok "$2"; else not_ok "$2" "'$3' never appeared; the screen:" "$(shot "$1")"; fi
}
window_pid() {
	_i=0
	while [ ! -s "$T/$1.shell" ] && [ $_i -lt 50 ]; do sleep 0.1; _i=$((_i + 1)); done
	pgrep -P "$(cat "$T/$1.shell")" -f 'annotate --db' | head -1
}

tmux_start 80 24 p.db --rater alice
check_wait "alice's first session opens" "Guidelines"
pid=$(annotate_pid)
window second alice
check_in second "a second session of alice in another terminal is refused, naming the first" \
	"convqa: annotate: rater 'alice' is already annotating the project 'p.db' in another session (pid $pid); close it first"
check_in second "it exits with status 3" "exit status 3"
window bob bob
check_in bob "bob's session opens meanwhile" "rater bob"
keys q
check_wait "alice's first session goes on: q closes the guidelines" "── Passages (3)"
keys e
check_wait "and saves" "saved · intent = extractive"
keys q
wait_exit
check_eq "then q quits it with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
window third alice
check_in third "now a new session of alice opens" "intent: extractive"
kill -9 "$(window_pid third)"
check_in third "a session killed with kill -9 ..." "exit status 137"
window fourth alice
check_in fourth "... leaves no lock: the next one opens" "intent: extractive"
done_testing
