/* Unit tests: where a round's raters disagree (store_adjudicate_list,
 * store.h "adjudication"): per unit and field, each rater's current value;
 * a turn and a pooled passage counted once, whichever answer they were
 * judged on; adjudicators' values are settlements, not votes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"

static struct scheme *turn_s;

static int load_schemes(void **state)
{
	struct error err;
	(void)state;
	assert_int_equal(scheme_builtin("turn", &turn_s, &err), ST_OK);
	return 0;
}

static int free_schemes(void **state)
{
	(void)state;
	scheme_free(turn_s);
	return 0;
}

struct fixture {
	char path[64];
	struct store *s;
	int64_t alice, bob, dan, carol;   /* carol: the adjudicator */
	int64_t r1, r2;                   /* rounds */
	int64_t a1, z1, a2;               /* c1/1 alpha and zeta (both retrieved p1), c1/2 alpha */
};

/* c1 turn 1: alpha retrieved p1 p2, zeta p3 p1 (p1 pooled: rank 1 and 2);
 * c1 turn 2: alpha retrieved p2. Rounds r1 (alice, bob, dan) and r2. */
static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct error err;
	snprintf(fx->path, sizeof(fx->path), "/tmp/test_store_adjudicate_%d.db", (int)getpid());
	unlink(fx->path);
	assert_int_equal(store_open(fx->path, STORE_CREATE, &fx->s, &err), ST_OK);
	struct store *s = fx->s;
	enum store_put res;
	struct store_conflict c;
	int64_t imp, zeta, alpha, conv, p[3], turn[2];
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_import_begin(s, "fixture.json", "0", &imp, &err), ST_OK);
	assert_int_equal(store_put_system(s, "zeta", NULL, &zeta, &res, &c, &err), ST_OK);
	assert_int_equal(store_put_system(s, "alpha", NULL, &alpha, &res, &c, &err), ST_OK);
	for (int i = 0; i < 3; i++) {
		char id[16], text[32];
		snprintf(id, sizeof(id), "p%d", i + 1);
		snprintf(text, sizeof(text), "passage %d", i + 1);
		assert_int_equal(store_put_passage(s, id, NULL, NULL, text, imp, &p[i], &res, &c, &err), ST_OK);
	}
	assert_int_equal(store_put_conversation(s, "c1", NULL, imp, &conv, &res, &c, &err), ST_OK);
	struct store_gold g = { 0 };
	assert_int_equal(store_put_turn(s, conv, 1, "first", NULL, &g, NULL, &turn[0], &res, &c, &err), ST_OK);
	assert_int_equal(store_put_turn(s, conv, 2, "second", NULL, &g, NULL, &turn[1], &res, &c, &err), ST_OK);
	struct store_ranked ra[2] = { { 1, 0, 0, p[0], "p1" }, { 2, 0, 0, p[1], "p2" } };
	struct store_ranked rz[2] = { { 1, 0, 0, p[2], "p3" }, { 2, 0, 0, p[0], "p1" } };
	struct store_ranked r2[1] = { { 1, 0, 0, p[1], "p2" } };
	assert_int_equal(store_put_response(s, turn[0], alpha, "Paris", ra, 2, NULL, imp, &fx->a1, &res, &c, &err),
			 ST_OK);
	assert_int_equal(store_put_response(s, turn[0], zeta, "Lyon", rz, 2, NULL, imp, &fx->z1, &res, &c, &err),
			 ST_OK);
	assert_int_equal(store_put_response(s, turn[1], alpha, "yes", r2, 1, NULL, imp, &fx->a2, &res, &c, &err),
			 ST_OK);
	assert_int_equal(store_commit(s, &err), ST_OK);
	assert_int_equal(store_rater_ensure(s, "alice", &fx->alice, &err), ST_OK);
	assert_int_equal(store_rater_ensure(s, "bob", &fx->bob, &err), ST_OK);
	assert_int_equal(store_rater_ensure(s, "dan", &fx->dan, &err), ST_OK);
	assert_int_equal(store_rater_put(s, "carol", ROLE_ADJUDICATOR, NULL, &fx->carol, &err), ST_OK);
	int64_t raters[3] = { fx->alice, fx->bob, fx->dan };
	struct store_round_new r = { .name = "r1", .task = "turn", .raters = raters, .n_raters = 3 };
	assert_int_equal(store_round_create(s, &r, &fx->r1, &err), ST_OK);
	r.name = "r2";
	assert_int_equal(store_round_create(s, &r, &fx->r2, &err), ST_OK);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	store_close(fx->s);
	char aux[80];
	unlink(fx->path);
	snprintf(aux, sizeof(aux), "%s-wal", fx->path);
	unlink(aux);
	snprintf(aux, sizeof(aux), "%s-shm", fx->path);
	unlink(aux);
	free(fx);
	return 0;
}

/* A label of rater in round (0: none) on response resp. */
static void set(struct fixture *fx, int64_t rater, int64_t round, int64_t resp, const char *field, long rank,
		const char *value)
{
	struct error err;
	const struct scheme_field *f = scheme_field_find(turn_s, field);
	struct store_label_key k = { resp, rater, round, "turn", field, rank, f->unit };
	assert_int_equal(store_label_set(fx->s, &k, value, 1.0, &err), ST_OK);
}

/* The disagreements of r1 for carol as "field@response[rank]: rater=value
 * ... (settled)" lines. */
static char *listed(struct fixture *fx, struct store_disagreements *d)
{
	struct error err;
	static char buf[2048];
	size_t len = 0;
	assert_int_equal(store_adjudicate_list(fx->s, fx->r1, turn_s, fx->carol, d, &err), ST_OK);
	buf[0] = '\0';
	for (size_t i = 0; i < d->n; i++) {
		const struct store_disagreement *x = &d->v[i];
		const char *where = x->response_id == fx->a1 ? "a1" : x->response_id == fx->z1 ? "z1" :
				    x->response_id == fx->a2 ? "a2" : "?";
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s@%s[%ld]:", i ? "\n" : "", x->field->name,
					where, x->passage_rank);
		for (size_t j = 0; j < x->n_values; j++)
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, " %s=%s", x->values[j].rater,
						x->values[j].value);
		if (x->settled)
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, " (settled %s)", x->settled);
	}
	return buf;
}

static void test_no_labels_no_disagreements(void **state)
{
	struct fixture *fx = *state;
	struct store_disagreements d;
	assert_string_equal(listed(fx, &d), "");
	assert_int_equal(d.n, 0);
	assert_int_equal(d.units, 0);
	store_disagreements_release(&d);
}

/* The turn's intent judged on alpha by alice and on zeta by bob is one
 * unit; p1, relevant to alice on alpha (rank 1) and not to bob on zeta
 * (rank 2), one passage: shown where it was first judged. */
static void test_a_turn_and_a_pooled_passage_are_one_disagreement_each(void **state)
{
	struct fixture *fx = *state;
	struct store_disagreements d;
	set(fx, fx->alice, fx->r1, fx->a1, "intent", 0, "extractive");
	set(fx, fx->bob, fx->r1, fx->z1, "intent", 0, "boolean");
	set(fx, fx->bob, fx->r1, fx->z1, "relevant", 2, "0");
	set(fx, fx->alice, fx->r1, fx->a1, "relevant", 1, "1");
	set(fx, fx->alice, fx->r1, fx->a1, "relevant", 2, "1");   /* p2: only alice */
	set(fx, fx->alice, fx->r1, fx->a1, "answer_correct", 0, "1");
	set(fx, fx->bob, fx->r1, fx->a1, "answer_correct", 0, "1");   /* agree */
	set(fx, fx->alice, fx->r1, fx->a1, "note", 0, "fine");
	set(fx, fx->bob, fx->r1, fx->a1, "note", 0, "odd");          /* text: not compared */
	assert_string_equal(listed(fx, &d), "intent@a1[0]: alice=extractive bob=boolean\n"
					    "relevant@z1[2]: alice=1 bob=0");
	assert_int_equal(d.units, 3);   /* intent, p1, alpha's answer */
	assert_int_equal(d.v[1].field->unit, UNIT_PASSAGE);
	assert_int_equal(d.n_settled, 0);
	store_disagreements_release(&d);
}

/* Only current values count: a changed or cleared label is not a vote. */
static void test_the_latest_label_of_each_rater_counts(void **state)
{
	struct fixture *fx = *state;
	struct store_disagreements d;
	set(fx, fx->alice, fx->r1, fx->a1, "answer_correct", 0, "1");
	set(fx, fx->bob, fx->r1, fx->a1, "answer_correct", 0, "0");
	set(fx, fx->alice, fx->r1, fx->z1, "answer_correct", 0, "1");
	set(fx, fx->bob, fx->r1, fx->z1, "answer_correct", 0, "0");
	set(fx, fx->bob, fx->r1, fx->a1, "answer_correct", 0, "1");    /* bob changes his mind */
	set(fx, fx->bob, fx->r1, fx->z1, "answer_correct", 0, NULL);   /* and clears the other */
	assert_string_equal(listed(fx, &d), "");
	assert_int_equal(d.units, 1);
	store_disagreements_release(&d);
}

/* Three raters: any difference is a disagreement; the adjudicator's value
 * settles it and is no vote; a distrusted rater is left out as the report
 * leaves them out of a consensus; other rounds do not count. */
static void test_adjudicators_settle_distrusted_raters_and_other_rounds_do_not_vote(void **state)
{
	struct fixture *fx = *state;
	struct store_disagreements d;
	struct error err;
	set(fx, fx->alice, fx->r1, fx->a2, "answer_correct", 0, "1");
	set(fx, fx->bob, fx->r1, fx->a2, "answer_correct", 0, "1");
	set(fx, fx->dan, fx->r1, fx->a2, "answer_correct", 0, "0");
	set(fx, fx->alice, fx->r1, fx->a2, "intent", 0, "boolean");
	set(fx, fx->carol, fx->r1, fx->a2, "intent", 0, "abstractive");   /* no disagreement to settle */
	set(fx, fx->bob, fx->r2, fx->a2, "intent", 0, "extractive");       /* another round */
	set(fx, fx->bob, 0, fx->a2, "intent", 0, "extractive");            /* outside rounds */
	assert_string_equal(listed(fx, &d), "answer_correct@a2[0]: alice=1 bob=1 dan=0");
	store_disagreements_release(&d);
	set(fx, fx->carol, fx->r1, fx->a2, "answer_correct", 0, "1");
	assert_string_equal(listed(fx, &d), "answer_correct@a2[0]: alice=1 bob=1 dan=0 (settled 1)");
	assert_int_equal(d.n_settled, 1);
	store_disagreements_release(&d);
	assert_int_equal(store_rater_set_trusted(fx->s, fx->dan, 0, &err), ST_OK);
	assert_string_equal(listed(fx, &d), "");
	store_disagreements_release(&d);
}

/* In conversation order: a turn's own fields first, then by answer and
 * the scheme's fields. */
static void test_disagreements_come_in_conversation_order(void **state)
{
	struct fixture *fx = *state;
	struct store_disagreements d;
	set(fx, fx->alice, fx->r1, fx->a2, "intent", 0, "boolean");
	set(fx, fx->bob, fx->r1, fx->a2, "intent", 0, "abstractive");
	set(fx, fx->alice, fx->r1, fx->z1, "relevant", 1, "1");
	set(fx, fx->bob, fx->r1, fx->z1, "relevant", 1, "0");
	set(fx, fx->alice, fx->r1, fx->z1, "answer_correct", 0, "1");
	set(fx, fx->bob, fx->r1, fx->z1, "answer_correct", 0, "0");
	set(fx, fx->alice, fx->r1, fx->z1, "intent", 0, "boolean");
	set(fx, fx->bob, fx->r1, fx->a1, "intent", 0, "extractive");
	assert_string_equal(listed(fx, &d), "intent@z1[0]: alice=boolean bob=extractive\n"
					    "answer_correct@z1[0]: alice=1 bob=0\n"
					    "relevant@z1[1]: alice=1 bob=0\n"
					    "intent@a2[0]: alice=boolean bob=abstractive");
	/* each on its answer's place among the turn's answers, in carol's order */
	for (size_t i = 0; i < 3; i++) {
		assert_int_equal(d.v[i].n_answers, 2);
		assert_int_equal(d.v[i].answer_index, d.v[0].answer_index);
		assert_true(d.v[i].answer_index == 1 || d.v[i].answer_index == 2);
	}
	assert_int_equal(d.v[3].n_answers, 1);
	assert_int_equal(d.v[3].answer_index, 1);
	store_disagreements_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_no_labels_no_disagreements, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_turn_and_a_pooled_passage_are_one_disagreement_each, setup, teardown),
		cmocka_unit_test_setup_teardown(test_the_latest_label_of_each_rater_counts, setup, teardown),
		cmocka_unit_test_setup_teardown(test_adjudicators_settle_distrusted_raters_and_other_rounds_do_not_vote, setup, teardown),
		cmocka_unit_test_setup_teardown(test_disagreements_come_in_conversation_order, setup, teardown),
	};
	return cmocka_run_group_tests_name("store_adjudicate", tests, load_schemes, free_schemes);
}
