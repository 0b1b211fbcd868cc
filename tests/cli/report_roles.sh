#!/bin/sh
# The report finds its fields by role, in project schemes as in the built-in
# ones: a graded relevance field (0-3) gives the retrieval metrics (binary
# ones count grade >= 1, nDCG gains the grade), a 4-point correctness scale
# with a threshold gives accuracy by turn depth. The expected values are
# computed here, in python, from the same labels.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
$CONVQA init >/dev/null
cat >t.json <<'EOF'
{"format": "convqa-tasks", "version": 1,
 "collection": [{"id": "p1", "text": "one"}, {"id": "p2", "text": "two"}, {"id": "p3", "text": "three"},
                {"id": "p4", "text": "four"}, {"id": "p5", "text": "five"}],
 "conversations": [
  {"id": "c1", "turns": [
    {"question": "q one?", "responses": [{"system": "s", "answer": "a one",
      "passages": [{"rank": 1, "id": "p1"}, {"rank": 2, "id": "p2"}, {"rank": 3, "id": "p3"}]}]},
    {"question": "q two?", "gold": {"passages": ["p5"]}, "responses": [{"system": "s", "answer": "a two",
      "passages": [{"rank": 1, "id": "p2"}, {"rank": 2, "id": "p4"}]}]}]},
  {"id": "c2", "turns": [
    {"question": "q three?", "responses": [{"system": "s", "answer": "a three",
      "passages": [{"rank": 1, "id": "p3"}, {"rank": 2, "id": "p1"}, {"rank": 3, "id": "p4"}]}]}]}]}
EOF
$CONVQA import -q t.json
$CONVQA rater add alice >/dev/null
cat >graded.json <<'EOF'
{"format": "convqa-scheme", "version": 1, "name": "graded", "description": "graded relevance", "fields": [
  {"name": "grade", "unit": "passage", "type": "ordinal", "role": "relevance",
   "categories": [{"value": "0"}, {"value": "1"}, {"value": "2"}, {"value": "3"}]}]}
EOF
cat >likert.json <<'EOF'
{"format": "convqa-scheme", "version": 1, "name": "likert", "description": "answers on a 4-point scale", "fields": [
  {"name": "correct", "unit": "response", "type": "ordinal", "role": "correctness", "threshold": "mostly",
   "categories": [{"value": "no"}, {"value": "partly"}, {"value": "mostly"}, {"value": "fully"}]}]}
EOF
$CONVQA scheme add graded.json >/dev/null
$CONVQA scheme add likert.json >/dev/null

# grades: conversation turn system rank grade
while read c n r g; do
	$CONVQA label --task graded grade $g -r alice -c $c -n $n -s s -k $r
done <<'EOF'
c1 1 1 0
c1 1 2 3
c1 1 3 1
c1 2 1 2
c1 2 2 0
c2 1 1 0
c2 1 2 0
c2 1 3 0
EOF
$CONVQA label --task likert correct mostly -r alice -c c1 -n 1 -s s
$CONVQA label --task likert correct partly -r alice -c c1 -n 2 -s s
$CONVQA label --task likert correct fully -r alice -c c2 -n 1 -s s

run $CONVQA report -f json
check_eq "the report of the two project schemes runs" "0|" "$rc|$(cat "$T/err")"
cp "$T/out" report.json

# what the report must say, computed here: per item the grades in rank
# order and the gold passages' grades (a gold passage counts at the
# threshold grade, 1, when nobody graded it)
python3 - >expected <<'EOF'
import math
items = [  # grades by rank; gains of every known passage of the turn (for the ideal ranking)
    ([0, 3, 1], [3, 1]),
    ([2, 0], [2, 1]),          # p5: gold, not retrieved, not graded: grade 1
    ([0, 0, 0], []),
]
def dcg(g, k): return sum(x / math.log2(i + 2) for i, x in enumerate(g[:k]))
def metrics(g, ideal, k):
    rel = [x >= 1 for x in g]
    R = len(ideal)
    hit = 1.0 if any(rel[:k]) else 0.0
    mrr = next((1.0 / (i + 1) for i, x in enumerate(rel) if x), 0.0)
    idcg = dcg(sorted(ideal, reverse=True), k)
    return hit, mrr, sum(rel[:k]) / k, (sum(rel[:k]) / R if R else 0.0), (dcg(g, k) / idcg if idcg else 0.0)
for k in (1, 3):
    m = [metrics(g, i, k) for g, i in items]
    avg = [sum(x[j] for x in m) / len(m) for j in range(5)]
    print("hit@%d %.9f" % (k, avg[0]))
    print("p@%d %.9f" % (k, avg[2]))
    print("recall@%d %.9f" % (k, avg[3]))
    print("ndcg@%d %.9f" % (k, avg[4]))
print("mrr %.9f" % avg[1])
EOF
python3 - report.json >got <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
row = r["sections"]["retrieval"]["tables"]["overall"]["rows"][0]
for k in (1, 3):
    for m in ("hit", "p", "recall", "ndcg"):
        print("%s@%d %.9f" % (m, k, row["cells"]["%s@%d" % (m, k)]["value"]))
print("mrr %.9f" % row["cells"]["mrr"]["value"])
EOF
check_eq "HR@k, P@k, R@k, MRR and graded nDCG@k come from the graded relevance field" "$(cat expected)" "$(cat got)"
check_eq "the retrieval section names the field and says how it counts grades" \
	"Relevance comes from the per-passage graded/grade labels|graded/grade is graded: a passage's grade is its category's position on the scale (lowest 0); HR, MRR, P, R and MAP count a passage relevant at grade 1 (1) or above (as trec_eval -l 1)" \
	"$(python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print("|".join(n.split(" (unit")[0].split(", nDCG")[0] for n in r["sections"]["retrieval"]["notes"] if "graded/grade" in n))' report.json)"

python3 - report.json >got <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
t = r["sections"]["answers"]["tables"]
for name in ("overall", "by_turn"):
    for row in t[name]["rows"]:
        print(name, row["group"], row["cells"]["correct"]["count"], "%.9f" % row["cells"]["accuracy"]["value"])
EOF
check_eq "accuracy by turn depth counts mostly and fully as correct (threshold: mostly)" \
	"overall all 2 0.666666667
by_turn 1 2 1.000000000
by_turn 2 0 0.000000000" "$(cat got)"

# a project's own plausibility and faithfulness fields give the per-run
# verdict table; a category both have is told apart by the field's name
cat >verdict.json <<'EOF'
{"format": "convqa-scheme", "version": 1, "name": "verdict", "description": "does it answer", "fields": [
  {"name": "answers", "unit": "response", "type": "nominal", "role": "plausibility",
   "categories": [{"value": "yes", "label": "answers"}, {"value": "no", "label": "does not"}]},
  {"name": "grounded", "unit": "response", "type": "nominal", "role": "faithfulness",
   "categories": [{"value": "yes"}, {"value": "no"}]}]}
EOF
$CONVQA scheme add verdict.json >/dev/null
$CONVQA label --task verdict answers yes -r alice -c c1 -n 1 -s s
$CONVQA label --task verdict answers no -r alice -c c1 -n 2 -s s
$CONVQA label --task verdict answers yes -r alice -c c2 -n 1 -s s
$CONVQA label --task verdict grounded no -r alice -c c2 -n 1 -s s
run $CONVQA report -f json --task verdict
python3 - "$T/out" >got <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
t = r["sections"]["verdicts"]["tables"]["overall"]
print(" ".join("%s=%s" % (c["id"], c["label"]) for c in t["columns"]))
cells = t["rows"][0]["cells"]
print(cells["yes"]["count"], cells["no"]["count"], "%.9f" % cells["yes_share"]["value"],
      cells["grounded/yes"]["count"], cells["grounded/no"]["count"], cells["grounded/yes_share"]["value"])
EOF
check_eq "a project's verdict fields: a count per category and the first one's share" \
	"yes=answers no=does not yes_share=answers share grounded/yes=yes grounded/no=no grounded/yes_share=yes share
2 1 0.666666667 0 1 0" "$(cat got)"
done_testing
