#!/bin/sh
# Moving through the queue: next/previous item (n p right left), hiding the history (h), next and
# previous turn (] [), next unfinished (tab), paging the passage focus
# (pgdn pgup), the first item, and the summary after the last item.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
# finish item 2 (c1/1 sys-b) beforehand, so tab skips it; its intent (the
# turn's) and passage p-light (sys-a retrieved it too) show judged on item 1
"$CONVQA" label --db p.db --rater alice -c c1 -n 1 -s sys-b intent boolean >/dev/null
"$CONVQA" label --db p.db --rater alice -c c1 -n 1 -s sys-b answer_correct 1 >/dev/null
"$CONVQA" label --db p.db --rater alice -c c1 -n 1 -s sys-b -k 1 relevant 1 >/dev/null
"$CONVQA" label --db p.db --rater alice -c c1 -n 1 -s sys-b -k 2 relevant 0 >/dev/null

ui_run p.db --rater alice <<'EOF'
esc
:save-screen start
p
:save-screen first
n
:save-screen item2
right
:save-screen item3
h
:save-screen history-hidden
h
left
left
:save-screen back1
]
:save-screen turn2
[
:save-screen turn1
tab
:save-screen unfinished
pgdn
:save-screen pgdn
pgup
n
n
:save-screen summary
p
:save-screen from-summary
q
EOF
check_ran "the script runs"
check_screen "the queue starts at the first unfinished item" start <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [###-------] 1 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: boolean  answer: ?  relevant: 1/3 judged (1 relevant)  note: —
 missing: answer_correct, relevant 2 3
 resumed at the first unfinished item (1 of 4 done)             ? help · q quit
EOF
check_screen "p on the first item says so" first <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [###-------] 1 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: boolean  answer: ?  relevant: 1/3 judged (1 relevant)  note: —
 missing: answer_correct, relevant 2 3
 this is the first item                                         ? help · q quit
EOF
check_screen "n: the next item is the other system's answer to the same turn" item2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 2/4 [###-------] 1 done
 conversation c1 · turn 1/2                                          ✓ finished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 2 of 2 · c correct · x incorrect ─────────────────────────────────────
 A building by the sea.
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [-] p-tall · Tallest lighthouses
      The tallest lighthouse is the Jeddah Light, 133 metres tall. Most
      lighthouses are between 20 and 60 metres tall, and a few stand only a few
      metres above the sea.








 intent: boolean  answer: correct  relevant: 2/2 judged (1 relevant)  note: —
 ✓ finished · n: next item
                                                                ? help · q quit
EOF
check_screen_of "right: the next turn, with its history" item3 item_how_tall <<'EOF'
 convqa · p.db · rater alice · task turn           item 3/4 [###-------] 1 done
                                                                ? help · q quit
EOF
check_screen "h hides the history (and h shows it again)" history-hidden <<'EOF'
 convqa · p.db · rater alice · task turn           item 3/4 [###-------] 1 done
 conversation c1 · turn 2/2                                          unfinished
── History · 1 earlier turn · h shows ──────────────────────────────────────────
── Question 2/2 · e/a/b intent: extractive/abstractive/boolean · r rewrite ─────
 How tall is it?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 Most are between 20 and 60 metres tall.
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p-tall · Tallest lighthouses
      The tallest lighthouse is the Jeddah Light, 133 metres tall. Most
      lighthouses are between 20 and 60 metres tall, and a few stand only a few
      metres above the sea.
  2 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.







 intent: ?  answer: ?  relevant: 0/2 judged  note: —
 missing: intent, answer_correct, relevant 1 2
                                                                ? help · q quit
EOF
check_screen "left twice: back to the first item" back1 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [###-------] 1 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: boolean  answer: ?  relevant: 1/3 judged (1 relevant)  note: —
 missing: answer_correct, relevant 2 3
                                                                ? help · q quit
EOF
check_screen_of "] skips the other system's answer and goes to the next turn" turn2 item_how_tall <<'EOF'
 convqa · p.db · rater alice · task turn           item 3/4 [###-------] 1 done
                                                                ? help · q quit
EOF
check_screen "[ goes to the first item of the previous turn" turn1 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [###-------] 1 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: boolean  answer: ?  relevant: 1/3 judged (1 relevant)  note: —
 missing: answer_correct, relevant 2 3
                                                                ? help · q quit
EOF
check_screen_of "tab goes to the next unfinished item (item 2 is finished)" unfinished item_how_tall <<'EOF'
 convqa · p.db · rater alice · task turn           item 3/4 [###-------] 1 done
                                                                ? help · q quit
EOF
check_screen "pgdn moves the focus down by a page" pgdn <<'EOF'
 convqa · p.db · rater alice · task turn           item 3/4 [###-------] 1 done
 conversation c1 · turn 2/2                                          unfinished
── History · 1 earlier turn · h hides ──────────────────────────────────────────
 Q1 What is a lighthouse?
    A: A tower with a lamp that guides ships.
── Question 2/2 · e/a/b intent: extractive/abstractive/boolean · r rewrite ─────
 How tall is it?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 Most are between 20 and 60 metres tall.
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
  1 [ ] p-tall · Tallest lighthouses
      The tallest lighthouse is the Jeddah Light, 133 metres tall. Most
      lighthouses are between 20 and 60 metres tall, and a few stand only a few
      metres above the sea.
▸ 2 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.





 intent: ?  answer: ?  relevant: 0/2 judged  note: —
 missing: intent, answer_correct, relevant 1 2
                                                                ? help · q quit
EOF
check_screen "n past the last item shows the summary" summary <<'EOF'
 convqa · p.db · rater alice · task turn           item 4/4 [###-------] 1 done
── Summary ─────────────────────────────────────────────────────────────────────
  1 of 4 items finished, 3 still to do.

  intent          extractive 0 · abstractive 0 · boolean 1
  answer_correct  incorrect 0 · correct 1
  relevant        not relevant 1 · relevant 1 (passages)

  Active time: 0 min 00 s, 0 s per finished item.













  tab next unfinished item · p back · l list · u undo · q quit

EOF
check_screen "p on the summary goes back to the last item" from-summary <<'EOF'
 convqa · p.db · rater alice · task turn           item 4/4 [###-------] 1 done
 conversation c2 · turn 1/1                                          unfinished
── Question 1/1 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Who kept the lamp burning?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 The lighthouse keeper.
── Passages (1) · 1 relevant? · j/k focus · enter opens ────────────────────────
▸ 1 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.











 intent: ?  answer: ?  relevant: 0/1 judged  note: —
 missing: intent, answer_correct, relevant 1
                                                                ? help · q quit
EOF
done_testing
