#!/bin/sh
# convqa round create | list | show | close | reopen: rounds made by
# commands. The plan is exact (every conversation or item gets --overlap
# raters), balanced and the same for the same seed; the two-round protocol
# (--swap-from) gives each rater the other's conversations, and the
# agreement report then covers exactly those; annotate walks a rater's
# queue; close ends the labelling and prints the round's agreement.
. "$CONVQA_TOP/tests/lib.sh"
# a fixed clock far from any real date: every time stamp the program writes takes it
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
$CONVQA init >/dev/null
q() { sqlite3 "$T/p.db" "$1"; }

# 20 conversations c01..c20 of 2 turns, answered by systems s1 and s2
python3 - >tasks.json <<'PY'
import json
convs = [{"id": "c%02d" % c, "turns": [{"question": "q%d of c%02d?" % (t, c), "responses": [
    {"system": s, "answer": "answer %s %d" % (s, t)} for s in ("s1", "s2")]} for t in (1, 2)]}
    for c in range(1, 21)]
print(json.dumps({"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}, {"id": "s2"}],
                  "collection": [], "conversations": convs}))
PY
$CONVQA import tasks.json >/dev/null
for r in alice bob carol; do $CONVQA rater add $r >/dev/null; done

# ---- refusals -------------------------------------------------------------------------
check_run "create needs raters" 1 "convqa round: create needs --raters A,B" $CONVQA round create r1
check_run "a rater the project lacks is named, with how to add one" 2 \
	"convqa: no rater 'dave' in the project (its raters: alice, bob, carol; a new one: convqa rater add NAME)" \
	$CONVQA round create r1 --raters alice,dave
check_run "a rater named twice is refused" 2 "convqa: rater 'alice' is named twice" \
	$CONVQA round create r1 --raters alice,alice
check_run "a round name with a comma is refused: --round takes lists" 2 \
	"convqa: the round name holds a comma (commas separate names in lists such as report --round r1,r2)" \
	$CONVQA round create "r1,r2" --raters alice,bob
check_run "a round name is one word" 2 \
	"convqa: the round name holds a space (a round's name is one word, such as r1 or pilot-2)" \
	$CONVQA round create "bad name" --raters alice,bob
check_run "--overlap above the number of raters is refused" 2 \
	"convqa: --overlap 3 asks for 3 raters per conversation, but round 'r1' has 2 (name more with --raters, or --overlap 0: every rater)" \
	$CONVQA round create r1 --raters alice,bob --overlap 3
$CONVQA rater add judge --role adjudicator >/dev/null
check_run "an adjudicator is not one of a round's raters: their labels settle" 2 \
	"convqa: rater 'judge' is an adjudicator: an adjudicator's labels settle disagreements, they do not judge a round's items (leave judge out of --raters, or make them a rater: convqa rater add judge --role rater)" \
	$CONVQA round create r1 --raters alice,judge
check_run "a task no scheme has lists the schemes" 2 \
	"convqa: no task or scheme 'likert' (schemes: turn, plausibility, faithfulness; add one with: convqa scheme add FILE)" \
	$CONVQA round create r1 --task likert --raters alice
check_run "a system the project lacks lists its systems" 2 \
	"convqa: no system 's3' in the project (its systems: s1, s2)" \
	$CONVQA round create r1 --raters alice --systems s3
check_run "--overlap takes a number" 1 \
	"convqa round: --overlap expects a whole number from 0 to 1000, got 'two'" \
	$CONVQA round create r1 --raters alice --overlap two
check_run "create options go with create only" 1 \
	"convqa round: --task, --raters, --overlap and the other create options goes with create only" \
	$CONVQA round show r1 --raters alice
check_run "an unknown action lists the actions" 1 \
	"convqa round: unknown action 'remove' (expected: create, list, show, items, close, reopen, delete)" $CONVQA round remove r1
check_run "show of a round there is not says there are none" 2 \
	"convqa: no round 'r1' in the project (it has no rounds)" $CONVQA round show r1
check_eq "nothing was made by the refusals" "0|0" "$(q 'SELECT count(*) FROM round')|$(q 'SELECT count(*) FROM assignment')"
run $CONVQA round list
check_eq "list without rounds says how to make one" \
	"0|no rounds (make one with: convqa round create NAME --raters A,B)" "$rc|$(cat "$T/out")"

# ---- the plan --------------------------------------------------------------------------
# assignments of round $1 as "rater conversation turn system" lines, in queue order
plan() {
	q "SELECT ra.name, c.ext_id, t.position, sy.name FROM assignment a JOIN round ro ON ro.id = a.round_id
	   JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id
	   JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id
	   WHERE ro.name = '$1' ORDER BY ra.name, a.seq"
}
run $CONVQA round create r1 --raters alice,bob --seed 7
check_eq "round 1: each of 2 raters gets 10 of the 20 conversations" "0|created round 'r1' (turn): 2 raters, 80 items in 20 conversations, 1 rater per conversation (seed 7)
  alice               40 items in 10 conversations
  bob                 40 items in 10 conversations
raters start with: convqa annotate --rater NAME --round r1" "$rc|$(cat "$T/out")"
check_eq "every conversation has exactly one rater, with all its items" "20|1|4" \
	"$(q "SELECT count(DISTINCT c) FROM (SELECT t.conversation_id c FROM assignment a JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id WHERE a.round_id = 1)")|$(q "SELECT max(n) FROM (SELECT count(DISTINCT a.rater_id) n FROM assignment a JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id WHERE a.round_id = 1 GROUP BY t.conversation_id)")|$(q "SELECT min(n) FROM (SELECT count(*) n FROM assignment a JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id WHERE a.round_id = 1 GROUP BY t.conversation_id)")"
plan r1 >r1.plan
check_eq "each rater's queue is in conversation order" "$(sort -t'|' -k1,1 -k2,2 -k3,3n r1.plan | cut -d'|' -f1-3)" "$(cut -d'|' -f1-3 r1.plan)"
run $CONVQA round create r1 --raters alice,bob
check_eq "a round's name is taken once" "2|convqa: round 'r1' exists already (see: convqa round show r1)" "$rc|$(cat "$T/err")"
$CONVQA round create same --raters alice,bob --seed 7 >/dev/null
check_eq "the same seed gives the same plan" "$(cat r1.plan)" "$(plan same)"
$CONVQA round create other --raters alice,bob --seed 8 >/dev/null
if [ "$(plan other)" != "$(cat r1.plan)" ]; then ok "another seed gives another plan"; else
	not_ok "another seed gives another plan"; fi
run $CONVQA round create p1 --task plausibility --raters alice,bob,carol --overlap 2 --sample 9 --seed 3 --systems s2
check_eq "items of one system, sampled, 2 of 3 raters each, balanced" "0|created round 'p1' (plausibility): 3 raters, 9 items, 2 raters per item (seed 3)
  alice                6 items
  bob                  6 items
  carol                6 items
raters start with: convqa annotate --rater NAME --round p1" "$rc|$(cat "$T/out")"
check_eq "every sampled item has exactly 2 raters, all of s2" "9|2|2|s2" \
	"$(q "SELECT count(DISTINCT response_id) FROM assignment WHERE round_id = 4")|$(q "SELECT min(n) FROM (SELECT count(*) n FROM assignment WHERE round_id = 4 GROUP BY response_id)")|$(q "SELECT max(n) FROM (SELECT count(*) n FROM assignment WHERE round_id = 4 GROUP BY response_id)")|$(q "SELECT DISTINCT sy.name FROM assignment a JOIN response r ON r.id = a.response_id JOIN system sy ON sy.id = r.system_id WHERE a.round_id = 4")"
run $CONVQA round create few --raters carol --conversations 3 --overlap 0
check_eq "--conversations takes the first N" "0|c01 c02 c03" "$rc|$(plan few | cut -d'|' -f2 | uniq | tr '\n' ' ' | sed 's/ $//')"

printf 'c02\t1\ts1\n# a comment\n\nc05 2 s2\n' >items.txt
run $CONVQA round create it --raters carol --items items.txt
check_eq "--items takes exactly the items the file lists" "0|c02|1|s1 c05|2|s2" \
	"$rc|$(plan it | cut -d'|' -f2- | tr '\n' ' ' | sed 's/ $//')"
printf 'c02 1 s1\nc99 1 s1\n' >bad.txt
check_run "an --items line the project lacks is named with its line" 2 \
	"convqa: bad.txt:2: no conversation 'c99' in the project (its conversations: c01, c02, c03, c04, c05, c06, c07, c08, c09, c10 and 10 more)" \
	$CONVQA round create it2 --raters carol --items bad.txt
run $CONVQA round create deep --raters carol --where 'depth>=2' --systems s1 --conversations 2
check_eq "--where depth>=2 keeps the second turns" "0|c01|2|s1 c02|2|s1" \
	"$rc|$(plan deep | cut -d'|' -f2- | tr '\n' ' ' | sed 's/ $//')"
check_run "--where with a gold intent nobody has finds no items" 2 \
	"convqa: no items to put in round 'none' (import a task file first, or ask for other systems)" \
	$CONVQA round create none --raters carol --where intent=boolean
check_run "an unknown --where condition says what there is" 1 \
	"convqa round: --where: unknown condition 'length<3' (expected depth<=N, depth>=N, depth=N, intent=VALUE or gold, separated by commas)" \
	$CONVQA round create none --raters carol --where 'length<3'

# ---- the second stage: faithfulness of the plausible answers -----------------------------
plan p1 | while IFS='|' read -r rater conv turn sys; do
	v=plausible
	[ "$rater" = bob ] && v=implausible
	$CONVQA label -t plausibility --round p1 -r "$rater" -c "$conv" -n "$turn" -s "$sys" plausibility $v
done
both=$(q "SELECT count(*) FROM (SELECT a.response_id FROM assignment a JOIN rater ra ON ra.id = a.rater_id
	WHERE a.round_id = 4 GROUP BY a.response_id HAVING sum(ra.name = 'bob') = 0)")
run $CONVQA round create f1 --task faithfulness --from p1 --raters alice,carol
check_eq "--from p1: only the answers most of their raters judged plausible" \
	"0|round 'p1': $both of the 9 items judged there are plausible (settled by an adjudicator, else by more than half of the trusted raters)|$both" \
	"$rc|$(head -1 "$T/out")|$(q "SELECT count(DISTINCT response_id) FROM assignment a JOIN round ro ON ro.id = a.round_id WHERE ro.name = 'f1'")"
run $CONVQA round create f2 --task faithfulness --from p1 --policy any --raters alice,carol
check_eq "--policy any: those one rater judged plausible" "0|9" \
	"$rc|$(q "SELECT count(DISTINCT response_id) FROM assignment a JOIN round ro ON ro.id = a.round_id WHERE ro.name = 'f2'")"
check_run "--from takes a plausibility round" 2 \
	"convqa: round 'r1' is a turn round: --from takes a plausibility round" \
	$CONVQA round create f3 --task faithfulness --from r1 --raters alice

# ---- the two-round protocol ---------------------------------------------------------------
run $CONVQA round create r2 --raters alice,bob --swap-from r1
check_eq "round 2 gives each rater the other's conversations" "0|created round 'r2' (turn): 2 raters, 80 items, swapped from round 'r1'
  alice               40 items
  bob                 40 items
raters start with: convqa annotate --rater NAME --round r2" "$rc|$(cat "$T/out")"
check_eq "alice's round-2 queue is bob's round-1 queue" "$(grep '^bob|' r1.plan | cut -d'|' -f2-)" \
	"$(plan r2 | grep '^alice|' | cut -d'|' -f2-)"
check_run "a swap takes its round's items: no other selection" 1 \
	"convqa round: --swap-from takes the items of its round: leave out --overlap, --conversations, --sample, --systems, --items, --where and --by" \
	$CONVQA round create r3 --raters alice,bob --swap-from r1 --overlap 2
check_run "a swap of a round whose items had 2 raters is refused" 2 \
	"convqa: cannot swap round 'p1': its items had more than one rater (a swap is of a round made with --overlap 1)" \
	$CONVQA round create p2 --task plausibility --raters alice,bob,carol --swap-from p1
check_run "a swap keeps the task" 2 "convqa: round 'r1' is a turn round, not plausibility (a swap keeps the task)" \
	$CONVQA round create p2 --task plausibility --raters alice,bob --swap-from r1
# both raters label their queues of both rounds: intent extractive, but
# bob says boolean on the first turn of c01..c05
for round in r1 r2; do
	plan $round | while IFS='|' read -r rater conv turn sys; do
		v=extractive
		case "$rater$turn$conv" in bob1c0[1-5]) v=boolean ;; esac
		$CONVQA label --round $round -r "$rater" -c "$conv" -n "$turn" -s "$sys" intent $v || echo "label failed"
	done
done >labels.log
check_eq "every assigned item was labelled" "" "$(cat labels.log)"
run $CONVQA agreement --field intent -f csv
check_grep "agreement over both rounds covers the 40 turns of the 20 overlapping conversations" \
	'alice / bob.*,40,' "$T/out"
run $CONVQA agreement --field intent --round r2 -f csv
check_grep "within round 2 alone the raters share no unit" "no item labelled by both raters" "$T/out"
run $CONVQA agreement --field intent --round r1,r2 -f csv
check_grep "--round r1,r2 covers the 40 turns" 'alice / bob.*,40,' "$T/out"
run $CONVQA round show r1
check_eq "show: the plan and each rater's progress" "0|round r1: turn, open
created 2031-02-03T04:05:06.000Z
80 items, 1 rater per item or conversation, seed 7
made with: convqa round create r1 --task turn --raters alice,bob --seed 7

  rater            done / assigned          active time 
  alice                 0 / 40       0.0%  0 min 00 s
  bob                   0 / 40       0.0%  0 min 00 s
  all                   0 / 80       0.0%" "$rc|$(cat "$T/out")"
item=$(q "SELECT c.ext_id || ' ' || t.position || ' ' || sy.name FROM assignment a JOIN round ro ON ro.id = a.round_id
	JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id
	JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id
	WHERE ro.name = 'r1' AND ra.name = 'alice' ORDER BY a.seq LIMIT 1")
set -- $item
$CONVQA label --round r1 -r alice -c "$1" -n "$2" -s "$3" intent extractive
$CONVQA label --round r1 -r alice -c "$1" -n "$2" -s "$3" answer_correct 1
$CONVQA label --round r1 -r alice -c "$1" -n "$2" -s "$3" relevant 0 -k 1 >/dev/null 2>&1
run $CONVQA round show r1
check_grep "labels without time: the time left is unknown, not 0" \
	"^  alice .* 0 min 00 s   time left unknown (no timed labels)$" "$T/out"

# ---- close and reopen --------------------------------------------------------------------
run $CONVQA round close r2 --min-kappa 0.6
check_eq "close says what it means" "0|closed round 'r2': its raters can no longer change its labels" "$rc|$(head -1 "$T/out")"
check_grep "closing round 2 gives the agreement over both rounds" "round r2 swapped the items of round r1: the agreement is over both" "$T/out"
check_grep "with the pairs below --min-kappa" "^intent: alice / bob kappa" "$T/out"
check_grep "close prints the round's agreement report" "Agreement between raters" "$T/out"
check_eq "the round is closed" "closed" "$(q "SELECT status FROM round WHERE name = 'r2'")"
check_run "a closed round takes no labels, and says how to reopen it" 2 \
	"convqa: round 'r2' is closed (a coordinator reopens it with: convqa round reopen r2)" \
	$CONVQA label --round r2 -r alice -c c01 -n 1 -s s1 intent boolean
run $CONVQA round close r2
check_eq "closing a closed round says so" "0|round 'r2' is closed already" "$rc|$(cat "$T/out")"
run $CONVQA round reopen r2
check_eq "reopen" "0|reopened round 'r2': its raters can label again" "$rc|$(cat "$T/out")"
run $CONVQA round list
check_eq "list: every round" "0|round            task           status raters  items  created
r1               turn           open        2     80  2031-02-03
same             turn           open        2     80  2031-02-03
other            turn           open        2     80  2031-02-03
p1               plausibility   open        3      9  2031-02-03
few              turn           open        1     12  2031-02-03
it               turn           open        1      2  2031-02-03
deep             turn           open        1      2  2031-02-03
f1               faithfulness   open        2 $(printf '%6s' "$both")  2031-02-03
f2               faithfulness   open        2      9  2031-02-03
r2               turn           open        2     80  2031-02-03" "$rc|$(cat "$T/out")"

# ---- control items --------------------------------------------------------------------------
$CONVQA rater add expert >/dev/null
for c in c01 c02 c03 c04 c05 c06 c07 c08; do $CONVQA label -t plausibility -r expert -c $c -n 1 -s s1 plausibility plausible; done
run $CONVQA round create k1 --task plausibility --raters alice,bob --conversations 4 --control 0.25 --control-from expert --seed 5
check_eq "control items are mixed into each queue" "0|created round 'k1' (plausibility): 2 raters, 16 items, 1 rater per item (seed 5)
  alice               10 items, 2 of them control items
  bob                 10 items, 2 of them control items
raters start with: convqa annotate --rater NAME --round k1" "$rc|$(cat "$T/out")"
check_eq "control items are the expert's, and not already in the rater's queue" "4|0" \
	"$(q "SELECT count(*) FROM assignment a JOIN round ro ON ro.id = a.round_id WHERE ro.name = 'k1' AND a.control = 1 AND a.response_id IN (SELECT response_id FROM label l JOIN rater ra ON ra.id = l.rater_id WHERE ra.name = 'expert')")|$(q "SELECT count(*) FROM (SELECT rater_id, response_id FROM assignment a JOIN round ro ON ro.id = a.round_id WHERE ro.name = 'k1' GROUP BY rater_id, response_id HAVING count(*) > 1)")"
# alice agrees with the expert on her control items, bob does not
plan k1 | while IFS='|' read -r rater conv turn sys; do
	v=implausible
	[ "$rater" = alice ] && v=plausible
	$CONVQA label -t plausibility --round k1 -r "$rater" -c "$conv" -n "$turn" -s "$sys" plausibility $v
done
run $CONVQA report --round k1 --only controls -f csv
check_eq "the report gives each rater's accuracy on the control items" "0|alice,agreed,2,2|alice,accuracy,1,2|bob,agreed,0,2|bob,accuracy,0,2" \
	"$rc|$(grep -E '^controls,by_rater,rater,(alice|bob),(agreed|accuracy),' "$T/out" | cut -d, -f4-7 | tr '\n' '|' | sed 's/|$//')"
check_grep "a round's report names the raters who labelled in it, not the expert" '^meta,,,,raters,"alice, bob",' "$T/out"
run $CONVQA round show k1
check_grep "round show gives them too" "bob                     2        2       0  0.000 (0.000-0.658)" "$T/out"
$CONVQA rater add judge --role adjudicator >/dev/null
check_eq "one of alice's control items is an item of bob's queue too" "1" \
	"$(q "SELECT count(*) FROM assignment a JOIN assignment b ON b.round_id = a.round_id AND b.response_id = a.response_id AND b.rater_id <> a.rater_id AND NOT b.control JOIN round ro ON ro.id = a.round_id JOIN rater ra ON ra.id = a.rater_id WHERE ro.name = 'k1' AND ra.name = 'alice' AND a.control")"
run $CONVQA adjudicate --round k1 --rater judge </dev/null
check_eq "a control judgement is no disagreement to adjudicate" \
	"0|round 'k1': nothing to adjudicate: no unit has been judged by two or more raters" "$rc|$(cat "$T/out" "$T/err")"
check_run "the expert cannot be a rater of the round" 2 \
	"convqa: rater 'expert' gives the known answers of the control items: not one of the round's raters too" \
	$CONVQA round create k2 --task plausibility --raters alice,expert --control 0.1 --control-from expert
check_run "control items need known answers" 2 \
	"convqa: rater 'carol' has labelled no item of task plausibility outside rounds: there are no known answers for control items" \
	$CONVQA round create k2 --task plausibility --raters alice,bob --control 0.1 --control-from carol
check_run "--control needs --control-from" 1 "convqa round: --control RATE and --control-from RATER go together" \
	$CONVQA round create k2 --raters alice,bob --control 0.1

# A control judgement scores its rater against the expert: never a vote.
# c09 turn 1 s1 is alice's control item (the only item expert2 knows) and
# an ordinary item of bob and carol.
$CONVQA rater add expert2 >/dev/null
$CONVQA label -t plausibility -r expert2 -c c09 -n 1 -s s1 plausibility plausible
printf 'c09\t1\ts1\n' >kb.items
printf 'c10\t1\ts1\n' >ka.items
$CONVQA round create kb --task plausibility --raters bob,carol --overlap 2 --items kb.items >/dev/null
$CONVQA round create ka --task plausibility --raters alice --items ka.items --control 0.5 --control-from expert2 >/dev/null
check_eq "alice has c09 as a control item, bob and carol as an ordinary one" "alice|1 bob|0 carol|0" \
	"$(q "SELECT group_concat(ra.name || '|' || a.control, ' ') FROM (SELECT * FROM assignment ORDER BY rater_id) a JOIN round ro ON ro.id = a.round_id JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id WHERE ro.name IN ('ka', 'kb') AND c.ext_id = 'c09'")"
for r in bob carol; do $CONVQA label -t plausibility --round kb -r $r -c c09 -n 1 -s s1 plausibility plausible; done
$CONVQA label -t plausibility --round ka -r alice -c c09 -n 1 -s s1 plausibility implausible
$CONVQA label -t plausibility --round ka -r alice -c c10 -n 1 -s s1 plausibility plausible
run $CONVQA agreement --round ka,kb -f csv
check_grep "a control judgement is not in the agreement: alice shares no unit with bob" \
	'^agreement,plausibility,raters,alice / bob,p_o,,0,,,undefined: no item labelled by both raters' "$T/out"
check_grep "   bob and carol agree on it" '^agreement,plausibility,raters,bob / carol,p_o,1,1,' "$T/out"
run $CONVQA report --round ka,kb --task plausibility --only verdicts -f csv
check_eq "nor in the verdicts: 3 plausible judgements (bob's, carol's on c09, alice's on c10), no implausible one" \
	"0|3|0" "$rc|$(grep '^verdicts,overall,,all,plausible,' "$T/out" | cut -d, -f6)|$(grep '^verdicts,overall,,all,implausible,' "$T/out" | cut -d, -f6)"
run $CONVQA report --round ka,kb --task plausibility --consensus discard --only verdicts -f csv
check_eq "nor in a consensus: c09 is plausible (and c10), not discarded" "2|0" \
	"$(grep '^verdicts,by_system,system,s1,plausible,' "$T/out" | cut -d, -f6)|$(grep '^verdicts,by_system,system,s1,plausibility_no_consensus,' "$T/out" | cut -d, -f6)"
run $CONVQA report --round ka --only controls -f csv
check_grep "the control judgement still scores alice against the expert" '^controls,by_rater,rater,alice,agreed,0,1,' "$T/out"
run $CONVQA round create kf --task faithfulness --from ka --raters bob
check_eq "nor is it a verdict for the second stage: of ka, c10 alone was judged" \
	"0|round 'ka': 1 of the 1 items judged there are plausible (settled by an adjudicator, else by more than half of the trusted raters)" \
	"$rc|$(head -1 "$T/out")"

# ---- a round's items; deleting a round made by mistake ----------------------------------------
run $CONVQA round items k1 --raters bob
bob_k1="FROM assignment a JOIN round r ON r.id = a.round_id JOIN rater ra ON ra.id = a.rater_id WHERE r.name = 'k1' AND ra.name = 'bob'"
check_eq "round items lists a rater's items, tab-separated, as --items reads them" \
	"0|$(q "SELECT count(*) $bob_k1 AND NOT a.control")" "$rc|$(grep -vc '^#' "$T/out")"
check_grep "   the control items are left out, and counted" \
	"^# and $(q "SELECT count(*) $bob_k1 AND a.control") control items (known answers mixed in), left out$" "$T/out"
check_grep "   a header line says what the lines are" "^# round k1 (plausibility), the items of bob: conversation, turn, system" "$T/out"
check_eq "   each line is CONVERSATION<tab>TURN<tab>SYSTEM" "0" "$(grep -v '^#' "$T/out" | grep -cv "$(printf '^[^\t]*\t[0-9]*\t[^\t]*$')")"
check_run "   a rater without items in the round is told so" 2 \
	"convqa: rater 'carol' has no items in round 'k1' (its raters: convqa round show k1)" \
	$CONVQA round items k1 --raters carol
$CONVQA round items r1 >r1.items
run $CONVQA round create r1copy --raters carol --items r1.items
check_eq "   round create --items takes them back: the same items" \
	"$(q "SELECT group_concat(response_id) FROM (SELECT DISTINCT response_id FROM assignment a JOIN round r ON r.id = a.round_id WHERE r.name = 'r1' ORDER BY 1)")" \
	"$(q "SELECT group_concat(response_id) FROM (SELECT DISTINCT response_id FROM assignment a JOIN round r ON r.id = a.round_id WHERE r.name = 'r1copy' ORDER BY 1)")"
check_run "   one rater's name only" 1 "convqa round: items takes one rater's name with --raters, got 'alice,bob'" \
	$CONVQA round items r1 --raters alice,bob
run $CONVQA round delete r1copy
check_eq "round delete removes a round nothing was labelled in, its raters and assignments" \
	"0|deleted round 'r1copy' (nothing was labelled in it)|0|0" \
	"$rc|$(cat "$T/out")|$(q "SELECT count(*) FROM round WHERE name = 'r1copy'")|$(q "SELECT count(*) FROM assignment WHERE round_id NOT IN (SELECT id FROM round)")"
n_k1=$(q "SELECT count(*) FROM label l JOIN round r ON r.id = l.round_id WHERE r.name = 'k1'")
check_run "a round with labels is not deleted" 2 \
	"convqa: round 'k1' has $n_k1 labels: it is not deleted (a round's labels are kept; convqa round close k1 ends it)" \
	$CONVQA round delete k1
check_eq "   and is all there" "1" "$(q "SELECT count(*) FROM round WHERE name = 'k1'")"

$CONVQA round create one --raters alice,bob --conversations 1 --seed 1 >/dev/null
idle=$(q "SELECT name FROM rater WHERE name IN ('alice', 'bob') AND id NOT IN (SELECT rater_id FROM assignment a JOIN round r ON r.id = a.round_id WHERE r.name = 'one')")
check_run "a swap from a round where a rater had no items names the rater" 2 \
	"convqa: cannot swap round 'one': rater '$idle' had no items in it (a swap gives each rater the items of another)" \
	$CONVQA round create two --raters alice,bob --swap-from one
$CONVQA round delete one >/dev/null

# ---- who may manage rounds --------------------------------------------------------------------
$CONVQA rater add boss --role coordinator --os-user nobody >/dev/null 2>&1
check_run "with a coordinator bound to another account, creating a round is refused" 2 \
	"convqa: only a coordinator may create rounds (coordinators: boss (account nobody)); you are '$(id -un)'" \
	$CONVQA round create r9 --raters alice
check_run "and so is closing one" 2 \
	"convqa: only a coordinator may close or reopen rounds (coordinators: boss (account nobody)); you are '$(id -un)'" \
	$CONVQA round close r1
check_run "and deleting one" 2 \
	"convqa: only a coordinator may delete rounds (coordinators: boss (account nobody)); you are '$(id -un)'" \
	$CONVQA round delete r1
run $CONVQA round show r1
check_eq "anyone may look" 0 "$rc"
done_testing
