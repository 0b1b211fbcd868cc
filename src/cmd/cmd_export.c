/* cmd_export.c - convqa export: labels in an export format (formats.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/access.h"
#include "convqa/cli.h"
#include "convqa/formats.h"
#include "convqa/model.h"
#include "convqa/scheme.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/store_item.h"
#include "convqa/strbuf.h"

static char format_help[256];
/* The options, given to check and run as c->data. */
static struct export_opts {
	const char *format, *output, *round, *rater, *task, *consensus;
	int history;
} options;
static const struct cli_opt opts[] = {
	{ "format", 'f', "FORMAT", format_help, &options.format, NULL },
	{ "output", 'o', "FILE", "write to FILE (atomically) instead of standard output", &options.output, NULL },
	{ "round", 0, "NAME", "only labels of this round; with --format tasks, gold-extension, label-studio or "
			      "label-studio-config, only its items",
	  &options.round, NULL },
	{ "rater", 0, "NAME", "only labels of this rater", &options.rater, NULL },
	{ "task", 0, "TASK", "only labels of this task: turn, plausibility, faithfulness or a scheme of the "
			     "project; with --format label-studio(-config), the scheme the raters label by",
	  &options.task, NULL },
	{ "history", 0, NULL, "every saved change (value null = cleared), not only current values",
	  NULL, &options.history },
	{ "consensus", 0, "HOW", "with --format trec-qrels, the raters' labels settled: majority, adjudicated or "
				 "discard (as report --consensus)", &options.consensus, NULL },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

/* --format's help names the formats of the export table, the first the
 * default. Made by the entry's prepare hook, before any
 * help is printed. */
static void make_format_help(void)
{
	struct strbuf sb = STRBUF_INIT;
	formats_export_names(&sb);
	const char *names = strbuf_str(&sb), *comma = strchr(names, ',');
	snprintf(format_help, sizeof(format_help), "output format: %.*s (default)%s",
		 comma ? (int)(comma - names) : (int)strlen(names), names, comma ? comma : "");
	strbuf_release(&sb);
}

static const struct export_format *format;
static struct export_options xo;

/* --consensus HOW, as report --consensus names them (rater:NAME is --rater). */
static const struct {
	const char *name;
	enum export_consensus consensus;
} consensus_names[] = {
	{ "majority", EXPORT_CONSENSUS_MAJORITY },
	{ "adjudicated", EXPORT_CONSENSUS_ADJUDICATED },
	{ "discard", EXPORT_CONSENSUS_DISCARD },
};

static int check(struct cmd_ctx *c)
{
	const struct export_opts *o = c->data;
	struct error err;
	enum model_task t;
	xo = (struct export_options){ EXPORT_CONSENSUS_NONE };
	format = o->format ? formats_export_find(o->format, &err) : formats_export(0);
	if (!format) {
		cli_printf(stderr, "convqa export: %s\n", err.msg);
		return ST_USAGE;
	}
	if (o->consensus) {
		size_t i = 0;
		while (i < ARRAY_SIZE(consensus_names) && strcmp(consensus_names[i].name, o->consensus) != 0)
			i++;
		if (!format->consensus) {
			cli_printf(stderr, "convqa export: --consensus applies to the formats that settle the raters' "
				   "labels (trec-qrels), not to --format %s: leave it out\n", format->name);
			return ST_USAGE;
		}
		if (i == ARRAY_SIZE(consensus_names)) {
			cli_printf(stderr, "convqa export: unknown --consensus '%s' (expected: majority, adjudicated or "
				   "discard; one rater's labels: --rater NAME)\n", o->consensus);
			return ST_USAGE;
		}
		if (o->rater) {
			cli_printf(stderr, "convqa export: --consensus settles several raters' labels, --rater takes one "
				   "rater's: give one of them\n");
			return ST_USAGE;
		}
		xo.consensus = consensus_names[i].consensus;
	}
	if (o->task && model_task_parse(o->task, &t) != 0 && scheme_name_problem(o->task)) {
		cli_printf(stderr, "convqa export: unknown task '%s' (expected: turn, plausibility, faithfulness or a "
			   "scheme of the project)\n", o->task);
		return ST_USAGE;
	}
	return CLI_RUN;
}

static int run(struct cmd_ctx *c)
{
	const struct export_opts *o = c->data;
	struct store *s = c->store;
	struct store_label_filter f = { o->round, o->rater, o->task, o->history, NULL };
	char *blind = NULL;
	int64_t id;
	/* a rater bound to this account sees only their own labels of open rounds */
	enum status st = access_blind_rater(s, &blind, &c->err);
	f.blind_for = blind;
	if (st == ST_OK && o->round)
		st = store_round_info(s, o->round, &id, NULL, NULL, &c->err);
	if (st == ST_OK && o->task) {   /* a built-in, or a scheme the project has */
		struct scheme *sch = NULL;
		st = scheme_load(s, o->task, &sch, &c->err);
		scheme_free(sch);
	}
	if (st == ST_OK && o->rater) {   /* one the project has, else its raters listed */
		struct store_rater r;
		st = store_rater_get(s, o->rater, &r, NULL, &c->err);
		store_rater_release(&r);
	}
	struct cli_output out;
	if (st == ST_OK && (st = cli_output_open(&out, o->output, &c->err)) == ST_OK) {
		struct export_counts n = { 0, 0, 0, 0 };
		st = format->write(s, &f, &xo, store_path(s), out.fp, &n, &c->err);
		st = cli_output_close(&out, st, &c->err);
		if (st == ST_OK && format->written) {
			struct strbuf sb = STRBUF_INIT;
			format->written(s, &f, out.path, &n, &sb);
			if (sb.len)
				cli_printf(stderr, "%s\n", strbuf_str(&sb));
			strbuf_release(&sb);
		} else if (st == ST_OK && out.path) {
			cli_printf(stderr, "wrote %ld label%s to %s\n", n.n, n.n == 1 ? "" : "s", out.path);
		}
	}
	if (st == ST_OK && blind)
		cli_printf(stderr, "blind: as %s, the rater this account is bound to, other raters' labels of open "
			   "rounds are left out\n", blind);
	free(blind);
	return st;
}

const struct cmd_entry cmd_export_entry = {
	{ "export", "[--db PATH] [options]", "write labels as JSON, CSV, JSONL or TREC qrels, items for Label Studio",
	  "Each label names its conversation, turn position, system, rater, round,\n"
	  "task, field, the unit it judges (turn, passage, response, answer) and value\n"
	  "(per-passage relevance also the passage id and rank), the active seconds\n"
	  "spent, when it was saved, and control: true on a label given on a control\n"
	  "item (round create --control), which scores its rater and is no judgement\n"
	  "(csv: the last column, 1 or 0; trec-qrels and prefs-csv leave such labels\n"
	  "out). Values follow the task's scheme: binary 0 and 1 as numbers,\n"
	  "categories and text as strings. --format tasks writes the items of a round\n"
	  "instead (--round R, --rater NAME: those assigned to NAME), as a\n"
	  "task file a rater on another machine imports into a project of their own;\n"
	  "their labels come back with convqa import-labels. --format csv and jsonl\n"
	  "write the same labels as CSV (RFC 4180) or one a line; --format trec-qrels\n"
	  "writes relevance labels as TREC qrels, qid <conversation>_<turn>, of one\n"
	  "rater (--rater NAME) or settled (--consensus HOW). --format label-studio\n"
	  "writes the items (of --round R) as Label Studio tasks and\n"
	  "label-studio-config the labeling config made from the scheme (--task, else\n"
	  "the round's, else turn); Label Studio's JSON export comes back with\n"
	  "convqa import-labels --format label-studio.",
	  opts, 0, 0, NULL },
	CMD_PROJECT | CMD_READONLY, NULL, check, run, NULL, &options,
	make_format_help,
};
