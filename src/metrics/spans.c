/* spans.c - evidence spans: sliding windows over passages, scored by token
 * overlap with an answer, widened to sentences and merged (see spans.h). */
#include "convqa/spans.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "convqa/common.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"
#include "convqa/tokens.h"

void spans_params_init(struct spans_params *p)
{
	p->window = SPANS_WINDOW_DEFAULT;
	p->min_overlap = SPANS_MIN_OVERLAP_DEFAULT;
	p->sources = SPANS_SOURCES_ALL;
}

const char *spans_source_name(enum spans_source s)
{
	switch (s) {
	case SPANS_ANSWER: return "answer";
	case SPANS_GOLD: return "gold";
	}
	return NULL;
}

int spans_parse_sources(const char *list, unsigned *mask, struct error *err)
{
	const char *p = list;
	*mask = 0;
	while (*p) {
		size_t n = strcspn(p, ",");
		if (n == 6 && !strncmp(p, "answer", n))
			*mask |= SPANS_ANSWER;
		else if (n == 4 && !strncmp(p, "gold", n))
			*mask |= SPANS_GOLD;
		else if (n) {
			error_set(err, ST_USAGE, "unknown source '%.*s' (expected: answer, gold)", (int)n, p);
			return -1;
		}
		p += n + (p[n] == ',');
	}
	if (!*mask) {
		error_set(err, ST_USAGE, "no source given (expected: answer, gold)");
		return -1;
	}
	return 0;
}

/* ---- sentences ------------------------------------------------------------- */

/* The code point at s[i] and its length *k: an invalid byte is U+FFFD, 1 byte. */
static inline uint32_t cp_at(const char *s, size_t len, size_t i, size_t *k)
{
	uint32_t c;
	if ((unsigned char)s[i] < 0x80) {
		*k = 1;
		return (unsigned char)s[i];
	}
	*k = text_utf8_decode(s + i, len - i, &c);
	if (!*k) {
		*k = 1;
		return 0xfffd;
	}
	return c;
}

/* Terminators that end a sentence only before whitespace or the end. */
static int is_terminator(uint32_t c)
{
	if (c < 0x80)
		return c == '.' || c == '!' || c == '?';
	switch (c) {
	case 0x037e: case 0x0589: case 0x061f: case 0x06d4: case 0x0964: case 0x0965:
	case 0x104b: case 0x1362: case 0x1367: case 0x1368: case 0x2026: case 0x203c:
	case 0x203d: case 0x2047: case 0x2048: case 0x2049: case 0x2e2e: case 0xfe52:
	case 0xfe56: case 0xfe57: case 0xff0e:
	case 0x3002: case 0xff01: case 0xff1f: case 0xff61:
		return 1;
	}
	return 0;
}

/* Ideographic terminators: they end a sentence whatever follows. */
static int is_ideographic_terminator(uint32_t c)
{
	return c == 0x3002 || c == 0xff01 || c == 0xff1f || c == 0xff61;
}

/* Closing quotes and brackets that stay with the sentence they close. */
static int is_closer(uint32_t c)
{
	if (c < 0x80)
		return c == '"' || c == '\'' || c == ')' || c == ']' || c == '}';
	utf8proc_category_t k = utf8proc_category((utf8proc_int32_t)c);
	return k == UTF8PROC_CATEGORY_PE || k == UTF8PROC_CATEGORY_PF;
}

/* A line break or a paragraph separator: two line breaks with only
 * whitespace between them, or a paragraph separator, end a paragraph. */
static int is_break(uint32_t c)
{
	return c == '\n' || c == 0x2029;
}

/* Is there a paragraph break at s[i] (a whitespace character)? */
static int paragraph_break(const char *s, size_t len, size_t i)
{
	size_t k;
	uint32_t c = cp_at(s, len, i, &k);
	if (c == 0x2029)
		return 1;
	if (c != '\n')
		return 0;
	for (i += k; i < len; i += k) {
		c = cp_at(s, len, i, &k);
		if (is_break(c))
			return 1;
		if (!tokens_is_space(c))
			return 0;
	}
	return 0;
}

/* Abbreviations a single period does not end a sentence after (lowercase,
 * sorted for bsearch). */
static const char *const abbreviations[] = {
	"al", "approx", "ca", "capt", "cf", "col", "dr", "e.g", "fig", "figs", "gen", "gov", "hon", "i.e",
	"jr", "lt", "mr", "mrs", "ms", "mt", "pp", "prof", "rep", "rev", "sen", "sgt", "sr", "st", "viz",
	"vol", "vs",
};

static int cmp_abbrev(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

static int ascii_letter(unsigned char b)
{
	return (b | 32) >= 'a' && (b | 32) <= 'z';
}

/* Does the period at s[dot] end an abbreviation or an initial? The word
 * before it: ASCII letters with single periods between them (e.g), at most
 * 8 bytes, beginning at a word boundary (so not the "st" of "1st."). */
static int after_abbreviation(const char *s, size_t from, size_t dot)
{
	size_t w = dot;
	while (w > from && dot - w < 8) {
		unsigned char b = (unsigned char)s[w - 1];
		if (!ascii_letter(b) && !(b == '.' && w < dot && w - 1 > from && ascii_letter((unsigned char)s[w - 2])))
			break;
		w--;
	}
	if (w == dot)
		return 0;
	if (w > from) {   /* the character before the word: no letter, mark or digit */
		size_t b = w - 1, k;
		while (b > from && ((unsigned char)s[b] & 0xc0) == 0x80)
			b--;
		uint32_t c = cp_at(s, dot, b, &k);
		utf8proc_category_t cat = utf8proc_category((utf8proc_int32_t)c);
		if (cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_NO)
			return 0;
	}
	if (dot - w == 1)
		return s[w] >= 'A' && s[w] <= 'Z';   /* an initial */
	char word[9];
	for (size_t i = w; i < dot; i++)
		word[i - w] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
	word[dot - w] = '\0';
	return bsearch(word, abbreviations, ARRAY_SIZE(abbreviations), sizeof(*abbreviations), cmp_abbrev) != NULL;
}

/* Is the next character after s[i] that is not whitespace a lowercase letter? */
static int lowercase_follows(const char *s, size_t len, size_t i)
{
	size_t k;
	for (; i < len; i += k) {
		uint32_t c = cp_at(s, len, i, &k);
		if (tokens_is_space(c)) {
			if (paragraph_break(s, len, i))
				return 0;
			continue;
		}
		return utf8proc_category((utf8proc_int32_t)c) == UTF8PROC_CATEGORY_LL;
	}
	return 0;
}

/* The ASCII bytes that are not whitespace, not a terminator (. ! ?) and no
 * control character: nothing to decide at them. */
static const unsigned char plain_byte[256] = {
	['!'] = 0, ['"'] = 1, ['#'] = 1, ['$'] = 1, ['%'] = 1, ['&'] = 1, ['\''] = 1, ['('] = 1, [')'] = 1,
	['*'] = 1, ['+'] = 1, [','] = 1, ['-'] = 1, ['/'] = 1, ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1,
	['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1, [':'] = 1, [';'] = 1, ['<'] = 1,
	['='] = 1, ['>'] = 1, ['@'] = 1, ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1,
	['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1,
	['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1,
	['Y'] = 1, ['Z'] = 1, ['['] = 1, ['\\'] = 1, [']'] = 1, ['^'] = 1, ['_'] = 1, ['`'] = 1, ['a'] = 1,
	['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1,
	['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1,
	['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1, ['{'] = 1, ['|'] = 1,
	['}'] = 1, ['~'] = 1, [127] = 1,
};

int spans_sentence_next(const char *s, size_t len, size_t *pos, size_t *start, size_t *end)
{
	size_t i = *pos, k;
	uint32_t c;

	while (i < len && tokens_is_space(cp_at(s, len, i, &k)))
		i += k;
	if (i >= len) {
		*pos = len;
		return 0;
	}
	*start = i;
	size_t last = i;   /* just after the last character that is not whitespace */
	const unsigned char *u = (const unsigned char *)s;
	while (i < len) {
		unsigned char b = u[i];
		if (plain_byte[b]) {   /* the common case: a run of letters, digits, marks */
			do
				i++;
			while (i < len && plain_byte[u[i]]);
			last = i;
			continue;
		}
		if (b == ' ') {
			i++;
			continue;
		}
		c = cp_at(s, len, i, &k);
		if (tokens_is_space(c)) {
			if (is_break(c) && paragraph_break(s, len, i))
				break;
			i += k;
			continue;
		}
		if (!is_terminator(c)) {
			i += k;
			last = i;
			continue;
		}
		/* a run of terminators and the closers after it */
		size_t run = i, n_term = 0;
		int ideographic = 0, periods = 1;
		while (i < len && is_terminator(c = cp_at(s, len, i, &k))) {
			ideographic |= is_ideographic_terminator(c);
			periods &= c == '.' || c == 0x2026;
			n_term++;
			i += k;
		}
		while (i < len && is_closer(cp_at(s, len, i, &k)))
			i += k;
		last = i;
		if (i >= len || ideographic)
			break;
		if (!tokens_is_space(cp_at(s, len, i, &k)))
			continue;   /* 3.5, example.com */
		if (periods && lowercase_follows(s, len, i))
			continue;
		if (n_term == 1 && s[run] == '.' && after_abbreviation(s, *start, run))
			continue;
		break;
	}
	*end = last;
	*pos = i > last ? i : last;
	return 1;
}

/* ---- the distinct tokens of the queries ---------------------------------------- */

/* Every distinct token of every query, with an id: an open-addressing
 * table of ids, keyed by the tokens' hashes. */
struct dict {
	int32_t *slot;            /* -1: empty */
	uint32_t *hash;           /* by id */
	char **word;              /* by id, borrowed from the queries' tokens */
	size_t mask, n, cap;
};

static void dict_init(struct dict *d, size_t max)
{
	size_t size = 8;
	while (size < 2 * max + 1)
		size *= 2;
	d->slot = xmalloc(size * sizeof(*d->slot));
	memset(d->slot, 0xff, size * sizeof(*d->slot));
	d->mask = size - 1;
	d->n = 0;
	d->cap = max ? max : 1;
	d->hash = xmalloc(d->cap * sizeof(*d->hash));
	d->word = xmalloc(d->cap * sizeof(*d->word));
}

static void dict_release(struct dict *d)
{
	free(d->slot);
	free(d->hash);
	free(d->word);
}

/* The id of token t (n bytes, tokens_hash() h), -1 when absent; with add,
 * added when absent. */
static int32_t dict_find(struct dict *d, const char *t, size_t n, uint32_t h, int add)
{
	for (size_t i = h & d->mask;; i = (i + 1) & d->mask) {
		int32_t id = d->slot[i];
		if (id < 0) {
			if (!add)
				return -1;
			id = (int32_t)d->n++;
			d->slot[i] = id;
			d->hash[id] = h;
			d->word[id] = (char *)t;
			return id;
		}
		if (d->hash[id] == h && !strncmp(d->word[id], t, n) && d->word[id][n] == '\0')
			return id;
	}
}

/* dict_find() of a query's token (NUL-terminated). */
static int32_t add_token(struct dict *d, const char *t, int add)
{
	size_t n = strlen(t);
	return dict_find(d, t, n, tokens_hash(t, n), add);
}

/* One query: its distinct tokens, each with a local id 0..n-1. */
struct query {
	enum spans_source source;
	struct tokens t;
	int32_t *local;           /* by dict id: the local id, -1 when not in the query */
	size_t n;                 /* distinct tokens */
	size_t need;              /* shared tokens a window needs: ceil(T n), at least 1 */
};

/* ---- one passage ---------------------------------------------------------------- */

/* A passage's tokens: the dict id of each (-1: in no query), and the bytes
 * of those in a query, in order. */
struct passage_tokens {
	int32_t *id;
	size_t n, cap;
	struct { size_t start, end; } *at;   /* the tokens with an id >= 0, in order */
	size_t n_at, cap_at;
};

/* The sentences of one passage, split as far as needed. */
struct sentences {
	const char *s;
	size_t len, pos;
	struct { size_t start, end; } *v;
	size_t n, cap;
};

/* The index (from c on) of the sentence holding byte b, a byte of a
 * character that is not whitespace. */
static size_t sentence_of(struct sentences *sn, size_t c, size_t b)
{
	for (;;) {
		while (c < sn->n) {
			if (sn->v[c].end > b)
				return c;
			c++;
		}
		size_t start, end;
		if (!spans_sentence_next(sn->s, sn->len, &sn->pos, &start, &end))
			return sn->n - 1;   /* not reached: every such byte is in a sentence */
		if (sn->n == sn->cap)
			xgrow(&sn->v, &sn->cap, sn->n + 1, sizeof(*sn->v));
		sn->v[sn->n].start = start;
		sn->v[sn->n].end = end;
		sn->n++;
	}
}

/* A span while it is built: sentences first..last. */
struct sspan {
	size_t first, last;
	double score;
};

struct sspans {
	struct sspan *v;
	size_t n, cap;
};

/* Add sentences first..last (score) to out, merged into the last span when
 * they overlap it or follow it directly. */
static void sspan_add(struct sspans *out, size_t first, size_t last, double score)
{
	if (out->n && first <= out->v[out->n - 1].last + 1) {
		struct sspan *p = &out->v[out->n - 1];
		if (last > p->last)
			p->last = last;
		if (score > p->score)
			p->score = score;
		return;
	}
	if (out->n == out->cap)
		xgrow(&out->v, &out->cap, out->n + 1, sizeof(*out->v));
	out->v[out->n++] = (struct sspan){ first, last, score };
}

/* Scratch space of one query's slide. */
struct slide {
	uint32_t *count;          /* by local id: occurrences in the window */
	size_t *queue;            /* the shared tokens in the window (indexes into at[]), a ring */
	size_t count_cap, queue_cap;
};

/* Slide q's window over the passage's tokens, adding the evidence of its
 * kept windows to out (sentences of sn). */
static void slide(const struct query *q, const struct passage_tokens *pt, struct sentences *sn, size_t w,
		  struct slide *sl, struct sspans *out)
{
	size_t n = pt->n, qcap = (w < n ? w : n) + 1;
	if (sl->count_cap < q->n)
		xgrow(&sl->count, &sl->count_cap, q->n, sizeof(*sl->count));
	if (sl->queue_cap < qcap)
		xgrow(&sl->queue, &sl->queue_cap, qcap, sizeof(*sl->queue));
	memset(sl->count, 0, q->n * sizeof(*sl->count));
	size_t head = 0, tail = 0, present = 0, mi = 0, cursor = 0;
	int have = 0;                /* a run of evidence is open: [run_start, run_end) */
	size_t run_start = 0, run_end = 0;
	double run_score = 0;

	for (size_t k = 0; k < n; k++) {
		int32_t id = pt->id[k];
		if (id >= 0) {   /* the entering token */
			int32_t l = q->local[id];
			if (l >= 0) {
				present += sl->count[l]++ == 0;
				sl->queue[tail] = mi;
				tail = tail + 1 == qcap ? 0 : tail + 1;
			}
			mi++;
		}
		if (k >= w) {   /* the leaving token */
			int32_t out_id = pt->id[k - w];
			if (out_id >= 0 && q->local[out_id] >= 0) {
				present -= --sl->count[q->local[out_id]] == 0;
				head = head + 1 == qcap ? 0 : head + 1;
			}
		}
		if ((k + 1 < w && k + 1 < n) || present < q->need)
			continue;
		/* a kept window: its evidence is its first to its last shared token */
		size_t back = tail ? tail - 1 : qcap - 1;
		size_t bs = pt->at[sl->queue[head]].start, be = pt->at[sl->queue[back]].end;
		double score = (double)present / (double)q->n;
		if (have && bs <= run_end) {
			if (be > run_end)
				run_end = be;
			if (score > run_score)
				run_score = score;
			continue;
		}
		if (have) {
			size_t first = sentence_of(sn, cursor, run_start);
			cursor = sentence_of(sn, first, run_end - 1);
			sspan_add(out, first, cursor, run_score);
		}
		have = 1;
		run_start = bs;
		run_end = be;
		run_score = score;
	}
	if (have) {
		size_t first = sentence_of(sn, cursor, run_start);
		size_t last = sentence_of(sn, first, run_end - 1);
		sspan_add(out, first, last, run_score);
	}
}

static int cmp_sspan(const void *a, const void *b)
{
	const struct sspan *x = a, *y = b;
	return x->first < y->first ? -1 : x->first > y->first;
}

static void emit(struct spans *out, size_t passage, enum spans_source source, const struct sentences *sn,
		 const struct sspans *ss)
{
	for (size_t i = 0; i < ss->n; i++) {
		if (out->n == out->cap)
			xgrow(&out->v, &out->cap, out->n + 1, sizeof(*out->v));
		out->v[out->n++] = (struct span){
			passage, sn->v[ss->v[i].first].start, sn->v[ss->v[i].last].end, source, ss->v[i].score,
		};
	}
}

static int seen_before(const struct spans_passage *p, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (p[j].id && p[i].id ? !strcmp(p[j].id, p[i].id)
				       : p[j].text == p[i].text && p[j].len == p[i].len)
			return 1;
	return 0;
}

/* The working space of spans_extract, kept in its struct spans between
 * calls so that many responses read into one allocate almost nothing. */
struct spans_work {
	struct passage_tokens pt;
	struct slide sl;
	struct sspans ans, gold, merged;
	struct sentences sn;
};

/* The queries (the answer, each gold answer, of the sources asked) with
 * their distinct tokens in dict d; *nq of them (caller frees). */
static struct query *make_queries(const char *answer, const char *const *golds, size_t n_golds,
				  const struct spans_params *p, struct dict *d, size_t *nq)
{
	struct query *q = xcalloc(1 + n_golds, sizeof(*q));
	size_t max_tokens = 0;
	*nq = 0;
	for (size_t i = 0; i < 1 + n_golds; i++) {
		enum spans_source src = i ? SPANS_GOLD : SPANS_ANSWER;
		const char *text = i ? golds[i - 1] : answer;
		if (!(p->sources & src) || !text)
			continue;
		q[*nq].source = src;
		tokens_init(&q[*nq].t, text);
		max_tokens += q[*nq].t.n;
		(*nq)++;
	}
	dict_init(d, max_tokens);
	for (size_t i = 0; i < *nq; i++)
		for (size_t k = 0; k < q[i].t.n; k++)
			add_token(d, q[i].t.tok[k], 1);
	for (size_t i = 0; i < *nq; i++) {
		q[i].local = xmalloc((d->n ? d->n : 1) * sizeof(*q[i].local));
		memset(q[i].local, 0xff, (d->n ? d->n : 1) * sizeof(*q[i].local));
		for (size_t k = 0; k < q[i].t.n; k++) {
			int32_t id = add_token(d, q[i].t.tok[k], 0);
			if (q[i].local[id] < 0)
				q[i].local[id] = (int32_t)q[i].n++;
		}
		double need = ceil(p->min_overlap * (double)q[i].n - 1e-9);
		q[i].need = need < 1 ? 1 : (size_t)need;
	}
	return q;
}

/* Tokenise a passage once: the dict id of every token, and where each
 * token a query has stands. The number of those. */
static size_t tokenize_passage(struct passage_tokens *pt, struct dict *d, const struct spans_passage *ps)
{
	struct tokens_iter it;
	pt->n = pt->n_at = 0;
	tokens_iter_init(&it, ps->text, ps->len);
	while (tokens_iter_next(&it)) {
		int32_t id = dict_find(d, it.tok, it.tok_len, it.tok_hash, 0);
		if (pt->n == pt->cap)
			xgrow(&pt->id, &pt->cap, pt->n + 1, sizeof(*pt->id));
		pt->id[pt->n++] = id;
		if (id < 0)
			continue;
		if (pt->n_at == pt->cap_at)
			xgrow(&pt->at, &pt->cap_at, pt->n_at + 1, sizeof(*pt->at));
		pt->at[pt->n_at].start = it.start;
		pt->at[pt->n_at].end = it.end;
		pt->n_at++;
	}
	tokens_iter_release(&it);
	return pt->n_at;
}

/* The spans of passage pi (tokenised in wk->pt) for every query. */
static void passage_spans(struct spans *out, size_t pi, const struct spans_passage *ps, struct query *q,
			  size_t nq, size_t w, struct spans_work *wk)
{
	struct sentences *sn = &wk->sn;
	sn->s = ps->text;
	sn->len = ps->len;
	sn->pos = sn->n = 0;
	wk->ans.n = wk->gold.n = 0;
	for (size_t i = 0; i < nq; i++)
		if (q[i].n)
			slide(&q[i], &wk->pt, sn, w, &wk->sl, q[i].source == SPANS_ANSWER ? &wk->ans : &wk->gold);
	emit(out, pi, SPANS_ANSWER, sn, &wk->ans);
	if (wk->gold.n) {   /* the gold answers' spans, each sorted: one sorted, merged list */
		qsort(wk->gold.v, wk->gold.n, sizeof(*wk->gold.v), cmp_sspan);
		wk->merged.n = 0;
		for (size_t i = 0; i < wk->gold.n; i++)
			sspan_add(&wk->merged, wk->gold.v[i].first, wk->gold.v[i].last, wk->gold.v[i].score);
		emit(out, pi, SPANS_GOLD, sn, &wk->merged);
	}
}

void spans_extract(struct spans *out, const struct spans_passage *passages, size_t n_passages,
		   const char *answer, const char *const *golds, size_t n_golds, const struct spans_params *p)
{
	struct spans_params def;
	if (!p) {
		spans_params_init(&def);
		p = &def;
	}
	out->n = 0;
	if (!out->work)
		out->work = xcalloc(1, sizeof(*out->work));
	struct spans_work *wk = out->work;
	size_t w = p->window ? p->window : 1, nq;
	struct dict d;
	struct query *q = make_queries(answer, golds, n_golds, p, &d, &nq);
	for (size_t pi = 0; pi < n_passages && d.n; pi++)
		if (!seen_before(passages, pi) && tokenize_passage(&wk->pt, &d, &passages[pi]))
			passage_spans(out, pi, &passages[pi], q, nq, w, wk);
	for (size_t i = 0; i < nq; i++) {
		tokens_release(&q[i].t);
		free(q[i].local);
	}
	free(q);
	dict_release(&d);
}

void spans_release(struct spans *s)
{
	struct spans_work *wk = s->work;
	if (wk) {
		free(wk->pt.id);
		free(wk->pt.at);
		free(wk->sl.count);
		free(wk->sl.queue);
		free(wk->ans.v);
		free(wk->gold.v);
		free(wk->merged.v);
		free(wk->sn.v);
		free(wk);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}

/* ---- the evidence paragraph ------------------------------------------------------ */

static int cmp_range(const void *a, const void *b)
{
	const struct spans_piece *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}

/* Only whitespace in s[from, to)? */
static int only_space(const char *s, size_t len, size_t from, size_t to)
{
	size_t k;
	for (size_t i = from; i < to; i += k)
		if (!tokens_is_space(cp_at(s, len, i, &k)))
			return 0;
	return 1;
}

void spans_paragraph(struct strbuf *out, const struct spans_passage *passages, size_t n_passages,
		     const struct span *v, size_t n, struct spans_piece **pieces, size_t *n_pieces)
{
	struct spans_piece *pc = NULL;
	size_t npc = 0, cap = 0;
	int first_passage = 1;

	for (size_t pi = 0; pi < n_passages; pi++) {
		const struct spans_passage *ps = &passages[pi];
		size_t from = npc;
		for (size_t i = 0; i < n; i++) {
			if (v[i].passage != pi || v[i].end > ps->len || v[i].start >= v[i].end)
				continue;
			if (npc == cap)
				xgrow(&pc, &cap, npc + 1, sizeof(*pc));
			pc[npc++] = (struct spans_piece){ pi, v[i].start, v[i].end, 0 };
		}
		if (npc == from)
			continue;
		qsort(pc + from, npc - from, sizeof(*pc), cmp_range);
		size_t m = from;   /* merge: overlapping, or only whitespace between */
		for (size_t i = from + 1; i < npc; i++) {
			struct spans_piece *last = &pc[m];
			if (pc[i].start <= last->end || only_space(ps->text, ps->len, last->end, pc[i].start)) {
				if (pc[i].end > last->end)
					last->end = pc[i].end;
			} else {
				pc[++m] = pc[i];
			}
		}
		npc = m + 1;
		if (!first_passage)
			strbuf_addc(out, ' ');
		first_passage = 0;
		strbuf_addf(out, "[%s] ", ps->id ? ps->id : "?");
		for (size_t i = from; i < npc; i++) {
			if (i > from)
				strbuf_adds(out, " \xe2\x80\xa6 ");
			pc[i].at = out->len;
			strbuf_add(out, ps->text + pc[i].start, pc[i].end - pc[i].start);
		}
	}
	if (pieces)
		*pieces = pc;
	else
		free(pc);
	if (n_pieces)
		*n_pieces = npc;
}

size_t spans_mark_answer(const char *text, size_t len, const char *answer, unsigned char *mark)
{
	struct tokens q;
	size_t marked = 0;
	tokens_init(&q, answer ? answer : "");
	if (q.n) {
		struct tokens_iter it;
		tokens_iter_init(&it, text, len);
		while (tokens_iter_next(&it)) {
			for (size_t k = 0; k < q.n; k++) {
				if (strcmp(q.tok[k], it.tok) == 0) {
					memset(mark + it.start, 1, it.end - it.start);
					marked++;
					break;
				}
			}
		}
		tokens_iter_release(&it);
	}
	tokens_release(&q);
	return marked;
}
