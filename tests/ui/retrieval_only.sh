#!/bin/sh
# A retrieval-only output (a response with an empty answer, as a TREC run
# gives) in the built-in turn task: answer_correct is not asked of it (not
# hinted, not on the label bar, not missing, its keys say so), its intent
# and passages finish it, and the header's and the list's counts of
# finished items agree; the system that did answer is asked as before.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIXTURES/retrieval_only.json"

ui_run p.db --rater alice <<'EOF'
esc
:save-screen empty
c
:save-screen not-asked
e
1
2
:save-screen empty-finished
l
:save-screen list
esc
n
:save-screen answered
c
:save-screen answered-finished
EOF
check_ran "the script runs"
check_screen "an empty answer: answer_correct neither hinted nor asked" empty <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/2 [----------] 0 done
 conversation bees · turn 1/1                                        unfinished
── Question 1/1 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Why do bees dance?
── Answer 1 of 2 ───────────────────────────────────────────────────────────────
 (empty answer)
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p1 · Bees
      Honeybees dance to tell where flowers are.
  2 [ ] p2 · Wasps
      Wasps do not dance.










 intent: ?  relevant: 0/2 judged  note: —
 missing: intent, relevant 1 2
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_rows "c says answer_correct is not asked of an empty answer" not-asked 22 24 <<'EOF'
 intent: ?  relevant: 0/2 judged  note: —
 missing: intent, relevant 1 2
 answer_correct is not asked of an empty answer                 ? help · q quit
EOF
check_rows "the intent and the passages finish it: 1 done" empty-finished 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/2 [#####-----] 1 done
 conversation bees · turn 1/1                                        ✓ finished
EOF
check_rows "the intent and the passages finish it (bar)" empty-finished 22 23 <<'EOF'
 intent: extractive  relevant: 2/2 judged (2 relevant)  note: —
 ✓ finished · n: next item
EOF
check_rows "the item list agrees" list 2 5 <<'EOF'
── Items · 1 finished · 1 to do · • the item shown ─────────────────────────────
  # state        conversation  turn  answer  question
▸•1 ✓ finished   bees          1/1   1 of 2  Why do bees dance?
  2 unfinished   bees          1/1   2 of 2  Why do bees dance?
EOF
check_rows "the answered response is asked whether its answer is correct" answered 5 6 <<'EOF'
── Answer 2 of 2 · c correct · x incorrect ─────────────────────────────────────
 To show where flowers are.
EOF
check_rows "the answered response is asked whether its answer is correct (bar)" answered 22 23 <<'EOF'
 intent: extractive  answer: ?  relevant: 1/1 judged (1 relevant)  note: —
 missing: answer_correct
EOF
check_rows "c finishes it: 2 done" answered-finished 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 2/2 [##########] 2 done
 conversation bees · turn 1/1                                        ✓ finished
EOF
check_eq "the labels: no answer_correct on the empty answer" 'bees/1/bm25 alice intent="extractive"
bees/1/bm25 alice relevant[1]=1
bees/1/bm25 alice relevant[2]=1
bees/1/gen alice answer_correct=1' "$(labels p.db)"
done_testing
