/*
 * test_metrics_answer.c - the table of answer metrics (enum metrics_answer)
 * is whole: every metric has a name of its own and a formula, so that a
 * metric added to the enum (docs/development.md "Adding a metric") is computed by
 * metrics_answer_all() and named in the report. The values themselves are
 * tested against known ones in test_metrics.c (tests/golden/metrics/).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "convqa/metrics_answer.h"

static const char *const answers[] = {
	"The Cordouan lighthouse, in 1823",
	"Lighthouses were lit.",
	"\xc3\x89" "COLE normale",
};

static void test_every_answer_metric_has_a_name_of_its_own(void **state)
{
	(void)state;
	for (int m = 0; m < METRICS_ANSWER_COUNT; m++) {
		const char *name = metrics_answer_name((enum metrics_answer)m);
		assert_non_null(name);
		assert_true(name[0] != '\0');
		for (int k = 0; k < m; k++)
			assert_string_not_equal(name, metrics_answer_name((enum metrics_answer)k));
	}
	assert_null(metrics_answer_name(METRICS_ANSWER_COUNT));
}

static void test_every_answer_metric_scores_an_answer_against_itself_1(void **state)
{
	double all[METRICS_ANSWER_COUNT];

	(void)state;
	for (size_t a = 0; a < sizeof(answers) / sizeof(answers[0]); a++) {
		metrics_answer_all(answers[a], &answers[a], 1, 1.0, all);
		for (int m = 0; m < METRICS_ANSWER_COUNT; m++) {
			if (all[m] != 1.0)
				fail_msg("%s of '%s' against itself: %g", metrics_answer_name((enum metrics_answer)m),
					 answers[a], all[m]);
			assert_true(metrics_answer_max((enum metrics_answer)m, answers[a], &answers[a], 1, 1.0) == 1.0);
		}
	}
}

static void test_every_answer_metric_scores_answers_without_a_common_word_0(void **state)
{
	const char *gold = "tower bridge";
	double all[METRICS_ANSWER_COUNT];

	(void)state;
	metrics_answer_all(answers[0], &gold, 1, 1.0, all);
	for (int m = 0; m < METRICS_ANSWER_COUNT; m++)
		if (all[m] != 0.0)
			fail_msg("%s: %g", metrics_answer_name((enum metrics_answer)m), all[m]);
}

/* Golds tokenised once score as metrics_answer_max() and
 * metrics_answer_all() do, for one prediction after another: a partial
 * match, a gold empty after normalisation (left out while another has
 * tokens, used when all are empty), no golds. */
static void test_prepared_golds_score_as_metrics_answer_max(void **state)
{
	static const char *const golds_a[] = { "Gustave Eiffel", "the", "Eiffel tower" };
	static const char *const golds_b[] = { "", "A." };
	static const char *const preds[] = { "Eiffel", "gustave eiffel!", "", "The", "tower of Eiffel", "x y z", "Eiffel towers" };
	static const struct { const char *const *g; size_t n; } sets[] = { { golds_a, 3 }, { golds_b, 2 },
									   { golds_a, 0 } };

	(void)state;
	for (size_t s = 0; s < sizeof(sets) / sizeof(sets[0]); s++) {
		struct metrics_golds *gs = metrics_golds_new(sets[s].g, sets[s].n);
		for (size_t p = 0; p < sizeof(preds) / sizeof(preds[0]); p++) {
			double em, f1;
			metrics_answer_em_f1(preds[p], gs, &em, &f1);
			double want_em = metrics_answer_max(METRICS_ANSWER_EM, preds[p], sets[s].g, sets[s].n, 1.0);
			double want_f1 = metrics_answer_max(METRICS_ANSWER_F1, preds[p], sets[s].g, sets[s].n, 1.0);
			if (em != want_em || f1 != want_f1)
				fail_msg("set %zu, '%s': EM %g F1 %g, want %g %g", s, preds[p], em, f1, want_em, want_f1);
			double all[METRICS_ANSWER_COUNT], want[METRICS_ANSWER_COUNT];
			metrics_answer_all_golds(preds[p], gs, 1.2, all);   /* SCAI forms kept from the first */
			metrics_answer_all(preds[p], sets[s].g, sets[s].n, 1.2, want);
			for (int m = 0; m < METRICS_ANSWER_COUNT; m++)
				if (all[m] != want[m])
					fail_msg("set %zu, '%s': %s %g, want %g", s, preds[p],
						 metrics_answer_name((enum metrics_answer)m), all[m], want[m]);
		}
		metrics_golds_free(gs);
	}
}

/* SCAI's normalisation drops the Snowball English stop words, every one of
 * them (each looked up among its first letter's), and keeps the words
 * beside them in that order. */
static void test_scai_drops_every_stop_word(void **state)
{
	(void)state;
	static const char all[] =
		"a about above after again against all am an and any are aren't as at be because been before "
		"being below between both but by can't cannot could couldn't did didn't do does doesn't doing "
		"don't down during each few for from further had hadn't has hasn't have haven't having he he'd "
		"he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into "
		"is isn't it it's its itself let's me more most mustn't my myself no nor not of off on once only "
		"or other ought our ours ourselves out over own same shan't she she'd she'll she's should "
		"shouldn't so some such than that that's the their theirs them themselves then there there's "
		"these they they'd they'll they're they've this those through to too under until up very was "
		"wasn't we we'd we'll we're we've were weren't what what's when when's where where's which while "
		"who who's whom why why's with won't would wouldn't you you'd you'll you're you've your yours "
		"yourself yourselves ";
	char *n = metrics_scai_normalize(all);
	assert_string_equal(n, "");
	free(n);
	n = metrics_scai_normalize("aardvark abandoned yourselves youthful zebras b isn Whom wholly");
	assert_string_equal(n, "aardvark abandon youth zebra b isn wholli");
	free(n);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_answer_metric_has_a_name_of_its_own),
		cmocka_unit_test(test_every_answer_metric_scores_an_answer_against_itself_1),
		cmocka_unit_test(test_every_answer_metric_scores_answers_without_a_common_word_0),
		cmocka_unit_test(test_prepared_golds_score_as_metrics_answer_max),
		cmocka_unit_test(test_scai_drops_every_stop_word),
	};
	return cmocka_run_group_tests_name("metrics_answer", tests, NULL, NULL);
}
