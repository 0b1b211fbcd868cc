#!/bin/sh
# A retrieval-only output (a response with an empty answer, as a TREC run
# gives) in the built-in turn task: answer_correct is skip_when_empty, so
# the response is finished by its intent and its passages. round show
# counts it done; the report's accuracy leaves it out (no answer_correct
# label), its retrieval metrics count it.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
$CONVQA init >/dev/null
$CONVQA import -q "$FIXTURES/retrieval_only.json"
for r in alice bob; do $CONVQA rater add $r >/dev/null; done

run $CONVQA scheme show turn
check_grep "the built-in turn scheme does not ask answer_correct of an empty answer" \
	'"skip_when_empty": true' "$T/out"
check_eq "... only answer_correct" 1 "$(grep -c skip_when_empty "$T/out")"

$CONVQA round create r1 --raters alice,bob --overlap 2 >/dev/null
# both judge the intent and the passages; alice also gen's answer
for r in alice bob; do
	$CONVQA label intent extractive -r $r --round r1 -c bees -n 1 -s bm25
	$CONVQA label relevant 1 -r $r --round r1 -c bees -n 1 -s bm25 -k 1
	$CONVQA label relevant 0 -r $r --round r1 -c bees -n 1 -s bm25 -k 2
done
$CONVQA label answer_correct 1 -r alice --round r1 -c bees -n 1 -s gen
run $CONVQA round show r1
check_grep "round show: alice finished both items" '^  alice  *2 / 2  *100.0%' "$T/out"
check_grep "round show: bob finished the retrieval-only one" '^  bob  *1 / 2  *50.0%' "$T/out"
check_grep "round show: 3 of 4 in all" '^  all  *3 / 4  *75.0%' "$T/out"

run $CONVQA report --round r1 --only answers,retrieval -f csv
check_eq "accuracy: gen's one judgement, none of the empty answer" \
	"answers,by_system,system,gen,accuracy,1,1" \
	"$(grep '^answers,by_system,system,[^,]*,accuracy,' "$T/out" | cut -d, -f1-7)"
check_eq "retrieval: both raters' judgements of both systems' rankings" \
	"retrieval,by_system,system,bm25,hit@1,1,2
retrieval,by_system,system,gen,hit@1,1,2" \
	"$(grep '^retrieval,by_system,system,[^,]*,hit@1,' "$T/out" | cut -d, -f1-7)"
done_testing
