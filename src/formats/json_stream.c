/* json_stream.c - a JSON document walked from a stream, its values taken a
 * piece at a time and checked by json.c's lexer (json_stream.h). */
#include "convqa/json_stream.h"

#include "json_tree.h"

#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void json_stream_init(struct json_stream *js, const char *name, size_t (*read)(void *, char *, size_t), void *ctx,
		      const struct json_limits *lim, int each, struct error *err)
{
	*js = (struct json_stream){ .read = read, .ctx = ctx, .name = name, .err = err, .lim = lim,
				    .lim_each = each, .line = 1, .col = 1 };
	js->cap = JSON_STREAM_CHUNK;
	js->buf = xmalloc(js->cap);
}

void json_stream_release(struct json_stream *js)
{
	free(js->buf);
	js->buf = NULL;
}

/* Read more past js->end (the window moved down or grown first); 0 at the end. */
static int fill(struct json_stream *js)
{
	if (js->eof)
		return 0;
	if (js->pos && !js->keep_all && (js->pos >= js->cap / 2 || js->end == js->cap)) {
		memmove(js->buf, js->buf + js->pos, js->end - js->pos);
		js->end -= js->pos;
		js->pos = 0;
	}
	if (js->end == js->cap) {
		js->cap *= 2;
		js->buf = xrealloc(js->buf, js->cap);
	}
	size_t got = js->read(js->ctx, js->buf + js->end, js->cap - js->end);
	js->end += got;
	if (!got)
		js->eof = 1;
	return got > 0;
}

/* The characters (bytes that are no UTF-8 continuation byte) of p[0..n),
 * eight bytes at a time: a count per byte lane, added up every 255 words
 * (no popcount instruction needed). */
static size_t characters(const char *p, size_t n)
{
	const uint64_t high = 0x8080808080808080ull, pairs = 0x00ff00ff00ff00ffull;
	size_t cont = 0, i = 0;
	while (i + 8 <= n) {
		uint64_t lanes = 0;
		for (int k = 0; k < 255 && i + 8 <= n; k++, i += 8) {
			uint64_t w;
			memcpy(&w, p + i, 8);
			lanes += (w & high & ~(w << 1)) >> 7;
		}
		lanes = (lanes & pairs) + (lanes >> 8 & pairs); /* four lanes of 16 bits, each <= 510 */
		cont += (size_t)((lanes * 0x0001000100010001ull) >> 48);
	}
	for (; i < n; i++)
		cont += ((unsigned char)p[i] & 0xc0) == 0x80;
	return n - cont;
}

/* Take n bytes: the line and column follow them (json.c counts so). */
static void advance(struct json_stream *js, size_t n)
{
	const char *p = js->buf + js->pos, *last = NULL, *nl;
	for (const char *q = p; (nl = memchr(q, '\n', n - (size_t)(q - p))); q = nl + 1) {
		js->line++;
		last = nl;
	}
	if (last)
		js->col = 1 + characters(last + 1, n - (size_t)(last + 1 - p));
	else
		js->col += characters(p, n);
	js->pos += n;
}

void json_stream_at(const struct json_stream *js, struct json_at *at)
{
	*at = (struct json_at){ js->line, js->col, js->depth, 0, 0, 0 };
	if (js->depth) {
		at->open_kind = js->kind[js->depth - 1];
		at->open_line = js->open_line[js->depth - 1];
		at->open_col = js->open_col[js->depth - 1];
	}
}

static enum status fail(struct json_stream *js, enum status st)
{
	if (!js->failed)
		js->failed = st;
	return js->failed;
}

int json_stream_peek(struct json_stream *js)
{
	for (;;) {
		while (js->pos < js->end) {
			char c = js->buf[js->pos];
			if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
				return js->failed ? -1 : (unsigned char)c;
			advance(js, 1);
		}
		if (js->failed || !fill(js))
			return -1;
	}
}

int json_stream_start(struct json_stream *js)
{
	while (js->end < 3 && fill(js))
		;
	if (js->end >= 3 && memcmp(js->buf, "\xef\xbb\xbf", 3) == 0)
		js->pos = 3; /* a byte order mark: columns count after it */
	return json_stream_peek(js);
}

/* What json_parse() says where it expected `expected` at the next byte. */
static enum status unexpected(struct json_stream *js, const char *expected)
{
	struct json_at at;
	if (js->failed)
		return js->failed;
	json_stream_peek(js);
	json_stream_at(js, &at);
	return fail(js, json_unexpected(js->name, js->buf + js->pos, js->end - js->pos, &at, expected, js->err));
}

enum status json_stream_open(struct json_stream *js)
{
	struct json_at at;
	int c = json_stream_peek(js);
	if (js->failed)
		return js->failed;
	json_stream_at(js, &at);
	if (js->lim && !js->lim_each &&
	    json_count_value(js->name, &at, js->lim, &js->values, js->err) != ST_OK)
		return fail(js, ST_IO);
	if (js->depth >= JSON_MAX_DEPTH) /* json_stream_value() takes what is deeper */
		return fail(js, json_error_at(js->name, &at, ST_INPUT, "nesting deeper than the stream reads",
					      js->err));
	js->kind[js->depth] = (char)c;
	js->open_line[js->depth] = js->line;
	js->open_col[js->depth++] = js->col;
	advance(js, 1);
	return ST_OK;
}

int json_stream_more(struct json_stream *js, int first)
{
	char close = js->depth && js->kind[js->depth - 1] == '{' ? '}' : ']';
	int c = json_stream_peek(js);
	if (js->failed)
		return -1;
	if (c == close) {
		advance(js, 1);
		js->depth--;
		return 0;
	}
	if (first)
		return 1;
	if (c == ',') {
		advance(js, 1);
		return 1;
	}
	unexpected(js, close == '}' ? "',' or '}'" : "',' or ']'");
	return -1;
}

/* The offset from js->pos of the first c at or past i in the window, or
 * the window's end. */
static size_t find(const struct json_stream *js, size_t i, char c)
{
	const char *p = js->buf + js->pos + i, *q = memchr(p, c, js->end - js->pos - i);
	return q ? (size_t)(q - (js->buf + js->pos)) : js->end - js->pos;
}

/* Scan the value at js->pos until the window holds all of it and the byte
 * after it (or the document ended): strings, escapes and nesting followed
 * as the lexer follows them, so that it finds any problem inside. */
static size_t scan(struct json_stream *js)
{
	size_t i = 0, depth = 0, quote = 0, bslash = 0;
	int str = 0, esc = 0;
	char first = js->buf[js->pos];
	int container = first == '{' || first == '[';
	for (;; i++) {
		if (js->pos + i >= js->end && !fill(js))
			return js->end - js->pos;
		char c = js->buf[js->pos + i];
		if (str && !esc && c != '"' && c != '\\') { /* the string's plain run, at once */
			size_t left = js->end - js->pos;
			if (quote <= i)
				quote = find(js, i, '"');
			if (bslash <= i)
				bslash = find(js, i, '\\');
			i = (quote < bslash ? quote : bslash) - 1;
			if (i + 1 >= left) /* nothing in the window: read on */
				quote = bslash = 0;
			continue;
		}
		if (str) {
			if (esc)
				esc = 0;
			else if (c == '\\')
				esc = 1;
			else if (c == '"') {
				str = 0;
				if (!container && i)
					return i + 1;
			}
			continue;
		}
		if (c == '"')
			str = 1;
		else if (c == '{' || c == '[')
			depth++;
		else if ((c == '}' || c == ']') && depth && !--depth)
			return i + 1;
		else if (!container && i && strchr(" \t\r\n,]}:", c)) {
			return i + 1; /* a number or a word, and the byte after it */
		}
		if (!container && !i && c != '"' && !strchr("-0123456789tfn", c))
			return 1; /* no value begins so: the lexer says what it found */
	}
}

static enum status take(struct json_stream *js, int key, struct cJSON **root, struct json_at *at,
			const char **text, size_t *len)
{
	size_t n = scan(js), used = 0;
	json_stream_at(js, at);
	if (js->lim_each)
		js->values = 0;
	enum status st = json_parse_at(js->name, js->buf + js->pos, n, at, key, key ? NULL : js->lim,
				       key || !js->lim ? NULL : &js->values, &used, NULL, js->err);
	if (st != ST_OK)
		return fail(js, st);
	if (root && !(*root = json_tree(js->buf + js->pos, used))) /* checked: built in one pass */
		return fail(js, error_set(js->err, ST_INPUT, "%s: cannot parse JSON (out of memory?)", js->name));
	if (text)
		*text = js->buf + js->pos;
	if (len)
		*len = used;
	advance(js, used);
	return ST_OK;
}

enum status json_stream_key(struct json_stream *js, char **key)
{
	cJSON *k = NULL;
	struct json_at at;
	*key = NULL;
	if (json_stream_peek(js) != '"')
		return unexpected(js, "a string key");
	if (take(js, 1, &k, &at, NULL, NULL) != ST_OK)
		return js->failed;
	*key = xstrdup(cJSON_GetStringValue(k));
	cJSON_Delete(k);
	if (json_stream_peek(js) != ':') {
		free(*key);
		*key = NULL;
		return unexpected(js, "':' after the key");
	}
	advance(js, 1);
	return ST_OK;
}

enum status json_stream_value(struct json_stream *js, struct cJSON **root, struct json_at *at, const char **text,
			      size_t *len)
{
	struct json_at here;
	if (root)
		*root = NULL;
	if (json_stream_peek(js) < 0)
		return unexpected(js, "a value");
	return take(js, 0, root, at ? at : &here, text, len);
}

enum status json_stream_end(struct json_stream *js)
{
	struct json_at at;
	if (json_stream_peek(js) < 0)
		return js->failed;
	json_stream_at(js, &at);
	return fail(js, json_error_at(js->name, &at, ST_INPUT, "syntax error: unexpected data after the JSON document",
				      js->err));
}
