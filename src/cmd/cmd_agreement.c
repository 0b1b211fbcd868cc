/* cmd_agreement.c - convqa agreement: agreement between raters per label
 * field, with the confusion matrix of every rater pair. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/model.h"
#include "convqa/report.h"
#include "convqa/store.h"

static const char *const fields[] = { "intent", "answer_correct", "relevant", "plausibility", "faithfulness" };

static const char *opt_round, *opt_field, *opt_raters, *opt_weights, *opt_format = "text", *opt_output;
static const struct cli_opt opts[] = {
	{ "round", 0, "NAME", "only labels of this round (default: every round and none)", &opt_round, NULL },
	{ "field", 'F', "FIELD", "intent, answer_correct, relevant, plausibility or faithfulness "
				 "(default: all)", &opt_field, NULL },
	{ "raters", 'r', "A,B", "only these raters (default: all)", &opt_raters, NULL },
	{ "weights", 'w', "W", "weighted kappa for --field: linear or quadratic", &opt_weights, NULL },
	{ "format", 'f', "FORMAT", "text (default), json, csv or md", &opt_format, NULL },
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
	if (report_format_parse(opt_format, &fmt, &err) != 0) {
		cli_printf(stderr, "convqa agreement: %s\n", err.msg);
		return ST_USAGE;
	}
	if (opt_field) {
		size_t i = 0;
		while (i < ARRAY_SIZE(fields) && strcmp(fields[i], opt_field) != 0)
			i++;
		if (i == ARRAY_SIZE(fields)) {
			cli_printf(stderr, "convqa agreement: unknown field '%s' (expected: intent, answer_correct, "
					"relevant, plausibility, faithfulness)\n", opt_field);
			return ST_USAGE;
		}
		o.field = opt_field;
	}
	if (opt_weights) {
		if (strcmp(opt_weights, "linear") == 0)
			o.weighting = AGREEMENT_LINEAR;
		else if (strcmp(opt_weights, "quadratic") == 0)
			o.weighting = AGREEMENT_QUADRATIC;
		else {
			cli_printf(stderr, "convqa agreement: --weights expects linear or quadratic, got '%s'\n", opt_weights);
			return ST_USAGE;
		}
		if (!opt_field) {
			cli_printf(stderr, "convqa agreement: --weights needs --field: no field is declared ordinal, "
					"so name the one whose categories form a scale\n");
			return ST_USAGE;
		}
	}
	if (opt_raters && report_parse_raters(&o, opt_raters, &state.rater_copy, &err) != 0) {
		cli_printf(stderr, "convqa agreement: %s\n", err.msg);
		return ST_USAGE;
	}
	state.fmt = fmt;
	return CLI_RUN;
}

const struct cmd_entry cmd_agreement_entry = {
	{ "agreement", "[options]", "agreement between raters per label field",
	  "For every pair of raters: the units both labelled (an item; for relevant\n"
	  "one passage of an item), observed and chance agreement, Cohen's kappa\n"
	  "with a 95% interval, its Landis-Koch band and the confusion matrix. For\n"
	  "all raters: Fleiss' kappa (3 or more raters, the same number on every\n"
	  "unit) and Krippendorff's alpha (nominal). No field is ordinal; --weights\n"
	  "treats the categories of --field, in their declared order, as a scale.",
	  opts, 0, 0 },
	CMD_PROJECT, NULL, check, cmd_report_run, cmd_report_release, &state, NULL,
};
