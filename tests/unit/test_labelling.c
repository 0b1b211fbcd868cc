/* Unit tests: the labelling rules (labelling.h). Each test checks what a
 * user would see: the status (the exit code of convqa label and annotate),
 * the message, and what the project holds afterwards. */
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

#include "convqa/access.h"
#include "convqa/labelling.h"
#include "convqa/store.h"

struct fixture {
	char path[64];
	struct store *s;
	int64_t resp;      /* c1 turn 1, system sys-a: two passages */
};

/* One conversation c1 of one turn answered by sys-a with passages at ranks
 * 1 and 2; rounds "spring" (turn, open), "autumn" (plausibility, open),
 * "winter" (turn, closed) and "summer" (plausibility, closed). */
static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct error err;
	snprintf(fx->path, sizeof(fx->path), "/tmp/test_labelling_%d.db", (int)getpid());
	unlink(fx->path);
	assert_int_equal(store_open(fx->path, STORE_CREATE, &fx->s, &err), ST_OK);
	struct store *s = fx->s;
	enum store_put res;
	struct store_conflict c;
	struct store_gold g = { 0 };
	int64_t imp, sys, conv, turn, p[2];
	assert_int_equal(store_begin(s, &err), ST_OK);
	assert_int_equal(store_import_begin(s, "fixture.json", "0", &imp, &err), ST_OK);
	assert_int_equal(store_put_system(s, "sys-a", NULL, &sys, &res, &c, &err), ST_OK);
	assert_int_equal(store_put_passage(s, "p1", NULL, NULL, "passage one", imp, &p[0], &res, &c, &err), ST_OK);
	assert_int_equal(store_put_passage(s, "p2", NULL, NULL, "passage two", imp, &p[1], &res, &c, &err), ST_OK);
	assert_int_equal(store_put_conversation(s, "c1", NULL, imp, &conv, &res, &c, &err), ST_OK);
	assert_int_equal(store_put_turn(s, conv, 1, "a question", NULL, &g, NULL, &turn, &res, &c, &err), ST_OK);
	struct store_ranked r[2] = { { 1, 2.5, 1, p[0], "p1" }, { 2, 1.5, 1, p[1], "p2" } };
	assert_int_equal(store_put_response(s, turn, sys, "an answer", r, 2, NULL, imp, &fx->resp, &res, &c, &err),
			 ST_OK);
	assert_int_equal(store_commit(s, &err), ST_OK);
	/* rounds have no store API yet: a second connection adds them */
	sqlite3 *db;
	assert_int_equal(sqlite3_open(fx->path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "INSERT INTO round(name, task, created_at, status) VALUES "
				      "('spring', 'turn', 't', 'open'), ('autumn', 'plausibility', 't', 'open'), "
				      "('winter', 'turn', 't', 'closed'), ('summer', 'plausibility', 't', 'closed')",
				      NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
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

/* The project's label rows, one "rater round task field rank=value" line each. */
static int row_cb(const struct store_label_row *row, void *ctx)
{
	char line[256];
	snprintf(line, sizeof(line), "%s %s %s %s %ld=%s\n", row->rater, row->round ? row->round : "-", row->task,
		 row->field, row->passage_rank, row->value ? row->value : "null");
	strncat(ctx, line, 1023 - strlen(ctx));
	return 0;
}

static const char *rows(struct fixture *fx)
{
	static char text[1024];
	struct store_label_filter f = { NULL, NULL, NULL, 1, NULL };
	struct error err;
	text[0] = 0;
	assert_int_equal(store_labels_each(fx->s, &f, row_cb, text, &err), ST_OK);
	return text;
}

static int64_t rater_id(struct fixture *fx, const char *name)
{
	int64_t id;
	struct error err;
	assert_int_equal(store_rater_find(fx->s, name, &id, &err), ST_OK);
	return id;
}

/* Round round assigns the item fx->resp to rater (added when missing), as
 * round create would: a round takes labels only on its assignments. */
static void assign(struct fixture *fx, const char *round, const char *rater)
{
	int64_t id;
	struct error err;
	sqlite3 *db;
	char sql[256];
	assert_int_equal(store_rater_ensure(fx->s, rater, &id, &err), ST_OK);
	snprintf(sql, sizeof(sql), "INSERT INTO assignment(round_id, rater_id, response_id, seq) "
		 "SELECT id, %lld, %lld, 1 FROM round WHERE name = '%s'", (long long)id, (long long)fx->resp, round);
	assert_int_equal(sqlite3_open(fx->path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_changes(db), 1);
	sqlite3_close(db);
}

/* Open a session as convqa label (task must match) or annotate (round's task). */
static enum status open_as(struct fixture *fx, struct labelling *l, const char *rater, const char *round,
			   const char *task, int task_given, enum labelling_task_rule rule, struct error *err)
{
	struct labelling_request rq = {
		.rater = rater, .round = round, .task = task, .task_given = task_given, .task_rule = rule,
	};
	return labelling_open(l, fx->s, &rq, err);
}

static void test_a_closed_round_refuses_a_session_with_the_message_of_label_and_annotate(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	assert_int_equal(open_as(fx, &l, "alice", "winter", "turn", 1, LABELLING_TASK_MUST_MATCH, &err), ST_INPUT);
	assert_string_equal(err.msg, "round 'winter' is closed (a coordinator reopens it with: convqa round reopen "
				      "winter)");
	assert_int_equal(l.refused, LABELLING_ROUND_CLOSED);
	assert_int_equal(open_as(fx, &l, "alice", "winter", "turn", 0, LABELLING_TASK_OF_ROUND, &err), ST_INPUT);
	assert_string_equal(err.msg, "round 'winter' is closed (a coordinator reopens it with: convqa round reopen "
				      "winter)");
	assert_int_equal(l.refused, LABELLING_ROUND_CLOSED);
	/* closed and of another task: label names the task first, annotate the state */
	assert_int_equal(open_as(fx, &l, "alice", "summer", "turn", 1, LABELLING_TASK_MUST_MATCH, &err), ST_INPUT);
	assert_string_equal(err.msg, "round 'summer' is a plausibility round, not turn (give --task plausibility)");
	assert_int_equal(open_as(fx, &l, "alice", "summer", "turn", 1, LABELLING_TASK_OF_ROUND, &err), ST_INPUT);
	assert_string_equal(err.msg, "round 'summer' is closed (a coordinator reopens it with: convqa round reopen "
				      "summer)");
	labelling_release(&l);
	assert_int_equal(rater_id(fx, "alice"), 0); /* a refused session adds no rater */
	assert_string_equal(rows(fx), "");
}

static void test_label_refuses_a_round_of_another_task(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	assert_int_equal(open_as(fx, &l, "alice", "autumn", "turn", 0, LABELLING_TASK_MUST_MATCH, &err), ST_INPUT);
	assert_string_equal(err.msg, "round 'autumn' is a plausibility round, not turn (give --task plausibility)");
	assert_int_equal(l.refused, LABELLING_ROUND_TASK);
	assert_int_equal(open_as(fx, &l, "alice", "autumn", "plausibility", 1, LABELLING_TASK_MUST_MATCH, &err),
			 ST_OK);
	assert_string_equal(l.task, "plausibility");
	assert_int_equal(l.refused, LABELLING_NOT_REFUSED);
	labelling_release(&l);
}

static void test_annotate_takes_the_rounds_task_and_refuses_only_another_task_given(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	assert_int_equal(open_as(fx, &l, "alice", "autumn", "turn", 1, LABELLING_TASK_OF_ROUND, &err), ST_INPUT);
	assert_string_equal(err.msg, "round 'autumn' is a plausibility round, not turn (leave out --task)");
	assert_int_equal(l.refused, LABELLING_ROUND_TASK);
	assign(fx, "autumn", "alice");
	assert_int_equal(open_as(fx, &l, "alice", "autumn", "turn", 0, LABELLING_TASK_OF_ROUND, &err), ST_OK);
	assert_string_equal(l.task, "plausibility");
	struct labelling_key k = { .response_id = fx->resp, .field = "plausibility" };
	assert_int_equal(labelling_set(&l, &k, "plausible", 3, &err), ST_OK);
	assert_string_equal(rows(fx), "alice autumn plausibility plausibility 0=plausible\n");
	labelling_release(&l);
}

static void test_an_unknown_round_lists_the_rounds_and_is_no_refusal(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	assert_int_equal(open_as(fx, &l, "alice", "r9", "turn", 0, LABELLING_TASK_OF_ROUND, &err), ST_INPUT);
	assert_string_equal(err.msg, "no round 'r9' in the project (its rounds: autumn, spring, summer, winter)");
	assert_int_equal(l.refused, LABELLING_NOT_REFUSED);
	labelling_release(&l);
}

static void test_a_label_is_written_by_the_sessions_rater_only(void **state)
{
	struct fixture *fx = *state;
	struct labelling l, bob;
	struct error err;
	assert_int_equal(open_as(fx, &bob, "bob", NULL, "turn", 0, LABELLING_TASK_MUST_MATCH, &err), ST_OK);
	assert_int_equal(bob.rater_id, 0);   /* added with the first write, not by opening */
	assert_int_equal(labelling_rater_add(&bob, &err), ST_OK);
	assert_int_equal(bob.rater_id, rater_id(fx, "bob"));
	assign(fx, "spring", "alice");
	assert_int_equal(open_as(fx, &l, "alice", "spring", "turn", 0, LABELLING_TASK_MUST_MATCH, &err), ST_OK);
	assert_int_equal(l.rater_id, rater_id(fx, "alice"));
	struct labelling_key own = { .response_id = fx->resp, .field = "answer_correct" };
	assert_int_equal(labelling_set(&l, &own, "1", 2, &err), ST_OK);
	own.rater_id = l.rater_id;
	assert_int_equal(labelling_set(&l, &own, NULL, 1, &err), ST_OK);
	struct labelling_key other = { .response_id = fx->resp, .field = "answer_correct", .rater_id = bob.rater_id };
	assert_int_equal(labelling_set(&l, &other, "0", 1, &err), ST_INPUT);
	assert_string_equal(err.msg, "rater 'alice' can change only their own labels");
	assert_int_equal(l.refused, LABELLING_OTHER_RATER);
	assert_string_equal(rows(fx), "alice spring turn answer_correct 0=1\n"
			    "alice spring turn answer_correct 0=null\n");
	labelling_release(&l);
	labelling_release(&bob);
}

static void test_an_invalid_rater_name_is_refused_and_adds_no_rater(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	assert_int_equal(labelling_rater_check("ann,bob", &err), ST_INPUT);
	assert_string_equal(err.msg, "the rater name holds a comma (commas separate names in lists such as "
			    "report --raters)");
	assert_int_equal(labelling_rater_check(NULL, &err), ST_INPUT);
	assert_string_equal(err.msg, "no rater name");
	assert_int_equal(labelling_rater_check("Ann", &err), ST_OK);
	assert_int_equal(open_as(fx, &l, " ann", NULL, "turn", 0, LABELLING_TASK_MUST_MATCH, &err), ST_INPUT);
	assert_string_equal(err.msg, "the rater name begins or ends with a space");
	assert_int_equal(l.refused, LABELLING_RATER_NAME);
	labelling_release(&l);
	assert_int_equal(rater_id(fx, " ann"), 0);
}

static void test_a_write_takes_a_field_of_the_sessions_task_with_a_value_of_its_scale(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	assert_int_equal(open_as(fx, &l, "alice", NULL, "turn", 0, LABELLING_TASK_MUST_MATCH, &err), ST_OK);
	struct { struct labelling_key k; const char *value, *msg; } cases[] = {
		{ { .response_id = fx->resp, .field = "plausibility" }, "plausible", "task 'turn' has no field 'plausibility'" },
		{ { .response_id = fx->resp, .field = "relevant" }, "1", "field 'relevant' needs a passage rank" },
		{ { .response_id = fx->resp, .field = "intent", .passage_rank = 2 }, "boolean", "field 'intent' is not about one passage" },
		{ { .response_id = fx->resp, .field = "intent" }, "yes", "'yes' is not a value of intent" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(labelling_set(&l, &cases[i].k, cases[i].value, 0, &err), ST_INPUT);
		assert_string_equal(err.msg, cases[i].msg);
		assert_int_equal(l.refused, LABELLING_FIELD);
	}
	struct labelling_key rel = { .response_id = fx->resp, .field = "relevant", .passage_rank = 2 };
	assert_int_equal(labelling_set(&l, &rel, "1", 0, &err), ST_OK);
	assert_int_equal(l.refused, LABELLING_NOT_REFUSED);
	assert_string_equal(rows(fx), "alice - turn relevant 2=1\n");
	labelling_release(&l);
}

static int allow_change(struct store *s, const char *old_json, void *ctx)
{
	(void)s, (void)old_json, (void)ctx;
	return 0;
}

/* A session checks values against the scheme it opened with; when the
 * project's scheme changes meanwhile (scheme add from another terminal),
 * the session saves nothing more and says to start again. */
static void test_a_session_refuses_to_save_after_its_scheme_changed(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	enum store_put res;
	static const char v1[] = "{\"format\": \"convqa-scheme\", \"version\": 1, \"name\": \"grade\", "
				 "\"description\": \"d\", \"fields\": [{\"name\": \"g\", \"unit\": \"response\", "
				 "\"type\": \"nominal\", \"categories\": [{\"value\": \"a\"}, {\"value\": \"b\"}]}]}";
	static const char v2[] = "{\"format\": \"convqa-scheme\", \"version\": 1, \"name\": \"grade\", "
				 "\"description\": \"d\", \"fields\": [{\"name\": \"g\", \"unit\": \"response\", "
				 "\"type\": \"nominal\", \"categories\": [{\"value\": \"a\"}, {\"value\": \"c\"}]}]}";
	assert_int_equal(store_scheme_add(fx->s, "grade", v1, NULL, NULL, &res, &err), ST_OK);
	assert_int_equal(open_as(fx, &l, "alice", NULL, "grade", 1, LABELLING_TASK_MUST_MATCH, &err), ST_OK);
	struct labelling_key k = { .response_id = fx->resp, .field = "g" };
	assert_int_equal(labelling_set(&l, &k, "a", 0, &err), ST_OK);
	/* b (unused) becomes c: the change keeps every label's meaning */
	struct store *other;
	assert_int_equal(store_open(fx->path, 0, &other, &err), ST_OK);
	assert_int_equal(store_scheme_add(other, "grade", v2, allow_change, NULL, &res, &err), ST_OK);
	assert_int_equal(res, PUT_UPDATED);
	store_close(other);
	assert_int_equal(labelling_set(&l, &k, "b", 0, &err), ST_INPUT);
	assert_int_equal(l.refused, LABELLING_SCHEME_CHANGED);
	assert_string_equal(err.msg, "scheme 'grade' has changed since this session began: nothing was saved; "
			    "start the session again to label with the new scheme");
	assert_string_equal(rows(fx), "alice - grade g 0=a\n");
	labelling_release(&l);
	assert_int_equal(open_as(fx, &l, "alice", NULL, "grade", 1, LABELLING_TASK_MUST_MATCH, &err), ST_OK);
	assert_int_equal(labelling_set(&l, &k, "b", 0, &err), ST_INPUT);   /* the new scheme has no b */
	assert_int_equal(l.refused, LABELLING_FIELD);
	labelling_release(&l);
}

static void test_the_project_refusing_a_label_is_its_message_and_no_refusal(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	sqlite3 *db;
	assert_int_equal(sqlite3_open(fx->path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "CREATE TRIGGER refuse BEFORE INSERT ON label "
				      "BEGIN SELECT RAISE(ABORT, 'disk full (test)'); END", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	assert_int_equal(open_as(fx, &l, "alice", NULL, "turn", 0, LABELLING_TASK_MUST_MATCH, &err), ST_OK);
	struct labelling_key k = { .response_id = fx->resp, .field = "intent" };
	assert_int_equal(labelling_set(&l, &k, "boolean", 0, &err), ST_STORE);
	assert_string_equal(err.msg, "cannot save label: disk full (test)");
	assert_int_equal(l.refused, LABELLING_NOT_REFUSED);
	labelling_release(&l);
}

static void test_an_item_is_named_by_conversation_turn_system_and_rank(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	int64_t id = 0;
	assert_int_equal(labelling_item_find(fx->s, "c1", 1, "sys-a", 2, &id, &err), ST_OK);
	assert_int_equal(id, fx->resp);
	assert_int_equal(labelling_item_find(fx->s, "c1", 1, "sys-a", 3, &id, &err), ST_INPUT);
	assert_string_equal(err.msg, "that response has no passage at rank 3 (its ranks: 1, 2)");
	assert_int_equal(labelling_item_find(fx->s, "c1", 1, "sys-b", 0, &id, &err), ST_INPUT);
	assert_string_equal(err.msg, "no response of system 'sys-b' to turn 1 of conversation 'c1' "
			    "(systems that answered it: sys-a)");
}

static void test_a_bound_raters_session_opens_from_their_account_only_and_saves_nothing_else(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	char *me = access_account(), want[512];
	assert_int_equal(store_rater_put(fx->s, "bob", ROLE_RATER, "nobody", NULL, &err), ST_OK);
	assert_int_equal(store_rater_put(fx->s, "alice", ROLE_RATER, me, NULL, &err), ST_OK);
	/* the account before the round: who is asking comes first */
	assert_int_equal(open_as(fx, &l, "bob", "no-such-round", "turn", 1, LABELLING_TASK_MUST_MATCH, &err),
			 ST_INPUT);
	snprintf(want, sizeof(want), "rater 'bob' is bound to the account 'nobody'; you are '%s' (labels of a bound "
		 "rater are written from their account)", me);
	assert_string_equal(err.msg, want);
	assert_int_equal(l.refused, LABELLING_ACCOUNT);
	assert_int_equal(open_as(fx, &l, "bob", NULL, "turn", 0, LABELLING_TASK_OF_ROUND, &err), ST_INPUT);
	assert_int_equal(l.refused, LABELLING_ACCOUNT);
	labelling_release(&l);
	assert_string_equal(rows(fx), "");
	assign(fx, "spring", "alice");
	assert_int_equal(open_as(fx, &l, "alice", "spring", "turn", 1, LABELLING_TASK_MUST_MATCH, &err), ST_OK);
	struct labelling_key k = { .response_id = fx->resp, .field = "answer_correct" };
	assert_int_equal(labelling_set(&l, &k, "1", 0, &err), ST_OK);
	labelling_release(&l);
	assert_string_equal(rows(fx), "alice spring turn answer_correct 0=1\n");
	free(me);
}

/* A label in a round is on an item the round assigns to the rater: the
 * item it is given on, whatever unit the field judges (the turn, a pooled
 * passage, the response), refused otherwise with what to look at, and
 * nothing saved; checked at each write (a round may be given assignments
 * meanwhile). Outside rounds any item; an adjudicator's labels settle the
 * round and need no assignment. */
static void test_a_round_takes_labels_only_on_the_items_it_assigns_to_the_rater(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	const struct scheme_field *f;
	static const char refused[] = "round 'spring' does not assign conversation 'c1' turn 1 system 'sys-a' to "
				      "rater 'alice' (see convqa round show spring): a round takes labels only on "
				      "the items it assigns to each rater";
	assert_int_equal(open_as(fx, &l, "alice", "spring", "turn", 1, LABELLING_TASK_MUST_MATCH, &err), ST_OK);
	struct labelling_key keys[] = {
		{ .response_id = fx->resp, .field = "intent" }, { .response_id = fx->resp, .field = "relevant", .passage_rank = 1 },
		{ .response_id = fx->resp, .field = "answer_correct" },
	};
	const char *values[] = { "boolean", "1", "1" };
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		assert_int_equal(labelling_set(&l, &keys[i], values[i], 0, &err), ST_INPUT);
		assert_string_equal(err.msg, refused);
		assert_int_equal(l.refused, LABELLING_NOT_ASSIGNED);
		assert_int_equal(labelling_check(&l, &keys[i], values[i], &f, &err), ST_INPUT);
		assert_string_equal(err.msg, refused);
		assert_int_equal(l.refused, LABELLING_NOT_ASSIGNED);
	}
	assert_string_equal(rows(fx), "");
	assign(fx, "spring", "alice");
	assert_int_equal(labelling_set(&l, &keys[0], "boolean", 0, &err), ST_OK);
	labelling_release(&l);
	assert_int_equal(open_as(fx, &l, "bob", NULL, "turn", 1, LABELLING_TASK_MUST_MATCH, &err), ST_OK);
	assert_int_equal(labelling_set(&l, &keys[2], "0", 0, &err), ST_OK);   /* outside rounds: any item */
	labelling_release(&l);
	assert_int_equal(store_rater_put(fx->s, "carol", ROLE_ADJUDICATOR, NULL, NULL, &err), ST_OK);
	assert_int_equal(open_as(fx, &l, "carol", "spring", "turn", 1, LABELLING_TASK_MUST_MATCH, &err), ST_OK);
	assert_int_equal(labelling_set(&l, &keys[2], "1", 0, &err), ST_OK);
	labelling_release(&l);
	assert_string_equal(rows(fx), "alice spring turn intent 0=boolean\n"
			    "bob - turn answer_correct 0=0\n"
			    "carol spring turn answer_correct 0=1\n");
}

/* Open an adjudication session (convqa adjudicate) of rater in round. */
static enum status open_adjudication(struct fixture *fx, struct labelling *l, const char *rater, const char *round,
				     struct error *err)
{
	struct labelling_request rq = {
		.rater = rater, .round = round, .task_rule = LABELLING_TASK_OF_ROUND, .adjudicate = 1,
	};
	return labelling_open(l, fx->s, &rq, err);
}

/* An adjudicator settles a round's disagreements, also once it is closed
 * (adjudication follows closing), and labels of their own go into the
 * round; a rater who is not an adjudicator is refused with the command
 * that makes one, and a name the project lacks is not added; a rater of
 * an open round does not adjudicate it (they would see the others'
 * labels); an ordinary session of a closed round is still refused. */
static void test_an_adjudicator_adjudicates_a_round_also_closed(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	int64_t carol, bob;
	assert_int_equal(store_rater_put(fx->s, "carol", ROLE_ADJUDICATOR, NULL, &carol, &err), ST_OK);
	assert_int_equal(store_rater_put(fx->s, "bob", ROLE_RATER, NULL, &bob, &err), ST_OK);

	assert_int_equal(open_adjudication(fx, &l, "bob", "winter", &err), ST_INPUT);
	assert_string_equal(err.msg, "rater 'bob' is not an adjudicator (give the role with: convqa rater add bob "
			    "--role adjudicator)");
	assert_int_equal(l.refused, LABELLING_ADJUDICATOR);
	assert_int_equal(open_adjudication(fx, &l, "dan", "winter", &err), ST_INPUT);
	assert_string_equal(err.msg, "no rater 'dan' in the project: adjudicators are raters with the role "
			    "adjudicator (add one with: convqa rater add dan --role adjudicator)");
	assert_int_equal(rater_id(fx, "dan"), 0);
	assert_int_equal(open_adjudication(fx, &l, "carol", NULL, &err), ST_INPUT);
	assert_int_equal(l.refused, LABELLING_ADJUDICATOR);

	assert_int_equal(open_adjudication(fx, &l, "carol", "winter", &err), ST_OK);
	assert_string_equal(l.task, "turn");
	struct labelling_key k = { .response_id = fx->resp, .field = "answer_correct" };
	assert_int_equal(labelling_set(&l, &k, "1", 3, &err), ST_OK);
	labelling_release(&l);
	assert_string_equal(rows(fx), "carol winter turn answer_correct 0=1\n");
	assert_int_equal(open_as(fx, &l, "carol", "winter", "turn", 0, LABELLING_TASK_OF_ROUND, &err), ST_INPUT);
	assert_string_equal(err.msg, "round 'winter' is closed (a coordinator reopens it with: convqa round reopen "
				      "winter)");

	/* an open round: not by one of its raters */
	assert_int_equal(open_adjudication(fx, &l, "carol", "spring", &err), ST_OK);
	labelling_release(&l);
	sqlite3 *db;
	char sql[128];
	snprintf(sql, sizeof(sql), "INSERT INTO round_rater SELECT id, %lld FROM round WHERE name = 'spring'",
		 (long long)carol);
	assert_int_equal(sqlite3_open(fx->path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	assert_int_equal(open_adjudication(fx, &l, "carol", "spring", &err), ST_INPUT);
	assert_string_equal(err.msg, "rater 'carol' is one of the raters of round 'spring', which is open: a rater "
			    "of an open round sees only their own labels (close it first: convqa round close spring)");
	assert_int_equal(l.refused, LABELLING_ROUND_RATER);
	assert_int_equal(open_adjudication(fx, &l, "carol", "winter", &err), ST_OK);   /* closed: fine */
	labelling_release(&l);
}

/* The round's state is read again by each write, inside its transaction:
 * a round closed while the session is open takes no more of its labels,
 * keeps those saved before, and takes them again once reopened. */
static void test_a_round_closed_during_a_session_takes_none_of_its_labels_until_reopened(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	int64_t round;
	int closed;
	assign(fx, "spring", "alice");
	assert_int_equal(open_as(fx, &l, "alice", "spring", "turn", 0, LABELLING_TASK_OF_ROUND, &err), ST_OK);
	struct labelling_key k = { .response_id = fx->resp, .field = "answer_correct" };
	assert_int_equal(labelling_set(&l, &k, "1", 0, &err), ST_OK);
	assert_int_equal(store_round_info(fx->s, "spring", &round, NULL, &closed, &err), ST_OK);
	assert_int_equal(store_round_set_status(fx->s, round, 1, &err), ST_OK);
	assert_int_equal(labelling_set(&l, &k, "0", 0, &err), ST_INPUT);
	assert_string_equal(err.msg, "round 'spring' is closed (a coordinator reopens it with: convqa round reopen "
				      "spring)");
	assert_int_equal(l.refused, LABELLING_ROUND_CLOSED);
	assert_string_equal(rows(fx), "alice spring turn answer_correct 0=1\n");
	assert_int_equal(store_round_set_status(fx->s, round, 0, &err), ST_OK);
	assert_int_equal(labelling_set(&l, &k, "0", 0, &err), ST_OK);
	assert_string_equal(rows(fx), "alice spring turn answer_correct 0=1\nalice spring turn answer_correct 0=0\n");
	labelling_release(&l);
}

/* if_current: the write is made only while the unit's current value is the
 * one expected (an undo takes back only what its session wrote). */
static void test_a_write_if_current_is_refused_once_the_value_changed(void **state)
{
	struct fixture *fx = *state;
	struct labelling l;
	struct error err;
	assert_int_equal(open_as(fx, &l, "alice", NULL, "turn", 0, LABELLING_TASK_MUST_MATCH, &err), ST_OK);
	struct labelling_key k = { .response_id = fx->resp, .field = "answer_correct" };
	assert_int_equal(labelling_set(&l, &k, "1", 0, &err), ST_OK);
	struct labelling_key undo = { .response_id = fx->resp, .field = "answer_correct", .if_current = 1,
				      .current = "0" };
	assert_int_equal(labelling_set(&l, &undo, NULL, 0, &err), ST_INPUT);
	assert_string_equal(err.msg, "answer_correct was changed elsewhere since (it is 1 now)");
	assert_int_equal(l.refused, LABELLING_CHANGED);
	undo.current = NULL;   /* unset expected: refused too */
	assert_int_equal(labelling_set(&l, &undo, "0", 0, &err), ST_INPUT);
	assert_int_equal(l.refused, LABELLING_CHANGED);
	assert_string_equal(rows(fx), "alice - turn answer_correct 0=1\n");
	undo.current = "1";
	assert_int_equal(labelling_set(&l, &undo, NULL, 0, &err), ST_OK);
	assert_string_equal(rows(fx), "alice - turn answer_correct 0=1\nalice - turn answer_correct 0=null\n");
	labelling_release(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_a_closed_round_refuses_a_session_with_the_message_of_label_and_annotate,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_label_refuses_a_round_of_another_task, setup, teardown),
		cmocka_unit_test_setup_teardown(test_annotate_takes_the_rounds_task_and_refuses_only_another_task_given,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_an_unknown_round_lists_the_rounds_and_is_no_refusal, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_label_is_written_by_the_sessions_rater_only, setup, teardown),
		cmocka_unit_test_setup_teardown(test_an_invalid_rater_name_is_refused_and_adds_no_rater, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_write_takes_a_field_of_the_sessions_task_with_a_value_of_its_scale,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_session_refuses_to_save_after_its_scheme_changed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_the_project_refusing_a_label_is_its_message_and_no_refusal,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_an_item_is_named_by_conversation_turn_system_and_rank, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_a_bound_raters_session_opens_from_their_account_only_and_saves_nothing_else, setup, teardown),
		cmocka_unit_test_setup_teardown(test_an_adjudicator_adjudicates_a_round_also_closed, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_a_round_closed_during_a_session_takes_none_of_its_labels_until_reopened, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_write_if_current_is_refused_once_the_value_changed, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_a_round_takes_labels_only_on_the_items_it_assigns_to_the_rater,
						setup, teardown),
	};
	return cmocka_run_group_tests_name("labelling", tests, NULL, NULL);
}
