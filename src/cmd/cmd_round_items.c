/* cmd_round_items.c - convqa round items (a round's items as round create
 * --items reads them) and round delete (a round made by mistake)
 * (cmd_round.h). */
#include <stdio.h>

#include "convqa/cli.h"
#include "convqa/store.h"
#include "convqa/store_pair.h"

#include "cmd_round.h"

struct listed {
	long items, controls;
};

static int print_item(const struct store_round_listed *it, void *ctx)
{
	struct listed *l = ctx;
	if (it->control) {   /* known answers mixed in: not the round's own items */
		l->controls++;
		return 0;
	}
	l->items++;
	/* tab-separated (the sanitiser would make a tab spaces) */
	cli_printf(stdout, "%s", it->conversation);
	fputc('\t', stdout);
	cli_printf(stdout, "%d", it->turn);
	fputc('\t', stdout);
	cli_printf(stdout, "%s\n", it->system);
	return 0;
}

/* The round's items (one rater's with --raters) as --items takes them;
 * the control items are left out (counted in a last comment). */
int cmd_round_items(struct cmd_ctx *c)
{
	const struct round_opts *o = c->data;
	struct store_round_row *r = NULL;
	struct listed l = { 0, 0 };
	int64_t rater = 0;
	enum status st = cmd_round_find(c, c->args[1], &r);
	long pairs = 0;
	if (st == ST_OK)
		st = store_pair_count(c->store, r->id, 0, &pairs, &c->err);
	if (st == ST_OK && pairs)
		st = error_set(&c->err, ST_INPUT, "round '%s' is a pairwise round: its items are pairs of answers, not "
			       "items --items takes (export --format prefs-csv --round %s lists the preferences)", r->name,
			       r->name);
	if (st == ST_OK && o->raters) {
		st = store_rater_find(c->store, o->raters, &rater, &c->err);
		if (st == ST_OK && !rater)
			st = error_set(&c->err, ST_INPUT, "no rater '%s' in the project (convqa rater list lists them)",
				       o->raters);
	}
	if (st == ST_OK) {
		cli_printf(stdout, "# round %s (%s)%s%s: conversation, turn, system; round create --items FILE takes "
			   "these lines\n", r->name, r->task, o->raters ? ", the items of " : "",
			   o->raters ? o->raters : "");
		st = store_round_items(c->store, r->id, rater, print_item, &l, &c->err);
	}
	if (st == ST_OK && l.controls)
		cli_printf(stdout, "# and %ld control item%s (known answers mixed in), left out\n", l.controls,
			   l.controls == 1 ? "" : "s");
	if (st == ST_OK && o->raters && !l.items && !l.controls)
		st = error_set(&c->err, ST_INPUT, "rater '%s' has no items in round '%s' (its raters: convqa round "
			       "show %s)", o->raters, r->name, r->name);
	store_round_rows_free(r, r ? 1 : 0);
	return st;
}

/* A round made by mistake: gone, when nothing was labelled in it. */
int cmd_round_delete(struct cmd_ctx *c)
{
	int64_t id;
	long labels, rounds;
	int closed = 0;
	enum status st = store_round_info(c->store, c->args[1], &id, NULL, &closed, &c->err);
	if (st == ST_OK)
		st = store_round_delete(c->store, id, &labels, &rounds, &c->err);
	if (st != ST_OK)
		return st;
	if (labels && closed)
		return error_set(&c->err, ST_INPUT, "round '%s' has %ld label%s: it is not deleted (a round's labels "
				 "are kept; it is closed already)", c->args[1], labels, labels == 1 ? "" : "s");
	if (labels)
		return error_set(&c->err, ST_INPUT, "round '%s' has %ld label%s: it is not deleted (a round's labels "
				 "are kept; convqa round close %s ends it)", c->args[1], labels, labels == 1 ? "" : "s",
				 c->args[1]);
	if (rounds)
		return error_set(&c->err, ST_INPUT, "round '%s' is the first round of %ld round%s made with "
				 "--swap-from: it is not deleted", c->args[1], rounds, rounds == 1 ? "" : "s");
	cli_printf(stdout, "deleted round '%s' (nothing was labelled in it)\n", c->args[1]);
	return ST_OK;
}
