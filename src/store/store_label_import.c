/* store_label_import.c - labels from another copy of the project: reading
 * that copy without writing it, and adding label rows as they were given
 * (their own time), each once, the latest by time current. See store.h. */
#include "store_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- another project, read only ------------------------------------------- */

/* The schema version of db, or -1 with db's error. */
static int schema_version(sqlite3 *db)
{
	sqlite3_stmt *q = NULL;
	int version = -1;
	if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &q, NULL) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW)
		version = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return version;
}

/* What store_labels_each() reads of another copy: tables each, never a
 * view (a forged file's view over a recursive query has rows without end)
 * nor a virtual table. */
static const char *const read_tables[] = { "label", "response", "turn", "conversation", "system", "rater",
					   "round", "retrieved", "passage" };

static enum status check_tables(struct store *s, struct error *err)
{
	sqlite3_stmt *q;
	enum status st = ST_OK;
	if (sqlite3_prepare_v2(s->db, "SELECT type, sql LIKE 'CREATE VIRTUAL%' FROM sqlite_schema "
			       "WHERE name = ?1 COLLATE NOCASE", -1, &q, NULL) != SQLITE_OK)
		return error_set(err, ST_STORE, "cannot read project '%s': %s", s->path, sqlite3_errmsg(s->db));
	for (size_t i = 0; i < ARRAY_SIZE(read_tables) && st == ST_OK; i++) {
		sqlite3_bind_text(q, 1, read_tables[i], -1, SQLITE_STATIC);
		int rc = sqlite3_step(q);
		const char *type = rc == SQLITE_ROW ? store_col_text(q, 0) : NULL;
		if (rc != SQLITE_ROW && rc != SQLITE_DONE)
			st = error_set(err, ST_STORE, "cannot read project '%s': %s", s->path, sqlite3_errmsg(s->db));
		else if (!type)
			st = error_set(err, ST_STORE, "'%s' is not a project as convqa writes it: it has no table %s "
				       "(a forged or damaged file?)", s->path, read_tables[i]);
		else if (strcmp(type, "table") != 0 || sqlite3_column_int(q, 1))
			st = error_set(err, ST_STORE, "'%s' is not a project as convqa writes it: its %s is a %s, not "
				       "a table (a forged or damaged file?)", s->path, read_tables[i],
				       strcmp(type, "table") == 0 ? "virtual table" : type);
		sqlite3_reset(q);
	}
	sqlite3_finalize(q);
	return st;
}

/* sqlite3_progress_handler: every thousand VM steps, one of the budget */
static int spend(void *ctx)
{
	struct store *s = ctx;
	if (s->work_left == 0) {
		s->over_budget = 1;
		return 1;   /* the statement fails with SQLITE_INTERRUPT; store_fail() says why */
	}
	s->work_left--;
	return 0;
}

/* The work reading a copy of `size` bytes may take: a project's labels
 * take well under one VM step a byte to read (2,900,000 label rows in
 * 625 MB: 0.33), so 64 a byte, and a million for the schema, is room
 * enough, and a forged file whose joins multiply rows is stopped early. */
static void set_budget(struct store *s)
{
	struct stat st;
	char *wal = xasprintf("%s-wal", s->path);
	s->size = (stat(s->path, &st) == 0 ? (long long)st.st_size : 0) +
		  (stat(wal, &st) == 0 ? (long long)st.st_size : 0);
	free(wal);
	s->work_left = 1000 + 64ULL * (unsigned long long)s->size / 1000;
	sqlite3_progress_handler(s->db, 1000, spend, s);
}

enum status store_open_read_only(const char *path, struct store **out, struct error *err)
{
	struct store *s = xcalloc(1, sizeof(*s));
	enum status st = ST_OK;
	*out = NULL;
	s->path = xstrdup(path);
	if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		st = error_set(err, ST_STORE, "cannot open project '%s': %s", path, sqlite3_errmsg(s->db));
		goto out;
	}
	sqlite3_extended_result_codes(s->db, 1);
	store_busy_wait(s, 1);
	int version = schema_version(s->db);
	if (version < 0 && store_reopen_immutable(s))
		version = schema_version(s->db);
	/* a file from elsewhere: its schema may call no function with side
	 * effects, nor be changed through this connection */
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)NULL);
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)NULL);
	if (version < 0)
		st = error_set(err, ST_STORE, "cannot read project '%s': %s", path, sqlite3_errmsg(s->db));
	else if (version == 0)
		st = error_set(err, ST_STORE, "'%s' is an SQLite database but not a convqa project", path);
	else if (version > STORE_SCHEMA_VERSION)
		st = error_set(err, ST_STORE, "project '%s' has schema version %d, newer than this convqa (%d): "
			       "upgrade convqa", path, version, STORE_SCHEMA_VERSION);
	else if (version < STORE_SCHEMA_VERSION)
		st = error_set(err, ST_STORE, "project '%s' has schema version %d, older than this convqa's (%d), "
			       "and is read without changing it: export its labels with `convqa export --history "
			       "--db %s` (which upgrades it) and import that file", path, version,
			       STORE_SCHEMA_VERSION, path);
	else
		st = check_tables(s, err);
	if (st == ST_OK)
		set_budget(s);
out:
	if (st != ST_OK) {
		store_close(s);
		return st;
	}
	*out = s;
	return ST_OK;
}

/* ---- the import ------------------------------------------------------------- */

enum {
	IMP_UNIT,        /* the unit of a key: turn_id, unit_ref */
	IMP_SAME,        /* the same row is there */
	IMP_CONFLICT,    /* a row of the project's own of the unit, at that time, with another value */
	IMP_ADD,
	IMP_PASSAGE_AT,  /* the passage a response retrieved at a rank */
	IMP_RANK_OF,     /* the rank at which a response retrieved a passage */
	IMP__N,
};

/* ?1 to ?7 are a label key's (store_bind_label_key) where a statement is
 * about one. */
static const char *const import_sql[IMP__N] = {
	[IMP_UNIT] = "SELECT r.turn_id, " STORE_UNIT_REF " " STORE_UNIT_OF_KEY,
	/* by the unit first, for the index label_unit */
	[IMP_SAME] = "SELECT 1 FROM label WHERE turn_id = ?10 AND rater_id = ?2 AND round_id IS ?3 AND task = ?4 "
		     "AND field = ?5 AND unit = ?7 AND unit_ref = ?11 AND response_id = ?1 AND passage_rank = ?6 "
		     "AND value IS ?8 AND created_at = ?9 LIMIT 1",
	[IMP_CONFLICT] = "SELECT value FROM label WHERE turn_id = ?1 AND rater_id = ?2 AND round_id IS ?3 "
			 "AND task = ?4 AND field = ?5 AND unit = ?6 AND unit_ref = ?7 AND created_at = ?8 "
			 "AND id <= ?9 AND value IS NOT ?10 ORDER BY id LIMIT 1",
	[IMP_ADD] = "INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, unit, turn_id, "
		    "unit_ref, value, seconds, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
	[IMP_PASSAGE_AT] = "SELECT p.ext_id FROM retrieved rt JOIN passage p ON p.id = rt.passage_id "
			   "WHERE rt.response_id = ?1 AND rt.rank = ?2",
	[IMP_RANK_OF] = "SELECT rt.rank FROM retrieved rt JOIN passage p ON p.id = rt.passage_id "
			"WHERE rt.response_id = ?1 AND p.ext_id = ?2 ORDER BY rt.rank LIMIT 1",
};

struct store_label_importer {
	struct store *s;
	int64_t before;                  /* the highest label id before the import */
	sqlite3_stmt *st[IMP__N];
	long added;
};

/* The statement i, prepared on first use, reset and unbound. */
static sqlite3_stmt *stmt(struct store_label_importer *imp, int i, struct error *err)
{
	if (!imp->st[i]) {
		if (sqlite3_prepare_v2(imp->s->db, import_sql[i], -1, &imp->st[i], NULL) != SQLITE_OK) {
			store_fail(imp->s, err, "cannot prepare statement");
			imp->st[i] = NULL;
			return NULL;
		}
	} else {
		sqlite3_reset(imp->st[i]);
		sqlite3_clear_bindings(imp->st[i]);
	}
	return imp->st[i];
}

enum status store_label_importer_open(struct store *s, struct store_label_importer **out, struct error *err)
{
	struct store_label_importer *imp = xcalloc(1, sizeof(*imp));
	sqlite3_stmt *q;
	imp->s = s;
	*out = NULL;
	if (sqlite3_prepare_v2(s->db, "SELECT coalesce(max(id), 0) FROM label", -1, &q, NULL) != SQLITE_OK) {
		free(imp);
		return store_fail(s, err, "cannot read labels");
	}
	enum status st = store_step_id(s, q, &imp->before, "cannot read labels", err);
	sqlite3_finalize(q);
	if (st != ST_OK) {
		free(imp);
		return st;
	}
	*out = imp;
	return ST_OK;
}

void store_label_importer_free(struct store_label_importer *imp)
{
	if (!imp)
		return;
	for (int i = 0; i < IMP__N; i++)
		sqlite3_finalize(imp->st[i]);
	free(imp);
}

enum status store_label_importer_passage(struct store_label_importer *imp, int64_t response_id, long *rank,
					 const char *passage, char **at_rank, struct error *err)
{
	*at_rank = NULL;
	sqlite3_stmt *q = stmt(imp, *rank ? IMP_PASSAGE_AT : IMP_RANK_OF, err);
	if (!q)
		return ST_STORE;
	sqlite3_bind_int64(q, 1, response_id);
	if (*rank)
		sqlite3_bind_int64(q, 2, *rank);
	else
		store_bind_text(q, 2, passage);
	int rc = sqlite3_step(q);
	if (rc == SQLITE_ROW && *rank)
		*at_rank = xstrdup(store_col_text(q, 0));
	else if (rc == SQLITE_ROW)
		*rank = (long)sqlite3_column_int64(q, 0);
	sqlite3_reset(q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_fail(imp->s, err, "cannot look up passage");
	return ST_OK;
}

/* Run q (bound) for at most one row: 1 with a row, 0 without, -1 failed. */
static int step_one(sqlite3_stmt *q)
{
	int rc = sqlite3_step(q);
	return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

/* One label row being imported, its unit found. */
struct row {
	const struct store_label_key *k;
	const char *unit, *value, *created_at;
	double seconds;
	int64_t turn_id, ref;
};

/* Find the unit of r->k: r->turn_id and r->ref. */
static enum status find_unit(struct store_label_importer *imp, struct row *r, struct error *err)
{
	sqlite3_stmt *q = stmt(imp, IMP_UNIT, err);
	int found;
	if (!q)
		return ST_STORE;
	store_bind_label_key(q, r->k);
	if ((found = step_one(q)) < 0)
		return store_fail(imp->s, err, "cannot look up the unit of a label");
	r->turn_id = sqlite3_column_int64(q, 0);
	r->ref = sqlite3_column_int64(q, 1);
	sqlite3_reset(q);
	if (!found)
		return error_set(err, ST_INPUT, "no passage at rank %ld of that response", r->k->passage_rank);
	return ST_OK;
}

/* Whether the project has the very row already: *found. */
static enum status find_same(struct store_label_importer *imp, const struct row *r, int *found,
			     struct error *err)
{
	sqlite3_stmt *q = stmt(imp, IMP_SAME, err);
	if (!q)
		return ST_STORE;
	store_bind_label_key(q, r->k);
	store_bind_text(q, 8, r->value);
	store_bind_text(q, 9, r->created_at);
	sqlite3_bind_int64(q, 10, r->turn_id);
	sqlite3_bind_int64(q, 11, r->ref);
	*found = step_one(q);
	sqlite3_reset(q);
	return *found < 0 ? store_fail(imp->s, err, "cannot read labels") : ST_OK;
}

/* The project's own row of the unit at that time, with another value:
 * *found, and its value into c. */
static enum status find_conflict(struct store_label_importer *imp, const struct row *r, int *found,
				 struct store_label_conflict *c, struct error *err)
{
	sqlite3_stmt *q = stmt(imp, IMP_CONFLICT, err);
	if (!q)
		return ST_STORE;
	sqlite3_bind_int64(q, 1, r->turn_id);
	sqlite3_bind_int64(q, 2, r->k->rater_id);
	store_bind_id(q, 3, r->k->round_id);
	store_bind_text(q, 4, r->k->task);
	store_bind_text(q, 5, r->k->field);
	store_bind_text(q, 6, r->unit);
	sqlite3_bind_int64(q, 7, r->ref);
	store_bind_text(q, 8, r->created_at);
	sqlite3_bind_int64(q, 9, imp->before);
	store_bind_text(q, 10, r->value);
	*found = step_one(q);
	if (*found > 0) {
		const char *v = store_col_text(q, 0);
		c->cleared = v == NULL;
		snprintf(c->value, sizeof(c->value), "%s", v ? v : "");
	}
	sqlite3_reset(q);
	return *found < 0 ? store_fail(imp->s, err, "cannot read labels") : ST_OK;
}

/* A new row, with its own time. */
static enum status add_row(struct store_label_importer *imp, const struct row *r, struct error *err)
{
	sqlite3_stmt *q = stmt(imp, IMP_ADD, err);
	if (!q)
		return ST_STORE;
	store_bind_label_key(q, r->k);
	sqlite3_bind_int64(q, 8, r->turn_id);
	sqlite3_bind_int64(q, 9, r->ref);
	store_bind_text(q, 10, r->value);
	sqlite3_bind_double(q, 11, r->seconds < 0 ? 0 : r->seconds);
	store_bind_text(q, 12, r->created_at);
	int rc = sqlite3_step(q);
	sqlite3_reset(q);
	if (rc != SQLITE_DONE)
		return store_fail(imp->s, err, "cannot save label");
	imp->added++;
	return ST_OK;
}

enum status store_label_importer_add(struct store_label_importer *imp, const struct store_label_key *k,
				     const char *value, double seconds, const char *created_at,
				     enum store_label_added *res, struct store_label_conflict *c,
				     struct error *err)
{
	struct row r = { k, scheme_unit_name(k->unit), value, created_at, seconds, 0, 0 };
	int found = 0;
	enum status st = find_unit(imp, &r, err);
	if (st == ST_OK)
		st = find_same(imp, &r, &found, err);
	if (st != ST_OK || found) {
		*res = LABEL_PRESENT;
		return st;
	}
	st = find_conflict(imp, &r, &found, c, err);
	if (st != ST_OK || found) {
		*res = LABEL_CONFLICT;
		return st;
	}
	st = add_row(imp, &r, err);
	*res = LABEL_ADDED;
	return st;
}

/* A unit the import added rows to. */
struct unit {
	int64_t turn_id, rater_id, round_id, ref;
	char *task, *field, *unit;
};

static void units_free(struct unit *u, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(u[i].task);
		free(u[i].field);
		free(u[i].unit);
	}
	free(u);
}

/* The units of the rows after id before: *units (free with units_free). */
static enum status touched_units(struct store *s, int64_t before, struct unit **units, size_t *n,
				 struct error *err)
{
	sqlite3_stmt *q;
	size_t cap = 0;
	*units = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(s->db, "SELECT DISTINCT turn_id, rater_id, round_id, task, field, unit, unit_ref "
			       "FROM label WHERE id > ?1", -1, &q, NULL) != SQLITE_OK)
		return store_fail(s, err, "cannot read labels");
	sqlite3_bind_int64(q, 1, before);
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		xgrow(units, &cap, *n + 1, sizeof(**units));
		(*units)[(*n)++] = (struct unit){
			.turn_id = sqlite3_column_int64(q, 0),
			.rater_id = sqlite3_column_int64(q, 1),
			.round_id = sqlite3_column_int64(q, 2),
			.task = xstrdup(store_col_text(q, 3)),
			.field = xstrdup(store_col_text(q, 4)),
			.unit = xstrdup(store_col_text(q, 5)),
			.ref = sqlite3_column_int64(q, 6),
		};
	}
	sqlite3_finalize(q);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read labels");
}

#define SAME_UNIT \
	"turn_id = ?1 AND rater_id = ?2 AND round_id IS ?3 AND task = ?4 AND field = ?5 AND unit = ?6 " \
	"AND unit_ref = ?7"

enum status store_label_importer_finish(struct store_label_importer *imp, long *copies, struct error *err)
{
	struct store *s = imp->s;
	struct unit *units;
	size_t n;
	sqlite3_stmt *latest = NULL, *copy = NULL;
	*copies = 0;
	if (!imp->added)
		return ST_OK;
	enum status st = touched_units(s, imp->before, &units, &n, err);
	if (st != ST_OK)
		return st;
	/* the latest row by time and the current one (the highest id) */
	if (sqlite3_prepare_v2(s->db, "SELECT (SELECT id FROM label WHERE " SAME_UNIT
			       " ORDER BY created_at DESC, id DESC LIMIT 1), (SELECT max(id) FROM label WHERE "
			       SAME_UNIT ")", -1, &latest, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(s->db, "INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, "
			       "unit, turn_id, unit_ref, value, seconds, created_at) SELECT response_id, rater_id, "
			       "round_id, task, field, passage_rank, unit, turn_id, unit_ref, value, 0, created_at "
			       "FROM label WHERE id = ?1", -1, &copy, NULL) != SQLITE_OK) {
		st = store_fail(s, err, "cannot prepare statement");
		goto out;
	}
	for (size_t i = 0; i < n && st == ST_OK; i++) {
		const struct unit *u = &units[i];
		sqlite3_reset(latest);
		sqlite3_bind_int64(latest, 1, u->turn_id);
		sqlite3_bind_int64(latest, 2, u->rater_id);
		store_bind_id(latest, 3, u->round_id);
		store_bind_text(latest, 4, u->task);
		store_bind_text(latest, 5, u->field);
		store_bind_text(latest, 6, u->unit);
		sqlite3_bind_int64(latest, 7, u->ref);
		if (sqlite3_step(latest) != SQLITE_ROW) {
			st = store_fail(s, err, "cannot read labels");
			break;
		}
		int64_t by_time = sqlite3_column_int64(latest, 0), current = sqlite3_column_int64(latest, 1);
		sqlite3_reset(latest);
		if (by_time == current)
			continue;
		sqlite3_reset(copy);
		sqlite3_bind_int64(copy, 1, by_time);
		if (sqlite3_step(copy) != SQLITE_DONE)
			st = store_fail(s, err, "cannot save label");
		else
			++*copies;
	}
out:
	sqlite3_finalize(latest);
	sqlite3_finalize(copy);
	units_free(units, n);
	return st;
}

/* ---- a judgement's passage in the pool ------------------------------------ */

enum status store_pooled_system(struct store *s, const char *conversation, int position, const char *passage,
				char **system, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_POOLED_SYSTEM,
				      "SELECT sy.name FROM conversation c JOIN turn t ON t.conversation_id = c.id "
				      "JOIN response re ON re.turn_id = t.id JOIN system sy ON sy.id = re.system_id "
				      "JOIN retrieved r ON r.response_id = re.id JOIN passage p ON p.id = r.passage_id "
				      "WHERE c.ext_id = ?1 AND t.position = ?2 AND p.ext_id = ?3 ORDER BY sy.name LIMIT 1",
				      err);
	*system = NULL;
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, conversation);
	sqlite3_bind_int(st, 2, position);
	store_bind_text(st, 3, passage);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*system = xstrdup(store_col_text(st, 0));
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read responses");
}
