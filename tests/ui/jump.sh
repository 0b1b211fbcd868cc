#!/bin/sh
# Jump to item N (:): the prompt at the bottom asks for the number the
# header counts ("item 12/48": 12), enter goes there, from the item screen,
# the list and the summary; what is not an item of the queue (0, 49, a
# word, nothing) is said so in the prompt, which stays to be corrected
# (backspace, C-u); esc cancels. It fits 40x12.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"

# 12 conversations of 1-3 turns, 2 systems: 48 items
python3 - "$T/q.json" <<'EOF'
import json, sys
convs = [{"id": "conv-%02d" % k, "turns": [
    {"question": "Question %d of conversation %d?" % (t, k), "responses": [
        {"system": s, "answer": "Answer of %s." % s, "passages": [{"rank": 1, "score": 1, "id": "p%02d" % k}]}
        for s in ("sys-a", "sys-b")]} for t in range(1, 2 + k % 3)]} for k in range(1, 13)]
json.dump({"format": "convqa-tasks", "version": 1, "systems": [{"id": "sys-a"}, {"id": "sys-b"}],
           "collection": [{"id": "p%02d" % k, "title": "Passage %d" % k, "text": "Text of passage %d." % k}
                          for k in range(1, 13)],
           "conversations": convs}, open(sys.argv[1], "w"))
EOF
ui_project p.db "$T/q.json"

ui_run p.db --rater alice <<'EOF'
esc
:
:save-screen prompt
:type 12
:save-screen typed
enter
:save-screen item12
:
:type 0
enter
:save-screen zero
backspace
:type 49
enter
:save-screen past-end
C-u
:type twelve
enter
:save-screen word
C-u
enter
:save-screen empty
esc
:save-screen cancelled
:
:type  7 
enter
:save-screen spaces
l
:
:type 30
enter
:save-screen from-list
:
:type 48
enter
n
:save-screen summary
:
:type 2
enter
:save-screen from-summary
:
:resize 40 12
:type 1
:save-screen narrow
enter
:save-screen narrow-item1
EOF
check_ran "the script runs"
check_screen ": asks for the item's number at the bottom" prompt <<'EOF'
 convqa · p.db · rater alice · task turn          item 1/48 [----------] 0 done
 conversation conv-01 · turn 1/2                                     unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Question 1 of conversation 1?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 Answer of sys-a.
── Passages (1) · 1 relevant? · j/k focus · enter opens ────────────────────────
▸ 1 [ ] p01 · Passage 1
      Text of passage 1.












── Go to item · enter goes · esc cancels ───────────────────────────────────────
 item (1-48):
 item 1 of 48 is shown; 0 finished
EOF
check_rows "what is typed shows after the prompt" typed 22 24 <<'EOF'
── Go to item · enter goes · esc cancels ───────────────────────────────────────
 item (1-48): 12
 item 1 of 48 is shown; 0 finished
EOF
check_rows "enter goes to item 12" item12 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn         item 12/48 [----------] 0 done
 conversation conv-03 · turn 1/1                                     unfinished
EOF
check_rows "0 is not an item" zero 22 24 <<'EOF'
── Go to item · enter goes · esc cancels ───────────────────────────────────────
 item (1-48): 0
 there is no item 0: the queue has items 1 to 48
EOF
check_rows "nor is 49 of 48" past-end 22 24 <<'EOF'
── Go to item · enter goes · esc cancels ───────────────────────────────────────
 item (1-48): 49
 there is no item 49: the queue has items 1 to 48
EOF
check_rows "nor a word" word 22 24 <<'EOF'
── Go to item · enter goes · esc cancels ───────────────────────────────────────
 item (1-48): twelve
 'twelve' is not an item number: type 1 to 48
EOF
check_rows "enter with nothing typed asks for a number" empty 22 24 <<'EOF'
── Go to item · enter goes · esc cancels ───────────────────────────────────────
 item (1-48):
 type an item's number, 1 to 48 (esc cancels)
EOF
check_rows "esc cancels: still item 12" cancelled 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn         item 12/48 [----------] 0 done
 conversation conv-03 · turn 1/1                                     unfinished
EOF
check_rows "spaces around the number are no matter" spaces 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn          item 7/48 [----------] 0 done
 conversation conv-02 · turn 2/3                                     unfinished
EOF
check_rows ": from the list goes to the item" from-list 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn         item 30/48 [----------] 0 done
 conversation conv-08 · turn 1/3                                     unfinished
EOF
check_rows "(the summary, after the last item)" summary 2 3 <<'EOF'
── Summary ─────────────────────────────────────────────────────────────────────
  0 of 48 items finished, 48 still to do.
EOF
check_rows ": from the summary goes to the item" from-summary 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn          item 2/48 [----------] 0 done
 conversation conv-01 · turn 1/2                                     unfinished
EOF
check_screen "the prompt at 40x12" narrow <<'EOF'
 p.db · alice · turn   item 2/48 0 done
 conv-01 · turn 1/2
── Question 1/2 · e/a/b intent ─────────
 Question 1 of conversation 1?
── Answer 2/2 · c correct · x incorrect
 Answer of sys-b.
── Passages (1) · 1 relevant? · j/k foc…
▸ 1 [ ] p01 · Passage 1
      Text of passage 1.
── Go to item · enter goes · esc cancels
 item (1-48): 1
 item 2 of 48 is shown; 0 finished
EOF
check_rows "and enter goes there" narrow-item1 1 2 <<'EOF'
 p.db · alice · turn   item 1/48 0 done
 conv-01 · turn 1/2
EOF
check_eq "a jump changes no label" "" "$(labels p.db)"
done_testing
