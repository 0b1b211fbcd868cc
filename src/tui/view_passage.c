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

/* "lines a-b of n" and the hints: j/k scroll · n/p passage · space
 * relevant? · q/esc back (the last ones stay when the row is short). */
static void draw_pane_footer(const struct app *app, size_t total)
{
	enum model_task t = app->opt->task;
	char k[2][32], hint[4][80];
	const char *hints[4];
	size_t n = 0;
	snprintf(hint[n++], sizeof(hint[0]), "%s/%s scroll", action_key(ACT_DOWN, t, k[0]),
		 action_key(ACT_UP, t, k[1]));
	if (app->pane_passage >= 0) {
		snprintf(hint[n++], sizeof(hint[0]), "%s/%s passage", action_key(ACT_NEXT_ITEM, t, k[0]),
			 action_key(ACT_PREV_ITEM, t, k[1]));
		if (t == TASK_TURN)
			snprintf(hint[n++], sizeof(hint[0]), "%s relevant?", action_key(ACT_TOGGLE_FOCUSED, t, k[0]));
	}
	snprintf(hint[n++], sizeof(hint[0]), "%s/%s back", action_key(ACT_QUIT, t, k[0]),
		 action_key(ACT_BACK, t, k[1]));
	for (size_t i = 0; i < n; i++)
		hints[i] = hint[i];
	draw_scroll_footer(app, LINES - 2, pane_rows(), total, hints, n);
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
	draw_pane_footer(app, total);
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
	case ACT_OPEN: case ACT_BACK: case ACT_VIEW_TURN: case ACT_QUIT:
		r.kind = REQ_POP;   /* q closes the pane as it closes a pager */
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
