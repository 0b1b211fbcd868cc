/* Unit tests: the pair screen's queue read a window at a time
 * (store_pair.h: store_pair_done_open, store_pair_window,
 * store_pair_next_undone, store_pair_done_check): the size and what is
 * done without reading the queue, done kept and caught up with labels
 * saved elsewhere, and no statement of the first screen or of a key that
 * reads a whole table. */
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
#include "convqa/store_pair.h"
#include "../../src/store/store_internal.h"   /* the connection: its statements' plans */

struct fixture {
	char path[64];
	struct store *s;
	int64_t rater, round;
	int64_t *pairs, *turns;    /* by seq - 1 */
	size_t n;
};

static const char *const deciding[] = { "preference" };
static const char *const asked[] = { "preference", "reason" };

static struct store_pair_key key_of(const struct fixture *fx)
{
	return (struct store_pair_key){ fx->round, fx->rater, "pairwise", deciding, 1 };
}

/* A project of turns turns answered by two systems, and a pairwise round
 * asking alice every pair (seq 1..turns, a_first on even seqs). */
static struct fixture *project(size_t turns)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct error err;
	enum store_put res;
	struct store_conflict c;
	int64_t imp, sys[2], conv = 0, turn;
	snprintf(fx->path, sizeof(fx->path), "/tmp/test_store_pair_queue_%d.db", (int)getpid());
	unlink(fx->path);
	assert_int_equal(store_open(fx->path, STORE_CREATE, &fx->s, &err), ST_OK);
	assert_int_equal(store_begin(fx->s, &err), ST_OK);
	assert_int_equal(store_import_begin(fx->s, "fixture.json", "0", &imp, &err), ST_OK);
	assert_int_equal(store_put_system(fx->s, "s1", NULL, &sys[0], &res, &c, &err), ST_OK);
	assert_int_equal(store_put_system(fx->s, "s2", NULL, &sys[1], &res, &c, &err), ST_OK);
	struct store_pair_assign *a = calloc(turns, sizeof(*a));
	assert_int_equal(store_rater_ensure(fx->s, "alice", &fx->rater, &err), ST_OK);
	for (size_t t = 0; t < turns; t++) {
		char name[32], q[48];
		if (t % 8 == 0) {
			snprintf(name, sizeof(name), "c%05zu", t);
			assert_int_equal(store_put_conversation(fx->s, name, NULL, imp, &conv, &res, &c, &err), ST_OK);
		}
		struct store_gold g = { 0 };
		snprintf(q, sizeof(q), "question %zu", t);
		assert_int_equal(store_put_turn(fx->s, conv, (int)(t % 8) + 1, q, NULL, &g, NULL, &turn, &res, &c, &err),
				 ST_OK);
		int64_t r[2];
		for (int k = 0; k < 2; k++) {
			snprintf(q, sizeof(q), "answer %zu.%d", t, k);
			assert_int_equal(store_put_response(fx->s, turn, sys[k], q, NULL, 0, NULL, imp, &r[k], &res, &c,
							    &err), ST_OK);
		}
		a[t] = (struct store_pair_assign){ fx->rater, r[0], r[1], (long)t + 1, t % 2 == 1, 0 };
	}
	assert_int_equal(store_commit(fx->s, &err), ST_OK);
	struct store_round_new rn = { .name = "ab", .task = "pairwise", .raters = &fx->rater, .n_raters = 1 };
	struct store_pair_round pr = { &rn, a, turns, NULL, 0 };
	assert_int_equal(store_pair_round_create(fx->s, &pr, &fx->round, &err), ST_OK);
	free(a);
	/* the pairs by seq, as the store made them */
	fx->n = turns;
	fx->pairs = calloc(turns, sizeof(*fx->pairs));
	fx->turns = calloc(turns, sizeof(*fx->turns));
	struct store_pair_key k = key_of(fx);
	struct store_pair_item *items;
	size_t n;
	assert_int_equal(store_pair_window(fx->s, &k, asked, 2, 1, turns, &items, &n, &err), ST_OK);
	assert_int_equal(n, turns);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(items[i].seq, (long)i + 1);
		fx->pairs[i] = items[i].pair_id;
		fx->turns[i] = items[i].turn_id;
	}
	store_pair_items_free(items, n);
	return fx;
}

static void done(struct fixture *fx)
{
	char aux[80];
	store_close(fx->s);
	unlink(fx->path);
	snprintf(aux, sizeof(aux), "%s-wal", fx->path);
	unlink(aux);
	snprintf(aux, sizeof(aux), "%s-shm", fx->path);
	unlink(aux);
	free(fx->pairs);
	free(fx->turns);
	free(fx);
}

/* A label of pair seq - 1, as a save or an import of another copy adds it. */
static void label(struct fixture *fx, size_t i, const char *field, const char *value)
{
	struct error err;
	struct store_pair_label l = { fx->pairs[i], fx->rater, fx->round, "pairwise", field };
	assert_int_equal(store_pair_label_set(fx->s, &l, value, 2.0, &err), ST_OK);
}

static void open_queue(struct fixture *fx, long want_size, long want_done)
{
	struct error err;
	struct store_pair_key k = key_of(fx);
	long size, n_done;
	assert_int_equal(store_pair_done_open(fx->s, &k, &size, &n_done, &err), ST_OK);
	assert_int_equal(size, want_size);
	assert_int_equal(n_done, want_done);
}

static long next_undone(struct fixture *fx, long from)
{
	struct error err;
	struct store_pair_key k = key_of(fx);
	long seq;
	assert_int_equal(store_pair_next_undone(fx->s, &k, from, &seq, &err), ST_OK);
	return seq;
}

/* The window holds the rater's values; done is kept and caught up: labels
 * added after an open (another copy's, or cleared) count at the next. */
static void test_window_values_and_done(void **state)
{
	(void)state;
	struct fixture *fx = project(40);
	struct error err;
	open_queue(fx, 40, 0);
	label(fx, 0, "preference", "a");
	label(fx, 1, "reason", "shorter");   /* a reason alone: not done */
	label(fx, 2, "preference", "tie");
	open_queue(fx, 40, 2);
	assert_int_equal(next_undone(fx, 1), 2);
	assert_int_equal(next_undone(fx, 3), 4);
	label(fx, 2, "preference", NULL);    /* cleared: not done again */
	label(fx, 39, "preference", "b");
	open_queue(fx, 40, 2);
	assert_int_equal(next_undone(fx, 3), 3);
	assert_int_equal(next_undone(fx, 40), 0);
	struct store_pair_key k = key_of(fx);
	struct store_pair_item *items;
	size_t n;
	assert_int_equal(store_pair_window(fx->s, &k, asked, 2, 1, 3, &items, &n, &err), ST_OK);
	assert_int_equal(n, 3);
	assert_string_equal(items[0].values[0], "a");
	assert_true(items[0].done);
	assert_null(items[1].values[0]);
	assert_string_equal(items[1].values[1], "shorter");
	assert_false(items[1].done);
	assert_null(items[2].values[0]);
	assert_false(items[2].done);
	assert_true(items[2].seconds > 3.9);   /* two rows of 2 s */
	store_pair_items_free(items, n);
	/* a save decides its pair at once */
	label(fx, 5, "preference", "a");
	int d;
	assert_int_equal(store_pair_done_check(fx->s, &k, fx->pairs[5], fx->turns[5], &d, &err), ST_OK);
	assert_true(d);
	assert_int_equal(next_undone(fx, 6), 7);
	open_queue(fx, 40, 3);
	done(fx);
}

/* Whether an EXPLAIN QUERY PLAN detail reads a whole table or index. */
static int whole_scan(const char *detail)
{
	return strncmp(detail, "SCAN ", 5) == 0 && strncmp(detail, "SCAN CONSTANT ROW", 17) != 0;
}

/* The statements that ran since their counts were reset: none reads a
 * whole table, none stepped through a full scan. Returns how many ran. */
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
				fail_msg("a pair screen statement reads a whole table (%s): %s", detail, sqlite3_sql(st));
		}
		sqlite3_finalize(plan);
		sqlite3_free(eqp);
		if (sqlite3_stmt_status(st, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0) > 50)
			fail_msg("a pair screen statement stepped through a full scan: %s", sqlite3_sql(st));
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

/* What the pair screen does on its first screen and on each key (the
 * queue opened, caught up with a label saved since; the next pair not
 * done; a window read; a pair decided after a save) reads no whole table
 * and steps through no full scan: the first screen costs the same on any
 * size of round. */
static void test_pair_statements_use_indexes(void **state)
{
	(void)state;
	struct fixture *fx = project(600);
	struct error err;
	for (size_t i = 0; i < 50; i++)
		label(fx, i, "preference", "a");
	open_queue(fx, 600, 50);
	label(fx, 50, "preference", "b");   /* after the mark: the next open catches it up */

	reset_counts(fx->s->db);
	open_queue(fx, 600, 51);
	assert_int_equal(next_undone(fx, 1), 52);
	struct store_pair_key k = key_of(fx);
	struct store_pair_item *items;
	size_t n;
	assert_int_equal(store_pair_window(fx->s, &k, asked, 2, 300, 64, &items, &n, &err), ST_OK);
	assert_int_equal(n, 64);
	assert_int_equal(items[0].seq, 300);
	store_pair_items_free(items, n);
	int d;
	label(fx, 300, "preference", "tie");
	assert_int_equal(store_pair_done_check(fx->s, &k, fx->pairs[300], fx->turns[300], &d, &err), ST_OK);
	assert_true(d);
	assert_true(no_whole_scans(fx->s->db) >= 6);
	done(fx);
}

static int count_step(void *arg)
{
	++*(long *)arg;
	return 0;
}

/* The work of opening the pair screen on a round of turns pairs with 50
 * done and one label after the mark (the rater's pairs counted, the queue opened, the next pair not
 * done found, the window around it read, a save decided), in hundreds of
 * SQLite VM steps; with whole, of reading the queue whole instead
 * (store_pair_queue, the reading this replaced). */
static long first_screen_work(size_t turns, int whole)
{
	struct fixture *fx = project(turns);
	struct error err;
	for (size_t i = 0; i < 50; i++)
		label(fx, i, "preference", "a");
	open_queue(fx, (long)turns, 50);
	label(fx, 50, "preference", "b");
	long steps = 0;
	sqlite3_progress_handler(fx->s->db, 100, count_step, &steps);
	struct store_pair_key k = key_of(fx);
	struct store_pair_item *items;
	size_t n;
	if (whole) {
		assert_int_equal(store_pair_queue(fx->s, fx->round, fx->rater, "pairwise", "preference", "reason",
						  &items, &n, &err), ST_OK);
	} else {
		long count = 0;   /* annotate's check that the round assigns the rater pairs */
		assert_int_equal(store_pair_count(fx->s, fx->round, fx->rater, &count, &err), ST_OK);
		assert_int_equal(count, (long)turns);
		open_queue(fx, (long)turns, 51);
		long at = next_undone(fx, 1);
		assert_int_equal(at, 52);
		assert_int_equal(store_pair_window(fx->s, &k, asked, 2, at - 32, 64, &items, &n, &err),
				 ST_OK);
		assert_int_equal(n, 64);
		label(fx, 51, "preference", "tie");
		int d;
		assert_int_equal(store_pair_done_check(fx->s, &k, fx->pairs[51], fx->turns[51], &d, &err), ST_OK);
	}
	store_pair_items_free(items, n);
	sqlite3_progress_handler(fx->s->db, 0, NULL, NULL);
	done(fx);
	return steps;
}

/* The first screen's work does not grow with the round (10 times the
 * pairs: about the same steps), where reading the queue whole does. */
static void test_first_screen_is_flat(void **state)
{
	(void)state;
	long small = first_screen_work(400, 0), big = first_screen_work(4000, 0);
	long whole_small = first_screen_work(400, 1), whole_big = first_screen_work(4000, 1);
	print_message("first screen: %ld / %ld hundred VM steps at 400 / 4000 pairs (read whole: %ld / %ld)\n",
		      small, big, whole_small, whole_big);
	assert_true(big <= small + small / 4 + 2);
	assert_true(whole_big > 5 * whole_small);   /* the measure sees a whole read */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_window_values_and_done),
		cmocka_unit_test(test_pair_statements_use_indexes),
		cmocka_unit_test(test_first_screen_is_flat),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
