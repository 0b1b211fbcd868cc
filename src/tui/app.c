/* app.c - the UI state and every change to it: the queue and the item shown,
 * saving labels (each its own transaction) with active time, undo, moving
 * between items (auto-advance too), the item list's rows, the view stack (a
 * push opens a view, a pop closes it). The only tui file that calls the
 * store. Adjudication (convqa adjudicate) walks the round's disagreements as
 * its queue: an item is a disagreement, finished when it is settled. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/hash.h"
#include "convqa/labelling.h"
#include "convqa/spans.h"
#include "convqa/store.h"
#include "convqa/text.h"
#include "tui_internal.h"

const struct view *app_view(const struct app *app)
{
	return &app->views[app->n_views - 1];
}

void app_message(struct app *app, enum status_kind kind, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	text_sanitize_vfmt(&sb, 0, fmt, ap);
	va_end(ap);
	size_t n = sb.len < sizeof(app->message) ? sb.len : sizeof(app->message) - 1;
	while (n < sb.len && n > 0 && (sb.buf[n] & 0xc0) == 0x80)
		n--;   /* never cut a character in two */
	memcpy(app->message, sb.buf ? sb.buf : "", n);
	app->message[n] = '\0';
	strbuf_release(&sb);
	app->message_kind = kind;
}

const char *app_label(const struct app *app, const char *field, long rank)
{
	return store_item_labels_get(&app->labels, field, rank);
}

static void fail(struct app *app, const struct error *err)
{
	app->err = *err;
	app->failed = 1;
	app->quit = 1;
}

/* ---- adjudication ------------------------------------------------------------ */

const struct store_disagreement *app_disagreement(const struct app *app)
{
	const struct store_disagreements *d = app->opt->adjudication;
	return d && app->cur < d->n ? &d->v[app->cur] : NULL;
}

void app_focus_disputed(struct app *app)
{
	const struct store_disagreement *d = app_disagreement(app);
	for (size_t i = 0; d && d->passage_rank && i < app->item.n_passages; i++)
		if (app->item.passages[i].rank == d->passage_rank)
			app->focus = (int)i;
}

/* Whether disagreement pos is settled by the adjudicator's labels l of its item. */
static int settled(const struct app *app, size_t pos, const struct store_item_labels *l)
{
	const struct store_disagreement *d = &app->opt->adjudication->v[pos];
	return store_item_labels_get(l, d->field->name, d->passage_rank) != NULL;
}

/* Adjudication: the round's disagreements are the queue, each shown on
 * its item; a settled one is finished. */
static enum status init_disagreements(struct app *app, struct error *err)
{
	const struct store_disagreements *d = app->opt->adjudication;
	struct store_queue *q = &app->queue;
	if (!d->n)
		return error_set(err, ST_INPUT, "round '%s' has nothing to adjudicate", app->opt->round);
	q->responses = xcalloc(d->n, sizeof(*q->responses));
	q->turns = xcalloc(d->n, sizeof(*q->turns));
	q->finished = xcalloc(d->n, 1);
	for (size_t i = 0; i < d->n; i++) {
		q->responses[i] = d->v[i].response_id;
		q->turns[i] = d->v[i].turn_id;
		q->finished[i] = d->v[i].settled != NULL;
		q->n_finished += q->finished[i];
	}
	q->n = d->n;
	return ST_OK;
}

/* ---- the view stack -------------------------------------------------------- */

static void close_view(struct app *app, struct view *v)
{
	if (v->ops->close)
		v->ops->close(app, v);
	free(v->private);
	*v = (struct view){ NULL, NULL };
}

/* Open ops on top of the stack (on a full stack: in place of the top). */
static void push(struct app *app, const struct view_ops *ops, long arg)
{
	if (app->n_views == VIEW_STACK)
		close_view(app, &app->views[--app->n_views]);
	struct view *v = &app->views[app->n_views];
	v->ops = ops;
	v->private = ops->private_size ? xcalloc(1, ops->private_size) : NULL;
	if (ops->open && ops->open(app, v, arg) != 0) {
		free(v->private);
		*v = (struct view){ NULL, NULL };
		return;
	}
	app->n_views++;
}

/* Close the top view; the item view at the bottom stays. */
static void pop(struct app *app)
{
	if (app->n_views > 1)
		close_view(app, &app->views[--app->n_views]);
}

static void pop_to_base(struct app *app)
{
	while (app->n_views > 1)
		pop(app);
}

void app_resized(struct app *app)
{
	for (int i = 0; i < app->n_views; i++) {
		struct view *v = &app->views[i];
		if (v->ops->act)
			v->ops->act(app, v, &(struct request){ .kind = REQ_RESIZED });
	}
}

/* ---- loading ----------------------------------------------------------- */

static void clean(char **s, unsigned flags)
{
	if (!*s)
		return;
	struct strbuf sb = STRBUF_INIT;
	text_sanitize(&sb, *s, strlen(*s), flags);
	free(*s);
	*s = strbuf_detach(&sb);
	if (!*s)
		*s = xstrdup("");
}

static void sanitize_item(struct store_item *it)
{
	clean(&it->conversation, 0);
	clean(&it->question, TEXT_NEWLINES);
	clean(&it->rewrite, TEXT_NEWLINES);
	clean(&it->system, 0);
	clean(&it->answer, TEXT_NEWLINES);
	for (size_t i = 0; i < it->n_passages; i++) {
		clean(&it->passages[i].ext_id, 0);
		clean(&it->passages[i].title, 0);
		clean(&it->passages[i].text, TEXT_NEWLINES);
	}
	for (size_t i = 0; i < it->n_history; i++) {
		clean(&it->history[i].question, 0);
		clean(&it->history[i].answer, 0);
	}
}

/* The evidence paragraph of response id (the scheme shows evidence) into
 * app->evidence: its stored spans merged per passage (spans_paragraph),
 * sanitised; NULL when it has none. */
static enum status load_evidence(struct app *app, int64_t id, struct error *err)
{
	struct store_evidence e;
	free(app->evidence);
	free(app->evidence_mark);
	free(app->evidence_piece);
	app->evidence = NULL;
	app->evidence_mark = NULL;
	app->evidence_piece = NULL;
	app->evidence_pieces = app->evidence_passages = app->evidence_focus = 0;
	if (!(app->scheme->shows & SHOW_EVIDENCE))
		return ST_OK;
	enum status st = store_evidence_load(app->store, id, &e, err);
	if (st != ST_OK)
		return st;
	if (e.n_spans) {
		struct spans_passage *ps = xcalloc(e.n_passages, sizeof(*ps));
		struct span *v = xcalloc(e.n_spans, sizeof(*v));
		for (size_t i = 0; i < e.n_passages; i++)
			ps[i] = (struct spans_passage){ e.passages[i].ext_id, e.passages[i].text, e.passages[i].len };
		for (size_t i = 0; i < e.n_spans; i++)
			v[i] = (struct span){ e.spans[i].passage, e.spans[i].start, e.spans[i].end,
					      e.spans[i].gold ? SPANS_GOLD : SPANS_ANSWER, e.spans[i].score };
		struct strbuf para = STRBUF_INIT, clean_para = STRBUF_INIT;
		struct spans_piece *pieces = NULL;
		size_t n_pieces = 0;
		spans_paragraph(&para, ps, e.n_passages, v, e.n_spans, &pieces, &n_pieces);
		/* the answer's words in the pieces (not in the passages' ids),
		 * then sanitised run by run so that the marks follow the text */
		unsigned char *mark = xcalloc(para.len + 1, 1);
		for (size_t i = 0; i < n_pieces; i++)
			spans_mark_answer(para.buf + pieces[i].at, pieces[i].end - pieces[i].start,
					  app->item.answer, mark + pieces[i].at);
		struct strbuf clean_mark = STRBUF_INIT;
		for (size_t i = 0, j; i < para.len; i = j) {
			for (j = i + 1; j < para.len && mark[j] == mark[i]; j++)
				;
			size_t before = clean_para.len;
			text_sanitize(&clean_para, para.buf + i, j - i, TEXT_NEWLINES);
			for (size_t k = before; k < clean_para.len; k++)
				strbuf_addc(&clean_mark, mark[i] ? '\1' : '\0');
		}
		free(mark);
		/* where each piece is in the passage the item screen shows:
		 * the same passage by rank, its offset in the sanitised text */
		app->evidence_piece = xcalloc(n_pieces ? n_pieces : 1, sizeof(*app->evidence_piece));
		for (size_t i = 0; i < n_pieces; i++) {
			const struct store_evidence_passage *ep = &e.passages[pieces[i].passage];
			struct evidence_piece *pc = &app->evidence_piece[i];
			pc->passage = -1;
			for (size_t j = 0; ep->rank > 0 && j < app->item.n_passages; j++)
				if (app->item.passages[j].rank == ep->rank) {
					pc->passage = (int)j;
					break;
				}
			struct strbuf pre = STRBUF_INIT;
			text_sanitize(&pre, ep->text, pieces[i].start, TEXT_NEWLINES);
			pc->at = pre.len;
			text_sanitize(&pre, ep->text + pieces[i].start, pieces[i].end - pieces[i].start, TEXT_NEWLINES);
			pc->end = pre.len;
			strbuf_release(&pre);
		}
		free(pieces);
		app->evidence = strbuf_detach(&clean_para);
		if (!app->evidence)
			app->evidence = xstrdup("");
		app->evidence_mark = (unsigned char *)strbuf_detach(&clean_mark);
		app->evidence_pieces = n_pieces;
		for (size_t i = 0; i < e.n_passages; i++)
			for (size_t k = 0; k < e.n_spans; k++)
				if (e.spans[k].passage == i && e.spans[k].start < e.spans[k].end &&
				    e.spans[k].end <= e.passages[i].len) {
					app->evidence_passages++;
					break;
				}
		strbuf_release(&para);
		free(ps);
		free(v);
	}
	store_evidence_release(&e);
	return ST_OK;
}

static int load(struct app *app, size_t pos)
{
	struct error err;
	store_item_release(&app->item);
	if (store_item_load(app->store, app->queue.responses[pos], &app->item, &err) != ST_OK ||
	    store_item_labels_load(app->store, app->queue.responses[pos], app->opt->rater_id,
				   app->opt->round_id, app->scheme, &app->labels, &err) != ST_OK ||
	    load_evidence(app, app->queue.responses[pos], &err) != ST_OK) {
		fail(app, &err);
		return -1;
	}
	app->answer_empty = text_blank(app->item.answer, strlen(app->item.answer));
	sanitize_item(&app->item);
	app->cur = pos;
	app->focus = 0;
	if (app_disagreement(app))
		app_focus_disputed(app);
	app->show_rewrite = 0;
	app->active = 0;
	free(app->text_kept);
	app->text_kept = NULL;
	app->text_kept_field = NULL;
	return 0;
}

static void set_finished(struct app *app, size_t pos, int now)
{
	int was = app->queue.finished[pos];
	app->queue.finished[pos] = (unsigned char)now;
	app->queue.n_finished = app->queue.n_finished - (size_t)was + (size_t)now;
}

/* Queue item pos finished or not, as the store has its labels now. */
static int refresh_finished(struct app *app, size_t pos)
{
	struct error err;
	struct store_item it;
	struct store_item_labels l = STORE_ITEM_LABELS_INIT;
	int64_t id = app->queue.responses[pos];
	memset(&it, 0, sizeof(it));
	enum status st = store_item_load(app->store, id, &it, &err);
	if (st == ST_OK)
		st = store_item_labels_load(app->store, id, app->opt->rater_id, app->opt->round_id, app->scheme, &l,
					    &err);
	if (st == ST_OK)
		set_finished(app, pos, app->opt->adjudication ? settled(app, pos, &l) :
			     store_item_n_missing(app->scheme, it.n_passages, text_blank(it.answer, strlen(it.answer)),
						  &l) == 0);
	else
		fail(app, &err);
	store_item_labels_release(&l);
	store_item_release(&it);
	return st == ST_OK ? 0 : -1;
}

/* A label of f, a field of a unit wider than one response (the turn's
 * intent, a passage pooled over the systems, an answer given by several),
 * was saved on the item shown with value (NULL: cleared): the other items
 * of its turn may be finished by it, or no longer. A value set cannot
 * unfinish an item, a value cleared cannot finish one: those are not read
 * again. */
static void refresh_turn(struct app *app, const struct scheme_field *f, const char *value)
{
	if (f->unit == UNIT_RESPONSE || app->opt->adjudication)
		return;   /* a disagreement is settled by its own unit only */
	int64_t turn = app->queue.turns[app->cur];
	for (size_t i = 0; i < app->queue.n; i++)
		if (i != app->cur && app->queue.turns[i] == turn && app->queue.finished[i] == !value &&
		    refresh_finished(app, i) != 0)
			return;
}

int app_summary(struct app *app, store_item_count_cb cb, void *ctx, double *seconds)
{
	struct error err;
	if (store_item_summary(app->store, app->opt->rater_id, app->opt->round_id, app->scheme->name, cb, ctx,
			       seconds, &err) != ST_OK) {
		fail(app, &err);
		return -1;
	}
	return 0;
}

static void show_summary(struct app *app)
{
	app->message[0] = '\0';   /* the last item's news is not the summary's */
	if (app->opt->adjudication) {   /* no summary: the count is in the header */
		app_message(app, MSG_INFO, "this is the last disagreement (%zu of %zu settled)", app->queue.n_finished,
			    app->queue.n);
		return;
	}
	pop_to_base(app);
	push(app, &view_summary, 0);
}

/* ---- guidelines ----------------------------------------------------------- */

/* What the item screen shows besides the question, for the guidelines. */
static const char *shown_context(unsigned shows)
{
	if ((shows & SHOW_EVIDENCE) && !(shows & SHOW_PASSAGES))
		return (shows & SHOW_HISTORY) ?
			       ", with the earlier turns and the evidence from the passages the system retrieved" :
			       ", with the evidence from the passages the system retrieved";
	if ((shows & SHOW_HISTORY) && (shows & SHOW_PASSAGES))
		return ", with the earlier turns and the passages the system retrieved";
	if (shows & SHOW_HISTORY)
		return ", with the earlier turns";
	if (shows & SHOW_PASSAGES)
		return ", with the passages the system retrieved";
	return "";
}

/* The keys of f for the guidelines: " Keys: e extractive, a abstractive." */
static void guidelines_keys(const struct app *app, const struct scheme_field *f, struct strbuf *sb)
{
	size_t n = 0;
	for (size_t i = 0; i < f->n_categories; i++) {
		const struct scheme_category *c = &f->categories[category_shown(f, i)];
		if (c->key)
			strbuf_addf(sb, "%s%s %s", n++ ? ", " : f->type == TYPE_ORDINAL ? " Keys, lowest first: " :
				    " Keys: ", c->key, c->label);
	}
	if (f->n_rank_keys || f->toggle_key || f->rest_key) {
		const char *sep = " Keys: ";
		if (f->n_rank_keys) {
			strbuf_adds(sb, sep);
			field_keys(&app->keys, f, ACT_TOGGLE_RANK, sb);
			strbuf_adds(sb, " toggle the passage at that rank");
			sep = ", ";
		}
		if (f->toggle_key) {
			strbuf_addf(sb, "%s%s the focused one", sep, f->toggle_key);
			sep = ", ";
		}
		if (f->rest_key)
			strbuf_addf(sb, "%s%s marks the rest %s", sep, f->rest_key, f->categories[0].label);
	}
	if (f->edit_key)
		strbuf_addf(sb, " Key: %s", f->edit_key);
}

/* What the session's scheme asks and its keys, appended to sb (after the
 * project's guidelines, if any). */
static void builtin_guidelines(struct app *app, struct strbuf *sb)
{
	static const char *const per_unit[UNIT__COUNT] = {
		[UNIT_TURN] = ", one per turn", [UNIT_PASSAGE] = ", one per passage",
		[UNIT_ANSWER] = ", one per distinct answer",
	};
	const struct scheme *sc = app->scheme;
	strbuf_addf(sb, "Task: %s. You see one item at a time: one system's answer to one turn "
			"of a conversation%s. Set every field below; each change is saved at once.\n\n",
		    app->task_name, shown_context(sc->shows));
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct scheme_field *f = &sc->fields[i];
		if (!field_has_keys(f))
			continue;   /* set elsewhere (extra_gold: convqa label) */
		strbuf_addf(sb, "%s (%s%s%s)", f->name, f->required ? "required" : "optional",
			    per_unit[f->unit] ? per_unit[f->unit] : "",
			    f->skip_when_empty ? ", not asked of an empty answer" : "");
		if (f->help)
			strbuf_addf(sb, ": %s", f->help);
		strbuf_adds(sb, ".");
		guidelines_keys(app, f, sb);
		strbuf_adds(sb, ".\n\n");
	}
	strbuf_adds(sb, "An item is finished when every required field is set. Moving on from an "
			"unfinished item loses nothing. u undoes the last change, ? lists every key, "
			"q closes this screen (on the item screen q quits).");
	if (!app->guidelines_given)
		strbuf_adds(sb, "\n\nThe project has no guidelines of its own; set them with:\n"
				"convqa guidelines set FILE");
}

/* The guidelines' text: --guidelines FILE, else the project's for the
 * session's task (its own, else those for every task), else the project
 * setting "guidelines" (before convqa guidelines set); made inert and
 * followed by what the scheme asks. */
static enum status init_guidelines(struct app *app, struct error *err)
{
	char *text = NULL;
	struct store_guidelines g;
	if (app->opt->guidelines) {
		text = xstrdup(app->opt->guidelines);
	} else if (store_guidelines_get(app->store, app->task_name, 0, &g, err) != ST_OK) {
		return err->status;
	} else if (g.id) {
		app->guidelines_id = g.id;
		text = g.text;
		g.text = NULL;
		store_guidelines_release(&g);
	} else if (store_setting_get(app->store, "guidelines", &text, err) != ST_OK) {
		return err->status;
	}
	struct strbuf sb = STRBUF_INIT;
	app->guidelines_given = text != NULL;
	if (text) {
		text_sanitize(&sb, text, strlen(text), TEXT_NEWLINES);
		while (sb.len && (sb.buf[sb.len - 1] == '\n' || sb.buf[sb.len - 1] == ' '))
			sb.buf[--sb.len] = '\0';
		strbuf_adds(&sb, "\n\n");
	}
	builtin_guidelines(app, &sb);
	free(text);
	app->guidelines = strbuf_detach(&sb);
	if (!app->guidelines)
		app->guidelines = xstrdup("");
	return ST_OK;
}

/* The project setting that holds the hash of the guidelines text the rater
 * was last shown in the session's task (a task name has no '.'); caller
 * frees. */
static char *seen_key(const struct app *app)
{
	return xasprintf("guidelines_seen.%s.%s", app->task_name, app->opt->rater);
}

/* Show the guidelines once per rater, task and text, and once per version of the
 * project's: find out whether this rater has seen them (app_shown()
 * records it once they are on the screen, so a start that fails before it
 * shows nothing does not count as seen). *notice: what the screen says
 * first (GUIDELINES_NEW, GUIDELINES_CHANGED: a version of the project's
 * they have not seen). */
static enum status guidelines_first_start(struct app *app, int *show, int *notice, struct error *err)
{
	char *seen = NULL;
	int version_seen = 1, before = 0;
	hash_sha256_hex(app->guidelines, strlen(app->guidelines), app->guidelines_hash);
	char *key = seen_key(app);
	enum status st = store_setting_get(app->store, key, &seen, err);
	if (st == ST_OK && app->guidelines_id)
		st = store_guidelines_seen(app->store, app->opt->rater_id, app->task_name, app->guidelines_id,
					   &version_seen, &before, err);
	*show = st == ST_OK && (!seen || strcmp(seen, app->guidelines_hash) != 0 || !version_seen);
	*notice = version_seen ? GUIDELINES_PLAIN : before || seen ? GUIDELINES_CHANGED : GUIDELINES_NEW;
	free(seen);
	free(key);
	return st;
}

void app_shown(struct app *app)
{
	struct error err;
	if (!app->guidelines_unseen)
		return;
	app->guidelines_unseen = 0;
	char *key = seen_key(app);
	if (store_setting_set(app->store, key, app->guidelines_hash, &err) != ST_OK ||
	    (app->guidelines_id && store_guidelines_mark_seen(app->store, app->opt->rater_id, app->guidelines_id,
							      &err) != ST_OK))
		app_message(app, MSG_ERROR, "NOT SAVED: %s", err.msg);
	free(key);
}

/* A scheme stored before some of the fixed keys were reserved keeps them
 * (its keys win): say which fixed keys it hides and how to free them. */
static void shadowed_keys(struct app *app)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n = keymap_shadowed(&app->keys, &sb);
	if (n)
		app_message(app, MSG_ERROR, "scheme %s takes %s: give it %s with convqa scheme add",
			    app->task_name, strbuf_str(&sb), n > 1 ? "other keys" : "another key");
	strbuf_release(&sb);
}

/* The rater's queue in the session's scheme: at least one item. */
static enum status init_queue(struct app *app, struct error *err)
{
	const struct tui_options *opt = app->opt;
	enum status st = store_queue_load(app->store, opt->rater_id, opt->round_id, app->scheme, &app->queue, err);
	if (st != ST_OK || app->queue.n)
		return st;
	if (opt->round)
		return error_set(err, ST_INPUT, "round '%s' assigns no items to rater '%s'", opt->round, opt->rater);
	return error_set(err, ST_INPUT, "the project has no items to annotate (import a task file first)");
}

enum status app_init(struct app *app, struct store *s, const struct tui_options *opt, struct error *err)
{
	memset(app, 0, sizeof(*app));
	app->store = s;
	app->opt = opt;
	app->scheme = scheme_copy_inert(opt->scheme);
	app->task_name = app->scheme->name;
	keymap_init(&app->keys, app->scheme);
	app->show_history = 1;
	enum status st = opt->adjudication ? init_disagreements(app, err) : init_queue(app, err);
	if (st == ST_OK)
		st = init_guidelines(app, err);
	if (st != ST_OK)
		return st;
	int show_guidelines = 0, notice = GUIDELINES_PLAIN;
	if (!opt->adjudication)   /* an adjudicator reads them with g */
		st = guidelines_first_start(app, &show_guidelines, &notice, err);
	if (st != ST_OK)
		return st;
	size_t start = 0;
	while (start < app->queue.n && app->queue.finished[start])
		start++;
	push(app, opt->adjudication ? &view_adjudicate : &view_item, 0);
	if (load(app, start < app->queue.n ? start : opt->adjudication ? 0 : app->queue.n - 1) != 0) {
		*err = app->err;
		return err->status;
	}
	if (opt->adjudication && start == app->queue.n)
		app_message(app, MSG_INFO, "every disagreement is settled: n and p go through them");
	else if (opt->adjudication && app->queue.n_finished)
		app_message(app, MSG_INFO, "resumed at the first unsettled disagreement (%zu of %zu settled)",
			    app->queue.n_finished, app->queue.n);
	else if (opt->adjudication)
		app_message(app, MSG_INFO, "pick each value with the keys of its field \xc2\xb7 ? lists the keys");
	else if (start == app->queue.n)
		show_summary(app);
	else if (app->queue.n_finished)
		app_message(app, MSG_INFO, "resumed at the first unfinished item (%zu of %zu done)",
			    app->queue.n_finished, app->queue.n);
	else
		app_message(app, MSG_INFO, "welcome, %s: ? lists the keys", opt->rater);
	if (app->failed) {
		*err = app->err;
		return err->status;
	}
	app->auto_advance = opt->auto_advance;
	shadowed_keys(app);
	if (show_guidelines) {
		app->guidelines_unseen = 1;
		push(app, &view_guidelines, notice);
	}
	return ST_OK;
}

void app_release(struct app *app)
{
	while (app->n_views > 0)
		close_view(app, &app->views[--app->n_views]);
	store_item_release(&app->item);
	store_item_labels_release(&app->labels);
	free(app->evidence);
	free(app->evidence_mark);
	free(app->evidence_piece);
	app->evidence = NULL;
	app->evidence_mark = NULL;
	app->evidence_piece = NULL;
	store_queue_release(&app->queue);
	for (size_t i = 0; i < app->n_undo; i++) {
		free(app->undo[i].old_value);
		free(app->undo[i].new_value);
	}
	free(app->undo);
	free(app->guidelines);
	free(app->text_kept);
	keymap_release(&app->keys);
	scheme_free(app->scheme);
}

/* ---- labels ------------------------------------------------------------ */

static void push_undo(struct app *app, const struct scheme_field *f, long rank, const char *old,
		      const char *new)
{
	if (app->n_undo == UNDO_MAX) {
		free(app->undo[0].old_value);
		free(app->undo[0].new_value);
		memmove(app->undo, app->undo + 1, (app->n_undo - 1) * sizeof(*app->undo));
		app->n_undo--;
	}
	xgrow(&app->undo, &app->cap_undo, app->n_undo + 1, sizeof(*app->undo));
	app->undo[app->n_undo++] = (struct undo_entry){
		app->cur, app->undo_group, f, rank, old ? xstrdup(old) : NULL, new ? xstrdup(new) : NULL,
	};
	if (!app->in_group)
		app->undo_group++;
}

static const char *shown_value(const struct scheme_field *f, const char *v)
{
	if (!v)
		return "unset";
	const struct scheme_category *c = f->type == TYPE_TEXT ? NULL : scheme_category_find(f, v);
	return c ? c->label : v;
}

int app_field_asked(const struct app *app, const struct scheme_field *f)
{
	return !(f->skip_when_empty && app->answer_empty);
}

/* Save one value (NULL clears) of the item shown. Returns 0 when saved. */
static int save(struct app *app, const struct scheme_field *f, long rank, const char *value,
		int undoable, const char *verb)
{
	struct error err;
	struct labelling_key k = {
		.response_id = app->queue.responses[app->cur], .field = f->name, .passage_rank = rank,
	};
	if (labelling_set(app->opt->labelling, &k, value, app->active, &err) != ST_OK) {
		app_message(app, MSG_ERROR, "NOT SAVED: %s", err.msg);
		return -1;
	}
	app->active = 0;
	const char *cur = app_label(app, f->name, rank);
	char *old = cur ? xstrdup(cur) : NULL;
	store_item_labels_put(&app->labels, f, rank, value);
	if (undoable)
		push_undo(app, f, rank, old, value);
	free(old);
	int was = app->queue.finished[app->cur];
	int now = app->opt->adjudication ? settled(app, app->cur, &app->labels) :
		  store_item_n_missing(app->scheme, app->item.n_passages, app->answer_empty, &app->labels) == 0;
	set_finished(app, app->cur, now);
	refresh_turn(app, f, value);
	char what[160];
	if (f->unit == UNIT_PASSAGE)
		snprintf(what, sizeof(what), "passage %ld %s", rank, value ? shown_value(f, value) : "not judged");
	else if (f->type == TYPE_TEXT)
		snprintf(what, sizeof(what), "%s %s", f->name, value ? "saved" : "cleared");
	else if (!value)
		snprintf(what, sizeof(what), "%s cleared", f->name);
	else
		snprintf(what, sizeof(what), "%s = %s", f->name, shown_value(f, value));
	/* a change of the rater's (not an undo) that finished the item:
	 * auto-advance moves on once the request is done (app_do) */
	if (undoable && now && !was)
		app->finished_now = 1;
	app_message(app, MSG_SAVED, "%s \xc2\xb7 %s%s", verb, what,
		    !now || was || app->auto_advance ? "" : app->opt->adjudication ?
		    " \xc2\xb7 settled (n: next)" : " \xc2\xb7 item finished (n: next item)");
	return 0;
}

static const struct store_item_passage *passage_at(const struct app *app, long rank)
{
	for (size_t i = 0; i < app->item.n_passages; i++)
		if (app->item.passages[i].rank == rank)
			return &app->item.passages[i];
	return NULL;
}

/* A binary passage field of the passage at rank: its second category (say
 * relevant) unless it is that already, then its first. */
static void toggle_rank(struct app *app, const struct scheme_field *f, long rank)
{
	if (!passage_at(app, rank)) {
		app_message(app, MSG_INFO, "there is no passage at rank %ld", rank);
		return;
	}
	const char *v = app_label(app, f->name, rank);
	const char *yes = f->categories[1].value, *no = f->categories[0].value;
	save(app, f, rank, v && strcmp(v, yes) == 0 ? no : yes, 1, "saved");
}

/* Category cat of f (of the focused passage for a passage field). */
static void set_value(struct app *app, const struct scheme_field *f, size_t cat)
{
	long rank = 0;
	if (f->unit == UNIT_PASSAGE) {
		if (!app->item.n_passages) {
			app_message(app, MSG_INFO, "this item has no passages");
			return;
		}
		rank = app->item.passages[app->focus].rank;
	}
	const char *v = app_label(app, f->name, rank), *value = f->categories[cat].value;
	if (v && strcmp(v, value) == 0) {
		/* the key of the current value again keeps it: a double press
		 * must not lose a label (u undoes a change) */
		char k[32];
		app_message(app, MSG_INFO, "%s is %s already \xc2\xb7 %s undoes the last change", f->name,
			    shown_value(f, v), action_key(ACT_UNDO, k));
		return;
	}
	save(app, f, rank, value, 1, "saved");
}

/* Every passage still unjudged: f's first category (not relevant). One
 * undo group. */
static void set_rest(struct app *app, const struct scheme_field *f)
{
	const char *no = f->categories[0].value;
	int n = 0, failed = 0;
	app->in_group = 1;
	for (size_t i = 0; i < app->item.n_passages && !failed; i++)
		if (!app_label(app, f->name, app->item.passages[i].rank)) {
			failed = save(app, f, app->item.passages[i].rank, no, 1, "saved") != 0;
			n += !failed;
		}
	app->in_group = 0;
	if (n)
		app->undo_group++;
	if (failed)
		return;   /* NOT SAVED stays on the screen */
	if (!app->item.n_passages)
		app_message(app, MSG_INFO, "this item has no passages");
	else if (n == 0)
		app_message(app, MSG_INFO, "every passage is judged already");
	else if (n > 1)
		app_message(app, MSG_SAVED, "saved \xc2\xb7 %d passages %s%s", n, f->categories[0].label,
			    app->queue.finished[app->cur] && !app->auto_advance ?
			    " \xc2\xb7 item finished (n: next item)" : "");
}

/* Undo the last group of changes (one key's worth), newest first. An entry
 * leaves the stack only once its undo is saved: after a failed save, u
 * tries the same change again. */
/* The queue position of the item a change saved before this session was
 * given on, and the passage's rank there: *rank. SIZE_MAX when it is not in
 * the queue. */
static size_t saved_change_pos(const struct app *app, const struct store_change *c, long *rank)
{
	*rank = c->passage_rank;
	const struct store_disagreements *d = app->opt->adjudication;
	for (size_t i = 0; d && i < d->n; i++) {
		/* the disagreement of the change's unit, shown where it is */
		const struct store_disagreement *x = &d->v[i];
		if (x->turn_id == c->turn_id && x->unit_ref == c->unit_ref && strcmp(x->field->name, c->field) == 0 &&
		    strcmp(scheme_unit_name(x->field->unit), c->unit) == 0) {
			*rank = x->passage_rank;
			return i;
		}
	}
	for (size_t i = 0; !d && i < app->queue.n; i++)
		if (app->queue.responses[i] == c->response_id)
			return i;
	return SIZE_MAX;
}

/* Undo changes saved on an item that is not in the queue (convqa label
 * may give labels on any item): the item shown stays; what it shows of
 * the unit (a turn's, a pooled passage's) and the turn's finished items
 * are read again. Returns 0 when saved. */
static int undo_elsewhere(struct app *app, const struct store_changes *c)
{
	struct error err;
	for (size_t i = 0; i < c->n; i++) {
		struct labelling_key k = {
			.response_id = c->v[i].response_id, .field = c->v[i].field, .passage_rank = c->v[i].passage_rank,
		};
		if (labelling_set(app->opt->labelling, &k, c->v[i].before, app->active, &err) != ST_OK) {
			app_message(app, MSG_ERROR, "NOT SAVED: %s", err.msg);
			return -1;
		}
		app->active = 0;
	}
	if (store_item_labels_load(app->store, app->queue.responses[app->cur], app->opt->rater_id,
				   app->opt->round_id, app->scheme, &app->labels, &err) != ST_OK) {
		fail(app, &err);
		return -1;
	}
	for (size_t i = 0; i < app->queue.n; i++)
		if (app->queue.turns[i] == c->v[0].turn_id && refresh_finished(app, i) != 0)
			return -1;
	app_message(app, MSG_SAVED, "undone \xc2\xb7 %s%s of an item not in this queue", c->n > 1 ? "changes to " : "",
		    c->v[0].field);
	return 0;
}

/* Nothing of this session is left to undo: take back the rater's changes
 * saved before it (an earlier session, convqa label), as the label history
 * has them (store_item_undoable): one key's worth, on the item it was
 * given on. */
static void undo_saved(struct app *app)
{
	struct error err;
	struct store_changes c;
	if (store_item_undoable(app->store, app->opt->rater_id, app->opt->round_id, app->scheme->name, &c,
				&err) != ST_OK) {
		app_message(app, MSG_ERROR, "cannot undo: %s", err.msg);
		return;
	}
	long rank;
	size_t pos = c.n ? saved_change_pos(app, &c.v[0], &rank) : 0;
	const struct scheme_field *f = c.n ? scheme_field_find(app->scheme, c.v[0].field) : NULL;
	if (!c.n) {
		app_message(app, MSG_INFO, "nothing to undo");
	} else if (!f || strcmp(scheme_unit_name(f->unit), c.v[0].unit) != 0) {
		app_message(app, MSG_INFO, "nothing more to undo: the last change, of %s, is not of this scheme's "
			    "fields", c.v[0].field);
	} else if (pos == SIZE_MAX) {
		undo_elsewhere(app, &c);
	} else {
		if (pos != app->cur || app_view(app)->ops == &view_summary)
			pop_to_base(app);
		size_t done = 0;
		if (pos == app->cur || load(app, pos) == 0)
			while (done < c.n && save(app, f, done ? c.v[done].passage_rank : rank, c.v[done].before, 0,
						  "undone") == 0)
				done++;
		if (done > 1)
			app_message(app, MSG_SAVED, "undone \xc2\xb7 %zu passages not judged", done);
		if (done) {
			size_t len = strlen(app->message);
			snprintf(app->message + len, sizeof(app->message) - len, " \xc2\xb7 saved before this session");
		}
	}
	store_changes_release(&c);
}

static void undo(struct app *app)
{
	if (!app->n_undo) {
		undo_saved(app);
		return;
	}
	const struct undo_entry *last = &app->undo[app->n_undo - 1];
	unsigned long group = last->group;
	size_t pos = last->pos;
	if (pos != app->cur || app_view(app)->ops == &view_summary)
		pop_to_base(app);
	if (pos != app->cur && load(app, pos) != 0)
		return;
	size_t done = 0;
	int all_unjudged = 1;
	while (app->n_undo && app->undo[app->n_undo - 1].group == group &&
	       app->undo[app->n_undo - 1].pos == pos) {
		struct undo_entry *e = &app->undo[app->n_undo - 1];
		if (save(app, e->field, e->rank, e->old_value, 0, "undone") != 0)
			return;   /* NOT SAVED: the entry stays for the next u */
		all_unjudged &= e->field->unit == UNIT_PASSAGE && !e->old_value;
		free(e->old_value);
		free(e->new_value);
		app->n_undo--;
		done++;
	}
	if (done > 1)
		app_message(app, MSG_SAVED, all_unjudged ? "undone \xc2\xb7 %zu passages not judged" :
			    "undone \xc2\xb7 %zu changes", done);
}

/* text trimmed of the spaces around it: a copy, or NULL when nothing is left. */
static char *trimmed(const char *text)
{
	size_t n = strlen(text);
	while (n && text[n - 1] == ' ')
		n--;
	while (n && *text == ' ')
		text++, n--;
	return n ? xstrndup(text, n) : NULL;
}

void app_save_text(struct app *app, const struct scheme_field *f, const char *text)
{
	char *value = trimmed(text);   /* NULL clears it */
	const char *cur = app_label(app, f->name, 0);
	if ((!value && !cur) || (value && cur && strcmp(value, cur) == 0)) {
		app_message(app, MSG_INFO, "%s unchanged", f->name);
	} else if (save(app, f, 0, value, 1, "saved") != 0) {
		/* keep what was typed (an empty text too): the edit key opens it again */
		size_t len = strlen(app->message);
		snprintf(app->message + len, sizeof(app->message) - len, " \xc2\xb7 %s edits the %s again",
			 f->edit_key ? f->edit_key : "?", f->name);
		free(app->text_kept);
		app->text_kept = value ? value : xstrdup("");
		app->text_kept_field = f;
		value = NULL;
	}
	free(value);
}

/* ---- moving ------------------------------------------------------------ */

static void go(struct app *app, size_t pos)
{
	pop_to_base(app);
	if (load(app, pos) == 0)
		app->message[0] = '\0';
}

static void move_item(struct app *app, long delta)
{
	if (delta > 0) {
		if (app->cur + 1 < app->queue.n)
			go(app, app->cur + 1);
		else
			show_summary(app);
	} else if (app->cur > 0) {
		go(app, app->cur - 1);
	} else {
		app_message(app, MSG_INFO, "this is the first item");
	}
}

static void move_turn(struct app *app, long delta)
{
	const int64_t *t = app->queue.turns;
	size_t p = app->cur;
	if (delta > 0) {
		while (p < app->queue.n && t[p] == t[app->cur])
			p++;
		if (p == app->queue.n) {
			show_summary(app);
			return;
		}
	} else {
		while (p > 0 && t[p] == t[app->cur])
			p--;
		if (t[p] == t[app->cur]) {
			app_message(app, MSG_INFO, "this is the first turn");
			return;
		}
		while (p > 0 && t[p - 1] == t[p])
			p--;
	}
	go(app, p);
}

static void next_unfinished(struct app *app)
{
	size_t n = app->queue.n;
	for (size_t i = 1; i <= n; i++) {
		size_t p = (app->cur + i) % n;
		if (p == app->cur && !app->queue.finished[p] && app_view(app)->ops != &view_summary) {
			app_message(app, MSG_INFO, app->opt->adjudication ? "this is the only unsettled disagreement" :
				    "this is the only unfinished item");
			return;
		}
		if (!app->queue.finished[p]) {
			go(app, p);
			return;
		}
	}
	if (app_view(app)->ops != &view_summary)
		show_summary(app);
	app_message(app, MSG_INFO, app->opt->adjudication ? "every disagreement is settled" :
		    "every item is finished");
}

/* ---- the item list, jumps, auto-advance ------------------------------------- */

void item_row_release(struct item_row *row)
{
	free(row->conversation);
	free(row->question);
	free(row->system);
	memset(row, 0, sizeof(*row));
}

static char *one_line(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	text_sanitize(&sb, s ? s : "", s ? strlen(s) : 0, 0);
	char *out = strbuf_detach(&sb);
	return out ? out : xstrdup("");
}

int app_item_row(struct app *app, size_t pos, struct item_row *row)
{
	struct error err;
	struct store_item it;
	struct store_item_labels l = STORE_ITEM_LABELS_INIT;
	int64_t id = app->queue.responses[pos];
	memset(row, 0, sizeof(*row));
	row->pos = pos;
	enum status st = store_item_load(app->store, id, &it, &err);
	if (st == ST_OK)
		st = store_item_labels_load(app->store, id, app->opt->rater_id, app->opt->round_id, app->scheme, &l,
					    &err);
	if (st == ST_OK) {
		row->conversation = one_line(it.conversation);
		row->question = one_line(it.question);
		row->system = one_line(it.system);
		row->position = it.position;
		row->n_turns = it.n_turns;
		row->answer_index = it.answer_index;
		row->n_answers = it.n_answers;
		for (size_t i = 0; i < l.n && !row->labelled; i++)
			row->labelled = l.v[i].value != NULL;
	} else {
		fail(app, &err);
	}
	store_item_labels_release(&l);
	store_item_release(&it);
	return st == ST_OK ? 0 : -1;
}

static void go_to(struct app *app, long pos)
{
	if (pos < 0 || (size_t)pos >= app->queue.n)
		return;   /* the list and the jump prompt ask for items of the queue only */
	if ((size_t)pos == app->cur) {
		pop_to_base(app);   /* the item shown: as it was (its focus) */
		app->message[0] = '\0';
	} else {
		go(app, (size_t)pos);
	}
}

static void toggle_auto_advance(struct app *app)
{
	char k[32];
	action_key(ACT_AUTO_ADVANCE, k);
	app->auto_advance = !app->auto_advance;
	if (app->auto_advance)
		app_message(app, MSG_INFO, "finishing an item now moves on (%s: off)", k);
	else
		app_message(app, MSG_INFO, "finishing an item no longer moves on (%s: on)", k);
}

/* Auto-advance: the request's change finished the item shown (it was
 * unfinished before it): on to the next unfinished item, as tab goes. */
static void advance(struct app *app)
{
	size_t done = app->cur;
	next_unfinished(app);
	if (app->failed || app_view(app)->ops == &view_summary || app->cur == done)
		return;   /* every item is finished: the summary (or the message) says so */
	if (app->opt->adjudication)
		app_message(app, MSG_SAVED, "saved \xc2\xb7 disagreement %zu settled \xc2\xb7 on to %zu", done + 1,
			    app->cur + 1);
	else
		app_message(app, MSG_SAVED, "saved \xc2\xb7 item %zu finished \xc2\xb7 on to item %zu", done + 1,
			    app->cur + 1);
}

/* ---- the request dispatcher ----------------------------------------------- */

void app_input(struct app *app, double now)
{
	double gap = now - app->last_input;
	if (gap > 0 && gap <= IDLE_SECONDS)
		app->active += gap;
	app->last_input = now;
}

/* Tell the view a pop uncovered (pagers go back to their top). */
static void uncover(struct app *app)
{
	struct view *top = &app->views[app->n_views - 1];
	if (top->ops->act)
		top->ops->act(app, top, &(struct request){ .kind = REQ_UNCOVERED });
}

static void move_focus(struct app *app, long delta)
{
	if (!app->item.n_passages)
		return;
	long f = app->focus + delta;
	if (f < 0)
		f = 0;
	if (f >= (long)app->item.n_passages)
		f = (long)app->item.n_passages - 1;
	app->focus = (int)f;
}

/* A screen with evidence but no passages: the focus is on a piece of the
 * evidence. */
static void move_evidence_focus(struct app *app, long delta)
{
	long f = (long)app->evidence_focus + delta;
	if (f < 0)
		f = 0;
	if (f >= (long)app->evidence_pieces)
		f = (long)app->evidence_pieces - 1;
	app->evidence_focus = (size_t)f;
}

/* The passage behind the focused piece of the evidence, in full, scrolled
 * to the piece. */
static void open_evidence_piece(struct app *app)
{
	if (!app->evidence_pieces) {
		app_message(app, MSG_INFO, "no evidence spans: run convqa spans");
		return;
	}
	const struct evidence_piece *pc = &app->evidence_piece[app->evidence_focus];
	if (pc->passage < 0 || (size_t)pc->passage >= app->item.n_passages) {
		app_message(app, MSG_INFO, "the passage of this piece is no longer in the answer's ranking");
		return;
	}
	app->focus = pc->passage;
	push(app, &view_passage, 2);
}

/* Adjudication: whether label request r is of the field and passage in
 * dispute (the only label an adjudicator gives there). */
static int disputed_label(const struct app *app, const struct request *r)
{
	const struct store_disagreement *d = app_disagreement(app);
	long rank = 0;
	if (strcmp(r->field->name, d->field->name) != 0)
		return 0;
	switch (r->kind) {
	case REQ_SET_VALUE:
		rank = r->field->unit == UNIT_PASSAGE && app->item.n_passages ? app->item.passages[app->focus].rank : 0;
		break;
	case REQ_TOGGLE_RANK:
		rank = r->arg;
		break;
	case REQ_TOGGLE_FOCUSED:
		rank = app->item.n_passages ? app->item.passages[r->arg].rank : 0;
		break;
	default:
		return 0;   /* "-" judges every passage, a text field is never in dispute */
	}
	return rank == d->passage_rank;
}

/* A label request: of a field asked of this item. */
static void label(struct app *app, const struct request *r)
{
	const struct scheme_field *f = r->field;
	const struct store_disagreement *d = app_disagreement(app);
	if (d && !disputed_label(app, r)) {
		if (d->passage_rank)
			app_message(app, MSG_INFO, "this disagreement is about %s of passage %ld", d->field->name,
				    d->passage_rank);
		else
			app_message(app, MSG_INFO, "this disagreement is about %s", d->field->name);
		return;
	}
	if (!app_field_asked(app, f)) {
		app_message(app, MSG_INFO, "%s is not asked of an empty answer", f->name);
		return;
	}
	switch (r->kind) {
	case REQ_SET_VALUE:
		set_value(app, f, (size_t)r->arg);
		break;
	case REQ_TOGGLE_RANK:
		toggle_rank(app, f, r->arg);
		break;
	case REQ_TOGGLE_FOCUSED:
		if (app->item.n_passages)
			toggle_rank(app, f, app->item.passages[r->arg].rank);
		break;
	case REQ_SET_REST:
		set_rest(app, f);
		break;
	default:
		push(app, &view_note, (long)(f - app->scheme->fields));
		break;
	}
}

/* The part of a request that concerns the shared state. */
static void carry_out(struct app *app, const struct request *r)
{
	switch (r->kind) {
	case REQ_NONE:
		break;
	case REQ_QUIT:
		app->quit = 1;
		break;
	case REQ_SET_VALUE: case REQ_TOGGLE_RANK: case REQ_TOGGLE_FOCUSED: case REQ_SET_REST:
	case REQ_EDIT_BEGIN:
		label(app, r);
		break;
	case REQ_UNDO:
		undo(app);
		break;
	case REQ_ITEM:
		move_item(app, r->arg);
		break;
	case REQ_TURN:
		move_turn(app, r->arg);
		break;
	case REQ_NEXT_UNFINISHED:
		next_unfinished(app);
		break;
	case REQ_FOCUS:
		if (!(app->scheme->shows & SHOW_PASSAGES) && app->evidence_pieces)
			move_evidence_focus(app, r->arg);
		else
			move_focus(app, r->arg);
		break;
	case REQ_OPEN_PASSAGE:
		if (!(app->scheme->shows & SHOW_PASSAGES) && (app->scheme->shows & SHOW_EVIDENCE))
			open_evidence_piece(app);
		else if (!(app->scheme->shows & SHOW_PASSAGES))
			app_message(app, MSG_INFO, "the %s task shows no passages", app->task_name);
		else if (!app->item.n_passages)
			app_message(app, MSG_INFO, "this item has no passages");
		else
			push(app, &view_passage, 0);
		break;
	case REQ_OPEN_TURN:
		push(app, &view_passage, 1);
		break;
	case REQ_TOGGLE_HISTORY:
		if (!(app->scheme->shows & SHOW_HISTORY))
			app_message(app, MSG_INFO, "the %s task shows no history", app->task_name);
		else if (!app->item.n_history)
			app_message(app, MSG_INFO, "this is the first turn: no history");
		else
			app->show_history = !app->show_history;
		break;
	case REQ_TOGGLE_REWRITE:
		if (!app->item.rewrite)
			app_message(app, MSG_INFO, "this turn has no rewrite");
		else
			app->show_rewrite = !app->show_rewrite;
		break;
	case REQ_PUSH:
		if (r->view == &view_summary)
			show_summary(app);
		else
			push(app, r->view, r->arg);
		break;
	case REQ_POP:
		pop(app);
		uncover(app);
		break;
	case REQ_GOTO:
		go_to(app, r->arg);
		break;
	case REQ_AUTO_ADVANCE:
		toggle_auto_advance(app);
		break;
	case REQ_UNKNOWN_KEY: {
		char buf[32];
		app_message(app, MSG_INFO, "the key %s does nothing here \xc2\xb7 ? lists the keys",
			    key_to_name(r->key, buf));
		break;
	}
	case REQ_SCROLL: case REQ_UNCOVERED: case REQ_RESIZED: case REQ_PASSAGE:
	case REQ_TEXT_INSERT: case REQ_TEXT_ERASE: case REQ_TEXT_KILL: case REQ_TEXT_ENTER:
		break;   /* the top view's act() carries them out; other views ignore them */
	}
}

void app_do(struct app *app, const struct request *r)
{
	struct view *top = &app->views[app->n_views - 1];
	app->finished_now = 0;
	struct request rest = top->ops->act ? top->ops->act(app, top, r) : *r;
	carry_out(app, &rest);
	if (app->finished_now && app->auto_advance && !app->quit && !app->failed)
		advance(app);
	app->finished_now = 0;
}
