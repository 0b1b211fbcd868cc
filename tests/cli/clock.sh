#!/bin/sh
# One clock: every time stamp convqa writes (rounds, raters, labels,
# guidelines, schemes, imports, exports, reports) takes $CONVQA_NOW when it
# is set, so no test depends on the day it runs; a CONVQA_NOW that is not a
# time is refused before anything is written.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
q() { sqlite3 "$T/p.db" "$1"; }
at=2031-02-03T04:05:06.000Z

$CONVQA init >/dev/null
$CONVQA import "$CONVQA_TOP/sample_tasks/demo.json" >/dev/null
$CONVQA rater add alice >/dev/null
$CONVQA rater add bob >/dev/null
$CONVQA guidelines set "$CONVQA_TOP/sample_tasks/guidelines.md" >/dev/null
$CONVQA round create r1 --raters alice,bob --conversations 1 --seed 3 >/dev/null
$CONVQA scheme add "$CONVQA_TOP/sample_tasks/schemes/"$(ls "$CONVQA_TOP/sample_tasks/schemes" | head -1) >/dev/null 2>&1
set -- $(q "SELECT c.ext_id, t.position, sy.name FROM assignment a JOIN round ro ON ro.id = a.round_id
	JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id
	JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id
	WHERE ra.name = 'alice' ORDER BY a.seq LIMIT 1" | tr '|' ' ')
$CONVQA label --round r1 -r alice -c "$1" -n "$2" -s "$3" answer_correct 1 >/dev/null

# every text column of the project that holds a time
stamps=$(sqlite3 "$T/p.db" "SELECT m.name || '.' || p.name FROM sqlite_master m, pragma_table_info(m.name) p
	WHERE m.type = 'table' AND (p.name LIKE '%_at' OR p.name = 'created')" | while IFS=. read -r t c; do
	q "SELECT DISTINCT $c FROM \"$t\" WHERE $c IS NOT NULL"; done | sort -u)
check_eq "every time stamp in the project is CONVQA_NOW's" "$at" "$stamps"
check_eq "... among them the round's and the label's" "$at|$at" \
	"$(q "SELECT created_at FROM round")|$(q "SELECT created_at FROM label")"
run $CONVQA export -o labels.json
check_grep "export's exported_at" "\"exported_at\": \"$at\"" labels.json
run $CONVQA report -f json
check_grep "report's generated_at" "\"generated_at\": \"$at\"" "$T/out"
run $CONVQA round list
check_grep "round list shows the day of the fixed clock" "^r1 .* 2031-02-03$" "$T/out"

CONVQA_NOW=2031-02-03T04:05:06.789Z $CONVQA label --round r1 -r alice -c "$1" -n "$2" -s "$3" answer_correct 0 >/dev/null
check_eq "milliseconds are kept" "2031-02-03T04:05:06.789Z" "$(q "SELECT max(created_at) FROM label")"

n=$(q "SELECT count(*) FROM label")
for bad in yesterday 2031-13-01T00:00:00Z 2031-02-29T00:00:00Z 2031-02-03T24:00:00Z 2031-02-03 \
	2031-02-03T04:05:06.7Z; do
	CONVQA_NOW=$bad run $CONVQA label --round r1 -r alice -c "$1" -n "$2" -s "$3" answer_correct 1
	check_eq "CONVQA_NOW=$bad is refused, nothing written" "1|convqa: CONVQA_NOW='$bad' is not a time: expected YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DDTHH:MM:SS.mmmZ (UTC), or unset it to use the clock|$n" \
		"$rc|$(cat "$T/err")|$(q "SELECT count(*) FROM label")"
done
CONVQA_NOW=2032-02-29T00:00:00Z run $CONVQA label --round r1 -r alice -c "$1" -n "$2" -s "$3" answer_correct 1
check_eq "a leap day is a day" "0|2032-02-29T00:00:00.000Z" "$rc|$(q "SELECT max(created_at) FROM label")"

# unset: the real clock (a time of this century, not the fixed one)
unset CONVQA_NOW
$CONVQA round create r2 --raters alice --conversations 1 >/dev/null
check_grep "unset, the real clock" "^20[0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-9:]*\.[0-9]*Z$" \
	"$(q "SELECT created_at FROM round WHERE name = 'r2'" >"$T/r2"; echo "$T/r2")"
check_eq "... not the fixed one" "0" "$(grep -c 2031 "$T/r2")"
done_testing
