/*
 * main.c - the convqa command: global options, then one subcommand.
 *
 * Checklist for a new subcommand: src/cmd/cmd_<name>.c defining cmd_<name>_entry
 * (options table, setup flags, check/run, sub-actions; see cli.h), its row in
 * COMMANDS below (the one list: it declares the entry and fills commands[]),
 * cmd_<name>.o in CMD_OBJS (Makefile), a test in tests/cli/, its row and
 * section in docs/commands.md and its section in the man page docs/convqa.1
 * (tests/cli/command_table.sh, tests/cli/manual.sh).
 */
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/common.h"

/* The commands, in the order `convqa --help` lists them: X(name) for the
 * entry cmd_<name>_entry of src/cmd/cmd_<name>.c (its spec gives the name a
 * user types, e.g. import-labels). */
#define COMMANDS(X) \
	X(init) X(import) X(info) X(label) X(annotate) X(export) X(report) X(agreement) X(formats) \
	X(scheme) X(rater) X(round) X(guidelines) X(sample) X(import_labels) X(import_scores) X(adjudicate) \
	X(spans) X(replay) X(chat) X(check) X(search)

#define DECLARE(name) extern const struct cmd_entry cmd_##name##_entry;
COMMANDS(DECLARE)
#undef DECLARE

#define ROW(name) &cmd_##name##_entry,
static const struct cmd_entry *const commands[] = { COMMANDS(ROW) };
#undef ROW

static const struct cmd_entry *find(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (strcmp(commands[i]->spec.name, name) == 0)
			return commands[i];
	return NULL;
}

static void usage(FILE *out)
{
	cli_printf(out, "usage: convqa [--db PATH] COMMAND [options] [args]\n"
		     "       convqa help COMMAND | --help | --version\n\n"
		     "Human evaluation of conversational question answering systems.\n\ncommands:\n");
	int width = 0;
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if ((int)strlen(commands[i]->spec.name) > width)
			width = (int)strlen(commands[i]->spec.name);
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		cli_printf(out, "  %-*s %s\n", width, commands[i]->spec.name, commands[i]->spec.summary);
	cli_printf(out, "\nThe project is one SQLite file: --db PATH, else $CONVQA_DB, else ./convqa.db.\n"
		     "Exit codes: 0 ok, 1 usage error, 2 bad input, 3 project (store) error, 4 file I/O error.\n"
		     "Run 'convqa help COMMAND' for a command's options.\n");
}

static int run(int argc, char **argv)
{
	int i = 1;
	if (!clock_check()) {
		cli_printf(stderr, "convqa: CONVQA_NOW='%s' is not a time: expected YYYY-MM-DDTHH:MM:SSZ or "
			   "YYYY-MM-DDTHH:MM:SS.mmmZ (UTC), or unset it to use the clock\n", getenv("CONVQA_NOW"));
		return ST_USAGE;
	}
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
		const struct cmd_entry *c = find(argv[i + 1]);
		if (!c) {
			cli_printf(stderr, "convqa: no such command '%s' (see: convqa --help)\n", argv[i + 1]);
			return ST_USAGE;
		}
		if (c->prepare)
			c->prepare();
		cli_print_help(&c->spec);
		return ST_OK;
	}
	const struct cmd_entry *c = find(name);
	if (!c) {
		cli_printf(stderr, "convqa: no such command '%s' (see: convqa --help)\n", name);
		return ST_USAGE;
	}
	return cli_run_command(c, argc - i, argv + i);
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
