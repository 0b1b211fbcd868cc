#!/bin/sh
# Every sample task and every test fixture validates against
# schemas/tasks.schema.json; the sample tasks import; the hostile fixture is
# what its generator makes; the schemas themselves are valid JSON Schema.
. "$CONVQA_TOP/tests/lib.sh"
V="/usr/bin/python3 $CONVQA_TOP/tests/tools/validate_json_schema.py"
for f in "$CONVQA_TOP"/sample_tasks/*.json "$FIXTURES"/*.json "$CONVQA_TOP"/tests/ui/fixtures/*.json; do
	if $V "$CONVQA_TOP/schemas/tasks.schema.json" "$f" >"$T/v" 2>&1; then ok "$(basename "$f") validates against the task schema"; else
		not_ok "$(basename "$f") does not validate" "$(cat "$T/v")"; fi
done
# the built-in label schemes and the sample scheme against the scheme schema
for f in "$CONVQA_TOP"/schemas/builtin/*.json "$CONVQA_TOP"/sample_tasks/schemes/*.json; do
	if $V "$CONVQA_TOP/schemas/scheme.schema.json" "$f" >"$T/v" 2>&1; then ok "$(basename "$f") validates against the scheme schema"; else
		not_ok "$(basename "$f") does not validate against the scheme schema" "$(cat "$T/v")"; fi
done
if /usr/bin/python3 "$CONVQA_TOP/tests/tools/gen_unicode_hostile.py" --check >"$T/v" 2>&1; then
	ok "tests/fixtures/unicode_hostile.json is what gen_unicode_hostile.py makes"; else
	not_ok "tests/fixtures/unicode_hostile.json is out of date" "$(cat "$T/v")"; fi
for s in "$CONVQA_TOP"/schemas/*.json; do
	if /usr/bin/python3 -c 'import json, sys
from jsonschema import Draft202012Validator
Draft202012Validator.check_schema(json.load(open(sys.argv[1])))' "$s" >"$T/v" 2>&1; then
		ok "$(basename "$s") is a valid draft 2020-12 schema"; else not_ok "$(basename "$s") is not a valid schema" "$(tail -3 "$T/v")"; fi
done
# the schema and the importer agree on what they refuse
cat >bad.json <<'J'
{"format": "convqa-tasks", "version": 1, "conversations": [{"id": "c", "turns": [{"question": "q",
 "responses": [{"system": "s", "answer": "a", "passages": [{"rank": 0, "text": "t"}]}]}]}]}
J
$CONVQA init --db p.db >/dev/null
if ! $V "$CONVQA_TOP/schemas/tasks.schema.json" bad.json >/dev/null 2>&1 && ! $CONVQA import --db p.db bad.json 2>/dev/null; then
	ok "schema and importer both refuse rank 0"; else not_ok "schema and importer disagree on rank 0"; fi
$CONVQA import --db p.db -q "$CONVQA_TOP"/sample_tasks/*.json
check_eq "all sample tasks import" 0 $?
done_testing
