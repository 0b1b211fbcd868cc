/* cmd_export.c - convqa export: labels to JSON. */
#include <stdio.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/exporter.h"
#include "convqa/model.h"
#include "convqa/store.h"
#include "convqa/store_item.h"

int cmd_export(int argc, char **argv)
{
	static const char *format = "json", *output, *round, *rater, *task;
	static int history;
	static const struct cli_opt opts[] = {
		{ "format", 'f', "FORMAT", "output format: json (default)", &format, NULL },
		{ "output", 'o', "FILE", "write to FILE (atomically) instead of standard output", &output, NULL },
		{ "round", 0, "NAME", "only labels of this round", &round, NULL },
		{ "rater", 0, "NAME", "only labels of this rater", &rater, NULL },
		{ "task", 0, "TASK", "only labels of this task: turn, plausibility, faithfulness", &task, NULL },
		{ "history", 0, NULL, "every saved change (value null = cleared), not only current values",
		  NULL, &history },
		{ NULL, 0, NULL, NULL, NULL, NULL },
	};
	static const struct cli_spec spec = {
		"export", "[--db PATH] [options]", "Write labels as JSON (schemas/labels.schema.json).",
		"Each label names its conversation, turn position, system, rater, round,\n"
		"task, field and value (per-passage relevance also the passage id and rank),\n"
		"the active seconds spent and when it was saved.",
		opts, 0, 0,
	};
	char **args;
	int nargs;
	int rc = cli_parse(&spec, argc, argv, &args, &nargs);
	if (rc != CLI_RUN)
		return rc;
	enum model_task t;
	if (strcmp(format, "json") != 0) {
		cli_printf(stderr, "convqa export: unknown format '%s' (expected: json)\n", format);
		return ST_USAGE;
	}
	if (task && model_task_parse(task, &t) != 0) {
		cli_printf(stderr, "convqa export: unknown task '%s' (expected: turn, plausibility, faithfulness)\n", task);
		return ST_USAGE;
	}
	struct error err;
	struct store *s;
	if ((rc = cli_open_project(0, &s)) != ST_OK)
		return rc;
	struct store_label_filter f = { round, rater, task, history };
	enum status st = ST_OK;
	int64_t id;
	if (round)
		st = store_round_info(s, round, &id, NULL, NULL, &err);
	if (st == ST_OK && rater && (st = store_rater_find(s, rater, &id, &err)) == ST_OK && !id)
		st = error_set(&err, ST_INPUT, "no rater '%s' in the project", rater);
	struct cli_output out;
	if (st == ST_OK && (st = cli_output_open(&out, output, &err)) == ST_OK) {
		long n = 0;
		st = exporter_json(s, &f, store_path(s), out.fp, &n, &err);
		st = cli_output_close(&out, st, &err);
		if (st == ST_OK && out.path)
			cli_printf(stderr, "wrote %ld label%s to %s\n", n, n == 1 ? "" : "s", out.path);
	}
	if (st != ST_OK)
		report_error("%s", err.msg);
	store_close(s);
	return st;
}
