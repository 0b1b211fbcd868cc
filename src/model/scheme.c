/* scheme.c - label schemes as data: names, keys, lookups (pure). */
#include "convqa/scheme.h"

#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "convqa/common.h"
#include "convqa/text.h"

/* The printable keys of navigation and the other global actions of the UI
 * (src/tui/actions.c bindings[]; tui_check_tables() checks the two agree). */
const struct scheme_reserved_key scheme_reserved_keys[] = {
	{ "u", "undo" }, { "n", "next-item" }, { "p", "prev-item" }, { "]", "next-turn" },
	{ "[", "prev-turn" }, { "j", "down" }, { "k", "up" }, { "t", "view-turn" },
	{ "h", "history" }, { "r", "rewrite" }, { "?", "help" }, { "g", "guidelines" },
	{ "q", "quit" }, { "l", "list" }, { ":", "jump" }, { "A", "auto-advance" }, { "E", "spans" },
	{ "/", "search" }, { "+", "mark-found" },
};
const size_t scheme_n_reserved_keys = ARRAY_SIZE(scheme_reserved_keys);

static const char *const unit_names[UNIT__COUNT] = { "turn", "passage", "response", "answer", "pair" };
static const char *const type_names[TYPE__COUNT] = { "binary", "nominal", "ordinal", "text" };
static const char *const role_names[SROLE__COUNT] = { "", "relevance", "correctness", "intent", "plausibility",
						     "faithfulness", "preference", "gold_passages" };
static const char *const show_names[SCHEME_SHOW__COUNT] = { "history", "passages", "evidence", "answer", "systems" };

const char *scheme_key_reserved(const char *key)
{
	for (size_t i = 0; i < scheme_n_reserved_keys; i++)
		if (strcmp(scheme_reserved_keys[i].key, key) == 0)
			return scheme_reserved_keys[i].action;
	return NULL;
}

const char *scheme_key_problem(const char *key)
{
	static const char expected[] = "expected a key: one printable character, or \"space\"";
	if (strcmp(key, "space") == 0)
		return NULL;
	size_t len = strlen(key);
	uint32_t cp;
	size_t n = len ? text_utf8_decode(key, len, &cp) : 0;
	if (!n || n != len || cp <= 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0) ||
	    text_cp_is_hidden_control(cp) || text_cp_width(cp) == 0)
		return expected;
	return NULL;
}

const char *scheme_name_problem(const char *name)
{
	static const char expected[] = "expected a name of a-z, 0-9, _ and - (not first), at most 64 characters";
	size_t len = strlen(name);
	if (len == 0 || len > SCHEME_MAX_NAME || name[0] == '_' || name[0] == '-')
		return expected;
	for (size_t i = 0; i < len; i++) {
		char c = name[i];
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
			return expected;
	}
	return NULL;
}

const char *scheme_unit_name(enum scheme_unit u)
{
	return (unsigned)u < UNIT__COUNT ? unit_names[u] : "?";
}

const char *scheme_type_name(enum scheme_type t)
{
	return (unsigned)t < TYPE__COUNT ? type_names[t] : "?";
}

const char *scheme_role_name(enum scheme_role r)
{
	return (unsigned)r < SROLE__COUNT ? role_names[r] : "?";
}

const char *scheme_show_name(int i)
{
	return i >= 0 && i < SCHEME_SHOW__COUNT ? show_names[i] : "?";
}

int scheme_unit_parse(const char *name, enum scheme_unit *out)
{
	int i = name_index(unit_names, UNIT__COUNT, name);
	if (i >= 0)
		*out = (enum scheme_unit)i;
	return i >= 0 ? 0 : -1;
}

int scheme_type_parse(const char *name, enum scheme_type *out)
{
	int i = name_index(type_names, TYPE__COUNT, name);
	if (i >= 0)
		*out = (enum scheme_type)i;
	return i >= 0 ? 0 : -1;
}

int scheme_role_parse(const char *name, enum scheme_role *out)
{
	int i = *name ? name_index(role_names, SROLE__COUNT, name) : -1;
	if (i >= 0)
		*out = (enum scheme_role)i;
	return i >= 0 ? 0 : -1;
}

int scheme_judges_pairs(const struct scheme *s)
{
	return s && s->n_fields && s->fields[0].unit == UNIT_PAIR;
}

const struct scheme_field *scheme_field_by_role(const struct scheme *s, enum scheme_role r)
{
	for (size_t i = 0; s && r != SROLE_NONE && i < s->n_fields; i++)
		if (s->fields[i].role == r)
			return &s->fields[i];
	return NULL;
}

int scheme_threshold(const struct scheme_field *f)
{
	return f->threshold > 0 ? f->threshold - 1 : 1;
}

int scheme_graded(const struct scheme_field *f)
{
	return f->type == TYPE_ORDINAL;
}

int scheme_show_parse(const char *name, unsigned *bit)
{
	int i = name_index(show_names, SCHEME_SHOW__COUNT, name);
	if (i >= 0)
		*bit = 1u << i;
	return i >= 0 ? 0 : -1;
}

const struct scheme_field *scheme_field_find(const struct scheme *s, const char *name)
{
	for (size_t i = 0; i < s->n_fields; i++)
		if (strcmp(s->fields[i].name, name) == 0)
			return &s->fields[i];
	return NULL;
}

/* Whether field g has a category key key. */
static int has_category_key(const struct scheme_field *g, const char *key)
{
	for (size_t i = 0; i < g->n_categories; i++)
		if (g->categories[i].key && strcmp(g->categories[i].key, key) == 0)
			return 1;
	return 0;
}

int scheme_field_focused(const struct scheme *s, const struct scheme_field *f)
{
	for (size_t i = 0; i < f->n_categories; i++)
		for (size_t j = 0; f->categories[i].key && j < s->n_fields; j++)
			if (&s->fields[j] != f && has_category_key(&s->fields[j], f->categories[i].key))
				return 1;
	return 0;
}

int scheme_has_focus(const struct scheme *s)
{
	for (size_t i = 0; i < s->n_fields; i++)
		if (scheme_field_focused(s, &s->fields[i]))
			return 1;
	return 0;
}

const struct scheme_category *scheme_category_find(const struct scheme_field *f, const char *value)
{
	for (size_t i = 0; i < f->n_categories; i++)
		if (strcmp(f->categories[i].value, value) == 0)
			return &f->categories[i];
	return NULL;
}

static void field_release(struct scheme_field *f)
{
	for (size_t i = 0; i < f->n_categories; i++) {
		free(f->categories[i].value);
		free(f->categories[i].label);
		free(f->categories[i].key);
	}
	free(f->categories);
	char *owned[] = { f->name, f->help, f->edit_key, f->toggle_key, f->rest_key };
	for (size_t i = 0; i < ARRAY_SIZE(owned); i++)
		free(owned[i]);
	for (size_t i = 0; i < f->n_rank_keys; i++)
		free(f->rank_keys[i]);
}

void scheme_free(struct scheme *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n_fields; i++)
		field_release(&s->fields[i]);
	free(s->fields);
	free(s->name);
	free(s->description);
	free(s);
}

/* ---- changing a scheme in use --------------------------------------------------- */

static long field_uses(const struct scheme_use *uses, size_t n, const char *field)
{
	long total = 0;
	for (size_t i = 0; i < n; i++)
		total += strcmp(uses[i].field, field) == 0 ? uses[i].count : 0;
	return total;
}

static long category_index(const struct scheme_field *f, const char *value)
{
	const struct scheme_category *c = scheme_category_find(f, value);
	return c ? (long)(c - f->categories) : -1;
}

/* Why used category u of ordinal field f cannot move in nf, into buf; NULL
 * when it keeps its place. A category's place is what an ordinal label
 * means: its weights in kappa, its position in the mean and median. */
static const char *moved(const struct scheme_field *f, const struct scheme_field *nf, const struct scheme_use *u,
			 char *buf, size_t size)
{
	long was = category_index(f, u->value), now = category_index(nf, u->value);
	if (was < 0 || was == now)
		return NULL;   /* not in the old scheme: a label of a value it never had */
	snprintf(buf, size, "field '%s' would move '%s' from place %ld to place %ld of its scale, which %ld label%s "
		 "use%s (the places of an ordinal scale are part of what its labels mean: add new categories "
		 "after the last one)", f->name, u->value, was + 1, now + 1, u->count, u->count == 1 ? "" : "s",
		 u->count == 1 ? "s" : "");
	return buf;
}

static const char *use_problem(const struct scheme *old, const struct scheme *new, const struct scheme_use *u,
			       const struct scheme_use *uses, size_t n, int moves, char *buf, size_t size)
{
	const struct scheme_field *f = scheme_field_find(old, u->field), *nf = scheme_field_find(new, u->field);
	long total = field_uses(uses, n, u->field);
	if (!nf)
		snprintf(buf, size, "field '%s' is used by %ld label%s: it cannot be removed", u->field, total,
			 total == 1 ? "" : "s");
	else if (strcmp(scheme_unit_name(nf->unit), u->unit) != 0)
		snprintf(buf, size, "field '%s' judges the %s in %ld label%s: its unit cannot become %s", u->field,
			 u->unit, total, total == 1 ? "" : "s", scheme_unit_name(nf->unit));
	else if (f && f->type != nf->type)
		snprintf(buf, size, "field '%s' is %s in %ld label%s: its type cannot become %s", u->field,
			 scheme_type_name(f->type), total, total == 1 ? "" : "s", scheme_type_name(nf->type));
	else if (nf->type != TYPE_TEXT && !scheme_category_find(nf, u->value))
		snprintf(buf, size, "field '%s' has no category '%s' any more, which %ld label%s use%s", u->field,
			 u->value, u->count, u->count == 1 ? "" : "s", u->count == 1 ? "s" : "");
	else if (moves && f && f->type == TYPE_ORDINAL)
		return moved(f, nf, u, buf, size);
	else
		return NULL;
	return buf;
}

const char *scheme_change_problem(const struct scheme *old, const struct scheme *new, const struct scheme_use *uses,
				  size_t n, char *buf, size_t size)
{
	/* a category gone (or a field, its unit, its type) first: a category
	 * moved is often only the consequence of one removed */
	for (int moves = 0; moves < 2; moves++)
		for (size_t i = 0; i < n; i++) {
			const char *why = use_problem(old, new, &uses[i], uses, n, moves, buf, size);
			if (why)
				return why;
		}
	return NULL;
}
