/* import_csv_gold.c - a ground truth as CSV (RFC 4180) with the header
 * question,document: one gold document per question, as retrieval
 * tutorials give it. Each row becomes a conversation of one turn, the
 * question, whose gold passage is the document, known by its id until
 * --collection gives its text (collection.h). The conversation's id is
 * derived from the question, "csv-" and the first 16 hex digits of its
 * SHA-256, so that the same question gets the same conversation whatever
 * the row (a file imported again, rows reordered or added, adds nothing
 * twice). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/collection.h"
#include "convqa/formats.h"
#include "convqa/hash.h"
#include "convqa/import_sink.h"
#include "convqa/strmap.h"
#include "csv_read.h"
#include "json_read.h"

#define HEADER_HELP "a header question,document, then one row per question: the question and the id of its gold " \
		    "document"

struct gold_reader {
	struct csv_reader csv;
	struct json_reader jr;         /* the problems, up to ten */
	struct model_tasks *m;
	int q_col, d_col;              /* the columns of question and document */
	struct strmap questions;       /* question -> line, for duplicates */
	struct strmap documents;       /* document -> index in m->passages */
};

/* A problem of the record read: "NAME:LINE: " + the message. */
static void problem(struct gold_reader *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void problem(struct gold_reader *g, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	int n = snprintf(msg, sizeof(msg), "%s:%zu: ", g->csv.name, g->csv.record_line);
	va_start(ap, fmt);
	vsnprintf(msg + n, sizeof(msg) - (size_t)n, fmt, ap);
	va_end(ap);
	jr_message(&g->jr, msg);
}

static int read_header(struct gold_reader *g, struct error *err)
{
	int rc = csv_next(&g->csv, err);
	g->q_col = g->d_col = -1;
	for (size_t i = 0; rc > 0 && i < g->csv.n; i++) {
		if (strcmp(g->csv.fields[i], "question") == 0 && g->q_col < 0)
			g->q_col = (int)i;
		else if (strcmp(g->csv.fields[i], "document") == 0 && g->d_col < 0)
			g->d_col = (int)i;
	}
	if (rc < 0) {
		jr_message(&g->jr, err->msg);
		return -1;
	}
	if (rc == 0 || g->csv.n != 2 || g->q_col < 0 || g->d_col < 0) {
		g->csv.record_line = 1;
		problem(g, "%sexpected %s", rc == 0 ? "empty file: " : "not the header question,document: ", HEADER_HELP);
		return -1;
	}
	return 0;
}

/* The passage of document id (known by id only), once. */
static void document_passage(struct gold_reader *g, const char *id, const char *where)
{
	struct model_tasks *m = g->m;
	if (!strmap_put(&g->documents, id, m->n_passages, NULL))
		return;
	xgrow(&m->passages, &m->cap_passages, m->n_passages + 1, sizeof(*m->passages));
	m->passages[m->n_passages++] = (struct model_passage){ .id = id, .where = where };
}

/* A row: a conversation of one turn whose gold passage is the document. */
static void read_row(struct gold_reader *g)
{
	struct model_tasks *m = g->m;
	const char *q = g->csv.fields[g->q_col], *d = g->csv.fields[g->d_col];
	if (!*q || !*d) {
		problem(g, "%s is empty (%s)", !*q ? "the question" : "the document", HEADER_HELP);
		return;
	}
	q = model_strdup(m, q);
	size_t *first;
	if (!strmap_put(&g->questions, q, g->csv.record_line, &first)) {
		problem(g, "the question \"%s\" is given twice (also on line %zu): csv-gold takes one gold document "
			"per question", q, *first);
		return;
	}
	const char *where = model_printf(m, "%s:%zu", g->csv.name, g->csv.record_line);
	char hex[65];
	hash_sha256_hex(q, strlen(q), hex);
	struct model_turn *t = xcalloc(1, sizeof(*t));
	t->position = 1;
	t->question = q;
	t->has_gold = 1;
	t->gold_passages = xcalloc(1, sizeof(*t->gold_passages));
	t->gold_passages[0] = model_strdup(m, d);
	t->n_gold_passages = 1;
	t->where = where;
	document_passage(g, t->gold_passages[0], where);
	xgrow(&m->conversations, &m->cap_conversations, m->n_conversations + 1, sizeof(*m->conversations));
	m->conversations[m->n_conversations++] = (struct model_conversation){
		.id = model_printf(m, "csv-%.16s", hex), .turns = t, .n_turns = 1, .where = where };
}

static enum status read_csv_gold(struct import_input *in, struct model_tasks *m, struct error *err)
{
	struct gold_reader g = { .m = m, .questions = STRMAP_INIT, .documents = STRMAP_INIT };
	struct error cerr;
	int rc;
	m->where_names_file = 1;
	jr_init(&g.jr, in->name, err);
	csv_init(&g.csv, in->name, in->buf, in->len);
	if (read_header(&g, &cerr) == 0) {
		while ((rc = csv_next(&g.csv, &cerr)) > 0) {
			if (g.csv.n == 1 && !*g.csv.fields[0])
				continue; /* a blank line */
			if (g.csv.n != 2) {
				problem(&g, "expected 2 fields (question,document), got %zu", g.csv.n);
				continue;
			}
			read_row(&g);
		}
		if (rc < 0)
			jr_message(&g.jr, cerr.msg);
	}
	csv_release(&g.csv);
	strmap_release(&g.questions);
	strmap_release(&g.documents);
	free(in->buf); /* m holds copies */
	in->buf = NULL;
	return jr_finish(&g.jr);
}

/* The whole file is read first (a ground truth is small), put into the
 * sink, then the collection gives the documents their text. */
static enum status feed_csv_gold(struct import_inputs *in, struct import_sink *k, struct error *err)
{
	struct model_tasks m;
	model_tasks_init(&m);
	enum status st = read_csv_gold(import_inputs_find(in, IMPORT_TASKS), &m, err);
	if (st != ST_OK)
		import_sink_abort(k);
	else if (import_sink_put_model(k, &m) != ST_OK)
		st = import_sink_end(k, err);   /* its refusal */
	else
		st = collection_end(k, in, err);
	model_tasks_release(&m);
	return st;
}

/* The file begins with the header question,document (or document,question). */
static int detect_csv_gold(const char *buf, size_t len)
{
	size_t i = len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
	static const char *const headers[] = { "question,document", "document,question" };
	for (size_t h = 0; h < ARRAY_SIZE(headers); h++) {
		size_t n = strlen(headers[h]);
		if (len - i > n && memcmp(buf + i, headers[h], n) == 0 && (buf[i + n] == '\n' || buf[i + n] == '\r'))
			return 1;
	}
	return 0;
}

const struct import_format import_csv_gold = {
	"csv-gold", "a ground truth as CSV: question,document rows (one gold document per question)",
	detect_csv_gold, read_csv_gold, feed_csv_gold, IMPORT_OPT_COLLECTION,
};
