/* json.c - a validating pass over JSON text with positions, then cJSON. */
#include "convqa/json.h"

#include <cjson/cJSON.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "convqa/text.h"

struct lexer {
	const char *s;
	size_t len, pos;
	const char *name;
	struct error *err;
	enum status failed;               /* ST_OK until the first error */
	const struct json_limits *lim;    /* may be NULL: no limits */
	size_t values;                    /* values seen so far */
	size_t origin;                    /* where column counting starts: after a BOM */
	size_t first_line;                /* the line number of s[0] in its file */
	int one_line;                     /* s is a line of a file of lines (json_parse_line) */
	size_t first_col;                 /* the column of s[0] (0: 1) */
	const struct json_at *at;         /* s is a piece of a document (json_parse_at), or NULL */
	int depth;                        /* open containers */
	size_t open_at[JSON_MAX_DEPTH + 1];
	char open_kind[JSON_MAX_DEPTH + 1];
};

/* Line and column (in characters, both 1-based) of byte offset off. */
static void position(const struct lexer *lx, size_t off, size_t *line, size_t *col)
{
	size_t l = lx->first_line, c = lx->first_col ? lx->first_col : 1;
	for (size_t i = lx->origin; i < off && i < lx->len; i++) {
		unsigned char ch = (unsigned char)lx->s[i];
		if (ch == '\n') {
			l++;
			c = 1;
		} else if ((ch & 0xc0) != 0x80) {
			c++;
		}
	}
	*line = l;
	*col = c;
}

static int fail_with(struct lexer *lx, enum status status, size_t off, const char *msg)
{
	size_t line, col;
	if (lx->failed)
		return -1;
	position(lx, off, &line, &col);
	error_set(lx->err, status, "%s:%zu:%zu: %s", lx->name, line, col, msg);
	lx->failed = status;
	return -1;
}

static int fail_at(struct lexer *lx, size_t off, const char *msg)
{
	return fail_with(lx, ST_INPUT, off, msg);
}

/* The value at lx->pos is one more for the tree: refused past the limit. */
static int count_value(struct lexer *lx)
{
	if (!lx->lim || ++lx->values <= lx->lim->max_values)
		return 0;
	char msg[512];
	snprintf(msg, sizeof(msg), "more than %zu JSON values, %s", lx->lim->max_values,
		 lx->lim->why ? lx->lim->why : "the most convqa reads at once");
	return fail_with(lx, ST_IO, lx->pos, msg);
}

/* What the text ends with, in messages. */
static const char *end_name(const struct lexer *lx)
{
	return lx->one_line ? "end of line" : "end of file";
}

/* Describe the byte at pos for "unexpected X" messages. */
static const char *describe(struct lexer *lx, size_t pos, char buf[32])
{
	if (pos >= lx->len)
		return end_name(lx);
	unsigned char c = (unsigned char)lx->s[pos];
	if (c == 0)
		return "a NUL byte";
	if (c < 0x20 || c == 0x7f)
		snprintf(buf, 32, "control character 0x%02x", c);
	else if (c >= 0x80)
		snprintf(buf, 32, "byte 0x%02x", c);
	else
		snprintf(buf, 32, "'%c'", c);
	return buf;
}

static int unexpected(struct lexer *lx, const char *expected)
{
	char b[32], msg[128];
	if (lx->pos >= lx->len && lx->depth > 0) {
		size_t line, col;
		position(lx, lx->open_at[lx->depth - 1], &line, &col);
		snprintf(msg, sizeof(msg), "syntax error: unexpected %s, the %s opened at %zu:%zu is not closed",
			 end_name(lx), lx->open_kind[lx->depth - 1] == '{' ? "object" : "array", line, col);
		return fail_at(lx, lx->pos, msg);
	}
	if (lx->pos >= lx->len && lx->at && lx->at->open_kind) { /* a container around the piece */
		snprintf(msg, sizeof(msg), "syntax error: unexpected %s, the %s opened at %zu:%zu is not closed",
			 end_name(lx), lx->at->open_kind == '{' ? "object" : "array", lx->at->open_line,
			 lx->at->open_col);
		return fail_at(lx, lx->pos, msg);
	}
	snprintf(msg, sizeof(msg), "syntax error: expected %s, found %s", expected, describe(lx, lx->pos, b));
	return fail_at(lx, lx->pos, msg);
}

static void skip_ws(struct lexer *lx)
{
	while (lx->pos < lx->len) {
		char c = lx->s[lx->pos];
		if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
			break;
		lx->pos++;
	}
}

static int hex4(const char *p, unsigned *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		*v <<= 4;
		if (c >= '0' && c <= '9')
			*v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	return 0;
}

/* Whether any of the eight bytes of w is one lex_string() looks at: a
 * quote, a backslash, a control character or a byte of a multibyte
 * character (a word of plain ASCII text is taken at once). */
static int special8(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	uint64_t q = w ^ (ones * '"'), b = w ^ (ones * '\\');
	return ((w & high) | ((q - ones) & ~q & high) | ((b - ones) & ~b & high) | ((w - ones * 0x20) & ~w & high)) != 0;
}

static int lex_string(struct lexer *lx)
{
	size_t start = lx->pos++;
	while (lx->pos < lx->len) {
		uint64_t w;
		while (lx->pos + 8 <= lx->len && (memcpy(&w, lx->s + lx->pos, 8), !special8(w)))
			lx->pos += 8;
		if (lx->pos >= lx->len)
			break;
		unsigned char c = (unsigned char)lx->s[lx->pos];
		if (c == '"') {
			lx->pos++;
			return 0;
		}
		if (c == '\\') {
			size_t at = lx->pos;
			if (lx->pos + 1 >= lx->len)
				break;
			char e = lx->s[lx->pos + 1];
			if (e && strchr("\"\\/bfnrt", e)) { /* strchr finds the terminating NUL too */
				lx->pos += 2;
				continue;
			}
			if (e != 'u')
				return fail_at(lx, at, "syntax error: invalid escape sequence in string");
			unsigned v, lo;
			if (lx->pos + 6 > lx->len || hex4(lx->s + lx->pos + 2, &v) < 0)
				return fail_at(lx, at, "syntax error: \\u must be followed by four hex digits");
			lx->pos += 6;
			if (v == 0)
				return fail_at(lx, at, "NUL character (\\u0000) in string: not allowed");
			if (v >= 0xdc00 && v <= 0xdfff)
				return fail_at(lx, at, "invalid UTF-16 escape: lone low surrogate");
			if (v >= 0xd800 && v <= 0xdbff) {
				if (lx->pos + 6 > lx->len || lx->s[lx->pos] != '\\' || lx->s[lx->pos + 1] != 'u' ||
				    hex4(lx->s + lx->pos + 2, &lo) < 0 || lo < 0xdc00 || lo > 0xdfff)
					return fail_at(lx, at, "invalid UTF-16 escape: high surrogate without low surrogate");
				lx->pos += 6;
			}
			continue;
		}
		if (c == 0)
			return fail_at(lx, lx->pos, "NUL byte in string: not allowed");
		if (c < 0x20) {
			char msg[96];
			snprintf(msg, sizeof(msg), "syntax error: unescaped control character 0x%02x in string", c);
			return fail_at(lx, lx->pos, msg);
		}
		if (c >= 0x80) {
			uint32_t cp;
			size_t n = text_utf8_decode(lx->s + lx->pos, lx->len - lx->pos, &cp);
			if (!n)
				return fail_at(lx, lx->pos, "invalid UTF-8 in string");
			lx->pos += n;
			continue;
		}
		lx->pos++;
	}
	return fail_at(lx, start, "syntax error: unterminated string");
}

static int digits(struct lexer *lx)
{
	size_t s = lx->pos;
	while (lx->pos < lx->len && lx->s[lx->pos] >= '0' && lx->s[lx->pos] <= '9')
		lx->pos++;
	return lx->pos > s;
}

static int lex_number(struct lexer *lx)
{
	if (lx->s[lx->pos] == '-')
		lx->pos++;
	if (lx->pos < lx->len && lx->s[lx->pos] == '0') {
		lx->pos++;
		if (lx->pos < lx->len && lx->s[lx->pos] >= '0' && lx->s[lx->pos] <= '9')
			return fail_at(lx, lx->pos - 1, "syntax error: numbers must not have leading zeros");
	} else if (!digits(lx)) {
		return unexpected(lx, "a digit");
	}
	if (lx->pos < lx->len && lx->s[lx->pos] == '.') {
		lx->pos++;
		if (!digits(lx))
			return unexpected(lx, "a digit after '.'");
	}
	if (lx->pos < lx->len && (lx->s[lx->pos] == 'e' || lx->s[lx->pos] == 'E')) {
		lx->pos++;
		if (lx->pos < lx->len && (lx->s[lx->pos] == '+' || lx->s[lx->pos] == '-'))
			lx->pos++;
		if (!digits(lx))
			return unexpected(lx, "a digit in the exponent");
	}
	return 0;
}

static int lex_value(struct lexer *lx, int depth);

static int lex_container(struct lexer *lx, int depth, char close)
{
	size_t open = lx->pos;
	if (depth >= JSON_MAX_DEPTH) {
		char msg[96];
		snprintf(msg, sizeof(msg), "nesting deeper than %d levels: not supported", JSON_MAX_DEPTH);
		return fail_at(lx, open, msg);
	}
	lx->open_at[lx->depth] = open;
	lx->open_kind[lx->depth++] = lx->s[open];
	lx->pos++;
	skip_ws(lx);
	if (lx->pos < lx->len && lx->s[lx->pos] == close) {
		lx->pos++;
		lx->depth--;
		return 0;
	}
	for (;;) {
		skip_ws(lx);
		if (close == '}') {
			if (lx->pos >= lx->len || lx->s[lx->pos] != '"')
				return unexpected(lx, "a string key");
			if (lex_string(lx) < 0)
				return -1;
			skip_ws(lx);
			if (lx->pos >= lx->len || lx->s[lx->pos] != ':')
				return unexpected(lx, "':' after the key");
			lx->pos++;
		}
		if (lex_value(lx, depth + 1) < 0)
			return -1;
		skip_ws(lx);
		if (lx->pos < lx->len && lx->s[lx->pos] == ',') {
			lx->pos++;
			continue;
		}
		if (lx->pos < lx->len && lx->s[lx->pos] == close) {
			lx->pos++;
			lx->depth--;
			return 0;
		}
		return unexpected(lx, close == '}' ? "',' or '}'" : "',' or ']'");
	}
}

static int lex_value(struct lexer *lx, int depth)
{
	skip_ws(lx);
	if (lx->pos >= lx->len)
		return unexpected(lx, "a value");
	if (count_value(lx) < 0)
		return -1;
	switch (lx->s[lx->pos]) {
	case '{':
		return lex_container(lx, depth, '}');
	case '[':
		return lex_container(lx, depth, ']');
	case '"':
		return lex_string(lx);
	case 't':
	case 'f':
	case 'n': {
		static const char *const words[] = { "true", "false", "null" };
		for (size_t i = 0; i < 3; i++) {
			size_t n = strlen(words[i]);
			if (lx->len - lx->pos >= n && memcmp(lx->s + lx->pos, words[i], n) == 0) {
				lx->pos += n;
				return 0;
			}
		}
		return unexpected(lx, "a value");
	}
	default:
		if (lx->s[lx->pos] == '-' || (lx->s[lx->pos] >= '0' && lx->s[lx->pos] <= '9'))
			return lex_number(lx);
		return unexpected(lx, "a value");
	}
}

size_t json_max_values(size_t memory, size_t text_len)
{
	return memory > text_len ? (memory - text_len) / JSON_VALUE_BYTES : 0;
}

/* One JSON value from lx->pos to the end of the text, nothing after it;
 * then its tree. */
static enum status parse_value(struct lexer *lx, struct cJSON **root)
{
	size_t start = lx->pos;
	if (lex_value(lx, 0) < 0)
		return lx->failed;
	skip_ws(lx);
	if (lx->pos < lx->len) {
		fail_at(lx, lx->pos, "syntax error: unexpected data after the JSON document");
		return ST_INPUT;
	}
	*root = cJSON_ParseWithLength(lx->s + start, lx->len - start);
	if (!*root) {
		if (lx->one_line) /* the same start as below: the fuzz target looks for it */
			return error_set(lx->err, ST_INPUT, "%s: cannot parse JSON of line %zu (out of memory?)",
					 lx->name, lx->first_line);
		return error_set(lx->err, ST_INPUT, "%s: cannot parse JSON (out of memory?)", lx->name);
	}
	return ST_OK;
}

enum status json_parse(const char *name, const char *buf, size_t len, const struct json_limits *lim,
		       struct cJSON **root, struct error *err)
{
	struct lexer lx = { .s = buf, .len = len, .name = name, .err = err, .lim = lim,
			    .first_line = 1 };
	*root = NULL;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		lx.pos = lx.origin = 3; /* a UTF-8 byte order mark is tolerated */
	skip_ws(&lx);
	if (lx.pos >= len)
		return error_set(err, ST_INPUT, "%s: empty file: expected a JSON document", name);
	return parse_value(&lx, root);
}

enum status json_parse_line(const char *name, size_t line, const char *buf, size_t len,
			    const struct json_limits *lim, size_t *values, struct cJSON **root, struct error *err)
{
	struct lexer lx = { .s = buf, .len = len, .name = name, .err = err, .lim = lim, .values = *values,
			    .first_line = line, .one_line = 1 };
	*root = NULL;
	enum status st = parse_value(&lx, root);
	if (st == ST_OK)
		*values = lx.values;
	return st;
}

/* What the value beginning with c is, in "expected ..., got X". */
static const char *kind_of(char c)
{
	switch (c) {
	case '{': return "an object";
	case '[': return "an array";
	case '"': return "a string";
	case 't': case 'f': return "a boolean";
	case 'n': return "null";
	default: return "a number";
	}
}

enum status json_parse_array(const char *name, const char *buf, size_t len, const struct json_limits *lim,
			     const char *what, void (*each)(void *ctx, size_t i, struct cJSON *elem), void *ctx,
			     struct error *err)
{
	struct lexer lx = { .s = buf, .len = len, .name = name, .err = err, .first_line = 1 };
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		lx.pos = lx.origin = 3;
	skip_ws(&lx);
	if (lx.pos >= len)
		return error_set(err, ST_INPUT, "%s: empty file: expected a JSON document", name);
	size_t start = lx.pos;
	if (lex_value(&lx, 0) < 0) /* the whole text's syntax first, without a limit: no tree yet */
		return lx.failed;
	skip_ws(&lx);
	if (lx.pos < len) {
		fail_at(&lx, lx.pos, "syntax error: unexpected data after the JSON document");
		return ST_INPUT;
	}
	if (buf[start] != '[')
		return error_set(err, ST_INPUT, "%s: $: expected %s, got %s", name, what, kind_of(buf[start]));
	lx.pos = start + 1;
	lx.lim = lim;
	for (size_t i = 0;; i++) {
		skip_ws(&lx);
		if (buf[lx.pos] == ']')
			return ST_OK;
		size_t at = lx.pos;
		lx.values = 0; /* the limit is one element's */
		if (lex_value(&lx, 1) < 0)
			return lx.failed;
		struct cJSON *v = cJSON_ParseWithLength(buf + at, lx.pos - at);
		if (!v)
			return error_set(err, ST_INPUT, "%s: cannot parse JSON of $[%zu] (out of memory?)", name, i);
		each(ctx, i, v);
		skip_ws(&lx);
		if (buf[lx.pos] == ',')
			lx.pos++;
	}
}

/* A lexer over a piece of a document, at at. */
static struct lexer piece(const char *name, const char *buf, size_t len, const struct json_at *at,
			  const struct json_limits *lim, size_t values, struct error *err)
{
	return (struct lexer){ .s = buf, .len = len, .name = name, .err = err, .lim = lim, .values = values,
			       .first_line = at->line, .first_col = at->col, .at = at };
}

enum status json_parse_at(const char *name, const char *buf, size_t len, const struct json_at *at, int key,
			  const struct json_limits *lim, size_t *values, size_t *used, struct cJSON **root,
			  struct error *err)
{
	struct lexer lx = piece(name, buf, len, at, lim, values ? *values : 0, err);
	if (root)
		*root = NULL;
	if ((key ? lex_string(&lx) : lex_value(&lx, at->depth)) < 0)
		return lx.failed;
	if (values)
		*values = lx.values;
	*used = lx.pos;
	if (!root)
		return ST_OK;
	*root = cJSON_ParseWithLength(buf, lx.pos);
	if (!*root)
		return error_set(err, ST_INPUT, "%s: cannot parse JSON (out of memory?)", name);
	return ST_OK;
}

enum status json_unexpected(const char *name, const char *buf, size_t len, const struct json_at *at,
			    const char *expected, struct error *err)
{
	struct lexer lx = piece(name, buf, len, at, NULL, 0, err);
	unexpected(&lx, expected);
	return lx.failed;
}

enum status json_error_at(const char *name, const struct json_at *at, enum status st, const char *msg,
			  struct error *err)
{
	struct lexer lx = piece(name, "", 0, at, NULL, 0, err);
	fail_with(&lx, st, 0, msg);
	return lx.failed;
}

enum status json_count_value(const char *name, const struct json_at *at, const struct json_limits *lim,
			     size_t *values, struct error *err)
{
	struct lexer lx = piece(name, "", 0, at, lim, *values, err);
	if (count_value(&lx) < 0)
		return lx.failed;
	*values = lx.values;
	return ST_OK;
}

void json_path_init(struct json_path *p)
{
	memset(p, 0, sizeof(*p));
	strbuf_addc(&p->sb, '$');
}

static void push(struct json_path *p)
{
	if (p->depth < (int)ARRAY_SIZE(p->stack))
		p->stack[p->depth] = p->sb.len;
	p->depth++;
}

static int plain_key(const char *k)
{
	if (!*k || (*k >= '0' && *k <= '9'))
		return 0;
	for (; *k; k++)
		if (!((*k >= 'a' && *k <= 'z') || (*k >= 'A' && *k <= 'Z') || (*k >= '0' && *k <= '9') || *k == '_'))
			return 0;
	return 1;
}

void json_path_key(struct json_path *p, const char *key)
{
	push(p);
	if (plain_key(key)) {
		strbuf_addc(&p->sb, '.');
		strbuf_adds(&p->sb, key);
	} else {
		strbuf_addc(&p->sb, '[');
		json_quote(&p->sb, key);
		strbuf_addc(&p->sb, ']');
	}
}

void json_path_index(struct json_path *p, size_t i)
{
	char text[32]; /* "[i]" written from its end (no printf: an import takes one for every element) */
	size_t n = sizeof(text);
	push(p);
	text[--n] = ']';
	do
		text[--n] = (char)('0' + i % 10);
	while ((i /= 10) != 0);
	text[--n] = '[';
	strbuf_add(&p->sb, text + n, sizeof(text) - n);
}

void json_path_pop(struct json_path *p)
{
	if (p->depth <= 0)
		return;
	p->depth--;
	if (p->depth < (int)ARRAY_SIZE(p->stack))
		strbuf_setlen(&p->sb, p->stack[p->depth]);
}

const char *json_path_str(const struct json_path *p)
{
	return strbuf_str(&p->sb);
}

void json_path_release(struct json_path *p)
{
	strbuf_release(&p->sb);
}

/* The character at c (of the len bytes left) as JSON string text: as it is,
 * or a \\uXXXX escape when it is a hidden control or invalid UTF-8; the
 * bytes it took. */
static size_t add_non_ascii(struct strbuf *sb, const unsigned char *c, size_t len)
{
	uint32_t cp;
	size_t n = text_utf8_decode((const char *)c, len, &cp);
	if (!n)
		strbuf_adds(sb, "\\ufffd"); /* invalid UTF-8: never written as is */
	else if (cp > 0xffff && text_cp_is_hidden_control(cp)) /* as a surrogate pair */
		strbuf_addf(sb, "\\u%04x\\u%04x", 0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
	else if (text_cp_is_hidden_control(cp))
		strbuf_addf(sb, "\\u%04x", cp);
	else
		strbuf_add(sb, c, n);
	return n ? n : 1;
}

void json_add_inert(struct strbuf *sb, const char *json)
{
	size_t len = strlen(json);
	const unsigned char *s = (const unsigned char *)json;
	for (size_t i = 0; i < len;) {
		if (s[i] >= 0x80) {
			i += add_non_ascii(sb, s + i, len - i);
		} else if (s[i] == 0x7f || (s[i] < 0x20 && s[i] != '\n' && s[i] != '\t' && s[i] != '\r')) {
			strbuf_addf(sb, "\\u%04x", s[i++]); /* only in a string: escaped */
		} else {
			strbuf_addc(sb, (char)s[i++]);
		}
	}
}

void json_quote_or_null(struct strbuf *sb, const char *s)
{
	if (s)
		json_quote(sb, s);
	else
		strbuf_adds(sb, "null");
}

void json_member(struct strbuf *sb, const char *before, const char *s)
{
	strbuf_adds(sb, before);
	json_quote_or_null(sb, s);
}

void json_quote(struct strbuf *sb, const char *s)
{
	size_t len = strlen(s);
	strbuf_addc(sb, '"');
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c >= 0x80) {
			c += add_non_ascii(sb, c, len - (size_t)(c - (const unsigned char *)s)) - 1;
			continue;
		}
		switch (*c) {
		case '"': strbuf_adds(sb, "\\\""); break;
		case '\\': strbuf_adds(sb, "\\\\"); break;
		case '\n': strbuf_adds(sb, "\\n"); break;
		case '\r': strbuf_adds(sb, "\\r"); break;
		case '\t': strbuf_adds(sb, "\\t"); break;
		case '\b': strbuf_adds(sb, "\\b"); break;
		case '\f': strbuf_adds(sb, "\\f"); break;
		default:
			if (*c < 0x20 || *c == 0x7f)
				strbuf_addf(sb, "\\u%04x", *c);
			else
				strbuf_addc(sb, (char)*c);
		}
	}
	strbuf_addc(sb, '"');
}
