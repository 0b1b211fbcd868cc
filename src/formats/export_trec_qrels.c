/* export_trec_qrels.c - relevance labels as TREC qrels, the export format
 * "trec-qrels": one line "qid 0 docid rel" per passage of a turn, which
 * trec_eval reads as the relevance judgements of a run.
 *
 * The labels are those of the field with the role relevance (a passage
 * field) of one task's scheme: rel is 0/1 for a binary field (1 from the
 * field's threshold on), the grade (the category's position, lowest 0) for
 * a graded one. qid is <conversation>_<turn> (the turn's 1-based position):
 * a conversation or passage id with white space cannot be written and is
 * refused. Relevance is pooled per passage of a turn: a passage is one
 * unit, however many responses retrieved it, and a rater's value of it is
 * their latest over the rounds (the report's rule). A label on a rater's
 * control item is no judgement (the report's rule too). Lines are sorted
 * by qid, then docid, as byte strings (LC_ALL=C sort -k1,1 -k3,3).
 *
 * One rater's labels (--rater NAME, or a project with one rater), or with
 * a consensus (export_options) the raters' values of each passage settled
 * by the report's rules (agreement_settle()): a passage without consensus
 * is left out and counted. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "convqa/agreement.h"
#include "convqa/formats.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"
#include "export_internal.h"

struct qrel {
	char *qid, *docid;
	size_t rater;                 /* index in ctx.raters */
	int code;                     /* the category's index */
	int64_t id;                   /* the label's: the latest is the rater's value */
};

/* A rater of the labels read, and their say in a consensus. */
struct qrater {
	char *name;
	int adjudicator, trusted;
};

struct ctx {
	struct store *store;
	struct export_schemes schemes;
	struct qrel *v;
	size_t n, cap;
	struct qrater *raters;
	size_t n_raters;
	char *task, *other_task;      /* the first two tasks with relevance labels */
	const struct scheme_field *field;   /* task's relevance field */
	enum status st;
	struct error *err;
};

static int has_space(const char *s)
{
	for (; *s; s++)
		if (isspace((unsigned char)*s))
			return 1;
	return 0;
}

/* The index of rater name in c->raters, looked up in the project once. */
static size_t rater_index(struct ctx *c, const char *name)
{
	for (size_t i = 0; i < c->n_raters; i++)
		if (strcmp(c->raters[i].name, name) == 0)
			return i;
	struct store_rater r = { 0 };
	int found = 0;
	struct error err;
	if (store_rater_get(c->store, name, &r, &found, &err) != ST_OK || !found)
		r.trusted = 1;   /* as the labels row names it: a vote */
	c->raters = xrealloc(c->raters, (c->n_raters + 1) * sizeof(*c->raters));
	c->raters[c->n_raters] = (struct qrater){ xstrdup(name), found && r.role == ROLE_ADJUDICATOR, r.trusted };
	store_rater_release(&r);
	return c->n_raters++;
}

static int row(const struct store_label_row *r, void *data)
{
	struct ctx *c = data;
	const struct scheme *sch = export_scheme_of(&c->schemes, r->task);
	const struct scheme_field *f = sch ? scheme_field_find(sch, r->field) : NULL;
	const struct scheme_category *cat = f && r->value ? scheme_category_find(f, r->value) : NULL;
	if (!f || f->role != SROLE_RELEVANCE || f->unit != UNIT_PASSAGE || !cat || !r->passage ||
	    (r->control && !r->control_hidden))   /* a blind rater's own: left out, it would tell which */
		return 0;
	if (has_space(r->conversation) || !*r->conversation) {
		c->st = error_set(c->err, ST_INPUT, "trec-qrels: conversation '%s' has white space in its id, which a "
				  "TREC qid cannot hold (qid: <conversation>_<turn>)", r->conversation);
		return 1;
	}
	if (has_space(r->passage) || !*r->passage) {
		c->st = error_set(c->err, ST_INPUT, "trec-qrels: passage '%s' has white space in its id, which a "
				  "TREC docid cannot hold", r->passage);
		return 1;
	}
	if (!c->task) {
		c->task = xstrdup(r->task);
		c->field = f;
	} else if (!c->other_task && strcmp(c->task, r->task) != 0) {
		c->other_task = xstrdup(r->task);
	}
	struct strbuf qid = STRBUF_INIT;
	strbuf_addf(&qid, "%s_%d", r->conversation, r->turn);
	xgrow(&c->v, &c->cap, c->n + 1, sizeof(*c->v));
	c->v[c->n++] = (struct qrel){ strbuf_detach(&qid), xstrdup(r->passage), rater_index(c, r->rater),
				       (int)(cat - f->categories), r->id };
	return 0;
}

static int same_passage(const struct qrel *a, const struct qrel *b)
{
	return strcmp(a->qid, b->qid) == 0 && strcmp(a->docid, b->docid) == 0;
}

/* By qid, docid, rater, then the latest label first (the rater's value). */
static int cmp_qrel(const void *pa, const void *pb)
{
	const struct qrel *a = pa, *b = pb;
	int c = strcmp(a->qid, b->qid);
	if (!c)
		c = strcmp(a->docid, b->docid);
	if (!c)
		c = (a->rater > b->rater) - (a->rater < b->rater);
	return c ? c : (a->id < b->id) - (a->id > b->id);
}

/* The value of the passage of v[0..n) (its raters' values, one each) by
 * the consensus kind: a code, AGREEMENT_NO_CONSENSUS or AGREEMENT_MISSING
 * (as report_consensus.c's consensus_of()). */
static int settle(const struct ctx *c, const struct qrel *v, size_t n, enum export_consensus kind)
{
	int *votes = xmalloc(2 * n * sizeof(*votes)), *adj = votes + n, n_votes = 0, n_adj = 0, code;
	for (size_t i = 0; i < n; i++) {
		const struct qrater *r = &c->raters[v[i].rater];
		if (r->adjudicator) {   /* a settlement, not a vote */
			if (kind == EXPORT_CONSENSUS_ADJUDICATED)
				adj[n_adj++] = v[i].code;
		} else if (r->trusted) {
			votes[n_votes++] = v[i].code;
		}
	}
	if (kind == EXPORT_CONSENSUS_MAJORITY)
		code = agreement_settle(votes, n_votes, 0);
	else if (n_adj)
		code = agreement_settle(adj, n_adj, 1);
	else
		code = agreement_settle(votes, n_votes, 1);
	free(votes);
	return code;
}

/* Writes the lines; *lines and *unsettled (passages without consensus). */
static void write_lines(struct ctx *c, enum export_consensus kind, FILE *out, long *lines, long *unsettled)
{
	if (!c->field)
		return;   /* no relevance labels */
	const int graded = scheme_graded(c->field), threshold = scheme_threshold(c->field), tty = isatty(fileno(out));
	struct strbuf line = STRBUF_INIT, inert = STRBUF_INIT;
	size_t k = 0;
	for (size_t i = 0; i < c->n; i++)   /* each rater's latest value of a passage */
		if (i == 0 || !same_passage(&c->v[i], &c->v[i - 1]) || c->v[i].rater != c->v[i - 1].rater)
			c->v[k++] = c->v[i];
		else {
			free(c->v[i].qid);
			free(c->v[i].docid);
		}
	c->n = k;
	for (size_t a = 0, b; a < c->n; a = b) {
		for (b = a + 1; b < c->n && same_passage(&c->v[a], &c->v[b]); b++)
			;
		int code = kind == EXPORT_CONSENSUS_NONE ? c->v[a].code : settle(c, c->v + a, b - a, kind);
		if (code == AGREEMENT_NO_CONSENSUS)
			++*unsettled;
		if (code < 0)
			continue;
		strbuf_reset(&line);
		strbuf_addf(&line, "%s 0 %s %d\n", c->v[a].qid, c->v[a].docid, graded ? code : code >= threshold);
		if (tty) {   /* ids exactly in a file; inert on a terminal */
			strbuf_reset(&inert);
			text_sanitize(&inert, line.buf, line.len, TEXT_NEWLINES);
		}
		fputs(strbuf_str(tty ? &inert : &line), out);
		++*lines;
	}
	strbuf_release(&line);
	strbuf_release(&inert);
}

static enum status write_qrels(struct store *s, const struct store_label_filter *f, const struct export_options *o,
			       const char *project, FILE *out, struct export_counts *counts, struct error *err)
{
	struct ctx c = { s, { s, NULL, 0 }, NULL, 0, 0, NULL, 0, NULL, NULL, NULL, ST_OK, err };
	(void)project;
	if (f->history)
		return error_set(err, ST_USAGE, "--history does not apply to --format trec-qrels (a qrels file holds "
				 "current values): leave it out");
	enum status st = store_labels_each(s, f, row, &c, err);
	if (st == ST_OK)
		st = c.st;
	if (st == ST_OK && c.other_task) {
		const int swap = strcmp(c.task, c.other_task) > 0;
		st = error_set(err, ST_USAGE, "trec-qrels: relevance labels of two tasks (%s, %s): choose one with --task",
			       swap ? c.other_task : c.task, swap ? c.task : c.other_task);
	}
	if (st == ST_OK && o->consensus == EXPORT_CONSENSUS_NONE && c.n_raters > 1) {
		const int swap = strcmp(c.raters[0].name, c.raters[1].name) > 0;
		st = error_set(err, ST_USAGE, "trec-qrels: the labels are by more than one rater (%s, %s%s): choose one "
			       "with --rater NAME, or settle them with --consensus majority, adjudicated or discard",
			       c.raters[swap].name, c.raters[!swap].name, c.n_raters > 2 ? ", ..." : "");
	}
	if (st == ST_OK && o->consensus == EXPORT_CONSENSUS_ADJUDICATED) {
		int any = 0;
		for (size_t i = 0; i < c.n_raters; i++)
			any |= c.raters[i].adjudicator;
		if (!any)
			st = error_set(err, ST_USAGE, "--consensus adjudicated: no rater of these labels has the role "
				       "adjudicator (give one with: convqa rater add NAME --role adjudicator)");
	}
	if (c.n > 1)
		qsort(c.v, c.n, sizeof(*c.v), cmp_qrel);
	counts->n = counts->unsettled = 0;
	if (st == ST_OK)
		write_lines(&c, o->consensus, out, &counts->n, &counts->unsettled);
	for (size_t i = 0; i < c.n; i++) {
		free(c.v[i].qid);
		free(c.v[i].docid);
	}
	free(c.v);
	for (size_t i = 0; i < c.n_raters; i++)
		free(c.raters[i].name);
	free(c.raters);
	free(c.task);
	free(c.other_task);
	export_schemes_release(&c.schemes);
	if (st == ST_OK && ferror(out))
		st = error_set(err, ST_IO, "cannot write the qrels: %s", strerror(errno ? errno : EIO));
	return st;
}

static void written(struct store *s, const struct store_label_filter *f, const char *path,
		    const struct export_counts *counts, struct strbuf *sb)
{
	(void)s;
	(void)f;
	if (path)
		strbuf_addf(sb, "wrote %ld judgement%s to %s (qid <conversation>_<turn>)", counts->n,
			    counts->n == 1 ? "" : "s", path);
	if (counts->unsettled)
		strbuf_addf(sb, "%s%ld passage%s without consensus left out", sb->len ? "\n" : "", counts->unsettled,
			    counts->unsettled == 1 ? "" : "s");
}

const struct export_format export_trec_qrels = {
	.name = "trec-qrels", .consensus = 1,
	.summary = "relevance labels as TREC qrels: qid 0 docid rel, qid <conversation>_<turn>",
	.write = write_qrels, .written = written,
};
