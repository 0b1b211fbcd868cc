/* Unit tests: the annotation UI's store queries (store_item.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <sqlite3.h>

#include "convqa/rounds.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/store_item.h"
#include "convqa/text.h"

static struct scheme *turn_s, *plaus_s;   /* the built-in schemes */

static int load_schemes(void **state)
{
	struct error err;
	(void)state;
	assert_int_equal(scheme_builtin("turn", &turn_s, &err), ST_OK);
	assert_int_equal(scheme_builtin("plausibility", &plaus_s, &err), ST_OK);
	return 0;
}

static int free_schemes(void **state)
{
	(void)state;
	scheme_free(turn_s);
	scheme_free(plaus_s);
	return 0;
}

struct fixture {
	char path[64];
	struct store *s;
	int64_t rater;
	int64_t resp[8];   /* in expected queue order */
	size_t n_resp;
};

/* conversations c1 (3 turns) and c2 (1 turn); systems "zeta" (added first)
 * and "alpha"; every turn answered by both except c1 turn 2 (alpha only).
 * Queue order: c1/1 alpha, c1/1 zeta, c1/2 alpha, c1/3 alpha, c1/3 zeta,
 * c2/1 alpha, c2/1 zeta. */
static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct error err;
	snprintf(fx->path, sizeof(fx->path), "/tmp/test_store_item_%d.db", (int)getpid());
	unlink(fx->path);
	assert_int_equal(store_open(fx->path, STORE_CREATE, &fx->s, &err), ST_OK);
	struct store *s = fx->s;
	enum store_put res;
	struct store_conflict c;
	int64_t imp, zeta, alpha, conv[2], p[4];
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_import_begin(s, "fixture.json", "0", &imp, &err), ST_OK);
	assert_int_equal(store_put_system(s, "zeta", NULL, &zeta, &res, &c, &err), ST_OK);
	assert_int_equal(store_put_system(s, "alpha", "first by name", &alpha, &res, &c, &err), ST_OK);
	const char *texts[4] = { "passage one", "passage two", "passage three", "passage four" };
	for (int i = 0; i < 4; i++) {
		char id[8];
		snprintf(id, sizeof(id), "p%d", i + 1);
		assert_int_equal(store_put_passage(s, id, i == 0 ? "Title one" : NULL, NULL, texts[i], imp,
						   &p[i], &res, &c, &err), ST_OK);
	}
	assert_int_equal(store_put_conversation(s, "c1", NULL, imp, &conv[0], &res, &c, &err), ST_OK);
	assert_int_equal(store_put_conversation(s, "c2", NULL, imp, &conv[1], &res, &c, &err), ST_OK);
	struct { int conv, pos; const char *q, *rw; } turns[] = {
		{ 0, 1, "first question", NULL }, { 0, 2, "second question", "second, rewritten" },
		{ 0, 3, "third question", NULL }, { 1, 1, "other conversation", NULL },
	};
	size_t k = 0;
	for (size_t t = 0; t < 4; t++) {
		int64_t turn;
		struct store_gold g = { 0 };
		assert_int_equal(store_put_turn(s, conv[turns[t].conv], turns[t].pos, turns[t].q, turns[t].rw,
						&g, NULL, &turn, &res, &c, &err), ST_OK);
		int64_t systems[2] = { alpha, zeta };
		for (int sy = 0; sy < 2; sy++) {
			if (t == 1 && sy == 1)
				continue;
			struct store_ranked r[3] = {
				{ 1, 2.5, 1, p[0], "p1" }, { 2, 1.5, 1, p[1], "p2" }, { 3, 0, 0, p[2 + sy], "p3" },
			};
			char answer[64];
			snprintf(answer, sizeof(answer), "answer %zu by %s", t + 1, sy ? "zeta" : "alpha");
			assert_int_equal(store_put_response(s, turn, systems[sy], answer, r, sy ? 2 : 3, NULL, imp,
							    &fx->resp[k++], &res, &c, &err), ST_OK);
		}
	}
	fx->n_resp = k;
	assert_int_equal(store_commit(s, &err), ST_OK);
	assert_int_equal(store_rater_ensure(s, "alice", &fx->rater, &err), ST_OK);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	store_close(fx->s);
	unlink(fx->path);
	char aux[80];
	snprintf(aux, sizeof(aux), "%s-wal", fx->path);
	unlink(aux);
	snprintf(aux, sizeof(aux), "%s-shm", fx->path);
	unlink(aux);
	free(fx);
	return 0;
}

static void set(struct fixture *fx, int64_t resp, const char *field, long rank, const char *value)
{
	struct error err;
	struct store_label_key k = { resp, fx->rater, 0, "turn", field, rank,
				     rank ? UNIT_PASSAGE : strcmp(field, "intent") == 0 ? UNIT_TURN : UNIT_RESPONSE };
	assert_int_equal(store_label_set(fx->s, &k, value, 1.0, &err), ST_OK);
}

/* The place of response id r in q, or -1. */
static long queue_pos(const struct store_queue *q, int64_t r)
{
	for (size_t i = 0; i < q->n; i++)
		if (q->responses[i] == r)
			return (long)i;
	return -1;
}

/* Conversations and turns in order; within a turn the answers in an order
 * that is not the systems' names everywhere (blind labelling: a rater must
 * not learn that the first answer is always alpha's), and each item knows
 * its place among the turn's answers. */
static void test_queue_is_in_conversation_and_turn_order_with_answers_mixed(void **state)
{
	struct fixture *fx = *state;
	struct store_queue q;
	struct error err;
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, turn_s, &q, &err), ST_OK);
	assert_int_equal(q.n, 7);
	const char *conv[7] = { "c1", "c1", "c1", "c1", "c1", "c2", "c2" };
	int pos[7] = { 1, 1, 2, 3, 3, 1, 1 }, index[7] = { 1, 2, 1, 1, 2, 1, 2 };
	int alpha_first = 0;
	for (size_t i = 0; i < q.n; i++) {
		struct store_item it;
		assert_int_equal(store_item_load(fx->s, q.responses[i], &it, &err), ST_OK);
		assert_string_equal(it.conversation, conv[i]);
		assert_int_equal(it.position, pos[i]);
		int place, n;
		store_queue_place(&q, i, &place, &n);
		assert_int_equal(place, index[i]);
		assert_int_equal(n, pos[i] == 2 ? 1 : 2);
		assert_int_equal(q.turns[i], it.turn_id);
		alpha_first += index[i] == 1 && n == 2 && strcmp(it.system, "alpha") == 0;
		store_item_release(&it);
	}
	assert_true(alpha_first > 0 && alpha_first < 3);
	for (size_t i = 0; i < fx->n_resp; i++)
		assert_true(queue_pos(&q, fx->resp[i]) >= 0);
	assert_int_equal(q.n_finished, 0);
	store_queue_release(&q);
}

static void test_item_has_its_passages_by_rank_and_the_history_of_the_same_system(void **state)
{
	struct fixture *fx = *state;
	struct store_queue q;
	struct store_item it;
	struct error err;
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, turn_s, &q, &err), ST_OK);
	assert_int_equal(store_item_load(fx->s, fx->resp[4], &it, &err), ST_OK); /* c1/3 zeta */
	assert_int_equal(it.n_turns, 3);
	assert_string_equal(it.question, "third question");
	assert_null(it.rewrite);
	assert_string_equal(it.answer, "answer 3 by zeta");
	assert_int_equal(it.n_passages, 2);
	assert_int_equal(it.passages[0].rank, 1);
	assert_string_equal(it.passages[0].ext_id, "p1");
	assert_string_equal(it.passages[0].title, "Title one");
	assert_string_equal(it.passages[0].text, "passage one");
	assert_true(it.passages[0].has_score);
	assert_true(it.passages[0].score == 2.5);
	assert_null(it.passages[1].title);
	assert_int_equal(it.n_history, 2);
	assert_int_equal(it.history[0].position, 1);
	assert_string_equal(it.history[0].question, "first question");
	assert_string_equal(it.history[0].answer, "answer 1 by zeta");
	assert_string_equal(it.history[1].question, "second question");
	assert_null(it.history[1].answer);  /* zeta did not answer turn 2 */
	store_item_release(&it);

	assert_int_equal(store_item_load(fx->s, fx->resp[2], &it, &err), ST_OK); /* c1/2 alpha */
	assert_string_equal(it.rewrite, "second, rewritten");
	assert_int_equal(it.n_passages, 3);
	assert_false(it.passages[2].has_score);
	store_item_release(&it);
	store_queue_release(&q);
}

static void test_loading_a_missing_item_fails(void **state)
{
	struct fixture *fx = *state;
	struct store_item it;
	struct error err;
	assert_int_equal(store_item_load(fx->s, 99999, &it, &err), ST_STORE);
	assert_string_equal(err.msg, "no response with id 99999");
	store_item_release(&it);
}

static void test_an_item_is_finished_when_every_required_field_is_set(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	int64_t r = fx->resp[1]; /* c1/1 zeta: 2 passages */
	set(fx, r, "intent", 0, "extractive");
	set(fx, r, "answer_correct", 0, "1");
	set(fx, r, "relevant", 1, "1");
	set(fx, r, "note", 0, "notes are optional");

	struct store_item_labels l = STORE_ITEM_LABELS_INIT;
	assert_int_equal(store_item_labels_load(fx->s, r, fx->rater, 0, turn_s, &l, &err), ST_OK);
	assert_int_equal(store_item_n_missing(turn_s, 2, 0, &l), 1);
	struct store_queue q;
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, turn_s, &q, &err), ST_OK);
	assert_int_equal(q.n_finished, 0);
	store_queue_release(&q);

	set(fx, r, "relevant", 2, "0");
	assert_int_equal(store_item_labels_load(fx->s, r, fx->rater, 0, turn_s, &l, &err), ST_OK);
	assert_int_equal(store_item_n_missing(turn_s, 2, 0, &l), 0);
	assert_string_equal(store_item_labels_get(&l, "relevant", 2), "0");
	assert_string_equal(store_item_labels_get(&l, "note", 0), "notes are optional");
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, turn_s, &q, &err), ST_OK);
	assert_int_equal(q.n_finished, 1);
	assert_int_equal(q.finished[queue_pos(&q, r)], 1);
	assert_int_equal(q.finished[queue_pos(&q, fx->resp[0])], 0);
	store_queue_release(&q);

	/* clearing a value (a new NULL row) unfinishes it; the latest row wins */
	set(fx, r, "intent", 0, NULL);
	assert_int_equal(store_item_labels_load(fx->s, r, fx->rater, 0, turn_s, &l, &err), ST_OK);
	assert_null(store_item_labels_get(&l, "intent", 0));
	assert_int_equal(store_item_n_missing(turn_s, 2, 0, &l), 1);
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, turn_s, &q, &err), ST_OK);
	assert_int_equal(q.n_finished, 0);
	store_queue_release(&q);
	store_item_labels_release(&l);
}

static void test_labels_of_other_raters_and_tasks_do_not_count(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	int64_t bob;
	assert_int_equal(store_rater_ensure(fx->s, "bob", &bob, &err), ST_OK);
	int64_t r = fx->resp[0];
	const char *fields[] = { "intent", "answer_correct", "relevant", "relevant", "relevant" };
	const char *values[] = { "boolean", "0", "1", "1", "1" };
	long ranks[] = { 0, 0, 1, 2, 3 };
	for (int i = 0; i < 5; i++) {
		struct store_label_key k = { r, bob, 0, "turn", fields[i], ranks[i],
					     ranks[i] ? UNIT_PASSAGE : strcmp(fields[i], "intent") == 0 ? UNIT_TURN :
					     UNIT_RESPONSE };
		assert_int_equal(store_label_set(fx->s, &k, values[i], 0, &err), ST_OK);
	}
	struct store_label_key k = { r, fx->rater, 0, "plausibility", "plausibility", 0, UNIT_RESPONSE };
	assert_int_equal(store_label_set(fx->s, &k, "plausible", 2, &err), ST_OK);

	struct store_queue q;
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, turn_s, &q, &err), ST_OK);
	assert_int_equal(q.n_finished, 0);
	store_queue_release(&q);
	assert_int_equal(store_queue_load(fx->s, bob, "bob", 0, turn_s, &q, &err), ST_OK);
	assert_int_equal(q.n_finished, 1);
	store_queue_release(&q);
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, plaus_s, &q, &err), ST_OK);
	assert_int_equal(q.n_finished, 1);
	assert_int_equal(q.finished[queue_pos(&q, r)], 1);
	store_queue_release(&q);
}

/* The turn's intent and a pooled passage judged on alpha's answer are
 * judged on zeta's: zeta's item asks only for what is new in it. The
 * latest judgement of a unit wins, wherever it was given. */
static void test_a_turn_and_a_pooled_passage_judged_on_one_answer_are_judged_on_the_other(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	int64_t a = fx->resp[0], z = fx->resp[1];   /* c1/1: alpha p1 p2 p3, zeta p1 p2 */
	set(fx, a, "intent", 0, "extractive");
	set(fx, a, "answer_correct", 0, "1");
	set(fx, a, "relevant", 1, "1");
	set(fx, a, "relevant", 2, "0");
	set(fx, a, "relevant", 3, "1");
	struct store_item_labels l = STORE_ITEM_LABELS_INIT;
	assert_int_equal(store_item_labels_load(fx->s, z, fx->rater, 0, turn_s, &l, &err), ST_OK);
	assert_string_equal(store_item_labels_get(&l, "intent", 0), "extractive");
	assert_string_equal(store_item_labels_get(&l, "relevant", 1), "1");
	assert_string_equal(store_item_labels_get(&l, "relevant", 2), "0");
	assert_null(store_item_labels_get(&l, "relevant", 3));   /* zeta's third is another passage */
	assert_null(store_item_labels_get(&l, "answer_correct", 0));
	assert_int_equal(store_item_n_missing(turn_s, 2, 0, &l), 1);
	struct store_queue q;
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, turn_s, &q, &err), ST_OK);
	assert_int_equal(q.n_finished, 1);
	assert_int_equal(q.finished[queue_pos(&q, a)], 1);
	store_queue_release(&q);

	set(fx, z, "answer_correct", 0, "0");
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, turn_s, &q, &err), ST_OK);
	assert_int_equal(q.n_finished, 2);
	store_queue_release(&q);

	/* a change on zeta's answer is the passage's judgement on alpha's too */
	set(fx, z, "relevant", 1, "0");
	assert_int_equal(store_item_labels_load(fx->s, a, fx->rater, 0, turn_s, &l, &err), ST_OK);
	assert_string_equal(store_item_labels_get(&l, "relevant", 1), "0");
	/* other turns are untouched */
	assert_int_equal(store_item_labels_load(fx->s, fx->resp[3], fx->rater, 0, turn_s, &l, &err), ST_OK);
	assert_int_equal(l.n, 0);
	store_item_labels_release(&l);
}

/* A third system's answer to c1/1: "mid", retrieving p2, p4, p1, with the
 * same answer as alpha's after normalisation. */
static int64_t add_mid(struct fixture *fx)
{
	struct error err;
	struct store_item it;
	enum store_put res;
	struct store_conflict c;
	int64_t imp, mid, p[3], id;
	assert_int_equal(store_item_load(fx->s, fx->resp[0], &it, &err), ST_OK);
	assert_int_equal(store_begin(fx->s, &err), ST_OK);
	assert_int_equal(store_import_begin(fx->s, "mid.json", "1", &imp, &err), ST_OK);
	assert_int_equal(store_put_system(fx->s, "mid", NULL, &mid, &res, &c, &err), ST_OK);
	const char *ext[3] = { "p2", "p4", "p1" };
	for (int i = 0; i < 3; i++)
		assert_int_equal(store_find_passage(fx->s, ext[i], &p[i], &err), ST_OK);
	struct store_ranked r[3] = { { 1, 0, 0, p[0], "p2" }, { 2, 0, 0, p[1], "p4" }, { 3, 0, 0, p[2], "p1" } };
	assert_int_equal(store_put_response(fx->s, it.turn_id, mid, "Answer 1, by ALPHA.", r, 3, NULL, imp, &id,
					    &res, &c, &err), ST_OK);
	assert_int_equal(store_commit(fx->s, &err), ST_OK);
	store_item_release(&it);
	return id;
}

static size_t finished(struct fixture *fx, const struct scheme *sc)
{
	struct store_queue q;
	struct error err;
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", 0, sc, &q, &err), ST_OK);
	size_t n = q.n_finished;
	store_queue_release(&q);
	return n;
}

/* With three systems, each answer asks for its own correctness and for the
 * passages no other answer of the turn has had judged. */
static void test_the_finished_count_with_three_systems(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	int64_t a = fx->resp[0], z = fx->resp[1], m = add_mid(fx);
	set(fx, a, "intent", 0, "boolean");
	set(fx, a, "answer_correct", 0, "1");
	for (long k = 1; k <= 3; k++)
		set(fx, a, "relevant", k, "1");
	assert_int_equal(finished(fx, turn_s), 1);
	set(fx, z, "answer_correct", 0, "1");
	assert_int_equal(finished(fx, turn_s), 2);
	struct store_item_labels l = STORE_ITEM_LABELS_INIT;
	assert_int_equal(store_item_labels_load(fx->s, m, fx->rater, 0, turn_s, &l, &err), ST_OK);
	assert_string_equal(store_item_labels_get(&l, "relevant", 1), "1");   /* p2 */
	assert_null(store_item_labels_get(&l, "relevant", 2));                /* p4: new */
	assert_string_equal(store_item_labels_get(&l, "relevant", 3), "1");   /* p1 */
	assert_int_equal(store_item_n_missing(turn_s, 3, 0, &l), 2);
	set(fx, m, "answer_correct", 0, "0");
	assert_int_equal(finished(fx, turn_s), 2);
	set(fx, m, "relevant", 2, "0");
	assert_int_equal(finished(fx, turn_s), 3);
	store_item_labels_release(&l);
}

/* A field judging the answer: identical answers of a turn (after
 * normalisation) are one unit; a field may be skipped for empty answers. */
static void test_an_answer_unit_is_shared_by_equal_answers(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	static const char json[] =
		"{\"format\": \"convqa-scheme\", \"version\": 1, \"name\": \"fluency\", \"description\": \"d\", \"fields\": ["
		"{\"name\": \"fluent\", \"unit\": \"answer\", \"type\": \"binary\", \"required\": true,"
		" \"categories\": [{\"value\": \"0\", \"label\": \"no\", \"key\": \"x\"},"
		" {\"value\": \"1\", \"label\": \"yes\", \"key\": \"c\"}]}]}";
	struct scheme *sc;
	assert_int_equal(scheme_read("fluency.json", strdup(json), strlen(json), &sc, &err), ST_OK);
	int64_t a = fx->resp[0], z = fx->resp[1], m = add_mid(fx);
	struct store_label_key k = { m, fx->rater, 0, "fluency", "fluent", 0, UNIT_ANSWER };
	assert_int_equal(store_label_set(fx->s, &k, "1", 1, &err), ST_OK);
	struct store_item_labels l = STORE_ITEM_LABELS_INIT;
	assert_int_equal(store_item_labels_load(fx->s, a, fx->rater, 0, sc, &l, &err), ST_OK);
	assert_string_equal(store_item_labels_get(&l, "fluent", 0), "1");
	assert_int_equal(store_item_labels_load(fx->s, z, fx->rater, 0, sc, &l, &err), ST_OK);
	assert_null(store_item_labels_get(&l, "fluent", 0));
	assert_int_equal(finished(fx, sc), 2);
	assert_int_equal(store_item_n_missing(sc, 0, 0, &l), 1);
	sc->fields[0].skip_when_empty = 1;
	assert_int_equal(store_item_n_missing(sc, 0, 1, &l), 0);
	store_item_labels_release(&l);
	scheme_free(sc);
}

/* Scheme "skim": two required binary fields, "seen" judging the turn and
 * "fluent" judging the response, fluent not asked of an empty answer
 * (skip_when_empty); only fluent when only_fluent is set. */
static struct scheme *blank_scheme(int only_fluent)
{
	struct error err;
	char json[1024];
	snprintf(json, sizeof(json),
		 "{\"format\": \"convqa-scheme\", \"version\": 1, \"name\": \"skim\", \"description\": \"d\", "
		 "\"fields\": [%s"
		 "{\"name\": \"fluent\", \"unit\": \"response\", \"type\": \"binary\", \"required\": true,"
		 " \"skip_when_empty\": true, \"categories\": [{\"value\": \"0\", \"label\": \"no\", \"key\": \"x\"},"
		 " {\"value\": \"1\", \"label\": \"yes\", \"key\": \"c\"}]}]}",
		 only_fluent ? "" :
		 "{\"name\": \"seen\", \"unit\": \"turn\", \"type\": \"binary\", \"required\": true,"
		 " \"categories\": [{\"value\": \"0\", \"label\": \"no\", \"key\": \"a\"},"
		 " {\"value\": \"1\", \"label\": \"yes\", \"key\": \"s\"}]}, ");
	struct scheme *sc;
	assert_int_equal(scheme_read("skim.json", strdup(json), strlen(json), &sc, &err), ST_OK);
	return sc;
}

/* A response of a new system name to the turn of response base, with answer
 * and the first n of p1, p2. */
static int64_t add_answer(struct fixture *fx, int64_t base, const char *name, const char *answer, size_t n)
{
	struct error err;
	struct store_item it;
	enum store_put res;
	struct store_conflict c;
	int64_t imp, sys, p[2], id;
	assert_int_equal(store_item_load(fx->s, base, &it, &err), ST_OK);
	assert_int_equal(store_begin(fx->s, &err), ST_OK);
	assert_int_equal(store_import_begin(fx->s, name, "2", &imp, &err), ST_OK);
	assert_int_equal(store_put_system(fx->s, name, NULL, &sys, &res, &c, &err), ST_OK);
	assert_int_equal(store_find_passage(fx->s, "p1", &p[0], &err), ST_OK);
	assert_int_equal(store_find_passage(fx->s, "p2", &p[1], &err), ST_OK);
	struct store_ranked r[2] = { { 1, 0, 0, p[0], "p1" }, { 2, 0, 0, p[1], "p2" } };
	assert_int_equal(store_put_response(fx->s, it.turn_id, sys, answer, r, n, NULL, imp, &id, &res, &c, &err),
			 ST_OK);
	assert_int_equal(store_commit(fx->s, &err), ST_OK);
	store_item_release(&it);
	return id;
}

/* Whether the annotation UI counts item id finished: the item and its
 * labels loaded alone, the answer empty as the screen shows it (tui/app.c). */
static int ui_finished(struct fixture *fx, const struct scheme *sc, int64_t round_id, int64_t id)
{
	struct error err;
	struct store_item it;
	struct store_item_labels l = STORE_ITEM_LABELS_INIT;
	assert_int_equal(store_item_load(fx->s, id, &it, &err), ST_OK);
	assert_int_equal(store_item_labels_load(fx->s, id, fx->rater, round_id, sc, &l, &err), ST_OK);
	int done = store_item_n_missing(sc, it.n_passages, text_blank(it.answer, strlen(it.answer)), &l) == 0;
	store_item_labels_release(&l);
	store_item_release(&it);
	return done;
}

/* Load the queue of sc and check that each finished flag is the UI's for
 * that item; *q is left loaded. */
static void load_queue_as_ui(struct fixture *fx, const struct scheme *sc, int64_t round_id, struct store_queue *q)
{
	struct error err;
	assert_int_equal(store_queue_load(fx->s, fx->rater, "alice", round_id, sc, q, &err), ST_OK);
	size_t n = 0;
	for (size_t i = 0; i < q->n; i++) {
		assert_int_equal(q->finished[i], ui_finished(fx, sc, round_id, q->responses[i]));
		n += q->finished[i];
	}
	assert_int_equal(q->n_finished, n);
}

/* An answer is empty when the screen says "(empty answer)": blank by
 * text_blank() (spaces, tabs, CR, LF), not by SQL's trim() of spaces. A
 * no-break space is text there: the field is asked. */
static void test_a_field_skipped_when_empty_is_skipped_exactly_when_the_ui_shows_an_empty_answer(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	struct scheme *sc = blank_scheme(0);
	int64_t tabs = add_answer(fx, fx->resp[0], "tabs", " \t\r\n", 2);
	int64_t nbsp = add_answer(fx, fx->resp[0], "nbsp", "\xc2\xa0\t", 2);
	struct store_label_key k = { fx->resp[0], fx->rater, 0, "skim", "seen", 0, UNIT_TURN };
	assert_int_equal(store_label_set(fx->s, &k, "1", 1, &err), ST_OK);

	struct store_queue q;
	load_queue_as_ui(fx, sc, 0, &q);
	assert_int_equal(q.finished[queue_pos(&q, tabs)], 1);
	assert_int_equal(q.finished[queue_pos(&q, nbsp)], 0);
	assert_int_equal(q.n_finished, 1);
	store_queue_release(&q);

	struct store_label_key f = { nbsp, fx->rater, 0, "skim", "fluent", 0, UNIT_RESPONSE };
	assert_int_equal(store_label_set(fx->s, &f, "0", 1, &err), ST_OK);
	load_queue_as_ui(fx, sc, 0, &q);
	assert_int_equal(q.finished[queue_pos(&q, nbsp)], 1);
	assert_int_equal(q.n_finished, 2);
	store_queue_release(&q);
	scheme_free(sc);
}

/* When every required field is skipped for an empty answer, an empty
 * answer asks nothing: its item is finished before the rater has labelled
 * anything, in the project's queue and in a round's. */
static void test_an_item_with_nothing_to_ask_is_finished_without_any_label(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	struct scheme *sc = blank_scheme(1);
	int64_t tabs = add_answer(fx, fx->resp[0], "tabs", "\t\n", 2);
	int64_t none = add_answer(fx, fx->resp[3], "none", "", 0);
	int64_t nbsp = add_answer(fx, fx->resp[3], "nbsp", "\xc2\xa0\t", 0);

	struct store_queue q;
	load_queue_as_ui(fx, sc, 0, &q);
	assert_int_equal(q.n, 10);
	assert_int_equal(q.n_finished, 2);
	assert_int_equal(q.finished[queue_pos(&q, tabs)], 1);
	assert_int_equal(q.finished[queue_pos(&q, none)], 1);
	assert_int_equal(q.finished[queue_pos(&q, nbsp)], 0);
	store_queue_release(&q);

	/* a round of three of the items (rounds have no store API yet) */
	sqlite3 *db;
	char sql[512];
	assert_int_equal(sqlite3_open(fx->path, &db), SQLITE_OK);
	snprintf(sql, sizeof(sql),
		 "INSERT INTO round(id, name, task, created_at) VALUES (7, 'r', 'turn', 't');"
		 "INSERT INTO assignment(round_id, rater_id, response_id, seq) VALUES "
		 "(7, %lld, %lld, 1), (7, %lld, %lld, 2), (7, %lld, %lld, 3)",
		 (long long)fx->rater, (long long)nbsp, (long long)fx->rater, (long long)fx->resp[2],
		 (long long)fx->rater, (long long)tabs);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	load_queue_as_ui(fx, sc, 7, &q);
	assert_int_equal(q.n, 3);
	assert_int_equal(q.responses[2], tabs);
	assert_int_equal(q.n_finished, 1);
	assert_int_equal(q.finished[2], 1);
	store_queue_release(&q);

	/* a label in the round finishes its item there only */
	struct store_label_key k = { fx->resp[2], fx->rater, 7, "skim", "fluent", 0, UNIT_RESPONSE };
	assert_int_equal(store_label_set(fx->s, &k, "1", 1, &err), ST_OK);
	load_queue_as_ui(fx, sc, 7, &q);
	assert_int_equal(q.n_finished, 2);
	assert_int_equal(q.finished[1], 1);
	store_queue_release(&q);
	load_queue_as_ui(fx, sc, 0, &q);
	assert_int_equal(q.n_finished, 2);
	store_queue_release(&q);
	scheme_free(sc);
}

/* The flags of the built-in turn scheme with pooled units, cleared values
 * and a third system are the UI's, item by item. */
static void test_finished_flags_are_the_uis_item_by_item(void **state)
{
	struct fixture *fx = *state;
	struct store_queue q;
	int64_t m = add_mid(fx);
	set(fx, fx->resp[0], "intent", 0, "boolean");
	set(fx, fx->resp[0], "answer_correct", 0, "1");
	for (long k = 1; k <= 3; k++)
		set(fx, fx->resp[0], "relevant", k, "1");
	set(fx, fx->resp[1], "answer_correct", 0, "0");
	set(fx, m, "answer_correct", 0, "1");
	set(fx, m, "relevant", 2, "0");
	set(fx, fx->resp[2], "intent", 0, "extractive");
	set(fx, fx->resp[2], "answer_correct", 0, "1");
	for (long k = 1; k <= 3; k++)
		set(fx, fx->resp[2], "relevant", k, "0");
	load_queue_as_ui(fx, turn_s, 0, &q);
	assert_int_equal(q.n_finished, 4);
	store_queue_release(&q);
	/* clearing a passage pooled over c1/1's answers unfinishes all three */
	set(fx, m, "relevant", 3, NULL);
	load_queue_as_ui(fx, turn_s, 0, &q);
	assert_int_equal(q.n_finished, 1);
	assert_int_equal(q.finished[queue_pos(&q, fx->resp[2])], 1);
	store_queue_release(&q);
}

static void test_labels_put_replaces_the_in_memory_value(void **state)
{
	(void)state;
	struct store_item_labels l = STORE_ITEM_LABELS_INIT;
	const struct scheme_field *rel = scheme_field_find(turn_s, "relevant");
	store_item_labels_put(&l, rel, 3, "1");
	store_item_labels_put(&l, rel, 3, "0");
	store_item_labels_put(&l, rel, 1, NULL);
	assert_int_equal(l.n, 2);
	assert_string_equal(store_item_labels_get(&l, "relevant", 3), "0");
	assert_null(store_item_labels_get(&l, "relevant", 1));
	assert_null(store_item_labels_get(&l, "intent", 0));
	store_item_labels_release(&l);
}

struct counts {
	char text[256];
};

static void count_cb(const char *field, const char *value, long count, void *ctx)
{
	struct counts *c = ctx;
	size_t n = strlen(c->text);
	snprintf(c->text + n, sizeof(c->text) - n, "%s=%s:%ld ", field, value, count);
}

static void test_summary_counts_current_values_and_sums_seconds(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	set(fx, fx->resp[0], "intent", 0, "boolean");
	set(fx, fx->resp[0], "intent", 0, "extractive");
	set(fx, fx->resp[1], "intent", 0, "extractive");   /* the same turn: one unit */
	set(fx, fx->resp[3], "intent", 0, "abstractive");
	set(fx, fx->resp[2], "answer_correct", 0, "1");
	set(fx, fx->resp[3], "answer_correct", 0, NULL);
	struct counts c = { "" };
	double seconds;
	assert_int_equal(store_item_summary(fx->s, fx->rater, 0, "turn", count_cb, &c, &seconds, &err), ST_OK);
	assert_string_equal(c.text, "answer_correct=1:1 intent=abstractive:1 intent=extractive:1 ");
	assert_true(seconds == 6.0);
}

static void test_an_absent_round_is_bad_input_naming_the_rounds_there_are(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	int64_t id = -1;
	char *t = NULL;
	int closed = 0;
	assert_int_equal(store_round_info(fx->s, "r1", &id, &t, &closed, &err), ST_INPUT);
	assert_null(t);
	assert_int_equal(id, 0);
	assert_string_equal(err.msg, "no round 'r1' in the project (it has no rounds)");
	/* rounds have no store API yet: a second connection adds them */
	sqlite3 *db;
	assert_int_equal(sqlite3_open(fx->path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "INSERT INTO round(name, task, created_at, status) VALUES "
				      "('spring', 'plausibility', 't', 'closed'), ('autumn', 'turn', 't', 'open'), "
				      "('Zo\xc3\xab', 'turn', 't', 'open')",
				      NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	assert_int_equal(store_round_info(fx->s, "r1", &id, NULL, NULL, &err), ST_INPUT);
	assert_string_equal(err.msg, "no round 'r1' in the project (its rounds: Zo\xc3\xab, autumn, spring)");
	assert_int_equal(store_round_info(fx->s, "spring", &id, &t, &closed, &err), ST_OK);
	assert_true(id > 0);
	assert_string_equal(t, "plausibility");
	free(t);
	assert_int_equal(closed, 1);
	assert_int_equal(store_round_info(fx->s, "autumn", &id, NULL, NULL, &err), ST_OK);
	assert_true(id > 0);
}

static void test_a_writable_project_is_not_read_only(void **state)
{
	struct fixture *fx = *state;
	assert_int_equal(store_item_read_only(fx->s), 0);
}

/* set() with the seconds given (a "-" saves 0 s after its first row). */
static void set_secs(struct fixture *fx, int64_t resp, const char *field, long rank, const char *value,
		     double seconds)
{
	struct error err;
	struct store_label_key k = { resp, fx->rater, 0, "turn", field, rank,
				     rank ? UNIT_PASSAGE : strcmp(field, "intent") == 0 ? UNIT_TURN : UNIT_RESPONSE };
	assert_int_equal(store_label_set(fx->s, &k, value, seconds, &err), ST_OK);
}

/* What u takes back next: "field[rank]=value<-before" of each change of the group. */
static void undoable(struct fixture *fx, char *buf, size_t size)
{
	struct store_changes c;
	struct error err;
	assert_int_equal(store_item_undoable(fx->s, fx->rater, 0, "turn", &c, &err), ST_OK);
	size_t len = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < c.n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s[%ld]=%s<-%s", i ? " " : "", c.v[i].field,
					c.v[i].passage_rank, c.v[i].value ? c.v[i].value : "null",
					c.v[i].before ? c.v[i].before : "null");
	store_changes_release(&c);
}

/* An undo is a row: the history read back as a stack of changes, so that
 * u after a restart takes back the change before the last one undone, not
 * the undo (no redo); a row that changes nothing is no change; a "-" is one
 * change. */
static void test_undo_reads_the_history_as_a_stack_of_changes(void **state)
{
	struct fixture *fx = *state;
	char got[256];
	undoable(fx, got, sizeof(got));
	assert_string_equal(got, "");
	set(fx, fx->resp[0], "intent", 0, "extractive");
	set(fx, fx->resp[0], "answer_correct", 0, "1");
	set(fx, fx->resp[1], "intent", 0, "boolean");       /* the turn's: over extractive */
	undoable(fx, got, sizeof(got));
	assert_string_equal(got, "intent[0]=boolean<-extractive");
	set(fx, fx->resp[0], "intent", 0, "extractive");   /* its undo */
	undoable(fx, got, sizeof(got));
	assert_string_equal(got, "answer_correct[0]=1<-null");
	set(fx, fx->resp[0], "answer_correct", 0, "1");    /* the same value again: no change */
	undoable(fx, got, sizeof(got));
	assert_string_equal(got, "answer_correct[0]=1<-null");
	/* a "-": passages 1 and 3 not relevant, the second row 0 s */
	set_secs(fx, fx->resp[0], "relevant", 2, "1", 1.0);
	set_secs(fx, fx->resp[0], "relevant", 1, "0", 2.0);
	set_secs(fx, fx->resp[0], "relevant", 3, "0", 0.0);
	undoable(fx, got, sizeof(got));
	assert_string_equal(got, "relevant[3]=0<-null relevant[1]=0<-null");
	set_secs(fx, fx->resp[0], "relevant", 3, NULL, 1.0);
	set_secs(fx, fx->resp[0], "relevant", 1, NULL, 0.0);
	undoable(fx, got, sizeof(got));
	assert_string_equal(got, "relevant[2]=1<-null");
	/* a change of another unit in between: a change back by hand is a change */
	set(fx, fx->resp[0], "answer_correct", 0, "0");
	set(fx, fx->resp[2], "intent", 0, "boolean");
	set(fx, fx->resp[0], "answer_correct", 0, "1");
	undoable(fx, got, sizeof(got));
	assert_string_equal(got, "answer_correct[0]=1<-0");
}

/* What kept history h takes back next, as undoable() writes it; checked
 * against a read of the whole history (store_item_undoable) at each step. */
static void kept_undoable(struct fixture *fx, struct store_item_history *h, char *buf, size_t size)
{
	struct store_changes c;
	struct error err;
	char whole[256];
	assert_int_equal(store_item_history_undoable(fx->s, h, &c, &err), ST_OK);
	size_t len = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < c.n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s[%ld]=%s<-%s", i ? " " : "", c.v[i].field,
					c.v[i].passage_rank, c.v[i].value ? c.v[i].value : "null",
					c.v[i].before ? c.v[i].before : "null");
	store_changes_release(&c);
	undoable(fx, whole, sizeof(whole));
	assert_string_equal(buf, whole);
}

/* A history kept between undos (u in the UI) reads the whole history once,
 * then only the rows added since - its own undos, rows that change nothing,
 * another connection's labels - and takes back what a read of the whole
 * history would at every step. */
static void test_a_kept_history_reads_only_the_new_rows_and_undoes_as_the_whole_history(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	char got[256];
	struct store_item_history *h = store_item_history_new(fx->rater, 0, "turn");
	kept_undoable(fx, h, got, sizeof(got));   /* read once: nothing yet */
	assert_string_equal(got, "");
	set(fx, fx->resp[0], "intent", 0, "extractive");
	set(fx, fx->resp[0], "answer_correct", 0, "1");
	set(fx, fx->resp[1], "intent", 0, "boolean");
	kept_undoable(fx, h, got, sizeof(got));
	assert_string_equal(got, "intent[0]=boolean<-extractive");
	set(fx, fx->resp[0], "intent", 0, "extractive");   /* its undo */
	kept_undoable(fx, h, got, sizeof(got));
	assert_string_equal(got, "answer_correct[0]=1<-null");
	set(fx, fx->resp[0], "answer_correct", 0, "1");    /* no change: read again next time, no change again */
	kept_undoable(fx, h, got, sizeof(got));
	assert_string_equal(got, "answer_correct[0]=1<-null");
	set_secs(fx, fx->resp[0], "relevant", 2, "1", 1.0);
	set_secs(fx, fx->resp[0], "relevant", 1, "0", 2.0);
	set_secs(fx, fx->resp[0], "relevant", 3, "0", 0.0);
	kept_undoable(fx, h, got, sizeof(got));
	assert_string_equal(got, "relevant[3]=0<-null relevant[1]=0<-null");
	/* a history first read now: the whole of it, then the new rows */
	struct store_item_history *late = store_item_history_new(fx->rater, 0, "turn");
	kept_undoable(fx, late, got, sizeof(got));
	assert_string_equal(got, "relevant[3]=0<-null relevant[1]=0<-null");
	set_secs(fx, fx->resp[0], "relevant", 3, NULL, 1.0);
	set_secs(fx, fx->resp[0], "relevant", 1, NULL, 0.0);
	kept_undoable(fx, h, got, sizeof(got));
	assert_string_equal(got, "relevant[2]=1<-null");
	kept_undoable(fx, late, got, sizeof(got));
	assert_string_equal(got, "relevant[2]=1<-null");
	/* another process's row (the same rater, convqa label) */
	struct store *other;
	assert_int_equal(store_open(fx->path, 0, &other, &err), ST_OK);
	struct store_label_key k = { fx->resp[2], fx->rater, 0, "turn", "intent", 0, UNIT_TURN };
	assert_int_equal(store_label_set(other, &k, "boolean", 1.0, &err), ST_OK);
	store_close(other);
	kept_undoable(fx, h, got, sizeof(got));
	assert_string_equal(got, "intent[0]=boolean<-null");
	/* the rater's rows of another task are not this history's */
	struct store_label_key k2 = { fx->resp[0], fx->rater, 0, "plausibility", "answer_correct", 0, UNIT_RESPONSE };
	assert_int_equal(store_label_set(fx->s, &k2, "1", 1.0, &err), ST_OK);
	kept_undoable(fx, h, got, sizeof(got));
	assert_string_equal(got, "intent[0]=boolean<-null");
	store_item_history_free(late);
	store_item_history_free(h);
	store_item_history_free(NULL);
}

/* A response's stored evidence spans come back by the passage's rank, then
 * start, with the passage's id, rank and text; a response without spans
 * has none. */
static void test_evidence_spans_come_back_by_rank_then_start_with_their_passages(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	struct store_spans *sp;
	const struct store_spans_response *r;
	assert_int_equal(store_begin(fx->s, &err), ST_OK);
	assert_int_equal(store_spans_open(fx->s, NULL, &sp, &err), ST_OK);
	while (store_spans_next(sp, &r, &err) == ST_OK && r && r->id != fx->resp[0])
		;
	assert_non_null(r);
	assert_true(r->n_passages >= 2);
	const struct store_spans_passage *p1 = &r->passages[0], *p2 = &r->passages[1];
	struct store_span v[3] = {
		{ p2->id, p2->text, 0, 7, "answer", 0.5 },
		{ p1->id, p1->text, 8, 11, "gold", 1.0 },
		{ p1->id, p1->text, 0, 7, "answer", 0.25 },
	};
	const char *sources[2] = { "answer", "gold" };
	struct store_spans_diff d = { 0 };
	assert_int_equal(store_spans_put(sp, fx->resp[0], sources, 2, v, 3, &d, &err), ST_OK);
	store_spans_close(sp);
	assert_int_equal(store_commit(fx->s, &err), ST_OK);

	struct store_evidence e;
	assert_int_equal(store_evidence_load(fx->s, fx->resp[0], &e, &err), ST_OK);
	assert_int_equal(e.n_passages, 2);
	assert_string_equal(e.passages[0].ext_id, "p1");
	assert_int_equal(e.passages[0].rank, 1);
	assert_string_equal(e.passages[0].text, "passage one");
	assert_int_equal(e.passages[0].len, strlen("passage one"));
	assert_string_equal(e.passages[1].ext_id, "p2");
	assert_int_equal(e.passages[1].rank, 2);
	assert_int_equal(e.n_spans, 3);
	assert_int_equal(e.spans[0].passage, 0);
	assert_int_equal(e.spans[0].start, 0);
	assert_int_equal(e.spans[0].end, 7);
	assert_false(e.spans[0].gold);
	assert_int_equal(e.spans[1].passage, 0);
	assert_int_equal(e.spans[1].start, 8);
	assert_true(e.spans[1].gold);
	assert_true(e.spans[1].score == 1.0);
	assert_int_equal(e.spans[2].passage, 1);
	store_evidence_release(&e);

	assert_int_equal(store_evidence_load(fx->s, fx->resp[1], &e, &err), ST_OK);
	assert_int_equal(e.n_spans, 0);
	assert_int_equal(e.n_passages, 0);
	store_evidence_release(&e);
}

/* ---- the order of a turn's answers ------------------------------------ */

/* A generated project at path: n_conv conversations of 1 to 3 turns, every
 * turn answered by each of n_sys systems (s0, s1, ...), and the raters
 * alice and bob. */
static struct store *generated(const char *path, size_t n_conv, size_t n_sys)
{
	struct store *s;
	struct error err;
	enum store_put res;
	struct store_conflict c;
	int64_t imp, sys[8], p, rater;
	unlink(path);
	assert_int_equal(store_open(path, STORE_CREATE, &s, &err), ST_OK);
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_import_begin(s, "generated.json", "0", &imp, &err), ST_OK);
	for (size_t i = 0; i < n_sys; i++) {
		char name[24];
		snprintf(name, sizeof(name), "s%zu", i);
		assert_int_equal(store_put_system(s, name, NULL, &sys[i], &res, &c, &err), ST_OK);
	}
	assert_int_equal(store_put_passage(s, "p1", NULL, NULL, "a passage", imp, &p, &res, &c, &err), ST_OK);
	for (size_t ci = 0; ci < n_conv; ci++) {
		char id[24];
		int64_t conv;
		snprintf(id, sizeof(id), "c%zu", ci);
		assert_int_equal(store_put_conversation(s, id, NULL, imp, &conv, &res, &c, &err), ST_OK);
		for (int t = 1; t <= (int)(ci % 3) + 1; t++) {
			int64_t turn, r;
			struct store_gold g = { 0 };
			assert_int_equal(store_put_turn(s, conv, t, "a question", NULL, &g, NULL, &turn, &res, &c, &err),
					 ST_OK);
			for (size_t i = 0; i < n_sys; i++) {
				struct store_ranked rk = { 1, 1.0, 1, p, "p1" };
				assert_int_equal(store_put_response(s, turn, sys[i], "an answer", &rk, 1, NULL, imp, &r,
								    &res, &c, &err), ST_OK);
			}
		}
	}
	assert_int_equal(store_commit(s, &err), ST_OK);
	assert_int_equal(store_rater_ensure(s, "alice", &rater, &err), ST_OK);
	assert_int_equal(store_rater_ensure(s, "bob", &rater, &err), ST_OK);
	return s;
}

/* What a rater's queue shows of the order of the turns' answers. */
struct order_stats {
	long at[4][4];               /* system, place: how often */
	long turns, pairs, same_first;
	unsigned char seen[256];     /* the orders met, each as base-4 digits */
	size_t n_orders;
};

static void order_stats(struct store *s, const struct store_queue *q, size_t n_sys, struct order_stats *o)
{
	struct error err;
	long prev_first = -1;
	memset(o, 0, sizeof(*o));
	for (size_t i = 0; i < q->n;) {
		size_t j = i, code = 0;
		long first = -1;
		for (; j < q->n && q->turns[j] == q->turns[i]; j++) {
			struct store_item it;
			assert_int_equal(store_item_load(s, q->responses[j], &it, &err), ST_OK);
			long sy = atol(it.system + 1);
			store_item_release(&it);
			o->at[sy][j - i]++;
			code = code * 4 + (size_t)sy;
			if (j == i)
				first = sy;
		}
		assert_int_equal(j - i, n_sys);
		o->n_orders += !o->seen[code];
		o->seen[code] = 1;
		if (prev_first >= 0) {
			o->pairs++;
			o->same_first += first == prev_first;
		}
		prev_first = first;
		o->turns++;
		i = j;
	}
}

/* Each system at each place as often as the others, within one. */
static void assert_balanced(const struct order_stats *o, size_t n_sys)
{
	for (size_t sy = 0; sy < n_sys; sy++)
		for (size_t k = 0; k < n_sys; k++) {
			long d = o->at[sy][k] * (long)n_sys - o->turns;   /* n_sys times the distance from even */
			if (d < -(long)n_sys || d > (long)n_sys)
				fail_msg("system s%zu is answer %zu on %ld of %ld turns", sy, k + 1, o->at[sy][k], o->turns);
		}
}

/* A rater's queue gives each turn's answers an order of its own, balanced
 * over the queue: every system takes every place equally often (within
 * one), every order of the systems occurs, and the first answer is seldom
 * the same system twice running; another rater sees other orders; loading
 * the queue again gives the same. */
static void test_the_answers_of_a_turn_come_in_a_balanced_order_for_each_rater(void **state)
{
	(void)state;
	char path[64];
	snprintf(path, sizeof(path), "/tmp/test_store_item_order_%d.db", (int)getpid());
	struct store *s = generated(path, 200, 4);
	struct error err;
	int64_t alice, bob;
	assert_int_equal(store_rater_find(s, "alice", &alice, &err), ST_OK);
	assert_int_equal(store_rater_find(s, "bob", &bob, &err), ST_OK);
	struct store_queue qa, qb, again;
	struct order_stats o;
	assert_int_equal(store_queue_load(s, alice, "alice", 0, turn_s, &qa, &err), ST_OK);
	assert_int_equal(qa.n, 399 * 4);   /* 67 + 67 * 2 + 66 * 3 turns */
	order_stats(s, &qa, 4, &o);
	assert_balanced(&o, 4);
	assert_int_equal(o.n_orders, 24);
	assert_true(o.same_first * 100 <= o.pairs * 40);
	assert_int_equal(store_queue_load(s, bob, "bob", 0, turn_s, &qb, &err), ST_OK);
	assert_int_equal(store_queue_load(s, alice, "alice", 0, turn_s, &again, &err), ST_OK);
	assert_memory_equal(qa.responses, again.responses, qa.n * sizeof(*qa.responses));
	assert_memory_not_equal(qa.responses, qb.responses, qa.n * sizeof(*qa.responses));
	order_stats(s, &qb, 4, &o);
	assert_balanced(&o, 4);
	store_queue_release(&qa);
	store_queue_release(&qb);
	store_queue_release(&again);

	/* in a round, over each rater's share */
	const char *raters[] = { "alice", "bob" };
	struct round_request rq = { .name = "r1", .task = "turn", .raters = raters, .n_raters = 2, .overlap = 1,
				    .seed = 7 };
	struct round_made m;
	assert_int_equal(rounds_create(s, &rq, &m, &err), ST_OK);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(store_queue_load(s, i ? bob : alice, raters[i], m.id, turn_s, &qa, &err), ST_OK);
		order_stats(s, &qa, 4, &o);
		assert_true(o.turns > 150);
		assert_balanced(&o, 4);
		assert_true(o.n_orders >= 20);
		assert_true(o.same_first * 100 <= o.pairs * 40);
		store_queue_release(&qa);
	}
	round_made_release(&m);
	store_close(s);

	/* two systems: the first answer changes system often */
	s = generated(path, 200, 2);
	assert_int_equal(store_queue_load(s, alice, "alice", 0, turn_s, &qa, &err), ST_OK);
	order_stats(s, &qa, 2, &o);
	assert_balanced(&o, 2);
	assert_int_equal(o.n_orders, 2);
	assert_true(o.same_first * 100 <= o.pairs * 40);
	store_queue_release(&qa);
	store_close(s);
	unlink(path);
	char aux[80];
	snprintf(aux, sizeof(aux), "%s-wal", path);
	unlink(aux);
	snprintf(aux, sizeof(aux), "%s-shm", path);
	unlink(aux);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_queue_is_in_conversation_and_turn_order_with_answers_mixed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_item_has_its_passages_by_rank_and_the_history_of_the_same_system, setup, teardown),
		cmocka_unit_test_setup_teardown(test_loading_a_missing_item_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(test_an_item_is_finished_when_every_required_field_is_set, setup, teardown),
		cmocka_unit_test_setup_teardown(test_labels_of_other_raters_and_tasks_do_not_count, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_turn_and_a_pooled_passage_judged_on_one_answer_are_judged_on_the_other, setup, teardown),
		cmocka_unit_test_setup_teardown(test_the_finished_count_with_three_systems, setup, teardown),
		cmocka_unit_test_setup_teardown(test_an_answer_unit_is_shared_by_equal_answers, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_field_skipped_when_empty_is_skipped_exactly_when_the_ui_shows_an_empty_answer, setup, teardown),
		cmocka_unit_test_setup_teardown(test_an_item_with_nothing_to_ask_is_finished_without_any_label, setup, teardown),
		cmocka_unit_test_setup_teardown(test_finished_flags_are_the_uis_item_by_item, setup, teardown),
		cmocka_unit_test(test_labels_put_replaces_the_in_memory_value),
		cmocka_unit_test_setup_teardown(test_summary_counts_current_values_and_sums_seconds, setup, teardown),
		cmocka_unit_test_setup_teardown(test_an_absent_round_is_bad_input_naming_the_rounds_there_are, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_writable_project_is_not_read_only, setup, teardown),
		cmocka_unit_test_setup_teardown(test_undo_reads_the_history_as_a_stack_of_changes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_kept_history_reads_only_the_new_rows_and_undoes_as_the_whole_history,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_evidence_spans_come_back_by_rank_then_start_with_their_passages, setup,
						teardown),
		cmocka_unit_test(test_the_answers_of_a_turn_come_in_a_balanced_order_for_each_rater),
	};
	return cmocka_run_group_tests_name("store_item", tests, load_schemes, free_schemes);
}
