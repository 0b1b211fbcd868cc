/* tui_loop.h - part of tui_internal.h: the loop's sources besides keys:
 * file descriptors and deadlines (loop.c).
 * Include tui_internal.h, which includes the parts in order (each relies
 * on those before it), not this file. */
#ifndef CONVQA_TUI_LOOP_H
#define CONVQA_TUI_LOOP_H

/* ---- the loop's other sources: file descriptors and deadlines --------- */

/* Times are seconds on the loop's clock (loop_now): monotonic time, or the
 * virtual clock of a script (each key 1 s, :wait S), on which deadlines
 * fire in order before the key that passes them - a script run is
 * deterministic. Callbacks may change the state (as app_do() does) and may
 * add and remove sources; the screen is drawn after them. A view that adds
 * sources removes them in its close(). In script mode the
 * watched descriptors are served between keys, without waiting (what
 * another process writes shows at the first key after it is there). */
typedef void loop_fd_fn(struct app *app, int fd, void *ctx);
typedef void loop_timer_fn(struct app *app, void *ctx);

#define LOOP_SOURCES 16

/* A watched file descriptor or a deadline. */
struct loop_source {
	unsigned long id;
	int fd;                 /* -1: a deadline */
	short events;           /* what fd is watched for: POLLIN, POLLOUT */
	double when;
	loop_fd_fn *on_fd;
	loop_timer_fn *on_time;
	void *ctx;
};

struct loop {
	double now;
	int virtual_clock;      /* script mode: only the script moves the clock */
	struct loop_source sources[LOOP_SOURCES];
	size_t n_sources;
	unsigned long last_id;
};

double loop_now(const struct loop *l);
/* Call fn when fd is readable (or at its end, or in error: fn reads, and
 * stops watching at the end). Returns an id for loop_remove(), 0 when
 * LOOP_SOURCES are taken. */
unsigned long loop_watch(struct loop *l, int fd, loop_fd_fn *fn, void *ctx);
/* loop_watch() for the poll() events given (POLLOUT: when fd is writable). */
unsigned long loop_watch_events(struct loop *l, int fd, short events, loop_fd_fn *fn, void *ctx);
/* Call fn once at time when (loop_now() + seconds for "in seconds").
 * Returns an id for loop_remove(), 0 when LOOP_SOURCES are taken. */
unsigned long loop_at(struct loop *l, double when, loop_timer_fn *fn, void *ctx);
/* Stop watching, or cancel the deadline; an id that is gone (a deadline
 * that fired) is ignored. */
void loop_remove(struct loop *l, unsigned long id);
/* For tui.c: set the clock to now and run the deadlines due, earliest
 * first; returns how many ran. */
int loop_run_timers(struct loop *l, struct app *app, double now);
/* For tui.c: milliseconds until the earliest deadline, at most cap_ms. */
int loop_timeout_ms(const struct loop *l, int cap_ms);
/* For tui.c: wait up to timeout_ms (0: do not wait) for key_fd (-1: none)
 * or a watched descriptor, then run the callbacks of the ready ones (on the
 * monotonic clock unless it is virtual); *key_ready says whether key_fd is
 * readable. Returns how many callbacks ran. */
int loop_poll(struct loop *l, struct app *app, int key_fd, int timeout_ms, int *key_ready);

#endif
