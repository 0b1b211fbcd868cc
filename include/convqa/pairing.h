/*
 * pairing.h - the plan of a pairwise round (the pair unit, issue 22): which
 * systems' answers meet, which pairs of a sample are asked, and which answer
 * of a pair each rater sees left (or on top). Pure: no I/O, no SQL; the
 * caller (rounds_pair.c) reads the candidates and stores the plan. Draws
 * use assign_rng_next() (assign.h), so a seed gives the same plan on every
 * platform.
 *
 *   enum pairing_mode mode; long n;
 *   if (pairing_parse("sample:200", &mode, &n) != 0) ... expects all, adjacent or sample:N
 *   uint32_t (*pairs)[2] = xmalloc(pairing_max(k) * sizeof(*pairs));
 *   size_t np = pairing_systems(k, mode, pairs);
 *
 * Ownership: arrays are the caller's, sized as each function says.
 */
#ifndef CONVQA_PAIRING_H
#define CONVQA_PAIRING_H

#include <stddef.h>
#include <stdint.h>

enum pairing_mode {
	PAIRING_ALL,        /* every two systems */
	PAIRING_ADJACENT,   /* the neighbours of the systems' order given (a ranking) */
	PAIRING_SAMPLE,     /* every two systems, then N (turn, pair) items at random, balanced */
};

/* "all", "adjacent" or "sample:N" (N from 1); 0, or -1 when s is none. */
int pairing_parse(const char *s, enum pairing_mode *mode, long *n);

/* How many pairs n systems can give: n (n - 1) / 2. */
size_t pairing_max(size_t n_systems);

/* The pairs of system indices (i < j by the caller's order) the mode
 * compares, into out[pairing_max(n)]; returns how many. */
size_t pairing_systems(size_t n_systems, enum pairing_mode mode, uint32_t (*out)[2]);

/* Choose n of the m candidate items, where pair_of[i] is item i's pair
 * (0 .. n_pairs - 1): the pairs are visited round robin in a seeded order,
 * each taking its next item of a seeded shuffle of its own, so that the
 * numbers of items of any two pairs differ by at most one unless a pair
 * runs out. Writes the chosen indices to out in ascending order and
 * returns how many: min(n, m). */
size_t pairing_sample(const uint32_t *pair_of, size_t m, size_t n_pairs, size_t n, uint64_t seed, size_t *out);

/* Which answer of each of one rater's n items is shown left (or on top):
 * item i compares systems sys[i][0] (its first answer) and sys[i][1], of
 * n_systems. The items are visited in a seeded order and each puts left
 * whichever of its systems has been left less often than right so far (a
 * seeded coin when even), so that over the queue each system is shown left
 * about half the times it is shown (within one, with two systems), in no
 * pattern a rater could learn. first[i]: 1 when sys[i][0] is left. */
void pairing_sides(const uint32_t (*sys)[2], size_t n, size_t n_systems, uint64_t seed, int *first);

#endif
