#!/bin/sh
# The arena screen (convqa chat --systems A,B): before any question, the
# intro; a question goes to both fake systems and their answers show as the
# pair screen shows them, one above the other at 80x24 and side by side at
# 160x40, titled A and B, the systems' names hidden (the fakes name
# themselves in their answers, which is how a test tells the sides), the
# preference keys in the rule, F1 says them; enter unfolds the passages; a key the pick
# does not take is said; a pick is saved and the editor opens for the next
# question; the screen fits 40x12; F2 opens the turns for judging.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"

ui_project p.db "$FIXTURES/replay.json"
FA="python3 $FIXTURES/fake_arena.py alpha $T/log"
FB="python3 $FIXTURES/fake_arena.py beta $T/log"

cat >"$T/script" <<'EOF'
:save-screen start
:type Where is Cordouan?
enter
:save-screen pick
F1
:save-screen help
q
enter
:save-screen unfolded
w
:save-screen wkey
left
:save-screen picked
:resize 160 40
:type Who built it?
enter
:save-screen wide
b
:resize 40 12
:save-screen narrow
:resize 80 24
F2
q
:save-screen judge
EOF
CONVQA_SCRIPT="$T/script" "$CONVQA" chat --db p.db --rater alice --systems alpha,beta --command "$FA" \
	--command-b "$FB" >"$T/out" 2>"$T/err"
rc=$?
check_ran "the arena runs"
check_screen "before a question: the intro, the editor, the keys" start <<'EOF'
 convqa · p.db · rater alice · arena, names hidden                       turn 1
── Arena ───────────────────────────────────────────────────────────────────────
 Ask your questions, one at a time: each goes to two systems at once, and their
 answers show side by side as A and B, the sides drawn for each turn, the
 systems' names hidden. Say which is better; the conversation goes on. F2 ends
 it; then you judge its turns.















── Your question 1 · enter sends · ↑/↓ earlier · F2 ends ───────────────────────
 >
 type a question, enter sends it to both systems · F1 help · F2 ends
EOF
check_screen "both answers one above the other at 80x24, A on top, names hidden, the keys to pick" pick <<'EOF'
 convqa · p.db · rater alice · arena, names hidden        live-alice-1 · turn 1
── Question 1 ──────────────────────────────────────────────────────────────────
 Where is Cordouan?
── A · top ─────────────────────────────────────────────────────────────────────
 beta 1: Where is Cordouan?

 1 passage (enter shows them)





── B · below ───────────────────────────────────────────────────────────────────
 alpha 1: Where is Cordouan?

 1 passage (enter shows them)





── Which answer is better? · a/← A · b/→ B · e tie · x both bad · enter passages
 judge the two answers to ask the next question
 turn 1 stored: which answer is better? a/← A · b/→ B · e tie · x both bad
EOF
check_rows "F1: the help says the arena's keys" help 10 14 <<'EOF'
  The arena: each question goes to two systems at once; their answers show as
  A and B, the systems' names hidden. Before the next question, say which is
  better: a or left (A), b or right (B), e (a tie), x (both bad); enter
  unfolds the passages, up and down scroll. One system failing keeps the
  other's answer: enter sends the question again to it alone.
EOF
check_rows "enter unfolds both answers' passages" unfolded 5 7 <<'EOF'
 beta 1: Where is Cordouan?

 [1] beta passage: What beta found for turn 1.
EOF
check_rows "a key the pick does not take is said" wkey 24 24 <<'EOF'
 the key w does nothing here: a/← A, b/→ B, e tie, x both bad
EOF
check_rows "left picks A: saved, the preferred answer is both systems' history, the editor opens" picked 22 24 <<'EOF'
── Your question 2 · enter sends · ↑/↓ earlier · F2 ends ───────────────────────
 >
 saved: A · both systems go on with answer A · type the next question
EOF
check_screen "side by side at 160x40, A left and B right" wide <<'EOF'
 convqa · p.db · rater alice · arena, names hidden                                                                                        live-alice-1 · turn 2
── Question 2 ──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────
 Who built it?
─ A · left ────────────────────────────────────────────────────────────────────│─ B · right ────────────────────────────────────────────────────────────────────
 alpha 2: Who built it?                                                        │ beta 2: Who built it?
                                                                               │
 1 passage (enter shows them)                                                  │ 1 passage (enter shows them)
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
                                                                               │
── Which answer is better? · a/← A · b/→ B · e tie · x both bad · enter passages ───────────────────────────────────────────────────────────────────────────────
 judge the two answers to ask the next question
 turn 2 stored: which answer is better? a/← A · b/→ B · e tie · x both bad
EOF
check_screen "it fits 40x12" narrow <<'EOF'
 p.db · alice · arena
── Question 2 ──────────────────────────
 Who built it?
── A · top ─────────────────────────────
 alpha 2: Who built it?

── B · below ───────────────────────────
 beta 2: Who built it?

── Your question 3 · enter sends · ↑/↓ …
 >
 saved: B · both systems go on with an…
EOF
check_rows "F2: the turns are judged in the turn screen" judge 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation live-alice-1 · turn 1/2                                unfinished
EOF
check_eq "the two preferences are stored" "2" "$(sqlite3 p.db "SELECT count(*) FROM label WHERE unit = 'pair'")"

done_testing
