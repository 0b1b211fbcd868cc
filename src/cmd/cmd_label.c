/* cmd_label.c - convqa label: record one label from the command line
 * (for scripts and batch corrections; raters use convqa annotate). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/labelling.h"
#include "convqa/model.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"

static const char *opt_rater, *opt_round, *opt_task, *opt_conversation, *opt_turn, *opt_system, *opt_rank, *opt_seconds = "0";
static int opt_clear;
static const struct cli_opt opts[] = {
	{ "rater", 'r', "NAME", "who gives the label (default: $USER)", &opt_rater, NULL },
	{ "round", 0, "NAME", "the round the label belongs to, which assigns the item to the rater (default: none)",
	  &opt_round, NULL },
	{ "task", 't', "TASK", "turn, plausibility, faithfulness or a scheme of the project (default: turn, else "
			       "the one task whose scheme has FIELD)", &opt_task, NULL },
	{ "conversation", 'c', "ID", "conversation id (required)", &opt_conversation, NULL },
	{ "turn", 'n', "N", "turn position, 1-based (required)", &opt_turn, NULL },
	{ "system", 's', "NAME", "system whose response is judged (required)", &opt_system, NULL },
	{ "rank", 'k', "K", "passage rank, for passage fields (relevant)", &opt_rank, NULL },
	{ "seconds", 0, "S", "active seconds spent (default 0)", &opt_seconds, NULL },
	{ "clear", 0, NULL, "clear the field instead of setting a value", NULL, &opt_clear },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};
static struct scheme *scheme;      /* of --task, once known (a project's: in run) */
static const struct scheme_field *f;
static long pos, k;
static double secs;

/* Usage of the field and value with the scheme of --task: ST_OK, or the
 * code of the message printed. */
static int check_field(const char *field, const char *value)
{
	if (!(f = scheme_field_find(scheme, field))) {
		struct strbuf fields = STRBUF_INIT, other = STRBUF_INIT;
		for (size_t i = 0; i < scheme->n_fields; i++)
			strbuf_addf(&fields, "%s%s", i ? ", " : "", scheme->fields[i].name);
		for (size_t i = 0; i < scheme_builtin_count() && !other.len; i++) {
			struct scheme *b = NULL;
			struct error err;
			const char *name = scheme_builtin_name(i);
			if (strcmp(name, scheme->name) != 0 && scheme_builtin(name, &b, &err) == ST_OK && b &&
			    scheme_field_find(b, field))
				strbuf_addf(&other, "; it is a field of task %s: give --task %s", name, name);
			scheme_free(b);
		}
		cli_printf(stderr, "convqa label: task '%s' has no field '%s' (its fields: %s%s)\n", scheme->name,
			   field, strbuf_str(&fields), strbuf_str(&other));
		strbuf_release(&fields);
		strbuf_release(&other);
		return ST_INPUT;   /* a field the task does not have: bad input, as a value */
	}
	if ((f->unit == UNIT_PASSAGE) != (opt_rank != NULL)) {
		cli_printf(stderr, "convqa label: field '%s' %s --rank\n", f->name,
			   f->unit == UNIT_PASSAGE ? "needs" : "takes no");
		return ST_USAGE;
	}
	if (value && f->type != TYPE_TEXT && !scheme_category_find(f, value)) {
		cli_printf(stderr, "convqa label: '%s' is not a value of %s", value, f->name);
		for (size_t i = 0; i < f->n_categories; i++) {
			const struct scheme_category *cat = &f->categories[i];
			if (strcmp(cat->value, cat->label) != 0)
				cli_printf(stderr, "%s%s (%s)", i ? ", " : " (expected: ", cat->value, cat->label);
			else
				cli_printf(stderr, "%s%s", i ? ", " : " (expected: ", cat->value);
		}
		cli_printf(stderr, ")\n");
		return ST_INPUT;
	}
	return ST_OK;
}

/* The required options not given, by name: "convqa label: --turn and
 * --system are required (give -n N -s NAME)". */
static void missing(const char *rater)
{
	static const struct { const char *name, *give; } req[] = {
		{ "--conversation", "-c ID" }, { "--turn", "-n N" }, { "--system", "-s NAME" },
		{ "--rater (or $USER)", "-r NAME" },
	};
	const char *given[] = { opt_conversation, opt_turn, opt_system, rater && *rater ? rater : NULL };
	struct strbuf names = STRBUF_INIT, give = STRBUF_INIT;
	size_t n = 0, left = 0;
	for (size_t i = 0; i < sizeof(req) / sizeof(req[0]); i++)
		left += !given[i];
	for (size_t i = 0; i < sizeof(req) / sizeof(req[0]); i++) {
		if (given[i])
			continue;
		n++;
		strbuf_addf(&names, "%s%s", n == 1 ? "" : n == left ? " and " : ", ",
			    req[i].name);
		strbuf_addf(&give, "%s%s", n == 1 ? "" : " ", req[i].give);
	}
	cli_printf(stderr, "convqa label: %s %s required (give %s)\n", strbuf_str(&names), n == 1 ? "is" : "are",
		   strbuf_str(&give));
	strbuf_release(&names);
	strbuf_release(&give);
}

static int check(struct cmd_ctx *c)
{
	const char *rater = c->rater, *value = c->nargs > 1 ? c->args[1] : NULL;
	struct error err;
	char *end;
	int rc;
	/* a built-in task is checked here; a project's scheme once the project is
	 * open, and so is the task of a field turn lacks, without --task */
	if (scheme_find(NULL, opt_task ? opt_task : MODEL_DEFAULT_TASK, &scheme, &err) == ST_OK && scheme && !opt_task &&
	    !scheme_field_find(scheme, c->args[0])) {
		scheme_free(scheme);
		scheme = NULL;
	}
	if (scheme && (rc = check_field(c->args[0], NULL)) != ST_OK)
		return rc;
	if (!opt_conversation || !opt_turn || !opt_system || !rater || !*rater) {
		missing(rater);
		return ST_USAGE;
	}
	if (parse_long(opt_turn, 1, INT_MAX, &pos) != 0) {
		cli_printf(stderr, "convqa label: --turn expects a position >= 1, got '%s'\n", opt_turn);
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
	if (scheme && (rc = check_field(c->args[0], value)) != ST_OK)
		return rc;
	return CLI_RUN;
}

/* Without --task, for a field turn lacks: the one scheme that has it into
 * scheme (none: turn's, whose message lists its fields); several are
 * named, ST_INPUT. */
static int find_task(struct cmd_ctx *c, const char *field)
{
	struct strbuf names = STRBUF_INIT, with = STRBUF_INIT, give = STRBUF_INIT;
	size_t n = 0;
	enum status st = scheme_all_names(c->store, &names, &c->err);
	for (char *p = names.buf, *next; st == ST_OK && p && *p; p = next) {
		struct scheme *sc = NULL;
		if ((next = strstr(p, ", ")))
			*next = '\0', next += 2;
		st = scheme_find(c->store, p, &sc, &c->err);
		if (st == ST_OK && sc && scheme_field_find(sc, field)) {
			strbuf_addf(&with, "%s%s", n ? " and " : "", sc->name);
			strbuf_addf(&give, "%s--task %s", n ? " or " : "", sc->name);
			if (!n++) {
				scheme = sc;
				sc = NULL;
			}
		}
		scheme_free(sc);
	}
	if (st == ST_OK && n > 1)
		cli_printf(stderr, "convqa label: field '%s' is in tasks %s: give %s\n", field, strbuf_str(&with),
			   strbuf_str(&give));
	strbuf_release(&names);
	strbuf_release(&with);
	strbuf_release(&give);
	if (st != ST_OK || n > 1) {
		scheme_free(scheme);
		scheme = NULL;
		return st != ST_OK ? (int)st : ST_INPUT;
	}
	return n ? ST_OK : (int)scheme_load(c->store, MODEL_DEFAULT_TASK, &scheme, &c->err);
}

/* The scheme (a project's), the item, then the session (rater, round:
 * labelling.h), then the label. */
static int run(struct cmd_ctx *c)
{
	const char *value = c->nargs > 1 ? c->args[1] : NULL;
	enum status st = ST_OK;
	int rc;
	if (!scheme && !opt_task) {
		if ((rc = find_task(c, c->args[0])) != ST_OK)
			return rc;
		if ((rc = check_field(c->args[0], value)) != ST_OK)
			return rc;
	}
	if (!scheme) {
		st = scheme_load(c->store, opt_task, &scheme, &c->err);
		if (st == ST_INPUT) {
			cli_printf(stderr, "convqa label: %s\n", c->err.msg);
			c->err.msg[0] = '\0';
			return ST_INPUT;
		}
		if (st == ST_OK && (rc = check_field(c->args[0], value)) != ST_OK)
			return rc;
	}
	struct labelling_request rq = {
		.rater = c->rater, .round = opt_round, .task = scheme ? scheme->name : opt_task, .task_given = 1,
		.task_rule = LABELLING_TASK_MUST_MATCH,
	};
	struct labelling_key key = { .field = f ? f->name : NULL, .passage_rank = k };
	struct labelling l = { 0 };
	if (st == ST_OK)
		st = labelling_item_find(c->store, opt_conversation, (int)pos, opt_system, k, &key.response_id,
					 &c->err);
	if (st == ST_OK)
		st = labelling_open(&l, c->store, &rq, &c->err);
	if (st == ST_OK)
		st = labelling_set(&l, &key, value, secs, &c->err);
	labelling_release(&l);
	return st;
}

static void release(struct cmd_ctx *c)
{
	(void)c;
	scheme_free(scheme);
	scheme = NULL;
}

const struct cmd_entry cmd_label_entry = {
	{ "label", "[options] FIELD [VALUE]", "record one label from the command line",
	  "FIELD is one of the task's fields: intent (extractive, abstractive, boolean),\n"
	  "answer_correct (0, 1), relevant (0, 1; needs --rank), extra_gold (a passage\n"
	  "id), note (text); plausibility (plausible, implausible, malformed);\n"
	  "faithfulness (faithful, unfaithful); or a field of a scheme of the project\n"
	  "(--task NAME; convqa scheme show NAME lists its values). A label judges its\n"
	  "field's unit: intent the turn, relevant the passage in every response of\n"
	  "the turn that retrieved it, the others this response. The change is added\n"
	  "to the label's history in its own transaction.",
	  opts, 1, 2, NULL },
	CMD_PROJECT | CMD_RATER, &opt_rater, check, run, release, NULL, NULL,
};
