/*
 * pair_disputes.h - how many pairs of a pairwise round its raters disagree
 * on and how many of those an adjudicator has settled (pair_disputes.c),
 * for convqa round show: the disagreements are those convqa adjudicate
 * walks (store_adjudicate_list), settled by any rater with the role
 * adjudicator.
 */
#ifndef CONVQA_PAIR_DISPUTES_H
#define CONVQA_PAIR_DISPUTES_H

#include <stdint.h>

#include "convqa/common.h"

struct store;
struct scheme;

struct pair_disputes {
	long units;       /* pairs (per field) two or more raters judged */
	long n;           /* of those, with different values */
	long settled;     /* of those, with an adjudicator's value */
};
enum status pair_disputes_count(struct store *s, int64_t round_id, const struct scheme *sc,
				struct pair_disputes *out, struct error *err);

#endif
