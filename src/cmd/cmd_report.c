/* cmd_report.c - convqa report: accuracy, retrieval metrics, automatic
 * answer metrics, verdict counts, agreement and time, as text, JSON, CSV,
 * Markdown or HTML. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/access.h"
#include "convqa/cli.h"
#include "convqa/model.h"
#include "convqa/report.h"
#include "convqa/scheme.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"

/* The copy of --task's list that o.schemes borrows from (report_parse_tasks()). */
static char *task_copy;

int cmd_report_run(struct cmd_ctx *c)
{
	struct report_cmd *rc = c->data;
	struct report_options *o = rc->o;
	struct report *r = NULL;
	char *blind = NULL;
	o->command = rc->name;
	o->project = store_path(c->store);
	/* a rater bound to this account sees only their own labels of open rounds */
	enum status st = access_blind_rater(c->store, &blind, &c->err);
	if (st != ST_OK)
		return st;
	o->blind_for = blind;
	st = report_build(c->store, o, &r, &c->err);
	if (st == ST_OK && getenv("CONVQA_TIMING")) {
		char t[512];
		report_timings(r, t, sizeof(t));
		cli_printf(stderr, "convqa %s: %s\n", rc->name, t);
	}
	struct cli_output out;
	if (st == ST_OK && (st = cli_output_open(&out, *rc->output, &c->err)) == ST_OK) {
		st = report_write(r, (enum report_format)rc->fmt, out.fp, &c->err);
		st = cli_output_close(&out, st, &c->err);
		if (st == ST_OK && out.path)
			cli_printf(stderr, "wrote the %s to %s\n",
				strcmp(rc->name, "report") == 0 ? "report" : "agreement report", out.path);
	}
	report_free(r);
	o->blind_for = NULL;
	free(blind);
	return st;
}

void cmd_report_release(struct cmd_ctx *c)
{
	struct report_cmd *rc = c->data;
	free(rc->rater_copy);
	rc->rater_copy = NULL;
	free(task_copy);
	task_copy = NULL;
}

static const char *opt_round, *opt_task, *opt_by, *opt_k, *opt_raters, *opt_consensus, *opt_format = "text", *opt_output, *opt_beta, *opt_wage,
		  *opt_only;
static int opt_bleu_bp, opt_extended_gold;
static const struct cli_opt opts[] = {
	{ "round", 0, "NAME[,NAME]", "only labels of these rounds (default: every round and none)", &opt_round, NULL },
	{ "task", 't', "TASK", "turn, plausibility, faithfulness or a scheme of the project (a comma list; "
			       "default: all)", &opt_task, NULL },
	{ "by", 'b', "LIST", "breakdowns: turn,conversation,system,intent,rater, all or none "
			     "(default: turn,system)", &opt_by, NULL },
	{ "k", 'k', "LIST", "cutoffs for HR@k, P@k, R@k, nDCG@k (default: 1,3,5,10)", &opt_k, NULL },
	{ "raters", 'r', "A,B", "only these raters' labels (default: all)", &opt_raters, NULL },
	{ "consensus", 0, "HOW", "none, majority, adjudicated, discard or rater:NAME (default: none, every judgement)",
	  &opt_consensus, NULL },
	{ "format", 'f', "FORMAT", "text (default), json, csv, md or html", &opt_format, NULL },
	{ "output", 'o', "FILE", "write to FILE (atomically) instead of standard output", &opt_output, NULL },
	{ "only", 0, "LIST", "sections: answers,retrieval,automatic,verdicts,schemes,agreement,controls,time",
	  &opt_only, NULL },
	{ "bleu-bp", 0, NULL, "BLEU-1 with the brevity penalty", NULL, &opt_bleu_bp },
	{ "extended-gold", 0, NULL, "automatic: EM and F1 also against the gold extended by the answers judged "
				    "plausible (and faithful), as export --format gold-extension writes it", NULL,
	  &opt_extended_gold },
	{ "rouge-beta", 0, "B", "beta of the ROUGE-L F-measure (default 1; > 1 favours recall)", &opt_beta,
	  NULL },
	{ "wage", 0, "PER_HOUR", "add a cost column: rater hours x PER_HOUR", &opt_wage, NULL },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};
static struct report_options o;
static struct report_cmd state = { "report", &opt_output, &o, 0, NULL };

/* The built-in tasks --extended-gold reads (bits): the turn task's answers
 * and the tasks with a field of role plausibility or faithfulness. */
static unsigned extended_gold_tasks(void)
{
	unsigned tasks = 1u << TASK_TURN;
	for (int t = 0; t < TASK__COUNT; t++) {
		struct scheme *sch = NULL;
		struct error err;
		if (scheme_builtin(model_task_name((enum model_task)t), &sch, &err) == ST_OK &&
		    (scheme_field_by_role(sch, SROLE_PLAUSIBILITY) || scheme_field_by_role(sch, SROLE_FAITHFULNESS)))
			tasks |= 1u << t;
		scheme_free(sch);
	}
	return tasks;
}

static int check(struct cmd_ctx *c)
{
	struct error err;
	enum report_format fmt;
	report_options_init(&o);
	o.round = opt_round;
	o.bleu_bp = opt_bleu_bp;
	if (report_format_parse(opt_format, &fmt, &err) != 0) {
		cli_printf(stderr, "convqa report: %s\n", err.msg);
		return ST_USAGE;
	}
	if ((opt_task && report_parse_tasks(&o, opt_task, &task_copy, &err) != 0) ||
	    (opt_only && report_parse_sections(&o, opt_only, &err) != 0) ||
	    (opt_by && report_parse_by(&o, opt_by, &err) != 0) || (opt_k && report_parse_k(&o, opt_k, &err) != 0) ||
	    (opt_consensus && report_parse_consensus(&o, opt_consensus, &err) != 0) ||
	    (opt_raters && report_parse_raters(&o, opt_raters, &state.rater_copy, &err) != 0)) {
		cli_printf(stderr, "convqa report: %s\n", err.msg);
		return ST_USAGE;
	}
	if (opt_beta && parse_number(opt_beta, 0, 1000, &o.rouge_beta) != 0) {
		cli_printf(stderr, "convqa report: --rouge-beta expects a number from 0 to 1000, got '%s'\n", opt_beta);
		return ST_USAGE;
	}
	if (opt_wage && parse_number(opt_wage, 0, 1e9, &o.wage) != 0) {
		cli_printf(stderr, "convqa report: --wage expects a number >= 0, got '%s'\n", opt_wage);
		return ST_USAGE;
	}
	o.has_wage = opt_wage != NULL;
	o.extended_gold = opt_extended_gold;
	unsigned verdicts = extended_gold_tasks();
	if (opt_extended_gold && (o.tasks || o.n_schemes) && (o.tasks & verdicts) != verdicts) {
		cli_printf(stderr, "convqa report: --extended-gold scores the turn task's answers against the "
			   "plausibility and faithfulness verdicts: --task must name turn, plausibility and "
			   "faithfulness (or leave --task out)\n");
		return ST_USAGE;
	}
	if (opt_extended_gold && !(o.sections & REPORT_SEC_AUTOMATIC)) {
		cli_printf(stderr, "convqa report: --extended-gold adds to the section automatic: --only must "
			   "name it\n");
		return ST_USAGE;
	}
	state.fmt = fmt;
	return CLI_RUN;
}

const struct cmd_entry cmd_report_entry = {
	{ "report", "[options]", "accuracy, retrieval metrics, agreement and time from the labels",
	  "Answers: accuracy of answer_correct with a 95% Wilson interval. Retrieval:\n"
	  "HR@k, MRR, P@k, R@k, MAP and nDCG@k from the per-passage relevant labels\n"
	  "(R = gold passages + passages judged relevant or named extra_gold for the\n"
	  "turn, retrieved or not). Automatic: EM, F1, SCAI EM, BLEU-1, ROUGE-1 R,\n"
	  "ROUGE-L against the gold answers, and their correlation with answer_correct\n"
	  "(with --extended-gold, EM and F1 also against the gold extended by the\n"
	  "answers judged plausible and faithful).\n"
	  "Verdicts: plausibility and faithfulness counts per system. Schemes: per\n"
	  "scheme of the project, the categories of each field per system (ordinal\n"
	  "fields: mean and median position, 1 = lowest). Agreement: Cohen's kappa per\n"
	  "rater pair, Fleiss' kappa, Krippendorff's alpha, over the units the fields\n"
	  "judge (a turn, a passage pooled over the systems, a response). Time:\n"
	  "seconds per item per rater. Every figure carries its n; undefined values say\n"
	  "why. The conventions are printed with each section.",
	  opts, 0, 0, NULL },
	CMD_PROJECT | CMD_READONLY, NULL, check, cmd_report_run, cmd_report_release, &state, NULL,
};
