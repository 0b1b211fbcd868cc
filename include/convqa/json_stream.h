/*
 * json_stream.h - a JSON document read a piece at a time from a stream, in
 * bounded memory: the caller walks its outer containers and takes each
 * value inside them whole (a cJSON tree of its own, freed before the next),
 * so the memory holds one value and its tree, never the document.
 *
 *   struct json_stream js;
 *   json_stream_init(&js, name, read, ctx, &lim, 0, err);
 *   if (json_stream_start(&js) == '{' && json_stream_open(&js) == ST_OK)
 *       for (int first = 1; (more = json_stream_more(&js, first)) == 1; first = 0) {
 *           json_stream_key(&js, &key);          // then the member's value:
 *           json_stream_value(&js, &tree);       // or open it and walk it
 *       }
 *   json_stream_end(&js);                        // nothing after the document
 *   json_stream_release(&js);
 *
 * Every check and message is json_parse()'s (json.h), positions included
 * ("NAME:LINE:COL: syntax error: ..."): the pieces are checked by its lexer
 * with their line, column and depth in the document, and the walk between
 * them gives its messages. The first problem ends the walk (every later
 * call returns it); err holds its message.
 */
#ifndef CONVQA_JSON_STREAM_H
#define CONVQA_JSON_STREAM_H

#include <stddef.h>

#include "convqa/common.h"
#include "convqa/json.h"

struct cJSON;

#define JSON_STREAM_CHUNK ((size_t)64 * 1024)

struct json_stream {
	size_t (*read)(void *ctx, char *buf, size_t n); /* 0: the end (or a failure the ctx keeps) */
	void *ctx;
	const char *name;                /* in messages (borrowed) */
	struct error *err;               /* borrowed */
	enum status failed;              /* the first problem */
	const struct json_limits *lim;   /* NULL: no limit */
	int lim_each;                    /* the limit is on each value taken (else the document's) */
	size_t values;                   /* counted against lim */
	char *buf;                       /* the window: buf[pos..end) read, not yet taken */
	size_t pos, end, cap;
	int eof;
	int keep_all;                    /* 1: the window keeps every byte read (it grows) */
	size_t line, col;                /* of buf[pos] */
	size_t scanned;                  /* how far the value at pos is known to reach */
	int depth;                       /* containers opened and not closed */
	char kind[JSON_MAX_DEPTH + 1];
	size_t open_line[JSON_MAX_DEPTH + 1], open_col[JSON_MAX_DEPTH + 1];
};

/* lim (borrowed, may be NULL) limits the values of the document, or, with
 * each set, of each value json_stream_value() takes. */
void json_stream_init(struct json_stream *js, const char *name, size_t (*read)(void *, char *, size_t), void *ctx,
		      const struct json_limits *lim, int each, struct error *err);
void json_stream_release(struct json_stream *js);
/* Past a byte order mark and white space: the document's first byte, or
 * -1 when there is none (an empty document). */
int json_stream_start(struct json_stream *js);
/* The next byte past white space, -1 at the end (or after a problem). */
int json_stream_peek(struct json_stream *js);
/* Open the object or array at the next byte (a value counted). */
enum status json_stream_open(struct json_stream *js);
/* In the innermost container: 1 when a member or element follows (past
 * its ','), 0 when the container closed here, -1 on a problem. first: none
 * was taken yet. */
int json_stream_more(struct json_stream *js, int first);
/* An object's key and its ':' (*key from xmalloc, the caller frees it). */
enum status json_stream_key(struct json_stream *js, char **key);
/* The value at the next byte, whole: its tree in *root (NULL: checked
 * only); *at where it began; *text, *len its bytes (valid until the next
 * call; either may be NULL). */
enum status json_stream_value(struct json_stream *js, struct cJSON **root, struct json_at *at, const char **text,
			      size_t *len);
/* The end of the document: nothing but white space follows. */
enum status json_stream_end(struct json_stream *js);
/* Where the next byte is (for a value's position). */
void json_stream_at(const struct json_stream *js, struct json_at *at);

#endif
