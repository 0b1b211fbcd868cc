#!/bin/sh
# Commands run as written, and what happened is said (issue 17, items 9
# and 10): round create --from takes the raters of its round; label finds
# the task of a field one scheme has; round close names the raters who have
# not finished, says when no pair shares a unit (--min-kappa checked
# nothing; the agreement of a round 1 comes with its round 2); round create
# says when it found fewer conversations than asked; label refuses a
# passage the project lacks; a kappa over one unit has no interval; weighted
# agreement columns say they are weighted.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
$CONVQA init >/dev/null
$CONVQA import "$CONVQA_TOP/sample_tasks/demo.json" >/dev/null   # 5 conversations
$CONVQA scheme add "$CONVQA_TOP/sample_tasks/schemes/likert-4pt.json" >/dev/null
for r in alice bob carol; do $CONVQA rater add $r >/dev/null; done
q() { sqlite3 "$T/p.db" "$1"; }
# assignments of round $1 as "rater|conversation|turn|system" lines, in queue order
plan() {
	q "SELECT ra.name, c.ext_id, t.position, sy.name FROM assignment a JOIN round ro ON ro.id = a.round_id
	   JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id
	   JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id
	   WHERE ro.name = '$1' ORDER BY ra.name, a.seq"
}
raters_of() {
	q "SELECT group_concat(name, ',') FROM (SELECT DISTINCT ra.name FROM assignment a JOIN round ro ON ro.id = a.round_id
	   JOIN rater ra ON ra.id = a.rater_id WHERE ro.name = '$1' ORDER BY ra.name)"
}

# ---- 9: commands as the README writes them ------------------------------------------------
$CONVQA round create p1 --task plausibility --raters alice,bob --overlap 2 --conversations 1 >/dev/null
plan p1 | while IFS='|' read -r rater conv turn sys; do
	$CONVQA label -t plausibility --round p1 -r "$rater" -c "$conv" -n "$turn" -s "$sys" plausibility plausible
done
run $CONVQA round create f1 --task faithfulness --from p1 --policy consensus
check_eq "round create --from without --raters takes the raters of its round" "0|alice,bob" "$rc|$(raters_of f1)"
check_grep "   and says so" "^raters: alice, bob, those of round p1 (--raters names others)$" "$T/out"
run $CONVQA round show f1
check_grep "   round show gives the command with the raters taken" \
	"^made with: convqa round create f1 --task faithfulness --raters alice,bob --from p1 --policy consensus$" "$T/out"
check_run "create without --from still needs --raters" 1 "convqa round: create needs --raters A,B" \
	$CONVQA round create r0

C1=$(q "SELECT ext_id FROM conversation ORDER BY id LIMIT 1")
run $CONVQA label completeness "mostly yes" -r alice -c "$C1" -n 1 -s bm25-t5
check_eq "label of a field one project scheme has needs no --task" "0|likert-4pt|mostly yes" \
	"$rc|$(q "SELECT task || '|' || value FROM label WHERE field = 'completeness'")"
run $CONVQA label plausibility implausible -r carol -c "$C1" -n 1 -s bm25-t5
check_eq "   nor one of a built-in task" "0|plausibility" \
	"$rc|$(q "SELECT l.task FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'carol' AND field = 'plausibility'")"
check_run "   --task given is the task, whatever other schemes have" 2 \
	"convqa label: task 'turn' has no field 'completeness' (its fields: intent, answer_correct, relevant, extra_gold, note)" \
	$CONVQA label --task turn completeness yes -r alice -c "$C1" -n 1 -s bm25-t5
$CONVQA scheme add --name likert-b "$CONVQA_TOP/sample_tasks/schemes/likert-4pt.json" >/dev/null
check_run "   a field of several schemes names them" 2 \
	"convqa label: field 'completeness' is in tasks likert-4pt and likert-b: give --task likert-4pt or --task likert-b" \
	$CONVQA label completeness yes -r alice -c "$C1" -n 1 -s bm25-t5
check_run "   a field no scheme has lists the fields of turn" 2 \
	"convqa label: task 'turn' has no field 'fluency' (its fields: intent, answer_correct, relevant, extra_gold, note)" \
	$CONVQA label fluency yes -r alice -c "$C1" -n 1 -s bm25-t5

# ---- 10: what happened is said ------------------------------------------------------------
run $CONVQA round create big --raters carol --conversations 20
check_eq "--conversations above what the project has: the round takes all, and says so" \
	"0|--conversations 20: the project has 5 conversations with items for the round: it takes all 5" \
	"$rc|$(grep -e '^--conversations' "$T/out")"
run $CONVQA round create some --raters carol --sample 9 --systems dense-llm
check_grep "--sample above what there is: said too" \
	"^--sample 9: there are 5 conversations to choose from: the round takes all 5$" "$T/out"

# round 1 of the two-round protocol: one rater per conversation
$CONVQA round create r1 --raters alice,bob --conversations 3 >/dev/null
n_alice=$(plan r1 | grep -c '^alice|')
n_bob=$(plan r1 | grep -c '^bob|')
plan r1 | grep '^bob|' | head -2 | while IFS='|' read -r rater conv turn sys; do
	$CONVQA label --round r1 -r "$rater" -c "$conv" -n "$turn" -s "$sys" intent extractive
	$CONVQA label --round r1 -r "$rater" -c "$conv" -n "$turn" -s "$sys" answer_correct 1
done
plan r1 | grep '^alice|' | head -1 | while IFS='|' read -r rater conv turn sys; do
	$CONVQA label --round r1 -r "$rater" -c "$conv" -n "$turn" -s "$sys" intent boolean
done
run $CONVQA round close r1 --min-kappa 0.6
check_eq "round close still closes with raters unfinished" "0|closed" "$rc|$(q "SELECT status FROM round WHERE name = 'r1'")"
check_grep "   and names them, with their counts" \
	"^not finished: alice 0 of $n_alice items, bob 0 of $n_bob items (closed all the same; convqa round reopen r1 opens it again)$" \
	"$T/out"
check_grep "round 1 of a swap: one line says the agreement comes with round 2" \
	"^round r1 gives each item one rater: its agreement comes with a round 2 over the same items (convqa round create NAME --raters alice,bob --swap-from r1)$" \
	"$T/out"
check_eq "   instead of a table of undefined values" "0" "$(grep -c 'undefined' "$T/out")"
check_grep "   --min-kappa says nothing was checked" \
	"^no rater pair shares a unit, so nothing was checked against --min-kappa 0.6$" "$T/out"
check_eq "   and does not claim every pair is above it" "0" "$(grep -c 'at least 0.6' "$T/out")"
$CONVQA round reopen r1 >/dev/null
$CONVQA round create r2 --raters alice,bob --swap-from r1 >/dev/null
run $CONVQA round close r1
check_grep "   with round 2 made, it names it" \
	"^round r1 gives each item one rater: its agreement comes with round r2 (swapped from it), over both rounds, when round r2 is closed$" \
	"$T/out"

run $CONVQA round close big
check_eq "a round of one rater gets the report, not the line about round 2" "0|0|1" \
	"$rc|$(grep -c 'gives each item one rater' "$T/out")|$(grep -c 'Agreement compares two raters or more' "$T/out")"

# every rater on every item, but labels on different items: no shared unit
$CONVQA round create all2 --raters alice,bob --overlap 0 --conversations 1 >/dev/null
plan all2 | grep '^alice|' | head -1 | while IFS='|' read -r rater conv turn sys; do
	$CONVQA label --round all2 -r "$rater" -c "$conv" -n "$turn" -s "$sys" answer_correct 1
done
plan all2 | grep '^bob|' | tail -1 | while IFS='|' read -r rater conv turn sys; do
	$CONVQA label --round all2 -r "$rater" -c "$conv" -n "$turn" -s "$sys" answer_correct 0
done
run $CONVQA round close all2 --min-kappa 0.6
check_grep "--min-kappa with no pair sharing a unit says nothing was checked" \
	"^no rater pair shares a unit, so nothing was checked against --min-kappa 0.6$" "$T/out"
check_eq "   and not that every pair is above it" "0" "$(grep -c 'at least 0.6' "$T/out")"

# extra_gold names passages the project has
run $CONVQA label -r alice -c "$C1" -n 1 -s bm25-t5 extra_gold NO-SUCH-PASSAGE
check_eq "label extra_gold of a passage the project lacks is refused" "2|0" \
	"$rc|$(q "SELECT count(*) FROM label WHERE field = 'extra_gold'")"
check_grep "   naming it and the passages there are" \
	"^convqa: no passage 'NO-SUCH-PASSAGE' in the project (extra_gold takes ids of passages the task files imported: " \
	"$T/err"
P1=$(q "SELECT ext_id FROM passage ORDER BY ext_id LIMIT 1")
run $CONVQA label -r alice -c "$C1" -n 1 -s bm25-t5 extra_gold "$P1, NOPE"
check_eq "   each id of a list is checked" "2|convqa: no passage 'NOPE' in the project" \
	"$rc|$(sed 's/ (.*//' "$T/err")"
run $CONVQA label -r alice -c "$C1" -n 1 -s bm25-t5 extra_gold "$P1"
check_eq "   a passage of the project is taken" "0|$P1" "$rc|$(q "SELECT value FROM label WHERE field = 'extra_gold'")"

# one unit, the raters disagree: kappa 0 and no interval
C5=$(q "SELECT ext_id FROM conversation ORDER BY id DESC LIMIT 1")
$CONVQA rater add dave >/dev/null
$CONVQA label -r carol -c "$C5" -n 1 -s bm25-t5 answer_correct 1
$CONVQA label -r dave -c "$C5" -n 1 -s bm25-t5 answer_correct 0
run $CONVQA agreement --field answer_correct -f csv
check_eq "one disagreeing unit: kappa 0, without an interval" "agreement,answer_correct,raters,carol / dave,kappa,0,1,,,ok" \
	"$(grep '^agreement,answer_correct,raters,carol / dave,kappa,' "$T/out" | tr -d '\r')"
run $CONVQA agreement --field answer_correct
check_grep "   the text says the sample is too small for one" "carol / dave: one unit is too small a sample for an interval" "$T/out"
check_eq "   and shows no 0.000–0.000" "0" "$(grep -c '0\.000–0\.000' "$T/out")"

# weighted kappa: p_o and p_e are weighted, and named so
$CONVQA label completeness yes -t likert-4pt -r alice -c "$C5" -n 1 -s bm25-t5
$CONVQA label completeness "mostly yes" -t likert-4pt -r bob -c "$C5" -n 1 -s bm25-t5
$CONVQA label completeness no -t likert-4pt -r alice -c "$C5" -n 1 -s dense-llm
$CONVQA label completeness no -t likert-4pt -r bob -c "$C5" -n 1 -s dense-llm
run $CONVQA agreement --field likert-4pt/completeness -f csv
check_eq "weighted: the columns are p_o(w) and p_e(w)" "p_o(w) p_e(w) kappa band" \
	"$(grep '^agreement,likert-4pt/completeness,raters,alice / bob,' "$T/out" | cut -d, -f5 | tr '\n' ' ' | sed 's/ $//')"
run $CONVQA agreement --field likert-4pt/completeness -f json
check_grep "   in JSON too" '"p_o(w)"' "$T/out"
run $CONVQA agreement --field likert-4pt/completeness
check_grep "   and in the text" "^  raters *units *p_o(w) *p_e(w) *weighted kappa" "$T/out"
run $CONVQA agreement --field likert-4pt/completeness --weights none -f csv
check_eq "unweighted: p_o and p_e" "p_o p_e kappa band" \
	"$(grep '^agreement,likert-4pt/completeness,raters,alice / bob,' "$T/out" | cut -d, -f5 | tr '\n' ' ' | sed 's/ $//')"
done_testing
