/* cmd_report.c - convqa report: accuracy, retrieval metrics, automatic
 * answer metrics, verdict counts, agreement and time, as text, JSON, CSV,
 * Markdown or HTML. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/access.h"
#include "convqa/cli.h"
#include "convqa/model.h"
#include "convqa/report.h"
#include "convqa/scheme.h"
#include "convqa/strbuf.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"

/* The copies of --task's and --compare's lists that o.schemes and
 * o.compare borrow from (report_parse_tasks(), report_parse_compare()). */
static char *task_copy, *compare_copy, *threshold_copy;

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
	free(compare_copy);
	compare_copy = NULL;
	free(threshold_copy);
	threshold_copy = NULL;
}

static const char *opt_round, *opt_task, *opt_by, *opt_k, *opt_raters, *opt_consensus, *opt_format = "text", *opt_output, *opt_beta, *opt_wage,
		  *opt_only, *opt_compare, *opt_test, *opt_alpha, *opt_correction, *opt_resamples, *opt_seed, *opt_metric, *opt_variant, *opt_fuzzy, *opt_threshold, *opt_reader_k;
static int opt_bleu_bp, opt_extended_gold;
static const struct cli_opt opts[] = {
	{ "round", 0, "NAME[,NAME]", "only labels of these rounds (default: every round and none)", &opt_round, NULL },
	{ "task", 't', "TASK", "turn, plausibility, faithfulness or a scheme of the project (a comma list; "
			       "default: all)", &opt_task, NULL },
	{ "by", 'b', "LIST", "breakdowns: turn,conversation,system,intent,rater,system-turn, all or none "
			     "(default: turn,system; html: turn,system,system-turn)", &opt_by, NULL },
	{ "k", 'k', "LIST", "cutoffs for HR@k, P@k, R@k, nDCG@k (default: 1,3,5,10)", &opt_k, NULL },
	{ "raters", 'r', "A,B", "only these raters' labels (default: all)", &opt_raters, NULL },
	{ "consensus", 0, "HOW", "none, majority, adjudicated, discard or rater:NAME (default: none, every judgement)",
	  &opt_consensus, NULL },
	{ "format", 'f', "FORMAT", "text (default), json, csv, md or html", &opt_format, NULL },
	{ "output", 'o', "FILE", "write to FILE (atomically) instead of standard output", &opt_output, NULL },
	{ "only", 0, "LIST", "sections: answers,retrieval,automatic,verdicts,schemes,agreement,controls,compare,time,preferences",
	  &opt_only, NULL },
	{ "bleu-bp", 0, NULL, "BLEU-1 with the brevity penalty", NULL, &opt_bleu_bp },
	{ "extended-gold", 0, NULL, "automatic: EM and F1 also against the gold extended by the answers judged "
				    "plausible (and faithful), as export --format gold-extension writes it", NULL,
	  &opt_extended_gold },
	{ "rouge-beta", 0, "B", "beta of the ROUGE-L F-measure (default 1; > 1 favours recall)", &opt_beta,
	  NULL },
	{ "wage", 0, "PER_HOUR", "add a cost column: rater hours x PER_HOUR", &opt_wage, NULL },
	{ "compare", 0, "A,B[,C...]", "compare these systems pair by pair on the items both answered (section "
				      "compare; alone unless --only names more)", &opt_compare, NULL },
	{ "metric", 0, "NAME", "compare: correctness (default: the field of role correctness), fuzzy, em, f1, "
			       "scai_em, bleu1, rouge1_r, rouge_l, mrr, map, hr@K, p@K, r@K, ndcg@K or score:NAME (imported)",
	  &opt_metric, NULL },
	{ "test", 0, "TEST", "compare: permutation (default), bootstrap or mcnemar", &opt_test, NULL },
	{ "alpha", 0, "A", "compare: significance level (default 0.05)", &opt_alpha, NULL },
	{ "correction", 0, "HOW", "compare: holm (default) or none, over the pairs", &opt_correction, NULL },
	{ "resamples", 0, "N", "compare: random sign flips or bootstrap resamples (default 10000)",
	  &opt_resamples, NULL },
	{ "seed", 0, "S", "compare: seed of the resampling (default 1)", &opt_seed, NULL },
	{ "variant", 0, "LIST", "metric variants beside the standard ones: seed001 (top-1 / top-k reader "
				"accuracy, has-answer subsets), seed003 (modified precision, nDCG with a 1/(i+1) "
				"discount, fuzzy fact inclusion)", &opt_variant, NULL },
	{ "reader-k", 0, "K", "seed001's top-k reader accuracy: the answer candidates it reads (default 5)",
	  &opt_reader_k, NULL },
	{ "fuzzy-threshold", 0, "T", "seed003's fuzzy fact inclusion: the least similarity, 0 to 1 (default 0.8)",
	  &opt_fuzzy, NULL },
	{ "threshold", 0, "NAME=T[,...]", "automatic: imported score NAME as a judgement (correct at T or above), its "
					  "kappa against each rater and the consensus (repeatable, or a comma list)",
	  &opt_threshold, NULL },
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

/* --compare and its options into o: alone it selects section compare;
 * its options without it, or an --only without compare, are refused. */
static int check_compare(void)
{
	struct error err;
	long n;
	const char *given = opt_test ? "--test" : opt_alpha ? "--alpha" : opt_correction ? "--correction" :
			    opt_resamples ? "--resamples" : opt_seed ? "--seed" : opt_metric ? "--metric" : NULL;
	if (!opt_compare) {
		if (!given && (o.sections & REPORT_SEC_COMPARE) && opt_only)
			given = "--only compare";
		if (given)
			cli_printf(stderr, "convqa report: %s goes with --compare A,B: name the systems to compare\n",
				   given);
		return given ? -1 : 0;
	}
	if (report_parse_compare(&o, opt_compare, &compare_copy, &err) != 0 ||
	    (opt_test && report_parse_test(&o, opt_test, &err) != 0) ||
	    (opt_correction && report_parse_correction(&o, opt_correction, &err) != 0) ||
	    (opt_metric && report_parse_metric(&o, opt_metric, &err) != 0)) {
		cli_printf(stderr, "convqa report: %s\n", err.msg);
		return -1;
	}
	if (opt_alpha && (parse_number(opt_alpha, 0, 1, &o.alpha) != 0 || o.alpha <= 0 || o.alpha >= 1)) {
		cli_printf(stderr, "convqa report: --alpha expects a number between 0 and 1, e.g. 0.05; got '%s'\n",
			   opt_alpha);
		return -1;
	}
	if (opt_resamples && parse_long(opt_resamples, 1, 10000000, &o.resamples) != 0) {
		cli_printf(stderr, "convqa report: --resamples expects a whole number from 1 to 10000000, got "
			   "'%s'\n", opt_resamples);
		return -1;
	}
	if (opt_seed && parse_long(opt_seed, 0, LONG_MAX, &n) != 0) {
		cli_printf(stderr, "convqa report: --seed expects a whole number >= 0, got '%s'\n", opt_seed);
		return -1;
	}
	if (opt_seed)
		o.seed = (uint64_t)n;
	if (!opt_only)
		o.sections = REPORT_SEC_COMPARE;
	else if (!(o.sections & REPORT_SEC_COMPARE)) {
		cli_printf(stderr, "convqa report: --compare builds the section compare: --only must name it\n");
		return -1;
	}
	return 0;
}

/* Every --threshold given (repeatable, each a comma list too) into o. */
static int parse_thresholds(struct report_options *ro, struct error *err)
{
	const char **v;
	size_t n = cli_option_values(&opt_threshold, &v);
	struct strbuf all = STRBUF_INIT;
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&all, "%s%s", i ? "," : "", v[i]);
	free(v);
	int rc = report_parse_thresholds(ro, strbuf_str(&all), &threshold_copy, err);
	strbuf_release(&all);
	return rc;
}

/* --variant and --fuzzy-threshold into o. */
static int check_variants(void)
{
	struct error err;
	if (opt_variant && report_parse_variants(&o, opt_variant, &err) != 0) {
		cli_printf(stderr, "convqa report: %s\n", err.msg);
		return -1;
	}
	if (opt_fuzzy && !(o.variants & REPORT_VARIANT_SEED003) && !(o.compare_metric &&
								      strcmp(o.compare_metric, "fuzzy") == 0)) {
		cli_printf(stderr, "convqa report: --fuzzy-threshold goes with --variant seed003 or --metric fuzzy\n");
		return -1;
	}
	if (opt_fuzzy && (parse_number(opt_fuzzy, 0, 1, &o.fuzzy_threshold) != 0 || o.fuzzy_threshold <= 0)) {
		cli_printf(stderr, "convqa report: --fuzzy-threshold expects a number above 0 and at most 1, e.g. "
			   "0.8; got '%s'\n", opt_fuzzy);
		return -1;
	}
	if (opt_reader_k && !(o.variants & REPORT_VARIANT_SEED001)) {
		cli_printf(stderr, "convqa report: --reader-k goes with --variant seed001\n");
		return -1;
	}
	if (opt_reader_k && parse_long(opt_reader_k, 1, 1000, &o.reader_k) != 0) {
		cli_printf(stderr, "convqa report: --reader-k expects a whole number from 1 to 1000, e.g. 5; got "
			   "'%s'\n", opt_reader_k);
		return -1;
	}
	return 0;
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
	if (fmt == REPORT_HTML && !opt_by)   /* its charts of each system by turn depth */
		o.by |= REPORT_BY_SYSTEM_TURN;
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
	if (opt_threshold && parse_thresholds(&o, &err) != 0) {
		cli_printf(stderr, "convqa report: %s\n", err.msg);
		return ST_USAGE;
	}
	if (opt_threshold && !(o.sections & REPORT_SEC_AUTOMATIC)) {
		cli_printf(stderr, "convqa report: --threshold adds to the section automatic: --only must name it\n");
		return ST_USAGE;
	}
	if (check_compare() != 0 || check_variants() != 0)
		return ST_USAGE;
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
	  "seconds per item per rater. Compare (--compare A,B[,C...], alone): each pair\n"
	  "of the systems on the turns both have a value for, the difference of the\n"
	  "means with a 95% interval, a paired permutation, bootstrap or McNemar test\n"
	  "and Holm's correction over the pairs. --variant seed003 adds the source\n"
	  "document's modified precision, nDCG with a 1/(i+1) discount and fuzzy fact\n"
	  "inclusion beside the standard metrics; --variant seed001 its top-1 and\n"
	  "top-k reader accuracy (the responses' answer candidates) and EM, F1 and\n"
	  "accuracy over the questions that have an answer. --threshold NAME=T turns an imported\n"
	  "score into a judgement of correctness and gives its kappa against each\n"
	  "rater and the consensus. Every figure carries its n; undefined\n"
	  "values say why. The conventions are printed with each section.",
	  opts, 0, 0, NULL },
	CMD_PROJECT | CMD_READONLY, NULL, check, cmd_report_run, cmd_report_release, &state, NULL,
};
