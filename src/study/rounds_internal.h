/* rounds_internal.h - what rounds.c and rounds_pair.c share. */
#ifndef CONVQA_ROUNDS_INTERNAL_H
#define CONVQA_ROUNDS_INTERNAL_H

#include "convqa/rounds.h"

/* rounds_create() of a pairwise task (its fields judge pairs): the name
 * and task checked; out zeroed. */
enum status rounds_pair_create(struct store *s, const struct round_request *rq, struct round_made *out,
			       struct error *err);

#endif
