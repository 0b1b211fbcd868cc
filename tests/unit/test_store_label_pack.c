/* Unit tests: label packs (store_label_pack.c). Every label row a report
 * reads is the row the table holds, whether it comes from a pack or from
 * the table; a pack is written only of rows it can hold exactly, never
 * while another connection writes, and dropped when a row of its range is
 * changed; a damaged blob is refused, never read past its end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "convqa/store.h"
#include "convqa/store_report.h"
#include "../../src/store/store_internal.h"   /* the connection, the pack decoder */

static char path[64];

static void exec(sqlite3 *db, const char *sql)
{
	char *msg = NULL;
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("%s: %s", sql, msg);
}

/* A project of ROWS label rows as no importer writes them: ids with gaps,
 * rounds and none, cleared values, texts of several scripts, whole and
 * fractional seconds, units of every kind, ids near the ends of int64.
 * Row i (from 0) has id 3 i + 1. */
static struct store *project(void)
{
	struct store *s;
	struct error err;
	snprintf(path, sizeof(path), "/tmp/test_label_pack_%d.db", (int)getpid());
	unlink(path);
	assert_int_equal(store_open(path, STORE_CREATE, &s, &err), ST_OK);
	exec(s->db, "PRAGMA foreign_keys = OFF; BEGIN");
	exec(s->db, "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n LIMIT " "12388" ")\n"
		    "INSERT INTO main.label(id, response_id, rater_id, round_id, task, field, passage_rank, value, seconds,\n"
		    "  created_at, unit, turn_id, unit_ref)\n"
		    "SELECT 3 * i + 1, 1 + i / 7, 1 + i % 3, CASE WHEN i % 4 = 0 THEN NULL ELSE 1 + i % 2 END,\n"
		    "  CASE WHEN i % 5 = 0 THEN 'faithfulness' ELSE 'turn' END,\n"
		    "  CASE i % 6 WHEN 0 THEN 'relevant' WHEN 1 THEN 'note' ELSE 'answer_correct' END,\n"
		    "  CASE WHEN i % 6 = 0 THEN 1 + i % 10 ELSE 0 END,\n"
		    "  CASE i % 9 WHEN 0 THEN NULL WHEN 1 THEN 'Zürich — 東京 ' || i ELSE CAST(i % 2 AS TEXT) END,\n"
		    "  CASE WHEN i % 3 = 0 THEN 0 ELSE i / 7.0 END, '2026-01-01T00:00:00.000Z',\n"
		    "  CASE i % 4 WHEN 0 THEN 'turn' WHEN 1 THEN 'passage' WHEN 2 THEN 'answer' ELSE 'response' END,\n"
		    "  1 + i / 14, CASE i % 4 WHEN 2 THEN 9223372036854775807 - i WHEN 1 THEN -i ELSE i END\n"
		    "FROM n");
	exec(s->db, "COMMIT; PRAGMA foreign_keys = ON");
	return s;
}

static void done(struct store *s)
{
	store_close(s);
	unlink(path);
}

struct rows {
	struct store_report_label *v;
	char **text;                      /* task, field, value of each row, copied */
	size_t n, cap;
};

static int collect(const struct store_report_label *l, void *ctx)
{
	struct rows *r = ctx;
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 1024;
		r->v = realloc(r->v, r->cap * sizeof(*r->v));
		r->text = realloc(r->text, r->cap * 3 * sizeof(*r->text));
	}
	r->v[r->n] = *l;
	r->text[3 * r->n] = strdup(l->task);
	r->text[3 * r->n + 1] = strdup(l->field);
	r->text[3 * r->n + 2] = l->value ? strdup(l->value) : NULL;
	r->n++;
	return 0;
}

static void rows_free(struct rows *r)
{
	for (size_t i = 0; i < 3 * r->n; i++)
		free(r->text[i]);
	free(r->text);
	free(r->v);
	memset(r, 0, sizeof(*r));
}

static void read_labels(struct store *s, int64_t round_id, struct rows *out)
{
	struct store_reader *rd;
	struct error err;
	assert_int_equal(store_reader_open(s, &rd, &err), ST_OK);
	assert_int_equal(store_report_labels(rd, round_id, collect, out, &err), ST_OK);
	store_reader_close(rd);
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

/* The rows read with packs equal, field by field, those read without. */
static void assert_same_rows(const struct rows *a, const struct rows *b)
{
	assert_int_equal(a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		const struct store_report_label *x = &a->v[i], *y = &b->v[i];
		assert_int_equal(x->id, y->id);
		assert_int_equal(x->response_id, y->response_id);
		assert_int_equal(x->rater_id, y->rater_id);
		assert_int_equal(x->round_id, y->round_id);
		assert_int_equal(x->turn_id, y->turn_id);
		assert_int_equal(x->unit_ref, y->unit_ref);
		assert_int_equal(x->passage_rank, y->passage_rank);
		assert_int_equal(x->unit, y->unit);
		assert_memory_equal(&x->seconds, &y->seconds, sizeof(x->seconds));
		for (int k = 0; k < 3; k++) {
			const char *p = a->text[3 * i + k], *q = b->text[3 * i + k];
			if (!p || !q)
				assert_ptr_equal(p, q);
			else
				assert_string_equal(p, q);
		}
	}
}

static void test_packs_read_as_rows(void **state)
{
	(void)state;
	struct store *s = project();
	struct error err;
	struct rows table = { 0 }, packed = { 0 }, round_table = { 0 }, round_packed = { 0 };
	read_labels(s, 0, &table);
	read_labels(s, 2, &round_table);
	assert_int_equal(table.n, 12388);
	assert_int_equal(one_int(s, "SELECT count(*) FROM label_pack"), 0);
	assert_int_equal(store_label_pack(s, &err), ST_OK);
	/* three whole packs; the last 100 rows wait for more */
	assert_int_equal(one_int(s, "SELECT count(*) FROM label_pack"), 3);
	assert_int_equal(one_int(s, "SELECT sum(n) FROM label_pack"), 3 * STORE_LABEL_PACK_ROWS);
	assert_int_equal(one_int(s, "SELECT max(last_id) FROM label_pack"), 3 * (3 * STORE_LABEL_PACK_ROWS - 1) + 1);
	read_labels(s, 0, &packed);
	read_labels(s, 2, &round_packed);
	assert_same_rows(&table, &packed);
	assert_same_rows(&round_table, &round_packed);
	assert_true(round_packed.n > 0 && round_packed.n < packed.n);
	/* again: nothing more is due */
	assert_int_equal(store_label_pack(s, &err), ST_OK);
	assert_int_equal(one_int(s, "SELECT count(*) FROM label_pack"), 3);
	rows_free(&table);
	rows_free(&packed);
	rows_free(&round_table);
	rows_free(&round_packed);
	done(s);
}

struct progress {
	int calls;
	int64_t packed, due;
};

static void record_progress(void *ctx, int64_t packed, int64_t due)
{
	struct progress *p = ctx;
	p->calls++;
	p->packed = packed;
	p->due = due;
}

/* The progress hook (the CLI's note on a long packing): after each
 * transaction, the rows packed and the ids still past the last pack. */
static void test_progress_counts_rows(void **state)
{
	(void)state;
	struct store *s = project();
	struct error err;
	struct progress p = { 0 };
	int64_t last = one_int(s, "SELECT max(id) FROM label");
	assert_int_equal(store_label_pack_progress(s, record_progress, &p, &err), ST_OK);
	/* three packs, one transaction (at most STORE_LABEL_PACK_PER_TX) */
	assert_int_equal(p.calls, 1);
	assert_int_equal(p.packed, 3 * STORE_LABEL_PACK_ROWS);
	assert_int_equal(p.due, last - one_int(s, "SELECT max(last_id) FROM label_pack"));
	assert_true(p.due > 0);
	/* nothing due: no call */
	assert_int_equal(store_label_pack_progress(s, record_progress, &p, &err), ST_OK);
	assert_int_equal(p.calls, 1);
	done(s);
}

/* A row a pack could not hold exactly (a blob where text belongs) stops
 * packing before it: the table's readers see it as it is. */
static void test_unpackable_row_stays_in_table(void **state)
{
	(void)state;
	struct store *s = project();
	struct error err;
	exec(s->db, "DROP TRIGGER label_no_update; UPDATE main.label SET value = x'00ff' WHERE id = 3 * 5000 + 1");
	assert_int_equal(store_label_pack(s, &err), ST_OK);
	assert_int_equal(one_int(s, "SELECT count(*) FROM label_pack"), 1);
	assert_int_equal(one_int(s, "SELECT max(last_id) FROM label_pack"), 3 * (STORE_LABEL_PACK_ROWS - 1) + 1);
	done(s);
}

/* A row changed or deleted in a pack's range (with the triggers that
 * refuse it dropped) drops that pack and those after it. */
static void test_changed_row_drops_packs(void **state)
{
	(void)state;
	struct store *s = project();
	struct error err;
	struct rows packed = { 0 }, table = { 0 };
	assert_int_equal(store_label_pack(s, &err), ST_OK);
	exec(s->db, "DROP TRIGGER label_no_update; UPDATE main.label SET value = 'changed' WHERE id = 3 * 5000 + 1");
	assert_int_equal(one_int(s, "SELECT count(*) FROM label_pack"), 1);
	read_labels(s, 0, &packed);
	assert_string_equal(packed.text[3 * 5000 + 2], "changed");
	exec(s->db, "DROP TRIGGER label_no_delete; DELETE FROM main.label WHERE id = 7");
	assert_int_equal(one_int(s, "SELECT count(*) FROM label_pack"), 0);
	read_labels(s, 0, &table);
	assert_int_equal(table.n, 12387);
	rows_free(&packed);
	rows_free(&table);
	done(s);
}

/* Another connection holds the write lock: no pack, and no wait (the
 * store's busy timeout is two minutes). */
static void test_never_waits_for_the_lock(void **state)
{
	(void)state;
	struct store *s = project();
	struct error err;
	sqlite3 *other;
	assert_int_equal(sqlite3_open(path, &other), SQLITE_OK);
	exec(other, "BEGIN IMMEDIATE");
	time_t t0 = time(NULL);
	assert_int_equal(store_label_pack(s, &err), ST_OK);
	assert_true(time(NULL) - t0 < 5);
	assert_int_equal(one_int(s, "SELECT count(*) FROM label_pack"), 0);
	exec(other, "COMMIT");
	sqlite3_close(other);
	assert_int_equal(store_label_pack(s, &err), ST_OK);
	assert_int_equal(one_int(s, "SELECT count(*) FROM label_pack"), 3);
	done(s);
}

static int count_row(const struct store_report_label *l, void *ctx)
{
	(void)l;
	(*(size_t *)ctx)++;
	return 0;
}

/* Blobs cut short, with bytes changed or grown: decoded or refused, never
 * read past their end (the sanitizers watch), never more rows than said. */
static void test_damaged_blobs_are_refused(void **state)
{
	(void)state;
	struct store *s = project();
	struct error err;
	sqlite3_stmt *st;
	assert_int_equal(store_label_pack(s, &err), ST_OK);
	assert_int_equal(sqlite3_prepare_v2(s->db, "SELECT first_id, last_id, n, data FROM label_pack "
				      "ORDER BY last_id LIMIT 1", -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	int64_t first = sqlite3_column_int64(st, 0), last = sqlite3_column_int64(st, 1), n = sqlite3_column_int64(st, 2);
	size_t size = (size_t)sqlite3_column_bytes(st, 3);
	unsigned char *good = malloc(size);
	memcpy(good, sqlite3_column_blob(st, 3), size);
	sqlite3_finalize(st);
	const char *why = NULL;
	size_t rows = 0;
	assert_int_equal(store_label_pack_rows(good, size, first, last, n, 1, count_row, &rows, &why), 0);
	assert_int_equal(rows, (size_t)n);
	/* its range or count said otherwise */
	assert_int_equal(store_label_pack_rows(good, size, first + 1, last, n, 1, count_row, &rows, &why), -1);
	assert_int_equal(store_label_pack_rows(good, size, first, last - 1, n, 1, count_row, &rows, &why), -1);
	assert_int_equal(store_label_pack_rows(good, size, first, last, n - 1, 1, count_row, &rows, &why), -1);
	unsigned seed = 7;
	for (int round = 0; round < 600; round++) {
		size_t len = round % 3 == 0 ? (size_t)rand_r(&seed) % size : size;
		unsigned char *bad = malloc(len ? len : 1);   /* exactly: a read past it is caught */
		memcpy(bad, good, len);
		for (int k = 0; k < 1 + round % 4 && len; k++)
			bad[(size_t)rand_r(&seed) % len] = (unsigned char)rand_r(&seed);
		rows = 0;
		int rc = store_label_pack_rows(bad, len, first, last, n, 1, count_row, &rows, &why);
		assert_true(rc == 0 || rc == -1);
		assert_true(rows <= (size_t)n);
		if (rc == 0)
			assert_int_equal(rows, (size_t)n);
		free(bad);
	}
	free(good);
	done(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_packs_read_as_rows),
		cmocka_unit_test(test_progress_counts_rows),
		cmocka_unit_test(test_unpackable_row_stays_in_table),
		cmocka_unit_test(test_changed_row_drops_packs),
		cmocka_unit_test(test_never_waits_for_the_lock),
		cmocka_unit_test(test_damaged_blobs_are_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
