/* cmd_annotate.c - convqa annotate: the full-screen annotation UI. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/common.h"
#include "convqa/labelling.h"
#include "convqa/lock.h"
#include "convqa/model.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/store_item.h"
#include "convqa/text.h"
#include "convqa/tui.h"

/* The rater's labelling session (labelling.h): the round, the round's task
 * (a --task that differs is refused), the rater's row. A refusal by one of
 * its rules is annotate's own message. */
static enum status open_session(struct labelling *l, struct store *s, struct tui_options *o,
				const char *opt_task, struct error *err)
{
	struct labelling_request rq = {
		.rater = o->rater, .round = o->round, .task = opt_task, .task_given = opt_task != NULL,
		.task_rule = LABELLING_TASK_OF_ROUND,
	};
	enum status st = labelling_open(l, s, &rq, err);
	if (st != ST_OK && l->refused != LABELLING_NOT_REFUSED) {
		char msg[sizeof(err->msg)];
		snprintf(msg, sizeof(msg), "%s", err->msg);
		return error_set(err, st, "annotate: %s", msg);
	}
	/* checked: the rater's row, which the UI records what it shows against */
	if (st == ST_OK)
		st = labelling_rater_add(l, err);
	if (st != ST_OK)
		return st;
	o->rater_id = l->rater_id;
	o->round_id = l->round_id;
	o->scheme = l->scheme;
	o->show_systems |= (l->scheme->shows & SHOW_SYSTEMS) != 0;   /* a study that is not blind */
	o->labelling = l;
	return st;
}

/* The checks and the session once the project is open: writable, the
 * rater's lock, the labelling session; then the UI. */
static enum status annotate(struct store *s, struct tui_options *o, const char *opt_task, struct error *err)
{
	const char *db = cli_db_path();
	struct lock lock = { -1, 0 };
	struct labelling l = { 0 };
	enum status st = ST_OK;
	if (store_item_read_only(s))
		st = error_set(err, ST_STORE, "annotate: the project '%s' is read-only: no label could be "
			       "saved (check the file's permissions)", db);
	if (st == ST_OK)
		st = cli_lock_rater(&lock, db, o->rater, "annotate", err);
	if (st == ST_OK)
		st = open_session(&l, s, o, opt_task, err);
	if (st == ST_OK)
		st = tui_run(s, o, err);
	/* refused (no terminal, no items), or nothing saved (a mistyped name
	 * looked at and left): no rater added; one who saved is kept */
	labelling_rater_withdraw(&l);
	o->labelling = NULL;
	labelling_release(&l);
	lock_release(&lock);
	return st;
}

static const char *opt_rater, *opt_round, *opt_task, *opt_guidelines;
static int opt_keys, opt_show_systems, opt_auto_advance;

/* --keys: the key table of the task's scheme (--task, default turn; store
 * NULL: the built-ins only). */
static enum status print_keys(struct store *store, struct error *err)
{
	struct scheme *sc;
	enum status st = scheme_load(store, opt_task ? opt_task : MODEL_DEFAULT_TASK, &sc, err);
	if (st != ST_OK) {
		char msg[sizeof(err->msg)];
		snprintf(msg, sizeof(msg), "%s", err->msg);
		return error_set(err, st, "annotate: %s", msg);
	}
	tui_print_keys(stdout, sc);
	scheme_free(sc);
	return ST_OK;
}

static const struct cli_opt opts[] = {
	{ "rater", 'r', "NAME", "who labels (default: $USER)", &opt_rater, NULL },
	{ "round", 0, "NAME", "label the items assigned to you in this round", &opt_round, NULL },
	{ "task", 't', "TASK", "turn (default; with --round the round's), plausibility, faithfulness or "
	  "a scheme of the project",
	  &opt_task, NULL },
	{ "guidelines", 'g', "FILE", "annotation guidelines to show (default: the project's)",
	  &opt_guidelines, NULL },
	{ "show-systems", 0, NULL, "head each answer with its system's name and show the passages' retrieval scores "
	  "(default: blind, \"Answer 2 of 3\" and ranks only, unless the scheme shows systems)",
	  NULL, &opt_show_systems },
	{ "auto-advance", 0, NULL, "when a change finishes the item shown, go to the next unfinished item "
	  "(A turns it on and off)", NULL, &opt_auto_advance },
	{ "keys", 0, NULL, "print the key table (Markdown) of the task's scheme and exit", NULL, &opt_keys },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};
/* --keys: a built-in scheme's table at once, without a project; a scheme
 * of the project's own in run(). */
static int check_keys(void)
{
	struct error err;
	if (opt_task && !scheme_is_builtin(opt_task))
		return CLI_RUN;
	enum status st = print_keys(NULL, &err);
	if (st != ST_OK)
		report_error("%s", err.msg);
	return st;
}

static struct tui_options o;
static char *guide_text;

static int check(struct cmd_ctx *c)
{
	struct error err;
	o.started = now_monotonic();
	if (cli_session_check() != ST_OK)
		return ST_USAGE;
	if (opt_task && scheme_name_problem(opt_task)) {
		report_error("annotate: unknown task '%s' (turn, plausibility, faithfulness or a scheme of the "
			     "project: convqa scheme list)", opt_task);
		return ST_USAGE;
	}
	if (opt_keys)
		return check_keys();
	o.rater = c->rater;
	int rc = cli_session_rater("annotate", "who is labelling?", o.rater);
	if (rc != ST_OK)
		return rc;
	if (opt_guidelines) {
		size_t len;
		if (read_file(opt_guidelines, &guide_text, &len, &err) != ST_OK) {
			report_error("%s", err.msg);
			return err.status;
		}
		if (text_blank(guide_text, len)) {
			report_error("annotate: the guidelines file '%s' is empty", opt_guidelines);
			return ST_INPUT;
		}
		o.guidelines = guide_text;
	}
	o.project = cli_db_name();
	o.round = opt_round;
	o.show_systems = opt_show_systems;
	o.auto_advance = opt_auto_advance;
	return CLI_RUN;
}

static int run(struct cmd_ctx *c)
{
	if (opt_keys)
		return print_keys(c->store, &c->err);
	enum status st = annotate(c->store, &o, opt_task, &c->err);
	return cli_session_end(c, st, tui_caught_signal());
}

static void release(struct cmd_ctx *c)
{
	free(guide_text);
	guide_text = NULL;
}

const struct cmd_entry cmd_annotate_entry = {
	{ "annotate", "[--rater NAME] [--round NAME] [--task TASK] [--guidelines FILE] [--show-systems] "
	  "[--auto-advance]",
	  "label items in a full-screen terminal UI",
	  "Takes the rater through their queue of items (one system's answer to one turn),\n"
	  "starting at the first unfinished one. Every change is saved at once. Press ? in\n"
	  "the UI for the keys, q to quit. Needs a terminal of at least 40x12. A rater has\n"
	  "one session per project at a time: a second one is refused (exit status 3).\n"
	  "Scripted runs (tests): CONVQA_SCRIPT=FILE reads key names from FILE and draws\n"
	  "to /dev/null; see docs/annotating.md (\"Scripted runs\").",
	  opts, 0, 0, NULL },
	CMD_PROJECT | CMD_RATER, &opt_rater, check, run, release, NULL, NULL,
};
