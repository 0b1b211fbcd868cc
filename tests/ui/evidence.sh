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
── Evidence · 1 piece of 1 passage · j/k piece 1/1 · enter opens p-tall ────────
▸[p-tall] Most lighthouses are between 20 and 60 metres tall, and a few stand
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
j
:save-screen cut-second
enter
:save-screen cut-opened
EOF
check_ran "the faithfulness screen with spans of two passages"
check_screen "two passages' pieces, each after its id" all <<'EOF'
 convqa · p.db · rater alice · task faithfulness   item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 1 of 2 · f faithful · x unfaithful ───────────────────────────────────
 A tower with a lamp that guides ships.
── Evidence · 2 pieces of 2 passages · j/k piece 1/2 · enter opens p-light ─────
▸[p-light] A lighthouse is a tower with a bright lamp that guides ships at
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
▸[p-light] A lighthouse is a tower with
 a bright lamp that guides ships at …
 faithfulness:? note:—
 missing: faithfulness
 welcome, alice: ? li…  ? help · q quit
EOF
check_rows "j on a cut paragraph: the second piece scrolls into view, marked, the rest cut" cut-second 7 9 <<'EOF'
── Evidence · 2 pieces of 2 passages ───
▸night. [p-keeper] Lighthouse keepers
 lit the lamp, wound the clockwork …
EOF
check_rows "  and enter opens its passage" cut-opened 2 2 <<'EOF'
 Passage 2 of 3 · rank 2 · p-keeper
EOF

# a passage's escape sequences stay inert in the paragraph (item 8:
# alice's second answer to the hostile conversation's first turn, "RED")
ui_project h.db "$FIXTURES/unicode_hostile.json"
check_run "convqa spans of the hostile fixture" 0 "" "$CONVQA" spans --db h.db --min-overlap 0
ui_run h.db --rater alice --task faithfulness <<'EOF'
esc
:
8
enter
:save-screen hostile
EOF
check_ran "the faithfulness screen of a hostile passage"
check_rows "escape sequences in the evidence are shown inert" hostile 7 9 <<'EOF'
── Evidence · 1 piece of 1 passage · j/k piece 1/1 · enter opens ansi ──────────
▸[ansi] Normal text, then ^[[31mRED^[[0m and ^[[1;4;5mbold underlined
 blinking^[[0m.
EOF

# the move keys pick a piece, the open key opens its passage in full,
# scrolled to the piece (one line before it shown); esc comes back
cat >"$T/long.json" <<EOF
{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s"}],
 "collection": [{"id": "p-long", "title": "Long", "text": "A zebra is striped. Sentence 1 says nothing much. Sentence 2 says nothing much. Sentence 3 says nothing much. Sentence 4 says nothing much. Sentence 5 says nothing much. Sentence 6 says nothing much. Sentence 7 says nothing much. Sentence 8 says nothing much. Sentence 9 says nothing much. Sentence 10 says nothing much. Sentence 11 says nothing much. Sentence 12 says nothing much. Sentence 13 says nothing much. Sentence 14 says nothing much. Sentence 15 says nothing much. Sentence 16 says nothing much. Sentence 17 says nothing much. Sentence 18 says nothing much. Sentence 19 says nothing much. Sentence 20 says nothing much. Sentence 21 says nothing much. Sentence 22 says nothing much. Sentence 23 says nothing much. Sentence 24 says nothing much. Sentence 25 says nothing much. Sentence 26 says nothing much. Sentence 27 says nothing much. Sentence 28 says nothing much. Sentence 29 says nothing much. Sentence 30 says nothing much. Sentence 31 says nothing much. Sentence 32 says nothing much. Sentence 33 says nothing much. Sentence 34 says nothing much. Sentence 35 says nothing much. Sentence 36 says nothing much. Sentence 37 says nothing much. Sentence 38 says nothing much. Sentence 39 says nothing much. Sentence 40 says nothing much. Sentence 41 says nothing much. Sentence 42 says nothing much. Sentence 43 says nothing much. Sentence 44 says nothing much. Sentence 45 says nothing much. Sentence 46 says nothing much. Sentence 47 says nothing much. Sentence 48 says nothing much. Sentence 49 says nothing much. Sentence 50 says nothing much. Sentence 51 says nothing much. Sentence 52 says nothing much. Sentence 53 says nothing much. Sentence 54 says nothing much. Sentence 55 says nothing much. Sentence 56 says nothing much. Sentence 57 says nothing much. Sentence 58 says nothing much. Sentence 59 says nothing much. Sentence 60 says nothing much. Zebras cross roads on a zebra crossing."},
  {"id": "p-short", "title": "Short", "text": "Nothing here."}],
 "conversations": [{"id": "z", "turns": [
   {"question": "Where do zebras cross?", "responses": [
     {"system": "s", "answer": "On a zebra crossing.", "passages": [{"rank": 1, "id": "p-short"}, {"rank": 2, "id": "p-long"}]}]}]}]}
EOF
ui_project z.db "$T/long.json"
check_run "convqa spans of a long passage" 0 "" "$CONVQA" spans --db z.db
ui_run z.db --rater alice --task faithfulness <<'EOF'
esc
:save-screen zfirst
j
:save-screen zsecond
enter
:save-screen zopen
esc
:save-screen zback
EOF
check_ran "opening the passage of a piece"
check_rows "two pieces: the rule names the first one's passage" zfirst 7 7 <<'EOF'
── Evidence · 2 pieces of 1 passage · j/k piece 1/2 · enter opens p-long ───────
EOF
check_rows "j picks the second piece" zsecond 7 7 <<'EOF'
── Evidence · 2 pieces of 1 passage · j/k piece 2/2 · enter opens p-long ───────
EOF
check_grep "enter opens the piece's passage" "Passage 2 of 2 · rank 2 · p-long" "$T/screens/zopen"
check_grep "scrolled to the piece" "crossing" "$T/screens/zopen"
if grep -q "zebra is striped" "$T/screens/zopen"; then
	not_ok "not from its top" "the screen:" "$(cat "$T/screens/zopen")"
else
	ok "not from its top"
fi
check_rows "esc comes back to the evidence" zback 7 7 <<'EOF'
── Evidence · 2 pieces of 1 passage · j/k piece 2/2 · enter opens p-long ───────
EOF

done_testing
