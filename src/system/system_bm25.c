/*
 * system_bm25.c - the built-in system "bm25": BM25 retrieval over the
 * project's passages, answering with a sentence of the best passage.
 *
 * A turn's query is the words of its question and of the previous question
 * (the history's last one), as the simple baseline of SCAI-QReCC does: each
 * distinct word (a run of ASCII letters and digits and of bytes of non-ASCII
 * characters, ASCII folded to lower case) is one FTS5 phrase, the phrases
 * joined by OR, so a passage needs only one of them. store_search() ranks
 * by FTS5's bm25() (title weighted 2, text 1): for a passage D,
 *
 *   score(D) = sum over the query's phrases q of
 *              IDF(q) * f(q,D) * (k1 + 1) / (f(q,D) + k1 * (1 - b + b * |D| / avgdl))
 *
 * with k1 = 1.2, b = 0.75, f(q,D) the weighted count of q in D's columns,
 * |D| the tokens of D (all columns), avgdl the mean of |D| over the index,
 * IDF(q) = ln((N - n(q) + 0.5) / (n(q) + 0.5)), N the passages indexed and
 * n(q) those holding q (an IDF of 0 or less becomes 1e-6). bm25() returns
 * -score(D): the most negative first is the best, and the reply's passages
 * carry score(D) (the positive score, higher is better).
 *
 * The answer is the best-matching sentence of the top passage (of its text,
 * else its title): sentences end at '.', '!' or '?' before white space or
 * the end, or at a line break; the best is the one holding the most
 * distinct query words, ties to the first. A query with no words, or one no
 * passage matches, gets an empty answer and no passages.
 *
 * It needs no child and no descriptor: send() answers at once and read()
 * hands the reply over.
 */
#include <stdlib.h>
#include <string.h>

#include "convqa/store_search.h"
#include "convqa/strbuf.h"
#include "system_internal.h"

#define BM25_TOP 10

struct bm25 {
	struct system base;
	struct store *store;
	struct system_reply reply;   /* of the turn in flight */
};

/* The words of s, each appended as a NUL-terminated lower-case string to
 * words (a list of strings one after the other), counted in *n, skipping
 * those already there. */
static int is_word_byte(unsigned char c)
{
	return c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int has_word(const struct strbuf *words, const char *w, size_t len)
{
	for (size_t i = 0; i < words->len; i += strlen(words->buf + i) + 1)
		if (strlen(words->buf + i) == len && memcmp(words->buf + i, w, len) == 0)
			return 1;
	return 0;
}

static void add_words(struct strbuf *words, size_t *n, const char *s, size_t len)
{
	struct strbuf w = STRBUF_INIT;
	for (size_t i = 0; i < len;) {
		if (!is_word_byte((unsigned char)s[i])) {
			i++;
			continue;
		}
		strbuf_reset(&w);
		for (; i < len && is_word_byte((unsigned char)s[i]); i++)
			strbuf_addc(&w, s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') : s[i]);
		if (!has_word(words, w.buf, w.len)) {
			strbuf_add(words, w.buf, w.len + 1);
			(*n)++;
		}
	}
	strbuf_release(&w);
}

/* How many of the words occur in s[0..len). */
static size_t overlap(const struct strbuf *words, const char *s, size_t len)
{
	struct strbuf mine = STRBUF_INIT;
	size_t n = 0, hits = 0;
	add_words(&mine, &n, s, len);
	for (size_t i = 0; i < mine.len; i += strlen(mine.buf + i) + 1)
		if (has_word(words, mine.buf + i, strlen(mine.buf + i)))
			hits++;
	strbuf_release(&mine);
	return hits;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* The sentence of text that holds the most words, ties to the first, with
 * its surrounding white space trimmed (caller frees). */
static char *best_sentence(const struct strbuf *words, const char *text)
{
	const char *best = text, *p = text;
	size_t best_len = 0, best_hits = 0;
	int first = 1;
	while (*p) {
		const char *start = p;
		while (*p && *p != '\n' && !((*p == '.' || *p == '!' || *p == '?') && (!p[1] || is_space(p[1]))))
			p++;
		if (*p && *p != '\n')
			p++;   /* the sentence keeps its full stop */
		const char *end = p;
		while (start < end && is_space(*start))
			start++;
		while (end > start && is_space(end[-1]))
			end--;
		size_t hits = overlap(words, start, (size_t)(end - start));
		if (end > start && (first || hits > best_hits)) {
			best = start;
			best_len = (size_t)(end - start);
			best_hits = hits;
			first = 0;
		}
		while (*p && is_space(*p))
			p++;
	}
	char *out = xcalloc(1, best_len + 1);
	memcpy(out, best, best_len);
	return out;
}

/* The FTS5 query of the words: "w1" OR "w2" ... (a word holds no '"'). */
static void fts_query(struct strbuf *q, const struct strbuf *words)
{
	for (size_t i = 0; i < words->len; i += strlen(words->buf + i) + 1)
		strbuf_addf(q, "%s\"%s\"", i ? " OR " : "", words->buf + i);
}

static enum status bm25_open(struct system *s, const struct system_spec *spec, struct error *err)
{
	struct bm25 *b = (struct bm25 *)s;
	if (!spec->store)
		return error_set(err, ST_USAGE, "the bm25 system searches a project: open one first");
	b->store = spec->store;
	s->name = xstrdup("bm25");
	return ST_OK;
}

static void take_hits(struct bm25 *b, const struct store_search_result *r, const struct strbuf *words)
{
	b->reply.passages = xcalloc(r->n ? r->n : 1, sizeof(*b->reply.passages));
	b->reply.n_passages = r->n;
	for (size_t i = 0; i < r->n; i++) {
		struct system_passage *p = &b->reply.passages[i];
		p->id = xstrdup(r->hits[i].ext_id);
		p->text = r->hits[i].text ? xstrdup(r->hits[i].text) : NULL;
		p->title = r->hits[i].title ? xstrdup(r->hits[i].title) : NULL;
		p->score = -r->hits[i].score;
		p->has_score = 1;
	}
	const struct store_hit *top = r->n ? &r->hits[0] : NULL;
	const char *from = top ? (top->text ? top->text : top->title) : NULL;
	b->reply.answer = from ? best_sentence(words, from) : xstrdup("");
}

static enum status bm25_send(struct system *s, const struct system_request *req, struct error *err)
{
	struct bm25 *b = (struct bm25 *)s;
	struct strbuf words = STRBUF_INIT, q = STRBUF_INIT;
	size_t n = 0;
	system_reply_release(&b->reply);
	if (req->question)
		add_words(&words, &n, req->question, strlen(req->question));
	if (req->n_history && req->history[req->n_history - 1].question) {
		const char *prev = req->history[req->n_history - 1].question;
		add_words(&words, &n, prev, strlen(prev));
	}
	fts_query(&q, &words);
	struct store_search_result r = { 0 };
	struct store_search_query sq = { strbuf_str(&q), BM25_TOP, 0, 1, 0 };
	enum status st = n ? store_search(b->store, &sq, &r, err) : ST_OK;
	if (st == ST_OK)
		take_hits(b, &r, &words);
	else
		system_fail(s, SYSTEM_FAIL_REMOTE, NULL, "%s", "");
	store_search_release(&r);
	strbuf_release(&words);
	strbuf_release(&q);
	return st;
}

static size_t bm25_pollfds(struct system *s, struct pollfd *fds, size_t max)
{
	return 0;
}

static enum system_result bm25_read(struct system *s, struct system_reply *reply, struct error *err)
{
	struct bm25 *b = (struct bm25 *)s;
	*reply = b->reply;
	memset(&b->reply, 0, sizeof(b->reply));
	return SYSTEM_READY;
}

static void bm25_stop(struct system *s)
{
	struct bm25 *b = (struct bm25 *)s;
	system_reply_release(&b->reply);
}

static void bm25_release(struct system *s)
{
	bm25_stop(s);
}

const struct system_ops system_bm25_ops = {
	"bm25", sizeof(struct bm25), bm25_open, bm25_send, bm25_pollfds, bm25_read, bm25_stop, bm25_release, NULL,
};
