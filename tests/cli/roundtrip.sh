#!/bin/sh
# Import, info, label, export: the round trip a coordinator makes.
. "$CONVQA_TOP/tests/lib.sh"
S="$CONVQA_TOP/sample_tasks"
V="/usr/bin/python3 $CONVQA_TOP/tests/tools/validate_json_schema.py"

run $CONVQA init --db p.db
check_eq "init creates a project" "0|created project p.db" "$rc|$(cat "$T/out")"
run $CONVQA init --db p.db
check_eq "init refuses an existing file" "3|convqa: 'p.db' already exists; not overwriting it" "$rc|$(cat "$T/err")"

run $CONVQA import --db p.db "$S/demo.json"
check_eq "import reports what it added" \
	"0|$S/demo.json: added 5 conversations, 26 turns, 52 responses, 36 passages, 2 systems" "$rc|$(cat "$T/out")"
cp p.db once.db
run $CONVQA import --db p.db "$S/demo.json"
check_eq "a second import of the same file adds nothing" \
	"0|$S/demo.json: nothing new (all 121 items already in the project)" "$rc|$(cat "$T/out")"
if cmp -s p.db once.db; then ok "a second import leaves the project file byte-for-byte unchanged"; else
	not_ok "a second import changed the project file"; fi

run $CONVQA info --db p.db
check_eq "info counts every noun" "project        p.db
conversations  5
turns          26
systems        2
responses      52
passages       36
retrieved      260
raters         0
rounds         0
assignments    0
labels         0
label rows     0
evidence spans 0
imports        1" "$(cat "$T/out")"

L="$CONVQA label --db p.db -c demo-lighthouse -n 2 -s dense-llm"
$L -r alice answer_correct 1 --seconds 12.5 && $L -r alice intent extractive && $L -r alice relevant 1 -k 3 &&
	$L -r bob answer_correct 0 && $L -r bob answer_correct 1 && $L -r alice note 'a "quoted" note
on two lines' && $L -r alice relevant 0 -k 1 && $L -r alice relevant --clear -k 1
check_eq "labels are recorded" 0 $?

run $CONVQA export --db p.db -o labels.json
check_eq "export -o reports the count" "0|wrote 5 labels to labels.json" "$rc|$(cat "$T/err")"
if $V "$CONVQA_TOP/schemas/labels.schema.json" labels.json >"$T/v" 2>&1; then ok "the export validates against labels.schema.json"; else
	not_ok "the export does not validate" "$(cat "$T/v")"; fi
summary() { /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for l in d["labels"]:
    print(l["conversation"], l["turn"], l["system"], l["rater"], l["field"], json.dumps(l["value"]), l.get("passage"), l.get("rank"), l["seconds"])
' "$1"; }
check_eq "the export holds the current value of every label, cleared ones left out" \
"demo-lighthouse 2 dense-llm alice answer_correct 1 None None 12.5
demo-lighthouse 2 dense-llm alice intent \"extractive\" None None 0.0
demo-lighthouse 2 dense-llm alice note \"a \\\"quoted\\\" note\\non two lines\" None None 0.0
demo-lighthouse 2 dense-llm alice relevant 1 $(/usr/bin/python3 -c '
import json; d = json.load(open("'"$S"'/demo.json"))
r = d["conversations"][0]["turns"][1]["responses"]
print([p for x in r if x["system"] == "dense-llm" for p in x["passages"] if p["rank"] == 3][0]["id"])') 3 0.0
demo-lighthouse 2 dense-llm bob answer_correct 1 None None 0.0" "$(summary labels.json)"

$CONVQA export --db p.db --rater bob >bob.json
check_eq "--rater keeps one rater's labels" "1" "$(/usr/bin/python3 -c 'import json; print(len(json.load(open("bob.json"))["labels"]))')"
$CONVQA export --db p.db --history >h.json
check_eq "--history keeps every change, cleared ones as null" "8 1" "$(/usr/bin/python3 -c '
import json; l = json.load(open("h.json"))["labels"]; print(len(l), sum(x["value"] is None for x in l))')"
if $V "$CONVQA_TOP/schemas/labels.schema.json" h.json bob.json >"$T/v" 2>&1; then ok "filtered and history exports validate"; else
	not_ok "filtered or history export does not validate" "$(cat "$T/v")"; fi
$CONVQA export --db p.db --task plausibility >none.json
check_eq "--task with no labels gives an empty list" "0" "$(/usr/bin/python3 -c 'import json; print(len(json.load(open("none.json"))["labels"]))')"
run $CONVQA export --db p.db --rater bob -o bob2.json
check_eq "one label: 'label', not 'labels'" "0|wrote 1 label to bob2.json" "$rc|$(cat "$T/err")"
run $CONVQA export --db p.db --rater bob -o -
check_eq "-o - writes to standard output" "0|$(cat bob2.json | grep -v exported_at)" "$rc|$(grep -v exported_at "$T/out")"
run $CONVQA export --db p.db --round r9
check_eq "an unknown --round is bad input, not an empty export (as in report)" \
	"2|convqa: no round 'r9' in the project (it has no rounds)|" "$rc|$(cat "$T/err")|$(cat "$T/out")"
run $CONVQA export --db p.db --rater zed -o zed.json
check_eq "an unknown --rater is bad input and writes no file" \
	"2|convqa: no rater 'zed' in the project|no file" "$rc|$(cat "$T/err")|$(ls zed.json* 2>/dev/null || echo no file)"

export CONVQA_DB=p.db
run $CONVQA info
check_eq "CONVQA_DB names the project" "project        p.db" "$(head -1 "$T/out")"
unset CONVQA_DB
run $CONVQA info
check_eq "without --db or CONVQA_DB the project is ./convqa.db" \
	"3|convqa: no project at 'convqa.db' (create one with: convqa init --db convqa.db)" "$rc|$(cat "$T/err")"

run $CONVQA import --db p.db "$FIXTURES/unicode_hostile.json"
check_eq "the Unicode and hostile fixture imports" 0 "$rc"
run $CONVQA export --db p.db -o /nonexistent/dir/x.json
check_eq "an unwritable output exits 4 and says why" "4" "$rc"
check_eq "the message names the file" "convqa: cannot write '/nonexistent/dir/x.json': No such file or directory" "$(cat "$T/err")"
done_testing
