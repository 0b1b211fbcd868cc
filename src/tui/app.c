/* app.c - the UI state's core: the view stack (a push opens a view, a pop
 * closes it), the queue and loading the item shown, moving between items
 * (auto-advance too), the item list's rows, app_init/app_release and the
 * request dispatcher (app_do), which hands labels and undo to app_save.c,
 * the evidence's pieces to app_evidence.c and the start's guidelines to
 * app_guidelines.c; adjudication's queue is app_adjudicate.c's. The app*.c
 * files are the only tui files that call the store (app_internal.h). */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/labelling.h"
#include "convqa/store.h"
#include "convqa/store_rater.h"
#include "convqa/text.h"
#include "app_internal.h"
#include "tui_internal.h"

const struct view *app_view(const struct app *app)
{
	return &app->views[app->n_views - 1];
}

const char *app_queue_unit(const struct app *app)
{
	return app->opt->adjudication ? "disagreement" : app->pairs ? "pair" : "item";
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
	if (app->pairs)
		return app_pair_label(app, field);
	return store_item_labels_get(&app->labels, field, rank);
}

void app_fail(struct app *app, const struct error *err)
{
	app->err = *err;
	app->failed = 1;
	app->quit = 1;
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
void app_push(struct app *app, const struct view_ops *ops, long arg)
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

void app_pop_to_base(struct app *app)
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

/* ---- the turn view's state ------------------------------------------------ */

struct turn_view *app_turn(const struct app *app)
{
	assert(app->n_views > 0 && app->views[0].ops->open == turn_open);
	return app->views[0].private;
}

int turn_open(struct app *app, struct view *view, long arg)
{
	struct turn_view *t = view->private;
	t->show_history = 1;
	return 0;
}

void turn_close(struct app *app, struct view *view)
{
	struct turn_view *t = view->private;
	app_free_evidence(t);
	app_free_span_marks(t);
	free(t->text_kept);
}

/* ---- loading ----------------------------------------------------------- */

static void clean(char **s, unsigned flags)
{
	if (!*s)
		return;
	char *inert = text_sanitize_dup(*s, flags);
	free(*s);
	*s = inert;
}

void app_sanitize_item(struct store_item *it)
{
	clean(&it->conversation, 0);
	if (!it->question)
		it->question = xstrdup(TUI_NO_QUESTION);
	clean(&it->question, TEXT_NEWLINES);
	clean(&it->rewrite, TEXT_NEWLINES);
	clean(&it->system, 0);
	clean(&it->answer, TEXT_NEWLINES);
	for (size_t i = 0; i < it->n_passages; i++) {
		clean(&it->passages[i].ext_id, 0);
		clean(&it->passages[i].title, 0);
		if (!it->passages[i].text)
			it->passages[i].text = xstrdup(TUI_ID_ONLY);
		clean(&it->passages[i].text, TEXT_NEWLINES);
	}
	for (size_t i = 0; i < it->n_history; i++) {
		if (!it->history[i].question)
			it->history[i].question = xstrdup(TUI_NO_QUESTION);
		clean(&it->history[i].question, 0);
		clean(&it->history[i].answer, 0);
	}
}

/* Blind (no --show-systems, a scheme that does not show systems): the
 * retrieval scores are not shown either - their scale names the retriever
 * (20.08 is BM25's, 0.8871 a dense model's) - so the item keeps its
 * passages' ranks only, on every screen that shows them. */
void app_blind_item(struct store_item *it)
{
	for (size_t i = 0; i < it->n_passages; i++) {
		it->passages[i].has_score = 0;
		it->passages[i].score = 0;
	}
}

int app_load(struct app *app, size_t pos)
{
	struct turn_view *t = app_turn(app);
	struct error err;
	store_item_release(&app->item);
	if (store_queue_seek(app->store, &app->queue, pos, &err) != ST_OK) {
		app_fail(app, &err);
		return -1;
	}
	int64_t id = store_queue_response(&app->queue, pos);
	/* the project's version before its labels are read: the next key reads
	 * them again only when another process changed the project since */
	if (store_data_version(app->store, &app->data_version, &err) != ST_OK ||
	    store_item_load(app->store, id, &app->item, &err) != ST_OK ||
	    store_item_labels_load(app->store, id, app->opt->rater_id, app->opt->round_id, app->scheme, &app->labels,
				   &err) != ST_OK ||
	    app_load_evidence(app, id, &err) != ST_OK) {
		app_fail(app, &err);
		return -1;
	}
	app->answer_empty = text_blank(app->item.answer, strlen(app->item.answer));
	app_sanitize_item(&app->item);
	if (!app->opt->show_systems)
		app_blind_item(&app->item);
	if (app_load_span_marks(app, id, &err) != ST_OK) {
		app_fail(app, &err);
		return -1;
	}
	app->cur = pos;
	t->focus = 0;
	app->field_focus = app_field_focus_step(app, 0);
	if (app_disagreement(app))
		app_focus_disputed(app);
	t->show_rewrite = 0;
	app->active = 0;
	free(t->text_kept);
	t->text_kept = NULL;
	t->text_kept_field = NULL;
	return 0;
}

/* E: the evidence spans highlighted in the passages, on or off, for every
 * item from now on; the message says how many passages have spans. */
static void toggle_spans(struct app *app)
{
	struct turn_view *t = app_turn(app);
	struct error err;
	char k[32];
	if (!(app->scheme->shows & SHOW_PASSAGES)) {
		app_message(app, MSG_INFO, "%s", app->scheme->shows & SHOW_EVIDENCE ?
			    "no passages here: the Evidence pane shows the spans" :
			    "no passages here to highlight evidence spans in");
		return;
	}
	t->show_spans = !t->show_spans;
	if (app_load_span_marks(app, store_queue_response(&app->queue, app->cur), &err) != ST_OK) {
		app_fail(app, &err);
		return;
	}
	action_key(ACT_SPANS, k);
	if (!t->show_spans)
		app_message(app, MSG_INFO, "evidence spans hidden (%s shows them)", k);
	else if (!t->span_passages)
		app_message(app, MSG_INFO, "no evidence spans in these passages (convqa spans finds them)");
	else
		app_message(app, MSG_INFO, "evidence spans highlighted in %zu passage%s (%s hides them)",
			    t->span_passages, t->span_passages == 1 ? "" : "s", k);
}

int app_summary(struct app *app, store_item_count_cb cb, void *ctx, double *seconds)
{
	struct error err;
	if (store_item_summary(app->store, app->opt->rater_id, app->opt->round_id, app->scheme->name, cb, ctx,
			       seconds, &err) != ST_OK) {
		app_fail(app, &err);
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
	app_pop_to_base(app);
	app_push(app, &view_summary, 0);
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
	enum status st = store_queue_open(app->store, opt->rater_id, opt->rater, opt->round_id, app->scheme, &app->queue,
				      err);
	if (st != ST_OK || app->queue.n)
		return st;
	if (opt->round)
		return error_set(err, ST_INPUT, "round '%s' assigns no items to rater '%s'", opt->round, opt->rater);
	return error_set(err, ST_INPUT, "the project has no items to annotate (import a task file first)");
}

/* The first item to show: the response asked for (the chat's first turn),
 * else the first unfinished item. */
static enum status first_item(struct app *app, size_t *start, struct error *err)
{
	const struct tui_options *opt = app->opt;
	int64_t want = opt->chat ? opt->chat->first_response : opt->start_response;
	enum status st = ST_OK;
	*start = SIZE_MAX;
	if (want)
		st = store_queue_find(app->store, &app->queue, want, start, err);
	if (st == ST_OK && *start >= app->queue.n)
		st = store_queue_next_unfinished(app->store, &app->queue, 0, start, err);
	return st;
}

static enum status start_queue(struct app *app, struct error *err);

enum status app_init(struct app *app, struct store *s, const struct tui_options *opt, struct error *err)
{
	memset(app, 0, sizeof(*app));
	app->store = s;
	app->opt = opt;
	store_wal_defer(s);   /* a save syncs the log; the log is copied while the rater is idle */
	app->scheme = scheme_copy_inert(opt->scheme);
	app->task_name = app->scheme->name;
	keymap_init(&app->keys, app->scheme);
	if (opt->chat) {   /* the chat screen: no queue until the conversation ends */
		app->chatting = 1;
		app_push(app, opt->chat->spec_b ? &view_arena : &view_chat, 0);
		return app->failed ? (*err = app->err, err->status) : ST_OK;
	}
	return start_queue(app, err);
}

/* F2 on the chat screen: the conversation's turns are judged in the turn
 * screen (its first turn shown first), or, with none, the session ends. */
static void chat_ended(struct app *app)
{
	struct error err;
	const struct tui_chat *tc = app->opt->chat;
	while (app->n_views > 0)
		close_view(app, &app->views[--app->n_views]);
	app->chatting = 0;
	app->message[0] = '\0';
	if (!tc->judge) {
		app->quit = 1;
		return;
	}
	if (start_queue(app, &err) != ST_OK) {
		app_fail(app, &err);
		return;
	}
	app_message(app, MSG_INFO, "judge the %zu turn%s of %s \xc2\xb7 ? lists the keys", tc->turns,
		    tc->turns == 1 ? "" : "s", tc->conversation);
	app_shown(app);   /* the guidelines, if shown first, are on the screen drawn after this key */
}

/* A rater this session added, in a project that has others (a mistyped
 * --rater?): the welcome names them. Returns 1 when it said so. A session
 * that saves nothing adds nobody (cmd_annotate.c withdraws the row). */
static int new_rater_note(struct app *app)
{
	struct store_rater *rows = NULL;
	size_t n = 0, shown = 0;
	struct error err;
	if (!app->opt->labelling || !app->opt->labelling->rater_added ||
	    store_rater_list(app->store, &rows, &n, &err) != ST_OK)
		return 0;
	struct strbuf names = STRBUF_INIT;
	for (size_t i = 0; i < n && shown < 3; i++)
		if (rows[i].id != app->opt->rater_id)
			strbuf_addf(&names, "%s%s", shown++ ? ", " : "", rows[i].name);
	if (shown)
		app_message(app, MSG_INFO, "new rater %s; others: %s%s \xc2\xb7 q if mistyped",
			    app->opt->rater, strbuf_str(&names), n - 1 > shown ? ", \xe2\x80\xa6" : "");
	strbuf_release(&names);
	store_rater_rows_free(rows, n);
	return shown > 0;
}

/* The queue (or the round's disagreements) and its first item. */
static enum status start_queue(struct app *app, struct error *err)
{
	const struct tui_options *opt = app->opt;
	if (scheme_judges_pairs(app->scheme))
		return app_init_pairs(app, err);
	enum status st = opt->adjudication ? app_init_disagreements(app, err) : init_queue(app, err);
	if (st == ST_OK)
		st = app_init_guidelines(app, err);
	if (st != ST_OK)
		return st;
	int show_guidelines = 0, notice = GUIDELINES_PLAIN;
	if (!opt->adjudication)   /* an adjudicator reads them with g */
		st = app_guidelines_first_start(app, &show_guidelines, &notice, err);
	if (st != ST_OK)
		return st;
	size_t start = 0;
	if (!opt->adjudication)
		st = first_item(app, &start, err);
	while (opt->adjudication && start < app->queue.n && app->queue.finished[start])
		start++;
	if (st != ST_OK)
		return st;
	app_push(app, opt->adjudication ? &view_adjudicate : &view_item, 0);
	if (app_load(app, start < app->queue.n ? start : opt->adjudication ? 0 : app->queue.n - 1) != 0) {
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
	else if (!new_rater_note(app))
		app_message(app, MSG_INFO, "welcome, %s: ? lists the keys", opt->rater);
	if (app->failed) {
		*err = app->err;
		return err->status;
	}
	app->auto_advance = opt->auto_advance;
	shadowed_keys(app);
	if (show_guidelines) {
		app->guidelines_unseen = 1;
		app_push(app, &view_guidelines, notice);
	}
	return ST_OK;
}

void app_release(struct app *app)
{
	while (app->n_views > 0)
		close_view(app, &app->views[--app->n_views]);
	store_item_release(&app->item);
	store_item_labels_release(&app->labels);
	store_queue_release(&app->queue);
	app_pairs_release(app);
	for (size_t i = 0; i < app->n_undo; i++) {
		free(app->undo[i].old_value);
		free(app->undo[i].new_value);
	}
	free(app->undo);
	store_item_history_free(app->history);
	free(app->guidelines);
	keymap_release(&app->keys);
	scheme_free(app->scheme);
}

/* ---- moving ------------------------------------------------------------ */

static void go(struct app *app, size_t pos)
{
	app_pop_to_base(app);
	if (app_load(app, pos) == 0)
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

/* The first item of the run of pos's turn (a run is never split by the
 * queue's window). */
static size_t run_start(const struct store_queue *q, size_t pos)
{
	int64_t t = store_queue_turn(q, pos);
	while (pos > q->lo && store_queue_turn(q, pos - 1) == t)
		pos--;
	return pos;
}

static void move_turn(struct app *app, long delta)
{
	struct store_queue *q = &app->queue;
	struct error err;
	int64_t t = store_queue_turn(q, app->cur);
	size_t p = app->cur;
	if (delta > 0) {
		while (p < q->n && store_queue_has(q, p) && store_queue_turn(q, p) == t)
			p++;
		if (p == q->n) {
			show_summary(app);
			return;
		}
	} else {
		p = run_start(q, p);
		if (p == 0) {
			app_message(app, MSG_INFO, "this is the first turn");
			return;
		}
		if (store_queue_seek(app->store, q, p - 1, &err) != ST_OK) {
			app_fail(app, &err);
			return;
		}
		p = run_start(q, p - 1);
	}
	go(app, p);
}

int app_queue_home(struct app *app)
{
	struct error err;
	if (app->pairs)
		return 0;   /* the pairs are all in memory */
	if (store_queue_seek(app->store, &app->queue, app->cur, &err) == ST_OK)
		return 0;
	app_fail(app, &err);
	return -1;
}

int app_find_unfinished(struct app *app, size_t from, size_t *p)
{
	struct error err;
	struct store_queue *q = &app->queue;
	enum status st = ST_OK;
	*p = q->n;
	if (app->pairs) {
		*p = app_pair_unfinished(app, from);
		return 0;
	}
	if (app->opt->adjudication) {
		for (size_t i = 0; i < q->n && *p == q->n; i++)
			if (!q->finished[(from + i) % q->n])
				*p = (from + i) % q->n;
		return 0;
	}
	if (from < q->n)
		st = store_queue_next_unfinished(app->store, q, from, p, &err);
	if (st == ST_OK && *p == q->n)
		st = store_queue_next_unfinished(app->store, q, 0, p, &err);
	if (st != ST_OK) {
		app_fail(app, &err);
		return -1;
	}
	return app_queue_home(app);
}

static void next_unfinished(struct app *app)
{
	size_t p;
	if (app_find_unfinished(app, app->cur + 1, &p) != 0)
		return;
	if (p < app->queue.n) {
		if (p == app->cur && app_view(app)->ops != &view_summary)
			app_message(app, MSG_INFO, app->opt->adjudication ? "this is the only unsettled disagreement" :
				    "this is the only unfinished item");
		else
			go(app, p);
		return;
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

int app_item_row(struct app *app, size_t pos, struct item_row *row)
{
	if (app->pairs)
		return app_pair_row(app, pos, row);
	struct error err;
	struct store_item it;
	struct store_item_labels l = STORE_ITEM_LABELS_INIT;
	memset(row, 0, sizeof(*row));
	memset(&it, 0, sizeof(it));
	row->pos = pos;
	enum status st = store_queue_seek(app->store, &app->queue, pos, &err);
	int64_t id = store_queue_response(&app->queue, pos);
	row->finished = store_queue_finished(&app->queue, pos);
	if (st == ST_OK)
		st = store_item_load(app->store, id, &it, &err);
	if (st == ST_OK)
		st = store_item_labels_load(app->store, id, app->opt->rater_id, app->opt->round_id, app->scheme, &l,
					    &err);
	if (st == ST_OK) {
		row->conversation = text_sanitize_dup(it.conversation, 0);
		row->question = text_sanitize_dup(it.question ? it.question : TUI_NO_QUESTION, 0);
		row->system = text_sanitize_dup(it.system, 0);
		row->position = it.position;
		row->n_turns = it.n_turns;
		for (size_t i = 0; i < l.n && !row->labelled; i++)
			row->labelled = l.v[i].value != NULL;
	} else {
		app_fail(app, &err);
	}
	store_item_labels_release(&l);
	store_item_release(&it);
	if (st == ST_OK)
		app_answer_place(app, pos, &row->answer_index, &row->n_answers);
	return st == ST_OK ? 0 : -1;
}

static void go_to(struct app *app, long pos)
{
	if (pos < 0 || (size_t)pos >= app->queue.n)
		return;   /* the list and the jump prompt ask for items of the queue only */
	if ((size_t)pos == app->cur) {
		app_pop_to_base(app);   /* the item shown: as it was (its focus) */
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
	const char *what = app->opt->adjudication ? "settling a disagreement" :
			   app->pairs ? "finishing a pair" : "finishing an item";
	if (app->auto_advance)
		app_message(app, MSG_INFO, "%s now moves on (%s: off)", what, k);
	else
		app_message(app, MSG_INFO, "%s no longer moves on (%s: on)", what, k);
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

const struct scheme_field *app_field_focus_step(const struct app *app, int delta)
{
	const struct scheme *sc = app->scheme;
	const struct scheme_field *found = NULL;
	long at = delta >= 0 ? -1 : (long)sc->n_fields;
	if (!delta)
		delta = 1;
	else if (app->field_focus)
		at = app->field_focus - sc->fields;
	for (long i = at + delta; !found && i >= 0 && i < (long)sc->n_fields; i += delta)
		if (scheme_field_focused(sc, &sc->fields[i]) && app_field_asked(app, &sc->fields[i]))
			found = &sc->fields[i];
	return found;
}

/* The focus on the next (delta 1) or previous (-1) focused field; it stays
 * on the first and the last. */
static void move_field_focus(struct app *app, long delta)
{
	const struct scheme_field *f = app_field_focus_step(app, delta > 0 ? 1 : -1);
	if (f)
		app->field_focus = f;
}

/* A key that does nothing in this view. */
static void unknown_key(struct app *app, struct key k)
{
	char buf[32];
	app_message(app, MSG_INFO, "the key %s does nothing here \xc2\xb7 ? lists the keys", key_to_name(k, buf));
}

/* A key that focused fields share, which the field in focus does not have. */
static void key_unfocused(struct app *app, const struct request *r)
{
	char k[32], tab[32];
	if (!app->field_focus && !app_field_asked(app, r->field))
		app_message(app, MSG_INFO, "%s is not asked of an empty answer", r->field->name);
	else if (!app->field_focus)
		unknown_key(app, r->key);
	else
		app_message(app, MSG_INFO, "%s (in focus) has no key %s \xc2\xb7 %s: next field",
			    app->field_focus->name, key_to_name(r->key, k), action_key(ACT_NEXT_UNFINISHED, tab));
}

static void move_focus(struct app *app, long delta)
{
	struct turn_view *t = app_turn(app);
	if (!app->item.n_passages)
		return;
	long f = t->focus + delta;
	if (f < 0)
		f = 0;
	if (f >= (long)app->item.n_passages)
		f = (long)app->item.n_passages - 1;
	t->focus = (int)f;
}
/* A label request: of a field asked of this item. */
static void label(struct app *app, const struct request *r)
{
	const struct scheme_field *f = r->field;
	const struct store_disagreement *d = app_disagreement(app);
	if (d && !app_disputed_label(app, r)) {
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
		app_set_value(app, f, (size_t)r->arg);
		break;
	case REQ_TOGGLE_RANK:
		app_mark_rank(app, f, r->arg);
		break;
	case REQ_TOGGLE_FOCUSED:
		if (app->item.n_passages)
			app_toggle_rank(app, f, app->item.passages[r->arg].rank);
		break;
	case REQ_SET_REST:
		app_set_rest(app, f);
		break;
	default:
		app_push(app, &view_note, (long)(f - app->scheme->fields));
		break;
	}
}

/* The focus moved by delta: among the pieces of evidence where the task
 * shows them instead of passages, else among the passages. */
static void focus(struct app *app, long delta)
{
	if (!(app->scheme->shows & SHOW_PASSAGES) && app_turn(app)->evidence_pieces)
		app_move_evidence_focus(app, delta);
	else
		move_focus(app, delta);
}

/* The focused passage (or piece of evidence) opened in full, or why not. */
static void open_passage(struct app *app)
{
	if (!(app->scheme->shows & SHOW_PASSAGES) && (app->scheme->shows & SHOW_EVIDENCE))
		app_open_evidence_piece(app);
	else if (!(app->scheme->shows & SHOW_PASSAGES))
		app_message(app, MSG_INFO, "the %s task shows no passages", app->task_name);
	else if (!app->item.n_passages)
		app_message(app, MSG_INFO, "this item has no passages");
	else
		app_push(app, &view_passage, 0);
}

static void toggle_history(struct app *app)
{
	if (!(app->scheme->shows & SHOW_HISTORY))
		app_message(app, MSG_INFO, "the %s task shows no history", app->task_name);
	else if (!app->item.n_history && app->item.position <= 1)
		app_message(app, MSG_INFO, "this is the first turn: no history");
	else if (!app->item.n_history)
		app_message(app, MSG_INFO, "none of the %d earlier turns is in the project", app->item.position - 1);
	else
		app_turn(app)->show_history = !app_turn(app)->show_history;
}

static void toggle_rewrite(struct app *app)
{
	if (!app->item.rewrite)
		app_message(app, MSG_INFO, "this turn has no rewrite");
	else
		app_turn(app)->show_rewrite = !app_turn(app)->show_rewrite;
}

/* The part of a request that concerns the shared state. */
static void carry_out(struct app *app, const struct request *r)
{
	if (app->pairs && app_pair_do(app, r))
		return;
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
		app_undo(app);
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
	case REQ_FIELD_FOCUS:
		move_field_focus(app, r->arg);
		break;
	case REQ_KEY_UNFOCUSED:
		key_unfocused(app, r);
		break;
	case REQ_FOCUS:
		focus(app, r->arg);
		break;
	case REQ_OPEN_PASSAGE:
		open_passage(app);
		break;
	case REQ_OPEN_TURN:
		app_push(app, &view_passage, 1);
		break;
	case REQ_TOGGLE_HISTORY:
		toggle_history(app);
		break;
	case REQ_TOGGLE_REWRITE:
		toggle_rewrite(app);
		break;
	case REQ_TOGGLE_SPANS:
		toggle_spans(app);
		break;
	case REQ_PUSH:
		if (r->view == &view_summary)
			show_summary(app);
		else
			app_push(app, r->view, r->arg);
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
	case REQ_UNKNOWN_KEY:
		unknown_key(app, r->key);
		break;
	case REQ_SCROLL: case REQ_UNCOVERED: case REQ_RESIZED: case REQ_PASSAGE:
	case REQ_TEXT_KILL: case REQ_TEXT_ENTER:
	case REQ_TEXT_EDIT: case REQ_CHAT_CANCEL:
		break;
	case REQ_CHAT_END:
		chat_ended(app);
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
