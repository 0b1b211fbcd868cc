/* report_load_credit.c - verdicts credited to the responses of a turn with
 * the same answer. */
#include <stdlib.h>

#include "convqa/store.h"
#include "report_load.h"

/* A verdict (plausibility, faithfulness) judges an answer, and `sample
 * plausibility` puts each answer of a turn in a round once, for every
 * system that gave it (equal after the SQuAD normalisation). So a rater's
 * verdict counts for every response of the turn with the same answer on
 * which the rater has none of their own: credited, from the response first
 * imported (the lowest id) among those the rater judged. Agreement counts
 * the answer where it was judged only. */
void ld_credit_shared(struct loader *l)
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
						struct rp_judgement *jt = ld_judgement(l, (int32_t)to, d->judgements[j].rater);
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
