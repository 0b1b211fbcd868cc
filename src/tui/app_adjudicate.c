/* app_adjudicate.c - adjudication (convqa adjudicate): the round's
 * disagreements are the queue, each shown on its item and finished when it
 * is settled; the focus on the disputed passage, and which label requests
 * are of the dispute. */
#include <string.h>

#include "convqa/store.h"
#include "app_internal.h"
#include "tui_internal.h"

const struct store_disagreement *app_disagreement(const struct app *app)
{
	const struct store_disagreements *d = app->opt->adjudication;
	return d && app->cur < d->n ? &d->v[app->cur] : NULL;
}

void app_answer_place(const struct app *app, size_t pos, int *index, int *n)
{
	const struct store_disagreements *d = app->opt->adjudication;
	if (d && pos < d->n) {
		*index = d->v[pos].answer_index;
		*n = d->v[pos].n_answers;
	} else {
		store_queue_place(&app->queue, pos, index, n);
	}
}

void app_focus_disputed(struct app *app)
{
	struct turn_view *tv = app_turn(app);
	const struct store_disagreement *d = app_disagreement(app);
	for (size_t i = 0; d && d->passage_rank && i < app->item.n_passages; i++)
		if (app->item.passages[i].rank == d->passage_rank)
			tv->focus = (int)i;
	/* a field that shares its keys: they set it */
	const struct scheme_field *f = d ? scheme_field_find(app->scheme, d->field->name) : NULL;
	if (f && scheme_field_focused(app->scheme, f))
		app->field_focus = f;
}

/* Whether disagreement pos is settled by the adjudicator's labels l of its item. */
int app_settled(const struct app *app, size_t pos, const struct store_item_labels *l)
{
	const struct store_disagreement *d = &app->opt->adjudication->v[pos];
	return store_item_labels_get(l, d->field->name, d->passage_rank) != NULL;
}

/* Adjudication: the round's disagreements are the queue, each shown on
 * its item; a settled one is finished. */
enum status app_init_disagreements(struct app *app, struct error *err)
{
	const struct store_disagreements *d = app->opt->adjudication;
	struct store_queue *q = &app->queue;
	if (!d->n)
		return error_set(err, ST_INPUT, "round '%s' has nothing to adjudicate", app->opt->round);
	q->responses = xcalloc(d->n, sizeof(*q->responses));
	q->turns = xcalloc(d->n, sizeof(*q->turns));
	q->finished = xcalloc(d->n, 1);
	for (size_t i = 0; i < d->n; i++) {
		q->responses[i] = d->v[i].response_id;
		q->turns[i] = d->v[i].turn_id;
		q->finished[i] = d->v[i].settled != NULL;
		q->n_finished += q->finished[i];
	}
	q->n = q->w_n = d->n;
	return ST_OK;
}

/* Adjudication: whether label request r is of the field and passage in
 * dispute (the only label an adjudicator gives there). */
int app_disputed_label(const struct app *app, const struct request *r)
{
	const struct turn_view *tv = app_turn(app);
	const struct store_disagreement *d = app_disagreement(app);
	long rank = 0;
	if (strcmp(r->field->name, d->field->name) != 0)
		return 0;
	switch (r->kind) {
	case REQ_SET_VALUE:
		rank = r->field->unit == UNIT_PASSAGE && app->item.n_passages ? app->item.passages[tv->focus].rank : 0;
		break;
	case REQ_TOGGLE_RANK:
		rank = r->arg;
		break;
	case REQ_TOGGLE_FOCUSED:
		rank = app->item.n_passages ? app->item.passages[r->arg].rank : 0;
		break;
	default:
		return 0;   /* "-" judges every passage, a text field is never in dispute */
	}
	return rank == d->passage_rank;
}
