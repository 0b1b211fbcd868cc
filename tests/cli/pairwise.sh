#!/bin/sh
# Pairwise rounds (the pair unit, issue 22): round create --task pairwise
# pairs two systems' answers to each turn, sets identical answers aside
# (counted as ties), balances which answer each rater sees left, and
# export --format prefs-csv gives the preferences normalised to systems.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
$CONVQA init >/dev/null
q() { sqlite3 "$T/p.db" "$1"; }

# 30 conversations of 2 turns answered by s1, s2, s3; in every fifth
# conversation s1 and s2 give the same answer (up to case and punctuation)
python3 - >"$T/tasks.json" <<'PY'
import json
S = ("s1", "s2", "s3")
def answer(s, c, t):
    if c % 5 == 0 and s in ("s1", "s2"):
        return "The same answer %d." % t if s == "s1" else "the same answer %d" % t
    return "answer of %s to c%02d turn %d" % (s, c, t)
convs = [{"id": "c%02d" % c, "turns": [{"question": "q%d of c%02d?" % (t, c), "responses": [
    {"system": s, "answer": answer(s, c, t)} for s in S]} for t in (1, 2)]} for c in range(1, 31)]
print(json.dumps({"format": "convqa-tasks", "version": 1, "systems": [{"id": s} for s in S],
                  "collection": [], "conversations": convs}))
PY
$CONVQA import "$T/tasks.json" >/dev/null
for r in alice bob carol; do $CONVQA rater add $r >/dev/null; done

# ---- the scheme ---------------------------------------------------------------------
run $CONVQA scheme show pairwise
check_grep "pairwise is a built-in scheme whose preference judges a pair" '"unit": "pair"' "$T/out"
check_grep "its categories are a, b, tie and both bad" '"value": "both_bad", "label": "both bad"' "$T/out"

# ---- refusals -------------------------------------------------------------------------
check_run "--pairs goes with a pairwise task only" 2 \
	"convqa: --pairs goes with a pairwise task (--task pairwise), not turn" \
	$CONVQA round create x --raters alice --pairs all
check_run "a pairwise round takes no --by" 2 \
	"convqa: --by does not go with a pairwise task (pairwise): a pairwise round takes --systems, --pairs, --raters, --overlap, --seed and --control with --control-from" \
	$CONVQA round create x --task pairwise --raters alice --by item
check_run "--pairs takes all, adjacent or sample:N" 2 \
	"convqa: --pairs expects all, adjacent or sample:N, got 'some'" \
	$CONVQA round create x --task pairwise --raters alice --pairs some
check_run "one system is no pair" 2 \
	"convqa: a pairwise round compares the answers of two systems or more (--systems names one): name them with --systems A,B" \
	$CONVQA round create x --task pairwise --raters alice --systems s1
check_run "--overlap above the number of raters is refused" 2 \
	"convqa: --overlap 3 asks for 3 raters per pair, but round 'x' has 2 (name more with --raters, or --overlap 0: every rater)" \
	$CONVQA round create x --task pairwise --raters alice,bob --overlap 3
check_eq "nothing refused made a round" 0 "$(q 'SELECT count(*) FROM round')"

# ---- two systems ------------------------------------------------------------------------
run $CONVQA round create ab1 --task pairwise --systems s1,s2 --raters alice,bob --overlap 2 --seed 3
check_eq "two systems: every turn's pair but the identical ones, to both raters" "0|created round 'ab1' (pairwise): 2 raters, 48 pairs of answers (1 pair of systems), 2 raters per pair (seed 3)
12 pairs of identical answers not asked (counted as ties)
  alice               48 pairs
  bob                 48 pairs
raters start with: convqa annotate --rater NAME --round ab1" "$rc|$(cat "$T/out")"
check_eq "the identical answers are kept as not asked" 12 "$(q 'SELECT count(*) FROM pair_same')"
check_eq "a pair is stored once, the system added first as response_a" "60|0" \
	"$(q 'SELECT count(*), sum(ra.system_id > rb.system_id) FROM pair p JOIN response ra ON ra.id = p.response_a
	      JOIN response rb ON rb.id = p.response_b')"
check_eq "each rater sees each system left half the time (24 of 48)" "alice|24
bob|24" "$(q 'SELECT r.name, sum(a_first) FROM pair_assignment pa JOIN rater r ON r.id = pa.rater_id GROUP BY 1')"
check_eq "the sides are drawn per rater: alice and bob do not see every pair the same way" 1 \
	"$(q 'SELECT count(*) > 0 FROM pair_assignment x JOIN pair_assignment y ON y.pair_id = x.pair_id
	      AND y.rater_id > x.rater_id AND y.a_first <> x.a_first')"
check_run "round items: a pairwise round's items are pairs, not --items lines" 2 \
	"convqa: round 'ab1' is a pairwise round: its items are pairs of answers, not items --items takes (export --format prefs-csv --round ab1 lists the preferences)" \
	$CONVQA round items ab1
run $CONVQA round list
check_grep "round list counts its pairs" "ab1              pairwise       open        2     48" "$T/out"

# ---- three systems: position balance per rater and system --------------------------------
$CONVQA round create all3 --task pairwise --raters alice,bob,carol --overlap 1 --seed 9 >/dev/null
check_eq "all: 3 pairs of systems over 60 turns, 12 identical set aside" "168|12" \
	"$(q "SELECT (SELECT count(*) FROM pair_assignment a JOIN round r ON r.id = a.round_id WHERE r.name = 'all3'),
	      (SELECT count(*) FROM pair_same s JOIN round r ON r.id = s.round_id WHERE r.name = 'all3')")"
# per rater and system: shown how often, and left how often
balance() {
	q "WITH shown AS (SELECT pa.rater_id, ra.system_id AS sys, pa.a_first AS left FROM pair_assignment pa
	     JOIN round r ON r.id = pa.round_id JOIN pair p ON p.id = pa.pair_id JOIN response ra ON ra.id = p.response_a
	     WHERE r.name = '$1'
	   UNION ALL SELECT pa.rater_id, rb.system_id, 1 - pa.a_first FROM pair_assignment pa
	     JOIN round r ON r.id = pa.round_id JOIN pair p ON p.id = pa.pair_id JOIN response rb ON rb.id = p.response_b
	     WHERE r.name = '$1')
	   SELECT count(*), sum(abs(2 * l - n) > 2) FROM (SELECT rater_id, sys, count(*) AS n, sum(left) AS l
	     FROM shown GROUP BY rater_id, sys)"
}
check_eq "all: each system left about half its times per rater (within one), 3 raters x 3 systems" "9|0" \
	"$(balance all3)"
$CONVQA round create adj --task pairwise --pairs adjacent --systems s3,s1,s2 --raters alice --seed 4 >/dev/null
check_eq "adjacent: the neighbours of the order given (s3-s1, s1-s2), not s3-s2" "s1 s2|48
s1 s3|60" "$(q "SELECT sa.name || ' ' || sb.name, count(*) FROM pair_assignment pa JOIN round r ON r.id = pa.round_id
	       JOIN pair p ON p.id = pa.pair_id JOIN response ra ON ra.id = p.response_a
	       JOIN response rb ON rb.id = p.response_b JOIN system sa ON sa.id = ra.system_id
	       JOIN system sb ON sb.id = rb.system_id WHERE r.name = 'adj' GROUP BY 1 ORDER BY 1")"
check_eq "adjacent: balanced for the one rater too" "3|0" "$(balance adj)"
run $CONVQA round create smp --task pairwise --pairs sample:90 --raters alice,bob --seed 5
check_grep "sample:N takes N pairs of turns, the identical ones among them counted" \
	"created round 'smp' (pairwise): 2 raters, " "$T/out"
check_eq "sample: every two systems meet as often (30 each, asked or identical)" "30
30
30" "$(q "SELECT count(*) FROM (SELECT p.id, ra.system_id AS x, rb.system_id AS y FROM pair_assignment pa
	      JOIN round r ON r.id = pa.round_id JOIN pair p ON p.id = pa.pair_id
	      JOIN response ra ON ra.id = p.response_a JOIN response rb ON rb.id = p.response_b WHERE r.name = 'smp'
	      UNION ALL SELECT p.id, ra.system_id, rb.system_id FROM pair_same s JOIN round r ON r.id = s.round_id
	      JOIN pair p ON p.id = s.pair_id JOIN response ra ON ra.id = p.response_a
	      JOIN response rb ON rb.id = p.response_b WHERE r.name = 'smp') GROUP BY x, y")"
run $CONVQA round create smp2 --task pairwise --pairs sample:90 --raters alice,bob --seed 5
check_eq "the same seed draws the same sample" \
	"$(q "SELECT group_concat(pair_id) FROM (SELECT pair_id FROM pair_assignment pa JOIN round r ON r.id = pa.round_id WHERE r.name = 'smp' ORDER BY pair_id)")" \
	"$(q "SELECT group_concat(pair_id) FROM (SELECT pair_id FROM pair_assignment pa JOIN round r ON r.id = pa.round_id WHERE r.name = 'smp2' ORDER BY pair_id)")"

# ---- labelling, normalised to the systems ----------------------------------------------------
# alice's first pair of ab1: which system she sees left
left=$(q "SELECT iif(pa.a_first, sa.name, sb.name) FROM pair_assignment pa JOIN round r ON r.id = pa.round_id
	  JOIN rater ra ON ra.id = pa.rater_id JOIN pair p ON p.id = pa.pair_id
	  JOIN response x ON x.id = p.response_a JOIN response y ON y.id = p.response_b
	  JOIN system sa ON sa.id = x.system_id JOIN system sb ON sb.id = y.system_id
	  WHERE r.name = 'ab1' AND ra.name = 'alice' AND pa.seq = 1")
printf 'q\n:wait 4\na\nn\nright\nn\ne\nn\nx\nw\n:type too short\nenter\nq\n' >"$T/script"
CONVQA_SCRIPT="$T/script" $CONVQA annotate --rater alice --round ab1 >"$T/out" 2>"$T/err"
check_eq "annotate walks alice's pairs and quits cleanly" "0|" "$?|$(cat "$T/err")"
check_run "a pairwise task is annotated in a round" 1 \
	"convqa: a pairwise task is labelled in a round: give --round (made with convqa round create NAME --task pairwise)" \
	env CONVQA_SCRIPT=/dev/null $CONVQA annotate --rater alice --task pairwise
check_run "a rater of no pair of the round is told so" 2 \
	"convqa: annotate: round 'ab1' assigns no pairs to rater 'carol' (see convqa round show ab1)" \
	env CONVQA_SCRIPT=/dev/null $CONVQA annotate --rater carol --round ab1
check_eq "a (the left answer) is stored as the system shown left, never as 'left'" "$left" \
	"$(q "SELECT iif(l.value = 'a', sa.name, sb.name) FROM label l JOIN pair p ON p.id = l.unit_ref
	      JOIN response x ON x.id = p.response_a JOIN response y ON y.id = p.response_b
	      JOIN system sa ON sa.id = x.system_id JOIN system sb ON sb.id = y.system_id
	      WHERE l.unit = 'pair' AND l.field = 'preference' ORDER BY l.id LIMIT 1")"
check_eq "the label rows judge pairs: unit pair, the pair's id as unit_ref" "5|5" \
	"$(q "SELECT count(*), sum(unit_ref IN (SELECT id FROM pair)) FROM label WHERE unit = 'pair'")"
run $CONVQA export --format prefs-csv --round ab1 --rater alice
check_eq "prefs-csv: a row per preference: the winner a system's name, the system shown left, the seconds" \
	"conversation,turn,system_a,system_b,winner,rater,left,seconds,settled
c01,1,s1,s2,$left,alice,$left,6.000,0" "$(head -2 "$T/out" | tr -d '\r')"
check_eq "prefs-csv: right (B) prefers the system shown right" 1 \
	"$(sed -n 3p "$T/out" | grep -c '^c01,2,s1,s2,\(s1,alice,s2\|s2,alice,s1\),1.000')"
check_grep "prefs-csv: a tie" ",tie,alice," "$T/out"
check_grep "prefs-csv: both bad" ",both_bad,alice," "$T/out"
run $CONVQA export --format prefs-csv --round ab1
check_eq "prefs-csv: the 12 identical pairs as 'same', no rater" 12 "$(grep -c ',same,,,0.000' "$T/out")"
run $CONVQA export --round ab1
check_grep "the JSON labels export names both systems and the winner" '"system_b": "s2", "winner": "' "$T/out"
check_grep "and the reason, on the pair" '"field": "reason", "unit": "pair", "value": "too short", "system_b": "s2"' "$T/out"
$CONVQA export --round ab1 -o "$T/ab1.json" 2>/dev/null
cp "$T/p.db" "$T/copy.db"
run $CONVQA import-labels --db "$T/copy.db" "$T/ab1.json"
check_eq "labels of pairs are not imported from an export (said, not taken wrongly)" \
	"2|$T/ab1.json: \$.labels[0].unit: a label of a pair (a pairwise round's preference) is not imported: leave the pairwise task out of the export (--task)" \
	"$rc|$(head -1 "$T/err")"
check_run "prefs-csv of a task without a preference field" 2 \
	"convqa: task 'turn' has no preference field (prefs-csv exports the preferences of a pairwise task: --task pairwise, or --round of one)" \
	$CONVQA export --format prefs-csv --task turn
run $CONVQA round show ab1
check_grep "round show counts each rater's pairs judged" "^  alice                 4 / 48 " "$T/out"
check_run "convqa label refuses a pair field (pairs are judged on the pair screen)" 2 \
	"convqa: field 'preference' judges a pair of answers, not one: pairs are judged in a pairwise round's pair screen (convqa annotate --round R)" \
	$CONVQA label --round ab1 -r alice -c c01 -n 1 -s s1 preference a
run $CONVQA report --round ab1 --only preferences -f csv
check_grep "report: wins, ties and losses per pair of systems, the identical answers counted apart" \
	'^pairwise:preference,pairs,pair,s1 vs s2,same,12,16,' "$T/out"
check_grep "report: ties are alice's tie, her both bad and the 12 identical answers" \
	'^pairwise:preference,pairs,pair,s1 vs s2,ties,14,16,' "$T/out"
$CONVQA rater add dan --role adjudicator >/dev/null
run env CONVQA_SCRIPT=/dev/null $CONVQA adjudicate --round ab1 --rater dan
check_eq "a pairwise round is adjudicated (cli/adjudicate_pairs.sh): here one rater judged, nothing to settle" \
	"0|round 'ab1': nothing to adjudicate: no unit has been judged by two or more raters|" "$rc|$(cat "$T/out")|$(cat "$T/err")"
run $CONVQA check
check_eq "check finds nothing wrong with pairs and their labels" 0 "$rc"
done_testing
