#!/bin/sh
# A passage judged on another system's answer of the turn (one pooled
# unit): a rank key, hinted "1-2 relevant?", marks it relevant and never
# un-marks it; the status line says where it was judged. The toggle key
# switches it and says so too. On the answer it was judged on, a rank key
# toggles as before.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

# c1/1: sys-a (answer 1 of 2) retrieved p-light p-keeper p-lens, sys-b
# (answer 2 of 2) p-light p-tall. p-light and p-keeper judged relevant on
# sys-a's answer; p-light is rank 1 of sys-b's answer too.
ui_run p.db --rater alice <<'EOF'
esc
1
:save-screen a-marked
n
1
:save-screen b-rank-key
space
:save-screen b-toggled
1
:save-screen b-marked-again
1
:save-screen b-own
p
EOF
check_ran "the script runs"
check_rows "on sys-b's answer p-light shows judged on sys-a's" b-rank-key 8 8 <<'EOF'
▸ 1 [+] p-light · Lighthouses
EOF
check_rows "   its rank key keeps it relevant and says where it was judged" b-rank-key 24 24 <<'EOF'
 passage 1 relevant, judged on answer 1 · space: not relevant   ? help · q quit
EOF
check_rows "the toggle key switches it, and says what it was and where" b-toggled 24 24 <<'EOF'
 saved · passage 1 not relevant · was relevant on answer 1      ? help · q quit
EOF
check_rows "   shown not relevant" b-toggled 8 8 <<'EOF'
▸ 1 [-] p-light · Lighthouses
EOF
check_rows "the rank key marks it relevant again (judged here now)" b-marked-again 8 8 <<'EOF'
▸ 1 [+] p-light · Lighthouses
EOF
check_rows "   a judgement of this answer's: the rank key toggles as before" b-own 24 24 <<'EOF'
 saved · passage 1 not relevant                                 ? help · q quit
EOF
run sqlite3 p.db "SELECT group_concat(value, ' ') FROM (SELECT value FROM label WHERE field = 'relevant' AND unit_ref = (SELECT id FROM passage WHERE ext_id = 'p-light') ORDER BY id)"
check_eq "p-light's rows: marked on sys-a's, switched on sys-b's, marked, toggled" "1 0 1 0" "$(cat "$T/out")"
done_testing
