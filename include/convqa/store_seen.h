/*
 * store_seen.h - what an import has seen so far, kept on disk: keys (ids of
 * a file's passages, conversations) with a value each, in a private
 * temporary SQLite database (a file removed when it is closed) whose page
 * cache is bounded (STORE_SEEN_CACHE_KIB), so that a reader of a stream
 * checks an id against every id before it in memory that does not grow
 * with the file (issue 21).
 *
 *   struct store_seen *t;
 *   store_seen_open(&t, err);
 *   switch (store_seen_put(t, KIND, id, value, len, &old, &old_len, err)) ...
 *   store_seen_close(t);
 *
 * Keys are text, one table per kind (a small number the caller chooses);
 * values are bytes. The project is not touched: the table is apart from
 * its transaction.
 */
#ifndef CONVQA_STORE_SEEN_H
#define CONVQA_STORE_SEEN_H

#include <stddef.h>

#include "convqa/common.h"

struct store_seen;

/* The page cache of the table of seen keys, KiB (RSS it may take). */
#define STORE_SEEN_CACHE_KIB 4096

enum status store_seen_open(struct store_seen **out, struct error *err);
void store_seen_close(struct store_seen *t);
/* Record key of kind with value[0..len): 1 when it is new; 0 when it was
 * there, *old / *old_len its value (valid until the next call on t; not
 * changed); -1 with ST_STORE in err on failure. */
int store_seen_put(struct store_seen *t, int kind, const char *key, const void *value, size_t len,
		   const void **old, size_t *old_len, struct error *err);
/* The value of key of kind: 1 and *v / *len (valid until the next call on
 * t) when it is there, 0 when not, -1 with ST_STORE in err on failure. */
int store_seen_get(struct store_seen *t, int kind, const char *key, const void **v, size_t *len,
		   struct error *err);
/* Each key of kind with its value, in the order of the keys: cb(key,
 * value, len, ctx), which returns non-zero to stop (and must not write t). */
enum status store_seen_each(struct store_seen *t, int kind,
			    int (*cb)(const char *key, const void *v, size_t len, void *ctx), void *ctx,
			    struct error *err);
/* Replace the value of key of kind (recorded before). */
enum status store_seen_set(struct store_seen *t, int kind, const char *key, const void *value, size_t len,
			   struct error *err);

#endif
