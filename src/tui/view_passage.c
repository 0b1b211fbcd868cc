/* view_passage.c - one passage in full in a scrollable pane, under its
 * relevance state and the question it is judged against (or, opened with
 * the view-turn key, the question, rewrite and answer in full). The
 * passage shown is the focused one (the turn view's, app_turn()): n and p
 * in the pane move the focus, so the item screen shows the last passage
 * read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/spans.h"
#include "convqa/text.h"
#include "tui_internal.h"

/* The private state. open() arg: 0 the focused passage, 1 the turn, 2 the
 * focused passage scrolled to the focused piece of the evidence. */
struct pane {
	struct pager pager;   /* first: pager_act() scrolls it */
	int turn;             /* the question and answer in full, not a passage */
	int piece;            /* opened at a piece of the evidence: its passage */
};

/* The pane's text; for the turn it is assembled into sb. */
static const char *pane_text(const struct app *app, const struct view *view, struct strbuf *sb)
{
	const struct turn_view *tv = app_turn(app);
	const struct store_item *it = &app->item;
	const struct pane *pane = view->private;
	if (!pane->turn && tv->focus >= 0 && (size_t)tv->focus < it->n_passages)
		return it->passages[tv->focus].text;
	strbuf_addf(sb, "Question %d/%d:\n%s\n", it->position, it->n_turns, it->question);
	if (it->rewrite)
		strbuf_addf(sb, "\nRewrite:\n%s\n", it->rewrite);
	if (app->scheme->shows & SHOW_ANSWER) {
		strbuf_adds(sb, "\n");
		answer_title(app, 0, sb);
		strbuf_addf(sb, ":\n%s", app->answer_empty ? "(empty answer)" : it->answer);
	}
	return strbuf_str(sb);
}

/* The first row of the text: below the header, the passage line, the
 * question it is judged against and the title rule (the turn in full has
 * the question in its text: no question row). */
static int pane_top(const struct view *view)
{
	const struct pane *pane = view->private;
	return pane->turn ? 3 : 4;
}

static int pane_rows(const struct view *view)
{
	return LINES - 2 - pane_top(view);
}

static int pane_width(void)
{
	return COLS - 4;
}

/* The first passage field with a key for the focused passage, or NULL. */
static const struct scheme_field *toggled_field(const struct app *app)
{
	for (size_t i = 0; i < app->scheme->n_fields; i++)
		if (app->scheme->fields[i].unit == UNIT_PASSAGE && app->scheme->fields[i].toggle_key)
			return &app->scheme->fields[i];
	return NULL;
}

/* The judgements of the passage at rank: " · relevant" (one passage field:
 * its value's label), " · relevant: not judged" (several: each named). */
static void passage_state(const struct app *app, long rank, struct strbuf *out, enum style *st)
{
	const struct scheme *sc = app->scheme;
	size_t n = 0;
	int first = 1;
	for (size_t i = 0; i < sc->n_fields; i++)
		n += sc->fields[i].unit == UNIT_PASSAGE;
	int several = n > 1;
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct scheme_field *f = &sc->fields[i];
		if (f->unit != UNIT_PASSAGE)
			continue;
		const char *v = app_label(app, f->name, rank);
		const struct scheme_category *c = v ? scheme_category_find(f, v) : NULL;
		enum style s;
		passage_mark(f, v, &s);
		if (first)
			*st = s;
		strbuf_addf(out, "%s%s%s%s", first ? " \xc2\xb7 " : ", ", several ? f->name : "", several ? ": " : "",
			    !v ? "not judged" : c ? c->label : v);
		first = 0;
	}
}

/* "lines a-b of n" and the hints: j/k scroll · n/p passage · space
 * relevant? · q/esc back (the last ones stay when the row is short). */
static void draw_pane_footer(const struct app *app, const struct view *view, size_t total)
{
	const struct pane *pane = view->private;
	const struct scheme_field *f = toggled_field(app);
	char k[2][32], hint[4][80];
	const char *hints[4];
	size_t n = 0;
	snprintf(hint[n++], sizeof(hint[0]), "%s/%s scroll", action_key(ACT_DOWN, k[0]), action_key(ACT_UP, k[1]));
	if (!pane->turn) {
		snprintf(hint[n++], sizeof(hint[0]), "%s/%s passage", action_key(ACT_NEXT_ITEM, k[0]),
			 action_key(ACT_PREV_ITEM, k[1]));
		if (f)
			snprintf(hint[n++], sizeof(hint[0]), "%s %s?", f->toggle_key, f->name);
	}
	snprintf(hint[n++], sizeof(hint[0]), "%s/%s back", action_key(ACT_QUIT, k[0]), action_key(ACT_BACK, k[1]));
	for (size_t i = 0; i < n; i++)
		hints[i] = hint[i];
	draw_scroll_footer(pane->pager.scroll, LINES - 2, pane_rows(view), total, hints, n);
}

/* The passage line: "Passage 1 of 5 · rank 1 · ID · score 9.5 · relevant".
 * The relevance state always shows: a long id is cut (with an ellipsis),
 * then the score and the words "Passage", "of" give way. */
static void draw_passage_line(const struct app *app, int y)
{
	const struct turn_view *tv = app_turn(app);
	const struct store_item *it = &app->item;
	const struct store_item_passage *p = &it->passages[tv->focus];
	char lead[96], score[40] = "";
	struct strbuf sb = STRBUF_INIT;
	enum style st = S_NORMAL;
	if (p->has_score)
		snprintf(score, sizeof(score), " \xc2\xb7 score %.4g", p->score);
	passage_state(app, p->rank, &sb, &st);
	const char *state = strbuf_str(&sb);
	int idw = (int)text_width(p->ext_id, strlen(p->ext_id));
	int room = 0;
	for (int level = 0; level < 3; level++) {
		snprintf(lead, sizeof(lead), level < 2 ? "Passage %d of %zu \xc2\xb7 rank %ld \xc2\xb7 " :
			 "%d/%zu \xc2\xb7 rank %ld \xc2\xb7 ", tv->focus + 1, it->n_passages, p->rank);
		if (level == 1)
			score[0] = '\0';
		room = COLS - 2 - (int)(text_width(lead, strlen(lead)) + text_width(score, strlen(score)) +
					text_width(state, strlen(state)));
		if (room >= (idw < 12 ? idw : 12))
			break;
	}
	int x = 1 + draw_str(y, 1, COLS - 2, lead, style(S_BOLD));
	x += draw_fit(y, x, room, p->ext_id, style(S_BOLD));
	x += draw_str(y, x, COLS - 1 - x, score, style(S_DIM));
	draw_fit(y, x, COLS - 1 - x, state, style(st));
	strbuf_release(&sb);
}

/* "Q2: the question", on one line, cut to fit. */
static void draw_question_line(const struct app *app, int y)
{
	struct strbuf q = STRBUF_INIT;
	/* the question keeps its line breaks for the item screen: here they
	 * become spaces */
	text_sanitize(&q, app->item.question, strlen(app->item.question), 0);
	int x = 1 + draw_fmt(y, 1, COLS - 2, style(S_BOLD), "Q%d: ", app->item.position);
	draw_fit(y, x, COLS - 1 - x, strbuf_str(&q), A_NORMAL);
	strbuf_release(&q);
}

static void draw_passage(const struct app *app, const struct view *view)
{
	const struct turn_view *tv = app_turn(app);
	const struct store_item *it = &app->item;
	const struct pane *pane = view->private;
	struct strbuf sb = STRBUF_INIT;
	const char *text = pane_text(app, view, &sb);
	draw_header(app);
	if (!pane->turn) {
		const struct store_item_passage *p = &it->passages[tv->focus];
		draw_passage_line(app, 1);
		draw_question_line(app, 2);
		draw_rule(3, p->title && *p->title ? p->title : "(no title)", NULL);
	} else {
		int x = 1 + draw_fmt(1, 1, COLS - 2, style(S_BOLD), "Turn %d/%d of ", it->position, it->n_turns);
		draw_fit(1, x, COLS - 1 - x, it->conversation, style(S_BOLD));
		draw_rule(2, "Question and answer in full", NULL);
	}
	/* opened at a piece of the evidence: the answer's words in the piece
	 * highlighted as in the evidence pane; else with the spans shown, the
	 * passage's evidence spans */
	unsigned char *own = NULL;
	const unsigned char *mark = NULL;
	attr_t mark_attr = style(S_MATCH);
	if (!pane->turn && pane->piece != tv->focus && tv->span_mark) {
		mark = tv->span_mark[tv->focus];
		mark_attr = style(S_SPAN);
	} else if (!pane->turn && pane->piece == tv->focus && tv->evidence_focus < tv->evidence_pieces) {
		const struct evidence_piece *pc = &tv->evidence_piece[tv->evidence_focus];
		size_t len = strlen(text);
		if (pc->at <= pc->end && pc->end <= len) {
			mark = own = xcalloc(len + 1, 1);
			spans_mark_answer(text + pc->at, pc->end - pc->at, app->item.answer, own + pc->at);
		}
	}
	size_t total = draw_wrapped_marked(pane_top(view), 2, pane_width(), pane_rows(view),
					   (size_t)pane->pager.scroll, text, A_NORMAL, mark, mark_attr);
	free(own);
	draw_pane_footer(app, view, total);
	draw_status(app, NULL);
	strbuf_release(&sb);
}

static struct request handle_passage(const struct app *app, const struct view *view, const struct input *in)
{
	const struct pane *pane = view->private;
	struct request r = request_default(app, view, in);
	enum action a = in->binding ? in->binding->action : ACT_NONE;
	struct strbuf sb = STRBUF_INIT;
	size_t total;
	switch (a) {
	case ACT_DOWN: case ACT_UP: case ACT_PAGE_DOWN: case ACT_PAGE_UP: case ACT_TOP: case ACT_BOTTOM:
		total = wrapped_lines(pane_text(app, view, &sb), pane_width());
		strbuf_release(&sb);
		return request_scroll(pane->pager.scroll, scroll_delta(a), total, pane_rows(view));
	case ACT_NEXT_ITEM: case ACT_PREV_ITEM:
		if (pane->turn) {
			r.kind = REQ_NONE;
		} else {
			r.kind = REQ_PASSAGE;
			r.arg = a == ACT_NEXT_ITEM ? 1 : -1;
		}
		return r;
	case ACT_TOGGLE_FOCUSED:
		if (pane->turn)
			r.kind = REQ_NONE;   /* else the focused passage: the one shown */
		return r;
	case ACT_OPEN: case ACT_BACK: case ACT_VIEW_TURN: case ACT_QUIT:
		r.kind = REQ_POP;   /* q closes the pane as it closes a pager */
		return r;
	case ACT_NEXT_TURN: case ACT_PREV_TURN: case ACT_NEXT_UNFINISHED: case ACT_PREV_FIELD:
	case ACT_HISTORY: case ACT_REWRITE: case ACT_EDIT_TEXT:
		r.kind = REQ_NONE;   /* item-screen keys: go back first */
		return r;
	default:
		return r;
	}
}

static int open_passage(struct app *app, struct view *view, long arg)
{
	struct turn_view *tv = app_turn(app);
	struct pane *pane = view->private;
	pane->turn = arg == 1;
	pane->piece = arg == 2 ? tv->focus : -1;
	if (arg == 2 && tv->evidence_focus < tv->evidence_pieces) {
		/* the piece's line near the top (one line before it shown) */
		const char *text = app->item.passages[tv->focus].text;
		size_t at = tv->evidence_piece[tv->evidence_focus].at, len = strlen(text);
		size_t total = text_wrap(text, len, pane_width(), NULL, 0);
		struct text_line *lines = xmalloc((total ? total : 1) * sizeof(*lines));
		text_wrap(text, len, pane_width(), lines, total);
		size_t line = 0;
		for (size_t i = 0; i < total && lines[i].off <= at; i++)
			line = i;
		free(lines);
		long top = (long)line - 1, rows = pane_rows(view);
		if (top > (long)total - rows)
			top = (long)total - rows;
		pane->pager.scroll = top > 0 ? (int)top : 0;
	}
	return 0;
}

/* n and p: the next or previous passage, from its top. */
static struct request act_passage(struct app *app, struct view *view, const struct request *r)
{
	struct turn_view *tv = app_turn(app);
	struct pane *pane = view->private;
	if (r->kind != REQ_PASSAGE)
		return pager_act(app, view, r);
	long p = tv->focus + r->arg;
	if (p >= 0 && p < (long)app->item.n_passages) {
		tv->focus = (int)p;
		pane->pager.scroll = 0;
	} else {
		app_message(app, MSG_INFO, "this is the %s passage", r->arg > 0 ? "last" : "first");
	}
	return (struct request){ .kind = REQ_NONE };
}

const struct view_ops view_passage = {
	.name = "passage",
	.private_size = sizeof(struct pane), .open = open_passage,
	.draw = draw_passage, .handle = handle_passage, .act = act_passage,
};
