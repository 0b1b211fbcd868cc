/*
 * store.h - the project file: the only module that speaks SQL.
 *
 * A project is one SQLite database. Open it with store_open() (STORE_CREATE
 * to make a new one), close with store_close(). Every connection runs with
 * foreign keys on, WAL journaling and a busy timeout, and the schema is
 * migrated forward through PRAGMA user_version.
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

#define STORE_SCHEMA_VERSION 9
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

/* Why a put conflicted: what differs and which import brought the old row. */
struct store_conflict {
	char what[256];
	char origin[512];
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

/* ---- rounds, raters (store_round.c) ---------------------------------- */

/* The round a user named (--round): its id, its task (a scheme's name;
 * caller frees) and whether it is closed (task and closed may be NULL). A
 * name the project does not have is ST_INPUT with "no round 'NAME' in the project (its rounds: a, b)" or
 * "(it has no rounds)" in err; a round whose task or status is NULL is a
 * damaged project (store_damaged()). */
enum status store_round_info(struct store *s, const char *name, int64_t *id, char **task, int *closed,
			     struct error *err);

/* An item a round may take: one response, in conversation order. */
struct store_round_item {
	int64_t response_id;
	int64_t conversation_id;
	int64_t turn_id;
	int depth;                       /* the turn's position, 1-based */
	int gold_intent;                 /* model_gold_intent_index(), -1: none */
	int has_gold;                    /* the turn has a gold answer */
};
/* The items of the project in conversation order (conversation, turn
 * position, the turn's answers in a fixed mixed order; each rater's queue
 * then orders a turn's answers for the rater: store_queue_load),
 * of the systems named (NULL, 0: every system; a name the project lacks is
 * ST_INPUT listing its systems). *items: caller frees. */
enum status store_round_candidates(struct store *s, const char *const *systems, size_t n_systems,
				   struct store_round_item **items, size_t *n, struct error *err);

/* A turn as sampling for plausibility sees it: its answers (response ids,
 * texts and, when column is not NULL, the number the response's metadata
 * holds under that key, NAN when it has none) and its gold answers.
 * Borrowed for the callback's duration. */
struct store_sample_turn {
	int64_t turn_id;
	const int64_t *responses;
	const char *const *answers;
	const double *column;
	size_t n;
	const char *const *golds;
	size_t n_golds;
};
typedef int (*store_sample_cb)(const struct store_sample_turn *t, void *ctx);
/* Every turn with answers, in conversation order; cb returns non-zero to stop. */
enum status store_sample_turns(struct store *s, const char *column, store_sample_cb cb, void *ctx,
			       struct error *err);

/* One assignment: rater_id labels response_id, seq-th in their queue. */
struct store_assignment {
	int64_t rater_id;
	int64_t response_id;
	long seq;
	int control;                     /* a control item (not shown as one) */
};

/* A new round, its raters and its assignments, in one transaction. */
struct store_round_new {
	const char *name, *task;
	long overlap;                    /* raters per block; 0: every rater */
	int64_t seed;
	int pilot;
	int64_t swap_from;               /* the round swapped, or 0 */
	double control;                  /* the share of control items asked (0: none) */
	int64_t control_rater;           /* whose labels are their known answers, or 0 */
	const char *made_by;             /* how it was made, for round show */
	int live;                        /* a live round: its assignments are first questions */
	const int64_t *raters;           /* rater ids */
	size_t n_raters;
	const struct store_assignment *a;
	size_t n_a;
};
/* ST_INPUT "round 'NAME' exists already ..." when the name is taken. */
enum status store_round_create(struct store *s, const struct store_round_new *r, int64_t *id,
			       struct error *err);
/* The items rater_id labelled in task outside rounds (a value, not
 * cleared), by response id: the control items a round may draw on (only
 * response_id, conversation_id and turn_id are set). *items: caller frees. */
enum status store_round_control_pool(struct store *s, int64_t rater_id, const char *task,
				     struct store_round_item **items, size_t *n, struct error *err);
/* The items whose gold decides a field (control items with the gold as the
 * known answers), by response id: with intent, those of a turn with a gold
 * intent; with passages, those that retrieved one of their turn's gold
 * passages. As store_round_control_pool(). */
enum status store_round_gold_pool(struct store *s, int intent, int passages, struct store_round_item **items,
				  size_t *n, struct error *err);
/* The gold of response_id's turn as known answers: its gold intent (NULL:
 * none; caller frees) and the ranks of the response that hold one of the
 * turn's gold passages (*ranks ascending, caller frees). */
enum status store_response_gold(struct store *s, int64_t response_id, char **intent, long **ranks,
				size_t *n_ranks, struct error *err);
/* A round's assignments by rater, then seq. *a: caller frees. */
enum status store_round_assignments(struct store *s, int64_t round_id, struct store_assignment **a, size_t *n,
				    struct error *err);

/* A round as round list and show give it. */
struct store_round_row {
	int64_t id;
	char *name, *task, *status, *created_at, *closed_at, *swap_from, *made_by;
	char *control_rater;             /* NULL: no control items */
	int64_t control_rater_id;
	double control;
	long overlap;
	int64_t seed;
	int has_seed, pilot, live;
	long n_raters, n_items, n_assignments;
};
/* Every round by creation; or, with name, that one (*n 0 when absent). */
enum status store_round_list(struct store *s, const char *name, struct store_round_row **rows, size_t *n,
			     struct error *err);
void store_round_rows_free(struct store_round_row *rows, size_t n);

/* A round's rater: items assigned, labels given in the round (rows, the
 * history included) and their active seconds. */
struct store_round_rater {
	int64_t rater_id;
	char *name;
	long assigned, label_rows;
	double seconds;
};
enum status store_round_raters(struct store *s, int64_t round_id, struct store_round_rater **rows, size_t *n,
			       struct error *err);
void store_round_raters_free(struct store_round_rater *rows, size_t n);

/* Close (closed 1) or reopen (0) a round in its own transaction; closed_at
 * records when, read once the write lock is held (labels check their round
 * inside their own transactions: every one committed before is older). */
enum status store_round_set_status(struct store *s, int64_t round_id, int closed, struct error *err);
/* Delete round id, its raters and assignments, in one transaction - only
 * when no label was given in it and no round was made by swapping its
 * items: *n_labels and *n_rounds count those (both 0: deleted). */
enum status store_round_delete(struct store *s, int64_t id, long *n_labels, long *n_rounds, struct error *err);
/* The items of round round_id (only rater_id's, when not 0) in
 * conversation, turn and system order: each with its raters (names joined
 * by commas) and whether it is a control item for any of them. */
struct store_round_listed {
	const char *conversation;
	int turn;                 /* its position */
	const char *system;
	const char *raters;
	int control;
};
typedef int (*store_round_listed_cb)(const struct store_round_listed *it, void *ctx);
enum status store_round_items(struct store *s, int64_t round_id, int64_t rater_id, store_round_listed_cb cb,
			      void *ctx, struct error *err);

/* Find a rater by name, creating it (role "rater") when missing. */
enum status store_rater_ensure(struct store *s, const char *name, int64_t *id, struct error *err);
/* Find a rater by name; *id = 0 when absent. */
enum status store_rater_find(struct store *s, const char *name, int64_t *id, struct error *err);

/* ---- raters: their settings and what they did (store_rater.c) -------- */

/* A rater's row. Its strings are owned: store_rater_release() frees them. */
struct store_rater {
	int64_t id;
	char *name;
	enum model_role role;
	int trusted;              /* 0: distrusted by a coordinator */
	char *os_user;            /* the account the rater's labels are written from
				   * (access.h); NULL: not bound, any account */
	char *added_at;           /* ISO 8601; NULL for a rater of a project older
				   * than schema 4 */
	long labels;              /* store_rater_count_labels(): the rater's current
				   * values (the latest of each unit and field, not
				   * cleared), as info counts labels; else 0 */
};
void store_rater_release(struct store_rater *r);

/* The rater called name, into *r (release it; zeroed when absent). With
 * found, *found says whether the project has the rater; without (NULL), a
 * rater it lacks is ST_INPUT with "no rater 'NAME' in the project (its
 * raters: a, b)" or "(it has no raters)" in err. */
enum status store_rater_get(struct store *s, const char *name, struct store_rater *r, int *found,
			    struct error *err);
/* ST_INPUT: "no rater 'NAME' in the project (its raters: a, b; HINT)" (or
 * "it has no raters"; without "; HINT" when hint is NULL). */
enum status store_rater_unknown(struct store *s, const char *name, const char *hint, struct error *err);
/* Every rater, by name: *rows (free with store_rater_rows_free), labels 0.
 * A rater without a name is a damaged project (store_damaged()). */
enum status store_rater_list(struct store *s, struct store_rater **rows, size_t *n, struct error *err);
void store_rater_rows_free(struct store_rater *rows, size_t n);
/* Fill in rows[i].labels (one scan of the labels: as long as info takes). */
enum status store_rater_count_labels(struct store *s, struct store_rater *rows, size_t n, struct error *err);

/* Add rater name with role and os_user (NULL: not bound), trusted, added
 * now; or, when the project has it, set its role and os_user (its trust,
 * labels and rounds stay). *id (may be NULL) gets its id. Call inside
 * store_begin/commit to decide and write in one transaction. */
enum status store_rater_put(struct store *s, const char *name, enum model_role role, const char *os_user,
			    int64_t *id, struct error *err);
/* Set whether rater id is trusted (1) or distrusted (0). */
enum status store_rater_set_trusted(struct store *s, int64_t id, int trusted, struct error *err);
/* Remove rater id when no row of the project refers to them (no label,
 * round, assignment, guidelines seen): *removed 1; else kept, *removed 0. */
enum status store_rater_remove_unused(struct store *s, int64_t id, int *removed, struct error *err);

/* A rater's labels of one task: current values (as store_rater.labels),
 * label rows (history included) and their active seconds. Strings are
 * borrowed for the callback's duration. */
struct store_rater_task {
	const char *task;
	long labels, rows;
	double seconds;
};
typedef void (*store_rater_task_cb)(const struct store_rater_task *t, void *ctx);
/* Calls cb for each task rater_id has label rows of, by task name. */
enum status store_rater_tasks(struct store *s, int64_t rater_id, store_rater_task_cb cb, void *ctx,
			      struct error *err);

/* A round a rater is in: one of its raters, or with items assigned or
 * labels given in it. */
struct store_rater_round {
	const char *name, *task;
	int closed;
	long assigned;            /* items assigned to the rater */
	long labels;              /* the rater's current values in the round */
};
typedef void (*store_rater_round_cb)(const struct store_rater_round *r, void *ctx);
/* Calls cb for each round rater_id is in, oldest first. */
enum status store_rater_rounds(struct store *s, int64_t rater_id, store_rater_round_cb cb, void *ctx,
			       struct error *err);

/* ---- labels ---------------------------------------------------------- */

/* The item (response) of system to turn position of conversation. When
 * there is none: ST_INPUT with a message saying which of the three is not
 * there and listing what is (the systems that answered the turn, the
 * answered turns, or the conversations). */
enum status store_response_find(struct store *s, const char *conversation, int position,
				const char *system, int64_t *id, struct error *err);
/* Number of retrieved passages of a response (the ranks are 1..n or a subset). */
enum status store_response_has_rank(struct store *s, int64_t response_id, long rank, int *has,
				    struct error *err);
/* The ranks of a response's retrieved passages, ", "-separated (the first
 * ten, then "and N more"), into *ranks (caller frees; NULL when it retrieved
 * none). For messages. */
enum status store_response_ranks(struct store *s, int64_t response_id, char **ranks, struct error *err);
/* Whether round_id assigns response_id to rater_id (a control item too):
 * *assigned. When it does not and item is not NULL, *item names the
 * response for a person: "conversation 'c1' turn 2 system 's1'" (caller
 * frees; else NULL). */
enum status store_round_assigns(struct store *s, int64_t round_id, int64_t rater_id, int64_t response_id,
				int *assigned, char **item, struct error *err);

/* What a label is about: the unit its field judges (scheme.h), named by
 * where the rater gave it. round_id 0 = outside any round; passage_rank 0 =
 * the field is about the whole item, not one retrieved passage.
 *   UNIT_TURN      the turn of response_id (passage_rank 0)
 *   UNIT_PASSAGE   the passage response_id retrieved at passage_rank, in its
 *                  turn: the same unit in every response of the turn that
 *                  retrieved that passage
 *   UNIT_RESPONSE  response_id itself
 *   UNIT_ANSWER    the answer of response_id: the same unit as every response
 *                  of the turn whose answer is equal after normalisation */
struct store_label_key {
	int64_t response_id;
	int64_t rater_id;
	int64_t round_id;
	const char *task;
	const char *field;
	long passage_rank;
	enum scheme_unit unit;
};

/* The key of an answer unit: equal for answers equal after the SQuAD
 * normalisation (metrics_normalize_answer). */
int64_t store_answer_key(const char *answer);

/* Record a new value (NULL = cleared) for key, with the active seconds
 * spent on the item and a timestamp: in its own committed transaction, or
 * inside the caller's (store_begin/commit: labelling_set checks its rules
 * and writes in one). History is kept: this adds a row, it never
 * overwrites one. The current value of a unit is its latest row, wherever
 * it was given. */
enum status store_label_set(struct store *s, const struct store_label_key *key,
			    const char *value, double seconds, struct error *err);

/* Current value of one key; *value NULL when unset or cleared. Caller frees. */
enum status store_label_get(struct store *s, const struct store_label_key *key,
			    char **value, struct error *err);

/* One label row as exported. Strings are borrowed for the callback's duration. */
struct store_label_row {
	int64_t id;
	const char *conversation;
	int turn;
	const char *system;
	const char *rater;
	const char *round;                /* NULL outside rounds */
	const char *task;
	const char *field;
	const char *value;                /* NULL = cleared */
	long passage_rank;                /* 0 when not per passage */
	const char *passage;              /* passage ext id or NULL */
	const char *unit;                 /* the unit judged: turn, passage, response, answer, pair */
	const char *system_b;             /* unit pair: the pair's other system (system is its
					   * response_a's: value a prefers system, b system_b);
					   * else NULL */
	double seconds;
	const char *created_at;
	int control;                      /* 1: given on a control item of its rater in its
					   * round (round create --control): scores the
					   * rater, no judgement */
};

struct store_label_filter {
	const char *round;                /* NULL = any */
	const char *rater;
	const char *task;
	int history;                      /* 1: every row; 0: current values only */
	const char *blind_for;            /* NULL; else only this rater's labels of
					   * open rounds (access_blind_rater) */
};

typedef int (*store_label_cb)(const struct store_label_row *row, void *ctx);
/* Calls cb for each matching label in a stable order (conversation, turn,
 * system, rater, round, field, rank, id); cb returns non-zero to stop. A
 * NULL the schema does not allow stops it: a damaged project
 * (store_damaged(), naming the label). */
enum status store_labels_each(struct store *s, const struct store_label_filter *f,
			      store_label_cb cb, void *ctx, struct error *err);

/* ---- annotation guidelines (store_guidelines.c) ----------------------- */

/* The project's guidelines are kept per task (a scheme's name) or for every
 * task (task NULL), each version a row that is never changed: setting new
 * text adds a version. A rater of task T is shown T's current version, else
 * the current version for every task. Which versions each rater has been
 * shown is recorded (guidelines_seen), so that a change is shown once. */
struct store_guidelines {
	int64_t id;                /* 0: none */
	char *task;                /* NULL: every task */
	char *text;
	char *set_at;              /* ISO 8601 UTC */
	long version;              /* 1, 2, ... among the versions of its task */
	long seen_by;              /* raters who have been shown it */
};
/* Free what g owns and zero it. */
void store_guidelines_release(struct store_guidelines *g);

/* The current guidelines for task (NULL: every task) into *g (caller
 * releases; g->id 0 when there are none). exact: the versions set for
 * task itself only; else what a rater of task is shown: task's own, else
 * those for every task. */
enum status store_guidelines_get(struct store *s, const char *task, int exact, struct store_guidelines *g,
				 struct error *err);
/* Make text the guidelines for task (NULL: every task), in one
 * transaction: PUT_NEW (its first version), PUT_UPDATED (a new version),
 * PUT_SAME (the current version has this text: nothing changes). cur (may
 * be NULL) gets the current version afterwards (caller releases). */
enum status store_guidelines_set(struct store *s, const char *task, const char *text, enum store_put *res,
				 struct store_guidelines *cur, struct error *err);
/* Whether rater has been shown version id (*seen), and whether they have
 * been shown any version for task (NULL: every task) or for every task
 * (*before: with *seen 0, the guidelines have changed since they last saw
 * them). */
enum status store_guidelines_seen(struct store *s, int64_t rater_id, const char *task, int64_t id, int *seen,
				  int *before, struct error *err);
/* Record that rater has been shown version id (again: no change). */
enum status store_guidelines_mark_seen(struct store *s, int64_t rater_id, int64_t id, struct error *err);
/* Every version into *rows (free with store_guidelines_rows_free): those
 * for every task, then by task, oldest first (the last of a task is its
 * current version). */
enum status store_guidelines_list(struct store *s, struct store_guidelines **rows, size_t *n,
				  struct error *err);
void store_guidelines_rows_free(struct store_guidelines *rows, size_t n);

/* ---- labels from another copy of the project (store_label_import.c) --- */

/* Open the project at path only to read it (convqa import-labels reading
 * another copy): read-only, never migrated, never written. Its schema must
 * be this convqa's: an older one is ST_STORE, saying to export its labels
 * with convqa export instead. The file may come from anyone: the tables
 * store_labels_each() reads must be tables (a view or virtual table is
 * ST_STORE "not a project as convqa writes it"), its schema is untrusted
 * (SQLITE_DBCONFIG_TRUSTED_SCHEMA off, DEFENSIVE on), and its statements
 * get as much work as its size allows (file and -wal: 64 VM steps a byte
 * and a million), past which they fail with ST_STORE "takes more work to
 * read than a project of its size can". Close with store_close(). */
enum status store_open_read_only(const char *path, struct store **out, struct error *err);

/* The name of the first system (by name) whose response to turn position
 * of conversation (an ext id) retrieved passage (an ext id) into *system
 * (caller frees; NULL when none did): where a judgement from elsewhere
 * (TREC qrels imported as a rater's) is a label of the pooled passage. */
enum status store_pooled_system(struct store *s, const char *conversation, int position, const char *passage,
				char **system, struct error *err);

/* Adding labels as another copy recorded them, inside store_begin/commit:
 *
 *   store_label_importer_open(s, &imp, &err);
 *   store_label_importer_add(imp, &key, value, seconds, created_at, &res, &c, &err);  (oldest first)
 *   store_label_importer_finish(imp, &copies, &err);
 *   store_label_importer_free(imp);
 *
 * The project's own labels are those it held when the importer opened. */
struct store_label_importer;

enum store_label_added {
	LABEL_ADDED,     /* a new row */
	LABEL_PRESENT,   /* a row of the same rater, round, response, task, field, rank, value and
			  * time is there already: nothing added */
	LABEL_CONFLICT,  /* one of the project's own rows of the same rater, round, task, field and
			  * unit has the same time and another value: nothing added */
};

/* The project's value that a label conflicts with. */
struct store_label_conflict {
	int cleared;                      /* the project's row cleared the label */
	char value[512];                  /* else its value (cut) */
};

enum status store_label_importer_open(struct store *s, struct store_label_importer **out, struct error *err);
void store_label_importer_free(struct store_label_importer *imp);

/* A passage of a response: with *rank > 0 the ext id of the passage it
 * retrieved at that rank into *at_rank (caller frees; NULL when none); with
 * *rank 0 the rank at which it retrieved passage (ext id) into *rank (0
 * when it did not). */
enum status store_label_importer_passage(struct store_label_importer *imp, int64_t response_id, long *rank,
					 const char *passage, char **at_rank, struct error *err);

/* Add a row for key with value (NULL = cleared), seconds and created_at
 * (an ISO 8601 UTC time as now_iso8601() writes it) as given; *res says
 * what happened (c is filled for LABEL_CONFLICT). Rows are added in the
 * order of the calls. ST_INPUT when key's passage rank names no passage of
 * its response. */
enum status store_label_importer_add(struct store_label_importer *imp, const struct store_label_key *key,
				     const char *value, double seconds, const char *created_at,
				     enum store_label_added *res, struct store_label_conflict *c,
				     struct error *err);

/* After the adds: in every unit that got a row, the latest label by time
 * (created_at, then id) must be current (the unit's highest id). Where one
 * of the project's own labels is newer than every row added to its unit,
 * a copy of it (same value and time, 0 seconds) is added after them;
 * *copies counts them. */
enum status store_label_importer_finish(struct store_label_importer *imp, long *copies, struct error *err);

/* ---- items as a task file holds them (store_tasks.c) ----------------- */

/* The items of a round read back in the shapes of a task file
 * (schemas/tasks.schema.json), for convqa export --format tasks:
 *
 *   store_tasks_open(s, round_id, rater_id, &t, &err);   one snapshot of the project
 *   store_tasks_systems(t, ...); store_tasks_passages(t, ...);
 *   store_tasks_turns(t, cb, ...)   and in cb: store_tasks_gold(), store_tasks_responses()
 *                                   and for each response store_tasks_ranked()
 *   store_tasks_close(t);
 *
 * Strings are borrowed for the callback's duration; a callback returns
 * non-zero to stop. */
struct store_tasks;

/* The items assigned in round round_id to rater_id (0: to every rater of
 * the round); round_id 0: every item of the project. */
enum status store_tasks_open(struct store *s, int64_t round_id, int64_t rater_id, struct store_tasks **out,
			     struct error *err);
void store_tasks_close(struct store_tasks *t);
/* How many items (responses). */
long store_tasks_count(const struct store_tasks *t);

/* The systems of the items, by name (description NULL when none). */
typedef int (*store_tasks_system_cb)(const char *name, const char *description, void *ctx);
enum status store_tasks_systems(struct store_tasks *t, store_tasks_system_cb cb, void *ctx, struct error *err);

/* The passages the items retrieved, each once, in import order. */
struct store_tasks_passage {
	const char *id, *title, *url, *text;   /* title, url: NULL when none; text NULL: id only */
};
typedef int (*store_tasks_passage_cb)(const struct store_tasks_passage *p, void *ctx);
enum status store_tasks_passages(struct store_tasks *t, store_tasks_passage_cb cb, void *ctx, struct error *err);

/* The turns of the items' conversations, in conversation (import) order
 * then position, each conversation up to its last turn with an item: a
 * turn's position in a task file is its place. */
struct store_tasks_turn {
	int64_t conversation_id, turn_id;
	const char *conversation, *conversation_metadata;   /* metadata: JSON text or NULL */
	int position;
	const char *question, *rewrite, *gold_intent, *metadata;   /* NULL when none (question: not known) */
};
typedef int (*store_tasks_turn_cb)(const struct store_tasks_turn *turn, void *ctx);
enum status store_tasks_turns(struct store_tasks *t, store_tasks_turn_cb cb, void *ctx, struct error *err);

/* A turn's gold answers (in order), then its gold passage ids with their
 * grades (1 for an answer). */
typedef int (*store_tasks_gold_cb)(int is_passage, const char *text, long grade, void *ctx);
enum status store_tasks_gold(struct store_tasks *t, int64_t turn_id, store_tasks_gold_cb cb, void *ctx,
			     struct error *err);

/* A verdict field on answers (the field of role plausibility or
 * faithfulness of a scheme, found by the caller): the labels of task
 * `task` and field `field` on a response or its answer text; value `yes`
 * is the verdict (plausible, faithful). task NULL: no such field. */
struct store_verdict {
	const char *task, *field, *yes;
};

/* The answers of a turn judged `plausible` and, where `faithful` was
 * judged, faithful: by an adjudicator where adjudicators settled it (all of
 * them giving the value), else by more than half of the trusted raters with
 * a value; each rater's latest value over every round. The ground-truth
 * extension; cb gets is_passage 0. */
enum status store_tasks_judged_gold(struct store_tasks *t, int64_t turn_id, const struct store_verdict *plausible,
				    const struct store_verdict *faithful, store_tasks_gold_cb cb, void *ctx,
				    struct error *err);

/* The items of round round_id judged `plausible` in it (each rater's
 * latest value in the round): by an adjudicator where adjudicators settled
 * it, else by the trusted raters, more than half of those with a value
 * (any: at least one). *judged counts the items with a value at all. ids
 * in response order, to free. */
enum status store_round_plausible(struct store *s, int64_t round_id, const struct store_verdict *plausible, int any,
				  int64_t **ids, size_t *n, size_t *judged, struct error *err);

/* The items among a turn's responses, by system name. */
struct store_tasks_response {
	int64_t id;
	const char *system, *answer, *metadata;   /* metadata: JSON text or NULL */
	const char *rewrite;                      /* the system's rewrite, NULL when none */
};
typedef int (*store_tasks_response_cb)(const struct store_tasks_response *r, void *ctx);
enum status store_tasks_responses(struct store_tasks *t, int64_t turn_id, store_tasks_response_cb cb, void *ctx,
				  struct error *err);

/* A response's ranking, by rank. */
struct store_tasks_ranked {
	long rank;
	const char *passage;
	double score;
	int has_score;
};
typedef int (*store_tasks_ranked_cb)(const struct store_tasks_ranked *r, void *ctx);
enum status store_tasks_ranked(struct store_tasks *t, int64_t response_id, store_tasks_ranked_cb cb, void *ctx,
			       struct error *err);

/* ---- adjudication (store_adjudicate.c) -------------------------------- */

/* Where a round's raters disagree, for convqa adjudicate: per unit and
 * field of the round's task, the current value of each rater (the latest
 * label of the unit in the round, not cleared), compared as
 * report --consensus adjudicated compares them: the raters are those with
 * labels in the round who are not adjudicators and are trusted (an
 * adjudicator's values are the settlement; a distrusted rater's are left
 * out of every consensus). A unit judged by two or more of them with more
 * than one value is a disagreement. A pooled passage (one unit, however
 * many systems retrieved it), a turn and an answer text count once. A
 * round made with --swap-from (round 2 of the two-round protocol, in which
 * no item has two raters) is compared over both rounds, as round close
 * compares it: each rater's current value is their latest label of the
 * unit in the round or in the round it swapped; the settlements are the
 * adjudicator's labels in the round itself (where adjudicate saves them),
 * which report --consensus adjudicated --round R1,R2 takes.
 * Strings are owned by the struct store_disagreements they are in. */

/* One rater's value of a disagreement. */
struct store_adjudication_value {
	int64_t rater_id;
	char *rater;                      /* the rater's name */
	char *value;
};

struct store_disagreement {
	int64_t turn_id;
	const struct scheme_field *field; /* in the scheme asked for (a field with categories) */
	int64_t unit_ref;                 /* the unit: turn_id, field->unit and unit_ref (see the
					   * 2 -> 3 migration in store.c) */
	int64_t response_id;              /* where to show it: the item on which a rater first
					   * judged the unit in the round (or the round it swapped) */
	long passage_rank;                /* a passage field: the passage's rank there; else 0 */
	int answer_index, n_answers;      /* that response's place (1-based) among the turn's
					   * answers in the adjudicator's order of them */
	struct store_adjudication_value *values;   /* each rater's, by name */
	size_t n_values;
	char *settled;                    /* the adjudicator's current value of the unit in the
					   * round; NULL: not settled */
};

struct store_disagreements {
	struct store_disagreement *v;     /* by conversation (import order), turn, then its
					   * turn's fields first, the answers in the adjudicator's
					   * order (order.h, as a queue of theirs would have them),
					   * the scheme's fields in order, the passages by rank */
	size_t n;
	size_t n_settled;                 /* of v, settled */
	long units;                       /* units (per field) two or more raters judged */
	char *swap_from;                  /* the round whose items the round swapped, whose labels
					   * were compared too; NULL: none */
	char *swapped_by;                 /* a round made by swapping this one's items (the first):
					   * where its disagreements are adjudicated; NULL: none */
};

/* The disagreements of round_id in the fields of sc (its task's scheme;
 * text fields are not compared), with adjudicator_id's settlements, into
 * *out (release with store_disagreements_release()). */
enum status store_adjudicate_list(struct store *s, int64_t round_id, const struct scheme *sc,
				  int64_t adjudicator_id, struct store_disagreements *out, struct error *err);
void store_disagreements_release(struct store_disagreements *d);

/* ---- evidence spans (store_spans.c) --------------------------------- */

/* convqa spans: the responses read one at a time, each with what its
 * spans are found from, and each response's stored spans made the ones
 * found, inside one store_begin/commit:
 *
 *   store_spans_open(s, system, &sp, &err);
 *   while ((st = store_spans_next(sp, &r, &err)) == ST_OK && r)
 *           ... spans of r ... store_spans_put(sp, r->id, sources, n_sources, v, n, &diff, &err);
 *   store_spans_close(sp);
 *
 * Only one response is held at a time: memory does not grow with the
 * project. */
struct store_spans;

struct store_spans_passage {
	int64_t id;                      /* the passage's row id */
	const char *ext_id;
	const char *text;
	size_t len;
};

struct store_spans_response {
	int64_t id;
	const char *answer;
	const char *const *golds;        /* the turn's gold answers, in order */
	size_t n_golds;
	const struct store_spans_passage *passages;   /* retrieved, by rank */
	size_t n_passages;
};

/* The responses of system (NULL: every system), by id. A name the project
 * lacks is ST_INPUT with "no system 'NAME' in the project (its systems: a,
 * b)" or "(it has none)". Close with store_spans_close(). */
enum status store_spans_open(struct store *s, const char *system, struct store_spans **out, struct error *err);
void store_spans_close(struct store_spans *sp);

/* The next response into *r (NULL after the last); *r and everything it
 * points to are owned by sp and valid until the next call. */
enum status store_spans_next(struct store_spans *sp, const struct store_spans_response **r, struct error *err);

/* One span to store: bytes [start, end) of passage passage_id, whose text
 * is passage_text (the span's text is stored with it). */
struct store_span {
	int64_t passage_id;
	const char *passage_text;
	size_t start, end;
	const char *source;              /* "answer" or "gold" */
	double score;
};

/* What store_spans_put changed; it adds to the counts. */
struct store_spans_diff {
	long added;                      /* new rows */
	long removed;                    /* rows deleted: no longer found */
	long rescored;                   /* the same span with another score */
	long unchanged;
};

/* Make v[0..n) the stored spans of response_id for the sources named in
 * sources[0..n_sources) (its spans of other sources stay): a stored span
 * of the same passage, offsets and source keeps its row (its score updated
 * when it differs), the others are deleted, the new ones inserted. Putting the
 * same spans again changes nothing. Call inside store_begin/commit. */
enum status store_spans_put(struct store_spans *sp, int64_t response_id, const char *const *sources,
			    size_t n_sources, const struct store_span *v, size_t n, struct store_spans_diff *d,
			    struct error *err);

/* A response's stored evidence spans, for the faithfulness screen: the
 * passages they are in (by their rank in the response's ranking, lowest
 * first; a passage it no longer retrieved last), each with its id, rank
 * and text, and the spans (both sources) by passage, then start. Offsets
 * are as stored: bytes [start, end) of the passage's text (spans_paragraph
 * skips a span outside it). Release with store_evidence_release(). */
struct store_evidence_passage {
	int64_t id;                      /* the passage's row id */
	char *ext_id;
	long rank;                       /* 0: not in the response's ranking */
	char *text;
	size_t len;
};

struct store_evidence_span {
	size_t passage;                  /* index into passages */
	size_t start, end;
	int gold;                        /* source "gold" (else "answer") */
	double score;
};

struct store_evidence {
	struct store_evidence_passage *passages;
	size_t n_passages;
	struct store_evidence_span *spans;
	size_t n_spans;
};

enum status store_evidence_load(struct store *s, int64_t response_id, struct store_evidence *out,
				struct error *err);
void store_evidence_release(struct store_evidence *e);

/* e's spans merged per passage into one paragraph (spans_paragraph of
 * spans.h) appended to out; the pieces too when pieces is not NULL. Adds
 * nothing when e has no spans. */
struct strbuf;
struct spans_piece;
void store_evidence_paragraph(const struct store_evidence *e, struct strbuf *out, struct spans_piece **pieces,
			      size_t *n_pieces);

#endif
