/* metrics_compare.c - paired tests between two systems, the difference of
 * their means with an interval, Holm's correction (see metrics_compare.h). */
#include "convqa/metrics_compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/common.h"

/* Sums that differ by less than this share of the largest possible sum are
 * ties: flips that reach the observed sum in another order of additions
 * count as reaching it. */
#define TIE_SHARE 1e-10

/* The bootstrap draws counts per value while the differences take at most
 * this many values (see resample_sum()). */
#define BOOT_GROUPS 64


/* ---- binomial(m, 1/2) ------------------------------------------------------- */

/* pmf[0..m] of Binomial(m, 1/2): from the middle outwards by the ratio of
 * neighbours, then normalised (no factorials, no underflow near the middle). */
static double *binom_half_pmf(long m)
{
	double *pmf = xmalloc(((size_t)m + 1) * sizeof(*pmf)), sum = 0.0;
	long mid = m / 2;
	pmf[mid] = 1.0;
	for (long k = mid; k < m; k++)   /* P(k+1)/P(k) = (m-k)/(k+1) */
		pmf[k + 1] = pmf[k] * (double)(m - k) / (double)(k + 1);
	for (long k = mid; k > 0; k--)   /* P(k-1)/P(k) = k/(m-k+1) */
		pmf[k - 1] = pmf[k] * (double)k / (double)(m - k + 1);
	for (long k = 0; k <= m; k++)
		sum += pmf[k];
	for (long k = 0; k <= m; k++)
		pmf[k] /= sum;
	return pmf;
}

enum metrics_status metrics_binomial_half_p(long k, long n, double *p)
{
	if (n < 0 || k < 0 || k > n)
		return METRICS_BAD_ARGUMENT;
	long lo = k < n - k ? k : n - k;
	if (2 * lo == n) {   /* k is the middle: every outcome is as far */
		*p = 1.0;
		return METRICS_OK;
	}
	double *pmf = binom_half_pmf(n), tail = 0.0;
	for (long i = 0; i <= lo; i++)
		tail += pmf[i];
	free(pmf);
	*p = fmin(1.0, 2.0 * tail);
	return METRICS_OK;
}

/* ---- difference and interval ------------------------------------------------------ */

enum metrics_status metrics_mean_difference(const double *a, const double *b, size_t n, double z,
					    double *diff, double *lo, double *hi)
{
	double sum = 0.0, ss = 0.0, mean, half;
	if (n == 0)
		return METRICS_EMPTY;
	if (!(z > 0))
		return METRICS_BAD_ARGUMENT;
	for (size_t i = 0; i < n; i++)
		sum += a[i] - b[i];
	mean = sum / (double)n;
	for (size_t i = 0; i < n; i++) {
		double e = a[i] - b[i] - mean;
		ss += e * e;
	}
	half = n > 1 ? z * sqrt(ss / (double)(n - 1)) / sqrt((double)n) : 0.0;
	*diff = mean;
	*lo = mean - half;
	*hi = mean + half;
	return METRICS_OK;
}

/* ---- permutation ------------------------------------------------------------------ */

/* The nonzero |d[i]| grouped by value: a sign flip of the pairs changes the
 * sum only through how many of each group are positive, so the flips of a
 * group of m equal values weigh like Binomial(m, 1/2). */
struct flips {
	double *v;       /* the distinct |d|, ascending */
	long *m;         /* how many items have it */
	long *pos;       /* how many of those have d > 0 */
	size_t k;
	double t;        /* |observed sum|, added as every flip's sum is */
	double tol;      /* sums within tol of t are ties */
	double **pmf;    /* exact weighing: Binomial(m[j], 1/2) */
	double p;        /* exact weighing: the weight of |sum| >= t */
};

static int cmp_abs(const void *pa, const void *pb)
{
	double a = fabs(*(const double *)pa), b = fabs(*(const double *)pb);
	return (a > b) - (a < b);
}

static void flips_init(struct flips *f, const double *a, const double *b, size_t n)
{
	double *d = xmalloc((n + 1) * sizeof(*d)), sum = 0.0, scale = 0.0;
	size_t nz = 0;
	memset(f, 0, sizeof(*f));
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			d[nz++] = a[i] - b[i];
	qsort(d, nz, sizeof(*d), cmp_abs);
	f->v = xmalloc((nz + 1) * sizeof(*f->v));
	f->m = xmalloc((nz + 1) * sizeof(*f->m));
	f->pos = xmalloc((nz + 1) * sizeof(*f->pos));
	for (size_t i = 0; i < nz; i++) {
		if (f->k == 0 || fabs(d[i]) != f->v[f->k - 1]) {
			f->v[f->k] = fabs(d[i]);
			f->m[f->k] = 0;
			f->pos[f->k++] = 0;
		}
		f->m[f->k - 1]++;
		f->pos[f->k - 1] += d[i] > 0;
	}
	for (size_t j = 0; j < f->k; j++) {
		sum += f->v[j] * (double)(2 * f->pos[j] - f->m[j]);
		scale += f->v[j] * (double)f->m[j];
	}
	f->t = fabs(sum);
	f->tol = TIE_SHARE * scale;
	free(d);
}

static void flips_release(struct flips *f)
{
	for (size_t j = 0; f->pmf && j < f->k; j++)
		free(f->pmf[j]);
	free(f->pmf);
	free(f->v);
	free(f->m);
	free(f->pos);
}

/* How many sums the flips of the groups give to weigh (capped past the limit). */
static long flips_states(const struct flips *f)
{
	long states = 1;
	for (size_t j = 0; j < f->k && states <= METRICS_PERM_EXACT_STATES; j++)
		states *= f->m[j] + 1;   /* both <= 2^20 + 1: no overflow */
	return states;
}

static void weigh(struct flips *f, size_t j, double sum, double w)
{
	if (j == f->k) {
		if (fabs(sum) >= f->t - f->tol)
			f->p += w;
		return;
	}
	for (long pos = 0; pos <= f->m[j]; pos++)
		weigh(f, j + 1, sum + f->v[j] * (double)(2 * pos - f->m[j]), w * f->pmf[j][pos]);
}

static double exact_p(struct flips *f)
{
	f->pmf = xcalloc(f->k + 1, sizeof(*f->pmf));
	for (size_t j = 0; j < f->k; j++)
		f->pmf[j] = binom_half_pmf(f->m[j]);
	f->p = 0.0;
	weigh(f, 0, 0.0, 1.0);
	return fmin(1.0, f->p);
}

/* Random bits drawn 64 at a time: a group of fewer than 64 items takes
 * only the bits it needs. */
struct bits {
	uint64_t state, buf;
	int n;                           /* unused bits left in buf */
};

/* The number of ones among m random bits. */
static long random_ones(struct bits *b, long m)
{
	long ones = 0;
	for (; m >= 64; m -= 64)
		ones += __builtin_popcountll(rng_next(&b->state));
	if (m > 0) {
		if (b->n < m) {
			b->buf = rng_next(&b->state);
			b->n = 64;
		}
		ones += __builtin_popcountll(b->buf & ((UINT64_C(1) << m) - 1));
		b->buf >>= m;
		b->n -= (int)m;
	}
	return ones;
}

static double resampled_p(const struct flips *f, long resamples, uint64_t seed)
{
	struct bits b = { seed, 0, 0 };
	long hits = 0;
	for (long r = 0; r < resamples; r++) {
		double sum = 0.0;
		for (size_t j = 0; j < f->k; j++)
			sum += f->v[j] * (double)(2 * random_ones(&b, f->m[j]) - f->m[j]);
		hits += fabs(sum) >= f->t - f->tol;
	}
	return (double)(hits + 1) / (double)(resamples + 1);
}

enum metrics_status metrics_paired_permutation(const double *a, const double *b, size_t n, long resamples,
					       uint64_t seed, double *p, int *exact)
{
	struct flips f;
	if (n == 0)
		return METRICS_EMPTY;
	if (resamples < 1)
		return METRICS_BAD_ARGUMENT;
	flips_init(&f, a, b, n);
	*exact = flips_states(&f) <= METRICS_PERM_EXACT_STATES;
	*p = *exact ? exact_p(&f) : resampled_p(&f, resamples, seed);
	flips_release(&f);
	return METRICS_OK;
}

/* ---- bootstrap -------------------------------------------------------------------- */

static int cmp_value(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return (a > b) - (a < b);
}

/* Whether d[0..n) holds at most max distinct values (a linear scan that
 * stops at the first value past max). */
static int distinct_at_most(const double *d, size_t n, size_t max)
{
	double seen[BOOT_GROUPS];
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		while (j < k && seen[j] != d[i])
			j++;
		if (j < k)
			continue;
		if (k == max)
			return 0;
		seen[k++] = d[i];
	}
	return 1;
}

/* A uniform double in [0, 1) (53 random bits). */
static double rng_unit(uint64_t *state)
{
	return (double)(rng_next(state) >> 11) * 0x1.0p-53;
}

/* A draw of Binomial(N, p) by inversion, searching outwards from the mode
 * (expected steps of the order of its standard deviation). */
static long rng_binomial(uint64_t *state, long N, double p)
{
	if (N == 0 || p <= 0.0)
		return 0;
	if (p >= 1.0)
		return N;
	long mode = (long)((double)(N + 1) * p), hi, lo;
	if (mode > N)
		mode = N;
	double odds = p / (1.0 - p), up, down;
	up = down = exp(lgamma((double)N + 1) - lgamma((double)mode + 1) - lgamma((double)(N - mode) + 1) +
			(double)mode * log(p) + (double)(N - mode) * log1p(-p));
	double u = rng_unit(state) - up;
	for (hi = lo = mode; u >= 0.0 && (up > 0.0 || down > 0.0) && (hi < N || lo > 0);) {
		if (hi < N) {
			up *= (double)(N - hi) / (double)(hi + 1) * odds;
			if ((u -= up) < 0.0)
				return hi + 1;
			hi++;
		}
		if (lo > 0) {
			down *= (double)lo / (double)(N - lo + 1) / odds;
			if ((u -= down) < 0.0)
				return lo - 1;
			lo--;
		}
	}
	return mode;   /* u within rounding of 1 */
}

/* The differences by value (ascending) with their counts; how many. */
static size_t group_values(const double *d, size_t n, double *value, long *count)
{
	double *s = xmalloc(n * sizeof(*s));
	size_t k = 0;
	memcpy(s, d, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_value);
	for (size_t i = 0; i < n; i++) {
		if (k == 0 || s[i] != value[k - 1]) {
			value[k] = s[i];
			count[k++] = 0;
		}
		count[k - 1]++;
	}
	free(s);
	return k;
}

/* One bootstrap resample's sum of differences with at most BOOT_GROUPS
 * distinct differences: the number of draws of each as a multinomial (a
 * binomial of the draws left per value), the same distribution as n draws
 * in far fewer steps. */
static double grouped_sum(uint64_t *state, size_t n, const double *value, const long *count, size_t k)
{
	double s = 0.0;
	long left = (long)n, items = (long)n;   /* draws left, items in the values left */
	for (size_t j = 0; j + 1 < k && left > 0; j++) {
		long x = rng_binomial(state, left, (double)count[j] / (double)items);
		s += (double)x * value[j];
		left -= x;
		items -= count[j];
	}
	return s + (double)left * value[k - 1];
}

/* The bootstrap's draws of item indexes in [0, n), n < 2^32: two per
 * 64 random bits (each half by Lemire's multiply-and-reject, unbiased). */
struct index_draws {
	uint64_t state, buf;
	uint32_t n, reject;            /* a low half below reject is drawn again */
	int have;                      /* the 32-bit halves left in buf */
};

static inline uint32_t draw_index(struct index_draws *w)
{
	for (;;) {
		if (!w->have) {
			w->buf = rng_next(&w->state);
			w->have = 2;
		}
		uint64_t m = (uint64_t)(uint32_t)w->buf * w->n;
		w->buf >>= 32;
		w->have--;
		if ((uint32_t)m >= w->reject)
			return (uint32_t)(m >> 32);
	}
}

/* sum of c[i] x[i]: four sums in turn, so that additions overlap. */
static double dot_counts(const uint32_t *c, const double *x, size_t n)
{
	double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
	size_t i = 0;
	for (; i + 3 < n; i += 4) {
		s0 += (double)c[i] * x[i];
		s1 += (double)c[i + 1] * x[i + 1];
		s2 += (double)c[i + 2] * x[i + 2];
		s3 += (double)c[i + 3] * x[i + 3];
	}
	for (; i < n; i++)
		s0 += (double)c[i] * x[i];
	return (s0 + s1) + (s2 + s3);
}

/* The shared draws: resample r draws n items (how many times each, c[i]);
 * a system's resampled sum is sum c[i] v[s][i]; pair which[j]'s resampled
 * mean difference goes to means[j * resamples + r]. */
static void drawn_means(const double *const *v, size_t systems, size_t n, long resamples, uint64_t seed,
			const struct metrics_boot_pair *pairs, const size_t *which, size_t n_which, double *means)
{
	struct index_draws w = { seed, 0, (uint32_t)n, (uint32_t)(-(uint32_t)n % (uint32_t)n), 0 };
	double *sum = xcalloc(systems, sizeof(*sum));
	uint32_t *c = xmalloc(n * sizeof(*c));
	char *used = xcalloc(systems, 1);
	for (size_t j = 0; j < n_which; j++)
		used[pairs[which[j]].a] = used[pairs[which[j]].b] = 1;
	for (long r = 0; r < resamples; r++) {
		memset(c, 0, n * sizeof(*c));
		for (size_t i = 0; i < n; i++)
			c[draw_index(&w)]++;
		for (size_t s = 0; s < systems; s++)
			sum[s] = used[s] ? dot_counts(c, v[s], n) : 0.0;
		for (size_t j = 0; j < n_which; j++) {
			const struct metrics_boot_pair *pr = &pairs[which[j]];
			means[j * (size_t)resamples + (size_t)r] = (sum[pr->a] - sum[pr->b]) / (double)n;
		}
	}
	free(sum);
	free(c);
	free(used);
}

/* The interval and p of a pair from its resampled mean differences. */
static void boot_result(double *means, long resamples, double mean, double tol, struct metrics_boot_pair *pr)
{
	long hits = 0;
	for (long r = 0; r < resamples; r++)   /* the shifted distribution: D* - D as far from 0 as D is */
		hits += fabs(means[r] - mean) >= fabs(mean) - tol;
	metrics_quantile(means, (size_t)resamples, 0.025, &pr->lo);
	metrics_quantile(means, (size_t)resamples, 0.975, &pr->hi);
	pr->p = (double)(hits + 1) / (double)(resamples + 1);
}

/* A pair of few distinct differences by its own grouped draws; else 0
 * (its differences d[] and observed mean are left for the shared draws). */
static int grouped_pair(const double *d, size_t n, long resamples, uint64_t seed, double mean, double tol,
			double *means, struct metrics_boot_pair *pr)
{
	double value[BOOT_GROUPS + 1];
	long count[BOOT_GROUPS + 1];
	uint64_t state = seed;
	if (!distinct_at_most(d, n, BOOT_GROUPS))
		return 0;
	size_t k = group_values(d, n, value, count);
	for (long r = 0; r < resamples; r++)
		means[r] = grouped_sum(&state, n, value, count, k) / (double)n;
	boot_result(means, resamples, mean, tol, pr);
	return 1;
}

enum metrics_status metrics_bootstrap_systems(const double *const *v, size_t systems, size_t n, long resamples,
					      uint64_t seed, struct metrics_boot_pair *pairs, size_t n_pairs)
{
	if (n == 0)
		return METRICS_EMPTY;
	if (resamples < 1 || n >= UINT32_MAX || systems < 2)
		return METRICS_BAD_ARGUMENT;
	for (size_t j = 0; j < n_pairs; j++)
		if (pairs[j].a >= systems || pairs[j].b >= systems)
			return METRICS_BAD_ARGUMENT;
	double *d = xmalloc(n * sizeof(*d)), *mean = xmalloc((n_pairs + 1) * 2 * sizeof(*mean));
	double *means = xmalloc((n_pairs + 1) * (size_t)resamples * sizeof(*means));
	size_t *which = xmalloc((n_pairs + 1) * sizeof(*which)), n_which = 0;
	for (size_t j = 0; j < n_pairs; j++) {
		double sum = 0.0, scale = 0.0;
		for (size_t i = 0; i < n; i++) {
			d[i] = v[pairs[j].a][i] - v[pairs[j].b][i];
			sum += d[i];
			scale += fabs(d[i]);
		}
		mean[2 * j] = sum / (double)n;
		mean[2 * j + 1] = TIE_SHARE * scale / (double)n;
		if (!grouped_pair(d, n, resamples, seed, mean[2 * j], mean[2 * j + 1], means, &pairs[j]))
			which[n_which++] = j;
	}
	if (n_which) {
		drawn_means(v, systems, n, resamples, seed, pairs, which, n_which, means);
		for (size_t j = 0; j < n_which; j++)
			boot_result(means + j * (size_t)resamples, resamples, mean[2 * which[j]], mean[2 * which[j] + 1],
				    &pairs[which[j]]);
	}
	free(d);
	free(mean);
	free(means);
	free(which);
	return METRICS_OK;
}

enum metrics_status metrics_paired_bootstrap(const double *a, const double *b, size_t n, long resamples,
					     uint64_t seed, double *lo, double *hi, double *p)
{
	const double *v[2] = { a, b };
	struct metrics_boot_pair pr = { 0, 1, 0, 0, 0 };
	enum metrics_status st = metrics_bootstrap_systems(v, 2, n, resamples, seed, &pr, 1);
	if (st == METRICS_OK) {
		*lo = pr.lo;
		*hi = pr.hi;
		*p = pr.p;
	}
	return st;
}

/* ---- McNemar ---------------------------------------------------------------------- */

enum metrics_status metrics_mcnemar(const double *a, const double *b, size_t n, long *nb, long *nc,
				    double *p)
{
	long b1 = 0, c1 = 0;
	if (n == 0)
		return METRICS_EMPTY;
	for (size_t i = 0; i < n; i++) {
		if ((a[i] != 0.0 && a[i] != 1.0) || (b[i] != 0.0 && b[i] != 1.0))
			return METRICS_BAD_ARGUMENT;
		b1 += a[i] > b[i];
		c1 += a[i] < b[i];
	}
	*nb = b1;
	*nc = c1;
	return metrics_binomial_half_p(b1, b1 + c1, p);
}

/* ---- Holm ------------------------------------------------------------------------- */

struct ranked {
	double p;
	size_t i;
};

static int cmp_ranked(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;
	if (a->p != b->p)
		return a->p < b->p ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

void metrics_holm(const double *p, size_t m, double *adjusted)
{
	struct ranked *r = xmalloc((m + 1) * sizeof(*r));
	double running = 0.0;
	for (size_t i = 0; i < m; i++)
		r[i] = (struct ranked){ p[i], i };
	qsort(r, m, sizeof(*r), cmp_ranked);
	for (size_t j = 0; j < m; j++) {
		double v = fmin(1.0, (double)(m - j) * r[j].p);
		running = fmax(running, v);
		adjusted[r[j].i] = running;
	}
	free(r);
}
