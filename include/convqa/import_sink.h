/*
 * import_sink.h - the writer an import format feeds as it reads: the rows of
 * a task file go into the project in one transaction, all or nothing.
 *
 *   struct import_sink k;
 *   import_sink_begin(&k, s, origin, name, sha256, &counts, err);
 *   import_sink_put_systems(&k, systems, n);         // in any order, as read:
 *   import_sink_put_passages(&k, passages, n);       // a response's passages
 *   import_sink_put_conversation(&k, c);             // before the response
 *   if (the reader found a problem)
 *           import_sink_abort(&k);                   // rolled back
 *   else
 *           st = import_sink_end(&k, err);           // committed
 *
 * The sink writes each row as it receives it, inside one transaction opened
 * with the first row; import_sink_end() commits it (or rolls it back
 * when nothing was added or updated: the project file stays byte-for-byte
 * the same), import_sink_abort() rolls it back. The passages' full-text
 * index is filled once, at the end (store_fts_defer/fill). The first row the project
 * refuses (a conversation with other content, a response naming a passage
 * neither given nor in the project) makes every later put a no-op; its
 * message is kept in the sink, apart from the reader's own messages, and
 * import_sink_end() reports it: a reader that found problems of its own
 * reports those instead and aborts.
 *
 * The digest sha256 given to import_sink_begin() is recorded at the end:
 * a stream's reader fills it in as it reaches the end of its file.
 *
 * Memory: what the sink keeps does not grow with the passages put: a
 * passage put twice is known by the project's rows, and a temporary table
 * on disk (store_seen.h) keeps the rest, the passages given by id alone
 * which a collection may fill (import_sink_wants()) among them.
 *
 * Ownership: the ids of systems put into the sink are borrowed until
 * import_sink_end() or import_sink_abort(); everything else only for the
 * call.
 */
#ifndef CONVQA_IMPORT_SINK_H
#define CONVQA_IMPORT_SINK_H

#include <stdint.h>

#include "convqa/common.h"
#include "convqa/importer.h"
#include "convqa/model.h"
#include "convqa/strmap.h"

struct store;
struct store_ranked;
struct store_seen;

/* A passage known by its id only (no text), which a collection may fill. */
struct import_sink_want {
	int64_t db_id;
	unsigned put;                 /* IMPORT_SINK_PUT_*: how this import put it, if it did */
	size_t filled_at;             /* the collection's line that gave its text, 0 before */
};
/* The size of the filter that skips a collection's records no want names
 * without looking them up (1 MiB). */
#define IMPORT_SINK_WANT_BITS ((size_t)8 << 20)
#define IMPORT_SINK_PUT_NEW 1u       /* added by this import (counted as added) */
#define IMPORT_SINK_PUT_PRESENT 2u   /* in the project before, put again (counted as present) */

/* How long an import writes before it commits (its rows hidden until its
 * flip), and what it leaves to other writers between two transactions
 * (import_sink.c, next_tx; import_sink_tx_ms() below). While no one else
 * writes, from IMPORT_SINK_TX_MS, each transaction writes twice as long as
 * the one before, up to IMPORT_SINK_TX_MAX_MS, as long as the lock was held
 * (the writing, the index of its passages, the commit and the log's
 * checkpoint) no more than half IMPORT_SINK_HOLD_MS; held longer than
 * IMPORT_SINK_HOLD_MS, half as long: fewer commits for an import alone.
 * IMPORT_SINK_TX_BUSY_MS while another writer (a rater's save) wrote
 * between two of its transactions in the last IMPORT_SINK_CALM_MS (a
 * person's few seconds between two judgements). After a commit the import
 * sleeps IMPORT_SINK_GAP_MS, then takes the lock only if no one holds it,
 * else sleeps again, for IMPORT_SINK_YIELD_MS at most. A rater's save
 * waits for what is left of one transaction (its writing, the index and
 * the commit: about 450 ms at most for the first save after a quiet
 * while, about 15 ms while others write) and the saves queued before. */
#define IMPORT_SINK_TX_MS 40
#define IMPORT_SINK_TX_MAX_MS 320
#define IMPORT_SINK_HOLD_MS 400
#define IMPORT_SINK_TX_BUSY_MS 5
#define IMPORT_SINK_GAP_MS 2
#define IMPORT_SINK_YIELD_MS 100
#define IMPORT_SINK_CALM_MS 10000

struct import_sink {
	struct store *s;
	const char *name;             /* the input, in messages */
	const char *origin, *sha256;  /* what the project records of the import */
	int open;                     /* the transaction is open */
	int where_names_file;         /* each where is "FILE:LINE: $.path" (model.h) */
	struct import_counts *counts;
	enum status st;               /* the first failure; then every put is a no-op */
	struct error err;             /* its message */
	int64_t import_id;
	int64_t fts_mark;             /* passages past it are indexed at the end (store_fts_fill) */
	int pending;                  /* the import's rows are in the project, hidden (store_pending_begin) */
	int hold;                     /* it filled in rows readers see: no commit before the flip */
	long since;                   /* rows put since the last commit */
	double tx_start;              /* now_monotonic() when the transaction began */
	long tx_ms;                   /* how long this transaction writes (IMPORT_SINK_TX_*) */
	double busy_at;               /* when another writer last wrote between two of its transactions */
	int64_t version;              /* the project's data_version in the last transaction */
	struct strmap systems;        /* system id -> db id */
	struct store_seen *seen;      /* on disk (store_seen.h): how passages in the project before were
				       * put again; the passages without text (struct import_sink_want) */
	struct store_ranked *ranked;  /* a response's ranking, reused */
	size_t cap_ranked;
	struct import_sink_want want; /* the last import_sink_wants() found */
	unsigned char *want_filter;   /* IMPORT_SINK_WANT_BITS bits: the ids of the wants, hashed */
	int wants_project;            /* the project's own id-only passages are among the wants */
	struct model_tasks scratch;   /* where messages are built */
};

/* Start an import of origin (sha256: its digest; both borrowed); counts
 * are zeroed and then counted as rows are put; name is the input in
 * messages. The transaction opens with the first put (or in
 * import_sink_end() when nothing was put), so that a reader's problems
 * found before come first; its failures are the sink's. Returns ST_OK (err
 * is for later use). */
enum status import_sink_begin(struct import_sink *k, struct store *s, const char *origin, const char *name,
			      const char *sha256, struct import_counts *counts, struct error *err);
/* Write rows. Returns the sink's status: ST_OK, or the first failure. */
enum status import_sink_put_systems(struct import_sink *k, const struct model_system *v, size_t n);
enum status import_sink_put_passages(struct import_sink *k, struct model_passage *v, size_t n);
enum status import_sink_put_conversation(struct import_sink *k, const struct model_conversation *c);
/* Whether every passage c's responses name by id alone is known: put
 * before, or in the project. A reader of a stream holds back a conversation
 * that names a passage given later in the file, and puts it at the end.
 * The ids found stay in c (model_ranked.db_id): its put looks none up
 * again. */
int import_sink_resolves(struct import_sink *k, struct model_conversation *c);
/* The passages without text: those this import put without text, and
 * (after import_sink_want_project()) those the project holds so. A
 * collection (collection.h) fills them. want: NULL when id is not one. */
struct import_sink_want *import_sink_wants(struct import_sink *k, const char *id);
/* Record that a collection's line gave id's text (the want's filled_at;
 * the want import_sink_wants() returns is a copy). */
enum status import_sink_want_filled(struct import_sink *k, const char *id, size_t line);
/* Add the project's own passages without text to what import_sink_wants()
 * knows (once; later calls do nothing). Returns the sink's status. */
enum status import_sink_want_project(struct import_sink *k);
/* Give passage id (an import_sink_wants() one) its text, title and url
 * (NULL when none: a title or url it has is kept); where names the record ("FILE:LINE", in messages). A
 * passage that has a text already must have this one (else the import is
 * refused: "its text differs"). Counted as filled in missing data when the
 * passage was in the project before. Returns the sink's status. */
enum status import_sink_fill_passage(struct import_sink *k, const char *id, const char *title, const char *url,
				     const char *text, const char *where);
/* How many passages import_sink_wants() knows that still have no text. */
long import_sink_id_only(struct import_sink *k);
/* Put everything m holds (systems, passages, conversations, in that order). */
enum status import_sink_put_model(struct import_sink *k, struct model_tasks *m);
/* Commit (or roll back when nothing is new) and release the sink; on a
 * failure, roll back and copy the message into err. */
enum status import_sink_end(struct import_sink *k, struct error *err);
/* Roll back and release the sink. */
void import_sink_abort(struct import_sink *k);

/* The policy of the import's transactions (see IMPORT_SINK_TX_MS): how
 * long the next one writes (ms), given how long the last one wrote
 * (last_ms), how long it held the lock (held_ms: its writing, index,
 * commit and checkpoint) and the seconds since another writer last wrote
 * between two of its transactions (calm_s; a large number when none
 * has). Pure. */
long import_sink_tx_ms(long last_ms, long held_ms, double calm_s);

#endif
