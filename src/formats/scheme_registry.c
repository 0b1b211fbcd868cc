/* scheme_registry.c - every scheme by name or role: the built-in ones
 * (compiled in from schemas/builtin/) and the project's (stored as JSON),
 * read with the scheme reader (scheme_read.c). */
#include <stdlib.h>
#include <string.h>

#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"

#include "scheme_builtin.h"

/* ---- the built-in schemes ------------------------------------------------------ */

size_t scheme_builtin_count(void)
{
	return ARRAY_SIZE(builtin_schemes);
}

const char *scheme_builtin_name(size_t i)
{
	return i < ARRAY_SIZE(builtin_schemes) ? builtin_schemes[i].name : NULL;
}

int scheme_is_builtin(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(builtin_schemes); i++)
		if (strcmp(builtin_schemes[i].name, name) == 0)
			return 1;
	return 0;
}

enum status scheme_builtin(const char *name, struct scheme **out, struct error *err)
{
	*out = NULL;
	for (size_t i = 0; i < ARRAY_SIZE(builtin_schemes); i++)
		if (strcmp(builtin_schemes[i].name, name) == 0) {
			char *what = xasprintf("built-in scheme %s", name);
			enum status st = scheme_read(what, xstrdup(builtin_schemes[i].json),
						     strlen(builtin_schemes[i].json), out, err);
			free(what);
			return st;
		}
	return ST_OK;
}

/* ---- every scheme: built-in and the project's ------------------------------ */

enum status scheme_read_stored(struct store *store, const char *name, const char *json, struct scheme **out,
			       struct error *err)
{
	enum status st = scheme_parse_stored(name, json, out, err);
	if (st == ST_INPUT) {
		char msg[sizeof(err->msg)];
		snprintf(msg, sizeof(msg), "%s", err->msg);
		st = store_damaged(store_path(store), err, "scheme '%s': does not parse: %s", name, msg);
	}
	return st;
}

enum status scheme_all_names(struct store *store, struct strbuf *out, struct error *err)
{
	struct store_scheme_row *rows;
	size_t n;
	for (size_t i = 0; i < scheme_builtin_count(); i++)
		strbuf_addf(out, "%s%s", i ? ", " : "", scheme_builtin_name(i));
	if (!store)
		return ST_OK;
	enum status st = store_scheme_list(store, &rows, &n, err);
	for (size_t i = 0; st == ST_OK && i < n; i++)
		strbuf_addf(out, ", %s", rows[i].name);
	if (st == ST_OK)
		store_scheme_rows_free(rows, n);
	return st;
}

enum status scheme_find(struct store *store, const char *name, struct scheme **out, struct error *err)
{
	char *json = NULL;
	enum status st = scheme_builtin(name, out, err);
	if (st != ST_OK || *out || !store)
		return st;
	st = store_scheme_get(store, name, &json, err);
	if (st == ST_OK && json)
		st = scheme_read_stored(store, name, json, out, err);
	free(json);
	return st;
}

enum status scheme_load(struct store *store, const char *name, struct scheme **out, struct error *err)
{
	enum status st = scheme_find(store, name, out, err);
	if (st != ST_OK || *out)
		return st;
	struct strbuf names = STRBUF_INIT;
	st = scheme_all_names(store, &names, err);
	if (st == ST_OK)
		st = error_set(err, ST_INPUT, "no task or scheme '%s' (schemes: %s; add one with: convqa scheme add "
			       "FILE)", name, strbuf_str(&names));
	strbuf_release(&names);
	return st;
}

void scheme_verdict(const struct scheme *s, enum scheme_role r, struct store_verdict *out)
{
	const struct scheme_field *f = scheme_field_by_role(s, r);
	*out = (struct store_verdict){ NULL, NULL, NULL };
	if (f && f->n_categories)
		*out = (struct store_verdict){ s->name, f->name, f->categories[0].value };
}

/* *out when it has a field of role r, else freed and NULL. */
static void keep_if_role(struct scheme **out, enum scheme_role r)
{
	if (*out && !scheme_field_by_role(*out, r)) {
		scheme_free(*out);
		*out = NULL;
	}
}

enum status scheme_find_role(struct store *store, enum scheme_role r, struct scheme **out, struct error *err)
{
	struct store_scheme_row *rows = NULL;
	size_t n = 0;
	enum status st = ST_OK;
	*out = NULL;
	for (size_t i = 0; st == ST_OK && !*out && i < scheme_builtin_count(); i++) {
		st = scheme_builtin(scheme_builtin_name(i), out, err);
		keep_if_role(out, r);
	}
	if (st != ST_OK || *out || !store)
		return st;
	st = store_scheme_list(store, &rows, &n, err);
	if (st != ST_OK)
		return st;
	for (size_t i = 0; st == ST_OK && !*out && i < n; i++) {
		st = scheme_read_stored(store, rows[i].name, rows[i].json, out, err);
		keep_if_role(out, r);
	}
	store_scheme_rows_free(rows, n);
	return st;
}
