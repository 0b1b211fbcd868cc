/*
 * test_agreement.c - agreement.c against known values.
 *
 * Golden cases live in tests/golden/agreement/ (format described at the
 * top of each file); every "case NAME" there becomes one test named NAME.
 * Run from the repository root. The tests written out below cover the API
 * edges the data files cannot express.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/agreement.h"
#include "convqa/common.h"
#include "golden.h"

/* ---- golden runner -------------------------------------------------------------- */

#define MAX_CELLS 4096
#define MAX_LABELS 1024

enum input_kind { IN_NONE, IN_TABLE, IN_LABELS, IN_COUNTS, IN_ALPHA_COUNTS, IN_RATINGS };

struct input {
	enum input_kind kind;
	int k;
	enum agreement_weighting weighting;
	enum agreement_metric metric;
	long cells[MAX_CELLS];   /* matrix rows, concatenated */
	size_t n_cells, row_len, rows;
	int a[MAX_LABELS], b[MAX_LABELS];
	size_t n_a, n_b;
};

/* Everything the evaluator may be asked about, computed fresh per expect. */
struct results {
	struct agreement_kappa kappa;
	struct agreement_fleiss fleiss;
	struct agreement_alpha alpha;
};

static const char *const status_names[] = {
	[AGREEMENT_OK] = "ok",
	[AGREEMENT_NO_ITEMS] = "no_items",
	[AGREEMENT_CHANCE_IS_ONE] = "chance_is_one",
	[AGREEMENT_NO_EXPECTED_DISAGREEMENT] = "no_expected_disagreement",
	[AGREEMENT_UNEQUAL_RATERS] = "unequal_raters",
	[AGREEMENT_TOO_FEW_RATERS] = "too_few_raters",
	[AGREEMENT_BAD_CATEGORY] = "bad_category",
	[AGREEMENT_BAD_ARGUMENT] = "bad_argument",
};

/* The "metric" words, "weights" words and the cross-family fields of a
 * ratings case ("alpha_ordinal", "cohen_linear R R'"). */
static const struct {
	const char *word;
	enum agreement_metric metric;
} metrics[] = {
	{ "nominal", AGREEMENT_NOMINAL }, { "ordinal", AGREEMENT_ORDINAL },
	{ "interval", AGREEMENT_INTERVAL },
};

static const struct {
	const char *word, *field;
	enum agreement_weighting weighting;
} weightings[] = {
	{ "none", "cohen", AGREEMENT_UNWEIGHTED },
	{ "linear", "cohen_linear", AGREEMENT_LINEAR },
	{ "quadratic", "cohen_quadratic", AGREEMENT_QUADRATIC },
};

/* A ratings matrix (rows units, columns raters) as int codes. */
static void ratings_codes(const struct input *in, int *v)
{
	size_t i;

	for (i = 0; i < in->n_cells; i++)
		v[i] = (int)in->cells[i];
}

/* Fleiss' kappa of a ratings matrix: the per-unit counts of its codes. */
static double ratings_fleiss(const struct input *in)
{
	long *counts = calloc(in->rows * (size_t)in->k + 1, sizeof(*counts));
	struct agreement_fleiss f;
	size_t i;

	for (i = 0; i < in->n_cells; i++)
		if (in->cells[i] >= 0 && in->cells[i] < in->k)
			counts[i / in->row_len * (size_t)in->k + (size_t)in->cells[i]]++;
	agreement_fleiss_kappa(counts, in->rows, in->k, &f);
	free(counts);
	return f.status == AGREEMENT_OK ? f.kappa : NAN;
}

/* Cohen's kappa of rater columns r and r2 of a ratings matrix. */
static double ratings_cohen(const struct input *in, long r, long r2,
			    enum agreement_weighting w)
{
	int a[MAX_LABELS], b[MAX_LABELS];
	struct agreement_kappa k;
	size_t u;

	if (r < 0 || r2 < 0 || (size_t)r >= in->row_len || (size_t)r2 >= in->row_len ||
	    in->rows > MAX_LABELS)
		return NAN;
	for (u = 0; u < in->rows; u++) {
		a[u] = (int)in->cells[u * in->row_len + (size_t)r];
		b[u] = (int)in->cells[u * in->row_len + (size_t)r2];
	}
	agreement_cohen_kappa(a, b, in->rows, in->k, w, &k);
	return k.status == AGREEMENT_OK ? k.kappa : NAN;
}

/* The coefficients of every family from one ratings matrix: "cohen",
 * "cohen_linear", "cohen_quadratic" with two rater columns, "fleiss",
 * "alpha_nominal", "alpha_ordinal", "alpha_interval". NAN for another field
 * or an undefined coefficient. */
static double ratings_field(const struct input *in, const char *field,
			    const long *idx, size_t n_idx)
{
	int v[MAX_CELLS];
	struct agreement_alpha a;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(weightings); i++)
		if (!strcmp(field, weightings[i].field))
			return n_idx == 2 ? ratings_cohen(in, idx[0], idx[1],
							  weightings[i].weighting) : NAN;
	if (!strcmp(field, "fleiss"))
		return n_idx == 0 ? ratings_fleiss(in) : NAN;
	for (i = 0; i < ARRAY_SIZE(metrics); i++) {
		if (strncmp(field, "alpha_", 6) || strcmp(field + 6, metrics[i].word) || n_idx)
			continue;
		ratings_codes(in, v);
		agreement_krippendorff_alpha_metric(v, in->rows, in->row_len, in->k,
						    metrics[i].metric, &a);
		return a.status == AGREEMENT_OK ? a.alpha : NAN;
	}
	return NAN;
}

static void compute(const struct input *in, struct results *r)
{
	memset(r, 0, sizeof(*r));
	switch (in->kind) {
	case IN_TABLE:
		agreement_cohen_kappa_table(in->cells, in->k, in->weighting, &r->kappa);
		break;
	case IN_LABELS:
		agreement_cohen_kappa(in->a, in->b, in->n_a, in->k, in->weighting,
				      &r->kappa);
		break;
	case IN_COUNTS:
		agreement_fleiss_kappa(in->cells, in->rows, in->k, &r->fleiss);
		break;
	case IN_ALPHA_COUNTS:
		agreement_krippendorff_alpha_counts_metric(in->cells, in->rows, in->k,
							   in->metric, &r->alpha);
		break;
	case IN_RATINGS: {
		int v[MAX_CELLS];
		ratings_codes(in, v);
		agreement_krippendorff_alpha_metric(v, in->rows, in->row_len, in->k,
						    in->metric, &r->alpha);
		break;
	}
	case IN_NONE:
		break;
	}
}

/* The value of field (with index arguments idx[]) or NAN if unknown. */
static double field_value(const struct input *in, const struct results *r,
			  const char *field, const long *idx, size_t n_idx)
{
	const struct agreement_kappa *k = &r->kappa;
	const struct agreement_fleiss *f = &r->fleiss;
	const struct agreement_alpha *a = &r->alpha;
	int ok2 = n_idx == 2 && idx[0] >= 0 && idx[0] < in->k && idx[1] >= 0 &&
		  idx[1] < in->k;

	if (in->kind == IN_TABLE || in->kind == IN_LABELS) {
		if (!strcmp(field, "n")) return (double)k->n;
		if (!strcmp(field, "p_o")) return k->p_o;
		if (!strcmp(field, "p_e")) return k->p_e;
		if (!strcmp(field, "kappa")) return k->kappa;
		if (!strcmp(field, "se")) return k->se;
		if (!strcmp(field, "se_fce")) return k->se_fce;
		if (!strcmp(field, "ci_lo")) return k->ci_lo;
		if (!strcmp(field, "ci_hi")) return k->ci_hi;
		if (!strcmp(field, "has_ci")) return k->has_ci;
		if (!strcmp(field, "confusion") && ok2)
			return (double)k->confusion[idx[0]][idx[1]];
	} else if (in->kind == IN_COUNTS) {
		if (!strcmp(field, "kappa")) return f->kappa;
		if (!strcmp(field, "p_bar")) return f->p_bar;
		if (!strcmp(field, "p_e")) return f->p_e;
		if (!strcmp(field, "raters")) return (double)f->raters;
		if (!strcmp(field, "n_items")) return (double)f->n_items;
		if (!strcmp(field, "p_j") && n_idx == 1 && idx[0] >= 0 && idx[0] < in->k)
			return f->p_j[idx[0]];
	} else if (in->kind != IN_NONE) {
		if (!strcmp(field, "alpha")) return a->alpha;
		if (!strcmp(field, "d_o")) return a->d_o;
		if (!strcmp(field, "d_e")) return a->d_e;
		if (!strcmp(field, "n")) return a->n;
		if (!strcmp(field, "units")) return (double)a->units;
		if (!strcmp(field, "o") && ok2)
			return a->coincidence[idx[0]][idx[1]];
		if (!strcmp(field, "delta2") && ok2)
			return a->delta2[idx[0]][idx[1]];
		if (!strcmp(field, "n_c") && n_idx == 1 && idx[0] >= 0 && idx[0] < in->k)
			return a->n_c[idx[0]];
		if (in->kind == IN_RATINGS)
			return ratings_field(in, field, idx, n_idx);
	}
	return NAN;
}

static enum agreement_status status_of(const struct input *in, const struct results *r)
{
	switch (in->kind) {
	case IN_TABLE: case IN_LABELS: return r->kappa.status;
	case IN_COUNTS: return r->fleiss.status;
	default: return r->alpha.status;
	}
}

static int check_expect(const char *name, const struct input *in, char **tok,
			size_t n, const char *line)
{
	struct results r;
	long idx[2];
	size_t n_idx, i;
	int rounded;
	char got[64];
	double v;

	if (n < 3)
		return mismatch(name, line, "expect needs a field and a value");
	compute(in, &r);
	if (!strcmp(tok[1], "status")) {
		enum agreement_status st = status_of(in, &r);
		snprintf(got, sizeof(got), "got %s", status_names[st]);
		return strcmp(status_names[st], tok[2]) ? mismatch(name, line, got) : 0;
	}
	if (!strcmp(tok[1], "band")) {
		char band[32];
		snprintf(band, sizeof(band), "%s", agreement_landis_koch(r.kappa.kappa));
		for (i = 0; band[i]; i++)
			if (band[i] == ' ')
				band[i] = '_';
		snprintf(got, sizeof(got), "got %s", band);
		return strcmp(band, tok[2]) ? mismatch(name, line, got) : 0;
	}
	rounded = !strcmp(tok[n - 1], "rounded");
	n_idx = n - 3 - (size_t)rounded;
	if (n_idx > 2)
		return mismatch(name, line, "too many arguments");
	for (i = 0; i < n_idx; i++)
		idx[i] = strtol(tok[2 + i], NULL, 10);
	v = field_value(in, &r, tok[1], idx, n_idx);
	if (isnan(v))
		return mismatch(name, line, "unknown field or NaN value");
	snprintf(got, sizeof(got), "got %.12g", v);
	return number_matches(v, tok[2 + n_idx], rounded) ? 0 : mismatch(name, line, got);
}

static int read_matrix_row(struct input *in, char **tok, size_t n)
{
	size_t i;

	if (in->rows == 0)
		in->row_len = n;
	if (n != in->row_len || in->n_cells + n > MAX_CELLS)
		return -1;
	for (i = 0; i < n; i++)
		in->cells[in->n_cells++] = !strcmp(tok[i], ".") ? AGREEMENT_MISSING
							     : strtol(tok[i], NULL, 10);
	in->rows++;
	return 0;
}

static int read_labels(int *dst, size_t *n_dst, char **tok, size_t n)
{
	size_t i;

	if (n - 1 > MAX_LABELS)
		return -1;
	for (i = 1; i < n; i++)
		dst[i - 1] = (int)strtol(tok[i], NULL, 10);
	*n_dst = n - 1;
	return 0;
}

/* "weights W" or "metric M": set it; -1 if the word is not known. */
static int read_setting(struct input *in, const char *key, const char *word)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(weightings) && !strcmp(key, "weights"); i++) {
		if (!strcmp(word, weightings[i].word)) {
			in->weighting = weightings[i].weighting;
			return 0;
		}
	}
	for (i = 0; i < ARRAY_SIZE(metrics) && !strcmp(key, "metric"); i++) {
		if (!strcmp(word, metrics[i].word)) {
			in->metric = metrics[i].metric;
			return 0;
		}
	}
	return -1;
}

static const struct {
	const char *word;
	enum input_kind kind;
} kinds[] = {
	{ "table", IN_TABLE }, { "labels", IN_LABELS }, { "counts", IN_COUNTS },
	{ "alpha_counts", IN_ALPHA_COUNTS }, { "ratings", IN_RATINGS },
};

/* Evaluate one case body; returns the number of failed checks and sets
 * *n_expect to the number of expectations seen. */
static int eval_case(const char *name, const char *body, int *n_expect)
{
	struct input *in = calloc(1, sizeof(*in));
	char *text = strdup(body), *save = NULL, *line;
	int failures = 0;

	*n_expect = 0;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char copy[1024], *tok[MAX_LABELS + 2];
		size_t n, i;
		int known = 0;

		snprintf(copy, sizeof(copy), "%s", line);
		n = split(line, tok, MAX_LABELS + 2);
		if (n == 0 || tok[0][0] == '#')
			continue;
		for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
			if (!strcmp(tok[0], kinds[i].word) && n == 2) {
				in->kind = kinds[i].kind;
				in->k = atoi(tok[1]);
				known = 1;
			}
		}
		if (known)
			continue;
		if (!strcmp(tok[0], "expect")) {
			(*n_expect)++;
			failures += check_expect(name, in, tok, n, copy);
		} else if ((!strcmp(tok[0], "weights") || !strcmp(tok[0], "metric")) && n == 2) {
			if (read_setting(in, tok[0], tok[1]))
				failures += mismatch(name, copy, "unknown setting");
		} else if (!strcmp(tok[0], "a") && in->kind == IN_LABELS) {
			failures += read_labels(in->a, &in->n_a, tok, n) ? mismatch(name, copy, "too long") : 0;
		} else if (!strcmp(tok[0], "b") && in->kind == IN_LABELS) {
			failures += read_labels(in->b, &in->n_b, tok, n) ? mismatch(name, copy, "too long") : 0;
		} else if (strchr("0123456789-.", tok[0][0]) && in->kind != IN_NONE &&
			   in->kind != IN_LABELS) {
			if (read_matrix_row(in, tok, n))
				failures += mismatch(name, copy, "bad matrix row");
		} else {
			failures += mismatch(name, copy, "cannot parse line");
		}
	}
	if (in->kind == IN_LABELS && in->n_a != in->n_b)
		failures += mismatch(name, "labels", "a and b differ in length");
	free(text);
	free(in);
	return failures;
}

/* ---- written-out tests ------------------------------------------------------------ */

static void test_golden_runner_reports_a_wrong_expectation(void **state)
{
	int n;

	(void)state;
	quiet = 1;
	assert_int_equal(eval_case("self", "table 2\n20 5\n10 15\nexpect kappa 0.4\n", &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(eval_case("self", "table 2\n20 5\n10 15\nexpect kappa 0.5\n", &n), 1);
	assert_int_equal(eval_case("self", "table 2\n20 5\n10 15\nexpect kappa 0.41 rounded\n", &n), 1);
	assert_int_equal(eval_case("self", "table 2\n20 5\n10 15\nexpect kappa 0.4 rounded\n", &n), 0);
	assert_int_equal(eval_case("self", "table 2\n20 5\n10 15\nexpect status no_items\n", &n), 1);
	assert_int_equal(eval_case("self", "table 2\n20 5\n10 15\nexpect wibble 1\n", &n), 1);
	assert_int_equal(eval_case("self", "table 2\n20 5\nnonsense\n", &n), 1);
	assert_int_equal(eval_case("self", "table 2\nweights cubic\n", &n), 1);
	assert_int_equal(eval_case("self", "ratings 2\nmetric ratio\n", &n), 1);
	assert_int_equal(eval_case("self", "ratings 2\n0 1\n1 1\nexpect cohen 0 5 0\n", &n), 1);
	quiet = 0;
}

static void test_landis_koch_bands_include_their_upper_bound(void **state)
{
	static const struct {
		double kappa;
		const char *band;
	} cases[] = {
		{ -0.01, "poor" }, { 0.0, "slight" }, { 0.20, "slight" },
		{ 0.2001, "fair" }, { 0.40, "fair" }, { 0.41, "moderate" },
		{ 0.60, "moderate" }, { 0.61, "substantial" }, { 0.80, "substantial" },
		{ 0.8001, "almost perfect" }, { 1.0, "almost perfect" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		assert_string_equal(agreement_landis_koch(cases[i].kappa), cases[i].band);
}

static void test_landis_koch_ignores_rounding_noise_at_a_bound(void **state)
{
	(void)state;
	assert_string_equal(agreement_landis_koch(0.4000000000000001), "fair");
	assert_string_equal(agreement_landis_koch(0.3999999999999999), "fair");
	assert_string_equal(agreement_landis_koch(-1e-15), "slight");
	assert_string_equal(agreement_landis_koch(NAN), "undefined");
}

static void test_weighted_kappa_with_two_categories_equals_unweighted(void **state)
{
	static const long table[] = { 12, 3, 5, 9 };
	struct agreement_kappa plain, lin, quad;

	(void)state;
	assert_int_equal(agreement_cohen_kappa_table(table, 2, AGREEMENT_UNWEIGHTED, &plain), AGREEMENT_OK);
	assert_int_equal(agreement_cohen_kappa_table(table, 2, AGREEMENT_LINEAR, &lin), AGREEMENT_OK);
	assert_int_equal(agreement_cohen_kappa_table(table, 2, AGREEMENT_QUADRATIC, &quad), AGREEMENT_OK);
	assert_close(plain.kappa, lin.kappa, 1e-12);
	assert_close(plain.kappa, quad.kappa, 1e-12);
	/* the FCE standard error does not depend on how it was asked for */
	assert_close(plain.se_fce, lin.se_fce, 1e-12);
}

static void test_cohen_kappa_from_labels_equals_kappa_from_their_table(void **state)
{
	static const int a[] = { 0, 1, 2, 2, 1, 0, 0, 2, 1, 1, 2, 0 };
	static const int b[] = { 0, 1, 1, 2, 1, 0, 2, 2, 0, 1, 2, 0 };
	long table[9] = { 0 };
	struct agreement_kappa from_labels, from_table;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(a) / sizeof(a[0]); i++)
		table[a[i] * 3 + b[i]]++;
	assert_int_equal(agreement_cohen_kappa(a, b, 12, 3, AGREEMENT_QUADRATIC, &from_labels), AGREEMENT_OK);
	assert_int_equal(agreement_cohen_kappa_table(table, 3, AGREEMENT_QUADRATIC, &from_table), AGREEMENT_OK);
	assert_memory_equal(&from_labels, &from_table, sizeof(from_table));
}

static void assert_no_nan(const double *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		assert_false(isnan(v[i]));
}

static void test_undefined_results_carry_no_nan(void **state)
{
	static const int same[] = { 1, 1, 1 };
	static const long one_column[] = { 0, 4, 0, 4 };
	static const int one_value[] = { 0, 0, 0, 0 };
	struct agreement_kappa k;
	struct agreement_fleiss f;
	struct agreement_alpha a;

	(void)state;
	assert_int_equal(agreement_cohen_kappa(same, same, 3, 2, AGREEMENT_LINEAR, &k), AGREEMENT_CHANCE_IS_ONE);
	{
		double v[] = { k.p_o, k.p_e, k.kappa, k.se, k.se_fce, k.ci_lo, k.ci_hi };
		assert_no_nan(v, sizeof(v) / sizeof(v[0]));
		assert_true(k.kappa == 0.0 && k.ci_lo == 0.0 && k.ci_hi == 0.0);
	}
	assert_int_equal(agreement_fleiss_kappa(one_column, 2, 2, &f), AGREEMENT_CHANCE_IS_ONE);
	{
		double v[] = { f.p_bar, f.p_e, f.kappa, f.p_j[0], f.p_j[1] };
		assert_no_nan(v, sizeof(v) / sizeof(v[0]));
		assert_true(f.kappa == 0.0);
	}
	assert_int_equal(agreement_krippendorff_alpha(one_value, 2, 2, 1, &a), AGREEMENT_NO_EXPECTED_DISAGREEMENT);
	{
		double v[] = { a.n, a.d_o, a.d_e, a.alpha, a.coincidence[0][0] };
		assert_no_nan(v, sizeof(v) / sizeof(v[0]));
		assert_true(a.alpha == 0.0);
	}
}

static void test_empty_inputs_are_undefined_and_do_not_crash(void **state)
{
	struct agreement_kappa k;
	struct agreement_fleiss f;
	struct agreement_alpha a;

	(void)state;
	assert_int_equal(agreement_cohen_kappa(NULL, NULL, 0, 3, AGREEMENT_UNWEIGHTED, &k), AGREEMENT_NO_ITEMS);
	assert_int_equal(k.status, AGREEMENT_NO_ITEMS);
	assert_int_equal(agreement_fleiss_kappa(NULL, 0, 3, &f), AGREEMENT_NO_ITEMS);
	assert_int_equal(agreement_krippendorff_alpha(NULL, 0, 4, 3, &a), AGREEMENT_NO_ITEMS);
	assert_int_equal(agreement_krippendorff_alpha(NULL, 5, 0, 3, &a), AGREEMENT_NO_ITEMS);
	assert_int_equal(agreement_krippendorff_alpha_counts(NULL, 0, 3, &a), AGREEMENT_NO_ITEMS);
}

static void test_category_count_outside_1_to_max_is_a_bad_argument(void **state)
{
	static const int x[] = { 0 };
	static const long c[] = { 1 };
	struct agreement_kappa k;
	struct agreement_fleiss f;
	struct agreement_alpha a;

	(void)state;
	assert_int_equal(agreement_cohen_kappa(x, x, 1, 0, AGREEMENT_UNWEIGHTED, &k), AGREEMENT_BAD_ARGUMENT);
	assert_int_equal(agreement_cohen_kappa(x, x, 1, AGREEMENT_MAX_CATEGORIES + 1,
					       AGREEMENT_UNWEIGHTED, &k), AGREEMENT_BAD_ARGUMENT);
	assert_int_equal(agreement_cohen_kappa(x, x, 1, 2, (enum agreement_weighting)7, &k),
			 AGREEMENT_BAD_ARGUMENT);
	assert_int_equal(agreement_fleiss_kappa(c, 1, 0, &f), AGREEMENT_BAD_ARGUMENT);
	assert_int_equal(agreement_krippendorff_alpha(x, 1, 1, -3, &a), AGREEMENT_BAD_ARGUMENT);
	assert_int_equal(agreement_krippendorff_alpha_counts(c, 1, 99, &a), AGREEMENT_BAD_ARGUMENT);
}

static void test_negative_counts_and_stray_codes_are_bad_categories(void **state)
{
	static const long neg[] = { 2, -1, 1, 0 };
	static const int stray[] = { 0, -2, 1, 1 };
	struct agreement_fleiss f;
	struct agreement_alpha a;
	struct agreement_kappa k;

	(void)state;
	assert_int_equal(agreement_fleiss_kappa(neg, 2, 2, &f), AGREEMENT_BAD_CATEGORY);
	assert_int_equal(agreement_krippendorff_alpha_counts(neg, 2, 2, &a), AGREEMENT_BAD_CATEGORY);
	assert_int_equal(agreement_krippendorff_alpha(stray, 2, 2, 2, &a), AGREEMENT_BAD_CATEGORY);
	assert_int_equal(agreement_cohen_kappa_table(neg, 2, AGREEMENT_UNWEIGHTED, &k), AGREEMENT_BAD_CATEGORY);
}

static void test_nominal_alpha_is_the_metric_alpha_with_the_nominal_metric(void **state)
{
	static const int r[] = { 0, 1, 2, 2, 1, 1, 0, AGREEMENT_MISSING, 2 };
	static const long c[] = { 1, 1, 1, 0, 0, 2, 1, 0, 1 };
	struct agreement_alpha plain, with;

	(void)state;
	assert_int_equal(agreement_krippendorff_alpha(r, 3, 3, 3, &plain), AGREEMENT_OK);
	assert_int_equal(agreement_krippendorff_alpha_metric(r, 3, 3, 3, AGREEMENT_NOMINAL, &with),
			 AGREEMENT_OK);
	assert_memory_equal(&plain, &with, sizeof(plain));
	assert_int_equal(agreement_krippendorff_alpha_counts(c, 3, 3, &plain), AGREEMENT_OK);
	assert_int_equal(agreement_krippendorff_alpha_counts_metric(c, 3, 3, AGREEMENT_NOMINAL, &with),
			 AGREEMENT_OK);
	assert_memory_equal(&plain, &with, sizeof(plain));
	assert_int_equal(with.metric, AGREEMENT_NOMINAL);
}

/* With two categories every metric has one nonzero delta^2 (1, (n/2)^2, 1),
 * which cancels in D_o / D_e. */
static void test_every_metric_gives_the_same_alpha_on_two_categories(void **state)
{
	static const int r[] = { 0, 0, 1, 0, 1, 1, 1, 1, 0, AGREEMENT_MISSING, 0, 1 };
	struct agreement_alpha nominal, ordinal, interval;

	(void)state;
	agreement_krippendorff_alpha_metric(r, 4, 3, 2, AGREEMENT_NOMINAL, &nominal);
	agreement_krippendorff_alpha_metric(r, 4, 3, 2, AGREEMENT_ORDINAL, &ordinal);
	agreement_krippendorff_alpha_metric(r, 4, 3, 2, AGREEMENT_INTERVAL, &interval);
	assert_int_equal(ordinal.status, AGREEMENT_OK);
	assert_close(ordinal.alpha, nominal.alpha, 1e-12);
	assert_close(interval.alpha, nominal.alpha, 1e-12);
}

/* Ordinal distances count the values between two ranks, so a rank nobody
 * used changes nothing; interval distances are positions on the scale. */
static void test_ordinal_alpha_ignores_an_unused_rank_and_interval_alpha_does_not(void **state)
{
	static const int dense[] = { 0, 0, 0, 1, 1, 2, 2, 2, 1, 1 };
	static const int gap[] = { 0, 0, 0, 1, 1, 3, 3, 3, 1, 1 };   /* rank 2 unused */
	struct agreement_alpha d, g;

	(void)state;
	agreement_krippendorff_alpha_metric(dense, 5, 2, 3, AGREEMENT_ORDINAL, &d);
	agreement_krippendorff_alpha_metric(gap, 5, 2, 4, AGREEMENT_ORDINAL, &g);
	assert_int_equal(g.status, AGREEMENT_OK);
	assert_close(g.alpha, d.alpha, 1e-12);
	agreement_krippendorff_alpha_metric(dense, 5, 2, 3, AGREEMENT_INTERVAL, &d);
	agreement_krippendorff_alpha_metric(gap, 5, 2, 4, AGREEMENT_INTERVAL, &g);
	assert_true(fabs(g.alpha - d.alpha) > 0.01);
}

static void test_an_unknown_alpha_metric_is_a_bad_argument(void **state)
{
	static const int r[] = { 0, 1, 1, 1 };
	static const long c[] = { 1, 1, 0, 2 };
	struct agreement_alpha a;

	(void)state;
	assert_int_equal(agreement_krippendorff_alpha_metric(r, 2, 2, 2, (enum agreement_metric)3, &a),
			 AGREEMENT_BAD_ARGUMENT);
	assert_true(a.alpha == 0.0);
	assert_int_equal(agreement_krippendorff_alpha_counts_metric(c, 2, 2, (enum agreement_metric)-1, &a),
			 AGREEMENT_BAD_ARGUMENT);
	assert_string_equal(agreement_metric_name(AGREEMENT_ORDINAL), "ordinal");
	assert_string_equal(agreement_metric_name(AGREEMENT_INTERVAL), "interval");
	assert_string_equal(agreement_metric_name((enum agreement_metric)9), "unknown");
}

static void test_every_status_has_a_distinct_message(void **state)
{
	int i, j;

	(void)state;
	for (i = AGREEMENT_OK; i <= AGREEMENT_BAD_ARGUMENT; i++) {
		assert_true(strlen(agreement_status_message((enum agreement_status)i)) > 1);
		for (j = AGREEMENT_OK; j < i; j++)
			assert_string_not_equal(agreement_status_message((enum agreement_status)i),
						agreement_status_message((enum agreement_status)j));
	}
	assert_string_equal(agreement_status_message((enum agreement_status)99), "unknown status");
}

/* agreement_settle(): the consensus rule of report --consensus and of the
 * qrels export (majority: a tie for the top is none; unanimous: any
 * difference is none; no vote: missing). */
static void test_settle_majority_unanimity_ties_and_missing(void **state)
{
	(void)state;
	const int two_one[] = { 2, 0, 2 }, tie[] = { 1, 0 }, same[] = { 3, 3 }, stray[] = { -1, 5, -2, 99 };
	assert_int_equal(agreement_settle(two_one, 3, 0), 2);
	assert_int_equal(agreement_settle(two_one, 3, 1), AGREEMENT_NO_CONSENSUS);
	assert_int_equal(agreement_settle(tie, 2, 0), AGREEMENT_NO_CONSENSUS);
	assert_int_equal(agreement_settle(same, 2, 1), 3);
	assert_int_equal(agreement_settle(same, 1, 0), 3);
	assert_int_equal(agreement_settle(NULL, 0, 0), AGREEMENT_MISSING);
	assert_int_equal(agreement_settle(stray, 4, 0), 5);   /* a code outside the scale is not counted */
}

int main(void)
{
	static const struct CMUnitTest fixed[] = {
		cmocka_unit_test(test_golden_runner_reports_a_wrong_expectation),
		cmocka_unit_test(test_landis_koch_bands_include_their_upper_bound),
		cmocka_unit_test(test_landis_koch_ignores_rounding_noise_at_a_bound),
		cmocka_unit_test(test_weighted_kappa_with_two_categories_equals_unweighted),
		cmocka_unit_test(test_cohen_kappa_from_labels_equals_kappa_from_their_table),
		cmocka_unit_test(test_undefined_results_carry_no_nan),
		cmocka_unit_test(test_empty_inputs_are_undefined_and_do_not_crash),
		cmocka_unit_test(test_category_count_outside_1_to_max_is_a_bad_argument),
		cmocka_unit_test(test_negative_counts_and_stray_codes_are_bad_categories),
		cmocka_unit_test(test_nominal_alpha_is_the_metric_alpha_with_the_nominal_metric),
		cmocka_unit_test(test_every_metric_gives_the_same_alpha_on_two_categories),
		cmocka_unit_test(test_ordinal_alpha_ignores_an_unused_rank_and_interval_alpha_does_not),
		cmocka_unit_test(test_an_unknown_alpha_metric_is_a_bad_argument),
		cmocka_unit_test(test_every_status_has_a_distinct_message),
		cmocka_unit_test(test_settle_majority_unanimity_ties_and_missing),
	};
	static const char *const files[] = {
		"tests/golden/agreement/cohen.txt",
		"tests/golden/agreement/cohen_sklearn.txt",
		"tests/golden/agreement/fleiss.txt",
		"tests/golden/agreement/alpha.txt",
		"tests/golden/agreement/ordinal.txt",
	};
	return golden_run("agreement", fixed, sizeof(fixed) / sizeof(fixed[0]), files,
			  sizeof(files) / sizeof(files[0]));
}
