/* export_internal.h - what the label exports of src/formats/ share: the
 * schemes of the labels' tasks, looked up once per task, and one label as
 * the JSON object of the json export (also a line of the jsonl export).
 *
 * Ownership: export_schemes_release() frees what the cache holds; the
 * schemes it returns are borrowed from it. */
#ifndef CONVQA_EXPORT_INTERNAL_H
#define CONVQA_EXPORT_INTERNAL_H

#include <stddef.h>
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

/* The end of a label export that wrote n labels to out: ST_IO "cannot
 * write labels: ..." when a write failed (failed: its errno, else out's
 * error flag), else counts->n = n and ST_OK. */
enum status export_labels_done(FILE *out, int failed, long n, struct export_counts *counts, struct error *err);

#endif
