/* json_read.c - parsing within the value limit, and the checks with JSON
 * path messages that the JSON-based import formats share. */
#include "json_read.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/importer.h"

/* ---- parsing ------------------------------------------------------------ */

enum status jr_limits(size_t len, struct json_limits *lim, char *why, size_t why_size, struct error *err)
{
	const char *env = getenv(IMPORTER_MAX_VALUES_ENV);
	long n;
	lim->why = why;
	if (env && *env) {
		if (parse_long(env, 1, LONG_MAX, &n) < 0)
			return error_set(err, ST_USAGE, "%s must be a positive whole number of JSON values, not '%s'",
					 IMPORTER_MAX_VALUES_ENV, env);
		lim->max_values = (size_t)n;
		snprintf(why, why_size, "the limit set by %s", IMPORTER_MAX_VALUES_ENV);
		return ST_OK;
	}
	/* the file is read already, so what is left must hold the tree */
	const char *source;
	size_t memory = mem_available(&source);
	lim->max_values = memory == SIZE_MAX ? SIZE_MAX : json_max_values(memory, len);
	char amount[32];
	if (memory >= (size_t)1 << 30)
		snprintf(amount, sizeof(amount), "%.1f GiB", (double)memory / (1 << 30));
	else
		snprintf(amount, sizeof(amount), "%zu MiB", memory >> 20);
	snprintf(why, why_size, "the most that %s of available memory (%s) holds at %d bytes a value; "
		 "set %s to change the limit", amount, source, JSON_VALUE_BYTES, IMPORTER_MAX_VALUES_ENV);
	return ST_OK;
}

enum status jr_parse(struct import_input *in, struct cJSON **root, struct error *err)
{
	char why[256];
	struct json_limits lim;
	*root = NULL;
	enum status st = jr_limits(in->len, &lim, why, sizeof(why), err);
	if (st == ST_OK)
		st = json_parse(in->name, in->buf, in->len, &lim, root, err);
	free(in->buf); /* the tree holds copies of every string: peak memory drops by the file size */
	in->buf = NULL;
	return st;
}

static void delete_tree(void *tree)
{
	cJSON_Delete(tree);
}

void jr_keep(struct model_tasks *m, struct cJSON *root)
{
	model_tasks_keep(m, root, delete_tree);
}

static size_t skip_ws(const char *buf, size_t len, size_t i)
{
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' || buf[i] == '\r'))
		i++;
	return i;
}

int jr_first_key_in(const char *buf, size_t len, const char *const *keys)
{
	size_t i = len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
	i = skip_ws(buf, len, i);
	if (i >= len || buf[i] != '{')
		return 0;
	i = skip_ws(buf, len, i + 1);
	if (i >= len || buf[i] != '"')
		return 0;
	const char *key = buf + i + 1;
	const char *end = memchr(key, '"', len - i - 1);
	if (!end)
		return 0;
	size_t n = (size_t)(end - key);
	for (size_t k = 0; keys[k]; k++)
		if (strlen(keys[k]) == n && memcmp(keys[k], key, n) == 0)
			return 1;
	return 0; /* a key with an escape never matches: the keys of a format are plain */
}

/* ---- checking ------------------------------------------------------------ */

void jr_init(struct json_reader *r, const char *name, struct error *err)
{
	memset(r, 0, sizeof(*r));
	r->name = name;
	r->err = err;
	json_path_init(&r->path);
	error_clear(err);
}

enum status jr_finish(struct json_reader *r)
{
	if (r->n_errors > JR_MAX_MESSAGES) {
		size_t used = strlen(r->err->msg);
		snprintf(r->err->msg + used, sizeof(r->err->msg) - used, "\n%s: and %d more problems", r->name,
			 r->n_errors - JR_MAX_MESSAGES);
	}
	json_path_release(&r->path);
	return r->n_errors ? ST_INPUT : ST_OK;
}

/* Count a problem: NULL past JR_MAX_MESSAGES, else where its message goes
 * in err->msg (room bytes, after the earlier messages and a newline). */
static char *next_line(struct json_reader *r, size_t *room)
{
	if (++r->n_errors > JR_MAX_MESSAGES)
		return NULL;
	r->err->status = ST_INPUT;
	size_t used = r->n_errors > 1 ? strlen(r->err->msg) : 0;
	if (used && used + 1 < sizeof(r->err->msg)) {
		r->err->msg[used++] = '\n';
		r->err->msg[used] = '\0';
	}
	*room = sizeof(r->err->msg) - used;
	return r->err->msg + used;
}

void jr_message(struct json_reader *r, const char *msg)
{
	size_t room;
	char *at = next_line(r, &room);
	if (at)
		snprintf(at, room, "%s", msg);
}

void jr_problem(struct json_reader *r, const char *fmt, ...)
{
	size_t room;
	char *at = next_line(r, &room), msg[512];
	if (!at)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (r->line)
		snprintf(at, room, "%s:%zu: %s: %s", r->name, r->line, json_path_str(&r->path), msg);
	else
		snprintf(at, room, "%s: %s: %s", r->name, json_path_str(&r->path), msg);
}

const char *jr_where(const struct json_reader *r, struct model_tasks *m)
{
	if (!r->line)
		return model_strdup(m, json_path_str(&r->path));
	return model_printf(m, "%s:%zu: %s", r->name, r->line, json_path_str(&r->path));
}

const char *jr_type_name(const cJSON *v)
{
	if (cJSON_IsObject(v))
		return "an object";
	if (cJSON_IsArray(v))
		return "an array";
	if (cJSON_IsString(v))
		return v->valuestring[0] ? "a string" : "an empty string";
	if (cJSON_IsNumber(v))
		return "a number";
	if (cJSON_IsBool(v))
		return "a boolean";
	return "null";
}

/* The problem of a key of an object at the current path: unknown, or given twice. */
static void check_key(struct json_reader *r, const cJSON *v, const cJSON *c, const char *const *allowed)
{
	size_t i;
	for (i = 0; allowed[i] && strcmp(allowed[i], c->string) != 0; i++)
		;
	if (!allowed[i]) {
		char list[256] = "";
		for (size_t j = 0; allowed[j]; j++) {
			size_t n = strlen(list);
			snprintf(list + n, sizeof(list) - n, "%s%s", j ? ", " : "", allowed[j]);
		}
		jr_problem(r, "unknown property (expected one of: %s)", list);
		return;
	}
	for (const cJSON *d = v->child; d != c; d = d->next)
		if (strcmp(d->string, c->string) == 0) {
			jr_problem(r, "property given twice");
			return;
		}
}

int jr_object(struct json_reader *r, const cJSON *v, const char *const *allowed, const char *what)
{
	if (!cJSON_IsObject(v)) {
		jr_problem(r, "expected %s (an object), got %s", what, jr_type_name(v));
		return -1;
	}
	for (const cJSON *c = v->child; c; c = c->next) {
		json_path_key(&r->path, c->string);
		check_key(r, v, c, allowed);
		json_path_pop(&r->path);
	}
	return 0;
}

const cJSON *jr_member(struct json_reader *r, const cJSON *obj, const char *key, int required)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!v && required)
		jr_problem(r, "missing required property \"%s\"", key);
	return v;
}

const char *jr_string(struct json_reader *r, const cJSON *v, int nonempty)
{
	if (!cJSON_IsString(v) || (nonempty && !v->valuestring[0])) {
		jr_problem(r, "expected a %sstring, got %s", nonempty ? "non-empty " : "", jr_type_name(v));
		return NULL;
	}
	return v->valuestring;
}

const char *jr_string_member(struct json_reader *r, const cJSON *obj, const char *key, int required,
			     int nonempty)
{
	const cJSON *v = jr_member(r, obj, key, required);
	if (!v)
		return NULL;
	json_path_key(&r->path, key);
	const char *s = jr_string(r, v, nonempty);
	json_path_pop(&r->path);
	return s;
}

const cJSON *jr_array_member(struct json_reader *r, const cJSON *obj, const char *key, int required,
			     int min_items)
{
	const cJSON *v = jr_member(r, obj, key, required);
	if (!v)
		return NULL;
	json_path_key(&r->path, key);
	if (!cJSON_IsArray(v)) {
		jr_problem(r, "expected an array, got %s", jr_type_name(v));
		v = NULL;
	} else if (cJSON_GetArraySize(v) < min_items) {
		jr_problem(r, "expected at least %d item%s, got none", min_items, min_items == 1 ? "" : "s");
		v = NULL;
	}
	json_path_pop(&r->path);
	return v;
}

/* The files convqa writes or reads, by their "format": what one is, what
 * to do with it (a command, followed by the file's name, or a sentence). */
static const struct {
	const char *format, *what, *then;
	int command;
} convqa_files[] = {
	{ "convqa-tasks", "a task file", "import it with convqa import", 1 },
	{ "convqa-labels", "a labels export of convqa export", "import its labels with convqa import-labels", 1 },
	{ "convqa-scheme", "a label scheme", "add it to the project with convqa scheme add", 1 },
	{ "convqa-report", "a report of convqa report", "convqa reads no report back", 0 },
};

enum status jr_other_convqa_file(const char *name, const cJSON *root, const char *format, struct error *err)
{
	const cJSON *f = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "format") : NULL;
	const char *expected = format;
	if (!cJSON_IsString(f) || strcmp(f->valuestring, format) == 0)
		return ST_OK;
	for (size_t i = 0; i < sizeof(convqa_files) / sizeof(convqa_files[0]); i++)
		if (strcmp(format, convqa_files[i].format) == 0)
			expected = convqa_files[i].what;
	const char *arg = strcmp(name, importer_input_name("-")) == 0 ? "-" : name; /* the command's FILE */
	for (size_t i = 0; i < sizeof(convqa_files) / sizeof(convqa_files[0]); i++)
		if (strcmp(f->valuestring, convqa_files[i].format) == 0)
			return error_set(err, ST_INPUT, "%s: $.format: \"%s\": this is %s, not %s: %s%s%s", name,
					 f->valuestring, convqa_files[i].what, expected, convqa_files[i].then,
					 convqa_files[i].command ? " " : "", convqa_files[i].command ? arg : "");
	return ST_OK;
}

void jr_header(struct json_reader *r, const cJSON *root, const char *format)
{
	const char *given = jr_string_member(r, root, "format", 1, 0);
	if (given && strcmp(given, format) != 0) {
		json_path_key(&r->path, "format");
		jr_problem(r, "expected \"%s\", got \"%s\"", format, given);
		json_path_pop(&r->path);
	}
	const cJSON *version = jr_member(r, root, "version", 1);
	if (version && (!cJSON_IsNumber(version) || version->valuedouble != 1)) {
		json_path_key(&r->path, "version");
		jr_problem(r, "expected 1 (the only version this convqa reads), got %s",
			   cJSON_IsNumber(version) ? "another number" : jr_type_name(version));
		json_path_pop(&r->path);
	}
}
