/* store_round.c - rounds and raters: who labels, and the named batches of
 * work they label in. */
#include "store_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/store_pair.h"
#include "convqa/model.h"

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
	const char *null = NULL;
	if (rc == SQLITE_ROW) {
		*id = sqlite3_column_int64(st, 0);
		null = !store_col_text(st, 1) ? "task" : !store_col_text(st, 2) ? "status" : NULL;
		if (task && !null)
			*task = xstrdup(store_col_text(st, 1));
		if (closed && !null)
			*closed = strcmp(store_col_text(st, 2), "closed") == 0;
	}
	sqlite3_reset(st);
	if (null)
		return store_damaged(s->path, err, "round %lld: %s is NULL, which the schema does not allow",
				     (long long)*id, null);
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

/* ---- rounds made by commands ------------------------------------------------ */

enum status store_system_ids(struct store *s, const char *const *systems, size_t n, int64_t *ids,
			      struct error *err)
{
	for (size_t i = 0; i < n; i++) {
		enum status st = store_find_id(s, STMT_GET_SYSTEM_ID, "SELECT id FROM system WHERE name = ?",
					       systems[i], &ids[i], "cannot look up system", err);
		if (st != ST_OK)
			return st;
		if (ids[i])
			continue;
		char *names = NULL;
		sqlite3_stmt *q = store_stmt(s, STMT_NAMES_SYSTEMS_ALL, "SELECT name FROM system ORDER BY name", err);
		st = q ? store_names(s, q, &names, err) : ST_STORE;
		if (st == ST_OK)
			st = error_set(err, ST_INPUT, "no system '%s' in the project (%s%s)", systems[i],
				       names ? "its systems: " : "it has none", names ? names : "");
		free(names);
		return st;
	}
	return ST_OK;
}

static int has_id(const int64_t *ids, size_t n, int64_t id)
{
	for (size_t i = 0; i < n; i++)
		if (ids[i] == id)
			return 1;
	return 0;
}

enum status store_round_candidates(struct store *s, const char *const *systems, size_t n_systems,
				   struct store_round_item **items, size_t *n, struct error *err)
{
	int64_t *ids = xcalloc(n_systems ? n_systems : 1, sizeof(*ids));
	size_t cap = 0;
	*items = NULL;
	*n = 0;
	enum status ret = store_system_ids(s, systems, n_systems, ids, err);
	sqlite3_stmt *st = ret == ST_OK ? store_prepare(s, "SELECT r.id, t.conversation_id, r.system_id, t.position, "
						  "t.gold_intent, EXISTS (SELECT 1 FROM gold_answer g WHERE g.turn_id = t.id), "
						  "t.id "
						  "FROM response r "
						  "JOIN turn t ON t.id = r.turn_id JOIN system sy ON sy.id = r.system_id "
						  "ORDER BY t.conversation_id, t.position, "
						  STORE_CANDIDATE_ORDER("r") ", sy.name", "cannot read the items", err)
					: NULL;
	int rc = SQLITE_DONE;
	while (st && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (n_systems && !has_id(ids, n_systems, sqlite3_column_int64(st, 2)))
			continue;
		xgrow(items, &cap, *n + 1, sizeof(**items));
		struct store_round_item *it = &(*items)[(*n)++];
		const char *intent = store_col_text(st, 4);
		it->response_id = sqlite3_column_int64(st, 0);
		it->conversation_id = sqlite3_column_int64(st, 1);
		it->depth = sqlite3_column_int(st, 3);
		it->gold_intent = intent ? model_gold_intent_index(intent) : -1;
		it->has_gold = sqlite3_column_int(st, 5);
		it->turn_id = sqlite3_column_int64(st, 6);
	}
	if (st && rc != SQLITE_DONE)
		ret = store_fail(s, err, "cannot read the items");
	else if (ret == ST_OK && !st)
		ret = ST_STORE;
	sqlite3_finalize(st);
	free(ids);
	return ret;
}

static enum status exec_each(struct store *s, sqlite3_stmt *st, const char *what, struct error *err)
{
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, what);
}

static enum status insert_round(struct store *s, const struct store_round_new *r, int64_t *id, struct error *err)
{
	char now[32];
	sqlite3_stmt *st = store_prepare(s, "INSERT INTO round(name, task, overlap, created_at, seed, pilot, swap_from, "
				   "made_by, control, control_rater, live) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
				   "cannot add round", err);
	if (!st)
		return ST_STORE;
	now_iso8601(now);
	store_bind_text(st, 1, r->name);
	store_bind_text(st, 2, r->task);
	sqlite3_bind_int64(st, 3, r->overlap);
	store_bind_text(st, 4, now);
	sqlite3_bind_int64(st, 5, r->seed);
	sqlite3_bind_int(st, 6, r->pilot != 0);
	if (r->swap_from)
		sqlite3_bind_int64(st, 7, r->swap_from);
	store_bind_text(st, 8, r->made_by);
	sqlite3_bind_double(st, 9, r->control);
	if (r->control_rater)
		sqlite3_bind_int64(st, 10, r->control_rater);
	sqlite3_bind_int(st, 11, r->live != 0);
	enum status ret = exec_each(s, st, "cannot add round", err);
	sqlite3_finalize(st);
	*id = sqlite3_last_insert_rowid(s->db);
	return ret;
}

static enum status insert_raters(struct store *s, int64_t round, const struct store_round_new *r,
				 struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "INSERT INTO round_rater(round_id, rater_id) VALUES (?, ?)",
				   "cannot add the round's raters", err);
	enum status ret = st ? ST_OK : ST_STORE;
	for (size_t i = 0; ret == ST_OK && i < r->n_raters; i++) {
		sqlite3_bind_int64(st, 1, round);
		sqlite3_bind_int64(st, 2, r->raters[i]);
		ret = exec_each(s, st, "cannot add the round's raters", err);
	}
	sqlite3_finalize(st);
	return ret;
}

static enum status insert_assignments(struct store *s, int64_t round, const struct store_round_new *r,
				      struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "INSERT INTO assignment(round_id, rater_id, response_id, seq, control) "
				   "VALUES (?, ?, ?, ?, ?)", "cannot add the assignments", err);
	enum status ret = st ? ST_OK : ST_STORE;
	for (size_t i = 0; ret == ST_OK && i < r->n_a; i++) {
		sqlite3_bind_int64(st, 1, round);
		sqlite3_bind_int64(st, 2, r->a[i].rater_id);
		sqlite3_bind_int64(st, 3, r->a[i].response_id);
		sqlite3_bind_int64(st, 4, r->a[i].seq);
		sqlite3_bind_int(st, 5, r->a[i].control != 0);
		ret = exec_each(s, st, "cannot add the assignments", err);
	}
	sqlite3_finalize(st);
	return ret;
}

enum status store_round_create(struct store *s, const struct store_round_new *r, int64_t *id,
			       struct error *err)
{
	int64_t old = 0;
	enum status st = store_begin(s, err);
	if (st == ST_OK)
		st = store_find_id(s, STMT_ROUND_FIND, "SELECT id FROM round WHERE name = ?", r->name, &old,
				   "cannot look up round", err);
	if (st == ST_OK && old)
		st = error_set(err, ST_INPUT, "round '%s' exists already (see: convqa round show %s)", r->name,
			       r->name);
	if (st == ST_OK)
		st = insert_round(s, r, id, err);
	if (st == ST_OK)
		st = insert_raters(s, *id, r, err);
	if (st == ST_OK)
		st = insert_assignments(s, *id, r, err);
	if (st == ST_OK)
		return store_commit(s, err);
	store_rollback(s);
	return st;
}

/* The pool rows of st (response id, conversation id, turn id), stepped to
 * the end; st finalized. */
static enum status read_pool(struct store *s, sqlite3_stmt *st, struct store_round_item **items, size_t *n,
			     struct error *err)
{
	size_t cap = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(items, &cap, *n + 1, sizeof(**items));
		struct store_round_item *it = &(*items)[(*n)++];
		memset(it, 0, sizeof(*it));
		it->response_id = sqlite3_column_int64(st, 0);
		it->conversation_id = sqlite3_column_int64(st, 1);
		it->turn_id = sqlite3_column_int64(st, 2);
		it->gold_intent = -1;
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_DONE)
		return ST_OK;
	free(*items);
	*items = NULL;
	*n = 0;
	return store_fail(s, err, "cannot read the control items");
}

enum status store_round_control_pool(struct store *s, int64_t rater_id, const char *task,
				     struct store_round_item **items, size_t *n, struct error *err)
{
	*items = NULL;
	*n = 0;
	sqlite3_stmt *st = store_prepare(s, "SELECT r.id, t.conversation_id, t.id FROM response r "
				   "JOIN turn t ON t.id = r.turn_id WHERE r.id IN (SELECT response_id FROM label "
				   "WHERE rater_id = ? AND task = ? AND round_id IS NULL AND value IS NOT NULL) "
				   "ORDER BY r.id", "cannot read the control items", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, rater_id);
	store_bind_text(st, 2, task);
	return read_pool(s, st, items, n, err);
}

enum status store_round_gold_pool(struct store *s, int intent, int passages, struct store_round_item **items,
				  size_t *n, struct error *err)
{
	*items = NULL;
	*n = 0;
	sqlite3_stmt *st = store_prepare(s, "SELECT r.id, t.conversation_id, t.id FROM response r "
				   "JOIN turn t ON t.id = r.turn_id WHERE (?1 AND t.gold_intent IS NOT NULL) "
				   "OR (?2 AND EXISTS (SELECT 1 FROM retrieved rt JOIN passage p ON p.id = rt.passage_id "
				   "JOIN gold_passage g ON g.turn_id = t.id AND g.passage_ext = p.ext_id "
				   "WHERE rt.response_id = r.id)) ORDER BY r.id", "cannot read the control items", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int(st, 1, intent != 0);
	sqlite3_bind_int(st, 2, passages != 0);
	return read_pool(s, st, items, n, err);
}

enum status store_response_gold(struct store *s, int64_t response_id, char **intent, long **ranks,
				size_t *n_ranks, struct error *err)
{
	size_t cap = 0;
	int rc;
	*intent = NULL;
	*ranks = NULL;
	*n_ranks = 0;
	sqlite3_stmt *st = store_prepare(s, "SELECT t.gold_intent, NULL FROM response r JOIN turn t ON t.id = r.turn_id "
				   "WHERE r.id = ?1 UNION ALL "
				   "SELECT NULL, rt.rank FROM response r JOIN retrieved rt ON rt.response_id = r.id "
				   "JOIN passage p ON p.id = rt.passage_id "
				   "JOIN gold_passage g ON g.turn_id = r.turn_id AND g.passage_ext = p.ext_id "
				   "WHERE r.id = ?1 ORDER BY 2", "cannot read the gold", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, response_id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (sqlite3_column_type(st, 1) == SQLITE_NULL) {
			const char *v = store_col_text(st, 0);
			if (v && !*intent)
				*intent = xstrdup(v);
			continue;
		}
		xgrow(ranks, &cap, *n_ranks + 1, sizeof(**ranks));
		(*ranks)[(*n_ranks)++] = (long)sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_DONE)
		return ST_OK;
	free(*intent);
	free(*ranks);
	*intent = NULL;
	*ranks = NULL;
	*n_ranks = 0;
	return store_fail(s, err, "cannot read the gold");
}

enum status store_round_assignments(struct store *s, int64_t round_id, struct store_assignment **a, size_t *n,
				    struct error *err)
{
	size_t cap = 0;
	*a = NULL;
	*n = 0;
	sqlite3_stmt *st = store_prepare(s, "SELECT rater_id, response_id, seq, control FROM assignment "
				   "WHERE round_id = ? ORDER BY rater_id, seq", "cannot read the assignments", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, round_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(a, &cap, *n + 1, sizeof(**a));
		struct store_assignment *x = &(*a)[(*n)++];
		x->rater_id = sqlite3_column_int64(st, 0);
		x->response_id = sqlite3_column_int64(st, 1);
		x->seq = sqlite3_column_int(st, 2);
		x->control = sqlite3_column_int(st, 3);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the assignments");
}

static char *col_dup(sqlite3_stmt *st, int i)
{
	const char *t = store_col_text(st, i);
	return t ? xstrdup(t) : NULL;
}

static void round_row(sqlite3_stmt *st, struct store_round_row *r)
{
	r->id = sqlite3_column_int64(st, 0);
	r->name = col_dup(st, 1);
	r->task = col_dup(st, 2);
	r->status = col_dup(st, 3);
	r->created_at = col_dup(st, 4);
	r->closed_at = col_dup(st, 5);
	r->overlap = sqlite3_column_int(st, 6);
	r->has_seed = sqlite3_column_type(st, 7) != SQLITE_NULL;
	r->seed = sqlite3_column_int64(st, 7);
	r->pilot = sqlite3_column_int(st, 8);
	r->swap_from = col_dup(st, 9);
	r->made_by = col_dup(st, 10);
	r->n_raters = sqlite3_column_int(st, 11);
	r->n_items = sqlite3_column_int(st, 12);
	r->n_assignments = sqlite3_column_int(st, 13);
	r->control = sqlite3_column_double(st, 14);
	r->control_rater_id = sqlite3_column_int64(st, 15);
	r->control_rater = col_dup(st, 16);
	r->live = sqlite3_column_int(st, 17);
}

enum status store_round_list(struct store *s, const char *name, struct store_round_row **rows, size_t *n,
			     struct error *err)
{
	size_t cap = 0;
	*rows = NULL;
	*n = 0;
	sqlite3_stmt *st = store_prepare(s, "SELECT r.id, r.name, r.task, r.status, r.created_at, r.closed_at, r.overlap, "
				   "r.seed, r.pilot, f.name, r.made_by, "
				   "(SELECT count(*) FROM round_rater x WHERE x.round_id = r.id), "
				   /* the round's items: control ones are not (round items) */
				   "(SELECT count(DISTINCT a.response_id) FROM assignment a WHERE a.round_id = r.id "
				   "AND a.control = 0) + (SELECT count(DISTINCT a.pair_id) FROM pair_assignment a "
				   "WHERE a.round_id = r.id AND a.control = 0), "
				   "(SELECT count(*) FROM assignment a WHERE a.round_id = r.id) + "
				   "(SELECT count(*) FROM pair_assignment a WHERE a.round_id = r.id), "
				   "r.control, r.control_rater, cr.name, r.live "
				   "FROM round r LEFT JOIN round f ON f.id = r.swap_from "
				   "LEFT JOIN rater cr ON cr.id = r.control_rater "
				   "WHERE ?1 IS NULL OR r.name = ?1 ORDER BY r.id", "cannot read the rounds", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, name);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(rows, &cap, *n + 1, sizeof(**rows));
		round_row(st, &(*rows)[(*n)++]);
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_DONE)
		return ST_OK;
	store_round_rows_free(*rows, *n);
	*rows = NULL;
	*n = 0;
	return store_fail(s, err, "cannot read the rounds");
}

void store_round_rows_free(struct store_round_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(rows[i].name);
		free(rows[i].task);
		free(rows[i].status);
		free(rows[i].created_at);
		free(rows[i].closed_at);
		free(rows[i].swap_from);
		free(rows[i].made_by);
		free(rows[i].control_rater);
	}
	free(rows);
}

/* The round's raters by name; with counts, their assignments, label rows
 * and seconds (each a count over the round's rows), else 0. */
static enum status read_raters(struct store *s, int64_t round_id, int counts, struct store_round_rater **rows,
			       size_t *n, struct error *err)
{
	size_t cap = 0;
	*rows = NULL;
	*n = 0;
	sqlite3_stmt *st = !counts ? store_prepare(s, "SELECT ra.id, ra.name, 0, 0, 0 FROM round_rater x "
						   "JOIN rater ra ON ra.id = x.rater_id WHERE x.round_id = ? "
						   "ORDER BY ra.name", "cannot read the round's raters", err) :
			   store_prepare(s, "SELECT ra.id, ra.name, "
				   "(SELECT count(*) FROM assignment a WHERE a.round_id = x.round_id "
				   "AND a.rater_id = ra.id) + (SELECT count(*) FROM pair_assignment a "
				   "WHERE a.round_id = x.round_id AND a.rater_id = ra.id), "
				   "(SELECT count(*) FROM label l WHERE l.rater_id = ra.id AND l.round_id = x.round_id), "
				   "(SELECT coalesce(sum(l.seconds), 0) FROM label l WHERE l.rater_id = ra.id "
				   "AND l.round_id = x.round_id) "
				   "FROM round_rater x JOIN rater ra ON ra.id = x.rater_id WHERE x.round_id = ? "
				   "ORDER BY ra.name", "cannot read the round's raters", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, round_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(rows, &cap, *n + 1, sizeof(**rows));
		struct store_round_rater *r = &(*rows)[(*n)++];
		r->rater_id = sqlite3_column_int64(st, 0);
		r->name = col_dup(st, 1);
		r->assigned = sqlite3_column_int(st, 2);
		r->label_rows = sqlite3_column_int(st, 3);
		r->seconds = sqlite3_column_double(st, 4);
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_DONE)
		return ST_OK;
	store_round_raters_free(*rows, *n);
	*rows = NULL;
	*n = 0;
	return store_fail(s, err, "cannot read the round's raters");
}

enum status store_round_raters(struct store *s, int64_t round_id, struct store_round_rater **rows, size_t *n,
			       struct error *err)
{
	return read_raters(s, round_id, 1, rows, n, err);
}

enum status store_round_rater_names(struct store *s, int64_t round_id, struct store_round_rater **rows,
				    size_t *n, struct error *err)
{
	return read_raters(s, round_id, 0, rows, n, err);
}

void store_round_raters_free(struct store_round_rater *rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(rows[i].name);
	free(rows);
}

enum status store_round_set_status(struct store *s, int64_t round_id, int closed, struct error *err)
{
	char now[32];
	sqlite3_stmt *st = store_prepare(s, "UPDATE round SET status = ?, closed_at = ? WHERE id = ?",
				   "cannot change the round", err);
	if (!st)
		return ST_STORE;
	/* the time once the write lock is held: a label committed before the
	 * close (it checks the round inside its own transaction) is older */
	enum status ret = store_begin(s, err);
	now_iso8601(now);
	store_bind_text(st, 1, closed ? "closed" : "open");
	store_bind_text(st, 2, closed ? now : NULL);
	sqlite3_bind_int64(st, 3, round_id);
	if (ret == ST_OK)
		ret = exec_each(s, st, "cannot change the round", err);
	sqlite3_finalize(st);
	if (ret == ST_OK)
		ret = store_commit(s, err);
	else
		store_rollback(s);
	return ret;
}

/* ---- sampling answers for plausibility ------------------------------------------ */

struct sample_buf {
	struct store_sample_turn t;
	int64_t *responses;
	char **answers, **golds;
	double *column;
	size_t n, cap, n_golds, cap_golds;
};

static void sample_clear(struct sample_buf *b)
{
	for (size_t i = 0; i < b->n; i++)
		free(b->answers[i]);
	for (size_t i = 0; i < b->n_golds; i++)
		free(b->golds[i]);
	b->n = b->n_golds = 0;
}

static int sample_flush(struct sample_buf *b, int64_t turn, store_sample_cb cb, void *ctx)
{
	if (!b->n)
		return 0;
	b->t = (struct store_sample_turn){ turn, b->responses, (const char *const *)b->answers, b->column, b->n,
					   (const char *const *)b->golds, b->n_golds };
	int stop = cb(&b->t, ctx);
	sample_clear(b);
	return stop;
}

static enum status sample_golds(struct store *s, sqlite3_stmt *g, int64_t turn, struct sample_buf *b,
				struct error *err)
{
	size_t cap = b->cap_golds;
	sqlite3_bind_int64(g, 1, turn);
	int rc;
	while ((rc = sqlite3_step(g)) == SQLITE_ROW) {
		xgrow(&b->golds, &cap, b->n_golds + 1, sizeof(*b->golds));
		b->golds[b->n_golds++] = xstrdup(store_col_text(g, 0));
	}
	b->cap_golds = cap;
	sqlite3_reset(g);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read gold answers");
}

static void sample_add(struct sample_buf *b, sqlite3_stmt *st)
{
	size_t c1 = b->cap, c2 = b->cap, c3 = b->cap;
	xgrow(&b->responses, &c1, b->n + 1, sizeof(*b->responses));
	xgrow(&b->answers, &c2, b->n + 1, sizeof(*b->answers));
	xgrow(&b->column, &c3, b->n + 1, sizeof(*b->column));
	b->cap = c1;
	b->responses[b->n] = sqlite3_column_int64(st, 1);
	b->answers[b->n] = xstrdup(store_col_text(st, 2));
	b->column[b->n++] = sqlite3_column_type(st, 3) == SQLITE_NULL ? NAN : sqlite3_column_double(st, 3);
}

enum status store_sample_turns(struct store *s, const char *column, store_sample_cb cb, void *ctx,
			       struct error *err)
{
	struct sample_buf b = { 0 };
	char *path = column ? xasprintf("$.\"%s\"", column) : NULL;
	sqlite3_stmt *st = store_prepare(s, "SELECT r.turn_id, r.id, r.answer, "
				   "CASE WHEN json_valid(r.metadata) THEN json_extract(r.metadata, ?1) END "
				   "FROM response r JOIN turn t ON t.id = r.turn_id "
				   "ORDER BY t.conversation_id, t.position, r.id", "cannot read the answers", err);
	sqlite3_stmt *g = st ? store_prepare(s, "SELECT text FROM gold_answer WHERE turn_id = ? ORDER BY seq",
				       "cannot read gold answers", err) : NULL;
	enum status ret = st && g ? ST_OK : ST_STORE;
	int64_t turn = 0;
	int rc = SQLITE_DONE, stop = 0;
	if (st)
		store_bind_text(st, 1, path);
	while (ret == ST_OK && !stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t t = sqlite3_column_int64(st, 0);
		if (t != turn) {
			stop = sample_flush(&b, turn, cb, ctx);
			turn = t;
			ret = stop ? ST_OK : sample_golds(s, g, t, &b, err);
		}
		sample_add(&b, st);
	}
	if (ret == ST_OK && !stop && rc != SQLITE_DONE)
		ret = store_fail(s, err, "cannot read the answers");
	if (ret == ST_OK && !stop)
		sample_flush(&b, turn, cb, ctx);
	sample_clear(&b);
	free(b.responses);
	free(b.answers);
	free(b.column);
	free(b.golds);
	free(path);
	sqlite3_finalize(st);
	sqlite3_finalize(g);
	return ret;
}

/* ---- a round's items, deleting a round -------------------------------------- */

/* A count of one query with ?1 = id; -1 when it fails. */
static long count_of(struct store *s, const char *sql, int64_t id, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, sql, "cannot read the round", err);
	long n = -1;
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = (long)sqlite3_column_int64(st, 0);
	else
		store_fail(s, err, "cannot read the round");
	sqlite3_finalize(st);
	return n;
}

enum status store_round_delete(struct store *s, int64_t id, long *n_labels, long *n_rounds, struct error *err)
{
	static const char *const del[] = {
		"DELETE FROM assignment WHERE round_id = ?1",
		"DELETE FROM pair_assignment WHERE round_id = ?1",
		"DELETE FROM pair_same WHERE round_id = ?1",
		"DELETE FROM round_rater WHERE round_id = ?1",
		"DELETE FROM round WHERE id = ?1",
	};
	enum status st = store_begin(s, err);
	if (st != ST_OK)
		return st;
	*n_labels = count_of(s, "SELECT count(*) FROM label WHERE round_id = ?1", id, err);
	*n_rounds = *n_labels < 0 ? -1 : count_of(s, "SELECT count(*) FROM round WHERE swap_from = ?1", id, err);
	if (*n_labels < 0 || *n_rounds < 0)
		st = ST_STORE;
	for (size_t i = 0; st == ST_OK && !*n_labels && !*n_rounds && i < ARRAY_SIZE(del); i++) {
		sqlite3_stmt *q = store_prepare(s, del[i], "cannot delete the round", err);
		if (!q) {
			st = ST_STORE;
			break;
		}
		sqlite3_bind_int64(q, 1, id);
		st = exec_each(s, q, "cannot delete the round", err);
		sqlite3_finalize(q);
	}
	if (st == ST_OK)
		return store_commit(s, err);
	store_rollback(s);
	return st;
}

enum status store_round_items(struct store *s, int64_t round_id, int64_t rater_id, store_round_listed_cb cb,
			      void *ctx, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "SELECT c.ext_id, t.position, sy.name, group_concat(ra.name, ','), "
				      "max(a.control) FROM assignment a JOIN rater ra ON ra.id = a.rater_id "
				      "JOIN response r ON r.id = a.response_id JOIN turn t ON t.id = r.turn_id "
				      "JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id "
				      "WHERE a.round_id = ?1 AND (?2 = 0 OR a.rater_id = ?2) GROUP BY r.id "
				      "ORDER BY c.id, t.position, sy.name",
				   "cannot read the round's items", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, round_id);
	sqlite3_bind_int64(st, 2, rater_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct store_round_listed it = { store_col_text(st, 0), sqlite3_column_int(st, 1), store_col_text(st, 2),
					       store_col_text(st, 3), sqlite3_column_int(st, 4) };
		if (cb(&it, ctx))
			break;
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? ST_OK : store_fail(s, err, "cannot read the round's items");
}
