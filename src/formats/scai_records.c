/* scai_records.c - the JSON arrays of turn records that QReCC and the
 * SCAI-QReCC shared task use (scai_records.h): read an element at a time,
 * kept compact, grouped by conversation and sorted by turn. */
#include "scai_records.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/collection.h"
#include "convqa/strbuf.h"
#include "convqa/strmap.h"


void scai_reader_init(struct scai_reader *r, const char *name, const struct scai_shape *shape, const void *ctx,
		      struct model_tasks *arena, struct error *err)
{
	memset(r, 0, sizeof(*r));
	jr_init(&r->jr, name, err);
	model_tasks_init(&r->own);
	r->m = arena ? arena : &r->own;
	r->shape = shape;
	r->ctx = ctx;
}

void *scai_reader_rec(const struct scai_reader *r, size_t i)
{
	return r->recs + i * r->shape->size;
}

/* obj's integer member key, from min to max, into *out; 0 and a problem
 * when it is missing or not such a number. */
int scai_integer(struct scai_reader *r, const cJSON *obj, const char *key, double min, double max, long *out)
{
	const cJSON *v = jr_member(&r->jr, obj, key, 1);
	if (!v)
		return 0;
	json_path_key(&r->jr.path, key);
	int ok = cJSON_IsNumber(v) && v->valuedouble == floor(v->valuedouble) && v->valuedouble >= min &&
		 v->valuedouble <= max;
	if (ok)
		*out = (long)v->valuedouble;
	else if (cJSON_IsNumber(v) && isfinite(v->valuedouble))
		jr_problem(&r->jr, "expected an integer from %.0f to %.0f, got %.15g", min, max, v->valuedouble);
	else
		jr_problem(&r->jr, "expected an integer from %.0f to %.0f, got %s", min, max,
			   cJSON_IsNumber(v) ? "a number out of range" : jr_type_name(v));
	json_path_pop(&r->jr.path);
	return ok;
}

void *scai_reader_push(struct scai_reader *r, long conv, long turn, size_t i)
{
	const struct scai_shape *sh = r->shape;
	struct scai_key k = { conv, turn, i };
	xgrow(&r->recs, &r->cap, (r->n + 1) * sh->size, 1);
	void *rec = scai_reader_rec(r, r->n);
	memset(rec, 0, sh->size);
	memcpy(rec, &k, sizeof(k));
	return rec;
}

/* One element of the array: checked, and kept when its turn is known. */
static void each(void *ctx, size_t i, cJSON *v)
{
	struct scai_reader *r = ctx;
	const struct scai_shape *sh = r->shape;
	json_path_index(&r->jr.path, i);
	if (sh->element) {
		sh->element(r, v, i);
	} else if (jr_object(&r->jr, v, sh->keys, sh->record) == 0) {
		long conv = 0, turn = 0;
		int ok = scai_integer(r, v, "Conversation_no", 0, SCAI_CONV_MAX, &conv);
		ok &= scai_integer(r, v, "Turn_no", 1, SCAI_TURN_MAX, &turn);
		sh->read(r, v, scai_reader_push(r, conv, turn, i));
		if (ok)
			r->n++;
	}
	json_path_pop(&r->jr.path);
	cJSON_Delete(v);
}

static int by_turn(const void *a, const void *b)
{
	const struct scai_key *x = a, *y = b;
	if (x->conv != y->conv)
		return (x->conv > y->conv) - (x->conv < y->conv);
	if (x->turn != y->turn)
		return (x->turn > y->turn) - (x->turn < y->turn);
	return (x->i > y->i) - (x->i < y->i);
}

/* Two records of one turn: a problem at the later one. */
static void duplicates(struct scai_reader *r)
{
	for (size_t j = 1; j < r->n; j++) {
		const struct scai_key *a = scai_reader_rec(r, j - 1), *b = scai_reader_rec(r, j);
		if (a->conv != b->conv || a->turn != b->turn)
			continue;
		const struct scai_key *first = a;
		for (size_t f = j - 1; f > 0; f--) { /* the first record of the turn */
			const struct scai_key *p = scai_reader_rec(r, f - 1);
			if (p->conv != b->conv || p->turn != b->turn)
				break;
			first = p;
		}
		json_path_index(&r->jr.path, b->i);
		const struct scai_shape *sh = r->shape;
		jr_problem(&r->jr, "%s %ld of %s %ld is given twice (also at $[%zu])", sh->turn_name ? sh->turn_name : "Turn_no",
			   b->turn, sh->conv_name ? sh->conv_name : "Conversation_no", b->conv, first->i);
		json_path_pop(&r->jr.path);
	}
}

enum status scai_reader_read(struct scai_reader *r, struct import_input *in)
{
	char why[256];
	struct json_limits lim;
	enum status st = jr_limits(in->len, &lim, why, sizeof(why), r->jr.err);
	if (st == ST_OK)
		st = json_parse_array(r->jr.name, in->buf, in->len, &lim, r->shape->document, each, r, r->jr.err);
	free(in->buf); /* the records hold copies of what they keep */
	in->buf = NULL;
	if (st != ST_OK) { /* a syntax error, the value limit, not an array: that message alone */
		r->jr.n_errors = 0;
		json_path_release(&r->jr.path);
		return st;
	}
	if (r->n)
		qsort(r->recs, r->n, r->shape->size, by_turn);
	duplicates(r);
	return jr_finish(&r->jr);
}

size_t scai_reader_group(const struct scai_reader *r, size_t a)
{
	const struct scai_key *k = scai_reader_rec(r, a);
	size_t b = a + 1;
	while (b < r->n && ((const struct scai_key *)scai_reader_rec(r, b))->conv == k->conv)
		b++;
	return b;
}

void scai_reader_release(struct scai_reader *r)
{
	free(r->recs);
	r->recs = NULL;
	r->n = r->cap = 0;
	model_tasks_release(&r->own);
}

void scai_conversation(const struct scai_reader *r, size_t a, size_t b, struct model_conversation *c,
		       struct model_tasks *m)
{
	const struct scai_key *k = scai_reader_rec(r, a);
	memset(c, 0, sizeof(*c));
	c->id = model_printf(m, "%ld", k->conv);
	c->where = model_printf(m, "$[%zu]", k->i);
	c->n_turns = b - a;
	c->turns = xcalloc(c->n_turns, sizeof(*c->turns));
	for (size_t i = a; i < b; i++) {
		const struct scai_key *t = scai_reader_rec(r, i);
		c->turns[i - a].position = (int)t->turn;
		c->turns[i - a].where = model_printf(m, "$[%zu]", t->i);
	}
}

/* Conversation a..b-1 appended to m->conversations, filled. */
static void add_group(const struct scai_reader *r, size_t a, size_t b, scai_fill_fn *fill, struct model_tasks *m)
{
	xgrow(&m->conversations, &m->cap_conversations, m->n_conversations + 1, sizeof(*m->conversations));
	struct model_conversation *c = &m->conversations[m->n_conversations++];
	scai_conversation(r, a, b, c, m);
	fill(r, a, b, c, m);
}

/* Leave out of m the systems put into k before (the records of every
 * conversation name the run's system), and passages given twice in m
 * (passages recur; one put into k before is put again, and counted once:
 * import_sink.h). */
static void drop_put(struct model_tasks *m, struct import_sink *k)
{
	size_t n = 0;
	for (size_t i = 0; i < m->n_systems; i++)
		if (!strmap_get(&k->systems, m->systems[i].id))
			m->systems[n++] = m->systems[i];
	m->n_systems = n;
	struct strmap seen = STRMAP_INIT;
	n = 0;
	for (size_t i = 0; i < m->n_passages; i++)
		if (strmap_put(&seen, m->passages[i].id, i, NULL))
			m->passages[n++] = m->passages[i];
	m->n_passages = n;
	strmap_release(&seen);
}

enum status scai_feed(struct import_inputs *in, struct import_sink *k, const struct scai_shape *shape,
		      scai_fill_fn *fill, const void *ctx, struct error *err)
{
	struct import_input *tasks = import_inputs_find(in, IMPORT_TASKS);
	struct scai_reader r;
	scai_reader_init(&r, tasks->name, shape, ctx, NULL, err);
	enum status st = scai_reader_read(&r, tasks);
	if (st != ST_OK) {
		import_sink_abort(k);
		scai_reader_release(&r);
		return st;
	}
	for (size_t a = 0, b; a < r.n && k->st == ST_OK; a = b) {
		struct model_tasks one; /* a conversation at a time */
		model_tasks_init(&one);
		b = scai_reader_group(&r, a);
		add_group(&r, a, b, fill, &one);
		drop_put(&one, k);
		import_sink_put_model(k, &one);
		model_tasks_release(&one);
	}
	/* the texts of the passages put by id (a refusal of the sink stays in it) */
	st = collection_end(k, in, err);
	scai_reader_release(&r); /* the sink borrowed the ids of the passages */
	return st;
}

enum status scai_read_model(struct import_input *in, struct model_tasks *m, const struct scai_shape *shape,
			    scai_fill_fn *fill, const void *ctx, struct error *err)
{
	struct scai_reader r;
	scai_reader_init(&r, in->name, shape, ctx, m, err);
	enum status st = scai_reader_read(&r, in);
	for (size_t a = 0, b; st == ST_OK && a < r.n; a = b) {
		b = scai_reader_group(&r, a);
		add_group(&r, a, b, fill, m);
	}
	scai_reader_release(&r);
	return st;
}

const char *scai_metadata(struct model_tasks *m, const char *const *kv)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; kv[i]; i += 2) {
		if (!kv[i + 1] || !kv[i + 1][0])
			continue;
		strbuf_adds(&sb, sb.len ? "," : "{");
		json_quote(&sb, kv[i]);
		strbuf_adds(&sb, ":");
		json_quote(&sb, kv[i + 1]);
	}
	const char *s = NULL;
	if (sb.len) {
		strbuf_adds(&sb, "}");
		s = model_strdup(m, strbuf_str(&sb));
	}
	strbuf_release(&sb);
	return s;
}

const char *scai_string(struct scai_reader *r, const cJSON *obj, const char *key)
{
	const cJSON *v = jr_member(&r->jr, obj, key, 0);
	if (!v || cJSON_IsNull(v))
		return NULL;
	json_path_key(&r->jr.path, key);
	const char *s = jr_string(&r->jr, v, 0);
	json_path_pop(&r->jr.path);
	return s ? model_strdup(r->m, s) : NULL;
}

/* ---- detection ------------------------------------------------------------ */

/* How far detection reads into the first record. */
#define SCAI_DETECT_BYTES (1u << 20)

static size_t skip_ws(const char *buf, size_t len, size_t i)
{
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' || buf[i] == '\r'))
		i++;
	return i;
}

/* Past the string that begins at buf[i] ('"'), or len. */
static size_t skip_string(const char *buf, size_t len, size_t i)
{
	for (i++; i < len && buf[i] != '"'; i++)
		if (buf[i] == '\\')
			i++;
	return i < len ? i + 1 : len;
}

/* Past the value that begins at buf[i], or len (no syntax check: the
 * reader does it). */
static size_t skip_value(const char *buf, size_t len, size_t i)
{
	if (i < len && buf[i] == '"')
		return skip_string(buf, len, i);
	if (i < len && (buf[i] == '{' || buf[i] == '[')) {
		int depth = 0;
		while (i < len) {
			char c = buf[i];
			if (c == '"') {
				i = skip_string(buf, len, i);
				continue;
			}
			depth += (c == '{' || c == '[') - (c == '}' || c == ']');
			i++;
			if (depth == 0)
				return i;
		}
		return len;
	}
	while (i < len && !strchr(",}] \t\r\n", buf[i]))
		i++;
	return i;
}

int scai_detect(const char *buf, size_t len, const char *const *all)
{
	size_t i = len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0, n_all = 0;
	unsigned found = 0;
	while (all[n_all])
		n_all++;
	if (len > SCAI_DETECT_BYTES)
		len = SCAI_DETECT_BYTES;
	i = skip_ws(buf, len, i);
	if (i >= len || buf[i] != '[')
		return 0;
	i = skip_ws(buf, len, i + 1);
	if (i >= len || buf[i] != '{')
		return 0;
	for (i = skip_ws(buf, len, i + 1); i < len && buf[i] == '"';) {
		size_t end = skip_string(buf, len, i), n = end - i - 2;
		for (size_t k = 0; k < n_all && end < len; k++)
			if (strlen(all[k]) == n && memcmp(all[k], buf + i + 1, n) == 0)
				found |= 1u << k;
		i = skip_ws(buf, len, end);
		if (i >= len || buf[i] != ':')
			return 0;
		i = skip_ws(buf, len, skip_value(buf, len, skip_ws(buf, len, i + 1)));
		if (i < len && buf[i] == ',')
			i = skip_ws(buf, len, i + 1);
	}
	return n_all && found == (1u << n_all) - 1;
}
