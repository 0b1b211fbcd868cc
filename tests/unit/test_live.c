/* Unit tests: a live conversation (src/system/live.c over the built-in
 * bm25 system, src/store/store_live.c): each exchange is stored as the next
 * turn of live-RATER-N with the conversation so far, the name is the first
 * N free, a position stored already is refused with nothing changed, and a
 * failed send leaves the conversation as it was. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "convqa/live.h"
#include "convqa/store.h"
#include "convqa/store_live.h"
#include "convqa/store_replay.h"
#include "convqa/system.h"

static char dir[64];
static char path[128];
static struct store *store;
static int64_t sys_id;

static void put(int64_t imp, const char *id, const char *text)
{
	int64_t pid;
	enum store_put res;
	struct store_conflict c;
	struct error err;
	assert_int_equal(store_put_passage(store, id, NULL, NULL, text, imp, &pid, &res, &c, &err), ST_OK);
}

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/convqa-test-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/p.db", dir);
	struct error err;
	int64_t imp;
	enum store_put res;
	struct store_conflict c;
	assert_int_equal(store_open(path, STORE_CREATE, &store, &err), ST_OK);
	assert_int_equal(store_begin(store, &err), ST_OK);
	assert_int_equal(store_import_begin(store, "c.json", "00", &imp, &err), ST_OK);
	put(imp, "d1", "The lighthouse stands on a rock. It was finished in 1611.");
	put(imp, "d2", "Zurich lies on a lake.");
	assert_int_equal(store_put_system(store, "bm25", NULL, &sys_id, &res, &c, &err), ST_OK);
	assert_int_equal(store_commit(store, &err), ST_OK);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	store_close(store);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static void ask(struct live *l, const char *q)
{
	struct error err;
	assert_int_equal(live_send(l, q, &err), ST_OK);
	assert_int_equal(live_wait(l, &err), SYSTEM_READY);
}

static void test_each_exchange_is_the_next_turn_of_a_new_conversation(void **state)
{
	(void)state;
	struct system_spec spec = { .kind = "bm25", .store = store };
	struct live_opts o = { &spec, "bm25", sys_id, "alice", 5.0, NULL, NULL, NULL, NULL, 0, NULL };
	struct live *l;
	const char *q;
	live_new(store, &o, &l);
	assert_null(live_conversation(l));
	ask(l, "where is the lighthouse?");
	ask(l, "when was it finished?");
	assert_string_equal(live_conversation(l), "live-alice-1");
	assert_int_equal(live_turns(l), 2);
	assert_true(live_first_response(l) > 0);
	const struct system_reply *r = live_last(l, &q, NULL);
	assert_string_equal(q, "when was it finished?");
	assert_string_equal(r->answer, "It was finished in 1611.");
	assert_string_equal(r->passages[0].id, "d1");
	live_free(l);

	char *name;
	struct error err;
	assert_int_equal(store_live_name(store, "alice", &name, &err), ST_OK);
	assert_string_equal(name, "live-alice-2");   /* the next chat's */
	free(name);
	struct store_replay_turn *t;
	size_t n;
	const char *conv = "live-alice-1";
	assert_int_equal(store_replay_turns(store, &conv, 1, sys_id, &t, &n, &err), ST_OK);
	assert_int_equal(n, 2);
	assert_int_equal(t[1].position, 2);
	assert_string_equal(t[1].question, "when was it finished?");
	assert_string_equal(t[1].answer, "It was finished in 1611.");
	store_replay_turns_free(t, n);
}

static void test_a_position_stored_already_is_refused(void **state)
{
	(void)state;
	struct error err;
	int64_t id = 7;
	struct store_live_turn t = { "live-alice-1", NULL, 1, "again?", sys_id, "no", NULL, NULL, NULL, 0, NULL, NULL, NULL, 0 };
	assert_int_equal(store_live_put(store, &t, &id, &err), ST_INPUT);
	assert_int_equal(id, 0);
	assert_string_equal(err.msg, "the conversation 'live-alice-1' has a turn 1 already");
}

/* Arena mode: a second system's answer joins the turn the first stored;
 * the same system's answer twice is refused. */
static void test_add_to_turn_takes_another_systems_answer(void **state)
{
	(void)state;
	struct error err;
	enum store_put res;
	struct store_conflict c;
	int64_t other = 0, id = 0, again = 0;
	assert_int_equal(store_put_system(store, "other", NULL, &other, &res, &c, &err), ST_OK);
	struct store_live_turn t = { "live-alice-1", NULL, 1, "again?", other, "mine", NULL, NULL, NULL, 0, NULL, NULL, NULL, 1 };
	assert_int_equal(store_live_put(store, &t, &id, &err), ST_OK);
	assert_true(id > 0);
	assert_int_equal(store_live_put(store, &t, &again, &err), ST_INPUT);
	assert_int_equal(again, 0);
	assert_string_equal(err.msg, "turn 1 of 'live-alice-1' has this system's answer already");
}

static void test_a_failed_send_changes_nothing(void **state)
{
	(void)state;
	struct system_spec spec = { .kind = "no-such-kind" };
	struct live_opts o = { &spec, "x", sys_id, "bob", 5.0, NULL, NULL, NULL, NULL, 0, NULL };
	struct live *l;
	struct error err;
	live_new(store, &o, &l);
	assert_int_not_equal(live_send(l, "anyone?", &err), ST_OK);
	assert_false(live_busy(l, NULL));
	assert_int_equal(live_turns(l), 0);
	assert_null(live_conversation(l));
	live_free(l);
	char *name;
	assert_int_equal(store_live_name(store, "bob", &name, &err), ST_OK);
	assert_string_equal(name, "live-bob-1");
	free(name);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_exchange_is_the_next_turn_of_a_new_conversation),
		cmocka_unit_test(test_a_position_stored_already_is_refused),
		cmocka_unit_test(test_add_to_turn_takes_another_systems_answer),
		cmocka_unit_test(test_a_failed_send_changes_nothing),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
