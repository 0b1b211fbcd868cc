/*
 * formats.h - the import and export formats, as tables.
 *
 * An import format turns a task file's bytes into the format-neutral task
 * model (model.h) and feeds it, as it reads, to an import sink
 * (import_sink.h), which writes it into the project in one transaction; an export format writes the project's labels to a stream.
 * Each format is one struct in its own file under src/formats/ and one row
 * of a table in src/formats/formats.c. `convqa import` detects the format
 * of a file (or takes --format NAME), `convqa export --format NAME` picks a
 * writer, and `convqa formats` and the --format help of both commands list
 * the tables.
 *
 *   const struct import_format *f = formats_import_find("jsonl", &err);  // NULL: no such format
 *   f = formats_detect(buf, len);        // what the file's start shows, else the first row
 *
 * Adding a format: src/formats/import_NAME.c (or export_NAME.c) defining
 * const struct import_format import_NAME (export_format export_NAME), its
 * object in the Makefile (FORMAT_OBJS), a row in formats.c, a CLI test, a
 * row in the table of formats of docs/formats.md. A JSON-based reader checks its
 * input with src/formats/json_read.h. A format that reads its input a piece
 * at a time gives feed() too (docs/development.md, "Adding an import or
 * export format").
 *
 * Ownership: the tables and their strings are static.
 */
#ifndef CONVQA_FORMATS_H
#define CONVQA_FORMATS_H

#include <stddef.h>
#include <stdio.h>

#include "convqa/common.h"
#include "convqa/model.h"
#include "convqa/store.h"

/* What an input of an import holds: the file named on the command line
 * (IMPORT_TASKS, whatever its format: a task file, a run, qrels), and a
 * passage collection given with --collection. */
enum import_role { IMPORT_TASKS, IMPORT_RUN, IMPORT_QRELS, IMPORT_COLLECTION, IMPORT__ROLES };

/* A file to read. */
struct import_input {
	const char *name;   /* in messages: the file's name, or "standard input" */
	char *buf;          /* its bytes, from xmalloc: read() frees them (as soon as it is done
			     * with them) and sets buf to NULL; NULL for an input read as a
			     * stream from path (a collection) */
	size_t len;
	const char *path;   /* the path to open for a stream ("-": standard input), else NULL */
};

/* A file read as a stream (import_stream.c): the importer opens it, hashes
 * it as it is read, and keeps the whole-file rules (no further than the
 * first NUL byte, at most READ_FILE_MAX bytes). */
struct import_stream;
/* The stream of input in: its IMPORT_TASKS input, for a format that reads
 * it so (IMPORT_READS_STREAM: buf is then NULL); else NULL. (Not a field
 * of struct import_input, whose initialisers stay as they are.) */
struct import_stream *import_input_stream(const struct import_input *in);
/* Up to n bytes into buf (stream: a struct import_stream); 0 at the end,
 * or on a failure, which import_stream_failed() tells. */
size_t import_stream_read(void *stream, char *buf, size_t n);
/* ST_OK, or the failure that ended the stream early (its message in err). */
enum status import_stream_failed(const struct import_stream *s, struct error *err);

/* What `convqa import` was told besides the format, for the formats that
 * take it (struct import_format.takes): NULL or 0 when not given. */
enum import_option {
	IMPORT_OPT_SYSTEM = 1u << 0,      /* --system NAME: the system whose run this is */
	IMPORT_OPT_COLLECTION = 1u << 1,  /* --collection FILE: passages the run names */
	IMPORT_OPT_QID_PATTERN = 1u << 2, /* --qid-pattern P: how a qid names a turn */
	IMPORT_OPT_AS_GOLD = 1u << 3,     /* --as-gold: judgements become gold passages */
	IMPORT_OPT_AS_RATER = 1u << 4,    /* --as-rater NAME: judgements become NAME's labels */
	IMPORT_OPT_MIN_GRADE = 1u << 5,   /* --min-grade N: the lowest grade that is relevant */
};

struct import_options {
	unsigned given;          /* the IMPORT_OPT_* given */
	const char *system;
	const char *collection;
	const char *qid_pattern; /* e.g. "{conv}_{turn}" */
	const char *as_rater;
	long min_grade;          /* 1 when not given */
};

/* The inputs of one import, each with its role, and the options. */
struct import_inputs {
	struct import_role_input {
		enum import_role role;
		struct import_input *in;
	} *v;
	size_t n;
	const struct import_options *opt; /* never NULL */
};

/* The first input of role r, or NULL. */
struct import_input *import_inputs_find(const struct import_inputs *in, enum import_role r);

struct import_sink;

struct import_format {
	const char *name;       /* what --format takes */
	const char *summary;    /* one line, for `convqa formats` */
	/* Is this the format of a file that begins with buf[0..len)? Looks at
	 * the first bytes only: it runs on every import. NULL: the format is
	 * never detected, only read with --format. */
	int (*detect)(const char *buf, size_t len);
	/* Read in into m (initialised by the caller, who releases it with
	 * model_tasks_release() whatever read returns). Strings in m may borrow
	 * from what read parsed, which read then hands to m (model_tasks_keep()).
	 * Returns ST_INPUT with up to ten messages, one a line, "FILE:LINE:COL:
	 * ..." for syntax and "FILE: $.path: ..." (or "FILE:LINE: $.path: ..."
	 * for a file of lines) for the rest; ST_IO for a file with more values
	 * than the memory takes; ST_USAGE for a CONVQA_MAX_JSON_VALUES that is
	 * not a number (importer.h). NULL for a format that only feeds (a run,
	 * qrels: read with their options, in feed()). */
	enum status (*read)(struct import_input *in, struct model_tasks *m, struct error *err);
	/* Read the inputs (their IMPORT_TASKS one, today) into sink k
	 * (import_sink.h), begun by the caller, as they are read: end k and
	 * return what import_sink_end() returns, or abort it and return the
	 * reader's problems (the messages of read() above, which come before
	 * the sink's). Frees the inputs' bytes. NULL: the import reads the
	 * whole model with read() and puts it into the sink. */
	enum status (*feed)(struct import_inputs *in, struct import_sink *k, struct error *err);
	/* The import_option flags the format takes; `convqa import` refuses
	 * the others. A format that takes any must give feed(). */
	unsigned takes;   /* a format that takes --as-rater has a row in labels_read.c's table of
			   * label readers (labels_read_as_rater()) */
};

/* Not an option but a flag of struct import_format.takes (a field of its
 * own would change the tables' initialisers): feed() reads a file named on
 * the command line as a stream (in->stream set, in->buf NULL), so in
 * bounded memory; it still takes a buffer (importer_import_text()).
 * Without it, feed() and read() get the whole file in in->buf. */
#define IMPORT_READS_STREAM (1u << 16)

/* The option of flag o as the command line spells it ("--system"). */
const char *import_option_name(enum import_option o);

struct strbuf;

/* What an export wrote: n labels (items, for the task formats; lines, for
 * trec-qrels); for the gold extension, the answers added to the gold and
 * the turns they joined; for a consensus, the units left out without one. */
struct export_counts {
	long n;
	long added, turns;
	long unsettled;
};

/* How several raters' labels of a unit become one (export --consensus),
 * the rules of the report's --consensus (docs/metrics.md): none, one
 * rater's; majority, the most frequent value, a tie = none; adjudicated,
 * an adjudicator's value, else the raters' when all agree; discard, the
 * raters' value when all agree. Distrusted raters have no vote. */
enum export_consensus {
	EXPORT_CONSENSUS_NONE, EXPORT_CONSENSUS_MAJORITY, EXPORT_CONSENSUS_ADJUDICATED, EXPORT_CONSENSUS_DISCARD,
};

/* What export asks of a format besides the labels' filter. */
struct export_options {
	enum export_consensus consensus;  /* only for a format with .consensus */
};

struct export_format {
	const char *name;       /* what --format takes */
	const char *summary;    /* one line, for `convqa formats` */
	int consensus;          /* 1: takes --consensus (export_options.consensus) */
	/* Write the labels of s that match f to out (borrowed; the caller opens
	 * and closes it), as o asks; project is the name written into the
	 * document. *counts: how many. ST_IO when writing fails. */
	enum status (*write)(struct store *s, const struct store_label_filter *f, const struct export_options *o,
			     const char *project, FILE *out, struct export_counts *counts, struct error *err);
	/* What to tell the person once write() wrote n to path (NULL: standard
	 * output), appended to sb: lines without the last newline (the next
	 * steps, say). NULL: "wrote N labels to PATH" when written to a file. */
	void (*written)(struct store *s, const struct store_label_filter *f, const char *path,
			const struct export_counts *counts, struct strbuf *sb);
};

/* The rows of the tables in order, NULL past the end. The first import
 * format reads what no format detects; the first export format is the
 * default of `convqa export`. */
const struct import_format *formats_import(size_t i);
const struct export_format *formats_export(size_t i);

/* By name; NULL when there is none, with ST_USAGE and "unknown format
 * 'NAME' (expected: a, b)" in err. */
const struct import_format *formats_import_find(const char *name, struct error *err);
const struct export_format *formats_export_find(const char *name, struct error *err);

/* The first import format, in table order, that detects buf[0..len); else
 * the first of the table (native: its messages then say what is wrong with
 * a file no format recognises, even one that is not JSON). */
const struct import_format *formats_detect(const char *buf, size_t len);

/* The names of a table, "a, b, c", appended to sb (for messages and help). */
void formats_import_names(struct strbuf *sb);
void formats_export_names(struct strbuf *sb);

#endif
