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
	"convqa: no task or scheme 'likert' (schemes: turn, plausibility, faithfulness, pairwise; add one with: convqa scheme add FILE)" \
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
check_run "an unknown name in a --where expression says what there is" 2 \
	"convqa: --where: position 1: no imported score or metric 'length' (imported scores: none (convqa import-scores adds them); metrics: depth, em, f1, scai_em, bleu1, rouge1_r, rouge_l, fuzzy)" \
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
$CONVQA report --round k1 -f json >"$T/k1.json"
if /usr/bin/python3 "$CONVQA_TOP/tests/tools/validate_json_schema.py" "$CONVQA_TOP/schemas/report.schema.json" "$T/k1.json" >"$T/v" 2>&1 \
	&& grep -q '"controls"' "$T/k1.json"; then ok "the JSON report with its controls section validates against report.schema.json"
else not_ok "the JSON report with its controls section validates against report.schema.json" "$(cat "$T/v")"; fi
check_grep "a round's report names the raters who labelled in it, not the expert" '^meta,,,,raters,"alice, bob",' "$T/out"
run $CONVQA round show k1
check_grep "round show gives them too" "bob                     2        2       0  0.000 (0.000-0.658)" "$T/out"
check_grep "   and counts the round's 16 items, not its control items" "^16 items, 1 rater per item" "$T/out"
check_eq "a control item is of a turn the rater does not have" "0" \
	"$(q "SELECT count(*) FROM assignment a JOIN response r ON r.id = a.response_id JOIN assignment b ON b.round_id = a.round_id AND b.rater_id = a.rater_id AND NOT b.control JOIN response rb ON rb.id = b.response_id AND rb.turn_id = r.turn_id WHERE a.control")"
# in round kx, c11's item is bob's and a control item of alice's, c12's the other way round
$CONVQA rater add judge --role adjudicator >/dev/null
$CONVQA rater add expert3 >/dev/null
printf 'c11\t1\ts1\nc12\t1\ts1\n' >kx.items
for c in c11 c12; do $CONVQA label -t plausibility -r expert3 -c $c -n 1 -s s1 plausibility plausible; done
$CONVQA round create kx --task plausibility --raters alice,bob --items kx.items --control 0.5 --control-from expert3 >/dev/null
check_eq "each rater's control item is the other's ordinary item" "2" \
	"$(q "SELECT count(*) FROM assignment a JOIN assignment b ON b.round_id = a.round_id AND b.response_id = a.response_id AND b.rater_id <> a.rater_id AND NOT b.control JOIN round ro ON ro.id = a.round_id WHERE ro.name = 'kx' AND a.control")"
plan kx | while IFS='|' read -r rater conv turn sys; do
	v=implausible
	[ "$rater" = alice ] && v=plausible
	$CONVQA label -t plausibility --round kx -r "$rater" -c "$conv" -n "$turn" -s "$sys" plausibility $v
done
run $CONVQA adjudicate --round kx --rater judge </dev/null
check_eq "a control judgement is no disagreement to adjudicate" \
	"0|round 'kx': nothing to adjudicate: no unit has been judged by two or more raters" "$rc|$(cat "$T/out" "$T/err")"
check_run "the expert cannot be a rater of the round" 2 \
	"convqa: rater 'expert' gives the known answers of the control items: not one of the round's raters too" \
	$CONVQA round create k2 --task plausibility --raters alice,expert --control 0.1 --control-from expert
check_run "control items need known answers" 2 \
	"convqa: rater 'carol' has labelled no item of task plausibility outside rounds: there are no known answers for control items" \
	$CONVQA round create k2 --task plausibility --raters alice,bob --control 0.1 --control-from carol
check_run "--control-from needs --control" 1 "convqa round: --control-from RATER needs --control RATE (the share of control items to mix in)" \
	$CONVQA round create k2 --raters alice,bob --control-from expert
check_run "without --control-from the gold gives the known answers: a task whose fields the gold does not decide is refused" 2 \
	"convqa: --control without --control-from takes the known answers from the gold, and the gold decides no field of task plausibility (it gives a turn's intent and the relevance of its gold passages): name the rater whose labels are the known answers (--control-from RATER)" \
	$CONVQA round create k2 --task plausibility --raters alice,bob --control 0.1
check_run "   a project without gold is told so" 2 \
	"convqa: --control without --control-from takes the known answers from the gold, and no item has gold that decides a field of task turn (a gold intent, or a gold passage among the passages it retrieved): import gold, or name the rater whose labels are the known answers (--control-from RATER)" \
	$CONVQA round create k2 --raters alice,bob --control 0.1
check_run "--control that gives no control item says why" 2 \
	"convqa: --control 0.5 gives no control items: each of the 8 items with known answers (expert's labels outside rounds) is of a turn in every rater's queue already (a control item is one a rater does not judge anyway: make the round smaller, or give more known answers)" \
	$CONVQA round create k2 --task plausibility --raters alice --conversations 8 --control 0.5 --control-from expert

# the gold as the known answers: a turn's intent (g1 turn 1, g2 turn 1) and
# the relevance of its gold passages (g1 turn 1: p1; g2 turn 2: p3, which s1
# retrieves and s2 does not)
python3 - >gold.json <<'PY'
import json
def resp(s, ids):
    return {"system": s, "answer": "an answer of " + s, "passages": [{"rank": i + 1, "id": p} for i, p in enumerate(ids)]}
turns = {
    "g1": [{"question": "g1 q1?", "gold": {"intent": "extractive", "passages": ["p1"]},
            "responses": [resp("s1", ["p1", "p2"]), resp("s2", ["p2", "p1"])]},
           {"question": "g1 q2?", "responses": [resp("s1", ["p2"]), resp("s2", ["p3"])]}],
    "g2": [{"question": "g2 q1?", "gold": {"intent": "boolean"}, "responses": [resp("s1", ["p2"]), resp("s2", ["p2"])]},
           {"question": "g2 q2?", "gold": {"passages": ["p3"]}, "responses": [resp("s1", ["p3"]), resp("s2", ["p1"])]}],
    "g3": [{"question": "g3 q1?", "responses": [resp("s1", ["p1"]), resp("s2", ["p2"])]}],
    "g4": [{"question": "g4 q1?", "responses": [resp("s1", ["p1"]), resp("s2", ["p2"])]}],
}
print(json.dumps({"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}, {"id": "s2"}],
                  "collection": [{"id": p, "text": "passage " + p} for p in ("p1", "p2", "p3")],
                  "conversations": [{"id": c, "turns": t} for c, t in turns.items()]}))
PY
g() { CONVQA_DB="$T/g.db" $CONVQA "$@"; }
g init >/dev/null && g import -q gold.json && g rater add alice >/dev/null && g rater add bob >/dev/null
run g round create kg --raters alice,bob --sample 2 --seed 4 --control 0.25
check_eq "the gold gives the known answers of the control items" "0|0|2|2" \
	"$rc|$(sqlite3 g.db "SELECT count(*) FROM round WHERE control_rater IS NOT NULL")|$(grep -c 'of them control items' "$T/out")|$(grep -c '^  \(alice\|bob\) .*, 1 of them control items$' "$T/out")"
gq() { sqlite3 "$T/g.db" "$1"; }
check_eq "   each an item with gold that decides a field, of a conversation the rater does not have" "2|0" \
	"$(gq "SELECT count(*) FROM assignment a JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id WHERE a.control AND (t.gold_intent IS NOT NULL OR EXISTS (SELECT 1 FROM gold_passage gp JOIN passage p ON p.ext_id = gp.passage_ext JOIN retrieved rt ON rt.passage_id = p.id WHERE gp.turn_id = t.id AND rt.response_id = r.id))")|$(gq "SELECT count(*) FROM assignment a JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id WHERE a.control AND t.conversation_id IN (SELECT t2.conversation_id FROM assignment b JOIN response r2 ON r2.id = b.response_id JOIN turn t2 ON t2.id = r2.turn_id WHERE b.rater_id = a.rater_id AND NOT b.control)")"
run g round show kg
check_grep "round show says the gold gives the known answers" "^control items: 25% of each queue, known answers from the gold (intent, relevant passages)$" "$T/out"
# alice gives the gold's values on her control item, bob the others
gq "SELECT ra.name, c.ext_id, t.position, sy.name, coalesce(t.gold_intent, '') FROM assignment a JOIN rater ra ON ra.id = a.rater_id
    JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id
    JOIN system sy ON sy.id = r.system_id WHERE a.control" |
while IFS='|' read -r rater conv turn sys intent; do
	other=boolean
	[ "$intent" = boolean ] && other=extractive
	if [ "$rater" = alice ]; then v=$intent rel=1; else v=$other rel=0; fi
	[ -n "$intent" ] && g label --round kg -r "$rater" -c "$conv" -n "$turn" -s "$sys" intent "$v"
	for k in $(gq "SELECT rt.rank FROM retrieved rt JOIN passage p ON p.id = rt.passage_id JOIN response r ON r.id = rt.response_id
	               JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id
	               JOIN gold_passage gp ON gp.turn_id = t.id AND gp.passage_ext = p.ext_id
	               WHERE c.ext_id = '$conv' AND t.position = $turn AND sy.name = '$sys'"); do
		g label --round kg -r "$rater" -c "$conv" -n "$turn" -s "$sys" -k "$k" relevant "$rel"
	done
done
g rater add expert >/dev/null && g label -r expert -c g1 -n 1 -s s1 intent extractive
run g round create kp --raters alice,bob --conversations 2 --control 0.5 --control-from expert
check_eq "a rater whose queue has every item with a known answer is told so" "0|1|1" \
	"$rc|$(grep -c ', no control items (every item with a known answer is of a conversation of their queue)$' "$T/out")|$(grep -c ', 1 of them control items$' "$T/out")"
printf 'g1\t2\ts1\ng3\t1\ts1\ng4\t1\ts1\ng4\t1\ts2\n' >km.items
twice=0
for seed in $(seq 1 20); do
	g round create km$seed --raters alice --items km.items --by item --control 0.5 --seed $seed >/dev/null
	twice=$((twice + $(gq "SELECT count(*) FROM (SELECT 1 FROM assignment a JOIN round ro ON ro.id = a.round_id JOIN response r ON r.id = a.response_id WHERE ro.name = 'km$seed' AND a.control GROUP BY r.turn_id HAVING count(*) > 1)")))
done
check_eq "two control items of a rater are never of one turn (20 seeds)" "0" "$twice"
run g report --round kg --only controls -f csv
check_eq "the report scores each rater against the gold" "0|alice,1|bob,0" \
	"$rc|$(grep -E '^controls,by_rater,rater,[a-z]+,accuracy,' "$T/out" | cut -d, -f4,6 | tr '\n' '|' | sed 's/|$//')"

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
$CONVQA report --round ka,kb --task plausibility -f json >kab.json
check_eq "the report's header says how many control rows it left out" '"1 left out: judgements of control items score their rater against the known answers (section controls), they are not the study'"'"'s"' \
	"$(grep -o '"control_rows": "[^"]*"' kab.json | cut -d' ' -f2-)"
if /usr/bin/python3 "$CONVQA_TOP/tests/tools/validate_json_schema.py" "$CONVQA_TOP/schemas/report.schema.json" kab.json >"$T/v" 2>&1
then ok "   and validates against report.schema.json"; else not_ok "   and validates against report.schema.json" "$(cat "$T/v")"; fi
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
