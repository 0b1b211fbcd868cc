/* rounds_internal.h - what rounds.c and rounds_pair.c share. */
#ifndef CONVQA_ROUNDS_INTERNAL_H
#define CONVQA_ROUNDS_INTERNAL_H

#include "convqa/rounds.h"

/* rounds_create() of a pairwise task (its fields judge pairs): the name
 * and task checked; out zeroed. */
enum status rounds_pair_create(struct store *s, const struct round_request *rq, struct round_made *out,
			       struct error *err);

/* A control a queue may get: its block key (a conversation or a turn),
 * a draw for the seed that picks one per key, its id (a response, or a
 * place in the pool); rounds_cmp_draw() orders by key, then draw, then id. */
struct rounds_draw {
	int64_t key;
	uint64_t draw;
	int64_t id;
};
int rounds_cmp_draw(const void *pa, const void *pb);

/* How each rater (t[0..n_t), by rater id) did on round r's control pairs:
 * per pair and field of sc that is not text, the rater's value against
 * the control rater's, where both have one (rounds_control_tally). */
struct scheme;
struct store_round_row;
enum status rounds_pair_control_tally(struct store *s, const struct store_round_row *r, const struct scheme *sc,
				      struct round_control_tally *t, size_t n_t, struct error *err);

#endif
