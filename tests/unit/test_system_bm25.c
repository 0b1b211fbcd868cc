/* Unit tests: the built-in system "bm25" (src/system/system_bm25.c) over a
 * tiny collection whose BM25 scores are computed by hand below: the ranking
 * uses the question and the previous question, the reply's scores are
 * FTS5's, and the answer is the sentence of the top passage with the most
 * query words, ties to the first.
 *
 * FTS5's BM25 (bm25(), title weight 2 and text 1; these passages have no
 * title): for a passage D and the query's phrases q,
 *   score(D) = sum_q IDF(q) * f(q,D) * (k1 + 1) / (f(q,D) + K(D)),
 *   K(D) = k1 * (1 - b + b * |D| / avgdl),  k1 = 1.2, b = 0.75,
 *   IDF(q) = ln((N - n(q) + 0.5) / (n(q) + 0.5))  (1e-6 if that is <= 0).
 * bm25() returns -score(D); store_search() orders by it ascending (the
 * best first) and the system's reply carries +score(D).
 *
 * The collection (N = 5, 20 tokens, avgdl = 4):
 *   d1 "Beta delta. Alpha beta. Gamma alpha beta."  |D| = 7, K = 1.2 * (0.25 + 0.75 * 7/4) = 1.875
 *   d2 "Beta gamma."                                |D| = 2, K = 1.2 * (0.25 + 0.75 * 2/4) = 0.75
 *   d3 "Epsilon zeta eta theta."   d4 "Iota kappa lambda mu nu xi."   d5 "Omicron."
 * IDF(gamma) = IDF(beta) = ln(3.5 / 2.5) = 0.336472 (in d1 and d2),
 * IDF(alpha) = ln(4.5 / 1.5) = 1.098612 (d1 only).
 *
 * "Is gamma here?" after "What about alpha?" (gamma OR alpha OR the words
 * no passage has):
 *   d1 = 0.336472 * 1 * 2.2 / (1 + 1.875) + 1.098612 * 2 * 2.2 / (2 + 1.875)
 *      = 0.257473 + 1.247457 = 1.504929
 *   d2 = 0.336472 * 2.2 / (1 + 0.75) = 0.422994
 *   so d1, d2; d1's sentences hold 0, 1 and 2 of the words: "Gamma alpha beta."
 * "Is gamma here?" alone: d1 = 0.257473 < d2 = 0.422994: d2, d1; "Beta gamma."
 * "beta": d1 = 0.336472 * 3 * 2.2 / (3 + 1.875) = 0.455532 > d2 = 0.422994;
 *   each of d1's sentences holds beta once: the first, "Beta delta.". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "convqa/store.h"
#include "convqa/system.h"

static char dir[64];
static char path[128];
static struct store *store;

static int64_t imp;

static void put(const char *id, const char *text)
{
	int64_t pid;
	enum store_put res;
	struct store_conflict c;
	struct error err;
	assert_int_equal(store_put_passage(store, id, NULL, NULL, text, imp, &pid, &res, &c, &err), ST_OK);
}

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/convqa-test-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/p.db", dir);
	struct error err;
	assert_int_equal(store_open(path, STORE_CREATE, &store, &err), ST_OK);
	assert_int_equal(store_begin(store, &err), ST_OK);
	assert_int_equal(store_import_begin(store, "c.json", "00", &imp, &err), ST_OK);
	put("d1", "Beta delta. Alpha beta. Gamma alpha beta.");
	put("d2", "Beta gamma.");
	put("d3", "Epsilon zeta eta theta.");
	put("d4", "Iota kappa lambda mu nu xi.");
	put("d5", "Omicron.");
	assert_int_equal(store_commit(store, &err), ST_OK);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	store_close(store);
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

/* Ask the bm25 system question after previous (NULL: the first turn). */
static void ask(const char *question, const char *previous, struct system_reply *r)
{
	struct system *s;
	struct error err;
	struct system_spec spec = { .kind = "bm25", .store = store };
	assert_int_equal(system_open(&spec, &s, &err), ST_OK);
	struct system_turn before = { previous, "something" };
	struct system_request req = { "c1", &before, previous ? 1 : 0, question };
	if (system_call(s, &req, 5.0, r, &err) != ST_OK)
		fail_msg("%s", err.msg);
	system_close(s);
}

static void test_the_previous_question_joins_the_query(void **state)
{
	(void)state;
	struct system_reply r;
	ask("Is gamma here?", "What about alpha?", &r);
	assert_int_equal(r.n_passages, 2);
	assert_string_equal(r.passages[0].id, "d1");
	assert_string_equal(r.passages[1].id, "d2");
	assert_true(r.passages[0].has_score);
	assert_float_equal(r.passages[0].score, 1.504929, 1e-5);
	assert_float_equal(r.passages[1].score, 0.422994, 1e-5);
	assert_string_equal(r.passages[0].text, "Beta delta. Alpha beta. Gamma alpha beta.");
	assert_string_equal(r.answer, "Gamma alpha beta.");
	system_reply_release(&r);
}

static void test_the_question_alone_ranks_by_length(void **state)
{
	(void)state;
	struct system_reply r;
	ask("Is gamma here?", NULL, &r);
	assert_int_equal(r.n_passages, 2);
	assert_string_equal(r.passages[0].id, "d2");
	assert_string_equal(r.passages[1].id, "d1");
	assert_float_equal(r.passages[0].score, 0.422994, 1e-5);
	assert_float_equal(r.passages[1].score, 0.257473, 1e-5);
	assert_string_equal(r.answer, "Beta gamma.");
	system_reply_release(&r);
}

static void test_a_tie_between_sentences_goes_to_the_first(void **state)
{
	(void)state;
	struct system_reply r;
	ask("BETA?", NULL, &r);
	assert_string_equal(r.passages[0].id, "d1");
	assert_float_equal(r.passages[0].score, 0.455532, 1e-5);
	assert_string_equal(r.answer, "Beta delta.");
	system_reply_release(&r);
}

static void test_no_match_is_an_empty_answer(void **state)
{
	(void)state;
	struct system_reply r;
	ask("Why \"quotes\" OR NOT?", NULL, &r);
	assert_int_equal(r.n_passages, 0);
	assert_string_equal(r.answer, "");
	system_reply_release(&r);
	ask("?!", NULL, &r);
	assert_int_equal(r.n_passages, 0);
	assert_string_equal(r.answer, "");
	system_reply_release(&r);
}

static void test_it_needs_a_project(void **state)
{
	(void)state;
	struct system *s;
	struct error err;
	struct system_spec spec = { .kind = "bm25" };
	assert_int_equal(system_open(&spec, &s, &err), ST_USAGE);
	assert_null(s);
	assert_string_equal(err.msg, "the bm25 system searches a project: open one first");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_the_previous_question_joins_the_query),
		cmocka_unit_test(test_the_question_alone_ranks_by_length),
		cmocka_unit_test(test_a_tie_between_sentences_goes_to_the_first),
		cmocka_unit_test(test_no_match_is_an_empty_answer),
		cmocka_unit_test(test_it_needs_a_project),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
