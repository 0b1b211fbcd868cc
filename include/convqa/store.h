/*
 * store.h - the project file: the only module that speaks SQL.
 *
 * A project is one SQLite database. Open it with store_open() (STORE_CREATE
 * to make a new one), close with store_close(). Every connection runs with
 * foreign keys on, WAL journaling and a busy timeout, and the schema is
 * migrated forward through PRAGMA user_version. The declarations of each
 * concern past the basics are in parts (store_round.h, store_rater.h,
 * store_label.h, ...) that this header includes at its end.
 *
 * Ids: rows are addressed by int64 row ids; "ext" ids are the ids users see
 * (conversation, passage and system names from task files).
 *
 * The store never prints; failures return a status with a message in err.
 * Strings handed out in structs are owned by the struct and released by the
 * matching *_release() function.
 */
#ifndef CONVQA_STORE_H
#define CONVQA_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "convqa/common.h"
#include "convqa/model.h"
#include "convqa/scheme.h"

struct store;

#define STORE_SCHEMA_VERSION 12
/* How long a write waits for another connection's transaction (an import
 * of a few hundred MB holds the lock for tens of seconds). */
#define STORE_BUSY_TIMEOUT_MS 120000

enum store_open_flags {
	STORE_CREATE = 1,   /* create the file if missing (init) */
	STORE_MUST_BE_NEW = 2, /* refuse if the file already holds a project */
	STORE_READ_ONLY = 4,   /* only read it: every change to its tables is refused (temporary
				* tables stay writable) and its journal mode is left as it is;
				* a file or directory that cannot be written is read all the same;
				* an older schema is migrated where the file can be written, else
				* ST_STORE "... cannot be upgraded here: it is read-only ..." */
};

enum status store_open(const char *path, int flags, struct store **out, struct error *err);
void store_close(struct store *s);
const char *store_path(const struct store *s);

/* A damaged project's error, ST_STORE: "damaged project 'PATH': " + the
 * problem as convqa check prints it (fmt: "label 13: task is NULL, which
 * the schema does not allow") + " (convqa check lists every problem)". For
 * what the schema or the rules never let in: a NULL, a dangling id, a task
 * no scheme has, a stored scheme that does not parse. */
enum status store_damaged(const char *path, struct error *err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Explicit transactions (BEGIN IMMEDIATE / COMMIT / ROLLBACK). One begun
 * inside another is a savepoint: its commit leaves its work to the outer
 * transaction, its rollback undoes only its own (an MTRAG import writes its
 * tasks, scheme and labels, each module in its own transaction, as one). */
enum status store_begin(struct store *s, struct error *err);
enum status store_commit(struct store *s, struct error *err);
void store_rollback(struct store *s);
/* A number that changes whenever another connection (another process:
 * convqa label, another session, an import) commits a change to the
 * project; this connection's own commits leave it (PRAGMA data_version).
 * A session compares it before it acts, to read again what it shows. */
enum status store_data_version(struct store *s, int64_t *version, struct error *err);
/* Checkpoints (copying the write-ahead log into the project file: writes
 * and an fsync of the file) off the path of a commit, for a session whose
 * saves a rater waits for (store_wal.c): after store_wal_defer(), a commit
 * syncs the log only (its label durable as before, synchronous = FULL);
 * store_wal_checkpoint() copies what is pending, to be called while the
 * session is idle. A log past STORE_WAL_DEFER_MAX pages is copied at the
 * commit that grows it past (a session never idle: the log stays bounded). */
#define STORE_WAL_DEFER_MAX 4000
void store_wal_defer(struct store *s);
/* Pages committed to the log and not yet copied (0 without store_wal_defer()). */
int store_wal_pending(const struct store *s);
/* Copy what the log holds into the project file, as far as the readers of
 * other sessions allow (a passive checkpoint: it waits for no one). */
enum status store_wal_checkpoint(struct store *s, struct error *err);

/* ---- summary -------------------------------------------------------- */

struct store_counts {
	long conversations, turns, systems, responses, passages, retrieved;
	long raters, rounds, assignments, labels, label_rows, spans, imports;
};
enum status store_counts(struct store *s, struct store_counts *c, struct error *err);

/* Project settings (key/value text). Value NULL when unset; caller frees. */
enum status store_setting_get(struct store *s, const char *key, char **value, struct error *err);
enum status store_setting_set(struct store *s, const char *key, const char *value, struct error *err);

/* ---- import primitives (call inside store_begin/commit) -------------- */

/* Result of putting a row that may already exist. */
enum store_put {
	PUT_NEW,      /* inserted */
	PUT_SAME,     /* already present with the same content */
	PUT_UPDATED,  /* present; the file added what the project lacked (a title,
			 a rewrite, gold data, a description, metadata) */
	PUT_CONFLICT, /* present with different content: see conflict text */
};

/* Why a put conflicted: what differs and which import brought the old row
 * ("imported from 'FILE' at TIME", or "already in the project"), its file
 * alone ("" when not known). A turn's gold is not told apart: it came with
 * the turn or with a later import that filled it in. */
struct store_conflict {
	char what[256];
	char origin[512];
	char file[512];
};

/* Record an import (file should be an absolute path) and make it the origin
 * of the rows the following puts insert. */
/* The full-text index of passages filled once per import: after
 * store_fts_defer() (*mark: where it stopped) passages are added without
 * being indexed, until store_fts_fill(mark) indexes all those added since
 * in one statement and restores the indexing of each passage. Both change
 * the schema inside the caller's transaction, which a rollback undoes. */
enum status store_fts_defer(struct store *s, int64_t *mark, struct error *err);
/* The page cache of an import's connection: STORE_IMPORT_CACHE_KIB while
 * on (the B-trees it fills stay in memory instead of being written to the
 * log and read back), SQLite's default after. It is the part of an
 * import's peak RSS that SQLite takes. */
#define STORE_IMPORT_CACHE_KIB 32768
void store_import_cache(struct store *s, int on);
/* store_fts_fill() gathers the terms of the passages it indexes in memory
 * up to STORE_IMPORT_FTS_HASH_KIB before it writes them out (FTS5's
 * 'hashsize', 1 MiB by default, set for its statement only): fewer, larger
 * segments of the index to write and merge (the 1x import of bench/import
 * takes about 6% less CPU; its peak RSS 4 MiB more). */
#define STORE_IMPORT_FTS_HASH_KIB 8192
enum status store_fts_fill(struct store *s, int64_t mark, struct error *err);
/* A pending import (store_pending.c): its rows are written in short
 * transactions and stay hidden from every other connection, which reads
 * the import's tables through temporary views of the same names
 * (store_pending_views(), made by store_open), until the flip. In order:
 * store_pending_views(s, 0) on the importer's own connection; in its first
 * transaction store_import_claim() (*busy: another import's rows are
 * pending and its process alive: roll back, wait and try again; a dead
 * one's rows are removed) and store_pending_begin() (which records this
 * process as the importer); store_pending_flip() in the last;
 * store_pending_clean() deletes the rows of an import that fails. Every
 * write outside an import names its table main.TABLE. */
enum status store_import_claim(struct store *s, int *busy, struct error *err);
enum status store_pending_views(struct store *s, int on, struct error *err);
enum status store_pending_begin(struct store *s, struct error *err);
enum status store_pending_flip(struct store *s, struct error *err);
enum status store_pending_clean(struct store *s, struct error *err);
/* 1 when an import's rows are hidden (under way or killed). */
int store_pending_any(struct store *s);
/* How a connection waits for the write lock: on, up to
 * STORE_BUSY_TIMEOUT_MS in steps of a millisecond (so that a save takes
 * the lock in the gap between two of an import's transactions); off, not
 * at all. */
void store_busy_wait(struct store *s, int on);
/* Remove a killed import's rows (its process gone), when there are some. */
void store_pending_clean_stale(struct store *s);
enum status store_import_begin(struct store *s, const char *file, const char *sha256,
			       int64_t *import_id, struct error *err);
/* Record the digest of import import_id's file (known at its end when the
 * file is read as a stream). */
enum status store_import_set_sha256(struct store *s, int64_t import_id, const char *sha256, struct error *err);

enum status store_put_system(struct store *s, const char *name, const char *description,
			     int64_t *id, enum store_put *res, struct store_conflict *c,
			     struct error *err);
enum status store_put_passage(struct store *s, const char *ext_id, const char *title,
			      const char *url, const char *text, int64_t import_id,
			      int64_t *id, enum store_put *res, struct store_conflict *c,
			      struct error *err);
/* Whether passage id (a row id) has its text (else it is known by its id
 * only); *known 0 too when there is no such passage. */
enum status store_passage_text_known(struct store *s, int64_t id, int *known, struct error *err);
/* The import that added passage id (a row id): *import_id, 0 when none. */
enum status store_passage_import(struct store *s, int64_t id, int64_t *import_id, struct error *err);
/* Each passage without text (known by its id only), by row id: cb(ext_id,
 * id, ctx), ext_id borrowed for the call; cb returns non-zero to stop. */
enum status store_passages_without_text(struct store *s, int (*cb)(const char *ext_id, int64_t id, void *ctx),
					void *ctx, struct error *err);
/* Look a passage up by its ext id; *id = 0 when absent. */
enum status store_find_passage(struct store *s, const char *ext_id, int64_t *id, struct error *err);
/* Whether ext_id names a passage of the project: of its collection (or
 * retrieved) or a turn's gold passage. When not, *some gets the first
 * passage ids ("a, b and 30 more"; NULL when it has none; caller frees). */
enum status store_passage_known(struct store *s, const char *ext_id, int *known, char **some, struct error *err);
enum status store_put_conversation(struct store *s, const char *ext_id, const char *metadata_json,
				   int64_t import_id, int64_t *id, enum store_put *res,
				   struct store_conflict *c, struct error *err);

struct store_gold {
	const char *intent;               /* NULL when absent */
	const char *const *answers;
	size_t n_answers;
	const char *const *passages;      /* passage ext ids */
	size_t n_passages;
	int present;                      /* the file carried a "gold" object */
	const long *grades;               /* NULL (every grade 1) or one per passage, each >= 1 */
};
enum status store_put_turn(struct store *s, int64_t conversation_id, int position,
			   const char *question, const char *rewrite, const struct store_gold *gold,
			   const char *metadata_json, int64_t *id, enum store_put *res,
			   struct store_conflict *c, struct error *err);

struct store_ranked {
	long rank;
	double score;
	int has_score;
	int64_t passage_id;
	const char *passage_ext;          /* for messages and comparison */
};
enum status store_put_response(struct store *s, int64_t turn_id, int64_t system_id,
			       const char *answer, const struct store_ranked *ranked, size_t n,
			       const char *metadata_json, int64_t import_id, int64_t *id,
			       enum store_put *res, struct store_conflict *c, struct error *err);
/* The system's own rewrite of the question of response response_id: set
 * when the project has none (PUT_UPDATED), PUT_SAME when equal or rewrite
 * is NULL, PUT_CONFLICT when another. */
enum status store_put_response_rewrite(struct store *s, int64_t response_id, const char *rewrite,
				       enum store_put *res, struct store_conflict *c, struct error *err);
/* The reader's ranked answer candidates of response response_id (a JSON
 * array in canonical form, as the import writes it): the same rule. */
enum status store_put_response_candidates(struct store *s, int64_t response_id, const char *candidates_json,
					  enum store_put *res, struct store_conflict *c, struct error *err);

/* ---- label schemes of the project's own (store_scheme.c) ------------- */

/* The JSON text of the project's scheme name: *json (caller frees), NULL
 * when the project has none of that name. */
enum status store_scheme_get(struct store *s, const char *name, char **json, struct error *err);
/* Whether a scheme stored as old_json may become the one being added:
 * called inside store_scheme_add's transaction (so that no label is added
 * meanwhile; it may call store_scheme_usage). 0: replace it. */
typedef int (*store_scheme_change_cb)(struct store *s, const char *old_json, void *ctx);
/* Add scheme name with its JSON text, in one transaction: PUT_NEW; PUT_SAME
 * when the project has it with the same text (nothing changes); when it has
 * it with another text: PUT_UPDATED when change (may be NULL) allows it,
 * else PUT_CONFLICT (nothing changes). */
enum status store_scheme_add(struct store *s, const char *name, const char *json, store_scheme_change_cb change,
			     void *ctx, enum store_put *res, struct error *err);
/* Calls cb with the number of label rows (history included; cleared ones
 * not) of task for each field, unit and value. */
typedef void (*store_scheme_usage_cb)(const char *field, const char *unit, const char *value, long count,
				      void *ctx);
enum status store_scheme_usage(struct store *s, const char *task, store_scheme_usage_cb cb, void *ctx,
			       struct error *err);

struct store_scheme_row {
	char *name, *json, *added_at;
};
/* The project's schemes by name: *rows (free with store_scheme_rows_free). */
enum status store_scheme_list(struct store *s, struct store_scheme_row **rows, size_t *n, struct error *err);
void store_scheme_rows_free(struct store_scheme_row *rows, size_t n);

/* the parts by concern, in this order: each relies on what comes before it */
#include "convqa/store_round.h"
#include "convqa/store_rater.h"
#include "convqa/store_label.h"
#include "convqa/store_guidelines.h"
#include "convqa/store_label_import.h"
#include "convqa/store_tasks.h"
#include "convqa/store_adjudicate.h"
#include "convqa/store_spans.h"

#endif
