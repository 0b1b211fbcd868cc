/* cli.c - option parsing and generated help for the subcommands. */
#include "convqa/cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "convqa/common.h"
#include "convqa/labelling.h"
#include "convqa/lock.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"
#include "convqa/tui.h"

static const char *db_path;

const char *cli_db_path(void)
{
	if (db_path)
		return db_path;
	const char *env = getenv("CONVQA_DB");
	return env && *env ? env : "convqa.db";
}

enum status cli_no_project(struct error *err)
{
	const char *env = getenv("CONVQA_DB"), *p = cli_db_path();
	if (db_path || (env && *env))
		return error_set(err, ST_STORE, "no project at '%s' (create one with: convqa init --db %s)", p, p);
	return error_set(err, ST_STORE, "no project at '%s', the default without --db or $CONVQA_DB (name "
			 "yours with --db PATH, or create one with: convqa init --db %s)", p, p);
}

const char *cli_db_name(void)
{
	const char *db = cli_db_path(), *slash = strrchr(db, '/');
	return slash ? slash + 1 : db;
}

int cli_check_stdin_once(const struct cmd_ctx *c)
{
	int dashes = 0;
	for (int i = 0; i < c->nargs; i++)
		dashes += strcmp(c->args[i], "-") == 0;
	if (dashes <= 1)
		return CLI_RUN;
	cli_printf(stderr, "convqa %s: '-' (standard input) is given %d times: it can be read once\n",
		   c->entry->spec.name, dashes);
	return ST_USAGE;
}

int cli_session_check(void)
{
	struct error err;
	if (tui_check_tables(&err) == 0)
		return ST_OK;
	report_error("%s", err.msg);
	return ST_USAGE;
}

/* Close the project of a command that ran: one that may have written packs
 * the label rows not packed yet first (store_label_pack: never waiting for
 * the lock; a failure loses nothing, the next command packs them). */
/* Packing that will take a while (labels of an upgraded project, or
 * written around convqa: about a second a million rows) is said once, so
 * that the wait is not taken for a hang. */
#define PACK_NOTE_ROWS 1000000

static void pack_note(void *ctx, int64_t packed, int64_t due)
{
	int *said = ctx;
	if (*said || due < PACK_NOTE_ROWS)
		return;
	*said = 1;
	report_error("packing the project's label rows for faster reports: %lld done, %lld to go (once; about a "
		     "second a million)", (long long)packed, (long long)due);
}

static void close_project(struct cmd_ctx *c, int rc)
{
	struct error err;
	unsigned setup = c->entry->flags | (c->action ? c->action->flags : 0);
	int said = 0;
	if (c->store && rc == ST_OK && !(setup & CMD_READONLY))
		store_label_pack_progress(c->store, pack_note, &said, &err);
	store_close(c->store);
	c->store = NULL;
}

int cli_session_end(struct cmd_ctx *c, enum status st, int sig)
{
	close_project(c, sig ? ST_STORE : st);   /* a signal ends the session at once */
	if (st != ST_OK || !sig)
		return st;
	if (c->entry->release)
		c->entry->release(c);
	signal(sig, SIG_DFL);
	raise(sig);
	return 128 + sig;
}

int cli_session_rater(const char *cmd, const char *who, const char *rater)
{
	struct error err;
	if (!rater || !*rater) {
		report_error("%s: %s give --rater NAME (or set $USER)", cmd, who);
		return ST_USAGE;
	}
	if (labelling_rater_check(rater, &err) != ST_OK) {
		report_error("%s: %s (give --rater NAME)", cmd, err.msg);
		return ST_INPUT;
	}
	return ST_OK;
}

void cli_set_db_path(const char *path)
{
	db_path = path;
}

void cli_print_message(const char *msg)
{
	cli_printf(stderr, "%s\n", msg);
}

/* prefix, then fmt formatted and made inert, to f */
static void vprint(FILE *f, const char *prefix, const char *fmt, va_list ap)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, prefix);
	text_sanitize_vfmt(&sb, TEXT_NEWLINES, fmt, ap);
	fwrite(sb.buf ? sb.buf : "", 1, sb.len, f);
	strbuf_release(&sb);
}

void cli_printf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprint(f, "", fmt, ap);
	va_end(ap);
}

void report_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprint(stderr, "convqa: ", fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Open the project at cli_db_path() (flags as for store_open); on failure
 * print the reason and return its status. */
static int cli_open_project(int flags, struct store **s)
{
	struct error err;
	struct stat sb;
	if (store_open(cli_db_path(), flags, s, &err) != ST_OK) {
		if (!(flags & STORE_CREATE) && stat(cli_db_path(), &sb) != 0 && errno == ENOENT)
			cli_no_project(&err);
		report_error("%s", err.msg);
		return err.status;
	}
	return ST_OK;
}

/* Follow the symbolic links at path to the name shell redirection would
 * write (which need not exist yet). Caller frees. NULL when the links loop. */
static char *resolve_links(const char *path)
{
	char *p = xstrdup(path);
	for (int hops = 0; hops < 40; hops++) {
		struct stat st;
		if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode))
			return p;
		char target[PATH_MAX];
		ssize_t n = readlink(p, target, sizeof(target) - 1);
		if (n < 0) {
			free(p);
			return NULL;
		}
		target[n] = '\0';
		const char *slash = strrchr(p, '/');
		char *next = target[0] == '/' || !slash ? xstrdup(target)
							: xasprintf("%.*s/%s", (int)(slash - p), p, target);
		free(p);
		p = next;
	}
	free(p);
	errno = ELOOP;
	return NULL;
}

/* A temporary file beside target, created exclusively (never a name someone
 * planted), with the mode the new file should end up with. */
static int open_temp(struct cli_output *o, const char *target, mode_t mode)
{
	const char *slash = strrchr(target, '/');
	const char *base = slash ? slash + 1 : target;
	o->tmp = slash ? xasprintf("%.*s/.%s.XXXXXX", (int)(slash - target), target, base)
		       : xasprintf(".%s.XXXXXX", base);
	int fd = mkstemp(o->tmp);
	if (fd < 0)
		return -1;
	if (fchmod(fd, mode) != 0) {
		int e = errno;
		close(fd);
		unlink(o->tmp);
		errno = e;
		return -1;
	}
	return fd;
}

static mode_t new_file_mode(void)
{
	mode_t mask = umask(0);
	umask(mask);
	return 0666 & ~mask;
}

/* Whether the file at path begins as an SQLite database does. */
static int is_sqlite(const char *path)
{
	static const char magic[16] = "SQLite format 3";   /* and its NUL */
	char head[16];
	int fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, head, sizeof(head)) : -1;
	if (fd >= 0)
		close(fd);
	return n == (ssize_t)sizeof(head) && memcmp(head, magic, sizeof(head)) == 0;
}

/* Whether the files at a and b are one file (both exist). */
static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* The files SQLite keeps beside a database, and the project's session lock
 * (cli_lock_rater): replacing one under a live connection loses labels or
 * lets a second session in. */
static const struct {
	const char *suffix, *what;
} side_files[] = {
	{ "-wal", "write-ahead log" },
	{ "-shm", "shared-memory index" },
	{ "-journal", "rollback journal" },
	{ "-annotate.lock", "session lock file" },
};

/* What the file at target (links followed) is beside a SQLite database, as
 * "the project's write-ahead log (T)", into what[]; 0 when nothing. */
static int side_file(const char *target, char *what, size_t size)
{
	size_t len = strlen(target);
	char *real = realpath(cli_db_path(), NULL);
	int found = 0;
	for (size_t i = 0; i < ARRAY_SIZE(side_files) && !found; i++) {
		size_t n = strlen(side_files[i].suffix);
		char *base = len > n && strcmp(target + len - n, side_files[i].suffix) == 0
				     ? xstrndup(target, len - n) : NULL;
		char *own = real ? xasprintf("%s%s", real, side_files[i].suffix) : NULL;
		int project = (base && same_file(base, cli_db_path())) || (own && same_file(own, target));
		if (project || (base && is_sqlite(base))) {
			snprintf(what, size, project ? "the project's %s (%s)" : "the %s of a SQLite database (%s)",
				 side_files[i].what, target);
			found = 1;
		}
		free(base);
		free(own);
	}
	free(real);
	return found;
}

/* What to do when -o path cannot be opened (e: its errno), or "". */
static char *output_hint(const char *path, int e)
{
	const char *slash = strrchr(path, '/');
	if (e == EISDIR)
		return xasprintf(" (-o takes a file name, such as %s/out.txt)", path);
	if (e == ENOENT && slash && slash > path)
		return xasprintf(" (no directory '%.*s': create it first, or give -o a path in one that exists)",
				 (int)(slash - path), path);
	return xstrdup("");
}

enum status cli_output_open(struct cli_output *o, const char *path, struct error *err)
{
	memset(o, 0, sizeof(*o));
	o->fp = stdout;
	o->path = path && strcmp(path, "-") != 0 ? path : NULL;
	if (!o->path)
		return ST_OK;
	struct stat st;
	int fd = -1, exists = stat(o->path, &st) == 0;
	char what[PATH_MAX + 64] = "";
	char *target = resolve_links(o->path);
	if (exists && S_ISREG(st.st_mode) && is_sqlite(o->path)) {
		int project = same_file(o->path, cli_db_path());
		snprintf(what, sizeof(what), "%s", project ? "the project itself" : "a SQLite database (a project?)");
	} else if (target) {
		side_file(target, what, sizeof(what));
	}
	free(target);
	if (what[0]) {
		enum status s = error_set(err, ST_IO, "-o %s would replace %s: give the output another name",
					  o->path, what);
		memset(o, 0, sizeof(*o));
		return s;
	}
	if (exists && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
	} else if (exists && !S_ISREG(st.st_mode)) {
		/* a device, FIFO or terminal: written in place, as '>' would */
		fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	} else if ((o->target = resolve_links(o->path)) != NULL) {
		/* a regular file or a new name: replaced atomically (a symbolic link
		 * is followed, so its target is replaced and the link stays) */
		fd = open_temp(o, o->target, exists ? st.st_mode & 07777 : new_file_mode());
	}
	if (fd < 0 || !(o->fp = fdopen(fd, "w"))) {
		char *hint = output_hint(o->path, errno);
		enum status s = error_set(err, ST_IO, "cannot write '%s': %s%s", o->path, strerror(errno), hint);
		free(hint);
		if (fd >= 0)
			close(fd);
		if (fd >= 0 && o->tmp)
			unlink(o->tmp);
		free(o->tmp);
		free(o->target);
		memset(o, 0, sizeof(*o));
		return s;
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
	if (st == ST_OK && o->tmp && (fflush(o->fp) != 0 || fsync(fileno(o->fp)) != 0))
		st = error_set(err, ST_IO, "cannot write '%s': %s", o->path, strerror(errno));
	if (fclose(o->fp) != 0 && st == ST_OK)
		st = error_set(err, ST_IO, "cannot write '%s': %s", o->path, strerror(errno));
	if (o->tmp && st == ST_OK && rename(o->tmp, o->target) != 0)
		st = error_set(err, ST_IO, "cannot write '%s': %s", o->path, strerror(errno));
	if (o->tmp && st != ST_OK)
		unlink(o->tmp);
	free(o->tmp);
	free(o->target);
	o->tmp = o->target = NULL;
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
	/* the help wrapped to 80 columns, continued under itself */
	enum { INDENT = 29, WIDTH = 80 };
	int col = printf("  %-26s", left);
	const char *w = help;
	while (*w) {
		size_t len = strcspn(w, " ");
		if (col > INDENT && col + 1 + (int)len > WIDTH)
			col = printf("\n%*s", INDENT - 1, "") - 1;
		col += printf(" %.*s", (int)len, w);
		w += len;
		w += strspn(w, " ");
	}
	printf("\n");
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
	char msg[256];
	snprintf(msg, sizeof(msg), fmt, what);
	cli_printf(stderr, "convqa %s: %s\nusage: convqa %s %s (see: convqa help %s)\n", spec->name, msg, spec->name,
		   spec->usage, spec->name);
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

/* Every option value given, in order, with where it went (cli_option_values()). */
static struct {
	const char **value;
	const char *given;
} *given_values;
static size_t n_given;

size_t cli_option_values(const char *const *value, const char ***out)
{
	size_t n = 0;
	*out = xcalloc(n_given + 1, sizeof(**out));
	for (size_t i = 0; i < n_given; i++)
		if (given_values[i].value == value)
			(*out)[n++] = given_values[i].given;
	return n;
}

static void remember_value(const char **value, const char *v)
{
	given_values = xrealloc(given_values, (n_given + 1) * sizeof(*given_values));
	given_values[n_given].value = value;
	given_values[n_given++].given = v;
}

static int cli_parse(const struct cli_spec *spec, int argc, char **argv, char ***args, int *nargs)
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
			remember_value(o->value, v);
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

/* The action c->args[0] names, with its number of arguments: CLI_RUN with
 * c->action set, else ST_USAGE (said). */
static int find_action(const struct cli_spec *spec, struct cmd_ctx *c)
{
	const struct cli_action *a = spec->actions;
	while (a->name && (!c->nargs || strcmp(a->name, c->args[0]) != 0))
		a++;
	if (!a->name) {
		struct strbuf names = STRBUF_INIT;
		for (a = spec->actions; a->name; a++)
			strbuf_addf(&names, "%s%s", a == spec->actions ? "" : ", ", a->name);
		cli_printf(stderr, "convqa %s: unknown action '%s' (expected: %s)\n", spec->name,
			   c->nargs ? c->args[0] : "", names.buf ? names.buf : "");
		strbuf_release(&names);
		return ST_USAGE;
	}
	if (c->nargs - 1 != a->nargs) {
		cli_printf(stderr, "convqa %s: usage: convqa %s %s\n", spec->name, spec->name, a->usage);
		return ST_USAGE;
	}
	c->action = a;
	return CLI_RUN;
}

int cli_run_command(const struct cmd_entry *e, int argc, char **argv)
{
	struct cmd_ctx c = { .entry = e, .data = e->data };
	if (e->prepare)
		e->prepare();
	int rc = cli_parse(&e->spec, argc, argv, &c.args, &c.nargs);
	if (rc != CLI_RUN)
		return rc;
	if (e->flags & CMD_RATER)
		c.rater = e->rater_opt && *e->rater_opt ? *e->rater_opt : getenv("USER");
	rc = e->spec.actions ? find_action(&e->spec, &c) : CLI_RUN;
	if (rc == CLI_RUN && e->check)
		rc = e->check(&c);
	struct stat sb;
	int none = (e->flags & CMD_PROJECT_IF_ANY) && stat(cli_db_path(), &sb) != 0 && errno == ENOENT;
	unsigned setup = e->flags | (c.action ? c.action->flags : 0);
	if (rc == CLI_RUN && (setup & CMD_PROJECT) && !none) {
		int flags = (setup & CMD_NEW_PROJECT ? STORE_CREATE | STORE_MUST_BE_NEW : 0) |
			    (setup & CMD_READONLY ? STORE_READ_ONLY : 0);
		if ((rc = cli_open_project(flags, &c.store)) == ST_OK)
			rc = CLI_RUN;
	}
	if (rc == CLI_RUN) {
		rc = c.action ? c.action->run(&c) : e->run(&c);
		if (rc != ST_OK && c.err.msg[0])
			report_error("%s", c.err.msg);
	}
	close_project(&c, rc);
	if (e->release)
		e->release(&c);
	return rc;
}

/* One session per rater and project: two at once would each show labels
 * the other has changed (a double press that looks like "set already" is a
 * change lost, an undo clears the other's value). The lock is a byte of
 * "<project>-annotate.lock" beside the project (the real path: a symbolic
 * link to the project shares its lock); the kernel drops it when the
 * process ends, however it ends. annotate and adjudicate share it: a
 * rater's session is one or the other. */
enum status cli_lock_rater(struct lock *l, const char *db, const char *rater, const char *command,
			   struct error *err)
{
	char *real = realpath(db, NULL);
	const char *project = real ? real : db;
	char *path = xasprintf("%s-annotate.lock", project);
	int annotate = strcmp(command, "annotate") == 0;
	enum status st = ST_OK;
	switch (lock_take(l, path, rater, project, err)) {
	case LOCK_TAKEN:
		break;
	case LOCK_BUSY: {
		char pid[32] = "";
		if (l->holder)
			snprintf(pid, sizeof(pid), " (pid %ld)", l->holder);
		st = error_set(err, ST_STORE, "%s: rater '%s' is already %s the project '%s' in another session%s; "
			       "close it first", command, rater, annotate ? "annotating" : "annotating or adjudicating",
			       db, pid);
		break;
	}
	case LOCK_UNAVAILABLE:
		/* a project the rater may write beside a lock file they may not
		 * open (someone changed its permissions, or put a link there):
		 * label unguarded rather than not at all, and say so. A
		 * directory they may not write never gets here: SQLite refuses
		 * the project first. */
		report_error("%s: warning: %s (a second session of rater '%s' would not be refused)", command,
			     err->msg, rater);
		break;
	}
	free(path);
	free(real);
	return st;
}
