/* store_label.c - the items labels are about, and the label history. */
#include "store_internal.h"

#include <stdlib.h>
#include <string.h>

/* ST_INPUT saying which of conversation, turn and system is not there, and
 * what there is instead. */
static enum status explain_no_response(struct store *s, const char *conversation, int position,
				       const char *system, struct error *err)
{
	char *names = NULL;
	sqlite3_stmt *q = store_stmt(s, STMT_NAMES_SYSTEMS,
				     "SELECT sy.name FROM response r JOIN turn t ON t.id = r.turn_id "
				     "JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id "
				     "WHERE c.ext_id = ? AND t.position = ? ORDER BY sy.name", err);
	if (!q)
		return ST_STORE;
	store_bind_text(q, 1, conversation);
	sqlite3_bind_int(q, 2, position);
	enum status st = store_names(s, q, &names, err);
	if (st == ST_OK && names)
		st = error_set(err, ST_INPUT, "no response of system '%s' to turn %d of conversation '%s' "
			       "(systems that answered it: %s)", system, position, conversation, names);
	if (st != ST_OK)
		goto out;
	q = store_stmt(s, STMT_NAMES_TURNS, "SELECT DISTINCT t.position FROM turn t JOIN response r ON r.turn_id = t.id "
		       "JOIN conversation c ON c.id = t.conversation_id WHERE c.ext_id = ? ORDER BY t.position", err);
	if (!q)
		return ST_STORE;
	store_bind_text(q, 1, conversation);
	st = store_names(s, q, &names, err);
	if (st == ST_OK && names)
		st = error_set(err, ST_INPUT, "conversation '%s' has no answered turn %d (turns with answers: %s)",
			       conversation, position, names);
	if (st != ST_OK)
		goto out;
	q = store_stmt(s, STMT_NAMES_CONVS, "SELECT ext_id FROM conversation ORDER BY ext_id", err);
	if (!q)
		return ST_STORE;
	st = store_names(s, q, &names, err);
	if (st == ST_OK)
		st = error_set(err, ST_INPUT, "no conversation '%s' in the project (%s%s)", conversation,
			       names ? "its conversations: " : "it has none: import a task file first",
			       names ? names : "");
out:
	free(names);
	return st;
}

enum status store_response_find(struct store *s, const char *conversation, int position,
				const char *system, int64_t *id, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_RESPONSE_FIND,
				      "SELECT r.id FROM response r JOIN turn t ON t.id = r.turn_id "
				      "JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id "
				      "WHERE c.ext_id = ? AND t.position = ? AND sy.name = ?", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, conversation);
	sqlite3_bind_int(st, 2, position);
	store_bind_text(st, 3, system);
	enum status ret = store_step_id(s, st, id, "cannot look up response", err);
	if (ret != ST_OK || *id)
		return ret;
	return explain_no_response(s, conversation, position, system, err);
}

enum status store_response_has_rank(struct store *s, int64_t response_id, long rank, int *has,
				    struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_RESPONSE_RANK,
				      "SELECT 1 FROM retrieved WHERE response_id = ? AND rank = ?", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, response_id);
	sqlite3_bind_int64(st, 2, rank);
	int64_t one;
	enum status ret = store_step_id(s, st, &one, "cannot look up rank", err);
	*has = one != 0;
	return ret;
}

enum status store_response_ranks(struct store *s, int64_t response_id, char **ranks, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_NAMES_RANKS,
				      "SELECT rank FROM retrieved WHERE response_id = ? ORDER BY rank", err);
	*ranks = NULL;
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, response_id);
	return store_names(s, st, ranks, err);
}

enum status store_round_assigns(struct store *s, int64_t round_id, int64_t rater_id, int64_t response_id,
				int *assigned, char **item, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_ROUND_ASSIGNS,
				      "SELECT EXISTS (SELECT 1 FROM assignment WHERE round_id = ?1 AND rater_id = ?2 "
				      "AND response_id = r.id), c.ext_id, t.position, sy.name FROM response r "
				      "JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id "
				      "JOIN system sy ON sy.id = r.system_id WHERE r.id = ?3", err);
	*assigned = 0;
	if (item)
		*item = NULL;
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, round_id);
	sqlite3_bind_int64(st, 2, rater_id);
	sqlite3_bind_int64(st, 3, response_id);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*assigned = sqlite3_column_int(st, 0);
		if (!*assigned && item)
			*item = xasprintf("conversation '%s' turn %d system '%s'", store_col_text(st, 1),
					  sqlite3_column_int(st, 2), store_col_text(st, 3));
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_fail(s, err, "cannot read the assignments");
	return ST_OK;
}

enum status store_round_asks_control(struct store *s, int64_t round_id, int64_t rater_id, int64_t response_id,
				     int *control, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_ROUND_CONTROL,
				      "SELECT EXISTS (SELECT 1 FROM assignment WHERE round_id = ?1 AND rater_id = ?2 "
				      "AND response_id = ?3 AND control = 1)", err);
	int64_t yes = 0;
	*control = 0;
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, round_id);
	sqlite3_bind_int64(st, 2, rater_id);
	sqlite3_bind_int64(st, 3, response_id);
	enum status ret = store_step_id(s, st, &yes, "cannot read the assignments", err);
	*control = yes != 0;
	return ret;
}

void store_bind_label_key(sqlite3_stmt *st, const struct store_label_key *k)
{
	sqlite3_bind_int64(st, 1, k->response_id);
	sqlite3_bind_int64(st, 2, k->rater_id);
	store_bind_id(st, 3, k->round_id);
	store_bind_text(st, 4, k->task);
	store_bind_text(st, 5, k->field);
	sqlite3_bind_int64(st, 6, k->passage_rank);
	store_bind_text(st, 7, scheme_unit_name(k->unit));
}

enum status store_label_set(struct store *s, const struct store_label_key *key,
			    const char *value, double seconds, struct error *err)
{
	char now[32];
	sqlite3_stmt *st = store_stmt(s, STMT_LABEL_ADD,
				      "INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, "
				      "unit, turn_id, unit_ref, value, seconds, created_at) "
				      "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, r.turn_id, " STORE_UNIT_REF ", ?8, ?9, ?10 "
				      STORE_UNIT_OF_KEY, err);
	if (!st)
		return ST_STORE;
	now_iso8601(now);
	store_bind_label_key(st, key);
	store_bind_text(st, 8, value);
	sqlite3_bind_double(st, 9, seconds < 0 ? 0 : seconds);
	store_bind_text(st, 10, now);
	/* outside a transaction the single INSERT is its own committed one */
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return store_fail(s, err, "cannot save label");
	if (sqlite3_changes(s->db) != 1)
		return error_set(err, ST_INPUT, "no passage at rank %ld of that response", key->passage_rank);
	return ST_OK;
}

enum status store_label_get(struct store *s, const struct store_label_key *key,
			    char **value, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_LABEL_GET,
				      "SELECT l.value FROM label l, (SELECT r.turn_id AS turn_id, " STORE_UNIT_REF " AS ref "
				      STORE_UNIT_OF_KEY ") u WHERE l.turn_id = u.turn_id AND l.rater_id = ?2 "
				      "AND l.round_id IS ?3 AND l.task = ?4 AND l.field = ?5 AND l.unit = ?7 "
				      "AND l.unit_ref = u.ref ORDER BY l.id DESC LIMIT 1", err);
	*value = NULL;
	if (!st)
		return ST_STORE;
	store_bind_label_key(st, key);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && store_col_text(st, 0))
		*value = xstrdup(store_col_text(st, 0));
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_fail(s, err, "cannot read label");
	return ST_OK;
}

/* The row of store_labels_each()'s statement into *row; what the schema
 * never lets in stops the export (a NULL there, or a row named that is
 * gone, is a damaged project: never a label silently left out). */
static enum status label_row(struct store *s, sqlite3_stmt *st, struct store_label_row *row, struct error *err)
{
	*row = (struct store_label_row){
		.id = sqlite3_column_int64(st, 0),
		.conversation = store_col_text(st, 1),
		.turn = sqlite3_column_int(st, 2),
		.system = store_col_text(st, 3),
		.rater = store_col_text(st, 4),
		.round = store_col_text(st, 5),
		.task = store_col_text(st, 6),
		.field = store_col_text(st, 7),
		.value = store_col_text(st, 8),
		.passage_rank = (long)sqlite3_column_int64(st, 9),
		.passage = store_col_text(st, 10),
		.seconds = sqlite3_column_double(st, 11),
		.created_at = store_col_text(st, 12),
		.unit = store_col_text(st, 13),
		.control = sqlite3_column_int(st, 15),
		.system_b = store_col_text(st, 16),
		.control_hidden = sqlite3_column_int(st, 17),
	};
	const char *gone = store_col_text(st, 14);
	if (gone)
		return store_damaged(s->path, err, "label %lld: %s", (long long)row->id, gone);
	const char *null = !row->conversation ? "the ext_id of its conversation"
			 : !row->system ? "the name of its system"
			 : !row->rater ? "the name of its rater"
			 : !row->task ? "task" : !row->field ? "field" : !row->created_at ? "created_at"
			 : !row->unit ? "unit" : NULL;
	if (null)
		return store_damaged(s->path, err, "label %lld: %s is NULL, which the schema does not allow",
				     (long long)row->id, null);
	return ST_OK;
}

enum status store_labels_each(struct store *s, const struct store_label_filter *f,
			      store_label_cb cb, void *ctx, struct error *err)
{
	static const char sql_head[] =
		"SELECT l.id, c.ext_id, t.position, sy.name, ra.name, ro.name, l.task, l.field, l.value, "
		"l.passage_rank, p.ext_id, l.seconds, l.created_at, l.unit, "
		/* the rows a label names, found or not (a damaged project) */
		"CASE WHEN r.id IS NULL THEN 'response_id ' || l.response_id || ' names no response' "
		"WHEN t.id IS NULL THEN 'turn_id ' || r.turn_id || ' of its response names no turn' "
		"WHEN sy.id IS NULL THEN 'system_id ' || r.system_id || ' of its response names no system' "
		"WHEN ra.id IS NULL THEN 'rater_id ' || l.rater_id || ' names no rater' "
		"WHEN l.round_id IS NOT NULL AND ro.id IS NULL THEN 'round_id ' || l.round_id || ' names no round' END, "
		/* given on a control item of its rater in its round */
		"EXISTS (SELECT 1 FROM assignment ca WHERE ca.round_id = l.round_id AND ca.rater_id = l.rater_id "
		"AND ca.response_id = l.response_id AND ca.control = 1) OR (l.unit = 'pair' AND EXISTS (SELECT 1 "
		"FROM pair_assignment pc WHERE pc.round_id = l.round_id AND pc.rater_id = l.rater_id "
		"AND pc.pair_id = l.unit_ref AND pc.control = 1)), "
		/* a pair's other system (system: its response_a's) */
		"(SELECT sb.name FROM pair pp JOIN response rb ON rb.id = pp.response_b JOIN system sb ON sb.id = rb.system_id "
		"WHERE l.unit = 'pair' AND pp.id = l.unit_ref), "
		/* the viewer's own label of an open round: whether it is a control's is not shown */
		"?4 IS NOT NULL AND ro.status IS 'open' "
		"FROM label l "
		"LEFT JOIN response r ON r.id = l.response_id "
		"LEFT JOIN turn t ON t.id = r.turn_id "
		"LEFT JOIN conversation c ON c.id = t.conversation_id "
		"LEFT JOIN system sy ON sy.id = r.system_id "
		"LEFT JOIN rater ra ON ra.id = l.rater_id "
		"LEFT JOIN round ro ON ro.id = l.round_id "
		"LEFT JOIN retrieved rt ON rt.response_id = l.response_id AND rt.rank = l.passage_rank "
		"LEFT JOIN passage p ON p.id = rt.passage_id "
		"WHERE (?1 IS NULL OR ro.name = ?1) AND (?2 IS NULL OR ra.name = ?2) "
		"AND (?3 IS NULL OR l.task = ?3) "
		"AND (?4 IS NULL OR ro.status IS NOT 'open' OR ra.name = ?4) ";
	static const char sql_current[] = "AND " STORE_LABEL_IS_CURRENT " AND l.value IS NOT NULL ";
	static const char sql_order[] =
		"ORDER BY c.id, t.position, sy.name, ra.name, ro.name, l.task, l.field, l.passage_rank, l.id";
	char *sql = xasprintf("%s%s%s", sql_head, f->history ? "" : sql_current, sql_order);
	sqlite3_stmt *st;
	enum status ret = ST_OK;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
		free(sql);
		return store_fail(s, err, "cannot read labels");
	}
	free(sql);
	store_bind_text(st, 1, f->round);
	store_bind_text(st, 2, f->rater);
	store_bind_text(st, 3, f->task);
	store_bind_text(st, 4, f->blind_for);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct store_label_row row;
		if ((ret = label_row(s, st, &row, err)) != ST_OK || cb(&row, ctx))
			break;
	}
	if (ret == ST_OK && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = store_fail(s, err, "cannot read labels");
	sqlite3_finalize(st);
	return ret;
}
