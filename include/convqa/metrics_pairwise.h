/*
 * metrics_pairwise.h - statistics of side-by-side preferences (issue 22):
 * wins / ties / losses per pair of systems with win rates, Wilson
 * intervals and the exact sign test; a Bradley-Terry ranking of all
 * systems with bootstrap intervals over turns; position bias; agreement
 * between raters on preferences.
 *
 *   struct pairwise_tally t;
 *   pairwise_tally_init(&t, n_systems);
 *   pairwise_tally_add(&t, rows, n_rows, "preference");   // one field's rows
 *   struct pairwise_stats st;
 *   pairwise_pair_stats(pairwise_wins(&t, i, j), pairwise_wins(&t, j, i),
 *                       pairwise_ties(&t, i, j), METRICS_Z95, &st);
 *   struct pairwise_bt bt;
 *   pairwise_bt_from_tally(&t, &bt);                      // caller: pairwise_bt_release
 *   pairwise_tally_release(&t);
 *
 * Input: struct pref_row (pref_row.h), a preference already normalised to
 * the systems. Every function that takes rows takes a field name and uses
 * only the rows of that field (NULL: every row). Ties are PREF_TIE,
 * PREF_BOTH_BAD and PREF_SAME (identical answers, not asked); the last two
 * are also counted apart. Each row counts once: a pair two raters judged
 * counts twice in the tallies (a judgement is the unit), once in agreement
 * (a unit there is a turn's pair of systems).
 *
 * Conventions (docs/metrics.md, "Pairwise preference"):
 *   win rate with ties as half: (W + T/2) / (W + T + L);
 *   win rate without ties: W / (W + L);
 *   Wilson score interval of a share s/n (s may be a half):
 *     (p + z^2/2n -+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n), p = s/n;
 *   sign test: the exact two-sided binomial test of W in W + L trials at 1/2
 *     (ties dropped) = SciPy's binomtest(W, W + L, 0.5).pvalue; 1 when W + L = 0;
 *   Bradley-Terry: P(i beats j) = p_i / (p_i + p_j), fitted by maximum
 *     likelihood with a tie as half a win for each side: PAIRWISE_BT_MM_STEPS
 *     steps of the MM (Zermelo) iteration p_i <- W_i / sum_j n_ij / (p_i + p_j)
 *     from equal strengths, then Newton's method on the log-strengths (with
 *     step halving: the likelihood never falls) until no log-strength moves
 *     by more than PAIRWISE_BT_TOL (MM alone - slow on sparse designs such
 *     as a chain of adjacent pairs - above PAIRWISE_BT_NEWTON_MAX systems or
 *     if Newton fails); strengths normalised to a geometric mean of 1 over
 *     the systems with a finite positive estimate.
 *
 * Pure: no I/O. Inputs are borrowed and not modified. Functions that
 * allocate say so and who frees.
 */
#ifndef CONVQA_METRICS_PAIRWISE_H
#define CONVQA_METRICS_PAIRWISE_H

#include <stddef.h>
#include <stdint.h>

#include "convqa/agreement.h"
#include "convqa/metrics_stats.h"
#include "convqa/pref_row.h"

#define PAIRWISE_BT_TOL 1e-10        /* largest change of a log-strength at convergence */
#define PAIRWISE_BT_MM_STEPS 20      /* MM steps before Newton's method takes over */
#define PAIRWISE_BT_NEWTON_MAX 200   /* above this many systems, MM steps only */
#define PAIRWISE_BT_MAX_ITER 100000  /* steps at most */

/* The knobs of the intervals and the bootstrap. */
struct pairwise_options {
	double z;          /* normal quantile of the intervals (METRICS_Z95) */
	long resamples;    /* bootstrap resamples of the turns (1000); 0: no intervals */
	uint64_t seed;     /* of the bootstrap (1) */
};

/* z 1.96, 1000 resamples, seed 1. */
void pairwise_options_init(struct pairwise_options *o);

/* ---- Wilson interval of a share that may hold halves ---------------------------- */

/* The Wilson score interval of successes / n (successes may be a multiple
 * of 1/2: ties as half). METRICS_EMPTY if n == 0, METRICS_BAD_ARGUMENT if
 * successes is outside [0, n] or z <= 0; *lo, *hi written only on OK. */
enum metrics_status pairwise_wilson(double successes, long n, double z, double *lo, double *hi);

/* ---- tallies per pair -------------------------------------------------------------- */

struct pairwise_tally {
	size_t n;          /* systems */
	long *win;         /* win[i * n + j]: judgements preferring i to j */
	long *tie;         /* tie[i * n + j] = tie[j * n + i]: TIE, BOTH_BAD and SAME */
	long *both_bad;    /* of the ties: BOTH_BAD (symmetric) */
	long *same;        /* of the ties: SAME, identical answers not asked (symmetric) */
	long rows;         /* rows counted */
	long skipped;      /* rows of the field with systems outside 0..n-1 or sys_a == sys_b */
};

/* Zeroed tallies of n systems; pairwise_tally_release() frees. */
void pairwise_tally_init(struct pairwise_tally *t, size_t n);
/* Count the rows of field (NULL: all). */
void pairwise_tally_add(struct pairwise_tally *t, const struct pref_row *rows, size_t n_rows,
			const char *field);
void pairwise_tally_release(struct pairwise_tally *t);
long pairwise_wins(const struct pairwise_tally *t, size_t i, size_t j);
long pairwise_ties(const struct pairwise_tally *t, size_t i, size_t j);

/* ---- one pair ------------------------------------------------------------------------ */

struct pairwise_stats {
	long wins, losses, ties, n;        /* n = wins + ties + losses */
	int has_half;                      /* n > 0 */
	double rate_half, half_lo, half_hi;            /* (W + T/2) / n, Wilson */
	int has_decided;                   /* W + L > 0 */
	double rate_decided, decided_lo, decided_hi;   /* W / (W + L), Wilson */
	double sign_p;                     /* exact two-sided sign test; 1 without decided pairs */
};

/* Everything of one pair from the first system's side. METRICS_EMPTY when
 * n == 0 (counts and sign_p = 1 filled, the rest 0), METRICS_BAD_ARGUMENT
 * for a negative count or z <= 0. */
enum metrics_status pairwise_pair_stats(long wins, long losses, long ties, double z,
					struct pairwise_stats *out);

/* ---- Bradley-Terry --------------------------------------------------------------------- */

/* What the maximum-likelihood estimate of a system is. */
enum pairwise_bt_state {
	PAIRWISE_BT_FINITE,      /* a finite positive strength */
	PAIRWISE_BT_ZERO,        /* never preferred (no win, no tie) among the systems left: the
				  * likelihood grows as its strength goes to 0; strength 0,
				  * log-strength -inf; ranked below every finite one */
	PAIRWISE_BT_INFINITE,    /* never lost (no loss, no tie) among the systems left: strength
				  * +inf; ranked above every finite one */
	PAIRWISE_BT_UNCOMPARED,  /* in no judged pair: no estimate */
	PAIRWISE_BT_SPLIT,       /* the rest is not one strongly connected group (some group
				  * beats another every time, or two groups never met): no
				  * finite maximum exists; no estimate */
};

struct pairwise_bt {
	size_t n;
	double *strength;        /* geometric mean 1 over the FINITE ones; 0 ZERO, inf INFINITE,
				  * NaN UNCOMPARED / SPLIT */
	double *log_strength;    /* log of it (-inf, inf, NaN alike) */
	enum pairwise_bt_state *state;
	int *level;              /* ZERO / INFINITE: the step of removal (1 first); ties of the
				  * state ranked by it: a ZERO removed later ranks higher */
	size_t *rank;            /* systems best first: INFINITE (removed last first), FINITE by
				  * strength, ZERO (removed last first), then the others; equal
				  * strengths by index */
	long iterations;         /* MM and Newton steps taken */
	int converged;           /* 1 when the last step moved less than PAIRWISE_BT_TOL */
};

/* Fit from w (n x n, row-major): w[i * n + j] = wins of i over j, a tie
 * counting half to each. Allocates out's arrays: pairwise_bt_release(). */
void pairwise_bt_fit(const double *w, size_t n, struct pairwise_bt *out);
/* The same from a tally (ties of every kind as halves). */
void pairwise_bt_from_tally(const struct pairwise_tally *t, struct pairwise_bt *out);
void pairwise_bt_release(struct pairwise_bt *bt);

/* Bootstrap over turns: o->resamples resamples of the field's turns (by
 * turn_id) with replacement, each turn with all its rows, fitted again.
 * For system i, lo[i], hi[i]: the 2.5% and 97.5% type-7 quantiles of its
 * log-strength over the resamples where the fit has no SPLIT or
 * UNCOMPARED system (a ZERO counts as -inf, an INFINITE as +inf, so a bound
 * may be infinite); *used the resamples counted, degenerate[i] those where
 * i was ZERO or INFINITE. The quantiles at z other than 1.96 are those of
 * the matching two-sided level. METRICS_EMPTY without turns or resamples. */
enum metrics_status pairwise_bt_bootstrap(const struct pref_row *rows, size_t n_rows, const char *field,
					  size_t n_systems, const struct pairwise_options *o, double *lo,
					  double *hi, long *used, long *degenerate);

/* ---- position bias --------------------------------------------------------------------- */

struct pairwise_position {
	long decided;            /* rows with a winner (A or B) and a_first 0 or 1 */
	long first_wins;         /* of those: the answer shown first (left / on top) won */
	long unknown;            /* decided rows whose order is not known (a_first -1) */
	int has_rate;
	double rate, lo, hi;     /* first_wins / decided, Wilson */
	double sign_p;           /* exact two-sided test of rate = 1/2 */
};

void pairwise_position(const struct pref_row *rows, size_t n_rows, const char *field, double z,
		       struct pairwise_position *out);

/* ---- preference against absolute labels ------------------------------------------------ */

struct pairwise_absolute {
	long pairs;              /* judged rows (a rater's, not SAME) whose answers both have has_abs */
	long decided;            /* of those: A or B preferred */
	long agree;              /* of those: the preferred answer has the higher absolute label */
	long disagree;           /* ... the lower one */
	long level;              /* ... an equal one */
	int has_rate;
	double rate, lo, hi;     /* agree / (agree + disagree), Wilson */
	int has_tau;
	double tau_b;            /* Kendall's tau-b over the pairs of preference (A +1, B -1, tie 0)
				    and sign(abs_a - abs_b); undefined when either is constant */
};

void pairwise_absolute(const struct pref_row *rows, size_t n_rows, const char *field, double z,
		       struct pairwise_absolute *out);

/* ---- agreement between raters ---------------------------------------------------------- */

/* Categories of a preference for agreement: A, B, tie (TIE and BOTH_BAD). */
enum { PAIRWISE_CAT_A, PAIRWISE_CAT_B, PAIRWISE_CAT_TIE, PAIRWISE_N_CATS };

struct pairwise_agreement {
	long units;              /* (turn, pair) units judged by at least 2 raters */
	long flips;              /* of those: one rater preferred A and another B */
	int has_flip_share;
	double flip_share;       /* flips / units */
	int m;                   /* raters per unit of Fleiss' kappa: the most common count >= 2 */
	long fleiss_units;       /* units with exactly m raters */
	struct agreement_fleiss fleiss;   /* over those, categories A / B / tie */
};

/* Agreement over the rows with a rater (rater >= 0) and a judged winner
 * (not SAME); a rater's later row of the same unit replaces an earlier
 * one. Allocates nothing that outlives the call. */
void pairwise_agreement(const struct pref_row *rows, size_t n_rows, const char *field,
			struct pairwise_agreement *out);

/* Cohen's kappa of raters r1 and r2 over the units both judged,
 * categories A / B / tie (agreement_cohen_kappa(), unweighted). */
enum agreement_status pairwise_cohen(const struct pref_row *rows, size_t n_rows, const char *field, int r1,
				     int r2, struct agreement_kappa *out);

#endif
