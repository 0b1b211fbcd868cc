/* Unit tests: the expressions of round create --where (expr.h): values,
 * precedence, missing names, and errors that name the position. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <math.h>

#include "convqa/expr.h"

/* The value of text with names a, b, c (in that order of appearance) = va, vb, vc. */
static int eval3(const char *text, double va, double vb, double vc)
{
	struct expr *e;
	struct error err;
	assert_int_equal(expr_parse(text, &e, &err), ST_OK);
	double v[8];
	for (size_t k = 0; k < expr_n_names(e); k++) {
		const char *n = expr_name(e, k);
		v[k] = strcmp(n, "a") == 0 ? va : strcmp(n, "b") == 0 ? vb : vc;
	}
	int r = expr_eval(e, v);
	expr_free(e);
	return r;
}

static void test_arithmetic_comparisons_and_logic(void **state)
{
	(void)state;
	assert_int_equal(eval3("abs(a - b) > 0.5", 0.9, 0.2, 0), 1);
	assert_int_equal(eval3("abs(a - b) > 0.5", 0.5, 0.2, 0), 0);
	assert_int_equal(eval3("a - b * 2 = -0.5", 1.5, 1, 0), 1);       /* * before - */
	assert_int_equal(eval3("(a - b) * 2 == 1", 1.5, 1, 0), 1);
	assert_int_equal(eval3("a / b >= 2", 4, 2, 0), 1);
	assert_int_equal(eval3("a / b >= 2 or a < 1", 4, 0, 0), 0);     /* division by zero: false */
	assert_int_equal(eval3("a > 1 or b > 1 and c > 1", 2, 0, 0), 1); /* and before or */
	assert_int_equal(eval3("(a > 1 or b > 1) and c > 1", 2, 0, 0), 0);
	assert_int_equal(eval3("not a > 1", 0.5, 0, 0), 1);
	assert_int_equal(eval3("not (a > 1 and b > 1)", 2, 2, 0), 0);
	assert_int_equal(eval3("-a < -1e-1 and a != .2", 0.5, 0, 0), 1);
	assert_int_equal(eval3("a <= 0.5 and 0.5 <= a", 0.5, 0, 0), 1);
	assert_int_equal(eval3("a-b>0", 3, 1, 0), 1);                   /* no spaces needed */
}

static void test_names_once_each_and_missing_values(void **state)
{
	struct expr *e;
	struct error err;
	(void)state;
	assert_int_equal(expr_parse("abs(gptscore - fuzzy) > 0.5 or gptscore > 0.9", &e, &err), ST_OK);
	assert_int_equal(expr_n_names(e), 2);
	assert_string_equal(expr_name(e, 0), "gptscore");
	assert_string_equal(expr_name(e, 1), "fuzzy");
	assert_int_equal(expr_name_position(e, 1), 16);
	double v[2] = { 0.95, NAN };
	assert_int_equal(expr_eval(e, v), -1);   /* missing: not evaluated, even where or would not need it */
	v[1] = 0.9;
	assert_int_equal(expr_eval(e, v), 1);
	expr_free(e);
}

static void check_error(const char *text, const char *want)
{
	struct expr *e = (struct expr *)1;
	struct error err;
	assert_int_equal(expr_parse(text, &e, &err), ST_USAGE);
	assert_null(e);
	assert_string_equal(err.msg, want);
}

static void test_errors_name_the_position(void **state)
{
	(void)state;
	check_error("abs(a - b)", "position 1: a number where a condition is expected (compare it: ... > 0.5), at "
				  "'abs(a - b)'");
	check_error("abs(a - b) > ", "position 14: expected a number, a name, abs( or '(', at the end");
	check_error("a > 0.5 and", "position 12: expected a number, a name, abs( or '(', at the end");
	check_error("(a > 1", "position 7: expected ')' (or an operator), at the end");
	check_error("a > 1)", "position 6: a ')' without its '(', at ')'");
	check_error("a > 1 b", "position 7: expected an operator (+ - * / < <= > >= = != and or), at 'b'");
	check_error("a; drop table x", "position 2: expected an operator (+ - * / < <= > >= = != and or), at '; "
				       "drop table x'");
	check_error("abs a", "position 5: expected '(' after abs, at 'a'");
	check_error("a > 1 and b", "position 11: a number where a condition is expected (compare it: ... > 0.5), at "
				   "'b'");
	check_error("(a > 1) + 2 > 1", "position 4: a condition where a number is expected, at '> 1) + 2 > 1'");
	check_error("a < b < c", "position 3: a condition where a number is expected, at '< b < c'");
	check_error("", "position 1: expected a condition such as abs(a - b) > 0.5, at the end");
	check_error("a $ b", "position 3: expected an operator (+ - * / < <= > >= = != and or), at '$ b'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arithmetic_comparisons_and_logic),
		cmocka_unit_test(test_names_once_each_and_missing_values),
		cmocka_unit_test(test_errors_name_the_position),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
