/*
 * store_item.h - the store queries of the annotation UI (issue 3): a rater's
 * queue of items, one item at a time with its context, the rater's current
 * labels of an item, and what is finished. Rounds and raters are looked up
 * with store.h (store_round_info, store_rater_find).
 *
 * An ITEM is one system's response to one turn. The UI never loads the whole
 * project: it keeps the queue (ids only, a few bytes per item) and loads one
 * item when it is shown, so memory does not grow with the project.
 *
 *   struct store_queue q;
 *   store_queue_load(s, rater_id, "alice", round_id, scheme, &q, &err);
 *   struct store_item it;
 *   store_item_load(s, q.responses[i], &it, &err);  ... store_item_release(&it);
 *   store_queue_release(&q);
 *
 * Labels are written through a labelling session (labelling.h); this module
 * reads.
 * Strings in the structs below are owned by the struct and freed by the
 * matching *_release(); text is returned exactly as stored (not sanitised).
 */
#ifndef CONVQA_STORE_ITEM_H
#define CONVQA_STORE_ITEM_H

#include <stddef.h>
#include <stdint.h>

#include "convqa/common.h"
#include "convqa/model.h"
#include "convqa/scheme.h"

struct store;

/* ---- the queue ------------------------------------------------------- */

struct queue_pager;

/* A queue whole in memory (store_queue_load), or a window of it around the
 * item shown (store_queue_open): items lo .. lo + w_n - 1, the arrays
 * indexed from lo (responses[pos - lo]); lo 0 and w_n n when whole. */
struct store_queue {
	int64_t *responses;        /* response ids, in queue order */
	int64_t *turns;            /* the turn id of each item */
	unsigned char *finished;   /* 1 when store_item_n_missing() is 0 for the item, as the
				    * UI counts it (an empty answer may ask nothing) */
	size_t n, n_finished;      /* of the whole queue */
	size_t lo, w_n;            /* the items in memory */
	struct queue_pager *pager; /* NULL: whole in memory */
};

/* The queue of rater_id (named rater: the orders are drawn for the name,
 * so a rater without a row yet, rater_id 0, has the queue it will have)
 * for the task of scheme sc. With round_id 0: every response of the
 * project in conversation order (conversation row id, turn position);
 * with a round: the items assigned to the rater in that round, in
 * assignment order (seq). Either way the answers of each turn come in the
 * rater's order for that turn (order.h: drawn for the rater's name and the
 * round's seed, balanced over the queue, the same on every load).
 * Finished flags count the rater's labels in that round (round_id 0 =
 * labels outside any round), each unit's label on every item of its unit:
 * the second system's answer to a turn is finished when what is new in it
 * is judged. Release with store_queue_release(). */
enum status store_queue_load(struct store *s, int64_t rater_id, const char *rater, int64_t round_id,
			     const struct scheme *sc, struct store_queue *q, struct error *err);
/* The same queue, paged (store_queue.c): a window of at most about
 * STORE_QUEUE_WINDOW items in memory, read by keyset pagination in the
 * queue's order (the turn's key, or the assignment's seq) and moved with
 * store_queue_seek(); the finished items kept as their response ids (so
 * memory grows with the rater's work, not with the project). n and
 * n_finished are of the whole queue; the window starts at item 0. */
enum status store_queue_open(struct store *s, int64_t rater_id, const char *rater, int64_t round_id,
			     const struct scheme *sc, struct store_queue *q, struct error *err);
#define STORE_QUEUE_WINDOW 256
/* Bring item pos (< n) into memory: a no-op when it is, else the window
 * moves (from where it is, from the start, or from a checkpoint an
 * earlier walk left every 2,048 items: a cost in SQLite steps of the
 * distance from the nearest). */
enum status store_queue_seek(struct store *s, struct store_queue *q, size_t pos, struct error *err);
/* Item pos, which must be in memory (store_queue_seek). */
int64_t store_queue_response(const struct store_queue *q, size_t pos);
int64_t store_queue_turn(const struct store_queue *q, size_t pos);
int store_queue_finished(const struct store_queue *q, size_t pos);
/* 1 when item pos is in memory. */
int store_queue_has(const struct store_queue *q, size_t pos);
/* Item pos (in memory) is finished now, or not: its flag and n_finished. */
void store_queue_set_finished(struct store_queue *q, size_t pos, int now);
/* The first unfinished item at or after from (*pos; n when none),
 * the window moved to it. */
enum status store_queue_next_unfinished(struct store *s, struct store_queue *q, size_t from, size_t *pos,
					struct error *err);
/* The position of response_id in the queue (*pos; SIZE_MAX when it is not
 * in it), the window moved to it. */
enum status store_queue_find(struct store *s, struct store_queue *q, int64_t response_id, size_t *pos,
			     struct error *err);
/* How many items the queue holds in memory (the window's; n when whole)
 * and the most it held since it was opened. */
size_t store_queue_resident(const struct store_queue *q, size_t *most);
/* The place of item pos among the answers of its turn as the queue shows
 * them (the run of items of the same turn around pos, a response counted
 * once): *index 1-based of *n. Blind labelling heads an answer with it
 * ("Answer 2 of 3"). pos must be in memory: a run is never split by the
 * window. */
void store_queue_place(const struct store_queue *q, size_t pos, int *index, int *n);
void store_queue_release(struct store_queue *q);

/* 1 when the project file cannot be written (its permissions, a read-only
 * file system): no label could be saved. */
int store_item_read_only(struct store *s);

/* ---- one item ---------------------------------------------------------- */

struct store_item_passage {
	long rank;
	char *ext_id;
	char *title;               /* NULL when absent */
	char *text;
	double score;
	int has_score;
};

/* An earlier turn of the same conversation. */
struct store_item_turn {
	int position;
	char *question;
	char *answer;              /* what the same system answered; NULL if it did not */
};

/* At most this many earlier turns are loaded (the most recent ones). */
#define STORE_ITEM_MAX_HISTORY 50

struct store_item {
	int64_t response_id, turn_id, system_id;
	char *conversation;        /* conversation ext id */
	int position;              /* turn depth: the turn's number, 1-based */
	int n_turns;               /* the number of the conversation's last turn */
	int n_earlier;             /* earlier turns the project holds (fewer than position - 1:
				    * some are not in it; history has the last ones) */
	char *question;            /* NULL: not known (the import gave none) */
	char *rewrite;             /* NULL when absent */
	char *system;              /* system name (its place among the turn's answers is
				    * the queue's: store_queue_place) */
	char *answer;
	struct store_item_passage *passages;   /* by rank */
	size_t n_passages;
	struct store_item_turn *history;       /* oldest first */
	size_t n_history;
};

/* Load the item of response_id (ST_STORE if there is none). Release with
 * store_item_release(), also after a failure. */
enum status store_item_load(struct store *s, int64_t response_id, struct store_item *it,
			    struct error *err);
void store_item_release(struct store_item *it);

/* ---- an item's current labels --------------------------------------- */

struct store_item_label {
	const struct scheme_field *field;  /* points into the scheme the labels were loaded for */
	long rank;                         /* 0, or the passage rank for passage fields */
	char *value;                       /* NULL = cleared */
	int64_t given_on;                  /* the response its latest row was given on when
					    * another one of the unit's (pooled, the turn's);
					    * 0: the item's own, or set in memory */
};

struct store_item_labels {
	struct store_item_label *v;
	size_t n, cap;
};

#define STORE_ITEM_LABELS_INIT { NULL, 0, 0 }

/* The current value of every field of scheme sc for the item of
 * response_id, rater and round, replacing what l held: each unit's latest
 * label wherever it was given (the turn's intent given on another system's
 * answer; a passage's relevance at its rank in this response's ranking).
 * Rows of fields sc does not have (or of another unit) are skipped. */
enum status store_item_labels_load(struct store *s, int64_t response_id, int64_t rater_id,
				   int64_t round_id, const struct scheme *sc,
				   struct store_item_labels *l, struct error *err);
/* Current value (borrowed) of field at rank, or NULL when unset/cleared. */
const char *store_item_labels_get(const struct store_item_labels *l, const char *field, long rank);
/* The label of field at rank (borrowed), NULL when there is none. */
const struct store_item_label *store_item_labels_find(const struct store_item_labels *l, const char *field,
						      long rank);
/* Record value (copied; NULL = cleared) in the in-memory set only (given
 * on the item: given_on 0). */
void store_item_labels_put(struct store_item_labels *l, const struct scheme_field *f, long rank,
			   const char *value);
void store_item_labels_release(struct store_item_labels *l);

/* How many required values of sc are still missing for an item with
 * n_passages retrieved passages (passage fields need one per rank
 * 1..n_passages) whose answer is empty or not (fields marked
 * skip_when_empty are not asked of an empty answer). 0 = the item is
 * finished. */
size_t store_item_n_missing(const struct scheme *sc, size_t n_passages, int answer_empty,
			    const struct store_item_labels *l);

/* ---- what an undo takes back ------------------------------------------ */

/* One change of a rater's: a label row that gave a unit's field value, where
 * it had before. Strings are owned by the struct store_changes it is in. */
struct store_change {
	int64_t id;                /* its label row */
	int64_t response_id;       /* where it was given (the item) */
	long passage_rank;         /* there: the passage's rank; 0 for a field of the item */
	int64_t turn_id, unit_ref; /* the unit it judged (see store.h: store_label_key) */
	char *field, *unit;        /* the field's name, the unit's ("turn", "passage", ...) */
	char *value;               /* what it set; NULL: it cleared the label */
	char *before;              /* the unit's value before it; NULL: none */
	double seconds;
};

struct store_changes {
	struct store_change *v;    /* newest first */
	size_t n;
};

/* What u takes back next, read from the label history, so that an undo
 * reaches the changes of earlier sessions too: of rater_id's label rows in
 * round_id (0: outside rounds) and task, the newest change not taken back
 * yet, with the other changes the same key saved, newest first, into *out
 * (n 0: nothing left to undo; release with store_changes_release()).
 *
 * The history is read oldest first as a stack of changes: a row that
 * gives its unit the value it had already changes nothing and is skipped;
 * a row that gives the unit on top of the stack back the value it had
 * before the change on top takes that change off the stack (an undo saves
 * such a row; the same change made back by hand cancels it the same way);
 * any other row is a change, put on the stack. Rows are never changed or
 * deleted: undoing a change adds a row with the value before it.
 *
 * The changes of one key: "-" (every passage still unjudged: the first
 * category) saves one row per passage on one response, each of a passage
 * not judged before and with the same value, the time spent on the first
 * and 0 s on the others: such a run on top of the stack is taken back as
 * one change.
 *
 * Cost: one read of the rater's rows of the task and round (SQLite sorts
 * them by id), 24 bytes of memory per change on the stack: milliseconds
 * for a history of thousands of rows, about 3 s and 40 MB for 1.45 million.
 * A caller that asks again and again (u in the UI) keeps the stack in a
 * struct store_item_history instead. */
enum status store_item_undoable(struct store *s, int64_t rater_id, int64_t round_id, const char *task,
				struct store_changes *out, struct error *err);

/* The same, for a caller that asks again and again: the stack of changes
 * kept between calls. store_item_history_new() reads nothing; the first
 * store_item_history_undoable() reads the whole history (the cost above),
 * each later one only the label rows added since (by the caller's undos,
 * its other labels or another process), a range of label's primary key:
 * milliseconds (about 15 ms an undo on a history of 1.2 million rows).
 * Each call gives what store_item_undoable() would give then. The stack's
 * memory (24 bytes a change) is kept until store_item_history_free(). */
struct store_item_history;
/* Caller frees with store_item_history_free(); task is copied. */
struct store_item_history *store_item_history_new(int64_t rater_id, int64_t round_id, const char *task);
enum status store_item_history_undoable(struct store *s, struct store_item_history *h, struct store_changes *out,
					struct error *err);
/* NULL: nothing. */
void store_item_history_free(struct store_item_history *h);
void store_changes_release(struct store_changes *c);

/* ---- summary ---------------------------------------------------------- */

/* Calls cb for each (field, value, count) of the current, non-cleared labels
 * (one per unit) of rater/round/task, ordered by field and value; *seconds gets the active
 * seconds summed over all of the rater's label rows there. */
typedef void (*store_item_count_cb)(const char *field, const char *value, long count, void *ctx);
enum status store_item_summary(struct store *s, int64_t rater_id, int64_t round_id,
			       const char *task, store_item_count_cb cb, void *ctx,
			       double *seconds, struct error *err);

#endif
