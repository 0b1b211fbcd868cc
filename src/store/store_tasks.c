/* store_tasks.c - the items of a round (or of the project) read back as a
 * task file holds them: systems, passages, conversations, turns, gold,
 * responses and rankings. See store.h. */
#include "store_internal.h"

#include <stdlib.h>

/* The raters' verdict on an answer (plausible, faithful), one rule for the
 * gold extension, round create --from and report --extended-gold: an
 * adjudicator's value where adjudicators settled it (all of them, when
 * several, giving the value); else the trusted raters' current values,
 * more than half of them (or, with the policy any, one) giving the value.
 * VERDICT_VALUES(WHERE, CURRENT) makes cur(rid, field, value, adj) of
 * the labels WHERE selects that are current: IN_ROUND, a rater's latest
 * label of the unit in its round when it holds a value; OVER_ROUNDS, of
 * those the latest (a value cleared in a later round leaves the earlier
 * round's: the report's rule, report_load.c). A label given on a control
 * item of its rater in its round (round create --control) scores the rater
 * and is no verdict. SHARED_VERDICT_VALUES(WHERE, CURRENT), for the
 * responses of turn ?1, credits a rater's value to every response of the
 * turn with the same answer (SQuAD-normalised: convqa_answer_key) that the
 * rater has no value of their own on, from the lowest response id they
 * judged: an answer is judged once for every system that gave it (sample
 * plausibility), the report's rule too. The verdict fields are bound
 * (bind_verdicts()): the plausibility field's task, field and verdict value
 * as ?11, ?12, ?13, the faithfulness field's as ?14, ?15, ?16; cur names
 * them by kind, 'p' and 'f'. VERDICT(KIND, VALUE, RULE) is then 1 when the
 * verdict on response r.id is VALUE, 0 when it is not, NULL without a
 * value. */
#define IS_VERDICT(task, field) "(l.task = ?" task " AND l.field = ?" field ")"
#define SAME_UNIT(a, b)                                                                                         \
	a ".turn_id = " b ".turn_id AND " a ".rater_id = " b ".rater_id AND " a ".task = " b ".task AND "       \
	a ".field = " b ".field AND " a ".unit = " b ".unit AND " a ".unit_ref = " b ".unit_ref"
#define LATEST_IN_ROUND(a, x)                                                                                   \
	a ".value IS NOT NULL AND " a ".id = (SELECT max(" x ".id) FROM label " x " WHERE " SAME_UNIT(x, a)        \
	" AND " x ".round_id IS " a ".round_id)"
#define IN_ROUND LATEST_IN_ROUND("l", "x")
#define OVER_ROUNDS                                                                                             \
	IN_ROUND " AND NOT EXISTS (SELECT 1 FROM label y WHERE " SAME_UNIT("y", "l") " AND y.id > l.id AND "     \
	LATEST_IN_ROUND("y", "z") ")"
#define NOT_CONTROL                                                                                             \
	"NOT EXISTS (SELECT 1 FROM assignment ca WHERE ca.round_id = l.round_id AND ca.rater_id = l.rater_id "     \
	"AND ca.response_id = l.response_id AND ca.control = 1)"
#define OWN_VALUES(where, current)                                                                              \
	"WITH own(rid, rater, field, value, adj) AS (SELECT l.response_id, l.rater_id, "                         \
	"CASE WHEN " IS_VERDICT("11", "12") " THEN 'p' ELSE 'f' END, l.value, "                                \
	"ra.role = 'adjudicator' "                                                                              \
	"FROM label l JOIN rater ra ON ra.id = l.rater_id AND (ra.trusted = 1 OR ra.role = 'adjudicator') "      \
	"WHERE " where " AND l.unit IN ('response', 'answer') "                                                 \
	"AND (" IS_VERDICT("11", "12") " OR " IS_VERDICT("14", "15") ") "                                       \
	"AND " current " AND " NOT_CONTROL ") "
#define VERDICT_VALUES(where, current)                                                                          \
	OWN_VALUES(where, current) ", cur(rid, field, value, adj) AS (SELECT rid, field, value, adj FROM own) "
#define SHARED_VERDICT_VALUES(where, current)                                                                   \
	OWN_VALUES(where, current)                                                                              \
	", akey(rid, k) AS (SELECT id, convqa_answer_key(answer) FROM response WHERE turn_id = ?1), "            \
	"cur(rid, field, value, adj) AS (SELECT rid, field, value, adj FROM own UNION ALL "                      \
	"SELECT kt.rid, o.field, o.value, o.adj FROM own o JOIN akey ks ON ks.rid = o.rid "                      \
	"JOIN akey kt ON kt.k = ks.k AND kt.rid <> o.rid "                                                      \
	"WHERE NOT EXISTS (SELECT 1 FROM own m WHERE m.rid = kt.rid AND m.rater = o.rater AND m.field = o.field) " \
	"AND o.rid = (SELECT min(m.rid) FROM own m JOIN akey km ON km.rid = m.rid WHERE m.rater = o.rater "     \
	"AND m.field = o.field AND km.k = ks.k)) "
#define MORE_THAN_HALF(v) "2 * sum(value = " v ") > count(*)"
#define AT_LEAST_ONE(v) "sum(value = " v ") > 0"
#define VERDICT(kind, value, rule)                                                                              \
	"(SELECT CASE WHEN sum(adj) > 0 THEN sum(adj AND value = " value ") = sum(adj) "                       \
	"ELSE " rule(value) " END FROM cur WHERE rid = r.id AND field = '" kind "')"
#define PLAUSIBLE(rule) VERDICT("p", "?13", rule)
#define FAITHFUL(rule) VERDICT("f", "?16", rule)

/* Bind the verdict fields of a query of VERDICT_VALUES (a field with no
 * task: none, bound NULL, which no label matches). */
static void bind_verdicts(sqlite3_stmt *q, const struct store_verdict *plausible, const struct store_verdict *faithful)
{
	const struct store_verdict *v[2] = { plausible, faithful };
	for (int i = 0; i < 2; i++) {
		if (!v[i] || !v[i]->task)
			continue;   /* NULL: sqlite3_clear_bindings(), or never bound */
		sqlite3_bind_text(q, 11 + 3 * i, v[i]->task, -1, SQLITE_STATIC);
		sqlite3_bind_text(q, 12 + 3 * i, v[i]->field, -1, SQLITE_STATIC);
		sqlite3_bind_text(q, 13 + 3 * i, v[i]->yes, -1, SQLITE_STATIC);
	}
}

enum {
	TQ_SYSTEMS, TQ_PASSAGES, TQ_TURNS, TQ_GOLD, TQ_RESPONSES, TQ_RANKED, TQ_JUDGED_GOLD, TQ__N,
};

/* The items are the rows of temp.tasks_item; a conversation's turns go up
 * to its last turn with an item (a turn's position is its place in the
 * file), the earlier ones for their questions. */
static const char *const tasks_sql[TQ__N] = {
	[TQ_SYSTEMS] = "SELECT sy.name, sy.description FROM system sy WHERE sy.id IN (SELECT r.system_id "
		       "FROM temp.tasks_item i JOIN response r ON r.id = i.response_id) ORDER BY sy.name",
	[TQ_PASSAGES] = "SELECT p.ext_id, p.title, p.url, p.text FROM passage p WHERE p.id IN (SELECT rt.passage_id "
			"FROM temp.tasks_item i JOIN retrieved rt ON rt.response_id = i.response_id) ORDER BY p.id",
	[TQ_TURNS] = "WITH last(conversation_id, position) AS (SELECT t.conversation_id, max(t.position) "
		     "FROM temp.tasks_item i JOIN response r ON r.id = i.response_id JOIN turn t ON t.id = r.turn_id "
		     "GROUP BY t.conversation_id) "
		     "SELECT c.id, c.ext_id, c.metadata, t.id, t.position, t.question, t.rewrite, t.gold_intent, "
		     "t.metadata FROM last JOIN conversation c ON c.id = last.conversation_id "
		     "JOIN turn t ON t.conversation_id = c.id AND t.position <= last.position ORDER BY c.id, t.position",
	[TQ_GOLD] = "SELECT 'answer', text, 1 FROM gold_answer WHERE turn_id = ?1 "
		    "UNION ALL SELECT 'passage', passage_ext, grade FROM gold_passage WHERE turn_id = ?1",
	[TQ_RESPONSES] = "SELECT r.id, sy.name, r.answer, r.metadata, r.rewrite, r.candidates FROM temp.tasks_item i "
			 "JOIN response r ON r.id = i.response_id JOIN system sy ON sy.id = r.system_id "
			 "WHERE r.turn_id = ?1 ORDER BY sy.name",
	/* the answers of a turn judged plausible and, when judged,
	 * faithful (VERDICT), each rater's latest value over every round */
	[TQ_JUDGED_GOLD] = SHARED_VERDICT_VALUES("l.turn_id = ?1", OVER_ROUNDS) "SELECT r.answer FROM response r "
			   "WHERE r.turn_id = ?1 AND " PLAUSIBLE(MORE_THAN_HALF) " AND "
			   "coalesce(" FAITHFUL(MORE_THAN_HALF) ", 1) ORDER BY r.id",
	[TQ_RANKED] = "SELECT rt.rank, p.ext_id, rt.score FROM retrieved rt JOIN passage p ON p.id = rt.passage_id "
		      "WHERE rt.response_id = ?1 ORDER BY rt.rank",
};

struct store_tasks {
	struct store *s;
	sqlite3_stmt *st[TQ__N];
	long n_items;
};

static int exec(struct store *s, const char *sql)
{
	return sqlite3_exec(s->db, sql, NULL, NULL, NULL);
}

void store_tasks_close(struct store_tasks *t)
{
	if (!t)
		return;
	for (int i = 0; i < TQ__N; i++)
		sqlite3_finalize(t->st[i]);
	exec(t->s, "DROP TABLE IF EXISTS temp.tasks_item");
	if (!sqlite3_get_autocommit(t->s->db))
		exec(t->s, "COMMIT");   /* the read transaction */
	free(t);
}

enum status store_tasks_open(struct store *s, int64_t round_id, int64_t rater_id, struct store_tasks **out,
			     struct error *err)
{
	struct store_tasks *t = xcalloc(1, sizeof(*t));
	sqlite3_stmt *q = NULL;
	enum status st = ST_OK;
	t->s = s;
	*out = NULL;
	/* one snapshot of the project for the whole file */
	if (exec(s, "BEGIN") != SQLITE_OK ||
	    exec(s, "CREATE TEMP TABLE tasks_item(response_id INTEGER PRIMARY KEY)") != SQLITE_OK ||
	    sqlite3_prepare_v2(s->db, "INSERT INTO temp.tasks_item SELECT r.id FROM response r WHERE ?1 = 0 "
			       "UNION SELECT a.response_id FROM assignment a WHERE a.round_id = ?1 "
			       "AND (?2 = 0 OR a.rater_id = ?2)", -1, &q, NULL) != SQLITE_OK) {
		st = store_fail(s, err, "cannot read the items");
		goto out;
	}
	sqlite3_bind_int64(q, 1, round_id);
	sqlite3_bind_int64(q, 2, rater_id);
	if (sqlite3_step(q) != SQLITE_DONE)
		st = store_fail(s, err, "cannot read the items");
	else
		t->n_items = (long)sqlite3_changes(s->db);
	for (int i = 0; i < TQ__N && st == ST_OK; i++)
		if (sqlite3_prepare_v2(s->db, tasks_sql[i], -1, &t->st[i], NULL) != SQLITE_OK)
			st = store_fail(s, err, "cannot prepare statement");
out:
	sqlite3_finalize(q);
	if (st != ST_OK) {
		store_tasks_close(t);
		return st;
	}
	*out = t;
	return ST_OK;
}

long store_tasks_count(const struct store_tasks *t)
{
	return t->n_items;
}

/* Statement i, reset and unbound, with ?1 bound to id when id != 0. */
static sqlite3_stmt *stmt(struct store_tasks *t, int i, int64_t id)
{
	sqlite3_stmt *q = t->st[i];
	sqlite3_reset(q);
	sqlite3_clear_bindings(q);
	if (id)
		sqlite3_bind_int64(q, 1, id);
	return q;
}

/* The columns of each query that the schema declares NOT NULL: a NULL
 * there is a damaged project, said as convqa check says it ("response 12:
 * answer is NULL ..."). The row is named by its id column, else by the id
 * the query is bound to (id_col -1), else not (-2). */
static const struct required {
	const char *row;
	int id_col, n;
	int cols[2];
	const char *names[2];
} required[TQ__N] = {
	[TQ_SYSTEMS] = { "system", -2, 1, { 0 }, { "name" } },
	[TQ_PASSAGES] = { "passage", -2, 1, { 0 }, { "ext_id" } },
	[TQ_TURNS] = { "turn", 3, 1, { 1 }, { "its conversation's ext_id" } },
	[TQ_GOLD] = { "the gold of turn", -1, 1, { 1 }, { "text" } },
	[TQ_RESPONSES] = { "response", 0, 2, { 1, 2 }, { "its system's name", "answer" } },
	[TQ_JUDGED_GOLD] = { "a response to turn", -1, 1, { 0 }, { "answer" } },
	[TQ_RANKED] = { "a passage retrieved by response", -1, 1, { 1 }, { "ext_id" } },
};

/* 1 with *st the damaged project's error when the row of q (query i,
 * bound to id) holds a NULL where the schema allows none. */
static int damaged_row(struct store_tasks *t, int i, sqlite3_stmt *q, int64_t id, enum status *st,
		       struct error *err)
{
	const struct required *r = &required[i];
	for (int c = 0; c < r->n; c++) {
		if (sqlite3_column_type(q, r->cols[c]) != SQLITE_NULL)
			continue;
		if (r->id_col == -2)
			*st = store_damaged(store_path(t->s), err, "a %s: %s is NULL, which the schema does not allow",
					    r->row, r->names[c]);
		else
			*st = store_damaged(store_path(t->s), err, "%s %lld: %s is NULL, which the schema does not allow",
					    r->row, (long long)(r->id_col >= 0 ? sqlite3_column_int64(q, r->id_col) : id),
					    r->names[c]);
		return 1;
	}
	return 0;
}

/* The end of a loop over q: ST_OK when it ran to its end or cb stopped it. */
static enum status done(struct store_tasks *t, sqlite3_stmt *q, int rc, enum status st, struct error *err)
{
	sqlite3_reset(q);
	if (st != ST_OK)
		return st;   /* a damaged row */
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? ST_OK : store_fail(t->s, err, "cannot read the items");
}

enum status store_tasks_systems(struct store_tasks *t, store_tasks_system_cb cb, void *ctx, struct error *err)
{
	sqlite3_stmt *q = stmt(t, TQ_SYSTEMS, 0);
	enum status st = ST_OK;
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW && !damaged_row(t, TQ_SYSTEMS, q, 0, &st, err))
		if (cb(store_col_text(q, 0), store_col_text(q, 1), ctx))
			break;
	return done(t, q, rc, st, err);
}

enum status store_tasks_passages(struct store_tasks *t, store_tasks_passage_cb cb, void *ctx, struct error *err)
{
	sqlite3_stmt *q = stmt(t, TQ_PASSAGES, 0);
	enum status st = ST_OK;
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW && !damaged_row(t, TQ_PASSAGES, q, 0, &st, err)) {
		struct store_tasks_passage p = {
			store_col_text(q, 0), store_col_text(q, 1), store_col_text(q, 2), store_col_text(q, 3),
		};
		if (cb(&p, ctx))
			break;
	}
	return done(t, q, rc, st, err);
}

enum status store_tasks_turns(struct store_tasks *t, store_tasks_turn_cb cb, void *ctx, struct error *err)
{
	sqlite3_stmt *q = stmt(t, TQ_TURNS, 0);
	enum status st = ST_OK;
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW && !damaged_row(t, TQ_TURNS, q, 0, &st, err)) {
		struct store_tasks_turn turn = {
			.conversation_id = sqlite3_column_int64(q, 0),
			.conversation = store_col_text(q, 1),
			.conversation_metadata = store_col_text(q, 2),
			.turn_id = sqlite3_column_int64(q, 3),
			.position = sqlite3_column_int(q, 4),
			.question = store_col_text(q, 5),
			.rewrite = store_col_text(q, 6),
			.gold_intent = store_col_text(q, 7),
			.metadata = store_col_text(q, 8),
		};
		if (cb(&turn, ctx))
			break;
	}
	return done(t, q, rc, st, err);
}

enum status store_tasks_gold(struct store_tasks *t, int64_t turn_id, store_tasks_gold_cb cb, void *ctx,
			     struct error *err)
{
	sqlite3_stmt *q = stmt(t, TQ_GOLD, turn_id);
	enum status st = ST_OK;
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW && !damaged_row(t, TQ_GOLD, q, turn_id, &st, err))
		if (cb(store_col_text(q, 0)[0] == 'p', store_col_text(q, 1), (long)sqlite3_column_int64(q, 2), ctx))
			break;
	return done(t, q, rc, st, err);
}

enum status store_tasks_judged_gold(struct store_tasks *t, int64_t turn_id, const struct store_verdict *plausible,
				    const struct store_verdict *faithful, store_tasks_gold_cb cb, void *ctx,
				    struct error *err)
{
	sqlite3_stmt *q = stmt(t, TQ_JUDGED_GOLD, turn_id);
	bind_verdicts(q, plausible, faithful);
	enum status st = ST_OK;
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW && !damaged_row(t, TQ_JUDGED_GOLD, q, turn_id, &st, err))
		if (cb(0, store_col_text(q, 0), 1, ctx))
			break;
	return done(t, q, rc, st, err);
}

enum status store_tasks_responses(struct store_tasks *t, int64_t turn_id, store_tasks_response_cb cb, void *ctx,
				  struct error *err)
{
	sqlite3_stmt *q = stmt(t, TQ_RESPONSES, turn_id);
	enum status st = ST_OK;
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW && !damaged_row(t, TQ_RESPONSES, q, turn_id, &st, err)) {
		struct store_tasks_response r = {
			sqlite3_column_int64(q, 0), store_col_text(q, 1), store_col_text(q, 2), store_col_text(q, 3),
			store_col_text(q, 4), store_col_text(q, 5),
		};
		if (cb(&r, ctx))
			break;
	}
	return done(t, q, rc, st, err);
}

enum status store_tasks_ranked(struct store_tasks *t, int64_t response_id, store_tasks_ranked_cb cb, void *ctx,
			       struct error *err)
{
	sqlite3_stmt *q = stmt(t, TQ_RANKED, response_id);
	enum status st = ST_OK;
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW && !damaged_row(t, TQ_RANKED, q, response_id, &st, err)) {
		struct store_tasks_ranked r = {
			(long)sqlite3_column_int64(q, 0), store_col_text(q, 1), sqlite3_column_double(q, 2),
			sqlite3_column_type(q, 2) != SQLITE_NULL,
		};
		if (cb(&r, ctx))
			break;
	}
	return done(t, q, rc, st, err);
}

/* ---- the first stage's verdicts: round create --from ---------------------- */

static const char *const plausible_sql[2] = {
	VERDICT_VALUES("l.response_id IN (SELECT response_id FROM assignment WHERE round_id = ?1) AND l.round_id = ?1",
		       IN_ROUND)
	"SELECT r.id, EXISTS (SELECT 1 FROM cur WHERE rid = r.id AND field = 'p'), "
	PLAUSIBLE(MORE_THAN_HALF) " FROM response r "
	"WHERE r.id IN (SELECT response_id FROM assignment WHERE round_id = ?1) ORDER BY r.id",
	VERDICT_VALUES("l.response_id IN (SELECT response_id FROM assignment WHERE round_id = ?1) AND l.round_id = ?1",
		       IN_ROUND)
	"SELECT r.id, EXISTS (SELECT 1 FROM cur WHERE rid = r.id AND field = 'p'), "
	PLAUSIBLE(AT_LEAST_ONE) " FROM response r "
	"WHERE r.id IN (SELECT response_id FROM assignment WHERE round_id = ?1) ORDER BY r.id",
};

enum status store_round_plausible(struct store *s, int64_t round_id, const struct store_verdict *plausible, int any,
				  int64_t **ids, size_t *n, size_t *judged, struct error *err)
{
	sqlite3_stmt *q = NULL;
	size_t cap = 0;
	int rc;
	*ids = NULL;
	*n = *judged = 0;
	if (sqlite3_prepare_v2(s->db, plausible_sql[!!any], -1, &q, NULL) != SQLITE_OK)
		return store_fail(s, err, "cannot read the plausibility verdicts");
	sqlite3_bind_int64(q, 1, round_id);
	bind_verdicts(q, plausible, NULL);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (!sqlite3_column_int(q, 1))
			continue;
		(*judged)++;
		if (sqlite3_column_int(q, 2)) {
			xgrow(ids, &cap, *n + 1, sizeof(**ids));
			(*ids)[(*n)++] = sqlite3_column_int64(q, 0);
		}
	}
	sqlite3_finalize(q);
	if (rc != SQLITE_DONE) {
		free(*ids);
		*ids = NULL;
		*n = *judged = 0;
		return store_fail(s, err, "cannot read the plausibility verdicts");
	}
	return ST_OK;
}
