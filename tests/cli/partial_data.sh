#!/bin/sh
# Data known in part, in the native format (tests/fixtures/partial.json):
# turn numbers ("n", gaps allowed), a turn whose question is not known
# ("question": null), a passage known by its id only (a collection entry
# without "text"), graded gold passages ({"id", "grade"}) and a system's
# own rewrite. They survive export --format tasks and import again; a later
# import fills what is missing; other grades or another rewrite conflict.
. "$CONVQA_TOP/tests/lib.sh"
F="$CONVQA_TOP/tests/fixtures/partial.json"
V="/usr/bin/python3 $CONVQA_TOP/tests/tools/validate_json_schema.py"
export CONVQA_DB=p.db
q() { sqlite3 p.db "$1"; }
$CONVQA init >/dev/null

if $V "$CONVQA_TOP/schemas/tasks.schema.json" "$F" >"$T/v" 2>&1; then ok "the fixture validates against tasks.schema.json"
else not_ok "the fixture does not validate" "$(cat "$T/v")"; fi
run $CONVQA import "$F"
check_eq "it imports" "0|$F: added 1 conversation, 2 turns, 2 responses, 3 passages, 1 system|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
check_eq "turns keep their numbers (4 and 11); turn 11 has no question" "4|'What is a lighthouse?'
11|NULL" "$(q "SELECT position, quote(question) FROM turn ORDER BY position")"
check_eq "p1 is known by its id only" "p1|NULL" "$(q "SELECT ext_id, quote(text) FROM passage WHERE ext_id = 'p1'")"
check_eq "gold passages keep their grades (1 when not given)" "p1|2
p3|1" "$(q "SELECT passage_ext, grade FROM gold_passage ORDER BY passage_ext")"
check_eq "the system's rewrite is kept" "Which lighthouse was a wonder?" \
	"$(q "SELECT rewrite FROM response WHERE rewrite IS NOT NULL")"
run $CONVQA report --only retrieval --format csv
check_eq "the report reads the project (id-only passage, no question)" 0 "$rc"
run $CONVQA check
check_eq "check calls neither the missing question nor the missing text damage" \
	"0|ok: project 'p.db': schema version 12, 0 label rows, 0 raters, 0 rounds, 0 schemes: no problem found" \
	"$rc|$(cat "$T/out")"
run $CONVQA spans
check_eq "evidence spans skip the passage without text" "0|spans: 2 responses, 2 spans (2 added, 0 removed, 0 unchanged)" \
	"$rc|$(cat "$T/out")"
$CONVQA label -r alice -c g1 -n 11 -s sysA answer_correct 1 && $CONVQA label -r alice -c g1 -n 4 -s sysA answer_correct 0
run $CONVQA report --only answers --format csv
check_eq "the report's turn depth is the turn's number" "4,0,1
11,1,1" "$(grep '^answers,by_turn,turn depth,[0-9]*,correct,' "$T/out" | cut -d, -f4,6,7)"

# the round trip: native -> export --format tasks -> import -> the same project
content() {
	sqlite3 "$1" "SELECT c.ext_id, t.position, quote(t.question), quote(t.rewrite) FROM turn t
		JOIN conversation c ON c.id = t.conversation_id ORDER BY 1, 2;
	SELECT ext_id, quote(title), quote(text) FROM passage ORDER BY 1;
	SELECT c.ext_id, t.position, g.passage_ext, g.grade FROM gold_passage g JOIN turn t ON t.id = g.turn_id
		JOIN conversation c ON c.id = t.conversation_id ORDER BY 1, 2, 3;
	SELECT t.position, s.name, r.answer, quote(r.rewrite) FROM response r JOIN turn t ON t.id = r.turn_id
		JOIN system s ON s.id = r.system_id ORDER BY 1, 2;
	SELECT t.position, rt.rank, p.ext_id, quote(rt.score) FROM retrieved rt JOIN passage p ON p.id = rt.passage_id
		JOIN response r ON r.id = rt.response_id JOIN turn t ON t.id = r.turn_id ORDER BY 1, 2"
}
run $CONVQA export --format tasks -o t.json
check_eq "export --format tasks writes both items" "0|wrote 2 items to t.json" "$rc|$(cat "$T/err")"
if $V "$CONVQA_TOP/schemas/tasks.schema.json" t.json >"$T/v" 2>&1; then ok "the export validates against tasks.schema.json"
else not_ok "the export does not validate" "$(cat "$T/v")"; fi
check_eq "it gives the numbers, the unknown question as null, p1 without text, the grade, the rewrite" \
	'{"id": "p1"}
{"n": 4, "question": "What is a lighthouse?"
{"n": 11, "question": null, "gold": {"passages": [{"id": "p1", "grade": 2}, "p3"]}
"rewrite": "Which lighthouse was a wonder?"' \
	"$(grep -o '{"n": 4, "question": "[^"]*"\|{"n": 11, "question": null, "gold": {[^}]*}[^}]*}\|{"id": "p1"}\|"rewrite": "[^"]*"' t.json)"
$CONVQA init --db back.db >/dev/null
run $CONVQA import --db back.db t.json
check_eq "it imports into a new project" 0 "$rc"
check_eq "which holds the same content" "$(content p.db)" "$(content back.db)"
$CONVQA export --db back.db --format tasks -o t2.json 2>/dev/null
check_eq "and exports to the same file" "$(cat t.json)" "$(cat t2.json)"
run $CONVQA import t.json
check_eq "importing the export into the first project adds nothing" \
	"0|t.json: nothing new (its 1 conversation, 2 turns, 2 responses, 3 passages, 1 system are in the project already)" \
	"$rc|$(cat "$T/out")"

# a later import fills in what is missing
cat >fill.json <<'EOF2'
{"format": "convqa-tasks", "version": 1,
 "collection": [{"id": "p1", "text": "The Lighthouse of Alexandria, the Pharos, stood on an island."}],
 "conversations": [{"id": "g1", "turns": [{"n": 11, "question": "Which lighthouse was a wonder of the world?"}]}]}
EOF2
run $CONVQA import fill.json
check_eq "a question and a passage's text given later fill them in" \
	"0|fill.json: added 0 conversations, 0 turns, 0 responses, 0 passages, 0 systems; filled in missing data of 2 of its entries (in the project already: 1 conversation)" \
	"$rc|$(cat "$T/out")"
check_eq "turn 11 has its question now" "Which lighthouse was a wonder of the world?" \
	"$(q "SELECT question FROM turn WHERE position = 11")"
check_eq "the full-text index finds p1's text" "p1" \
	"$(q "SELECT p.ext_id FROM passage_fts f JOIN passage p ON p.id = f.rowid WHERE passage_fts MATCH 'island'")"
check_eq "the index is whole" "" "$(q "INSERT INTO passage_fts(passage_fts) VALUES ('integrity-check')")"
run $CONVQA import "$F"
check_eq "the first file again (null question, id-only p1) is no conflict: nothing new" 0 "$rc"
run $CONVQA check
check_eq "check finds no problem" "0" "$rc"

# conflicts
cp p.db before.db
refused() {
	run $CONVQA import f.json
	if [ "$rc" = "$2" ] && [ "$(cat "$T/err")" = "$3" ] && cmp -s p.db before.db; then ok "$1"; else
		not_ok "$1" "expected status $2, stderr:" "$3" "actual status $rc, stderr:" "$(cat "$T/err")" \
			"project unchanged: $(cmp -s p.db before.db && echo yes || echo NO)"; fi
}
origin=$(q "SELECT 'imported from ''' || file || ''' at ' || imported_at FROM import WHERE id = 1")
doc() { printf '{"format": "convqa-tasks", "version": 1, "conversations": [%s]}' "$1" >f.json; }
doc '{"id": "g1", "turns": [{"n": 11, "question": null, "gold": {"passages": ["p1", "p3"]}}]}'
refused "the same gold passages with other grades conflict" 2 \
	"f.json: \$.conversations[0].turns[0]: turn 11 of conversation \"g1\" conflicts with the one in the project: its gold passages differ (the project keeps a turn's first gold, whichever import gave it, and never replaces it; the turn was $origin). To score against this file's gold passages, make a new project of the turns' file and this one: convqa init --db new.db && convqa import --db new.db $(q 'SELECT file FROM import WHERE id = 1'), then import f.json there as here, with --db new.db"
doc '{"id": "g1", "turns": [{"n": 11, "question": null, "responses": [{"system": "sysA", "answer": "The Pharos.", "rewrite": "Another rewrite?", "passages": [{"rank": 1, "id": "p1", "score": 9.5}, {"rank": 2, "id": "p3", "score": 7}]}]}]}'
refused "another rewrite of a response conflicts" 2 \
	"f.json: \$.conversations[0].turns[0].responses[0]: response of system \"sysA\" conflicts with the one $origin: its rewrite differs"

# the native reader's checks of "n" and grades
doc '{"id": "g2", "turns": [{"n": 2, "question": "a"}, {"question": "b"}]}'
refused "two turns with one number are refused (a turn without n is numbered by its place)" 2 \
	"f.json: \$.conversations[0].turns[1]: turn number 2 is given twice in this conversation (also turns[0]; a turn without \"n\" is numbered by its place in the list)"
doc '{"id": "g2", "turns": [{"n": 3, "question": "a"}, {"n": 3, "question": "b"}]}'
refused "... and the message names the n that repeats" 2 \
	"f.json: \$.conversations[0].turns[1].n: turn number 3 is given twice in this conversation (also turns[0]; a turn without \"n\" is numbered by its place in the list)"
doc '{"id": "g2", "turns": [{"n": 0, "question": "a"}]}'
refused "n is an integer from 1" 2 "f.json: \$.conversations[0].turns[0].n: expected an integer from 1 to 1000000, got 0"
doc '{"id": "g2", "turns": [{"n": "3", "question": "a"}]}'
refused "n is a number" 2 "f.json: \$.conversations[0].turns[0].n: expected an integer from 1 to 1000000, got a string"
doc '{"id": "g2", "turns": [{"question": "a", "gold": {"passages": [{"id": "p2", "grade": 0}]}}]}'
refused "a grade is an integer from 1" 2 \
	"f.json: \$.conversations[0].turns[0].gold.passages[0].grade: expected an integer from 1 to 1000000, got 0"
doc '{"id": "g2", "turns": [{"question": "a", "gold": {"passages": [{"id": "p2", "grade": 2}, "p2"]}}]}'
refused "a gold passage is listed once, as an id or an object" 2 \
	"f.json: \$.conversations[0].turns[0].gold.passages[1]: \"p2\" is listed twice (also at [0])"
doc '{"id": "g2", "turns": [{"question": "a", "gold": {"passages": [{"grade": 2}]}}]}'
refused "a graded gold passage needs its id" 2 \
	"f.json: \$.conversations[0].turns[0].gold.passages[0]: missing required property \"id\""

# JSONL shares the conversation reader: "n" and null questions there too
printf '%s\n' '{"id": "j1", "turns": [{"n": 5, "question": null}, {"n": 7, "question": "seven?"}]}' >f.jsonl
run $CONVQA import f.jsonl
check_eq "a JSONL line takes n and a null question" "0|5|NULL
7|'seven?'" "$rc|$(q "SELECT t.position, quote(t.question) FROM turn t JOIN conversation c ON c.id = t.conversation_id WHERE c.ext_id = 'j1' ORDER BY 1")"
done_testing
