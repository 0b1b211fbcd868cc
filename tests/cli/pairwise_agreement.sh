#!/bin/sh
# Agreement over pairs (issue 22): with three systems, two pairs of one turn
# share an answer (s1-s2 and s1-s3 share s1's); the unit of a preference is
# the pair, never its first answer. The agreement section leaves fields of
# pairs to their own section (it counted 6 units for 9 pairs), and round
# close of a pairwise round prints that section and checks --min-kappa on it.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
q() { sqlite3 "$T/p.db" "$1"; }

pairwise_project 3 s1 s2 s3
# bob added first: the pairwise section names rater pairs in the order
# raters were added, round close in the order of their names
for r in bob alice; do $CONVQA rater add $r >/dev/null; done
$CONVQA round create ab --task pairwise --raters alice,bob --overlap 2 >/dev/null
# 3 turns x 3 pairs of systems = 9 pairs, both raters on each. alice prefers
# the first system (a) everywhere; bob too on s1-s2, the second (b) on the
# pairs with s3. Agreement on 3 of 9: p_o = 1/3; alice always a, bob a on
# 3 of 9: p_e = 1 x 3/9 = 1/3; kappa = 0; flips (a against b) 6.
for c in c1 c2 c3; do
	pairwise_label alice ab $c a
	pairwise_label bob ab $c a 1 s2
	pairwise_label bob ab $c b 1 s3
done
check_eq "(the set-up: 18 preferences on 9 pairs)" "18|9" "$(q "SELECT count(*), count(DISTINCT unit_ref) FROM label")"

run $CONVQA report --round ab --format json -o "$T/r.json"
check_eq "the pairwise section's agreement: 9 units, kappa 0, 6 flips" "bob / alice n=9 kappa=0.000 flips=6" \
	"$(python3 -c 'import json,sys
t = json.load(open(sys.argv[1]))["sections"]
r = [x for x in t["pairwise:preference"]["tables"]["agreement"]["rows"] if x["group"] == "bob / alice"][0]
print("%s n=%d kappa=%.3f flips=%d" % (r["group"], r["cells"]["kappa"]["n"], r["cells"]["kappa"]["value"], r["cells"]["flips"]["count"]))' "$T/r.json" 2>&1)"
check_eq "the agreement section has no row of a field of pairs" "[]" \
	"$(python3 -c 'import json,sys
t = json.load(open(sys.argv[1]))["sections"]["agreement"]["tables"]["summary"]["rows"]
print(json.dumps([r["group"] for r in t]))' "$T/r.json" 2>&1)"
run $CONVQA report --round ab --only agreement
check_grep "and says where that agreement is" "Task pairwise judges pairs of answers: its agreement is in section" "$T/out"

check_run "convqa agreement --field of a field of pairs says where its agreement is" 2 \
	"convqa: field 'preference' judges pairs of answers: its agreement is in the report's section pairwise:preference (convqa report --only preferences)" \
	$CONVQA agreement --round ab --field preference
run $CONVQA round close ab --min-kappa 0.5
check_eq "round close runs" 0 "$rc"
check_grep "round close of a pairwise round prints the pairwise section" "Agreement between raters on preferences" "$T/out"
check_grep "   with the pair as the unit" "bob / alice      9  Cohen               0.000" "$T/out"
check_grep "--min-kappa checks the kappa over pairs, whatever the raters' order" "preference: bob / alice kappa 0.000 on 9 units, below 0.5" "$T/out"
check_eq "   and never says a round 2 would bring it" 0 "$(grep -c 'swap-from' "$T/out")"
