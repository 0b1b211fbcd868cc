/* importer_native.c - the native task format (schemas/tasks.schema.json) into
 * the model, checking everything the schema says and what it cannot say
 * (unique ids and ranks, references between passages). */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/importer.h"
#include "convqa/json.h"
#include "convqa/strmap.h"

#define MAX_MESSAGES 10

struct reader {
	const char *name;
	struct error *err;
	int n_errors;
	struct json_path path;
	struct model_tasks *m;
	struct strmap passages;       /* id -> index in m->passages */
	struct strmap systems;        /* id -> index in m->systems */
	struct strmap conversations;  /* id -> index */
};

static void problem(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void problem(struct reader *r, const char *fmt, ...)
{
	r->n_errors++;
	if (r->n_errors > MAX_MESSAGES)
		return;
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	size_t used = r->n_errors > 1 ? strlen(r->err->msg) : 0;
	snprintf(r->err->msg + used, sizeof(r->err->msg) - used, "%s%s: %s: %s", used ? "\n" : "", r->name,
		 json_path_str(&r->path), msg);
	r->err->status = ST_INPUT;
}

static const char *type_name(const cJSON *v)
{
	if (cJSON_IsObject(v))
		return "an object";
	if (cJSON_IsArray(v))
		return "an array";
	if (cJSON_IsString(v))
		return v->valuestring[0] ? "a string" : "an empty string";
	if (cJSON_IsNumber(v))
		return "a number";
	if (cJSON_IsBool(v))
		return "a boolean";
	return "null";
}

/* Checks v's keys against allowed (NULL-terminated); reports unknown and
 * repeated keys. Returns 0 if v is an object. */
static int object(struct reader *r, const cJSON *v, const char *const *allowed, const char *what)
{
	if (!cJSON_IsObject(v)) {
		problem(r, "expected %s (an object), got %s", what, type_name(v));
		return -1;
	}
	for (const cJSON *c = v->child; c; c = c->next) {
		size_t i;
		for (i = 0; allowed[i] && strcmp(allowed[i], c->string) != 0; i++)
			;
		json_path_key(&r->path, c->string);
		if (!allowed[i]) {
			char list[256] = "";
			for (size_t j = 0; allowed[j]; j++) {
				size_t n = strlen(list);
				snprintf(list + n, sizeof(list) - n, "%s%s", j ? ", " : "", allowed[j]);
			}
			problem(r, "unknown property (expected one of: %s)", list);
		} else {
			for (const cJSON *d = v->child; d != c; d = d->next)
				if (strcmp(d->string, c->string) == 0) {
					problem(r, "property given twice");
					break;
				}
		}
		json_path_pop(&r->path);
	}
	return 0;
}

/* Each getter pushes the key for its messages and pops it again. */
static const cJSON *member(struct reader *r, const cJSON *obj, const char *key, int required)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!v && required) {
		problem(r, "missing required property \"%s\"", key);
	}
	return v;
}

static const char *string_at(struct reader *r, const cJSON *v, int nonempty)
{
	if (!cJSON_IsString(v) || (nonempty && !v->valuestring[0])) {
		problem(r, "expected a %sstring, got %s", nonempty ? "non-empty " : "", type_name(v));
		return NULL;
	}
	return v->valuestring;
}

static const char *string_member(struct reader *r, const cJSON *obj, const char *key, int required,
				 int nonempty)
{
	const cJSON *v = member(r, obj, key, required);
	if (!v)
		return NULL;
	json_path_key(&r->path, key);
	const char *s = string_at(r, v, nonempty);
	json_path_pop(&r->path);
	return s;
}

static const cJSON *array_member(struct reader *r, const cJSON *obj, const char *key, int required,
				 int min_items)
{
	const cJSON *v = member(r, obj, key, required);
	if (!v)
		return NULL;
	json_path_key(&r->path, key);
	if (!cJSON_IsArray(v)) {
		problem(r, "expected an array, got %s", type_name(v));
		v = NULL;
	} else if (cJSON_GetArraySize(v) < min_items) {
		problem(r, "expected at least %d item%s, got none", min_items, min_items == 1 ? "" : "s");
		v = NULL;
	}
	json_path_pop(&r->path);
	return v;
}

static const char *metadata_member(struct reader *r, const cJSON *obj)
{
	const cJSON *v = member(r, obj, "metadata", 0);
	if (!v)
		return NULL;
	if (!cJSON_IsObject(v)) {
		json_path_key(&r->path, "metadata");
		problem(r, "expected an object, got %s", type_name(v));
		json_path_pop(&r->path);
		return NULL;
	}
	char *s = cJSON_PrintUnformatted(v);
	char *copy = model_strdup(r->m, s);
	cJSON_free(s);
	return copy;
}

static const char *where(struct reader *r)
{
	return model_strdup(r->m, json_path_str(&r->path));
}

/* ---- systems -------------------------------------------------------- */

static void read_systems(struct reader *r, const cJSON *arr)
{
	static const char *const keys[] = { "id", "description", NULL };
	size_t i = 0;
	for (const cJSON *v = arr ? arr->child : NULL; v; v = v->next, i++) {
		json_path_index(&r->path, i);
		if (object(r, v, keys, "a system") == 0) {
			const char *id = string_member(r, v, "id", 1, 1);
			const char *desc = string_member(r, v, "description", 0, 0);
			if (id) {
				size_t *old;
				if (!strmap_put(&r->systems, id, r->m->n_systems, &old)) {
					problem(r, "duplicate system id \"%s\" (also at %s)", id, r->m->systems[*old].where);
				} else {
					xgrow(&r->m->systems, &r->m->cap_systems, r->m->n_systems + 1,
					      sizeof(*r->m->systems));
					r->m->systems[r->m->n_systems++] =
						(struct model_system){ id, desc, where(r) };
				}
			}
		}
		json_path_pop(&r->path);
	}
}

/* A response naming a system not in "systems" creates it. */
static void system_used(struct reader *r, const char *id)
{
	if (strmap_get(&r->systems, id))
		return;
	xgrow(&r->m->systems, &r->m->cap_systems, r->m->n_systems + 1, sizeof(*r->m->systems));
	strmap_put(&r->systems, id, r->m->n_systems, NULL);
	r->m->systems[r->m->n_systems++] = (struct model_system){ id, NULL, where(r) };
}

/* ---- passages ------------------------------------------------------- */

static int same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* Add a passage with text (collection or inline); returns its id or NULL. */
static const char *add_passage(struct reader *r, const char *id, const char *title, const char *url,
			       const char *text, int from_collection)
{
	struct model_tasks *m = r->m;
	if (!id)
		id = model_passage_hash_id(m, text);
	size_t *old;
	if (!strmap_put(&r->passages, id, m->n_passages, &old)) {
		struct model_passage *p = &m->passages[*old];
		if (from_collection)
			problem(r, "duplicate passage id \"%s\" (also at %s)", id, p->where);
		else if (!same(p->text, text))
			problem(r, "passage \"%s\" has a different text at %s", id, p->where);
		else if (!same(p->title, title) && title)
			problem(r, "passage \"%s\" has a different title at %s", id, p->where);
		else if (!same(p->url, url) && url)
			problem(r, "passage \"%s\" has a different url at %s", id, p->where);
		return id;
	}
	xgrow(&m->passages, &m->cap_passages, m->n_passages + 1, sizeof(*m->passages));
	m->passages[m->n_passages++] = (struct model_passage){ id, title, url, text, where(r), 0 };
	return id;
}

static void read_collection(struct reader *r, const cJSON *arr)
{
	static const char *const keys[] = { "id", "title", "url", "text", NULL };
	size_t i = 0;
	for (const cJSON *v = arr ? arr->child : NULL; v; v = v->next, i++) {
		json_path_index(&r->path, i);
		if (object(r, v, keys, "a passage") == 0) {
			const char *id = string_member(r, v, "id", 0, 1);
			const char *title = string_member(r, v, "title", 0, 0);
			const char *url = string_member(r, v, "url", 0, 0);
			const char *text = string_member(r, v, "text", 1, 1);
			if (text && (id || !member(r, v, "id", 0)))
				add_passage(r, id, title, url, text, 1);
		}
		json_path_pop(&r->path);
	}
}

/* ---- conversations -------------------------------------------------- */

static void read_ranked(struct reader *r, const cJSON *v, struct model_ranked *out)
{
	static const char *const keys[] = { "rank", "score", "id", "title", "url", "text", NULL };
	memset(out, 0, sizeof(*out));
	if (object(r, v, keys, "a ranked passage") < 0)
		return;
	const cJSON *rank = member(r, v, "rank", 1);
	if (rank) {
		json_path_key(&r->path, "rank");
		if (!cJSON_IsNumber(rank) || rank->valuedouble != floor(rank->valuedouble) ||
		    rank->valuedouble < 1 || rank->valuedouble > MODEL_RANK_MAX) {
			if (cJSON_IsNumber(rank) && isfinite(rank->valuedouble))
				problem(r, "expected an integer from 1 to %d, got %.15g", MODEL_RANK_MAX, rank->valuedouble);
			else
				problem(r, "expected an integer from 1 to %d, got %s", MODEL_RANK_MAX,
					cJSON_IsNumber(rank) ? "a number out of range" : type_name(rank));
		} else {
			out->rank = (long)rank->valuedouble;
		}
		json_path_pop(&r->path);
	}
	const cJSON *score = member(r, v, "score", 0);
	if (score) {
		json_path_key(&r->path, "score");
		if (!cJSON_IsNumber(score))
			problem(r, "expected a number, got %s", type_name(score));
		else if (!isfinite(score->valuedouble))
			problem(r, "expected a finite number, got a number out of range");
		else {
			out->score = score->valuedouble;
			out->has_score = 1;
		}
		json_path_pop(&r->path);
	}
	const char *id = string_member(r, v, "id", 0, 1);
	const char *title = string_member(r, v, "title", 0, 0);
	const char *url = string_member(r, v, "url", 0, 0);
	const char *text = string_member(r, v, "text", 0, 1);
	int has_id = member(r, v, "id", 0) != NULL, has_text = member(r, v, "text", 0) != NULL;
	if (!has_id && !has_text) {
		problem(r, "a ranked passage needs \"id\" (a passage of the collection) or \"text\" (an inline passage)");
		return;
	}
	if (!has_text && (title || url)) {
		problem(r, "\"title\" and \"url\" belong to inline passages (with \"text\"); "
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
static void check_ranking(struct reader *r, const struct model_response *resp)
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
			json_path_index(&r->path, ra[i - 1].i);
			json_path_key(&r->path, "rank");
			problem(r, "duplicate rank %ld in this response (also at passages[%zu])", ra[i - 1].rank, first);
			json_path_pop(&r->path);
			json_path_pop(&r->path);
		}
	for (size_t i = 0; i < n; i++) {
		size_t *first;
		const char *id = resp->ranked[i].passage_id;
		if (id && !strmap_put(&seen, id, i, &first)) {
			json_path_index(&r->path, i);
			problem(r, "passage \"%s\" is ranked twice in this response (also at passages[%zu])", id, *first);
			json_path_pop(&r->path);
		}
	}
	strmap_release(&seen);
	free(ra);
}

static void read_response(struct reader *r, const cJSON *v, struct model_response *out)
{
	static const char *const keys[] = { "system", "answer", "passages", "metadata", NULL };
	memset(out, 0, sizeof(*out));
	if (object(r, v, keys, "a response") < 0)
		return;
	out->where = where(r);
	out->system = string_member(r, v, "system", 1, 1);
	out->answer = string_member(r, v, "answer", 1, 0);
	out->metadata = metadata_member(r, v);
	if (out->system)
		system_used(r, out->system);
	const cJSON *ps = array_member(r, v, "passages", 0, 0);
	if (!ps)
		return;
	size_t n = (size_t)cJSON_GetArraySize(ps), i = 0;
	out->ranked = xcalloc(n, sizeof(*out->ranked));
	json_path_key(&r->path, "passages");
	for (const cJSON *p = ps->child; p; p = p->next, i++) {
		json_path_index(&r->path, i);
		read_ranked(r, p, &out->ranked[i]);
		json_path_pop(&r->path);
	}
	out->n_ranked = n;
	check_ranking(r, out);
	json_path_pop(&r->path);
}

static const char **string_list(struct reader *r, const cJSON *obj, const char *key, size_t *n, int unique)
{
	const cJSON *arr = array_member(r, obj, key, 0, 0);
	*n = 0;
	if (!arr)
		return NULL;
	const char **out = xcalloc((size_t)cJSON_GetArraySize(arr), sizeof(*out));
	struct strmap seen = STRMAP_INIT;
	size_t i = 0;
	json_path_key(&r->path, key);
	for (const cJSON *v = arr->child; v; v = v->next, i++) {
		json_path_index(&r->path, i);
		const char *s = string_at(r, v, 1);
		size_t *first;
		if (s && unique && !strmap_put(&seen, s, i, &first)) {
			problem(r, "\"%s\" is listed twice (also at [%zu])", s, *first);
			s = NULL;
		}
		if (s)
			out[(*n)++] = s;
		json_path_pop(&r->path);
	}
	json_path_pop(&r->path);
	strmap_release(&seen);
	return out;
}

static void read_gold(struct reader *r, const cJSON *v, struct model_turn *t)
{
	static const char *const keys[] = { "answers", "passages", "intent", NULL };
	json_path_key(&r->path, "gold");
	if (object(r, v, keys, "gold data") == 0) {
		t->has_gold = 1;
		t->gold_answers = string_list(r, v, "answers", &t->n_gold_answers, 0);
		t->gold_passages = string_list(r, v, "passages", &t->n_gold_passages, 1);
		const char *intent = string_member(r, v, "intent", 0, 1);
		if (intent) {
			const struct model_field *f = model_field_find(TASK_TURN, "intent");
			if (model_value_index(f, intent) < 0) {
				json_path_key(&r->path, "intent");
				problem(r, "expected one of extractive, abstractive, boolean, got \"%s\"", intent);
				json_path_pop(&r->path);
			} else {
				t->gold_intent = intent;
			}
		}
	}
	json_path_pop(&r->path);
}

static void read_turn(struct reader *r, const cJSON *v, struct model_turn *t, int position)
{
	static const char *const keys[] = { "question", "rewrite", "gold", "responses", "metadata", NULL };
	memset(t, 0, sizeof(*t));
	t->position = position;
	if (object(r, v, keys, "a turn") < 0)
		return;
	t->where = where(r);
	t->question = string_member(r, v, "question", 1, 1);
	t->rewrite = string_member(r, v, "rewrite", 0, 1);
	t->metadata = metadata_member(r, v);
	const cJSON *gold = member(r, v, "gold", 0);
	if (gold)
		read_gold(r, gold, t);
	const cJSON *rs = array_member(r, v, "responses", 0, 0);
	if (!rs)
		return;
	size_t n = (size_t)cJSON_GetArraySize(rs), i = 0;
	t->responses = xcalloc(n, sizeof(*t->responses));
	json_path_key(&r->path, "responses");
	for (const cJSON *rv = rs->child; rv; rv = rv->next, i++) {
		json_path_index(&r->path, i);
		read_response(r, rv, &t->responses[i]);
		for (size_t j = 0; j < i && t->responses[i].system; j++)
			if (t->responses[j].system && strcmp(t->responses[j].system, t->responses[i].system) == 0) {
				problem(r, "a second response of system \"%s\" for this turn (also at responses[%zu])",
					t->responses[i].system, j);
				break;
			}
		json_path_pop(&r->path);
	}
	json_path_pop(&r->path);
	t->n_responses = n;
}

static void read_conversations(struct reader *r, const cJSON *arr)
{
	static const char *const keys[] = { "id", "metadata", "turns", NULL };
	struct model_tasks *m = r->m;
	size_t i = 0;
	m->conversations = xcalloc((size_t)cJSON_GetArraySize(arr), sizeof(*m->conversations));
	for (const cJSON *v = arr->child; v; v = v->next, i++) {
		json_path_index(&r->path, i);
		struct model_conversation *c = &m->conversations[m->n_conversations++];
		if (object(r, v, keys, "a conversation") == 0) {
			c->where = where(r);
			c->id = string_member(r, v, "id", 1, 1);
			c->metadata = metadata_member(r, v);
			size_t *old;
			if (c->id && !strmap_put(&r->conversations, c->id, i, &old))
				problem(r, "duplicate conversation id \"%s\" (also at %s)", c->id,
					m->conversations[*old].where);
			const cJSON *turns = array_member(r, v, "turns", 1, 1);
			if (turns) {
				size_t n = (size_t)cJSON_GetArraySize(turns), j = 0;
				c->turns = xcalloc(n, sizeof(*c->turns));
				json_path_key(&r->path, "turns");
				for (const cJSON *t = turns->child; t; t = t->next, j++) {
					json_path_index(&r->path, j);
					read_turn(r, t, &c->turns[j], (int)j + 1);
					json_path_pop(&r->path);
				}
				json_path_pop(&r->path);
				c->n_turns = n;
			}
		}
		json_path_pop(&r->path);
	}
}

enum status importer_native_read(const char *name, const cJSON *root, struct model_tasks *m,
				 struct error *err)
{
	static const char *const keys[] = { "format", "version", "systems", "collection", "conversations", NULL };
	struct reader r = { .name = name, .err = err, .m = m };
	json_path_init(&r.path);
	error_clear(err);

	if (object(&r, root, keys, "a convqa task file") == 0) {
		const char *format = string_member(&r, root, "format", 1, 0);
		if (format && strcmp(format, "convqa-tasks") != 0) {
			json_path_key(&r.path, "format");
			problem(&r, "expected \"convqa-tasks\", got \"%s\"", format);
			json_path_pop(&r.path);
		}
		const cJSON *version = member(&r, root, "version", 1);
		if (version && (!cJSON_IsNumber(version) || version->valuedouble != 1)) {
			json_path_key(&r.path, "version");
			problem(&r, "expected 1 (the only version this convqa reads), got %s",
				cJSON_IsNumber(version) ? "another number" : type_name(version));
			json_path_pop(&r.path);
		}
		const cJSON *systems = array_member(&r, root, "systems", 0, 0);
		json_path_key(&r.path, "systems");
		read_systems(&r, systems);
		json_path_pop(&r.path);
		const cJSON *coll = array_member(&r, root, "collection", 0, 0);
		json_path_key(&r.path, "collection");
		read_collection(&r, coll);
		json_path_pop(&r.path);
		const cJSON *convs = array_member(&r, root, "conversations", 1, 1);
		if (convs) {
			json_path_key(&r.path, "conversations");
			read_conversations(&r, convs);
			json_path_pop(&r.path);
		}
	}
	if (r.n_errors > MAX_MESSAGES) {
		size_t used = strlen(err->msg);
		snprintf(err->msg + used, sizeof(err->msg) - used, "\n%s: and %d more problems", name,
			 r.n_errors - MAX_MESSAGES);
	}
	strmap_release(&r.passages);
	strmap_release(&r.systems);
	strmap_release(&r.conversations);
	json_path_release(&r.path);
	return r.n_errors ? ST_INPUT : ST_OK;
}
