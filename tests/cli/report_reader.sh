#!/bin/sh
# Seed 001's reader variants: a response's ranked answer candidates in the
# task format (read whole, streamed and as JSONL; stored; exported back;
# hostile lists refused at their place), and report --variant seed001's
# top-1 / top-k reader accuracy and has-answer subsets. The expected values
# are worked by hand in the comments.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
F="$CONVQA_TOP/tests/fixtures/reader_candidates.json"
$CONVQA init >/dev/null
run $CONVQA import "$F"
check_eq "a task file with answer candidates and an impossible question imports" "0|" "$rc|$(cat "$T/err")"

# one line per figure of a table: "COLUMN VALUE N"
figures() {   # SECTION TABLE GROUP
	python3 -c '
import csv, sys
for r in csv.DictReader(sys.stdin):
    if (r["section"], r["table"], r["group"]) == tuple(sys.argv[1:4]):
        print(r["column"], r["value"], r["n"])
' "$@" <"$T/out"
}

# a: c1/1 retrieved p1 (gold), "Eiffel" wrong, "Gustave Eiffel" right: rank 2;
#    c1/2 "1889" (its answer, from the candidates) rank 1; c2/1 impossible
#    (gold ""), "Poseidon" then "" (None): rank 2. Retrievals 3 (an
#    impossible turn counts); top-1 1/3, top-5 3/3; has answer: c1/1, c1/2:
#    top-1 1/2, top-5 2/2; EM of the answers "Eiffel" 0, "1889" 1: 1/2;
#    F1 ("Eiffel" against "Gustave Eiffel": P 1, R 1/2, F1 2/3; 1): 5/6.
# b: c1/1 returned p2 only, gold p1: no correct retrieval; c1/2 "1887",
#    "1888", "The 1889" (normalised "1889"): rank 3; c2/1 "": rank 1.
#    Retrievals 2, top-1 1/2, top-5 2/2; has answer: retrievals 1 (c1/2),
#    top-1 0/1, top-5 1/1; EM of "Gustave Eiffel" 1 and "1887" 0: 1/2, F1 1/2.
run $CONVQA report --variant seed001 --only automatic --by none -f csv
check_eq "report --variant seed001 runs" "0|" "$rc|$(cat "$T/err")"
figures automatic reader a >got
check_eq "system a's reader figures, worked by hand" \
"correct_retrievals 3 3
reader_top1_accuracy 0.333333333333 3
reader_topk_accuracy 1 3
has_answer 2 3
reader_top1_accuracy_has_answer 0.5 2
reader_topk_accuracy_has_answer 1 2
em_has_answer 0.5 2
f1_has_answer 0.833333333333 2" "$(cat got)"
figures automatic reader b >got
check_eq "system b's: no correct retrieval leaves a question out of accuracy, not of EM" \
"correct_retrievals 2 3
reader_top1_accuracy 0.5 2
reader_topk_accuracy 1 2
has_answer 2 3
reader_top1_accuracy_has_answer 0 1
reader_topk_accuracy_has_answer 1 1
em_has_answer 0.5 2
f1_has_answer 0.5 2" "$(cat got)"
figures automatic reader all | grep -E '^(reader_top1_accuracy|reader_topk_accuracy|f1_has_answer) ' >got
check_eq "all systems: top-1 2/5, top-5 5/5, F1 HA (2/3 + 1 + 1 + 0) / 4" \
"reader_top1_accuracy 0.4 5
reader_topk_accuracy 1 5
f1_has_answer 0.666666666667 4" "$(cat got)"
figures automatic by_system a | grep -E '^(em|f1) ' >got
check_eq "the standard EM and F1 count the impossible question (\"Poseidon\" against \"\": 0)" \
"em 0.333333333333 3
f1 0.555555555556 3" "$(cat got)"

# Reader F1 (SQuAD token F1 of the first candidate, best of the first k),
# over the correct retrievals: a: c1/1 "Eiffel" 2/3 then "Gustave Eiffel"
# 1; c1/2 "1889" 1; c2/1 "Poseidon" 0 against the empty gold, then "" 1.
# top-1 (2/3 + 1 + 0) / 3 = 5/9, top-5 3/3; HA (c1/1, c1/2): (2/3 + 1) / 2,
# top-5 1. b: c1/1 no correct retrieval (left out); c1/2 "1887" 0, "The
# 1889" 1; c2/1 "" 1: top-1 1/2, top-5 1; HA (c1/2 alone): 0 and 1.
figures automatic reader_f1 a >got
check_eq "system a's reader F1, worked by hand" \
"correct_retrievals 3 3
reader_top1_f1 0.555555555556 3
reader_topk_f1 1 3
has_answer_retrievals 2 3
reader_top1_f1_has_answer 0.833333333333 2
reader_topk_f1_has_answer 1 2" "$(cat got)"
figures automatic reader_f1 b >got
check_eq "system b's reader F1: a question without a correct retrieval is left out" \
"correct_retrievals 2 3
reader_top1_f1 0.5 2
reader_topk_f1 1 2
has_answer_retrievals 1 3
reader_top1_f1_has_answer 0 1
reader_topk_f1_has_answer 1 1" "$(cat got)"
figures automatic reader_f1 all | grep -E '^reader_top1_f1 ' >got
check_eq "all systems: top-1 F1 (5/3 + 1) / 5" "reader_top1_f1 0.533333333333 5" "$(cat got)"

# --reader-k 2: b's "The 1889" at rank 3 no longer counts
run $CONVQA report --variant seed001 --reader-k 2 --only automatic --by none -f csv
figures automatic reader b | grep -E '^reader_topk' >got
check_eq "--reader-k 2: b's third candidate is out of the top 2" \
"reader_topk_accuracy 0.5 2
reader_topk_accuracy_has_answer 0 1" "$(cat got)"
figures automatic reader_f1 b | grep -E '^reader_topk' >got
check_eq "--reader-k 2: b's best F1 of its first two candidates (\"1887\", \"1888\") is 0" \
"reader_topk_f1 0.5 2
reader_topk_f1_has_answer 0 1" "$(cat got)"
run $CONVQA report --variant seed001 --reader-k 2 --only automatic --by none
check_grep "text: the column is named by k" 'top-2 acc\.' "$T/out"
check_grep "text: the definitions are stated" 'Reader accuracy (seed 001, --variant seed001, k = 2' "$T/out"
run $CONVQA report --only automatic -f csv
if grep -q 'reader' "$T/out"; then not_ok "without --variant seed001, no reader table"; else
	ok "without --variant seed001, no reader table"; fi
run $CONVQA report --variant seed001,seed003 -f json -o r.json
if /usr/bin/python3 "$CONVQA_TOP/tests/tools/validate_json_schema.py" "$CONVQA_TOP/schemas/report.schema.json" \
	r.json >v 2>&1 && grep -q '"reader_topk_accuracy_has_answer"' r.json; then
	ok "the JSON report with the reader table validates against report.schema.json"; else
	not_ok "the JSON report with the reader table validates against report.schema.json" "$(cat v)"; fi
run $CONVQA report --variant seed001 --only automatic -f html -o r.html
check_grep "html: the reader table" 'top-5 acc. HA' r.html
check_run "--reader-k without the variant is refused" 1 \
	"convqa report: --reader-k goes with --variant seed001" $CONVQA report --reader-k 3
check_run "--reader-k 0 is refused" 1 \
	"convqa report: --reader-k expects a whole number from 1 to 1000, e.g. 5; got '0'" \
	$CONVQA report --variant seed001 --reader-k 0

# round trip: exported, imported into a new project, exported again
run $CONVQA export --format tasks -o e1.json
run $CONVQA init --db q.db
run $CONVQA import --db q.db e1.json
check_eq "the export imports into a new project" "0|" "$rc|$(cat "$T/err")"
run $CONVQA export --db q.db --format tasks -o e2.json
if cmp -s e1.json e2.json && grep -q '"candidates": \[{"text":"1887","score":2.5},{"text":"1888","score":1.25},{"text":"The 1889","score":1}\]' e1.json
then ok "the candidates come back in order with their scores, the same after a round trip"; else
	not_ok "the candidates come back in order with their scores, the same after a round trip" "$(grep candidates e1.json)"; fi
run $CONVQA import "$F"
check_eq "importing the same file again changes nothing" "0|" "$rc|$(cat "$T/err")"
sed 's/"score": 1.25/"score": 1.5/' "$F" >other.json
check_run "other candidates (a score) for a stored response are refused with both places" 2 \
"other.json: \$.conversations[0].turns[1].responses[1]: response of system \"b\" conflicts with the one imported from '$F' at 2031-02-03T04:05:06.000Z: its answer candidates differ" \
	$CONVQA import other.json

# a project whose responses had no candidates gets them from a later import
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["conversations"]:
    for t in c["turns"]:
        for r in t["responses"]:
            if "candidates" in r:
                r.setdefault("answer", r["candidates"][0]["text"])
                del r["candidates"]
json.dump(d, open("plain.json", "w"))
' "$F"
run $CONVQA init --db f.db
run $CONVQA import --db f.db plain.json
run $CONVQA report --db f.db --variant seed001 --only automatic --by none -f csv
figures automatic reader all | grep '^reader_topk_accuracy ' >got
# the answers alone: a c1/2 and b c2/1 right at rank 1 of 5 retrievals
check_eq "without candidates, each answer is the one candidate" "reader_topk_accuracy 0.4 5" "$(cat got)"
run $CONVQA import --db f.db "$F"
check_grep "a later import fills the candidates in (5 responses)" 'filled in missing data of 5 of its entries' "$T/out"
run $CONVQA report --db f.db --variant seed001 --only automatic --by none -f csv
figures automatic reader all | grep '^reader_topk_accuracy ' >got
check_eq "then they count" "reader_topk_accuracy 1 5" "$(cat got)"

# hostile lists, refused at their place: JSONL (FILE:LINE), a whole file, a stream
bad() {   # DESCRIPTION CANDIDATES MESSAGE
	printf '{"id": "h1", "turns": [{"question": "q?", "responses": [{"system": "s", "candidates": %s}]}]}\n' "$2" >h.jsonl
	check_run "$1" 2 "h.jsonl:1: \$.turns[0].responses[0].candidates$3" $CONVQA import h.jsonl
}
bad "candidates not a list" '{"text": "x"}' \
	': expected an array of answer candidates ({"text": ..., "score": ...}), got an object'
bad "an empty list" '[]' \
	': expected at least one answer candidate (a reader that finds no answer gives [{"text": ""}])'
bad "a candidate without text" '[{"text": "a"}, {"score": 1}]' '[1]: missing required property "text"'
bad "a text that is no string" '[{"text": 7}]' '[0].text: expected a string, got a number'
bad "a score that is no number" '[{"text": "a", "score": "high"}]' '[0].score: expected a number, got a string'
bad "an unknown member" '[{"text": "a", "rank": 1}]' '[0].rank: unknown property (expected one of: text, score)'
python3 -c 'import json; print(json.dumps({"id": "h1", "turns": [{"question": "q?", "responses": [{"system": "s", "candidates": [{"text": "x"}] * 1001}]}]}))' >h.jsonl
check_run "more than 1000 candidates" 2 \
	"h.jsonl:1: \$.turns[0].responses[0].candidates: 1001 answer candidates, more than the 1000 convqa keeps: give the best 1000" \
	$CONVQA import h.jsonl
sed 's/"score": 0.6/"score": 1e999/' "$F" >inf.json
check_run "a whole file: an infinite score" 2 \
	"inf.json: \$.conversations[0].turns[0].responses[0].candidates[0].score: expected a finite number, got a number out of range" \
	$CONVQA import inf.json
run sh -c "sed 's/\"score\": 0.6/\"score\": null/' '$F' | $CONVQA import --format native -"
check_eq "a stream: a null score" \
	"2|standard input: \$.conversations[0].turns[0].responses[0].candidates[0].score: expected a number, got null" \
	"$rc|$(cat "$T/err")"
done_testing
