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
#include <stdlib.h>
#include <string.h>

#include "convqa/store.h"
#include "convqa/store_report.h"
#include "report_load.h"


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

/* ---- loading -------------------------------------------------------------------- */


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
	int32_t i = ld_idmap_get(&l->response, r->response_id);
	if (i < 0)
		return ld_damaged(l, "retrieved (response_id %lld, rank %ld): response_id %lld names no response",
			       (long long)r->response_id, r->rank, (long long)r->response_id);
	if (ld_idmap_get(&l->passage, r->passage_id) < 0)
		return ld_damaged(l, "retrieved (response_id %lld, rank %ld): passage_id %lld names no passage",
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
	int32_t t = ld_idmap_get(&l->turn, g->turn_id);
	if (t < 0)
		return ld_damaged(l, "gold_answer (turn_id %lld): turn_id %lld names no turn", (long long)g->turn_id,
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
	int32_t t = ld_idmap_get(&l->turn, g->turn_id);
	if (t < 0)
		return ld_damaged(l, "gold_passage (turn_id %lld): turn_id %lld names no turn", (long long)g->turn_id,
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

enum status rp_load_labels(struct rp_loader *ld, int64_t round_id)
{
	struct loader *l = (struct loader *)ld;
	struct rp_data *d = l->d;
	enum status st = ld_load_controls(l);
	if (st == ST_OK)
		st = store_report_labels(l->store, round_id, ld_on_label, l, l->err);
	if (st == ST_OK)
		st = l->damaged;
	if (st == ST_OK) {
		ld_merge_rounds(l);
		ld_credit_shared(l);
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
	free(l->memo);
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

