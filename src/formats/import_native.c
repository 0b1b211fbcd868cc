/* import_native.c - the native task format (schemas/tasks.schema.json) into
 * the model, checking everything the schema says and what it cannot say
 * (unique ids and ranks, references between passages). Its conversation
 * reader serves the JSONL format too (native.h). */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/hash.h"
#include "convqa/import_sink.h"
#include "convqa/importer.h"
#include "convqa/store_seen.h"
#include "convqa/strbuf.h"
#include "native.h"

static const char *metadata_member(struct native_reader *r, const cJSON *obj)
{
	const cJSON *v = jr_member(&r->jr, obj, "metadata", 0);
	if (!v)
		return NULL;
	if (!cJSON_IsObject(v)) {
		json_path_key(&r->jr.path, "metadata");
		jr_problem(&r->jr, "expected an object, got %s", jr_type_name(v));
		json_path_pop(&r->jr.path);
		return NULL;
	}
	char *s = cJSON_PrintUnformatted(v);
	char *copy = model_strdup(r->m, s);
	cJSON_free(s);
	return copy;
}

static const char *where(struct native_reader *r)
{
	return jr_where(&r->jr, r->m);
}

/* s as r->keep holds it: a copy when r->keep is not r->m (a stream). */
static const char *own(struct native_reader *r, const char *s)
{
	return s && r->keep != r->m ? model_strdup(r->keep, s) : s;
}

/* ---- systems -------------------------------------------------------- */

/* Whether id, obj's member key, can name a system (model_system_name_problem);
 * else a problem at its path. */
static int system_name_ok(struct native_reader *r, const char *key, const char *id)
{
	const char *why = model_system_name_problem(id);
	if (!why)
		return 1;
	json_path_key(&r->jr.path, key);
	jr_problem(&r->jr, "%s", why);
	json_path_pop(&r->jr.path);
	return 0;
}

void native_read_system(struct native_reader *r, const cJSON *v)
{
	static const char *const keys[] = { "id", "description", NULL };
	struct model_tasks *k = r->keep;
	if (jr_object(&r->jr, v, keys, "a system") < 0)
		return;
	const char *id = jr_string_member(&r->jr, v, "id", 1, 1);
	const char *desc = jr_string_member(&r->jr, v, "description", 0, 0);
	if (!id || !system_name_ok(r, "id", id))
		return;
	size_t *old;
	id = own(r, id);
	if (!strmap_put(&r->systems, id, k->n_systems, &old)) {
		jr_problem(&r->jr, "duplicate system id \"%s\" (also at %s)", id, k->systems[*old].where);
		return;
	}
	xgrow(&k->systems, &k->cap_systems, k->n_systems + 1, sizeof(*k->systems));
	k->systems[k->n_systems++] = (struct model_system){ id, own(r, desc), own(r, where(r)) };
}

static void read_systems(struct native_reader *r, const cJSON *arr)
{
	size_t i = 0;
	for (const cJSON *v = arr ? arr->child : NULL; v; v = v->next, i++) {
		json_path_index(&r->jr.path, i);
		native_read_system(r, v);
		json_path_pop(&r->jr.path);
	}
}

/* A response naming a system not in "systems" creates it. */
static void system_used(struct native_reader *r, const char *id)
{
	struct model_tasks *k = r->keep;
	if (strmap_get(&r->systems, id))
		return;
	id = own(r, id);
	xgrow(&k->systems, &k->cap_systems, k->n_systems + 1, sizeof(*k->systems));
	strmap_put(&r->systems, id, k->n_systems, NULL);
	k->systems[k->n_systems++] = (struct model_system){ id, NULL, own(r, where(r)) };
}

/* ---- passages ------------------------------------------------------- */

static int same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* The passage for the sink, with its text, in the line's model (a stream). */
static void put_line_passage(struct native_reader *r, const char *id, const char *title, const char *url,
			     const char *text, const char *at)
{
	struct model_tasks *line = r->m;
	xgrow(&line->passages, &line->cap_passages, line->n_passages + 1, sizeof(*line->passages));
	line->passages[line->n_passages++] = (struct model_passage){ id, title, url, text, at, 0 };
}

/* A stream's record of a passage seen (store_seen.h): a byte of flags
 * (SEEN_*), the digest of its text (64 hex digits, or none), then where,
 * title and url, each ended by a NUL. */
enum { SEEN_TEXT = 1, SEEN_TITLE = 2, SEEN_URL = 4 };
enum { SEEN_PASSAGES, SEEN_CONVERSATIONS };

static void seen_encode(struct strbuf *b, const char *digest, const char *where, const char *title,
			const char *url)
{
	strbuf_reset(b);
	strbuf_addc(b, (char)((digest ? SEEN_TEXT : 0) | (title ? SEEN_TITLE : 0) | (url ? SEEN_URL : 0)));
	if (digest)
		strbuf_add(b, digest, 64);
	strbuf_add(b, where, strlen(where) + 1);
	if (title)
		strbuf_add(b, title, strlen(title) + 1);
	if (url)
		strbuf_add(b, url, strlen(url) + 1);
}

struct seen_passage {
	const char *digest, *where, *title, *url; /* NULL when none */
};

static void seen_decode(const char *v, struct seen_passage *p)
{
	unsigned flags = (unsigned char)v[0];
	const char *at = v + 1;
	p->digest = flags & SEEN_TEXT ? at : NULL;
	at += flags & SEEN_TEXT ? 64 : 0;
	p->where = at;
	at += strlen(at) + 1;
	p->title = flags & SEEN_TITLE ? at : NULL;
	at += flags & SEEN_TITLE ? strlen(at) + 1 : 0;
	p->url = flags & SEEN_URL ? at : NULL;
}

/* Record key in the stream's table of seen ids (opened with the first):
 * 1 new, 0 seen (*old its record), -1 failed (a problem told). */
static int seen_put(struct native_reader *r, int kind, const char *key, const struct strbuf *v, const void **old)
{
	struct error err;
	size_t len;
	int rc = -1;
	if (r->seen || store_seen_open(&r->seen, &err) == ST_OK)
		rc = store_seen_put(r->seen, kind, key, strbuf_str(v), v->len, old, &len, &err);
	if (rc < 0)
		jr_problem(&r->jr, "%s", err.msg);
	return rc;
}

/* add_passage() for a stream: the ids seen are checked against the table
 * of seen ids, not kept in memory; the passage goes to the line's model. */
static const char *add_stream_passage(struct native_reader *r, const char *id, const char *title, const char *url,
				      const char *text, int from_collection)
{
	char digest[65] = "";
	const void *old;
	struct strbuf b = STRBUF_INIT;
	id = id ? model_strdup(r->m, id) : model_passage_hash_id(r->m, text);
	if (text)
		hash_sha256_hex(text, strlen(text), digest);
	const char *at = where(r);
	seen_encode(&b, text ? digest : NULL, at, title, url);
	int rc = seen_put(r, SEEN_PASSAGES, id, &b, &old);
	if (rc == 1)
		put_line_passage(r, id, title, url, text, at);
	if (rc == 0) {
		struct seen_passage p;
		seen_decode(old, &p);
		if (from_collection)
			jr_problem(&r->jr, "duplicate passage id \"%s\" (also at %s)", id, p.where);
		else if (!p.digest) { /* known by id only so far: the inline passage gives its text */
			seen_encode(&b, digest, p.where, p.title, p.url);
			struct error err;
			if (store_seen_set(r->seen, SEEN_PASSAGES, id, strbuf_str(&b), b.len, &err) != ST_OK)
				jr_problem(&r->jr, "%s", err.msg);
			put_line_passage(r, id, title, url, text, at);
		} else if (!text || memcmp(p.digest, digest, 64) != 0)
			jr_problem(&r->jr, "passage \"%s\" has a different text at %s", id, p.where);
		else if (!same(p.title, title) && title)
			jr_problem(&r->jr, "passage \"%s\" has a different title at %s", id, p.where);
		else if (!same(p.url, url) && url)
			jr_problem(&r->jr, "passage \"%s\" has a different url at %s", id, p.where);
	}
	strbuf_release(&b);
	return id;
}

/* Add a passage (collection or inline; text NULL: a collection entry known
 * by id only); returns its id or NULL. */
static const char *add_passage(struct native_reader *r, const char *id, const char *title, const char *url,
			       const char *text, int from_collection)
{
	struct model_tasks *m = r->keep;
	if (r->keep != r->m)
		return add_stream_passage(r, id, title, url, text, from_collection);
	id = id ? id : model_passage_hash_id(m, text);
	size_t *old;
	if (!strmap_put(&r->passages, id, m->n_passages, &old)) {
		struct model_passage *p = &m->passages[*old];
		if (from_collection)
			jr_problem(&r->jr, "duplicate passage id \"%s\" (also at %s)", id, p->where);
		else if (!p->text) /* known by id only so far: the inline passage gives its text */
			p->text = text;
		else if (!same(p->text, text))
			jr_problem(&r->jr, "passage \"%s\" has a different text at %s", id, p->where);
		else if (!same(p->title, title) && title)
			jr_problem(&r->jr, "passage \"%s\" has a different title at %s", id, p->where);
		else if (!same(p->url, url) && url)
			jr_problem(&r->jr, "passage \"%s\" has a different url at %s", id, p->where);
		return id;
	}
	xgrow(&m->passages, &m->cap_passages, m->n_passages + 1, sizeof(*m->passages));
	m->passages[m->n_passages++] = (struct model_passage){ id, title, url, text, where(r), 0 };
	return id;
}

void native_read_passage(struct native_reader *r, const cJSON *v)
{
	static const char *const keys[] = { "id", "title", "url", "text", NULL };
	if (jr_object(&r->jr, v, keys, "a passage") < 0)
		return;
	const char *id = jr_string_member(&r->jr, v, "id", 0, 1);
	const char *title = jr_string_member(&r->jr, v, "title", 0, 0);
	const char *url = jr_string_member(&r->jr, v, "url", 0, 0);
	/* without "text", a passage known by its id only */
	const char *text = jr_string_member(&r->jr, v, "text", 0, 1);
	int has_id = jr_member(&r->jr, v, "id", 0) != NULL;
	int has_text = jr_member(&r->jr, v, "text", 0) != NULL;
	if (!has_id && !has_text)
		jr_problem(&r->jr, "a passage needs \"text\", or \"id\" (a passage known by its id only)");
	else if ((text || !has_text) && (id || !has_id))
		add_passage(r, id, title, url, text, 1);
}

static void read_collection(struct native_reader *r, const cJSON *arr)
{
	size_t i = 0;
	for (const cJSON *v = arr ? arr->child : NULL; v; v = v->next, i++) {
		json_path_index(&r->jr.path, i);
		native_read_passage(r, v);
		json_path_pop(&r->jr.path);
	}
}

/* ---- conversations -------------------------------------------------- */

static void read_ranked(struct native_reader *r, const cJSON *v, struct model_ranked *out)
{
	static const char *const keys[] = { "rank", "score", "id", "title", "url", "text", NULL };
	memset(out, 0, sizeof(*out));
	if (jr_object(&r->jr, v, keys, "a ranked passage") < 0)
		return;
	const cJSON *rank = jr_member(&r->jr, v, "rank", 1);
	if (rank) {
		json_path_key(&r->jr.path, "rank");
		if (!cJSON_IsNumber(rank) || rank->valuedouble != floor(rank->valuedouble) ||
		    rank->valuedouble < 1 || rank->valuedouble > MODEL_RANK_MAX) {
			if (cJSON_IsNumber(rank) && isfinite(rank->valuedouble))
				jr_problem(&r->jr, "expected an integer from 1 to %d, got %.15g", MODEL_RANK_MAX, rank->valuedouble);
			else
				jr_problem(&r->jr, "expected an integer from 1 to %d, got %s", MODEL_RANK_MAX,
					cJSON_IsNumber(rank) ? "a number out of range" : jr_type_name(rank));
		} else {
			out->rank = (long)rank->valuedouble;
		}
		json_path_pop(&r->jr.path);
	}
	const cJSON *score = jr_member(&r->jr, v, "score", 0);
	if (score) {
		json_path_key(&r->jr.path, "score");
		if (!cJSON_IsNumber(score))
			jr_problem(&r->jr, "expected a number, got %s", jr_type_name(score));
		else if (!isfinite(score->valuedouble))
			jr_problem(&r->jr, "expected a finite number, got a number out of range");
		else {
			out->score = score->valuedouble;
			out->has_score = 1;
		}
		json_path_pop(&r->jr.path);
	}
	const char *id = jr_string_member(&r->jr, v, "id", 0, 1);
	const char *title = jr_string_member(&r->jr, v, "title", 0, 0);
	const char *url = jr_string_member(&r->jr, v, "url", 0, 0);
	const char *text = jr_string_member(&r->jr, v, "text", 0, 1);
	int has_id = jr_member(&r->jr, v, "id", 0) != NULL, has_text = jr_member(&r->jr, v, "text", 0) != NULL;
	if (!has_id && !has_text) {
		jr_problem(&r->jr, "a ranked passage needs \"id\" (a passage of the collection) or \"text\" "
				   "(an inline passage)");
		return;
	}
	if (!has_text && (title || url)) {
		jr_problem(&r->jr, "\"title\" and \"url\" belong to inline passages (with \"text\"); "
			   "give them in the collection entry of \"%s\"", id ? id : "");
		return;
	}
	if (text && (id || !has_id))
		out->passage_id = add_passage(r, id, title, url, text, 0);
	else if (id) {
		out->passage_id = id;
		out->where = where(r); /* resolved when writing; needed for the message */
	}
}

struct rank_at {
	long rank;
	size_t i;
};

static int by_rank_then_position(const void *a, const void *b)
{
	const struct rank_at *x = a, *y = b;
	if (x->rank != y->rank)
		return (x->rank > y->rank) - (x->rank < y->rank);
	return (x->i > y->i) - (x->i < y->i);
}

/* A rank, or a passage, may appear once in a response. Sorting keeps this
 * linear-logarithmic for rankings of any length. */
static void check_ranking(struct native_reader *r, const struct model_response *resp)
{
	size_t n = resp->n_ranked;
	struct rank_at *ra = xmalloc((n ? n : 1) * sizeof(*ra));
	struct strmap seen = STRMAP_INIT;
	for (size_t i = 0; i < n; i++)
		ra[i] = (struct rank_at){ resp->ranked[i].rank, i };
	qsort(ra, n, sizeof(*ra), by_rank_then_position);
	for (size_t i = 1; i < n; i++)
		if (ra[i].rank && ra[i].rank == ra[i - 1].rank) {
			size_t first = ra[i - 1].i;
			while (i < n && ra[i].rank == ra[i - 1].rank)
				i++;
			json_path_index(&r->jr.path, ra[i - 1].i);
			json_path_key(&r->jr.path, "rank");
			jr_problem(&r->jr, "duplicate rank %ld in this response (also at passages[%zu])", ra[i - 1].rank, first);
			json_path_pop(&r->jr.path);
			json_path_pop(&r->jr.path);
		}
	for (size_t i = 0; i < n; i++) {
		size_t *first;
		const char *id = resp->ranked[i].passage_id;
		if (id && !strmap_put(&seen, id, i, &first)) {
			json_path_index(&r->jr.path, i);
			jr_problem(&r->jr, "passage \"%s\" is ranked twice in this response (also at passages[%zu])",
				   id, *first);
			json_path_pop(&r->jr.path);
		}
	}
	strmap_release(&seen);
	free(ra);
}

static void read_response(struct native_reader *r, const cJSON *v, struct model_response *out)
{
	static const char *const keys[] = { "system", "answer", "candidates", "rewrite", "passages", "metadata",
					    NULL };
	memset(out, 0, sizeof(*out));
	if (jr_object(&r->jr, v, keys, "a response") < 0)
		return;
	out->where = where(r);
	out->system = jr_string_member(&r->jr, v, "system", 1, 1);
	const char *top;
	int has_candidates = jr_member(&r->jr, v, "candidates", 0) != NULL;
	out->candidates = native_read_candidates(r, v, &top);
	out->answer = jr_string_member(&r->jr, v, "answer", !has_candidates, 0);
	if (!out->answer && !jr_member(&r->jr, v, "answer", 0))
		out->answer = top; /* the top candidate when no answer is given */
	out->rewrite = jr_string_member(&r->jr, v, "rewrite", 0, 1);
	out->metadata = metadata_member(r, v);
	if (out->system && system_name_ok(r, "system", out->system))
		system_used(r, out->system);
	const cJSON *ps = jr_array_member(&r->jr, v, "passages", 0, 0);
	if (!ps)
		return;
	size_t n = (size_t)cJSON_GetArraySize(ps), i = 0;
	out->ranked = xcalloc(n, sizeof(*out->ranked));
	json_path_key(&r->jr.path, "passages");
	for (const cJSON *p = ps->child; p; p = p->next, i++) {
		json_path_index(&r->jr.path, i);
		read_ranked(r, p, &out->ranked[i]);
		json_path_pop(&r->jr.path);
	}
	out->n_ranked = n;
	check_ranking(r, out);
	json_path_pop(&r->jr.path);
}

static const char **string_list(struct native_reader *r, const cJSON *obj, const char *key, size_t *n,
				 int unique)
{
	const cJSON *arr = jr_array_member(&r->jr, obj, key, 0, 0);
	*n = 0;
	if (!arr)
		return NULL;
	const char **out = xcalloc((size_t)cJSON_GetArraySize(arr), sizeof(*out));
	struct strmap seen = STRMAP_INIT;
	size_t i = 0;
	json_path_key(&r->jr.path, key);
	for (const cJSON *v = arr->child; v; v = v->next, i++) {
		json_path_index(&r->jr.path, i);
		const char *s = jr_string(&r->jr, v, 0);   /* "": impossible to answer (SQuAD 2.0) */
		size_t *first;
		if (s && unique && !strmap_put(&seen, s, i, &first)) {
			jr_problem(&r->jr, "\"%s\" is listed twice (also at [%zu])", s, *first);
			s = NULL;
		}
		if (s)
			out[(*n)++] = s;
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
	strmap_release(&seen);
	return out;
}

/* An integer member key of obj from lo to hi: its value, 0 when absent or
 * wrong (a problem at its path). */
static long int_member(struct native_reader *r, const cJSON *obj, const char *key, long lo, long hi)
{
	const cJSON *v = jr_member(&r->jr, obj, key, 0);
	if (!v)
		return 0;
	if (cJSON_IsNumber(v) && v->valuedouble == floor(v->valuedouble) && v->valuedouble >= (double)lo &&
	    v->valuedouble <= (double)hi)
		return (long)v->valuedouble;
	json_path_key(&r->jr.path, key);
	if (cJSON_IsNumber(v) && isfinite(v->valuedouble))
		jr_problem(&r->jr, "expected an integer from %ld to %ld, got %.15g", lo, hi, v->valuedouble);
	else
		jr_problem(&r->jr, "expected an integer from %ld to %ld, got %s", lo, hi,
			   cJSON_IsNumber(v) ? "a number out of range" : jr_type_name(v));
	json_path_pop(&r->jr.path);
	return 0;
}

/* A gold passage: its id, or {"id": ..., "grade": N} (graded relevance);
 * *grade 1 when not given. NULL when wrong (a problem said). */
static const char *gold_passage(struct native_reader *r, const cJSON *v, long *grade)
{
	static const char *const keys[] = { "id", "grade", NULL };
	*grade = 1;
	if (!cJSON_IsObject(v))
		return jr_string(&r->jr, v, 1);
	if (jr_object(&r->jr, v, keys, "a gold passage") < 0)
		return NULL;
	const char *id = jr_string_member(&r->jr, v, "id", 1, 1);
	if (jr_member(&r->jr, v, "grade", 0)) {
		*grade = int_member(r, v, "grade", 1, MODEL_GRADE_MAX);
		if (!*grade)
			return NULL;
	}
	return id;
}

static void read_gold_passages(struct native_reader *r, const cJSON *gold, struct model_turn *t)
{
	const cJSON *arr = jr_array_member(&r->jr, gold, "passages", 0, 0);
	if (!arr)
		return;
	size_t n = (size_t)cJSON_GetArraySize(arr), i = 0;
	const char **ids = xcalloc(n ? n : 1, sizeof(*ids));
	long *grades = xcalloc(n ? n : 1, sizeof(*grades));
	int graded = 0;
	struct strmap seen = STRMAP_INIT;
	json_path_key(&r->jr.path, "passages");
	for (const cJSON *v = arr->child; v; v = v->next, i++) {
		long grade;
		size_t *first;
		json_path_index(&r->jr.path, i);
		const char *id = gold_passage(r, v, &grade);
		if (id && !strmap_put(&seen, id, i, &first)) {
			jr_problem(&r->jr, "\"%s\" is listed twice (also at [%zu])", id, *first);
			id = NULL;
		}
		if (id) {
			graded |= grade != 1;
			grades[t->n_gold_passages] = grade;
			ids[t->n_gold_passages++] = id;
		}
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
	strmap_release(&seen);
	t->gold_passages = ids;
	t->gold_grades = graded ? grades : NULL;
	if (!graded)
		free(grades);
}

static void read_gold(struct native_reader *r, const cJSON *v, struct model_turn *t)
{
	_Static_assert(MODEL_GOLD_INTENTS == 3, "the message below names the gold intents");
	static const char *const keys[] = { "answers", "passages", "intent", NULL };
	json_path_key(&r->jr.path, "gold");
	if (jr_object(&r->jr, v, keys, "gold data") == 0) {
		t->has_gold = 1;
		t->gold_answers = string_list(r, v, "answers", &t->n_gold_answers, 0);
		read_gold_passages(r, v, t);
		const char *intent = jr_string_member(&r->jr, v, "intent", 0, 1);
		if (intent) {
			if (model_gold_intent_index(intent) < 0) {
				json_path_key(&r->jr.path, "intent");
				jr_problem(&r->jr, "expected one of %s, %s, %s, got \"%s\"", model_gold_intent_name(0),
					   model_gold_intent_name(1), model_gold_intent_name(2), intent);
				json_path_pop(&r->jr.path);
			} else {
				t->gold_intent = intent;
			}
		}
	}
	json_path_pop(&r->jr.path);
}

static void read_turn(struct native_reader *r, const cJSON *v, struct model_turn *t, int position)
{
	static const char *const keys[] = { "n", "question", "rewrite", "gold", "responses", "metadata", NULL };
	memset(t, 0, sizeof(*t));
	t->position = position;
	if (jr_object(&r->jr, v, keys, "a turn") < 0)
		return;
	t->where = where(r);
	if (jr_member(&r->jr, v, "n", 0))
		t->position = (int)int_member(r, v, "n", 1, MODEL_TURN_MAX);
	/* "question": null - a turn whose text is not known (given by its
	 * number in a run, say); the member stays required, so that a turn
	 * that forgot its question is still refused */
	const cJSON *q = jr_member(&r->jr, v, "question", 1);
	t->question = !q || cJSON_IsNull(q) ? NULL : jr_string_member(&r->jr, v, "question", 1, 1);
	t->rewrite = jr_string_member(&r->jr, v, "rewrite", 0, 1);
	t->metadata = metadata_member(r, v);
	const cJSON *gold = jr_member(&r->jr, v, "gold", 0);
	if (gold)
		read_gold(r, gold, t);
	const cJSON *rs = jr_array_member(&r->jr, v, "responses", 0, 0);
	if (!rs)
		return;
	size_t n = (size_t)cJSON_GetArraySize(rs), i = 0;
	t->responses = xcalloc(n, sizeof(*t->responses));
	json_path_key(&r->jr.path, "responses");
	for (const cJSON *rv = rs->child; rv; rv = rv->next, i++) {
		json_path_index(&r->jr.path, i);
		read_response(r, rv, &t->responses[i]);
		for (size_t j = 0; j < i && t->responses[i].system; j++)
			if (t->responses[j].system && strcmp(t->responses[j].system, t->responses[i].system) == 0) {
				jr_problem(&r->jr, "a second response of system \"%s\" for this turn (also at responses[%zu])",
					t->responses[i].system, j);
				break;
			}
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
	t->n_responses = n;
}

static void read_turns(struct native_reader *r, const cJSON *turns, struct model_conversation *c)
{
	size_t n = (size_t)cJSON_GetArraySize(turns), j = 0;
	c->turns = xcalloc(n, sizeof(*c->turns));
	json_path_key(&r->jr.path, "turns");
	struct strmap numbers = STRMAP_INIT;
	for (const cJSON *t = turns->child; t; t = t->next, j++) {
		json_path_index(&r->jr.path, j);
		read_turn(r, t, &c->turns[j], (int)j + 1);
		char key[24];
		size_t *first;
		snprintf(key, sizeof(key), "%d", c->turns[j].position);
		if (c->turns[j].position && !strmap_put(&numbers, key, j, &first)) {
			if (jr_member(&r->jr, t, "n", 0))
				json_path_key(&r->jr.path, "n");
			jr_problem(&r->jr, "turn number %d is given twice in this conversation (also turns[%zu]; a turn "
				   "without \"n\" is numbered by its place in the list)", c->turns[j].position, *first);
			if (jr_member(&r->jr, t, "n", 0))
				json_path_pop(&r->jr.path);
		}
		json_path_pop(&r->jr.path);
	}
	strmap_release(&numbers);
	json_path_pop(&r->jr.path);
	c->n_turns = n;
}

const char *const native_conversation_keys[] = { "id", "metadata", "turns", NULL };

void native_read_conversation(struct native_reader *r, const cJSON *v)
{
	struct model_tasks *m = r->m;
	size_t i = m->n_conversations;
	xgrow(&m->conversations, &m->cap_conversations, i + 1, sizeof(*m->conversations));
	struct model_conversation *c = &m->conversations[m->n_conversations++];
	memset(c, 0, sizeof(*c));
	if (jr_object(&r->jr, v, native_conversation_keys, "a conversation") < 0)
		return;
	c->where = where(r);
	c->id = jr_string_member(&r->jr, v, "id", 1, 1);
	c->metadata = metadata_member(r, v);
	size_t *old;
	if (c->id && r->keep != m) { /* a stream: checked against the table of ids seen */
		struct strbuf b = STRBUF_INIT;
		const void *first;
		strbuf_add(&b, c->where, strlen(c->where) + 1);
		if (seen_put(r, SEEN_CONVERSATIONS, c->id, &b, &first) == 0)
			jr_problem(&r->jr, "duplicate conversation id \"%s\" (also at %s)", c->id, (const char *)first);
		strbuf_release(&b);
	} else if (c->id && !strmap_put(&r->conversations, c->id, i, &old)) {
		jr_problem(&r->jr, "duplicate conversation id \"%s\" (also at %s)", c->id, m->conversations[*old].where);
	}
	const cJSON *turns = jr_array_member(&r->jr, v, "turns", 1, 1);
	if (turns)
		read_turns(r, turns, c);
}

/* ---- the document ------------------------------------------------------ */

void native_read_header(struct native_reader *r, const cJSON *root)
{
	jr_header(&r->jr, root, "convqa-tasks");
}

static void read_document(struct native_reader *r, const cJSON *root)
{
	native_read_header(r, root);
	const cJSON *systems = jr_array_member(&r->jr, root, "systems", 0, 0);
	json_path_key(&r->jr.path, "systems");
	read_systems(r, systems);
	json_path_pop(&r->jr.path);
	const cJSON *coll = jr_array_member(&r->jr, root, "collection", 0, 0);
	json_path_key(&r->jr.path, "collection");
	read_collection(r, coll);
	json_path_pop(&r->jr.path);
	const cJSON *convs = jr_array_member(&r->jr, root, "conversations", 1, 1);
	if (!convs)
		return;
	size_t i = 0;
	r->m->conversations = xcalloc((size_t)cJSON_GetArraySize(convs), sizeof(*r->m->conversations));
	r->m->cap_conversations = (size_t)cJSON_GetArraySize(convs);
	json_path_key(&r->jr.path, "conversations");
	for (const cJSON *v = convs->child; v; v = v->next, i++) {
		json_path_index(&r->jr.path, i);
		native_read_conversation(r, v);
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
}

void native_reader_init(struct native_reader *r, const char *name, struct model_tasks *m, struct error *err)
{
	*r = (struct native_reader){ .m = m, .keep = m, .passages = STRMAP_INIT, .systems = STRMAP_INIT,
				     .conversations = STRMAP_INIT };
	jr_init(&r->jr, name, err);
}

enum status native_reader_finish(struct native_reader *r)
{
	store_seen_close(r->seen);
	r->seen = NULL;
	strmap_release(&r->passages);
	strmap_release(&r->systems);
	strmap_release(&r->conversations);
	return jr_finish(&r->jr);
}

#define NOT_A_TASK_FILE NATIVE_NOT_A_TASK_FILE

/* The members of a task file, in the order they are read. */
const char *const native_doc_keys[] = { "format", "version", "systems", "collection", "conversations", NULL };
#define doc_keys native_doc_keys

enum status importer_native_read(const char *name, const cJSON *root, struct model_tasks *m,
				 struct error *err)
{
	struct native_reader r;
	if (jr_other_convqa_file(name, root, "convqa-tasks", err) != ST_OK)
		return ST_INPUT;
	native_reader_init(&r, name, m, err);
	if (!cJSON_IsObject(root))
		jr_problem(&r.jr, "expected a convqa task file (an object), got %s%s", jr_type_name(root),
			   NOT_A_TASK_FILE);
	else if (jr_object(&r.jr, root, doc_keys, "a convqa task file") == 0)
		read_document(&r, root);
	return native_reader_finish(&r);
}

/* ---- the format ---------------------------------------------------------- */

/* A task file's object begins with one of its keys ("format", as a rule). */
static int detect_native(const char *buf, size_t len)
{
	return jr_first_key_in(buf, len, doc_keys);
}

/* Whether buf's first byte (past a byte order mark and white space) can
 * begin a JSON value. */
static int starts_json(const char *buf, size_t len)
{
	size_t i = len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
	while (i < len && buf[i] && strchr(" \t\r\n", buf[i]))
		i++;
	return i == len || (buf[i] && strchr("{[\"-0123456789tfn", buf[i]));
}

enum status native_read_buffer(struct import_input *in, struct model_tasks *m, struct error *err)
{
	struct cJSON *root;
	int json = starts_json(in->buf, in->len);
	enum status st = jr_parse(in, &root, err);
	if (st == ST_INPUT && !json) {
		char msg[sizeof(err->msg)];
		snprintf(msg, sizeof(msg), "%s", err->msg);
		error_set(err, st, "%s%s", msg, NOT_A_TASK_FILE);
	}
	if (st != ST_OK)
		return st;
	jr_keep(m, root);
	return importer_native_read(in->name, root, m, err);
}

enum status native_feed_buffer(struct import_input *tasks, struct import_sink *k, struct error *err)
{
	struct model_tasks m;
	model_tasks_init(&m);
	enum status st = native_read_buffer(tasks, &m, err);
	if (st == ST_OK) {
		import_sink_put_model(k, &m);
		st = import_sink_end(k, err);
	} else {
		import_sink_abort(k);
	}
	model_tasks_release(&m);
	return st;
}

/* A stream is read a member at a time (import_native_stream.c); a buffer
 * is parsed and read whole first (its collection comes before the
 * conversations that name its passages), then put into the sink. */
static enum status feed_native(struct import_inputs *in, struct import_sink *k, struct error *err)
{
	struct import_input *tasks = import_inputs_find(in, IMPORT_TASKS);
	if (import_input_stream(tasks))
		return native_feed_stream(tasks, k, err);
	return native_feed_buffer(tasks, k, err);
}

const struct import_format import_native = {
	"native", "a task file: one JSON document (schemas/tasks.schema.json)", detect_native, native_read_buffer,
	feed_native, IMPORT_READS_STREAM,
};
