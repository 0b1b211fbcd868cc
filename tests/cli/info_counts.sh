#!/bin/sh
# convqa info counts current labels from the label packs and the rows after
# them (store_label_count.c): its "labels" and "label rows" are exactly what
# the SQL over the label table counts, without packs, with them, with rows
# after them that change or clear packed values in rounds and outside, of
# units of every kind, and with a damaged pack (read from the rows then).
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB=p.db CONVQA_NOW=2026-03-04T05:06:07Z
$CONVQA init >/dev/null
# 50 conversations of the report benchmark's workload: 14,500 label rows
# written by SQL around convqa
{ echo "CREATE TEMP TABLE bench_size AS SELECT 50 AS conversations;"; cat "$CONVQA_TOP/bench/report_gen.sql"; } |
	sqlite3 p.db >/dev/null

# sql DB: "labels|label rows" as the SQL counts them
sql() {
	sqlite3 "$1" "SELECT count(*) FROM label l WHERE l.value IS NOT NULL AND l.id = (SELECT max(x.id) FROM label x
		WHERE x.turn_id = l.turn_id AND x.rater_id = l.rater_id AND x.round_id IS l.round_id AND x.task = l.task
		AND x.field = l.field AND x.unit = l.unit AND x.unit_ref = l.unit_ref)" | tr '\n' '|'
	sqlite3 "$1" "SELECT count(*) FROM label"
}
# info DB: "labels|label rows" as convqa info says
info() {
	CONVQA_DB=$1 $CONVQA info | awk '/^labels / { l = $2 } /^label rows / { r = $3 } END { print l "|" r }'
}
# same DESCRIPTION DB: info's counts are the SQL's (and not nothing)
same() {
	want=$(sql "$2")
	case $want in 0\|*|\|*) not_ok "$1" "the SQL counts no labels: $want"; return ;; esac
	check_eq "$1" "$want" "$(info "$2")"
}

same "no packs: info counts what the SQL counts" p.db
check_eq "   and reads, packs nothing" 0 "$(sqlite3 p.db "SELECT count(*) FROM label_pack")"

# later rows: alice clears 500 values and changes 500 more (the history the
# packs hold), in a round and outside; pair units; a row of a round that
# clears a value given outside rounds (another unit: both count)
sqlite3 p.db "PRAGMA foreign_keys = OFF;
INSERT INTO round(id, name, task, created_at) VALUES (1, 'r1', 'turn', '2026-01-01T00:00:00Z');
INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, value, seconds, created_at, unit, turn_id, unit_ref)
  SELECT response_id, rater_id, round_id, task, field, passage_rank, CASE WHEN id % 2 = 0 THEN NULL ELSE 'x' END,
    1, '2026-02-01T00:00:00Z', unit, turn_id, unit_ref FROM label WHERE rater_id = 1 AND id % 7 = 0 LIMIT 1000;
INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, value, seconds, created_at, unit, turn_id, unit_ref)
  SELECT response_id, rater_id, 1, task, field, passage_rank, CASE WHEN id % 3 = 0 THEN NULL ELSE 'y' END,
    1, '2026-02-01T00:00:00Z', unit, turn_id, unit_ref FROM label WHERE rater_id = 2 AND id % 11 = 0 LIMIT 600;
INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, value, seconds, created_at, unit, turn_id, unit_ref)
  SELECT r.id, 2, CASE WHEN r.id % 2 = 0 THEN 1 END, 'pairwise', 'preference', 0,
    CASE WHEN r.id % 5 = 0 THEN NULL ELSE 'A' END, 1, '2026-02-01T00:00:00Z', 'pair', r.turn_id, r.id
  FROM response r WHERE r.id <= 300;"
same "rows that clear and change values, rounds and none, pair units: the SQL's counts" p.db

run $CONVQA rater add carol
check_eq "a command that writes packs the rows" "0|4" "$rc|$(sqlite3 p.db "SELECT count(*) FROM label_pack")"
same "packs and the rows after them: the SQL's counts" p.db
sqlite3 p.db "INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, value, seconds, created_at, unit, turn_id, unit_ref)
  SELECT response_id, rater_id, round_id, task, field, passage_rank, NULL, 1, '2026-03-01T00:00:00Z', unit, turn_id,
    unit_ref FROM label WHERE id % 5 = 1 AND id <= 16384"
same "rows after the packs that clear packed values: the SQL's counts" p.db

cp p.db cut.db
sqlite3 cut.db "UPDATE label_pack SET data = substr(data, 1, 100) WHERE last_id = 8192"
same "a pack cut short: counted from the rows, the SQL's counts" cut.db
sqlite3 cut.db "DELETE FROM label_pack"
same "the packs deleted: the SQL's counts" cut.db
done_testing
