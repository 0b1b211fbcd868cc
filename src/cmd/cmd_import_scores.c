/* cmd_import_scores.c - convqa import-scores: per-response scores computed
 * elsewhere (GPTScore, BERTScore, SAS, an LLM judge), for the report. */
#include <stdio.h>
#include <string.h>

#include "convqa/access.h"
#include "convqa/cli.h"
#include "convqa/scores_read.h"
#include "convqa/store.h"

static struct import_scores_opts {
	const char *column, *as, *format;
	int quiet;
} options;
static const struct cli_opt opts[] = {
	{ "column", 'c', "NAMES", "the score column(s) of the file, separated by commas (required)", &options.column,
	  NULL },
	{ "as", 0, "NAME", "store the one --column under NAME (default: the column's name)", &options.as, NULL },
	{ "format", 'f', "FORMAT", "csv or jsonl (default: jsonl for a .jsonl or .json file or one that begins "
				   "with '{', else csv)", &options.format, NULL },
	{ "quiet", 'q', NULL, "print nothing on success", NULL, &options.quiet },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

static int check(struct cmd_ctx *c)
{
	const struct import_scores_opts *o = c->data;
	if (!o->column) {
		cli_printf(stderr, "convqa import-scores: no --column given: name the score column(s) of %s, e.g. "
			   "--column gptscore\nusage: convqa import-scores %s\n", c->args[0], c->entry->spec.usage);
		return ST_USAGE;
	}
	if (o->format && !scores_format_known(o->format)) {
		cli_printf(stderr, "convqa import-scores: unknown format '%s' (expected: csv, jsonl)\n", o->format);
		return ST_USAGE;
	}
	return CLI_RUN;
}

static int run(struct cmd_ctx *c)
{
	const struct import_scores_opts *o = c->data;
	struct scores_import_request rq = { c->args[0], o->format, o->column, o->as };
	struct scores_import_result res;
	struct error err;
	/* stored data is the coordinators' to change (when the project has one bound) */
	enum status st = store_begin(c->store, &err);
	if (st == ST_OK) {
		st = access_check_coordinator(c->store, "import scores", &err);
		if (st == ST_OK)
			st = scores_import(c->store, &rq, &res, &err);
		if (st == ST_OK)
			st = store_commit(c->store, &err);
		else
			store_rollback(c->store);
	}
	if (st == ST_INPUT)
		cli_print_message(err.msg);
	else if (st == ST_USAGE)
		cli_printf(stderr, "convqa import-scores: %s\n", err.msg);
	else if (st != ST_OK)
		report_error("%s", err.msg);
	else if (!o->quiet)
		cli_printf(stdout, "%s: imported %ld score%s from %ld row%s (%ld already here)\n", c->args[0], res.added,
			   res.added == 1 ? "" : "s", res.rows, res.rows == 1 ? "" : "s", res.present);
	return st;
}

const struct cmd_entry cmd_import_scores_entry = {
	{ "import-scores", "[--db PATH] --column NAMES [--as NAME] [--format csv|jsonl] FILE",
	  "import per-response scores computed elsewhere (GPTScore, an LLM judge, ...)",
	  "FILE is CSV (a header row, then one row per response) or JSON Lines (one\n"
	  "object a line) naming each response by conversation, turn and system, or\n"
	  "by id \"<conversation>_<turn>\" and model (SCAI's batch files), with the\n"
	  "score columns --column names: finite numbers. Each score is stored under\n"
	  "its column's name (or --as NAME) and the report shows it beside the\n"
	  "automatic metrics: the mean per system, by turn with --by turn, and its\n"
	  "correlation with the raters' answer correctness. A row naming a response\n"
	  "the project lacks is refused with what there is. A score here with the\n"
	  "same value is skipped: importing twice changes nothing; another value\n"
	  "(in the project, or twice in the file) refuses the file. The file is\n"
	  "checked as a whole and imported in one transaction: all of it or nothing.",
	  opts, 1, 1, NULL },
	CMD_PROJECT, NULL, check, run, NULL, &options, NULL,
};
