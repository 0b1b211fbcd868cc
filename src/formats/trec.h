/*
 * trec.h - what the TREC readers (import_trec_run.c, import_trec_qrels.c)
 * share: the lines of a file split into white-space separated fields, and
 * the query ids (qid) mapped to a conversation and a turn number by a
 * pattern (--qid-pattern):
 *
 *   struct trec_qid_pattern p;
 *   if (trec_qid_pattern_init(&p, opt->qid_pattern, err) != ST_OK) ...   // ST_USAGE
 *   struct trec_lines l;
 *   trec_lines_init(&l, in);              // takes in->buf (freed by trec_lines_release)
 *   while (trec_lines_next(&l)) {         // l.field[0 .. l.n_fields), l.line
 *       const char *conv; size_t conv_len; long turn;
 *       if (!trec_qid_match(&p, l.field[0], &conv, &conv_len, &turn)) ...  // refuse with FILE:LINE
 *   }
 *
 * Only the files of src/formats/ include this header.
 */
#ifndef CONVQA_FORMATS_TREC_H
#define CONVQA_FORMATS_TREC_H

#include <stddef.h>

#include "convqa/common.h"
#include "convqa/formats.h"
#include "convqa/model.h"
#include "convqa/text.h"

#define TREC_DEFAULT_QID_PATTERN "{conv}_{turn}"
#define TREC_MAX_FIELDS 8

/* A qid pattern: literal text around one {conv} (any non-empty text, the
 * longest that lets the rest match) and one {turn} (digits: the turn
 * number, from 1), in either order. */
struct trec_qid_pattern {
	const char *text;   /* borrowed */
};

/* Check pattern (NULL: the default); ST_USAGE with the reason in err. */
enum status trec_qid_pattern_init(struct trec_qid_pattern *p, const char *pattern, struct error *err);

/* Whether qid matches: *conv (not NUL-terminated, conv_len bytes, pointing
 * into qid) and *turn (1 .. MODEL_TURN_MAX) set. */
int trec_qid_match(const struct trec_qid_pattern *p, const char *qid, const char **conv, size_t *conv_len,
		   long *turn);

struct json_reader;

/* The lines of a file (text_lines(): a byte order mark skipped, blank
 * lines passed over), each split in place into fields (spaces and tabs
 * between them; a carriage return before the newline is dropped). Fields
 * past TREC_MAX_FIELDS are counted, not kept. */
struct trec_lines {
	char *buf;                       /* owned */
	struct text_lines it;
	size_t line;                     /* 1-based, of the line read */
	char *field[TREC_MAX_FIELDS];
	size_t n_fields;
};

/* Take in->buf (in->buf set to NULL); a byte order mark is skipped. */
void trec_lines_init(struct trec_lines *l, struct import_input *in);
/* The next line that is not blank: 1, or 0 at the end. */
int trec_lines_next(struct trec_lines *l);
void trec_lines_release(struct trec_lines *l);
/* Before the first line: when the file begins (past a byte order mark and
 * white space) with '{' or '[', it is JSON, not lines of fields: the one
 * problem given to jr ("FILE: this is JSON ..., not TREC <kind> lines
 * (<layout>): <hint>; convqa formats ...") and 1; else 0. */
int trec_lines_refuse_json(const struct trec_lines *l, const char *name, const char *kind, const char *layout,
			   const char *hint, struct json_reader *jr);

/* What a file that no format detects looks like, from its first line:
 * "trec-run" (6 fields, the second Q0), "trec-qrels" (4 fields, the second
 * and fourth whole numbers), or NULL. */
const char *trec_looks_like(const char *buf, size_t len);

/* Parse a whole number (a TREC grade) or a finite number (a score) of
 * field s: 0 when it is one. */
int trec_parse_long(const char *s, long *out);
int trec_parse_score(const char *s, double *out);

/* ---- a line of a run or of qrels ---------------------------------------------- */

/* The query of a line (and the turn it names), its document, and what the
 * line says of it. */
struct trec_entry {
	const char *qid, *conv, *docid;  /* into the file's bytes (conv: kept) */
	long turn;
	long grade;                      /* qrels */
	double score;                    /* a run */
	size_t line;
};

/* Start e from line l of file name: n_fields fields (layout, for the
 * message: "qid 0 docid grade"), field 1 a qid that p matches, field 3 the
 * docid; the conversation's id copied into keep. 0, or -1 with the
 * problem given to jr ("FILE:LINE: ..."). */
int trec_entry_read(struct trec_entry *e, const struct trec_lines *l, size_t n_fields, const char *layout,
		    const struct trec_qid_pattern *p, const char *name, struct model_tasks *keep,
		    struct json_reader *jr);
/* Order by conversation, then turn. */
int trec_by_turn(const struct trec_entry *a, const struct trec_entry *b);
/* Sort v by turn, then docid, then line, and give jr the two problems of
 * a file's turns: a docid twice for one query (verb: what the file does
 * to it, "judged"; file: what trec_eval refuses, "qrels"), two qids naming
 * one turn. */
void trec_check_turns(struct trec_entry *v, size_t n, const char *name, const char *verb, const char *file,
		      struct json_reader *jr);

/* The conversation of v[0..n) (entries of one conversation sorted by
 * turn), made in m: its id and where (name:line of its first entry), room
 * for its turns (c.turns; c.n_turns is 0: the reader fills them). */
struct model_conversation trec_conversation(struct model_tasks *m, const char *name, const struct trec_entry *v,
					    size_t n);
/* The end of the turn whose entries begin at v[i]: the first j > i with
 * another turn, or n. */
size_t trec_turn_end(const struct trec_entry *v, size_t n, size_t i);

/* ---- qrels (import_trec_qrels.c) ----------------------------------------------- */


struct trec_qrels {
	const char *name;                /* the file, in messages */
	struct trec_entry *v;             /* sorted by conversation, turn, then docid */
	size_t n;
	/* private */
	size_t cap;
	struct trec_lines lines;
	struct model_tasks keep;
};

/* Read qrels ("qid iter docid grade" lines) from in (its bytes taken) with
 * the qid pattern (NULL: the default). ST_USAGE for a bad pattern; ST_INPUT
 * with up to ten problems, "FILE:LINE: ..." (field count, a grade that is
 * not a whole number, a qid the pattern does not match, a docid judged
 * twice for a query, two qids of one turn). Release q whatever it returns. */
enum status trec_qrels_read(struct import_input *in, const char *qid_pattern, struct trec_qrels *q,
			    struct error *err);
void trec_qrels_release(struct trec_qrels *q);

/* --as-rater: the judgements of qrels file path as o->as_rater's labels of
 * the relevance field (labels_read_trec_qrels()); note: the counts, said. */
struct labels_read;
struct store;
enum status trec_qrels_labels(struct store *s, const char *path, const struct import_options *o,
			      struct labels_read *out, char *note, size_t note_size, struct error *err);

#endif
