/* app_search.c - the collection search of the turn screen: its query on
 * the store (store_search.h), and a found passage named as a further
 * relevant passage of the item shown (the field of role gold_passages,
 * extra_gold), saved at once as any label (app_save.c: undoable). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_internal.h"
#include "convqa/store_search.h"
#include "tui_internal.h"

int app_search(struct app *app, const char *query, long offset, long limit, struct store_search_result *r,
	       char *msg, size_t size)
{
	struct error err = { 0 };
	struct store_search_query q = { query, limit, offset, 1, 1 };
	enum status st = store_search(app->store, &q, r, &err);
	if (st == ST_OK)
		return 0;
	store_search_release(r);
	if (st == ST_USAGE) {
		snprintf(msg, size, "%s", err.msg);
		return 1;
	}
	app_fail(app, &err);
	return -1;
}

const struct scheme_field *app_gold_field(const struct app *app)
{
	for (size_t i = 0; i < app->scheme->n_fields; i++) {
		const struct scheme_field *f = &app->scheme->fields[i];
		if (f->role == SROLE_GOLD_PASSAGES && f->type == TYPE_TEXT && f->unit != UNIT_PASSAGE &&
		    app_field_asked(app, f))
			return f;
	}
	return NULL;
}

/* The ids of a gold_passages value: separated by commas or white space. */
static int is_sep(char c)
{
	return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Where id is in value as a whole id (its length n), or NULL. */
static const char *find_id(const char *value, const char *id, size_t n)
{
	for (const char *p = value; p && *p;) {
		while (*p && is_sep(*p))
			p++;
		const char *e = p;
		while (*e && !is_sep(*e))
			e++;
		if ((size_t)(e - p) == n && n && memcmp(p, id, n) == 0)
			return p;
		p = e;
	}
	return NULL;
}

int app_found_marked(const struct app *app, const char *ext_id)
{
	const struct scheme_field *f = app_gold_field(app);
	const char *v = f ? app_label(app, f->name, 0) : NULL;
	return v && find_id(v, ext_id, strlen(ext_id)) != NULL;
}

/* value with the id at p (n bytes) taken out, or with id added at its
 * end: a new string, NULL when no id is left. */
static char *toggled(const char *value, const char *id)
{
	size_t n = strlen(id);
	const char *at = value ? find_id(value, id, n) : NULL;
	struct strbuf sb = STRBUF_INIT;
	if (!at) {
		strbuf_addf(&sb, "%s%s%s", value ? value : "", value && *value ? ", " : "", id);
		return strbuf_detach(&sb);
	}
	/* the ids before and after it, joined by ", " */
	for (const char *p = value; *p;) {
		while (*p && is_sep(*p))
			p++;
		const char *e = p;
		while (*e && !is_sep(*e))
			e++;
		if (e > p && p != at)
			strbuf_addf(&sb, "%s%.*s", sb.len ? ", " : "", (int)(e - p), p);
		p = e;
	}
	if (sb.len == 0) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb);
}

void app_mark_found(struct app *app, const char *ext_id)
{
	const struct scheme_field *f = app_gold_field(app);
	if (!f) {
		app_message(app, MSG_ERROR, "NOT SAVED: the task %s has no field for further relevant passages "
			    "(role gold_passages, as the turn task's extra_gold)", app->task_name);
		return;
	}
	int was = app_found_marked(app, ext_id);
	char *value = toggled(app_label(app, f->name, 0), ext_id);
	if (app_save_value(app, f, value) == 0)
		app_message(app, MSG_SAVED, "saved \xc2\xb7 %s %s (%s) \xc2\xb7 u undoes", ext_id,
			    was ? "no longer a further relevant passage" : "marked relevant for this turn", f->name);
	free(value);
}

long app_found_rank(const struct app *app, const char *ext_id)
{
	for (size_t i = 0; i < app->item.n_passages; i++)
		if (strcmp(app->item.passages[i].ext_id, ext_id) == 0)
			return app->item.passages[i].rank;
	return 0;
}

int app_found_gold(const struct app *app, const struct store_hit *h)
{
	if (!h->gold_for)
		return 0;
	char turn[600];
	snprintf(turn, sizeof(turn), "%s %d", app->item.conversation, app->item.position);
	size_t n = strlen(turn);
	for (const char *p = h->gold_for; (p = strstr(p, turn)) != NULL; p += n)
		if ((p == h->gold_for || p[-1] == ' ') && (p[n] == ',' || p[n] == '\0'))
			return 1;
	return 0;
}
