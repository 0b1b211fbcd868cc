/* Unit tests: the paged queue (store_item.h: store_queue_open) against the
 * whole queue (store_queue_load): the same items in the same order, the
 * same finished flags, and a memory that does not grow with the project. */
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

#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/store_item.h"
#include "../../src/store/store_internal.h"   /* the connection: its statements' plans */

struct fixture {
	char path[64];
	struct store *s;
	struct scheme *sc;
	int64_t rater;
	size_t max_run;            /* the most answers of one turn */
};

/* A project of turns turns in conversations of 1 to 7 turns, answered by
 * three systems (added out of name order), one system missing on every
 * fifth turn; no passages. */
static struct fixture *project(int turns)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct error err;
	enum store_put res;
	struct store_conflict c;
	int64_t imp, sys[3], conv = 0, turn, id;
	snprintf(fx->path, sizeof(fx->path), "/tmp/test_store_queue_%d.db", (int)getpid());
	unlink(fx->path);
	assert_int_equal(store_open(fx->path, STORE_CREATE, &fx->s, &err), ST_OK);
	assert_int_equal(scheme_builtin("turn", &fx->sc, &err), ST_OK);
	assert_int_equal(store_begin(fx->s, &err), ST_OK);
	assert_int_equal(store_import_begin(fx->s, "fixture.json", "0", &imp, &err), ST_OK);
	const char *names[3] = { "zeta", "alpha", "mid" };
	for (int i = 0; i < 3; i++)
		assert_int_equal(store_put_system(fx->s, names[i], NULL, &sys[i], &res, &c, &err), ST_OK);
	int pos = 0, len = 0;
	for (int t = 0; t < turns; t++) {
		if (pos == len) {
			char name[32];
			snprintf(name, sizeof(name), "c%05d", t);
			assert_int_equal(store_put_conversation(fx->s, name, NULL, imp, &conv, &res, &c, &err), ST_OK);
			pos = 0;
			len = 1 + (t * 31 + 3) % 7;
		}
		struct store_gold g = { 0 };
		char q[32];
		snprintf(q, sizeof(q), "question %d", t);
		assert_int_equal(store_put_turn(fx->s, conv, ++pos, q, NULL, &g, NULL, &turn, &res, &c, &err), ST_OK);
		for (int k = 0; k < 3; k++) {
			if (t % 5 == 0 && k == t % 3)
				continue;
			char answer[32];
			snprintf(answer, sizeof(answer), "answer %d.%d", t, k);
			assert_int_equal(store_put_response(fx->s, turn, sys[k], answer, NULL, 0, NULL, imp, &id, &res, &c,
							    &err), ST_OK);
		}
	}
	fx->max_run = 3;
	assert_int_equal(store_commit(fx->s, &err), ST_OK);
	assert_int_equal(store_rater_ensure(fx->s, "alice", &fx->rater, &err), ST_OK);
	return fx;
}

static void done(struct fixture *fx)
{
	char aux[80];
	store_close(fx->s);
	scheme_free(fx->sc);
	unlink(fx->path);
	snprintf(aux, sizeof(aux), "%s-wal", fx->path);
	unlink(aux);
	snprintf(aux, sizeof(aux), "%s-shm", fx->path);
	unlink(aux);
	free(fx);
}

/* Finish response id for alice under the turn scheme: the turn's intent
 * and the answer's correctness (no passages to judge). */
static void finish(struct fixture *fx, int64_t id)
{
	struct error err;
	struct store_label_key k = { id, fx->rater, 0, "turn", "intent", 0, UNIT_TURN };
	assert_int_equal(store_label_set(fx->s, &k, "extractive", 1.0, &err), ST_OK);
	k.field = "answer_correct";
	k.unit = UNIT_RESPONSE;
	assert_int_equal(store_label_set(fx->s, &k, "yes", 1.0, &err), ST_OK);
}

/* Item pos of the paged queue p is the whole queue w's, finished or not alike. */
static void same_item_of(struct store *s, struct store_queue *p, const struct store_queue *w, size_t pos)
{
	struct error err;
	assert_int_equal(store_queue_seek(s, p, pos, &err), ST_OK);
	assert_true(store_queue_has(p, pos));
	assert_int_equal(store_queue_response(p, pos), w->responses[pos]);
	assert_int_equal(store_queue_turn(p, pos), w->turns[pos]);
	assert_int_equal(store_queue_finished(p, pos), w->finished[pos]);
	int a, b, c, d;
	store_queue_place(p, pos, &a, &b);
	store_queue_place(w, pos, &c, &d);
	assert_int_equal(a, c);
	assert_int_equal(b, d);
}

static void same_item(struct fixture *fx, struct store_queue *p, const struct store_queue *w, size_t pos)
{
	same_item_of(fx->s, p, w, pos);
}

/* Forward one by one, backward one by one, and jumps both ways past the
 * window: every item is where the whole queue has it; the window never
 * holds much more than STORE_QUEUE_WINDOW items. */
static void test_paged_queue_is_the_whole_queue(void **state)
{
	(void)state;
	struct fixture *fx = project(1500);
	struct error err;
	struct store_queue w, p;
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, fx->sc, &w, &err), ST_OK);
	assert_int_equal(store_queue_open(fx->s, fx->rater, "alice", 0, fx->sc, &p, &err), ST_OK);
	assert_true(w.n > 4 * STORE_QUEUE_WINDOW);
	assert_int_equal(p.n, w.n);
	assert_int_equal(p.n_finished, 0);
	assert_true(store_queue_has(&p, 0));
	for (size_t i = 0; i < w.n; i++)
		same_item(fx, &p, &w, i);
	for (size_t i = w.n; i-- > 0;)
		same_item(fx, &p, &w, i);
	size_t jumps[] = { w.n - 1, 3, w.n / 2, w.n / 2 - STORE_QUEUE_WINDOW * 2, w.n - 2, 0, w.n / 3 };
	for (size_t i = 0; i < sizeof(jumps) / sizeof(*jumps); i++)
		same_item(fx, &p, &w, jumps[i]);
	size_t most;
	store_queue_resident(&p, &most);
	assert_true(most <= STORE_QUEUE_WINDOW + fx->max_run);
	store_queue_release(&p);
	store_queue_release(&w);
	done(fx);
}

/* A rater half way through, and items finished out of order: the paged
 * queue counts them as the whole queue does, resumes at the first
 * unfinished, finds the next one past the window, and a save counted in
 * memory moves the count and the search. */
static void test_paged_queue_finished_and_resume(void **state)
{
	(void)state;
	struct fixture *fx = project(600);
	struct error err;
	struct store_queue w, p;
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, fx->sc, &w, &err), ST_OK);
	size_t stop = w.n / 2;
	for (size_t i = 0; i < stop; i++)
		finish(fx, w.responses[i]);
	finish(fx, w.responses[stop + 1]);
	finish(fx, w.responses[w.n - 1]);
	store_queue_release(&w);
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, fx->sc, &w, &err), ST_OK);
	assert_int_equal(store_queue_open(fx->s, fx->rater, "alice", 0, fx->sc, &p, &err), ST_OK);
	assert_int_equal(p.n_finished, w.n_finished);
	assert_true(p.n_finished >= stop + 2);
	size_t at;
	assert_int_equal(store_queue_next_unfinished(fx->s, &p, 0, &at, &err), ST_OK);
	size_t first = 0;
	while (w.finished[first])
		first++;
	assert_int_equal(at, first);
	for (size_t i = 0; i < w.n; i += 7)
		same_item(fx, &p, &w, i);
	/* the last item, finished, is skipped; none after it */
	assert_int_equal(store_queue_next_unfinished(fx->s, &p, w.n - 1, &at, &err), ST_OK);
	assert_int_equal(at, w.n);
	/* finished in memory (as the UI does after a save): counted, and skipped */
	assert_int_equal(store_queue_seek(fx->s, &p, first, &err), ST_OK);
	size_t before = p.n_finished;
	store_queue_set_finished(&p, first, 1);
	assert_int_equal(p.n_finished, before + 1);
	assert_int_equal(store_queue_next_unfinished(fx->s, &p, 0, &at, &err), ST_OK);
	assert_true(at > first);
	assert_int_equal(store_queue_seek(fx->s, &p, w.n - 1, &err), ST_OK);
	assert_int_equal(store_queue_seek(fx->s, &p, first, &err), ST_OK);
	assert_int_equal(store_queue_finished(&p, first), 1);   /* kept when the window came back */
	size_t pos;
	assert_int_equal(store_queue_find(fx->s, &p, w.responses[w.n - 3], &pos, &err), ST_OK);
	assert_int_equal(pos, w.n - 3);
	store_queue_release(&p);
	store_queue_release(&w);
	done(fx);
}

/* Ten times the items, the same memory: the window's items stay under the
 * same bound at 300 and at 3,000 items, whatever was visited. */
static void test_paged_queue_memory_does_not_grow(void **state)
{
	(void)state;
	size_t most[2];
	int sizes[2] = { 120, 1200 };
	for (int k = 0; k < 2; k++) {
		struct fixture *fx = project(sizes[k]);
		struct error err;
		struct store_queue p;
		assert_int_equal(store_queue_open(fx->s, fx->rater, "alice", 0, fx->sc, &p, &err), ST_OK);
		for (size_t i = 0; i < p.n; i += 5)
			assert_int_equal(store_queue_seek(fx->s, &p, i, &err), ST_OK);
		assert_int_equal(store_queue_seek(fx->s, &p, 0, &err), ST_OK);
		store_queue_resident(&p, &most[k]);
		assert_true(most[k] <= STORE_QUEUE_WINDOW + fx->max_run);
		if (k == 1)
			assert_true(p.n >= 10 * STORE_QUEUE_WINDOW);
		store_queue_release(&p);
		done(fx);
	}
	assert_true(most[1] <= STORE_QUEUE_WINDOW + 3 && most[0] <= most[1]);
}

/* A round's queue, assigned in an order of its own (the later turns first,
 * a quarter of the items left out) and larger than the window: paged, it
 * is the whole queue item by item, both ways and by jumps, with the
 * labels given in the round (not those outside it) finishing items. */
static void test_paged_round_queue_is_the_whole_queue(void **state)
{
	(void)state;
	struct fixture *fx = project(700);
	struct error err;
	char sql[400];
	sqlite3 *db;
	assert_int_equal(sqlite3_open(fx->path, &db), SQLITE_OK);
	snprintf(sql, sizeof(sql),
		 "INSERT INTO round(id, name, task, seed, created_at) VALUES (7, 'r', 'turn', 99, 't');"
		 "INSERT INTO assignment(round_id, rater_id, response_id, seq) "
		 "SELECT 7, %lld, id, 10 * row_number() OVER (ORDER BY turn_id DESC, id) FROM response "
		 "WHERE id %% 4 <> 1", (long long)fx->rater);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	struct store_queue w, p;
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 7, fx->sc, &w, &err), ST_OK);
	for (size_t i = 0; i < w.n; i += 4) {   /* in the round */
		struct store_label_key k = { w.responses[i], fx->rater, 7, "turn", "intent", 0, UNIT_TURN };
		assert_int_equal(store_label_set(fx->s, &k, "extractive", 1.0, &err), ST_OK);
		k.field = "answer_correct";
		k.unit = UNIT_RESPONSE;
		assert_int_equal(store_label_set(fx->s, &k, "yes", 1.0, &err), ST_OK);
	}
	finish(fx, w.responses[1]);   /* outside the round: not finished in it */
	store_queue_release(&w);
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 7, fx->sc, &w, &err), ST_OK);
	assert_int_equal(store_queue_open(fx->s, fx->rater, "alice", 7, fx->sc, &p, &err), ST_OK);
	assert_true(w.n > 4 * STORE_QUEUE_WINDOW);
	assert_int_equal(p.n, w.n);
	assert_true(w.n_finished > 0);
	assert_int_equal(p.n_finished, w.n_finished);
	for (size_t i = 0; i < w.n; i++)
		same_item(fx, &p, &w, i);
	for (size_t i = w.n; i-- > 0;)
		same_item(fx, &p, &w, i);
	size_t jumps[] = { w.n - 1, 2, w.n / 2, 5, w.n - 3, w.n / 4 };
	for (size_t i = 0; i < sizeof(jumps) / sizeof(*jumps); i++)
		same_item(fx, &p, &w, jumps[i]);
	store_queue_release(&p);
	store_queue_release(&w);
	done(fx);
}

/* The finished count of a queue opened afresh, paged and whole. */
static size_t count_paged(struct store *s, int64_t rater, const struct scheme *sc, size_t *whole)
{
	struct error err;
	struct store_queue p, w;
	assert_int_equal(store_queue_open(s, rater, "alice", 0, sc, &p, &err), ST_OK);
	assert_int_equal(store_queue_load(s, rater, "alice", 0, sc, &w, &err), ST_OK);
	size_t n = p.n_finished;
	*whole = w.n_finished;
	for (size_t i = 0; i < w.n; i += 3)
		same_item_of(s, &p, &w, i);
	store_queue_release(&p);
	store_queue_release(&w);
	return n;
}

/* One value (an integer) of sql on the project file, read apart. */
static long long sql_int(const char *path, const char *sql)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	long long v = -1;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return v;
}

/* What a rater finished is kept in the project and caught up with the
 * labels saved since, by this process or another one, cleared ones too;
 * another rater's labels change nothing of it; the count comes from the
 * table (a row put there by hand is counted: the labels are not read
 * again); a project opened read-only, the table behind, counts from the
 * labels and leaves the table as it was. */
static void test_finished_items_are_kept_and_caught_up(void **state)
{
	(void)state;
	struct fixture *fx = project(300);
	struct error err;
	struct store_queue w;
	size_t whole;
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, fx->sc, &w, &err), ST_OK);
	int64_t *ids = malloc(w.n * sizeof(*ids));
	memcpy(ids, w.responses, w.n * sizeof(*ids));
	size_t n = w.n;
	store_queue_release(&w);
	assert_int_equal(count_paged(fx->s, fx->rater, fx->sc, &whole), 0);
	for (size_t i = 0; i < 40; i++)
		finish(fx, ids[i]);
	size_t now = count_paged(fx->s, fx->rater, fx->sc, &whole);
	assert_int_equal(now, whole);
	assert_true(whole >= 40);
	assert_int_equal(sql_int(fx->path, "SELECT count(*) FROM item_done"), (long long)whole);

	/* another connection (another process) labels and clears */
	struct store *other;
	assert_int_equal(store_open(fx->path, 0, &other, &err), ST_OK);
	struct store_label_key k = { ids[n - 1], fx->rater, 0, "turn", "intent", 0, UNIT_TURN };
	assert_int_equal(store_label_set(other, &k, "boolean", 1.0, &err), ST_OK);
	k.field = "answer_correct";
	k.unit = UNIT_RESPONSE;
	assert_int_equal(store_label_set(other, &k, "no", 1.0, &err), ST_OK);
	k.response_id = ids[0];
	assert_int_equal(store_label_set(other, &k, NULL, 1.0, &err), ST_OK);   /* item 1 unfinished */
	int64_t bob;
	assert_int_equal(store_rater_ensure(other, "bob", &bob, &err), ST_OK);
	struct store_label_key kb = { ids[5], bob, 0, "turn", "answer_correct", 0, UNIT_RESPONSE };
	assert_int_equal(store_label_set(other, &kb, NULL, 1.0, &err), ST_OK);
	store_close(other);
	now = count_paged(fx->s, fx->rater, fx->sc, &whole);
	assert_int_equal(now, whole);
	assert_int_equal(sql_int(fx->path, "SELECT count(*) FROM item_done WHERE rater_id = 1"), (long long)whole);
	struct store_queue p;
	size_t at;
	assert_int_equal(store_queue_open(fx->s, fx->rater, "alice", 0, fx->sc, &p, &err), ST_OK);
	assert_int_equal(store_queue_next_unfinished(fx->s, &p, 0, &at, &err), ST_OK);
	assert_int_equal(store_queue_response(&p, at), ids[0]);
	store_queue_release(&p);

	/* the count is the table's: a row put there by hand counts */
	sqlite3 *db;
	char sql[160];
	assert_int_equal(sqlite3_open(fx->path, &db), SQLITE_OK);
	snprintf(sql, sizeof(sql), "INSERT INTO item_done VALUES (%lld, 0, 'turn', %lld)", (long long)fx->rater,
		 (long long)ids[n / 2]);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	assert_int_equal(store_queue_open(fx->s, fx->rater, "alice", 0, fx->sc, &p, &err), ST_OK);
	assert_int_equal(p.n_finished, whole + 1);
	store_queue_release(&p);

	/* read-only, the table behind the labels: the labels are read, the
	 * table stays as it was */
	long long rows = sql_int(fx->path, "SELECT count(*) FROM item_done");
	finish(fx, ids[n / 3]);
	struct store *ro;
	assert_int_equal(store_open(fx->path, STORE_READ_ONLY, &ro, &err), ST_OK);
	assert_int_equal(store_queue_open(ro, fx->rater, "alice", 0, fx->sc, &p, &err), ST_OK);
	assert_true(p.n_finished > whole);   /* the new item's, not the row by hand */
	struct store_queue w2;
	assert_int_equal(store_queue_load(ro, fx->rater, "alice", 0, fx->sc, &w2, &err), ST_OK);
	assert_int_equal(p.n_finished, w2.n_finished);
	store_queue_release(&w2);
	store_queue_release(&p);
	store_close(ro);
	assert_int_equal(sql_int(fx->path, "SELECT count(*) FROM item_done"), rows);
	free(ids);
	done(fx);
}

/* Whether an EXPLAIN QUERY PLAN detail reads a whole table or index of the
 * project: a SCAN of anything but the few rows of system (s) and rater (or
 * of no table: a SELECT of values). */
static int whole_scan(const char *detail)
{
	static const char *const small[] = { "SCAN s", "SCAN system", "SCAN rater", "SCAN CONSTANT ROW", NULL };
	if (strncmp(detail, "SCAN ", 5) != 0)
		return 0;
	for (size_t i = 0; small[i]; i++) {
		size_t n = strlen(small[i]);
		if (strncmp(detail, small[i], n) == 0 && (detail[n] == 0 || detail[n] == ' '))
			return 0;
	}
	return 1;
}

/* The statements of db that ran since their counts were reset: none reads
 * a whole table (its plan has no SCAN of label, response, turn, item_done,
 * ...), and none stepped through a full scan. Returns how many ran. */
static int no_whole_scans(sqlite3 *db)
{
	int ran = 0;
	for (sqlite3_stmt *st = sqlite3_next_stmt(db, NULL); st; st = sqlite3_next_stmt(db, st)) {
		if (!sqlite3_stmt_status(st, SQLITE_STMTSTATUS_RUN, 0))
			continue;
		ran++;
		char *eqp = sqlite3_mprintf("EXPLAIN QUERY PLAN %s", sqlite3_sql(st));
		sqlite3_stmt *plan;
		assert_int_equal(sqlite3_prepare_v2(db, eqp, -1, &plan, NULL), SQLITE_OK);
		while (sqlite3_step(plan) == SQLITE_ROW) {
			const char *detail = (const char *)sqlite3_column_text(plan, 3);
			if (whole_scan(detail))
				fail_msg("a hot statement reads a whole table (%s): %s", detail, sqlite3_sql(st));
		}
		sqlite3_finalize(plan);
		sqlite3_free(eqp);
		if (sqlite3_stmt_status(st, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0) > 50)
			fail_msg("a hot statement stepped through a full scan: %s", sqlite3_sql(st));
	}
	return ran;
}

static void reset_counts(sqlite3 *db)
{
	for (sqlite3_stmt *st = sqlite3_next_stmt(db, NULL); st; st = sqlite3_next_stmt(db, st)) {
		sqlite3_stmt_status(st, SQLITE_STMTSTATUS_RUN, 1);
		sqlite3_stmt_status(st, SQLITE_STMTSTATUS_FULLSCAN_STEP, 1);
	}
}

/* What the annotation UI does on its first screen and on each key once a
 * project is open (the queue opened again, its finished items caught up
 * with a label saved since; a window moved; an item and its labels read;
 * a label saved; another process's change noticed) reads no whole table:
 * every statement uses an index (the queue's size is kept, not counted),
 * so a key costs the same on any size of project. */
static void test_hot_statements_use_indexes(void **state)
{
	(void)state;
	struct fixture *fx = project(1200);
	struct error err;
	struct store_queue q;
	assert_int_equal(store_queue_open(fx->s, fx->rater, "alice", 0, fx->sc, &q, &err), ST_OK);
	size_t n = q.n;
	int64_t first = store_queue_response(&q, 0);
	for (size_t i = 0; i < 60; i++)
		finish(fx, store_queue_response(&q, i));
	store_queue_release(&q);
	/* the first open after the labels: item_done filled, the size kept */
	assert_int_equal(store_queue_open(fx->s, fx->rater, "alice", 0, fx->sc, &q, &err), ST_OK);
	store_queue_release(&q);
	finish(fx, first);   /* a label saved since the mark: the next open catches up its turn */

	reset_counts(fx->s->db);
	assert_int_equal(store_queue_open(fx->s, fx->rater, "alice", 0, fx->sc, &q, &err), ST_OK);
	assert_int_equal(q.n, n);
	assert_int_equal(q.n_finished, 60);
	size_t at;
	assert_int_equal(store_queue_next_unfinished(fx->s, &q, 0, &at, &err), ST_OK);
	assert_int_equal(at, 60);
	for (size_t pos = 0; pos < n; pos += STORE_QUEUE_WINDOW / 2)   /* forward across windows */
		assert_int_equal(store_queue_seek(fx->s, &q, pos, &err), ST_OK);
	assert_int_equal(store_queue_seek(fx->s, &q, n / 3, &err), ST_OK);   /* and back */
	int64_t id = store_queue_response(&q, n / 3);
	struct store_item it;
	memset(&it, 0, sizeof(it));
	assert_int_equal(store_item_load(fx->s, id, &it, &err), ST_OK);
	store_item_release(&it);
	finish(fx, id);
	struct store_item_labels l = STORE_ITEM_LABELS_INIT;
	assert_int_equal(store_item_labels_load(fx->s, id, fx->rater, 0, fx->sc, &l, &err), ST_OK);
	assert_string_equal(store_item_labels_get(&l, "answer_correct", 0), "yes");
	store_item_labels_release(&l);
	int64_t version;
	assert_int_equal(store_data_version(fx->s, &version, &err), ST_OK);
	store_queue_release(&q);
	assert_true(no_whole_scans(fx->s->db) >= 6);
	done(fx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_paged_queue_is_the_whole_queue),
		cmocka_unit_test(test_paged_queue_finished_and_resume),
		cmocka_unit_test(test_paged_queue_memory_does_not_grow),
		cmocka_unit_test(test_finished_items_are_kept_and_caught_up),
		cmocka_unit_test(test_paged_round_queue_is_the_whole_queue),
		cmocka_unit_test(test_hot_statements_use_indexes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
