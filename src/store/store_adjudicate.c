/* store_adjudicate.c - where a round's raters disagree, for convqa
 * adjudicate (store.h: "adjudication").
 *
 * One pass over the current labels of the round, by unit, then a lookup of
 * where each disagreement is shown. The statements run once per command:
 * prepared and finalized here, not cached. */
#include "store_internal.h"

#include <stdlib.h>
#include <string.h>

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
	int64_t answer_order;
	char *system;
	size_t field_index;
};

struct list {
	struct found *v;
	size_t n, cap;
	long units;
};

/* The unit being read: its raters' values and the adjudicator's. */
struct unit {
	int64_t turn_id, unit_ref;
	char *field, *unit;
	struct store_adjudication_value *values;
	size_t n, cap;
	char *settled;
	int read;                         /* a unit is being read */
};

static void unit_clear(struct unit *u)
{
	for (size_t i = 0; i < u->n; i++) {
		free(u->values[i].rater);
		free(u->values[i].value);
	}
	free(u->values);
	free(u->field);
	free(u->unit);
	free(u->settled);
	memset(u, 0, sizeof(*u));
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

/* The unit read is done: a disagreement goes into the list (the unit's
 * values move there), anything else is dropped. */
static void unit_done(struct list *l, const struct scheme *sc, struct unit *u)
{
	size_t index;
	const struct scheme_field *f = u->read ? compared_field(sc, u, &index) : NULL;
	int differ = 0;
	for (size_t i = 1; f && i < u->n; i++)
		differ |= strcmp(u->values[i].value, u->values[0].value) != 0;
	l->units += f && u->n >= 2;
	if (differ) {
		xgrow(&l->v, &l->cap, l->n + 1, sizeof(*l->v));
		struct found *x = &l->v[l->n++];
		memset(x, 0, sizeof(*x));
		x->d = (struct store_disagreement){ u->turn_id, f, u->unit_ref, 0, 0, u->values, u->n, u->settled };
		x->of_turn = f->unit == UNIT_TURN;
		x->field_index = index;
		u->values = NULL;
		u->n = 0;
		u->settled = NULL;
	}
	unit_clear(u);
}

/* Row st of the current labels (turn, field, unit, unit_ref, rater id,
 * name, role, trusted, value). */
static void unit_row(struct list *l, const struct scheme *sc, struct unit *u, int64_t adjudicator,
		     sqlite3_stmt *st)
{
	int64_t turn = sqlite3_column_int64(st, 0), ref = sqlite3_column_int64(st, 3);
	const char *field = store_col_text(st, 1), *unit = store_col_text(st, 2);
	field = field ? field : "";
	unit = unit ? unit : "";
	if (!u->read || u->turn_id != turn || u->unit_ref != ref || strcmp(u->field, field) != 0 ||
	    strcmp(u->unit, unit) != 0) {
		unit_done(l, sc, u);
		*u = (struct unit){ turn, ref, xstrdup(field), xstrdup(unit), NULL, 0, 0, NULL, 1 };
	}
	int64_t rater = sqlite3_column_int64(st, 4);
	const char *role = store_col_text(st, 6), *value = store_col_text(st, 8);
	if (rater == adjudicator) {
		free(u->settled);
		u->settled = dup_col(st, 8);
	} else if (value && role && strcmp(role, "adjudicator") != 0 && sqlite3_column_int(st, 7)) {
		xgrow(&u->values, &u->cap, u->n + 1, sizeof(*u->values));
		u->values[u->n++] = (struct store_adjudication_value){ rater, dup_col(st, 5), xstrdup(value) };
	}
}

/* Where disagreement x is shown and what orders it: the item of the first
 * label of its unit in the round by another rater than the adjudicator. */
static enum status placed(struct store *s, sqlite3_stmt *st, int64_t round_id, const char *task,
			  int64_t adjudicator, struct found *x, struct error *err)
{
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, x->d.turn_id);
	sqlite3_bind_int64(st, 2, round_id);
	store_bind_text(st, 3, task);
	store_bind_text(st, 4, x->d.field->name);
	store_bind_text(st, 5, scheme_unit_name(x->d.field->unit));
	sqlite3_bind_int64(st, 6, x->d.unit_ref);
	sqlite3_bind_int64(st, 7, adjudicator);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW)
		return rc == SQLITE_DONE ? error_set(err, ST_STORE, "a disagreement has no label") :
			store_fail(s, err, "cannot read the round's labels");
	x->d.response_id = sqlite3_column_int64(st, 0);
	x->d.passage_rank = (long)sqlite3_column_int64(st, 1);
	x->conversation = sqlite3_column_int64(st, 2);
	x->position = sqlite3_column_int(st, 3);
	x->answer_order = sqlite3_column_int64(st, 4);
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

enum status store_adjudicate_list(struct store *s, int64_t round_id, const struct scheme *sc,
				  int64_t adjudicator_id, struct store_disagreements *out, struct error *err)
{
	memset(out, 0, sizeof(*out));
	sqlite3_stmt *cur, *where;
	enum status st = prepare(s, "SELECT l.turn_id, l.field, l.unit, l.unit_ref, l.rater_id, ra.name, ra.role, "
				 "ra.trusted, l.value FROM label l JOIN rater ra ON ra.id = l.rater_id "
				 "WHERE l.round_id = ?1 AND l.task = ?2 AND " STORE_LABEL_IS_CURRENT " "
				 "ORDER BY l.turn_id, l.field, l.unit, l.unit_ref, ra.name", &cur, err);
	if (st != ST_OK)
		return st;
	st = prepare(s, "SELECT l.response_id, l.passage_rank, t.conversation_id, t.position, "
		     STORE_ANSWER_ORDER("r") ", sy.name FROM label l JOIN response r ON r.id = l.response_id "
		     "JOIN turn t ON t.id = r.turn_id JOIN system sy ON sy.id = r.system_id "
		     "WHERE l.id = (SELECT min(x.id) FROM label x WHERE x.turn_id = ?1 AND x.round_id = ?2 "
		     "AND x.task = ?3 AND x.field = ?4 AND x.unit = ?5 AND x.unit_ref = ?6 AND x.rater_id <> ?7)",
		     &where, err);
	if (st != ST_OK) {
		sqlite3_finalize(cur);
		return st;
	}
	sqlite3_bind_int64(cur, 1, round_id);
	store_bind_text(cur, 2, sc->name);
	struct list l = { 0 };
	struct unit u = { 0 };
	int rc;
	while ((rc = sqlite3_step(cur)) == SQLITE_ROW)
		unit_row(&l, sc, &u, adjudicator_id, cur);
	unit_done(&l, sc, &u);
	if (rc != SQLITE_DONE)
		st = store_fail(s, err, "cannot read the round's labels");
	for (size_t i = 0; st == ST_OK && i < l.n; i++)
		st = placed(s, where, round_id, sc->name, adjudicator_id, &l.v[i], err);
	sqlite3_finalize(cur);
	sqlite3_finalize(where);
	if (st != ST_OK) {
		release_found(l.v, l.n);
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
	memset(d, 0, sizeof(*d));
}
