/* Unit tests: assignment plans of a round, the round-2 swap, samples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "convqa/assign.h"

enum { N_SEEDS = 200, MAX_RATERS = 7, MAX_BLOCKS = 60 };

static const size_t block_counts[] = { 0, 1, 2, 5, 13, 31, MAX_BLOCKS };

/* Blocks of sizes 1-9 with order keys 0-19 (repeats on purpose: ties in
 * the order key), made from their own stream so they do not vary with the
 * plan's seed. */
static void make_blocks(struct assign_block *b, size_t n, uint64_t shape)
{
	uint64_t rng = shape;
	for (size_t i = 0; i < n; i++) {
		b[i].n_items = 1 + assign_rng_next(&rng) % 9;
		b[i].order = assign_rng_next(&rng) % 20;
	}
}

static size_t effective_k(size_t n_raters, size_t overlap)
{
	return overlap && overlap < n_raters ? overlap : n_raters;
}

static struct assign_pair *plan_of(const struct assign_block *b, size_t nb, size_t nr, size_t k, uint64_t seed,
				   size_t *n)
{
	struct assign_pair *p;
	assert_int_equal(assign_plan(b, nb, nr, k, seed, &p, n), ASSIGN_OK);
	assert_non_null(p);
	return p;
}

/* Every property the header promises, for one plan. */
static void check_plan(const struct assign_block *b, size_t nb, size_t nr, size_t overlap,
		       const struct assign_pair *p, size_t n)
{
	size_t k = effective_k(nr, overlap);
	size_t per_block[MAX_BLOCKS] = { 0 }, per_rater[MAX_RATERS] = { 0 }, items[MAX_RATERS] = { 0 };
	assert_int_equal(n, nb * k);
	for (size_t i = 0; i < n; i++) {
		assert_in_range(p[i].rater, 0, nr - 1);
		assert_in_range(p[i].block, 0, nb - 1);
		per_block[p[i].block]++;
		per_rater[p[i].rater]++;
		items[p[i].rater] += b[p[i].block].n_items;
		if (i == 0 || p[i].rater != p[i - 1].rater) {
			if (i)
				assert_true(p[i].rater > p[i - 1].rater);
			continue;
		}
		/* strictly after the previous block in (order, index): in order,
		 * and never the same block twice for one rater */
		const struct assign_block *prev = &b[p[i - 1].block], *cur = &b[p[i].block];
		assert_true(cur->order > prev->order || (cur->order == prev->order && p[i].block > p[i - 1].block));
	}
	for (size_t i = 0; i < nb; i++)
		assert_int_equal(per_block[i], k);
	size_t lo = SIZE_MAX, hi = 0;
	for (size_t r = 0; r < nr; r++) {
		lo = per_rater[r] < lo ? per_rater[r] : lo;
		hi = per_rater[r] > hi ? per_rater[r] : hi;
	}
	assert_true(hi - lo <= 1);
	if (k != 1 && k != nr)
		return;   /* items are promised only for these (assign.h) */
	size_t largest = 0;
	lo = SIZE_MAX, hi = 0;
	for (size_t i = 0; i < nb; i++)
		largest = b[i].n_items > largest ? b[i].n_items : largest;
	for (size_t r = 0; r < nr; r++) {
		lo = items[r] < lo ? items[r] : lo;
		hi = items[r] > hi ? items[r] : hi;
	}
	assert_true(hi - lo <= largest);
}

/* ---- assign_plan ----------------------------------------------------------- */

static void test_plan_gives_each_block_k_distinct_raters_balanced_in_order_for_200_seeds_and_245_shapes(void **state)
{
	(void)state;
	struct assign_block b[MAX_BLOCKS];
	for (size_t nr = 1; nr <= MAX_RATERS; nr++)
		for (size_t overlap = 0; overlap <= nr; overlap++)
			for (size_t c = 0; c < sizeof(block_counts) / sizeof(*block_counts); c++) {
				size_t nb = block_counts[c];
				make_blocks(b, nb, nr * 1000 + overlap * 100 + c);
				for (uint64_t seed = 0; seed < N_SEEDS; seed++) {
					size_t n;
					struct assign_pair *p = plan_of(b, nb, nr, overlap, seed, &n);
					check_plan(b, nb, nr, overlap, p, n);
					free(p);
				}
			}
}

static void test_same_seed_gives_the_same_plan_and_other_seeds_a_different_one(void **state)
{
	(void)state;
	struct assign_block b[MAX_BLOCKS];
	for (size_t nr = 1; nr <= MAX_RATERS; nr++)
		for (size_t overlap = 0; overlap <= nr; overlap++)
			for (size_t c = 0; c < sizeof(block_counts) / sizeof(*block_counts); c++) {
				size_t nb = block_counts[c], n0, differ = 0;
				make_blocks(b, nb, nr * 1000 + overlap * 100 + c);
				struct assign_pair *p0 = plan_of(b, nb, nr, overlap, 0, &n0);
				for (uint64_t seed = 0; seed < N_SEEDS; seed++) {
					size_t n1, n2;
					struct assign_pair *p1 = plan_of(b, nb, nr, overlap, seed, &n1);
					struct assign_pair *p2 = plan_of(b, nb, nr, overlap, seed, &n2);
					assert_int_equal(n1, n2);
					assert_memory_equal(p1, p2, n1 * sizeof(*p1));
					assert_int_equal(n1, n0);
					differ += memcmp(p0, p1, n0 * sizeof(*p0)) != 0;
					free(p1);
					free(p2);
				}
				/* a choice exists when some raters are left out of a block */
				if (nb && effective_k(nr, overlap) < nr)
					assert_true(differ > 0);
				else
					assert_int_equal(differ, 0);
				free(p0);
			}
}

static void test_overlap_0_or_at_least_the_raters_gives_every_block_to_every_rater(void **state)
{
	(void)state;
	struct assign_block b[5] = { { 3, 40 }, { 1, 10 }, { 2, 30 }, { 9, 20 }, { 1, 50 } };
	static const uint32_t in_order[5] = { 1, 3, 2, 0, 4 };
	size_t overlaps[] = { 0, 3, 4, 100 };
	for (size_t o = 0; o < 4; o++) {
		size_t n;
		struct assign_pair *p = plan_of(b, 5, 3, overlaps[o], 9, &n);
		assert_int_equal(n, 15);
		for (size_t i = 0; i < n; i++) {
			assert_int_equal(p[i].rater, i / 5);
			assert_int_equal(p[i].block, in_order[i % 5]);
		}
		free(p);
	}
}

/* With equally loaded raters the next block goes to the one with fewer
 * items: of blocks of 1, 5 and 9 items for two raters, the first two go to
 * one rater each and the third to the holder of the smaller, so the rater
 * left with one block never holds the 1-item block, whatever the seed. */
static void test_among_raters_with_as_many_blocks_the_one_with_fewer_items_gets_the_next(void **state)
{
	(void)state;
	struct assign_block b[3] = { { 1, 0 }, { 5, 1 }, { 9, 2 } };
	for (uint64_t seed = 0; seed < N_SEEDS; seed++) {
		size_t n;
		struct assign_pair *p = plan_of(b, 3, 2, 1, seed, &n);
		assert_int_equal(n, 3);
		/* sorted by rater: the lone rater's pair is first or last */
		const struct assign_pair *lone = p[0].rater != p[1].rater ? &p[0] : &p[2];
		assert_int_not_equal(lone->block, 0);
		free(p);
	}
}

/* Three raters, four blocks of one size, overlap 1: one rater gets two.
 * Which one is the seed's draw, not always the same rater. */
static void test_the_extra_block_goes_to_each_rater_for_some_seed(void **state)
{
	(void)state;
	struct assign_block b[4] = { { 2, 0 }, { 2, 1 }, { 2, 2 }, { 2, 3 } };
	size_t extra[3] = { 0 };
	for (uint64_t seed = 0; seed < N_SEEDS; seed++) {
		size_t n, per_rater[3] = { 0 };
		struct assign_pair *p = plan_of(b, 4, 3, 1, seed, &n);
		for (size_t i = 0; i < n; i++)
			per_rater[p[i].rater]++;
		for (size_t r = 0; r < 3; r++)
			extra[r] += per_rater[r] == 2;
		free(p);
	}
	for (size_t r = 0; r < 3; r++)
		assert_in_range(extra[r], N_SEEDS / 6, N_SEEDS / 2);
}

/* The blocks are visited in a seeded order, not the list's: two raters
 * splitting ten blocks do not just alternate down the list, so blocks 0 and
 * 1 share a rater for some seeds (4 in 9 of the possible splits). */
static void test_which_blocks_share_a_rater_depends_on_the_seed_not_the_list(void **state)
{
	(void)state;
	struct assign_block b[10];
	for (size_t i = 0; i < 10; i++)
		b[i] = (struct assign_block){ 3, i };
	size_t together = 0;
	for (uint64_t seed = 0; seed < N_SEEDS; seed++) {
		size_t n;
		uint32_t rater_of[10];
		struct assign_pair *p = plan_of(b, 10, 2, 1, seed, &n);
		for (size_t i = 0; i < n; i++)
			rater_of[p[i].block] = p[i].rater;
		together += rater_of[0] == rater_of[1];
		free(p);
	}
	assert_in_range(together, N_SEEDS / 4, N_SEEDS * 2 / 3);
}

static void expect_plan(const struct assign_block *b, size_t nb, size_t nr, size_t overlap, uint64_t seed,
			const struct assign_pair *expected, size_t n_expected)
{
	size_t n;
	struct assign_pair *p = plan_of(b, nb, nr, overlap, seed, &n);
	assert_int_equal(n, n_expected);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(p[i].rater, expected[i].rater);
		assert_int_equal(p[i].block, expected[i].block);
	}
	free(p);
}

/* Two small rounds written out. If these fail, the PRNG or the algorithm
 * has changed: every existing study's seed now gives other assignments than
 * the ones its raters were given. Change the expected plans only on purpose,
 * and say so in the release notes. */
static void test_golden_plan_of_3_raters_7_blocks_overlap_2_seed_20240611(void **state)
{
	(void)state;
	const struct assign_block b[7] = {
		{ 4, 70 }, { 1, 10 }, { 7, 60 }, { 2, 20 }, { 3, 50 }, { 9, 30 }, { 5, 40 },
	};
	static const struct assign_pair expected[] = {
		{ 0, 1 }, { 0, 3 }, { 0, 5 }, { 0, 6 }, { 0, 0 },    /* 21 items */
		{ 1, 1 }, { 1, 6 }, { 1, 4 }, { 1, 2 }, { 1, 0 },    /* 20 items */
		{ 2, 3 }, { 2, 5 }, { 2, 4 }, { 2, 2 },              /* 21 items */
	};
	expect_plan(b, 7, 3, 2, 20240611, expected, sizeof(expected) / sizeof(*expected));
}

/* 4 raters, overlap 2: phases of two blocks (gcd(4, 2) = 2) */
static void test_golden_plan_of_4_raters_8_blocks_overlap_2_seed_2(void **state)
{
	(void)state;
	const struct assign_block b[8] = {
		{ 2, 5 }, { 8, 3 }, { 1, 4 }, { 6, 0 }, { 3, 2 }, { 5, 1 }, { 4, 7 }, { 7, 6 },
	};
	static const struct assign_pair expected[] = {
		{ 0, 1 }, { 0, 2 }, { 0, 0 }, { 0, 7 },    /* 18 items each */
		{ 1, 3 }, { 1, 5 }, { 1, 4 }, { 1, 6 },
		{ 2, 3 }, { 2, 2 }, { 2, 7 }, { 2, 6 },
		{ 3, 5 }, { 3, 4 }, { 3, 1 }, { 3, 0 },
	};
	expect_plan(b, 8, 4, 2, 2, expected, sizeof(expected) / sizeof(*expected));
}

static void test_golden_rng_is_splitmix64(void **state)
{
	(void)state;
	/* the reference stream for seed 1234567 (Vigna's splitmix64.c) */
	static const uint64_t expected[] = {
		6457827717110365317ULL, 3203168211198807973ULL, 9817491932198370423ULL,
		4593380528125082431ULL, 16408922859458223821ULL,
	};
	uint64_t s = 1234567;
	for (size_t i = 0; i < 5; i++)
		assert_true(assign_rng_next(&s) == expected[i]);
}

static void test_plan_refuses_no_raters_and_gives_an_empty_plan_for_no_blocks(void **state)
{
	(void)state;
	struct assign_block b[1] = { { 1, 0 } };
	struct assign_pair *p = (struct assign_pair *)b;
	size_t n = 99;
	assert_int_equal(assign_plan(b, 1, 0, 1, 1, &p, &n), ASSIGN_NO_RATERS);
	assert_null(p);
	assert_int_equal(n, 0);
	p = plan_of(NULL, 0, 4, 2, 1, &n);
	assert_int_equal(n, 0);
	free(p);
}

/* ---- assign_swap ------------------------------------------------------------ */

static void test_swap_of_2_raters_gives_each_the_others_10_and_both_rounds_every_block_twice(void **state)
{
	(void)state;
	struct assign_block b[20];
	for (size_t i = 0; i < 20; i++)
		b[i] = (struct assign_block){ 1 + i % 4, 100 - i };
	size_t n1, n2;
	struct assign_pair *r1 = plan_of(b, 20, 2, 1, 77, &n1), *r2;
	assert_int_equal(assign_swap(r1, n1, 2, &r2, &n2), ASSIGN_OK);
	assert_int_equal(n2, 20);
	/* round 1 is sorted by rater: rater 0's ten, then rater 1's ten; round 2
	 * the same lists, swapped, each still in conversation order */
	for (size_t i = 0; i < 10; i++) {
		assert_int_equal(r1[i].rater, 0);
		assert_int_equal(r1[10 + i].rater, 1);
		assert_int_equal(r2[i].rater, 0);
		assert_int_equal(r2[i].block, r1[10 + i].block);
		assert_int_equal(r2[10 + i].rater, 1);
		assert_int_equal(r2[10 + i].block, r1[i].block);
	}
	unsigned both[20][2] = { { 0 } };
	for (size_t i = 0; i < 20; i++) {
		both[r1[i].block][r1[i].rater]++;
		both[r2[i].block][r2[i].rater]++;
	}
	for (size_t i = 0; i < 20; i++) {
		assert_int_equal(both[i][0], 1);
		assert_int_equal(both[i][1], 1);
	}
	free(r1);
	free(r2);
}

static void test_swap_gives_rater_i_the_blocks_of_rater_i_plus_1_mod_n(void **state)
{
	(void)state;
	/* not sorted by rater on purpose: each rater's blocks keep their order */
	const struct assign_pair prev[] = {
		{ 2, 5 }, { 0, 1 }, { 1, 3 }, { 0, 0 }, { 2, 6 }, { 1, 4 }, { 2, 2 },
	};
	const struct assign_pair expected[] = {
		{ 0, 3 }, { 0, 4 }, { 1, 5 }, { 1, 6 }, { 1, 2 }, { 2, 1 }, { 2, 0 },
	};
	struct assign_pair *p;
	size_t n;
	assert_int_equal(assign_swap(prev, 7, 3, &p, &n), ASSIGN_OK);
	assert_int_equal(n, 7);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(p[i].rater, expected[i].rater);
		assert_int_equal(p[i].block, expected[i].block);
	}
	free(p);
}

static void expect_swap_refused(const struct assign_pair *prev, size_t n_prev, size_t n_raters,
				enum assign_status want)
{
	struct assign_pair *p = (struct assign_pair *)prev;
	size_t n = 99;
	assert_int_equal(assign_swap(prev, n_prev, n_raters, &p, &n), want);
	assert_null(p);
	assert_int_equal(n, 0);
}

static void test_swap_refuses_one_rater_a_shared_block_an_idle_rater_and_an_unknown_rater(void **state)
{
	(void)state;
	const struct assign_pair ok[] = { { 0, 0 }, { 1, 1 } };
	const struct assign_pair shared[] = { { 0, 0 }, { 1, 1 }, { 1, 0 } };
	const struct assign_pair twice[] = { { 0, 0 }, { 0, 0 }, { 1, 1 } };
	const struct assign_pair unknown[] = { { 0, 0 }, { 2, 1 } };
	expect_swap_refused(ok, 2, 1, ASSIGN_ONE_RATER);
	expect_swap_refused(ok, 2, 0, ASSIGN_ONE_RATER);
	expect_swap_refused(shared, 3, 2, ASSIGN_SHARED_BLOCK);
	expect_swap_refused(twice, 3, 2, ASSIGN_SHARED_BLOCK);
	expect_swap_refused(ok, 2, 3, ASSIGN_IDLE_RATER);
	expect_swap_refused(NULL, 0, 2, ASSIGN_IDLE_RATER);
	expect_swap_refused(unknown, 2, 2, ASSIGN_BAD_RATER);
}

static void test_swap_refuses_a_plan_with_overlap_2(void **state)
{
	(void)state;
	struct assign_block b[6] = { { 1, 0 }, { 1, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 1, 5 } };
	size_t n;
	struct assign_pair *p = plan_of(b, 6, 3, 2, 5, &n);
	expect_swap_refused(p, n, 3, ASSIGN_SHARED_BLOCK);
	free(p);
}

static void test_every_status_has_its_own_message(void **state)
{
	(void)state;
	for (int a = ASSIGN_OK; a <= ASSIGN_IDLE_RATER; a++) {
		assert_true(strlen(assign_status_message(a)) > 0);
		for (int b = ASSIGN_OK; b < a; b++)
			assert_string_not_equal(assign_status_message(a), assign_status_message(b));
	}
	assert_string_equal(assign_status_message(99), "unknown assignment status");
}

/* ---- assign_sample ---------------------------------------------------------- */

static void test_sample_gives_n_distinct_ascending_indices_the_same_for_a_seed(void **state)
{
	(void)state;
	size_t a[40], b[40];
	for (size_t m = 1; m <= 40; m += 3)
		for (size_t n = 1; n <= m; n += 2)
			for (uint64_t seed = 0; seed < N_SEEDS; seed++) {
				assert_int_equal(assign_sample(m, n, seed, a), n);
				assert_int_equal(assign_sample(m, n, seed, b), n);
				assert_memory_equal(a, b, n * sizeof(*a));
				assert_true(a[n - 1] < m);
				for (size_t i = 1; i < n; i++)
					assert_true(a[i] > a[i - 1]);
			}
}

static void test_sample_of_0_is_empty_and_of_m_or_more_is_everything(void **state)
{
	(void)state;
	size_t a[8] = { 0 };
	assert_int_equal(assign_sample(8, 0, 3, a), 0);
	assert_int_equal(assign_sample(0, 0, 3, NULL), 0);
	assert_int_equal(assign_sample(0, 5, 3, NULL), 0);
	for (size_t n = 8; n <= 9; n++) {
		assert_int_equal(assign_sample(8, n, 3, a), 8);
		for (size_t i = 0; i < 8; i++)
			assert_int_equal(a[i], i);
	}
}

/* Each index as likely: over 3000 seeds, 3 of 10 picks each index about
 * 900 times (sd 25); a biased draw or an off-by-one in the shuffle (the
 * last index never picked) is far outside 800..1000. Fixed seeds: never
 * flaky. */
static void test_sample_picks_every_index_about_equally_often_and_depends_on_the_seed(void **state)
{
	(void)state;
	size_t hits[10] = { 0 }, a[3], first[3], differ = 0;
	assign_sample(10, 3, 0, first);
	for (uint64_t seed = 0; seed < 3000; seed++) {
		assign_sample(10, 3, seed, a);
		for (size_t i = 0; i < 3; i++)
			hits[a[i]]++;
		differ += memcmp(a, first, sizeof(a)) != 0;
	}
	for (size_t i = 0; i < 10; i++)
		assert_in_range(hits[i], 800, 1000);
	assert_true(differ > 2900);
}

static void test_golden_sample_of_4_of_10_seed_7(void **state)
{
	(void)state;
	/* like the golden plan: a change here changes every --sample --seed */
	static const size_t expected[4] = { 0, 4, 6, 7 };
	size_t a[4];
	assert_int_equal(assign_sample(10, 4, 7, a), 4);
	assert_memory_equal(a, expected, sizeof(a));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plan_gives_each_block_k_distinct_raters_balanced_in_order_for_200_seeds_and_245_shapes),
		cmocka_unit_test(test_same_seed_gives_the_same_plan_and_other_seeds_a_different_one),
		cmocka_unit_test(test_overlap_0_or_at_least_the_raters_gives_every_block_to_every_rater),
		cmocka_unit_test(test_among_raters_with_as_many_blocks_the_one_with_fewer_items_gets_the_next),
		cmocka_unit_test(test_the_extra_block_goes_to_each_rater_for_some_seed),
		cmocka_unit_test(test_which_blocks_share_a_rater_depends_on_the_seed_not_the_list),
		cmocka_unit_test(test_golden_plan_of_3_raters_7_blocks_overlap_2_seed_20240611),
		cmocka_unit_test(test_golden_plan_of_4_raters_8_blocks_overlap_2_seed_2),
		cmocka_unit_test(test_golden_rng_is_splitmix64),
		cmocka_unit_test(test_plan_refuses_no_raters_and_gives_an_empty_plan_for_no_blocks),
		cmocka_unit_test(test_swap_of_2_raters_gives_each_the_others_10_and_both_rounds_every_block_twice),
		cmocka_unit_test(test_swap_gives_rater_i_the_blocks_of_rater_i_plus_1_mod_n),
		cmocka_unit_test(test_swap_refuses_one_rater_a_shared_block_an_idle_rater_and_an_unknown_rater),
		cmocka_unit_test(test_swap_refuses_a_plan_with_overlap_2),
		cmocka_unit_test(test_every_status_has_its_own_message),
		cmocka_unit_test(test_sample_gives_n_distinct_ascending_indices_the_same_for_a_seed),
		cmocka_unit_test(test_sample_of_0_is_empty_and_of_m_or_more_is_everything),
		cmocka_unit_test(test_sample_picks_every_index_about_equally_often_and_depends_on_the_seed),
		cmocka_unit_test(test_golden_sample_of_4_of_10_seed_7),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
