/* store_pair.c - pairs of answers, pairwise rounds, labels of pairs and the
 * preferences as rows (store_pair.h). */
#include "store_internal.h"

#include "convqa/store_pair.h"

#include <stdlib.h>
#include <string.h>

/* ---- the answers a round may pair --------------------------------------------- */

enum status store_pair_answers(struct store *s, const int64_t *system_ids, size_t n_systems,
			       struct store_pair_answer **out, size_t *n, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "SELECT r.id, r.turn_id, t.conversation_id, r.system_id, r.answer "
					 "FROM response r JOIN turn t ON t.id = r.turn_id "
					 "WHERE r.system_id IN (SELECT value FROM json_each(?)) "
					 "ORDER BY t.conversation_id, t.position, r.system_id",
					 "cannot read the answers", err);
	size_t cap = 64;
	*out = NULL;
	*n = 0;
	if (!st)
		return ST_STORE;
	char *ids = xstrdup("[");
	for (size_t i = 0; i < n_systems; i++) {
		char *more = xasprintf("%s%s%lld", ids, i ? "," : "", (long long)system_ids[i]);
		free(ids);
		ids = more;
	}
	char *list = xasprintf("%s]", ids);
	free(ids);
	store_bind_text(st, 1, list);
	*out = xmalloc(cap * sizeof(**out));
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == cap)
			*out = xrealloc(*out, (cap *= 2) * sizeof(**out));
		struct store_pair_answer *a = &(*out)[(*n)++];
		a->response_id = sqlite3_column_int64(st, 0);
		a->turn_id = sqlite3_column_int64(st, 1);
		a->conversation_id = sqlite3_column_int64(st, 2);
		a->system_id = sqlite3_column_int64(st, 3);
		a->system = 0;
		for (size_t i = 0; i < n_systems; i++)
			if (system_ids[i] == a->system_id)
				a->system = i;
		a->key = store_answer_key(store_col_text(st, 4));
	}
	sqlite3_finalize(st);
	free(list);
	if (rc == SQLITE_DONE)
		return ST_OK;
	free(*out);
	*out = NULL;
	*n = 0;
	return store_fail(s, err, "cannot read the answers");
}

/* ---- a pairwise round ---------------------------------------------------------- */

/* The id of the pair of responses x and y (made if new); *swapped when x is
 * not its response_a (x's system has the higher id). */
static enum status pair_ensure(struct store *s, int64_t x, int64_t y, int64_t *id, int *swapped,
			       struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PAIR_ENSURE,
				      "INSERT INTO pair(turn_id, response_a, response_b) "
				      "SELECT ra.turn_id, iif(ra.system_id < rb.system_id, ra.id, rb.id), "
				      "iif(ra.system_id < rb.system_id, rb.id, ra.id) FROM response ra, response rb "
				      "WHERE ra.id = ?1 AND rb.id = ?2 AND ra.turn_id = rb.turn_id "
				      "ON CONFLICT(response_a, response_b) DO NOTHING", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, x);
	sqlite3_bind_int64(st, 2, y);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return store_fail(s, err, "cannot add a pair");
	st = store_stmt(s, STMT_PAIR_FIND, "SELECT id, response_a <> ?1 FROM pair WHERE (response_a = ?1 AND "
			"response_b = ?2) OR (response_a = ?2 AND response_b = ?1)", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, x);
	sqlite3_bind_int64(st, 2, y);
	rc = sqlite3_step(st);
	*id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	*swapped = rc == SQLITE_ROW && sqlite3_column_int(st, 1);
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return rc == SQLITE_DONE ? error_set(err, ST_INPUT, "responses %lld and %lld answer different turns",
						     (long long)x, (long long)y) : store_fail(s, err, "cannot add a pair");
	return ST_OK;
}

static enum status insert_pair_assignments(struct store *s, int64_t round, const struct store_pair_round *r,
					   struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "INSERT INTO pair_assignment(round_id, rater_id, pair_id, seq, a_first, "
					 "control) VALUES (?, ?, ?, ?, ?, ?)", "cannot add the assignments", err);
	enum status ret = st ? ST_OK : ST_STORE;
	for (size_t i = 0; ret == ST_OK && i < r->n_a; i++) {
		int64_t pair;
		int swapped;
		ret = pair_ensure(s, r->a[i].response_a, r->a[i].response_b, &pair, &swapped, err);
		if (ret != ST_OK)
			break;
		sqlite3_bind_int64(st, 1, round);
		sqlite3_bind_int64(st, 2, r->a[i].rater_id);
		sqlite3_bind_int64(st, 3, pair);
		sqlite3_bind_int64(st, 4, r->a[i].seq);
		sqlite3_bind_int(st, 5, (r->a[i].a_first != 0) != swapped);
		sqlite3_bind_int(st, 6, r->a[i].control != 0);
		if (sqlite3_step(st) != SQLITE_DONE)
			ret = store_fail(s, err, "cannot add the assignments");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return ret;
}

static enum status insert_same(struct store *s, int64_t round, const struct store_pair_round *r, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "INSERT OR IGNORE INTO pair_same(round_id, pair_id) VALUES (?, ?)",
					 "cannot record the identical answers", err);
	enum status ret = st ? ST_OK : ST_STORE;
	for (size_t i = 0; ret == ST_OK && i < r->n_same; i++) {
		int64_t pair;
		int swapped;
		ret = pair_ensure(s, r->same[i][0], r->same[i][1], &pair, &swapped, err);
		if (ret != ST_OK)
			break;
		sqlite3_bind_int64(st, 1, round);
		sqlite3_bind_int64(st, 2, pair);
		if (sqlite3_step(st) != SQLITE_DONE)
			ret = store_fail(s, err, "cannot record the identical answers");
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return ret;
}

enum status store_pair_round_create(struct store *s, const struct store_pair_round *r, int64_t *id,
				    struct error *err)
{
	enum status st = store_begin(s, err);
	if (st == ST_OK)
		st = store_round_create(s, r->round, id, err);
	if (st == ST_OK)
		st = insert_pair_assignments(s, *id, r, err);
	if (st == ST_OK)
		st = insert_same(s, *id, r, err);
	if (st == ST_OK)
		return store_commit(s, err);
	store_rollback(s);
	return st;
}

enum status store_pair_count(struct store *s, int64_t round_id, int64_t rater_id, long *n, struct error *err)
{
	/* a rater's pairs are numbered 1..n (seq, as round create makes them):
	 * their last seq is one step of the index, not a count of the queue */
	sqlite3_stmt *st = store_prepare(s, rater_id ? "SELECT coalesce(max(seq), 0) FROM pair_assignment WHERE "
					 "round_id = ?1 AND rater_id = ?2" : "SELECT count(*) FROM pair_assignment "
					 "WHERE round_id = ?1", "cannot count the pairs", err);
	*n = 0;
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, round_id);
	if (rater_id)
		sqlite3_bind_int64(st, 2, rater_id);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*n = (long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? ST_OK : store_fail(s, err, "cannot count the pairs");
}

enum status store_pair_assigned(struct store *s, int64_t round_id, int64_t rater_id, int64_t pair_id,
				int *assigned, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PAIR_ASSIGNED, "SELECT EXISTS (SELECT 1 FROM pair_assignment WHERE "
				      "round_id = ? AND rater_id = ? AND pair_id = ?)", err);
	*assigned = 0;
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, round_id);
	sqlite3_bind_int64(st, 2, rater_id);
	sqlite3_bind_int64(st, 3, pair_id);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*assigned = sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? ST_OK : store_fail(s, err, "cannot read the assignments");
}

enum status store_pair_responses(struct store *s, int64_t pair_id, int64_t *response_a, int64_t *response_b,
				 struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "SELECT response_a, response_b FROM pair WHERE id = ?1",
					 "cannot read the pair", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, pair_id);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*response_a = sqlite3_column_int64(st, 0);
		*response_b = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return ST_OK;
	return rc == SQLITE_DONE ? error_set(err, ST_STORE, "no pair %lld", (long long)pair_id) :
				   store_fail(s, err, "cannot read the pair");
}

/* ---- labels of pairs ----------------------------------------------------------- */

enum status store_pair_label_set(struct store *s, const struct store_pair_label *k, const char *value,
				 double seconds, struct error *err)
{
	char now[32];
	sqlite3_stmt *st = store_stmt(s, STMT_PAIR_LABEL_ADD,
				      "INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, "
				      "unit, turn_id, unit_ref, value, seconds, created_at) "
				      "SELECT p.response_a, ?2, ?3, ?4, ?5, 0, 'pair', p.turn_id, p.id, ?6, ?7, ?8 "
				      "FROM pair p WHERE p.id = ?1", err);
	if (!st)
		return ST_STORE;
	now_iso8601(now);
	sqlite3_bind_int64(st, 1, k->pair_id);
	sqlite3_bind_int64(st, 2, k->rater_id);
	store_bind_id(st, 3, k->round_id);
	store_bind_text(st, 4, k->task);
	store_bind_text(st, 5, k->field);
	store_bind_text(st, 6, value);
	sqlite3_bind_double(st, 7, seconds < 0 ? 0 : seconds);
	store_bind_text(st, 8, now);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return store_fail(s, err, "cannot save the label");
	return sqlite3_changes(s->db) ? ST_OK : error_set(err, ST_INPUT, "no pair %lld", (long long)k->pair_id);
}

enum status store_system_names(struct store *s, char ***names, size_t *n, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "SELECT name FROM system ORDER BY name", "cannot read the systems", err);
	size_t cap = 0;
	*names = NULL;
	*n = 0;
	if (!st)
		return ST_STORE;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(names, &cap, *n + 1, sizeof(**names));
		(*names)[(*n)++] = xstrdup(store_col_text(st, 0));
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the systems");
}

enum status store_pair_ensure(struct store *s, int64_t x, int64_t y, int64_t *id, int *swapped, struct error *err)
{
	return pair_ensure(s, x, y, id, swapped, err);
}
