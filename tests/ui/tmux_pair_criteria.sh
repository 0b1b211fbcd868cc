#!/bin/sh
# A real terminal (tmux): the pair screen of a scheme of several criteria
# (pairwise-criteria: faithfulness, completeness, preference on the same
# keys) at 80x24 and 40x12: the focus shown on the label bar and named on
# the status line, tab and shift-tab (BTab) move it, a key sets the field in
# focus, the pair finished when the three are given; q quits with status 0.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
export CONVQA_DB="$T/p.db"
ui_pair_project pairwise-criteria
$CONVQA guidelines set /dev/null >/dev/null 2>&1

TMUX_ENV="NO_COLOR=1" tmux_start 80 24 p.db --round ab --rater alice
check_wait "the pair screen starts (after the guidelines)" "Guidelines"
keys Escape
check_wait "the first criterion in focus, named on the status line" "focus: faithfulness"
check_wait "and marked on the label bar" "▸faithfulness: ?"
keys a
check_wait "a sets faithfulness" "saved: faithfulness A"
keys Tab
check_wait "tab focuses completeness" "focus: completeness"
keys BTab
check_wait "shift-tab back to faithfulness" "focus: faithfulness"
keys Tab
keys b
check_wait "b sets completeness" "saved: completeness B"
keys Tab
keys x
check_wait "x sets the preference: the pair is finished" "✓ finished"
tm resize-window -t main -x 40 -y 12
check_wait "at 40x12 the focus is still named" "focus: preference"
capture >"$T/narrow"
check_eq "no row is wider than 40 columns" "" \
	"$(python3 -c 'import sys; print("\n".join(l for l in open(sys.argv[1], encoding="utf-8").read().splitlines() if len(l) > 40))' "$T/narrow")"
keys q
wait_exit
check_eq "q quits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
check_eq "three labels of the pair, one per criterion" "completeness
faithfulness
preference" "$(sqlite3 p.db "SELECT DISTINCT field FROM label ORDER BY field")"
done_testing
