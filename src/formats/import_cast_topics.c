/* import_cast_topics.c - TREC CAsT topic files: a JSON array of topics,
 * {"number": 81, "title", "description", "turn": [{"number": 1,
 * "raw_utterance", "manual_rewritten_utterance", ...}]}. A topic is a
 * conversation whose id is its number as text ("81": the TREC formats' qid
 * "81_1" meets it), a turn its number (gaps allowed), raw_utterance its
 * question, manual_rewritten_utterance its rewrite. Every other member is
 * kept as it is, in the turn's metadata (automatic_rewritten_utterance,
 * manual_canonical_result_id, query_turn_dependence, ...) or the
 * conversation's (title, description, ...): the years of CAsT add members,
 * and a user wants them at hand rather than a refusal. The turns are read
 * by the scai_records reader (one topic's tree at a time), a record a turn. */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include "convqa/formats.h"
#include "scai_records.h"

struct cast_rec {
	struct scai_key k;
	size_t j;                       /* its place in the topic's turns: $[i].turn[j] */
	const char *question, *rewrite, *metadata, *topic_metadata;
};

static int detect_cast(const char *buf, size_t len)
{
	static const char *const all[] = { "number", "turn", NULL };
	return scai_detect(buf, len, all);
}

/* obj's members but the given ones, as JSON text in r's arena; NULL when
 * there are none. */
static const char *rest(struct scai_reader *r, const cJSON *obj, const char *const *known)
{
	cJSON *d = cJSON_Duplicate(obj, 1);
	for (size_t i = 0; d && known[i]; i++)
		cJSON_DeleteItemFromObjectCaseSensitive(d, known[i]);
	const char *s = NULL;
	if (d && d->child) {
		char *text = cJSON_PrintUnformatted(d);
		s = text ? model_strdup(r->m, text) : NULL;
		cJSON_free(text);
	}
	cJSON_Delete(d);
	return s;
}

/* Turn j of topic conv (at $[i]): checked, and kept when its number is good. */
static void read_turn(struct scai_reader *r, const cJSON *t, long conv, int conv_ok, size_t i, size_t j,
		      const char *topic_metadata)
{
	static const char *const known[] = { "number", "raw_utterance", "manual_rewritten_utterance", NULL };
	json_path_index(&r->jr.path, j);
	if (!cJSON_IsObject(t)) {
		jr_problem(&r->jr, "expected a CAsT turn (an object), got %s", jr_type_name(t));
		json_path_pop(&r->jr.path);
		return;
	}
	long turn = 0;
	int ok = scai_integer(r, t, "number", 1, SCAI_TURN_MAX, &turn) && conv_ok;
	struct cast_rec *c = scai_reader_push(r, conv, turn, i);
	const char *question = jr_string_member(&r->jr, t, "raw_utterance", 1, 1);
	c->j = j;
	c->question = question ? model_strdup(r->m, question) : NULL;
	c->rewrite = scai_string(r, t, "manual_rewritten_utterance");
	c->metadata = rest(r, t, known);
	c->topic_metadata = topic_metadata;
	if (ok)
		r->n++;
	json_path_pop(&r->jr.path);
}

static void read_topic(struct scai_reader *r, const cJSON *v, size_t i)
{
	static const char *const known[] = { "number", "turn", NULL };
	if (!cJSON_IsObject(v)) {
		jr_problem(&r->jr, "expected a CAsT topic (an object), got %s", jr_type_name(v));
		return;
	}
	long conv = 0;
	int ok = scai_integer(r, v, "number", 0, SCAI_CONV_MAX, &conv);
	const cJSON *turns = jr_array_member(&r->jr, v, "turn", 1, 1);
	const char *metadata = rest(r, v, known);
	size_t j = 0;
	json_path_key(&r->jr.path, "turn");
	for (const cJSON *t = turns ? turns->child : NULL; t; t = t->next, j++)
		read_turn(r, t, conv, ok, i, j, metadata);
	json_path_pop(&r->jr.path);
}

static const struct scai_shape cast_shape = {
	NULL, "a CAsT topic", "an array of CAsT topics (objects with number and turn)", sizeof(struct cast_rec),
	NULL, read_topic, "turn number", "topic",
};

static void fill_cast(const struct scai_reader *r, size_t a, size_t b, struct model_conversation *c,
		      struct model_tasks *m)
{
	c->metadata = ((const struct cast_rec *)scai_reader_rec(r, a))->topic_metadata;
	for (size_t i = a; i < b; i++) {
		const struct cast_rec *q = scai_reader_rec(r, i);
		struct model_turn *t = &c->turns[i - a];
		t->question = q->question;
		t->rewrite = q->rewrite && q->rewrite[0] ? q->rewrite : NULL;
		t->metadata = q->metadata;
		t->where = model_printf(m, "$[%zu].turn[%zu]", q->k.i, q->j);
	}
}

static enum status feed_cast(struct import_inputs *in, struct import_sink *k, struct error *err)
{
	return scai_feed(in, k, &cast_shape, fill_cast, NULL, err);
}

static enum status read_cast(struct import_input *in, struct model_tasks *m, struct error *err)
{
	return scai_read_model(in, m, &cast_shape, fill_cast, NULL, err);
}

const struct import_format import_cast_topics = {
	"cast-topics", "TREC CAsT topics: a JSON array of number, title, turn: [number, raw_utterance, ...]",
	detect_cast, read_cast, feed_cast, 0,
};
