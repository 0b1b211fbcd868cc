/*
 * assign.h - the assignment plan of a round: which rater labels which block.
 *
 * A coordinator opens a round over a set of blocks (a block is whatever the
 * caller makes it: a conversation's items, or one item; this module sees only
 * its size in items and an order key) for a list of raters, with an overlap k
 * and a seed. Raters and blocks are indices 0..n-1 into the caller's arrays.
 * Pure: no I/O, no SQL; the caller stores the plan.
 *
 *   struct assign_pair *plan;
 *   size_t n;
 *   enum assign_status st = assign_plan(blocks, n_blocks, n_raters, 2, seed, &plan, &n);
 *   if (st != ASSIGN_OK)
 *           ... assign_status_message(st) says why
 *   for (size_t i = 0; i < n; i++)
 *           ... rater plan[i].rater labels block plan[i].block
 *   free(plan);
 *
 * What assign_plan guarantees:
 *   exact     every block gets exactly min(k, n_raters) distinct raters
 *             (k = 0, or k >= n_raters, means every rater)
 *   balance   the numbers of blocks of any two raters differ by at most 1;
 *             items, where blocks differ in size, come second: with
 *             overlap 1 (or every rater) the items of any two raters differ
 *             by at most the largest block's; with another overlap they are
 *             balanced on a best effort basis only (no bound is promised,
 *             though in tests the gap stays within the largest block too)
 *   order     the pairs are sorted by rater, and each rater's blocks by
 *             order key (ties: by block index), so a rater walks the
 *             conversations in order
 *   seed      the same inputs and seed give the same plan on every platform
 *             (a PRNG of our own, no rand(), no floating point); which rater
 *             gets which block depends on the seed. Changing the PRNG or the
 *             algorithm changes the plans of existing seeds: the golden tests
 *             in tests/unit/test_assign.c are there to notice it.
 *
 * How: the blocks are visited in a seeded Fisher-Yates shuffle, cut into
 * phases of n_raters / gcd(n_raters, k) blocks (after each, every rater
 * holds as many blocks again), each phase largest block first; each block
 * goes to the k raters with the fewest blocks, then the fewest items, then a
 * fresh seeded draw per block (so that no rater always wins the ties).
 *
 * Ownership: inputs are borrowed and never modified; *out is allocated with
 * xmalloc (aborts on failure) and the caller frees it with free(). On a
 * refusal *out is NULL and *n_out 0.
 */
#ifndef CONVQA_ASSIGN_H
#define CONVQA_ASSIGN_H

#include <stddef.h>
#include <stdint.h>

enum assign_status {
	ASSIGN_OK = 0,
	ASSIGN_NO_RATERS,       /* a plan needs at least one rater */
	ASSIGN_TOO_MANY,        /* more than UINT32_MAX raters or blocks */
	ASSIGN_ONE_RATER,       /* swap: fewer than two raters */
	ASSIGN_BAD_RATER,       /* swap: a pair names a rater >= n_raters */
	ASSIGN_SHARED_BLOCK,    /* swap: a block had more than one rater */
	ASSIGN_IDLE_RATER,      /* swap: a rater had no block */
};

/* A fixed English message for a status: lowercase, no period. */
const char *assign_status_message(enum assign_status st);

struct assign_block {
	size_t n_items;   /* its size, for the second balance criterion */
	uint64_t order;   /* conversation order: each rater's list follows it */
};

/* One rater labels one block (indices into the caller's arrays). */
struct assign_pair {
	uint32_t rater;
	uint32_t block;
};

/*
 * The plan of a round: n_blocks * min(k, n_raters) pairs sorted by (rater,
 * order key, block), k = overlap, 0 meaning every rater. No blocks gives an
 * empty plan (*out still allocated). Refuses ASSIGN_NO_RATERS and
 * ASSIGN_TOO_MANY.
 */
enum assign_status assign_plan(const struct assign_block *blocks, size_t n_blocks, size_t n_raters,
			       size_t overlap, uint64_t seed, struct assign_pair **out, size_t *n_out);

/*
 * Round 2 of the two-round protocol: rater i gets the blocks rater
 * (i + 1) mod n_raters had in prev (with two raters, each the other's), so
 * that the two rounds together give every block to two raters. Each rater's
 * blocks keep the order they had in prev (a plan's order: the order key).
 * prev must give each block to one rater and each of the n_raters raters
 * at least one block; else ASSIGN_ONE_RATER, ASSIGN_BAD_RATER,
 * ASSIGN_SHARED_BLOCK or ASSIGN_IDLE_RATER.
 */
enum assign_status assign_swap(const struct assign_pair *prev, size_t n_prev, size_t n_raters,
			       struct assign_pair **out, size_t *n_out);

/*
 * Choose n of the indices 0..m-1, each subset as likely, for a seed (a
 * partial Fisher-Yates shuffle): --sample N --seed S. Writes them to out in
 * ascending order and returns how many: min(n, m).
 */
size_t assign_sample(size_t m, size_t n, uint64_t seed, size_t *out);
/* qsort's comparator of size_t values, ascending (assign_sample's and
 * pairing_sample's indices, rounds_pair.c's pool positions). */
int assign_cmp_size(const void *a, const void *b);

/* The PRNG under all three (splitmix64): the next 64 bits of the stream
 * that *state (any value, the seed to begin with) is at. */
uint64_t assign_rng_next(uint64_t *state);

#endif
