/* metrics_variants.c - the source documents' metric variants: modified
 * precision, nDCG with a 1/(i+1) discount, fuzzy fact inclusion (see
 * metrics_variants.h). */
#include "convqa/metrics_variants.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/common.h"
#include "convqa/metrics_answer.h"
#include "convqa/text.h"
#include "convqa/tokens.h"

static size_t relevant_in(const int *rel, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += rel[i] != 0;
	return k;
}

double metrics_modified_precision(const int *rel, size_t n, size_t R)
{
	size_t found = relevant_in(rel, n);
	if (R < found)
		R = found;
	return R ? (double)found / (double)R : 0.0;
}

double metrics_ndcg_rank_discount(const int *rel, size_t n, size_t R)
{
	double dcg = 0.0, ideal = 0.0;
	size_t found = relevant_in(rel, n);
	if (R < found)
		R = found;
	if (R == 0)
		return 0.0;
	for (size_t i = 0; i < n; i++)
		if (rel[i])
			dcg += 1.0 / (double)(i + 1);
	for (size_t i = 0; i < R; i++)
		ideal += 1.0 / (double)(i + 1);
	return dcg / ideal;
}

/* The code points of s (invalid bytes count one each) into a new array;
 * their number in *n. */
static uint32_t *code_points(const char *s, size_t *n)
{
	size_t len = strlen(s), k = 0;
	uint32_t *cp = xmalloc((len + 1) * sizeof(*cp));
	for (size_t i = 0; i < len;) {
		size_t l = text_utf8_decode(s + i, len - i, &cp[k]);
		if (l == 0) {
			cp[k] = (unsigned char)s[i];
			l = 1;
		}
		k++;
		i += l;
	}
	*n = k;
	return cp;
}

/* Sellers' approximate substring distance: the fewest edits turning some
 * substring of a[0..na) into g[0..ng), by columns of g (O(na) memory). */
static size_t substring_distance(const uint32_t *a, size_t na, const uint32_t *g, size_t ng)
{
	size_t *prev = xmalloc((na + 1) * sizeof(*prev)), *cur = xmalloc((na + 1) * sizeof(*cur)), best;
	for (size_t j = 0; j <= na; j++)
		prev[j] = 0;   /* the empty gold prefix matches anywhere for free */
	for (size_t i = 1; i <= ng; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= na; j++) {
			size_t sub = prev[j - 1] + (g[i - 1] != a[j - 1]);
			size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
			cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
		}
		size_t *t = prev;
		prev = cur;
		cur = t;
	}
	best = prev[0];
	for (size_t j = 1; j <= na; j++)
		if (prev[j] < best)
			best = prev[j];
	free(prev);
	free(cur);
	return best;
}

/* The same distance for a gold of at most 64 code points, a column of the
 * table per machine word (Myers 1999, "A fast bit-vector algorithm for
 * approximate string matching based on dynamic programming", in its
 * searching form: the first row is 0, so no 1 enters the horizontal
 * deltas). eq holds, for each distinct code point of g, the bits of its
 * places: an ASCII one by table, another by linear search (at most 64). */
static size_t substring_distance_bits(const uint32_t *a, size_t na, const uint32_t *g, size_t ng)
{
	uint32_t sym[64];
	uint64_t eq[64], ascii[128] = { 0 }, pv = ~UINT64_C(0), mv = 0, top = UINT64_C(1) << (ng - 1);
	size_t n_sym = 0, score = ng, best = ng;
	for (size_t i = 0; i < ng; i++) {
		size_t k = 0;
		if (g[i] < 128) {
			ascii[g[i]] |= UINT64_C(1) << i;
			continue;
		}
		while (k < n_sym && sym[k] != g[i])
			k++;
		if (k == n_sym) {
			sym[n_sym] = g[i];
			eq[n_sym++] = 0;
		}
		eq[k] |= UINT64_C(1) << i;
	}
	for (size_t j = 0; j < na; j++) {
		uint64_t e = a[j] < 128 ? ascii[a[j]] : 0;
		for (size_t k = 0; a[j] >= 128 && k < n_sym; k++)
			if (sym[k] == a[j]) {
				e = eq[k];
				break;
			}
		uint64_t xv = e | mv, xh = (((e & pv) + pv) ^ pv) | e;
		uint64_t ph = mv | ~(xh | pv), mh = pv & xh;
		if (ph & top)
			score++;
		else if (mh & top)
			score--;
		ph <<= 1;
		mh <<= 1;
		pv = mh | ~(xv | ph);
		mv = ph & xv;
		if (score < best)
			best = score;
	}
	return best;
}

double metrics_fuzzy_inclusion_score(const char *answer, const char *gold)
{
	char *na = tokens_normalize(answer), *ng = tokens_normalize(gold);
	size_t la, lg;
	uint32_t *a = code_points(na, &la), *g = code_points(ng, &lg);
	double score = lg == 0 ? (la == 0 ? 1.0 : 0.0) :
		       1.0 - (double)(lg <= 64 ? substring_distance_bits(a, la, g, lg) : substring_distance(a, la, g, lg)) /
				     (double)lg;
	free(a);
	free(g);
	free(na);
	free(ng);
	return score;
}

double metrics_fuzzy_inclusion(const char *answer, const char *const *golds, size_t n_golds,
			       double threshold)
{
	for (size_t i = 0; i < n_golds; i++)
		if (metrics_fuzzy_inclusion_score(answer, golds[i]) >= threshold)
			return 1.0;
	return 0.0;
}

int metrics_impossible(const char *const *golds, size_t n_golds)
{
	int empty = n_golds > 0;
	for (size_t i = 0; i < n_golds && empty; i++) {
		char *g = metrics_normalize_answer(golds[i]);
		empty = g[0] == '\0';
		free(g);
	}
	return empty;
}

size_t metrics_reader_first_correct(const char *const *cands, size_t n_cands, const char *const *golds,
				    size_t n_golds)
{
	for (size_t i = 0; i < n_cands && n_golds; i++)
		if (metrics_answer_max(METRICS_ANSWER_EM, cands[i], golds, n_golds, 1.0) == 1.0)
			return i + 1;
	return 0;
}
