/* cli.c - option parsing and generated help for the subcommands. */
#include "convqa/cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "convqa/common.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"

static const char *db_path;

const char *cli_db_path(void)
{
	if (db_path)
		return db_path;
	const char *env = getenv("CONVQA_DB");
	return env && *env ? env : "convqa.db";
}

void cli_set_db_path(const char *path)
{
	db_path = path;
}

void cli_print_message(const char *msg)
{
	struct strbuf sb = STRBUF_INIT;
	text_sanitize(&sb, msg, strlen(msg), TEXT_NEWLINES);
	fprintf(stderr, "%s\n", strbuf_str(&sb));
	strbuf_release(&sb);
}

void report_error(const char *fmt, ...)
{
	char msg[sizeof(((struct error *)0)->msg) + 64];
	va_list ap;
	int n = snprintf(msg, sizeof(msg), "convqa: ");
	va_start(ap, fmt);
	vsnprintf(msg + n, sizeof(msg) - (size_t)n, fmt, ap);
	va_end(ap);
	cli_print_message(msg);
}

int cli_open_project(int flags, struct store **s)
{
	struct error err;
	if (store_open(cli_db_path(), flags, s, &err) != ST_OK) {
		report_error("%s", err.msg);
		return err.status;
	}
	return ST_OK;
}

enum status cli_output_open(struct cli_output *o, const char *path, struct error *err)
{
	o->fp = stdout;
	o->tmp = NULL;
	o->path = path && strcmp(path, "-") != 0 ? path : NULL;
	if (!o->path)
		return ST_OK;
	o->tmp = xasprintf("%s.tmp.%ld", o->path, (long)getpid());
	o->fp = fopen(o->tmp, "w");
	if (!o->fp) {
		enum status st = error_set(err, ST_IO, "cannot write '%s': %s", o->path, strerror(errno));
		free(o->tmp);
		o->tmp = NULL;
		return st;
	}
	return ST_OK;
}

enum status cli_output_close(struct cli_output *o, enum status st, struct error *err)
{
	if (!o->path) {
		if (fflush(stdout) != 0 && st == ST_OK)
			st = error_set(err, ST_IO, "cannot write to standard output: %s", strerror(errno));
		return st;
	}
	if (fclose(o->fp) != 0 && st == ST_OK)
		st = error_set(err, ST_IO, "cannot write '%s': %s", o->path, strerror(errno));
	if (st == ST_OK && rename(o->tmp, o->path) != 0)
		st = error_set(err, ST_IO, "cannot write '%s': %s", o->path, strerror(errno));
	if (st != ST_OK)
		unlink(o->tmp);
	free(o->tmp);
	o->tmp = NULL;
	o->fp = NULL;
	return st;
}

static void print_opt(const char *name, char short_name, const char *arg, const char *help)
{
	char left[64];
	int n = 0;
	if (short_name)
		n = snprintf(left, sizeof(left), "-%c, --%s", short_name, name);
	else
		n = snprintf(left, sizeof(left), "    --%s", name);
	if (arg && n >= 0 && (size_t)n < sizeof(left))
		snprintf(left + n, sizeof(left) - (size_t)n, " %s", arg);
	printf("  %-26s %s\n", left, help);
}

void cli_print_help(const struct cli_spec *spec)
{
	printf("usage: convqa %s %s\n\n%s\n", spec->name, spec->usage, spec->summary);
	if (spec->description)
		printf("\n%s\n", spec->description);
	printf("\noptions:\n");
	for (const struct cli_opt *o = spec->opts; o && o->name; o++)
		print_opt(o->name, o->short_name, o->arg, o->help);
	print_opt("db", 0, "PATH", "project file (default: $CONVQA_DB, else ./convqa.db)");
	print_opt("help", 'h', NULL, "show this help and exit");
}

static int usage_error(const struct cli_spec *spec, const char *fmt, const char *what)
{
	fprintf(stderr, "convqa %s: ", spec->name);
	fprintf(stderr, fmt, what);
	fprintf(stderr, "\nusage: convqa %s %s (see: convqa help %s)\n", spec->name, spec->usage, spec->name);
	return ST_USAGE;
}

static const struct cli_opt *find_long(const struct cli_spec *spec, const char *name, size_t len)
{
	for (const struct cli_opt *o = spec->opts; o && o->name; o++)
		if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
			return o;
	return NULL;
}

static const struct cli_opt *find_short(const struct cli_spec *spec, char c)
{
	for (const struct cli_opt *o = spec->opts; o && o->name; o++)
		if (o->short_name == c)
			return o;
	return NULL;
}

int cli_parse(const struct cli_spec *spec, int argc, char **argv, char ***args, int *nargs)
{
	int n = 0, only_args = 0;
	char **pos = argv + 1; /* positional arguments are compacted in place */

	for (int i = 1; i < argc; i++) {
		char *a = argv[i];
		if (only_args || a[0] != '-' || !a[1]) {
			pos[n++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_args = 1;
			continue;
		}
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			cli_print_help(spec);
			return ST_OK;
		}
		const struct cli_opt *o;
		const char *inline_val = NULL;
		if (a[1] == '-') {
			const char *name = a + 2;
			const char *eq = strchr(name, '=');
			size_t len = eq ? (size_t)(eq - name) : strlen(name);
			if (len == 2 && strncmp(name, "db", 2) == 0) {
				const char *v = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
				if (!v || !*v)
					return usage_error(spec, "option '%s' needs a value", "--db");
				cli_set_db_path(v);
				continue;
			}
			o = find_long(spec, name, len);
			if (!o)
				return usage_error(spec, "unknown option '%s'", a);
			inline_val = eq ? eq + 1 : NULL;
		} else {
			o = find_short(spec, a[1]);
			if (!o)
				return usage_error(spec, "unknown option '%s'", a);
			if (a[2])
				inline_val = a + 2;
		}
		if (o->arg) {
			const char *v = inline_val ? inline_val : (i + 1 < argc ? argv[++i] : NULL);
			if (!v)
				return usage_error(spec, "option '%s' needs a value", a);
			*o->value = v;
		} else {
			if (inline_val)
				return usage_error(spec, "option '%s' takes no value", a);
			*o->flag = 1;
		}
	}
	if (n < spec->min_args)
		return usage_error(spec, "%s", n ? "too few arguments" : "missing arguments");
	if (spec->max_args >= 0 && n > spec->max_args)
		return usage_error(spec, "unexpected argument '%s'", pos[spec->max_args]);
	*args = pos;
	*nargs = n;
	return CLI_RUN;
}
