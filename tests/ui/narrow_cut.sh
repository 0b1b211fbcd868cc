#!/bin/sh
# At 40x12 text cut to fit ends in "…": the header, the section rules,
# passage titles, the missing line, the note prompt's rule and hint (with
# --show-systems, whose retrieval scores take room from the titles).
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

CONVQA_COLUMNS=40 CONVQA_LINES=12 ui_run p.db --rater alexandra-the-annotator --show-systems <<'EOF'
esc
n
:save-screen item
w
:type an unclear answer
:save-screen note
EOF
check_ran "the script runs"
check_rows "the header, the rules, a passage title and the missing line end in …" item 1 11 <<'EOF'
 p.db · alexandra-the-… item 2/4 0 done
 c1 · turn 1/2
── Question 1/2 · e/a/b intent ─────────
 What is a lighthouse?
── sys-b · c correct · x incorrect ─────
 A building by the sea.
── Passages (2) · 1-2 relevant? · j/k f…
▸ 1 [ ] p-light · Lighthouses       0.9
  2 [ ] p-tall · Tallest lighthous… 0.5
 intent:? answer:? relevant:0/2 note:—
 missing: intent, answer_correct, rele…
EOF
check_rows "the note prompt: its rule and its hint end in …" note 10 12 <<'EOF'
── Note · enter saves · esc cancels · C…
 > an unclear answer
 the note is optional; it is saved wit…
EOF
done_testing
