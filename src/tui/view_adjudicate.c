/* view_adjudicate.c - the screen of convqa adjudicate: one disagreement of
 * a round at a time. Above, the item it is shown on as the item screen
 * shows it (what the scheme shows: the history, the question, the answer,
 * the evidence paragraph, the passages; the disputed passage in full when
 * the field judges a passage); below, the field in dispute with each rater's value side by
 * side (named, or "rater 1", "rater 2" in an order of the disagreement's own
 * with --blind) and the adjudicator's value, set with the field's keys.
 *
 * Only the disputed field's keys act: its category keys; a passage field's
 * toggle key, and its rank key of the disputed passage, switch it between
 * its two categories; its rest key sets the first. Moving: n and p, tab to
 * the next unsettled one; u, t, enter, h, r, ?, g and A as on the item
 * screen; q quits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/store.h"
#include "convqa/text.h"
#include "tui_internal.h"

static int imin(int a, int b)
{
	return a < b ? a : b;
}

static int imax(int a, int b)
{
	return a > b ? a : b;
}

/* ---- the raters' values -------------------------------------------------- */

/* The place of a rater's value when the raters are not named: a mix of
 * the disagreement and the rater, so that "rater 1" is not the same person
 * from one disagreement to the next and the order tells nobody who is who. */
static uint64_t blind_key(const struct store_disagreement *d, int64_t rater)
{
	uint64_t x = (uint64_t)rater * 0x9e3779b97f4a7c15u ^ (uint64_t)d->turn_id * 0xbf58476d1ce4e5b9u ^
		     (uint64_t)d->unit_ref * 0x94d049bb133111ebu ^ (uint64_t)d->passage_rank;
	for (const char *c = d->field->name; *c; c++)
		x = (x ^ (unsigned char)*c) * 0x100000001b3u;
	x ^= x >> 31;
	x *= 0x7fb5d329728ea185u;
	return x ^ (x >> 27);
}

#define MAX_SHOWN ADJ_MAX_SHOWN

/* The order in which the values are listed: by name, or blind. */
size_t adjudicate_value_order(const struct app *app, const struct store_disagreement *d, size_t *order)
{
	size_t n = d->n_values < MAX_SHOWN ? d->n_values : MAX_SHOWN;
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	if (!app->opt->blind_raters)
		return n;   /* the store gives them by name */
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && blind_key(d, d->values[order[j]].rater_id) <
					    blind_key(d, d->values[order[j - 1]].rater_id); j--) {
			size_t t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	return n;
}

/* The label of value v of f (its category's, made inert), or v itself. */
static const char *value_label(const struct app *app, const struct store_disagreement *d, const char *v)
{
	const struct scheme_field *f = scheme_field_find(app->scheme, d->field->name);
	const struct scheme_category *c = f && v ? scheme_category_find(f, v) : NULL;
	return c ? c->label : v ? v : "";
}

/* The disputed field in the session's scheme (inert, with its keys). */
static const struct scheme_field *disputed(const struct app *app)
{
	const struct store_disagreement *d = app_disagreement(app);
	return d ? scheme_field_find(app->scheme, d->field->name) : NULL;
}

/* The keys that set the disputed field: "c correct · x incorrect", or for a
 * passage "2/space relevant or not · - not relevant". */
static void keys_hint(const struct app *app, const struct store_disagreement *d, struct strbuf *out)
{
	const struct scheme_field *f = disputed(app);
	size_t k = 0;
	char buf[32];
	for (size_t i = 0; f && i < f->n_categories; i++) {
		const struct scheme_category *c = &f->categories[category_shown(f, i)];
		if (c->key)
			strbuf_addf(out, "%s%s %s", k++ ? " \xc2\xb7 " : "", c->key, c->label);
	}
	if (!f || f->unit != UNIT_PASSAGE || f->n_categories != 2)
		return;
	const char *rank = d->passage_rank >= 1 && (size_t)d->passage_rank <= f->n_rank_keys ?
			   f->rank_keys[d->passage_rank - 1] : NULL;
	if (rank || f->toggle_key) {
		snprintf(buf, sizeof(buf), "%s%s%s", rank ? rank : "", rank && f->toggle_key ? "/" : "",
			 f->toggle_key ? f->toggle_key : "");
		strbuf_addf(out, "%s%s %s or not", k++ ? " \xc2\xb7 " : "", buf, f->categories[1].label);
	}
	if (f->rest_key)
		strbuf_addf(out, "%s%s %s", k++ ? " \xc2\xb7 " : "", f->rest_key, f->categories[0].label);
}

/* ---- layout ----------------------------------------------------------------- */

/* The sections of the item, in the order they are drawn. */
enum section { SEC_HISTORY, SEC_QUESTION, SEC_ANSWER, SEC_EVIDENCE, SEC_PASSAGE, SEC_PASSAGES, SEC__COUNT };

struct layout {
	int rows[SEC__COUNT];       /* body rows; 0 with on 0: not shown */
	int on[SEC__COUNT];
	int want[SEC__COUNT];       /* body rows it could use */
	int width;
	int n_values;               /* rater rows */
	const struct store_item_passage *passage;   /* the disputed one */
};

/* The rows of the dispute below the item: its rule, a row per rater (and
 * "… N more"), the adjudicator's row; then the footer and the status line. */
static int dispute_rows(const struct store_disagreement *d, int *n_values)
{
	*n_values = (int)(d->n_values < MAX_SHOWN ? d->n_values : MAX_SHOWN) + (d->n_values > MAX_SHOWN);
	return 1 + *n_values + 1;
}

static const char *question_text(const struct app *app, struct strbuf *sb)
{
	const struct turn_view *tv = app_turn(app);
	const struct store_item *it = &app->item;
	if (!tv->show_rewrite || !it->rewrite)
		return it->question;
	strbuf_addf(sb, "%s\nrewrite: %s", it->question, it->rewrite);
	return strbuf_str(sb);
}

static void compute_layout(const struct app *app, const struct store_disagreement *d, struct layout *l)
{
	const struct turn_view *tv = app_turn(app);
	const struct store_item *it = &app->item;
	unsigned shows = app->scheme->shows;
	struct strbuf q = STRBUF_INIT;
	memset(l, 0, sizeof(*l));
	l->width = COLS - 2;
	for (size_t i = 0; d->passage_rank && i < it->n_passages; i++)
		if (it->passages[i].rank == d->passage_rank)
			l->passage = &it->passages[i];
	int budget = LINES - 2 - dispute_rows(d, &l->n_values) - 2;
	l->want[SEC_QUESTION] = (int)wrapped_lines(question_text(app, &q), l->width);
	if ((shows & SHOW_HISTORY) && it->n_history && tv->show_history)
		l->want[SEC_HISTORY] = 2 * (int)it->n_history;
	if (shows & SHOW_ANSWER)
		l->want[SEC_ANSWER] = app->answer_empty ? 1 : imax(1, (int)wrapped_lines(it->answer, l->width));
	if (shows & SHOW_EVIDENCE)
		l->want[SEC_EVIDENCE] = tv->evidence ? imax(1, (int)wrapped_lines(tv->evidence, l->width)) : 1;
	if (l->passage)
		l->want[SEC_PASSAGE] = imax(1, (int)wrapped_lines(l->passage->text, l->width - 4));
	else if ((shows & SHOW_PASSAGES) && it->n_passages)
		l->want[SEC_PASSAGES] = (int)it->n_passages;
	strbuf_release(&q);
	/* first what is judged, then the question, the answer, the evidence,
	 * the passages, the history: each a rule and a row, then as many rows
	 * as they use */
	static const enum section rest[] = { SEC_QUESTION, SEC_ANSWER, SEC_EVIDENCE, SEC_PASSAGE, SEC_PASSAGES,
					     SEC_HISTORY };
	enum section order[SEC__COUNT];
	size_t n = 0;
	order[n++] = d->field->unit == UNIT_PASSAGE ? SEC_PASSAGE : d->field->unit == UNIT_TURN ? SEC_QUESTION :
		     SEC_ANSWER;
	for (size_t i = 0; i < ARRAY_SIZE(rest); i++)
		if (rest[i] != order[0])
			order[n++] = rest[i];
	for (int pass = 0; pass < 2; pass++)
		for (size_t k = 0; k < n; k++) {
			enum section s = order[k];
			if (!l->want[s])
				continue;
			if (pass == 0 && budget >= 2) {
				l->on[s] = 1;
				l->rows[s] = 1;
				budget -= 2;
			} else if (pass == 1 && l->on[s]) {
				int more = imin(budget, l->want[s] - l->rows[s]);
				l->rows[s] += more;
				budget -= more;
			}
		}
}

/* ---- drawing ------------------------------------------------------------------ */

static void draw_item_line(const struct app *app)
{
	const struct store_item *it = &app->item;
	int done = store_queue_finished(&app->queue, app->cur);
	const char *state = done ? "\xe2\x9c\x93 settled" : "unsettled";
	char turn[64];
	snprintf(turn, sizeof(turn), " \xc2\xb7 turn %d/%d", it->position, it->n_turns);
	int sw = (int)text_width(state, strlen(state)) + 2;
	int tw = (int)text_width(turn, strlen(turn));
	int x = 1;
	if (COLS >= 60)
		x += draw_str(1, x, COLS - x, "conversation ", style(S_DIM));
	x += draw_fit(1, x, imax(4, COLS - x - tw - sw - 1), it->conversation, style(S_BOLD));
	draw_str(1, x, COLS - x - sw, turn, A_NORMAL);
	draw_str(1, COLS - sw + 1, sw, state, done ? style(S_YES) : style(S_MISSING));
}

static void draw_history(const struct app *app, const struct layout *l, int *y)
{
	const struct store_item *it = &app->item;
	char title[96], k[32];
	draw_history_title(it, title, sizeof(title));
	char hint[48];
	snprintf(hint, sizeof(hint), "%s hides", action_key(ACT_HISTORY, k));
	draw_rule((*y)++, title, hint);
	/* the most recent turns that fit, two rows each (question, answer),
	 * after "… N earlier turns" on an odd row */
	int rows = l->rows[SEC_HISTORY], end = *y + rows;
	size_t shown = (size_t)rows / 2;
	if (shown > it->n_history)
		shown = it->n_history;
	size_t first = it->n_history - shown;
	if (rows % 2) {
		if (first)
			draw_fmt(*y, 1, COLS - 2, style(S_DIM), "\xe2\x80\xa6 %zu earlier turn%s", first,
				 first == 1 ? "" : "s");
		(*y)++;
	}
	for (size_t i = first; i < it->n_history && *y < end; i++) {
		const struct store_item_turn *h = &it->history[i];
		int x = 1 + draw_fmt(*y, 1, COLS - 2, style(S_BOLD), "Q%d ", h->position);
		draw_fit((*y)++, x, COLS - 1 - x, h->question, A_NORMAL);
		x = 1 + draw_str(*y, 1, COLS - 2, "   A: ", style(S_DIM));
		draw_fit((*y)++, x, COLS - 1 - x, !h->answer ? "(no answer from this system)" :
			 !*h->answer ? "(empty answer)" : h->answer, style(S_DIM));
	}
	*y = end;
}

static void draw_question(const struct app *app, const struct layout *l, int *y)
{
	const struct turn_view *tv = app_turn(app);
	const struct store_item *it = &app->item;
	char title[64], k[32], hint[64] = "";
	struct strbuf q = STRBUF_INIT;
	snprintf(title, sizeof(title), "Question %d/%d", it->position, it->n_turns);
	if (it->rewrite)
		snprintf(hint, sizeof(hint), "%s %s", action_key(ACT_REWRITE, k), tv->show_rewrite ? "hides rewrite" :
			 "rewrite");
	draw_rule((*y)++, title, hint);
	draw_wrapped_cut(*y, 1, l->width, l->rows[SEC_QUESTION], question_text(app, &q), style(S_BOLD));
	*y += l->rows[SEC_QUESTION];
	strbuf_release(&q);
}

static void draw_answer(const struct app *app, const struct layout *l, int *y)
{
	struct strbuf title = STRBUF_INIT;
	answer_title(app, COLS - 6, &title);
	draw_rule((*y)++, strbuf_str(&title), NULL);
	strbuf_release(&title);
	if (app->answer_empty)
		draw_str(*y, 1, l->width, "(empty answer)", style(S_DIM));
	else
		draw_wrapped_cut(*y, 1, l->width, l->rows[SEC_ANSWER], app->item.answer, A_NORMAL);
	*y += l->rows[SEC_ANSWER];
}

/* The disputed passage: its rank, id, title and text. */
static void draw_passage(const struct app *app, const struct layout *l, int *y)
{
	const struct store_item_passage *p = l->passage;
	char title[64], k[32], hint[48];
	struct strbuf t = STRBUF_INIT;
	snprintf(title, sizeof(title), "Passage %ld of %zu \xc2\xb7 ", p->rank, app->item.n_passages);
	strbuf_addf(&t, "%s%s", title, p->ext_id);
	if (p->title && *p->title)
		strbuf_addf(&t, " \xc2\xb7 %s", p->title);
	snprintf(hint, sizeof(hint), "%s opens", action_key(ACT_OPEN, k));
	draw_rule((*y)++, strbuf_str(&t), hint);
	strbuf_release(&t);
	draw_wrapped_cut(*y, 3, l->width - 4, l->rows[SEC_PASSAGE], p->text, A_NORMAL);
	*y += l->rows[SEC_PASSAGE];
}

/* The passages the answer came with, a row each. */
static void draw_passages(const struct app *app, const struct layout *l, int *y)
{
	const struct store_item *it = &app->item;
	char title[64], k[32], hint[48];
	snprintf(title, sizeof(title), "Passages (%zu)", it->n_passages);
	snprintf(hint, sizeof(hint), "%s opens", action_key(ACT_OPEN, k));
	draw_rule((*y)++, title, hint);
	for (int i = 0; i < l->rows[SEC_PASSAGES] && (size_t)i < it->n_passages; i++) {
		const struct store_item_passage *p = &it->passages[i];
		int last = i == l->rows[SEC_PASSAGES] - 1 && (size_t)i + 1 < it->n_passages;
		if (last) {
			draw_fmt(*y + i, 3, COLS - 4, style(S_DIM), "\xe2\x80\xa6 %zu more", it->n_passages - (size_t)i);
			break;
		}
		int x = 1 + draw_fmt(*y + i, 1, COLS - 2, A_BOLD, "%2ld ", p->rank);
		x += draw_fit(*y + i, x, COLS - 1 - x, p->ext_id, A_BOLD);
		if (p->title && *p->title && x + 4 < COLS - 1) {
			x += draw_str(*y + i, x, COLS - 1 - x, " \xc2\xb7 ", A_NORMAL);
			draw_fit(*y + i, x, COLS - 1 - x, p->title, A_NORMAL);
		}
	}
	*y += l->rows[SEC_PASSAGES];
}

/* The rule of the dispute: the field (and the passage), the keys. */
static void draw_dispute_rule(const struct app *app, const struct store_disagreement *d, int y)
{
	struct strbuf title = STRBUF_INIT, hint = STRBUF_INIT;
	strbuf_addf(&title, "In dispute \xc2\xb7 %s", d->field->name);
	if (d->passage_rank)
		strbuf_addf(&title, " of passage %ld", d->passage_rank);
	keys_hint(app, d, &hint);
	draw_rule(y, strbuf_str(&title), strbuf_str(&hint));
	strbuf_release(&title);
	strbuf_release(&hint);
}

/* The raters' values side by side, then the adjudicator's. */
static void draw_dispute(const struct app *app, const struct store_disagreement *d, int y)
{
	size_t order[MAX_SHOWN];
	size_t n = adjudicate_value_order(app, d, order);
	const char *mine = app_label(app, d->field->name, d->passage_rank);
	char name[64];
	int nw = (int)strlen("adjudicated");
	for (size_t i = 0; i < n && !app->opt->blind_raters; i++)
		nw = imax(nw, (int)text_width(d->values[order[i]].rater, strlen(d->values[order[i]].rater)));
	nw = imin(nw, imax(8, COLS / 3));
	draw_dispute_rule(app, d, y++);
	for (size_t i = 0; i < n; i++, y++) {
		const struct store_adjudication_value *v = &d->values[order[i]];
		const char *who = v->rater;
		if (app->opt->blind_raters) {
			snprintf(name, sizeof(name), "rater %zu", i + 1);
			who = name;
		}
		draw_fit(y, 2, nw, who, A_NORMAL);
		int same = mine && strcmp(mine, v->value) == 0;
		draw_fmt(y, 2 + nw + 2, COLS - nw - 5, same ? style(S_BOLD) : A_NORMAL, "%s",
			 value_label(app, d, v->value));
	}
	if (d->n_values > MAX_SHOWN)
		draw_fmt(y++, 2, COLS - 3, style(S_DIM), "\xe2\x80\xa6 %zu more raters", d->n_values - MAX_SHOWN);
	draw_str(y, 2, nw, "adjudicated", style(S_BOLD));
	if (mine)
		draw_fmt(y, 2 + nw + 2, COLS - nw - 5, style(S_YES), "%s", value_label(app, d, mine));
	else
		draw_fit(y, 2 + nw + 2, COLS - nw - 5, "\xe2\x80\x94 not settled yet", style(S_MISSING));
}

static void draw_adjudicate(const struct app *app, const struct view *view)
{
	const struct store_disagreement *d = app_disagreement(app);
	struct layout l;
	char k[4][32], hint[96], move[64], next[48], undo[32], turn[48];
	draw_header(app);
	if (!d)
		return;
	compute_layout(app, d, &l);
	draw_item_line(app);
	int y = 2;
	if (l.on[SEC_HISTORY])
		draw_history(app, &l, &y);
	if (l.on[SEC_QUESTION])
		draw_question(app, &l, &y);
	if (l.on[SEC_ANSWER])
		draw_answer(app, &l, &y);
	if (l.on[SEC_EVIDENCE]) {
		draw_evidence_pane(app, y, l.rows[SEC_EVIDENCE], l.width, 0);
		y += 1 + l.rows[SEC_EVIDENCE];
	}
	if (l.on[SEC_PASSAGE])
		draw_passage(app, &l, &y);
	if (l.on[SEC_PASSAGES])
		draw_passages(app, &l, &y);
	int n_values;
	draw_dispute(app, d, LINES - 2 - dispute_rows(d, &n_values));
	snprintf(move, sizeof(move), "%s/%s next/previous", action_key(ACT_NEXT_ITEM, k[0]),
		 action_key(ACT_PREV_ITEM, k[1]));
	snprintf(next, sizeof(next), "%s next unsettled", action_key(ACT_NEXT_UNFINISHED, k[2]));
	snprintf(undo, sizeof(undo), "%s undo", action_key(ACT_UNDO, k[3]));
	snprintf(turn, sizeof(turn), "%s the turn in full", action_key(ACT_VIEW_TURN, k[0]));
	const char *hints[] = { turn, move, next, undo };
	draw_footer(LINES - 2, "", hints, ARRAY_SIZE(hints));
	draw_status(app, status_hint(app, 1, hint));
}

/* ---- keys ------------------------------------------------------------------- */

/* A label key: only the disputed field's act, on the disputed passage. */
static struct request label_key(const struct app *app, const struct input *in, struct request r)
{
	const struct store_disagreement *d = app_disagreement(app);
	const struct binding *b = in->binding;
	/* r.field: the field a key that fields share sets (the disputed one has the focus) */
	if (!d || r.kind == REQ_KEY_UNFOCUSED || strcmp(r.field->name, d->field->name) != 0) {
		r.kind = REQ_UNKNOWN_KEY;
		return r;
	}
	switch (b->action) {
	case ACT_SET_VALUE:
		return r;
	case ACT_TOGGLE_RANK:
		if (b->arg != d->passage_rank)
			r.kind = REQ_UNKNOWN_KEY;
		return r;
	case ACT_TOGGLE_FOCUSED:
		r.kind = REQ_TOGGLE_RANK;
		r.arg = d->passage_rank;
		return r;
	case ACT_SET_REST:   /* of one passage: its first category */
		r.kind = REQ_SET_VALUE;
		r.arg = 0;
		return r;
	default:
		r.kind = REQ_UNKNOWN_KEY;
		return r;
	}
}

static struct request handle_adjudicate(const struct app *app, const struct view *view, const struct input *in)
{
	struct request r = request_default(app, view, in);
	enum action a = in->binding ? in->binding->action : ACT_NONE;
	if (a != ACT_NONE && a < ACT_FIRST_NAV)
		return label_key(app, in, r);
	switch (a) {
	case ACT_UNDO: case ACT_NEXT_ITEM: case ACT_PREV_ITEM: case ACT_NEXT_UNFINISHED: case ACT_OPEN:
	case ACT_VIEW_TURN: case ACT_HISTORY: case ACT_REWRITE: case ACT_HELP: case ACT_GUIDELINES:
	case ACT_AUTO_ADVANCE: case ACT_BACK: case ACT_QUIT: case ACT_NONE:
		return r;
	default:
		/* turns, the list, jumps, the focus: an item queue's */
		r.kind = REQ_UNKNOWN_KEY;
		return r;
	}
}

/* A label key of another field than the disputed one: say whose it is. */
static int other_field_key(struct app *app, const struct request *r)
{
	const struct binding *b = keymap_find(&app->keys, r->key);
	const struct store_disagreement *d = app_disagreement(app);
	char k[32];
	if (!b || !b->field || b->action >= ACT_FIRST_NAV || !d)
		return 0;
	if (strcmp(b->field->name, d->field->name) == 0)
		app_message(app, MSG_INFO, "key %s judges another passage; this one is about passage %ld",
			    key_to_name(r->key, k), d->passage_rank);
	else
		app_message(app, MSG_INFO, "key %s sets %s; this disagreement is about %s", key_to_name(r->key, k),
			    b->field->name, d->field->name);
	return 1;
}

static struct request act_adjudicate(struct app *app, struct view *view, const struct request *r)
{
	switch (r->kind) {
	case REQ_UNKNOWN_KEY:
		return other_field_key(app, r) ? (struct request){ .kind = REQ_NONE } : *r;
	case REQ_ITEM:
		if (r->arg < 0 && app->cur == 0) {
			app_message(app, MSG_INFO, "this is the first disagreement");
			return (struct request){ .kind = REQ_NONE };
		}
		return *r;   /* past the last: app.c says it is the last */
	case REQ_SET_VALUE: case REQ_TOGGLE_RANK:
		app_focus_disputed(app);   /* a passage pane may have moved the focus */
		return *r;
	case REQ_UNCOVERED: case REQ_RESIZED:
		app_focus_disputed(app);
		return (struct request){ .kind = REQ_NONE };
	default:
		return *r;
	}
}

const struct view_ops view_adjudicate = {
	.name = "adjudicate",
	.private_size = sizeof(struct turn_view), .open = turn_open, .close = turn_close,
	.draw = draw_adjudicate, .handle = handle_adjudicate, .act = act_adjudicate,
};
