/* report_load_apply.c - a label row onto the judgements of its unit (see
 * report_load.c): the field it sets, the code of its value, the slots of
 * relevance and project scheme codes, active seconds. */
#include <stdlib.h>
#include <string.h>

#include "convqa/scheme_read.h"
#include "report_load.h"

/* The task index of a row's task, -1 when the report does not know it:
 * the built-ins are at their enum model_task index (rp_load_tasks()). */
static int task_of(const struct rp_data *d, const char *task)
{
	return rp_task_index(d, task);
}

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

struct rp_judgement *ld_judgement(struct loader *l, int32_t item, int32_t rater)
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
int ld_row_code(const struct rp_data *d, int f, const char *value)
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
	const struct scheme_field *rel = d->turn_relevance ? d->turn_relevance
				       : scheme_field_by_role(d->tasks[TASK_TURN].scheme, SROLE_RELEVANCE);
	const struct scheme_category *c = value ? scheme_category_find(rel, value) : NULL;
	return c ? (int)(c - rel->categories) : RP_UNSET;
}

/* The relevance code of rank (1-based) of judgement j, allocating the
 * item's codes on first use; NULL when the item has no such rank. */
int8_t *ld_rel_slot(struct loader *l, struct rp_judgement *j, long rank)
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
int8_t *ld_cust_slot(struct loader *l, struct rp_judgement *j, const struct rp_cfield *cf, long rank)
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
int32_t ld_extra_index(struct loader *l, const char *value)
{
	struct rp_data *d = l->d;
	if (!value || !*value)
		return -1;
	xgrow(&d->extras, &l->cap_extras, d->n_extras + 1, sizeof(*d->extras));
	d->extras[d->n_extras] = rp_strdup(d, value);
	return (int32_t)d->n_extras++;
}

/* Set (or with value NULL clear) field f (at rank) of judgement j. */
static void apply_value(struct loader *l, struct rp_judgement *j, int task, int f, long rank, const char *value,
			int code)
{
	if (f == F_NOTE) {
		if (value)
			j->notes |= 1u << task;
		else
			j->notes &= ~(1u << task);
	} else if (f < RP_NCAT) {
		j->code[f] = (int8_t)code;
	} else if (f == F_RELEVANT) {
		int8_t *slot = ld_rel_slot(l, j, rank);
		if (slot)
			*slot = (int8_t)code;
	} else if (f == F_EXTRA) {
		j->extra = ld_extra_index(l, value);
	} else {
		int8_t *slot = ld_cust_slot(l, j, &l->d->cfields[f - F_CUSTOM], rank);
		if (slot)
			*slot = (int8_t)code;
	}
}

/* Apply a row of task and field f to the judgement of rater on item (at
 * rank): set the value, or with rows in several rounds keep it for
 * ld_merge_rounds(). */
static void apply_row(struct loader *l, uint32_t item, int32_t rater, int task, int f, long rank,
		      const struct store_report_label *lr, uint32_t seq, int code)
{
	struct rp_judgement *j = ld_judgement(l, (int32_t)item, rater);
	if (!j->tasks) {
		j->round = lr->round_id;   /* its first row */
	} else if (!j->multi_round && j->round != lr->round_id) {
		ld_keep_snapshot(l, j, seq);
		j->multi_round = 1;
	}
	j->tasks |= 1u << task;
	if (!j->multi_round) {
		apply_value(l, j, task, f, rank, lr->value, code);
		return;
	}
	int32_t value = f == F_NOTE ? lr->value != NULL : f == F_EXTRA ? ld_extra_index(l, lr->value) : code;
	ld_keep_row(l, (uint32_t)(j - l->d->judgements), seq, lr->round_id, task, f, rank, value);
}

/* The seconds of a row count on the item where it was given. */
static void add_seconds(struct loader *l, uint32_t item, int32_t rater, int task, double seconds)
{
	struct rp_data *d = l->d;
	struct rp_judgement *j = ld_judgement(l, (int32_t)item, rater);
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
/* The memo of the texts of lr's pack (emptied at each new pack), NULL for
 * a row read from the table. */
static struct ld_memo *memo_of(struct loader *l, const struct store_report_label *lr)
{
	if (!lr->dict)
		return NULL;
	if (lr->dict != l->memo_dict) {
		xgrow(&l->memo, &l->cap_memo, lr->dict_size + 1, sizeof(*l->memo));
		for (uint32_t i = 0; i < lr->dict_size; i++)
			l->memo[i] = (struct ld_memo){ LD_MEMO_UNKNOWN, LD_MEMO_UNKNOWN, LD_MEMO_UNKNOWN,
						       LD_MEMO_UNKNOWN, LD_MEMO_UNKNOWN };
		l->memo_dict = lr->dict;
	}
	return l->memo;
}

static int memo_task(const struct rp_data *d, struct ld_memo *m, const struct store_report_label *lr)
{
	if (!m)
		return task_of(d, lr->task);
	if (m[lr->task_sid].task == LD_MEMO_UNKNOWN)
		m[lr->task_sid].task = task_of(d, lr->task);
	return m[lr->task_sid].task;
}

static int memo_field(const struct rp_data *d, struct ld_memo *m, int task, const struct store_report_label *lr)
{
	if (!m)
		return field_of(d, task, lr->field);
	struct ld_memo *e = &m[lr->field_sid];
	if (e->f_task != task) {
		e->f_task = task;
		e->f = field_of(d, task, lr->field);
	}
	return e->f;
}

/* The code of lr's value in field f (RP_UNSET for a note, extra or NULL). */
static int memo_code(const struct rp_data *d, struct ld_memo *m, int f, const struct store_report_label *lr)
{
	if (f == F_NOTE || f == F_EXTRA || !lr->value)
		return RP_UNSET;
	if (!m)
		return ld_row_code(d, f, lr->value);
	struct ld_memo *e = &m[lr->value_sid - 1];
	if (e->v_f != f) {
		e->v_f = f;
		e->code = ld_row_code(d, f, lr->value);
	}
	return e->code;
}

int ld_on_label(const struct store_report_label *lr, void *data)
{
	struct loader *l = data;
	struct rp_data *d = l->d;
	int32_t rater = ld_idmap_get(&l->rater, lr->rater_id);
	int32_t item = ld_idmap_get(&l->response, lr->response_id);
	int32_t turn = ld_idmap_get(&l->turn, lr->turn_id);
	struct ld_memo *memo = memo_of(l, lr);
	int task = memo_task(d, memo, lr);
	uint32_t seq = ++l->seq;
	if (ld_label_damaged(l, lr, rater, item, turn, task))
		return 1;
	if (rater < 0 || task < 0 || !(d->selected & (1u << task)))
		return 0;
	if (l->viewer && lr->rater_id != l->viewer && lr->round_id && in_ids(l->open_rounds, l->n_open, lr->round_id))
		return 0;
	if (l->n_rounds && !in_ids(l->rounds, l->n_rounds, lr->round_id))
		return 0;
	if (ld_control_row(l, lr)) {
		d->control_rows++;
		return 0;
	}
	d->label_rows++;
	d->tasks_seen |= 1u << task;
	int f = memo_field(d, memo, task, lr);
	int code = memo_code(d, memo, f, lr);   /* once a row, or once a pack */
	if (ld_value_damaged(l, lr, task, f, code))
		return 1;
	/* each row: the active seconds since the previous save, on the item
	 * where it was given */
	add_seconds(l, (uint32_t)item, rater, task, lr->seconds);
	const struct rp_turn *tu = &d->turns[turn];
	switch (lr->unit) {
	case UNIT_TURN:
		for (uint32_t i = tu->first_item; i < tu->first_item + tu->n_items; i++)
			apply_row(l, i, rater, task, f, lr->passage_rank, lr, seq, code);
		break;
	case UNIT_PASSAGE:
		for (uint32_t i = tu->first_item; i < tu->first_item + tu->n_items; i++) {
			const struct rp_item *it = &d->items[i];
			for (uint32_t r = 0; r < it->n_ranks; r++)
				if (d->passages[it->ranks + r] == lr->unit_ref)
					apply_row(l, i, rater, task, f, (long)r + 1, lr, seq, code);
		}
		break;
	case UNIT_ANSWER:
		rp_unit_places(d, UNIT_ANSWER);
		for (uint32_t i = tu->first_item; i < tu->first_item + tu->n_items; i++)
			if (d->answer_keys[i] == lr->unit_ref)
				apply_row(l, i, rater, task, f, lr->passage_rank, lr, seq, code);
		break;
	default:
		apply_row(l, (uint32_t)item, rater, task, f, lr->passage_rank, lr, seq, code);
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
