/* store_pair_done.c - the pair screen's queue, read a window at a time
 * (store_pair.h): its size, a window of pairs from a place in the queue
 * with the rater's values, the next pair not done, and what the rater has
 * done, kept in the project (tables pair_done and pair_done_mark, schema
 * 10) so that none of it reads the whole queue or every label of the rater.
 *
 * A rater's pairs in a round are numbered seq 1..N (round create makes
 * them so; nothing renumbers them), so the place of a pair in the queue is
 * its seq - 1, and the queue's size is the largest seq: both are read
 * from the index of pair_assignment(round_id, rater_id, seq) at once.
 *
 * pair_done is caught up as item_done is (store_done.c): the label rows
 * of the rater, round and task after the mark are the only ones that can
 * change it (label rows are only ever added, with greater ids); each pair
 * they name is decided again (done: every deciding field has a value).
 * When the deciding fields (the basis) change, it is made again from
 * every label row once. A save decides its pair again at once
 * (store_pair_done_check); the mark stays, so the next catch-up reads
 * that row again and decides the same. */
#include <stdlib.h>
#include <string.h>

#include "convqa/store_pair.h"
#include "convqa/strbuf.h"
#include "store_internal.h"

enum {
	STMT_PQ_SIZE = STMT_PAIRQ__FIRST,
	STMT_PQ_WINDOW,
	STMT_PQ_VALUE,
	STMT_PQ_SECONDS,
	STMT_PQ_NEXT,
	STMT_PQ_MARK,
	STMT_PQ_SINCE,
	STMT_PQ_PUT,
	STMT_PQ_DEL,
	STMT_PQ_COUNT,
	STMT_PQ_SET_MARK,
	STMT_PQ__END,
};
_Static_assert(STMT_PQ__END <= STORE_STMT_SLOTS, "statement cache too small");

static void bind_key(sqlite3_stmt *st, const struct store_pair_key *k)
{
	sqlite3_bind_int64(st, 1, k->rater_id);
	sqlite3_bind_int64(st, 2, k->round_id);
	store_bind_text(st, 3, k->task);
}

/* The current value of field on pair_id (of turn_id) into *value (caller
 * frees; NULL: unset). */
static enum status current(struct store *s, const struct store_pair_key *k, int64_t pair_id, int64_t turn_id,
			   const char *field, char **value, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PQ_VALUE,
		"SELECT value FROM label WHERE rater_id = ?1 AND round_id = ?2 AND task = ?3 AND turn_id = ?4 "
		"AND field = ?5 AND unit = 'pair' AND unit_ref = ?6 ORDER BY id DESC LIMIT 1", err);
	*value = NULL;
	if (!st)
		return ST_STORE;
	bind_key(st, k);
	sqlite3_bind_int64(st, 4, turn_id);
	store_bind_text(st, 5, field);
	sqlite3_bind_int64(st, 6, pair_id);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		*value = xstrdup(store_col_text(st, 0));
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read a label of a pair");
}

static enum status seconds_of(struct store *s, const struct store_pair_key *k, struct store_pair_item *it,
			      struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PQ_SECONDS,
		"SELECT total(seconds) FROM label WHERE rater_id = ?1 AND round_id = ?2 AND task = ?3 "
		"AND turn_id = ?4 AND unit = 'pair' AND unit_ref = ?5", err);
	if (!st)
		return ST_STORE;
	bind_key(st, k);
	sqlite3_bind_int64(st, 4, it->turn_id);
	sqlite3_bind_int64(st, 5, it->pair_id);
	int rc = sqlite3_step(st);
	it->seconds = rc == SQLITE_ROW ? sqlite3_column_double(st, 0) : 0;
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? ST_OK : store_fail(s, err, "cannot read the time spent on a pair");
}

/* Whether every deciding field of the pair has a value. */
static enum status decide(struct store *s, const struct store_pair_key *k, int64_t pair_id, int64_t turn_id,
			  int *done, struct error *err)
{
	*done = 1;
	for (size_t i = 0; i < k->n_fields && *done; i++) {
		char *v;
		if (current(s, k, pair_id, turn_id, k->fields[i], &v, err) != ST_OK)
			return ST_STORE;
		*done = v != NULL;
		free(v);
	}
	return ST_OK;
}

static enum status put_done(struct store *s, const struct store_pair_key *k, int64_t pair_id, int done,
			    struct error *err)
{
	sqlite3_stmt *st = done ? store_stmt(s, STMT_PQ_PUT, "INSERT OR IGNORE INTO pair_done(rater_id, round_id, "
					     "task, pair_id) VALUES (?1, ?2, ?3, ?4)", err) :
			   store_stmt(s, STMT_PQ_DEL, "DELETE FROM pair_done WHERE rater_id = ?1 AND round_id = ?2 "
				      "AND task = ?3 AND pair_id = ?4", err);
	if (!st)
		return ST_STORE;
	bind_key(st, k);
	sqlite3_bind_int64(st, 4, pair_id);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot keep what is done of the pairs");
}

enum status store_pair_done_check(struct store *s, const struct store_pair_key *k, int64_t pair_id,
				  int64_t turn_id, int *done, struct error *err)
{
	if (decide(s, k, pair_id, turn_id, done, err) != ST_OK)
		return ST_STORE;
	return put_done(s, k, pair_id, *done, err);
}

/* The deciding fields as the mark names them. */
static char *basis_of(const struct store_pair_key *k)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < k->n_fields; i++)
		strbuf_addf(&sb, "%s;", k->fields[i]);
	char *out = strbuf_detach(&sb);
	return out ? out : xstrdup("");
}

/* The mark: *label_id the last row read, 0 (and pair_done cleared) when
 * there is none or its basis is not this one. */
static enum status read_mark(struct store *s, const struct store_pair_key *k, const char *basis,
			     int64_t *label_id, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PQ_MARK, "SELECT basis, label_id FROM pair_done_mark "
				      "WHERE rater_id = ?1 AND round_id = ?2 AND task = ?3", err);
	if (!st)
		return ST_STORE;
	bind_key(st, k);
	int rc = sqlite3_step(st);
	*label_id = rc == SQLITE_ROW && strcmp(store_col_text(st, 0), basis) == 0 ? sqlite3_column_int64(st, 1) : 0;
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_fail(s, err, "cannot read what is done of the pairs");
	if (*label_id)
		return ST_OK;
	sqlite3_stmt *del = store_prepare(s, "DELETE FROM pair_done WHERE rater_id = ?1 AND round_id = ?2 AND "
					  "task = ?3", "cannot keep what is done of the pairs", err);
	if (!del)
		return ST_STORE;
	bind_key(del, k);
	rc = sqlite3_step(del);
	sqlite3_finalize(del);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot keep what is done of the pairs");
}

/* The pairs (and their turns) of the label rows after the mark; *last
 * the last row's id. */
static enum status since(struct store *s, const struct store_pair_key *k, int64_t mark, int64_t (**pairs)[2],
			 size_t *n, int64_t *last, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PQ_SINCE, "SELECT id, unit_ref, turn_id, unit FROM label "
				      "WHERE rater_id = ?1 AND round_id = ?2 AND task = ?3 AND id > ?4 ORDER BY id", err);
	size_t cap = 0;
	*pairs = NULL;
	*n = 0;
	*last = mark;
	if (!st)
		return ST_STORE;
	bind_key(st, k);
	sqlite3_bind_int64(st, 4, mark);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*last = sqlite3_column_int64(st, 0);
		if (strcmp(store_col_text(st, 3), "pair") != 0)
			continue;
		xgrow(pairs, &cap, *n + 1, sizeof(**pairs));
		(*pairs)[*n][0] = sqlite3_column_int64(st, 1);
		(*pairs)[(*n)++][1] = sqlite3_column_int64(st, 2);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the labels of the pairs");
}

static enum status set_mark(struct store *s, const struct store_pair_key *k, const char *basis, int64_t last,
			    struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PQ_SET_MARK, "INSERT OR REPLACE INTO pair_done_mark(rater_id, "
				      "round_id, task, basis, label_id) VALUES (?1, ?2, ?3, ?4, ?5)", err);
	if (!st)
		return ST_STORE;
	bind_key(st, k);
	store_bind_text(st, 4, basis);
	sqlite3_bind_int64(st, 5, last);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot keep what is done of the pairs");
}

/* Catch pair_done up with the label rows after the mark. */
static enum status catch_up(struct store *s, const struct store_pair_key *k, struct error *err)
{
	char *basis = basis_of(k);
	int64_t mark = 0, last = 0, (*pairs)[2] = NULL;
	size_t n = 0;
	enum status st = read_mark(s, k, basis, &mark, err);
	if (st == ST_OK)
		st = since(s, k, mark, &pairs, &n, &last, err);
	for (size_t i = 0; i < n && st == ST_OK; i++) {
		int done;
		st = store_pair_done_check(s, k, pairs[i][0], pairs[i][1], &done, err);
	}
	if (st == ST_OK && (last != mark || !mark))
		st = set_mark(s, k, basis, last, err);
	free(pairs);
	free(basis);
	return st;
}

static enum status one_long(struct store *s, sqlite3_stmt *st, long *v, const char *what, struct error *err)
{
	int rc = sqlite3_step(st);
	*v = rc == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : 0;
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? ST_OK : store_fail(s, err, what);
}

enum status store_pair_done_open(struct store *s, const struct store_pair_key *k, long *size, long *n_done,
				 struct error *err)
{
	*size = *n_done = 0;
	/* Catch up with label rows written since the mark, when the project
	 * takes a write at once. A project read only, or busy with another
	 * writer (an import), is read as kept: the pair screen keeps pair_done
	 * with each save, so only rows written elsewhere wait for the next
	 * open. Never wait for the other writer. */
	if (sqlite3_db_readonly(s->db, "main") == 0 && sqlite3_get_autocommit(s->db)) {
		struct error ignored;
		store_busy_wait(s, 0);
		enum status st = store_begin(s, &ignored);
		store_busy_wait(s, 1);
		if (st == ST_OK)
			st = catch_up(s, k, &ignored);
		if (st == ST_OK)
			st = store_commit(s, &ignored);
		if (st != ST_OK && !sqlite3_get_autocommit(s->db))
			store_rollback(s);
	}
	sqlite3_stmt *q = store_stmt(s, STMT_PQ_SIZE, "SELECT coalesce(max(seq), 0) FROM pair_assignment "
				     "WHERE round_id = ?2 AND rater_id = ?1", err);
	if (!q)
		return ST_STORE;
	bind_key(q, k);
	if (one_long(s, q, size, "cannot read the pairs", err) != ST_OK)
		return ST_STORE;
	q = store_stmt(s, STMT_PQ_COUNT, "SELECT count(*) FROM pair_done WHERE rater_id = ?1 AND round_id = ?2 "
		       "AND task = ?3", err);
	if (!q)
		return ST_STORE;
	bind_key(q, k);
	return one_long(s, q, n_done, "cannot read what is done of the pairs", err);
}

static void read_row(sqlite3_stmt *st, struct store_pair_item *it)
{
	store_pair_item_read(st, it);
	it->seq = (long)sqlite3_column_int64(st, 5);
	it->done = sqlite3_column_int(st, 6);
}

/* The rater's values of the window's pairs, and their time. */
static enum status window_values(struct store *s, const struct store_pair_key *k, const char *const *fields,
				 size_t n_fields, struct store_pair_item *items, size_t n, struct error *err)
{
	enum status st = ST_OK;
	for (size_t i = 0; i < n && st == ST_OK; i++) {
		items[i].values = xcalloc(n_fields + 1, sizeof(*items[i].values));
		items[i].n_values = n_fields;
		for (size_t j = 0; j < n_fields && st == ST_OK; j++)
			if (fields[j])
				st = current(s, k, items[i].pair_id, items[i].turn_id, fields[j], &items[i].values[j], err);
		if (st == ST_OK)
			st = seconds_of(s, k, &items[i], err);
	}
	return st;
}

enum status store_pair_window(struct store *s, const struct store_pair_key *k, const char *const *fields,
			      size_t n_fields, long from_seq, size_t limit, struct store_pair_item **out,
			      size_t *n, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PQ_WINDOW,
		"SELECT pa.pair_id, p.turn_id, iif(pa.a_first, p.response_a, p.response_b), "
		"iif(pa.a_first, p.response_b, p.response_a), pa.a_first, pa.seq, EXISTS (SELECT 1 FROM pair_done d "
		"WHERE d.rater_id = ?1 AND d.round_id = ?2 AND d.task = ?3 AND d.pair_id = pa.pair_id) "
		"FROM pair_assignment pa JOIN pair p ON p.id = pa.pair_id WHERE pa.round_id = ?2 AND pa.rater_id = ?1 "
		"AND pa.seq >= ?4 ORDER BY pa.seq LIMIT ?5", err);
	*out = NULL;
	*n = 0;
	if (!st)
		return ST_STORE;
	bind_key(st, k);
	sqlite3_bind_int64(st, 4, from_seq);
	sqlite3_bind_int64(st, 5, (sqlite3_int64)limit);
	*out = xcalloc(limit ? limit : 1, sizeof(**out));
	int rc = SQLITE_DONE;
	while (*n < limit && (rc = sqlite3_step(st)) == SQLITE_ROW)
		read_row(st, &(*out)[(*n)++]);
	sqlite3_reset(st);
	enum status ret = *n == limit || rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the pairs");
	if (ret == ST_OK)
		ret = window_values(s, k, fields, n_fields, *out, *n, err);
	if (ret != ST_OK) {
		store_pair_items_free(*out, *n);
		*out = NULL;
		*n = 0;
	}
	return ret;
}

enum status store_pair_next_undone(struct store *s, const struct store_pair_key *k, long from_seq, long *seq,
				   struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PQ_NEXT,
		"SELECT pa.seq FROM pair_assignment pa WHERE pa.round_id = ?2 AND pa.rater_id = ?1 AND pa.seq >= ?4 "
		"AND NOT EXISTS (SELECT 1 FROM pair_done d WHERE d.rater_id = ?1 AND d.round_id = ?2 AND d.task = ?3 "
		"AND d.pair_id = pa.pair_id) ORDER BY pa.seq LIMIT 1", err);
	*seq = 0;
	if (!st)
		return ST_STORE;
	bind_key(st, k);
	sqlite3_bind_int64(st, 4, from_seq);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*seq = (long)sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the pairs");
}
