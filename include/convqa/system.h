/*
 * system.h - talk to a live ConvQA system: send a conversation turn, get its
 * answer and ranked passages, within a deadline, cancellable.
 *
 * One interface, several kinds of connection behind it (a table of
 * operations in src/system/system_internal.h; one file each). The kinds:
 * "proc": a program started as a child process that reads one JSON line per
 * turn on its standard input and writes one JSON line per reply on its
 * standard output (the protocol: docs/systems.md); "bm25": built in, BM25
 * over the project's passages (system_bm25.c), which answers at once;
 * "http": a server that takes each turn as an HTTP POST of JSON and
 * answers with JSON (system_http.c, libcurl: retries with backoff on
 * connection errors, 429 and 503).
 *
 * Blocking use (tests, commands):
 *
 *   struct system *s;
 *   const char *argv[] = { "python3", "my_system.py", NULL };
 *   struct system_spec spec = { .kind = "proc", .argv = argv };
 *   if (system_open(&spec, &s, &err) != ST_OK) ...
 *   struct system_reply r;
 *   if (system_call(s, &req, 30.0, &r, &err) != ST_OK) ... err.msg
 *   ... r.answer, r.passages[i] ...
 *   system_reply_release(&r);
 *   system_close(s);
 *
 * Event-loop use (a screen): system_send(), then until it is no longer
 * SYSTEM_PENDING: system_pollfds() gives the descriptors, their events
 * (readable and writable) and the deadline to poll() on; system_read()
 * does what can be done without blocking and says whether the reply is
 * there. Nothing here blocks except system_call() and the grace period of
 * a child stopped by system_cancel(), a timeout or system_close(). The
 * deadline may come before the turn's own when the connection needs a call
 * back without any descriptor being ready (an HTTP retry's wait, libcurl's
 * timers): call system_read() once it passes, as after any poll().
 *
 * Once a turn failed (timeout, cancel, the child died, a reply convqa cannot
 * read) the connection is stopped: the child is killed and reaped, and
 * every later system_send() fails until the caller opens a new one.
 *
 * system_open() ignores SIGPIPE in this process (when it was not handled
 * already): a system that closes its input is a write error ("the system
 * 'NAME' closed its input: ..."), not the end of convqa. Children get
 * SIGPIPE back.
 */
#ifndef CONVQA_SYSTEM_H
#define CONVQA_SYSTEM_H

#include <poll.h>
#include <stddef.h>

#include "convqa/common.h"

struct system;
struct store;

/* The most bytes of one reply line, and what system_spec.kill_grace is
 * when left 0 (seconds between SIGTERM and SIGKILL). */
#define SYSTEM_MAX_REPLY ((size_t)16 * 1024 * 1024)
#define SYSTEM_KILL_GRACE 1.0
/* The most descriptors one connection waits on (system_pollfds). */
#define SYSTEM_MAX_FDS 4

/* How to reach a system. Borrowed by system_open() (copied as needed). */
struct system_spec {
	const char *kind;           /* "proc", "bm25" or "http" */
	const char *const *argv;    /* proc: the program (found in $PATH) and its arguments, NULL-terminated */
	struct store *store;        /* bm25: the project whose passages it searches (borrowed, open
				     * while the system is) */
	double kill_grace;          /* seconds; 0: SYSTEM_KILL_GRACE */
	size_t max_reply;           /* bytes of one reply line; 0: SYSTEM_MAX_REPLY */
	/* http: the endpoint (http:// or https://); extra request headers
	 * ("Name: value", NULL-terminated, may be NULL), whose values are never
	 * shown; the bearer token, when not NULL, is sent as "Authorization:
	 * Bearer TOKEN" and never shown either. url NULL: argv[0] is the URL. */
	const char *url;
	const char *const *headers;
	const char *token;
	int max_attempts;           /* http: tries of one turn; 0: SYSTEM_HTTP_ATTEMPTS */
	double backoff;             /* http: seconds before the first retry (then doubled); 0: SYSTEM_HTTP_BACKOFF */
	/* A line for a person on each HTTP attempt (--verbose; may be NULL):
	 * the URL without credentials, the status, the time, the wait. */
	void (*trace)(const char *line, void *ctx);
	void *trace_ctx;
};

/* http: how often a turn is tried (the first try included), the first
 * wait before a retry (doubled each time), the longest wait a server's
 * Retry-After may ask for (seconds). */
#define SYSTEM_HTTP_ATTEMPTS 4
#define SYSTEM_HTTP_BACKOFF 0.25
#define SYSTEM_HTTP_RETRY_AFTER_MAX 30.0

/* One earlier turn of the conversation. */
struct system_turn {
	const char *question;
	const char *answer;        /* may be NULL: not answered */
};

/* A turn to send. All borrowed; conversation may be NULL. */
struct system_request {
	const char *conversation;
	const struct system_turn *history;
	size_t n_history;
	const char *question;
};

struct system_passage {
	char *id;
	char *text;
	char *title;               /* NULL when the system gave none */
	double score;
	int has_score;
};

/* A reply: owned by the caller, freed with system_reply_release(). */
struct system_reply {
	char *answer;
	char *rewrite;             /* the system's rewrite of the question, NULL when it gave none */
	struct system_passage *passages;   /* in the system's rank order */
	size_t n_passages;
	char *raw;                 /* the reply as the system wrote it (its JSON line), NULL for a
				    * built-in system */
};

enum system_result {
	SYSTEM_PENDING,   /* no reply yet: wait on system_pollfds() and call again */
	SYSTEM_READY,     /* the reply is in *reply */
	SYSTEM_ERROR,     /* the turn failed: err says why, system_failure() what */
};

/* What stopped a connection (system_failure()). */
enum system_failure {
	SYSTEM_FAIL_NONE,
	SYSTEM_FAIL_START,      /* the program could not be started (http: no connection, refused,
				 * the name not found, TLS, after every attempt) */
	SYSTEM_FAIL_TIMEOUT,    /* no reply before the deadline */
	SYSTEM_FAIL_CANCELLED,  /* system_cancel() */
	SYSTEM_FAIL_EXITED,     /* the child ended (or closed its output) before its reply */
	SYSTEM_FAIL_CLOSED,     /* the child closed its input: the turn could not be sent */
	SYSTEM_FAIL_PROTOCOL,   /* a line convqa cannot read: not JSON, wrong fields, wrong id */
	SYSTEM_FAIL_TOO_LARGE,  /* a reply line longer than max_reply */
	SYSTEM_FAIL_REMOTE,     /* the system replied with an error (http: a status other than 2xx) */
};

/* Start a connection; *out is freed with system_close(). ST_USAGE for an
 * unknown kind or an empty argv, ST_IO when the program cannot be started
 * ("cannot run 'x': No such file or directory"). */
enum status system_open(const struct system_spec *spec, struct system **out, struct error *err);

/* Send one turn; its reply is due within timeout seconds. Fails when a turn
 * is in flight or the connection was stopped. */
enum status system_send(struct system *s, const struct system_request *req, double timeout,
			struct error *err);

/* The descriptors to poll() on for the turn in flight (at most max, up to
 * SYSTEM_MAX_FDS) with their events, and in *deadline the now_monotonic()
 * time after which system_read() fails with a timeout (0 when no turn is in
 * flight). Returns the number of fds filled. */
size_t system_pollfds(struct system *s, struct pollfd *fds, size_t max, double *deadline);

/* Move the turn in flight on without blocking: write what the child takes,
 * read what it wrote, check the deadline. On SYSTEM_READY, *reply holds the
 * reply (release it); on SYSTEM_ERROR, err has the message. */
enum system_result system_read(struct system *s, struct system_reply *reply, struct error *err);

/* system_send(), then poll() and system_read() until the reply or an error. */
enum status system_call(struct system *s, const struct system_request *req, double timeout,
			struct system_reply *reply, struct error *err);

/* Give up the turn in flight: the connection is stopped (the child killed
 * and reaped), system_read() and system_send() fail from now on. */
void system_cancel(struct system *s);

/* What stopped the connection, SYSTEM_FAIL_NONE while it works. */
enum system_failure system_failure(const struct system *s);

/* Stop the connection (the child is killed and reaped) and free s (NULL: nothing). */
void system_close(struct system *s);

void system_reply_release(struct system_reply *r);

#endif
