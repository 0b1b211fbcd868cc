/* export_label_studio.c - the items of a round as Label Studio tasks, the
 * export format "label-studio": a JSON array of tasks, one a line, each
 * {"data": {...}} with what the rater reads as plain strings (Label
 * Studio's Text tag shows them as text, never as markup) and the keys that
 * bring the labels back (convqa import-labels --format label-studio):
 *
 *   conversation, turn, system, scheme, round (with --round)   the item
 *   question, answer                                           always
 *   history                 the earlier turns (Q2: ... / A2: ...), when the scheme shows it
 *   evidence                the evidence paragraph, when the scheme shows it
 *   passage_K, passage_K_id the passage ranked K (title and text) and its id,
 *                           K = 1 .. the most any item of the selection ranks
 *
 * Every task has every key the labeling config (label-studio-config, same
 * selection) names: a rank an item lacks reads "(no passage at rank K)". */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/json.h"
#include "convqa/scheme.h"
#include "convqa/store.h"
#include "convqa/store_item.h"
#include "convqa/strbuf.h"
#include "export_internal.h"

static void member(struct strbuf *sb, const char *key, const char *value)
{
	strbuf_addf(sb, ", \"%s\": ", key);
	json_quote(sb, value);
}

/* "Q1: question\nA1: answer" for each earlier turn. */
static void add_history(struct strbuf *sb, const struct store_item *it)
{
	struct strbuf h = STRBUF_INIT;
	for (size_t i = 0; i < it->n_history; i++) {
		const struct store_item_turn *t = &it->history[i];
		strbuf_addf(&h, "%sQ%d: %s\nA%d: %s", i ? "\n" : "", t->position, t->question, t->position,
			    !t->answer ? "(no answer from this system)" : *t->answer ? t->answer : "(empty answer)");
	}
	member(sb, "history", it->n_history ? strbuf_str(&h) : "(none: the conversation's first turn)");
	strbuf_release(&h);
}

/* The evidence paragraph of the response (spans_paragraph), as the
 * faithfulness screen shows it. */
static enum status add_evidence(struct store *s, struct strbuf *sb, int64_t id, struct error *err)
{
	struct store_evidence e;
	enum status st = store_evidence_load(s, id, &e, err);
	if (st != ST_OK)
		return st;
	struct strbuf para = STRBUF_INIT;
	store_evidence_paragraph(&e, &para, NULL, NULL);
	member(sb, "evidence", para.len ? strbuf_str(&para) : "(no evidence spans)");
	strbuf_release(&para);
	store_evidence_release(&e);
	return ST_OK;
}

static void add_passages(struct strbuf *sb, const struct store_item *it, long max_rank)
{
	char key[64];
	size_t i = 0;
	for (long k = 1; k <= max_rank; k++) {
		while (i < it->n_passages && it->passages[i].rank < k)
			i++;
		const struct store_item_passage *p = i < it->n_passages && it->passages[i].rank == k ? &it->passages[i] : NULL;
		snprintf(key, sizeof(key), "passage_%ld", k);
		if (p && p->title) {
			char *text = xasprintf("%s\n%s", p->title, p->text);
			member(sb, key, text);
			free(text);
		} else if (p) {
			member(sb, key, p->text);
		} else {
			char none[64];
			snprintf(none, sizeof(none), "(no passage at rank %ld)", k);
			member(sb, key, none);
		}
		snprintf(key, sizeof(key), "passage_%ld_id", k);
		strbuf_addf(sb, ", \"%s\": ", key);
		json_quote_or_null(sb, p ? p->ext_id : NULL);
	}
}

/* One task: {"data": {...}}. */
static enum status add_task(struct store *s, const struct export_ls_items *x, int64_t id, struct strbuf *sb,
			    struct error *err)
{
	struct store_item it;
	enum status st = store_item_load(s, id, &it, err);
	if (st == ST_OK) {
		const struct scheme *sc = x->scheme;
		strbuf_adds(sb, "{\"data\": {\"conversation\": ");
		json_quote(sb, it.conversation);
		strbuf_addf(sb, ", \"turn\": %d", it.position);
		member(sb, "system", it.system);
		member(sb, "scheme", sc->name);
		if (x->round)
			member(sb, "round", x->round);
		if (sc->shows & SHOW_HISTORY)
			add_history(sb, &it);
		member(sb, "question", it.question);
		member(sb, "answer", it.answer);
		if (sc->shows & SHOW_EVIDENCE)
			st = add_evidence(s, sb, id, err);
		if (export_ls_shows_passages(sc))
			add_passages(sb, &it, x->max_rank);
		strbuf_adds(sb, "}}");
	}
	store_item_release(&it);
	return st;
}

static enum status write_tasks(struct store *s, const struct store_label_filter *f, const struct export_options *o,
			       const char *project, FILE *out, struct export_counts *counts, struct error *err)
{
	(void)o;
	(void)project;
	struct export_ls_items x;
	enum status st = export_ls_select(s, f, "label-studio", &x, err);
	struct strbuf sb = STRBUF_INIT;
	int failed = 0;
	for (size_t i = 0; st == ST_OK && i < x.n && !failed; i++) {
		strbuf_reset(&sb);
		strbuf_adds(&sb, i ? ",\n" : "[\n");
		st = add_task(s, &x, x.ids[i], &sb, err);
		if (st == ST_OK && fwrite(sb.buf, 1, sb.len, out) != sb.len)
			failed = errno ? errno : EIO;
	}
	if (st == ST_OK && !failed && fputs("\n]\n", out) == EOF)
		failed = errno ? errno : EIO;
	if (st == ST_OK)
		st = export_ls_done(out, failed, (long)x.n, "the Label Studio tasks", counts, err);
	strbuf_release(&sb);
	export_ls_release(&x);
	return st;
}

/* The next steps: the config, Label Studio, the labels back. */
static void written(struct store *s, const struct store_label_filter *f, const char *path,
		    const struct export_counts *counts, struct strbuf *sb)
{
	(void)s;
	long n = counts->n;
	struct strbuf opts = STRBUF_INIT;
	if (f->round)
		strbuf_addf(&opts, " --round %s", f->round);
	if (f->rater)
		strbuf_addf(&opts, " --rater %s", f->rater);
	if (f->task)
		strbuf_addf(&opts, " --task %s", f->task);
	strbuf_addf(sb, "wrote %ld Label Studio task%s to %s\n", n, n == 1 ? "" : "s", path ? path : "standard output");
	strbuf_addf(sb, "the labeling config of the same items: convqa export --format label-studio-config%s -o "
		    "config.xml\n", strbuf_str(&opts));
	strbuf_adds(sb, "in Label Studio: a new project, Labeling Setup > Code: config.xml; Data Import: the tasks; "
		    "after labelling, Export > JSON\n");
	strbuf_addf(sb, "and here: convqa import-labels --format label-studio EXPORT.json");
	strbuf_release(&opts);
}

const struct export_format export_label_studio = {
	.name = "label-studio", .summary = "a round's items as Label Studio tasks (JSON; labels back: import-labels)",
	.write = write_tasks, .written = written,
};
