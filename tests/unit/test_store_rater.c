/* Unit tests: raters' settings and what they did (store_rater.c): adding
 * and changing a rater keeps what the change does not name, label counts
 * are current values as info counts them, rounds are those a rater is in. */
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

struct fixture {
	char path[64];
	struct store *s;
	int64_t resp[2];   /* c1 turn 1, systems sys-a and sys-b */
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct error err;
	enum store_put res;
	struct store_conflict c;
	struct store_gold g = { 0 };
	int64_t imp, sys[2], conv, turn;
	snprintf(fx->path, sizeof(fx->path), "/tmp/test_store_rater_%d.db", (int)getpid());
	unlink(fx->path);
	assert_int_equal(store_open(fx->path, STORE_CREATE, &fx->s, &err), ST_OK);
	struct store *s = fx->s;
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_import_begin(s, "fixture.json", "0", &imp, &err), ST_OK);
	assert_int_equal(store_put_system(s, "sys-a", NULL, &sys[0], &res, &c, &err), ST_OK);
	assert_int_equal(store_put_system(s, "sys-b", NULL, &sys[1], &res, &c, &err), ST_OK);
	assert_int_equal(store_put_conversation(s, "c1", NULL, imp, &conv, &res, &c, &err), ST_OK);
	assert_int_equal(store_put_turn(s, conv, 1, "a question", NULL, &g, NULL, &turn, &res, &c, &err), ST_OK);
	for (int i = 0; i < 2; i++)
		assert_int_equal(store_put_response(s, turn, sys[i], i ? "another answer" : "an answer", NULL, 0, NULL,
						    imp, &fx->resp[i], &res, &c, &err), ST_OK);
	assert_int_equal(store_commit(s, &err), ST_OK);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	char aux[80];
	store_close(fx->s);
	unlink(fx->path);
	snprintf(aux, sizeof(aux), "%s-wal", fx->path);
	unlink(aux);
	snprintf(aux, sizeof(aux), "%s-shm", fx->path);
	unlink(aux);
	free(fx);
	return 0;
}

static void sql(struct fixture *fx, const char *text)
{
	sqlite3 *db;
	assert_int_equal(sqlite3_open(fx->path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, text, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

static void label(struct fixture *fx, int64_t rater, int64_t round, const char *task, int resp, const char *field,
		  const char *value, double seconds)
{
	struct error err;
	struct store_label_key k = { fx->resp[resp], rater, round, task, field, 0, UNIT_RESPONSE };
	assert_int_equal(store_label_set(fx->s, &k, value, seconds, &err), ST_OK);
}

static void test_a_new_rater_is_trusted_and_unbound_and_its_changes_keep_trust_and_the_day_added(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	struct store_rater r;
	int found;
	int64_t id, id2;
	assert_int_equal(store_rater_put(fx->s, "alice", ROLE_RATER, NULL, &id, &err), ST_OK);
	assert_int_equal(store_rater_get(fx->s, "alice", &r, &found, &err), ST_OK);
	assert_true(found);
	assert_int_equal(r.id, id);
	assert_string_equal(r.name, "alice");
	assert_int_equal(r.role, ROLE_RATER);
	assert_int_equal(r.trusted, 1);
	assert_null(r.os_user);
	assert_non_null(r.added_at);
	char *added = strdup(r.added_at);
	store_rater_release(&r);

	assert_int_equal(store_rater_set_trusted(fx->s, id, 0, &err), ST_OK);
	assert_int_equal(store_rater_put(fx->s, "alice", ROLE_COORDINATOR, "alice", &id2, &err), ST_OK);
	assert_int_equal(id2, id);
	assert_int_equal(store_rater_get(fx->s, "alice", &r, &found, &err), ST_OK);
	assert_int_equal(r.role, ROLE_COORDINATOR);
	assert_string_equal(r.os_user, "alice");
	assert_int_equal(r.trusted, 0);
	assert_string_equal(r.added_at, added);
	store_rater_release(&r);
	assert_int_equal(store_rater_put(fx->s, "alice", ROLE_COORDINATOR, NULL, NULL, &err), ST_OK);
	assert_int_equal(store_rater_get(fx->s, "alice", &r, &found, &err), ST_OK);
	assert_null(r.os_user);
	store_rater_release(&r);
	free(added);
}

static void test_a_rater_the_project_lacks_is_not_found_or_an_error_listing_its_raters(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	struct store_rater r;
	int found = 1;
	assert_int_equal(store_rater_get(fx->s, "zed", &r, NULL, &err), ST_INPUT);
	assert_string_equal(err.msg, "no rater 'zed' in the project (it has no raters)");
	assert_int_equal(store_rater_put(fx->s, "bob", ROLE_RATER, NULL, NULL, &err), ST_OK);
	assert_int_equal(store_rater_put(fx->s, "alice", ROLE_RATER, NULL, NULL, &err), ST_OK);
	assert_int_equal(store_rater_get(fx->s, "zed", &r, &found, &err), ST_OK);
	assert_false(found);
	assert_null(r.name);
	assert_int_equal(store_rater_get(fx->s, "zed", &r, NULL, &err), ST_INPUT);
	assert_string_equal(err.msg, "no rater 'zed' in the project (its raters: alice, bob)");
}

static void test_a_rater_added_by_a_first_label_is_trusted_with_the_day_added(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	struct store_rater r;
	int64_t id;
	assert_int_equal(store_rater_ensure(fx->s, "ann", &id, &err), ST_OK);
	assert_int_equal(store_rater_get(fx->s, "ann", &r, NULL, &err), ST_OK);
	assert_int_equal(r.trusted, 1);
	assert_int_equal(r.role, ROLE_RATER);
	assert_non_null(r.added_at);
	store_rater_release(&r);
}

static void task_cb(const struct store_rater_task *t, void *ctx)
{
	char line[128];
	snprintf(line, sizeof(line), "%s %ld %ld %.1f\n", t->task, t->labels, t->rows, t->seconds);
	strncat(ctx, line, 511 - strlen(ctx));
}

static void test_labels_count_current_values_per_rater_and_per_task_with_rows_and_time(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	struct store_rater *rows;
	size_t n;
	int64_t a, b;
	assert_int_equal(store_rater_put(fx->s, "bob", ROLE_RATER, NULL, &b, &err), ST_OK);
	assert_int_equal(store_rater_put(fx->s, "alice", ROLE_ADJUDICATOR, "nobody", &a, &err), ST_OK);
	label(fx, a, 0, "turn", 0, "answer_correct", "1", 2.0);
	label(fx, a, 0, "turn", 0, "answer_correct", "0", 3.5);     /* changed: one label, two rows */
	label(fx, a, 0, "turn", 1, "answer_correct", "1", 1.0);
	label(fx, a, 0, "turn", 1, "note", "n", 0);
	label(fx, a, 0, "turn", 1, "note", NULL, 0);                 /* cleared: no label */
	label(fx, a, 0, "plausibility", 0, "plausibility", "plausible", 60);
	assert_int_equal(store_rater_list(fx->s, &rows, &n, &err), ST_OK);
	assert_int_equal(n, 2);
	assert_string_equal(rows[0].name, "alice");
	assert_int_equal(rows[0].role, ROLE_ADJUDICATOR);
	assert_string_equal(rows[0].os_user, "nobody");
	assert_string_equal(rows[1].name, "bob");
	assert_int_equal(rows[0].labels, 0);   /* counted on request only */
	assert_int_equal(store_rater_count_labels(fx->s, rows, n, &err), ST_OK);
	assert_int_equal(rows[0].labels, 3);
	assert_int_equal(rows[1].labels, 0);
	store_rater_rows_free(rows, n);

	char text[512] = "";
	assert_int_equal(store_rater_tasks(fx->s, a, task_cb, text, &err), ST_OK);
	assert_string_equal(text, "plausibility 1 1 60.0\nturn 2 5 6.5\n");
	text[0] = '\0';
	assert_int_equal(store_rater_tasks(fx->s, b, task_cb, text, &err), ST_OK);
	assert_string_equal(text, "");
}

static void round_cb(const struct store_rater_round *r, void *ctx)
{
	char line[128];
	snprintf(line, sizeof(line), "%s %s %s %ld %ld\n", r->name, r->task, r->closed ? "closed" : "open", r->assigned,
		 r->labels);
	strncat(ctx, line, 511 - strlen(ctx));
}

static void test_a_raters_rounds_are_those_they_are_in_assigned_to_or_labelled_in(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	int64_t a, b;
	char text[512] = "";
	assert_int_equal(store_rater_put(fx->s, "alice", ROLE_RATER, NULL, &a, &err), ST_OK);
	assert_int_equal(store_rater_put(fx->s, "bob", ROLE_RATER, NULL, &b, &err), ST_OK);
	char q[1024];
	snprintf(q, sizeof(q),
		 "INSERT INTO round(id, name, task, created_at, status) VALUES (1, 'r1', 'turn', '2026-01-01', 'closed'), "
		 "(2, 'r2', 'turn', '2026-01-02', 'open'), (3, 'r3', 'plausibility', '2026-01-03', 'open'), "
		 "(4, 'r4', 'turn', '2026-01-04', 'open');"
		 "INSERT INTO round_rater VALUES (1, %lld), (4, %lld);"
		 "INSERT INTO assignment(round_id, rater_id, response_id, seq) VALUES (1, %lld, %lld, 1), "
		 "(1, %lld, %lld, 2), (2, %lld, %lld, 1);",
		 (long long)a, (long long)b, (long long)a, (long long)fx->resp[0], (long long)a, (long long)fx->resp[1],
		 (long long)a, (long long)fx->resp[0]);
	sql(fx, q);
	label(fx, a, 1, "turn", 0, "answer_correct", "1", 0);
	label(fx, a, 3, "plausibility", 0, "plausibility", "plausible", 0);
	assert_int_equal(store_rater_rounds(fx->s, a, round_cb, text, &err), ST_OK);
	assert_string_equal(text, "r1 turn closed 2 1\nr2 turn open 1 0\nr3 plausibility open 0 1\n");
	text[0] = '\0';
	assert_int_equal(store_rater_rounds(fx->s, b, round_cb, text, &err), ST_OK);
	assert_string_equal(text, "r4 turn open 0 0\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_a_new_rater_is_trusted_and_unbound_and_its_changes_keep_trust_and_the_day_added, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_a_rater_the_project_lacks_is_not_found_or_an_error_listing_its_raters,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_rater_added_by_a_first_label_is_trusted_with_the_day_added, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_labels_count_current_values_per_rater_and_per_task_with_rows_and_time,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_raters_rounds_are_those_they_are_in_assigned_to_or_labelled_in,
						setup, teardown),
	};
	return cmocka_run_group_tests_name("store_rater", tests, NULL, NULL);
}
