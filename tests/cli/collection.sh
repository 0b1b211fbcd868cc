#!/bin/sh
# csv-gold and --collection (src/formats/import_csv_gold.c, collection.c):
# a ground truth of question,document rows becomes one-turn conversations
# whose gold passage is the document, known by id until the collection
# (JSONL or a JSON array, plain or gzip) gives its text; records no row
# names are skipped, ids the collection lacks stay id-only and the output
# says how many; bad records are refused with FILE:LINE and the field, the
# project unchanged.
. "$CONVQA_TOP/tests/lib.sh"
C="$FIXTURES/collection"
export CONVQA_DB=p.db
q() { sqlite3 p.db "$1"; }
passages() { q "SELECT ext_id, quote(title), quote(url), quote(text) FROM passage ORDER BY ext_id"; }
expected_passages="doc-1|'Lighthouse'|NULL|'A lighthouse is a tower with a lamp that guides ships.'
doc-2|'Fresnel lens'|'https://example.org/fresnel'|'Augustin-Jean Fresnel made a thinner lens in 1822.'
doc-3|NULL|NULL|'The Pharos of Alexandria, one of the Seven Wonders, was a \"lighthouse\".'
doc-404|NULL|NULL|NULL"
V="/usr/bin/python3 $CONVQA_TOP/tests/tools/validate_json_schema.py"
if $V "$CONVQA_TOP/schemas/collection.schema.json" "$C/documents.json" >"$T/v" 2>&1; then
	ok "the array fixture validates against collection.schema.json"
else not_ok "the array fixture does not validate" "$(cat "$T/v")"; fi
cp "$C/gt.csv" gt.csv
gzip -n -c "$C/documents.jsonl" >documents.jsonl.gz
gzip -n -c "$C/documents.json" >documents.json.gz
head -c 150 documents.json.gz >cut.json.gz

for coll in documents.jsonl documents.json documents.jsonl.gz documents.json.gz; do
	rm -f p.db
	$CONVQA init >/dev/null
	f=$coll
	case $coll in *.gz) ;; *) f="$C/$coll" ;; esac
	run $CONVQA import --format csv-gold gt.csv --collection "$f"
	check_eq "$coll: four questions imported; doc-404 is not in the collection" \
		"0|gt.csv: added 4 conversations, 4 turns, 0 responses, 4 passages, 0 systems; 1 passage not in the collection, kept by id only|" \
		"$rc|$(cat "$T/out")|$(cat "$T/err")"
	check_eq "$coll: the documents named get their text (title, url), the others are skipped" \
		"$expected_passages" "$(passages)"
done
check_eq "each row is a one-turn conversation, its id derived from the question; quoted fields whole" \
	"csv-$(printf '%s' 'What is a lighthouse?' | sha256sum | cut -c1-16)|1|What is a lighthouse?|doc-1
csv-$(printf '%s' 'Who made the lens, and when?' | sha256sum | cut -c1-16)|1|Who made the lens, and when?|doc-2
csv-$(printf 'Which "wonder" stood at\nAlexandria?' | sha256sum | cut -c1-16)|1|Which \"wonder\" stood at
Alexandria?|doc-3
csv-$(printf '%s' 'Where is the Tower of Hercules?' | sha256sum | cut -c1-16)|1|Where is the Tower of Hercules?|doc-404" \
	"$(q "SELECT c.ext_id, t.position, t.question, g.passage_ext FROM conversation c JOIN turn t ON t.conversation_id = c.id
	      JOIN gold_passage g ON g.turn_id = t.id ORDER BY c.id")"
check_eq "the full-text index has the documents' text" "doc-3" \
	"$(q "SELECT p.ext_id FROM passage_fts f JOIN passage p ON p.id = f.rowid WHERE passage_fts MATCH 'pharos'")"

run $CONVQA import gt.csv
check_eq "the file is detected by its header; again, nothing new" \
	"0|gt.csv: nothing new (its 4 conversations, 4 turns, 0 responses, 4 passages, 0 systems are in the project already)" \
	"$rc|$(cat "$T/out")"
printf '%s\n' '{"id": "doc-404", "text": "The Tower of Hercules, in A Coruna."}' '{"id": "doc-1", "text": "A lighthouse is a tower with a lamp that guides ships."}' >late.jsonl
run $CONVQA import --format csv-gold gt.csv --collection late.jsonl
check_eq "a later collection fills the passage still known by id only" \
	"0|gt.csv: added 0 conversations, 0 turns, 0 responses, 0 passages, 0 systems; filled in missing data of 1 of its entries (in the project already: 4 conversations, 4 turns, 3 passages)" \
	"$rc|$(cat "$T/out")"
check_eq "doc-404 has its text" "The Tower of Hercules, in A Coruna." "$(q "SELECT text FROM passage WHERE ext_id = 'doc-404'")"
check_eq "the index is whole and finds it" "doc-404" \
	"$(q "SELECT p.ext_id FROM passage_fts f JOIN passage p ON p.id = f.rowid WHERE passage_fts MATCH 'coruna';
	      INSERT INTO passage_fts(passage_fts) VALUES ('integrity-check')" | paste -sd'|')"

# the project's own passages known by id only are filled too; those with
# their text are not read again
$CONVQA import "$FIXTURES/partial.json" >/dev/null
printf '%s\n' '{"id": "p1", "text": "The Pharos."}' '{"id": "doc-404", "text": "The Tower of Hercules, in A Coruna."}' >p1.jsonl
run $CONVQA import --format csv-gold gt.csv --collection p1.jsonl
check_eq "a passage of another import, known by id only, gets its text" "0|The Pharos." \
	"$rc|$(q "SELECT text FROM passage WHERE ext_id = 'p1'")"
printf '%s\n' '{"id": "doc-404", "text": "Another text."}' >other.jsonl
run $CONVQA import --format csv-gold gt.csv --collection other.jsonl
check_eq "a passage that has its text is not read from a collection again" \
	"0|The Tower of Hercules, in A Coruna." "$rc|$(q "SELECT text FROM passage WHERE ext_id = 'doc-404'")"

# refusals: the project unchanged
rm -f p.db
$CONVQA init >/dev/null
cp p.db before.db
refused() {
	_d=$1 _s=$2 _e=$3; shift 3
	run "$@"
	if [ "$rc" = "$_s" ] && [ "$(cat "$T/err")" = "$_e" ] && cmp -s p.db before.db; then ok "$_d"; else
		not_ok "$_d" "expected status $_s, stderr:" "$_e" "actual status $rc, stderr:" "$(cat "$T/err")" \
			"project unchanged: $(cmp -s p.db before.db && echo yes || echo NO)"; fi
}
I="$CONVQA import --format csv-gold gt.csv --collection"
printf '%s\n' '{"id": "doc-0", "text": 0}' '{"id": "doc-1", "text": 5}' '{"id": "doc-2", "title": ["x"], "text": "t"}' '{"id": "doc-3"}' >bad.jsonl
refused "bad records named by a question: FILE:LINE and the field; records no question names are skipped" 2 \
	'bad.jsonl:2: $.text: expected a non-empty string, got a number
bad.jsonl:3: $.title: expected a string, got an array
bad.jsonl:4: $: missing required property "text"' $I bad.jsonl
printf '[\n{"id": "doc-1", "text": "one"},\n{"id": "doc-2", "text": ""}\n]\n' >bad.json
refused "in an array, the element's place too" 2 'bad.json:3: $[1].text: expected a non-empty string, got an empty string' \
	$I bad.json
printf '%s\n' '{"id": "doc-1", "text": "one"}' '{"id": "doc-1", "text": "uno"}' >twice.jsonl
refused "a passage given twice" 2 'twice.jsonl:2: $.id: passage "doc-1" is given twice in the collection (also at line 1)' \
	$I twice.jsonl
printf '%s\n' '{"id": "doc-1", "text": "one"' >syntax.jsonl
refused "a record that does not parse, with its line and column" 2 "syntax.jsonl:1:30: syntax error: unexpected end of line, the object opened at 1:1 is not closed" \
	$I syntax.jsonl
printf '[{"id": "doc-1", "text": "one"}, {"id": "doc-2", "text": "two"}' >open.json
refused "an array not closed" 2 "open.json:1: the collection's array is not closed (the file ends before its ']')" $I open.json
printf '[{"id": "doc-1", "text": "one"}]\n{"id": "doc-2"}\n' >after.json
refused "data after the array" 2 "after.json:2: unexpected data after the collection's array" $I after.json
printf '[{"id": "doc-1", "text": "one"}, 3]\n' >notobj.json
refused "an element that is not an object" 2 \
	"notobj.json:1: expected a passage (an object with \"id\" and \"text\") in the collection's array" $I notobj.json
refused "a cut .gz" 4 "convqa: cut.json.gz: cannot read the collection: unexpected end of file (a cut .gz?)" $I cut.json.gz
mkdir adir
refused "a directory is no collection" 4 "convqa: adir: cannot read the collection: Is a directory" $I adir
refused "a collection that does not exist" 4 "convqa: cannot open the collection 'nosuch.jsonl': No such file or directory" \
	$I nosuch.jsonl
refused "standard input is no collection" 1 \
	"convqa: --collection takes a file, not standard input: the collection is read as a stream beside the input" $I -

# csv-gold's own refusals
refused_csv() { printf "$2" >g.csv; refused "$1" 2 "$3" $CONVQA import --format csv-gold g.csv; }
refused_csv "the header is question,document" 'query,doc\nq,d\n' \
	"g.csv:1: not the header question,document: expected a header question,document, then one row per question: the question and the id of its gold document"
refused_csv "every row has both fields" 'question,document\nq1,d1\nq2\nq3,d3,x\n,d4\n' \
	"g.csv:3: expected 2 fields (question,document), got 1
g.csv:4: expected 2 fields (question,document), got 3
g.csv:5: the question is empty (a header question,document, then one row per question: the question and the id of its gold document)"
refused_csv "one gold document per question" 'question,document\nq1,d1\nq1,d2\n' \
	'g.csv:3: the question "q1" is given twice (also on line 2): csv-gold takes one gold document per question'
refused_csv "a quote inside a field that is not quoted" 'question,document\nsay "hi",d1\n' \
	'g.csv:2:5: a quote inside a field that is not quoted (quote the whole field and double the quote: "")'
refused_csv "a quoted field not closed" 'question,document\n"open,d1\n' \
	'g.csv:2:1: a quoted field is not closed (its closing quote is missing)'

# records longer than the reader's 64 KiB piece, with escapes, in both shapes
big=$(awk 'BEGIN { for (i = 0; i < 9000; i++) printf "word \\\"%d\\\" {x} [y] ", i }')
printf '{"id": "doc-1", "text": "%s"}\n{"id": "doc-2", "text": "two"}\n' "$big" >big.jsonl
printf '[{"id": "doc-1", "text": "%s"},\n{"id": "doc-2", "text": "two"}]\n' "$big" >big.json
for f in big.jsonl big.json; do
	rm -f p.db
	$CONVQA init >/dev/null
	run $CONVQA import --format csv-gold gt.csv --collection $f
	check_eq "$f: a record across pieces is read whole" "0|$(printf '%s' "$big" | sed 's/\\"/"/g' | wc -c)|two" \
		"$rc|$(q "SELECT length(text) FROM passage WHERE ext_id = 'doc-1'")|$(q "SELECT text FROM passage WHERE ext_id = 'doc-2'")"
done

rm -f p.db
$CONVQA init >/dev/null
printf 'question,document\r\nq1,d1\r\n\r\n"q2",d2\r\n' >crlf.csv
printf '\357\273\277%s\r\n%s\r\n' '{"id": "d2", "text": "two"}' '{"id": "d1", "text": "one"}' >bom.jsonl
run $CONVQA import --format csv-gold crlf.csv --collection bom.jsonl
check_eq "CRLF, blank lines and a byte order mark are fine" "0|d1|one
d2|two" "$rc|$(q "SELECT ext_id, text FROM passage ORDER BY 1")"
done_testing
