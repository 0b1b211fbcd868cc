/*
 * tokens.h - the words of an answer: the SQuAD normalisation and the
 * whitespace split that the answer metrics (metrics_answer.h) compare, and
 * that anything matching answer text against passages (evidence spans) must
 * share so that its tokens are the metrics' tokens.
 *
 *   struct tokens t;
 *   tokens_init(&t, "The  Eiffel Tower!");   // t.n == 2: "eiffel", "tower"
 *   for (size_t i = 0; i < t.n; i++)
 *       puts(t.tok[i]);
 *   tokens_release(&t);
 *
 * Pure: no I/O, no SQL, no JSON. Strings are UTF-8 and NUL-terminated;
 * invalid bytes count as U+FFFD. Allocation failure aborts (xmalloc). All
 * functions are reentrant.
 */
#ifndef CONVQA_TOKENS_H
#define CONVQA_TOKENS_H

#include <stddef.h>
#include <stdint.h>

/*
 * SQuAD normalisation, the steps of the official evaluation script in its
 * order: lowercase (every letter: utf8proc's simple case mapping, which
 * is Python's str.lower() but for its few one-to-many and context-dependent
 * mappings such as U+0130 and a final sigma); remove ASCII punctuation
 * (!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~); turn "a", "an", "the" into a space
 * where they stand as whole words (a maximal run of letters and numbers, as
 * Python's \b...\b: so also next to non-ASCII punctuation such as U+2014);
 * collapse whitespace runs (tokens_space_len) to one space, none at the ends.
 * Returns a new string; caller frees with free(). s may not be NULL.
 */
char *tokens_normalize(const char *s);

/* The tokens of the normalised text, in order. */
struct tokens {
	char *text;       /* the normalised text with NULs between the tokens */
	char **tok;       /* tok[0..n-1] point into text; no token is empty */
	size_t n;
};

/* Normalise s (tokens_normalize) and split it at its spaces. Release t with
 * tokens_release(). s is borrowed. */
void tokens_init(struct tokens *t, const char *s);
void tokens_release(struct tokens *t);

/*
 * The same tokens read in place, each with the bytes of the text it came
 * from: for matching an answer's tokens against a passage (spans.h) and
 * pointing back into the passage. tokens_normalize() is these tokens
 * joined by one space, so the two never disagree.
 *
 *   struct tokens_iter it;
 *   tokens_iter_init(&it, text, len);
 *   while (tokens_iter_next(&it))
 *       ... it.tok (it.tok_len bytes, NUL-terminated) from text[it.start, it.end) ...
 *   tokens_iter_release(&it);
 *
 * A token comes from one word of str.split() (a run of non-whitespace):
 * usually the whole word; when an article inside the word becomes a space
 * ("the\u2014end") each piece is a token of its own. start is where its
 * first character came from and end is just after its last, so ASCII
 * punctuation dropped at its edges lies outside: "(Paris)," gives "paris"
 * at the bytes of "Paris". The token normalises back to itself:
 * tokens_normalize() of text[start, end) is tok.
 *
 * text[0..len) is borrowed (not necessarily NUL-terminated: a NUL byte is
 * a character like any other) and must outlive the iterator; tok is owned
 * by the iterator and valid until the next call.
 */
struct tokens_cp {
	unsigned int c;           /* lowercased code point; ' ' where an article was */
	size_t from, to;          /* its bytes in the text */
	unsigned char word;       /* a word character (Python's \w) */
};

struct tokens_iter {
	const char *tok;          /* the current token, NUL-terminated */
	size_t tok_len;
	uint32_t tok_hash;        /* tokens_hash() of it */
	size_t start, end;        /* its bytes in the text: [start, end) */
	/* private */
	const char *s;
	size_t len, pos;          /* the text and where the next word begins */
	struct tokens_cp *cp;     /* the current word, normalised */
	size_t n, at, cap;
	char *buf;
	size_t buf_cap;
};

/* A 32-bit hash of a token's bytes (FNV-1a), as tokens_iter_next() gives it. */
#define TOKENS_HASH_SEED 2166136261u
#define TOKENS_HASH_STEP(h, byte) (((h) ^ (unsigned char)(byte)) * 16777619u)
static inline uint32_t tokens_hash(const char *t, size_t n)
{
	uint32_t h = TOKENS_HASH_SEED;
	for (size_t i = 0; i < n; i++)
		h = TOKENS_HASH_STEP(h, t[i]);
	return h;
}

void tokens_iter_init(struct tokens_iter *it, const char *s, size_t len);
/* Move to the next token: 1, or 0 at the end of the text. */
int tokens_iter_next(struct tokens_iter *it);
void tokens_iter_release(struct tokens_iter *it);

/* Byte length of the whitespace code point at p, or 0 if p does not start
 * with one. Whitespace is Python's str.split(): ASCII space, \t \n \v \f \r,
 * \x1c-\x1f and U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029,
 * U+202F, U+205F, U+3000. p is NUL-terminated (read at most 3 bytes). */
size_t tokens_space_len(const char *p);

/* 1 if code point c is whitespace to Python's str.split() (the set of
 * tokens_space_len()), else 0. */
int tokens_is_space(uint32_t c);

/* 1 if c is ASCII punctuation (Python's string.punctuation), else 0. */
int tokens_is_punct(int c);

#endif
