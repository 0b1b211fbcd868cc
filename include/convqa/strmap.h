/*
 * strmap.h - a hash map from borrowed C strings to size_t values.
 *
 * Keys are not copied: they must outlive the map. Used to detect duplicate
 * ids in an import and to resolve ids to array positions.
 *
 *   struct strmap m = STRMAP_INIT;
 *   size_t *slot; if (strmap_put(&m, key, 7, &slot)) { key was new }
 *   strmap_release(&m);
 */
#ifndef CONVQA_STRMAP_H
#define CONVQA_STRMAP_H

#include <stddef.h>

struct strmap_entry {
	const char *key;
	size_t value;
};

struct strmap {
	struct strmap_entry *slots;
	size_t cap;   /* power of two or 0 */
	size_t n;
};

#define STRMAP_INIT { NULL, 0, 0 }

/* Insert key -> value if absent: returns 1. If present returns 0 and leaves
 * the old value. In both cases *found (if not NULL) points at the stored value. */
int strmap_put(struct strmap *m, const char *key, size_t value, size_t **found);
/* Returns a pointer to key's value, or NULL. */
size_t *strmap_get(const struct strmap *m, const char *key);
void strmap_release(struct strmap *m);

#endif
