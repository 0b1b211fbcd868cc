#!/bin/sh
# h on the first turn of a conversation says there is no history and
# changes nothing: the history of the next turn is still shown ("h hides"),
# and h there still hides it.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

ui_run p.db --rater alice <<'EOF'
esc
:save-screen first-turn
h
:save-screen first-turn-h
n
n
:save-screen next-turn
h
:save-screen hidden
EOF
check_ran "the script runs"
check_rows "h on the first turn says there is no history" first-turn-h 24 24 <<'EOF'
 this is the first turn: no history                             ? help · q quit
EOF
check_eq "and the screen is otherwise as it was" "$(sed 24d "$T/screens/first-turn")" \
	"$(sed 24d "$T/screens/first-turn-h")"
check_rows "the next turn still shows its history (h hides it)" next-turn 2 6 <<'EOF'
 conversation c1 · turn 2/2                                          unfinished
── History · 1 earlier turn · h hides ──────────────────────────────────────────
 Q1 What is a lighthouse?
    A: A tower with a lamp that guides ships.
── Question 2/2 · e/a/b intent: extractive/abstractive/boolean · r rewrite ─────
EOF
check_rows "and h there hides it" hidden 2 4 <<'EOF'
 conversation c1 · turn 2/2                                          unfinished
── History · 1 earlier turn · h shows ──────────────────────────────────────────
── Question 2/2 · e/a/b intent: extractive/abstractive/boolean · r rewrite ─────
EOF
done_testing
