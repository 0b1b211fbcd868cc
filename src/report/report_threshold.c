/* report_threshold.c - section automatic's table "thresholds"
 * (--threshold NAME=T): an imported score turned into a judgement of
 * correctness (correct at T or above) and compared with the raters like a
 * rater: Cohen's kappa against each rater and against the consensus on the
 * field of role correctness. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/agreement.h"
#include "convqa/strbuf.h"
#include "report_internal.h"

/* The other layer besides c->layer: of the raters when c->layer is a
 * consensus, else the majority's. */
static enum status other_layer(const struct rp_ctx *c, struct rp_layer *other)
{
	struct report_options o2 = *c->o;
	o2.sections = 0;   /* no R: the relevance is not read here */
	o2.consensus = rp_is_consensus(c->layer->kind) ? REPORT_CONSENSUS_NONE : REPORT_CONSENSUS_MAJORITY;
	return rp_layer_build(c->store, c->d, &o2, other, c->err);
}

/* The index of imported score name in im, or -1 (with the error set). */
static long score_index(const struct rp_ctx *c, const struct rp_imported *im, const char *name)
{
	for (size_t k = 0; k < im->n_names; k++)
		if (strcmp(im->names[k], name) == 0)
			return (long)k;
	struct strbuf sb = STRBUF_INIT;
	for (size_t k = 0; k < im->n_names; k++)
		strbuf_addf(&sb, "%s%s", k ? ", " : "", im->names[k]);
	error_set(c->err, ST_INPUT, "--threshold %s: the project has no imported score '%s' (%s%s)", name, name,
		  im->n_names ? "imported: " : "import one with convqa import-scores", strbuf_str(&sb));
	strbuf_release(&sb);
	return -1;
}

/* One row: the score's judgements (by item: 0, 1 or -1) against those of
 * rater (an index; -1: the layer's consensus) in L. */
static void kappa_row(const struct rp_ctx *c, struct rtable *t, const char *group, const int *judged,
		      const struct rp_layer *L, long rater)
{
	const struct rp_data *d = c->d;
	long table[4] = { 0 }, by_score = 0, by_rater = 0, n = 0;
	for (size_t i = 0; i < L->n_obs; i++) {
		const struct rp_obs *ob = &L->obs[i];
		int v = rp_correct_code(d, L, ob);
		if (ob->rater != rater || v < 0 || judged[ob->item] < 0)
			continue;
		int r = v >= d->correctness.threshold;
		table[judged[ob->item] * 2 + r]++;
		by_score += judged[ob->item];
		by_rater += r;
		n++;
	}
	if (n == 0)
		return;
	struct agreement_kappa k;
	struct rrow *row = rtable_row(t, group, n);
	rcell_num(row, 0, (double)by_score / (double)n, n);
	rcell_num(row, 1, (double)by_rater / (double)n, n);
	rcell_num(row, 2, (double)(table[0] + table[3]) / (double)n, n);
	if (agreement_cohen_kappa_table(table, 2, AGREEMENT_UNWEIGHTED, &k) != AGREEMENT_OK) {
		rcell_undef(row, 3, n, "%s", agreement_status_message(k.status));
		return;
	}
	rcell_num(row, 3, k.kappa, n);
	if (k.has_ci)
		rcell_ci(row, 3, k.ci_lo, k.ci_hi);
}

/* The rows of score k at threshold thr: per rater, then the consensus. */
static void score_rows(const struct rp_ctx *c, struct rtable *t, const struct rp_imported *im, size_t k,
		       double thr, int scope, const struct rp_layer *raters, const struct rp_layer *cons, int *judged)
{
	const struct rp_data *d = c->d;
	char group[600];
	for (size_t i = 0; i < d->n_items; i++) {
		double v = im->val[i * im->n_names + k];
		judged[i] = isnan(v) || (scope && !d->items[i].in_round) ? -1 : v >= thr;
	}
	for (size_t r = 0; r < d->n_raters; r++) {
		snprintf(group, sizeof(group), "%s >= %g / %s", im->names[k], thr, d->raters[r].name);
		kappa_row(c, t, group, judged, raters, (long)r);
	}
	snprintf(group, sizeof(group), "%s >= %g / %s", im->names[k], thr,
		 cons->kind == REPORT_CONSENSUS_ADJUDICATED ? "adjudicated" :
		 cons->kind == REPORT_CONSENSUS_DISCARD ? "discard" : "majority");
	kappa_row(c, t, group, judged, cons, -1);
}

enum status rp_threshold_table(const struct rp_ctx *c, struct rsection *sec, const struct rp_imported *im,
			       int scope)
{
	const struct report_options *o = c->o;
	if (o->n_thresholds == 0)
		return ST_OK;
	if (c->d->correctness.task < 0)
		return error_set(c->err, ST_INPUT, "--threshold: no task of the report has a field of role "
				 "correctness with labels (label the answers, or name the task with --task)");
	long idx[REPORT_MAX_THRESHOLDS];
	for (size_t j = 0; j < o->n_thresholds; j++)
		if ((idx[j] = score_index(c, im, o->threshold_names[j])) < 0)
			return ST_INPUT;
	struct rp_layer other;
	enum status st = other_layer(c, &other);
	if (st != ST_OK)
		return st;
	int cons_is_mine = rp_is_consensus(c->layer->kind);
	const struct rp_layer *raters = cons_is_mine ? &other : c->layer, *cons = cons_is_mine ? c->layer : &other;
	struct rtable *t = rsection_table(sec, "thresholds", "Thresholded scores against the raters",
					  "score >= threshold / rater", "items");
	rtable_col(t, "score_correct", "correct by score", RF_FRACTION, 0);
	rtable_col(t, "rater_correct", "correct by rater", RF_FRACTION, 0);
	rtable_col(t, "agreement", "agreement", RF_FRACTION, 0);
	rtable_col(t, "kappa", "Cohen's kappa", RF_FRACTION, 0);
	int *judged = xmalloc((c->d->n_items + 1) * sizeof(*judged));
	for (size_t j = 0; j < o->n_thresholds; j++)
		score_rows(c, t, im, (size_t)idx[j], o->threshold_values[j], scope, raters, cons, judged);
	free(judged);
	rtable_note(t, "--threshold NAME=T: an answer whose imported score NAME is T or above is judged correct "
		       "by the score, else incorrect; a rater's (or the consensus's) judgement: %s at %s or "
		       "above. Over the items that have the score and that judgement%s; agreement = the share of "
		       "those items judged alike; Cohen's kappa (unweighted, 2 categories) with a 95%% interval. "
		       "Consensus: %s; items without one are left out.", c->d->correctness.name,
		    c->d->correctness.f->categories[c->d->correctness.threshold].value,
		    scope ? " (with a label in the selection)" : "",
		    cons_is_mine ? "the --consensus layer" : "the raters' majority (a tie: no consensus)");
	if (t->n_rows == 0)
		rtable_note(t, "No row: no item has both a thresholded score and a judgement of %s.",
			    c->d->correctness.name);
	rp_layer_release(&other);
	return ST_OK;
}
