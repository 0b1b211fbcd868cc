#!/bin/sh
# A project's own label scheme in convqa report and convqa agreement: the
# 4-point scheme of sample_tasks/schemes/likert-4pt.json, its ordinal field
# completeness labelled by three raters on ten items with the ratings of
# the golden case tests/golden/agreement/ordinal.txt, whose coefficients
# are derived there by hand as exact fractions (and match scikit-learn,
# statsmodels and the krippendorff package).
#
# The labels go in with convqa label --task likert-4pt, as a script would.
. "$CONVQA_TOP/tests/lib.sh"
V="/usr/bin/python3 $CONVQA_TOP/tests/tools/validate_json_schema.py"
export CONVQA_NOW=2026-01-02T03:04:05.000Z

# ten items: one conversation of five turns, answered by sys-a and sys-b
/usr/bin/python3 - >tasks.json <<'EOF'
import json
turns = [{"question": "Question %d?" % t,
          "responses": [{"system": s, "answer": "Answer %d of %s." % (t, s),
                         "passages": [{"rank": 1, "text": "Passage %d." % t}]} for s in ("sys-a", "sys-b")]}
         for t in range(1, 6)]
print(json.dumps({"format": "convqa-tasks", "version": 1, "conversations": [{"id": "c1", "turns": turns}]}))
EOF
$CONVQA init --db p.db >/dev/null && $CONVQA import --db p.db -q tasks.json &&
	$CONVQA scheme add --db p.db "$CONVQA_TOP/sample_tasks/schemes/likert-4pt.json" >/dev/null
check_eq "the task file imports and the scheme is added" 0 $?
# unit u (1-10) is turn (u + 1) / 2 of sys-a (u odd) or sys-b (u even);
# codes 0 no, 1 mostly no, 2 mostly yes, 3 yes (ordinal.txt):
#   unit  alice bob carol
#     1    3     3    3
#     2    2     3    2
#     3    0     0    1
#     4    1     1    1
#     5    3     2    3
#     6    0     1    0
#     7    2     0    2
#     8    1     2    1
#     9    3     3    2
#    10    0     0    0
RATINGS="3 3 3
2 3 2
0 0 1
1 1 1
3 2 3
0 1 0
2 0 2
1 2 1
3 3 2
0 0 0"
u=0
echo "$RATINGS" | while read -r a b c; do
	u=$((u + 1))
	sys=sys-a
	[ $((u % 2)) = 0 ] && sys=sys-b
	for rv in "alice $a" "bob $b" "carol $c"; do
		set -- $rv
		case $2 in 0) v=no ;; 1) v='mostly no' ;; 2) v='mostly yes' ;; 3) v=yes ;; esac
		$CONVQA label --db p.db --task likert-4pt -r $1 -c c1 -n $(((u + 1) / 2)) -s $sys completeness "$v" ||
			echo "label failed: $rv" >&2
	done
done 2>labels.err
check_eq "convqa label takes the project scheme's task" "" "$(cat labels.err)"
check_eq "30 labels of completeness" 30 \
	"$(sqlite3 p.db "SELECT count(DISTINCT rater_id || '/' || response_id) FROM label WHERE task = 'likert-4pt'")"

# value FILE SECTION TABLE GROUP COLUMN: the cell's value to 10 decimals and its n
value() {
	/usr/bin/python3 -c '
import json, sys
f, sec, tab, grp, col = sys.argv[1:]
t = json.load(open(f))["sections"].get(sec, {}).get("tables", {}).get(tab, {"rows": []})
for r in t["rows"]:
    if r["group"] == grp:
        c = r["cells"].get(col) or {}
        if "value" in c: print("%.10f n=%d" % (c["value"], c["n"]))
        elif "count" in c: print("count %d" % c["count"])
        else: print("no value: %s" % c)
        sys.exit(0)
print("no row")' "$@"
}
# frac P Q N: P/Q to 10 decimals with n=N
frac() { /usr/bin/python3 -c 'import sys; p, q, n = map(int, sys.argv[1:]); print("%.10f n=%d" % (p / q, n))' "$@"; }
F=likert-4pt/completeness

# ---- agreement: Cohen (unweighted, linear, quadratic), Fleiss, alpha ------------
for w in none linear quadratic; do
	run $CONVQA agreement --db p.db --field completeness --weights $w -f json -o "ag-$w.json"
	check_eq "agreement --field completeness --weights $w exits 0" "0|wrote the agreement report to ag-$w.json" \
		"$rc|$(cat "$T/err")"
done
check_eq "Cohen alice / bob, unweighted: 12/37" "$(frac 12 37 10)" "$(value ag-none.json agreement $F 'alice / bob' kappa)"
check_eq "Cohen alice / bob, linear: 37/67" "$(frac 37 67 10)" "$(value ag-linear.json agreement $F 'alice / bob' kappa)"
check_eq "Cohen alice / bob, quadratic: 21/29" "$(frac 21 29 10)" "$(value ag-quadratic.json agreement $F 'alice / bob' kappa)"
check_eq "Cohen alice / carol, unweighted: 14/19" "$(frac 14 19 10)" "$(value ag-none.json agreement $F 'alice / carol' kappa)"
check_eq "Cohen alice / carol, linear: 53/63" "$(frac 53 63 10)" "$(value ag-linear.json agreement $F 'alice / carol' kappa)"
check_eq "Cohen alice / carol, quadratic: 23/25" "$(frac 23 25 10)" "$(value ag-quadratic.json agreement $F 'alice / carol' kappa)"
check_eq "Cohen bob / carol, unweighted: 3/38" "$(frac 3 38 10)" "$(value ag-none.json agreement $F 'bob / carol' kappa)"
check_eq "Cohen bob / carol, linear: 23/63" "$(frac 23 63 10)" "$(value ag-linear.json agreement $F 'bob / carol' kappa)"
check_eq "Cohen bob / carol, quadratic: 3/5" "$(frac 3 5 10)" "$(value ag-quadratic.json agreement $F 'bob / carol' kappa)"
check_eq "Fleiss' kappa: 127/337" "$(frac 127 337 10)" "$(value ag-none.json agreement summary $F fleiss_kappa)"
check_eq "Krippendorff's alpha, nominal: 134/337" "$(frac 134 337 10)" "$(value ag-none.json agreement summary $F alpha)"
check_eq "Krippendorff's alpha, ordinal: 95101/126450" "$(frac 95101 126450 10)" \
	"$(value ag-none.json agreement summary $F alpha_ordinal)"
# an ordinal field is weighted linearly unless --weights says otherwise
run $CONVQA agreement --db p.db -f json -o ag.json
check_eq "ordinal fields default to linear weights" "$(frac 37 67 10)" "$(value ag.json agreement $F 'alice / bob' kappa)"
check_eq "the field is also named SCHEME/FIELD" "0|$(frac 23 25 10)" \
	"$($CONVQA agreement --db p.db --field $F --weights quadratic -f json -o q.json 2>/dev/null; echo $?)|$(value q.json agreement $F 'alice / carol' kappa)"
if $V "$CONVQA_TOP/schemas/report.schema.json" ag.json >"$T/v" 2>&1; then ok "the agreement JSON validates"; else
	not_ok "the agreement JSON does not validate" "$(cat "$T/v")"; fi
run $CONVQA agreement --db p.db --field completeness
check_grep "text: the summary has Fleiss' kappa and the nominal alpha" \
	'^  likert-4pt/completeness     10       3       0         0.377         0.398$' "$T/out"
check_grep "text: ... and the ordinal alpha (the table goes on below)" '^  likert-4pt/completeness     10          0.752$' "$T/out"
check_grep "text: the pair table says the weights" 'Weighted kappa (linear weights) by category position on the scale as' "$T/out"
check_grep "text: ... and the scale in its declared order" '^  no < mostly no < mostly yes < yes.$' "$T/out"
check_run "a field no scheme has is bad input; the message lists the fields" 2 \
	"convqa: no field 'correctness' with categories to compare (fields: intent, answer_correct, relevant, plausibility, faithfulness, likert-4pt/completeness, likert-4pt/error_type)" \
	$CONVQA agreement --db p.db --field correctness

# ---- report --task likert-4pt: the scheme's section ---------------------------------
# sys-a holds units 1 3 5 7 9: codes 3 3 3, 0 0 1, 3 2 3, 2 0 2, 3 3 2:
#   no 3, mostly no 1, mostly yes 4, yes 7 (n 15); positions 1-4: mean
#   (3 + 2 + 12 + 28)/15 = 3, median the 8th of 15 = 3.
# sys-b holds units 2 4 6 8 10: no 5, mostly no 6, mostly yes 3, yes 1:
#   mean (5 + 12 + 9 + 4)/15 = 2, median 2.
# all: 8 7 7 8 (n 30): mean 75/30 = 2.5, median (2 + 3)/2 = 2.5.
run $CONVQA report --db p.db --task likert-4pt -f json -o r.json
check_eq "report --task likert-4pt exits 0" "0|wrote the report to r.json" "$rc|$(cat "$T/err")"
check_eq "only the scheme's sections: its own, agreement and time" "scheme:likert-4pt agreement time" \
	"$(/usr/bin/python3 -c 'import json, sys; print(" ".join(json.load(open(sys.argv[1]))["sections"]))' r.json)"
S=scheme:likert-4pt
check_eq "sys-a: 7 yes" "count 7" "$(value r.json $S completeness sys-a yes)"
check_eq "sys-a: 4 mostly yes" "count 4" "$(value r.json $S completeness sys-a 'mostly yes')"
check_eq "sys-a: mean position 3" "3.0000000000 n=15" "$(value r.json $S completeness sys-a mean)"
check_eq "sys-a: median position 3" "3.0000000000 n=15" "$(value r.json $S completeness sys-a median)"
check_eq "sys-b: 6 mostly no" "count 6" "$(value r.json $S completeness sys-b 'mostly no')"
check_eq "sys-b: mean position 2" "2.0000000000 n=15" "$(value r.json $S completeness sys-b mean)"
check_eq "sys-b: median position 2" "2.0000000000 n=15" "$(value r.json $S completeness sys-b median)"
check_eq "all: mean position 2.5" "2.5000000000 n=30" "$(value r.json $S completeness all mean)"
check_eq "all: median of an even count, the mean of the middle two" "2.5000000000 n=30" \
	"$(value r.json $S completeness all median)"
check_eq "a nominal field nobody labelled: zero counts, no mean" "count 0|no value: {}" \
	"$(value r.json $S error_type all hallucination)|$(value r.json $S error_type all mean)"
if $V "$CONVQA_TOP/schemas/report.schema.json" r.json >"$T/v" 2>&1; then ok "the report JSON validates"; else
	not_ok "the report JSON does not validate" "$(cat "$T/v")"; fi
# majority of three: unit by unit 3 2 0 1 3 0 2 1 3 0 (all split 2-1 or
# unanimous): sys-a 3 0 3 2 3 -> mean (4 + 1 + 4 + 3 + 4)/5 = 3.2
run $CONVQA report --db p.db --task likert-4pt --consensus majority -f json -o m.json
check_eq "majority: one value per item" "3.2000000000 n=5" "$(value m.json $S completeness sys-a mean)"
run $CONVQA report --db p.db --task likert-4pt
check_grep "text: the scheme's section" '^Scheme likert-4pt: categories per system$' "$T/out"
check_grep "text: the positions are documented" 'Positions on the scale as declared, lowest first: 1 no, 2 mostly no' "$T/out"
w=$(/usr/bin/python3 -c 'import sys; print(max(len(l.rstrip("\n")) for l in open(sys.argv[1], encoding="utf-8")))' "$T/out")
if [ "$w" -le 80 ]; then ok "the text report fits in 80 columns"; else not_ok "a line is $w columns wide"; fi
check_run "an unknown task is bad input; the message lists the schemes" 2 \
	"convqa: no task or scheme 'likert-5pt' (schemes: turn, plausibility, faithfulness, pairwise, likert-4pt; add one with: convqa scheme add FILE)" \
	$CONVQA report --db p.db --task likert-5pt
check_run "a task that cannot be a scheme name is a usage error" 1 \
	"convqa report: unknown task in 'Likert!' (expected: turn, plausibility, faithfulness or the names of the project's schemes, at most 16, separated by commas)" \
	$CONVQA report --db p.db --task 'Likert!'
done_testing
