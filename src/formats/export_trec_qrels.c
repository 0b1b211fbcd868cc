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
 * unit, however many responses retrieved it, and one labelled in several
 * rounds keeps its latest value (the report's rule). Lines are sorted by
 * qid, then docid, as byte strings (LC_ALL=C sort -k1,1 -k3,3). One rater's
 * labels only: several raters need --rater NAME. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/strbuf.h"
#include "export_internal.h"

struct qrel {
	char *qid, *docid;
	int rel;
	int64_t id;                   /* the label's: the latest is the current value */
};

struct ctx {
	struct export_schemes schemes;
	struct qrel *v;
	size_t n, cap;
	char *task, *other_task;      /* the first two tasks with relevance labels */
	char *rater, *other_rater;    /* the first two raters */
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

/* Keeps the first two distinct names of *a, *b. */
static void note_name(char **a, char **b, const char *name)
{
	if (!*a)
		*a = xstrdup(name);
	else if (!*b && strcmp(*a, name) != 0)
		*b = xstrdup(name);
}

static int row(const struct store_label_row *r, void *data)
{
	struct ctx *c = data;
	const struct scheme *sch = export_scheme_of(&c->schemes, r->task);
	const struct scheme_field *f = sch ? scheme_field_find(sch, r->field) : NULL;
	const struct scheme_category *cat = f && r->value ? scheme_category_find(f, r->value) : NULL;
	if (!f || f->role != SROLE_RELEVANCE || f->unit != UNIT_PASSAGE || !cat || !r->passage)
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
	note_name(&c->task, &c->other_task, r->task);
	note_name(&c->rater, &c->other_rater, r->rater);
	int grade = (int)(cat - f->categories);
	struct strbuf qid = STRBUF_INIT;
	strbuf_addf(&qid, "%s_%d", r->conversation, r->turn);
	xgrow(&c->v, &c->cap, c->n + 1, sizeof(*c->v));
	c->v[c->n++] = (struct qrel){ strbuf_detach(&qid), xstrdup(r->passage),
				       scheme_graded(f) ? grade : grade >= scheme_threshold(f), r->id };
	return 0;
}

/* By qid, docid, then the latest label first (the one a passage keeps). */
static int cmp_qrel(const void *pa, const void *pb)
{
	const struct qrel *a = pa, *b = pb;
	int c = strcmp(a->qid, b->qid);
	if (!c)
		c = strcmp(a->docid, b->docid);
	return c ? c : (a->id < b->id) - (a->id > b->id);
}

static enum status write_qrels(struct store *s, const struct store_label_filter *f, const char *project, FILE *out,
			       struct export_counts *counts, struct error *err)
{
	struct ctx c = { { s, NULL, 0 }, NULL, 0, 0, NULL, NULL, NULL, NULL, ST_OK, err };
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
	if (st == ST_OK && c.other_rater) {
		const int swap = strcmp(c.rater, c.other_rater) > 0;
		st = error_set(err, ST_USAGE, "trec-qrels: the labels are by more than one rater (%s, %s%s): choose one "
			       "with --rater NAME", swap ? c.other_rater : c.rater, swap ? c.rater : c.other_rater,
			       "");
	}
	if (c.n > 1)
		qsort(c.v, c.n, sizeof(*c.v), cmp_qrel);
	long lines = 0;
	for (size_t i = 0; i < c.n; i++) {
		if (st == ST_OK && (i == 0 || strcmp(c.v[i].qid, c.v[i - 1].qid) != 0 ||
				    strcmp(c.v[i].docid, c.v[i - 1].docid) != 0)) {
			fprintf(out, "%s 0 %s %d\n", c.v[i].qid, c.v[i].docid, c.v[i].rel);
			lines++;
		}
	}
	for (size_t i = 0; i < c.n; i++) {
		free(c.v[i].qid);
		free(c.v[i].docid);
	}
	free(c.v);
	free(c.task);
	free(c.other_task);
	free(c.rater);
	free(c.other_rater);
	export_schemes_release(&c.schemes);
	if (st == ST_OK && ferror(out))
		st = error_set(err, ST_IO, "cannot write the qrels: %s", strerror(errno ? errno : EIO));
	counts->n = lines;
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
}

const struct export_format export_trec_qrels = {
	.name = "trec-qrels", .summary = "relevance labels as TREC qrels: qid 0 docid rel, qid <conversation>_<turn>",
	.write = write_qrels, .written = written,
};
