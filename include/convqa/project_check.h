/*
 * project_check.h - what is wrong in a project: the checks of convqa check.
 * Layer 3, beside the labelling module: the file and its rows as the store
 * sees them (store_check.h: integrity, the schema, NULLs, references, the
 * labels' rounds), then what needs the schemes: a stored scheme that does
 * not parse, a task (of a label, a round, guidelines) no scheme has, a
 * label's field its scheme lacks, a value off the field's scale.
 *
 *   struct project_check_summary sum;
 *   if (project_check(store, print_line, NULL, &sum, &err) != ST_OK)
 *           ... err says why the project could not be read at all
 *   ... sum.problems lines were handed to print_line
 *
 * Each problem is one line naming the table and the row ("label 13: task
 * 'x' is no scheme of the project"); strings handed to the callback are
 * borrowed for the call. Read-only; the module never prints.
 */
#ifndef CONVQA_PROJECT_CHECK_H
#define CONVQA_PROJECT_CHECK_H

#include "convqa/common.h"

struct store;

struct project_check_summary {
	int version;                  /* the schema version */
	long label_rows, raters, rounds, schemes;
	long problems;                /* lines handed to the callback */
};

typedef void (*project_check_cb)(const char *problem, void *ctx);
enum status project_check(struct store *s, project_check_cb cb, void *ctx, struct project_check_summary *sum,
			  struct error *err);

#endif
