/*
 * importer.h - task files into the project.
 *
 * importer_import_file() reads one file in its format (formats.h: the one
 * detected from its start, or the one asked for), checks all of it (syntax,
 * structure, types, duplicate ids and ranks) and writes it, as the format
 * feeds it to an import sink (import_sink.h), in one transaction: either
 * everything is added or nothing is. Rows already in the
 * project with the same content are accepted (importing a file twice changes
 * nothing); the same id with different content is refused, naming both
 * places.
 *
 * Messages have the form "FILE:LINE:COL: ..." for syntax errors and
 * "FILE: $.json.path: ..." for everything else ("FILE:LINE: $.json.path:
 * ..." in a file of lines).
 */
#ifndef CONVQA_IMPORTER_H
#define CONVQA_IMPORTER_H

#include "convqa/common.h"
#include "convqa/model.h"

struct store;
struct cJSON;

enum import_noun { IMP_SYSTEMS, IMP_PASSAGES, IMP_CONVERSATIONS, IMP_TURNS, IMP_RESPONSES, IMP__COUNT };

struct import_counts {
	long added[IMP__COUNT];
	long updated[IMP__COUNT];   /* present; the file filled in what was missing */
	long present[IMP__COUNT];   /* already in the project, same content */
	long id_only;               /* with a collection: passages still known by id only (the
				     * collection had no text for them) */
	int collection;             /* a collection was read (id_only is said) */
	char note[1024];            /* what the format says besides the counts ("system 'bm25' (the
				     * run's tag)"; lines), "" for nothing */
};

/* The environment variable that sets the most JSON values a task file may
 * have; without it, the limit is what the memory left holds (see
 * json_max_values()). A file over the limit is refused with ST_IO before its
 * tree is built. */
#define IMPORTER_MAX_VALUES_ENV "CONVQA_MAX_JSON_VALUES"

/* A task file read as a stream of IMPORTER_THREAD_BYTES or more (or of a
 * size not known: a pipe) is read and checked in a second thread, a
 * bounded number of elements ahead of the writing (src/formats/
 * import_ahead.h); the environment variable sets another number of bytes
 * (0: every file). */
#define IMPORTER_THREAD_BYTES ((long long)1 << 20)
#define IMPORTER_THREAD_BYTES_ENV "CONVQA_IMPORT_THREAD_BYTES"

/* Import path into s: a file, a pipe (/dev/stdin, a shell's <(...)), or "-"
 * for standard input, named "standard input" in messages. On failure the
 * project is unchanged and err holds up to ten messages, one per line
 * (ST_USAGE: IMPORTER_MAX_VALUES_ENV is not a positive number). */
/* How messages name the input path: "standard input" for "-", else path. */
const char *importer_input_name(const char *path);

enum status importer_import_file(struct store *s, const char *path, struct import_counts *counts,
				 struct error *err);

/* The same, reading the file as format f (formats.h); NULL: the format
 * detected from the file's start (formats_detect()). o: what the command
 * line gave besides (formats.h, struct import_options: --system,
 * --collection, ...), NULL for none; the caller checked that f takes it. */
struct import_format;
struct import_options;
enum status importer_import_as(struct store *s, const char *path, const struct import_format *f,
			       const struct import_options *o, struct import_counts *counts, struct error *err);

/* The same (format detected) for a text already in memory: buf[0..len),
 * from xmalloc, is freed here (as soon as it is read). name is used in
 * messages, origin is recorded in the project as where the text came from. */
enum status importer_import_text(struct store *s, char *buf, size_t len, const char *name, const char *origin,
				 struct import_counts *counts, struct error *err);

/* Read a native task document (already parsed JSON) into m (the native
 * format's reader, src/formats/import_native.c). name is used in
 * messages. Strings in m borrow from root: keep root alive while m is used. */
enum status importer_native_read(const char *name, const struct cJSON *root, struct model_tasks *m,
				 struct error *err);

/* Write m into s in one transaction (see above), through an import sink. file is recorded in the
 * project as the import's origin; name is used in messages. When nothing is
 * added or updated the transaction is rolled back: the project file stays
 * byte-for-byte the same. */
enum status importer_write(struct store *s, struct model_tasks *m, const char *file, const char *name,
			   const char *sha256, struct import_counts *counts, struct error *err);

/* "turn" or "turns" by count. */
const char *import_noun_name(enum import_noun n, long count);

#endif
