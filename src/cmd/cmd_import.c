/* cmd_import.c - convqa import: task files into the project. */
#include <stdio.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/formats.h"
#include "convqa/importer.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"

/* "5 conversations, 26 turns, 52 responses, 36 passages, 2 systems" of n[]
 * (with only_some, the nouns of which there are some) */
static void print_nouns(const long *n, int only_some)
{
	static const enum import_noun order[] = { IMP_CONVERSATIONS, IMP_TURNS, IMP_RESPONSES, IMP_PASSAGES,
						  IMP_SYSTEMS };
	int first = 1;
	for (size_t i = 0; i < ARRAY_SIZE(order); i++) {
		if (only_some && !n[order[i]])
			continue;
		cli_printf(stdout, "%s %ld %s", first ? "" : ",", n[order[i]], import_noun_name(order[i], n[order[i]]));
		first = 0;
	}
}

static void print_counts(const char *file, const struct import_counts *c)
{
	long added = 0, updated = 0, present = 0;
	for (int i = 0; i < IMP__COUNT; i++) {
		added += c->added[i];
		updated += c->updated[i];
		present += c->present[i];
	}
	if (!added && !updated) {
		cli_printf(stdout, "%s: nothing new (its", file);
		print_nouns(c->present, 0);
		cli_printf(stdout, " are in the project already)\n");
		return;
	}
	cli_printf(stdout, "%s: added", file);
	print_nouns(c->added, 0);
	if (updated)
		cli_printf(stdout, "; filled in missing data of %ld of its entries", updated);
	if (present) {
		cli_printf(stdout, " (in the project already:");
		print_nouns(c->present, 1);
		cli_printf(stdout, ")");
	}
	cli_printf(stdout, "\n");
}

static int quiet;
static const char *opt_format;
static char format_help[256];
static const struct cli_opt opts[] = {
	{ "format", 'f', "FORMAT", format_help, &opt_format, NULL },
	{ "quiet", 'q', NULL, "print nothing on success", NULL, &quiet },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

/* --format's help names the formats of the import table: the entry's
 * prepare hook, called before any help is printed. */
static void make_format_help(void)
{
	struct strbuf sb = STRBUF_INIT;
	formats_import_names(&sb);
	snprintf(format_help, sizeof(format_help), "read the files as FORMAT: %s (default: detected per file)",
		 strbuf_str(&sb));
	strbuf_release(&sb);
}

static const struct import_format *format; /* NULL: detect it */

static int check(struct cmd_ctx *c)
{
	struct error err;
	if (opt_format && !(format = formats_import_find(opt_format, &err))) {
		cli_printf(stderr, "convqa import: %s\n", err.msg);
		return ST_USAGE;
	}
	return cli_check_stdin_once(c);
}

static int run(struct cmd_ctx *c)
{
	struct error err;
	enum status st = ST_OK;
	for (int i = 0; i < c->nargs && st == ST_OK; i++) {
		struct import_counts counts;
		st = importer_import_as(c->store, c->args[i], format, &counts, &err);
		if (st == ST_INPUT)
			cli_print_message(err.msg); /* FILE:LINE:COL: or FILE: $.path: */
		else if (st != ST_OK)
			report_error("%s", err.msg);
		else if (!quiet)
			print_counts(importer_input_name(c->args[i]), &counts);
	}
	return st;
}

const struct cmd_entry cmd_import_entry = {
	{ "import", "[--db PATH] FILE...", "import task files (conversations, system outputs, passages)",
	  "A task file (schemas/tasks.schema.json) holds conversations, their turns,\n"
	  "the responses of one or more systems with ranked passages, optional gold\n"
	  "answers and passages, and a passage collection. Each file is checked as a\n"
	  "whole and imported in one transaction: all of it or nothing. Importing the\n"
	  "same file again changes nothing; an id that is already in the project with\n"
	  "different content is refused. Files are imported in order; an error stops\n"
	  "at that file (the files before it stay imported). FILE - is standard input\n"
	  "(pipes work too: convqa import /dev/stdin, <(...)). A file is read in the\n"
	  "format its start shows (convqa formats lists them), else as a task file.",
	  opts, 1, -1, NULL },
	CMD_PROJECT, NULL, check, run, NULL, NULL,
	make_format_help,
};
