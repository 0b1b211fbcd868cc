/* cmd_agreement.c - convqa agreement: agreement between raters per label
 * field, with the confusion matrix of every rater pair. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/model.h"
#include "convqa/report.h"
#include "convqa/store.h"

static const char *opt_round, *opt_field, *opt_raters, *opt_weights, *opt_format = "text", *opt_output;
static const struct cli_opt opts[] = {
	{ "round", 0, "NAME[,NAME]", "only labels of these rounds (default: every round and none)", &opt_round, NULL },
	{ "field", 'F', "FIELD", "a field with categories: intent, answer_correct, relevant, plausibility, "
				 "faithfulness, or one of a project scheme (FIELD or SCHEME/FIELD; default: all)",
	  &opt_field, NULL },
	{ "raters", 'r', "A,B", "only these raters (default: all)", &opt_raters, NULL },
	{ "weights", 'w', "W", "Cohen's kappa weights: none, linear or quadratic (default: linear for ordinal "
			       "fields, none for the others; with --field, for that field)", &opt_weights, NULL },
	{ "format", 'f', "FORMAT", "text (default), json, csv, md or html", &opt_format, NULL },
	{ "output", 'o', "FILE", "write to FILE (atomically) instead of standard output", &opt_output, NULL },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};
static struct report_options o;
static struct report_cmd state = { "agreement", &opt_output, &o, 0, NULL };

static int check(struct cmd_ctx *c)
{
	struct error err;
	enum report_format fmt;
	report_options_init(&o);
	o.round = opt_round;
	o.sections = REPORT_SEC_AGREEMENT;
	o.confusion = 1;
	o.field = opt_field;   /* the project's schemes say which fields there are */
	if (report_format_parse(opt_format, &fmt, &err) != 0 ||
	    (opt_weights && report_parse_weights(&o, opt_weights, &err) != 0) ||
	    (opt_raters && report_parse_raters(&o, opt_raters, &state.rater_copy, &err) != 0)) {
		cli_printf(stderr, "convqa agreement: %s\n", err.msg);
		return ST_USAGE;
	}
	state.fmt = fmt;
	return CLI_RUN;
}

const struct cmd_entry cmd_agreement_entry = {
	{ "agreement", "[options]", "agreement between raters per label field",
	  "For every field with categories of the schemes (built-in and the project's)\n"
	  "and every pair of raters: the units both labelled, each counted once (an\n"
	  "item; for intent the turn; for relevant one passage of a turn, pooled over\n"
	  "the systems that retrieved it), observed and chance agreement, Cohen's\n"
	  "kappa with a 95% interval, its Landis-Koch band and the confusion matrix.\n"
	  "For all raters: Fleiss' kappa (3 or more raters, the same number on every\n"
	  "unit) and Krippendorff's alpha (nominal; for ordinal fields also ordinal).\n"
	  "Ordinal fields have linearly weighted kappa; --weights sets the weights of\n"
	  "the ordinal fields, or with --field treats that field's categories, in\n"
	  "their declared order, as a scale.",
	  opts, 0, 0, NULL },
	CMD_PROJECT | CMD_READONLY, NULL, check, cmd_report_run, cmd_report_release, &state, NULL,
};
