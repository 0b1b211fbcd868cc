/* app_pair.c - the pair screen's session (a pairwise task, issue 22): the
 * rater's queue of pairs, the pair shown, saving a preference normalised
 * to the systems (labelling_set_pair) with the active time spent on the
 * pair, undo of this session's changes, moving between pairs. What the
 * rater picks names a side of the screen ("a": the answer shown left or on
 * top); what is stored names the systems: the pair's a_first maps one to
 * the other, here and only here. */
#include <stdlib.h>
#include <string.h>

#include "app_internal.h"
#include "convqa/labelling.h"
#include "convqa/store.h"
#include "convqa/store_pair.h"
#include "convqa/text.h"
#include "tui_internal.h"

/* Whether field f's first two categories name the answers (a: the
 * answer of response_a's system, b: the other): the preference, and any
 * criterion judged as A / B / tie / both bad. Stored by system, picked
 * by side. */
static int names_sides(const struct scheme_field *f)
{
	return f->type != TYPE_TEXT && f->n_categories >= 2 && strcmp(f->categories[0].value, "a") == 0 &&
	       strcmp(f->categories[1].value, "b") == 0;
}

/* The stored value of category cat of f as the rater picked it on item it:
 * the first two categories of a field naming the answers name sides. */
static const char *stored_value(const struct store_pair_item *it, const struct scheme_field *f, size_t cat)
{
	if (names_sides(f) && cat <= 1 && !it->a_first)
		cat = 1 - cat;
	return f->categories[cat].value;
}

static int shown_index(const struct scheme_field *f, const struct store_pair_item *it, const char *value)
{
	const struct scheme_category *c = value ? scheme_category_find(f, value) : NULL;
	if (!c)
		return -1;
	int i = (int)(c - f->categories);
	return i <= 1 && !it->a_first && names_sides(f) ? 1 - i : i;
}

/* The key of the preference's category i ("" when it has none). */
static const char *pref_key(const struct pair_session *p, size_t i)
{
	const struct scheme_field *f = p->pref;
	return f && i < f->n_categories && f->categories[i].key ? f->categories[i].key : "";
}

/* The pair shown (app->cur): always in the window. */
static struct store_pair_item *cur_item(const struct app *app)
{
	return &app->pairs->items[app->cur - app->pairs->base];
}

/* Item it's value of field f (of app->scheme), as stored. */
static char **slot_of(const struct app *app, struct store_pair_item *it, const struct scheme_field *f)
{
	size_t i = (size_t)(f - app->scheme->fields);
	return i < it->n_values ? &it->values[i] : NULL;
}

int app_pair_side(const struct app *app, const struct scheme_field *f, const char *value)
{
	return shown_index(f, cur_item(app), value);
}

int app_pair_shown(const struct app *app, size_t pos)
{
	const struct pair_session *p = app->pairs;
	if (pos < p->base || pos - p->base >= p->n_win)
		return -1;
	struct store_pair_item *it = &p->items[pos - p->base];
	char **v = slot_of(app, it, p->pref);
	return shown_index(p->pref, it, v ? *v : NULL);
}

const char *app_pair_label(const struct app *app, const char *field)
{
	const struct scheme_field *f = scheme_field_find(app->scheme, field);
	struct store_pair_item *it = cur_item(app);
	char **v = f ? slot_of(app, it, f) : NULL;
	if (!v || !*v || f->type == TYPE_TEXT)
		return v ? *v : NULL;
	int i = shown_index(f, it, *v);
	return i < 0 ? NULL : f->categories[i].value;
}

enum { PAIR_WINDOW = 64 };   /* pairs read at a time around the one shown */

/* The window moved to hold place pos (around it), if it does not. */
static enum status window_at(struct app *app, size_t pos, struct error *err)
{
	struct pair_session *p = app->pairs;
	if (p->adjudicating || (pos >= p->base && pos - p->base < p->n_win))
		return ST_OK;
	size_t from = pos > PAIR_WINDOW / 2 ? pos - PAIR_WINDOW / 2 : 0;
	store_pair_items_free(p->items, p->n_win);
	p->items = NULL;
	p->n_win = 0;
	p->base = from;
	enum status st = store_pair_window(app->store, &p->key, p->asked, app->scheme->n_fields, (long)from + 1,
					   PAIR_WINDOW, &p->items, &p->n_win, err);
	if (st == ST_OK && (pos - from >= p->n_win || p->items[pos - from].seq != (long)pos + 1))
		st = error_set(err, ST_STORE, "the pairs of rater '%s' in round '%s' are not numbered 1 to %zu "
			       "(convqa check lists every problem)", app->opt->rater, app->opt->round, p->n);
	return st;
}

/* Show pair pos: both answers read, made inert (and blind). */
static int load(struct app *app, size_t pos)
{
	struct pair_session *p = app->pairs;
	struct error err;
	store_item_release(&p->left);
	store_item_release(&p->right);
	if (window_at(app, pos, &err) != ST_OK ||
	    store_item_load(app->store, p->items[pos - p->base].left, &p->left, &err) != ST_OK ||
	    store_item_load(app->store, p->items[pos - p->base].right, &p->right, &err) != ST_OK) {
		app_fail(app, &err);
		return -1;
	}
	app_sanitize_item(&p->left);
	app_sanitize_item(&p->right);
	if (!app->opt->show_systems) {
		app_blind_item(&p->left);
		app_blind_item(&p->right);
	}
	app->cur = pos;
	app->field_focus = app_field_focus_step(app, 0);
	const struct scheme_field *disputed = p->adjudicating ? app_pair_disputed(app) : NULL;
	if (disputed && scheme_field_focused(app->scheme, disputed))
		app->field_focus = disputed;
	p->scroll = 0;
	app->active = 0;
	return 0;
}

/* The first pair not done from place from on, round the queue; p->n when
 * every pair is done (or the read failed: app->failed). */
static size_t first_unfinished(struct app *app, size_t from)
{
	struct pair_session *p = app->pairs;
	struct error err;
	long seq = 0;
	if (p->adjudicating)
		return app_pair_next_unsettled(app, from);
	enum status st = store_pair_next_undone(app->store, &p->key, (long)from + 1, &seq, &err);
	if (st == ST_OK && !seq && from)
		st = store_pair_next_undone(app->store, &p->key, 1, &seq, &err);
	if (st != ST_OK) {
		app_fail(app, &err);
		return p->n;
	}
	return seq > 0 && (size_t)seq <= p->n ? (size_t)seq - 1 : p->n;
}

static void count_done(struct app *app)
{
	struct pair_session *p = app->pairs;
	app->queue.n = p->n;          /* the header counts from the queue */
	app->queue.n_finished = p->n_done;
}

/* The fields a pair is done with: the scheme's required fields of the
 * pair, else its preference. */
static void set_key(struct app *app)
{
	struct pair_session *p = app->pairs;
	const struct scheme *sc = app->scheme;
	p->deciding = xcalloc(sc->n_fields + 1, sizeof(*p->deciding));
	p->asked = xcalloc(sc->n_fields + 1, sizeof(*p->asked));
	size_t n = 0;
	for (size_t i = 0; i < sc->n_fields; i++) {
		if (sc->fields[i].unit == UNIT_PAIR)
			p->asked[i] = sc->fields[i].name;
		if (sc->fields[i].required && sc->fields[i].unit == UNIT_PAIR)
			p->deciding[n++] = sc->fields[i].name;
	}
	if (!n)
		p->deciding[n++] = p->pref->name;
	p->key = (struct store_pair_key){ app->opt->round_id, app->opt->rater_id, app->task_name, p->deciding, n };
}

static enum status read_queue(struct app *app, struct error *err)
{
	struct pair_session *p = app->pairs;
	const struct scheme *sc = app->scheme;
	p->pref = scheme_field_by_role(sc, SROLE_PREFERENCE);
	for (size_t i = 0; i < sc->n_fields; i++) {
		if (!p->pref && sc->fields[i].type != TYPE_TEXT && sc->fields[i].n_categories >= 2)
			p->pref = &sc->fields[i];
		if (!p->reason && sc->fields[i].type == TYPE_TEXT)
			p->reason = &sc->fields[i];
	}
	if (!p->pref)
		return error_set(err, ST_INPUT, "task '%s' judges pairs but has no field with categories to pick",
				 app->task_name);
	set_key(app);
	if (p->adjudicating)
		return app_pair_read_disagreements(app, err);
	long size = 0, done = 0;
	enum status st = store_pair_done_open(app->store, &p->key, &size, &done, err);
	p->n = (size_t)size;
	p->n_done = (size_t)done;
	if (st == ST_OK && !p->n)
		st = error_set(err, ST_INPUT, "round '%s' assigns no pairs to rater '%s'",
			       app->opt->round ? app->opt->round : "(none)", app->opt->rater);
	if (st == ST_OK)
		count_done(app);
	return st;
}

enum status app_init_pairs(struct app *app, struct error *err)
{
	app->pairs = xcalloc(1, sizeof(*app->pairs));
	struct pair_session *p = app->pairs;
	p->adjudicating = app->opt->adjudication != NULL;
	int show_guidelines = 0, notice = GUIDELINES_PLAIN;
	enum status st = app->opt->round_id ? read_queue(app, err) :
			 error_set(err, ST_USAGE, "a pairwise task is labelled in a round: give --round (made with "
				   "convqa round create NAME --task %s)", app->task_name);
	if (st == ST_OK)
		st = app_init_guidelines(app, err);
	if (st == ST_OK && !p->adjudicating)   /* an adjudicator reads them with g */
		st = app_guidelines_first_start(app, &show_guidelines, &notice, err);
	if (st != ST_OK)
		return st;
	count_done(app);
	size_t start = first_unfinished(app, 0);
	if (app->failed) {
		*err = app->err;
		return err->status;
	}
	app_push(app, &view_pair, 0);
	if (load(app, start < p->n ? start : 0) != 0) {
		*err = app->err;
		return err->status;
	}
	if (p->adjudicating)
		app_message(app, MSG_INFO, start == p->n ? "every disagreement is settled: n and p go through them" :
			    p->n_done ? "resumed at the first unsettled disagreement" :
			    "settle each disagreement with its field's keys");
	else if (start == p->n)
		app_message(app, MSG_INFO, "every pair is judged (%zu of %zu): n and p go through them", p->n_done, p->n);
	else if (p->n_done)
		app_message(app, MSG_INFO, "resumed at the first pair not judged (%zu of %zu done)", p->n_done, p->n);
	else   /* the preference's keys for A and B, as the scheme gives them */
		app_message(app, MSG_INFO, "welcome, %s: which answer is better? %s%s\xe2\x86\x90 the left (top) one, "
			    "%s%s\xe2\x86\x92 the other \xc2\xb7 ? lists the keys", app->opt->rater, pref_key(p, 0),
			    *pref_key(p, 0) ? " or " : "", pref_key(p, 1), *pref_key(p, 1) ? " or " : "");
	app->auto_advance = app->opt->auto_advance;
	if (show_guidelines) {
		app->guidelines_unseen = 1;
		app_push(app, &view_guidelines, notice);
	}
	return ST_OK;
}

void app_pairs_release(struct app *app)
{
	struct pair_session *p = app->pairs;
	if (!p)
		return;
	store_pair_items_free(p->items, p->n_win);
	free(p->deciding);
	free(p->asked);
	store_item_release(&p->left);
	store_item_release(&p->right);
	for (size_t i = 0; i < p->n_undo; i++) {
		free(p->undo[i].old_value);
		free(p->undo[i].new_value);
	}
	free(p->undo);
	free(p);
	app->pairs = NULL;
}

/* ---- saving ----------------------------------------------------------------- */


/* The label and whether its pair is done now, in one transaction. */
static enum status save_and_decide(struct app *app, struct store_pair_item *it, const struct scheme_field *f,
				   const char *value, int *done, struct error *err)
{
	struct pair_session *p = app->pairs;
	enum status st = store_begin(app->store, err);
	if (st != ST_OK)
		return st;
	st = labelling_set_pair(app->opt->labelling, it->pair_id, f->name, value, app->active, err);
	if (st == ST_OK && p->adjudicating)   /* settled: the disputed field has a value (a reason is no settlement) */
		*done = f == app_pair_disputed(app) ? value != NULL : it->done;
	else if (st == ST_OK)
		st = store_pair_done_check(app->store, &p->key, it->pair_id, it->turn_id, done, err);
	if (st == ST_OK)
		st = store_commit(app->store, err);
	else
		store_rollback(app->store);
	return st;
}

/* Store value (as stored: NULL clears) as field f of the pair shown; the
 * time spent since the pair was shown (or last saved) goes with it. 0, or
 * -1 with the refusal in the message. */
static int save(struct app *app, const struct scheme_field *f, const char *value)
{
	struct pair_session *p = app->pairs;
	struct store_pair_item *it = cur_item(app);
	struct error err;
	int done = 0;
	app->opt->labelling->refused = LABELLING_NOT_REFUSED;
	if (save_and_decide(app, it, f, value, &done, &err) != ST_OK) {
		if (app->opt->labelling->refused == LABELLING_NOT_REFUSED && err.status == ST_STORE)
			app_fail(app, &err);
		else
			app_message(app, MSG_ERROR, "not saved: %s", err.msg);
		return -1;
	}
	it->seconds += app->active;
	app->active = 0;
	char **slot = slot_of(app, it, f);
	if (slot) {
		free(*slot);
		*slot = value ? xstrdup(value) : NULL;
	}
	if (p->adjudicating)   /* the pair's other disagreements show it too */
		app_pair_settled_elsewhere(app, it, f, value);
	p->n_done = p->n_done + (size_t)done - (size_t)it->done;
	it->done = done;
	count_done(app);
	return 0;
}

static void remember(struct pair_session *p, size_t pos, const struct scheme_field *f, const char *old,
		     const char *new)
{
	xgrow(&p->undo, &p->cap_undo, p->n_undo + 1, sizeof(*p->undo));
	p->undo[p->n_undo++] = (struct pair_undo){ pos, f, old ? xstrdup(old) : NULL, new ? xstrdup(new) : NULL };
}

static void move_to(struct app *app, size_t pos)
{
	if (pos == app->cur)
		return;
	app->message[0] = '\0';   /* the last pair's news is not this one's */
	load(app, pos);
}

/* A category key (or an arrow) on the pair shown. */
static void set_value(struct app *app, const struct scheme_field *f, size_t cat)
{
	struct pair_session *p = app->pairs;
	struct store_pair_item *it = cur_item(app);
	const char *value = stored_value(it, f, cat);
	char **slot = slot_of(app, it, f);
	const struct scheme_field *disputed = p->adjudicating ? app_pair_disputed(app) : f;
	if (disputed != f) {
		app_message(app, MSG_INFO, "key %s sets %s; this disagreement is about %s",
			    f->categories[cat].key ? f->categories[cat].key : "", f->name, disputed->name);
		return;
	}
	char *old = slot && *slot ? xstrdup(*slot) : NULL;
	int was_done = it->done;
	if (old && strcmp(old, value) == 0) {
		app_message(app, MSG_INFO, "%s is %s already", f->name, f->categories[cat].label);
		free(old);
		return;
	}
	if (save(app, f, value) == 0) {
		remember(p, app->cur, f, old, value);
		app_message(app, MSG_SAVED, "saved: %s %s%s", f->name, f->categories[cat].label,
			    names_sides(f) && cat <= 1 ? (cat ? " (the right or lower answer)" :
							" (the left or upper answer)") : "");
		size_t done = app->cur, next = first_unfinished(app, app->cur);
		if (!was_done && cur_item(app)->done && app->auto_advance && next < p->n && next != done) {
			move_to(app, next);   /* the message says what was saved, as the turn screen's does */
			if (p->adjudicating)
				app_message(app, MSG_SAVED, "saved \xc2\xb7 disagreement %zu settled \xc2\xb7 on to %zu",
					    done + 1, next + 1);
			else
				app_message(app, MSG_SAVED, "saved \xc2\xb7 pair %zu finished \xc2\xb7 on to pair %zu",
					    done + 1, next + 1);
		}
	}
	free(old);
}

void app_pair_save_text(struct app *app, const struct scheme_field *f, const char *text)
{
	struct pair_session *p = app->pairs;
	struct store_pair_item *it = cur_item(app);
	size_t n = strlen(text);
	while (n && (text[n - 1] == ' ' || text[n - 1] == '\t'))
		n--;
	while (n && (*text == ' ' || *text == '\t'))
		text++, n--;
	char *value = n ? xstrndup(text, n) : NULL;
	char **slot = slot_of(app, it, f);
	char *old = slot && *slot ? xstrdup(*slot) : NULL;
	if (save(app, f, value) == 0) {
		remember(p, app->cur, f, old, value);
		app_message(app, MSG_SAVED, value ? "saved: %s" : "cleared: %s", f->name);
	}
	free(old);
	free(value);
}

static void undo(struct app *app)
{
	struct pair_session *p = app->pairs;
	if (!p->n_undo) {
		app_message(app, MSG_INFO, "nothing to undo in this session");
		return;
	}
	struct pair_undo *u = &p->undo[p->n_undo - 1];
	move_to(app, u->pos);
	if (app->failed || save(app, u->field, u->old_value) != 0)
		return;
	app_message(app, MSG_SAVED, "undone: %s %s", u->field->name, u->old_value ? "as it was" : "unset again");
	free(u->old_value);
	free(u->new_value);
	p->n_undo--;
}

static void step(struct app *app, long delta, int unfinished)
{
	struct pair_session *p = app->pairs;
	size_t to = unfinished ? first_unfinished(app, app->cur + 1 < p->n ? app->cur + 1 : 0) :
		    (size_t)((long)app->cur + delta);
	if (app->failed)
		return;
	if (unfinished && to == p->n)
		app_message(app, MSG_INFO, p->adjudicating ? "every disagreement is settled (%zu of %zu)" :
			    "every pair is judged (%zu of %zu)", p->n_done, p->n);
	else if (!unfinished && (delta < 0 ? app->cur == 0 : app->cur + 1 >= p->n))
		app_message(app, MSG_INFO, p->adjudicating ? "this is the %s disagreement (%zu of %zu settled)" :
			    "this is the %s pair (%zu of %zu judged)", delta < 0 ? "first" : "last", p->n_done, p->n);
	else
		move_to(app, to);
}

static void toggle_history(struct app *app)
{
	const struct store_item *it = &app->pairs->left;
	if (!it->n_history)
		app_message(app, MSG_INFO, "%s", it->position <= 1 ? "this is the first turn: no history" :
			    "none of the earlier turns is in the project");
	else
		app_turn(app)->show_history = !app_turn(app)->show_history;
}

int app_pair_do(struct app *app, const struct request *r)
{
	struct pair_session *p = app->pairs;
	switch (r->kind) {
	case REQ_SET_VALUE:
		set_value(app, r->field, (size_t)r->arg);
		return 1;
	case REQ_EDIT_BEGIN:
		app_push(app, &view_note, (long)(r->field - app->scheme->fields));
		return 1;
	case REQ_UNDO:
		undo(app);
		return 1;
	case REQ_ITEM: case REQ_TURN:
		step(app, r->arg, 0);
		return 1;
	case REQ_NEXT_UNFINISHED:
		step(app, 1, 1);
		return 1;
	case REQ_GOTO:
		if (r->arg >= 0 && (size_t)r->arg < p->n) {
			app_pop_to_base(app);
			move_to(app, (size_t)r->arg);
		}
		return 1;
	case REQ_TOGGLE_HISTORY:
		toggle_history(app);
		return 1;
	case REQ_OPEN_PASSAGE:
		p->show_passages = !p->show_passages;
		p->scroll = 0;
		return 1;
	case REQ_FOCUS:
		p->scroll = p->scroll + (int)r->arg < 0 ? 0 : p->scroll + (int)r->arg;
		return 1;
	case REQ_PUSH:
		if (r->view != &view_summary)
			return 0;
		app_message(app, MSG_INFO, "%zu of %zu pairs judged", p->n_done, p->n);
		return 1;
	case REQ_TOGGLE_RANK: case REQ_TOGGLE_FOCUSED: case REQ_SET_REST: case REQ_TOGGLE_REWRITE:
	case REQ_TOGGLE_SPANS: case REQ_OPEN_TURN:
		app_message(app, MSG_INFO, "not on the pair screen \xc2\xb7 ? lists its keys");
		return 1;
	default:
		return 0;
	}
}

/* ---- the review list ---------------------------------------------------------- */

size_t app_pair_unfinished(struct app *app, size_t from)
{
	return first_unfinished(app, from < app->pairs->n ? from : 0);
}

/* Pair pos as the review list shows it: read alone, the window stays. */
int app_pair_row(struct app *app, size_t pos, struct item_row *row)
{
	const struct pair_session *p = app->pairs;
	struct store_pair_item *it = NULL;
	size_t n = 0;
	struct store_item left, right;
	struct error err;
	memset(row, 0, sizeof(*row));
	memset(&left, 0, sizeof(left));
	memset(&right, 0, sizeof(right));
	enum status st = store_pair_window(app->store, &p->key, p->asked, app->scheme->n_fields, (long)pos + 1, 1,
					   &it, &n, &err);
	if (st == ST_OK && !n)
		st = error_set(&err, ST_STORE, "pair %zu of rater '%s' is not in the project", pos + 1,
			       app->opt->rater);
	if (st == ST_OK)
		st = store_item_load(app->store, it->left, &left, &err);
	if (st == ST_OK && app->opt->show_systems)
		st = store_item_load(app->store, it->right, &right, &err);
	if (st == ST_OK) {
		char *sys = app->opt->show_systems ? xasprintf("%s / %s", left.system, right.system) : NULL;
		row->pos = pos;
		row->conversation = text_sanitize_dup(left.conversation, 0);
		row->question = text_sanitize_dup(left.question ? left.question : TUI_NO_QUESTION, 0);
		row->system = text_sanitize_dup(sys, 0);
		row->position = left.position;
		row->n_turns = left.n_turns;
		row->answer_index = row->n_answers = 1;   /* a pair per row: both answers */
		for (size_t i = 0; i < it->n_values; i++)
			row->labelled |= it->values[i] != NULL;
		row->finished = it->done;
		free(sys);
	} else {
		app_fail(app, &err);
	}
	store_pair_items_free(it, n);
	store_item_release(&left);
	store_item_release(&right);
	return st == ST_OK ? 0 : -1;
}
