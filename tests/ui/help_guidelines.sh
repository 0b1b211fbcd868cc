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
check_screen_of "? shows the help for the turn task" help help_turn <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
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
 lines 20-39 of 51                       j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
check_screen_of "F1 shows the help too" help-f1 help_turn <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 welcome, alice: ? lists the keys
EOF
check_screen_of "g in the help opens the guidelines" guidelines-from-help guidelines_turn <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 welcome, alice: ? lists the keys
EOF
check_screen_of "esc closes each screen" closed item_tower <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_screen_of "g opens the guidelines" guidelines-key guidelines_turn <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 welcome, alice: ? lists the keys
EOF
check_screen_of "a key that is bound to nothing says so" unknown-key item_tower <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
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
check_screen_of "and not again when they have not changed" file-again item_tower <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
done_testing
