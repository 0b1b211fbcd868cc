/* cmd_search.c - convqa search: every passage of the project, ranked by
 * BM25, with highlighted snippets and the turns that retrieved each one or
 * have it as gold. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/json.h"
#include "convqa/store.h"
#include "convqa/store_search.h"
#include "convqa/strbuf.h"

static const char *opt_limit, *opt_offset, *opt_format;
static const struct cli_opt opts[] = {
	{ "limit", 'n', "N", "show at most N passages (default: 10)", &opt_limit, NULL },
	{ "offset", 0, "N", "skip the N best first: the next page (default: 0)", &opt_offset, NULL },
	{ "format", 'f', "FORMAT", "text (default) or json", &opt_format, NULL },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

static struct {
	long limit, offset;
	int json;
	struct strbuf query;
} o;

static int check(struct cmd_ctx *c)
{
	o.limit = 10;
	o.offset = 0;
	o.json = 0;
	if (opt_limit && parse_long(opt_limit, 1, 1000000, &o.limit) != 0) {
		cli_printf(stderr, "convqa search: --limit '%s': give a whole number from 1 to 1000000\n", opt_limit);
		return ST_USAGE;
	}
	if (opt_offset && parse_long(opt_offset, 0, 1000000000, &o.offset) != 0) {
		cli_printf(stderr, "convqa search: --offset '%s': give a whole number, 0 or more\n", opt_offset);
		return ST_USAGE;
	}
	if (opt_format && strcmp(opt_format, "json") == 0)
		o.json = 1;
	else if (opt_format && strcmp(opt_format, "text") != 0) {
		cli_printf(stderr, "convqa search: unknown format '%s': use text or json\n", opt_format);
		return ST_USAGE;
	}
	strbuf_reset(&o.query);
	for (int i = 0; i < c->nargs; i++)
		strbuf_addf(&o.query, "%s%s", i ? " " : "", c->args[i]);
	return CLI_RUN;
}

/* s on one line: runs of white space (newlines, tabs) as one space. */
static void one_line(struct strbuf *sb, const char *s)
{
	strbuf_reset(sb);
	int space = 0;
	for (; s && *s; s++) {
		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\v' || *s == '\f') {
			space = 1;
			continue;
		}
		if (space && sb->len)
			strbuf_addc(sb, ' ');
		space = 0;
		strbuf_addc(sb, *s);
	}
}

static void print_text(const struct store_search_result *r)
{
	struct strbuf line = STRBUF_INIT;
	if (r->total == 0)
		cli_printf(stdout, "no passage matches '%s'\n", strbuf_str(&o.query));
	else if (r->n == 0)
		cli_printf(stdout, "%ld passage%s '%s'; none from %ld on: give a smaller --offset\n", r->total,
			   r->total == 1 ? " matches" : "s match", strbuf_str(&o.query), o.offset + 1);
	else
		cli_printf(stdout, "%ld passage%s '%s' (best first, %ld-%ld shown)\n", r->total,
			   r->total == 1 ? " matches" : "s match", strbuf_str(&o.query), o.offset + 1, o.offset + (long)r->n);
	for (size_t i = 0; i < r->n; i++) {
		const struct store_hit *h = &r->hits[i];
		one_line(&line, h->title);
		cli_printf(stdout, "\n%ld. %s%s%s  (bm25 %.4g)\n", o.offset + (long)i + 1, h->ext_id,
			   h->title ? "  " : "", strbuf_str(&line), -h->score);
		one_line(&line, h->snippet);
		cli_printf(stdout, "   %s\n", strbuf_str(&line));
		if (h->retrieved_by)
			cli_printf(stdout, "   retrieved by: %s\n", h->retrieved_by);
		if (h->gold_for)
			cli_printf(stdout, "   gold for: %s\n", h->gold_for);
	}
	if (r->id_only)
		cli_printf(stdout, "\n%ld passage%s known by id only (no text yet) %s not searched: import a "
			   "collection to search %s\n", r->id_only, r->id_only == 1 ? "" : "s",
			   r->id_only == 1 ? "is" : "are", r->id_only == 1 ? "it" : "them");
	strbuf_release(&line);
}

static void print_json(const struct store_search_result *r)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "{\"query\": ");
	json_quote(&sb, strbuf_str(&o.query));
	strbuf_addf(&sb, ", \"total\": %ld, \"offset\": %ld, \"limit\": %ld, \"id_only\": %ld, "
		    "\"markers\": [\"" STORE_SEARCH_OPEN "\", \"" STORE_SEARCH_CLOSE "\"], \"passages\": [",
		    r->total, o.offset, o.limit, r->id_only);
	for (size_t i = 0; i < r->n; i++) {
		const struct store_hit *h = &r->hits[i];
		strbuf_addf(&sb, "%s\n  {\"rank\": %ld", i ? "," : "", o.offset + (long)i + 1);
		json_member(&sb, ", \"id\": ", h->ext_id);
		json_member(&sb, ", \"title\": ", h->title);
		strbuf_addf(&sb, ", \"bm25\": %.6f", -h->score);
		json_member(&sb, ", \"snippet\": ", h->snippet);
		json_member(&sb, ", \"retrieved_by\": ", h->retrieved_by);
		json_member(&sb, ", \"gold_for\": ", h->gold_for);
		strbuf_adds(&sb, "}");
	}
	strbuf_adds(&sb, r->n ? "\n]}\n" : "]}\n");
	fputs(strbuf_str(&sb), stdout);
	strbuf_release(&sb);
}

static int run(struct cmd_ctx *c)
{
	struct store_search_query q = { strbuf_str(&o.query), o.limit, o.offset, 0, 1 };
	struct store_search_result r;
	enum status st = store_search(c->store, &q, &r, &c->err);
	if (st == ST_USAGE) {
		cli_printf(stderr, "convqa search: %s\n", c->err.msg);
		c->err.msg[0] = '\0';
		return ST_USAGE;
	}
	if (st != ST_OK)
		return st;
	if (r.passages == 0 && !o.json) {
		cli_printf(stdout, "the project '%s' has no passages yet: import a collection or a run first "
			   "(convqa import FILE)\n", store_path(c->store));
		store_search_release(&r);
		return ST_OK;
	}
	if (o.json)
		print_json(&r);
	else
		print_text(&r);
	store_search_release(&r);
	return ST_OK;
}

static void release(struct cmd_ctx *c)
{
	strbuf_release(&o.query);
}

const struct cmd_entry cmd_search_entry = {
	{ "search", "[options] QUERY...", "search every passage of the project, ranked by BM25",
	  "QUERY (the arguments joined by spaces) is an SQLite FTS5 query: words (all\n"
	  "must occur), \"a phrase\", OR, NOT, NEAR(a b), prefix*, title:word. A query\n"
	  "FTS5 cannot read (an unbalanced quote, a bare operator) is refused with\n"
	  "FTS5's reason; put words in double quotes to search them as they are.\n"
	  "Passages are ranked by FTS5's bm25() with the title weighted 2 and the\n"
	  "text 1, best first, ties by passage id. Each shows its id, title, BM25\n"
	  "score, a snippet with the matching terms between [[ and ]], the turns\n"
	  "whose responses retrieved it (CONVERSATION TURN (SYSTEM)) and the turns\n"
	  "that have it as gold. Passages known by id only are counted, not searched.",
	  opts, 1, -1, NULL },
	CMD_PROJECT | CMD_READONLY, NULL, check, run, release, NULL, NULL,
};
