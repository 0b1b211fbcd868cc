/* cmd_scheme.c - convqa scheme list | show NAME | add FILE: the label
 * schemes, built-in (scheme_registry.h) and the project's own (store.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/json.h"
#include "convqa/scheme.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"

#define LIST_WIDTH 80

/* The options, given to the actions as c->data. */
static struct scheme_opts {
	const char *name;
} options;
static const struct cli_opt opts[] = {
	{ "name", 0, "NAME", "add: store the scheme under NAME instead of the file's \"name\"", &options.name, NULL },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

/* ---- list ----------------------------------------------------------------- */

/* Print line cut to LIST_WIDTH columns ("…" where cut). */
static void print_cut(const char *line)
{
	struct strbuf sb = STRBUF_INIT;
	text_sanitize(&sb, line, strlen(line), 0);
	const char *s = strbuf_str(&sb);
	if (text_width(s, sb.len) <= LIST_WIDTH) {
		cli_printf(stdout, "%s\n", s);
	} else {
		size_t n = text_fit(s, sb.len, LIST_WIDTH - 1, NULL);
		cli_printf(stdout, "%.*s…\n", (int)n, s);
	}
	strbuf_release(&sb);
}

/* keys, joined by spaces; runs of 3 or more consecutive characters as "1-9" */
static void add_key_run(struct strbuf *out, char *const *keys, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = i;
		while (j + 1 < n && strlen(keys[j]) == 1 && strlen(keys[j + 1]) == 1 && keys[j + 1][0] == keys[j][0] + 1)
			j++;
		strbuf_addf(out, "%s%s", i ? " " : "", keys[i]);
		if (j >= i + 2) {
			strbuf_addf(out, "-%s", keys[j]);
			i = j;
		}
	}
}

/* A field's keys as "KEY=what" pairs: its categories', then its own. */
static void field_keys(const struct scheme_field *f, struct strbuf *out)
{
	for (size_t i = 0; i < f->n_categories; i++)
		if (f->categories[i].key)
			strbuf_addf(out, "%s%s=%s", out->len ? " " : "", f->categories[i].key, f->categories[i].label);
	if (f->n_rank_keys) {
		strbuf_addf(out, "%s", out->len ? " " : "");
		add_key_run(out, f->rank_keys, f->n_rank_keys);
		strbuf_adds(out, "=rank");
	}
	if (f->toggle_key)
		strbuf_addf(out, "%s%s=toggle", out->len ? " " : "", f->toggle_key);
	if (f->rest_key)
		strbuf_addf(out, "%s%s=rest", out->len ? " " : "", f->rest_key);
	if (f->edit_key)
		strbuf_addf(out, "%s%s=edit", out->len ? " " : "", f->edit_key);
}

/* One scheme: a line with its name, origin and description, a line a field. */
static void list_scheme(const struct scheme *s, const char *origin)
{
	int w = 5;
	for (size_t i = 0; i < s->n_fields; i++) {
		int n = (int)strlen(s->fields[i].name) + s->fields[i].required;
		w = n > w ? (n < 24 ? n : 24) : w;
	}
	char *head = xasprintf("%s (%s): %s", s->name, origin, s->description);
	print_cut(head);
	free(head);
	for (size_t i = 0; i < s->n_fields; i++) {
		const struct scheme_field *f = &s->fields[i];
		struct strbuf keys = STRBUF_INIT;
		field_keys(f, &keys);
		char *name = xasprintf("%s%s", f->name, f->required ? "*" : "");
		char *line = xasprintf("  %-*s  %-8s  %-7s  %s", w, name, scheme_unit_name(f->unit),
				       scheme_type_name(f->type), strbuf_str(&keys));
		print_cut(line);
		free(line);
		free(name);
		strbuf_release(&keys);
	}
}

static int run_list(struct cmd_ctx *c)
{
	struct store_scheme_row *rows;
	size_t n;
	enum status st = ST_OK;
	for (size_t i = 0; st == ST_OK && i < scheme_builtin_count(); i++) {
		struct scheme *s;
		st = scheme_builtin(scheme_builtin_name(i), &s, &c->err);
		if (st == ST_OK) {
			list_scheme(s, "built-in");
			cli_printf(stdout, "\n");
		}
		scheme_free(s);
	}
	if (st == ST_OK && !c->store) {   /* no project: the built-ins only */
		cli_printf(stdout, "* required. KEY=category; rank, toggle and rest judge passages; edit: text\n");
		return st;
	}
	if (st != ST_OK || (st = store_scheme_list(c->store, &rows, &n, &c->err)) != ST_OK)
		return st;
	for (size_t i = 0; st == ST_OK && i < n; i++) {
		struct scheme *s;
		st = scheme_read_stored(c->store, rows[i].name, rows[i].json, &s, &c->err);
		if (st == ST_OK) {
			char *origin = xasprintf("added %.10s", rows[i].added_at);
			list_scheme(s, origin);
			cli_printf(stdout, "\n");
			free(origin);
		}
		scheme_free(s);
	}
	store_scheme_rows_free(rows, n);
	if (st == ST_OK)
		cli_printf(stdout, "* required. KEY=category; rank, toggle and rest judge passages; edit: text\n");
	return st;
}

/* ---- show ------------------------------------------------------------------ */

static int run_show(struct cmd_ctx *c)
{
	const char *name = c->args[1];
	struct scheme *s = NULL;
	char *json = NULL;
	enum status st = scheme_builtin(name, &s, &c->err);
	if (st == ST_OK && s)
		json = scheme_to_json(s);
	else if (st == ST_OK && c->store)
		st = store_scheme_get(c->store, name, &json, &c->err);
	scheme_free(s);
	if (st == ST_OK && !json) {
		struct strbuf names = STRBUF_INIT;
		st = scheme_all_names(c->store, &names, &c->err);
		if (st == ST_OK)
			cli_printf(stderr, "convqa scheme: no scheme '%s' (schemes: %s)\n", name, strbuf_str(&names));
		strbuf_release(&names);
		return st == ST_OK ? ST_INPUT : st;
	}
	if (st == ST_OK) {   /* a scheme stored by an older version may hold raw controls */
		struct strbuf inert = STRBUF_INIT;
		json_add_inert(&inert, json);
		cli_printf(stdout, "%s", strbuf_str(&inert));
		strbuf_release(&inert);
	}
	free(json);
	return st;
}

/* ---- add ------------------------------------------------------------------- */

/* The name to store s under: name (--name, checked by check()), else the
 * file's; refused when it is a built-in's. */
static int add_name(const char *name, const char *file, struct scheme *s)
{
	if (name) {
		free(s->name);
		s->name = xstrdup(name);
	}
	if (!scheme_is_builtin(s->name))
		return ST_OK;
	if (name)
		cli_printf(stderr, "convqa scheme: --name: '%s' is a built-in scheme: give the scheme a name of its "
			   "own\n", s->name);
	else
		cli_printf(stderr, "%s: $.name: '%s' is a built-in scheme: give the scheme a name of its own (or "
			   "--name NAME)\n", file, s->name);
	return ST_INPUT;
}

/* ---- changing a scheme the project has ---------------------------------------- */

struct change {
	const struct scheme *new;
	struct error *err;
	enum status st;               /* a failure while checking */
	char why[512];                /* why the change is refused */
};

struct uses {
	struct scheme_use *v;
	size_t n, cap;
};

static void add_use(const char *field, const char *unit, const char *value, long count, void *ctx)
{
	struct uses *u = ctx;
	xgrow(&u->v, &u->cap, u->n + 1, sizeof(*u->v));
	u->v[u->n++] = (struct scheme_use){ xstrdup(field), xstrdup(unit), xstrdup(value), count };
}

/* store_scheme_change_cb: the new scheme keeps the meaning of every label
 * of the old one (scheme_change_problem). */
static int may_change(struct store *store, const char *old_json, void *ctx)
{
	struct change *ch = ctx;
	struct uses u = { 0 };
	struct scheme *old = NULL;
	ch->st = scheme_read_stored(store, ch->new->name, old_json, &old, ch->err);
	if (ch->st == ST_OK)
		ch->st = store_scheme_usage(store, ch->new->name, add_use, &u, ch->err);
	const char *why = ch->st == ST_OK ? scheme_change_problem(old, ch->new, u.v, u.n, ch->why, sizeof(ch->why))
					  : "";
	for (size_t i = 0; i < u.n; i++) {
		free((char *)u.v[i].field);
		free((char *)u.v[i].unit);
		free((char *)u.v[i].value);
	}
	free(u.v);
	scheme_free(old);
	return why != NULL;
}

static int run_add(struct cmd_ctx *c)
{
	const struct scheme_opts *o = c->data;
	const char *file = c->args[1];
	char *buf, *json;
	size_t len;
	struct scheme *s;
	enum store_put res;
	if (!c->store)   /* the same words as when any command finds no project */
		return cli_no_project(&c->err);
	enum status st = read_text_file(file, SCHEME_MAX_FILE, "and no scheme is that large (is it a scheme file?)",
				       &buf, &len, &c->err);
	if (st != ST_OK)
		return st;
	if ((st = scheme_read(file, buf, len, &s, &c->err)) != ST_OK) {
		cli_print_message(c->err.msg); /* FILE: $.path: ... */
		c->err.msg[0] = '\0';
		return st;
	}
	if ((st = add_name(o->name, file, s)) != ST_OK) {
		scheme_free(s);
		return st;
	}
	json = scheme_to_json(s);
	struct change ch = { s, &c->err, ST_OK, "" };
	st = store_scheme_add(c->store, s->name, json, may_change, &ch, &res, &c->err);
	if (st == ST_OK && ch.st != ST_OK)
		st = ch.st;
	else if (st == ST_OK && res == PUT_CONFLICT) {
		cli_printf(stderr, "convqa scheme: cannot change scheme '%s': %s; labels are never changed (add the "
			   "new scheme under another name: --name NAME)\n", s->name, ch.why);
		st = ST_INPUT;
	} else if (st == ST_OK) {
		static const char *const done[] = {
			[PUT_NEW] = "added", [PUT_SAME] = "unchanged: the project has the same", [PUT_UPDATED] = "changed",
		};
		cli_printf(stdout, "%s scheme '%s' (%zu field%s)\n", done[res], s->name, s->n_fields,
			   s->n_fields == 1 ? "" : "s");
	}
	free(json);
	scheme_free(s);
	return st;
}

/* ---- the command -------------------------------------------------------------- */

static const struct cli_action actions[] = {
	{ "list", "list", 0, run_list, CMD_READONLY },
	{ "show", "show NAME", 1, run_show, CMD_READONLY },
	{ "add", "add [--name NAME] FILE", 1, run_add, 0 },
	{ NULL, NULL, 0, NULL, 0 },
};

static int check(struct cmd_ctx *c)
{
	const struct scheme_opts *o = c->data;
	if (o->name && c->action->run != run_add) {
		cli_printf(stderr, "convqa scheme: --name goes with add only\n");
		return ST_USAGE;
	}
	const char *why = o->name ? scheme_name_problem(o->name) : NULL;
	if (why) {
		cli_printf(stderr, "convqa scheme: --name: %s, got '%s'\n", why, o->name);
		return ST_USAGE;
	}
	return CLI_RUN;
}

const struct cmd_entry cmd_scheme_entry = {
	{ "scheme", "list | show NAME | add [--name NAME] FILE", "list, show and add label schemes",
	  "A label scheme (schemas/scheme.schema.json) names a task kind and its fields:\n"
	  "the unit each judges (turn, passage, response, answer), its type (binary,\n"
	  "nominal, ordinal with 2-10 categories, text), categories and keys. list shows\n"
	  "the built-in schemes (turn, plausibility, faithfulness) and the project's own;\n"
	  "show prints one as JSON, as add reads it; add checks a file and adds it to the\n"
	  "project (adding the same content again changes nothing). Adding a changed\n"
	  "scheme of the same name replaces it when every label keeps its meaning (new\n"
	  "fields and categories, other labels, keys and help), and is refused, with the\n"
	  "number of labels concerned, when a field or category that labels use would go\n"
	  "or change. annotate, label, report and agreement take a scheme's name as --task.",
	  opts, 1, 2, actions },
	CMD_PROJECT | CMD_PROJECT_IF_ANY, NULL, check, NULL, NULL, &options, NULL,
};
