#!/bin/sh
# A 40x12 window still works (every section shown, cut to fit); below it the
# UI says "window too small", keeps its state, and q still quits; growing the
# window back restores the screen.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

CONVQA_COLUMNS=40 CONVQA_LINES=12 ui_run p.db --rater alice <<'EOF'
:save-screen guidelines-40x12
esc
:save-screen item-40x12
e
j
j
space
:save-screen labelled-40x12
]
:save-screen history-40x12
enter
:save-screen pane-40x12
esc
?
:save-screen help-40x12
esc
:resize 39 12
:save-screen too-narrow
n
:resize 80 11
:save-screen too-short
:resize 80 24
:save-screen restored
:resize 30 10
q
EOF
check_ran "the script runs and q quits from the too-small screen"
check_screen "the guidelines at 40x12" guidelines-40x12 <<'EOF'
 p.db · alice · turn    item 1/4 0 done
── Guidelines (built in) ───────────────
  Task: turn. You see one item at a
  time: one system's answer to one
  turn of a conversation, with the
  earlier turns and the passages the
  system retrieved. Set every field
  below; each change is saved at once.

  intent (required, one per turn):
 lines 1-8 of 38        q or esc closes
 welcome, alice: ? lists the keys
EOF
check_screen "the item screen at 40x12" item-40x12 <<'EOF'
 p.db · alice · turn    item 1/4 0 done
 c1 · turn 1/2
── Question 1/2 · e/a/b intent ─────────
 What is a lighthouse?
── Answer 1/2 · c correct · x incorrect
 A tower with a lamp that guides ships.
── Passages 1-2 of 3 · 1-3 relevant? · …
▸ 1 [ ] p-light · Lighthouses
  2 [ ] p-keeper · Keepers
 intent:? answer:? relevant:0/3 note:—
 missing: intent, answer_correct, rele…
 welcome, alice: ? li…  ? help · q quit
EOF
check_screen "labels at 40x12; the passage list scrolls to the focus" labelled-40x12 <<'EOF'
 p.db · alice · turn    item 1/4 0 done
 c1 · turn 1/2
── Question 1/2 · e/a/b intent ─────────
 What is a lighthouse?
── Answer 1/2 · c correct · x incorrect
 A tower with a lamp that guides ships.
── Passages 2-3 of 3 · 1-3 relevant? · …
  2 [ ] p-keeper · Keepers
▸ 3 [+] p-lens
 intent:extractive answer:? relevant:1/3
 missing: answer_correct, relevant 1 2
 saved · passage 3 re…  ? help · q quit
EOF
check_screen "history at 40x12" history-40x12 <<'EOF'
 p.db · alice · turn    item 3/4 0 done
 c1 · turn 2/2
── History · 1 earlier turn · no room ──
── Question 2/2 · e/a/b intent · r rewr…
 How tall is it?
── Answer 1/1 · c correct · x incorrect
 Most are between 20 and 60 metres    …
── Passages 1-1 of 2 · 1-2 relevant? · …
▸ 1 [ ] p-tall · Tallest lighthouses
 intent:? answer:? relevant:0/2 note:—
 missing: intent, answer_correct, rele…
                        ? help · q quit
EOF
check_screen "the passage pane at 40x12" pane-40x12 <<'EOF'
 p.db · alice · turn    item 3/4 0 done
 1/2 · rank 1 · p-tall · not judged
 Q2: How tall is it?
── Tallest lighthouses ─────────────────
  The tallest lighthouse is the Jeddah
  Light, 133 metres tall. Most
  lighthouses are between 20 and 60
  metres tall, and a few stand only a
  few metres above the sea.

           space relevant? · q/esc back

EOF
check_screen "the help at 40x12" help-40x12 <<'EOF'
 p.db · alice · turn    item 3/4 0 done
── Help ────────────────────────────────
  Keys for the turn task. Every change
  is saved at once; the status line
  says "saved" when it is.

  Label
    e: intent: extractive
    a: intent: abstractive
    b: intent: boolean
 lines 1-8 of 83        q or esc closes

EOF
check_screen "39 columns: window too small" too-narrow <<'EOF'
Window too small: 39x12. convqa needs
at least 40x12. Enlarge the window
(nothing is lost), or press q to quit.









EOF
check_screen "11 lines: too small, and keys other than q are ignored" too-short <<'EOF'
Window too small: 80x11. convqa needs at least 40x12. Enlarge the window
(nothing is lost), or press q to quit.









EOF
check_screen_of "back to 80x24: the same item and state" restored item_how_tall <<'EOF'
 convqa · p.db · rater alice · task turn           item 3/4 [----------] 0 done
                                                                ? help · q quit
EOF
done_testing
