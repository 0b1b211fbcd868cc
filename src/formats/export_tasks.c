/* export_tasks.c - the items of a round as a task file
 * (schemas/tasks.schema.json): the export format "tasks". A rater on
 * another machine imports it into a project of their own, labels it and
 * sends back their labels export (convqa import-labels). With --round R
 * the items assigned in R (to --rater NAME, else to every rater of R);
 * without, every item of the project. Each item comes with its turn, the
 * earlier turns of its conversation (their questions: a turn's position is
 * its place in the file), its system, its ranking, the passages ranked
 * (in the collection) and the turn's gold; responses that are not items
 * are left out. Streamed, a turn at a time. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/json.h"
#include "convqa/metrics_answer.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"
#include "export_internal.h"

struct ctx {
	FILE *out;
	struct store_tasks *t;
	struct strbuf sb;
	struct error *err;
	enum status st;
	long n;                        /* items in the current list */
	int64_t conversation_id;       /* of the turn written last, 0 before the first */
	int first_turn;
	int place;                     /* the number of the turn written last in its conversation */
	int extend;                    /* gold-extension: add the answers judged plausible */
	long added, turns;             /* answers added to the gold, turns they joined */
	struct scheme *sch[2];         /* extend: the schemes of the verdicts, found by role */
	struct store_verdict plausible, faithful;
};

/* Write what sb holds and empty it. */
enum status export_no_items(const struct store_label_filter *f, struct error *err)
{
	if (f->rater)
		return error_set(err, ST_INPUT, "rater '%s' has no items in round '%s'", f->rater, f->round);
	if (f->round)
		return error_set(err, ST_INPUT, "round '%s' has no items", f->round);
	return error_set(err, ST_INPUT, "the project has no items (import a task file first)");
}

static int flush(struct ctx *c)
{
	if (c->sb.len && fwrite(c->sb.buf, 1, c->sb.len, c->out) != c->sb.len) {
		c->st = error_set(c->err, ST_IO, "cannot write the task file: %s", strerror(errno ? errno : EIO));
		return 1;
	}
	strbuf_reset(&c->sb);
	return 0;
}

static void member(struct strbuf *sb, const char *key, const char *value)
{
	if (!value)
		return;
	strbuf_addf(sb, ", \"%s\": ", key);
	json_quote(sb, value);
}

/* , "metadata": M (stored as JSON, by cJSON's printer: its controls escaped
 * here) unless m is NULL */
static void add_metadata(struct strbuf *sb, const char *m)
{
	if (!m)
		return;
	strbuf_adds(sb, ", \"metadata\": ");
	json_add_inert(sb, m);
}

/* The shortest decimal that reads back as d (a score imports as it was). */
static void add_number(struct strbuf *sb, double d)
{
	char buf[40];
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, d);
		if (strtod(buf, NULL) == d)
			break;
	}
	strbuf_adds(sb, buf);
}

static int system_row(const char *name, const char *description, void *data)
{
	struct ctx *c = data;
	strbuf_adds(&c->sb, c->n++ ? ",\n    {\"id\": " : "\n    {\"id\": ");
	json_quote(&c->sb, name);
	member(&c->sb, "description", description);
	strbuf_adds(&c->sb, "}");
	return flush(c);
}

static int passage_row(const struct store_tasks_passage *p, void *data)
{
	struct ctx *c = data;
	strbuf_adds(&c->sb, c->n++ ? ",\n    {\"id\": " : "\n    {\"id\": ");
	json_quote(&c->sb, p->id);
	member(&c->sb, "title", p->title);
	member(&c->sb, "url", p->url);
	member(&c->sb, "text", p->text);
	strbuf_adds(&c->sb, "}");
	return flush(c);
}

/* ---- a turn: gold, responses, rankings ------------------------------------- */

struct gold {
	struct strbuf answers, passages;
	long n_answers, n_passages;
	char **norms;                  /* the answers, normalised (SQuAD) */
	size_t n_norms, cap_norms;
};

static int gold_row(int is_passage, const char *text, long grade, void *data)
{
	struct gold *g = data;
	struct strbuf *sb = is_passage ? &g->passages : &g->answers;
	long *n = is_passage ? &g->n_passages : &g->n_answers;
	if (!is_passage) {   /* kept normalised: an answer judged plausible may be one already */
		char *norm = metrics_normalize_answer(text);
		for (size_t i = 0; i < g->n_norms; i++)
			if (strcmp(g->norms[i], norm) == 0) {
				free(norm);
				return 0;
			}
		xgrow(&g->norms, &g->cap_norms, g->n_norms + 1, sizeof(*g->norms));
		g->norms[g->n_norms++] = norm;
	}
	strbuf_adds(sb, (*n)++ ? ", " : "");
	if (is_passage && grade != 1) { /* graded: the object form */
		strbuf_adds(sb, "{\"id\": ");
		json_quote(sb, text);
		strbuf_addf(sb, ", \"grade\": %ld}", grade);
	} else {
		json_quote(sb, text);
	}
	return 0;
}

static void gold_release(struct gold *g)
{
	strbuf_release(&g->answers);
	strbuf_release(&g->passages);
	for (size_t i = 0; i < g->n_norms; i++)
		free(g->norms[i]);
	free(g->norms);
}

static int ranked_row(const struct store_tasks_ranked *r, void *data)
{
	struct ctx *c = data;
	strbuf_addf(&c->sb, "%s{\"rank\": %ld, \"id\": ", c->n++ ? ", " : "", r->rank);
	json_quote(&c->sb, r->passage);
	if (r->has_score && isfinite(r->score)) {
		strbuf_adds(&c->sb, ", \"score\": ");
		add_number(&c->sb, r->score);
	}
	strbuf_adds(&c->sb, "}");
	return 0;
}

static int response_row(const struct store_tasks_response *r, void *data)
{
	struct ctx *c = data;
	long n_responses = c->n;
	strbuf_adds(&c->sb, n_responses ? ",\n          {\"system\": " : "\n          {\"system\": ");
	json_quote(&c->sb, r->system);
	strbuf_adds(&c->sb, ", \"answer\": ");
	json_quote(&c->sb, r->answer);
	member(&c->sb, "rewrite", r->rewrite);
	if (r->candidates) {
		strbuf_adds(&c->sb, ", \"candidates\": ");
		json_add_inert(&c->sb, r->candidates);
	}
	strbuf_adds(&c->sb, ", \"passages\": [");
	c->n = 0;
	c->st = store_tasks_ranked(c->t, r->id, ranked_row, c, c->err);
	c->n = n_responses + 1;
	strbuf_adds(&c->sb, "]");
	add_metadata(&c->sb, r->metadata);
	strbuf_adds(&c->sb, "}");
	return c->st != ST_OK || flush(c);
}

static int turn_row(const struct store_tasks_turn *t, void *data)
{
	struct ctx *c = data;
	struct strbuf *sb = &c->sb;
	if (t->conversation_id != c->conversation_id) {
		if (c->conversation_id)
			strbuf_adds(sb, "\n    ]},");
		strbuf_adds(sb, "\n    {\"id\": ");
		json_quote(sb, t->conversation);
		add_metadata(sb, t->conversation_metadata);
		strbuf_adds(sb, ", \"turns\": [");
		c->conversation_id = t->conversation_id;
		c->first_turn = 1;
		c->place = 0;
	}
	strbuf_adds(sb, c->first_turn ? "\n      {" : ",\n      {");
	c->first_turn = 0;
	/* the turn's number when its place in the list does not say it (a gap) */
	if (t->position != ++c->place)
		strbuf_addf(sb, "\"n\": %d, ", t->position);
	c->place = t->position;
	strbuf_adds(sb, "\"question\": ");
	json_quote_or_null(sb, t->question);   /* null: not known */
	member(sb, "rewrite", t->rewrite);
	struct gold g = { STRBUF_INIT, STRBUF_INIT, 0, 0, NULL, 0, 0 };
	c->st = store_tasks_gold(c->t, t->turn_id, gold_row, &g, c->err);
	if (c->st == ST_OK && c->extend) {
		long before = g.n_answers;
		c->st = store_tasks_judged_gold(c->t, t->turn_id, &c->plausible, &c->faithful, gold_row, &g, c->err);
		c->added += g.n_answers - before;
		c->turns += g.n_answers > before;
	}
	if (g.n_answers || g.n_passages || t->gold_intent) {
		const char *sep = "";
		strbuf_adds(sb, ", \"gold\": {");
		if (g.n_answers) {
			strbuf_addf(sb, "\"answers\": [%s]", strbuf_str(&g.answers));
			sep = ", ";
		}
		if (g.n_passages) {
			strbuf_addf(sb, "%s\"passages\": [%s]", sep, strbuf_str(&g.passages));
			sep = ", ";
		}
		if (t->gold_intent) {
			strbuf_addf(sb, "%s\"intent\": ", sep);
			json_quote(sb, t->gold_intent);
		}
		strbuf_adds(sb, "}");
	}
	gold_release(&g);
	add_metadata(sb, t->metadata);
	if (c->st != ST_OK || flush(c))
		return 1;
	strbuf_adds(sb, ", \"responses\": [");
	c->n = 0;
	c->st = store_tasks_responses(c->t, t->turn_id, response_row, c, c->err);
	if (c->st != ST_OK)
		return 1;
	if (c->n)
		strbuf_adds(sb, "\n        ]}");
	else   /* a turn before the items, for its question: nothing written since "responses" */
		strbuf_setlen(sb, 0), strbuf_adds(sb, "}");
	return flush(c);
}

/* ---- the file --------------------------------------------------------------- */

/* The round and rater of f: ids, 0 for none. */
static enum status resolve(struct store *s, const struct store_label_filter *f, int64_t *round_id,
			   int64_t *rater_id, struct error *err)
{
	enum status st = ST_OK;
	*round_id = *rater_id = 0;
	if (f->history || f->task)
		return error_set(err, ST_USAGE, "--format tasks writes items, not labels: --history and --task do "
				 "not apply (a round has its task)");
	if (f->rater && !f->round)
		return error_set(err, ST_USAGE, "--format tasks takes --rater with --round: the items assigned to "
				 "the rater in that round");
	if (f->round)
		st = store_round_info(s, f->round, round_id, NULL, NULL, err);
	if (st == ST_OK && f->rater) {   /* one the project has, else its raters listed */
		struct store_rater r;
		st = store_rater_get(s, f->rater, &r, NULL, err);
		*rater_id = st == ST_OK ? r.id : 0;
		store_rater_release(&r);
	}
	return st;
}

/* The gold extension's verdict fields: of the first scheme with a field
 * of role plausibility, and of faithfulness (scheme_find_role()). */
static enum status find_verdicts(struct store *s, struct ctx *c, struct error *err)
{
	static const enum scheme_role roles[2] = { SROLE_PLAUSIBILITY, SROLE_FAITHFULNESS };
	struct store_verdict *v[2] = { &c->plausible, &c->faithful };
	enum status st = ST_OK;
	for (int i = 0; i < 2 && st == ST_OK; i++) {
		st = scheme_find_role(s, roles[i], &c->sch[i], err);
		scheme_verdict(c->sch[i], roles[i], v[i]);
	}
	return st;
}

static enum status write_file(struct store *s, const struct store_label_filter *f, FILE *out,
			      struct export_counts *counts, int extend, struct error *err)
{
	int64_t round_id, rater_id;
	struct store_tasks *t = NULL;
	enum status st = resolve(s, f, &round_id, &rater_id, err);
	if (st == ST_OK)
		st = store_tasks_open(s, round_id, rater_id, &t, err);
	if (st != ST_OK)
		return st;
	if (!store_tasks_count(t)) {
		st = export_no_items(f, err);
		store_tasks_close(t);
		return st;
	}
	struct ctx c = { out, t, STRBUF_INIT, err, ST_OK, 0, 0, 0, 0, extend, 0, 0, { NULL, NULL }, { 0 }, { 0 } };
	if (extend)
		st = find_verdicts(s, &c, err);
	strbuf_adds(&c.sb, "{\n  \"format\": \"convqa-tasks\",\n  \"version\": 1,\n  \"systems\": [");
	if (st == ST_OK)
		st = store_tasks_systems(t, system_row, &c, err);
	if (st == ST_OK && c.st == ST_OK) {
		strbuf_adds(&c.sb, c.n ? "\n  ],\n  \"collection\": [" : "],\n  \"collection\": [");
		c.n = 0;
		st = store_tasks_passages(t, passage_row, &c, err);
	}
	if (st == ST_OK && c.st == ST_OK) {
		strbuf_adds(&c.sb, c.n ? "\n  ],\n  \"conversations\": [" : "],\n  \"conversations\": [");
		st = store_tasks_turns(t, turn_row, &c, err);
	}
	if (st == ST_OK && c.st == ST_OK) {
		strbuf_adds(&c.sb, "\n    ]}\n  ]\n}\n");
		flush(&c);
	}
	if (st == ST_OK)
		st = c.st;
	if (st == ST_OK && ferror(out))
		st = error_set(err, ST_IO, "cannot write the task file: %s", strerror(errno ? errno : EIO));
	*counts = (struct export_counts){ store_tasks_count(t), c.added, c.turns, 0 };
	strbuf_release(&c.sb);
	scheme_free(c.sch[0]);
	scheme_free(c.sch[1]);
	store_tasks_close(t);
	return st;
}

static enum status write_tasks(struct store *s, const struct store_label_filter *f, const struct export_options *o,
			       const char *project, FILE *out, struct export_counts *counts, struct error *err)
{
	(void)o;
	(void)project;
	return write_file(s, f, out, counts, 0, err);
}

/* The ground-truth extension (SCAI-QReCC's purpose): every item of the
 * project (or of --round), each turn's gold answers joined by the answers
 * judged plausible - and faithful, where faithfulness was judged - that
 * are not one of them already. */
static enum status write_gold_extension(struct store *s, const struct store_label_filter *f, const struct export_options *o,
					const char *project, FILE *out, struct export_counts *counts, struct error *err)
{
	(void)o;
	(void)project;
	if (f->rater)
		return error_set(err, ST_USAGE, "--format gold-extension extends the gold of every rater's "
				 "judgements: --rater does not apply");
	if (f->blind_for)   /* the verdicts would tell the other raters' labels of open rounds */
		return error_set(err, ST_INPUT, "--format gold-extension is made of every rater's verdicts: not "
				 "for the account of rater %s while rounds are open (a coordinator exports it, or "
				 "after the rounds close)", f->blind_for);
	return write_file(s, f, out, counts, 1, err);
}

/* What the rater does with the file, and how the labels come back. */
static void written(struct store *s, const struct store_label_filter *f, const char *path,
		    const struct export_counts *counts, struct strbuf *sb)
{
	long n = counts->n;
	const char *file = path ? path : "FILE", *rater = f->rater ? f->rater : "RATER";
	strbuf_addf(sb, "wrote %ld item%s", n, n == 1 ? "" : "s");
	if (f->round && f->rater)
		strbuf_addf(sb, " assigned to %s in round %s", f->rater, f->round);
	else if (f->round)
		strbuf_addf(sb, " of round %s", f->round);
	strbuf_addf(sb, " to %s", path ? path : "standard output");
	if (!f->round)
		return;
	char *task = NULL;
	int64_t id;
	struct error err;
	if (store_round_info(s, f->round, &id, &task, NULL, &err) != ST_OK)
		task = NULL;
	int own = task && !scheme_is_builtin(task);
	strbuf_addf(sb, "\n%s labels them in a project of their own, and sends the labels back:\n", f->rater ? rater : "each rater");
	strbuf_addf(sb, "  convqa init --db %s.db\n  convqa import --db %s.db %s\n", rater, rater, file);
	if (own)
		strbuf_addf(sb, "  convqa scheme add --db %s.db %s.json     # the round's scheme: convqa scheme show %s > %s.json\n",
			    rater, task, task, task);
	struct store_guidelines g = { 0 };
	if (task && store_guidelines_get(s, task, 0, &g, &err) == ST_OK && g.id)
		strbuf_addf(sb, "  convqa guidelines set --db %s.db --task %s %s-guidelines.md     # the guidelines: "
			    "convqa guidelines show --task %s > %s-guidelines.md\n", rater, task, task, task, task);
	store_guidelines_release(&g);
	strbuf_addf(sb, "  convqa annotate --db %s.db --rater %s%s%s\n", rater, rater, own ? " --task " : "",
		    own ? task : "");
	strbuf_addf(sb, "  convqa export --db %s.db --history -o %s-%s.json\n", rater, rater, f->round);
	strbuf_addf(sb, "and here: convqa import-labels --round %s %s-%s.json", f->round, rater, f->round);
	free(task);
}

const struct export_format export_tasks = {
	.name = "tasks", .summary = "a round's items as a task file (schemas/tasks.schema.json)",
	.write = write_tasks, .written = written,
};

static void written_extension(struct store *s, const struct store_label_filter *f, const char *path,
			      const struct export_counts *counts, struct strbuf *sb)
{
	long n = counts->n;
	(void)s;
	(void)f;
	strbuf_addf(sb, "wrote %ld item%s with the extended gold to %s: %ld answer%s judged plausible joined the "
		    "gold of %ld turn%s\n", n, n == 1 ? "" : "s", path ? path : "standard output", counts->added,
		    counts->added == 1 ? "" : "s", counts->turns, counts->turns == 1 ? "" : "s");
	strbuf_addf(sb, "a project made from it scores the answers judged plausible as gold answers: "
		    "convqa init --db new.db && convqa import --db new.db %s\n", path ? path : "FILE");
	strbuf_adds(sb, "here, the same side by side: convqa report --extended-gold --only automatic");
}

const struct export_format export_gold_extension = {
	.name = "gold-extension",
	.summary = "a task file whose gold adds the answers judged plausible",
	.write = write_gold_extension, .written = written_extension,
};
