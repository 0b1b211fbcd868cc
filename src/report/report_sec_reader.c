/* report_sec_reader.c - seed 001's reader metrics (--variant seed001) in
 * the section "automatic": top-1 and top-k reader accuracy over the
 * correct retrievals, the same over the questions that have an answer,
 * and EM and F1 over those; then the reader's F1 of its first and best of
 * the first k candidates over the correct retrievals (docs/metrics.md,
 * "Variants"). */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/metrics_answer.h"
#include "convqa/metrics_variants.h"
#include "report_internal.h"

/* Sums of one system (then all). */
struct reader_acc {
	long items, retrievals, top1, topk;            /* over the correct retrievals */
	long has_retrievals, has_top1, has_topk;       /* the same, answerable questions only */
	long has_answer;                               /* answerable questions (EM, F1) */
	double em, f1;
	double f1_top1, f1_topk;                       /* sums over the correct retrievals */
	double has_f1_top1, has_f1_topk;               /* the same, answerable questions only */
};

/* What one item gives: the rank of its first correct candidate and the F1
 * of its first candidate and of the best of its first k. */
struct reading {
	size_t rank;
	double f1_top1, f1_topk;
};

/* Whether item it retrieved a gold passage of its turn; a turn without
 * gold passages, or an impossible one, counts as a correct retrieval (the
 * reader judged alone). */
static int correct_retrieval(const struct rp_data *d, const struct rp_item *it, int impossible)
{
	const struct rp_turn *t = &d->turns[it->turn];
	if (impossible || t->n_gold_pas == 0)
		return 1;
	for (uint32_t r = 0; r < it->n_ranks; r++)
		for (uint32_t g = 0; g < t->n_gold_pas; g++)
			if (d->passages[it->ranks + r] && d->passages[it->ranks + r] == d->gold_passages[t->gold_pas + g])
				return 1;
	return 0;
}

/* The golds of the turn last read, tokenised once for its items. */
struct gold_cache {
	uint32_t turn;
	struct metrics_golds *golds;
};

/* Item it's candidates (its answer alone when it has none) against the
 * gold answers of golds: the rank of the first correct one (0 when none
 * is) and the F1 of the first one and the best F1 of the first k. Its
 * candidate JSON is parsed once and each candidate tokenised once, for
 * its EM and F1 together. */
static struct reading read_item(const struct rp_item *it, const struct metrics_golds *golds, size_t ng, size_t k)
{
	cJSON *arr = it->candidates ? cJSON_Parse(it->candidates) : NULL;
	struct reading r = { 0, 0.0, 0.0 };
	const cJSON *c = arr ? arr->child : NULL;
	for (size_t i = 0; c || i == 0; i++) {
		const char *text = it->answer;   /* no candidates: the answer alone */
		if (c) {
			const cJSON *t = cJSON_GetObjectItemCaseSensitive(c, "text");
			text = cJSON_IsString(t) ? t->valuestring : "";
			c = c->next;
		}
		if (i >= k && (r.rank || !ng))
			break;   /* past the first k, and the first correct one found */
		double em, f1;
		metrics_answer_em_f1(text, golds, &em, &f1);
		if (!r.rank && ng && em == 1.0)
			r.rank = i + 1;
		if (i == 0)
			r.f1_top1 = f1;
		if (i < k && f1 > r.f1_topk)
			r.f1_topk = f1;
	}
	cJSON_Delete(arr);
	return r;
}

static void add_item(const struct rp_ctx *c, size_t i, struct reader_acc *a, struct gold_cache *gc)
{
	const struct rp_data *d = c->d;
	const struct rp_item *it = &d->items[i];
	const struct rp_turn *t = &d->turns[it->turn];
	const char *const *golds = (const char *const *)d->gold_answers + t->gold_ans;
	int impossible = metrics_impossible(golds, t->n_gold_ans);
	int retrieved = correct_retrieval(d, it, impossible);
	struct reading r = { 0, 0.0, 0.0 };
	if (retrieved) {
		if (!gc->golds || gc->turn != it->turn) {
			metrics_golds_free(gc->golds);
			gc->golds = metrics_golds_new(golds, t->n_gold_ans);
			gc->turn = it->turn;
		}
		r = read_item(it, gc->golds, t->n_gold_ans, (size_t)c->o->reader_k);
	}
	int top1 = r.rank == 1, topk = r.rank >= 1 && r.rank <= (size_t)c->o->reader_k;
	for (int k = 0; k < 2; k++) {
		struct reader_acc *s = k ? &a[d->n_systems] : &a[it->system];
		s->items++;
		s->retrievals += retrieved;
		s->top1 += top1;
		s->topk += topk;
		s->f1_top1 += r.f1_top1;
		s->f1_topk += r.f1_topk;
		if (impossible)
			continue;
		s->has_answer++;
		s->em += c->auto_val[i * RP_N_AUTO + 0];   /* EM, F1: the first columns */
		s->f1 += c->auto_val[i * RP_N_AUTO + 1];
		s->has_retrievals += retrieved;
		s->has_top1 += top1;
		s->has_topk += topk;
		s->has_f1_top1 += r.f1_top1;
		s->has_f1_topk += r.f1_topk;
	}
}

static void share(struct rrow *row, int col, double sum, long n, const char *why)
{
	if (n)
		rcell_num(row, col, sum / (double)n, n);
	else
		rcell_undef(row, col, 0, "%s", why);
}

static void reader_row(struct rtable *t, const char *name, const struct reader_acc *a)
{
	static const char *const no_retrieval = "no correct retrieval";
	struct rrow *row = rtable_row(t, name, a->items);
	rcell_count(row, 0, a->retrievals);
	share(row, 1, (double)a->top1, a->retrievals, no_retrieval);
	share(row, 2, (double)a->topk, a->retrievals, no_retrieval);
	rcell_count(row, 3, a->has_answer);
	share(row, 4, (double)a->has_top1, a->has_retrievals, "no correct retrieval of a question with an answer");
	share(row, 5, (double)a->has_topk, a->has_retrievals, "no correct retrieval of a question with an answer");
	share(row, 6, a->em, a->has_answer, "no question with an answer");
	share(row, 7, a->f1, a->has_answer, "no question with an answer");
}

static void f1_row(struct rtable *t, const char *name, const struct reader_acc *a)
{
	static const char *const no_retrieval = "no correct retrieval";
	static const char *const no_has = "no correct retrieval of a question with an answer";
	struct rrow *row = rtable_row(t, name, a->items);
	rcell_count(row, 0, a->retrievals);
	share(row, 1, a->f1_top1, a->retrievals, no_retrieval);
	share(row, 2, a->f1_topk, a->retrievals, no_retrieval);
	rcell_count(row, 3, a->has_retrievals);
	share(row, 4, a->has_f1_top1, a->has_retrievals, no_has);
	share(row, 5, a->has_f1_topk, a->has_retrievals, no_has);
}

/* The second table: the reader's F1 (seed 001's reader_top1_f1 and
 * reader_top1_fk, here reader_topk_f1, and their has-answer subsets). */
static void reader_f1_table(const struct rp_ctx *c, struct rsection *sec, const struct reader_acc *acc)
{
	const struct rp_data *d = c->d;
	long k = c->o->reader_k;
	char label[64];
	struct rtable *t = rsection_table(sec, "reader_f1", "Reader F1 (seed 001)", "system", "items");
	rtable_col(t, "correct_retrievals", "retrievals", RF_COUNT, 0);
	rtable_col(t, "reader_top1_f1", "top-1 F1", RF_FRACTION, 0);
	snprintf(label, sizeof(label), "top-%ld F1", k);
	rtable_col(t, "reader_topk_f1", label, RF_FRACTION, 0);
	rtable_col(t, "has_answer_retrievals", "retrievals HA", RF_COUNT, 0);
	rtable_col(t, "reader_top1_f1_has_answer", "top-1 F1 HA", RF_FRACTION, 0);
	snprintf(label, sizeof(label), "top-%ld F1 HA", k);
	rtable_col(t, "reader_topk_f1_has_answer", label, RF_FRACTION, 0);
	for (size_t s = 0; s <= d->n_systems; s++)
		if (s == d->n_systems || acc[s].items)
			f1_row(t, s < d->n_systems ? d->systems[s] : "all", &acc[s]);
	rsection_note(sec, "Reader F1 (seed 001): the SQuAD F1 of the tokens (the answer metrics' F1, best "
			   "over the gold answers; for an impossible question 1 when the candidate is empty, else "
			   "0) of the first candidate (top-1 F1) and the best F1 of the first %ld candidates "
			   "(top-%ld F1, the seed's reader_top1_fk), averaged over the correct retrievals as reader "
			   "accuracy is; HA: over the correct retrievals of questions with an answer. The seed's F1 "
			   "counts the characters of the answer's span in its passage that overlap the gold span's; "
			   "a candidate here is text without offsets, so its tokens are counted instead.", k, k);
}

void rp_reader_table(const struct rp_ctx *c, struct rsection *sec, const uint8_t *scored)
{
	const struct rp_data *d = c->d;
	size_t ns = d->n_systems;
	long k = c->o->reader_k;
	char label[64];
	struct reader_acc *acc = xcalloc(ns + 1, sizeof(*acc));
	struct gold_cache gc = { 0, NULL };
	for (size_t i = 0; i < d->n_items; i++)
		if (scored[i])
			add_item(c, i, acc, &gc);
	metrics_golds_free(gc.golds);
	struct rtable *t = rsection_table(sec, "reader", "Reader accuracy (seed 001)", "system", "items");
	rtable_col(t, "correct_retrievals", "retrievals", RF_COUNT, 0);
	rtable_col(t, "reader_top1_accuracy", "top-1 acc.", RF_FRACTION, 0);
	snprintf(label, sizeof(label), "top-%ld acc.", k);
	rtable_col(t, "reader_topk_accuracy", label, RF_FRACTION, 0);
	rtable_col(t, "has_answer", "has answer", RF_COUNT, 0);
	rtable_col(t, "reader_top1_accuracy_has_answer", "top-1 acc. HA", RF_FRACTION, 0);
	snprintf(label, sizeof(label), "top-%ld acc. HA", k);
	rtable_col(t, "reader_topk_accuracy_has_answer", label, RF_FRACTION, 0);
	rtable_col(t, "em_has_answer", "EM HA", RF_FRACTION, 0);
	rtable_col(t, "f1_has_answer", "F1 HA", RF_FRACTION, 0);
	for (size_t s = 0; s <= ns; s++)
		if (s == ns || acc[s].items)
			reader_row(t, s < ns ? d->systems[s] : "all", &acc[s]);
	rsection_note(sec, "Reader accuracy (seed 001, --variant seed001, k = %ld by --reader-k): a reading is "
			   "correct when an answer candidate equals a gold answer after the SQuAD normalisation "
			   "(as EM); for a question impossible to answer (every gold answer empty after it) the "
			   "correct reading is an empty candidate, the reader's None. Candidates: the response's "
			   "\"candidates\" best first, else its answer alone. top-1 acc. = questions whose first "
			   "candidate is correct / correct retrievals; top-%ld acc.: any of the first %ld. A correct "
			   "retrieval: some returned passage is a gold passage of the turn; a turn without gold "
			   "passages, or impossible, counts as one (the reader judged alone); retrievals is their "
			   "count. HA (has answer): the same over the questions not impossible to answer; EM HA and "
			   "F1 HA are EM and F1 of the response's answer over all of those (has answer), as the "
			   "standard EM and F1 above.", k, k, k);
	reader_f1_table(c, sec, acc);
	free(acc);
}
