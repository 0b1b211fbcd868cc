#!/bin/sh
# The evidence pane of the faithfulness screen (the scheme shows
# "evidence"): the response's stored evidence spans merged into one
# paragraph, each passage's pieces after its id, inert, wrapped to the width and
# cut with " …" when it does not fit; before convqa spans has run, how to
# make them.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

ui_run p.db --rater alice --task faithfulness <<'EOF'
esc
:save-screen none
EOF
check_ran "the faithfulness screen without spans"
check_screen "no stored spans: how to make them" none <<'EOF'
 convqa · p.db · rater alice · task faithfulness   item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 1 of 2 · f faithful · x unfaithful ───────────────────────────────────
 A tower with a lamp that guides ships.
── Evidence ────────────────────────────────────────────────────────────────────
 no evidence spans: run convqa spans













 faithfulness: ?  note: —
 missing: faithfulness
 welcome, alice: ? lists the keys                               ? help · q quit
EOF

check_run "convqa spans" 0 "" "$CONVQA" spans --db p.db
ui_run p.db --rater alice --task faithfulness <<'EOF'
esc
n
:save-screen spans
EOF
check_ran "the faithfulness screen with spans"
check_screen "the evidence paragraph of the second answer" spans <<'EOF'
 convqa · p.db · rater alice · task faithfulness   item 2/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 2 of 2 · f faithful · x unfaithful ───────────────────────────────────
 A building by the sea.
── Evidence · 1 piece of 1 passage ─────────────────────────────────────────────
 [p-tall] Most lighthouses are between 20 and 60 metres tall, and a few stand
 only a few metres above the sea.












 faithfulness: ?  note: —
 missing: faithfulness
                                                                ? help · q quit
EOF

# every window that shares a token: pieces of two passages
check_run "convqa spans --min-overlap 0" 0 "" "$CONVQA" spans --db p.db --min-overlap 0
ui_run p.db --rater alice --task faithfulness <<'EOF'
esc
:save-screen all
:resize 40 12
:save-screen cut
EOF
check_ran "the faithfulness screen with spans of two passages"
check_screen "two passages' pieces, each after its id" all <<'EOF'
 convqa · p.db · rater alice · task faithfulness   item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 1 of 2 · f faithful · x unfaithful ───────────────────────────────────
 A tower with a lamp that guides ships.
── Evidence · 2 pieces of 2 passages ───────────────────────────────────────────
 [p-light] A lighthouse is a tower with a bright lamp that guides ships at
 night. [p-keeper] Lighthouse keepers lit the lamp, wound the clockwork and
 kept the lens clean.











 faithfulness: ?  note: —
 missing: faithfulness
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_screen "a paragraph that does not fit is cut" cut <<'EOF'
 p.db · alice · faithf… item 1/4 0 done
 c1 · turn 1/2
── Question 1/2 ────────────────────────
 What is a lighthouse?
── Answer 1 of 2 · f/x faithfulness ────
 A tower with a lamp that guides ships.
── Evidence · 2 pieces of 2 passages ───
 [p-light] A lighthouse is a tower with
 a bright lamp that guides ships at …
 faithfulness:? note:—
 missing: faithfulness
 welcome, alice: ? li…  ? help · q quit
EOF

# a passage's escape sequences stay inert in the paragraph (item 7: the
# first answer to the hostile conversation's first turn)
ui_project h.db "$FIXTURES/unicode_hostile.json"
check_run "convqa spans of the hostile fixture" 0 "" "$CONVQA" spans --db h.db --min-overlap 0
ui_run h.db --rater alice --task faithfulness <<'EOF'
esc
:
7
enter
:save-screen hostile
EOF
check_ran "the faithfulness screen of a hostile passage"
check_rows "escape sequences in the evidence are shown inert" hostile 7 9 <<'EOF'
── Evidence · 1 piece of 1 passage ─────────────────────────────────────────────
 [ansi] Normal text, then ^[[31mRED^[[0m and ^[[1;4;5mbold underlined
 blinking^[[0m.
EOF

done_testing
