/* Unit tests: the order of a turn's answers for one rater (order.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "convqa/order.h"

enum { MAX_N = 7, N_SEEDS = 50, N_BLOCKS = 30 };

/* Every visit's places are a permutation of 0..n-1, and in each block of n
 * visits every system takes every place exactly once (a Latin square): the
 * balance within one over any queue. */
static void test_each_block_is_a_latin_square(void **state)
{
	(void)state;
	for (size_t n = 1; n <= MAX_N; n++)
		for (uint64_t seed = 0; seed < N_SEEDS; seed++)
			for (size_t b = 0; b < N_BLOCKS; b++) {
				unsigned char at[MAX_N][MAX_N] = { { 0 } };
				for (size_t v = b * n; v < (b + 1) * n; v++) {
					size_t place[MAX_N];
					unsigned char used[MAX_N] = { 0 };
					order_visit(seed, n, v, place);
					for (size_t j = 0; j < n; j++) {
						assert_true(place[j] < n);
						assert_false(used[place[j]]);
						used[place[j]] = 1;
						assert_false(at[j][place[j]]);
						at[j][place[j]] = 1;
					}
				}
			}
}

/* Over a rater's queue every order of the systems occurs, and the first
 * answer is the same system on two visits running only across blocks, by
 * chance: well under 40% of the pairs. */
static void test_every_order_occurs_and_the_first_answer_changes(void **state)
{
	(void)state;
	for (size_t n = 2; n <= 4; n++) {
		uint64_t seed = order_seed(7, "alice");
		size_t orders = 1, seen_n = 0, same = 0, pairs = 0, last_first = 0;
		for (size_t i = 2; i <= n; i++)
			orders *= i;
		unsigned char seen[256] = { 0 };
		for (size_t v = 0; v < 400; v++) {
			size_t place[4], by_place[4], code = 0;
			order_visit(seed, n, v, place);
			for (size_t j = 0; j < n; j++)
				by_place[place[j]] = j;
			for (size_t k = 0; k < n; k++)
				code = code * 4 + by_place[k];
			seen_n += !seen[code];
			seen[code] = 1;
			if (v) {
				pairs++;
				same += by_place[0] == last_first;
			}
			last_first = by_place[0];
		}
		assert_int_equal(seen_n, orders);
		assert_true(same * 100 < pairs * 40);
	}
}

/* The seed: another rater or round, other orders; the same, the same. */
static void test_the_seed_is_the_raters_and_the_rounds(void **state)
{
	(void)state;
	assert_true(order_seed(0, "alice") == order_seed(0, "alice"));
	assert_true(order_seed(0, "alice") != order_seed(0, "bob"));
	assert_true(order_seed(0, "alice") != order_seed(1, "alice"));
	assert_true(order_seed(0, NULL) == order_seed(0, ""));
}

/* Golden values: the same seed gives the same order on every platform.
 * Changing the PRNG or the rule changes every rater's orders (and what a
 * rater who resumes sees): this test is here to notice it. */
static void test_orders_are_the_same_on_every_platform(void **state)
{
	(void)state;
	uint64_t seed = order_seed(0, "alice");
	char got[64] = "";
	for (size_t v = 0; v < 5; v++) {
		size_t place[4];
		order_visit(seed, 4, v, place);
		char one[8];
		snprintf(one, sizeof(one), "%zu%zu%zu%zu ", place[0], place[1], place[2], place[3]);
		strcat(got, one);
	}
	assert_string_equal(got, "3021 0132 1203 2310 2013 ");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_block_is_a_latin_square),
		cmocka_unit_test(test_every_order_occurs_and_the_first_answer_changes),
		cmocka_unit_test(test_the_seed_is_the_raters_and_the_rounds),
		cmocka_unit_test(test_orders_are_the_same_on_every_platform),
	};
	return cmocka_run_group_tests_name("order", tests, NULL, NULL);
}
