/* report_sec_retrieval.c - section "retrieval": HR@k, MRR, P@k, R@k, MAP
 * and nDCG@k from the field of role relevance (graded: nDCG gains the
 * grade), overall and per breakdown; and, when turns have gold passages,
 * the same against the gold (a layer of its own: no human judgement),
 * with nDCG@k both binary and with the gold grade as gain, per system, as
 * trec_eval computes them for a run and its qrels. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/metrics_retrieval.h"
#include "convqa/metrics_stats.h"
#include "convqa/metrics_variants.h"
#include "report_internal.h"

/* the standard metrics, then seed 003's variants (--variant seed003), then nDCG with the
 * grade as gain against the gold */
enum rmetric { RM_HIT, RM_MRR, RM_P, RM_R, RM_MAP, RM_NDCG, RM_MOD_P, RM_NDCG_RANK, RM_NDCG_GRADED };

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
	if (o->variants & REPORT_VARIANT_SEED003) {
		cols[n++] = (struct rcolumn){ RM_MOD_P, 0 };
		cols[n++] = (struct rcolumn){ RM_NDCG_RANK, 0 };
	}
	return n;
}

static struct rtable *metric_table(const struct rp_ctx *c, struct rsection *sec, const char *id,
				   const char *title, const char *by, const char *n_label,
				   const struct rcolumn *cols, size_t n_cols, int chart)
{
	static const char *const ids[] = { "hit", "mrr", "p", "recall", "map", "ndcg", "modified_p",
					   "ndcg_rank", "ndcg_graded" };
	static const char *const labels[] = { "HR", "MRR", "P", "R", "MAP", "nDCG", "mod. P", "nDCG 1/(i+1)",
					       "gnDCG" };
	struct rtable *t = rsection_table(sec, id, title, by, n_label);
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
	return t;
}

static struct rtable *retrieval_table(const struct rp_ctx *c, struct rsection *sec, const char *id,
				      const char *title, const char *by, const struct rcolumn *cols,
				      size_t n_cols, int chart)
{
	struct rtable *t = metric_table(c, sec, id, title, by, rp_unit_name(c), cols, n_cols, chart);
	rtable_col(t, "nothing_relevant", "R=0", RF_COUNT, 0);
	if (rp_is_consensus(c->layer->kind))
		rtable_col(t, "no_consensus", "no consensus", RF_COUNT, 0);
	return t;
}

/* A row of means; with hit_ci (cols given), HR@k with its Wilson interval
 * (a hit is 0 or 1 per item: the sum counts the hits). */
static void retrieval_row(struct rtable *t, const char *group, const struct racc *a, size_t n_cols,
			  int consensus, const struct rcolumn *hit_ci)
{
	struct rrow *row = rtable_row(t, group, a->n);
	for (size_t i = 0; i < n_cols; i++) {
		double lo, hi;
		if (a->n && hit_ci && hit_ci[i].m == RM_HIT &&
		    metrics_wilson_interval((long)lround(a->sum[i]), a->n, METRICS_Z95, &lo, &hi) == METRICS_OK) {
			rcell_num(row, (int)i, a->sum[i] / (double)a->n, a->n);
			rcell_ci(row, (int)i, lo, hi);
		} else if (a->n)
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

/* An item's ranking: rel[] whether each rank counts as relevant, gain[]
 * its grade (graded relevance), ideal[] the grades known, best first. */
struct ranking {
	const int *rel, *gain, *ideal;
	size_t n, R, n_ideal;
	int graded;
};

static double rmetric(const struct rcolumn *col, const struct ranking *rk)
{
	const int *rel = rk->rel;
	size_t n = rk->n, R = rk->R;
	if ((col->m == RM_NDCG && rk->graded) || col->m == RM_NDCG_GRADED)
		return metrics_ndcg_graded_at_k(rk->gain, n, col->k, rk->ideal, rk->n_ideal);
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
	case RM_MOD_P:
		return metrics_modified_precision(rel, n, R);
	case RM_NDCG_RANK:
		return metrics_ndcg_rank_discount(rel, n, R);
	case RM_NDCG_GRADED:
		break;
	}
	return 0.0;
}

/* The ranking of ob into *rk, in (*buf)[*cap]; 1 when a retrieved passage
 * has no relevance label. */
static int item_ranking(const struct rp_data *d, const struct rp_layer *L, const struct rp_obs *ob, int **buf,
			size_t *cap, struct ranking *rk)
{
	const struct rp_item *it = &d->items[ob->item];
	size_t n = it->n_ranks;
	int gaps = 0;
	xgrow(buf, cap, 2 * n + (size_t)ob->n_ideal + 1, sizeof(**buf));
	int *rel = *buf, *gain = rel + n, *ideal = gain + n;
	for (size_t r = 0; r < n; r++) {
		int code = rp_rel_code(d, L, ob, (long)r + 1);
		rel[r] = code >= d->relevance.threshold;
		gain[r] = code > 0 ? code : 0;
		gaps |= code == RP_UNSET && d->passages[it->ranks + r] != 0;
	}
	for (int32_t r = 0; r < ob->n_ideal; r++)
		ideal[r] = L->ideal[ob->ideal + r];
	*rk = (struct ranking){ rel, gain, ideal, n, (size_t)ob->R, (size_t)ob->n_ideal, d->relevance.graded };
	return gaps;
}

/* Whether ob has relevance labels: some rank labelled, or (a response
 * that retrieved nothing has nothing to judge: it scores 0 for every
 * judgement of the item, trec_eval -c) a turn label given on it. */
static int obs_judged(const struct rp_data *d, const struct rp_layer *L, const struct rp_obs *ob)
{
	size_t n = d->items[ob->item].n_ranks;
	if (n == 0)
		return d->relevance.cfield < 0 && ob->turn_labelled;
	for (size_t r = 0; r < n; r++)
		if (rp_rel_code(d, L, ob, (long)r + 1) != RP_UNSET)
			return 1;
	return 0;
}

int rp_retrieval_metric_parse(const char *name, int *metric, size_t *k)
{
	static const struct { const char *name; enum rmetric m; int cut; } names[] = {
		{ "hr", RM_HIT, 1 }, { "mrr", RM_MRR, 0 }, { "p", RM_P, 1 }, { "r", RM_R, 1 }, { "map", RM_MAP, 0 },
		{ "ndcg", RM_NDCG, 1 },
	};
	const char *at = strchr(name, '@');
	size_t len = at ? (size_t)(at - name) : strlen(name);
	long cut = 0;
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		if (strlen(names[i].name) != len || strncmp(names[i].name, name, len) != 0)
			continue;
		if (names[i].cut != (at != NULL) || (at && parse_long(at + 1, 1, 1000, &cut) != 0))
			return -1;
		*metric = (int)names[i].m;
		*k = (size_t)cut;
		return 0;
	}
	return -1;
}

int rp_retrieval_value(const struct rp_data *d, const struct rp_layer *L, const struct rp_obs *ob, int metric,
		       size_t k, double *v)
{
	int *buf = NULL;
	size_t cap = 0;
	struct ranking rk;
	struct rcolumn col = { (enum rmetric)metric, k };
	if (!obs_judged(d, L, ob) || ob->rel_no_consensus)
		return 0;
	item_ranking(d, L, ob, &buf, &cap, &rk);
	*v = rmetric(&col, &rk);
	free(buf);
	return 1;
}

/* The conventions, and the counts of what was left out or scored 0. */
static void retrieval_notes(const struct rp_ctx *c, struct rsection *sec, long zero_r, long incomplete)
{
	const struct rp_layer *L = c->layer;
	int consensus = rp_is_consensus(L->kind);
	const struct rp_role *role = &c->d->relevance;

	rsection_note(sec, "Relevance comes from the per-passage %s labels (unit: %s); "
			   "the ranks are the ones given in the task file, which fixes the order of "
			   "passages with equal scores.", role->name,
		      L->kind == REPORT_CONSENSUS_NONE ? "one rater's judgement of one item" : "one item");
	rsection_note(sec, "A relevant label judges a passage for its turn, pooled over the systems: it counts "
			   "in the ranking of every response to the turn that retrieved the passage, and a "
			   "passage's latest label counts, whichever response it was given on.");
	rsection_note(sec, "Macro average over the %s that have relevance labels, and those of items whose "
			   "response retrieved nothing (which score 0). HR@k = 1 if a relevant "
			   "passage is in the top k (success@k); MRR = 1/rank of the first relevant "
			   "passage, no cutoff; P@k = relevant in the top k / k, even when fewer than k "
			   "were retrieved; R@k = relevant in the top k / R; MAP = mean of the precision at "
			   "each relevant rank / R; %s.", rp_unit_name(c),
		      role->graded ? "nDCG@k with the grade as gain (below)" :
				     "nDCG@k with binary gain and an ideal ranking of min(R, k) relevant passages");
	if (role->graded)
		rsection_note(sec, "%s is graded: a passage's grade is its category's position on the scale (lowest "
				   "0); HR, MRR, P, R and MAP count a passage relevant at grade %d (%s) or above (as "
				   "trec_eval -l %d), nDCG gains the grade (as trec_eval's ndcg) against an ideal ranking "
				   "of the grades known for the turn, best first, where a gold or extra gold passage "
				   "has grade %d unless judged higher.", role->name, role->threshold,
			      role->f->categories[role->threshold].value, role->threshold, role->threshold);
	else if (role->threshold != 1)
		rsection_note(sec, "A passage counts as relevant when %s is %s.", role->name,
			      role->f->categories[role->threshold].value);
	rsection_note(sec, "R = the passages known relevant for the turn: its gold passages, plus the "
			   "passages judged relevant %s in any system's response to the turn, plus the extra "
			   "gold passages %s, retrieved or not.",
		      L->kind == REPORT_CONSENSUS_NONE ? "by the same rater" :
		      L->kind == REPORT_CONSENSUS_RATER ? "by that rater" : "by the consensus",
		      L->kind == REPORT_CONSENSUS_NONE || L->kind == REPORT_CONSENSUS_RATER ?
			      "that rater named (extra_gold)" : "any rater named (extra_gold)");
	if (c->o->variants & REPORT_VARIANT_SEED003)
		rsection_note(sec, "Variants of seed 003 (--variant seed003), for a system that returns a fixed "
				   "number of passages: mod. P = relevant returned / R (modified precision: the share "
				   "of the R known relevant that the whole list holds); nDCG 1/(i+1) = the sum over "
				   "the returned ranks i = 0, 1, ... of rel / (i + 1), divided by the same sum for R "
				   "relevant passages at ranks 0 .. R - 1 (not capped at the list's length); both "
				   "binary, relevant as above.");
	rsection_note(sec, "An item with nothing known relevant (R = 0) scores 0 on every metric and stays "
			   "in the average: %ld; column R=0.", zero_r);
	if (incomplete)
		rsection_note(sec, "Passages without a relevance label count as not relevant; %s with such "
				   "passages: %ld.", rp_unit_name(c), incomplete);
	rp_by_rater_note(c, sec);
	if (consensus)
		rsection_note(sec, "Items left out because some passage has no consensus on relevance: %ld "
				   "(%ld passages).", L->rel_no_consensus_items, L->rel_no_consensus_units);
}

/* An accumulator of n_cols sums for each group of each grouping the
 * report asks for (acc[g] NULL for the others); the sums of a grouping are
 * one block, freed with acc[g][0].sum. */
static void group_accumulators(struct rp_ctx *c, struct racc *acc[RP_N_GROUPINGS], size_t n_cols)
{
	for (size_t g = 0; g < RP_N_GROUPINGS; g++) {
		if (!rp_grouping_wanted(c, g))
			continue;
		size_t ng = rp_n_groups(c, rp_groupings[g].by);
		acc[g] = xcalloc(ng + 1, sizeof(*acc[g]));
		double *sums = xcalloc((ng + 1) * n_cols, sizeof(double));
		for (size_t k = 0; k <= ng; k++)
			acc[g][k].sum = sums + k * n_cols;
	}
}

/* The tables of the layer's relevance labels. */
static void human_retrieval(struct rp_ctx *c, struct rsection *sec)
{
	const struct rp_layer *L = c->layer;
	const struct rp_data *d = c->d;
	int consensus = rp_is_consensus(L->kind);
	struct rcolumn cols[4 * REPORT_MAX_K + 4];
	size_t n_cols = retrieval_columns(c->o, cols), cap_rel = 0;
	struct racc all = { 0 }, *acc[RP_N_GROUPINGS] = { 0 };
	long incomplete = 0;
	int *rel = NULL;
	double *vals = xcalloc(n_cols, sizeof(*vals));
	char name[256];

	all.sum = xcalloc(n_cols, sizeof(double));
	group_accumulators(c, acc, n_cols);
	for (size_t i = 0; i < L->n_obs; i++) {
		const struct rp_obs *ob = &L->obs[i];
		struct racc *cells[RP_N_GROUPINGS + 1];
		size_t nc = 0;
		if (!obs_judged(d, L, ob))
			continue;   /* no relevance label, or all of them cleared */
		cells[nc++] = &all;
		for (size_t g = 0; g < RP_N_GROUPINGS; g++) {
			long gr = acc[g] ? rp_group_of(c, rp_groupings[g].by, ob) : -1;
			if (gr >= 0)
				cells[nc++] = &acc[g][gr];
		}
		if (ob->rel_no_consensus) {
			for (size_t k = 0; k < nc; k++)
				cells[k]->no_consensus++;
			continue;
		}
		struct ranking rk;
		incomplete += item_ranking(d, L, ob, &rel, &cap_rel, &rk);
		for (size_t m = 0; m < n_cols; m++)
			vals[m] = rmetric(&cols[m], &rk);
		for (size_t k = 0; k < nc; k++) {
			cells[k]->n++;
			cells[k]->zero_r += ob->R == 0;
			for (size_t m = 0; m < n_cols; m++)
				cells[k]->sum[m] += vals[m];
		}
	}
	struct rtable *t = retrieval_table(c, sec, "overall", "Overall", "", cols, n_cols, 0);
	retrieval_row(t, "all", &all, n_cols, consensus, NULL);
	for (size_t g = 0; g < RP_N_GROUPINGS; g++) {
		if (!acc[g])
			continue;
		t = retrieval_table(c, sec, rp_groupings[g].table, rp_groupings[g].title, rp_groupings[g].label, cols, n_cols,
				    (rp_groupings[g].by & (REPORT_BY_TURN | REPORT_BY_SYSTEM_TURN)) != 0);
		for (size_t k = 0; k < rp_n_groups(c, rp_groupings[g].by); k++) {
			if (acc[g][k].n == 0 && acc[g][k].no_consensus == 0)
				continue;
			rp_group_name(c, rp_groupings[g].by, k, name, sizeof(name));
			retrieval_row(t, name, &acc[g][k], n_cols, consensus,
				      rp_groupings[g].by == REPORT_BY_SYSTEM_TURN ? cols : NULL);
		}
		free(acc[g][0].sum);
		free(acc[g]);
	}
	retrieval_notes(c, sec, all.zero_r, incomplete);
	free(all.sum);
	free(rel);
	free(vals);
}

/* ---- against the gold passages ------------------------------------------- */

static int by_grade_desc(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x < y) - (x > y);
}

/* Item it's ranking against its turn's gold passages, in (*buf)[*cap]: a
 * passage is relevant when it is gold, its gain its grade; the ideal is
 * every gold grade (retrieved or not), best first. */
static void gold_ranking(const struct rp_data *d, const struct rp_item *it, int **buf, size_t *cap,
			 struct ranking *rk)
{
	const struct rp_turn *t = &d->turns[it->turn];
	size_t n = it->n_ranks, g = t->n_gold_pas;
	xgrow(buf, cap, 2 * n + g + 1, sizeof(**buf));
	int *rel = *buf, *gain = rel + n, *ideal = gain + n;
	for (size_t r = 0; r < n; r++) {
		int64_t p = d->passages[it->ranks + r];
		gain[r] = 0;
		for (size_t i = 0; p && i < g && !gain[r]; i++)
			if (d->gold_passages[t->gold_pas + i] == p)
				gain[r] = d->gold_grades[t->gold_pas + i];
		rel[r] = gain[r] > 0;
	}
	for (size_t i = 0; i < g; i++)
		ideal[i] = d->gold_grades[t->gold_pas + i];
	qsort(ideal, g, sizeof(*ideal), by_grade_desc);
	*rk = (struct ranking){ rel, gain, ideal, n, g, g, 0 };
}

/* The metrics of item it against its turn's gold passages, added to both
 * accumulators (all the systems' and its own system's). */
static void gold_add(const struct rp_data *d, const struct rp_item *it, const struct rcolumn *cols, size_t n_cols,
		     struct racc *a[2], int **buf, size_t *cap)
{
	struct ranking rk;
	gold_ranking(d, it, buf, cap, &rk);
	for (size_t m = 0; m < n_cols; m++) {
		double v = rmetric(&cols[m], &rk);
		a[0]->sum[m] += v;
		a[1]->sum[m] += v;
	}
	a[0]->n++;
	a[1]->n++;
}

static void gold_notes(struct rtable *t)
{
	rtable_note(t, "Against the gold passages: a layer of its own, no human judgement (the turns' gold of the "
		       "task file, or TREC qrels imported --as-gold). A retrieved passage is relevant when it is a "
		       "gold passage of its turn; R = the turn's gold passages, retrieved or not. Ranks as stored "
		       "(a TREC run: trec_eval's order, score descending, equal scores by docid descending).");
	rtable_note(t, "As trec_eval computes them for a run and its qrels: macro average over the responses to "
		       "turns with gold passages (trec_eval's topics of the run that are in the qrels); responses "
		       "to turns without gold are left out (column no gold). HR@k = success_k, MRR = recip_rank, "
		       "P@k = P_k (divides by k), R@k = recall_k, MAP = map; nDCG@k with binary gain (ndcg_cut_k "
		       "on 0/1 qrels), gnDCG@k with the grade as gain (ndcg_cut_k: the sum over the top k of "
		       "grade / log2(rank + 1), divided by the same over the turn's gold grades, best first).");
}

static void gold_row(struct rtable *t, const char *group, const struct racc *a, size_t n_cols)
{
	struct rrow *row = rtable_row(t, group, a->n);
	for (size_t i = 0; i < n_cols; i++) {
		if (a->n)
			rcell_num(row, (int)i, a->sum[i] / (double)a->n, a->n);
		else
			rcell_undef(row, (int)i, 0, "no response to a turn with gold passages");
	}
	rcell_count(row, (int)n_cols, a->zero_r);
}

/* The table against the gold by turn depth (--by turn): rows "SYSTEM /
 * DEPTH", all systems first, each depth that has a response to a turn with
 * gold passages: the automatic evaluation of a replay, turn by turn. */
static void gold_by_turn(struct rp_ctx *c, struct rsection *sec, const struct rcolumn *cols, size_t n_cols)
{
	const struct rp_data *d = c->d;
	size_t ns = d->n_systems, nd = d->max_position > 0 ? (size_t)d->max_position : 1, cap = 0;
	struct racc *acc = xcalloc((ns + 1) * nd, sizeof(*acc));   /* [system (all first)][depth] */
	double *sums = xcalloc((ns + 1) * nd * n_cols + 1, sizeof(double));
	int *buf = NULL;
	char name[300];
	for (size_t a = 0; a < (ns + 1) * nd; a++)
		acc[a].sum = sums + a * n_cols;
	for (size_t i = 0; i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		size_t depth = (size_t)d->turns[it->turn].position - 1;
		struct racc *a[2] = { &acc[depth], &acc[(1 + (size_t)it->system) * nd + depth] };
		if (d->turns[it->turn].n_gold_pas && depth < nd)
			gold_add(d, it, cols, n_cols, a, &buf, &cap);
	}
	struct rtable *t = metric_table(c, sec, "gold_by_turn", "Against the gold passages by turn depth",
					"system / turn depth", "items", cols, n_cols, 0);
	for (size_t s = 0; s <= ns; s++)
		for (size_t g = 0; g < nd; g++) {
			const struct racc *a = &acc[s * nd + g];
			if (!a->n)
				continue;
			snprintf(name, sizeof(name), "%s / %zu", s ? d->systems[s - 1] : "all", g + 1);
			struct rrow *row = rtable_row(t, name, a->n);
			for (size_t m = 0; m < n_cols; m++)
				rcell_num(row, (int)m, a->sum[m] / (double)a->n, a->n);
		}
	rtable_note(t, "By turn depth: the same metrics over the responses to the turns at that depth (turn N of its "
		       "conversation) that have gold passages, all systems, then each system.");
	free(buf);
	free(sums);
	free(acc);
}

/* The table against the gold: all responses, then each system's. */
static void gold_retrieval(struct rp_ctx *c, struct rsection *sec)
{
	const struct rp_data *d = c->d;
	struct rcolumn cols[5 * REPORT_MAX_K + 4];
	size_t n_cols = retrieval_columns(c->o, cols), cap = 0;
	for (size_t i = 0; i < c->o->n_k; i++)
		cols[n_cols++] = (struct rcolumn){ RM_NDCG_GRADED, c->o->k[i] };
	struct racc *acc = xcalloc(d->n_systems + 1, sizeof(*acc));   /* all, then by system */
	double *sums = xcalloc((d->n_systems + 1) * n_cols, sizeof(double));
	int *buf = NULL;
	for (size_t s = 0; s <= d->n_systems; s++)
		acc[s].sum = sums + s * n_cols;
	for (size_t i = 0; i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		struct racc *a[2] = { &acc[0], &acc[1 + it->system] };
		if (!d->turns[it->turn].n_gold_pas) {
			a[0]->zero_r++;   /* left out: no gold */
			a[1]->zero_r++;
			continue;
		}
		gold_add(d, it, cols, n_cols, a, &buf, &cap);
	}
	struct rtable *t = metric_table(c, sec, "gold", "Against the gold passages (automatic)", "system", "items",
					cols, n_cols, 0);
	rtable_col(t, "no_gold", "no gold", RF_COUNT, 0);
	gold_row(t, "all", &acc[0], n_cols);
	for (size_t s = 0; s < d->n_systems; s++)
		if (acc[1 + s].n || acc[1 + s].zero_r)
			gold_row(t, d->systems[s], &acc[1 + s], n_cols);
	gold_notes(t);
	if (c->o->by & REPORT_BY_TURN)
		gold_by_turn(c, sec, cols, n_cols);
	if (c->d->relevance.task >= 0)
		rtable_note(t, "The tables below: the same metrics on the same rankings against the labels of %s, "
			       "side by side with these (their own items: those with relevance labels).",
			    c->d->relevance.name);
	free(buf);
	free(sums);
	free(acc);
}

/* With gold passages, the table against the gold; with relevance labels,
 * the tables of the layer after it (the section's notes are theirs). */
enum status rp_retrieval(struct rp_ctx *c)
{
	int human = c->d->relevance.task >= 0;
	struct rsection *sec = report_section(c->r, "retrieval", human ? "Retrieval: passages judged relevant" :
							   "Retrieval: against the gold passages");
	if (c->d->n_gold_passages)
		gold_retrieval(c, sec);
	if (human)
		human_retrieval(c, sec);
	return ST_OK;
}

