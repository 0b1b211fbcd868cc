/* cmd_info.c - convqa info: what a project holds. */
#include <stdio.h>

#include "convqa/cli.h"
#include "convqa/store.h"

int cmd_info(int argc, char **argv)
{
	static const struct cli_spec spec = {
		"info", "[--db PATH]", "Show what a project holds: counts of every kind of row.",
		"labels counts current values (the latest of each rater's judgement of a\n"
		"field); label rows counts every saved change, history included.",
		NULL, 0, 0,
	};
	char **args;
	int nargs;
	int rc = cli_parse(&spec, argc, argv, &args, &nargs);
	if (rc != CLI_RUN)
		return rc;
	struct error err;
	struct store *s;
	struct store_counts c;
	if ((rc = cli_open_project(0, &s)) != ST_OK)
		return rc;
	if (store_counts(s, &c, &err) != ST_OK) {
		report_error("%s", err.msg);
		store_close(s);
		return err.status;
	}
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
	       store_path(s), c.conversations, c.turns, c.systems, c.responses, c.passages, c.retrieved,
	       c.raters, c.rounds, c.assignments, c.labels, c.label_rows, c.spans, c.imports);
	store_close(s);
	return ST_OK;
}
