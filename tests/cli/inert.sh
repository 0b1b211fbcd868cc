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
done_testing
