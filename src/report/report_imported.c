/* report_imported.c - the scores imported with convqa import-scores in
 * section automatic: their mean per system and by turn depth (the
 * correlation with the raters: report_sec_automatic.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/store_report.h"
#include "report_internal.h"

/* An item's response id and index, sorted by response id. */
struct by_response {
	int64_t response_id;
	uint32_t item;
};

struct load_ctx {
	const struct rp_data *d;
	struct rp_imported *im;
	struct by_response *index;
	size_t cap_names;
};

static int cmp_response(const void *a, const void *b)
{
	int64_t x = ((const struct by_response *)a)->response_id, y = ((const struct by_response *)b)->response_id;
	return (x > y) - (x < y);
}

/* A score row: a new name makes a new column of NAN (ordered by name). */
static int on_score(const struct store_report_score *sc, void *ctx)
{
	struct load_ctx *l = ctx;
	struct rp_imported *im = l->im;
	size_t ni = l->d->n_items;
	if (!im->n_names || strcmp(im->names[im->n_names - 1], sc->name) != 0) {
		xgrow(&im->names, &l->cap_names, im->n_names + 1, sizeof(*im->names));
		im->names[im->n_names++] = xstrdup(sc->name);
		im->val = xrealloc(im->val, (ni + 1) * im->n_names * sizeof(double));
		for (size_t i = ni + 1; i-- > 0;)   /* widen rows: item i's block moves to i * n_names */
			for (size_t k = im->n_names; k-- > 0;)
				im->val[i * im->n_names + k] = k + 1 == im->n_names ? NAN : im->val[i * (im->n_names - 1) + k];
	}
	struct by_response key = { sc->response_id, 0 };
	const struct by_response *hit = bsearch(&key, l->index, ni, sizeof(key), cmp_response);
	if (hit)   /* else an item the report leaves out */
		im->val[hit->item * im->n_names + im->n_names - 1] = sc->value;
	return 0;
}

enum status rp_imported_load(const struct rp_ctx *c, struct rp_imported *im)
{
	const struct rp_data *d = c->d;
	struct load_ctx l = { d, im, xcalloc(d->n_items + 1, sizeof(struct by_response)), 0 };
	*im = (struct rp_imported){ 0 };
	for (size_t i = 0; i < d->n_items; i++)
		l.index[i] = (struct by_response){ d->items[i].response_id, (uint32_t)i };
	qsort(l.index, d->n_items, sizeof(*l.index), cmp_response);
	enum status st = store_report_scores(c->store, on_score, &l, c->err);
	free(l.index);
	return st;
}

void rp_imported_release(struct rp_imported *im)
{
	for (size_t k = 0; k < im->n_names; k++)
		free(im->names[k]);
	free(im->names);
	free(im->val);
}

/* A row of means: sum[k] / n[k] per score, "no item" where none. */
static void mean_row(struct rtable *t, const char *group, const double *sum, const long *n, size_t n_names)
{
	long most = 0;
	for (size_t k = 0; k < n_names; k++)
		most = n[k] > most ? n[k] : most;
	struct rrow *row = rtable_row(t, group, most);
	for (size_t k = 0; k < n_names; k++)
		if (n[k])
			rcell_num(row, (int)k, sum[k] / (double)n[k], n[k]);
		else
			rcell_undef(row, (int)k, 0, "no item with this score");
}

static struct rtable *means_table(struct rsection *sec, const char *id, const char *title, const char *label,
				  const struct rp_imported *im)
{
	char col[300];
	struct rtable *t = rsection_table(sec, id, title, label, "items");
	for (size_t k = 0; k < im->n_names; k++) {
		snprintf(col, sizeof(col), "score:%s", im->names[k]);
		rtable_col(t, col, im->names[k], RF_FRACTION, 0);
	}
	return t;
}

/* Sums and counts per group g (groups x systems + 1, all last) of the
 * items in scope. */
static void accumulate(const struct rp_ctx *c, const struct rp_imported *im, int scope, int by_turn, double *sum,
		       long *n)
{
	const struct rp_data *d = c->d;
	size_t ns = d->n_systems, nk = im->n_names;
	for (size_t i = 0; i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		if (scope && !it->in_round)
			continue;
		size_t g = by_turn ? (size_t)d->turns[it->turn].position - 1 : 0;
		for (size_t k = 0; k < nk; k++) {
			double v = im->val[i * nk + k];
			if (isnan(v))
				continue;
			for (size_t s = 0; s < 2; s++) {
				size_t at = (g * (ns + 1) + (s ? ns : it->system)) * nk + k;
				sum[at] += v;
				n[at]++;
			}
		}
	}
}

static void fill_means(const struct rp_ctx *c, struct rtable *t, const struct rp_imported *im, int scope,
		       int by_turn)
{
	const struct rp_data *d = c->d;
	size_t ns = d->n_systems, nk = im->n_names, ng = by_turn ? (size_t)d->max_position : 1;
	double *sum = xcalloc(ng * (ns + 1) * nk + 1, sizeof(double));
	long *n = xcalloc(ng * (ns + 1) * nk + 1, sizeof(long));
	char name[300];
	accumulate(c, im, scope, by_turn, sum, n);
	for (size_t g = 0; g < ng; g++)
		for (size_t s = 0; s <= ns; s++) {
			size_t at = (g * (ns + 1) + s) * nk, any = 0;
			for (size_t k = 0; k < nk; k++)
				any += (size_t)n[at + k];
			if (!any && (s < ns || by_turn))
				continue;
			const char *sys = s < ns ? d->systems[s] : "all";
			if (by_turn)
				snprintf(name, sizeof(name), "%zu / %s", g + 1, sys);
			mean_row(t, by_turn ? name : sys, sum + at, n + at, nk);
		}
	free(sum);
	free(n);
}

void rp_imported_tables(const struct rp_ctx *c, struct rsection *sec, const struct rp_imported *im, int scope)
{
	if (!im->n_names)
		return;
	struct rtable *t = means_table(sec, "imported", "Imported scores: mean per system", "system", im);
	fill_means(c, t, im, scope, 0);
	if (c->o->by & REPORT_BY_TURN) {
		t = means_table(sec, "imported_by_turn", "Imported scores by turn depth", "turn depth / system", im);
		fill_means(c, t, im, scope, 1);
	}
	rsection_note(sec, "Imported scores (convqa import-scores): computed elsewhere, one number per response; the "
			   "mean over the items that have the score%s (items: the most of any score in the row). "
			   "Their correlation with answer_correct is computed as the metrics' (rows score:NAME).",
		      scope ? " and a label in the selection" : "");
}
