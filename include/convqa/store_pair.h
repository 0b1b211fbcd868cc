/*
 * store_pair.h - the store's side of the pair unit (issue 22): pairs of two
 * systems' answers to one turn, the pairwise rounds' assignments (which
 * pairs a rater judges, in which order, which answer shown left or on top),
 * the pairs not asked because their answers are identical, a rater's labels
 * of pairs, and the preferences as rows for the statistics (pref_row.h).
 *
 * A pair is stored once, normalised: response_a is the answer of the
 * system with the lower id. A label of a pair field has unit 'pair',
 * unit_ref the pair's id, response_id its response_a; its value names the
 * systems (a: response_a's answer preferred, b, tie, both_bad), never a
 * side of the screen (see the 7 -> 8 migration in store_migrate.c).
 *
 * Ownership: out arrays and their strings belong to the caller, freed by
 * the matching _free/_release function.
 */
#ifndef CONVQA_STORE_PAIR_H
#define CONVQA_STORE_PAIR_H

#include <stddef.h>
#include <stdint.h>

#include "convqa/common.h"
#include "convqa/pref_row.h"

struct store;
struct store_round_new;

/* Each named system's id into ids[]; a name the project lacks is ST_INPUT
 * listing its systems (store_round.c). */
enum status store_system_ids(struct store *s, const char *const *systems, size_t n, int64_t *ids,
			     struct error *err);
/* Every system's name, by name, into *names (caller frees each and the
 * array). */
enum status store_system_names(struct store *s, char ***names, size_t *n, struct error *err);

/* One answer a pairwise round may compare: the responses of the systems
 * asked, in conversation order, then turn, then the order of system_ids. */
struct store_pair_answer {
	int64_t response_id, turn_id, conversation_id, system_id;
	size_t system;                /* index into the system_ids asked */
	int64_t key;                  /* store_answer_key(): equal for identical answers */
};
enum status store_pair_answers(struct store *s, const int64_t *system_ids, size_t n_systems,
			       struct store_pair_answer **out, size_t *n, struct error *err);

/* One pair a rater judges in a round. response_a and response_b in any
 * order: the store normalises (and a_first with them). */
struct store_pair_assign {
	int64_t rater_id, response_a, response_b;
	long seq;
	int a_first;                  /* 1: response_a's answer shown left (on top) */
	int control;                  /* a control pair (not shown as one) */
};
/* A pairwise round: the round row and its raters (store_round_create, no
 * response assignments), the pairs (made when new) and their assignments,
 * and the pairs not asked for identical answers (same[i]: two response
 * ids), in one transaction. */
struct store_pair_round {
	const struct store_round_new *round;
	const struct store_pair_assign *a;
	size_t n_a;
	const int64_t (*same)[2];
	size_t n_same;
};
enum status store_pair_round_create(struct store *s, const struct store_pair_round *r, int64_t *id,
				    struct error *err);

/* How many pairs round_id assigns to rater_id (rater 0: to anyone). */
enum status store_pair_count(struct store *s, int64_t round_id, int64_t rater_id, long *n, struct error *err);

/* One pair of a rater's queue, as the pair screen shows it: left and right
 * are the responses in the order this rater sees them. */
struct store_pair_item {
	int64_t pair_id, turn_id, left, right;
	int a_first;
	char *value;                  /* the rater's current preference (a, b, tie, both_bad), or NULL */
	char *reason;                 /* the current text of the reason field, or NULL */
	double seconds;               /* the time spent on the pair so far */
	char **values;                /* store_pair_window: the value of each field asked, or NULL */
	size_t n_values;
	long seq;                     /* its place in the queue, from 1 (store_pair_window) */
	int done;                     /* every deciding field has a value (store_pair_window) */
};
/* The pairs round_id assigns to rater_id, in queue order, with the rater's
 * current values of field (the preference) and text_field (NULL: none)
 * in task (the answers' texts, the turn and its conversation: store_item_load
 * of left or right). */
enum status store_pair_queue(struct store *s, int64_t round_id, int64_t rater_id, const char *task,
			     const char *field, const char *text_field, struct store_pair_item **out, size_t *n,
			     struct error *err);
void store_pair_items_free(struct store_pair_item *items, size_t n);

/* The pair screen's queue, a window at a time (store_pair_done.c): the
 * pairs round_id assigns to rater_id, judged in task; a pair is done when
 * each of fields (the deciding fields) has a value. A rater's pairs in a
 * round are numbered seq 1..N, so the pair at place pos is seq pos + 1. */
struct store_pair_key {
	int64_t round_id, rater_id;
	const char *task;
	const char *const *fields;
	size_t n_fields;
};
/* Catch up what is done (kept in the project) and read the queue's size
 * and how many pairs are done, without reading the queue. */
enum status store_pair_done_open(struct store *s, const struct store_pair_key *k, long *size, long *n_done,
				 struct error *err);
/* Up to limit pairs from from_seq on, in queue order, with the rater's
 * values of fields[0..n_fields-1] (a NULL name: not read) in values[],
 * the time spent and the done flag. */
enum status store_pair_window(struct store *s, const struct store_pair_key *k, const char *const *fields,
			      size_t n_fields, long from_seq, size_t limit, struct store_pair_item **out,
			      size_t *n, struct error *err);
/* The seq of the first pair not done from from_seq on, 0 when none. */
enum status store_pair_next_undone(struct store *s, const struct store_pair_key *k, long from_seq, long *seq,
				   struct error *err);
/* Decide pair_id (of turn_id) again after a save, and keep it: *done. */
enum status store_pair_done_check(struct store *s, const struct store_pair_key *k, int64_t pair_id,
				  int64_t turn_id, int *done, struct error *err);

/* Whether round_id assigns pair_id to rater_id; with *item, the pair
 * named for a message (caller frees). */
enum status store_pair_assigned(struct store *s, int64_t round_id, int64_t rater_id, int64_t pair_id,
				int *assigned, struct error *err);

/* The two responses of pair_id (response_a: the system of the lower id). */
enum status store_pair_responses(struct store *s, int64_t pair_id, int64_t *response_a, int64_t *response_b,
				 struct error *err);

/* Add a label row of field (unit pair) on pair_id: value NULL clears. */
struct store_pair_label {
	int64_t pair_id, rater_id, round_id;
	const char *task, *field;
};
enum status store_pair_label_set(struct store *s, const struct store_pair_label *k, const char *value,
				 double seconds, struct error *err);

/* The preferences of round_id (0: every round and none) for the field
 * named field of task: the current value of each rater's unit, normalised
 * (pref_row.h), and a PREF_SAME row for each pair a round did not ask
 * (identical answers; rater -1). Systems are numbered by id, so sys_a <
 * sys_b; systems[] and raters[] name them; conversations[i] is row i's. */
enum { PREFS_RATER, PREFS_ADJUDICATOR, PREFS_DISTRUSTED };
struct store_prefs {
	struct pref_row *rows;
	size_t n;
	char **systems, **raters;
	size_t n_systems, n_raters;
	unsigned char *rater_kind;    /* per rater: PREFS_RATER, PREFS_ADJUDICATOR (their labels
				       * settle disagreements, they judge nothing) or
				       * PREFS_DISTRUSTED (left out of every consensus) */
	char **conversations;         /* per row, owned */
	char *field;                  /* the rows' field, owned */
};
enum status store_prefs_load(struct store *s, int64_t round_id, const char *task, const char *field,
			     struct store_prefs *out, struct error *err);
void store_prefs_release(struct store_prefs *p);

/* The pair of responses x and y to one turn (made when new: convqa chat
 * --systems makes each turn's on the fly); *swapped: x is its response_b. */
enum status store_pair_ensure(struct store *s, int64_t x, int64_t y, int64_t *id, int *swapped,
			      struct error *err);

/* Control pairs (store_pair_controls.c). The pairs whose value of field
 * (of task) expert_id has given, in any round or none, by pair id: what
 * round create --control-from may mix into a pairwise round's queues. */
struct store_pair_pool {
	int64_t pair_id, turn_id, response_a, response_b, system_a, system_b;
};
enum status store_pair_control_pool(struct store *s, int64_t expert_id, const char *task, const char *field,
				    struct store_pair_pool **out, size_t *n, struct error *err);
/* Each control pair of round_id with its rater's current value of field
 * (mine, NULL: none) and expert_id's (known, NULL: none), by rater then
 * queue order. */
struct store_pair_control {
	int64_t rater_id, pair_id;
	char *mine, *known;
};
enum status store_pair_control_values(struct store *s, int64_t round_id, int64_t expert_id, const char *task,
				      const char *field, struct store_pair_control **out, size_t *n,
				      struct error *err);
void store_pair_controls_free(struct store_pair_control *c, size_t n);

#endif
