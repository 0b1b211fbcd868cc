/*
 * store_live.h - the store's side of a live conversation (convqa chat,
 * live.h): its name, and each exchange stored at once as a turn of the
 * conversation with the system's response, in one transaction.
 */
#ifndef CONVQA_STORE_LIVE_H
#define CONVQA_STORE_LIVE_H

#include <stddef.h>
#include <stdint.h>

#include "convqa/common.h"

struct store;
struct store_replay_passage;

/* The first name "live-RATER-N" (N = 1, 2, ...) no conversation of the
 * project has, into *name (caller frees). */
enum status store_live_name(struct store *s, const char *rater, char **name, struct error *err);

/* One exchange: all borrowed. */
struct store_live_turn {
	const char *conversation;     /* its ext id: added with conv_metadata when new */
	const char *conv_metadata;    /* JSON text or NULL */
	int position;                 /* the turn's, from 1 */
	const char *question;
	int64_t system_id;
	const char *answer, *rewrite; /* rewrite may be NULL */
	const char *metadata;         /* the response's: JSON text or NULL */
	const struct store_replay_passage *passages;   /* in rank order */
	size_t n_passages;
	/* a live round (NULL: none), the rater (by name) and the conversation
	 * whose first question this one starts from: the turn becomes the
	 * rater's item in the round (the first turn in place of that first
	 * question's assignment, the others after the rater's last) */
	const char *round, *rater, *from;
	int add_to_turn;              /* 1: when the turn is there (another system's answer,
				       * arena mode), the response is added to it */
};

/* Store t in one transaction: the conversation (when new), the turn, the
 * response and its ranking, and in a live round its assignment. ST_INPUT when the conversation has the turn's
 * position already (unless add_to_turn: then when the system has a
 * response to it). *response_id: the response's row. */
enum status store_live_put(struct store *s, const struct store_live_turn *t, int64_t *response_id,
			   struct error *err);

/* The title (NULL: none) and text the project keeps for passage ext_id,
 * which the screens show (*title, *text: caller frees; NULL when the
 * project lacks it). */
enum status store_live_passage(struct store *s, const char *ext_id, char **title, char **text, struct error *err);

/* The conversation (its row) of response_id when it answers its
 * conversation's first turn (position 1), else 0 (*conv). */
enum status store_live_first_turn(struct store *s, int64_t response_id, int64_t *conv, struct error *err);

/* A first question of a live round (convqa chat --round): a conversation
 * the round gives the rater, its first question, and whether the rater has
 * a live conversation started from it in that round already. */
struct store_live_start {
	char *conversation, *question;
	int started;
};
/* The rater's first questions of round (its name) in assignment order,
 * each conversation once; *out freed with store_live_starts_free(). */
enum status store_live_starts(struct store *s, const char *round, int64_t rater_id, struct store_live_start **out,
			      size_t *n, struct error *err);
void store_live_starts_free(struct store_live_start *v, size_t n);

/* A response of a live conversation of a live round and the unit it is
 * for agreement (docs/study.md): the responses of the turns at the same
 * position of the round's live conversations started from the same first
 * question whose question, answer and ranked passages are equal are one
 * unit, named by its first response (head); size: how many. */
struct store_live_twin {
	int64_t response_id, head;
	long size;
};
/* Every response of a live round's live conversations, by response_id;
 * *out: caller frees. */
enum status store_live_twins(struct store *s, struct store_live_twin **out, size_t *n, struct error *err);

#endif
