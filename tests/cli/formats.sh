#!/bin/sh
# Import and export formats as tables (src/formats/formats.c): every row of
# both tables is listed by `convqa formats`, named in the --format help of
# import and export and in the table of formats of docs/formats.md (so that adding a
# row cannot leave a place behind); detection picks the format of a file
# from its start; and the JSONL format: a fixture imports, malformed lines are
# refused with FILE:LINE(:COL) and the JSON path, the project unchanged.
. "$CONVQA_TOP/tests/lib.sh"
README="$CONVQA_TOP/docs/formats.md"
JSONL="$FIXTURES/conversations.jsonl"
DEMO="$CONVQA_TOP/sample_tasks/demo.json"

# ---- the tables ---------------------------------------------------------------
# The unknown-format messages list the tables (formats.c, not cmd_formats.c).
run $CONVQA import --format no-such-format x
imports=$(sed -n "s/^convqa import: unknown format 'no-such-format' (expected: \(.*\))$/\1/p" "$T/err")
check_eq "an unknown import format is a usage error that lists the import formats" "1|yes" "$rc|${imports:+yes}"
run $CONVQA export --format no-such-format
exports=$(sed -n "s/^convqa export: unknown format 'no-such-format' (expected: \(.*\))$/\1/p" "$T/err")
check_eq "an unknown export format is a usage error that lists the export formats" "1|yes" "$rc|${exports:+yes}"
check_eq "the tables today" "native, jsonl, csv-gold, mtrag, qrecc, scai-truth, scai-run, trec-run, trec-qrels, cast-topics|json, tasks, gold-extension, trec-qrels, csv, jsonl, label-studio, label-studio-config, prefs-csv" "$imports|$exports"

run $CONVQA formats
check_eq "convqa formats lists both tables with their summaries and detection" "0|import formats (convqa import --format NAME; default: detected, else native):
  native               detects  a task file: one JSON document (schemas/tasks.schema.json)
  jsonl                detects  one conversation a line (schemas/conversation.schema.json)
  csv-gold             detects  a ground truth as CSV: question,document rows (one gold document per question)
  mtrag                detects  MTRAG's evaluation files (InspectorRAGet JSON): conversations, passages, responses, human ratings
  qrecc                detects  QReCC turns: a JSON array of Conversation_no, Turn_no, Question, Rewrite, Answer, ...
  scai-truth           detects  SCAI-QReCC ground truth: a JSON array of Conversation_no, Turn_no, Truth_rewrite, ...
  scai-run             detects  a SCAI-QReCC run: a JSON array of Conversation_no, Turn_no, Model_passages, Model_answer, ...
  trec-run             -        a TREC run: qid Q0 docid rank score tag (ranked as trec_eval ranks)
  trec-qrels           -        TREC qrels: qid 0 docid grade, as gold passages or a rater's labels
  cast-topics          detects  TREC CAsT topics: a JSON array of number, title, turn: [number, raw_utterance, ...]

export formats (convqa export --format NAME; default: json):
  json                          labels as one JSON document (schemas/labels.schema.json)
  tasks                         a round's items as a task file (schemas/tasks.schema.json)
  gold-extension                a task file whose gold adds the answers judged plausible
  trec-qrels                    relevance labels as TREC qrels: qid 0 docid rel, qid <conversation>_<turn>
  csv                           labels as CSV (RFC 4180), one row per label, the columns of json's labels
  jsonl                         labels as JSON Lines: one label a line, the objects of json's labels
  label-studio                  a round's items as Label Studio tasks (JSON; labels back: import-labels)
  label-studio-config           the labeling config (XML) of those tasks, made from the scheme
  prefs-csv                     the preferences of pairwise rounds as CSV: turn, the two systems, the winner, rater, the system shown left, seconds, settled by an adjudicator" "$rc|$(cat "$T/out")"
cp "$T/out" formats.txt
# rows FILE: "direction|name|detects|summary" for each row of `convqa formats`
rows() {
	awk '/^import formats/ { d = "import" } /^export formats/ { d = "export" }
		/^  / { name = $1; det = "";
			if (d == "import") { det = $2; sub(/^ +[^ ]+ +[^ ]+ +/, "") } else sub(/^ +[^ ]+ +/, "")
			print d "|" name "|" det "|" $0 }' "$1"
}
listed=$(rows formats.txt | cut -d'|' -f1,2 | tr '\n' ' ')
tabled=$(for n in $(echo "$imports" | tr -d ,); do printf 'import|%s ' "$n"; done
	for n in $(echo "$exports" | tr -d ,); do printf 'export|%s ' "$n"; done)
check_eq "convqa formats lists every row of both tables, in order, and no other" "$tabled" "$listed"

# format_help COMMAND: the help of --format in `convqa help COMMAND`, its lines joined
format_help() {
	$CONVQA help "$1" | awk '/^ *-f, --format FORMAT/ { sub(/^ *-f, --format FORMAT +/, ""); h = $0; on = 1; next }
		on && /^      +[^ -]/ { sub(/^ +/, ""); h = h " " $0; next } { on = 0 } END { print h }'
}
help=$(format_help import)
check_eq "import --help names every import format" "read the files as FORMAT: $imports (default: detected per file)" "$help"
help=$(format_help export)
first=${exports%%,*}
check_eq "export --help names every export format, the first the default" \
	"output format: $first (default)${exports#"$first"}" "$help"
run $CONVQA --help
check_grep "convqa --help lists the formats command" "^  formats " "$T/out"

# The table of docs/formats.md: one row per table row, with its summary, in order.
expected=$(rows formats.txt | while IFS='|' read -r d n det s; do
	case $det in detects) det=yes ;; -) det=no ;; *) det='—' ;; esac
	printf '| `%s` | %s | %s | %s |\n' "$n" "$d" "$det" "$s"
done)
readme=$(sed -n '/<!-- formats:begin -->/,/<!-- formats:end -->/p' "$README" | grep '^| `')
check_eq "docs/formats.md's table of formats has every row of both tables, as convqa formats says" "$expected" "$readme"
# and its table of commands, one row per format in the same order, with the command
commands=$(sed -n '/<!-- format-commands:begin -->/,/<!-- format-commands:end -->/p' "$README" | grep '^| `' |
	sed 's/^| `\([^`]*\)`[^|]*| `convqa \([a-z-]*\) [^|]*|.*/\1|\2/' | tr '\n' ' ')
want=$(rows formats.txt | while IFS='|' read -r d n det s; do printf '%s|%s ' "$n" "$d"; done)
check_eq "docs/formats.md's table of commands has a convqa import/export line for every format, in order" "$want" "$commands"

$CONVQA init --db p.db >/dev/null
$CONVQA import --db p.db -q "$DEMO"
for f in $(echo "$imports" | tr -d ,); do
	run $CONVQA import --db p.db --format "$f" "$DEMO"
	if grep -q "unknown format" "$T/err"; then not_ok "import --format $f is accepted"; else ok "import --format $f is accepted"; fi
done
for f in $(echo "$exports" | tr -d ,); do
	run $CONVQA export --db p.db --format "$f"
	case $f in   # a file of one line per label is empty without labels
	trec-qrels|jsonl) check_eq "export --format $f writes" "0||" "$rc|$(cat "$T/out")|$(cat "$T/err")" ;;
	*) check_eq "export --format $f writes" "0|yes" "$rc|$([ -s "$T/out" ] && echo yes)" ;;
	esac
done

# ---- the JSONL fixture ---------------------------------------------------------
if /usr/bin/python3 -c '
import json, sys
from jsonschema import Draft202012Validator, RefResolver
tasks = json.load(open(sys.argv[1] + "/tasks.schema.json"))
line_schema = json.load(open(sys.argv[1] + "/conversation.schema.json"))
v = Draft202012Validator(line_schema, resolver=RefResolver.from_schema(line_schema, store={tasks["$id"]: tasks}))
bad = 0
for i, line in enumerate(open(sys.argv[2], encoding="utf-8"), 1):
    if line.strip():
        for e in v.iter_errors(json.loads(line)):
            print("line %d: %s" % (i, e.message)); bad = 1
sys.exit(bad)' "$CONVQA_TOP/schemas" "$JSONL" >"$T/v" 2>&1; then
	ok "every line of the JSONL fixture validates against conversation.schema.json"; else
	not_ok "the JSONL fixture does not validate" "$(cat "$T/v")"; fi

cp p.db demo.db
run $CONVQA import --db p.db "$JSONL"
check_eq "a JSONL file imports (detected), a line referring to a passage of the project too" \
	"0|$JSONL: added 3 conversations, 5 turns, 5 responses, 2 passages, 1 system (in the project already: 1 system)|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
cp p.db once.db
run $CONVQA import --db p.db "$JSONL"
check_eq "importing it again adds nothing" "0|$JSONL: nothing new (its 3 conversations, 5 turns, 5 responses, 2 passages, 2 systems are in the project already)" \
	"$rc|$(cat "$T/out")"
if cmp -s p.db once.db; then ok "and leaves the project byte-for-byte the same"; else not_ok "the second import changed the project"; fi
check_eq "the lines' conversations, metadata and gold are in the project" \
	"jl-empty-answer|2|
jl-lens|1|
jl-volcano|2|{\"topic\":\"geology\"}" \
	"$(sqlite3 p.db "SELECT c.ext_id, count(t.id), coalesce(c.metadata, '') FROM conversation c JOIN turn t ON t.conversation_id = c.id WHERE c.ext_id LIKE 'jl-%' GROUP BY c.id ORDER BY c.ext_id")"

$CONVQA init --db fresh.db >/dev/null
run $CONVQA import --db fresh.db "$JSONL"
check_eq "all or nothing: a line that names a passage the project lacks refuses the file" \
	"2|$JSONL:3: \$.turns[0].responses[0].passages[0].id: unknown passage \"lh-02\" (not in this file's collection nor in the project)|0" \
	"$rc|$(cat "$T/err")|$(sqlite3 fresh.db 'SELECT count(*) FROM conversation')"

run sh -c "cat '$JSONL' | $CONVQA import --db demo.db -"
check_eq "JSONL on standard input is detected too" \
	"0|standard input: added 3 conversations, 5 turns, 5 responses, 2 passages, 1 system (in the project already: 1 system)" \
	"$rc|$(cat "$T/out")"

# ---- malformed lines ----------------------------------------------------------------
cp once.db p.db
ORIGIN="imported from '$DEMO' at $(sqlite3 p.db 'SELECT imported_at FROM import WHERE id = 1')"
# refuse NAME STATUS EXPECTED_STDERR [OPTIONS]: imports f.jsonl (already written)
refuse() {
	_d=$1 _s=$2 _e=$3; shift 3
	run $CONVQA import --db p.db "$@" f.jsonl
	if [ "$rc" = "$_s" ] && [ "$(cat "$T/err")" = "$_e" ] && cmp -s p.db once.db && [ ! -s "$T/out" ]; then
		ok "$_d"
	else
		not_ok "$_d" "expected status $_s, stderr:" "$_e" "actual status $rc, stderr:" "$(cat "$T/err")" \
			"project unchanged: $(cmp -s p.db once.db && echo yes || echo NO)"
	fi
}
ok1='{"id": "a", "turns": [{"question": "q"}]}'
printf '%s\n{"id": "b" "turns": []}\n' "$ok1" >f.jsonl
refuse "a syntax error names the line and the column in it" 2 \
	"f.jsonl:2:12: syntax error: expected ',' or '}', found '\"'"
printf '{"id": "a",\n "turns": [{"question": "q"}]}\n' >f.jsonl
refuse "a conversation over several lines is cut at the end of the line" 2 \
	"f.jsonl:1:12: syntax error: unexpected end of line, the object opened at 1:1 is not closed
f.jsonl:2:9: syntax error: unexpected data after the JSON document"
printf '%s\n{"id": "b", "turns": [{"question": 42}]}\n' "$ok1" >f.jsonl
refuse "a wrong type names the line and the JSON path within it" 2 \
	'f.jsonl:2: $.turns[0].question: expected a non-empty string, got a number'
printf '%s\n[1, 2]\n' "$ok1" >f.jsonl
refuse "a line that is not an object" 2 'f.jsonl:2: $: expected a conversation (an object), got an array'
printf '{"id": "a", "format": "convqa-tasks", "turns": [{"question": "q"}]}\n' >f.jsonl
refuse "a key of the task file on a line" 2 \
	'f.jsonl:1: $.format: unknown property (expected one of: id, metadata, turns)'
printf '%s\n{"id": "b", "turns": [{"question": "q"}]}\n%s\n' "$ok1" "$ok1" >f.jsonl
refuse "a conversation id given on two lines names both" 2 \
	'f.jsonl:3: $: duplicate conversation id "a" (also at f.jsonl:1: $)'
printf '{"id": "a", "turns": [{"question": ""}]}\n{"id": "b", "turns": [{"question": "q"}]} x\n{"id": "c"}\n' >f.jsonl
refuse "the problems of every line are reported, syntax and content" 2 \
	'f.jsonl:1: $.turns[0].question: expected a non-empty string, got an empty string
f.jsonl:2:43: syntax error: unexpected data after the JSON document
f.jsonl:3: $: missing required property "turns"'
printf '%s\n\357\273\277%s\n' "$ok1" "$ok1" >f.jsonl
refuse "a byte order mark is taken only at the start of the file" 2 \
	'f.jsonl:2:1: syntax error: expected a value, found byte 0xef'
printf '%s\n{"id": "b", "turns": [{"question": "q", "responses": [{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "p404"}]}]}]}\n' "$ok1" >f.jsonl
refuse "an unknown passage id names the line" 2 \
	'f.jsonl:2: $.turns[0].responses[0].passages[0].id: unknown passage "p404" (not in this file'"'"'s collection nor in the project)'
printf '{"id": "x", "turns": [{"question": "q", "responses": [{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "z", "text": "one"}]}]}]}\n{"id": "y", "turns": [{"question": "q", "responses": [{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "z", "text": "two"}]}]}]}\n' >f.jsonl
refuse "one inline passage id with two texts on two lines names both" 2 \
	'f.jsonl:2: $.turns[0].responses[0].passages[0]: passage "z" has a different text at f.jsonl:1: $.turns[0].responses[0].passages[0]'
printf '%s\n{"id": "demo-lighthouse", "turns": [{"question": "Who invented the lens?"}]}\n' "$ok1" >f.jsonl
refuse "a conflict with the project names the line" 2 \
	"f.jsonl:2: \$.turns[0]: turn 1 of conversation \"demo-lighthouse\" conflicts with the one $ORIGIN: its question differs"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo "{\"id\": \"n$i\", \"turns\": 1}"; done >f.jsonl
refuse "past ten problems the rest are counted" 2 "$(for i in 1 2 3 4 5 6 7 8 9 10; do
	echo "f.jsonl:$i: \$.turns: expected an array, got a number"; done)
f.jsonl: and 2 more problems"
# 5 values a line (the object, the id, the turns array, the turn, its question): the
# 10th is the question of line 2
printf '%s\n{"id": "b", "turns": [{"question": "q"}]}\n' "$ok1" >f.jsonl
CONVQA_MAX_JSON_VALUES=9 refuse "the lines share one value limit, refused at the first value past it" 4 \
	"convqa: f.jsonl:2:36: more than 9 JSON values, the limit set by CONVQA_MAX_JSON_VALUES"
: >f.jsonl
refuse "an empty file read as JSONL" 2 "f.jsonl: empty file: expected a conversation (a JSON object) on each line" \
	--format jsonl

printf '\357\273\277{"id": "bom", "turns": [{"question": "q"}]}\r\n\r\n  \n{"id": "crlf", "turns": [{"question": "q"}]}\r\n' >ok.jsonl
run $CONVQA import --db p.db ok.jsonl
check_eq "a byte order mark, CRLF line ends and blank lines are fine" \
	"0|ok.jsonl: added 2 conversations, 2 turns, 0 responses, 0 passages, 0 systems" "$rc|$(cat "$T/out")"

# ---- detection ---------------------------------------------------------------------------
cp once.db p.db
cp "$JSONL" lines.json
run $CONVQA import --db p.db -q lines.json
check_eq "the start of the file picks the format, not its name (JSONL named .json)" "0|" "$rc|$(cat "$T/err")"
printf '{"conversations": [{"id": "c-first", "turns": [{"question": "q"}]}], "version": 1, "format": "convqa-tasks"}\n' >task.jsonl
run $CONVQA import --db p.db task.jsonl
check_eq "a task file whose first key is not format is a task file (named .jsonl)" \
	"0|task.jsonl: added 1 conversation, 1 turn, 0 responses, 0 passages, 0 systems" "$rc|$(cat "$T/out")"
cp once.db p.db
printf 'hello\n' >f.jsonl
refuse "a file that is not JSON gets the task file's message" 2 \
	"f.jsonl:1:1: syntax error: expected a value, found 'h' (no format convqa reads was detected, so it was read as a convqa task file, schemas/tasks.schema.json: convqa formats lists the formats convqa reads, convqa import --format NAME FILE reads one; else convert the file to a task file, docs/formats.md)"
printf '{"turns": [{"question": "q"}], "id": "a"}\n{"id": "b" "turns": []}\n' >f.jsonl
refuse "a file that begins with a conversation's key is JSONL" 2 \
	"f.jsonl:2:12: syntax error: expected ',' or '}', found '\"'"
printf '%s\n%s\n' "$ok1" "$ok1" >f.jsonl
refuse "--format native reads a JSONL file as one document" 2 \
	"f.jsonl:2:1: syntax error: unexpected data after the JSON document" --format native
printf '{"format": "convqa-tasks", "version": 1, "conversations": [%s]}\n' "$ok1" >f.jsonl
refuse "--format jsonl reads a task file as lines" 2 \
	"f.jsonl:1: \$.format: unknown property (expected one of: id, metadata, turns)
f.jsonl:1: \$.version: unknown property (expected one of: id, metadata, turns)
f.jsonl:1: \$.conversations: unknown property (expected one of: id, metadata, turns)
f.jsonl:1: \$: missing required property \"id\"
f.jsonl:1: \$: missing required property \"turns\"" --format jsonl
if cmp -s p.db once.db; then ok "the project is unchanged after all refusals"; else not_ok "the project changed"; fi

# ---- the options of run and judgement formats -----------------------------------
# Options a format does not take are refused before anything is read, naming
# the option and the formats that take it; they need --format (detection
# never picks a format by its options).
run $CONVQA import --db p.db --format native --as-gold "$DEMO"
check_eq "a format that does not take an option refuses it" \
	"1|convqa import: format 'native' does not take --as-gold" "$rc|$(sed 's/ (.*//' "$T/err")"
run $CONVQA import --db p.db --system bm25 "$DEMO"
check_eq "--system without --format" "1|convqa import: --system needs --format" "$rc|$(sed 's/ (.*//' "$T/err")"
run $CONVQA import --db p.db --format native --min-grade two "$DEMO"
check_eq "--min-grade takes a number" "1|convqa import: --min-grade takes a whole number from 0, not 'two'" \
	"$rc|$(cat "$T/err")"
if cmp -s p.db once.db; then ok "refused options change nothing"; else not_ok "the project changed"; fi
done_testing
