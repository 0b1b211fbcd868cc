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

static int is_space_cp(utf8proc_int32_t cp)
{
	char b[4];
	char z[5] = { 0 };
	size_t n = text_utf8_encode((uint32_t)cp, b);
	memcpy(z, b, n);
	return tokens_space_len(z) == n;
}

/* The steps of the SQuAD script, in its order: lower(), remove
 * string.punctuation, re.sub(r'\b(a|an|the)\b', ' '), ' '.join(split()). */
char *tokens_normalize(const char *s)
{
	size_t len = strlen(s), n = 0, i = 0;
	utf8proc_int32_t *cp = xmalloc((len + 1) * sizeof(*cp));
	struct strbuf out = STRBUF_INIT;

	/* lowercase, drop ASCII punctuation */
	while (i < len) {
		uint32_t c;
		size_t k = text_utf8_decode(s + i, len - i, &c);
		if (!k) {
			c = 0xfffd; /* invalid UTF-8 */
			k = 1;
		}
		i += k;
		if (c < 0x80 && tokens_is_punct((int)c))
			continue;
		cp[n++] = utf8proc_tolower((utf8proc_int32_t)c);
	}
	/* a run of word characters that is exactly a, an or the becomes a space */
	for (i = 0; i < n;) {
		size_t j = i;
		while (j < n && is_word_cp(cp[j]))
			j++;
		if (j > i) {
			if (is_article(cp + i, j - i))
				for (size_t k = i; k < j; k++)
					cp[k] = ' ';
			i = j;
		} else {
			i++;
		}
	}
	/* whitespace runs -> one space, none at the ends */
	int pending = 0;
	for (i = 0; i < n; i++) {
		if (is_space_cp(cp[i])) {
			pending = out.len > 0;
			continue;
		}
		if (pending)
			strbuf_addc(&out, ' ');
		pending = 0;
		char b[4];
		strbuf_add(&out, b, text_utf8_encode((uint32_t)cp[i], b));
	}
	free(cp);
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
