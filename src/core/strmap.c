/* strmap.c - open addressing with linear probing, FNV-1a hashing. */
#include "convqa/strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/common.h"

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static struct strmap_entry *lookup(struct strmap_entry *slots, size_t cap, const char *key)
{
	size_t i = (size_t)hash(key) & (cap - 1);
	while (slots[i].key && strcmp(slots[i].key, key) != 0)
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

static void rehash(struct strmap *m, size_t cap)
{
	struct strmap_entry *slots = xcalloc(cap, sizeof(*slots));
	for (size_t i = 0; i < m->cap; i++)
		if (m->slots[i].key)
			*lookup(slots, cap, m->slots[i].key) = m->slots[i];
	free(m->slots);
	m->slots = slots;
	m->cap = cap;
}

int strmap_put(struct strmap *m, const char *key, size_t value, size_t **found)
{
	if ((m->n + 1) * 4 > m->cap * 3)
		rehash(m, m->cap ? m->cap * 2 : 64);
	struct strmap_entry *e = lookup(m->slots, m->cap, key);
	int added = !e->key;
	if (added) {
		e->key = key;
		e->value = value;
		m->n++;
	}
	if (found)
		*found = &e->value;
	return added;
}

size_t *strmap_get(const struct strmap *m, const char *key)
{
	if (!m->cap)
		return NULL;
	struct strmap_entry *e = lookup(m->slots, m->cap, key);
	return e->key ? &e->value : NULL;
}

void strmap_release(struct strmap *m)
{
	free(m->slots);
	m->slots = NULL;
	m->cap = m->n = 0;
}
