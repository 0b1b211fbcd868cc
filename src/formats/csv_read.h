/*
 * csv_read.h - reading CSV (RFC 4180) a record at a time from a text in
 * memory: fields separated by commas, records by CRLF or LF (the last
 * may lack it), a field in double quotes may hold commas, line ends and
 * doubled quotes (""). A byte order mark at the start is skipped; a blank
 * line is a record of one empty field (the caller decides).
 *
 *   struct csv_reader r;
 *   csv_init(&r, name, buf, len);
 *   while ((rc = csv_next(&r, err)) > 0)
 *           use r.fields[0 .. r.n), r.line: the line the record begins on
 *   csv_release(&r);      // rc < 0: err says "NAME:LINE:COL: ..."
 *
 * Only the files of src/formats/ include this header.
 */
#ifndef CONVQA_FORMATS_CSV_READ_H
#define CONVQA_FORMATS_CSV_READ_H

#include <stddef.h>

#include "convqa/common.h"
#include "convqa/strbuf.h"

struct csv_reader {
	const char *name;       /* in messages (borrowed) */
	const char *buf;        /* the text (borrowed) */
	size_t len, pos;
	size_t line;            /* the line of buf[pos] */
	size_t col_start;       /* the offset where that line begins */
	char **fields;          /* the record read: NUL-terminated, valid until the next csv_next() */
	size_t n, cap;
	size_t record_line;     /* the line it begins on */
	struct strbuf text;     /* the fields' bytes, each ended by a NUL */
	size_t *at;             /* where each field begins in text */
	size_t cap_at;
};

void csv_init(struct csv_reader *r, const char *name, const char *buf, size_t len);
/* Read the next record: 1, 0 at the end of the text, -1 with err set
 * (ST_INPUT) for a quote that does not belong ("NAME:LINE:COL: ..."). */
int csv_next(struct csv_reader *r, struct error *err);
void csv_release(struct csv_reader *r);

#endif
