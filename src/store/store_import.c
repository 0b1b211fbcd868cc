/* store_import.c - rows brought in by imports: put-or-compare primitives.
 *
 * Each store_put_* inserts a row that is not there yet (PUT_NEW), accepts an
 * identical one (PUT_SAME), fills in what the project lacks and the file
 * gives (PUT_UPDATED: a title, a rewrite, gold data, a description,
 * metadata), or reports what differs (PUT_CONFLICT) with the import that
 * brought the existing row. The rule: a value missing on one side is never a
 * conflict; two different values always are. Callers run the puts inside one
 * transaction and roll back on the first conflict. */
#include "store_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/strmap.h"

static int same_text(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

/* Missing optional text on either side is not a conflict. */
static int compatible(const char *a, const char *b)
{
	return !a || !b || strcmp(a, b) == 0;
}

/* The file gives a value the project does not have. */
static int fills(const char *old, const char *new)
{
	return !old && new;
}

static void conflict(struct store *s, struct store_conflict *c, int64_t import_id, const char *what)
{
	snprintf(c->what, sizeof(c->what), "%s", what);
	snprintf(c->origin, sizeof(c->origin), "already in the project");
	c->file[0] = '\0';
	sqlite3_stmt *st = store_stmt(s, STMT_IMPORT_ORIGIN, "SELECT file, imported_at FROM import WHERE id = ?", NULL);
	if (!st || !import_id)
		return;
	sqlite3_bind_int64(st, 1, import_id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		snprintf(c->origin, sizeof(c->origin), "imported from '%s' at %s", store_col_text(st, 0),
			 store_col_text(st, 1));
		snprintf(c->file, sizeof(c->file), "%s", store_col_text(st, 0));
	}
	sqlite3_reset(st);
}

enum status store_import_begin(struct store *s, const char *file, const char *sha256,
			       int64_t *import_id, struct error *err)
{
	char now[32];
	sqlite3_stmt *st;
	now_iso8601(now);
	if (sqlite3_prepare_v2(s->db, "INSERT INTO main.import(file, sha256, imported_at) VALUES (?, ?, ?)",
			       -1, &st, NULL) != SQLITE_OK)
		return store_fail(s, err, "cannot record import");
	store_bind_text(st, 1, file);
	store_bind_text(st, 2, sha256);
	store_bind_text(st, 3, now);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return store_fail(s, err, "cannot record import");
	*import_id = s->import_id = sqlite3_last_insert_rowid(s->db);
	return ST_OK;
}

enum status store_import_set_sha256(struct store *s, int64_t import_id, const char *sha256, struct error *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(s->db, "UPDATE main.import SET sha256 = ? WHERE id = ?", -1, &st, NULL) != SQLITE_OK)
		return store_fail(s, err, "cannot record import");
	store_bind_text(st, 1, sha256);
	sqlite3_bind_int64(st, 2, import_id);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return store_fail(s, err, "cannot record import");
	return ST_OK;
}

static void bind_import(struct store *s, sqlite3_stmt *st, int i)
{
	store_bind_id(st, i, s->import_id);
}

/* Step an INSERT OR IGNORE; returns 1 if a row was added, 0 if ignored, -1 on error. */
static int insert_step(struct store *s, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return -1;
	return sqlite3_changes(s->db) > 0;
}

/* Run an UPDATE statement "SET a = coalesce(a, ?1), ... WHERE id = ?N". */
static enum status fill_in(struct store *s, int slot, const char *sql, int64_t id, const char *const *values,
			   int n, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, slot, sql, err);
	if (!st)
		return ST_STORE;
	for (int i = 0; i < n; i++)
		store_bind_text(st, i + 1, values[i]);
	sqlite3_bind_int64(st, n + 1, id);
	return insert_step(s, st) < 0 ? store_fail(s, err, "cannot update row") : ST_OK;
}

/* A put's INSERT OR IGNORE, bound: 1 when it added the row (*id is its row
 * id), 0 when the row was there already, -1 on failure. */
static int put_new(struct store *s, sqlite3_stmt *st, int64_t *id)
{
	int added = insert_step(s, st);
	if (added > 0)
		*id = sqlite3_last_insert_rowid(s->db);
	return added;
}

/* A put's SELECT of the row that was there already, bound, its id in
 * column 0: step to it and set *id (the caller reads the other columns, then
 * resets); -1, the statement reset, when there is no such row. */
static int put_existing(sqlite3_stmt *st, int64_t *id)
{
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return -1;
	}
	*id = sqlite3_column_int64(st, 0);
	return 0;
}

enum status store_put_system(struct store *s, const char *name, const char *description,
			     int64_t *id, enum store_put *res, struct store_conflict *c,
			     struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PUT_SYSTEM,
				      "INSERT OR IGNORE INTO main.system(name, description, import_id) VALUES (?, ?, ?)", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, name);
	store_bind_text(st, 2, description);
	bind_import(s, st, 3);
	int added = put_new(s, st, id);
	if (added < 0)
		return store_fail(s, err, "cannot add system");
	*res = PUT_NEW;
	if (added)
		return ST_OK;
	st = store_stmt(s, STMT_GET_SYSTEM, "SELECT id, description, import_id FROM system WHERE name = ?", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, name);
	if (put_existing(st, id) < 0)
		return store_fail(s, err, "cannot read system");
	const char *old = store_col_text(st, 1);
	int ok = compatible(old, description), fill = fills(old, description);
	int64_t old_import = sqlite3_column_int64(st, 2);
	sqlite3_reset(st);
	*res = !ok ? PUT_CONFLICT : fill ? PUT_UPDATED : PUT_SAME;
	if (!ok)
		conflict(s, c, old_import, "its description differs");
	if (fill)
		return fill_in(s, STMT_UPD_SYSTEM, "UPDATE main.system SET description = ?1 WHERE id = ?2", *id,
			       &description, 1, err);
	return ST_OK;
}

enum status store_find_passage(struct store *s, const char *ext_id, int64_t *id, struct error *err)
{
	return store_find_id(s, STMT_FIND_PASSAGE, "SELECT id FROM passage WHERE ext_id = ?", ext_id, id,
			     "cannot look up passage", err);
}

enum status store_passage_text_known(struct store *s, int64_t id, int *known, struct error *err)
{
	int64_t found = 0;
	sqlite3_stmt *st = store_stmt(s, STMT_PASSAGE_HAS_TEXT,
				      "SELECT 1 FROM passage WHERE id = ? AND text IS NOT NULL", err);
	*known = 0;
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, id);
	enum status rc = store_step_id(s, st, &found, "cannot read passage", err);
	*known = found != 0;
	return rc;
}

enum status store_passage_import(struct store *s, int64_t id, int64_t *import_id, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PASSAGE_IMPORT, "SELECT import_id FROM passage WHERE id = ?", err);
	*import_id = 0;
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, id);
	return store_step_id(s, st, import_id, "cannot read passage", err);
}

enum status store_passages_without_text(struct store *s, int (*cb)(const char *ext_id, int64_t id, void *ctx),
					void *ctx, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PASSAGES_NO_TEXT,
				      "SELECT ext_id, id FROM passage WHERE text IS NULL ORDER BY id", err);
	int rc;
	if (!st)
		return ST_STORE;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (cb(store_col_text(st, 0), sqlite3_column_int64(st, 1), ctx))
			break;
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read passages");
}

enum status store_passage_known(struct store *s, const char *ext_id, int *known, char **some, struct error *err)
{
	int64_t found = 0;
	sqlite3_stmt *st = store_stmt(s, STMT_PASSAGE_KNOWN,
				      "SELECT 1 WHERE EXISTS (SELECT 1 FROM passage WHERE ext_id = ?1) "
				      "OR EXISTS (SELECT 1 FROM gold_passage WHERE passage_ext = ?1)", err);
	*known = 0;
	*some = NULL;
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, ext_id);
	enum status rc = store_step_id(s, st, &found, "cannot look up passage", err);
	*known = found != 0;
	if (rc != ST_OK || *known)
		return rc;
	st = store_stmt(s, STMT_NAMES_PASSAGES, "SELECT ext_id FROM passage ORDER BY ext_id", err);
	return st ? store_names(s, st, some, err) : ST_STORE;
}

enum status store_put_passage(struct store *s, const char *ext_id, const char *title,
			      const char *url, const char *text, int64_t import_id,
			      int64_t *id, enum store_put *res, struct store_conflict *c,
			      struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PUT_PASSAGE,
				      "INSERT OR IGNORE INTO main.passage(ext_id, title, url, text, import_id) "
				      "VALUES (?, ?, ?, ?, ?)", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, ext_id);
	store_bind_text(st, 2, title);
	store_bind_text(st, 3, url);
	store_bind_text(st, 4, text);
	sqlite3_bind_int64(st, 5, import_id);
	int added = put_new(s, st, id);
	if (added < 0)
		return store_fail(s, err, "cannot add passage");
	*res = PUT_NEW;
	if (added)
		return ST_OK;
	st = store_stmt(s, STMT_GET_PASSAGE, "SELECT id, title, url, text, import_id FROM passage WHERE ext_id = ?",
			err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, ext_id);
	if (put_existing(st, id) < 0)
		return store_fail(s, err, "cannot read passage");
	const char *what = NULL;
	if (!compatible(store_col_text(st, 3), text))
		what = "its text differs";
	else if (!compatible(store_col_text(st, 1), title))
		what = "its title differs";
	else if (!compatible(store_col_text(st, 2), url))
		what = "its url differs";
	int fill = fills(store_col_text(st, 1), title) || fills(store_col_text(st, 2), url) ||
		   fills(store_col_text(st, 3), text);
	int64_t old_import = sqlite3_column_int64(st, 4);
	sqlite3_reset(st);
	*res = what ? PUT_CONFLICT : fill ? PUT_UPDATED : PUT_SAME;
	if (what)
		conflict(s, c, old_import, what);
	else if (fill) {
		const char *v[3] = { title, url, text };
		return fill_in(s, STMT_UPD_PASSAGE,
			       "UPDATE main.passage SET title = coalesce(title, ?1), url = coalesce(url, ?2), "
			       "text = coalesce(text, ?3) WHERE id = ?4", *id, v, 3, err);
	}
	return ST_OK;
}

enum status store_put_conversation(struct store *s, const char *ext_id, const char *metadata_json,
				   int64_t import_id, int64_t *id, enum store_put *res,
				   struct store_conflict *c, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PUT_CONV,
				      "INSERT OR IGNORE INTO main.conversation(ext_id, metadata, import_id) "
				      "VALUES (?, ?, ?)", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, ext_id);
	store_bind_text(st, 2, metadata_json);
	sqlite3_bind_int64(st, 3, import_id);
	int added = put_new(s, st, id);
	if (added < 0)
		return store_fail(s, err, "cannot add conversation");
	*res = PUT_NEW;
	if (added)
		return ST_OK;
	st = store_stmt(s, STMT_GET_CONV, "SELECT id, metadata, import_id FROM conversation WHERE ext_id = ?",
			err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, ext_id);
	if (put_existing(st, id) < 0)
		return store_fail(s, err, "cannot read conversation");
	int ok = compatible(store_col_text(st, 1), metadata_json);
	int fill = fills(store_col_text(st, 1), metadata_json);
	int64_t old_import = sqlite3_column_int64(st, 2);
	sqlite3_reset(st);
	*res = !ok ? PUT_CONFLICT : fill ? PUT_UPDATED : PUT_SAME;
	if (!ok)
		conflict(s, c, old_import, "its metadata differs");
	if (fill)
		return fill_in(s, STMT_UPD_CONV, "UPDATE main.conversation SET metadata = ?1 WHERE id = ?2", *id,
			       &metadata_json, 1, err);
	return ST_OK;
}

/* Gold answers (an ordered list) and gold passages (a set): the project's
 * and the file's must be equal when both have them; when only the file has
 * them they are added (*filled = 1). Returns a conflict description or NULL.
 * fresh: the turn was added just now, so the project has none of its gold
 * (the foreign key): nothing is read. */
static const char *put_gold_answers(struct store *s, int64_t turn_id, int fresh, const struct store_gold *g,
				    int *filled, enum status *st_out, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_GET_GOLD_ANSWERS,
				      "SELECT text FROM gold_answer WHERE turn_id = ? ORDER BY seq", err);
	size_t n_old = 0;
	const char *what = NULL;
	int rc = SQLITE_DONE;
	if (!st)
		return *st_out = ST_STORE, NULL;
	sqlite3_bind_int64(st, 1, turn_id);
	while (!fresh && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (g->n_answers && (n_old >= g->n_answers || strcmp(store_col_text(st, 0), g->answers[n_old]) != 0))
			what = "its gold answers differ";
		n_old++;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return *st_out = store_fail(s, err, "cannot read gold answers"), NULL;
	if (what || (n_old && g->n_answers && n_old != g->n_answers))
		return "its gold answers differ";
	if (n_old || !g->n_answers)
		return NULL;
	st = store_stmt(s, STMT_PUT_GOLD_ANSWER, "INSERT INTO main.gold_answer(turn_id, seq, text) VALUES (?, ?, ?)", err);
	if (!st)
		return *st_out = ST_STORE, NULL;
	for (size_t i = 0; i < g->n_answers; i++) {
		sqlite3_reset(st);
		sqlite3_bind_int64(st, 1, turn_id);
		sqlite3_bind_int64(st, 2, (sqlite3_int64)i + 1);
		store_bind_text(st, 3, g->answers[i]);
		if (sqlite3_step(st) != SQLITE_DONE) {
			sqlite3_reset(st);
			return *st_out = store_fail(s, err, "cannot add gold answer"), NULL;
		}
	}
	sqlite3_reset(st);
	*filled = 1;
	return NULL;
}

/* The grade of the file's gold passage i (1 when the file gives none). */
static sqlite3_int64 gold_grade(const struct store_gold *g, size_t i)
{
	return g->grades ? g->grades[i] : 1;
}

static const char *put_gold_passages(struct store *s, int64_t turn_id, int fresh, const struct store_gold *g,
				     int *filled, enum status *st_out, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_GET_GOLD_PASSAGES,
				      "SELECT passage_ext, grade FROM gold_passage WHERE turn_id = ?", err);
	struct strmap file = STRMAP_INIT;
	size_t n_old = 0, n_common = 0;
	int rc = SQLITE_DONE;
	if (!st)
		return *st_out = ST_STORE, NULL;
	for (size_t i = 0; i < g->n_passages; i++)
		strmap_put(&file, g->passages[i], i, NULL);
	sqlite3_bind_int64(st, 1, turn_id);
	while (!fresh && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		size_t *i = strmap_get(&file, store_col_text(st, 0));
		n_old++;
		/* the same passage with another grade is not the same gold */
		n_common += i && gold_grade(g, *i) == sqlite3_column_int64(st, 1);
	}
	sqlite3_reset(st);
	strmap_release(&file);
	if (rc != SQLITE_DONE)
		return *st_out = store_fail(s, err, "cannot read gold passages"), NULL;
	if (n_old && g->n_passages && (n_common != n_old || n_old != g->n_passages))
		return "its gold passages differ";
	if (n_old || !g->n_passages)
		return NULL;
	st = store_stmt(s, STMT_PUT_GOLD_PASSAGE,
			"INSERT INTO main.gold_passage(turn_id, passage_ext, grade) VALUES (?, ?, ?)", err);
	if (!st)
		return *st_out = ST_STORE, NULL;
	for (size_t i = 0; i < g->n_passages; i++) {
		sqlite3_reset(st);
		sqlite3_bind_int64(st, 1, turn_id);
		store_bind_text(st, 2, g->passages[i]);
		sqlite3_bind_int64(st, 3, gold_grade(g, i));
		if (sqlite3_step(st) != SQLITE_DONE) {
			sqlite3_reset(st);
			return *st_out = store_fail(s, err, "cannot add gold passage"), NULL;
		}
	}
	sqlite3_reset(st);
	*filled = 1;
	return NULL;
}

enum status store_put_turn(struct store *s, int64_t conversation_id, int position,
			   const char *question, const char *rewrite, const struct store_gold *gold,
			   const char *metadata_json, int64_t *id, enum store_put *res,
			   struct store_conflict *c, struct error *err)
{
	static const struct store_gold none = { 0 };
	const struct store_gold *g = gold && gold->present ? gold : &none;
	sqlite3_stmt *st = store_stmt(s, STMT_PUT_TURN,
				      "INSERT OR IGNORE INTO main.turn(conversation_id, position, question, rewrite, "
				      "gold_intent, metadata, import_id) VALUES (?, ?, ?, ?, ?, ?, ?)", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, conversation_id);
	sqlite3_bind_int(st, 2, position);
	store_bind_text(st, 3, question);
	store_bind_text(st, 4, rewrite);
	store_bind_text(st, 5, g->intent);
	store_bind_text(st, 6, metadata_json);
	bind_import(s, st, 7);
	int added = put_new(s, st, id);
	if (added < 0)
		return store_fail(s, err, "cannot add turn");
	const char *what = NULL;
	int fill = 0;
	int64_t old_import = 0;
	if (!added) {
		st = store_stmt(s, STMT_GET_TURN,
				"SELECT id, question, rewrite, gold_intent, metadata, import_id FROM turn "
				"WHERE conversation_id = ? AND position = ?", err);
		if (!st)
			return ST_STORE;
		sqlite3_bind_int64(st, 1, conversation_id);
		sqlite3_bind_int(st, 2, position);
		if (put_existing(st, id) < 0)
			return store_fail(s, err, "cannot read turn");
		if (!compatible(store_col_text(st, 1), question))
			what = "its question differs";
		else if (!compatible(store_col_text(st, 2), rewrite))
			what = "its rewrite differs";
		else if (!compatible(store_col_text(st, 3), g->intent))
			what = "its gold intent differs";
		else if (!compatible(store_col_text(st, 4), metadata_json))
			what = "its metadata differs";
		fill = fills(store_col_text(st, 2), rewrite) || fills(store_col_text(st, 3), g->intent) ||
		       fills(store_col_text(st, 4), metadata_json) || fills(store_col_text(st, 1), question);
		old_import = sqlite3_column_int64(st, 5);
		sqlite3_reset(st);
		if (!what && fill) {
			const char *v[4] = { rewrite, g->intent, metadata_json, question };
			enum status fst = fill_in(s, STMT_UPD_TURN,
						  "UPDATE main.turn SET rewrite = coalesce(rewrite, ?1), "
						  "gold_intent = coalesce(gold_intent, ?2), "
						  "metadata = coalesce(metadata, ?3), "
						  "question = coalesce(question, ?4) WHERE id = ?5", *id, v, 4, err);
			if (fst != ST_OK)
				return fst;
		}
	}
	enum status gst = ST_OK;
	if (!what)
		what = put_gold_answers(s, *id, added, g, &fill, &gst, err);
	if (!what && gst == ST_OK)
		what = put_gold_passages(s, *id, added, g, &fill, &gst, err);
	if (gst != ST_OK)
		return gst;
	*res = what ? PUT_CONFLICT : added ? PUT_NEW : fill ? PUT_UPDATED : PUT_SAME;
	if (what)
		conflict(s, c, old_import, what);
	return ST_OK;
}

static int by_rank(const void *a, const void *b)
{
	long x = ((const struct store_ranked *)a)->rank, y = ((const struct store_ranked *)b)->rank;
	return (x > y) - (x < y);
}

/* Compare the stored ranking of a response with the file's (any order). */
static const char *same_ranking(struct store *s, int64_t response_id, const struct store_ranked *r,
				size_t n, enum status *st_out, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_GET_RETRIEVED,
				      "SELECT rank, passage_id, score FROM retrieved WHERE response_id = ? "
				      "ORDER BY rank", err);
	if (!st)
		return *st_out = ST_STORE, NULL;
	struct store_ranked *sorted = xmalloc((n ? n : 1) * sizeof(*sorted));
	if (n)
		memcpy(sorted, r, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), by_rank);
	sqlite3_bind_int64(st, 1, response_id);
	const char *what = NULL;
	size_t i = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int null_score = sqlite3_column_type(st, 2) == SQLITE_NULL;
		double score = sqlite3_column_double(st, 2);
		if (what)
			continue;
		if (i >= n || sorted[i].rank != (long)sqlite3_column_int64(st, 0) ||
		    sorted[i].passage_id != sqlite3_column_int64(st, 1))
			what = "its ranked passages differ";
		else if (null_score != !sorted[i].has_score || (!null_score && score != sorted[i].score))
			what = "its passage scores differ";
		i++;
	}
	sqlite3_reset(st);
	free(sorted);
	if (rc != SQLITE_DONE)
		return *st_out = store_fail(s, err, "cannot read ranked passages"), NULL;
	if (!what && i != n)
		what = "its ranked passages differ";
	return what;
}

enum status store_put_response(struct store *s, int64_t turn_id, int64_t system_id,
			       const char *answer, const struct store_ranked *ranked, size_t n,
			       const char *metadata_json, int64_t import_id, int64_t *id,
			       enum store_put *res, struct store_conflict *c, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PUT_RESPONSE,
				      "INSERT OR IGNORE INTO main.response(turn_id, system_id, answer, metadata, import_id) "
				      "VALUES (?, ?, ?, ?, ?)", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, turn_id);
	sqlite3_bind_int64(st, 2, system_id);
	store_bind_text(st, 3, answer);
	store_bind_text(st, 4, metadata_json);
	sqlite3_bind_int64(st, 5, import_id);
	int added = put_new(s, st, id);
	if (added < 0)
		return store_fail(s, err, "cannot add response");
	if (added) {
		st = store_stmt(s, STMT_PUT_RETRIEVED,
				"INSERT INTO main.retrieved(response_id, rank, passage_id, score) VALUES (?, ?, ?, ?)", err);
		if (!st)
			return ST_STORE;
		for (size_t i = 0; i < n; i++) {
			sqlite3_reset(st);
			sqlite3_bind_int64(st, 1, *id);
			sqlite3_bind_int64(st, 2, ranked[i].rank);
			sqlite3_bind_int64(st, 3, ranked[i].passage_id);
			if (ranked[i].has_score)
				sqlite3_bind_double(st, 4, ranked[i].score);
			else
				sqlite3_bind_null(st, 4);
			if (sqlite3_step(st) != SQLITE_DONE) {
				sqlite3_reset(st);
				return store_fail(s, err, "cannot add retrieved passage");
			}
		}
		sqlite3_reset(st);
		*res = PUT_NEW;
		return ST_OK;
	}
	st = store_stmt(s, STMT_GET_RESPONSE,
			"SELECT id, answer, metadata, import_id FROM response WHERE turn_id = ? AND system_id = ?",
			err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, turn_id);
	sqlite3_bind_int64(st, 2, system_id);
	if (put_existing(st, id) < 0)
		return store_fail(s, err, "cannot read response");
	const char *what = NULL;
	if (!same_text(store_col_text(st, 1), answer))
		what = "its answer differs";
	else if (!compatible(store_col_text(st, 2), metadata_json))
		what = "its metadata differs";
	int fill = fills(store_col_text(st, 2), metadata_json);
	int64_t old_import = sqlite3_column_int64(st, 3);
	sqlite3_reset(st);
	enum status rst = ST_OK;
	if (!what)
		what = same_ranking(s, *id, ranked, n, &rst, err);
	if (rst != ST_OK)
		return rst;
	*res = what ? PUT_CONFLICT : fill ? PUT_UPDATED : PUT_SAME;
	if (what)
		conflict(s, c, old_import, what);
	else if (fill)
		return fill_in(s, STMT_UPD_RESPONSE, "UPDATE main.response SET metadata = ?1 WHERE id = ?2", *id,
			       &metadata_json, 1, err);
	return ST_OK;
}

/* A column of response id that a later import may fill in: PUT_UPDATED
 * when the project has none, PUT_SAME when equal or v is NULL, else
 * PUT_CONFLICT (what: the conflict's reason). */
static enum status put_response_column(struct store *s, int64_t response_id, const char *v, int get, int upd,
				       const char *column, const char *what, enum store_put *res,
				       struct store_conflict *c, struct error *err)
{
	char sql[128];
	snprintf(sql, sizeof(sql), "SELECT id, %s, import_id FROM response WHERE id = ?", column);
	sqlite3_stmt *st = store_stmt(s, get, sql, err);
	int64_t id;
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, response_id);
	if (put_existing(st, &id) < 0)
		return store_fail(s, err, "cannot read response");
	int ok = compatible(store_col_text(st, 1), v), fill = fills(store_col_text(st, 1), v);
	int64_t old_import = sqlite3_column_int64(st, 2);
	sqlite3_reset(st);
	*res = !ok ? PUT_CONFLICT : fill ? PUT_UPDATED : PUT_SAME;
	if (!ok)
		conflict(s, c, old_import, what);
	if (fill) {
		snprintf(sql, sizeof(sql), "UPDATE main.response SET %s = ?1 WHERE id = ?2", column);
		return fill_in(s, upd, sql, id, &v, 1, err);
	}
	return ST_OK;
}

enum status store_put_response_rewrite(struct store *s, int64_t response_id, const char *rewrite,
				       enum store_put *res, struct store_conflict *c, struct error *err)
{
	return put_response_column(s, response_id, rewrite, STMT_GET_RESPONSE_REWRITE, STMT_UPD_RESPONSE_REWRITE,
				   "rewrite", "its rewrite differs", res, c, err);
}

enum status store_put_response_candidates(struct store *s, int64_t response_id, const char *candidates_json,
					  enum store_put *res, struct store_conflict *c, struct error *err)
{
	return put_response_column(s, response_id, candidates_json, STMT_GET_RESPONSE_CANDIDATES,
				   STMT_UPD_RESPONSE_CANDIDATES, "candidates", "its answer candidates differ", res, c,
				   err);
}

/* Run sql (no rows), or fail with what. */
static enum status fts_exec(struct store *s, const char *sql, const char *what, struct error *err)
{
	return sqlite3_exec(s->db, sql, NULL, NULL, NULL) == SQLITE_OK ? ST_OK : store_fail(s, err, what);
}

void store_import_cache(struct store *s, int on)
{
	char sql[64];
	snprintf(sql, sizeof(sql), "PRAGMA cache_size = -%d", on ? STORE_IMPORT_CACHE_KIB : 2000);
	sqlite3_exec(s->db, sql, NULL, NULL, NULL);
}

enum status store_fts_defer(struct store *s, int64_t *mark, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_MAX_PASSAGE, "SELECT coalesce(max(id), 0) FROM passage", err);
	if (!st)
		return ST_STORE;
	int rc = sqlite3_step(st);
	*mark = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return store_fail(s, err, "cannot read passages");
	/* an update of a passage added since is no change to the index: it is
	 * not in it yet */
	char *sql = sqlite3_mprintf("DROP TRIGGER passage_ai; DROP TRIGGER passage_au; "
				    STORE_PASSAGE_AU_SQL("WHEN old.id <= %lld ") ";", (long long)*mark);
	enum status res = fts_exec(s, sql, "cannot defer the passages' index", err);
	sqlite3_free(sql);
	return res;
}

enum status store_fts_fill(struct store *s, int64_t mark, struct error *err)
{
	/* the hash size is a row of the index's configuration: removed again,
	 * so that the project keeps FTS5's default for every other write */
	char *sql = sqlite3_mprintf("INSERT INTO passage_fts(passage_fts, rank) VALUES ('hashsize', %d); "
				    "INSERT INTO passage_fts(rowid, title, text) "
				    "SELECT id, title, text FROM passage WHERE id > %lld; "
				    "DELETE FROM passage_fts_config WHERE k = 'hashsize'; "
				    "DROP TRIGGER passage_au; " STORE_PASSAGE_AI_SQL "; " STORE_PASSAGE_AU_SQL("") ";",
				    STORE_IMPORT_FTS_HASH_KIB * 1024, (long long)mark);
	enum status res = fts_exec(s, sql, "cannot index the passages", err);
	sqlite3_free(sql);
	return res;
}
