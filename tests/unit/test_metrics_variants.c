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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed003_retrieval_variants_worked_by_hand),
		cmocka_unit_test(test_seed003_ndcg_ideal_is_not_capped_at_the_list),
		cmocka_unit_test(test_seed003_variants_of_nothing_relevant_are_zero),
		cmocka_unit_test(test_fuzzy_inclusion_scores_equal_the_reference),
		cmocka_unit_test(test_fuzzy_inclusion_takes_the_best_gold_against_the_threshold),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
