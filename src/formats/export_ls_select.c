/* export_ls_select.c - what a Label Studio project is made of (the export
 * formats label-studio and label-studio-config, export_label_studio*.c):
 * the scheme raters label by and the items of the selection, with the most
 * passages any of them ranks (the passage slots of the labeling config).
 * See export_internal.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/model.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "export_internal.h"

struct collect {
	struct store_tasks *t;
	struct export_ls_items *x;
	size_t cap;
	long ranks;                    /* of the response being read */
	enum status st;
	struct error *err;
};

static int ranked_row(const struct store_tasks_ranked *r, void *data)
{
	struct collect *c = data;
	if (r->rank > c->ranks)
		c->ranks = r->rank;
	return 0;
}

static int response_row(const struct store_tasks_response *r, void *data)
{
	struct collect *c = data;
	xgrow(&c->x->ids, &c->cap, c->x->n + 1, sizeof(*c->x->ids));
	c->x->ids[c->x->n++] = r->id;
	c->ranks = 0;
	c->st = store_tasks_ranked(c->t, r->id, ranked_row, c, c->err);
	if (c->ranks > c->x->max_rank)
		c->x->max_rank = c->ranks;
	return c->st != ST_OK;
}

static int turn_row(const struct store_tasks_turn *t, void *data)
{
	struct collect *c = data;
	enum status st = store_tasks_responses(c->t, t->turn_id, response_row, c, c->err);
	if (c->st == ST_OK)
		c->st = st;
	return c->st != ST_OK;
}

/* The scheme: --task, else the round's task, else the default; a --task
 * that is not the round's is refused. */
static enum status choose_scheme(struct store *s, const struct store_label_filter *f, const char *format,
				 int64_t *round_id, struct scheme **out, struct error *err)
{
	char *task = NULL;
	enum status st = ST_OK;
	*round_id = 0;
	if (f->round)
		st = store_round_info(s, f->round, round_id, &task, NULL, err);
	if (st == ST_OK && f->task && task && strcmp(f->task, task) != 0)
		st = error_set(err, ST_USAGE, "round '%s' is a %s round, not %s: --format %s writes the round's "
			       "task (leave out --task)", f->round, task, f->task, format);
	if (st == ST_OK)
		st = scheme_load(s, f->task ? f->task : task ? task : MODEL_DEFAULT_TASK, out, err);
	free(task);
	return st;
}

enum status export_ls_select(struct store *s, const struct store_label_filter *f, const char *format,
			     struct export_ls_items *x, struct error *err)
{
	int64_t round_id = 0, rater_id = 0;
	memset(x, 0, sizeof(*x));
	x->round = f->round;
	if (f->history)
		return error_set(err, ST_USAGE, "--format %s writes items, not labels: --history does not apply",
				 format);
	if (f->rater && !f->round)
		return error_set(err, ST_USAGE, "--format %s takes --rater with --round: the items assigned to the "
				 "rater in that round", format);
	enum status st = choose_scheme(s, f, format, &round_id, &x->scheme, err);
	if (st == ST_OK && f->rater) {   /* one the project has, else its raters listed */
		struct store_rater r;
		st = store_rater_get(s, f->rater, &r, NULL, err);
		rater_id = st == ST_OK ? r.id : 0;
		store_rater_release(&r);
	}
	struct store_tasks *t = NULL;
	if (st == ST_OK)
		st = store_tasks_open(s, round_id, rater_id, &t, err);
	if (st != ST_OK)
		return st;
	struct collect c = { t, x, 0, 0, ST_OK, err };
	st = store_tasks_turns(t, turn_row, &c, err);
	if (st == ST_OK)
		st = c.st;
	store_tasks_close(t);
	if (st == ST_OK && !x->n)
		st = export_no_items(f, err);
	return st;
}

void export_ls_release(struct export_ls_items *x)
{
	scheme_free(x->scheme);
	free(x->ids);
	memset(x, 0, sizeof(*x));
}

int export_ls_shows_passages(const struct scheme *sc)
{
	if (sc->shows & SHOW_PASSAGES)
		return 1;
	for (size_t i = 0; i < sc->n_fields; i++)
		if (sc->fields[i].unit == UNIT_PASSAGE)
			return 1;
	return 0;
}

enum status export_ls_done(FILE *out, int failed, long n, const char *what, struct export_counts *counts,
			   struct error *err)
{
	if (failed || ferror(out))
		return error_set(err, ST_IO, "cannot write %s: %s", what, strerror(failed ? failed : EIO));
	counts->n = n;
	return ST_OK;
}
