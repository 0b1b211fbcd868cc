/*
 * test_metrics_pairwise.c - the statistics of side-by-side preferences
 * (metrics_pairwise.h): hand-worked cases, and values computed once by a
 * reference written for these tests (exact binomial sums with Python's
 * fractions, the same rule as SciPy's binomtest(k, n, 0.5).pvalue; the
 * Bradley-Terry maximum found by Newton's method on the log-likelihood,
 * the fit of a logistic regression without intercept): the script is
 * tests/tools/pairwise_reference.py (standard library only; SciPy was not
 * at hand). The suite needs neither.
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
#include "convqa/metrics_pairwise.h"

#define assert_near(got, want, tol)                                                    \
	do {                                                                           \
		double g_ = (got), w_ = (want);                                        \
		if (!(fabs(g_ - w_) <= (tol))) {                                       \
			print_error("%s = %.17g is not %.17g (within %g)\n", #got, g_, w_, (double)(tol)); \
			fail();                                                        \
		}                                                                      \
	} while (0)

static struct pref_row row(long long turn, int a, int b, int rater, enum pref_winner w, int a_first)
{
	struct pref_row r = { turn, "c1", 1, a, b, rater, "preference", w, a_first, 3.0, 0, 0, 0 };
	return r;
}

/* ---- one pair ------------------------------------------------------------------------ */

/* 7 wins, 2 losses, 1 tie: (7 + 1/2) / 10 = 0.75 and 7/9; the sign test
 * by hand: 2 (C(9,0) + C(9,1) + C(9,2)) / 2^9 = 92/512. */
static void test_pair_by_hand(void **state)
{
	struct pairwise_stats st;
	(void)state;
	assert_int_equal(pairwise_pair_stats(7, 2, 1, METRICS_Z95, &st), METRICS_OK);
	assert_int_equal(st.n, 10);
	assert_near(st.rate_half, 0.75, 1e-15);
	assert_near(st.rate_decided, 7.0 / 9.0, 1e-15);
	assert_near(st.sign_p, 92.0 / 512.0, 1e-15);
	/* Wilson of 7.5 / 10 and of 7 / 9 (z = 1.96) */
	assert_near(st.half_lo, 0.44217614862729365, 1e-12);
	assert_near(st.half_hi, 0.919053766989398, 1e-12);
	assert_near(st.decided_lo, 0.4525833436728054, 1e-12);
	assert_near(st.decided_hi, 0.9367762376877727, 1e-12);
}

/* binomtest(k, n, 0.5).pvalue for a few (k, n) */
static void test_sign_test_equals_binomtest(void **state)
{
	static const struct { long w, l; double p; } cases[] = {
		{ 60, 40, 0.05688793364098079 }, { 3, 17, 0.0025768280029296875 }, { 0, 5, 0.0625 },
		{ 10, 10, 1.0 }, { 1, 0, 1.0 }, { 17, 3, 0.0025768280029296875 },
	};
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct pairwise_stats st;
		assert_int_equal(pairwise_pair_stats(cases[i].w, cases[i].l, 4, METRICS_Z95, &st), METRICS_OK);
		assert_near(st.sign_p, cases[i].p, 1e-13);
	}
}

static void test_wilson_of_shares(void **state)
{
	double lo, hi;
	(void)state;
	assert_int_equal(pairwise_wilson(60, 100, 1.96, &lo, &hi), METRICS_OK);
	assert_near(lo, 0.5020007846184025, 1e-12);
	assert_near(hi, 0.6906002538863971, 1e-12);
	assert_int_equal(pairwise_wilson(0, 4, 1.96, &lo, &hi), METRICS_OK);
	assert_near(lo, 0.0, 1e-15);
	assert_near(hi, 0.48990002040399916, 1e-12);
	assert_int_equal(pairwise_wilson(0, 0, 1.96, &lo, &hi), METRICS_EMPTY);
	assert_int_equal(pairwise_wilson(5, 4, 1.96, &lo, &hi), METRICS_BAD_ARGUMENT);
	assert_int_equal(pairwise_wilson(1, 4, 0, &lo, &hi), METRICS_BAD_ARGUMENT);
}

/* Only ties: the rate with ties as half is 1/2, the one without is
 * undefined, the sign test has nothing to test (p = 1). Nothing at all: EMPTY. */
static void test_pair_without_decided_judgements(void **state)
{
	struct pairwise_stats st;
	(void)state;
	assert_int_equal(pairwise_pair_stats(0, 0, 3, METRICS_Z95, &st), METRICS_OK);
	assert_true(st.has_half);
	assert_near(st.rate_half, 0.5, 1e-15);
	assert_false(st.has_decided);
	assert_near(st.sign_p, 1.0, 0);
	assert_int_equal(pairwise_pair_stats(0, 0, 0, METRICS_Z95, &st), METRICS_EMPTY);
	assert_false(st.has_half);
	assert_int_equal(pairwise_pair_stats(-1, 0, 0, METRICS_Z95, &st), METRICS_BAD_ARGUMENT);
}

/* ---- tallies ------------------------------------------------------------------------------ */

static void test_tally_counts_ties_of_every_kind(void **state)
{
	struct pref_row rows[] = {
		row(1, 0, 1, 0, PREF_A, 1), row(1, 0, 1, 1, PREF_B, 0), row(2, 0, 1, 0, PREF_TIE, 1),
		row(3, 0, 1, 0, PREF_BOTH_BAD, 0), row(4, 0, 1, -1, PREF_SAME, -1), row(4, 1, 2, 0, PREF_B, 1),
		row(5, 0, 7, 0, PREF_A, 1),   /* a system out of range: skipped */
	};
	rows[5].field = "other";
	struct pairwise_tally t;
	(void)state;
	pairwise_tally_init(&t, 3);
	pairwise_tally_add(&t, rows, ARRAY_SIZE(rows), "preference");
	assert_int_equal(t.rows, 5);
	assert_int_equal(t.skipped, 1);
	assert_int_equal(pairwise_wins(&t, 0, 1), 1);
	assert_int_equal(pairwise_wins(&t, 1, 0), 1);
	assert_int_equal(pairwise_ties(&t, 0, 1), 3);
	assert_int_equal(pairwise_ties(&t, 1, 0), 3);
	assert_int_equal(t.both_bad[0 * 3 + 1], 1);
	assert_int_equal(t.same[1 * 3 + 0], 1);
	assert_int_equal(pairwise_wins(&t, 2, 1), 0);   /* the other field's row */
	pairwise_tally_add(&t, rows, ARRAY_SIZE(rows), "other");
	assert_int_equal(pairwise_wins(&t, 2, 1), 1);
	pairwise_tally_release(&t);
}

/* ---- Bradley-Terry ---------------------------------------------------------------------------- */

/* Two systems, 3 wins to 1: p_A / p_B = 3, geometric mean 1: sqrt(3). */
static void test_bt_two_systems_by_hand(void **state)
{
	const double w[] = { 0, 3, 1, 0 };
	struct pairwise_bt bt;
	(void)state;
	pairwise_bt_fit(w, 2, &bt);
	assert_true(bt.converged);
	assert_int_equal(bt.state[0], PAIRWISE_BT_FINITE);
	assert_near(bt.strength[0], sqrt(3.0), 1e-9);
	assert_near(bt.strength[1], 1 / sqrt(3.0), 1e-9);
	assert_near(bt.log_strength[0], log(3.0) / 2, 1e-9);
	assert_int_equal(bt.rank[0], 0);
	assert_int_equal(bt.rank[1], 1);
	pairwise_bt_release(&bt);
}

/* A cycle where each beats the next 2 to 1: everybody equal. */
static void test_bt_balanced_cycle_is_flat(void **state)
{
	const double w[] = { 0, 2, 1, 1, 0, 2, 2, 1, 0 };
	struct pairwise_bt bt;
	(void)state;
	pairwise_bt_fit(w, 3, &bt);
	for (size_t i = 0; i < 3; i++)
		assert_near(bt.strength[i], 1.0, 1e-9);
	assert_int_equal(bt.rank[0], 0);   /* equal strengths: by index */
	assert_int_equal(bt.rank[2], 2);
	pairwise_bt_release(&bt);
}

/* Four systems; the reference is Newton's method on the likelihood. */
static void test_bt_equals_the_likelihood_maximum(void **state)
{
	const double w[] = { 0, 6, 5, 7, 3, 0, 4, 6, 2, 5, 0, 3, 1, 2, 4, 0 };
	const double want[] = { 0.845466492031371, 0.011913711664891191, -0.21918576286652525,
				-0.6381944408297371 };
	struct pairwise_bt bt;
	(void)state;
	pairwise_bt_fit(w, 4, &bt);
	assert_true(bt.converged);
	for (size_t i = 0; i < 4; i++) {
		assert_near(bt.log_strength[i], want[i], 1e-8);
		assert_int_equal(bt.rank[i], i);
	}
	assert_near(bt.strength[0], 2.3290640510105636, 1e-7);
	pairwise_bt_release(&bt);
}

/* A chain of adjacent pairs, i over i + 1 by 3 + i to 1: MM alone crawls
 * here; the fit still reaches the maximum (Newton's reference) in few steps. */
static void test_bt_chain_of_adjacent_pairs(void **state)
{
	double w[36] = { 0 };
	const double want[] = { 3.5659969521056407, 2.4673846634375307, 1.08109030231764, -0.528347610116461,
				-2.3201070793445178, -4.266017228399833 };
	struct pairwise_bt bt;
	(void)state;
	for (size_t i = 0; i + 1 < 6; i++) {
		w[i * 6 + i + 1] = 3.0 + (double)i;
		w[(i + 1) * 6 + i] = 1;
	}
	pairwise_bt_fit(w, 6, &bt);
	assert_true(bt.converged);
	assert_true(bt.iterations < 100);
	for (size_t i = 0; i < 6; i++) {
		assert_near(bt.log_strength[i], want[i], 1e-9);
		assert_int_equal(bt.rank[i], i);
	}
	pairwise_bt_release(&bt);
}

/* Ties as halves, from a tally of rows: wins 0>1 3, 1>0 1, 0>2 1, 2>0 2,
 * 1>2 2, 2>1 1; ties 0-1 2, 0-2 1. */
static void test_bt_splits_ties_from_rows(void **state)
{
	struct pref_row rows[16];
	size_t n = 0;
	const double want[] = { 0.12402271258719838, -0.13646107880127067, 0.01243836621407228 };
	for (int k = 0; k < 3; k++)
		rows[n++] = row(k, 0, 1, 0, PREF_A, 1);
	rows[n++] = row(3, 0, 1, 0, PREF_B, 1);
	rows[n++] = row(4, 0, 2, 0, PREF_A, 1);
	rows[n++] = row(5, 0, 2, 0, PREF_B, 1);
	rows[n++] = row(6, 0, 2, 0, PREF_B, 1);
	rows[n++] = row(7, 1, 2, 0, PREF_A, 1);
	rows[n++] = row(8, 1, 2, 0, PREF_A, 1);
	rows[n++] = row(9, 1, 2, 0, PREF_B, 1);
	rows[n++] = row(10, 0, 1, 0, PREF_TIE, 1);
	rows[n++] = row(11, 0, 1, -1, PREF_SAME, -1);
	rows[n++] = row(12, 0, 2, 0, PREF_BOTH_BAD, 1);
	struct pairwise_tally t;
	struct pairwise_bt bt;
	(void)state;
	pairwise_tally_init(&t, 3);
	pairwise_tally_add(&t, rows, n, NULL);
	pairwise_bt_from_tally(&t, &bt);
	for (size_t i = 0; i < 3; i++)
		assert_near(bt.log_strength[i], want[i], 1e-8);
	assert_int_equal(bt.rank[0], 0);
	assert_int_equal(bt.rank[1], 2);
	assert_int_equal(bt.rank[2], 1);
	pairwise_bt_release(&bt);
	pairwise_tally_release(&t);
}

/* System 2 never wins: its strength is 0 (log -inf, state ZERO), ranked
 * last; the others are fitted among themselves: 2 to 1, sqrt(2). A
 * system in no pair has no estimate. */
static void test_bt_never_winning_system_is_zero(void **state)
{
	const double w[] = { 0, 2, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
	struct pairwise_bt bt;
	(void)state;
	pairwise_bt_fit(w, 4, &bt);
	assert_int_equal(bt.state[2], PAIRWISE_BT_ZERO);
	assert_near(bt.strength[2], 0.0, 0);
	assert_true(isinf(bt.log_strength[2]) && bt.log_strength[2] < 0);
	assert_int_equal(bt.state[3], PAIRWISE_BT_UNCOMPARED);
	assert_true(isnan(bt.strength[3]));
	assert_near(bt.strength[0], sqrt(2.0), 1e-9);
	assert_near(bt.strength[1], 1 / sqrt(2.0), 1e-9);
	assert_int_equal(bt.rank[0], 0);
	assert_int_equal(bt.rank[1], 1);
	assert_int_equal(bt.rank[2], 2);
	assert_int_equal(bt.rank[3], 3);
	pairwise_bt_release(&bt);
}

/* System 0 never loses (INFINITE, first); after it, 1 only beat 2 and 2
 * never won: 2 ZERO at step 1, then 1 has nothing left and stands alone. */
static void test_bt_peels_in_steps(void **state)
{
	const double w[] = { 0, 2, 1, 0, 0, 1, 0, 0, 0 };
	struct pairwise_bt bt;
	(void)state;
	pairwise_bt_fit(w, 3, &bt);
	assert_int_equal(bt.state[0], PAIRWISE_BT_INFINITE);
	assert_int_equal(bt.state[2], PAIRWISE_BT_ZERO);
	assert_int_equal(bt.level[2], 1);
	assert_int_equal(bt.state[1], PAIRWISE_BT_FINITE);
	assert_near(bt.strength[1], 1.0, 0);
	assert_int_equal(bt.rank[0], 0);
	assert_int_equal(bt.rank[1], 1);
	assert_int_equal(bt.rank[2], 2);
	pairwise_bt_release(&bt);
}

/* One pair only, all ties: both 1. Two groups that never met: no estimate. */
static void test_bt_one_pair_and_a_split(void **state)
{
	const double ties[] = { 0, 1.5, 1.5, 0 };
	const double split[] = { 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1, 0 };
	struct pairwise_bt bt;
	(void)state;
	pairwise_bt_fit(ties, 2, &bt);
	assert_near(bt.strength[0], 1.0, 1e-12);
	assert_near(bt.strength[1], 1.0, 1e-12);
	pairwise_bt_release(&bt);
	pairwise_bt_fit(split, 4, &bt);
	for (size_t i = 0; i < 4; i++) {
		assert_int_equal(bt.state[i], PAIRWISE_BT_SPLIT);
		assert_true(isnan(bt.strength[i]));
	}
	pairwise_bt_release(&bt);
}

/* ---- bootstrap -------------------------------------------------------------------------------- */

static size_t many_rows(struct pref_row *rows)
{
	size_t n = 0;
	for (int t = 0; t < 40; t++) {   /* 0 beats 1 in 3 of 4 turns, 1 beats 2 in 2 of 3, ... */
		rows[n++] = row(t, 0, 1, 0, t % 4 ? PREF_A : PREF_B, t % 2);
		rows[n++] = row(t, 1, 2, 0, t % 3 ? PREF_A : PREF_B, t % 2);
		rows[n++] = row(t, 0, 2, 1, t % 5 ? PREF_A : PREF_TIE, 1 - t % 2);
	}
	return n;
}

static void test_bootstrap_is_seeded_and_covers_the_estimate(void **state)
{
	struct pref_row rows[120];
	size_t n = many_rows(rows);
	struct pairwise_options o;
	double lo[3], hi[3], lo2[3], hi2[3];
	long used, used2, deg[3];
	struct pairwise_tally t;
	struct pairwise_bt bt;
	(void)state;
	pairwise_options_init(&o);
	o.resamples = 300;
	assert_int_equal(pairwise_bt_bootstrap(rows, n, "preference", 3, &o, lo, hi, &used, deg), METRICS_OK);
	assert_int_equal(pairwise_bt_bootstrap(rows, n, "preference", 3, &o, lo2, hi2, &used2, deg), METRICS_OK);
	assert_int_equal(used, used2);
	assert_true(used > 250);
	pairwise_tally_init(&t, 3);
	pairwise_tally_add(&t, rows, n, "preference");
	pairwise_bt_from_tally(&t, &bt);
	for (size_t i = 0; i < 3; i++) {
		assert_near(lo[i], lo2[i], 0);
		assert_near(hi[i], hi2[i], 0);
		assert_true(lo[i] < bt.log_strength[i] && bt.log_strength[i] < hi[i]);
	}
	o.seed = 2;
	assert_int_equal(pairwise_bt_bootstrap(rows, n, "preference", 3, &o, lo2, hi2, &used2, deg), METRICS_OK);
	assert_true(lo[0] != lo2[0] || hi[0] != hi2[0]);
	pairwise_bt_release(&bt);
	pairwise_tally_release(&t);
	assert_int_equal(pairwise_bt_bootstrap(rows, n, "nothing", 3, &o, lo, hi, &used, deg), METRICS_EMPTY);
	assert_int_equal(used, 0);
	assert_true(isnan(lo[0]));
}

/* One turn where 0 beat 1: every resample has 1 never winning. */
static void test_bootstrap_counts_degenerate_resamples(void **state)
{
	struct pref_row rows[] = { row(1, 0, 1, 0, PREF_A, 1) };
	struct pairwise_options o;
	double lo[2], hi[2];
	long used, deg[2];
	(void)state;
	pairwise_options_init(&o);
	o.resamples = 20;
	assert_int_equal(pairwise_bt_bootstrap(rows, 1, NULL, 2, &o, lo, hi, &used, deg), METRICS_OK);
	assert_int_equal(used, 20);
	assert_int_equal(deg[0], 20);
	assert_int_equal(deg[1], 20);
	assert_true(isinf(lo[0]) && lo[0] > 0);
	assert_true(isinf(hi[1]) && hi[1] < 0);
}

/* ---- position bias -------------------------------------------------------------------------------- */

static void test_position_bias_by_hand(void **state)
{
	struct pref_row rows[] = {
		row(1, 0, 1, 0, PREF_A, 1),  /* first shown (A) wins */
		row(2, 0, 1, 0, PREF_B, 0),  /* B shown first, wins */
		row(3, 0, 1, 0, PREF_B, 1),  /* A first, B wins: second */
		row(4, 0, 1, 0, PREF_A, 1),  /* first */
		row(5, 0, 1, 0, PREF_TIE, 1),    /* not decided */
		row(6, 0, 1, -1, PREF_SAME, -1), /* not asked */
		row(7, 0, 1, 0, PREF_A, -1),     /* order unknown */
	};
	struct pairwise_position p;
	(void)state;
	pairwise_position(rows, ARRAY_SIZE(rows), "preference", METRICS_Z95, &p);
	assert_int_equal(p.decided, 4);
	assert_int_equal(p.first_wins, 3);
	assert_int_equal(p.unknown, 1);
	assert_true(p.has_rate);
	assert_near(p.rate, 0.75, 1e-15);
	assert_near(p.sign_p, 0.625, 1e-15);   /* 2 (1 + 4) / 16 */
	pairwise_position(rows, 0, NULL, METRICS_Z95, &p);
	assert_false(p.has_rate);
}

/* ---- preference against absolute labels ------------------------------------------------------------- */

static struct pref_row judged(long long turn, enum pref_winner w, double abs_a, double abs_b)
{
	struct pref_row r = row(turn, 0, 1, 0, w, 1);
	r.has_abs = 1;
	r.abs_a = abs_a;
	r.abs_b = abs_b;
	return r;
}

/* Six pairs with both labels: (preference, sign of abs_a - abs_b) = (+,+),
 * (+,0), (-,-), (-,+), (0,+), (+,+). Decided 5: agree 3, disagree 1,
 * level 1; 3/4 with Wilson (z 1.96) [0.30063605, 0.95441394]. Tau-b by
 * hand: 15 pairs of pairs, concordant 4, discordant 2, tied in the
 * preference 4, in the labels 6: 2 / sqrt(11 * 9) = 0.20100756 (the same
 * formula as SciPy's kendalltau, variant b, which was not at hand). */
static void test_absolute_agreement_by_hand(void **state)
{
	struct pref_row rows[] = {
		judged(1, PREF_A, 1, 0), judged(2, PREF_A, 1, 1), judged(3, PREF_B, 0, 1),
		judged(4, PREF_B, 1, 0), judged(5, PREF_TIE, 1, 0), judged(6, PREF_A, 2, 0.5),
		row(7, 0, 1, 0, PREF_A, 1),      /* no absolute labels */
		row(8, 0, 1, -1, PREF_SAME, -1), /* not asked */
	};
	struct pairwise_absolute a;
	(void)state;
	pairwise_absolute(rows, ARRAY_SIZE(rows), "preference", METRICS_Z95, &a);
	assert_int_equal(a.pairs, 6);
	assert_int_equal(a.decided, 5);
	assert_int_equal(a.agree, 3);
	assert_int_equal(a.disagree, 1);
	assert_int_equal(a.level, 1);
	assert_true(a.has_rate);
	assert_near(a.rate, 0.75, 1e-15);
	assert_near(a.lo, 0.3006360524426366, 1e-9);
	assert_near(a.hi, 0.9544139373553637, 1e-9);
	assert_true(a.has_tau);
	assert_near(a.tau_b, 2.0 / sqrt(99.0), 1e-12);
	/* only level labels: no rate, and tau-b undefined (one variable constant) */
	pairwise_absolute(rows + 1, 1, "preference", METRICS_Z95, &a);
	assert_int_equal(a.pairs, 1);
	assert_false(a.has_rate);
	assert_false(a.has_tau);
}

/* ---- agreement -------------------------------------------------------------------------------------- */

/* Two raters on four units: A/A, A/B (a flip), tie/B, B/B. By hand:
 * Cohen p_o 1/2, p_e 1/2 * 1/4 + 1/4 * 3/4 = 5/16, kappa 3/11; Fleiss
 * p_j 3/8, 4/8, 1/8, P_e 26/64, P-bar 1/2, kappa 6/38; flips 1 of 4. */
static void test_agreement_by_hand(void **state)
{
	struct pref_row rows[] = {
		row(1, 0, 1, 0, PREF_A, 1), row(1, 0, 1, 1, PREF_A, 0),
		row(2, 0, 1, 0, PREF_A, 1), row(2, 0, 1, 1, PREF_B, 0),
		row(3, 0, 1, 0, PREF_TIE, 1), row(3, 0, 1, 1, PREF_A, 0), row(3, 0, 1, 1, PREF_B, 0),
		row(4, 0, 1, 0, PREF_BOTH_BAD, 1), row(4, 0, 1, 1, PREF_B, 0), row(4, 0, 1, 0, PREF_B, 1),
		row(5, 0, 1, 0, PREF_A, 1),         /* one rater only */
		row(6, 0, 1, -1, PREF_SAME, -1),    /* not asked */
	};
	struct pairwise_agreement ag;
	struct agreement_kappa k;
	(void)state;
	pairwise_agreement(rows, ARRAY_SIZE(rows), "preference", &ag);
	assert_int_equal(ag.units, 4);
	assert_int_equal(ag.flips, 1);
	assert_near(ag.flip_share, 0.25, 1e-15);
	assert_int_equal(ag.m, 2);
	assert_int_equal(ag.fleiss_units, 4);
	assert_int_equal(ag.fleiss.status, AGREEMENT_OK);
	assert_near(ag.fleiss.kappa, 6.0 / 38.0, 1e-12);
	assert_int_equal(pairwise_cohen(rows, ARRAY_SIZE(rows), "preference", 0, 1, &k), AGREEMENT_OK);
	assert_int_equal(k.n, 4);
	assert_near(k.kappa, 3.0 / 11.0, 1e-12);
	assert_int_equal(pairwise_cohen(rows, ARRAY_SIZE(rows), "preference", 0, 2, &k), AGREEMENT_NO_ITEMS);
	pairwise_agreement(rows, ARRAY_SIZE(rows), "other", &ag);
	assert_int_equal(ag.units, 0);
	assert_false(ag.has_flip_share);
	assert_int_equal(ag.fleiss.status, AGREEMENT_NO_ITEMS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pair_by_hand),
		cmocka_unit_test(test_sign_test_equals_binomtest),
		cmocka_unit_test(test_wilson_of_shares),
		cmocka_unit_test(test_pair_without_decided_judgements),
		cmocka_unit_test(test_tally_counts_ties_of_every_kind),
		cmocka_unit_test(test_bt_two_systems_by_hand),
		cmocka_unit_test(test_bt_balanced_cycle_is_flat),
		cmocka_unit_test(test_bt_equals_the_likelihood_maximum),
		cmocka_unit_test(test_bt_chain_of_adjacent_pairs),
		cmocka_unit_test(test_bt_splits_ties_from_rows),
		cmocka_unit_test(test_bt_never_winning_system_is_zero),
		cmocka_unit_test(test_bt_peels_in_steps),
		cmocka_unit_test(test_bt_one_pair_and_a_split),
		cmocka_unit_test(test_bootstrap_is_seeded_and_covers_the_estimate),
		cmocka_unit_test(test_bootstrap_counts_degenerate_resamples),
		cmocka_unit_test(test_position_bias_by_hand),
		cmocka_unit_test(test_agreement_by_hand),
		cmocka_unit_test(test_absolute_agreement_by_hand),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
