/* store_internal.h - shared between the store_*.c files only. */
#ifndef CONVQA_STORE_INTERNAL_H
#define CONVQA_STORE_INTERNAL_H

#include <sqlite3.h>

#include "convqa/store.h"

struct scheme;

/* Statement cache slots: the shared ones (STMT_* below), then each
 * module's from STMT__FIRST_FREE up to STMT_QUEUE__FIRST; the paged queue
 * (store_queue.c) and what it has finished (store_done.c) have theirs from
 * STMT_QUEUE__FIRST, apart, so that a session that pages its queue keeps
 * every other statement too. */
#define STMT_QUEUE__FIRST 80
/* the pair screen's paged queue (store_pair_done.c) from here */
#define STMT_PAIRQ__FIRST 100
#define STORE_STMT_SLOTS 112

struct store {
	sqlite3 *db;
	char *path;
	sqlite3_stmt *cache[STORE_STMT_SLOTS];   /* prepared statements, by STMT_* slot */
	int64_t import_id;                /* the import under way (store_import_begin), else 0 */
	/* another copy read by store_open_read_only(): the work its size allows */
	long long size;                   /* bytes of the file and its write-ahead log */
	unsigned long long work_left;     /* in thousands of SQLite VM steps */
	int over_budget;                  /* a statement was stopped for asking more */
	int immutable;                    /* read as immutable (store_reopen_immutable) */
	int tx_depth;                     /* store_begin() calls not yet committed or rolled back:
					   * past the first, each is a savepoint */
	int wal_frames;                   /* with checkpoints deferred (store_wal.c): frames in the
					   * write-ahead log not yet copied to the file */
	int wal_deferred;                 /* store_wal_defer() was called */
};

/* The schema (store_migrate.c): the version this convqa writes (the
 * number of migrations); a connection's PRAGMA user_version, -1 when it
 * cannot be read; the migrations from the project's version to this one in
 * one transaction (foreign keys off; they must hold after it). */
int store_schema_version(void);
int store_user_version(sqlite3 *db);
enum status store_migrate(struct store *s, struct error *err);
/* ST_STORE for a project that cannot be opened or set up: "what 'path':
 * reason", with what to do next (not a project, no directory, permissions,
 * a full disk). Read before anything else runs on db. */
enum status store_open_error(struct error *err, sqlite3 *db, const char *path, const char *what);

/* A project in WAL mode whose first read failed with SQLITE_READONLY (no
 * shared-memory file beside it, and none can be made) and that has no
 * write-ahead log (nobody is writing it): s->db reopened read-only as
 * immutable, 1; else 0 and s->db as it was. */
int store_reopen_immutable(struct store *s);
/* "file:PATH?immutable=1", PATH percent-encoded (caller frees). */
char *store_immutable_uri(const char *path);

/* Prepare (once, cached in slot) and reset a statement. NULL + err on failure. */
/* The triggers that keep the passages' full-text index (passage_fts) as
 * the schema creates them; the update trigger with a WHEN clause, "" for
 * none (store_fts_defer()). */
#define STORE_PASSAGE_AI_SQL                                                                         \
	"CREATE TRIGGER passage_ai AFTER INSERT ON passage BEGIN\n"                                  \
	"  INSERT INTO passage_fts(rowid, title, text) VALUES (new.id, new.title, new.text);\n"      \
	"END"
#define STORE_PASSAGE_AU_SQL(when)                                                                   \
	"CREATE TRIGGER passage_au AFTER UPDATE ON passage " when "BEGIN\n"                          \
	"  INSERT INTO passage_fts(passage_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);\n" \
	"  INSERT INTO passage_fts(rowid, title, text) VALUES (new.id, new.title, new.text);\n"      \
	"END"

/* The columns of a label row as the report reads it (store_report.c) and
 * the packs hold it (store_label_pack.c), and the row st is on read from
 * them into l (its texts valid until st moves; NULL reads as 0 or NULL;
 * unit left to the caller: *unit, its name). */
#define STORE_LABEL_ROW_COLUMNS \
	"response_id, rater_id, task, field, passage_rank, value, seconds, round_id, unit, turn_id, unit_ref, id"
struct store_report_label;
void store_label_row_read(sqlite3_stmt *st, struct store_report_label *l, const char **unit);

/* Label packs (store_label_pack.c): the rows of a pack of label ids
 * first_id..last_id holding n rows, decoded from its blob, each given to cb
 * in id order (strings point into the blob, numbered in dict: see
 * struct store_report_label). 0 when every row was given,
 * cb's non-zero when it stopped, -1 when the blob is not such a pack (*why
 * says how). */
int store_label_pack_rows(const void *blob, size_t size, int64_t first_id, int64_t last_id, int64_t n,
			  uint32_t dict, int (*cb)(const struct store_report_label *l, void *ctx), void *ctx,
			  const char **why);
/* The packs, in id order: STORE_LABEL_PACK_SELECT's rows (last_id,
 * first_id, n, data); what is wrong with the row st is on before its blob
 * is read (its data not a blob, a range empty or overlapping the pack
 * before, whose last id is *after: set to this one's, or label rows
 * between the two: a pack missing), else NULL. */
#define STORE_LABEL_PACK_SELECT "SELECT last_id, first_id, n, data FROM label_pack ORDER BY last_id"
const char *store_label_pack_row_problem(sqlite3_stmt *st, int64_t *after);
/* The current label values (STORE_LABEL_IS_CURRENT and a value) and the
 * label rows there are, from the packs and the rows after them
 * (store_label_count.c); exactly what the SQL counts. */
enum status store_label_counts(struct store *s, long *labels, long *rows, struct error *err);
/* The same with a table of pass_slots units at most (16 bytes each) in one
 * pass: more label rows than 7/8 of it are counted in several passes
 * (store_label_counts: 2^24 slots, 256 MB). For the tests. */
enum status store_label_counts_sized(struct store *s, size_t pass_slots, long *labels, long *rows,
				     struct error *err);
/* Whether the pack of label ids first..last (n rows, blob) holds exactly
 * the label rows of its range: *why "" when it does, else what differs. */
enum status store_label_pack_verify(struct store *s, int64_t first, int64_t last, int64_t n, const void *blob,
				    size_t size, char *why, size_t why_size, struct error *err);

sqlite3_stmt *store_stmt(struct store *s, int slot, const char *sql, struct error *err);
/* A statement used once, not cached (the caller finalizes it); NULL with
 * ST_STORE "what: reason" in err when it does not prepare. */
sqlite3_stmt *store_prepare(struct store *s, const char *sql, const char *what, struct error *err);
/* Report the connection's last error as ST_STORE. */
enum status store_fail(struct store *s, struct error *err, const char *what);

/* Step st (prepared and bound by the caller) and join its first column,
 * ", "-separated, into *names (caller frees): the first ten, then "and N
 * more". *names is NULL when there are no rows. For messages that list what
 * there is. st is reset. */
enum status store_names(struct store *s, sqlite3_stmt *st, char **names, struct error *err);

/* Step st (prepared and bound by the caller) through its rows, each read by
 * read(st, row) into a new element of size bytes of *rows (*n of them;
 * caller frees with free_rows). st is reset (not finalized). On failure,
 * ST_STORE "what: reason", the rows read are freed with free_rows and *rows
 * is NULL. For lists a command shows. */
enum status store_collect(struct store *s, sqlite3_stmt *st, void *rows, size_t *n, size_t size,
			  void (*read)(sqlite3_stmt *st, void *row), void (*free_rows)(void *rows, size_t n),
			  const char *what, struct error *err);
/* A pair of a queue from the first five columns of st: pair id, turn id,
 * the responses shown left and right, a_first (store_pair_read.c; a
 * store_collect() row reader, row a struct store_pair_item). */
void store_pair_item_read(sqlite3_stmt *st, void *row);

/* Step st (prepared and bound by the caller) for one row: *id = its first
 * column, 0 when there is no row. st is reset. ST_STORE "what: reason" on
 * failure. For lookups of one id. */
enum status store_step_id(struct store *s, sqlite3_stmt *st, int64_t *id, const char *what, struct error *err);
/* The id of the row sql (one text parameter, cached in slot) finds for key:
 * *id, 0 when there is none. */
enum status store_find_id(struct store *s, int slot, const char *sql, const char *key, int64_t *id,
			  const char *what, struct error *err);

/* The text sql (one text parameter, cached in slot) finds for key: *out
 * (caller frees), NULL when there is no row. ST_STORE "what: reason". */
enum status store_get_text(struct store *s, int slot, const char *sql, const char *key, char **out,
			   const char *what, struct error *err);

/* Bind helpers: NULL text binds SQL NULL. */
void store_bind_text(sqlite3_stmt *st, int i, const char *v);
/* Bind row id id to parameter i, or NULL when it is 0 (none: a label
 * outside rounds, a score of no import). */
void store_bind_id(sqlite3_stmt *st, int i, int64_t id);
const char *store_col_text(sqlite3_stmt *st, int i);
/* Bind a label key as ?1 response_id, ?2 rater_id, ?3 round_id (NULL
 * outside rounds), ?4 task, ?5 field, ?6 passage_rank and ?7 the unit's
 * name: the parameters of every statement about a label key (store_label.c,
 * store_label_import.c; STORE_UNIT_OF_KEY reads ?1, ?6 and ?7). */
void store_bind_label_key(sqlite3_stmt *st, const struct store_label_key *k);

/* SQL condition: label row l is the latest of its key (the current value). */
/* SQL condition: label row l is the latest of its unit (the current value):
 * the same rater, round, task and field, and the same unit (turn_id, unit,
 * unit_ref: see the 2 -> 3 migration in store_migrate.c). */
#define STORE_LABEL_IS_CURRENT \
	"l.id = (SELECT max(x.id) FROM label x WHERE x.turn_id = l.turn_id" \
	" AND x.rater_id = l.rater_id AND x.round_id IS l.round_id AND x.task = l.task" \
	" AND x.field = l.field AND x.unit = l.unit AND x.unit_ref = l.unit_ref)"

/* The unit of a label key, as SQL over ?1 response_id, ?6 passage_rank and
 * ?7 the unit's name (store_bind_label_key): FROM and WHERE that
 * find the response (and the passage at that rank, for a passage unit), and
 * the unit_ref of the unit (see the 2 -> 3 migration in store_migrate.c). */
#define STORE_UNIT_OF_KEY \
	"FROM response r LEFT JOIN retrieved rt ON rt.response_id = r.id AND rt.rank = ?6 " \
	"WHERE r.id = ?1 AND (?7 <> 'passage' OR rt.passage_id IS NOT NULL)"
#define STORE_UNIT_REF \
	"CASE ?7 WHEN 'turn' THEN 0 WHEN 'passage' THEN rt.passage_id " \
	"WHEN 'answer' THEN convqa_answer_key(r.answer) ELSE r.id END"

/* The order in which a round's candidate items of one turn are numbered
 * (store_round_candidates): it decides, with a round's seed, which rater
 * gets which item of a round made --by item, so it stays what it was for
 * the plans of existing seeds. It is not the order a rater sees: each
 * rater's queue orders a turn's answers for the rater (order.h,
 * store_queue_load). */
#define STORE_CANDIDATE_ORDER(r) "((" r ".system_id * 2654435761 + " r ".turn_id * 40503) % 1000003)"

enum {
	STMT_PUT_SYSTEM, STMT_GET_SYSTEM, STMT_UPD_SYSTEM,
	STMT_PUT_PASSAGE, STMT_GET_PASSAGE, STMT_FIND_PASSAGE, STMT_MAX_PASSAGE,
	STMT_PUT_CONV, STMT_GET_CONV,
	STMT_PUT_TURN, STMT_GET_TURN, STMT_UPD_TURN, STMT_UPD_PASSAGE, STMT_UPD_CONV, STMT_UPD_RESPONSE,
	STMT_PUT_GOLD_ANSWER, STMT_PUT_GOLD_PASSAGE, STMT_GET_GOLD_ANSWERS, STMT_GET_GOLD_PASSAGES,
	STMT_PUT_RESPONSE, STMT_GET_RESPONSE, STMT_GET_RESPONSE_REWRITE, STMT_UPD_RESPONSE_REWRITE, STMT_GET_RESPONSE_CANDIDATES, STMT_UPD_RESPONSE_CANDIDATES, STMT_PASSAGE_HAS_TEXT, STMT_PASSAGE_IMPORT, STMT_PASSAGES_NO_TEXT, STMT_PUT_RETRIEVED, STMT_GET_RETRIEVED,
	STMT_IMPORT_ORIGIN,
	STMT_RATER_FIND, STMT_RATER_ADD, STMT_ROUND_INFO, STMT_ROUND_NAMES,
	STMT_LABEL_ADD, STMT_LABEL_GET, STMT_RESPONSE_FIND, STMT_RESPONSE_RANK,
	STMT_SETTING_GET, STMT_SETTING_SET,
	STMT_NAMES_SYSTEMS, STMT_NAMES_TURNS, STMT_NAMES_CONVS, STMT_NAMES_RANKS,
	STMT_SCHEME_GET, STMT_SCHEME_ADD, STMT_SCHEME_LIST, STMT_SCHEME_REPLACE, STMT_SCHEME_USAGE,
	STMT_GET_SYSTEM_ID, STMT_NAMES_SYSTEMS_ALL, STMT_ROUND_FIND, STMT_EVIDENCE_LOAD,
	STMT_ROUND_ASSIGNS, STMT_ROUND_CONTROL, STMT_PASSAGE_KNOWN, STMT_NAMES_PASSAGES, STMT_DATA_VERSION,
	STMT_POOLED_SYSTEM,
	STMT_PAIR_ENSURE, STMT_PAIR_FIND, STMT_PAIR_ASSIGNED, STMT_PAIR_LABEL_ADD, STMT_PAIR_PREFS,
	STMT__FIRST_FREE,
};

/* What may finish an item under sc: 0 its labels only, 1 its labels or
 * none (an empty answer, no passages: every item must be checked), 2
 * nothing (sc asks nothing: every item is finished). */
int store_scheme_finishes(const struct scheme *sc);
/* The finished items of rater_id's queue in round_id (0: outside rounds)
 * for scheme sc (that asks something), as store_queue_load() flags them,
 * without the queue: their response ids, sorted (*ids, *n; caller frees).
 * Of turn only unless it is 0 (then: when sc may finish an item without
 * labels, its unlabelled items are not checked). Reads the rater's current
 * labels of the task (of the turn), and the answers of the turns labelled
 * (every answer when sc may finish an item without labels). */
enum status store_check_finished(struct store *s, int64_t rater_id, int64_t round_id, const struct scheme *sc,
				 int64_t turn, int64_t **ids, size_t *n, struct error *err);
/* The number of responses in the project and the systems that have one,
 * sorted (*systems, *n: the caller frees it): the size and systems of a
 * queue outside a round, without reading the whole table each time: kept
 * in the setting "queue.responses" with the largest response id they were
 * read at (store_done.c). */
enum status store_responses_queue(struct store *s, size_t *count, int64_t **systems, size_t *n,
				  struct error *err);

/* The finished items of rater_id's queue in round_id for sc, as
 * store_check_finished() of every turn finds them, kept in the table
 * item_done (store_done.c); *all = 1 when sc asks nothing (no ids). */
enum status store_queue_finished_ids(struct store *s, int64_t rater_id, int64_t round_id, const struct scheme *sc,
				     int64_t **ids, size_t *n, int *all, struct error *err);

struct store_replay_passage;
/* Passages p[0..n) in rank order as the ranking of response_id, inside the
 * caller's transaction (store_replay.c): passages the project lacks are
 * added, a passage it has keeps its text. */
enum status store_put_ranked(struct store *s, int64_t response_id, const struct store_replay_passage *p, size_t n,
			     struct error *err);

/* The seed of rater's answer orders in round_id (0: outside rounds):
 * order_seed() of the round's seed. */
enum status store_queue_seed(struct store *s, const char *rater, int64_t round_id, uint64_t *seed,
			     struct error *err);

#endif
