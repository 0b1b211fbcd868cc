#!/bin/sh
# convqa report --compare: three systems answer 18 turns (tests/fixtures/compare.json;
# bm25 alone answers a 19th), alice judges every answer but hybrid's last
# two. Per pair on the turns both have a value for: the means, the
# difference with its interval, the exact paired test and Holm's correction.
# The expected figures were computed with SciPy 1.10 and statsmodels 0.13
# (the calls in the comments; this test needs neither).
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
$CONVQA init >/dev/null
$CONVQA import -q "$FIXTURES/compare.json"
$CONVQA rater add alice >/dev/null

# answer_correct per turn 1..18 (c1 1-6, c2 1-6, c3 1-6); hybrid: turns 1..16
label_system() {   # SYSTEM VALUES...
	s=$1
	shift
	i=0
	for v in "$@"; do
		c=$((i / 6 + 1)) n=$((i % 6 + 1))
		$CONVQA label answer_correct "$v" -r alice -c "c$c" -n "$n" -s "$s" || echo "label $s $i failed"
		i=$((i + 1))
	done
}
label_system bm25 1 1 1 1 1 1 1 1 1 1 1 1 0 1 1 1 0 0
label_system dense 0 0 0 1 0 0 1 0 0 1 0 0 1 1 0 1 0 1
label_system hybrid 1 0 1 1 0 1 1 1 1 0 1 1 1 0 1 1
$CONVQA label answer_correct 1 -r alice -c c4 -n 1 -s bm25

# one CSV line per figure: "GROUP COLUMN VALUE [n] [ci]"
figures() {
	python3 -c '
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r["section"] == "compare":
        ci = " [%s, %s]" % (r["ci_lo"], r["ci_hi"]) if r["ci_lo"] else ""
        print("%s|%s|%s%s" % (r["group"], r["column"], r["value"], ci))
'
}
round3() {   # the numbers of the figures to 3 decimals (the CI's too)
	python3 -c '
import re, sys
for line in sys.stdin:
    print(re.sub(r"-?\d+\.\d+", lambda m: "%.3f" % float(m.group()), line), end="")
'
}

run $CONVQA report --compare bm25,dense,hybrid -f csv
check_eq "report --compare runs" "0|" "$rc|$(cat "$T/err")"
figures <"$T/out" | round3 >got
# d = x - y; d.mean() +- 1.96 * d.std(ddof=1) / sqrt(n); b, c = (d > 0).sum(), (d < 0).sum()
# p = stats.binomtest(b, b + c, 0.5).pvalue
#   = stats.permutation_test((x, y), mean of x - y, permutation_type='samples', n_resamples=np.inf).pvalue
# multipletests([0.0385742, 0.375, 0.109375], method='holm')[1] = [0.1157227, 0.375, 0.21875]
cat >want <<'EOF'
bm25 vs dense|a|bm25
bm25 vs dense|b|dense
bm25 vs dense|mean_a|0.833
bm25 vs dense|mean_b|0.389
bm25 vs dense|difference|0.444 [0.119, 0.770]
bm25 vs dense|a_higher|10
bm25 vs dense|b_higher|2
bm25 vs dense|test|permutation, exact
bm25 vs dense|p|0.039
bm25 vs dense|p_adjusted|0.116
bm25 vs dense|significant|no
bm25 vs dense|only_a|1
bm25 vs dense|only_b|0
bm25 vs hybrid|a|bm25
bm25 vs hybrid|b|hybrid
bm25 vs hybrid|mean_a|0.938
bm25 vs hybrid|mean_b|0.750
bm25 vs hybrid|difference|0.188 [-0.079, 0.454]
bm25 vs hybrid|a_higher|4
bm25 vs hybrid|b_higher|1
bm25 vs hybrid|test|permutation, exact
bm25 vs hybrid|p|0.375
bm25 vs hybrid|p_adjusted|0.375
bm25 vs hybrid|significant|no
bm25 vs hybrid|only_a|3
bm25 vs hybrid|only_b|0
dense vs hybrid|a|dense
dense vs hybrid|b|hybrid
dense vs hybrid|mean_a|0.375
dense vs hybrid|mean_b|0.750
dense vs hybrid|difference|-0.375 [-0.727, -0.023]
dense vs hybrid|a_higher|2
dense vs hybrid|b_higher|8
dense vs hybrid|test|permutation, exact
dense vs hybrid|p|0.109
dense vs hybrid|p_adjusted|0.219
dense vs hybrid|significant|no
dense vs hybrid|only_a|2
dense vs hybrid|only_b|0
EOF
check_eq "each pair: n-paired means, difference and interval, exact p, Holm over 3 pairs, the turns left out" \
	"$(cat want)" "$(cat got)"
python3 -c '
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r["section"] == "compare" and r["column"] == "p":
        print(r["group"], r["n"], r["value"])
' <"$T/out" >got_p
# the exact p to every digit the CSV gives: binomtest(10, 12), (4, 5), (2, 10)
check_eq "the exact p is SciPy's to every digit (79/2048, 3/8, 7/64); n is the turns both have" \
	"bm25 vs dense 18 0.03857421875
bm25 vs hybrid 16 0.375
dense vs hybrid 16 0.109375" "$(cat got_p)"

run $CONVQA report --compare bm25,dense,hybrid --only compare
check_eq "the text report writes an interval between negative numbers with 'to', not a dash that reads as a minus" \
	"1" "$(grep -c -e '-0\.727 to -0\.023' "$T/out")"

run $CONVQA report --compare bm25,dense,hybrid --correction none --alpha 0.05 -f csv
figures <"$T/out" | grep -E '\|(p_adjusted|significant)\|' >got
check_eq "--correction none: the raw p decides (bm25 vs dense at 0.039 <= 0.05)" \
	"bm25 vs dense|p_adjusted|0.03857421875
bm25 vs dense|significant|yes
bm25 vs hybrid|p_adjusted|0.375
bm25 vs hybrid|significant|no
dense vs hybrid|p_adjusted|0.109375
dense vs hybrid|significant|no" "$(cat got)"

run $CONVQA report --compare bm25,dense,hybrid --test mcnemar -f csv
figures <"$T/out" | grep -E '\|(p|test)\|' >got
check_eq "McNemar's exact test on binary verdicts: the same p as the exact permutation test" \
	"bm25 vs dense|test|McNemar, exact
bm25 vs dense|p|0.03857421875
bm25 vs hybrid|test|McNemar, exact
bm25 vs hybrid|p|0.375
dense vs hybrid|test|McNemar, exact
dense vs hybrid|p|0.109375" "$(cat got)"

# EM against the gold answers: bm25 matches turns 1-9 (and 19, alone), dense
# 1-3, hybrid none: binomtest(6, 6), (9, 9), (3, 3); Holm: [0.0625, 0.01171875, 0.25]
run $CONVQA report --compare bm25,dense,hybrid --metric em -f csv
figures <"$T/out" | grep -E '\|(mean_a|mean_b|p|p_adjusted|significant|only_a)\|' >got
check_eq "--metric em: an automatic metric, per turn with a gold answer" \
	"bm25 vs dense|mean_a|0.5
bm25 vs dense|mean_b|0.166666666667
bm25 vs dense|p|0.03125
bm25 vs dense|p_adjusted|0.0625
bm25 vs dense|significant|no
bm25 vs dense|only_a|1
bm25 vs hybrid|mean_a|0.5
bm25 vs hybrid|mean_b|0
bm25 vs hybrid|p|0.00390625
bm25 vs hybrid|p_adjusted|0.01171875
bm25 vs hybrid|significant|yes
bm25 vs hybrid|only_a|1
dense vs hybrid|mean_a|0.166666666667
dense vs hybrid|mean_b|0
dense vs hybrid|p|0.25
dense vs hybrid|p_adjusted|0.25
dense vs hybrid|significant|no
dense vs hybrid|only_a|0" "$(cat got)"

# with --raters (or --round), an automatic metric counts the items labelled
# there, as section automatic does: hybrid's last two turns are not
run $CONVQA report --compare bm25,hybrid --metric em --raters alice -f csv
figures <"$T/out" | grep -E '\|(only_a|p)\|' >got
check_eq "--metric em --raters alice: the items alice labelled (16 pairs, binomtest(9, 9); bm25 alone on 3)" \
	"bm25 vs hybrid|p|0.00390625
bm25 vs hybrid|only_a|3" "$(cat got)"

# seed 003's fuzzy fact inclusion: here the answers either hold a gold answer
# or share nothing with it, so the figures are EM's
run $CONVQA report --compare bm25,dense,hybrid --metric fuzzy -f csv
figures <"$T/out" | grep -E '\|(p|p_adjusted)\|' >got
check_eq "--metric fuzzy: seed 003's fuzzy inclusion compared as EM was" \
	"bm25 vs dense|p|0.03125
bm25 vs dense|p_adjusted|0.0625
bm25 vs hybrid|p|0.00390625
bm25 vs hybrid|p_adjusted|0.01171875
dense vs hybrid|p|0.25
dense vs hybrid|p_adjusted|0.25" "$(cat got)"

# the text report: the figures and the conventions stated
run $CONVQA report --compare bm25,dense
check_eq "text: runs" "0|" "$rc|$(cat "$T/err")"
check_grep "text: the pair's row with n, the means and the difference" \
	'bm25 vs dense     18  bm25  dense   0.833   0.389  0.444' "$T/out"
check_grep "text: the exact test and its p" 'permutation, exact  0.039' "$T/out"
check_grep "text: the seed is stated" 'seed 1\.' "$T/out"
check_grep "text: the exact limit is stated" 'at most 1048576 sums' "$T/out"
if grep -q '^Answers' "$T/out"; then not_ok "--compare alone shows only the comparison"; else
	ok "--compare alone shows only the comparison"; fi

# the p of bm25 vs hybrid's EM by the bootstrap: no resample of its 9 ones
# and 9 zeros reaches 0 or 1 (2 x 0.5^18), p = 1 / 2001, shown as <0.001
run $CONVQA report --compare bm25,hybrid --metric em --test bootstrap --resamples 2000
check_grep "text: a p below 0.001 is shown as <0.001" 'bootstrap, 2000 resamples  <0.001' "$T/out"
run $CONVQA report --compare bm25,hybrid --metric em --test bootstrap --resamples 2000 -f csv
figures <"$T/out" | grep '|p|' >got
check_eq "... and is (1 + 0) / 2001 in CSV" "bm25 vs hybrid|p|0.000499750124938" "$(cat got)"
run $CONVQA report --compare bm25,dense,hybrid --test bootstrap -f json -o compare.json
if /usr/bin/python3 "$CONVQA_TOP/tests/tools/validate_json_schema.py" "$CONVQA_TOP/schemas/report.schema.json" \
	compare.json >v 2>&1; then ok "the JSON report of a comparison validates against report.schema.json"; else
	not_ok "the JSON report of a comparison validates against report.schema.json" "$(cat v)"; fi

# the bootstrap: deterministic for a seed, its resamples stated; another seed moves the interval
run $CONVQA report --compare bm25,dense --test bootstrap --resamples 2000 --seed 7 -f csv
figures <"$T/out" >b1
run $CONVQA report --compare bm25,dense --test bootstrap --resamples 2000 --seed 7 -f csv
figures <"$T/out" >b2
run $CONVQA report --compare bm25,dense --test bootstrap --resamples 2000 --seed 9 -f csv
figures <"$T/out" >b3
check_eq "bootstrap: the same seed gives the same figures" "$(cat b1)" "$(cat b2)"
if cmp -s b1 b3; then not_ok "bootstrap: another seed, other resamples" "$(cat b3)"; else
	ok "bootstrap: another seed, other resamples"; fi
check_grep "bootstrap: the number of resamples stated" 'bootstrap, 2000 resamples' b1
python3 - b1 <<'EOF' >got
import re, sys
f = dict(l.rstrip("\n").split("|", 2)[1:] for l in open(sys.argv[1]))
lo, hi = map(float, re.search(r"\[(.*), (.*)\]", f["difference"]).groups())
p = float(f["p"])
# percentiles of resampled means of 18 values in steps of 1/18; p a multiple of 1/2001
print(lo < 0.444 < hi, abs(lo * 18 - round(lo * 18)) < 1e-6, abs(p * 2001 - round(p * 2001)) < 1e-6, p < 0.05)
EOF
check_eq "bootstrap: a percentile interval around 0.444, p = (1 + hits) / 2001 below 0.05" "True True True True" "$(cat got)"

# a retrieval metric: MRR and HR@1 of two rankings of the same passages,
# relevance pooled over the systems (a label judges the passage for its turn)
cat >r.json <<'EOF'
{"format": "convqa-tasks", "version": 1,
 "collection": [{"id": "p1", "text": "one"}, {"id": "p2", "text": "two"}, {"id": "p3", "text": "three"},
                {"id": "p4", "text": "four"}, {"id": "p5", "text": "five"}],
 "conversations": [{"id": "r", "turns": [
  {"question": "q1?", "responses": [{"system": "x", "answer": "x1", "passages": [{"rank": 1, "id": "p1"}, {"rank": 2, "id": "p2"}]},
                                    {"system": "y", "answer": "y1", "passages": [{"rank": 1, "id": "p2"}, {"rank": 2, "id": "p1"}]}]},
  {"question": "q2?", "responses": [{"system": "x", "answer": "x2", "passages": [{"rank": 1, "id": "p3"}, {"rank": 2, "id": "p4"}]},
                                    {"system": "y", "answer": "y2", "passages": [{"rank": 1, "id": "p4"}, {"rank": 2, "id": "p3"}]}]},
  {"question": "q3?", "responses": [{"system": "x", "answer": "x3", "passages": [{"rank": 1, "id": "p1"}, {"rank": 2, "id": "p5"}]},
                                    {"system": "y", "answer": "y3", "passages": [{"rank": 1, "id": "p5"}, {"rank": 2, "id": "p1"}]}]},
  {"question": "q4?", "responses": [{"system": "x", "answer": "x4", "passages": [{"rank": 1, "id": "p2"}, {"rank": 2, "id": "p3"}]},
                                    {"system": "y", "answer": "y4", "passages": [{"rank": 1, "id": "p3"}, {"rank": 2, "id": "p2"}]}]}]}]}
EOF
$CONVQA init --db r.db >/dev/null && $CONVQA import --db r.db -q r.json && $CONVQA rater add --db r.db alice >/dev/null
while read n k v; do   # on x's ranking; y's ranking of the same passage takes the label too
	$CONVQA label --db r.db relevant "$v" -r alice -c r -n "$n" -s x -k "$k"
done <<'EOF'
1 1 0
1 2 1
2 1 1
2 2 0
3 1 0
3 2 1
4 1 1
4 2 1
EOF
# MRR x: 1/2, 1, 1/2, 1 (mean 0.75); y: 1, 1/2, 1, 1 (0.875); d = -1/2, 1/2, -1/2, 0:
# d.mean() +- 1.96 * d.std(ddof=1) / 2; every sign flip of three halves is at
# least as far from 0 as -1/2: p = 1
run $CONVQA report --db r.db --compare x,y --metric mrr -f csv
figures <"$T/out" | grep -E '\|(mean_a|mean_b|difference|p)\|' | round3 >got
check_eq "--metric mrr: per ranking as section retrieval, relevance pooled" \
	"x vs y|mean_a|0.750
x vs y|mean_b|0.875
x vs y|difference|-0.125 [-0.594, 0.344]
x vs y|p|1" "$(cat got)"
run $CONVQA report --db r.db --compare x,y --metric hr@1 -f csv
figures <"$T/out" | grep -E '\|(mean_a|mean_b)\|' >got
check_eq "--metric hr@1" "x vs y|mean_a|0.5
x vs y|mean_b|0.75" "$(cat got)"
check_run "a retrieval metric without its cutoff is refused" 1 \
	"convqa report: unknown metric 'hr' (expected: correctness, fuzzy, em, f1, scai_em, bleu1, rouge1_r, rouge_l, mrr, map, hr@K, p@K, r@K, ndcg@K or score:NAME)" \
	$CONVQA report --db r.db --compare x,y --metric hr

# refusals
check_run "fewer than two systems are refused" 1 \
	"convqa report: --compare expects at least two systems separated by commas, e.g. bm25-t5,dense-llm; got 'bm25'" \
	$CONVQA report --compare bm25
check_run "an unknown system is refused, listing the project's" 2 \
	"convqa: --compare: the project has no system 'bm52' (its systems: bm25, dense, hybrid)" \
	$CONVQA report --compare bm25,bm52
check_run "a system named twice is refused" 1 "convqa report: --compare names system 'bm25' twice" \
	$CONVQA report --compare bm25,dense,bm25
check_run "an unknown test is refused" 1 "convqa report: --test expects permutation, bootstrap or mcnemar, got 'wilcoxon'" \
	$CONVQA report --compare bm25,dense --test wilcoxon
check_run "a test without --compare is refused" 1 \
	"convqa report: --test goes with --compare A,B: name the systems to compare" $CONVQA report --test mcnemar
check_run "--only compare without --compare is refused" 1 \
	"convqa report: --only compare goes with --compare A,B: name the systems to compare" \
	$CONVQA report --only answers,compare
check_run "--only without compare is refused" 1 \
	"convqa report: --compare builds the section compare: --only must name it" \
	$CONVQA report --compare bm25,dense --only answers
check_run "alpha outside (0, 1) is refused" 1 \
	"convqa report: --alpha expects a number between 0 and 1, e.g. 0.05; got '1.5'" \
	$CONVQA report --compare bm25,dense --alpha 1.5

# raters who disagree make a fraction: McNemar says why it has no p, the permutation test has one
$CONVQA rater add bob >/dev/null
$CONVQA label answer_correct 0 -r bob -c c1 -n 1 -s bm25
run $CONVQA report --compare bm25,dense --test mcnemar -f csv
figures <"$T/out" | grep -E '\|(mean_a|p)\|' >got
check_eq "McNemar on a fraction (two raters' mean): undefined, with the reason" \
	"bm25 vs dense|mean_a|0.805555555556
bm25 vs dense|p|" "$(cat got)"
check_grep "McNemar's reason names what to do" 'choose a --consensus' "$T/out"
run $CONVQA report --compare bm25,dense --test mcnemar --consensus rater:alice -f csv
figures <"$T/out" | grep -E '\|p\|' >got
check_eq "one rater's layer: binary again, McNemar's p" "bm25 vs dense|p|0.03857421875" "$(cat got)"
done_testing
