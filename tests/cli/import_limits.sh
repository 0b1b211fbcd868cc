#!/bin/sh
# The most JSON values a task file may have (memory): over the limit a file
# is refused before its tree is built, with the position of the first value
# past the limit and how to raise it; exit status 4, the project unchanged.
. "$CONVQA_TOP/tests/lib.sh"

$CONVQA init --db p.db >/dev/null
cp p.db before.db
# 9 values: the object, "convqa-tasks", 1, the conversations array, the
# conversation, "c", the turns array, the turn, "q" (keys are no values)
printf '{"format": "convqa-tasks", "version": 1,\n "conversations": [{"id": "c", "turns": [{"question": "q"}]}]}' >f.json

CONVQA_MAX_JSON_VALUES=8 run $CONVQA import --db p.db f.json
check_eq "a file with more values than CONVQA_MAX_JSON_VALUES is refused at the first value past it" \
	"4|convqa: f.json:2:55: more than 8 JSON values, the limit set by CONVQA_MAX_JSON_VALUES|" \
	"$rc|$(cat "$T/err")|$(cat "$T/out")"
if cmp -s p.db before.db; then ok "the refused file leaves the project unchanged"; else
	not_ok "the refused file leaves the project unchanged"; fi

CONVQA_MAX_JSON_VALUES=9 run $CONVQA import --db p.db -q f.json
check_eq "a file with as many values as the limit is imported" "0|" "$rc|$(cat "$T/err")"

CONVQA_MAX_JSON_VALUES=3 run sh -c "cat f.json | $CONVQA import --db p.db -"
check_eq "the limit names standard input too" \
	"4|convqa: standard input:2:19: more than 3 JSON values, the limit set by CONVQA_MAX_JSON_VALUES" \
	"$rc|$(cat "$T/err")"

for bad in 0 -5 lots 1e9; do
	CONVQA_MAX_JSON_VALUES=$bad run $CONVQA import --db p.db f.json
	check_eq "CONVQA_MAX_JSON_VALUES=$bad is a usage error" \
		"1|convqa: CONVQA_MAX_JSON_VALUES must be a positive whole number of JSON values, not '$bad'" \
		"$rc|$(cat "$T/err")"
done

# without the variable the limit comes from the memory left: a small file is far below it
CONVQA_MAX_JSON_VALUES= run $CONVQA import --db p.db f.json
check_eq "without the variable a small file imports" "0|f.json: nothing new (its 1 conversation, 1 turn, 0 responses, 0 passages, 0 systems are in the project already)" \
	"$rc|$(cat "$T/out")"
done_testing
