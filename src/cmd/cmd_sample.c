/* cmd_sample.c - convqa sample plausibility: the answers a plausibility
 * round judges (sampling.h), made into the round (rounds.h). */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/access.h"
#include "convqa/cli.h"
#include "convqa/labelling.h"
#include "convqa/model.h"
#include "convqa/rounds.h"
#include "convqa/sampling.h"
#include "convqa/scheme.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"

#define MAX_RATERS 64

static const char *opt_round, *opt_raters, *opt_min_sim, *opt_sim, *opt_per_question, *opt_questions,
	*opt_overlap, *opt_seed;
static const struct cli_opt opts[] = {
	{ "round", 0, "NAME", "the plausibility round to make (required)", &opt_round, NULL },
	{ "raters", 'r', "A,B", "its raters (added with convqa rater add; required)", &opt_raters, NULL },
	{ "min-sim", 0, "S", "an answer's similarity to its best gold answer at least S (default 0.7)", &opt_min_sim,
	  NULL },
	{ "sim", 0, "SIM", "f1 (token F1, the default), rougeL (ROUGE-L F1) or a key of the responses' metadata "
			   "holding a similarity computed elsewhere (such as SAS)", &opt_sim, NULL },
	{ "per-question", 0, "N", "at most N distinct answers per question (default 4)", &opt_per_question, NULL },
	{ "questions", 0, "N", "at most N questions, those on which the systems disagree first (default: all)",
	  &opt_questions, NULL },
	{ "overlap", 0, "K", "raters per answer (default 2)", &opt_overlap, NULL },
	{ "seed", 0, "S", "the seed of the draws and of the plan (default 1)", &opt_seed, NULL },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

static struct {
	struct sampling_request rq;
	long overlap, seed;
	char *raters_copy;
	const char *raters[MAX_RATERS];
	size_t n_raters;
} a;

static int usage(const char *fmt, const char *arg)
{
	fputs("convqa sample: ", stderr);
	cli_printf(stderr, fmt, arg);
	fputs("\n", stderr);
	return ST_USAGE;
}

static int check_sim(void)
{
	a.rq.sim = SAMPLING_F1;
	if (!opt_sim || strcmp(opt_sim, "f1") == 0)
		return CLI_RUN;
	if (strcmp(opt_sim, "rougeL") == 0) {
		a.rq.sim = SAMPLING_ROUGE_L;
		return CLI_RUN;
	}
	if (!*opt_sim || strspn(opt_sim, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") !=
			     strlen(opt_sim))
		return usage("--sim expects f1, rougeL or a metadata key of letters, digits, _ and -, got '%s'",
			     opt_sim);
	a.rq.sim = SAMPLING_COLUMN;
	a.rq.column = opt_sim;
	return CLI_RUN;
}

/* Whether task is a built-in scheme with a field of role plausibility: the
 * task a sampled round judges (the first stage). */
static int samples_verdicts(const char *task)
{
	struct scheme *sch = NULL;
	struct error err;
	int yes = scheme_builtin(task, &sch, &err) == ST_OK && scheme_field_by_role(sch, SROLE_PLAUSIBILITY);
	scheme_free(sch);
	return yes;
}

static int check(struct cmd_ctx *c)
{
	long per = 4, questions = 0;
	if (!samples_verdicts(c->args[0]))
		return usage("only plausibility is sampled (the first stage); got '%s'", c->args[0]);
	if (!opt_round || !opt_raters)
		return usage("%s", "needs --round NAME and --raters A,B");
	a.overlap = 2;
	a.seed = 1;
	a.rq.min_sim = 0.7;
	if (opt_min_sim && parse_number(opt_min_sim, 0, 1, &a.rq.min_sim) != 0)
		return usage("--min-sim expects a number from 0 to 1, got '%s'", opt_min_sim);
	if ((opt_per_question && parse_long(opt_per_question, 1, 1000, &per) != 0) ||
	    (opt_questions && parse_long(opt_questions, 1, 100000000L, &questions) != 0) ||
	    (opt_overlap && parse_long(opt_overlap, 0, 1000, &a.overlap) != 0) ||
	    (opt_seed && parse_long(opt_seed, 0, 2147483647L, &a.seed) != 0))
		return usage("%s", "--per-question, --questions, --overlap and --seed take whole numbers "
				   "(--per-question from 1)");
	a.rq.per_question = (size_t)per;
	a.rq.questions = (size_t)questions;
	a.rq.seed = (uint64_t)a.seed;
	a.raters_copy = xstrdup(opt_raters);
	for (char *p = a.raters_copy, *next; p; p = next) {
		next = strchr(p, ',');
		if (next)
			*next++ = 0;
		if (!*p || a.n_raters == MAX_RATERS)
			return usage("--raters: an empty name or more than 64 in '%s'", opt_raters);
		a.raters[a.n_raters++] = p;
	}
	return check_sim();
}

static void release(struct cmd_ctx *c)
{
	(void)c;
	free(a.raters_copy);
	memset(&a, 0, sizeof(a));
}

static void print_chosen(const struct sampling_result *r)
{
	cli_printf(stdout, "chose %zu answers of %zu questions (%zu on which the systems disagree)\n", r->n,
		   r->questions, r->disagreeing);
	const struct {
		size_t n;
		const char *why;
	} left[] = {
		{ r->no_gold, "their question has no gold answer" },
		{ r->empty, "empty" },
		{ r->same_answer, "the same answer (normalised) as another system's to the question" },
		{ r->below, "less similar to a gold answer than --min-sim" },
		{ r->no_value, "no similarity in the responses' metadata" },
		{ r->over_per_question, "more than --per-question for their question" },
		{ r->over_questions, "their question beyond --questions" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(left); i++)
		if (left[i].n)
			cli_printf(stdout, "  left out %zu: %s\n", left[i].n, left[i].why);
}

/* What rounds_create would refuse in the round's name and raters, said
 * before the sampling is (in its words). */
static enum status check_round(struct store *s, struct error *err)
{
	struct store_round_row *rows;
	size_t n;
	const char *why = model_round_name_problem(opt_round);
	if (why)
		return error_set(err, ST_INPUT, "%s", why);
	enum status st = store_round_list(s, opt_round, &rows, &n, err);
	if (st != ST_OK)
		return st;
	store_round_rows_free(rows, n);
	if (n)
		return error_set(err, ST_INPUT, "round '%s' exists already (see: convqa round show %s)", opt_round,
				 opt_round);
	int64_t id[MAX_RATERS];
	st = rounds_rater_ids(s, a.raters, a.n_raters, id, err);
	if (!opt_overlap && a.overlap > (long)a.n_raters)
		a.overlap = (long)a.n_raters;   /* the default 2, with one rater */
	if (st == ST_OK && a.overlap > (long)a.n_raters)
		st = error_set(err, ST_INPUT, "--overlap %ld asks for %ld raters per answer, but round '%s' has %zu "
			       "(name more with --raters, or --overlap 0: every rater)", a.overlap, a.overlap, opt_round,
			       a.n_raters);
	if (st != ST_OK)
		return st;
	return ST_OK;
}

/* The keys of the responses' metadata that hold numbers, a few of them in
 * the order met, for the refusal of a key none has. */
#define FEW_KEYS 5
struct metadata_keys {
	struct store_tasks *t;
	char *names[FEW_KEYS];
	size_t n;
	int more;
	struct error *err;
};

static int key_response(const struct store_tasks_response *r, void *ctx)
{
	struct metadata_keys *k = ctx;
	cJSON *m = r->metadata ? cJSON_Parse(r->metadata) : NULL;
	for (const cJSON *v = cJSON_IsObject(m) ? m->child : NULL; v && !k->more; v = v->next) {
		size_t i = 0;
		while (i < k->n && strcmp(k->names[i], v->string) != 0)
			i++;
		if (!cJSON_IsNumber(v) || i < k->n)
			continue;
		if (k->n == FEW_KEYS)
			k->more = 1;
		else
			k->names[k->n++] = xstrdup(v->string);
	}
	cJSON_Delete(m);
	return k->more;
}

static int key_turn(const struct store_tasks_turn *turn, void *ctx)
{
	struct metadata_keys *k = ctx;
	return store_tasks_responses(k->t, turn->turn_id, key_response, k, k->err) != ST_OK || k->more;
}

/* "; keys holding numbers there: a, b, c" (", ..." when there are more),
 * or "" when the metadata holds no numbers or cannot be read. Caller frees. */
static char *metadata_keys(struct store *s)
{
	struct metadata_keys k = { 0 };
	struct error err;
	struct strbuf sb = STRBUF_INIT;
	k.err = &err;
	if (store_tasks_open(s, 0, 0, &k.t, &err) == ST_OK) {
		store_tasks_turns(k.t, key_turn, &k, &err);
		store_tasks_close(k.t);
	}
	for (size_t i = 0; i < k.n; i++) {
		strbuf_addf(&sb, "%s%s", i ? ", " : "; keys holding numbers there: ", k.names[i]);
		free(k.names[i]);
	}
	if (k.more)
		strbuf_addf(&sb, ", ...");
	return strbuf_detach(&sb);
}

static int run(struct cmd_ctx *c)
{
	struct sampling_result r;
	struct round_made m;
	enum status st = access_check_coordinator(c->store, "create rounds", &c->err);
	if (st == ST_OK)
		st = check_round(c->store, &c->err);
	if (st == ST_OK)
		st = sampling_choose(c->store, &a.rq, &r, &c->err);
	if (st != ST_OK)
		return st;
	if (a.rq.sim == SAMPLING_COLUMN && !r.with_value) {
		char *keys = metadata_keys(c->store);
		free(r.ids);
		st = error_set(&c->err, ST_INPUT, "--sim %s: no response's metadata has the key '%s' (--sim takes f1, "
			       "rougeL or a key of the responses' metadata holding a similarity%s)", opt_sim, opt_sim,
			       keys);
		free(keys);
		return st;
	}
	print_chosen(&r);
	if (r.n == 0) {
		free(r.ids);
		if (r.below)
			return error_set(&c->err, ST_INPUT, "no answer qualifies: round '%s' was not made (a lower "
					 "--min-sim?)", opt_round);
		if (r.no_value)
			return error_set(&c->err, ST_INPUT, "no answer qualifies: round '%s' was not made (no answer to "
					 "a question with a gold answer has '%s' in its metadata)", opt_round, opt_sim);
		return error_set(&c->err, ST_INPUT, "no answer qualifies: round '%s' was not made", opt_round);
	}
	char *made_by = xasprintf("sample %s --round %s --raters %s --min-sim %g --sim %s "
				  "--per-question %zu --overlap %ld --seed %ld", c->args[0], opt_round, opt_raters,
				  a.rq.min_sim, opt_sim ? opt_sim : "f1", a.rq.per_question, a.overlap, a.seed);
	struct round_request rq = {
		.name = opt_round, .task = c->args[0], .raters = a.raters, .n_raters = a.n_raters,
		.overlap = a.overlap, .seed = (uint64_t)a.seed, .by = ROUND_BY_ITEM, .items = r.ids, .n_items = r.n,
		.made_by = made_by,
	};
	st = rounds_create(c->store, &rq, &m, &c->err);
	if (st == ST_OK)
		cli_printf(stdout, "created round '%s' (%s): %zu answers, %ld raters each (seed %ld); raters "
			   "start with: convqa annotate --rater NAME --round %s\n", opt_round, c->args[0], m.n_items,
			   a.overlap ? a.overlap : (long)a.n_raters, a.seed, opt_round);
	round_made_release(&m);
	free(made_by);
	free(r.ids);
	return st;
}

const struct cmd_entry cmd_sample_entry = {
	{ "sample", "plausibility --round NAME --raters A,B [options]",
	  "choose the answers a plausibility round judges, and make the round",
	  "The first stage of the SCAI-QReCC protocol. Per question with a gold answer:\n"
	  "the distinct answers of the systems (equal after the SQuAD normalisation:\n"
	  "one, standing for every system that gave it), empty ones left out, whose\n"
	  "similarity to their best gold answer is at least --min-sim (token F1,\n"
	  "ROUGE-L F1, or a number the responses' metadata holds), at most\n"
	  "--per-question of them, drawn for the seed; with --questions, the questions\n"
	  "on which the systems disagree first. It says how many answers it chose and\n"
	  "why it left out the others, then makes the round (each answer to --overlap\n"
	  "raters). The second stage: convqa round create --task faithfulness --from.",
	  opts, 1, 1, NULL },
	CMD_PROJECT, NULL, check, run, release, NULL, NULL,
};
