/*
 * import_ahead.h - a stream's reader running ahead of its writer: the
 * reader (a second thread) reads, checks and parses the file's elements
 * and hands each, parsed into a model of its own, to the writer (the
 * calling thread), which puts it into the import sink (SQLite) meanwhile.
 *
 *   struct import_ahead *a;
 *   if (import_ahead_start(&a, read_all, ctx)) {   // read_all(a, ctx) in the thread:
 *       while (import_ahead_take(a, &item))        //   import_ahead_put(a, &item) ...
 *           put item into the sink, release it;
 *       import_ahead_finish(a);                    // the reader has returned
 *   } else
 *       read_all(NULL, ctx);                       // no thread: put as read
 *
 * The bound: a batch holds elements until their cost reaches
 * IMPORT_AHEAD_BATCH_BYTES: a parsed element (a system, a conversation:
 * its tree and model) costs the length of its JSON text plus
 * IMPORT_AHEAD_ELEMENT_BYTES (its model's first arena block); the passages
 * of the collection, copied into one model (import_ahead_put_passages),
 * the bytes copied. The reader waits while IMPORT_AHEAD_BATCHES batches
 * are queued, or IMPORT_AHEAD_TREE_BATCHES batches with parsed elements
 * when its batch has some. So the reader runs up to about 16 MiB of
 * passages ahead (what it reads while the writer fills the full-text
 * index and commits, which is what makes the thread pay), and a few
 * parsed elements: at most (IMPORT_AHEAD_BATCHES + 2) x
 * (IMPORT_AHEAD_BATCH_BYTES + one element) of passages' copies, or
 * (IMPORT_AHEAD_TREE_BATCHES + 2) batches of parsed elements (the one
 * being filled and the one being put besides the queued).
 *
 * Nothing else is shared: the reader owns the JSON stream, the native
 * reader and its table of seen ids (a SQLite database of its own), the
 * writer the sink and the project's connection. An item's model and its
 * systems array pass from the one to the other with it. The writer may
 * stop the reader's handing (import_ahead_stop: the sink failed, nothing
 * more will be written): the reader still reads to the end, for its
 * messages, and import_ahead_put() then releases what it is given.
 * Signals are blocked in the reader: they reach the calling thread as
 * before. Only the files of src/formats/ include this header.
 */
#ifndef CONVQA_FORMATS_IMPORT_AHEAD_H
#define CONVQA_FORMATS_IMPORT_AHEAD_H

#include <stddef.h>

#include "convqa/model.h"

#define IMPORT_AHEAD_BATCHES 16
#define IMPORT_AHEAD_TREE_BATCHES 2
#define IMPORT_AHEAD_BATCH_BYTES ((size_t)1 << 20)
#define IMPORT_AHEAD_ELEMENT_BYTES ((size_t)64 << 10)
/* The reader's stack (the JSON reader's depth is bounded: JSON_MAX_DEPTH). */
#define IMPORT_AHEAD_STACK_BYTES ((size_t)2 << 20)

/* One element of the file, read and checked. */
struct import_ahead_item {
	int section;                  /* the caller's: where in the document it was */
	struct model_tasks m;         /* what it adds (with the tree its strings borrow from) */
	struct model_system *systems; /* the systems new with it (xmalloc'd copies; the strings are
				       * the reader's, valid until the import ends), or NULL */
	size_t n_systems;
	size_t bytes;                 /* the length of its JSON text */
	int passages_only;            /* passages of several elements, copied (import_ahead_put_passages) */
};

struct import_ahead;

/* Start read(a, ctx) in a second thread: 1, or 0 when no thread could be
 * made (*out NULL: the caller reads itself). */
int import_ahead_start(struct import_ahead **out, void (*read)(struct import_ahead *a, void *ctx), void *ctx);
/* The reader: hand item over (it owns it no more); waits while the queue
 * is full. */
void import_ahead_put(struct import_ahead *a, struct import_ahead_item *item);
/* The reader: hand over the passages v[0..n) of an element of section
 * (copied: the caller keeps v), with those of the elements before when
 * they were handed so: one item, its model holding the copies (in arena
 * blocks filled up, not a block and a tree an element). */
void import_ahead_put_passages(struct import_ahead *a, int section, const struct model_passage *v, size_t n);
/* The reader: whether the writer stopped taking (import_ahead_stop). */
int import_ahead_stopped(struct import_ahead *a);
/* The writer: the next item in the reader's order (1; the caller owns
 * it), or 0 once the reader has returned and every item was taken. */
int import_ahead_take(struct import_ahead *a, struct import_ahead_item *item);
/* The writer: nothing more will be written; later items are released. */
void import_ahead_stop(struct import_ahead *a);
/* Release an item (its model and systems). */
void import_ahead_item_release(struct import_ahead_item *item);
/* Wait for the reader's thread (after import_ahead_take() returned 0) and
 * free a. */
void import_ahead_finish(struct import_ahead *a);

#endif
