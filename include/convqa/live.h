/*
 * live.h - a live conversation with a system (convqa chat): the evaluator's
 * question goes to the system with the conversation so far, and each
 * exchange is stored at once (store_live.h) as a turn and the system's
 * response of a new conversation "live-RATER-N": the answer, its ranked
 * passages, its rewrite, and in the response's metadata the system's name,
 * the latency and the raw reply.
 *
 * Event-loop use, as system.h's: live_send(), then until live_read() is no
 * longer SYSTEM_PENDING, poll() on live_pollfds(). A turn that fails (the
 * system failed, timed out, died, answered what convqa cannot read, or
 * live_cancel()) leaves the conversation as it was; the connection is
 * closed and the next live_send() starts a new one (a new process).
 */
#ifndef CONVQA_LIVE_H
#define CONVQA_LIVE_H

#include <poll.h>
#include <stddef.h>
#include <stdint.h>

#include "convqa/common.h"
#include "convqa/system.h"

struct store;
struct live;

struct live_opts {
	const struct system_spec *spec;  /* how to reach the system (borrowed) */
	const char *system;              /* its name in the project (borrowed) */
	int64_t system_id;               /* its row */
	const char *rater;               /* whose conversation (borrowed) */
	double timeout;                  /* seconds per turn */
	const char *round, *from;        /* a live round and the conversation whose first question
					  * this one starts from, kept in the conversation's
					  * metadata; NULL: none */
	/* arena mode (two systems answer each turn, view_arena.c): */
	const char *name;                /* the conversation's name, chosen by the caller; NULL:
					  * the first free live-RATER-N */
	const char *conv_extra;          /* JSON members added to the conversation's "live"
					  * object (", \"arena\": ..."); NULL: none */
	int add_to_turn;                 /* 1: a turn another system's answer stored first gets
					  * this system's response too */
	const char *side;                /* "A" or "B": where the answer is shown, kept in the
					  * response's metadata; NULL: not kept */
};

/* A conversation with nothing said yet; *out freed with live_free(). The
 * options are borrowed for its life. */
void live_new(struct store *s, const struct live_opts *o, struct live **out);
void live_free(struct live *l);

/* Send question (copied) with the conversation so far: the connection is
 * opened first when there is none. Fails (err) when a turn is in flight
 * or the connection cannot be opened. */
enum status live_send(struct live *l, const char *question, struct error *err);
/* The descriptors of the turn in flight (system_pollfds()). */
size_t live_pollfds(struct live *l, struct pollfd *fds, size_t max, double *deadline);
/* Move the turn in flight on; on SYSTEM_READY the exchange is stored (a
 * store error is SYSTEM_ERROR, the conversation as it was) and is
 * live_last(); on SYSTEM_ERROR err says why. */
enum system_result live_read(struct live *l, struct error *err);
/* Wait (blocking) until the turn in flight is answered or fails. */
enum system_result live_wait(struct live *l, struct error *err);
/* Give up the turn in flight (the connection is closed). */
void live_cancel(struct live *l);
/* Whether a turn is in flight, and since when (now_monotonic()). */
int live_busy(const struct live *l, double *since);

/* The conversation's name (NULL until its first exchange is stored), its
 * turns stored, the response of its first turn (0: none). */
const char *live_conversation(const struct live *l);
size_t live_turns(const struct live *l);
int64_t live_first_response(const struct live *l);
/* The last exchange: its question, the reply (its passages' titles and
 * texts as the project keeps them: a passage it had before keeps its own)
 * and its latency in seconds; NULL when there is none. */
const struct system_reply *live_last(const struct live *l, const char **question, double *latency);
/* The response stored by the last exchange (0: none). */
int64_t live_last_response(const struct live *l);
/* Turn i's answer (0-based) as the history sent with the next questions
 * becomes answer (copied): arena mode's preferred answer. */
void live_set_history_answer(struct live *l, size_t i, const char *answer);

#endif
