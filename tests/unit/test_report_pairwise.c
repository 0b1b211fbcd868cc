/*
 * test_report_pairwise.c - section pairwise (report_pairwise.h) on a
 * hand-made array of preferences: the figures in its tables, a section per
 * field, the rows it cannot place left out and counted, and its HTML: the
 * win-rate matrix as a shaded grid, the Bradley-Terry ranking as dots with
 * whiskers, names escaped.
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

#include "../../src/report/report_html.h"
#include "../../src/report/report_pairwise.h"

static const char *const systems[] = { "bm25", "dense", "<b>x</b>" };
static const char *const raters[] = { "alice", "bob" };

static struct pref_row row(long long turn, int a, int b, int rater, enum pref_winner w, int a_first)
{
	struct pref_row r = { turn, "c1", (int)turn, a, b, rater, "preference", w, a_first, 2.0, 0, 0, 0 };
	return r;
}

/* bm25 vs dense: alice and bob on turns 1-6; dense vs x on turns 1-6 by
 * alice; bm25 vs x: identical answers on turn 7 and a tie on 8. */
static size_t fill(struct pref_row *rows)
{
	size_t n = 0;
	static const enum pref_winner alice[] = { PREF_A, PREF_A, PREF_A, PREF_B, PREF_TIE, PREF_A };
	static const enum pref_winner bob[] = { PREF_A, PREF_B, PREF_A, PREF_B, PREF_BOTH_BAD, PREF_A };
	for (int t = 0; t < 6; t++) {
		rows[n++] = row(t + 1, 0, 1, 0, alice[t], t % 2);
		rows[n++] = row(t + 1, 0, 1, 1, bob[t], 1 - t % 2);
		rows[n++] = row(t + 1, 1, 2, 0, t < 4 ? PREF_A : PREF_B, t % 2);
	}
	rows[n++] = row(7, 0, 2, -1, PREF_SAME, -1);
	rows[n++] = row(8, 0, 2, 1, PREF_TIE, 1);
	rows[n++] = row(9, 0, 5, 1, PREF_A, 1);   /* system 5 unknown: left out */
	return n;
}

static struct report *build(const struct pref_row *rows, size_t n)
{
	struct report *r = xcalloc(1, sizeof(*r));
	struct pairwise_options o;
	pairwise_options_init(&o);
	o.resamples = 200;
	report_pairwise(r, rows, n, systems, 3, raters, 2, &o);
	return r;
}

static double value(const struct report *r, const char *table, const char *group, const char *col, long *n)
{
	double v = NAN;
	assert_true(report_value(r, "pairwise:preference", table, group, col, &v, n, NULL));
	return v;
}

static void test_pairs_table_counts_and_rates(void **state)
{
	struct pref_row rows[32];
	size_t n = fill(rows);
	long m;
	(void)state;
	struct report *r = build(rows, n);
	assert_int_equal(r->n_sections, 1);
	/* bm25 vs dense: A 7, B 3, ties 2 (one both bad) of 12 */
	assert_true(value(r, "pairs", "bm25 vs dense", "wins", &m) == 7);
	assert_true(value(r, "pairs", "bm25 vs dense", "losses", NULL) == 3);
	assert_true(value(r, "pairs", "bm25 vs dense", "ties", NULL) == 2);
	assert_true(value(r, "pairs", "bm25 vs dense", "both_bad", NULL) == 1);
	assert_float_equal(value(r, "pairs", "bm25 vs dense", "win_rate", &m), 8.0 / 12.0, 1e-12);
	assert_int_equal(m, 12);
	assert_float_equal(value(r, "pairs", "bm25 vs dense", "win_rate_decided", &m), 0.7, 1e-12);
	assert_int_equal(m, 10);
	/* binomtest(7, 10, 0.5).pvalue = 2 (1 + 10 + 45 + 120) / 1024 */
	assert_float_equal(value(r, "pairs", "bm25 vs dense", "sign_p", NULL), 352.0 / 1024.0, 1e-12);
	/* bm25 vs x: only ties, one of them identical answers */
	assert_true(value(r, "pairs", "bm25 vs <b>x</b>", "same", NULL) == 1);
	assert_float_equal(value(r, "pairs", "bm25 vs <b>x</b>", "win_rate", NULL), 0.5, 1e-12);
	const char *why = NULL;
	assert_false(report_value(r, "pairwise:preference", "pairs", "bm25 vs <b>x</b>", "win_rate_decided", NULL,
				  NULL, &why));
	assert_string_equal(why, "only ties");
	/* the matrix: each cell and its mirror add up to 1 */
	assert_float_equal(value(r, "win_matrix", "dense", "bm25", NULL), 4.0 / 12.0, 1e-12);
	assert_float_equal(value(r, "win_matrix", "dense", "<b>x</b>", NULL), 4.0 / 6.0, 1e-12);
	assert_float_equal(value(r, "win_matrix", "<b>x</b>", "dense", NULL), 2.0 / 6.0, 1e-12);
	assert_false(report_value(r, "pairwise:preference", "win_matrix", "dense", "dense", NULL, NULL, NULL));
	report_free(r);
}

static void test_ranking_position_and_agreement(void **state)
{
	struct pref_row rows[32];
	size_t n = fill(rows);
	long m;
	(void)state;
	struct report *r = build(rows, n);
	/* bm25 first: it beats dense 8 to 4 with ties as halves, and ties x */
	assert_true(value(r, "bt_ranking", "bm25", "rank", NULL) == 1);
	double s0 = value(r, "bt_ranking", "bm25", "strength", NULL);
	double s1 = value(r, "bt_ranking", "dense", "strength", NULL);
	double s2 = value(r, "bt_ranking", "<b>x</b>", "strength", NULL);
	assert_float_equal(s0 * s1 * s2, 1.0, 1e-9);   /* geometric mean 1 */
	assert_true(s0 > s1 && s0 > s2);
	/* position: decided rows with a known order; first shown won in: */
	long decided = 0, first = 0;
	for (size_t k = 0; k < n - 1; k++)
		if ((rows[k].winner == PREF_A || rows[k].winner == PREF_B) && rows[k].a_first >= 0) {
			decided++;
			first += (rows[k].a_first == 1) == (rows[k].winner == PREF_A);
		}
	assert_float_equal(value(r, "position", "preference", "rate", &m), (double)first / (double)decided, 1e-12);
	assert_int_equal(m, decided);
	/* agreement: six units judged by both; A/A, A/B, A/A, B/B, tie/tie, A/A:
	 * one flip; Cohen p_o 5/6, p_e (4*3 + 1*2 + 1*1) / 36 = 15/36, kappa 5/7 */
	assert_float_equal(value(r, "agreement", "all", "flip_share", &m), 1.0 / 6.0, 1e-12);
	assert_int_equal(m, 6);
	assert_float_equal(value(r, "agreement", "alice / bob", "kappa", NULL), 5.0 / 7.0, 1e-12);
	/* Fleiss: p_j 7/12, 3/12, 2/12, P_e 62/144, P-bar 5/6: kappa 29/41 */
	assert_float_equal(value(r, "agreement", "all", "kappa", NULL), 29.0 / 41.0, 1e-12);
	/* the row of an unknown system is left out, and said */
	int said = 0;
	for (size_t k = 0; k < r->sections[0]->n_notes; k++)
		said |= strstr(r->sections[0]->notes[k], "Rows left out") != NULL;
	assert_true(said);
	report_free(r);
}

static void test_a_section_per_field_and_none_without_rows(void **state)
{
	struct pref_row rows[34];
	size_t n = fill(rows);
	(void)state;
	rows[n] = row(1, 0, 1, 0, PREF_B, 1);
	rows[n++].field = "faithfulness";
	struct report *r = build(rows, n);
	assert_int_equal(r->n_sections, 2);
	assert_string_equal(r->sections[1]->id, "pairwise:faithfulness");
	double v;
	assert_true(report_value(r, "pairwise:faithfulness", "pairs", "bm25 vs dense", "losses", &v, NULL, NULL));
	assert_true(v == 1);
	report_free(r);
	r = build(rows, 0);
	assert_int_equal(r->n_sections, 0);
	report_free(r);
}

/* Only identical answers and ties: no rate without ties, no sign test, no
 * position figure, no agreement; the ranking puts both systems at 1; every
 * writer writes it. */
static void test_no_decided_judgement(void **state)
{
	struct pref_row rows[] = { row(1, 0, 1, -1, PREF_SAME, -1), row(2, 0, 1, 0, PREF_TIE, 1),
				   row(2, 0, 1, 1, PREF_BOTH_BAD, 0) };
	const char *why = NULL;
	double v;
	(void)state;
	struct report *r = build(rows, 3);
	assert_float_equal(value(r, "pairs", "bm25 vs dense", "win_rate", NULL), 0.5, 1e-12);
	assert_false(report_value(r, "pairwise:preference", "pairs", "bm25 vs dense", "sign_p", NULL, NULL, &why));
	assert_string_equal(why, "only ties");
	assert_false(report_value(r, "pairwise:preference", "position", "preference", "rate", NULL, NULL, &why));
	assert_string_equal(why, "no decided judgement with a known order");
	assert_false(report_value(r, "pairwise:preference", "agreement", "all", "kappa", NULL, NULL, &why));
	assert_non_null(why);   /* one category only: kappa is 0/0 */
	assert_true(report_value(r, "pairwise:preference", "agreement", "all", "flip_share", &v, NULL, NULL));
	assert_true(v == 0);
	assert_float_equal(value(r, "bt_ranking", "bm25", "strength", NULL), 1.0, 1e-12);
	assert_float_equal(value(r, "bt_ranking", "dense", "strength", NULL), 1.0, 1e-12);
	assert_false(report_value(r, "pairwise:preference", "bt_ranking", "<b>x</b>", "rank", NULL, NULL, NULL));
	int (*writers[])(const struct report *, FILE *) = { rp_write_text, rp_write_md, rp_write_json,
							    rp_write_csv, rp_write_html };
	for (size_t i = 0; i < sizeof(writers) / sizeof(writers[0]); i++) {
		char *buf = NULL;
		size_t size = 0;
		FILE *f = open_memstream(&buf, &size);
		assert_int_equal(writers[i](r, f), 0);
		fclose(f);
		assert_non_null(strstr(buf, "bm25"));
		free(buf);
	}
	report_free(r);
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;
	for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

static void test_html_draws_the_matrix_and_the_ranking(void **state)
{
	struct pref_row rows[32];
	size_t n = fill(rows);
	char *buf = NULL;
	size_t size = 0;
	(void)state;
	struct report *r = build(rows, n);
	FILE *f = open_memstream(&buf, &size);
	assert_non_null(f);
	assert_int_equal(rp_write_html(r, f), 0);
	fclose(f);
	assert_int_equal(count(buf, "data-kind=\"winmatrix\""), 1);
	assert_int_equal(count(buf, "class=\"cell\""), 9);
	assert_int_equal(count(buf, "data-kind=\"dots\""), 1);
	assert_int_equal(count(buf, "class=\"pt\""), 3);
	assert_true(count(buf, "class=\"ci\"") >= 1);
	assert_null(strstr(buf, "<b>"));
	assert_non_null(strstr(buf, "&lt;b&gt;x&lt;/b&gt;"));
	free(buf);
	report_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pairs_table_counts_and_rates),
		cmocka_unit_test(test_ranking_position_and_agreement),
		cmocka_unit_test(test_a_section_per_field_and_none_without_rows),
		cmocka_unit_test(test_no_decided_judgement),
		cmocka_unit_test(test_html_draws_the_matrix_and_the_ranking),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
