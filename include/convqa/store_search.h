/*
 * store_search.h - full-text search of the project's passages (the FTS5
 * index passage_fts, kept by the store's triggers), ranked by BM25.
 *
 * Ranking: FTS5's bm25(passage_fts, 2.0, 1.0): a term in the title counts
 * twice, in the text once. bm25() is negative (-1 x the BM25 score), so the
 * ascending order of SQL is the best match first; ties go by the passage's
 * id (ext_id, as text). Passages known by id only (no text, no title) are
 * never in the index: store_search() counts them apart.
 */
#ifndef CONVQA_STORE_SEARCH_H
#define CONVQA_STORE_SEARCH_H

#include <stdint.h>

#include "convqa/common.h"

struct store;

/* Markers around a matching term in a snippet, and where it was cut:
 * plain ASCII, inert on any terminal. */
#define STORE_SEARCH_OPEN "[["
#define STORE_SEARCH_CLOSE "]]"
#define STORE_SEARCH_CUT "..."

struct store_hit {
	int64_t id;           /* the passage's row id */
	char *ext_id;         /* its id in the task files */
	char *title;          /* NULL: none */
	char *text;           /* with want_text only (else NULL) */
	char *snippet;        /* the best part with the terms marked */
	double score;         /* bm25(): negative, lower is better */
	char *retrieved_by;   /* "CONV TURN (SYSTEM), ..." or NULL: turns whose responses retrieved it */
	char *gold_for;       /* "CONV TURN, ..." or NULL: turns that have it as gold */
};

struct store_search_query {
	const char *match;    /* an FTS5 query */
	long limit;           /* at most this many hits (>= 1) */
	long offset;          /* skipping this many first (>= 0) */
	int want_text;        /* fill hit.text */
	int want_turns;       /* fill retrieved_by and gold_for */
};

struct store_search_result {
	struct store_hit *hits;
	size_t n;
	long total;           /* every passage that matches */
	long passages;        /* passages in the project */
	long id_only;         /* of them, known by id only: not searchable */
};

/* Search. ST_USAGE "the query 'Q' is not valid FTS5 syntax (REASON): ..."
 * when FTS5 refuses the query; ST_STORE on failure. Free with
 * store_search_release(). */
enum status store_search(struct store *s, const struct store_search_query *q, struct store_search_result *r,
			 struct error *err);
void store_search_release(struct store_search_result *r);

#endif
