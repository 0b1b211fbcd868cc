#!/bin/sh
# convqa scheme list | show | add: the built-in schemes and a project's own;
# show prints what add reads (round trip); add refuses with the file and the
# JSON path and changes nothing; annotate and label take a project scheme
# as their task, and list the schemes there are for an unknown one.
. "$CONVQA_TOP/tests/lib.sh"
SAMPLE="$CONVQA_TOP/sample_tasks/schemes/likert-4pt.json"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null

# ---- list and show --------------------------------------------------------------
run $CONVQA scheme list
check_eq "list shows the built-in schemes with fields, units, types and keys" "0|turn (built-in): per turn: the question's intent, whether the answer is correct…
  intent*          turn      nominal  e=extractive a=abstractive b=boolean
  answer_correct*  response  binary   x=incorrect c=correct
  relevant*        passage   binary   1-9 0=rank space=toggle -=rest
  extra_gold       response  text     
  note             response  text     w=edit

plausibility (built-in): does the answer answer the question: plausible, implau…
  plausibility*  response  nominal  y=plausible i=implausible m=malformed
  note           response  text     w=edit

faithfulness (built-in): is the answer supported by the evidence spans: faithfu…
  faithfulness*  response  nominal  f=faithful x=unfaithful
  note           response  text     w=edit

pairwise (built-in): side by side: which of two systems' answers to the turn is…
  preference*  pair      nominal  a=A b=B e=tie x=both bad
  reason       pair      text     w=edit

* required. KEY=category; rank, toggle and rest judge passages; edit: text" "$rc|$(cat "$T/out")"
for n in turn plausibility faithfulness; do
	run $CONVQA scheme show $n
	if [ "$rc" = 0 ] && cmp -s "$T/out" "$CONVQA_TOP/schemas/builtin/$n.json"; then
		ok "show $n prints schemas/builtin/$n.json as it is"; else
		not_ok "show $n prints schemas/builtin/$n.json as it is" "$(diff "$CONVQA_TOP/schemas/builtin/$n.json" "$T/out")"; fi
done
check_run "show of a scheme there is not lists the schemes" 2 \
	"convqa scheme: no scheme 'likert' (schemes: turn, plausibility, faithfulness, pairwise)" $CONVQA scheme show likert
check_run "an unknown action is a usage error" 1 \
	"convqa scheme: unknown action 'remove' (expected: list, show, add)" $CONVQA scheme remove x
check_run "show without a name is a usage error" 1 "convqa scheme: usage: convqa scheme show NAME" $CONVQA scheme show

# ---- add --------------------------------------------------------------------------
run $CONVQA scheme add "$SAMPLE"
check_eq "add the sample scheme" "0|added scheme 'likert-4pt' (3 fields)" "$rc|$(cat "$T/out")"
run $CONVQA scheme show likert-4pt
if cmp -s "$T/out" "$SAMPLE"; then ok "show prints the added scheme as its file has it"; else
	not_ok "show prints the added scheme as its file has it" "$(diff "$SAMPLE" "$T/out")"; fi
run $CONVQA scheme add "$SAMPLE"
check_eq "the same content again changes nothing" \
	"0|unchanged: the project has the same scheme 'likert-4pt' (3 fields)" "$rc|$(cat "$T/out")"
run $CONVQA scheme list
check_grep "list shows the project's scheme" "^likert-4pt (added [0-9-]*): RAG answers" "$T/out"
check_grep "list shows its ordinal field and keys" "^  completeness\*  response  ordinal  1=No 2=Mostly no 3=Mostly yes 4=Yes$" "$T/out"
long=$(awk '{ if (length($0) > 80) print }' "$T/out" | grep -v '…' | head -1)
check_eq "list fits 80 columns" "" "$long"

$CONVQA scheme show turn >t.json
check_run "a built-in's name is refused" 2 \
	"t.json: \$.name: 'turn' is a built-in scheme: give the scheme a name of its own (or --name NAME)" \
	$CONVQA scheme add t.json
run $CONVQA scheme add --name my-turn t.json
check_eq "add --name stores a copy of a built-in under a name of its own" "0|added scheme 'my-turn' (5 fields)" \
	"$rc|$(cat "$T/out")"
$CONVQA scheme show my-turn | sed 's/"name": "my-turn"/"name": "turn"/' >again.json
if cmp -s again.json t.json; then ok "show turn; add --name; show round-trips"; else
	not_ok "show turn; add --name; show round-trips" "$(diff t.json again.json)"; fi
sed 's/"description": "RAG/"description": "Other RAG/' "$SAMPLE" >changed.json
run $CONVQA scheme add changed.json
check_eq "a changed description of a scheme no label uses: changed" "0|changed scheme 'likert-4pt' (3 fields)" \
	"$rc|$(cat "$T/out")"
$CONVQA scheme add "$SAMPLE" >/dev/null
check_run "--name takes a scheme name" 1 \
	"convqa scheme: --name: expected a name of a-z, 0-9, _ and - (not first), at most 64 characters, got 'My Turn'" \
	$CONVQA scheme add --name "My Turn" t.json
check_run "a file that is not there" 4 "convqa: cannot open 'nope.json': No such file or directory" \
	$CONVQA scheme add nope.json

# ---- refusals, each with its JSON path; nothing is added -------------------------
# scheme FIELDS...: a scheme named bad with these fields
scheme() {
	printf '{"format": "convqa-scheme", "version": 1, "name": "bad", "description": "d", "fields": [%s]}\n' "$1" >bad.json
}
scheme '{"name": "a", "unit": "turn", "type": "nominal", "categories": [{"value": "x", "key": "e"}, {"value": "y", "key": "e"}]}'
check_run "duplicate keys within a field" 2 \
	"bad.json: \$.fields[0].categories[1].key: key \"e\" is used already at \$.fields[0].categories[0].key (the categories of a field have keys of their own)" \
	$CONVQA scheme add bad.json
scheme '{"name": "a", "unit": "turn", "type": "binary", "categories": [{"value": "0", "key": "1"}, {"value": "1", "key": "2"}]}, {"name": "b", "unit": "response", "type": "binary", "categories": [{"value": "0", "key": "1"}, {"value": "1", "key": "2"}]}'
check_run "keys shared by fields of two units" 2 \
	"bad.json: \$.fields[1].categories[0].key: key \"1\" is used already at \$.fields[0].categories[0].key, by a field of unit turn (only fields of one unit share keys: the key sets the field in focus)
bad.json: \$.fields[1].categories[1].key: key \"2\" is used already at \$.fields[0].categories[1].key, by a field of unit turn (only fields of one unit share keys: the key sets the field in focus)" \
	$CONVQA scheme add bad.json
scheme '{"name": "a", "unit": "turn", "type": "binary", "categories": [{"value": "0", "key": "n"}, {"value": "1", "key": "y"}]}'
check_run "a key of navigation" 2 \
	"bad.json: \$.fields[0].categories[0].key: key \"n\" is reserved for next-item (the keys of navigation and other global actions are: u n p ] [ j k t h r ? g q l : A E / +)" \
	$CONVQA scheme add bad.json
scheme '{"name": "a", "unit": "response", "type": "ordinal", "categories": [{"value": "x"}]}'
check_run "1 category" 2 \
	"bad.json: \$.fields[0].categories: expected 2 to 10 categories for an ordinal field, got 1" \
	$CONVQA scheme add bad.json
cats=$(for i in 1 2 3 4 5 6 7 8 9 10 11; do printf '{"value": "%s"},' $i; done)
scheme "{\"name\": \"a\", \"unit\": \"response\", \"type\": \"nominal\", \"categories\": [${cats%,}]}"
check_run "11 categories" 2 \
	"bad.json: \$.fields[0].categories: expected 2 to 10 categories for a nominal field, got 11" \
	$CONVQA scheme add bad.json
scheme '{"name": "a", "unit": "sentence", "type": "text"}'
check_run "an unknown unit" 2 \
	"bad.json: \$.fields[0].unit: unknown unit \"sentence\" (expected one of: turn, passage, response, answer, pair)" \
	$CONVQA scheme add bad.json
scheme '{"name": "a", "unit": "turn", "type": "binary", "categories": [{"value": "0"}, {"value": "0"}, {"value": "1"}]}'
check_run "a binary field of 3 categories, a value twice: both said" 2 \
	"bad.json: \$.fields[0].categories: expected exactly 2 categories for a binary field, got 3
bad.json: \$.fields[0].categories[1].value: value \"0\" is given twice in this field (category values are unique)" \
	$CONVQA scheme add bad.json
printf '{"format": "convqa-scheme", "version": 1, "name": "bad",' >bad.json
run $CONVQA scheme add bad.json
check_eq "a syntax error is bad input" "2|yes" "$rc|$(grep -q '^bad.json:' "$T/err" && echo yes)"
run $CONVQA scheme show bad
check_eq "nothing refused was added" 2 "$rc"

# ---- annotate and label with a project scheme ----------------------------------------
SCHEMES="turn, plausibility, faithfulness, pairwise, likert-4pt, my-turn"
check_run "annotate --task with a project scheme opens it (here: nothing to annotate yet)" 2 \
	"convqa: the project has no items to annotate (import a task file first)" \
	$CONVQA annotate --rater ann --task likert-4pt
check_run "label --task with a project scheme checks its fields" 2 \
	"convqa label: task 'likert-4pt' has no field 'intent' (its fields: completeness, error_type, note; it is a field of task turn: give --task turn)" \
	$CONVQA label --task likert-4pt -r ann -c c -n 1 -s s intent boolean
check_run "label --task with a project scheme checks its values" 2 \
	"convqa label: 'maybe' is not a value of completeness (expected: no (No), mostly no (Mostly no), mostly yes (Mostly yes), yes (Yes))" \
	$CONVQA label --task likert-4pt -r ann -c c -n 1 -s s completeness maybe
check_run "label --task with a project scheme: then the item" 2 \
	"convqa: no conversation 'c' in the project (it has none: import a task file first)" \
	$CONVQA label --task likert-4pt -r ann -c c -n 1 -s s completeness yes
check_run "annotate --task of no scheme lists the schemes there are" 2 \
	"convqa: annotate: no task or scheme 'nope' (schemes: $SCHEMES; add one with: convqa scheme add FILE)" \
	$CONVQA annotate --rater ann --task nope
check_run "label --task of no scheme lists the schemes there are" 2 \
	"convqa label: no task or scheme 'nope' (schemes: $SCHEMES; add one with: convqa scheme add FILE)" \
	$CONVQA label --task nope -r ann -c c -n 1 -s s completeness yes

# ---- changing a scheme that labels use ------------------------------------------------
cat >tasks.json <<'JSON'
{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s"}], "collection": [],
 "conversations": [{"id": "c", "turns": [{"question": "q?", "responses": [{"system": "s", "answer": "a"}]}]}]}
JSON
$CONVQA import tasks.json >/dev/null
$CONVQA label --task likert-4pt -r ann -c c -n 1 -s s completeness "mostly no" >/dev/null
$CONVQA label --task likert-4pt -r bob -c c -n 1 -s s completeness "mostly no" >/dev/null
$CONVQA label --task likert-4pt -r bob -c c -n 1 -s s completeness yes >/dev/null
# change SED: the sample scheme changed by a sed script, into changed.json
change() { sed "$1" "$SAMPLE" >changed.json; }
change '/"value": "mostly no"/d'
check_run "removing a category labels use is refused, with the count" 2 \
	"convqa scheme: cannot change scheme 'likert-4pt': field 'completeness' has no category 'mostly no' any more, which 2 labels use; labels are never changed (add the new scheme under another name: --name NAME)" \
	$CONVQA scheme add changed.json
change 's/"unit": "response",/"unit": "answer",/'
check_run "changing the unit of a field labels use is refused" 2 \
	"convqa scheme: cannot change scheme 'likert-4pt': field 'completeness' judges the response in 3 labels: its unit cannot become answer; labels are never changed (add the new scheme under another name: --name NAME)" \
	$CONVQA scheme add changed.json
change 's/"value": "mostly no"/"value": "TMP"/; s/"value": "yes"/"value": "mostly no"/; s/"value": "TMP"/"value": "yes"/'
check_run "reordering the used categories of an ordinal field is refused" 2 \
	"convqa scheme: cannot change scheme 'likert-4pt': field 'completeness' would move 'mostly no' from place 2 to place 4 of its scale, which 2 labels use (the places of an ordinal scale are part of what its labels mean: add new categories after the last one); labels are never changed (add the new scheme under another name: --name NAME)" \
	$CONVQA scheme add changed.json
change 's/{ "value": "mostly yes", "label": "Mostly yes", "key": "3" },/{ "value": "mostly yes", "label": "Mostly yes", "key": "3" },\n        { "value": "nearly", "label": "Nearly", "key": "5" },/'
check_run "inserting a category before a used one of an ordinal field is refused" 2 \
	"convqa scheme: cannot change scheme 'likert-4pt': field 'completeness' would move 'yes' from place 4 to place 5 of its scale, which 1 label uses (the places of an ordinal scale are part of what its labels mean: add new categories after the last one); labels are never changed (add the new scheme under another name: --name NAME)" \
	$CONVQA scheme add changed.json
run $CONVQA scheme show likert-4pt
if cmp -s "$T/out" "$SAMPLE"; then ok "a refused change changes nothing"; else
	not_ok "a refused change changes nothing" "$(diff "$SAMPLE" "$T/out")"; fi
change 's/{ "value": "yes", "label": "Yes", "key": "4" }/{ "value": "yes", "label": "Yes", "key": "4" },\n        { "value": "fully", "label": "Fully", "key": "5" }/'
run $CONVQA scheme add changed.json
check_eq "adding a category to a field in use is allowed" "0|changed scheme 'likert-4pt' (3 fields)" "$rc|$(cat "$T/out")"
check_run "and the new category can be labelled" 0 "" \
	$CONVQA label --task likert-4pt -r ann -c c -n 1 -s s completeness fully
$CONVQA scheme show likert-4pt | python3 -c 'import json, sys
s = json.load(sys.stdin); s["fields"] = [f for f in s["fields"] if f["name"] != "error_type"]
print(json.dumps(s))' >changed.json
run $CONVQA scheme add changed.json
check_eq "removing a field no label uses is allowed" "0|changed scheme 'likert-4pt' (2 fields)" "$rc|$(cat "$T/out")"

# ---- the UI's key table and the built-in schemes ---------------------------------------
for k in 'turn|e|set-value|intent: extractive' 'turn|c|set-value|answer_correct: correct' \
	'turn|x|set-value|answer_correct: incorrect' 'turn|1-9 0|toggle-rank|passage at rank 1-10' \
	'turn|space|toggle-focused|focused passage' 'turn|-|set-rest|every passage still unjudged' \
	'turn|w|edit-text|write the note' 'plausibility|y|set-value|plausibility: plausible' \
	'faithfulness|f|set-value|faithfulness: faithful'; do
	task=${k%%|*} rest=${k#*|}
	run $CONVQA annotate --keys --task "$task"
	check_grep "annotate --keys --task $task binds ${rest%%|*} as the built-in scheme says" \
		"^| \`${rest%%|*}\` | $(echo "${rest#*|}" | sed 's/|/ | /')" "$T/out"
done
# without a project: the built-ins can be listed and shown, nothing is created
mkdir none && cd none
unset CONVQA_DB
run $CONVQA scheme list
check_eq "scheme list without a project lists the built-ins" "0|turn (built-in)|" \
	"$rc|$(head -1 "$T/out" | cut -d: -f1)|$(cat "$T/err")"
run $CONVQA scheme show plausibility
check_eq "scheme show of a built-in needs no project" "0|\"name\": \"plausibility\"," \
	"$rc|$(grep -o '"name": "plausibility",' "$T/out" | head -1)"
check_run "scheme add needs a project" 3 \
	"convqa: no project at 'convqa.db', the default without --db or \$CONVQA_DB (name yours with --db PATH, or create one with: convqa init --db convqa.db)" \
	$CONVQA scheme add "$CONVQA_TOP/sample_tasks/schemes/likert-4pt.json"
check_eq "and nothing was created" "" "$(ls -A)"
cd ..
done_testing
