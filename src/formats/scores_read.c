/* scores_read.c - convqa import-scores: scores of responses from a CSV
 * file or JSON Lines, checked whole, then added in one transaction
 * (scores_read.h). */
#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/hash.h"
#include "convqa/json.h"
#include "convqa/scores_read.h"
#include "convqa/store.h"
#include "convqa/store_score.h"
#include "convqa/strbuf.h"
#include "convqa/strmap.h"
#include "csv_read.h"

#define MAX_COLUMNS 32
#define KEYS_HELP "conversation, turn and system (or id \"<conversation>_<turn>\" and model)"

/* The keys naming a response, in a record's keys[]. */
enum { K_CONVERSATION, K_TURN, K_SYSTEM, K_ID, K_MODEL, K__COUNT };
static const char *const key_names[K__COUNT] = { "conversation", "turn", "system", "id", "model" };

/* One record of the file: its keys as text and its scores. */
struct record {
	size_t line;
	const char *keys[K__COUNT];    /* NULL: not given */
	double value[MAX_COLUMNS];
};

struct reader {
	const char *file;
	struct store *s;
	char *columns;                 /* the request's, split at the commas */
	const char *col[MAX_COLUMNS];  /* the score columns of the file */
	const char *name[MAX_COLUMNS]; /* the names they are stored under */
	size_t n_cols;
	struct store_score *scores;
	size_t *lines;                 /* per score: its line */
	size_t n, cap;
	struct strmap seen;            /* "response_id name" -> index in scores */
	char **keys;                   /* per score as read (n_keys): its key in seen */
	size_t n_keys;
	struct scores_import_result *res;
	struct error *err;
};

int scores_format_known(const char *name)
{
	return strcmp(name, "csv") == 0 || strcmp(name, "jsonl") == 0;
}

static enum status fail(struct reader *r, size_t line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static enum status fail(struct reader *r, size_t line, const char *fmt, ...)
{
	char msg[sizeof(r->err->msg)];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return error_set(r->err, ST_INPUT, "%s:%zu: %s", r->file, line, msg);
}

/* A number as short as reads back the same. */
static const char *num_str(double v, char buf[32])
{
	snprintf(buf, 32, "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, 32, "%.17g", v);
	return buf;
}

/* A CSV field as a finite number (spaces around it allowed). */
static enum status score_number(struct reader *r, size_t line, size_t c, const char *text, double *v)
{
	char *end;
	errno = 0;
	*v = strtod(text, &end);
	while (*end == ' ' || *end == '\t')
		end++;
	while (*text == ' ' || *text == '\t')
		text++;
	if (end == text || *end || errno == ERANGE || !isfinite(*v))
		return fail(r, line, "column '%s': '%s' is not a number: give each score as a finite number "
				     "(a response without a score: leave its row out)", r->col[c], text);
	return ST_OK;
}

/* The response a record names (conversation, turn and system, or id and
 * model). */
static enum status find_response(struct reader *r, const struct record *rec, int64_t *id)
{
	const char *conv = rec->keys[K_CONVERSATION], *turn = rec->keys[K_TURN];
	const char *system = rec->keys[K_SYSTEM] ? rec->keys[K_SYSTEM] : rec->keys[K_MODEL];
	char conv_buf[1024];
	if (!conv && rec->keys[K_ID]) {
		const char *us = strrchr(rec->keys[K_ID], '_');
		size_t n = us ? (size_t)(us - rec->keys[K_ID]) : 0;
		if (!us || n == 0 || n >= sizeof(conv_buf))
			return fail(r, rec->line, "id '%s' is not \"<conversation>_<turn>\" (as 'c1_3')", rec->keys[K_ID]);
		memcpy(conv_buf, rec->keys[K_ID], n);
		conv_buf[n] = 0;
		conv = conv_buf;
		turn = us + 1;
	}
	if (!conv || !turn || !system)
		return fail(r, rec->line, "the row names no response: give %s", KEYS_HELP);
	char *end;
	errno = 0;
	long position = strtol(turn, &end, 10);
	if (!isdigit((unsigned char)*turn) || *end || errno || position < 1 || position > INT_MAX)
		return fail(r, rec->line, "turn '%s' is not a turn number (1, 2, ...)", turn);
	struct error e;
	if (store_response_find(r->s, conv, (int)position, system, id, &e) != ST_OK)
		return e.status == ST_INPUT ? fail(r, rec->line, "%s", e.msg) : error_set(r->err, e.status, "%s", e.msg);
	return ST_OK;
}

/* Add a record's scores; the same score of a response twice in the file
 * must have one value. */
static enum status add_record(struct reader *r, const struct record *rec)
{
	int64_t id;
	enum status st = find_response(r, rec, &id);
	r->res->rows++;
	for (size_t c = 0; c < r->n_cols && st == ST_OK; c++) {
		char *key = xasprintf("%lld %s", (long long)id, r->name[c]), a[32], b[32];
		size_t *slot;
		if (!strmap_put(&r->seen, key, r->n, &slot)) {
			free(key);
			const struct store_score *o = &r->scores[*slot];
			if (o->value != rec->value[c])
				return fail(r, rec->line, "score '%s' of this response is %s here and %s on line %zu: give "
						  "each response one value of a score", r->name[c],
					    num_str(rec->value[c], a), num_str(o->value, b), r->lines[*slot]);
			r->res->present++;
			continue;
		}
		xgrow(&r->scores, &r->cap, r->n + 1, sizeof(*r->scores));
		r->lines = xrealloc(r->lines, r->cap * sizeof(*r->lines));
		r->keys = xrealloc(r->keys, r->cap * sizeof(*r->keys));
		r->keys[r->n_keys++] = key;   /* the map's (strmap keeps no copy) */
		r->scores[r->n] = (struct store_score){ id, r->name[c], rec->value[c] };
		r->lines[r->n++] = rec->line;
	}
	return st;
}

/* The columns of a CSV header: the keys' and the scores' indexes. */
static enum status csv_header(struct reader *r, struct csv_reader *csv, int *key_at, int *col_at)
{
	for (size_t k = 0; k < K__COUNT; k++)
		key_at[k] = -1;
	for (size_t c = 0; c < r->n_cols; c++)
		col_at[c] = -1;
	for (size_t i = 0; i < csv->n; i++) {
		for (size_t k = 0; k < K__COUNT; k++)
			if (strcmp(csv->fields[i], key_names[k]) == 0 && key_at[k] < 0)
				key_at[k] = (int)i;
		for (size_t c = 0; c < r->n_cols; c++)
			if (strcmp(csv->fields[i], r->col[c]) == 0 && col_at[c] < 0)
				col_at[c] = (int)i;
	}
	struct strbuf names = STRBUF_INIT;
	for (size_t i = 0; i < csv->n; i++)
		strbuf_addf(&names, "%s'%s'", i ? ", " : "", csv->fields[i]);
	enum status st = ST_OK;
	for (size_t c = 0; c < r->n_cols && st == ST_OK; c++)
		if (col_at[c] < 0)
			st = fail(r, csv->record_line, "no column '%s' in the header (its columns: %s): name a score "
						       "column with --column", r->col[c], strbuf_str(&names));
	int named = (key_at[K_CONVERSATION] >= 0 && key_at[K_TURN] >= 0) || key_at[K_ID] >= 0;
	if (st == ST_OK && (!named || (key_at[K_SYSTEM] < 0 && key_at[K_MODEL] < 0)))
		st = fail(r, csv->record_line, "the header names no response (its columns: %s): give columns %s",
			  strbuf_str(&names), KEYS_HELP);
	strbuf_release(&names);
	return st;
}

static enum status read_csv(struct reader *r, const char *buf, size_t len)
{
	struct csv_reader csv;
	int key_at[K__COUNT], col_at[MAX_COLUMNS], rc;
	enum status st = ST_OK;
	csv_init(&csv, r->file, buf, len);
	rc = csv_next(&csv, r->err);
	if (rc == 0)
		st = fail(r, 1, "empty file: expected a header with the columns %s and the score columns", KEYS_HELP);
	else if (rc > 0)
		st = csv_header(r, &csv, key_at, col_at);
	while (st == ST_OK && (rc = csv_next(&csv, r->err)) > 0) {
		if (csv.n == 1 && !csv.fields[0][0])
			continue;   /* a blank line */
		struct record rec = { .line = csv.record_line };
		for (size_t k = 0; k < K__COUNT; k++)
			rec.keys[k] = key_at[k] >= 0 && (size_t)key_at[k] < csv.n ? csv.fields[key_at[k]] : NULL;
		for (size_t c = 0; c < r->n_cols && st == ST_OK; c++)
			st = (size_t)col_at[c] < csv.n ? score_number(r, rec.line, c, csv.fields[col_at[c]], &rec.value[c])
						       : fail(r, rec.line, "no field '%s': the row has %zu fields, the "
									   "header more", r->col[c], csv.n);
		if (st == ST_OK)
			st = add_record(r, &rec);
	}
	if (rc < 0)
		st = ST_INPUT;
	csv_release(&csv);
	return st;
}

/* A key of a JSON object as text: a string, or a turn's number. */
static enum status json_key(struct reader *r, size_t line, const cJSON *o, size_t k, char *buf, size_t size,
			    const char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key_names[k]);
	*out = NULL;
	if (!v)
		return ST_OK;
	if (cJSON_IsString(v)) {
		*out = v->valuestring;
		return ST_OK;
	}
	if (k == K_TURN && cJSON_IsNumber(v) && v->valuedouble == (double)(long)v->valuedouble) {
		snprintf(buf, size, "%ld", (long)v->valuedouble);
		*out = buf;
		return ST_OK;
	}
	return fail(r, line, "\"%s\" is not %s", key_names[k], k == K_TURN ? "a turn number" : "a string");
}

static enum status json_record(struct reader *r, size_t line, const cJSON *o)
{
	struct record rec = { .line = line };
	char turn[32];
	enum status st = cJSON_IsObject(o) ? ST_OK : fail(r, line, "not an object: give one object a line with "
								    "the keys %s and the scores", KEYS_HELP);
	for (size_t k = 0; k < K__COUNT && st == ST_OK; k++)
		st = json_key(r, line, o, k, turn, sizeof(turn), &rec.keys[k]);
	for (size_t c = 0; c < r->n_cols && st == ST_OK; c++) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, r->col[c]);
		if (!v)
			st = fail(r, line, "no key \"%s\": give it on every line (a response without a score: leave "
					   "its line out)", r->col[c]);
		else if (!cJSON_IsNumber(v))
			st = fail(r, line, "\"%s\" is not a number: give each score as a number", r->col[c]);
		else
			rec.value[c] = v->valuedouble;
	}
	return st == ST_OK ? add_record(r, &rec) : st;
}

static enum status read_jsonl(struct reader *r, const char *buf, size_t len)
{
	size_t line = 0, values = 0, pos = 0;
	enum status st = ST_OK;
	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		pos = 3;
	while (pos < len && st == ST_OK) {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - buf) : len, n = end - pos;
		line++;
		if (n && buf[pos + n - 1] == '\r')
			n--;
		size_t i = 0;
		while (i < n && isspace((unsigned char)buf[pos + i]))
			i++;
		if (i < n) {
			cJSON *root = NULL;
			st = json_parse_line(r->file, line, buf + pos, n, NULL, &values, &root, r->err);
			if (st == ST_OK)
				st = json_record(r, line, root);
			cJSON_Delete(root);
		}
		pos = end + 1;
	}
	return st;
}

/* The request's columns and the names they are stored under. */
static enum status split_columns(struct reader *r, const struct scores_import_request *rq)
{
	r->columns = xstrdup(rq->columns ? rq->columns : "");
	for (char *p = r->columns, *next; p; p = next) {
		next = strchr(p, ',');
		if (next)
			*next++ = 0;
		if (!*p || r->n_cols == MAX_COLUMNS)
			return error_set(r->err, ST_USAGE, "--column: %s: give one or more column names separated by "
					 "commas (at most %d)", *p ? "too many columns" : "an empty name", MAX_COLUMNS);
		for (size_t c = 0; c < r->n_cols; c++)
			if (strcmp(r->col[c], p) == 0)
				return error_set(r->err, ST_USAGE, "--column: '%s' is named twice", p);
		r->col[r->n_cols] = r->name[r->n_cols] = p;
		r->n_cols++;
	}
	if (rq->as && r->n_cols != 1)
		return error_set(r->err, ST_USAGE, "--as renames one column: give one --column with it");
	if (rq->as && !*rq->as)
		return error_set(r->err, ST_USAGE, "--as: give a name");
	if (rq->as)
		r->name[0] = rq->as;
	return ST_OK;
}

/* Against the project: a score here with another value refuses the file;
 * one with the same value is skipped. Keeps the new ones first (r->n). */
static enum status against_project(struct reader *r)
{
	int *found = xcalloc(r->n + 1, sizeof(int));
	double *old = xcalloc(r->n + 1, sizeof(double));
	enum status st = store_scores_lookup(r->s, r->scores, r->n, found, old, r->err);
	size_t kept = 0;
	for (size_t i = 0; i < r->n && st == ST_OK; i++) {
		char a[32], b[32];
		if (found[i] && old[i] != r->scores[i].value)
			st = fail(r, r->lines[i], "score '%s' of this response is %s in the project and %s here: a score "
						  "once imported is kept; import this one under another name (--as NAME)",
				  r->scores[i].name, num_str(old[i], a), num_str(r->scores[i].value, b));
		else if (found[i])
			r->res->present++;
		else
			r->scores[kept++] = r->scores[i];
	}
	r->n = kept;
	free(found);
	free(old);
	return st;
}

static enum status read_and_add(struct reader *r, const struct scores_import_request *rq, const char *buf,
				size_t len)
{
	const char *dot = strrchr(rq->file, '.');
	size_t i = 0;
	while (i < len && isspace((unsigned char)buf[i]))
		i++;
	int jsonl = rq->format ? strcmp(rq->format, "jsonl") == 0
			       : (dot && (strcmp(dot, ".jsonl") == 0 || strcmp(dot, ".json") == 0)) ||
					 (i < len && buf[i] == '{');
	enum status st = jsonl ? read_jsonl(r, buf, len) : read_csv(r, buf, len);
	if (st != ST_OK || (st = store_begin(r->s, r->err)) != ST_OK)
		return st;
	st = against_project(r);
	if (st == ST_OK && r->n) {
		char sha[65], *abs = realpath(rq->file, NULL);
		int64_t import_id;
		hash_sha256_hex(buf, len, sha);
		st = store_import_begin(r->s, abs ? abs : rq->file, sha, &import_id, r->err);
		free(abs);
		if (st == ST_OK)
			st = store_scores_add(r->s, r->scores, r->n, import_id, r->err);
	}
	if (st == ST_OK)
		st = store_commit(r->s, r->err);
	else
		store_rollback(r->s);
	r->res->added = st == ST_OK ? (long)r->n : 0;
	return st;
}

enum status scores_import(struct store *s, const struct scores_import_request *rq,
			  struct scores_import_result *res, struct error *err)
{
	struct reader r = { .file = rq->file, .s = s, .seen = STRMAP_INIT, .res = res, .err = err };
	char *buf = NULL;
	size_t len = 0;
	*res = (struct scores_import_result){ 0 };
	enum status st = split_columns(&r, rq);
	if (st == ST_OK)
		st = read_text_file(rq->file, READ_FILE_MAX, NULL, &buf, &len, err);
	if (st == ST_OK)
		st = read_and_add(&r, rq, buf, len);
	free(buf);
	free(r.columns);
	free(r.scores);
	free(r.lines);
	strmap_release(&r.seen);
	for (size_t i = 0; i < r.n_keys; i++)
		free(r.keys[i]);
	free(r.keys);
	return st;
}
