/* store_guidelines.c - the project's annotation guidelines: a row per
 * version, for one task or for every task (task NULL), and the versions
 * each rater has been shown. These statements run a few times a command:
 * each is prepared, used and finalized here, outside the statement cache. */
#include "store_internal.h"

#include <stdlib.h>
#include <string.h>

/* Finalize st after its last step returned rc, expected: ST_OK, or
 * ST_STORE "what: reason" (read before the statement goes). */
static enum status finish(struct store *s, sqlite3_stmt *st, int rc, int expected, const char *what,
			  struct error *err)
{
	enum status ret = rc == expected ? ST_OK : store_fail(s, err, what);
	sqlite3_finalize(st);
	return ret;
}

/* A version's columns: id, task, text, set_at, its number among its
 * task's versions, how many raters have been shown it. */
#define GUIDELINES_COLUMNS \
	"SELECT g.id, g.task, g.text, g.set_at," \
	" (SELECT count(*) FROM guidelines v WHERE v.task IS g.task AND v.id <= g.id)," \
	" (SELECT count(*) FROM guidelines_seen x WHERE x.guidelines_id = g.id) FROM guidelines g "

static void read_row(sqlite3_stmt *st, struct store_guidelines *g)
{
	g->id = sqlite3_column_int64(st, 0);
	g->task = xstrdup_or_null(store_col_text(st, 1));
	g->text = xstrdup(store_col_text(st, 2) ? store_col_text(st, 2) : "");
	g->set_at = xstrdup(store_col_text(st, 3) ? store_col_text(st, 3) : "");
	g->version = (long)sqlite3_column_int64(st, 4);
	g->seen_by = (long)sqlite3_column_int64(st, 5);
}

void store_guidelines_release(struct store_guidelines *g)
{
	free(g->task);
	free(g->text);
	free(g->set_at);
	memset(g, 0, sizeof(*g));
}

enum status store_guidelines_get(struct store *s, const char *task, int exact, struct store_guidelines *g,
				 struct error *err)
{
	/* task's own versions sort first (task IS NULL is 0 for them) */
	sqlite3_stmt *st = store_prepare(s, exact ? GUIDELINES_COLUMNS "WHERE g.task IS ?1 ORDER BY g.id DESC LIMIT 1" :
				   GUIDELINES_COLUMNS "WHERE g.task IS ?1 OR g.task IS NULL "
				   "ORDER BY g.task IS NULL, g.id DESC LIMIT 1", "cannot prepare statement", err);
	memset(g, 0, sizeof(*g));
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, task);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		read_row(st, g);
	return finish(s, st, rc == SQLITE_ROW ? SQLITE_DONE : rc, SQLITE_DONE, "cannot read the guidelines", err);
}

static enum status insert(struct store *s, const char *task, const char *text, struct error *err)
{
	char now[32];
	sqlite3_stmt *st = store_prepare(s, "INSERT INTO guidelines(task, text, set_at) VALUES (?, ?, ?)",
					 "cannot prepare statement", err);
	if (!st)
		return ST_STORE;
	now_iso8601(now);
	store_bind_text(st, 1, task);
	store_bind_text(st, 2, text);
	store_bind_text(st, 3, now);
	return finish(s, st, sqlite3_step(st), SQLITE_DONE, "cannot save the guidelines", err);
}

enum status store_guidelines_set(struct store *s, const char *task, const char *text, enum store_put *res,
				 struct store_guidelines *cur, struct error *err)
{
	struct store_guidelines old;
	enum status st = store_begin(s, err);
	if (st != ST_OK)
		return st;
	st = store_guidelines_get(s, task, 1, &old, err);
	if (st == ST_OK) {
		*res = !old.id ? PUT_NEW : strcmp(old.text, text) == 0 ? PUT_SAME : PUT_UPDATED;
		if (*res != PUT_SAME)
			st = insert(s, task, text, err);
	}
	if (st == ST_OK && cur)
		st = store_guidelines_get(s, task, 1, cur, err);
	store_guidelines_release(&old);
	if (st == ST_OK && (st = store_commit(s, err)) == ST_OK)
		return ST_OK;
	store_rollback(s);
	if (cur)
		store_guidelines_release(cur);
	return st;
}

enum status store_guidelines_seen(struct store *s, int64_t rater_id, const char *task, int64_t id, int *seen,
				  int *before, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "SELECT coalesce(sum(x.guidelines_id = ?3), 0), count(*) "
				   "FROM guidelines_seen x JOIN guidelines g ON g.id = x.guidelines_id "
				   "WHERE x.rater_id = ?1 AND (g.task IS ?2 OR g.task IS NULL)", "cannot prepare statement", err);
	*seen = *before = 0;
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, rater_id);
	store_bind_text(st, 2, task);
	sqlite3_bind_int64(st, 3, id);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*seen = sqlite3_column_int64(st, 0) > 0;
		*before = sqlite3_column_int64(st, 1) > 0;
	}
	return finish(s, st, rc, SQLITE_ROW, "cannot read which guidelines the rater has seen", err);
}

enum status store_guidelines_mark_seen(struct store *s, int64_t rater_id, int64_t id, struct error *err)
{
	char now[32];
	sqlite3_stmt *st = store_prepare(s, "INSERT OR IGNORE INTO guidelines_seen(rater_id, guidelines_id, seen_at) "
				   "VALUES (?, ?, ?)", "cannot prepare statement", err);
	if (!st)
		return ST_STORE;
	now_iso8601(now);
	sqlite3_bind_int64(st, 1, rater_id);
	sqlite3_bind_int64(st, 2, id);
	store_bind_text(st, 3, now);
	return finish(s, st, sqlite3_step(st), SQLITE_DONE, "cannot record that the guidelines were seen", err);
}

static void read_listed(sqlite3_stmt *st, void *row)
{
	read_row(st, row);
}

static void free_listed(void *rows, size_t n)
{
	store_guidelines_rows_free(rows, n);
}

enum status store_guidelines_list(struct store *s, struct store_guidelines **rows, size_t *n,
				  struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, GUIDELINES_COLUMNS "ORDER BY g.task IS NOT NULL, g.task, g.id",
					 "cannot prepare statement", err);
	*rows = NULL;
	*n = 0;
	if (!st)
		return ST_STORE;
	enum status ret = store_collect(s, st, rows, n, sizeof(**rows), read_listed, free_listed,
					"cannot read the guidelines", err);
	sqlite3_finalize(st);
	return ret;
}

void store_guidelines_rows_free(struct store_guidelines *rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		store_guidelines_release(&rows[i]);
	free(rows);
}
