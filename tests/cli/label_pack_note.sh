#!/bin/sh
# Packing a million label rows or more at once (an upgraded project, labels
# written around convqa) takes a second or more a million: the command
# that does it says so once on stderr, so that the wait is not taken for a
# hang; its own output is unchanged, and the next command says nothing.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB=p.db CONVQA_NOW=2026-03-04T05:06:07Z
$CONVQA init >/dev/null
# 3,700 conversations of the report benchmark's workload: 1,073,000 label rows by SQL
{ echo "CREATE TEMP TABLE bench_size AS SELECT 3700 AS conversations;"; cat "$CONVQA_TOP/bench/report_gen.sql"; } |
	sqlite3 p.db >/dev/null
check_eq "(the set-up: 1,073,000 label rows, none packed)" "1073000|0" \
	"$(sqlite3 p.db "SELECT count(*) FROM label")|$(sqlite3 p.db "SELECT count(*) FROM label_pack")"
run $CONVQA info
check_eq "a command that only reads packs nothing and says nothing" "0||0" \
	"$rc|$(cat "$T/err")|$(sqlite3 p.db "SELECT count(*) FROM label_pack")"
run $CONVQA rater add zed
check_eq "the command that packs says so once, after its first transaction (8 packs of 4,096)" \
	"0|added rater 'zed' (rater)|convqa: packing the project's label rows for faster reports: 32768 done, 1040232 to go (once; about a second a million)" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
check_eq "   and packs every whole 4,096" "261|1069056" "$(sqlite3 p.db "SELECT count(*), sum(n) FROM label_pack")"
run $CONVQA rater add zoe
check_eq "the next command has nothing to say" "0|" "$rc|$(cat "$T/err")"
done_testing
