#!/bin/sh
# Auto-advance (annotate --auto-advance, A in the session): when a change
# of the rater's finishes the item shown - it was unfinished before the
# change and is finished after it - the UI goes on to the next unfinished
# item (as tab does), and says so. It moves exactly then: not on a change
# that finishes another item (the turn's intent), not on a change to a
# finished item (an optional note, another value), not on an undo; an
# item unfinished again (by an undo) moves on when it is finished again.
# The status line shows "auto-advance on"; A turns it off and on. After
# the last unfinished item: the summary.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
# item 2 (c1/1 sys-b) lacks only the turn's intent; its passage p-light
# (rank 1) is rank 1 of item 1 too
"$CONVQA" label --db p.db --rater alice -c c1 -n 1 -s sys-b answer_correct 1 >/dev/null
"$CONVQA" label --db p.db --rater alice -c c1 -n 1 -s sys-b -k 1 relevant 1 >/dev/null
"$CONVQA" label --db p.db --rater alice -c c1 -n 1 -s sys-b -k 2 relevant 0 >/dev/null

ui_run p.db --rater alice --auto-advance <<'EOF'
esc
:save-screen start
e
:save-screen intent
w
:type optional first
enter
c
2
:save-screen almost
3
:save-screen finished
p
p
x
:save-screen changed
u
:save-screen undone
u
:save-screen unfinished
3
:save-screen again
A
:save-screen off
e
c
1
2
:save-screen finished-off
A
:save-screen on
n
e
c
1
:save-screen last
EOF
check_ran "the script runs"
check_rows "the status line says auto-advance is on" start 24 24 <<'EOF'
 welcome, alice: ? lists the keys             auto-advance on · ? help · q quit
EOF
check_rows "the intent finishes item 2, not item 1: no move" intent 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [###-------] 1 done
 conversation c1 · turn 1/2                                          unfinished
EOF
check_rows "(the note, optional, and values short of finishing: no move)" almost 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [###-------] 1 done
 conversation c1 · turn 1/2                                          unfinished
EOF
check_rows "the last missing value: on to the next unfinished item (item 2 is finished)" finished 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 3/4 [#####-----] 2 done
 conversation c1 · turn 2/2                                          unfinished
EOF
check_rows "and the status line says so" finished 24 24 <<'EOF'
 saved · item 1 finished · on to item 3       auto-advance on · ? help · q quit
EOF
check_rows "another value of a finished item: no move" changed 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [#####-----] 2 done
 conversation c1 · turn 1/2                                          ✓ finished
EOF
check_rows "(what was saved)" changed 24 24 <<'EOF'
 saved · answer_correct = incorrect           auto-advance on · ? help · q quit
EOF
check_rows "an undo: no move" undone 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [#####-----] 2 done
 conversation c1 · turn 1/2                                          ✓ finished
EOF
check_rows "an undo that unfinishes the item: no move" unfinished 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [###-------] 1 done
 conversation c1 · turn 1/2                                          unfinished
EOF
check_rows "finished again: on to the next unfinished item" again 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 3/4 [#####-----] 2 done
 conversation c1 · turn 2/2                                          unfinished
EOF
check_rows "A turns it off" off 24 24 <<'EOF'
 finishing an item no longer moves on (A: on)                   ? help · q quit
EOF
check_rows "off: a finished item stays" finished-off 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 3/4 [########--] 3 done
 conversation c1 · turn 2/2                                          ✓ finished
EOF
check_rows "(n: next item)" finished-off 22 24 <<'EOF'
 intent: extractive  answer: correct  relevant: 2/2 judged (2 relevant)  note: —
 ✓ finished · n: next item
 saved · passage 2 relevant · item finished (n: next item)      ? help · q quit
EOF
check_rows "A turns it on again" on 24 24 <<'EOF'
 finishing an item now moves on (A: off)      auto-advance on · ? help · q quit
EOF
check_screen "the last unfinished item finished: the summary" last <<'EOF'
 convqa · p.db · rater alice · task turn           item 4/4 [##########] 4 done
── Summary ─────────────────────────────────────────────────────────────────────
  All 4 items are finished. Thank you, alice!

  intent          extractive 3 · abstractive 0 · boolean 0
  answer_correct  incorrect 0 · correct 4
  relevant        not relevant 1 · relevant 6 (passages)

  Active time: 0 min 33 s, 8 s per finished item.













  p back to the last item · l list · u undo · q quit
 every item is finished                                         auto-advance on
EOF

# without --auto-advance it is off until A
ui_run p.db --rater bob <<'EOF'
esc
:save-screen bob
A
:save-screen bob-on
:resize 40 12
:save-screen bob-narrow
EOF
check_rows "off by default" bob 24 24 <<'EOF'
 new rater bob; others: alice · q if mistyped                   ? help · q quit
EOF
check_rows "A turns it on" bob-on 24 24 <<'EOF'
 finishing an item now moves on (A: off)      auto-advance on · ? help · q quit
EOF
check_rows "at 40 columns: auto" bob-narrow 12 12 <<'EOF'
 finishing an item now …  auto · ? help
EOF
done_testing
