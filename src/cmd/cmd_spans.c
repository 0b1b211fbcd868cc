/* cmd_spans.c - convqa spans: find the evidence spans of every response (or
 * one system's) in the passages it retrieved, and store them (spans.h for
 * the algorithm, store_spans_* for the rows). */
#include <stdio.h>
#include <stdlib.h>

#include "convqa/access.h"
#include "convqa/cli.h"
#include "convqa/spans.h"
#include "convqa/store.h"

/* The options, given to check and run as c->data. */
static struct spans_opts {
	const char *window, *min_overlap, *system, *source;
} options;
static const struct cli_opt opts[] = {
	{ "window", 0, "N", "tokens per window (default 30)", &options.window, NULL },
	{ "min-overlap", 0, "T", "share of the answer's distinct tokens a window needs, 0 to 1 (default 0.2)",
	  &options.min_overlap, NULL },
	{ "system", 's', "NAME", "only the responses of system NAME", &options.system, NULL },
	{ "source", 0, "LIST", "whose tokens: answer, gold or answer,gold (default)", &options.source, NULL },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

static struct spans_params params;

static int check(struct cmd_ctx *c)
{
	const struct spans_opts *o = c->data;
	long w;
	struct error err;
	spans_params_init(&params);
	if (o->window) {
		if (parse_long(o->window, 1, SPANS_WINDOW_MAX, &w) != 0) {
			cli_printf(stderr, "convqa spans: --window expects a whole number from 1 to %d, got '%s'\n",
				   SPANS_WINDOW_MAX, o->window);
			return ST_USAGE;
		}
		params.window = (size_t)w;
	}
	if (o->min_overlap && parse_number(o->min_overlap, 0, 1, &params.min_overlap) != 0) {
		cli_printf(stderr, "convqa spans: --min-overlap expects a number from 0 to 1, got '%s'\n",
			   o->min_overlap);
		return ST_USAGE;
	}
	if (o->source && spans_parse_sources(o->source, &params.sources, &err) != 0) {
		cli_printf(stderr, "convqa spans: --source: %s\n", err.msg);
		return ST_USAGE;
	}
	return CLI_RUN;
}

/* The spans of one response, found and stored. */
static enum status one(struct store_spans *sp, const struct store_spans_response *r, struct spans *found,
		       const char *const *sources, size_t n_sources, struct store_spans_diff *d, struct error *err)
{
	struct spans_passage *p = xcalloc(r->n_passages + 1, sizeof(*p));
	for (size_t i = 0; i < r->n_passages; i++)
		p[i] = (struct spans_passage){ r->passages[i].ext_id, r->passages[i].text, r->passages[i].len };
	spans_extract(found, p, r->n_passages, r->answer, r->golds, r->n_golds, &params);
	free(p);
	struct store_span *v = xcalloc(found->n + 1, sizeof(*v));
	for (size_t i = 0; i < found->n; i++) {
		const struct span *s = &found->v[i];
		v[i] = (struct store_span){ r->passages[s->passage].id, r->passages[s->passage].text, s->start,
					    s->end, spans_source_name(s->source), s->score };
	}
	enum status st = store_spans_put(sp, r->id, sources, n_sources, v, found->n, d, err);
	free(v);
	return st;
}

static int run(struct cmd_ctx *c)
{
	const struct spans_opts *o = c->data;
	const char *sources[2];
	size_t n_sources = 0;
	if (params.sources & SPANS_ANSWER)
		sources[n_sources++] = spans_source_name(SPANS_ANSWER);
	if (params.sources & SPANS_GOLD)
		sources[n_sources++] = spans_source_name(SPANS_GOLD);

	struct store_spans *sp = NULL;
	struct store_spans_diff d = { 0 };
	struct spans found = SPANS_INIT;
	long responses = 0;
	enum status st = store_begin(c->store, &c->err);
	if (st != ST_OK)
		return st;
	/* stored data is the coordinators' to change (when the project has one bound) */
	st = access_check_coordinator(c->store, "compute evidence spans", &c->err);
	if (st == ST_OK)
		st = store_spans_open(c->store, o->system, &sp, &c->err);
	while (st == ST_OK) {
		const struct store_spans_response *r;
		st = store_spans_next(sp, &r, &c->err);
		if (st != ST_OK || !r)
			break;
		st = one(sp, r, &found, sources, n_sources, &d, &c->err);
		responses++;
	}
	store_spans_close(sp);
	spans_release(&found);
	if (st == ST_OK)
		st = store_commit(c->store, &c->err);
	else
		store_rollback(c->store);
	if (st != ST_OK)
		return st;
	cli_printf(stdout, "spans: %ld response%s, %ld span%s (%ld added, %ld removed, ", responses,
		   responses == 1 ? "" : "s", d.added + d.rescored + d.unchanged,
		   d.added + d.rescored + d.unchanged == 1 ? "" : "s", d.added, d.removed);
	if (d.rescored)
		cli_printf(stdout, "%ld rescored, ", d.rescored);
	cli_printf(stdout, "%ld unchanged)\n", d.unchanged);
	return ST_OK;
}

const struct cmd_entry cmd_spans_entry = {
	{ "spans", "[--db PATH] [--window N] [--min-overlap T] [--system NAME] [--source answer,gold]",
	  "find and store the evidence spans of the answers in their passages",
	  "For each response, a window of N tokens slides over each passage it\n"
	  "retrieved; a window is kept when it holds at least a share T of the\n"
	  "answer's distinct tokens (and at least one), as the answer metrics\n"
	  "normalise them. The stretch from a kept window's first to its last shared\n"
	  "token, widened out to whole sentences, is evidence; evidence that overlaps\n"
	  "or lies in consecutive sentences is merged into one span. --source gold\n"
	  "finds spans with each gold answer of the turn instead (answer,gold: both,\n"
	  "stored apart). Each span is stored with its passage, byte offsets, text,\n"
	  "source and score (the best window's share). Running again changes only\n"
	  "what differs, and says so; spans of other systems and sources stay. One\n"
	  "transaction; a coordinator's action when the project has one.",
	  opts, 0, 0, NULL },
	CMD_PROJECT, NULL, check, run, NULL, &options, NULL,
};
