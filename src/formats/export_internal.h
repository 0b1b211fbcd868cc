/* export_internal.h - what the label exports of src/formats/ share: the
 * schemes of the labels' tasks, looked up once per task, and one label as
 * the JSON object of the json export (also a line of the jsonl export).
 *
 * Ownership: export_schemes_release() frees what the cache holds; the
 * schemes it returns are borrowed from it. */
#ifndef CONVQA_EXPORT_INTERNAL_H
#define CONVQA_EXPORT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "convqa/scheme.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"

struct export_counts;

struct export_schemes {
	struct store *store;
	struct export_known_scheme *v;
	size_t n;
};

/* The scheme of task (looked up once per task), or NULL: no such scheme. */
const struct scheme *export_scheme_of(struct export_schemes *c, const char *task);
void export_schemes_release(struct export_schemes *c);

/* A label export under way: where it writes, the text being made, how many
 * labels, the errno of a failed write, the schemes of the labels' tasks. */
struct export_ctx {
	FILE *out;
	struct strbuf sb;
	long n;
	int failed;
	struct export_schemes schemes;
};

/* The label r as one JSON object of schemas/labels.schema.json, appended to
 * sb (no newline). */
void export_json_label(struct export_schemes *c, struct strbuf *sb, const struct store_label_row *r);

/* ST_INPUT: f selects no items (of its rater in its round, of its round,
 * of the project), saying so. */
enum status export_no_items(const struct store_label_filter *f, struct error *err);

/* The end of a label export that wrote n labels to out: ST_IO "cannot
 * write labels: ..." when a write failed (failed: its errno, else out's
 * error flag), else counts->n = n and ST_OK. */
enum status export_labels_done(FILE *out, int failed, long n, struct export_counts *counts, struct error *err);

/* ---- Label Studio (export_ls_select.c) ------------------------------------ */

/* What a Label Studio project is made of: the scheme its raters label by
 * and the items (responses) of the selection, in conversation order. */
struct export_ls_items {
	struct scheme *scheme;         /* owned */
	int64_t *ids;                  /* owned: the responses */
	size_t n;
	long max_rank;                 /* the most passages an item ranks: the slots of the config */
	const char *round;             /* borrowed: --round, or NULL */
};

/* The items of f (--round R, with --rater NAME those assigned to NAME; else
 * every item) and the scheme (--task, else the round's, else turn; a --task
 * that is not the round's is refused) for --format format, into x (release
 * it with export_ls_release(), whatever this returns). ST_INPUT when there
 * are no items, ST_USAGE for --history or --rater without --round. */
enum status export_ls_select(struct store *s, const struct store_label_filter *f, const char *format,
			     struct export_ls_items *x, struct error *err);
void export_ls_release(struct export_ls_items *x);
/* Whether the project shows passages: the scheme shows them or judges them. */
int export_ls_shows_passages(const struct scheme *sc);
/* As export_labels_done(), "cannot write WHAT: ...". */
enum status export_ls_done(FILE *out, int failed, long n, const char *what, struct export_counts *counts,
			   struct error *err);

#endif
