/* cmd_round_close.c - convqa round close and round reopen: closing names
 * the raters who have not finished and prints the round's agreement
 * (--min-kappa flags the fields below it) (cmd_round.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/agreement.h"
#include "convqa/cli.h"
#include "convqa/common.h"
#include "convqa/report.h"
#include "convqa/scheme.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"

#include "cmd_round.h"

/* The id of field f of scheme sc in the agreement section: FIELD, or
 * SCHEME/FIELD for a project scheme's. */
static void field_id(const struct scheme *sc, const struct scheme_field *f, char *id, size_t size)
{
	int builtin = scheme_is_builtin(sc->name);
	snprintf(id, size, "%s%s%s", builtin ? "" : sc->name, builtin ? "" : "/", f->name);
}

/* Whether any field of the round's task has a unit two raters labelled. */
static int any_shared_unit(const struct report *rep, const struct scheme *sc)
{
	for (size_t f = 0; f < sc->n_fields; f++) {
		char id[160];
		long units = 0;
		field_id(sc, &sc->fields[f], id, sizeof(id));
		if (report_value(rep, "agreement", "summary", id, "raters", NULL, &units, NULL) && units > 0)
			return 1;
	}
	return 0;
}

/* A round 1 of the two-round protocol (one rater per item, not a swap
 * itself) whose labels share no unit: one line instead of a table of
 * undefined values; 1 when said. */
static int agreement_comes_later(struct cmd_ctx *c, const struct store_round_row *r, const struct report *rep,
				 const struct scheme *sc, enum status *st)
{
	struct store_round_row *rows = NULL;
	struct store_round_rater *ra = NULL;
	size_t n = 0, n_ra = 0;
	const char *later = NULL;
	if (r->swap_from || r->overlap != 1 || any_shared_unit(rep, sc) || scheme_judges_pairs(sc))
		return 0;   /* a pairwise round has no round 2: its section says what it compared */
	*st = store_round_raters(c->store, r->id, &ra, &n_ra, &c->err);
	if (*st == ST_OK && n_ra < 2) {   /* one rater: the report says there is nothing to compare */
		store_round_raters_free(ra, n_ra);
		return 0;
	}
	if (*st == ST_OK)
		*st = store_round_list(c->store, NULL, &rows, &n, &c->err);
	for (size_t i = 0; *st == ST_OK && i < n && !later; i++)
		if (rows[i].swap_from && strcmp(rows[i].swap_from, r->name) == 0)
			later = rows[i].name;
	if (*st == ST_OK && later)
		cli_printf(stdout, "round %s gives each item one rater: its agreement comes with round %s (swapped from "
			   "it), over both rounds, when round %s is closed\n", r->name, later, later);
	if (*st == ST_OK && !later) {
		cli_printf(stdout, "round %s gives each item one rater: its agreement comes with a round 2 over the same "
			   "items (convqa round create NAME --raters ", r->name);
		for (size_t i = 0; i < n_ra; i++)
			cli_printf(stdout, "%s%s", i ? "," : "", ra[i].name);
		cli_printf(stdout, " --swap-from %s)\n", r->name);
	}
	store_round_raters_free(ra, n_ra);
	store_round_rows_free(rows, n);
	return *st == ST_OK;
}

/* The agreement of the round's labels, as convqa agreement --round prints
 * it; of a round 2 (--swap-from), with its round 1: their overlap; of a
 * round 1 before its round 2, one line that says so. */
static enum status print_agreement(struct cmd_ctx *c, const struct store_round_row *r, const struct scheme *sc,
				   struct report **out)
{
	struct report_options o;
	char *rounds = r->swap_from ? xasprintf("%s,%s", r->swap_from, r->name) : xstrdup(r->name);
	report_options_init(&o);
	o.round = rounds;
	/* a pairwise round's agreement is over pairs: its section pairwise:FIELD */
	o.sections = scheme_judges_pairs(sc) ? REPORT_SEC_PREFERENCES : REPORT_SEC_AGREEMENT;
	o.command = "round close";
	o.project = store_path(c->store);
	if (r->swap_from)
		cli_printf(stdout, "round %s swapped the items of round %s: the agreement is over both\n\n", r->name,
			   r->swap_from);
	enum status st = report_build(c->store, &o, out, &c->err);
	if (st == ST_OK && !agreement_comes_later(c, r, *out, sc, &st) && st == ST_OK)
		st = report_write(*out, REPORT_TEXT, stdout, &c->err);
	free(rounds);
	return st;
}

/* With --min-kappa: the rater pairs of each field whose kappa is below it;
 * or that nothing was checked, and why. */
static void flag_low(struct cmd_ctx *c, const struct report *r, const struct store_round_row *row,
		     const struct scheme *sc)
{
	struct store_round_rater *ra = NULL;
	size_t n = 0, low = 0, checked = 0, shared = 0;
	if (store_round_raters(c->store, row->id, &ra, &n, &c->err) != ST_OK)
		return;
	for (size_t f = 0; f < sc->n_fields; f++) {
		char id[160];
		if (sc->fields[f].type == TYPE_TEXT)
			continue;
		field_id(sc, &sc->fields[f], id, sizeof(id));
		/* a field of pairs: its section pairwise:FIELD, table agreement */
		int pairs = sc->fields[f].unit == UNIT_PAIR;
		char *sec = pairs ? report_pairwise_section(sc->name, sc->fields[f].name) : xstrdup("agreement");
		for (size_t i = 0; i < n; i++)
			for (size_t j = i + 1; j < n; j++) {
				char pair[300];
				const char *why = NULL;
				double k;
				long units;
				snprintf(pair, sizeof(pair), "%s / %s", ra[i].name, ra[j].name);
				int found = report_value(r, sec, pairs ? "agreement" : id, pair, "kappa", &k, &units, &why);
				if (!found && pairs && !why) {   /* the pairwise section names raters in id order */
					snprintf(pair, sizeof(pair), "%s / %s", ra[j].name, ra[i].name);
					found = report_value(r, sec, "agreement", pair, "kappa", &k, &units, &why);
				}
				if (!found) {
					shared += why && strcmp(why, agreement_status_message(AGREEMENT_NO_ITEMS)) != 0;
					continue;
				}
				checked++;
				if (k >= cmd_round_min_kappa)
					continue;
				cli_printf(stdout, "%s%s: %s kappa %.3f on %ld units, below %g\n",
					   low++ ? "" : "\nbelow --min-kappa:\n", id, pair, k, units, cmd_round_min_kappa);
			}
		free(sec);
	}
	if (!checked && !shared)
		cli_printf(stdout, "\nno rater pair shares a unit, so nothing was checked against --min-kappa %g\n",
			   cmd_round_min_kappa);
	else if (!checked)
		cli_printf(stdout, "\nno rater pair's kappa is defined (each pair's shared units hold one category "
			   "only), so nothing was checked against --min-kappa %g\n", cmd_round_min_kappa);
	else if (!low)
		cli_printf(stdout, "\nevery rater pair's kappa is at least %g (pairs whose kappa is undefined, "
			   "with no shared unit or one category only, are not counted)\n", cmd_round_min_kappa);
	store_round_raters_free(ra, n);
}

/* Closing: the raters who have not finished their items, with counts
 * (the round closes all the same). */
static enum status print_unfinished(struct cmd_ctx *c, const struct store_round_row *r, const struct scheme *sc)
{
	struct store_round_rater *ra = NULL;
	size_t n = 0, left = 0;
	enum status st = store_round_raters(c->store, r->id, &ra, &n, &c->err);
	for (size_t i = 0; st == ST_OK && i < n; i++) {
		size_t done;
		st = cmd_round_finished(c->store, r, sc, &ra[i], &done, &c->err);
		if (st == ST_OK && (long)done < ra[i].assigned)
			cli_printf(stdout, "%s%s %zu of %ld item%s", left++ ? ", " : "not finished: ", ra[i].name, done,
				   ra[i].assigned, ra[i].assigned == 1 ? "" : "s");
	}
	if (st == ST_OK && left)
		cli_printf(stdout, " (closed all the same; convqa round reopen %s opens it again)\n", r->name);
	store_round_raters_free(ra, n);
	return st;
}

int cmd_round_status(struct cmd_ctx *c, int closed)
{
	const struct round_opts *o = c->data;
	struct store_round_row *r = NULL;
	struct report *rep = NULL;
	struct scheme *sc = NULL;
	enum status st = cmd_round_find(c, c->args[1], &r);
	if (st == ST_OK && strcmp(r->status, closed ? "closed" : "open") == 0) {
		cli_printf(stdout, "round '%s' is %s already\n", r->name, r->status);
		store_round_rows_free(r, 1);
		return ST_OK;
	}
	if (st == ST_OK && closed)
		st = scheme_load(c->store, r->task, &sc, &c->err);
	if (st == ST_OK)
		st = store_round_set_status(c->store, r->id, closed, &c->err);
	if (st == ST_OK)
		cli_printf(stdout, closed ? "closed round '%s': its raters can no longer change its labels\n"
					  : "reopened round '%s': its raters can label again\n", r->name);
	if (st == ST_OK && closed)
		st = print_unfinished(c, r, sc);
	if (st == ST_OK && closed) {
		cli_printf(stdout, "\n");
		st = print_agreement(c, r, sc, &rep);
	}
	if (st == ST_OK && closed && o->min_kappa)
		flag_low(c, rep, r, sc);
	report_free(rep);
	scheme_free(sc);
	store_round_rows_free(r, r ? 1 : 0);
	return st;
}
