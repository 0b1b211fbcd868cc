#!/bin/sh
# report --consensus: a depth whose answer_correct labels all lack a
# consensus (the raters disagreed) says so as the reason its accuracy is
# undefined, not that there are no labels.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_NOW=2026-01-02T03:04:05.000Z CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null && $CONVQA import -q "$CONVQA_TOP/sample_tasks/demo.json"
lh() { $CONVQA label -c demo-lighthouse "$@"; }
# turn 1: both say correct; turn 2: alice correct, bob not (a tie)
lh -r alice -n 1 -s bm25-t5 answer_correct 1 && lh -r bob -n 1 -s bm25-t5 answer_correct 1 &&
lh -r alice -n 2 -s bm25-t5 answer_correct 1 && lh -r bob -n 2 -s bm25-t5 answer_correct 0
check_eq "the labels are recorded" 0 $?

run $CONVQA report --consensus majority --only answers --by turn
check_eq "report exits 0" 0 "$rc"
check_eq "depth 2: undefined for want of a consensus, counted as no consensus" \
"  2               0        0  undefined  -                       1
      ↳ accuracy: undefined (no consensus on any answer_correct label)" \
	"$(grep -A1 '^  2  ' "$T/out" | head -2)"
check_eq "no row says there are no labels" "" "$(grep 'no answer_correct labels' "$T/out")"

run $CONVQA report --consensus majority --only answers --by turn -f json
check_grep "the JSON gives the same reason" '"no consensus on any answer_correct label"' "$T/out"
done_testing
