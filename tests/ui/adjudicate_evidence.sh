#!/bin/sh
# Adjudicating faithfulness: the screen shows what the raters judged on,
# the answer's evidence paragraph (its stored spans), above the dispute;
# before convqa spans has run, how to make them.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_adjudication_project p.db "$FIX/small.json"
$CONVQA round create f1 --task faithfulness --raters alice,bob --overlap 0 >/dev/null
$CONVQA label -t faithfulness --round f1 -r alice -c c1 -n 1 -s sys-b faithfulness faithful
$CONVQA label -t faithfulness --round f1 -r bob -c c1 -n 1 -s sys-b faithfulness unfaithful

ui_adjudicate --round f1 --rater carol <<'EOF2'
:save-screen none
EOF2
check_ran "the adjudication of faithfulness, no spans yet"
check_rows "no stored spans: how to make them" none 5 8 <<'EOF2'
── Answer 1 of 2 ───────────────────────────────────────────────────────────────
 A building by the sea.
── Evidence ────────────────────────────────────────────────────────────────────
 no evidence spans: run convqa spans
EOF2

check_run "convqa spans" 0 "" "$CONVQA" spans
ui_adjudicate --round f1 --rater carol <<'EOF2'
:save-screen spans
x
:save-screen settled
EOF2
check_ran "the adjudication of faithfulness with spans"
check_screen "the evidence paragraph above the dispute" spans <<'EOF2'
 convqa · p.db · adjudicator carol · round f1   disagreement 1 of 1 · 0 settled
 conversation c1 · turn 1/2                                           unsettled
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 1 of 2 ───────────────────────────────────────────────────────────────
 A building by the sea.
── Evidence · 1 piece of 1 passage ─────────────────────────────────────────────
 [p-tall] Most lighthouses are between 20 and 60 metres tall, and a few stand
 only a few metres above the sea.









── In dispute · faithfulness · f faithful · x unfaithful ───────────────────────
  alice        faithful
  bob          unfaithful
  adjudicated  — not settled yet
           t the turn in full · n/p next/previous · tab next unsettled · u undo
 pick each value with the keys of its field · ? lists the keys  ? help · q quit
EOF2
check_rows "x settles it" settled 22 22 <<'EOF2'
  adjudicated  unfaithful
EOF2
check_eq "the pick is saved as carol's label" "unfaithful" \
	"$(sqlite3 p.db "SELECT l.value FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'carol'")"

# a disagreement on turn 2: its history, the earlier turn's question and answer
$CONVQA label -t faithfulness --round f1 -r alice -c c1 -n 2 -s sys-a faithfulness faithful
$CONVQA label -t faithfulness --round f1 -r bob -c c1 -n 2 -s sys-a faithfulness unfaithful
ui_adjudicate --round f1 --rater carol <<'EOF2'
n
:save-screen turn2
:resize 80 16
:save-screen turn2-short
EOF2
check_ran "the adjudication of a later turn"
check_rows "the earlier turn: its question and the system's answer" turn2 3 5 <<'EOF2'
── History · 1 earlier turn · h hides ──────────────────────────────────────────
 Q1 What is a lighthouse?
    A: A tower with a lamp that guides ships.
EOF2
check_rows "short of rows: the count of earlier turns, never a question without its answer" turn2-short 3 4 <<'EOF2'
── History · 1 earlier turn · h hides ──────────────────────────────────────────
 … 1 earlier turn
EOF2
done_testing
