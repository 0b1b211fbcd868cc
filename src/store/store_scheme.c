/* store_scheme.c - the project's own label schemes: their JSON text by name. */
#include "store_internal.h"

#include <stdlib.h>
#include <string.h>

enum status store_scheme_get(struct store *s, const char *name, char **json, struct error *err)
{
	return store_get_text(s, STMT_SCHEME_GET, "SELECT json FROM scheme WHERE name = ?", name, json,
			      "cannot read scheme", err);
}

/* Insert the row (inside the caller's transaction). */
static enum status insert(struct store *s, const char *name, const char *json, struct error *err)
{
	char now[32];
	sqlite3_stmt *st = store_stmt(s, STMT_SCHEME_ADD,
				      "INSERT INTO scheme(name, json, added_at) VALUES (?, ?, ?)", err);
	if (!st)
		return ST_STORE;
	now_iso8601(now);
	store_bind_text(st, 1, name);
	store_bind_text(st, 2, json);
	store_bind_text(st, 3, now);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot save scheme");
}

static enum status replace(struct store *s, const char *name, const char *json, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_SCHEME_REPLACE, "UPDATE scheme SET json = ? WHERE name = ?", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, json);
	store_bind_text(st, 2, name);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot save scheme");
}

enum status store_scheme_add(struct store *s, const char *name, const char *json, store_scheme_change_cb change,
			     void *ctx, enum store_put *res, struct error *err)
{
	char *old = NULL;
	enum status st = store_begin(s, err);
	if (st == ST_OK)
		st = store_scheme_get(s, name, &old, err);
	if (st == ST_OK) {
		*res = !old ? PUT_NEW : strcmp(old, json) == 0 ? PUT_SAME : PUT_CONFLICT;
		if (*res == PUT_NEW)
			st = insert(s, name, json, err);
		else if (*res == PUT_CONFLICT && change && change(s, old, ctx) == 0 &&
			 (st = replace(s, name, json, err)) == ST_OK)
			*res = PUT_UPDATED;
	}
	free(old);
	if (st == ST_OK)
		return store_commit(s, err);
	store_rollback(s);
	return st;
}

enum status store_scheme_usage(struct store *s, const char *task, store_scheme_usage_cb cb, void *ctx,
			       struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_SCHEME_USAGE,
				      "SELECT field, unit, value, count(*) FROM label WHERE task = ? "
				      "AND value IS NOT NULL GROUP BY field, unit, value", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, task);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		cb(store_col_text(st, 0), store_col_text(st, 1), store_col_text(st, 2),
		   (long)sqlite3_column_int64(st, 3), ctx);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot count the scheme's labels");
}

/* NULLs of a damaged project stay NULL (convqa check says so) */
static void read_scheme_row(sqlite3_stmt *st, void *row)
{
	const char *c[3] = { store_col_text(st, 0), store_col_text(st, 1), store_col_text(st, 2) };
	*(struct store_scheme_row *)row = (struct store_scheme_row){ c[0] ? xstrdup(c[0]) : NULL,
								     c[1] ? xstrdup(c[1]) : NULL,
								     c[2] ? xstrdup(c[2]) : NULL };
}

static void free_scheme_rows(void *rows, size_t n)
{
	store_scheme_rows_free(rows, n);
}

enum status store_scheme_list(struct store *s, struct store_scheme_row **rows, size_t *n, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_SCHEME_LIST, "SELECT name, json, added_at FROM scheme ORDER BY name",
				      err);
	*rows = NULL;
	*n = 0;
	if (!st)
		return ST_STORE;
	return store_collect(s, st, rows, n, sizeof(**rows), read_scheme_row, free_scheme_rows,
			     "cannot read the schemes", err);
}

void store_scheme_rows_free(struct store_scheme_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(rows[i].name);
		free(rows[i].json);
		free(rows[i].added_at);
	}
	free(rows);
}
