#!/bin/sh
# Judgement units on the item screen: a turn's intent and a passage
# retrieved by several systems are judged once - given on one answer they
# show judged on every answer of the turn that has them - and the header's
# count of finished items follows: a label given on one answer can finish
# (or, undone, unfinish) another. With 2 systems and with 3.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

# c1/1: sys-a retrieved p-light p-keeper p-lens, sys-b p-light p-tall.
# On sys-a's answer everything but the intent and p-light; then on sys-b's
# the intent and p-light, which finish sys-a's answer too.
ui_run p.db --rater alice <<'EOF'
esc
c
2
3
:save-screen a-partial
n
:save-screen b-before
e
1
:save-screen b-shared
c
2
:save-screen b-finished
p
:save-screen a-after
n
u
u
u
u
:save-screen b-undone
EOF
check_ran "the two-system script runs"
check_rows "sys-a's answer without intent and p-light: unfinished" a-partial 1 1 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
EOF
check_rows "sys-a's answer without intent and p-light: unfinished (bar)" a-partial 22 23 <<'EOF'
 intent: ?  answer: correct  relevant: 2/3 judged (2 relevant)  note: —
 missing: intent, relevant 1
EOF
check_rows "sys-b's answer: nothing of its own judged yet" b-before 1 10 <<'EOF'
 convqa · p.db · rater alice · task turn           item 2/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 2 of 2 · c correct · x incorrect ─────────────────────────────────────
 A building by the sea.
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-tall · Tallest lighthouses
EOF
check_rows "sys-b's answer: nothing of its own judged yet (bar)" b-before 22 23 <<'EOF'
 intent: ?  answer: ?  relevant: 0/2 judged  note: —
 missing: intent, answer_correct, relevant 1 2
EOF
check_rows "the intent and p-light given on sys-b's answer finish sys-a's: 1 done" b-shared 1 1 <<'EOF'
 convqa · p.db · rater alice · task turn           item 2/4 [###-------] 1 done
EOF
check_rows "sys-b's answer: its own answer and passage still missing" b-shared 22 23 <<'EOF'
 intent: extractive  answer: ?  relevant: 1/2 judged (1 relevant)  note: —
 missing: answer_correct, relevant 2
EOF
check_rows "sys-b's answer finished too: 2 done" b-finished 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 2/4 [#####-----] 2 done
 conversation c1 · turn 1/2                                          ✓ finished
EOF
check_screen "back on sys-a's answer: the intent and p-light as given on sys-b's" a-after <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [#####-----] 2 done
 conversation c1 · turn 1/2                                          ✓ finished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [+] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [+] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: extractive  answer: correct  relevant: 3/3 judged (3 relevant)  note: —
 ✓ finished · n: next item
                                                                ? help · q quit
EOF
check_rows "u four times on sys-b's answer, the intent and p-light with the rest: both unfinished, 0 done" b-undone 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 2/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
EOF
check_rows "u four times on sys-b's answer (bar)" b-undone 22 24 <<'EOF'
 intent: ?  answer: ?  relevant: 0/2 judged  note: —
 missing: intent, answer_correct, relevant 1 2
 undone · intent cleared                                        ? help · q quit
EOF

# three systems: each answers and retrieves p1; the intent and p1 given on
# the last answer finish all three at once
cat >"$T/three.json" <<'EOF'
{"format": "convqa-tasks", "version": 1,
 "systems": [{"id": "s1"}, {"id": "s2"}, {"id": "s3"}],
 "collection": [{"id": "p1", "title": "Bees", "text": "Honeybees dance to tell where flowers are."}],
 "conversations": [{"id": "bees", "turns": [
   {"question": "Why do bees dance?", "responses": [
     {"system": "s1", "answer": "To show the way to food.", "passages": [{"rank": 1, "id": "p1"}]},
     {"system": "s2", "answer": "For fun.", "passages": [{"rank": 1, "id": "p1"}]},
     {"system": "s3", "answer": "To tell where flowers are.", "passages": [{"rank": 1, "id": "p1"}]}]}]}]}
EOF
ui_project t.db "$T/three.json"
ui_run t.db --rater bob <<'EOF'
esc
c
n
x
n
c
:save-screen three-before
b
1
:save-screen three-after
p
:save-screen three-second
EOF
check_ran "the three-system script runs"
check_rows "3 systems: each answer judged, the intent and p1 not yet: 0 done" three-before 1 2 <<'EOF'
 convqa · t.db · rater bob · task turn             item 3/3 [----------] 0 done
 conversation bees · turn 1/1                                        unfinished
EOF
check_rows "the intent and p1 given on the third answer finish all three: 3 done" three-after 1 2 <<'EOF'
 convqa · t.db · rater bob · task turn             item 3/3 [##########] 3 done
 conversation bees · turn 1/1                                        ✓ finished
EOF
check_rows "the third answer's status says it is finished" three-after 24 24 <<'EOF'
 saved · passage 1 relevant · item finished (n: next item)      ? help · q quit
EOF
check_rows "the second answer shows them" three-second 22 23 <<'EOF'
 intent: boolean  answer: incorrect  relevant: 1/1 judged (1 relevant)  note: —
 ✓ finished · n: next item
EOF
# (bob's order of the turn's answers: s1's, s2's, s3's)
check_eq "one intent for the turn, one relevance for p1" 'bees/1/s1 bob answer_correct=1
bees/1/s2 bob answer_correct=0
bees/1/s3 bob answer_correct=1
bees/1/s3 bob intent="boolean"
bees/1/s3 bob relevant[1]=1' "$(labels t.db | sort)"
done_testing
