/*
 * scai_records.h - what the QReCC-shaped formats share (qrecc, scai-truth,
 * scai-run): a JSON array of records, each naming its turn by
 * "Conversation_no" and "Turn_no", in any order. The reader reads the array
 * an element at a time (json_parse_array(): one element's tree in memory),
 * keeps what the format takes of each record (its strings copied into an
 * arena, so the file's bytes and trees go), and then hands the records to
 * the format grouped by conversation and sorted by turn:
 *
 *   struct scai_reader r;
 *   scai_reader_init(&r, in->name, &shape, NULL, NULL, err);   // shape: the keys, read()
 *   st = scai_reader_read(&r, in);            // frees in->buf; ST_INPUT: r's messages in err
 *   for (size_t a = 0, b; a < r.n; a = b) {
 *       b = scai_reader_group(&r, a);          // records a..b-1: one conversation, by turn
 *       ...                                    // build a model_conversation, put it
 *   }
 *   scai_reader_release(&r);
 *
 * Every record begins with struct scai_key. The reader checks the keys
 * (unknown ones are problems), the two numbers (integers: Conversation_no
 * >= 0, Turn_no >= 1) and that no two records name the same turn; the
 * format's read() checks the rest, with jr_problem() at "$[i].Field".
 * Conversation ids are the numbers as text ("74"): the formats meet.
 * Only the files of src/formats/ include this header.
 */
#ifndef CONVQA_FORMATS_SCAI_RECORDS_H
#define CONVQA_FORMATS_SCAI_RECORDS_H

#include "convqa/formats.h"
#include "convqa/import_sink.h"
#include "convqa/model.h"
#include "json_read.h"

struct cJSON;

/* The largest numbers the records may give: a conversation's, a turn's
 * (the model's). */
#define SCAI_CONV_MAX 999999999999999.0
#define SCAI_TURN_MAX ((double)MODEL_TURN_MAX)

/* The beginning of every record. */
struct scai_key {
	long conv, turn;
	size_t i;                       /* its place in the array: $[i] */
};

struct scai_reader;

/* A format's records. */
struct scai_shape {
	const char *const *keys;        /* the record's keys, NULL-terminated */
	const char *record;             /* "a QReCC turn": in "expected RECORD (an object)" */
	const char *document;           /* "an array of QReCC turns": in "$: expected DOCUMENT" */
	size_t size;                    /* of the format's record, which begins with struct scai_key */
	/* The format's fields of obj into rec (zeroed, its key set): strings
	 * copied with model_strdup(r->m, ...), problems with jr_problem(). */
	void (*read)(struct scai_reader *r, const struct cJSON *obj, void *rec);
	/* Or, when set, instead of the above: element i of the array (a
	 * record or many), checked by the format, its records added with
	 * scai_reader_push() and counted (r->n++) when their keys are good. */
	void (*element)(struct scai_reader *r, const struct cJSON *obj, size_t i);
	/* In "TURN 2 of CONV 81 is given twice": NULL for Turn_no, Conversation_no. */
	const char *turn_name, *conv_name;
};

struct scai_reader {
	struct json_reader jr;          /* messages "NAME: $[i].Field: ..." */
	struct model_tasks *m;          /* the arena of the records' strings: own, or the caller's */
	struct model_tasks own;
	const struct scai_shape *shape;
	char *recs;                     /* n records of shape->size bytes */
	size_t n, cap;
	const void *ctx;                /* the format's: for read() and fill */
};

/* arena: where the records' strings go (a model that read() fills), NULL
 * for the reader's own. */
void scai_reader_init(struct scai_reader *r, const char *name, const struct scai_shape *shape, const void *ctx,
		      struct model_tasks *arena, struct error *err);
/* Read in (frees its bytes), check, sort by conversation and turn. ST_OK;
 * ST_INPUT with the messages in err; ST_IO (the value limit: one record has
 * more values than the memory holds), ST_USAGE (jr_limits()). */
enum status scai_reader_read(struct scai_reader *r, struct import_input *in);
/* A new record at r->recs[r->n] (zeroed, its key set; not counted yet:
 * r->n++ keeps it): for a shape's element(). */
void *scai_reader_push(struct scai_reader *r, long conv, long turn, size_t i);
/* obj's integer member key, from min to max, into *out; 0 and a problem
 * when it is missing or not such a number. */
int scai_integer(struct scai_reader *r, const struct cJSON *obj, const char *key, double min, double max,
		 long *out);
/* Record i (after scai_reader_read(): in the order of conversation, turn). */
void *scai_reader_rec(const struct scai_reader *r, size_t i);
/* The end of the group of records of one conversation that begins at a. */
size_t scai_reader_group(const struct scai_reader *r, size_t a);
void scai_reader_release(struct scai_reader *r);

/* Conversation c of records a..b-1 of r (id: the number as text, where:
 * the first record's "$[i]"); its turns (c->turns from xcalloc, as the
 * model frees them) have position and where set, everything else zero, for
 * the format to fill. Strings in m's arena. */
void scai_conversation(const struct scai_reader *r, size_t a, size_t b, struct model_conversation *c,
		       struct model_tasks *m);

/* The format's turns of records a..b-1 of r (one conversation) filled in
 * c (scai_conversation()): strings in m's arena, arrays from xmalloc (the
 * model frees them); with the systems and
 * passages they name appended to m. */
typedef void scai_fill_fn(const struct scai_reader *r, size_t a, size_t b, struct model_conversation *c,
			  struct model_tasks *m);

/* A format's feed(): the records of the IMPORT_TASKS input read, then a
 * conversation at a time filled and put into k (its systems and passages
 * first), the passages known by id given their text from the
 * IMPORT_COLLECTION input when there is one (collection.h), k ended; or k
 * aborted with the reader's (or the collection's) problems. ctx: for the
 * shape's read(). */
enum status scai_feed(struct import_inputs *in, struct import_sink *k, const struct scai_shape *shape,
		      scai_fill_fn *fill, const void *ctx, struct error *err);
/* A format's read(): the same into m (every conversation). */
enum status scai_read_model(struct import_input *in, struct model_tasks *m, const struct scai_shape *shape,
			    scai_fill_fn *fill, const void *ctx, struct error *err);

/* JSON text of an object of the given members (NULL-terminated pairs of
 * key and string value; a NULL or empty value is left out), in m's arena;
 * NULL when every value is. */
const char *scai_metadata(struct model_tasks *m, const char *const *kv);

/* An optional string member (NULL when absent or null), with a problem
 * when it is something else. */
const char *scai_string(struct scai_reader *r, const struct cJSON *obj, const char *key);

/* For detect(): does buf begin (after a byte order mark and white space) an
 * array whose first element is an object with every key of all (NULL-
 * terminated) among its members? Reads the first object only. */
int scai_detect(const char *buf, size_t len, const char *const *all);

#endif
