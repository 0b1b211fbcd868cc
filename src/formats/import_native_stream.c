/* import_native_stream.c - a native task file read from a stream a member
 * at a time, in bounded memory (native.h, json_stream.h): each element of
 * "systems", "collection" and "conversations" is parsed on its own, read by
 * the native reader, put into the import sink and freed. What the memory
 * holds: the largest element and its tree, the systems read so far (the
 * passage and conversation ids, with the digest of each passage's text, to
 * compare, are on disk: store_seen.h), the conversations that name
 * a passage given later in the file (held back for the end), and the
 * members other than these three (read whole).
 *
 * The messages are those of the file read whole: a syntax error or the
 * value limit alone (whatever the elements before it showed); else the
 * problems in the order the reader of a whole file finds them (the
 * document's own, then systems, collection, conversations) whatever the
 * order of the members in the file. Conversations given before "systems"
 * or "collection" (which they may name) are checked as they come and kept
 * in a temporary file until the end of the document, then read. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/import_sink.h"
#include "convqa/importer.h"
#include "convqa/json_stream.h"
#include "import_ahead.h"
#include "import_stream.h"
#include "json_tree.h"
#include "native.h"

/* Where problems go, in the order they are told. */
enum section { SEC_ROOT, SEC_SYSTEMS, SEC_COLLECTION, SEC_CONVERSATIONS, SEC__N };
static const char *const section_key[SEC__N] = { NULL, "systems", "collection", "conversations" };

struct nstream {
	struct import_sink *k;
	struct json_stream js;
	struct error js_err;          /* a syntax error, the value limit */
	struct native_reader r;
	struct model_tasks keep;      /* the systems read so far (native.h) */
	struct model_tasks *pending;  /* conversations naming a passage not yet given */
	size_t n_pending, cap_pending;
	struct error sec_err[SEC__N]; /* each section's problems */
	int sec_n[SEC__N];
	int problems;
	cJSON *skel;                  /* the document's members: what the checks of the root need */
	int seen[SEC__N];
	FILE *spill;                  /* conversations kept for the end: index, length, bytes */
	struct import_ahead *ahead;   /* the reader's queue to the writer, when it runs in a thread
				       * of its own (set by that thread); NULL: put as read */
};

/* Put what element it adds into the sink (the writer's side): its new
 * systems, its passages, its conversation (held back for the end when it
 * names a passage not yet given); it is released (or kept, held back). */
static void put(struct nstream *ns, struct import_ahead *a, struct import_ahead_item *it)
{
	struct import_sink *k = ns->k;
	if (k->st == ST_OK && it->n_systems)
		import_sink_put_systems(k, it->systems, it->n_systems);
	if (k->st == ST_OK)
		import_sink_put_passages(k, it->m.passages, it->m.n_passages);
	if (k->st == ST_OK && it->section == SEC_CONVERSATIONS) {
		if (!import_sink_resolves(k, &it->m.conversations[0]) && k->st == ST_OK) {
			xgrow(&ns->pending, &ns->cap_pending, ns->n_pending + 1, sizeof(*ns->pending));
			ns->pending[ns->n_pending++] = it->m;
			model_tasks_init(&it->m);
		} else {
			import_sink_put_conversation(k, &it->m.conversations[0]);
		}
	}
	import_ahead_item_release(it);
	if (a && k->st != ST_OK)
		import_ahead_stop(a); /* nothing more will be written */
}

/* Whether the writer will write no more (the sink failed). */
static int writer_stopped(struct nstream *ns)
{
	return ns->ahead ? import_ahead_stopped(ns->ahead) : ns->k->st != ST_OK;
}

/* Read v (len bytes of JSON), element i of section sec, with its problems
 * in that section; what it adds goes to the writer (put() now, or through
 * the reader's queue) unless the file showed a problem. */
static void element(struct nstream *ns, enum section sec, size_t i, cJSON *v, size_t len)
{
	struct native_reader *r = &ns->r;
	struct import_ahead_item it = { .section = sec, .bytes = len };
	size_t n_systems = ns->keep.n_systems;
	model_tasks_init(&it.m);
	jr_keep(&it.m, v);
	r->m = &it.m;
	r->jr.err = &ns->sec_err[sec];
	r->jr.n_errors = ns->sec_n[sec];
	json_path_key(&r->jr.path, section_key[sec]);
	json_path_index(&r->jr.path, i);
	if (sec == SEC_SYSTEMS)
		native_read_system(r, v);
	else if (sec == SEC_COLLECTION)
		native_read_passage(r, v);
	else
		native_read_conversation(r, v);
	json_path_pop(&r->jr.path);
	json_path_pop(&r->jr.path);
	ns->problems += r->jr.n_errors - ns->sec_n[sec];
	ns->sec_n[sec] = r->jr.n_errors;
	r->m = &ns->keep;
	if (ns->problems || writer_stopped(ns)) { /* nothing more will be written: nothing kept */
		model_tasks_release(&it.m);
		return;
	}
	if (ns->ahead && sec == SEC_COLLECTION && ns->keep.n_systems == n_systems) {
		import_ahead_put_passages(ns->ahead, sec, it.m.passages, it.m.n_passages);
		model_tasks_release(&it.m);
		return;
	}
	if (ns->keep.n_systems > n_systems) { /* (systems is NULL before the first); copied: keep grows */
		it.n_systems = ns->keep.n_systems - n_systems;
		it.systems = xmalloc(it.n_systems * sizeof(*it.systems));
		memcpy(it.systems, ns->keep.systems + n_systems, it.n_systems * sizeof(*it.systems));
	}
	if (ns->ahead)
		import_ahead_put(ns->ahead, &it);
	else
		put(ns, NULL, &it);
}

/* A conversation kept for the end of the document. */
static enum status spill(struct nstream *ns, size_t i, const char *text, size_t len)
{
	if (!ns->spill && !(ns->spill = tmpfile()))
		return error_set(&ns->js_err, ST_IO, "cannot create a temporary file: %s", strerror(errno));
	if (fwrite(&i, sizeof(i), 1, ns->spill) != 1 || fwrite(&len, sizeof(len), 1, ns->spill) != 1 ||
	    fwrite(text, 1, len, ns->spill) != len)
		return error_set(&ns->js_err, ST_IO, "cannot write a temporary file: %s", strerror(errno));
	return ST_OK;
}

/* The conversations kept, read in their order. */
static enum status unspill(struct nstream *ns)
{
	size_t i, len;
	if (!ns->spill)
		return ST_OK;
	rewind(ns->spill);
	while (fread(&i, sizeof(i), 1, ns->spill) == 1 && fread(&len, sizeof(len), 1, ns->spill) == 1) {
		char *text = xmalloc(len ? len : 1);
		if (fread(text, 1, len, ns->spill) != len) {
			free(text);
			break;
		}
		cJSON *v = json_tree(text, len); /* checked as it was read */
		free(text);
		if (!v)
			return error_set(&ns->js_err, ST_IO, "%s: cannot parse JSON (out of memory?)", ns->r.jr.name);
		element(ns, SEC_CONVERSATIONS, i, v, len);
	}
	if (ferror(ns->spill))
		return error_set(&ns->js_err, ST_IO, "cannot read a temporary file: %s", strerror(errno));
	return ST_OK;
}

/* The elements of array member sec, read (or kept) as they come; the
 * skeleton gets an array with as many items as the check of its size needs. */
static enum status walk_array(struct nstream *ns, enum section sec)
{
	struct json_stream *js = &ns->js;
	int more, keep = sec == SEC_CONVERSATIONS && !(ns->seen[SEC_SYSTEMS] && ns->seen[SEC_COLLECTION]);
	size_t i = 0;
	if (json_stream_open(js) != ST_OK)
		return js->failed;
	for (; (more = json_stream_more(js, i == 0)) == 1; i++) {
		cJSON *v;
		const char *text;
		size_t len;
		if (json_stream_value(js, keep ? NULL : &v, NULL, &text, &len) != ST_OK)
			return js->failed;
		if (keep && spill(ns, i, text, len) != ST_OK)
			return ST_IO;
		if (!keep)
			element(ns, sec, i, v, len);
	}
	if (more < 0)
		return js->failed;
	cJSON *a = cJSON_CreateArray();
	if (i)
		cJSON_AddItemToArray(a, cJSON_CreateNull());
	cJSON_AddItemToObject(ns->skel, section_key[sec], a);
	return ST_OK;
}

static enum section section_of(const char *key)
{
	for (int s = SEC_SYSTEMS; s < SEC__N; s++)
		if (strcmp(key, section_key[s]) == 0)
			return (enum section)s;
	return SEC_ROOT;
}

/* One member of the document: an array to walk, or a value taken whole. */
static enum status member(struct nstream *ns, const char *key)
{
	enum section sec = section_of(key);
	int first = !cJSON_GetObjectItemCaseSensitive(ns->skel, key);
	cJSON *v = NULL;
	if (sec != SEC_ROOT && first) {
		ns->seen[sec] = 1;
		if (json_stream_peek(&ns->js) == '[')
			return walk_array(ns, sec);
	}
	int wanted = first && (sec != SEC_ROOT || strcmp(key, "format") == 0 || strcmp(key, "version") == 0);
	if (json_stream_value(&ns->js, wanted ? &v : NULL, NULL, NULL, NULL) != ST_OK)
		return ns->js.failed;
	cJSON_AddItemToObject(ns->skel, key, v ? v : cJSON_CreateNull());
	return ST_OK;
}

/* The document's object, from its '{' to the end of the input. */
static enum status walk(struct nstream *ns)
{
	struct json_stream *js = &ns->js;
	int more;
	if (json_stream_open(js) != ST_OK)
		return js->failed;
	for (int first = 1; (more = json_stream_more(js, first)) == 1; first = 0) {
		char *key;
		if (json_stream_key(js, &key) != ST_OK)
			return js->failed;
		enum status st = member(ns, key);
		free(key);
		if (st != ST_OK)
			return st;
	}
	if (more < 0)
		return js->failed;
	return json_stream_end(js);
}

/* The checks of the document itself and of its members' kinds, each in
 * its section (as the reader of a whole file makes them). */
static void check_root(struct nstream *ns)
{
	struct json_reader *jr = &ns->r.jr;
	for (int s = SEC_ROOT; s < SEC__N; s++) {
		jr->err = &ns->sec_err[s];
		jr->n_errors = ns->sec_n[s];
		if (s == SEC_ROOT) {
			jr_object(jr, ns->skel, native_doc_keys, "a convqa task file");
			native_read_header(&ns->r, ns->skel);
		} else {
			/* before the elements' problems: a member that is no array has none */
			struct error later = ns->sec_err[s];
			int n_later = ns->sec_n[s];
			error_clear(jr->err);
			jr->n_errors = 0;
			jr_array_member(jr, ns->skel, section_key[s], s == SEC_CONVERSATIONS, s == SEC_CONVERSATIONS);
			if (!jr->n_errors) {
				ns->sec_err[s] = later;
				jr->n_errors = n_later;
			}
		}
		ns->problems += jr->n_errors - ns->sec_n[s];
		ns->sec_n[s] = jr->n_errors;
	}
}

/* The sections' problems into err, the first JR_MAX_MESSAGES of them in
 * order, then how many more (jr_finish()'s line). */
static void gather(struct nstream *ns, struct error *err)
{
	struct json_reader out;
	jr_init(&out, ns->r.jr.name, err);
	for (int s = 0; s < SEC__N; s++) {
		char *line = ns->sec_err[s].msg, *nl;
		for (int i = 0; i < ns->sec_n[s]; i++, line = nl + 1) {
			if (i < JR_MAX_MESSAGES) {
				nl = strchr(line, '\n');
				if (nl)
					*nl = '\0';
				jr_message(&out, line);
				if (!nl)
					nl = line + strlen(line) - 1;
			} else {
				out.n_errors++;
				nl = line - 1;
			}
		}
	}
	jr_finish(&out);
}

/* A document that is no object: read whole, for the messages of a file
 * read whole (what it is, or where its syntax fails). The bytes read so far
 * are still in the window (json_stream.keep_all). */
static enum status not_an_object(struct nstream *ns, struct import_input *in, struct error *err)
{
	char *rest;
	size_t n;
	enum status st = import_stream_slurp_rest(import_input_stream(in), &rest, &n, err);
	if (st != ST_OK) {
		import_sink_abort(ns->k);
		return st;
	}
	struct import_input whole = { in->name, xmalloc(ns->js.end + n + 1), ns->js.end + n, NULL };
	memcpy(whole.buf, ns->js.buf, ns->js.end);
	memcpy(whole.buf + ns->js.end, rest, n);
	whole.buf[whole.len] = '\0';
	free(rest);
	return native_feed_buffer(&whole, ns->k, err);
}

/* The end: the held-back conversations put (a passage still unknown is the
 * sink's message), the sink ended; or aborted when there was a problem. */
static enum status end(struct nstream *ns, enum status st, struct error *err)
{
	for (size_t i = 0; i < ns->n_pending; i++) {
		if (st == ST_OK)
			import_sink_put_conversation(ns->k, &ns->pending[i].conversations[0]);
		model_tasks_release(&ns->pending[i]);
	}
	free(ns->pending);
	if (st == ST_OK)
		st = import_sink_end(ns->k, err);
	else
		import_sink_abort(ns->k);
	return st;
}

static void release(struct nstream *ns)
{
	native_reader_finish(&ns->r);
	model_tasks_release(&ns->keep);
	cJSON_Delete(ns->skel);
	json_stream_release(&ns->js);
	if (ns->spill)
		fclose(ns->spill);
}

/* Walk the document, then its checks; the problems, if any, into err. */
static enum status read_all(struct nstream *ns, struct import_input *in, struct error *err)
{
	enum status st = walk(ns);
	if (st == ST_OK)
		st = unspill(ns);
	if (import_stream_failed(import_input_stream(in), err) != ST_OK) /* the input ended early: not its syntax */
		return err->status;
	if (st != ST_OK) {
		*err = ns->js_err;
		return st;
	}
	if (jr_other_convqa_file(ns->r.jr.name, ns->skel, "convqa-tasks", err) != ST_OK)
		return ST_INPUT;
	check_root(ns);
	if (!ns->problems)
		return ST_OK;
	gather(ns, err);
	return ST_INPUT;
}

/* read_all() in the reader's thread (import_ahead.h). */
struct reading {
	struct nstream *ns;
	struct import_input *in;
	struct error *err;
	enum status st;
};

static void read_ahead(struct import_ahead *a, void *ctx)
{
	struct reading *rd = ctx;
	rd->ns->ahead = a;
	rd->st = read_all(rd->ns, rd->in, rd->err);
}

/* Whether the input is read in a thread of its own, ahead of the writer:
 * when it is IMPORTER_THREAD_BYTES or more (or the environment's number
 * of bytes), or of a size not known (a pipe). */
static int reads_ahead(struct import_input *in)
{
	const char *env = getenv(IMPORTER_THREAD_BYTES_ENV);
	char *end;
	long long min = IMPORTER_THREAD_BYTES, size = import_stream_size(import_input_stream(in));
	if (env && *env) {
		long long v = strtoll(env, &end, 10);
		if (!*end && v >= 0)
			min = v;
	}
	return size < 0 || size >= min;
}

/* Read the document and put what it adds: in two threads, the reader's
 * and this one, the writer (import_ahead.h); or in this one. */
static enum status read_and_put(struct nstream *ns, struct import_input *in, struct error *err)
{
	struct reading rd = { ns, in, err, ST_OK };
	struct import_ahead *a = NULL;
	struct import_ahead_item it;
	if (!reads_ahead(in) || !import_ahead_start(&a, read_ahead, &rd))
		return read_all(ns, in, err);
	while (import_ahead_take(a, &it))
		put(ns, a, &it);
	import_ahead_finish(a);
	ns->ahead = NULL;
	return rd.st;
}

enum status native_feed_stream(struct import_input *in, struct import_sink *k, struct error *err)
{
	char why[256];
	struct json_limits lim;
	const char *env = getenv(IMPORTER_MAX_VALUES_ENV);
	enum status st = jr_limits(0, &lim, why, sizeof(why), err);
	if (st != ST_OK) {
		import_sink_abort(k);
		return st;
	}
	struct nstream ns = { .k = k };
	/* with the variable, the limit is the document's (as when read whole);
	 * else what the memory holds limits each element, all it holds at once */
	json_stream_init(&ns.js, in->name, import_stream_read, import_input_stream(in), &lim, !(env && *env), &ns.js_err);
	ns.js.keep_all = 1;
	if (json_stream_start(&ns.js) != '{') {
		st = not_an_object(&ns, in, err);
		json_stream_release(&ns.js);
		return st;
	}
	ns.js.keep_all = 0;
	model_tasks_init(&ns.keep);
	native_reader_init(&ns.r, in->name, &ns.keep, &ns.sec_err[SEC_ROOT]);
	for (int s = 0; s < SEC__N; s++)
		error_clear(&ns.sec_err[s]);
	ns.skel = cJSON_CreateObject();
	st = read_and_put(&ns, in, err);
	st = end(&ns, st, err);
	release(&ns);
	return st;
}
