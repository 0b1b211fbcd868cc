/* app.c - the UI state and every change to it: the queue and the item shown,
 * saving labels (each its own transaction) with active time, undo, moving
 * between items, the view stack (a push opens a view, a pop closes it). The
 * only tui file that calls the store. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/hash.h"
#include "convqa/labelling.h"
#include "convqa/store.h"
#include "convqa/text.h"
#include "tui_internal.h"

/* The item view of each task kind: a task's screen is a view file and a
 * row here. */
static const struct view_ops *const item_views[TASK__COUNT] = {
	[TASK_TURN] = &view_turn,
	[TASK_PLAUSIBILITY] = &view_plausibility,
	[TASK_FAITHFULNESS] = &view_faithfulness,
};

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

static int load(struct app *app, size_t pos)
{
	struct error err;
	store_item_release(&app->item);
	if (store_item_load(app->store, app->queue.responses[pos], &app->item, &err) != ST_OK ||
	    store_item_labels_load(app->store, app->queue.responses[pos], app->opt->rater_id,
				   app->opt->round_id, app->opt->scheme, &app->labels, &err) != ST_OK) {
		fail(app, &err);
		return -1;
	}
	sanitize_item(&app->item);
	app->cur = pos;
	app->focus = 0;
	app->show_rewrite = 0;
	app->active = 0;
	free(app->note_kept);
	app->note_kept = NULL;
	return 0;
}

int app_summary(struct app *app, store_item_count_cb cb, void *ctx, double *seconds)
{
	struct error err;
	if (store_item_summary(app->store, app->opt->rater_id, app->opt->round_id, app->opt->scheme->name, cb, ctx,
			       seconds, &err) != ST_OK) {
		fail(app, &err);
		return -1;
	}
	return 0;
}

static void show_summary(struct app *app)
{
	app->message[0] = '\0';   /* the last item's news is not the summary's */
	pop_to_base(app);
	push(app, &view_summary, 0);
}

/* ---- guidelines ----------------------------------------------------------- */

static void builtin_guidelines(struct app *app, struct strbuf *sb)
{
	enum model_task t = app->opt->task;
	strbuf_addf(sb, "Task: %s. You see one item at a time: one system's answer to one turn "
			"of a conversation, with the earlier turns and the passages the system "
			"retrieved. Set every field below; each change is saved at once.\n\n",
		    app->task_name);
	for (size_t i = 0; i < model_n_fields; i++) {
		const struct model_field *f = &model_fields[i];
		if (f->task != t || strcmp(f->name, "extra_gold") == 0)
			continue;
		strbuf_addf(sb, "%s (%s%s): %s.", f->name, f->required ? "required" : "optional",
			    f->per_passage ? ", one per passage" : "", f->help);
		struct strbuf keys = STRBUF_INIT;
		for (int a = 1; a < ACT__COUNT; a++) {
			if (!actions[a].field || strcmp(actions[a].field, f->name) != 0 ||
			    !(actions[a].tasks & (1u << t)))
				continue;
			strbuf_addf(&keys, "%s", keys.len ? ", " : " Keys: ");
			action_keys((enum action)a, t, &keys);
			strbuf_addf(&keys, " %s", f->kind == FIELD_BINARY ?
					(strcmp(actions[a].value, "1") == 0 ? f->values[1] : f->values[0]) :
					actions[a].value);
		}
		if (f->per_passage) {
			strbuf_adds(&keys, " Keys: ");
			action_keys(ACT_TOGGLE_RANK, t, &keys);
			strbuf_adds(&keys, " toggle the passage at that rank, ");
			action_keys(ACT_TOGGLE_FOCUSED, t, &keys);
			strbuf_adds(&keys, " the focused one, ");
			action_keys(ACT_REST_NOT_RELEVANT, t, &keys);
			strbuf_adds(&keys, " marks the rest not relevant");
		}
		if (f->kind == FIELD_TEXT) {
			strbuf_adds(&keys, " Key: ");
			action_keys(ACT_NOTE, t, &keys);
		}
		strbuf_addf(sb, "%s.\n\n", strbuf_str(&keys));
		strbuf_release(&keys);
	}
	strbuf_adds(sb, "An item is finished when every required field is set. Moving on from an "
			"unfinished item loses nothing. u undoes the last change, ? lists every key, "
			"q closes this screen (on the item screen q quits).\n\nThe project has no "
			"guidelines of its own: give them with --guidelines FILE or the project setting "
			"'guidelines'.");
}

static enum status init_guidelines(struct app *app, struct error *err)
{
	char *text = NULL;
	if (app->opt->guidelines) {
		text = xstrdup(app->opt->guidelines);
	} else if (store_setting_get(app->store, "guidelines", &text, err) != ST_OK) {
		return err->status;
	}
	struct strbuf sb = STRBUF_INIT;
	app->guidelines_given = text != NULL;
	if (text)
		text_sanitize(&sb, text, strlen(text), TEXT_NEWLINES);
	else
		builtin_guidelines(app, &sb);
	free(text);
	app->guidelines = strbuf_detach(&sb);
	if (!app->guidelines)
		app->guidelines = xstrdup("");
	return ST_OK;
}

/* Show the guidelines once per rater and guidelines text: find out whether
 * this rater has seen these guidelines (app_shown() records it once they
 * are on the screen, so a start that fails before it shows nothing does not
 * count as seen). */
static enum status guidelines_first_start(struct app *app, int *show, struct error *err)
{
	char *seen = NULL;
	hash_sha256_hex(app->guidelines, strlen(app->guidelines), app->guidelines_hash);
	char *key = xasprintf("guidelines_seen.%s", app->opt->rater);
	enum status st = store_setting_get(app->store, key, &seen, err);
	*show = st == ST_OK && (!seen || strcmp(seen, app->guidelines_hash) != 0);
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
	char *key = xasprintf("guidelines_seen.%s", app->opt->rater);
	if (store_setting_set(app->store, key, app->guidelines_hash, &err) != ST_OK)
		app_message(app, MSG_ERROR, "NOT SAVED: %s", err.msg);
	free(key);
}

enum status app_init(struct app *app, struct store *s, const struct tui_options *opt, struct error *err)
{
	memset(app, 0, sizeof(*app));
	app->store = s;
	app->opt = opt;
	app->task_name = model_task_name(opt->task);
	app->show_history = 1;
	enum status st = store_queue_load(s, opt->rater_id, opt->round_id, opt->scheme, &app->queue, err);
	if (st != ST_OK)
		return st;
	if (app->queue.n == 0) {
		if (opt->round)
			return error_set(err, ST_INPUT, "round '%s' assigns no items to rater '%s'", opt->round,
					 opt->rater);
		return error_set(err, ST_INPUT, "the project has no items to annotate (import a task file first)");
	}
	st = init_guidelines(app, err);
	if (st != ST_OK)
		return st;
	int show_guidelines = 0;
	st = guidelines_first_start(app, &show_guidelines, err);
	if (st != ST_OK)
		return st;
	if (!item_views[opt->task])
		return error_set(err, ST_USAGE, "annotate: the %s task has no screen", app->task_name);
	size_t start = 0;
	while (start < app->queue.n && app->queue.finished[start])
		start++;
	push(app, item_views[opt->task], 0);
	if (load(app, start < app->queue.n ? start : app->queue.n - 1) != 0) {
		*err = app->err;
		return err->status;
	}
	if (start == app->queue.n)
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
	if (show_guidelines) {
		app->guidelines_unseen = 1;
		push(app, &view_guidelines, 0);
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
	for (size_t i = 0; i < app->n_undo; i++) {
		free(app->undo[i].old_value);
		free(app->undo[i].new_value);
	}
	free(app->undo);
	free(app->guidelines);
	free(app->note_kept);
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
	int now = store_item_n_missing(app->opt->scheme, app->item.n_passages, text_blank(app->item.answer, strlen(app->item.answer)),
				       &app->labels) == 0;
	app->queue.finished[app->cur] = (unsigned char)now;
	app->queue.n_finished = app->queue.n_finished - (size_t)was + (size_t)now;
	char what[160];
	if (f->unit == UNIT_PASSAGE)
		snprintf(what, sizeof(what), "passage %ld %s", rank, value ? shown_value(f, value) : "not judged");
	else if (f->type == TYPE_TEXT)
		snprintf(what, sizeof(what), "note %s", value ? "saved" : "cleared");
	else if (!value)
		snprintf(what, sizeof(what), "%s cleared", f->name);
	else
		snprintf(what, sizeof(what), "%s = %s", f->name, shown_value(f, value));
	app_message(app, MSG_SAVED, "%s \xc2\xb7 %s%s", verb, what,
		    now && !was ? " \xc2\xb7 item finished (n: next item)" : "");
	return 0;
}

static const struct store_item_passage *passage_at(const struct app *app, long rank)
{
	for (size_t i = 0; i < app->item.n_passages; i++)
		if (app->item.passages[i].rank == rank)
			return &app->item.passages[i];
	return NULL;
}

static void toggle_rank(struct app *app, long rank)
{
	const struct scheme_field *f = scheme_field_find(app->opt->scheme, "relevant");
	if (!f)
		return;
	if (!passage_at(app, rank)) {
		app_message(app, MSG_INFO, "there is no passage at rank %ld", rank);
		return;
	}
	const char *v = app_label(app, f->name, rank);
	save(app, f, rank, v && strcmp(v, "1") == 0 ? "0" : "1", 1, "saved");
}

static void set_value(struct app *app, enum action a)
{
	const struct scheme_field *f = scheme_field_find(app->opt->scheme, actions[a].field);
	if (!f)
		return;
	const char *v = app_label(app, f->name, 0);
	if (v && strcmp(v, actions[a].value) == 0) {
		/* the key of the current value again keeps it: a double press
		 * must not lose a label (u undoes a change) */
		char k[32];
		app_message(app, MSG_INFO, "%s is %s already \xc2\xb7 %s undoes the last change", f->name,
			    shown_value(f, v), action_key(ACT_UNDO, app->opt->task, k));
		return;
	}
	save(app, f, 0, actions[a].value, 1, "saved");
}

/* Every passage still unjudged: not relevant. One undo group. */
static void rest_not_relevant(struct app *app)
{
	const struct scheme_field *f = scheme_field_find(app->opt->scheme, "relevant");
	int n = 0, failed = 0;
	app->in_group = 1;
	for (size_t i = 0; f && i < app->item.n_passages && !failed; i++)
		if (!app_label(app, f->name, app->item.passages[i].rank)) {
			failed = save(app, f, app->item.passages[i].rank, "0", 1, "saved") != 0;
			n += !failed;
		}
	app->in_group = 0;
	if (n)
		app->undo_group++;
	if (failed)
		return;   /* NOT SAVED stays on the screen */
	if (!f || !app->item.n_passages)
		app_message(app, MSG_INFO, "this item has no passages");
	else if (n == 0)
		app_message(app, MSG_INFO, "every passage is judged already");
	else if (n > 1)
		app_message(app, MSG_SAVED, "saved \xc2\xb7 %d passages not relevant%s", n,
			    app->queue.finished[app->cur] ? " \xc2\xb7 item finished (n: next item)" : "");
}

/* Undo the last group of changes (one key's worth), newest first. An entry
 * leaves the stack only once its undo is saved: after a failed save, u
 * tries the same change again. */
static void undo(struct app *app)
{
	if (!app->n_undo) {
		app_message(app, MSG_INFO, "nothing to undo");
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

void app_save_note(struct app *app, const char *text)
{
	const struct scheme_field *f = scheme_field_find(app->opt->scheme, "note");
	size_t n = strlen(text);
	while (n && text[n - 1] == ' ')
		n--;
	while (n && *text == ' ')
		text++, n--;
	char *note = n ? xstrndup(text, n) : NULL;   /* NULL clears it */
	const char *cur = app_label(app, "note", 0);
	if (!f) {
		/* a task without notes */
	} else if ((!note && !cur) || (note && cur && strcmp(note, cur) == 0)) {
		app_message(app, MSG_INFO, "note unchanged");
	} else if (save(app, f, 0, note, 1, "saved") != 0) {
		/* keep what was typed (an empty note too): w opens it again */
		char k[32];
		size_t len = strlen(app->message);
		snprintf(app->message + len, sizeof(app->message) - len, " \xc2\xb7 %s edits the note again",
			 action_key(ACT_NOTE, app->opt->task, k));
		free(app->note_kept);
		app->note_kept = note ? note : xstrdup("");
		note = NULL;
	}
	free(note);
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
			app_message(app, MSG_INFO, "this is the only unfinished item");
			return;
		}
		if (!app->queue.finished[p]) {
			go(app, p);
			return;
		}
	}
	if (app_view(app)->ops != &view_summary)
		show_summary(app);
	app_message(app, MSG_INFO, "every item is finished");
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

/* The part of a request that concerns the shared state. */
static void carry_out(struct app *app, const struct request *r)
{
	switch (r->kind) {
	case REQ_NONE:
		break;
	case REQ_QUIT:
		app->quit = 1;
		break;
	case REQ_SET_VALUE:
		set_value(app, r->action);
		break;
	case REQ_TOGGLE_RANK:
		toggle_rank(app, r->arg);
		break;
	case REQ_TOGGLE_FOCUSED:
		if (app->item.n_passages)
			toggle_rank(app, app->item.passages[r->arg].rank);
		break;
	case REQ_REST_NOT_RELEVANT:
		rest_not_relevant(app);
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
		move_focus(app, r->arg);
		break;
	case REQ_OPEN_PASSAGE:
		if (!app->item.n_passages)
			app_message(app, MSG_INFO, "this item has no passages");
		else
			push(app, &view_passage, 0);
		break;
	case REQ_OPEN_TURN:
		push(app, &view_passage, 1);
		break;
	case REQ_TOGGLE_HISTORY:
		if (!app->item.n_history)
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
	case REQ_NOTE_BEGIN:
		push(app, &view_note, 0);
		break;
	case REQ_UNKNOWN_KEY: {
		char buf[32];
		app_message(app, MSG_INFO, "the key %s does nothing here \xc2\xb7 ? lists the keys",
			    key_to_name(r->key, buf));
		break;
	}
	case REQ_SCROLL: case REQ_UNCOVERED: case REQ_PASSAGE:
	case REQ_NOTE_INSERT: case REQ_NOTE_ERASE: case REQ_NOTE_KILL: case REQ_NOTE_SAVE:
		break;   /* the top view's act() carries them out; other views ignore them */
	}
}

void app_do(struct app *app, const struct request *r)
{
	struct view *top = &app->views[app->n_views - 1];
	struct request rest = top->ops->act ? top->ops->act(app, top, r) : *r;
	carry_out(app, &rest);
}
