/* store.c - opening a project (its checks and pragmas; the schema and its migrations:
 * store_migrate.c), transactions, counts. */
#include "store_internal.h"

#include "convqa/hash.h"
#include "convqa/metrics_answer.h"
#include "convqa/strbuf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

/* Why the last call on db failed, for a person: SQLite's message, and for
 * a full disk what it means for their work (a full disk often shows as an
 * I/O error while reading, when SQLite cannot grow its WAL index). */
static const char *db_reason(sqlite3 *db, char *buf, size_t size)
{
	int code = sqlite3_extended_errcode(db);
	struct statvfs fs;
	const char *file = sqlite3_db_filename(db, "main");
	int disk_full = (code & 0xff) == SQLITE_FULL ||
			((code & 0xff) == SQLITE_IOERR && file && *file && statvfs(file, &fs) == 0 &&
			 fs.f_bavail == 0);
	if (!disk_full)
		return sqlite3_errmsg(db);
	snprintf(buf, size, "the disk is full (%s); nothing saved before was lost: free some space and "
		 "try again", sqlite3_errmsg(db));
	return buf;
}

/* Does the directory path would be created in exist? */
static int dir_exists(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return 1;
	char *dir = slash == path ? xstrdup("/") : xstrndup(path, (size_t)(slash - path));
	struct stat st;
	int ok = stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
	free(dir);
	return ok;
}

/* Why the project at path cannot be written, for a person, with what to
 * do, into buf: its file is read-only, its directory cannot be written
 * (SQLite makes the project's -wal and -shm files there; for a file not
 * there yet, its own), or it is on a read-only file system; note (NULL:
 * none) ends the parenthesis. NULL when access() sees none of these (as
 * root). */
static const char *why_not_writable(const char *path, const char *note, char *buf, size_t size)
{
	const char *slash = strrchr(path, '/');
	char *dir = !slash ? xstrdup(".") : slash == path ? xstrdup("/") : xstrndup(path, (size_t)(slash - path));
	int exists = access(path, F_OK) == 0;
	const char *why = buf, *sep = note ? "; " : "";
	note = note ? note : "";
	if (exists && access(path, W_OK) != 0 && errno == EROFS)
		snprintf(buf, size, "it is on a read-only file system (copy it to a place you can write: cp %s "
			 "COPY.db, and give --db COPY.db%s%s)", path, sep, note);
	else if (exists && access(path, W_OK) != 0)
		snprintf(buf, size, "its file is read-only (make it writable: chmod u+w %s, as its owner; or work "
			 "on a copy: cp %s COPY.db%s%s)", path, path, sep, note);
	else if (exists && access(dir, W_OK) != 0)
		snprintf(buf, size, "its directory '%s' cannot be written, and SQLite makes the project's -wal and "
			 "-shm files there (make the directory writable: chmod u+w %s, as its owner; or copy the "
			 "project to a directory you can write%s%s)", dir, dir, sep, note);
	else if (!exists && access(dir, W_OK) != 0)
		snprintf(buf, size, "its directory '%s' cannot be written (make it writable: chmod u+w %s, as its "
			 "owner; or give a --db in a directory you can write)", dir, dir);
	else
		why = NULL;
	free(dir);
	return why;
}

enum status store_open_error(struct error *err, sqlite3 *db, const char *path, const char *what)
{
	if ((sqlite3_extended_errcode(db) & 0xff) == SQLITE_NOTADB)
		return error_set(err, ST_STORE, "'%s' is not a convqa project: %s (check --db or $CONVQA_DB)", path,
				 sqlite3_errmsg(db));
	if (sqlite3_errcode(db) == SQLITE_CANTOPEN && !dir_exists(path))
		return error_set(err, ST_STORE, "%s '%s': its directory does not exist (create it first, or "
				 "give another --db)", what, path);
	char why[1024];
	if (((sqlite3_extended_errcode(db) & 0xff) == SQLITE_READONLY || sqlite3_errcode(db) == SQLITE_CANTOPEN) &&
	    why_not_writable(path, NULL, why, sizeof(why)))
		return error_set(err, ST_STORE, "%s '%s': %s", what, path, why);
	if ((sqlite3_extended_errcode(db) & 0xff) == SQLITE_READONLY || sqlite3_errcode(db) == SQLITE_CANTOPEN)
		return error_set(err, ST_STORE, "%s '%s': %s (check the permissions of the file and of its directory)",
				 what, path, sqlite3_errmsg(db));
	char buf[256];
	return error_set(err, ST_STORE, "%s '%s': %s", what, path, db_reason(db, buf, sizeof(buf)));
}

/* A command that writes, on a project it cannot write (db: NULL before
 * SQLite opened it): ST_STORE with why, or, when access() sees no reason,
 * SQLite's (db) or ST_OK (no db). */
static enum status write_refused(struct error *err, sqlite3 *db, const char *path)
{
	char why[1024];
	if (why_not_writable(path, "reading commands such as report and export work on it as it is", why,
			     sizeof(why)))
		return error_set(err, ST_STORE, "cannot write project '%s': %s", path, why);
	return db ? store_open_error(err, db, path, "cannot write project") : ST_OK;
}

enum status store_damaged(const char *path, struct error *err, const char *fmt, ...)
{
	char what[sizeof(err->msg)];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return error_set(err, ST_STORE, "damaged project '%s': %s (convqa check lists every problem)", path, what);
}

enum status store_fail(struct store *s, struct error *err, const char *what)
{
	char buf[256];
	if (s->over_budget)
		return error_set(err, ST_STORE, "'%s' takes more work to read than a project of its size (%lld bytes) "
				 "can: it is not a project as convqa writes it (a forged or damaged file?)", s->path,
				 s->size);
	return error_set(err, ST_STORE, "%s: %s", what, db_reason(s->db, buf, sizeof(buf)));
}

sqlite3_stmt *store_prepare(struct store *s, const char *sql, const char *what, struct error *err)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
		store_fail(s, err, what);
		sqlite3_finalize(st);
		return NULL;
	}
	return st;
}

enum status store_collect(struct store *s, sqlite3_stmt *st, void *rows, size_t *n, size_t size,
			  void (*read)(sqlite3_stmt *st, void *row), void (*free_rows)(void *rows, size_t n),
			  const char *what, struct error *err)
{
	char **v = rows;   /* a pointer to the caller's array pointer */
	size_t cap = 0;
	int rc;
	*v = NULL;
	*n = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(v, &cap, *n + 1, size);
		read(st, *v + (*n)++ * size);
	}
	sqlite3_reset(st);
	if (rc == SQLITE_DONE)
		return ST_OK;
	enum status ret = store_fail(s, err, what);
	free_rows(*v, *n);
	*v = NULL;
	*n = 0;
	return ret;
}

enum status store_names(struct store *s, sqlite3_stmt *st, char **names, struct error *err)
{
	enum { SHOWN = 10 };
	struct strbuf sb = STRBUF_INIT;
	long n = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (n++ < SHOWN) {
			const char *v = store_col_text(st, 0);
			strbuf_addf(&sb, "%s%s", n > 1 ? ", " : "", v ? v : "");
		}
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE) {
		strbuf_release(&sb);
		*names = NULL;
		return store_fail(s, err, "cannot read the project");
	}
	if (n > SHOWN)
		strbuf_addf(&sb, " and %ld more", n - SHOWN);
	*names = n ? strbuf_detach(&sb) : NULL;
	strbuf_release(&sb);
	return ST_OK;
}

enum status store_step_id(struct store *s, sqlite3_stmt *st, int64_t *id, const char *what, struct error *err)
{
	int rc = sqlite3_step(st);
	*id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_fail(s, err, what);
	return ST_OK;
}

enum status store_find_id(struct store *s, int slot, const char *sql, const char *key, int64_t *id,
			  const char *what, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, slot, sql, err);
	*id = 0;
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, key);
	return store_step_id(s, st, id, what, err);
}

sqlite3_stmt *store_stmt(struct store *s, int slot, const char *sql, struct error *err)
{
	sqlite3_stmt **st = &s->cache[slot];
	if (!*st) {
		if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, NULL) != SQLITE_OK) {
			store_fail(s, err, "cannot prepare statement");
			*st = NULL;
			return NULL;
		}
	} else {
		sqlite3_reset(*st);
		sqlite3_clear_bindings(*st);
	}
	return *st;
}

void store_bind_text(sqlite3_stmt *st, int i, const char *v)
{
	if (v)
		sqlite3_bind_text(st, i, v, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, i);
}

void store_bind_id(sqlite3_stmt *st, int i, int64_t id)
{
	if (id)
		sqlite3_bind_int64(st, i, id);
	else
		sqlite3_bind_null(st, i);
}

const char *store_col_text(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

static int exec(sqlite3 *db, const char *sql)
{
	return sqlite3_exec(db, sql, NULL, NULL, NULL);
}

static int has_tables(sqlite3 *db)
{
	sqlite3_stmt *st;
	int n = -1;
	if (sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_schema", -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return n;
}

/* "file:PATH?immutable=1", PATH percent-encoded (caller frees). */
char *store_immutable_uri(const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = strlen(path);
	char *uri = xmalloc(5 + 3 * n + 13), *o = uri;
	o += sprintf(o, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("/-._~", *p)) {
			*o++ = (char)*p;
		} else {
			*o++ = '%';
			*o++ = hex[*p >> 4];
			*o++ = hex[*p & 15];
		}
	}
	strcpy(o, "?immutable=1");
	return uri;
}

/* A project in WAL mode is read with its shared-memory file beside it,
 * which SQLite creates if need be. Where it cannot (a read-only directory)
 * and no write-ahead log is there (the project was closed), nothing can
 * be writing it: it is read as immutable. */
int store_reopen_immutable(struct store *s)
{
	char *wal = xasprintf("%s-wal", s->path);
	int no_wal = access(wal, F_OK) != 0;
	free(wal);
	if ((sqlite3_extended_errcode(s->db) & 0xff) != SQLITE_READONLY || !no_wal)
		return 0;
	char *uri = store_immutable_uri(s->path);
	sqlite3_close(s->db);
	int rc = sqlite3_open_v2(uri, &s->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
	free(uri);
	s->immutable = rc == SQLITE_OK;
	return rc == SQLITE_OK;
}

/* Is this file a convqa project this version can use (or an empty file to
 * make one in)? Checked before anything is written to it. */
static enum status check_project(struct store *s, int creating, struct error *err)
{
	int v = store_user_version(s->db);
	int target = store_schema_version();
	if (v < 0)
		return store_open_error(err, s->db, s->path, "cannot read project");
	if (v > target)
		return error_set(err, ST_STORE,
				 "project '%s' has schema version %d, newer than this convqa (%d): upgrade convqa",
				 s->path, v, target);
	if (v == 0 && has_tables(s->db) > 0)
		return error_set(err, ST_STORE, "'%s' is an SQLite database but not a convqa project", s->path);
	if (v == 0 && !creating)
		return error_set(err, ST_STORE, "'%s' is an empty file, not a convqa project (create one with: "
				 "convqa init --db %s)", s->path, s->path);
	return ST_OK;
}

/* convqa_answer_key(text): the key of an answer unit, the same for answers
 * that are equal after the SQuAD normalisation (metrics_answer.h): the first
 * 63 bits of the SHA-256 of the normalised text. */
static void answer_key_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	const unsigned char *text = sqlite3_value_text(argv[0]);
	if (!text) {
		sqlite3_result_null(ctx);
		return;
	}
	sqlite3_result_int64(ctx, store_answer_key((const char *)text));
}

int64_t store_answer_key(const char *answer)
{
	char *norm = metrics_normalize_answer(answer);
	uint8_t h[32];
	hash_sha256(norm, strlen(norm), h);
	free(norm);
	uint64_t k = 0;
	for (int i = 0; i < 8; i++)
		k = k << 8 | h[i];
	return (int64_t)(k >> 1);
}

/* Errors as extended codes, the busy timeout, convqa_answer_key(): what
 * every connection to a project has. */
static void configure(struct store *s)
{
	sqlite3_extended_result_codes(s->db, 1);
	/* an import holds the write lock for one short transaction at a time;
	 * a save waits for it rather than fail */
	store_busy_wait(s, 1);
	sqlite3_create_function(s->db, "convqa_answer_key", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
				answer_key_fn, NULL, NULL);
}

/* STORE_READ_ONLY: a project whose first read failed because SQLite could
 * not write beside it (a file that can be written in a directory that
 * cannot: no shared-memory index can be made) is read through a read-only
 * connection, or as immutable when no write-ahead log is there. 1 when
 * the project can be read now. */
static int reopen_read_only(struct store *s)
{
	if ((sqlite3_extended_errcode(s->db) & 0xff) != SQLITE_READONLY)
		return 0;
	sqlite3_close(s->db);
	int ok = sqlite3_open_v2(s->path, &s->db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
		 store_user_version(s->db) >= 0;
	if (!ok && store_reopen_immutable(s))
		ok = store_user_version(s->db) >= 0;
	if (ok)
		configure(s);
	return ok;
}

/* Whether PRAGMA name (= value, when value is not NULL) may change the file. */
static int writes_file(const char *name, const char *value)
{
	static const char *const always[] = { "wal_checkpoint", "incremental_vacuum", "optimize" };
	static const char *const set[] = { "user_version", "application_id", "schema_version", "journal_mode",
					   "writable_schema", "page_size", "auto_vacuum", "legacy_alter_table" };
	for (size_t i = 0; name && i < ARRAY_SIZE(always); i++)
		if (strcmp(name, always[i]) == 0)
			return 1;
	for (size_t i = 0; name && value && i < ARRAY_SIZE(set); i++)
		if (strcmp(name, set[i]) == 0)
			return 1;
	return 0;
}

/* STORE_READ_ONLY: every change to the project's own tables is refused
 * (a statement that tries fails to prepare: "not authorized"); temporary
 * tables stay writable. */
static int refuse_writes(void *ctx, int action, const char *a1, const char *a2, const char *db,
			 const char *trigger)
{
	(void)ctx, (void)a1, (void)a2, (void)trigger;
	switch (action) {
	case SQLITE_INSERT: case SQLITE_UPDATE: case SQLITE_DELETE:
		/* the schema table is changed by the statements below, refused by
		 * their own codes; SQLite asks for it while reading too (a pragma
		 * table such as pragma_foreign_key_list(), which check reads) */
		if (a1 && (strcmp(a1, "sqlite_master") == 0 || strcmp(a1, "sqlite_schema") == 0))
			return SQLITE_OK;
		return db && strcmp(db, "temp") == 0 ? SQLITE_OK : SQLITE_DENY;
	case SQLITE_CREATE_TABLE:
	case SQLITE_CREATE_INDEX: case SQLITE_CREATE_TRIGGER: case SQLITE_CREATE_VIEW: case SQLITE_DROP_TABLE:
	case SQLITE_DROP_INDEX: case SQLITE_DROP_TRIGGER: case SQLITE_DROP_VIEW: case SQLITE_ALTER_TABLE:
	case SQLITE_REINDEX: case SQLITE_ANALYZE: case SQLITE_CREATE_VTABLE: case SQLITE_DROP_VTABLE:
		return db && strcmp(db, "temp") == 0 ? SQLITE_OK : SQLITE_DENY;
	case SQLITE_ATTACH: case SQLITE_DETACH:
		return SQLITE_DENY;
	case SQLITE_PRAGMA:
		return writes_file(a1, a2) ? SQLITE_DENY : SQLITE_OK;
	}
	return SQLITE_OK;
}

/* The connection set up for use: WAL, synchronous, the schema migrated
 * and foreign keys on; with STORE_READ_ONLY, a project of this schema is
 * left as it is (journal mode too) and its tables refused to writes, and an
 * older one is migrated where it can be written. */
static enum status set_up(struct store *s, int read_only, struct error *err)
{
	int old = store_user_version(s->db) < store_schema_version();
	if (read_only && old && sqlite3_db_readonly(s->db, "main") == 1)
		return error_set(err, ST_STORE, "project '%s' has schema version %d, older than this convqa's (%d), "
				 "and cannot be upgraded here: it is read-only (any convqa command upgrades it where its "
				 "file and directory can be written)", s->path, store_user_version(s->db),
				 store_schema_version());
	/* synchronous = FULL: a label is on disk when its save returns, even
	 * across an OS crash, not only a killed process */
	if ((!read_only || old) && (exec(s->db, "PRAGMA journal_mode = WAL") != SQLITE_OK ||
				    exec(s->db, "PRAGMA synchronous = FULL") != SQLITE_OK))
		return store_open_error(err, s->db, s->path, "cannot configure project");
	enum status st = store_migrate(s, err);
	if (st != ST_OK)
		return st;
	if (exec(s->db, "PRAGMA foreign_keys = ON") != SQLITE_OK)
		return store_open_error(err, s->db, s->path, "cannot configure project");
	/* an import's rows hidden until its flip (store_pending.c); a killed
	 * one's removed by any command that can write the file */
	if (sqlite3_db_readonly(s->db, "main") == 0)
		store_pending_clean_stale(s);
	st = store_pending_views(s, 1, err);
	if (st != ST_OK)
		return st;
	if (read_only)
		sqlite3_set_authorizer(s->db, refuse_writes, NULL);
	return ST_OK;
}

enum status store_open(const char *path, int flags, struct store **out, struct error *err)
{
	struct stat sb;
	int exists = stat(path, &sb) == 0;
	int read_only = (flags & STORE_READ_ONLY) && !(flags & STORE_CREATE);
	*out = NULL;
	if (!exists && !(flags & STORE_CREATE))
		return error_set(err, ST_STORE, "no project at '%s' (create one with: convqa init --db %s)",
				 path, path);
	if (exists && S_ISDIR(sb.st_mode))
		return error_set(err, ST_STORE, "cannot open project '%s': is a directory", path);
	if (exists && (flags & STORE_MUST_BE_NEW) && sb.st_size > 0)
		return error_set(err, ST_STORE, "'%s' already exists; not overwriting it (if it is your project, "
				 "the other commands use it with --db %s; for a new one, give init another path)",
				 path, path);

	/* a command that writes, on a file it cannot write: said before SQLite
	 * opens it (which would make the -wal and -shm files beside it) */
	if (exists && !read_only && access(path, W_OK) != 0 && write_refused(err, NULL, path) != ST_OK)
		return ST_STORE;

	struct store *s = xcalloc(1, sizeof(*s));
	s->path = xstrdup(path);
	int oflags = SQLITE_OPEN_READWRITE | (flags & STORE_CREATE ? SQLITE_OPEN_CREATE : 0);
	enum status st = ST_OK;
	if (sqlite3_open_v2(path, &s->db, oflags, NULL) != SQLITE_OK) {
		st = store_open_error(err, s->db, path, exists ? "cannot open project" : "cannot create project");
		goto fail;
	}
	configure(s);
	st = check_project(s, flags & STORE_CREATE, err);
	if (st != ST_OK && read_only && reopen_read_only(s))
		st = check_project(s, 0, err);
	else if (st != ST_OK && !read_only && exists && (sqlite3_extended_errcode(s->db) & 0xff) == SQLITE_READONLY)
		st = write_refused(err, s->db, path); /* not "cannot read": SQLite could not write beside it */
	if (st == ST_OK)
		st = set_up(s, read_only, err);
	if (st != ST_OK)
		goto fail;
	*out = s;
	return ST_OK;
fail:
	store_close(s);
	if (!exists)
		unlink(path);
	return st;
}

void store_close(struct store *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(s->cache); i++)
		sqlite3_finalize(s->cache[i]);
	sqlite3_close(s->db);
	free(s->path);
	free(s);
}

const char *store_path(const struct store *s)
{
	return s->path;
}

/* A transaction begun inside another (an import that writes tasks, a
 * scheme and labels through modules that each begin their own) is a
 * savepoint: its commit keeps its work for the outer one to commit, its
 * rollback undoes only its own work. */
enum status store_begin(struct store *s, struct error *err)
{
	if (exec(s->db, s->tx_depth ? "SAVEPOINT nested" : "BEGIN IMMEDIATE") != SQLITE_OK)
		return store_fail(s, err, "cannot start a transaction");
	s->tx_depth++;
	return ST_OK;
}

enum status store_commit(struct store *s, struct error *err)
{
	if (s->tx_depth > 1) {
		s->tx_depth--;
		if (exec(s->db, "RELEASE nested") == SQLITE_OK)
			return ST_OK;
		enum status st = store_fail(s, err, "cannot commit");
		exec(s->db, "ROLLBACK TO nested");
		exec(s->db, "RELEASE nested");
		return st;
	}
	s->tx_depth = 0;
	if (exec(s->db, "COMMIT") != SQLITE_OK) {
		enum status st = store_fail(s, err, "cannot commit");
		exec(s->db, "ROLLBACK");
		return st;
	}
	return ST_OK;
}

void store_rollback(struct store *s)
{
	if (s->tx_depth > 1) {
		s->tx_depth--;
		exec(s->db, "ROLLBACK TO nested");
		exec(s->db, "RELEASE nested");
		return;
	}
	s->tx_depth = 0;
	if (!sqlite3_get_autocommit(s->db))
		exec(s->db, "ROLLBACK");
}

enum status store_data_version(struct store *s, int64_t *version, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_DATA_VERSION, "PRAGMA data_version", err);
	*version = 0;
	if (!st)
		return ST_STORE;
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*version = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? ST_OK : store_fail(s, err, "cannot read the project's version");
}

static long count(struct store *s, const char *sql, struct error *err, int *failed)
{
	sqlite3_stmt *st;
	long n = 0;
	if (*failed)
		return 0;
	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
		store_fail(s, err, "cannot count");
		*failed = 1;
		return 0;
	}
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	else {
		store_fail(s, err, "cannot count");
		*failed = 1;
	}
	sqlite3_finalize(st);
	return n;
}

enum status store_counts(struct store *s, struct store_counts *c, struct error *err)
{
	int failed = 0;
	memset(c, 0, sizeof(*c));
	c->conversations = count(s, "SELECT count(*) FROM conversation", err, &failed);
	c->turns = count(s, "SELECT count(*) FROM turn", err, &failed);
	c->systems = count(s, "SELECT count(*) FROM system", err, &failed);
	c->responses = count(s, "SELECT count(*) FROM response", err, &failed);
	c->passages = count(s, "SELECT count(*) FROM passage", err, &failed);
	c->retrieved = count(s, "SELECT count(*) FROM retrieved", err, &failed);
	c->raters = count(s, "SELECT count(*) FROM rater", err, &failed);
	c->rounds = count(s, "SELECT count(*) FROM round", err, &failed);
	c->assignments = count(s, "SELECT count(*) FROM assignment", err, &failed);
	if (!failed && store_label_counts(s, &c->labels, &c->label_rows, err) != ST_OK)
		failed = 1;
	c->spans = count(s, "SELECT count(*) FROM evidence_span", err, &failed);
	c->imports = count(s, "SELECT count(*) FROM import", err, &failed);
	return failed ? ST_STORE : ST_OK;
}

enum status store_get_text(struct store *s, int slot, const char *sql, const char *key, char **out,
			   const char *what, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, slot, sql, err);
	*out = NULL;
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, key);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*out = xstrdup(store_col_text(st, 0));
	enum status ret = rc == SQLITE_ROW || rc == SQLITE_DONE ? ST_OK : store_fail(s, err, what);
	sqlite3_reset(st);
	return ret;
}

enum status store_setting_get(struct store *s, const char *key, char **value, struct error *err)
{
	return store_get_text(s, STMT_SETTING_GET, "SELECT value FROM setting WHERE key = ?", key, value,
			      "cannot read setting", err);
}

enum status store_setting_set(struct store *s, const char *key, const char *value, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_SETTING_SET,
				      "INSERT INTO setting(key, value) VALUES (?, ?) "
				      "ON CONFLICT(key) DO UPDATE SET value = excluded.value", err);
	if (!st)
		return ST_STORE;
	store_bind_text(st, 1, key);
	store_bind_text(st, 2, value);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot save setting");
}
