/* report_load.c - the project in compact arrays (struct rp_data): raters,
 * items, their passages and gold, and each rater's current labels, read in
 * a few one-pass scans of the store (see report_internal.h). */
#include <stdlib.h>
#include <string.h>

#include "convqa/store_report.h"
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

const struct model_field *rp_cat_field(enum rp_cat f)
{
	static const struct model_field *fields[RP_NCAT];
	static const struct { enum model_task task; const char *name; } names[RP_NCAT] = {
		[RP_INTENT] = { TASK_TURN, "intent" },
		[RP_CORRECT] = { TASK_TURN, "answer_correct" },
		[RP_PLAUS] = { TASK_PLAUSIBILITY, "plausibility" },
		[RP_FAITH] = { TASK_FAITHFULNESS, "faithfulness" },
	};
	if (!fields[f])
		fields[f] = model_field_find(names[f].task, names[f].name);
	return fields[f];
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
	struct idmap response, turn, rater;
	size_t cap_conv, cap_sys, cap_turns, cap_items, cap_pas, cap_gans, cap_gpas, cap_raters;
	size_t cap_j, cap_rel, cap_extras;
	int64_t last_conv, last_turn, last_response;
	const char *missing_rater;
	int failed;
	struct error *err;
	/* rows of the judgements that have rows in several rounds (merge_rounds) */
	struct round_row *rr;
	size_t n_rr, cap_rr;
	uint32_t seq;              /* rows seen so far */
};

static int on_rater(const struct store_report_rater *r, void *data)
{
	struct loader *l = data;
	struct rp_data *d = l->d;
	int wanted = l->o->n_raters == 0;
	for (size_t i = 0; i < l->o->n_raters && !wanted; i++)
		wanted = strcmp(l->o->raters[i], r->name) == 0;
	if (!wanted)
		return 0;
	xgrow(&d->raters, &l->cap_raters, d->n_raters + 1, sizeof(*d->raters));
	struct rp_rater *ra = &d->raters[d->n_raters];
	ra->id = r->id;
	ra->name = rp_strdup(d, r->name);
	ra->adjudicator = r->role && strcmp(r->role, "adjudicator") == 0;
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
		if (it->gold_intent)
			t->gold_intent = (int8_t)model_value_index(rp_cat_field(RP_INTENT), it->gold_intent);
		t->first_item = (uint32_t)d->n_items;
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
	if (i < 0 || r->rank < 1 || r->rank > 100000)
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
	if (t < 0 || !g->answer)
		return 0;
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
	if (t < 0 || !g->passage_ext)
		return 0;
	if (d->turns[t].n_gold_pas == 0)
		d->turns[t].gold_pas = (uint32_t)d->n_gold_passages;
	xgrow(&d->gold_passages, &l->cap_gpas, d->n_gold_passages + 1, sizeof(*d->gold_passages));
	d->gold_passages[d->n_gold_passages++] = g->passage_id ? g->passage_id : unknown_passage(d, g->passage_ext);
	d->turns[t].n_gold_pas++;
	return 0;
}

static int task_of(const char *task)
{
	switch (task[0]) {
	case 't':
		return strcmp(task, "turn") == 0 ? TASK_TURN : -1;
	case 'p':
		return strcmp(task, "plausibility") == 0 ? TASK_PLAUSIBILITY : -1;
	case 'f':
		return strcmp(task, "faithfulness") == 0 ? TASK_FAITHFULNESS : -1;
	}
	return -1;
}

enum { F_NOTE = RP_NCAT, F_RELEVANT, F_EXTRA };

static int field_of(int task, const char *f)
{
	if (task == TASK_TURN) {
		if (strcmp(f, "relevant") == 0)
			return F_RELEVANT;
		if (strcmp(f, "answer_correct") == 0)
			return RP_CORRECT;
		if (strcmp(f, "intent") == 0)
			return RP_INTENT;
		if (strcmp(f, "extra_gold") == 0)
			return F_EXTRA;
	} else if (task == TASK_PLAUSIBILITY && strcmp(f, "plausibility") == 0) {
		return RP_PLAUS;
	} else if (task == TASK_FAITHFULNESS && strcmp(f, "faithfulness") == 0) {
		return RP_FAITH;
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
	/* appended at the chain's end (after the growth above moved the array) */
	if (last < 0)
		it->first_j = (int32_t)d->n_judgements;
	else
		d->judgements[last].next = (int32_t)d->n_judgements;
	d->n_judgements++;
	return j;
}

/* The code a row gives field f (RP_* or F_RELEVANT): a category or
 * relevance code, RP_UNSET when the row clears it (or holds no valid value). */
static int row_code(int f, const char *value)
{
	if (f < RP_NCAT) {
		int code = model_value_index(rp_cat_field((enum rp_cat)f), value);
		return code < 0 ? RP_UNSET : code;
	}
	if (!value)
		return RP_UNSET;
	return strcmp(value, "1") == 0 ? 1 : strcmp(value, "0") == 0 ? 0 : RP_UNSET;
}

/* The relevance code of rank (1-based) of judgement j, allocating the
 * item's codes on first use; NULL when the item has no such rank. */
static int8_t *rel_slot(struct loader *l, struct rp_judgement *j, long rank)
{
	struct rp_data *d = l->d;
	const struct rp_item *it = &d->items[j->item];
	if (rank < 1 || (uint32_t)rank > it->n_ranks)
		return NULL;
	if (j->rel < 0) {
		xgrow(&d->rel_codes, &l->cap_rel, d->n_rel_codes + it->n_ranks, 1);
		memset(d->rel_codes + d->n_rel_codes, RP_UNSET, it->n_ranks);
		j->rel = (int32_t)d->n_rel_codes;
		d->n_rel_codes += it->n_ranks;
	}
	return &d->rel_codes[(size_t)j->rel + (size_t)rank - 1];
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

/* Set (or with value NULL clear) a field of judgement j. */
static void apply_value(struct loader *l, struct rp_judgement *j, int task, const struct store_report_label *lr)
{
	int f = field_of(task, lr->field);
	if (f == F_NOTE) {
		if (lr->value)
			j->notes |= (uint8_t)(1u << task);
		else
			j->notes &= (uint8_t)~(1u << task);
	} else if (f < RP_NCAT) {
		j->code[f] = (int8_t)row_code(f, lr->value);
	} else if (f == F_RELEVANT) {
		int8_t *slot = rel_slot(l, j, lr->passage_rank);
		if (slot)
			*slot = (int8_t)row_code(f, lr->value);
	} else if (f == F_EXTRA) {
		j->extra = extra_index(l, lr->value);
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
	uint8_t task, field;   /* field: RP_* or F_* */
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
	uint32_t ji = (uint32_t)(j - d->judgements);
	for (int f = 0; f < RP_NCAT; f++)
		if (j->code[f] >= 0)
			keep_row(l, ji, seq - 1, j->round, cat_task(f), f, 0, j->code[f]);
	for (uint32_t r = 0; j->rel >= 0 && r < d->items[j->item].n_ranks; r++)
		if (d->rel_codes[(size_t)j->rel + r] >= 0)
			keep_row(l, ji, seq - 1, j->round, TASK_TURN, F_RELEVANT, (long)r + 1,
				 d->rel_codes[(size_t)j->rel + r]);
	if (j->extra >= 0)
		keep_row(l, ji, seq - 1, j->round, TASK_TURN, F_EXTRA, 0, j->extra);
	for (int t = 0; t < TASK__COUNT; t++)
		if (j->notes & (1u << t))
			keep_row(l, ji, seq - 1, j->round, t, F_NOTE, 0, 1);
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
			} else {
				j->notes |= (uint8_t)(1u << best->task);
			}
		}
	}
}

static int on_label(const struct store_report_label *lr, void *data)
{
	struct loader *l = data;
	struct rp_data *d = l->d;
	int32_t rater = idmap_get(&l->rater, lr->rater_id);
	int32_t item = idmap_get(&l->response, lr->response_id);
	int task = task_of(lr->task);
	uint32_t seq = ++l->seq;
	if (rater < 0 || item < 0 || task < 0 || (l->o->tasks && !(l->o->tasks & (1u << task))))
		return 0;
	d->label_rows++;
	d->tasks_seen |= 1u << task;
	struct rp_judgement *j = judgement(l, item, rater);
	if (!j->tasks) {
		j->round = lr->round_id;   /* its first row */
	} else if (!j->multi_round && j->round != lr->round_id) {
		keep_snapshot(l, j, seq);
		j->multi_round = 1;
	}
	j->tasks |= (uint8_t)(1u << task);
	j->seconds[task] += lr->seconds;   /* each row: seconds since the previous save */
	if (!j->multi_round) {
		apply_value(l, j, task, lr);
		return 0;
	}
	int f = field_of(task, lr->field);
	int32_t value = f == F_NOTE ? lr->value != NULL : f == F_EXTRA ? extra_index(l, lr->value)
									    : row_code(f, lr->value);
	keep_row(l, (uint32_t)(j - d->judgements), seq, lr->round_id, task, f, lr->passage_rank, value);
	return 0;
}

int rp_judgement_labelled(const struct rp_data *d, const struct rp_judgement *j, int task)
{
	unsigned want = task < 0 ? ~0u : 1u << task;
	if ((want & (1u << TASK_TURN)) &&
	    (j->code[RP_INTENT] >= 0 || j->code[RP_CORRECT] >= 0 || j->extra >= 0))
		return 1;
	if ((want & (1u << TASK_PLAUSIBILITY)) && j->code[RP_PLAUS] >= 0)
		return 1;
	if ((want & (1u << TASK_FAITHFULNESS)) && j->code[RP_FAITH] >= 0)
		return 1;
	if (j->notes & want)
		return 1;
	if ((want & (1u << TASK_TURN)) && j->rel >= 0)
		for (uint32_t r = 0; r < d->items[j->item].n_ranks; r++)
			if (d->rel_codes[(size_t)j->rel + r] != RP_UNSET)
				return 1;
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
	memset(d, 0, sizeof(*d));
	st = store_report_raters(s, on_rater, l, err);
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
		st = store_report_retrieved(s, on_ranked, l, err);
	/* gold answers feed the automatic metrics, gold passages R */
	if (st == ST_OK && (rp_needs(o) & RP_NEED_GOLD_ANSWERS))
		st = store_report_gold_answers(s, on_gold_answer, l, err);
	if (st == ST_OK && (rp_needs(o) & RP_NEED_R))
		st = store_report_gold_passages(s, on_gold_passage, l, err);
	return st;
}

enum status rp_load_labels(struct rp_loader *ld, int64_t round_id)
{
	struct loader *l = (struct loader *)ld;
	struct rp_data *d = l->d;
	enum status st = store_report_labels(l->store, round_id, on_label, l, l->err);
	if (st == ST_OK)
		merge_rounds(l);
	/* an item is in the selection when it has a label there, not only
	 * label rows that were all cleared */
	for (size_t j = 0; st == ST_OK && j < d->n_judgements; j++)
		if (rp_judgement_labelled(d, &d->judgements[j], -1))
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
	free(l->rr);
	free(l);
}

void rp_release(struct rp_data *d)
{
	free(d->conversations);
	free(d->systems);
	free(d->turns);
	free(d->items);
	free(d->passages);
	free(d->gold_answers);
	free(d->gold_passages);
	free(d->raters);
	free(d->judgements);
	free(d->rel_codes);
	free(d->extras);
	free(d->unknown_names);
	strmap_release(&d->unknown_ext);
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
