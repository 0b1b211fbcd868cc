/* store_score.c - scores of responses imported from elsewhere (table
 * response_score). */
#include "store_internal.h"

#include "convqa/store_score.h"

enum status store_scores_lookup(struct store *s, const struct store_score *rows, size_t n, int *found,
				double *old, struct error *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, "SELECT value FROM response_score WHERE response_id = ? AND name = ?", -1,
			       &st, NULL) != SQLITE_OK)
		return store_fail(s, err, "cannot read scores");
	enum status ret = ST_OK;
	for (size_t i = 0; i < n && ret == ST_OK; i++) {
		sqlite3_reset(st);
		sqlite3_bind_int64(st, 1, rows[i].response_id);
		sqlite3_bind_text(st, 2, rows[i].name, -1, SQLITE_STATIC);
		int rc = sqlite3_step(st);
		found[i] = rc == SQLITE_ROW;
		old[i] = found[i] ? sqlite3_column_double(st, 0) : 0;
		if (rc != SQLITE_ROW && rc != SQLITE_DONE)
			ret = store_fail(s, err, "cannot read scores");
	}
	sqlite3_finalize(st);
	return ret;
}

enum status store_scores_add(struct store *s, const struct store_score *rows, size_t n, int64_t import_id,
			     struct error *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, "INSERT INTO response_score(response_id, name, value, import_id) "
				      "VALUES (?, ?, ?, ?)", -1, &st, NULL) != SQLITE_OK)
		return store_fail(s, err, "cannot save scores");
	enum status ret = ST_OK;
	for (size_t i = 0; i < n && ret == ST_OK; i++) {
		sqlite3_reset(st);
		sqlite3_bind_int64(st, 1, rows[i].response_id);
		sqlite3_bind_text(st, 2, rows[i].name, -1, SQLITE_STATIC);
		sqlite3_bind_double(st, 3, rows[i].value);
		store_bind_id(st, 4, import_id);
		if (sqlite3_step(st) != SQLITE_DONE)
			ret = store_fail(s, err, "cannot save scores");
	}
	sqlite3_finalize(st);
	return ret;
}
