/* import_trec_run.c - a TREC run, the import format "trec-run": lines
 * "qid Q0 docid rank score tag" (white space between fields), the ranked
 * documents of one system per query. A qid names a turn through the qid
 * pattern (trec.h); each turn gets one response of the system: an empty
 * answer (retrieval only) and the documents as passages known by id (text
 * NULL), whose text --collection gives (collection.h). The system is --system NAME, else the
 * tag every line shares.
 *
 * The ranking is trec_eval's, not the rank column (which trec_eval
 * ignores too): score descending, equal scores by docid descending in
 * byte order (strcmp), as trec_eval's form_res_rels.c sorts (its
 * comp_sim_docno). A docid twice for one query is refused (trec_eval stops
 * there too), as are two qids that name the same turn.
 *
 * Memory: the file's bytes, one entry per line, and one conversation's
 * model at a time. */
#include <stdlib.h>
#include <string.h>

#include "convqa/collection.h"
#include "convqa/formats.h"
#include "convqa/import_sink.h"
#include "convqa/strmap.h"
#include "json_read.h"
#include "trec.h"

struct run {
	const char *name;
	struct json_reader jr;         /* the messages */
	struct trec_entry *v;
	size_t n, cap;
	const char *tag;               /* the first line's */
	size_t tag_line;
	int tags_differ;
	struct model_tasks keep;       /* conversation ids */
};

/* Per turn, trec_eval's order: score descending, then docid descending. */
static int by_rank(const void *x, const void *y)
{
	const struct trec_entry *a = x, *b = y;
	int c = trec_by_turn(a, b);
	if (c)
		return c;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return strcmp(b->docid, a->docid);
}

static void read_line(struct run *r, const struct trec_lines *l, const struct trec_qid_pattern *p, int system)
{
	char msg[1024];
	struct trec_entry e;
	if (trec_entry_read(&e, l, 6, "qid Q0 docid rank score tag", p, r->name, &r->keep, &r->jr) != 0)
		return;
	if (trec_parse_score(l->field[4], &e.score) != 0) {
		snprintf(msg, sizeof(msg), "%s:%zu: field 5 (score): expected a number, got '%.200s'", r->name, l->line,
			 l->field[4]);
		jr_message(&r->jr, msg);
		return;
	}
	if (!r->tag) {
		r->tag = l->field[5];
		r->tag_line = l->line;
	} else if (!system && !r->tags_differ && strcmp(r->tag, l->field[5]) != 0) {
		r->tags_differ = 1;
		snprintf(msg, sizeof(msg), "%s:%zu: field 6 (tag): '%.200s' differs from '%.200s' of line %zu: the "
			 "lines of a run share one tag; give the system's name with --system NAME", r->name, l->line,
			 l->field[5], r->tag, r->tag_line);
		jr_message(&r->jr, msg);
	}
	xgrow(&r->v, &r->cap, r->n + 1, sizeof(*r->v));
	r->v[r->n++] = e;
}


/* One conversation's turns, v[0..n) (sorted by turn, then rank), into the
 * sink: the passages it names first (those not put before). */
static void put_conversation(struct import_sink *k, const struct trec_entry *v, size_t n, const char *system,
			     struct strmap *passages)
{
	struct model_tasks m;
	model_tasks_init(&m);
	struct model_conversation c = trec_conversation(&m, k->name, v, n);
	struct model_passage *pas = model_alloc(&m, n * sizeof(*pas));
	size_t n_pas = 0;
	for (size_t i = 0, j; i < n; i = j) {
		j = trec_turn_end(v, n, i);
		struct model_turn *t = &c.turns[c.n_turns++];
		struct model_response *resp = model_alloc(&m, sizeof(*resp));
		const char *where = model_printf(&m, "%s:%zu", k->name, v[i].line);
		*t = (struct model_turn){ .position = (int)v[i].turn, .responses = resp, .n_responses = 1,
					  .where = where };
		*resp = (struct model_response){ .system = system, .answer = "", .n_ranked = j - i, .where = where };
		resp->ranked = model_alloc(&m, (j - i) * sizeof(*resp->ranked));
		for (size_t x = i; x < j; x++) {
			const char *at = model_printf(&m, "%s:%zu", k->name, v[x].line);
			resp->ranked[x - i] = (struct model_ranked){ (long)(x - i + 1), v[x].score, 1, v[x].docid, at, 0 };
			if (strmap_put(passages, v[x].docid, 0, NULL))
				pas[n_pas++] = (struct model_passage){ .id = v[x].docid, .where = at };
		}
	}
	import_sink_put_passages(k, pas, n_pas);
	import_sink_put_conversation(k, &c);
	model_tasks_release(&m);
}

static void put_run(struct import_sink *k, struct run *r, const char *system)
{
	struct model_system sys = { .id = system, .where = model_printf(&r->keep, "%s:%zu", r->name, r->tag_line) };
	struct strmap passages = STRMAP_INIT;
	qsort(r->v, r->n, sizeof(*r->v), by_rank);
	import_sink_put_systems(k, &sys, 1);
	for (size_t i = 0, j; i < r->n && k->st == ST_OK; i = j) {
		for (j = i; j < r->n && strcmp(r->v[j].conv, r->v[i].conv) == 0; j++)
			;
		put_conversation(k, r->v + i, j - i, system, &passages);
	}
	strmap_release(&passages);
}

/* The system: --system, else the run's tag (a system's name rules apply). */
static const char *run_system(struct run *r, const struct import_options *o, struct import_counts *counts)
{
	const char *system = o->system ? o->system : r->tag;
	const char *why = model_system_name_problem(system);
	char msg[1024];
	if (why) {
		if (o->system)
			snprintf(msg, sizeof(msg), "--system '%.200s': %s", system, why);
		else
			snprintf(msg, sizeof(msg), "%s:%zu: field 6 (tag): '%.200s' cannot name a system (%s): give "
				 "one with --system NAME", r->name, r->tag_line, system, why);
		jr_message(&r->jr, msg);
		return NULL;
	}
	snprintf(counts->note, sizeof(counts->note), "system '%s' (%s)", system,
		 o->system ? "--system" : "the run's tag");
	return system;
}

static enum status feed_trec_run(struct import_inputs *inputs, struct import_sink *k, struct error *err)
{
	struct import_input *in = import_inputs_find(inputs, IMPORT_TASKS);
	struct trec_qid_pattern p;
	struct run r = { .name = in->name };
	struct trec_lines l;
	const char *system = NULL;
	enum status st = trec_qid_pattern_init(&p, inputs->opt->qid_pattern, err);
	model_tasks_init(&r.keep);
	trec_lines_init(&l, in);
	if (st == ST_OK) {
		jr_init(&r.jr, in->name, err);
		if (!trec_lines_refuse_json(&l, in->name, "run", "qid Q0 docid rank score tag",
					    "a SCAI-QReCC run is read with convqa import --format scai-run "
					    "--system NAME", &r.jr))
			while (trec_lines_next(&l))
				read_line(&r, &l, &p, inputs->opt->system != NULL);
		if (!r.n && !r.jr.n_errors) {
			char msg[512];
			snprintf(msg, sizeof(msg), "%s: no lines: expected 'qid Q0 docid rank score tag' lines", in->name);
			jr_message(&r.jr, msg);
		}
		trec_check_turns(r.v, r.n, r.name, "ranked", "a run", &r.jr);
		if (!r.jr.n_errors)
			system = run_system(&r, inputs->opt, k->counts);
		st = jr_finish(&r.jr);
	}
	k->where_names_file = 1;
	if (st == ST_OK) {
		put_run(k, &r, system);
		st = collection_end(k, inputs, err);
	} else {
		import_sink_abort(k);
	}
	trec_lines_release(&l);
	free(r.v);
	model_tasks_release(&r.keep);
	return st;
}

const struct import_format import_trec_run = {
	"trec-run", "a TREC run: qid Q0 docid rank score tag (ranked as trec_eval ranks)", NULL,
	NULL, feed_trec_run, IMPORT_OPT_SYSTEM | IMPORT_OPT_QID_PATTERN | IMPORT_OPT_COLLECTION,
};
