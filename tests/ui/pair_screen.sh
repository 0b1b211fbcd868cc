#!/bin/sh
# The pair screen (a pairwise round, issue 22): the question, then answer A
# (left, or on top below 120 columns) and answer B, blind to their systems,
# passages folded until enter; at 80x24 stacked, at 160x40 side by side, at
# 40x12 still whole; the answers' escape sequences shown as inert text; a
# (or the left arrow) saves the left answer's system as preferred, e a tie;
# u undoes; a session resumes at the first pair not judged.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
export CONVQA_NOW=2031-02-03T04:05:06Z CONVQA_DB="$T/p.db"
ui_pair_project
q() { sqlite3 "$T/p.db" "$1"; }

ui_run "$T/p.db" --rater alice --round ab <<'KEYS'
esc
:save-screen first
n
:save-screen hostile
enter
:save-screen unfolded
:resize 160 40
:save-screen wide
:resize 40 12
:save-screen narrow
q
KEYS
check_ran "annotate opens the pair screen and quits cleanly"
check_screen "80x24: the question, A on top and B below, passages folded, nothing judged" first <<'EOF'
 p.db · alice · pairwise · ab                      pair 1/2 [----------] 0 done
── Question · turn 1 of c1 ─────────────────────────────────────────────────────
 Who built the lighthouse?
── A · top ─────────────────────────────────────────────────────────────────────
 Robert Stevenson.

 2 passages (enter shows them)





── B · below ───────────────────────────────────────────────────────────────────
 A Scottish engineer built it in 1810.

 2 passages (enter shows them)





 preference: ?  reason: —
 missing: preference
 welcome, alice: which answer is better? a or ← the left…  a/← b/→ e x · ? help
EOF
check_rows "escape sequences and a right-to-left override in the answers are inert text" hostile 6 7 <<'EOF'
── A · top ─────────────────────────────────────────────────────────────────────
 It is 35 metres tall.^[[31m RED ^[]0;pwned^G end
EOF
check_rows "the other answer too" hostile 14 15 <<'EOF'
── B · below ───────────────────────────────────────────────────────────────────
 About 35 m, the tallest of its kind <U+202E>evil<U+202C>.
EOF
check_rows "the history of turn 2 is shown above its question, with both systems' earlier answers (each answer in its own context), cut alike" hostile 2 3 <<'EOF'
── History ─────────────────────────────────────────────────────────────────────
 1. Who built the lighthouse? → A: A Scottish engineer … · B: Robert Stevenson.
EOF
check_rows "enter unfolds each answer's passages" unfolded 8 9 <<'EOF'

 [1] Passage 3: Text of passage 3 about the lighthouse keeper and the storm.
EOF
check_rows "160x40: side by side, A left and B right" wide 6 9 <<'EOF'
─ A · left ────────────────────────────────────────────────────────────────────│─ B · right ────────────────────────────────────────────────────────────────────
 It is 35 metres tall.^[[31m RED ^[]0;pwned^G end                              │ About 35 m, the tallest of its kind <U+202E>evil<U+202C>.
                                                                               │
 [1] Passage 3: Text of passage 3 about the lighthouse keeper and the storm.   │ [1] Passage 4: Text of passage 4 about the lighthouse keeper and the storm.
EOF
check_rows "   and at 160 columns both earlier answers whole" wide 3 3 <<'EOF'
 1. Who built the lighthouse? → A: A Scottish engineer built it in 1810. · B: Robert Stevenson.
EOF
check_screen "40x12: the question and both answers still, the history left out" narrow <<'EOF'
 p.db · alice · pairwi… pair 2/2 0 done
── Question · turn 2 of c1 ─────────────
 How tall is it?
── A · top ─────────────────────────────
 It is 35 metres tall.^[[31m RED
 ^[]0;pwned^G end
── B · below ───────────────────────────
 About 35 m, the tallest of its kind
 <U+202E>evil<U+202C>.
 preference:? reason:—
 missing: preference

EOF
check_eq "no system name is shown (blind)" "" "$(grep -l 's1\|s2' "$T/screens/first" "$T/screens/wide")"

# ---- judging ---------------------------------------------------------------------------
ui_run "$T/p.db" --rater alice --round ab <<'KEYS'
left
:save-screen judged
n
e
u
:save-screen undone
e
q
KEYS
check_ran "judging: left, then a tie, undone and given again"
check_rows "the left arrow picks A: the label bar says so" judged 22 24 <<'EOF'
 preference: A  reason: —
 ✓ finished · n: next item
 saved: preference A (the left or upper answer)            a/← b/→ e x · ? help
EOF
check_rows "u takes the tie back" undone 22 24 <<'EOF'
 preference: ?  reason: —
 missing: preference
 undone: preference unset again                            a/← b/→ e x · ? help
EOF
check_eq "stored by system: A on turn 1 was s2's answer (b), then the tie on turn 2" "1|b
2|tie
2|
2|tie" "$(q "SELECT t.position || '|' || coalesce(l.value, '') FROM label l JOIN turn t ON t.id = l.turn_id WHERE l.field = 'preference' ORDER BY l.id")"
ui_run "$T/p.db" --rater alice --round ab <<'KEYS'
:save-screen resumed
l
:save-screen list
down
enter
:save-screen second
q
KEYS
check_rows "a new session resumes (every pair judged: it says so)" resumed 24 24 <<'EOF'
 every pair is judged (2 of 2): n and p go through them    a/← b/→ e x · ? help
EOF
check_rows "l: the review list, a row per pair, both judged" list 3 5 <<'EOF'
  # state        conversation  turn  answer  question
▸•1 ✓ finished   c1            1/2   1 of 1  Who built the lighthouse?
  2 ✓ finished   c1            2/2   1 of 1  How tall is it?
EOF
check_rows "enter on a row goes to its pair" second 1 1 <<'EOF'
 p.db · alice · pairwise · ab                      pair 2/2 [##########] 2 done
EOF
ui_run "$T/p.db" --rater alice --round ab --show-systems <<'KEYS'
:save-screen systems
q
KEYS
check_rows "--show-systems names the system of each answer" systems 4 4 <<'EOF'
── A · top · s2 ────────────────────────────────────────────────────────────────
EOF
done_testing
