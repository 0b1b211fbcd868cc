/*
 * json_read.h - what every JSON-based import format shares: parsing the
 * text within the value limit (json.h does the syntax), and checking what
 * was parsed against the format's shape with messages that name the file
 * and the JSON path:
 *
 *   NAME: $.conversations[2].turns[0].question: expected a non-empty string, got a number
 *   NAME:LINE: $.turns[0].question: ...              (a line of a file of lines)
 *
 * A reader collects up to JR_MAX_MESSAGES of them, one a line, and counts
 * the rest:
 *
 *   struct json_reader r;
 *   jr_init(&r, in->name, err);
 *   if (jr_object(&r, root, keys, "a conversation") == 0) {
 *       const char *id = jr_string_member(&r, root, "id", 1, 1);   // required, non-empty
 *       ...
 *   }
 *   return jr_finish(&r);                 // ST_INPUT when there was a problem
 *
 * Each getter names the member it checks in its message and leaves r.path
 * as it found it; a reader descends with json_path_key(&r.path, ...) /
 * json_path_index() and json_path_pop().
 *
 * Only the files of src/formats/ include this header.
 */
#ifndef CONVQA_FORMATS_JSON_READ_H
#define CONVQA_FORMATS_JSON_READ_H

#include <stddef.h>

#include "convqa/common.h"
#include "convqa/formats.h"
#include "convqa/json.h"
#include "convqa/model.h"

struct cJSON;

#define JR_MAX_MESSAGES 10

struct json_reader {
	const char *name;        /* the file, in messages (borrowed) */
	size_t line;             /* 0; or the line of a file of lines being read: messages say NAME:LINE */
	struct error *err;       /* the messages (borrowed) */
	int n_errors;            /* problems so far, also those past JR_MAX_MESSAGES */
	struct json_path path;   /* where the reader is; "$" at the start */
};

/* ---- parsing --------------------------------------------------------------- */

/* The most JSON values a text of len bytes may have: IMPORTER_MAX_VALUES_ENV,
 * else what the memory left holds (json_max_values()). lim->why points into
 * why[0..why_size), the reason for the message. ST_USAGE when the variable
 * is not a positive number. */
enum status jr_limits(size_t len, struct json_limits *lim, char *why, size_t why_size, struct error *err);

/* Parse in as one JSON document (json_parse()) within jr_limits(); frees
 * in->buf either way. On success *root is the tree: the caller frees it with
 * cJSON_Delete() or gives it to the model with jr_keep(). */
enum status jr_parse(struct import_input *in, struct cJSON **root, struct error *err);

/* Give a tree to the model: model_tasks_release() deletes it. */
void jr_keep(struct model_tasks *m, struct cJSON *root);

/* For detect(): does buf (after a byte order mark and white space) begin an
 * object whose first key is one of keys (NULL-terminated)? Looks at the
 * first key only, so it takes the same time for a file of any size. */
int jr_first_key_in(const char *buf, size_t len, const char *const *keys);

/* ---- checking ---------------------------------------------------------------- */

/* Start reading the file name: path "$", no problems; clears err. */
void jr_init(struct json_reader *r, const char *name, struct error *err);
/* Add "NAME: and N more problems" when there were more than
 * JR_MAX_MESSAGES, release the path. ST_INPUT when there was a problem. */
enum status jr_finish(struct json_reader *r);

/* One problem at the current path: "NAME: $.path: " + the message. */
void jr_problem(struct json_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One problem whose message is complete already (a syntax error of a line). */
void jr_message(struct json_reader *r, const char *msg);
/* The current place for a model object's where (model.h): the path, or with
 * a line "NAME:LINE: $.path". In m's arena. */
const char *jr_where(const struct json_reader *r, struct model_tasks *m);

/* "an object", "an array", "a string", "an empty string", "a number", "a
 * boolean", "null": for "expected X, got Y". */
const char *jr_type_name(const struct cJSON *v);

/* Is v an object (what: "a conversation", for the message)? Reports its
 * unknown keys (those not in allowed, NULL-terminated) and keys given
 * twice. Returns 0 if v is an object, else -1. */
int jr_object(struct json_reader *r, const struct cJSON *v, const char *const *allowed, const char *what);
/* obj's member key, or NULL; a problem when it is missing and required. */
const struct cJSON *jr_member(struct json_reader *r, const struct cJSON *obj, const char *key,
			      int required);
/* v's text if v is a string (non-empty, if asked), else NULL and a problem. */
const char *jr_string(struct json_reader *r, const struct cJSON *v, int nonempty);
/* jr_member() and jr_string(); NULL when absent. */
const char *jr_string_member(struct json_reader *r, const struct cJSON *obj, const char *key, int required,
			     int nonempty);
/* jr_member(), checked to be an array of at least min_items; NULL when
 * absent or not so. */
const struct cJSON *jr_array_member(struct json_reader *r, const struct cJSON *obj, const char *key,
				    int required, int min_items);

/* The "format" and "version" members every JSON document convqa reads
 * begins with: format must be the string format, version the number 1. */
void jr_header(struct json_reader *r, const struct cJSON *root, const char *format);
/* When root's "format" names another file of convqa's than format (a
 * task file, a labels export, a label scheme, a report), the one problem:
 * what it is, which command reads it, in err ("NAME: $.format: ..."),
 * ST_INPUT; else ST_OK. Checked before the members, so that theirs
 * ("unknown property") do not come first. */
enum status jr_other_convqa_file(const char *name, const struct cJSON *root, const char *format,
				 struct error *err);

#endif
