/* report_sec_agreement.c - section "agreement": agreement between raters per
 * label field of the schemes (built-in and the project's): Cohen's kappa per
 * rater pair (with its confusion matrix), Fleiss' kappa and Krippendorff's
 * alpha over all raters. Computed on the raters' own current values,
 * whatever the consensus option says, over the units the fields judge, each
 * counted once (a turn, a pooled passage, an answer text, a response). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/store_live.h"
#include "convqa/strbuf.h"
#include "report_internal.h"

/* A field with categories of a scheme, as agreement reads it. */
struct afield {
	const char *id;          /* table id: the field's name, SCHEME/FIELD for a project scheme's */
	size_t task;
	const struct scheme_field *f;
	int cat;                 /* where judgements keep it: RP_*, -1 relevance, -2 a project scheme's */
	const struct rp_cfield *cf;
	enum agreement_weighting w;
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

/* Rater judgement jj's code of field f at rank (passage fields), RP_UNSET. */
static int code_of(const struct rp_data *d, const struct afield *f, const struct rp_judgement *jj, long rank)
{
	if (f->cat >= 0)   /* a verdict credited from another system's equal answer is counted there */
		return jj->credited & (1u << f->cat) ? RP_UNSET : jj->code[f->cat];
	if (f->cat == -1)
		return jj->rel >= 0 ? d->rel_codes[(size_t)jj->rel + (size_t)rank - 1] : RP_UNSET;
	if (jj->cust < 0)
		return RP_UNSET;
	long off = rp_cust_offset(d, &d->items[jj->item], f->cf, rank);
	return off < 0 ? RP_UNSET : d->cust_codes[(size_t)jj->cust + (size_t)off];
}

/* Live rounds (docs/study.md): the items that are one unit for agreement
 * (store_live_twins()). next[i]: the next item of i's unit, -1; later[i]:
 * i is not its unit's first. NULL arrays: no live rounds. */
struct twins {
	int32_t *next;
	uint8_t *later;
	long units, turns, left_out;   /* units judged on 2 items or more, their items, live items judged alone */
};

static int cmp_twin(const void *a, const void *b)
{
	const struct store_live_twin *x = a, *y = b;
	return x->response_id < y->response_id ? -1 : x->response_id > y->response_id;
}

/* (head, item) pairs, sorted: the items of a unit are adjacent. */
static int cmp_pair(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;
	return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] > y[1]) - (x[1] < y[1]);
}

/* Count what was compared and what was left out, unit by unit. */
static void twins_count(const struct rp_data *d, struct twins *tw, const int64_t *pairs, size_t n)
{
	for (size_t a = 0, b; a < n; a = b) {
		long judged = 0, items = 0;
		for (b = a; b < n && pairs[2 * b] == pairs[2 * a]; b++, items++)
			judged += d->items[pairs[2 * b + 1]].first_j >= 0;
		if (judged >= 2) {
			tw->units++;
			tw->turns += judged;
		} else
			tw->left_out += judged;
		for (size_t k = a + 1; k < b; k++) {
			tw->next[pairs[2 * (k - 1) + 1]] = (int32_t)pairs[2 * k + 1];
			tw->later[pairs[2 * k + 1]] = 1;
		}
	}
}

static enum status twins_load(struct rp_ctx *c, struct twins *tw)
{
	const struct rp_data *d = c->d;
	struct store_live_twin *v;
	size_t n;
	memset(tw, 0, sizeof(*tw));
	enum status st = store_live_twins(c->db, &v, &n, c->err);
	if (st != ST_OK || !n) {
		free(v);
		return st;
	}
	qsort(v, n, sizeof(*v), cmp_twin);
	int64_t *pairs = xcalloc(2 * d->n_items + 1, sizeof(*pairs));
	size_t np = 0;
	for (size_t i = 0; i < d->n_items; i++) {
		struct store_live_twin key = { .response_id = d->items[i].response_id };
		const struct store_live_twin *t = bsearch(&key, v, n, sizeof(*v), cmp_twin);
		if (t) {
			pairs[2 * np] = t->head;
			pairs[2 * np++ + 1] = (int64_t)i;
		}
	}
	qsort(pairs, np, 2 * sizeof(*pairs), cmp_pair);
	tw->next = xcalloc(d->n_items + 1, sizeof(*tw->next));
	memset(tw->next, 0xff, (d->n_items + 1) * sizeof(*tw->next));
	tw->later = xcalloc(d->n_items + 1, 1);
	twins_count(d, tw, pairs, np);
	free(pairs);
	free(v);
	return ST_OK;
}

static int32_t twin_next(const struct twins *tw, size_t i)
{
	return tw->next ? tw->next[i] : -1;
}

/* The values of item i's unit at rank, each rater's once, into rater[] and
 * code[] from *m on. */
static void unit_values(const struct rp_data *d, const struct afield *f, const struct twins *tw, size_t i,
			long rank, int *rater, int *code, int *m)
{
	for (int32_t ii = (int32_t)i; ii >= 0; ii = twin_next(tw, (size_t)ii))
		for (int32_t j = d->items[ii].first_j; j >= 0 && *m < 512; j = d->judgements[j].next) {
			const struct rp_judgement *jj = &d->judgements[j];
			int v = code_of(d, f, jj, rank), dup = 0;
			if (v < 0 || v >= (int)f->f->n_categories || d->raters[jj->rater].adjudicator)
				continue;   /* an adjudicator's value settles, it does not agree */
			for (int k = 0; k < *m && !dup; k++)
				dup = rater[k] == jj->rater;
			if (dup)
				continue;
			rater[*m] = jj->rater;
			code[(*m)++] = v;
		}
}

/* Every unit of the field once: a turn at its first item, a passage at its
 * first place in the turn, an answer at the first item of the turn that
 * gave it, a response at itself. Every item of a unit holds the unit's
 * values (report_load.c), so the judgements of that place hold every
 * rater's. */
static void tally_field(struct rp_data *d, const struct afield *f, const struct twins *tw, struct tally *t)
{
	int rater[512], code[512];
	enum scheme_unit unit = f->f->unit;
	rp_unit_places(d, unit);
	for (size_t i = 0; i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		if ((it->first_j < 0 && twin_next(tw, i) < 0) || (tw->later && tw->later[i]))
			continue;   /* a live round's item of a unit counts at the unit's first */
		long first = unit == UNIT_PASSAGE ? 1 : 0, last = unit == UNIT_PASSAGE ? (long)it->n_ranks : 0;
		for (long rank = first; rank <= last; rank++) {
			int m = 0;
			if (!rp_unit_first(d, unit, i, rank))
				continue;
			unit_values(d, f, tw, i, rank, rater, code, &m);
			unit_add(t, rater, code, m);
		}
	}
}

/* Table ids stay unique whatever the rater names: FIELD_confusion_N for
 * the N-th pair (1-based, in the order of the pair table; a pair that shares
 * no unit has a row there but no matrix). */
static void confusion_table(struct rsection *sec, const struct rp_data *d, const struct afield *f,
			    int k, const long *tab, size_t a, size_t b, size_t pair)
{
	char id[160], title[700], by[600];
	snprintf(id, sizeof(id), "%s_confusion_%zu", f->id, pair);
	snprintf(title, sizeof(title), "%s: confusion matrix, rows %s, columns %s", f->id, d->raters[a].name,
		 d->raters[b].name);
	snprintf(by, sizeof(by), "%s \\ %s", d->raters[a].name, d->raters[b].name);
	struct rtable *t = rsection_table(sec, id, title, by, NULL);
	for (int j = 0; j < k; j++)
		rtable_col(t, f->f->categories[j].value, f->f->categories[j].value, RF_COUNT, 0);
	for (int i = 0; i < k; i++) {
		struct rrow *row = rtable_row(t, f->f->categories[i].value, -1);
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
/* What a unit of kind u is, in a table's title. */
static const char *unit_text(enum scheme_unit u)
{
	switch (u) {
	case UNIT_TURN:
		return "turn";
	case UNIT_PASSAGE:
		return "one passage of a turn, pooled over its responses";
	case UNIT_ANSWER:
		return "one answer text of a turn";
	default:
		return "item";
	}
}

static void pair_table(const struct rp_ctx *c, struct rsection *sec, const struct afield *f,
		       const struct tally *t, enum agreement_weighting w)
{
	const struct rp_data *d = c->d;
	size_t nr = d->n_raters, pairs = 0;
	char title[256];

	snprintf(title, sizeof(title), "%s: rater pairs (unit: %s)", f->id, unit_text(f->f->unit));
	struct rtable *pt = rsection_table(sec, f->id, title, "raters", "units");
	/* weighted: p_o and p_e are weighted agreement, and named so */
	const char *p_o = w == AGREEMENT_UNWEIGHTED ? "p_o" : "p_o(w)", *p_e = w == AGREEMENT_UNWEIGHTED ? "p_e" : "p_e(w)";
	rtable_col(pt, p_o, p_o, RF_FRACTION, 0);
	rtable_col(pt, p_e, p_e, RF_FRACTION, 0);
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
				if (res.has_ci)
					rcell_ci(row, 2, res.ci_lo, res.ci_hi);
				else
					rtable_note(pt, "%s: one unit is too small a sample for an interval.", g);
				rcell_text(row, 3, agreement_landis_koch(res.kappa));
			} else {
				rcell_undef(row, 2, res.n, "%s", agreement_status_message(res.status));
				rcell_undef(row, 3, res.n, "%s", agreement_status_message(res.status));
			}
			if (c->o->confusion)
				confusion_table(sec, d, f, t->k, tab, a, b, pairs);
		}
	}
	if (!pairs) {
		struct rrow *row = rtable_row(pt, "(no pair)", 0);
		for (int k = 0; k < 4; k++)
			rcell_undef(row, k, 0, "%s", agreement_status_message(AGREEMENT_NO_ITEMS));
	}
	if (w != AGREEMENT_UNWEIGHTED) {
		struct strbuf sb = STRBUF_INIT;
		for (int i = 0; i < t->k; i++)
			strbuf_addf(&sb, "%s%s", i ? " < " : "", f->f->categories[i].value);
		rtable_note(pt, "Weighted kappa (%s weights) by category position on the scale as "
				"declared: %s.", weighting_name(w), strbuf_str(&sb));
		rtable_note(pt, "p_o(w) and p_e(w): the observed and the chance agreement, so weighted.");
		strbuf_release(&sb);
	}
}

/* The adjudicators with labels in the selection, by name: left out; and
 * fewer than two raters to compare, said plainly. */
static void adjudicators_note(const struct rp_data *d, struct rsection *sec)
{
	uint8_t *seen = xcalloc(d->n_raters + 1, 1);
	struct strbuf sb = STRBUF_INIT;
	size_t raters = 0;
	for (size_t j = 0; j < d->n_judgements; j++)
		seen[d->judgements[j].rater] = 1;
	for (size_t i = 0; i < d->n_raters; i++) {
		if (seen[i] && d->raters[i].adjudicator)
			strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", d->raters[i].name);
		raters += seen[i] && !d->raters[i].adjudicator;
	}
	if (raters < 2)
		rsection_note(sec, "Agreement compares two raters or more: %s.", raters ?
			      "only one rater has labels in the selection" : "no rater has labels in the selection");
	if (sb.len)
		rsection_note(sec, "Not compared, as adjudicators: %s.", strbuf_str(&sb));
	strbuf_release(&sb);
	free(seen);
}

/* The row of field f in the table of all raters: Fleiss' kappa, alpha. */
static void summary_row(struct rtable *sum, const struct afield *f, const struct tally *t, long raters_seen,
			int ordinal_col)
{
	struct rrow *row = rtable_row(sum, f->id, (long)t->n_units);
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
	if (!ordinal_col || f->f->type != TYPE_ORDINAL)
		return;
	if (agreement_krippendorff_alpha_counts_metric(t->counts, t->n_units, t->k, AGREEMENT_ORDINAL, &al) ==
	    AGREEMENT_OK)
		rcell_num(row, 4, al.alpha, (long)t->n_units);
	else
		rcell_undef(row, 4, (long)t->n_units, "%s", agreement_status_message(al.status));
}

/* Where judgements keep the built-in field f (found by its role): an RP_*
 * slot, -1 the relevance codes, or -3 (nowhere). */
static int builtin_cat(const struct rp_data *d, const struct scheme_field *f)
{
	if (f->role == SROLE_RELEVANCE)
		return -1;
	for (int c = 0; c < RP_NCAT; c++)
		if (rp_cat_field(d, (enum rp_cat)c) == f)
			return c;
	return -3;
}

/* The fields agreement reports, in the order of the tasks and their
 * schemes: every field with categories of the tasks read, or the one
 * --field names (FIELD or SCHEME/FIELD). Caller frees *out. */
static enum status agreement_fields(const struct rp_ctx *c, struct afield **out, size_t *n)
{
	const struct rp_data *d = c->d;
	const struct report_options *o = c->o;
	struct strbuf names = STRBUF_INIT;
	size_t cap = 0;
	char *pair_section = NULL;   /* --field names a field of pairs: its section (of a task with
				      * labels in the selection, where one has, as the round's) */
	int pair_seen = 0;
	*out = NULL;
	*n = 0;
	for (size_t t = 0; t < d->n_tasks; t++) {
		const struct scheme *sch = d->tasks[t].scheme;
		if (!(d->selected & (1u << t)))
			continue;
		for (size_t i = 0; i < sch->n_fields; i++) {
			const struct scheme_field *f = &sch->fields[i];
			struct afield af = { f->name, t, f, -3, NULL, AGREEMENT_UNWEIGHTED };
			int seen = (d->tasks_seen & (1u << t)) != 0;
			if (f->unit == UNIT_PAIR && o->field && strcmp(o->field, f->name) == 0 &&
			    (!pair_section || (seen && !pair_seen))) {
				free(pair_section);
				pair_section = report_pairwise_section(sch->name, f->name);
				pair_seen = seen;
			}
			if (f->type == TYPE_TEXT || f->unit == UNIT_PAIR)   /* pairs: section pairwise:FIELD */
				continue;
			if (t < TASK__COUNT) {
				af.cat = builtin_cat(d, f);
			} else {
				for (size_t k = 0; k < d->n_cfields && !af.cf; k++)
					if (d->cfields[k].task == t && d->cfields[k].f == f)
						af.cf = &d->cfields[k];
				af.cat = af.cf ? -2 : -3;
				af.id = af.cf ? af.cf->id : af.id;
			}
			if (af.cat == -3)
				continue;
			strbuf_addf(&names, "%s%s", names.len ? ", " : "", af.id);
			if (o->field && strcmp(o->field, af.id) != 0 && strcmp(o->field, f->name) != 0)
				continue;
			/* ordinal fields: linear weights; --weights for the field
			 * named, or without one for every ordinal field */
			if (o->weights_given && (o->field || f->type == TYPE_ORDINAL))
				af.w = o->weighting;
			else if (f->type == TYPE_ORDINAL)
				af.w = AGREEMENT_LINEAR;
			xgrow(out, &cap, *n + 1, sizeof(**out));
			(*out)[(*n)++] = af;
		}
	}
	enum status st = ST_OK;
	if (o->field && *n == 0 && pair_section)
		st = error_set(c->err, ST_INPUT, "field '%s' judges pairs of answers: its agreement is in the report's "
			       "section %s (convqa report --only preferences)", o->field, pair_section);
	else if (o->field && *n == 0)
		st = error_set(c->err, ST_INPUT, "no field '%s' with categories to compare (fields: %s)", o->field,
			       strbuf_str(&names));
	strbuf_release(&names);
	free(pair_section);
	return st;
}

/* The fields of the selected tasks that judge pairs: not here (their unit
 * is a pair of answers, not one response), in their own sections. */
static void pairs_note(const struct rp_data *d, struct rsection *sec)
{
	for (size_t t = 0; t < d->n_tasks; t++) {
		const struct scheme *sch = d->tasks[t].scheme;
		if ((d->selected & (1u << t)) && scheme_judges_pairs(sch) &&
		    (d->tasks_seen & (1u << t)))
			rsection_note(sec, "Task %s judges pairs of answers: its agreement is in section %s "
					   "(kappa over each turn's pair of systems, and flips).", sch->name,
				      strcmp(sch->name, "pairwise") ? "pairwise:TASK/FIELD" : "pairwise:FIELD");
	}
}

/* The rule for live rounds and what it compared (docs/study.md). */
static void live_note(struct rsection *sec, const struct twins *tw)
{
	rsection_note(sec, "Live rounds: a turn of a live conversation is one unit with the other raters' turns at "
			   "the same position of the round's live conversations started from the same first "
			   "question whose question, answer and ranked passages are the same; every other live "
			   "turn is compared with none. Compared: %ld unit%s (%ld judged turns); left out: %ld "
			   "judged live turn%s with no such twin.", tw->units, tw->units == 1 ? "" : "s", tw->turns,
		      tw->left_out, tw->left_out == 1 ? "" : "s");
}

enum status rp_agreement(struct rp_ctx *c)
{
	struct rp_data *d = c->d;
	struct afield *fields;
	size_t n_fields, nr = d->n_raters;
	int ordinal = 0;
	struct twins tw;
	enum status st = agreement_fields(c, &fields, &n_fields);
	if (st == ST_OK && (st = twins_load(c, &tw)) != ST_OK)
		free(fields);
	if (st != ST_OK)
		return st;
	struct rsection *sec = report_section(c->r, "agreement", "Agreement between raters");
	struct rtable *sum = rsection_table(sec, "summary", "All raters, per field", "field", "units");
	struct strbuf ord = STRBUF_INIT;
	for (size_t fi = 0; fi < n_fields; fi++)
		if (fields[fi].f->type == TYPE_ORDINAL) {
			ordinal = 1;
			strbuf_addf(&ord, "%s%s", ord.len ? ", " : "", fields[fi].id);
		}

	rtable_col(sum, "raters", "raters", RF_COUNT, 0);
	rtable_col(sum, "single", "single", RF_COUNT, 0);
	rtable_col(sum, "fleiss_kappa", "Fleiss kappa", RF_FRACTION, 0);
	rtable_col(sum, "alpha", "Kripp. alpha", RF_FRACTION, 0);
	if (ordinal)
		rtable_col(sum, "alpha_ordinal", "alpha ordinal", RF_FRACTION, 0);
	for (size_t fi = 0; fi < n_fields; fi++) {
		const struct afield *f = &fields[fi];
		struct tally t = { .k = (int)f->f->n_categories, .nr = nr };
		t.pair = xcalloc(nr * nr + 1, sizeof(*t.pair));
		t.rater_seen = xcalloc(nr + 1, 1);
		tally_field(d, f, &tw, &t);
		long raters_seen = 0;
		for (size_t r = 0; r < nr; r++)
			raters_seen += t.rater_seen[r];
		if (raters_seen || c->o->field) {   /* nobody labelled the field: nothing to say */
			pair_table(c, sec, f, &t, f->w);
			summary_row(sum, f, &t, raters_seen, ordinal);
		}
		for (size_t p = 0; p < nr * nr; p++)
			free(t.pair[p]);
		free(t.pair);
		free(t.counts);
		free(t.rater_seen);
	}
	adjudicators_note(d, sec);
	pairs_note(d, sec);
	rsection_note(sec, "Each rater's current value counts, whatever --consensus says; an adjudicator's "
			   "values settle disagreements and are left out. Cohen's kappa per "
			   "pair over the units both labelled, 95%% interval kappa +- 1.96 SE (large-sample SE; "
			   "Fleiss-Cohen-Everitt SE for weighted kappa), Landis-Koch band. Fleiss' kappa for 3 or "
			   "more raters, only when every unit has the same number of values; Krippendorff's alpha "
			   "(nominal) over every unit with 2 or more values. Units are what a field judges, each "
			   "counted once: an item (one response), a turn (intent: one value per turn, whichever "
			   "response it was given on), a passage of a turn (relevant: pooled over every system "
			   "that retrieved it) or an answer text of a turn; \"single\" counts units only one rater "
			   "labelled.");
	if (!ordinal)
		rsection_note(sec, "No field is declared ordinal (intent, plausibility and faithfulness are nominal, "
				   "answer_correct and relevant binary): kappa is unweighted unless --field F --weights "
				   "linear|quadratic asks to treat F's categories, in their declared order, as a scale.");
	else
		rsection_note(sec, "Ordinal fields (%s): Cohen's kappa with linear weights unless --weights "
				   "none|linear|quadratic says otherwise, and Krippendorff's alpha also with the "
				   "ordinal metric (column \"alpha ordinal\"). Weights measure the distance of two "
				   "categories by their positions on the scale as declared, lowest first. The other "
				   "fields are unweighted unless --field F --weights asks to treat F as a scale.",
			      strbuf_str(&ord));
	if (tw.units || tw.left_out)   /* the selection has judged live turns */
		live_note(sec, &tw);
	strbuf_release(&ord);
	free(fields);
	free(tw.next);
	free(tw.later);
	return ST_OK;
}
