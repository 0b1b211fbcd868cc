/* view_list.c - the item list (l): every item of the rater's queue, a row
 * each - its number, state, conversation, turn, answer and question - the
 * selected row marked ▸, the item shown •; enter goes to the selected item.
 *
 * Only the rows on the screen are read (app_item_row), when the selection
 * moves past them or the window changes size; the states come from the
 * queue's finished flags, in memory. A queue of 100,000 items opens and
 * moves as fast as one of ten. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/text.h"
#include "tui_internal.h"

/* The private state: the selection, the first row shown, the rows read
 * (those shown: [first, first + n) of the queue), and the widest values of
 * the rows read so far (the columns widen as needed and never narrow
 * while the list is open: they do not jump from page to page). */
struct list {
	size_t sel, top;
	struct item_row *rows;
	size_t first, n;
	int conv_w, turn_w, answer_w, system_w;   /* answer_w: "2 of 3" */
};

/* Rows of items on the screen: all but the header, the rule, the column
 * titles, the footer and the status line. */
static size_t list_rows(void)
{
	return LINES > 6 ? (size_t)LINES - 5 : 1;
}

/* The first row shown: top moved as little as shows the selection, and no
 * further down than a full screen of rows allows. */
static size_t shown_top(const struct app *app, const struct list *l)
{
	size_t rows = list_rows(), n = app->queue.n, top = l->top;
	if (l->sel < top)
		top = l->sel;
	if (l->sel >= top + rows)
		top = l->sel - rows + 1;
	if (top + rows > n)
		top = n > rows ? n - rows : 0;
	return top;
}

static const struct item_row *row_at(const struct list *l, size_t pos)
{
	if (pos < l->first || pos >= l->first + l->n || !l->rows[pos - l->first].conversation)
		return NULL;
	return &l->rows[pos - l->first];
}

static void release_rows(struct list *l)
{
	for (size_t i = 0; i < l->n; i++)
		item_row_release(&l->rows[i]);
	free(l->rows);
	l->rows = NULL;
	l->n = 0;
}

static int imax(int a, int b)
{
	return a > b ? a : b;
}

static int width(const char *s)
{
	return (int)text_width(s, strlen(s));
}

/* The widest values so far, with row r's. */
static void widen(struct list *l, const struct item_row *r)
{
	char buf[64];
	l->conv_w = imax(l->conv_w, width(r->conversation));
	l->system_w = imax(l->system_w, width(r->system));
	l->turn_w = imax(l->turn_w, snprintf(buf, sizeof(buf), "%d/%d", r->position, r->n_turns));
	l->answer_w = imax(l->answer_w, snprintf(buf, sizeof(buf), "%d of %d", r->answer_index, r->n_answers));
}

/* Read the rows shown now: those read before are kept, the others read.
 * The first row shown becomes top after a move; a new size of the window
 * leaves top as it was, so that the list is the same again when the window
 * gets its old size back. */
static void read_rows(struct app *app, struct list *l, int moved)
{
	size_t top = shown_top(app, l);
	size_t rows = list_rows(), n = app->queue.n - top < rows ? app->queue.n - top : rows;
	struct item_row *v = xcalloc(n ? n : 1, sizeof(*v));
	if (moved)
		l->top = top;
	for (size_t i = 0; i < n; i++) {
		size_t pos = top + i;
		if (pos >= l->first && pos < l->first + l->n && l->rows[pos - l->first].conversation) {
			v[i] = l->rows[pos - l->first];
			memset(&l->rows[pos - l->first], 0, sizeof(*v));
		} else if (!app->failed && app_item_row(app, pos, &v[i]) == 0) {
			widen(l, &v[i]);
		} else {
			item_row_release(&v[i]);   /* a fatal error: the loop ends */
		}
	}
	if (!app->failed)
		app_queue_home(app);   /* one move away and back for the rows, not one a row */
	release_rows(l);
	l->rows = v;
	l->first = top;
	l->n = n;
}

/* Open on the item shown. */
static int open_list(struct app *app, struct view *view, long arg)
{
	struct list *l = view->private;
	size_t rows = list_rows();
	l->sel = app->cur;
	l->top = app->cur > rows / 2 ? app->cur - rows / 2 : 0;   /* the item shown mid-screen */
	read_rows(app, l, 1);
	return 0;
}

static void close_list(struct app *app, struct view *view)
{
	release_rows(view->private);
}

/* ---- drawing --------------------------------------------------------------- */

/* The columns' widths; gap columns between them. */
struct cols {
	int narrow, gap;
	int num, state, conv, turn, ans, quest;
};

/* Whether item pos is finished: as its row was read, or as the queue has
 * it in memory. */
static int row_finished(const struct app *app, size_t pos, const struct item_row *r)
{
	return store_queue_has(&app->queue, pos) ? store_queue_finished(&app->queue, pos) : r && r->finished;
}

static const char *state_name(const struct app *app, size_t pos, const struct item_row *r, int narrow)
{
	if (row_finished(app, pos, r))
		return narrow ? "\xe2\x9c\x93 done" : "\xe2\x9c\x93 finished";
	if (r && !r->labelled)
		return narrow ? "new" : "not started";
	return narrow ? "begun" : "unfinished";
}

static enum style state_style(const struct app *app, size_t pos, const struct item_row *r)
{
	if (row_finished(app, pos, r))
		return S_YES;
	return r && !r->labelled ? S_DIM : S_MISSING;
}

/* The answer column: its place among the turn's answers (blind), or its
 * system's name (--show-systems). */
static void answer_cell(const struct app *app, const struct item_row *r, int narrow, char *buf, size_t size)
{
	if (app->opt->show_systems)
		snprintf(buf, size, "%s", r->system);
	else
		snprintf(buf, size, narrow ? "%d/%d" : "%d of %d", r->answer_index, r->n_answers);
}

#define CONV_MAX 24
#define CONV_MIN 4    /* a narrow window's: "conv" */
#define CONV_WIDE 12  /* a wide one's: "conversation" */
#define SYSTEM_MAX 16
#define QUEST_MIN 12

static void layout(const struct app *app, const struct list *l, struct cols *c)
{
	char buf[64];
	memset(c, 0, sizeof(*c));
	c->narrow = COLS < 60;
	c->gap = c->narrow ? 1 : 2;
	c->num = imax(1, snprintf(buf, sizeof(buf), "%zu", app->queue.n));
	c->state = c->narrow ? 6 : 11;
	c->turn = imax(4, l->turn_w);   /* "turn" */
	if (app->opt->show_systems)
		c->ans = imax(6, l->system_w < SYSTEM_MAX ? l->system_w : SYSTEM_MAX);   /* "system" */
	else
		c->ans = c->narrow ? imax(3, l->answer_w - 3) : imax(6, l->answer_w);     /* "ans": "2/3" */
	int fixed = 2 + c->num + 1 + c->state + c->gap + c->turn + c->gap + c->ans + c->gap;
	int room = COLS - 1 - fixed - c->gap;   /* the conversation's and the question's */
	/* the conversation takes what its ids need up to a third of the room,
	 * the question the rest (and a system's name gives way to it) */
	c->conv = imax(c->narrow ? CONV_MIN : CONV_WIDE, l->conv_w < CONV_MAX ? l->conv_w : CONV_MAX);
	if (c->conv > imax(CONV_MIN, room / 3))
		c->conv = imax(CONV_MIN, room / 3);
	c->quest = room - c->conv;
	while (c->quest < QUEST_MIN && app->opt->show_systems && c->ans > 6)
		c->ans--, c->quest++;
	if (c->quest < 0)
		c->quest = 0;
}

/* Draw cell s at x in w columns (cut with …); returns the x after it and
 * its gap. */
static int cell(int y, int x, int w, const struct cols *c, const char *s, attr_t a)
{
	draw_fit(y, x, w, s, a);
	return x + w + c->gap;
}

static void draw_titles(int y, const struct cols *c, const struct app *app)
{
	attr_t a = style(S_DIM);
	char num[16];
	snprintf(num, sizeof(num), "%*s", c->num, "#");
	int x = 2 + draw_str(y, 2, c->num, num, a) + 1;
	x = cell(y, x, c->state, c, "state", a);
	x = cell(y, x, c->conv, c, c->conv < CONV_WIDE ? "conv" : "conversation", a);
	x = cell(y, x, c->turn, c, "turn", a);
	x = cell(y, x, c->ans, c, app->opt->show_systems ? "system" : c->narrow ? "ans" : "answer", a);
	draw_fit(y, x, c->quest, "question", a);
}

static void draw_row(const struct app *app, const struct list *l, int y, size_t pos, const struct cols *c)
{
	const struct item_row *r = row_at(l, pos);
	int sel = pos == l->sel;
	attr_t base = sel ? style(S_FOCUS) : A_NORMAL;
	char buf[64];
	if (sel)
		draw_fill(y, 0, COLS, base);
	draw_str(y, 0, 1, sel ? "\xe2\x96\xb8" : " ", base);                     /* ▸ */
	draw_str(y, 1, 1, pos == app->cur ? "\xe2\x80\xa2" : " ", base | A_BOLD);  /* • */
	snprintf(buf, sizeof(buf), "%*zu", c->num, pos + 1);
	int x = 2 + draw_str(y, 2, c->num, buf, base) + 1;
	x = cell(y, x, c->state, c, state_name(app, pos, r, c->narrow), sel ? base : style(state_style(app, pos, r)));
	if (!r) {
		draw_str(y, x, COLS - x, "\xe2\x80\xa6", base);   /* not read (yet) */
		return;
	}
	x = cell(y, x, c->conv, c, r->conversation, base);
	snprintf(buf, sizeof(buf), "%d/%d", r->position, r->n_turns);
	x = cell(y, x, c->turn, c, buf, base);
	answer_cell(app, r, c->narrow, buf, sizeof(buf));
	x = cell(y, x, c->ans, c, buf, base);
	draw_fit(y, x, c->quest, r->question, base);
}

static void draw_list(const struct app *app, const struct view *view)
{
	const struct list *l = view->private;
	const struct store_queue *q = &app->queue;
	size_t rows = list_rows(), top = shown_top(app, l);
	struct cols c;
	char rule[96], where[64], k[5][32], hint[96];
	layout(app, l, &c);
	draw_header(app);
	if (c.narrow)
		snprintf(rule, sizeof(rule), "%zu/%zu finished \xc2\xb7 \xe2\x80\xa2 shown", q->n_finished, q->n);
	else
		snprintf(rule, sizeof(rule), "%zu finished \xc2\xb7 %zu to do \xc2\xb7 \xe2\x80\xa2 the item shown",
			 q->n_finished, q->n - q->n_finished);
	draw_rule(1, "Items", rule);
	draw_titles(2, &c, app);
	for (size_t i = 0; i < rows && top + i < q->n; i++)
		draw_row(app, l, 3 + (int)i, top + i, &c);
	snprintf(where, sizeof(where), "items %zu-%zu of %zu", top + 1, top + rows < q->n ? top + rows : q->n, q->n);
	char move[80], unfinished[48], jump[48], go[48], back[48];
	snprintf(move, sizeof(move), "%s/%s move", action_key(ACT_DOWN, k[0]), action_key(ACT_UP, k[1]));
	snprintf(unfinished, sizeof(unfinished), "%s unfinished", action_key(ACT_NEXT_UNFINISHED, k[2]));
	snprintf(jump, sizeof(jump), "%s number", action_key(ACT_JUMP, k[3]));
	snprintf(go, sizeof(go), "%s goes", action_key(ACT_OPEN, k[4]));
	snprintf(back, sizeof(back), "%s back", action_key(ACT_QUIT, k[0]));
	const char *hints[] = { move, unfinished, jump, go, back };
	draw_footer(LINES - 2, where, hints, ARRAY_SIZE(hints));
	draw_status(app, status_hint(app, 0, hint));
}

/* ---- keys ---------------------------------------------------------------- */

static struct request handle_list(const struct app *app, const struct view *view, const struct input *in)
{
	const struct list *l = view->private;
	struct request r = request_default(app, view, in);
	enum action a = in->binding ? in->binding->action : ACT_NONE;
	switch (a) {
	case ACT_DOWN: case ACT_UP: case ACT_PAGE_DOWN: case ACT_PAGE_UP: case ACT_TOP: case ACT_BOTTOM:
		r.kind = REQ_FOCUS;   /* act_list() moves the selection */
		r.arg = scroll_delta(a);
		return r;
	case ACT_NEXT_UNFINISHED:
		return r;   /* act_list(): the selection to the next unfinished item */
	case ACT_OPEN:
		r.kind = REQ_GOTO;
		r.arg = (long)l->sel;
		return r;
	case ACT_LIST: case ACT_BACK: case ACT_QUIT:
		r.kind = REQ_POP;   /* q closes the list as it closes a pager */
		return r;
	case ACT_HELP: case ACT_GUIDELINES: case ACT_JUMP: case ACT_AUTO_ADVANCE:
		return r;
	default:
		/* label keys and moving between items: on the item screen */
		r.kind = REQ_UNKNOWN_KEY;
		return r;
	}
}

/* Move the selection by delta rows (±SCROLL_PAGE: a page, the rows shown
 * less one, and the rows shown with it, as in a pager; ±SCROLL_END: to the
 * first or the last item). */
static void move_sel(const struct app *app, struct list *l, long delta)
{
	long rows = (long)list_rows(), n = (long)app->queue.n, page = rows > 1 ? rows - 1 : 1;
	long s = (long)l->sel, top = (long)shown_top(app, l);
	if (delta == SCROLL_END || delta == -SCROLL_END) {
		s = delta > 0 ? n - 1 : 0;
	} else if (delta == SCROLL_PAGE || delta == -SCROLL_PAGE) {
		s += delta > 0 ? page : -page;
		top += delta > 0 ? page : -page;
	} else {
		s += delta;
	}
	l->sel = (size_t)(s >= n ? n - 1 : s < 0 ? 0 : s);
	l->top = (size_t)(top < 0 ? 0 : top);   /* shown_top() keeps it in the list */
}

/* The selection on the next unfinished item after it (from the top after
 * the last); sets a message when there is none. */
static void select_unfinished(struct app *app, struct list *l)
{
	size_t p;
	if (app_find_unfinished(app, l->sel + 1, &p) != 0)
		return;
	if (p < app->queue.n)
		l->sel = p;
	else
		app_message(app, MSG_INFO, "every item is finished");
}

static struct request act_list(struct app *app, struct view *view, const struct request *r)
{
	struct list *l = view->private;
	switch (r->kind) {
	case REQ_FOCUS:
		move_sel(app, l, r->arg);
		break;
	case REQ_NEXT_UNFINISHED:
		select_unfinished(app, l);
		break;
	case REQ_RESIZED: case REQ_UNCOVERED:
		read_rows(app, l, 0);
		return (struct request){ .kind = REQ_NONE };
	default:
		return *r;
	}
	read_rows(app, l, 1);
	return (struct request){ .kind = REQ_NONE };
}

const struct view_ops view_list = {
	.name = "list",
	.private_size = sizeof(struct list), .open = open_list, .close = close_list,
	.draw = draw_list, .handle = handle_list, .act = act_list,
};
