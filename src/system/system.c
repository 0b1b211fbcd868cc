/*
 * system.c - the interface to a live system (system.h): the table of kinds,
 * the turn's id, deadline and state, and the blocking call over poll().
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "system_internal.h"

/* The kinds of connection: one row and one file system_<kind>.c each. */
static const struct system_ops *const kinds[] = {
	&system_proc_ops,
	&system_bm25_ops,
	&system_http_ops,
};

enum status system_fail(struct system *s, enum system_failure why, struct error *err, const char *fmt, ...)
{
	va_list ap;
	s->failure = why;
	if (err) {
		err->status = ST_IO;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
	}
	return ST_IO;
}

/* A write to a child that closed its input is an error value (EPIPE), not
 * the end of convqa; a handler someone installed stays. */
static void ignore_sigpipe(void)
{
	struct sigaction old;
	if (sigaction(SIGPIPE, NULL, &old) == 0 && old.sa_handler == SIG_DFL && !(old.sa_flags & SA_SIGINFO)) {
		struct sigaction sa;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = SIG_IGN;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGPIPE, &sa, NULL);
	}
}

enum status system_open(const struct system_spec *spec, struct system **out, struct error *err)
{
	*out = NULL;
	const struct system_ops *ops = NULL;
	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++)
		if (spec->kind && strcmp(spec->kind, kinds[i]->kind) == 0)
			ops = kinds[i];
	if (!ops)
		return error_set(err, ST_USAGE, "unknown kind of system '%s': the kinds are 'proc', 'bm25' and 'http'",
				 spec->kind ? spec->kind : "");
	ignore_sigpipe();
	struct system *s = xcalloc(1, ops->size);
	s->ops = ops;
	s->kill_grace = spec->kill_grace > 0 ? spec->kill_grace : SYSTEM_KILL_GRACE;
	s->max_reply = spec->max_reply ? spec->max_reply : SYSTEM_MAX_REPLY;
	enum status st = ops->open(s, spec, err);
	if (st != ST_OK) {
		free(s->name);
		free(s);
		return st;
	}
	*out = s;
	return ST_OK;
}

/* Stop the child and the connection (the failure is set already). */
static void stop(struct system *s)
{
	s->ops->stop(s);
	s->state = SYSTEM_STOPPED;
}

static const char *stopped_because(enum system_failure f)
{
	switch (f) {
	case SYSTEM_FAIL_START: return "it could not be reached";
	case SYSTEM_FAIL_TIMEOUT: return "a reply came too late";
	case SYSTEM_FAIL_CANCELLED: return "a turn was cancelled";
	case SYSTEM_FAIL_EXITED: return "it ended";
	case SYSTEM_FAIL_CLOSED: return "it closed its input";
	case SYSTEM_FAIL_PROTOCOL: return "it wrote a line convqa cannot read";
	case SYSTEM_FAIL_TOO_LARGE: return "a reply was too long";
	case SYSTEM_FAIL_REMOTE: return "it replied with an error";
	default: return "it failed";
	}
}

enum status system_send(struct system *s, const struct system_request *req, double timeout,
			struct error *err)
{
	if (s->state == SYSTEM_STOPPED)
		return error_set(err, ST_IO, "the system '%s' was stopped (%s): open it again", s->name,
				 stopped_because(s->failure));
	if (s->state == SYSTEM_BUSY)
		return error_set(err, ST_USAGE, "turn %lu still waits for its reply: read it or cancel it first",
				 s->turn);
	s->turn++;
	s->timeout = timeout;
	s->deadline = now_monotonic() + timeout;
	s->state = SYSTEM_BUSY;
	if (s->ops->send(s, req, err) != ST_OK) {
		stop(s);
		return ST_IO;
	}
	return ST_OK;
}

size_t system_pollfds(struct system *s, struct pollfd *fds, size_t max, double *deadline)
{
	*deadline = s->state == SYSTEM_BUSY ? s->deadline : 0;
	if (s->state != SYSTEM_BUSY)
		return 0;
	double wake = s->ops->wake ? s->ops->wake(s) : 0;
	if (wake > 0 && wake < *deadline)
		*deadline = wake;
	return s->ops->pollfds(s, fds, max < SYSTEM_MAX_FDS ? max : SYSTEM_MAX_FDS);
}

enum system_result system_read(struct system *s, struct system_reply *reply, struct error *err)
{
	memset(reply, 0, sizeof(*reply));
	if (s->state == SYSTEM_STOPPED) {
		if (s->failure == SYSTEM_FAIL_CANCELLED)
			error_set(err, ST_IO, "turn %lu was cancelled", s->turn);
		else
			error_set(err, ST_IO, "the system '%s' was stopped (%s): open it again", s->name,
				  stopped_because(s->failure));
		return SYSTEM_ERROR;
	}
	if (s->state != SYSTEM_BUSY) {
		error_set(err, ST_USAGE, "no turn waits for a reply: send one first");
		return SYSTEM_ERROR;
	}
	enum system_result r = s->ops->read(s, reply, err);
	if (r == SYSTEM_PENDING && now_monotonic() >= s->deadline) {
		system_fail(s, SYSTEM_FAIL_TIMEOUT, err,
			    "the system '%s' sent no reply within %g s to turn %lu: it was stopped; give it more "
			    "time or see why it is slow", s->name, s->timeout, s->turn);
		r = SYSTEM_ERROR;
	}
	if (r == SYSTEM_READY)
		s->state = SYSTEM_IDLE;
	else if (r == SYSTEM_ERROR)
		stop(s);
	return r;
}

enum status system_call(struct system *s, const struct system_request *req, double timeout,
			struct system_reply *reply, struct error *err)
{
	memset(reply, 0, sizeof(*reply));
	enum status st = system_send(s, req, timeout, err);
	if (st != ST_OK)
		return st;
	for (;;) {
		enum system_result r = system_read(s, reply, err);
		if (r != SYSTEM_PENDING)
			return r == SYSTEM_READY ? ST_OK : err ? err->status : ST_IO;
		struct pollfd fds[SYSTEM_MAX_FDS];
		double deadline;
		size_t n = system_pollfds(s, fds, ARRAY_SIZE(fds), &deadline);
		double left = deadline - now_monotonic();
		int ms = left <= 0 ? 0 : (int)ceil(left * 1000);
		if (poll(fds, n, ms) < 0 && errno != EINTR) {
			system_fail(s, SYSTEM_FAIL_EXITED, err, "cannot wait for the system: %s", strerror(errno));
			stop(s);
			return ST_IO;
		}
	}
}

void system_cancel(struct system *s)
{
	if (s->state == SYSTEM_BUSY) {
		s->failure = SYSTEM_FAIL_CANCELLED;
		stop(s);
	}
}

enum system_failure system_failure(const struct system *s)
{
	return s->failure;
}

void system_close(struct system *s)
{
	if (!s)
		return;
	s->ops->stop(s);
	s->ops->release(s);
	free(s->name);
	free(s);
}

void system_reply_release(struct system_reply *r)
{
	free(r->answer);
	free(r->rewrite);
	for (size_t i = 0; i < r->n_passages; i++) {
		free(r->passages[i].id);
		free(r->passages[i].text);
		free(r->passages[i].title);
	}
	free(r->passages);
	free(r->raw);
	memset(r, 0, sizeof(*r));
}
