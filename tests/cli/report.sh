#!/bin/sh
# convqa report end to end: import the demo task, label it as two raters
# with convqa label, run the report in every format and check the numbers
# against values worked out by hand below.
. "$CONVQA_TOP/tests/lib.sh"
V="/usr/bin/python3 $CONVQA_TOP/tests/tools/validate_json_schema.py"
SCHEMA="$CONVQA_TOP/schemas/report.schema.json"
export CONVQA_NOW=2026-01-02T03:04:05.000Z

$CONVQA init --db p.db >/dev/null && $CONVQA import --db p.db -q "$CONVQA_TOP/sample_tasks/demo.json"
check_eq "the demo task imports" 0 $?

lh() { $CONVQA label --db p.db -c demo-lighthouse "$@"; }
# answer_correct (1 = correct), conversation demo-lighthouse:
#   turn system     alice bob
#   1    bm25-t5    1     1
#   1    dense-llm  1     1
#   2    bm25-t5    0     0
#   2    dense-llm  1     0     (alice first said 0, then changed it to 1)
#   3    bm25-t5    1     1
#   3    dense-llm  0     -
lh -r alice -n 1 -s bm25-t5 answer_correct 1 --seconds 10 &&
lh -r alice -n 1 -s bm25-t5 intent extractive --seconds 25 &&
lh -r bob -n 1 -s bm25-t5 answer_correct 1 --seconds 40 &&
lh -r bob -n 1 -s bm25-t5 intent extractive --seconds 45 &&
lh -r alice -n 1 -s dense-llm answer_correct 1 --seconds 30 &&
lh -r bob -n 1 -s dense-llm answer_correct 1 --seconds 20 &&
lh -r alice -n 2 -s bm25-t5 answer_correct 0 --seconds 12 &&
lh -r alice -n 2 -s bm25-t5 intent extractive --seconds 14 &&
lh -r bob -n 2 -s bm25-t5 answer_correct 0 --seconds 50 &&
lh -r bob -n 2 -s bm25-t5 intent abstractive --seconds 60 &&
lh -r alice -n 2 -s dense-llm answer_correct 0 --seconds 5 &&
lh -r alice -n 2 -s dense-llm answer_correct 1 --seconds 8 &&
lh -r bob -n 2 -s dense-llm answer_correct 0 &&
lh -r alice -n 3 -s bm25-t5 answer_correct 1 --seconds 16 &&
lh -r bob -n 3 -s bm25-t5 answer_correct 1 &&
lh -r alice -n 3 -s dense-llm answer_correct 0 --seconds 20
check_eq "answer and intent labels are recorded" 0 $?

# relevant, turn 1 (gold passages lh-02 and lh-01):
#   bm25-t5 ranks lh-01 lh-02 lh-05 lh-04 lh-03: alice 1 1 0 0 0, bob 1 0 0 0 1
#   dense-llm ranks lh-02 lh-01 lh-04 (inline) lh-05: alice 1 1 0 1 0
i=1; for v in 1 1 0 0 0; do lh -r alice -n 1 -s bm25-t5 relevant $v -k $i || exit 1; i=$((i + 1)); done
i=1; for v in 1 0 0 0 1; do lh -r bob -n 1 -s bm25-t5 relevant $v -k $i || exit 1; i=$((i + 1)); done
i=1; for v in 1 1 0 1 0; do lh -r alice -n 1 -s dense-llm relevant $v -k $i || exit 1; i=$((i + 1)); done
# demo-sourdough turn 4 has no gold passage; bob finds nothing relevant
i=1; for v in 0 0 0 0 0; do
	$CONVQA label --db p.db -c demo-sourdough -n 4 -s bm25-t5 -r bob relevant $v -k $i || exit 1; i=$((i + 1))
done
ok "relevance labels are recorded"

# ---- answers ---------------------------------------------------------------
# Every judgement counts (no --consensus): alice 4 of 6 correct (her current
# value on turn 2 dense-llm is 1), bob 3 of 5: 7/11 = 0.636.
# Wilson 95%: centre (7/11 + 1.96^2/22) / (1 + 1.96^2/11), half width
# 1.96 sqrt(7/11 * 4/11 / 11 + 1.96^2/484) / (1 + 1.96^2/11): 0.354 to 0.848.
# By turn depth: 1: 4/4 = 1.000 (0.510-1.000); 2: 1/4 = 0.250; 3: 2/3 = 0.667.
# By system: bm25-t5 4/6 = 0.667, dense-llm 3/5 = 0.600.
run $CONVQA report --db p.db --only answers
check_eq "report exits 0" 0 "$rc"
check_grep "overall accuracy 7 of 11 with its Wilson interval" '^  all          11        7     0.636  0.354–0.848$' "$T/out"
check_grep "turn depth 1: 4 of 4" '^  1                    4        4     1.000  0.510–1.000$' "$T/out"
check_grep "turn depth 2: 1 of 4" '^  2                    4        1     0.250  0.046–0.699$' "$T/out"
check_grep "turn depth 3: 2 of 3" '^  3                    3        2     0.667  0.208–0.939$' "$T/out"
check_grep "by system bm25-t5: 4 of 6" '^  bm25-t5             6        4     0.667' "$T/out"
check_grep "by system dense-llm: 3 of 5" '^  dense-llm           5        3     0.600' "$T/out"
# bar chart: 1.000 is 40 full blocks, 0.250 is 10, 0.667 is 26 blocks and
# 5 eighths (0.667 * 320 = 213.3 eighths: 26 full, remainder 5 = U+258B)
check_grep "the chart draws turn depth 1 as a full bar" '^  1 ████████████████████████████████████████  1.000  n=4$' "$T/out"
check_grep "the chart draws turn depth 2 as a quarter bar" '^  2 ██████████                                0.250  n=4$' "$T/out"
check_grep "the chart ends a bar with an eighth block" '^  3 ██████████████████████████▋               0.667  n=3$' "$T/out"
width() { /usr/bin/python3 -c 'import sys; print(max(len(l.rstrip("\n")) for l in open(sys.argv[1], encoding="utf-8")))' "$1"; }
w=$(width "$T/out")
if [ "$w" -le 80 ]; then ok "the text report fits in 80 columns"; else not_ok "a line is $w columns wide"; fi

# majority of two raters: a tie (turn 2 dense-llm: 1 vs 0) is no consensus;
# turn 3 dense-llm has alice's vote only. Items: 1 1 0 - 1 0 -> 3 of 5
# correct = 0.600, 1 without consensus.
run $CONVQA report --db p.db --only answers --consensus majority
check_grep "majority: 3 of 5 items, 1 without consensus" '^  all      5        3     0.600  0.231–0.882             1$' "$T/out"
run $CONVQA report --db p.db --only answers --consensus rater:bob
check_grep "rater:bob: bob's 3 of 5" '^  all      5        3     0.600  0.231–0.882$' "$T/out"

# ---- retrieval ---------------------------------------------------------------
# A relevant label judges a passage of its turn, pooled over the systems:
# it counts in every ranking of the turn that holds the passage. alice's
# labels agree on the passages both systems retrieved (lh-01 1, lh-02 1,
# lh-04 0, lh-05 0). bob judged bm25-t5 only; pooled, his labels judge
# dense-llm's ranking too: lh-02 0, lh-01 1, lh-04 0, the inline passage
# unjudged, lh-05 0. In sourdough turn 4 dense-llm retrieved sd-01 sd-02
# sd-04 sd-05 sd-03, of which bob judged all but sd-05 (not relevant).
# Judgements with relevance labels: alice bm25 t1, alice dense t1, bob bm25
# t1, bob dense t1, bob bm25 sourdough t4, bob dense sourdough t4: 6.
# R per rater and turn: alice, lighthouse turn 1: gold {lh-02, lh-01} +
# judged relevant {lh-01, lh-02, the inline passage} = 3; bob, turn 1: gold +
# {lh-01, lh-03} = 3; bob, sourdough 4: nothing = 0.
#   alice bm25  1 1 0 0 0, R 3: RR 1, P@3 2/3, R@5 2/3, AP (1 + 1)/3 = 0.6667
#   alice dense 1 1 0 1 0, R 3: RR 1, P@3 2/3, R@5 1,   AP (1 + 1 + 3/4)/3 = 0.9167
#   bob bm25    1 0 0 0 1, R 3: RR 1, P@3 1/3, R@5 2/3, AP (1 + 2/5)/3 = 0.4667
#   bob dense   0 1 0 - 0, R 3: RR 1/2, P@3 1/3, R@5 1/3, AP (1/2)/3 = 0.1667
#   bob sd4, both systems: nothing relevant, R 0: every metric 0 (stays in the average)
# Means over 6: HR@1 = 3/6 = 0.500; MRR = 3.5/6 = 0.583; P@3 = (2/3 + 2/3 +
# 1/3 + 1/3)/6 = 0.333; R@5 = (2/3 + 1 + 2/3 + 1/3)/6 = 0.444; MAP =
# 2.2167/6 = 0.3694.
# nDCG@3 alice bm25: (1 + 1/log2 3) / (1 + 1/log2 3 + 1/2) = 0.7654.
run $CONVQA report --db p.db --only retrieval -f json -o r.json
check_eq "json report to a file" "0|wrote the report to r.json" "$rc|$(cat "$T/err")"
if $V "$SCHEMA" r.json >"$T/v" 2>&1; then ok "the retrieval report validates against report.schema.json"; else
	not_ok "the retrieval report does not validate" "$(cat "$T/v")"; fi
cell() {   # cell FILE SECTION TABLE GROUP COLUMN: value (rounded to 4) and n
	/usr/bin/python3 -c '
import json, sys
f, sec, tab, grp, col = sys.argv[1:]
t = json.load(open(f))["sections"][sec]["tables"][tab]
for r in t["rows"]:
    if r["group"] == grp:
        c = r["cells"].get(col)
        if c is None: print("missing")
        elif "value" in c: print("%.4f n=%d" % (c["value"], c["n"]))
        elif "count" in c: print("count %d" % c["count"])
        elif "undefined" in c: print("undefined (%s) n=%d" % (c["undefined"], c["n"]))
        else: print("text %s" % c["text"])
        sys.exit(0)
print("no row")' "$@"
}
check_eq "HR@1 over 6 judgements (passages pooled over the systems)" "0.5000 n=6" "$(cell r.json retrieval overall all hit@1)"
check_eq "MRR over 6 judgements" "0.5833 n=6" "$(cell r.json retrieval overall all mrr)"
check_eq "P@3 divides by 3" "0.3333 n=6" "$(cell r.json retrieval overall all p@3)"
check_eq "R@5 uses R = gold + judged relevant" "0.4444 n=6" "$(cell r.json retrieval overall all recall@5)"
check_eq "MAP counts unretrieved known relevant" "0.3694 n=6" "$(cell r.json retrieval overall all map)"
# dense-llm: alice 1, bob 1/2 (his labels of bm25-t5, pooled), bob sourdough 0
check_eq "pooled labels judge the other system's ranking" "0.5000 n=3" "$(cell r.json retrieval by_system dense-llm mrr)"
check_eq "items with nothing relevant are counted" "count 2" "$(cell r.json retrieval overall all nothing_relevant)"
check_eq "retrieval by turn depth 4 is the two R = 0 items" "0.0000 n=2" "$(cell r.json retrieval by_turn 4 map)"
# rater alice alone: nDCG@3 = (0.7654 + 0.7654) / 2, both items 1 1 0 with R 3
run $CONVQA report --db p.db --only retrieval --consensus rater:alice -f json -o a.json
check_eq "nDCG@3 of alice's layer" "0.7654 n=2" "$(cell a.json retrieval overall all ndcg@3)"

# ---- agreement ---------------------------------------------------------------
# answer_correct, units both labelled: turn 1 bm25 (1,1), turn 1 dense (1,1),
# turn 2 bm25 (0,0), turn 2 dense (1,0), turn 3 bm25 (1,1): n = 5.
# p_o = 4/5; alice says 1 four times, bob three: p_e = .8 * .6 + .2 * .4 = .56;
# kappa = (.8 - .56) / (1 - .56) = 0.5455, moderate.
# relevant, units = (item, rank) both labelled: bm25 turn 1 ranks 1-5,
# alice 1 1 0 0 0 vs bob 1 0 0 0 1: p_o = 3/5, p_e = .4 * .4 + .6 * .6 = .52,
# kappa = .08 / .48 = 0.1667, slight.
run $CONVQA agreement --db p.db -f json -o ag.json
if $V "$SCHEMA" ag.json >"$T/v" 2>&1; then ok "the agreement report validates against report.schema.json"; else
	not_ok "the agreement report does not validate" "$(cat "$T/v")"; fi
check_eq "kappa of answer_correct" "0.5455 n=5" "$(cell ag.json agreement answer_correct 'alice / bob' kappa)"
check_eq "p_e of answer_correct" "0.5600 n=5" "$(cell ag.json agreement answer_correct 'alice / bob' p_e)"
check_eq "Landis-Koch band of answer_correct" "text moderate" "$(cell ag.json agreement answer_correct 'alice / bob' band)"
check_eq "kappa of relevant per (item, rank)" "0.1667 n=5" "$(cell ag.json agreement relevant 'alice / bob' kappa)"
check_eq "the confusion matrix counts alice 1 / bob 0 once" "count 1" \
	"$(cell ag.json agreement answer_correct_confusion_1 1 0)"
check_eq "the confusion matrix counts both 1 three times" "count 3" \
	"$(cell ag.json agreement answer_correct_confusion_1 1 1)"
# intent: turn 1 bm25 both extractive, turn 2 bm25 extractive vs abstractive:
# p_o = 1/2; alice extractive twice, bob once: p_e = 1 * 1/2 = 1/2: kappa 0.
check_eq "kappa of intent" "0.0000 n=2" "$(cell ag.json agreement intent 'alice / bob' kappa)"

# a single category used by both raters: kappa undefined, never 0 or nan
$CONVQA label --db p.db -c demo-rosetta -n 1 -s bm25-t5 -t faithfulness -r alice faithfulness faithful &&
$CONVQA label --db p.db -c demo-rosetta -n 1 -s bm25-t5 -t faithfulness -r bob faithfulness faithful &&
$CONVQA label --db p.db -c demo-rosetta -n 2 -s bm25-t5 -t faithfulness -r alice faithfulness faithful &&
$CONVQA label --db p.db -c demo-rosetta -n 2 -s bm25-t5 -t faithfulness -r bob faithfulness faithful
run $CONVQA agreement --db p.db --field faithfulness
check_grep "one category only: kappa undefined with the reason" \
	'kappa, Landis-Koch: undefined (chance agreement is 1 (a single category' "$T/out"
if grep -qi 'nan' "$T/out"; then not_ok "agreement prints nan"; else ok "agreement prints no nan"; fi
run $CONVQA agreement --db p.db --field intent --weights quadratic
check_grep "weighted kappa on a field the user marks" 'weighted kappa' "$T/out"

# ---- verdicts: the SCAI-QReCC per-run table -----------------------------------
$CONVQA label --db p.db -c demo-rosetta -n 1 -s dense-llm -t plausibility -r alice plausibility implausible &&
$CONVQA label --db p.db -c demo-rosetta -n 1 -s bm25-t5 -t plausibility -r alice plausibility plausible
run $CONVQA report --db p.db --only verdicts -f json -o v.json
check_eq "plausible count of bm25-t5" "count 1" "$(cell v.json verdicts by_system bm25-t5 plausible)"
check_eq "implausible count of dense-llm" "count 1" "$(cell v.json verdicts by_system dense-llm implausible)"
check_eq "faithful count of bm25-t5 (two raters x two items)" "count 4" "$(cell v.json verdicts by_system bm25-t5 faithful)"

# ---- automatic metrics, alice's items only -------------------------------------
# SQuAD token F1 (max over golds), lighthouse turns 1-3:
#   t1 bm25 "augustinjean fresnel french physicist" vs "augustinjean fresnel":
#      P 2/4, R 1: F1 2/3                                                  EM 0
#   t2 bm25 "1822": F1 0;  t3 bm25 "polished metal reflectors behind oil lamps"
#      vs 8 gold tokens: P 1, R 6/8: F1 12/14 = 0.8571
#   bm25 mean F1 = (0.6667 + 0 + 0.8571) / 3 = 0.5079
#   t1 dense: 9 tokens, 2 common: F1 2(2/9)/(11/9) = 4/11;  t2 dense: 11 tokens,
#      5 common with "in 1823 in cordouan lighthouse": F1 10/16 = 0.625;
#   t3 dense: no common token: 0. dense mean = (0.3636 + 0.625 + 0) / 3 = 0.3295
# Correlation, bm25: F1 (0.6667, 0, 0.8571) against alice (1, 0, 1):
#   Spearman: ranks (2, 1, 3) and (2.5, 1, 2.5): r = 1.5 / sqrt(2 * 1.5) = 0.8660
run $CONVQA report --db p.db --raters alice --task turn --only automatic -f json -o au.json
check_eq "mean F1 of bm25-t5 on alice's items" "0.5079 n=3" "$(cell au.json automatic by_system bm25-t5 f1)"
check_eq "mean F1 of dense-llm on alice's items" "0.3295 n=3" "$(cell au.json automatic by_system dense-llm f1)"
check_eq "no exact match" "0.0000 n=3" "$(cell au.json automatic by_system bm25-t5 em)"
check_eq "Spearman of F1 with alice on bm25-t5" "0.8660 n=3" "$(cell au.json automatic correlation 'bm25-t5 / f1' spearman)"
check_eq "EM is constant: correlation undefined" "undefined (a variable is constant) n=3" \
	"$(cell au.json automatic correlation 'bm25-t5 / em' pearson)"

# ---- time ---------------------------------------------------------------------
# seconds of an item = the sum over the rater's rows of it (each row holds the
# active seconds since the previous save, as convqa annotate writes them):
# alice's turn items: t1 bm25 10 + 25 = 35, t1 dense 30, t2 bm25 12 + 14 = 26,
# t2 dense 5 + 8 = 13 (history counts), t3 bm25 16, t3 dense 20; relevance
# rows carry 0. Sorted 13 16 20 26 30 35: median (20 + 26)/2 = 23;
# type 7 quartiles: q1 at h = 1.25: 16 + .25 * 4 = 17; q3 at h = 3.75:
# 26 + .75 * 4 = 29.
run $CONVQA report --db p.db --only time -f json -o t.json --wage 36
check_eq "median seconds of alice" "23.0000 n=6" "$(cell t.json time by_rater 'alice / turn' median)"
check_eq "first quartile of alice" "17.0000 n=6" "$(cell t.json time by_rater 'alice / turn' q1)"
check_eq "third quartile of alice" "29.0000 n=6" "$(cell t.json time by_rater 'alice / turn' q3)"
# bob: t1 bm25 40 + 45 = 85, t1 dense 20, t2 bm25 50 + 60 = 110; t2 dense,
# t3 bm25 and sourdough 4 are untimed. Cost: 215 s at 36 per hour = 2.15.
check_eq "untimed items are counted" "count 3" "$(cell t.json time by_rater 'bob / turn' untimed)"
check_eq "cost at 36 per hour" "2.1500 n=3" "$(cell t.json time by_rater 'bob / turn' cost)"

# ---- every format ----------------------------------------------------------------
for f in text json csv md; do
	run $CONVQA report --db p.db --by all --format $f
	check_eq "format $f exits 0 with no message" "0|" "$rc|$(cat "$T/err")"
	cp "$T/out" "full.$f"
done
if $V "$SCHEMA" full.json >"$T/v" 2>&1; then ok "the full report validates against report.schema.json"; else
	not_ok "the full report does not validate" "$(cat "$T/v")"; fi
check_grep "csv: one row per cell, with n and the interval" \
	'^answers,overall,,all,accuracy,0.636363636364,11,0.353796776892,0.848337763859,ok' full.csv
check_grep "csv: undefined cells say why" 'undefined: chance agreement is 1' full.csv
check_eq "markdown: the heading names convqa report" "# convqa report" "$(head -1 full.md)"
check_eq "json: meta.command is report" "report" \
	"$(/usr/bin/python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["meta"]["command"])' full.json)"
check_grep "csv: a meta row names the command" '^meta,,,,command,report,,,,ok' full.csv
check_grep "markdown: a table per breakdown" '^| turn depth | judgements | correct | accuracy | 95% CI |$' full.md
check_grep "markdown: undefined with its reason" 'undefined (chance agreement is 1' full.md
if /usr/bin/python3 -c 'import csv, sys; rows = list(csv.reader(open(sys.argv[1], newline=""))); sys.exit(0 if all(len(r) == 10 for r in rows) else 1)' full.csv; then
	ok "csv rows all have 10 fields"; else not_ok "csv rows differ in length"; fi
if grep -qi 'nan\|inf' full.json; then not_ok "json holds nan or inf"; else ok "json holds no nan or inf"; fi
# CONVQA_UPDATE_GOLDEN=1 rewrites the expected report (review the diff!)
[ "${CONVQA_UPDATE_GOLDEN:-}" = 1 ] && cp full.text "$CONVQA_TOP/tests/golden/report/demo.txt"
if diff -u "$CONVQA_TOP/tests/golden/report/demo.txt" full.text >"$T/diff"; then
	ok "the text report matches tests/golden/report/demo.txt"; else
	not_ok "the text report differs from tests/golden/report/demo.txt" "$(head -40 "$T/diff")"; fi

# ---- adjudication -----------------------------------------------------------------
run $CONVQA report --db p.db --consensus adjudicated
check_eq "adjudicated without an adjudicator is refused" \
	"2|convqa: --consensus adjudicated: no rater has the role adjudicator (give one with: convqa rater add NAME --role adjudicator)" "$rc|$(cat "$T/err")"
lh -r carol -n 2 -s dense-llm answer_correct 1 &&
	sqlite3 p.db "UPDATE rater SET role = 'adjudicator' WHERE name = 'carol'"
# carol settles turn 2 dense-llm as correct; turn 3 dense-llm (alice alone)
# stands: 1 1 0 1 1 0 = 4 of 6
run $CONVQA report --db p.db --only answers --consensus adjudicated -f json -o adj.json
check_eq "adjudicated: 4 of 6" "0.6667 n=6" "$(cell adj.json answers overall all accuracy)"

# ---- rounds --------------------------------------------------------------------------
# (rounds are made by the coordinator's commands; here straight in SQL)
sqlite3 p.db "INSERT INTO round(name, task, created_at) VALUES ('r1', 'turn', '2026-01-01T00:00:00.000Z')"
# r1 assigns honeybees turns 1 and 2 of bm25-t5 to alice, turn 3 to bob (a
# round takes labels only on the items it assigns to each rater)
sqlite3 p.db "INSERT INTO assignment(round_id, rater_id, response_id, seq)
	SELECT ro.id, ra.id, r.id, t.position FROM round ro, rater ra, response r JOIN turn t ON t.id = r.turn_id
	JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id
	WHERE ro.name = 'r1' AND c.ext_id = 'demo-honeybees' AND sy.name = 'bm25-t5'
	AND (ra.name, t.position) IN (VALUES ('alice', 1), ('alice', 2), ('bob', 3))"
$CONVQA label --db p.db --round r1 -c demo-honeybees -n 1 -s bm25-t5 -r alice answer_correct 0 --seconds 9
$CONVQA label --db p.db --round r1 -c demo-honeybees -n 2 -s bm25-t5 -r alice answer_correct 1 --seconds 11
run $CONVQA report --db p.db --round r1 -f json -o round.json
check_eq "--round keeps that round's labels only: 1 of 2" "0.5000 n=2" "$(cell round.json answers overall all accuracy)"
check_eq "--round: time of the round's items" "10.0000 n=2" "$(cell round.json time by_rater 'alice / turn' median)"
# bob judges honeybees turn 3 correct outside rounds; in r1 he sets it to
# incorrect and clears that again. His r1 label is cleared (no label), his
# label outside rounds stands: without --round his value is 1 (as convqa
# export lists it), with --round r1 he has none.
$CONVQA label --db p.db -c demo-honeybees -n 3 -s bm25-t5 -r bob answer_correct 1 &&
$CONVQA label --db p.db --round r1 -c demo-honeybees -n 3 -s bm25-t5 -r bob answer_correct 0 &&
$CONVQA label --db p.db --round r1 -c demo-honeybees -n 3 -s bm25-t5 -r bob --clear answer_correct
run $CONVQA report --db p.db --raters bob --by conversation --only answers -f json -o bob.json
check_eq "a label cleared in a round leaves the value of another round" "1.0000 n=1" \
	"$(cell bob.json answers by_conversation demo-honeybees accuracy)"
run $CONVQA report --db p.db --round r1 --raters bob --by conversation --only answers -f json -o bob1.json
check_eq "... and in that round there is none" "no row" "$(cell bob1.json answers by_conversation demo-honeybees accuracy)"

# ---- usage and input errors ----------------------------------------------------------
check_run "an unknown round is bad input; the message lists the rounds" 2 \
	"convqa: no round 'r9' in the project (its rounds: r1)" $CONVQA report --db p.db --round r9
check_run "agreement: an unknown round is bad input too" 2 \
	"convqa: no round 'r9' in the project (its rounds: r1)" $CONVQA agreement --db p.db --round r9
check_run "label: an unknown round lists the rounds" 2 "convqa: no round 'r9' in the project (its rounds: r1)" \
	$CONVQA label --db p.db --round r9 -c demo-honeybees -n 1 -s bm25-t5 -r alice answer_correct 1
check_run "label: a round of another task says which --task to give" 2 \
	"convqa: round 'r1' is a turn round, not plausibility (give --task turn)" \
	$CONVQA label --db p.db --round r1 -t plausibility -c demo-honeybees -n 1 -s bm25-t5 -r alice plausibility plausible
check_run "an unknown rater is bad input" 2 "convqa: no rater 'zed' in the project" $CONVQA report --db p.db --raters zed
check_run "--k must ascend" 1 "convqa report: --k expects ascending cutoffs from 1 to 1000 separated by commas (at most 16), e.g. 1,3,5,10; got '5,3'" \
	$CONVQA report --db p.db --k 5,3
check_run "an unknown format is a usage error" 1 "convqa report: unknown format 'xml' (expected: text, json, csv, md, html)" \
	$CONVQA report --db p.db -f xml
check_run "--weights takes none, linear or quadratic" 1 "convqa agreement: --weights expects none, linear or quadratic, got 'cubic'" \
	$CONVQA agreement --db p.db --weights cubic
# without --field, --weights sets the weights of the ordinal fields; the
# built-in fields are nominal or binary: kappa stays unweighted
run $CONVQA agreement --db p.db --weights quadratic -f json -o wq.json
check_eq "--weights without --field leaves the nominal and binary fields unweighted" "0|0.5455 n=5" \
	"$rc|$(cell wq.json agreement answer_correct 'alice / bob' kappa)"
check_run "an unknown consensus is a usage error" 1 "convqa report: --consensus expects majority, adjudicated, discard, rater:NAME or none; got 'most'" \
	$CONVQA report --db p.db --consensus most
run $CONVQA report --db p.db -o /nonexistent/dir/r.txt
check_eq "an unwritable output is an I/O error" 4 "$rc"
check_eq "... and the message names the output file, not a temporary one" \
	"convqa: cannot write '/nonexistent/dir/r.txt': No such file or directory (no directory '/nonexistent/dir': create it first, or give -o a path in one that exists)" "$(cat "$T/err")"
run $CONVQA agreement --db p.db -o /nonexistent/dir/a.txt
check_eq "agreement: an unwritable output exits 4 and names the file" \
	"4|convqa: cannot write '/nonexistent/dir/a.txt': No such file or directory (no directory '/nonexistent/dir': create it first, or give -o a path in one that exists)" "$rc|$(cat "$T/err")"
run $CONVQA report --db p.db --only time -f csv -o -
check_eq "-o - writes to standard output" "0|section,table" "$rc|$(head -1 "$T/out" | cut -d, -f1,2)"
done_testing
