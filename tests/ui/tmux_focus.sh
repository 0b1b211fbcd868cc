#!/bin/sh
# Fields that share keys in a real terminal at 80x24 (tmux): the four
# 4-point scales of sample_tasks/schemes/mtrag-likert.json in a round made
# by round create, all on the keys 1-4; Tab and shift-Tab (the terminal's
# back-tab sequence) move the focus, which the label bar and the status
# line show; the labels land in the project on the fields in focus.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIX/small.json"
"$CONVQA" scheme add --db p.db "$SAMPLES/schemes/mtrag-likert.json" >/dev/null
"$CONVQA" rater add --db p.db alice >/dev/null
"$CONVQA" round create r1 --db p.db --task mtrag-likert --raters alice --conversations 1 >/dev/null

tmux_start 80 24 p.db --rater alice --round r1
check_wait "the scheme's guidelines say how the focus works" "Fields that share keys take them in turn"
keys Escape
check_wait "the focus on the first field, on the status line" "focus: faithfulness"
capture >"$T/screen"
check_grep "the label bar marks it" "^ ▸faithfulness: ?  appropriateness: ?" "$T/screen"
check_grep "the answer's rule hints its keys" "── Answer 1 of 2 · 1-4 faithfulness: No … Yes · tab next field" "$T/screen"
keys 3
check_wait "3 sets the field in focus" "saved · faithfulness = Mostly yes"
keys Tab
check_wait "Tab: the focus on the next field" "focus: appropriateness"
keys 4 Tab 2 Tab 1
check_wait "4 Tab 2 Tab 1: the other three fields" "saved · completeness = No"
check_wait "the label bar shows the four, the focus on the last" \
	" faithfulness:3 appropriateness:4 naturalness:2 ▸completeness:1 note:—"
keys BTab
check_wait "shift-Tab: the focus back on the previous field" "focus: naturalness"
keys 3
check_wait "3 changes that field only" "saved · naturalness = Mostly yes"
check_wait "the label bar again" " faithfulness:3 appropriateness:4 ▸naturalness:3 completeness:1 note:—"
keys q
wait_exit
check_eq "q exits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
check_eq "nothing on stderr" "" "$(cat "$T/tmux-err")"
check_eq "the project has the labels, in the round, each on its field" "faithfulness=3
appropriateness=4
naturalness=2
completeness=1
naturalness=3" \
	"$(sqlite3 -separator = p.db "SELECT l.field, l.value FROM label l JOIN round ro ON ro.id = l.round_id
		WHERE ro.name = 'r1' ORDER BY l.id")"
check_eq "convqa export: the current values" 'c1/1/sys-a alice appropriateness="4"
c1/1/sys-a alice completeness="1"
c1/1/sys-a alice faithfulness="3"
c1/1/sys-a alice naturalness="3"' "$(labels p.db)"
done_testing
