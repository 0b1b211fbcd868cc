/* store_round.c - rounds and raters: who labels, and the named batches of
 * work they label in. */
#include "store_internal.h"

#include <stdlib.h>
#include <string.h>


enum status store_round_info(struct store *s, const char *name, int64_t *id, char **task, int *closed,
			     struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_ROUND_INFO,
				      "SELECT id, task, status FROM round WHERE name = ?", err);
	*id = 0;
	if (task)
		*task = NULL;
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, name);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*id = sqlite3_column_int64(st, 0);
		if (task)
			*task = xstrdup(store_col_text(st, 1));
		if (closed)
			*closed = strcmp(store_col_text(st, 2), "closed") == 0;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_fail(s, err, "cannot read round");
	if (*id)
		return ST_OK;
	char *names = NULL;
	sqlite3_stmt *q = store_stmt(s, STMT_ROUND_NAMES, "SELECT name FROM round ORDER BY name", err);
	enum status rst = q ? store_names(s, q, &names, err) : ST_STORE;
	if (rst == ST_OK)
		rst = error_set(err, ST_INPUT, "no round '%s' in the project (%s%s)", name,
				names ? "its rounds: " : "it has no rounds", names ? names : "");
	free(names);
	return rst;
}

enum status store_rater_find(struct store *s, const char *name, int64_t *id, struct error *err)
{
	return store_find_id(s, STMT_RATER_FIND, "SELECT id FROM rater WHERE name = ?", name, id,
			     "cannot look up rater", err);
}

enum status store_rater_ensure(struct store *s, const char *name, int64_t *id, struct error *err)
{
	enum status st = store_rater_find(s, name, id, err);
	if (st != ST_OK || *id)
		return st;
	/* another process may add the same rater between the lookup and here */
	sqlite3_stmt *ins = store_stmt(s, STMT_RATER_ADD, "INSERT INTO rater(name, trusted, added_at) "
				       "VALUES (?, 1, ?) ON CONFLICT(name) DO NOTHING", err);
	if (!ins)
		return ST_STORE;
	char now[32];
	now_iso8601(now);
	store_bind_text(ins, 1, name);
	store_bind_text(ins, 2, now);
	int rc = sqlite3_step(ins);
	sqlite3_reset(ins);
	if (rc != SQLITE_DONE)
		return store_fail(s, err, "cannot add rater");
	return store_rater_find(s, name, id, err);
}
