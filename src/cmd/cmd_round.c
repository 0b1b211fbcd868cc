/* cmd_round.c - convqa round create | list | show | items | close | reopen |
 * delete: the named batches of work raters label in (rounds.h makes them).
 * This file: the options and their checks, create, and the table of actions;
 * the others are in cmd_round_show.c, cmd_round_items.c and
 * cmd_round_close.c (cmd_round.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/access.h"
#include "convqa/cli.h"
#include "convqa/expr.h"
#include "convqa/model.h"
#include "convqa/rounds.h"
#include "convqa/scheme.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"

#include "cmd_round.h"

#define MAX_LIST 64

/* The options, given to the actions as c->data. */
static struct round_opts options;
static const struct cli_opt opts[] = {
	{ "task", 't', "TASK", "create: the task, a scheme's name (default: turn)", &options.task, NULL },
	{ "raters", 'r', "A,B", "create: the raters (added with convqa rater add; with --from, default: that "
				"round's raters); items: one rater", &options.raters, NULL },
	{ "overlap", 0, "K", "create: raters per conversation or item (default 1; 0: every rater)", &options.overlap,
	  NULL },
	{ "seed", 0, "S", "create: the seed of the plan and of --sample (default 1)", &options.seed, NULL },
	{ "conversations", 0, "N", "create: only the first N conversations", &options.conversations, NULL },
	{ "sample", 0, "N", "create: N conversations (or items, with --by item) at random for the seed",
	  &options.sample, NULL },
	{ "systems", 0, "A,B", "create: only these systems' answers (a pairwise task: the systems compared, in "
			       "order for --pairs adjacent)", &options.systems, NULL },
	{ "pairs", 0, "P", "create, a pairwise task (--task pairwise): which systems' answers meet: all (the "
			   "default), adjacent (neighbours in --systems' order) or sample:N (N pairs at random, every "
			   "two systems about as often)", &options.pairs, NULL },
	{ "items", 0, "FILE", "create: only the items FILE lists, a \"CONVERSATION TURN SYSTEM\" line each",
	  &options.items, NULL },
	{ "where", 0, "COND", "create: only items meeting every condition: depth<=N, depth>=N, depth=N, "
			      "intent=VALUE (gold intent), gold (has a gold answer), and one expression over imported "
			      "scores and metrics such as 'abs(gptscore - fuzzy) > 0.5'; comma-separated",
	  &options.where, NULL },
	{ "from", 0, "ROUND", "create: only the items judged plausible in the plausibility round ROUND (the "
			      "second stage: --task faithfulness)", &options.from, NULL },
	{ "policy", 0, "P", "create, with --from: consensus (more than half of the item's raters said plausible; "
			    "the default) or any (one did)", &options.policy, NULL },
	{ "by", 0, "UNIT", "create: give raters whole conversations or single items: conversation or item "
			   "(default: conversation for tasks that judge turns or passages, else item)", &options.by, NULL },
	{ "swap-from", 0, "ROUND", "create: round 2 of the two-round protocol: each rater gets the items the "
				   "next rater had in ROUND", &options.swap, NULL },
	{ "live", 0, NULL, "create, with --swap-from: a live round: each rater's live conversations (convqa chat "
			   "--round) start from the next rater's first questions in ROUND", NULL, &options.live },
	{ "pilot", 0, NULL, "create: a pilot round (shown as one)", NULL, &options.pilot },
	{ "control", 0, "RATE", "create: mix control items (control pairs) into each queue, RATE of its items "
				"(0 to 0.5); their known answers: the gold, or --control-from's labels", &options.control, NULL },
	{ "control-from", 0, "RATER", "create: the rater whose labels outside rounds are the control items' "
				      "known answers (default: the gold: intent, relevant passages); a pairwise task: "
				      "whose preferences, in any round, are the control pairs'", &options.control_from, NULL },
	{ "min-kappa", 0, "K", "close: flag the fields whose kappa is below K", &options.min_kappa, NULL },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

/* What check() parsed for create. */
static struct {
	char *raters_copy, *systems_copy;
	char *raters_from;   /* without --raters, with --from: that round's raters, "a,b" */
	const char *raters[MAX_LIST], *systems[MAX_LIST];
	size_t n_raters, n_systems;
	long overlap, conversations, sample, seed;
	enum round_by by;
	double control;
	struct round_where where;
} a;
double cmd_round_min_kappa;

/* Split "a,b" (a copy kept in *copy) into out[]; 0, or -1 with a message. */
static int split_list(const char *opt, const char *list, char **copy, const char **out, size_t *n)
{
	*copy = xstrdup(list);
	*n = 0;
	for (char *p = *copy, *next; p; p = next) {
		next = strchr(p, ',');
		if (next)
			*next++ = 0;
		if (!*p || *n == MAX_LIST) {
			cli_printf(stderr, "convqa round: --%s: %s in '%s'\n", opt,
				   *p ? "at most 64 names" : "an empty name", list);
			return -1;
		}
		out[(*n)++] = p;
	}
	return 0;
}

static int number(const char *opt, const char *s, long min, long max, long *out)
{
	if (parse_long(s, min, max, out) == 0)
		return 0;
	cli_printf(stderr, "convqa round: --%s expects a whole number from %ld to %ld, got '%s'\n", opt, min, max, s);
	return -1;
}

/* Options that go with one action only. */
static int only_with(const char *action, const char *want, int given, const char *opt)
{
	if (!given || strcmp(action, want) == 0)
		return 0;
	cli_printf(stderr, "convqa round: --%s goes with %s only\n", opt, want);
	return -1;
}

static int check_create_options(const struct round_opts *o)
{
	a.overlap = 1;
	a.seed = 1;
	if ((o->overlap && number("overlap", o->overlap, 0, 1000, &a.overlap)) ||
	    (o->seed && number("seed", o->seed, 0, 2147483647L, &a.seed)) ||
	    (o->conversations && number("conversations", o->conversations, 1, 100000000L, &a.conversations)) ||
	    (o->sample && number("sample", o->sample, 1, 100000000L, &a.sample)))
		return -1;
	if (o->by && strcmp(o->by, "conversation") != 0 && strcmp(o->by, "item") != 0) {
		cli_printf(stderr, "convqa round: --by expects conversation or item, got '%s'\n", o->by);
		return -1;
	}
	a.by = !o->by ? ROUND_BY_DEFAULT : o->by[0] == 'c' ? ROUND_BY_CONVERSATION : ROUND_BY_ITEM;
	if (o->swap && (o->overlap || o->conversations || o->sample || o->systems || o->by || o->items ||
			 o->where || o->from)) {
		cli_printf(stderr, "convqa round: --swap-from takes the items of its round: leave out --overlap, "
			   "--conversations, --sample, --systems, --items, --where and --by\n");
		return -1;
	}
	if (o->live && !o->swap) {
		cli_printf(stderr, "convqa round: --live goes with --swap-from ROUND (a live round starts from the "
			   "first questions of ROUND)\n");
		return -1;
	}
	if ((o->from && o->items) || (o->policy && !o->from) ||
	    (o->policy && strcmp(o->policy, "consensus") != 0 && strcmp(o->policy, "any") != 0)) {
		cli_printf(stderr, "convqa round: %s\n", o->from && o->items ? "--from and --items both choose the "
			   "items: give one" : !o->from ? "--policy goes with --from" :
			   "--policy expects consensus or any");
		return -1;
	}
	if (o->from && !o->task) {
		cli_printf(stderr, "convqa round: --from %s takes the answers judged plausible there, for the second "
			   "stage: give its task (--task faithfulness)\n", o->from);
		return -1;
	}
	struct error err;
	if (o->where && rounds_parse_where(o->where, &a.where, &err) != ST_OK) {
		cli_printf(stderr, "convqa round: %s\n", err.msg);
		return -1;
	}
	if (!o->raters && !o->from) {   /* --from: the raters of that round (run_create) */
		cli_printf(stderr, "convqa round: create needs --raters A,B\n");
		return -1;
	}
	if (o->control && parse_number(o->control, 0, 0.5, &a.control) != 0) {
		cli_printf(stderr, "convqa round: --control expects a share from 0 to 0.5, got '%s'\n", o->control);
		return -1;
	}
	if (o->control_from && !(a.control > 0)) {
		cli_printf(stderr, "convqa round: --control-from RATER needs --control RATE (the share of control "
			   "items to mix in)\n");
		return -1;
	}
	if (o->swap && o->control) {
		cli_printf(stderr, "convqa round: --control does not go with --swap-from (a swap gives each rater "
			   "the items of another, nothing more)\n");
		return -1;
	}
	return (o->raters && split_list("raters", o->raters, &a.raters_copy, a.raters, &a.n_raters)) ||
	       (o->systems && split_list("systems", o->systems, &a.systems_copy, a.systems, &a.n_systems));
}

static int check(struct cmd_ctx *c)
{
	const struct round_opts *o = c->data;
	const char *act = c->action->name;
	int items_rater = strcmp(act, "items") == 0 && o->raters;
	if (items_rater && strchr(o->raters, ',')) {
		cli_printf(stderr, "convqa round: items takes one rater's name with --raters, got '%s'\n", o->raters);
		return ST_USAGE;
	}
	int create_opts = o->task || (o->raters && !items_rater) || o->overlap || o->seed || o->conversations ||
			  o->sample || o->systems || o->by || o->swap || o->pilot || o->control || o->control_from ||
			  o->items || o->where || o->from || o->policy || o->live || o->pairs;
	if (only_with(act, "create", create_opts, "task, --raters, --overlap and the other create options") ||
	    only_with(act, "close", o->min_kappa != NULL, "min-kappa"))
		return ST_USAGE;
	if (o->min_kappa && (parse_number(o->min_kappa, -1, 1, &cmd_round_min_kappa) != 0)) {
		cli_printf(stderr, "convqa round: --min-kappa expects a number from -1 to 1, got '%s'\n",
			   o->min_kappa);
		return ST_USAGE;
	}
	if (strcmp(act, "create") == 0 && check_create_options(o))
		return ST_USAGE;
	return CLI_RUN;
}

static void release(struct cmd_ctx *c)
{
	(void)c;
	free(a.raters_copy);
	free(a.systems_copy);
	free(a.raters_from);
	rounds_where_release(&a.where);
	memset(&a, 0, sizeof(a));
	cmd_round_min_kappa = 0;
}

/* ---- create ------------------------------------------------------------------- */

static void print_made(const struct round_request *rq, const struct round_made *m)
{
	const char *what = m->by == ROUND_BY_CONVERSATION ? "conversation" : "item";
	cli_printf(stdout, "created round '%s' (%s): %zu rater%s, %zu item%s", rq->name, rq->task, rq->n_raters,
		   rq->n_raters == 1 ? "" : "s", m->n_items, m->n_items == 1 ? "" : "s");
	if (m->by == ROUND_BY_CONVERSATION)
		cli_printf(stdout, " in %zu conversation%s", m->n_blocks, m->n_blocks == 1 ? "" : "s");
	if (rq->swap_from)
		cli_printf(stdout, ", swapped from round '%s'\n", rq->swap_from);
	else
		cli_printf(stdout, ", %ld rater%s per %s (seed %llu)\n", rq->overlap ? rq->overlap : (long)rq->n_raters,
			   (rq->overlap ? rq->overlap : (long)rq->n_raters) == 1 ? "" : "s", what,
			   (unsigned long long)rq->seed);
	for (size_t i = 0; i < rq->n_raters; i++) {
		cli_printf(stdout, "  %-16s %5zu item%s", rq->raters[i], m->items_of[i], m->items_of[i] == 1 ? " " : "s");
		if (m->by == ROUND_BY_CONVERSATION)
			cli_printf(stdout, " in %zu conversation%s", m->blocks_of[i], m->blocks_of[i] == 1 ? "" : "s");
		if (m->controls_of && m->controls_of[i])
			cli_printf(stdout, ", %zu of them control items", m->controls_of[i]);
		else if (m->controls_of && m->items_of[i])   /* the pool's items are all of blocks the rater has */
			cli_printf(stdout, ", no control items (every item with a known answer is of a %s of "
				   "their queue)", m->by == ROUND_BY_CONVERSATION ? "conversation" : "turn");
		cli_printf(stdout, "\n");
	}
	if (rq->live)
		cli_printf(stdout, "raters start with: convqa chat --rater NAME --round %s --system NAME\n", rq->name);
	else
		cli_printf(stdout, "raters start with: convqa annotate --rater NAME --round %s\n", rq->name);
}

static void print_pairs_made(const struct round_request *rq, const struct round_made *m)
{
	cli_printf(stdout, "created round '%s' (%s): %zu rater%s, %zu pair%s of answers (%zu pair%s of systems), "
		   "%ld rater%s per pair (seed %llu)\n", rq->name, rq->task, rq->n_raters, rq->n_raters == 1 ? "" : "s",
		   m->n_items, m->n_items == 1 ? "" : "s", m->n_system_pairs, m->n_system_pairs == 1 ? "" : "s",
		   rq->overlap ? rq->overlap : (long)rq->n_raters,
		   (rq->overlap ? rq->overlap : (long)rq->n_raters) == 1 ? "" : "s", (unsigned long long)rq->seed);
	if (m->n_same)
		cli_printf(stdout, "%zu pair%s of identical answers not asked (counted as ties)\n", m->n_same,
			   m->n_same == 1 ? "" : "s");
	if (m->pairs_short)
		cli_printf(stdout, "--pairs %s: there %s %zu pair%s to choose from: the round takes all\n", rq->pairs,
			   m->pairs_short == 1 ? "is" : "are", m->pairs_short, m->pairs_short == 1 ? "" : "s");
	for (size_t i = 0; i < rq->n_raters; i++) {
		cli_printf(stdout, "  %-16s %5zu pair%s", rq->raters[i], m->items_of[i], m->items_of[i] == 1 ? "" : "s");
		if (m->controls_of && m->controls_of[i])
			cli_printf(stdout, ", %zu of them control pairs", m->controls_of[i]);
		else if (m->controls_of && m->items_of[i])   /* every pair the expert judged is of a turn they have */
			cli_printf(stdout, ", no control pairs (every pair %s judged is of a turn of their queue)",
				   rq->control_from);
		cli_printf(stdout, "\n");
	}
	cli_printf(stdout, "raters start with: convqa annotate --rater NAME --round %s\n", rq->name);
}

/* Fewer conversations or blocks than asked: the round took them all. */
static void print_short(const struct round_made *m)
{
	const char *what = m->by == ROUND_BY_CONVERSATION ? "conversation" : "item";
	if (m->conversations_short)
		cli_printf(stdout, "--conversations %ld: the project has %zu conversation%s with items for the round: it "
			   "takes all %zu\n", a.conversations, m->conversations_short,
			   m->conversations_short == 1 ? "" : "s", m->conversations_short);
	if (m->sample_short)
		cli_printf(stdout, "--sample %ld: there %s %zu %s%s to choose from: the round takes all %zu\n", a.sample,
			   m->sample_short == 1 ? "is" : "are", m->sample_short, what, m->sample_short == 1 ? "" : "s",
			   m->sample_short);
}

/* --where's expression: the items it left out for lacking a value. */
static void print_lacking(const struct round_made *m)
{
	const struct expr *e = a.where.expr;
	if (!e)
		return;
	if (!m->where_lacking) {
		cli_printf(stdout, "--where: every item had the values the expression reads\n");
		return;
	}
	cli_printf(stdout, "--where: %zu item%s lacked a value the expression reads: not selected", m->where_lacking,
		   m->where_lacking == 1 ? "" : "s");
	for (size_t k = 0, shown = 0; k < expr_n_names(e); k++)
		if (m->where_lacking_of[k])
			cli_printf(stdout, "%s%s %zu", shown++ ? ", " : " (", expr_name(e, k), m->where_lacking_of[k]);
	cli_printf(stdout, ")\n");
}

/* The command line, for round show. */
static char *made_by(struct cmd_ctx *c)
{
	const struct round_opts *o = c->data;
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "round create %s --task %s --raters %s", c->args[1], o->task ? o->task : MODEL_DEFAULT_TASK,
		    o->raters ? o->raters : a.raters_from);
	const char *const *vals[] = { &options.overlap, &options.seed, &options.conversations, &options.sample, &options.systems,
				      &options.items, &options.where, &options.from, &options.policy, &options.by, &options.swap, &options.control,
				      &options.control_from, &options.pairs };
	const char *const names[] = { "overlap", "seed", "conversations", "sample", "systems", "items", "where",
				      "from", "policy", "by", "swap-from", "control", "control-from", "pairs" };
	for (size_t i = 0; i < ARRAY_SIZE(vals); i++)
		if (*vals[i])
			strbuf_addf(&sb, " --%s %s", names[i], *vals[i]);
	if (o->pilot)
		strbuf_adds(&sb, " --pilot");
	if (o->live)
		strbuf_adds(&sb, " --live");
	return strbuf_detach(&sb);
}

/* Without --raters, the raters of the --from round, into a.raters. */
static enum status raters_of_from(struct cmd_ctx *c)
{
	const struct round_opts *o = c->data;
	struct store_round_rater *ra = NULL;
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0;
	int64_t id;
	enum status st = store_round_info(c->store, o->from, &id, NULL, NULL, &c->err);
	if (st == ST_OK)
		st = store_round_raters(c->store, id, &ra, &n, &c->err);
	for (size_t i = 0; st == ST_OK && i < n; i++)
		strbuf_addf(&sb, "%s%s", i ? "," : "", ra[i].name);
	if (st == ST_OK && n == 0)
		st = error_set(&c->err, ST_INPUT, "round '%s' has no raters to take: name them with --raters A,B",
			       o->from);
	if (st == ST_OK && split_list("raters", strbuf_str(&sb), &a.raters_copy, a.raters, &a.n_raters) != 0)
		st = ST_USAGE;
	if (st == ST_OK)
		a.raters_from = strbuf_detach(&sb);
	strbuf_release(&sb);
	store_round_raters_free(ra, n);
	return st;
}

static int run_create(struct cmd_ctx *c)
{
	const struct round_opts *o = c->data;
	struct round_made m;
	int64_t *items = NULL;
	size_t n_items = 0;
	if (!o->raters) {
		enum status st = raters_of_from(c);
		if (st != ST_OK)
			return st;
	}
	if (o->items) {
		enum status st = rounds_read_items(c->store, o->items, &items, &n_items, &c->err);
		if (st != ST_OK)
			return st;
	}
	if (o->from) {
		size_t judged;
		int any = o->policy && strcmp(o->policy, "any") == 0;
		enum status st = rounds_plausible_items(c->store, o->from, any, &items, &n_items, &judged, &c->err);
		const char *rule = any ? "settled by an adjudicator, else by any trusted rater" :
					 "settled by an adjudicator, else by more than half of the trusted raters";
		if (st == ST_OK && n_items == 0)
			st = error_set(&c->err, ST_INPUT, "no item of round '%s' was judged plausible (%s; %zu items "
				       "judged)", o->from, rule, judged);
		if (st != ST_OK)
			return st;
		cli_printf(stdout, "round '%s': %zu of the %zu items judged there are plausible (%s)\n", o->from,
			   n_items, judged, rule);
	}
	char *by = made_by(c);
	struct round_request rq = {
		.name = c->args[1], .task = o->task ? o->task : MODEL_DEFAULT_TASK, .raters = a.raters, .n_raters = a.n_raters,
		.overlap = a.overlap, .seed = (uint64_t)a.seed, .conversations = a.conversations, .sample = a.sample,
		.systems = a.systems, .n_systems = a.n_systems, .by = a.by, .swap_from = o->swap, .live = o->live,
		.pilot = o->pilot,
		.control = a.control, .control_from = o->control_from, .made_by = by,
		.where = o->where ? &a.where : NULL, .items = items, .n_items = n_items, .pairs = o->pairs,
	};
	enum status st = rounds_create(c->store, &rq, &m, &c->err);
	if (st == ST_OK && m.pairwise)
		print_pairs_made(&rq, &m);
	else if (st == ST_OK) {
		print_made(&rq, &m);
		print_short(&m);
		print_lacking(&m);
	}
	if (st == ST_OK && a.raters_from) {
		cli_printf(stdout, "raters: ");
		for (size_t i = 0; i < a.n_raters; i++)
			cli_printf(stdout, "%s%s", i ? ", " : "", a.raters[i]);
		cli_printf(stdout, ", those of round %s (--raters names others)\n", o->from);
	}
	round_made_release(&m);
	free(items);
	free(by);
	return st;
}
/* Managing rounds: a bound coordinator's account, when the project has
 * one (checked just before the change, not in its transaction: a
 * coordinator bound in between is not seen). */
static int manage(struct cmd_ctx *c, const char *what, int (*run)(struct cmd_ctx *c))
{
	enum status st = access_check_coordinator(c->store, what, &c->err);
	return st != ST_OK ? (int)st : run(c);
}

static int run_close(struct cmd_ctx *c)
{
	return cmd_round_status(c, 1);
}

static int run_reopen(struct cmd_ctx *c)
{
	return cmd_round_status(c, 0);
}

static int manage_create(struct cmd_ctx *c)
{
	return manage(c, "create rounds", run_create);
}

static int manage_close(struct cmd_ctx *c)
{
	return manage(c, "close or reopen rounds", run_close);
}

static int manage_reopen(struct cmd_ctx *c)
{
	return manage(c, "close or reopen rounds", run_reopen);
}

static int manage_delete(struct cmd_ctx *c)
{
	return manage(c, "delete rounds", cmd_round_delete);
}

static const struct cli_action actions[] = {
	{ "create", "create NAME --raters A,B [--task TASK] [options]", 1, manage_create, 0 },
	{ "list", "list", 0, cmd_round_list, CMD_READONLY },
	{ "show", "show NAME", 1, cmd_round_show, CMD_READONLY },
	{ "items", "items NAME [--raters RATER]", 1, cmd_round_items, CMD_READONLY },
	{ "close", "close NAME [--min-kappa K]", 1, manage_close, 0 },
	{ "reopen", "reopen NAME", 1, manage_reopen, 0 },
	{ "delete", "delete NAME", 1, manage_delete, 0 },
	{ NULL, NULL, 0, NULL, 0 },
};

const struct cmd_entry cmd_round_entry = {
	{ "round", "create NAME --raters A,B [options] | list | show NAME | items NAME | close NAME | reopen NAME | "
		   "delete NAME",
	  "make, follow and close rounds of work",
	  "A round is a named batch of work of one task (a scheme) for some raters.\n"
	  "create takes the project's items in conversation order (the first N\n"
	  "conversations, a sample, some systems), cuts them into conversations or\n"
	  "single items and gives each to --overlap raters, balanced and the same for\n"
	  "the same --seed; each rater's queue is in conversation order (convqa annotate\n"
	  "--rater NAME --round ROUND). --swap-from ROUND makes round 2 of the two-round\n"
	  "protocol: each rater gets the items the next rater had in ROUND (with two\n"
	  "raters, each the other's), so that the two rounds overlap completely.\n"
	  "show gives each rater's progress (items finished / assigned), active time\n"
	  "and, at their pace, the time left; items lists its items (one rater's with\n"
	  "--raters NAME) as --items reads them. close ends a round (its raters can no\n"
	  "longer change their labels; an adjudicator still settles its disagreements\n"
	  "with convqa adjudicate), names the raters who have not finished, and prints\n"
	  "the agreement on its labels (of a round 1 with one rater per item, a line\n"
	  "that says it comes with round 2); reopen opens it again. delete removes a\n"
	  "round made by mistake, only while nothing was labelled in it.",
	  opts, 1, 2, actions },
	CMD_PROJECT, NULL, check, NULL, release, &options, NULL,
};
