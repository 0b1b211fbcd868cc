/* report_sec_prefs.c - the preferences of pairwise rounds and arena chats
 * (the pair unit, issue 22) in the report: every rater's current preference
 * (store_prefs_load, pref_row rows) given to the pairwise statistics
 * (report_sec_pairwise.c: wins, ties and losses, win rates with Wilson
 * intervals, the sign test, the Bradley-Terry ranking, position bias,
 * agreement, and against the answers' correctness labels of the report's
 * layer where both answers have one), a section "pairwise:FIELD" each. --only preferences selects
 * them; --seed seeds their bootstrap. */
#include <stdlib.h>
#include <string.h>

#include "convqa/store_pair.h"
#include "convqa/strmap.h"
#include "report_internal.h"
#include "report_pairwise.h"

#define PREF_TASK "pairwise"
#define PREF_FIELD "preference"

int rp_preferences_applies(const struct rp_ctx *c)
{
	struct store_prefs p;
	struct error err;
	if (store_prefs_load(c->db, c->round_id, PREF_TASK, PREF_FIELD, &p, &err) != ST_OK)
		return 0;
	int any = p.n > 0;
	store_prefs_release(&p);
	return any;
}

/* The key of an answer: its conversation, turn position and system. */
static char *answer_key(const char *conversation, int position, const char *system)
{
	return xasprintf("%s\x1f%d\x1f%s", conversation, position, system);
}

/* Each item's correctness in the report's layer: the mean code of its
 * observations (one in a consensus layer), count in n[] (0: none). */
static double *item_correctness(const struct rp_ctx *c, long *n)
{
	const struct rp_data *d = c->d;
	const struct rp_layer *L = c->layer;
	double *sum = xcalloc(d->n_items + 1, sizeof(*sum));
	for (size_t i = 0; i < L->n_obs; i++) {
		int v = rp_correct_code(d, L, &L->obs[i]);
		if (v == RP_UNSET || v == RP_NO_CONSENSUS)
			continue;
		sum[L->obs[i].item] += v;
		n[L->obs[i].item]++;
	}
	for (size_t i = 0; i < d->n_items; i++)
		if (n[i])
			sum[i] /= (double)n[i];
	return sum;
}

/* Both answers' correctness on the rows where the layer has both (the
 * section "absolute" of report_sec_pairwise.c). */
static void add_correctness(const struct rp_ctx *c, struct store_prefs *p)
{
	const struct rp_data *d = c->d;
	if (d->correctness.task < 0 || !c->layer || !c->layer->n_obs)
		return;
	long *n = xcalloc(d->n_items + 1, sizeof(*n));
	double *mean = item_correctness(c, n);
	char **keys = xcalloc(d->n_items + 1, sizeof(*keys));
	struct strmap m = STRMAP_INIT;
	for (size_t i = 0; i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		const struct rp_turn *t = &d->turns[it->turn];
		keys[i] = answer_key(d->conversations[t->conv], t->position, d->systems[it->system]);
		if (n[i])
			strmap_put(&m, keys[i], i, NULL);
	}
	for (size_t k = 0; k < p->n; k++) {
		struct pref_row *r = &p->rows[k];
		char *ka = answer_key(r->conversation, r->depth, p->systems[r->sys_a]);
		char *kb = answer_key(r->conversation, r->depth, p->systems[r->sys_b]);
		size_t *ia = strmap_get(&m, ka), *ib = strmap_get(&m, kb);
		if (ia && ib) {
			r->has_abs = 1;
			r->abs_a = mean[*ia];
			r->abs_b = mean[*ib];
		}
		free(ka);
		free(kb);
	}
	strmap_release(&m);
	for (size_t i = 0; i < d->n_items; i++)
		free(keys[i]);
	free(keys);
	free(mean);
	free(n);
}

/* Why no judgement has both answers' correctness, for the sections
 * without the table "absolute". */
static char *absolute_absent(const struct rp_ctx *c)
{
	const struct rp_data *d = c->d;
	if (d->correctness.task >= 0)
		return xasprintf("no judgement has both answers labelled for correctness (%s) in the report's layer",
				 d->correctness.name);
	for (size_t t = 0; t < d->n_tasks && (c->o->tasks || c->o->n_schemes); t++) {
		const struct scheme_field *f = scheme_field_by_role(d->tasks[t].scheme, SROLE_CORRECTNESS);
		if (f && !(c->shown & (1u << t)))
			return xasprintf("--task leaves out task %s, whose field %s holds the correctness labels "
					 "(add it: --task ...,%s)", d->tasks[t].name, f->name, d->tasks[t].name);
	}
	return xstrdup("no answer has a correctness label (a field of role correctness, such as answer_correct)");
}

/* A note under each section of the rows from first on that has no table
 * "absolute", saying why. */
static void note_absolute_absent(const struct rp_ctx *c, size_t first)
{
	char *why = NULL;
	for (size_t i = first; i < c->r->n_sections; i++) {
		struct rsection *sec = c->r->sections[i];
		size_t k = 0;
		while (k < sec->n_tables && strcmp(sec->tables[k]->id, "absolute") != 0)
			k++;
		if (k < sec->n_tables)
			continue;
		if (!why)
			why = absolute_absent(c);
		rsection_note(sec, "No table against the absolute correctness labels: %s.", why);
	}
	free(why);
}

enum status rp_preferences(struct rp_ctx *c)
{
	struct store_prefs p;
	enum status st = store_prefs_load(c->db, c->round_id, PREF_TASK, PREF_FIELD, &p, c->err);
	if (st != ST_OK)
		return st;
	struct pairwise_options po;
	pairwise_options_init(&po);
	po.seed = c->o->seed;
	add_correctness(c, &p);
	size_t first = c->r->n_sections;
	report_pairwise(c->r, p.rows, p.n, (const char *const *)p.systems, p.n_systems,
			(const char *const *)p.raters, p.n_raters, &po);
	note_absolute_absent(c, first);
	store_prefs_release(&p);
	return ST_OK;
}
