/* Unit tests: the plan of a pairwise round (pairing.h): the pairs of
 * systems, a balanced sample, the sides each rater sees. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "convqa/assign.h"
#include "convqa/pairing.h"

static void test_parse_takes_all_adjacent_and_sample_n_only(void **state)
{
	(void)state;
	enum pairing_mode m;
	long n;
	assert_int_equal(pairing_parse("all", &m, &n), 0);
	assert_int_equal(m, PAIRING_ALL);
	assert_int_equal(pairing_parse("adjacent", &m, &n), 0);
	assert_int_equal(m, PAIRING_ADJACENT);
	assert_int_equal(pairing_parse("sample:200", &m, &n), 0);
	assert_int_equal(m, PAIRING_SAMPLE);
	assert_int_equal(n, 200);
	assert_int_equal(pairing_parse("sample:0", &m, &n), -1);
	assert_int_equal(pairing_parse("sample:", &m, &n), -1);
	assert_int_equal(pairing_parse("some", &m, &n), -1);
}

static void test_all_pairs_every_two_and_adjacent_the_neighbours(void **state)
{
	(void)state;
	uint32_t p[10][2];
	assert_int_equal(pairing_max(5), 10);
	assert_int_equal(pairing_systems(5, PAIRING_ALL, p), 10);
	assert_int_equal(p[0][0], 0);
	assert_int_equal(p[0][1], 1);
	assert_int_equal(p[9][0], 3);
	assert_int_equal(p[9][1], 4);
	assert_int_equal(pairing_systems(5, PAIRING_ADJACENT, p), 4);
	for (uint32_t i = 0; i < 4; i++) {
		assert_int_equal(p[i][0], i);
		assert_int_equal(p[i][1], i + 1);
	}
	assert_int_equal(pairing_systems(1, PAIRING_ALL, p), 0);
}

/* 3 pairs with 40, 40 and 5 items: a sample of 60 takes 5 of the third
 * (all it has) and the rest evenly (28 and 27, or 27 and 28), ascending. */
static void test_sample_takes_each_pair_in_turn_until_it_runs_out(void **state)
{
	(void)state;
	uint32_t pair_of[85];
	size_t out[85], count[3] = { 0 };
	for (size_t i = 0; i < 85; i++)
		pair_of[i] = i < 40 ? 0 : i < 80 ? 1 : 2;
	size_t k = pairing_sample(pair_of, 85, 3, 60, 7, out);
	assert_int_equal(k, 60);
	for (size_t i = 0; i < k; i++) {
		count[pair_of[out[i]]]++;
		if (i)
			assert_true(out[i] > out[i - 1]);
	}
	assert_int_equal(count[2], 5);
	assert_true(count[0] == 27 || count[0] == 28);
	assert_int_equal(count[0] + count[1], 55);
	size_t again[85];
	assert_int_equal(pairing_sample(pair_of, 85, 3, 60, 7, again), 60);
	assert_memory_equal(out, again, 60 * sizeof(*out));
	assert_int_equal(pairing_sample(pair_of, 85, 3, 100, 7, again), 85);
}

/* Over many seeds and queues of 4 systems, each system is shown left within
 * one of half the times it is shown, for every rater's queue. */
static void test_sides_balance_each_system_within_one(void **state)
{
	(void)state;
	enum { N = 57, K = 4 };
	uint32_t sys[N][2], p[6][2];
	int first[N];
	size_t np = pairing_systems(K, PAIRING_ALL, p);
	for (uint64_t seed = 1; seed <= 300; seed++) {
		uint64_t rng = seed * 31;
		long shown[K] = { 0 }, left[K] = { 0 };
		for (size_t i = 0; i < N; i++) {
			size_t q = (size_t)(assign_rng_next(&rng) % np);
			sys[i][0] = p[q][0];
			sys[i][1] = p[q][1];
		}
		pairing_sides((const uint32_t (*)[2])sys, N, K, seed, first);
		for (size_t i = 0; i < N; i++) {
			shown[sys[i][0]]++;
			shown[sys[i][1]]++;
			left[first[i] ? sys[i][0] : sys[i][1]]++;
		}
		for (int s = 0; s < K; s++)
			assert_true(labs(2 * left[s] - shown[s]) <= 2);
	}
}

/* With two systems the sides of one queue are no fixed pattern: another
 * seed gives another order. */
static void test_sides_depend_on_the_seed(void **state)
{
	(void)state;
	enum { N = 40 };
	uint32_t sys[N][2];
	int a[N], b[N];
	for (size_t i = 0; i < N; i++) {
		sys[i][0] = 0;
		sys[i][1] = 1;
	}
	pairing_sides((const uint32_t (*)[2])sys, N, 2, 1, a);
	pairing_sides((const uint32_t (*)[2])sys, N, 2, 2, b);
	assert_memory_not_equal(a, b, sizeof(a));
	int n = 0;
	for (size_t i = 0; i < N; i++)
		n += a[i];
	assert_int_equal(n, N / 2);
}

static void test_cmp_size_sorts_ascending_over_the_whole_range(void **state)
{
	(void)state;
	size_t v[] = { 5, SIZE_MAX, 0, 5, 3 };   /* SIZE_MAX - 0: a difference an int would not hold */
	const size_t want[] = { 0, 3, 5, 5, SIZE_MAX };
	qsort(v, 5, sizeof(*v), assign_cmp_size);
	assert_memory_equal(v, want, sizeof(want));
	assert_int_equal(assign_cmp_size(&v[2], &v[3]), 0);
	assert_true(assign_cmp_size(&v[4], &v[0]) > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_takes_all_adjacent_and_sample_n_only),
		cmocka_unit_test(test_all_pairs_every_two_and_adjacent_the_neighbours),
		cmocka_unit_test(test_sample_takes_each_pair_in_turn_until_it_runs_out),
		cmocka_unit_test(test_sides_balance_each_system_within_one),
		cmocka_unit_test(test_sides_depend_on_the_seed),
		cmocka_unit_test(test_cmp_size_sorts_ascending_over_the_whole_range),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
