#!/bin/sh
# Field roles in a scheme: a field declares what it means (relevance,
# correctness, intent, plausibility, faithfulness, preference, gold_passages); the role
# must fit the field's type and unit, at most one field has a role, and a
# threshold names the lowest category that counts (required for an ordinal
# correctness scale). show prints roles and thresholds as add reads them.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null

scheme() {   # the fields given, in a scheme named ${NAME:-bad}
	printf '{"format": "convqa-scheme", "version": 1, "name": "%s", "description": "d", "fields": [%s]}\n' "${NAME:-bad}" "$1" >s.json
}
GRADED='{"name": "grade", "unit": "passage", "type": "ordinal", "role": "relevance", "threshold": "2",
  "categories": [{"value": "0"}, {"value": "1"}, {"value": "2"}, {"value": "3"}]}'
CORRECT='{"name": "correct", "unit": "response", "type": "ordinal", "role": "correctness", "threshold": "mostly",
  "categories": [{"value": "no"}, {"value": "partly"}, {"value": "mostly"}, {"value": "fully"}]}'

run $CONVQA scheme show turn
check_grep "the built-in turn scheme declares its relevance field" '"role": "relevance"' "$T/out"
check_eq "... and its correctness, intent and gold passages fields" "correctness gold_passages intent relevance" \
	"$(grep -o '"role": "[a-z_]*"' "$T/out" | sed 's/.*: "//; s/"//' | sort | tr '\n' ' ' | sed 's/ $//')"

NAME=roles scheme "$GRADED, $CORRECT"
run $CONVQA scheme add s.json
check_eq "a graded relevance field and a 4-point correctness scale with thresholds are added" \
	"0|added scheme 'roles' (2 fields)" "$rc|$(cat "$T/out")"
run $CONVQA scheme show roles
check_eq "show prints role and threshold (as a category value)" \
	'"role": "relevance",|"threshold": "2",|"role": "correctness",|"threshold": "mostly",' \
	"$(grep -E '"(role|threshold)"' "$T/out" | sed 's/^ *//' | tr '\n' '|' | sed 's/|$//')"
$CONVQA scheme show roles >again.json
run $CONVQA scheme add again.json
check_eq "what show prints, add reads back unchanged" "0|unchanged: the project has the same scheme 'roles' (2 fields)" \
	"$rc|$(cat "$T/out")"

# ---- refused, with the JSON path ------------------------------------------------
scheme '{"name": "a", "unit": "passage", "type": "binary", "role": "relevant", "categories": [{"value": "0"}, {"value": "1"}]}'
check_run "an unknown role" 2 \
	"s.json: \$.fields[0].role: unknown role \"relevant\" (expected one of: relevance, correctness, intent, plausibility, faithfulness, preference, gold_passages)" \
	$CONVQA scheme add s.json
scheme '{"name": "a", "unit": "response", "type": "binary", "role": "relevance", "categories": [{"value": "0"}, {"value": "1"}]}'
check_run "relevance judges passages" 2 \
	"s.json: \$.fields[0].role: role \"relevance\" is for a passage field, binary or ordinal (graded), not a response binary field" \
	$CONVQA scheme add s.json
scheme '{"name": "a", "unit": "response", "type": "nominal", "role": "correctness", "categories": [{"value": "y"}, {"value": "n"}]}'
check_run "correctness is binary or ordinal" 2 \
	"s.json: \$.fields[0].role: role \"correctness\" is for a binary or ordinal field, not a response nominal field" \
	$CONVQA scheme add s.json
scheme '{"name": "a", "unit": "response", "type": "nominal", "role": "preference", "categories": [{"value": "a"}, {"value": "b"}]}'
check_run "preference judges pairs" 2 \
	"s.json: \$.fields[0].role: role \"preference\" is for a pair field with categories, not a response nominal field" \
	$CONVQA scheme add s.json
scheme '{"name": "a", "unit": "pair", "type": "nominal", "role": "preference", "categories": [{"value": "a"}, {"value": "b"}]},
  {"name": "n", "unit": "response", "type": "text"}'
check_run "a scheme's fields judge pairs or none do" 2 \
	"s.json: \$.fields[1].unit: a scheme's fields judge pairs or none do (field \"a\" judges a pair)" \
	$CONVQA scheme add s.json
scheme '{"name": "a", "unit": "turn", "type": "ordinal", "role": "intent", "categories": [{"value": "y"}, {"value": "n"}]}'
check_run "intent is nominal" 2 \
	"s.json: \$.fields[0].role: role \"intent\" is for a nominal field, not a turn ordinal field" \
	$CONVQA scheme add s.json
scheme '{"name": "a", "unit": "turn", "type": "text", "role": "gold_passages"}'
check_run "gold passages are named on a response" 2 \
	"s.json: \$.fields[0].role: role \"gold_passages\" is for a response field of type text, not a turn text field" \
	$CONVQA scheme add s.json
scheme "$GRADED, {\"name\": \"b\", \"unit\": \"passage\", \"type\": \"binary\", \"role\": \"relevance\", \"categories\": [{\"value\": \"0\"}, {\"value\": \"1\"}]}"
check_run "at most one field per role" 2 \
	"s.json: \$.fields[1].role: role \"relevance\" is given already to field \"grade\" (at most one field per role in a scheme)" \
	$CONVQA scheme add s.json
scheme "$(echo "$CORRECT" | sed 's/"threshold": "mostly",//')"
check_run "an ordinal correctness scale needs a threshold" 2 \
	"s.json: \$.fields[0].threshold: an ordinal correctness field needs a threshold: the value of the lowest category that counts as correct (add \"threshold\": \"VALUE\")" \
	$CONVQA scheme add s.json
scheme "$(echo "$CORRECT" | sed 's/"threshold": "mostly"/"threshold": "most"/')"
check_run "the threshold is a category value" 2 \
	"s.json: \$.fields[0].threshold: \"most\" is no category value of this field (the threshold is the value of the lowest category that counts as correct)" \
	$CONVQA scheme add s.json
scheme '{"name": "a", "unit": "turn", "type": "nominal", "role": "intent", "threshold": "y", "categories": [{"value": "y"}, {"value": "n"}]}'
check_run "only relevance and correctness have a threshold" 2 \
	"s.json: \$.fields[0].threshold: only a relevance or correctness field has a threshold" \
	$CONVQA scheme add s.json
check_run "nothing refused was added" 2 \
	"convqa scheme: no scheme 'bad' (schemes: turn, plausibility, faithfulness, pairwise, roles)" $CONVQA scheme show bad
done_testing
