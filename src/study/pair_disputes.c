/* pair_disputes.c - the disagreements of a pairwise round and how many an
 * adjudicator settled (pair_disputes.h): the list adjudicate walks, read
 * once without an adjudicator and once per adjudicator of the project; a
 * disagreement is settled when any of them has a value of it (matched by
 * turn, pair and field: each list has its adjudicator's order). */
#include <stdio.h>
#include <stdlib.h>

#include "convqa/pair_disputes.h"
#include "convqa/scheme.h"
#include "convqa/store.h"
#include "convqa/store_rater.h"
#include "convqa/strmap.h"

static char *key_of(const struct store_disagreement *x)
{
	return xasprintf("%lld:%lld:%s", (long long)x->turn_id, (long long)x->unit_ref, x->field->name);
}

/* The disagreements adjudicator id settled, marked in settled[] (by
 * their place in the list m indexes). */
static enum status mark_settled(struct store *s, int64_t round_id, const struct scheme *sc, int64_t id,
				const struct strmap *m, unsigned char *settled, struct error *err)
{
	struct store_disagreements d;
	enum status st = store_adjudicate_list(s, round_id, sc, id, &d, err);
	for (size_t i = 0; st == ST_OK && i < d.n; i++) {
		if (!d.v[i].settled)
			continue;
		char *k = key_of(&d.v[i]);
		size_t *at = strmap_get(m, k);
		if (at)
			settled[*at] = 1;
		free(k);
	}
	store_disagreements_release(&d);
	return st;
}

enum status pair_disputes_count(struct store *s, int64_t round_id, const struct scheme *sc,
				struct pair_disputes *out, struct error *err)
{
	struct store_disagreements d;
	struct store_rater *raters = NULL;
	size_t n_raters = 0;
	*out = (struct pair_disputes){ 0 };
	enum status st = store_adjudicate_list(s, round_id, sc, 0, &d, err);
	if (st != ST_OK)
		return st;
	out->units = d.units;
	out->n = (long)d.n;
	struct strmap m = STRMAP_INIT;
	char **keys = xcalloc(d.n + 1, sizeof(*keys));
	unsigned char *settled = xcalloc(d.n + 1, 1);
	for (size_t i = 0; i < d.n; i++) {
		keys[i] = key_of(&d.v[i]);
		strmap_put(&m, keys[i], i, NULL);
	}
	if (d.n)
		st = store_rater_list(s, &raters, &n_raters, err);
	for (size_t i = 0; st == ST_OK && i < n_raters; i++)
		if (raters[i].role == ROLE_ADJUDICATOR)
			st = mark_settled(s, round_id, sc, raters[i].id, &m, settled, err);
	for (size_t i = 0; i < d.n; i++) {
		out->settled += settled[i];
		free(keys[i]);
	}
	store_rater_rows_free(raters, n_raters);
	strmap_release(&m);
	free(keys);
	free(settled);
	store_disagreements_release(&d);
	return st;
}
