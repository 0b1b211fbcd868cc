/* Unit tests: the string map used for duplicate detection. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "convqa/strmap.h"

static void test_put_returns_1_for_new_keys_and_0_for_repeats_keeping_first_value(void **state)
{
	(void)state;
	struct strmap m = STRMAP_INIT;
	size_t *v;
	assert_int_equal(strmap_put(&m, "p1", 1, &v), 1);
	assert_int_equal(*v, 1);
	assert_int_equal(strmap_put(&m, "p1", 2, &v), 0);
	assert_int_equal(*v, 1);
	assert_null(strmap_get(&m, "p2"));
	strmap_release(&m);
}

static void test_map_keeps_every_key_across_many_rehashes(void **state)
{
	(void)state;
	struct strmap m = STRMAP_INIT;
	enum { N = 20000 };
	char (*keys)[16] = malloc(sizeof(*keys) * N);
	for (size_t i = 0; i < N; i++) {
		snprintf(keys[i], sizeof(keys[i]), "k%zu", i);
		assert_int_equal(strmap_put(&m, keys[i], i, NULL), 1);
	}
	assert_int_equal(m.n, N);
	for (size_t i = 0; i < N; i++) {
		size_t *v = strmap_get(&m, keys[i]);
		assert_non_null(v);
		assert_int_equal(*v, i);
	}
	strmap_release(&m);
	free(keys);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_put_returns_1_for_new_keys_and_0_for_repeats_keeping_first_value),
		cmocka_unit_test(test_map_keeps_every_key_across_many_rehashes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
