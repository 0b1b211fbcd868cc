/*
 * system_proc.c - the kind "proc": a system run as a child process that
 * reads turns as JSON lines on its standard input and writes replies as
 * JSON lines on its standard output (docs/systems.md).
 *
 * The child runs in a process group of its own (a terminal's Ctrl-C is not
 * for it; a stop reaches what it started), with SIGPIPE back to its
 * default. Our ends of its pipes are non-blocking; its standard error is
 * kept (the last few KiB) for messages. Stopping it: SIGTERM to its group,
 * SIGKILL after the grace period, then reaped.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "system_internal.h"

extern char **environ;

/* What is kept of the child's standard error: its last ERR_KEEP bytes. */
#define ERR_KEEP 4096
/* What a message shows of it. */
#define ERR_SHOW 400

struct proc {
	struct system base;
	pid_t pid;            /* 0 once reaped */
	int wstatus;          /* its wait status once reaped (-1: unknown) */
	int in, out, errfd;   /* our ends of its standard input, output, error; -1: closed */
	char *output;         /* "output of 'NAME'", the name of its lines in messages */
	struct strbuf wbuf;   /* the turn being written */
	size_t woff;          /* bytes of wbuf written */
	struct strbuf rbuf;   /* what it wrote that is not a whole line yet */
	size_t scanned;       /* bytes of rbuf known to hold no newline */
	size_t line_no;       /* lines of its output read */
	struct strbuf errtail;
};

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash && slash[1] ? slash + 1 : path;
}

/* ---- the child process ---- */

static enum status spawn(struct proc *p, const char *const *argv, struct error *err)
{
	int fd[3][2] = { { -1, -1 }, { -1, -1 }, { -1, -1 } };
	for (int i = 0; i < 3; i++)
		if (pipe2(fd[i], O_CLOEXEC) < 0) {
			int e = errno;
			for (int j = 0; j < i; j++)
				close(fd[j][0]), close(fd[j][1]);
			return error_set(err, ST_IO, "cannot run '%s': no pipe: %s", argv[0], strerror(e));
		}
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd[0][0], 0);
	posix_spawn_file_actions_adddup2(&fa, fd[1][1], 1);
	posix_spawn_file_actions_adddup2(&fa, fd[2][1], 2);
	posix_spawnattr_init(&at);
	sigset_t none, dfl;
	sigemptyset(&none);
	sigemptyset(&dfl);
	int sigs[] = { SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD };
	for (size_t i = 0; i < ARRAY_SIZE(sigs); i++)
		sigaddset(&dfl, sigs[i]);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &dfl);
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
	int e = posix_spawnp(&p->pid, argv[0], &fa, &at, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	close(fd[0][0]);
	close(fd[1][1]);
	close(fd[2][1]);
	p->in = fd[0][1];
	p->out = fd[1][0];
	p->errfd = fd[2][0];
	if (e) {
		p->pid = 0;
		close_fd(&p->in), close_fd(&p->out), close_fd(&p->errfd);
		return error_set(err, ST_IO, "cannot run '%s': %s", argv[0], strerror(e));
	}
	for (int i = 0; i < 3; i++) {
		int f = i == 0 ? p->in : i == 1 ? p->out : p->errfd;
		fcntl(f, F_SETFL, fcntl(f, F_GETFL) | O_NONBLOCK);
	}
	return ST_OK;
}

/* Wait up to seconds for the child to end (0: only look); 1 once reaped. */
static int reap(struct proc *p, double seconds)
{
	double end = now_monotonic() + seconds;
	while (p->pid) {
		int st;
		pid_t r = waitpid(p->pid, &st, WNOHANG);
		if (r == p->pid || (r < 0 && errno != EINTR)) {
			p->wstatus = r == p->pid ? st : -1;
			p->pid = 0;
			break;
		}
		if (now_monotonic() >= end)
			return 0;
		nanosleep(&(struct timespec){ 0, 2 * 1000 * 1000 }, NULL);
	}
	return 1;
}

/* SIGTERM to its group, SIGKILL after the grace period; reaped. */
static void kill_child(struct proc *p)
{
	if (reap(p, 0))
		return;
	kill(-p->pid, SIGTERM);
	if (reap(p, p->base.kill_grace))
		return;
	kill(-p->pid, SIGKILL);
	int st = 0;
	pid_t r;
	while ((r = waitpid(p->pid, &st, 0)) < 0 && errno == EINTR)
		;
	p->wstatus = r == p->pid ? st : -1;
	p->pid = 0;
}

/* ---- its standard error ---- */

static void drain_errors(struct proc *p)
{
	char buf[4096];
	while (p->errfd >= 0) {
		ssize_t n = read(p->errfd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0 || errno != EAGAIN)
				close_fd(&p->errfd);
			return;
		}
		strbuf_add(&p->errtail, buf, (size_t)n);
		if (p->errtail.len > 2 * ERR_KEEP) {
			size_t cut = p->errtail.len - ERR_KEEP;
			memmove(p->errtail.buf, p->errtail.buf + cut, ERR_KEEP);
			strbuf_setlen(&p->errtail, ERR_KEEP);
		}
	}
}

/* How the child ended, if it did, and the end of its standard error,
 * appended to sb: " and exited with status 3; its standard error ends: ...". */
static void describe_end(struct proc *p, struct strbuf *sb)
{
	int ended = !p->pid && p->wstatus >= 0;
	if (ended && WIFEXITED(p->wstatus))
		strbuf_addf(sb, " and exited with status %d", WEXITSTATUS(p->wstatus));
	else if (ended && WIFSIGNALED(p->wstatus))
		strbuf_addf(sb, " and was killed by signal %d (%s)", WTERMSIG(p->wstatus),
			    strsignal(WTERMSIG(p->wstatus)));
	drain_errors(p);
	const char *t = p->errtail.buf;
	size_t len = p->errtail.len;
	while (len && (t[len - 1] == '\n' || t[len - 1] == '\r' || t[len - 1] == ' '))
		len--;
	if (!len)
		return;
	size_t from = len > ERR_SHOW ? len - ERR_SHOW : 0;
	strbuf_adds(sb, "; its standard error ends: ");
	if (from)
		strbuf_adds(sb, "...");
	for (size_t i = from; i < len; i++) {
		unsigned char c = (unsigned char)t[i];
		if (c == '\n')
			strbuf_adds(sb, " / ");
		else
			strbuf_addc(sb, c < 0x20 || c == 0x7f ? ' ' : (char)c);
	}
}

/* Fail the turn: "the system 'NAME' WHAT", how the child ended if it did
 * within wait seconds, and the end of its standard error. */
static enum status fail(struct proc *p, enum system_failure why, double wait, struct error *err,
			const char *what)
{
	reap(p, wait);
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "the system '%s' %s", p->base.name, what);
	describe_end(p, &sb);
	system_fail(&p->base, why, err, "%s", sb.buf);
	strbuf_release(&sb);
	return ST_IO;
}

/* ---- the operations ---- */

static enum status proc_open(struct system *s, const struct system_spec *spec, struct error *err)
{
	struct proc *p = (struct proc *)s;
	p->in = p->out = p->errfd = -1;
	if (!spec->argv || !spec->argv[0] || !spec->argv[0][0])
		return error_set(err, ST_USAGE, "a system of kind 'proc' needs a program to run");
	enum status st = spawn(p, spec->argv, err);
	if (st != ST_OK)
		return st;
	const char *arg = spec->argv[1];
	p->base.name = arg && arg[0] != '-' ? xasprintf("%s %s", base_name(spec->argv[0]), base_name(arg))
				      : xstrdup(base_name(spec->argv[0]));
	p->output = xasprintf("output of '%s'", p->base.name);
	return ST_OK;
}

/* Write what the child takes of the turn now. */
static enum status flush(struct proc *p, struct error *err)
{
	while (p->woff < p->wbuf.len) {
		ssize_t n = write(p->in, p->wbuf.buf + p->woff, p->wbuf.len - p->woff);
		if (n > 0) {
			p->woff += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return ST_OK;
		char what[256];
		snprintf(what, sizeof(what), "closed its input: turn %lu could not be sent (%s)",
			 p->base.turn, n < 0 ? strerror(errno) : "nothing written");
		return fail(p, SYSTEM_FAIL_CLOSED, 0.1, err, what);
	}
	return ST_OK;
}

static enum status proc_send(struct system *s, const struct system_request *req, struct error *err)
{
	struct proc *p = (struct proc *)s;
	strbuf_reset(&p->wbuf);
	p->woff = 0;
	system_json_turn(&p->wbuf, s->turn, req);
	return flush(p, err);
}

static size_t proc_pollfds(struct system *s, struct pollfd *fds, size_t max)
{
	struct proc *p = (struct proc *)s;
	size_t n = 0;
	if (p->in >= 0 && p->woff < p->wbuf.len && n < max)
		fds[n++] = (struct pollfd){ .fd = p->in, .events = POLLOUT };
	if (p->out >= 0 && n < max)
		fds[n++] = (struct pollfd){ .fd = p->out, .events = POLLIN };
	if (p->errfd >= 0 && n < max)
		fds[n++] = (struct pollfd){ .fd = p->errfd, .events = POLLIN };
	return n;
}

/* The whole lines in rbuf, one by one, until a reply or an error. */
static enum system_result take_lines(struct proc *p, struct system_reply *reply, struct error *err)
{
	for (;;) {
		char *nl = p->rbuf.len > p->scanned ? memchr(p->rbuf.buf + p->scanned, '\n', p->rbuf.len - p->scanned)
						     : NULL;
		size_t len = nl ? (size_t)(nl - p->rbuf.buf) : p->rbuf.len;
		if (len > p->base.max_reply) {
			char what[160];
			snprintf(what, sizeof(what), "wrote a reply longer than %zu bytes, the most convqa reads: "
				 "have it send fewer or shorter passages",
				 p->base.max_reply);
			fail(p, SYSTEM_FAIL_TOO_LARGE, 0, err, what);
			return SYSTEM_ERROR;
		}
		if (!nl) {
			p->scanned = p->rbuf.len;
			return SYSTEM_PENDING;
		}
		p->line_no++;
		size_t blank = strspn(p->rbuf.buf, " \t\r");
		enum system_line r = blank == len ? SYSTEM_LINE_SKIP
			: system_json_line(&p->base, p->output, p->line_no, p->rbuf.buf, len, p->base.turn, reply, err);
		memmove(p->rbuf.buf, nl + 1, p->rbuf.len - len - 1);
		strbuf_setlen(&p->rbuf, p->rbuf.len - len - 1);
		p->scanned = 0;
		if (r == SYSTEM_LINE_REPLY)
			return SYSTEM_READY;
		if (r == SYSTEM_LINE_BAD)
			return SYSTEM_ERROR;
	}
}

static enum system_result proc_read(struct system *s, struct system_reply *reply, struct error *err)
{
	struct proc *p = (struct proc *)s;
	if (flush(p, err) != ST_OK)
		return SYSTEM_ERROR;
	drain_errors(p);
	for (;;) {
		enum system_result r = take_lines(p, reply, err);
		if (r != SYSTEM_PENDING)
			return r;
		strbuf_grow(&p->rbuf, 65536);
		ssize_t n = read(p->out, p->rbuf.buf + p->rbuf.len, p->rbuf.cap - p->rbuf.len - 1);
		if (n > 0) {
			p->rbuf.len += (size_t)n;   /* strbuf_setlen() only shortens */
			p->rbuf.buf[p->rbuf.len] = '\0';
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return SYSTEM_PENDING;
		char what[256];
		if (p->rbuf.len)
			snprintf(what, sizeof(what), "ended its output in the middle of its reply to turn %lu "
				 "(an unfinished line of %zu bytes)", s->turn, p->rbuf.len);
		else
			snprintf(what, sizeof(what), "ended its output before its reply to turn %lu%s%s", s->turn,
				 n < 0 ? ": " : "", n < 0 ? strerror(errno) : "");
		close_fd(&p->out);
		fail(p, SYSTEM_FAIL_EXITED, s->kill_grace, err, what);
		return SYSTEM_ERROR;
	}
}

static void proc_stop(struct system *s)
{
	struct proc *p = (struct proc *)s;
	close_fd(&p->in);
	if (p->pid)
		kill_child(p);
	close_fd(&p->out);
	close_fd(&p->errfd);
}

static void proc_release(struct system *s)
{
	struct proc *p = (struct proc *)s;
	free(p->output);
	strbuf_release(&p->wbuf);
	strbuf_release(&p->rbuf);
	strbuf_release(&p->errtail);
}

const struct system_ops system_proc_ops = {
	.kind = "proc",
	.size = sizeof(struct proc),
	.open = proc_open,
	.send = proc_send,
	.pollfds = proc_pollfds,
	.read = proc_read,
	.stop = proc_stop,
	.release = proc_release,
};
