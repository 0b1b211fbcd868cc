#!/bin/sh
# The two-stage SCAI-QReCC protocol end to end, in commands: import, evidence
# spans, sample answers for plausibility, two raters judge them, a
# faithfulness round of the plausible answers only, the per-run table, and
# the ground-truth extension, which re-imported scores the plausible
# answers as exact matches.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
q() { sqlite3 "$T/p.db" "$1"; }
$CONVQA init >/dev/null
cat >tasks.json <<'JSON'
{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}, {"id": "s2"}, {"id": "s3"}],
 "collection": [
  {"id": "p1", "text": "The Eiffel Tower is a wrought-iron tower in Paris. It was built from 1887 to 1889. It is 330 metres tall."},
  {"id": "p2", "text": "Gustave Eiffel's company designed and built the tower. It opened for the 1889 World's Fair."}],
 "conversations": [{"id": "c", "turns": [
  {"question": "When was the Eiffel Tower built?", "gold": {"answers": ["1887 to 1889"]}, "responses": [
    {"system": "s1", "answer": "from 1887 to 1889", "passages": [{"rank": 1, "id": "p1"}, {"rank": 2, "id": "p2"}]},
    {"system": "s2", "answer": "it was built 1887 to 1889", "passages": [{"rank": 1, "id": "p2"}]},
    {"system": "s3", "answer": "in 1850", "passages": [{"rank": 1, "id": "p2"}]}]},
  {"question": "Who built it?", "gold": {"answers": ["Gustave Eiffel's company"]}, "responses": [
    {"system": "s1", "answer": "Gustave Eiffel's company", "passages": [{"rank": 1, "id": "p2"}]},
    {"system": "s2", "answer": "the company of Gustave Eiffel", "passages": [{"rank": 1, "id": "p2"}]},
    {"system": "s3", "answer": "Eiffel", "passages": [{"rank": 1, "id": "p1"}]}]}]}]}
JSON
$CONVQA import -q tasks.json
for r in a b; do $CONVQA rater add $r >/dev/null; done
run $CONVQA spans
check_eq "1. evidence spans are found and stored" "0|yes" "$rc|$([ "$(q 'SELECT count(*) FROM evidence_span')" -gt 0 ] && echo yes)"
run $CONVQA sample plausibility --round p1 --raters a,b --min-sim 0.5 --seed 2
check_eq "2. the answers similar to a gold answer are sampled (s3's are not)" "0|4" \
	"$rc|$(q "SELECT count(DISTINCT response_id) FROM assignment a JOIN round r ON r.id = a.round_id WHERE r.name = 'p1'")"
# 3. both raters judge every sampled answer: s2's answers are implausible to b
q "SELECT c.ext_id, t.position, sy.name, ra.name FROM assignment a JOIN round ro ON ro.id = a.round_id
   JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id
   JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id WHERE ro.name = 'p1'" |
while IFS='|' read -r conv turn sys rater; do
	v=plausible
	[ "$rater$sys" = bs2 ] && v=implausible
	$CONVQA label -t plausibility --round p1 -r "$rater" -c "$conv" -n "$turn" -s "$sys" plausibility $v
done
$CONVQA round close p1 >/dev/null
run $CONVQA round create f1 --task faithfulness --from p1 --raters a,b --overlap 2
check_eq "4. the faithfulness round holds only the answers both judged plausible" "0|s1" \
	"$rc|$(q "SELECT DISTINCT sy.name FROM assignment a JOIN round ro ON ro.id = a.round_id JOIN response r ON r.id = a.response_id JOIN system sy ON sy.id = r.system_id WHERE ro.name = 'f1'")"
q "SELECT c.ext_id, t.position, sy.name, ra.name FROM assignment a JOIN round ro ON ro.id = a.round_id
   JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id
   JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id WHERE ro.name = 'f1'" |
while IFS='|' read -r conv turn sys rater; do
	$CONVQA label -t faithfulness --round f1 -r "$rater" -c "$conv" -n "$turn" -s "$sys" faithfulness faithful
done
run $CONVQA report --task plausibility,faithfulness --by system --consensus majority --only verdicts -f csv
check_grep "5. the per-run table: s1 plausible twice" "^verdicts,by_system,system,s1,plausible,2," "$T/out"
check_grep "   and faithful twice" "^verdicts,by_system,system,s1,faithful,2," "$T/out"
check_grep "   s2's answers without consensus (a tie), counted" "^verdicts,by_system,system,s2,plausibility_no_consensus,2," "$T/out"
run $CONVQA report --task plausibility,faithfulness --consensus discard --only verdicts -f json
check_grep "   the policy for disagreements is stated, with the number discarded" \
	"Disagreements: discarded.*Discarded (column no consensus): 2 plausibility items, 0 faithfulness items" "$T/out"
check_grep "   s2's share is undefined for want of a consensus, not of labels" "no consensus on any of them" "$T/out"
run $CONVQA report --task plausibility --only verdicts -f json
check_grep "   per rater: nothing is discarded" "Disagreements: not settled.*nothing is discarded" "$T/out"
run $CONVQA export --format gold-extension -o new-gold.json
$CONVQA init --db ext.db >/dev/null && $CONVQA import --db ext.db -q new-gold.json
em() { $CONVQA report --db "$1" --only automatic -f csv | grep '^automatic,by_system,system,s1,em,' | cut -d, -f6; }
check_eq "6. the extended gold makes s1's plausible, faithful answers exact matches" "0.5|1" "$(em p.db)|$(em ext.db)"
check_grep "   the export says how many answers joined the gold, and how to use it" \
	"wrote 6 items with the extended gold to new-gold.json: 1 answer judged plausible joined the gold of 1 turn" "$T/err"

# 7. report --extended-gold: EM and F1 against the original and the extended
# gold side by side, equal to what the re-imported project scores
side_by_side() {   # DB: per system, the extended EM and F1 of p.db and the EM and F1 of DB
	$CONVQA report --extended-gold --only automatic -f csv >ext.csv || return 1
	$CONVQA report --db "$1" --only automatic -f csv >imp.csv || return 1
	for s in s1 s2 s3 all; do
		printf '%s %s %s / %s %s\n' "$s" \
			"$(grep "^automatic,extended_gold,system,$s,em_extended," ext.csv | cut -d, -f6)" \
			"$(grep "^automatic,extended_gold,system,$s,f1_extended," ext.csv | cut -d, -f6)" \
			"$(grep "^automatic,by_system,system,$s,em," imp.csv | cut -d, -f6)" \
			"$(grep "^automatic,by_system,system,$s,f1," imp.csv | cut -d, -f6)"
	done
}
same_halves() { awk '{ if ($2 != $5 || $3 != $6) bad = 1 } END { exit bad }'; }
side_by_side ext.db >sbs.txt
check_eq "7. --extended-gold: EM and F1 against the extended gold are the re-imported project's" "0" \
	"$(same_halves <sbs.txt; echo $?)"
run $CONVQA report --extended-gold --only automatic -f csv
check_grep "   side by side with EM against the original gold" "^automatic,extended_gold,system,s1,em,0.5,2," "$T/out"
check_grep "   one of s1's answers joined the gold (the other is a gold answer already), as in the export" "^automatic,extended_gold,system,s1,added,1," "$T/out"
run $CONVQA report --only automatic
check_grep "   no answer_correct label: the correlation table says why it is empty" \
	"No correlation: no item with a gold answer has answer_correct." "$T/out"
# b distrusted: a alone judged s2's answers plausible, so they join the gold
$CONVQA rater distrust b >/dev/null
$CONVQA export --format gold-extension -o gold2.json 2>/dev/null
$CONVQA init --db ext2.db >/dev/null && $CONVQA import --db ext2.db -q gold2.json
side_by_side ext2.db >sbs2.txt
check_eq "   a distrusted rater's verdicts are left out, as in the export" "0|s2 1" \
	"$(same_halves <sbs2.txt; echo $?)|$(grep '^s2 ' sbs2.txt | cut -d' ' -f1,2)"
run $CONVQA report --round p1 --only verdicts -f json
check_eq "8. report --round p1: the header counts the round's items and the project's" '"4"|"6"' \
	"$(grep -o '"items": "[0-9]*"' "$T/out" | cut -d' ' -f2)|$(grep -o '"all_items": "[0-9]*"' "$T/out" | cut -d' ' -f2)"
# 9. an adjudicator settles a tie: a settlement, not a vote
$CONVQA rater trust b >/dev/null
$CONVQA rater add carol --role adjudicator >/dev/null
$CONVQA round reopen p1 >/dev/null
$CONVQA label -t plausibility --round p1 -r carol -c c -n 1 -s s2 plausibility plausible
run $CONVQA round create f2 --task faithfulness --from p1 --raters a,b --overlap 2
check_eq "9. --from takes the answer the adjudicator settled as plausible" \
	"0|round 'p1': 3 of the 4 items judged there are plausible (settled by an adjudicator, else by more than half of the trusted raters)" \
	"$rc|$(head -1 "$T/out")"
run $CONVQA report --task plausibility --consensus majority --only verdicts -f csv
check_grep "   majority does not count the adjudicator as a vote: s2 still ties" \
	"^verdicts,by_system,system,s2,plausibility_no_consensus,2," "$T/out"
run $CONVQA report --task plausibility --consensus adjudicated --only verdicts -f csv
check_grep "   adjudicated takes the settlement" "^verdicts,by_system,system,s2,plausible,1," "$T/out"
run $CONVQA agreement --round p1 -f csv
check_eq "   agreement compares the raters, not the adjudicator" "0|0" "$rc|$(grep -v "^meta," "$T/out" | grep -c carol)"
$CONVQA export --format gold-extension -o gold3.json 2>/dev/null
$CONVQA init --db ext3.db >/dev/null && $CONVQA import --db ext3.db -q gold3.json
side_by_side ext3.db >sbs3.txt
check_eq "   the extension takes the settled answer, in the export and in the report alike" "0|s2 0.5" \
	"$(same_halves <sbs3.txt; echo $?)|$(grep '^s2 ' sbs3.txt | cut -d' ' -f1,2)"
run $CONVQA round create f3 --from p1 --raters a,b
check_eq "   --from without --task is refused, with the task to give" \
	"1|convqa round: --from p1 takes the answers judged plausible there, for the second stage: give its task (--task faithfulness)" \
	"$rc|$(cat "$T/err")"
run $CONVQA report --extended-gold --task turn
check_eq "   --extended-gold without the plausibility verdicts is refused" "1" "$rc"
check_grep "   and says what to add" "task must name turn, plausibility and faithfulness" "$T/err"
# 10. A shared answer: gold "Paris"; A says "Paris, France", B "paris
# france" (the same after the SQuAD normalisation), C "Lyon". The sample
# takes the answer once, for one of A and B; its judgements count for both.
export CONVQA_DB="$T/shared.db"
$CONVQA init >/dev/null
cat >shared.json <<'JSON'
{"format": "convqa-tasks", "version": 1, "systems": [{"id": "A"}, {"id": "B"}, {"id": "C"}],
 "collection": [{"id": "p1", "text": "Paris is the capital of France. Lyon is a city in France."}],
 "conversations": [{"id": "c", "turns": [
  {"question": "What is the capital of France?", "gold": {"answers": ["Paris"]}, "responses": [
    {"system": "A", "answer": "Paris, France", "passages": [{"rank": 1, "id": "p1"}]},
    {"system": "B", "answer": "paris france", "passages": [{"rank": 1, "id": "p1"}]},
    {"system": "C", "answer": "Paris or Lyon", "passages": [{"rank": 1, "id": "p1"}]}]}]}]}
JSON
$CONVQA import -q shared.json
for r in a b; do $CONVQA rater add $r >/dev/null; done
$CONVQA sample plausibility --round sp --raters a,b --min-sim 0.1 --seed 3 >/dev/null
check_eq "10. the sample takes the shared answer once (A or B) and C's" "2" \
	"$(sqlite3 "$T/shared.db" "SELECT count(DISTINCT response_id) FROM assignment")"
label_round() {   # ROUND TASK VALUE_FOR_C: every assignment of ROUND judged plausible / faithful, C's VALUE_FOR_C
	sqlite3 "$T/shared.db" "SELECT t.position, sy.name, ra.name FROM assignment a JOIN round ro ON ro.id = a.round_id
	   JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id
	   JOIN system sy ON sy.id = r.system_id WHERE ro.name = '$1'" |
	while IFS='|' read -r turn sys rater; do
		v=$3
		[ "$sys" = C ] || v=$4
		$CONVQA label -t "$2" --round "$1" -r "$rater" -c c -n "$turn" -s "$sys" "$2" "$v"
	done
}
label_round sp plausibility implausible plausible
run $CONVQA report --task plausibility --only verdicts -f csv
check_eq "   the per-run table has a row for A and for B, each plausible twice" "2|2|2" \
	"$(grep -c '^verdicts,by_system,system,[AB],plausible,' "$T/out")|$(grep '^verdicts,by_system,system,A,plausible,' "$T/out" | cut -d, -f6)|$(grep '^verdicts,by_system,system,B,plausible,' "$T/out" | cut -d, -f6)"
run $CONVQA report --task plausibility --consensus majority --only verdicts -f csv
check_eq "   with a consensus too: A's share and B's are 1" "1|1" \
	"$(grep '^verdicts,by_system,system,A,plausible_share,' "$T/out" | cut -d, -f6)|$(grep '^verdicts,by_system,system,B,plausible_share,' "$T/out" | cut -d, -f6)"
run $CONVQA agreement -f csv
check_grep "   agreement counts the shared answer once: 2 units (it and C's answer), not 3" \
	'^agreement,plausibility,raters,a / b,p_o,1,2,' "$T/out"
$CONVQA round close sp >/dev/null
$CONVQA round create sf --task faithfulness --from sp --raters a,b --overlap 2 >/dev/null
label_round sf faithfulness unfaithful faithful
run $CONVQA report --task plausibility,faithfulness --consensus majority --only verdicts -f csv
check_eq "   the faithfulness of the shared answer counts for A and B" "1|1" \
	"$(grep '^verdicts,by_system,system,A,faithful,' "$T/out" | cut -d, -f6)|$(grep '^verdicts,by_system,system,B,faithful,' "$T/out" | cut -d, -f6)"
run $CONVQA report --extended-gold --only automatic -f csv
check_eq "   answers added: the shared answer for A and for B, once in all" "1|1|1" \
	"$(grep '^automatic,extended_gold,system,A,added,' "$T/out" | cut -d, -f6)|$(grep '^automatic,extended_gold,system,B,added,' "$T/out" | cut -d, -f6)|$(grep '^automatic,extended_gold,system,all,added,' "$T/out" | cut -d, -f6)"
run $CONVQA export --format gold-extension -o shared-gold.json
check_grep "   the export adds it once" "1 answer judged plausible joined the gold of 1 turn" "$T/err"
# one rater judged A, the other B (a round of every answer): each judgement
# counts for both systems, and the export and the report agree
export CONVQA_DB="$T/split.db"
$CONVQA init >/dev/null && $CONVQA import -q shared.json
for r in a b; do $CONVQA rater add $r >/dev/null; done
$CONVQA label -t plausibility -r a -c c -n 1 -s A plausibility plausible
$CONVQA label -t plausibility -r b -c c -n 1 -s B plausibility implausible
run $CONVQA report --task plausibility --consensus majority --only verdicts -f csv
check_eq "   a's verdict on A and b's on B tie for both systems" "1|1" \
	"$(grep '^verdicts,by_system,system,A,plausibility_no_consensus,' "$T/out" | cut -d, -f6)|$(grep '^verdicts,by_system,system,B,plausibility_no_consensus,' "$T/out" | cut -d, -f6)"
$CONVQA export --format gold-extension -o split-gold.json 2>"$T/err"
check_grep "   so the answer joins no gold, in the export" "0 answers judged plausible joined the gold of 0 turns" "$T/err"
run $CONVQA report --extended-gold --only automatic -f csv
check_grep "   and in the report" '^automatic,extended_gold,system,all,added,0,' "$T/out"
done_testing
