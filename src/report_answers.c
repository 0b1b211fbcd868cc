/* report_answers.c - the sections computed on a label layer: answer
 * accuracy, retrieval metrics, plausibility / faithfulness counts, automatic
 * answer metrics and their correlation with people; and time per item. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/metrics.h"
#include "report_internal.h"

/* ---- groupings ---------------------------------------------------------------- */

/* The breakdowns: the table id and title of each, and the name of its
 * group column. */
static const struct grouping {
	enum report_by by;
	const char *table, *title, *label;
} groupings[] = {
	{ REPORT_BY_TURN, "by_turn", "By turn depth", "turn depth" },
	{ REPORT_BY_CONVERSATION, "by_conversation", "By conversation", "conversation" },
	{ REPORT_BY_SYSTEM, "by_system", "By system", "system" },
	{ REPORT_BY_INTENT, "by_intent", "By intent", "intent" },
	{ REPORT_BY_RATER, "by_rater", "By rater", "rater" },
};
#define N_GROUPINGS ARRAY_SIZE(groupings)

static size_t n_groups(const struct rp_ctx *c, enum report_by by)
{
	switch (by) {
	case REPORT_BY_TURN:
		return (size_t)c->d->max_position;
	case REPORT_BY_CONVERSATION:
		return c->d->n_conversations;
	case REPORT_BY_SYSTEM:
		return c->d->n_systems;
	case REPORT_BY_INTENT:
		return 4;
	case REPORT_BY_RATER:
		return c->d->n_raters;
	}
	return 0;
}

/* The group of observation ob, or -1 when it has none (rater of a consensus). */
static long group_of(const struct rp_ctx *c, enum report_by by, const struct rp_obs *ob)
{
	const struct rp_item *it = &c->d->items[ob->item];
	switch (by) {
	case REPORT_BY_TURN:
		return c->d->turns[it->turn].position - 1;
	case REPORT_BY_CONVERSATION:
		return c->d->turns[it->turn].conv;
	case REPORT_BY_SYSTEM:
		return it->system;
	case REPORT_BY_INTENT:
		return ob->intent_group;
	case REPORT_BY_RATER:
		return ob->rater;
	}
	return -1;
}

static void group_name(const struct rp_ctx *c, enum report_by by, size_t g, char *buf, size_t size)
{
	const struct model_field *intent = rp_cat_field(RP_INTENT);
	switch (by) {
	case REPORT_BY_TURN:
		snprintf(buf, size, "%zu", g + 1);
		break;
	case REPORT_BY_CONVERSATION:
		snprintf(buf, size, "%s", c->d->conversations[g]);
		break;
	case REPORT_BY_SYSTEM:
		snprintf(buf, size, "%s", c->d->systems[g]);
		break;
	case REPORT_BY_INTENT:
		snprintf(buf, size, "%s", g < intent->n_values ? intent->values[g] : "(none)");
		break;
	case REPORT_BY_RATER:
		snprintf(buf, size, "%s", c->d->raters[g].name);
		break;
	}
}

/* The groupings a section breaks down by: the "all" row first (index
 * N_GROUPINGS), then the requested ones. by rater only without consensus. */
static int wanted(const struct rp_ctx *c, size_t gi)
{
	if (groupings[gi].by == REPORT_BY_RATER && c->layer->kind != REPORT_CONSENSUS_NONE)
		return 0;
	return (c->o->by & groupings[gi].by) != 0;
}

static const char *unit_name(const struct rp_ctx *c)
{
	return c->layer->kind == REPORT_CONSENSUS_NONE ? "judgements" : "items";
}

static void by_rater_note(const struct rp_ctx *c, struct rsection *sec)
{
	if ((c->o->by & REPORT_BY_RATER) && c->layer->kind != REPORT_CONSENSUS_NONE)
		rsection_note(sec, "No breakdown by rater: with a consensus every value stands for several raters.");
}

/* ---- answers -------------------------------------------------------------------- */

struct acc {
	long n, correct, no_consensus;
};

static void accuracy_row(struct rtable *t, const char *group, const struct acc *a, int consensus)
{
	struct rrow *row = rtable_row(t, group, a->n);
	double lo, hi;
	rcell_count(row, 0, a->correct);
	if (a->n == 0) {
		rcell_undef(row, 1, 0, "no answer_correct labels");
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
	struct rtable *t = rsection_table(sec, id, title, by, unit_name(c));
	rtable_col(t, "correct", "correct", RF_COUNT, 0);
	rtable_col(t, "accuracy", "accuracy", RF_FRACTION, flags);
	if (c->layer->kind == REPORT_CONSENSUS_MAJORITY || c->layer->kind == REPORT_CONSENSUS_ADJUDICATED)
		rtable_col(t, "no_consensus", "no consensus", RF_COUNT, 0);
	return t;
}

enum status rp_answers(struct rp_ctx *c)
{
	const struct rp_layer *L = c->layer;
	int consensus = L->kind == REPORT_CONSENSUS_MAJORITY || L->kind == REPORT_CONSENSUS_ADJUDICATED;
	struct rsection *sec = report_section(c->r, "answers", "Answers: accuracy of answer_correct");
	struct acc all = { 0 }, *acc[N_GROUPINGS] = { 0 };
	char name[256];

	rsection_note(sec, "Accuracy = share of answer_correct = 1 (correct) among the %s that have the label; "
			   "95%% confidence interval by the Wilson score method.", unit_name(c));
	for (size_t g = 0; g < N_GROUPINGS; g++)
		if (wanted(c, g))
			acc[g] = xcalloc(n_groups(c, groupings[g].by) + 1, sizeof(*acc[g]));
	for (size_t i = 0; i < L->n_obs; i++) {
		const struct rp_obs *ob = &L->obs[i];
		int v = ob->code[RP_CORRECT];
		if (v == RP_UNSET)
			continue;
		struct acc *cells[N_GROUPINGS + 1];
		size_t nc = 0;
		cells[nc++] = &all;
		for (size_t g = 0; g < N_GROUPINGS; g++) {
			long gr = acc[g] ? group_of(c, groupings[g].by, ob) : -1;
			if (gr >= 0)
				cells[nc++] = &acc[g][gr];
		}
		for (size_t k = 0; k < nc; k++) {
			if (v == RP_NO_CONSENSUS) {
				cells[k]->no_consensus++;
			} else {
				cells[k]->n++;
				cells[k]->correct += v == 1;
			}
		}
	}
	struct rtable *t = accuracy_table(c, sec, "overall", "Overall", "", 0);
	accuracy_row(t, "all", &all, consensus);
	for (size_t g = 0; g < N_GROUPINGS; g++) {
		if (!acc[g])
			continue;
		t = accuracy_table(c, sec, groupings[g].table, groupings[g].title, groupings[g].label,
				   groupings[g].by == REPORT_BY_TURN ? RCOL_CHART : 0);
		for (size_t k = 0; k < n_groups(c, groupings[g].by); k++) {
			if (acc[g][k].n == 0 && acc[g][k].no_consensus == 0)
				continue;
			group_name(c, groupings[g].by, k, name, sizeof(name));
			accuracy_row(t, name, &acc[g][k], consensus);
		}
		if (groupings[g].by == REPORT_BY_INTENT)
			rtable_note(t, "Intent: the intent label of the same layer, else the turn's gold intent.");
		free(acc[g]);
	}
	by_rater_note(c, sec);
	if (consensus)
		rsection_note(sec, "Items without consensus on answer_correct: %ld (left out of the accuracy, "
				   "counted in column \"no consensus\").", L->no_consensus[RP_CORRECT]);
	if (L->kind == REPORT_CONSENSUS_ADJUDICATED)
		rsection_note(sec, "Values settled by an adjudicator: %ld.", L->adjudicated[RP_CORRECT]);
	return ST_OK;
}

/* ---- retrieval ------------------------------------------------------------------- */

enum rmetric { RM_HIT, RM_MRR, RM_P, RM_R, RM_MAP, RM_NDCG };

struct rcolumn {
	enum rmetric m;
	size_t k;
};

struct racc {
	long n, zero_r, no_consensus;
	double *sum;
};

/* The HR@k drawn as a chart: the largest k <= 5, else the smallest. */
static size_t chart_k(const struct report_options *o)
{
	size_t k = o->k[0];
	for (size_t i = 0; i < o->n_k; i++)
		if (o->k[i] <= 5)
			k = o->k[i];
	return k;
}

static size_t retrieval_columns(const struct report_options *o, struct rcolumn *cols)
{
	size_t n = 0;
	for (size_t i = 0; i < o->n_k; i++)
		cols[n++] = (struct rcolumn){ RM_HIT, o->k[i] };
	cols[n++] = (struct rcolumn){ RM_MRR, 0 };
	for (size_t i = 0; i < o->n_k; i++)
		cols[n++] = (struct rcolumn){ RM_P, o->k[i] };
	for (size_t i = 0; i < o->n_k; i++)
		cols[n++] = (struct rcolumn){ RM_R, o->k[i] };
	cols[n++] = (struct rcolumn){ RM_MAP, 0 };
	for (size_t i = 0; i < o->n_k; i++)
		cols[n++] = (struct rcolumn){ RM_NDCG, o->k[i] };
	return n;
}

static struct rtable *retrieval_table(const struct rp_ctx *c, struct rsection *sec, const char *id,
				      const char *title, const char *by, const struct rcolumn *cols,
				      size_t n_cols, int chart)
{
	static const char *const ids[] = { "hit", "mrr", "p", "recall", "map", "ndcg" };
	static const char *const labels[] = { "HR", "MRR", "P", "R", "MAP", "nDCG" };
	struct rtable *t = rsection_table(sec, id, title, by, unit_name(c));
	size_t ck = chart_k(c->o);
	for (size_t i = 0; i < n_cols; i++) {
		char cid[32], label[32];
		if (cols[i].k) {
			snprintf(cid, sizeof(cid), "%s@%zu", ids[cols[i].m], cols[i].k);
			snprintf(label, sizeof(label), "%s@%zu", labels[cols[i].m], cols[i].k);
		} else {
			snprintf(cid, sizeof(cid), "%s", ids[cols[i].m]);
			snprintf(label, sizeof(label), "%s", labels[cols[i].m]);
		}
		rtable_col(t, cid, label, RF_FRACTION,
			   chart && cols[i].m == RM_HIT && cols[i].k == ck ? RCOL_CHART : 0);
	}
	rtable_col(t, "nothing_relevant", "R=0", RF_COUNT, 0);
	if (c->layer->kind == REPORT_CONSENSUS_MAJORITY || c->layer->kind == REPORT_CONSENSUS_ADJUDICATED)
		rtable_col(t, "no_consensus", "no consensus", RF_COUNT, 0);
	return t;
}

static void retrieval_row(struct rtable *t, const char *group, const struct racc *a, size_t n_cols,
			  int consensus)
{
	struct rrow *row = rtable_row(t, group, a->n);
	for (size_t i = 0; i < n_cols; i++) {
		if (a->n)
			rcell_num(row, (int)i, a->sum[i] / (double)a->n, a->n);
		else if (a->no_consensus)
			rcell_undef(row, (int)i, 0, "every item with relevance labels lacks a consensus on some passage");
		else
			rcell_undef(row, (int)i, 0, "no item with relevance labels");
	}
	rcell_count(row, (int)n_cols, a->zero_r);
	if (consensus)
		rcell_count(row, (int)n_cols + 1, a->no_consensus);
}

static double rmetric(const struct rcolumn *col, const int *rel, size_t n, size_t R)
{
	switch (col->m) {
	case RM_HIT:
		return metrics_hit_at_k(rel, n, col->k);
	case RM_MRR:
		return metrics_reciprocal_rank(rel, n, 0);
	case RM_P:
		return metrics_precision_at_k(rel, n, col->k);
	case RM_R:
		return metrics_recall_at_k(rel, n, col->k, R);
	case RM_MAP:
		return metrics_average_precision(rel, n, R);
	case RM_NDCG:
		return metrics_ndcg_at_k(rel, n, col->k, R);
	}
	return 0.0;
}

enum status rp_retrieval(struct rp_ctx *c)
{
	const struct rp_layer *L = c->layer;
	const struct rp_data *d = c->d;
	int consensus = L->kind == REPORT_CONSENSUS_MAJORITY || L->kind == REPORT_CONSENSUS_ADJUDICATED;
	struct rsection *sec = report_section(c->r, "retrieval", "Retrieval: passages judged relevant");
	struct rcolumn cols[4 * REPORT_MAX_K + 2];
	size_t n_cols = retrieval_columns(c->o, cols), cap_rel = 0;
	struct racc all = { 0 }, *acc[N_GROUPINGS] = { 0 };
	long incomplete = 0;
	int *rel = NULL;
	double *vals = xcalloc(n_cols, sizeof(*vals));
	char name[256];

	all.sum = xcalloc(n_cols, sizeof(double));
	for (size_t g = 0; g < N_GROUPINGS; g++) {
		if (!wanted(c, g))
			continue;
		size_t ng = n_groups(c, groupings[g].by);
		acc[g] = xcalloc(ng + 1, sizeof(*acc[g]));
		double *sums = xcalloc((ng + 1) * n_cols, sizeof(double));
		for (size_t k = 0; k <= ng; k++)
			acc[g][k].sum = sums + k * n_cols;
	}
	for (size_t i = 0; i < L->n_obs; i++) {
		const struct rp_obs *ob = &L->obs[i];
		const struct rp_item *it = &d->items[ob->item];
		struct racc *cells[N_GROUPINGS + 1];
		size_t nc = 0, n = it->n_ranks;
		int judged = 0;
		for (size_t r = 0; ob->rel >= 0 && r < n && !judged; r++)
			judged = L->rel[(size_t)ob->rel + r] != RP_UNSET;
		/* a response that retrieved nothing has nothing to judge: it
		 * scores 0 for every judgement of the item (trec_eval -c) */
		if (n == 0)
			judged = ob->turn_labelled;
		if (!judged)
			continue;   /* no relevance label, or all of them cleared */
		cells[nc++] = &all;
		for (size_t g = 0; g < N_GROUPINGS; g++) {
			long gr = acc[g] ? group_of(c, groupings[g].by, ob) : -1;
			if (gr >= 0)
				cells[nc++] = &acc[g][gr];
		}
		if (ob->rel_no_consensus) {
			for (size_t k = 0; k < nc; k++)
				cells[k]->no_consensus++;
			continue;
		}
		xgrow(&rel, &cap_rel, n + 1, sizeof(*rel));
		int gaps = 0;
		for (size_t r = 0; r < n; r++) {
			int8_t code = L->rel[(size_t)ob->rel + r];
			rel[r] = code == 1;
			gaps |= code == RP_UNSET && d->passages[it->ranks + r] != 0;
		}
		incomplete += gaps;
		for (size_t m = 0; m < n_cols; m++)
			vals[m] = rmetric(&cols[m], rel, n, (size_t)ob->R);
		for (size_t k = 0; k < nc; k++) {
			cells[k]->n++;
			cells[k]->zero_r += ob->R == 0;
			for (size_t m = 0; m < n_cols; m++)
				cells[k]->sum[m] += vals[m];
		}
	}
	struct rtable *t = retrieval_table(c, sec, "overall", "Overall", "", cols, n_cols, 0);
	retrieval_row(t, "all", &all, n_cols, consensus);
	for (size_t g = 0; g < N_GROUPINGS; g++) {
		if (!acc[g])
			continue;
		t = retrieval_table(c, sec, groupings[g].table, groupings[g].title, groupings[g].label, cols, n_cols,
				    groupings[g].by == REPORT_BY_TURN);
		for (size_t k = 0; k < n_groups(c, groupings[g].by); k++) {
			if (acc[g][k].n == 0 && acc[g][k].no_consensus == 0)
				continue;
			group_name(c, groupings[g].by, k, name, sizeof(name));
			retrieval_row(t, name, &acc[g][k], n_cols, consensus);
		}
		free(acc[g][0].sum);
		free(acc[g]);
	}
	rsection_note(sec, "Relevance comes from the per-passage relevant labels (unit: %s); "
			   "the ranks are the ones given in the task file, which fixes the order of "
			   "passages with equal scores.",
		      L->kind == REPORT_CONSENSUS_NONE ? "one rater's judgement of one item" : "one item");
	rsection_note(sec, "Macro average over the %s that have relevance labels, and those of items whose "
			   "response retrieved nothing (which score 0). HR@k = 1 if a relevant "
			   "passage is in the top k (success@k); MRR = 1/rank of the first relevant "
			   "passage, no cutoff; P@k = relevant in the top k / k, even when fewer than k "
			   "were retrieved; R@k = relevant in the top k / R; MAP = mean of the precision at "
			   "each relevant rank / R; nDCG@k with binary gain and an ideal ranking of "
			   "min(R, k) relevant passages.", unit_name(c));
	rsection_note(sec, "R = the passages known relevant for the turn: its gold passages, plus the "
			   "passages judged relevant %s in any system's response to the turn, plus the extra "
			   "gold passages %s, retrieved or not.",
		      L->kind == REPORT_CONSENSUS_NONE ? "by the same rater" :
		      L->kind == REPORT_CONSENSUS_RATER ? "by that rater" : "by the consensus",
		      L->kind == REPORT_CONSENSUS_NONE || L->kind == REPORT_CONSENSUS_RATER ?
			      "that rater named (extra_gold)" : "any rater named (extra_gold)");
	rsection_note(sec, "An item with nothing known relevant (R = 0) scores 0 on every metric and stays "
			   "in the average: %ld; column R=0.", all.zero_r);
	if (incomplete)
		rsection_note(sec, "Passages without a relevance label count as not relevant; %s with such "
				   "passages: %ld.", unit_name(c), incomplete);
	by_rater_note(c, sec);
	if (consensus)
		rsection_note(sec, "Items left out because some passage has no consensus on relevance: %ld "
				   "(%ld passages).", L->rel_no_consensus_items, L->rel_no_consensus_units);
	free(all.sum);
	free(rel);
	free(vals);
	return ST_OK;
}

/* ---- plausibility and faithfulness ------------------------------------------------ */

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
		rcell_undef(row, col, 0, none);
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

enum status rp_verdicts(struct rp_ctx *c)
{
	const struct rp_layer *L = c->layer;
	int consensus = L->kind == REPORT_CONSENSUS_MAJORITY || L->kind == REPORT_CONSENSUS_ADJUDICATED;
	unsigned tasks = c->o->tasks ? c->o->tasks : c->d->tasks_seen;
	struct rsection *sec = report_section(c->r, "verdicts", "Plausibility and faithfulness");
	struct vacc all = { 0 }, *acc[N_GROUPINGS] = { 0 };
	char name[256];
	unsigned by = c->o->by | REPORT_BY_SYSTEM;   /* the per-run table is always there */

	rsection_note(sec, "Counts of %s per value (the SCAI-QReCC per-run table); the shares carry a "
			   "95%% Wilson interval.", unit_name(c));
	for (size_t g = 0; g < N_GROUPINGS; g++)
		if ((by & groupings[g].by) && (groupings[g].by != REPORT_BY_RATER || L->kind == REPORT_CONSENSUS_NONE))
			acc[g] = xcalloc(n_groups(c, groupings[g].by) + 1, sizeof(*acc[g]));
	for (size_t i = 0; i < L->n_obs; i++) {
		const struct rp_obs *ob = &L->obs[i];
		if (ob->code[RP_PLAUS] == RP_UNSET && ob->code[RP_FAITH] == RP_UNSET)
			continue;
		vadd(&all, ob);
		for (size_t g = 0; g < N_GROUPINGS; g++) {
			long gr = acc[g] ? group_of(c, groupings[g].by, ob) : -1;
			if (gr >= 0)
				vadd(&acc[g][gr], ob);
		}
	}
	struct rtable *t = verdict_table(sec, "overall", "Overall", "", consensus, tasks);
	verdict_row(t, "all", &all, consensus, tasks);
	for (size_t g = 0; g < N_GROUPINGS; g++) {
		if (!acc[g])
			continue;
		t = verdict_table(sec, groupings[g].table, groupings[g].title, groupings[g].label, consensus, tasks);
		for (size_t k = 0; k < n_groups(c, groupings[g].by); k++) {
			const struct vacc *a = &acc[g][k];
			if (!a->plaus[0] && !a->plaus[1] && !a->plaus[2] && !a->plaus_noc && !a->faith[0] &&
			    !a->faith[1] && !a->faith_noc)
				continue;
			group_name(c, groupings[g].by, k, name, sizeof(name));
			verdict_row(t, name, a, consensus, tasks);
		}
		free(acc[g]);
	}
	by_rater_note(c, sec);
	return ST_OK;
}

/* ---- automatic answer metrics ---------------------------------------------------- */

static const enum metrics_answer auto_metrics[] = {
	METRICS_ANSWER_EM, METRICS_ANSWER_F1, METRICS_ANSWER_SCAI_EM, METRICS_ANSWER_BLEU1,
	METRICS_ANSWER_ROUGE1_R, METRICS_ANSWER_ROUGE_L,
};
#define N_AUTO ARRAY_SIZE(auto_metrics)
_Static_assert(N_AUTO == RP_N_AUTO, "RP_N_AUTO counts auto_metrics[]");

static const char *auto_label(enum metrics_answer m)
{
	switch (m) {
	case METRICS_ANSWER_EM: return "EM";
	case METRICS_ANSWER_F1: return "F1";
	case METRICS_ANSWER_SCAI_EM: return "SCAI EM";
	case METRICS_ANSWER_BLEU1: return "BLEU-1";
	case METRICS_ANSWER_BLEU1_BP: return "BLEU-1 BP";
	case METRICS_ANSWER_ROUGE1_R: return "ROUGE-1 R";
	case METRICS_ANSWER_ROUGE_L: return "ROUGE-L F";
	default: return "?";
	}
}

static void correlation_row(struct rtable *t, const char *group, const double *x, const double *y,
			    size_t n)
{
	struct rrow *row = rtable_row(t, group, (long)n);
	enum metrics_status (*fn[3])(const double *, const double *, size_t, double *) = {
		metrics_pearson, metrics_spearman, metrics_kendall_tau_b,
	};
	for (int i = 0; i < 3; i++) {
		double v;
		enum metrics_status st = fn[i](x, y, n, &v);
		if (st == METRICS_OK)
			rcell_num(row, i, v, (long)n);
		else
			rcell_undef(row, i, (long)n, "%s", metrics_status_message(st));
	}
}

void rp_auto_scores(const struct rp_data *d, const struct report_options *o, double *val,
		    uint8_t *scored)
{
	for (size_t i = 0; i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		const struct rp_turn *t = &d->turns[it->turn];
		double all[METRICS_ANSWER_COUNT];
		if (t->n_gold_ans == 0)
			continue;
		metrics_answer_all(it->answer, (const char *const *)d->gold_answers + t->gold_ans, t->n_gold_ans,
				   o->rouge_beta, all);
		if (o->bleu_bp)
			all[METRICS_ANSWER_BLEU1] = all[METRICS_ANSWER_BLEU1_BP];
		for (size_t m = 0; m < N_AUTO; m++)
			val[i * N_AUTO + m] = all[auto_metrics[m]];
		scored[i] = 1;
	}
}

static void automatic_notes(const struct rp_ctx *c, struct rsection *sec, int scope)
{
	rsection_note(sec, "Each metric compares an item's answer with every gold answer of its turn and keeps "
			   "the best (SQuAD). EM and F1: SQuAD normalisation (lowercase, no ASCII punctuation, "
			   "no articles a/an/the); SCAI EM: lowercase, Snowball English stop words and "
			   "punctuation removed, Snowball English stems; BLEU-1: clipped unigram precision, %s; "
			   "ROUGE-1 R: unigram recall; ROUGE-L F: LCS F-measure with beta %g.",
		      c->o->bleu_bp ? "with the brevity penalty (--bleu-bp)" : "no brevity penalty", c->o->rouge_beta);
	rsection_note(sec, "An answer or gold answer with no words left after the normalisation: EM, F1 and "
			   "SCAI EM are 1 if the other has none either, else 0 (SQuAD 2.0 script); BLEU-1, "
			   "ROUGE-1 R and ROUGE-L F are 0 (as NLTK's sentence_bleu and rouge-score). Such a gold "
			   "answer counts only when every gold answer of the turn is one (SQuAD 2.0).");
	rsection_note(sec, "Items: every item with a gold answer%s. Correlation: over those items that also have "
			   "answer_correct in the layer, whose human score is %s.",
		      scope ? " that has a label in the selection" : "",
		      c->layer->kind == REPORT_CONSENSUS_NONE ? "the mean of its raters' answer_correct (0 or 1)"
							     : "its answer_correct (0 or 1)");
}

enum status rp_automatic(struct rp_ctx *c)
{
	const struct rp_data *d = c->d;
	const struct rp_layer *L = c->layer;
	struct rsection *sec = report_section(c->r, "automatic", "Automatic answer metrics against the gold answers");
	size_t ns = d->n_systems;
	const double *val = c->auto_val;
	double *human = xcalloc(d->n_items + 1, sizeof(double));
	long *human_n = xcalloc(d->n_items + 1, sizeof(long));
	uint8_t *scored = xcalloc(d->n_items + 1, 1);
	double *sum = xcalloc((ns + 1) * N_AUTO, sizeof(double));
	long *count = xcalloc(ns + 1, sizeof(long));
	int scope = c->round_given || c->o->n_raters;
	char name[256];

	/* the human score of an item: its mean answer_correct in the layer */
	for (size_t i = 0; i < L->n_obs; i++) {
		int v = L->obs[i].code[RP_CORRECT];
		if (v >= 0) {
			human[L->obs[i].item] += v;
			human_n[L->obs[i].item]++;
		}
	}
	for (size_t i = 0; i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		if (!c->auto_scored[i] || (scope && !it->in_round))
			continue;
		scored[i] = 1;
		count[it->system]++;
		count[ns]++;
		for (size_t m = 0; m < N_AUTO; m++) {
			sum[it->system * N_AUTO + m] += val[i * N_AUTO + m];
			sum[ns * N_AUTO + m] += val[i * N_AUTO + m];
		}
	}
	struct rtable *t = rsection_table(sec, "by_system", "Mean per system", "system", "items");
	for (size_t m = 0; m < N_AUTO; m++) {
		enum metrics_answer am = c->o->bleu_bp && auto_metrics[m] == METRICS_ANSWER_BLEU1 ?
						 METRICS_ANSWER_BLEU1_BP : auto_metrics[m];
		rtable_col(t, metrics_answer_name(am), auto_label(am), RF_FRACTION, 0);
	}
	for (size_t s = 0; s <= ns; s++) {
		if (s < ns && count[s] == 0)
			continue;
		struct rrow *row = rtable_row(t, s < ns ? d->systems[s] : "all", count[s]);
		for (size_t m = 0; m < N_AUTO; m++) {
			if (count[s])
				rcell_num(row, (int)m, sum[s * N_AUTO + m] / (double)count[s], count[s]);
			else
				rcell_undef(row, (int)m, 0, "no item with a gold answer");
		}
	}

	/* correlation with the human answer_correct, per system and metric */
	struct rtable *ct = rsection_table(sec, "correlation", "Correlation with answer_correct", "system / metric",
					   "items");
	rtable_col(ct, "pearson", "Pearson r", RF_FRACTION, 0);
	rtable_col(ct, "spearman", "Spearman rho", RF_FRACTION, 0);
	rtable_col(ct, "kendall_tau_b", "Kendall tau-b", RF_FRACTION, 0);
	double *x = xcalloc(d->n_items + 1, sizeof(double)), *y = xcalloc(d->n_items + 1, sizeof(double));
	for (size_t s = 0; s < ns; s++) {   /* per system: which metric agrees with people */
		if (count[s] == 0)
			continue;
		for (size_t m = 0; m < N_AUTO; m++) {
			size_t n = 0;
			for (size_t i = 0; i < d->n_items; i++) {
				if (!scored[i] || !human_n[i] || d->items[i].system != s)
					continue;
				x[n] = val[i * N_AUTO + m];
				y[n++] = human[i] / (double)human_n[i];
			}
			if (n == 0)
				continue;   /* no item of this system has the human label */
			snprintf(name, sizeof(name), "%s / %s", d->systems[s], t->cols[m].id);
			correlation_row(ct, name, x, y, n);
		}
	}
	automatic_notes(c, sec, scope);
	free(x);
	free(y);
	free(human);
	free(human_n);
	free(scored);
	free(sum);
	free(count);
	return ST_OK;
}

/* ---- time ------------------------------------------------------------------------- */

enum status rp_time(struct rp_ctx *c)
{
	const struct rp_data *d = c->d;
	struct rsection *sec = report_section(c->r, "time", "Time per item");
	struct rtable *t = rsection_table(sec, "by_rater", "Seconds per item", "rater / task", "items");
	double *secs = xcalloc(d->n_judgements + 1, sizeof(double));
	int cols_cost = c->o->has_wage;
	char name[256];

	rtable_col(t, "median", "median s", RF_SECONDS, 0);
	rtable_col(t, "q1", "q1 s", RF_SECONDS, 0);
	rtable_col(t, "q3", "q3 s", RF_SECONDS, 0);
	rtable_col(t, "hours", "hours", RF_NUMBER, 0);
	rtable_col(t, "untimed", "untimed", RF_COUNT, 0);
	if (cols_cost)
		rtable_col(t, "cost", "cost", RF_NUMBER, 0);
	for (int task = 0; task < TASK__COUNT; task++) {
		if (c->o->tasks && !(c->o->tasks & (1u << task)))
			continue;
		for (size_t r = 0; r <= d->n_raters; r++) {
			size_t n = 0;
			long untimed = 0, any = 0;
			double total = 0;
			for (size_t j = 0; j < d->n_judgements; j++) {
				const struct rp_judgement *jj = &d->judgements[j];
				if (!(jj->tasks & (1u << task)) || (r < d->n_raters && jj->rater != r))
					continue;
				any++;
				if (jj->seconds[task] > 0) {
					secs[n++] = jj->seconds[task];
					total += jj->seconds[task];
				} else {
					untimed++;
				}
			}
			if (!any || (r == d->n_raters && d->n_raters < 2))
				continue;
			snprintf(name, sizeof(name), "%s / %s", r < d->n_raters ? d->raters[r].name : "all raters",
				 model_task_name((enum model_task)task));
			struct rrow *row = rtable_row(t, name, (long)n);
			struct metrics_summary sum;
			if (metrics_summarize(secs, n, &sum) == METRICS_OK) {
				rcell_num(row, 0, sum.median, (long)n);
				rcell_num(row, 1, sum.q1, (long)n);
				rcell_num(row, 2, sum.q3, (long)n);
			} else {
				for (int k = 0; k < 3; k++)
					rcell_undef(row, k, 0, "no timed item");
			}
			rcell_num(row, 3, total / 3600.0, (long)n);
			rcell_count(row, 4, untimed);
			if (cols_cost)
				rcell_num(row, 5, total / 3600.0 * c->o->wage, (long)n);
		}
	}
	rsection_note(sec, "The seconds of an item are the sum over that rater's label rows of the item and "
			   "task, history included: each row stores the active seconds spent since the item was "
			   "shown or since the previous saved change (as convqa annotate saves them), so the sum is "
			   "the whole active time. Items whose rows all say 0 seconds (labels given with convqa "
			   "label without --seconds) are untimed and left out of the quartiles (type 7).");
	if (cols_cost)
		rsection_note(sec, "Cost = hours x %.2f per hour (--wage).", c->o->wage);
	free(secs);
	return ST_OK;
}
