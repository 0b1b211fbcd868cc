/* view_pair.c - the pair screen of a pairwise task (issue 22): the
 * question and its history, then the two answers of the pair with their
 * passages (folded: enter unfolds them), side by side from 120 columns on,
 * else one above the other; the label bar and the status line. The
 * answers are "A" (left, or on top) and "B", blind to their systems unless
 * --show-systems; the rater's keys come from the scheme (a, b, e, x), and
 * the arrows left and right pick A and B; enter unfolds the passages. Every text is the session's,
 * sanitised when it was read (app_pair.c); draw_* cut and wrap it. */
#include <string.h>

#include "convqa/text.h"
#include "tui_internal.h"

#define PAIR_SIDE_BY_SIDE 120
#define HISTORY_ROWS 3

/* What one side shows: its answer, then its passages or their count. */
static void side_text(const struct app *app, const struct store_item *it, int show_passages, struct strbuf *sb)
{
	strbuf_adds(sb, it->answer[0] ? it->answer : "(empty answer)");
	if (!it->n_passages || !(app->scheme->shows & SHOW_PASSAGES))
		return;
	if (!show_passages) {
		char k[32];
		strbuf_addf(sb, "\n\n%zu passage%s (%s shows them)", it->n_passages, it->n_passages == 1 ? "" : "s",
			    action_key(ACT_OPEN, k));
		return;
	}
	for (size_t i = 0; i < it->n_passages; i++) {
		const struct store_item_passage *ps = &it->passages[i];
		strbuf_addf(sb, "\n\n[%ld] %s%s%s", ps->rank, ps->title ? ps->title : "", ps->title ? ": " : "",
			    ps->text);
	}
}

static void side_title(const struct app *app, const struct store_item *it, int left, char *buf, size_t size)
{
	const char *where = COLS >= PAIR_SIDE_BY_SIDE ? (left ? "left" : "right") : (left ? "top" : "below");
	if (app->opt->show_systems)
		snprintf(buf, size, "%s \xc2\xb7 %s \xc2\xb7 %s", left ? "A" : "B", where, it->system);
	else
		snprintf(buf, size, "%s \xc2\xb7 %s", left ? "A" : "B", where);
}

/* One side in w columns and rows rows from y, x: a title row, then its
 * text from the pair's scroll. */
static void draw_side(const struct app *app, const struct store_item *it, int left, int y, int x, int w, int rows,
		      int show_passages, int scroll)
{
	char title[160];
	struct strbuf sb = STRBUF_INIT;
	side_title(app, it, left, title, sizeof(title));
	if (x == 0 && w >= COLS - 1)
		draw_rule(y, title, NULL);
	else {
		for (int i = 0; i < w; i++)
			mvaddstr(y, x + i, "\xe2\x94\x80");
		draw_fmt(y, x + 1, w - 2, style(S_RULE), " %s ", title);
	}
	side_text(app, it, show_passages, &sb);
	if (rows > 1)
		draw_wrapped(y + 1, x + 1, w - 1, rows - 1, (size_t)scroll, strbuf_str(&sb), style(S_NORMAL));
	strbuf_release(&sb);
}

/* What system of side it answered at position (NULL: it did not). */
static const char *earlier_answer(const struct store_item *it, int position)
{
	for (size_t i = 0; i < it->n_history; i++)
		if (it->history[i].position == position)
			return it->history[i].answer;
	return NULL;
}

/* An earlier turn whose answers differ on row y (a dash where a system gave
 * none): its question, then A's
 * and B's answers sharing what room is left alike (the shorter gives the
 * other what it does not use), so that neither is cut for the other. */
static void draw_both(int y, const struct store_item_turn *h, const char *a, const char *b)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%d. %s \xe2\x86\x92 A: ", h->position, h->question);
	int room = COLS - 2 - (int)text_width(sb.buf, sb.len) - 6;   /* less " \xc2\xb7 B: " */
	int wa = (int)text_width(a, strlen(a)), wb = (int)text_width(b, strlen(b));
	int half = room > 0 ? room / 2 : 0;
	int ca = wa <= half ? wa : wb <= half ? room - wb : half;
	add_fit(&sb, a, ca > 0 ? ca : 1);
	strbuf_adds(&sb, " \xc2\xb7 B: ");
	add_fit(&sb, b, room - ca > 1 ? room - ca : 1);
	draw_fmt(y, 1, COLS - 2, style(S_DIM), "%s", sb.buf);
	strbuf_release(&sb);
}

/* The history (last turns) and the question from row y; returns the row
 * after. Each system's conversation is its own: an earlier turn shows both
 * answers (A's, then B's) where they differ, so that neither answer is
 * read in the other's context. */
static int draw_question(const struct app *app, const struct view *view, int y, int room)
{
	const struct turn_view *t = view->private;
	const struct store_item *it = &app->pairs->left, *other = &app->pairs->right;
	char title[128];
	if (t->show_history && it->n_history && room >= 20) {
		draw_rule(y++, "History", NULL);
		size_t from = it->n_history > HISTORY_ROWS ? it->n_history - HISTORY_ROWS : 0;
		for (size_t i = from; i < it->n_history; i++) {
			const struct store_item_turn *h = &it->history[i];
			const char *a = h->answer, *b = earlier_answer(other, h->position);
			if ((a || b) && (!a || !b || strcmp(a, b) != 0))   /* one system may not have answered */
				draw_both(y++, h, a ? a : "\xe2\x80\x94", b ? b : "\xe2\x80\x94");
			else
				draw_fmt(y++, 1, COLS - 2, style(S_DIM), "%d. %s \xe2\x86\x92 %s", h->position,
					 h->question, a ? a : b ? b : "");
		}
	}
	snprintf(title, sizeof(title), "Question \xc2\xb7 turn %d of %s", it->position, it->conversation);
	draw_rule(y++, title, NULL);
	int qrows = room >= 16 ? 3 : 1;
	size_t n = draw_wrapped_cut(y, 1, COLS - 2, qrows, it->question, style(S_BOLD));
	return y + (n < (size_t)qrows ? (int)n : qrows);
}

void pair_draw_answers(const struct app *app, const struct store_item *left, const struct store_item *right, int y,
		       int bottom, int show_passages, int scroll)
{
	int rows = bottom - y;
	if (COLS >= PAIR_SIDE_BY_SIDE) {
		int w = (COLS - 1) / 2;
		draw_side(app, left, 1, y, 0, w, rows, show_passages, scroll);
		for (int r = y; r < bottom; r++)
			mvaddstr(r, w, "\xe2\x94\x82");
		draw_side(app, right, 0, y, w + 1, COLS - w - 1, rows, show_passages, scroll);
	} else {
		int top = rows / 2;
		draw_side(app, left, 1, y, 0, COLS, top, show_passages, scroll);
		draw_side(app, right, 0, y + top, 0, COLS, rows - top, show_passages, scroll);
	}
}

/* The preference's keys as the scheme gives them, the arrows by the first
 * two (the answers: handle()), then help's key: "a/\xe2\x86\x90 b/\xe2\x86\x92 e x \xc2\xb7 ? help". */
static const char *pref_hint(const struct app *app, char buf[96])
{
	const struct scheme_field *f = app->pairs->pref;
	struct strbuf sb = STRBUF_INIT;
	char help[32];
	for (size_t i = 0; f && i < f->n_categories; i++) {
		const char *k = f->categories[i].key;
		if (k || i < 2)
			strbuf_addf(&sb, "%s%s%s%s", sb.len ? " " : "", k ? k : "", k && i < 2 ? "/" : "",
				    i == 0 ? "\xe2\x86\x90" : i == 1 ? "\xe2\x86\x92" : "");
	}
	strbuf_addf(&sb, "%s%s help ", sb.len ? " \xc2\xb7 " : "", action_key(ACT_HELP, help));
	snprintf(buf, 96, "%s", sb.len < 96 ? sb.buf : "");
	strbuf_release(&sb);
	return buf;
}

static void draw(const struct app *app, const struct view *view)
{
	const struct pair_session *p = app->pairs;
	erase();
	draw_header(app);
	int dispute = pair_dispute_rows(app);
	int bottom = LINES - 3 - dispute;
	int y = draw_question(app, view, 1, LINES - dispute);
	pair_draw_answers(app, &p->left, &p->right, y, bottom, p->show_passages, p->scroll);
	if (dispute)
		pair_draw_dispute(app, bottom);
	draw_label_bar(app, LINES - 3);
	char buf[96];   /* fields that share keys: the one in focus named, as on the turn screen */
	draw_status(app, app->field_focus ? status_hint(app, 1, buf) : COLS >= 60 ? pref_hint(app, buf) : NULL);
}

/* The arrows pick A or B of the field in focus when it names the answers
 * (a criterion judged A / B / tie / both bad), else of the preference;
 * tab in a scheme whose fields share keys focuses the next field (from the
 * last: the next pair not judged), as on the turn screen. */
static struct request handle(const struct app *app, const struct view *view, const struct input *in)
{
	const struct pair_session *p = app->pairs;
	const struct scheme_field *f = app->field_focus;
	if (!f || f->n_categories < 2 || strcmp(f->categories[0].value, "a") != 0 ||
	    strcmp(f->categories[1].value, "b") != 0)
		f = p->pref;
	if (in->key.fkey && (in->key.code == KEY_LEFT || in->key.code == KEY_RIGHT))
		return (struct request){ .kind = REQ_SET_VALUE, .arg = in->key.code == KEY_RIGHT, .key = in->key,
					 .field = f };
	struct request r = request_default(app, view, in);
	if (p->adjudicating && r.kind == REQ_PUSH && r.view == &view_list)
		r.kind = REQ_UNKNOWN_KEY;   /* the list reads a rater's queue of pairs: an adjudicator has none */
	if (r.kind == REQ_NEXT_UNFINISHED && app->field_focus && app_field_focus_step(app, 1)) {
		r.kind = REQ_FIELD_FOCUS;
		r.arg = 1;
	}
	return r;
}

const struct view_ops view_pair = {
	.name = "pair",
	.private_size = sizeof(struct turn_view),
	.open = turn_open,
	.close = turn_close,
	.draw = draw,
	.handle = handle,
};
