/* report_sec_agreement.c - section "agreement": agreement between raters per
 * label field: Cohen's kappa per rater pair (with its confusion matrix),
 * Fleiss' kappa and Krippendorff's alpha over all raters. Computed on the
 * raters' own current values, whatever the consensus option says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

struct afield {
	const char *name;
	enum model_task task;
	int cat;            /* RP_* or -1 for relevant */
};

static const struct afield afields[] = {
	{ "intent", TASK_TURN, RP_INTENT },
	{ "answer_correct", TASK_TURN, RP_CORRECT },
	{ "relevant", TASK_TURN, -1 },
	{ "plausibility", TASK_PLAUSIBILITY, RP_PLAUS },
	{ "faithfulness", TASK_FAITHFULNESS, RP_FAITH },
};

/* Per field: pair tables and the per-unit counts of the pairable units. */
struct tally {
	int k;
	size_t nr;               /* raters in the selection */
	long **pair;             /* pair[a * nr + b] (a < b): k x k table, or NULL */
	long *counts;            /* pairable units x k */
	size_t n_units, cap_units;
	long single;             /* units with one value only */
	uint8_t *rater_seen;
};

static void unit_add(struct tally *t, const int *rater, const int *code, int m)
{
	if (m == 0)
		return;
	for (int i = 0; i < m; i++)
		t->rater_seen[rater[i]] = 1;
	if (m == 1) {
		t->single++;
		return;
	}
	xgrow(&t->counts, &t->cap_units, (t->n_units + 1) * (size_t)t->k, sizeof(*t->counts));
	long *row = t->counts + t->n_units++ * (size_t)t->k;
	memset(row, 0, (size_t)t->k * sizeof(*row));
	for (int i = 0; i < m; i++) {
		row[code[i]]++;
		for (int j = i + 1; j < m; j++) {
			int a = i, b = j;
			if (rater[a] > rater[b]) {
				a = j;
				b = i;
			}
			long **slot = &t->pair[(size_t)rater[a] * t->nr + (size_t)rater[b]];
			if (!*slot)
				*slot = xcalloc((size_t)t->k * (size_t)t->k, sizeof(long));
			(*slot)[code[a] * t->k + code[b]]++;
		}
	}
}

static void tally_field(const struct rp_data *d, const struct afield *f, struct tally *t)
{
	int rater[512], code[512];
	for (size_t i = 0; i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		if (it->first_j < 0)
			continue;
		uint32_t units = f->cat >= 0 ? 1 : it->n_ranks;
		for (uint32_t u = 0; u < units; u++) {
			int m = 0;
			for (int32_t j = it->first_j; j >= 0 && m < 512; j = d->judgements[j].next) {
				const struct rp_judgement *jj = &d->judgements[j];
				int v;
				if (f->cat >= 0)
					v = jj->code[f->cat];
				else
					v = jj->rel >= 0 ? d->rel_codes[(size_t)jj->rel + u] : RP_UNSET;
				if (v < 0 || v >= t->k)
					continue;
				rater[m] = jj->rater;
				code[m++] = v;
			}
			unit_add(t, rater, code, m);
		}
	}
}

/* Table ids stay unique whatever the rater names: FIELD_confusion_N for
 * the N-th pair (1-based, in the order of the pair table; a pair that shares
 * no unit has a row there but no matrix). */
static void confusion_table(struct rsection *sec, const struct rp_data *d, const struct model_field *mf,
			    int k, const long *tab, size_t a, size_t b, size_t pair)
{
	char id[64], title[600], by[600];
	snprintf(id, sizeof(id), "%s_confusion_%zu", mf->name, pair);
	snprintf(title, sizeof(title), "%s: confusion matrix, rows %s, columns %s", mf->name, d->raters[a].name,
		 d->raters[b].name);
	snprintf(by, sizeof(by), "%s \\ %s", d->raters[a].name, d->raters[b].name);
	struct rtable *t = rsection_table(sec, id, title, by, NULL);
	for (int j = 0; j < k; j++) {
		char cid[16];
		snprintf(cid, sizeof(cid), "%d", j);
		rtable_col(t, mf->kind == FIELD_BINARY ? cid : mf->values[j],
			   mf->kind == FIELD_BINARY ? cid : mf->values[j], RF_COUNT, 0);
	}
	for (int i = 0; i < k; i++) {
		char g[16];
		snprintf(g, sizeof(g), "%d", i);
		struct rrow *row = rtable_row(t, mf->kind == FIELD_BINARY ? g : mf->values[i], -1);
		for (int j = 0; j < k; j++)
			rcell_count(row, j, tab[i * k + j]);
	}
}

static const char *weighting_name(enum agreement_weighting w)
{
	return w == AGREEMENT_LINEAR ? "linear" : w == AGREEMENT_QUADRATIC ? "quadratic" : "none";
}

/* The table of the rater pairs of field f: p_o, p_e, kappa and its band per
 * pair (and with --confusion the pair's confusion matrix). */
static void pair_table(const struct rp_ctx *c, struct rsection *sec, const struct afield *f,
		       const struct model_field *mf, const struct tally *t, enum agreement_weighting w)
{
	const struct rp_data *d = c->d;
	size_t nr = d->n_raters, pairs = 0;
	char title[256];

	if (f->cat >= 0)
		snprintf(title, sizeof(title), "%s: rater pairs (unit: item)", f->name);
	else
		snprintf(title, sizeof(title), "%s: rater pairs (unit: one passage of one item)", f->name);
	struct rtable *pt = rsection_table(sec, f->name, title, "raters", "units");
	rtable_col(pt, "p_o", "p_o", RF_FRACTION, 0);
	rtable_col(pt, "p_e", "p_e", RF_FRACTION, 0);
	rtable_col(pt, "kappa", w == AGREEMENT_UNWEIGHTED ? "kappa" : "weighted kappa", RF_FRACTION, 0);
	rtable_col(pt, "band", "Landis-Koch", RF_TEXT, 0);
	for (size_t a = 0; a < nr; a++) {
		for (size_t b = a + 1; b < nr; b++) {
			const long *tab = t->pair[a * nr + b];
			struct agreement_kappa res;
			char g[600];
			if (!t->rater_seen[a] || !t->rater_seen[b])
				continue;   /* one of them never labelled the field */
			pairs++;
			snprintf(g, sizeof(g), "%s / %s", d->raters[a].name, d->raters[b].name);
			if (!tab) {   /* both labelled the field, never the same unit */
				struct rrow *row = rtable_row(pt, g, 0);
				for (int k = 0; k < 4; k++)
					rcell_undef(row, k, 0, "%s", agreement_status_message(AGREEMENT_NO_ITEMS));
				continue;
			}
			agreement_cohen_kappa_table(tab, t->k, w, &res);
			struct rrow *row = rtable_row(pt, g, res.n);
			rcell_num(row, 0, res.p_o, res.n);
			rcell_num(row, 1, res.p_e, res.n);
			if (res.status == AGREEMENT_OK) {
				rcell_num(row, 2, res.kappa, res.n);
				rcell_ci(row, 2, res.ci_lo, res.ci_hi);
				rcell_text(row, 3, agreement_landis_koch(res.kappa));
			} else {
				rcell_undef(row, 2, res.n, "%s", agreement_status_message(res.status));
				rcell_undef(row, 3, res.n, "%s", agreement_status_message(res.status));
			}
			if (c->o->confusion)
				confusion_table(sec, d, mf, t->k, tab, a, b, pairs);
		}
	}
	if (!pairs) {
		struct rrow *row = rtable_row(pt, "(no pair)", 0);
		for (int k = 0; k < 4; k++)
			rcell_undef(row, k, 0, "%s", agreement_status_message(AGREEMENT_NO_ITEMS));
	}
	if (w != AGREEMENT_UNWEIGHTED)
		rtable_note(pt, "Weighted kappa (%s weights) by category position on the scale as "
				"declared: %s%s%s%s%s.", weighting_name(w), mf->values[0],
			    t->k > 1 ? " < " : "", t->k > 1 ? mf->values[1] : "", t->k > 2 ? " < " : "",
			    t->k > 2 ? mf->values[2] : "");
}

/* The row of field f in the table of all raters: Fleiss' kappa, alpha. */
static void summary_row(struct rtable *sum, const struct afield *f, const struct tally *t, long raters_seen)
{
	struct rrow *row = rtable_row(sum, f->name, (long)t->n_units);
	rcell_count(row, 0, raters_seen);
	rcell_count(row, 1, t->single);
	if (raters_seen >= 3) {
		struct agreement_fleiss fl;
		if (agreement_fleiss_kappa(t->counts, t->n_units, t->k, &fl) == AGREEMENT_OK)
			rcell_num(row, 2, fl.kappa, (long)t->n_units);
		else
			rcell_undef(row, 2, (long)t->n_units, "%s", agreement_status_message(fl.status));
	}
	struct agreement_alpha al;
	if (agreement_krippendorff_alpha_counts(t->counts, t->n_units, t->k, &al) == AGREEMENT_OK)
		rcell_num(row, 3, al.alpha, (long)t->n_units);
	else
		rcell_undef(row, 3, (long)t->n_units, "%s", agreement_status_message(al.status));
}

enum status rp_agreement(struct rp_ctx *c)
{
	const struct rp_data *d = c->d;
	struct rsection *sec = report_section(c->r, "agreement", "Agreement between raters");
	struct rtable *sum = rsection_table(sec, "summary", "All raters, per field", "field", "units");
	size_t nr = d->n_raters;

	rtable_col(sum, "raters", "raters", RF_COUNT, 0);
	rtable_col(sum, "single", "single", RF_COUNT, 0);
	rtable_col(sum, "fleiss_kappa", "Fleiss kappa", RF_FRACTION, 0);
	rtable_col(sum, "alpha", "Kripp. alpha", RF_FRACTION, 0);
	for (size_t fi = 0; fi < ARRAY_SIZE(afields); fi++) {
		const struct afield *f = &afields[fi];
		const struct model_field *mf = model_field_find(f->task, f->name);
		if ((c->o->tasks && !(c->o->tasks & (1u << f->task))) || (c->o->field && strcmp(c->o->field, f->name)))
			continue;
		enum agreement_weighting w = c->o->field ? c->o->weighting : AGREEMENT_UNWEIGHTED;
		struct tally t = { .k = (int)mf->n_values, .nr = nr };
		t.pair = xcalloc(nr * nr + 1, sizeof(*t.pair));
		t.rater_seen = xcalloc(nr + 1, 1);
		tally_field(d, f, &t);
		long raters_seen = 0;
		for (size_t r = 0; r < nr; r++)
			raters_seen += t.rater_seen[r];
		if (raters_seen == 0 && !c->o->field) {
			/* nobody labelled this field: nothing to say */
			free(t.pair);
			free(t.counts);
			free(t.rater_seen);
			continue;
		}
		pair_table(c, sec, f, mf, &t, w);
		summary_row(sum, f, &t, raters_seen);
		for (size_t p = 0; p < nr * nr; p++)
			free(t.pair[p]);
		free(t.pair);
		free(t.counts);
		free(t.rater_seen);
	}
	rsection_note(sec, "Each rater's current value counts, whatever --consensus says. Cohen's kappa per "
			   "pair over the units both labelled, 95%% interval kappa +- 1.96 SE (large-sample SE; "
			   "Fleiss-Cohen-Everitt SE for weighted kappa), Landis-Koch band. Fleiss' kappa for 3 or "
			   "more raters, only when every unit has the same number of values; Krippendorff's alpha "
			   "(nominal) over every unit with 2 or more values. Units: an item, or for relevant "
			   "one (item, rank); \"single\" counts units only one rater labelled.");
	rsection_note(sec, "No field is declared ordinal (intent, plausibility and faithfulness are nominal, "
			   "answer_correct and relevant binary): kappa is unweighted unless --field F --weights "
			   "linear|quadratic asks to treat F's categories, in their declared order, as a scale.");
	return ST_OK;
}
