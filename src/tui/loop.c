/* loop.c - what the loop waits on besides keys: watched file descriptors
 * (a reply through a pipe or a socket) and deadlines, on the loop's clock
 * (monotonic, or the script's virtual one). tui.c runs them. */
#include <poll.h>

#include "tui_internal.h"

double loop_now(const struct loop *l)
{
	return l->now;
}

static unsigned long add(struct loop *l, struct loop_source src)
{
	if (l->n_sources == LOOP_SOURCES)
		return 0;
	src.id = ++l->last_id;
	l->sources[l->n_sources++] = src;
	return src.id;
}

unsigned long loop_watch_events(struct loop *l, int fd, short events, loop_fd_fn *fn, void *ctx)
{
	return fd < 0 ? 0 : add(l, (struct loop_source){ .fd = fd, .events = events, .on_fd = fn, .ctx = ctx });
}

unsigned long loop_watch(struct loop *l, int fd, loop_fd_fn *fn, void *ctx)
{
	return loop_watch_events(l, fd, POLLIN, fn, ctx);
}

unsigned long loop_at(struct loop *l, double when, loop_timer_fn *fn, void *ctx)
{
	return add(l, (struct loop_source){ .fd = -1, .when = when, .on_time = fn, .ctx = ctx });
}

void loop_remove(struct loop *l, unsigned long id)
{
	for (size_t i = 0; i < l->n_sources; i++)
		if (l->sources[i].id == id) {
			l->sources[i] = l->sources[--l->n_sources];
			return;
		}
}

/* The earliest deadline (the first set among equals), or NULL. */
static const struct loop_source *earliest(const struct loop *l)
{
	const struct loop_source *best = NULL;
	for (size_t i = 0; i < l->n_sources; i++) {
		const struct loop_source *s = &l->sources[i];
		if (s->fd < 0 && (!best || s->when < best->when || (s->when == best->when && s->id < best->id)))
			best = s;
	}
	return best;
}

int loop_run_timers(struct loop *l, struct app *app, double now)
{
	int ran = 0;
	l->now = now;
	/* one at a time: a callback may add or remove deadlines */
	for (const struct loop_source *s = earliest(l); s && s->when <= now; s = earliest(l)) {
		struct loop_source due = *s;
		loop_remove(l, due.id);
		due.on_time(app, due.ctx);
		ran++;
	}
	return ran;
}

int loop_timeout_ms(const struct loop *l, int cap_ms)
{
	const struct loop_source *s = earliest(l);
	if (!s)
		return cap_ms;
	double ms = (s->when - l->now) * 1000.0;
	if (ms <= 0)
		return 0;
	return ms < cap_ms ? (int)ms + 1 : cap_ms;   /* +1: wake after the deadline, not just before */
}

/* Run the callback of watch id, if it is still watched (an earlier callback
 * may have removed it). */
static int run_watch(struct loop *l, struct app *app, unsigned long id)
{
	for (size_t i = 0; i < l->n_sources; i++)
		if (l->sources[i].id == id) {
			struct loop_source w = l->sources[i];
			w.on_fd(app, w.fd, w.ctx);
			return 1;
		}
	return 0;
}

int loop_poll(struct loop *l, struct app *app, int key_fd, int timeout_ms, int *key_ready)
{
	struct pollfd pfd[LOOP_SOURCES + 1];
	unsigned long ids[LOOP_SOURCES + 1];
	nfds_t n = 0;
	*key_ready = 0;
	if (key_fd >= 0) {
		pfd[n] = (struct pollfd){ key_fd, POLLIN, 0 };
		ids[n++] = 0;
	}
	for (size_t i = 0; i < l->n_sources; i++)
		if (l->sources[i].fd >= 0) {
			pfd[n] = (struct pollfd){ l->sources[i].fd, l->sources[i].events, 0 };
			ids[n++] = l->sources[i].id;
		}
	if (n == 0 && timeout_ms == 0)
		return 0;
	if (poll(pfd, n, timeout_ms) <= 0)
		return 0;   /* the time is up, or a signal: the caller looks again */
	if (!l->virtual_clock)
		l->now = now_monotonic();
	int ran = 0;
	for (nfds_t k = 0; k < n; k++) {
		if (!pfd[k].revents)
			continue;
		if (!ids[k])
			*key_ready = 1;
		else
			ran += run_watch(l, app, ids[k]);
	}
	return ran;
}
