/* store_pair_controls.c - control pairs of pairwise rounds (store_pair.h):
 * the pairs whose preference a rater (the expert) has given, which a round
 * may mix into its raters' queues, and each control pair's value of a
 * field by the rater who judged it and by the expert. */
#include "store_internal.h"

#include "convqa/store_pair.h"

#include <stdlib.h>
#include <string.h>

enum status store_pair_control_pool(struct store *s, int64_t expert_id, const char *task, const char *field,
				    struct store_pair_pool **out, size_t *n, struct error *err)
{
	/* the expert's current value, in any round or none (the arena) */
	sqlite3_stmt *st = store_prepare(s,
		"SELECT p.id, p.turn_id, p.response_a, p.response_b, ra.system_id, rb.system_id FROM pair p "
		"JOIN response ra ON ra.id = p.response_a JOIN response rb ON rb.id = p.response_b "
		/* the expert's labels read once (not a look-up per pair of the project) */
		"WHERE p.id IN (SELECT l.unit_ref FROM label l WHERE l.rater_id = ?1 AND l.task = ?2 AND l.field = ?3 "
		"AND l.unit = 'pair' AND l.value IS NOT NULL AND " STORE_LABEL_IS_CURRENT ") ORDER BY p.id",
		"cannot read the control pairs", err);
	size_t cap = 0;
	*out = NULL;
	*n = 0;
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, expert_id);
	store_bind_text(st, 2, task);
	store_bind_text(st, 3, field);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(out, &cap, *n + 1, sizeof(**out));
		(*out)[(*n)++] = (struct store_pair_pool){
			sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2),
			sqlite3_column_int64(st, 3), sqlite3_column_int64(st, 4), sqlite3_column_int64(st, 5),
		};
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_DONE)
		return ST_OK;
	free(*out);
	*out = NULL;
	*n = 0;
	return store_fail(s, err, "cannot read the control pairs");
}

enum status store_pair_control_values(struct store *s, int64_t round_id, int64_t expert_id, const char *task,
				      const char *field, struct store_pair_control **out, size_t *n,
				      struct error *err)
{
	/* mine: the rater's current value in the round; known: the expert's
	 * last current value in any round or none */
	sqlite3_stmt *st = store_prepare(s,
		"SELECT pa.rater_id, pa.pair_id, "
		"(SELECT l.value FROM label l WHERE l.unit = 'pair' AND l.unit_ref = pa.pair_id "
		"AND l.turn_id = p.turn_id AND l.rater_id = pa.rater_id AND l.round_id = pa.round_id "
		"AND l.task = ?3 AND l.field = ?4 ORDER BY l.id DESC LIMIT 1), "
		/* by the pair's turn (label_unit), not every label of the expert */
		"(SELECT l.value FROM label l INDEXED BY label_unit WHERE l.turn_id = p.turn_id AND l.rater_id = ?2 "
		"AND l.unit = 'pair' AND l.unit_ref = pa.pair_id AND l.task = ?3 AND l.field = ?4 "
		"AND l.value IS NOT NULL AND " STORE_LABEL_IS_CURRENT " ORDER BY l.id DESC LIMIT 1) "
		"FROM pair_assignment pa JOIN pair p ON p.id = pa.pair_id "
		"WHERE pa.round_id = ?1 AND pa.control = 1 ORDER BY pa.rater_id, pa.seq",
		"cannot read the control pairs", err);
	size_t cap = 0;
	*out = NULL;
	*n = 0;
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, round_id);
	sqlite3_bind_int64(st, 2, expert_id);
	store_bind_text(st, 3, task);
	store_bind_text(st, 4, field);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(out, &cap, *n + 1, sizeof(**out));
		const char *mine = store_col_text(st, 2), *known = store_col_text(st, 3);
		(*out)[(*n)++] = (struct store_pair_control){ sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
							      mine ? xstrdup(mine) : NULL, known ? xstrdup(known) : NULL };
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_DONE)
		return ST_OK;
	store_pair_controls_free(*out, *n);
	*out = NULL;
	*n = 0;
	return store_fail(s, err, "cannot read the control pairs");
}

void store_pair_controls_free(struct store_pair_control *c, size_t n)
{
	for (size_t i = 0; c && i < n; i++) {
		free(c[i].mine);
		free(c[i].known);
	}
	free(c);
}
