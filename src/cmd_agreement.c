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

int cmd_agreement(int argc, char **argv)
{
	static const char *round, *field, *raters, *weights, *format = "text", *output;
	static const struct cli_opt opts[] = {
		{ "round", 0, "NAME", "only labels of this round (default: every round and none)", &round, NULL },
		{ "field", 'F', "FIELD", "intent, answer_correct, relevant, plausibility or faithfulness "
					 "(default: all)", &field, NULL },
		{ "raters", 'r', "A,B", "only these raters (default: all)", &raters, NULL },
		{ "weights", 'w', "W", "weighted kappa for --field: linear or quadratic", &weights, NULL },
		{ "format", 'f', "FORMAT", "text (default), json, csv or md", &format, NULL },
		{ "output", 'o', "FILE", "write to FILE (atomically) instead of standard output", &output, NULL },
		{ NULL, 0, NULL, NULL, NULL, NULL },
	};
	static const struct cli_spec spec = {
		"agreement", "[options]", "Show how far raters agree, per label field.",
		"For every pair of raters: the units both labelled (an item; for relevant\n"
		"one passage of an item), observed and chance agreement, Cohen's kappa\n"
		"with a 95% interval, its Landis-Koch band and the confusion matrix. For\n"
		"all raters: Fleiss' kappa (3 or more raters, the same number on every\n"
		"unit) and Krippendorff's alpha (nominal). No field is ordinal; --weights\n"
		"treats the categories of --field, in their declared order, as a scale.",
		opts, 0, 0,
	};
	char **args, *rater_copy = NULL;
	int nargs;
	int rc = cli_parse(&spec, argc, argv, &args, &nargs);
	if (rc != CLI_RUN)
		return rc;

	struct report_options o;
	struct error err;
	enum report_format fmt;
	report_options_init(&o);
	o.round = round;
	o.sections = REPORT_SEC_AGREEMENT;
	o.confusion = 1;
	if (report_format_parse(format, &fmt) != 0) {
		cli_printf(stderr, "convqa agreement: unknown format '%s' (expected: text, json, csv, md)\n", format);
		return ST_USAGE;
	}
	if (field) {
		size_t i = 0;
		while (i < ARRAY_SIZE(fields) && strcmp(fields[i], field) != 0)
			i++;
		if (i == ARRAY_SIZE(fields)) {
			cli_printf(stderr, "convqa agreement: unknown field '%s' (expected: intent, answer_correct, "
					"relevant, plausibility, faithfulness)\n", field);
			return ST_USAGE;
		}
		o.field = field;
	}
	if (weights) {
		if (strcmp(weights, "linear") == 0)
			o.weighting = AGREEMENT_LINEAR;
		else if (strcmp(weights, "quadratic") == 0)
			o.weighting = AGREEMENT_QUADRATIC;
		else {
			cli_printf(stderr, "convqa agreement: --weights expects linear or quadratic, got '%s'\n", weights);
			return ST_USAGE;
		}
		if (!field) {
			cli_printf(stderr, "convqa agreement: --weights needs --field: no field is declared ordinal, "
					"so name the one whose categories form a scale\n");
			return ST_USAGE;
		}
	}
	if (raters && report_parse_raters(&o, raters, &rater_copy, &err) != 0) {
		cli_printf(stderr, "convqa agreement: %s\n", err.msg);
		free(rater_copy);
		return ST_USAGE;
	}

	rc = cmd_report_run("agreement", &o, fmt, output);
	free(rater_copy);
	return rc;
}
