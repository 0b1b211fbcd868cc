#!/bin/sh
# Undo works a key's worth at a time: the passages that one - marked not
# relevant come back with one u. An undo the project refuses stays on the
# undo stack (the next u tries it again), and a note the project refuses
# keeps its text for w to edit again, on that item only.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

ui_run p.db --rater alice <<'EOF'
esc
1
-
:save-screen rest
u
:save-screen undo-rest
u
:save-screen undo-rank
u
:save-screen undo-empty
EOF
check_ran "the script runs"
check_screen "- marks the two unjudged passages not relevant" rest <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [-] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [-] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: ?  answer: ?  relevant: 3/3 judged (1 relevant)  note: —
 missing: intent, answer_correct
 saved · 2 passages not relevant                                ? help · q quit
EOF
check_screen "one u undoes both" undo-rest <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
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







 intent: ?  answer: ?  relevant: 1/3 judged (1 relevant)  note: —
 missing: intent, answer_correct, relevant 2 3
 undone · 2 passages not judged                                 ? help · q quit
EOF
check_screen_of "the next u undoes the key before" undo-rank item_tower <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 undone · passage 1 not judged                                  ? help · q quit
EOF
check_screen_of "then nothing is left to undo" undo-empty item_tower <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 nothing to undo                                                ? help · q quit
EOF

# the project refuses to unset the intent until a note exists
sqlite3 p.db "CREATE TRIGGER refuse_unset BEFORE INSERT ON label
WHEN new.field = 'intent' AND new.value IS NULL AND NOT EXISTS (SELECT 1 FROM label WHERE field = 'note')
BEGIN SELECT RAISE(ABORT, 'busy (test)'); END;"
ui_run p.db --rater bob <<'EOF'
esc
e
u
:save-screen undo-refused
w
:type see the lens
enter
u
u
:save-screen undo-retried
u
:save-screen undo-done
EOF
check_ran "the refused-undo script runs"
check_screen "a refused undo says NOT SAVED; the value stays" undo-refused <<'EOF'
 convqa · p.db · rater bob · task turn             item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
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
 NOT SAVED: cannot save label: busy (test)                      ? help · q quit
EOF
check_screen_of "the refused undo stays on the stack: u (after undoing the note) tries it again" undo-retried item_building <<'EOF'
 convqa · p.db · rater bob · task turn             item 1/4 [----------] 0 done
 undone · intent cleared                                        ? help · q quit
EOF
check_screen_of "and then the stack is empty" undo-done item_building <<'EOF'
 convqa · p.db · rater bob · task turn             item 1/4 [----------] 0 done
 nothing to undo                                                ? help · q quit
EOF

sqlite3 p.db "CREATE TRIGGER refuse_note BEFORE INSERT ON label
WHEN new.field = 'note' AND new.rater_id = (SELECT id FROM rater WHERE name = 'carol')
BEGIN SELECT RAISE(ABORT, 'no notes (test)'); END;"
ui_run p.db --rater carol <<'EOF'
esc
w
:type a careful note
enter
:save-screen note-refused
w
:save-screen note-again
esc
n
w
:save-screen note-other-item
EOF
check_ran "the refused-note script runs"
check_screen_of "a refused note says NOT SAVED and how to get the text back" note-refused item_tower <<'EOF'
 convqa · p.db · rater carol · task turn           item 1/4 [----------] 0 done
 NOT SAVED: cannot save label: no notes (test) · w edits the note again
EOF
check_screen "w opens the prompt with the text typed before" note-again <<'EOF'
 convqa · p.db · rater carol · task turn           item 1/4 [----------] 0 done
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
 > a careful note
 the note is optional; it is saved with the item's labels
EOF
check_screen "on another item the prompt starts from that item's note" note-other-item <<'EOF'
 convqa · p.db · rater carol · task turn           item 2/4 [----------] 0 done
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








── Note · enter saves · esc cancels · C-u erases to start · empty = no note ────
 >
 the note is optional; it is saved with the item's labels
EOF
check_eq "bob's rows: the refused undo saved nothing, the retried one saved once" 'c1/1/sys-b bob intent="extractive"
c1/1/sys-b bob intent=null
c1/1/sys-b bob note="see the lens"
c1/1/sys-b bob note=null' "$(labels p.db --history --rater bob)"
check_eq "carol has no rows" "" "$(labels p.db --history --rater carol)"
done_testing
