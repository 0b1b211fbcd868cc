#!/bin/sh
# A passage preview on the item screen that does not show the whole text
# says so: its last row ends in " …" (the focused passage's as well as the
# others'); a preview that shows the whole text has no mark.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

CONVQA_LINES=16 ui_run p.db --rater alice <<'EOF'
esc
:save-screen others-cut
EOF
check_ran "the script at 80x16 runs"
check_rows "80x16: passage 2 shows one of its two lines, then …; passage 3 is whole" others-cut 10 13 <<'EOF'
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens …
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.
EOF

CONVQA_LINES=18 ui_run p.db --rater bob <<'EOF'
esc
]
:save-screen focused-cut
j
:save-screen focus-moved
EOF
check_ran "the script at 80x18 runs"
check_rows "80x18: the focused passage shows two of its three lines, then …" focused-cut 11 15 <<'EOF'
▸ 1 [ ] p-tall · Tallest lighthouses
      The tallest lighthouse is the Jeddah Light, 133 metres tall. Most
      lighthouses are between 20 and 60 metres tall, and a few stand only a …
  2 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
EOF
check_rows "80x18: the mark stays when the focus moves on" focus-moved 11 15 <<'EOF'
  1 [ ] p-tall · Tallest lighthouses
      The tallest lighthouse is the Jeddah Light, 133 metres tall. Most
      lighthouses are between 20 and 60 metres tall, and a few stand only a …
▸ 2 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
EOF
done_testing
