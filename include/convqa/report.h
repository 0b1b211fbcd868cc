/*
 * report.h - turn the labels of a project into tables: answer accuracy,
 * retrieval metrics, automatic answer metrics and their correlation with
 * people, plausibility / faithfulness counts, time per item, agreement
 * between raters, and paired tests between systems (--compare); and write
 * those tables as text, JSON, CSV or Markdown.
 *
 *   struct report_options o;
 *   report_options_init(&o);             // defaults: every round and task, ...
 *   o.consensus = REPORT_CONSENSUS_MAJORITY;
 *   struct report *r;
 *   if (report_build(store, &o, &r, &err) == ST_OK) {
 *       report_write(r, REPORT_TEXT, stdout, &err);
 *       report_free(r);
 *   }
 *
 * Labels judge units (scheme.h): a label row applies to every item of its
 * unit - a turn's to every response of the turn, a passage's to every
 * response of the turn that retrieved the passage (pooling), an answer's to
 * the responses of the turn with the same normalised answer - and the
 * latest row of a unit is its value, wherever it was given. Agreement
 * counts each unit once. Fields and categories come from the schemes: the
 * built-in ones and the project's own (a section per project scheme).
 *
 * Building reads the project in a handful of one-pass scans (store_report.h)
 * and computes every figure with metrics.h and agreement.h; the result is a
 * plain document of sections and tables (every figure with its n, undefined
 * values with their reason) that the writers render without further
 * arithmetic, so the four formats always agree. Conventions (which labels
 * count, what R is, ...) are stated in the report itself and in the
 * manual's docs/metrics.md.
 */
#ifndef CONVQA_REPORT_H
#define CONVQA_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "convqa/agreement.h"
#include "convqa/common.h"

struct store;
struct report;

/* Which labels make up the values the metrics are computed on. */
enum report_consensus {
	REPORT_CONSENSUS_NONE,        /* every rater's judgement counts (unit: item x rater) */
	REPORT_CONSENSUS_MAJORITY,    /* the most frequent value; a tie = no consensus */
	REPORT_CONSENSUS_ADJUDICATED, /* an adjudicator's value, else the raters' unanimous one */
	REPORT_CONSENSUS_RATER,       /* one rater's labels (consensus_rater) */
	REPORT_CONSENSUS_DISCARD,     /* the raters' value where they all agree; units with any
				       * disagreement are left out (and counted) */
};

/* Breakdowns of the answer, retrieval and verdict tables (bit mask). */
enum report_by {
	REPORT_BY_TURN = 1,           /* turn depth 1, 2, 3, ... */
	REPORT_BY_CONVERSATION = 2,
	REPORT_BY_SYSTEM = 4,
	REPORT_BY_INTENT = 8,
	REPORT_BY_RATER = 16,         /* only without a consensus */
	REPORT_BY_SYSTEM_TURN = 32,   /* each system at each turn depth ("SYSTEM / DEPTH"); not in "all";
				       * the default of the HTML report */
};

/* Sections (bit mask). */
enum report_section {
	REPORT_SEC_ANSWERS = 1,       /* accuracy of answer_correct */
	REPORT_SEC_RETRIEVAL = 2,     /* HR@k, MRR, P@k, R@k, MAP, nDCG@k */
	REPORT_SEC_AUTOMATIC = 4,     /* EM, F1, SCAI EM, BLEU-1, ROUGE vs gold; correlation */
	REPORT_SEC_VERDICTS = 8,      /* plausibility / faithfulness counts per system */
	REPORT_SEC_TIME = 16,         /* seconds per item per rater and task */
	REPORT_SEC_AGREEMENT = 32,    /* kappa, Fleiss, alpha per field */
	REPORT_SEC_SCHEMES = 64,      /* per project scheme: categories per system */
	REPORT_SEC_CONTROLS = 128,    /* with --round: each rater on the round's control items */
	REPORT_SEC_COMPARE = 256,     /* with --compare: paired tests between systems */
	REPORT_SEC_PREFERENCES = 512, /* pairwise rounds: wins, ties, losses per pair of systems */
	REPORT_SEC_ALL = 1023,
};

/* --variant: metric variants of the source documents (metrics_variants.h). */
enum report_variant {
	REPORT_VARIANT_SEED003 = 1,   /* modified precision, nDCG 1/(i+1) (retrieval); fuzzy
				       * fact inclusion (automatic) */
	REPORT_VARIANT_SEED001 = 2,   /* top-1 / top-k reader accuracy, has-answer subsets
				       * (automatic) */
};

/* The paired test of --compare (metrics_compare.h). */
enum report_test { REPORT_TEST_PERMUTATION, REPORT_TEST_BOOTSTRAP, REPORT_TEST_MCNEMAR };

#define REPORT_MAX_K 16
#define REPORT_MAX_RATERS 64
#define REPORT_MAX_SCHEMES 16
#define REPORT_MAX_ROUNDS 16
#define REPORT_MAX_COMPARE 16
#define REPORT_MAX_THRESHOLDS 16

struct report_options {
	const char *round;            /* NULL: every round and labels outside rounds; else a
					 round's name, or names "r1,r2" (at most REPORT_MAX_ROUNDS) */
	/* the tasks: built-in ones as a mask of 1 << TASK_* (model.h), the
	 * project's schemes by name; none of either = every task */
	unsigned tasks;
	const char *schemes[REPORT_MAX_SCHEMES];
	size_t n_schemes;
	unsigned by;                  /* REPORT_BY_* mask */
	unsigned sections;            /* REPORT_SEC_* mask */
	size_t k[REPORT_MAX_K];       /* cutoffs for HR, P, R, nDCG, ascending */
	size_t n_k;
	const char *raters[REPORT_MAX_RATERS];  /* only these raters; none = all */
	size_t n_raters;
	enum report_consensus consensus;
	const char *consensus_rater;  /* for REPORT_CONSENSUS_RATER */
	int bleu_bp;                  /* BLEU-1 with brevity penalty */
	double rouge_beta;            /* ROUGE-L F beta (1) */
	int extended_gold;            /* automatic: EM and F1 against the gold extended by
					 the answers judged plausible (and faithful) */
	int has_wage;
	double wage;                  /* cost per hour of rater time */
	/* agreement */
	const char *field;            /* NULL: every field; else only this one:
					 FIELD, or SCHEME/FIELD for a project scheme's */
	/* Cohen's kappa of an ordinal field is weighted linearly, the others'
	 * unweighted; with weights_given, weighting is used instead for field
	 * (whatever its type), or without a field for every ordinal field */
	int weights_given;
	enum agreement_weighting weighting;
	int confusion;                /* include confusion matrices */
	/* compare (section compare): each pair of these systems on the items
	 * both have a value of the metric for */
	const char *compare[REPORT_MAX_COMPARE];   /* system names, n_compare >= 2 */
	size_t n_compare;
	const char *compare_metric;   /* NULL or "correctness": the field of role correctness;
					 a role name, or an automatic metric (report_parse_metric()) */
	enum report_test test;        /* permutation (default), bootstrap, mcnemar */
	double alpha;                 /* significance level (0.05) */
	int no_correction;            /* 0: Holm over the pairs; 1: --correction none */
	long resamples;               /* random flips or resamples (10000) */
	uint64_t seed;                /* of the resampling (1) */
	/* variants (--variant): the source documents' metric variants beside the
	 * standard ones; REPORT_VARIANT_* mask */
	unsigned variants;
	double fuzzy_threshold;       /* fuzzy fact inclusion (METRICS_FUZZY_THRESHOLD) */
	long reader_k;                /* seed 001's top-k reader accuracy (default 5) */
	/* --threshold NAME=T: imported score NAME (convqa import-scores) as a
	 * judgement of correctness, correct at T or above, against the raters
	 * (section automatic, table thresholds) */
	const char *threshold_names[REPORT_MAX_THRESHOLDS];
	double threshold_values[REPORT_MAX_THRESHOLDS];
	size_t n_thresholds;
	const char *blind_for;        /* NULL; else leave out other raters' labels of open
					 rounds (access_blind_rater: the running account's view) */
	const char *command;          /* the command shown in the header ("report",
					 "agreement"); NULL = "report" */
	const char *project;          /* shown in the header (the project path) */
};

/* Defaults: every round, task and section; by turn and system; k 1,3,5,10;
 * all raters; no consensus; BLEU-1 without penalty; ROUGE-L beta 1. */
void report_options_init(struct report_options *o);

/* Parse the --k list "1,3,5,10" (ascending, distinct, 1..1000) and the --by
 * list "turn,system" (or "all") into o; return 0, or -1 with a message in
 * err (ST_USAGE). */
int report_parse_k(struct report_options *o, const char *list, struct error *err);
int report_parse_by(struct report_options *o, const char *list, struct error *err);
/* --only: the sections to build (answers, retrieval, automatic, verdicts,
 * agreement, time); the message of an unknown name lists them. */
int report_parse_sections(struct report_options *o, const char *list, struct error *err);
/* The name of section i in the order of the report ("answers", "retrieval",
 * ...; what --only takes and the section's id), NULL past the last: for the
 * messages and checks that list them. */
const char *report_section_name(size_t i);
/* --task: "turn,likert-4pt": the built-in tasks into o->tasks, other names
 * (which must look like scheme names; report_build() checks that the
 * project has them) into o->schemes, borrowing pieces of a copy the caller
 * frees with free(*copy). */
int report_parse_tasks(struct report_options *o, const char *list, char **copy, struct error *err);
/* --compare "A,B[,C...]": at least two distinct systems (at most
 * REPORT_MAX_COMPARE) into o->compare, borrowing pieces of a copy the
 * caller frees with free(*copy); report_build() checks that the project has
 * them. --test "permutation", "bootstrap" or "mcnemar" into o->test;
 * --correction "holm" or "none"; --metric: what report_metric_name() lists. */
int report_parse_compare(struct report_options *o, const char *list, char **copy, struct error *err);
int report_parse_test(struct report_options *o, const char *name, struct error *err);
int report_parse_correction(struct report_options *o, const char *name, struct error *err);
int report_parse_metric(struct report_options *o, const char *name, struct error *err);
/* --threshold "NAME=T[,NAME=T...]" (NAME an imported score, "score:"
 * before it optional; T a number) into o->threshold_* (borrowing pieces
 * of a copy the caller frees with *copy); -1 with the reason in err. */
int report_parse_thresholds(struct report_options *o, const char *list, char **copy, struct error *err);
/* --variant "seed003" (a comma list) into o->variants. */
int report_parse_variants(struct report_options *o, const char *list, struct error *err);
/* The name of --metric's choice i ("correctness", ..., "em", "f1", ...),
 * NULL past the last. */
const char *report_metric_name(size_t i);
/* --weights: "none", "linear" or "quadratic" into o (weights_given set). */
int report_parse_weights(struct report_options *o, const char *name, struct error *err);
/* "a,b" into o->raters (borrowing pieces of a copy the caller frees with
 * free(*copy)). */
int report_parse_raters(struct report_options *o, const char *list, char **copy,
			struct error *err);
/* "majority", "adjudicated", "discard", "rater:NAME" (NAME borrowed from s)
 * or "none". Distrusted raters (convqa rater distrust) are left out of
 * majority, adjudicated and discard. */
int report_parse_consensus(struct report_options *o, const char *s, struct error *err);

/* Build the report. ST_INPUT when the options name things the project does
 * not have (a round, a rater, a scheme, a field, a consensus rater,
 * adjudicated without an adjudicator); ST_STORE when reading fails. Caller frees *out with
 * report_free(). */
enum status report_build(struct store *s, const struct report_options *o, struct report **out,
			 struct error *err);

enum report_format { REPORT_TEXT, REPORT_JSON, REPORT_CSV, REPORT_MARKDOWN, REPORT_HTML };

/* "text", "json", "csv", "md" (or "markdown"), "html"; returns 0, or -1 with a
 * message that lists the formats in err (ST_USAGE). */
int report_format_parse(const char *name, enum report_format *f, struct error *err);
/* The name of format i (enum report_format order: "text", "json", "csv",
 * "md", "html"; what --format takes, aliases left out), NULL past the last. */
const char *report_format_name(size_t i);

/* Write r to out. ST_IO (with errno's message) when writing fails. */
enum status report_write(const struct report *r, enum report_format f, FILE *out,
			 struct error *err);


void report_free(struct report *r);

/* Where the time of report_build() went, e.g. "load 0.61 s, layer 0.05 s,
 * answers 0.01 s, ...", into out[size] (for benchmarks). */
void report_timings(const struct report *r, char *out, size_t size);

/* ---- reading a built report (tests, other front ends) ---------------------- */

/* The value of the cell in column col of the row whose group is group, in
 * table table of section section. Returns 1 and fills *value and *n (either
 * may be NULL) when that cell holds a number or a count; 0 when the cell is
 * missing, empty or undefined (then *why, if not NULL, gets the reason or
 * NULL; borrowed from r). */
int report_value(const struct report *r, const char *section, const char *table,
		 const char *group, const char *col, double *value, long *n, const char **why);

/* The id of the section of the preferences of field of task (a field of
 * pairs): "pairwise:FIELD" for the built-in pairwise scheme's,
 * "pairwise:TASK/FIELD" for a project scheme's (caller frees). */
char *report_pairwise_section(const char *task, const char *field);

#endif
