#!/bin/sh
# A real terminal at 80x24 (tmux): keys in, labels out through
# `convqa export`; q and SIGTERM both restore the terminal (echo and
# canonical mode back on).
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIX/small.json"

tmux_start 80 24 p.db --rater alice
check_wait "the guidelines appear at first start" "Guidelines (built in)"
keys Escape
check_wait "esc shows the item screen" "What is a lighthouse?"
keys e c 2
check_wait "labels are shown as saved" "saved · passage 2 relevant"
capture >"$T/screen"
check_grep "the label bar shows them" "intent: extractive  answer: correct  relevant: 1/3 judged" "$T/screen"
check_eq "the screen is 80x24" "24 80" "$(capture | wc -l | tr -d ' ') $(tm display -p -t main '#{pane_width}')"
keys - n
check_wait "n goes to the next item" "A building by the sea."
keys w
check_wait "w opens the note prompt" "── Note"
keys -l "seen in tmux"
keys Enter
check_wait "enter saves the note" "saved · note saved"
keys q
wait_exit
check_eq "q exits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
check_grep "the terminal is restored after q (echo on)" " echo " "$T/stty"
check_grep "the terminal is restored after q (canonical mode)" " icanon " "$T/stty"
check_eq "nothing on stderr" "" "$(cat "$T/tmux-err")"
check_eq "convqa export shows every label" 'c1/1/sys-a alice answer_correct=1
c1/1/sys-a alice intent="extractive"
c1/1/sys-a alice relevant[1]=0
c1/1/sys-a alice relevant[2]=1
c1/1/sys-a alice relevant[3]=0
c1/1/sys-b alice note="seen in tmux"' "$(labels p.db)"

# SIGTERM: the handler restores the terminal, then the process dies of it
tm kill-server
tmux_start 80 24 p.db --rater alice
check_wait "reopened at the first unfinished item" "resumed at the first unfinished item"
pid=$(annotate_pid)
kill -TERM "$pid"
wait_exit
check_eq "SIGTERM ends annotate with 128+15" "143" "$(cat "$T/rc" 2>/dev/null)"
check_grep "the terminal is restored after SIGTERM" " icanon " "$T/stty"
check_eq "no error from convqa after SIGTERM (the shell says Terminated)" "Terminated" "$(cat "$T/tmux-err")"
done_testing
