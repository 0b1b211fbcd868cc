#!/bin/sh
# convqa round create --where EXPR: items selected by an expression over
# imported scores, automatic metrics and the depth (include/convqa/expr.h,
# round_where.h), e.g. where two automatic judges disagree. The fixture
# (tests/fixtures/scores): gptscore A 0.9 0.6 0.3, B 0.2 0.4 0.8 on c1 1,
# c1 2, c2 1; EM against the gold: A 1 0 0 ("in 1889" is not "1889"),
# B 0 0 1; fuzzy inclusion (0.8): A 1 1 0, B 0 0 1 ("1789" is 0.75 of
# "1889"); llm (judge.jsonl) only for A c1 1 (1), B c1 1 (0.5), B c2 1 (1).
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
F="$FIXTURES/scores"
$CONVQA init >/dev/null
$CONVQA import -q "$F/tasks.json"
$CONVQA rater add alice >/dev/null
cp "$F/judge.csv" "$F/judge.jsonl" .
$CONVQA import-scores judge.csv --column gptscore,sas >/dev/null
$CONVQA import-scores judge.jsonl --column llm_judge --as llm >/dev/null
items() {   # ROUND: its items as "CONVERSATION TURN SYSTEM", sorted
	sqlite3 "$T/p.db" "SELECT c.ext_id || ' ' || t.position || ' ' || s.name FROM assignment a
		JOIN round r ON r.id = a.round_id JOIN response p ON p.id = a.response_id
		JOIN turn t ON t.id = p.turn_id JOIN conversation c ON c.id = t.conversation_id
		JOIN system s ON s.id = p.system_id WHERE r.name = '$1' ORDER BY 1" | paste -sd,
}

# |gptscore - em|: A .1 .6 .3, B .2 .4 .2
run $CONVQA round create r1 --raters alice --by item --where 'abs(gptscore - em) > 0.5'
check_eq "a score against a metric: only A c1 2" "0|c1 2 A" "$rc|$(items r1)"
check_grep "every item had the values" "^--where: every item had the values the expression reads" "$T/out"
run $CONVQA round create r2 --raters alice --by item --where 'abs(gptscore-em)>0.25 and not depth = 1'
check_eq "and, not, depth; no spaces needed" "0|c1 2 A,c1 2 B" "$rc|$(items r2)"
# |gptscore - fuzzy|: A .1 .4 .3, B .2 .4 .2
run $CONVQA round create r3 --raters alice --by item --where 'gold,abs(gptscore - fuzzy) > 0.35 or sas * 2 >= 2'
check_eq "fuzzy, or, arithmetic, beside the old conditions" "0|c1 2 A,c1 2 B,c2 1 B" "$rc|$(items r3)"

# a response without a named score is not selected, and counted
run $CONVQA round create r4 --raters alice --by item --where 'llm >= 1 or gptscore > 0.5'
check_eq "lacking llm: left out even where gptscore would do" "0|c1 1 A,c2 1 B" "$rc|$(items r4)"
check_grep "how many lacked it" "^--where: 3 items lacked a value the expression reads: not selected (llm 3)" "$T/out"
run $CONVQA round create r5 --raters alice --by item --where 'llm < 0'
check_eq "none selected: refused, saying how many lacked a value" \
	"2|convqa: no items to put in round 'r5': none meets --where (3 lacked a value it reads: not selected)" \
	"$rc|$(cat "$T/err")"

# errors name the position; nothing reaches SQL
before=$(sqlite3 "$T/p.db" "SELECT count(*) FROM round")
run $CONVQA round create r6 --raters alice --where 'abs(gptscore - nope) > 0.3'
check_eq "an unknown name: its position, the scores and metrics there are" \
	"2|convqa: --where: position 16: no imported score or metric 'nope' (imported scores: gptscore, llm, sas; metrics: depth, em, f1, scai_em, bleu1, rouge1_r, rouge_l, fuzzy)" \
	"$rc|$(cat "$T/err")"
run $CONVQA round create r6 --raters alice --where "gold,gptscore > 0.5' OR 1=1 --"
check_eq "SQL is text that does not parse" \
	"1|convqa round: --where: position 20: expected an operator (+ - * / < <= > >= = != and or), at '' OR 1=1 --'" \
	"$rc|$(cat "$T/err")"
run $CONVQA round create r6 --raters alice --where 'abs(gptscore - em)'
check_eq "a number is no condition" \
	"1|convqa round: --where: position 1: a number where a condition is expected (compare it: ... > 0.5), at 'abs(gptscore - em)'" \
	"$rc|$(cat "$T/err")"
run $CONVQA round create r6 --raters alice --where 'em > 0.5,f1 > 0.5'
check_eq "one expression at most" \
	"1|convqa round: --where: position 10: one expression at most (join conditions with and)" \
	"$rc|$(cat "$T/err")"
run $CONVQA round create r6 --raters alice --where 'depth<=x'
check_grep "the old conditions keep their messages" "needs a turn depth from 1" "$T/err"
check_eq "no round was made by a refusal" "$before" "$(sqlite3 "$T/p.db" "SELECT count(*) FROM round")"
done_testing
