/*
 * json.h - reading JSON with exact error positions, and JSON paths.
 *
 * json_parse() checks the text against the JSON grammar itself first, so that
 * every syntax error is reported as NAME:LINE:COL with what was expected,
 * refuses what convqa never accepts (invalid UTF-8, NUL characters, nesting
 * deeper than JSON_MAX_DEPTH), and only then builds a cJSON tree.
 * json_parse_line() does the same for one line of a file of JSON lines.
 *
 * struct json_path tracks where a reader is in a document, for messages like
 * "$.conversations[2].turns[0].question".
 */
#ifndef CONVQA_JSON_H
#define CONVQA_JSON_H

#include <stddef.h>

#include "convqa/common.h"
#include "convqa/strbuf.h"

struct cJSON;

#define JSON_MAX_DEPTH 64

/* What json_parse() may build, checked before cJSON allocates anything. */
struct json_limits {
	size_t max_values;  /* objects, arrays, strings, numbers, literals; SIZE_MAX: no limit */
	const char *why;    /* where the limit comes from, ends the message */
};

/* The most a cJSON tree takes per value besides its strings' text (glibc
 * malloc, 64-bit): an 80-byte chunk for the 64-byte node, and a 32-byte
 * chunk each for its key and its string value when they are short (longer
 * ones take at most their length more). Measured: [1,1,...] 80 bytes a value,
 * ["ab",...] 112, {"k":"v"} members 144. So a tree of text_len bytes of JSON
 * with n values takes at most n * JSON_VALUE_BYTES + text_len bytes. */
#define JSON_VALUE_BYTES 144

/* The most values whose tree fits in memory bytes, for a text of text_len
 * bytes (by the rule above; 0 when the text alone does not fit). */
size_t json_max_values(size_t memory, size_t text_len);

/* Parse buf[0..len) (name is used in messages; lim may be NULL). On success
 * *root is a cJSON tree the caller frees with cJSON_Delete(). On failure
 * returns ST_INPUT with "NAME:LINE:COL: message" in err; a document with more
 * values than lim allows returns ST_IO with the position of the first value
 * past the limit, before any tree is built. */
enum status json_parse(const char *name, const char *buf, size_t len, const struct json_limits *lim,
		       struct cJSON **root, struct error *err);

/* One line of a file of JSON lines (JSONL: one JSON value a line), as
 * json_parse(): buf[0..len) is the line without its newline and line its
 * number in the file, so positions read "NAME:LINE:COL" and the end of the
 * text is "end of line"; a byte order mark is an error (the caller skips the
 * file's own); a blank line is an error (the caller skips blank lines).
 * The lines of a file share one limit: *values holds the values of the
 * earlier lines, counts toward lim, and has this line's added on success. */
enum status json_parse_line(const char *name, size_t line, const char *buf, size_t len,
			    const struct json_limits *lim, size_t *values, struct cJSON **root, struct error *err);

/* A document that is an array, read an element at a time: the whole text is
 * checked first as json_parse() checks it (the same messages), then the tree
 * of each element is built in turn and handed to each(ctx, i, elem), which
 * owns it (frees it with cJSON_Delete()) before the next is built. lim
 * applies to one element: a file of any length whose elements fit is read,
 * and the memory holds one element's tree at a time. A document that is
 * not an array: ST_INPUT with "NAME: $: expected WHAT, got an object" (what:
 * "an array of QReCC turns", say). */
enum status json_parse_array(const char *name, const char *buf, size_t len, const struct json_limits *lim,
			     const char *what, void (*each)(void *ctx, size_t i, struct cJSON *elem), void *ctx,
			     struct error *err);

/* ---- a document read a piece at a time (json_stream.h) ---------------------- */

/* Where a piece of a document begins, for messages and limits. */
struct json_at {
	size_t line, col;      /* of the piece's first byte (1-based) */
	int depth;             /* the containers open around it */
	char open_kind;        /* the innermost of them, '{' or '[' (0: none), */
	size_t open_line, open_col; /* opened there */
};

/* The value (key: the string key) that begins at buf[0], checked and built
 * as json_parse() does, with positions from at; buf[0..len) holds the
 * whole value and the byte after it, or ends where the document ends.
 * *used: the value's bytes. root NULL: checked only. values as for
 * json_parse_line() (NULL with lim NULL). */
enum status json_parse_at(const char *name, const char *buf, size_t len, const struct json_at *at, int key,
			  const struct json_limits *lim, size_t *values, size_t *used, struct cJSON **root,
			  struct error *err);
/* The syntax error json_parse() gives where it expected `expected` and
 * found buf[0] (len 0: the end of the document). ST_INPUT. */
enum status json_unexpected(const char *name, const char *buf, size_t len, const struct json_at *at,
			    const char *expected, struct error *err);
/* "NAME:LINE:COL: msg" at at, with status st (returned). */
enum status json_error_at(const char *name, const struct json_at *at, enum status st, const char *msg,
			  struct error *err);
/* One more value (a container a stream opens) at at against lim: ST_IO past it. */
enum status json_count_value(const char *name, const struct json_at *at, const struct json_limits *lim,
			     size_t *values, struct error *err);

struct json_path {
	struct strbuf sb;
	size_t stack[JSON_MAX_DEPTH + 2];
	int depth;
};

void json_path_init(struct json_path *p);     /* "$" */
void json_path_key(struct json_path *p, const char *key);    /* push ".key" */
void json_path_index(struct json_path *p, size_t i);         /* push "[i]" */
void json_path_pop(struct json_path *p);
const char *json_path_str(const struct json_path *p);
void json_path_release(struct json_path *p);

/* A JSON string literal for s (with quotes), appended to sb. Besides what
 * JSON requires, DEL and every text_cp_is_hidden_control() code point (C1
 * and bidi controls, U+2028/9, U+FEFF, tags) are written as \uXXXX escapes,
 * so JSON shown on a terminal stays inert; invalid UTF-8 becomes \ufffd. */
void json_quote(struct strbuf *sb, const char *s);
/* json_quote(s), or null where s is NULL (an optional string). */
void json_quote_or_null(struct strbuf *sb, const char *s);
/* What comes before a member's value, as written (", \"name\": "), then
 * json_quote_or_null(s): one member of an object being written. */
void json_member(struct strbuf *sb, const char *before, const char *s);

/* The JSON text json (a value cJSON or json_quote() wrote, such as stored
 * metadata or a stored scheme) appended to sb with the same escapes as
 * json_quote(): DEL and the hidden controls in its strings (cJSON's printer
 * writes them raw) become \uXXXX, so the text means what it meant. */
void json_add_inert(struct strbuf *sb, const char *json);

#endif
