#!/bin/sh
# A JSON file given to the TREC readers (--format trec-run, trec-qrels, also
# --as-rater) is refused in one line that says it is JSON and which format
# reads such JSON (a SCAI-QReCC run: scai-run), not a line per "field"; a
# file no format detects says how to name a format (convqa formats,
# --format: cli/first_use.sh asserts it on a CSV).
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null
cp "$FIXTURES/qrecc/run.json" run.json
check_run "a SCAI-QReCC run as trec-run: it is JSON; scai-run reads it" 2 \
	"run.json: this is JSON (it begins with '['), not TREC run lines (qid Q0 docid rank score tag): a SCAI-QReCC run is read with convqa import --format scai-run --system NAME; convqa formats lists the formats convqa reads" \
	$CONVQA import --format trec-run run.json
printf '\357\273\277\n  {"qrels": []}\n' >qrels.json
check_run "a JSON object as trec-qrels (a byte order mark, blank lines first): it is JSON" 2 \
	"qrels.json: this is JSON (it begins with '{'), not TREC qrels lines (qid 0 docid grade): SCAI-QReCC's ground truth is read with convqa import --format scai-truth; convqa formats lists the formats convqa reads" \
	$CONVQA import --format trec-qrels qrels.json
check_run "... and as a rater's qrels (--as-rater)" 2 \
	"qrels.json: this is JSON (it begins with '{'), not TREC qrels lines (qid 0 docid grade): SCAI-QReCC's ground truth is read with convqa import --format scai-truth; convqa formats lists the formats convqa reads" \
	$CONVQA import --format trec-qrels --as-rater eve qrels.json
check_eq "nothing was imported" "0|0" "$(sqlite3 p.db 'SELECT count(*) FROM response')|$(sqlite3 p.db 'SELECT count(*) FROM label')"
printf 'c_1 Q0 d1 1 2.5 bm25\n' >run.txt
run $CONVQA import --format trec-run run.txt
check_eq "TREC run lines are still read" 0 "$rc"
done_testing
