/*
 * native.h - the native format's reader (import_native.c), for the formats
 * that carry its shapes: a JSONL file's lines are native conversations.
 *
 *   struct native_reader r;
 *   native_reader_init(&r, in->name, m, err);
 *   for each conversation object v (r.jr.path and r.jr.line where v is):
 *       native_read_conversation(&r, v);   // appended to m->conversations
 *   return native_reader_finish(&r);       // ST_INPUT when there was a problem
 *
 * A stream (JSONL into an import sink) sets r.keep to a model of its own and
 * r.m to a new model for each conversation, released once it is put: the
 * systems read are appended to r.keep (their strings copied), and the passages
 * new to the file also to the conversation's model, with their text. The
 * passage and conversation ids a stream has read are kept, to check
 * against, in a temporary table on disk (store_seen.h), not in memory.
 *
 * The reader checks what the schema says and what it cannot (unique ids and
 * ranks, one response per system and turn, the same text for a passage id)
 * across everything it reads; systems are created as responses name them.
 * Only the files of src/formats/ include this header.
 */
#ifndef CONVQA_FORMATS_NATIVE_H
#define CONVQA_FORMATS_NATIVE_H

#include "convqa/model.h"
#include "convqa/strmap.h"

struct store_seen;
#include "json_read.h"

struct native_reader {
	struct json_reader jr;        /* the messages, the path and the line */
	struct model_tasks *m;        /* borrowed: what is read goes here */
	struct model_tasks *keep;     /* borrowed: the systems, passages and conversation ids
				       * (copied) that later reads check against: m, or, for a
				       * stream read a conversation at a time, a model of its own */
	struct strmap passages;       /* id -> index in keep->passages */
	struct strmap systems;        /* id -> index in keep->systems */
	struct strmap conversations;  /* id -> index in keep->conversations */
	struct store_seen *seen;      /* a stream's passage and conversation ids, on disk
				       * (store_seen.h): opened with the first */
};

/* The members of a conversation object, of a task file (NULL-terminated). */
extern const char *const native_conversation_keys[];
extern const char *const native_doc_keys[];

/* The end of a message about a file that is no task file at all and no
 * other format detected (a CSV of questions, another tool's JSON): it was
 * read as a task file; the formats convqa reads, how to name one. */
#define NATIVE_NOT_A_TASK_FILE                                                                          \
	" (no format convqa reads was detected, so it was read as a convqa task file, "                  \
	"schemas/tasks.schema.json: convqa formats lists the formats convqa reads, convqa import --format " \
	"NAME FILE reads one; else convert the file to a task file, docs/formats.md)"

void native_reader_init(struct native_reader *r, const char *name, struct model_tasks *m,
			struct error *err);
/* Read the conversation object v into a new m->conversations entry. */
void native_read_conversation(struct native_reader *r, const struct cJSON *v);
/* One element of a task file's "systems", of its "collection" (at r->jr.path). */
void native_read_system(struct native_reader *r, const struct cJSON *v);
void native_read_passage(struct native_reader *r, const struct cJSON *v);
/* A task file's "format" and "version" members of root. */
void native_read_header(struct native_reader *r, const struct cJSON *root);
/* A response object's "candidates" (import_candidates.c): canonical JSON
 * text in r->m, *top the first candidate's text; NULL when absent or
 * refused (a problem told). */
const char *native_read_candidates(struct native_reader *r, const struct cJSON *resp, const char **top);
/* Finish: the count of problems past the first ten, the maps released. */
enum status native_reader_finish(struct native_reader *r);

struct import_input;
struct import_sink;
/* A task file in a buffer (in->buf, freed) read whole into m. */
enum status native_read_buffer(struct import_input *in, struct model_tasks *m, struct error *err);
/* The same put into sink k, ended or aborted (struct import_format.feed). */
enum status native_feed_buffer(struct import_input *in, struct import_sink *k, struct error *err);
/* A task file read from in->stream a member at a time into k, ended or
 * aborted (import_native_stream.c). */
enum status native_feed_stream(struct import_input *in, struct import_sink *k, struct error *err);

#endif
