#!/bin/sh
# The key hint "? help · q quit" stays on the status line: a message too
# long to fit beside it is cut, ending in "…" (80x24 and 40x12); a message
# that fits is shown whole. An error goes before the hint (it says how to
# recover): tests/ui/undo_errors.sh "a refused note".
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
rater=alexandra-the-annotator-from-the-night-shift

ui_run p.db --rater "$rater" <<'EOF'
esc
:save-screen long-80
e
:save-screen short-80
EOF
check_ran "the script at 80x24 runs"
check_rows "80x24: a long message is cut, the hint stays" long-80 24 24 <<'EOF'
 welcome, alexandra-the-annotator-from-the-night-shift: ? lis…  ? help · q quit
EOF
check_rows "80x24: a short one is whole" short-80 24 24 <<'EOF'
 saved · intent = extractive                                    ? help · q quit
EOF

CONVQA_COLUMNS=40 CONVQA_LINES=12 ui_run p.db --rater "$rater" <<'EOF'
F5
:save-screen long-40
EOF
check_ran "the script at 40x12 runs"
check_rows "40x12: the message is cut to the room left by the hint" long-40 12 12 <<'EOF'
 the key F5 does noth…  ? help · q quit
EOF
done_testing
