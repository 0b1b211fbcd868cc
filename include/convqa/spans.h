/*
 * spans.h - evidence spans: the short stretches of a response's retrieved
 * passages, cut at sentence boundaries, that share words with its answer
 * (or with a gold answer of its turn). SCAI-QReCC 2021 showed raters such
 * spans, merged into one paragraph, to judge whether an answer is faithful
 * to the passages; convqa spans stores them.
 *
 *   struct spans_params p;
 *   struct spans out = SPANS_INIT;
 *   spans_params_init(&p);                      // W = 30, T = 0.2, both sources
 *   spans_extract(&out, passages, n, answer, golds, n_golds, &p);
 *   for (size_t i = 0; i < out.n; i++)
 *       ... passages[out.v[i].passage].text + out.v[i].start ...
 *   spans_release(&out);
 *
 * Definitions (docs/spans.md says the same for users):
 *
 *   token      the answer metrics' tokens (tokens.h): SQuAD normalisation
 *              (lowercase, ASCII punctuation and the articles a/an/the
 *              dropped) and Python's whitespace split. A passage's tokens
 *              are read in place (tokens_iter) with their byte offsets.
 *   query      the answer (source "answer") or one gold answer (source
 *              "gold"); Q is its set of distinct tokens. A query without
 *              tokens finds nothing.
 *   window     W consecutive tokens of a passage, at every token position
 *              (a passage of fewer than W tokens is one window).
 *   score      |Q ∩ tokens of the window| / |Q|: the share of the query's
 *              distinct tokens the window contains (0..1). Kept when
 *              score >= T and at least one token is shared (so T = 0 keeps
 *              every window that shares any token, never one that shares
 *              none). Compared as integers: shared >= ceil(T |Q|), less
 *              1e-9 of floating-point noise (T = 0.3 of 10 tokens needs 3).
 *   evidence   of a kept window: from its first to its last shared token
 *              (the tokens of the window that are in Q), widened out to
 *              the whole sentences those tokens are in (spans_sentence_next
 *              below). So a window's unshared edges never pull in a
 *              sentence that has no shared token.
 *   span       the evidence of a query's kept windows in one passage,
 *              where two overlap or lie in consecutive sentences, merged
 *              into one: the spans of one passage and query are disjoint
 *              and separated by at least one sentence, which also drops
 *              duplicates and spans inside others. The gold answers' spans
 *              of a passage are merged the same way into the spans of
 *              source "gold". A span's score is the highest score of the
 *              windows merged into it.
 *
 * Why the defaults: W = 30 tokens is about a sentence or two of web text
 * (QReCC passages are chunks of web pages, its answers a sentence or two),
 * long enough to hold a paraphrase of the answer and short enough for a
 * rater to read. T = 0.2 is low on purpose, as in SCAI-QReCC: an
 * answer rarely copies its evidence word for word, so a window sharing a
 * fifth of the answer's words is worth showing; what it lets through costs
 * a rater a sentence to read, what it would leave out costs a wrong
 * "unfaithful".
 *
 * Time is linear in the passage: it is tokenised once, every query slides
 * its window over the token ids keeping counts per query token (the
 * entering token added, the leaving one removed: never a window rescored),
 * and sentences are split once, only as far as a span needs.
 *
 * Pure: no I/O, no SQL, no JSON. Strings are UTF-8 (invalid bytes count as
 * U+FFFD, one byte each). Offsets are bytes and always on character
 * boundaries. Allocation failure aborts (xmalloc). Reentrant.
 */
#ifndef CONVQA_SPANS_H
#define CONVQA_SPANS_H

#include <stddef.h>

#include "convqa/common.h"

#define SPANS_WINDOW_DEFAULT 30
#define SPANS_MIN_OVERLAP_DEFAULT 0.2
#define SPANS_WINDOW_MAX 100000

/* Whose tokens a span shares: bits, so that a set of them is a mask. */
enum spans_source {
	SPANS_ANSWER = 1,    /* the response's answer */
	SPANS_GOLD = 2,      /* a gold answer of its turn */
};
#define SPANS_SOURCES_ALL (SPANS_ANSWER | SPANS_GOLD)

struct spans_params {
	size_t window;       /* W, tokens: 1..SPANS_WINDOW_MAX */
	double min_overlap;  /* T: 0..1 */
	unsigned sources;    /* enum spans_source bits */
};

/* The defaults: W = 30, T = 0.2, both sources. */
void spans_params_init(struct spans_params *p);

/* "answer" or "gold" (as stored); NULL for anything else. */
const char *spans_source_name(enum spans_source s);

/* A comma-separated list of source names ("answer,gold") into *mask. 0 on
 * success; -1 with "unknown source 'x' (expected: answer, gold)" or "no
 * source given" in err (ST_USAGE). */
int spans_parse_sources(const char *list, unsigned *mask, struct error *err);

/* A retrieved passage, borrowed. */
struct spans_passage {
	const char *id;      /* the passage's id (for the paragraph; NULL: none) */
	const char *text;
	size_t len;
};

struct span {
	size_t passage;          /* index into the passages given */
	size_t start, end;       /* text[start, end): bytes of that passage */
	enum spans_source source;
	double score;            /* 0..1, see score above */
};

/* A growable list of spans. It keeps its memory, and the working space of
 * spans_extract, from one call to the next: the spans of many responses
 * read into one struct spans allocate almost nothing. */
struct spans_work;
struct spans {
	struct span *v;
	size_t n, cap;
	struct spans_work *work;   /* private */
};
#define SPANS_INIT { NULL, 0, 0, NULL }

/* The spans of one response: passages in rank order (a passage whose id
 * comes again later in the list is read once, at its first place), its
 * answer and the gold answers of its turn (each may be NULL or empty: no
 * spans of that source), by p (NULL: the defaults). out is emptied first;
 * its spans come by passage, then source (answer first), then start.
 * Release out with spans_release(). */
void spans_extract(struct spans *out, const struct spans_passage *passages, size_t n_passages,
		   const char *answer, const char *const *golds, size_t n_golds, const struct spans_params *p);
void spans_release(struct spans *s);

/*
 * Sentences: the next sentence of s[0..len) from *pos, as [*start, *end);
 * *pos moves past it. Returns 0 (and moves *pos to len) when only
 * whitespace is left. A sentence begins at a character that is not
 * whitespace (tokens_is_space) and ends just after its last character, so
 * only whitespace lies between two sentences, and every character that is
 * not whitespace is in a sentence.
 *
 * A sentence ends
 *   - after a run of terminators: . ! ? and their relatives (… ‼ ‽ ⁇ ⁈ ⁉
 *     ։ ؟ ۔ । ॥ ። ፧ ፨ ။ ⸮ ﹒ ﹖ ﹗ ． U+037E and the ideographic 。！？｡), with
 *     the closing quotes and brackets after them (ASCII " ' ) ] } and
 *     Unicode's closing and final punctuation: ” ’ » 」 』 ） ...),
 *     when whitespace or the end of the text follows. The ideographic
 *     terminators 。！？｡ end a sentence whatever follows (CJK text has
 *     no spaces). Since whitespace must follow, 3.5, example.com and
 *     U.S.A never end one inside.
 *     Not after a run of periods (. or …) when the next character that is
 *     not whitespace is a lowercase letter ("approx. five", "so... then"),
 *     nor after a single period that ends a common abbreviation (Mr Mrs Ms
 *     Dr Prof Sr Jr St Mt vs cf viz al e.g i.e fig figs vol pp approx ca
 *     gen col lt sgt capt rev hon gov sen rep, any case, a whole word) or
 *     a single capital letter (initials: "J. R. R. Tolkien"). These are
 *     cheap guesses, not a language model.
 *   - at a paragraph break: a line break, optional whitespace and another
 *     line break, or U+2029 PARAGRAPH SEPARATOR.
 *   - at the end of the text.
 */
int spans_sentence_next(const char *s, size_t len, size_t *pos, size_t *start, size_t *end);

/*
 * The evidence paragraph of a response: its spans of every source (as
 * spans_extract gives them: sorted by passage then start within a source)
 * merged per passage - overlapping spans, and spans with only whitespace
 * between them, become one piece - and written in the passages' order
 * (rank order), each passage's pieces after its id in brackets:
 *
 *   [p12] First piece. Second sentence. … A later piece. [p7] Another piece.
 *
 * Pieces of one passage are separated by " … ", passages by a space; the
 * text of a piece is the passage's bytes as they are. Appends to out.
 * *pieces (may be NULL; caller frees with free()) gets where each piece
 * came from and where it is in out, *n_pieces how many.
 */
struct spans_piece {
	size_t passage;          /* index into the passages */
	size_t start, end;       /* the passage's bytes [start, end) */
	size_t at;               /* where their copy begins in out->buf */
};
struct strbuf;
void spans_paragraph(struct strbuf *out, const struct spans_passage *passages, size_t n_passages,
		     const struct span *v, size_t n, struct spans_piece **pieces, size_t *n_pieces);

/*
 * The words of text[0..len) that the answer shares, for a screen to
 * highlight: mark[i] is set to 1 for every byte of each token of the text
 * (tokens_iter: the answer metrics' tokens, read in place, so the bytes of
 * "(Paris)," that are marked are those of "Paris") that is also a token of
 * the answer (tokens_init); other bytes are left as they are. Returns the
 * number of tokens marked. An answer without tokens marks nothing. mark
 * holds len bytes.
 */
size_t spans_mark_answer(const char *text, size_t len, const char *answer, unsigned char *mark);

#endif
