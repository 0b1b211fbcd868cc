/* store_live.c - a live conversation's name and its exchanges
 * (store_live.h). Each statement prepared, used and finalized here. */
#include "store_internal.h"
#include "convqa/store_live.h"
#include "convqa/store_replay.h"

#include <stdlib.h>
#include <string.h>

enum status store_live_name(struct store *s, const char *rater, char **name, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "SELECT 1 FROM conversation WHERE ext_id = ?1", "cannot prepare statement",
				      err);
	*name = NULL;
	if (!st)
		return ST_STORE;
	enum status ret = ST_OK;
	for (long n = 1; ret == ST_OK && !*name; n++) {
		char *cand = xasprintf("live-%s-%ld", rater, n);
		sqlite3_reset(st);
		store_bind_text(st, 1, cand);
		int rc = sqlite3_step(st);
		if (rc == SQLITE_DONE)
			*name = cand;
		else
			free(cand);
		if (rc != SQLITE_DONE && rc != SQLITE_ROW)
			ret = store_fail(s, err, "cannot read conversations");
	}
	sqlite3_finalize(st);
	return ret;
}

/* Run sql with the text and number parameters given (NULL text: null);
 * *id the row it added (0: none). */
static enum status exec(struct store *s, const char *sql, const char *const *text, size_t n_text,
			const int64_t *num, size_t n_num, int64_t *id, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, sql, "cannot prepare statement", err);
	if (!st)
		return ST_STORE;
	for (size_t i = 0; i < n_text; i++)
		store_bind_text(st, (int)i + 1, text[i]);
	for (size_t i = 0; i < n_num; i++)
		sqlite3_bind_int64(st, (int)(n_text + i) + 1, num[i]);
	int rc = sqlite3_step(st);
	enum status ret = rc == SQLITE_DONE || rc == SQLITE_ROW ? ST_OK : store_fail(s, err, "cannot store the exchange");
	if (id)
		*id = ret == ST_OK && rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	return ret;
}

/* In a live round, the rater's first question of t->from gives way to the
 * live conversation's first turn (the same place in the queue); later
 * turns come after the rater's last assignment. */
#define ASSIGN_FIRST_SQL \
	"UPDATE assignment SET response_id = ?4 WHERE id = (SELECT a.id FROM assignment a " \
	"JOIN round o ON o.id = a.round_id JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id " \
	"JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id " \
	"WHERE o.name = ?1 AND ra.name = ?2 AND c.ext_id = ?3 AND t.position = 1) RETURNING 1"
#define ASSIGN_NEXT_SQL \
	"INSERT INTO assignment(round_id, rater_id, response_id, seq) SELECT o.id, ra.id, ?4, " \
	"(SELECT coalesce(max(a.seq), 0) + 1 FROM assignment a WHERE a.round_id = o.id AND a.rater_id = ra.id) " \
	"FROM round o, rater ra WHERE o.name = ?1 AND ra.name = ?2 RETURNING 1"

static enum status assign(struct store *s, const struct store_live_turn *t, int64_t response_id, struct error *err)
{
	const char *v[] = { t->round, t->rater, t->from ? t->from : "" };
	int64_t done = 0;
	enum status ret = ST_OK;
	if (t->position == 1 && t->from)
		ret = exec(s, ASSIGN_FIRST_SQL, v, 3, &response_id, 1, &done, err);
	if (ret == ST_OK && !done)
		ret = exec(s, ASSIGN_NEXT_SQL, v, 3, &response_id, 1, &done, err);
	if (ret == ST_OK && !done)
		ret = error_set(err, ST_INPUT, "round '%s' or rater '%s' is not in the project", t->round, t->rater);
	return ret;
}

static enum status put(struct store *s, const struct store_live_turn *t, int64_t *response_id, struct error *err)
{
	int64_t conv = 0, turn = 0, pos = t->position, sys = t->system_id;
	const char *c[] = { t->conversation, t->conv_metadata };
	enum status ret = exec(s, "INSERT OR IGNORE INTO main.conversation(ext_id, metadata) VALUES (?1, ?2)", c, 2, NULL,
			       0, NULL, err);
	if (ret == ST_OK)
		ret = exec(s, "SELECT id FROM conversation WHERE ext_id = ?1", c, 1, NULL, 0, &conv, err);
	if (ret == ST_OK)
		ret = exec(s, "SELECT id FROM turn WHERE conversation_id = ?1 AND position = ?2", NULL, 0,
			   (int64_t[]){ conv, pos }, 2, &turn, err);
	if (ret == ST_OK && turn && !t->add_to_turn)
		return error_set(err, ST_INPUT, "the conversation '%s' has a turn %d already", t->conversation,
				 t->position);
	int64_t had = 0;
	if (ret == ST_OK && turn)
		ret = exec(s, "SELECT id FROM response WHERE turn_id = ?1 AND system_id = ?2", NULL, 0,
			   (int64_t[]){ turn, sys }, 2, &had, err);
	if (ret == ST_OK && had)
		return error_set(err, ST_INPUT, "turn %d of '%s' has this system's answer already", t->position,
				 t->conversation);
	const char *q[] = { t->question };
	if (ret == ST_OK && !turn)
		ret = exec(s, "INSERT INTO main.turn(question, conversation_id, position) VALUES (?1, ?2, ?3) RETURNING id", q,
			   1, (int64_t[]){ conv, pos }, 2, &turn, err);
	const char *r[] = { t->answer, t->rewrite && *t->rewrite ? t->rewrite : NULL, t->metadata };
	if (ret == ST_OK)
		ret = exec(s, "INSERT INTO main.response(answer, rewrite, metadata, turn_id, system_id) "
			   "VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id", r, 3, (int64_t[]){ turn, sys }, 2, response_id,
			   err);
	if (ret == ST_OK)
		ret = store_put_ranked(s, *response_id, t->passages, t->n_passages, err);
	if (ret == ST_OK && t->round)
		ret = assign(s, t, *response_id, err);
	return ret;
}

enum status store_live_put(struct store *s, const struct store_live_turn *t, int64_t *response_id,
			   struct error *err)
{
	*response_id = 0;
	enum status ret = store_begin(s, err);
	if (ret != ST_OK)
		return ret;
	ret = put(s, t, response_id, err);
	if (ret == ST_OK)
		ret = store_commit(s, err);
	else
		store_rollback(s);
	if (ret != ST_OK)
		*response_id = 0;
	return ret;
}

enum status store_live_first_turn(struct store *s, int64_t response_id, int64_t *conv, struct error *err)
{
	return exec(s, "SELECT t.conversation_id FROM response r JOIN turn t ON t.id = r.turn_id "
		    "WHERE r.id = ?1 AND t.position = 1", NULL, 0, &response_id, 1, conv, err);
}

void store_live_starts_free(struct store_live_start *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].conversation);
		free(v[i].question);
	}
	free(v);
}

/* A first question whose live conversation has begun is assigned as that
 * conversation's first turn (assign()): it names where it started. */
#define STARTS_SQL \
	"SELECT coalesce(json_extract(c.metadata, '$.live.from'), c.ext_id), t.question, " \
	"json_extract(c.metadata, '$.live.from') IS NOT NULL " \
	"FROM assignment a JOIN round o ON o.id = a.round_id JOIN response r ON r.id = a.response_id " \
	"JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id " \
	"WHERE o.name = ?1 AND a.rater_id = ?2 AND t.position = 1 GROUP BY c.id ORDER BY min(a.seq)"

enum status store_live_starts(struct store *s, const char *round, int64_t rater_id, struct store_live_start **out,
			      size_t *n, struct error *err)
{
	size_t cap = 0;
	*out = NULL;
	*n = 0;
	sqlite3_stmt *st = store_prepare(s, STARTS_SQL, "cannot prepare statement", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, round);
	sqlite3_bind_int64(st, 2, rater_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(out, &cap, *n + 1, sizeof(**out));
		const char *q = store_col_text(st, 1);
		(*out)[(*n)++] = (struct store_live_start){ xstrdup(store_col_text(st, 0)), xstrdup(q ? q : ""),
							    sqlite3_column_int(st, 2) };
	}
	enum status ret = rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the round's first questions");
	sqlite3_finalize(st);
	return ret;
}

enum status store_live_passage(struct store *s, const char *ext_id, char **title, char **text, struct error *err)
{
	*title = *text = NULL;
	sqlite3_stmt *st = store_prepare(s, "SELECT title, text FROM passage WHERE ext_id = ?1",
				      "cannot prepare statement", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, ext_id);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*title = xstrdup_or_null(store_col_text(st, 0));
		*text = xstrdup_or_null(store_col_text(st, 1));
	}
	enum status ret = rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read passage");
	sqlite3_finalize(st);
	return ret;
}

/* The key of a live turn: its round, the first question's conversation,
 * its position, question, answer and ranked passages. */
#define TWIN_KEY \
	"json_extract(c.metadata, '$.live.round'), json_extract(c.metadata, '$.live.from'), t.position, " \
	"t.question, r.answer, (SELECT group_concat(x.passage_id, ' ') FROM (SELECT passage_id FROM retrieved " \
	"WHERE response_id = r.id ORDER BY rank) x)"
#define TWINS_SQL \
	"SELECT r.id, min(r.id) OVER w, count(*) OVER w FROM response r JOIN turn t ON t.id = r.turn_id " \
	"JOIN conversation c ON c.id = t.conversation_id " \
	"WHERE json_extract(c.metadata, '$.live.round') IS NOT NULL AND json_extract(c.metadata, '$.live.from') " \
	"IS NOT NULL WINDOW w AS (PARTITION BY " TWIN_KEY ") ORDER BY r.id"

enum status store_live_twins(struct store *s, struct store_live_twin **out, size_t *n, struct error *err)
{
	size_t cap = 0;
	*out = NULL;
	*n = 0;
	sqlite3_stmt *st = store_prepare(s, TWINS_SQL, "cannot prepare statement", err);
	if (!st)
		return ST_STORE;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(out, &cap, *n + 1, sizeof(**out));
		(*out)[(*n)++] = (struct store_live_twin){ sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1),
							   sqlite3_column_int(st, 2) };
	}
	enum status ret = rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the live rounds' turns");
	sqlite3_finalize(st);
	return ret;
}
