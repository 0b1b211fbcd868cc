#!/bin/sh
# A live round (round create --swap-from R1 --live): each rater gets the
# first turn of each conversation the other rater had in R1, once; convqa
# chat --round fills in the next of those first questions, records where
# the conversation started from (its metadata: round, from), and says when
# the rater has started from every one. --live needs --swap-from; --round
# does not go with --first-question-from.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"

ui_project p.db "$CONVQA_TOP/tests/ui/fixtures/small.json"
export CONVQA_DB=p.db
"$CONVQA" rater add alice >/dev/null && "$CONVQA" rater add bob >/dev/null
run "$CONVQA" round create r1 --raters alice,bob
check_eq "round 1: alice has c1 (2 turns), bob c2" "0" "$rc"
run "$CONVQA" round create r2 --raters alice,bob --swap-from r1 --live
check_eq "round 2, live: each rater one first question, the other's" \
"created round 'r2' (turn): 2 raters, 2 items, swapped from round 'r1'
  alice                1 item 
  bob                  1 item 
raters start with: convqa chat --rater NAME --round r2 --system NAME" "$(cat "$T/out")"
check_eq "alice's is c2's first turn, bob's c1's" "alice|c2|1
bob|c1|1" "$(sqlite3 p.db "SELECT ra.name, c.ext_id, t.position FROM assignment a JOIN round o ON o.id = a.round_id
	JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id
	JOIN conversation c ON c.id = t.conversation_id WHERE o.name = 'r2' ORDER BY ra.name")"

printf ':save-screen start\nenter\nF2\n' >"$T/script"
CONVQA_SCRIPT="$T/script" run "$CONVQA" chat --rater bob --round r2 --system bm25
check_eq "bob's chat starts from c1's first question" "0| > What is a lighthouse?" \
	"$rc|$(sed -n 23p "$T/screens/start")"
check_eq "the conversation says where it started" '{"live": {"rater": "bob", "system": "bm25", "round": "r2", "from": "c1"}}' \
	"$(sqlite3 p.db "SELECT metadata FROM conversation WHERE ext_id = 'live-bob-1'")"
CONVQA_SCRIPT="$T/script" run "$CONVQA" chat --rater bob --round r2 --system bm25
check_eq "then the round is done for bob" \
	"2|convqa: rater 'bob' has a live conversation from each of the 1 first questions of round 'r2': the round is done" \
	"$rc|$(cat "$T/err")"
check_run "--live needs --swap-from" 1 \
	"convqa round: --live goes with --swap-from ROUND (a live round starts from the first questions of ROUND)" \
	"$CONVQA" round create r3 --raters alice,bob --live
check_run "--round gives the first question" 1 \
	"convqa chat: --round gives the first question: leave out --first-question-from" \
	"$CONVQA" chat --rater bob --round r2 --system bm25 --first-question-from c1
done_testing
