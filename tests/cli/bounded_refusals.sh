#!/bin/sh
# What convqa will refuse it refuses before unbounded work: a scheme with a
# million categories is refused by its count, not after reading each one;
# /dev/zero is no scheme and no labels file (the first NUL byte ends the
# reading); a scheme is at most 1 MiB; a project read by import-labels is
# read from its tables only (a view over a recursive query never ends),
# with as much work as a file of its size can ask (issue 18, item 10).
# Every command runs under a timeout: before these fixes each ran for
# minutes.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null
$CONVQA import -q "$CONVQA_TOP/tests/ui/fixtures/small.json"
$CONVQA label -r ann -c c1 -n 1 -s sys-a answer_correct 1

# ---- scheme add ----------------------------------------------------------------
python3 - <<'PY'
import itertools, json, string
values = ("".join(p) for p in itertools.product(string.ascii_lowercase, repeat=4))
cats = [{"value": v} for v in itertools.islice(values, 60000)]
json.dump({"format": "convqa-scheme", "version": 1, "name": "many", "description": "d",
           "fields": [{"name": "f", "unit": "response", "type": "nominal", "categories": cats}]},
          open("many.json", "w"), separators=(",", ":"))
PY
check_eq "   (the scheme of 60,000 categories is under 1 MiB)" 1 "$(($(stat -c %s many.json) < 1048576))"
run timeout 10 $CONVQA scheme add many.json
check_eq "a scheme of 60,000 categories is refused at once, by their count" \
	"2|many.json: \$.fields[0].categories: expected 2 to 10 categories for a nominal field, got 60000" \
	"$rc|$(cat err)"

run timeout 10 $CONVQA scheme add /dev/zero
check_eq "/dev/zero is no scheme: refused at its first byte" \
	"2|/dev/zero:1:1: syntax error: expected a value, found a NUL byte" "$rc|$(cat err)"

head -c 1048577 /dev/zero | tr '\0' ' ' >big.json
check_run "a scheme file larger than 1 MiB is refused" 4 \
	"convqa: cannot read 'big.json': larger than 1 MiB, and no scheme is that large (is it a scheme file?)" \
	$CONVQA scheme add big.json
run sh -c "yes | timeout 10 $CONVQA scheme add /dev/stdin"
check_eq "   so is an endless pipe, after its first MiB" \
	"4|convqa: cannot read '/dev/stdin': larger than 1 MiB, and no scheme is that large (is it a scheme file?)" \
	"$rc|$(cat err)"
check_eq "no scheme was added" "" "$(sqlite3 p.db "SELECT name FROM scheme")"

# ---- import-labels -------------------------------------------------------------
run timeout 10 $CONVQA import-labels /dev/zero
check_eq "/dev/zero is no labels file: refused at its first byte" \
	"2|/dev/zero:1:1: syntax error: expected a value, found a NUL byte" "$rc|$(cat err)"
run sh -c "timeout 10 $CONVQA import-labels - </dev/zero"
check_eq "   nor is it on standard input" \
	"2|standard input:1:1: syntax error: expected a value, found a NUL byte" "$rc|$(cat err)"

# a forged project whose label is a view over a recursive query: rows without end
cp p.db forged.db
sqlite3 forged.db "DROP TABLE label; CREATE VIEW label(id, response_id, rater_id, round_id, task, field,
	passage_rank, value, seconds, created_at, unit, turn_id, unit_ref) AS
	WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
	SELECT i, 1, 1, NULL, 'turn', 'answer_correct', 0, '1', 0, '2026-01-01T00:00:00.000Z', 'response', 1, 1 FROM n"
check_run "a project whose label is a view is refused before it is read" 3 \
	"convqa: 'forged.db' is not a project as convqa writes it: its label is a view, not a table (a forged or damaged file?)" \
	timeout 10 $CONVQA import-labels forged.db

# forged projects whose rows multiply: 1000 labels on a passage ranked DUPS times
forge() { # FILE DUPS
	cp p.db "$1"
	sqlite3 "$1" "CREATE TABLE r2 AS SELECT * FROM retrieved; DROP TABLE retrieved;
	CREATE TABLE retrieved(response_id, rank, passage_id, score); INSERT INTO retrieved SELECT * FROM r2;
	DROP TABLE r2;
	WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT $(($2 - 1)))
	INSERT INTO retrieved SELECT response_id, rank, passage_id, score FROM retrieved, n
		WHERE (response_id, rank) = (SELECT response_id, rank FROM retrieved ORDER BY 1, 2 LIMIT 1);
	WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 1000)
	INSERT INTO label(response_id, rater_id, task, field, passage_rank, value, seconds, created_at, unit,
		turn_id, unit_ref)
	SELECT r.id, (SELECT id FROM rater), 'turn', 'passage_relevant', rt.rank, '1', 0,
		'2026-01-01T00:00:00.000Z', 'passage', r.turn_id, rt.passage_id
	FROM n, (SELECT response_id, rank FROM retrieved ORDER BY 1, 2 LIMIT 1) x
	JOIN response r ON r.id = x.response_id JOIN retrieved rt ON rt.response_id = r.id AND rt.rank = x.rank
	LIMIT 1000"
}
forge forged2.db 1000   # 1,000,000 rows: more work than the file's size allows
run timeout 10 $CONVQA import-labels forged2.db
check_eq "a project that takes more work to read than its size allows is refused" \
	"3|convqa: 'forged2.db' takes more work to read than a project of its size ($(stat -c %s forged2.db) bytes) can: it is not a project as convqa writes it (a forged or damaged file?)" \
	"$rc|$(cat err)"
forge forged3.db 40     # 40,000 rows, cheap ones, in a file that holds fewer than 20,000
run timeout 10 $CONVQA import-labels forged3.db
check_eq "a project that gives more label rows than its size can hold is refused" \
	"3|convqa: 'forged3.db' gives more label rows than a project of its size ($(stat -c %s forged3.db) bytes) can hold: it is not a project as convqa writes it (a forged or damaged file?)" \
	"$rc|$(cat err)"
check_eq "the project's labels are as they were" 1 "$(sqlite3 p.db "SELECT count(*) FROM label")"
done_testing
