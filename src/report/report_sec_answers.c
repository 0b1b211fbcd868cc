/* report_sec_answers.c - section "answers": accuracy of the field of role
 * correctness (correct: its threshold or above) with its Wilson interval,
 * overall and per breakdown. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/metrics_stats.h"
#include "report_internal.h"

struct acc {
	long n, correct, no_consensus;
};

static void accuracy_row(struct rtable *t, const char *group, const struct acc *a, int consensus, const char *field)
{
	struct rrow *row = rtable_row(t, group, a->n);
	double lo, hi;
	rcell_count(row, 0, a->correct);
	if (a->n == 0) {
		if (a->no_consensus)
			rcell_undef(row, 1, 0, "no consensus on any %s label", field);
		else
			rcell_undef(row, 1, 0, "no %s labels", field);
	} else {
		rcell_num(row, 1, (double)a->correct / (double)a->n, a->n);
		if (metrics_wilson_interval(a->correct, a->n, METRICS_Z95, &lo, &hi) == METRICS_OK)
			rcell_ci(row, 1, lo, hi);
	}
	if (consensus)
		rcell_count(row, 2, a->no_consensus);
}

static struct rtable *accuracy_table(const struct rp_ctx *c, struct rsection *sec, const char *id,
				     const char *title, const char *by, unsigned flags)
{
	struct rtable *t = rsection_table(sec, id, title, by, rp_unit_name(c));
	rtable_col(t, "correct", "correct", RF_COUNT, 0);
	rtable_col(t, "accuracy", "accuracy", RF_FRACTION, flags);
	if (rp_is_consensus(c->layer->kind))
		rtable_col(t, "no_consensus", "no consensus", RF_COUNT, 0);
	return t;
}

enum status rp_answers(struct rp_ctx *c)
{
	const struct rp_layer *L = c->layer;
	int consensus = rp_is_consensus(L->kind);
	const struct rp_role *role = &c->d->correctness;
	const struct scheme_field *f = role->f;
	char *title = xasprintf("Answers: accuracy of %s", role->name);
	struct rsection *sec = report_section(c->r, "answers", title);
	struct acc all = { 0 }, *acc[RP_N_GROUPINGS] = { 0 };
	char name[256];

	free(title);
	if (f->type == TYPE_BINARY && role->threshold == 1)
		rsection_note(sec, "Accuracy = share of %s = %s (%s) among the %s that have the label; "
				   "95%% confidence interval by the Wilson score method.", role->name,
			      f->categories[1].value, f->categories[1].label, rp_unit_name(c));
	else
		rsection_note(sec, "Accuracy = share of %s at %s (the threshold) or above among the %s that have "
				   "the label; 95%% confidence interval by the Wilson score method.", role->name,
			      f->categories[role->threshold].value, rp_unit_name(c));
	for (size_t g = 0; g < RP_N_GROUPINGS; g++)
		if (rp_grouping_wanted(c, g))
			acc[g] = xcalloc(rp_n_groups(c, rp_groupings[g].by) + 1, sizeof(*acc[g]));
	for (size_t i = 0; i < L->n_obs; i++) {
		const struct rp_obs *ob = &L->obs[i];
		int v = rp_correct_code(c->d, L, ob);
		if (v == RP_UNSET)
			continue;
		struct acc *cells[RP_N_GROUPINGS + 1];
		size_t nc = 0;
		cells[nc++] = &all;
		for (size_t g = 0; g < RP_N_GROUPINGS; g++) {
			long gr = acc[g] ? rp_group_of(c, rp_groupings[g].by, ob) : -1;
			if (gr >= 0)
				cells[nc++] = &acc[g][gr];
		}
		for (size_t k = 0; k < nc; k++) {
			if (v == RP_NO_CONSENSUS) {
				cells[k]->no_consensus++;
			} else {
				cells[k]->n++;
				cells[k]->correct += v >= role->threshold;
			}
		}
	}
	struct rtable *t = accuracy_table(c, sec, "overall", "Overall", "", 0);
	accuracy_row(t, "all", &all, consensus, role->name);
	for (size_t g = 0; g < RP_N_GROUPINGS; g++) {
		if (!acc[g])
			continue;
		t = accuracy_table(c, sec, rp_groupings[g].table, rp_groupings[g].title, rp_groupings[g].label,
				   rp_groupings[g].by & (REPORT_BY_TURN | REPORT_BY_SYSTEM_TURN) ? RCOL_CHART : 0);
		for (size_t k = 0; k < rp_n_groups(c, rp_groupings[g].by); k++) {
			if (acc[g][k].n == 0 && acc[g][k].no_consensus == 0)
				continue;
			rp_group_name(c, rp_groupings[g].by, k, name, sizeof(name));
			accuracy_row(t, name, &acc[g][k], consensus, role->name);
		}
		if (rp_groupings[g].by == REPORT_BY_INTENT)
			rtable_note(t, "Intent: the intent label of the same layer, else the turn's gold intent.");
		free(acc[g]);
	}
	rp_by_rater_note(c, sec);
	if (consensus)
		rsection_note(sec, "Items without consensus on %s: %ld (left out of the accuracy, "
				   "counted in column \"no consensus\").", role->name,
			      role->cfield < 0 ? L->no_consensus[RP_CORRECT] : all.no_consensus);
	if (L->kind == REPORT_CONSENSUS_ADJUDICATED && role->cfield < 0)
		rsection_note(sec, "Values settled by an adjudicator: %ld.", L->adjudicated[RP_CORRECT]);
	return ST_OK;
}

