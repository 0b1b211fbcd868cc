/* report_sec_reader.c - seed 001's reader metrics (--variant seed001) in
 * the section "automatic": top-1 and top-k reader accuracy over the
 * correct retrievals, the same over the questions that have an answer,
 * and EM and F1 over those (docs/metrics.md, "Variants"). */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/metrics_variants.h"
#include "report_internal.h"

/* Sums of one system (then all). */
struct reader_acc {
	long items, retrievals, top1, topk;            /* over the correct retrievals */
	long has_retrievals, has_top1, has_topk;       /* the same, answerable questions only */
	long has_answer;                               /* answerable questions (EM, F1) */
	double em, f1;
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

/* The 1-based rank of item it's first correct candidate (its answer alone
 * when it has no candidates), 0 when none is correct. */
static size_t first_correct(const struct rp_item *it, const char *const *golds, size_t ng)
{
	cJSON *arr = it->candidates ? cJSON_Parse(it->candidates) : NULL;
	size_t n = arr ? (size_t)cJSON_GetArraySize(arr) : 0, k = 0;
	const char **texts = xcalloc(n + 1, sizeof(*texts));
	for (const cJSON *c = arr ? arr->child : NULL; c; c = c->next) {
		const cJSON *text = cJSON_GetObjectItemCaseSensitive(c, "text");
		texts[k++] = cJSON_IsString(text) ? text->valuestring : "";
	}
	if (k == 0)
		texts[k++] = it->answer;
	size_t rank = metrics_reader_first_correct(texts, k, golds, ng);
	free(texts);
	cJSON_Delete(arr);
	return rank;
}

static void add_item(const struct rp_ctx *c, size_t i, struct reader_acc *a)
{
	const struct rp_data *d = c->d;
	const struct rp_item *it = &d->items[i];
	const struct rp_turn *t = &d->turns[it->turn];
	const char *const *golds = (const char *const *)d->gold_answers + t->gold_ans;
	int impossible = metrics_impossible(golds, t->n_gold_ans);
	int retrieved = correct_retrieval(d, it, impossible);
	size_t rank = retrieved ? first_correct(it, golds, t->n_gold_ans) : 0;
	int top1 = rank == 1, topk = rank >= 1 && rank <= (size_t)c->o->reader_k;
	for (int k = 0; k < 2; k++) {
		struct reader_acc *s = k ? &a[d->n_systems] : &a[it->system];
		s->items++;
		s->retrievals += retrieved;
		s->top1 += top1;
		s->topk += topk;
		if (impossible)
			continue;
		s->has_answer++;
		s->em += c->auto_val[i * RP_N_AUTO + 0];   /* EM, F1: the first columns */
		s->f1 += c->auto_val[i * RP_N_AUTO + 1];
		s->has_retrievals += retrieved;
		s->has_top1 += top1;
		s->has_topk += topk;
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

void rp_reader_table(const struct rp_ctx *c, struct rsection *sec, const uint8_t *scored)
{
	const struct rp_data *d = c->d;
	size_t ns = d->n_systems;
	long k = c->o->reader_k;
	char label[64];
	struct reader_acc *acc = xcalloc(ns + 1, sizeof(*acc));
	for (size_t i = 0; i < d->n_items; i++)
		if (scored[i])
			add_item(c, i, acc);
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
	free(acc);
}
