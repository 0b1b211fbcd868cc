/* app_save.c - saving labels and undoing them: each label its own
 * transaction (labelling_set) with the active time spent on it, the queue's
 * finished items kept up to date (the turn's other items too), the label
 * requests (set a value, toggle a rank, the rest), free text, and undo:
 * this session's changes first (one key's worth a u), then those saved
 * before it, read from the rater's label history. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/labelling.h"
#include "convqa/store.h"
#include "convqa/text.h"
#include "app_internal.h"
#include "tui_internal.h"

/* ---- finished items --------------------------------------------------- */

static void set_finished(struct app *app, size_t pos, int now)
{
	store_queue_set_finished(&app->queue, pos, now);
}

/* Queue item pos finished or not, as the store has its labels now. */
static int refresh_finished(struct app *app, size_t pos)
{
	struct error err;
	struct store_item it;
	struct store_item_labels l = STORE_ITEM_LABELS_INIT;
	int64_t id = store_queue_response(&app->queue, pos);
	memset(&it, 0, sizeof(it));
	enum status st = store_item_load(app->store, id, &it, &err);
	if (st == ST_OK)
		st = store_item_labels_load(app->store, id, app->opt->rater_id, app->opt->round_id, app->scheme, &l,
					    &err);
	if (st == ST_OK)
		set_finished(app, pos, app->opt->adjudication ? app_settled(app, pos, &l) :
			     store_item_n_missing(app->scheme, it.n_passages, text_blank(it.answer, strlen(it.answer)),
						  &l) == 0);
	else
		app_fail(app, &err);
	store_item_labels_release(&l);
	store_item_release(&it);
	return st == ST_OK ? 0 : -1;
}

/* Whether the item shown is finished (settled) by the labels it shows. */
static int shown_finished(const struct app *app)
{
	return app->opt->adjudication ? app_settled(app, app->cur, &app->labels) :
	       store_item_n_missing(app->scheme, app->item.n_passages, app->answer_empty, &app->labels) == 0;
}

void app_notice_changes(struct app *app)
{
	struct error err;
	int64_t v;
	if (app->chatting || app->pairs)
		return;   /* the chat screen shows no item; the pair screen reads its pair's values when it shows it */
	if (store_data_version(app->store, &v, &err) != ST_OK || v == app->data_version)
		return;   /* unchanged; or not known: the labels' own writes report a project that fails */
	/* the version first: a change committed while the labels are read is
	 * noticed at the next key */
	app->data_version = v;
	if (store_item_labels_load(app->store, store_queue_response(&app->queue, app->cur), app->opt->rater_id,
				   app->opt->round_id, app->scheme, &app->labels, &err) != ST_OK) {
		app_fail(app, &err);
		return;
	}
	set_finished(app, app->cur, shown_finished(app));
}

/* ---- the write-ahead log, copied while idle ----------------------------- */

static void checkpoint_now(struct app *app, void *ctx)
{
	struct error err;
	(void)ctx;
	app->checkpoint_timer = 0;
	double t0 = now_monotonic();
	if (store_wal_checkpoint(app->store, &err) != ST_OK)
		return;   /* every label is saved in the log: the next idle time, or the last close, copies it */
	store_label_pack(app->store, &err);   /* a failure loses nothing: the close packs them */
	double ms = (now_monotonic() - t0) * 1000.0;
	app->checkpoints++;
	app->checkpoint_ms_sum += ms;
	if (ms > app->checkpoint_ms_max)
		app->checkpoint_ms_max = ms;
}

static void read_ahead_now(struct app *app, void *ctx)
{
	const struct store_queue *q = &app->queue;
	struct store_item it;
	struct store_item_labels lb;
	struct error err;
	size_t next = app->cur + 1;
	(void)ctx;
	app->read_ahead_timer = 0;
	if (app->pairs || next < q->lo || next >= q->lo + q->w_n)
		return;   /* the next window is read when the rater gets there */
	int64_t id = store_queue_response(q, next);
	memset(&it, 0, sizeof(it));
	memset(&lb, 0, sizeof(lb));
	if (store_item_load(app->store, id, &it, &err) == ST_OK &&
	    store_item_labels_load(app->store, id, app->opt->rater_id, app->opt->round_id, app->scheme, &lb,
				   &err) == ST_OK)
		app->read_aheads++;
	store_item_release(&it);
	store_item_labels_release(&lb);
}

void app_key_done(struct app *app)
{
	if (app->read_ahead_timer)
		loop_remove(&app->loop, app->read_ahead_timer);
	app->read_ahead_timer = loop_at(&app->loop, loop_now(&app->loop) + APP_READ_AHEAD_S, read_ahead_now, NULL);
	if (app->checkpoint_timer)
		loop_remove(&app->loop, app->checkpoint_timer);
	app->checkpoint_timer = 0;
	int pending = store_wal_pending(app->store);
	if (pending > 0)
		app->checkpoint_timer = loop_at(&app->loop, loop_now(&app->loop) + (pending >= APP_CHECKPOINT_PAGES ?
							    APP_CHECKPOINT_IDLE_S : APP_CHECKPOINT_LONG_IDLE_S),
						checkpoint_now, NULL);
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
	const struct store_queue *q = &app->queue;   /* the turn's run is in memory with the item */
	int64_t turn = store_queue_turn(q, app->cur);
	for (size_t i = q->lo; i < q->lo + q->w_n; i++)
		if (i != app->cur && store_queue_turn(q, i) == turn && store_queue_finished(q, i) == !value &&
		    refresh_finished(app, i) != 0)
			return;
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

/* What f (at rank, of a passage field) is called in messages. */
static void field_name(const struct scheme_field *f, long rank, char *buf, size_t size)
{
	if (f->unit == UNIT_PASSAGE)
		snprintf(buf, size, "passage %ld", rank);
	else
		snprintf(buf, size, "%s", f->name);
}

/* The round closed while the session was open: no label is saved in it
 * any more. The first time, a screen says what that means for the rater;
 * then the status line. (Not over the note's editor, which closes itself
 * once its text is saved or not: at the next label.) */
static void round_closed(struct app *app)
{
	const struct view_ops *top = app_view(app)->ops;
	app_message(app, MSG_ERROR, "NOT SAVED: round %s is closed \xc2\xb7 a coordinator can reopen it",
		    app->opt->round);
	if (!app->round_closed_told && top != &view_round_closed && top != &view_note) {
		app->round_closed_told = 1;
		app_push(app, &view_round_closed, 0);
	}
}

/* Save one value (NULL clears) of the item shown. An undo (undoing: the
 * entry) saves only while the project holds the value the entry wrote.
 * Returns 0 when saved, -2 when the value was changed elsewhere since (an
 * undo), else -1. */
static int save(struct app *app, const struct scheme_field *f, long rank, const char *value,
		int undoable, const char *verb, const struct undo_entry *undoing)
{
	struct error err;
	struct labelling_key k = {
		.response_id = store_queue_response(&app->queue, app->cur), .field = f->name, .passage_rank = rank,
		.if_current = undoing != NULL, .current = undoing ? undoing->new_value : NULL,
	};
	if (labelling_set(app->opt->labelling, &k, value, app->active, &err) != ST_OK) {
		enum labelling_refusal why = app->opt->labelling->refused;
		char name[64];
		field_name(f, rank, name, sizeof(name));
		if (why == LABELLING_ROUND_CLOSED && app->opt->round)
			round_closed(app);
		else if (why == LABELLING_CHANGED)
			app_message(app, MSG_INFO, "not undone: %s was changed elsewhere meanwhile; it stays", name);
		else
			app_message(app, MSG_ERROR, "NOT SAVED: %s", err.msg);
		return why == LABELLING_CHANGED ? -2 : -1;
	}
	app->active = 0;
	const char *cur = app_label(app, f->name, rank);
	char *old = cur ? xstrdup(cur) : NULL;
	store_item_labels_put(&app->labels, f, rank, value);
	if (undoable)
		push_undo(app, f, rank, old, value);
	free(old);
	int was = store_queue_finished(&app->queue, app->cur);
	int now = shown_finished(app);
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

/* Where the value of f at rank was judged when on another answer of the
 * turn (a pooled passage): "answer 1" (as that answer's rule says "Answer
 * 1 of 2") into buf, 0; -1 when it is this answer's, or unset, or the
 * session adjudicates (a settlement is judged where it is shown). */
static int judged_elsewhere(struct app *app, const struct scheme_field *f, long rank, char *buf, size_t size)
{
	const struct store_item_label *x = store_item_labels_find(&app->labels, f->name, rank);
	if (!x || !x->value || !x->given_on || app->opt->adjudication)
		return -1;
	/* the answers of a turn stand together in the queue, in the rater's order */
	const struct store_queue *q = &app->queue;
	size_t lo = app->cur, hi = app->cur;
	if (!store_queue_has(q, app->cur)) {
		snprintf(buf, size, "another answer");
		return 0;
	}
	int64_t turn = store_queue_turn(q, app->cur);
	while (lo > q->lo && store_queue_turn(q, lo - 1) == turn)
		lo--;
	while (store_queue_has(q, hi + 1) && store_queue_turn(q, hi + 1) == turn)
		hi++;
	for (size_t i = lo; i <= hi; i++)
		if (store_queue_response(q, i) == x->given_on) {
			int index, n;
			app_answer_place(app, i, &index, &n);
			snprintf(buf, size, "answer %d", index);
			return 0;
		}
	snprintf(buf, size, "another answer");
	return 0;
}

/* The status line of a change saved (save()) to a value judged on another
 * answer: what it was and where. */
static void say_was(struct app *app, const struct scheme_field *f, const char *was, const char *where)
{
	char msg[sizeof(app->message)];
	snprintf(msg, sizeof(msg), "%s", app->message);
	app_message(app, MSG_SAVED, "%s \xc2\xb7 was %s on %s", msg, shown_value(f, was), where);
}

/* A binary passage field of the passage at rank: its second category (say
 * relevant) unless it is that already, then its first. A value judged on
 * another answer of the turn says what it was and where. */
void app_toggle_rank(struct app *app, const struct scheme_field *f, long rank)
{
	if (!passage_at(app, rank)) {
		app_message(app, MSG_INFO, "there is no passage at rank %ld", rank);
		return;
	}
	const char *v = app_label(app, f->name, rank);
	const char *yes = f->categories[1].value, *no = f->categories[0].value;
	char where[64], *was = v ? xstrdup(v) : NULL;
	int elsewhere = judged_elsewhere(app, f, rank, where, sizeof(where)) == 0;
	if (save(app, f, rank, v && strcmp(v, yes) == 0 ? no : yes, 1, "saved", NULL) == 0 && elsewhere)
		say_was(app, f, was, where);
	free(was);
}

/* A rank key (hinted "1-5 relevant?"): f's second category (relevant) for
 * the passage at rank. On the answer it was judged on it toggles
 * (app_toggle_rank); a value judged on another answer of the turn it never
 * switches back: relevant there stays relevant, and the status line says
 * where it was judged and which key switches it. */
void app_mark_rank(struct app *app, const struct scheme_field *f, long rank)
{
	char where[64];
	const char *v = passage_at(app, rank) ? app_label(app, f->name, rank) : NULL;
	if (!v || strcmp(v, f->categories[1].value) != 0 || judged_elsewhere(app, f, rank, where, sizeof(where)) != 0) {
		app_toggle_rank(app, f, rank);
		return;
	}
	if (f->toggle_key)
		app_message(app, MSG_INFO, "passage %ld %s, judged on %s \xc2\xb7 %s: %s", rank, f->categories[1].label,
			    where, f->toggle_key, f->categories[0].label);
	else
		app_message(app, MSG_INFO, "passage %ld %s, judged on %s", rank, f->categories[1].label, where);
}

/* Category cat of f (of the focused passage for a passage field). */
void app_set_value(struct app *app, const struct scheme_field *f, size_t cat)
{
	struct turn_view *tv = app_turn(app);
	long rank = 0;
	if (f->unit == UNIT_PASSAGE) {
		if (!app->item.n_passages) {
			app_message(app, MSG_INFO, "this item has no passages");
			return;
		}
		rank = app->item.passages[tv->focus].rank;
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
	save(app, f, rank, value, 1, "saved", NULL);
}

/* Every passage still unjudged: f's first category (not relevant). One
 * undo group. */
void app_set_rest(struct app *app, const struct scheme_field *f)
{
	const char *no = f->categories[0].value;
	int n = 0, failed = 0;
	app->in_group = 1;
	for (size_t i = 0; i < app->item.n_passages && !failed; i++)
		if (!app_label(app, f->name, app->item.passages[i].rank)) {
			failed = save(app, f, app->item.passages[i].rank, no, 1, "saved", NULL) != 0;
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
			    store_queue_finished(&app->queue, app->cur) && !app->auto_advance ?
			    " \xc2\xb7 item finished (n: next item)" : "");
}

/* The queue position of the item a change saved before this session was
 * given on, and the passage's rank there: *rank. SIZE_MAX when it is not in
 * the queue. */
static size_t saved_change_pos(struct app *app, const struct store_change *c, long *rank)
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
	size_t pos = SIZE_MAX;
	struct error err;
	if (!d && (store_queue_find(app->store, &app->queue, c->response_id, &pos, &err) != ST_OK ||
		   store_queue_seek(app->store, &app->queue, app->cur, &err) != ST_OK)) {
		app_fail(app, &err);
		return SIZE_MAX;
	}
	return pos;
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
	if (store_item_labels_load(app->store, store_queue_response(&app->queue, app->cur), app->opt->rater_id,
				   app->opt->round_id, app->scheme, &app->labels, &err) != ST_OK) {
		app_fail(app, &err);
		return -1;
	}
	const struct store_queue *q = &app->queue;   /* the turn's items in memory */
	for (size_t i = q->lo; i < q->lo + q->w_n; i++)
		if (store_queue_turn(q, i) == c->v[0].turn_id && refresh_finished(app, i) != 0)
			return -1;
	app_message(app, MSG_SAVED, "undone \xc2\xb7 %s%s of an item not in this queue", c->n > 1 ? "changes to " : "",
		    c->v[0].field);
	return 0;
}

/* Nothing of this session is left to undo: take back the rater's changes
 * saved before it (an earlier session, convqa label), as the label history
 * has them (store_item_history_undoable: read whole at the first such u of
 * the session, then only its new rows): one key's worth, on the item it
 * was given on. */
static void undo_saved(struct app *app)
{
	struct error err;
	struct store_changes c;
	if (!app->history)
		app->history = store_item_history_new(app->opt->rater_id, app->opt->round_id, app->scheme->name);
	if (store_item_history_undoable(app->store, app->history, &c, &err) != ST_OK) {
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
			app_pop_to_base(app);
		size_t done = 0;
		if (pos == app->cur || app_load(app, pos) == 0)
			while (done < c.n && save(app, f, done ? c.v[done].passage_rank : rank, c.v[done].before, 0,
						  "undone", NULL) == 0)
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

/* Forget the entries of group at pos on top of the undo stack. */
static void drop_group(struct app *app, unsigned long group, size_t pos)
{
	while (app->n_undo && app->undo[app->n_undo - 1].group == group && app->undo[app->n_undo - 1].pos == pos) {
		struct undo_entry *e = &app->undo[--app->n_undo];
		free(e->old_value);
		free(e->new_value);
	}
}

/* Undo the last group of changes (one key's worth), newest first. An entry
 * leaves the stack only once its undo is saved: after a failed save, u
 * tries the same change again. */
void app_undo(struct app *app)
{
	if (!app->n_undo) {
		undo_saved(app);
		return;
	}
	const struct undo_entry *last = &app->undo[app->n_undo - 1];
	unsigned long group = last->group;
	size_t pos = last->pos;
	if (pos != app->cur || app_view(app)->ops == &view_summary)
		app_pop_to_base(app);
	if (pos != app->cur && app_load(app, pos) != 0)
		return;
	/* only what this session wrote: a change of the group that was changed
	 * elsewhere since (convqa label) leaves the whole group as it is */
	for (size_t i = app->n_undo; i-- > 0 && app->undo[i].group == group && app->undo[i].pos == pos;) {
		const struct undo_entry *e = &app->undo[i];
		const char *now = app_label(app, e->field->name, e->rank);
		if (now && e->new_value ? strcmp(now, e->new_value) != 0 : now != e->new_value) {
			char name[64];
			field_name(e->field, e->rank, name, sizeof(name));
			app_message(app, MSG_INFO, "not undone: %s was changed elsewhere since (now %s); it stays",
				    name, shown_value(e->field, now));
			drop_group(app, group, pos);
			return;
		}
	}
	size_t done = 0;
	int all_unjudged = 1;
	while (app->n_undo && app->undo[app->n_undo - 1].group == group &&
	       app->undo[app->n_undo - 1].pos == pos) {
		struct undo_entry *e = &app->undo[app->n_undo - 1];
		int rc = save(app, e->field, e->rank, e->old_value, 0, "undone", e);
		if (rc == -2)
			drop_group(app, group, pos);   /* changed elsewhere meanwhile: the message says so */
		if (rc != 0)
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

int app_save_value(struct app *app, const struct scheme_field *f, const char *value)
{
	return save(app, f, 0, value, 1, "saved", NULL) == 0 ? 0 : -1;
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
	if (app->pairs) {
		app_pair_save_text(app, f, text);
		return;
	}
	struct turn_view *tv = app_turn(app);
	char *value = trimmed(text);   /* NULL clears it */
	const char *cur = app_label(app, f->name, 0);
	if ((!value && !cur) || (value && cur && strcmp(value, cur) == 0)) {
		app_message(app, MSG_INFO, "%s unchanged", f->name);
	} else if (save(app, f, 0, value, 1, "saved", NULL) != 0) {
		/* keep what was typed (an empty text too): the edit key opens it again */
		size_t len = strlen(app->message);
		snprintf(app->message + len, sizeof(app->message) - len, " \xc2\xb7 %s edits the %s again",
			 f->edit_key ? f->edit_key : "?", f->name);
		free(tv->text_kept);
		tv->text_kept = value ? value : xstrdup("");
		tv->text_kept_field = f;
		value = NULL;
	}
	free(value);
}
