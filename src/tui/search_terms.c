/* search_terms.c - the words of a search query, and where they occur in a
 * passage: the marks under the bytes the search screens draw highlighted
 * (tui_internal.h). The marks are computed from the text and the query, so
 * no byte of the passage is ever read as markup. */
#include <stdlib.h>
#include <string.h>

#include "convqa/text.h"
#include "convqa/tokens.h"
#include "tui_internal.h"

/* Whether cp separates words, as FTS5's unicode61 tokenizer splits: all
 * but letters and numbers (and the combining marks on letters). Beyond
 * ASCII a digit that is not 0-9 separates too. */
static int separates(uint32_t cp)
{
	if (cp < 0x80)
		return !((cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z'));
	enum text_look look = text_cp_look(cp);
	return look != TEXT_LOOK_LETTER && look != TEXT_LOOK_MARK;
}

/* The length of the word at s[0..len) (a run of characters that do not
 * separate words), or 0; *skip: the bytes before it. */
static size_t next_word(const char *s, size_t len, size_t *skip)
{
	size_t at = 0, end;
	for (;;) {
		if (at >= len) {
			*skip = at;
			return 0;
		}
		uint32_t cp;
		size_t n = text_utf8_decode(s + at, len - at, &cp);
		if (n == 0)
			n = 1;
		if (!separates(cp))
			break;
		at += n;
	}
	for (end = at; end < len;) {
		uint32_t cp;
		size_t n = text_utf8_decode(s + end, len - end, &cp);
		if (n == 0)
			n = 1;
		if (separates(cp))
			break;
		end += n;
	}
	*skip = at;
	return end - at;
}

/* The word s[0..n) lowercased (tokens_normalize); NULL when nothing is
 * left (an article). */
static char *folded(const char *s, size_t n)
{
	char *w = xstrndup(s, n);
	char *f = tokens_normalize(w);
	free(w);
	if (!*f) {
		free(f);
		return NULL;
	}
	return f;
}

static int is_operator(const char *s, size_t n)
{
	static const char *const ops[] = { "AND", "OR", "NOT", "NEAR" };
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
		if (strlen(ops[i]) == n && memcmp(ops[i], s, n) == 0)
			return 1;
	return 0;
}

void search_terms_init(struct search_terms *t, const char *query)
{
	memset(t, 0, sizeof(*t));
	size_t len = strlen(query), at = 0, cap = 0;
	for (;;) {
		size_t skip, n = next_word(query + at, len - at, &skip);
		if (n == 0)
			break;
		const char *w = query + at + skip;
		at += skip + n;
		char after = at < len ? query[at] : '\0';
		if (after == ':' || is_operator(w, n))
			continue;   /* a column's name (title:), an operator */
		char *f = folded(w, n);
		if (!f)
			continue;
		xgrow(&t->term, &cap, t->n + 1, sizeof(*t->term));
		t->term[t->n].word = f;
		t->term[t->n].prefix = after == '*';
		t->n++;
	}
}

void search_terms_release(struct search_terms *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->term[i].word);
	free(t->term);
	memset(t, 0, sizeof(*t));
}

static int matches(const struct search_terms *t, const char *w)
{
	for (size_t i = 0; i < t->n; i++) {
		const char *q = t->term[i].word;
		if (t->term[i].prefix ? strncmp(w, q, strlen(q)) == 0 : strcmp(w, q) == 0)
			return 1;
	}
	return 0;
}

size_t search_terms_mark(const struct search_terms *t, const char *s, size_t len, unsigned char *mark)
{
	size_t at = 0, found = 0;
	memset(mark, 0, len);
	for (;;) {
		size_t skip, n = next_word(s + at, len - at, &skip);
		if (n == 0)
			return found;
		at += skip;
		char *f = folded(s + at, n);
		if (f && matches(t, f)) {
			memset(mark + at, 1, n);
			found++;
		}
		free(f);
		at += n;
	}
}
