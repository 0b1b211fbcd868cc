/* store_report.c - one-pass reads for the report (see store_report.h). */
#include "convqa/store_report.h"

#include <stdlib.h>

#include "store_internal.h"

struct store_reader {
	sqlite3 *db;
	char *path;
};

static enum status reader_fail(struct store_reader *r, struct error *err, const char *what)
{
	return error_set(err, ST_STORE, "%s: %s", what, sqlite3_errmsg(r->db));
}

enum status store_reader_open(struct store *s, struct store_reader **out, struct error *err)
{
	struct store_reader *r = xcalloc(1, sizeof(*r));
	*out = NULL;
	r->path = xstrdup(store_path(s));
	if (sqlite3_open_v2(r->path, &r->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		enum status st = error_set(err, ST_STORE, "cannot open project '%s' for reading: %s", r->path,
					   r->db ? sqlite3_errmsg(r->db) : "out of memory");
		store_reader_close(r);
		return st;
	}
	sqlite3_busy_timeout(r->db, 5000);
	if (sqlite3_exec(r->db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) {
		enum status st = reader_fail(r, err, "cannot read project");
		store_reader_close(r);
		return st;
	}
	*out = r;
	return ST_OK;
}

void store_reader_close(struct store_reader *r)
{
	if (!r)
		return;
	if (r->db) {
		if (!sqlite3_get_autocommit(r->db))
			sqlite3_exec(r->db, "COMMIT", NULL, NULL, NULL);
		sqlite3_close(r->db);
	}
	free(r->path);
	free(r);
}

/* Statements here run once per report: prepared and finalized locally. */
static enum status each_row(struct store_reader *s, const char *sql, int64_t bind1,
			    int (*row)(sqlite3_stmt *st, void *ctx), void *ctx, const char *what,
			    struct error *err)
{
	sqlite3_stmt *st;
	enum status ret = ST_OK;
	int rc;

	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return reader_fail(s, err, what);
	if (bind1)
		sqlite3_bind_int64(st, 1, bind1);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (row(st, ctx))
			break;
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = reader_fail(s, err, what);
	sqlite3_finalize(st);
	return ret;
}

/* A callback of one of the types above, and its context. */
struct relay {
	union {
		store_report_item_cb item;
		store_report_ranked_cb ranked;
		store_report_gold_cb gold;
		store_report_rater_cb rater;
		store_report_label_cb label;
		store_report_control_cb control;
	} cb;
	void *ctx;
};

static int item_row(sqlite3_stmt *st, void *data)
{
	const struct relay *r = data;
	struct store_report_item it = {
		.response_id = sqlite3_column_int64(st, 0),
		.turn_id = sqlite3_column_int64(st, 1),
		.conversation_id = sqlite3_column_int64(st, 2),
		.conversation = store_col_text(st, 3),
		.position = sqlite3_column_int(st, 4),
		.gold_intent = store_col_text(st, 5),
		.system_id = sqlite3_column_int64(st, 6),
		.system = store_col_text(st, 7),
		.answer = store_col_text(st, 8),
	};
	return r->cb.item(&it, r->ctx);
}

enum status store_report_items(struct store_reader *s, store_report_item_cb cb, void *ctx,
			       struct error *err)
{
	struct relay r = { .ctx = ctx };
	r.cb.item = cb;
	return each_row(s,
			"SELECT r.id, t.id, c.id, c.ext_id, t.position, t.gold_intent, sy.id, sy.name, r.answer "
			"FROM response r JOIN turn t ON t.id = r.turn_id "
			"JOIN conversation c ON c.id = t.conversation_id "
			"JOIN system sy ON sy.id = r.system_id "
			"ORDER BY c.id, t.position, sy.name",
			0, item_row, &r, "cannot read items", err);
}

static int ranked_row(sqlite3_stmt *st, void *data)
{
	const struct relay *r = data;
	struct store_report_ranked rk = {
		.response_id = sqlite3_column_int64(st, 0),
		.rank = (long)sqlite3_column_int64(st, 1),
		.passage_id = sqlite3_column_int64(st, 2),
	};
	return r->cb.ranked(&rk, r->ctx);
}

enum status store_report_retrieved(struct store_reader *s, store_report_ranked_cb cb, void *ctx,
				   struct error *err)
{
	struct relay r = { .ctx = ctx };
	r.cb.ranked = cb;
	/* the primary key order of the WITHOUT ROWID table: no sort */
	return each_row(s, "SELECT response_id, rank, passage_id FROM retrieved ORDER BY response_id, rank",
			0, ranked_row, &r, "cannot read retrieved passages", err);
}

static int gold_answer_row(sqlite3_stmt *st, void *data)
{
	const struct relay *r = data;
	struct store_report_gold g = {
		.turn_id = sqlite3_column_int64(st, 0),
		.answer = store_col_text(st, 1),
	};
	return r->cb.gold(&g, r->ctx);
}

enum status store_report_gold_answers(struct store_reader *s, store_report_gold_cb cb, void *ctx,
				      struct error *err)
{
	struct relay r = { .ctx = ctx };
	r.cb.gold = cb;
	return each_row(s, "SELECT turn_id, text FROM gold_answer ORDER BY turn_id, seq",
			0, gold_answer_row, &r, "cannot read gold answers", err);
}

static int gold_passage_row(sqlite3_stmt *st, void *data)
{
	const struct relay *r = data;
	struct store_report_gold g = {
		.turn_id = sqlite3_column_int64(st, 0),
		.passage_ext = store_col_text(st, 1),
		.passage_id = sqlite3_column_int64(st, 2),   /* NULL reads as 0 */
	};
	return r->cb.gold(&g, r->ctx);
}

enum status store_report_gold_passages(struct store_reader *s, store_report_gold_cb cb, void *ctx,
				       struct error *err)
{
	struct relay r = { .ctx = ctx };
	r.cb.gold = cb;
	return each_row(s,
			"SELECT g.turn_id, g.passage_ext, p.id FROM gold_passage g "
			"LEFT JOIN passage p ON p.ext_id = g.passage_ext ORDER BY g.turn_id, g.passage_ext",
			0, gold_passage_row, &r, "cannot read gold passages", err);
}

static int rater_row(sqlite3_stmt *st, void *data)
{
	const struct relay *r = data;
	struct store_report_rater ra = {
		.id = sqlite3_column_int64(st, 0),
		.name = store_col_text(st, 1),
		.role = store_col_text(st, 2),
		.trusted = sqlite3_column_int(st, 3),
	};
	return r->cb.rater(&ra, r->ctx);
}

enum status store_report_raters(struct store_reader *s, store_report_rater_cb cb, void *ctx,
				struct error *err)
{
	struct relay r = { .ctx = ctx };
	r.cb.rater = cb;
	return each_row(s, "SELECT id, name, role, trusted FROM rater ORDER BY name",
			0, rater_row, &r, "cannot read raters", err);
}

static int label_row(sqlite3_stmt *st, void *data)
{
	const struct relay *r = data;
	struct store_report_label l = {
		.response_id = sqlite3_column_int64(st, 0),
		.rater_id = sqlite3_column_int64(st, 1),
		.task = store_col_text(st, 2),
		.field = store_col_text(st, 3),
		.passage_rank = (long)sqlite3_column_int64(st, 4),
		.value = store_col_text(st, 5),
		.seconds = sqlite3_column_double(st, 6),
		.round_id = sqlite3_column_int64(st, 7),   /* NULL reads as 0 */
		.turn_id = sqlite3_column_int64(st, 9),
		.unit_ref = sqlite3_column_int64(st, 10),
	};
	const char *unit = store_col_text(st, 8);
	enum scheme_unit u = UNIT_RESPONSE;
	if (unit)
		scheme_unit_parse(unit, &u);
	l.unit = u;
	return r->cb.label(&l, r->ctx);
}

enum status store_report_labels(struct store_reader *s, int64_t round_id, store_report_label_cb cb,
				void *ctx, struct error *err)
{
	struct relay r = { .ctx = ctx };
	r.cb.label = cb;
	/* A rowid-order scan of the table. On 2.9 million rows it takes about a
	 * quarter of the time of walking the label_key index (a table lookup per
	 * row) and an eighth of GROUP BY ... max(id) or the per-row "is current"
	 * subquery; the caller keeps the last value of each key. Only the
	 * columns the report needs: each column read costs as much as the scan. */
	static const char all[] =
		"SELECT response_id, rater_id, task, field, passage_rank, value, seconds, round_id, unit, turn_id, "
		"unit_ref FROM label "
		"ORDER BY id";
	static const char one[] =
		"SELECT response_id, rater_id, task, field, passage_rank, value, seconds, round_id, unit, turn_id, "
		"unit_ref FROM label "
		"WHERE round_id = ?1 ORDER BY id";
	return each_row(s, round_id > 0 ? one : all, round_id > 0 ? round_id : 0, label_row, &r,
			"cannot read labels", err);
}

static int control_row(sqlite3_stmt *st, void *data)
{
	const struct relay *r = data;
	struct store_report_control c = {
		.round_id = sqlite3_column_int64(st, 0),
		.rater_id = sqlite3_column_int64(st, 1),
		.response_id = sqlite3_column_int64(st, 2),
	};
	return r->cb.control(&c, r->ctx);
}

enum status store_report_controls(struct store_reader *s, store_report_control_cb cb, void *ctx,
				  struct error *err)
{
	struct relay r = { .ctx = ctx };
	r.cb.control = cb;
	return each_row(s,
			"SELECT round_id, rater_id, response_id FROM assignment WHERE control = 1 "
			"ORDER BY round_id, rater_id, response_id",
			0, control_row, &r, "cannot read control items", err);
}

enum status store_report_passage_id(struct store_reader *s, const char *ext, int64_t *id,
				    struct error *err)
{
	sqlite3_stmt *st;
	int rc;
	*id = 0;
	if (sqlite3_prepare_v2(s->db, "SELECT id FROM passage WHERE ext_id = ?", -1, &st, NULL) != SQLITE_OK)
		return reader_fail(s, err, "cannot look up passage");
	store_bind_text(st, 1, ext);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return reader_fail(s, err, "cannot look up passage");
	return ST_OK;
}
