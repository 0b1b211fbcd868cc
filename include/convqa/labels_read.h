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
 *   MTRAG ratings        an MTRAG evaluation file (InspectorRAGet JSON, the
 *                        task format "mtrag"): each evaluator's rating of a
 *                        response on each human metric, a label of that
 *                        rater outside rounds in the scheme mtrag-likert
 *                        (scheme_json: added when the project lacks it)
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
				       * "project", "Label Studio export", "MTRAG ratings" */
	long skipped;                 /* annotations a Label Studio export says were cancelled */
	const char *scheme_json;      /* the scheme the labels are in, when the source defines it
				       * (MTRAG's): for labelling_import to add when the project
				       * lacks it; else NULL (static) */
	const char *not_read;         /* labels_read_carried: what the file carries that was not
				       * read ("MTRAG ratings" from a pipe), else NULL */
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

/* "json, jsonl, label-studio, mtrag, project": the formats --format takes. */
struct strbuf;
void labels_read_format_names(struct strbuf *sb);
/* 1 when format is one of them. */
int labels_read_format_known(const char *format);

/* The labels a task file carries, for convqa import to bring in with its
 * tasks: path read as import format `format` (NULL: the one its start
 * shows). For an MTRAG file (format "mtrag"), its ratings as
 * labels_read_as() gives them (the same problems as the task import's);
 * for every other format, and for standard input or a pipe (read once, by
 * the task import: not even its start is read here), none: ST_OK with
 * out->kind NULL, nothing read (out->not_read names the ratings of a file
 * read as mtrag from a pipe). Release out whatever it returns. */
enum status labels_read_carried(const char *path, const char *format, struct labels_read *out, struct error *err);

/* The same for a text already read: buf[0..len) (xmalloc'd; freed here,
 * whatever happens) named name in messages ("FILE", "standard input"),
 * its source detected; a project's file is refused as from a pipe, a
 * Label Studio export is read by the schemes of s (NULL: refused). */
enum status labels_read_text(struct store *s, const char *name, char *buf, size_t len, struct labels_read *out,
			     struct error *err);

#endif
