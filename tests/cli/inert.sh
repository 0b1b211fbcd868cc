#!/bin/sh
# Text from task files never reaches the terminal as control sequences: ids
# with escape sequences (tests/fixtures/unicode_hostile.json) in reports.
. "$CONVQA_TOP/tests/lib.sh"
ESC=$(printf '\033')

$CONVQA init --db p.db >/dev/null
$CONVQA import --db p.db -q "$FIXTURES/unicode_hostile.json"
cid=$(sqlite3 p.db "SELECT ext_id FROM conversation WHERE instr(ext_id, char(27)) > 0 LIMIT 1")
sys=$(sqlite3 p.db "SELECT s.name FROM system s JOIN response r ON r.system_id = s.id JOIN turn t ON t.id = r.turn_id
	JOIN conversation c ON c.id = t.conversation_id WHERE c.ext_id = '$cid' AND t.position = 1 LIMIT 1")
check_eq "the sample has a conversation id with an escape sequence" 1 "$(printf '%s' "$cid" | grep -c "$ESC")"
$CONVQA label --db p.db -r a -c "$cid" -n 1 -s "$sys" answer_correct 1
$CONVQA label --db p.db -r b -c "$cid" -n 1 -s "$sys" answer_correct 0
for f in text md; do
	$CONVQA report --db p.db --by conversation,system --format $f >out.$f
	check_eq "report --format $f shows the id inert" "0 1" "$(grep -c "$ESC" out.$f) $(grep -c 'hostile-^\[\[31m' out.$f)"
done
$CONVQA agreement --db p.db >out.agr
check_eq "agreement shows no escape sequence" 0 "$(grep -c "$ESC" out.agr)"
$CONVQA report --db p.db --by conversation --format csv >out.csv
check_eq "CSV into a file keeps the id exactly (a row per table)" 2 "$(grep -c "$ESC" out.csv)"
if command -v script >/dev/null 2>&1; then
	script -qec "$CONVQA report --db p.db --by conversation --format csv" /dev/null >out.tty 2>&1
	check_eq "CSV on a terminal is made inert" "0 2" "$(grep -c "$ESC" out.tty) $(grep -c 'hostile-^\[\[31m' out.tty)"
else
	skip "CSV on a terminal is made inert" "script(1) is not installed"
fi
# Every JSON convqa writes escapes control and bidi characters (C0, DEL,
# C1, U+061C, U+200E/F, U+202A-E, U+2066-9, U+2028/9) as \uXXXX, into a
# file and onto a terminal alike, and reads back as the text it was: the
# fixture's metadata, kept as JSON, holds them (issue 18, item 7)
hidden() { # FILE: "N hidden characters" and whether it is JSON (a terminal's CRs dropped)
	python3 - "$1" <<'PY'
import json, sys
t = open(sys.argv[1], encoding="utf-8", errors="replace").read().replace("\r\n", "\n")
bad = [c for c in t if (ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) <= 0x9f or ord(c) in
       (0x61c, 0x200e, 0x200f, 0x2028, 0x2029) or 0x202a <= ord(c) <= 0x202e or 0x2066 <= ord(c) <= 0x2069]
try:
    json.loads(t); ok = "JSON"
except ValueError:
    ok = "not JSON"
print(len(bad), "hidden,", ok, " ".join("U+%04X" % ord(c) for c in sorted(set(bad))))
PY
}
cat >hostile-scheme.json <<'JSON'
{"format": "convqa-scheme", "version": 1, "name": "hostile",
 "description": "C1 \u009b2J NEL \u0085 RLO \u202eevil\u202c LRI \u2066x\u2069 DEL \u007f",
 "fields": [{"name": "verdict", "unit": "response", "type": "nominal", "help": "LS \u2028 ALM \u061c",
   "categories": [{"value": "ok\u200e", "label": "fine \u009b31m", "key": "1"}, {"value": "bad", "key": "2"}]}]}
JSON
$CONVQA scheme add --db p.db hostile-scheme.json >/dev/null
$CONVQA label --db p.db -t hostile -r a -c "$cid" -n 1 -s "$sys" verdict "$(printf 'ok\342\200\216')"
json_out() { # NAME COMMAND...: the command's JSON into out.NAME
	_name=$1; shift
	"$@" >"out.$_name" 2>/dev/null
}
json_out tasks $CONVQA export --db p.db --format tasks
json_out gold $CONVQA export --db p.db --format gold-extension
json_out labels $CONVQA export --db p.db
json_out report $CONVQA report --db p.db --by conversation,system --format json
json_out agreement $CONVQA agreement --db p.db --format json
json_out scheme $CONVQA scheme show --db p.db hostile
for f in tasks gold labels report agreement scheme; do
	check_eq "$f JSON escapes every control and bidi character" "0 hidden, JSON " "$(hidden out.$f)"
done
meta() { python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); c = [c for c in d["conversations"] if c["id"].startswith("hostile")][0]; print(ascii(c["metadata"]["controls"]), ascii(c["turns"][1]["metadata"]))' "$1"; }
check_eq "the tasks export reads back as the metadata it was given" "$(meta "$FIXTURES/unicode_hostile.json")" "$(meta out.tasks)"
check_eq "   the gold extension too" "$(meta "$FIXTURES/unicode_hostile.json")" "$(meta out.gold)"
check_eq "the scheme shown reads back as the scheme added" \
	"$(python3 -c 'import json, sys; f = json.load(open(sys.argv[1]))["fields"][0]; [c.setdefault("label", c["value"]) for c in f["categories"]]; print(json.dumps(f, sort_keys=True))' hostile-scheme.json)" \
	"$(python3 -c 'import json, sys; f = json.load(open(sys.argv[1]))["fields"][0]; f.pop("required"); print(json.dumps(f, sort_keys=True))' out.scheme)"
if command -v script >/dev/null 2>&1; then
	for f in "export --format tasks" "export --format gold-extension" "scheme show hostile"; do
		script -qec "$CONVQA $f --db p.db 2>/dev/null" /dev/null >out.tty 2>&1
		check_eq "$f on a terminal: the same escapes" "0 hidden, JSON " "$(hidden out.tty)"
	done
else
	skip "JSON on a terminal" "script(1) is not installed"
fi
done_testing
