/* store_item.c - the annotation UI's queries: queue, item, labels, summary. */
#include "convqa/store_item.h"

#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

/* This module's statement cache slots (store_internal.h leaves the rest). */
enum {
	STMT_ITEM_QUEUE = STMT__FIRST_FREE,
	STMT_ITEM_QUEUE_ROUND,
	STMT_ITEM_LABELLED,
	STMT_ITEM_N_RETRIEVED,
	STMT_ITEM_LOAD,
	STMT_ITEM_PASSAGES,
	STMT_ITEM_HISTORY,
	STMT_ITEM_LABELS,
	STMT_ITEM_SUMMARY,
	STMT_ITEM_SECONDS,
	STMT_ITEM__END,
};
_Static_assert(STMT_ITEM__END <= 64, "statement cache too small");

static void bind_round(sqlite3_stmt *st, int i, int64_t round_id)
{
	if (round_id)
		sqlite3_bind_int64(st, i, round_id);
	else
		sqlite3_bind_null(st, i);
}

static char *dup_col(sqlite3_stmt *st, int i)
{
	const char *t = store_col_text(st, i);
	return t ? xstrdup(t) : NULL;
}

/* ---- queue ------------------------------------------------------------ */

/* The order of a turn's answers, as SQL over response r: a mix of the turn
 * and the system, so that the systems come in another order from turn to
 * turn and a rater cannot tell a system by its place (then by name). */
#define ANSWER_ORDER(r) "((" r ".system_id * 2654435761 + " r ".turn_id * 40503) % 1000003)"

struct id_pos {
	int64_t id;
	size_t pos;
};

static int cmp_id_pos(const void *a, const void *b)
{
	int64_t x = ((const struct id_pos *)a)->id, y = ((const struct id_pos *)b)->id;
	return x < y ? -1 : x > y;
}

static enum status count_retrieved(struct store *s, int64_t response_id, size_t *n, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_ITEM_N_RETRIEVED,
				      "SELECT count(*) FROM retrieved WHERE response_id = ?", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, response_id);
	int64_t count;
	enum status ret = store_step_id(s, st, &count, "cannot count passages", err);
	*n = (size_t)count;
	return ret;
}

/* How an item sees a unit's labels, as SQL over label (or a selection of
 * it) l and response r of the same turn: the rank of a pooled passage in
 * r's ranking (rt), and whether the unit is r's at all. */
#define UNIT_JOIN \
	"LEFT JOIN retrieved rt ON l.unit = 'passage' AND rt.response_id = r.id AND rt.passage_id = l.unit_ref "
#define UNIT_IS_ITEMS \
	"(l.unit = 'turn' OR (l.unit = 'response' AND l.unit_ref = r.id) " \
	"OR (l.unit = 'passage' AND rt.rank IS NOT NULL) " \
	"OR (l.unit = 'answer' AND l.unit_ref = convqa_answer_key(r.answer)))"

/* Whether an item with no labels is finished: when sc has no required field. */
static int finished_unlabelled(const struct scheme *sc)
{
	for (size_t i = 0; i < sc->n_fields; i++)
		if (sc->fields[i].required)
			return 0;
	return 1;
}

/* Put row st (field, rank, value, unit) into l when it is a field of sc
 * judging that unit. */
static void put_row(struct store_item_labels *l, const struct scheme *sc, sqlite3_stmt *st)
{
	const struct scheme_field *f = scheme_field_find(sc, store_col_text(st, 0));
	const char *unit = store_col_text(st, 3);
	if (f && unit && strcmp(scheme_unit_name(f->unit), unit) == 0)
		store_item_labels_put(l, f, (long)sqlite3_column_int64(st, 1), store_col_text(st, 2));
}

/* The labels l of item id (answer empty or not) are all read: mark it
 * finished in q (index: q's ids sorted) when nothing is missing, and empty l. */
static enum status close_item(struct store *s, const struct scheme *sc, struct store_queue *q,
			      const struct id_pos *index, int64_t id, int empty, struct store_item_labels *l,
			      struct error *err)
{
	struct id_pos key = { id, 0 };
	const struct id_pos *hit = bsearch(&key, index, q->n, sizeof(*index), cmp_id_pos);
	enum status ret = ST_OK;
	size_t n_passages;
	/* count_retrieved uses its own statement: safe mid-iteration */
	if (hit && (ret = count_retrieved(s, id, &n_passages, err)) == ST_OK &&
	    store_item_n_missing(sc, n_passages, empty, l) == 0 && !q->finished[hit->pos]) {
		q->finished[hit->pos] = 1;
		q->n_finished++;
	}
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].value);
	l->n = 0;
	return ret;
}

/* Mark q's finished items: one pass over the rater's current labels, each
 * unit's value given to every item of its unit. */
static enum status mark_finished(struct store *s, int64_t rater_id, int64_t round_id,
				 const struct scheme *sc, struct store_queue *q, struct error *err)
{
	if (finished_unlabelled(sc)) {
		memset(q->finished, 1, q->n);
		q->n_finished = q->n;
		return ST_OK;
	}
	sqlite3_stmt *st = store_stmt(s, STMT_ITEM_LABELLED,
				      "WITH l AS (SELECT turn_id, field, unit, unit_ref, value, max(id) FROM label "
				      "WHERE rater_id = ?1 AND round_id IS ?2 AND task = ?3 "
				      "GROUP BY turn_id, field, unit, unit_ref) "
				      "SELECT l.field, COALESCE(rt.rank, 0), l.value, l.unit, r.id, trim(r.answer) = '' "
				      "FROM l JOIN response r ON r.turn_id = l.turn_id " UNIT_JOIN
				      "WHERE " UNIT_IS_ITEMS " ORDER BY r.id", err);
	if (!st)
		return ST_STORE;
	struct id_pos *index = xmalloc((q->n ? q->n : 1) * sizeof(*index));
	for (size_t i = 0; i < q->n; i++)
		index[i] = (struct id_pos){ q->responses[i], i };
	qsort(index, q->n, sizeof(*index), cmp_id_pos);

	struct store_item_labels l = STORE_ITEM_LABELS_INIT;
	int64_t cur = 0;
	int empty = 0;
	enum status ret = ST_OK;
	int rc;
	sqlite3_bind_int64(st, 1, rater_id);
	bind_round(st, 2, round_id);
	store_bind_text(st, 3, sc->name);
	/* The last group is closed after the loop: iterate one step past the end. */
	for (;;) {
		rc = sqlite3_step(st);
		int64_t id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 4) : 0;
		if (cur && id != cur && (ret = close_item(s, sc, q, index, cur, empty, &l, err)) != ST_OK)
			break;
		if (rc != SQLITE_ROW)
			break;
		cur = id;
		empty = sqlite3_column_int(st, 5);
		put_row(&l, sc, st);
	}
	if (ret == ST_OK && rc != SQLITE_DONE)
		ret = store_fail(s, err, "cannot read labels");
	sqlite3_reset(st);
	store_item_labels_release(&l);
	free(index);
	return ret;
}

enum status store_queue_load(struct store *s, int64_t rater_id, int64_t round_id,
			     const struct scheme *sc, struct store_queue *q, struct error *err)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	memset(q, 0, sizeof(*q));
	if (round_id) {
		st = store_stmt(s, STMT_ITEM_QUEUE_ROUND,
				"SELECT a.response_id, r.turn_id FROM assignment a "
				"JOIN response r ON r.id = a.response_id "
				"WHERE a.round_id = ? AND a.rater_id = ? ORDER BY a.seq", err);
		if (!st)
			return ST_STORE;
		sqlite3_bind_int64(st, 1, round_id);
		sqlite3_bind_int64(st, 2, rater_id);
	} else {
		st = store_stmt(s, STMT_ITEM_QUEUE,
				"SELECT r.id, r.turn_id FROM response r "
				"JOIN turn t ON t.id = r.turn_id JOIN system sy ON sy.id = r.system_id "
				"ORDER BY t.conversation_id, t.position, " ANSWER_ORDER("r") ", sy.name", err);
		if (!st)
			return ST_STORE;
	}
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (q->n == cap) {
			size_t c1 = cap, c2 = cap;
			xgrow(&q->responses, &c1, q->n + 1, sizeof(*q->responses));
			xgrow(&q->turns, &c2, q->n + 1, sizeof(*q->turns));
			cap = c1;
		}
		q->responses[q->n] = sqlite3_column_int64(st, 0);
		q->turns[q->n] = sqlite3_column_int64(st, 1);
		q->n++;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE) {
		store_queue_release(q);
		return store_fail(s, err, "cannot read the queue");
	}
	q->finished = xcalloc(q->n ? q->n : 1, 1);
	enum status ret = mark_finished(s, rater_id, round_id, sc, q, err);
	if (ret != ST_OK)
		store_queue_release(q);
	return ret;
}

void store_queue_release(struct store_queue *q)
{
	free(q->responses);
	free(q->turns);
	free(q->finished);
	memset(q, 0, sizeof(*q));
}

int store_item_read_only(struct store *s)
{
	return sqlite3_db_readonly(s->db, "main") == 1;
}

/* ---- item --------------------------------------------------------------- */

static enum status load_passages(struct store *s, struct store_item *it, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_ITEM_PASSAGES,
				      "SELECT rt.rank, p.ext_id, p.title, p.text, rt.score FROM retrieved rt "
				      "JOIN passage p ON p.id = rt.passage_id WHERE rt.response_id = ? "
				      "ORDER BY rt.rank", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, it->response_id);
	size_t cap = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(&it->passages, &cap, it->n_passages + 1, sizeof(*it->passages));
		struct store_item_passage *p = &it->passages[it->n_passages++];
		p->rank = (long)sqlite3_column_int64(st, 0);
		p->ext_id = dup_col(st, 1);
		p->title = dup_col(st, 2);
		p->text = dup_col(st, 3);
		p->has_score = sqlite3_column_type(st, 4) != SQLITE_NULL;
		p->score = p->has_score ? sqlite3_column_double(st, 4) : 0;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read passages");
}

static enum status load_history(struct store *s, struct store_item *it, int64_t conversation_id,
				struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_ITEM_HISTORY,
				      "SELECT t.position, t.question, r.answer FROM turn t "
				      "LEFT JOIN response r ON r.turn_id = t.id AND r.system_id = ?2 "
				      "WHERE t.conversation_id = ?1 AND t.position < ?3 "
				      "ORDER BY t.position DESC LIMIT ?4", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, conversation_id);
	sqlite3_bind_int64(st, 2, it->system_id);
	sqlite3_bind_int(st, 3, it->position);
	sqlite3_bind_int(st, 4, STORE_ITEM_MAX_HISTORY);
	size_t cap = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(&it->history, &cap, it->n_history + 1, sizeof(*it->history));
		struct store_item_turn *h = &it->history[it->n_history++];
		h->position = sqlite3_column_int(st, 0);
		h->question = dup_col(st, 1);
		h->answer = dup_col(st, 2);
	}
	sqlite3_reset(st);
	/* newest first from SQL: reverse to oldest first */
	for (size_t i = 0, j = it->n_history; i + 1 < j; i++, j--) {
		struct store_item_turn t = it->history[i];
		it->history[i] = it->history[j - 1];
		it->history[j - 1] = t;
	}
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read history");
}

enum status store_item_load(struct store *s, int64_t response_id, struct store_item *it,
			    struct error *err)
{
	memset(it, 0, sizeof(*it));
	it->response_id = response_id;
	sqlite3_stmt *st = store_stmt(s, STMT_ITEM_LOAD,
				      "SELECT r.turn_id, r.system_id, c.ext_id, t.position, t.question, t.rewrite, "
				      "sy.name, r.answer, t.conversation_id, "
				      "(SELECT count(*) FROM turn t2 WHERE t2.conversation_id = t.conversation_id), "
				      /* the turn's responses, and this one's place among them */
				      "(SELECT count(*) FROM response r2 WHERE r2.turn_id = r.turn_id), "
				      "(SELECT 1 + count(*) FROM response r2 JOIN system s2 ON s2.id = r2.system_id "
				      "WHERE r2.turn_id = r.turn_id AND (" ANSWER_ORDER("r2") " < " ANSWER_ORDER("r")
				      " OR (" ANSWER_ORDER("r2") " = " ANSWER_ORDER("r") " AND s2.name < sy.name))) "
				      "FROM response r JOIN turn t ON t.id = r.turn_id "
				      "JOIN conversation c ON c.id = t.conversation_id "
				      "JOIN system sy ON sy.id = r.system_id WHERE r.id = ?", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, response_id);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		sqlite3_reset(st);
		if (rc == SQLITE_DONE)
			return error_set(err, ST_STORE, "no response with id %lld", (long long)response_id);
		return store_fail(s, err, "cannot read item");
	}
	it->turn_id = sqlite3_column_int64(st, 0);
	it->system_id = sqlite3_column_int64(st, 1);
	it->conversation = dup_col(st, 2);
	it->position = sqlite3_column_int(st, 3);
	it->question = dup_col(st, 4);
	it->rewrite = dup_col(st, 5);
	it->system = dup_col(st, 6);
	it->answer = dup_col(st, 7);
	int64_t conversation_id = sqlite3_column_int64(st, 8);
	it->n_turns = sqlite3_column_int(st, 9);
	it->n_answers = sqlite3_column_int(st, 10);
	it->answer_index = sqlite3_column_int(st, 11);
	sqlite3_reset(st);
	enum status ret = load_passages(s, it, err);
	if (ret == ST_OK)
		ret = load_history(s, it, conversation_id, err);
	return ret;
}

void store_item_release(struct store_item *it)
{
	free(it->conversation);
	free(it->question);
	free(it->rewrite);
	free(it->system);
	free(it->answer);
	for (size_t i = 0; i < it->n_passages; i++) {
		free(it->passages[i].ext_id);
		free(it->passages[i].title);
		free(it->passages[i].text);
	}
	free(it->passages);
	for (size_t i = 0; i < it->n_history; i++) {
		free(it->history[i].question);
		free(it->history[i].answer);
	}
	free(it->history);
	memset(it, 0, sizeof(*it));
}

/* ---- labels ----------------------------------------------------------- */

enum status store_item_labels_load(struct store *s, int64_t response_id, int64_t rater_id,
				   int64_t round_id, const struct scheme *sc,
				   struct store_item_labels *l, struct error *err)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].value);
	l->n = 0;
	sqlite3_stmt *st = store_stmt(s, STMT_ITEM_LABELS,
				      "SELECT l.field, COALESCE(rt.rank, 0), l.value, l.unit FROM response r "
				      "JOIN label l ON l.turn_id = r.turn_id " UNIT_JOIN
				      "WHERE r.id = ?1 AND l.rater_id = ?2 AND l.round_id IS ?3 AND l.task = ?4 "
				      "AND " UNIT_IS_ITEMS " ORDER BY +l.id", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, response_id);
	sqlite3_bind_int64(st, 2, rater_id);
	bind_round(st, 3, round_id);
	store_bind_text(st, 4, sc->name);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		put_row(l, sc, st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read labels");
}

static struct store_item_label *find_label(const struct store_item_labels *l, const char *field, long rank)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].rank == rank && strcmp(l->v[i].field->name, field) == 0)
			return &l->v[i];
	return NULL;
}

const char *store_item_labels_get(const struct store_item_labels *l, const char *field, long rank)
{
	const struct store_item_label *x = find_label(l, field, rank);
	return x ? x->value : NULL;
}

void store_item_labels_put(struct store_item_labels *l, const struct scheme_field *f, long rank,
			   const char *value)
{
	struct store_item_label *x = find_label(l, f->name, rank);
	if (!x) {
		xgrow(&l->v, &l->cap, l->n + 1, sizeof(*l->v));
		x = &l->v[l->n++];
		x->field = f;
		x->rank = rank;
		x->value = NULL;
	}
	free(x->value);
	x->value = value ? xstrdup(value) : NULL;
}

void store_item_labels_release(struct store_item_labels *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].value);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

size_t store_item_n_missing(const struct scheme *sc, size_t n_passages, int answer_empty,
			    const struct store_item_labels *l)
{
	size_t missing = 0;
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct scheme_field *f = &sc->fields[i];
		if (!f->required || (f->skip_when_empty && answer_empty))
			continue;
		if (f->unit == UNIT_PASSAGE) {
			size_t set = 0;
			for (size_t j = 0; j < l->n; j++)
				if (l->v[j].field == f && l->v[j].rank > 0 && l->v[j].value)
					set++;
			missing += set < n_passages ? n_passages - set : 0;
		} else {
			const char *v = store_item_labels_get(l, f->name, 0);
			missing += v == NULL;
		}
	}
	return missing;
}

/* ---- summary ---------------------------------------------------------- */

enum status store_item_summary(struct store *s, int64_t rater_id, int64_t round_id,
			       const char *task, store_item_count_cb cb, void *ctx,
			       double *seconds, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_ITEM_SUMMARY,
				      "SELECT l.field, l.value, count(*) FROM label l "
				      "WHERE l.rater_id = ? AND l.round_id IS ? AND l.task = ? AND l.value IS NOT NULL "
				      "AND " STORE_LABEL_IS_CURRENT " GROUP BY l.field, l.value ORDER BY l.field, l.value",
				      err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, rater_id);
	bind_round(st, 2, round_id);
	store_bind_text(st, 3, task);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		cb(store_col_text(st, 0), store_col_text(st, 1), (long)sqlite3_column_int64(st, 2), ctx);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return store_fail(s, err, "cannot summarise labels");
	st = store_stmt(s, STMT_ITEM_SECONDS,
			"SELECT total(seconds) FROM label WHERE rater_id = ? AND round_id IS ? AND task = ?", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, rater_id);
	bind_round(st, 2, round_id);
	store_bind_text(st, 3, task);
	rc = sqlite3_step(st);
	*seconds = rc == SQLITE_ROW ? sqlite3_column_double(st, 0) : 0;
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? ST_OK : store_fail(s, err, "cannot summarise labels");
}
