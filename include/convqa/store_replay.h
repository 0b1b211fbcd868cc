/*
 * store_replay.h - the store's side of convqa replay: the turns of the
 * chosen conversations with what a replay needs of each (the question, the
 * first gold answer, the system's stored answer), and one reply stored as
 * a system's response in its own transaction.
 */
#ifndef CONVQA_STORE_REPLAY_H
#define CONVQA_STORE_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "convqa/common.h"

struct store;

/* One turn, in conversation then position order. Owned strings. */
struct store_replay_turn {
	int64_t turn_id;
	char *conversation;     /* the conversation's ext id */
	int position;
	char *question;         /* "" when the project knows the turn by number only */
	char *gold;             /* its first gold answer, NULL: none */
	char *answer;           /* system_id's stored answer, NULL: not answered */
};

/* The turns of conversations convs (ext ids; NULL, 0: every conversation),
 * with system_id's answers (0: none). A name the project lacks is ST_INPUT
 * "no conversation 'X' in the project". *out: free with
 * store_replay_turns_free(). */
enum status store_replay_turns(struct store *s, const char *const *convs, size_t n_convs, int64_t system_id,
			       struct store_replay_turn **out, size_t *n, struct error *err);
void store_replay_turns_free(struct store_replay_turn *t, size_t n);

/* A passage of a reply: borrowed. */
struct store_replay_passage {
	const char *id, *title, *text;
	double score;
	int has_score;
};

/* Store answer (and rewrite, may be NULL) with passages p in rank order as
 * system_id's response to turn_id, in one transaction: passages the project
 * lacks are added (their text and title filled in where the project has
 * none; a passage it has keeps its own). *stored 0 when the system had
 * answered the turn already (nothing changes). */
enum status store_replay_put(struct store *s, int64_t turn_id, int64_t system_id, const char *answer,
			     const char *rewrite, const struct store_replay_passage *p, size_t n, int *stored,
			     struct error *err);

#endif
