/* view_probe.c - a test of the loop, not a screen a rater sees: opened on
 * top of the others when CONVQA_TEST_LOOP is set (tests/ui/loop.sh,
 * tests/ui/tmux_loop.sh). It sets two deadlines, 3 s and 2 s after it
 * opens; the one at 3 s writes "ping" into a pipe the view watches. The
 * screen lists each event at its time on the loop's clock (seconds since
 * the view opened: virtual in a script). w writes to a pipe whose reader
 * is closed: the write fails (SIGPIPE is ignored, tui.c) and the view says
 * so. q, esc or backspace closes it, which gives up the deadlines not yet
 * due and the pipe. Built into the test binaries only (the Makefile's
 * TUI_TEST_OBJS, CONVQA_TEST_VIEWS). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tui_internal.h"

#define PROBE_EVENTS 8

/* The private state. */
struct probe {
	double opened;
	int pipe[2];
	unsigned long watch, early, late;
	char events[PROBE_EVENTS][80];
	int n_events;
};

static void event(struct app *app, struct probe *p, const char *what)
{
	if (p->n_events < PROBE_EVENTS)
		snprintf(p->events[p->n_events++], sizeof(p->events[0]), "%3.0f s  %s",
			 loop_now(&app->loop) - p->opened, what);
}

static void on_early(struct app *app, void *ctx)
{
	event(app, ctx, "deadline of 2 s");
}

static void on_late(struct app *app, void *ctx)
{
	struct probe *p = ctx;
	ssize_t n = write(p->pipe[1], "ping", 4);
	event(app, p, n == 4 ? "deadline of 3 s: \"ping\" written to the pipe" : "deadline of 3 s: write failed");
}

static void on_pipe(struct app *app, int fd, void *ctx)
{
	struct probe *p = ctx;
	char buf[32], what[64];
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	if (n <= 0) {   /* its end, or an error: nothing more to wait for */
		loop_remove(&app->loop, p->watch);
		event(app, p, "pipe: closed");
		return;
	}
	buf[n] = '\0';
	snprintf(what, sizeof(what), "pipe: read \"%s\"", buf);
	event(app, p, what);
}

static int open_probe(struct app *app, struct view *view, long arg)
{
	struct probe *p = view->private;
	struct loop *l = &app->loop;
	if (pipe2(p->pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
		app_message(app, MSG_ERROR, "loop test: no pipe");
		return -1;
	}
	p->opened = loop_now(l);
	p->late = loop_at(l, p->opened + 3, on_late, p);    /* set first, due last */
	p->early = loop_at(l, p->opened + 2, on_early, p);
	p->watch = loop_watch(l, p->pipe[0], on_pipe, p);
	event(app, p, "opened: deadlines at 3 s and 2 s, a pipe watched");
	return 0;
}

static void close_probe(struct app *app, struct view *view)
{
	struct probe *p = view->private;
	loop_remove(&app->loop, p->early);   /* a deadline that fired is gone: ignored */
	loop_remove(&app->loop, p->late);
	loop_remove(&app->loop, p->watch);
	close(p->pipe[0]);
	close(p->pipe[1]);
}

static void draw_probe(const struct app *app, const struct view *view)
{
	const struct probe *p = view->private;
	draw_header(app);
	draw_rule(1, "Loop test", "q closes");
	for (int i = 0; i < p->n_events; i++)
		draw_str(2 + i, 1, COLS - 2, p->events[i], A_NORMAL);
	draw_fmt(LINES - 2, 1, COLS - 2, style(S_DIM), "clock: %.0f s", loop_now(&app->loop) - p->opened);
	draw_status(app, NULL);
}

static struct request handle_probe(const struct app *app, const struct view *view, const struct input *in)
{
	enum action a = in->binding ? in->binding->action : ACT_NONE;
	struct request r = { REQ_NONE, 0, ACT_NONE, NULL, in->key, NULL };
	if (a == ACT_QUIT || a == ACT_BACK)
		r.kind = REQ_POP;
	else if (!in->key.fkey && in->key.code == 'w')
		r.kind = REQ_UNKNOWN_KEY;   /* act_probe() writes to a closed pipe */
	return r;
}

/* w: write to a pipe with no reader; what a write to a system that has gone
 * away meets. */
static struct request act_probe(struct app *app, struct view *view, const struct request *r)
{
	struct probe *p = view->private;
	int fd[2];
	char what[80];
	if (r->kind != REQ_UNKNOWN_KEY || r->key.fkey || r->key.code != 'w')
		return *r;
	if (pipe2(fd, O_CLOEXEC) != 0) {
		event(app, p, "write to a closed pipe: no pipe");
		return (struct request){ .kind = REQ_NONE };
	}
	close(fd[0]);
	ssize_t n = write(fd[1], "ping", 4);
	int e = errno;
	close(fd[1]);
	snprintf(what, sizeof(what), "write to a closed pipe: %s", n < 0 ? "failed: " : "written");
	if (n < 0)
		snprintf(what + strlen(what), sizeof(what) - strlen(what), "%s", strerror(e));
	event(app, p, what);
	return (struct request){ .kind = REQ_NONE };
}

const struct view_ops view_probe = {
	.name = "probe",
	.private_size = sizeof(struct probe), .open = open_probe, .close = close_probe,
	.draw = draw_probe, .handle = handle_probe, .act = act_probe,
};
