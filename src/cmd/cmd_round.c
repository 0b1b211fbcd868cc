/* cmd_round.c - convqa round create | list | show | close | reopen: the
 * named batches of work raters label in (rounds.h makes them). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/access.h"
#include "convqa/agreement.h"
#include "convqa/cli.h"
#include "convqa/expr.h"
#include "convqa/metrics_stats.h"
#include "convqa/model.h"
#include "convqa/pair_disputes.h"
#include "convqa/report.h"
#include "convqa/rounds.h"
#include "convqa/scheme.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/store_item.h"
#include "convqa/store_live.h"
#include "convqa/store_pair.h"
#include "convqa/strbuf.h"

#define MAX_LIST 64

/* The options, given to the actions as c->data. */
static struct round_opts {
	const char *task, *raters, *overlap, *seed, *conversations, *sample, *systems, *by, *swap, *min_kappa,
		*control, *control_from, *items, *where, *from, *policy, *pairs;
	int pilot, live;
} options;
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
	double min_kappa, control;
	struct round_where where;
} a;

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
	if (o->min_kappa && (parse_number(o->min_kappa, -1, 1, &a.min_kappa) != 0)) {
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

/* ---- list, show ----------------------------------------------------------------- */

/* The items rater finished in round r (the queue's finished flags). */
static enum status finished(struct store *s, const struct store_round_row *r, const struct scheme *sc,
			    const struct store_round_rater *ra, size_t *done, struct error *err)
{
	const struct scheme_field *pref = scheme_field_by_role(sc, SROLE_PREFERENCE);
	if (pref && pref->unit == UNIT_PAIR) {   /* a pairwise round: the pairs with a preference */
		struct store_pair_item *it;
		size_t n;
		enum status st = store_pair_queue(s, r->id, ra->rater_id, r->task, pref->name, NULL, &it, &n, err);
		*done = 0;
		for (size_t i = 0; st == ST_OK && i < n; i++)
			*done += it[i].value != NULL;
		store_pair_items_free(it, st == ST_OK ? n : 0);
		return st;
	}
	struct store_queue q;
	enum status st = store_queue_open(s, ra->rater_id, ra->name, r->id, sc, &q, err);
	*done = st == ST_OK ? q.n_finished : 0;
	store_queue_release(&q);
	return st;
}

static int run_list(struct cmd_ctx *c)
{
	struct store_round_row *rows;
	size_t n;
	enum status st = store_round_list(c->store, NULL, &rows, &n, &c->err);
	if (st != ST_OK)
		return st;
	if (n == 0)
		cli_printf(stdout, "no rounds (make one with: convqa round create NAME --raters A,B)\n");
	else
		cli_printf(stdout, "%-16s %-14s %-6s %6s %6s  %s\n", "round", "task", "status", "raters", "items",
			   "created");
	for (size_t i = 0; i < n; i++) {
		const struct store_round_row *r = &rows[i];
		cli_printf(stdout, "%-16s %-14s %-6s %6ld %6ld  %.10s%s%s\n", r->name, r->task, r->status, r->n_raters,
			   r->n_items, r->created_at, r->pilot ? "  (pilot)" : "", r->live ? "  (live)" : "");
	}
	store_round_rows_free(rows, n);
	return ST_OK;
}

static void print_duration(double seconds)
{
	long s = lround(seconds);
	if (s >= 3600)
		cli_printf(stdout, "%ld h %02ld min", s / 3600, s / 60 % 60);
	else
		cli_printf(stdout, "%ld min %02ld s", s / 60, s % 60);
}

static void show_header(const struct store_round_row *r, long pairs)
{
	const char *item = pairs ? "pair" : "item";   /* a pairwise round's are pairs of answers */
	cli_printf(stdout, "round %s: %s, %s%s\n", r->name, r->task, r->status, r->pilot ? " (pilot)" : "");
	cli_printf(stdout, "created %s%s%s\n", r->created_at, r->closed_at ? ", closed " : "",
		   r->closed_at ? r->closed_at : "");
	if (r->swap_from && r->live)
		cli_printf(stdout, "live round, swapped from round %s: raters converse from its first questions "
			   "(convqa chat --round %s), their turns the items\n", r->swap_from, r->name);
	else if (r->swap_from)
		cli_printf(stdout, "swapped from round %s\n", r->swap_from);
	else
		cli_printf(stdout, "%ld %s%s, %ld rater%s per %s%s, seed %lld\n", r->n_items, item,
			   r->n_items == 1 ? "" : "s", r->overlap ? r->overlap : r->n_raters,
			   (r->overlap ? r->overlap : r->n_raters) == 1 ? "" : "s",
			   pairs ? "pair" : "item or conversation", r->overlap ? "" : " (all)", (long long)r->seed);
	if (r->control > 0 && r->control_rater)
		cli_printf(stdout, "control %ss: %.0f%% of each queue, known answers by %s\n", item, 100 * r->control,
			   r->control_rater);
	else if (r->control > 0)
		cli_printf(stdout, "control items: %.0f%% of each queue, known answers from the gold (intent, "
			   "relevant passages)\n", 100 * r->control);
	if (r->made_by)
		cli_printf(stdout, "made with: convqa %s\n", r->made_by);
}

/* One rater's line: done / assigned, active time, and at their pace the
 * time left. */
static void show_rater(const struct store_round_rater *ra, size_t done, size_t *all_done, double *pace_sum)
{
	cli_printf(stdout, "  %-16s %6zu / %-6ld %5.1f%%  ", ra->name, done, ra->assigned,
		   ra->assigned ? 100.0 * (double)done / (double)ra->assigned : 0.0);
	print_duration(ra->seconds);
	if (done && (long)done < ra->assigned && ra->seconds <= 0) {
		cli_printf(stdout, "   time left unknown (no timed labels)");
	} else if (done && (long)done < ra->assigned) {
		double left = ra->seconds / (double)done * (double)(ra->assigned - (long)done);
		cli_printf(stdout, "   about ");
		print_duration(left);
		cli_printf(stdout, " left");
		*pace_sum += left;
	}
	cli_printf(stdout, "\n");
	*all_done += done;
}

static enum status show_raters(struct cmd_ctx *c, const struct store_round_row *r)
{
	struct scheme *sc = NULL;
	struct store_round_rater *ra = NULL;
	size_t n = 0, all_done = 0;
	long all = 0;
	double left = 0;
	enum status st = scheme_load(c->store, r->task, &sc, &c->err);
	if (st == ST_OK)
		st = store_round_raters(c->store, r->id, &ra, &n, &c->err);
	if (st == ST_OK)
		cli_printf(stdout, "\n  %-16s %15s %7s  %-12s\n", "rater", "done / assigned", "", "active time");
	for (size_t i = 0; st == ST_OK && i < n; i++) {
		size_t done;
		st = finished(c->store, r, sc, &ra[i], &done, &c->err);
		if (st == ST_OK)
			show_rater(&ra[i], done, &all_done, &left);
		all += ra[i].assigned;
	}
	if (st == ST_OK && n)
		cli_printf(stdout, "  %-16s %6zu / %-6ld %5.1f%%\n", "all", all_done, all,
			   all ? 100.0 * (double)all_done / (double)all : 0.0);
	if (st == ST_OK && left > 0) {
		cli_printf(stdout, "at each rater's pace so far, the round needs about ");
		print_duration(left);
		cli_printf(stdout, " of work more\n");
	}
	store_round_raters_free(ra, n);
	scheme_free(sc);
	return st;
}

/* The round name names, or ST_INPUT listing the rounds there are. */
static enum status find_round(struct cmd_ctx *c, const char *name, struct store_round_row **row)
{
	size_t n;
	int64_t id;
	enum status st = store_round_info(c->store, name, &id, NULL, NULL, &c->err);
	if (st == ST_OK)
		st = store_round_list(c->store, name, row, &n, &c->err);
	return st;
}

/* Each rater's agreement with the known answers of the control items. */
static enum status show_controls(struct cmd_ctx *c, const struct store_round_row *r)
{
	struct round_control_tally *t;
	size_t n;
	enum status st = rounds_control_tally(c->store, r->id, &t, &n, &c->err);
	if (st != ST_OK || n == 0)
		return st;
	long pairs = 0;
	if (r->control_rater)
		st = store_pair_count(c->store, r->id, 0, &pairs, &c->err);
	if (st != ST_OK) {
		rounds_control_tally_free(t, n);
		return st;
	}
	if (pairs)
		cli_printf(stdout, "\ncontrol pairs, against %s's preferences (each field of the pair):\n",
			   r->control_rater);
	else if (r->control_rater)
		cli_printf(stdout, "\ncontrol items, against %s's labels (fields of the turn, response or answer):\n",
			   r->control_rater);
	else
		cli_printf(stdout, "\ncontrol items, against the gold (a turn's intent, the relevance of a gold "
			   "passage):\n");
	cli_printf(stdout, "  %-16s %8s %8s %7s  %s\n", "rater", "items", "values", "agreed", "accuracy (95% Wilson)");
	for (size_t i = 0; i < n; i++) {
		double lo, hi;
		cli_printf(stdout, "  %-16s %8ld %8ld %7ld  ", t[i].rater, t[i].items, t[i].n, t[i].agree);
		if (t[i].n && metrics_wilson_interval(t[i].agree, t[i].n, METRICS_Z95, &lo, &hi) == METRICS_OK)
			cli_printf(stdout, "%.3f (%.3f-%.3f)\n", (double)t[i].agree / (double)t[i].n, lo, hi);
		else
			cli_printf(stdout, "-\n");
	}
	rounds_control_tally_free(t, n);
	return ST_OK;
}

/* A live round: each rater's first questions, used (a live conversation
 * started from it) and left. */
static enum status show_live(struct cmd_ctx *c, const struct store_round_row *r)
{
	struct store_round_rater *ra = NULL;
	size_t n = 0;
	enum status st = store_round_raters(c->store, r->id, &ra, &n, &c->err);
	if (st == ST_OK)
		cli_printf(stdout, "\nfirst questions (live conversations started from them):\n  %-16s %6s %6s\n",
			   "rater", "used", "left");
	for (size_t i = 0; st == ST_OK && i < n; i++) {
		struct store_live_start *v;
		size_t nv, used = 0;
		st = store_live_starts(c->store, r->name, ra[i].rater_id, &v, &nv, &c->err);
		if (st != ST_OK)
			break;
		for (size_t k = 0; k < nv; k++)
			used += v[k].started != 0;
		cli_printf(stdout, "  %-16s %6zu %6zu\n", ra[i].name, used, nv - used);
		store_live_starts_free(v, nv);
	}
	store_round_raters_free(ra, n);
	return st;
}

/* A pairwise round: the pairs its raters disagree on, settled and open
 * (convqa adjudicate walks them). */
static enum status show_disputes(struct cmd_ctx *c, const struct store_round_row *r)
{
	struct scheme *sc = NULL;
	struct pair_disputes d;
	enum status st = scheme_load(c->store, r->task, &sc, &c->err);
	const struct scheme_field *pref = sc ? scheme_field_by_role(sc, SROLE_PREFERENCE) : NULL;
	if (st != ST_OK || !pref || pref->unit != UNIT_PAIR) {
		scheme_free(sc);
		return st == ST_INPUT ? ST_OK : st;   /* a task the project no longer has: nothing to say */
	}
	st = pair_disputes_count(c->store, r->id, sc, &d, &c->err);
	scheme_free(sc);
	if (st != ST_OK)
		return st;
	if (!d.n)
		cli_printf(stdout, "\ndisagreements: none (%ld pair%s judged by two raters or more)\n", d.units,
			   d.units == 1 ? "" : "s");
	else
		cli_printf(stdout, "\ndisagreements: %ld of the %ld pair%s judged by two raters or more; %ld settled by "
			   "an adjudicator, %ld open\n", d.n, d.units, d.units == 1 ? "" : "s", d.settled,
			   d.n - d.settled);
	if (d.n > d.settled)
		cli_printf(stdout, "an adjudicator settles them with: convqa adjudicate --round %s\n", r->name);
	return ST_OK;
}

static int run_show(struct cmd_ctx *c)
{
	struct store_round_row *r = NULL;
	enum status st = find_round(c, c->args[1], &r);
	long pairs = 0;
	if (st == ST_OK)
		st = store_pair_count(c->store, r->id, 0, &pairs, &c->err);
	if (st == ST_OK) {
		show_header(r, pairs);
		st = show_raters(c, r);
	}
	if (st == ST_OK)
		st = show_disputes(c, r);
	if (st == ST_OK && r->live)
		st = show_live(c, r);
	if (st == ST_OK)
		st = show_controls(c, r);
	store_round_rows_free(r, r ? 1 : 0);
	return st;
}

/* ---- items, delete -------------------------------------------------------------- */

struct listed {
	long items, controls;
};

static int print_item(const struct store_round_listed *it, void *ctx)
{
	struct listed *l = ctx;
	if (it->control) {   /* known answers mixed in: not the round's own items */
		l->controls++;
		return 0;
	}
	l->items++;
	/* tab-separated (the sanitiser would make a tab spaces) */
	cli_printf(stdout, "%s", it->conversation);
	fputc('\t', stdout);
	cli_printf(stdout, "%d", it->turn);
	fputc('\t', stdout);
	cli_printf(stdout, "%s\n", it->system);
	return 0;
}

/* The round's items (one rater's with --raters) as --items takes them;
 * the control items are left out (counted in a last comment). */
static int run_items(struct cmd_ctx *c)
{
	const struct round_opts *o = c->data;
	struct store_round_row *r = NULL;
	struct listed l = { 0, 0 };
	int64_t rater = 0;
	enum status st = find_round(c, c->args[1], &r);
	long pairs = 0;
	if (st == ST_OK)
		st = store_pair_count(c->store, r->id, 0, &pairs, &c->err);
	if (st == ST_OK && pairs)
		st = error_set(&c->err, ST_INPUT, "round '%s' is a pairwise round: its items are pairs of answers, not "
			       "items --items takes (export --format prefs-csv --round %s lists the preferences)", r->name,
			       r->name);
	if (st == ST_OK && o->raters) {
		st = store_rater_find(c->store, o->raters, &rater, &c->err);
		if (st == ST_OK && !rater)
			st = error_set(&c->err, ST_INPUT, "no rater '%s' in the project (convqa rater list lists them)",
				       o->raters);
	}
	if (st == ST_OK) {
		cli_printf(stdout, "# round %s (%s)%s%s: conversation, turn, system; round create --items FILE takes "
			   "these lines\n", r->name, r->task, o->raters ? ", the items of " : "",
			   o->raters ? o->raters : "");
		st = store_round_items(c->store, r->id, rater, print_item, &l, &c->err);
	}
	if (st == ST_OK && l.controls)
		cli_printf(stdout, "# and %ld control item%s (known answers mixed in), left out\n", l.controls,
			   l.controls == 1 ? "" : "s");
	if (st == ST_OK && o->raters && !l.items && !l.controls)
		st = error_set(&c->err, ST_INPUT, "rater '%s' has no items in round '%s' (its raters: convqa round "
			       "show %s)", o->raters, r->name, r->name);
	store_round_rows_free(r, r ? 1 : 0);
	return st;
}

/* A round made by mistake: gone, when nothing was labelled in it. */
static int run_delete(struct cmd_ctx *c)
{
	int64_t id;
	long labels, rounds;
	int closed = 0;
	enum status st = store_round_info(c->store, c->args[1], &id, NULL, &closed, &c->err);
	if (st == ST_OK)
		st = store_round_delete(c->store, id, &labels, &rounds, &c->err);
	if (st != ST_OK)
		return st;
	if (labels && closed)
		return error_set(&c->err, ST_INPUT, "round '%s' has %ld label%s: it is not deleted (a round's labels "
				 "are kept; it is closed already)", c->args[1], labels, labels == 1 ? "" : "s");
	if (labels)
		return error_set(&c->err, ST_INPUT, "round '%s' has %ld label%s: it is not deleted (a round's labels "
				 "are kept; convqa round close %s ends it)", c->args[1], labels, labels == 1 ? "" : "s",
				 c->args[1]);
	if (rounds)
		return error_set(&c->err, ST_INPUT, "round '%s' is the first round of %ld round%s made with "
				 "--swap-from: it is not deleted", c->args[1], rounds, rounds == 1 ? "" : "s");
	cli_printf(stdout, "deleted round '%s' (nothing was labelled in it)\n", c->args[1]);
	return ST_OK;
}

/* ---- close, reopen ------------------------------------------------------------- */

/* The id of field f of scheme sc in the agreement section: FIELD, or
 * SCHEME/FIELD for a project scheme's. */
static void field_id(const struct scheme *sc, const struct scheme_field *f, char *id, size_t size)
{
	int builtin = scheme_is_builtin(sc->name);
	snprintf(id, size, "%s%s%s", builtin ? "" : sc->name, builtin ? "" : "/", f->name);
}

/* Whether any field of the round's task has a unit two raters labelled. */
static int any_shared_unit(const struct report *rep, const struct scheme *sc)
{
	for (size_t f = 0; f < sc->n_fields; f++) {
		char id[160];
		long units = 0;
		field_id(sc, &sc->fields[f], id, sizeof(id));
		if (report_value(rep, "agreement", "summary", id, "raters", NULL, &units, NULL) && units > 0)
			return 1;
	}
	return 0;
}

/* A round 1 of the two-round protocol (one rater per item, not a swap
 * itself) whose labels share no unit: one line instead of a table of
 * undefined values; 1 when said. */
static int agreement_comes_later(struct cmd_ctx *c, const struct store_round_row *r, const struct report *rep,
				 const struct scheme *sc, enum status *st)
{
	struct store_round_row *rows = NULL;
	struct store_round_rater *ra = NULL;
	size_t n = 0, n_ra = 0;
	const char *later = NULL;
	if (r->swap_from || r->overlap != 1 || any_shared_unit(rep, sc) || scheme_judges_pairs(sc))
		return 0;   /* a pairwise round has no round 2: its section says what it compared */
	*st = store_round_raters(c->store, r->id, &ra, &n_ra, &c->err);
	if (*st == ST_OK && n_ra < 2) {   /* one rater: the report says there is nothing to compare */
		store_round_raters_free(ra, n_ra);
		return 0;
	}
	if (*st == ST_OK)
		*st = store_round_list(c->store, NULL, &rows, &n, &c->err);
	for (size_t i = 0; *st == ST_OK && i < n && !later; i++)
		if (rows[i].swap_from && strcmp(rows[i].swap_from, r->name) == 0)
			later = rows[i].name;
	if (*st == ST_OK && later)
		cli_printf(stdout, "round %s gives each item one rater: its agreement comes with round %s (swapped from "
			   "it), over both rounds, when round %s is closed\n", r->name, later, later);
	if (*st == ST_OK && !later) {
		cli_printf(stdout, "round %s gives each item one rater: its agreement comes with a round 2 over the same "
			   "items (convqa round create NAME --raters ", r->name);
		for (size_t i = 0; i < n_ra; i++)
			cli_printf(stdout, "%s%s", i ? "," : "", ra[i].name);
		cli_printf(stdout, " --swap-from %s)\n", r->name);
	}
	store_round_raters_free(ra, n_ra);
	store_round_rows_free(rows, n);
	return *st == ST_OK;
}

/* The agreement of the round's labels, as convqa agreement --round prints
 * it; of a round 2 (--swap-from), with its round 1: their overlap; of a
 * round 1 before its round 2, one line that says so. */
static enum status print_agreement(struct cmd_ctx *c, const struct store_round_row *r, const struct scheme *sc,
				   struct report **out)
{
	struct report_options o;
	char *rounds = r->swap_from ? xasprintf("%s,%s", r->swap_from, r->name) : xstrdup(r->name);
	report_options_init(&o);
	o.round = rounds;
	/* a pairwise round's agreement is over pairs: its section pairwise:FIELD */
	o.sections = scheme_judges_pairs(sc) ? REPORT_SEC_PREFERENCES : REPORT_SEC_AGREEMENT;
	o.command = "round close";
	o.project = store_path(c->store);
	if (r->swap_from)
		cli_printf(stdout, "round %s swapped the items of round %s: the agreement is over both\n\n", r->name,
			   r->swap_from);
	enum status st = report_build(c->store, &o, out, &c->err);
	if (st == ST_OK && !agreement_comes_later(c, r, *out, sc, &st) && st == ST_OK)
		st = report_write(*out, REPORT_TEXT, stdout, &c->err);
	free(rounds);
	return st;
}

/* With --min-kappa: the rater pairs of each field whose kappa is below it;
 * or that nothing was checked, and why. */
static void flag_low(struct cmd_ctx *c, const struct report *r, const struct store_round_row *row,
		     const struct scheme *sc)
{
	struct store_round_rater *ra = NULL;
	size_t n = 0, low = 0, checked = 0, shared = 0;
	if (store_round_raters(c->store, row->id, &ra, &n, &c->err) != ST_OK)
		return;
	for (size_t f = 0; f < sc->n_fields; f++) {
		char id[160], sec[200];
		if (sc->fields[f].type == TYPE_TEXT)
			continue;
		field_id(sc, &sc->fields[f], id, sizeof(id));
		/* a field of pairs: its section pairwise:FIELD, table agreement */
		int pairs = sc->fields[f].unit == UNIT_PAIR;
		snprintf(sec, sizeof(sec), "%s%s", pairs ? "pairwise:" : "agreement", pairs ? sc->fields[f].name : "");
		for (size_t i = 0; i < n; i++)
			for (size_t j = i + 1; j < n; j++) {
				char pair[300];
				const char *why = NULL;
				double k;
				long units;
				snprintf(pair, sizeof(pair), "%s / %s", ra[i].name, ra[j].name);
				int found = report_value(r, sec, pairs ? "agreement" : id, pair, "kappa", &k, &units, &why);
				if (!found && pairs && !why) {   /* the pairwise section names raters in id order */
					snprintf(pair, sizeof(pair), "%s / %s", ra[j].name, ra[i].name);
					found = report_value(r, sec, "agreement", pair, "kappa", &k, &units, &why);
				}
				if (!found) {
					shared += why && strcmp(why, agreement_status_message(AGREEMENT_NO_ITEMS)) != 0;
					continue;
				}
				checked++;
				if (k >= a.min_kappa)
					continue;
				cli_printf(stdout, "%s%s: %s kappa %.3f on %ld units, below %g\n",
					   low++ ? "" : "\nbelow --min-kappa:\n", id, pair, k, units, a.min_kappa);
			}
	}
	if (!checked && !shared)
		cli_printf(stdout, "\nno rater pair shares a unit, so nothing was checked against --min-kappa %g\n",
			   a.min_kappa);
	else if (!checked)
		cli_printf(stdout, "\nno rater pair's kappa is defined (each pair's shared units hold one category "
			   "only), so nothing was checked against --min-kappa %g\n", a.min_kappa);
	else if (!low)
		cli_printf(stdout, "\nevery rater pair's kappa is at least %g (pairs whose kappa is undefined, "
			   "with no shared unit or one category only, are not counted)\n", a.min_kappa);
	store_round_raters_free(ra, n);
}

/* Closing: the raters who have not finished their items, with counts
 * (the round closes all the same). */
static enum status print_unfinished(struct cmd_ctx *c, const struct store_round_row *r, const struct scheme *sc)
{
	struct store_round_rater *ra = NULL;
	size_t n = 0, left = 0;
	enum status st = store_round_raters(c->store, r->id, &ra, &n, &c->err);
	for (size_t i = 0; st == ST_OK && i < n; i++) {
		size_t done;
		st = finished(c->store, r, sc, &ra[i], &done, &c->err);
		if (st == ST_OK && (long)done < ra[i].assigned)
			cli_printf(stdout, "%s%s %zu of %ld item%s", left++ ? ", " : "not finished: ", ra[i].name, done,
				   ra[i].assigned, ra[i].assigned == 1 ? "" : "s");
	}
	if (st == ST_OK && left)
		cli_printf(stdout, " (closed all the same; convqa round reopen %s opens it again)\n", r->name);
	store_round_raters_free(ra, n);
	return st;
}

static int run_status(struct cmd_ctx *c, int closed)
{
	const struct round_opts *o = c->data;
	struct store_round_row *r = NULL;
	struct report *rep = NULL;
	struct scheme *sc = NULL;
	enum status st = find_round(c, c->args[1], &r);
	if (st == ST_OK && strcmp(r->status, closed ? "closed" : "open") == 0) {
		cli_printf(stdout, "round '%s' is %s already\n", r->name, r->status);
		store_round_rows_free(r, 1);
		return ST_OK;
	}
	if (st == ST_OK && closed)
		st = scheme_load(c->store, r->task, &sc, &c->err);
	if (st == ST_OK)
		st = store_round_set_status(c->store, r->id, closed, &c->err);
	if (st == ST_OK)
		cli_printf(stdout, closed ? "closed round '%s': its raters can no longer change its labels\n"
					  : "reopened round '%s': its raters can label again\n", r->name);
	if (st == ST_OK && closed)
		st = print_unfinished(c, r, sc);
	if (st == ST_OK && closed) {
		cli_printf(stdout, "\n");
		st = print_agreement(c, r, sc, &rep);
	}
	if (st == ST_OK && closed && o->min_kappa)
		flag_low(c, rep, r, sc);
	report_free(rep);
	scheme_free(sc);
	store_round_rows_free(r, r ? 1 : 0);
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
	return run_status(c, 1);
}

static int run_reopen(struct cmd_ctx *c)
{
	return run_status(c, 0);
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
	return manage(c, "delete rounds", run_delete);
}

static const struct cli_action actions[] = {
	{ "create", "create NAME --raters A,B [--task TASK] [options]", 1, manage_create, 0 },
	{ "list", "list", 0, run_list, CMD_READONLY },
	{ "show", "show NAME", 1, run_show, CMD_READONLY },
	{ "items", "items NAME [--raters RATER]", 1, run_items, CMD_READONLY },
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
