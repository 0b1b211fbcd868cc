/* store_pending.c - an import's rows kept from readers until its flip
 * (store.h "pending import"): the import writes in short transactions; the
 * first one records, in setting rows "pending.TABLE", the first id of each
 * table the import may add to; every other connection reads these tables
 * through temporary views of the same names (SQLite resolves a name in
 * temp before main) that show only the rows below those ids. The flip
 * deletes the setting rows in the import's last transaction; a killed
 * import's rows (its pid, pending.pid, gone) are deleted by the next import
 * or the next open that can write the project. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store_internal.h"

/* The tables an import adds to, and the id each is cut at: its own, or
 * (the tables of the rows of a turn or a response) the turn's or the
 * response's. */
static const struct {
	const char *name, *col, *cut;
} tables[] = {
	{ "import", "id", "import" },           { "system", "id", "system" },
	{ "passage", "id", "passage" },         { "conversation", "id", "conversation" },
	{ "turn", "id", "turn" },               { "gold_answer", "turn_id", "turn" },
	{ "gold_passage", "turn_id", "turn" },  { "response", "id", "response" },
	{ "retrieved", "response_id", "response" },
};

static int run(struct store *s, const char *sql)
{
	return sqlite3_exec(s->db, sql, NULL, NULL, NULL) == SQLITE_OK;
}

enum status store_pending_views(struct store *s, int on, struct error *err)
{
	for (size_t i = 0; i < ARRAY_SIZE(tables); i++) {
		char *sql = on ? sqlite3_mprintf("CREATE TEMP VIEW IF NOT EXISTS %s AS SELECT * FROM main.%s WHERE %s < "
						 "coalesce((SELECT CAST(value AS INTEGER) FROM main.setting "
						 "WHERE key = 'pending.%s'), 9223372036854775807)",
						 tables[i].name, tables[i].name, tables[i].col, tables[i].cut)
			       : sqlite3_mprintf("DROP VIEW IF EXISTS temp.%s", tables[i].name);
		int ok = run(s, sql);
		sqlite3_free(sql);
		if (!ok)
			return store_fail(s, err, "cannot set up the project's views");
	}
	return ST_OK;
}

enum status store_pending_begin(struct store *s, struct error *err)
{
	for (size_t i = 0; i < ARRAY_SIZE(tables); i++) {
		if (strcmp(tables[i].col, "id") != 0)
			continue;
		char *sql = sqlite3_mprintf("INSERT OR REPLACE INTO main.setting(key, value) "
					    "SELECT 'pending.%s', coalesce(max(id), 0) + 1 FROM main.%s",
					    tables[i].name, tables[i].name);
		int ok = run(s, sql);
		sqlite3_free(sql);
		if (!ok)
			return store_fail(s, err, "cannot record the import");
	}
	char *sql = sqlite3_mprintf("INSERT OR REPLACE INTO main.setting(key, value) VALUES ('pending.pid', %lld)",
				    (long long)getpid());
	int ok = run(s, sql);
	sqlite3_free(sql);
	return ok ? ST_OK : store_fail(s, err, "cannot record the import");
}

enum status store_pending_flip(struct store *s, struct error *err)
{
	if (!run(s, "DELETE FROM main.setting WHERE key LIKE 'pending.%'"))
		return store_fail(s, err, "cannot finish the import");
	return ST_OK;
}

int store_pending_any(struct store *s)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, "SELECT 1 FROM main.setting WHERE key LIKE 'pending.%'", -1, &st, NULL) !=
	    SQLITE_OK)
		return 0;
	int any = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return any;
}

/* Delete the rows of the pending import from one table (outside a
 * transaction, each table in one of its own): rows of the import's own (import_id), or of its
 * turns and responses; a conversation a chat added meanwhile stays. */
static int clean_table(struct store *s, size_t i)
{
	const char *key = "(SELECT CAST(value AS INTEGER) FROM main.setting WHERE key = 'pending.%s')";
	char *cut = sqlite3_mprintf(key, tables[i].cut), *own = sqlite3_mprintf(key, "import");
	char *sql;
	if (strcmp(tables[i].name, "import") == 0)
		sql = sqlite3_mprintf("DELETE FROM main.import WHERE id >= %s", cut);
	else if (strcmp(tables[i].col, "id") == 0)
		sql = sqlite3_mprintf("DELETE FROM main.%s WHERE id >= %s AND import_id IS %s", tables[i].name, cut,
				      own);
	else
		sql = sqlite3_mprintf("DELETE FROM main.%s WHERE %s IN (SELECT id FROM main.%s WHERE id >= %s "
				      "AND import_id IS %s)",
				      tables[i].name, tables[i].col, tables[i].cut, cut, own);
	int ok = run(s, sql);
	sqlite3_free(sql);
	sqlite3_free(cut);
	sqlite3_free(own);
	return ok;
}

enum status store_pending_clean(struct store *s, struct error *err)
{
	/* the rows that point at others first: retrieved, gold, then the
	 * responses, turns, ... and the import last */
	static const size_t order[] = { 8, 5, 6, 7, 4, 3, 2, 1, 0 };
	if (!store_pending_any(s))
		return ST_OK;
	for (size_t i = 0; i < ARRAY_SIZE(order); i++)
		if (!clean_table(s, order[i]))
			return store_fail(s, err, "cannot remove the rows of an unfinished import");
	if (!run(s, "DELETE FROM main.setting WHERE key LIKE 'pending.%'"))
		return store_fail(s, err, "cannot remove the rows of an unfinished import");
	return ST_OK;
}

/* The importer recorded in pending.pid is gone (on this machine). */
static int owner_gone(struct store *s)
{
	sqlite3_stmt *st;
	long long pid = 0;
	if (sqlite3_prepare_v2(s->db, "SELECT CAST(value AS INTEGER) FROM main.setting WHERE key = 'pending.pid'", -1,
			       &st, NULL) != SQLITE_OK)
		return 0;
	if (sqlite3_step(st) == SQLITE_ROW)
		pid = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return pid <= 0 || (kill((pid_t)pid, 0) == -1 && errno == ESRCH);
}

enum status store_import_claim(struct store *s, int *busy, struct error *err)
{
	*busy = 0;
	if (!store_pending_any(s))
		return ST_OK;
	if (!owner_gone(s) || !s->tx_depth) {
		*busy = 1;
		return ST_OK;
	}
	return store_pending_clean(s, err);
}

void store_pending_clean_stale(struct store *s)
{
	struct error err;
	if (!store_pending_any(s) || !owner_gone(s) || store_begin(s, &err) != ST_OK)
		return;
	/* on failure the rows stay hidden: the next open tries again */
	if (!store_pending_any(s) || !owner_gone(s) || store_pending_clean(s, &err) != ST_OK ||
	    store_commit(s, &err) != ST_OK)
		store_rollback(s);
}

/* A write waits in steps of a millisecond (SQLite's own handler sleeps up
 * to 100 ms a step): the gap an import leaves between two transactions is
 * then enough for a save to take the lock. */
static int busy_wait(void *arg, int n)
{
	(void)arg;
	if (n >= STORE_BUSY_TIMEOUT_MS)
		return 0;
	struct timespec ts = { 0, 1000 * 1000 };
	nanosleep(&ts, NULL);
	return 1;
}

void store_busy_wait(struct store *s, int on)
{
	if (on)
		sqlite3_busy_handler(s->db, busy_wait, NULL);
	else
		sqlite3_busy_timeout(s->db, 0);
}
