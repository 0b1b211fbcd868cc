/* cmd_guidelines.c - convqa guidelines set FILE | show | list: the
 * project's annotation guidelines, for one task (--task) or for every task
 * (store.h). annotate shows them, once after each change. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "convqa/access.h"
#include "convqa/cli.h"
#include "convqa/scheme.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"

/* The largest guidelines file: a document raters read, not a data set. */
#define GUIDELINES_MAX ((size_t)1024 * 1024)

/* The options, given to the actions as c->data. */
static struct guidelines_opts {
	const char *task;
} options;
static const struct cli_opt opts[] = {
	{ "task", 't', "TASK", "the guidelines of one task (a scheme's name; default: every task)", &options.task, NULL },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

/* "for every task" / "for task 'turn'" */
static char *for_task(const char *task)
{
	return task ? xasprintf("for task '%s'", task) : xstrdup("for every task");
}

static size_t count_lines(const char *text)
{
	size_t n = 0, len = strlen(text);
	for (size_t i = 0; i < len; i++)
		n += text[i] == '\n';
	return n + (len && text[len - 1] != '\n');
}

/* The task a user named exists (a built-in or the project's scheme):
 * ST_INPUT listing the schemes when it does not. */
static enum status check_task(struct cmd_ctx *c)
{
	const struct guidelines_opts *o = c->data;
	struct scheme *sc = NULL;
	if (!o->task)
		return ST_OK;
	enum status st = scheme_load(c->store, o->task, &sc, &c->err);
	scheme_free(sc);
	if (st == ST_INPUT) {
		cli_printf(stderr, "convqa guidelines: %s\n", c->err.msg);
		c->err.msg[0] = '\0';
	}
	return st;
}

/* ---- reading the file ------------------------------------------------------ */

/* Line and column (in characters, both 1-based) of byte offset off. */
static void position(const char *s, size_t off, size_t *line, size_t *col)
{
	*line = *col = 1;
	for (size_t i = 0; i < off; i++) {
		if (s[i] == '\n') {
			++*line;
			*col = 1;
		} else if (((unsigned char)s[i] & 0xc0) != 0x80) {
			++*col;
		}
	}
}

/* The file's text, at most GUIDELINES_MAX bytes: *buf (caller frees). */
static enum status read_text(const char *file, char **buf, size_t *len, struct error *err)
{
	struct stat sb;
	FILE *f = fopen(file, "rb");
	if (!f)
		return error_set(err, ST_IO, "cannot open '%s': %s", file, strerror(errno));
	if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) && (uintmax_t)sb.st_size > GUIDELINES_MAX) {
		fclose(f);
		return error_set(err, ST_INPUT, "%s: %jd bytes: guidelines are at most 1 MiB (%zu bytes)", file,
				 (intmax_t)sb.st_size, GUIDELINES_MAX);
	}
	char *what = xasprintf("'%s'", file);
	enum status st = read_stream(f, what, GUIDELINES_MAX, buf, len, err);
	free(what);
	fclose(f);
	return st;
}

/* Guidelines are UTF-8 text with something in it: the first NUL byte or
 * invalid sequence is refused with its line and column (FILE:LINE:COL:, as
 * the task importer does). A UTF-8 byte order mark is dropped. */
static enum status check_text(const char *file, char **buf, size_t *len, struct error *err)
{
	char *s = *buf;
	if (*len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
		memmove(s, s + 3, *len - 3 + 1);
		*len -= 3;
	}
	size_t bad = text_utf8_check(s, *len);
	const char *nul = memchr(s, '\0', *len);
	size_t line, col;
	if (nul && (size_t)(nul - s) < bad) {
		position(s, (size_t)(nul - s), &line, &col);
		return error_set(err, ST_INPUT, "%s:%zu:%zu: a NUL byte: guidelines are text, and this looks like a "
				 "binary file", file, line, col);
	}
	if (bad < *len) {
		position(s, bad, &line, &col);
		return error_set(err, ST_INPUT, "%s:%zu:%zu: invalid UTF-8: guidelines are UTF-8 text", file, line, col);
	}
	if (text_blank(s, *len))
		return error_set(err, ST_INPUT, "%s: %s: expected the guidelines text", file,
				 *len ? "nothing but white space" : "empty file");
	return ST_OK;
}

/* ---- set ---------------------------------------------------------------------- */

/* The tasks of the project with guidelines of their own, ", "-separated,
 * into out, and how many into *k. */
static enum status own_tasks(struct cmd_ctx *c, struct strbuf *out, size_t *k)
{
	struct store_guidelines *rows;
	size_t n;
	enum status st = store_guidelines_list(c->store, &rows, &n, &c->err);
	if (st != ST_OK)
		return st;
	*k = 0;
	for (size_t i = 0; i < n; i++)
		if (rows[i].task && (i + 1 == n || strcmp(rows[i].task, rows[i + 1].task) != 0)) {
			strbuf_addf(out, "%s%s", *k ? ", " : "", rows[i].task);
			(*k)++;
		}
	store_guidelines_rows_free(rows, n);
	return ST_OK;
}

/* After a change of the guidelines for every task: the tasks with
 * guidelines of their own, whose raters go on seeing those. */
static enum status tell_own(struct cmd_ctx *c)
{
	struct strbuf tasks = STRBUF_INIT;
	size_t k;
	enum status st = own_tasks(c, &tasks, &k);
	if (st == ST_OK && k == 1)
		cli_printf(stdout, "(task %s has guidelines of its own: its raters see those)\n", strbuf_str(&tasks));
	else if (st == ST_OK && k)
		cli_printf(stdout, "(tasks %s have guidelines of their own: their raters see those)\n",
			   strbuf_str(&tasks));
	strbuf_release(&tasks);
	return st;
}

static int run_set(struct cmd_ctx *c, const char *file)
{
	const struct guidelines_opts *o = c->data;
	char *text = NULL;
	size_t len;
	enum status st = check_task(c);
	if (st != ST_OK)
		return st;
	st = read_text(file, &text, &len, &c->err);
	if (st == ST_OK)
		st = check_text(file, &text, &len, &c->err);
	if (st == ST_INPUT) {
		cli_print_message(c->err.msg);   /* FILE:LINE:COL: ..., FILE: ... */
		c->err.msg[0] = '\0';
	}
	if (st != ST_OK) {
		free(text);
		return st;
	}
	/* the guidelines are the coordinators' (when the project has one bound) */
	st = access_check_coordinator(c->store, "set guidelines", &c->err);
	if (st != ST_OK) {
		free(text);
		return st;
	}
	enum store_put res;
	struct store_guidelines cur;
	st = store_guidelines_set(c->store, o->task, text, &res, &cur, &c->err);
	free(text);
	if (st != ST_OK)
		return st;
	char *what = for_task(o->task);
	size_t lines = count_lines(cur.text);
	if (res == PUT_SAME)
		cli_printf(stdout, "unchanged: the project has the same guidelines %s (version %ld)\n", what, cur.version);
	else
		cli_printf(stdout, "%s the guidelines %s (version %ld, %zu line%s): each rater sees them once, when "
			   "annotate next starts\n", res == PUT_NEW ? "set" : "changed", what, cur.version, lines,
			   lines == 1 ? "" : "s");
	free(what);
	store_guidelines_release(&cur);
	if (res != PUT_SAME && !o->task)
		st = tell_own(c);
	return st;
}

/* ---- show -------------------------------------------------------------------- */

/* Why there is nothing to show, and what there is instead. */
static enum status show_none(struct cmd_ctx *c)
{
	const struct guidelines_opts *o = c->data;
	struct strbuf tasks = STRBUF_INIT;
	size_t k;
	enum status st = own_tasks(c, &tasks, &k);
	if (st != ST_OK) {
		strbuf_release(&tasks);
		return st;
	}
	char *what = for_task(o->task);
	if (k)   /* only other tasks': none for every task */
		cli_printf(stderr, "convqa guidelines: the project has no guidelines %s (it has guidelines for: %s; "
			   "show them with --task TASK)\n", what, strbuf_str(&tasks));
	else
		cli_printf(stderr, "convqa guidelines: the project has no guidelines (set them with: convqa "
			   "guidelines set FILE)\n");
	free(what);
	strbuf_release(&tasks);
	return ST_INPUT;
}

static int run_show(struct cmd_ctx *c)
{
	const struct guidelines_opts *o = c->data;
	struct store_guidelines g;
	enum status st = check_task(c);
	if (st == ST_OK)
		st = store_guidelines_get(c->store, o->task, 0, &g, &c->err);
	if (st != ST_OK)
		return st;
	if (!g.id)
		return show_none(c);
	size_t len = strlen(g.text);
	cli_printf(stdout, "%s%s", g.text, len && g.text[len - 1] == '\n' ? "" : "\n");
	store_guidelines_release(&g);
	return ST_OK;
}

/* ---- list -------------------------------------------------------------------- */

static int run_list(struct cmd_ctx *c)
{
	struct store_guidelines *rows;
	size_t n;
	enum status st = store_guidelines_list(c->store, &rows, &n, &c->err);
	if (st != ST_OK)
		return st;
	if (!n)
		cli_printf(stdout, "the project has no guidelines (set them with: convqa guidelines set FILE)\n");
	int w = (int)strlen("every task");
	for (size_t i = 0; i < n; i++)
		if (rows[i].task && (int)strlen(rows[i].task) > w)
			w = (int)strlen(rows[i].task);
	for (size_t i = 0; i < n; i++) {
		const struct store_guidelines *g = &rows[i];
		int current = i + 1 == n || (g->task ? !rows[i + 1].task || strcmp(g->task, rows[i + 1].task) != 0 :
					     rows[i + 1].task != NULL);
		size_t lines = count_lines(g->text);
		/* set_at: "2024-05-01T10:00:00.000Z" shown as "2024-05-01 10:00" */
		cli_printf(stdout, "%-*s  v%-3ld%.10s %.5s  %4zu line%s  seen by %ld rater%s%s\n", w,
			   g->task ? g->task : "every task", g->version, g->set_at,
			   strlen(g->set_at) > 11 ? g->set_at + 11 : "", lines, lines == 1 ? " " : "s", g->seen_by,
			   g->seen_by == 1 ? "" : "s", current ? "  current" : "");
	}
	store_guidelines_rows_free(rows, n);
	return ST_OK;
}

/* ---- the command -------------------------------------------------------------- */

static int run_set_file(struct cmd_ctx *c)
{
	return run_set(c, c->args[1]);
}

static const struct cli_action actions[] = {
	{ "set", "set [--task TASK] FILE", 1, run_set_file, 0 },
	{ "show", "show [--task TASK]", 0, run_show, CMD_READONLY },
	{ "list", "list", 0, run_list, CMD_READONLY },
	{ NULL, NULL, 0, NULL, 0 },
};

static int check(struct cmd_ctx *c)
{
	const struct guidelines_opts *o = c->data;
	if (o->task && c->action->run == run_list) {
		cli_printf(stderr, "convqa guidelines: --task goes with set and show\n");
		return ST_USAGE;
	}
	return CLI_RUN;
}

const struct cmd_entry cmd_guidelines_entry = {
	{ "guidelines", "set [--task TASK] FILE | show [--task TASK] | list",
	  "set and show the annotation guidelines raters see",
	  "The project keeps annotation guidelines for every task and, with --task, for\n"
	  "one task (a scheme's name); a rater of a task is shown its own, else those for\n"
	  "every task, followed by what the task's scheme asks and its keys. set reads a\n"
	  "UTF-8 text file of at most 1 MiB (Markdown or plain text, shown as it is) and\n"
	  "adds it as a new version; the same text again changes nothing. Each rater sees\n"
	  "a new version once: annotate opens on the guidelines and says they changed.\n"
	  "show prints the guidelines a rater of the task is shown; list lists every\n"
	  "version with its date and how many raters have seen it.",
	  opts, 1, 2, actions },
	CMD_PROJECT, NULL, check, NULL, NULL, &options, NULL,
};
