/*
 * scheme_read.h - a label scheme's JSON (schemas/scheme.schema.json):
 * reading and checking it, and writing it. Which schemes there are (the
 * built-in ones and the project's) is the registry's: scheme_registry.h.
 *
 * scheme_read() reports every problem with the file and the JSON path, as
 * the task importer does (json_read.h):
 *
 *   likert.json: $.fields[1].categories[0].key: key "q" is reserved for quit (...)
 *
 * scheme_to_json() writes the one form convqa keeps and shows: what
 * scheme_read() reads back into an equal scheme.
 */
#ifndef CONVQA_SCHEME_READ_H
#define CONVQA_SCHEME_READ_H

#include <stddef.h>

#include "convqa/common.h"
#include "convqa/scheme.h"

/* Parse and check buf[0..len) (xmalloc'd; freed here, whatever happens) as
 * a scheme; name is the file in messages. ST_OK and *out (caller frees
 * with scheme_free()); ST_INPUT with the problems, one a line, in err. */
enum status scheme_read(const char *name, char *buf, size_t len, struct scheme **out, struct error *err);

/* s as JSON text (caller frees with free()), ending in a newline. */
char *scheme_to_json(const struct scheme *s);

/* Parse a project scheme's stored JSON (checked when it was added): a key
 * reserved since it was added is no problem; JSON that does not read is
 * ST_INPUT with the reader's message ("project scheme NAME:1:40: syntax
 * error: ..."): convqa check. The registry (scheme_registry.h) reads the
 * project's schemes with it. */
enum status scheme_parse_stored(const char *name, const char *json, struct scheme **out, struct error *err);

#endif
