/* report_load_rounds.c - a rater's rows of one key in several rounds,
 * merged. */
#include <stdlib.h>
#include <string.h>

#include "report_load.h"

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

void ld_keep_row(struct loader *l, uint32_t j, uint32_t seq, int64_t round, int task, int f, long rank,
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
void ld_keep_snapshot(struct loader *l, struct rp_judgement *j, uint32_t seq)
{
	struct rp_data *d = l->d;
	const struct rp_item *it = &d->items[j->item];
	uint32_t ji = (uint32_t)(j - d->judgements);
	for (int f = 0; f < RP_NCAT; f++)
		if (j->code[f] >= 0)
			ld_keep_row(l, ji, seq - 1, j->round, cat_task(f), f, 0, j->code[f]);
	for (uint32_t r = 0; j->rel >= 0 && r < it->n_ranks; r++)
		if (d->rel_codes[(size_t)j->rel + r] >= 0)
			ld_keep_row(l, ji, seq - 1, j->round, TASK_TURN, F_RELEVANT, (long)r + 1,
				 d->rel_codes[(size_t)j->rel + r]);
	if (j->extra >= 0)
		ld_keep_row(l, ji, seq - 1, j->round, TASK_TURN, F_EXTRA, 0, j->extra);
	for (size_t t = 0; t < d->n_tasks; t++)
		if (j->notes & (1u << t))
			ld_keep_row(l, ji, seq - 1, j->round, (int)t, F_NOTE, 0, 1);
	for (size_t i = 0; j->cust >= 0 && i < d->n_cfields; i++) {
		const struct rp_cfield *cf = &d->cfields[i];
		for (long r = cf->per_passage ? 1 : 0; r <= (cf->per_passage ? (long)it->n_ranks : 0); r++) {
			int8_t code = d->cust_codes[(size_t)j->cust + (size_t)rp_cust_offset(d, it, cf, r)];
			if (code >= 0)
				ld_keep_row(l, ji, seq - 1, j->round, cf->task, F_CUSTOM + (int)i, r, code);
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

void ld_merge_rounds(struct loader *l)
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
				int8_t *slot = ld_rel_slot(l, j, best->rank);
				if (slot)
					*slot = (int8_t)best->value;
			} else if (best->field == F_EXTRA) {
				j->extra = best->value;
			} else if (best->field >= F_CUSTOM) {
				int8_t *slot = ld_cust_slot(l, j, &d->cfields[best->field - F_CUSTOM], best->rank);
				if (slot)
					*slot = (int8_t)best->value;
			} else {
				j->notes |= 1u << best->task;
			}
		}
	}
}
