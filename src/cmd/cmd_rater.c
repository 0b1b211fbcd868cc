/* cmd_rater.c - convqa rater list | show NAME | add NAME | trust NAME |
 * distrust NAME: the project's raters, their roles, the accounts they are
 * bound to and whether they are trusted. Who may change them is the
 * access module's rule (access.h); rater names are the labelling module's
 * (labelling_rater_check). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/access.h"
#include "convqa/cli.h"
#include "convqa/labelling.h"
#include "convqa/model.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"

/* The options, given to the actions as c->data. */
static struct rater_opts {
	const char *role_name, *os_user;
	int no_os_user;
	enum model_role role;          /* role_name, parsed by check() */
} options;
static const struct cli_opt opts[] = {
	{ "role", 0, "ROLE", "add: rater (a new rater's default), adjudicator or coordinator", &options.role_name,
	  NULL },
	{ "os-user", 0, "ACCOUNT", "add: bind the rater to this operating-system account: their labels can "
	  "be written only from it", &options.os_user, NULL },
	{ "no-os-user", 0, NULL, "add: unbind the rater: their labels can be written from any account", NULL,
	  &options.no_os_user },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

#define NAME_COLUMNS 24       /* rater list: names and accounts wider than this are cut */

/* ---- list ---------------------------------------------------------------- */

enum { COL_NAME, COL_ROLE, COL_TRUSTED, COL_ACCOUNT, COL_LABELS, COL_ADDED, N_COLS };

/* text made inert and cut to at most max columns ("…" where cut), into out */
static char *cell(const char *text, int max)
{
	struct strbuf sb = STRBUF_INIT;
	text_sanitize(&sb, text, strlen(text), 0);
	if (max > 0 && (int)text_width(strbuf_str(&sb), sb.len) > max) {
		size_t n = text_fit(strbuf_str(&sb), sb.len, max - 1, NULL);
		strbuf_setlen(&sb, n);
		strbuf_adds(&sb, "…");
	}
	return strbuf_detach(&sb);
}

/* A table of rows × N_COLS inert cells, columns aligned by display width;
 * the labels column to the right. */
static void print_table(char **cells, size_t rows)
{
	int w[N_COLS] = { 0 };
	for (size_t i = 0; i < rows * N_COLS; i++) {
		int cw = (int)text_width(cells[i], strlen(cells[i]));
		w[i % N_COLS] = cw > w[i % N_COLS] ? cw : w[i % N_COLS];
	}
	for (size_t r = 0; r < rows; r++) {
		struct strbuf line = STRBUF_INIT;
		for (int c = 0; c < N_COLS; c++) {
			const char *s = cells[r * N_COLS + c];
			int pad = w[c] - (int)text_width(s, strlen(s));
			if (c == COL_LABELS)
				strbuf_addf(&line, "%*s%s", pad, "", s);
			else if (c == N_COLS - 1)
				strbuf_adds(&line, s);
			else
				strbuf_addf(&line, "%s%*s", s, pad, "");
			if (c < N_COLS - 1)
				strbuf_adds(&line, "  ");
		}
		cli_printf(stdout, "%s\n", strbuf_str(&line));
		strbuf_release(&line);
	}
}

static int run_list(struct cmd_ctx *c)
{
	struct store_rater *rows;
	size_t n;
	enum status st = store_rater_list(c->store, &rows, &n, &c->err);
	if (st == ST_OK)
		st = store_rater_count_labels(c->store, rows, n, &c->err);
	if (st == ST_OK && n == 0)
		cli_printf(stdout, "the project has no raters yet (convqa rater add NAME adds one; a rater's first "
			   "label does too)\n");
	if (st != ST_OK || n == 0) {
		store_rater_rows_free(rows, n);
		return st;
	}
	char **cells = xcalloc((n + 1) * N_COLS, sizeof(*cells));
	static const char *const head[N_COLS] = { "name", "role", "trusted", "account", "labels", "added" };
	for (int col = 0; col < N_COLS; col++)
		cells[col] = xstrdup(head[col]);
	for (size_t i = 0; i < n; i++) {
		char **row = cells + (i + 1) * N_COLS;
		row[COL_NAME] = cell(rows[i].name, NAME_COLUMNS);
		row[COL_ROLE] = xstrdup(model_role_name(rows[i].role));
		row[COL_TRUSTED] = xstrdup(rows[i].trusted ? "yes" : "no");
		row[COL_ACCOUNT] = cell(rows[i].os_user ? rows[i].os_user : "-", NAME_COLUMNS);
		row[COL_LABELS] = xasprintf("%ld", rows[i].labels);
		char *day = xasprintf("%.10s", rows[i].added_at ? rows[i].added_at : "-");   /* YYYY-MM-DD */
		row[COL_ADDED] = cell(day, 0);
		free(day);
	}
	print_table(cells, n + 1);
	for (size_t i = 0; i < (n + 1) * N_COLS; i++)
		free(cells[i]);
	free(cells);
	store_rater_rows_free(rows, n);
	return ST_OK;
}

/* ---- show ------------------------------------------------------------------ */

/* seconds as H:MM:SS */
static void add_duration(struct strbuf *sb, double seconds)
{
	long s = (long)(seconds + 0.5);
	strbuf_addf(sb, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
}

static void show_task(const struct store_rater_task *t, void *ctx)
{
	struct strbuf *sb = ctx;
	strbuf_addf(sb, "%s%s: %ld label%s (%ld row%s, ", sb->len ? "\n         " : "", t->task, t->labels,
		    t->labels == 1 ? "" : "s", t->rows, t->rows == 1 ? "" : "s");
	add_duration(sb, t->seconds);
	strbuf_adds(sb, " active)");
}

static void show_round(const struct store_rater_round *r, void *ctx)
{
	struct strbuf *sb = ctx;
	strbuf_addf(sb, "%s%s (%s, %s): %ld item%s assigned, %ld label%s", sb->len ? "\n         " : "", r->name,
		    r->task, r->closed ? "closed" : "open", r->assigned, r->assigned == 1 ? "" : "s", r->labels,
		    r->labels == 1 ? "" : "s");
}

static int run_show(struct cmd_ctx *c)
{
	const char *name = c->args[1];
	struct store_rater r = { 0 };
	struct strbuf tasks = STRBUF_INIT, rounds = STRBUF_INIT;
	enum status st = store_rater_get(c->store, name, &r, NULL, &c->err);
	if (st == ST_OK)
		st = store_rater_tasks(c->store, r.id, show_task, &tasks, &c->err);
	if (st == ST_OK)
		st = store_rater_rounds(c->store, r.id, show_round, &rounds, &c->err);
	if (st == ST_OK) {
		cli_printf(stdout, "rater    %s\nrole     %s\ntrusted  %s\n", r.name, model_role_name(r.role),
			   r.trusted ? "yes" : "no (distrusted)");
		if (r.os_user)
			cli_printf(stdout, "account  %s (the rater's labels are written only from it)\n", r.os_user);
		else
			cli_printf(stdout, "account  none (the rater's labels can be written from any account)\n");
		cli_printf(stdout, "added    %s\n", r.added_at ? r.added_at : "before convqa recorded it");
		cli_printf(stdout, "labels   %s\n", tasks.len ? strbuf_str(&tasks) : "none");
		cli_printf(stdout, "rounds   %s\n", rounds.len ? strbuf_str(&rounds) : "none");
	}
	strbuf_release(&tasks);
	strbuf_release(&rounds);
	store_rater_release(&r);
	return st;
}

/* ---- add ------------------------------------------------------------------- */

/* role, and the account if any: "coordinator, bound to the account 'carol'" */
static void add_settings(struct strbuf *sb, enum model_role ro, const char *os_user)
{
	strbuf_adds(sb, model_role_name(ro));
	if (os_user)
		strbuf_addf(sb, ", bound to the account '%s'", os_user);
}

static int same_text(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* What changed, for "changed rater 'alice': ..." */
static void add_changes(struct strbuf *sb, const struct store_rater *old, enum model_role ro, const char *os_user)
{
	if (ro != old->role)
		strbuf_addf(sb, "role from %s to %s", model_role_name(old->role), model_role_name(ro));
	if (same_text(os_user, old->os_user))
		return;
	strbuf_adds(sb, sb->len ? ", " : "");
	if (!old->os_user)
		strbuf_addf(sb, "bound to the account '%s'", os_user);
	else if (!os_user)
		strbuf_addf(sb, "unbound from the account '%s'", old->os_user);
	else
		strbuf_addf(sb, "account from '%s' to '%s'", old->os_user, os_user);
}

/* What rater add asks for and finds. */
struct add {
	const struct rater_opts *o;   /* what was asked */
	const char *name;
	struct store_rater old;       /* the rater's row before, when found */
	int found;
	enum model_role role;         /* the settings after */
	const char *os_user;
	int locked_out;               /* the change took the running account's right to make
				       * such changes (a coordinator's) */
};

/* The settings asked for a->name, checked against the project and written
 * (inside the caller's transaction). */
static enum status add(struct store *s, struct add *a, struct error *err)
{
	enum status st = store_rater_get(s, a->name, &a->old, &a->found, err);
	if (st != ST_OK)
		return st;
	const struct rater_opts *o = a->o;
	a->role = o->role_name ? o->role : a->found ? a->old.role : ROLE_RATER;
	a->os_user = o->no_os_user ? NULL : o->os_user ? o->os_user : a->found ? a->old.os_user : NULL;
	int role_changed = a->role != (a->found ? a->old.role : ROLE_RATER);
	int bind_changed = !same_text(a->os_user, a->found ? a->old.os_user : NULL);
	/* a new rater with the defaults needs no coordinator: a first label adds one too */
	if (!role_changed && !bind_changed)
		return a->found ? ST_OK : store_rater_put(s, a->name, a->role, a->os_user, NULL, err);
	st = access_check_coordinator(s, "set a rater's role or account", err);
	if (st == ST_OK)
		st = store_rater_put(s, a->name, a->role, a->os_user, NULL, err);
	if (st == ST_OK) {   /* the change may take the running account's right away */
		struct error e;
		st = access_check_coordinator(s, "", &e);
		a->locked_out = st == ST_INPUT;
		st = st == ST_INPUT ? ST_OK : st;
		if (st != ST_OK)
			*err = e;
	}
	return st;
}

/* A rater made an adjudicator after labelling: those labels are
 * settlements from now on (left out of agreement and of the consensus but
 * adjudicated), which changes the report. */
static void warn_settlements(struct cmd_ctx *c, const struct store_rater *old)
{
	struct store_rater row = { .id = old->id };
	struct error e;
	if (store_rater_count_labels(c->store, &row, 1, &e) != ST_OK || !row.labels)
		return;
	cli_printf(stderr, "convqa rater: warning: %s's %ld label%s now count as an adjudicator's settlements: left "
		   "out of agreement and of every consensus but adjudicated (make %s a rater again to undo: convqa "
		   "rater add %s --role rater)\n", old->name, row.labels, row.labels == 1 ? "" : "s", old->name,
		   old->name);
}

static int run_add(struct cmd_ctx *c)
{
	const char *name = c->args[1];
	struct add a = { .o = c->data, .name = name };
	struct strbuf what = STRBUF_INIT;
	char *before = NULL, *after = NULL;
	enum status st = store_begin(c->store, &c->err);
	if (st == ST_OK)
		st = access_coordinators(c->store, &before, &c->err);
	if (st == ST_OK)
		st = add(c->store, &a, &c->err);
	if (st == ST_OK)
		st = access_coordinators(c->store, &after, &c->err);
	if (st == ST_OK)
		st = store_commit(c->store, &c->err);
	else
		store_rollback(c->store);
	if (st != ST_OK)
		goto out;
	if (!a.found) {
		add_settings(&what, a.role, a.os_user);
		cli_printf(stdout, "added rater '%s' (%s)\n", name, strbuf_str(&what));
	} else {
		add_changes(&what, &a.old, a.role, a.os_user);
		if (what.len) {
			cli_printf(stdout, "changed rater '%s': %s\n", name, strbuf_str(&what));
		} else {
			add_settings(&what, a.role, a.os_user);
			cli_printf(stdout, "unchanged: the project has rater '%s' with these settings (%s)\n", name,
				   strbuf_str(&what));
		}
	}
	if (a.locked_out) {
		char *me = access_account();
		cli_printf(stdout, "from now on only the accounts of the project's coordinators (%s) may change "
			   "raters and manage rounds: not yours ('%s')\n", after, me);
		free(me);
	} else if (!before && after) {
		cli_printf(stdout, "the project has a coordinator bound to an account now: from now on only the "
			   "accounts of its coordinators (%s) may change raters and manage rounds\n", after);
	} else if (before && !after) {
		cli_printf(stdout, "the project has no coordinator bound to an account any more: every account may "
			   "change raters and manage rounds\n");
	}
	if (a.found && a.old.role != ROLE_ADJUDICATOR && a.role == ROLE_ADJUDICATOR)
		warn_settlements(c, &a.old);
	if (a.os_user && !same_text(a.os_user, a.found ? a.old.os_user : NULL) && !access_account_known(a.os_user))
		cli_printf(stderr, "convqa rater: warning: this system has no account '%s': the labels of rater '%s' "
			   "can be written only from an account of that name (create it, or bind the rater to "
			   "another with --os-user)\n", a.os_user, name);
out:
	strbuf_release(&what);
	free(before);
	free(after);
	store_rater_release(&a.old);
	return st;
}

/* ---- trust, distrust --------------------------------------------------------- */

static int run_trust(struct cmd_ctx *c, const char *name, int trusted)
{
	struct store_rater r = { 0 };
	const char *how = trusted ? "trusted" : "distrusted";
	enum status st = store_begin(c->store, &c->err);
	if (st == ST_OK)
		st = store_rater_get(c->store, name, &r, NULL, &c->err);
	int same = st == ST_OK && r.trusted == trusted;
	if (st == ST_OK && !same)
		st = access_check_coordinator(c->store, "trust or distrust raters", &c->err);
	if (st == ST_OK && !same)
		st = store_rater_set_trusted(c->store, r.id, trusted, &c->err);
	if (st == ST_OK)
		st = store_commit(c->store, &c->err);
	else
		store_rollback(c->store);
	if (st == ST_OK && same)
		cli_printf(stdout, "unchanged: rater '%s' is %s already\n", name, how);
	else if (st == ST_OK)
		cli_printf(stdout, "rater '%s' is %s now\n", name, how);
	store_rater_release(&r);
	return st;
}

/* ---- the command -------------------------------------------------------------- */

static int run_trust_name(struct cmd_ctx *c)
{
	return run_trust(c, c->args[1], 1);
}

static int run_distrust(struct cmd_ctx *c)
{
	return run_trust(c, c->args[1], 0);
}

static const struct cli_action actions[] = {
	{ "list", "list", 0, run_list, CMD_READONLY },
	{ "show", "show NAME", 1, run_show, CMD_READONLY },
	{ "add", "add NAME [--role ROLE] [--os-user ACCOUNT | --no-os-user]", 1, run_add, 0 },
	{ "trust", "trust NAME", 1, run_trust_name, 0 },
	{ "distrust", "distrust NAME", 1, run_distrust, 0 },
	{ NULL, NULL, 0, NULL, 0 },
};

/* The options of add: a rater name (the labelling module's rule), a role,
 * an account's name. */
static int check_add(struct rater_opts *o, const char *name)
{
	struct error err;
	const char *why;
	if (o->os_user && o->no_os_user) {
		cli_printf(stderr, "convqa rater: give --os-user ACCOUNT or --no-os-user, not both\n");
		return ST_USAGE;
	}
	if (o->role_name && model_role_parse(o->role_name, &o->role) != 0) {
		cli_printf(stderr, "convqa rater: --role: unknown role '%s' (expected: rater, adjudicator, "
			   "coordinator)\n", o->role_name);
		return ST_USAGE;
	}
	if (labelling_rater_check(name, &err) != ST_OK) {
		cli_printf(stderr, "convqa rater: %s\n", err.msg);
		return ST_INPUT;
	}
	if (o->os_user && (why = access_account_name_problem(o->os_user))) {
		cli_printf(stderr, "convqa rater: --os-user: %s, got '%s'\n", why, o->os_user);
		return ST_INPUT;
	}
	return CLI_RUN;
}

static int check(struct cmd_ctx *c)
{
	struct rater_opts *o = c->data;
	int add = c->action->run == run_add;
	if ((o->role_name || o->os_user || o->no_os_user) && !add) {
		cli_printf(stderr, "convqa rater: --role, --os-user and --no-os-user go with add only\n");
		return ST_USAGE;
	}
	return add ? check_add(o, c->args[1]) : CLI_RUN;
}

const struct cmd_entry cmd_rater_entry = {
	{ "rater", "list | show NAME | add NAME [--role ROLE] [--os-user ACCOUNT | --no-os-user] | trust NAME | "
	  "distrust NAME", "list, show and add raters; set their role, account and trust",
	  "list shows each rater's role, trust, account, current labels and the day they\n"
	  "were added; show one rater's settings, labels per task and the rounds they are\n"
	  "in (items assigned, labels given). add adds a rater (role rater, trusted, any\n"
	  "account) or changes the role or account of one the project has; the same\n"
	  "settings again change nothing. Roles: a rater labels; an adjudicator's values\n"
	  "settle disagreements (report --consensus adjudicated); a coordinator bound to\n"
	  "an account manages raters and rounds. A rater bound to an account (--os-user)\n"
	  "has labels written only from that account; a name this system has no account\n"
	  "of is warned about, not refused. Once the project has a coordinator bound to\n"
	  "an account, only the accounts of its coordinators may change a role, an\n"
	  "account or trust (and manage rounds); until then every account may. trust and\n"
	  "distrust set whether a rater is trusted (raters are trusted until distrusted;\n"
	  "distrusted raters are left out of the report's consensus). See convqa(1) and\n"
	  "docs/study.md (\"Raters\").",
	  opts, 1, 2, actions },
	CMD_PROJECT, NULL, check, NULL, NULL, &options, NULL,
};
