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
	'f.json: $[0].Turn_no: expected an integer from 1 to 1000000, got 0
f.json: $[1].Conversation_no: expected an integer from 0 to 999999999999999, got a string
f.json: $[1].Turn_no: expected an integer from 1 to 1000000, got 1.5
f.json: $[2].Conversation_no: expected an integer from 0 to 999999999999999, got -1
f.json: $[2].Turn_no: expected an integer from 1 to 1000000, got a string'
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

# ---- scai-truth ----------------------------------------------------------------
cp qrecc.db p.db
run $CONVQA import --db p.db "$D/ground-truth.json"
check_eq "the ground truth is detected and attaches to the QReCC turns; a turn QReCC lacks is added; its passages" \
	"0|$D/ground-truth.json: added 1 conversation, 1 turn, 0 responses, 5 passages, 0 systems; filled in missing data of 3 of its entries (in the project already: 3 conversations, 1 turn)|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
check_eq "the turns keep their questions and get their gold passages; the new turn has no question text" \
	"12|3|What did she write about the engine?|http://web.archive.org/web/2019/https://en.wikipedia.org/wiki/Ada_Lovelace_p2
30|2|how tall is it|https://example.org/eiffel_p1
41|1||https://example.org/basel_p0
7|2|Tell me more about Tesla|https://example.org/tesla_p0 https://example.org/tesla_p3
7|4|Who founded it?|" \
	"$(sqlite3 p.db "SELECT c.ext_id, t.position, coalesce(t.question, ''), coalesce((SELECT group_concat(passage_ext, ' ')
		FROM (SELECT passage_ext FROM gold_passage g WHERE g.turn_id = t.id ORDER BY passage_ext)), '')
		FROM turn t JOIN conversation c ON c.id = t.conversation_id
		WHERE c.ext_id = '41' OR t.position > 1 AND c.ext_id <> '12' OR t.position = 3 ORDER BY c.ext_id, t.position")"
check_eq "the new turn has the rewrite and gold answer of the truth" \
	"Which river flows through Basel?|The Rhine." \
	"$(sqlite3 p.db "SELECT t.rewrite, g.text FROM turn t JOIN conversation c ON c.id = t.conversation_id
		JOIN gold_answer g ON g.turn_id = t.id WHERE c.ext_id = '41'")"
run $CONVQA import --db p.db "$D/ground-truth.json"
check_eq "importing the truth again adds nothing" \
	"0|$D/ground-truth.json: nothing new (its 4 conversations, 5 turns, 0 responses, 5 passages, 0 systems are in the project already)" \
	"$rc|$(cat "$T/out")"
cp p.db truth.db
$CONVQA init --db q.db >/dev/null
$CONVQA import --db q.db -q "$D/ground-truth.json"
run $CONVQA import --db q.db "$D/qrecc.json"
check_eq "QReCC after the truth fills in the questions" \
	"0|$D/qrecc.json: added 0 conversations, 3 turns, 0 responses, 0 passages, 0 systems; filled in missing data of 4 of its entries (in the project already: 3 conversations)|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"

# ---- scai-run ------------------------------------------------------------------
run $CONVQA import --db p.db "$D/run.json"
check_eq "a run is one system's: detected, it asks for --format scai-run --system" \
	"2|$D/run.json: a SCAI-QReCC run, which is one system's: import it with --format scai-run --system NAME" \
	"$rc|$(cat "$T/err")"
run $CONVQA import --db p.db --format scai-run --system rewriter "$D/run.json"
check_eq "a run imports as the responses of the system named, its passages known by id" \
	"0|$D/run.json: added 0 conversations, 0 turns, 5 responses, 2 passages, 1 system (in the project already: 4 conversations, 5 turns, 3 passages)|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
check_eq "Model_passages is ranked by score, a tie by passage id descending (trec_eval), scores kept" \
	"1|https://example.org/tesla_p3|0.9
2|https://example.org/tesla_p0|0.5
3|https://example.org/ev_p1|0.5
4|https://example.org/ev_p0|0.5" \
	"$(sqlite3 p.db "SELECT r.rank, p.ext_id, r.score FROM retrieved r JOIN passage p ON p.id = r.passage_id
		JOIN response s ON s.id = r.response_id JOIN turn t ON t.id = s.turn_id JOIN conversation c ON c.id = t.conversation_id
		WHERE c.ext_id = '7' AND t.position = 2 ORDER BY r.rank")"
check_eq "the answer, the system's rewrite and the evidence (metadata) of each response" \
	"12|3|Notes on an algorithm for Bernoulli numbers.|||1
30|2|330 metres|how tall is the eiffel tower||0
41|1|The Rhine|||0
7|2|Tesla is an American car company.|Tell me more about Tesla|{\"Model_evidence\":{\"passage_id\":\"https://example.org/tesla_p3\",\"text\":\"Tesla Inc. is an American automotive company\"}}|4
7|4|Elon Musk|Who founded Tesla?||0" \
	"$(sqlite3 p.db "SELECT c.ext_id, t.position, s.answer, coalesce(s.rewrite, ''), coalesce(s.metadata, ''),
		(SELECT count(*) FROM retrieved r WHERE r.response_id = s.id) FROM response s JOIN turn t ON t.id = s.turn_id
		JOIN conversation c ON c.id = t.conversation_id ORDER BY c.ext_id, t.position")"
check_eq "the passages of the truth and the run are known by id only" "7|0" \
	"$(sqlite3 p.db "SELECT count(*), count(text) FROM passage")"
run $CONVQA import --db p.db --format scai-run --system rewriter "$D/run.json"
check_eq "importing the run again adds nothing" \
	"0|$D/run.json: nothing new (its 4 conversations, 5 turns, 5 responses, 5 passages, 1 system are in the project already)" \
	"$rc|$(cat "$T/out")"
run $CONVQA import --db p.db --format scai-run --system answers-only "$D/run-answers.json"
check_eq "a run of answers only (as the shared task's gpt3 run)" \
	"0|$D/run-answers.json: added 0 conversations, 0 turns, 2 responses, 0 passages, 1 system (in the project already: 1 conversation, 2 turns)" \
	"$rc|$(cat "$T/out")"
cp p.db run.db

# ---- --collection: the texts of the passages known by id ------------------------------
cp truth.db c.db
run $CONVQA import --db c.db --format scai-run --system rewriter --collection "$D/passages.jsonl" "$D/run.json"
check_eq "with --collection the passages known by id get their texts (the run's and the truth's); those it lacks stay so" \
	"0|$D/run.json: added 0 conversations, 0 turns, 5 responses, 2 passages, 1 system; filled in missing data of 3 of its entries (in the project already: 4 conversations, 5 turns, 1 passage); 4 passages not in the collection, kept by id only|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
check_eq "the texts and titles the collection gives, nothing of the passages it names besides" \
	"https://example.org/eiffel_p1||The tower is 330 metres tall.
https://example.org/tesla_p0||Tesla was founded in 2003.
https://example.org/tesla_p3|Tesla, Inc.|Tesla, Inc. is an American automotive and clean energy company." \
	"$(sqlite3 c.db "SELECT ext_id, coalesce(title, ''), coalesce(text, '') FROM passage WHERE ext_id LIKE '%tesla%' OR ext_id LIKE '%eiffel%' ORDER BY ext_id")"
check_eq "no passage the project does not name" "0" "$(sqlite3 c.db "SELECT count(*) FROM passage WHERE ext_id LIKE '%unrelated%'")"

cp qrecc.db c.db
run $CONVQA import --db c.db --format scai-truth --collection "$D/passages.jsonl" "$D/ground-truth.json"
check_eq "the truth takes --collection too: its gold passages get their texts" \
	"0|2 https://example.org/eiffel_p1 https://example.org/tesla_p0 https://example.org/tesla_p3" \
	"$rc|$(sqlite3 c.db "SELECT count(*) FROM passage WHERE text IS NULL") $(sqlite3 c.db "SELECT group_concat(ext_id, ' ')
		FROM (SELECT ext_id FROM passage WHERE text IS NOT NULL ORDER BY ext_id)")"

# ---- the report: rewrite ROUGE-1 recall -----------------------------------------
# By hand, over the SQuAD tokens, on the turns after the first with a rewrite:
#   7/2  "tell me more about tesla" of "tell me more about tesla car company" 5/7
#   7/4  "who founded tesla" of "who founded tesla inc"                       3/4
#   12/3 no rewrite                                                           0
#   30/2 "how tall is eiffel tower" of the same                               1
#   (41/1 is a first turn)  mean (5/7 + 3/4 + 0 + 1) / 4 = 0.61607
run $CONVQA report --db p.db --format json --only automatic
check_eq "the report gives each rewriting system's ROUGE-1 recall of its rewrites, over 4 turns" \
	"rewriter 0.6161 4" \
	"$(python3 -c 'import json, sys
for r in json.load(open(sys.argv[1]))["sections"]["automatic"]["tables"]["rewrites"]["rows"]:
    print(r["group"], "%.4f" % r["cells"]["rouge1_r"]["value"], r["n"])' "$T/out")"
run $CONVQA report --db p.db --only automatic
check_eq "the text report has the table, the system that gave no rewrite has no row" \
	"  Rewrites against the turns' rewrites
  system    items  ROUGE-1 R
  rewriter      4      0.616" "$(grep -A2 "^  Rewrites against" "$T/out")"

# ---- refusals of the SCAI files -----------------------------------------------------
cp qrecc.db p.db
printf '[{"Conversation_no": 7, "Turn_no": 2, "Truth_rewrite": 3, "Truth_passages": ["a", "", "a"]}]\n' >f.json
refused "truth: a wrong type, an empty passage id, a passage id twice" 2 \
	'f.json: $[0].Truth_rewrite: expected a string, got a number
f.json: $[0].Truth_passages[1]: expected a non-empty string, got an empty string
f.json: $[0].Truth_passages[2]: passage "a" is given twice (also at [0])'
printf '[{"Conversation_no": 7, "Turn_no": 2, "Truth_rewrite": "Tell me more about Tesla cars"}]\n' >f.json
refused "truth: a rewrite other than the turn's conflicts" 2 \
	"f.json: \$[0]: turn 2 of conversation \"7\" conflicts with the one imported from '$D/qrecc.json' at 2026-01-02T03:04:05.000Z: its rewrite differs"
printf '[{"Conversation_no": 7, "Turn_no": 2, "Model_passages": {"a": "high", "": 1, "b": 1e999}, "Model_evidence": "x"},\n {"Conversation_no": 7, "Model_answer": "a"},\n {"Conversation_no": 7, "Turn_no": 2, "Model_answer": "b"}]\n' >f.json
refused "run: a score not a number, an empty id, evidence not an object, a missing Turn_no, a turn twice" 2 \
	'f.json: $[0].Model_passages.a: expected a score (a number), got a string
f.json: $[0].Model_passages[""]: expected a passage id, got an empty key
f.json: $[0].Model_passages.b: expected a score (a number), got a number out of range
f.json: $[0].Model_evidence: expected an object (passage_id, text), got a string
f.json: $[1]: missing required property "Turn_no"
f.json: $[2]: Turn_no 2 of Conversation_no 7 is given twice (also at $[0])' --format scai-run --system s
printf '[{"Conversation_no": 7, "Turn_no": 2, "Model_passages": {"a": 1, "a": 2}}]\n' >f.json
refused "run: a passage id twice in one record" 2 'f.json: $[0].Model_passages.a: passage id given twice' \
	--format scai-run --system s
printf '[{"Conversation_no": 80, "Turn_no": 1, "Model_answer": "a"}, {"Conversation_no": 7, "Turn_no": 2, "Model_rewrite": "x", "Model_answer": "b"}]\n' >f.json
cp run.db p.db
cp run.db qrecc.db
refused "all or nothing: a run whose second conversation conflicts adds nothing of the first" 2 \
	"f.json: \$[1]: response of system \"rewriter\" conflicts with the one imported from '$D/run.json' at 2026-01-02T03:04:05.000Z: its answer differs" \
	--format scai-run --system rewriter
run $CONVQA import --db p.db --format scai-run "$D/run.json"
check_eq "--format scai-run without --system" \
	"2|$D/run.json: a SCAI-QReCC run, which is one system's: import it with --format scai-run --system NAME" \
	"$rc|$(cat "$T/err")"
run $CONVQA import --db p.db --format scai-run --system ' bm25' "$D/run.json"
check_eq "a system name convqa does not take" \
	"1|convqa: --system ' bm25': the system name begins or ends with a space" "$rc|$(cat "$T/err")"
if cmp -s p.db run.db; then ok "the project is unchanged after the refusals"; else not_ok "the project changed"; fi

done_testing
