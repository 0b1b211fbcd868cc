/* cmd_init.c - convqa init: create an empty project. */
#include <stdio.h>

#include "convqa/cli.h"
#include "convqa/store.h"

int cmd_init(int argc, char **argv)
{
	static const struct cli_spec spec = {
		"init", "[--db PATH]", "Create a new, empty project file.",
		"Refuses to touch an existing file. The project holds conversations, system\n"
		"outputs, passages, raters, rounds and labels in one SQLite database.",
		NULL, 0, 0,
	};
	char **args;
	int nargs;
	int rc = cli_parse(&spec, argc, argv, &args, &nargs);
	if (rc != CLI_RUN)
		return rc;
	struct store *s;
	if ((rc = cli_open_project(STORE_CREATE | STORE_MUST_BE_NEW, &s)) != ST_OK)
		return rc;
	store_close(s);
	cli_printf(stdout, "created project %s\n", cli_db_path());
	return ST_OK;
}
