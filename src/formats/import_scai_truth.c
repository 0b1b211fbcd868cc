/* import_scai_truth.c - the ground truth of the SCAI-QReCC 2021 shared task
 * (ground-truth.json): a JSON array of "Conversation_no", "Turn_no",
 * "Truth_rewrite", "Truth_answer", "Truth_passages" (passage ids), in any
 * order (scai_records.h). Each record is the gold of a turn: its rewrite,
 * its gold answer (an empty one: none) and its gold passages, passages of
 * the project known by id (until a collection gives their text).
 * The turn is the one of conversation "Conversation_no" (the number as
 * text, as qrecc names it) numbered Turn_no: a turn in the project (from
 * qrecc, say) keeps its question and gets what it lacks; a new one has no
 * question text. */
#include <cjson/cJSON.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/strmap.h"
#include "scai_records.h"

struct truth_rec {
	struct scai_key k;
	const char *rewrite, *answer;
	const char **passages;          /* in the reader's arena */
	size_t n_passages;
};

static const char *const truth_keys[] = {
	"Conversation_no", "Turn_no", "Truth_rewrite", "Truth_answer", "Truth_passages", NULL,
};

static int detect_truth(const char *buf, size_t len)
{
	static const char *const truth_rewrite[] = { "Conversation_no", "Truth_rewrite", NULL };
	static const char *const truth_answer[] = { "Conversation_no", "Truth_answer", NULL };
	static const char *const truth_passages[] = { "Conversation_no", "Truth_passages", NULL };
	return scai_detect(buf, len, truth_rewrite) || scai_detect(buf, len, truth_answer) ||
	       scai_detect(buf, len, truth_passages);
}

/* Truth_passages: an array of distinct non-empty strings, or absent. */
static void read_passages(struct scai_reader *r, const cJSON *obj, struct truth_rec *t)
{
	const cJSON *v = jr_array_member(&r->jr, obj, "Truth_passages", 0, 0);
	size_t n = (size_t)(v ? cJSON_GetArraySize(v) : 0), i = 0;
	struct strmap seen = STRMAP_INIT;
	if (!n)
		return;
	t->passages = model_alloc(r->m, n * sizeof(*t->passages));
	json_path_key(&r->jr.path, "Truth_passages");
	for (const cJSON *c = v->child; c; c = c->next, i++) {
		json_path_index(&r->jr.path, i);
		const char *id = jr_string(&r->jr, c, 1);
		size_t *old;
		if (id && !strmap_put(&seen, id, i, &old))
			jr_problem(&r->jr, "passage \"%s\" is given twice (also at [%zu])", id, *old);
		else if (id)
			t->passages[t->n_passages++] = model_strdup(r->m, id);
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
	strmap_release(&seen);
}

static void read_rec(struct scai_reader *r, const cJSON *obj, void *p)
{
	struct truth_rec *t = p;
	t->rewrite = scai_string(r, obj, "Truth_rewrite");
	t->answer = scai_string(r, obj, "Truth_answer");
	read_passages(r, obj, t);
}

static const struct scai_shape truth_shape = {
	truth_keys, "a ground truth record",
	"an array of ground truth records (objects with Conversation_no, Turn_no, Truth_rewrite, Truth_answer, "
	"Truth_passages)",
	sizeof(struct truth_rec), read_rec, NULL, NULL, NULL,
};

/* The gold passages of turn t, which are passages of the project known by
 * id (a collection, or a later import, gives their text). */
static void gold_passages(const struct truth_rec *q, struct model_turn *t, struct model_tasks *m)
{
	t->gold_passages = xmalloc(q->n_passages * sizeof(*t->gold_passages));
	memcpy(t->gold_passages, q->passages, q->n_passages * sizeof(*t->gold_passages));
	t->n_gold_passages = q->n_passages;
	xgrow(&m->passages, &m->cap_passages, m->n_passages + q->n_passages, sizeof(*m->passages));
	for (size_t i = 0; i < q->n_passages; i++)
		m->passages[m->n_passages++] = (struct model_passage){ q->passages[i], NULL, NULL, NULL, t->where, 0 };
}

static void fill_truth(const struct scai_reader *r, size_t a, size_t b, struct model_conversation *c,
		       struct model_tasks *m)
{
	for (size_t i = a; i < b; i++) {
		const struct truth_rec *q = scai_reader_rec(r, i);
		struct model_turn *t = &c->turns[i - a];
		t->rewrite = q->rewrite && q->rewrite[0] ? q->rewrite : NULL;
		if (q->answer && q->answer[0]) {
			t->gold_answers = xmalloc(sizeof(*t->gold_answers));
			t->gold_answers[0] = q->answer;
			t->n_gold_answers = 1;
		}
		if (q->n_passages)
			gold_passages(q, t, m);
		t->has_gold = t->n_gold_answers || t->n_gold_passages;
	}
}

static enum status feed_truth(struct import_inputs *in, struct import_sink *k, struct error *err)
{
	return scai_feed(in, k, &truth_shape, fill_truth, NULL, err);
}

static enum status read_truth(struct import_input *in, struct model_tasks *m, struct error *err)
{
	return scai_read_model(in, m, &truth_shape, fill_truth, NULL, err);
}

const struct import_format import_scai_truth = {
	"scai-truth", "SCAI-QReCC ground truth: a JSON array of Conversation_no, Turn_no, Truth_rewrite, ...",
	detect_truth, read_truth, feed_truth, IMPORT_OPT_COLLECTION,
};
