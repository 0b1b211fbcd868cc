#!/bin/sh
# A live round (round create --swap-from R1 --live): each rater gets the
# first turn of each conversation the other rater had in R1, once; convqa
# chat --round fills in the next of those first questions, records where
# the conversation started from (its metadata: round, from), and says when
# the rater has started from every one. --live needs --swap-from; --round
# does not go with --first-question-from and wants a live round. The live
# turns are the rater's items of the round (the first in place of its first
# question) and their labels belong to it; round show says the round is
# live and counts each rater's first questions used and left; round list
# marks it. Agreement compares the live turns of two raters that are the
# same (from the same first question, the same position, question, answer
# and ranked passages) and leaves out the others, saying how many.
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

check_eq "round list marks the live round" "r1 -
r2 (live)" "$("$CONVQA" round list | awk 'NR > 1 { print $1, ($NF == "(live)" ? $NF : "-") }')"
check_run "chat --round wants a live round" 2 \
	"convqa: round 'r1' is not a live round: its raters judge with convqa annotate --round r1 (a live round: convqa round create NAME --swap-from ROUND --live)" \
	"$CONVQA" chat --rater bob --round r1 --system bm25

# bob chats one turn from c1's first question, then judges it (q closes
# the guidelines, c: the answer is correct): in the round
printf ':save-screen start\nenter\nF2\nq\nc\n' >"$T/script"
CONVQA_SCRIPT="$T/script" run "$CONVQA" chat --rater bob --round r2 --system bm25
check_eq "bob's chat starts from c1's first question" "0| > What is a lighthouse?" \
	"$rc|$(sed -n 23p "$T/screens/start")"
check_eq "the conversation says where it started" '{"live": {"rater": "bob", "system": "bm25", "round": "r2", "from": "c1"}}' \
	"$(sqlite3 p.db "SELECT metadata FROM conversation WHERE ext_id = 'live-bob-1'")"
check_eq "its turn is bob's item of the round, in place of the first question" "alice|c2|1
bob|live-bob-1|1" "$(sqlite3 p.db "SELECT ra.name, c.ext_id, t.position FROM assignment a JOIN round o ON o.id = a.round_id
	JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id
	JOIN conversation c ON c.id = t.conversation_id WHERE o.name = 'r2' ORDER BY ra.name")"
check_eq "bob's label of the live turn belongs to the round" "r2|live-bob-1|answer_correct|1" \
	"$(sqlite3 p.db "SELECT o.name, c.ext_id, l.field, l.value FROM label l JOIN round o ON o.id = l.round_id
	JOIN response r ON r.id = l.response_id JOIN turn t ON t.id = r.turn_id
	JOIN conversation c ON c.id = t.conversation_id JOIN rater ra ON ra.id = l.rater_id WHERE ra.name = 'bob'")"
run "$CONVQA" report --round r2 --format json
check_eq "the round's report counts bob's label" "0|1" \
	"$rc|$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["meta"]["label_rows"])' "$T/out" 2>&1)"
run "$CONVQA" round show r2
check_eq "round show: live, each rater's first questions used and left" \
"live round, swapped from round r1: raters converse from its first questions (convqa chat --round r2), their turns the items
first questions (live conversations started from them):
  rater              used   left
  alice                 0      1
  bob                   1      0" "$(sed -n '3p;/^first questions/,$p' "$T/out")"
check_eq "round show: bob has 1 item, his live turn" "  bob                   0 / 1" "$(grep '^  bob ' "$T/out" | head -n 1 | cut -c1-29)"
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

# ---- agreement over the live turns that are the same (docs/study.md) ----
# alice and bob both start from c1's first question (alice's first
# question is set to c1's by hand: a swap gives each first question to one
# rater), ask the same next two questions and then different ones; the
# built-in bm25 answers equal questions equally. Their answer_correct
# labels on the 3 equal turns: alice 1 1 0, bob 1 0 0, so p_o = 2/3,
# p_e = 2/3 * 1/3 + 1/3 * 2/3 = 4/9, kappa = (2/3 - 4/9) / (5/9) = 0.4;
# the 2 turns that differ (alice 1, bob 0 on both) are left out.
export CONVQA_DB=q.db
ui_project q.db "$CONVQA_TOP/tests/ui/fixtures/small.json"
"$CONVQA" rater add alice >/dev/null && "$CONVQA" rater add bob >/dev/null
"$CONVQA" round create r1 --raters alice,bob >/dev/null
"$CONVQA" round create r2 --raters alice,bob --swap-from r1 --live >/dev/null
sqlite3 q.db "UPDATE assignment SET response_id = (SELECT r.id FROM response r JOIN turn t ON t.id = r.turn_id
	JOIN conversation c ON c.id = t.conversation_id WHERE c.ext_id = 'c1' AND t.position = 1 ORDER BY r.id LIMIT 1)
	WHERE round_id = (SELECT id FROM round WHERE name = 'r2') AND rater_id = (SELECT id FROM rater WHERE name = 'alice')"
for who in alice bob; do
	printf 'enter\n:type How tall is it?\nenter\n:type Who kept the lamp?\nenter\n:type fresnel lens %s\nenter\n:type rings of glass %s\nenter\nF2\n' \
		$who $who >"$T/script"
	CONVQA_SCRIPT="$T/script" run "$CONVQA" chat --rater $who --round r2 --system bm25
	check_eq "$who's chat: 5 turns" "0|chat: 5 turns stored as conversation live-$who-1" "$rc|$(cat "$T/out")"
done
n=0
for v in 1 1 0 1 1 1 0 0 0 0; do
	n=$((n + 1)) who=alice pos=$n
	[ $n -gt 5 ] && who=bob pos=$((n - 5))
	"$CONVQA" label --rater $who --round r2 -c live-$who-1 -n $pos -s bm25 answer_correct $v >/dev/null
done
run "$CONVQA" agreement --round r2 --field answer_correct
check_eq "kappa over the 3 equal turns; the 4 others single" "answer_correct      3       2       4
alice / bob      3  0.667  0.444  0.400" "$(grep -E '^  (answer_correct  |alice / bob)' "$T/out" | cut -c3-43 | sed 's/ *$//')"
check_eq "the rule and what it left out are said" \
	"the same; every other live turn is compared with none. Compared: 3 units (6 judged turns); left out: 4 judged live turns with no such twin." \
	"$(tr '\n' ' ' <"$T/out" | sed 's/  */ /g; s/.*ranked passages are //; s/ *$//')"
run "$CONVQA" agreement --round r1
check_eq "no live turn in the selection: no such note" "0|0" "$rc|$(grep -c 'Live rounds' "$T/out")"
done_testing
