/* tui.c - terminal setup and restore, signals, resizing, the main loop
 * (keys, watched file descriptors and deadlines), and script mode
 * (CONVQA_SCRIPT: keys from a file, drawing to /dev/null, a virtual clock). */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include "convqa/text.h"
#include "tui_internal.h"

/* The longest wait without looking at the signals caught: one that comes
 * just before poll() starts does not interrupt it. */
#define SIGNAL_CHECK_MS 250

static volatile sig_atomic_t caught;
static int curses_on;
static SCREEN *screen;
static FILE *null_out, *null_in;

static void on_signal(int sig)
{
	caught = sig;
}

int tui_caught_signal(void)
{
	return caught;
}

/* Idempotent: safe from every exit path (also atexit). */
static void restore(void)
{
	if (curses_on) {
		curs_set(1);
		endwin();
		curses_on = 0;
	}
	if (screen) {
		delscreen(screen);
		screen = NULL;
	}
	if (null_out) {
		fclose(null_out);
		null_out = NULL;
	}
	if (null_in) {
		fclose(null_in);
		null_in = NULL;
	}
}

static void install_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; /* no SA_RESTART: a signal interrupts the key wait */
	for (size_t i = 0; i < ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &sa, NULL);
	/* a write to a pipe or socket whose reader is gone (a system that
	 * died) fails with EPIPE, which the writer reports, instead of ending
	 * the session */
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
}

/* The character set from the environment (UTF-8 needed; C.UTF-8 if the
 * environment has none); numbers always with a decimal point. */
static enum status ensure_utf8_locale(struct error *err)
{
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	if (strcmp(nl_langinfo(CODESET), "UTF-8") == 0)
		return ST_OK;
	if (setlocale(LC_CTYPE, "C.UTF-8") && strcmp(nl_langinfo(CODESET), "UTF-8") == 0)
		return ST_OK;
	return error_set(err, ST_USAGE, "annotate needs a UTF-8 locale (e.g. LANG=C.UTF-8)");
}

static int env_int(const char *name, int def, int min, int max)
{
	const char *v = getenv(name);
	long n;
	if (v && *v && parse_long(v, min, max, &n) == 0)
		return (int)n;
	return def;
}

/* cmd: the command the UI serves (annotate or adjudicate), for a message. */
static enum status start_curses(int script, const char *cmd, struct error *err)
{
	if (script) {
		const char *term = getenv("TERM");
		null_out = fopen("/dev/null", "w");
		null_in = fopen("/dev/null", "r");
		if (!null_out || !null_in)
			return error_set(err, ST_IO, "cannot open /dev/null");
		screen = newterm(term && *term ? term : "xterm", null_out, null_in);
		if (!screen)
			screen = newterm("xterm", null_out, null_in);
	} else {
		if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
			return error_set(err, ST_USAGE,
					 "%s needs a terminal (for scripted runs set CONVQA_SCRIPT=FILE)", cmd);
		screen = newterm(NULL, stdout, stdin);
	}
	if (!screen)
		return error_set(err, ST_USAGE, "cannot use the terminal (TERM=%s)",
				 getenv("TERM") ? getenv("TERM") : "");
	set_term(screen);
	curses_on = 1;
	if (script)
		resizeterm(env_int("CONVQA_LINES", 24, 1, 1000), env_int("CONVQA_COLUMNS", 80, 1, 1000));
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	return ST_OK;
}

static int use_colours(void)
{
	const char *no = getenv("NO_COLOR");
	if ((no && *no) || !has_colors())
		return 0;
	if (start_color() != OK)
		return 0;
	use_default_colors();
	return 1;
}

/* ---- drawing ---------------------------------------------------------- */

/* Shown instead of any view while the window is too small. */
static const struct view small = { &view_small, NULL };

static int too_small(void)
{
	return COLS < MIN_COLS || LINES < MIN_LINES;
}

static void draw(const struct app *app)
{
	erase();
	const struct view *top = app_view(app);
	if (too_small()) {
		top = &small;
		view_small.draw(app, top);
	} else {
		if (top->ops->overlay && app->n_views > 1) {
			const struct view *below = &app->views[app->n_views - 2];
			below->ops->draw(app, below);
		}
		top->ops->draw(app, top);
	}
	curs_set(top->ops->cursor ? 1 : 0);
	if (!top->ops->cursor)
		move(LINES - 1, COLS - 1);
	refresh();
}

/* Write the screen text (no attributes), one line per row, trailing spaces
 * removed. */
static enum status save_screen(const char *name, struct error *err)
{
	const char *dir = getenv("CONVQA_SCREEN_DIR");
	if (!*name || strchr(name, '/') || strcmp(name, "..") == 0)
		return error_set(err, ST_USAGE, "bad screen name '%s'", name);
	char *path = xasprintf("%s/%s", dir && *dir ? dir : ".", name);
	FILE *f = fopen(path, "w");
	if (!f) {
		enum status st = error_set(err, ST_IO, "cannot write '%s': %s", path, strerror(errno));
		free(path);
		return st;
	}
	struct strbuf line = STRBUF_INIT;
	for (int y = 0; y < LINES; y++) {
		strbuf_reset(&line);
		for (int x = 0; x < COLS;) {
			cchar_t cc;
			wchar_t wch[CCHARW_MAX + 1];
			attr_t attrs;
			short pair;
			int w = 1;
			if (mvin_wch(y, x, &cc) == OK && getcchar(&cc, wch, &attrs, &pair, NULL) == OK) {
				for (int i = 0; i < CCHARW_MAX && wch[i]; i++) {
					char buf[4];
					strbuf_add(&line, buf, text_utf8_encode((uint32_t)wch[i], buf));
				}
				w = wcwidth(wch[0]);
				if (w < 1)
					w = 1;
				if (!wch[0])
					strbuf_addc(&line, ' ');
			} else {
				strbuf_addc(&line, ' ');
			}
			x += w;
		}
		size_t n = line.len;
		while (n > 0 && line.buf[n - 1] == ' ')
			n--;
		strbuf_setlen(&line, n);
		fprintf(f, "%s\n", strbuf_str(&line));
	}
	strbuf_release(&line);
	int bad = ferror(f);
	bad |= fclose(f) != 0;
	enum status st = bad ? error_set(err, ST_IO, "cannot write '%s'", path) : ST_OK;
	free(path);
	return st;
}

/* ---- input ------------------------------------------------------------ */

struct script {
	FILE *f;
	const char *path;
	int line;
	char *buf;
	size_t cap;
	/* pending typed characters from ":type" */
	char *typed;
	size_t typed_off;
	double clock;
};

/* The clock moved to now (virtual in script mode): run the deadlines due
 * and the callbacks of the descriptors ready (without waiting); draw if any
 * ran. */
static void serve(struct app *app, double now)
{
	int key_ready;
	int ran = loop_run_timers(&app->loop, app, now);
	ran += loop_poll(&app->loop, app, -1, 0, &key_ready);
	if (ran && !app->quit)
		draw(app);
}

/* A key at the script's clock + 1 s; 0, or 1 when a callback ended the run. */
static int script_key(struct script *sc, struct app *app)
{
	sc->clock += 1;
	serve(app, sc->clock);
	return app->quit;
}

/* The next key from the script; 0 = a key in *k, 1 = the script ended,
 * -1 = error (err). Commands are carried out here. */
static int script_next(struct script *sc, struct app *app, struct key *k, struct error *err)
{
	for (;;) {
		if (sc->typed) {
			size_t len = strlen(sc->typed + sc->typed_off);
			if (len) {
				uint32_t cp;
				size_t n = text_utf8_decode(sc->typed + sc->typed_off, len, &cp);
				if (!n) {
					cp = 0xfffd;
					n = 1;
				}
				sc->typed_off += n;
				*k = (struct key){ 0, cp };
				return script_key(sc, app);
			}
			free(sc->typed);
			sc->typed = NULL;
		}
		ssize_t n = getline(&sc->buf, &sc->cap, sc->f);
		if (n < 0)
			return 1;
		sc->line++;
		while (n > 0 && (sc->buf[n - 1] == '\n' || sc->buf[n - 1] == '\r'))
			sc->buf[--n] = '\0';
		const char *l = sc->buf;
		if (!*l || *l == '#')
			continue;
		if (strncmp(l, ":save-screen ", 13) == 0) {
			if (save_screen(l + 13, err) != ST_OK)
				return -1;
			continue;
		}
		if (strncmp(l, ":resize ", 8) == 0) {
			int c, r;
			if (sscanf(l + 8, "%d %d", &c, &r) != 2 || c < 1 || r < 1 || c > 1000 || r > 1000) {
				error_set(err, ST_USAGE, "%s:%d: usage: :resize COLUMNS LINES", sc->path, sc->line);
				return -1;
			}
			resizeterm(r, c);
			app_resized(app);
			draw(app);
			continue;
		}
		if (strncmp(l, ":type ", 6) == 0) {
			sc->typed = xstrdup(l + 6);
			sc->typed_off = 0;
			continue;
		}
		if (strncmp(l, ":wait ", 6) == 0) {
			long s;
			if (parse_long(l + 6, 0, 1000000, &s) != 0) {
				error_set(err, ST_USAGE, "%s:%d: usage: :wait SECONDS", sc->path, sc->line);
				return -1;
			}
			sc->clock += (double)s;
			serve(app, sc->clock);
			if (app->quit)
				return 1;
			continue;
		}
		if (key_from_name(l, k) != 0) {
			error_set(err, ST_USAGE, "%s:%d: unknown key or command '%s'", sc->path, sc->line, l);
			return -1;
		}
		return script_key(sc, app);
	}
}

/* A key curses has or the terminal sends within wait_ms; 0 = a key in *k. */
static int read_key(int wait_ms, struct key *k)
{
	wint_t ch;
	timeout(wait_ms);
	int rc = get_wch(&ch);
	if (rc == ERR)
		return -1;
	*k = (struct key){ rc == KEY_CODE_YES, (uint32_t)ch };
	return 0;
}

/* Whether the terminal at fd is gone, once poll() said it is readable and
 * curses read no key: it hung up (a closed terminal whose SIGHUP went to a
 * shell that ignores it), failed, or has no byte to read where poll() says
 * there is input (a read would return 0: end of input). Never a terminal
 * still there: its pending bytes are counted. */
static int terminal_gone(int fd)
{
	struct pollfd p = { fd, POLLIN, 0 };
	int n = 0;
	if (poll(&p, 1, 0) <= 0)
		return 0;
	if (p.revents & (POLLHUP | POLLERR | POLLNVAL))
		return 1;
	return (p.revents & POLLIN) && (ioctl(fd, FIONREAD, &n) != 0 || n == 0);
}

/* The next key from the terminal, running the deadlines and the callbacks
 * of the watched descriptors while it waits; 0 = a key, 1 = a signal (or a
 * fatal error in a callback) asks to stop. A key is read as soon as it
 * comes: poll() wakes for it. A terminal that went away is a hang-up: as
 * if SIGHUP had come (every label is saved already), instead of waking
 * for it without end. */
static int terminal_next(struct app *app, struct key *k)
{
	for (;;) {
		if (caught || app->quit)
			return 1;
		if (read_key(0, k) == 0)
			return 0;   /* read with an earlier one (an escape sequence's tail) */
		int key_ready;
		int ran = loop_run_timers(&app->loop, app, now_monotonic());
		int wait_ms = ran ? 0 : loop_timeout_ms(&app->loop, SIGNAL_CHECK_MS);
		ran += loop_poll(&app->loop, app, STDIN_FILENO, wait_ms, &key_ready);
		if (ran && !app->quit)
			draw(app);
		/* a character's bytes may come apart: wait for the rest */
		if (key_ready && read_key(SIGNAL_CHECK_MS, k) == 0)
			return 0;
		if (key_ready && terminal_gone(STDIN_FILENO)) {
			caught = SIGHUP;
			return 1;
		}
	}
}

/* How long the first screen and the keys took, for CONVQA_TIMING (the
 * benchmarks read it): the average, the 99th percentile and the slowest
 * key (the slowest alone is at the mercy of the machine's other work: what
 * it spent is kept too, its CPU time, its waits and the blocks it read and
 * wrote, so that a slow key tells a busy machine from slow code). */
enum { PH_NOTICE, PH_HANDLE, PH_DRAW, PH_N };   /* the phases of a key, timed apart */
static const char *const phase_names[PH_N] = { "notice", "handle", "draw" };

struct timing {
	double first_ms, sum_ms, max_ms;
	double ph_sum[PH_N], ph_max[PH_N];   /* each phase's total and slowest, ms */
	double ph_at[PH_N + 1];              /* the key's phase boundaries (monotonic s) */
	int keep;                  /* every key's time kept (CONVQA_TIMING names a file) */
	double *ms;                /* every key's, when kept */
	size_t cap;
	long keys;
	/* the slowest key's resources (getrusage around the key, when kept) */
	double max_cpu_ms;
	long max_waits, max_preempted, max_read_kb, max_written_kb;
};

/* The process's CPU time (ms) and resource counts now, for a key's cost. */
struct key_cost {
	double cpu_ms;
	struct rusage ru;
};

static void key_cost_now(struct key_cost *c)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	c->cpu_ms = (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
	getrusage(RUSAGE_SELF, &c->ru);
}

/* Key t0's time (and with before, what it cost) into tm. */
static void timing_add(struct timing *tm, double t0, const struct key_cost *before)
{
	double ms = (now_monotonic() - t0) * 1000.0;
	if (ms > tm->max_ms && tm->keep) {
		struct key_cost after;
		key_cost_now(&after);
		tm->max_cpu_ms = after.cpu_ms - before->cpu_ms;
		tm->max_waits = after.ru.ru_nvcsw - before->ru.ru_nvcsw;
		tm->max_preempted = after.ru.ru_nivcsw - before->ru.ru_nivcsw;
		tm->max_read_kb = (after.ru.ru_inblock - before->ru.ru_inblock) / 2;   /* 512-byte blocks */
		tm->max_written_kb = (after.ru.ru_oublock - before->ru.ru_oublock) / 2;
	}
	for (int i = 0; i < PH_N; i++) {
		double p = (tm->ph_at[i + 1] - tm->ph_at[i]) * 1000.0;
		tm->ph_sum[i] += p;
		if (p > tm->ph_max[i])
			tm->ph_max[i] = p;
	}
	tm->sum_ms += ms;
	if (ms > tm->max_ms)
		tm->max_ms = ms;
	if (tm->keep) {
		xgrow(&tm->ms, &tm->cap, (size_t)tm->keys + 1, sizeof(*tm->ms));
		tm->ms[tm->keys] = ms;
	}
	tm->keys++;
}

static int cmp_ms(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return (a > b) - (a < b);
}

static void write_timing(const char *path, struct timing *tm, const struct app *app)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return;
	double p99 = 0;
	if (tm->keys && tm->ms) {
		qsort(tm->ms, (size_t)tm->keys, sizeof(*tm->ms), cmp_ms);
		p99 = tm->ms[(size_t)((double)(tm->keys - 1) * 0.99)];
	}
	fprintf(f, "first_screen_ms %.3f\nkeys %ld\nkey_ms_avg %.4f\nkey_ms_p99 %.3f\nkey_ms_max %.3f\n",
		tm->first_ms, tm->keys, tm->keys ? tm->sum_ms / (double)tm->keys : 0.0, p99, tm->max_ms);
	fprintf(f, "key_max_cpu_ms %.3f\nkey_max_waits %ld\nkey_max_preempted %ld\nkey_max_read_kb %ld\n"
		"key_max_written_kb %ld\n", tm->max_cpu_ms, tm->max_waits, tm->max_preempted, tm->max_read_kb,
		tm->max_written_kb);
	for (int i = 0; i < PH_N; i++)   /* where a key's time goes: avg and max of each phase */
		fprintf(f, "phase_%s_ms_avg %.4f\nphase_%s_ms_max %.3f\n", phase_names[i],
			tm->keys ? tm->ph_sum[i] / (double)tm->keys : 0.0, phase_names[i], tm->ph_max[i]);
	fprintf(f, "checkpoints %ld\ncheckpoint_ms_avg %.4f\ncheckpoint_ms_max %.3f\n", app->checkpoints,
		app->checkpoints ? app->checkpoint_ms_sum / (double)app->checkpoints : 0.0, app->checkpoint_ms_max);
	fprintf(f, "read_aheads %ld\n", app->read_aheads);
	fclose(f);
}

/* ---- the loop ----------------------------------------------------------------- */

/* The script of keys named by CONVQA_SCRIPT, if any, opened into sc. */
static enum status open_script(struct script *sc, struct error *err)
{
	const char *script = getenv("CONVQA_SCRIPT");
	if (!script || !*script)
		return ST_OK;
	sc->path = script;
	sc->f = fopen(script, "r");
	if (!sc->f)
		return error_set(err, ST_IO, "cannot read script '%s': %s", script, strerror(errno));
	return ST_OK;
}

/* The terminal taken over: signals caught and the screen restored at exit
 * (even by die()), curses started, colours chosen and the loop's clock set;
 * a script runs on a virtual clock, so that its time stamps do not depend
 * on how fast the machine is. */
static enum status open_screen(struct app *app, const struct script *sc, const struct tui_options *o,
			       struct error *err)
{
	install_signals();
	atexit(restore);
	enum status st = start_curses(sc->f != NULL, o->chat ? "chat" : o->adjudication ? "adjudicate" : "annotate", err);
	if (st != ST_OK)
		return st;
	app->colours = use_colours();
	draw_init_styles(app->colours);
	app->loop.virtual_clock = sc->f != NULL;
	app->loop.now = app->last_input = sc->f ? 0 : now_monotonic();
#ifdef CONVQA_TEST_VIEWS   /* the test binaries only (the Makefile's TUI_TEST_OBJS) */
	const char *probe = getenv("CONVQA_TEST_LOOP");
	if (probe && *probe)
		app_do(app, &(struct request){ .kind = REQ_PUSH, .view = &view_probe });
#endif
	return ST_OK;
}

/* One key the rater pressed (k, read at t0): counted as active time, handled
 * by the top view (the "too small" view while the terminal is), carried out
 * and drawn. */
static void press(struct app *app, const struct script *sc, struct key k, double t0, double *at)
{
	app->loop.now = sc->f ? sc->clock : t0;
	at[0] = t0;
	app_input(app, app->loop.now);
	app_notice_changes(app);   /* the key acts on what the project holds */
	at[1] = at[2] = at[3] = now_monotonic();
	if (app->failed)
		return;
	struct input in = { k, keymap_find(&app->keys, k) };
	const struct view *top = too_small() ? &small : app_view(app);
	struct request r = top->ops->handle(app, top, &in);
	app_do(app, &r);
	at[2] = at[3] = now_monotonic();
	if (!app->failed && !app->quit)
		draw(app);
	at[3] = now_monotonic();
}

/* The first screen, then keys (from the script or the terminal) until the
 * rater quits, a signal comes or the app fails; then the times to
 * CONVQA_TIMING, if it names a file. */
static enum status run_keys(struct app *app, struct script *sc, const struct tui_options *o,
			    struct error *err)
{
	const char *timing = getenv("CONVQA_TIMING");
	struct timing tm = { .keep = timing && *timing };
	draw(app);
	tm.first_ms = (now_monotonic() - o->started) * 1000.0;
	app_shown(app);
	if (app->message_kind == MSG_ERROR)
		draw(app);
	while (!app->quit) {
		struct key k;
		int rc = sc->f ? script_next(sc, app, &k, err) : terminal_next(app, &k);
		if (rc < 0) {
			free(tm.ms);
			return err->status;
		}
		if (rc > 0)
			break;
		struct key_cost before;
		if (tm.keep)
			key_cost_now(&before);
		double t0 = now_monotonic();
		if (k.fkey && k.code == KEY_RESIZE) {
			app_resized(app);
			draw(app);   /* not a key the rater pressed: no active time */
			continue;
		}
		press(app, sc, k, t0, tm.ph_at);
		if (app->failed)
			break;
		timing_add(&tm, t0, &before);
		app_key_done(app);
	}
	if (timing && *timing)
		write_timing(timing, &tm, app);
	free(tm.ms);
	if (app->failed) {
		*err = app->err;
		return err->status;
	}
	return ST_OK;
}

enum status tui_run(struct store *s, const struct tui_options *o, struct error *err)
{
	struct app app;
	struct script sc = { 0 };
	enum status st;

	if (actions_check(err) != 0)
		return err->status;
	st = ensure_utf8_locale(err);
	if (st != ST_OK)
		return st;
	st = open_script(&sc, err);
	if (st != ST_OK)
		return st;
	st = app_init(&app, s, o, err);
	if (st != ST_OK)
		goto out;
	st = open_screen(&app, &sc, o, err);
	if (st != ST_OK)
		goto out;
	st = run_keys(&app, &sc, o, err);
out:
	restore();
	if (sc.f)
		fclose(sc.f);
	free(sc.buf);
	free(sc.typed);
	app_release(&app);
	return st;
}
