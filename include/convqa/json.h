/*
 * json.h - reading JSON with exact error positions, and JSON paths.
 *
 * json_parse() checks the text against the JSON grammar itself first, so that
 * every syntax error is reported as NAME:LINE:COL with what was expected,
 * refuses what convqa never accepts (invalid UTF-8, NUL characters, nesting
 * deeper than JSON_MAX_DEPTH), and only then builds a cJSON tree.
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

/* Parse buf[0..len) (name is used in messages). On success *root is a cJSON
 * tree the caller frees with cJSON_Delete(). On failure returns ST_INPUT with
 * "NAME:LINE:COL: message" in err. */
enum status json_parse(const char *name, const char *buf, size_t len, struct cJSON **root,
		       struct error *err);

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

#endif
