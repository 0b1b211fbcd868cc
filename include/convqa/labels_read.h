/*
 * labels_read.h - labels recorded elsewhere, as convqa import-labels reads
 * them, into the rows labelling_import() takes (label_row.h). A source is
 * one of:
 *
 *   a labels export      one JSON document as convqa export writes it
 *                        (schemas/labels.schema.json, version 1 or 2)
 *   labels as JSON Lines one label object a line, the fields of an
 *                        export's label (schemas/label-line.schema.json)
 *   a project            another copy's project file (detected by the
 *                        SQLite header): every label row, history included,
 *                        read without writing the file (store_open_read_only)
 *   a Label Studio export  Label Studio's JSON export (a JSON array of tasks)
 *                        of the tasks convqa export --format label-studio
 *                        wrote: each annotation's results, read by the
 *                        project's schemes (src/formats/labels_label_studio.c)
 *
 *   struct labels_read in;
 *   if (labels_read_as(NULL, store, path, &in, &err) == ST_OK)     // NULL: the source detected
 *           labelling_import(store, &rq, in.labels, in.n, &res, &err);
 *   labels_read_release(&in);
 *
 * Messages are those of the task importer: "FILE:LINE:COL: syntax error
 * ..." for JSON syntax, "FILE: $.labels[3].turn: ..." (a document) and
 * "FILE:7: $.turn: ..." (a line) for the rest, up to ten, one a line.
 * Each label's where names it the same way ("FILE: $.labels[3]", "FILE:7",
 * "FILE: label 42" for a project's row id, "FILE: $[0].annotations[1].result[2]"
 * for a Label Studio export's result).
 *
 * Ownership: every string of the labels is owned by the struct and freed,
 * with the array, by labels_read_release().
 */
#ifndef CONVQA_LABELS_READ_H
#define CONVQA_LABELS_READ_H

#include <stddef.h>

#include "convqa/common.h"
#include "convqa/label_row.h"

struct labels_read {
	struct labelling_import_label *labels;
	size_t n;
	const char *kind;             /* what the source was: "labels export", "labels (JSON Lines)",
				       * "project", "Label Studio export" */
	long skipped;                 /* annotations a Label Studio export says were cancelled */
	/* private */
	size_t cap;
	struct labels_read_block *blocks;
};

/* Read path ("-": standard input, named so in messages; a project cannot
 * come through a pipe) into out, as format says (NULL: the source
 * detected; the names: labels_read_format_names()); a Label Studio export
 * by the schemes of project s (NULL: such a source is refused). ST_INPUT
 * with the problems; ST_IO when the file cannot be read (or holds more
 * JSON values than memory takes, as for convqa import); ST_STORE for a
 * project that cannot be read; ST_USAGE for an unknown format or a
 * CONVQA_MAX_JSON_VALUES that is not a number. Release out whatever it
 * returns. */
struct store;
enum status labels_read_as(const char *format, struct store *s, const char *path, struct labels_read *out,
			   struct error *err);
void labels_read_release(struct labels_read *in);

/* "json, jsonl, label-studio, project": the formats --format takes. */
struct strbuf;
void labels_read_format_names(struct strbuf *sb);
/* 1 when format is one of them. */
int labels_read_format_known(const char *format);

/* The same for a text already read: buf[0..len) (xmalloc'd; freed here,
 * whatever happens) named name in messages ("FILE", "standard input"),
 * its source detected; a project's file is refused as from a pipe, a
 * Label Studio export is read by the schemes of s (NULL: refused). */
enum status labels_read_text(struct store *s, const char *name, char *buf, size_t len, struct labels_read *out,
			     struct error *err);

#endif
