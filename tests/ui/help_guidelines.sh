#!/bin/sh
# The help screen (? and F1), generated from the action table for the task;
# the guidelines screen (g): from --guidelines FILE, shown once at a rater's
# first start and again when the guidelines change.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

ui_run p.db --rater alice <<'EOF'
esc
?
:save-screen help
pgdn
:save-screen help-page2
pgup
esc
F1
:save-screen help-f1
g
:save-screen guidelines-from-help
esc
esc
:save-screen closed
g
:save-screen guidelines-key
enter
z
:save-screen unknown-key
EOF
check_ran "the script runs"
check_screen "? shows the help for the turn task" help <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Help ────────────────────────────────────────────────────────────────────────
  Keys for the turn task. Every change is saved at once; the status line says
  "saved" when it is.

  Label
    e              intent: extractive
    a              intent: abstractive
    b              intent: boolean
    c              answer_correct: correct
    x              answer_correct: incorrect
    1-9 0          passage at rank 1-10: relevant / not relevant
    space          focused passage: relevant / not relevant
    -              every passage still unjudged: not relevant
    w              write the note (enter saves, esc cancels)
    u              undo the last change (repeat: earlier ones)

  Move
    n right        next item (in a passage: next passage)
    p left         previous item (in a passage: previous)
    ]              next turn (skips the other systems' answers)
    [              previous turn (its first answer)
 lines 1-20 of 41                        j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
check_screen "pgdn scrolls the help" help-page2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Help ────────────────────────────────────────────────────────────────────────
    [              previous turn (its first answer)
    tab            next unfinished item
    :              go to item N: type its number, enter
    A              on/off: finishing an item goes to the next unfinished one
    j down         focus the next passage or piece (in a text: scroll)
    k up           focus the previous passage or piece (in a text: scroll)
    pgdn           a page down (passages: the focus 5 down)
    pgup           a page up (passages: the focus 5 up)
    home           the first passage (in a text: its top)
    end            the last passage (in a text: its end)

  Screens
    enter          open the focused passage or evidence piece (again: close)
    t              question, rewrite and answer in full
    l              the list of items, their state; enter goes to one
    h              show / hide the earlier turns
    r              show / hide the rewritten question
    E              show / hide the evidence spans in the passages
    ? F1           this help
    g              the annotation guidelines
 lines 20-39 of 41                       j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
check_screen "F1 shows the help too" help-f1 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Help ────────────────────────────────────────────────────────────────────────
  Keys for the turn task. Every change is saved at once; the status line says
  "saved" when it is.

  Label
    e              intent: extractive
    a              intent: abstractive
    b              intent: boolean
    c              answer_correct: correct
    x              answer_correct: incorrect
    1-9 0          passage at rank 1-10: relevant / not relevant
    space          focused passage: relevant / not relevant
    -              every passage still unjudged: not relevant
    w              write the note (enter saves, esc cancels)
    u              undo the last change (repeat: earlier ones)

  Move
    n right        next item (in a passage: next passage)
    p left         previous item (in a passage: previous)
    ]              next turn (skips the other systems' answers)
    [              previous turn (its first answer)
 lines 1-20 of 41                        j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
check_screen "g in the help opens the guidelines" guidelines-from-help <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Guidelines (built in) ───────────────────────────────────────────────────────
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
  q closes this screen (on the item screen q quits).

 lines 1-20 of 22                        j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
check_screen "esc closes each screen" closed <<'EOF'
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







 intent: ?  answer: ?  relevant: 0/3 judged  note: —
 missing: intent, answer_correct, relevant 1 2 3
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_screen "g opens the guidelines" guidelines-key <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Guidelines (built in) ───────────────────────────────────────────────────────
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
  q closes this screen (on the item screen q quits).

 lines 1-20 of 22                        j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
check_screen "a key that is bound to nothing says so" unknown-key <<'EOF'
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







 intent: ?  answer: ?  relevant: 0/3 judged  note: —
 missing: intent, answer_correct, relevant 1 2 3
 the key z does nothing here · ? lists the keys                 ? help · q quit
EOF

cat >"$T/guide.txt" <<'EOF'
Read the whole passage before you judge it.
A passage is relevant when it contains the answer, or most of it.
EOF
ui_run p.db --rater alice --guidelines "$T/guide.txt" <<'EOF'
:save-screen file-first
esc
q
EOF
check_screen "new guidelines are shown once at start" file-first <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Guidelines ──────────────────────────────────────────────────────────────────
  Read the whole passage before you judge it.
  A passage is relevant when it contains the answer, or most of it.

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
 lines 1-20 of 22                        j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
ui_run p.db --rater alice --guidelines "$T/guide.txt" <<'EOF'
:save-screen file-again
q
EOF
check_screen "and not again when they have not changed" file-again <<'EOF'
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







 intent: ?  answer: ?  relevant: 0/3 judged  note: —
 missing: intent, answer_correct, relevant 1 2 3
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
done_testing
