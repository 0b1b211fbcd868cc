/* import_jsonl.c - JSON Lines: one conversation a line, each a conversation
 * object of the native format (schemas/conversation.schema.json), read by
 * the native reader (native.h). Blank lines are skipped and a byte order
 * mark may begin the file. Messages name the line of the file:
 * "FILE:LINE:COL: syntax error ..." and "FILE:LINE: $.turns[0]...: ...";
 * every line is read, so the problems of all lines are reported (up to ten),
 * and the lines share one value limit. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/text.h"
#include "native.h"

/* The file begins with a conversation object: its first key is one of a
 * conversation's (a task file has none of them). */
static int detect_jsonl(const char *buf, size_t len)
{
	return jr_first_key_in(buf, len, native_conversation_keys);
}

/* Parse line number line, s[0..len), and read its conversation. A syntax
 * error is one more problem; ST_IO (the value limit) ends the file, with
 * its message alone. */
static enum status read_line(struct native_reader *r, const char *s, size_t len, size_t line,
			     const struct json_limits *lim, size_t *values)
{
	struct error e;
	cJSON *root;
	enum status st = json_parse_line(r->jr.name, line, s, len, lim, values, &root, &e);
	if (st == ST_IO) {
		*r->jr.err = e;
		r->jr.n_errors = 0; /* the problems of earlier lines go unsaid */
		return st;
	}
	if (st != ST_OK) {
		jr_message(&r->jr, e.msg);
		return ST_OK;
	}
	jr_keep(r->m, root);
	r->jr.line = line;
	native_read_conversation(r, root);
	r->jr.line = 0;
	return ST_OK;
}

static enum status read_lines(struct native_reader *r, const char *buf, size_t len,
			      const struct json_limits *lim)
{
	size_t i = len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
	size_t line = 0, values = 0, n_read = 0;
	while (i < len) {
		const char *s = buf + i, *nl = memchr(s, '\n', len - i);
		size_t n = nl ? (size_t)(nl - s) : len - i;
		line++;
		i += n + 1;
		if (text_blank(s, n))
			continue;
		n_read++;
		if (read_line(r, s, n, line, lim, &values) == ST_IO)
			return ST_IO;
	}
	if (!n_read) {
		char msg[512];
		snprintf(msg, sizeof(msg), "%s: empty file: expected a conversation (a JSON object) on each line",
			 r->jr.name);
		jr_message(&r->jr, msg);
	}
	return ST_OK;
}

static enum status read_jsonl(struct import_input *in, struct model_tasks *m, struct error *err)
{
	char why[256];
	struct json_limits lim;
	enum status st = jr_limits(in->len, &lim, why, sizeof(why), err);
	if (st == ST_OK) {
		struct native_reader r;
		native_reader_init(&r, in->name, m, err);
		m->where_names_file = 1;
		st = read_lines(&r, in->buf, in->len, &lim);
		enum status finished = native_reader_finish(&r);
		if (st == ST_OK)
			st = finished;
	}
	free(in->buf); /* the trees hold copies of every string */
	in->buf = NULL;
	return st;
}

const struct import_format import_jsonl = {
	"jsonl", "one conversation a line (schemas/conversation.schema.json)", detect_jsonl, read_jsonl,
};
