/* fields.c - what the session's scheme asks, as the screens show it: the
 * UI's inert copy of the scheme, the order of categories in key lists,
 * names, passage marks, rank-key hints. Pure: no curses calls, no store. */
#include <stdlib.h>
#include <string.h>

#include "convqa/text.h"
#include "tui_internal.h"

/* s made inert for the terminal (text_sanitize; line breaks become
 * spaces), or NULL for NULL. */
static char *inert(const char *s)
{
	return s ? text_sanitize_dup(s, 0) : NULL;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* Copy field from into to (zeroed): names, values and keys as they are,
 * what the rater reads (labels, help) made inert. */
static void field_copy(struct scheme_field *to, const struct scheme_field *from)
{
	to->name = xstrdup(from->name);
	to->unit = from->unit;
	to->type = from->type;
	to->role = from->role;
	to->categories = xcalloc(from->n_categories + 1, sizeof(*to->categories));
	for (size_t i = 0; i < from->n_categories; i++) {
		to->categories[i].value = xstrdup(from->categories[i].value);
		to->categories[i].label = inert(from->categories[i].label);
		to->categories[i].key = dup_or_null(from->categories[i].key);
	}
	to->n_categories = from->n_categories;
	to->required = from->required;
	to->skip_when_empty = from->skip_when_empty;
	to->help = inert(from->help);
	to->edit_key = dup_or_null(from->edit_key);
	to->toggle_key = dup_or_null(from->toggle_key);
	to->rest_key = dup_or_null(from->rest_key);
	for (size_t i = 0; i < from->n_rank_keys; i++)
		to->rank_keys[i] = xstrdup(from->rank_keys[i]);
	to->n_rank_keys = from->n_rank_keys;
}

struct scheme *scheme_copy_inert(const struct scheme *sc)
{
	struct scheme *s = xcalloc(1, sizeof(*s));
	s->name = xstrdup(sc->name);
	s->description = inert(sc->description);
	s->shows = sc->shows;
	s->fields = xcalloc(sc->n_fields + 1, sizeof(*s->fields));
	for (size_t i = 0; i < sc->n_fields; i++)
		field_copy(&s->fields[i], &sc->fields[i]);
	s->n_fields = sc->n_fields;
	return s;
}

size_t category_shown(const struct scheme_field *f, size_t i)
{
	return f->type == TYPE_BINARY && f->n_categories == 2 ? 1 - i : i;
}

int field_has_keys(const struct scheme_field *f)
{
	for (size_t i = 0; i < f->n_categories; i++)
		if (f->categories[i].key)
			return 1;
	return f->edit_key || f->toggle_key || f->rest_key || f->n_rank_keys;
}

/* The length of f's name up to its first '_' (all of it when none). */
static size_t short_len(const struct scheme_field *f)
{
	const char *u = strchr(f->name, '_');
	return u ? (size_t)(u - f->name) : strlen(f->name);
}

const char *field_short_name(const struct scheme *sc, const struct scheme_field *f, char *buf)
{
	size_t n = short_len(f);
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct scheme_field *g = &sc->fields[i];
		if (g != f && short_len(g) == n && strncmp(g->name, f->name, n) == 0)
			return strcpy(buf, f->name);
	}
	memcpy(buf, f->name, n);
	buf[n] = '\0';
	return buf;
}

const char *passage_mark(const struct scheme_field *f, const char *v, enum style *st)
{
	if (!v) {
		*st = S_MISSING;
		return "[ ]";
	}
	if (f->type != TYPE_BINARY || f->n_categories != 2) {
		*st = S_YES;
		return "[*]";
	}
	int yes = strcmp(v, f->categories[1].value) == 0;
	*st = yes ? S_YES : S_NO;
	return yes ? "[+]" : "[-]";
}

void rank_keys_hint(const struct scheme_field *f, long last, struct strbuf *out)
{
	size_t n = last < 0 ? 0 : (size_t)last < f->n_rank_keys ? (size_t)last : f->n_rank_keys;
	for (size_t i = 0; i < n; i++) {
		size_t j = i;
		/* a run of one-character keys in a row: "1-9" */
		while (j + 1 < n && strlen(f->rank_keys[j]) == 1 && strlen(f->rank_keys[j + 1]) == 1 &&
		       f->rank_keys[j + 1][0] == f->rank_keys[j][0] + 1)
			j++;
		if (i)
			strbuf_addc(out, ',');
		strbuf_adds(out, f->rank_keys[i]);
		if (j > i) {
			strbuf_addc(out, '-');
			strbuf_adds(out, f->rank_keys[j]);
			i = j;
		}
	}
}
