/* import_trec_qrels.c - TREC relevance judgements, the import format
 * "trec-qrels": lines "qid iter docid grade" (white space between
 * fields; iter, usually 0, is ignored as trec_eval ignores it). A qid
 * names a turn through the qid pattern (trec.h).
 *
 * --as-gold (the default): the documents judged at --min-grade (default
 * 1, trec_eval's relevance level) or above become the turn's gold
 * passages, each with its grade (graded gold: nDCG gains it), and passages
 * of the project known by id only (a collection may give their text; the
 * run's passages are the same). Judgements
 * below the threshold are no gold: they are counted, as are negative
 * grades (trec_eval's "in the pool, not judged"). A turn whose judgements
 * are all below the threshold is added without gold. A docid twice for one
 * query is refused (trec_eval refuses it too), as are two qids that name
 * the same turn.
 *
 * --as-rater NAME is not read here: the judgements become labels, which
 * only the labelling rules write (convqa import hands them to
 * labelling_import() through labels_read_trec_qrels(), labels_read.h).
 *
 * Memory: the file's bytes, one entry per line, one conversation's model
 * at a time. */
#include <stdlib.h>
#include <string.h>

#include "convqa/collection.h"
#include "convqa/formats.h"
#include "convqa/import_sink.h"
#include "convqa/labels_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/strbuf.h"
#include "convqa/strmap.h"
#include "json_read.h"
#include "trec.h"

/* ---- reading (trec.h) ------------------------------------------------------- */

static void read_line(struct trec_qrels *q, struct json_reader *jr, const struct trec_qid_pattern *p)
{
	const struct trec_lines *l = &q->lines;
	char msg[1024];
	struct trec_entry e;
	if (trec_entry_read(&e, l, 4, "qid 0 docid grade", p, q->name, &q->keep, jr) != 0)
		return;
	if (trec_parse_long(l->field[3], &e.grade) != 0 || e.grade > MODEL_GRADE_MAX) {
		snprintf(msg, sizeof(msg), "%s:%zu: field 4 (grade): expected a whole number up to %d, got '%.200s'",
			 q->name, l->line, MODEL_GRADE_MAX, l->field[3]);
		jr_message(jr, msg);
		return;
	}
	xgrow(&q->v, &q->cap, q->n + 1, sizeof(*q->v));
	q->v[q->n++] = e;
}


enum status trec_qrels_read(struct import_input *in, const char *qid_pattern, struct trec_qrels *q,
			    struct error *err)
{
	struct trec_qid_pattern p;
	struct json_reader jr;
	*q = (struct trec_qrels){ .name = in->name };
	model_tasks_init(&q->keep);
	trec_lines_init(&q->lines, in);
	enum status st = trec_qid_pattern_init(&p, qid_pattern, err);
	if (st != ST_OK)
		return st;
	jr_init(&jr, in->name, err);
	if (!trec_lines_refuse_json(&q->lines, in->name, "qrels", "qid 0 docid grade",
				    "SCAI-QReCC's ground truth is read with convqa import --format scai-truth", &jr))
		while (trec_lines_next(&q->lines))
			read_line(q, &jr, &p);
	if (!q->n && !jr.n_errors) {
		char msg[512];
		snprintf(msg, sizeof(msg), "%s: no lines: expected 'qid 0 docid grade' lines", in->name);
		jr_message(&jr, msg);
	}
	trec_check_turns(q->v, q->n, q->name, "judged", "qrels", &jr);
	return jr_finish(&jr);
}

void trec_qrels_release(struct trec_qrels *q)
{
	trec_lines_release(&q->lines);
	free(q->v);
	q->v = NULL;
	model_tasks_release(&q->keep);
}

/* ---- as gold ---------------------------------------------------------------- */

struct gold_counts {
	long gold, below, unjudged, turns_without;
};

/* Turn v[0..n) of one conversation: its gold, the judgements at the
 * threshold or above with their grades. */
static void gold_turn(struct model_tasks *m, const char *name, const struct trec_entry *v, size_t n,
		      long min_grade, struct gold_counts *gc, struct model_turn *t)
{
	size_t first = v[0].line;   /* the turn's first line in the file (v is sorted by docid) */
	for (size_t i = 1; i < n; i++)
		first = v[i].line < first ? v[i].line : first;
	*t = (struct model_turn){ .position = (int)v[0].turn, .has_gold = 1,
				  .where = model_printf(m, "%s:%zu", name, first) };
	t->gold_passages = model_alloc(m, n * sizeof(*t->gold_passages));
	t->gold_grades = model_alloc(m, n * sizeof(*t->gold_grades));
	for (size_t i = 0; i < n; i++) {
		if (v[i].grade < 0) {
			gc->unjudged++;
		} else if (v[i].grade < min_grade) {
			gc->below++;
		} else {
			t->gold_passages[t->n_gold_passages] = v[i].docid;
			t->gold_grades[t->n_gold_passages++] = v[i].grade;
		}
	}
	gc->gold += (long)t->n_gold_passages;
	gc->turns_without += t->n_gold_passages == 0;
}

/* The gold passages of c not put before, as passages known by id only (a
 * collection may give their text). */
static void put_gold_passages(struct import_sink *k, struct model_tasks *m, const struct model_conversation *c,
			      struct strmap *put)
{
	size_t n = 0;
	for (size_t t = 0; t < c->n_turns; t++)
		n += c->turns[t].n_gold_passages;
	struct model_passage *pas = model_alloc(m, (n ? n : 1) * sizeof(*pas));
	n = 0;
	for (size_t t = 0; t < c->n_turns; t++)
		for (size_t i = 0; i < c->turns[t].n_gold_passages; i++)
			if (strmap_put(put, c->turns[t].gold_passages[i], 0, NULL))
				pas[n++] = (struct model_passage){ .id = c->turns[t].gold_passages[i],
								   .where = c->turns[t].where };
	import_sink_put_passages(k, pas, n);
}

static void put_conversation(struct import_sink *k, const struct trec_entry *v, size_t n, long min_grade,
			     struct gold_counts *gc, struct strmap *put)
{
	struct model_tasks m;
	model_tasks_init(&m);
	struct model_conversation c = trec_conversation(&m, k->name, v, n);
	for (size_t i = 0, j; i < n; i = j) {
		j = trec_turn_end(v, n, i);
		gold_turn(&m, k->name, v + i, j - i, min_grade, gc, &c.turns[c.n_turns++]);
	}
	put_gold_passages(k, &m, &c, put);
	import_sink_put_conversation(k, &c);
	model_tasks_release(&m);
}

/* What the import says besides the counts. */
static void gold_note(char *note, size_t size, const struct gold_counts *gc, long min_grade)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%ld gold passages (grade %ld or above)", gc->gold, min_grade);
	if (gc->below)
		strbuf_addf(&sb, "; %ld judgements below grade %ld (not gold)", gc->below, min_grade);
	if (gc->unjudged)
		strbuf_addf(&sb, "; %ld with a negative grade (in the pool, not judged: left out)", gc->unjudged);
	if (gc->turns_without)
		strbuf_addf(&sb, "; %ld turns without gold (no judgement at grade %ld or above: the report leaves "
			    "them out, where trec_eval scores them 0)", gc->turns_without, min_grade);
	snprintf(note, size, "%s", strbuf_str(&sb));
	strbuf_release(&sb);
}

/* A conversation's entries, q.v[from .. to), and its first line in the file. */
struct conv_span {
	size_t from, to, line;
};

static int by_first_line(const void *x, const void *y)
{
	const struct conv_span *a = x, *b = y;
	return (a->line > b->line) - (a->line < b->line);
}

/* The conversations of q in the order the file gives them (by the first
 * line of each), so that the first refused is the first in the file; *n
 * set. Caller frees. */
static struct conv_span *conversations_in_file_order(const struct trec_qrels *q, size_t *n)
{
	struct conv_span *sp = xmalloc((q->n ? q->n : 1) * sizeof(*sp));
	*n = 0;
	for (size_t i = 0, j; i < q->n; i = j) {
		size_t line = q->v[i].line;
		for (j = i; j < q->n && strcmp(q->v[j].conv, q->v[i].conv) == 0; j++)
			line = q->v[j].line < line ? q->v[j].line : line;
		sp[(*n)++] = (struct conv_span){ i, j, line };
	}
	qsort(sp, *n, sizeof(*sp), by_first_line);
	return sp;
}

static enum status feed_trec_qrels(struct import_inputs *inputs, struct import_sink *k, struct error *err)
{
	struct import_input *in = import_inputs_find(inputs, IMPORT_TASKS);
	const struct import_options *o = inputs->opt;
	struct trec_qrels q;
	struct gold_counts gc = { 0 };
	enum status st = trec_qrels_read(in, o->qid_pattern, &q, err);
	if (st == ST_OK && o->as_rater)
		st = error_set(err, ST_USAGE, "--as-rater: the judgements of a rater are labels, which convqa "
			       "import reads through the labelling rules, not as a task file");
	if (st == ST_OK && o->min_grade < 1)
		st = error_set(err, ST_USAGE, "--min-grade %ld: a gold passage has a grade of 1 or more (grade 0 "
			       "is trec_eval's not relevant)", o->min_grade);
	k->where_names_file = 1;
	if (st == ST_OK) {
		struct strmap put = STRMAP_INIT;
		size_t n_conv;
		struct conv_span *sp = conversations_in_file_order(&q, &n_conv);
		for (size_t i = 0; i < n_conv && k->st == ST_OK; i++)
			put_conversation(k, q.v + sp[i].from, sp[i].to - sp[i].from, o->min_grade, &gc, &put);
		free(sp);
		strmap_release(&put);
		gold_note(k->counts->note, sizeof(k->counts->note), &gc, o->min_grade);
		st = collection_end(k, inputs, err);
	} else {
		import_sink_abort(k);
	}
	trec_qrels_release(&q);
	return st;
}

/* ---- as a rater's labels ---------------------------------------------------- */

enum status trec_qrels_labels(struct store *s, const char *path, const struct import_options *o,
			      struct labels_read *out, char *note, size_t note_size, struct error *err)
{
	struct scheme *sc = NULL;
	struct labels_trec_counts n;
	memset(out, 0, sizeof(*out));
	if (o->collection)
		return error_set(err, ST_USAGE, "--collection gives the text of passages with --as-gold (or with the "
				 "run: convqa import --format trec-run --collection FILE), not with --as-rater");
	enum status st = scheme_find_role(s, SROLE_RELEVANCE, &sc, err);
	const struct scheme_field *f = sc ? scheme_field_by_role(sc, SROLE_RELEVANCE) : NULL;
	if (st == ST_OK && (!f || f->unit != UNIT_PASSAGE))
		st = error_set(err, ST_INPUT, "--as-rater: no scheme of the project has a passage field of role "
			       "relevance for the judgements to be labels of");
	if (st == ST_OK) {
		struct labels_trec_opts lo = { o->as_rater, sc->name, f, o->qid_pattern, o->min_grade, NULL };
		st = labels_read_trec_qrels(s, path, &lo, out, &n, err);
		if (st == ST_OK)
			snprintf(note, note_size, "%ld judgements: %ld labels of %s/%s by rater %s%s; %ld of passages no "
				 "system retrieved for their turn (not labels: a label judges a passage some response "
				 "retrieved)%s", n.judgements, n.labels, sc->name, f->name, o->as_rater,
				 scheme_graded(f) ? " (the grade is the category)" : "", n.unpooled,
				 n.unjudged ? "; and some with a negative grade (in the pool, not judged: left out)" : "");
	}
	scheme_free(sc);
	return st;
}

const struct import_format import_trec_qrels = {
	"trec-qrels", "TREC qrels: qid 0 docid grade, as gold passages or a rater's labels", NULL,
	NULL, feed_trec_qrels,
	IMPORT_OPT_AS_GOLD | IMPORT_OPT_AS_RATER | IMPORT_OPT_MIN_GRADE | IMPORT_OPT_QID_PATTERN |
		IMPORT_OPT_COLLECTION,
};
