/* labels_trec.c - TREC qrels as a rater's labels (convqa import --format
 * trec-qrels --as-rater NAME): each judgement of a passage that a system
 * retrieved for its turn is a label of the pooled passage. See
 * labels_read.h (labels_read_trec_qrels). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "convqa/importer.h"
#include "convqa/label_row.h"
#include "convqa/labels_read.h"
#include "convqa/scheme.h"
#include "convqa/store.h"
#include "labels_internal.h"
#include "trec.h"

/* The value of relevance field f for grade g: a graded field's category of
 * that position (NULL past the last), a binary one's relevant category at
 * min_grade or above, else its first. */
static const char *grade_value(const struct scheme_field *f, long g, long min_grade)
{
	if (scheme_graded(f))
		return g < (long)f->n_categories ? f->categories[g].value : NULL;
	return f->categories[g >= min_grade ? scheme_threshold(f) : 0].value;
}

/* Judgement j as rater's label of the pooled passage, if a system
 * retrieved it for its turn (counted in c otherwise). */
static enum status qrel_label(struct store *s, struct labels_read *out, const struct trec_qrels *q,
			      const struct trec_entry *j, const struct labels_trec_opts *o,
			      struct labels_trec_counts *c, struct error *err)
{
	char *system = NULL;
	if (j->grade < 0) {
		c->unjudged++;
		return ST_OK;
	}
	enum status st = store_pooled_system(s, j->conv, (int)j->turn, j->docid, &system, err);
	if (st != ST_OK || !system) {
		c->unpooled += st == ST_OK;
		return st;
	}
	const char *value = grade_value(o->field, j->grade, o->min_grade);
	if (!value) {
		free(system);
		return error_set(err, ST_INPUT, "%s:%zu: field 4 (grade): %ld is past the last category of %s/%s "
				 "(%zu categories, graded from 0)", q->name, j->line, j->grade, o->task,
				 o->field->name, o->field->n_categories);
	}
	struct labelling_import_label *L = labels_new(out);
	L->conversation = labels_keep(out, j->conv);
	L->turn = (int)j->turn;
	L->system = labels_keep(out, system);
	L->passage = labels_keep(out, j->docid);
	L->rater = o->rater;
	L->task = o->task;
	L->field = labels_keep(out, o->field->name);
	L->value = labels_keep(out, value);
	L->created_at = o->created_at;
	L->where = labels_keepf(out, "%s:%zu", q->name, j->line);
	c->labels++;
	free(system);
	return ST_OK;
}

/* When the judgements were made, as far as convqa can tell: the time the
 * file was last changed (so importing it again adds nothing), else now. */
static const char *judged_at(struct labels_read *out, const char *path)
{
	struct stat sb;
	struct tm tm;
	char at[32];
	if (strcmp(path, "-") != 0 && stat(path, &sb) == 0 && gmtime_r(&sb.st_mtime, &tm) &&
	    strftime(at, sizeof(at), "%Y-%m-%dT%H:%M:%S.000Z", &tm))
		return labels_keep(out, at);
	now_iso8601(at);
	return labels_keep(out, at);
}

enum status labels_read_trec_qrels(struct store *s, const char *path, const struct labels_trec_opts *o,
				   struct labels_read *out, struct labels_trec_counts *counts, struct error *err)
{
	struct import_input in = { importer_input_name(path), NULL, 0, NULL };
	struct trec_qrels q;
	memset(out, 0, sizeof(*out));
	memset(counts, 0, sizeof(*counts));
	out->kind = "TREC qrels";
	enum status st = strcmp(path, "-") == 0 ?
		read_text_stream(stdin, in.name, READ_FILE_MAX, NULL, &in.buf, &in.len, err) :
		read_text_file(path, READ_FILE_MAX, NULL, &in.buf, &in.len, err);
	if (st != ST_OK)
		return st;
	struct labels_trec_opts kept = *o;   /* the labels' names live as long as out */
	kept.rater = labels_keep(out, o->rater);
	kept.task = labels_keep(out, o->task);
	kept.created_at = judged_at(out, path);
	st = trec_qrels_read(&in, o->qid_pattern, &q, err);
	for (size_t i = 0; i < q.n && st == ST_OK; i++)
		st = qrel_label(s, out, &q, &q.v[i], &kept, counts, err);
	counts->judgements = (long)q.n;
	trec_qrels_release(&q);
	return st;
}

