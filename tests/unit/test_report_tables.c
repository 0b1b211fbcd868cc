/*
 * test_report_tables.c - the tables of report sections and writers
 * (src/report/report.c) are consistent: each section has a bit of its own in enum
 * report_section and together they make REPORT_SEC_ALL; each format name
 * parses to its own enum report_format. What the tables must agree with
 * outside the library (help, docs/metrics.md) is tests/cli/report_tables.sh.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "convqa/report.h"

static void test_every_section_has_a_bit_of_its_own_and_all_make_report_sec_all(void **state)
{
	struct report_options o;
	struct error err;
	unsigned all = 0;
	size_t i;

	(void)state;
	for (i = 0; report_section_name(i); i++) {
		report_options_init(&o);
		assert_int_equal(report_parse_sections(&o, report_section_name(i), &err), 0);
		assert_int_not_equal(o.sections, 0);
		assert_int_equal(o.sections & (o.sections - 1), 0);   /* one bit */
		assert_int_equal(all & o.sections, 0);                /* not another section's */
		all |= o.sections;
	}
	assert_true(i > 0);
	assert_int_equal(all, REPORT_SEC_ALL);
}

static void test_a_list_of_sections_selects_each_of_them(void **state)
{
	struct report_options o;
	struct error err;

	(void)state;
	report_options_init(&o);
	assert_int_equal(report_parse_sections(&o, "answers,time", &err), 0);
	assert_int_equal(o.sections, REPORT_SEC_ANSWERS | REPORT_SEC_TIME);
	assert_int_equal(report_parse_sections(&o, "answers,nope", &err), -1);
	assert_int_equal(err.status, ST_USAGE);
	for (size_t i = 0; report_section_name(i); i++)
		assert_non_null(strstr(err.msg, report_section_name(i)));
}

static void test_every_format_name_parses_to_a_format_of_its_own(void **state)
{
	enum report_format f, seen[16];
	struct error err;
	size_t i;

	(void)state;
	for (i = 0; report_format_name(i); i++) {
		assert_true(i < 16);
		assert_int_equal(report_format_parse(report_format_name(i), &f, &err), 0);
		assert_int_equal(f, (enum report_format)i);
		seen[i] = f;
		for (size_t j = 0; j < i; j++)
			assert_int_not_equal(seen[j], f);
	}
	assert_int_equal(report_format_parse("markdown", &f, &err), 0);
	assert_int_equal(f, REPORT_MARKDOWN);
	assert_string_equal(report_format_name(REPORT_MARKDOWN), "md");
	assert_int_equal(report_format_parse("xml", &f, &err), -1);
	assert_int_equal(err.status, ST_USAGE);
	for (i = 0; report_format_name(i); i++)
		assert_non_null(strstr(err.msg, report_format_name(i)));
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_section_has_a_bit_of_its_own_and_all_make_report_sec_all),
		cmocka_unit_test(test_a_list_of_sections_selects_each_of_them),
		cmocka_unit_test(test_every_format_name_parses_to_a_format_of_its_own),
	};
	return cmocka_run_group_tests_name("report_tables", tests, NULL, NULL);
}
