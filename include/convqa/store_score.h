/*
 * store_score.h - scores of responses computed elsewhere (convqa
 * import-scores): one number per response and score name, in table
 * response_score. Responses are found with store_response_find()
 * (store.h); the report reads the scores with store_report_scores()
 * (store_report.h).
 *
 *   store_scores_lookup(s, rows, n, found, old, &err);   // what is here
 *   store_import_begin(...); store_scores_add(s, rows, n, import_id, &err);
 */
#ifndef CONVQA_STORE_SCORE_H
#define CONVQA_STORE_SCORE_H

#include <stddef.h>
#include <stdint.h>

#include "convqa/common.h"

struct store;

struct store_score {
	int64_t response_id;
	const char *name;              /* the score's name (borrowed) */
	double value;                  /* finite */
};

/* For each of rows[0..n): found[i] = 1 and old[i] its value when the
 * project holds a value of that score for that response, else 0. */
enum status store_scores_lookup(struct store *s, const struct store_score *rows, size_t n, int *found,
				double *old, struct error *err);
/* Add rows[0..n) (none may be here yet) with import_id (0: none). The
 * caller holds a transaction. */
enum status store_scores_add(struct store *s, const struct store_score *rows, size_t n, int64_t import_id,
			     struct error *err);

#endif
