/* cmd_adjudicate.c - convqa adjudicate: an adjudicator settles the units on
 * which a round's raters disagree, in the full-screen UI. The labelling
 * module says who may (an adjudicator; a closed round too), the store where
 * the raters disagree (store_adjudicate_list; a round made with --swap-from
 * together with the round it swapped), the UI walks them; each value picked
 * is the adjudicator's label in the round (report --consensus
 * adjudicated). */
#include <stdio.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/common.h"
#include "convqa/labelling.h"
#include "convqa/lock.h"
#include "convqa/store.h"
#include "convqa/store_item.h"
#include "convqa/tui.h"

static const char *opt_rater, *opt_round;
static int opt_blind;

static const struct cli_opt opts[] = {
	{ "round", 0, "NAME", "the round whose disagreements to settle (required; a closed one too)", &opt_round,
	  NULL },
	{ "rater", 'r', "NAME", "the adjudicator: a rater with the role adjudicator (default: $USER)", &opt_rater,
	  NULL },
	{ "blind", 0, NULL, "name the raters \"rater 1\", \"rater 2\", in an order that does not tell who is who",
	  NULL, &opt_blind },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

static struct tui_options o;

static int check(struct cmd_ctx *c)
{
	o.started = now_monotonic();
	if (cli_session_check() != ST_OK)
		return ST_USAGE;
	if (!opt_round) {
		report_error("adjudicate: which round? give --round NAME (convqa round list shows them)");
		return ST_USAGE;
	}
	o.rater = c->rater;
	int rc = cli_session_rater("adjudicate", "who adjudicates?", o.rater);
	if (rc != ST_OK)
		return rc;
	o.project = cli_db_name();
	o.round = opt_round;
	o.blind_raters = opt_blind;
	return CLI_RUN;
}

/* The adjudicator's session (labelling.h: the adjudicate rule). A refusal
 * by one of its rules is adjudicate's own message. */
static enum status open_session(struct labelling *l, struct store *s, struct error *err)
{
	struct labelling_request rq = {
		.rater = o.rater, .round = o.round, .task_rule = LABELLING_TASK_OF_ROUND, .adjudicate = 1,
	};
	enum status st = labelling_open(l, s, &rq, err);
	if (st != ST_OK && l->refused != LABELLING_NOT_REFUSED) {
		char msg[sizeof(err->msg)];
		snprintf(msg, sizeof(msg), "%s", err->msg);
		return error_set(err, st, "adjudicate: %s", msg);
	}
	if (st != ST_OK)
		return st;
	o.rater_id = l->rater_id;
	o.round_id = l->round_id;
	o.scheme = l->scheme;
	o.show_systems = (l->scheme->shows & SHOW_SYSTEMS) != 0;
	o.labelling = l;
	return ST_OK;
}

/* The round the lines below speak of: "round 'r2'", and of a swapped
 * round the round compared with it. */
static void print_round(const struct store_disagreements *d)
{
	cli_printf(stdout, "round '%s'", o.round);
	if (d->swap_from)
		cli_printf(stdout, " (over both rounds: it swapped the items of round '%s')", d->swap_from);
}

/* What the round holds when there is nothing to settle. */
static void nothing_to_adjudicate(const struct store_disagreements *d)
{
	print_round(d);
	if (d->units)
		cli_printf(stdout, ": nothing to adjudicate: the raters agree on each of the %ld unit%s two or "
			   "more of them judged\n", d->units, d->units == 1 ? "" : "s");
	else if (d->swapped_by)
		cli_printf(stdout, ": nothing to adjudicate: no unit has been judged by two or more raters (round "
			   "'%s' swapped its items: convqa adjudicate --round %s compares both rounds)\n", d->swapped_by,
			   d->swapped_by);
	else
		cli_printf(stdout, ": nothing to adjudicate: no unit has been judged by two or more raters\n");
}

static enum status adjudicate(struct store *s, struct error *err)
{
	const char *db = cli_db_path();
	struct lock lock = { -1, 0 };
	struct labelling l = { 0 };
	struct store_disagreements d = { 0 };
	enum status st = ST_OK;
	if (store_item_read_only(s))
		st = error_set(err, ST_STORE, "adjudicate: the project '%s' is read-only: no label could be saved "
			       "(check the file's permissions)", db);
	if (st == ST_OK)
		st = open_session(&l, s, err);
	if (st == ST_OK)
		st = store_adjudicate_list(s, l.round_id, l.scheme, l.rater_id, &d, err);
	if (st == ST_OK && !d.n) {
		nothing_to_adjudicate(&d);
	} else if (st == ST_OK) {
		st = cli_lock_rater(&lock, db, o.rater, "adjudicate", err);
		o.adjudication = &d;
		if (st == ST_OK)
			st = tui_run(s, &o, err);
		o.adjudication = NULL;
		size_t n = d.n;
		store_disagreements_release(&d);
		/* what the session settled, read again */
		if (st == ST_OK && !tui_caught_signal() &&
		    (st = store_adjudicate_list(s, l.round_id, l.scheme, l.rater_id, &d, err)) == ST_OK) {
			print_round(&d);
			cli_printf(stdout, ": %zu of %zu disagreement%s settled by %s\n", d.n_settled, n,
				   n == 1 ? "" : "s", o.rater);
		}
	}
	store_disagreements_release(&d);
	o.labelling = NULL;
	labelling_release(&l);
	lock_release(&lock);
	return st;
}

static int run(struct cmd_ctx *c)
{
	enum status st = adjudicate(c->store, &c->err);
	return cli_session_end(c, st, tui_caught_signal());
}

const struct cmd_entry cmd_adjudicate_entry = {
	{ "adjudicate", "--round NAME [--rater NAME] [--blind]",
	  "settle the units a round's raters disagree on, in a full-screen terminal UI",
	  "Walks through the units (a turn, a pooled passage, a response, an answer)\n"
	  "on which the raters of the round gave different values, shows the item and\n"
	  "each rater's value side by side, and records the value the adjudicator picks\n"
	  "with the field's keys as their label in the round: report --consensus\n"
	  "adjudicated takes it. A round made with --swap-from is compared together with\n"
	  "the round it swapped (each item has one rater in either), as round close does.\n"
	  "The adjudicator is a rater with the role adjudicator (convqa rater add NAME\n"
	  "--role adjudicator); a closed round may be adjudicated. A pairwise round's\n"
	  "disagreements are pairs of answers, shown on the pair screen with each\n"
	  "rater's choice (round show counts them). n/p move, tab goes to\n"
	  "the next unsettled one, u undoes, q quits. See convqa(1) and\n"
	  "docs/study.md (\"Adjudication\").",
	  opts, 0, 0, NULL },
	CMD_PROJECT | CMD_RATER, &opt_rater, check, run, NULL, NULL, NULL,
};
