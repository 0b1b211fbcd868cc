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

/* Disagreement i as an item of the pair session; shown is the number of
 * pairs before it (a pair in dispute in several fields is shown the same
 * way each time: the caller copies a_first). */
static enum status item_of(struct app *app, size_t i, size_t shown, struct store_pair_item *it, struct error *err)
{
	const struct store_disagreement *d = &app->opt->adjudication->v[i];
	int64_t a, b;
	enum status st = store_pair_responses(app->store, d->unit_ref, &a, &b, err);
	if (st != ST_OK)
		return st;
	const struct scheme_field *f = scheme_field_find(app->scheme, d->field->name);
	it->pair_id = d->unit_ref;
	it->turn_id = d->turn_id;
	it->a_first = (shown + (size_t)app->opt->rater_id) % 2 == 0;
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

static void item_sides(struct store_pair_item *it, int a_first)
{
	if (it->a_first == a_first)
		return;
	int64_t t = it->left;
	it->left = it->right;
	it->right = t;
	it->a_first = a_first;
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
	size_t pairs = 0;
	for (size_t i = 0; st == ST_OK && i < d->n; i++) {
		size_t seen = i;   /* the pair's first disagreement, of the same turn */
		for (size_t j = i; j-- > 0 && d->v[j].turn_id == d->v[i].turn_id;)
			if (d->v[j].unit_ref == d->v[i].unit_ref)
				seen = j;
		st = item_of(app, i, pairs, &p->items[i], err);
		p->n_win = i + 1;
		if (st != ST_OK)
			break;
		if (seen == i)
			pairs++;
		else   /* as that one shows it */
			item_sides(&p->items[i], p->items[seen].a_first);
		p->n_done += p->items[i].done;
	}
	/* a pair in dispute in several fields shows each one settled (they are of one turn, together) */
	for (size_t i = 0, from = 0; st == ST_OK && i < d->n; i++) {
		while (d->v[from].turn_id != d->v[i].turn_id)
			from++;
		for (size_t j = from; j < d->n && d->v[j].turn_id == d->v[i].turn_id; j++) {
			const struct scheme_field *f = scheme_field_find(app->scheme, d->v[j].field->name);
			char **slot = f ? &p->items[i].values[f - app->scheme->fields] : NULL;
			if (j != i && slot && d->v[j].unit_ref == d->v[i].unit_ref && d->v[j].settled && !*slot)
				*slot = xstrdup(d->v[j].settled);
		}
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

void app_pair_settled_elsewhere(struct app *app, const struct store_pair_item *it, const struct scheme_field *f,
				const char *value)
{
	struct pair_session *p = app->pairs;
	size_t k = (size_t)(f - app->scheme->fields);
	for (size_t i = 0; i < p->n_win; i++) {
		struct store_pair_item *x = &p->items[i];
		if (x == it || x->pair_id != it->pair_id || k >= x->n_values)
			continue;
		free(x->values[k]);
		x->values[k] = value ? xstrdup(value) : NULL;
	}
}
