#!/bin/sh
# The note prompt (w: type, backspace erases, C-u erases before the cursor,
# enter saves, esc cancels, an empty note clears it) and undo (u):
# repeatable, across items; an undo adds a label row restoring the previous
# value, it never deletes.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

ui_run p.db --rater alice <<'EOF'
esc
w
:type odd answer: 长城 ok
backspace
backspace
:save-screen note-typing
enter
:save-screen note-saved
w
left
left
C-u
:save-screen note-cut
esc
w
C-u
:type discarded
esc
:save-screen note-cancelled
e
n
c
1
:save-screen item2
u
:save-screen undo1
u
:save-screen undo2
u
:save-screen undo3
u
:save-screen undo4
u
:save-screen undo-empty
EOF
check_ran "the script runs"
check_screen "w opens the note prompt over the item screen" note-typing <<'EOF'
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







── Note · enter saves · esc cancels · C-u erases to start · empty = no note ────
 > odd answer: 长城
 the note is optional; it is saved with the item's labels
EOF
check_screen "enter saves the note" note-saved <<'EOF'
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







 intent: ?  answer: ?  relevant: 0/3 judged  note: yes
 missing: intent, answer_correct, relevant 1 2 3
 saved · note saved                                             ? help · q quit
EOF
check_rows "C-u erases what is before the cursor only, as the hint says" note-cut 22 23 <<'EOF'
── Note · enter saves · esc cancels · C-u erases to start · empty = no note ────
 > 长城
EOF
check_screen "esc cancels an edit: the saved note stays" note-cancelled <<'EOF'
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







 intent: ?  answer: ?  relevant: 0/3 judged  note: yes
 missing: intent, answer_correct, relevant 1 2 3
 saved · note saved                                             ? help · q quit
EOF
# the intent set on the first item is the turn's: the second shows it
check_screen "labels on the second item" item2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 2/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 2 of 2 · c correct · x incorrect ─────────────────────────────────────
 A building by the sea.
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-tall · Tallest lighthouses
      The tallest lighthouse is the Jeddah Light, 133 metres tall. Most
      lighthouses are between 20 and 60 metres tall, and a few stand only a few
      metres above the sea.








 intent: extractive  answer: correct  relevant: 1/2 judged (1 relevant)  note: —
 missing: relevant 2
 saved · passage 1 relevant                                     ? help · q quit
EOF
check_screen "u undoes the last change" undo1 <<'EOF'
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
      The tallest lighthouse is the Jeddah Light, 133 metres tall. Most
      lighthouses are between 20 and 60 metres tall, and a few stand only a few
      metres above the sea.








 intent: extractive  answer: correct  relevant: 0/2 judged  note: —
 missing: relevant 1 2
 undone · passage 1 not judged                                  ? help · q quit
EOF
check_screen "u again undoes the one before" undo2 <<'EOF'
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
      The tallest lighthouse is the Jeddah Light, 133 metres tall. Most
      lighthouses are between 20 and 60 metres tall, and a few stand only a few
      metres above the sea.








 intent: extractive  answer: ?  relevant: 0/2 judged  note: —
 missing: answer_correct, relevant 1 2
 undone · answer_correct cleared                                ? help · q quit
EOF
check_screen "u across items goes back to the item of the change" undo3 <<'EOF'
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







 intent: ?  answer: ?  relevant: 0/3 judged  note: yes
 missing: intent, answer_correct, relevant 1 2 3
 undone · intent cleared                                        ? help · q quit
EOF
check_screen_of "u undoes the note" undo4 item_tower <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 undone · note cleared                                          ? help · q quit
EOF
check_screen_of "with nothing left, u says so" undo-empty item_tower <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 nothing to undo                                                ? help · q quit
EOF

check_eq "after the undos no label has a value" "" "$(labels p.db)"
labels p.db --history >"$T/history"
check_eq "the history keeps every change and every undo" 'c1/1/sys-a alice intent="extractive"
c1/1/sys-a alice intent=null
c1/1/sys-a alice note="odd answer: 长城"
c1/1/sys-a alice note=null
c1/1/sys-b alice answer_correct=1
c1/1/sys-b alice answer_correct=null
c1/1/sys-b alice relevant[1]=1
c1/1/sys-b alice relevant[1]=null' "$(cat "$T/history")"

# an empty note clears a saved one
ui_run p.db --rater alice <<'EOF'
w
:type keep
enter
w
C-u
enter
EOF
check_eq "enter on an empty note clears it" 'c1/1/sys-a alice note="keep"
c1/1/sys-a alice note=null' "$(labels p.db --history | grep note | tail -2)"
done_testing
