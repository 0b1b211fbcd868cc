#!/bin/sh
# The history rule says what is true: when not one earlier turn fits (40x12,
# 80x16) it says "no room" rather than "h hides", and the row a lone
# "… N earlier turns" line would take goes to the passages; h still hides
# the history ("h shows") and shows it again.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

CONVQA_COLUMNS=40 CONVQA_LINES=12 ui_run p.db --rater alice <<'EOF'
esc
]
:save-screen no-room
h
:save-screen hidden
h
:save-screen shown-again
EOF
check_ran "the script at 40x12 runs"
check_rows "40x12: no turn fits, the rule says no room" no-room 3 4 <<'EOF'
── History · 1 earlier turn · no room ──
── Question 2/2 · e/a/b intent · r rewr…
EOF
check_rows "h hides it: h shows" hidden 3 3 <<'EOF'
── History · 1 earlier turn · h shows ──
EOF
check_rows "h again: no room again" shown-again 3 3 <<'EOF'
── History · 1 earlier turn · no room ──
EOF

CONVQA_LINES=16 ui_run p.db --rater bob <<'EOF'
esc
]
:save-screen no-room-80x16
EOF
check_ran "the script at 80x16 runs"
check_rows "80x16: no turn fits, the rule says no room" no-room-80x16 3 4 <<'EOF'
── History · 1 earlier turn · no room ──────────────────────────────────────────
── Question 2/2 · e/a/b intent: extractive/abstractive/boolean · r rewrite ─────
EOF
check_rows "and the row a lone \"… 1 earlier turn\" took shows a passage line" no-room-80x16 9 11 <<'EOF'
▸ 1 [ ] p-tall · Tallest lighthouses
      The tallest lighthouse is the Jeddah Light, 133 metres tall. Most
      lighthouses are between 20 and 60 metres tall, and a few stand only a …
EOF
done_testing
