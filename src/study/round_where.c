/* round_where.c - round create --where's expression over the imported
 * scores, the automatic metrics and the depth of each candidate item (see
 * round_where.h). */
#include "convqa/round_where.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/expr.h"
#include "convqa/metrics_answer.h"
#include "convqa/metrics_variants.h"
#include "convqa/store.h"
#include "convqa/store_report.h"
#include "convqa/strbuf.h"

#define SRC_SCORE 0
#define SRC_DEPTH (-1)
#define SRC_FUZZY (-2)
#define SRC_UNKNOWN (-3)
/* metrics: SRC_METRIC_BASE + enum metrics_answer */
#define SRC_METRIC_BASE 1

static const struct { const char *name; int src; } metric_names[] = {
	{ "depth", SRC_DEPTH },
	{ "em", SRC_METRIC_BASE + METRICS_ANSWER_EM },
	{ "f1", SRC_METRIC_BASE + METRICS_ANSWER_F1 },
	{ "scai_em", SRC_METRIC_BASE + METRICS_ANSWER_SCAI_EM },
	{ "bleu1", SRC_METRIC_BASE + METRICS_ANSWER_BLEU1 },
	{ "rouge1_r", SRC_METRIC_BASE + METRICS_ANSWER_ROUGE1_R },
	{ "rouge_l", SRC_METRIC_BASE + METRICS_ANSWER_ROUGE_L },
	{ "fuzzy", SRC_FUZZY },
};

struct by_id {
	int64_t id;
	size_t i;
};

struct ctx {
	const struct expr *e;
	int *src;                      /* per name */
	size_t n_names;
	struct by_id *resp;            /* the items by response id */
	struct by_id *turns;           /* the items' turns by turn id (i: into golds) */
	size_t n, n_turns;
	double *val;                   /* val[item * n_names + k], NAN: none */
	char **answer;                 /* per item (metrics only) */
	char ***golds;                 /* per turn slot: its gold answers */
	size_t *n_golds;
	struct strbuf scores;          /* the project's score names, for the error */
	char *last;                    /* the last score name read */
	uint8_t *is_score;             /* per name: the project has a score of that name */
};

static int cmp_by_id(const void *pa, const void *pb)
{
	int64_t a = ((const struct by_id *)pa)->id, b = ((const struct by_id *)pb)->id;
	return (a > b) - (a < b);
}

static const struct by_id *find(const struct by_id *v, size_t n, int64_t id)
{
	struct by_id key = { id, 0 };
	return bsearch(&key, v, n, sizeof(key), cmp_by_id);
}

static int on_score(const struct store_report_score *sc, void *vctx)
{
	struct ctx *c = vctx;
	if (!c->last || strcmp(c->last, sc->name) != 0) {   /* ordered by name */
		strbuf_addf(&c->scores, "%s%s", c->last ? ", " : "", sc->name);
		free(c->last);
		c->last = xstrdup(sc->name);
	}
	const struct by_id *hit = find(c->resp, c->n, sc->response_id);
	for (size_t k = 0; k < c->n_names; k++)
		if (strcmp(expr_name(c->e, k), sc->name) == 0) {
			c->is_score[k] = 1;
			if (hit)
				c->val[hit->i * c->n_names + k] = sc->value;
		}
	return 0;
}

static int on_item(const struct store_report_item *it, void *vctx)
{
	struct ctx *c = vctx;
	const struct by_id *hit = find(c->resp, c->n, it->response_id);
	if (hit)
		c->answer[hit->i] = xstrdup(it->answer ? it->answer : "");
	return 0;
}

static int on_gold(const struct store_report_gold *g, void *vctx)
{
	struct ctx *c = vctx;
	const struct by_id *hit = find(c->turns, c->n_turns, g->turn_id);
	if (!hit || !g->answer)
		return 0;
	size_t t = hit->i;
	c->golds[t] = xrealloc(c->golds[t], (c->n_golds[t] + 1) * sizeof(*c->golds[t]));
	c->golds[t][c->n_golds[t]++] = xstrdup(g->answer);
	return 0;
}

/* Each name's source: a score of the project, else a metric; ST_INPUT
 * for neither. Sets *metrics when a metric against the gold is read. */
static enum status resolve(struct ctx *c, int *metrics, struct error *err)
{
	*metrics = 0;
	for (size_t k = 0; k < c->n_names; k++) {
		const char *name = expr_name(c->e, k);
		c->src[k] = c->is_score[k] ? SRC_SCORE : SRC_UNKNOWN;
		for (size_t j = 0; !c->is_score[k] && j < ARRAY_SIZE(metric_names); j++)
			if (strcmp(metric_names[j].name, name) == 0)
				c->src[k] = metric_names[j].src;
		*metrics |= c->src[k] >= SRC_METRIC_BASE || c->src[k] == SRC_FUZZY;
		if (c->src[k] != SRC_UNKNOWN)
			continue;
		struct strbuf sb = STRBUF_INIT;
		for (size_t j = 0; j < ARRAY_SIZE(metric_names); j++)
			strbuf_addf(&sb, "%s%s", j ? ", " : "", metric_names[j].name);
		enum status st = error_set(err, ST_INPUT, "--where: position %zu: no imported score or metric '%s' "
					   "(imported scores: %s; metrics: %s)", expr_name_position(c->e, k), name,
					   c->scores.len ? strbuf_str(&c->scores) : "none (convqa import-scores adds them)",
					   strbuf_str(&sb));
		strbuf_release(&sb);
		return st;
	}
	return ST_OK;
}

/* The answers of the items and the gold answers of their turns. */
static enum status load_texts(struct store_reader *rd, struct ctx *c, const struct store_round_item *items,
			      struct error *err)
{
	c->turns = xcalloc(c->n + 1, sizeof(*c->turns));
	for (size_t i = 0; i < c->n; i++)
		c->turns[i] = (struct by_id){ items[i].turn_id, 0 };
	qsort(c->turns, c->n, sizeof(*c->turns), cmp_by_id);
	for (size_t i = 0; i < c->n; i++)
		if (c->n_turns == 0 || c->turns[c->n_turns - 1].id != c->turns[i].id) {
			c->turns[c->n_turns] = (struct by_id){ c->turns[i].id, c->n_turns };
			c->n_turns++;
		}
	c->answer = xcalloc(c->n + 1, sizeof(*c->answer));
	c->golds = xcalloc(c->n_turns + 1, sizeof(*c->golds));
	c->n_golds = xcalloc(c->n_turns + 1, sizeof(*c->n_golds));
	enum status st = store_report_items(rd, on_item, c, err);
	if (st == ST_OK)
		st = store_report_gold_answers(rd, on_gold, c, err);
	return st;
}

/* The metrics and the depth of item i into its values. */
static void item_metrics(struct ctx *c, const struct store_round_item *it, size_t i)
{
	const struct by_id *t = c->golds ? find(c->turns, c->n_turns, it->turn_id) : NULL;
	const char *const *golds = t ? (const char *const *)c->golds[t->i] : NULL;
	size_t n_golds = t ? c->n_golds[t->i] : 0;
	for (size_t k = 0; k < c->n_names; k++) {
		double *v = &c->val[i * c->n_names + k];
		if (c->src[k] == SRC_DEPTH)
			*v = it->depth;
		else if (c->src[k] == SRC_FUZZY && n_golds)
			*v = metrics_fuzzy_inclusion(c->answer[i] ? c->answer[i] : "", golds, n_golds,
						     METRICS_FUZZY_THRESHOLD);
		else if (c->src[k] >= SRC_METRIC_BASE && n_golds)
			*v = metrics_answer_max((enum metrics_answer)(c->src[k] - SRC_METRIC_BASE),
						c->answer[i] ? c->answer[i] : "", golds, n_golds, 1.0);
	}
}

static void ctx_release(struct ctx *c)
{
	for (size_t i = 0; c->answer && i < c->n; i++)
		free(c->answer[i]);
	for (size_t t = 0; c->golds && t < c->n_turns; t++) {
		for (size_t j = 0; j < c->n_golds[t]; j++)
			free(c->golds[t][j]);
		free(c->golds[t]);
	}
	free(c->answer);
	free(c->golds);
	free(c->n_golds);
	free(c->turns);
	free(c->resp);
	free(c->val);
	free(c->src);
	free(c->is_score);
	free(c->last);
	strbuf_release(&c->scores);
}

enum status round_where_filter(struct store *s, const struct expr *e, struct store_round_item *items, size_t *n,
			       struct round_where_lack *lack, struct error *err)
{
	struct ctx c = { .e = e, .n_names = expr_n_names(e), .n = *n, .scores = STRBUF_INIT };
	struct store_reader *rd = NULL;
	int metrics = 0;
	lack->items = 0;
	lack->of = xcalloc(c.n_names + 1, sizeof(*lack->of));
	c.src = xcalloc(c.n_names + 1, sizeof(*c.src));
	c.is_score = xcalloc(c.n_names + 1, 1);
	c.val = xmalloc((c.n * c.n_names + 1) * sizeof(*c.val));
	for (size_t i = 0; i < c.n * c.n_names; i++)
		c.val[i] = NAN;
	c.resp = xcalloc(c.n + 1, sizeof(*c.resp));
	for (size_t i = 0; i < c.n; i++)
		c.resp[i] = (struct by_id){ items[i].response_id, i };
	qsort(c.resp, c.n, sizeof(*c.resp), cmp_by_id);
	enum status st = store_reader_open(s, &rd, err);
	if (st == ST_OK)
		st = store_report_scores(rd, on_score, &c, err);
	if (st == ST_OK)
		st = resolve(&c, &metrics, err);
	if (st == ST_OK && metrics)
		st = load_texts(rd, &c, items, err);
	size_t out = 0;
	for (size_t i = 0; st == ST_OK && i < c.n; i++) {
		item_metrics(&c, &items[i], i);
		int r = expr_eval(e, c.val + i * c.n_names);
		for (size_t k = 0; r < 0 && k < c.n_names; k++)
			lack->of[k] += isnan(c.val[i * c.n_names + k]) != 0;
		lack->items += r < 0;
		if (r == 1)
			items[out++] = items[i];
	}
	if (st == ST_OK)
		*n = out;
	if (rd)
		store_reader_close(rd);
	ctx_release(&c);
	return st;
}
