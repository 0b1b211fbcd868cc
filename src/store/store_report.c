/* store_report.c - one-pass reads for the report (see store_report.h). */
#include "convqa/store_report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "store_internal.h"

struct store_reader {
	sqlite3 *db;
	char *path;
};

static enum status reader_fail(struct store_reader *r, struct error *err, const char *what)
{
	if ((sqlite3_errcode(r->db) & 0xff) == SQLITE_CORRUPT)
		return store_damaged(r->path, err, "%s: %s", what, sqlite3_errmsg(r->db));
	return error_set(err, ST_STORE, "%s: %s", what, sqlite3_errmsg(r->db));
}

enum status store_reader_open(struct store *s, struct store_reader **out, struct error *err)
{
	struct store_reader *r = xcalloc(1, sizeof(*r));
	*out = NULL;
	r->path = xstrdup(store_path(s));
	/* a project read as immutable (store_open: a directory that cannot be
	 * written) is read so here too */
	char *uri = s->immutable ? store_immutable_uri(r->path) : NULL;
	int rc = sqlite3_open_v2(uri ? uri : r->path, &r->db,
				 SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | (uri ? SQLITE_OPEN_URI : 0), NULL);
	free(uri);
	if (rc != SQLITE_OK) {
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

const char *store_reader_path(const struct store_reader *r)
{
	return r->path;
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

/* A callback of one of the types above, its context, and what a row the
 * schema never lets in makes of the scan: a damaged project (err). */
struct relay {
	union {
		store_report_item_cb item;
		store_report_ranked_cb ranked;
		store_report_gold_cb gold;
		store_report_rater_cb rater;
		store_report_round_cb round;
		store_report_passage_cb passage;
		store_report_label_cb label;
		store_report_control_cb control;
	} cb;
	void *ctx;
	struct store_reader *rd;
	struct error *err;
	int damaged;
};

/* Stop the scan: the project is damaged, as fmt says ("label 13: ..."). */
static int damaged(struct relay *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int damaged(struct relay *r, const char *fmt, ...)
{
	char what[sizeof(r->err->msg)];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	store_damaged(r->rd->path, r->err, "%s", what);
	r->damaged = 1;
	return 1;
}

/* Names a row in messages ("label 13"): called only on damage, so that a
 * scan of millions of rows formats nothing. */
typedef void (*row_namer)(sqlite3_stmt *st, char *buf, size_t size);

/* Stop the scan at the row st is on, named by name: fmt says what is
 * wrong with it. */
static int damaged_row(struct relay *r, sqlite3_stmt *st, row_namer name, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int damaged_row(struct relay *r, sqlite3_stmt *st, row_namer name, const char *fmt, ...)
{
	char what[256], rest[1024];
	va_list ap;
	name(st, what, sizeof(what));
	va_start(ap, fmt);
	vsnprintf(rest, sizeof(rest), fmt, ap);
	va_end(ap);
	return damaged(r, "%s: %s", what, rest);
}

/* Non-zero (the scan stopped, damaged) when column i of the row is NULL. */
static int null_col(struct relay *r, sqlite3_stmt *st, int i, row_namer name, const char *column)
{
	if (sqlite3_column_type(st, i) != SQLITE_NULL)
		return 0;
	return damaged_row(r, st, name, "%s is NULL, which the schema does not allow", column);
}

/* Whether column i of the row, read as the number v, is a NULL (a NULL
 * reads as 0: asked of SQLite only then, which on millions of rows is a
 * tenth of the scan's time saved). */
static int null_number(sqlite3_stmt *st, int i, double v)
{
	return v == 0 && sqlite3_column_type(st, i) == SQLITE_NULL;
}

/* Statements here run once per report: prepared and finalized locally. */
static enum status each_row(struct store_reader *s, const char *sql, int64_t bind1,
			    int (*row)(sqlite3_stmt *st, struct relay *r), struct relay *r, const char *what,
			    struct error *err)
{
	sqlite3_stmt *st;
	enum status ret = ST_OK;
	int rc;

	r->rd = s;
	r->err = err;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return reader_fail(s, err, what);
	if (bind1)
		sqlite3_bind_int64(st, 1, bind1);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (row(st, r))
			break;
	if (r->damaged)
		ret = ST_STORE;
	else if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = reader_fail(s, err, what);
	sqlite3_finalize(st);
	return ret;
}

static void name_response(sqlite3_stmt *st, char *buf, size_t size)
{
	snprintf(buf, size, "response %lld", (long long)sqlite3_column_int64(st, 0));
}

static void name_turn(sqlite3_stmt *st, char *buf, size_t size)
{
	snprintf(buf, size, "turn %lld", (long long)sqlite3_column_int64(st, 1));
}

static void name_conversation(sqlite3_stmt *st, char *buf, size_t size)
{
	snprintf(buf, size, "conversation %lld", (long long)sqlite3_column_int64(st, 2));
}

static void name_system(sqlite3_stmt *st, char *buf, size_t size)
{
	snprintf(buf, size, "system %lld", (long long)sqlite3_column_int64(st, 6));
}

static int item_row(sqlite3_stmt *st, struct relay *r)
{
	if (null_col(r, st, 1, name_response, "turn_id") || null_col(r, st, 6, name_response, "system_id") ||
	    null_col(r, st, 8, name_response, "answer"))
		return 1;
	if (sqlite3_column_type(st, 9) == SQLITE_NULL)
		return damaged_row(r, st, name_response, "turn_id %lld names no turn",
				   (long long)sqlite3_column_int64(st, 1));
	if (sqlite3_column_type(st, 11) == SQLITE_NULL)
		return damaged_row(r, st, name_response, "system_id %lld names no system",
				   (long long)sqlite3_column_int64(st, 6));
	if (null_col(r, st, 2, name_turn, "conversation_id") || null_col(r, st, 4, name_turn, "position"))
		return 1;
	if (sqlite3_column_type(st, 10) == SQLITE_NULL)
		return damaged_row(r, st, name_turn, "conversation_id %lld names no conversation",
				   (long long)sqlite3_column_int64(st, 2));
	if (null_col(r, st, 3, name_conversation, "ext_id") || null_col(r, st, 7, name_system, "name"))
		return 1;
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
		.turn_rewrite = store_col_text(st, 12),
		.rewrite = store_col_text(st, 13),
		.candidates = store_col_text(st, 14),
	};
	return r->cb.item(&it, r->ctx);
}

#define ITEM_COLUMNS                                                                                   \
	"SELECT r.id, r.turn_id, t.conversation_id, c.ext_id, t.position, t.gold_intent, r.system_id, "   \
	"sy.name, r.answer, t.id, c.id, sy.id, t.rewrite, r.rewrite, r.candidates "

/* Whether the systems' ids ascend in the order of their names (none NULL):
 * then a turn's responses in system_id order are in name order. */
static int systems_by_name(struct store_reader *s)
{
	sqlite3_stmt *st;
	int ok = 1, rc;
	int64_t prev = 0;
	if (sqlite3_prepare_v2(s->db, "SELECT id, name FROM system ORDER BY name", -1, &st, NULL) != SQLITE_OK)
		return 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && ok) {
		int64_t id = sqlite3_column_int64(st, 0);
		ok = sqlite3_column_type(st, 1) != SQLITE_NULL && id > prev;
		prev = id;
	}
	sqlite3_finalize(st);
	return ok && (rc == SQLITE_DONE || rc == SQLITE_ROW);
}

static int64_t count_rows(struct store_reader *s, const char *sql)
{
	sqlite3_stmt *st;
	int64_t n = -1;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

struct item_count {
	store_report_item_cb cb;
	void *ctx;
	int64_t n;
	int stopped;
};

static int count_item(const struct store_report_item *it, void *data)
{
	struct item_count *ic = data;
	ic->n++;
	return ic->stopped = ic->cb(it, ic->ctx);
}

enum status store_report_items(struct store_reader *s, store_report_item_cb cb, void *ctx,
			       struct error *err)
{
	struct relay r = { .ctx = ctx };
	r.cb.item = cb;
	/* By the turns' (conversation, position) index and the responses'
	 * (turn, system) index: no sort, where a sort of every item with its
	 * texts spilled to temporary files (0.6 s of 3 at 1 million items,
	 * much more when the disk is busy). It orders a turn's responses by
	 * system id, which is their names' order when the systems' ids
	 * ascend with their names. */
	if (systems_by_name(s)) {
		struct item_count ic = { cb, ctx, 0, 0 };
		r.cb.item = count_item;
		r.ctx = &ic;
		enum status st = each_row(s, ITEM_COLUMNS "FROM turn t CROSS JOIN response r ON r.turn_id = t.id "
					  "LEFT JOIN conversation c ON c.id = t.conversation_id "
					  "LEFT JOIN system sy ON sy.id = r.system_id "
					  "ORDER BY t.conversation_id, t.position, r.system_id",
					  0, item_row, &r, "cannot read items", err);
		if (st != ST_OK || ic.stopped || ic.n == count_rows(s, "SELECT count(*) FROM response"))
			return st;
		/* a response whose turn is gone: the scan below names it first */
		r = (struct relay){ .ctx = ctx };
		r.cb.item = cb;
	}
	/* outer joins: a response whose turn or system is gone is damage to
	 * say, not an item to leave out */
	return each_row(s, ITEM_COLUMNS "FROM response r LEFT JOIN turn t ON t.id = r.turn_id "
			"LEFT JOIN conversation c ON c.id = t.conversation_id "
			"LEFT JOIN system sy ON sy.id = r.system_id "
			"ORDER BY c.id, t.position, sy.name",
			0, item_row, &r, "cannot read items", err);
}

static void name_ranked(sqlite3_stmt *st, char *buf, size_t size)
{
	snprintf(buf, size, "retrieved (response_id %lld, rank %lld)", (long long)sqlite3_column_int64(st, 0),
		 (long long)sqlite3_column_int64(st, 1));
}

static int ranked_row(sqlite3_stmt *st, struct relay *r)
{
	struct store_report_ranked rk = {
		.response_id = sqlite3_column_int64(st, 0),
		.rank = (long)sqlite3_column_int64(st, 1),
		.passage_id = sqlite3_column_int64(st, 2),
	};
	const char *null = null_number(st, 0, (double)rk.response_id) ? "response_id"
			 : null_number(st, 1, (double)rk.rank) ? "rank"
			 : null_number(st, 2, (double)rk.passage_id) ? "passage_id" : NULL;
	if (null)
		return damaged_row(r, st, name_ranked, "%s is NULL, which the schema does not allow", null);
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

static int passage_row(sqlite3_stmt *st, struct relay *r)
{
	return r->cb.passage(sqlite3_column_int64(st, 0), r->ctx);
}

enum status store_report_passages(struct store_reader *s, store_report_passage_cb cb, void *ctx,
				  struct error *err)
{
	struct relay r = { .ctx = ctx };
	r.cb.passage = cb;
	/* the ids alone: a scan of the ext id index, not of the texts */
	return each_row(s, "SELECT id FROM passage", 0, passage_row, &r, "cannot read passages", err);
}

static void name_gold_answer(sqlite3_stmt *st, char *buf, size_t size)
{
	snprintf(buf, size, "gold_answer (turn_id %lld, seq %lld)", (long long)sqlite3_column_int64(st, 0),
		 (long long)sqlite3_column_int64(st, 2));
}

static int gold_answer_row(sqlite3_stmt *st, struct relay *r)
{
	if (null_col(r, st, 0, name_gold_answer, "turn_id") || null_col(r, st, 1, name_gold_answer, "text"))
		return 1;
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
	/* a turn without responses has no item: its gold is not the report's
	 * (a gold answer naming no turn at all is damage to say) */
	return each_row(s, "SELECT g.turn_id, g.text, g.seq FROM gold_answer g "
			"WHERE EXISTS (SELECT 1 FROM response r WHERE r.turn_id = g.turn_id) "
			"OR NOT EXISTS (SELECT 1 FROM turn t WHERE t.id = g.turn_id) ORDER BY g.turn_id, g.seq",
			0, gold_answer_row, &r, "cannot read gold answers", err);
}

static void name_gold_passage(sqlite3_stmt *st, char *buf, size_t size)
{
	const char *ext = store_col_text(st, 1);
	snprintf(buf, size, "gold_passage (turn_id %lld, passage_ext %s%s%s)", (long long)sqlite3_column_int64(st, 0),
		 ext ? "'" : "", ext ? ext : "NULL", ext ? "'" : "");
}

static int gold_passage_row(sqlite3_stmt *st, struct relay *r)
{
	if (null_col(r, st, 0, name_gold_passage, "turn_id") || null_col(r, st, 1, name_gold_passage, "passage_ext"))
		return 1;
	struct store_report_gold g = {
		.turn_id = sqlite3_column_int64(st, 0),
		.passage_ext = store_col_text(st, 1),
		.passage_id = sqlite3_column_int64(st, 2),   /* NULL reads as 0 */
		.grade = sqlite3_column_int64(st, 3),
	};
	return r->cb.gold(&g, r->ctx);
}

enum status store_report_gold_passages(struct store_reader *s, store_report_gold_cb cb, void *ctx,
				       struct error *err)
{
	struct relay r = { .ctx = ctx };
	r.cb.gold = cb;
	return each_row(s,
			"SELECT g.turn_id, g.passage_ext, p.id, g.grade FROM gold_passage g "
			"LEFT JOIN passage p ON p.ext_id = g.passage_ext "
			"WHERE EXISTS (SELECT 1 FROM response r WHERE r.turn_id = g.turn_id) "
			"OR NOT EXISTS (SELECT 1 FROM turn t WHERE t.id = g.turn_id) ORDER BY g.turn_id, g.passage_ext",
			0, gold_passage_row, &r, "cannot read gold passages", err);
}

static void name_rater(sqlite3_stmt *st, char *buf, size_t size)
{
	snprintf(buf, size, "rater %lld", (long long)sqlite3_column_int64(st, 0));
}

static int rater_row(sqlite3_stmt *st, struct relay *r)
{
	if (null_col(r, st, 1, name_rater, "name") || null_col(r, st, 2, name_rater, "role") ||
	    null_col(r, st, 3, name_rater, "trusted"))
		return 1;
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

static void name_round(sqlite3_stmt *st, char *buf, size_t size)
{
	snprintf(buf, size, "round %lld", (long long)sqlite3_column_int64(st, 0));
}

static int round_row(sqlite3_stmt *st, struct relay *r)
{
	if (null_col(r, st, 1, name_round, "name"))
		return 1;
	struct store_report_round ro = { sqlite3_column_int64(st, 0), store_col_text(st, 1) };
	return r->cb.round(&ro, r->ctx);
}

enum status store_report_rounds(struct store_reader *s, store_report_round_cb cb, void *ctx,
				struct error *err)
{
	struct relay r = { .ctx = ctx };
	r.cb.round = cb;
	return each_row(s, "SELECT id, name FROM round ORDER BY id", 0, round_row, &r, "cannot read rounds", err);
}

static void name_label(sqlite3_stmt *st, char *buf, size_t size)
{
	snprintf(buf, size, "label %lld", (long long)sqlite3_column_int64(st, 11));
}

void store_label_row_read(sqlite3_stmt *st, struct store_report_label *l, const char **unit)
{
	*l = (struct store_report_label){
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
		.id = sqlite3_column_int64(st, 11),
	};
	*unit = store_col_text(st, 8);
}

static int label_row(sqlite3_stmt *st, struct relay *r)
{
	struct store_report_label l;
	const char *unit;
	store_label_row_read(st, &l, &unit);
	const char *null = null_number(st, 0, (double)l.response_id) ? "response_id"
			 : null_number(st, 1, (double)l.rater_id) ? "rater_id"
			 : !l.task ? "task"
			 : !l.field ? "field"
			 : null_number(st, 4, (double)l.passage_rank) ? "passage_rank"
			 : null_number(st, 6, l.seconds) ? "seconds"
			 : !unit ? "unit"
			 : null_number(st, 9, (double)l.turn_id) ? "turn_id"
			 : null_number(st, 10, (double)l.unit_ref) ? "unit_ref" : NULL;
	if (null)
		return damaged_row(r, st, name_label, "%s is NULL, which the schema does not allow", null);
	if (scheme_unit_parse(unit, &l.unit) != 0)
		return damaged_row(r, st, name_label, "unit '%s' is none of turn, passage, response, answer", unit);
	return r->cb.label(&l, r->ctx);
}

struct pack_relay {
	struct relay *r;
	int64_t round_id;
};

static int pack_row(const struct store_report_label *l, void *ctx)
{
	struct pack_relay *p = ctx;
	if (p->round_id > 0 && l->round_id != p->round_id)
		return 0;
	return p->r->cb.label(l, p->r->ctx);
}

/* The label rows of the packs (store_label_pack.c), in id order. */
static enum status label_packs(struct store_reader *s, int64_t round_id, struct relay *r, int *stopped,
			       struct error *err)
{
	sqlite3_stmt *st;
	struct pack_relay p = { r, round_id };
	int64_t after = 0;
	uint32_t dict = 0;
	int rc, stop = 0;
	r->rd = s;
	r->err = err;
	if (sqlite3_prepare_v2(s->db, STORE_LABEL_PACK_SELECT, -1, &st, NULL) != SQLITE_OK)
		return reader_fail(s, err, "cannot read labels");
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t last = sqlite3_column_int64(st, 0), first = sqlite3_column_int64(st, 1);
		const char *why = store_label_pack_row_problem(st, &after);
		stop = why ? -1
			   : store_label_pack_rows(sqlite3_column_blob(st, 3), (size_t)sqlite3_column_bytes(st, 3), first,
						   last, sqlite3_column_int64(st, 2), ++dict, pack_row, &p, &why);
		if (stop < 0)
			damaged(r, "label_pack %lld (labels %lld to %lld): %s; it is a copy of the label rows kept for "
				"the report: delete it (sqlite3 FILE 'DELETE FROM label_pack') and convqa packs them again",
				(long long)last, (long long)first, (long long)last, why);
	}
	enum status ret = r->damaged ? ST_STORE
			  : !stop && rc != SQLITE_DONE ? reader_fail(s, err, "cannot read labels") : ST_OK;
	sqlite3_finalize(st);
	*stopped = stop != 0;
	return ret;
}

enum status store_report_labels(struct store_reader *s, int64_t round_id, store_report_label_cb cb,
				void *ctx, struct error *err)
{
	struct relay r = { .ctx = ctx };
	r.cb.label = cb;
	/* The packs, then the rows after them: a rowid-order scan of the
	 * table. On 2.9 million rows that scan takes about a quarter of the
	 * time of walking the label_key index (a table lookup per row) and an
	 * eighth of GROUP BY ... max(id) or the per-row "is current" subquery;
	 * reading the same rows from packs takes a tenth of it. The caller
	 * keeps the last value of each key. Only the columns the report needs:
	 * each column read costs as much as the scan. */
	static const char all[] =
		"SELECT " STORE_LABEL_ROW_COLUMNS " FROM label "
		"WHERE id > (SELECT coalesce(max(last_id), 0) FROM label_pack) ORDER BY id";
	static const char one[] =
		"SELECT " STORE_LABEL_ROW_COLUMNS " FROM label "
		"WHERE id > (SELECT coalesce(max(last_id), 0) FROM label_pack) AND round_id = ?1 ORDER BY id";
	int stopped = 0;
	enum status st = label_packs(s, round_id, &r, &stopped, err);
	if (st != ST_OK || stopped)
		return st;
	return each_row(s, round_id > 0 ? one : all, round_id > 0 ? round_id : 0, label_row, &r,
			"cannot read labels", err);
}

static int control_row(sqlite3_stmt *st, struct relay *r)
{
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
			/* a control pair's label is on its response_a (store_pair.h); no
			 * other pair of its turn is in its rater's queue (round create) */
			"SELECT round_id, rater_id, response_id FROM assignment WHERE control = 1 UNION ALL "
			"SELECT pa.round_id, pa.rater_id, p.response_a FROM pair_assignment pa JOIN pair p "
			"ON p.id = pa.pair_id WHERE pa.control = 1 "
			"ORDER BY 1, 2, 3",
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

enum status store_report_scores(struct store_reader *s, store_report_score_cb cb, void *ctx, struct error *err)
{
	sqlite3_stmt *st;
	int rc;
	if (sqlite3_prepare_v2(s->db, "SELECT response_id, name, value FROM response_score ORDER BY name, response_id",
			       -1, &st, NULL) != SQLITE_OK)
		return reader_fail(s, err, "cannot read imported scores");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 1);
		struct store_report_score sc = { sqlite3_column_int64(st, 0), name ? name : "",
						 sqlite3_column_double(st, 2) };
		if (cb(&sc, ctx))
			break;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return reader_fail(s, err, "cannot read imported scores");
	return ST_OK;
}
