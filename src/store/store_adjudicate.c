/* store_adjudicate.c - where a round's raters disagree, for convqa
 * adjudicate (store.h: "adjudication").
 *
 * Each rater's current values in the round are one range of the index
 * label_rater_unit, unit by unit (as the annotate queue reads them): the
 * raters' ranges are merged by unit, so that the round is read once, in
 * order, with nothing sorted and no other round's rows; then where each
 * disagreement is shown is looked up. A round made with --swap-from is
 * compared together with the round it swapped (as round close does): each
 * rater has a range in either round, and of a unit in both the later label
 * counts. The statements run once per command: prepared and finalized here,
 * not cached. */
#include "store_internal.h"

#include <stdlib.h>
#include <string.h>

#include "convqa/order.h"
#include "convqa/strbuf.h"

static enum status prepare(struct store *s, const char *sql, sqlite3_stmt **st, struct error *err)
{
	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) == SQLITE_OK)
		return ST_OK;
	*st = NULL;
	return store_fail(s, err, "cannot read the round's labels");
}

static char *dup_col(sqlite3_stmt *st, int i)
{
	const char *t = store_col_text(st, i);
	return t ? xstrdup(t) : NULL;
}

/* A disagreement with what orders it (store.h). */
struct found {
	struct store_disagreement d;
	int64_t conversation;
	int position;
	int of_turn;                      /* a field of the turn: first in its turn */
	int64_t system_id;
	size_t answer_order;              /* the answer's place in its turn for the adjudicator */
	char *system;
	size_t field_index;
	int64_t first;                    /* the label row it is shown where */
};

struct list {
	struct found *v;
	size_t n, cap;
	long units;
};

/* The unit being compared: its raters' values and the adjudicator's. */
struct unit {
	int64_t turn_id, unit_ref;
	const char *field, *unit;         /* borrowed from a stream for the comparison */
	struct store_adjudication_value *values;
	size_t n, cap;
	char *settled;
	int64_t first;                    /* the first label of it of the raters compared */
};

/* One rater's current values in the round, unit by unit, in the order of
 * label_rater_unit (turn, field, unit, unit_ref): each unit's latest row,
 * read ahead by one row. */
struct stream {
	sqlite3_stmt *st;
	int rc;                           /* the last step: SQLITE_ROW = a row waits */
	int64_t rater_id;
	char *name;
	int adjudicator;                  /* the adjudicator asked: their values settle */
	int has;                          /* a unit is in cur */
	int64_t turn_id, unit_ref, first, last;   /* the unit's first and latest label */
	struct strbuf field, unit, value;
	int has_value;
};

static int same_unit(const struct stream *s, sqlite3_stmt *st)
{
	const char *field = store_col_text(st, 1), *unit = store_col_text(st, 2);
	return s->turn_id == sqlite3_column_int64(st, 0) && s->unit_ref == sqlite3_column_int64(st, 3) &&
	       strcmp(s->field.buf ? s->field.buf : "", field ? field : "") == 0 &&
	       strcmp(s->unit.buf ? s->unit.buf : "", unit ? unit : "") == 0;
}

/* The next unit of stream s (its latest value) into s's cur; s->has 0 at
 * the end. Rows: turn_id, field, unit, unit_ref, value, id. */
static void stream_next(struct stream *s)
{
	sqlite3_stmt *st = s->st;
	s->has = s->rc == SQLITE_ROW;
	if (!s->has)
		return;
	const char *field = store_col_text(st, 1), *unit = store_col_text(st, 2);
	s->turn_id = sqlite3_column_int64(st, 0);
	s->unit_ref = sqlite3_column_int64(st, 3);
	s->first = sqlite3_column_int64(st, 5);
	strbuf_reset(&s->field);
	strbuf_adds(&s->field, field ? field : "");
	strbuf_reset(&s->unit);
	strbuf_adds(&s->unit, unit ? unit : "");
	do {
		const char *v = store_col_text(st, 4);
		s->last = sqlite3_column_int64(st, 5);
		strbuf_reset(&s->value);
		strbuf_adds(&s->value, v ? v : "");
		s->has_value = v != NULL;
	} while ((s->rc = sqlite3_step(st)) == SQLITE_ROW && same_unit(s, st));
}

/* The order of units: label_rater_unit's (turn, field, unit, unit_ref). */
static int cmp_unit(const struct stream *a, const struct stream *b)
{
	if (a->turn_id != b->turn_id)
		return a->turn_id < b->turn_id ? -1 : 1;
	int c = strcmp(strbuf_str(&a->field), strbuf_str(&b->field));
	if (!c)
		c = strcmp(strbuf_str(&a->unit), strbuf_str(&b->unit));
	if (!c && a->unit_ref != b->unit_ref)
		c = a->unit_ref < b->unit_ref ? -1 : 1;
	return c;
}

/* The field of sc that unit u's labels are of, if it has categories. */
static const struct scheme_field *compared_field(const struct scheme *sc, const struct unit *u, size_t *index)
{
	const struct scheme_field *f = scheme_field_find(sc, u->field);
	if (!f || f->type == TYPE_TEXT || !f->n_categories || strcmp(scheme_unit_name(f->unit), u->unit) != 0)
		return NULL;
	*index = (size_t)(f - sc->fields);
	return f;
}

static void unit_clear(struct unit *u)
{
	for (size_t i = 0; i < u->n; i++) {
		free(u->values[i].rater);
		free(u->values[i].value);
	}
	free(u->values);
	free(u->settled);
	memset(u, 0, sizeof(*u));
}

/* The unit compared is done: a disagreement goes into the list (the
 * unit's values move there), anything else is dropped. */
static void unit_done(struct list *l, const struct scheme *sc, struct unit *u)
{
	size_t index;
	const struct scheme_field *f = compared_field(sc, u, &index);
	int differ = 0;
	for (size_t i = 1; f && i < u->n; i++)
		differ |= strcmp(u->values[i].value, u->values[0].value) != 0;
	l->units += f && u->n >= 2;
	if (differ) {
		xgrow(&l->v, &l->cap, l->n + 1, sizeof(*l->v));
		struct found *x = &l->v[l->n++];
		memset(x, 0, sizeof(*x));
		x->d = (struct store_disagreement){ .turn_id = u->turn_id, .field = f, .unit_ref = u->unit_ref,
						    .values = u->values, .n_values = u->n, .settled = u->settled };
		x->first = u->first;
		x->of_turn = f->unit == UNIT_TURN;
		x->field_index = index;
		u->values = NULL;
		u->n = 0;
		u->settled = NULL;
	}
	unit_clear(u);
}

/* Whether another stream of s's rater at the same unit (its range in the
 * other round of a swapped pair) has a later label of it: then that one is
 * the rater's current value, cleared or not. */
static int superseded(const struct stream *s, struct stream *const *at, size_t k)
{
	for (size_t i = 0; i < k; i++)
		if (at[i] != s && at[i]->rater_id == s->rater_id && at[i]->last > s->last)
			return 1;
	return 0;
}

/* Compare the streams unit by unit: take the least unit of those they
 * are at, each value of it, and move those streams on. */
static void compare(struct list *l, const struct scheme *sc, struct stream *v, size_t n)
{
	struct stream **at = xcalloc(n ? n : 1, sizeof(*at));
	for (;;) {
		struct stream *least = NULL;
		for (size_t i = 0; i < n; i++)
			if (v[i].has && (!least || cmp_unit(&v[i], least) < 0))
				least = &v[i];
		if (!least)
			break;
		struct unit u = { least->turn_id, least->unit_ref, strbuf_str(&least->field), strbuf_str(&least->unit),
				  NULL, 0, 0, NULL, 0 };
		size_t k = 0;
		for (size_t i = 0; i < n; i++)
			if (v[i].has && (&v[i] == least || cmp_unit(&v[i], least) == 0))
				at[k++] = &v[i];
		for (size_t i = 0; i < k; i++) {
			struct stream *s = at[i];
			if (superseded(s, at, k))
				continue;
			if (s->adjudicator) {
				u.settled = s->has_value ? xstrdup(strbuf_str(&s->value)) : NULL;
			} else if (s->has_value) {
				xgrow(&u.values, &u.cap, u.n + 1, sizeof(*u.values));
				u.values[u.n++] = (struct store_adjudication_value){ s->rater_id, xstrdup(s->name),
										   xstrdup(strbuf_str(&s->value)) };
			}
		}
		/* shown where a rater with a value first judged it, in either round */
		for (size_t i = 0; i < k; i++)
			for (size_t j = 0; !at[i]->adjudicator && j < u.n; j++)
				if (u.values[j].rater_id == at[i]->rater_id && (!u.first || at[i]->first < u.first))
					u.first = at[i]->first;
		unit_done(l, sc, &u);   /* before the streams move: u borrows least's names */
		for (size_t i = 0; i < k; i++)
			stream_next(at[i]);
	}
	free(at);
}

/* Where disagreement x is shown and what orders it: the item of the first
 * label of its unit in the round by the raters compared. */
static enum status placed(struct store *s, sqlite3_stmt *st, struct found *x, struct error *err)
{
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, x->first);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW)
		return rc == SQLITE_DONE ? error_set(err, ST_STORE, "a disagreement has no label") :
			store_fail(s, err, "cannot read the round's labels");
	x->d.response_id = sqlite3_column_int64(st, 0);
	x->d.passage_rank = (long)sqlite3_column_int64(st, 1);
	x->conversation = sqlite3_column_int64(st, 2);
	x->position = sqlite3_column_int(st, 3);
	x->system_id = sqlite3_column_int64(st, 4);
	x->system = dup_col(st, 5);
	return ST_OK;
}

static int cmp_found(const void *pa, const void *pb)
{
	const struct found *a = pa, *b = pb;
#define CMP(f) if (a->f != b->f) return a->f < b->f ? -1 : 1
	CMP(conversation);
	CMP(position);
	if (a->of_turn != b->of_turn)
		return a->of_turn ? -1 : 1;
	CMP(answer_order);
	int c = strcmp(a->system ? a->system : "", b->system ? b->system : "");
	if (c)
		return c;
	CMP(field_index);
	CMP(d.passage_rank);
	CMP(d.unit_ref);
#undef CMP
	return 0;
}

static void disagreement_release(struct store_disagreement *x)
{
	for (size_t j = 0; j < x->n_values; j++) {
		free(x->values[j].rater);
		free(x->values[j].value);
	}
	free(x->values);
	free(x->settled);
}

static void release_found(struct found *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].system);
		disagreement_release(&v[i].d);
	}
	free(v);
}

static void streams_release(struct stream *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		sqlite3_finalize(v[i].st);
		free(v[i].name);
		strbuf_release(&v[i].field);
		strbuf_release(&v[i].unit);
		strbuf_release(&v[i].value);
	}
	free(v);
}

/* The round round_id swapped the items of (--swap-from), its id into *id
 * (0 if none) and its name into out->swap_from; the first round made by
 * swapping round_id's into out->swapped_by. */
static enum status swapped_rounds(struct store *s, int64_t round_id, int64_t *id, struct store_disagreements *out,
				  struct error *err)
{
	sqlite3_stmt *st;
	*id = 0;
	enum status rs = prepare(s, "SELECT 0, f.id, f.name FROM round r JOIN round f ON f.id = r.swap_from "
				 "WHERE r.id = ?1 UNION ALL "
				 "SELECT 1, 0, name FROM (SELECT name FROM round WHERE swap_from = ?1 ORDER BY id LIMIT 1)",
				 &st, err);
	if (rs != ST_OK)
		return rs;
	sqlite3_bind_int64(st, 1, round_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (sqlite3_column_int(st, 0)) {
			out->swapped_by = dup_col(st, 2);
		} else {
			*id = sqlite3_column_int64(st, 1);
			out->swap_from = dup_col(st, 2);
		}
	}
	if (rc != SQLITE_DONE)
		rs = store_fail(s, err, "cannot read the round");
	sqlite3_finalize(st);
	return rs;
}

/* One stream: rater id's labels of task in round_id, read ahead; not
 * those given on the rater's control items, which score the rater against
 * the known answers and are no judgements of the round (the filter costs
 * a row lookup per label: only for a rater with control items). */
static enum status open_stream(struct store *s, struct stream *x, int64_t round_id, const char *task,
			       struct error *err)
{
	static const char *const sql[2] = {
		"SELECT turn_id, field, unit, unit_ref, value, id FROM label "
		"WHERE rater_id = ?1 AND round_id = ?2 AND task = ?3 "
		"ORDER BY turn_id, field, unit, unit_ref, id",
		"SELECT turn_id, field, unit, unit_ref, value, id FROM label "
		"WHERE rater_id = ?1 AND round_id = ?2 AND task = ?3 AND response_id NOT IN (SELECT response_id "
		"FROM assignment WHERE round_id = ?2 AND rater_id = ?1 AND control = 1) "
		"AND NOT (unit = 'pair' AND unit_ref IN (SELECT pair_id FROM pair_assignment WHERE round_id = ?2 "
		"AND rater_id = ?1 AND control = 1)) "
		"ORDER BY turn_id, field, unit, unit_ref, id",
	};
	sqlite3_stmt *q;
	int controls = 0;
	/* control items of a turn round, control pairs of a pairwise round */
	enum status st = prepare(s, "SELECT EXISTS (SELECT 1 FROM assignment WHERE round_id = ?2 AND rater_id = ?1 "
				 "AND control = 1) OR EXISTS (SELECT 1 FROM pair_assignment WHERE round_id = ?2 "
				 "AND rater_id = ?1 AND control = 1)", &q, err);
	if (st != ST_OK)
		return st;
	sqlite3_bind_int64(q, 1, x->rater_id);
	sqlite3_bind_int64(q, 2, round_id);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW)
		controls = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	if (rc != SQLITE_ROW)
		return store_fail(s, err, "cannot read the round's labels");
	st = prepare(s, sql[controls != 0], &x->st, err);
	if (st != ST_OK)
		return st;
	sqlite3_bind_int64(x->st, 1, x->rater_id);
	sqlite3_bind_int64(x->st, 2, round_id);
	sqlite3_bind_text(x->st, 3, task, -1, SQLITE_TRANSIENT);
	x->rc = sqlite3_step(x->st);
	stream_next(x);
	return ST_OK;
}

/* A stream per rater compared (by name) and round (round_id, and swapped,
 * the round it swapped: 0 if none), and the adjudicator's in round_id:
 * each one range of label_rater_unit, read ahead to its first unit. */
static enum status open_streams(struct store *s, int64_t round_id, int64_t swapped, const char *task,
				int64_t adjudicator, struct stream **out, size_t *n_out, struct error *err)
{
	sqlite3_stmt *raters;
	struct stream *v = NULL;
	size_t n = 0, cap = 0;
	*out = NULL;
	*n_out = 0;
	enum status st = prepare(s, "SELECT id, name, role, trusted FROM rater ORDER BY name", &raters, err);
	int rc = SQLITE_DONE;
	while (st == ST_OK && (rc = sqlite3_step(raters)) == SQLITE_ROW) {
		int64_t id = sqlite3_column_int64(raters, 0);
		const char *role = store_col_text(raters, 2);
		int compared = role && strcmp(role, "adjudicator") != 0 && sqlite3_column_int(raters, 3);
		if (id != adjudicator && !compared)
			continue;
		/* an adjudicator settles in round_id only: that is where the UI saves */
		int64_t rounds[2] = { round_id, id == adjudicator ? 0 : swapped };
		for (size_t r = 0; r < 2 && rounds[r] && st == ST_OK; r++) {
			xgrow(&v, &cap, n + 1, sizeof(*v));
			struct stream *x = &v[n++];
			*x = (struct stream){ .rater_id = id, .name = dup_col(raters, 1),
					      .adjudicator = id == adjudicator, .field = STRBUF_INIT,
					      .unit = STRBUF_INIT, .value = STRBUF_INIT };
			st = open_stream(s, x, rounds[r], task, err);
		}
	}
	if (st == ST_OK && rc != SQLITE_DONE)
		st = store_fail(s, err, "cannot read the raters");
	sqlite3_finalize(raters);
	if (st != ST_OK) {
		streams_release(v, n);
		return st;
	}
	*out = v;
	*n_out = n;
	return ST_OK;
}

static int cmp_int64(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
	return (a > b) - (a < b);
}

static int cmp_turn(const void *pa, const void *pb)
{
	const struct found *a = *(const struct found *const *)pa, *b = *(const struct found *const *)pb;
#define CMP(f) if (a->f != b->f) return a->f < b->f ? -1 : 1
	CMP(conversation);
	CMP(position);
	CMP(d.turn_id);
#undef CMP
	return 0;
}

/* The project's system ids, ascending, into *ids (caller frees). */
static enum status system_ids(struct store *s, int64_t **ids, size_t *n, struct error *err)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	*ids = NULL;
	*n = 0;
	enum status ret = prepare(s, "SELECT id FROM system ORDER BY id", &st, err);
	int rc = SQLITE_DONE;
	while (ret == ST_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(ids, &cap, *n + 1, sizeof(**ids));
		(*ids)[(*n)++] = sqlite3_column_int64(st, 0);
	}
	if (ret == ST_OK && rc != SQLITE_DONE)
		ret = store_fail(s, err, "cannot read the systems");
	sqlite3_finalize(st);
	return ret;
}

/* The number of system id among ids (ascending). */
static size_t system_number(const int64_t *ids, size_t n, int64_t id)
{
	const int64_t *at = bsearch(&id, ids, n, sizeof(*ids), cmp_int64);
	return at ? (size_t)(at - ids) : 0;
}

/* The answers' order in each turn, as a queue of the adjudicator's would
 * show them (order.h: drawn for the adjudicator's name and the round's
 * seed, the turns with a disagreement visited in conversation order, the
 * project's systems numbered by id): each disagreement's answer_order, and
 * its answer's place among the turn's answers (d.answer_index of
 * d.n_answers). */
static enum status answer_orders(struct store *s, int64_t round_id, int64_t adjudicator_id, struct found *v,
				 size_t n, struct error *err)
{
	sqlite3_stmt *st, *answers = NULL;
	enum status ret = prepare(s, "SELECT (SELECT seed FROM round WHERE id = ?1), "
				  "(SELECT name FROM rater WHERE id = ?2)", &st, err);
	if (ret != ST_OK)
		return ret;
	sqlite3_bind_int64(st, 1, round_id);
	sqlite3_bind_int64(st, 2, adjudicator_id);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		return store_fail(s, err, "cannot read the round");
	}
	uint64_t seed = order_seed((uint64_t)sqlite3_column_int64(st, 0), store_col_text(st, 1));
	sqlite3_finalize(st);
	int64_t *ids;
	size_t n_ids;
	if ((ret = system_ids(s, &ids, &n_ids, err)) != ST_OK ||
	    (ret = prepare(s, "SELECT system_id FROM response WHERE turn_id = ?1", &answers, err)) != ST_OK) {
		free(ids);
		return ret;
	}
	struct found **by_turn = xcalloc(n + 1, sizeof(*by_turn));
	for (size_t i = 0; i < n; i++)
		by_turn[i] = &v[i];
	if (n)
		qsort(by_turn, n, sizeof(*by_turn), cmp_turn);
	size_t *place = xcalloc(n_ids + 1, sizeof(*place)), visit = 0;
	unsigned char *answered = xcalloc(n_ids + 1, 1);
	for (size_t i = 0; ret == ST_OK && i < n; i++) {
		struct found *x = by_turn[i];
		if (i == 0 || x->d.turn_id != by_turn[i - 1]->d.turn_id) {
			order_visit(seed, n_ids, visit++, place);
			memset(answered, 0, n_ids);   /* place -> the turn has an answer there */
			sqlite3_reset(answers);
			sqlite3_bind_int64(answers, 1, x->d.turn_id);
			int rc;
			while ((rc = sqlite3_step(answers)) == SQLITE_ROW)
				answered[place[system_number(ids, n_ids, sqlite3_column_int64(answers, 0))]] = 1;
			if (rc != SQLITE_DONE)
				ret = store_fail(s, err, "cannot read the answers");
		}
		x->answer_order = place[system_number(ids, n_ids, x->system_id)];
		x->d.answer_index = x->d.n_answers = 0;
		for (size_t k = 0; k < n_ids; k++) {
			x->d.n_answers += answered[k];
			x->d.answer_index += answered[k] && k <= x->answer_order;
		}
	}
	sqlite3_finalize(answers);
	free(answered);
	free(place);
	free(by_turn);
	free(ids);
	return ret;
}

enum status store_adjudicate_list(struct store *s, int64_t round_id, const struct scheme *sc,
				  int64_t adjudicator_id, struct store_disagreements *out, struct error *err)
{
	memset(out, 0, sizeof(*out));
	struct stream *v;
	size_t n;
	struct list l = { 0 };
	sqlite3_stmt *where = NULL;
	int64_t swapped;
	enum status st = swapped_rounds(s, round_id, &swapped, out, err);
	if (st == ST_OK)
		st = open_streams(s, round_id, swapped, sc->name, adjudicator_id, &v, &n, err);
	if (st != ST_OK) {
		store_disagreements_release(out);
		return st;
	}
	compare(&l, sc, v, n);
	for (size_t i = 0; i < n && st == ST_OK; i++)
		if (v[i].rc != SQLITE_DONE)
			st = store_fail(s, err, "cannot read the round's labels");
	streams_release(v, n);
	if (st == ST_OK)
		st = prepare(s, "SELECT l.response_id, l.passage_rank, t.conversation_id, t.position, "
			     "r.system_id, sy.name FROM label l JOIN response r ON r.id = l.response_id "
			     "JOIN turn t ON t.id = r.turn_id JOIN system sy ON sy.id = r.system_id WHERE l.id = ?1",
			     &where, err);
	for (size_t i = 0; st == ST_OK && i < l.n; i++)
		st = placed(s, where, &l.v[i], err);
	sqlite3_finalize(where);
	if (st == ST_OK)
		st = answer_orders(s, round_id, adjudicator_id, l.v, l.n, err);
	if (st != ST_OK) {
		release_found(l.v, l.n);
		store_disagreements_release(out);
		return st;
	}
	if (l.n)
		qsort(l.v, l.n, sizeof(*l.v), cmp_found);
	out->v = xcalloc(l.n ? l.n : 1, sizeof(*out->v));
	for (size_t i = 0; i < l.n; i++) {
		out->v[i] = l.v[i].d;
		out->n_settled += l.v[i].d.settled != NULL;
		free(l.v[i].system);
	}
	out->n = l.n;
	out->units = l.units;
	free(l.v);
	return ST_OK;
}

void store_disagreements_release(struct store_disagreements *d)
{
	for (size_t i = 0; i < d->n; i++)
		disagreement_release(&d->v[i]);
	free(d->v);
	free(d->swap_from);
	free(d->swapped_by);
	memset(d, 0, sizeof(*d));
}
