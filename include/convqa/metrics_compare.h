/*
 * metrics_compare.h - is system A better than system B on the items both
 * answered? Paired tests of the difference of two per-item metrics, the
 * difference with a 95% interval, and Holm's correction over many pairs.
 *
 *   double a[n], b[n];                  per item: A's value, B's value (same item at i)
 *   double p; int exact;
 *   metrics_paired_permutation(a, b, n, 10000, seed, &p, &exact);
 *   metrics_paired_bootstrap(a, b, n, 10000, seed, &lo, &hi, &p);
 *   metrics_mcnemar(a, b, n, &nb, &nc, &p);       binary values only
 *   metrics_holm(p_of_pairs, m, adjusted);
 *
 * Conventions (docs/metrics.md, "Comparing systems"):
 *   the difference is mean(a) - mean(b) = mean of d[i] = a[i] - b[i];
 *   every p is two-sided;
 *   permutation: the paired randomisation test (sign flips of d[i]), exact
 *     over all 2^n flips while the flips give at most
 *     METRICS_PERM_EXACT_STATES distinct sums (always when at most 20 items
 *     differ, and for a binary metric up to a million items that differ),
 *     else `resamples` random flips, p = (1 + #{|T*| >= |T|}) / (resamples + 1);
 *   bootstrap: `resamples` resamples of the n pairs with replacement;
 *     interval: the 2.5% and 97.5% type-7 quantiles of the resampled mean
 *     differences; p from the distribution shifted to the null (Efron and
 *     Tibshirani 1993, 16.4): p = (1 + #{|D* - D| >= |D|}) / (resamples + 1);
 *     while the differences take at most 64 values a resample draws how
 *     many of each it holds (a multinomial, as binomials by inversion),
 *     the same distribution as n draws in far fewer steps; else n item
 *     indexes, two per 64 random bits (the low then the high 32 bits, each
 *     by Lemire's multiply-and-reject), and the resampled difference is
 *     (sum of A's drawn values - sum of B's) / n, the draws shared by the
 *     pairs of metrics_bootstrap_systems() (a pair's figures are the same
 *     alone or among others);
 *   McNemar: the exact test, a two-sided binomial test of b against
 *     Binomial(b + c, 1/2) on the discordant pairs (= SciPy's
 *     binomtest(b, b + c, 0.5)); p = 1 without discordant pairs.
 * Random draws come from splitmix64 seeded with `seed`: the same inputs and
 * seed give the same figures (the bootstrap's binomials use the C library's
 * lgamma and exp, whose last bits may differ between platforms).
 *
 * Pure: no I/O; inputs are borrowed and not modified; nothing returned
 * needs freeing. Values must be finite.
 */
#ifndef CONVQA_METRICS_COMPARE_H
#define CONVQA_METRICS_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "convqa/metrics_stats.h"

/* The permutation test is exact while the sign flips give at most this
 * many sums to weigh (2^20). */
#define METRICS_PERM_EXACT_STATES 1048576L

/* mean(a) - mean(b) over n pairs, with the normal-approximation interval
 * diff +- z s / sqrt(n), s the sample standard deviation of the n
 * differences (n - 1 in the denominator; 0 when n == 1).
 * METRICS_EMPTY if n == 0, METRICS_BAD_ARGUMENT if z <= 0. */
enum metrics_status metrics_mean_difference(const double *a, const double *b, size_t n, double z,
					    double *diff, double *lo, double *hi);

/* Paired randomisation test of mean(a) - mean(b) = 0: *p two-sided, *exact
 * 1 when every sign flip was weighed (then resamples and seed are not
 * used), 0 when `resamples` random flips were drawn. METRICS_EMPTY if
 * n == 0; METRICS_BAD_ARGUMENT if resamples < 1. */
enum metrics_status metrics_paired_permutation(const double *a, const double *b, size_t n, long resamples,
					       uint64_t seed, double *p, int *exact);

/* Paired bootstrap of mean(a) - mean(b): the 95% percentile interval
 * [*lo, *hi] and the two-sided *p (see the top). METRICS_EMPTY if n == 0;
 * METRICS_BAD_ARGUMENT if resamples < 1 or n >= 2^32 - 1. Costs n x
 * resamples draws, or with at most 64 distinct differences a binomial per
 * value and resample. */
enum metrics_status metrics_paired_bootstrap(const double *a, const double *b, size_t n, long resamples,
					     uint64_t seed, double *lo, double *hi, double *p);

/* A pair of systems (indexes into the value arrays) and its bootstrap
 * figures as metrics_paired_bootstrap() gives them. */
struct metrics_boot_pair {
	size_t a, b;
	double lo, hi, p;
};

/* The paired bootstrap of many pairs of `systems` systems over the same n
 * items (v[s][i]: system s's value of item i): each pair's figures are
 * metrics_paired_bootstrap()'s of (v[a], v[b]) with this seed, but the
 * pairs of many distinct differences share their draws (the cost of n x
 * resamples draws paid once). METRICS_EMPTY if n == 0;
 * METRICS_BAD_ARGUMENT if resamples < 1, systems < 2, n >= 2^32 - 1 or a
 * pair names no system. */
enum metrics_status metrics_bootstrap_systems(const double *const *v, size_t systems, size_t n, long resamples,
					      uint64_t seed, struct metrics_boot_pair *pairs, size_t n_pairs);

/* Exact McNemar test of n binary pairs (every value 0 or 1): *b = pairs
 * with a 1 and b 0, *c = pairs with a 0 and b 1, *p two-sided.
 * METRICS_EMPTY if n == 0; METRICS_BAD_ARGUMENT (nothing written) when a
 * value is neither 0 nor 1. */
enum metrics_status metrics_mcnemar(const double *a, const double *b, size_t n, long *nb, long *nc,
				    double *p);

/* The two-sided exact binomial p of k successes in n trials at
 * probability 1/2: the probability of an outcome at least as far from n/2
 * as k (min(1, 2 P(X <= min(k, n - k)))). METRICS_BAD_ARGUMENT unless
 * 0 <= k <= n; n == 0 gives 1. */
enum metrics_status metrics_binomial_half_p(long k, long n, double *p);

/* Holm's step-down adjustment of m p-values: with p sorted ascending as
 * p(1) <= ... <= p(m), adjusted p(i) = max over j <= i of min(1, (m - j + 1) p(j)),
 * written back in the input order (ties keep their input order). Every
 * p must be a probability: leave the pairs without a test out of m. */
void metrics_holm(const double *p, size_t m, double *adjusted);

#endif
