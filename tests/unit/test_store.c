/* Unit tests: the project store - creation, migrations, refusals, label history. */
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

static char dir[64];
static char path[128];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/convqa-test-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/p.db", dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static void raw_exec(const char *sql)
{
	sqlite3 *db;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	char *msg = NULL;
	int rc = sqlite3_exec(db, sql, NULL, NULL, &msg);
	if (rc != SQLITE_OK)
		fail_msg("%s: %s", sql, msg);
	sqlite3_close(db);
}

static struct store *open_new(void)
{
	struct store *s;
	struct error err;
	assert_int_equal(store_open(path, STORE_CREATE, &s, &err), ST_OK);
	return s;
}

static void test_opening_a_missing_project_without_create_says_how_to_make_one(void **state)
{
	(void)state;
	struct store *s;
	struct error err;
	assert_int_equal(store_open(path, 0, &s, &err), ST_STORE);
	assert_null(s);
	char expected[512];
	snprintf(expected, sizeof(expected), "no project at '%s' (create one with: convqa init --db %s)", path, path);
	assert_string_equal(err.msg, expected);
	assert_int_equal(access(path, F_OK), -1);
}

static void test_a_new_project_has_the_current_schema_version_and_wal(void **state)
{
	(void)state;
	struct store *s = open_new();
	store_close(s);
	sqlite3 *db;
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(st, 0), STORE_SCHEMA_VERSION);
	sqlite3_finalize(st);
	sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, NULL);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(st, 0), "wal");
	sqlite3_finalize(st);
	sqlite3_close(db);
}

static void test_init_refuses_to_reuse_an_existing_file(void **state)
{
	(void)state;
	store_close(open_new());
	struct store *s;
	struct error err;
	assert_int_equal(store_open(path, STORE_CREATE | STORE_MUST_BE_NEW, &s, &err), ST_STORE);
	assert_non_null(strstr(err.msg, "already exists; not overwriting it"));
}

static char *slurp(size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *b = malloc(1 << 20);
	*len = fread(b, 1, 1 << 20, f);
	fclose(f);
	return b;
}

static void test_other_sqlite_databases_are_refused_and_left_unchanged(void **state)
{
	(void)state;
	raw_exec("CREATE TABLE t(x)");
	size_t n1, n2;
	char *before = slurp(&n1);
	struct store *s;
	struct error err;
	assert_int_equal(store_open(path, 0, &s, &err), ST_STORE);
	assert_non_null(strstr(err.msg, "is an SQLite database but not a convqa project"));
	char *after = slurp(&n2);
	assert_int_equal(n1, n2);
	assert_memory_equal(before, after, n1); /* not even switched to WAL */
	free(before);
	free(after);
}

static void test_an_empty_file_is_not_quietly_made_a_project(void **state)
{
	(void)state;
	fclose(fopen(path, "w"));
	struct store *s;
	struct error err;
	assert_int_equal(store_open(path, 0, &s, &err), ST_STORE);
	assert_non_null(strstr(err.msg, "is an empty file, not a convqa project"));
	size_t n;
	free(slurp(&n));
	assert_int_equal(n, 0);
}

static void test_a_project_from_a_newer_convqa_is_refused(void **state)
{
	(void)state;
	store_close(open_new());
	raw_exec("PRAGMA user_version = 99");
	struct store *s;
	struct error err;
	assert_int_equal(store_open(path, 0, &s, &err), ST_STORE);
	char want[96];
	snprintf(want, sizeof(want), "has schema version 99, newer than this convqa (%d): upgrade convqa",
		 STORE_SCHEMA_VERSION);
	assert_non_null(strstr(err.msg, want));
}

/* The project file's user_version, read with SQLite alone. */
static int version_of_file(void)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	int v = -1;
	if (sqlite3_open(path, &db) == SQLITE_OK && sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) ==
							    SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			v = sqlite3_column_int(st, 0);
		sqlite3_finalize(st);
	}
	sqlite3_close(db);
	return v;
}

/* tests/fixtures/project_v1.db: made by the release before schemes (user_version
 * 1, commit ee56a25): one conversation, one turn, one response with two
 * passages, two labels. */
static void test_a_version_1_project_opens_migrates_and_keeps_its_data(void **state)
{
	(void)state;
	char cmd[256];
	snprintf(cmd, sizeof(cmd), "cp tests/fixtures/project_v1.db %s", path);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(version_of_file(), 1);

	struct store *s;
	struct error err;
	assert_int_equal(store_open(path, 0, &s, &err), ST_OK);
	struct store_counts c;
	assert_int_equal(store_counts(s, &c, &err), ST_OK);
	assert_int_equal(c.conversations, 1);
	assert_int_equal(c.responses, 1);
	assert_int_equal(c.retrieved, 2);
	assert_int_equal(c.label_rows, 2);
	assert_int_equal(c.raters, 1);
	/* the new table is there and empty */
	struct store_scheme_row *rows;
	size_t n;
	assert_int_equal(store_scheme_list(s, &rows, &n, &err), ST_OK);
	assert_int_equal(n, 0);
	enum store_put res;
	assert_int_equal(store_scheme_add(s, "x", "{}", NULL, NULL, &res, &err), ST_OK);
	assert_int_equal(res, PUT_NEW);
	store_close(s);
	assert_int_equal(version_of_file(), STORE_SCHEMA_VERSION);
}

/* The answer of one query on the project file, read with SQLite alone. */
static long long raw_int(const char *sql)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	long long v = -1;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return v;
}

/* Version 4 rebuilds the round table (a round's task may be any scheme):
 * rounds keep their ids, so that labels and assignments still name them;
 * raters become trusted. The round is added to the release-2 fixture as
 * that release would have held it. */
static void test_rounds_assignments_and_their_labels_survive_the_round_rebuild(void **state)
{
	(void)state;
	char cmd[256];
	snprintf(cmd, sizeof(cmd), "cp tests/fixtures/project_v2.db %s", path);
	assert_int_equal(system(cmd), 0);
	raw_exec("INSERT INTO round(id, name, task, overlap, status, created_at) VALUES "
		 "(7, 'r1', 'turn', 1, 'closed', '2026-01-01T00:00:00Z');"
		 "INSERT INTO round_rater VALUES (7, (SELECT min(id) FROM rater));"
		 "INSERT INTO assignment(round_id, rater_id, response_id, seq) "
		 "  SELECT 7, (SELECT min(id) FROM rater), min(id), 1 FROM response;"
		 "INSERT INTO label(response_id, rater_id, round_id, task, field, value, created_at) "
		 "  SELECT min(id), (SELECT min(id) FROM rater), 7, 'turn', 'intent', 'boolean', 't' FROM response;");
	long long labels = raw_int("SELECT count(*) FROM label");
	char kept[128];
	/* every row stays (version 3 may add some after them: migrate_v2.sh) */
	snprintf(kept, sizeof(kept), "SELECT count(*) FROM label WHERE id <= %lld",
		 raw_int("SELECT max(id) FROM label"));
	struct store *s;
	struct error err;
	assert_int_equal(store_open(path, 0, &s, &err), ST_OK);
	store_close(s);
	assert_int_equal(version_of_file(), STORE_SCHEMA_VERSION);
	assert_int_equal(raw_int(kept), labels);
	assert_int_equal(raw_int("SELECT count(*) FROM label l JOIN round r ON r.id = l.round_id "
				 "WHERE r.name = 'r1' AND l.value = 'boolean'"), 1);
	assert_int_equal(raw_int("SELECT count(*) FROM assignment a JOIN round r ON r.id = a.round_id "
				 "WHERE r.name = 'r1' AND a.control = 0"), 1);
	assert_int_equal(raw_int("SELECT count(*) FROM round WHERE id = 7 AND status = 'closed' AND overlap = 1"), 1);
	assert_int_equal(raw_int("SELECT count(*) FROM rater WHERE trusted = 0"), 0);
	assert_int_equal(raw_int("SELECT count(*) FROM pragma_foreign_key_check"), 0);
	/* a round of a project's own scheme can be made now */
	raw_exec("INSERT INTO round(name, task, created_at) VALUES ('r2', 'likert-4pt', 't')");
}

static void test_a_scheme_is_added_once_and_never_changed(void **state)
{
	(void)state;
	struct store *s = open_new();
	struct error err;
	enum store_put res;
	char *json;
	assert_int_equal(store_scheme_add(s, "likert", "{\"a\": 1}", NULL, NULL, &res, &err), ST_OK);
	assert_int_equal(res, PUT_NEW);
	assert_int_equal(store_scheme_add(s, "likert", "{\"a\": 1}", NULL, NULL, &res, &err), ST_OK);
	assert_int_equal(res, PUT_SAME);
	assert_int_equal(store_scheme_add(s, "likert", "{\"a\": 2}", NULL, NULL, &res, &err), ST_OK);
	assert_int_equal(res, PUT_CONFLICT);
	assert_int_equal(store_scheme_get(s, "likert", &json, &err), ST_OK);
	assert_string_equal(json, "{\"a\": 1}");
	free(json);
	assert_int_equal(store_scheme_get(s, "other", &json, &err), ST_OK);
	assert_null(json);
	struct store_scheme_row *rows;
	size_t n;
	assert_int_equal(store_scheme_list(s, &rows, &n, &err), ST_OK);
	assert_int_equal(n, 1);
	assert_string_equal(rows[0].name, "likert");
	assert_true(strlen(rows[0].added_at) >= 10);
	store_scheme_rows_free(rows, n);
	store_close(s);
}

static void test_a_file_that_is_not_sqlite_is_refused_and_kept(void **state)
{
	(void)state;
	FILE *f = fopen(path, "w");
	fputs("hello, this is not a database, not at all, certainly not\n", f);
	fclose(f);
	struct store *s;
	struct error err;
	assert_int_equal(store_open(path, 0, &s, &err), ST_STORE);
	assert_non_null(strstr(err.msg, "file is not a database"));
	assert_int_equal(access(path, F_OK), 0);
}

/* One conversation, one turn, one system, one response with two passages. */
static int64_t add_item(struct store *s)
{
	struct error err;
	int64_t imp, sys, p1, p2, conv, turn, resp;
	enum store_put res;
	struct store_conflict c;
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_import_begin(s, "f.json", "00", &imp, &err), ST_OK);
	assert_int_equal(store_put_system(s, "sys", NULL, &sys, &res, &c, &err), ST_OK);
	assert_int_equal(store_put_passage(s, "p1", NULL, NULL, "one", imp, &p1, &res, &c, &err), ST_OK);
	assert_int_equal(store_put_passage(s, "p2", NULL, NULL, "two", imp, &p2, &res, &c, &err), ST_OK);
	assert_int_equal(store_put_conversation(s, "c1", NULL, imp, &conv, &res, &c, &err), ST_OK);
	assert_int_equal(store_put_turn(s, conv, 1, "q?", NULL, NULL, NULL, &turn, &res, &c, &err), ST_OK);
	struct store_ranked r[2] = { { 1, 2.0, 1, p1, "p1" }, { 2, 1.0, 1, p2, "p2" } };
	assert_int_equal(store_put_response(s, turn, sys, "a", r, 2, NULL, imp, &resp, &res, &c, &err), ST_OK);
	assert_int_equal(store_commit(s, &err), ST_OK);
	return resp;
}

static void test_passage_put_reports_same_and_conflicting_content(void **state)
{
	(void)state;
	struct store *s = open_new();
	struct error err;
	int64_t id, id2;
	enum store_put res;
	struct store_conflict c;
	add_item(s);
	assert_int_equal(store_put_passage(s, "p1", NULL, NULL, "one", 0, &id, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_SAME);
	assert_int_equal(store_put_passage(s, "p1", NULL, NULL, "uno", 0, &id2, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_CONFLICT);
	assert_int_equal(id, id2);
	assert_string_equal(c.what, "its text differs");
	assert_non_null(strstr(c.origin, "imported from 'f.json' at "));
	store_close(s);
}

/* A value one side lacks is no conflict and a later put fills it in: a
 * turn's question, a passage's text (known by id only), a response's
 * rewrite; two different values conflict. */
static void test_missing_question_text_and_rewrite_are_filled_in_later(void **state)
{
	(void)state;
	struct store *s = open_new();
	struct error err;
	int64_t imp, p, conv, turn, turn2, sys, resp;
	enum store_put res;
	struct store_conflict c;
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_import_begin(s, "run.json", "00", &imp, &err), ST_OK);
	assert_int_equal(store_put_passage(s, "p1", NULL, NULL, NULL, imp, &p, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_NEW);
	assert_int_equal(store_put_system(s, "sys", NULL, &sys, &res, &c, &err), ST_OK);
	assert_int_equal(store_put_conversation(s, "c1", NULL, imp, &conv, &res, &c, &err), ST_OK);
	assert_int_equal(store_put_turn(s, conv, 11, NULL, NULL, NULL, NULL, &turn, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_NEW);
	struct store_ranked r[1] = { { 1, 2.0, 1, p, "p1" } };
	assert_int_equal(store_put_response(s, turn, sys, "a", r, 1, NULL, imp, &resp, &res, &c, &err), ST_OK);
	assert_int_equal(store_commit(s, &err), ST_OK);

	/* the same, still without them: nothing to do */
	assert_int_equal(store_put_passage(s, "p1", NULL, NULL, NULL, 0, &p, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_SAME);
	assert_int_equal(store_put_turn(s, conv, 11, NULL, NULL, NULL, NULL, &turn2, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_SAME);
	assert_int_equal(store_put_response_rewrite(s, resp, NULL, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_SAME);
	/* given: filled in */
	assert_int_equal(store_put_passage(s, "p1", NULL, NULL, "one", 0, &p, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_UPDATED);
	assert_int_equal(store_put_turn(s, conv, 11, "q?", NULL, NULL, NULL, &turn2, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_UPDATED);
	assert_int_equal(turn2, turn);
	assert_int_equal(store_put_response_rewrite(s, resp, "the rewrite", &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_UPDATED);
	/* then without them again: no conflict, nothing lost */
	assert_int_equal(store_put_passage(s, "p1", NULL, NULL, NULL, 0, &p, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_SAME);
	assert_int_equal(store_put_turn(s, conv, 11, NULL, NULL, NULL, NULL, &turn2, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_SAME);
	/* other values: conflicts */
	assert_int_equal(store_put_passage(s, "p1", NULL, NULL, "uno", 0, &p, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_CONFLICT);
	assert_string_equal(c.what, "its text differs");
	assert_int_equal(store_put_turn(s, conv, 11, "other?", NULL, NULL, NULL, &turn2, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_CONFLICT);
	assert_string_equal(c.what, "its question differs");
	assert_int_equal(store_put_response_rewrite(s, resp, "another", &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_CONFLICT);
	assert_string_equal(c.what, "its rewrite differs");
	assert_non_null(strstr(c.origin, "imported from 'run.json' at "));
	store_close(s);

	sqlite3 *db;
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT (SELECT question FROM turn), (SELECT text FROM passage), "
					    "(SELECT rewrite FROM response), (SELECT count(*) FROM passage_fts "
					    "WHERE passage_fts MATCH 'one')", -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(st, 0), "q?");
	assert_string_equal((const char *)sqlite3_column_text(st, 1), "one");
	assert_string_equal((const char *)sqlite3_column_text(st, 2), "the rewrite");
	assert_int_equal(sqlite3_column_int(st, 3), 1);   /* the filled text is indexed */
	sqlite3_finalize(st);
	sqlite3_close(db);
}

/* Gold passages with grades: the same passages with the same grades are
 * the same gold (a missing grades list is every grade 1); other grades
 * conflict. */
static void test_gold_grades_are_kept_and_other_grades_conflict(void **state)
{
	(void)state;
	struct store *s = open_new();
	struct error err;
	int64_t imp, conv, turn;
	enum store_put res;
	struct store_conflict c;
	const char *ids[2] = { "p1", "p2" };
	const long grades[2] = { 3, 1 }, ones[2] = { 1, 1 };
	struct store_gold g = { NULL, NULL, 0, ids, 2, 1, grades };
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_import_begin(s, "qrels", "00", &imp, &err), ST_OK);
	assert_int_equal(store_put_conversation(s, "c1", NULL, imp, &conv, &res, &c, &err), ST_OK);
	assert_int_equal(store_put_turn(s, conv, 2, NULL, NULL, &g, NULL, &turn, &res, &c, &err), ST_OK);
	assert_int_equal(store_commit(s, &err), ST_OK);
	assert_int_equal(store_put_turn(s, conv, 2, NULL, NULL, &g, NULL, &turn, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_SAME);
	g.grades = ones;
	assert_int_equal(store_put_turn(s, conv, 2, NULL, NULL, &g, NULL, &turn, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_CONFLICT);
	assert_string_equal(c.what, "its gold passages differ");
	g.grades = NULL;
	assert_int_equal(store_put_turn(s, conv, 2, NULL, NULL, &g, NULL, &turn, &res, &c, &err), ST_OK);
	assert_int_equal(res, PUT_CONFLICT);
	store_close(s);

	sqlite3 *db;
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT group_concat(passage_ext || '=' || grade, ' ') FROM "
					    "(SELECT * FROM gold_passage ORDER BY passage_ext)", -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(st, 0), "p1=3 p2=1");
	sqlite3_finalize(st);
	sqlite3_close(db);
}

static void test_label_changes_add_rows_and_the_latest_is_current(void **state)
{
	(void)state;
	struct store *s = open_new();
	struct error err;
	struct store_label_key k = { add_item(s), 0, 0, "turn", "answer_correct", 0, UNIT_RESPONSE };
	struct store_counts c;
	char *v;
	assert_int_equal(store_rater_ensure(s, "alice", &k.rater_id, &err), ST_OK);
	assert_int_equal(store_label_set(s, &k, "1", 2.5, &err), ST_OK);
	assert_int_equal(store_label_set(s, &k, "0", 4.0, &err), ST_OK);
	assert_int_equal(store_label_get(s, &k, &v, &err), ST_OK);
	assert_string_equal(v, "0");
	free(v);
	assert_int_equal(store_counts(s, &c, &err), ST_OK);
	assert_int_equal(c.labels, 1);
	assert_int_equal(c.label_rows, 2);
	assert_int_equal(store_label_set(s, &k, NULL, 5.0, &err), ST_OK);
	assert_int_equal(store_label_get(s, &k, &v, &err), ST_OK);
	assert_null(v);
	assert_int_equal(store_counts(s, &c, &err), ST_OK);
	assert_int_equal(c.labels, 0);
	assert_int_equal(c.label_rows, 3);
	store_close(s);
}

static void test_labels_of_other_raters_rounds_and_ranks_are_separate(void **state)
{
	(void)state;
	struct store *s = open_new();
	struct error err;
	int64_t resp = add_item(s), bob;
	struct store_label_key a1 = { resp, 0, 0, "turn", "relevant", 1, UNIT_PASSAGE };
	struct store_label_key a2 = a1;
	char *v;
	a2.passage_rank = 2;
	assert_int_equal(store_rater_ensure(s, "alice", &a1.rater_id, &err), ST_OK);
	a2.rater_id = a1.rater_id;
	assert_int_equal(store_rater_ensure(s, "bob", &bob, &err), ST_OK);
	struct store_label_key b1 = a1;
	b1.rater_id = bob;
	assert_int_equal(store_label_set(s, &a1, "1", 0, &err), ST_OK);
	assert_int_equal(store_label_set(s, &a2, "0", 0, &err), ST_OK);
	assert_int_equal(store_label_get(s, &b1, &v, &err), ST_OK);
	assert_null(v);
	assert_int_equal(store_label_get(s, &a2, &v, &err), ST_OK);
	assert_string_equal(v, "0");
	free(v);
	store_close(s);
}

static void test_saved_labels_cannot_be_changed_or_deleted_in_place(void **state)
{
	(void)state;
	struct store *s = open_new();
	struct error err;
	struct store_label_key k = { add_item(s), 0, 0, "turn", "intent", 0, UNIT_TURN };
	assert_int_equal(store_rater_ensure(s, "alice", &k.rater_id, &err), ST_OK);
	assert_int_equal(store_label_set(s, &k, "boolean", 1, &err), ST_OK);
	store_close(s);
	sqlite3 *db;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_not_equal(sqlite3_exec(db, "UPDATE label SET value = 'x'", NULL, NULL, NULL), SQLITE_OK);
	assert_int_not_equal(sqlite3_exec(db, "DELETE FROM label", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

static void test_a_label_is_committed_when_set_returns(void **state)
{
	(void)state;
	struct store *s = open_new();
	struct error err;
	struct store_label_key k = { add_item(s), 0, 0, "turn", "intent", 0, UNIT_TURN };
	assert_int_equal(store_rater_ensure(s, "alice", &k.rater_id, &err), ST_OK);
	assert_int_equal(store_label_set(s, &k, "boolean", 1, &err), ST_OK);
	/* a second connection sees it while the first is still open */
	sqlite3 *db;
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	sqlite3_prepare_v2(db, "SELECT value FROM label", -1, &st, NULL);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(st, 0), "boolean");
	sqlite3_finalize(st);
	sqlite3_close(db);
	store_close(s);
}

/* The labels in the project file alone (a copy of it without its
 * write-ahead log): what a checkpoint has copied into it. */
static int labels_in_file_alone(void)
{
	char copy[300], cmd[1600];
	snprintf(copy, sizeof(copy), "%s/alone.db", dir);
	snprintf(cmd, sizeof(cmd), "rm -f %s %s-wal %s-shm && cp %s %s", copy, copy, copy, path, copy);
	assert_int_equal(system(cmd), 0);
	sqlite3 *db;
	sqlite3_stmt *st;
	int n = -1;
	assert_int_equal(sqlite3_open(copy, &db), SQLITE_OK);
	if (sqlite3_prepare_v2(db, "SELECT count(*) FROM label", -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return n;
}

/* With checkpoints deferred (the annotation UI): a label is committed and
 * synced in the write-ahead log when its save returns, and copied into the
 * project file by store_wal_checkpoint(), not by the commit. */
static void test_a_deferred_checkpoint_copies_committed_labels_later(void **state)
{
	(void)state;
	struct store *s = open_new();
	struct error err;
	struct store_label_key k = { add_item(s), 0, 0, "turn", "intent", 0, UNIT_TURN };
	assert_int_equal(store_rater_ensure(s, "alice", &k.rater_id, &err), ST_OK);
	store_wal_defer(s);
	assert_int_equal(store_wal_checkpoint(s, &err), ST_OK);
	assert_int_equal(store_wal_pending(s), 0);
	assert_int_equal(labels_in_file_alone(), 0);
	assert_int_equal(store_label_set(s, &k, "boolean", 1, &err), ST_OK);
	assert_true(store_wal_pending(s) > 0);
	assert_int_equal(labels_in_file_alone(), 0);   /* in the log only, */
	sqlite3 *db;                                    /* where other connections read it */
	sqlite3_stmt *st;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	sqlite3_prepare_v2(db, "SELECT value FROM label", -1, &st, NULL);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	sqlite3_finalize(st);
	sqlite3_close(db);
	assert_int_equal(store_wal_checkpoint(s, &err), ST_OK);
	assert_int_equal(store_wal_pending(s), 0);
	assert_int_equal(labels_in_file_alone(), 1);
	store_close(s);
}

/* A session never idle: a commit that takes the log past
 * STORE_WAL_DEFER_MAX pages copies it at once. */
static void test_a_deferred_log_stays_bounded(void **state)
{
	(void)state;
	struct store *s = open_new();
	struct error err;
	int64_t id, imp;
	enum store_put res;
	struct store_conflict c;
	store_wal_defer(s);
	size_t n = (size_t)STORE_WAL_DEFER_MAX * 4096 + 1;
	char *big = malloc(n + 1);
	memset(big, 'x', n);
	big[n] = '\0';
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_import_begin(s, "big.json", "00", &imp, &err), ST_OK);
	assert_int_equal(store_put_passage(s, "big", NULL, NULL, big, imp, &id, &res, &c, &err), ST_OK);
	assert_int_equal(store_commit(s, &err), ST_OK);
	assert_true(store_wal_pending(s) < 100);   /* copied: the log holds the pages written since */
	free(big);
	store_close(s);
}

/* The journal mode of the project file, read with SQLite alone (caller frees). */
static char *raw_journal_mode(void)
{
	sqlite3 *db;
	sqlite3_stmt *st;
	char *mode = NULL;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, NULL);
	if (sqlite3_step(st) == SQLITE_ROW)
		mode = strdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	sqlite3_close(db);
	return mode;
}

/* STORE_READ_ONLY (the commands that only read): the project is read, and
 * a change to it is refused by the connection itself. */
static void test_a_read_only_open_reads_and_refuses_every_change(void **state)
{
	(void)state;
	struct store *s = open_new();
	enum store_put res;
	struct error err;
	assert_int_equal(store_scheme_add(s, "x", "{}", NULL, NULL, &res, &err), ST_OK);
	store_close(s);
	assert_int_equal(store_open(path, STORE_READ_ONLY, &s, &err), ST_OK);
	struct store_scheme_row *rows;
	size_t n;
	assert_int_equal(store_scheme_list(s, &rows, &n, &err), ST_OK);
	assert_int_equal(n, 1);
	store_scheme_rows_free(rows, n);
	assert_int_equal(store_scheme_add(s, "y", "{}", NULL, NULL, &res, &err), ST_STORE);
	assert_non_null(strstr(err.msg, "not authorized"));
	store_close(s);
	assert_int_equal(raw_int("SELECT count(*) FROM scheme"), 1);
}

/* A reading command leaves the journal mode it finds (a writing one makes
 * it WAL), and upgrades an older project it may write, as any command does. */
static void test_a_read_only_open_leaves_the_journal_mode_and_still_migrates(void **state)
{
	(void)state;
	store_close(open_new());
	raw_exec("PRAGMA journal_mode = DELETE");
	struct store *s;
	struct error err;
	assert_int_equal(store_open(path, STORE_READ_ONLY, &s, &err), ST_OK);
	store_close(s);
	char *mode = raw_journal_mode();
	assert_string_equal(mode, "delete");
	free(mode);

	char cmd[256];
	snprintf(cmd, sizeof(cmd), "cp tests/fixtures/project_v1.db %s", path);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(store_open(path, STORE_READ_ONLY, &s, &err), ST_OK);
	store_close(s);
	assert_int_equal(version_of_file(), STORE_SCHEMA_VERSION);
}

/* The setting key as the project holds it now ("" for none). */
static void check_setting(struct store *s, const char *key, const char *want)
{
	struct error err;
	char *v = NULL;
	assert_int_equal(store_setting_get(s, key, &v, &err), ST_OK);
	assert_string_equal(v ? v : "", want);
	free(v);
}

/* A transaction begun inside another is a savepoint: its rollback undoes
 * its own work only, its commit leaves its work to the outer one, whose
 * rollback undoes everything (an MTRAG import: tasks, scheme, labels). */
static void test_a_transaction_inside_another_is_a_savepoint(void **state)
{
	(void)state;
	struct store *s = open_new();
	struct error err;
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_setting_set(s, "a", "1", &err), ST_OK);
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_setting_set(s, "b", "2", &err), ST_OK);
	store_rollback(s);
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_setting_set(s, "c", "3", &err), ST_OK);
	assert_int_equal(store_commit(s, &err), ST_OK);
	check_setting(s, "b", "");
	check_setting(s, "c", "3");
	assert_int_equal(store_commit(s, &err), ST_OK);
	check_setting(s, "a", "1");
	check_setting(s, "b", "");
	check_setting(s, "c", "3");

	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_setting_set(s, "d", "4", &err), ST_OK);
	assert_int_equal(store_commit(s, &err), ST_OK);
	store_rollback(s);
	check_setting(s, "d", "");
	/* and a transaction after them is a transaction again */
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_setting_set(s, "e", "5", &err), ST_OK);
	assert_int_equal(store_commit(s, &err), ST_OK);
	store_close(s);
	assert_int_equal(store_open(path, 0, &s, &err), ST_OK);
	check_setting(s, "a", "1");
	check_setting(s, "e", "5");
	store_close(s);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_opening_a_missing_project_without_create_says_how_to_make_one),
		T(test_a_new_project_has_the_current_schema_version_and_wal),
		T(test_init_refuses_to_reuse_an_existing_file),
		T(test_other_sqlite_databases_are_refused_and_left_unchanged),
		T(test_an_empty_file_is_not_quietly_made_a_project),
		T(test_a_project_from_a_newer_convqa_is_refused),
		T(test_a_file_that_is_not_sqlite_is_refused_and_kept),
		T(test_a_version_1_project_opens_migrates_and_keeps_its_data),
		T(test_rounds_assignments_and_their_labels_survive_the_round_rebuild),
		T(test_a_scheme_is_added_once_and_never_changed),
		T(test_passage_put_reports_same_and_conflicting_content),
		T(test_missing_question_text_and_rewrite_are_filled_in_later),
		T(test_gold_grades_are_kept_and_other_grades_conflict),
		T(test_label_changes_add_rows_and_the_latest_is_current),
		T(test_labels_of_other_raters_rounds_and_ranks_are_separate),
		T(test_saved_labels_cannot_be_changed_or_deleted_in_place),
		T(test_a_label_is_committed_when_set_returns),
		T(test_a_deferred_checkpoint_copies_committed_labels_later),
		T(test_a_deferred_log_stays_bounded),
		T(test_a_read_only_open_reads_and_refuses_every_change),
		T(test_a_read_only_open_leaves_the_journal_mode_and_still_migrates),
		T(test_a_transaction_inside_another_is_a_savepoint),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
