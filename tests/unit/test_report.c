/*
 * test_report.c - report_build() on small projects with values worked out
 * by hand: label layers (every judgement, majority, one rater), the known
 * relevant set R (gold passages outside the collection, extra gold passages),
 * label history, Fleiss' kappa and Krippendorff's alpha for three raters,
 * empty rankings, the items of the automatic metrics, rater pairs without a
 * shared unit, the precision of seconds; judgement units (a passage pooled
 * over the systems of its turn, a turn's intent, each counted once in
 * agreement, seconds where a row was given) and a project scheme's section
 * and agreement.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sqlite3.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "convqa/importer.h"
#include "convqa/report.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"

/* assert_close(got, want, tol): cmocka's assert_close() converts to
 * float (about 7 digits) whatever the tolerance; this compares doubles. */
#define assert_close(got, want, tol)                                                         \
	do {                                                                                 \
		double got_ = (got), want_ = (want), tol_ = (tol);                           \
		if (!(fabs(got_ - want_) <= tol_))                                           \
			fail_msg("%s = %.17g, expected %.17g (within %g)", #got, got_, want_, tol_); \
	} while (0)

/* Conversation c1: turn 1 has gold passages p1 and p9 (p9 is not in the
 * collection) and gold answer "Paris"; s1 retrieved p1 p2 p3, s2 retrieved
 * p2 p4 p1. Turn 2 has no gold; s1 retrieved p5 p6, s2 p6 p5.
 * Conversation c2: one turn, s1 and s2, no gold. */
static const char task[] =
	"{\"format\": \"convqa-tasks\", \"version\": 1,\n"
	" \"systems\": [{\"id\": \"s1\"}, {\"id\": \"s2\"}],\n"
	" \"collection\": [{\"id\": \"p1\", \"text\": \"one\"}, {\"id\": \"p2\", \"text\": \"two\"},\n"
	"   {\"id\": \"p3\", \"text\": \"three\"}, {\"id\": \"p4\", \"text\": \"four\"},\n"
	"   {\"id\": \"p5\", \"text\": \"five\"}, {\"id\": \"p6\", \"text\": \"six\"}],\n"
	" \"conversations\": [\n"
	"  {\"id\": \"c1\", \"turns\": [\n"
	"   {\"question\": \"Capital of France?\", \"gold\": {\"answers\": [\"Paris\"], \"passages\": [\"p1\", \"p9\"]},\n"
	"    \"responses\": [\n"
	"     {\"system\": \"s1\", \"answer\": \"Paris\", \"passages\": [{\"rank\": 1, \"id\": \"p1\"},\n"
	"       {\"rank\": 2, \"id\": \"p2\"}, {\"rank\": 3, \"id\": \"p3\"}]},\n"
	"     {\"system\": \"s2\", \"answer\": \"Lyon\", \"passages\": [{\"rank\": 1, \"id\": \"p2\"},\n"
	"       {\"rank\": 2, \"id\": \"p4\"}, {\"rank\": 3, \"id\": \"p1\"}]}]},\n"
	"   {\"question\": \"And its river?\",\n"
	"    \"responses\": [\n"
	"     {\"system\": \"s1\", \"answer\": \"Seine\", \"passages\": [{\"rank\": 1, \"id\": \"p5\"}, {\"rank\": 2, \"id\": \"p6\"}]},\n"
	"     {\"system\": \"s2\", \"answer\": \"Loire\", \"passages\": [{\"rank\": 1, \"id\": \"p6\"}, {\"rank\": 2, \"id\": \"p5\"}]}]}]},\n"
	"  {\"id\": \"c2\", \"turns\": [\n"
	"   {\"question\": \"Hello?\", \"responses\": [{\"system\": \"s1\", \"answer\": \"Hi\"}, {\"system\": \"s2\", \"answer\": \"Yo\"}]}]}]}\n";

/* A project scheme (run from the top of the tree, as tests/run.sh does). */
#define SAMPLE_SCHEME "sample_tasks/schemes/likert-4pt.json"

struct fixture {
	char dir[64], db[96], task[96];
	struct store *s;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct import_counts counts;
	struct error err;
	FILE *f;

	snprintf(fx->dir, sizeof(fx->dir), "/tmp/test_report_XXXXXX");
	assert_non_null(mkdtemp(fx->dir));
	snprintf(fx->db, sizeof(fx->db), "%s/p.db", fx->dir);
	snprintf(fx->task, sizeof(fx->task), "%s/task.json", fx->dir);
	f = fopen(fx->task, "w");
	assert_non_null(f);
	fputs(task, f);
	fclose(f);
	assert_int_equal(store_open(fx->db, STORE_CREATE, &fx->s, &err), ST_OK);
	if (importer_import_file(fx->s, fx->task, &counts, &err) != ST_OK)
		fail_msg("%s", err.msg);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	char path[128];
	store_close(fx->s);
	unlink(fx->task);
	unlink(fx->db);
	snprintf(path, sizeof(path), "%s-wal", fx->db);
	unlink(path);
	snprintf(path, sizeof(path), "%s-shm", fx->db);
	unlink(path);
	rmdir(fx->dir);
	free(fx);
	return 0;
}

/* One label: value NULL clears. The unit is the one its field judges in
 * the scheme of task_name (built-in, or the project's). */
static void label(struct fixture *fx, const char *conv, int turn, const char *system, const char *rater,
		  const char *task_name, const char *field, long rank, const char *value, double seconds)
{
	struct store_label_key key = { 0, 0, 0, task_name, field, rank, UNIT_RESPONSE };
	struct scheme *sch = NULL;
	struct error err;
	assert_int_equal(scheme_find(fx->s, task_name, &sch, &err), ST_OK);
	assert_non_null(sch);
	const struct scheme_field *f = scheme_field_find(sch, field);
	assert_non_null(f);
	key.unit = f->unit;
	scheme_free(sch);
	assert_int_equal(store_response_find(fx->s, conv, turn, system, &key.response_id, &err), ST_OK);
	assert_true(key.response_id > 0);
	assert_int_equal(store_rater_ensure(fx->s, rater, &key.rater_id, &err), ST_OK);
	assert_int_equal(store_label_set(fx->s, &key, value, seconds, &err), ST_OK);
}

static void correct(struct fixture *fx, const char *conv, int turn, const char *system, const char *rater,
		    const char *value)
{
	label(fx, conv, turn, system, rater, "turn", "answer_correct", 0, value, 0);
}

static struct report *build(struct fixture *fx, struct report_options *o)
{
	struct report *r = NULL;
	struct error err;
	if (report_build(fx->s, o, &r, &err) != ST_OK)
		fail_msg("report_build: %s", err.msg);
	return r;
}

static double value_of(const struct report *r, const char *sec, const char *table, const char *group,
		       const char *col, long n_expected)
{
	double v = -99;
	long n = -1;
	const char *why = NULL;
	if (!report_value(r, sec, table, group, col, &v, &n, &why))
		fail_msg("no value %s/%s/%s/%s (%s)", sec, table, group, col, why ? why : "missing");
	assert_int_equal(n, n_expected);
	return v;
}

/* alice 1 1 0 1, bob 1 1 0 0, carol 1 0 0 0 on the four items of c1.
 * Fleiss: per item counts (0,3) (1,2) (3,0) (2,1): P_i = 1, 1/3, 1, 1/3,
 * P-bar = 2/3; p_0 = p_1 = 1/2, P_e = 1/2: kappa = (2/3 - 1/2)/(1/2) = 1/3.
 * Krippendorff (nominal): o_00 = 4, o_11 = 4, o_01 = o_10 = 2, n = 12:
 * D_o = 4/12, D_e = 2 * 6 * 6 / (12 * 11) = 6/11, alpha = 1 - 11/18 = 7/18.
 * alice / bob: p_o = 3/4, p_e = 3/4 * 1/2 + 1/4 * 1/2 = 1/2, kappa = 1/2. */
static void three_raters(struct fixture *fx)
{
	static const char *const v[3][4] = { { "1", "1", "0", "1" }, { "1", "1", "0", "0" }, { "1", "0", "0", "0" } };
	static const char *const who[3] = { "alice", "bob", "carol" };
	for (int r = 0; r < 3; r++) {
		correct(fx, "c1", 1, "s1", who[r], v[r][0]);
		correct(fx, "c1", 1, "s2", who[r], v[r][1]);
		correct(fx, "c1", 2, "s1", who[r], v[r][2]);
		correct(fx, "c1", 2, "s2", who[r], v[r][3]);
	}
}

static void test_fleiss_and_alpha_of_three_raters(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	three_raters(fx);
	report_options_init(&o);
	o.sections = REPORT_SEC_AGREEMENT;
	struct report *r = build(fx, &o);
	assert_close(value_of(r, "agreement", "summary", "answer_correct", "fleiss_kappa", 4), 1.0 / 3, 1e-12);
	assert_close(value_of(r, "agreement", "summary", "answer_correct", "alpha", 4), 7.0 / 18, 1e-12);
	assert_close(value_of(r, "agreement", "answer_correct", "alice / bob", "kappa", 4), 0.5, 1e-12);
	report_free(r);
}

/* Pooled: 6 of 12 correct. Majority of three: items 1 1 0 0, 2 of 4. With
 * --raters alice,bob the last item is a tie: 2 of 3, one without consensus.
 * rater:carol: 1 of 4. */
static void test_layers_count_judgements_majorities_or_one_rater(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	struct report *r;
	char *copy = NULL;
	struct error err;
	three_raters(fx);
	report_options_init(&o);
	o.sections = REPORT_SEC_ANSWERS;
	r = build(fx, &o);
	assert_close(value_of(r, "answers", "overall", "all", "accuracy", 12), 0.5, 1e-12);
	assert_close(value_of(r, "answers", "by_turn", "2", "accuracy", 6), 1.0 / 6, 1e-12);
	report_free(r);

	o.consensus = REPORT_CONSENSUS_MAJORITY;
	r = build(fx, &o);
	assert_close(value_of(r, "answers", "overall", "all", "accuracy", 4), 0.5, 1e-12);
	assert_close(value_of(r, "answers", "overall", "all", "no_consensus", 4), 0, 0);
	report_free(r);

	assert_int_equal(report_parse_raters(&o, "alice,bob", &copy, &err), 0);
	r = build(fx, &o);
	assert_close(value_of(r, "answers", "overall", "all", "accuracy", 3), 2.0 / 3, 1e-12);
	assert_close(value_of(r, "answers", "overall", "all", "no_consensus", 3), 1, 0);
	report_free(r);
	free(copy);

	report_options_init(&o);
	o.sections = REPORT_SEC_ANSWERS;
	assert_int_equal(report_parse_consensus(&o, "rater:carol", &err), 0);
	r = build(fx, &o);
	assert_close(value_of(r, "answers", "overall", "all", "accuracy", 4), 0.25, 1e-12);
	report_free(r);
}

/* The latest value of a label counts; a cleared label does not. */
static void test_history_keeps_the_latest_value_and_clears_drop_out(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	correct(fx, "c1", 1, "s1", "alice", "0");
	correct(fx, "c1", 1, "s1", "alice", "1");
	correct(fx, "c1", 1, "s2", "alice", "1");
	correct(fx, "c1", 1, "s2", "alice", NULL);
	label(fx, "c1", 2, "s1", "alice", "turn", "relevant", 1, "1", 0);
	label(fx, "c1", 2, "s1", "alice", "turn", "relevant", 1, NULL, 0);
	report_options_init(&o);
	o.sections = REPORT_SEC_ANSWERS | REPORT_SEC_RETRIEVAL;
	struct report *r = build(fx, &o);
	assert_close(value_of(r, "answers", "overall", "all", "accuracy", 1), 1.0, 0);
	/* the only relevance label was cleared: no item to score */
	assert_int_equal(report_value(r, "retrieval", "overall", "all", "mrr", NULL, NULL, NULL), 0);
	report_free(r);
}

/* alice, turn 1: s1 ranks p1 p2 p3 judged 1 0 0, s2 ranks p2 p4 p1 judged
 * 0 1 1 (p1 and p2 the same on both), and on s1 she names extra gold
 * passages "p6, zz" (zz unknown). R = {p1, p9 (gold, not in the
 * collection), p4, p6, zz} = 5. s1: RR 1, R@3 1/5, AP 1/5; s2: RR 1/2,
 * R@3 2/5, AP (1/2 + 2/3)/5 = 7/30. Means: MRR 0.75, R@3 0.3, MAP 13/60,
 * P@1 1/2, nDCG@3 of s1 = 1 / ideal of min(5, 3) = 3 relevant
 * = 1 / (1 + 1/log2 3 + 1/2). */
static void test_r_counts_gold_outside_the_collection_and_extra_gold(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	static const char *const s1[] = { "1", "0", "0" }, *const s2[] = { "0", "1", "1" };
	for (int k = 0; k < 3; k++) {
		label(fx, "c1", 1, "s1", "alice", "turn", "relevant", k + 1, s1[k], 0);
		label(fx, "c1", 1, "s2", "alice", "turn", "relevant", k + 1, s2[k], 0);
	}
	label(fx, "c1", 1, "s1", "alice", "turn", "extra_gold", 0, "p6, zz", 0);
	report_options_init(&o);
	o.sections = REPORT_SEC_RETRIEVAL;
	assert_int_equal(report_parse_k(&o, "1,3", &(struct error){ 0 }), 0);
	struct report *r = build(fx, &o);
	assert_close(value_of(r, "retrieval", "overall", "all", "mrr", 2), 0.75, 1e-12);
	assert_close(value_of(r, "retrieval", "overall", "all", "recall@3", 2), 0.3, 1e-12);
	assert_close(value_of(r, "retrieval", "overall", "all", "map", 2), 13.0 / 60, 1e-12);
	assert_close(value_of(r, "retrieval", "overall", "all", "p@1", 2), 0.5, 1e-12);
	assert_close(value_of(r, "retrieval", "by_system", "s1", "ndcg@3", 1),
			   1.0 / (1.0 + 0.6309297535714574 + 0.5), 1e-12);
	report_free(r);
}

/* Majority relevance with two raters who disagree on one passage: the item
 * has no consensus and is counted, not scored. Turn 1: s1 ranks p1 p2 p3,
 * s2 p2 p4 p1; the raters disagree on p3 (s1 only) and agree p4 (s2 only)
 * is relevant. s2: rank 2 relevant, R = gold {p1, p9} + {p4} = 3: RR 1/2.
 * Under pooling a passage without consensus leaves out every item that
 * retrieved it: in turn 2 (s1 p5 p6, s2 p6 p5) the raters disagree on p5,
 * judged on s1 only, and both items are left out; the passage counts once. */
static void test_items_without_consensus_on_relevance_are_counted(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	label(fx, "c1", 1, "s1", "alice", "turn", "relevant", 3, "1", 0);
	label(fx, "c1", 1, "s1", "bob", "turn", "relevant", 3, "0", 0);
	label(fx, "c1", 1, "s2", "alice", "turn", "relevant", 2, "1", 0);
	label(fx, "c1", 1, "s2", "bob", "turn", "relevant", 2, "1", 0);
	report_options_init(&o);
	o.sections = REPORT_SEC_RETRIEVAL;
	o.consensus = REPORT_CONSENSUS_MAJORITY;
	struct report *r = build(fx, &o);
	assert_close(value_of(r, "retrieval", "overall", "all", "mrr", 1), 0.5, 1e-12);
	assert_close(value_of(r, "retrieval", "overall", "all", "no_consensus", 1), 1, 0);
	report_free(r);
	label(fx, "c1", 2, "s1", "alice", "turn", "relevant", 1, "1", 0);
	label(fx, "c1", 2, "s1", "bob", "turn", "relevant", 1, "0", 0);
	r = build(fx, &o);
	assert_close(value_of(r, "retrieval", "overall", "all", "no_consensus", 1), 3, 0);
	assert_close(value_of(r, "retrieval", "by_turn", "2", "no_consensus", 0), 2, 0);
	report_free(r);
}

/* A response that retrieved nothing has nothing to judge: each judgement
 * of it in the turn task scores 0 and stays in the retrieval average
 * (trec_eval -c), instead of leaving the system's failures out. alice:
 * c1 turn 2 s1 ranks p5 p6, judged 1 0, R = {p5}: RR 1, AP 1; pooled, s2's
 * ranking p6 p5 holds the same judgements: RR 1/2, AP 1/2; c2 s1
 * retrieved nothing, she judged its answer: R = 0, every metric 0. Her
 * answer label on c2 s2 was cleared: that judgement is not counted. */
static void test_an_empty_ranking_scores_zero_and_is_counted(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	label(fx, "c1", 2, "s1", "alice", "turn", "relevant", 1, "1", 0);
	label(fx, "c1", 2, "s1", "alice", "turn", "relevant", 2, "0", 0);
	correct(fx, "c2", 1, "s1", "alice", "1");
	correct(fx, "c2", 1, "s2", "alice", "1");
	correct(fx, "c2", 1, "s2", "alice", NULL);
	report_options_init(&o);
	o.sections = REPORT_SEC_RETRIEVAL;
	struct report *r = build(fx, &o);
	assert_close(value_of(r, "retrieval", "overall", "all", "mrr", 3), 0.5, 1e-12);
	assert_close(value_of(r, "retrieval", "overall", "all", "map", 3), 0.5, 1e-12);
	assert_close(value_of(r, "retrieval", "overall", "all", "nothing_relevant", 3), 1, 0);
	assert_close(value_of(r, "retrieval", "by_turn", "1", "hit@1", 1), 0.0, 0);
	report_free(r);
	o.consensus = REPORT_CONSENSUS_MAJORITY;   /* the item counts once */
	r = build(fx, &o);
	assert_close(value_of(r, "retrieval", "overall", "all", "mrr", 3), 0.5, 1e-12);
	report_free(r);
}

/* An intent is pooled over the turn's responses, but only a turn-task row
 * given on a response that retrieved nothing makes that empty ranking a
 * judged one: alice judges c1 turn 2 on s1 (pooled onto s2: RR 1 and 1/2)
 * and gives c2's intent on s2 (empty: RR 0); c2 s1 (empty too) is left out
 * until she gives a row on it (then it scores 0). Consensus alike. */
static void test_a_pooled_intent_does_not_count_an_unseen_empty_ranking(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	label(fx, "c1", 2, "s1", "alice", "turn", "relevant", 1, "1", 0);
	label(fx, "c1", 2, "s1", "alice", "turn", "relevant", 2, "0", 0);
	label(fx, "c2", 1, "s2", "alice", "turn", "intent", 0, "extractive", 0);
	report_options_init(&o);
	o.sections = REPORT_SEC_RETRIEVAL;
	struct report *r = build(fx, &o);
	assert_close(value_of(r, "retrieval", "overall", "all", "mrr", 3), 0.5, 1e-12);
	report_free(r);
	o.consensus = REPORT_CONSENSUS_MAJORITY;
	r = build(fx, &o);
	assert_close(value_of(r, "retrieval", "overall", "all", "mrr", 3), 0.5, 1e-12);
	report_free(r);
	label(fx, "c2", 1, "s1", "alice", "turn", "intent", 0, "extractive", 0);
	o.consensus = REPORT_CONSENSUS_NONE;
	r = build(fx, &o);
	assert_close(value_of(r, "retrieval", "overall", "all", "mrr", 4), 0.375, 1e-12);
	report_free(r);
}

/* With --raters (or --round) the automatic metrics cover the items with a
 * label in the selection; label rows that were all cleared are no label.
 * Gold "Paris": s1 answers "Paris" (EM 1), s2 "Lyon" (EM 0); bob labels
 * s1 and writes a note on s2 that he clears. */
static void test_automatic_metrics_skip_items_whose_labels_were_cleared(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	char *copy = NULL;
	struct error err;
	correct(fx, "c1", 1, "s1", "bob", "1");
	label(fx, "c1", 1, "s2", "bob", "turn", "note", 0, "look again", 0);
	label(fx, "c1", 1, "s2", "bob", "turn", "note", 0, NULL, 0);
	report_options_init(&o);
	o.sections = REPORT_SEC_AUTOMATIC;
	assert_int_equal(report_parse_raters(&o, "bob", &copy, &err), 0);
	struct report *r = build(fx, &o);
	assert_close(value_of(r, "automatic", "by_system", "all", "em", 1), 1.0, 0);
	report_free(r);
	free(copy);
}

/* Cohen's kappa is undefined for two raters who labelled a field but never
 * the same unit: their pair is listed as undefined, not left out. alice and
 * bob judge intent on different turns; carol on both. */
static void test_a_pair_without_shared_units_is_undefined(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	const char *why = NULL;
	long n = -1;
	label(fx, "c1", 1, "s1", "alice", "turn", "intent", 0, "extractive", 0);
	label(fx, "c1", 2, "s2", "bob", "turn", "intent", 0, "boolean", 0);
	label(fx, "c1", 1, "s1", "carol", "turn", "intent", 0, "extractive", 0);
	label(fx, "c1", 2, "s2", "carol", "turn", "intent", 0, "abstractive", 0);
	report_options_init(&o);
	o.sections = REPORT_SEC_AGREEMENT;
	struct report *r = build(fx, &o);
	assert_int_equal(report_value(r, "agreement", "intent", "alice / bob", "kappa", NULL, &n, &why), 0);
	assert_non_null(why);
	assert_string_equal(why, "no item labelled by both raters");
	assert_int_equal(report_value(r, "agreement", "intent", "alice / bob", "p_o", NULL, NULL, NULL), 0);
	/* bob / carol share one unit and disagree: p_o 0 */
	assert_close(value_of(r, "agreement", "intent", "bob / carol", "p_o", 1), 0.0, 0);
	report_free(r);
}

/* Seconds are summed in double precision: 44.87 s stays 44.87 (a float
 * sum gave 44.8699989...). */
static void test_seconds_keep_their_precision(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	label(fx, "c1", 1, "s1", "alice", "turn", "answer_correct", 0, "1", 44.87);
	label(fx, "c1", 1, "s2", "alice", "turn", "answer_correct", 0, "1", 12.3);
	label(fx, "c1", 1, "s2", "alice", "turn", "intent", 0, "boolean", 0.01);
	report_options_init(&o);
	o.sections = REPORT_SEC_TIME;
	struct report *r = build(fx, &o);
	assert_close(value_of(r, "time", "by_rater", "alice / turn", "q3", 2), 44.87 - 0.25 * (44.87 - 12.31),
			   1e-12);
	assert_close(value_of(r, "time", "by_rater", "alice / turn", "hours", 2), (44.87 + 12.31) / 3600, 1e-15);
	report_free(r);
}

/* A passage judged on one system's response counts in every ranking of the
 * turn that holds it, and its latest label wins wherever it was given.
 * alice, turn 1 (s1 p1 p2 p3, s2 p2 p4 p1): on s1 p1 relevant, p2 not; on
 * s2 p4 not, then p1 again, now not relevant. p1 is then not relevant in
 * both rankings: R = gold {p1, p9} = 2 and no hit anywhere. */
static void test_a_pooled_passage_counts_in_every_ranking_and_its_latest_label_wins(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	label(fx, "c1", 1, "s1", "alice", "turn", "relevant", 1, "1", 0);
	label(fx, "c1", 1, "s1", "alice", "turn", "relevant", 2, "0", 0);
	report_options_init(&o);
	o.sections = REPORT_SEC_RETRIEVAL;
	struct report *r = build(fx, &o);
	/* s1: p1 at rank 1; s2, never judged there: p1 at rank 3, p2 at 1 */
	assert_close(value_of(r, "retrieval", "by_system", "s1", "mrr", 1), 1.0, 0);
	assert_close(value_of(r, "retrieval", "by_system", "s2", "mrr", 1), 1.0 / 3, 1e-12);
	report_free(r);
	label(fx, "c1", 1, "s2", "alice", "turn", "relevant", 2, "0", 0);
	label(fx, "c1", 1, "s2", "alice", "turn", "relevant", 3, "0", 0);
	r = build(fx, &o);
	assert_close(value_of(r, "retrieval", "by_system", "s1", "mrr", 1), 0.0, 0);
	assert_close(value_of(r, "retrieval", "by_system", "s2", "mrr", 1), 0.0, 0);
	report_free(r);
}

/* Agreement counts each unit once: a passage two raters judged on
 * different systems' responses is one unit (p2: alice on s1 at rank 2, bob
 * on s2 at rank 1), and so is the intent of a turn given on either
 * response. They agree on p2 and disagree on p4 (s2 only) and on intent. */
static void test_agreement_counts_a_pooled_passage_and_a_turn_once(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	label(fx, "c1", 1, "s1", "alice", "turn", "relevant", 2, "1", 0);
	label(fx, "c1", 1, "s2", "bob", "turn", "relevant", 1, "1", 0);
	label(fx, "c1", 1, "s2", "alice", "turn", "relevant", 2, "0", 0);
	label(fx, "c1", 1, "s2", "bob", "turn", "relevant", 2, "1", 0);
	label(fx, "c1", 1, "s1", "alice", "turn", "intent", 0, "extractive", 0);
	label(fx, "c1", 1, "s2", "bob", "turn", "intent", 0, "boolean", 0);
	report_options_init(&o);
	o.sections = REPORT_SEC_AGREEMENT;
	struct report *r = build(fx, &o);
	assert_close(value_of(r, "agreement", "relevant", "alice / bob", "p_o", 2), 0.5, 1e-12);
	assert_close(value_of(r, "agreement", "summary", "relevant", "single", 2), 0, 0);
	assert_close(value_of(r, "agreement", "intent", "alice / bob", "p_o", 1), 0.0, 0);
	report_free(r);
}

/* A row's seconds count on the response where it was given, not on every
 * response of its unit: alice's intent of turn 1, given on s1, times one
 * item. Its value stands for s2 too (by intent). */
static void test_seconds_count_where_a_row_was_given(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	label(fx, "c1", 1, "s1", "alice", "turn", "intent", 0, "boolean", 20);
	correct(fx, "c1", 1, "s1", "alice", "1");
	correct(fx, "c1", 1, "s2", "alice", "0");
	report_options_init(&o);
	o.sections = REPORT_SEC_TIME | REPORT_SEC_ANSWERS;
	o.by = REPORT_BY_INTENT;
	struct report *r = build(fx, &o);
	assert_close(value_of(r, "time", "by_rater", "alice / turn", "median", 1), 20.0, 0);
	assert_close(value_of(r, "time", "by_rater", "alice / turn", "untimed", 1), 1, 0);
	assert_close(value_of(r, "answers", "by_intent", "boolean", "accuracy", 2), 0.5, 1e-12);
	report_free(r);
}

/* A project scheme: its section counts the categories per system, with the
 * mean and median position of an ordinal field, and agreement weighs an
 * ordinal field linearly and gives the ordinal alpha. completeness (no,
 * mostly no, mostly yes, yes) of the four items of c1:
 *   alice  yes, mostly yes, no, mostly no     (positions 4 3 1 2)
 *   bob    yes, yes, no, no                   (4 4 1 1)
 * s1 holds alice 4, 1 and bob 4, 1: mean 2.5, median (1 + 4)/2 = 2.5.
 * Linear weights 1 - |i - j|/3: agreement 1, 2/3, 1, 2/3: p_o = 5/6; the
 * marginals alice (1/4 each), bob (1/2, 0, 0, 1/2): p_e = 1/2 (each row of
 * the weights sums with bob's to 1/2), kappa = (5/6 - 1/2)/(1/2) = 2/3. */
static void test_a_project_scheme_has_its_section_and_ordinal_agreement(void **state)
{
	struct fixture *fx = *state;
	static const char *const a[] = { "yes", "mostly yes", "no", "mostly no" }, *const b[] = { "yes", "yes", "no", "no" };
	static const char *const items[][2] = { { "1", "s1" }, { "1", "s2" }, { "2", "s1" }, { "2", "s2" } };
	struct report_options o;
	struct error err;
	struct scheme *sch = NULL;
	enum store_put res;
	char *copy = NULL;
	FILE *f = fopen(SAMPLE_SCHEME, "r");
	char buf[8192];
	assert_non_null(f);
	size_t len = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	char *text = malloc(len + 1);
	memcpy(text, buf, len);
	text[len] = '\0';
	if (scheme_read("likert-4pt.json", text, len, &sch, &err) != ST_OK)
		fail_msg("%s", err.msg);
	char *json = scheme_to_json(sch);
	assert_int_equal(store_scheme_add(fx->s, sch->name, json, NULL, NULL, &res, &err), ST_OK);
	free(json);
	scheme_free(sch);
	for (int i = 0; i < 4; i++) {
		label(fx, "c1", atoi(items[i][0]), items[i][1], "alice", "likert-4pt", "completeness", 0, a[i], 1);
		label(fx, "c1", atoi(items[i][0]), items[i][1], "bob", "likert-4pt", "completeness", 0, b[i], 1);
	}
	report_options_init(&o);
	assert_int_equal(report_parse_tasks(&o, "likert-4pt", &copy, &err), 0);
	struct report *r = build(fx, &o);
	assert_close(value_of(r, "scheme:likert-4pt", "completeness", "s1", "mean", 4), 2.5, 1e-12);
	assert_close(value_of(r, "scheme:likert-4pt", "completeness", "s1", "median", 4), 2.5, 1e-12);
	assert_close(value_of(r, "scheme:likert-4pt", "completeness", "all", "yes", 8), 3, 0);
	assert_close(value_of(r, "agreement", "likert-4pt/completeness", "alice / bob", "kappa", 4), 2.0 / 3, 1e-12);
	assert_int_equal(report_value(r, "answers", "overall", "all", "accuracy", NULL, NULL, NULL), 0);
	report_free(r);
	free(copy);
	/* --weights none: unweighted, p_o 1/2, p_e 1/4: kappa 1/3 */
	report_options_init(&o);
	o.sections = REPORT_SEC_AGREEMENT;
	o.field = "completeness";
	assert_int_equal(report_parse_weights(&o, "none", &err), 0);
	r = build(fx, &o);
	assert_close(value_of(r, "agreement", "likert-4pt/completeness", "alice / bob", "kappa", 4), 1.0 / 3, 1e-12);
	report_free(r);
	o.field = "no-such-field";
	assert_int_equal(report_build(fx->s, &o, &r, &err), ST_INPUT);
	report_options_init(&o);
	assert_int_equal(report_parse_tasks(&o, "nope", &copy, &err), 0);
	assert_int_equal(report_build(fx->s, &o, &r, &err), ST_INPUT);
	free(copy);
}

/* --consensus discard keeps the units the raters all agree on (items 1
 * and 3 of three_raters: 1 of 2 correct) and counts the others; a
 * distrusted rater is left out of every consensus: without carol, items
 * 1-3 agree (2 of 3) and item 4 is a tie. */
static void test_discard_and_distrusted_raters(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	sqlite3 *db;
	three_raters(fx);
	report_options_init(&o);
	o.sections = REPORT_SEC_ANSWERS;
	o.consensus = REPORT_CONSENSUS_DISCARD;
	struct report *r = build(fx, &o);
	assert_close(value_of(r, "answers", "overall", "all", "accuracy", 2), 0.5, 1e-12);
	assert_close(value_of(r, "answers", "overall", "all", "no_consensus", 2), 2, 0);
	report_free(r);
	assert_int_equal(sqlite3_open(fx->db, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "UPDATE rater SET trusted = 0 WHERE name = 'carol'", NULL, NULL, NULL),
			 SQLITE_OK);
	sqlite3_close(db);
	r = build(fx, &o);
	assert_close(value_of(r, "answers", "overall", "all", "accuracy", 3), 2.0 / 3, 1e-12);
	assert_close(value_of(r, "answers", "overall", "all", "no_consensus", 3), 1, 0);
	report_free(r);
	o.consensus = REPORT_CONSENSUS_MAJORITY;
	r = build(fx, &o);
	assert_close(value_of(r, "answers", "overall", "all", "accuracy", 3), 2.0 / 3, 1e-12);
	assert_close(value_of(r, "answers", "overall", "all", "no_consensus", 3), 1, 0);
	report_free(r);
	o.consensus = REPORT_CONSENSUS_NONE;   /* her own judgements still count */
	r = build(fx, &o);
	assert_close(value_of(r, "answers", "overall", "all", "accuracy", 12), 0.5, 1e-12);
	report_free(r);
}

static void test_unknown_names_are_input_errors(void **state)
{
	struct fixture *fx = *state;
	struct report_options o;
	struct report *r = NULL;
	struct error err;
	char *copy = NULL;
	report_options_init(&o);
	o.round = "nope";
	assert_int_equal(report_build(fx->s, &o, &r, &err), ST_INPUT);
	assert_string_equal(err.msg, "no round 'nope' in the project (it has no rounds)");
	report_options_init(&o);
	assert_int_equal(report_parse_raters(&o, "ghost", &copy, &err), 0);
	assert_int_equal(report_build(fx->s, &o, &r, &err), ST_INPUT);
	assert_string_equal(err.msg, "no rater 'ghost' in the project");
	free(copy);
	report_options_init(&o);
	o.consensus = REPORT_CONSENSUS_ADJUDICATED;
	assert_int_equal(report_build(fx->s, &o, &r, &err), ST_INPUT);
	assert_null(r);
}

static void test_option_lists_are_checked(void **state)
{
	struct report_options o;
	struct error err;
	(void)state;
	report_options_init(&o);
	assert_int_equal(report_parse_k(&o, "1,3,5", &err), 0);
	assert_int_equal(o.n_k, 3);
	assert_int_equal(report_parse_k(&o, "3,3", &err), -1);
	assert_int_equal(report_parse_k(&o, "0", &err), -1);
	assert_int_equal(report_parse_k(&o, "1,", &err), -1);
	assert_int_equal(report_parse_k(&o, "", &err), -1);
	assert_int_equal(report_parse_by(&o, "turn,intent", &err), 0);
	assert_int_equal(o.by, REPORT_BY_TURN | REPORT_BY_INTENT);
	assert_int_equal(report_parse_by(&o, "turns", &err), -1);
	assert_int_equal(report_parse_consensus(&o, "rater:", &err), -1);
	assert_int_equal(report_parse_consensus(&o, "discard", &err), 0);
	assert_int_equal(o.consensus, REPORT_CONSENSUS_DISCARD);
	assert_int_equal(report_parse_consensus(&o, "majority", &err), 0);
	assert_int_equal(o.consensus, REPORT_CONSENSUS_MAJORITY);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_fleiss_and_alpha_of_three_raters, setup, teardown),
		cmocka_unit_test_setup_teardown(test_layers_count_judgements_majorities_or_one_rater, setup, teardown),
		cmocka_unit_test_setup_teardown(test_history_keeps_the_latest_value_and_clears_drop_out, setup, teardown),
		cmocka_unit_test_setup_teardown(test_r_counts_gold_outside_the_collection_and_extra_gold, setup, teardown),
		cmocka_unit_test_setup_teardown(test_items_without_consensus_on_relevance_are_counted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_an_empty_ranking_scores_zero_and_is_counted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_pooled_intent_does_not_count_an_unseen_empty_ranking, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_automatic_metrics_skip_items_whose_labels_were_cleared, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_a_pair_without_shared_units_is_undefined, setup, teardown),
		cmocka_unit_test_setup_teardown(test_seconds_keep_their_precision, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_pooled_passage_counts_in_every_ranking_and_its_latest_label_wins,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_agreement_counts_a_pooled_passage_and_a_turn_once, setup, teardown),
		cmocka_unit_test_setup_teardown(test_seconds_count_where_a_row_was_given, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_project_scheme_has_its_section_and_ordinal_agreement, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_discard_and_distrusted_raters, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unknown_names_are_input_errors, setup, teardown),
		cmocka_unit_test(test_option_lists_are_checked),
	};
	return cmocka_run_group_tests_name("report", tests, NULL, NULL);
}
