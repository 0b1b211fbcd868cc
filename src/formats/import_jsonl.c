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
#include "convqa/import_sink.h"
#include "convqa/importer.h"
#include "convqa/json_stream.h"
#include "convqa/text.h"
#include "native.h"

/* The longest line a stream may have (a line's bytes are all in memory at once). */
#define JSONL_LINE_MAX ((size_t)64 << 20)

/* The file begins with a conversation object: its first key is one of a
 * conversation's (a task file has none of them). */
static int detect_jsonl(const char *buf, size_t len)
{
	return jr_first_key_in(buf, len, native_conversation_keys);
}

/* A stream into an import sink: each line's conversation is read into a
 * model of its own, put, and released; what later lines are checked
 * against stays in keep (systems) and the reader's table on disk (passage
 * and conversation ids, the digests of passages' texts: store_seen.h). A conversation naming by id a
 * passage that no earlier line gave, nor the project, waits in pending
 * for the end of the file (a later line may give it). */
struct stream {
	struct import_sink *k;
	struct model_tasks keep;
	struct model_tasks *pending;
	size_t n_pending, cap_pending;
	int each;                   /* the value limit is each line's (read from a stream) */
};

/* Put what line model m read (once the file has shown no problem). */
static void put_line(struct native_reader *r, struct stream *sm, struct model_tasks *m, size_t n_systems)
{
	if (r->jr.n_errors || sm->k->st != ST_OK) { /* nothing more will be written: nothing kept */
		model_tasks_release(m);
		return;
	}
	if (sm->keep.n_systems > n_systems) /* (systems is NULL before the first) */
		import_sink_put_systems(sm->k, sm->keep.systems + n_systems, sm->keep.n_systems - n_systems);
	import_sink_put_passages(sm->k, m->passages, m->n_passages);
	if (!import_sink_resolves(sm->k, &m->conversations[0])) {
		xgrow(&sm->pending, &sm->cap_pending, sm->n_pending + 1, sizeof(*sm->pending));
		sm->pending[sm->n_pending++] = *m;
		return;
	}
	import_sink_put_conversation(sm->k, &m->conversations[0]);
	model_tasks_release(m);
}

/* Parse line number line, s[0..len), and read its conversation (into a
 * model of its own, put into the sink, when sm is not NULL). A syntax
 * error is one more problem; ST_IO (the value limit) ends the file, with
 * its message alone. */
static enum status read_line(struct native_reader *r, struct stream *sm, const char *s, size_t len, size_t line,
			     const struct json_limits *lim, size_t *values)
{
	if (sm && sm->each)
		*values = 0; /* the limit of what the memory holds is each line's */
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
	struct model_tasks m;
	size_t n_systems = sm ? sm->keep.n_systems : 0;
	if (sm) {
		model_tasks_init(&m);
		r->m = &m;
	}
	jr_keep(r->m, root);
	r->jr.line = line;
	native_read_conversation(r, root);
	r->jr.line = 0;
	if (sm)
		put_line(r, sm, &m, n_systems);
	return ST_OK;
}

static void empty_file(struct native_reader *r)
{
	char msg[512];
	snprintf(msg, sizeof(msg), "%s: empty file: expected a conversation (a JSON object) on each line",
		 r->jr.name);
	jr_message(&r->jr, msg);
}

/* The lines of a stream, each in a window that holds one line at most. */
struct line_reader {
	struct import_stream *src;
	char *buf;
	size_t start, end, cap, scanned;
	size_t line;
	int eof, begun;
};

/* Read more into the window (its line moved to the front, the window grown
 * when the line fills it); 0 at the end. */
static int more_bytes(struct line_reader *lr)
{
	if (lr->eof)
		return 0;
	if (lr->start) {
		memmove(lr->buf, lr->buf + lr->start, lr->end - lr->start);
		lr->end -= lr->start;
		lr->scanned -= lr->start;
		lr->start = 0;
	}
	if (lr->end == lr->cap)
		lr->buf = xrealloc(lr->buf, lr->cap *= 2);
	size_t got = import_stream_read(lr->src, lr->buf + lr->end, lr->cap - lr->end);
	lr->end += got;
	lr->eof = !got;
	return got > 0;
}

/* The next line that is not blank, s[0..n) without its newline: 1; 0 at
 * the end; -1 for a line longer than JSONL_LINE_MAX. */
static int next_line(struct line_reader *lr, const char **s, size_t *n)
{
	for (;;) {
		char *nl = memchr(lr->buf + lr->scanned, '\n', lr->end - lr->scanned);
		if (!lr->begun && (lr->end - lr->start >= 3 || lr->eof)) {
			lr->begun = 1; /* a byte order mark may begin the file */
			if (lr->end - lr->start >= 3 && memcmp(lr->buf + lr->start, "\xef\xbb\xbf", 3) == 0)
				lr->start = lr->scanned = 3;
			continue;
		}
		if (lr->begun && (nl || (lr->eof && lr->start < lr->end))) {
			size_t k = nl ? (size_t)(nl - (lr->buf + lr->start)) : lr->end - lr->start;
			*s = lr->buf + lr->start;
			*n = k;
			lr->line++;
			lr->start = lr->scanned = nl ? lr->start + k + 1 : lr->end;
			if (k > JSONL_LINE_MAX)
				return -1;
			if (!text_blank(*s, k))
				return 1;
			continue;
		}
		lr->scanned = lr->end;
		if (lr->end - lr->start > JSONL_LINE_MAX) {
			lr->line++;
			return -1;
		}
		if (!more_bytes(lr) && lr->start >= lr->end)
			return 0;
	}
}

/* The lines of a stream, read into sm as read_lines() does. */
static enum status read_stream_lines(struct native_reader *r, struct stream *sm, struct import_stream *src,
				     const struct json_limits *lim)
{
	struct line_reader lr = { .src = src, .cap = JSON_STREAM_CHUNK };
	const char *s;
	size_t n, values = 0, n_read = 0;
	int got;
	enum status st = ST_OK;
	lr.buf = xmalloc(lr.cap);
	while (st == ST_OK && (got = next_line(&lr, &s, &n)) == 1) {
		n_read++;
		st = read_line(r, sm, s, n, lr.line, lim, &values);
	}
	free(lr.buf);
	if (st == ST_OK && got < 0) {
		char msg[512];
		snprintf(msg, sizeof(msg), "%s:%zu: a line longer than %zu MiB: convqa reads a JSONL file a line at a "
			 "time, each line at most that long (give such a conversation in a task file)", r->jr.name,
			 lr.line, JSONL_LINE_MAX >> 20);
		jr_message(&r->jr, msg);
	}
	if (st == ST_OK && got == 0 && !n_read)
		empty_file(r);
	return st;
}

static enum status read_lines(struct native_reader *r, struct stream *sm, const char *buf, size_t len,
			      const struct json_limits *lim)
{
	struct text_lines it;
	const char *s;
	size_t n, values = 0, n_read = 0;
	text_lines_init(&it, buf, len);
	while (text_lines_next(&it, &s, &n)) {
		n_read++;
		if (read_line(r, sm, s, n, it.line, lim, &values) == ST_IO)
			return ST_IO;
	}
	if (!n_read)
		empty_file(r);
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
		st = read_lines(&r, NULL, in->buf, in->len, &lim);
		enum status finished = native_reader_finish(&r);
		if (st == ST_OK)
			st = finished;
	}
	free(in->buf); /* the trees hold copies of every string */
	in->buf = NULL;
	return st;
}

/* The end of a stream: the held-back conversations put (a passage still
 * unknown is the sink's message), the sink ended, or aborted when the
 * reader found problems (its messages, in err, come first). */
static enum status end_stream(struct stream *sm, enum status st, struct error *err)
{
	for (size_t i = 0; i < sm->n_pending; i++) {
		if (st == ST_OK)
			import_sink_put_conversation(sm->k, &sm->pending[i].conversations[0]);
		model_tasks_release(&sm->pending[i]);
	}
	free(sm->pending);
	if (st == ST_OK)
		st = import_sink_end(sm->k, err);
	else
		import_sink_abort(sm->k);
	model_tasks_release(&sm->keep);
	return st;
}

/* Feed the sink a line at a time: the memory holds one line (a stream's:
 * at most JSONL_LINE_MAX bytes; a buffer's: the whole file), its tree and
 * conversation, the systems read so far, and the conversations held back;
 * the passage and conversation ids read so far (and the digests of the
 * passages' texts) are on disk (store_seen.h). */
static enum status feed_jsonl(struct import_inputs *inputs, struct import_sink *k, struct error *err)
{
	struct import_input *in = import_inputs_find(inputs, IMPORT_TASKS);
	struct import_stream *src = import_input_stream(in);
	const char *env = getenv(IMPORTER_MAX_VALUES_ENV);
	struct stream sm = { .k = k, .each = src && !(env && *env) };
	char why[256];
	struct json_limits lim;
	model_tasks_init(&sm.keep);
	k->where_names_file = 1;
	enum status st = jr_limits(in->len, &lim, why, sizeof(why), err);
	if (st == ST_OK) {
		struct native_reader r;
		native_reader_init(&r, in->name, &sm.keep, err);
		if (src)
			st = read_stream_lines(&r, &sm, src, &lim);
		else
			st = read_lines(&r, &sm, in->buf, in->len, &lim);
		enum status finished = native_reader_finish(&r);
		if (st == ST_OK)
			st = finished;
		if (src && import_stream_failed(src, err) != ST_OK) /* the input ended early */
			st = err->status;
	}
	free(in->buf);
	in->buf = NULL;
	return end_stream(&sm, st, err);
}

const struct import_format import_jsonl = {
	"jsonl", "one conversation a line (schemas/conversation.schema.json)", detect_jsonl, read_jsonl,
	feed_jsonl, IMPORT_READS_STREAM,
};
