/* report_load_tasks.c - the tasks of a report and their schemes (the
 * built-ins, then the project's), and the fields that hold each role. */
#include <stdlib.h>
#include <string.h>

#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"
#include "report_internal.h"

/* ---- fields ------------------------------------------------------------------ */

/* The field of slot f, looked up by role (cat_fields() keeps them in d). */
static const struct scheme_field *find_cat_field(const struct rp_data *d, enum rp_cat f)
{
	static const struct { enum model_task task; enum scheme_role role; } slots[RP_NCAT] = {
		[RP_INTENT] = { TASK_TURN, SROLE_INTENT },
		[RP_CORRECT] = { TASK_TURN, SROLE_CORRECTNESS },
		[RP_PLAUS] = { TASK_PLAUSIBILITY, SROLE_PLAUSIBILITY },
		[RP_FAITH] = { TASK_FAITHFULNESS, SROLE_FAITHFULNESS },
	};
	return scheme_field_by_role(d->tasks[slots[f].task].scheme, slots[f].role);
}

static void cat_fields(struct rp_data *d)
{
	for (int c = 0; c < RP_NCAT; c++)
		d->cat_field[c] = find_cat_field(d, (enum rp_cat)c);
	d->turn_relevance = scheme_field_by_role(d->tasks[TASK_TURN].scheme, SROLE_RELEVANCE);
}

const struct scheme_field *rp_cat_field(const struct rp_data *d, enum rp_cat f)
{
	return d->cat_field[f] ? d->cat_field[f] : find_cat_field(d, f);
}

int rp_cat_code(const struct rp_data *d, enum rp_cat f, const char *value)
{
	const struct scheme_category *c = value ? scheme_category_find(rp_cat_field(d, f), value) : NULL;
	return c ? (int)(c - rp_cat_field(d, f)->categories) : -1;
}

/* The field of role r in the first task of shown that has one. */
static void find_role(struct rp_data *d, uint32_t shown, enum scheme_role r, struct rp_role *out)
{
	*out = (struct rp_role){ .task = -1, .cfield = -1, .slot = -1, .name = "", .threshold = 1 };
	for (size_t t = 0; t < d->n_tasks && out->task < 0; t++) {
		const struct scheme_field *f = scheme_field_by_role(d->tasks[t].scheme, r);
		if (!f || !(shown & (1u << t)))
			continue;
		*out = (struct rp_role){ (int)t, -1, -1, f, f->name, scheme_threshold(f), scheme_graded(f) };
		for (int c = 0; t < TASK__COUNT && c < RP_NCAT; c++)
			if (rp_cat_field(d, (enum rp_cat)c) == f)
				out->slot = c;
		for (size_t i = 0; t >= TASK__COUNT && i < d->n_cfields; i++)
			if (d->cfields[i].f == f) {
				out->cfield = (int)i;
				out->name = d->cfields[i].id;
			}
	}
}

void rp_find_roles(struct rp_data *d, uint32_t shown)
{
	find_role(d, shown, SROLE_RELEVANCE, &d->relevance);
	find_role(d, shown, SROLE_CORRECTNESS, &d->correctness);
	find_role(d, shown, SROLE_PLAUSIBILITY, &d->plausibility);
	find_role(d, shown, SROLE_FAITHFULNESS, &d->faithfulness);
}

/* ---- tasks and their schemes ---------------------------------------------------- */

static uint32_t mask_below(size_t n)
{
	return n >= 32 ? ~0u : (1u << n) - 1;
}

int rp_task_index(const struct rp_data *d, const char *name)
{
	for (size_t t = 0; t < d->n_tasks; t++)
		if (strcmp(d->tasks[t].name, name) == 0)
			return (int)t;
	return -1;
}

static enum status add_task(struct rp_data *d, struct scheme *sch, struct error *err)
{
	if (d->n_tasks == RP_MAX_TASKS) {
		scheme_free(sch);
		return error_set(err, ST_INPUT, "a report reads at most %d schemes; name the ones to report with --task",
				 RP_MAX_TASKS - TASK__COUNT);
	}
	size_t t = d->n_tasks++;
	d->tasks[t] = (struct rp_task){ sch->name, sch };
	if (t < TASK__COUNT)
		return ST_OK;   /* the built-in fields have slots of their own */
	for (size_t i = 0; i < sch->n_fields; i++) {
		const struct scheme_field *f = &sch->fields[i];
		if (f->type == TYPE_TEXT)
			continue;
		if (d->n_cfields == RP_MAX_CFIELDS)
			return error_set(err, ST_INPUT, "the schemes have more than %d fields with categories; name the "
					 "ones to report with --task", RP_MAX_CFIELDS);
		d->cfields = xrealloc(d->cfields, (d->n_cfields + 1) * sizeof(*d->cfields));
		struct rp_cfield *cf = &d->cfields[d->n_cfields++];
		struct strbuf id = STRBUF_INIT;
		strbuf_addf(&id, "%s/%s", sch->name, f->name);
		cf->task = (uint8_t)t;
		cf->per_passage = f->unit == UNIT_PASSAGE;
		cf->slot = (uint16_t)(cf->per_passage ? d->n_cf_passage++ : d->n_cf_item++);
		cf->f = f;
		cf->id = strbuf_detach(&id);
	}
	return ST_OK;
}

/* d->scheme_names: every task the project has a scheme of (a label of
 * another task is damage, not a task the report leaves out). */
static enum status scheme_names(struct store *s, struct rp_data *d, struct error *err)
{
	struct store_scheme_row *rows;
	size_t n;
	for (size_t i = 0; i < scheme_builtin_count(); i++)
		strmap_put(&d->scheme_names, scheme_builtin_name(i), 0, NULL);
	enum status st = store_scheme_list(s, &rows, &n, err);
	if (st != ST_OK)
		return st;
	for (size_t i = 0; i < n; i++)
		strmap_put(&d->scheme_names, rp_strdup(d, rows[i].name), 0, NULL);
	store_scheme_rows_free(rows, n);
	return ST_OK;
}

enum status rp_load_tasks(struct store *s, const struct report_options *o, struct rp_data *d, struct error *err)
{
	enum status st = scheme_names(s, d, err);
	struct strbuf names = STRBUF_INIT;
	for (size_t i = 0; st == ST_OK && i < scheme_builtin_count(); i++) {
		struct scheme *sch = NULL;
		st = scheme_builtin(scheme_builtin_name(i), &sch, err);
		if (st == ST_OK)
			st = add_task(d, sch, err);
	}
	if (st == ST_OK && o->n_schemes) {
		for (size_t i = 0; st == ST_OK && i < o->n_schemes; i++) {
			struct scheme *sch = NULL;
			if (rp_task_index(d, o->schemes[i]) >= 0)
				continue;   /* named twice, or a built-in */
			st = scheme_load(s, o->schemes[i], &sch, err);
			if (st == ST_OK)
				st = add_task(d, sch, err);
		}
	} else if (st == ST_OK) {
		/* every scheme of the project: their names after the built-ins' */
		st = scheme_all_names(s, &names, err);
		for (const char *p = strbuf_str(&names); st == ST_OK && *p;) {
			size_t len = strcspn(p, ",");
			char *name = xstrndup(p, len);
			struct scheme *sch = NULL;
			if (rp_task_index(d, name) < 0 && d->n_tasks < RP_MAX_TASKS) {
				st = scheme_find(s, name, &sch, err);
				if (st == ST_OK && sch)
					st = add_task(d, sch, err);
			}
			free(name);
			p += len;
			p += strspn(p, ", ");
		}
	}
	strbuf_release(&names);
	if (st != ST_OK)
		return st;
	cat_fields(d);
	if (!o->tasks && !o->n_schemes) {
		d->selected = mask_below(d->n_tasks);
	} else {
		d->selected = o->tasks & mask_below(TASK__COUNT);
		for (size_t i = 0; i < o->n_schemes; i++)
			d->selected |= 1u << rp_task_index(d, o->schemes[i]);
	}
	return ST_OK;
}

uint32_t rp_tasks_given(const struct report_options *o, const struct rp_data *d)
{
	return o->tasks || o->n_schemes ? d->selected : d->tasks_seen;
}

