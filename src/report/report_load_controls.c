/* report_load_controls.c - the control assignments of the rounds: rows
 * given on a control item score the rater (section controls) and are left
 * out of the study's judgements. */
#include <stdlib.h>

#include "report_load.h"

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
int ld_control_row(const struct loader *l, const struct store_report_label *lr)
{
	struct store_report_control key = { lr->round_id, lr->rater_id, lr->response_id };
	return lr->round_id && l->n_controls &&
	       bsearch(&key, l->controls, l->n_controls, sizeof(key), cmp_control) != NULL;
}

enum status ld_load_controls(struct loader *l)
{
	enum status st = store_report_controls(l->store, on_control, l, l->err);
	if (st == ST_OK && l->n_controls > 1)   /* the store's order; sorted again to be sure of it */
		qsort(l->controls, l->n_controls, sizeof(*l->controls), cmp_control);
	return st;
}
