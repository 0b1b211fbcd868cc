/* cmd_init.c - convqa init: create an empty project. */
#include <stdio.h>

#include "convqa/cli.h"

static int run(struct cmd_ctx *c)
{
	cli_printf(stdout, "created project %s\n", cli_db_path());
	return ST_OK;
}

const struct cmd_entry cmd_init_entry = {
	{ "init", "[--db PATH]", "create a new, empty project file",
	  "Refuses to touch an existing file. The project holds conversations, system\n"
	  "outputs, passages, raters, rounds and labels in one SQLite database.",
	  NULL, 0, 0, NULL },
	CMD_PROJECT | CMD_NEW_PROJECT, NULL, NULL, run, NULL, NULL, NULL,
};
