/* store_replay.c - the turns a replay sends and the replies it stores
 * (store_replay.h). A few statements per turn: each prepared, used and
 * finalized here, outside the statement cache. */
#include "store_internal.h"
#include "convqa/store_replay.h"

#include <stdlib.h>
#include <string.h>

void store_replay_turns_free(struct store_replay_turn *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(t[i].conversation);
		free(t[i].question);
		free(t[i].gold);
		free(t[i].answer);
	}
	free(t);
}

#define TURNS_SQL \
	"SELECT t.id, c.ext_id, t.position, t.question," \
	" (SELECT g.text FROM gold_answer g WHERE g.turn_id = t.id ORDER BY g.seq LIMIT 1)," \
	" (SELECT r.answer FROM response r WHERE r.turn_id = t.id AND r.system_id = ?1)" \
	" FROM turn t JOIN conversation c ON c.id = t.conversation_id "

/* Append the turns st yields to *out. */
static enum status collect(struct store *s, sqlite3_stmt *st, struct store_replay_turn **out, size_t *n,
			   size_t *cap, struct error *err)
{
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == *cap) {
			*cap = *cap ? *cap * 2 : 64;
			*out = xrealloc(*out, *cap * sizeof(**out));
		}
		struct store_replay_turn *t = &(*out)[(*n)++];
		const char *q = store_col_text(st, 3);
		t->turn_id = sqlite3_column_int64(st, 0);
		t->conversation = xstrdup(store_col_text(st, 1) ? store_col_text(st, 1) : "");
		t->position = sqlite3_column_int(st, 2);
		t->question = xstrdup(q ? q : "");
		t->gold = xstrdup_or_null(store_col_text(st, 4));
		t->answer = xstrdup_or_null(store_col_text(st, 5));
	}
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read turns");
}

static enum status one_conversation(struct store *s, sqlite3_stmt *st, const char *conv,
				    struct store_replay_turn **out, size_t *n, size_t *cap, struct error *err)
{
	size_t before = *n;
	sqlite3_reset(st);
	store_bind_text(st, 2, conv);
	enum status ret = collect(s, st, out, n, cap, err);
	if (ret == ST_OK && *n == before)
		ret = error_set(err, ST_INPUT, "no conversation '%s' in the project (convqa export --format tasks "
				"lists its conversations)", conv);
	return ret;
}

enum status store_replay_turns(struct store *s, const char *const *convs, size_t n_convs, int64_t system_id,
			       struct store_replay_turn **out, size_t *n, struct error *err)
{
	size_t cap = 0;
	*out = NULL;
	*n = 0;
	sqlite3_stmt *st = store_prepare(s, n_convs ? TURNS_SQL "WHERE c.ext_id = ?2 ORDER BY t.position"
					      : TURNS_SQL "ORDER BY c.id, t.position", "cannot prepare statement", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, system_id);
	enum status ret = ST_OK;
	if (!n_convs)
		ret = collect(s, st, out, n, &cap, err);
	for (size_t i = 0; i < n_convs && ret == ST_OK; i++)
		ret = one_conversation(s, st, convs[i], out, n, &cap, err);
	sqlite3_finalize(st);
	if (ret != ST_OK) {
		store_replay_turns_free(*out, *n);
		*out = NULL;
		*n = 0;
	}
	return ret;
}

/* The row id of passage p, added or filled in. */
static enum status put_passage(struct store *s, sqlite3_stmt *put, sqlite3_stmt *get,
			       const struct store_replay_passage *p, int64_t *id, struct error *err)
{
	sqlite3_reset(put);
	store_bind_text(put, 1, p->id);
	store_bind_text(put, 2, p->title && *p->title ? p->title : NULL);
	store_bind_text(put, 3, p->text && *p->text ? p->text : NULL);
	if (sqlite3_step(put) != SQLITE_DONE)
		return store_fail(s, err, "cannot add passage");
	sqlite3_reset(get);
	store_bind_text(get, 1, p->id);
	if (sqlite3_step(get) != SQLITE_ROW)
		return store_fail(s, err, "cannot read passage");
	*id = sqlite3_column_int64(get, 0);
	sqlite3_reset(get);
	return ST_OK;
}

enum status store_put_ranked(struct store *s, int64_t response_id, const struct store_replay_passage *p, size_t n,
			     struct error *err)
{
	sqlite3_stmt *put = store_prepare(s, "INSERT INTO main.passage(ext_id, title, text) VALUES (?1, ?2, ?3) "
				       "ON CONFLICT(ext_id) DO UPDATE SET title = coalesce(title, excluded.title), "
				       "text = coalesce(text, excluded.text) "
				       "WHERE title IS NULL AND excluded.title IS NOT NULL "
				       "OR text IS NULL AND excluded.text IS NOT NULL", "cannot prepare statement", err);
	sqlite3_stmt *get = put ? store_prepare(s, "SELECT id FROM passage WHERE ext_id = ?1", "cannot prepare statement",
						 err) : NULL;
	sqlite3_stmt *ins = get ? store_prepare(s, "INSERT INTO main.retrieved(response_id, rank, passage_id, score) "
					     "VALUES (?1, ?2, ?3, ?4)", "cannot prepare statement", err) : NULL;
	enum status ret = ins ? ST_OK : ST_STORE;
	for (size_t i = 0; i < n && ret == ST_OK; i++) {
		int64_t pid = 0;
		ret = put_passage(s, put, get, &p[i], &pid, err);
		if (ret != ST_OK)
			break;
		sqlite3_reset(ins);
		sqlite3_bind_int64(ins, 1, response_id);
		sqlite3_bind_int64(ins, 2, (int64_t)i + 1);
		sqlite3_bind_int64(ins, 3, pid);
		if (p[i].has_score)
			sqlite3_bind_double(ins, 4, p[i].score);
		else
			sqlite3_bind_null(ins, 4);
		if (sqlite3_step(ins) != SQLITE_DONE)
			ret = store_fail(s, err, "cannot add retrieved passage");
	}
	sqlite3_finalize(put);
	sqlite3_finalize(get);
	sqlite3_finalize(ins);
	return ret;
}

static enum status put_response(struct store *s, int64_t turn_id, int64_t system_id, const char *answer,
				const char *rewrite, int64_t *id, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "INSERT OR IGNORE INTO main.response(turn_id, system_id, answer, rewrite) "
				      "VALUES (?1, ?2, ?3, ?4)", "cannot prepare statement", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, turn_id);
	sqlite3_bind_int64(st, 2, system_id);
	store_bind_text(st, 3, answer);
	store_bind_text(st, 4, rewrite && *rewrite ? rewrite : NULL);
	enum status ret = sqlite3_step(st) == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot add response");
	*id = ret == ST_OK && sqlite3_changes(s->db) ? sqlite3_last_insert_rowid(s->db) : 0;
	sqlite3_finalize(st);
	return ret;
}

enum status store_replay_put(struct store *s, int64_t turn_id, int64_t system_id, const char *answer,
			     const char *rewrite, const struct store_replay_passage *p, size_t n, int *stored,
			     struct error *err)
{
	int64_t id = 0;
	*stored = 0;
	enum status ret = store_begin(s, err);
	if (ret != ST_OK)
		return ret;
	ret = put_response(s, turn_id, system_id, answer, rewrite, &id, err);
	if (ret == ST_OK && id)
		ret = store_put_ranked(s, id, p, n, err);
	if (ret == ST_OK)
		ret = store_commit(s, err);
	else
		store_rollback(s);
	*stored = ret == ST_OK && id;
	return ret;
}
