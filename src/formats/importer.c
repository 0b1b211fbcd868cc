/* importer.c - read a task file in its format (formats.h: detected, or
 * the one asked for) into an import sink (import_sink.h): one transaction.
 * A format that reads a stream (.stream) gets the file open, hashed as it
 * is read (import_stream.c); the others its whole bytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "convqa/formats.h"
#include "convqa/hash.h"
#include "convqa/import_sink.h"
#include "convqa/importer.h"
#include "convqa/store.h"
#include "import_stream.h"
#include "trec.h"

static const char *const noun_names[IMP__COUNT][2] = {
	{ "system", "systems" }, { "passage", "passages" }, { "conversation", "conversations" },
	{ "turn", "turns" }, { "response", "responses" },
};

const char *import_noun_name(enum import_noun n, long count)
{
	return noun_names[n][count != 1];
}

enum status importer_write(struct store *s, struct model_tasks *m, const char *file, const char *name,
			   const char *sha256, struct import_counts *counts, struct error *err)
{
	struct import_sink k;
	enum status st = import_sink_begin(&k, s, file, name, sha256, counts, err);
	if (st != ST_OK)
		return st;
	import_sink_put_model(&k, m);
	return import_sink_end(&k, err);
}

const char *importer_input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "standard input" : path;
}

/* Where the project records the file came from: the absolute path of a file
 * on disk, wherever convqa is run from; what the user gave for a pipe
 * (realpath would make /proc/PID/fd/pipe:[N] of it). Caller frees. */
static char *origin_of(const char *path)
{
	struct stat st;
	char *abs = NULL;
	if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode))
		abs = realpath(path, NULL);
	return abs ? abs : xstrdup(importer_input_name(path));
}

/* The inputs of an import: the file in, and the collection o names (coll,
 * filled here) if any; o NULL: no options. */
static void inputs_of(struct import_inputs *inputs, struct import_role_input v[2], struct import_input *in,
		      struct import_input *coll, const struct import_options *o)
{
	static const struct import_options none = { .min_grade = 1 };
	*coll = (struct import_input){ NULL, NULL, 0, NULL };
	v[0] = (struct import_role_input){ IMPORT_TASKS, in };
	v[1] = (struct import_role_input){ IMPORT_COLLECTION, coll };
	*inputs = (struct import_inputs){ v, 1, o ? o : &none };
	if (o && o->collection) {
		coll->name = importer_input_name(o->collection);
		coll->path = o->collection;
		inputs->n = 2;
	}
}

/* A file that begins as TREC lines is read only when --format says so:
 * ST_INPUT with the command that reads it; else ST_OK. */
static enum status refuse_trec(const char *buf, size_t len, const char *name, struct error *err)
{
	const char *like = trec_looks_like(buf, len);
	if (!like)
		return ST_OK;
	int run = strcmp(like, "trec-run") == 0;
	return error_set(err, ST_INPUT, "%s: this looks like %s lines (%s), which convqa reads only when told: "
			 "convqa import --format %s %s", name, run ? "TREC run" : "TREC qrels",
			 run ? "qid Q0 docid rank score tag" : "qid 0 docid grade", like, name);
}

/* Read buf[0..len) (freed here) as f, or the format detected, and write it. */
static enum status import_text(struct store *s, char *buf, size_t len, const char *name, const char *origin,
			       const struct import_format *f, const struct import_options *o,
			       struct import_counts *counts, struct error *err)
{
	struct import_input in = { name, buf, len, NULL }, coll;
	struct import_role_input v[2];
	struct import_inputs inputs;
	struct import_sink k;

	inputs_of(&inputs, v, &in, &coll, o);
	char sha[65];

	memset(counts, 0, sizeof(*counts));
	hash_sha256_hex(buf, len, sha);
	if (!f && refuse_trec(buf, len, name, err) != ST_OK) {
		free(buf);
		return ST_INPUT;
	}
	if (!f)
		f = formats_detect(buf, len);
	if (!f->feed) {
		struct model_tasks m;
		model_tasks_init(&m);
		enum status st = f->read(&in, &m, err); /* frees buf */
		if (st == ST_OK)
			st = importer_write(s, &m, origin, name, sha, counts, err);
		model_tasks_release(&m);
		return st;
	}
	enum status st = import_sink_begin(&k, s, origin, name, sha, counts, err);
	if (st != ST_OK) {
		free(buf);
		return st;
	}
	return f->feed(&inputs, &k, err); /* frees buf, ends or aborts k */
}

enum status importer_import_text(struct store *s, char *buf, size_t len, const char *name, const char *origin,
				 struct import_counts *counts, struct error *err)
{
	return import_text(s, buf, len, name, origin, NULL, NULL, counts, err);
}

/* The input being read as a stream, and its stream (one import at a time). */
static struct streamed {
	const struct import_input *in;
	struct import_stream *src;
} streamed;

struct import_stream *import_input_stream(const struct import_input *in)
{
	return in && in == streamed.in ? streamed.src : NULL;
}

/* Feed the stream src (path's) to format f, which reads it as it goes. */
static enum status import_streamed(struct store *s, struct import_stream *src, const char *path,
				   const struct import_format *f, const struct import_options *o,
				   char sha[65], struct import_counts *counts, struct error *err)
{
	struct import_input in = { importer_input_name(path), NULL, 0, NULL }, coll;
	struct import_role_input v[2];
	struct import_inputs inputs;
	struct import_sink k;
	inputs_of(&inputs, v, &in, &coll, o);
	char *origin = origin_of(path);
	enum status st = import_sink_begin(&k, s, origin, in.name, sha, counts, err);
	streamed = (struct streamed){ &in, src };
	if (st == ST_OK)
		st = f->feed(&inputs, &k, err); /* ends or aborts k */
	streamed = (struct streamed){ NULL, NULL };
	free(origin);
	return st;
}

enum status importer_import_as(struct store *s, const char *path, const struct import_format *f,
			       const struct import_options *o, struct import_counts *counts, struct error *err)
{
	struct import_stream *src;
	char sha[65], *buf;
	const char *head;
	size_t len;

	memset(counts, 0, sizeof(*counts));
	enum status st = import_stream_open(path, importer_input_name(path), sha, &src, err);
	if (st == ST_OK) {
		import_stream_head(src, &head, &len);
		if (!f && (st = refuse_trec(head, len, importer_input_name(path), err)) != ST_OK) {
			import_stream_close(src);
			return st;
		}
		if (!f)
			f = formats_detect(head, len);
		if ((f->takes & IMPORT_READS_STREAM) && f->feed) {
			st = import_streamed(s, src, path, f, o, sha, counts, err);
		} else if ((st = import_stream_slurp(src, &buf, &len, err)) == ST_OK) {
			char *origin = origin_of(path);
			st = import_text(s, buf, len, importer_input_name(path), origin, f, o, counts, err);
			free(origin);
		}
	}
	import_stream_close(src);
	return st;
}

enum status importer_import_file(struct store *s, const char *path, struct import_counts *counts,
				 struct error *err)
{
	return importer_import_as(s, path, NULL, NULL, counts, err);
}
