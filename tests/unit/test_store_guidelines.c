/* Unit tests: the project's guidelines - versions per task and for every
 * task, which one a rater of a task is shown, and what each rater has seen. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "convqa/store.h"

static char dir[64];
static char path[128];
static struct store *s;

static int setup(void **state)
{
	struct error err;
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/convqa-test-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/p.db", dir);
	assert_int_equal(store_open(path, STORE_CREATE, &s, &err), ST_OK);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	store_close(s);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

/* Set text for task; returns what the store made of it. */
static enum store_put set(const char *task, const char *text)
{
	struct error err;
	enum store_put res;
	assert_int_equal(store_guidelines_set(s, task, text, &res, NULL, &err), ST_OK);
	return res;
}

/* The text a rater of task is shown (exact: set for task itself), "" when none. */
static char *shown(const char *task, int exact)
{
	static char buf[256];
	struct error err;
	struct store_guidelines g;
	assert_int_equal(store_guidelines_get(s, task, exact, &g, &err), ST_OK);
	snprintf(buf, sizeof(buf), "%s", g.id ? g.text : "");
	store_guidelines_release(&g);
	return buf;
}

static void test_a_project_starts_without_guidelines(void **state)
{
	(void)state;
	assert_string_equal(shown(NULL, 1), "");
	assert_string_equal(shown("turn", 0), "");
}

static void test_setting_the_same_text_again_adds_no_version(void **state)
{
	(void)state;
	struct error err;
	struct store_guidelines cur;
	enum store_put res;
	assert_int_equal(set(NULL, "Read the passage."), PUT_NEW);
	assert_int_equal(set(NULL, "Read the passage."), PUT_SAME);
	assert_int_equal(store_guidelines_set(s, NULL, "Read the whole passage.", &res, &cur, &err), ST_OK);
	assert_int_equal(res, PUT_UPDATED);
	assert_int_equal(cur.version, 2);
	assert_null(cur.task);
	assert_string_equal(cur.text, "Read the whole passage.");
	assert_int_equal(strlen(cur.set_at), 24);
	store_guidelines_release(&cur);
	/* back to the first text: a third version, the history is kept */
	assert_int_equal(set(NULL, "Read the passage."), PUT_UPDATED);
	struct store_guidelines *rows;
	size_t n;
	assert_int_equal(store_guidelines_list(s, &rows, &n, &err), ST_OK);
	assert_int_equal(n, 3);
	assert_int_equal(rows[2].version, 3);
	store_guidelines_rows_free(rows, n);
}

static void test_a_task_of_its_own_comes_before_every_task(void **state)
{
	(void)state;
	set(NULL, "for every task");
	set("turn", "for turn");
	assert_string_equal(shown("turn", 0), "for turn");
	assert_string_equal(shown("plausibility", 0), "for every task");
	assert_string_equal(shown("plausibility", 1), "");
	/* a newer version for every task does not hide turn's own */
	set(NULL, "for every task, again");
	assert_string_equal(shown("turn", 0), "for turn");
	assert_string_equal(shown(NULL, 1), "for every task, again");
	/* the same text for another task is a version of that task */
	assert_int_equal(set("plausibility", "for turn"), PUT_NEW);
	struct error err;
	struct store_guidelines *rows;
	size_t n;
	assert_int_equal(store_guidelines_list(s, &rows, &n, &err), ST_OK);
	assert_int_equal(n, 4);
	assert_null(rows[0].task);
	assert_null(rows[1].task);
	assert_int_equal(rows[1].version, 2);
	assert_string_equal(rows[2].task, "plausibility");
	assert_string_equal(rows[3].task, "turn");
	assert_int_equal(rows[3].version, 1);
	store_guidelines_rows_free(rows, n);
}

static void test_each_rater_has_seen_the_versions_shown_to_them(void **state)
{
	(void)state;
	struct error err;
	struct store_guidelines g;
	int64_t alice, bob;
	int seen, before;
	assert_int_equal(store_rater_ensure(s, "alice", &alice, &err), ST_OK);
	assert_int_equal(store_rater_ensure(s, "bob", &bob, &err), ST_OK);
	set(NULL, "v1");
	assert_int_equal(store_guidelines_get(s, "turn", 0, &g, &err), ST_OK);
	assert_int_equal(store_guidelines_seen(s, alice, "turn", g.id, &seen, &before, &err), ST_OK);
	assert_true(!seen && !before);
	assert_int_equal(store_guidelines_mark_seen(s, alice, g.id, &err), ST_OK);
	assert_int_equal(store_guidelines_mark_seen(s, alice, g.id, &err), ST_OK);   /* again: no change */
	assert_int_equal(store_guidelines_seen(s, alice, "turn", g.id, &seen, &before, &err), ST_OK);
	assert_true(seen && before);
	assert_int_equal(store_guidelines_seen(s, bob, "turn", g.id, &seen, &before, &err), ST_OK);
	assert_true(!seen && !before);
	store_guidelines_release(&g);
	assert_int_equal(store_guidelines_get(s, NULL, 1, &g, &err), ST_OK);
	assert_int_equal(g.seen_by, 1);
	store_guidelines_release(&g);

	/* a version of turn's own: alice has seen earlier guidelines of turn */
	set("turn", "v2");
	assert_int_equal(store_guidelines_get(s, "turn", 0, &g, &err), ST_OK);
	assert_int_equal(store_guidelines_seen(s, alice, "turn", g.id, &seen, &before, &err), ST_OK);
	assert_true(!seen && before);
	store_guidelines_release(&g);
	/* what she saw of another task is not this task's */
	set("faithfulness", "f1");
	assert_int_equal(store_guidelines_get(s, "faithfulness", 0, &g, &err), ST_OK);
	assert_int_equal(store_guidelines_mark_seen(s, bob, g.id, &err), ST_OK);
	store_guidelines_release(&g);
	assert_int_equal(store_guidelines_get(s, "turn", 0, &g, &err), ST_OK);
	assert_int_equal(store_guidelines_seen(s, bob, "turn", g.id, &seen, &before, &err), ST_OK);
	assert_true(!seen && !before);
	store_guidelines_release(&g);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_a_project_starts_without_guidelines),
		T(test_setting_the_same_text_again_adds_no_version),
		T(test_a_task_of_its_own_comes_before_every_task),
		T(test_each_rater_has_seen_the_versions_shown_to_them),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
