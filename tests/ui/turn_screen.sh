#!/bin/sh
# The item screen of the turn task at 80x24: the first-start guidelines, the
# layout, and every labelling key (intent, answer, relevance by rank, focus
# and space, the rest not relevant), each saved at once.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

ui_run p.db --rater alice <<'EOF'
:save-screen first-start
enter
:save-screen item1
e
:save-screen intent
a
b
b
:save-screen intent-kept
b
c
x
:save-screen answer
2
:save-screen rank2
2
:save-screen rank2-again
j
down
:save-screen focus3
space
k
up
KEY_UP
:save-screen focus1
-
:save-screen finished
EOF
check_ran "annotate runs the script and exits 0"

check_screen_of "at first start the guidelines are shown (built in, from the scheme)" first-start guidelines_turn <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 welcome, alice: ? lists the keys
EOF
check_screen_of "the item screen: header, question, answer, passages, label bar" item1 item_tower <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_screen "e sets intent extractive and says saved" intent <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: extractive  answer: ?  relevant: 0/3 judged  note: —
 missing: answer_correct, relevant 1 2 3
 saved · intent = extractive                                    ? help · q quit
EOF
check_screen "the key of the current value again keeps it: a double press loses nothing" intent-kept <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: boolean  answer: ?  relevant: 0/3 judged  note: —
 missing: answer_correct, relevant 1 2 3
 intent is boolean already · u undoes the last change           ? help · q quit
EOF
check_screen "c then x: the answer is incorrect" answer <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: boolean  answer: incorrect  relevant: 0/3 judged  note: —
 missing: relevant 1 2 3
 saved · answer_correct = incorrect                             ? help · q quit
EOF
check_screen "2 marks the passage at rank 2 relevant" rank2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [+] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: boolean  answer: incorrect  relevant: 1/3 judged (1 relevant)  note: —
 missing: relevant 1 3
 saved · passage 2 relevant                                     ? help · q quit
EOF
check_screen "2 again toggles it to not relevant" rank2-again <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [-] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: boolean  answer: incorrect  relevant: 1/3 judged (0 relevant)  note: —
 missing: relevant 1 3
 saved · passage 2 not relevant                                 ? help · q quit
EOF
check_screen "j and down move the focus; space toggles the focused passage" focus3 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
  1 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [-] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
▸ 3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: boolean  answer: incorrect  relevant: 1/3 judged (0 relevant)  note: —
 missing: relevant 1 3
 saved · passage 2 not relevant                                 ? help · q quit
EOF
check_screen "k, up and KEY_UP move the focus back, stopping at the first" focus1 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [-] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [+] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: boolean  answer: incorrect  relevant: 2/3 judged (1 relevant)  note: —
 missing: relevant 1
 saved · passage 3 relevant                                     ? help · q quit
EOF
check_screen "- marks every unjudged passage not relevant: the item is finished" finished <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [###-------] 1 done
 conversation c1 · turn 1/2                                          ✓ finished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [-] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [-] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [+] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: boolean  answer: incorrect  relevant: 3/3 judged (1 relevant)  note: —
 ✓ finished · n: next item
 saved · passage 1 not relevant · item finished (n: next item)  ? help · q quit
EOF

labels p.db >"$T/labels"
check_eq "every change is in the project" "c1/1/sys-a alice answer_correct=0
c1/1/sys-a alice intent=\"boolean\"
c1/1/sys-a alice relevant[1]=0
c1/1/sys-a alice relevant[2]=0
c1/1/sys-a alice relevant[3]=1" "$(cat "$T/labels")"
done_testing
