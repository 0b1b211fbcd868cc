/* Unit tests: the current label values counted from the label packs and
 * the rows after them (store_label_count.c) are exactly the number the SQL
 * counts (STORE_LABEL_IS_CURRENT and a value), and the label rows too:
 * without packs, with them, in one pass or several, with rows after the
 * packs that change or clear packed units, with a damaged pack, and with
 * rows a hash cannot hold (sent to the SQL). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "convqa/store.h"
#include "convqa/store_label.h"
#include "../../src/store/store_internal.h"   /* the connection, the counter */

static char path[64];

static void exec(sqlite3 *db, const char *sql)
{
	char *msg = NULL;
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("%s: %s", sql, msg);
}

static int64_t one_int(struct store *s, const char *sql)
{
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_prepare_v2(s->db, sql, -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	int64_t v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* Label rows from row i = FROM on (ROWS of them, id 3 i + 1: gaps), each of
 * one of 3,001 units (i % 3001) but one in eleven, of a unit of its own:
 * several rows a unit, far apart (other packs); a unit's rater, round
 * (none, 1 or 2), task, field, unit (each of the five), turn_id and
 * unit_ref (near both ends of int64 for answers) are its number's; one row
 * in seven clears its unit's value. */
static void add_rows(struct store *s, int from, int rows)
{
	char sql[2048];
	snprintf(sql, sizeof(sql),
		 "WITH RECURSIVE n(i) AS (SELECT %d UNION ALL SELECT i + 1 FROM n LIMIT %d),\n"
		 "u(i, k) AS (SELECT i, CASE WHEN i %% 11 = 0 THEN 100000 + i ELSE i %% 3001 END FROM n)\n"
		 "INSERT INTO main.label(id, response_id, rater_id, round_id, task, field, passage_rank, value, seconds,\n"
		 "  created_at, unit, turn_id, unit_ref)\n"
		 "SELECT 3 * i + 1, 1 + k / 7, 1 + k %% 3, CASE k %% 3 WHEN 0 THEN NULL ELSE k %% 3 END,\n"
		 "  CASE WHEN k %% 5 = 0 THEN 'faithfulness' ELSE 'turn' END,\n"
		 "  CASE k %% 4 WHEN 0 THEN 'relevant' WHEN 1 THEN 'note' ELSE 'answer_correct' END, 0,\n"
		 "  CASE WHEN i %% 7 = 3 THEN NULL WHEN i %% 13 = 0 THEN '' ELSE CAST(i %% 2 AS TEXT) END,\n"
		 "  i / 7.0, '2026-01-01T00:00:00.000Z',\n"
		 "  CASE k %% 5 WHEN 0 THEN 'turn' WHEN 1 THEN 'passage' WHEN 2 THEN 'answer' WHEN 3 THEN 'pair'\n"
		 "  ELSE 'response' END,\n"
		 "  1 + k / 17, CASE k %% 5 WHEN 2 THEN 9223372036854775807 - k WHEN 1 THEN -k WHEN 0 THEN 0 ELSE k END\n"
		 "FROM u",
		 from, rows);
	exec(s->db, "PRAGMA foreign_keys = OFF");
	exec(s->db, sql);
	exec(s->db, "PRAGMA foreign_keys = ON");
}

static struct store *project(int rows)
{
	struct store *s;
	struct error err;
	snprintf(path, sizeof(path), "/tmp/test_label_count_%d.db", (int)getpid());
	unlink(path);
	assert_int_equal(store_open(path, STORE_CREATE, &s, &err), ST_OK);
	add_rows(s, 0, rows);
	return s;
}

static void done(struct store *s)
{
	store_close(s);
	unlink(path);
}

/* The counts equal the SQL's: in one pass and in passes of 12,000 and of 8,192 slots (the least). */
static void assert_counts(struct store *s, const char *what)
{
	int64_t sql = one_int(s, "SELECT count(*) FROM label l WHERE " STORE_LABEL_IS_CURRENT " AND l.value IS NOT NULL");
	int64_t all = one_int(s, "SELECT count(*) FROM label");
	static const size_t slots[] = { 1u << 24, 12000, 0 };
	for (size_t i = 0; i < sizeof(slots) / sizeof(slots[0]); i++) {
		long labels = -1, rows = -1;
		struct error err;
		assert_int_equal(store_label_counts_sized(s, slots[i], &labels, &rows, &err), ST_OK);
		if (labels != sql || rows != all)
			fail_msg("%s, %zu slots: %ld labels and %ld rows, the SQL %lld and %lld", what, slots[i], labels,
				 rows, (long long)sql, (long long)all);
	}
	struct store_counts c;
	struct error err;
	assert_int_equal(store_counts(s, &c, &err), ST_OK);
	assert_int_equal(c.labels, sql);
	assert_int_equal(c.label_rows, all);
}

static void test_counts_equal_the_sql(void **state)
{
	(void)state;
	struct error err;
	struct store *s = project(12388);
	assert_true(one_int(s, "SELECT count(*) FROM label WHERE value IS NULL") > 1000);
	assert_counts(s, "no packs");
	assert_int_equal(store_label_pack(s, &err), ST_OK);
	assert_int_equal(one_int(s, "SELECT count(*) FROM label_pack"), 3);
	assert_counts(s, "3 packs and 100 rows after them");
	/* rows after the packs: the same units again, changed and cleared */
	add_rows(s, 12388, 5000);
	assert_counts(s, "3 packs and 5,100 rows after them");
	assert_int_equal(store_label_pack(s, &err), ST_OK);
	assert_int_equal(one_int(s, "SELECT count(*) FROM label_pack"), 4);
	assert_counts(s, "4 packs and 1,004 rows after them");
	done(s);
}

static void test_damaged_or_missing_packs(void **state)
{
	(void)state;
	struct error err;
	struct store *s = project(12388);
	assert_int_equal(store_label_pack(s, &err), ST_OK);
	exec(s->db, "UPDATE label_pack SET data = substr(data, 1, 100) WHERE last_id = (SELECT min(last_id) FROM label_pack)");
	assert_counts(s, "the first pack cut short");
	exec(s->db, "UPDATE label_pack SET data = 'x' WHERE last_id = (SELECT max(last_id) FROM label_pack)");
	assert_counts(s, "the last pack not a blob");
	exec(s->db, "UPDATE label_pack SET n = 1000000000000");
	assert_counts(s, "packs that say they hold 10^12 rows");
	exec(s->db, "DELETE FROM label_pack");
	assert_counts(s, "the packs deleted");
	done(s);
}

/* Rows the hash does not hold (another type than the schema's, an id past
 * 2^40, an id below the packs'): counted all the same. */
static void test_odd_rows(void **state)
{
	(void)state;
	struct error err;
	struct store *s = project(9000);
	assert_int_equal(store_label_pack(s, &err), ST_OK);
	exec(s->db, "PRAGMA foreign_keys = OFF");
	exec(s->db, "INSERT INTO label(id, response_id, rater_id, task, field, value, created_at, unit, turn_id, unit_ref) "
		    "VALUES (-5, 1, 1, 'turn', 'note', 'a', 'x', 'turn', 1, 0)");
	assert_counts(s, "a row of id -5");
	exec(s->db, "INSERT INTO label(response_id, rater_id, task, field, value, created_at, unit, turn_id, unit_ref) "
		    "VALUES (1, 1, 'turn', 'note', 'a', 'x', 'turn', 2199023255552, 0)");
	assert_counts(s, "a turn_id of 2^41");
	exec(s->db, "INSERT INTO label(response_id, rater_id, task, field, value, created_at, unit, turn_id, unit_ref) "
		    "VALUES (1, 1, 'turn', 'note', 'a', 'x', 'turn', 'seven', 0)");
	assert_counts(s, "a turn_id that is a text");
	exec(s->db, "PRAGMA foreign_keys = ON");
	done(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts_equal_the_sql),
		cmocka_unit_test(test_damaged_or_missing_packs),
		cmocka_unit_test(test_odd_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
