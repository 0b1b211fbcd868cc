/*
 * agreement.h - inter-rater agreement: Cohen's kappa (plain and weighted),
 * Fleiss' kappa, Krippendorff's alpha (nominal, ordinal, interval),
 * Landis-Koch bands.
 *
 * Pure functions over plain arrays: no I/O, no allocation. Labels are integer
 * category codes 0..k-1 on a declared scale of k categories (k at most
 * AGREEMENT_MAX_CATEGORIES); AGREEMENT_MISSING (-1) marks "not labelled".
 *
 *   struct agreement_kappa res;
 *   if (agreement_cohen_kappa(a, b, n_items, 3, AGREEMENT_UNWEIGHTED,
 *                             &res) == AGREEMENT_OK)
 *       printf("%.3f (%s)\n", res.kappa, agreement_landis_koch(res.kappa));
 *   else
 *       printf("undefined: %s\n", agreement_status_message(res.status));
 *
 *   struct agreement_alpha al;   (ratings: n_units x n_raters codes)
 *   agreement_krippendorff_alpha_metric(ratings, n_units, n_raters, 4,
 *                                       AGREEMENT_ORDINAL, &al);
 *
 * Every function fills the whole result struct (status included) and returns
 * the same status. When the status is not AGREEMENT_OK the coefficient, its
 * standard errors and interval are 0.0, never NaN; counts and the tables
 * built so far stay filled in. Results live in caller-owned structs; inputs
 * are borrowed and never modified.
 */
#ifndef CONVQA_AGREEMENT_H
#define CONVQA_AGREEMENT_H

#include <stddef.h>

#define AGREEMENT_MAX_CATEGORIES 16
#define AGREEMENT_MISSING (-1)

enum agreement_status {
	AGREEMENT_OK = 0,
	AGREEMENT_NO_ITEMS,          /* nothing to compare: no item labelled by
				      * both raters / no pairable values */
	AGREEMENT_CHANCE_IS_ONE,     /* expected agreement is 1 (e.g. one category
				      * used by everyone): kappa is 0/0 */
	AGREEMENT_NO_EXPECTED_DISAGREEMENT, /* alpha: D_e == 0 */
	AGREEMENT_UNEQUAL_RATERS,    /* Fleiss: items have different rating counts */
	AGREEMENT_TOO_FEW_RATERS,    /* Fleiss: fewer than 2 ratings per item */
	AGREEMENT_BAD_CATEGORY,      /* a code outside 0..k-1 that is not missing,
				      * or a negative count */
	AGREEMENT_BAD_ARGUMENT,      /* k outside 1..AGREEMENT_MAX_CATEGORIES,
				      * unknown weighting, ... */
};

/* A fixed English message for a status, e.g. "no item labelled by both raters". */
const char *agreement_status_message(enum agreement_status st);

/* ---- Cohen's kappa (two raters) ----------------------------------------------- */

enum agreement_weighting {
	AGREEMENT_UNWEIGHTED = 0,
	AGREEMENT_LINEAR,      /* agreement weight 1 - |i - j| / (k - 1) */
	AGREEMENT_QUADRATIC,   /* agreement weight 1 - (i - j)^2 / (k - 1)^2 */
};

struct agreement_kappa {
	enum agreement_status status;
	enum agreement_weighting weighting;
	int k;               /* categories on the scale */
	long n;              /* items labelled by both raters */
	double p_o;          /* observed (weighted) agreement */
	double p_e;          /* chance (weighted) agreement from the marginals */
	double kappa;        /* (p_o - p_e) / (1 - p_e) */
	/* Standard error behind the 95% interval kappa +- 1.96 se:
	 * unweighted: the usual large-sample approximation
	 *   se = sqrt(p_o (1 - p_o) / (n (1 - p_e)^2));
	 * weighted: se_fce below (the simple formula has no weighted form). */
	double se;
	/* Large-sample SE of Fleiss, Cohen & Everitt (1969), as SAS PROC FREQ
	 * prints it ("ASE"): sqrt(sum_ij p_ij [w_ij - (wr_i + wc_j)(1 - kappa)]^2
	 *   - [kappa - p_e (1 - kappa)]^2) / ((1 - p_e) sqrt(n)),
	 * wr_i = sum_j p_.j w_ij, wc_j = sum_i p_i. w_ij. */
	double se_fce;
	double ci_lo, ci_hi; /* kappa -+ 1.96 se, clamped to [-1, 1] */
	/* 1 when ci_lo, ci_hi hold an interval; 0 (both 0.0) when n is 1: one
	 * unit is too small a sample for one (kappa is then 0: the raters
	 * disagree, else p_e is 1) */
	int has_ci;
	/* confusion[i][j]: items rater A put in category i and rater B in j. */
	long confusion[AGREEMENT_MAX_CATEGORIES][AGREEMENT_MAX_CATEGORIES];
};

/*
 * Cohen's kappa of raters a and b over n_items items (a[i], b[i] label item i;
 * items missing from either rater are skipped). weighting AGREEMENT_LINEAR or
 * AGREEMENT_QUADRATIC gives weighted kappa, with distance measured by
 * category position on the scale 0..k-1 (k == 1 then has p_e == 1).
 * Statuses: AGREEMENT_NO_ITEMS (n == 0), AGREEMENT_CHANCE_IS_ONE,
 * AGREEMENT_BAD_CATEGORY, AGREEMENT_BAD_ARGUMENT. Sums are exact integers
 * up to n of about 10^8 items. Any k up to AGREEMENT_MAX_CATEGORIES: the
 * weights depend on k, not on the categories used, so the result equals
 * scikit-learn's cohen_kappa_score(a, b, labels=range(k), weights=...) --
 * without labels= scikit-learn spaces only the categories that occur.
 */
enum agreement_status agreement_cohen_kappa(const int *a, const int *b,
					    size_t n_items, int k,
					    enum agreement_weighting weighting,
					    struct agreement_kappa *out);

/* The same from a k x k table already counted: table[i * k + j] items with
 * rater A in category i and rater B in j (row-major). */
enum agreement_status agreement_cohen_kappa_table(const long *table, int k,
						  enum agreement_weighting weighting,
						  struct agreement_kappa *out);

/*
 * Landis & Koch (1977) band of a kappa: "poor" (< 0), "slight" (0 to 0.20),
 * "fair" (to 0.40), "moderate" (to 0.60), "substantial" (to 0.80),
 * "almost perfect" (above 0.80). Each upper bound belongs to its band
 * (0.20 is slight, 0.2000001 fair) up to a tolerance of 1e-9, so a kappa
 * that is 0.4 in exact arithmetic is "fair" whatever its rounding; 0 itself
 * is slight. NaN gives "undefined". Returns a static string.
 */
const char *agreement_landis_koch(double kappa);

/* ---- consensus of one unit's values ---------------------------------------------- */

#define AGREEMENT_NO_CONSENSUS (-2)
/* The value the raters settle on among votes[0..n) (codes 0 ..
 * AGREEMENT_MAX_CATEGORIES - 1; a code outside is not counted, yet is a
 * voter to unanimity: pass votes only): unanimous 0, the
 * most frequent value, a tie for the top = AGREEMENT_NO_CONSENSUS;
 * unanimous 1, the common value, any difference = AGREEMENT_NO_CONSENSUS.
 * AGREEMENT_MISSING when there is no vote. The rule of the report's
 * --consensus and of the qrels export's. */
int agreement_settle(const int *votes, int n, int unanimous);

/* ---- Fleiss' kappa (m raters per item) --------------------------------------- */

struct agreement_fleiss {
	enum agreement_status status;
	int k;
	size_t n_items;
	long raters;          /* ratings per item (m) */
	double p_bar;         /* mean per-item agreement P-bar */
	double p_e;           /* sum_j p_j^2 */
	double kappa;         /* (P-bar - P_e) / (1 - P_e) */
	double p_j[AGREEMENT_MAX_CATEGORIES];   /* share of all ratings in j */
};

/*
 * Fleiss' kappa from an n_items x k count matrix (row-major; counts[i * k + j]
 * raters who put item i in category j). Every item must have the same number
 * m >= 2 of ratings. Statuses: AGREEMENT_NO_ITEMS, AGREEMENT_UNEQUAL_RATERS,
 * AGREEMENT_TOO_FEW_RATERS, AGREEMENT_CHANCE_IS_ONE, AGREEMENT_BAD_CATEGORY
 * (negative count), AGREEMENT_BAD_ARGUMENT.
 */
enum agreement_status agreement_fleiss_kappa(const long *counts, size_t n_items,
					     int k, struct agreement_fleiss *out);

/* ---- Krippendorff's alpha ------------------------------------------------------ */

/*
 * The difference function delta^2(c, c') of alpha, after Krippendorff (2011),
 * "Computing Krippendorff's Alpha-Reliability" (Annenberg School for
 * Communication, University of Pennsylvania). Every metric has
 * delta^2(c, c) = 0.
 */
enum agreement_metric {
	AGREEMENT_NOMINAL = 0, /* 1 for c != c' */
	AGREEMENT_ORDINAL,     /* for c <= c': (sum_{g=c..c'} n_g - (n_c + n_c')/2)^2,
				* n_g the marginals of the coincidence matrix: the
				* distance of two ranks is how many values lie
				* between them (half of each end counted) */
	AGREEMENT_INTERVAL,    /* (c - c')^2: categories equally spaced at their
				* positions 0..k-1 on the declared scale (alpha does
				* not depend on the unit, so values 1..k give the
				* same alpha) */
};

/* "nominal", "ordinal" or "interval"; "unknown" for another value. A static
 * string. */
const char *agreement_metric_name(enum agreement_metric metric);

struct agreement_alpha {
	enum agreement_status status;
	enum agreement_metric metric;
	int k;
	size_t units;         /* units with at least 2 values (the pairable ones) */
	double n;             /* pairable values n.. (a count, kept as double) */
	double d_o, d_e;      /* observed and expected disagreement:
			       * D_o = sum_cc' o_cc' delta^2_cc' / n,
			       * D_e = sum_cc' n_c n_c' delta^2_cc' / (n (n - 1)) */
	double alpha;         /* 1 - D_o / D_e */
	/* n_c[c]: marginal of category c, sum_c' o_cc' (pairable values in c). */
	double n_c[AGREEMENT_MAX_CATEGORIES];
	/* coincidence[c][c']: o_cc', each unit's m_u (m_u - 1) ordered pairs
	 * weighted 1 / (m_u - 1). */
	double coincidence[AGREEMENT_MAX_CATEGORIES][AGREEMENT_MAX_CATEGORIES];
	/* delta2[c][c']: the metric's delta^2 (for ORDINAL it depends on n_c). */
	double delta2[AGREEMENT_MAX_CATEGORIES][AGREEMENT_MAX_CATEGORIES];
};

/*
 * Alpha with the given metric from an n_units x n_raters matrix (row-major;
 * ratings[u * n_raters + r] is rater r's code for unit u, or
 * AGREEMENT_MISSING). Any number of raters per unit; units with fewer than 2
 * values are not pairable and are left out, as in Krippendorff's definition.
 * Statuses: AGREEMENT_NO_ITEMS (fewer than 2 pairable values),
 * AGREEMENT_NO_EXPECTED_DISAGREEMENT (one category only: D_e == 0, for every
 * metric), AGREEMENT_BAD_CATEGORY, AGREEMENT_BAD_ARGUMENT (k, or an unknown
 * metric). Reproduces the paper's example with missing data: nominal 0.743,
 * ordinal 0.815, interval 0.849 (tests/golden/agreement/alpha.txt).
 */
enum agreement_status agreement_krippendorff_alpha_metric(const int *ratings,
							  size_t n_units, size_t n_raters,
							  int k, enum agreement_metric metric,
							  struct agreement_alpha *out);

/* The same from an n_units x k count matrix (counts[u * k + c] values c in
 * unit u), e.g. when raters are not identified. */
enum agreement_status agreement_krippendorff_alpha_counts_metric(const long *counts,
								 size_t n_units, int k,
								 enum agreement_metric metric,
								 struct agreement_alpha *out);

/* Nominal alpha: agreement_krippendorff_alpha_metric(..., AGREEMENT_NOMINAL). */
enum agreement_status agreement_krippendorff_alpha(const int *ratings,
						   size_t n_units, size_t n_raters,
						   int k, struct agreement_alpha *out);

/* Nominal alpha from counts: agreement_krippendorff_alpha_counts_metric(...,
 * AGREEMENT_NOMINAL). */
enum agreement_status agreement_krippendorff_alpha_counts(const long *counts,
							  size_t n_units, int k,
							  struct agreement_alpha *out);

#endif
