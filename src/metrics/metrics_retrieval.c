/* metrics_retrieval.c - ranking and per-item retrieval metrics (see
 * metrics_retrieval.h). */
#include "convqa/metrics_retrieval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/common.h"

/* ---- ranking ------------------------------------------------------------ */

struct ranked {
	double score;
	const char *id;
	size_t index;
};

static int cmp_ranked(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;
	int a_nan = isnan(a->score), b_nan = isnan(b->score);

	if (a_nan != b_nan)
		return a_nan ? 1 : -1;
	if (!a_nan && a->score != b->score)
		return a->score > b->score ? -1 : 1;
	if (a->id && b->id) {
		int c = strcmp(b->id, a->id);   /* descending, like trec_eval */
		if (c)
			return c < 0 ? -1 : 1;
	} else if (a->id != b->id) {
		return a->id ? -1 : 1;          /* NULL ids after the others */
	}
	return a->index < b->index ? -1 : a->index > b->index;
}

void metrics_order_by_score(size_t *order, const double *scores,
			    const char *const *ids, size_t n)
{
	struct ranked *r;
	size_t i;

	if (n == 0)
		return;
	r = xmalloc(n * sizeof(*r));
	for (i = 0; i < n; i++) {
		r[i].score = scores[i];
		r[i].id = ids ? ids[i] : NULL;
		r[i].index = i;
	}
	qsort(r, n, sizeof(*r), cmp_ranked);
	for (i = 0; i < n; i++)
		order[i] = r[i].index;
	free(r);
}

/* ---- per-item retrieval metrics ------------------------------------------ */

static size_t cutoff(size_t n, size_t k)
{
	return (k == 0 || k > n) ? n : k;
}

static size_t count_relevant(const int *rel, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += rel[i] != 0;
	return c;
}

/* R as given, raised to the relevant passages actually seen in rel. */
static size_t effective_r(const int *rel, size_t n, size_t R)
{
	size_t seen = count_relevant(rel, n);

	return seen > R ? seen : R;
}

int metrics_hit_at_k(const int *rel, size_t n, size_t k)
{
	return count_relevant(rel, cutoff(n, k)) > 0;
}

double metrics_reciprocal_rank(const int *rel, size_t n, size_t k)
{
	size_t i, top = cutoff(n, k);

	for (i = 0; i < top; i++)
		if (rel[i])
			return 1.0 / (double)(i + 1);
	return 0.0;
}

double metrics_precision_at_k(const int *rel, size_t n, size_t k)
{
	size_t denom = k ? k : n;

	if (denom == 0)
		return 0.0;
	return (double)count_relevant(rel, cutoff(n, k)) / (double)denom;
}

double metrics_recall_at_k(const int *rel, size_t n, size_t k, size_t R)
{
	size_t r = effective_r(rel, n, R);

	if (r == 0)
		return 0.0;
	return (double)count_relevant(rel, cutoff(n, k)) / (double)r;
}

double metrics_average_precision(const int *rel, size_t n, size_t R)
{
	size_t i, found = 0, r = effective_r(rel, n, R);
	double sum = 0.0;

	if (r == 0)
		return 0.0;
	for (i = 0; i < n; i++) {
		if (!rel[i])
			continue;
		found++;
		sum += (double)found / (double)(i + 1);
	}
	return sum / (double)r;
}

/* log2(i + 2), the discount of rank i + 1: the first 64 from a table (the
 * values the C library's log2() gives, written out: a report computes
 * millions of them), the rest computed. */
static const double log2_table[64] = {
	1.0, 1.584962500721156, 2.0, 2.321928094887362,
	2.584962500721156, 2.807354922057604, 3.0, 3.169925001442312,
	3.321928094887362, 3.4594316186372973, 3.584962500721156, 3.700439718141092,
	3.807354922057604, 3.9068905956085187, 4.0, 4.087462841250339,
	4.169925001442312, 4.247927513443585, 4.321928094887363, 4.392317422778761,
	4.459431618637297, 4.523561956057013, 4.584962500721156, 4.643856189774724,
	4.700439718141092, 4.754887502163468, 4.807354922057604, 4.857980995127572,
	4.906890595608519, 4.954196310386875, 5.0, 5.044394119358453,
	5.087462841250339, 5.129283016944966, 5.169925001442312, 5.20945336562895,
	5.247927513443585, 5.285402218862249, 5.321928094887363, 5.357552004618084,
	5.392317422778761, 5.426264754702098, 5.459431618637297, 5.491853096329675,
	5.523561956057013, 5.554588851677638, 5.584962500721156, 5.614709844115208,
	5.643856189774724, 5.672425341971495, 5.700439718141092, 5.727920454563199,
	5.754887502163468, 5.78135971352466, 5.807354922057604, 5.832890014164741,
	5.857980995127572, 5.882643049361842, 5.906890595608519, 5.930737337562887,
	5.954196310386875, 5.977279923499917, 6.0, 6.022367813028454,
};

static double log2_rank(size_t i)
{
	return i < 64 ? log2_table[i] : log2((double)(i + 2));
}

double metrics_ndcg_at_k(const int *rel, size_t n, size_t k, size_t R)
{
	size_t i, top = cutoff(n, k), r = effective_r(rel, n, R);
	size_t ideal_n = (k && k < r) ? k : r;
	double dcg = 0.0, idcg = 0.0;

	if (r == 0)
		return 0.0;
	for (i = 0; i < top; i++)
		if (rel[i])
			dcg += 1.0 / log2_rank(i);
	for (i = 0; i < ideal_n; i++)
		idcg += 1.0 / log2_rank(i);
	return dcg / idcg;
}

double metrics_ndcg_graded_at_k(const int *gain, size_t n, size_t k, const int *ideal, size_t n_ideal)
{
	size_t i, top = cutoff(n, k), ideal_n = (k && k < n_ideal) ? k : n_ideal;
	double dcg = 0.0, idcg = 0.0;

	for (i = 0; i < ideal_n; i++)
		idcg += (double)ideal[i] / log2_rank(i);
	if (idcg <= 0.0)
		return 0.0;
	for (i = 0; i < top; i++)
		dcg += (double)gain[i] / log2_rank(i);
	return dcg / idcg;
}
