/* store_label.h - part of store.h: labels: saving, undo, reading them back
 * (store_label.c).
 * Include convqa/store.h, which includes the parts in order (each relies
 * on what comes before it), not this file. */
#ifndef CONVQA_STORE_LABEL_H
#define CONVQA_STORE_LABEL_H

/* ---- labels ---------------------------------------------------------- */

/* The item (response) of system to turn position of conversation. When
 * there is none: ST_INPUT with a message saying which of the three is not
 * there and listing what is (the systems that answered the turn, the
 * answered turns, or the conversations). */
enum status store_response_find(struct store *s, const char *conversation, int position,
				const char *system, int64_t *id, struct error *err);
/* Number of retrieved passages of a response (the ranks are 1..n or a subset). */
enum status store_response_has_rank(struct store *s, int64_t response_id, long rank, int *has,
				    struct error *err);
/* The ranks of a response's retrieved passages, ", "-separated (the first
 * ten, then "and N more"), into *ranks (caller frees; NULL when it retrieved
 * none). For messages. */
enum status store_response_ranks(struct store *s, int64_t response_id, char **ranks, struct error *err);
/* Whether round_id assigns response_id to rater_id (a control item too):
 * *assigned. When it does not and item is not NULL, *item names the
 * response for a person: "conversation 'c1' turn 2 system 's1'" (caller
 * frees; else NULL). */
enum status store_round_assigns(struct store *s, int64_t round_id, int64_t rater_id, int64_t response_id,
				int *assigned, char **item, struct error *err);

/* Whether round_id asks response_id of rater_id as a control item (round
 * create --control): *control 1, else 0 (also when it does not assign it). */
enum status store_round_asks_control(struct store *s, int64_t round_id, int64_t rater_id, int64_t response_id,
				     int *control, struct error *err);

/* What a label is about: the unit its field judges (scheme.h), named by
 * where the rater gave it. round_id 0 = outside any round; passage_rank 0 =
 * the field is about the whole item, not one retrieved passage.
 *   UNIT_TURN      the turn of response_id (passage_rank 0)
 *   UNIT_PASSAGE   the passage response_id retrieved at passage_rank, in its
 *                  turn: the same unit in every response of the turn that
 *                  retrieved that passage
 *   UNIT_RESPONSE  response_id itself
 *   UNIT_ANSWER    the answer of response_id: the same unit as every response
 *                  of the turn whose answer is equal after normalisation */
struct store_label_key {
	int64_t response_id;
	int64_t rater_id;
	int64_t round_id;
	const char *task;
	const char *field;
	long passage_rank;
	enum scheme_unit unit;
};

/* The key of an answer unit: equal for answers equal after the SQuAD
 * normalisation (metrics_normalize_answer). */
int64_t store_answer_key(const char *answer);

/* Record a new value (NULL = cleared) for key, with the active seconds
 * spent on the item and a timestamp: in its own committed transaction, or
 * inside the caller's (store_begin/commit: labelling_set checks its rules
 * and writes in one). History is kept: this adds a row, it never
 * overwrites one. The current value of a unit is its latest row, wherever
 * it was given. */
enum status store_label_set(struct store *s, const struct store_label_key *key,
			    const char *value, double seconds, struct error *err);

/* Current value of one key; *value NULL when unset or cleared. Caller frees. */
enum status store_label_get(struct store *s, const struct store_label_key *key,
			    char **value, struct error *err);

/* One label row as exported. Strings are borrowed for the callback's duration. */
struct store_label_row {
	int64_t id;
	const char *conversation;
	int turn;
	const char *system;
	const char *rater;
	const char *round;                /* NULL outside rounds */
	const char *task;
	const char *field;
	const char *value;                /* NULL = cleared */
	long passage_rank;                /* 0 when not per passage */
	const char *passage;              /* passage ext id or NULL */
	const char *unit;                 /* the unit judged: turn, passage, response, answer, pair */
	const char *system_b;             /* unit pair: the pair's other system (system is its
					   * response_a's: value a prefers system, b system_b);
					   * else NULL */
	double seconds;
	const char *created_at;
	int control;                      /* 1: given on a control item of its rater in its
					   * round (round create --control): scores the
					   * rater, no judgement */
	int control_hidden;               /* 1: the filter's blind_for rater's own label of an
					   * open round: a rater is not shown which of their
					   * items are controls (exports write null); control
					   * still says what it is */
};

struct store_label_filter {
	const char *round;                /* NULL = any */
	const char *rater;
	const char *task;
	int history;                      /* 1: every row; 0: current values only */
	const char *blind_for;            /* NULL; else only this rater's labels of
					   * open rounds (access_blind_rater) */
};

typedef int (*store_label_cb)(const struct store_label_row *row, void *ctx);
/* Calls cb for each matching label in a stable order (conversation, turn,
 * system, rater, round, field, rank, id); cb returns non-zero to stop. A
 * NULL the schema does not allow stops it: a damaged project
 * (store_damaged(), naming the label). */
enum status store_labels_each(struct store *s, const struct store_label_filter *f,
			      store_label_cb cb, void *ctx, struct error *err);

/* ---- label packs ------------------------------------------------------ */

/* Label rows are also kept, STORE_LABEL_PACK_ROWS consecutive rows at a
 * time, in one blob each (table label_pack, store_label_pack.c): the
 * report reads a pack in one call where it reads a row's columns one call
 * each. */
#define STORE_LABEL_PACK_ROWS 4096
#define STORE_LABEL_PACK_ROWS_SQL "4096"
/* packs written in one transaction: about 30 ms of holding the lock */
#define STORE_LABEL_PACK_PER_TX 8
/* Pack the label rows not packed yet, STORE_LABEL_PACK_ROWS at a time (the
 * rest wait for more), in short transactions, only while no other
 * connection holds the write lock (never waiting for it). Nothing on a
 * project open read-only or inside a transaction. A command that wrote
 * calls it before it closes the project; annotate while the rater is
 * idle. */
enum status store_label_pack(struct store *s, struct error *err);
/* As store_label_pack(), calling fn(ctx, packed, due) after each
 * transaction that packed: the rows packed so far by this call and those
 * still to pack (ids past the last pack: fewer where ids have gaps). */
typedef void store_pack_progress_fn(void *ctx, int64_t packed, int64_t due);
enum status store_label_pack_progress(struct store *s, store_pack_progress_fn *fn, void *ctx, struct error *err);

#endif
