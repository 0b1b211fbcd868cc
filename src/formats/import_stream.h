/*
 * import_stream.h - the importer's side of a file read as a stream
 * (formats.h: struct import_stream, read by the formats with .stream).
 *
 *   char sha[65];                        // the file's SHA-256, once read to its end
 *   import_stream_open(path, name, sha, &s, err);
 *   import_stream_head(s, &buf, &len);   // the first bytes, to detect the format
 *   ... import_stream_read(s, ...) or import_stream_slurp(s, &buf, &len, err)
 *   import_stream_close(s);
 *
 * Only the files of src/formats/ include this header.
 */
#ifndef CONVQA_FORMATS_IMPORT_STREAM_H
#define CONVQA_FORMATS_IMPORT_STREAM_H

#include <stddef.h>

#include "convqa/common.h"
#include "convqa/formats.h"

/* What the importer reads before it picks the format. */
#define IMPORT_STREAM_HEAD ((size_t)64 * 1024)

/* Open path ("-": standard input, named name in messages) and read its
 * head. ST_IO with read_text_file()'s messages. *out is closed by the
 * caller whatever this returns. */
enum status import_stream_open(const char *path, const char *name, char sha[65], struct import_stream **out,
			       struct error *err);
/* The size of a regular file, -1 for another (a pipe). */
long long import_stream_size(const struct import_stream *s);
void import_stream_head(const struct import_stream *s, const char **buf, size_t *len);
/* The whole file (the head and the rest) into *buf (from xmalloc,
 * NUL-terminated). */
enum status import_stream_slurp(struct import_stream *s, char **buf, size_t *len, struct error *err);
/* What is left to read of it, the same way. */
enum status import_stream_slurp_rest(struct import_stream *s, char **buf, size_t *len, struct error *err);
void import_stream_close(struct import_stream *s);

#endif
