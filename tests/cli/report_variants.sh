#!/bin/sh
# convqa report --variant seed003: seed 003's modified precision and nDCG
# with a 1/(i+1) discount beside the standard retrieval metrics, and its
# fuzzy fact inclusion beside the automatic answer metrics. The expected
# values are worked by hand in the comments.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
$CONVQA init >/dev/null
cat >t.json <<'EOF'
{"format": "convqa-tasks", "version": 1,
 "collection": [{"id": "p1", "text": "one"}, {"id": "p2", "text": "two"}, {"id": "p3", "text": "three"},
                {"id": "p4", "text": "four"}, {"id": "p5", "text": "five"}],
 "conversations": [
  {"id": "c1", "turns": [
    {"question": "Who built the tower?", "gold": {"passages": ["p2", "p5"], "answers": ["Gustave Eifel"]},
     "responses": [{"system": "s", "answer": "It was built in 1889 by Gustave Eiffel.",
      "passages": [{"rank": 1, "id": "p1"}, {"rank": 2, "id": "p2"}, {"rank": 3, "id": "p3"}]}]},
    {"question": "Where is it?", "gold": {"passages": ["p4"], "answers": ["London"]},
     "responses": [{"system": "s", "answer": "Paris",
      "passages": [{"rank": 1, "id": "p4"}, {"rank": 2, "id": "p1"}]}]}]}]}
EOF
$CONVQA import -q t.json
$CONVQA rater add alice >/dev/null
while read n k v; do
	$CONVQA label relevant "$v" -r alice -c c1 -n "$n" -s s -k "$k"
done <<'EOF'
1 1 0
1 2 1
1 3 1
2 1 1
2 2 0
EOF

# one line per figure of a table: "COLUMN VALUE"
figures() {   # SECTION TABLE GROUP
	python3 -c '
import csv, sys
for r in csv.DictReader(sys.stdin):
    if (r["section"], r["table"], r["group"]) == tuple(sys.argv[1:4]):
        print(r["column"], r["value"])
' "$@" <"$T/out"
}

run $CONVQA report --variant seed003 --only retrieval,automatic --by none -f csv
check_eq "report --variant seed003 runs" "0|" "$rc|$(cat "$T/err")"
# turn 1: rel 0 1 1, R = {p2, p3, p5} = 3: mod. P 2/3, nDCG (1/2 + 1/3) / (1 + 1/2 + 1/3) = 5/11;
# turn 2: rel 1 0, R = 1: both 1. Means: 5/6 and 8/11.
figures retrieval overall all | grep -E '^(modified_p|ndcg_rank|recall@10) ' >got
check_eq "the retrieval variants beside the standard metrics, worked by hand" \
	"recall@10 0.833333333333
modified_p 0.833333333333
ndcg_rank 0.727272727273" "$(cat got)"
# "gustave eifel" (13 characters) is one edit from "gustave eiffel" in the answer:
# 1 - 1/13 = 0.923 >= 0.8; "london" is far from "paris": 1 of 2 answers
figures automatic by_system all | grep -E '^(em|fuzzy) ' >got
check_eq "fuzzy fact inclusion beside EM" "em 0
fuzzy 0.5" "$(cat got)"
run $CONVQA report --variant seed003 --fuzzy-threshold 0.95 --only automatic -f csv
figures automatic by_system all | grep '^fuzzy ' >got
check_eq "--fuzzy-threshold 0.95: 0.923 no longer counts" "fuzzy 0" "$(cat got)"

run $CONVQA report --only retrieval,automatic --by none -f csv
if grep -q 'modified_p\|ndcg_rank\|fuzzy' "$T/out"; then not_ok "without --variant, no variant columns"; else
	ok "without --variant, no variant columns"; fi

run $CONVQA report --variant seed003 --only retrieval,automatic --by none
check_grep "text: the variant columns are named" 'mod. P  nDCG 1/(i+1)' "$T/out"
check_grep "text: the variants' definitions are stated" 'Variants of seed 003' "$T/out"
check_grep "text: fuzzy inclusion's definition and threshold are stated" 'reaches 0.8' "$T/out"
run $CONVQA report --variant seed003 -f json -o r.json
if /usr/bin/python3 "$CONVQA_TOP/tests/tools/validate_json_schema.py" "$CONVQA_TOP/schemas/report.schema.json" \
	r.json >v 2>&1; then ok "the JSON report with the variants validates against report.schema.json"; else
	not_ok "the JSON report with the variants validates against report.schema.json" "$(cat v)"; fi

check_run "an unknown variant is refused" 1 \
	"convqa report: --variant expects seed001 (top-1 / top-k reader accuracy, has-answer subsets) or seed003 (modified precision, nDCG with a 1/(i+1) discount, fuzzy fact inclusion), or both; got 'seed009'" \
	$CONVQA report --variant seed009
check_run "--fuzzy-threshold alone is refused" 1 \
	"convqa report: --fuzzy-threshold goes with --variant seed003 or --metric fuzzy" \
	$CONVQA report --fuzzy-threshold 0.9
check_run "--fuzzy-threshold outside (0, 1] is refused" 1 \
	"convqa report: --fuzzy-threshold expects a number above 0 and at most 1, e.g. 0.8; got '0'" \
	$CONVQA report --variant seed003 --fuzzy-threshold 0
done_testing
