/* store_import.c - rows brought in by imports: put-or-compare primitives.
 *
 * Each store_put_* inserts a row that is not there yet (PUT_NEW), accepts an
 * identical one (PUT_SAME) or reports what differs (PUT_CONFLICT) together
 * with the import that brought the existing row. Callers run them inside one
 * transaction and roll back on the first conflict. */
#include "store_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void origin(struct store *s, int64_t import_id, struct store_conflict *c)
{
	sqlite3_stmt *st = store_stmt(s, STMT_IMPORT_ORIGIN,
				      "SELECT file, imported_at FROM import WHERE id = ?", NULL);
	snprintf(c->origin, sizeof(c->origin), "already in the project");
	if (!st)
		return;
	sqlite3_bind_int64(st, 1, import_id);
	if (sqlite3_step(st) == SQLITE_ROW)
		snprintf(c->origin, sizeof(c->origin), "imported from '%s' at %s",
			 store_col_text(st, 0), store_col_text(st, 1));
	sqlite3_reset(st);
}

static void conflict(struct store *s, struct store_conflict *c, int64_t import_id, const char *what)
{
	snprintf(c->what, sizeof(c->what), "%s", what);
	origin(s, import_id, c);
}

enum status store_import_begin(struct store *s, const char *file, const char *sha256,
			       int64_t *import_id, struct error *err)
{
	char now[32];
	sqlite3_stmt *st;
	now_iso8601(now);
	if (sqlite3_prepare_v2(s->db, "INSERT INTO import(file, sha256, imported_at) VALUES (?, ?, ?)",
			       -1, &st, NULL) != SQLITE_OK)
		return store_fail(s, err, "cannot record import");
	store_bind_text(st, 1, file);
	store_bind_text(st, 2, sha256);
	store_bind_text(st, 3, now);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return store_fail(s, err, "cannot record import");
	*import_id = sqlite3_last_insert_rowid(s->db);
	return ST_OK;
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

enum status store_put_system(struct store *s, const char *name, const char *description,
			     int64_t *id, enum store_put *res, struct store_conflict *c,
			     struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PUT_SYSTEM,
				      "INSERT OR IGNORE INTO system(name, description) VALUES (?, ?)", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, name);
	store_bind_text(st, 2, description);
	int added = insert_step(s, st);
	if (added < 0)
		return store_fail(s, err, "cannot add system");
	if (added) {
		*id = sqlite3_last_insert_rowid(s->db);
		*res = PUT_NEW;
		return ST_OK;
	}
	st = store_stmt(s, STMT_GET_SYSTEM, "SELECT id, description FROM system WHERE name = ?", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, name);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return store_fail(s, err, "cannot read system");
	}
	*id = sqlite3_column_int64(st, 0);
	const char *old = store_col_text(st, 1);
	*res = PUT_SAME;
	if (!compatible(old, description)) {
		*res = PUT_CONFLICT;
		snprintf(c->what, sizeof(c->what), "its description differs");
		snprintf(c->origin, sizeof(c->origin), "already in the project");
	}
	int fill = !old && description;
	sqlite3_reset(st);
	if (fill) {
		st = store_stmt(s, STMT_UPD_SYSTEM, "UPDATE system SET description = ? WHERE id = ?", err);
		if (!st)
			return ST_STORE;
		store_bind_text(st, 1, description);
		sqlite3_bind_int64(st, 2, *id);
		if (insert_step(s, st) < 0)
			return store_fail(s, err, "cannot update system");
	}
	return ST_OK;
}

enum status store_find_passage(struct store *s, const char *ext_id, int64_t *id, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_FIND_PASSAGE, "SELECT id FROM passage WHERE ext_id = ?", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, ext_id);
	int rc = sqlite3_step(st);
	*id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_fail(s, err, "cannot look up passage");
	return ST_OK;
}

enum status store_put_passage(struct store *s, const char *ext_id, const char *title,
			      const char *url, const char *text, int64_t import_id,
			      int64_t *id, enum store_put *res, struct store_conflict *c,
			      struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PUT_PASSAGE,
				      "INSERT OR IGNORE INTO passage(ext_id, title, url, text, import_id) "
				      "VALUES (?, ?, ?, ?, ?)", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, ext_id);
	store_bind_text(st, 2, title);
	store_bind_text(st, 3, url);
	store_bind_text(st, 4, text);
	sqlite3_bind_int64(st, 5, import_id);
	int added = insert_step(s, st);
	if (added < 0)
		return store_fail(s, err, "cannot add passage");
	if (added) {
		*id = sqlite3_last_insert_rowid(s->db);
		*res = PUT_NEW;
		return ST_OK;
	}
	st = store_stmt(s, STMT_GET_PASSAGE,
			"SELECT id, title, url, text, import_id FROM passage WHERE ext_id = ?", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, ext_id);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return store_fail(s, err, "cannot read passage");
	}
	*id = sqlite3_column_int64(st, 0);
	const char *what = NULL;
	if (!same_text(store_col_text(st, 3), text))
		what = "its text differs";
	else if (!compatible(store_col_text(st, 1), title))
		what = "its title differs";
	else if (!compatible(store_col_text(st, 2), url))
		what = "its url differs";
	int64_t old_import = sqlite3_column_int64(st, 4);
	sqlite3_reset(st);
	*res = what ? PUT_CONFLICT : PUT_SAME;
	if (what)
		conflict(s, c, old_import, what);
	return ST_OK;
}

enum status store_put_conversation(struct store *s, const char *ext_id, const char *metadata_json,
				   int64_t import_id, int64_t *id, enum store_put *res,
				   struct store_conflict *c, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PUT_CONV,
				      "INSERT OR IGNORE INTO conversation(ext_id, metadata, import_id) "
				      "VALUES (?, ?, ?)", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, ext_id);
	store_bind_text(st, 2, metadata_json);
	sqlite3_bind_int64(st, 3, import_id);
	int added = insert_step(s, st);
	if (added < 0)
		return store_fail(s, err, "cannot add conversation");
	if (added) {
		*id = sqlite3_last_insert_rowid(s->db);
		*res = PUT_NEW;
		return ST_OK;
	}
	st = store_stmt(s, STMT_GET_CONV, "SELECT id, metadata, import_id FROM conversation WHERE ext_id = ?",
			err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, ext_id);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return store_fail(s, err, "cannot read conversation");
	}
	*id = sqlite3_column_int64(st, 0);
	int ok = compatible(store_col_text(st, 1), metadata_json);
	int64_t old_import = sqlite3_column_int64(st, 2);
	sqlite3_reset(st);
	*res = ok ? PUT_SAME : PUT_CONFLICT;
	if (!ok)
		conflict(s, c, old_import, "its metadata differs");
	return ST_OK;
}

/* Compare the stored gold of a turn with the file's; add it when the
 * project has none yet. Returns a conflict description or NULL. */
static const char *put_gold(struct store *s, int64_t turn_id, const char *old_intent,
			    const struct store_gold *g, int added_turn, struct error *err, int *failed)
{
	sqlite3_stmt *st;
	size_t i, n_old;

	*failed = 0;
	if (!g || !g->present)
		return NULL;
	if (!added_turn && old_intent && g->intent && strcmp(old_intent, g->intent) != 0)
		return "its gold intent differs";

	/* answers: either the project has none (add them) or the same list */
	st = store_stmt(s, STMT_GET_GOLD_ANSWERS, "SELECT text FROM gold_answer WHERE turn_id = ? ORDER BY seq",
			err);
	if (!st)
		goto fail;
	sqlite3_bind_int64(st, 1, turn_id);
	for (n_old = 0; sqlite3_step(st) == SQLITE_ROW; n_old++) {
		if (n_old >= g->n_answers || strcmp(store_col_text(st, 0), g->answers[n_old]) != 0) {
			sqlite3_reset(st);
			return "its gold answers differ";
		}
	}
	sqlite3_reset(st);
	if (n_old && n_old != g->n_answers)
		return "its gold answers differ";
	if (!n_old) {
		st = store_stmt(s, STMT_PUT_GOLD_ANSWER, "INSERT INTO gold_answer(turn_id, seq, text) VALUES (?, ?, ?)",
				err);
		if (!st)
			goto fail;
		for (i = 0; i < g->n_answers; i++) {
			sqlite3_reset(st);
			sqlite3_bind_int64(st, 1, turn_id);
			sqlite3_bind_int64(st, 2, (sqlite3_int64)i + 1);
			store_bind_text(st, 3, g->answers[i]);
			if (sqlite3_step(st) != SQLITE_DONE) {
				store_fail(s, err, "cannot add gold answer");
				goto fail;
			}
		}
		sqlite3_reset(st);
	}

	st = store_stmt(s, STMT_GET_GOLD_PASSAGES, "SELECT passage_ext FROM gold_passage WHERE turn_id = ?", err);
	if (!st)
		goto fail;
	sqlite3_bind_int64(st, 1, turn_id);
	size_t n_common = 0;
	for (n_old = 0; sqlite3_step(st) == SQLITE_ROW; n_old++) {
		const char *old = store_col_text(st, 0);
		for (i = 0; i < g->n_passages; i++)
			if (strcmp(old, g->passages[i]) == 0) {
				n_common++;
				break;
			}
	}
	sqlite3_reset(st);
	if (n_old && (n_old != g->n_passages || n_common != n_old))
		return "its gold passages differ";
	if (!n_old) {
		st = store_stmt(s, STMT_PUT_GOLD_PASSAGE,
				"INSERT INTO gold_passage(turn_id, passage_ext) VALUES (?, ?)", err);
		if (!st)
			goto fail;
		for (i = 0; i < g->n_passages; i++) {
			sqlite3_reset(st);
			sqlite3_bind_int64(st, 1, turn_id);
			store_bind_text(st, 2, g->passages[i]);
			if (sqlite3_step(st) != SQLITE_DONE) {
				store_fail(s, err, "cannot add gold passage");
				goto fail;
			}
		}
		sqlite3_reset(st);
	}
	if (!old_intent && g->intent && !added_turn) {
		st = store_stmt(s, STMT_UPD_TURN_GOLD, "UPDATE turn SET gold_intent = ? WHERE id = ?", err);
		if (!st)
			goto fail;
		store_bind_text(st, 1, g->intent);
		sqlite3_bind_int64(st, 2, turn_id);
		int rc = sqlite3_step(st);
		sqlite3_reset(st);
		if (rc != SQLITE_DONE) {
			store_fail(s, err, "cannot update gold intent");
			goto fail;
		}
	}
	return NULL;
fail:
	*failed = 1;
	return NULL;
}

enum status store_put_turn(struct store *s, int64_t conversation_id, int position,
			   const char *question, const char *rewrite, const struct store_gold *gold,
			   const char *metadata_json, int64_t *id, enum store_put *res,
			   struct store_conflict *c, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_PUT_TURN,
				      "INSERT OR IGNORE INTO turn(conversation_id, position, question, rewrite, "
				      "gold_intent, metadata) VALUES (?, ?, ?, ?, ?, ?)", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, conversation_id);
	sqlite3_bind_int(st, 2, position);
	store_bind_text(st, 3, question);
	store_bind_text(st, 4, rewrite);
	store_bind_text(st, 5, gold && gold->present ? gold->intent : NULL);
	store_bind_text(st, 6, metadata_json);
	int added = insert_step(s, st);
	if (added < 0)
		return store_fail(s, err, "cannot add turn");
	const char *what = NULL;
	char *old_intent = NULL;
	if (added) {
		*id = sqlite3_last_insert_rowid(s->db);
	} else {
		st = store_stmt(s, STMT_GET_TURN,
				"SELECT id, question, rewrite, gold_intent, metadata FROM turn "
				"WHERE conversation_id = ? AND position = ?", err);
		if (!st)
			return ST_STORE;
		sqlite3_bind_int64(st, 1, conversation_id);
		sqlite3_bind_int(st, 2, position);
		if (sqlite3_step(st) != SQLITE_ROW) {
			sqlite3_reset(st);
			return store_fail(s, err, "cannot read turn");
		}
		*id = sqlite3_column_int64(st, 0);
		if (!same_text(store_col_text(st, 1), question))
			what = "its question differs";
		else if (!compatible(store_col_text(st, 2), rewrite))
			what = "its rewrite differs";
		else if (!compatible(store_col_text(st, 4), metadata_json))
			what = "its metadata differs";
		if (store_col_text(st, 3))
			old_intent = xstrdup(store_col_text(st, 3));
		sqlite3_reset(st);
	}
	if (!what) {
		int failed;
		what = put_gold(s, *id, old_intent, gold, added, err, &failed);
		if (failed) {
			free(old_intent);
			return ST_STORE;
		}
	}
	free(old_intent);
	*res = what ? PUT_CONFLICT : added ? PUT_NEW : PUT_SAME;
	if (what) {
		snprintf(c->what, sizeof(c->what), "%s", what);
		snprintf(c->origin, sizeof(c->origin), "already in the project");
	}
	return ST_OK;
}

static const char *same_ranking(struct store *s, int64_t response_id, const struct store_ranked *r,
				size_t n, struct error *err, int *failed)
{
	sqlite3_stmt *st = store_stmt(s, STMT_GET_RETRIEVED,
				      "SELECT rank, passage_id, score FROM retrieved WHERE response_id = ? "
				      "ORDER BY rank", err);
	size_t i = 0;
	const char *what = NULL;
	*failed = 0;
	if (!st) {
		*failed = 1;
		return NULL;
	}
	sqlite3_bind_int64(st, 1, response_id);
	/* r is in file order; compare as sets keyed by rank */
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && !what) {
		long rank = (long)sqlite3_column_int64(st, 0);
		int64_t pid = sqlite3_column_int64(st, 1);
		int null_score = sqlite3_column_type(st, 2) == SQLITE_NULL;
		double score = sqlite3_column_double(st, 2);
		size_t j;
		for (j = 0; j < n && r[j].rank != rank; j++)
			;
		if (j == n || r[j].passage_id != pid)
			what = "its ranked passages differ";
		else if (null_score != !r[j].has_score || (!null_score && score != r[j].score))
			what = "its passage scores differ";
		i++;
	}
	sqlite3_reset(st);
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
				      "INSERT OR IGNORE INTO response(turn_id, system_id, answer, metadata, import_id) "
				      "VALUES (?, ?, ?, ?, ?)", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, turn_id);
	sqlite3_bind_int64(st, 2, system_id);
	store_bind_text(st, 3, answer);
	store_bind_text(st, 4, metadata_json);
	sqlite3_bind_int64(st, 5, import_id);
	int added = insert_step(s, st);
	if (added < 0)
		return store_fail(s, err, "cannot add response");
	if (added) {
		*id = sqlite3_last_insert_rowid(s->db);
		st = store_stmt(s, STMT_PUT_RETRIEVED,
				"INSERT INTO retrieved(response_id, rank, passage_id, score) VALUES (?, ?, ?, ?)", err);
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
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return store_fail(s, err, "cannot read response");
	}
	*id = sqlite3_column_int64(st, 0);
	const char *what = NULL;
	if (!same_text(store_col_text(st, 1), answer))
		what = "its answer differs";
	else if (!compatible(store_col_text(st, 2), metadata_json))
		what = "its metadata differs";
	int64_t old_import = sqlite3_column_int64(st, 3);
	sqlite3_reset(st);
	if (!what) {
		int failed;
		what = same_ranking(s, *id, ranked, n, err, &failed);
		if (failed)
			return ST_STORE;
	}
	*res = what ? PUT_CONFLICT : PUT_SAME;
	if (what)
		conflict(s, c, old_import, what);
	return ST_OK;
}
