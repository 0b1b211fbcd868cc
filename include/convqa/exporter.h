/*
 * exporter.h - labels out of the project.
 *
 * exporter_json() streams the labels that match a filter as one JSON
 * document following schemas/labels.schema.json. Values are typed by the
 * field table of model.h: binary fields as 0/1, categories and text as
 * strings; a cleared label (history only) has value null.
 *
 * Ownership: the store, the filter and out are borrowed; the caller opens
 * and closes out. Nothing is left for the caller to free.
 */
#ifndef CONVQA_EXPORTER_H
#define CONVQA_EXPORTER_H

#include <stdio.h>

#include "convqa/common.h"
#include "convqa/store.h"

/* 1: the first; 2: each label names its unit; 3: and says whether it was
 * given on a control item (control) */
#define LABELS_FORMAT_VERSION 3

struct export_counts;   /* formats.h */
struct export_options;

/* project is the name written into the document; counts->n gets the labels
 * written. Returns ST_IO if writing to out fails. */
enum status exporter_json(struct store *s, const struct store_label_filter *f, const struct export_options *o,
			  const char *project, FILE *out, struct export_counts *counts, struct error *err);

#endif
