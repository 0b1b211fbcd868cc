/*
 * round_where.h - the expression of round create --where (expr.h) over an
 * item's numbers: the scores imported with convqa import-scores (by their
 * names), the automatic answer metrics against the gold answers of its
 * turn (em, f1, scai_em, bleu1, rouge1_r, rouge_l, and fuzzy: seed 003's
 * fuzzy fact inclusion at 0.8, 1 or 0) and its turn depth (depth). An
 * imported score shadows a metric of the same name. An item lacking a
 * value a name asks (no such score for its response; no gold answer for a
 * metric) is not selected and counted.
 */
#ifndef CONVQA_ROUND_WHERE_H
#define CONVQA_ROUND_WHERE_H

#include <stddef.h>

#include "convqa/common.h"

struct store;
struct expr;
struct store_round_item;

/* What the filter left out for lacking values. */
struct round_where_lack {
	size_t items;                  /* items left out for lacking some value */
	size_t *of;                    /* per name of the expression: the items lacking it (caller frees) */
};

/* Keep the items[0..*n) (in place, in order) that meet e. ST_INPUT for a
 * name that is no imported score of the project nor a metric (listing
 * both, with the name's position). */
enum status round_where_filter(struct store *s, const struct expr *e, struct store_round_item *items, size_t *n,
			       struct round_where_lack *lack, struct error *err);

#endif
