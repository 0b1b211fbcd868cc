/* scheme_read.c - a label scheme's JSON: reading and checking it with JSON
 * path messages, writing it, and the built-in schemes compiled in. */
#include "json_read.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/scheme_read.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"

/* builtin_schemes[]: { name, JSON text } of schemas/builtin/NAME.json (made by the Makefile) */

/* A key given so far, and where (for "used already at"): a category key
 * or a field's own, of which field and unit. */
struct key_use {
	char *key, *path;
	int category;
	size_t field;
	int unit;     /* enum scheme_unit, -1: not known (a problem was reported) */
};

struct reading {
	struct json_reader r;
	struct key_use *keys;
	size_t n_keys, cap_keys;
	int stored;   /* a project's scheme, checked when it was added: a key reserved since is kept */
	/* the key being read: a category key or a field's own, of field field of unit unit */
	int category;
	size_t field;
	int unit;
};

static const char *const scheme_members[] = { "format", "version", "name", "description", "shows", "fields",
					      NULL };
static const char *const field_members[] = { "name", "unit", "type", "role", "threshold", "categories",
					     "required", "skip_when_empty", "help", "keys", NULL };
static const char *const category_members[] = { "value", "label", "key", NULL };
static const char *const text_keys[] = { "edit", NULL };
static const char *const passage_keys[] = { "ranks", "toggle", "rest", NULL };
static const char *const no_keys[] = { NULL };

/* Whether key, given already at u, may not be given again where rd reads
 * (then a problem says why): a key is unique within a scheme, but for the
 * category keys of fields of one unit other than passage, each field's
 * its own (the fields share it: it sets the one in focus). */
static int key_repeat_problem(struct reading *rd, const struct key_use *u, const char *key)
{
	const char *why = NULL;
	if (!rd->category || !u->category)
		why = "(keys are unique within a scheme, but for category keys that fields of one unit share)";
	else if (u->field == rd->field)
		why = "(the categories of a field have keys of their own)";
	else if (u->unit >= 0 && rd->unit >= 0 && u->unit != rd->unit) {
		jr_problem(&rd->r, "key \"%s\" is used already at %s, by a field of unit %s (only fields of one unit "
			   "share keys: the key sets the field in focus)", key, u->path,
			   scheme_unit_name((enum scheme_unit)u->unit));
		return 1;
	} else if (u->unit == UNIT_PASSAGE || rd->unit == UNIT_PASSAGE)
		why = "(passage fields share no keys: theirs act on the focused passage)";
	if (why)
		jr_problem(&rd->r, "key \"%s\" is used already at %s %s", key, u->path, why);
	return why != NULL;
}

/* The key at the current path: a key name, not reserved, not given before
 * in the scheme (key_repeat_problem). An xstrdup'd copy, or NULL after a
 * problem. */
static char *check_key(struct reading *rd, const cJSON *v)
{
	const char *key = jr_string(&rd->r, v, 1), *why, *action;
	if (!key)
		return NULL;
	if ((why = scheme_key_problem(key))) {
		jr_problem(&rd->r, "%s, got \"%s\"", why, key);
		return NULL;
	}
	if (!rd->stored && (action = scheme_key_reserved(key))) {
		struct strbuf all = STRBUF_INIT;
		for (size_t i = 0; i < scheme_n_reserved_keys; i++)
			strbuf_addf(&all, "%s%s", i ? " " : "", scheme_reserved_keys[i].key);
		jr_problem(&rd->r, "key \"%s\" is reserved for %s (the keys of navigation and other global "
			   "actions are: %s)", key, action, strbuf_str(&all));
		strbuf_release(&all);
		return NULL;
	}
	for (size_t i = 0; i < rd->n_keys; i++)
		if (strcmp(rd->keys[i].key, key) == 0 && key_repeat_problem(rd, &rd->keys[i], key))
			return NULL;
	xgrow(&rd->keys, &rd->cap_keys, rd->n_keys + 1, sizeof(*rd->keys));
	rd->keys[rd->n_keys++] = (struct key_use){ xstrdup(key), xstrdup(json_path_str(&rd->r.path)), rd->category,
						   rd->field, rd->unit };
	return xstrdup(key);
}

/* obj's member name, as a key (NULL when absent or wrong). */
static char *key_member(struct reading *rd, const cJSON *obj, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
	if (!v)
		return NULL;
	json_path_key(&rd->r.path, name);
	char *k = check_key(rd, v);
	json_path_pop(&rd->r.path);
	return k;
}

/* obj's member name if it is a boolean (else a problem); def when absent. */
static int bool_member(struct reading *rd, const cJSON *obj, const char *name, int def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
	if (!v)
		return def;
	if (!cJSON_IsBool(v)) {
		json_path_key(&rd->r.path, name);
		jr_problem(&rd->r, "expected a boolean (true or false), got %s", jr_type_name(v));
		json_path_pop(&rd->r.path);
		return def;
	}
	return cJSON_IsTrue(v);
}

/* A name member (scheme or field name): checked, xstrdup'd, or NULL. */
static char *name_member(struct reading *rd, const cJSON *obj)
{
	const char *name = jr_string_member(&rd->r, obj, "name", 1, 1), *why;
	if (!name)
		return NULL;
	if ((why = scheme_name_problem(name))) {
		json_path_key(&rd->r.path, "name");
		jr_problem(&rd->r, "%s, got \"%s\"", why, name);
		json_path_pop(&rd->r.path);
		return NULL;
	}
	return xstrdup(name);
}

/* obj's member name, one of names[0..n) (what: "unit"); -1 when absent or not one. */
static int enum_member(struct reading *rd, const cJSON *obj, const char *name, const char *what,
		       const char *(*name_of)(int), int n)
{
	const char *s = jr_string_member(&rd->r, obj, name, 1, 1);
	if (!s)
		return -1;
	char list[128] = "";
	for (int i = 0; i < n; i++) {
		if (strcmp(name_of(i), s) == 0)
			return i;
		size_t used = strlen(list);
		snprintf(list + used, sizeof(list) - used, "%s%s", i ? ", " : "", name_of(i));
	}
	json_path_key(&rd->r.path, name);
	jr_problem(&rd->r, "unknown %s \"%s\" (expected one of: %s)", what, s, list);
	json_path_pop(&rd->r.path);
	return -1;
}

static const char *unit_name_of(int i)
{
	return scheme_unit_name((enum scheme_unit)i);
}

static const char *type_name_of(int i)
{
	return scheme_type_name((enum scheme_type)i);
}

static const char *role_name_of(int i)
{
	return scheme_role_name((enum scheme_role)(i + 1));
}

/* Call fn(rd, item, ctx) for each item of arr, obj's member key, at its path. */
static void each_item(struct reading *rd, const cJSON *arr, const char *key,
		      void (*fn)(struct reading *, const cJSON *, void *), void *ctx)
{
	json_path_key(&rd->r.path, key);
	size_t i = 0;
	for (const cJSON *v = arr->child; v; v = v->next, i++) {
		json_path_index(&rd->r.path, i);
		fn(rd, v, ctx);
		json_path_pop(&rd->r.path);
	}
	json_path_pop(&rd->r.path);
}

/* Category i of the field ctx at the current path. */
static void read_category(struct reading *rd, const cJSON *v, void *ctx)
{
	struct scheme_field *f = ctx;
	struct scheme_category *c = &f->categories[f->n_categories];
	if (jr_object(&rd->r, v, category_members, "a category") != 0)
		return;
	const char *value = jr_string_member(&rd->r, v, "value", 1, 1);
	const char *label = jr_string_member(&rd->r, v, "label", 0, 1);
	if (value && scheme_category_find(f, value)) {
		json_path_key(&rd->r.path, "value");
		jr_problem(&rd->r, "value \"%s\" is given twice in this field (category values are unique)", value);
		json_path_pop(&rd->r.path);
		value = NULL;
	}
	rd->category = 1;
	char *key = key_member(rd, v, "key");
	rd->category = 0;
	if (!value) {
		free(key);
		return;
	}
	c->value = xstrdup(value);
	c->label = xstrdup(label ? label : value);
	c->key = key;
	f->n_categories++;
}

/* The categories of f (its type known): how many its type takes, each read. */
static void read_categories(struct reading *rd, const cJSON *obj, struct scheme_field *f)
{
	const cJSON *cats = cJSON_GetObjectItemCaseSensitive(obj, "categories");
	if (f->type == TYPE_TEXT) {
		if (cats) {
			json_path_key(&rd->r.path, "categories");
			jr_problem(&rd->r, "a text field has no categories");
			json_path_pop(&rd->r.path);
		}
		return;
	}
	cats = jr_array_member(&rd->r, obj, "categories", 1, 0);
	if (!cats)
		return;
	int n = cJSON_GetArraySize(cats), bad = 1;
	json_path_key(&rd->r.path, "categories");
	if (f->type == TYPE_BINARY && n != 2)
		jr_problem(&rd->r, "expected exactly 2 categories for a binary field, got %d", n);
	else if (n < SCHEME_MIN_CATEGORIES || n > SCHEME_MAX_CATEGORIES)
		jr_problem(&rd->r, "expected %d to %d categories for a%s %s field, got %d", SCHEME_MIN_CATEGORIES,
			   SCHEME_MAX_CATEGORIES, f->type == TYPE_ORDINAL ? "n" : "", scheme_type_name(f->type), n);
	else
		bad = 0;
	json_path_pop(&rd->r.path);
	if (bad && n > SCHEME_MAX_CATEGORIES)
		return;   /* the count says it all: never each of a million checked against the others */
	f->categories = xcalloc((size_t)n + 1, sizeof(*f->categories));
	each_item(rd, cats, "categories", read_category, f);
}

/* The rank keys of a passage field: an array of 1 to 10 keys. */
static void read_rank_keys(struct reading *rd, const cJSON *keys, struct scheme_field *f)
{
	const cJSON *ranks = jr_array_member(&rd->r, keys, "ranks", 0, 1);
	if (!ranks)
		return;
	json_path_key(&rd->r.path, "ranks");
	size_t i = 0;
	for (const cJSON *k = ranks->child; k; k = k->next, i++) {
		json_path_index(&rd->r.path, i);
		if (i == SCHEME_MAX_RANK_KEYS) {
			jr_problem(&rd->r, "expected at most %d rank keys (ranks 1 to %d)", SCHEME_MAX_RANK_KEYS,
				   SCHEME_MAX_RANK_KEYS);
			json_path_pop(&rd->r.path);
			break;
		}
		char *key = check_key(rd, k);
		if (key)
			f->rank_keys[f->n_rank_keys++] = key;
		json_path_pop(&rd->r.path);
	}
	json_path_pop(&rd->r.path);
}

/* The field's own keys: edit for a text field; ranks, toggle, rest for a
 * binary passage field; none for the others. */
static void read_field_keys(struct reading *rd, const cJSON *obj, struct scheme_field *f, int type_ok)
{
	const cJSON *keys = cJSON_GetObjectItemCaseSensitive(obj, "keys");
	if (!keys || !type_ok)
		return;
	int text = f->type == TYPE_TEXT, passage = f->type == TYPE_BINARY && f->unit == UNIT_PASSAGE;
	json_path_key(&rd->r.path, "keys");
	if (!text && !passage) {
		jr_problem(&rd->r, "only text fields (edit) and binary passage fields (ranks, toggle, rest) have "
			   "keys of their own; give the keys with the categories");
		json_path_pop(&rd->r.path);
		return;
	}
	int ok = jr_object(&rd->r, keys, text ? text_keys : passage ? passage_keys : no_keys, "the field's keys");
	json_path_pop(&rd->r.path);
	if (ok != 0)
		return;
	json_path_key(&rd->r.path, "keys");
	if (text) {
		f->edit_key = key_member(rd, keys, "edit");
	} else {
		read_rank_keys(rd, keys, f);
		f->toggle_key = key_member(rd, keys, "toggle");
		f->rest_key = key_member(rd, keys, "rest");
	}
	json_path_pop(&rd->r.path);
}

/* Whether field f of s may have role r (else a problem at "role" says why):
 * its type and unit fit, and no other field of s has it. */
static int role_fits(struct reading *rd, const struct scheme *s, const struct scheme_field *f, enum scheme_role r)
{
	const char *want = NULL;
	int binary = f->type == TYPE_BINARY, ordinal = f->type == TYPE_ORDINAL, nominal = f->type == TYPE_NOMINAL;
	if (r == SROLE_RELEVANCE && (f->unit != UNIT_PASSAGE || !(binary || ordinal)))
		want = "a passage field, binary or ordinal (graded)";
	else if (r == SROLE_CORRECTNESS && !(binary || ordinal))
		want = "a binary or ordinal field";
	else if ((r == SROLE_INTENT || r == SROLE_PLAUSIBILITY || r == SROLE_FAITHFULNESS) && !nominal)
		want = "a nominal field";
	else if (r == SROLE_PREFERENCE && (f->type == TYPE_TEXT || f->unit != UNIT_PAIR))
		want = "a pair field with categories";
	else if (r == SROLE_GOLD_PASSAGES && (f->type != TYPE_TEXT || f->unit != UNIT_RESPONSE))
		want = "a response field of type text";
	json_path_key(&rd->r.path, "role");
	if (want)
		jr_problem(&rd->r, "role \"%s\" is for %s, not a%s %s %s field", scheme_role_name(r), want,
			   f->unit == UNIT_ANSWER ? "n" : "", scheme_unit_name(f->unit), scheme_type_name(f->type));
	for (size_t i = 0; !want && i < s->n_fields; i++)
		if (s->fields[i].role == r) {
			jr_problem(&rd->r, "role \"%s\" is given already to field \"%s\" (at most one field per role in a "
				   "scheme)", scheme_role_name(r), s->fields[i].name);
			want = "";
		}
	json_path_pop(&rd->r.path);
	return want == NULL;
}

/* The role of f and its threshold: the value of the lowest category that
 * counts (relevance, correctness; required for an ordinal correctness). */
static void read_role(struct reading *rd, const cJSON *v, const struct scheme *s, struct scheme_field *f, int type_ok)
{
	int role = cJSON_GetObjectItemCaseSensitive(v, "role") ?
		   enum_member(rd, v, "role", "role", role_name_of, SROLE__COUNT - 1) : -1;
	const char *value = jr_string_member(&rd->r, v, "threshold", 0, 1);
	if (role < 0 || !type_ok)
		return;
	enum scheme_role r = (enum scheme_role)(role + 1);
	if (!role_fits(rd, s, f, r))
		return;
	f->role = r;
	int counts = r == SROLE_RELEVANCE || r == SROLE_CORRECTNESS;
	json_path_key(&rd->r.path, "threshold");
	const struct scheme_category *c = value ? scheme_category_find(f, value) : NULL;
	if (value && !counts)
		jr_problem(&rd->r, "only a relevance or correctness field has a threshold");
	else if (value && !c)
		jr_problem(&rd->r, "\"%s\" is no category value of this field (the threshold is the value of the "
			   "lowest category that counts as %s)", value, r == SROLE_RELEVANCE ? "relevant" : "correct");
	else if (c)
		f->threshold = (int)(c - f->categories) + 1;
	else if (r == SROLE_CORRECTNESS && f->type == TYPE_ORDINAL)
		jr_problem(&rd->r, "an ordinal correctness field needs a threshold: the value of the lowest category "
			   "that counts as correct (add \"threshold\": \"VALUE\")");
	json_path_pop(&rd->r.path);
}

/* Field i at the current path, into the scheme ctx's fields[n_fields]. */
static void read_field(struct reading *rd, const cJSON *v, void *ctx)
{
	struct scheme *s = ctx;
	if (jr_object(&rd->r, v, field_members, "a field") != 0)
		return;
	struct scheme_field *f = &s->fields[s->n_fields];
	char *name = name_member(rd, v);
	if (name && scheme_field_find(s, name)) {
		json_path_key(&rd->r.path, "name");
		jr_problem(&rd->r, "field \"%s\" is given twice (field names are unique)", name);
		json_path_pop(&rd->r.path);
		free(name);
		name = NULL;
	}
	int unit = enum_member(rd, v, "unit", "unit", unit_name_of, UNIT__COUNT);
	int type = enum_member(rd, v, "type", "type", type_name_of, TYPE__COUNT);
	f->unit = unit < 0 ? UNIT_RESPONSE : (enum scheme_unit)unit;
	if (unit >= 0 && s->n_fields && (f->unit == UNIT_PAIR) != (s->fields[0].unit == UNIT_PAIR)) {
		json_path_key(&rd->r.path, "unit");
		jr_problem(&rd->r, "a scheme's fields judge pairs or none do (field \"%s\" judges a %s)",
			   s->fields[0].name, scheme_unit_name(s->fields[0].unit));
		json_path_pop(&rd->r.path);
	}
	rd->field = s->n_fields;
	rd->unit = unit;
	f->type = type < 0 ? TYPE_TEXT : (enum scheme_type)type;
	f->required = bool_member(rd, v, "required", 0);
	f->skip_when_empty = bool_member(rd, v, "skip_when_empty", 0);
	const char *help = jr_string_member(&rd->r, v, "help", 0, 1);
	f->help = help ? xstrdup(help) : NULL;
	if (type >= 0)
		read_categories(rd, v, f);
	read_field_keys(rd, v, f, type >= 0 && unit >= 0);
	read_role(rd, v, s, f, type >= 0 && unit >= 0);
	f->name = name ? name : xstrdup("");
	s->n_fields++; /* kept, so that scheme_free() frees it; a problem was reported if need be */
}

/* The shows array: names of what is shown, each once. */
static void read_shows(struct reading *rd, const cJSON *root, struct scheme *s)
{
	const cJSON *shows = jr_array_member(&rd->r, root, "shows", 0, 0);
	s->shows = SCHEME_SHOW_DEFAULT;
	if (!shows)
		return;
	s->shows = 0;
	json_path_key(&rd->r.path, "shows");
	size_t i = 0;
	for (const cJSON *v = shows->child; v; v = v->next, i++) {
		json_path_index(&rd->r.path, i);
		const char *name = jr_string(&rd->r, v, 1);
		unsigned bit;
		if (name && scheme_show_parse(name, &bit) != 0)
			jr_problem(&rd->r, "unknown part \"%s\" (expected one of: history, passages, evidence, answer, systems)",
				   name);
		else if (name && (s->shows & bit))
			jr_problem(&rd->r, "\"%s\" is given twice", name);
		else if (name)
			s->shows |= bit;
		json_path_pop(&rd->r.path);
	}
	json_path_pop(&rd->r.path);
}

static void read_scheme(struct reading *rd, const cJSON *root, struct scheme *s)
{
	if (jr_object(&rd->r, root, scheme_members, "a scheme") != 0)
		return;
	jr_header(&rd->r, root, "convqa-scheme");
	s->name = name_member(rd, root);
	const char *description = jr_string_member(&rd->r, root, "description", 1, 1);
	s->description = description ? xstrdup(description) : NULL;
	read_shows(rd, root, s);
	const cJSON *fields = jr_array_member(&rd->r, root, "fields", 1, 1);
	if (!fields)
		return;
	s->fields = xcalloc((size_t)cJSON_GetArraySize(fields), sizeof(*s->fields));
	each_item(rd, fields, "fields", read_field, s);
}

static enum status read_json(const char *name, char *buf, size_t len, int stored, struct scheme **out,
			     struct error *err)
{
	struct import_input in = { name, buf, len, NULL };
	cJSON *root;
	*out = NULL;
	enum status st = jr_parse(&in, &root, err);
	if (st != ST_OK)
		return st;
	if (!stored && jr_other_convqa_file(name, root, "convqa-scheme", err) != ST_OK) {
		cJSON_Delete(root);
		return ST_INPUT;
	}
	struct reading rd = { .stored = stored };
	struct scheme *s = xcalloc(1, sizeof(*s));
	jr_init(&rd.r, name, err);
	read_scheme(&rd, root, s);
	st = jr_finish(&rd.r);
	for (size_t i = 0; i < rd.n_keys; i++) {
		free(rd.keys[i].key);
		free(rd.keys[i].path);
	}
	free(rd.keys);
	cJSON_Delete(root);
	if (st != ST_OK)
		scheme_free(s);
	else
		*out = s;
	return st;
}

enum status scheme_read(const char *name, char *buf, size_t len, struct scheme **out, struct error *err)
{
	return read_json(name, buf, len, 0, out, err);
}

/* ---- writing ---------------------------------------------------------------- */
/* One layout, the one of schemas/builtin/: an object a line for categories
 * and field keys, the rest one member a line. */

/* s as a JSON string (quoted, escaped: controls and bidi controls too). */
static void add_string(struct strbuf *out, const char *s)
{
	json_quote(out, s);
}

/* "key": "value" with a separator before it unless first */
static void add_member(struct strbuf *out, const char *sep, const char *key, const char *value)
{
	strbuf_addf(out, "%s\"%s\": ", sep, key);
	add_string(out, value);
}

static void write_field_keys(struct strbuf *out, const struct scheme_field *f)
{
	const char *sep = " ";
	if (!f->edit_key && !f->toggle_key && !f->rest_key && !f->n_rank_keys)
		return;
	strbuf_adds(out, ",\n      \"keys\": {");
	if (f->edit_key) {
		add_member(out, sep, "edit", f->edit_key);
		sep = ", ";
	}
	if (f->n_rank_keys) {
		strbuf_addf(out, "%s\"ranks\": [", sep);
		for (size_t i = 0; i < f->n_rank_keys; i++) {
			strbuf_adds(out, i ? ", " : "");
			add_string(out, f->rank_keys[i]);
		}
		strbuf_adds(out, "]");
		sep = ", ";
	}
	if (f->toggle_key) {
		add_member(out, sep, "toggle", f->toggle_key);
		sep = ", ";
	}
	if (f->rest_key)
		add_member(out, sep, "rest", f->rest_key);
	strbuf_adds(out, " }");
}

static void write_field(struct strbuf *out, const struct scheme_field *f)
{
	add_member(out, "    {\n      ", "name", f->name);
	add_member(out, ",\n      ", "unit", scheme_unit_name(f->unit));
	add_member(out, ",\n      ", "type", scheme_type_name(f->type));
	if (f->role != SROLE_NONE)
		add_member(out, ",\n      ", "role", scheme_role_name(f->role));
	if (f->threshold > 0)
		add_member(out, ",\n      ", "threshold", f->categories[f->threshold - 1].value);
	strbuf_addf(out, ",\n      \"required\": %s", f->required ? "true" : "false");
	if (f->skip_when_empty)
		strbuf_adds(out, ",\n      \"skip_when_empty\": true");
	if (f->help)
		add_member(out, ",\n      ", "help", f->help);
	if (f->type != TYPE_TEXT) {
		strbuf_adds(out, ",\n      \"categories\": [\n");
		for (size_t i = 0; i < f->n_categories; i++) {
			const struct scheme_category *c = &f->categories[i];
			add_member(out, "        { ", "value", c->value);
			add_member(out, ", ", "label", c->label);
			if (c->key)
				add_member(out, ", ", "key", c->key);
			strbuf_adds(out, i + 1 < f->n_categories ? " },\n" : " }\n");
		}
		strbuf_adds(out, "      ]");
	}
	write_field_keys(out, f);
	strbuf_adds(out, "\n    }");
}

char *scheme_to_json(const struct scheme *s)
{
	struct strbuf out = STRBUF_INIT;
	strbuf_adds(&out, "{\n  \"format\": \"convqa-scheme\",\n  \"version\": 1,\n");
	add_member(&out, "  ", "name", s->name);
	add_member(&out, ",\n  ", "description", s->description);
	strbuf_adds(&out, ",\n  \"shows\": [");
	for (int i = 0, n = 0; i < SCHEME_SHOW__COUNT; i++)
		if (s->shows & (1u << i)) {
			strbuf_adds(&out, n++ ? ", " : "");
			add_string(&out, scheme_show_name(i));
		}
	strbuf_adds(&out, "],\n  \"fields\": [\n");
	for (size_t i = 0; i < s->n_fields; i++) {
		write_field(&out, &s->fields[i]);
		strbuf_adds(&out, i + 1 < s->n_fields ? ",\n" : "\n");
	}
	strbuf_adds(&out, "  ]\n}\n");
	char *text = strbuf_detach(&out);
	strbuf_release(&out);
	return text;
}

/* ---- a project scheme's stored JSON ---------------------------------------- */

enum status scheme_parse_stored(const char *name, const char *json, struct scheme **out, struct error *err)
{
	char *what = xasprintf("project scheme %s", name);
	enum status st = read_json(what, xstrdup(json), strlen(json), 1, out, err);
	free(what);
	return st;
}
