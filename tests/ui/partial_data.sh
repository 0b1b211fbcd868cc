#!/bin/sh
# Data known in part (tests/fixtures/partial.json): turn 4 and turn 11 of
# conversation g1, the others not in the project; turn 11 has no question
# text (a run gave it by number) and ranks a passage known by its id only.
# The screens say so rather than invent: the history counts the earlier
# turns by number and says how many the project lacks, the question reads
# "(no question text)", the passage "(text not imported: id only)".
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$CONVQA_TOP/tests/fixtures/partial.json"

ui_run p.db --rater alice <<'EOF2'
esc
:save-screen turn4
n
:save-screen turn11
EOF2
check_ran "the script runs"
check_rows "turn 4: none of turns 1-3 is in the project, said in the history's rule" turn4 2 5 <<'EOF2'
 conversation g1 · turn 4/11                                         unfinished
── History · 0 of 3 earlier turns (3 not in the project) ───────────────────────
── Question 4/11 · e/a/b intent: extractive/abstractive/boolean ────────────────
 What is a lighthouse?
EOF2
check_rows "turn 11: turn 4 shown with its number, the 9 others missing; no question text; an id-only passage" \
	turn11 2 14 <<'EOF2'
 conversation g1 · turn 11/11                                        unfinished
── History · 1 of 10 earlier turns (9 not in the project) · h hides ────────────
 Q4 What is a lighthouse?
    A: A tower with a lamp.
── Question 11/11 · e/a/b intent: extractive/abstractive/boolean ───────────────
 (no question text)
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 The Pharos.
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p1
      (text not imported: id only)
  2 [ ] p3
      The Pharos of Alexandria was one of the Seven Wonders.
EOF2

ui_run p.db --rater alice <<'EOF2'
esc
h
:save-screen h4
EOF2
check_rows "h on turn 4 says the earlier turns are not in the project" h4 24 24 <<'EOF2'
 none of the 3 earlier turns is in the project                  ? help · q quit
EOF2
done_testing
