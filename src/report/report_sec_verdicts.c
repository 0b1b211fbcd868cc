/* report_sec_verdicts.c - section "verdicts": the counts per value of the
 * fields of roles plausibility and faithfulness (the SCAI-QReCC per-run
 * table), with the share of each one's first value (plausible, faithful). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/metrics_stats.h"
#include "report_internal.h"

/* The verdict fields: d->plausibility and d->faithfulness, those a task
 * shown has (role->task >= 0). */
#define N_VERDICTS 2

static void verdict_roles(const struct rp_data *d, const struct rp_role *roles[N_VERDICTS])
{
	roles[0] = &d->plausibility;
	roles[1] = &d->faithfulness;
}

struct vacc {
	long counts[N_VERDICTS][SCHEME_MAX_CATEGORIES], noc[N_VERDICTS];
};

/* Counts of each value, the items without consensus, and the share of the
 * first value (plausible, faithful) with its Wilson interval; returns the
 * next column. */
static int verdict_cells(struct rrow *row, int col, const long *counts, int k, long no_consensus,
			 int consensus, const char *none)
{
	long n = 0;
	double lo, hi;
	for (int i = 0; i < k; i++) {
		rcell_count(row, col++, counts[i]);
		n += counts[i];
	}
	if (consensus)
		rcell_count(row, col++, no_consensus);
	if (n) {
		rcell_num(row, col, (double)counts[0] / (double)n, n);
		if (metrics_wilson_interval(counts[0], n, METRICS_Z95, &lo, &hi) == METRICS_OK)
			rcell_ci(row, col, lo, hi);
	} else {
		rcell_undef(row, col, 0, "%s", no_consensus ? "no consensus on any of them" : none);
	}
	return col + 1;
}

static void verdict_row(struct rtable *t, const char *group, const struct vacc *a, int consensus,
			const struct rp_role *const roles[N_VERDICTS])
{
	struct rrow *row = rtable_row(t, group, -1);
	int col = 0;
	for (int v = 0; v < N_VERDICTS; v++) {
		if (roles[v]->task < 0)
			continue;
		char none[SCHEME_MAX_NAME + 32];
		snprintf(none, sizeof(none), "no %s labels", roles[v]->f->name);
		col = verdict_cells(row, col, a->counts[v], (int)roles[v]->f->n_categories, a->noc[v], consensus, none);
	}
}

/* A column of verdict field f: its id is value and suffix, or FIELD/ before
 * them when the table has that id already (both verdict fields have the
 * category). */
static void verdict_col(struct rtable *t, const struct scheme_field *f, const char *value, const char *suffix,
			const char *label, enum rfmt fmt)
{
	char *id = xasprintf("%s%s", value, suffix);
	if (rtable_col_index(t, id) >= 0) {
		free(id);
		id = xasprintf("%s/%s%s", f->name, value, suffix);
	}
	rtable_col(t, id, label, fmt, 0);
	free(id);
}

/* The columns of a verdict field: a count per category (its value as the
 * column id), no consensus, the share of the first category. */
static void verdict_cols(struct rtable *t, const struct scheme_field *f, int consensus)
{
	for (size_t i = 0; i < f->n_categories; i++)
		verdict_col(t, f, f->categories[i].value, "", f->categories[i].label, RF_COUNT);
	if (consensus)
		verdict_col(t, f, f->name, "_no_consensus", "no consensus", RF_COUNT);
	char *label = xasprintf("%s share", f->categories[0].label);
	verdict_col(t, f, f->categories[0].value, "_share", label, RF_FRACTION);
	free(label);
}

static struct rtable *verdict_table(struct rsection *sec, const char *id, const char *title, const char *by,
				    int consensus, const struct rp_role *const roles[N_VERDICTS])
{
	struct rtable *t = rsection_table(sec, id, title, by, NULL);
	for (int v = 0; v < N_VERDICTS; v++)
		if (roles[v]->task >= 0)
			verdict_cols(t, roles[v]->f, consensus);
	return t;
}

static void vadd(struct vacc *a, const int codes[N_VERDICTS])
{
	for (int v = 0; v < N_VERDICTS; v++) {
		if (codes[v] >= 0 && codes[v] < SCHEME_MAX_CATEGORIES)
			a->counts[v][codes[v]]++;
		a->noc[v] += codes[v] == RP_NO_CONSENSUS;
	}
}

/* Whether a holds a count. */
static int vacc_any(const struct vacc *a)
{
	for (int v = 0; v < N_VERDICTS; v++) {
		for (int k = 0; k < SCHEME_MAX_CATEGORIES; k++)
			if (a->counts[v][k])
				return 1;
		if (a->noc[v])
			return 1;
	}
	return 0;
}

/* How disagreements between raters were settled, and how many items that
 * left without a verdict (the SCAI-QReCC table states both). */
static void policy_note(const struct rp_ctx *c, struct rsection *sec, const struct vacc *all,
			const struct rp_role *const roles[N_VERDICTS])
{
	char left[320] = "";
	for (int v = 0; v < N_VERDICTS; v++)
		if (roles[v]->task >= 0)
			snprintf(left + strlen(left), sizeof(left) - strlen(left), "%s%ld %s item%s", *left ? ", " : "",
				 all->noc[v], roles[v]->f->name, all->noc[v] == 1 ? "" : "s");
	switch (c->layer->kind) {
	case REPORT_CONSENSUS_NONE:
		rsection_note(sec, "Disagreements: not settled. Each rater's judgement counts (an answer two "
				   "raters judged counts twice); nothing is discarded. --consensus majority, "
				   "adjudicated or discard gives one verdict per answer.");
		break;
	case REPORT_CONSENSUS_RATER:
		rsection_note(sec, "Disagreements: not settled. One rater's judgements (--consensus rater); nothing "
				   "is discarded.");
		break;
	case REPORT_CONSENSUS_MAJORITY:
		rsection_note(sec, "Disagreements: the majority of the raters decides; a tie is no consensus. Left "
				   "out of the shares for a tie (column no consensus): %s.", left);
		break;
	case REPORT_CONSENSUS_ADJUDICATED:
		rsection_note(sec, "Disagreements: adjudicated. An adjudicator's value decides, else the raters' "
				   "unanimous one. Left out of the shares, disputed and not adjudicated (column no "
				   "consensus): %s.", left);
		break;
	case REPORT_CONSENSUS_DISCARD:
		rsection_note(sec, "Disagreements: discarded. An item on which the raters disagree is left out. "
				   "Discarded (column no consensus): %s.", left);
		break;
	}
}

enum status rp_verdicts(struct rp_ctx *c)
{
	const struct rp_layer *L = c->layer;
	int consensus = rp_is_consensus(L->kind);
	const struct rp_role *roles[N_VERDICTS];
	struct rsection *sec = report_section(c->r, "verdicts", "Plausibility and faithfulness");
	struct vacc all = { 0 }, *acc[RP_N_GROUPINGS] = { 0 };
	char name[256];
	unsigned by = c->o->by | REPORT_BY_SYSTEM;   /* the per-run table is always there */

	verdict_roles(c->d, roles);

	rsection_note(sec, "Counts of %s per value (the SCAI-QReCC per-run table); the shares carry a "
			   "95%% Wilson interval.", rp_unit_name(c));
	for (size_t g = 0; g < RP_N_GROUPINGS; g++)
		if ((by & rp_groupings[g].by) && (rp_groupings[g].by != REPORT_BY_RATER || L->kind == REPORT_CONSENSUS_NONE))
			acc[g] = xcalloc(rp_n_groups(c, rp_groupings[g].by) + 1, sizeof(*acc[g]));
	for (size_t i = 0; i < L->n_obs; i++) {
		const struct rp_obs *ob = &L->obs[i];
		int codes[N_VERDICTS], any = 0;
		for (int v = 0; v < N_VERDICTS; v++) {
			codes[v] = roles[v]->task >= 0 ? rp_role_code(c->d, L, ob, roles[v]) : RP_UNSET;
			any |= codes[v] != RP_UNSET;
		}
		if (!any)
			continue;
		vadd(&all, codes);
		for (size_t g = 0; g < RP_N_GROUPINGS; g++) {
			long gr = acc[g] ? rp_group_of(c, rp_groupings[g].by, ob) : -1;
			if (gr >= 0)
				vadd(&acc[g][gr], codes);
		}
	}
	struct rtable *t = verdict_table(sec, "overall", "Overall", "", consensus, roles);
	verdict_row(t, "all", &all, consensus, roles);
	for (size_t g = 0; g < RP_N_GROUPINGS; g++) {
		if (!acc[g])
			continue;
		t = verdict_table(sec, rp_groupings[g].table, rp_groupings[g].title, rp_groupings[g].label, consensus, roles);
		for (size_t k = 0; k < rp_n_groups(c, rp_groupings[g].by); k++) {
			const struct vacc *a = &acc[g][k];
			if (!vacc_any(a))
				continue;
			rp_group_name(c, rp_groupings[g].by, k, name, sizeof(name));
			verdict_row(t, name, a, consensus, roles);
		}
		free(acc[g]);
	}
	policy_note(c, sec, &all, roles);
	rp_by_rater_note(c, sec);
	return ST_OK;
}

