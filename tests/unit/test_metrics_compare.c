/*
 * test_metrics_compare.c - the paired tests between two systems
 * (metrics_compare.h) against SciPy and statsmodels.
 *
 * The expected numbers were computed once by tests/tools/compare_reference.py
 * (SciPy 1.10, statsmodels 0.13; the suite does not need them): each case
 * names the call in a comment.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <math.h>

#include "convqa/common.h"
#include "convqa/metrics_compare.h"

#define assert_near(got, want, tol)                                                    \
	do {                                                                           \
		double g_ = (got), w_ = (want);                                        \
		if (!(fabs(g_ - w_) <= (tol))) {                                       \
			print_error("%.17g is not %.17g (within %g)\n", g_, w_, (double)(tol)); \
			fail();                                                        \
		}                                                                      \
	} while (0)

/* Ten pairs of scores, one pair equal (d = 0), all 2^10 swaps:
 * stats.permutation_test((A1, B1), lambda x, y, axis: np.mean(x - y, axis=axis),
 *     permutation_type='samples', vectorized=True, n_resamples=np.inf).pvalue */
static const double A1[] = { 0.8, 0.6, 0.9, 0.4, 0.7, 0.5, 0.3, 0.85, 0.65, 0.75 };
static const double B1[] = { 0.5, 0.65, 0.7, 0.4, 0.55, 0.45, 0.35, 0.6, 0.5, 0.7 };

static void test_exact_permutation_equals_scipys_on_ten_pairs(void **state)
{
	double p;
	int exact;
	(void)state;
	assert_int_equal(metrics_paired_permutation(A1, B1, ARRAY_SIZE(A1), 10, 1, &p, &exact), METRICS_OK);
	assert_true(exact);
	assert_near(p, 0.04296875, 1e-12);
}

/* Twelve distinct differences (4096 swaps), the same SciPy call. */
static const double A3[] = { 3.1, 2.7, 4.4, 1.9, 3.3, 2.2, 4.1, 3.8, 2.5, 3.0, 1.4, 2.9 };
static const double B3[] = { 2.6, 2.9, 3.1, 2.0, 2.4, 2.5, 3.2, 3.9, 1.8, 2.1, 1.0, 3.4 };

static void test_exact_permutation_equals_scipys_on_distinct_differences(void **state)
{
	double p;
	int exact;
	(void)state;
	assert_int_equal(metrics_paired_permutation(A3, B3, ARRAY_SIZE(A3), 10, 1, &p, &exact), METRICS_OK);
	assert_true(exact);
	assert_near(p, 0.06201171875, 1e-12);
}

/* Twenty binary verdicts, b = 7 pairs where only A is correct, c = 1 where
 * only B is: the exact permutation p, SciPy's exact permutation_test, and
 * McNemar's exact test (stats.binomtest(7, 8, 0.5).pvalue) are one number. */
static const double A2[] = { 1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 0, 1, 1 };
static const double B2[] = { 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1 };

static void test_binary_permutation_and_mcnemar_equal_the_binomial_test(void **state)
{
	double p_perm, p_mc;
	long b, c;
	int exact;
	(void)state;
	assert_int_equal(metrics_paired_permutation(A2, B2, ARRAY_SIZE(A2), 10, 1, &p_perm, &exact), METRICS_OK);
	assert_true(exact);
	assert_near(p_perm, 0.0703125, 1e-12);
	assert_int_equal(metrics_mcnemar(A2, B2, ARRAY_SIZE(A2), &b, &c, &p_mc), METRICS_OK);
	assert_int_equal(b, 7);
	assert_int_equal(c, 1);
	assert_near(p_mc, 0.0703125, 1e-12);
}

/* Ordinal ratings 1-4 of 40 items, 22 of which differ (by 1 or 2): too many
 * swaps for SciPy's exact enumeration (2^40), but the equal differences
 * make the sums few: exact. Reference: every sign flip counted over the
 * integers in Python, 1997/1048576 (exact_perm_integers). */
static const double RA[] = { 4, 3, 3, 2, 4, 1, 3, 4, 2, 3, 4, 4, 2, 3, 1, 4, 3, 2, 4, 3,
			     3, 4, 2, 2, 3, 4, 1, 3, 4, 4, 2, 3, 3, 4, 2, 4, 3, 1, 4, 3 };
static const double RB[] = { 3, 3, 2, 2, 2, 1, 4, 3, 1, 3, 3, 4, 2, 1, 2, 3, 3, 2, 2, 3,
			     2, 4, 3, 1, 3, 3, 1, 2, 4, 2, 2, 3, 1, 4, 3, 3, 3, 1, 3, 2 };

static void test_permutation_stays_exact_when_differences_repeat(void **state)
{
	double p;
	int exact;
	(void)state;
	assert_int_equal(metrics_paired_permutation(RA, RB, ARRAY_SIZE(RA), 10, 1, &p, &exact), METRICS_OK);
	assert_true(exact);
	assert_near(p, 1997.0 / 1048576.0, 1e-12);
}

/* 24 distinct differences: 2^24 sign flips are more than the exact limit,
 * so the p is estimated from random flips. The exact p by brute force over
 * the 2^24 flips is 0.10953497886657715 (exact_perm_numpy); 200,000 flips
 * land within 0.003 of it (3 standard errors), and the same seed gives the
 * same p. */
static const double D24[] = { -0.302, -0.824, 0.252, 0.92, 1.636, 0.61, -0.053, -0.285, 1.249, 2.135, 0.773,
			      -0.733, -0.458, 2.1, 0.703, -1.232, 0.416, -0.663, -0.129, 0.012, -0.213, 1.053,
			      0.437, -0.089 };

static void test_permutation_resamples_past_the_exact_limit(void **state)
{
	double zero[ARRAY_SIZE(D24)] = { 0 }, p, p2, p3;
	int exact;
	(void)state;
	assert_int_equal(metrics_paired_permutation(D24, zero, ARRAY_SIZE(D24), 200000, 7, &p, &exact), METRICS_OK);
	assert_false(exact);
	assert_near(p, 0.10953497886657715, 0.003);
	assert_int_equal(metrics_paired_permutation(D24, zero, ARRAY_SIZE(D24), 200000, 7, &p2, &exact), METRICS_OK);
	assert_true(p == p2);
	assert_int_equal(metrics_paired_permutation(D24, zero, ARRAY_SIZE(D24), 200000, 8, &p3, &exact), METRICS_OK);
	assert_true(p3 != p);
	assert_near(p3, 0.10953497886657715, 0.003);
}

/* No difference at all: p = 1 (every flip is as far as the observed 0). */
static void test_permutation_of_equal_systems_is_one(void **state)
{
	double p;
	int exact;
	(void)state;
	assert_int_equal(metrics_paired_permutation(A1, A1, ARRAY_SIZE(A1), 10, 1, &p, &exact), METRICS_OK);
	assert_true(exact);
	assert_near(p, 1.0, 0);
	assert_int_equal(metrics_paired_permutation(A1, A1, 0, 10, 1, &p, &exact), METRICS_EMPTY);
	assert_int_equal(metrics_paired_permutation(A1, B1, 3, 0, 1, &p, &exact), METRICS_BAD_ARGUMENT);
}

/* stats.binomtest(k, n, 0.5).pvalue for McNemar's discordant pairs; no
 * discordant pair (SciPy refuses n = 0) is p = 1 here. */
static void test_binomial_half_p_equals_scipys_binomtest(void **state)
{
	static const struct { long k, n; double p; } cases[] = {
		{ 7, 9, 0.1796875 },
		{ 15, 20, 0.04138946533203125 },
		{ 3, 6, 1.0 },
		{ 0, 6, 0.03125 },
		{ 40, 62, 0.030015864349067285 },
		{ 0, 0, 1.0 },
	};
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		double p;
		assert_int_equal(metrics_binomial_half_p(cases[i].k, cases[i].n, &p), METRICS_OK);
		assert_near(p, cases[i].p, 1e-12);
	}
	double p = -1;
	assert_int_equal(metrics_binomial_half_p(7, 6, &p), METRICS_BAD_ARGUMENT);
	assert_near(p, -1, 0);
}

/* A large binomial stays a probability (no overflow of factorials):
 * stats.binomtest(50500, 100000).pvalue = 0.0015823598788515165 */
static void test_binomial_half_p_of_a_hundred_thousand_trials(void **state)
{
	double p;
	(void)state;
	assert_int_equal(metrics_binomial_half_p(50500, 100000, &p), METRICS_OK);
	assert_near(p, 0.0015823598788515165, 1e-12);
}

static void test_mcnemar_refuses_values_that_are_not_binary(void **state)
{
	double p = -1;
	long b = -1, c = -1;
	(void)state;
	assert_int_equal(metrics_mcnemar(A1, B1, ARRAY_SIZE(A1), &b, &c, &p), METRICS_BAD_ARGUMENT);
	assert_int_equal(b, -1);
	assert_near(p, -1, 0);
	assert_int_equal(metrics_mcnemar(A2, B2, 0, &b, &c, &p), METRICS_EMPTY);
}

/* multipletests(P, method='holm')[1] */
static void test_holm_equals_statsmodels(void **state)
{
	static const double p1[] = { 0.01, 0.04, 0.03, 0.005 }, want1[] = { 0.03, 0.06, 0.06, 0.02 };
	static const double p2[] = { 0.2, 0.01, 0.2, 0.6, 0.03 };
	static const double want2[] = { 0.6000000000000001, 0.05, 0.6000000000000001, 0.6000000000000001, 0.12 };
	double got[5];
	(void)state;
	metrics_holm(p1, ARRAY_SIZE(p1), got);
	for (size_t i = 0; i < ARRAY_SIZE(p1); i++)
		assert_near(got[i], want1[i], 1e-12);
	metrics_holm(p2, ARRAY_SIZE(p2), got);
	for (size_t i = 0; i < ARRAY_SIZE(p2); i++)
		assert_near(got[i], want2[i], 1e-12);
	metrics_holm(p1, 1, got);   /* one pair: unchanged */
	assert_near(got[0], 0.01, 0);
}

/* d = A3 - B3: d.mean() +- 1.96 * d.std(ddof=1) / sqrt(12) */
static void test_mean_difference_with_its_normal_interval(void **state)
{
	double diff, lo, hi;
	(void)state;
	assert_int_equal(metrics_mean_difference(A3, B3, ARRAY_SIZE(A3), METRICS_Z95, &diff, &lo, &hi), METRICS_OK);
	assert_near(diff, 0.3666666666666667, 1e-12);
	assert_near(lo, 0.033822055243354965, 1e-12);
	assert_near(hi, 0.6995112780899784, 1e-12);
	assert_int_equal(metrics_mean_difference(A3, B3, 1, METRICS_Z95, &diff, &lo, &hi), METRICS_OK);
	assert_near(lo, hi, 0);
	assert_int_equal(metrics_mean_difference(A3, B3, 0, METRICS_Z95, &diff, &lo, &hi), METRICS_EMPTY);
}

/* The bootstrap is deterministic for a seed; its interval lies around the
 * difference (a constant difference: a point); its p is the share of
 * resampled differences as far from the observed one as the observed one
 * is from 0, plus one over resamples + 1. */
static void test_bootstrap_is_seeded_and_centred_on_the_difference(void **state)
{
	double lo, hi, p, lo2, hi2, p2;
	(void)state;
	assert_int_equal(metrics_paired_bootstrap(A3, B3, ARRAY_SIZE(A3), 5000, 3, &lo, &hi, &p), METRICS_OK);
	assert_int_equal(metrics_paired_bootstrap(A3, B3, ARRAY_SIZE(A3), 5000, 3, &lo2, &hi2, &p2), METRICS_OK);
	assert_true(lo == lo2 && hi == hi2 && p == p2);
	assert_true(lo < 0.3666666666666667 && 0.3666666666666667 < hi);
	/* near the normal interval of the same data (0.034, 0.700) */
	assert_near(lo, 0.0338, 0.08);
	assert_near(hi, 0.6995, 0.08);
	assert_true(p > 0.0 && p < 0.1);

	static const double plus[] = { 1, 2, 3, 4 }, base[] = { 0.5, 1.5, 2.5, 3.5 };
	assert_int_equal(metrics_paired_bootstrap(plus, base, 4, 99, 3, &lo, &hi, &p), METRICS_OK);
	assert_near(lo, 0.5, 0);
	assert_near(hi, 0.5, 0);
	assert_near(p, 1.0 / 100.0, 1e-15);   /* no resample reaches 0 */
	assert_int_equal(metrics_paired_bootstrap(plus, plus, 4, 99, 3, &lo, &hi, &p), METRICS_OK);
	assert_near(p, 1.0, 0);
	assert_int_equal(metrics_paired_bootstrap(plus, plus, 0, 99, 3, &lo, &hi, &p), METRICS_EMPTY);
}

/* 400 binary pairs, 50 where only A is right, 30 where only B is: the
 * bootstrap draws how many of each difference a resample holds (a
 * multinomial) instead of 400 draws. The exact bootstrap distribution of
 * the resampled difference (compare_reference.py, bootstrap_exact: X+ ~
 * Bin(400, 50/400), X- | X+ ~ Bin(400 - X+, 30/350)) has its 2.5% and
 * 97.5% quantiles at 0.0075 and 0.0925 and p = P(|D* - 0.05| >= 0.05) =
 * 0.028213543605900504; 20,000 resamples land within a step (1/400) and
 * 3 standard errors (0.0035) of them. */
static void test_bootstrap_of_few_values_draws_the_exact_multinomial(void **state)
{
	double a[400], b[400], lo, hi, p;
	(void)state;
	for (size_t i = 0; i < 400; i++) {
		a[i] = i < 50 || i >= 80;
		b[i] = i >= 50;
	}
	for (uint64_t seed = 1; seed <= 3; seed++) {
		assert_int_equal(metrics_paired_bootstrap(a, b, 400, 20000, seed, &lo, &hi, &p), METRICS_OK);
		assert_near(lo, 0.0075, 0.0025);
		assert_near(hi, 0.0925, 0.0025);
		assert_near(p, 0.028213543605900504, 0.0035);
	}
}

/* Many distinct differences: n draws per resample, shared by the pairs of
 * metrics_bootstrap_systems(); each pair's figures are those of the pair
 * alone (the same seed, the same draws), and the interval lies near the
 * normal one of the same data (the bootstrap of a mean of 3000 values). */
static void test_bootstrap_of_many_values_shares_its_draws(void **state)
{
	enum { N = 3000, S = 3 };
	static double v[S][N];
	uint64_t st = 5;
	(void)state;
	for (size_t i = 0; i < N; i++)
		for (size_t s = 0; s < S; s++)
			v[s][i] = (double)(rng_next(&st) % 1000) / 1000.0 + 0.05 * (double)s;
	const double *sys[S] = { v[0], v[1], v[2] };
	struct metrics_boot_pair pairs[3] = { { 0, 1, 0, 0, 0 }, { 0, 2, 0, 0, 0 }, { 1, 2, 0, 0, 0 } };
	assert_int_equal(metrics_bootstrap_systems(sys, S, N, 2000, 11, pairs, 3), METRICS_OK);
	for (size_t j = 0; j < 3; j++) {
		double lo, hi, p, diff, nlo, nhi;
		const double *a = sys[pairs[j].a], *b = sys[pairs[j].b];
		assert_int_equal(metrics_paired_bootstrap(a, b, N, 2000, 11, &lo, &hi, &p), METRICS_OK);
		assert_true(lo == pairs[j].lo && hi == pairs[j].hi && p == pairs[j].p);
		metrics_mean_difference(a, b, N, METRICS_Z95, &diff, &nlo, &nhi);
		assert_true(lo < diff && diff < hi);
		assert_near(lo, nlo, 0.25 * (nhi - nlo));
		assert_near(hi, nhi, 0.25 * (nhi - nlo));
	}
	assert_true(pairs[1].p < 0.01);   /* 0.1 apart over 3000 items */
	assert_int_equal(metrics_bootstrap_systems(sys, S, 0, 2000, 11, pairs, 3), METRICS_EMPTY);
	pairs[0].b = 3;
	assert_int_equal(metrics_bootstrap_systems(sys, S, N, 2000, 11, pairs, 3), METRICS_BAD_ARGUMENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_permutation_equals_scipys_on_ten_pairs),
		cmocka_unit_test(test_exact_permutation_equals_scipys_on_distinct_differences),
		cmocka_unit_test(test_binary_permutation_and_mcnemar_equal_the_binomial_test),
		cmocka_unit_test(test_permutation_stays_exact_when_differences_repeat),
		cmocka_unit_test(test_permutation_resamples_past_the_exact_limit),
		cmocka_unit_test(test_permutation_of_equal_systems_is_one),
		cmocka_unit_test(test_binomial_half_p_equals_scipys_binomtest),
		cmocka_unit_test(test_binomial_half_p_of_a_hundred_thousand_trials),
		cmocka_unit_test(test_mcnemar_refuses_values_that_are_not_binary),
		cmocka_unit_test(test_holm_equals_statsmodels),
		cmocka_unit_test(test_mean_difference_with_its_normal_interval),
		cmocka_unit_test(test_bootstrap_is_seeded_and_centred_on_the_difference),
		cmocka_unit_test(test_bootstrap_of_few_values_draws_the_exact_multinomial),
		cmocka_unit_test(test_bootstrap_of_many_values_shares_its_draws),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
