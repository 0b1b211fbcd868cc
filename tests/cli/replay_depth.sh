#!/bin/sh
# After convqa replay, convqa report --by turn gives the automatic answer
# metrics against the gold answers and the retrieval metrics against the
# gold passages by turn depth (rows "SYSTEM / DEPTH", all systems first).
# The fake system (tests/fixtures/fake_depth.py) answers replay.json from a
# fixed table, so every value is known by hand:
#   depth 1: c1 right, gold p-light at rank 1; c2 right, gold p-zurich at 2
#            EM 1, F1 1; MRR (1 + 1/2)/2 = 0.75, HR@1 0.5, nDCG@2 (1 + 1/log2 3)/2
#   depth 2: c1 "Vauban" for "Louis de Foix" (EM 0, F1 0), gold p-foix at 2;
#            c2 right (no gold passage: not in the retrieval rows)
#            EM 0.5; MRR 0.5 over 1 item
#   depth 3: c1 "in 1700" for "in 1611": EM 0, F1 1/2; gold not retrieved: MRR 0
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null && $CONVQA import -q "$FIXTURES/replay.json"
run $CONVQA replay --system depth --command "python3 $FIXTURES/fake_depth.py" --all
check_eq "the replay stores the five answers" \
	"0|replay: 5 turns sent, 5 stored, 0 skipped as already answered, 0 failed" "$rc|$(cat out)"

# table ROWS... of section SECTION: "group n col=value ..." per row
table() {
	python3 -c '
import json, sys
sec, tab, cols = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
t = json.load(open(sys.argv[4]))["sections"][sec]["tables"][tab]
for r in t["rows"]:
    print(r["group"], r["n"], " ".join("%s=%.4f" % (c, r["cells"][c]["value"]) for c in cols))' "$@"
}
run $CONVQA report --by turn --k 1,2 --only automatic,retrieval --format json
check_eq "report --by turn runs" "0|" "$rc|$(cat err)"
cp out report.json
check_eq "the answer metrics by turn depth" \
"all / 1 2 em=1.0000 f1=1.0000
all / 2 2 em=0.5000 f1=0.5000
all / 3 1 em=0.0000 f1=0.5000
depth / 1 2 em=1.0000 f1=1.0000
depth / 2 2 em=0.5000 f1=0.5000
depth / 3 1 em=0.0000 f1=0.5000" "$(table automatic by_turn em,f1 report.json)"
check_eq "the retrieval metrics against the gold passages by turn depth" \
"all / 1 2 hit@1=0.5000 mrr=0.7500 recall@2=1.0000 map=0.7500 ndcg@2=0.8155
all / 2 1 hit@1=0.0000 mrr=0.5000 recall@2=1.0000 map=0.5000 ndcg@2=0.6309
all / 3 1 hit@1=0.0000 mrr=0.0000 recall@2=0.0000 map=0.0000 ndcg@2=0.0000
depth / 1 2 hit@1=0.5000 mrr=0.7500 recall@2=1.0000 map=0.7500 ndcg@2=0.8155
depth / 2 1 hit@1=0.0000 mrr=0.5000 recall@2=1.0000 map=0.5000 ndcg@2=0.6309
depth / 3 1 hit@1=0.0000 mrr=0.0000 recall@2=0.0000 map=0.0000 ndcg@2=0.0000" \
	"$(table retrieval gold_by_turn hit@1,mrr,recall@2,map,ndcg@2 report.json)"
check_eq "the overall means stay as they were" "all 4 mrr=0.5000" "$(table retrieval gold mrr report.json | head -1)"

run $CONVQA report --by system --only automatic,retrieval --format json
check_eq "without turn in --by, no table by depth" "[] []" "$(python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["sections"]
print([k for k in s["automatic"]["tables"] if "turn" in k], [k for k in s["retrieval"]["tables"] if "turn" in k])' out)"
run $CONVQA report --by turn --k 1,2 --only automatic,retrieval
check_grep "the text report titles the tables" "^  Mean by turn depth" out
check_grep "and the retrieval one" "^  Against the gold passages by turn depth" out
done_testing
