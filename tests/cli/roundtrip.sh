#!/bin/sh
# Import, info, label, export: the round trip a coordinator makes.
. "$CONVQA_TOP/tests/lib.sh"
S="$CONVQA_TOP/sample_tasks"
V="/usr/bin/python3 $CONVQA_TOP/tests/tools/validate_json_schema.py"

run $CONVQA init --db p.db
check_eq "init creates a project" "0|created project p.db" "$rc|$(cat "$T/out")"
run $CONVQA init --db p.db
check_eq "init refuses an existing file" "3|convqa: 'p.db' already exists; not overwriting it (if it is your project, the other commands use it with --db p.db; for a new one, give init another path)" "$rc|$(cat "$T/err")"

run $CONVQA import --db p.db "$S/demo.json"
check_eq "import reports what it added" \
	"0|$S/demo.json: added 5 conversations, 26 turns, 52 responses, 36 passages, 2 systems" "$rc|$(cat "$T/out")"
cp p.db once.db
run $CONVQA import --db p.db "$S/demo.json"
check_eq "a second import of the same file adds nothing" \
	"0|$S/demo.json: nothing new (its 5 conversations, 26 turns, 52 responses, 36 passages, 2 systems are in the project already)" "$rc|$(cat "$T/out")"
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
	"2|convqa: no rater 'zed' in the project (its raters: alice, bob)|no file" "$rc|$(cat "$T/err")|$(ls zed.json* 2>/dev/null || echo no file)"

# ---- units: each label names what it judges ------------------------------------
units() { /usr/bin/python3 -c '
import json, sys
for l in json.load(open(sys.argv[1]))["labels"]:
    print(l["system"], l["rater"], l["field"], l["unit"], json.dumps(l["value"]), l.get("rank"))
' "$1"; }
check_eq "each label names its unit: intent the turn, relevant a passage, the rest the response" \
"dense-llm alice answer_correct response 1 None
dense-llm alice intent turn \"extractive\" None
dense-llm alice note response \"a \\\"quoted\\\" note\\non two lines\" None
dense-llm alice relevant passage 1 3
dense-llm bob answer_correct response 1 None" "$(units labels.json)"
# the passage alice judged on dense-llm at rank 3, judged again on bm25-t5
# where it was retrieved too: one unit, its latest label is the current one
R3=$(/usr/bin/python3 -c '
import json; d = json.load(open("'"$S"'/demo.json"))
r = {x["system"]: x for x in d["conversations"][0]["turns"][1]["responses"]}
p = [q["id"] for q in r["dense-llm"]["passages"] if q["rank"] == 3][0]
print([q["rank"] for q in r["bm25-t5"]["passages"] if q.get("id") == p][0])')
$CONVQA label --db p.db -c demo-lighthouse -n 2 -s bm25-t5 -r alice intent boolean
$CONVQA label --db p.db -c demo-lighthouse -n 2 -s bm25-t5 -r alice relevant 0 -k "$R3"
$CONVQA export --db p.db -o units.json 2>/dev/null
check_eq "a unit judged on two responses is exported once, as given last" \
"bm25-t5 alice intent turn \"boolean\" None
bm25-t5 alice relevant passage 0 $R3
dense-llm alice answer_correct response 1 None
dense-llm alice note response \"a \\\"quoted\\\" note\\non two lines\" None
dense-llm bob answer_correct response 1 None" "$(units units.json)"

# a project scheme's labels: values by its scheme (categories as strings),
# --task takes its name (rows through sqlite3 until convqa label takes a
# project scheme's task)
$CONVQA scheme add --db p.db "$S/schemes/likert-4pt.json" >/dev/null &&
sqlite3 p.db "INSERT INTO rater(name) SELECT 'carol' WHERE NOT EXISTS (SELECT 1 FROM rater WHERE name = 'carol');
INSERT INTO label(response_id, rater_id, task, field, value, seconds, created_at, unit, turn_id, unit_ref)
SELECT r.id, (SELECT id FROM rater WHERE name = 'carol'), 'likert-4pt', f, v, 3, '2026-01-01T00:00:00.000Z', 'response',
 r.turn_id, r.id FROM response r JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id
 JOIN system s ON s.id = r.system_id, (SELECT 'completeness' AS f, 'mostly yes' AS v UNION ALL SELECT 'error_type', 'none')
 WHERE c.ext_id = 'demo-lighthouse' AND t.position = 1 AND s.name = 'bm25-t5';"
run $CONVQA export --db p.db --task likert-4pt -o likert.json
check_eq "export --task takes a project scheme" "0|wrote 2 labels to likert.json" "$rc|$(cat "$T/err")"
check_eq "... and writes its values by the scheme" \
"bm25-t5 carol completeness response \"mostly yes\" None
bm25-t5 carol error_type response \"none\" None" "$(units likert.json)"
if $V "$CONVQA_TOP/schemas/labels.schema.json" units.json likert.json >"$T/v" 2>&1; then
	ok "exports with units and a project scheme validate"; else not_ok "an export does not validate" "$(cat "$T/v")"; fi
check_run "export --task of no scheme is bad input" 2 \
	"convqa: no task or scheme 'likert-5pt' (schemes: turn, plausibility, faithfulness, pairwise, likert-4pt; add one with: convqa scheme add FILE)" \
	$CONVQA export --db p.db --task likert-5pt
check_run "export --task that cannot be a name is a usage error" 1 \
	"convqa export: unknown task 'Likert!' (expected: turn, plausibility, faithfulness or a scheme of the project)" \
	$CONVQA export --db p.db --task 'Likert!'

export CONVQA_DB=p.db
run $CONVQA info
check_eq "CONVQA_DB names the project" "project        p.db" "$(head -1 "$T/out")"
unset CONVQA_DB
run $CONVQA info
check_eq "without --db or CONVQA_DB the project is ./convqa.db" \
	"3|convqa: no project at 'convqa.db', the default without --db or \$CONVQA_DB (name yours with --db PATH, or create one with: convqa init --db convqa.db)" "$rc|$(cat "$T/err")"

run $CONVQA import --db p.db "$FIXTURES/unicode_hostile.json"
check_eq "the Unicode and hostile fixture imports" 0 "$rc"
run $CONVQA export --db p.db -o /nonexistent/dir/x.json
check_eq "an unwritable output exits 4 and says why" "4" "$rc"
check_eq "the message names the file" "convqa: cannot write '/nonexistent/dir/x.json': No such file or directory (no directory '/nonexistent/dir': create it first, or give -o a path in one that exists)" "$(cat "$T/err")"
done_testing
