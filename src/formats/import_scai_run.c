/* import_scai_run.c - a run of the SCAI-QReCC 2021 shared task (its
 * submission format): a JSON array of "Conversation_no", "Turn_no" and the
 * optional "Model_rewrite", "Model_passages" (passage id -> score),
 * "Model_answer", "Model_evidence", in any order (scai_records.h), each the
 * response of the system --system names to the turn numbered Turn_no of
 * conversation "Conversation_no" (a turn in the project keeps its
 * question; a new one has none). Model_passages is ranked as trec_eval
 * ranks a run: by score, highest first, a tie by passage id in descending
 * byte order (strcmp: trec_eval's comp_sim_docno). The passages are known
 * by id (their text comes from --collection, or a later import).
 * Model_rewrite is the response's rewrite, Model_answer its answer (none:
 * the empty answer, as the shared task's evaluation scores it), and
 * Model_evidence its metadata, {"Model_evidence": ...}. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/strmap.h"
#include "scai_records.h"

struct ranked_id {
	const char *id;
	double score;
};

struct run_rec {
	struct scai_key k;
	const char *rewrite, *answer, *evidence;   /* evidence: JSON text */
	struct ranked_id *ranked;                  /* in rank order, in the reader's arena */
	size_t n_ranked;
};

static const char *const run_keys[] = {
	"Conversation_no", "Turn_no", "Model_rewrite", "Model_passages", "Model_answer", "Model_evidence", NULL,
};

static int detect_run(const char *buf, size_t len)
{
	static const char *const keys[][3] = {
		{ "Conversation_no", "Model_answer", NULL }, { "Conversation_no", "Model_passages", NULL },
		{ "Conversation_no", "Model_rewrite", NULL }, { "Conversation_no", "Model_evidence", NULL },
	};
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (scai_detect(buf, len, keys[i]))
			return 1;
	return 0;
}

/* trec_eval's order: score descending, then docno descending (strcmp). */
static int by_trec_eval_order(const void *a, const void *b)
{
	const struct ranked_id *x = a, *y = b;
	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	return strcmp(y->id, x->id);
}

/* One member of Model_passages, at its path: its id and score, or 0. */
static int read_passage(struct scai_reader *r, const cJSON *c, struct strmap *seen, struct ranked_id *out)
{
	size_t *old;
	if (!c->string[0]) {
		jr_problem(&r->jr, "expected a passage id, got an empty key");
		return 0;
	}
	if (!cJSON_IsNumber(c) || !isfinite(c->valuedouble)) {
		jr_problem(&r->jr, "expected a score (a number), got %s",
			   cJSON_IsNumber(c) ? "a number out of range" : jr_type_name(c));
		return 0;
	}
	if (!strmap_put(seen, c->string, 0, &old)) {
		jr_problem(&r->jr, "passage id given twice");
		return 0;
	}
	*out = (struct ranked_id){ model_strdup(r->m, c->string), c->valuedouble };
	return 1;
}

/* Model_passages: an object of passage ids and scores, ranked. */
static void read_passages(struct scai_reader *r, const cJSON *obj, struct run_rec *q)
{
	const cJSON *v = jr_member(&r->jr, obj, "Model_passages", 0);
	if (!v || cJSON_IsNull(v))
		return;
	json_path_key(&r->jr.path, "Model_passages");
	if (!cJSON_IsObject(v)) {
		jr_problem(&r->jr, "expected an object of passage ids and scores, got %s", jr_type_name(v));
		json_path_pop(&r->jr.path);
		return;
	}
	size_t n = (size_t)cJSON_GetArraySize(v);
	struct strmap seen = STRMAP_INIT;
	q->ranked = model_alloc(r->m, (n ? n : 1) * sizeof(*q->ranked));
	for (const cJSON *c = v->child; c; c = c->next) {
		json_path_key(&r->jr.path, c->string);
		q->n_ranked += read_passage(r, c, &seen, &q->ranked[q->n_ranked]);
		json_path_pop(&r->jr.path);
	}
	strmap_release(&seen);
	json_path_pop(&r->jr.path);
	qsort(q->ranked, q->n_ranked, sizeof(*q->ranked), by_trec_eval_order);
}

/* Model_evidence: kept as it is, {"Model_evidence": ...}, when an object. */
static void read_evidence(struct scai_reader *r, const cJSON *obj, struct run_rec *q)
{
	const cJSON *v = jr_member(&r->jr, obj, "Model_evidence", 0);
	if (!v || cJSON_IsNull(v))
		return;
	if (!cJSON_IsObject(v)) {
		json_path_key(&r->jr.path, "Model_evidence");
		jr_problem(&r->jr, "expected an object (passage_id, text), got %s", jr_type_name(v));
		json_path_pop(&r->jr.path);
		return;
	}
	char *s = cJSON_PrintUnformatted(v);
	q->evidence = model_printf(r->m, "{\"Model_evidence\":%s}", s);
	cJSON_free(s);
}

static void read_rec(struct scai_reader *r, const cJSON *obj, void *p)
{
	struct run_rec *q = p;
	q->rewrite = scai_string(r, obj, "Model_rewrite");
	q->answer = scai_string(r, obj, "Model_answer");
	read_passages(r, obj, q);
	read_evidence(r, obj, q);
}

static const struct scai_shape run_shape = {
	run_keys, "a run record",
	"an array of run records (objects with Conversation_no, Turn_no, Model_rewrite, Model_passages, "
	"Model_answer, Model_evidence)",
	sizeof(struct run_rec), read_rec, NULL, NULL, NULL,
};

/* The passages of a response, known by id: appended to m (its text is the
 * collection's, or comes later). */
static void add_passages(const struct run_rec *q, struct model_tasks *m, struct model_response *resp)
{
	resp->ranked = xcalloc(q->n_ranked + 1, sizeof(*resp->ranked));
	resp->n_ranked = q->n_ranked;
	xgrow(&m->passages, &m->cap_passages, m->n_passages + q->n_ranked, sizeof(*m->passages));
	for (size_t i = 0; i < q->n_ranked; i++) {
		resp->ranked[i] = (struct model_ranked){ (long)i + 1, q->ranked[i].score, 1, q->ranked[i].id,
							 resp->where, 0 };
		m->passages[m->n_passages++] = (struct model_passage){ q->ranked[i].id, NULL, NULL, NULL,
									resp->where, 0 };
	}
}

static void fill_run(const struct scai_reader *r, size_t a, size_t b, struct model_conversation *c,
		     struct model_tasks *m)
{
	const char *system = r->ctx;
	if (!m->n_systems) {
		xgrow(&m->systems, &m->cap_systems, 1, sizeof(*m->systems));
		m->systems[m->n_systems++] = (struct model_system){ system, NULL, "--system" };
	}
	for (size_t i = a; i < b; i++) {
		const struct run_rec *q = scai_reader_rec(r, i);
		struct model_turn *t = &c->turns[i - a];
		struct model_response *resp = xcalloc(1, sizeof(*resp));
		resp->system = system;
		resp->answer = q->answer ? q->answer : "";
		resp->rewrite = q->rewrite && q->rewrite[0] ? q->rewrite : NULL;
		resp->metadata = q->evidence;
		resp->where = t->where;
		add_passages(q, m, resp);
		t->responses = resp;
		t->n_responses = 1;
	}
}

/* A run is one system's: --system names it; without it (also for a file
 * detected as a run, which cannot have it) the file is refused before it
 * is read. */
static enum status feed_run(struct import_inputs *in, struct import_sink *k, struct error *err)
{
	struct import_input *tasks = import_inputs_find(in, IMPORT_TASKS);
	const char *system = in->opt->system, *why = system ? model_system_name_problem(system) : NULL;
	if (!system || why) {
		import_sink_abort(k);
		free(tasks->buf);
		tasks->buf = NULL;
		if (why)
			return error_set(err, ST_USAGE, "--system '%s': %s", system, why);
		return error_set(err, ST_INPUT, "%s: a SCAI-QReCC run, which is one system's: import it with "
				 "--format scai-run --system NAME", tasks->name);
	}
	return scai_feed(in, k, &run_shape, fill_run, system, err);
}

static enum status read_run(struct import_input *in, struct model_tasks *m, struct error *err)
{
	return scai_read_model(in, m, &run_shape, fill_run, "run", err);
}

const struct import_format import_scai_run = {
	"scai-run", "a SCAI-QReCC run: a JSON array of Conversation_no, Turn_no, Model_passages, Model_answer, ...",
	detect_run, read_run, feed_run, IMPORT_OPT_SYSTEM | IMPORT_OPT_COLLECTION,
};
