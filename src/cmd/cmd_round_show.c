/* cmd_round_show.c - convqa round list and round show: the rounds, and one
 * round's raters' progress, disagreements, live starts and control items
 * (cmd_round.h). */
#include <math.h>
#include <stdio.h>

#include "convqa/cli.h"
#include "convqa/metrics_stats.h"
#include "convqa/pair_disputes.h"
#include "convqa/rounds.h"
#include "convqa/scheme.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/store_item.h"
#include "convqa/store_live.h"
#include "convqa/store_pair.h"

#include "cmd_round.h"

/* The items rater finished in round r (the queue's finished flags). */
enum status cmd_round_finished(struct store *s, const struct store_round_row *r, const struct scheme *sc,
			       const struct store_round_rater *ra, size_t *done, struct error *err)
{
	const struct scheme_field *pref = scheme_field_by_role(sc, SROLE_PREFERENCE);
	if (pref && pref->unit == UNIT_PAIR) {   /* a pairwise round: the pairs with a preference */
		struct store_pair_item *it;
		size_t n;
		enum status st = store_pair_queue(s, r->id, ra->rater_id, r->task, pref->name, NULL, &it, &n, err);
		*done = 0;
		for (size_t i = 0; st == ST_OK && i < n; i++)
			*done += it[i].value != NULL;
		store_pair_items_free(it, st == ST_OK ? n : 0);
		return st;
	}
	struct store_queue q;
	enum status st = store_queue_open(s, ra->rater_id, ra->name, r->id, sc, &q, err);
	*done = st == ST_OK ? q.n_finished : 0;
	store_queue_release(&q);
	return st;
}

int cmd_round_list(struct cmd_ctx *c)
{
	struct store_round_row *rows;
	size_t n;
	enum status st = store_round_list(c->store, NULL, &rows, &n, &c->err);
	if (st != ST_OK)
		return st;
	if (n == 0)
		cli_printf(stdout, "no rounds (make one with: convqa round create NAME --raters A,B)\n");
	else
		cli_printf(stdout, "%-16s %-14s %-6s %6s %6s  %s\n", "round", "task", "status", "raters", "items",
			   "created");
	for (size_t i = 0; i < n; i++) {
		const struct store_round_row *r = &rows[i];
		cli_printf(stdout, "%-16s %-14s %-6s %6ld %6ld  %.10s%s%s\n", r->name, r->task, r->status, r->n_raters,
			   r->n_items, r->created_at, r->pilot ? "  (pilot)" : "", r->live ? "  (live)" : "");
	}
	store_round_rows_free(rows, n);
	return ST_OK;
}

static void print_duration(double seconds)
{
	long s = lround(seconds);
	if (s >= 3600)
		cli_printf(stdout, "%ld h %02ld min", s / 3600, s / 60 % 60);
	else
		cli_printf(stdout, "%ld min %02ld s", s / 60, s % 60);
}

static void show_header(const struct store_round_row *r, long pairs)
{
	const char *item = pairs ? "pair" : "item";   /* a pairwise round's are pairs of answers */
	cli_printf(stdout, "round %s: %s, %s%s\n", r->name, r->task, r->status, r->pilot ? " (pilot)" : "");
	cli_printf(stdout, "created %s%s%s\n", r->created_at, r->closed_at ? ", closed " : "",
		   r->closed_at ? r->closed_at : "");
	if (r->swap_from && r->live)
		cli_printf(stdout, "live round, swapped from round %s: raters converse from its first questions "
			   "(convqa chat --round %s), their turns the items\n", r->swap_from, r->name);
	else if (r->swap_from)
		cli_printf(stdout, "swapped from round %s\n", r->swap_from);
	else
		cli_printf(stdout, "%ld %s%s, %ld rater%s per %s%s, seed %lld\n", r->n_items, item,
			   r->n_items == 1 ? "" : "s", r->overlap ? r->overlap : r->n_raters,
			   (r->overlap ? r->overlap : r->n_raters) == 1 ? "" : "s",
			   pairs ? "pair" : "item or conversation", r->overlap ? "" : " (all)", (long long)r->seed);
	if (r->control > 0 && r->control_rater)
		cli_printf(stdout, "control %ss: %.0f%% of each queue, known answers by %s\n", item, 100 * r->control,
			   r->control_rater);
	else if (r->control > 0)
		cli_printf(stdout, "control items: %.0f%% of each queue, known answers from the gold (intent, "
			   "relevant passages)\n", 100 * r->control);
	if (r->made_by)
		cli_printf(stdout, "made with: convqa %s\n", r->made_by);
}

/* One rater's line: done / assigned, active time, and at their pace the
 * time left. */
static void show_rater(const struct store_round_rater *ra, size_t done, size_t *all_done, double *pace_sum)
{
	cli_printf(stdout, "  %-16s %6zu / %-6ld %5.1f%%  ", ra->name, done, ra->assigned,
		   ra->assigned ? 100.0 * (double)done / (double)ra->assigned : 0.0);
	print_duration(ra->seconds);
	if (done && (long)done < ra->assigned && ra->seconds <= 0) {
		cli_printf(stdout, "   time left unknown (no timed labels)");
	} else if (done && (long)done < ra->assigned) {
		double left = ra->seconds / (double)done * (double)(ra->assigned - (long)done);
		cli_printf(stdout, "   about ");
		print_duration(left);
		cli_printf(stdout, " left");
		*pace_sum += left;
	}
	cli_printf(stdout, "\n");
	*all_done += done;
}

static enum status show_raters(struct cmd_ctx *c, const struct store_round_row *r)
{
	struct scheme *sc = NULL;
	struct store_round_rater *ra = NULL;
	size_t n = 0, all_done = 0;
	long all = 0;
	double left = 0;
	enum status st = scheme_load(c->store, r->task, &sc, &c->err);
	if (st == ST_OK)
		st = store_round_raters(c->store, r->id, &ra, &n, &c->err);
	if (st == ST_OK)
		cli_printf(stdout, "\n  %-16s %15s %7s  %-12s\n", "rater", "done / assigned", "", "active time");
	for (size_t i = 0; st == ST_OK && i < n; i++) {
		size_t done;
		st = cmd_round_finished(c->store, r, sc, &ra[i], &done, &c->err);
		if (st == ST_OK)
			show_rater(&ra[i], done, &all_done, &left);
		all += ra[i].assigned;
	}
	if (st == ST_OK && n)
		cli_printf(stdout, "  %-16s %6zu / %-6ld %5.1f%%\n", "all", all_done, all,
			   all ? 100.0 * (double)all_done / (double)all : 0.0);
	if (st == ST_OK && left > 0) {
		cli_printf(stdout, "at each rater's pace so far, the round needs about ");
		print_duration(left);
		cli_printf(stdout, " of work more\n");
	}
	store_round_raters_free(ra, n);
	scheme_free(sc);
	return st;
}

/* The round name names, or ST_INPUT listing the rounds there are. */
enum status cmd_round_find(struct cmd_ctx *c, const char *name, struct store_round_row **row)
{
	size_t n;
	int64_t id;
	enum status st = store_round_info(c->store, name, &id, NULL, NULL, &c->err);
	if (st == ST_OK)
		st = store_round_list(c->store, name, row, &n, &c->err);
	return st;
}

/* Each rater's agreement with the known answers of the control items. */
static enum status show_controls(struct cmd_ctx *c, const struct store_round_row *r)
{
	struct round_control_tally *t;
	size_t n;
	enum status st = rounds_control_tally(c->store, r->id, &t, &n, &c->err);
	if (st != ST_OK || n == 0)
		return st;
	long pairs = 0;
	if (r->control_rater)
		st = store_pair_count(c->store, r->id, 0, &pairs, &c->err);
	if (st != ST_OK) {
		rounds_control_tally_free(t, n);
		return st;
	}
	if (pairs)
		cli_printf(stdout, "\ncontrol pairs, against %s's preferences (each field of the pair):\n",
			   r->control_rater);
	else if (r->control_rater)
		cli_printf(stdout, "\ncontrol items, against %s's labels (fields of the turn, response or answer):\n",
			   r->control_rater);
	else
		cli_printf(stdout, "\ncontrol items, against the gold (a turn's intent, the relevance of a gold "
			   "passage):\n");
	cli_printf(stdout, "  %-16s %8s %8s %7s  %s\n", "rater", "items", "values", "agreed", "accuracy (95% Wilson)");
	for (size_t i = 0; i < n; i++) {
		double lo, hi;
		cli_printf(stdout, "  %-16s %8ld %8ld %7ld  ", t[i].rater, t[i].items, t[i].n, t[i].agree);
		if (t[i].n && metrics_wilson_interval(t[i].agree, t[i].n, METRICS_Z95, &lo, &hi) == METRICS_OK)
			cli_printf(stdout, "%.3f (%.3f-%.3f)\n", (double)t[i].agree / (double)t[i].n, lo, hi);
		else
			cli_printf(stdout, "-\n");
	}
	rounds_control_tally_free(t, n);
	return ST_OK;
}

/* A live round: each rater's first questions, used (a live conversation
 * started from it) and left. */
static enum status show_live(struct cmd_ctx *c, const struct store_round_row *r)
{
	struct store_round_rater *ra = NULL;
	size_t n = 0;
	enum status st = store_round_raters(c->store, r->id, &ra, &n, &c->err);
	if (st == ST_OK)
		cli_printf(stdout, "\nfirst questions (live conversations started from them):\n  %-16s %6s %6s\n",
			   "rater", "used", "left");
	for (size_t i = 0; st == ST_OK && i < n; i++) {
		struct store_live_start *v;
		size_t nv, used = 0;
		st = store_live_starts(c->store, r->name, ra[i].rater_id, &v, &nv, &c->err);
		if (st != ST_OK)
			break;
		for (size_t k = 0; k < nv; k++)
			used += v[k].started != 0;
		cli_printf(stdout, "  %-16s %6zu %6zu\n", ra[i].name, used, nv - used);
		store_live_starts_free(v, nv);
	}
	store_round_raters_free(ra, n);
	return st;
}

/* A pairwise round: the pairs its raters disagree on, settled and open
 * (convqa adjudicate walks them). */
static enum status show_disputes(struct cmd_ctx *c, const struct store_round_row *r)
{
	struct scheme *sc = NULL;
	struct pair_disputes d;
	enum status st = scheme_load(c->store, r->task, &sc, &c->err);
	const struct scheme_field *pref = sc ? scheme_field_by_role(sc, SROLE_PREFERENCE) : NULL;
	if (st != ST_OK || !pref || pref->unit != UNIT_PAIR) {
		scheme_free(sc);
		return st == ST_INPUT ? ST_OK : st;   /* a task the project no longer has: nothing to say */
	}
	st = pair_disputes_count(c->store, r->id, sc, &d, &c->err);
	/* a scheme of several criteria counts a pair once for each */
	size_t crit = 0;
	for (size_t i = 0; sc && i < sc->n_fields; i++)
		crit += sc->fields[i].unit == UNIT_PAIR && sc->fields[i].type != TYPE_TEXT;
	scheme_free(sc);
	if (st != ST_OK)
		return st;
	char what[64];
	if (crit > 1)
		snprintf(what, sizeof(what), "pair criteri%s (%zu criteria a pair)", d.units == 1 ? "on" : "a", crit);
	else
		snprintf(what, sizeof(what), "pair%s", d.units == 1 ? "" : "s");
	if (!d.n)
		cli_printf(stdout, "\ndisagreements: none (%ld %s judged by two raters or more)\n", d.units, what);
	else
		cli_printf(stdout, "\ndisagreements: %ld of the %ld %s judged by two raters or more; %ld settled by "
			   "an adjudicator, %ld open\n", d.n, d.units, what, d.settled, d.n - d.settled);
	if (d.n > d.settled)
		cli_printf(stdout, "an adjudicator settles them with: convqa adjudicate --round %s\n", r->name);
	return ST_OK;
}

int cmd_round_show(struct cmd_ctx *c)
{
	struct store_round_row *r = NULL;
	enum status st = cmd_round_find(c, c->args[1], &r);
	long pairs = 0;
	if (st == ST_OK)
		st = store_pair_count(c->store, r->id, 0, &pairs, &c->err);
	if (st == ST_OK) {
		show_header(r, pairs);
		st = show_raters(c, r);
	}
	if (st == ST_OK)
		st = show_disputes(c, r);
	if (st == ST_OK && r->live)
		st = show_live(c, r);
	if (st == ST_OK)
		st = show_controls(c, r);
	store_round_rows_free(r, r ? 1 : 0);
	return st;
}
