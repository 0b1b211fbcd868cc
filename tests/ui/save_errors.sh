#!/bin/sh
# When the project refuses a label, the screen says NOT SAVED with the
# reason and shows the old value; names from the command line are shown
# inert; the guidelines can come from the project setting "guidelines".
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
sqlite3 p.db "CREATE TRIGGER refuse BEFORE INSERT ON label WHEN new.field = 'intent'
BEGIN SELECT RAISE(ABORT, 'disk full (test)'); END;
INSERT INTO setting(key, value) VALUES ('guidelines', 'Project guidelines: judge the answer, not the style.');"

ui_run p.db --rater eve-red <<'EOF'
:save-screen setting-guidelines
esc
e
:save-screen not-saved
c
:save-screen saved-again
EOF
check_ran "the script runs"
check_screen "the guidelines from the project setting" setting-guidelines <<'EOF'
 convqa · p.db · rater eve-red · task turn         item 1/4 [----------] 0 done
── Guidelines ──────────────────────────────────────────────────────────────────
  Project guidelines: judge the answer, not the style.

  Task: turn. You see one item at a time: one system's answer to one turn of a
  conversation, with the earlier turns and the passages the system retrieved.
  Set every field below; each change is saved at once.

  intent (required, one per turn): question intent: extractive, abstractive or
  boolean. Keys: e extractive, a abstractive, b boolean.

  answer_correct (required, not asked of an empty answer): is the system's
  answer correct (1) or not (0). Keys: c correct, x incorrect.

  relevant (required, one per passage): is the retrieved passage relevant (1)
  or not (0). Keys: 1-9 0 toggle the passage at that rank, space the focused
  one, - marks the rest not relevant.

  note (optional): a free-text note. Key: w.

  An item is finished when every required field is set. Moving on from an
  unfinished item loses nothing. u undoes the last change, ? lists every key,
 lines 1-20 of 21                        j/k pgdn/pgup scroll · q or esc closes
 welcome, eve-red: ? lists the keys
EOF
check_screen_of "a refused label: NOT SAVED and the reason; the field stays unset" not-saved item_building <<'EOF'
 convqa · p.db · rater eve-red · task turn         item 1/4 [----------] 0 done
 NOT SAVED: cannot save label: disk full (test)                 ? help · q quit
EOF
check_screen "other fields still save" saved-again <<'EOF'
 convqa · p.db · rater eve-red · task turn         item 1/4 [----------] 0 done
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








 intent: ?  answer: correct  relevant: 0/2 judged  note: —
 missing: intent, relevant 1 2
 saved · answer_correct = correct                               ? help · q quit
EOF
done_testing
