/*
 * mtrag.h - the reader of MTRAG's evaluation files and generation tasks
 * (import_mtrag.c), for the
 * two commands that read them: convqa import (the conversations, passages
 * and responses: the task format "mtrag") and the labels reader
 * (labels_read.c: each evaluator's ratings, as labels of the scheme
 * mtrag-likert).
 *
 *   struct model_tasks m;
 *   model_tasks_init(&m);
 *   st = mtrag_read(in, &m, on_rating, ctx, err);   // on_rating: NULL, or called per rating
 *   model_tasks_release(&m);
 *
 * Only the files of src/formats/ include this header.
 */
#ifndef CONVQA_FORMATS_MTRAG_H
#define CONVQA_FORMATS_MTRAG_H

#include <stddef.h>

#include "convqa/common.h"
#include "convqa/formats.h"
#include "convqa/model.h"

/* The scheme whose fields the ratings are (sample_tasks/schemes/mtrag-likert.json). */
#define MTRAG_SCHEME "mtrag-likert"

/* One evaluator's rating of one response on one metric. Strings are
 * borrowed for the call. */
struct mtrag_rating {
	const char *conversation;
	int turn;
	const char *system;
	const char *field;          /* the metric: faithfulness, appropriateness, ... */
	const char *rater;          /* the evaluator's id */
	const char *value;          /* "1" to "4" */
	double seconds;             /* the evaluator's duration on the response, given with its
				     * first rating of it (0 with the others) */
	const char *created_at;     /* "YYYY-MM-DDTHH:MM:SS.mmmZ" */
	const char *where;          /* "FILE: $.evaluations[3].annotations.faithfulness.46542882" */
};

typedef void (*mtrag_rating_fn)(void *ctx, const struct mtrag_rating *r);

/* Does buf begin an MTRAG (InspectorRAGet) evaluation file, an object
 * whose first key is one of its own (name, models, metrics, ...), or a
 * generation-task file, whose first line begins with conversation_id or
 * task_id? */
int mtrag_detect(const char *buf, size_t len);

/* Read in (its bytes freed here) into m, calling on_rating (if not NULL)
 * for each rating; the messages of formats.h's read(). */
enum status mtrag_read(struct import_input *in, struct model_tasks *m, mtrag_rating_fn on_rating, void *ctx,
		       struct error *err);

/* The text of the scheme MTRAG_SCHEME (compiled in from
 * sample_tasks/schemes/mtrag-likert.json). */
const char *mtrag_scheme_json(void);

#endif
