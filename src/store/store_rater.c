/* store_rater.c - raters' settings (role, trust, the account they are
 * bound to) and what they did: label counts per task, the rounds they are
 * in, and removing one nothing refers to (a refused session's). Finding
 * or creating a rater for a labelling session is store_rater_find/ensure
 * (store_round.c).
 *
 * These statements run once per command (convqa rater, a session's check
 * of who may write): prepared and finalized here, not cached. */
#include "store_internal.h"

#include <stdlib.h>
#include <string.h>

static enum status prepare(struct store *s, const char *sql, sqlite3_stmt **st, const char *what,
			   struct error *err)
{
	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) == SQLITE_OK)
		return ST_OK;
	*st = NULL;
	return store_fail(s, err, what);
}

/* Step st to its end (rows go to row()), finalize it. */
static enum status each_row(struct store *s, sqlite3_stmt *st, void (*row)(sqlite3_stmt *st, void *ctx), void *ctx,
			    const char *what, struct error *err)
{
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		row(st, ctx);
	enum status ret = rc == SQLITE_DONE ? ST_OK : store_fail(s, err, what);
	sqlite3_finalize(st);
	return ret;
}

static char *dup_col(sqlite3_stmt *st, int i)
{
	const char *t = store_col_text(st, i);
	return t ? xstrdup(t) : NULL;
}

void store_rater_release(struct store_rater *r)
{
	free(r->name);
	free(r->os_user);
	free(r->added_at);
	memset(r, 0, sizeof(*r));
}

#define RATER_COLUMNS "id, name, role, trusted, os_user, added_at"

/* a row of RATER_COLUMNS into r */
static void read_rater(sqlite3_stmt *st, struct store_rater *r)
{
	enum model_role role = ROLE_RATER;
	const char *name = store_col_text(st, 2);
	if (name)   /* the table's CHECK keeps it one of the roles */
		model_role_parse(name, &role);
	memset(r, 0, sizeof(*r));
	r->id = sqlite3_column_int64(st, 0);
	r->name = dup_col(st, 1);
	r->role = role;
	r->trusted = sqlite3_column_int(st, 3) != 0;
	r->os_user = dup_col(st, 4);
	r->added_at = dup_col(st, 5);
}

enum status store_rater_unknown(struct store *s, const char *name, const char *hint, struct error *err)
{
	char *names = NULL;
	sqlite3_stmt *q;
	enum status st = prepare(s, "SELECT name FROM rater ORDER BY name", &q, "cannot list raters", err);
	if (st == ST_OK) {
		st = store_names(s, q, &names, err);
		sqlite3_finalize(q);
	}
	if (st == ST_OK)
		st = error_set(err, ST_INPUT, "no rater '%s' in the project (%s%s%s%s)", name,
			       names ? "its raters: " : "it has no raters", names ? names : "", hint ? "; " : "",
			       hint ? hint : "");
	free(names);
	return st;
}

enum status store_rater_get(struct store *s, const char *name, struct store_rater *r, int *found,
			    struct error *err)
{
	sqlite3_stmt *st;
	memset(r, 0, sizeof(*r));
	if (found)
		*found = 0;
	enum status ret = prepare(s, "SELECT " RATER_COLUMNS " FROM rater WHERE name = ?", &st, "cannot read rater",
				  err);
	if (ret != ST_OK)
		return ret;
	store_bind_text(st, 1, name);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		read_rater(st, r);
	else if (rc != SQLITE_DONE)
		ret = store_fail(s, err, "cannot read rater");
	sqlite3_finalize(st);
	if (ret != ST_OK || rc == SQLITE_ROW) {
		if (found)
			*found = rc == SQLITE_ROW;
		return ret;
	}
	return found ? ST_OK : store_rater_unknown(s, name, NULL, err);
}

struct rows {
	struct store_rater *v;
	size_t n, cap;
};

static void add_row(sqlite3_stmt *st, void *ctx)
{
	struct rows *rows = ctx;
	xgrow(&rows->v, &rows->cap, rows->n + 1, sizeof(*rows->v));
	read_rater(st, &rows->v[rows->n++]);
}

enum status store_rater_list(struct store *s, struct store_rater **out, size_t *n, struct error *err)
{
	sqlite3_stmt *st;
	struct rows rows = { 0 };
	*out = NULL;
	*n = 0;
	enum status ret = prepare(s, "SELECT " RATER_COLUMNS " FROM rater ORDER BY name", &st, "cannot list raters",
				  err);
	if (ret == ST_OK)
		ret = each_row(s, st, add_row, &rows, "cannot list raters", err);
	for (size_t i = 0; ret == ST_OK && i < rows.n; i++)
		if (!rows.v[i].name)
			ret = store_damaged(s->path, err, "rater %lld: name is NULL, which the schema does not allow",
					    (long long)rows.v[i].id);
	if (ret != ST_OK) {
		store_rater_rows_free(rows.v, rows.n);
		return ret;
	}
	*out = rows.v;
	*n = rows.n;
	return ST_OK;
}

void store_rater_rows_free(struct store_rater *rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		store_rater_release(&rows[i]);
	free(rows);
}

struct counts {
	struct store_rater *rows;
	size_t n;
};

static void set_count(sqlite3_stmt *st, void *ctx)
{
	struct counts *c = ctx;
	int64_t id = sqlite3_column_int64(st, 0);
	for (size_t i = 0; i < c->n; i++)
		if (c->rows[i].id == id)
			c->rows[i].labels = (long)sqlite3_column_int64(st, 1);
}

enum status store_rater_count_labels(struct store *s, struct store_rater *rows, size_t n, struct error *err)
{
	sqlite3_stmt *st;
	struct counts c = { rows, n };
	for (size_t i = 0; i < n; i++)
		rows[i].labels = 0;
	enum status ret = prepare(s, "SELECT l.rater_id, count(*) FROM label l WHERE l.value IS NOT NULL AND "
				  STORE_LABEL_IS_CURRENT " GROUP BY l.rater_id", &st, "cannot count labels", err);
	return ret == ST_OK ? each_row(s, st, set_count, &c, "cannot count labels", err) : ret;
}

enum status store_rater_put(struct store *s, const char *name, enum model_role role, const char *os_user,
			    int64_t *id, struct error *err)
{
	sqlite3_stmt *st;
	char now[32];
	enum status ret = prepare(s, "INSERT INTO rater(name, role, trusted, os_user, added_at) VALUES (?, ?, 1, ?, ?) "
				  "ON CONFLICT(name) DO UPDATE SET role = excluded.role, os_user = excluded.os_user",
				  &st, "cannot save rater", err);
	if (ret != ST_OK)
		return ret;
	now_iso8601(now);
	store_bind_text(st, 1, name);
	store_bind_text(st, 2, model_role_name(role));
	store_bind_text(st, 3, os_user);
	store_bind_text(st, 4, now);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return store_fail(s, err, "cannot save rater");
	if (!id)
		return ST_OK;
	return store_rater_find(s, name, id, err);
}

enum status store_rater_set_trusted(struct store *s, int64_t id, int trusted, struct error *err)
{
	sqlite3_stmt *st;
	enum status ret = prepare(s, "UPDATE rater SET trusted = ? WHERE id = ?", &st, "cannot save rater", err);
	if (ret != ST_OK)
		return ret;
	sqlite3_bind_int(st, 1, trusted != 0);
	sqlite3_bind_int64(st, 2, id);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot save rater");
}

/* Delete rater id and what only says they were shown something (the
 * guidelines they saw); *rc: the rater's delete's. */
static enum status remove_rater(struct store *s, int64_t id, int *rc, struct error *err)
{
	sqlite3_stmt *st;
	enum status ret = prepare(s, "DELETE FROM guidelines_seen WHERE rater_id = ?", &st, "cannot remove rater", err);
	if (ret != ST_OK)
		return ret;
	sqlite3_bind_int64(st, 1, id);
	*rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (*rc != SQLITE_DONE)
		return store_fail(s, err, "cannot remove rater");
	if ((ret = prepare(s, "DELETE FROM rater WHERE id = ?", &st, "cannot remove rater", err)) != ST_OK)
		return ret;
	sqlite3_bind_int64(st, 1, id);
	*rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return ST_OK;
}

enum status store_rater_remove_unused(struct store *s, int64_t id, int *removed, struct error *err)
{
	int rc = SQLITE_DONE;
	*removed = 0;
	enum status ret = store_begin(s, err);
	if (ret == ST_OK)
		ret = remove_rater(s, id, &rc, err);
	/* a row that refers to the rater (foreign_keys=ON: a label, a round)
	 * keeps them, and what they were shown */
	if (ret != ST_OK || rc == SQLITE_CONSTRAINT) {
		if (s->tx_depth)
			store_rollback(s);
		return ret;
	}
	if (rc != SQLITE_DONE) {
		ret = store_fail(s, err, "cannot remove rater");
		store_rollback(s);
		return ret;
	}
	*removed = sqlite3_changes(s->db) > 0;
	return store_commit(s, err);
}

struct relay {
	store_rater_task_cb task;
	store_rater_round_cb round;
	void *ctx;
};

static void task_row(sqlite3_stmt *st, void *ctx)
{
	const struct relay *r = ctx;
	struct store_rater_task t = {
		.task = store_col_text(st, 0),
		.labels = (long)sqlite3_column_int64(st, 1),
		.rows = (long)sqlite3_column_int64(st, 2),
		.seconds = sqlite3_column_double(st, 3),
	};
	r->task(&t, r->ctx);
}

enum status store_rater_tasks(struct store *s, int64_t rater_id, store_rater_task_cb cb, void *ctx,
			      struct error *err)
{
	sqlite3_stmt *st;
	struct relay r = { .task = cb, .ctx = ctx };
	enum status ret = prepare(s, "SELECT l.task, sum(l.value IS NOT NULL AND " STORE_LABEL_IS_CURRENT "), "
				  "count(*), total(l.seconds) FROM label l WHERE l.rater_id = ? GROUP BY l.task "
				  "ORDER BY l.task", &st, "cannot count the rater's labels", err);
	if (ret != ST_OK)
		return ret;
	sqlite3_bind_int64(st, 1, rater_id);
	return each_row(s, st, task_row, &r, "cannot count the rater's labels", err);
}

static void round_row(sqlite3_stmt *st, void *ctx)
{
	const struct relay *r = ctx;
	const char *status = store_col_text(st, 2);
	struct store_rater_round ro = {
		.name = store_col_text(st, 0),
		.task = store_col_text(st, 1),
		.closed = status && strcmp(status, "closed") == 0,
		.assigned = (long)sqlite3_column_int64(st, 3),
		.labels = (long)sqlite3_column_int64(st, 4),
	};
	r->round(&ro, r->ctx);
}

enum status store_rater_rounds(struct store *s, int64_t rater_id, store_rater_round_cb cb, void *ctx,
			       struct error *err)
{
	sqlite3_stmt *st;
	struct relay r = { .round = cb, .ctx = ctx };
	enum status ret = prepare(s,
		"SELECT ro.name, ro.task, ro.status, "
		"(SELECT count(*) FROM assignment a WHERE a.round_id = ro.id AND a.rater_id = ?1), "
		"(SELECT count(*) FROM label l WHERE l.round_id = ro.id AND l.rater_id = ?1 AND l.value IS NOT NULL "
		"AND " STORE_LABEL_IS_CURRENT ") "
		"FROM round ro WHERE EXISTS (SELECT 1 FROM round_rater rr WHERE rr.round_id = ro.id AND rr.rater_id = ?1) "
		"OR EXISTS (SELECT 1 FROM assignment a WHERE a.round_id = ro.id AND a.rater_id = ?1) "
		"OR EXISTS (SELECT 1 FROM label l WHERE l.rater_id = ?1 AND l.round_id = ro.id) "
		"ORDER BY ro.created_at, ro.id", &st, "cannot read the rater's rounds", err);
	if (ret != ST_OK)
		return ret;
	sqlite3_bind_int64(st, 1, rater_id);
	return each_row(s, st, round_row, &r, "cannot read the rater's rounds", err);
}
