#!/bin/sh
# A round takes labels only on the items it assigns to each rater: convqa
# label --round refuses a label on another item, saying which and where to
# look, and saves nothing; the response the label is given on counts, also
# for a field that judges the turn or a pooled passage; import-labels
# refuses the whole file, naming the first such label and counting them.
# Outside rounds any item takes labels; an adjudicator's settle the round.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2026-11-23T00:00:00Z
$CONVQA init >/dev/null
$CONVQA import -q "$CONVQA_TOP/sample_tasks/demo.json"
for r in alice bob; do $CONVQA rater add $r >/dev/null; done
$CONVQA rater add carol --role adjudicator >/dev/null
q() { sqlite3 "$T/p.db" "$1"; }
n_labels() { q "SELECT count(*) FROM label"; }

# r1: alice has turn 1 of demo-lighthouse as answered by bm25-t5, bob turn 2
printf 'demo-lighthouse\t1\tbm25-t5\n' >alice.items
printf 'demo-lighthouse\t2\tbm25-t5\n' >bob.items
$CONVQA round create r1 --raters alice --items alice.items >/dev/null &&
	$CONVQA round create r2 --raters bob --items bob.items >/dev/null
check_eq "the rounds are made" 0 $?
L="$CONVQA label --round r1 -r alice -c demo-lighthouse"
refusal() {   # refusal TURN SYSTEM: label's message for alice in r1
	echo "convqa: round 'r1' does not assign conversation 'demo-lighthouse' turn $1 system '$2' to rater 'alice'" \
		"(see convqa round show r1): a round takes labels only on the items it assigns to each rater"
}

# ---- convqa label ---------------------------------------------------------------------------
check_run "a label on an item of another turn is refused, naming the item and round show" 2 \
	"$(refusal 2 bm25-t5)" $L -n 2 -s bm25-t5 answer_correct 1
check_run "a field of the turn given on another system's response of her turn is refused" 2 \
	"$(refusal 1 dense-llm)" $L -n 1 -s dense-llm intent boolean
check_run "... and so is a pooled passage judged there" 2 "$(refusal 1 dense-llm)" \
	$L -n 1 -s dense-llm -k 1 relevant 1
check_run "... and clearing a label there" 2 "$(refusal 1 dense-llm)" $L -n 1 -s dense-llm --clear answer_correct
check_eq "nothing was saved, no rater added" "0|3" "$(n_labels)|$(q 'SELECT count(*) FROM rater')"
check_run "her assigned item takes the label" 0 "" $L -n 1 -s bm25-t5 intent boolean
check_run "outside rounds any item takes labels" 0 "" \
	$CONVQA label -r alice -c demo-lighthouse -n 2 -s bm25-t5 answer_correct 1
check_run "an adjudicator's labels settle the round: no assignment needed" 0 "" \
	$CONVQA label --round r1 -r carol -c demo-lighthouse -n 1 -s dense-llm answer_correct 1
check_eq "the three labels are saved" "alice|r1|intent
alice||answer_correct
carol|r1|answer_correct" "$(q "SELECT ra.name, ro.name, l.field FROM label l JOIN rater ra ON ra.id = l.rater_id
	LEFT JOIN round ro ON ro.id = l.round_id ORDER BY l.id")"

# ---- convqa import-labels ------------------------------------------------------------------
line() {   # line RATER ROUND TURN SYSTEM SECOND
	printf '{"conversation": "demo-lighthouse", "turn": %s, "system": "%s", "rater": "%s", "round": "%s", ' \
		"$3" "$4" "$1" "$2"
	printf '"task": "turn", "field": "answer_correct", "value": 0, "timestamp": "2026-02-01T08:00:%02d.000Z"}\n' "$5"
}
{ line alice r1 1 bm25-t5 1; line alice r1 2 bm25-t5 2; line bob r2 2 bm25-t5 3; line bob r2 1 dense-llm 4;
  line alice r1 1 dense-llm 5; } >mixed.jsonl
before=$(n_labels)
run $CONVQA import-labels mixed.jsonl
check_eq "import-labels refuses a file with labels off their round's assignments: the first, and how many" \
	"2|mixed.jsonl:2: round 'r1' does not assign conversation 'demo-lighthouse' turn 2 system 'bm25-t5' to rater 'alice' (see convqa round show r1): a round takes labels only on the items it assigns to each rater; 3 labels of the file are on items not assigned to their rater in their round" \
	"$rc|$(cat "$T/err")"
check_eq "... and imports nothing, not even the labels on assignments" "$before" "$(n_labels)"
{ line alice r1 1 bm25-t5 1; line bob r2 2 bm25-t5 3; } >assigned.jsonl
run $CONVQA import-labels assigned.jsonl
check_eq "labels on their round's assignments import" "0|assigned.jsonl: imported 2 label rows (0 already here)" \
	"$rc|$(cat "$T/out")"
run $CONVQA import-labels --round r2 assigned.jsonl
check_eq "--round NAME checks the labels against that round's assignments" \
	"2|assigned.jsonl:1: round 'r2' does not assign conversation 'demo-lighthouse' turn 1 system 'bm25-t5' to rater 'alice' (see convqa round show r2): a round takes labels only on the items it assigns to each rater; 1 label of the file is on an item not assigned to its rater in its round" \
	"$rc|$(cat "$T/err")"
run $CONVQA import-labels --no-rounds mixed.jsonl
check_eq "--no-rounds imports them all outside rounds" "0|mixed.jsonl: imported 5 label rows (0 already here)" \
	"$rc|$(cut -d';' -f1 "$T/out")"

done_testing
