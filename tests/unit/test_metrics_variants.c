/*
 * test_metrics_variants.c - the source documents' metric variants
 * (metrics_variants.h): seed 003's modified precision and nDCG with a
 * 1/(i+1) discount, and fuzzy fact inclusion.
 *
 * The retrieval figures are worked by hand in the comments; the fuzzy
 * scores come from tests/tools/fuzzy_reference.py (the same definition
 * written out in Python).
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
#include "convqa/metrics_variants.h"

#define assert_near(got, want)                                                         \
	do {                                                                           \
		double g_ = (got), w_ = (want);                                        \
		if (!(fabs(g_ - w_) <= 1e-12)) {                                       \
			print_error("%.17g is not %.17g\n", g_, w_);                   \
			fail();                                                        \
		}                                                                      \
	} while (0)

/* Five returned, relevant at ranks 2 and 4, three relevant in all:
 * modified precision 2/3; DCG = 1/2 + 1/4 (discount 1/(i+1), i from 0),
 * IDCG = 1 + 1/2 + 1/3, nDCG = 0.75 / (11/6) = 9/22. */
static void test_seed003_retrieval_variants_worked_by_hand(void **state)
{
	static const int rel[] = { 0, 1, 0, 1, 0 };
	(void)state;
	assert_near(metrics_modified_precision(rel, 5, 3), 2.0 / 3.0);
	assert_near(metrics_ndcg_rank_discount(rel, 5, 3), 9.0 / 22.0);
	/* every relevant one returned, first: both 1 */
	static const int top[] = { 1, 1, 0 };
	assert_near(metrics_modified_precision(top, 3, 2), 1.0);
	assert_near(metrics_ndcg_rank_discount(top, 3, 2), 1.0);
}

/* The ideal counts all R relevant documents, not only as many as were
 * returned: two returned, both relevant, four relevant in all:
 * (1 + 1/2) / (1 + 1/2 + 1/3 + 1/4) = 18/25. */
static void test_seed003_ndcg_ideal_is_not_capped_at_the_list(void **state)
{
	static const int rel[] = { 1, 1 };
	(void)state;
	assert_near(metrics_ndcg_rank_discount(rel, 2, 4), 18.0 / 25.0);
	assert_near(metrics_modified_precision(rel, 2, 4), 0.5);
}

/* Nothing relevant scores 0, never NaN; an R below the relevant returned
 * is raised to them. */
static void test_seed003_variants_of_nothing_relevant_are_zero(void **state)
{
	static const int none[] = { 0, 0 }, rel[] = { 1, 0, 1 };
	(void)state;
	assert_near(metrics_modified_precision(none, 2, 0), 0.0);
	assert_near(metrics_ndcg_rank_discount(none, 2, 0), 0.0);
	assert_near(metrics_modified_precision(none, 0, 3), 0.0);
	assert_near(metrics_modified_precision(rel, 3, 1), 1.0);
	assert_near(metrics_ndcg_rank_discount(rel, 3, 1), (1.0 + 1.0 / 3.0) / 1.5);
}

static void test_fuzzy_inclusion_scores_equal_the_reference(void **state)
{
	static const struct { const char *answer, *gold; double score; } cases[] = {
		{ "The Eiffel Tower is in Paris.", "Paris", 1.0 },
		{ "It is in Paris", "Pariss", 0.8333333333333334 },
		{ "the Eiffel tower, of course", "Eifel Tower", 0.9090909090909091 },
		{ "Paris", "London", 0.0 },
		{ "It is in Zurich", "Z\xc3\xbcrich", 0.8333333333333334 },   /* one code point differs */
		{ "", "", 1.0 },
		{ "x", "the", 0.0 },                                           /* the gold normalises to nothing */
		{ "abc", "xabcx", 0.6 },
		{ "The answer is 1,234 people", "1234 people", 1.0 },        /* punctuation goes first */
		{ "nothing here", "a longer gold answer", 0.2777777777777778 },
	};
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
		assert_near(metrics_fuzzy_inclusion_score(cases[i].answer, cases[i].gold), cases[i].score);
}

/* Inclusion: the best gold at or above the threshold. */
static void test_fuzzy_inclusion_takes_the_best_gold_against_the_threshold(void **state)
{
	const char *golds[] = { "London", "Pariss" };
	(void)state;
	assert_near(metrics_fuzzy_inclusion("It is in Paris", golds, 2, METRICS_FUZZY_THRESHOLD), 1.0);
	assert_near(metrics_fuzzy_inclusion("It is in Paris", golds, 2, 0.9), 0.0);
	assert_near(metrics_fuzzy_inclusion("It is in Paris", golds, 1, 0.2), 0.0);   /* London: 1/6 */
	assert_near(metrics_fuzzy_inclusion("It is in Paris", golds, 1, 0.1), 1.0);
	assert_near(metrics_fuzzy_inclusion("It is in Paris", golds, 0, 0.0), 0.0);
}

/* The edit distance of the whole of g to the best substring of a, written
 * out as the textbook table (Sellers 1980), for the test below. */
static size_t reference_distance(const char *a, const char *g)
{
	size_t na = strlen(a), ng = strlen(g), d[80][80], best;
	for (size_t j = 0; j <= na; j++)
		d[0][j] = 0;
	for (size_t i = 1; i <= ng; i++) {
		d[i][0] = i;
		for (size_t j = 1; j <= na; j++) {
			size_t x = d[i - 1][j - 1] + (g[i - 1] != a[j - 1]), y = d[i - 1][j] + 1, z = d[i][j - 1] + 1;
			d[i][j] = x < y ? (x < z ? x : z) : (y < z ? y : z);
		}
	}
	best = d[ng][0];
	for (size_t j = 1; j <= na; j++)
		if (d[ng][j] < best)
			best = d[ng][j];
	return best;
}

/* Golds up to 64 characters take a faster path (a column per machine
 * word): 3000 random pairs over a small alphabet, golds of 1 to 70
 * characters (both paths), agree with the table. */
static void test_fuzzy_scores_agree_with_the_table_for_every_length(void **state)
{
	uint64_t s = 12345;
	char a[80], g[80];
	(void)state;
	for (int t = 0; t < 3000; t++) {
		size_t na, ng;
		s = s * 6364136223846793005u + 1442695040888963407u;
		na = (size_t)(s >> 33) % 78;
		ng = 1 + (size_t)(s >> 45) % 70;
		for (size_t i = 0; i < na; i++) {
			s = s * 6364136223846793005u + 1442695040888963407u;
			a[i] = "bcd"[(s >> 40) % 3];
		}
		for (size_t i = 0; i < ng; i++) {
			s = s * 6364136223846793005u + 1442695040888963407u;
			g[i] = "bcd"[(s >> 40) % 3];
		}
		a[na] = g[ng] = '\0';
		double want = 1.0 - (double)reference_distance(a, g) / (double)ng;
		assert_near(metrics_fuzzy_inclusion_score(a, g), want);
	}
}

/* Seed 001: impossible = every gold answer normalises to nothing; a
 * correct reading matches a gold answer after the SQuAD normalisation. */
static void test_seed001_impossible_questions(void **state)
{
	static const char *const empty[] = { "", "  the " }, *const mixed[] = { "", "Paris" };
	(void)state;
	assert_int_equal(metrics_impossible(empty, 2), 1);
	assert_int_equal(metrics_impossible(mixed, 2), 0);
	assert_int_equal(metrics_impossible(NULL, 0), 0);   /* no gold: not known, not impossible */
}

static void test_seed001_first_correct_reading(void **state)
{
	static const char *const golds[] = { "Gustave Eiffel", "Eiffel" };
	static const char *const cands[] = { "Paris", "the  Eiffel!", "Gustave Eiffel" };
	static const char *const none[] = { "" }, *const said[] = { "Paris", "" };
	(void)state;
	assert_int_equal(metrics_reader_first_correct(cands, 3, golds, 2), 2);   /* "eiffel" at rank 2 */
	assert_int_equal(metrics_reader_first_correct(cands, 1, golds, 2), 0);
	assert_int_equal(metrics_reader_first_correct(none, 1, golds, 2), 0);
	/* an impossible question: the reader's None (an empty candidate) is correct */
	assert_int_equal(metrics_reader_first_correct(said, 2, none, 1), 2);
	assert_int_equal(metrics_reader_first_correct(cands, 3, NULL, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed003_retrieval_variants_worked_by_hand),
		cmocka_unit_test(test_seed003_ndcg_ideal_is_not_capped_at_the_list),
		cmocka_unit_test(test_seed003_variants_of_nothing_relevant_are_zero),
		cmocka_unit_test(test_fuzzy_inclusion_scores_equal_the_reference),
		cmocka_unit_test(test_fuzzy_inclusion_takes_the_best_gold_against_the_threshold),
		cmocka_unit_test(test_fuzzy_scores_agree_with_the_table_for_every_length),
		cmocka_unit_test(test_seed001_impossible_questions),
		cmocka_unit_test(test_seed001_first_correct_reading),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
