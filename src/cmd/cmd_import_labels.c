/* cmd_import_labels.c - convqa import-labels: labels from another copy of
 * the project (its labels export, labels as JSON Lines, or its project
 * file) or from Label Studio (its JSON export), merged by the labelling
 * rules (labelling_import). */
#include <stdio.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/labelling.h"
#include "convqa/labels_read.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"

/* The options, given to check and run as c->data. */
static struct import_labels_opts {
	const char *round, *format;
	int no_rounds, quiet;
} options;
static const struct cli_opt opts[] = {
	{ "format", 'f', "FORMAT", "what the files are: json (a labels export), jsonl, project or label-studio "
				   "(Label Studio's JSON export); default: detected", &options.format, NULL },
	{ "round", 0, "NAME", "import every label into round NAME (default: each into its own round)", &options.round,
	  NULL },
	{ "no-rounds", 0, NULL, "import every label outside rounds", NULL, &options.no_rounds },
	{ "quiet", 'q', NULL, "print nothing on success", NULL, &options.quiet },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

static int check(struct cmd_ctx *c)
{
	const struct import_labels_opts *o = c->data;
	if (!c->nargs) {
		cli_printf(stderr, "convqa import-labels: no FILE given: name one or more files of labels (a labels "
			   "export, labels as JSON Lines, another copy's project file, or Label Studio's JSON export; - "
			   "reads standard input)\n"
			   "usage: convqa import-labels %s (see: convqa help import-labels)\n",
			   c->entry->spec.usage);
		return ST_USAGE;
	}
	if (o->format && !labels_read_format_known(o->format)) {
		struct strbuf sb = STRBUF_INIT;
		labels_read_format_names(&sb);
		cli_printf(stderr, "convqa import-labels: unknown format '%s' (expected: %s)\n", o->format,
			   strbuf_str(&sb));
		strbuf_release(&sb);
		return ST_USAGE;
	}
	if (o->round && o->no_rounds) {
		cli_printf(stderr, "convqa import-labels: give --round NAME or --no-rounds, not both\n");
		return ST_USAGE;
	}
	return cli_check_stdin_once(c);
}

static void print_result(const char *file, const struct labels_read *in, const struct labelling_import_result *r)
{
	cli_printf(stdout, "%s: imported %ld label row%s (%ld already here)", file, r->added, r->added == 1 ? "" : "s",
		   r->present);
	if (in->skipped)
		cli_printf(stdout, "; %ld cancelled annotation%s skipped", in->skipped, in->skipped == 1 ? "" : "s");
	if (r->copies)
		cli_printf(stdout, "; %ld label%s of this project %s newer and saved again to stay current", r->copies,
			   r->copies == 1 ? "" : "s", r->copies == 1 ? "was" : "were");
	if (r->scheme_added)
		cli_printf(stdout, "; added scheme '%s'", in->labels[0].task);
	cli_printf(stdout, "\n");
}

/* Each file in its own transaction, in order; an error stops at that file. */
static int run(struct cmd_ctx *c)
{
	const struct import_labels_opts *o = c->data;
	struct labelling_import_request rq = { .round = o->round, .no_rounds = o->no_rounds };
	enum status st = ST_OK;
	for (int i = 0; i < c->nargs && st == ST_OK; i++) {
		struct labels_read in;
		struct labelling_import_result res = { 0 };
		struct error err;
		st = labels_read_as(o->format, c->store, c->args[i], &in, &err);
		rq.scheme_json = in.scheme_json;   /* MTRAG's ratings: their scheme, if missing */
		if (st == ST_OK)
			st = labelling_import(c->store, &rq, in.labels, in.n, &res, &err);
		if (st == ST_INPUT && res.refused != LABELLING_ACCOUNT)
			cli_print_message(err.msg); /* each line names the file and the label */
		else if (st != ST_OK)
			report_error("%s", err.msg);
		else if (!o->quiet)
			print_result(strcmp(c->args[i], "-") == 0 ? "standard input" : c->args[i], &in, &res);
		labels_read_release(&in);
	}
	return st;
}

const struct cmd_entry cmd_import_labels_entry = {
	{ "import-labels", "[--db PATH] [--format FORMAT] [--round NAME | --no-rounds] FILE...",
	  "merge labels from another copy of the project",
	  "FILE is a labels export (convqa export, format version 1, 2 or 3; with\n"
	  "--history it carries every change, clears included), labels as JSON Lines\n"
	  "(one label object a line, the fields of an export's label), or another\n"
	  "copy's project file (read, never written), or Label Studio's JSON export\n"
	  "of the tasks convqa export --format label-studio wrote (each annotation's\n"
	  "annotator is the rater: the email, else label-studio-ID; cancelled ones\n"
	  "are skipped). Items are named by conversation,\n"
	  "turn and system (a passage by rank and id) and must be in this project;\n"
	  "raters are added when missing; each label's round must be here (or give\n"
	  "--round NAME or --no-rounds) and assign the label's item to its rater (an\n"
	  "adjudicator's excepted). A label given on a control item (control: true)\n"
	  "stays one where its round asks the item of its rater as a control item,\n"
	  "and is refused where it would count as a judgement (--no-rounds, a round\n"
	  "that has the item as an ordinary one). A label keeps its value, seconds\n"
	  "and time. A label already here is skipped: importing twice changes\n"
	  "nothing. The latest label of a unit by time is current, whichever copy\n"
	  "gave it. A label at the same time as one here with another value is a\n"
	  "conflict: the file is refused. Each file is checked as a whole and\n"
	  "imported in one transaction: all of it or nothing.",
	  opts, 0, -1, NULL },   /* no FILE: check() says what it takes */
	CMD_PROJECT, NULL, check, run, NULL, &options, NULL,
};
