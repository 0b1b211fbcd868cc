/* json_tree.c - the cJSON tree of a JSON text json.c's lexer has passed
 * (json_tree.h): one pass, no check repeated. The tree is the one
 * cJSON_ParseWithLength() gives for the text (the same types, values,
 * keys and order, numbers read by strtod() as cJSON reads them), its
 * nodes and strings from cJSON_malloc() so that cJSON_Delete() frees it. */
#include "json_tree.h"

#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct builder {
	const char *s;
	size_t len, pos;
	int bad; /* something cJSON's parser should read: it reads the whole text */
};

static void ws(struct builder *b)
{
	while (b->pos < b->len && (b->s[b->pos] == ' ' || b->s[b->pos] == '\t' || b->s[b->pos] == '\n' ||
				   b->s[b->pos] == '\r'))
		b->pos++;
}

static unsigned hex4(const char *p)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		v = v << 4 | (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v;
}

static size_t utf8_put(char *out, unsigned v)
{
	if (v < 0x80)
		return out[0] = (char)v, 1;
	if (v < 0x800)
		return out[0] = (char)(0xc0 | v >> 6), out[1] = (char)(0x80 | (v & 0x3f)), 2;
	if (v < 0x10000)
		return out[0] = (char)(0xe0 | v >> 12), out[1] = (char)(0x80 | (v >> 6 & 0x3f)),
		       out[2] = (char)(0x80 | (v & 0x3f)), 3;
	out[0] = (char)(0xf0 | v >> 18);
	out[1] = (char)(0x80 | (v >> 12 & 0x3f));
	out[2] = (char)(0x80 | (v >> 6 & 0x3f));
	out[3] = (char)(0x80 | (v & 0x3f));
	return 4;
}

/* p[0..n), a string's body with its escapes (checked), decoded into out
 * (never longer than the body). */
static void decode(const char *p, size_t n, char *out)
{
	static const char plain[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
	size_t i = 0, o = 0;
	while (i < n) {
		const char *bs = memchr(p + i, '\\', n - i);
		size_t run = bs ? (size_t)(bs - (p + i)) : n - i;
		memcpy(out + o, p + i, run);
		o += run;
		i += run;
		if (i + 1 >= n)
			break;
		char e = p[i + 1];
		if (e != 'u') {
			const char *q = e ? strchr(plain, e) : NULL;
			out[o++] = q ? q[1] : e;
			i += 2;
			continue;
		}
		unsigned v = i + 6 <= n ? hex4(p + i + 2) : 0;
		i += 6;
		if (v >= 0xd800 && v <= 0xdbff && i + 6 <= n) {
			v = 0x10000 + ((v - 0xd800) << 10) + (hex4(p + i + 2) - 0xdc00);
			i += 6;
		}
		o += utf8_put(out + o, v);
	}
	out[o] = '\0';
}

/* The string whose opening quote is at b->pos, decoded, in a buffer of
 * cJSON_malloc(); NULL when out of memory. */
static char *string(struct builder *b)
{
	size_t start = ++b->pos, end = start;
	for (;;) {
		const char *q = end < b->len ? memchr(b->s + end, '"', b->len - end) : NULL;
		if (!q)
			return b->bad = 1, NULL;
		end = (size_t)(q - b->s);
		size_t n = 0;
		while (end - n > start && b->s[end - n - 1] == '\\')
			n++;
		if (n % 2 == 0)
			break;
		end++;
	}
	char *out = cJSON_malloc(end - start + 1);
	if (out)
		decode(b->s + start, end - start, out);
	b->pos = end + 1;
	return out;
}

/* A number as cJSON reads one: strtod() of its text with the locale's
 * decimal point; an integer of up to 15 digits directly (the same double). */
static cJSON *number(struct builder *b)
{
	size_t start = b->pos;
	while (b->pos < b->len && b->s[b->pos] && strchr("+-0123456789.eE", b->s[b->pos]))
		b->pos++;
	size_t n = b->pos - start;
	const char *p = b->s + start;
	size_t digits = n - (*p == '-');
	if (digits && digits <= 15 && strspn(p + (*p == '-'), "0123456789") == digits) {
		int64_t v = 0;
		for (size_t i = n - digits; i < n; i++)
			v = v * 10 + (p[i] - '0');
		return cJSON_CreateNumber(*p == '-' ? -(double)v : (double)v);
	}
	char text[64];
	if (!n || n >= sizeof(text)) /* cJSON reads 63 characters of a number at most */
		return b->bad = 1, NULL;
	memcpy(text, p, n);
	text[n] = '\0';
	const struct lconv *lc = localeconv();
	char *dot = strchr(text, '.');
	if (dot && lc && lc->decimal_point && lc->decimal_point[0])
		*dot = lc->decimal_point[0];
	char *end;
	double d = strtod(text, &end);
	if ((size_t)(end - text) != n)
		return b->bad = 1, NULL;
	return cJSON_CreateNumber(d);
}

static cJSON *value(struct builder *b);

/* The array or object at b->pos. */
static cJSON *container(struct builder *b)
{
	int object = b->s[b->pos] == '{';
	char close = object ? '}' : ']';
	cJSON *c = object ? cJSON_CreateObject() : cJSON_CreateArray(), *last = NULL;
	b->pos++;
	for (ws(b); c && b->pos < b->len && b->s[b->pos] != close;) {
		char *key = NULL;
		if (object) {
			key = b->s[b->pos] == '"' ? string(b) : NULL;
			ws(b);
			if (!key || b->pos >= b->len || b->s[b->pos++] != ':')
				break;
		}
		cJSON *v = value(b);
		if (!v) {
			cJSON_free(key);
			break;
		}
		v->string = key;
		if (last)
			last->next = v, v->prev = last;
		else
			c->child = v;
		c->child->prev = last = v;
		ws(b);
		if (b->pos < b->len && b->s[b->pos] == ',')
			b->pos++, ws(b);
	}
	if (!c || b->pos >= b->len || b->s[b->pos] != close) {
		cJSON_Delete(c);
		return b->bad = 1, NULL;
	}
	b->pos++;
	return c;
}

static cJSON *value(struct builder *b)
{
	ws(b);
	if (b->pos >= b->len)
		return b->bad = 1, NULL;
	const char *p = b->s + b->pos, *rest = p;
	size_t left = b->len - b->pos;
	cJSON *v = NULL;
	switch (*p) {
	case '{':
	case '[':
		return container(b);
	case '"': {
		char *s = string(b);
		if (s && (v = cJSON_CreateNull())) {
			v->type = cJSON_String;
			v->valuestring = s;
		} else {
			cJSON_free(s);
		}
		return v;
	}
	case 't':
		rest = left >= 4 && memcmp(p, "true", 4) == 0 ? p + 4 : p;
		if (rest != p && (v = cJSON_CreateTrue()))
			v->valueint = 1; /* as cJSON's parser sets it */
		break;
	case 'f':
		rest = left >= 5 && memcmp(p, "false", 5) == 0 ? p + 5 : p;
		v = rest != p ? cJSON_CreateFalse() : NULL;
		break;
	case 'n':
		rest = left >= 4 && memcmp(p, "null", 4) == 0 ? p + 4 : p;
		v = rest != p ? cJSON_CreateNull() : NULL;
		break;
	default:
		return number(b);
	}
	if (rest == p)
		b->bad = 1;
	b->pos += (size_t)(rest - p);
	return v;
}

cJSON *json_tree(const char *text, size_t len)
{
	struct builder b = { text, len, 0, 0 };
	cJSON *root = value(&b);
	ws(&b);
	if (root && b.pos == len)
		return root;
	cJSON_Delete(root);
	return cJSON_ParseWithLength(text, len); /* what this builder does not read (or no memory) */
}
