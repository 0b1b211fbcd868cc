/*
 * order.h - the order in which one rater sees the answers of a turn (blind
 * labelling: the place of an answer must tell neither its system nor the
 * system of the answer in the same place a turn before).
 *
 * A rater's queue visits turns one after the other; each visit shows the
 * turn's answers in an order of the rater's own, a permutation of the n
 * systems of the queue (numbered 0..n-1 by the caller in a fixed order,
 * e.g. by id). The visits are cut into blocks of n; a block is a Latin
 * square drawn for the seed: a shuffled order of the systems (sigma),
 * rotated by a shuffled start on each visit of the block (visit i of the
 * block starts at sigma[tau[i]]). So:
 *
 *   balance   in each block every system takes every place exactly once:
 *             over a queue whose turns all have the n systems, each
 *             system's count at each place is within one of even
 *   orders    every block draws its own sigma: over many blocks every one
 *             of the n! orders occurs (as a rotation of some block's sigma)
 *   runs      within a block the first answer is never the same system
 *             twice running; across blocks by chance (1 in n)
 *   seed      the same seed, n and visit give the same order on every
 *             platform (splitmix64, no rand(), no floating point): a queue
 *             loaded again (resume, undo) is in the same order
 *
 *   uint64_t seed = order_seed(round_seed, "alice");
 *   order_visit(seed, n, visit, place);   place[j]: system j's place, 0-based
 *
 * Pure: no I/O; place is the caller's (n entries).
 */
#ifndef CONVQA_ORDER_H
#define CONVQA_ORDER_H

#include <stddef.h>
#include <stdint.h>

/* The seed of a rater's orders: from the round's seed (0 outside rounds)
 * and the rater's name (not a row id: a rater's first session runs before
 * the rater has a row). */
uint64_t order_seed(uint64_t base, const char *rater);

/* The places of the n systems on visit (0-based) of the queue: place[j] is
 * where system j goes (0 = first); a permutation of 0..n-1. */
void order_visit(uint64_t seed, size_t n, size_t visit, size_t *place);

#endif
