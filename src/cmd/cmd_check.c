/* cmd_check.c - convqa check: what is wrong in a project (project_check.h),
 * one line per problem on standard output, naming the table and the row;
 * exit 3 when there is any, 0 and one "ok: ..." line when there is none. */
#include <stdio.h>

#include "convqa/cli.h"
#include "convqa/project_check.h"
#include "convqa/store.h"

static void print_problem(const char *problem, void *ctx)
{
	(void)ctx;
	cli_printf(stdout, "%s\n", problem);
}

static int run(struct cmd_ctx *c)
{
	struct project_check_summary sum;
	enum status st = project_check(c->store, print_problem, NULL, &sum, &c->err);
	if (st != ST_OK)
		return st;
	const char *path = store_path(c->store);
	if (sum.problems) {
		fflush(stdout);
		report_error("check: project '%s' is damaged: %ld problem%s (listed above); it was changed outside "
			     "convqa or its file was damaged: restore it from a copy, or ask whoever changed it", path,
			     sum.problems, sum.problems == 1 ? "" : "s");
		return ST_STORE;
	}
	cli_printf(stdout, "ok: project '%s': schema version %d, %ld label row%s, %ld rater%s, %ld round%s, %ld "
		   "scheme%s: no problem found\n", path, sum.version, sum.label_rows, sum.label_rows == 1 ? "" : "s",
		   sum.raters, sum.raters == 1 ? "" : "s", sum.rounds, sum.rounds == 1 ? "" : "s", sum.schemes,
		   sum.schemes == 1 ? "" : "s");
	return ST_OK;
}

const struct cmd_entry cmd_check_entry = {
	{ "check", "[--db PATH]", "check a project for damage: the file, its schema, its rows and their rules",
	  "Runs SQLite's integrity and foreign key checks and the project's own rules:\n"
	  "the tables, indexes and triggers the schema has, no NULL where it allows\n"
	  "none, no reference to a row that is gone, every label's task a scheme of the\n"
	  "project, its field one of the scheme's and its value on the field's scale,\n"
	  "labels of a round only on items it assigns and not after it closed (an\n"
	  "adjudicator's excepted), every stored scheme readable, the schema version.\n"
	  "Prints one line per problem, naming the table and the row (at most 20 of a\n"
	  "kind, then how many more), and exits 3; a healthy project prints one line\n"
	  "beginning \"ok:\" and exits 0. No row is changed or repaired (an older\n"
	  "project is upgraded first, as by any command).",
	  NULL, 0, 0, NULL },
	CMD_PROJECT | CMD_READONLY, NULL, NULL, run, NULL, NULL, NULL,
};
