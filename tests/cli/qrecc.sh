#!/bin/sh
# QReCC and the SCAI-QReCC 2021 files (src/formats/import_qrecc.c,
# import_scai.c): a QReCC file imports with its conversations named by
# their numbers and its turns by Turn_no (gaps kept), records in any order;
# the shared task's ground truth attaches to those turns (or adds turns
# without question text); a run attaches its answers, its passages ranked
# as trec_eval ranks them (score, then passage id descending) and its
# rewrites; the report gives each system's rewrite ROUGE-1 recall against
# the turns' rewrites. Bad records are refused with FILE: $[i].Field, all
# or nothing. The fixtures (tests/fixtures/qrecc/) are small files written
# for the project in the shapes of the real ones.
. "$CONVQA_TOP/tests/lib.sh"
D="$FIXTURES/qrecc"
export CONVQA_NOW=2026-01-02T03:04:05Z

$CONVQA init --db p.db >/dev/null
# ---- qrecc ---------------------------------------------------------------------
run $CONVQA import --db p.db "$D/qrecc.json"
check_eq "a QReCC file is detected and imports: conversations and turns counted" \
	"0|$D/qrecc.json: added 3 conversations, 7 turns, 0 responses, 0 passages, 0 systems|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
check_eq "conversations are named by their numbers, turns numbered by Turn_no (gaps kept), in order" \
	"12|1|Who was Ada Lovelace?
12|3|What did she write about the engine?
30|1|when was the eiffel tower built
30|2|how tall is it
7|1|What are the pros and cons of electric cars?
7|2|Tell me more about Tesla
7|4|Who founded it?" \
	"$(sqlite3 p.db "SELECT c.ext_id, t.position, t.question FROM turn t JOIN conversation c ON c.id = t.conversation_id
		ORDER BY c.ext_id, t.position")"
check_eq "Rewrite is the turn's rewrite, Answer its gold answer (none when empty), Answer_URL and Conversation_source its metadata" \
	"Tell me more about Tesla the car company.|Tesla Inc. is an American automotive and energy company based in Palo Alto, California.|{\"Answer_URL\":\"https://en.wikipedia.org/wiki/Tesla,_Inc.\",\"Conversation_source\":\"trec\"}
Who founded Tesla Inc.?||{\"Conversation_source\":\"trec\"}" \
	"$(sqlite3 p.db "SELECT t.rewrite, coalesce(g.text, ''), t.metadata FROM turn t JOIN conversation c ON c.id = t.conversation_id
		LEFT JOIN gold_answer g ON g.turn_id = t.id WHERE c.ext_id = '7' AND t.position IN (2, 4) ORDER BY t.position")"
run $CONVQA import --db p.db --format qrecc "$D/qrecc.json"
check_eq "importing it again adds nothing" \
	"0|$D/qrecc.json: nothing new (its 3 conversations, 7 turns, 0 responses, 0 passages, 0 systems are in the project already)" \
	"$rc|$(cat "$T/out")"
cp p.db qrecc.db

# ---- refusals --------------------------------------------------------------------
# refused DESCRIPTION STATUS STDERR [OPTIONS]: f.json is refused with this message, the project unchanged
refused() {
	_d=$1 _s=$2 _e=$3; shift 3
	run $CONVQA import --db p.db "$@" f.json
	if [ "$rc" = "$_s" ] && [ "$(cat "$T/err")" = "$_e" ] && cmp -s p.db qrecc.db && [ ! -s "$T/out" ]; then
		ok "$_d"
	else
		not_ok "$_d" "expected status $_s, stderr:" "$_e" "actual status $rc, stderr:" "$(cat "$T/err")" \
			"project unchanged: $(cmp -s p.db qrecc.db && echo yes || echo NO)"
	fi
}
rec() { printf '{"Conversation_no": %s, "Turn_no": %s, "Question": %s}' "$1" "$2" "$3"; }
printf '[%s,\n %s]\n' "$(rec 90 1 '"q1"')" "$(rec 90 2 42)" >f.json
refused "a wrong type names the record and the field" 2 \
	'f.json: $[1].Question: expected a non-empty string, got a number'
printf '[%s,\n {"Conversation_no": 90, "Question": "q"}]\n' "$(rec 90 1 '"q1"')" >f.json
refused "a missing Turn_no" 2 'f.json: $[1]: missing required property "Turn_no"'
printf '[%s, %s, %s]\n' "$(rec 91 1 '"q1"')" "$(rec 91 2 '"q2"')" "$(rec 91 1 '"q1 again"')" >f.json
refused "two records of one turn name both" 2 'f.json: $[2]: Turn_no 1 of Conversation_no 91 is given twice (also at $[0])'
printf '[%s, %s, %s]\n' "$(rec 92 0 '"q"')" "$(rec '"92"' 1.5 '"q"')" "$(rec -1 '"2"' '"q"')" >f.json
refused "numbers: Turn_no from 1, Conversation_no from 0, integers only" 2 \
	'f.json: $[0].Turn_no: expected an integer from 1 to 2147483647, got 0
f.json: $[1].Conversation_no: expected an integer from 0 to 999999999999999, got a string
f.json: $[1].Turn_no: expected an integer from 1 to 2147483647, got 1.5
f.json: $[2].Conversation_no: expected an integer from 0 to 999999999999999, got -1
f.json: $[2].Turn_no: expected an integer from 1 to 2147483647, got a string'
printf '[{"Conversation_no": 93, "Turn_no": 1, "Question": "q", "Context": ["a", 2], "Rewrite": null, "Answr": "x"}]\n' >f.json
refused "an unknown key and a Context that is not a list of strings" 2 \
	'f.json: $[0].Answr: unknown property (expected one of: Conversation_no, Turn_no, Question, Rewrite, Answer, Answer_URL, Context, Conversation_source)
f.json: $[0].Context[1]: expected a string, got a number' --format qrecc
printf '{"Conversation_no": 1, "Turn_no": 1, "Question": "q"}\n' >f.json
refused "a document that is not an array" 2 \
	'f.json: $: expected an array of QReCC turns (objects with Conversation_no, Turn_no, Question), got an object' --format qrecc
printf '[%s,\n %s\n' "$(rec 94 1 '"q1"')" "$(rec 94 2 '"q2"')" >f.json
refused "a syntax error has its line and column" 2 \
	'f.json:3:1: syntax error: unexpected end of file, the array opened at 1:1 is not closed'
printf '[%s, %s]\n' "$(rec 95 1 '"q1"')" "$(rec 7 2 '"Tell me about Tesla"')" >f.json
refused "all or nothing: a record that conflicts with the project refuses the file" 2 \
	"f.json: \$[1]: turn 2 of conversation \"7\" conflicts with the one imported from '$D/qrecc.json' at 2026-01-02T03:04:05.000Z: its question differs"
printf '[%s, %s]\n' "$(rec 96 1 '"q1"')" "$(rec 96 1 '"q2"')" >f.json
CONVQA_MAX_JSON_VALUES=4 refused "the value limit is one record's: records of four values fit" 2 \
	'f.json: $[1]: Turn_no 1 of Conversation_no 96 is given twice (also at $[0])'
CONVQA_MAX_JSON_VALUES=3 refused "a record over the value limit" 4 \
	'convqa: f.json:1:52: more than 3 JSON values, the limit set by CONVQA_MAX_JSON_VALUES'

done_testing
