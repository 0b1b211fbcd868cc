/* report_sec_compare.c - section "compare" (--compare A,B[,C...]): for each
 * pair of the named systems, on the turns both have a value of the metric
 * for, the means, their difference with a 95% interval, a paired test
 * (metrics_compare.h) and Holm's correction over the pairs. The metric is
 * the field of role correctness (1 at its threshold or above, else 0; the
 * mean of the raters' values without a consensus) or an automatic answer
 * metric against the gold answers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/metrics_compare.h"
#include "convqa/metrics_variants.h"
#include "convqa/strbuf.h"
#include "report_internal.h"

/* --metric's choices: the role, seed 003's fuzzy fact inclusion, or the
 * column of rp_auto_scores() (the order of auto_metrics[] in
 * report_sec_automatic.c). */
#define CM_CORRECTNESS (-1)
#define CM_FUZZY (-2)
#define CM_RETRIEVAL (-3)   /* a retrieval metric: rp_retrieval_metric_parse() of the name */
#define CM_IMPORTED (-4)    /* score:NAME, a score of convqa import-scores */
#define SCORE_PREFIX "score:"
static const struct compare_metric {
	const char *name;
	int auto_m;                    /* CM_CORRECTNESS: the field of role correctness; CM_FUZZY */
	const char *label;
} compare_metrics[] = {
	{ "correctness", CM_CORRECTNESS, "" },
	{ "fuzzy", CM_FUZZY, "fuzzy fact inclusion" },
	{ "em", 0, "EM" },
	{ "f1", 1, "F1" },
	{ "scai_em", 2, "SCAI EM" },
	{ "bleu1", 3, "BLEU-1" },
	{ "rouge1_r", 4, "ROUGE-1 R" },
	{ "rouge_l", 5, "ROUGE-L F" },
};
_Static_assert(RP_N_AUTO == 6, "compare_metrics[] names the columns of rp_auto_scores()");

const char *report_metric_name(size_t i)
{
	return i < ARRAY_SIZE(compare_metrics) ? compare_metrics[i].name : NULL;
}

static const struct compare_metric *metric_of(const struct report_options *o)
{
	static const struct compare_metric retrieval = { "retrieval", CM_RETRIEVAL, "" };
	static const struct compare_metric imported = { "imported", CM_IMPORTED, "" };
	int m;
	size_t k;
	for (size_t i = 0; o->compare_metric && i < ARRAY_SIZE(compare_metrics); i++)
		if (strcmp(compare_metrics[i].name, o->compare_metric) == 0)
			return &compare_metrics[i];
	if (o->compare_metric && rp_retrieval_metric_parse(o->compare_metric, &m, &k) == 0)
		return &retrieval;
	if (o->compare_metric && strncmp(o->compare_metric, SCORE_PREFIX, strlen(SCORE_PREFIX)) == 0)
		return &imported;
	return &compare_metrics[0];
}

unsigned rp_compare_needs(const struct report_options *o)
{
	if (!(o->sections & REPORT_SEC_COMPARE) || !o->n_compare)
		return 0;
	int m = metric_of(o)->auto_m;
	return m >= 0 ? RP_NEED_GOLD_ANSWERS | RP_NEED_AUTO_SCORES : m == CM_FUZZY ? RP_NEED_GOLD_ANSWERS :
	       m == CM_RETRIEVAL ? RP_NEED_R : 0;
}

int report_parse_metric(struct report_options *o, const char *name, struct error *err)
{
	int m;
	size_t k;
	for (size_t i = 0; i < ARRAY_SIZE(compare_metrics); i++)
		if (strcmp(compare_metrics[i].name, name) == 0) {
			o->compare_metric = compare_metrics[i].name;
			return 0;
		}
	if (rp_retrieval_metric_parse(name, &m, &k) == 0 ||
	    (strncmp(name, SCORE_PREFIX, strlen(SCORE_PREFIX)) == 0 && name[strlen(SCORE_PREFIX)])) {
		o->compare_metric = name;   /* borrowed: the option's text */
		return 0;
	}
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < ARRAY_SIZE(compare_metrics); i++)
		strbuf_addf(&sb, "%s, ", compare_metrics[i].name);
	strbuf_adds(&sb, "mrr, map, hr@K, p@K, r@K, ndcg@K or score:NAME");
	error_set(err, ST_USAGE, "unknown metric '%s' (expected: %s)", name, strbuf_str(&sb));
	strbuf_release(&sb);
	return -1;
}

int rp_compare_applies(const struct rp_ctx *c)
{
	return c->o->n_compare >= 2;
}

/* Per compared system and turn: the sum and count of its values. */
struct per_turn {
	double *sum;
	long *n;
	long no_consensus;             /* the role's values without consensus */
};

/* One pair's figures. */
struct pair_result {
	size_t a, b;                   /* indexes into o->compare */
	size_t n;
	long only_a, only_b, a_higher, b_higher;
	double mean_a, mean_b, diff, lo, hi, p, p_adj;
	int has_diff, has_p, exact;
	int shared;                    /* the bootstrap: by shared_bootstrap() */
	const char *why;               /* no p: the reason */
};

/* The systems' indexes in d->systems; ST_INPUT (listing the project's) for
 * a name it does not have. */
static enum status find_systems(const struct rp_ctx *c, long *sys)
{
	const struct rp_data *d = c->d;
	for (size_t k = 0; k < c->o->n_compare; k++) {
		sys[k] = -1;
		for (size_t s = 0; s < d->n_systems; s++)
			if (strcmp(d->systems[s], c->o->compare[k]) == 0)
				sys[k] = (long)s;
		if (sys[k] >= 0)
			continue;
		struct strbuf sb = STRBUF_INIT;
		for (size_t s = 0; s < d->n_systems; s++)
			strbuf_addf(&sb, "%s%s", s ? ", " : "", d->systems[s]);
		enum status st = error_set(c->err, ST_INPUT, "--compare: the project has no system '%s' (its "
					   "systems: %s)", c->o->compare[k], sb.len ? strbuf_str(&sb) : "none");
		strbuf_release(&sb);
		return st;
	}
	return ST_OK;
}

/* Add value v of item it to its system's (slot) turn. */
static void add_value(struct per_turn *pt, long slot, size_t nt, const struct rp_item *it, double v)
{
	pt->sum[(size_t)slot * nt + it->turn] += v;
	pt->n[(size_t)slot * nt + it->turn]++;
}

/* The values of an imported score (score:NAME) of the compared systems'
 * items (in the selection, as section automatic's). */
static enum status collect_imported(const struct rp_ctx *c, const long *slot, struct per_turn *pt)
{
	const struct rp_data *d = c->d;
	const char *name = c->o->compare_metric + strlen(SCORE_PREFIX);
	int scope = c->round_given || c->o->n_raters;
	struct rp_imported im;
	enum status st = rp_imported_load(c, &im);
	size_t k = 0;
	while (st == ST_OK && k < im.n_names && strcmp(im.names[k], name) != 0)
		k++;
	if (st == ST_OK && k == im.n_names) {
		struct strbuf sb = STRBUF_INIT;
		for (size_t j = 0; j < im.n_names; j++)
			strbuf_addf(&sb, "%sscore:%s", j ? ", " : "", im.names[j]);
		st = error_set(c->err, ST_INPUT, "--metric %s: the project has no imported score '%s' (%s%s)",
			       c->o->compare_metric, name, im.n_names ? "imported: " : "import one with convqa import-scores",
			       strbuf_str(&sb));
		strbuf_release(&sb);
	}
	for (size_t i = 0; st == ST_OK && i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		double v = im.val[i * im.n_names + k];
		if (slot[it->system] >= 0 && !isnan(v) && !(scope && !it->in_round))
			add_value(pt, slot[it->system], d->n_turns, it, v);
	}
	rp_imported_release(&im);
	return st;
}

/* The values of every compared system per turn: slot[s] is system s's
 * place in o->compare, -1 when not compared. */
static void collect(const struct rp_ctx *c, const long *slot, struct per_turn *pt)
{
	const struct rp_data *d = c->d;
	const struct compare_metric *m = metric_of(c->o);
	size_t nt = d->n_turns;
	int scope = c->round_given || c->o->n_raters;   /* as section automatic: the items labelled there */
	if (m->auto_m >= 0 || m->auto_m == CM_FUZZY) {   /* of the answers, not of the labels */
		for (size_t i = 0; i < d->n_items; i++) {
			const struct rp_item *it = &d->items[i];
			const struct rp_turn *tu = &d->turns[it->turn];
			if (slot[it->system] < 0 || tu->n_gold_ans == 0 || (scope && !it->in_round))
				continue;
			if (m->auto_m >= 0 && (!c->auto_scored || !c->auto_scored[i]))
				continue;
			add_value(pt, slot[it->system], nt, it,
				  m->auto_m >= 0 ? c->auto_val[i * RP_N_AUTO + (size_t)m->auto_m] :
				  metrics_fuzzy_inclusion(it->answer, (const char *const *)d->gold_answers + tu->gold_ans,
							  tu->n_gold_ans, c->o->fuzzy_threshold));
		}
		return;
	}
	const struct rp_layer *L = c->layer;
	int rm = 0;
	size_t rk = 0;
	if (m->auto_m == CM_RETRIEVAL)
		rp_retrieval_metric_parse(c->o->compare_metric, &rm, &rk);
	for (size_t i = 0; i < L->n_obs; i++) {
		const struct rp_obs *ob = &L->obs[i];
		const struct rp_item *it = &d->items[ob->item];
		double x;
		if (slot[it->system] < 0)
			continue;
		if (m->auto_m == CM_RETRIEVAL) {
			if (ob->rel_no_consensus)
				pt->no_consensus++;
			if (rp_retrieval_value(d, L, ob, rm, rk, &x))
				add_value(pt, slot[it->system], nt, it, x);
			continue;
		}
		int v = rp_correct_code(d, L, ob);
		if (v == RP_NO_CONSENSUS)
			pt->no_consensus++;
		if (v < 0)
			continue;
		add_value(pt, slot[it->system], nt, it, v >= d->correctness.threshold);
	}
}

static void run_test(const struct report_options *o, const double *x, const double *y, struct pair_result *r)
{
	enum metrics_status st = METRICS_OK;
	r->has_diff = metrics_mean_difference(x, y, r->n, METRICS_Z95, &r->diff, &r->lo, &r->hi) == METRICS_OK;
	if (!r->has_diff) {
		r->why = "no items with values of both";
		return;
	}
	switch (o->test) {
	case REPORT_TEST_PERMUTATION:
		st = metrics_paired_permutation(x, y, r->n, o->resamples, o->seed, &r->p, &r->exact);
		break;
	case REPORT_TEST_BOOTSTRAP:
		if (!r->shared)
			st = metrics_paired_bootstrap(x, y, r->n, o->resamples, o->seed, &r->lo, &r->hi, &r->p);
		break;
	case REPORT_TEST_MCNEMAR:
		st = metrics_mcnemar(x, y, r->n, &r->a_higher, &r->b_higher, &r->p);
		r->exact = 1;
		break;
	}
	r->has_p = st == METRICS_OK;
	if (st == METRICS_BAD_ARGUMENT && o->test == REPORT_TEST_MCNEMAR)
		r->why = "McNemar needs one value 0 or 1 per item (raters who disagree give a fraction: choose a "
			 "--consensus, or the permutation test)";
	else if (!r->has_p)
		r->why = metrics_status_message(st);
}

/* Pair (a, b) on the turns where both have a value. */
static void compare_pair(const struct rp_ctx *c, const struct per_turn *pt, struct pair_result *r, double *x,
			 double *y)
{
	size_t nt = c->d->n_turns;
	double sa = 0.0, sb = 0.0;
	const long *na = pt->n + r->a * nt, *nb = pt->n + r->b * nt;
	for (size_t t = 0; t < nt; t++) {
		if (na[t] && !nb[t])
			r->only_a++;
		if (nb[t] && !na[t])
			r->only_b++;
		if (!na[t] || !nb[t])
			continue;
		x[r->n] = pt->sum[r->a * nt + t] / (double)na[t];
		y[r->n] = pt->sum[r->b * nt + t] / (double)nb[t];
		sa += x[r->n];
		sb += y[r->n];
		r->a_higher += x[r->n] > y[r->n];
		r->b_higher += x[r->n] < y[r->n];
		r->n++;
	}
	if (r->n) {
		r->mean_a = sa / (double)r->n;
		r->mean_b = sb / (double)r->n;
	}
	run_test(c->o, x, y, r);
}

/* Whether every compared system has values for the same turns (at least
 * one): then the bootstrap's draws are shared by the pairs. */
static int same_turns(const struct rp_ctx *c, const struct per_turn *pt)
{
	size_t nt = c->d->n_turns, n = 0;
	for (size_t t = 0; t < nt; t++) {
		n += pt->n[t] != 0;
		for (size_t k = 1; k < c->o->n_compare; k++)
			if ((pt->n[k * nt + t] != 0) != (pt->n[t] != 0))
				return 0;
	}
	return n > 0;
}

/* The bootstrap of every pair at once (metrics_bootstrap_systems(): the
 * same figures as pair by pair, the draws made once). */
static void shared_bootstrap(const struct rp_ctx *c, const struct per_turn *pt, struct pair_result *res,
			     size_t n_pairs)
{
	size_t nt = c->d->n_turns, nk = c->o->n_compare, n = 0;
	double *vals = xmalloc((nk * nt + 1) * sizeof(*vals));
	const double *v[REPORT_MAX_COMPARE];
	struct metrics_boot_pair *bp = xmalloc((n_pairs + 1) * sizeof(*bp));
	for (size_t t = 0; t < nt; t++) {
		if (!pt->n[t])
			continue;
		for (size_t k = 0; k < nk; k++)
			vals[k * nt + n] = pt->sum[k * nt + t] / (double)pt->n[k * nt + t];
		n++;
	}
	for (size_t k = 0; k < nk; k++)
		v[k] = vals + k * nt;
	for (size_t i = 0; i < n_pairs; i++)
		bp[i] = (struct metrics_boot_pair){ res[i].a, res[i].b, 0, 0, 0 };
	enum metrics_status st = metrics_bootstrap_systems(v, nk, n, c->o->resamples, c->o->seed, bp, n_pairs);
	for (size_t i = 0; i < n_pairs; i++) {
		res[i].has_p = st == METRICS_OK;
		res[i].lo = bp[i].lo;
		res[i].hi = bp[i].hi;
		res[i].p = bp[i].p;
		if (st != METRICS_OK)
			res[i].why = metrics_status_message(st);
	}
	free(vals);
	free(bp);
}

/* Holm's adjustment over the pairs that have a p. */
static void holm(struct pair_result *res, size_t n_pairs, int none)
{
	double *p = xmalloc((n_pairs + 1) * sizeof(*p)), *adj = xmalloc((n_pairs + 1) * sizeof(*adj));
	size_t m = 0;
	for (size_t i = 0; i < n_pairs; i++)
		if (res[i].has_p)
			p[m++] = res[i].p;
	if (none)
		memcpy(adj, p, m * sizeof(*p));
	else
		metrics_holm(p, m, adj);
	m = 0;
	for (size_t i = 0; i < n_pairs; i++)
		if (res[i].has_p)
			res[i].p_adj = adj[m++];
	free(p);
	free(adj);
}

static const char *test_name(const struct report_options *o, const struct pair_result *r, char *buf, size_t size)
{
	if (!r->has_p)
		return o->test == REPORT_TEST_PERMUTATION ? "permutation" :
		       o->test == REPORT_TEST_BOOTSTRAP ? "bootstrap" : "McNemar";
	switch (o->test) {
	case REPORT_TEST_PERMUTATION:
		if (r->exact)
			return "permutation, exact";
		snprintf(buf, size, "permutation, %ld flips", o->resamples);
		return buf;
	case REPORT_TEST_BOOTSTRAP:
		snprintf(buf, size, "bootstrap, %ld resamples", o->resamples);
		return buf;
	case REPORT_TEST_MCNEMAR:
		return "McNemar, exact";
	}
	return "";
}

static struct rtable *pairs_table(const struct rp_ctx *c, struct rsection *sec)
{
	struct rtable *t = rsection_table(sec, "pairs", "Pairs", "pair", "items");
	rtable_col(t, "a", "A", RF_TEXT, 0);
	rtable_col(t, "b", "B", RF_TEXT, 0);
	rtable_col(t, "mean_a", "mean A", RF_FRACTION, 0);
	rtable_col(t, "mean_b", "mean B", RF_FRACTION, 0);
	rtable_col(t, "difference", "A - B", RF_FRACTION, 0);
	rtable_col(t, "a_higher", "A higher", RF_COUNT, 0);
	rtable_col(t, "b_higher", "B higher", RF_COUNT, 0);
	rtable_col(t, "test", "test", RF_TEXT, 0);
	rtable_col(t, "p", "p", RF_PVALUE, 0);
	rtable_col(t, "p_adjusted", c->o->no_correction ? "p (uncorrected)" : "p (Holm)", RF_PVALUE, 0);
	rtable_col(t, "significant", "significant", RF_TEXT, 0);
	rtable_col(t, "only_a", "only A", RF_COUNT, 0);
	rtable_col(t, "only_b", "only B", RF_COUNT, 0);
	return t;
}

static void pair_row(const struct rp_ctx *c, struct rtable *t, const struct pair_result *r)
{
	const struct report_options *o = c->o;
	char group[512], buf[64];
	snprintf(group, sizeof(group), "%s vs %s", o->compare[r->a], o->compare[r->b]);
	struct rrow *row = rtable_row(t, group, (long)r->n);
	rcell_text(row, 0, o->compare[r->a]);
	rcell_text(row, 1, o->compare[r->b]);
	rcell_count(row, 5, r->a_higher);
	rcell_count(row, 6, r->b_higher);
	rcell_text(row, 7, test_name(o, r, buf, sizeof(buf)));
	rcell_count(row, 11, r->only_a);
	rcell_count(row, 12, r->only_b);
	if (!r->has_diff) {
		for (int col = 2; col <= 4; col++)
			rcell_undef(row, col, 0, "%s", r->why);
	} else {
		rcell_num(row, 2, r->mean_a, (long)r->n);
		rcell_num(row, 3, r->mean_b, (long)r->n);
		rcell_num(row, 4, r->diff, (long)r->n);
		rcell_ci(row, 4, r->lo, r->hi);
	}
	if (!r->has_p) {
		for (int col = 8; col <= 10; col++)
			rcell_undef(row, col, (long)r->n, "%s", r->why);
		return;
	}
	rcell_num(row, 8, r->p, (long)r->n);
	rcell_num(row, 9, r->p_adj, (long)r->n);
	rcell_text(row, 10, r->p_adj <= o->alpha ? "yes" : "no");
}

static void test_notes(const struct rp_ctx *c, struct rsection *sec)
{
	const struct report_options *o = c->o;
	switch (o->test) {
	case REPORT_TEST_PERMUTATION:
		rsection_note(sec, "A - B = mean A - mean B over the items both have, with a 95%% interval by the "
				   "normal approximation (difference +- 1.96 s / sqrt(n), s the standard deviation of "
				   "the n differences).");
		rsection_note(sec, "Test: paired permutation (randomisation) test, two-sided: the signs of the n "
				   "differences flipped at random; p = the share of sign flips whose sum is at least as "
				   "far from 0 as the observed one. Exact (all 2^n flips, weighed by groups of equal "
				   "differences) when they give at most %ld sums to weigh; else %ld random flips, "
				   "p = (1 + flips as far) / (%ld + 1); seed %llu.", METRICS_PERM_EXACT_STATES,
			      o->resamples, o->resamples, (unsigned long long)o->seed);
		break;
	case REPORT_TEST_BOOTSTRAP:
		rsection_note(sec, "A - B = mean A - mean B over the items both have, with a 95%% percentile "
				   "interval: the 2.5%% and 97.5%% quantiles of the bootstrap differences.");
		rsection_note(sec, "Test: paired bootstrap, two-sided: %ld resamples of the n items with "
				   "replacement, seed %llu; p = (1 + resamples whose difference D* is at least as far "
				   "from D as D is from 0) / (%ld + 1) (the resamples shifted to the null hypothesis, "
				   "Efron and Tibshirani 1993).", o->resamples, (unsigned long long)o->seed,
			      o->resamples);
		break;
	case REPORT_TEST_MCNEMAR:
		rsection_note(sec, "A - B = mean A - mean B over the items both have, with a 95%% interval by the "
				   "normal approximation (difference +- 1.96 s / sqrt(n)).");
		rsection_note(sec, "Test: McNemar's exact test, two-sided: the items only A has right (A higher) "
				   "against Binomial(A higher + B higher, 1/2); p = 1 without such items. Needs one "
				   "value 0 or 1 per item.");
		break;
	}
	if (o->no_correction)
		rsection_note(sec, "No correction over the pairs (--correction none; pairs: %zu): significant = p "
				   "at or below alpha = %g.", o->n_compare * (o->n_compare - 1) / 2, o->alpha);
	else
		rsection_note(sec, "p (Holm): Holm's step-down correction over the pairs that have a p (pairs of "
				   "the %zu systems: %zu); significant = adjusted p at or below alpha = %g.",
			      o->n_compare, o->n_compare * (o->n_compare - 1) / 2, o->alpha);
}

static void metric_notes(const struct rp_ctx *c, struct rsection *sec, const struct per_turn *pt)
{
	const struct compare_metric *m = metric_of(c->o);
	const struct rp_role *role = &c->d->correctness;
	if (m->auto_m == CM_FUZZY) {
		rsection_note(sec, "Metric: seed 003's fuzzy fact inclusion of each answer (1 when it includes a gold "
				   "answer of its turn with a similarity of %g or more, else 0; docs/metrics.md, "
				   "Variants); turns without a gold answer have no value.", c->o->fuzzy_threshold);
	} else if (m->auto_m == CM_IMPORTED) {
		rsection_note(sec, "Metric: the imported score %s of each answer (convqa import-scores); items without "
				   "it have no value.", c->o->compare_metric + strlen(SCORE_PREFIX));
	} else if (m->auto_m >= 0) {
		rsection_note(sec, "Metric: %s of each answer against the gold answers of its turn (as in section "
				   "automatic); turns without a gold answer have no value.", m->label);
	}
	if (m->auto_m == CM_RETRIEVAL) {
		rsection_note(sec, "Metric: %s of each ranking, as section retrieval computes it (relevance from %s; "
				   "R = the passages known relevant for the turn); without a consensus, the mean of "
				   "the raters' values.", c->o->compare_metric, c->d->relevance.name);
		if (rp_is_consensus(c->layer->kind))
			rsection_note(sec, "Rankings with a passage without consensus (no value): %ld.",
				      pt->no_consensus);
	}
	if ((m->auto_m >= 0 || m->auto_m == CM_FUZZY || m->auto_m == CM_IMPORTED) && (c->round_given || c->o->n_raters))
		rsection_note(sec, "With --round or --raters, only the items labelled in that selection.");
	if (m->auto_m == CM_CORRECTNESS) {
		rsection_note(sec, "Metric: %s per item: 1 when its value is %s (the threshold) or above, else 0; "
				   "without a consensus, the mean of the raters' values.", role->name,
			      role->f->categories[role->threshold].value);
		if (rp_is_consensus(c->layer->kind))
			rsection_note(sec, "Judgements without consensus on %s (no value): %ld.", role->name,
				      pt->no_consensus);
	}
	rsection_note(sec, "Each pair is compared on the turns both systems have a value for (n); turns only "
			   "one has a value for are left out, counted in columns \"only A\" and \"only B\". "
			   "A higher / B higher: items where A's value is above B's, below it.");
}

enum status rp_compare(struct rp_ctx *c)
{
	const struct report_options *o = c->o;
	const struct rp_data *d = c->d;
	long sys[REPORT_MAX_COMPARE], *slot;
	enum status st = find_systems(c, sys);
	if (st != ST_OK)
		return st;
	const struct compare_metric *m = metric_of(o);
	if (m->auto_m == CM_RETRIEVAL && d->relevance.task < 0)
		return error_set(c->err, ST_INPUT, "--compare --metric %s: no task of the report has a field of role "
				 "relevance with labels (label the passages, or name the task with --task)",
				 o->compare_metric);
	if (m->auto_m == CM_CORRECTNESS && d->correctness.task < 0)
		return error_set(c->err, ST_INPUT, "--compare: no task of the report has a field of role correctness "
				 "with labels (label the answers, name the task with --task, or compare an automatic "
				 "metric with --metric)");
	size_t nt = d->n_turns, n_pairs = o->n_compare * (o->n_compare - 1) / 2;
	struct per_turn pt = { xcalloc(o->n_compare * nt + 1, sizeof(double)),
			       xcalloc(o->n_compare * nt + 1, sizeof(long)), 0 };
	slot = xmalloc((d->n_systems + 1) * sizeof(*slot));
	for (size_t s = 0; s < d->n_systems; s++)
		slot[s] = -1;
	for (size_t k = 0; k < o->n_compare; k++)
		slot[sys[k]] = (long)k;
	if (m->auto_m == CM_IMPORTED)
		st = collect_imported(c, slot, &pt);
	else
		collect(c, slot, &pt);
	if (st != ST_OK) {
		free(slot);
		free(pt.sum);
		free(pt.n);
		return st;
	}
	struct pair_result *res = xcalloc(n_pairs + 1, sizeof(*res));
	double *x = xmalloc((nt + 1) * sizeof(*x)), *y = xmalloc((nt + 1) * sizeof(*y));
	size_t i = 0;
	int shared = o->test == REPORT_TEST_BOOTSTRAP && same_turns(c, &pt);
	for (size_t a = 0; a < o->n_compare; a++)
		for (size_t b = a + 1; b < o->n_compare; b++, i++) {
			res[i].a = a;
			res[i].b = b;
			res[i].shared = shared;
			compare_pair(c, &pt, &res[i], x, y);
		}
	if (shared)
		shared_bootstrap(c, &pt, res, n_pairs);
	holm(res, n_pairs, o->no_correction);
	char *title = xasprintf("Comparing systems: %s, paired",
				m->auto_m == CM_RETRIEVAL || m->auto_m == CM_IMPORTED ? o->compare_metric :
				m->auto_m != CM_CORRECTNESS ? m->label : d->correctness.name);
	struct rsection *sec = report_section(c->r, "compare", title);
	free(title);
	struct rtable *t = pairs_table(c, sec);
	for (i = 0; i < n_pairs; i++)
		pair_row(c, t, &res[i]);
	metric_notes(c, sec, &pt);
	test_notes(c, sec);
	free(x);
	free(y);
	free(res);
	free(slot);
	free(pt.sum);
	free(pt.n);
	return ST_OK;
}
