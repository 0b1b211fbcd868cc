/*
 * collection.h - a passage collection (--collection FILE) read as a stream
 * to give their text to the passages an import knows by id only.
 *
 * A collection is JSON lines of {"id": ..., "text": ..., "title": ...}
 * (title and url optional, other members ignored) or one JSON array of such
 * objects, plain or gzip-compressed (read through zlib: a .gz file is
 * recognised by its bytes, whatever its name). It is read a piece at a
 * time, never whole: memory holds a 64 KiB piece, the record being read
 * and the ids wanted, whatever the file's size. A record whose id is not
 * wanted is skipped on its id alone (no JSON tree is built for it, and
 * it is not checked further); a wanted one is parsed and checked
 * ("FILE:LINE: $.text: expected a non-empty string, got a number") and
 * its text goes into the sink (import_sink_fill_passage()).
 *
 * A format that takes --collection calls it in its feed(), after putting
 * everything it read (so that the sink knows every passage it put
 * without text):
 *
 *   return collection_end(k, in, err);
 *
 * which is, spelled out:
 *
 *   struct import_input *coll = import_inputs_find(in, IMPORT_COLLECTION);
 *   if (coll && (st = collection_fill(k, coll, err)) != ST_OK) {
 *           import_sink_abort(k);          // the collection's problems
 *           return st;
 *   }
 *   return import_sink_end(k, err);
 *
 * The ids wanted: the passages without text that the import put into the
 * sink and those the project holds so (import_sink_want_project()). Those
 * the collection lacks stay known by id only; k's counts say how many
 * (struct import_counts.id_only, with .collection set).
 */
#ifndef CONVQA_COLLECTION_H
#define CONVQA_COLLECTION_H

#include "convqa/common.h"
#include "convqa/formats.h"

struct import_sink;

/* Read the collection coll->path (a file: "-" is refused with ST_USAGE)
 * into sink k. Returns ST_OK (also when the sink refused a row: its
 * message stays in the sink, for import_sink_end()), ST_INPUT with up to
 * ten messages for bad records ("FILE:LINE: $.path: ..." and
 * "FILE:LINE:COL: ..." for syntax), ST_IO when the file cannot be opened
 * or read (a damaged .gz). */
enum status collection_fill(struct import_sink *k, const struct import_input *coll, struct error *err);

/* The end of a feed that takes --collection: the collection input of in,
 * when there is one, filled into k (collection_fill), then k ended
 * (import_sink_end), or aborted when the collection could not be read. */
enum status collection_end(struct import_sink *k, struct import_inputs *in, struct error *err);

#endif
