/*
 * main.c - the convqa command: global options, then one subcommand.
 *
 * Checklist for a new subcommand: src/cmd_<name>.c (options table, calls,
 * output, exit code), its prototype in include/convqa/cli.h, a row in
 * commands[] below, cmd_<name>.o in CMD_OBJS (Makefile), a test in tests/cli/,
 * and its section in README.md ("CLI reference").
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/common.h"

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
	{ "init", cmd_init, "create a new, empty project file" },
	{ "import", cmd_import, "import task files (conversations, system outputs, passages)" },
	{ "info", cmd_info, "show what a project holds" },
	{ "label", cmd_label, "record one label from the command line" },
	{ "annotate", cmd_annotate, "label items in a full-screen terminal UI" },
	{ "export", cmd_export, "write labels as JSON" },
	{ "report", cmd_report, "accuracy, retrieval metrics, agreement and time from the labels" },
	{ "agreement", cmd_agreement, "agreement between raters per label field" },
};

static const struct command *find(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static void usage(FILE *out)
{
	cli_printf(out, "usage: convqa [--db PATH] COMMAND [options] [args]\n"
		     "       convqa help COMMAND | --help | --version\n\n"
		     "Human evaluation of conversational question answering systems.\n\ncommands:\n");
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		cli_printf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
	cli_printf(out, "\nThe project is one SQLite file: --db PATH, else $CONVQA_DB, else ./convqa.db.\n"
		     "Exit codes: 0 ok, 1 usage error, 2 bad input, 3 project (store) error, 4 file I/O error.\n"
		     "Run 'convqa help COMMAND' for a command's options.\n");
}

static int run(int argc, char **argv)
{
	int i = 1;
	while (i < argc && argv[i][0] == '-') {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return ST_OK;
		}
		if (strcmp(a, "--version") == 0) {
			printf("convqa %s\n", CONVQA_VERSION);
			return ST_OK;
		}
		if (strcmp(a, "--db") == 0 || strncmp(a, "--db=", 5) == 0) {
			const char *v = a[4] == '=' ? a + 5 : i + 1 < argc ? argv[++i] : NULL;
			if (!v || !*v) {
				cli_printf(stderr, "convqa: option '--db' needs a value\n");
				return ST_USAGE;
			}
			cli_set_db_path(v);
			i++;
		} else {
			cli_printf(stderr, "convqa: unknown option '%s'\n", a);
			usage(stderr);
			return ST_USAGE;
		}
	}
	if (i >= argc) {
		usage(stderr);
		return ST_USAGE;
	}
	const char *name = argv[i];
	if (strcmp(name, "help") == 0) {
		if (i + 1 >= argc) {
			usage(stdout);
			return ST_OK;
		}
		const struct command *c = find(argv[i + 1]);
		if (!c) {
			cli_printf(stderr, "convqa: no such command '%s' (see: convqa --help)\n", argv[i + 1]);
			return ST_USAGE;
		}
		char *help_argv[] = { argv[i + 1], "--help", NULL };
		return c->fn(2, help_argv);
	}
	const struct command *c = find(name);
	if (!c) {
		cli_printf(stderr, "convqa: no such command '%s' (see: convqa --help)\n", name);
		return ST_USAGE;
	}
	return c->fn(argc - i, argv + i);
}

/* Every command's output is checked here, once: a full disk or a closed
 * pipe behind standard output (info > /dev/full) is an error, not success. */
int main(int argc, char **argv)
{
	int rc = run(argc, argv);
	if ((fflush(stdout) != 0 || ferror(stdout)) && rc == ST_OK) {
		cli_printf(stderr, "convqa: cannot write to standard output: %s\n", strerror(errno ? errno : EIO));
		rc = ST_IO;
	}
	return rc;
}
