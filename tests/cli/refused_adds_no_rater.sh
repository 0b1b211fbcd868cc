#!/bin/sh
# A command that refuses adds no rater: annotate in a round that assigns
# the rater nothing (the refusal names the round's raters), without a
# terminal or in a project without items, label on an
# item the round does not assign them, import-labels of a file it refuses.
# The rater is added with their first label saved (an annotate session
# that saves nothing adds nobody).
. "$CONVQA_TOP/tests/lib.sh"
DEMO="$CONVQA_TOP/sample_tasks/demo.json"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null && $CONVQA import -q "$DEMO"
for r in alice bob; do $CONVQA rater add $r >/dev/null; done
$CONVQA round create r3 --raters alice,bob --conversations 2 >/dev/null
raters() { sqlite3 "$T/p.db" "SELECT group_concat(name, ' ') FROM (SELECT name FROM rater ORDER BY name)"; }

check_run "annotate in a round that assigns the rater nothing names the round's raters" 2 \
	"convqa: annotate: round 'r3' assigns no items to rater 'zed' (its raters: alice, bob; convqa round show r3)" \
	$CONVQA annotate --rater zed --round r3
check_eq "... and adds no rater" "alice bob" "$(raters)"
$CONVQA rater list >list.txt
check_eq "... nor does rater list show one" "" "$(grep zed list.txt)"

check_run "annotate without a terminal is refused" 1 \
	"convqa: annotate needs a terminal (for scripted runs set CONVQA_SCRIPT=FILE)" \
	$CONVQA annotate --rater zed </dev/null
check_eq "... and adds no rater" "alice bob" "$(raters)"
$CONVQA init --db empty.db >/dev/null
printf 'q\n' >quit.keys
CONVQA_SCRIPT=quit.keys check_run "annotate of a project without items is refused" 2 \
	"convqa: the project has no items to annotate (import a task file first)" \
	$CONVQA annotate --db empty.db --rater zed
check_eq "... and adds no rater" "" "$(sqlite3 empty.db "SELECT group_concat(name) FROM rater")"

CONVQA_SCRIPT=quit.keys check_run "a session that runs is taken" 0 "" $CONVQA annotate --rater yan
check_eq "... and, having saved nothing, adds no rater (a mistyped name leaves none)" "alice bob" "$(raters)"
printf 'esc\nc\nq\n' >save.keys
CONVQA_SCRIPT=save.keys check_run "a session that saves a label is taken" 0 "" $CONVQA annotate --rater yan
check_eq "... and adds its rater" "alice bob yan" "$(raters)"

check_run "label on an item the round does not assign the rater is refused" 2 \
	"convqa: round 'r3' does not assign conversation 'demo-lighthouse' turn 1 system 'bm25-t5' to rater 'zed' (see convqa round show r3): a round takes labels only on the items it assigns to each rater" \
	$CONVQA label --rater zed --round r3 -c demo-lighthouse -n 1 -s bm25-t5 intent boolean
check_eq "... and adds no rater" "alice bob yan" "$(raters)"

$CONVQA init --db q.db >/dev/null && $CONVQA import -q --db q.db "$DEMO"
$CONVQA label --db q.db -r zed -c demo-lighthouse -n 1 -s bm25-t5 intent boolean
$CONVQA export --db q.db -o zed.json 2>/dev/null
run $CONVQA import-labels --round r3 zed.json
check_eq "import-labels of labels on items the round does not assign is refused" 2 "$rc"
check_eq "... and adds no rater" "alice bob yan" "$(raters)"

check_run "a label outside rounds is taken" 0 "" \
	$CONVQA label --rater zed -c demo-lighthouse -n 1 -s bm25-t5 intent boolean
check_eq "... and adds its rater" "alice bob yan zed" "$(raters)"
done_testing
