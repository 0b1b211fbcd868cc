/* store_spans.h - part of store.h: evidence spans (store_spans.c).
 * Include convqa/store.h, which includes the parts in order (each relies
 * on what comes before it), not this file. */
#ifndef CONVQA_STORE_SPANS_H
#define CONVQA_STORE_SPANS_H

/* ---- evidence spans (store_spans.c) --------------------------------- */

/* convqa spans: the responses read one at a time, each with what its
 * spans are found from, and each response's stored spans made the ones
 * found, inside one store_begin/commit:
 *
 *   store_spans_open(s, system, &sp, &err);
 *   while ((st = store_spans_next(sp, &r, &err)) == ST_OK && r)
 *           ... spans of r ... store_spans_put(sp, r->id, sources, n_sources, v, n, &diff, &err);
 *   store_spans_close(sp);
 *
 * Only one response is held at a time: memory does not grow with the
 * project. */
struct store_spans;

struct store_spans_passage {
	int64_t id;                      /* the passage's row id */
	const char *ext_id;
	const char *text;
	size_t len;
};

struct store_spans_response {
	int64_t id;
	const char *answer;
	const char *const *golds;        /* the turn's gold answers, in order */
	size_t n_golds;
	const struct store_spans_passage *passages;   /* retrieved, by rank */
	size_t n_passages;
};

/* The responses of system (NULL: every system), by id. A name the project
 * lacks is ST_INPUT with "no system 'NAME' in the project (its systems: a,
 * b)" or "(it has none)". Close with store_spans_close(). */
enum status store_spans_open(struct store *s, const char *system, struct store_spans **out, struct error *err);
void store_spans_close(struct store_spans *sp);

/* The next response into *r (NULL after the last); *r and everything it
 * points to are owned by sp and valid until the next call. */
enum status store_spans_next(struct store_spans *sp, const struct store_spans_response **r, struct error *err);

/* One span to store: bytes [start, end) of passage passage_id, whose text
 * is passage_text (the span's text is stored with it). */
struct store_span {
	int64_t passage_id;
	const char *passage_text;
	size_t start, end;
	const char *source;              /* "answer" or "gold" */
	double score;
};

/* What store_spans_put changed; it adds to the counts. */
struct store_spans_diff {
	long added;                      /* new rows */
	long removed;                    /* rows deleted: no longer found */
	long rescored;                   /* the same span with another score */
	long unchanged;
};

/* Make v[0..n) the stored spans of response_id for the sources named in
 * sources[0..n_sources) (its spans of other sources stay): a stored span
 * of the same passage, offsets and source keeps its row (its score updated
 * when it differs), the others are deleted, the new ones inserted. Putting the
 * same spans again changes nothing. Call inside store_begin/commit. */
enum status store_spans_put(struct store_spans *sp, int64_t response_id, const char *const *sources,
			    size_t n_sources, const struct store_span *v, size_t n, struct store_spans_diff *d,
			    struct error *err);

/* A response's stored evidence spans, for the faithfulness screen: the
 * passages they are in (by their rank in the response's ranking, lowest
 * first; a passage it no longer retrieved last), each with its id, rank
 * and text, and the spans (both sources) by passage, then start. Offsets
 * are as stored: bytes [start, end) of the passage's text (spans_paragraph
 * skips a span outside it). Release with store_evidence_release(). */
struct store_evidence_passage {
	int64_t id;                      /* the passage's row id */
	char *ext_id;
	long rank;                       /* 0: not in the response's ranking */
	char *text;
	size_t len;
};

struct store_evidence_span {
	size_t passage;                  /* index into passages */
	size_t start, end;
	int gold;                        /* source "gold" (else "answer") */
	double score;
};

struct store_evidence {
	struct store_evidence_passage *passages;
	size_t n_passages;
	struct store_evidence_span *spans;
	size_t n_spans;
};

enum status store_evidence_load(struct store *s, int64_t response_id, struct store_evidence *out,
				struct error *err);
void store_evidence_release(struct store_evidence *e);

/* e's spans merged per passage into one paragraph (spans_paragraph of
 * spans.h) appended to out; the pieces too when pieces is not NULL. Adds
 * nothing when e has no spans. */
struct strbuf;
struct spans_piece;
void store_evidence_paragraph(const struct store_evidence *e, struct strbuf *out, struct spans_piece **pieces,
			      size_t *n_pieces);

#endif
