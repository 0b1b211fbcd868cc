/* assign.c - assignment plans: seeded greedy balance, the round-2 swap, samples. */
#include "convqa/assign.h"

#include <stdlib.h>
#include <string.h>

#include "convqa/common.h"

static const char *const messages[] = {
	[ASSIGN_OK] = "ok",
	[ASSIGN_NO_RATERS] = "no raters to assign blocks to",
	[ASSIGN_TOO_MANY] = "too many raters or blocks for one plan",
	[ASSIGN_ONE_RATER] = "a swap needs at least two raters",
	[ASSIGN_BAD_RATER] = "the previous round names a rater outside the list",
	[ASSIGN_SHARED_BLOCK] = "a block of the previous round had more than one rater",
	[ASSIGN_IDLE_RATER] = "a rater of the previous round had no block",
};

const char *assign_status_message(enum assign_status st)
{
	if ((size_t)st < ARRAY_SIZE(messages) && messages[st])
		return messages[st];
	return "unknown assignment status";
}

/* splitmix64 (Steele, Lea and Flood 2014; Vigna's reference code): one
 * 64-bit word of state, any seed is fine, the same stream everywhere. */
uint64_t assign_rng_next(uint64_t *state)
{
	return rng_next(state);
}

/* Uniform in [0, bound), bound >= 1. Plain r % bound favours the low
 * residues; rejecting the 2^64 mod bound lowest draws removes that bias
 * (rng_below() rejects the highest: another stream, which the rounds made
 * before must keep)
 * without 128-bit arithmetic, which not every platform has. */
static uint64_t below_low(uint64_t *rng, uint64_t bound)
{
	uint64_t min = -bound % bound;
	for (;;) {
		uint64_t r = assign_rng_next(rng);
		if (r >= min)
			return r % bound;
	}
}

static size_t *identity(size_t n)
{
	size_t *a = xmalloc(n * sizeof(*a));
	for (size_t i = 0; i < n; i++)
		a[i] = i;
	return a;
}

static void swap_sizes(size_t *a, size_t i, size_t j)
{
	size_t t = a[i];
	a[i] = a[j];
	a[j] = t;
}

/* Fisher-Yates over the first n of a, drawing from rng. */
static void shuffle(size_t *a, size_t n, uint64_t *rng)
{
	for (size_t i = n; i > 1; i--)
		swap_sizes(a, i - 1, (size_t)below_low(rng, i));
}

/* ---- the plan ------------------------------------------------------------ */

/* What a rater holds so far, and this block's tie-break draw. */
struct load {
	size_t blocks;
	size_t items;
	uint64_t tie;
};

/* The greedy order: fewer blocks (the guarantee), then fewer items (best
 * effort), then the seeded draw, then the index (a total order, so that the
 * result never depends on how a sort treats equal keys). */
static int lighter(const struct load *load, size_t a, size_t b)
{
	if (load[a].blocks != load[b].blocks)
		return load[a].blocks < load[b].blocks;
	if (load[a].items != load[b].items)
		return load[a].items < load[b].items;
	if (load[a].tie != load[b].tie)
		return load[a].tie < load[b].tie;
	return a < b;
}

/* The k lightest of n raters into who[0..k-1]. A fresh draw per rater per
 * block, not one seeded rater order for the round: with a fixed order the
 * same rater would win every tie and always get the extra block. Selection
 * is O(k n), fine for the handful of raters a study has. Every rater takes
 * part when k == n: no draws are needed. */
static void pick_raters(struct load *load, size_t n, size_t k, uint64_t *rng, size_t *cand, uint32_t *who)
{
	for (size_t r = 0; r < n; r++) {
		cand[r] = r;
		if (k < n)
			load[r].tie = assign_rng_next(rng);
	}
	for (size_t j = 0; j < k; j++) {
		size_t best = j;
		for (size_t i = j + 1; i < n; i++)
			if (lighter(load, cand[i], cand[best]))
				best = i;
		swap_sizes(cand, j, best);
		who[j] = (uint32_t)cand[j];
	}
}

static size_t gcd(size_t a, size_t b)
{
	while (b) {
		size_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* Stable insertion sort of visit[0..n-1], larger blocks first. */
static void largest_first(size_t *visit, size_t n, const struct assign_block *blocks)
{
	for (size_t i = 1; i < n; i++) {
		size_t v = visit[i], j = i;
		for (; j > 0 && blocks[visit[j - 1]].n_items < blocks[v].n_items; j--)
			visit[j] = visit[j - 1];
		visit[j] = v;
	}
}

/* After every n/gcd(n, k) blocks all n raters hold as many blocks again: a
 * phase. Within a phase the greedy hands each next block to the lighter
 * raters, so visiting the phase's blocks largest first gives the largest to
 * the lightest (LPT scheduling, one phase at a time). In a random order the
 * item gap between raters drifts like a random walk (tens of items over 60
 * blocks); this way, with overlap 1, it stays within the largest block. The
 * phases are still cut from the seeded shuffle, so which blocks a rater
 * gets still depends on the seed, not on the blocks' sizes alone. */
static void largest_first_by_phase(size_t *visit, size_t n, const struct assign_block *blocks, size_t phase)
{
	for (size_t i = 0; i < n; i += phase)
		largest_first(visit + i, n - i < phase ? n - i : phase, blocks);
}

struct keyed {
	uint64_t order;
	size_t index;
};

static int by_order(const void *pa, const void *pb)
{
	const struct keyed *a = pa, *b = pb;
	if (a->order != b->order)
		return a->order < b->order ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* Block indices in conversation order (ties by index). */
static size_t *blocks_in_order(const struct assign_block *blocks, size_t n)
{
	struct keyed *k = xmalloc(n * sizeof(*k));
	for (size_t i = 0; i < n; i++)
		k[i] = (struct keyed){ blocks[i].order, i };
	qsort(k, n, sizeof(*k), by_order);
	size_t *idx = xmalloc(n * sizeof(*idx));
	for (size_t i = 0; i < n; i++)
		idx[i] = k[i].index;
	free(k);
	return idx;
}

/* Lay the pairs out by rater (each rater's share known from load), walking
 * the blocks in conversation order so that each rater's list follows it. */
static struct assign_pair *pairs_by_rater(const struct assign_block *blocks, size_t n_blocks,
					  const struct load *load, size_t n_raters, const uint32_t *who,
					  size_t k)
{
	struct assign_pair *pairs = xmalloc(n_blocks * k * sizeof(*pairs));
	size_t *next = xmalloc(n_raters * sizeof(*next));
	for (size_t r = 0, at = 0; r < n_raters; at += load[r].blocks, r++)
		next[r] = at;
	size_t *order = blocks_in_order(blocks, n_blocks);
	for (size_t i = 0; i < n_blocks; i++) {
		size_t b = order[i];
		for (size_t j = 0; j < k; j++) {
			uint32_t r = who[b * k + j];
			pairs[next[r]++] = (struct assign_pair){ r, (uint32_t)b };
		}
	}
	free(order);
	free(next);
	return pairs;
}

enum assign_status assign_plan(const struct assign_block *blocks, size_t n_blocks, size_t n_raters,
			       size_t overlap, uint64_t seed, struct assign_pair **out, size_t *n_out)
{
	*out = NULL;
	*n_out = 0;
	if (!n_raters)
		return ASSIGN_NO_RATERS;
	size_t k = overlap && overlap < n_raters ? overlap : n_raters;
	if (n_raters > UINT32_MAX || n_blocks > UINT32_MAX || n_blocks > SIZE_MAX / sizeof(**out) / k)
		return ASSIGN_TOO_MANY;

	uint64_t rng = seed;
	size_t *visit = identity(n_blocks);
	shuffle(visit, n_blocks, &rng);
	largest_first_by_phase(visit, n_blocks, blocks, n_raters / gcd(n_raters, k));
	struct load *load = xcalloc(n_raters, sizeof(*load));
	size_t *cand = xmalloc(n_raters * sizeof(*cand));
	uint32_t *who = xmalloc(n_blocks * k * sizeof(*who));   /* block b's raters: who[b*k..] */
	for (size_t i = 0; i < n_blocks; i++) {
		size_t b = visit[i];
		pick_raters(load, n_raters, k, &rng, cand, who + b * k);
		for (size_t j = 0; j < k; j++) {
			load[who[b * k + j]].blocks++;
			load[who[b * k + j]].items += blocks[b].n_items;
		}
	}
	*out = pairs_by_rater(blocks, n_blocks, load, n_raters, who, k);
	*n_out = n_blocks * k;
	free(who);
	free(cand);
	free(load);
	free(visit);
	return ASSIGN_OK;
}

/* ---- the round-2 swap ------------------------------------------------------ */

static int by_block(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	return (a > b) - (a < b);
}

static int has_shared_block(const struct assign_pair *prev, size_t n)
{
	uint32_t *b = xmalloc(n * sizeof(*b));
	for (size_t i = 0; i < n; i++)
		b[i] = prev[i].block;
	qsort(b, n, sizeof(*b), by_block);
	int shared = 0;
	for (size_t i = 1; i < n && !shared; i++)
		shared = b[i] == b[i - 1];
	free(b);
	return shared;
}

/* Each rater's number of blocks in prev into count[], or a refusal. */
static enum assign_status check_prev(const struct assign_pair *prev, size_t n_prev, size_t n_raters,
				     size_t *count)
{
	for (size_t i = 0; i < n_prev; i++) {
		if (prev[i].rater >= n_raters)
			return ASSIGN_BAD_RATER;
		count[prev[i].rater]++;
	}
	if (has_shared_block(prev, n_prev))
		return ASSIGN_SHARED_BLOCK;
	for (size_t r = 0; r < n_raters; r++)
		if (!count[r])
			return ASSIGN_IDLE_RATER;
	return ASSIGN_OK;
}

enum assign_status assign_swap(const struct assign_pair *prev, size_t n_prev, size_t n_raters,
			       struct assign_pair **out, size_t *n_out)
{
	*out = NULL;
	*n_out = 0;
	if (n_raters < 2)
		return ASSIGN_ONE_RATER;
	if (n_raters > UINT32_MAX)
		return ASSIGN_TOO_MANY;
	size_t *count = xcalloc(n_raters, sizeof(*count));
	enum assign_status st = check_prev(prev, n_prev, n_raters, count);
	if (st != ASSIGN_OK) {
		free(count);
		return st;
	}
	/* new rater r takes old rater r + 1's blocks: its share starts after
	 * those of the new raters before it */
	size_t *next = xmalloc(n_raters * sizeof(*next));
	for (size_t r = 0, at = 0; r < n_raters; at += count[(r + 1) % n_raters], r++)
		next[r] = at;
	struct assign_pair *pairs = xmalloc(n_prev * sizeof(*pairs));
	for (size_t i = 0; i < n_prev; i++) {
		uint32_t r = (uint32_t)((prev[i].rater + n_raters - 1) % n_raters);
		pairs[next[r]++] = (struct assign_pair){ r, prev[i].block };
	}
	free(next);
	free(count);
	*out = pairs;
	*n_out = n_prev;
	return ASSIGN_OK;
}

/* ---- samples --------------------------------------------------------------- */

int assign_cmp_size(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	return (a > b) - (a < b);
}

size_t assign_sample(size_t m, size_t n, uint64_t seed, size_t *out)
{
	if (n > m)
		n = m;
	if (!n)
		return 0;
	uint64_t rng = seed;
	size_t *a = identity(m);
	for (size_t i = 0; i < n; i++)
		swap_sizes(a, i, i + (size_t)below_low(&rng, m - i));
	memcpy(out, a, n * sizeof(*out));
	free(a);
	qsort(out, n, sizeof(*out), assign_cmp_size);
	return n;
}
