/* project_check.c - what is wrong in a project: the store's checks, then
 * those that need the schemes. See project_check.h. */
#include "convqa/project_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/store_check.h"

struct checking {
	project_check_cb cb;
	void *ctx;
	struct project_check_summary *sum;
	struct scheme **schemes;      /* the built-in ones, then the project's that parse */
	const char **names;           /* every scheme's name, parsed or not */
	size_t n_schemes, n_names;
};

static void say(struct checking *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(struct checking *k, const char *fmt, ...)
{
	char line[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	k->sum->problems++;
	k->cb(line, k->ctx);
}

static void store_problem(const char *problem, void *ctx)
{
	say(ctx, "%s", problem);
}

static int has_name(const struct checking *k, const char *name)
{
	for (size_t i = 0; i < k->n_names; i++)
		if (strcmp(k->names[i], name) == 0)
			return 1;
	return 0;
}

static const struct scheme *scheme_named(const struct checking *k, const char *name)
{
	for (size_t i = 0; i < k->n_schemes; i++)
		if (strcmp(k->schemes[i]->name, name) == 0)
			return k->schemes[i];
	return NULL;
}

static void add_scheme(struct checking *k, struct scheme *sch)
{
	k->schemes = xrealloc(k->schemes, (k->n_schemes + 1) * sizeof(*k->schemes));
	k->schemes[k->n_schemes++] = sch;
}

static void on_task(const char *table, int64_t id, const char *task, void *ctx)
{
	struct checking *k = ctx;
	if (!has_name(k, task))
		say(k, "%s %lld: task '%s' is no scheme of the project", table, (long long)id, task);
}

static void on_value(int64_t id, const char *task, const char *field, const char *value, void *ctx)
{
	struct checking *k = ctx;
	const struct scheme *sch = scheme_named(k, task);
	if (!sch)
		return;   /* no scheme, or one that does not parse: said */
	const struct scheme_field *f = scheme_field_find(sch, field);
	if (!f)
		say(k, "label %lld: field '%s' is not a field of scheme %s", (long long)id, field, sch->name);
	else if (value && f->type != TYPE_TEXT && !scheme_category_find(f, value))
		say(k, "label %lld: value '%s' is not a category of %s/%s", (long long)id, value, sch->name, field);
}

enum status project_check(struct store *s, project_check_cb cb, void *ctx, struct project_check_summary *sum,
			  struct error *err)
{
	struct checking k = { .cb = cb, .ctx = ctx, .sum = sum };
	struct store_scheme_row *rows = NULL;
	struct store_counts counts;
	size_t n = 0;
	memset(sum, 0, sizeof(*sum));
	sum->version = store_check_version(s);
	enum status st = store_check(s, store_problem, &k, err);
	for (size_t i = 0; st == ST_OK && i < scheme_builtin_count(); i++) {
		struct scheme *sch = NULL;
		if ((st = scheme_builtin(scheme_builtin_name(i), &sch, err)) == ST_OK)
			add_scheme(&k, sch);
	}
	if (st == ST_OK)
		st = store_scheme_list(s, &rows, &n, err);
	k.names = xcalloc(scheme_builtin_count() + n + 1, sizeof(*k.names));
	for (size_t i = 0; st == ST_OK && i < scheme_builtin_count(); i++)
		k.names[k.n_names++] = scheme_builtin_name(i);
	for (size_t i = 0; st == ST_OK && i < n; i++) {
		struct scheme *sch = NULL;
		struct error why;
		if (!rows[i].name || !rows[i].json)
			continue;   /* a NULL: said */
		k.names[k.n_names++] = rows[i].name;
		if (scheme_parse_stored(rows[i].name, rows[i].json, &sch, &why) == ST_OK)
			add_scheme(&k, sch);
		else
			say(&k, "scheme '%s': does not parse: %s", rows[i].name, why.msg);
	}
	sum->schemes = (long)n;
	if (st == ST_OK)
		st = store_check_tasks(s, on_task, &k, err);
	if (st == ST_OK)
		st = store_check_values(s, on_value, &k, err);
	if (st == ST_OK && store_counts(s, &counts, err) == ST_OK) {
		sum->label_rows = counts.label_rows;
		sum->raters = counts.raters;
		sum->rounds = counts.rounds;
	}
	for (size_t i = 0; i < k.n_schemes; i++)
		scheme_free(k.schemes[i]);
	free(k.schemes);
	free(k.names);
	if (rows)
		store_scheme_rows_free(rows, n);
	return st;
}
