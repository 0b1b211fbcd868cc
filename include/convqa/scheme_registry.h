/*
 * scheme_registry.h - every label scheme by name or by role: the built-in
 * ones (turn, plausibility, faithfulness: schemas/builtin/NAME.json,
 * compiled into the binary) and the project's own (convqa scheme add),
 * read with the scheme reader (scheme_read.h). The rules, the report, the
 * exports and the commands find schemes here.
 *
 *   struct scheme *s;
 *   scheme_load(store, "turn", &s, &err);                 // by name, else ST_INPUT
 *   scheme_find_role(store, SROLE_RELEVANCE, &s, &err);   // by role, NULL when none
 *
 * Ownership: the schemes returned are the caller's (scheme_free()).
 */
#ifndef CONVQA_SCHEME_REGISTRY_H
#define CONVQA_SCHEME_REGISTRY_H

#include <stddef.h>

#include "convqa/common.h"
#include "convqa/scheme.h"

/* The built-in schemes, in order: turn, plausibility, faithfulness. */
size_t scheme_builtin_count(void);
const char *scheme_builtin_name(size_t i);
int scheme_is_builtin(const char *name);
/* The built-in scheme called name, read: ST_OK and *out (caller frees), or
 * *out NULL when there is none. */
enum status scheme_builtin(const char *name, struct scheme **out, struct error *err);

/* ---- every scheme: built-in and the project's ------------------------------ */

struct store;
struct strbuf;

/* Read a project scheme's stored JSON (checked when it was added): a key
 * reserved since it was added is no problem (the UI lets the scheme's key
 * win and says which global key it hides). Stored JSON that does not read
 * is a damaged project: ST_STORE, "damaged project 'PATH': scheme 'NAME':
 * does not parse: ..." (store_damaged(); store names the project). */
enum status scheme_read_stored(struct store *store, const char *name, const char *json, struct scheme **out,
			       struct error *err);
/* Every scheme's name, ", "-separated, appended to out: the built-ins, then
 * the project's (store may be NULL: the built-ins only). */
enum status scheme_all_names(struct store *store, struct strbuf *out, struct error *err);
/* The scheme called name: a built-in, else the project's (store may be
 * NULL). ST_OK and *out (caller frees), *out NULL when there is none. */
enum status scheme_find(struct store *store, const char *name, struct scheme **out, struct error *err);
/* As scheme_find(), but none is ST_INPUT: "no task or scheme 'x' (schemes:
 * turn, plausibility, faithfulness, ...; add one with: convqa scheme add FILE)". */
enum status scheme_load(struct store *store, const char *name, struct scheme **out, struct error *err);
/* The first scheme with a field of role r, the built-ins first, then the
 * project's by name (store may be NULL: the built-ins only): the report's
 * rule. ST_OK and *out (caller frees), *out NULL when none has one. */
enum status scheme_find_role(struct store *store, enum scheme_role r, struct scheme **out, struct error *err);

struct store_verdict;
/* The verdict field of role r (plausibility, faithfulness) of s, as the
 * store's verdict queries read it (store.h): task s's name, field its field
 * of role r, yes that field's first category (plausible, faithful; the
 * report's rule too); task NULL when s (NULL too) has no field of role r.
 * Borrowed from s. */
void scheme_verdict(const struct scheme *s, enum scheme_role r, struct store_verdict *out);

#endif
