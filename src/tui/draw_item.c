/* draw_item.c - the item screen: header, history, question, answer, ranked
 * passages, label bar, status line. The item views of the tasks draw it
 * from their struct item_screen (which fields, whether passages are
 * judged). */
#include <stdio.h>
#include <string.h>

#include "convqa/text.h"
#include "tui_internal.h"

/* Rows given to each section; computed from the state and the screen size. */
struct layout {
	const struct item_screen *scr;   /* what the task judges */
	int top, bottom;              /* content rows [top, bottom) */
	int hist, quest, ans, pass;   /* body rows of each section */
	int has_hist;
	size_t hist_lines, quest_lines, ans_lines, rewrite_lines;
	int preview;                  /* text lines shown under each passage header */
	int width;                    /* text width */
};

static int imin(int a, int b)
{
	return a < b ? a : b;
}

static int imax(int a, int b)
{
	return a > b ? a : b;
}

static void compute_layout(const struct app *app, const struct item_screen *scr, struct layout *l)
{
	const struct store_item *it = &app->item;
	memset(l, 0, sizeof(*l));
	l->scr = scr;
	l->top = 2;
	l->bottom = LINES - 3;
	l->width = COLS - 2;
	l->has_hist = it->n_history > 0;
	int rules = 3 + l->has_hist;
	int body = l->bottom - l->top - rules;
	if (body < 3)
		body = 3;
	l->quest_lines = wrapped_lines(it->question, l->width);
	if (app->show_rewrite && it->rewrite)
		l->rewrite_lines = wrapped_lines(it->rewrite, l->width - 9);
	l->ans_lines = wrapped_lines(it->answer, l->width);
	if (l->ans_lines == 0)
		l->ans_lines = 1;
	l->hist_lines = app->show_history ? 2 * it->n_history : 0;

	int q_all = (int)(l->quest_lines + l->rewrite_lines);
	int n = (int)it->n_passages;
	l->quest = imin(q_all, imax(1, body / 4));
	l->ans = imin((int)l->ans_lines, imax(1, body / 3));
	l->hist = imin((int)l->hist_lines, imax(0, body / 4));
	int want_pass = n ? imin(n, 3) : 1;
	l->pass = body - l->quest - l->ans - l->hist;
	while (l->pass < want_pass && l->hist > 0)
		l->hist--, l->pass++;
	while (l->pass < want_pass && l->ans > 1)
		l->ans--, l->pass++;
	while (l->pass < want_pass && l->quest > 1)
		l->quest--, l->pass++;
	/* space the passages do not need goes back to the texts */
	int need = n ? n * 4 : 1;
	int spare = l->pass - need;
	while (spare > 0) {
		int moved = 0;
		if (l->ans < (int)l->ans_lines) l->ans++, spare--, moved = 1;
		if (spare > 0 && l->quest < q_all) l->quest++, spare--, moved = 1;
		if (spare > 0 && l->hist < (int)l->hist_lines) l->hist++, spare--, moved = 1;
		if (!moved)
			break;
	}
	if (l->hist == 1)
		l->hist = 0;   /* a row for "… N earlier turns" alone goes to the passages */
	l->pass = body - l->quest - l->ans - l->hist;
	l->preview = n ? imin(3, imax(0, l->pass / n - 1)) : 0;
}

/* Draw up to rows lines of wrapped text; when it does not fit, the last row
 * says how much more there is. */
static void draw_block(int y, int rows, int width, const char *text, size_t total, attr_t a)
{
	if (rows <= 0)
		return;
	if (total <= (size_t)rows) {
		draw_wrapped(y, 1, width, rows, 0, text, a);
		return;
	}
	if (rows == 1) {   /* the first line, cut, and an ellipsis */
		draw_wrapped(y, 1, width - 1, 1, 0, text, a);
		draw_str(y, width, 1, "\xe2\x80\xa6", style(S_DIM));
		return;
	}
	draw_wrapped(y, 1, width, rows - 1, 0, text, a);
	draw_fmt(y + rows - 1, 1, width, style(S_DIM), "\xe2\x80\xa6 %zu more lines \xc2\xb7 t shows all",
		 total - (size_t)(rows - 1));
}

static void keys_of(enum action a, enum model_task t, struct strbuf *sb)
{
	char buf[32];
	strbuf_adds(sb, action_key(a, t, buf));
}

/* "c correct · x incorrect" for the label actions of field in task. */
static void value_hints(enum model_task t, const char *field, struct strbuf *sb)
{
	for (int a = 1; a < ACT__COUNT; a++) {
		if (!actions[a].field || strcmp(actions[a].field, field) != 0 || !(actions[a].tasks & (1u << t)))
			continue;
		if (sb->len)
			strbuf_adds(sb, " \xc2\xb7 ");
		keys_of((enum action)a, t, sb);
		const char *name = actions[a].name;
		const char *dash = strchr(name, '-');
		strbuf_addf(sb, " %s", dash && strncmp(name, "intent", 6) == 0 ? dash + 1 :
				       strncmp(name, "answer-", 7) == 0 ? name + 7 : name);
	}
}

static void draw_history(const struct app *app, const struct layout *l, int *y)
{
	const struct store_item *it = &app->item;
	char title[64];
	struct strbuf hint = STRBUF_INIT;
	snprintf(title, sizeof(title), "History \xc2\xb7 %zu earlier turn%s", it->n_history,
		 it->n_history == 1 ? "" : "s");
	if (app->show_history && l->hist < 2) {
		strbuf_adds(&hint, "no room");   /* not one turn fits */
	} else {
		keys_of(ACT_HISTORY, app->opt->task, &hint);
		strbuf_adds(&hint, app->show_history ? " hides" : " shows");
	}
	draw_rule((*y)++, title, strbuf_str(&hint));
	strbuf_release(&hint);
	/* the most recent turns that fit, two rows each: question, answer */
	size_t shown = (size_t)l->hist / 2;
	if (shown > it->n_history)
		shown = it->n_history;
	size_t first = it->n_history - shown;
	if (l->hist % 2) {
		if (first)
			draw_fmt(*y, 1, COLS - 2, style(S_DIM), "\xe2\x80\xa6 %zu earlier turn%s", first,
				 first == 1 ? "" : "s");
		(*y)++;
	}
	for (size_t i = first; i < it->n_history; i++) {
		const struct store_item_turn *h = &it->history[i];
		int x = 1 + draw_fmt(*y, 1, COLS - 2, style(S_BOLD), "Q%d ", h->position);
		draw_fit(*y, x, COLS - 1 - x, h->question, A_NORMAL);
		(*y)++;
		x = 1 + draw_str(*y, 1, COLS - 2, "   A: ", style(S_DIM));
		const char *a = !h->answer ? "(no answer from this system)" : !*h->answer ? "(empty answer)" :
				 h->answer;
		draw_fit(*y, x, COLS - 1 - x, a, style(S_DIM));
		(*y)++;
	}
}

/* "e/a/b intent: extractive/abstractive/boolean" (" intent" when narrow)
 * for the label actions of field in task. */
static void field_hint(enum model_task t, const char *field, struct strbuf *sb)
{
	struct strbuf values = STRBUF_INIT;
	for (int a = 1; a < ACT__COUNT; a++) {
		if (!actions[a].field || strcmp(actions[a].field, field) != 0 || !(actions[a].tasks & (1u << t)))
			continue;
		if (values.len)
			strbuf_adds(sb, "/");
		strbuf_addf(&values, "%s%s", values.len ? "/" : "", actions[a].value);
		keys_of((enum action)a, t, sb);
	}
	strbuf_addf(sb, " %s", field);
	if (COLS >= 80)
		strbuf_addf(sb, ": %s", strbuf_str(&values));
	strbuf_release(&values);
}

static void draw_question(const struct app *app, const struct layout *l, int *y)
{
	const struct store_item *it = &app->item;
	enum model_task t = app->opt->task;
	char title[64];
	struct strbuf hint = STRBUF_INIT;
	snprintf(title, sizeof(title), "Question %d/%d", it->position, it->n_turns);
	if (l->scr->question_field)
		field_hint(t, l->scr->question_field, &hint);
	if (it->rewrite) {
		if (hint.len)
			strbuf_adds(&hint, " \xc2\xb7 ");
		keys_of(ACT_REWRITE, t, &hint);
		strbuf_adds(&hint, app->show_rewrite ? " hides rewrite" : " rewrite");
	}
	draw_rule((*y)++, title, strbuf_str(&hint));
	strbuf_release(&hint);
	int rows = l->quest;
	int q_rows = imin(rows, (int)l->quest_lines);
	if (l->rewrite_lines && q_rows == rows && rows > 1)
		q_rows = rows - 1;   /* keep one row for the rewrite */
	draw_block(*y, q_rows, l->width, it->question, l->quest_lines, style(S_BOLD));
	*y += q_rows;
	int rw_rows = rows - q_rows;
	if (rw_rows > 0 && l->rewrite_lines) {
		draw_str(*y, 1, 9, "rewrite: ", style(S_DIM));
		if (l->rewrite_lines <= (size_t)rw_rows)
			draw_wrapped(*y, 10, l->width - 9, rw_rows, 0, it->rewrite, A_NORMAL);
		else
			draw_block(*y, rw_rows, l->width - 9, it->rewrite, l->rewrite_lines, A_NORMAL);
		*y += rw_rows;
	}
}

static void draw_answer(const struct app *app, const struct layout *l, int *y)
{
	struct strbuf hint = STRBUF_INIT, title = STRBUF_INIT;
	value_hints(app->opt->task, l->scr->answer_field, &hint);
	/* the title gives way to the key hints: "── title · hint ─" */
	answer_title(app, COLS - 7 - (int)text_width(hint.buf, hint.len), &title);
	draw_rule((*y)++, strbuf_str(&title), strbuf_str(&hint));
	strbuf_release(&title);
	strbuf_release(&hint);
	if (!*app->item.answer)
		draw_str(*y, 1, l->width, "(empty answer)", style(S_DIM));
	else
		draw_block(*y, l->ans, l->width, app->item.answer, l->ans_lines, A_NORMAL);
	*y += l->ans;
}

static void draw_passage_header(const struct app *app, const struct layout *l, int y, size_t i)
{
	const struct store_item_passage *p = &app->item.passages[i];
	int focused = (int)i == app->focus;
	attr_t base = focused ? style(S_FOCUS) : A_NORMAL;
	if (focused)
		draw_fill(y, 0, COLS, base);
	int x = 0;
	x += draw_str(y, x, 2, focused ? "\xe2\x96\xb8" : " ", base | A_BOLD);
	x = 1;
	x += draw_fmt(y, x, COLS - x, base | A_BOLD, "%2ld ", p->rank);
	if (l->scr->relevance) {
		enum style st;
		const char *mark = relevance_mark(app, p->rank, &st);
		x += draw_str(y, x, COLS - x, mark, focused ? base | A_BOLD : style(st));
		x += draw_str(y, x, COLS - x, " ", base);
	}
	char score[32] = "";
	if (p->has_score)
		snprintf(score, sizeof(score), " %.4g", p->score);
	int sw = (int)strlen(score);
	int room = COLS - 1 - x - sw;
	int w = draw_fit(y, x, room, p->ext_id, base | A_BOLD);
	if (p->title && *p->title && w + 3 < room) {
		w += draw_str(y, x + w, room - w, " \xc2\xb7 ", base);
		w += draw_fit(y, x + w, room - w, p->title, base);
	}
	if (sw)
		draw_str(y, COLS - 1 - sw, sw, score, focused ? base : style(S_DIM));
}

/* The first passage shown: the list scrolls so that the focus is visible. */
static size_t first_shown(const struct app *app, int fit)
{
	return app->focus >= fit ? (size_t)(app->focus - fit + 1) : 0;
}

static void draw_passages(const struct app *app, const struct layout *l, int *y)
{
	const struct store_item *it = &app->item;
	enum model_task t = app->opt->task;
	char title[64];
	struct strbuf hint = STRBUF_INIT;
	int rows = l->pass;
	int per = 1 + l->preview;
	int n = (int)it->n_passages;
	int fit = imin(n, imax(1, rows / per));
	int extra = rows - fit * per;   /* rows left over go to the focused passage */
	size_t first = first_shown(app, fit);
	if (fit < n)
		snprintf(title, sizeof(title), "Passages %zu-%zu of %d", first + 1, first + (size_t)fit, n);
	else
		snprintf(title, sizeof(title), "Passages (%d)", n);
	if (l->scr->relevance && n) {
		long last = it->passages[n - 1].rank;
		if (last >= 10)
			strbuf_adds(&hint, "1-9,0");
		else if (last > 1)
			strbuf_addf(&hint, "1-%ld", last);
		else
			strbuf_adds(&hint, "1");
		strbuf_adds(&hint, " relevant? \xc2\xb7 ");
	}
	keys_of(ACT_DOWN, t, &hint);
	strbuf_adds(&hint, "/");
	keys_of(ACT_UP, t, &hint);
	strbuf_adds(&hint, " focus \xc2\xb7 ");
	keys_of(ACT_OPEN, t, &hint);
	strbuf_adds(&hint, " opens");
	draw_rule((*y)++, title, strbuf_str(&hint));
	strbuf_release(&hint);
	if (!n) {
		draw_str(*y, 1, COLS - 2, "(no retrieved passages)", style(S_DIM));
		return;
	}
	/* preview rows: l->preview each, then the rows left over to the
	 * focused passage and the ones after it, as far as their text goes */
	int pv[10] = { 0 };
	int shown = imin(fit, 10);
	for (int k = 0; k < shown; k++) {
		size_t lines = wrapped_lines(it->passages[first + (size_t)k].text, COLS - 7);
		pv[k] = imin(l->preview, (int)lines);
		extra += l->preview - pv[k];
	}
	for (int pass = 0; pass < 2 && extra > 0; pass++)
		for (int k = 0; k < shown && extra > 0; k++) {
			size_t i = first + (size_t)k;
			if (pass == 0 && (int)i != app->focus)
				continue;
			int more = imin(extra, (int)wrapped_lines(it->passages[i].text, COLS - 7) - pv[k]);
			if (more > 0) {
				pv[k] += more;
				extra -= more;
			}
		}
	int end = *y + rows;
	for (size_t i = first; i < it->n_passages && *y < end; i++) {
		draw_passage_header(app, l, (*y)++, i);
		int k = (int)(i - first);
		int n_pv = imin(k < 10 ? pv[k] : l->preview, end - *y);
		if (n_pv > 0) {
			draw_wrapped_cut(*y, 6, COLS - 7, n_pv, it->passages[i].text, A_NORMAL);
			*y += n_pv;
		}
	}
}

static void draw_item_line(const struct app *app)
{
	const struct store_item *it = &app->item;
	int fin = app->queue.finished[app->cur];
	const char *state = fin ? "\xe2\x9c\x93 finished" : "unfinished";
	char turn[64];
	snprintf(turn, sizeof(turn), " \xc2\xb7 turn %d/%d", it->position, it->n_turns);
	int sw = COLS >= 60 ? (int)text_width(state, strlen(state)) + 2 : 0;
	int tw = (int)strlen(turn) - 1;  /* the middle dot is 2 bytes, 1 column */
	int x = 1;
	if (COLS >= 60)
		x += draw_str(1, x, COLS - x, "conversation ", style(S_DIM));
	x += draw_fit(1, x, imax(4, COLS - x - tw - sw - 1), it->conversation, style(S_BOLD));
	x += draw_str(1, x, COLS - x, turn, A_NORMAL);
	if (sw)
		draw_str(1, COLS - sw + 1, sw, state, fin ? style(S_YES) : style(S_MISSING));
}

void draw_item_screen(const struct app *app, const struct view *view)
{
	struct layout l;
	compute_layout(app, view->ops->data, &l);
	draw_header(app);
	draw_item_line(app);
	int y = l.top;
	if (l.has_hist)
		draw_history(app, &l, &y);
	draw_question(app, &l, &y);
	draw_answer(app, &l, &y);
	draw_passages(app, &l, &y);
	draw_label_bar(app, LINES - 3);
	struct strbuf hint = STRBUF_INIT;
	keys_of(ACT_HELP, app->opt->task, &hint);
	strbuf_adds(&hint, " help \xc2\xb7 ");
	keys_of(ACT_QUIT, app->opt->task, &hint);
	strbuf_adds(&hint, " quit ");
	draw_status(app, strbuf_str(&hint));
	strbuf_release(&hint);
}
