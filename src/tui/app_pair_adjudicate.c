/* app_pair_adjudicate.c - adjudication of a pairwise round (convqa
 * adjudicate): the round's disagreements over pairs (store_adjudicate_list
 * compares the raters' labels of unit 'pair', normalised to the systems,
 * per field) become the pair session's queue, item i disagreement i, all
 * of it in the window. Which answer is shown left (on top) is drawn as for
 * a rater: alternating along the adjudicator's queue, from a start their
 * id chooses, so that each side holds either system about half the time.
 * An item is done when the adjudicator has a value of its disputed field;
 * that value, saved as their label of the pair in the round, is the
 * settled preference (report --consensus adjudicated). */
#include <stdlib.h>
#include <string.h>

#include "app_internal.h"
#include "convqa/store.h"
#include "convqa/store_pair.h"
#include "tui_internal.h"

const struct scheme_field *app_pair_disputed(const struct app *app)
{
	const struct store_disagreement *d = app_disagreement(app);
	return d ? scheme_field_find(app->scheme, d->field->name) : NULL;
}

/* Disagreement i as an item of the pair session. */
static enum status item_of(struct app *app, size_t i, struct store_pair_item *it, struct error *err)
{
	const struct store_disagreement *d = &app->opt->adjudication->v[i];
	int64_t a, b;
	enum status st = store_pair_responses(app->store, d->unit_ref, &a, &b, err);
	if (st != ST_OK)
		return st;
	const struct scheme_field *f = scheme_field_find(app->scheme, d->field->name);
	it->pair_id = d->unit_ref;
	it->turn_id = d->turn_id;
	it->a_first = (i + (size_t)app->opt->rater_id) % 2 == 0;
	it->left = it->a_first ? a : b;
	it->right = it->a_first ? b : a;
	it->seq = (long)i + 1;
	it->n_values = app->scheme->n_fields;
	it->values = xcalloc(it->n_values + 1, sizeof(*it->values));
	if (f && d->settled)
		it->values[f - app->scheme->fields] = xstrdup(d->settled);
	it->done = d->settled != NULL;
	return ST_OK;
}

enum status app_pair_read_disagreements(struct app *app, struct error *err)
{
	struct pair_session *p = app->pairs;
	const struct store_disagreements *d = app->opt->adjudication;
	if (!d->n)
		return error_set(err, ST_INPUT, "round '%s' has nothing to adjudicate", app->opt->round);
	p->items = xcalloc(d->n, sizeof(*p->items));
	p->base = 0;
	p->n = d->n;
	p->n_done = 0;
	enum status st = ST_OK;
	for (size_t i = 0; st == ST_OK && i < d->n; i++) {
		st = item_of(app, i, &p->items[i], err);
		p->n_win = i + 1;
		p->n_done += p->items[i].done;
	}
	return st;
}

size_t app_pair_next_unsettled(const struct app *app, size_t from)
{
	const struct pair_session *p = app->pairs;
	for (size_t k = 0; k < p->n; k++) {
		size_t i = (from + k) % p->n;
		if (!p->items[i].done)
			return i;
	}
	return p->n;
}
