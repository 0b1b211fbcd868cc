#!/bin/sh
# make demo in a real terminal (tmux): before the UI opens, one line says
# what the project holds and how to leave; the first screens are the demo's
# conversations; once the UI is closed the line is still on the terminal.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"

# demo.sh works from the top of the checkout: the project path is absolute
cat >"$T/demo-run.sh" <<EOF
DEMO_CONVQA="$CONVQA" DEMO_DB="$T/demo.db" USER=alice sh "$CONVQA_TOP/tests/tools/demo.sh" 2>"$T/tmux-err"
echo \$? >"$T/rc"
stty -a >"$T/stty"
sleep 30
EOF
tm new-session -d -x 80 -y 24 -s main "env TERM=screen LC_ALL=C.UTF-8 TZ=UTC sh $T/demo-run.sh"
check_wait "the UI opens at the guidelines" "Guidelines (built in)"
keys q
check_wait "q closes them: the first item is the demo's first conversation" "conversation demo-lighthouse · turn 1/5"
capture >"$T/first"
check_grep "one of 52 items" "item 1/52" "$T/first"
keys q
wait_exit
check_eq "q quits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
capture -J >"$T/after"
check_grep "the summary line is on the terminal once the UI is closed" \
	"^$T/demo.db: 5 conversations, 52 items to label (26 turns, 2 systems)\$" "$T/after"
check_grep "and the line that says how to quit" \
	"^opening the annotation UI as alice (q quits, ? lists the keys)\$" "$T/after"
check_eq "nothing on stderr" "" "$(cat "$T/tmux-err")"
done_testing
