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
run $CONVQA export --format gold-extension -o new-gold.json
$CONVQA init --db ext.db >/dev/null && $CONVQA import --db ext.db -q new-gold.json
em() { $CONVQA report --db "$1" --only automatic -f csv | grep '^automatic,by_system,system,s1,em,' | cut -d, -f6; }
check_eq "6. the extended gold makes s1's plausible, faithful answers exact matches" "0.5|1" "$(em p.db)|$(em ext.db)"
done_testing
