#!/bin/sh
# convqa agreement with three raters: Cohen's kappa per pair, Fleiss' kappa
# and Krippendorff's alpha, worked out by hand below.
. "$CONVQA_TOP/tests/lib.sh"
V="/usr/bin/python3 $CONVQA_TOP/tests/tools/validate_json_schema.py"
export CONVQA_NOW=2026-01-02T03:04:05.000Z
$CONVQA init --db p.db >/dev/null && $CONVQA import --db p.db -q "$CONVQA_TOP/sample_tasks/demo.json"
check_eq "the demo task imports" 0 $?

# plausibility of four items of demo-rosetta (turn 1 and 2, both systems):
#          t1 bm25     t1 dense     t2 bm25     t2 dense
#   ann    plausible   plausible    implausible malformed
#   ben    plausible   implausible  implausible malformed
#   cat    plausible   plausible    implausible plausible
p() { $CONVQA label --db p.db -t plausibility -c demo-rosetta -n "$1" -s "$2" -r "$3" plausibility "$4"; }
p 1 bm25-t5 ann plausible && p 1 dense-llm ann plausible && p 2 bm25-t5 ann implausible && p 2 dense-llm ann malformed &&
p 1 bm25-t5 ben plausible && p 1 dense-llm ben implausible && p 2 bm25-t5 ben implausible && p 2 dense-llm ben malformed &&
p 1 bm25-t5 cat plausible && p 1 dense-llm cat plausible && p 2 bm25-t5 cat implausible && p 2 dense-llm cat plausible
check_eq "plausibility labels are recorded" 0 $?

# Fleiss (m = 3, categories plausible / implausible / malformed): item counts
# (3,0,0) (2,1,0) (0,3,0) (1,0,2): P_i = 1, 1/3, 1, 1/3: P-bar = 2/3;
# p_j = 6/12, 4/12, 2/12: P_e = (36 + 16 + 4)/144 = 7/18;
# kappa = (2/3 - 7/18) / (11/18) = 5/11 = 0.455.
# Krippendorff's alpha: coincidences o_pp = 3 + 1 = 4, o_pi = o_ip = 1,
# o_ii = 3, o_pm = o_mp = 1, o_mm = 1; n_p = 6, n_i = 4, n_m = 2, n = 12:
# D_o = 4/12; D_e = (144 - 36 - 16 - 4) / 132 = 88/132; alpha = 1 - (1/3)/(2/3) = 0.5.
# ann / ben: agree on 3 of 4: p_o = .75; ann p i m = 2 1 1, ben 1 2 1:
# p_e = (2 + 2 + 1)/16 = 5/16; kappa = (12/16 - 5/16) / (11/16) = 7/11 = 0.636.
run $CONVQA agreement --db p.db
check_eq "agreement exits 0" 0 "$rc"
check_grep "Fleiss kappa and alpha of three raters" '^  plausibility      4       3       0         0.455         0.500$' "$T/out"
check_grep "ann / ben" '^  ann / ben      4  0.750  0.312  0.636  0.019–1.000      substantial$' "$T/out"
check_grep "the confusion matrix names the categories" '^  ann \\ ben    plausible  implausible  malformed$' "$T/out"
check_grep "Landis-Koch band" 'substantial' "$T/out"

# one rater less: the same pair, no Fleiss (two raters)
run $CONVQA agreement --db p.db --raters ann,ben --format md
check_grep "markdown table of the pair" '^| ann / ben | 4 | 0.750 | 0.312 | 0.636 | 0.019–1.000 | substantial |$' "$T/out"
check_grep "no Fleiss kappa for two raters" '^| plausibility | 4 | 2 | 0 | - |' "$T/out"

# weighted kappa if the user says plausibility is a scale (linear weights
# w = 1 - |i - j| / 2); ann/ben disagree on t1 dense (plausible vs
# implausible): weight 1/2. p_o = (3 + 0.5)/4 = 0.875. Marginals ann
# (.5, .25, .25), ben (.25, .5, .25): p_e = sum p_i. p_.j w_ij
#   = .5 (.25 + .25) + .25 (.125 + .5 + .125) + .25 (.25 + .25) = 0.5625;
# kappa = (0.875 - 0.5625) / (1 - 0.5625) = 5/7 = 0.714.
run $CONVQA agreement --db p.db --raters ann,ben --field plausibility --weights linear -f csv
check_grep "linear weighted kappa" '^agreement,plausibility,raters,ann / ben,kappa,0.714285714286,4,' "$T/out"

run $CONVQA agreement --db p.db -f json -o a.json
if $V "$CONVQA_TOP/schemas/report.schema.json" a.json >"$T/v" 2>&1; then ok "the agreement JSON validates"; else
	not_ok "the agreement JSON does not validate" "$(cat "$T/v")"; fi
# every format says which command wrote it
run $CONVQA agreement --db p.db
check_eq "text: the heading names convqa agreement" "convqa agreement" "$(head -1 "$T/out")"
run $CONVQA agreement --db p.db -f md
check_eq "markdown: the heading names convqa agreement" "# convqa agreement" "$(head -1 "$T/out")"
check_eq "json: meta.command is agreement" "agreement" \
	"$(/usr/bin/python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["meta"]["command"])' a.json)"
run $CONVQA agreement --db p.db -f csv
check_grep "csv: a meta row names the command" '^meta,,,,command,agreement,,,,ok' "$T/out"
run $CONVQA agreement --db p.db -o a.txt
check_eq "to a file: the heading names convqa agreement" "0|convqa agreement" "$rc|$(head -1 a.txt)"
if grep -q 'convqa report' a.txt; then not_ok "the agreement output calls itself convqa report"; else
	ok "the agreement output never calls itself convqa report"; fi

# Units are counted once. demo-lighthouse turn 1: bm25-t5 ranks lh-01 lh-02
# lh-05 lh-04 lh-03, dense-llm lh-02 lh-01 lh-04 (inline) lh-05. ann judges
# lh-01 on bm25-t5 (rank 1), ben on dense-llm (rank 2): one passage, pooled
# over the systems, both relevant. ann also judges lh-03 (bm25-t5 only),
# ben lh-05 on dense-llm as relevant and ann lh-05 on bm25-t5 as not: a
# second shared unit. Units: lh-01 (1, 1), lh-05 (0, 1), lh-03 ann only.
# The intent of turn 1, given by ann on bm25-t5 and ben on dense-llm, is
# one unit too.
lh() { $CONVQA label --db p.db -c demo-lighthouse -n 1 "$@"; }
lh -s bm25-t5 -r ann -k 1 relevant 1 && lh -s dense-llm -r ben -k 2 relevant 1 &&
lh -s bm25-t5 -r ann -k 5 relevant 0 && lh -s bm25-t5 -r ann -k 3 relevant 0 &&
lh -s dense-llm -r ben -k 5 relevant 1 &&
lh -s bm25-t5 -r ann intent extractive && lh -s dense-llm -r ben intent extractive
check_eq "relevance and intent labels on different systems' responses are recorded" 0 $?
run $CONVQA agreement --db p.db --field relevant -f json -o rel.json
cell() {   # cell FILE TABLE GROUP COLUMN: value and n
	/usr/bin/python3 -c '
import json, sys
f, tab, grp, col = sys.argv[1:]
for r in json.load(open(f))["sections"]["agreement"]["tables"][tab]["rows"]:
    if r["group"] == grp:
        c = r["cells"][col]
        print("%.4f n=%d" % (c["value"], c["n"]) if "value" in c else "count %d" % c["count"])' "$@"
}
check_eq "a passage two raters judged on different systems' responses is one unit" "0.5000 n=2" \
	"$(cell rel.json relevant 'ann / ben' p_o)"
check_eq "... and a passage one rater judged is one single unit" "count 1" "$(cell rel.json summary relevant single)"
run $CONVQA agreement --db p.db --field intent -f json -o int.json
check_eq "the intent of a turn given on two responses is one unit" "1.0000 n=1" "$(cell int.json intent 'ann / ben' p_o)"
check_run "a field without categories is bad input; the message lists the fields" 2 \
	"convqa: no field 'note' with categories to compare (fields: intent, answer_correct, relevant, plausibility, faithfulness)" \
	$CONVQA agreement --db p.db --field note
run $CONVQA agreement --db p.db --raters ann -f json
check_grep "one rater alone: the report says agreement needs two" \
	"Agreement compares two raters or more: only one rater has labels in the selection." "$T/out"
check_run "no project" 3 "convqa: no project at 'none.db' (create one with: convqa init --db none.db)" \
	$CONVQA agreement --db none.db
done_testing
