/* view_passage.c - one passage in full in a scrollable pane (or, opened
 * with the view-turn key, the question, rewrite and answer in full). */
#include <stdio.h>
#include <string.h>

#include "convqa/text.h"
#include "tui_internal.h"

/* The pane's text; for the turn it is assembled into sb. */
static const char *pane_text(const struct app *app, struct strbuf *sb)
{
	const struct store_item *it = &app->item;
	if (app->pane_passage >= 0 && (size_t)app->pane_passage < it->n_passages)
		return it->passages[app->pane_passage].text;
	strbuf_addf(sb, "Question %d/%d:\n%s\n", it->position, it->n_turns, it->question);
	if (it->rewrite)
		strbuf_addf(sb, "\nRewrite:\n%s\n", it->rewrite);
	strbuf_addf(sb, "\nAnswer of %s:\n%s", it->system, *it->answer ? it->answer : "(empty answer)");
	return strbuf_str(sb);
}

static int pane_rows(void)
{
	return LINES - 5;
}

static int pane_width(void)
{
	return COLS - 4;
}

static void draw_passage(const struct app *app)
{
	const struct store_item *it = &app->item;
	struct strbuf sb = STRBUF_INIT;
	const char *text = pane_text(app, &sb);
	draw_header(app);
	int x = 1;
	if (app->pane_passage >= 0) {
		const struct store_item_passage *p = &it->passages[app->pane_passage];
		x += draw_fmt(1, x, COLS - 2, style(S_BOLD), "Passage %d of %zu \xc2\xb7 rank %ld \xc2\xb7 ",
			      app->pane_passage + 1, it->n_passages, p->rank);
		x += draw_str(1, x, COLS - 2 - x, p->ext_id, style(S_BOLD));
		if (p->has_score)
			x += draw_fmt(1, x, COLS - 1 - x, style(S_DIM), " \xc2\xb7 score %.4g", p->score);
		if (app->opt->task == TASK_TURN && x + 18 < COLS) {
			enum style st;
			const char *v = app_label(app, "relevant", p->rank);
			relevance_mark(app, p->rank, &st);
			x += draw_str(1, x, COLS - 1 - x, " \xc2\xb7 ", A_NORMAL);
			draw_str(1, x, COLS - 1 - x, !v ? "not judged" : strcmp(v, "1") == 0 ? "relevant" :
				 "not relevant", style(st));
		}
		draw_rule(2, p->title && *p->title ? p->title : "(no title)", NULL);
	} else {
		x += draw_fmt(1, x, COLS - 2, style(S_BOLD), "Turn %d/%d of ", it->position, it->n_turns);
		draw_str(1, x, COLS - 1 - x, it->conversation, style(S_BOLD));
		draw_rule(2, "Question and answer in full", NULL);
	}
	int rows = pane_rows();
	size_t total = draw_wrapped(3, 2, pane_width(), rows, (size_t)app->scroll, text, A_NORMAL);
	int y = LINES - 2;
	struct strbuf hint = STRBUF_INIT;
	enum model_task t = app->opt->task;
	char k[32];
	strbuf_addf(&hint, "%s/", action_key(ACT_DOWN, t, k));
	strbuf_adds(&hint, action_key(ACT_UP, t, k));
	strbuf_adds(&hint, " scroll \xc2\xb7 ");
	if (app->pane_passage >= 0) {
		strbuf_addf(&hint, "%s/", action_key(ACT_NEXT_ITEM, t, k));
		strbuf_adds(&hint, action_key(ACT_PREV_ITEM, t, k));
		strbuf_adds(&hint, " passage \xc2\xb7 ");
		if (t == TASK_TURN) {
			strbuf_adds(&hint, action_key(ACT_TOGGLE_FOCUSED, t, k));
			strbuf_adds(&hint, " relevant? \xc2\xb7 ");
		}
	}
	strbuf_adds(&hint, "esc back");
	char where[64] = "";
	if (total > (size_t)rows)
		snprintf(where, sizeof(where), "lines %d-%zu of %zu ", app->scroll + 1,
			 (size_t)app->scroll + (size_t)rows < total ? (size_t)app->scroll + (size_t)rows : total,
			 total);
	x = 1 + draw_str(y, 1, COLS - 2, where, style(S_DIM));
	int hw = (int)text_width(hint.buf, hint.len);
	draw_str(y, hw < COLS - x - 1 ? COLS - 1 - hw : x, COLS - x - 1, strbuf_str(&hint), style(S_HINT));
	strbuf_release(&hint);
	draw_status(app, NULL);
	strbuf_release(&sb);
}

static struct request handle_passage(const struct app *app, const struct input *in)
{
	struct request r = request_default(app, in);
	enum action a = in->binding ? in->binding->action : ACT_NONE;
	struct strbuf sb = STRBUF_INIT;
	size_t total;
	switch (a) {
	case ACT_DOWN: case ACT_UP: case ACT_PAGE_DOWN: case ACT_PAGE_UP: case ACT_TOP: case ACT_BOTTOM:
		total = wrapped_lines(pane_text(app, &sb), pane_width());
		strbuf_release(&sb);
		return request_scroll(app, scroll_delta(a), total, pane_rows());
	case ACT_NEXT_ITEM: case ACT_PREV_ITEM:
		if (app->pane_passage < 0) {
			r.kind = REQ_NONE;
		} else {
			r.kind = REQ_PASSAGE;
			r.arg = a == ACT_NEXT_ITEM ? 1 : -1;
		}
		return r;
	case ACT_TOGGLE_FOCUSED:
		if (app->pane_passage < 0)
			r.kind = REQ_NONE;
		else
			r.arg = app->pane_passage;
		return r;
	case ACT_OPEN: case ACT_BACK: case ACT_VIEW_TURN:
		r.kind = REQ_POP;
		return r;
	case ACT_NEXT_TURN: case ACT_PREV_TURN: case ACT_NEXT_UNFINISHED:
	case ACT_HISTORY: case ACT_REWRITE: case ACT_NOTE:
		r.kind = REQ_NONE;   /* item-screen keys: go back first */
		return r;
	default:
		return r;
	}
}

const struct view_ops view_passage = {
	.name = "passage",
	.draw = draw_passage,
	.handle = handle_passage,
};
