/*
 * test_report_html.c - the HTML writer on documents built by hand: a
 * by_turn table of groups "SERIES / DEPTH" is drawn as a line per series
 * (the chart a new section gets without chart code), names are escaped
 * inside the SVG too, tables too big to read as a chart stay tables, and a
 * square table of counts is a heat map only when its rows are its columns.
 * The writer on real projects is tests/cli/report_html.sh.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/strbuf.h"
#include "../../src/report/report_html.h"

static char *write_html(const struct report *r)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);
	assert_non_null(f);
	assert_int_equal(rp_write_html(r, f), 0);
	fclose(f);
	return buf;
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;
	for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

static void test_groups_series_slash_depth_draw_a_line_per_series(void **state)
{
	struct report *r = xcalloc(1, sizeof(*r));
	(void)state;
	struct rsection *s = report_section(r, "compare", "Comparisons");
	struct rtable *t = rsection_table(s, "accuracy_by_turn", "Accuracy by turn depth per system",
					  "system / turn depth", "items");
	rtable_col(t, "accuracy", "accuracy", RF_FRACTION, RCOL_CHART);
	const char *groups[] = { "sys-a / 1", "sys-a / 2", "sys-a / 3", "<b>x</b> / 1", "<b>x</b> / 2" };
	for (size_t i = 0; i < 5; i++) {
		struct rrow *row = rtable_row(t, groups[i], 10);
		rcell_num(row, 0, 0.1 * (double)(i + 1), 10);
		rcell_ci(row, 0, 0.05 * (double)(i + 1), 0.2 * (double)(i + 1));
	}
	char *html = write_html(r);
	assert_int_equal(count(html, "data-kind=\"lines\""), 1);
	assert_int_equal(count(html, "class=\"line\""), 2);   /* one polyline per system */
	assert_int_equal(count(html, "class=\"pt\""), 5);
	assert_int_equal(count(html, "class=\"ci\""), 5);
	/* the depths are the x ticks, the systems the legend, escaped */
	assert_non_null(strstr(html, ">turn depth</text>"));
	assert_non_null(strstr(html, ">sys-a</text>"));
	assert_non_null(strstr(html, ">&lt;b&gt;x&lt;/b&gt;</text>"));
	assert_null(strstr(html, "<b>"));
	free(html);
	report_free(r);
}

static void test_every_string_is_escaped_and_made_inert(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	(void)state;
	rp_html_escape(&sb, "a&<>\"'\xe2\x80\xae\x07z", 0);
	assert_string_equal(strbuf_str(&sb), "a&amp;&lt;&gt;&quot;&#39;&lt;U+202E&gt;^Gz");
	strbuf_reset(&sb);
	rp_html_escape(&sb, "<script>alert(1)</script>", 6);   /* cut, then escaped */
	assert_string_equal(strbuf_str(&sb), "&lt;scri\xe2\x80\xa6");
	strbuf_reset(&sb);
	rp_html_escape(&sb, "", 0);
	assert_string_equal(strbuf_str(&sb), "");
	strbuf_release(&sb);
}

static void test_too_many_series_stay_a_table(void **state)
{
	struct report *r = xcalloc(1, sizeof(*r));
	(void)state;
	struct rsection *s = report_section(r, "x", "X");
	struct rtable *t = rsection_table(s, "by_system", "By system", "system", "items");
	rtable_col(t, "acc", "accuracy", RF_FRACTION, 0);
	for (int i = 0; i < 13; i++) {
		char name[16];
		snprintf(name, sizeof(name), "s%d", i);
		rcell_num(rtable_row(t, name, 1), 0, 0.5, 1);
	}
	char *html = write_html(r);
	assert_int_equal(count(html, "<svg"), 0);
	assert_int_equal(count(html, "<tr>"), 14);
	free(html);
	report_free(r);
}

static void test_a_heat_map_only_when_the_rows_are_the_columns(void **state)
{
	struct report *r = xcalloc(1, sizeof(*r));
	(void)state;
	struct rsection *s = report_section(r, "agreement", "Agreement");
	const char *rows[2][2] = { { "yes", "no" }, { "no", "yes" } };
	for (int k = 0; k < 2; k++) {
		struct rtable *t = rsection_table(s, k ? "swapped" : "f_confusion_1", "f", "a \\ b", NULL);
		rtable_col(t, "yes", "yes", RF_COUNT, 0);
		rtable_col(t, "no", "no", RF_COUNT, 0);
		for (int i = 0; i < 2; i++) {
			struct rrow *row = rtable_row(t, rows[k][i], -1);
			rcell_count(row, 0, 3);
			rcell_count(row, 1, i);
		}
	}
	char *html = write_html(r);
	assert_int_equal(count(html, "data-kind=\"heatmap\""), 1);
	assert_int_equal(count(html, "class=\"cell\""), 4);
	free(html);
	report_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_groups_series_slash_depth_draw_a_line_per_series),
		cmocka_unit_test(test_every_string_is_escaped_and_made_inert),
		cmocka_unit_test(test_too_many_series_stay_a_table),
		cmocka_unit_test(test_a_heat_map_only_when_the_rows_are_the_columns),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
