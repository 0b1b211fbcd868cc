/* store_seen.c - the keys an import has seen, in a private temporary
 * database with a bounded page cache (store_seen.h). */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/store_seen.h"

struct store_seen {
	sqlite3 *db;
	sqlite3_stmt *put, *get, *set;
	void *buf;                    /* the last value read (store_seen_put's *old) */
	size_t cap;
};

static enum status fail(sqlite3 *db, const char *what, struct error *err)
{
	return error_set(err, ST_STORE, "%s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
}

enum status store_seen_open(struct store_seen **out, struct error *err)
{
	static const char *const sql =
		"PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE;"
		"PRAGMA temp_store = FILE;"
		"CREATE TABLE seen(kind INTEGER, key TEXT, value BLOB, PRIMARY KEY(kind, key)) WITHOUT ROWID;";
	struct store_seen *t = xcalloc(1, sizeof(*t));
	char pragma[64];
	*out = NULL;
	snprintf(pragma, sizeof(pragma), "PRAGMA cache_size = -%d", STORE_SEEN_CACHE_KIB);
	/* "": a temporary file, deleted when closed; in memory only while the
	 * cache holds it */
	if (sqlite3_open_v2("", &t->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK ||
	    sqlite3_exec(t->db, pragma, NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_exec(t->db, sql, NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(t->db, "INSERT OR IGNORE INTO seen(kind, key, value) VALUES (?, ?, ?)", -1, &t->put,
			       NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(t->db, "SELECT value FROM seen WHERE kind = ? AND key = ?", -1, &t->get, NULL) !=
		    SQLITE_OK ||
	    sqlite3_prepare_v2(t->db, "UPDATE seen SET value = ?3 WHERE kind = ?1 AND key = ?2", -1, &t->set, NULL) !=
		    SQLITE_OK) {
		enum status st = fail(t->db, "cannot make a temporary table of ids", err);
		store_seen_close(t);
		return st;
	}
	/* one transaction for all: nothing of it needs to outlive the process */
	sqlite3_exec(t->db, "BEGIN", NULL, NULL, NULL);
	*out = t;
	return ST_OK;
}

void store_seen_close(struct store_seen *t)
{
	if (!t)
		return;
	sqlite3_finalize(t->put);
	sqlite3_finalize(t->get);
	sqlite3_finalize(t->set);
	sqlite3_close(t->db);
	free(t->buf);
	free(t);
}

static void bind(sqlite3_stmt *st, int kind, const char *key, const void *value, size_t len)
{
	sqlite3_bind_int(st, 1, kind);
	sqlite3_bind_text(st, 2, key, -1, SQLITE_STATIC);
	if (value)
		sqlite3_bind_blob64(st, 3, len ? value : "", len, SQLITE_STATIC);
}

/* Step st, bound, for its row: 1 and its value in t->buf, 0 when none. */
static int read_value(struct store_seen *t, sqlite3_stmt *st, const void **v, size_t *len, struct error *err)
{
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		size_t n = (size_t)sqlite3_column_bytes(st, 0);
		xgrow(&t->buf, &t->cap, n + 1, 1);
		if (n)
			memcpy(t->buf, sqlite3_column_blob(st, 0), n);
		*v = t->buf;
		*len = n;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return fail(t->db, "cannot read an id from a temporary table", err), -1;
	return rc == SQLITE_ROW;
}

int store_seen_get(struct store_seen *t, int kind, const char *key, const void **v, size_t *len,
		   struct error *err)
{
	bind(t->get, kind, key, NULL, 0);
	return read_value(t, t->get, v, len, err);
}

enum status store_seen_each(struct store_seen *t, int kind,
			    int (*cb)(const char *key, const void *v, size_t len, void *ctx), void *ctx,
			    struct error *err)
{
	sqlite3_stmt *st;
	int rc;
	if (sqlite3_prepare_v2(t->db, "SELECT key, value FROM seen WHERE kind = ? ORDER BY key", -1, &st, NULL) !=
	    SQLITE_OK)
		return fail(t->db, "cannot read a temporary table", err);
	sqlite3_bind_int(st, 1, kind);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (cb((const char *)sqlite3_column_text(st, 0), sqlite3_column_blob(st, 1),
		       (size_t)sqlite3_column_bytes(st, 1), ctx))
			break;
	sqlite3_finalize(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : fail(t->db, "cannot read a temporary table", err);
}

int store_seen_put(struct store_seen *t, int kind, const char *key, const void *value, size_t len,
		   const void **old, size_t *old_len, struct error *err)
{
	bind(t->put, kind, key, value, len);
	int rc = sqlite3_step(t->put);
	sqlite3_reset(t->put);
	if (rc != SQLITE_DONE)
		return fail(t->db, "cannot keep an id in a temporary table", err), -1;
	if (sqlite3_changes(t->db) > 0)
		return 1;
	rc = store_seen_get(t, kind, key, old, old_len, err);
	if (rc == 0)
		fail(t->db, "cannot read an id from a temporary table", err);
	return rc > 0 ? 0 : -1;
}

enum status store_seen_set(struct store_seen *t, int kind, const char *key, const void *value, size_t len,
			   struct error *err)
{
	bind(t->set, kind, key, value, len);
	int rc = sqlite3_step(t->set);
	sqlite3_reset(t->set);
	return rc == SQLITE_DONE ? ST_OK : fail(t->db, "cannot keep an id in a temporary table", err);
}
