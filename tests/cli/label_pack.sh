#!/bin/sh
# Label packs (store_label_pack.c): a command that writes packs the label
# rows not packed yet, 4096 at a time; the report reads the packs and the
# rows after them, and says exactly what it says from the rows alone. A
# command that only reads packs nothing; a damaged pack is named by the
# report and by convqa check with what to do; packs deleted are made again.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB=p.db CONVQA_NOW=2026-03-04T05:06:07Z
q() { sqlite3 p.db "$1"; }
$CONVQA init >/dev/null
# 50 conversations of the report benchmark's workload: 5,000 labels in
# 14,500 label rows, written by SQL around convqa (as by another tool)
{ echo "CREATE TEMP TABLE bench_size AS SELECT 50 AS conversations;"; cat "$CONVQA_TOP/bench/report_gen.sql"; } |
	sqlite3 p.db >/dev/null
check_eq "the workload: 14,500 label rows, none packed" "14500|0" \
	"$(q "SELECT count(*) FROM label")|$(q "SELECT count(*) FROM label_pack")"

# reports ALL-OR-NOTHING: the outputs compared (text, JSON, by every
# grouping, a consensus, agreement) into $T/$1.*
reports() {
	$CONVQA report >"$T/$1.text" 2>&1
	$CONVQA report --format json >"$T/$1.json" 2>&1
	$CONVQA report --by all >"$T/$1.by" 2>&1
	$CONVQA report --consensus majority --format csv >"$T/$1.csv" 2>&1
	$CONVQA agreement >"$T/$1.agreement" 2>&1
}
reports unpacked0
run $CONVQA info
check_eq "commands that only read pack nothing" "0|0" "$rc|$(q "SELECT count(*) FROM label_pack")"

run $CONVQA label -r alice -c c1 -n 1 -s dense answer_correct 1
check_eq "a command that writes packs them: 3 packs of 4,096; the last 2,213 rows wait for more" \
	"0|3|12288|1|12288|14501" \
	"$rc|$(q "SELECT count(*) FROM label_pack")|$(q "SELECT sum(n) FROM label_pack")|$(q "SELECT min(first_id) FROM label_pack")|$(q "SELECT max(last_id) FROM label_pack")|$(q "SELECT max(id) FROM label")"
check_eq "   each pack holds its range, without gaps or overlaps" "1|4096|4096
4097|8192|4096
8193|12288|4096" "$(q "SELECT first_id, last_id, n FROM label_pack ORDER BY last_id" | tr '|' '|')"
reports packed
mkdir u && cp p.db u/p.db && sqlite3 u/p.db "DELETE FROM label_pack"
(cd u && reports unpacked)
for kind in text json by csv agreement; do
	if cmp -s "$T/packed.$kind" "$T/unpacked.$kind" && [ -s "$T/packed.$kind" ]; then
		ok "report ($kind) from packs = from the rows alone"
	else
		not_ok "report ($kind) from packs = from the rows alone" "$(diff "$T/packed.$kind" "$T/unpacked.$kind" | head -20)"
	fi
done
check_grep "   and it is a report of the labels (agreement between alice and bob)" "alice" "$T/packed.agreement"
if cmp -s "$T/unpacked0.text" "$T/packed.text"; then not_ok "the label added shows in the report" "the same report"
else ok "the label added shows in the report"; fi
run $CONVQA check
check_eq "check: the packs are the rows' copy" "0" "$rc"

# a row changed (its trigger dropped, as a tool could) drops its pack and those after
cp p.db changed.db
sqlite3 changed.db "DROP TRIGGER label_no_update; UPDATE label SET value = '0' WHERE id = 5000"
check_eq "a label row changed in pack 2 drops packs 2 and 3" "4096" \
	"$(sqlite3 changed.db "SELECT group_concat(last_id) FROM label_pack")"

# damage: a pack cut short, a pack of other rows
cp p.db cut.db
sqlite3 cut.db "UPDATE label_pack SET data = substr(data, 1, 100) WHERE last_id = 4096"
CONVQA_DB=cut.db run $CONVQA report
check_eq "a pack cut short: the report refuses it and says what to do" \
	"3|convqa: damaged project 'cut.db': label_pack 4096 (labels 1 to 4096): its strings run past its end; it is a copy of the label rows kept for the report: delete it (sqlite3 FILE 'DELETE FROM label_pack') and convqa packs them again (convqa check lists every problem)" \
	"$rc|$(cat "$T/err")"
CONVQA_DB=cut.db run $CONVQA check
check_grep "   check names it too" "^label_pack 4096 (labels 1 to 4096): its strings run past its end (a copy of the label rows kept for the report: delete it with sqlite3 FILE 'DELETE FROM label_pack' and convqa packs them again)" "$T/out"
check_eq "   exit 3" 3 "$rc"
cp p.db swapped.db
sqlite3 swapped.db "UPDATE label_pack SET data = (SELECT data FROM label_pack WHERE last_id = 8192) WHERE last_id = 4096"
CONVQA_DB=swapped.db run $CONVQA check
check_grep "a pack holding other rows than its range's: check says so" \
	"^label_pack 4096 (labels 1 to 4096): a row of it is not a label row of its range" "$T/out"
cp p.db gap.db
sqlite3 gap.db "DELETE FROM label_pack WHERE last_id = 4096"
CONVQA_DB=gap.db run $CONVQA report
check_eq "a pack missing (rows between two packs, or before the first): the report refuses it" \
	"3|convqa: damaged project 'gap.db': label_pack 8192 (labels 4097 to 8192): label rows lie between it and the pack before it (a pack is missing); it is a copy of the label rows kept for the report: delete it (sqlite3 FILE 'DELETE FROM label_pack') and convqa packs them again (convqa check lists every problem)" \
	"$rc|$(cat "$T/err")"
CONVQA_DB=gap.db run $CONVQA check
check_grep "   check names it" "^label_pack 8192 (labels 4097 to 8192): label rows lie between it and the pack before it" "$T/out"
CONVQA_DB=gap.db run $CONVQA info
check_eq "   info counts the rows as they are" "14501" "$(sed -n 's/^label rows *//p' "$T/out")"
cp p.db other.db
sqlite3 other.db "DROP TRIGGER label_no_update; DROP TRIGGER label_pack_stale_update;
	UPDATE label SET value = CASE value WHEN '1' THEN '0' ELSE '1' END WHERE id = 5000"
CONVQA_DB=other.db run $CONVQA check
check_grep "a row changed behind the pack's back: check names the row" \
	"^label_pack 8192 (labels 4097 to 8192): label 5000 differs from its copy in the pack" "$T/out"

# packs deleted are made again by the next command that writes
sqlite3 cut.db "DELETE FROM label_pack"
CONVQA_DB=cut.db run $CONVQA rater add carol
check_eq "packs deleted: the next command that writes makes them again" "0|3" \
	"$rc|$(sqlite3 cut.db "SELECT count(*) FROM label_pack")"
CONVQA_DB=cut.db run $CONVQA check
check_eq "   and check finds nothing wrong" 0 "$rc"

# a project that cannot be written: read, never packed
cp u/p.db ro.db
chmod a-w ro.db
if [ -w ro.db ]; then
	skip "a read-only project is reported without packing" "running as a user who writes any file"
else
	CONVQA_DB=ro.db run $CONVQA report
	check_eq "a read-only project is reported, not packed" "0|0" "$rc|$(sqlite3 ro.db "SELECT count(*) FROM label_pack")"
fi
done_testing
