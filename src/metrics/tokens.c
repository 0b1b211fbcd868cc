/* tokens.c - SQuAD normalisation and whitespace tokens (see tokens.h). */
#include "convqa/tokens.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "convqa/common.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"

size_t tokens_space_len(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (*p == ' ' || (*p >= '\t' && *p <= '\r') || (*p >= 0x1c && *p <= 0x1f))
		return 1;
	if (p[0] == 0xc2 && (p[1] == 0x85 || p[1] == 0xa0))
		return 2;
	if (p[0] == 0xe1 && p[1] == 0x9a && p[2] == 0x80)
		return 3;
	if (p[0] == 0xe2 && p[1] == 0x80 &&
	    ((p[2] >= 0x80 && p[2] <= 0x8a) || p[2] == 0xa8 || p[2] == 0xa9 ||
	     p[2] == 0xaf))
		return 3;
	if (p[0] == 0xe2 && p[1] == 0x81 && p[2] == 0x9f)
		return 3;
	if (p[0] == 0xe3 && p[1] == 0x80 && p[2] == 0x80)
		return 3;
	return 0;
}

int tokens_is_punct(int c)
{
	return c > 0 && c < 0x80 && strchr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) != NULL;
}

/* Python's \w for str patterns: letters and numbers (str.isalnum), and '_'
 * (gone with the punctuation by then). */
static int is_word_cp(utf8proc_int32_t cp)
{
	switch (utf8proc_category(cp)) {
	case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
	case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO:
	case UTF8PROC_CATEGORY_ND: case UTF8PROC_CATEGORY_NL: case UTF8PROC_CATEGORY_NO:
		return 1;
	default:
		return cp == '_';
	}
}

static int is_article(const utf8proc_int32_t *w, size_t len)
{
	return (len == 1 && w[0] == 'a') || (len == 2 && w[0] == 'a' && w[1] == 'n') ||
	       (len == 3 && w[0] == 't' && w[1] == 'h' && w[2] == 'e');
}

/* Classes of the ASCII code points, what tokens_iter_next() asks of every
 * byte of a passage, in one table load: whitespace of str.split() (S),
 * string.punctuation (P), letters and digits (W: Python's \w less '_',
 * which is punctuation). test_tokens.c checks every ASCII character
 * against tokens_space_len() and tokens_is_punct(). */
enum { S = 1, P = 2, W = 4 };
static const unsigned char ascii_class[128] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, S, S, S, S, S, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, S, S, S, S,
	S, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P,
	W, W, W, W, W, W, W, W, W, W, P, P, P, P, P, P,
	P, W, W, W, W, W, W, W, W, W, W, W, W, W, W, W,
	W, W, W, W, W, W, W, W, W, W, W, P, P, P, P, P,
	P, W, W, W, W, W, W, W, W, W, W, W, W, W, W, W,
	W, W, W, W, W, W, W, W, W, W, W, P, P, P, P, 0,
};

int tokens_is_space(uint32_t c)
{
	if (c < 0x80)
		return ascii_class[c] & S;
	return c == 0x85 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 ||
	       c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000;
}

void tokens_iter_init(struct tokens_iter *it, const char *s, size_t len)
{
	memset(it, 0, sizeof(*it));
	it->s = s;
	it->len = len;
	it->tok = "";
}

void tokens_iter_release(struct tokens_iter *it)
{
	free(it->cp);
	free(it->buf);
	memset(it, 0, sizeof(*it));
}

/* Move it->pos past whitespace: 0 when the text ends there. */
static int skip_space(struct tokens_iter *it)
{
	const unsigned char *s = (const unsigned char *)it->s;
	size_t len = it->len, i = it->pos;

	while (i < len) {
		if (s[i] < 0x80) {
			if (!(ascii_class[s[i]] & S))
				break;
			i++;
			continue;
		}
		uint32_t c;
		size_t k = text_utf8_decode(it->s + i, len - i, &c);
		if (!k || !tokens_is_space(c))
			break;
		i += k;
	}
	it->pos = i;
	return i < len;
}

static void buf_room(struct tokens_iter *it, size_t n)
{
	if (n > it->buf_cap)
		xgrow(&it->buf, &it->buf_cap, n, 1);
}

/* The word at it->pos when it is plain ASCII (letters, digits and
 * punctuation: the common case, read without decoding): 1 with the token
 * set, 0 when it gives none (punctuation alone, or an article), -1 when
 * the word has other characters (load_word reads it). */
static int ascii_word(struct tokens_iter *it)
{
	const unsigned char *s = (const unsigned char *)it->s;
	size_t len = it->len, i = it->pos, o = 0, first = 0, last = 0;
	uint32_t h = TOKENS_HASH_SEED;

	for (; i < len; i++) {
		unsigned char b = s[i], cl;
		if (b >= 0x80)
			return -1;
		cl = ascii_class[b];
		if (cl & S)
			break;
		if (cl & P)
			continue;
		if (!(cl & W))
			return -1;   /* a control character: the general way */
		buf_room(it, o + 2);
		b = b >= 'A' && b <= 'Z' ? b + 32 : b;
		it->buf[o++] = (char)b;
		h = TOKENS_HASH_STEP(h, b);
		if (o == 1)
			first = i;
		last = i;
	}
	it->pos = i;
	if (o == 0 || (o == 1 && it->buf[0] == 'a') || (o == 2 && !memcmp(it->buf, "an", 2)) ||
	    (o == 3 && !memcmp(it->buf, "the", 3)))
		return 0;
	it->buf[o] = '\0';
	it->tok = it->buf;
	it->tok_len = o;
	it->tok_hash = h;
	it->start = first;
	it->end = last + 1;
	return 1;
}

/* Read the word of str.split() (a run of non-whitespace) at it->pos into
 * it->cp: its code points lowercased, ASCII punctuation dropped, each with
 * the bytes it came from; then turn the runs of word characters that are
 * exactly a, an or the into spaces. The steps of the SQuAD script, in its
 * order, within one word: word characters never touch whitespace, so no
 * step sees past a word. */
static void load_word(struct tokens_iter *it)
{
	const unsigned char *s = (const unsigned char *)it->s;
	size_t len = it->len, i = it->pos;

	it->n = 0;
	it->at = 0;
	while (i < len) {
		uint32_t c;
		size_t k = 1;
		unsigned char word;
		if (s[i] < 0x80) {
			unsigned char cl = ascii_class[s[i]];
			if (cl & S)
				break;
			if (cl & P) {
				i++;
				continue;
			}
			c = s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32u : s[i];
			word = cl & W;
		} else {
			k = text_utf8_decode(it->s + i, len - i, &c);
			if (!k) {
				c = 0xfffd; /* invalid UTF-8 */
				k = 1;
			} else if (tokens_is_space(c)) {
				break;
			}
			c = (uint32_t)utf8proc_tolower((utf8proc_int32_t)c);
			word = (unsigned char)is_word_cp((utf8proc_int32_t)c);
		}
		if (it->n == it->cap)
			xgrow(&it->cp, &it->cap, it->n + 1, sizeof(*it->cp));
		it->cp[it->n++] = (struct tokens_cp){ c, i, i + k, word };
		i += k;
	}
	it->pos = i;
	/* a run of word characters that is exactly a, an or the becomes a space */
	for (size_t a = 0; a < it->n;) {
		size_t b = a;
		utf8proc_int32_t w[3];
		while (b < it->n && it->cp[b].word) {
			if (b - a < 3)
				w[b - a] = (utf8proc_int32_t)it->cp[b].c;
			b++;
		}
		if (b == a) {
			a++;
			continue;
		}
		if (b - a <= 3 && is_article(w, b - a))
			for (size_t k = a; k < b; k++)
				it->cp[k].c = ' ';
		a = b;
	}
}

int tokens_iter_next(struct tokens_iter *it)
{
	for (;;) {
		while (it->at < it->n && it->cp[it->at].c == ' ')
			it->at++;
		if (it->at < it->n)
			break;
		it->n = it->at = 0;
		if (!skip_space(it))
			return 0;
		int r = ascii_word(it);
		if (r > 0)
			return 1;
		if (r < 0)
			load_word(it);
	}
	size_t a = it->at, b = a;
	while (b < it->n && it->cp[b].c != ' ')
		b++;
	buf_room(it, 4 * (b - a) + 1);
	size_t o = 0;
	for (size_t k = a; k < b; k++) {
		uint32_t c = it->cp[k].c;
		if (c < 0x80)
			it->buf[o++] = (char)c;
		else
			o += text_utf8_encode(c, it->buf + o);
	}
	it->buf[o] = '\0';
	it->tok = it->buf;
	it->tok_len = o;
	it->tok_hash = tokens_hash(it->buf, o);
	it->start = it->cp[a].from;
	it->end = it->cp[b - 1].to;
	it->at = b;
	return 1;
}

/* The steps of the SQuAD script (lower(), remove string.punctuation,
 * re.sub(r'\b(a|an|the)\b', ' '), ' '.join(split())) are the iterator's:
 * its tokens joined by one space. */
char *tokens_normalize(const char *s)
{
	struct tokens_iter it;
	struct strbuf out = STRBUF_INIT;

	tokens_iter_init(&it, s, strlen(s));
	while (tokens_iter_next(&it)) {
		if (out.len)
			strbuf_addc(&out, ' ');
		strbuf_add(&out, it.tok, it.tok_len);
	}
	tokens_iter_release(&it);
	return strbuf_detach(&out);
}

void tokens_init(struct tokens *t, const char *s)
{
	size_t i, len;

	t->text = tokens_normalize(s);
	len = strlen(t->text);
	t->n = 0;
	t->tok = xmalloc((len / 2 + 1) * sizeof(*t->tok));   /* tokens are >= 1 byte */
	for (i = 0; i < len; i++) {
		if (i == 0 || t->text[i - 1] == '\0')
			t->tok[t->n++] = t->text + i;
		if (t->text[i] == ' ')
			t->text[i] = '\0';
	}
}

void tokens_release(struct tokens *t)
{
	free(t->text);
	free(t->tok);
}
