#!/bin/sh
# Label Studio out and back in (src/formats/export_label_studio*.c,
# labels_label_studio.c): convqa export --format label-studio writes the
# items as Label Studio tasks (exact JSON for one item; text with < & and
# quotes stays plain JSON strings), label-studio-config the labeling config
# (XML that parses, names every field and category, escapes the scheme's
# text); convqa import-labels --format label-studio reads Label Studio's
# JSON export (a fixture written by hand in the shape Label Studio writes)
# into the right labels, skips cancelled annotations and counts them,
# accepts a Choice's alias, its label and a Rating; a round trip through
# tasks written here; refusals name FILE: $[i].annotations[j].result[k]...
# and import nothing.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
LS="$FIXTURES/label_studio"
$CONVQA init >/dev/null
$CONVQA import -q "$LS/project.json"

# ---- the tasks ----------------------------------------------------------------
export CONVQA_DB="$T/one.db"
$CONVQA init >/dev/null
cat >one.json <<'EOF'
{"format": "convqa-tasks", "version": 1,
 "conversations": [{"id": "k<1>", "turns": [{"question": "Is 1 < 2 & \"x\" <b>bold</b>?", "responses": [
   {"system": "s&t", "answer": "yes <script>alert(1)</script>",
    "passages": [{"rank": 1, "id": "p\"1", "title": "A & B", "text": "one <i>two</i>\nthree"}]}]}]}]}
EOF
$CONVQA import -q one.json
check_run "the tasks of a one-item project are written, and the command says what comes next" 0 \
"wrote 1 Label Studio task to tasks.json
the labeling config of the same items: convqa export --format label-studio-config -o config.xml
in Label Studio: a new project, Labeling Setup > Code: config.xml; Data Import: the tasks; after labelling, Export > JSON
and here: convqa import-labels --format label-studio EXPORT.json" \
	$CONVQA export --format label-studio -o tasks.json
check_eq "one task: the item's ids, what the rater reads as plain JSON strings, the ranked passage and its id" '[
{"data": {"conversation": "k<1>", "turn": 1, "system": "s&t", "scheme": "turn", "history": "(none: the conversation'"'"'s first turn)", "question": "Is 1 < 2 & \"x\" <b>bold</b>?", "answer": "yes <script>alert(1)</script>", "passage_1": "A & B\none <i>two</i>\nthree", "passage_1_id": "p\"1"}}
]' "$(cat tasks.json)"
export CONVQA_DB="$T/p.db"

run $CONVQA export --format label-studio
python3 - "$T/out" >check.txt <<'EOF'
import json, sys
tasks = json.load(open(sys.argv[1]))
for t in tasks:
    d = t["data"]
    print(d["conversation"], d["turn"], d["system"], d["scheme"], "round" in d, sorted(k for k in d if k.startswith("passage_")))
print(repr(tasks[2]["data"]["history"]))
EOF
check_eq "every item is a task; every task has the passage slots of the most passages an item ranks" "0|c1 1 s turn False ['passage_1', 'passage_1_id', 'passage_2', 'passage_2_id']
c1 1 t turn False ['passage_1', 'passage_1_id', 'passage_2', 'passage_2_id']
c1 2 s turn False ['passage_1', 'passage_1_id', 'passage_2', 'passage_2_id']
'Q1: Who wrote <Hamlet> & \"Macbeth\"?\nA1: Shakespeare <3'" "$rc|$(cat check.txt)"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))[1]["data"]; print(d["passage_2"], d["passage_2_id"])' "$T/out" >check.txt
check_eq "a rank an item lacks says so, its id null" "(no passage at rank 2) None" "$(cat check.txt)"

$CONVQA spans >/dev/null
run $CONVQA export --format label-studio --task faithfulness
python3 -c 'import json,sys; [print(t["data"]["system"], t["data"]["evidence"], "passage_1" in t["data"]) for t in json.load(open(sys.argv[1]))]' "$T/out" >check.txt
check_eq "a scheme that shows the evidence: each task has its paragraph (convqa spans), no passages when the scheme shows none" "s (no evidence spans) False
t [p3] Marlowe wrote Faustus. False
s (no evidence spans) False" "$(cat check.txt)"

# ---- the config ----------------------------------------------------------------
cat >odd.json <<'EOF'
{"format": "convqa-scheme", "version": 1, "name": "odd", "description": "hostile labels",
 "shows": ["history", "passages", "answer", "systems"], "fields": [
  {"name": "grade", "unit": "passage", "type": "ordinal", "role": "relevance",
   "categories": [{"value": "0", "label": "<none>"}, {"value": "1"}, {"value": "2"}, {"value": "3", "label": "\"perfect\" & 'all'"}]},
  {"name": "fluent", "unit": "answer", "type": "binary", "required": true, "help": "is it <fluent> & \"clear\"?",
   "categories": [{"value": "0", "label": "no"}, {"value": "1", "label": "yes"}]},
  {"name": "why", "unit": "response", "type": "text"}]}
EOF
$CONVQA scheme add odd.json >/dev/null
run $CONVQA export --format label-studio-config --task odd -o odd.xml
check_eq "the config is written" "0|wrote the Label Studio labeling config of 3 items to odd.xml" "$rc|$(cat "$T/err")"
python3 - odd.xml >check.txt <<'EOF'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
print(root.tag)
for e in root:
    a = e.attrib
    if e.tag == "Choices":
        print("Choices", a["name"], a["toName"], a.get("required", "-"), [(c.get("value"), c.get("alias")) for c in e])
    elif e.tag in ("Text", "TextArea"):
        print(e.tag, a["name"], a.get("value", a.get("toName")))
    else:
        print(e.tag, a["value"])
EOF
check_eq "the config parses as XML: a Text per thing shown, a Choices per field (per passage rank for a passage field), the scheme's text intact" "<View>|View
Header Earlier turns
Text History \$history
Header Question
Text Question \$question
Header System
Text System \$system
Header Passage 1
Text Passage1 \$passage_1
Header grade (passage 1)
Choices grade_1 Passage1 - [('<none>', '0'), ('1', '1'), ('2', '2'), ('\"perfect\" & \\'all\\'', '3')]
Header Passage 2
Text Passage2 \$passage_2
Header grade (passage 2)
Choices grade_2 Passage2 - [('<none>', '0'), ('1', '1'), ('2', '2'), ('\"perfect\" & \\'all\\'', '3')]
Header Answer
Text Answer \$answer
Header fluent: is it <fluent> & \"clear\"?
Choices fluent Answer true [('no', '0'), ('yes', '1')]
Header why
TextArea why Answer" "$(head -c 6 odd.xml)|$(cat check.txt)"
check_grep "the scheme's text is escaped in the XML" '<Choice value="&quot;perfect&quot; &amp; &apos;all&apos;" alias="3"/>' odd.xml
check_grep "a help with markup is escaped too" '<Header value="fluent: is it &lt;fluent&gt; &amp; &quot;clear&quot;?"/>' odd.xml
run $CONVQA export --format label-studio-config
for name in intent answer_correct relevant_1 relevant_2 extra_gold note extractive abstractive boolean \
	'"not relevant" alias="0"' '"relevant" alias="1"' '"incorrect" alias="0"' '"correct" alias="1"'; do
	grep -q -- "$name" "$T/out" || missing="${missing-} $name"
done
check_eq "the built-in turn scheme's config names every field and category" "0|" "$rc|${missing-}"

# ---- refusals of the export -------------------------------------------------------
check_run "--history does not apply to items" 1 \
	"convqa: --format label-studio writes items, not labels: --history does not apply" \
	$CONVQA export --format label-studio --history
$CONVQA rater add ann@example.org >/dev/null
$CONVQA rater add label-studio-7 >/dev/null
check_run "--rater needs --round" 1 \
	"convqa: --format label-studio-config takes --rater with --round: the items assigned to the rater in that round" \
	$CONVQA export --format label-studio-config --rater ann@example.org
$CONVQA round create crowd --raters ann@example.org,label-studio-7 --overlap 0 >/dev/null
check_run "a --task that is not the round's" 1 \
	"convqa: round 'crowd' is a turn round, not odd: --format label-studio writes the round's task (leave out --task)" \
	$CONVQA export --format label-studio --round crowd --task odd

# ---- Label Studio's export back as labels -------------------------------------------
cp "$LS/ls-export.json" ls.json
check_run "Label Studio's JSON export imports; the cancelled annotation is skipped and counted" 0 "" \
	$CONVQA import-labels --format label-studio ls.json
check_eq "what it says" "ls.json: imported 7 label rows (0 already here); 1 cancelled annotation skipped" "$(cat "$T/out")"
run $CONVQA export --format csv
check_eq "the labels: the annotator (email, else label-studio-ID) is the rater, from_name the field (FIELD_K: rank K with the id the task showed), a Choice's alias or label its value, the lines of a TextArea the text, updated_at (else created_at) the time in UTC, lead_time the seconds of the first label" "conversation,turn,system,rater,round,task,field,unit,value,passage,rank,seconds,timestamp,id,control
c1,1,s,ann@example.org,,turn,answer_correct,response,1,,,0.000,2031-02-03T05:02:30.987Z,4,0
c1,1,s,ann@example.org,,turn,intent,turn,extractive,,,42.500,2031-02-03T05:02:30.987Z,1,0
c1,1,s,ann@example.org,,turn,note,response,\"says <3
& more\",,,0.000,2031-02-03T05:02:30.987Z,5,0
c1,1,s,ann@example.org,,turn,relevant,passage,1,p1,1,0.000,2031-02-03T05:02:30.987Z,2,0
c1,1,s,ann@example.org,,turn,relevant,passage,0,p2,2,0.000,2031-02-03T05:02:30.987Z,3,0
c1,1,t,label-studio-7,,turn,answer_correct,response,0,,,8.000,2031-02-03T07:15:00.500Z,6,0
c1,1,t,label-studio-7,,turn,relevant,passage,1,p3,1,0.000,2031-02-03T07:15:00.500Z,7,0" "$(cat "$T/out" | tr -d '\r')"
tr -d '\r' <"$T/out" >labels.csv
run $CONVQA import-labels ls.json
check_eq "imported twice, nothing is added; an array is detected as Label Studio's" \
	"0|ls.json: imported 0 label rows (7 already here); 1 cancelled annotation skipped" "$rc|$(cat "$T/out")"

# ---- refusals: all or nothing, FILE: $[i].annotations[j].result[k] -------------------
refuse() { # DESCRIPTION EXPECTED_STDERR SED_SCRIPT
	sed "$3" "$LS/ls-export.json" >bad.json
	run $CONVQA import-labels --format label-studio bad.json
	$CONVQA export --format csv | tr -d '\r' >after.csv
	check_eq "$1" "2|$2|same" "$rc|$(cat "$T/err")|$(cmp -s after.csv labels.csv && echo same)"
}
refuse "a value off the scale is refused with its path, with what the field takes" \
	'bad.json: $[0].annotations[0].result[0].value: "yes" is not a value of intent (expected one of: "extractive", "abstractive", "boolean")' \
	's/"choices": \["extractive"\]/"choices": ["yes"]/'
refuse "a from_name the scheme lacks" \
	"bad.json: \$[0].annotations[0].result[4].from_name: scheme 'turn' has no field 'notes' (a field's name, or FIELD_K for a passage field at rank K, as the config of convqa export --format label-studio-config names them)" \
	's/"from_name": "note"/"from_name": "notes"/'
refuse "several problems: each said, nothing imported" \
	'bad.json: $[0].annotations[0].result[3].value: expected {"choices": [one category]} or {"rating": N} for answer_correct (one of: "0" (incorrect), "1" (correct))
bad.json: $[1].annotations[0].created_at: expected a time such as "2026-03-09T22:16:08.728353Z", got "yesterday"' \
	's/"choices": \["1"\]}, "id": "hR4kTq4"/"choices": []}, "id": "hR4kTq4"/; s/"2031-02-03T09:15:00.5+02:00"/"yesterday"/'
refuse "a label on a rank the item does not rank" \
	"bad.json: \$[1].annotations[0].result[1]: unknown item (conversation 'c1', turn 1, system 't', rank 2): that response has no passage at rank 2 (its ranks: 1)" \
	's/"from_name": "relevant_1", "to_name": "Passage1", "type": "choices", "origin": "manual"}$/"from_name": "relevant_2", "to_name": "Passage2", "type": "choices", "origin": "manual"}/'
refuse "a text field given something else than lines of text" \
	'bad.json: $[0].annotations[0].result[4].value: expected text lines (strings), got a number' \
	's/"text": \["says <3", "& more"\]/"text": ["says <3", 2]/'
refuse "a category field given two choices" \
	'bad.json: $[1].annotations[0].result[0].value: expected {"choices": [one category]} or {"rating": N} for answer_correct (one of: "0" (incorrect), "1" (correct))' \
	's/"choices": \["incorrect"\]/"choices": ["incorrect", "correct"]/'
refuse "a task not made by convqa" \
	'bad.json: $[2].data: missing required property "system"' \
	's/"turn": 2, "system": "s",/"turn": 2,/'
refuse "the annotator missing" \
	'bad.json: $[1].annotations[0].completed_by: expected the annotator: a user id, {"id": ..., "email": ...} or a name, got nothing' \
	's/"completed_by": 7,$//'
check_run "a file that is not Label Studio's export" 2 \
	"one.json: \$: expected a Label Studio JSON export (an array of tasks: Export > JSON in Label Studio), got an object" \
	$CONVQA import-labels --format label-studio one.json
check_run "an unknown --format" 1 \
	"convqa import-labels: unknown format 'xls' (expected: json, jsonl, label-studio, mtrag, project)" \
	$CONVQA import-labels --format xls ls.json

# ---- a rating, on a graded scheme ---------------------------------------------------
cat >rating.json <<'EOF'
[{"id": 1, "data": {"conversation": "c1", "turn": 2, "system": "s", "scheme": "odd"},
  "annotations": [{"id": 9, "completed_by": {"id": 2, "email": "bo@example.org"}, "lead_time": 5,
    "created_at": "2031-02-04T10:00:00Z",
    "result": [{"from_name": "grade_1", "to_name": "Passage1", "type": "rating", "value": {"rating": 3}},
               {"from_name": "fluent", "to_name": "Answer", "type": "choices", "value": {"choices": ["yes"]}},
               {"from_name": "why", "to_name": "Answer", "type": "textarea", "value": {"text": ["ok"]}}]}]}]
EOF
run $CONVQA import-labels rating.json
run $CONVQA export --format jsonl --rater bo@example.org
check_eq "a Rating gives the category of that value" '0|{"conversation": "c1", "turn": 2, "system": "s", "rater": "bo@example.org", "round": null, "task": "odd", "field": "fluent", "unit": "answer", "value": 1, "seconds": 0.000, "timestamp": "2031-02-04T10:00:00.000Z", "id": 9, "control": false}
{"conversation": "c1", "turn": 2, "system": "s", "rater": "bo@example.org", "round": null, "task": "odd", "field": "grade", "unit": "passage", "value": "3", "passage": "p1", "rank": 1, "seconds": 5.000, "timestamp": "2031-02-04T10:00:00.000Z", "id": 8, "control": false}
{"conversation": "c1", "turn": 2, "system": "s", "rater": "bo@example.org", "round": null, "task": "odd", "field": "why", "unit": "response", "value": "ok", "seconds": 0.000, "timestamp": "2031-02-04T10:00:00.000Z", "id": 10, "control": false}' "$rc|$(cat "$T/out")"
sed 's/"rating": 3/"rating": 7/' rating.json >bad.json
run $CONVQA import-labels bad.json
check_eq "a rating off the scale" '2|bad.json: $[0].annotations[0].result[0].value: rating 7 is not a value of grade (expected one of: "0" (<none>), "1", "2", "3" ("perfect" & '"'all'"'))' "$rc|$(cat "$T/err")"

# ---- a round trip: tasks out, annotations on them, labels back ------------------------
run $CONVQA export --format label-studio --round crowd -o crowd.json
python3 - crowd.json >annotated.json <<'EOF'
import json, sys
tasks = json.load(open(sys.argv[1]))
out = []
for i, t in enumerate(tasks):
    d = t["data"]
    res = [{"from_name": "intent", "to_name": "Question", "type": "choices", "value": {"choices": ["boolean"]}},
           {"from_name": "answer_correct", "to_name": "Answer", "type": "choices", "value": {"choices": ["0" if i % 2 else "1"]}},
           {"from_name": "relevant_1", "to_name": "Passage1", "type": "choices", "value": {"choices": ["1"]}}]
    out.append({"id": i + 1, "data": d, "annotations": [
        {"id": 100 + i, "completed_by": 7, "result": res, "was_cancelled": False, "lead_time": 10 + i,
         "created_at": "2031-02-05T08:00:0%dZ" % i}]})
json.dump(out, sys.stdout, indent=2)
EOF
run $CONVQA import-labels --format label-studio annotated.json
check_eq "the annotations on the exported tasks import, into the round the tasks name" \
	"0|annotated.json: imported 9 label rows (0 already here)" "$rc|$(cat "$T/out")"
run $CONVQA export --format csv --round crowd
check_eq "those labels, in round crowd (the turn's intent, one unit, given on s and then on t: t's is current)" "conversation,turn,system,rater,round,task,field,unit,value,passage,rank,seconds,timestamp,id,control
c1,1,s,label-studio-7,crowd,turn,answer_correct,response,1,,,0.000,2031-02-05T08:00:00.000Z,12,0
c1,1,s,label-studio-7,crowd,turn,relevant,passage,1,p1,1,0.000,2031-02-05T08:00:00.000Z,13,0
c1,1,t,label-studio-7,crowd,turn,answer_correct,response,0,,,0.000,2031-02-05T08:00:01.000Z,15,0
c1,1,t,label-studio-7,crowd,turn,intent,turn,boolean,,,11.000,2031-02-05T08:00:01.000Z,14,0
c1,1,t,label-studio-7,crowd,turn,relevant,passage,1,p3,1,0.000,2031-02-05T08:00:01.000Z,16,0
c1,2,s,label-studio-7,crowd,turn,answer_correct,response,1,,,0.000,2031-02-05T08:00:02.000Z,18,0
c1,2,s,label-studio-7,crowd,turn,intent,turn,boolean,,,12.000,2031-02-05T08:00:02.000Z,17,0
c1,2,s,label-studio-7,crowd,turn,relevant,passage,1,p1,1,0.000,2031-02-05T08:00:02.000Z,19,0" "$(cat "$T/out" | tr -d '\r')"

done_testing
