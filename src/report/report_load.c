/* report_load.c - the project in compact arrays (struct rp_data): the tasks
 * and their schemes, raters, items, their passages and gold, and each
 * rater's current labels, read in a few one-pass scans of the store (see
 * report_internal.h).
 *
 * A label row judges a unit and applies to every item of it: a turn's row
 * to every response of the turn, a passage's to every response of the turn
 * at each rank that holds the passage, an answer's to the responses of the
 * turn with the same answer key, a response's to the response. Rows come in
 * id order and each is applied to every item of its unit as it comes, so
 * every item of a unit ends with the unit's latest row: its value, wherever
 * it was given. The active seconds of a row count on the response where it
 * was given only. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/store_report.h"
#include "convqa/strbuf.h"
#include "report_internal.h"

/* ---- a string arena ---------------------------------------------------------- */

struct rp_arena {
	struct rp_arena *next;
	size_t used, cap;
	char data[];
};

char *rp_strdup(struct rp_data *d, const char *s)
{
	size_t n = strlen(s) + 1;
	struct rp_arena *a = d->arena;
	if (!a || a->cap - a->used < n) {
		size_t cap = n > 1 << 20 ? n : 1 << 20;
		a = xmalloc(sizeof(*a) + cap);
		a->cap = cap;
		a->used = 0;
		a->next = d->arena;
		d->arena = a;
	}
	char *p = memcpy(a->data + a->used, s, n);
	a->used += n;
	return p;
}

/* ---- fields ------------------------------------------------------------------ */

const struct scheme_field *rp_cat_field(const struct rp_data *d, enum rp_cat f)
{
	static const struct { enum model_task task; enum scheme_role role; } slots[RP_NCAT] = {
		[RP_INTENT] = { TASK_TURN, SROLE_INTENT },
		[RP_CORRECT] = { TASK_TURN, SROLE_CORRECTNESS },
		[RP_PLAUS] = { TASK_PLAUSIBILITY, SROLE_PLAUSIBILITY },
		[RP_FAITH] = { TASK_FAITHFULNESS, SROLE_FAITHFULNESS },
	};
	return scheme_field_by_role(d->tasks[slots[f].task].scheme, slots[f].role);
}

int rp_cat_code(const struct rp_data *d, enum rp_cat f, const char *value)
{
	const struct scheme_category *c = value ? scheme_category_find(rp_cat_field(d, f), value) : NULL;
	return c ? (int)(c - rp_cat_field(d, f)->categories) : -1;
}

/* The field of role r in the first task of shown that has one. */
static void find_role(struct rp_data *d, uint32_t shown, enum scheme_role r, struct rp_role *out)
{
	*out = (struct rp_role){ .task = -1, .cfield = -1, .slot = -1, .name = "", .threshold = 1 };
	for (size_t t = 0; t < d->n_tasks && out->task < 0; t++) {
		const struct scheme_field *f = scheme_field_by_role(d->tasks[t].scheme, r);
		if (!f || !(shown & (1u << t)))
			continue;
		*out = (struct rp_role){ (int)t, -1, -1, f, f->name, scheme_threshold(f), scheme_graded(f) };
		for (int c = 0; t < TASK__COUNT && c < RP_NCAT; c++)
			if (rp_cat_field(d, (enum rp_cat)c) == f)
				out->slot = c;
		for (size_t i = 0; t >= TASK__COUNT && i < d->n_cfields; i++)
			if (d->cfields[i].f == f) {
				out->cfield = (int)i;
				out->name = d->cfields[i].id;
			}
	}
}

void rp_find_roles(struct rp_data *d, uint32_t shown)
{
	find_role(d, shown, SROLE_RELEVANCE, &d->relevance);
	find_role(d, shown, SROLE_CORRECTNESS, &d->correctness);
	find_role(d, shown, SROLE_PLAUSIBILITY, &d->plausibility);
	find_role(d, shown, SROLE_FAITHFULNESS, &d->faithfulness);
}

/* ---- tasks and their schemes ---------------------------------------------------- */

static uint32_t mask_below(size_t n)
{
	return n >= 32 ? ~0u : (1u << n) - 1;
}

int rp_task_index(const struct rp_data *d, const char *name)
{
	for (size_t t = 0; t < d->n_tasks; t++)
		if (strcmp(d->tasks[t].name, name) == 0)
			return (int)t;
	return -1;
}

static enum status add_task(struct rp_data *d, struct scheme *sch, struct error *err)
{
	if (d->n_tasks == RP_MAX_TASKS) {
		scheme_free(sch);
		return error_set(err, ST_INPUT, "a report reads at most %d schemes; name the ones to report with --task",
				 RP_MAX_TASKS - TASK__COUNT);
	}
	size_t t = d->n_tasks++;
	d->tasks[t] = (struct rp_task){ sch->name, sch };
	if (t < TASK__COUNT)
		return ST_OK;   /* the built-in fields have slots of their own */
	for (size_t i = 0; i < sch->n_fields; i++) {
		const struct scheme_field *f = &sch->fields[i];
		if (f->type == TYPE_TEXT)
			continue;
		if (d->n_cfields == RP_MAX_CFIELDS)
			return error_set(err, ST_INPUT, "the schemes have more than %d fields with categories; name the "
					 "ones to report with --task", RP_MAX_CFIELDS);
		d->cfields = xrealloc(d->cfields, (d->n_cfields + 1) * sizeof(*d->cfields));
		struct rp_cfield *cf = &d->cfields[d->n_cfields++];
		struct strbuf id = STRBUF_INIT;
		strbuf_addf(&id, "%s/%s", sch->name, f->name);
		cf->task = (uint8_t)t;
		cf->per_passage = f->unit == UNIT_PASSAGE;
		cf->slot = (uint16_t)(cf->per_passage ? d->n_cf_passage++ : d->n_cf_item++);
		cf->f = f;
		cf->id = strbuf_detach(&id);
	}
	return ST_OK;
}

/* d->scheme_names: every task the project has a scheme of (a label of
 * another task is damage, not a task the report leaves out). */
static enum status scheme_names(struct store *s, struct rp_data *d, struct error *err)
{
	struct store_scheme_row *rows;
	size_t n;
	for (size_t i = 0; i < scheme_builtin_count(); i++)
		strmap_put(&d->scheme_names, scheme_builtin_name(i), 0, NULL);
	enum status st = store_scheme_list(s, &rows, &n, err);
	if (st != ST_OK)
		return st;
	for (size_t i = 0; i < n; i++)
		strmap_put(&d->scheme_names, rp_strdup(d, rows[i].name), 0, NULL);
	store_scheme_rows_free(rows, n);
	return ST_OK;
}

enum status rp_load_tasks(struct store *s, const struct report_options *o, struct rp_data *d, struct error *err)
{
	enum status st = scheme_names(s, d, err);
	struct strbuf names = STRBUF_INIT;
	for (size_t i = 0; st == ST_OK && i < scheme_builtin_count(); i++) {
		struct scheme *sch = NULL;
		st = scheme_builtin(scheme_builtin_name(i), &sch, err);
		if (st == ST_OK)
			st = add_task(d, sch, err);
	}
	if (st == ST_OK && o->n_schemes) {
		for (size_t i = 0; st == ST_OK && i < o->n_schemes; i++) {
			struct scheme *sch = NULL;
			if (rp_task_index(d, o->schemes[i]) >= 0)
				continue;   /* named twice, or a built-in */
			st = scheme_load(s, o->schemes[i], &sch, err);
			if (st == ST_OK)
				st = add_task(d, sch, err);
		}
	} else if (st == ST_OK) {
		/* every scheme of the project: their names after the built-ins' */
		st = scheme_all_names(s, &names, err);
		for (const char *p = strbuf_str(&names); st == ST_OK && *p;) {
			size_t len = strcspn(p, ",");
			char *name = xstrndup(p, len);
			struct scheme *sch = NULL;
			if (rp_task_index(d, name) < 0 && d->n_tasks < RP_MAX_TASKS) {
				st = scheme_find(s, name, &sch, err);
				if (st == ST_OK && sch)
					st = add_task(d, sch, err);
			}
			free(name);
			p += len;
			p += strspn(p, ", ");
		}
	}
	strbuf_release(&names);
	if (st != ST_OK)
		return st;
	if (!o->tasks && !o->n_schemes) {
		d->selected = mask_below(d->n_tasks);
	} else {
		d->selected = o->tasks & mask_below(TASK__COUNT);
		for (size_t i = 0; i < o->n_schemes; i++)
			d->selected |= 1u << rp_task_index(d, o->schemes[i]);
	}
	return ST_OK;
}

uint32_t rp_tasks_given(const struct report_options *o, const struct rp_data *d)
{
	return o->tasks || o->n_schemes ? d->selected : d->tasks_seen;
}

/* ---- project scheme codes and units ---------------------------------------------- */

size_t rp_cust_size(const struct rp_data *d, const struct rp_item *it)
{
	return d->n_cf_item + d->n_cf_passage * it->n_ranks;
}

long rp_cust_offset(const struct rp_data *d, const struct rp_item *it, const struct rp_cfield *cf, long rank)
{
	if (!cf->per_passage)
		return cf->slot;
	if (rank < 1 || (uint32_t)rank > it->n_ranks)
		return -1;
	return (long)(d->n_cf_item + (size_t)cf->slot * it->n_ranks) + rank - 1;
}

double rp_seconds(const struct rp_data *d, const struct rp_judgement *j, size_t task)
{
	if (task < TASK__COUNT)
		return j->seconds[task];
	return j->cust_seconds >= 0 ? d->cust_seconds[(size_t)j->cust_seconds + task - TASK__COUNT] : 0;
}

struct place {
	int64_t key;
	uint32_t at;
};

static int cmp_place(const void *pa, const void *pb)
{
	const struct place *a = pa, *b = pb;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return (a->at > b->at) - (a->at < b->at);
}

/* Mark first[at] for the first place of each key among places[0..n). */
static void mark_firsts(struct place *places, size_t n, uint8_t *first)
{
	if (n == 0)
		return;
	qsort(places, n, sizeof(*places), cmp_place);
	for (size_t i = 0; i < n; i++)
		first[places[i].at] = i == 0 || places[i].key != places[i - 1].key;
}

void rp_unit_places(struct rp_data *d, enum scheme_unit u)
{
	struct place *places = NULL;
	size_t cap = 0;
	if (u == UNIT_PASSAGE && d->passage_first)
		return;
	if (u == UNIT_ANSWER && d->answer_first)
		return;
	if (u != UNIT_PASSAGE && u != UNIT_ANSWER)
		return;
	if (u == UNIT_PASSAGE) {
		d->passage_first = xcalloc(d->n_passages + 1, 1);
	} else {
		d->answer_keys = xcalloc(d->n_items + 1, sizeof(*d->answer_keys));
		d->answer_first = xcalloc(d->n_items + 1, 1);
		for (size_t i = 0; i < d->n_items; i++)
			d->answer_keys[i] = store_answer_key(d->items[i].answer);
	}
	for (size_t t = 0; t < d->n_turns; t++) {
		const struct rp_turn *tu = &d->turns[t];
		size_t n = 0;
		for (uint32_t i = tu->first_item; i < tu->first_item + tu->n_items; i++) {
			const struct rp_item *it = &d->items[i];
			if (u == UNIT_ANSWER) {
				xgrow(&places, &cap, n + 1, sizeof(*places));
				places[n++] = (struct place){ d->answer_keys[i], i };
				continue;
			}
			for (uint32_t r = 0; r < it->n_ranks; r++) {
				if (!d->passages[it->ranks + r])
					continue;   /* a gap in the ranks: no passage */
				xgrow(&places, &cap, n + 1, sizeof(*places));
				places[n++] = (struct place){ d->passages[it->ranks + r], it->ranks + r };
			}
		}
		mark_firsts(places, n, u == UNIT_ANSWER ? d->answer_first : d->passage_first);
	}
	free(places);
}

int rp_unit_first(const struct rp_data *d, enum scheme_unit u, size_t item, long rank)
{
	const struct rp_item *it = &d->items[item];
	switch (u) {
	case UNIT_TURN:
		return d->turns[it->turn].first_item == item;
	case UNIT_PASSAGE:
		return rank >= 1 && (uint32_t)rank <= it->n_ranks && d->passage_first[it->ranks + (size_t)rank - 1];
	case UNIT_ANSWER:
		return d->answer_first[item];
	default:
		return 1;
	}
}

/* ---- loading -------------------------------------------------------------------- */

/* id -> index maps for dense integer row ids. */
struct idmap {
	int32_t *v;
	size_t cap;
};

static void idmap_set(struct idmap *m, int64_t id, int32_t index)
{
	if (id < 0)
		return;
	if ((size_t)id >= m->cap) {
		size_t old = m->cap, cap = old ? old : 1024;
		while (cap <= (size_t)id)
			cap *= 2;
		m->v = xrealloc(m->v, cap * sizeof(*m->v));
		for (size_t i = old; i < cap; i++)
			m->v[i] = -1;
		m->cap = cap;
	}
	m->v[id] = index;
}

static int32_t idmap_get(const struct idmap *m, int64_t id)
{
	return id >= 0 && (size_t)id < m->cap ? m->v[id] : -1;
}

struct loader {
	struct store_reader *store;
	struct rp_data *d;
	const struct report_options *o;
	struct idmap response, turn, rater, round, passage;   /* rater: -2 for a rater not selected */
	size_t cap_conv, cap_sys, cap_turns, cap_items, cap_pas, cap_gans, cap_gpas, cap_raters;
	size_t cap_j, cap_rel, cap_extras, cap_cust, cap_cust_sec;
	int64_t last_conv, last_turn, last_response;
	int64_t *turn_ids;         /* the row id of each turn of d->turns (messages) */
	size_t cap_turn_ids;
	struct error *err;
	enum status damaged;       /* ST_STORE once a callback found damage (err says where) */
	/* rows of the judgements that have rows in several rounds (merge_rounds) */
	struct round_row *rr;
	size_t n_rr, cap_rr;
	uint32_t seq;              /* rows seen so far */
	/* --round A,B: only the rows of these rounds */
	const int64_t *rounds;
	size_t n_rounds;
	/* blind (o->blind_for): other raters' rows of these open rounds are left out */
	int64_t viewer;
	const int64_t *open_rounds;
	size_t n_open;
	/* the control assignments, sorted: their rows are left out */
	struct store_report_control *controls;
	size_t n_controls, cap_controls;
};

/* Stop the scan: the project is damaged, as fmt says ("label 13: ..."). */
static int damaged(struct loader *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int damaged(struct loader *l, const char *fmt, ...)
{
	char what[sizeof(l->err->msg)];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	l->damaged = store_damaged(store_reader_path(l->store), l->err, "%s", what);
	return 1;
}

static int on_passage(int64_t id, void *data)
{
	struct loader *l = data;
	idmap_set(&l->passage, id, 1);
	return 0;
}

static int on_round(const struct store_report_round *r, void *data)
{
	struct loader *l = data;
	idmap_set(&l->round, r->id, 1);
	return 0;
}

static int on_rater(const struct store_report_rater *r, void *data)
{
	struct loader *l = data;
	struct rp_data *d = l->d;
	int wanted = l->o->n_raters == 0;
	for (size_t i = 0; i < l->o->n_raters && !wanted; i++)
		wanted = strcmp(l->o->raters[i], r->name) == 0;
	if (!wanted) {
		idmap_set(&l->rater, r->id, -2);
		return 0;
	}
	xgrow(&d->raters, &l->cap_raters, d->n_raters + 1, sizeof(*d->raters));
	struct rp_rater *ra = &d->raters[d->n_raters];
	ra->id = r->id;
	ra->name = rp_strdup(d, r->name);
	ra->adjudicator = r->role && strcmp(r->role, "adjudicator") == 0;
	ra->distrusted = !r->trusted;
	idmap_set(&l->rater, r->id, (int32_t)d->n_raters++);
	return 0;
}

static int on_item(const struct store_report_item *it, void *data)
{
	struct loader *l = data;
	struct rp_data *d = l->d;
	if (d->n_conversations == 0 || it->conversation_id != l->last_conv) {
		xgrow(&d->conversations, &l->cap_conv, d->n_conversations + 1, sizeof(*d->conversations));
		d->conversations[d->n_conversations++] = rp_strdup(d, it->conversation);
		l->last_conv = it->conversation_id;
	}
	if (d->n_turns == 0 || it->turn_id != l->last_turn) {
		xgrow(&d->turns, &l->cap_turns, d->n_turns + 1, sizeof(*d->turns));
		struct rp_turn *t = &d->turns[d->n_turns];
		memset(t, 0, sizeof(*t));
		t->conv = (uint32_t)(d->n_conversations - 1);
		t->position = it->position;
		t->gold_intent = RP_UNSET;
		t->rewrite = it->turn_rewrite ? rp_strdup(d, it->turn_rewrite) : NULL;
		if (it->gold_intent)
			t->gold_intent = (int8_t)rp_cat_code(d, RP_INTENT, it->gold_intent);
		t->first_item = (uint32_t)d->n_items;
		xgrow(&l->turn_ids, &l->cap_turn_ids, d->n_turns + 1, sizeof(*l->turn_ids));
		l->turn_ids[d->n_turns] = it->turn_id;
		idmap_set(&l->turn, it->turn_id, (int32_t)d->n_turns++);
		l->last_turn = it->turn_id;
		if (it->position > d->max_position)
			d->max_position = it->position;
	}
	size_t sys = 0;
	while (sys < d->n_systems && strcmp(d->systems[sys], it->system) != 0)
		sys++;
	if (sys == d->n_systems) {
		xgrow(&d->systems, &l->cap_sys, d->n_systems + 1, sizeof(*d->systems));
		d->systems[d->n_systems++] = rp_strdup(d, it->system);
	}
	xgrow(&d->items, &l->cap_items, d->n_items + 1, sizeof(*d->items));
	struct rp_item *item = &d->items[d->n_items];
	memset(item, 0, sizeof(*item));
	item->response_id = it->response_id;
	item->turn = (uint32_t)(d->n_turns - 1);
	item->system = (uint32_t)sys;
	item->answer = rp_strdup(d, it->answer ? it->answer : "");
	item->rewrite = it->rewrite ? rp_strdup(d, it->rewrite) : NULL;
	item->candidates = it->candidates ? rp_strdup(d, it->candidates) : NULL;
	item->first_j = -1;
	d->turns[d->n_turns - 1].n_items++;
	idmap_set(&l->response, it->response_id, (int32_t)d->n_items++);
	return 0;
}

static int on_ranked(const struct store_report_ranked *r, void *data)
{
	struct loader *l = data;
	struct rp_data *d = l->d;
	int32_t i = idmap_get(&l->response, r->response_id);
	if (i < 0)
		return damaged(l, "retrieved (response_id %lld, rank %ld): response_id %lld names no response",
			       (long long)r->response_id, r->rank, (long long)r->response_id);
	if (idmap_get(&l->passage, r->passage_id) < 0)
		return damaged(l, "retrieved (response_id %lld, rank %ld): passage_id %lld names no passage",
			       (long long)r->response_id, r->rank, (long long)r->passage_id);
	if (r->rank < 1 || r->rank > 100000)
		return 0;
	struct rp_item *it = &d->items[i];
	if (r->response_id != l->last_response) {
		it->ranks = (uint32_t)d->n_passages;
		it->n_ranks = 0;
		l->last_response = r->response_id;
	}
	while (it->n_ranks < (uint32_t)r->rank) {
		xgrow(&d->passages, &l->cap_pas, d->n_passages + 1, sizeof(*d->passages));
		d->passages[d->n_passages++] = 0;
		it->n_ranks++;
	}
	d->passages[it->ranks + (size_t)r->rank - 1] = r->passage_id;
	return 0;
}

static int on_gold_answer(const struct store_report_gold *g, void *data)
{
	struct loader *l = data;
	struct rp_data *d = l->d;
	int32_t t = idmap_get(&l->turn, g->turn_id);
	if (t < 0)
		return damaged(l, "gold_answer (turn_id %lld): turn_id %lld names no turn", (long long)g->turn_id,
			       (long long)g->turn_id);
	if (d->turns[t].n_gold_ans == 0)
		d->turns[t].gold_ans = (uint32_t)d->n_gold_answers;
	xgrow(&d->gold_answers, &l->cap_gans, d->n_gold_answers + 1, sizeof(*d->gold_answers));
	d->gold_answers[d->n_gold_answers++] = rp_strdup(d, g->answer);
	d->turns[t].n_gold_ans++;
	return 0;
}

/* A stable negative id for a passage ext id the collection does not hold. */
static int64_t unknown_passage(struct rp_data *d, const char *ext)
{
	size_t *slot = strmap_get(&d->unknown_ext, ext);
	if (slot)
		return -(int64_t)*slot - 1;
	char *name = rp_strdup(d, ext);
	d->unknown_names = xrealloc(d->unknown_names, (d->n_unknown + 1) * sizeof(*d->unknown_names));
	d->unknown_names[d->n_unknown] = name;
	strmap_put(&d->unknown_ext, name, d->n_unknown, NULL);
	return -(int64_t)d->n_unknown++ - 1;
}

static int on_gold_passage(const struct store_report_gold *g, void *data)
{
	struct loader *l = data;
	struct rp_data *d = l->d;
	int32_t t = idmap_get(&l->turn, g->turn_id);
	if (t < 0)
		return damaged(l, "gold_passage (turn_id %lld): turn_id %lld names no turn", (long long)g->turn_id,
			       (long long)g->turn_id);
	if (d->turns[t].n_gold_pas == 0)
		d->turns[t].gold_pas = (uint32_t)d->n_gold_passages;
	size_t cap = l->cap_gpas;
	xgrow(&d->gold_passages, &l->cap_gpas, d->n_gold_passages + 1, sizeof(*d->gold_passages));
	xgrow(&d->gold_grades, &cap, d->n_gold_passages + 1, sizeof(*d->gold_grades));
	d->gold_grades[d->n_gold_passages] = g->grade > INT32_MAX ? INT32_MAX : (int32_t)g->grade;
	d->gold_passages[d->n_gold_passages++] = g->passage_id ? g->passage_id : unknown_passage(d, g->passage_ext);
	d->turns[t].n_gold_pas++;
	return 0;
}

/* The task index of a row's task, -1 when the report does not know it:
 * the built-ins are at their enum model_task index (rp_load_tasks()). */
static int task_of(const struct rp_data *d, const char *task)
{
	return rp_task_index(d, task);
}

/* Fields: RP_* (the built-in categorical ones), F_NOTE (text: a note, or
 * a text field of a project scheme), F_RELEVANT, F_EXTRA, F_CUSTOM + i for
 * d->cfields[i]. */
enum { F_NOTE = RP_NCAT, F_RELEVANT, F_EXTRA, F_CUSTOM };

static int field_of(const struct rp_data *d, int task, const char *f)
{
	if (task < TASK__COUNT) {   /* a built-in's field with a slot of its own: by role */
		const struct scheme_field *sf = scheme_field_find(d->tasks[task].scheme, f);
		if (sf && sf->role == SROLE_RELEVANCE)
			return F_RELEVANT;
		for (int c = 0; sf && c < RP_NCAT; c++)
			if (rp_cat_field(d, (enum rp_cat)c) == sf)
				return c;
		if (task == TASK_TURN && sf && sf->role == SROLE_GOLD_PASSAGES)
			return F_EXTRA;
	} else {
		for (size_t i = 0; i < d->n_cfields; i++)
			if (d->cfields[i].task == task && strcmp(d->cfields[i].f->name, f) == 0)
				return F_CUSTOM + (int)i;
	}
	return F_NOTE;
}

static struct rp_judgement *judgement(struct loader *l, int32_t item, int32_t rater)
{
	struct rp_data *d = l->d;
	struct rp_item *it = &d->items[item];
	int32_t last = -1;
	for (int32_t k = it->first_j; k >= 0; k = d->judgements[k].next) {
		if (d->judgements[k].rater == rater)
			return &d->judgements[k];
		last = k;
	}
	xgrow(&d->judgements, &l->cap_j, d->n_judgements + 1, sizeof(*d->judgements));
	struct rp_judgement *j = &d->judgements[d->n_judgements];
	memset(j, 0, sizeof(*j));
	j->item = (uint32_t)item;
	j->rater = (uint16_t)rater;
	for (int f = 0; f < RP_NCAT; f++)
		j->code[f] = RP_UNSET;
	j->next = -1;
	j->rel = -1;
	j->extra = -1;
	j->cust = -1;
	j->cust_seconds = -1;
	/* appended at the chain's end (after the growth above moved the array) */
	if (last < 0)
		it->first_j = (int32_t)d->n_judgements;
	else
		d->judgements[last].next = (int32_t)d->n_judgements;
	d->n_judgements++;
	return j;
}

/* The code a row gives field f (RP_*, F_RELEVANT or F_CUSTOM + i): a
 * category or relevance code, RP_UNSET when the row clears it (or holds no
 * valid value). */
static int row_code(const struct rp_data *d, int f, const char *value)
{
	if (f >= F_CUSTOM) {
		const struct scheme_field *sf = d->cfields[f - F_CUSTOM].f;
		for (size_t c = 0; value && c < sf->n_categories; c++)
			if (strcmp(sf->categories[c].value, value) == 0)
				return (int)c;
		return RP_UNSET;
	}
	if (f < RP_NCAT) {
		int code = rp_cat_code(d, (enum rp_cat)f, value);
		return code < 0 ? RP_UNSET : code;
	}
	/* the built-in turn task's relevance field: its category index */
	const struct scheme_field *rel = scheme_field_by_role(d->tasks[TASK_TURN].scheme, SROLE_RELEVANCE);
	const struct scheme_category *c = value ? scheme_category_find(rel, value) : NULL;
	return c ? (int)(c - rel->categories) : RP_UNSET;
}

/* The relevance code of rank (1-based) of judgement j, allocating the
 * item's codes on first use; NULL when the item has no such rank. */
static int8_t *rel_slot(struct loader *l, struct rp_judgement *j, long rank)
{
	struct rp_data *d = l->d;
	const struct rp_item *it = &d->items[j->item];
	if (rank < 1 || (uint32_t)rank > it->n_ranks || !d->passages[it->ranks + (size_t)rank - 1])
		return NULL;   /* no such rank, or a gap in the ranks: no passage to judge */
	if (j->rel < 0) {
		xgrow(&d->rel_codes, &l->cap_rel, d->n_rel_codes + it->n_ranks, 1);
		memset(d->rel_codes + d->n_rel_codes, RP_UNSET, it->n_ranks);
		j->rel = (int32_t)d->n_rel_codes;
		d->n_rel_codes += it->n_ranks;
	}
	return &d->rel_codes[(size_t)j->rel + (size_t)rank - 1];
}

/* The code of project scheme field cf (at rank, for a passage field) of
 * judgement j, allocating its codes on first use; NULL when the item has
 * no such rank. */
static int8_t *cust_slot(struct loader *l, struct rp_judgement *j, const struct rp_cfield *cf, long rank)
{
	struct rp_data *d = l->d;
	const struct rp_item *it = &d->items[j->item];
	long off = rp_cust_offset(d, it, cf, rank);
	if (off < 0 || (cf->per_passage && !d->passages[it->ranks + (size_t)rank - 1]))
		return NULL;
	if (j->cust < 0) {
		size_t n = rp_cust_size(d, it);
		xgrow(&d->cust_codes, &l->cap_cust, d->n_cust_codes + n, 1);
		memset(d->cust_codes + d->n_cust_codes, RP_UNSET, n);
		j->cust = (int32_t)d->n_cust_codes;
		d->n_cust_codes += n;
	}
	return &d->cust_codes[(size_t)j->cust + (size_t)off];
}

/* An extra_gold value kept in d->extras: its index, or -1 when cleared. */
static int32_t extra_index(struct loader *l, const char *value)
{
	struct rp_data *d = l->d;
	if (!value || !*value)
		return -1;
	xgrow(&d->extras, &l->cap_extras, d->n_extras + 1, sizeof(*d->extras));
	d->extras[d->n_extras] = rp_strdup(d, value);
	return (int32_t)d->n_extras++;
}

/* Set (or with value NULL clear) field f (at rank) of judgement j. */
static void apply_value(struct loader *l, struct rp_judgement *j, int task, int f, long rank, const char *value)
{
	if (f == F_NOTE) {
		if (value)
			j->notes |= 1u << task;
		else
			j->notes &= ~(1u << task);
	} else if (f < RP_NCAT) {
		j->code[f] = (int8_t)row_code(l->d, f, value);
	} else if (f == F_RELEVANT) {
		int8_t *slot = rel_slot(l, j, rank);
		if (slot)
			*slot = (int8_t)row_code(l->d, f, value);
	} else if (f == F_EXTRA) {
		j->extra = extra_index(l, value);
	} else {
		int8_t *slot = cust_slot(l, j, &l->d->cfields[f - F_CUSTOM], rank);
		if (slot)
			*slot = (int8_t)row_code(l->d, f, value);
	}
}

/*
 * Without --round a rater's value is their most recent label over every
 * round that is not cleared. The last row of a key is that value, unless it
 * clears the key's label in one round while the label of another round
 * still holds a value. So the rows of a judgement that has rows in more than
 * one round are kept (from its first row in a second round on, after a
 * snapshot of its values then) and merged once the scan is done: per key,
 * the last row of each round, and of those the latest that holds a value.
 */
struct round_row {
	uint32_t j;            /* judgement */
	uint32_t seq;          /* order in the scan */
	int64_t round;
	int32_t rank;
	int32_t value;         /* code or extra index; RP_UNSET / -1 / 0: cleared */
	uint8_t task, field;   /* field: RP_* or F_* (F_CUSTOM + i < 256: RP_MAX_CFIELDS) */
};

static void keep_row(struct loader *l, uint32_t j, uint32_t seq, int64_t round, int task, int f, long rank,
		     int32_t value)
{
	xgrow(&l->rr, &l->cap_rr, l->n_rr + 1, sizeof(*l->rr));
	l->rr[l->n_rr++] = (struct round_row){ j, seq, round, (int32_t)rank, value, (uint8_t)task, (uint8_t)f };
}

static int cat_task(int f)
{
	return f == RP_PLAUS ? TASK_PLAUSIBILITY : f == RP_FAITH ? TASK_FAITHFULNESS : TASK_TURN;
}

/* The values judgement j holds now, as rows of round j->round, all older
 * than the row being read (seq). */
static void keep_snapshot(struct loader *l, struct rp_judgement *j, uint32_t seq)
{
	struct rp_data *d = l->d;
	const struct rp_item *it = &d->items[j->item];
	uint32_t ji = (uint32_t)(j - d->judgements);
	for (int f = 0; f < RP_NCAT; f++)
		if (j->code[f] >= 0)
			keep_row(l, ji, seq - 1, j->round, cat_task(f), f, 0, j->code[f]);
	for (uint32_t r = 0; j->rel >= 0 && r < it->n_ranks; r++)
		if (d->rel_codes[(size_t)j->rel + r] >= 0)
			keep_row(l, ji, seq - 1, j->round, TASK_TURN, F_RELEVANT, (long)r + 1,
				 d->rel_codes[(size_t)j->rel + r]);
	if (j->extra >= 0)
		keep_row(l, ji, seq - 1, j->round, TASK_TURN, F_EXTRA, 0, j->extra);
	for (size_t t = 0; t < d->n_tasks; t++)
		if (j->notes & (1u << t))
			keep_row(l, ji, seq - 1, j->round, (int)t, F_NOTE, 0, 1);
	for (size_t i = 0; j->cust >= 0 && i < d->n_cfields; i++) {
		const struct rp_cfield *cf = &d->cfields[i];
		for (long r = cf->per_passage ? 1 : 0; r <= (cf->per_passage ? (long)it->n_ranks : 0); r++) {
			int8_t code = d->cust_codes[(size_t)j->cust + (size_t)rp_cust_offset(d, it, cf, r)];
			if (code >= 0)
				keep_row(l, ji, seq - 1, j->round, cf->task, F_CUSTOM + (int)i, r, code);
		}
	}
}

static int holds_value(const struct round_row *r)
{
	return r->field == F_NOTE ? r->value == 1 : r->value >= 0;
}

static int cmp_round_row(const void *pa, const void *pb)
{
	const struct round_row *a = pa, *b = pb;
#define CMP(x) if (a->x != b->x) return a->x < b->x ? -1 : 1
	CMP(j);
	CMP(task);
	CMP(field);
	CMP(rank);
	CMP(round);
	CMP(seq);
#undef CMP
	return 0;
}

static void merge_rounds(struct loader *l)
{
	struct rp_data *d = l->d;
	if (l->n_rr == 0)
		return;
	qsort(l->rr, l->n_rr, sizeof(*l->rr), cmp_round_row);
	for (size_t a = 0; a < l->n_rr;) {
		struct rp_judgement *j = &d->judgements[l->rr[a].j];
		size_t end = a;
		while (end < l->n_rr && l->rr[end].j == l->rr[a].j)
			end++;
		for (int f = 0; f < RP_NCAT; f++)
			j->code[f] = RP_UNSET;
		if (j->rel >= 0)
			memset(d->rel_codes + j->rel, RP_UNSET, d->items[j->item].n_ranks);
		if (j->cust >= 0)
			memset(d->cust_codes + j->cust, RP_UNSET, rp_cust_size(d, &d->items[j->item]));
		j->extra = -1;
		j->notes = 0;
		while (a < end) {   /* one key */
			const struct round_row *k = &l->rr[a], *best = NULL;
			for (; a < end && l->rr[a].task == k->task && l->rr[a].field == k->field &&
			       l->rr[a].rank == k->rank; a++) {
				const struct round_row *r = &l->rr[a];
				int last_of_round = a + 1 == end || l->rr[a + 1].task != r->task ||
						    l->rr[a + 1].field != r->field || l->rr[a + 1].rank != r->rank ||
						    l->rr[a + 1].round != r->round;
				if (last_of_round && holds_value(r) && (!best || r->seq > best->seq))
					best = r;
			}
			if (!best)
				continue;
			if (best->field < RP_NCAT) {
				j->code[best->field] = (int8_t)best->value;
			} else if (best->field == F_RELEVANT) {
				int8_t *slot = rel_slot(l, j, best->rank);
				if (slot)
					*slot = (int8_t)best->value;
			} else if (best->field == F_EXTRA) {
				j->extra = best->value;
			} else if (best->field >= F_CUSTOM) {
				int8_t *slot = cust_slot(l, j, &d->cfields[best->field - F_CUSTOM], best->rank);
				if (slot)
					*slot = (int8_t)best->value;
			} else {
				j->notes |= 1u << best->task;
			}
		}
	}
}

/* Apply a row of task and field f to the judgement of rater on item (at
 * rank): set the value, or with rows in several rounds keep it for
 * merge_rounds(). */
static void apply_row(struct loader *l, uint32_t item, int32_t rater, int task, int f, long rank,
		      const struct store_report_label *lr, uint32_t seq)
{
	struct rp_judgement *j = judgement(l, (int32_t)item, rater);
	if (!j->tasks) {
		j->round = lr->round_id;   /* its first row */
	} else if (!j->multi_round && j->round != lr->round_id) {
		keep_snapshot(l, j, seq);
		j->multi_round = 1;
	}
	j->tasks |= 1u << task;
	if (!j->multi_round) {
		apply_value(l, j, task, f, rank, lr->value);
		return;
	}
	int32_t value = f == F_NOTE ? lr->value != NULL : f == F_EXTRA ? extra_index(l, lr->value)
								  : row_code(l->d, f, lr->value);
	keep_row(l, (uint32_t)(j - l->d->judgements), seq, lr->round_id, task, f, rank, value);
}

/* The seconds of a row count on the item where it was given. */
static void add_seconds(struct loader *l, uint32_t item, int32_t rater, int task, double seconds)
{
	struct rp_data *d = l->d;
	struct rp_judgement *j = judgement(l, (int32_t)item, rater);
	j->given |= 1u << task;
	if (task < TASK__COUNT) {
		j->seconds[task] += seconds;
		return;
	}
	if (j->cust_seconds < 0) {
		size_t n = d->n_tasks - TASK__COUNT;
		xgrow(&d->cust_seconds, &l->cap_cust_sec, d->n_cust_seconds + n, sizeof(*d->cust_seconds));
		memset(d->cust_seconds + d->n_cust_seconds, 0, n * sizeof(*d->cust_seconds));
		j->cust_seconds = (int32_t)d->n_cust_seconds;
		d->n_cust_seconds += n;
	}
	d->cust_seconds[(size_t)j->cust_seconds + (size_t)task - TASK__COUNT] += seconds;
}

static int in_ids(const int64_t *ids, size_t n, int64_t id)
{
	for (size_t i = 0; i < n; i++)
		if (ids[i] == id)
			return 1;
	return 0;
}

void rp_loader_rounds(struct rp_loader *ld, const int64_t *rounds, size_t n)
{
	struct loader *l = (struct loader *)ld;
	l->rounds = rounds;
	l->n_rounds = n;
}

void rp_loader_blind(struct rp_loader *ld, int64_t viewer, const int64_t *open_rounds, size_t n_open)
{
	struct loader *l = (struct loader *)ld;
	l->viewer = viewer;
	l->open_rounds = open_rounds;
	l->n_open = n_open;
}

static int on_control(const struct store_report_control *c, void *data)
{
	struct loader *l = data;
	xgrow(&l->controls, &l->cap_controls, l->n_controls + 1, sizeof(*l->controls));
	l->controls[l->n_controls++] = *c;
	return 0;
}

static int cmp_control(const void *pa, const void *pb)
{
	const struct store_report_control *a = pa, *b = pb;
#define CMP(x) if (a->x != b->x) return a->x < b->x ? -1 : 1
	CMP(round_id);
	CMP(rater_id);
	CMP(response_id);
#undef CMP
	return 0;
}

/* Whether row lr was given on a control item of its rater in its round: a
 * judgement that scores the rater against the known answers (section
 * controls), never one of the study's. */
static int control_row(const struct loader *l, const struct store_report_label *lr)
{
	struct store_report_control key = { lr->round_id, lr->rater_id, lr->response_id };
	return lr->round_id && l->n_controls &&
	       bsearch(&key, l->controls, l->n_controls, sizeof(key), cmp_control) != NULL;
}

static int on_label(const struct store_report_label *lr, void *data)
{
	struct loader *l = data;
	struct rp_data *d = l->d;
	int32_t rater = idmap_get(&l->rater, lr->rater_id);
	int32_t item = idmap_get(&l->response, lr->response_id);
	int32_t turn = idmap_get(&l->turn, lr->turn_id);
	int task = task_of(d, lr->task);
	uint32_t seq = ++l->seq;
	long long id = (long long)lr->id;
	if (rater == -1)
		return damaged(l, "label %lld: rater_id %lld names no rater", id, (long long)lr->rater_id);
	if (item < 0)
		return damaged(l, "label %lld: response_id %lld names no response", id, (long long)lr->response_id);
	if (turn < 0)
		return damaged(l, "label %lld: turn_id %lld names no turn", id, (long long)lr->turn_id);
	if ((uint32_t)turn != d->items[item].turn)
		return damaged(l, "label %lld: turn_id %lld is not the turn of response %lld (turn %lld)", id,
			       (long long)lr->turn_id, (long long)lr->response_id,
			       (long long)l->turn_ids[d->items[item].turn]);
	if (lr->round_id && idmap_get(&l->round, lr->round_id) < 0)
		return damaged(l, "label %lld: round_id %lld names no round", id, (long long)lr->round_id);
	if (task < 0 && !strmap_get(&d->scheme_names, lr->task))
		return damaged(l, "label %lld: task '%s' is no scheme of the project", id, lr->task);
	if (rater < 0 || task < 0 || !(d->selected & (1u << task)))
		return 0;
	if (l->viewer && lr->rater_id != l->viewer && lr->round_id && in_ids(l->open_rounds, l->n_open, lr->round_id))
		return 0;
	if (l->n_rounds && !in_ids(l->rounds, l->n_rounds, lr->round_id))
		return 0;
	if (control_row(l, lr)) {
		d->control_rows++;
		return 0;
	}
	d->label_rows++;
	d->tasks_seen |= 1u << task;
	int f = field_of(d, task, lr->field);
	const struct scheme *sch = d->tasks[task].scheme;
	if (f == F_NOTE && !scheme_field_find(sch, lr->field))
		return damaged(l, "label %lld: field '%s' is not a field of scheme %s", id, lr->field, sch->name);
	if (lr->value && f != F_NOTE && f != F_EXTRA && row_code(d, f, lr->value) == RP_UNSET)
		return damaged(l, "label %lld: value '%s' is not a category of %s/%s", id, lr->value, sch->name,
			       lr->field);
	/* each row: the active seconds since the previous save, on the item
	 * where it was given */
	add_seconds(l, (uint32_t)item, rater, task, lr->seconds);
	const struct rp_turn *tu = &d->turns[turn];
	switch (lr->unit) {
	case UNIT_TURN:
		for (uint32_t i = tu->first_item; i < tu->first_item + tu->n_items; i++)
			apply_row(l, i, rater, task, f, lr->passage_rank, lr, seq);
		break;
	case UNIT_PASSAGE:
		for (uint32_t i = tu->first_item; i < tu->first_item + tu->n_items; i++) {
			const struct rp_item *it = &d->items[i];
			for (uint32_t r = 0; r < it->n_ranks; r++)
				if (d->passages[it->ranks + r] == lr->unit_ref)
					apply_row(l, i, rater, task, f, (long)r + 1, lr, seq);
		}
		break;
	case UNIT_ANSWER:
		rp_unit_places(d, UNIT_ANSWER);
		for (uint32_t i = tu->first_item; i < tu->first_item + tu->n_items; i++)
			if (d->answer_keys[i] == lr->unit_ref)
				apply_row(l, i, rater, task, f, lr->passage_rank, lr, seq);
		break;
	default:
		apply_row(l, (uint32_t)item, rater, task, f, lr->passage_rank, lr, seq);
		break;
	}
	return 0;
}

int rp_judgement_labelled(const struct rp_data *d, const struct rp_judgement *j, uint32_t want)
{
	if ((want & (1u << TASK_TURN)) &&
	    (j->code[RP_INTENT] >= 0 || j->code[RP_CORRECT] >= 0 || j->extra >= 0))
		return 1;
	if ((want & (1u << TASK_PLAUSIBILITY)) && j->code[RP_PLAUS] >= 0)
		return 1;
	if ((want & (1u << TASK_FAITHFULNESS)) && j->code[RP_FAITH] >= 0)
		return 1;
	if (j->notes & want)
		return 1;
	const struct rp_item *it = &d->items[j->item];
	if ((want & (1u << TASK_TURN)) && j->rel >= 0)
		for (uint32_t r = 0; r < it->n_ranks; r++)
			if (d->rel_codes[(size_t)j->rel + r] != RP_UNSET)
				return 1;
	for (size_t i = 0; j->cust >= 0 && i < d->n_cfields; i++) {
		const struct rp_cfield *cf = &d->cfields[i];
		if (!(want & (1u << cf->task)))
			continue;
		for (long r = cf->per_passage ? 1 : 0; r <= (cf->per_passage ? (long)it->n_ranks : 0); r++)
			if (d->cust_codes[(size_t)j->cust + (size_t)rp_cust_offset(d, it, cf, r)] >= 0)
				return 1;
	}
	return 0;
}

enum status rp_load_items(struct store_reader *s, const struct report_options *o, struct rp_data *d,
			  struct rp_loader **out, struct error *err)
{
	struct loader *l = xcalloc(1, sizeof(*l));
	enum status st;
	*l = (struct loader){ .store = s, .d = d, .o = o, .err = err, .last_conv = -1, .last_turn = -1,
			      .last_response = -1 };
	*out = (struct rp_loader *)l;
	st = store_report_raters(s, on_rater, l, err);
	if (st == ST_OK)
		st = store_report_rounds(s, on_round, l, err);
	for (size_t i = 0; st == ST_OK && i < o->n_raters; i++) {
		size_t k = 0;
		while (k < d->n_raters && strcmp(d->raters[k].name, o->raters[i]) != 0)
			k++;
		if (k == d->n_raters)
			st = error_set(err, ST_INPUT, "no rater '%s' in the project", o->raters[i]);
	}
	if (st == ST_OK)
		st = store_report_items(s, on_item, l, err);
	if (st == ST_OK)
		st = store_report_passages(s, on_passage, l, err);
	if (st == ST_OK)
		st = store_report_retrieved(s, on_ranked, l, err);
	/* gold answers feed the automatic metrics, gold passages R */
	if (st == ST_OK && (rp_needs(o) & RP_NEED_GOLD_ANSWERS))
		st = store_report_gold_answers(s, on_gold_answer, l, err);
	if (st == ST_OK && (rp_needs(o) & RP_NEED_R))
		st = store_report_gold_passages(s, on_gold_passage, l, err);
	return st == ST_OK ? l->damaged : st;
}

/* A verdict (plausibility, faithfulness) judges an answer, and `sample
 * plausibility` puts each answer of a turn in a round once, for every
 * system that gave it (equal after the SQuAD normalisation). So a rater's
 * verdict counts for every response of the turn with the same answer on
 * which the rater has none of their own: credited, from the response first
 * imported (the lowest id) among those the rater judged. Agreement counts
 * the answer where it was judged only. */
static void credit_shared(struct loader *l)
{
	static const int verdicts[] = { RP_PLAUS, RP_FAITH };
	struct rp_data *d = l->d;
	int any = 0;
	for (size_t j = 0; j < d->n_judgements && !any; j++)
		any = d->judgements[j].code[RP_PLAUS] >= 0 || d->judgements[j].code[RP_FAITH] >= 0;
	if (!any)
		return;
	rp_unit_places(d, UNIT_ANSWER);
	uint32_t *by_id = NULL;
	size_t cap = 0;
	for (size_t t = 0; t < d->n_turns; t++) {
		const struct rp_turn *tu = &d->turns[t];
		if (tu->n_items < 2)
			continue;
		/* the turn's items in response id order (insertion sort: few) */
		xgrow(&by_id, &cap, tu->n_items, sizeof(*by_id));
		for (uint32_t k = 0; k < tu->n_items; k++) {
			uint32_t i = tu->first_item + k, at = k;
			while (at > 0 && d->items[by_id[at - 1]].response_id > d->items[i].response_id) {
				by_id[at] = by_id[at - 1];
				at--;
			}
			by_id[at] = i;
		}
		for (uint32_t a = 0; a < tu->n_items; a++) {
			uint32_t src = by_id[a];
			for (int32_t j = d->items[src].first_j; j >= 0; j = d->judgements[j].next) {
				for (size_t v = 0; v < ARRAY_SIZE(verdicts); v++) {
					int f = verdicts[v];
					const struct rp_judgement *js = &d->judgements[j];
					if (js->code[f] < 0 || (js->credited & (1u << f)))
						continue;
					for (uint32_t b = 0; b < tu->n_items; b++) {
						uint32_t to = tu->first_item + b;
						if (to == src || d->answer_keys[to] != d->answer_keys[src])
							continue;
						int8_t code = d->judgements[j].code[f];
						int task = f == RP_PLAUS ? TASK_PLAUSIBILITY : TASK_FAITHFULNESS;
						struct rp_judgement *jt = judgement(l, (int32_t)to, d->judgements[j].rater);
						if (jt->code[f] != RP_UNSET)
							continue;   /* the rater's own (or credited already) */
						jt->code[f] = code;
						jt->credited |= (uint8_t)(1u << f);
						jt->tasks |= 1u << task;
					}
				}
			}
		}
	}
	free(by_id);
}

enum status rp_load_labels(struct rp_loader *ld, int64_t round_id)
{
	struct loader *l = (struct loader *)ld;
	struct rp_data *d = l->d;
	enum status st = store_report_controls(l->store, on_control, l, l->err);
	if (st == ST_OK && l->n_controls > 1)   /* the store's order; sorted again to be sure of it */
		qsort(l->controls, l->n_controls, sizeof(*l->controls), cmp_control);
	if (st == ST_OK)
		st = store_report_labels(l->store, round_id, on_label, l, l->err);
	if (st == ST_OK)
		st = l->damaged;
	if (st == ST_OK) {
		merge_rounds(l);
		credit_shared(l);
	}
	/* an item is in the selection when it has a label there, not only
	 * label rows that were all cleared */
	for (size_t j = 0; st == ST_OK && j < d->n_judgements; j++)
		if (rp_judgement_labelled(d, &d->judgements[j], ~0u))
			d->items[d->judgements[j].item].in_round = 1;
	return st;
}

void rp_loader_free(struct rp_loader *ld)
{
	struct loader *l = (struct loader *)ld;
	if (!l)
		return;
	free(l->response.v);
	free(l->turn.v);
	free(l->rater.v);
	free(l->round.v);
	free(l->passage.v);
	free(l->turn_ids);
	free(l->rr);
	free(l->controls);
	free(l);
}

void rp_release(struct rp_data *d)
{
	for (size_t t = 0; t < d->n_tasks; t++)
		scheme_free(d->tasks[t].scheme);
	for (size_t i = 0; i < d->n_cfields; i++)
		free(d->cfields[i].id);
	free(d->cfields);
	free(d->passage_first);
	free(d->answer_keys);
	free(d->answer_first);
	free(d->cust_codes);
	free(d->cust_seconds);
	free(d->conversations);
	free(d->systems);
	free(d->turns);
	free(d->items);
	free(d->passages);
	free(d->gold_answers);
	free(d->gold_passages);
	free(d->gold_grades);
	free(d->raters);
	free(d->judgements);
	free(d->rel_codes);
	free(d->extras);
	free(d->unknown_names);
	strmap_release(&d->unknown_ext);
	strmap_release(&d->scheme_names);
	while (d->arena) {
		struct rp_arena *a = d->arena;
		d->arena = a->next;
		free(a);
	}
	memset(d, 0, sizeof(*d));
}

enum status rp_extra_ids(struct store_reader *s, struct rp_data *d, const char *value, int64_t **ids,
			 size_t *n, size_t *cap, struct error *err)
{
	const char *p = value;
	char buf[512];
	while (*p) {
		size_t len = strcspn(p, " ,\t\n");
		if (len > 0 && len < sizeof(buf)) {
			int64_t id = 0;
			memcpy(buf, p, len);
			buf[len] = '\0';
			enum status st = store_report_passage_id(s, buf, &id, err);
			if (st != ST_OK)
				return st;
			xgrow(ids, cap, *n + 1, sizeof(**ids));
			(*ids)[(*n)++] = id ? id : unknown_passage(d, buf);
		}
		p += len;
		p += strspn(p, " ,\t\n");
	}
	return ST_OK;
}
