#!/bin/sh
# / on the turn screen: the collection search. A prompt takes the query
# (UTF-8, backspace, C-u, esc back); enter lists every passage that matches,
# best first (BM25), a page at a time (n/p, pgdn/pgup; j/k move past the
# page's end), each with its id, where it stands for the turn (rank here,
# gold) and a snippet; + names the selected passage in the item's
# extra_gold (saved at once, u undoes, + again takes it out), shown [+];
# enter opens it in full, n/p there the next one; esc goes back to the
# page, then to the turn as it was. A passage's escape sequences and its
# own "[[...]]" show as inert text. At 80x24 and 40x12.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIXTURES/search_ui.json"

ui_run p.db --rater alice <<'EOF'
esc
j
/
:save-screen prompt
:type lenz
backspace
:type s
:save-screen typed
enter
:save-screen results
j
j
:save-screen selected
+
:save-screen marked
enter
:save-screen open-evil
esc
n
:save-screen page2
j
:save-screen page2-end
p
:save-screen page1
pgdn
enter
:save-screen open
+
:save-screen open-marked
n
:save-screen open-next
esc
:save-screen back-to-page
u
:save-screen undone
c
:save-screen turn-key
/
C-u
:type "lens
enter
:save-screen bad-query
C-u
:type nothing_matches_this
enter
:save-screen no-match
esc
esc
:save-screen turn
q
EOF
check_ran "the script runs"
check_screen "/ opens the search prompt over the turn" prompt <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Search:
── Search every passage · enter searches · esc back ────────────────────────────
 Words (all must occur), "a phrase", OR, NOT, prefix*, title:word; best first
 (BM25). + marks a passage relevant for this turn.

















                                C-u erases to start · enter searches · esc back
 welcome, alice: ? lists the keys
EOF
check_rows "what is typed shows in the prompt (backspace erases)" typed 2 2 <<'EOF'
 Search: lens
EOF
check_screen 'enter lists the matching passages, best first, with snippets; rank here and gold for the turn; the hostile passage inert' results <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Search: lens
── 9 passages · 1-6 · best first ───────────────────────────────────────────────
▸ 1 [ ] lens-03 (gold) · Lens 3
      The lens number 3 shines across the bay at night.

  2 [ ] lens-06 · Lens 6
      The lens number 6 shines across the bay at night.

  3 [ ] evil · Evil [[lens]]
      A lens ^[]0;pwned^G and ^[[31mred^[[0m [[not a match]] text<U+202E> here.

  4 [ ] lens-01 · Lens 1
      Filler words. The lens number 1 shines across the bay at night.

  5 [ ] lens-04 · Lens 4
      Filler words. The lens number 4 shines across the bay at night.

  6 [ ] lens-07 · Lens 7
      Filler words. The lens number 7 shines across the bay at night.


 page 1 of 2           n/p page · enter opens · + relevant · / query · esc back
 welcome, alice: ? lists the keys
EOF
check_rows "j moves the selection" selected 4 9 <<'EOF'
  1 [ ] lens-03 (gold) · Lens 3
      The lens number 3 shines across the bay at night.

  2 [ ] lens-06 · Lens 6
      The lens number 6 shines across the bay at night.

EOF
check_screen '+ marks the selected passage [+], saved at once' marked <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Search: lens
── 9 passages · 1-6 · best first ───────────────────────────────────────────────
  1 [ ] lens-03 (gold) · Lens 3
      The lens number 3 shines across the bay at night.

  2 [ ] lens-06 · Lens 6
      The lens number 6 shines across the bay at night.

▸ 3 [+] evil · Evil [[lens]]
      A lens ^[]0;pwned^G and ^[[31mred^[[0m [[not a match]] text<U+202E> here.

  4 [ ] lens-01 · Lens 1
      Filler words. The lens number 1 shines across the bay at night.

  5 [ ] lens-04 · Lens 4
      Filler words. The lens number 4 shines across the bay at night.

  6 [ ] lens-07 · Lens 7
      Filler words. The lens number 7 shines across the bay at night.


 page 1 of 2           n/p page · enter opens · + relevant · / query · esc back
 saved · evil marked relevant for this turn (extra_gold) · u undoes
EOF
check_rows "enter opens the hostile passage in full: its escapes and its own [[...]] inert" open-evil 2 6 <<'EOF'
 Found 3 of 9 · [+] evil
 Q1: Which lens shines at night?
── Evil [[lens]] ───────────────────────────────────────────────────────────────
  A lens ^[]0;pwned^G and ^[[31mred^[[0m [[not a match]] text<U+202E> here.

EOF
check_screen 'n shows the next page: the last one, shorter' page2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Search: lens
── 9 passages · 7-9 · best first ───────────────────────────────────────────────
  7 [ ] lens-02 (rank 1 here) · Lens 2
      … words. Filler words. The lens number 2 shines across the bay at night.

  8 [ ] lens-05 · Lens 5
      … words. Filler words. The lens number 5 shines across the bay at night.

▸ 9 [ ] lens-08 · Lens 8
      … words. Filler words. The lens number 8 shines across the bay at night.











 page 2 of 2           n/p page · enter opens · + relevant · / query · esc back
 saved · evil marked relevant for this turn (extra_gold) · u undoes
EOF
check_rows "j at the last passage stays there" page2-end 4 9 <<'EOF'
  7 [ ] lens-02 (rank 1 here) · Lens 2
      … words. Filler words. The lens number 2 shines across the bay at night.

  8 [ ] lens-05 · Lens 5
      … words. Filler words. The lens number 5 shines across the bay at night.

EOF
check_rows "p goes back a page, the mark still shown" page1 3 9 <<'EOF'
── 9 passages · 1-6 · best first ───────────────────────────────────────────────
  1 [ ] lens-03 (gold) · Lens 3
      The lens number 3 shines across the bay at night.

  2 [ ] lens-06 · Lens 6
      The lens number 6 shines across the bay at night.

EOF
check_screen 'pgdn, enter: the passage in full under the question' open <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Found 9 of 9 · [ ] lens-08
 Q1: Which lens shines at night?
── Lens 8 ──────────────────────────────────────────────────────────────────────
  Filler words. Filler words. The lens number 8 shines across the bay at
  night.
















                             j/k scroll · n/p passage · + relevant · q/esc back
 saved · evil marked relevant for this turn (extra_gold) · u undoes
EOF
check_rows "+ in the passage marks it" open-marked 2 2 <<'EOF'
 Found 9 of 9 · [+] lens-08
EOF
check_rows "n at the page's last passage says so" open-next 23 24 <<'EOF'
                               j/k scroll · n/p passage · + unmark · q/esc back
 this is the last passage of the page
EOF
check_rows "esc goes back to the page, the passage marked" back-to-page 9 10 <<'EOF'

▸ 9 [+] lens-08 · Lens 8
EOF
check_rows "u undoes the mark" undone 9 10 <<'EOF'

▸ 9 [ ] lens-08 · Lens 8
EOF
check_rows "u's message" undone 24 24 <<'EOF'
 undone · extra_gold saved
EOF
check_rows "a key of the turn screen says where it acts" turn-key 24 24 <<'EOF'
 c acts on the turn screen · esc goes back to it
EOF
check_screen 'a query FTS5 refuses stays in the prompt with the reason' bad-query <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Search: "lens
── Search every passage · enter searches · esc back ────────────────────────────
 the query '"lens' is not valid FTS5 syntax (unterminated string): search its
 words as they are in double quotes (a double quote in them doubled):
 '"""lens"'
















                                C-u erases to start · enter searches · esc back
 c acts on the turn screen · esc goes back to it
EOF
check_rows "a query that matches nothing says so" no-match 2 4 <<'EOF'
 Search: nothing_matches_this
── 0 passages · best first ─────────────────────────────────────────────────────
 no passage matches nothing_matches_this
EOF
check_screen 'esc, esc: back on the turn as it was (the focus on passage 2)' turn <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 conversation c1 · turn 1/1                                          unfinished
── Question 1/1 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Which lens shines at night?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 The third lens.
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
  1 [ ] lens-02 · Lens 2
      Filler words. Filler words. The lens number 2 shines across the bay at
      night.
▸ 2 [ ] tower · Tower
      A tower by the sea.









 intent: ?  answer: ?  relevant: 0/2 judged  note: —
 missing: intent, answer_correct, relevant 1 2
 c acts on the turn screen · esc goes back to it                ? help · q quit
EOF
check_eq "the labels: evil named in extra_gold, lens-08 marked then undone" \
	'c1/1/s1 alice extra_gold="evil"' "$(labels p.db)"

# ---- 40x12 ----------------------------------------------------------------------
CONVQA_COLUMNS=40 CONVQA_LINES=12 ui_run p.db --rater bob <<'EOF'
esc
/
:type bäy
backspace
backspace
:save-screen n-erased
:type ay
enter
:save-screen n-results
n
:save-screen n-page2
k
:save-screen n-up
+
enter
:save-screen n-open
esc
esc
:save-screen n-turn
q
EOF
check_ran "the narrow script runs"
check_rows "40x12: backspace erases a whole UTF-8 character" n-erased 2 2 <<'EOF'
 Search: b
EOF
check_screen "40x12: two passages a page, cut snippets, the footer's last hints" n-results <<'EOF'
 p.db · bob · turn      item 1/1 0 done
 Search: bay
── 8 passages · 1-2 · best first ───────
▸ 1 [ ] lens-03 (gold) · Lens 3
      … number 3 shines across the bay
      at night.
  2 [ ] lens-06 · Lens 6
      … number 6 shines across the bay
      at night.

 page 1 of 4         / query · esc back
 new rater bob; others: alice · q if m…
EOF
check_rows "40x12: n, the next page" n-page2 3 9 <<'EOF'
── 8 passages · 3-4 · best first ───────
▸ 3 [ ] lens-01 · Lens 1
      … number 1 shines across the bay
      at night.
  4 [ ] lens-04 · Lens 4
      … number 4 shines across the bay
      at night.
EOF
check_rows "40x12: k at the page's top goes to the last of the page before" n-up 3 10 <<'EOF'
── 8 passages · 1-2 · best first ───────
  1 [ ] lens-03 (gold) · Lens 3
      … number 3 shines across the bay
      at night.
▸ 2 [ ] lens-06 · Lens 6
      … number 6 shines across the bay
      at night.

EOF
check_screen "40x12: +, enter: the passage marked, in full" n-open <<'EOF'
 p.db · bob · turn      item 1/1 0 done
 Found 2 of 8 · [+] lens-06
 Q1: Which lens shines at night?
── Lens 6 ──────────────────────────────
  The lens number 6 shines across the
  bay at night.




    n/p passage · + unmark · q/esc back
 saved · lens-06 marked relevant for t…
EOF
check_rows "40x12: esc, esc: back on the turn" n-turn 1 2 <<'EOF'
 p.db · bob · turn      item 1/1 0 done
 c1 · turn 1/1
EOF

# the mark counts in R: bob judges the response's passages (lens-02
# relevant, tower not); R = gold lens-03 + lens-02 + lens-06 (his mark) = 3:
# R@3 = MAP = 1/3 (without the mark 1/2), nDCG@3 = 1 / (1 + 1/log2 3 + 1/2)
export CONVQA_DB=p.db
"$CONVQA" label -r bob -c c1 -n 1 -s s1 -k 1 relevant 1 >/dev/null
"$CONVQA" label -r bob -c c1 -n 1 -s s1 -k 2 relevant 0 >/dev/null
check_eq "the passage marked in the search counts in R for recall, MAP and nDCG" "0.3333 0.3333 0.4693" \
	"$("$CONVQA" report --raters bob --only retrieval --k 3 --format json | python3 -c '
import json, sys
c = json.load(sys.stdin)["sections"]["retrieval"]["tables"]["overall"]["rows"][0]["cells"]
print(" ".join("%.4f" % c[m]["value"] for m in ("recall@3", "map", "ndcg@3")))')"
done_testing
