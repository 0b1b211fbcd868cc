#!/bin/sh
# The terminal of an annotate session goes away without a SIGHUP reaching
# it (its shell ignores HUP; the terminal server is killed): annotate ends
# within a few seconds, as everything is saved already, instead of spinning
# on a terminal that only ever says "end of input"; and its rater's lock is
# free: a new session of the same rater opens.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIX/small.json"

# a shell that ignores HUP runs annotate as its child (not exec'd: the
# kernel sends SIGHUP to the session leader only, the shell)
cat >"$T/gone.sh" <<EOF
trap '' HUP
cd "$T"
sh -c 'echo \$\$ >"$T/annotate.pid"; exec "$CONVQA" annotate --db p.db --rater alice'
echo \$? >"$T/gone.rc"
EOF
tm new-session -d -x 80 -y 24 -s main "env TERM=screen LC_ALL=C.UTF-8 TZ=UTC sh $T/gone.sh"
check_wait "alice's session opens" "Guidelines"
keys q
check_wait "q closes the guidelines" "── Passages"
keys c
check_wait "and saves" "saved · answer_correct = correct"
pid=$(cat "$T/annotate.pid")
tm kill-server
i=0
while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
if kill -0 "$pid" 2>/dev/null; then
	not_ok "annotate ends within 5 s of its terminal going away" \
		"still running: $(ps -o pid,stat,pcpu,cmd -p "$pid" | tail -1)"
else
	ok "annotate ends within 5 s of its terminal going away"
fi
i=0
while [ ! -s "$T/gone.rc" ] && [ $i -lt 30 ]; do sleep 0.1; i=$((i + 1)); done
check_eq "it ends as a hang-up does (killed by SIGHUP: status 129)" "129" "$(cat "$T/gone.rc" 2>/dev/null)"
check_eq "the label saved before stays" "1" \
	"$(sqlite3 "$T/p.db" "SELECT group_concat(value) FROM label WHERE field = 'answer_correct'")"
tmux_start 80 24 p.db --rater alice
check_wait "its lock is free: a new session of alice opens" "answer: correct"
kill "$pid" 2>/dev/null   # still spinning: this test's own process
keys q
wait_exit
check_eq "and quits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
done_testing
