/*
 * system_internal.h - what a kind of connection implements (system.h).
 *
 * A kind is one file, system_<kind>.c, with a `const struct system_ops`
 * and a row in kinds[] of system.c. Its state is a struct that begins with
 * struct system; system.c allocates ops->size bytes, keeps the turn's id,
 * deadline and state, and calls the operations below. An HTTP connector or
 * a built-in retriever would be another kind; the JSON of a turn and of a
 * reply (system_json.c) serves every kind that speaks JSON.
 */
#ifndef CONVQA_SYSTEM_INTERNAL_H
#define CONVQA_SYSTEM_INTERNAL_H

#include "convqa/strbuf.h"
#include "convqa/system.h"

struct system_ops;

enum system_state {
	SYSTEM_IDLE,      /* open, no turn in flight */
	SYSTEM_BUSY,      /* a turn in flight */
	SYSTEM_STOPPED,   /* failed, cancelled or closed: s->failure says why */
};

struct system {
	const struct system_ops *ops;
	enum system_state state;
	enum system_failure failure;
	char *name;              /* names the system in messages, set by open ("python3 my_system.py") */
	unsigned long turn;      /* the id of the last turn sent, from 1 */
	double timeout;          /* seconds, of the turn in flight */
	double deadline;         /* now_monotonic() time the reply is due */
	double kill_grace;
	size_t max_reply;
};

struct system_ops {
	const char *kind;
	size_t size;   /* bytes of the kind's state, which begins with struct system */
	/* Connect (start the child); on failure release what was taken. */
	enum status (*open)(struct system *s, const struct system_spec *spec, struct error *err);
	/* Start sending turn s->turn (without blocking). On failure set s->failure. */
	enum status (*send)(struct system *s, const struct system_request *req, struct error *err);
	/* The descriptors and events the turn in flight waits on. */
	size_t (*pollfds)(struct system *s, struct pollfd *fds, size_t max);
	/* Move on without blocking; on SYSTEM_ERROR set s->failure. */
	enum system_result (*read)(struct system *s, struct system_reply *reply, struct error *err);
	/* Stop: kill and reap the child, close the descriptors. May be called twice. */
	void (*stop)(struct system *s);
	/* Free what the kind's state holds besides (s itself is freed by system.c). */
	void (*release)(struct system *s);
	/* Optional: the now_monotonic() time read() needs a call although no
	 * descriptor is ready (a retry's wait, a library's timer), 0: none. */
	double (*wake)(struct system *s);
};

extern const struct system_ops system_proc_ops;
extern const struct system_ops system_bm25_ops;
extern const struct system_ops system_http_ops;

/* Set s->failure and err; returns ST_IO (for every failure of a turn). */
enum status system_fail(struct system *s, enum system_failure why, struct error *err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* ---- the JSON of the protocol (system_json.c, docs/systems.md) ---- */

#define SYSTEM_PROTOCOL 1

/* The line of turn id (ends with '\n'), appended to sb. */
void system_json_turn(struct strbuf *sb, unsigned long id, const struct system_request *req);

/* The body of an HTTP request (docs/systems.md "HTTP"): {conversation_id,
 * turn, question, history}, turn being the question's place in its
 * conversation (the history's length + 1), appended to sb. */
void system_json_http_request(struct strbuf *sb, const struct system_request *req);

/* Read the body of an HTTP reply, buf[0..len): {answer, passages,
 * rewrite} as a reply line has them (no type, no id), named name in
 * messages. 0 with *reply filled, or -1 with err and s->failure set. */
int system_json_http_reply(struct system *s, const char *name, const char *buf, size_t len,
			   struct system_reply *reply, struct error *err);

enum system_line {
	SYSTEM_LINE_SKIP,    /* a greeting or a blank line: read on */
	SYSTEM_LINE_REPLY,   /* *reply filled */
	SYSTEM_LINE_BAD,     /* err set, s->failure set */
};

/* Read one line buf[0..len) (without its newline) that the system wrote as
 * line number line_no of its output, named name in messages, while turn id
 * waits (0: none). */
enum system_line system_json_line(struct system *s, const char *name, size_t line_no, const char *buf,
				  size_t len, unsigned long id, struct system_reply *reply, struct error *err);

#endif
