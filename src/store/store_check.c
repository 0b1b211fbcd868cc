/* store_check.c - what is wrong in a project file, as far as SQL can tell
 * (see store_check.h). The schema the file should have is made afresh in
 * memory by the same migrations, and compared with the file's. */
#include "convqa/store_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/strbuf.h"
#include "store_internal.h"

struct checker {
	struct store *s;
	struct store *ref;         /* the schema as this convqa makes it */
	store_check_cb cb;
	void *ctx;
	long shown, more;          /* of the kind of problem being listed */
};

static void say(struct checker *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(struct checker *c, const char *fmt, ...)
{
	char line[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	c->cb(line, c->ctx);
}

/* A problem of the kind being listed: said, or counted past the first
 * STORE_CHECK_SHOWN. Returns whether to say it. */
static int one_more(struct checker *c)
{
	if (c->shown < STORE_CHECK_SHOWN) {
		c->shown++;
		return 1;
	}
	c->more++;
	return 0;
}

/* The end of a kind of problem on table: how many were not said. */
static void end_kind(struct checker *c, const char *table, const char *what)
{
	if (c->more)
		say(c, "%s: %ld more rows %s", table, c->more, what);
	c->shown = c->more = 0;
}

/* Run sql on db; row() for each row. A statement that cannot be prepared
 * (a table the file lacks: said by the schema check) is skipped; a file
 * that cannot be read says so. */
static void each(struct checker *c, sqlite3 *db, const char *sql, void (*row)(struct checker *, sqlite3_stmt *, void *),
		 void *data)
{
	sqlite3_stmt *st;
	int rc;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		row(c, st, data);
	if (rc != SQLITE_DONE)
		say(c, "file: cannot be read through: %s", sqlite3_errmsg(db));
	sqlite3_finalize(st);
}

/* ---- the file -------------------------------------------------------------- */

/* A row of PRAGMA integrity_check: "ok", or lines of problems under a
 * "*** in database main ***" heading. */
static void integrity_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	const char *msg = store_col_text(st, 0);
	(void)data;
	if (!msg || strcmp(msg, "ok") == 0)
		return;
	for (const char *p = msg; *p;) {
		size_t len = strcspn(p, "\n");
		if (len && strncmp(p, "*** in database", 15) != 0)
			say(c, "file: %.*s", (int)len, p);
		p += len;
		p += *p == '\n';
	}
}

/* ---- the schema ------------------------------------------------------------- */

/* sql without double quotes and with runs of white space as one space: the
 * text SQLite keeps of a definition varies so (ALTER TABLE ... RENAME). */
static char *normalised(const char *sql)
{
	struct strbuf sb = STRBUF_INIT;
	int space = 0;
	for (const char *p = sql ? sql : ""; *p; p++) {
		if (*p == '"')
			continue;
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			space = 1;
			continue;
		}
		if (space && sb.len)
			strbuf_addc(&sb, ' ');
		space = 0;
		strbuf_addc(&sb, *p);
	}
	return strbuf_detach(&sb);
}

static void schema_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	static const struct { const char *type, *why; } missing[] = {
		{ "table", "its rows are lost" },
		{ "index", "queries that use it are slow" },
		{ "trigger", "what it guards is not guarded" },
		{ "view", "" },
	};
	const char *type = store_col_text(st, 0), *name = store_col_text(st, 1), *sql = store_col_text(st, 2);
	sqlite3_stmt *q;
	(void)data;
	if (!type || !name || sqlite3_prepare_v2(c->s->db, "SELECT sql FROM sqlite_schema WHERE type = ? AND name = ?",
						 -1, &q, NULL) != SQLITE_OK)
		return;
	store_bind_text(q, 1, type);
	store_bind_text(q, 2, name);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_DONE) {
		const char *why = "";
		for (size_t i = 0; i < ARRAY_SIZE(missing); i++)
			if (strcmp(missing[i].type, type) == 0)
				why = missing[i].why;
		say(c, "%s %s: missing (%s%sthe schema has it)", type, name, why, *why ? "; " : "");
	} else if (rc == SQLITE_ROW) {
		char *want = normalised(sql), *have = normalised(store_col_text(q, 0));
		if (strcmp(want, have) != 0)
			say(c, "%s %s: its definition differs from the schema's (changed outside convqa)", type, name);
		free(want);
		free(have);
	}
	sqlite3_finalize(q);
}

/* ---- naming rows -------------------------------------------------------------- */

/* How the rows of a table are named: "label 13" by rowid, or by the
 * primary key of a table without one: "retrieved (response_id 1, rank 1)". */
struct naming {
	char table[128];
	char cols[4][64];
	int n;                     /* primary key columns; 0: the rowid */
};

static void naming_of(struct checker *c, const char *table, struct naming *nm)
{
	sqlite3_stmt *st;
	memset(nm, 0, sizeof(*nm));
	snprintf(nm->table, sizeof(nm->table), "%s", table);
	char *sql = sqlite3_mprintf("SELECT sql LIKE '%%WITHOUT ROWID%%' FROM sqlite_schema WHERE name = %Q", table);
	int wr = 0;
	if (sqlite3_prepare_v2(c->s->db, sql, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			wr = sqlite3_column_int(st, 0);
		sqlite3_finalize(st);
	}
	sqlite3_free(sql);
	if (!wr)
		return;
	sql = sqlite3_mprintf("SELECT name FROM pragma_table_info(%Q) WHERE pk > 0 ORDER BY pk", table);
	if (sqlite3_prepare_v2(c->s->db, sql, -1, &st, NULL) == SQLITE_OK) {
		while (nm->n < 4 && sqlite3_step(st) == SQLITE_ROW)
			snprintf(nm->cols[nm->n++], sizeof(nm->cols[0]), "%s", store_col_text(st, 0));
		sqlite3_finalize(st);
	}
	sqlite3_free(sql);
}

/* The columns that name a row, for a SELECT list (caller frees). */
static char *naming_select(const struct naming *nm)
{
	struct strbuf sb = STRBUF_INIT;
	if (!nm->n)
		strbuf_adds(&sb, "rowid");
	for (int i = 0; i < nm->n; i++) {
		char *q = sqlite3_mprintf("%s\"%w\"", i ? ", " : "", nm->cols[i]);
		strbuf_adds(&sb, q);
		sqlite3_free(q);
	}
	return strbuf_detach(&sb);
}

/* A value as a message shows it: a number, 'text' or NULL. */
static void add_value(struct strbuf *sb, sqlite3_stmt *st, int i)
{
	switch (sqlite3_column_type(st, i)) {
	case SQLITE_NULL:
		strbuf_adds(sb, "NULL");
		break;
	case SQLITE_INTEGER:
		strbuf_addf(sb, "%lld", (long long)sqlite3_column_int64(st, i));
		break;
	case SQLITE_FLOAT:
		strbuf_addf(sb, "%g", sqlite3_column_double(st, i));
		break;
	default:
		strbuf_addf(sb, "'%s'", store_col_text(st, i));
		break;
	}
}

/* The name of the row st is on (its first columns: naming_select()). */
static char *row_name(const struct naming *nm, sqlite3_stmt *st)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, nm->table);
	if (!nm->n) {
		strbuf_addf(&sb, " %lld", (long long)sqlite3_column_int64(st, 0));
		return strbuf_detach(&sb);
	}
	for (int i = 0; i < nm->n; i++) {
		strbuf_addf(&sb, "%s%s ", i ? ", " : " (", nm->cols[i]);
		add_value(&sb, st, i);
	}
	strbuf_addc(&sb, ')');
	return strbuf_detach(&sb);
}

/* ---- NOT NULL ------------------------------------------------------------------ */

struct nulls {
	struct naming nm;
	char cols[32][64];
	int n;
};

static void null_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	struct nulls *nu = data;
	int first = nu->nm.n ? nu->nm.n : 1;
	for (int i = 0; i < nu->n; i++) {
		if (!sqlite3_column_int(st, first + i) || !one_more(c))
			continue;
		char *name = row_name(&nu->nm, st);
		say(c, "%s: %s is NULL, which the schema does not allow", name, nu->cols[i]);
		free(name);
	}
}

/* The rows of table with a NULL in a column the schema's table declares NOT
 * NULL, read in one scan. */
static void check_nulls(struct checker *c, const char *table)
{
	struct nulls nu;
	sqlite3_stmt *st;
	memset(&nu, 0, sizeof(nu));
	/* the schema's NOT NULL columns, asked of the reference; the file must have the column */
	if (sqlite3_prepare_v2(c->ref->db, "SELECT name FROM pragma_table_info(?) WHERE \"notnull\" ORDER BY cid", -1,
			       &st, NULL) == SQLITE_OK) {
		store_bind_text(st, 1, table);
		while (nu.n < 32 && sqlite3_step(st) == SQLITE_ROW)
			snprintf(nu.cols[nu.n++], sizeof(nu.cols[0]), "%s", store_col_text(st, 0));
		sqlite3_finalize(st);
	}
	if (!nu.n)
		return;
	naming_of(c, table, &nu.nm);
	char *names = naming_select(&nu.nm);
	struct strbuf q = STRBUF_INIT, where = STRBUF_INIT;
	strbuf_addf(&q, "SELECT %s", names);
	for (int i = 0; i < nu.n; i++) {
		char *isnull = sqlite3_mprintf("\"%w\" IS NULL", nu.cols[i]);
		strbuf_addf(&q, ", %s", isnull);
		strbuf_addf(&where, "%s%s", i ? " OR " : "", isnull);
		sqlite3_free(isnull);
	}
	char *from = sqlite3_mprintf(" FROM \"%w\" WHERE ", table);
	strbuf_adds(&q, from);
	strbuf_adds(&q, strbuf_str(&where));
	each(c, c->s->db, strbuf_str(&q), null_row, &nu);
	end_kind(c, table, "hold a NULL the schema does not allow");
	sqlite3_free(from);
	free(names);
	strbuf_release(&q);
	strbuf_release(&where);
}

static void table_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	(void)data;
	check_nulls(c, store_col_text(st, 0));
}

/* ---- references ------------------------------------------------------------------ */

struct fk {
	struct naming nm;
	char from[64], parent[128];
};

static void dangling_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	struct fk *fk = data;
	if (!one_more(c))
		return;
	char *name = row_name(&fk->nm, st);
	struct strbuf v = STRBUF_INIT;
	add_value(&v, st, fk->nm.n ? fk->nm.n : 1);
	say(c, "%s: %s %s names no %s", name, fk->from, strbuf_str(&v), fk->parent);
	strbuf_release(&v);
	free(name);
}

/* The rows of table whose foreign key fkid names no row. */
static void check_fk(struct checker *c, const char *table, int fkid)
{
	struct fk fk;
	sqlite3_stmt *st;
	char to[64] = "";
	memset(&fk, 0, sizeof(fk));
	char *sql = sqlite3_mprintf("SELECT \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(%Q) WHERE id = %d "
				    "AND seq = 0", table, fkid);
	int found = 0;
	if (sqlite3_prepare_v2(c->s->db, sql, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW) {
			found = 1;
			snprintf(fk.parent, sizeof(fk.parent), "%s", store_col_text(st, 0) ? store_col_text(st, 0) : "");
			snprintf(fk.from, sizeof(fk.from), "%s", store_col_text(st, 1) ? store_col_text(st, 1) : "");
			snprintf(to, sizeof(to), "%s", store_col_text(st, 2) ? store_col_text(st, 2) : "rowid");
		}
		sqlite3_finalize(st);
	}
	sqlite3_free(sql);
	if (!found)
		return;
	naming_of(c, table, &fk.nm);
	char *names = naming_select(&fk.nm);
	sql = sqlite3_mprintf("SELECT %s, t.\"%w\" FROM \"%w\" t WHERE t.\"%w\" IS NOT NULL AND NOT EXISTS "
			      "(SELECT 1 FROM \"%w\" p WHERE p.\"%w\" = t.\"%w\") ORDER BY 1", names, fk.from, table,
			      fk.from, fk.parent, to, fk.from);
	each(c, c->s->db, sql, dangling_row, &fk);
	sqlite3_free(sql);
	free(names);
	char what[256];
	snprintf(what, sizeof(what), "whose %s names no %s", fk.from, fk.parent);
	end_kind(c, table, what);
}

struct fk_seen {
	char (*keys)[192];
	size_t n, cap;
};

static void fk_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	struct fk_seen *seen = data;
	char key[192];
	(void)c;
	snprintf(key, sizeof(key), "%s\t%d", store_col_text(st, 0) ? store_col_text(st, 0) : "",
		 sqlite3_column_int(st, 3));
	for (size_t i = 0; i < seen->n; i++)
		if (strcmp(seen->keys[i], key) == 0)
			return;
	xgrow(&seen->keys, &seen->cap, seen->n + 1, sizeof(*seen->keys));
	memcpy(seen->keys[seen->n++], key, sizeof(key));
}

static void check_references(struct checker *c)
{
	struct fk_seen seen = { 0 };
	each(c, c->s->db, "PRAGMA foreign_key_check", fk_row, &seen);
	for (size_t i = 0; i < seen.n; i++) {
		char *tab = strchr(seen.keys[i], '\t');
		*tab = '\0';
		check_fk(c, seen.keys[i], atoi(tab + 1));
	}
	free(seen.keys);
}

/* ---- the labels' rules ------------------------------------------------------------ */

static void unit_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	(void)data;
	if (one_more(c))
		say(c, "label %lld: unit '%s' is none of turn, passage, response, answer",
		    (long long)sqlite3_column_int64(st, 0), store_col_text(st, 1));
}

static void turn_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	(void)data;
	if (one_more(c))
		say(c, "label %lld: turn_id %lld is not the turn of response %lld (turn %lld)",
		    (long long)sqlite3_column_int64(st, 0), (long long)sqlite3_column_int64(st, 1),
		    (long long)sqlite3_column_int64(st, 2), (long long)sqlite3_column_int64(st, 3));
}

static void unassigned_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	(void)data;
	if (one_more(c))
		say(c, "label %lld: in round %s on response %lld, which the round does not assign to rater %s",
		    (long long)sqlite3_column_int64(st, 0), store_col_text(st, 1), (long long)sqlite3_column_int64(st, 2),
		    store_col_text(st, 3));
}

static void late_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	(void)data;
	if (one_more(c))
		say(c, "label %lld: given %s, after round %s closed (%s)", (long long)sqlite3_column_int64(st, 0),
		    store_col_text(st, 1), store_col_text(st, 2), store_col_text(st, 3));
}

static void check_labels(struct checker *c)
{
	each(c, c->s->db, "SELECT id, unit FROM label WHERE unit NOT IN ('turn','passage','response','answer','pair') "
	     "ORDER BY id", unit_row, NULL);
	end_kind(c, "label", "with a unit that is none");
	each(c, c->s->db, "SELECT l.id, l.turn_id, l.response_id, r.turn_id FROM label l "
	     "JOIN response r ON r.id = l.response_id JOIN turn t ON t.id = l.turn_id "
	     "WHERE l.turn_id <> r.turn_id ORDER BY l.id", turn_row, NULL);
	end_kind(c, "label", "whose turn is not their response's");
	/* an adjudicator settles the round: on any item, closed or not */
	each(c, c->s->db, "SELECT l.id, ro.name, l.response_id, ra.name FROM label l "
	     "JOIN round ro ON ro.id = l.round_id JOIN rater ra ON ra.id = l.rater_id "
	     "WHERE ra.role <> 'adjudicator' AND NOT EXISTS (SELECT 1 FROM assignment a "
	     "WHERE a.round_id = l.round_id AND a.rater_id = l.rater_id AND a.response_id = l.response_id) "
	     "AND NOT (l.unit = 'pair' AND EXISTS (SELECT 1 FROM pair_assignment a "
	     "WHERE a.round_id = l.round_id AND a.rater_id = l.rater_id AND a.pair_id = l.unit_ref)) "
	     "ORDER BY l.id", unassigned_row, NULL);
	end_kind(c, "label", "on items their round does not assign to their rater");
	each(c, c->s->db, "SELECT l.id, l.created_at, ro.name, ro.closed_at FROM label l "
	     "JOIN round ro ON ro.id = l.round_id JOIN rater ra ON ra.id = l.rater_id "
	     "WHERE ra.role <> 'adjudicator' AND ro.status = 'closed' AND ro.closed_at IS NOT NULL "
	     "AND julianday(l.created_at) > julianday(ro.closed_at) ORDER BY l.id", late_row, NULL);
	end_kind(c, "label", "given after their round closed");
}

/* A label pack (store_label_pack.c) that does not hold exactly the label
 * rows of its range: the report would read other labels than the table's. */
static void pack_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	char why[256];
	struct error err;
	int64_t last = sqlite3_column_int64(st, 0), first = sqlite3_column_int64(st, 1);
	const char *problem = store_label_pack_row_problem(st, data);
	if (problem)
		snprintf(why, sizeof(why), "%s", problem);
	else if (store_label_pack_verify(c->s, first, last, sqlite3_column_int64(st, 2), sqlite3_column_blob(st, 3),
					 (size_t)sqlite3_column_bytes(st, 3), why, sizeof(why), &err) != ST_OK)
		snprintf(why, sizeof(why), "cannot be compared with its rows");
	if (why[0] && one_more(c))
		say(c, "label_pack %lld (labels %lld to %lld): %s (a copy of the label rows kept for the report: "
		    "delete it with sqlite3 FILE 'DELETE FROM label_pack' and convqa packs them again)",
		    (long long)last, (long long)first, (long long)last, why);
}

static void check_label_packs(struct checker *c)
{
	int64_t after = 0;
	each(c, c->s->db, STORE_LABEL_PACK_SELECT, pack_row, &after);
	end_kind(c, "label_pack", "that are not their labels' copy");
}

/* ---- all --------------------------------------------------------------------------- */

int store_check_version(struct store *s)
{
	sqlite3_stmt *st;
	int v = -1;
	if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

enum status store_check(struct store *s, store_check_cb cb, void *ctx, struct error *err)
{
	struct checker c = { .s = s, .cb = cb, .ctx = ctx };
	/* the tables as they are, an import's hidden rows too */
	enum status st = store_pending_views(s, 0, err);
	if (st != ST_OK)
		return st;
	int v = store_check_version(s);
	if (v != STORE_SCHEMA_VERSION)
		say(&c, "file: schema version %d, not %d (this convqa's)", v, STORE_SCHEMA_VERSION);
	each(&c, s->db, "PRAGMA integrity_check(100)", integrity_row, NULL);
	st = store_open(":memory:", STORE_CREATE, &c.ref, err);
	if (st == ST_OK)
		st = store_pending_views(c.ref, 0, err);
	if (st != ST_OK) {
		store_close(c.ref);
		return st;
	}
	each(&c, c.ref->db, "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' AND sql IS NOT NULL "
	     "ORDER BY rowid", schema_row, NULL);
	each(&c, c.ref->db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
	     "AND sql LIKE 'CREATE TABLE%' ORDER BY rowid", table_row,
	     NULL);
	check_references(&c);
	check_labels(&c);
	check_label_packs(&c);
	store_close(c.ref);
	return store_pending_views(s, 1, err);
}

/* ---- rows for the rules of the schemes ---------------------------------------------- */

struct task_relay {
	store_check_task_cb task;
	store_check_value_cb value;
	void *ctx;
};

static void task_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	const struct task_relay *r = data;
	(void)c;
	r->task(store_col_text(st, 0), sqlite3_column_int64(st, 1), store_col_text(st, 2), r->ctx);
}

static void ignore(const char *problem, void *ctx)
{
	(void)problem;
	(void)ctx;
}

enum status store_check_tasks(struct store *s, store_check_task_cb cb, void *ctx, struct error *err)
{
	struct checker c = { .s = s, .cb = ignore };
	struct task_relay r = { .task = cb, .ctx = ctx };
	(void)err;
	each(&c, s->db, "SELECT 'label', min(id), task FROM label WHERE task IS NOT NULL GROUP BY task "
	     "UNION ALL SELECT 'round', min(id), task FROM round WHERE task IS NOT NULL GROUP BY task "
	     "UNION ALL SELECT 'guidelines', min(id), task FROM guidelines WHERE task IS NOT NULL GROUP BY task "
	     "ORDER BY 1 DESC, 2", task_row, &r);
	return ST_OK;
}

static void value_row(struct checker *c, sqlite3_stmt *st, void *data)
{
	const struct task_relay *r = data;
	(void)c;
	r->value(sqlite3_column_int64(st, 0), store_col_text(st, 1), store_col_text(st, 2), store_col_text(st, 3),
		 r->ctx);
}

enum status store_check_values(struct store *s, store_check_value_cb cb, void *ctx, struct error *err)
{
	struct checker c = { .s = s, .cb = ignore };
	struct task_relay r = { .value = cb, .ctx = ctx };
	(void)err;
	each(&c, s->db, "SELECT min(id), task, field, value FROM label WHERE task IS NOT NULL AND field IS NOT NULL "
	     "GROUP BY task, field, value ORDER BY 1", value_row, &r);
	return ST_OK;
}
