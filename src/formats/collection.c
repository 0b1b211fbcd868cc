/* collection.c - a passage collection read as a stream (collection.h):
 * JSON lines or one JSON array of {"id", "text", "title"?}, plain or
 * gzip, a 64 KiB piece at a time. Each record (a line, or an element of
 * the array, found by a scan that knows strings and nesting) is skipped on
 * its id alone when the sink does not want it, else parsed and its text
 * given to the sink. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "convqa/collection.h"
#include "convqa/import_sink.h"
#include "convqa/strbuf.h"
#include "json_read.h"

#define PIECE ((size_t)64 * 1024)
/* The longest record taken: a passage of a collection is a paragraph or a
 * page, this is a file that is not a collection */
#define RECORD_MAX ((size_t)64 * 1024 * 1024)

struct reader {
	gzFile gz;
	const char *name, *path;
	char *piece;
	size_t len, pos;
	int eof;
	size_t line;                /* the line of piece[pos] */
	struct strbuf rec;          /* the record being read */
	struct strbuf id;           /* its id, when found without parsing */
	size_t rec_line;            /* the line the record begins on */
	long index;                 /* its place in the array, -1 for a line */
	struct import_sink *k;
	struct json_reader jr;      /* the problems */
	int stop;                   /* reading failed (ST_IO in *err) or cannot go on */
	struct error *err;
};

/* ---- reading pieces -------------------------------------------------------- */

static int io_failed(struct reader *r, const char *what)
{
	int zerr = Z_OK;
	const char *msg = gzerror(r->gz, &zerr);
	size_t n = strlen(r->path);
	if (strncmp(msg, r->path, n) == 0 && strncmp(msg + n, ": ", 2) == 0)
		msg += n + 2; /* zlib's message begins with the path */
	if (zerr == Z_ERRNO) /* the file, not its compression */
		error_set(r->err, ST_IO, "%s: cannot read the collection: %s", r->name, strerror(errno));
	else
		error_set(r->err, ST_IO, "%s: cannot read the collection: %s%s", r->name, msg, what);
	r->stop = 1;
	return 0;
}

/* Make piece[pos] readable: 0 at the end of the file (or a failure). */
static int more(struct reader *r)
{
	if (r->pos < r->len)
		return 1;
	if (r->eof || r->stop)
		return 0;
	int n = gzread(r->gz, r->piece, (unsigned)PIECE);
	if (n < 0)
		return io_failed(r, " (a damaged .gz?)");
	r->len = (size_t)n;
	r->pos = 0;
	if (n == 0) {
		int zerr = Z_OK;
		gzerror(r->gz, &zerr);
		if (zerr != Z_OK && zerr != Z_STREAM_END)
			return io_failed(r, " (a cut .gz?)");
		r->eof = 1;
	}
	return n > 0;
}

/* A problem that ends the reading: "NAME:LINE: msg". */
static void stop_at(struct reader *r, size_t line, const char *msg)
{
	char buf[sizeof(r->err->msg)];
	snprintf(buf, sizeof(buf), "%s:%zu: %s", r->name, line, msg);
	jr_message(&r->jr, buf);
	r->stop = 1;
}

/* Append piece[pos..end) to the record, the end of the piece read. */
static int take(struct reader *r, size_t end)
{
	if (r->rec.len + (end - r->pos) > RECORD_MAX) {
		stop_at(r, r->rec_line, "a record of more than 64 MiB: not a collection of passages (JSON lines "
			"or a JSON array of {\"id\", \"text\"})");
		return 0;
	}
	strbuf_add(&r->rec, r->piece + r->pos, end - r->pos);
	r->pos = end;
	return 1;
}

/* The next byte that is not white space (lines counted), 0 at the end. */
static int next_char(struct reader *r)
{
	while (more(r)) {
		char c = r->piece[r->pos];
		if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
			return (unsigned char)c;
		r->line += c == '\n';
		r->pos++;
	}
	return 0;
}

/* ---- a record's id, without parsing ------------------------------------------- */

static size_t skip_ws(const char *s, size_t n, size_t i)
{
	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
		i++;
	return i;
}

/* The end of the string that begins at s[i] (its quote), past its closing
 * quote; 0 when it does not close. *plain: no escape in it. */
static size_t skip_string(const char *s, size_t n, size_t i, int *plain)
{
	*plain = 1;
	for (i++; i < n; i++) {
		if (s[i] == '\\') {
			*plain = 0;
			i++;
		} else if (s[i] == '"') {
			return i + 1;
		}
	}
	return 0;
}

/* The end of the value at s[i]; 0 when it is not one (the parser says why). */
static size_t skip_value(const char *s, size_t n, size_t i)
{
	int plain, depth = 0;
	if (i < n && s[i] == '"')
		return skip_string(s, n, i, &plain);
	if (i < n && s[i] != '{' && s[i] != '[') {
		while (i < n && !strchr(",}] \t\r\n", s[i]))
			i++;
		return i;
	}
	for (; i < n; i++) {
		if (s[i] == '"') {
			i = skip_string(s, n, i, &plain);
			if (!i)
				return 0;
			i--;
		} else if (s[i] == '{' || s[i] == '[') {
			depth++;
		} else if ((s[i] == '}' || s[i] == ']') && --depth == 0) {
			return i + 1;
		}
	}
	return 0;
}

/* The record's "id" when it is a plain string member of the record's
 * object (r->id): 1; 0 when the record must be parsed to tell. */
static int quick_id(struct reader *r)
{
	const char *s = r->rec.buf;
	size_t n = r->rec.len, i = skip_ws(s, n, 0), end;
	int plain;
	if (i >= n || s[i] != '{')
		return 0;
	for (i++;;) {
		i = skip_ws(s, n, i);
		if (i >= n || s[i] != '"' || !(end = skip_string(s, n, i, &plain)) || !plain)
			return 0;
		int is_id = end - i == 4 && memcmp(s + i, "\"id\"", 4) == 0;
		i = skip_ws(s, n, end);
		if (i >= n || s[i] != ':')
			return 0;
		i = skip_ws(s, n, i + 1);
		if (is_id) {
			if (i >= n || s[i] != '"' || !(end = skip_string(s, n, i, &plain)) || !plain || end - i < 3)
				return 0;
			strbuf_reset(&r->id);
			strbuf_add(&r->id, s + i + 1, end - i - 2);
			return 1;
		}
		if (!(i = skip_value(s, n, i)))
			return 0;
		i = skip_ws(s, n, i);
		if (i >= n || s[i] != ',')
			return 0;
		i++;
	}
}

/* ---- a record ------------------------------------------------------------------ */

/* v's member key: a string, or NULL when absent or null. */
static const char *optional_string(struct reader *r, const cJSON *v, const char *key)
{
	const cJSON *m = jr_member(&r->jr, v, key, 0);
	return m && !cJSON_IsNull(m) ? jr_string_member(&r->jr, v, key, 0, 0) : NULL;
}

/* Check the parsed record and give its text to the sink. */
static void use_record(struct reader *r, const cJSON *v)
{
	int before = r->jr.n_errors;
	if (!cJSON_IsObject(v)) {
		jr_problem(&r->jr, "expected a passage (an object with \"id\" and \"text\"), got %s", jr_type_name(v));
		return;
	}
	const char *id = jr_string_member(&r->jr, v, "id", 1, 1);
	const char *text = jr_string_member(&r->jr, v, "text", 1, 1);
	const char *title = optional_string(r, v, "title"), *url = optional_string(r, v, "url");
	struct import_sink_want *w = id ? import_sink_wants(r->k, id) : NULL;
	if (!w || r->jr.n_errors != before)
		return;
	if (w->filled_at) {
		json_path_key(&r->jr.path, "id");
		jr_problem(&r->jr, "passage \"%s\" is given twice in the collection (also at line %zu)", id,
			   w->filled_at);
		json_path_pop(&r->jr.path);
		return;
	}
	import_sink_want_filled(r->k, id, r->rec_line);
	if (!r->jr.n_errors) {
		char where[sizeof(r->err->msg)];
		snprintf(where, sizeof(where), "%s:%zu", r->name, r->rec_line);
		import_sink_fill_passage(r->k, id, title, url, text, where);
	}
}

/* The record read (r->rec, from r->rec_line): skipped when its id is not
 * wanted, else parsed and used. */
static void record(struct reader *r)
{
	if (quick_id(r) && !import_sink_wants(r->k, strbuf_str(&r->id)))
		return;
	struct error perr;
	size_t values = 0;
	cJSON *root = NULL;
	r->jr.line = r->rec_line;
	if (r->index >= 0)
		json_path_index(&r->jr.path, (size_t)r->index);
	if (json_parse_line(r->name, r->rec_line, r->rec.buf, r->rec.len, NULL, &values, &root, &perr) != ST_OK)
		jr_message(&r->jr, perr.msg);
	else
		use_record(r, root);
	cJSON_Delete(root);
	if (r->index >= 0)
		json_path_pop(&r->jr.path);
}

/* ---- the two shapes ------------------------------------------------------------- */

/* JSON lines: a record a line; blank lines skipped, CRLF taken. */
static void read_lines(struct reader *r)
{
	r->index = -1;
	while (!r->stop && r->k->st == ST_OK) {
		int at_end = !more(r);
		char *nl = at_end ? NULL : memchr(r->piece + r->pos, '\n', r->len - r->pos);
		if (!at_end && !take(r, nl ? (size_t)(nl - r->piece) : r->len))
			return;
		if (!nl && !at_end)
			continue;
		if (r->rec.len && r->rec.buf[r->rec.len - 1] == '\r')
			strbuf_setlen(&r->rec, r->rec.len - 1);
		if (skip_ws(r->rec.buf, r->rec.len, 0) < r->rec.len)
			record(r);
		if (at_end || r->stop)
			return;
		r->pos++; /* the newline */
		strbuf_reset(&r->rec);
		r->rec_line = ++r->line;
	}
}

/* The end of the string run in piece[i..len) (in a string, after its
 * opening quote): past its closing quote (*in_str 0), or at an escape's
 * backslash + 1 (*esc 1), or the end of the piece. memchr finds the quote:
 * most of a passage is its text. (A raw line end in a string, which JSON
 * has not, is not counted: the parse that follows refuses it.) */
static size_t skip_in_string(const struct reader *r, size_t i, int *in_str, int *esc)
{
	const char *p = r->piece + i, *end = r->piece + r->len;
	const char *quote = memchr(p, '"', (size_t)(end - p));
	const char *bs = memchr(p, '\\', (size_t)((quote ? quote : end) - p));
	if (bs) {
		*esc = 1;
		return (size_t)(bs - r->piece) + 1;
	}
	if (!quote)
		return r->len;
	*in_str = 0;
	return (size_t)(quote - r->piece) + 1;
}

/* One element of the array, from its '{' at piece[pos] to its '}' (strings
 * and nesting followed across pieces): into r->rec. 0 when the file ends
 * first. */
static int take_object(struct reader *r)
{
	int depth = 0, in_str = 0, esc = 0;
	strbuf_reset(&r->rec);
	r->rec_line = r->line;
	while (more(r)) {
		size_t i = r->pos;
		while (i < r->len) {
			if (esc) {
				esc = 0;
				i++;
				continue;
			}
			if (in_str) {
				i = skip_in_string(r, i, &in_str, &esc);
				continue;
			}
			char c = r->piece[i++];
			r->line += c == '\n';
			if (c == '"')
				in_str = 1;
			else if (c == '{' || c == '[')
				depth++;
			else if ((c == '}' || c == ']') && --depth == 0)
				return take(r, i);
		}
		if (!take(r, i))
			return 0;
	}
	return 0;
}

#define NOT_CLOSED "the collection's array is not closed (the file ends before its ']')"

/* The elements of the array, its '[' read: 1 when its ']' was read. */
static int read_elements(struct reader *r)
{
	int c = next_char(r);
	r->pos += c == ']';
	if (c == ']')
		return 1;
	for (r->index = 0; !r->stop && r->k->st == ST_OK; r->index++) {
		if (c != '{') {
			stop_at(r, r->line, c ? "expected a passage (an object with \"id\" and \"text\") in the "
				"collection's array" : NOT_CLOSED);
			return 0;
		}
		if (!take_object(r)) {
			if (!r->stop)
				stop_at(r, r->line, NOT_CLOSED);
			return 0;
		}
		record(r);
		c = next_char(r);
		r->pos += c != 0;
		if (c == ']')
			return 1;
		if (c != ',') {
			stop_at(r, r->line, c ? "expected ',' or ']' after a passage of the collection's array" :
				NOT_CLOSED);
			return 0;
		}
		c = next_char(r);
	}
	return 0;
}

/* One JSON array of records, at its '['. */
static void read_array(struct reader *r)
{
	r->pos++;
	if (read_elements(r) && r->k->st == ST_OK && next_char(r))
		stop_at(r, r->line, "unexpected data after the collection's array");
}

/* ---- the collection ---------------------------------------------------------- */

static enum status open_collection(struct reader *r, const struct import_input *coll)
{
	if (!coll->path || strcmp(coll->path, "-") == 0)
		return error_set(r->err, ST_USAGE, "--collection takes a file, not standard input: the collection is "
				 "read as a stream beside the input");
	r->gz = gzopen(coll->path, "rb");
	if (!r->gz)
		return error_set(r->err, ST_IO, "cannot open the collection '%s': %s", coll->path,
				 errno ? strerror(errno) : "out of memory");
	gzbuffer(r->gz, 128 * 1024);
	return ST_OK;
}

enum status collection_fill(struct import_sink *k, const struct import_input *coll, struct error *err)
{
	struct reader r = { .name = coll->name, .path = coll->path, .line = 1, .rec_line = 1, .k = k, .err = err,
			    .rec = STRBUF_INIT, .id = STRBUF_INIT };
	enum status st = open_collection(&r, coll);
	if (st != ST_OK)
		return st;
	r.piece = xmalloc(PIECE);
	jr_init(&r.jr, coll->name, err);
	if (import_sink_want_project(k) == ST_OK) {
		int c = next_char(&r);
		if (c == 0xef && r.len - r.pos >= 3 && memcmp(r.piece + r.pos, "\xef\xbb\xbf", 3) == 0) {
			r.pos += 3; /* a byte order mark */
			c = next_char(&r);
		}
		r.rec_line = r.line;
		if (c == '[')
			read_array(&r);
		else if (c)
			read_lines(&r);
	}
	gzclose(r.gz);
	free(r.piece);
	strbuf_release(&r.rec);
	strbuf_release(&r.id);
	if (r.stop && !r.jr.n_errors) { /* ST_IO in err */
		json_path_release(&r.jr.path);
		return err->status;
	}
	st = jr_finish(&r.jr);
	if (st == ST_OK) {
		k->counts->collection = 1;
		k->counts->id_only = import_sink_id_only(k);
	}
	return st;
}

enum status collection_end(struct import_sink *k, struct import_inputs *in, struct error *err)
{
	struct import_input *coll = import_inputs_find(in, IMPORT_COLLECTION);
	enum status st = coll ? collection_fill(k, coll, err) : ST_OK;
	if (st != ST_OK) {
		import_sink_abort(k);   /* the collection's problems */
		return st;
	}
	return import_sink_end(k, err);
}
