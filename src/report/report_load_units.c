/* report_load_units.c - where a judgement's codes of project scheme fields
 * are, its active seconds, and the first item (or rank) of each unit of a
 * turn: a passage shown at several ranks, an answer given by several
 * systems. */
#include <stdlib.h>
#include <string.h>

#include "convqa/store.h"
#include "report_internal.h"

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
