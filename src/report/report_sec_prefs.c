/* report_sec_prefs.c - the preferences of pairwise rounds and arena chats
 * (the pair unit, issue 22) in the report: every rater's current preference
 * (store_prefs_load, pref_row rows) given to the pairwise statistics
 * (report_sec_pairwise.c: wins, ties and losses, win rates with Wilson
 * intervals, the sign test, the Bradley-Terry ranking, position bias,
 * agreement, and against the answers' correctness labels of the report's
 * layer where both answers have one), a section "pairwise:FIELD" each. --only preferences selects
 * them; --seed seeds their bootstrap. An adjudicator's preferences settle
 * disagreements (convqa adjudicate) and are no judgements; with --consensus
 * the pairs, win rates and ranking count one settled preference per pair
 * of answers (settle()).
 *
 * Which preferences: every pair field with categories of a task of the
 * report (--task, else every one) whose scheme judges pairs: the built-in
 * pairwise scheme's ("pairwise:preference") and a project scheme's, such
 * as sample_tasks/schemes/pairwise-criteria.json's three criteria
 * ("pairwise:pairwise-criteria/faithfulness"), each a section of its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/store_pair.h"
#include "convqa/strmap.h"
#include "report_internal.h"
#include "report_pairwise.h"

/* Whether field f of sc holds preferences of one answer over the other. */
static int holds_prefs(const struct scheme *sc, const struct scheme_field *f)
{
	return scheme_judges_pairs(sc) && f->unit == UNIT_PAIR && f->type != TYPE_TEXT && f->n_categories;
}

/* The preferences of field f of task into p, their field named as their
 * section is (report_pairwise_section(): TASK/FIELD but for the built-in
 * pairwise scheme's); *judged:
 * some row is a rater's (not only identical answers, which are no task's). */
static enum status load_field(const struct rp_ctx *c, const char *task, const struct scheme_field *f,
			      struct store_prefs *p, int *judged, struct error *err)
{
	enum status st = store_prefs_load(c->db, c->round_id, task, f->name, p, err);
	if (st != ST_OK)
		return st;
	*judged = 0;
	for (size_t k = 0; k < p->n && !*judged; k++)
		*judged = p->rows[k].rater >= 0;
	char *id = report_pairwise_section(task, f->name), *name = xstrdup(id + strlen("pairwise:"));
	for (size_t k = 0; k < p->n; k++)
		if (p->rows[k].field == p->field)
			p->rows[k].field = name;
	free(p->field);
	p->field = name;
	free(id);
	return ST_OK;
}

/* fn on the preferences of each field that holds them, of each task of
 * the report, in the report's order of tasks and the scheme's of fields;
 * stops at fn's non-zero (returned). */
typedef int prefs_fn(struct rp_ctx *c, struct store_prefs *p);
static int each_field(struct rp_ctx *c, prefs_fn *fn, enum status *st, struct error *err)
{
	const struct rp_data *d = c->d;
	int stop = 0;
	*st = ST_OK;
	for (size_t t = 0; !stop && *st == ST_OK && t < d->n_tasks; t++) {
		const struct scheme *sc = d->tasks[t].scheme;
		if (!(d->selected & (1u << t)) || !scheme_judges_pairs(sc))
			continue;
		for (size_t i = 0; !stop && *st == ST_OK && i < sc->n_fields; i++) {
			struct store_prefs p;
			int judged = 0;
			if (!holds_prefs(sc, &sc->fields[i]))
				continue;
			*st = load_field(c, d->tasks[t].name, &sc->fields[i], &p, &judged, err);
			if (*st != ST_OK)
				break;
			if (judged)
				stop = fn(c, &p);
			store_prefs_release(&p);
		}
	}
	return stop;
}

static int found(struct rp_ctx *c, struct store_prefs *p)
{
	(void)c, (void)p;
	return 1;
}

int rp_preferences_applies(const struct rp_ctx *c)
{
	struct error err;
	enum status st;
	return each_field((struct rp_ctx *)c, found, &st, &err);
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

/* ---- settled preferences (--consensus) ------------------------------------------------ */

/* The rows of one pair of answers: rows[from .. to - 1] (the store gives
 * them together: by turn, then systems). */
static size_t unit_end(const struct store_prefs *p, size_t from)
{
	const struct pref_row *a = &p->rows[from];
	size_t to = from + 1;
	while (to < p->n && p->rows[to].turn_id == a->turn_id && p->rows[to].sys_a == a->sys_a &&
	       p->rows[to].sys_b == a->sys_b && p->rows[to].winner != PREF_SAME)
		to++;
	return to;
}

/* The consensus of kind over rows[from .. to - 1] of trusted raters
 * (counts[w]: how many gave w) and adjudicators (adj[w]); -1: none. */
static int consensus_of(enum report_consensus kind, const long *counts, const long *adj, int *by_adjudicator)
{
	int best = -1, second = -1, distinct = 0, adj_best = -1, adj_distinct = 0;
	for (int w = 0; w < PREF_SAME; w++) {
		if (adj[w]) {
			adj_best = w;
			adj_distinct++;
		}
		if (!counts[w])
			continue;
		distinct++;
		if (best < 0 || counts[w] > counts[best]) {
			second = best;
			best = w;
		} else if (second < 0 || counts[w] > counts[second]) {
			second = w;
		}
	}
	*by_adjudicator = 0;
	switch (kind) {
	case REPORT_CONSENSUS_MAJORITY:
		return best >= 0 && (second < 0 || counts[second] < counts[best]) ? best : -1;
	case REPORT_CONSENSUS_ADJUDICATED:
		if (adj_distinct) {
			*by_adjudicator = adj_distinct == 1;
			return adj_distinct == 1 ? adj_best : -1;
		}
		return distinct == 1 ? best : -1;
	default:   /* discard, and one rater's (the rows are theirs only) */
		return distinct == 1 ? best : -1;
	}
}

/* One settled row per pair of answers of p (with the identical ones) into
 * out->rows (caller frees). */
static void settle(const struct rp_ctx *c, const struct store_prefs *p, struct report_pairwise_settled *out)
{
	enum report_consensus kind = c->o->consensus;
	const char *only = kind == REPORT_CONSENSUS_RATER ? c->o->consensus_rater : NULL;
	struct pref_row *rows = xmalloc((p->n + 1) * sizeof(*rows));
	size_t n = 0;
	for (size_t from = 0, to; from < p->n; from = to) {
		to = unit_end(p, from);
		if (p->rows[from].winner == PREF_SAME) {
			rows[n++] = p->rows[from];
			continue;
		}
		long counts[PREF_SAME] = { 0 }, adj[PREF_SAME] = { 0 };
		for (size_t k = from; k < to; k++) {
			const struct pref_row *x = &p->rows[k];
			if (x->rater < 0)
				continue;
			int kd = p->rater_kind[x->rater];
			if (only ? strcmp(p->raters[x->rater], only) == 0 : kd == PREFS_RATER)
				counts[x->winner]++;
			else if (!only && kd == PREFS_ADJUDICATOR)
				adj[x->winner]++;
		}
		int by_adj, w = consensus_of(kind, counts, adj, &by_adj);
		long any = 0;
		for (int k = 0; k < PREF_SAME; k++)
			any += counts[k] + adj[k];
		if (!any)
			continue;   /* nobody whose labels count here */
		if (w < 0) {
			out->no_consensus++;
			continue;
		}
		out->adjudicated += by_adj;
		rows[n] = p->rows[from];
		rows[n].winner = (enum pref_winner)w;
		rows[n].rater = -1;
		rows[n].a_first = -1;
		rows[n++].seconds = 0;
	}
	out->rows = rows;
	out->n = n;
}

/* Every judgement: the adjudicators' rows moved behind the first *n_judged
 * (their values settle disagreements, they are no judgements); the rows
 * and their conversations stay in p, whose strings the settled rows borrow. */
static void drop_settlements(struct store_prefs *p, size_t *n_judged)
{
	struct pref_row *rows = xmalloc((p->n + 1) * sizeof(*rows));
	char **conv = xmalloc((p->n + 1) * sizeof(*conv));
	size_t n = 0, tail = p->n;
	for (size_t k = p->n; k-- > 0;) {
		if (p->rows[k].rater >= 0 && p->rater_kind[p->rows[k].rater] == PREFS_ADJUDICATOR) {
			rows[--tail] = p->rows[k];
			conv[tail] = p->conversations[k];
		}
	}
	for (size_t k = 0; k < p->n; k++) {
		if (p->rows[k].rater >= 0 && p->rater_kind[p->rows[k].rater] == PREFS_ADJUDICATOR)
			continue;
		rows[n] = p->rows[k];
		conv[n++] = p->conversations[k];
	}
	free(p->rows);
	free(p->conversations);
	p->rows = rows;
	p->conversations = conv;
	*n_judged = n;
}

static const char *consensus_name(const struct rp_ctx *c, char *buf, size_t size)
{
	switch (c->o->consensus) {
	case REPORT_CONSENSUS_MAJORITY:
		return "majority";
	case REPORT_CONSENSUS_ADJUDICATED:
		return "adjudicated";
	case REPORT_CONSENSUS_DISCARD:
		return "discard";
	default:
		snprintf(buf, size, "rater %s", c->o->consensus_rater ? c->o->consensus_rater : "");
		return buf;
	}
}

/* The sections of one field's preferences. */
static int field_sections(struct rp_ctx *c, struct store_prefs *p)
{
	struct pairwise_options po;
	pairwise_options_init(&po);
	po.seed = c->o->seed;
	add_correctness(c, p);
	size_t first = c->r->n_sections;
	char name[256];
	struct report_pairwise_settled settled = { .name = consensus_name(c, name, sizeof(name)) };
	int with = c->o->consensus != REPORT_CONSENSUS_NONE;
	if (with)
		settle(c, p, &settled);
	size_t judged;
	drop_settlements(p, &judged);
	report_pairwise_consensus(c->r, p->rows, judged, with ? &settled : NULL, (const char *const *)p->systems,
				  p->n_systems, (const char *const *)p->raters, p->n_raters, &po);
	note_absolute_absent(c, first);
	free((void *)settled.rows);
	return 0;
}

enum status rp_preferences(struct rp_ctx *c)
{
	enum status st;
	each_field(c, field_sections, &st, c->err);
	return st;
}
