/* cmd_label.c - convqa label: record one label from the command line
 * (for scripts and batch corrections; raters use convqa annotate). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/labelling.h"
#include "convqa/model.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"

static const char *opt_rater, *opt_round, *opt_task = "turn", *opt_conversation, *opt_turn, *opt_system, *opt_rank, *opt_seconds = "0";
static int opt_clear;
static const struct cli_opt opts[] = {
	{ "rater", 'r', "NAME", "who gives the label (default: $USER)", &opt_rater, NULL },
	{ "round", 0, "NAME", "the round the label belongs to (default: none)", &opt_round, NULL },
	{ "task", 't', "TASK", "turn (default), plausibility or faithfulness", &opt_task, NULL },
	{ "conversation", 'c', "ID", "conversation id (required)", &opt_conversation, NULL },
	{ "turn", 'n', "N", "turn position, 1-based (required)", &opt_turn, NULL },
	{ "system", 's', "NAME", "system whose response is judged (required)", &opt_system, NULL },
	{ "rank", 'k', "K", "passage rank, for per-passage fields (relevant)", &opt_rank, NULL },
	{ "seconds", 0, "S", "active seconds spent (default 0)", &opt_seconds, NULL },
	{ "clear", 0, NULL, "clear the field instead of setting a value", NULL, &opt_clear },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};
static enum model_task t;
static const struct model_field *f;
static long pos, k;
static double secs;

static int check(struct cmd_ctx *c)
{
	const char *rater = c->rater, *value = c->nargs > 1 ? c->args[1] : NULL;
	struct error err;
	char *end;
	if (model_task_parse(opt_task, &t) != 0 && cmd_scheme_in_project(opt_task)) {
		cli_printf(stderr, "convqa label: task '%s' is a label scheme of this project: labelling a scheme "
			   "of the project's own is not available yet (expected: turn, plausibility, faithfulness)\n",
			   opt_task);
		return ST_USAGE;
	}
	if (model_task_parse(opt_task, &t) != 0) {
		cli_printf(stderr, "convqa label: unknown task '%s' (expected: turn, plausibility, faithfulness)\n", opt_task);
		return ST_USAGE;
	}
	if (!(f = model_field_find(t, c->args[0]))) {
		struct strbuf fields = STRBUF_INIT, other = STRBUF_INIT;
		for (size_t i = 0; i < model_n_fields; i++) {
			const struct model_field *m = &model_fields[i];
			if (m->task == t)
				strbuf_addf(&fields, "%s%s", fields.len ? ", " : "", m->name);
			else if (strcmp(m->name, c->args[0]) == 0 && !other.len)
				strbuf_addf(&other, "; it is a field of task %s: give --task %s",
					    model_task_name(m->task), model_task_name(m->task));
		}
		cli_printf(stderr, "convqa label: task '%s' has no field '%s' (its fields: %s%s)\n", opt_task,
			   c->args[0], strbuf_str(&fields), strbuf_str(&other));
		strbuf_release(&fields);
		strbuf_release(&other);
		return ST_USAGE;
	}
	if (!opt_conversation || !opt_turn || !opt_system || !rater || !*rater) {
		cli_printf(stderr, "convqa label: --conversation, --turn, --system and --rater (or $USER) are required\n");
		return ST_USAGE;
	}
	if (parse_long(opt_turn, 1, INT_MAX, &pos) != 0) {
		cli_printf(stderr, "convqa label: --turn expects a position >= 1, got '%s'\n", opt_turn);
		return ST_USAGE;
	}
	if (f->per_passage != (opt_rank != NULL)) {
		cli_printf(stderr, "convqa label: field '%s' %s --rank\n", f->name, f->per_passage ? "needs" : "takes no");
		return ST_USAGE;
	}
	if (opt_rank && parse_long(opt_rank, 1, MODEL_RANK_MAX, &k) != 0) {
		cli_printf(stderr, "convqa label: --rank expects a rank from 1 to %d, got '%s'\n", MODEL_RANK_MAX, opt_rank);
		return ST_USAGE;
	}
	secs = strtod(opt_seconds, &end);
	if (!*opt_seconds || *end || !(secs >= 0 && secs < 1e9)) {
		cli_printf(stderr, "convqa label: --seconds expects a number >= 0, got '%s'\n", opt_seconds);
		return ST_USAGE;
	}
	if (opt_clear == (value != NULL)) {
		cli_printf(stderr, "convqa label: give %s\n", opt_clear ? "either a VALUE or --clear, not both"
									   : "a VALUE, or --clear to clear the field");
		return ST_USAGE;
	}
	if (labelling_rater_check(rater, &err) != ST_OK) {
		cli_printf(stderr, "convqa label: %s\n", err.msg);
		return ST_INPUT;
	}
	if (value && text_utf8_check(value, strlen(value)) != strlen(value)) {
		cli_printf(stderr, "convqa label: the value must be UTF-8 text\n");
		return ST_INPUT;
	}
	if (value && !model_value_valid(f, value)) {
		cli_printf(stderr, "convqa label: '%s' is not a value of %s", value, f->name);
		for (size_t i = 0; f->kind != FIELD_TEXT && i < f->n_values; i++) {
			if (f->kind == FIELD_BINARY)
				cli_printf(stderr, "%s%zu (%s)", i ? ", " : " (expected: ", i, f->values[i]);
			else
				cli_printf(stderr, "%s%s", i ? ", " : " (expected: ", f->values[i]);
		}
		cli_printf(stderr, ")\n");
		return ST_INPUT;
	}
	return CLI_RUN;
}

/* The item, then the session (rater, round: labelling.h), then the label. */
static int run(struct cmd_ctx *c)
{
	const char *value = c->nargs > 1 ? c->args[1] : NULL;
	struct labelling_request rq = {
		.rater = c->rater, .round = opt_round, .task = t, .task_given = 1,
		.task_rule = LABELLING_TASK_MUST_MATCH,
	};
	struct labelling_key key = { .field = f->name, .passage_rank = k };
	struct labelling l = { 0 };
	enum status st = labelling_item_find(c->store, opt_conversation, (int)pos, opt_system, k,
					     &key.response_id, &c->err);
	if (st == ST_OK)
		st = labelling_open(&l, c->store, &rq, &c->err);
	if (st == ST_OK)
		st = labelling_set(&l, &key, value, secs, &c->err);
	labelling_release(&l);
	return st;
}

const struct cmd_entry cmd_label_entry = {
	{ "label", "[options] FIELD [VALUE]", "record one label from the command line",
	  "FIELD is one of the task's fields: intent (extractive, abstractive, boolean),\n"
	  "answer_correct (0, 1), relevant (0, 1; needs --rank), extra_gold (a passage\n"
	  "id), note (text); plausibility (plausible, implausible, malformed);\n"
	  "faithfulness (faithful, unfaithful). The change is added to the label's\n"
	  "history in its own transaction.",
	  opts, 1, 2 },
	CMD_PROJECT | CMD_RATER, &opt_rater, check, run, NULL, NULL, NULL,
};
