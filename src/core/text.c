/* text.c - UTF-8 validation and decoding; display width, sanitising and
 * wrapping for the terminal (utf8proc). */
#include "convqa/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "convqa/common.h"
#include "convqa/strbuf.h"

size_t text_utf8_decode(const char *str, size_t len, uint32_t *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	if (!len)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	size_t n;
	uint32_t c, min;
	if ((s[0] & 0xe0) == 0xc0)
		n = 2, c = s[0] & 0x1f, min = 0x80;
	else if ((s[0] & 0xf0) == 0xe0)
		n = 3, c = s[0] & 0x0f, min = 0x800;
	else if ((s[0] & 0xf8) == 0xf0)
		n = 4, c = s[0] & 0x07, min = 0x10000;
	else
		return 0;
	if (len < n)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

size_t text_utf8_check(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		uint32_t cp;
		size_t n = text_utf8_decode(s + i, len - i, &cp);
		if (!n)
			return i;
		i += n;
	}
	return len;
}

size_t text_utf8_encode(uint32_t cp, char out[4])
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* ---- display ------------------------------------------------------- */

int text_cp_width(uint32_t cp)
{
	if (cp >= 0x20 && cp < 0x7f)
		return 1;   /* printable ASCII: most text, no table lookup */
	int w = utf8proc_charwidth((utf8proc_int32_t)cp);
	return w < 0 ? 0 : w > 2 ? 2 : w;
}

/* Decode at s; invalid bytes decode as U+FFFD of length 1. */
static size_t decode_lenient(const char *s, size_t len, uint32_t *cp)
{
	if (len && (unsigned char)s[0] < 0x80) {
		*cp = (unsigned char)s[0];
		return 1;
	}
	size_t n = text_utf8_decode(s, len, cp);
	if (!n) {
		*cp = 0xfffd;
		n = 1;
	}
	return n;
}

size_t text_width(const char *s, size_t len)
{
	size_t w = 0;
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		i += decode_lenient(s + i, len - i, &cp);
		w += (size_t)text_cp_width(cp);
	}
	return w;
}

size_t text_fit(const char *s, size_t len, int width, int *used)
{
	size_t i = 0;
	int w = 0;
	while (i < len) {
		uint32_t cp;
		size_t n = decode_lenient(s + i, len - i, &cp);
		int cw = text_cp_width(cp);
		if (w + cw > width)
			break;
		w += cw;
		i += n;
	}
	if (used)
		*used = w;
	return i;
}

size_t text_fit_end(const char *s, size_t len, int width, int *used)
{
	size_t i = 0, rest = text_width(s, len);
	while (i < len) {
		uint32_t cp;
		size_t n = decode_lenient(s + i, len - i, &cp);
		int cw = text_cp_width(cp);
		if (width >= 0 && rest <= (size_t)width && cw > 0)
			break;
		rest -= (size_t)cw;
		i += n;
	}
	if (used)
		*used = (int)rest;
	return i;
}

int text_cp_is_hidden_control(uint32_t cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || cp == 0x061c || cp == 0x200e || cp == 0x200f ||
	       (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) ||
	       cp == 0x2028 || cp == 0x2029 || cp == 0xfeff || (cp >= 0xe0000 && cp <= 0xe007f);
}

enum text_look text_cp_look(uint32_t cp)
{
	if (cp == ' ')
		return TEXT_LOOK_SPACE;
	if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
		return TEXT_LOOK_CONTROL;
	/* symbols drawn as nothing: the blank Braille pattern, the null notehead */
	if (cp == 0x2800 || cp == 0x1d159 || text_cp_is_hidden_control(cp) ||
	    utf8proc_get_property((utf8proc_int32_t)cp)->ignorable)
		return TEXT_LOOK_INVISIBLE;
	switch (utf8proc_category((utf8proc_int32_t)cp)) {
	case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
	case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO:
		return TEXT_LOOK_LETTER;
	case UTF8PROC_CATEGORY_ND: case UTF8PROC_CATEGORY_NL: case UTF8PROC_CATEGORY_NO:
	case UTF8PROC_CATEGORY_PC: case UTF8PROC_CATEGORY_PD: case UTF8PROC_CATEGORY_PS:
	case UTF8PROC_CATEGORY_PE: case UTF8PROC_CATEGORY_PI: case UTF8PROC_CATEGORY_PF:
	case UTF8PROC_CATEGORY_PO:
	case UTF8PROC_CATEGORY_SM: case UTF8PROC_CATEGORY_SC: case UTF8PROC_CATEGORY_SK:
	case UTF8PROC_CATEGORY_SO:
		return TEXT_LOOK_VISIBLE;
	case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_MC: case UTF8PROC_CATEGORY_ME:
		return TEXT_LOOK_MARK;
	case UTF8PROC_CATEGORY_ZS:
		return TEXT_LOOK_OTHER_SPACE;
	default:   /* Cf, Cs, Co, Cn, Zl, Zp */
		return TEXT_LOOK_INVISIBLE;
	}
}

static int is_pictographic(uint32_t cp)
{
	const utf8proc_property_t *p = utf8proc_get_property((utf8proc_int32_t)cp);
	return p->boundclass == UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC ||
	       p->boundclass == UTF8PROC_BOUNDCLASS_E_ZWG ||
	       (cp >= 0x1f3fb && cp <= 0x1f3ff) || cp == 0xfe0f;
}

/* text_sanitize(), and with mark a byte of out_mark per byte appended to
 * out: the mark of the source byte that starts its character. */
static void sanitize(struct strbuf *out, const char *s, size_t len, unsigned flags, const unsigned char *mark,
		     struct strbuf *out_mark)
{
	size_t col = 0; /* columns since the last line break, for tabs */
	int after_emoji = 0;
	strbuf_grow(out, len);
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t n = decode_lenient(s + i, len - i, &cp);
		size_t before = out->len;
		int was_after_emoji = after_emoji;
		after_emoji = is_pictographic(cp);
		if (cp == 0x200d && was_after_emoji) {
			/* a joined emoji sequence: terminals disagree on its width */
		} else if (cp == '\n') {
			if (flags & TEXT_NEWLINES) {
				strbuf_addc(out, '\n');
				col = 0;
			} else {
				strbuf_addc(out, ' ');
				col++;
			}
		} else if (cp == '\t') {
			do {
				strbuf_addc(out, ' ');
				col++;
			} while (col % 4);
		} else if (cp == '\r' && i + 1 < len && s[i + 1] == '\n') {
			/* CRLF: the LF does the work */
		} else if (cp < 0x20 || cp == 0x7f) {
			strbuf_addc(out, '^');
			strbuf_addc(out, cp == 0x7f ? '?' : (char)(cp + 0x40));
			col += 2;
		} else if (text_cp_is_hidden_control(cp)) {
			strbuf_addf(out, "<U+%04X>", (unsigned)cp);
			col += cp > 0xffff ? 9 : 8;
		} else if (cp == 0xfffd && n == 1) { /* an invalid byte */
			strbuf_adds(out, "\xef\xbf\xbd");
			col++;
		} else {
			strbuf_add(out, s + i, n);
			col += (size_t)text_cp_width(cp);
		}
		if (mark)
			for (size_t k = before; k < out->len; k++)
				strbuf_addc(out_mark, (char)mark[i]);
		i += n;
	}
}

void text_sanitize(struct strbuf *out, const char *s, size_t len, unsigned flags)
{
	sanitize(out, s, len, flags, NULL, NULL);
}

char *text_sanitize_dup(const char *s, unsigned flags)
{
	struct strbuf sb = STRBUF_INIT;
	if (s)
		text_sanitize(&sb, s, strlen(s), flags);
	return strbuf_detach(&sb);
}

void text_sanitize_marked(struct strbuf *out, const char *s, size_t len, unsigned flags, const unsigned char *mark,
			  struct strbuf *out_mark)
{
	sanitize(out, s, len, flags, mark, out_mark);
}

void text_sanitize_vfmt(struct strbuf *out, unsigned flags, const char *fmt, va_list ap)
{
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(NULL, 0, fmt, again);
	va_end(again);
	if (n < 0)
		return;
	char *raw = xmalloc((size_t)n + 1);
	vsnprintf(raw, (size_t)n + 1, fmt, ap);
	text_sanitize(out, raw, (size_t)n, flags);
	free(raw);
}

size_t text_wrap(const char *s, size_t len, int width, struct text_line *lines, size_t max)
{
	size_t count = 0, i = 0;
	if (width < 1)
		width = 1;
#define EMIT(o, l, w) do { \
		if (count < max) { lines[count].off = (o); lines[count].len = (l); lines[count].width = (w); } \
		count++; \
	} while (0)
	while (i < len) {
		size_t start = i, j = i, brk = 0;
		int w = 0, brk_w = 0, have_brk = 0, prev_space = 0, soft = 0;
		for (;;) {
			if (j >= len) {
				EMIT(start, j - start, w);
				i = len;
				break;
			}
			uint32_t cp;
			size_t n = decode_lenient(s + j, len - j, &cp);
			if (cp == '\n') {
				EMIT(start, j - start, w);
				i = j + 1;
				break;
			}
			int cw = text_cp_width(cp);
			if (cw > 0 && w + cw > width) {
				if (cp == ' ') {
					/* the line ends exactly before a space */
					EMIT(start, j - start, w);
					i = j;
				} else if (have_brk) {
					EMIT(start, brk - start, brk_w);
					i = brk;
				} else if (j == start) {
					/* one character wider than the line: it goes alone */
					size_t e = j + n;
					while (e < len) {
						uint32_t c2;
						size_t n2 = decode_lenient(s + e, len - e, &c2);
						if (c2 == '\n' || text_cp_width(c2) > 0)
							break;
						e += n2;
					}
					EMIT(start, e - start, cw);
					i = e;
				} else {
					EMIT(start, j - start, w);
					i = j;
				}
				soft = 1;
				break;
			}
			if (cp == ' ') {
				if (!prev_space && j > start) {
					brk = j;
					brk_w = w;
					have_brk = 1;
				}
				prev_space = 1;
			} else {
				prev_space = 0;
			}
			w += cw;
			j += n;
		}
		if (soft)
			while (i < len && s[i] == ' ')
				i++;
	}
#undef EMIT
	return count;
}

int text_blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n')
			return 0;
	return 1;
}

void text_lines_init(struct text_lines *it, const char *buf, size_t len)
{
	*it = (struct text_lines){ buf, len, len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0, 0 };
}

int text_lines_next(struct text_lines *it, const char **s, size_t *n)
{
	while (it->at < it->len) {
		const char *p = it->buf + it->at, *nl = memchr(p, '\n', it->len - it->at);
		size_t k = nl ? (size_t)(nl - p) : it->len - it->at;
		it->line++;
		it->at += k + 1;
		if (!text_blank(p, k)) {
			*s = p;
			*n = k;
			return 1;
		}
	}
	return 0;
}
