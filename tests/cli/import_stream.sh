#!/bin/sh
# A JSONL file is written into the project a line at a time (an import sink,
# src/formats/import_sink.c) and still all or nothing: a problem on a later
# line leaves nothing of the earlier lines, the reader's own problems come
# before the project's refusal whatever their lines, and a passage may be
# named on a line before the line that gives its text. The passages' full-text
# index, filled once at the end of an import, finds what every import added
# or filled in, and passages added later are indexed as before.
. "$CONVQA_TOP/tests/lib.sh"

$CONVQA init --db p.db >/dev/null
$CONVQA import --db p.db "$CONVQA_TOP/sample_tasks/demo.json" >/dev/null
cp p.db before.db
# refused DESCRIPTION STATUS STDERR: f.jsonl is refused with this message, the project unchanged
refused() {
	run $CONVQA import --db p.db f.jsonl
	if [ "$rc" = "$2" ] && [ "$(cat "$T/err")" = "$3" ] && cmp -s p.db before.db; then
		ok "$1"
	else
		not_ok "$1" "expected status $2, stderr:" "$3" "actual status $rc, stderr:" "$(cat "$T/err")" \
			"project unchanged: $(cmp -s p.db before.db && echo yes || echo NO)"
	fi
}
new='{"id": "new-1", "turns": [{"question": "q", "responses": [{"system": "s", "answer": "a", "passages": [{"rank": 1, "text": "one"}]}]}]}'
conflict='{"id": "demo-lighthouse", "turns": [{"question": "Who invented the lens?"}]}'
unknown='{"id": "new-2", "turns": [{"question": "q", "responses": [{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "p404"}]}]}]}'

printf '%s\n%s\n' "$new" "$conflict" >f.jsonl
refused "a refusal on line 2 leaves nothing of line 1 in the project" 2 \
	"f.jsonl:2: \$.turns[0]: turn 1 of conversation \"demo-lighthouse\" conflicts with the one $(
	sqlite3 p.db "SELECT 'imported from ''' || file || ''' at ' || imported_at FROM import WHERE id = 1"): its question differs"

printf '%s\n%s\n{"id": "x" "turns": []}\n' "$new" "$conflict" >f.jsonl
refused "a syntax error on a line after a refused one is the message" 2 \
	"f.jsonl:3:12: syntax error: expected ',' or '}', found '\"'"
printf '%s\n%s\n{"id": "new-3"}\n' "$unknown" "$new" >f.jsonl
refused "a missing member after an unknown passage is the message" 2 \
	'f.jsonl:3: $: missing required property "turns"'

printf '%s\n%s\n' "$unknown" "$new" >f.jsonl
refused "a passage given on no line is unknown on its line" 2 \
	'f.jsonl:1: $.turns[0].responses[0].passages[0].id: unknown passage "p404" (not in this file'"'"'s collection nor in the project)'

printf '%s\n%s\n{"id": "new-4", "turns": [{"question": "q", "responses": [{"system": "s", "answer": "b", "passages": [{"rank": 1, "id": "p404", "text": "four"}]}]}]}\n' \
	"$unknown" "$new" >f.jsonl
run $CONVQA import --db p.db f.jsonl
check_eq "a passage named on line 1 and given on line 3 is found" \
	"0|f.jsonl: added 3 conversations, 3 turns, 3 responses, 2 passages, 1 system|new-2 p404" \
	"$rc|$(cat "$T/out" "$T/err")|$(sqlite3 p.db "SELECT c.ext_id, p.ext_id FROM retrieved r
		JOIN response s ON s.id = r.response_id JOIN turn t ON t.id = s.turn_id
		JOIN conversation c ON c.id = t.conversation_id JOIN passage p ON p.id = r.passage_id
		WHERE c.ext_id = 'new-2'" | tr '|' ' ')"

# ---- the full-text index --------------------------------------------------------
fts() { sqlite3 p.db "SELECT group_concat(p.ext_id, ' ') FROM passage_fts f JOIN passage p ON p.id = f.rowid
	WHERE passage_fts MATCH '$1' ORDER BY p.ext_id"; }
printf '%s\n' '{"format": "convqa-tasks", "version": 1, "collection": [{"id": "p404", "title": "Quartz", "text": "four"},
	{"id": "p5", "title": "Basalt", "text": "granite five"}], "conversations": [{"id": "new-5", "turns": [{"question": "q"}]}]}' >t.json
run $CONVQA import --db p.db t.json
check_eq "an import indexes the passages it adds and the titles it fills in" \
	"0|p404|p5|ok" "$rc|$(fts quartz)|$(fts granite)|$(sqlite3 p.db \
	"INSERT INTO passage_fts(passage_fts) VALUES ('integrity-check'); SELECT 'ok'" 2>&1)"
sqlite3 p.db "INSERT INTO passage(ext_id, text) VALUES ('p6', 'obsidian six'); UPDATE passage SET title = 'Pumice' WHERE ext_id = 'p6'"
check_eq "after an import the index follows each passage added or changed again" "p6|p6|ok" "$(fts obsidian)|$(fts pumice)|$(
	sqlite3 p.db "INSERT INTO passage_fts(passage_fts) VALUES ('integrity-check'); SELECT 'ok'" 2>&1)"
done_testing
