/* cmd_import.c - convqa import: task files into the project, and the labels
 * a task file carries (an MTRAG file's ratings) with them, in one
 * transaction. */
#include <stdio.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/formats.h"
#include "convqa/importer.h"
#include "convqa/labelling.h"
#include "convqa/labels_read.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"

/* "5 conversations, 26 turns, 52 responses, 36 passages, 2 systems" of n[]
 * (with only_some, the nouns of which there are some) */
static void print_nouns(const long *n, int only_some)
{
	static const enum import_noun order[] = { IMP_CONVERSATIONS, IMP_TURNS, IMP_RESPONSES, IMP_PASSAGES,
						  IMP_SYSTEMS };
	int first = 1;
	for (size_t i = 0; i < ARRAY_SIZE(order); i++) {
		if (only_some && !n[order[i]])
			continue;
		cli_printf(stdout, "%s %ld %s", first ? "" : ",", n[order[i]], import_noun_name(order[i], n[order[i]]));
		first = 0;
	}
}

/* The end of the line: with a collection, the passages it had no text for. */
static void print_id_only(const struct import_counts *c)
{
	if (c->collection && c->id_only)
		cli_printf(stdout, "; %ld passage%s not in the collection, kept by id only", c->id_only,
			   c->id_only == 1 ? "" : "s");
	cli_printf(stdout, "\n");
}

static void print_counts(const char *file, const struct import_counts *c)
{
	long added = 0, updated = 0, present = 0;
	for (int i = 0; i < IMP__COUNT; i++) {
		added += c->added[i];
		updated += c->updated[i];
		present += c->present[i];
	}
	if (!added && !updated) {
		cli_printf(stdout, "%s: nothing new (its", file);
		print_nouns(c->present, 0);
		cli_printf(stdout, " are in the project already)");
		print_id_only(c);
		return;
	}
	cli_printf(stdout, "%s: added", file);
	print_nouns(c->added, 0);
	if (updated)
		cli_printf(stdout, "; filled in missing data of %ld of its entries", updated);
	if (present) {
		cli_printf(stdout, " (in the project already:");
		print_nouns(c->present, 1);
		cli_printf(stdout, ")");
	}
	print_id_only(c);
}

static int quiet, as_gold;
static const char *opt_format, *opt_min_grade;
static struct import_options o = { .min_grade = 1 };
static char format_help[256];
static const struct cli_opt opts[] = {
	{ "format", 'f', "FORMAT", format_help, &opt_format, NULL },
	{ "system", 0, "NAME", "the system whose run the files are (run formats)", &o.system, NULL },
	{ "collection", 0, "FILE", "the passages the files name: JSONL or a JSON array of {id, text, title?} "
	  "(run, qrels and csv-gold formats)", &o.collection, NULL },
	{ "qid-pattern", 0, "PATTERN", "how a query id names a turn (default {conv}_{turn})", &o.qid_pattern,
	  NULL },
	{ "as-gold", 0, NULL, "judgements become the turns' gold passages (qrels)", NULL, &as_gold },
	{ "as-rater", 0, "NAME", "judgements become the labels of rater NAME (qrels)", &o.as_rater, NULL },
	{ "min-grade", 0, "N", "the lowest grade that counts as relevant (default 1)", &opt_min_grade, NULL },
	{ "quiet", 'q', NULL, "print nothing on success", NULL, &quiet },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

/* --format's help names the formats of the import table: the entry's
 * prepare hook, called before any help is printed. */
static void make_format_help(void)
{
	struct strbuf sb = STRBUF_INIT;
	formats_import_names(&sb);
	snprintf(format_help, sizeof(format_help), "read the files as FORMAT: %s (default: detected per file)",
		 strbuf_str(&sb));
	strbuf_release(&sb);
}

static const struct import_format *format; /* NULL: detect it */

/* The formats that take option f, "a, b", appended to sb. */
static void formats_taking(unsigned f, struct strbuf *sb)
{
	const struct import_format *x;
	int n = 0;
	for (size_t i = 0; (x = formats_import(i)); i++)
		if (x->takes & f)
			strbuf_addf(sb, "%s%s", n++ ? ", " : "", x->name);
}

/* Which options were given; each must be one the format takes (a format
 * is then needed: detection never picks one that takes options). */
static int check_options(void)
{
	o.given = (o.system ? IMPORT_OPT_SYSTEM : 0) | (o.collection ? IMPORT_OPT_COLLECTION : 0) |
		  (o.qid_pattern ? IMPORT_OPT_QID_PATTERN : 0) | (as_gold ? IMPORT_OPT_AS_GOLD : 0) |
		  (o.as_rater ? IMPORT_OPT_AS_RATER : 0) | (opt_min_grade ? IMPORT_OPT_MIN_GRADE : 0);
	if (opt_min_grade && parse_long(opt_min_grade, 0, 1000000, &o.min_grade) != 0) {
		cli_printf(stderr, "convqa import: --min-grade takes a whole number from 0, not '%s'\n",
			   opt_min_grade);
		return ST_USAGE;
	}
	for (unsigned f = 1; f <= IMPORT_OPT_MIN_GRADE; f <<= 1) {
		if (!(o.given & f) || (format && (format->takes & f)))
			continue;
		struct strbuf sb = STRBUF_INIT;
		formats_taking(f, &sb);
		if (format)
			cli_printf(stderr, "convqa import: format '%s' does not take %s", format->name,
				   import_option_name(f));
		else
			cli_printf(stderr, "convqa import: %s needs --format", import_option_name(f));
		if (sb.len)
			cli_printf(stderr, " (formats that do: %s)\n", strbuf_str(&sb));
		else
			cli_printf(stderr, " (no format takes it)\n");
		strbuf_release(&sb);
		return ST_USAGE;
	}
	return ST_OK;
}

static int check(struct cmd_ctx *c)
{
	struct error err;
	if (opt_format && !(format = formats_import_find(opt_format, &err))) {
		cli_printf(stderr, "convqa import: %s\n", err.msg);
		return ST_USAGE;
	}
	int st = check_options();
	return st != ST_OK ? st : cli_check_stdin_once(c);
}

static void print_labels(const char *file, const struct labels_read *in, const struct labelling_import_result *r)
{
	cli_printf(stdout, "%s: %s: imported %ld label row%s (%ld already here)", file, in->kind, r->added,
		   r->added == 1 ? "" : "s", r->present);
	if (r->scheme_added)
		cli_printf(stdout, "; added scheme '%s'", in->labels[0].task);
	cli_printf(stdout, "\n");
}

/* Import path: its tasks, and the labels it carries (labels_read_carried:
 * read and checked first) in the same transaction, outside rounds. */
static enum status import_one(struct store *s, const char *path, struct error *err)
{
	struct labels_read in;
	struct import_counts counts;
	struct labelling_import_result res = { 0 };
	enum status st = labels_read_carried(path, format ? format->name : NULL, &in, err);
	if (!in.n)
		in.kind = NULL;   /* a file of that format without labels (MTRAG's generation tasks) */
	if (st == ST_OK && in.kind)
		st = store_begin(s, err);
	if (st == ST_OK)
		st = importer_import_as(s, path, format, &o, &counts, err);
	if (st == ST_OK && in.kind) {
		struct labelling_import_request rq = { .no_rounds = 1, .scheme_json = in.scheme_json };
		st = labelling_import(s, &rq, in.labels, in.n, &res, err);
		if (st == ST_OK)
			st = store_commit(s, err);
		else
			store_rollback(s);
	} else if (in.kind) {
		store_rollback(s);
	}
	if (st == ST_OK && !quiet) {
		print_counts(importer_input_name(path), &counts);
		if (in.kind)
			print_labels(importer_input_name(path), &in, &res);
		else if (in.not_read)
			cli_printf(stdout, "%s: its %s are not read from standard input or a pipe (read once, for "
				   "the tasks): import them with convqa import-labels FILE\n", importer_input_name(path),
				   in.not_read);
	}
	labels_read_release(&in);
	return st;
}

static int run(struct cmd_ctx *c)
{
	struct error err;
	enum status st = ST_OK;
	for (int i = 0; i < c->nargs && st == ST_OK; i++) {
		st = import_one(c->store, c->args[i], &err);
		if (st == ST_INPUT)
			cli_print_message(err.msg); /* FILE:LINE:COL: or FILE: $.path: */
		else if (st != ST_OK)
			report_error("%s", err.msg);
	}
	return st;
}

const struct cmd_entry cmd_import_entry = {
	{ "import", "[--db PATH] FILE...", "import task files (conversations, system outputs, passages)",
	  "A task file (schemas/tasks.schema.json) holds conversations, their turns,\n"
	  "the responses of one or more systems with ranked passages, optional gold\n"
	  "answers and passages, and a passage collection. Each file is checked as a\n"
	  "whole and imported in one transaction: all of it or nothing. Importing the\n"
	  "same file again changes nothing; an id that is already in the project with\n"
	  "different content is refused. Files are imported in order; an error stops\n"
	  "at that file (the files before it stay imported). FILE - is standard input\n"
	  "(pipes work too: convqa import /dev/stdin, <(...)). A file is read in the\n"
	  "format its start shows (convqa formats lists them), else as a task file.\n"
	  "An MTRAG evaluation file brings its evaluators' ratings too, as labels of\n"
	  "the scheme mtrag-likert (added if missing), in the same transaction.",
	  opts, 1, -1, NULL },
	CMD_PROJECT, NULL, check, run, NULL, NULL,
	make_format_help,
};
