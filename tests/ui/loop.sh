#!/bin/sh
# The loop waits on deadlines and file descriptors as well as on keys. With
# CONVQA_TEST_LOOP set a test view opens on top (src/tui/view_probe.c): it
# sets deadlines 3 s and 2 s after it opens (in that order); the one at 3 s
# writes "ping" into a pipe the view watches. In a script the clock is
# virtual (a key 1 s, :wait S), so the deadlines fire, earliest first, at
# the key or :wait that reaches them, and the pipe is served at once: the
# run is deterministic. Closing the view gives up what it set: a deadline
# not yet due never fires (ASan would catch a callback on freed state).
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
export CONVQA_TEST_LOOP=1

ui_run p.db --rater alice <<'EOF'
:save-screen opened
x
:save-screen one-key
:wait 1
:save-screen early
j
:save-screen late
q
:save-screen closed
EOF
check_ran "the script runs"
check_screen "the view opens with the clock at 0" opened <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Loop test · q closes ────────────────────────────────────────────────────────
   0 s  opened: deadlines at 3 s and 2 s, a pipe watched



















 clock: 0 s
 welcome, alice: ? lists the keys
EOF
check_screen "a key takes 1 s: no deadline is due yet" one-key <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Loop test · q closes ────────────────────────────────────────────────────────
   0 s  opened: deadlines at 3 s and 2 s, a pipe watched



















 clock: 1 s
 welcome, alice: ? lists the keys
EOF
check_screen ":wait 1 reaches the deadline set second, due first" early <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Loop test · q closes ────────────────────────────────────────────────────────
   0 s  opened: deadlines at 3 s and 2 s, a pipe watched
   2 s  deadline of 2 s


















 clock: 2 s
 welcome, alice: ? lists the keys
EOF
check_screen "the next key reaches the other; what it writes to the pipe is read at once" late <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Loop test · q closes ────────────────────────────────────────────────────────
   0 s  opened: deadlines at 3 s and 2 s, a pipe watched
   2 s  deadline of 2 s
   3 s  deadline of 3 s: "ping" written to the pipe
   3 s  pipe: read "ping"
















 clock: 3 s
 welcome, alice: ? lists the keys
EOF
check_grep "q closes it: the screen below (the guidelines at first start) shows again" \
	"Guidelines (built in)" "$T/screens/closed"
check_eq "keys in the test view save nothing" "" "$(labels p.db)"

# closed before its deadlines: they never fire, the pipe is closed
ui_run p.db --rater alice <<'EOF'
q
:wait 10
:save-screen closed-early
n
:save-screen item2
EOF
check_ran "a view closed before its deadlines: the script runs"
check_screen_of "nothing fires after the view is closed" closed-early item_tower <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_grep "the item screen goes on as usual" "item 2/4" "$T/screens/item2"

# a write to a pipe whose reader is gone fails (EPIPE) and the UI goes on:
# SIGPIPE is ignored, not the death of the session (w in the test view)
ui_run p.db --rater alice <<'EOF'
w
:save-screen epipe
q
EOF
check_ran "a write to a closed pipe: the script runs to its end"
check_grep "the write fails with EPIPE and the view says so" "write to a closed pipe: failed: Broken pipe" "$T/screens/epipe"
done_testing
