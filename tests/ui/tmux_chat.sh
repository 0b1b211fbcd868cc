#!/bin/sh
# convqa chat in a real terminal (tmux): a question to a system that does
# not answer shows "waiting for fake (N s)" with the seconds going up, esc
# cancels it and keeps the question; a question typed then is answered and
# shown; F2 ends the conversation and its first turn opens in the turn
# screen, where a key judges it; q quits with status 0.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIXTURES/replay.json"

TMUX_CMD=chat tmux_start 80 24 p.db --rater alice --system fake \
	--command "'python3 $FIXTURES/fake_chat.py $T/log'"
check_wait "the chat screen opens" "Your question 1"
keys -l "please sleep"
keys Enter
check_wait "the loop waits for the system, the seconds counted" "waiting for fake (2 s) · esc cancels"
keys Escape
check_wait "esc cancels" "cancelled: the conversation is as it was"
capture >"$T/screen"
check_eq "the question is kept" " > please sleep" "$(sed -n 23p "$T/screen")"
keys C-u
keys -l "Where is Cordouan?"
keys Enter
check_wait "the answer shows" "Answer 1: Where is Cordouan?"
check_wait "and its passages" "2 live-1 · Live 1 · 1.25"
keys F2
check_wait "F2: the guidelines first" "Guidelines (built in)"
keys q
check_wait "then the conversation's turn" "conversation live-alice-1 · turn 1/1"
keys c
check_wait "a key judges it" "answer: correct"
keys q
wait_exit
check_eq "q quits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
check_eq "nothing on stderr" "" "$(cat "$T/tmux-err")"
check_eq "the label is saved" "live-alice-1/1/fake alice answer_correct=1" "$(labels p.db)"
done_testing
