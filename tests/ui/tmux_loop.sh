#!/bin/sh
# The loop in a real terminal (tmux): with no key pressed, the deadlines of
# the test view (CONVQA_TEST_LOOP, src/tui/view_probe.c) fire 2 s and 3 s
# after it opens, and what the second writes into the watched pipe is read
# and shown; a key still works at once afterwards.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIX/small.json"

TMUX_ENV="CONVQA_TEST_LOOP=1" tmux_start 80 24 p.db --rater alice
check_wait "the test view opens" "opened: deadlines at 3 s and 2 s"
check_wait "the pipe is read without a key" 'pipe: read "ping"'
capture >"$T/screen"
check_eq "the events in time order" \
"   0 s  opened: deadlines at 3 s and 2 s, a pipe watched
   2 s  deadline of 2 s
   3 s  deadline of 3 s: \"ping\" written to the pipe
   3 s  pipe: read \"ping\"" "$(sed -n 3,6p "$T/screen")"
keys q
check_wait "q closes it" "Guidelines (built in)"
keys q
check_wait "the item screen" "conversation c1 · turn 1/2"
keys q
wait_exit
check_eq "q quits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
check_eq "nothing on stderr" "" "$(cat "$T/tmux-err")"
done_testing
