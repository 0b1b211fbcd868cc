/* import_qrecc.c - QReCC (apple/ml-qrecc, and the SCAI-QReCC 2021 question
 * files): a JSON array of turn records, "Conversation_no", "Turn_no",
 * "Question", "Rewrite", "Answer", "Answer_URL", "Context",
 * "Conversation_source", in any order (scai_records.h). A conversation's id
 * is its number as text ("74"), the SCAI files name it by the same number;
 * a turn's number is its Turn_no (gaps allowed). Rewrite is the turn's
 * rewrite, Answer its gold answer (an empty one: none), Answer_URL and
 * Conversation_source its metadata; Context (the earlier turns' questions
 * and answers) must be an array of strings and is compared with nothing. */
#include <cjson/cJSON.h>
#include "convqa/formats.h"
#include "scai_records.h"

struct qrecc_rec {
	struct scai_key k;
	const char *question, *rewrite, *answer, *url, *source;
};

static const char *const qrecc_keys[] = {
	"Conversation_no", "Turn_no", "Question", "Rewrite", "Answer", "Answer_URL", "Context",
	"Conversation_source", NULL,
};

static int detect_qrecc(const char *buf, size_t len)
{
	static const char *const all[] = { "Conversation_no", "Question", NULL };
	return scai_detect(buf, len, all);
}

/* Context: an array of strings, or absent. */
static void check_context(struct scai_reader *r, const cJSON *obj)
{
	const cJSON *v = jr_array_member(&r->jr, obj, "Context", 0, 0);
	size_t i = 0;
	json_path_key(&r->jr.path, "Context");
	for (const cJSON *c = v ? v->child : NULL; c; c = c->next, i++) {
		json_path_index(&r->jr.path, i);
		jr_string(&r->jr, c, 0);
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
}

static void read_rec(struct scai_reader *r, const cJSON *obj, void *p)
{
	struct qrecc_rec *q = p;
	const char *question = jr_string_member(&r->jr, obj, "Question", 1, 1);
	q->question = question ? model_strdup(r->m, question) : NULL;
	q->rewrite = scai_string(r, obj, "Rewrite");
	q->answer = scai_string(r, obj, "Answer");
	q->url = scai_string(r, obj, "Answer_URL");
	q->source = scai_string(r, obj, "Conversation_source");
	check_context(r, obj);
}

static const struct scai_shape qrecc_shape = {
	qrecc_keys, "a QReCC turn", "an array of QReCC turns (objects with Conversation_no, Turn_no, Question)",
	sizeof(struct qrecc_rec), read_rec, NULL, NULL, NULL,
};

/* The turns of records a..b-1 (one conversation). */
static void fill_qrecc(const struct scai_reader *r, size_t a, size_t b, struct model_conversation *c,
		       struct model_tasks *m)
{
	for (size_t i = a; i < b; i++) {
		const struct qrecc_rec *q = scai_reader_rec(r, i);
		struct model_turn *t = &c->turns[i - a];
		const char *meta[] = { "Answer_URL", q->url, "Conversation_source", q->source, NULL };
		t->question = q->question;
		t->rewrite = q->rewrite && q->rewrite[0] ? q->rewrite : NULL;
		t->metadata = scai_metadata(m, meta);
		if (q->answer && q->answer[0]) {
			t->has_gold = 1;
			t->gold_answers = xmalloc(sizeof(*t->gold_answers));
			t->gold_answers[0] = q->answer;
			t->n_gold_answers = 1;
		}
	}
}

/* The records are read whole (one record's tree at a time) before anything
 * is put, since they come in any order: the memory holds the file's bytes
 * while reading, then what every record keeps (not its Context). */
static enum status feed_qrecc(struct import_inputs *in, struct import_sink *k, struct error *err)
{
	return scai_feed(in, k, &qrecc_shape, fill_qrecc, NULL, err);
}

static enum status read_qrecc(struct import_input *in, struct model_tasks *m, struct error *err)
{
	return scai_read_model(in, m, &qrecc_shape, fill_qrecc, NULL, err);
}

const struct import_format import_qrecc = {
	"qrecc", "QReCC turns: a JSON array of Conversation_no, Turn_no, Question, Rewrite, Answer, ...",
	detect_qrecc, read_qrecc, feed_qrecc, 0,
};
