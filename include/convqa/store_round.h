/* store_round.h - part of store.h: rounds, the raters of a round, samples
 * (store_round.c).
 * Include convqa/store.h, which includes the parts in order (each relies
 * on what comes before it), not this file. */
#ifndef CONVQA_STORE_ROUND_H
#define CONVQA_STORE_ROUND_H

/* ---- rounds, raters (store_round.c) ---------------------------------- */

/* The round a user named (--round): its id, its task (a scheme's name;
 * caller frees) and whether it is closed (task and closed may be NULL). A
 * name the project does not have is ST_INPUT with "no round 'NAME' in the project (its rounds: a, b)" or
 * "(it has no rounds)" in err; a round whose task or status is NULL is a
 * damaged project (store_damaged()). */
enum status store_round_info(struct store *s, const char *name, int64_t *id, char **task, int *closed,
			     struct error *err);

/* An item a round may take: one response, in conversation order. */
struct store_round_item {
	int64_t response_id;
	int64_t conversation_id;
	int64_t turn_id;
	int depth;                       /* the turn's position, 1-based */
	int gold_intent;                 /* model_gold_intent_index(), -1: none */
	int has_gold;                    /* the turn has a gold answer */
};
/* The items of the project in conversation order (conversation, turn
 * position, the turn's answers in a fixed mixed order; each rater's queue
 * then orders a turn's answers for the rater: store_queue_load),
 * of the systems named (NULL, 0: every system; a name the project lacks is
 * ST_INPUT listing its systems). *items: caller frees. */
enum status store_round_candidates(struct store *s, const char *const *systems, size_t n_systems,
				   struct store_round_item **items, size_t *n, struct error *err);

/* A turn as sampling for plausibility sees it: its answers (response ids,
 * texts and, when column is not NULL, the number the response's metadata
 * holds under that key, NAN when it has none) and its gold answers.
 * Borrowed for the callback's duration. */
struct store_sample_turn {
	int64_t turn_id;
	const int64_t *responses;
	const char *const *answers;
	const double *column;
	size_t n;
	const char *const *golds;
	size_t n_golds;
};
typedef int (*store_sample_cb)(const struct store_sample_turn *t, void *ctx);
/* Every turn with answers, in conversation order; cb returns non-zero to stop. */
enum status store_sample_turns(struct store *s, const char *column, store_sample_cb cb, void *ctx,
			       struct error *err);

/* One assignment: rater_id labels response_id, seq-th in their queue. */
struct store_assignment {
	int64_t rater_id;
	int64_t response_id;
	long seq;
	int control;                     /* a control item (not shown as one) */
};

/* A new round, its raters and its assignments, in one transaction. */
struct store_round_new {
	const char *name, *task;
	long overlap;                    /* raters per block; 0: every rater */
	int64_t seed;
	int pilot;
	int64_t swap_from;               /* the round swapped, or 0 */
	double control;                  /* the share of control items asked (0: none) */
	int64_t control_rater;           /* whose labels are their known answers, or 0 */
	const char *made_by;             /* how it was made, for round show */
	int live;                        /* a live round: its assignments are first questions */
	const int64_t *raters;           /* rater ids */
	size_t n_raters;
	const struct store_assignment *a;
	size_t n_a;
};
/* ST_INPUT "round 'NAME' exists already ..." when the name is taken. */
enum status store_round_create(struct store *s, const struct store_round_new *r, int64_t *id,
			       struct error *err);
/* The items rater_id labelled in task outside rounds (a value, not
 * cleared), by response id: the control items a round may draw on (only
 * response_id, conversation_id and turn_id are set). *items: caller frees. */
enum status store_round_control_pool(struct store *s, int64_t rater_id, const char *task,
				     struct store_round_item **items, size_t *n, struct error *err);
/* The items whose gold decides a field (control items with the gold as the
 * known answers), by response id: with intent, those of a turn with a gold
 * intent; with passages, those that retrieved one of their turn's gold
 * passages. As store_round_control_pool(). */
enum status store_round_gold_pool(struct store *s, int intent, int passages, struct store_round_item **items,
				  size_t *n, struct error *err);
/* The gold of response_id's turn as known answers: its gold intent (NULL:
 * none; caller frees) and the ranks of the response that hold one of the
 * turn's gold passages (*ranks ascending, caller frees). */
enum status store_response_gold(struct store *s, int64_t response_id, char **intent, long **ranks,
				size_t *n_ranks, struct error *err);
/* A round's assignments by rater, then seq. *a: caller frees. */
enum status store_round_assignments(struct store *s, int64_t round_id, struct store_assignment **a, size_t *n,
				    struct error *err);

/* A round as round list and show give it. */
struct store_round_row {
	int64_t id;
	char *name, *task, *status, *created_at, *closed_at, *swap_from, *made_by;
	char *control_rater;             /* NULL: no control items */
	int64_t control_rater_id;
	double control;
	long overlap;
	int64_t seed;
	int has_seed, pilot, live;
	long n_raters, n_items, n_assignments;
};
/* Every round by creation; or, with name, that one (*n 0 when absent). */
enum status store_round_list(struct store *s, const char *name, struct store_round_row **rows, size_t *n,
			     struct error *err);
void store_round_rows_free(struct store_round_row *rows, size_t n);

/* A round's rater: items assigned, labels given in the round (rows, the
 * history included) and their active seconds. */
struct store_round_rater {
	int64_t rater_id;
	char *name;
	long assigned, label_rows;
	double seconds;
};
enum status store_round_raters(struct store *s, int64_t round_id, struct store_round_rater **rows, size_t *n,
			       struct error *err);
/* The same rows without counting (assigned, label_rows, seconds 0): as
 * quick however large the round (the annotation UI's checks). */
enum status store_round_rater_names(struct store *s, int64_t round_id, struct store_round_rater **rows,
				    size_t *n, struct error *err);
void store_round_raters_free(struct store_round_rater *rows, size_t n);

/* Close (closed 1) or reopen (0) a round in its own transaction; closed_at
 * records when, read once the write lock is held (labels check their round
 * inside their own transactions: every one committed before is older). */
enum status store_round_set_status(struct store *s, int64_t round_id, int closed, struct error *err);
/* Delete round id, its raters and assignments, in one transaction - only
 * when no label was given in it and no round was made by swapping its
 * items: *n_labels and *n_rounds count those (both 0: deleted). */
enum status store_round_delete(struct store *s, int64_t id, long *n_labels, long *n_rounds, struct error *err);
/* The items of round round_id (only rater_id's, when not 0) in
 * conversation, turn and system order: each with its raters (names joined
 * by commas) and whether it is a control item for any of them. */
struct store_round_listed {
	const char *conversation;
	int turn;                 /* its position */
	const char *system;
	const char *raters;
	int control;
};
typedef int (*store_round_listed_cb)(const struct store_round_listed *it, void *ctx);
enum status store_round_items(struct store *s, int64_t round_id, int64_t rater_id, store_round_listed_cb cb,
			      void *ctx, struct error *err);

/* Find a rater by name, creating it (role "rater") when missing. */
enum status store_rater_ensure(struct store *s, const char *name, int64_t *id, struct error *err);
/* Find a rater by name; *id = 0 when absent. */
enum status store_rater_find(struct store *s, const char *name, int64_t *id, struct error *err);

#endif
