/* store_done.c - what a rater has finished, kept in the project (tables
 * item_done and item_done_mark, schema 6) so that a queue opens without
 * reading every label of the rater: the finished items of a rater, round
 * and task, and the last label row read for them.
 *
 * When a queue opens, the table is caught up: the turns of the label rows
 * added since the mark are checked again (store_check_finished of that
 * turn) and their items' rows replaced; the first time, or when what
 * decides it changed (the scheme's required fields, an import, the
 * rater's assignments), every label is read once. Label rows are never
 * changed or deleted (a trigger refuses it), and a new row has a greater
 * id, so the rows after the mark are all that can change it. The UI keeps
 * the count in memory as it saves; the next open catches the table up
 * with those rows. A project that cannot be written (or a caller inside a
 * transaction) reads every label as before, without the table.
 *
 * The number of responses and the systems that have one (a queue's size
 * and systems outside a round) are kept too, in the setting
 * "queue.responses" ("LARGEST COUNT SYSTEM..."): counting reads every page
 * of an index of response (most of a cold first screen on a large
 * project), and so does looking for a system without responses. Responses are only ever added (imports, replay), each with a
 * greater id than any before, and never deleted, so while the largest id
 * is the one counted at, both hold. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/strbuf.h"
#include "store_internal.h"

enum {
	STMT_DONE_MARK = STMT_QUEUE__FIRST + 8,
	STMT_DONE_TOP,
	STMT_DONE_TURNS,
	STMT_DONE_CLEAR_TURN,
	STMT_DONE_CLEAR,
	STMT_DONE_PUT,
	STMT_DONE_SET_MARK,
	STMT_DONE_READ,
	STMT_DONE_LAST_LABEL,
	STMT_DONE_RESPONSES,
	STMT_DONE_COUNT,
	STMT_DONE_SYSTEMS,
	STMT_DONE__END,
};
_Static_assert(STMT_DONE__END <= STORE_STMT_SLOTS, "statement cache too small");

/* What the finished items depend on besides the labels: the scheme's
 * required fields, the last import (answers and rankings), the rater's
 * assignments in the round. */
static enum status basis(struct store *s, int64_t rater_id, int64_t round_id, const struct scheme *sc,
			 struct strbuf *sb, struct error *err)
{
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct scheme_field *f = &sc->fields[i];
		if (f->required)
			strbuf_addf(sb, "%s/%s/%d;", f->name, scheme_unit_name(f->unit), f->skip_when_empty);
	}
	sqlite3_stmt *st = store_stmt(s, STMT_DONE_TOP,
				      "SELECT (SELECT max(id) FROM import), (SELECT count(*) FROM assignment "
				      "WHERE round_id = ?1 AND rater_id = ?2)", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, round_id);
	sqlite3_bind_int64(st, 2, rater_id);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return store_fail(s, err, "cannot read the project");
	}
	strbuf_addf(sb, "import %lld; assigned %lld", (long long)sqlite3_column_int64(st, 0),
		    (long long)sqlite3_column_int64(st, 1));
	sqlite3_reset(st);
	return ST_OK;
}

/* One value (an integer) of st, bound by the caller; *found 0 for no row. */
static enum status one_int(struct store *s, sqlite3_stmt *st, int64_t *v, int *found, struct error *err)
{
	int rc = sqlite3_step(st);
	*found = rc == SQLITE_ROW;
	*v = *found ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read what is finished");
}

static void bind_key(sqlite3_stmt *st, int64_t rater_id, int64_t round_id, const char *task)
{
	sqlite3_bind_int64(st, 1, rater_id);
	sqlite3_bind_int64(st, 2, round_id);
	store_bind_text(st, 3, task);
}

/* Put the finished items of turn (0: every turn) into item_done, in place
 * of the rows of that turn's items (of every item). */
static enum status refill(struct store *s, int64_t rater_id, int64_t round_id, const struct scheme *sc,
			  int64_t turn, struct error *err)
{
	int64_t *ids;
	size_t n;
	enum status ret = store_check_finished(s, rater_id, round_id, sc, turn, &ids, &n, err);
	if (ret != ST_OK)
		return ret;
	sqlite3_stmt *st = turn ?
		store_stmt(s, STMT_DONE_CLEAR_TURN, "DELETE FROM item_done WHERE rater_id = ?1 AND round_id = ?2 "
			   "AND task = ?3 AND response_id IN (SELECT id FROM response WHERE turn_id = ?4)", err) :
		store_stmt(s, STMT_DONE_CLEAR, "DELETE FROM item_done WHERE rater_id = ?1 AND round_id = ?2 "
			   "AND task = ?3", err);
	if (st) {
		bind_key(st, rater_id, round_id, sc->name);
		if (turn)
			sqlite3_bind_int64(st, 4, turn);
		ret = sqlite3_step(st) == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot keep what is finished");
		sqlite3_reset(st);
	} else {
		ret = ST_STORE;
	}
	st = ret == ST_OK ? store_stmt(s, STMT_DONE_PUT, "INSERT OR IGNORE INTO item_done(rater_id, round_id, task, "
				       "response_id) VALUES (?1, ?2, ?3, ?4)", err) : NULL;
	if (ret == ST_OK && !st)
		ret = ST_STORE;
	for (size_t i = 0; ret == ST_OK && i < n; i++) {
		bind_key(st, rater_id, round_id, sc->name);
		sqlite3_bind_int64(st, 4, ids[i]);
		if (sqlite3_step(st) != SQLITE_DONE)
			ret = store_fail(s, err, "cannot keep what is finished");
		sqlite3_reset(st);
	}
	free(ids);
	return ret;
}

static int cmp_turn(const void *pa, const void *pb)
{
	int64_t x = *(const int64_t *)pa, y = *(const int64_t *)pb;
	return (x > y) - (x < y);
}

/* Re-check the turns of the rater's label rows after label id from (a
 * range of label_rater_id: those rows only). */
static enum status catch_up_turns(struct store *s, int64_t rater_id, int64_t round_id, const struct scheme *sc,
				  int64_t from, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_DONE_TURNS,
				      "SELECT turn_id FROM label INDEXED BY label_rater_id WHERE rater_id = ?1 "
				      "AND round_id IS ?4 AND task = ?3 AND id > ?5 AND ?2 IS NOT NULL", err);
	if (!st)
		return ST_STORE;
	bind_key(st, rater_id, round_id, sc->name);
	if (round_id)
		sqlite3_bind_int64(st, 4, round_id);
	sqlite3_bind_int64(st, 5, from);
	int64_t *turns = NULL;
	size_t n = 0, cap = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(&turns, &cap, n + 1, sizeof(*turns));
		turns[n++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_reset(st);
	enum status ret = rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the labels");
	if (n)
		qsort(turns, n, sizeof(*turns), cmp_turn);
	for (size_t i = 0; ret == ST_OK && i < n; i++)
		if (i == 0 || turns[i] != turns[i - 1])
			ret = refill(s, rater_id, round_id, sc, turns[i], err);
	free(turns);
	return ret;
}

/* Bring item_done up to date for the key, in the caller's transaction. */
static enum status catch_up(struct store *s, int64_t rater_id, int64_t round_id, const struct scheme *sc,
			    struct error *err)
{
	struct strbuf b = STRBUF_INIT;
	enum status ret = basis(s, rater_id, round_id, sc, &b, err);
	sqlite3_stmt *st = ret == ST_OK ? store_stmt(s, STMT_DONE_MARK, "SELECT label_id, basis = ?4 FROM "
						     "item_done_mark WHERE rater_id = ?1 AND round_id = ?2 "
						     "AND task = ?3", err) : NULL;
	int64_t mark = 0, top = 0;
	int same = 0, found = 0;
	if (st) {
		bind_key(st, rater_id, round_id, sc->name);
		store_bind_text(st, 4, strbuf_str(&b));
		int rc = sqlite3_step(st);
		found = rc == SQLITE_ROW;
		mark = found ? sqlite3_column_int64(st, 0) : 0;
		same = found && sqlite3_column_int(st, 1);
		sqlite3_reset(st);
		if (rc != SQLITE_ROW && rc != SQLITE_DONE)
			ret = store_fail(s, err, "cannot read what is finished");
	} else if (ret == ST_OK) {
		ret = ST_STORE;
	}
	st = ret == ST_OK ? store_stmt(s, STMT_DONE_LAST_LABEL, "SELECT coalesce(max(id), 0) FROM label INDEXED BY label_rater_id "
				       "WHERE rater_id = ?1 AND round_id IS ?4 AND task = ?3 AND ?2 IS NOT NULL", err) :
		NULL;
	if (st) {
		bind_key(st, rater_id, round_id, sc->name);
		if (round_id)
			sqlite3_bind_int64(st, 4, round_id);
		ret = one_int(s, st, &top, &found, err);
	} else if (ret == ST_OK) {
		ret = ST_STORE;
	}
	if (ret == ST_OK && same && top > mark)
		ret = catch_up_turns(s, rater_id, round_id, sc, mark, err);
	else if (ret == ST_OK && !same)
		ret = refill(s, rater_id, round_id, sc, 0, err);
	if (ret == ST_OK && (!same || top != mark)) {
		st = store_stmt(s, STMT_DONE_SET_MARK, "INSERT OR REPLACE INTO item_done_mark(rater_id, round_id, task, "
				"basis, label_id) VALUES (?1, ?2, ?3, ?4, ?5)", err);
		if (st) {
			bind_key(st, rater_id, round_id, sc->name);
			store_bind_text(st, 4, strbuf_str(&b));
			sqlite3_bind_int64(st, 5, top);
			ret = sqlite3_step(st) == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot keep what is finished");
			sqlite3_reset(st);
		} else {
			ret = ST_STORE;
		}
	}
	strbuf_release(&b);
	return ret;
}

/* The ids of item_done for the key, sorted. */
static enum status read_done(struct store *s, int64_t rater_id, int64_t round_id, const char *task, int64_t **ids,
			     size_t *n, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_DONE_READ, "SELECT response_id FROM item_done WHERE rater_id = ?1 "
				      "AND round_id = ?2 AND task = ?3 ORDER BY response_id", err);
	if (!st)
		return ST_STORE;
	bind_key(st, rater_id, round_id, task);
	size_t cap = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(ids, &cap, *n + 1, sizeof(**ids));
		(*ids)[(*n)++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return ST_OK;
	free(*ids);
	*ids = NULL;
	*n = 0;
	return store_fail(s, err, "cannot read what is finished");
}

enum status store_queue_finished_ids(struct store *s, int64_t rater_id, int64_t round_id, const struct scheme *sc,
				     int64_t **ids, size_t *n, int *all, struct error *err)
{
	*ids = NULL;
	*n = 0;
	int kind = store_scheme_finishes(sc);
	*all = kind == 2;
	if (*all || (!rater_id && kind == 0))
		return ST_OK;   /* everything finished; or no labels, nothing finished */
	/* every item to check (kind 1), or no table to keep: every label read */
	if (kind == 1 || !rater_id || sqlite3_db_readonly(s->db, "main") != 0 || !sqlite3_get_autocommit(s->db))
		return store_check_finished(s, rater_id, round_id, sc, 0, ids, n, err);
	/* never wait for another writer (an import): read the labels instead */
	store_busy_wait(s, 0);
	enum status ret = store_begin(s, err);
	store_busy_wait(s, 1);
	if (ret == ST_OK) {
		ret = catch_up(s, rater_id, round_id, sc, err);
		if (ret == ST_OK)
			ret = store_commit(s, err);
		else
			store_rollback(s);
	}
	if (ret != ST_OK)   /* the file refuses writes after all (a copy being read): every label read */
		return store_check_finished(s, rater_id, round_id, sc, 0, ids, n, err);
	return read_done(s, rater_id, round_id, sc->name, ids, n, err);
}

/* The systems that have a response, sorted (those of a queue outside a
 * round). */
static enum status read_systems(struct store *s, int64_t **systems, size_t *n, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_DONE_SYSTEMS, "SELECT s.id FROM system s WHERE EXISTS "
				      "(SELECT 1 FROM response r WHERE r.system_id = s.id) ORDER BY s.id", err);
	if (!st)
		return ST_STORE;
	size_t cap = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(systems, &cap, *n + 1, sizeof(**systems));
		(*systems)[(*n)++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the queue's systems");
}

/* Keep the count and the systems of the responses up to id largest in the
 * setting, when the project takes a write at once; a project busy with an
 * import, or read only, counts again next time. */
static void keep_count(struct store *s, int64_t largest, size_t count, const int64_t *systems, size_t n)
{
	if (sqlite3_db_readonly(s->db, "main") != 0 || !sqlite3_get_autocommit(s->db))
		return;
	struct strbuf b = STRBUF_INIT;
	strbuf_addf(&b, "%lld %zu", (long long)largest, count);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&b, " %lld", (long long)systems[i]);
	struct error ignored;
	store_busy_wait(s, 0);
	(void)store_setting_set(s, "queue.responses", strbuf_str(&b), &ignored);
	store_busy_wait(s, 1);
	strbuf_release(&b);
}

/* The setting's value v when it was kept at id largest: its count and
 * systems (1), else 0. */
static int kept(const char *v, int64_t largest, size_t *count, int64_t **systems, size_t *n)
{
	char *end;
	if (!v || strtoll(v, &end, 10) != largest || end == v)
		return 0;
	long long c = strtoll(end, &end, 10);
	if (c < 0)
		return 0;
	size_t cap = 0;
	for (;;) {
		const char *at = end;
		long long id = strtoll(at, &end, 10);
		if (end == at)
			break;
		xgrow(systems, &cap, *n + 1, sizeof(**systems));
		(*systems)[(*n)++] = id;
	}
	*count = (size_t)c;
	return *end == 0;
}

enum status store_responses_queue(struct store *s, size_t *count, int64_t **systems, size_t *n,
				  struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_DONE_RESPONSES,
				      "SELECT coalesce((SELECT max(id) FROM response), 0), "
				      "(SELECT value FROM setting WHERE key = 'queue.responses')", err);
	if (!st)
		return ST_STORE;
	int rc = sqlite3_step(st);
	int64_t largest = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	int hit = rc == SQLITE_ROW && kept((const char *)sqlite3_column_text(st, 1), largest, count, systems, n);
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return store_fail(s, err, "cannot count the queue");
	if (hit)
		return ST_OK;
	free(*systems);
	*systems = NULL;
	*n = 0;
	int64_t c;
	int found;
	st = store_stmt(s, STMT_DONE_COUNT, "SELECT count(*) FROM response", err);
	enum status ret = st ? one_int(s, st, &c, &found, err) : ST_STORE;
	if (ret == ST_OK)
		ret = read_systems(s, systems, n, err);
	if (ret != ST_OK)
		return ret;
	*count = (size_t)c;
	keep_count(s, largest, *count, *systems, *n);
	return ST_OK;
}
