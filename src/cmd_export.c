/* cmd_export.c - convqa export: labels to JSON. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "convqa/cli.h"
#include "convqa/exporter.h"
#include "convqa/model.h"
#include "convqa/store.h"

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
		fprintf(stderr, "convqa export: unknown format '%s' (expected: json)\n", format);
		return ST_USAGE;
	}
	if (task && model_task_parse(task, &t) != 0) {
		fprintf(stderr, "convqa export: unknown task '%s' (expected: turn, plausibility, faithfulness)\n", task);
		return ST_USAGE;
	}
	struct error err;
	struct store *s;
	if ((rc = cli_open_project(0, &s)) != ST_OK)
		return rc;
	struct store_label_filter f = { round, rater, task, history };
	FILE *out = stdout;
	char *tmp = NULL;
	if (output) {
		tmp = xasprintf("%s.tmp.%ld", output, (long)getpid());
		out = fopen(tmp, "w");
		if (!out) {
			report_error("cannot write '%s': %s", output, strerror(errno));
			free(tmp);
			store_close(s);
			return ST_IO;
		}
	}
	long n = 0;
	enum status st = exporter_json(s, &f, store_path(s), out, &n, &err);
	if (output) {
		if (fclose(out) != 0 && st == ST_OK)
			st = error_set(&err, ST_IO, "cannot write '%s': %s", output, strerror(errno));
		if (st == ST_OK && rename(tmp, output) != 0)
			st = error_set(&err, ST_IO, "cannot write '%s': %s", output, strerror(errno));
		if (st != ST_OK)
			unlink(tmp);
		else
			fprintf(stderr, "wrote %ld labels to %s\n", n, output);
	} else if (fflush(stdout) != 0 && st == ST_OK) {
		st = error_set(&err, ST_IO, "cannot write labels: %s", strerror(errno));
	}
	if (st != ST_OK)
		report_error("%s", err.msg);
	free(tmp);
	store_close(s);
	return st;
}
