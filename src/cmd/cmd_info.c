/* cmd_info.c - convqa info: what a project holds. */
#include <stdio.h>

#include "convqa/cli.h"
#include "convqa/store.h"

static int run(struct cmd_ctx *c)
{
	struct store_counts n;
	if (store_counts(c->store, &n, &c->err) != ST_OK)
		return c->err.status;
	cli_printf(stdout, "project        %s\n"
	       "conversations  %ld\n"
	       "turns          %ld\n"
	       "systems        %ld\n"
	       "responses      %ld\n"
	       "passages       %ld\n"
	       "retrieved      %ld\n"
	       "raters         %ld\n"
	       "rounds         %ld\n"
	       "assignments    %ld\n"
	       "labels         %ld\n"
	       "label rows     %ld\n"
	       "evidence spans %ld\n"
	       "imports        %ld\n",
	       store_path(c->store), n.conversations, n.turns, n.systems, n.responses, n.passages, n.retrieved,
	       n.raters, n.rounds, n.assignments, n.labels, n.label_rows, n.spans, n.imports);
	return ST_OK;
}

const struct cmd_entry cmd_info_entry = {
	{ "info", "[--db PATH]", "show what a project holds: counts of every kind of row",
	  "labels counts current values (the latest of each rater's judgement of a\n"
	  "field); label rows counts every saved change, history included.",
	  NULL, 0, 0, NULL },
	CMD_PROJECT | CMD_READONLY, NULL, NULL, run, NULL, NULL, NULL,
};
