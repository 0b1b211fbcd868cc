/* view_item.c - the item screen of every scheme: header, history,
 * question, answer, ranked passages, the evidence paragraph (those the
 * scheme shows), label bar, status line. Each field's keys are hinted on the rule of what it judges:
 * a turn's on the question, a response's on the answer, a passage's on the
 * passages. */
#include <stdio.h>
#include <string.h>

#include "convqa/text.h"
#include "tui_internal.h"

/* Rows given to each section; computed from the state and the screen size. */
#define PASSAGE_FIELDS 4   /* marks shown in a passage's header, at most */

struct layout {
	const struct scheme_field *pf[PASSAGE_FIELDS];   /* the passage fields with marks */
	size_t n_pf;
	int top, bottom;              /* content rows [top, bottom) */
	int hist, quest, ans, pass;   /* body rows of each section */
	int evid;                     /* body rows of the evidence pane */
	int has_hist, has_ans, has_pass, has_evid;
	size_t hist_lines, quest_lines, ans_lines, rewrite_lines, evid_lines;
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

/* The passage fields the item screen marks in each passage's header: those
 * the bar shows. */
static void passage_fields(const struct app *app, struct layout *l)
{
	const struct scheme *sc = app->scheme;
	for (size_t i = 0; i < sc->n_fields && l->n_pf < PASSAGE_FIELDS; i++) {
		const struct scheme_field *f = &sc->fields[i];
		if (f->unit == UNIT_PASSAGE && (f->required || field_has_keys(f)))
			l->pf[l->n_pf++] = f;
	}
}

/* Rows for the passages and the evidence (l->pass: both, shared out
 * after), and what they do not need back to the texts. */
static void share_rows(struct layout *l, int body, int n)
{
	int q_all = (int)(l->quest_lines + l->rewrite_lines);
	int want_pass = !l->has_pass ? 0 : n ? imin(n, 3) : 1;
	if (l->has_evid)
		want_pass += imin((int)l->evid_lines, 3);
	l->pass = body - l->quest - l->ans - l->hist;
	while (l->pass < want_pass && l->hist > 0)
		l->hist--, l->pass++;
	while (l->pass < want_pass && l->ans > 1)
		l->ans--, l->pass++;
	while (l->pass < want_pass && l->quest > 1)
		l->quest--, l->pass++;
	/* space the passages do not need goes back to the texts */
	int need = (!l->has_pass ? 0 : n ? n * 4 : 1) + (l->has_evid ? (int)l->evid_lines : 0);
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
}

static void compute_layout(const struct app *app, struct layout *l)
{
	const struct turn_view *tv = app_turn(app);
	const struct store_item *it = &app->item;
	unsigned shows = app->scheme->shows;
	memset(l, 0, sizeof(*l));
	passage_fields(app, l);
	l->top = 2;
	l->bottom = LINES - 3;
	l->width = COLS - 2;
	/* a turn after the first has a history, even with none of its earlier
	 * turns in the project (the rule says so) */
	l->has_hist = (shows & SHOW_HISTORY) && (it->n_history > 0 || it->position > 1);
	l->has_ans = (shows & SHOW_ANSWER) != 0;
	l->has_pass = (shows & SHOW_PASSAGES) != 0;
	l->has_evid = (shows & SHOW_EVIDENCE) != 0;
	int rules = 1 + l->has_hist + l->has_ans + l->has_pass + l->has_evid;
	int body = l->bottom - l->top - rules;
	if (body < 3)
		body = 3;
	l->quest_lines = wrapped_lines(it->question, l->width);
	if (tv->show_rewrite && it->rewrite)
		l->rewrite_lines = wrapped_lines(it->rewrite, l->width - 9);
	if (l->has_ans)
		l->ans_lines = app->answer_empty ? 1 : imax(1, (int)wrapped_lines(it->answer, l->width));
	l->hist_lines = l->has_hist && tv->show_history ? 2 * it->n_history : 0;
	if (l->has_evid)
		l->evid_lines = tv->evidence ? imax(1, (int)wrapped_lines(tv->evidence, l->width)) : 1;

	int q_all = (int)(l->quest_lines + l->rewrite_lines);
	int n = l->has_pass ? (int)it->n_passages : 0;
	l->quest = imin(q_all, imax(1, body / 4));
	l->ans = imin((int)l->ans_lines, imax(1, body / 3));
	l->hist = imin((int)l->hist_lines, imax(0, body / 4));
	share_rows(l, body, n);
	if (l->has_evid) {   /* the evidence first, the passages (shown too) keep half */
		l->evid = l->has_pass ? imin((int)l->evid_lines, imax(1, l->pass / 2)) : l->pass;
		l->pass -= l->evid;
	}
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

/* ---- the fields' hints on the rules ------------------------------------ */

/* The rule a field's keys are hinted on: what it judges (the question
 * when the answer is not shown). */
enum rule { RULE_QUESTION, RULE_ANSWER, RULE_PASSAGES };

static enum rule field_rule(const struct scheme *sc, const struct scheme_field *f)
{
	if (f->unit == UNIT_PASSAGE)
		return RULE_PASSAGES;
	return f->unit == UNIT_TURN || !(sc->shows & SHOW_ANSWER) ? RULE_QUESTION : RULE_ANSWER;
}

/* How a field's category keys are hinted, fullest first:
 *   FORM_PAIRS  "c correct · x incorrect"
 *   FORM_NAMED  "e/a/b intent: extractive/abstractive/boolean"
 *   FORM_ENDS   "1-4 completeness: No … Yes" (ordinal scales)
 *   FORM_KEYS   "e/a/b intent"
 *   FORM_BARE   "e/a/b" (of several fields: the label bar names them in
 *               the same order) */
enum form { FORM_PAIRS, FORM_NAMED, FORM_ENDS, FORM_KEYS, FORM_BARE };

#define RULE_FIELDS 16

/* The next shorter form of f after form. */
static enum form shorter(const struct scheme_field *f, enum form form)
{
	int scale = f->type == TYPE_ORDINAL && f->n_categories > 2;
	if (form >= FORM_KEYS)
		return FORM_BARE;
	return form < FORM_ENDS && scale ? FORM_ENDS : FORM_KEYS;
}

/* The category keys of an ordinal scale in a row ("1-4"), else joined by
 * '/' ("e/a/b"). */
static void hint_keys(const struct scheme_field *f, struct strbuf *out)
{
	size_t n = f->n_categories;
	int run = f->type == TYPE_ORDINAL && n > 2;
	for (size_t i = 0; run && i < n; i++) {
		const char *k = f->categories[i].key, *prev = i ? f->categories[i - 1].key : NULL;
		run = k && strlen(k) == 1 && (!prev || k[0] == prev[0] + 1);
	}
	if (run) {
		strbuf_addf(out, "%s-%s", f->categories[0].key, f->categories[n - 1].key);
		return;
	}
	for (size_t i = 0, k = 0; i < n; i++) {
		const struct scheme_category *c = &f->categories[category_shown(f, i)];
		if (c->key)
			strbuf_addf(out, "%s%s", k++ ? "/" : "", c->key);
	}
}

static void field_hint(const struct scheme_field *f, enum form form, struct strbuf *out)
{
	size_t n = f->n_categories;
	if (form == FORM_PAIRS) {
		for (size_t i = 0, k = 0; i < n; i++) {
			const struct scheme_category *c = &f->categories[category_shown(f, i)];
			if (c->key)
				strbuf_addf(out, "%s%s %s", k++ ? " \xc2\xb7 " : "", c->key, c->label);
		}
		return;
	}
	hint_keys(f, out);
	if (form == FORM_BARE)
		return;
	strbuf_addf(out, " %s", f->name);
	if (form == FORM_ENDS)
		strbuf_addf(out, ": %s \xe2\x80\xa6 %s", f->categories[0].label, f->categories[n - 1].label);
	for (size_t i = 0, k = 0; form == FORM_NAMED && i < n; i++) {
		const struct scheme_category *c = &f->categories[category_shown(f, i)];
		if (c->key)
			strbuf_addf(out, "%s%s", k++ ? "/" : ": ", c->label);
	}
}

static int has_category_keys(const struct scheme_field *f)
{
	for (size_t i = 0; i < f->n_categories; i++)
		if (f->categories[i].key)
			return 1;
	return 0;
}

/* The fields hinted on rule: those with category keys, asked of the item;
 * of the focused fields (which share keys), the one in focus. */
static size_t rule_fields(const struct app *app, enum rule rule, const struct scheme_field **out)
{
	const struct scheme *sc = app->scheme;
	size_t n = 0;
	for (size_t i = 0; i < sc->n_fields && n < RULE_FIELDS; i++) {
		const struct scheme_field *f = &sc->fields[i];
		if (has_category_keys(f) && field_rule(sc, f) == rule && app_field_asked(app, f) &&
		    (f == app->field_focus || !scheme_field_focused(sc, f)))
			out[n++] = f;
	}
	return n;
}

/* Where tab goes from the field in focus when it is hinted on rule ("tab
 * next field", from the last one "tab next unfinished"), into out. */
static void focus_hint(const struct app *app, enum rule rule, struct strbuf *out)
{
	char k[32];
	if (!app->field_focus || field_rule(app->scheme, app->field_focus) != rule)
		return;
	strbuf_addf(out, "%s next %s", action_key(ACT_NEXT_UNFINISHED, k),
		    app_field_focus_step(app, 1) ? "field" : "unfinished");
}

/* The field whose hint is shortened next: the last one that still has
 * its name, else (of several fields) the last one that still has a form
 * to give; n when none. */
static size_t next_shorter(const enum form *form, size_t n)
{
	for (size_t i = n; i > 0; i--)
		if (form[i - 1] < FORM_KEYS)
			return i - 1;
	for (size_t i = n; n > 1 && i > 0; i--)
		if (form[i - 1] < FORM_BARE)
			return i - 1;
	return n;
}

/* The hint of the fields on rule, then extra (NULL: none): the fullest
 * that fits in room columns - each field in its fullest form (one field
 * on the answer rule: in pairs), then shorter forms from the last field
 * back, the fields' names last; the shortest when none fits. */
static void rule_hint(const struct app *app, enum rule rule, int room, const char *extra, struct strbuf *out)
{
	const struct scheme_field *f[RULE_FIELDS];
	enum form form[RULE_FIELDS];
	struct strbuf focus = STRBUF_INIT;
	size_t n = rule_fields(app, rule, f), start = out->len;
	focus_hint(app, rule, &focus);
	for (size_t i = 0; i < n; i++) {
		if (f[i] == app->field_focus)   /* keeps its name (its keys are shared); a scale by its ends */
			form[i] = shorter(f[i], FORM_NAMED) == FORM_ENDS ? FORM_ENDS : FORM_NAMED;
		else
			form[i] = n == 1 && rule == RULE_ANSWER ? FORM_PAIRS : FORM_NAMED;
	}
	for (;;) {
		strbuf_setlen(out, start);
		for (size_t i = 0; i < n; i++) {
			if (i)
				strbuf_adds(out, " \xc2\xb7 ");
			field_hint(f[i], form[i], out);
		}
		if (focus.len)
			strbuf_addf(out, " \xc2\xb7 %s", focus.buf);
		if (extra && *extra)
			strbuf_addf(out, "%s%s", out->len > start ? " \xc2\xb7 " : "", extra);
		size_t i = next_shorter(form, n);
		if (i == n || (int)text_width(out->buf + start, out->len - start) <= room)
			break;
		form[i] = shorter(f[i], form[i]);
	}
	strbuf_release(&focus);
}

static void draw_history(const struct app *app, const struct layout *l, int *y)
{
	const struct turn_view *tv = app_turn(app);
	const struct store_item *it = &app->item;
	char title[96];
	struct strbuf hint = STRBUF_INIT;
	draw_history_title(it, title, sizeof(title));
	if (!it->n_history) {
		/* none of the earlier turns in the project: nothing to show or hide */
	} else if (tv->show_history && l->hist < 2) {
		strbuf_adds(&hint, "no room");   /* not one turn fits */
	} else {
		char k[32];
		strbuf_addf(&hint, "%s %s", action_key(ACT_HISTORY, k), tv->show_history ? "hides" : "shows");
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

static void draw_question(const struct app *app, const struct layout *l, int *y)
{
	const struct turn_view *tv = app_turn(app);
	const struct store_item *it = &app->item;
	char title[64], k[32], rewrite[64] = "";
	struct strbuf hint = STRBUF_INIT;
	snprintf(title, sizeof(title), "Question %d/%d", it->position, it->n_turns);
	if (it->rewrite)
		snprintf(rewrite, sizeof(rewrite), "%s %s", action_key(ACT_REWRITE, k),
			 tv->show_rewrite ? "hides rewrite" : "rewrite");
	rule_hint(app, RULE_QUESTION, COLS - 6 - (int)text_width(title, strlen(title)), rewrite, &hint);
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

#define TITLE_MIN 10   /* columns the answer's title keeps beside its key hints */

/* The columns the answer's title keeps however long the key hints are:
 * "Answer 2/3", or its system's name cut to TITLE_MIN columns. */
static int answer_title_min(const struct app *app)
{
	struct strbuf t = STRBUF_INIT;
	answer_title(app, TITLE_MIN, &t);
	int w = (int)text_width(t.buf, t.len);
	strbuf_release(&t);
	return w;
}

static void draw_answer(const struct app *app, const struct layout *l, int *y)
{
	struct strbuf hint = STRBUF_INIT, title = STRBUF_INIT;
	int min = answer_title_min(app);
	rule_hint(app, RULE_ANSWER, COLS - 6 - min, NULL, &hint);
	/* the title gives way to the key hints: "── title · hint ─" */
	answer_title(app, imax(min, COLS - 7 - (int)text_width(hint.buf, hint.len)), &title);
	draw_rule((*y)++, strbuf_str(&title), strbuf_str(&hint));
	strbuf_release(&title);
	strbuf_release(&hint);
	if (app->answer_empty)
		draw_str(*y, 1, l->width, "(empty answer)", style(S_DIM));
	else
		draw_block(*y, l->ans, l->width, app->item.answer, l->ans_lines, A_NORMAL);
	*y += l->ans;
}

static void draw_passage_header(const struct app *app, const struct layout *l, int y, size_t i)
{
	const struct turn_view *tv = app_turn(app);
	const struct store_item_passage *p = &app->item.passages[i];
	int focused = (int)i == tv->focus;
	attr_t base = focused ? style(S_FOCUS) : A_NORMAL;
	if (focused)
		draw_fill(y, 0, COLS, base);
	int x = 0;
	x += draw_str(y, x, 2, focused ? "\xe2\x96\xb8" : " ", base | A_BOLD);
	x = 1;
	x += draw_fmt(y, x, COLS - x, base | A_BOLD, "%2ld ", p->rank);
	for (size_t k = 0; k < l->n_pf; k++) {
		enum style st;
		const char *mark = passage_mark(l->pf[k], app_label(app, l->pf[k]->name, p->rank), &st);
		x += draw_str(y, x, COLS - x, mark, focused ? base | A_BOLD : style(st));
	}
	if (l->n_pf)
		x += draw_str(y, x, COLS - x, " ", base);
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

/* "1-5 relevant? · j/k focus · enter opens": the passage fields' rank keys
 * (else their toggle key) while there are passages, then moving. */
static void passages_hint(const struct app *app, const struct layout *l, struct strbuf *hint)
{
	const struct store_item *it = &app->item;
	char k[3][32];
	for (size_t i = 0; it->n_passages && i < l->n_pf; i++) {
		const struct scheme_field *f = l->pf[i];
		if (!f->n_rank_keys && !f->toggle_key)
			continue;
		if (f->n_rank_keys)
			rank_keys_hint(f, it->passages[it->n_passages - 1].rank, hint);
		else
			strbuf_adds(hint, f->toggle_key);
		strbuf_addf(hint, " %s? \xc2\xb7 ", f->name);
	}
	strbuf_addf(hint, "%s/%s focus \xc2\xb7 %s opens", action_key(ACT_DOWN, k[0]), action_key(ACT_UP, k[1]),
		    action_key(ACT_OPEN, k[2]));
}

/* The first passage shown: the list scrolls so that the focus is visible. */
static size_t first_shown(const struct app *app, int fit)
{
	const struct turn_view *tv = app_turn(app);
	return tv->focus >= fit ? (size_t)(tv->focus - fit + 1) : 0;
}

static void draw_passages(const struct app *app, const struct layout *l, int *y)
{
	const struct turn_view *tv = app_turn(app);
	const struct store_item *it = &app->item;
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
	if (tv->show_spans)   /* "Passages (3) · spans in 2" */
		snprintf(title + strlen(title), sizeof(title) - strlen(title), " \xc2\xb7 spans in %zu",
			 tv->span_passages);
	passages_hint(app, l, &hint);
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
			if (pass == 0 && (int)i != tv->focus)
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
			draw_wrapped_cut_marked(*y, 6, COLS - 7, n_pv, it->passages[i].text, A_NORMAL,
						tv->span_mark ? tv->span_mark[i] : NULL, style(S_SPAN));
			*y += n_pv;
		}
	}
}

static void draw_evidence(const struct app *app, const struct layout *l, int *y)
{
	draw_evidence_pane(app, *y, l->evid, l->width, !(app->scheme->shows & SHOW_PASSAGES));
	*y += 1 + l->evid;
}

static void draw_item_line(const struct app *app)
{
	const struct store_item *it = &app->item;
	int fin = store_queue_finished(&app->queue, app->cur);
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

static void draw_item(const struct app *app, const struct view *view)
{
	struct layout l;
	char hint[96];
	compute_layout(app, &l);
	draw_header(app);
	draw_item_line(app);
	int y = l.top;
	if (l.has_hist)
		draw_history(app, &l, &y);
	draw_question(app, &l, &y);
	if (l.has_ans)
		draw_answer(app, &l, &y);
	if (l.has_evid)
		draw_evidence(app, &l, &y);
	if (l.has_pass)
		draw_passages(app, &l, &y);
	draw_label_bar(app, LINES - 3);
	draw_status(app, status_hint(app, 1, hint));
}

/* tab in a task whose fields share keys: the focus to the next field;
 * from the last one, the next unfinished item, as elsewhere. */
static struct request handle_item(const struct app *app, const struct view *view, const struct input *in)
{
	struct request r = request_default(app, view, in);
	if (r.kind == REQ_NEXT_UNFINISHED && app->field_focus && app_field_focus_step(app, 1)) {
		r.kind = REQ_FIELD_FOCUS;
		r.arg = 1;
	}
	return r;
}

const struct view_ops view_item = {
	.name = "item",
	.private_size = sizeof(struct turn_view), .open = turn_open, .close = turn_close,
	.draw = draw_item, .handle = handle_item,
};
