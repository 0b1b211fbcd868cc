#!/bin/sh
# The fake system of tests/unit/test_system.c speaks the protocol of
# docs/systems.md: each line it writes validates against
# schemas/system-reply.schema.json (the turns convqa writes are checked
# against schemas/system-turn.schema.json by the unit test), and a line
# that is not the protocol does not.
. "$CONVQA_TOP/tests/lib.sh"
V="/usr/bin/python3 $CONVQA_TOP/tests/tools/validate_json_schema.py"
S="$CONVQA_TOP/schemas/system-reply.schema.json"
turn='{"type":"turn","id":1,"conversation":"c1","history":[{"question":"q0","answer":null}],"question":"q1"}'
for mode in echo big error wrongid; do
	printf '%s\n' "$turn" | python3 "$CONVQA_TOP/tests/fixtures/fake_system.py" $mode >out.jsonl
	n=0
	while IFS= read -r line; do
		n=$((n + 1))
		printf '%s\n' "$line" >"$mode.$n.json"
	done <out.jsonl
	check_eq "fake_system.py $mode writes a hello and a reply" 2 "$n"
	run $V "$S" "$mode".*.json
	check_eq "the lines of fake_system.py $mode validate against system-reply.schema.json" "0|" "$rc|$(head -3 "$T/out")"
done
printf '%s\n' '{"type": "reply", "id": 1}' >noanswer.json
printf '%s\n' '{"type": "reply", "id": 1, "answer": "a", "passages": [{"id": "p1"}]}' >notext.json
for f in noanswer notext; do
	run $V "$S" $f.json
	check_eq "a reply without its $(echo $f | sed 's/^no//') does not validate" 1 "$rc"
done
done_testing
