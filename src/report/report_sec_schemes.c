/* report_sec_schemes.c - section "schemes": a section per project scheme
 * shown ("scheme:NAME"), with a table per field with categories: how often
 * each category was given, per system, and for an ordinal field the mean
 * and median of the category positions (1 = the lowest). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/strbuf.h"
#include "report_internal.h"

int rp_schemes_applies(const struct rp_ctx *c)
{
	return (c->shown & ~((1u << TASK__COUNT) - 1)) != 0;
}

struct cacc {
	long count[SCHEME_MAX_CATEGORIES];
	long n, no_consensus;
};

static void cadd(struct cacc *a, int code)
{
	if (code == RP_NO_CONSENSUS) {
		a->no_consensus++;
	} else if (code >= 0 && code < SCHEME_MAX_CATEGORIES) {
		a->count[code]++;
		a->n++;
	}
}

/* The position (1-based) of the value at index i (0-based) of the n values
 * in ascending order, from the counts of k categories. */
static int position_at(const long *count, int k, long i)
{
	for (int c = 0; c < k; c++) {
		if (i < count[c])
			return c + 1;
		i -= count[c];
	}
	return k;
}

static void scheme_row(struct rtable *t, const char *group, const struct cacc *a, const struct scheme_field *f,
		       int consensus)
{
	struct rrow *row = rtable_row(t, group, a->n);
	int k = (int)f->n_categories, col = 0;
	for (int c = 0; c < k; c++)
		rcell_count(row, col++, a->count[c]);
	if (consensus)
		rcell_count(row, col++, a->no_consensus);
	if (f->type != TYPE_ORDINAL)
		return;
	if (a->n == 0) {
		rcell_undef(row, col, 0, "no values");
		rcell_undef(row, col + 1, 0, "no values");
		return;
	}
	double sum = 0;
	for (int c = 0; c < k; c++)
		sum += (double)(c + 1) * (double)a->count[c];
	rcell_num(row, col, sum / (double)a->n, a->n);
	/* the median: the middle value, or the mean of the two middle ones */
	double median = (position_at(a->count, k, (a->n - 1) / 2) + position_at(a->count, k, a->n / 2)) / 2.0;
	rcell_num(row, col + 1, median, a->n);
}

static const char *unit_words(enum scheme_unit u)
{
	switch (u) {
	case UNIT_TURN:
		return "a turn";
	case UNIT_PASSAGE:
		return "a passage of a turn, pooled over its responses";
	case UNIT_ANSWER:
		return "an answer text of a turn";
	default:
		return "a response";
	}
}

/* The table of field cf: its categories per system. */
static void field_table(struct rp_ctx *c, struct rsection *sec, const struct rp_cfield *cf, int consensus)
{
	struct rp_data *d = c->d;
	const struct rp_layer *L = c->layer;
	const struct scheme_field *f = cf->f;
	enum scheme_unit unit = f->unit;
	char title[256];
	struct cacc all = { 0 }, *sys = xcalloc(d->n_systems + 1, sizeof(*sys));

	rp_unit_places(d, unit);
	for (size_t i = 0; i < L->n_obs; i++) {
		const struct rp_obs *ob = &L->obs[i];
		const struct rp_item *it = &d->items[ob->item];
		if (ob->cust < 0)
			continue;
		long first = cf->per_passage ? 1 : 0, last = cf->per_passage ? (long)it->n_ranks : 0;
		for (long rank = first; rank <= last; rank++) {
			long off = rp_cust_offset(d, it, cf, rank);
			if (off < 0)
				continue;
			int code = L->cust[(size_t)ob->cust + (size_t)off];
			if (code == RP_UNSET)
				continue;
			cadd(&sys[it->system], code);
			if (rp_unit_first(d, unit, ob->item, rank))
				cadd(&all, code);
		}
	}
	snprintf(title, sizeof(title), "%s (unit: %s)", f->name, unit_words(unit));
	struct rtable *t = rsection_table(sec, f->name, title, "system", rp_unit_name(c));
	for (size_t k = 0; k < f->n_categories; k++)
		rtable_col(t, f->categories[k].value, f->categories[k].value, RF_COUNT, 0);
	if (consensus)
		rtable_col(t, "no_consensus", "no consensus", RF_COUNT, 0);
	if (f->type == TYPE_ORDINAL) {
		rtable_col(t, "mean", "mean pos.", RF_NUMBER, 0);
		rtable_col(t, "median", "median pos.", RF_NUMBER, 0);
		struct strbuf sb = STRBUF_INIT;
		for (size_t k = 0; k < f->n_categories; k++)
			strbuf_addf(&sb, "%s%zu %s", k ? ", " : "", k + 1, f->categories[k].value);
		rtable_note(t, "Positions on the scale as declared, lowest first: %s.", strbuf_str(&sb));
		strbuf_release(&sb);
	}
	scheme_row(t, "all", &all, f, consensus);
	for (size_t s = 0; s < d->n_systems; s++)
		if (sys[s].n || sys[s].no_consensus)
			scheme_row(t, d->systems[s], &sys[s], f, consensus);
	free(sys);
}

enum status rp_schemes(struct rp_ctx *c)
{
	const struct rp_data *d = c->d;
	int consensus = rp_is_consensus(c->layer->kind);
	for (size_t t = TASK__COUNT; t < d->n_tasks; t++) {
		const struct scheme *sch = d->tasks[t].scheme;
		char id[SCHEME_MAX_NAME + 16], title[SCHEME_MAX_NAME + 64];
		int any = 0, text = 0;
		if (!(c->shown & (1u << t)) || scheme_judges_pairs(sch))
			continue;   /* a pairwise scheme's: section preferences */
		snprintf(id, sizeof(id), "scheme:%s", sch->name);
		snprintf(title, sizeof(title), "Scheme %s: categories per system", sch->name);
		struct rsection *sec = report_section(c->r, id, title);
		if (sch->description && *sch->description) {
			size_t len = strlen(sch->description);
			rsection_note(sec, "%s: %s%s", sch->name, sch->description,
				      sch->description[len - 1] == '.' ? "" : ".");
		}
		rsection_note(sec, "Counts of %s per category of each field of the project's scheme %s. A row per "
				   "system counts the values of its responses (a value of a turn, a passage or an "
				   "answer text counts under every system whose response it belongs to); the row "
				   "all counts each unit once.", rp_unit_name(c), sch->name);
		for (size_t i = 0; i < d->n_cfields; i++)
			if (d->cfields[i].task == t) {
				field_table(c, sec, &d->cfields[i], consensus);
				any |= d->cfields[i].f->type == TYPE_ORDINAL;
			}
		for (size_t i = 0; i < sch->n_fields; i++)
			text |= sch->fields[i].type == TYPE_TEXT;
		if (any)
			rsection_note(sec, "Ordinal fields: the mean and the median of the category positions, "
					   "numbered 1 to k in the order the scheme declares them, lowest first; the "
					   "median of an even count is the mean of the two middle positions.");
		if (text)
			rsection_note(sec, "Text fields (notes) are not counted.");
		if (consensus)
			rsection_note(sec, "With a consensus each item counts once; values without one are counted "
					   "in column \"no consensus\".");
	}
	return ST_OK;
}
