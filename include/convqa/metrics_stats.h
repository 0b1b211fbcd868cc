/*
 * metrics_stats.h - the statistics under the report's figures: macro
 * averages, correlation (Pearson, Spearman, Kendall tau-b), the Wilson
 * interval, type-7 quantiles.
 *
 * Functions that can fail return an enum metrics_status and write the value
 * through a pointer only on METRICS_OK; "undefined" is a status, never a NaN.
 *
 * Pure: no I/O, no SQL, no JSON; reentrant. Nothing returned needs freeing;
 * inputs are borrowed and not modified.
 */
#ifndef CONVQA_METRICS_STATS_H
#define CONVQA_METRICS_STATS_H

#include <stddef.h>

enum metrics_status {
	METRICS_OK = 0,
	METRICS_EMPTY,          /* no data (n == 0) */
	METRICS_TOO_FEW_POINTS, /* fewer than 2 points */
	METRICS_ZERO_VARIANCE,  /* a variable is constant: correlation undefined */
	METRICS_BAD_ARGUMENT,   /* e.g. successes > n, p outside [0, 1], z <= 0 */
};

/* A fixed English message for a status, e.g. "fewer than 2 points". */
const char *metrics_status_message(enum metrics_status st);

/* ---- macro average ----------------------------------------------------- */

struct metrics_mean {
	double sum;
	long n;
};

#define METRICS_MEAN_INIT { 0.0, 0 }

void metrics_mean_add(struct metrics_mean *m, double x);
/* Mean of the values added; METRICS_EMPTY (and *out untouched) if none. */
enum metrics_status metrics_mean_value(const struct metrics_mean *m, double *out);

/* ---- correlation -------------------------------------------------------- */

/* Pearson's r of n pairs (x[i], y[i]); inputs must be finite.
 * METRICS_TOO_FEW_POINTS if n < 2, METRICS_ZERO_VARIANCE if x or y is
 * constant; *r is written only on METRICS_OK. */
enum metrics_status metrics_pearson(const double *x, const double *y, size_t n,
				    double *r);

/* Spearman's rho: Pearson's r of the ranks, tied values sharing the average
 * of their ranks. Same statuses as metrics_pearson. */
enum metrics_status metrics_spearman(const double *x, const double *y, size_t n,
				     double *rho);

/* Kendall's tau-b = (C - D) / sqrt((n0 - n1)(n0 - n2)), n0 = n(n-1)/2,
 * n1/n2 = pairs tied in x/y. O(n log n) (Knight's algorithm: sort by x,
 * then count the exchanges of a merge sort by y). Same statuses as metrics_pearson
 * (METRICS_ZERO_VARIANCE when every pair is tied in x or in y). */
enum metrics_status metrics_kendall_tau_b(const double *x, const double *y,
					  size_t n, double *tau);

/* ---- intervals and quantiles -------------------------------------------- */

#define METRICS_Z95 1.96

/* Wilson score interval for a binomial proportion successes/n with normal
 * quantile z (METRICS_Z95 for 95%). METRICS_EMPTY if n == 0,
 * METRICS_BAD_ARGUMENT if successes is outside [0, n] or z <= 0. */
enum metrics_status metrics_wilson_interval(long successes, long n, double z,
					    double *lo, double *hi);

/* The p-quantile (0 <= p <= 1) of n values, by linear interpolation between
 * closest ranks (Hyndman & Fan type 7, R's default): with the values sorted
 * ascending as v[0..n-1] and h = (n - 1) p, the result is
 * v[floor h] + (h - floor h)(v[floor h + 1] - v[floor h]).
 * x (finite values) need not be sorted and is not modified. METRICS_EMPTY if n == 0,
 * METRICS_BAD_ARGUMENT if p is outside [0, 1]. */
enum metrics_status metrics_quantile(const double *x, size_t n, double p,
				     double *out);

struct metrics_summary {
	size_t n;
	double min, q1, median, q3, max;   /* type-7 quantiles 0, .25, .5, .75, 1 */
};

/* Five-number summary of n values (type 7 quartiles). METRICS_EMPTY if n == 0. */
enum metrics_status metrics_summarize(const double *x, size_t n,
				      struct metrics_summary *out);

#endif
