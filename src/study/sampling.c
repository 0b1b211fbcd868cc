/* sampling.c - the answers a plausibility round judges (see sampling.h). */
#include "convqa/sampling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/assign.h"
#include "convqa/metrics_answer.h"
#include "convqa/store.h"

/* One question's qualifying answers, before the limit on questions. */
struct question {
	int64_t *ids;
	size_t n;
	uint64_t draw;                     /* its place among questions alike */
};

struct chooser {
	const struct sampling_request *rq;
	struct sampling_result *out;
	struct question *q;
	size_t n_q, cap_q;
	uint64_t rng;
};

/* The similarity of the answer response i gave (norm: the turn's answers
 * normalised): computed from the text, or the largest number the metadata
 * of the responses with that answer holds (NAN: none holds one). */
static double similarity(const struct chooser *c, const struct store_sample_turn *t, char **norm, size_t i)
{
	if (c->rq->sim != SAMPLING_COLUMN) {
		enum metrics_answer m = c->rq->sim == SAMPLING_F1 ? METRICS_ANSWER_F1 : METRICS_ANSWER_ROUGE_L;
		return metrics_answer_max(m, t->answers[i], t->golds, t->n_golds, 1.0);
	}
	double best = NAN;
	for (size_t k = 0; k < t->n; k++)
		if (!isnan(t->column[k]) && strcmp(norm[k], norm[i]) == 0 && (isnan(best) || t->column[k] > best))
			best = t->column[k];
	return best;
}

/* The distinct answers of t: each response's normalised answer into
 * norm[], and the first response (in a seeded order) of each. */
static size_t distinct(struct chooser *c, const struct store_sample_turn *t, char **norm, size_t *order,
		       size_t *pick)
{
	size_t n_pick = 0;
	for (size_t i = 0; i < t->n; i++) {
		order[i] = i;
		norm[i] = metrics_normalize_answer(t->answers[i]);
	}
	for (size_t i = t->n; i > 1; i--) {   /* Fisher-Yates: which system stands for an answer */
		size_t j = (size_t)(assign_rng_next(&c->rng) % i), x = order[i - 1];
		order[i - 1] = order[j];
		order[j] = x;
	}
	for (size_t k = 0; k < t->n; k++) {
		size_t i = order[k], dup = 0;
		if (!*norm[i]) {
			c->out->empty++;
			continue;
		}
		for (size_t p = 0; p < n_pick && !dup; p++)
			dup = strcmp(norm[pick[p]], norm[i]) == 0;
		if (dup)
			c->out->same_answer++;
		else
			pick[n_pick++] = i;
	}
	return n_pick;
}

static int on_turn(const struct store_sample_turn *t, void *ctx)
{
	struct chooser *c = ctx;
	for (size_t i = 0; c->rq->sim == SAMPLING_COLUMN && i < t->n; i++)
		c->out->with_value += !isnan(t->column[i]);
	if (t->n_golds == 0) {
		c->out->no_gold += t->n;
		return 0;
	}
	size_t *order = xcalloc(t->n + 1, sizeof(*order)), *pick = xcalloc(t->n + 1, sizeof(*pick));
	char **norm = xcalloc(t->n + 1, sizeof(*norm));
	size_t n_pick = distinct(c, t, norm, order, pick), n_ok = 0;
	int64_t *ids = xcalloc(t->n + 1, sizeof(*ids));
	for (size_t p = 0; p < n_pick; p++) {
		double sim = similarity(c, t, norm, pick[p]);
		if (isnan(sim))
			c->out->no_value++;
		else if (sim < c->rq->min_sim)
			c->out->below++;
		else if (n_ok == c->rq->per_question)
			c->out->over_per_question++;
		else
			ids[n_ok++] = t->responses[pick[p]];
	}
	if (n_ok) {
		xgrow(&c->q, &c->cap_q, c->n_q + 1, sizeof(*c->q));
		c->q[c->n_q++] = (struct question){ ids, n_ok, assign_rng_next(&c->rng) };
	} else {
		free(ids);
	}
	for (size_t i = 0; i < t->n; i++)
		free(norm[i]);
	free(norm);
	free(order);
	free(pick);
	return 0;
}

/* Disagreeing questions (two or more answers) first, then by the draw. */
static int cmp_question(const void *pa, const void *pb)
{
	const struct question *a = pa, *b = pb;
	int da = a->n > 1, db = b->n > 1;
	if (da != db)
		return db - da;
	return (a->draw > b->draw) - (a->draw < b->draw);
}

static int cmp_id(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
	return (a > b) - (a < b);
}

/* The questions used (all, or the first rq->questions), their answers. */
static void take(struct chooser *c)
{
	struct sampling_result *out = c->out;
	size_t cap = 0;
	if (c->rq->questions && c->n_q > c->rq->questions)
		qsort(c->q, c->n_q, sizeof(*c->q), cmp_question);
	for (size_t i = 0; i < c->n_q; i++) {
		if (c->rq->questions && i >= c->rq->questions) {
			out->over_questions += c->q[i].n;
			continue;
		}
		out->questions++;
		out->disagreeing += c->q[i].n > 1;
		xgrow(&out->ids, &cap, out->n + c->q[i].n, sizeof(*out->ids));
		memcpy(out->ids + out->n, c->q[i].ids, c->q[i].n * sizeof(*out->ids));
		out->n += c->q[i].n;
	}
	if (out->n)
		qsort(out->ids, out->n, sizeof(*out->ids), cmp_id);
}

enum status sampling_choose(struct store *s, const struct sampling_request *rq, struct sampling_result *out,
			    struct error *err)
{
	struct chooser c = { .rq = rq, .out = out, .rng = rq->seed };
	memset(out, 0, sizeof(*out));
	enum status st = store_sample_turns(s, rq->sim == SAMPLING_COLUMN ? rq->column : NULL, on_turn, &c, err);
	if (st == ST_OK)
		take(&c);
	for (size_t i = 0; i < c.n_q; i++)
		free(c.q[i].ids);
	free(c.q);
	if (st != ST_OK) {
		free(out->ids);
		memset(out, 0, sizeof(*out));
	}
	return st;
}
