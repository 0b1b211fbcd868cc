#!/bin/sh
# The screen a round closed during the session shows (scripted): the round
# is closed by the project itself the moment the session saves its first
# label (a trigger, standing in for a coordinator's convqa round close);
# the next label is not saved and the screen says what that means; a key
# closes it and the status line says it again; later labels say it on the
# status line only; the label saved before the close stays.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
"$CONVQA" rater add --db p.db alice >/dev/null
"$CONVQA" round create --db p.db r1 --raters alice >/dev/null
sqlite3 p.db "CREATE TRIGGER close_r1 AFTER INSERT ON label
BEGIN UPDATE round SET status = 'closed', closed_at = new.created_at WHERE name = 'r1'; END;"

ui_run p.db --rater alice --round r1 <<'EOF'
esc
c
:save-screen saved
e
:save-screen closed
space
:save-screen back
x
:save-screen again
EOF
check_ran "the script runs"
check_rows "a label saves while the round is open (and closes it)" saved 24 24 <<'EOF'
 saved · answer_correct = correct                               ? help · q quit
EOF
check_screen "the next label: a screen says the round was closed and what that means" closed <<'EOF'
 p.db · alice · turn · r1                          item 1/4 [----------] 0 done
── Round closed ────────────────────────────────────────────────────────────────
  Round r1 was closed by a coordinator while you were labelling it.

  Nothing more is saved in this round: the change you just made was not saved,
  and none will be while the round is closed.

  Your labels saved before the round was closed are kept.

  To go on, ask a coordinator to reopen the round (convqa round reopen r1):
  from then on your changes are saved again, in this session too. Or quit with
  q on the item screen.










                                          j/k pgdn/pgup scroll · any key closes
 NOT SAVED: round r1 is closed · a coordinator can reopen it
EOF
check_rows "a key goes back to the item; the status line says it again" back 22 24 <<'EOF'
 intent: ?  answer: correct  relevant: 0/3 judged  note: —
 missing: intent, relevant 1 2 3
 NOT SAVED: round r1 is closed · a coordinator can reopen it    ? help · q quit
EOF
check_rows "a later label: the status line only (the item screen stays)" again 2 2 <<'EOF'
 conversation c1 · turn 1/2                                          unfinished
EOF
check_rows "... saying the same" again 24 24 <<'EOF'
 NOT SAVED: round r1 is closed · a coordinator can reopen it    ? help · q quit
EOF
check_eq "only the label before the close is in the project" "answer_correct=1" \
	"$(sqlite3 p.db "SELECT field || '=' || value FROM label")"
done_testing
