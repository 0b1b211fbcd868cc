/*
 * test_metrics.c - metrics.c against known values.
 *
 * Golden cases live in tests/golden/metrics/ (retrieval.txt, answers.txt,
 * empty_answers.txt, statistics.txt; format described at the top of each
 * file); every "case NAME" there becomes one test named NAME. Run from the
 * repository root. The tests written out below cover the API edges the data
 * files cannot express.
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

#include "convqa/metrics.h"
#include "golden.h"

/* ---- golden runner ------------------------------------------------------------- */

#define MAX_ITEMS 32
#define MAX_RANK 64
#define MAX_TEXT 512
#define MAX_GOLDS 8
#define MAX_VALUES 256

struct item {
	size_t R, n;
	int rel[MAX_RANK];
	int scored;                   /* given as docs, ranked at evaluation */
	char ids[MAX_RANK][32];
	double scores[MAX_RANK];
	int doc_rel[MAX_RANK];
};

struct mcase {
	struct item items[MAX_ITEMS];
	size_t n_items;
	char pred[MAX_TEXT];
	char golds[MAX_GOLDS][MAX_TEXT];
	size_t n_golds;
	double beta;
	double x[MAX_VALUES], y[MAX_VALUES], values[MAX_VALUES];
	size_t n_x, n_y, n_values;
	long w_successes, w_n;
	double w_z;
};

static const char *const status_names[] = {
	[METRICS_OK] = "ok",
	[METRICS_EMPTY] = "empty",
	[METRICS_TOO_FEW_POINTS] = "too_few_points",
	[METRICS_ZERO_VARIANCE] = "zero_variance",
	[METRICS_BAD_ARGUMENT] = "bad_argument",
};

/* Copy src to dst (size MAX_TEXT) turning \xHH into the byte HH. */
static void unescape(char *dst, const char *src)
{
	size_t o = 0;

	while (*src && o + 1 < MAX_TEXT) {
		unsigned int byte;
		if (src[0] == '\\' && src[1] == 'x' && sscanf(src + 2, "%2x", &byte) == 1) {
			dst[o++] = (char)byte;
			src += 4;
		} else {
			dst[o++] = *src++;
		}
	}
	dst[o] = '\0';
}

/* order[]: the scored item's docs in rank order. */
static void order_docs(const struct item *it, size_t *order)
{
	const char *ids[MAX_RANK];
	size_t i;

	for (i = 0; i < it->n; i++)
		ids[i] = it->ids[i];
	metrics_order_by_score(order, it->scores, ids, it->n);
}

static void rank_scored(struct item *it)
{
	size_t order[MAX_RANK], i;

	if (!it->scored)
		return;
	order_docs(it, order);
	for (i = 0; i < it->n; i++)
		it->rel[i] = it->doc_rel[order[i]];
}

/* Macro average of a retrieval metric "name[@k]" over the case's items. */
static int retrieval_value(struct mcase *c, const char *metric, double *out)
{
	struct metrics_mean mean = METRICS_MEAN_INIT;
	const char *at = strchr(metric, '@');
	size_t len = at ? (size_t)(at - metric) : strlen(metric), k = 0, i;
	char base[16];

	if (len >= sizeof(base))
		return -1;
	memcpy(base, metric, len);
	base[len] = '\0';
	if (at)
		k = strtoul(at + 1, NULL, 10);
	for (i = 0; i < c->n_items; i++) {
		struct item *it = &c->items[i];
		double v;
		rank_scored(it);
		if (!strcmp(base, "hit"))
			v = metrics_hit_at_k(it->rel, it->n, k);
		else if (!strcmp(base, "mrr"))
			v = metrics_reciprocal_rank(it->rel, it->n, k);
		else if (!strcmp(base, "p"))
			v = metrics_precision_at_k(it->rel, it->n, k);
		else if (!strcmp(base, "recall"))
			v = metrics_recall_at_k(it->rel, it->n, k, it->R);
		else if (!strcmp(base, "map") && !at)
			v = metrics_average_precision(it->rel, it->n, it->R);
		else if (!strcmp(base, "ndcg"))
			v = metrics_ndcg_at_k(it->rel, it->n, k, it->R);
		else
			return -1;
		metrics_mean_add(&mean, v);
	}
	return metrics_mean_value(&mean, out) == METRICS_OK ? 0 : -1;
}

static int answer_metric(const char *name)
{
	int m;

	for (m = 0; m < METRICS_ANSWER_COUNT; m++)
		if (!strcmp(metrics_answer_name((enum metrics_answer)m), name))
			return m;
	return -1;
}

/* Compute statistic field (arg: quantile p) into *v; returns its status or
 * -1 if field is not a statistic. */
static int stat_value(const struct mcase *c, const char *field, double arg, double *v)
{
	struct metrics_summary s;
	double lo = 0, hi = 0;
	int st;

	if (!strcmp(field, "pearson"))
		return (int)metrics_pearson(c->x, c->y, c->n_x, v);
	if (!strcmp(field, "spearman"))
		return (int)metrics_spearman(c->x, c->y, c->n_x, v);
	if (!strcmp(field, "kendall_tau_b"))
		return (int)metrics_kendall_tau_b(c->x, c->y, c->n_x, v);
	if (!strcmp(field, "wilson_lo") || !strcmp(field, "wilson_hi")) {
		st = (int)metrics_wilson_interval(c->w_successes, c->w_n, c->w_z, &lo, &hi);
		*v = field[7] == 'l' ? lo : hi;
		return st;
	}
	if (!strcmp(field, "quantile"))
		return (int)metrics_quantile(c->values, c->n_values, arg, v);
	st = (int)metrics_summarize(c->values, c->n_values, &s);
	if (!strcmp(field, "min")) *v = s.min;
	else if (!strcmp(field, "q1")) *v = s.q1;
	else if (!strcmp(field, "median")) *v = s.median;
	else if (!strcmp(field, "q3")) *v = s.q3;
	else if (!strcmp(field, "max")) *v = s.max;
	else return -1;
	return st;
}

static int check_order(const char *name, struct mcase *c, char **tok, size_t n,
		       const char *line)
{
	struct item *it = c->n_items ? &c->items[c->n_items - 1] : NULL;
	size_t order[MAX_RANK], i;

	if (!it || !it->scored || n - 2 != it->n)
		return mismatch(name, line, "no scored item of that size");
	order_docs(it, order);
	for (i = 0; i < it->n; i++)
		if (strcmp(it->ids[order[i]], tok[2 + i]))
			return mismatch(name, line, it->ids[order[i]]);
	return 0;
}

static int check_expect(const char *name, struct mcase *c, char **tok, size_t n,
			const char *line)
{
	int rounded = n > 3 && !strcmp(tok[n - 1], "rounded"), st, m;
	const char *want;
	char got[80];
	double v = NAN, arg = 0;

	if (n < 3)
		return mismatch(name, line, "expect needs a field and a value");
	if (!strcmp(tok[1], "order"))
		return check_order(name, c, tok, n, line);
	want = tok[2];
	if (!strcmp(tok[1], "quantile")) {
		if (n < 4)
			return mismatch(name, line, "quantile needs p and a value");
		arg = strtod(tok[2], NULL);
		want = tok[3];
	}
	if ((m = answer_metric(tok[1])) >= 0) {
		const char *golds[MAX_GOLDS];
		size_t i;
		for (i = 0; i < c->n_golds; i++)
			golds[i] = c->golds[i];
		v = metrics_answer_max((enum metrics_answer)m, c->pred, golds,
				       c->n_golds, c->beta);
	} else if ((st = stat_value(c, tok[1], arg, &v)) >= 0) {
		if (strchr("0123456789-.", want[0]) == NULL) {
			snprintf(got, sizeof(got), "got %s", status_names[st]);
			return strcmp(status_names[st], want) ? mismatch(name, line, got) : 0;
		}
		if (st != METRICS_OK)
			return mismatch(name, line, status_names[st]);
	} else if (retrieval_value(c, tok[1], &v)) {
		return mismatch(name, line, "unknown metric or no items");
	}
	snprintf(got, sizeof(got), "got %.12g", v);
	return number_matches(v, want, rounded) ? 0 : mismatch(name, line, got);
}

static int read_doubles(double *dst, size_t *n_dst, char **tok, size_t n)
{
	size_t i;

	if (n - 1 > MAX_VALUES)
		return -1;
	for (i = 1; i < n; i++)
		dst[i - 1] = strtod(tok[i], NULL);
	*n_dst = n - 1;
	return 0;
}

/* "query R=N | f f f" or "scored R=N": start a new item. */
static int read_item(struct mcase *c, char **tok, size_t n, int scored)
{
	struct item *it;
	size_t i;

	if (c->n_items == MAX_ITEMS || n < 2 || strncmp(tok[1], "R=", 2))
		return -1;
	it = &c->items[c->n_items++];
	it->R = strtoul(tok[1] + 2, NULL, 10);
	it->scored = scored;
	if (scored)
		return n == 2 ? 0 : -1;
	if (n < 3 || strcmp(tok[2], "|") || n - 3 > MAX_RANK)
		return -1;
	for (i = 3; i < n; i++)
		it->rel[it->n++] = atoi(tok[i]);
	return 0;
}

static int read_doc(struct mcase *c, char **tok, size_t n)
{
	struct item *it = c->n_items ? &c->items[c->n_items - 1] : NULL;

	if (!it || !it->scored || n != 4 || it->n == MAX_RANK)
		return -1;
	snprintf(it->ids[it->n], sizeof(it->ids[0]), "%s", tok[1]);
	it->scores[it->n] = strtod(tok[2], NULL);
	it->doc_rel[it->n++] = atoi(tok[3]);
	return 0;
}

/* Evaluate one case body; returns the number of failed checks and sets
 * *n_expect to the number of expectations seen. */
static int eval_case(const char *name, const char *body, int *n_expect)
{
	struct mcase *c = calloc(1, sizeof(*c));
	char *text = strdup(body), *save = NULL, *line;
	int failures = 0;

	c->beta = 1.0;
	c->w_z = METRICS_Z95;
	*n_expect = 0;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char raw[MAX_TEXT], copy[MAX_TEXT], *tok[MAX_VALUES + 2];
		size_t n;
		int bad = 0;

		snprintf(raw, sizeof(raw), "%s", line);
		snprintf(copy, sizeof(copy), "%s", line);
		n = split(copy, tok, MAX_VALUES + 2);
		if (n == 0 || tok[0][0] == '#')
			continue;
		if (!strcmp(tok[0], "pred")) {
			unescape(c->pred, raw[4] ? raw + 5 : "");
		} else if (!strcmp(tok[0], "gold")) {
			if (c->n_golds == MAX_GOLDS)
				bad = 1;
			else
				unescape(c->golds[c->n_golds++], raw[4] ? raw + 5 : "");
		} else if (!strcmp(tok[0], "expect") && n >= 2 && !strcmp(tok[1], "norm")) {
			char want[MAX_TEXT], *got = metrics_normalize_answer(c->pred);
			(*n_expect)++;
			unescape(want, strlen(raw) > 12 ? raw + 12 : "");
			if (strcmp(got, want))
				failures += mismatch(name, raw, got);
			free(got);
		} else if (!strcmp(tok[0], "expect") && n >= 2 && !strcmp(tok[1], "scai_norm")) {
			char want[MAX_TEXT], *got = metrics_scai_normalize(c->pred);
			(*n_expect)++;
			unescape(want, strlen(raw) > 17 ? raw + 17 : "");
			if (strcmp(got, want))
				failures += mismatch(name, raw, got);
			free(got);
		} else if (!strcmp(tok[0], "expect")) {
			(*n_expect)++;
			failures += check_expect(name, c, tok, n, raw);
		} else if (!strcmp(tok[0], "beta") && n == 2) {
			c->beta = strtod(tok[1], NULL);
		} else if (!strcmp(tok[0], "query")) {
			bad = read_item(c, tok, n, 0);
		} else if (!strcmp(tok[0], "scored")) {
			bad = read_item(c, tok, n, 1);
		} else if (!strcmp(tok[0], "doc")) {
			bad = read_doc(c, tok, n);
		} else if (!strcmp(tok[0], "x")) {
			bad = read_doubles(c->x, &c->n_x, tok, n);
		} else if (!strcmp(tok[0], "y")) {
			bad = read_doubles(c->y, &c->n_y, tok, n);
		} else if (!strcmp(tok[0], "values")) {
			bad = read_doubles(c->values, &c->n_values, tok, n);
		} else if (!strcmp(tok[0], "wilson") && (n == 3 || n == 4)) {
			c->w_successes = strtol(tok[1], NULL, 10);
			c->w_n = strtol(tok[2], NULL, 10);
			if (n == 4)
				c->w_z = strtod(tok[3], NULL);
		} else {
			bad = 1;
		}
		if (bad)
			failures += mismatch(name, raw, "cannot parse line");
	}
	if (c->n_x != c->n_y)
		failures += mismatch(name, "x, y", "x and y differ in length");
	free(text);
	free(c);
	return failures;
}

/* ---- written-out tests -------------------------------------------------------------- */

static void test_golden_runner_reports_a_wrong_expectation(void **state)
{
	int n;

	(void)state;
	quiet = 1;
	assert_int_equal(eval_case("self", "query R=1 | 0 1\nexpect mrr 0.5\n", &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(eval_case("self", "query R=1 | 0 1\nexpect mrr 0.51\n", &n), 1);
	assert_int_equal(eval_case("self", "query R=1 | 0 1\nexpect mrr 0.6 rounded\n", &n), 1);
	assert_int_equal(eval_case("self", "query R=1 | 0 1\nexpect nosuch 1\n", &n), 1);
	assert_int_equal(eval_case("self", "pred a b\ngold b\nexpect f1 0.5\n", &n), 1);
	assert_int_equal(eval_case("self", "pred The cat\nexpect norm the cat\n", &n), 1);
	assert_int_equal(eval_case("self", "x 1\ny 2\nexpect pearson ok\n", &n), 1);
	assert_int_equal(eval_case("self", "scored R=1\ndoc a 1 1\ndoc b 2 0\n"
				   "expect order a b\n", &n), 1);
	assert_int_equal(eval_case("self", "garbage here\n", &n), 1);
	quiet = 0;
}

static void test_order_by_score_without_ids_breaks_ties_by_input_position(void **state)
{
	static const double scores[] = { 0.2, 0.7, 0.2, 0.7, 0.9 };
	size_t order[5];

	(void)state;
	metrics_order_by_score(order, scores, NULL, 5);
	assert_int_equal(order[0], 4);
	assert_int_equal(order[1], 1);
	assert_int_equal(order[2], 3);
	assert_int_equal(order[3], 0);
	assert_int_equal(order[4], 2);
}

static void test_order_by_score_ranks_nan_last_and_unnamed_after_named(void **state)
{
	const double scores[] = { NAN, 1.0, 1.0, 1.0, -INFINITY };
	const char *const ids[] = { "z", NULL, "a", "b", "c" };
	size_t order[5];

	(void)state;
	metrics_order_by_score(order, scores, ids, 5);
	assert_int_equal(order[0], 3);   /* "b" */
	assert_int_equal(order[1], 2);   /* "a" */
	assert_int_equal(order[2], 1);   /* no id */
	assert_int_equal(order[3], 4);   /* -inf is still a number */
	assert_int_equal(order[4], 0);   /* NaN */
	metrics_order_by_score(order, scores, ids, 0);   /* n == 0 touches nothing */
}

static void test_r_smaller_than_the_relevant_retrieved_is_raised_to_it(void **state)
{
	static const int rel[] = { 1, 0, 1 };

	(void)state;
	assert_close(metrics_recall_at_k(rel, 3, 0, 1), 1.0, 1e-12);
	assert_close(metrics_recall_at_k(rel, 3, 0, 0), 1.0, 1e-12);
	assert_close(metrics_average_precision(rel, 3, 1), (1.0 + 2.0 / 3.0) / 2.0, 1e-12);
	assert_close(metrics_ndcg_at_k(rel, 3, 0, 0), 1.0 * 1.5 / (1.0 + 1.0 / log2(3.0)), 1e-12);
}

static void test_k_zero_means_the_whole_ranking(void **state)
{
	static const int rel[] = { 0, 0, 0, 0, 1 };

	(void)state;
	assert_int_equal(metrics_hit_at_k(rel, 5, 0), 1);
	assert_int_equal(metrics_hit_at_k(rel, 5, 4), 0);
	assert_close(metrics_reciprocal_rank(rel, 5, 0), 0.2, 1e-12);
	assert_close(metrics_precision_at_k(rel, 5, 0), 0.2, 1e-12);
	assert_close(metrics_precision_at_k(rel, 0, 0), 0.0, 0.0);
}

/* nDCG's discounts are log2(rank + 1) exactly as the C library gives them,
 * in the first 64 ranks (a table) and after: a ranking of 100 with every
 * third passage relevant, against the sums computed here. */
static void test_ndcg_discounts_are_the_c_librarys_log2_at_every_rank(void **state)
{
	enum { N = 100 };
	int rel[N], ideal[N];
	double dcg = 0.0, idcg = 0.0, gdcg = 0.0, gidcg = 0.0;
	size_t r = 0;

	(void)state;
	for (size_t i = 0; i < N; i++) {
		rel[i] = i % 3 == 0;
		r += (size_t)rel[i];
	}
	for (size_t i = 0; i < N; i++) {
		ideal[i] = i < r;
		if (rel[i]) {
			dcg += 1.0 / log2((double)(i + 2));
			gdcg += 1.0 / log2((double)(i + 2));
		}
		if (i < r) {
			idcg += 1.0 / log2((double)(i + 2));
			gidcg += 1.0 / log2((double)(i + 2));
		}
	}
	assert_true(metrics_ndcg_at_k(rel, N, 0, 0) == dcg / idcg);
	assert_true(metrics_ndcg_graded_at_k(rel, N, 0, ideal, r) == gdcg / gidcg);
}

static void test_ndcg_without_cutoff_uses_every_known_relevant_in_the_ideal(void **state)
{
	static const int rel[] = { 1, 1 };
	double ideal3 = 1.0 + 1.0 / log2(3.0) + 0.5;

	(void)state;
	/* 3 relevant known, 2 retrieved: ideal DCG has 3 ranks without a cutoff,
	 * min(R, k) = 2 ranks at k = 2. */
	assert_close(metrics_ndcg_at_k(rel, 2, 0, 3), (1.0 + 1.0 / log2(3.0)) / ideal3, 1e-12);
	assert_close(metrics_ndcg_at_k(rel, 2, 2, 3), 1.0, 1e-12);
}

static void test_graded_ndcg_gains_the_grade_against_the_known_grades_best_first(void **state)
{
	/* grades 0, 3, 1 in rank order; the turn knows grades 3, 2 (a passage not
	 * retrieved) and 1: trec_eval's ndcg with the judgement as gain */
	static const int gain[] = { 0, 3, 1 }, ideal[] = { 3, 2, 1 }, none[] = { 0, 0 };
	double dcg = 3.0 / log2(3.0) + 1.0 / 2.0;

	(void)state;
	assert_close(metrics_ndcg_graded_at_k(gain, 3, 0, ideal, 3), dcg / (3.0 + 2.0 / log2(3.0) + 0.5), 1e-12);
	assert_close(metrics_ndcg_graded_at_k(gain, 3, 1, ideal, 3), 0.0, 0.0);
	assert_close(metrics_ndcg_graded_at_k(gain, 3, 2, ideal, 3), (3.0 / log2(3.0)) / (3.0 + 2.0 / log2(3.0)),
		     1e-12);
	/* nothing known above grade 0: 0, never NaN */
	assert_close(metrics_ndcg_graded_at_k(none, 2, 0, ideal, 0), 0.0, 0.0);
}

static void test_mean_of_no_items_is_empty_and_leaves_the_output_alone(void **state)
{
	struct metrics_mean m = METRICS_MEAN_INIT;
	double out = 42.0;

	(void)state;
	assert_int_equal(metrics_mean_value(&m, &out), METRICS_EMPTY);
	assert_close(out, 42.0, 0.0);
	metrics_mean_add(&m, 1.0);
	metrics_mean_add(&m, 0.0);
	assert_int_equal(metrics_mean_value(&m, &out), METRICS_OK);
	assert_close(out, 0.5, 0.0);
}

static void test_answer_without_gold_scores_0(void **state)
{
	(void)state;
	assert_close(metrics_answer_max(METRICS_ANSWER_EM, "x", NULL, 0, 1.0), 0.0, 0.0);
	assert_close(metrics_answer_max(METRICS_ANSWER_COUNT, "x", NULL, 0, 1.0), 0.0, 0.0);
	assert_null(metrics_answer_name(METRICS_ANSWER_COUNT));
}

static void test_single_answer_functions_agree_with_the_table(void **state)
{
	const char *pred = "the cat sat on the red mat", *gold = "a cat on a mat today";
	const char *golds[] = { gold };

	(void)state;
	assert_close(metrics_exact_match(pred, gold), 0.0, 0.0);
	assert_close(metrics_exact_match("The Cat", "cat!"), 1.0, 0.0);
	assert_close(metrics_token_f1(pred, gold),
			   metrics_answer_max(METRICS_ANSWER_F1, pred, golds, 1, 1.0), 0.0);
	/* pred: cat sat on red mat (5), gold: cat on mat today (4), common 3 */
	assert_close(metrics_bleu1(pred, gold, 0), 3.0 / 5.0, 1e-12);
	assert_close(metrics_bleu1(pred, gold, 1), 3.0 / 5.0, 1e-12);   /* longer: BP 1 */
	assert_close(metrics_rouge1_recall(pred, gold), 3.0 / 4.0, 1e-12);
	/* LCS "cat on mat" = 3: P 3/5, R 3/4 */
	assert_close(metrics_rouge_l(pred, gold, 1.0), 2.0 * 0.6 * 0.75 / 1.35, 1e-12);
}

static void test_rouge_l_with_beta_0_is_lcs_precision(void **state)
{
	(void)state;
	assert_close(metrics_rouge_l("in paris france", "paris", 0.0), 1.0 / 3.0, 1e-12);
}

static void test_rouge_l_handles_long_answers(void **state)
{
	size_t words = 3000, i;
	char *a = malloc(words * 3), *b = malloc(words * 3);

	(void)state;
	for (i = 0; i < words; i++) {
		memcpy(a + i * 3, i % 2 ? "xx " : "yy ", 3);
		memcpy(b + i * 3, i % 3 ? "xx " : "yy ", 3);
	}
	a[words * 3 - 1] = b[words * 3 - 1] = '\0';
	/* a has 1500 xx and 1500 yy; b 2000 xx and 1000 yy */
	assert_close(metrics_rouge1_recall(a, b), 2500.0 / 3000.0, 1e-12);
	assert_true(metrics_rouge_l(a, b, 1.0) > 0.5 && metrics_rouge_l(a, b, 1.0) <= 2500.0 / 3000.0);
	free(a);
	free(b);
}

static void test_normalized_answer_is_a_fresh_string_owned_by_the_caller(void **state)
{
	char *s = metrics_normalize_answer("  An  (apple)\ta DAY\n");

	(void)state;
	assert_string_equal(s, "apple day");
	free(s);
	s = metrics_normalize_answer("");
	assert_string_equal(s, "");
	free(s);
}

static void test_summary_reports_its_sample_size(void **state)
{
	static const double v[] = { 3, 1, 2 };
	struct metrics_summary s;

	(void)state;
	assert_int_equal(metrics_summarize(v, 3, &s), METRICS_OK);
	assert_int_equal(s.n, 3);
	assert_close(s.median, 2.0, 0.0);
}

/* The quartiles of values of every sign and size, with ties, in an order
 * that is not sorted: the sorted order's (the sort is a radix sort of the
 * bits: negatives, subnormals and values that share their high bytes). */
static void test_summary_sorts_values_of_every_sign_and_size(void **state)
{
	static const double v[] = { 5e-324, -1e300, 3.5, -2.25, 0.0, 3.5, 1e300, -5e-324, 2.0, 2.0000000000000004,
				    -1e-10, 42.0 };
	struct metrics_summary s;
	double q;

	(void)state;
	assert_int_equal(metrics_summarize(v, 12, &s), METRICS_OK);
	/* sorted: -1e300 -2.25 -1e-10 -5e-324 0 5e-324 2 2.0000000000000004 3.5 3.5 42 1e300 */
	assert_true(s.min == -1e300 && s.max == 1e300);
	assert_true(s.median == 0.5 * 5e-324 + 0.5 * 2.0);   /* h = 5.5 */
	assert_true(s.q1 == -1e-10 + 0.75 * (-5e-324 - -1e-10));   /* h = 2.75 */
	assert_true(s.q3 == 3.5);   /* h = 8.25, between 3.5 and 3.5 */
	assert_int_equal(metrics_quantile(v, 12, 1.0 / 11.0, &q), METRICS_OK);
	assert_true(q == -2.25);
}

static void test_wilson_rejects_a_nonpositive_z(void **state)
{
	double lo, hi;

	(void)state;
	assert_int_equal(metrics_wilson_interval(1, 2, 0.0, &lo, &hi), METRICS_BAD_ARGUMENT);
	assert_int_equal(metrics_wilson_interval(-1, 2, 1.96, &lo, &hi), METRICS_BAD_ARGUMENT);
}

/* The O(n log n) tau-b against the definition, pair by pair, on data with
 * many ties in both variables (values from a fixed linear congruential
 * sequence). */
static void test_kendall_tau_b_agrees_with_counting_every_pair(void **state)
{
	enum { N = 300 };
	double x[N], y[N], tau, c = 0, d = 0, tx = 0, ty = 0, n0 = N * (N - 1) / 2.0;
	unsigned long seed = 12345;
	size_t i, j;

	(void)state;
	for (i = 0; i < N; i++) {
		seed = (seed * 1103515245UL + 12345UL) % 2147483648UL;
		x[i] = (double)(seed % 7);
		seed = (seed * 1103515245UL + 12345UL) % 2147483648UL;
		y[i] = x[i] + (double)(seed % 5);
	}
	for (i = 0; i < N; i++)
		for (j = i + 1; j < N; j++) {
			double s = (x[i] - x[j]) * (y[i] - y[j]);
			c += s > 0;
			d += s < 0;
			tx += x[i] == x[j];
			ty += y[i] == y[j];
		}
	assert_int_equal(metrics_kendall_tau_b(x, y, N, &tau), METRICS_OK);
	assert_close(tau, (c - d) / sqrt((n0 - tx) * (n0 - ty)), 1e-12);
}

static void test_answer_all_equals_each_metric_on_its_own(void **state)
{
	const char *golds[] = { "The Cordouan lighthouse, in 1823", "1823", "lighthouses were lit" };
	const char *preds[] = { "It was first installed in 1823, in the Cordouan lighthouse.", "", "1823",
				"Lighthouses were lit." };
	double all[METRICS_ANSWER_COUNT];
	size_t p;
	int m;

	(void)state;
	for (p = 0; p < sizeof(preds) / sizeof(preds[0]); p++) {
		metrics_answer_all(preds[p], golds, 3, 1.2, all);
		for (m = 0; m < METRICS_ANSWER_COUNT; m++)
			assert_close(all[m], metrics_answer_max((enum metrics_answer)m, preds[p], golds, 3, 1.2),
					   0.0);
	}
	metrics_answer_all("x", NULL, 0, 1.0, all);
	for (m = 0; m < METRICS_ANSWER_COUNT; m++)
		assert_close(all[m], 0.0, 0.0);
	assert_close(metrics_scai_exact_match("The Lighthouses", "lighthouse"), 1.0, 0.0);
}

static void test_every_status_has_a_distinct_message(void **state)
{
	int i, j;

	(void)state;
	for (i = METRICS_OK; i <= METRICS_BAD_ARGUMENT; i++)
		for (j = METRICS_OK; j < i; j++)
			assert_string_not_equal(metrics_status_message((enum metrics_status)i),
						metrics_status_message((enum metrics_status)j));
}

int main(void)
{
	static const struct CMUnitTest fixed[] = {
		cmocka_unit_test(test_golden_runner_reports_a_wrong_expectation),
		cmocka_unit_test(test_order_by_score_without_ids_breaks_ties_by_input_position),
		cmocka_unit_test(test_order_by_score_ranks_nan_last_and_unnamed_after_named),
		cmocka_unit_test(test_r_smaller_than_the_relevant_retrieved_is_raised_to_it),
		cmocka_unit_test(test_k_zero_means_the_whole_ranking),
		cmocka_unit_test(test_ndcg_without_cutoff_uses_every_known_relevant_in_the_ideal),
		cmocka_unit_test(test_ndcg_discounts_are_the_c_librarys_log2_at_every_rank),
		cmocka_unit_test(test_graded_ndcg_gains_the_grade_against_the_known_grades_best_first),
		cmocka_unit_test(test_mean_of_no_items_is_empty_and_leaves_the_output_alone),
		cmocka_unit_test(test_answer_without_gold_scores_0),
		cmocka_unit_test(test_single_answer_functions_agree_with_the_table),
		cmocka_unit_test(test_rouge_l_with_beta_0_is_lcs_precision),
		cmocka_unit_test(test_rouge_l_handles_long_answers),
		cmocka_unit_test(test_normalized_answer_is_a_fresh_string_owned_by_the_caller),
		cmocka_unit_test(test_summary_reports_its_sample_size),
		cmocka_unit_test(test_summary_sorts_values_of_every_sign_and_size),
		cmocka_unit_test(test_wilson_rejects_a_nonpositive_z),
		cmocka_unit_test(test_kendall_tau_b_agrees_with_counting_every_pair),
		cmocka_unit_test(test_answer_all_equals_each_metric_on_its_own),
		cmocka_unit_test(test_every_status_has_a_distinct_message),
	};
	static const char *const files[] = {
		"tests/golden/metrics/retrieval.txt",
		"tests/golden/metrics/answers.txt",
		"tests/golden/metrics/empty_answers.txt",
		"tests/golden/metrics/statistics.txt",
	};
	return golden_run("metrics", fixed, sizeof(fixed) / sizeof(fixed[0]), files,
			  sizeof(files) / sizeof(files[0]));
}
