/*
 * rounds.h - making a round: which items it takes and who labels which,
 * from a coordinator's request (convqa round create).
 *
 * The items are the project's responses in conversation order, of the
 * systems asked. They are cut into blocks - a conversation's items (the
 * default for tasks with a field judging the turn or a passage: the rater
 * walks the conversation) or single items - limited to the first N
 * conversations, sampled (N blocks for a seed), and given to the raters by
 * the plan of assign.h: each block to exactly `overlap` raters, balanced,
 * deterministic for the seed; each rater's queue in conversation order.
 * With swap_from, the round gives each rater the items the next rater had
 * in that round (the two-round protocol: with two raters, each the
 * other's). The round, its raters and assignments are one transaction.
 *
 *   struct round_request rq = { .name = "r1", .task = "turn", .raters = names,
 *                               .n_raters = 2, .overlap = 1, .seed = 7 };
 *   struct round_made m;
 *   if (rounds_create(store, &rq, &m, &err) == ST_OK) ... m.per_rater[i] ...
 *   round_made_release(&m);
 */
#ifndef CONVQA_ROUNDS_H
#define CONVQA_ROUNDS_H

#include <stddef.h>
#include <stdint.h>

#include "convqa/common.h"

struct store;

enum round_by { ROUND_BY_DEFAULT, ROUND_BY_CONVERSATION, ROUND_BY_ITEM };

struct expr;

/* --where: conditions on an item, all of which must hold. */
struct round_where {
	int min_depth, max_depth;          /* 0: no bound */
	int intent;                        /* a gold intent (model_gold_intent_index); -1: any */
	int gold;                          /* 1: only turns with a gold answer */
	struct expr *expr;                 /* an expression (round_where.h), NULL: none */
};
/* Parse "depth<=3,intent=boolean,gold" (conditions: depth<=N, depth>=N,
 * depth=N, intent=VALUE, gold) into w, and at most one expression among
 * them ("abs(gptscore - fuzzy) > 0.5": expr.h; a piece that is none of
 * the conditions); ST_USAGE with the reason and, for an expression, the
 * position in s. Free with rounds_where_release(). */
enum status rounds_parse_where(const char *s, struct round_where *w, struct error *err);
void rounds_where_release(struct round_where *w);
/* The items of a file of "CONVERSATION TURN SYSTEM" lines (tab-separated,
 * or separated by spaces when the line has no tab; blank lines and lines
 * beginning with '#' skipped) as response ids, ascending, into *ids (caller
 * frees). An item the project lacks: ST_INPUT "FILE:LINE: ..." saying what
 * is missing and what there is. */
enum status rounds_read_items(struct store *s, const char *path, int64_t **ids, size_t *n, struct error *err);

struct round_request {
	const char *name;
	const char *task;                  /* a scheme's name (built-in or the project's) */
	const char *const *raters;         /* names of raters the project has */
	size_t n_raters;
	long overlap;                      /* raters per block; 0: every rater */
	uint64_t seed;
	long conversations;                /* only the first N conversations; 0: all */
	long sample;                       /* then N blocks at random (seed); 0: all */
	const char *const *systems;        /* only these systems' answers; none: all */
	size_t n_systems;
	const struct round_where *where;   /* NULL: every item */
	const int64_t *items;              /* --items: only these responses (ascending) */
	size_t n_items;
	enum round_by by;
	const char *swap_from;             /* a round to swap (then no selection above) */
	int live;                          /* with swap_from: a live round (convqa chat --round):
					    * each rater gets the first turn of each conversation
					    * the next rater had, once - the first questions that
					    * rater's live conversations start from */
	int pilot;
	double control;                    /* the share of control items to mix in, [0, 1) */
	const char *control_from;          /* the rater whose labels (outside rounds) are
					    * the control items' known answers */
	const char *made_by;               /* the command line, for round show */
	/* a pairwise task (its fields judge pairs): which systems' answers meet,
	 * "all" (NULL too), "adjacent" (neighbours in the order of systems) or
	 * "sample:N" (N pairs of turns at random, every two systems about as
	 * often); systems: the systems compared (none: every system, by name).
	 * No --conversations, --sample, --where, --items, --by or --swap-from
	 * (refused); --control needs control_from: control pairs are pairs
	 * of the systems that rater judged, in any round (rounds_pair.c) */
	const char *pairs;
};

struct round_made {
	int64_t id;
	enum round_by by;                  /* what a block was */
	size_t n_items, n_blocks, n_assignments;
	size_t *items_of;                  /* per rater of the request: items assigned */
	size_t *blocks_of;                 /* per rater: blocks assigned */
	size_t *controls_of;               /* per rater: control items among items_of (NULL: none) */
	/* fewer than asked, all taken: with --conversations N, the conversations
	 * with items for the round when fewer than N (else 0); with --sample N,
	 * the blocks there were to choose from when fewer than N (else 0) */
	size_t conversations_short, sample_short;
	/* a pairwise round: n_items pairs asked; n_same not asked (identical
	 * answers, counted as ties); n_system_pairs pairs of systems met;
	 * n_sample_short: with sample:N, the pairs there were when fewer */
	int pairwise;
	size_t n_same, n_system_pairs, pairs_short;
	/* --where with an expression: the items left out for lacking a value
	 * it reads, in all and per name of the expression (expr_name()) */
	size_t where_lacking;
	size_t *where_lacking_of;
};

/* The ids of the raters names[0..n) for a round: each a rater the project
 * has (else ST_INPUT listing its raters), not an adjudicator (their labels
 * settle), named once. */
enum status rounds_rater_ids(struct store *s, const char *const *names, size_t n, int64_t *ids,
			     struct error *err);

/* Make the round. Refusals (ST_INPUT, nothing changed): a name the project
 * has, a task no scheme has, a rater it lacks or named twice, a system it
 * lacks, no items left, a swap of a round whose items had several raters
 * or whose raters differ. */
enum status rounds_create(struct store *s, const struct round_request *rq, struct round_made *out,
			  struct error *err);
void round_made_release(struct round_made *m);

/* The two-stage protocol: the items of round from (a plausibility round)
 * judged plausible there, ascending response ids into *ids (caller frees):
 * an adjudicator's value where adjudicators settled the item; else with
 * any, by at least one of its trusted raters, with consensus by more than
 * half of the trusted raters who judged it (a tie is not plausible). The
 * items judged at all go to *judged (store_round_plausible()). */
enum status rounds_plausible_items(struct store *s, const char *from, int any, int64_t **ids, size_t *n,
				   size_t *judged, struct error *err);

/* How a rater of a round did on its control items: over the control items
 * and the categorical fields of the round's task that judge the turn, the
 * response or the answer (not each passage), the units where both the
 * rater (in the round) and the expert (outside rounds) have a value: n,
 * and agree, where the values are the same. */
struct round_control_tally {
	int64_t rater_id;
	char *rater;
	long items;                        /* control items assigned */
	long n, agree;
};
/* Per rater of round round_id (by name); *n 0 when it has no control items. */
enum status rounds_control_tally(struct store *s, int64_t round_id, struct round_control_tally **out, size_t *n,
				 struct error *err);
void rounds_control_tally_free(struct round_control_tally *t, size_t n);

#endif
