/* cmd_init.c - convqa init: create an empty project. */
#include <stdio.h>

#include "convqa/cli.h"
#include "convqa/store.h"

int cmd_init(int argc, char **argv)
{
	static const struct cli_opt opts[] = { { NULL, 0, NULL, NULL, NULL, NULL } };
	static const struct cli_spec spec = {
		"init", "[--db PATH]", "Create a new, empty project file.",
		"Refuses to touch an existing file. The project holds conversations, system\n"
		"outputs, passages, raters, rounds and labels in one SQLite database.",
		opts, 0, 0,
	};
	char **args;
	int nargs;
	int rc = cli_parse(&spec, argc, argv, &args, &nargs);
	if (rc != CLI_RUN)
		return rc;
	struct error err;
	struct store *s;
	const char *path = cli_db_path();
	if (store_open(path, STORE_CREATE | STORE_MUST_BE_NEW, &s, &err) != ST_OK) {
		report_error("%s", err.msg);
		return err.status;
	}
	store_close(s);
	printf("created project %s\n", path);
	return ST_OK;
}
