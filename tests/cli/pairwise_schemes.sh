#!/bin/sh
# Preferences of a project scheme that judges pairs (the sample
# pairwise-criteria: faithfulness, completeness, preference, each A, B, tie
# or both bad): the report gives each criterion a section of its own,
# pairwise:TASK/FIELD, as it does the built-in pairwise scheme's
# (pairwise:preference); round close checks --min-kappa on them, and
# convqa agreement says where they are. The report read only the built-in
# scheme's field, so a round of pairwise-criteria had no figures at all.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
q() { sqlite3 "$T/p.db" "$1"; }
# crit RATER FIELD CONV VALUE: RATER's VALUE of FIELD on CONV's pair in round cr
crit() {
	q "INSERT INTO label(response_id, rater_id, round_id, task, field, value, seconds, created_at, unit, turn_id,
	   unit_ref) SELECT p.response_a, (SELECT id FROM rater WHERE name = '$1'), (SELECT id FROM round WHERE name = 'cr'),
	   'pairwise-criteria', '$2', '$4', 1, '2031-02-03T04:05:06Z', 'pair', p.turn_id, p.id FROM pair p
	   JOIN turn t ON t.id = p.turn_id JOIN conversation c ON c.id = t.conversation_id WHERE c.ext_id = '$3'"
}
# sec JSON SECTION TABLE GROUP COL: a cell's count (or value) of the JSON report
cell() {
	python3 -c 'import json,sys
s = json.load(open(sys.argv[1]))["sections"]
if sys.argv[2] not in s:
    print("no section %s (sections: %s)" % (sys.argv[2], ", ".join(sorted(s)))); sys.exit()
r = [x for x in s[sys.argv[2]]["tables"][sys.argv[3]]["rows"] if x["group"] == sys.argv[4]][0]["cells"][sys.argv[5]]
print(r.get("count", r.get("value")))' "$@" 2>&1
}

pairwise_project 4 s1 s2
for r in alice bob; do $CONVQA rater add $r >/dev/null; done
$CONVQA scheme add "$CONVQA_TOP/sample_tasks/schemes/pairwise-criteria.json" >/dev/null
$CONVQA round create cr --task pairwise-criteria --raters alice,bob --overlap 2 --seed 2 >/dev/null
check_eq "(the set-up: 4 pairs, both raters on each)" "4|8" \
	"$(q "SELECT count(*) FROM pair")|$(q "SELECT count(*) FROM pair_assignment")"
# faithfulness: the first system (s1, answer a) on c1-c3 for both; c4 alice a, bob tie.
# preference: alice a everywhere, bob b on c1. completeness: nobody.
for c in c1 c2 c3 c4; do
	crit alice faithfulness $c a
	crit alice preference $c a
done
for c in c1 c2 c3; do crit bob faithfulness $c a; done
crit bob faithfulness c4 tie
crit bob preference c1 b
for c in c2 c3 c4; do crit bob preference $c a; done

run $CONVQA report --round cr --format json -o "$T/r.json"
check_eq "report runs" 0 "$rc"
check_eq "faithfulness has its section: s1 wins 7 of 8 judgements, 1 tie" "7|1" \
	"$(cell "$T/r.json" pairwise:pairwise-criteria/faithfulness pairs "s1 vs s2" wins)|$(cell "$T/r.json" pairwise:pairwise-criteria/faithfulness pairs "s1 vs s2" ties)"
check_eq "preference has its own: s1 wins 7, loses 1" "7|1" \
	"$(cell "$T/r.json" pairwise:pairwise-criteria/preference pairs "s1 vs s2" wins)|$(cell "$T/r.json" pairwise:pairwise-criteria/preference pairs "s1 vs s2" losses)"
check_eq "a criterion nobody judged has no section" "" \
	"$(python3 -c 'import json,sys; print(" ".join(k for k in json.load(open(sys.argv[1]))["sections"] if "completeness" in k))' "$T/r.json")"
check_eq "no section of the built-in scheme, which nobody used" "" \
	"$(python3 -c 'import json,sys; print(" ".join(k for k in json.load(open(sys.argv[1]))["sections"] if k.startswith("pairwise:preference")))' "$T/r.json")"
run $CONVQA report --only preferences
check_grep "without --round too, titled with the task" "Pairwise preference: pairwise-criteria/faithfulness" "$T/out"
run $CONVQA report --task turn --only preferences
check_eq "--task that leaves the scheme out leaves its preferences out" 0 "$(grep -c 'Pairwise preference' "$T/out")"

run $CONVQA round show cr
check_grep "round show counts a disagreement per pair and criterion" \
	"^disagreements: 2 of the 8 pair criteria (3 criteria a pair) judged by two raters or more; 0 settled by an adjudicator, 2 open$" "$T/out"

# agreement: faithfulness 3 of 4 the same (kappa over a/b/tie: p_o 3/4;
# alice a a a a, bob a a a tie: p_e = 1 x 3/4 = 3/4, kappa 0)
run $CONVQA round close cr --min-kappa 0.5
check_eq "round close runs" 0 "$rc"
check_grep "round close prints the criteria's sections" "Pairwise preference: pairwise-criteria/faithfulness" "$T/out"
check_grep "--min-kappa checks each criterion's kappa" "faithfulness: alice / bob kappa 0.000 on 4 units, below 0.5" "$T/out"
check_run "convqa agreement --field of a criterion says which section" 2 \
	"convqa: field 'completeness' judges pairs of answers: its agreement is in the report's section pairwise:pairwise-criteria/completeness (convqa report --only preferences)" \
	$CONVQA agreement --round cr --field completeness
check_run "   and of its preference, the round's (not the built-in scheme's field of that name)" 2 \
	"convqa: field 'preference' judges pairs of answers: its agreement is in the report's section pairwise:pairwise-criteria/preference (convqa report --only preferences)" \
	$CONVQA agreement --round cr --field preference
done_testing
