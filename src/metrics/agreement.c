/* agreement.c - inter-rater agreement coefficients (see agreement.h). */
#include "convqa/agreement.h"

#include <math.h>
#include <string.h>

#define Z95 1.96
#define BAND_TOLERANCE 1e-9

static const char *const status_messages[] = {
	[AGREEMENT_OK] = "ok",
	[AGREEMENT_NO_ITEMS] = "no item labelled by both raters",
	[AGREEMENT_CHANCE_IS_ONE] = "chance agreement is 1 (a single category is used)",
	[AGREEMENT_NO_EXPECTED_DISAGREEMENT] = "no expected disagreement (a single category is used)",
	[AGREEMENT_UNEQUAL_RATERS] = "items have different numbers of ratings",
	[AGREEMENT_TOO_FEW_RATERS] = "fewer than 2 ratings per item",
	[AGREEMENT_BAD_CATEGORY] = "category code out of range",
	[AGREEMENT_BAD_ARGUMENT] = "bad argument",
};

#define N_NAMES(names) (sizeof(names) / sizeof((names)[0]))

/* names[i], or fallback when i is past the table or has no entry. */
static const char *name_in(const char *const *names, size_t n, unsigned i,
			   const char *fallback)
{
	return i < n && names[i] ? names[i] : fallback;
}

const char *agreement_status_message(enum agreement_status st)
{
	return name_in(status_messages, N_NAMES(status_messages), (unsigned)st,
		       "unknown status");
}

static int valid_k(int k)
{
	return k >= 1 && k <= AGREEMENT_MAX_CATEGORIES;
}

/* ---- Cohen's kappa -------------------------------------------------------------- */

/* Disagreement weight of cells i, j: 0 on the diagonal; 1, |i-j| or (i-j)^2
 * off it. Agreement weights are 1 - d / dmax (dmax: d of the corner cell). */
static long long disagreement(enum agreement_weighting w, int i, int j)
{
	long long d = i > j ? i - j : j - i;

	switch (w) {
	case AGREEMENT_UNWEIGHTED: return d != 0;
	case AGREEMENT_LINEAR: return d;
	case AGREEMENT_QUADRATIC: return d * d;
	}
	return 0;
}

static double agreement_weight(enum agreement_weighting w, int i, int j, int k)
{
	long long dmax = disagreement(w, 0, k - 1);

	return dmax ? 1.0 - (double)disagreement(w, i, j) / (double)dmax : 1.0;
}

static double clamp_kappa(double x)
{
	return x > 1.0 ? 1.0 : x < -1.0 ? -1.0 : x;
}

/* Fleiss, Cohen & Everitt (1969) large-sample standard error. */
static double se_fce(const struct agreement_kappa *r, const long long *row,
		     const long long *col)
{
	double n = (double)r->n, wr[AGREEMENT_MAX_CATEGORIES];
	double wc[AGREEMENT_MAX_CATEGORIES], sum = 0.0, t;
	int i, j, k = r->k;

	for (i = 0; i < k; i++) {
		wr[i] = wc[i] = 0.0;
		for (j = 0; j < k; j++) {
			wr[i] += (double)col[j] / n * agreement_weight(r->weighting, i, j, k);
			wc[i] += (double)row[j] / n * agreement_weight(r->weighting, j, i, k);
		}
	}
	for (i = 0; i < k; i++) {
		for (j = 0; j < k; j++) {
			double d = agreement_weight(r->weighting, i, j, k) -
				   (wr[i] + wc[j]) * (1.0 - r->kappa);
			sum += (double)r->confusion[i][j] / n * d * d;
		}
	}
	t = r->kappa - r->p_e * (1.0 - r->kappa);
	sum -= t * t;
	return sqrt(sum > 0.0 ? sum : 0.0) / ((1.0 - r->p_e) * sqrt(n));
}

/* Fill out from out->confusion, out->k and out->weighting. */
static enum agreement_status kappa_finish(struct agreement_kappa *out)
{
	long long row[AGREEMENT_MAX_CATEGORIES] = { 0 }, col[AGREEMENT_MAX_CATEGORIES] = { 0 };
	long long n = 0, s_o = 0, s_e = 0, dmax;
	double nn;
	int i, j, k = out->k;

	for (i = 0; i < k; i++) {
		for (j = 0; j < k; j++) {
			long long c = out->confusion[i][j];
			if (c < 0)
				return out->status = AGREEMENT_BAD_CATEGORY;
			row[i] += c;
			col[j] += c;
			n += c;
			s_o += c * disagreement(out->weighting, i, j);
		}
	}
	out->n = (long)n;
	if (n == 0)
		return out->status = AGREEMENT_NO_ITEMS;
	for (i = 0; i < k; i++)
		for (j = 0; j < k; j++)
			s_e += row[i] * col[j] * disagreement(out->weighting, i, j);
	/* In exact arithmetic p_o = 1 - s_o / (n dmax), p_e = 1 - s_e / (n^2 dmax),
	 * kappa = 1 - n s_o / s_e; s_e == 0 exactly when p_e == 1. */
	dmax = disagreement(out->weighting, 0, k - 1);
	nn = (double)n;
	out->p_o = dmax ? 1.0 - (double)s_o / (nn * (double)dmax) : 1.0;
	out->p_e = dmax ? 1.0 - (double)s_e / (nn * nn * (double)dmax) : 1.0;
	if (s_e == 0) {
		out->p_e = 1.0;
		return out->status = AGREEMENT_CHANCE_IS_ONE;
	}
	out->kappa = ((double)s_e - nn * (double)s_o) / (double)s_e;
	out->se_fce = se_fce(out, row, col);
	if (out->weighting == AGREEMENT_UNWEIGHTED)
		out->se = sqrt(out->p_o * (1.0 - out->p_o) / nn) / (1.0 - out->p_e);
	else
		out->se = out->se_fce;
	out->has_ci = n >= 2;   /* one unit: no interval (kappa is 0, se 0) */
	if (out->has_ci) {
		out->ci_lo = clamp_kappa(out->kappa - Z95 * out->se);
		out->ci_hi = clamp_kappa(out->kappa + Z95 * out->se);
	}
	return out->status = AGREEMENT_OK;
}

static enum agreement_status kappa_start(struct agreement_kappa *out, int k,
					 enum agreement_weighting weighting)
{
	memset(out, 0, sizeof(*out));
	out->k = k;
	out->weighting = weighting;
	if (!valid_k(k) || weighting < AGREEMENT_UNWEIGHTED ||
	    weighting > AGREEMENT_QUADRATIC)
		return out->status = AGREEMENT_BAD_ARGUMENT;
	return AGREEMENT_OK;
}

enum agreement_status agreement_cohen_kappa(const int *a, const int *b,
					    size_t n_items, int k,
					    enum agreement_weighting weighting,
					    struct agreement_kappa *out)
{
	size_t i;

	if (kappa_start(out, k, weighting) != AGREEMENT_OK)
		return out->status;
	for (i = 0; i < n_items; i++) {
		if (a[i] == AGREEMENT_MISSING || b[i] == AGREEMENT_MISSING)
			continue;
		if (a[i] < 0 || a[i] >= k || b[i] < 0 || b[i] >= k) {
			memset(out->confusion, 0, sizeof(out->confusion));
			return out->status = AGREEMENT_BAD_CATEGORY;
		}
		out->confusion[a[i]][b[i]]++;
	}
	return kappa_finish(out);
}

enum agreement_status agreement_cohen_kappa_table(const long *table, int k,
						  enum agreement_weighting weighting,
						  struct agreement_kappa *out)
{
	int i, j;

	if (kappa_start(out, k, weighting) != AGREEMENT_OK)
		return out->status;
	for (i = 0; i < k; i++)
		for (j = 0; j < k; j++)
			out->confusion[i][j] = table[i * k + j];
	return kappa_finish(out);
}

int agreement_settle(const int *votes, int n, int unanimous)
{
	int count[AGREEMENT_MAX_CATEGORIES] = { 0 }, best = AGREEMENT_MISSING, best_n = 0, tie = 0;
	for (int i = 0; i < n; i++)
		if (votes[i] >= 0 && votes[i] < AGREEMENT_MAX_CATEGORIES)
			count[votes[i]]++;
	for (int c = 0; c < AGREEMENT_MAX_CATEGORIES; c++) {
		if (count[c] > best_n) {
			best = c;
			best_n = count[c];
			tie = 0;
		} else if (count[c] && count[c] == best_n) {
			tie = 1;
		}
	}
	if (best_n == 0)
		return AGREEMENT_MISSING;
	if (tie || (unanimous && best_n != n))
		return AGREEMENT_NO_CONSENSUS;
	return best;
}

const char *agreement_landis_koch(double kappa)
{
	static const struct {
		double upper;
		const char *name;
	} bands[] = {
		{ 0.20, "slight" },
		{ 0.40, "fair" },
		{ 0.60, "moderate" },
		{ 0.80, "substantial" },
	};
	size_t i;

	if (isnan(kappa))
		return "undefined";
	if (kappa < -BAND_TOLERANCE)
		return "poor";
	for (i = 0; i < sizeof(bands) / sizeof(bands[0]); i++)
		if (kappa <= bands[i].upper + BAND_TOLERANCE)
			return bands[i].name;
	return "almost perfect";
}

/* ---- Fleiss' kappa ------------------------------------------------------------------ */

enum agreement_status agreement_fleiss_kappa(const long *counts, size_t n_items,
					     int k, struct agreement_fleiss *out)
{
	long long col[AGREEMENT_MAX_CATEGORIES] = { 0 }, squares = 0, col_squares = 0;
	long long total;
	double big_n, m, p_bar, p_e;
	size_t i;
	int j;

	memset(out, 0, sizeof(*out));
	out->k = k;
	out->n_items = n_items;
	if (!valid_k(k))
		return out->status = AGREEMENT_BAD_ARGUMENT;
	if (n_items == 0)
		return out->status = AGREEMENT_NO_ITEMS;
	for (i = 0; i < n_items; i++) {
		long long row = 0;
		for (j = 0; j < k; j++) {
			long long c = counts[i * (size_t)k + (size_t)j];
			if (c < 0)
				return out->status = AGREEMENT_BAD_CATEGORY;
			row += c;
			col[j] += c;
			squares += c * c;
		}
		if (i == 0)
			out->raters = (long)row;
		else if (row != out->raters)
			return out->status = AGREEMENT_UNEQUAL_RATERS;
	}
	if (out->raters < 2)
		return out->status = AGREEMENT_TOO_FEW_RATERS;
	total = (long long)n_items * out->raters;
	for (j = 0; j < k; j++) {
		out->p_j[j] = (double)col[j] / (double)total;
		col_squares += col[j] * col[j];
	}
	big_n = (double)n_items;
	m = (double)out->raters;
	p_bar = ((double)squares - big_n * m) / (big_n * m * (m - 1.0));
	p_e = (double)col_squares / ((double)total * (double)total);
	out->p_bar = p_bar;
	out->p_e = p_e;
	/* P_e == 1 exactly when one category holds every rating. */
	if (col_squares == total * total) {
		out->p_e = 1.0;
		return out->status = AGREEMENT_CHANCE_IS_ONE;
	}
	out->kappa = (p_bar - p_e) / (1.0 - p_e);
	return out->status = AGREEMENT_OK;
}

/* ---- Krippendorff's alpha ------------------------------------------------------------ */

static const char *const metric_names[] = {
	[AGREEMENT_NOMINAL] = "nominal",
	[AGREEMENT_ORDINAL] = "ordinal",
	[AGREEMENT_INTERVAL] = "interval",
};

const char *agreement_metric_name(enum agreement_metric metric)
{
	return name_in(metric_names, N_NAMES(metric_names), (unsigned)metric, "unknown");
}

static enum agreement_status alpha_start(struct agreement_alpha *out, int k,
					 enum agreement_metric metric)
{
	memset(out, 0, sizeof(*out));
	out->k = k;
	out->metric = metric;
	if (!valid_k(k) || metric < AGREEMENT_NOMINAL || metric > AGREEMENT_INTERVAL)
		return out->status = AGREEMENT_BAD_ARGUMENT;
	return AGREEMENT_OK;
}

/* Add one unit's value counts (k entries) to the coincidence matrix. */
static void alpha_add_unit(struct agreement_alpha *out, const long long *c)
{
	long long m = 0;
	int i, j;

	for (i = 0; i < out->k; i++)
		m += c[i];
	if (m < 2)
		return;   /* not pairable */
	out->units++;
	for (i = 0; i < out->k; i++)
		for (j = 0; j < out->k; j++)
			out->coincidence[i][j] +=
				(double)(c[i] * (c[j] - (i == j))) / (double)(m - 1);
}

/* delta^2 of categories i <= j under out->metric, from the marginals n_c
 * (whole numbers, so the ordinal sums are exact in double). */
static double alpha_delta2(const struct agreement_alpha *out, int i, int j)
{
	double between = 0.0;
	int g;

	if (i == j)
		return 0.0;
	switch (out->metric) {
	case AGREEMENT_NOMINAL:
		return 1.0;
	case AGREEMENT_ORDINAL:
		for (g = i; g <= j; g++)
			between += out->n_c[g];
		between -= (out->n_c[i] + out->n_c[j]) / 2.0;
		return between * between;
	case AGREEMENT_INTERVAL:
		return (double)(j - i) * (double)(j - i);
	}
	return 0.0;
}

static enum agreement_status alpha_finish(struct agreement_alpha *out)
{
	double observed = 0.0, expected = 0.0, n = 0.0;
	int i, j, used = 0;

	for (i = 0; i < out->k; i++) {
		out->n_c[i] = 0.0;
		for (j = 0; j < out->k; j++)
			out->n_c[i] += out->coincidence[i][j];
		n += out->n_c[i];
	}
	out->n = n = round(n);   /* a sum of whole counts of values */
	if (out->units == 0)
		return out->status = AGREEMENT_NO_ITEMS;
	for (i = 0; i < out->k; i++) {
		out->n_c[i] = round(out->n_c[i]);
		used += out->n_c[i] > 0;
	}
	for (i = 0; i < out->k; i++)
		for (j = i; j < out->k; j++)
			out->delta2[i][j] = out->delta2[j][i] = alpha_delta2(out, i, j);
	for (i = 0; i < out->k; i++) {
		for (j = 0; j < out->k; j++) {
			observed += out->coincidence[i][j] * out->delta2[i][j];
			expected += out->n_c[i] * out->n_c[j] * out->delta2[i][j];
		}
	}
	out->d_o = observed / n;
	out->d_e = expected / (n * (n - 1.0));
	if (used < 2) {
		out->d_e = 0.0;
		return out->status = AGREEMENT_NO_EXPECTED_DISAGREEMENT;
	}
	out->alpha = 1.0 - (n - 1.0) * observed / expected;
	return out->status = AGREEMENT_OK;
}

enum agreement_status agreement_krippendorff_alpha_metric(const int *ratings,
							  size_t n_units, size_t n_raters,
							  int k, enum agreement_metric metric,
							  struct agreement_alpha *out)
{
	size_t u, r;

	if (alpha_start(out, k, metric) != AGREEMENT_OK)
		return out->status;
	for (u = 0; u < n_units; u++) {
		long long c[AGREEMENT_MAX_CATEGORIES] = { 0 };
		for (r = 0; r < n_raters; r++) {
			int v = ratings[u * n_raters + r];
			if (v == AGREEMENT_MISSING)
				continue;
			if (v < 0 || v >= k) {
				alpha_start(out, k, metric);
				return out->status = AGREEMENT_BAD_CATEGORY;
			}
			c[v]++;
		}
		alpha_add_unit(out, c);
	}
	return alpha_finish(out);
}

enum agreement_status agreement_krippendorff_alpha_counts_metric(const long *counts,
								 size_t n_units, int k,
								 enum agreement_metric metric,
								 struct agreement_alpha *out)
{
	size_t u;
	int j;

	if (alpha_start(out, k, metric) != AGREEMENT_OK)
		return out->status;
	for (u = 0; u < n_units; u++) {
		long long c[AGREEMENT_MAX_CATEGORIES] = { 0 };
		for (j = 0; j < k; j++) {
			c[j] = counts[u * (size_t)k + (size_t)j];
			if (c[j] < 0) {
				alpha_start(out, k, metric);
				return out->status = AGREEMENT_BAD_CATEGORY;
			}
		}
		alpha_add_unit(out, c);
	}
	return alpha_finish(out);
}

enum agreement_status agreement_krippendorff_alpha(const int *ratings,
						   size_t n_units, size_t n_raters,
						   int k, struct agreement_alpha *out)
{
	return agreement_krippendorff_alpha_metric(ratings, n_units, n_raters, k,
						   AGREEMENT_NOMINAL, out);
}

enum agreement_status agreement_krippendorff_alpha_counts(const long *counts,
							  size_t n_units, int k,
							  struct agreement_alpha *out)
{
	return agreement_krippendorff_alpha_counts_metric(counts, n_units, k,
							  AGREEMENT_NOMINAL, out);
}
