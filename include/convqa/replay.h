/*
 * replay.h - automatic evaluation: send every turn of chosen conversations
 * to a live system (system.h), in order, and store each reply at once as
 * that system's response (store_replay.h).
 *
 * A conversation's turns go in position order to one connection; with
 * parallel N, N connections (children) each take the next conversation
 * that is left. The history of a turn is its conversation's earlier turns:
 * their questions with their first gold answers (REPLAY_HISTORY_GOLD) or
 * with the system's own answers, stored or just received
 * (REPLAY_HISTORY_SYSTEM). A turn the system answered already is skipped.
 * A turn that fails is said through the message callback and sent once
 * more on a new connection; a second failure stops the replay (ST_IO, err
 * says which turn and why), keeping every reply stored so far.
 */
#ifndef CONVQA_REPLAY_H
#define CONVQA_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "convqa/common.h"

struct store;
struct system_spec;

enum replay_history { REPLAY_HISTORY_GOLD, REPLAY_HISTORY_SYSTEM };

struct replay_counts {
	long total;      /* turns of the chosen conversations */
	long sent;       /* turns sent (a retry counts again) */
	long stored;     /* replies stored */
	long skipped;    /* turns answered already */
	long failed;     /* turns that failed (each attempt) */
};

struct replay_opts {
	const struct system_spec *spec;  /* how to start the system (borrowed) */
	int64_t system_id;               /* the project's system row */
	const char *const *conversations; /* ext ids; NULL, 0: every conversation */
	size_t n_conversations;
	enum replay_history history;
	double timeout;                  /* seconds per turn */
	size_t parallel;                 /* connections, at least 1 */
	/* Called with the counts after each turn (progress; may be NULL) and
	 * with a message for each failed turn (may be NULL). */
	void (*progress)(const struct replay_counts *c, void *ctx);
	void (*message)(const char *msg, void *ctx);
	void *ctx;
};

/* Run the replay; *counts says what was done, also on failure. */
enum status replay_run(struct store *s, const struct replay_opts *o, struct replay_counts *counts,
		       struct error *err);

#endif
