/* labels_internal.h - what the readers of labels from elsewhere share
 * (labels_read.c and one file per source that is not convqa's own, such as
 * labels_label_studio.c): the strings a struct labels_read keeps and its
 * array of labels.
 *
 * Ownership: the strings and labels belong to in (labels_read_release). */
#ifndef CONVQA_LABELS_INTERNAL_H
#define CONVQA_LABELS_INTERNAL_H

#include "convqa/formats.h"
#include "convqa/labels_read.h"

struct store;

/* A copy of s (NULL: NULL) that in keeps. */
const char *labels_keep(struct labels_read *in, const char *s);
/* "..." formatted, kept by in (up to 1 KiB). */
const char *labels_keepf(struct labels_read *in, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A new label at the end of in's, zeroed. */
struct labelling_import_label *labels_new(struct labels_read *in);

/* A Label Studio JSON export (labels_label_studio.c): its annotations, read
 * by the schemes of s that its tasks name. Frees src->buf. */
enum status labels_read_label_studio(struct import_input *src, struct store *s, struct labels_read *in,
				     struct error *err);

#endif
