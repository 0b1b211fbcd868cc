/*
 * label_row.h - one label recorded elsewhere (another copy of the project,
 * a labels file), as the readers of src/formats/ (labels_read.h) give it and
 * the labelling rules take it (labelling_import, labelling.h): the type
 * both sides see, so that neither includes the other.
 *
 * Data only: no functions. The strings are borrowed (labels_read owns
 * those it reads).
 */
#ifndef CONVQA_LABEL_ROW_H
#define CONVQA_LABEL_ROW_H

#include <stdint.h>

/* One label, named by the keys a person reads: the item by conversation,
 * turn position and system, a passage by its rank and/or its id. */
struct labelling_import_label {
	const char *conversation;
	int turn;
	const char *system;
	long rank;                         /* 0: none given */
	const char *passage;               /* passage id; NULL: none given */
	const char *rater;
	const char *round;                 /* NULL: outside rounds */
	const char *task, *field;
	const char *unit;                  /* the unit the source says it judges; NULL: not said */
	const char *value;                 /* NULL: the label was cleared */
	double seconds;
	const char *created_at;            /* "YYYY-MM-DDTHH:MM:SS.mmmZ" (UTC) */
	int64_t source_id;                 /* the source's row id (orders equal times); 0: none
					    * (before those with one) */
	const char *where;                 /* for messages: "FILE: $.labels[3]", "FILE:7" */
	int control;                       /* 1: the source says it was given on a control item
					    * (round create --control), no judgement there; 0:
					    * not one, or not said */
};

#endif
