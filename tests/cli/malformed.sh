#!/bin/sh
# Malformed task files: each is refused with an exact message, exit status 2,
# and the project file is byte-for-byte unchanged.
. "$CONVQA_TOP/tests/lib.sh"

$CONVQA init --db p.db >/dev/null
# something already in the project, for the conflict cases
cat >base.json <<'J'
{"format": "convqa-tasks", "version": 1,
 "collection": [{"id": "p1", "text": "Paris is the capital of France."}],
 "conversations": [{"id": "c1", "turns": [{"question": "capital of France?",
   "responses": [{"system": "s", "answer": "Paris", "passages": [{"rank": 1, "id": "p1", "score": 1.5}]}]}]}]}
J
$CONVQA import --db p.db -q base.json
cp p.db before.db
ORIGIN="imported from '$T/base.json' at $(sqlite3 p.db 'SELECT imported_at FROM import WHERE id = 1')"

# refuse NAME STATUS EXPECTED_STDERR : imports f.json (already written)
NOT_OURS=" (no format convqa reads was detected, so it was read as a convqa task file, schemas/tasks.schema.json: convqa formats lists the formats convqa reads, convqa import --format NAME FILE reads one; else convert the file to a task file, docs/formats.md)"
refuse() {
	run $CONVQA import --db p.db f.json
	if [ "$rc" = "$2" ] && [ "$(cat "$T/err")" = "$3" ] && cmp -s p.db before.db && [ ! -s "$T/out" ]; then
		ok "$1"
	else
		not_ok "$1" "expected status $2, stderr:" "$3" "actual status $rc, stderr:" "$(cat "$T/err")" \
			"project unchanged: $(cmp -s p.db before.db && echo yes || echo NO)"
	fi
}
# doc: wrap a conversations array in the file header
doc() { printf '{"format": "convqa-tasks", "version": 1, "conversations": %s}' "$1" >f.json; }
# turn: one conversation with the given turn objects
turns() { doc "[{\"id\": \"c2\", \"turns\": [$1]}]"; }
# resp: one turn with the given responses
resps() { turns "{\"question\": \"q?\", \"responses\": [$1]}"; }
P='$.conversations[0].turns[0]'

: >f.json
refuse "an empty file" 2 "f.json: empty file: expected a JSON document"
printf ' \n\t\n' >f.json
refuse "a file of whitespace" 2 "f.json: empty file: expected a JSON document"
printf '{"format": "convqa-tasks",}' >f.json
refuse "a trailing comma" 2 "f.json:1:27: syntax error: expected a string key, found '}'"
printf '{\n  "format" "convqa-tasks"}' >f.json
refuse "a missing colon" 2 "f.json:2:12: syntax error: expected ':' after the key, found '\"'"
printf '{"format": "convqa-tasks' >f.json
refuse "an unterminated string" 2 "f.json:1:12: syntax error: unterminated string"
printf '{"format": "convqa-tasks",\n "conversations": [\n' >f.json
refuse "an unclosed array" 2 "f.json:3:1: syntax error: unexpected end of file, the array opened at 2:19 is not closed"
printf '{"version": NaN}' >f.json
refuse "a NaN literal" 2 "f.json:1:13: syntax error: expected a value, found 'N'"
printf '{"version": 01}' >f.json
refuse "a number with a leading zero" 2 "f.json:1:13: syntax error: numbers must not have leading zeros"
printf '{"format": "conv\377"}' >f.json
refuse "invalid UTF-8 in a string" 2 "f.json:1:17: invalid UTF-8 in string"
printf '{"format": "a\000b"}' >f.json
refuse "a raw NUL byte" 2 "f.json:1:14: NUL byte in string: not allowed"
printf '{"format": "a\\u0000b"}' >f.json
refuse "an escaped NUL character" 2 'f.json:1:14: NUL character (\u0000) in string: not allowed'
printf '{"format": "a\\\000"}' >f.json
refuse "a backslash before a NUL byte" 2 "f.json:1:14: syntax error: invalid escape sequence in string"
printf '{"format": "a\tb"}' >f.json
refuse "a raw tab inside a string" 2 "f.json:1:14: syntax error: unescaped control character 0x09 in string"
printf '%0100d' 0 | tr 0 '[' >f.json
refuse "nesting 100 levels deep" 2 "f.json:1:65: nesting deeper than 64 levels: not supported"
printf '{"a": 1} x' >f.json
refuse "data after the document" 2 "f.json:1:10: syntax error: unexpected data after the JSON document"
printf '[]' >f.json
refuse "an array instead of an object: convqa imports its own task format" 2 \
	"f.json: \$: expected a convqa task file (an object), got an array$NOT_OURS"
printf '{"format": "qrecc", "version": 1, "conversations": [{"id": "c", "turns": [{"question": "q"}]}]}' >f.json
refuse "another format" 2 'f.json: $.format: expected "convqa-tasks", got "qrecc"'
printf '{"format": "convqa-tasks", "version": 2, "conversations": [{"id": "c", "turns": [{"question": "q"}]}]}' >f.json
refuse "a future version" 2 'f.json: $.version: expected 1 (the only version this convqa reads), got another number'
printf '{"format": "convqa-tasks", "version": 1}' >f.json
refuse "no conversations" 2 'f.json: $: missing required property "conversations"'
doc '[]'
refuse "an empty conversations array" 2 'f.json: $.conversations: expected at least 1 item, got none'
doc '[{"turns": [{"question": "q"}]}]'
refuse "a conversation without id" 2 'f.json: $.conversations[0]: missing required property "id"'
doc '[{"id": "", "turns": [{"question": "q"}]}]'
refuse "an empty conversation id" 2 'f.json: $.conversations[0].id: expected a non-empty string, got an empty string'
doc '[{"id": "c", "turns": []}]'
refuse "a conversation without turns" 2 'f.json: $.conversations[0].turns: expected at least 1 item, got none'
turns '{"rewrite": "r"}'
refuse "a turn without question" 2 "f.json: $P: missing required property \"question\""
turns '{"question": ""}'
refuse "an empty question" 2 "f.json: $P.question: expected a non-empty string, got an empty string"
turns '{"question": 42}'
refuse "a question that is a number" 2 "f.json: $P.question: expected a non-empty string, got a number"
turns '{"question": "q", "answer": "a"}'
refuse "an unknown property" 2 "f.json: $P.answer: unknown property (expected one of: n, question, rewrite, gold, responses, metadata)"
turns '{"question": "q", "question": "r"}'
refuse "a property given twice" 2 "f.json: $P.question: property given twice"
doc '[{"id": "c", "turns": [{"question": "q"}]}, {"id": "c", "turns": [{"question": "q"}]}]'
refuse "duplicate conversation ids" 2 'f.json: $.conversations[1]: duplicate conversation id "c" (also at $.conversations[0])'
turns '{"question": "q", "metadata": [1]}'
refuse "metadata that is not an object" 2 "f.json: $P.metadata: expected an object, got an array"
turns '{"question": "q", "gold": {"intent": "factoid"}}'
refuse "an unknown gold intent" 2 "f.json: $P.gold.intent: expected one of extractive, abstractive, boolean, got \"factoid\""
turns '{"question": "q", "gold": {"passages": ["p1", "p1"]}}'
refuse "a gold passage listed twice" 2 "f.json: $P.gold.passages[1]: \"p1\" is listed twice (also at [0])"
turns '{"question": "q", "gold": {"answers": "Paris"}}'
refuse "gold answers that are not a list" 2 "f.json: $P.gold.answers: expected an array, got a string"
resps '{"system": "s"}'
refuse "a response without answer" 2 "f.json: $P.responses[0]: missing required property \"answer\""
resps '{"system": "s", "answer": "a"}, {"system": "s", "answer": "b"}'
refuse "two responses of one system" 2 "f.json: $P.responses[1]: a second response of system \"s\" for this turn (also at responses[0])"
R="$P.responses[0].passages"
resps '{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "p1"}, {"rank": 1, "text": "t"}]}'
refuse "a duplicate rank" 2 "f.json: $R[1].rank: duplicate rank 1 in this response (also at passages[0])"
resps '{"system": "s", "answer": "a", "passages": [{"rank": 0, "id": "p1"}]}'
refuse "rank 0" 2 "f.json: $R[0].rank: expected an integer from 1 to 1000000000, got 0"
resps '{"system": "s", "answer": "a", "passages": [{"rank": -3, "id": "p1"}]}'
refuse "a negative rank" 2 "f.json: $R[0].rank: expected an integer from 1 to 1000000000, got -3"
resps '{"system": "s", "answer": "a", "passages": [{"rank": 1.5, "id": "p1"}]}'
refuse "a fractional rank" 2 "f.json: $R[0].rank: expected an integer from 1 to 1000000000, got 1.5"
resps '{"system": "s", "answer": "a", "passages": [{"rank": "1", "id": "p1"}]}'
refuse "a rank that is a string" 2 "f.json: $R[0].rank: expected an integer from 1 to 1000000000, got a string"
resps '{"system": "s", "answer": "a", "passages": [{"rank": 1e12, "id": "p1"}]}'
refuse "a huge rank" 2 "f.json: $R[0].rank: expected an integer from 1 to 1000000000, got 1000000000000"
resps '{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "p1"}, {"rank": 2, "id": "p1"}]}'
refuse "one passage at two ranks" 2 "f.json: $R[1]: passage \"p1\" is ranked twice in this response (also at passages[0])"
resps '{"system": "s", "answer": "a", "passages": [{"rank": 1, "text": "same"}, {"rank": 2, "text": "same"}]}'
refuse "one inline text at two ranks" 2 "f.json: $R[1]: passage \"sha256:0967115f2813a354\" is ranked twice in this response (also at passages[0])"
printf '\357\273\277{"a" 1}' >f.json
refuse "columns after a byte order mark count from the first character" 2 "f.json:1:6: syntax error: expected ':' after the key, found '1'"
resps '{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "p1", "score": "high"}]}'
refuse "a score that is a string" 2 "f.json: $R[0].score: expected a number, got a string"
resps '{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "p1", "score": 1e999}]}'
refuse "a score out of range" 2 "f.json: $R[0].score: expected a finite number, got a number out of range"
resps '{"system": "s", "answer": "a", "passages": [{"rank": 1, "score": 2}]}'
refuse "a ranked passage with neither id nor text" 2 "f.json: $R[0]: a ranked passage needs \"id\" (a passage of the collection) or \"text\" (an inline passage)"
resps '{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "p1", "title": "T"}]}'
refuse "a title on a passage given by id" 2 "f.json: $R[0]: \"title\" and \"url\" belong to inline passages (with \"text\"); give them in the collection entry of \"p1\""
resps '{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "p404"}]}'
refuse "an unknown passage id" 2 "f.json: $R[0].id: unknown passage \"p404\" (not in this file's collection nor in the project)"
printf '{"format": "convqa-tasks", "version": 1, "collection": [{"id": "x", "text": "a"}, {"id": "x", "text": "a"}], "conversations": [{"id": "c", "turns": [{"question": "q"}]}]}' >f.json
refuse "duplicate collection ids" 2 'f.json: $.collection[1]: duplicate passage id "x" (also at $.collection[0])'
resps '{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "z", "text": "one"}]}, {"system": "t", "answer": "a", "passages": [{"rank": 1, "id": "z", "text": "two"}]}'
refuse "one inline id with two texts" 2 "f.json: $P.responses[1].passages[0]: passage \"z\" has a different text at $R[0]"
printf '{"format": "convqa-tasks", "version": 1, "collection": [{"id": "p1", "text": "Paris is in France."}], "conversations": [{"id": "c9", "turns": [{"question": "q"}]}]}' >f.json
refuse "a passage id already in the project with another text" 2 "f.json: $.collection[0]: passage \"p1\" conflicts with the one $ORIGIN: its text differs"
doc '[{"id": "c1", "turns": [{"question": "capital of Spain?"}]}]'
refuse "a turn already in the project with another question" 2 "f.json: $.conversations[0].turns[0]: turn 1 of conversation \"c1\" conflicts with the one $ORIGIN: its question differs"
printf '{"format": "convqa-tasks", "version": 1, "conversations": [{"id": "c1", "turns": [{"question": "capital of France?", "responses": [{"system": "s", "answer": "Paris", "passages": [{"rank": 1, "id": "p1", "score": 2.5}]}]}]}]}' >f.json
refuse "a response already in the project with other scores" 2 "f.json: $.conversations[0].turns[0].responses[0]: response of system \"s\" conflicts with the one $ORIGIN: its passage scores differ"

printf '{"format": "\\u001b[31mred\\u001b]0;title\\u0007", "version": 1, "conversations": []}' >f.json
run $CONVQA import --db p.db f.json
if [ "$rc" = 2 ] && ! grep -q "$(printf '\033')" "$T/err" && ! grep -q "$(printf '\007')" "$T/err" &&
	grep -qF 'got "^[[31mred^[]0;title^G"' "$T/err"; then ok "escape sequences from the file are shown inert in messages"; else
	not_ok "escape sequences reach the terminal" "$(cat -v "$T/err")"; fi
run $CONVQA import --db p.db missing.json
check_eq "a missing file exits 4 with the reason" "4|convqa: cannot open 'missing.json': No such file or directory" "$rc|$(cat "$T/err")"
mkdir adir
run $CONVQA import --db p.db adir
check_eq "a directory exits 4" "4|convqa: cannot read 'adir': is a directory" "$rc|$(cat "$T/err")"
if cmp -s p.db before.db; then ok "the project is unchanged after all refusals"; else not_ok "the project changed"; fi
done_testing
