#!/bin/sh
# Blind to system (issue 9): by default no screen shows a system's name -
# the item screen and the turn in full say "Answer 2 of 3" - and neither do
# the summary nor the status messages; --show-systems heads each answer
# with its system's name, as does a scheme whose shows names systems; a
# 60-character name is cut with "…" so that the answer's key hints stay on
# the screen (80x24 and 40x12).
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
long=an-extraordinarily-long-system-name-for-the-retriever-ver-42
cat >"$T/three.json" <<EOF
{"format": "convqa-tasks", "version": 1,
 "systems": [{"id": "alpha"}, {"id": "bravo"}, {"id": "$long"}],
 "collection": [{"id": "p1", "title": "Bees", "text": "Honeybees dance to tell where flowers are."}],
 "conversations": [{"id": "bees", "turns": [
   {"question": "Why do bees dance?", "responses": [
     {"system": "alpha", "answer": "To show the way to food.", "passages": [{"rank": 1, "id": "p1"}]},
     {"system": "bravo", "answer": "For fun.", "passages": [{"rank": 1, "id": "p1"}]},
     {"system": "$long", "answer": "To tell where flowers are.", "passages": [{"rank": 1, "id": "p1"}]}]}]}]}
EOF
ui_project p.db "$T/three.json"

ui_run p.db --rater alice <<'EOF'
esc
:save-screen item1
n
c
:save-screen item2
enter
:save-screen passage2
esc
t
:save-screen turn2
esc
n
e
x
1
:save-screen item3
n
:save-screen summary
EOF
check_ran "the blind script runs"
check_rows "blind: the first answer of the turn, no name" item1 5 5 <<'EOF'
── Answer 1 of 3 · c correct · x incorrect ─────────────────────────────────────
EOF
# the answers of a turn come in a mixed order, not by system name: here
# the long name's, alpha's, bravo's
check_rows "blind: the second answer; the status message names no system" item2 5 6 <<'EOF'
── Answer 2 of 3 · c correct · x incorrect ─────────────────────────────────────
 To show the way to food.
EOF
check_rows "blind: the second answer; the status message names no system (label bar, status)" item2 22 24 <<'EOF'
 intent: ?  answer: correct  relevant: 0/1 judged  note: —
 missing: intent, relevant 1
 saved · answer_correct = correct                               ? help · q quit
EOF
check_rows "blind: the passage in full names no system" passage2 2 5 <<'EOF'
 Passage 1 of 1 · rank 1 · p1 · not judged
 Q1: Why do bees dance?
── Bees ────────────────────────────────────────────────────────────────────────
  Honeybees dance to tell where flowers are.
EOF
check_rows "blind: the passage in full names no system (footer, status)" passage2 23 24 <<'EOF'
                        j/k scroll · n/p passage · space relevant? · q/esc back
 saved · answer_correct = correct
EOF
check_rows "blind: the turn in full says which answer it is" turn2 2 8 <<'EOF'
 Turn 1/1 of bees
── Question and answer in full ─────────────────────────────────────────────────
  Question 1/1:
  Why do bees dance?

  Answer 2 of 3:
  To show the way to food.
EOF
check_rows "blind: the third answer" item3 5 5 <<'EOF'
── Answer 3 of 3 · c correct · x incorrect ─────────────────────────────────────
EOF
# the intent and passage 1 judged on the third answer are the turn's and
# the pooled passage's: the second answer (answer_correct set) is finished too
check_rows "blind: the summary names no system" summary 3 7 <<'EOF'
  2 of 3 items finished, 1 still to do.

  intent          extractive 1 · abstractive 0 · boolean 0
  answer_correct  incorrect 1 · correct 1
  relevant        not relevant 0 · relevant 1 (passages)
EOF
for s in item1 item2 passage2 turn2 item3 summary; do
	check_eq "blind: no system name on the screen $s" "" "$(grep -E 'alpha|bravo|extraordinarily' "$T/screens/$s")"
done

# bob's order of the turn's answers: alpha's, bravo's, the long name's
ui_run p.db --rater bob --show-systems <<'EOF'
esc
:save-screen shown-alpha
:resize 40 12
:save-screen alpha-40x12
:resize 80 24
n
n
:save-screen shown-long
t
:save-screen shown-turn
esc
:resize 40 12
:save-screen long-40x12
EOF
check_ran "the --show-systems script runs"
check_rows "--show-systems: the answer is headed with its system's name" shown-alpha 5 5 <<'EOF'
── Answer of alpha · c correct · x incorrect ───────────────────────────────────
EOF
check_rows "--show-systems: a 60-character name is cut with … and the key hints stay (80x24)" shown-long 5 5 <<'EOF'
── Answer of an-extraordinarily-long-system-name-for… · c correct · x incorrect
EOF
check_rows "--show-systems: the turn in full names the system" shown-turn 4 8 <<'EOF'
  Question 1/1:
  Why do bees dance?

  Answer of an-extraordinarily-long-system-name-for-the-retriever-ver-42:
  To tell where flowers are.
EOF
check_rows "--show-systems: at 40x12 the long name gives way to the key hints" long-40x12 5 5 <<'EOF'
── an-extrao… · c correct · x incorrect
EOF
check_rows "--show-systems: at 40x12 a name that does not fit after \"Answer of\" stands alone" alpha-40x12 5 5 <<'EOF'
── alpha · c correct · x incorrect ─────
EOF

CONVQA_COLUMNS=40 CONVQA_LINES=12 ui_run p.db --rater carol <<'EOF'
esc
n
:save-screen blind-40x12
EOF
check_ran "the 40x12 blind script runs"
check_rows "blind at 40x12: \"Answer 2/3\" and the key hints whole" blind-40x12 5 5 <<'EOF'
── Answer 2/3 · c correct · x incorrect
EOF
# a scheme that shows systems (a study that is not blind) names them without --show-systems
$CONVQA scheme show turn --db p.db | sed 's/"name": "turn"/"name": "open-turn"/; s/"shows": \[/"shows": ["systems", /' >open.json
$CONVQA scheme add --db p.db open.json >/dev/null
ui_run p.db --rater dave --task open-turn <<'EOF'
esc
:save-screen open-item1
EOF
check_ran "the open-turn script runs"
check_grep "a scheme showing systems heads the answer with its system's name" "── Answer of [a-z]" "$T/screens/open-item1"
done_testing
