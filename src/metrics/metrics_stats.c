/* metrics_stats.c - means, correlations, intervals and quantiles (see
 * metrics_stats.h). */
#include "convqa/metrics_stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/common.h"

static const char *const status_messages[] = {
	[METRICS_OK] = "ok",
	[METRICS_EMPTY] = "no data",
	[METRICS_TOO_FEW_POINTS] = "fewer than 2 points",
	[METRICS_ZERO_VARIANCE] = "a variable is constant",
	[METRICS_BAD_ARGUMENT] = "argument out of range",
};

const char *metrics_status_message(enum metrics_status st)
{
	if ((unsigned)st >= sizeof(status_messages) / sizeof(status_messages[0]))
		return "unknown status";
	return status_messages[st];
}

/* ---- macro average -------------------------------------------------------- */

void metrics_mean_add(struct metrics_mean *m, double x)
{
	m->sum += x;
	m->n++;
}

enum metrics_status metrics_mean_value(const struct metrics_mean *m, double *out)
{
	if (m->n <= 0)
		return METRICS_EMPTY;
	*out = m->sum / (double)m->n;
	return METRICS_OK;
}

/* ---- correlation ------------------------------------------------------------ */

static int is_constant(const double *v, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (v[i] != v[0])
			return 0;
	return 1;
}

static double clamp_unit(double r)
{
	return r > 1.0 ? 1.0 : r < -1.0 ? -1.0 : r;
}

enum metrics_status metrics_pearson(const double *x, const double *y, size_t n,
				    double *r)
{
	double mx = 0.0, my = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0;
	size_t i;

	if (n < 2)
		return METRICS_TOO_FEW_POINTS;
	if (is_constant(x, n) || is_constant(y, n))
		return METRICS_ZERO_VARIANCE;
	for (i = 0; i < n; i++) {
		mx += x[i];
		my += y[i];
	}
	mx /= (double)n;
	my /= (double)n;
	for (i = 0; i < n; i++) {
		double dx = x[i] - mx, dy = y[i] - my;
		sxx += dx * dx;
		syy += dy * dy;
		sxy += dx * dy;
	}
	*r = clamp_unit(sxy / sqrt(sxx * syy));
	return METRICS_OK;
}

struct valued {
	double v;
	size_t i;
};

/* A stable merge sort of v[0..n) of type by before(a, b) (tmp: n scratch
 * entries), one function per type. The correlations sort tens of thousands
 * of pairs several times per report: an inlined comparison is about three
 * times as fast as qsort's callback. */
#define DEFINE_MERGE_SORT(name, type, before)                                  \
	static void name(type *v, type *tmp, size_t n)                          \
	{                                                                       \
		size_t mid = n / 2, i = 0, j = mid, o = 0;                      \
		if (n < 2)                                                      \
			return;                                                 \
		name(v, tmp, mid);                                              \
		name(v + mid, tmp, n - mid);                                    \
		if (!before(&v[mid], &v[mid - 1]))                              \
			return;   /* already in order */                        \
		while (i < mid && j < n)                                        \
			tmp[o++] = before(&v[j], &v[i]) ? v[j++] : v[i++];      \
		while (i < mid)                                                 \
			tmp[o++] = v[i++];                                      \
		while (j < n)                                                   \
			tmp[o++] = v[j++];                                      \
		memcpy(v, tmp, n * sizeof(*v));                                 \
	}

static int valued_before(const struct valued *a, const struct valued *b)
{
	return a->v < b->v;
}

DEFINE_MERGE_SORT(sort_valued, struct valued, valued_before)

/* rank[i]: 1-based position of v[i] in ascending order, ties sharing the
 * mean of their positions. (Inputs are finite, so a plain comparison
 * sorts them; ascending ranks for both variables give the same rho as
 * descending ones.) */
static void average_ranks(const double *v, size_t n, double *rank)
{
	struct valued *s = xmalloc(n * sizeof(*s)), *tmp = xmalloc(n * sizeof(*tmp));
	size_t i, j;

	for (i = 0; i < n; i++) {
		s[i].v = v[i];
		s[i].i = i;
	}
	sort_valued(s, tmp, n);
	for (i = 0; i < n; i = j) {
		double mean;
		for (j = i + 1; j < n && s[j].v == s[i].v; j++)
			;
		mean = (double)(i + 1 + j) / 2.0;   /* of positions i+1..j */
		while (i < j)
			rank[s[i++].i] = mean;
	}
	free(s);
	free(tmp);
}

enum metrics_status metrics_spearman(const double *x, const double *y, size_t n,
				     double *rho)
{
	double *rx, *ry;
	enum metrics_status st;

	if (n < 2)
		return METRICS_TOO_FEW_POINTS;
	rx = xmalloc(n * sizeof(*rx));
	ry = xmalloc(n * sizeof(*ry));
	average_ranks(x, n, rx);
	average_ranks(y, n, ry);
	st = metrics_pearson(rx, ry, n, rho);
	free(rx);
	free(ry);
	return st;
}

/* Knight's (1966) O(n log n) algorithm: sort the pairs by x then y, count
 * the pairs tied in x (n1) and in both (n3), then merge-sort by y counting
 * the exchanges, which are the discordant pairs (S); n2 counts the pairs tied
 * in y. Then C - D = n0 - n1 - n2 + n3 - 2 S. */
struct xy {
	double x, y;
};

static int xy_before(const struct xy *a, const struct xy *b)
{
	return a->x < b->x || (a->x == b->x && a->y < b->y);
}

/* by x, then y */
DEFINE_MERGE_SORT(sort_xy, struct xy, xy_before)

/* Stable merge sort of v[0..n) by y (tmp: n scratch entries); returns the
 * number of exchanges a bubble sort would make (pairs out of order). */
static double sort_y_count_swaps(struct xy *v, struct xy *tmp, size_t n)
{
	size_t mid = n / 2, i = 0, j = mid, o = 0;
	double swaps;

	if (n < 2)
		return 0.0;
	swaps = sort_y_count_swaps(v, tmp, mid) + sort_y_count_swaps(v + mid, tmp, n - mid);
	while (i < mid && j < n) {
		if (v[j].y < v[i].y) {
			swaps += (double)(mid - i);
			tmp[o++] = v[j++];
		} else {
			tmp[o++] = v[i++];
		}
	}
	while (i < mid)
		tmp[o++] = v[i++];
	while (j < n)
		tmp[o++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
	return swaps;
}

static double tied_pairs(double run)
{
	return run * (run - 1.0) / 2.0;
}

enum metrics_status metrics_kendall_tau_b(const double *x, const double *y,
					  size_t n, double *tau)
{
	struct xy *v, *tmp;
	double n0, n1 = 0, n2 = 0, n3 = 0, swaps;
	size_t i, j;

	if (n < 2)
		return METRICS_TOO_FEW_POINTS;
	v = xmalloc(n * sizeof(*v));
	tmp = xmalloc(n * sizeof(*tmp));
	for (i = 0; i < n; i++) {
		v[i].x = x[i];
		v[i].y = y[i];
	}
	sort_xy(v, tmp, n);
	for (i = 0; i < n; i = j) {
		size_t k, l;
		for (j = i + 1; j < n && v[j].x == v[i].x; j++)
			;
		n1 += tied_pairs((double)(j - i));
		for (k = i; k < j; k = l) {
			for (l = k + 1; l < j && v[l].y == v[k].y; l++)
				;
			n3 += tied_pairs((double)(l - k));
		}
	}
	swaps = sort_y_count_swaps(v, tmp, n);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && v[j].y == v[i].y; j++)
			;
		n2 += tied_pairs((double)(j - i));
	}
	free(v);
	free(tmp);
	n0 = tied_pairs((double)n);
	if (n1 == n0 || n2 == n0)
		return METRICS_ZERO_VARIANCE;
	*tau = clamp_unit((n0 - n1 - n2 + n3 - 2.0 * swaps) / sqrt((n0 - n1) * (n0 - n2)));
	return METRICS_OK;
}

/* ---- intervals and quantiles -------------------------------------------------- */

enum metrics_status metrics_wilson_interval(long successes, long n, double z,
					    double *lo, double *hi)
{
	double p, z2, denom, centre, half;

	if (n == 0)
		return METRICS_EMPTY;
	if (n < 0 || successes < 0 || successes > n || !(z > 0))
		return METRICS_BAD_ARGUMENT;
	p = (double)successes / (double)n;
	z2 = z * z;
	denom = 1.0 + z2 / (double)n;
	centre = (p + z2 / (2.0 * (double)n)) / denom;
	half = z * sqrt(p * (1.0 - p) / (double)n +
			z2 / (4.0 * (double)n * (double)n)) / denom;
	*lo = successes == 0 ? 0.0 : fmax(0.0, centre - half);
	*hi = successes == n ? 1.0 : fmin(1.0, centre + half);
	return METRICS_OK;
}

/* The bits of a double as an unsigned key in the doubles' order (a NaN
 * with the sign bit first, one without last). */
static uint64_t order_key(double x)
{
	uint64_t u;
	memcpy(&u, &x, sizeof(u));
	return u >> 63 ? ~u : u | (UINT64_C(1) << 63);
}

static double key_double(uint64_t k)
{
	uint64_t u = k >> 63 ? k & ~(UINT64_C(1) << 63) : ~k;
	double x;
	memcpy(&x, &u, sizeof(x));
	return x;
}

/* v sorted ascending by a radix sort of the order keys, a byte a pass
 * (the passes whose byte is the same in every key skipped): linear, no
 * compare calls (qsort's were the time section's whole cost). */
static void sort_doubles(double *v, size_t n)
{
	uint64_t *a = xmalloc(n * sizeof(*a)), *b = xmalloc(n * sizeof(*b));
	size_t (*count)[256] = xcalloc(8, sizeof(*count));
	for (size_t i = 0; i < n; i++) {
		a[i] = order_key(v[i]);
		for (int p = 0; p < 8; p++)
			count[p][(a[i] >> (8 * p)) & 0xff]++;
	}
	for (int p = 0; p < 8; p++) {
		if (count[p][(a[0] >> (8 * p)) & 0xff] == n)
			continue;   /* one byte value: the pass moves nothing */
		size_t at = 0;
		for (int c = 0; c < 256; c++) {
			size_t k = count[p][c];
			count[p][c] = at;
			at += k;
		}
		for (size_t i = 0; i < n; i++)
			b[count[p][(a[i] >> (8 * p)) & 0xff]++] = a[i];
		uint64_t *t = a;
		a = b;
		b = t;
	}
	for (size_t i = 0; i < n; i++)
		v[i] = key_double(a[i]);
	free(a);
	free(b);
	free(count);
}

/* Type-7 quantile of values already sorted ascending. */
static double quantile_sorted(const double *v, size_t n, double p)
{
	double h = (double)(n - 1) * p, fl = floor(h);
	size_t lo = (size_t)fl;

	if (lo + 1 >= n)
		return v[n - 1];
	return v[lo] + (h - fl) * (v[lo + 1] - v[lo]);
}

static double *sorted_copy(const double *x, size_t n)
{
	double *v = xmalloc(n * sizeof(*v));

	memcpy(v, x, n * sizeof(*v));
	sort_doubles(v, n);
	return v;
}

enum metrics_status metrics_quantile(const double *x, size_t n, double p,
				     double *out)
{
	double *v;

	if (n == 0)
		return METRICS_EMPTY;
	if (!(p >= 0.0 && p <= 1.0))
		return METRICS_BAD_ARGUMENT;
	v = sorted_copy(x, n);
	*out = quantile_sorted(v, n, p);
	free(v);
	return METRICS_OK;
}

enum metrics_status metrics_summarize(const double *x, size_t n,
				      struct metrics_summary *out)
{
	double *v;

	if (n == 0)
		return METRICS_EMPTY;
	v = sorted_copy(x, n);
	out->n = n;
	out->min = v[0];
	out->q1 = quantile_sorted(v, n, 0.25);
	out->median = quantile_sorted(v, n, 0.5);
	out->q3 = quantile_sorted(v, n, 0.75);
	out->max = v[n - 1];
	free(v);
	return METRICS_OK;
}
