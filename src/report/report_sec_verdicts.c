/* report_sec_verdicts.c - section "verdicts": plausibility and faithfulness
 * counts per value (the SCAI-QReCC per-run table), with the plausible and
 * faithful shares. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/metrics_stats.h"
#include "report_internal.h"

struct vacc {
	long plaus[3], plaus_noc, faith[2], faith_noc;
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
			unsigned tasks)
{
	struct rrow *row = rtable_row(t, group, -1);
	int col = 0;
	if (tasks & (1u << TASK_PLAUSIBILITY))
		col = verdict_cells(row, col, a->plaus, 3, a->plaus_noc, consensus, "no plausibility labels");
	if (tasks & (1u << TASK_FAITHFULNESS))
		verdict_cells(row, col, a->faith, 2, a->faith_noc, consensus, "no faithfulness labels");
}

static struct rtable *verdict_table(struct rsection *sec, const char *id, const char *title, const char *by,
				    int consensus, unsigned tasks)
{
	struct rtable *t = rsection_table(sec, id, title, by, NULL);
	if (tasks & (1u << TASK_PLAUSIBILITY)) {
		rtable_col(t, "plausible", "plausible", RF_COUNT, 0);
		rtable_col(t, "implausible", "implausible", RF_COUNT, 0);
		rtable_col(t, "malformed", "malformed", RF_COUNT, 0);
		if (consensus)
			rtable_col(t, "plausibility_no_consensus", "no consensus", RF_COUNT, 0);
		rtable_col(t, "plausible_share", "plausible share", RF_FRACTION, 0);
	}
	if (tasks & (1u << TASK_FAITHFULNESS)) {
		rtable_col(t, "faithful", "faithful", RF_COUNT, 0);
		rtable_col(t, "unfaithful", "unfaithful", RF_COUNT, 0);
		if (consensus)
			rtable_col(t, "faithfulness_no_consensus", "no consensus", RF_COUNT, 0);
		rtable_col(t, "faithful_share", "faithful share", RF_FRACTION, 0);
	}
	return t;
}

static void vadd(struct vacc *a, const struct rp_obs *ob)
{
	int p = ob->code[RP_PLAUS], f = ob->code[RP_FAITH];
	if (p >= 0 && p < 3)
		a->plaus[p]++;
	a->plaus_noc += p == RP_NO_CONSENSUS;
	if (f >= 0 && f < 2)
		a->faith[f]++;
	a->faith_noc += f == RP_NO_CONSENSUS;
}

/* How disagreements between raters were settled, and how many items that
 * left without a verdict (the SCAI-QReCC table states both). */
static void policy_note(const struct rp_ctx *c, struct rsection *sec, const struct vacc *all, unsigned tasks)
{
	char left[160] = "";
	int plaus = !!(tasks & (1u << TASK_PLAUSIBILITY)), faith = !!(tasks & (1u << TASK_FAITHFULNESS));
	if (plaus)
		snprintf(left, sizeof(left), "%ld plausibility item%s", all->plaus_noc, all->plaus_noc == 1 ? "" : "s");
	if (faith)
		snprintf(left + strlen(left), sizeof(left) - strlen(left), "%s%ld faithfulness item%s",
			 plaus ? ", " : "", all->faith_noc, all->faith_noc == 1 ? "" : "s");
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
	unsigned tasks = c->shown;
	struct rsection *sec = report_section(c->r, "verdicts", "Plausibility and faithfulness");
	struct vacc all = { 0 }, *acc[RP_N_GROUPINGS] = { 0 };
	char name[256];
	unsigned by = c->o->by | REPORT_BY_SYSTEM;   /* the per-run table is always there */

	rsection_note(sec, "Counts of %s per value (the SCAI-QReCC per-run table); the shares carry a "
			   "95%% Wilson interval.", rp_unit_name(c));
	for (size_t g = 0; g < RP_N_GROUPINGS; g++)
		if ((by & rp_groupings[g].by) && (rp_groupings[g].by != REPORT_BY_RATER || L->kind == REPORT_CONSENSUS_NONE))
			acc[g] = xcalloc(rp_n_groups(c, rp_groupings[g].by) + 1, sizeof(*acc[g]));
	for (size_t i = 0; i < L->n_obs; i++) {
		const struct rp_obs *ob = &L->obs[i];
		if (ob->code[RP_PLAUS] == RP_UNSET && ob->code[RP_FAITH] == RP_UNSET)
			continue;
		vadd(&all, ob);
		for (size_t g = 0; g < RP_N_GROUPINGS; g++) {
			long gr = acc[g] ? rp_group_of(c, rp_groupings[g].by, ob) : -1;
			if (gr >= 0)
				vadd(&acc[g][gr], ob);
		}
	}
	struct rtable *t = verdict_table(sec, "overall", "Overall", "", consensus, tasks);
	verdict_row(t, "all", &all, consensus, tasks);
	for (size_t g = 0; g < RP_N_GROUPINGS; g++) {
		if (!acc[g])
			continue;
		t = verdict_table(sec, rp_groupings[g].table, rp_groupings[g].title, rp_groupings[g].label, consensus, tasks);
		for (size_t k = 0; k < rp_n_groups(c, rp_groupings[g].by); k++) {
			const struct vacc *a = &acc[g][k];
			if (!a->plaus[0] && !a->plaus[1] && !a->plaus[2] && !a->plaus_noc && !a->faith[0] &&
			    !a->faith[1] && !a->faith_noc)
				continue;
			rp_group_name(c, rp_groupings[g].by, k, name, sizeof(name));
			verdict_row(t, name, a, consensus, tasks);
		}
		free(acc[g]);
	}
	policy_note(c, sec, &all, tasks);
	rp_by_rater_note(c, sec);
	return ST_OK;
}

