/* store_tasks.h - part of store.h: items as a task file holds them
 * (store_tasks.c).
 * Include convqa/store.h, which includes the parts in order (each relies
 * on what comes before it), not this file. */
#ifndef CONVQA_STORE_TASKS_H
#define CONVQA_STORE_TASKS_H

/* ---- items as a task file holds them (store_tasks.c) ----------------- */

/* The items of a round read back in the shapes of a task file
 * (schemas/tasks.schema.json), for convqa export --format tasks:
 *
 *   store_tasks_open(s, round_id, rater_id, &t, &err);   one snapshot of the project
 *   store_tasks_systems(t, ...); store_tasks_passages(t, ...);
 *   store_tasks_turns(t, cb, ...)   and in cb: store_tasks_gold(), store_tasks_responses()
 *                                   and for each response store_tasks_ranked()
 *   store_tasks_close(t);
 *
 * Strings are borrowed for the callback's duration; a callback returns
 * non-zero to stop. */
struct store_tasks;

/* The items assigned in round round_id to rater_id (0: to every rater of
 * the round); round_id 0: every item of the project. */
enum status store_tasks_open(struct store *s, int64_t round_id, int64_t rater_id, struct store_tasks **out,
			     struct error *err);
void store_tasks_close(struct store_tasks *t);
/* How many items (responses). */
long store_tasks_count(const struct store_tasks *t);

/* The systems of the items, by name (description NULL when none). */
typedef int (*store_tasks_system_cb)(const char *name, const char *description, void *ctx);
enum status store_tasks_systems(struct store_tasks *t, store_tasks_system_cb cb, void *ctx, struct error *err);

/* The passages the items retrieved, each once, in import order. */
struct store_tasks_passage {
	const char *id, *title, *url, *text;   /* title, url: NULL when none; text NULL: id only */
};
typedef int (*store_tasks_passage_cb)(const struct store_tasks_passage *p, void *ctx);
enum status store_tasks_passages(struct store_tasks *t, store_tasks_passage_cb cb, void *ctx, struct error *err);

/* The turns of the items' conversations, in conversation (import) order
 * then position, each conversation up to its last turn with an item: a
 * turn's position in a task file is its place. */
struct store_tasks_turn {
	int64_t conversation_id, turn_id;
	const char *conversation, *conversation_metadata;   /* metadata: JSON text or NULL */
	int position;
	const char *question, *rewrite, *gold_intent, *metadata;   /* NULL when none (question: not known) */
};
typedef int (*store_tasks_turn_cb)(const struct store_tasks_turn *turn, void *ctx);
enum status store_tasks_turns(struct store_tasks *t, store_tasks_turn_cb cb, void *ctx, struct error *err);

/* A turn's gold answers (in order), then its gold passage ids with their
 * grades (1 for an answer). */
typedef int (*store_tasks_gold_cb)(int is_passage, const char *text, long grade, void *ctx);
enum status store_tasks_gold(struct store_tasks *t, int64_t turn_id, store_tasks_gold_cb cb, void *ctx,
			     struct error *err);

/* A verdict field on answers (the field of role plausibility or
 * faithfulness of a scheme, found by the caller): the labels of task
 * `task` and field `field` on a response or its answer text; value `yes`
 * is the verdict (plausible, faithful). task NULL: no such field. */
struct store_verdict {
	const char *task, *field, *yes;
};

/* The answers of a turn judged `plausible` and, where `faithful` was
 * judged, faithful: by an adjudicator where adjudicators settled it (all of
 * them giving the value), else by more than half of the trusted raters with
 * a value; each rater's latest value over every round. The ground-truth
 * extension; cb gets is_passage 0. */
enum status store_tasks_judged_gold(struct store_tasks *t, int64_t turn_id, const struct store_verdict *plausible,
				    const struct store_verdict *faithful, store_tasks_gold_cb cb, void *ctx,
				    struct error *err);

/* The items of round round_id judged `plausible` in it (each rater's
 * latest value in the round): by an adjudicator where adjudicators settled
 * it, else by the trusted raters, more than half of those with a value
 * (any: at least one). *judged counts the items with a value at all. ids
 * in response order, to free. */
enum status store_round_plausible(struct store *s, int64_t round_id, const struct store_verdict *plausible, int any,
				  int64_t **ids, size_t *n, size_t *judged, struct error *err);

/* The items among a turn's responses, by system name. */
struct store_tasks_response {
	int64_t id;
	const char *system, *answer, *metadata;   /* metadata: JSON text or NULL */
	const char *rewrite;                      /* the system's rewrite, NULL when none */
	const char *candidates;                   /* the reader's answer candidates (JSON), or NULL */
};
typedef int (*store_tasks_response_cb)(const struct store_tasks_response *r, void *ctx);
enum status store_tasks_responses(struct store_tasks *t, int64_t turn_id, store_tasks_response_cb cb, void *ctx,
				  struct error *err);

/* A response's ranking, by rank. */
struct store_tasks_ranked {
	long rank;
	const char *passage;
	double score;
	int has_score;
};
typedef int (*store_tasks_ranked_cb)(const struct store_tasks_ranked *r, void *ctx);
enum status store_tasks_ranked(struct store_tasks *t, int64_t response_id, store_tasks_ranked_cb cb, void *ctx,
			       struct error *err);

#endif
