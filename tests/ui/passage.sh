#!/bin/sh
# The passage pane (enter opens the focused passage in full under the
# question it is judged against; j/k/down/up scroll a line, pgdn/pgup a
# page; n/p (right/left) the next/previous passage; space toggles its
# relevance; esc, backspace or enter close it),
# the turn pane (t), the rewrite toggle (r) and a long answer that does not
# fit ("… more lines").
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/long.json"

ui_run p.db --rater alice <<'EOF'
esc
:save-screen item
enter
:save-screen pane
j
down
:save-screen scroll2
pgdn
:save-screen page
pgdn
pgdn
:save-screen bottom
k
up
pgup
:save-screen up
space
:save-screen pane-toggled
n
:save-screen pane2
right
p
left
:save-screen pane-back
esc
enter
backspace
:save-screen closed
t
:save-screen turn-pane
j
:save-screen turn-pane-scrolled
t
r
:save-screen rewrite
r
:save-screen rewrite-off
EOF
check_ran "the script runs"
check_screen "a long question and answer are cut, saying how much more there is" item <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 conversation c-long · turn 1/1                                      unfinished
── Question 1/1 · e/a/b intent: extractive/abstractive/boolean · r rewrite ─────
 What does the long passage say about the lamp, and how often did it turn in
 each of the forty lines that the passage lists one after the other?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 Sentence 1 of a long answer. Sentence 2 of a long answer. Sentence 3 of a long
 answer. Sentence 4 of a long answer. Sentence 5 of a long answer. Sentence 6
 of a long answer. Sentence 7 of a long answer. Sentence 8 of a long answer.
 Sentence 9 of a long answer. Sentence 10 of a long answer. Sentence 11 of a
 long answer. Sentence 12 of a long answer. Sentence 13 of a long answer.
 … 7 more lines · t shows all
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] long · A passage of forty lines
      Line 1 of the long passage: the lamp turned once every 4 seconds.
      Line 2 of the long passage: the lamp turned once every 5 seconds.
      Line 3 of the long passage: the lamp turned once every 6 seconds.
      Line 4 of the long passage: the lamp turned once every 7 seconds.
      Line 5 of the long passage: the lamp turned once every 8 seconds. …
  2 [ ] short · Short
      Only one line.
 intent: ?  answer: ?  relevant: 0/2 judged  note: —
 missing: intent, answer_correct, relevant 1 2
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_screen "enter opens the focused passage in full" pane <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Passage 1 of 2 · rank 1 · long · not judged
 Q1: What does the long passage say about the lamp, and how often did it turn …
── A passage of forty lines ────────────────────────────────────────────────────
  Line 1 of the long passage: the lamp turned once every 4 seconds.
  Line 2 of the long passage: the lamp turned once every 5 seconds.
  Line 3 of the long passage: the lamp turned once every 6 seconds.
  Line 4 of the long passage: the lamp turned once every 7 seconds.
  Line 5 of the long passage: the lamp turned once every 8 seconds.
  Line 6 of the long passage: the lamp turned once every 9 seconds.
  Line 7 of the long passage: the lamp turned once every 3 seconds.
  Line 8 of the long passage: the lamp turned once every 4 seconds.
  Line 9 of the long passage: the lamp turned once every 5 seconds.
  Line 10 of the long passage: the lamp turned once every 6 seconds.
  Line 11 of the long passage: the lamp turned once every 7 seconds.
  Line 12 of the long passage: the lamp turned once every 8 seconds.
  Line 13 of the long passage: the lamp turned once every 9 seconds.
  Line 14 of the long passage: the lamp turned once every 3 seconds.
  Line 15 of the long passage: the lamp turned once every 4 seconds.
  Line 16 of the long passage: the lamp turned once every 5 seconds.
  Line 17 of the long passage: the lamp turned once every 6 seconds.
  Line 18 of the long passage: the lamp turned once every 7 seconds.
 lines 1-18 of 40       j/k scroll · n/p passage · space relevant? · q/esc back
 welcome, alice: ? lists the keys
EOF
check_screen "j and down scroll a line each" scroll2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Passage 1 of 2 · rank 1 · long · not judged
 Q1: What does the long passage say about the lamp, and how often did it turn …
── A passage of forty lines ────────────────────────────────────────────────────
  Line 3 of the long passage: the lamp turned once every 6 seconds.
  Line 4 of the long passage: the lamp turned once every 7 seconds.
  Line 5 of the long passage: the lamp turned once every 8 seconds.
  Line 6 of the long passage: the lamp turned once every 9 seconds.
  Line 7 of the long passage: the lamp turned once every 3 seconds.
  Line 8 of the long passage: the lamp turned once every 4 seconds.
  Line 9 of the long passage: the lamp turned once every 5 seconds.
  Line 10 of the long passage: the lamp turned once every 6 seconds.
  Line 11 of the long passage: the lamp turned once every 7 seconds.
  Line 12 of the long passage: the lamp turned once every 8 seconds.
  Line 13 of the long passage: the lamp turned once every 9 seconds.
  Line 14 of the long passage: the lamp turned once every 3 seconds.
  Line 15 of the long passage: the lamp turned once every 4 seconds.
  Line 16 of the long passage: the lamp turned once every 5 seconds.
  Line 17 of the long passage: the lamp turned once every 6 seconds.
  Line 18 of the long passage: the lamp turned once every 7 seconds.
  Line 19 of the long passage: the lamp turned once every 8 seconds.
  Line 20 of the long passage: the lamp turned once every 9 seconds.
 lines 3-20 of 40       j/k scroll · n/p passage · space relevant? · q/esc back
 welcome, alice: ? lists the keys
EOF
check_screen "pgdn scrolls a page" page <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Passage 1 of 2 · rank 1 · long · not judged
 Q1: What does the long passage say about the lamp, and how often did it turn …
── A passage of forty lines ────────────────────────────────────────────────────
  Line 20 of the long passage: the lamp turned once every 9 seconds.
  Line 21 of the long passage: the lamp turned once every 3 seconds.
  Line 22 of the long passage: the lamp turned once every 4 seconds.
  Line 23 of the long passage: the lamp turned once every 5 seconds.
  Line 24 of the long passage: the lamp turned once every 6 seconds.
  Line 25 of the long passage: the lamp turned once every 7 seconds.
  Line 26 of the long passage: the lamp turned once every 8 seconds.
  Line 27 of the long passage: the lamp turned once every 9 seconds.
  Line 28 of the long passage: the lamp turned once every 3 seconds.
  Line 29 of the long passage: the lamp turned once every 4 seconds.
  Line 30 of the long passage: the lamp turned once every 5 seconds.
  Line 31 of the long passage: the lamp turned once every 6 seconds.
  Line 32 of the long passage: the lamp turned once every 7 seconds.
  Line 33 of the long passage: the lamp turned once every 8 seconds.
  Line 34 of the long passage: the lamp turned once every 9 seconds.
  Line 35 of the long passage: the lamp turned once every 3 seconds.
  Line 36 of the long passage: the lamp turned once every 4 seconds.
  Line 37 of the long passage: the lamp turned once every 5 seconds.
 lines 20-37 of 40      j/k scroll · n/p passage · space relevant? · q/esc back
 welcome, alice: ? lists the keys
EOF
check_screen "scrolling stops at the end" bottom <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Passage 1 of 2 · rank 1 · long · not judged
 Q1: What does the long passage say about the lamp, and how often did it turn …
── A passage of forty lines ────────────────────────────────────────────────────
  Line 23 of the long passage: the lamp turned once every 5 seconds.
  Line 24 of the long passage: the lamp turned once every 6 seconds.
  Line 25 of the long passage: the lamp turned once every 7 seconds.
  Line 26 of the long passage: the lamp turned once every 8 seconds.
  Line 27 of the long passage: the lamp turned once every 9 seconds.
  Line 28 of the long passage: the lamp turned once every 3 seconds.
  Line 29 of the long passage: the lamp turned once every 4 seconds.
  Line 30 of the long passage: the lamp turned once every 5 seconds.
  Line 31 of the long passage: the lamp turned once every 6 seconds.
  Line 32 of the long passage: the lamp turned once every 7 seconds.
  Line 33 of the long passage: the lamp turned once every 8 seconds.
  Line 34 of the long passage: the lamp turned once every 9 seconds.
  Line 35 of the long passage: the lamp turned once every 3 seconds.
  Line 36 of the long passage: the lamp turned once every 4 seconds.
  Line 37 of the long passage: the lamp turned once every 5 seconds.
  Line 38 of the long passage: the lamp turned once every 6 seconds.
  Line 39 of the long passage: the lamp turned once every 7 seconds.
  Line 40 of the long passage: the lamp turned once every 8 seconds.
 lines 23-40 of 40      j/k scroll · n/p passage · space relevant? · q/esc back
 welcome, alice: ? lists the keys
EOF
check_screen "k, up and pgup scroll back" up <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Passage 1 of 2 · rank 1 · long · not judged
 Q1: What does the long passage say about the lamp, and how often did it turn …
── A passage of forty lines ────────────────────────────────────────────────────
  Line 4 of the long passage: the lamp turned once every 7 seconds.
  Line 5 of the long passage: the lamp turned once every 8 seconds.
  Line 6 of the long passage: the lamp turned once every 9 seconds.
  Line 7 of the long passage: the lamp turned once every 3 seconds.
  Line 8 of the long passage: the lamp turned once every 4 seconds.
  Line 9 of the long passage: the lamp turned once every 5 seconds.
  Line 10 of the long passage: the lamp turned once every 6 seconds.
  Line 11 of the long passage: the lamp turned once every 7 seconds.
  Line 12 of the long passage: the lamp turned once every 8 seconds.
  Line 13 of the long passage: the lamp turned once every 9 seconds.
  Line 14 of the long passage: the lamp turned once every 3 seconds.
  Line 15 of the long passage: the lamp turned once every 4 seconds.
  Line 16 of the long passage: the lamp turned once every 5 seconds.
  Line 17 of the long passage: the lamp turned once every 6 seconds.
  Line 18 of the long passage: the lamp turned once every 7 seconds.
  Line 19 of the long passage: the lamp turned once every 8 seconds.
  Line 20 of the long passage: the lamp turned once every 9 seconds.
  Line 21 of the long passage: the lamp turned once every 3 seconds.
 lines 4-21 of 40       j/k scroll · n/p passage · space relevant? · q/esc back
 welcome, alice: ? lists the keys
EOF
check_screen "space in the pane toggles the passage shown" pane-toggled <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Passage 1 of 2 · rank 1 · long · relevant
 Q1: What does the long passage say about the lamp, and how often did it turn …
── A passage of forty lines ────────────────────────────────────────────────────
  Line 4 of the long passage: the lamp turned once every 7 seconds.
  Line 5 of the long passage: the lamp turned once every 8 seconds.
  Line 6 of the long passage: the lamp turned once every 9 seconds.
  Line 7 of the long passage: the lamp turned once every 3 seconds.
  Line 8 of the long passage: the lamp turned once every 4 seconds.
  Line 9 of the long passage: the lamp turned once every 5 seconds.
  Line 10 of the long passage: the lamp turned once every 6 seconds.
  Line 11 of the long passage: the lamp turned once every 7 seconds.
  Line 12 of the long passage: the lamp turned once every 8 seconds.
  Line 13 of the long passage: the lamp turned once every 9 seconds.
  Line 14 of the long passage: the lamp turned once every 3 seconds.
  Line 15 of the long passage: the lamp turned once every 4 seconds.
  Line 16 of the long passage: the lamp turned once every 5 seconds.
  Line 17 of the long passage: the lamp turned once every 6 seconds.
  Line 18 of the long passage: the lamp turned once every 7 seconds.
  Line 19 of the long passage: the lamp turned once every 8 seconds.
  Line 20 of the long passage: the lamp turned once every 9 seconds.
  Line 21 of the long passage: the lamp turned once every 3 seconds.
 lines 4-21 of 40       j/k scroll · n/p passage · space relevant? · q/esc back
 saved · passage 1 relevant
EOF
check_screen "n shows the next passage" pane2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Passage 2 of 2 · rank 2 · short · not judged
 Q1: What does the long passage say about the lamp, and how often did it turn …
── Short ───────────────────────────────────────────────────────────────────────
  Only one line.

















                        j/k scroll · n/p passage · space relevant? · q/esc back
 saved · passage 1 relevant
EOF
check_screen "right stops at the last passage; p and left go back" pane-back <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Passage 1 of 2 · rank 1 · long · relevant
 Q1: What does the long passage say about the lamp, and how often did it turn …
── A passage of forty lines ────────────────────────────────────────────────────
  Line 1 of the long passage: the lamp turned once every 4 seconds.
  Line 2 of the long passage: the lamp turned once every 5 seconds.
  Line 3 of the long passage: the lamp turned once every 6 seconds.
  Line 4 of the long passage: the lamp turned once every 7 seconds.
  Line 5 of the long passage: the lamp turned once every 8 seconds.
  Line 6 of the long passage: the lamp turned once every 9 seconds.
  Line 7 of the long passage: the lamp turned once every 3 seconds.
  Line 8 of the long passage: the lamp turned once every 4 seconds.
  Line 9 of the long passage: the lamp turned once every 5 seconds.
  Line 10 of the long passage: the lamp turned once every 6 seconds.
  Line 11 of the long passage: the lamp turned once every 7 seconds.
  Line 12 of the long passage: the lamp turned once every 8 seconds.
  Line 13 of the long passage: the lamp turned once every 9 seconds.
  Line 14 of the long passage: the lamp turned once every 3 seconds.
  Line 15 of the long passage: the lamp turned once every 4 seconds.
  Line 16 of the long passage: the lamp turned once every 5 seconds.
  Line 17 of the long passage: the lamp turned once every 6 seconds.
  Line 18 of the long passage: the lamp turned once every 7 seconds.
 lines 1-18 of 40       j/k scroll · n/p passage · space relevant? · q/esc back
 this is the first passage
EOF
check_screen "esc and backspace close the pane; the label is on the item screen" closed <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 conversation c-long · turn 1/1                                      unfinished
── Question 1/1 · e/a/b intent: extractive/abstractive/boolean · r rewrite ─────
 What does the long passage say about the lamp, and how often did it turn in
 each of the forty lines that the passage lists one after the other?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 Sentence 1 of a long answer. Sentence 2 of a long answer. Sentence 3 of a long
 answer. Sentence 4 of a long answer. Sentence 5 of a long answer. Sentence 6
 of a long answer. Sentence 7 of a long answer. Sentence 8 of a long answer.
 Sentence 9 of a long answer. Sentence 10 of a long answer. Sentence 11 of a
 long answer. Sentence 12 of a long answer. Sentence 13 of a long answer.
 … 7 more lines · t shows all
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] long · A passage of forty lines
      Line 1 of the long passage: the lamp turned once every 4 seconds.
      Line 2 of the long passage: the lamp turned once every 5 seconds.
      Line 3 of the long passage: the lamp turned once every 6 seconds.
      Line 4 of the long passage: the lamp turned once every 7 seconds.
      Line 5 of the long passage: the lamp turned once every 8 seconds. …
  2 [ ] short · Short
      Only one line.
 intent: ?  answer: ?  relevant: 1/2 judged (1 relevant)  note: —
 missing: intent, answer_correct, relevant 2
 this is the first passage                                      ? help · q quit
EOF
check_screen "t shows the question, rewrite and answer in full" turn-pane <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Turn 1/1 of c-long
── Question and answer in full ─────────────────────────────────────────────────
  Question 1/1:
  What does the long passage say about the lamp, and how often did it turn in
  each of the forty lines that the passage lists one after the other?

  Rewrite:
  How often did the lighthouse lamp turn?

  Answer 1 of 1:
  Sentence 1 of a long answer. Sentence 2 of a long answer. Sentence 3 of a
  long answer. Sentence 4 of a long answer. Sentence 5 of a long answer.
  Sentence 6 of a long answer. Sentence 7 of a long answer. Sentence 8 of a
  long answer. Sentence 9 of a long answer. Sentence 10 of a long answer.
  Sentence 11 of a long answer. Sentence 12 of a long answer. Sentence 13 of a
  long answer. Sentence 14 of a long answer. Sentence 15 of a long answer.
  Sentence 16 of a long answer. Sentence 17 of a long answer. Sentence 18 of a
  long answer. Sentence 19 of a long answer. Sentence 20 of a long answer.
  Sentence 21 of a long answer. Sentence 22 of a long answer. Sentence 23 of a
  long answer. Sentence 24 of a long answer. Sentence 25 of a long answer.
  Sentence 26 of a long answer. Sentence 27 of a long answer. Sentence 28 of a
 lines 1-19 of 20                                       j/k scroll · q/esc back
 this is the first passage
EOF
check_screen "the turn pane scrolls" turn-pane-scrolled <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 Turn 1/1 of c-long
── Question and answer in full ─────────────────────────────────────────────────
  What does the long passage say about the lamp, and how often did it turn in
  each of the forty lines that the passage lists one after the other?

  Rewrite:
  How often did the lighthouse lamp turn?

  Answer 1 of 1:
  Sentence 1 of a long answer. Sentence 2 of a long answer. Sentence 3 of a
  long answer. Sentence 4 of a long answer. Sentence 5 of a long answer.
  Sentence 6 of a long answer. Sentence 7 of a long answer. Sentence 8 of a
  long answer. Sentence 9 of a long answer. Sentence 10 of a long answer.
  Sentence 11 of a long answer. Sentence 12 of a long answer. Sentence 13 of a
  long answer. Sentence 14 of a long answer. Sentence 15 of a long answer.
  Sentence 16 of a long answer. Sentence 17 of a long answer. Sentence 18 of a
  long answer. Sentence 19 of a long answer. Sentence 20 of a long answer.
  Sentence 21 of a long answer. Sentence 22 of a long answer. Sentence 23 of a
  long answer. Sentence 24 of a long answer. Sentence 25 of a long answer.
  Sentence 26 of a long answer. Sentence 27 of a long answer. Sentence 28 of a
  long answer. Sentence 29 of a long answer. Sentence 30 of a long answer.
 lines 2-20 of 20                                       j/k scroll · q/esc back
 this is the first passage
EOF
check_screen "r shows the rewrite under the question" rewrite <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 conversation c-long · turn 1/1                                      unfinished
── Question 1/1 · e/a/b intent: extractive/abstractive/boolean · r hides rewrite
 What does the long passage say about the lamp, and how often did it turn in
 each of the forty lines that the passage lists one after the other?
 rewrite: How often did the lighthouse lamp turn?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 Sentence 1 of a long answer. Sentence 2 of a long answer. Sentence 3 of a long
 answer. Sentence 4 of a long answer. Sentence 5 of a long answer. Sentence 6
 of a long answer. Sentence 7 of a long answer. Sentence 8 of a long answer.
 Sentence 9 of a long answer. Sentence 10 of a long answer. Sentence 11 of a
 … 8 more lines · t shows all
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] long · A passage of forty lines
      Line 1 of the long passage: the lamp turned once every 4 seconds.
      Line 2 of the long passage: the lamp turned once every 5 seconds.
      Line 3 of the long passage: the lamp turned once every 6 seconds.
      Line 4 of the long passage: the lamp turned once every 7 seconds.
      Line 5 of the long passage: the lamp turned once every 8 seconds. …
  2 [ ] short · Short
      Only one line.
 intent: ?  answer: ?  relevant: 1/2 judged (1 relevant)  note: —
 missing: intent, answer_correct, relevant 2
 this is the first passage                                      ? help · q quit
EOF
check_screen "r again hides it" rewrite-off <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 conversation c-long · turn 1/1                                      unfinished
── Question 1/1 · e/a/b intent: extractive/abstractive/boolean · r rewrite ─────
 What does the long passage say about the lamp, and how often did it turn in
 each of the forty lines that the passage lists one after the other?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 Sentence 1 of a long answer. Sentence 2 of a long answer. Sentence 3 of a long
 answer. Sentence 4 of a long answer. Sentence 5 of a long answer. Sentence 6
 of a long answer. Sentence 7 of a long answer. Sentence 8 of a long answer.
 Sentence 9 of a long answer. Sentence 10 of a long answer. Sentence 11 of a
 long answer. Sentence 12 of a long answer. Sentence 13 of a long answer.
 … 7 more lines · t shows all
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] long · A passage of forty lines
      Line 1 of the long passage: the lamp turned once every 4 seconds.
      Line 2 of the long passage: the lamp turned once every 5 seconds.
      Line 3 of the long passage: the lamp turned once every 6 seconds.
      Line 4 of the long passage: the lamp turned once every 7 seconds.
      Line 5 of the long passage: the lamp turned once every 8 seconds. …
  2 [ ] short · Short
      Only one line.
 intent: ?  answer: ?  relevant: 1/2 judged (1 relevant)  note: —
 missing: intent, answer_correct, relevant 2
 this is the first passage                                      ? help · q quit
EOF
done_testing
