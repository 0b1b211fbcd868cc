/* cmd_annotate.c - convqa annotate: the full-screen annotation UI. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/common.h"
#include "convqa/store.h"
#include "convqa/model.h"
#include "convqa/store_item.h"
#include "convqa/tui.h"

static int blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!strchr(" \t\r\n", s[i]))
			return 0;
	return 1;
}

int cmd_annotate(int argc, char **argv)
{
	const char *rater = NULL, *round = NULL, *task = NULL, *guidelines = NULL;
	int keys = 0;
	const struct cli_opt opts[] = {
		{ "rater", 'r', "NAME", "who labels (default: $USER)", &rater, NULL },
		{ "round", 0, "NAME", "label the items assigned to you in this round", &round, NULL },
		{ "task", 't', "TASK", "turn (default; with --round the round's), plausibility or faithfulness",
		  &task, NULL },
		{ "guidelines", 'g', "FILE", "annotation guidelines to show (default: the project's)",
		  &guidelines, NULL },
		{ "keys", 0, NULL, "print the key table (Markdown) and exit", NULL, &keys },
		{ NULL, 0, NULL, NULL, NULL, NULL },
	};
	const struct cli_spec spec = {
		"annotate", "[--rater NAME] [--round NAME] [--task TASK] [--guidelines FILE]",
		"Label items in a full-screen terminal UI.",
		"Takes the rater through their queue of items (one system's answer to one turn),\n"
		"starting at the first unfinished one. Every change is saved at once. Press ? in\n"
		"the UI for the keys, q to quit. Needs a terminal of at least 40x12.\n"
		"Scripted runs (tests): CONVQA_SCRIPT=FILE reads key names from FILE and draws\n"
		"to /dev/null; see the README section \"Annotating\".",
		opts, 0, 0,
	};
	double started = now_monotonic();
	char **args;
	int nargs;
	int rc = cli_parse(&spec, argc, argv, &args, &nargs);
	if (rc != CLI_RUN)
		return rc;
	struct error err;
	if (tui_check_tables(&err) != 0) {
		report_error("%s", err.msg);
		return ST_USAGE;
	}
	if (keys) {
		tui_print_keys(stdout);
		return ST_OK;
	}

	struct tui_options o = { 0 };
	o.started = started;
	o.task = TASK_TURN;
	if (task && model_task_parse(task, &o.task) != 0) {
		report_error("annotate: unknown task '%s' (turn, plausibility or faithfulness)", task);
		return ST_USAGE;
	}
	o.rater = rater ? rater : getenv("USER");
	if (!o.rater || !*o.rater) {
		report_error("annotate: who is labelling? give --rater NAME (or set $USER)");
		return ST_USAGE;
	}
	const char *why = model_rater_name_problem(o.rater);
	if (why) {
		report_error("annotate: %s (give --rater NAME)", why);
		return ST_INPUT;
	}
	char *guide_text = NULL;
	if (guidelines) {
		size_t len;
		if (read_file(guidelines, &guide_text, &len, &err) != ST_OK) {
			report_error("%s", err.msg);
			return err.status;
		}
		if (blank(guide_text, len)) {
			report_error("annotate: the guidelines file '%s' is empty", guidelines);
			free(guide_text);
			return ST_INPUT;
		}
		o.guidelines = guide_text;
	}
	const char *db = cli_db_path();
	const char *slash = strrchr(db, '/');
	o.project = slash ? slash + 1 : db;

	struct store *s;
	if ((rc = cli_open_project(0, &s)) != ST_OK) {
		free(guide_text);
		return rc;
	}
	enum status st = ST_OK;
	if (store_item_read_only(s))
		st = error_set(&err, ST_STORE, "annotate: the project '%s' is read-only: no label could be "
			       "saved (check the file's permissions)", db);
	if (st == ST_OK && round) {
		enum model_task round_task;
		int closed = 0;
		st = store_round_info(s, round, &o.round_id, &round_task, &closed, &err);
		if (st == ST_OK && closed)
			st = error_set(&err, ST_INPUT, "annotate: round '%s' is closed", round);
		else if (st == ST_OK && task && round_task != o.task)
			st = error_set(&err, ST_INPUT, "annotate: round '%s' is a %s round, not %s (leave out --task)",
				       round, model_task_name(round_task), task);
		o.task = round_task;
		o.round = round;
	}
	if (st == ST_OK)
		st = store_rater_ensure(s, o.rater, &o.rater_id, &err);
	if (st == ST_OK)
		st = tui_run(s, &o, &err);
	store_close(s);
	free(guide_text);
	if (st != ST_OK) {
		report_error("%s", err.msg);
		return st;
	}
	int sig = tui_caught_signal();
	if (sig) {
		/* die of the same signal, now that the terminal is restored */
		signal(sig, SIG_DFL);
		raise(sig);
		return 128 + sig;
	}
	return ST_OK;
}
