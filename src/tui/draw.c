/* draw.c - drawing helpers: sanitised, width-aware text, rules, wrapped
 * text, and the pieces shared by the item screens (header, label bar,
 * status line). Everything here reads state; nothing changes it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "convqa/text.h"
#include "tui_internal.h"

static attr_t styles[S__COUNT];

void draw_init_styles(int colours)
{
	static const struct {
		short fg, bg;
		attr_t colour_attr, mono;
	} table[S__COUNT] = {
		[S_NORMAL] = { -1, -1, A_NORMAL, A_NORMAL },
		[S_HEADER] = { COLOR_WHITE, COLOR_BLUE, A_BOLD, A_REVERSE },
		[S_RULE] = { COLOR_CYAN, -1, A_NORMAL, A_NORMAL },
		[S_HINT] = { COLOR_CYAN, -1, A_DIM, A_NORMAL },
		[S_MISSING] = { COLOR_YELLOW, -1, A_BOLD, A_BOLD },
		[S_SAVED] = { COLOR_GREEN, -1, A_NORMAL, A_NORMAL },
		[S_ERROR] = { COLOR_WHITE, COLOR_RED, A_BOLD, A_REVERSE | A_BOLD },
		[S_FOCUS] = { -1, -1, A_REVERSE, A_REVERSE },
		[S_YES] = { COLOR_GREEN, -1, A_BOLD, A_BOLD },
		[S_NO] = { COLOR_RED, -1, A_BOLD, A_BOLD },
		[S_DIM] = { -1, -1, A_DIM, A_DIM },
		[S_BOLD] = { -1, -1, A_BOLD, A_BOLD },
		[S_MATCH] = { -1, -1, A_BOLD | A_UNDERLINE, A_BOLD | A_UNDERLINE },
		[S_SPAN] = { COLOR_BLACK, COLOR_YELLOW, A_NORMAL, A_UNDERLINE },
	};
	for (int i = 0; i < S__COUNT; i++) {
		if (colours && (table[i].fg >= 0 || table[i].bg >= 0)) {
			init_pair((short)i, table[i].fg, table[i].bg);
			styles[i] = table[i].colour_attr | COLOR_PAIR(i);
		} else {
			styles[i] = colours ? table[i].colour_attr : table[i].mono;
		}
	}
}

attr_t style(enum style s)
{
	return styles[s];
}

/* ---- text ----------------------------------------------------------- */

int draw_text(int y, int x, int maxw, const char *s, size_t len, attr_t a)
{
	return draw_text_marked(y, x, maxw, s, len, a, NULL, A_NORMAL);
}

int draw_text_marked(int y, int x, int maxw, const char *s, size_t len, attr_t a, const unsigned char *mark,
		     attr_t ma)
{
	int used = 0;
	size_t i = 0;
	if (y < 0 || y >= LINES || x < 0 || maxw <= 0)
		return 0;
	if (x + maxw > COLS)
		maxw = COLS - x;
	while (i < len) {
		uint32_t cp;
		size_t n = text_utf8_decode(s + i, len - i, &cp);
		if (!n) {
			cp = 0xfffd;
			n = 1;
		}
		/* defensive: nothing a terminal acts on gets through */
		if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
			cp = '?';
		int w = text_cp_width(cp);
		if (w == 0) {
			i += n;   /* a zero-width character without a base: skip */
			continue;
		}
		if (used + w > maxw)
			break;
		wchar_t wch[CCHARW_MAX + 1];
		int nw = 0;
		wch[nw++] = (wchar_t)cp;
		attr_t ca = mark && mark[i] ? a | ma : a;
		i += n;
		/* the zero-width characters that follow join this cell */
		while (i < len) {
			uint32_t c2;
			size_t n2 = text_utf8_decode(s + i, len - i, &c2);
			if (!n2 || c2 < 0x20 || text_cp_width(c2) != 0)
				break;
			if (nw < CCHARW_MAX - 1)
				wch[nw++] = (wchar_t)c2;
			i += n2;
		}
		wch[nw] = L'\0';
		cchar_t cc;
		setcchar(&cc, wch, ca & ~A_COLOR, (short)PAIR_NUMBER((int)ca), NULL);
		mvadd_wch(y, x + used, &cc);
		used += w;
	}
	return used;
}

int draw_str(int y, int x, int maxw, const char *s, attr_t a)
{
	return draw_text(y, x, maxw, s, strlen(s), a);
}

int draw_fit(int y, int x, int maxw, const char *s, attr_t a)
{
	size_t len = strlen(s);
	int used;
	if (maxw < 1)
		return 0;
	if ((int)text_width(s, len) <= maxw)
		return draw_text(y, x, maxw, s, len, a);
	size_t n = text_fit(s, len, maxw - 1, &used);
	used = draw_text(y, x, used, s, n, a);
	return used + draw_str(y, x + used, 1, "\xe2\x80\xa6", a);
}

/* Formatted text may hold names from the command line: sanitise it. */
int draw_fmt(int y, int x, int maxw, attr_t a, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	text_sanitize_vfmt(&sb, 0, fmt, ap);
	va_end(ap);
	int w = draw_fit(y, x, maxw, strbuf_str(&sb), a);
	strbuf_release(&sb);
	return w;
}

void draw_fill(int y, int x, int w, attr_t a)
{
	if (y < 0 || y >= LINES)
		return;
	attrset(a);
	for (int i = 0; i < w && x + i < COLS; i++)
		mvaddch(y, x + i, ' ');
	attrset(A_NORMAL);
}

#define RULE_HINT_MIN 6   /* columns a cut hint needs, its "…" included */

void draw_history_title(const struct store_item *it, char *buf, size_t size)
{
	int before = it->position - 1, missing = before - it->n_earlier;
	if (missing > 0)
		snprintf(buf, size, "History \xc2\xb7 %d of %d earlier turn%s (%d not in the project)", it->n_earlier,
			 before, before == 1 ? "" : "s", missing);
	else
		snprintf(buf, size, "History \xc2\xb7 %d earlier turn%s", it->n_earlier, it->n_earlier == 1 ? "" : "s");
}

void draw_rule(int y, const char *title, const char *hint)
{
	static const char line[] = "\xe2\x94\x80"; /* ─ */
	int x = 0;
	attr_t r = style(S_RULE);
	x += draw_str(y, x, COLS - x, "\xe2\x94\x80\xe2\x94\x80 ", r);
	x += draw_fit(y, x, COLS - x, title, r | A_BOLD);
	/* the hint after " · ", cut to fit when a few of its columns fit */
	int hw = hint ? (int)text_width(hint, strlen(hint)) : 0;
	if (hw && x + 3 + (hw < RULE_HINT_MIN ? hw : RULE_HINT_MIN) <= COLS) {
		x += draw_str(y, x, COLS - x, " \xc2\xb7 ", r);
		x += draw_fit(y, x, COLS - x, hint, style(S_HINT));
	}
	if (x < COLS)
		x += draw_str(y, x, 1, " ", r);
	while (x < COLS)
		x += draw_str(y, x, 1, line, r);
}

size_t draw_wrapped(int y, int x, int w, int rows, size_t skip, const char *s, attr_t a)
{
	return draw_wrapped_marked(y, x, w, rows, skip, s, a, NULL, A_NORMAL);
}

size_t draw_wrapped_marked(int y, int x, int w, int rows, size_t skip, const char *s, attr_t a,
			   const unsigned char *mark, attr_t ma)
{
	struct text_line small[64], *lines = small;
	size_t want = skip + (size_t)(rows > 0 ? rows : 0), len = strlen(s);
	size_t cap = ARRAY_SIZE(small);
	if (want > cap) {
		lines = xmalloc(want * sizeof(*lines));
		cap = want;
	}
	size_t total = text_wrap(s, len, w, lines, cap);
	for (int r = 0; r < rows && skip + (size_t)r < total; r++) {
		const struct text_line *l = &lines[skip + (size_t)r];
		draw_text_marked(y + r, x, w, s + l->off, l->len, a, mark ? mark + l->off : NULL, ma);
	}
	if (lines != small)
		free(lines);
	return total;
}

size_t wrapped_lines(const char *s, int w)
{
	return text_wrap(s, strlen(s), w, NULL, 0);
}

size_t draw_wrapped_cut(int y, int x, int w, int rows, const char *s, attr_t a)
{
	return draw_wrapped_cut_marked(y, x, w, rows, s, a, NULL, A_NORMAL);
}

size_t draw_wrapped_cut_marked(int y, int x, int w, int rows, const char *s, attr_t a, const unsigned char *mark,
			       attr_t ma)
{
	size_t len = strlen(s), total = text_wrap(s, len, w, NULL, 0);
	if (rows <= 0 || total <= (size_t)rows) {
		draw_wrapped_marked(y, x, w, rows, 0, s, a, mark, ma);
		return total;
	}
	draw_wrapped_marked(y, x, w, rows - 1, 0, s, a, mark, ma);
	/* the last row: the rest wrapped two columns narrower, then " …" */
	struct text_line *lines = xmalloc((size_t)rows * sizeof(*lines)), last;
	text_wrap(s, len, w, lines, (size_t)rows);
	size_t off = lines[rows - 1].off;
	free(lines);
	text_wrap(s + off, len - off, w - 2, &last, 1);
	int used = draw_text_marked(y + rows - 1, x, w - 2, s + off + last.off, last.len, a,
				    mark ? mark + off + last.off : NULL, ma);
	draw_str(y + rows - 1, x + used, 2, " \xe2\x80\xa6", style(S_DIM));
	return total;
}

/* ---- shared pieces ---------------------------------------------------------- */

void draw_header(const struct app *app)
{
	attr_t h = style(S_HEADER);
	const struct store_queue *q = &app->queue;
	draw_fill(0, 0, COLS, h);
	char right[128];
	int bar = COLS >= 72 ? 10 : 0;
	char barbuf[16] = "";
	if (bar) {
		int filled = q->n ? (int)((q->n_finished * (size_t)bar + q->n / 2) / q->n) : 0;
		if (filled == bar && q->n_finished < q->n)
			filled = bar - 1;
		barbuf[0] = '[';
		for (int i = 0; i < bar; i++)
			barbuf[1 + i] = i < filled ? '#' : '-';
		barbuf[1 + bar] = ']';
		barbuf[2 + bar] = '\0';
	}
	if (app->chatting)   /* a conversation, not a queue of items */
		snprintf(right, sizeof(right), "chat ");
	else if (app->opt->adjudication)   /* a round's disagreements, not a queue of items */
		snprintf(right, sizeof(right), COLS >= 60 ? "disagreement %zu of %zu \xc2\xb7 %zu settled " :
			 "%zu/%zu \xc2\xb7 %zu settled ", app->cur + 1, q->n, q->n_finished);
	else
		snprintf(right, sizeof(right), "%s %zu/%zu %s%s%zu done ", app_queue_unit(app), app->cur + 1,
			 q->n, barbuf, bar ? " " : "", q->n_finished);
	int rw = (int)text_width(right, strlen(right));
	char left[512];
	int lw = COLS - rw - 1;
	if (app->opt->adjudication)   /* the task is the round's */
		snprintf(left, sizeof(left), " convqa \xc2\xb7 %s \xc2\xb7 adjudicator %s \xc2\xb7 round %s",
			 app->opt->project, app->opt->rater, app->opt->round);
	else
		snprintf(left, sizeof(left), " convqa \xc2\xb7 %s \xc2\xb7 rater %s \xc2\xb7 task %s%s%s", app->opt->project,
			 app->opt->rater, app->task_name, app->opt->round ? " \xc2\xb7 round " : "",
			 app->opt->round ? app->opt->round : "");
	/* measured as shown: names from the command line are sanitised */
	struct strbuf shown = STRBUF_INIT;
	text_sanitize(&shown, left, strlen(left), 0);
	if ((int)text_width(shown.buf, shown.len) > lw && app->opt->adjudication)  /* narrow: the values only */
		snprintf(left, sizeof(left), " %s \xc2\xb7 %s \xc2\xb7 %s", app->opt->project, app->opt->rater,
			 app->opt->round);
	else if ((int)text_width(shown.buf, shown.len) > lw)
		snprintf(left, sizeof(left), " %s \xc2\xb7 %s \xc2\xb7 %s%s%s", app->opt->project, app->opt->rater,
			 app->task_name, app->opt->round ? " \xc2\xb7 " : "", app->opt->round ? app->opt->round : "");
	strbuf_release(&shown);
	draw_fmt(0, 0, lw, h, "%s", left);
	draw_str(0, COLS - rw, rw, right, h);
}

void draw_status(const struct app *app, const char *hint)
{
	int y = LINES - 1;
	int hw = hint ? (int)text_width(hint, strlen(hint)) : 0;
	if (hw > COLS / 2)
		hw = 0;
	/* an error says what went wrong and how to recover: it goes before the
	 * key hint; other messages are cut to fit and the hint stays */
	if (app->message_kind == MSG_ERROR && hw &&
	    (int)text_width(app->message, strlen(app->message)) > COLS - 3 - hw)
		hw = 0;
	if (app->message[0]) {
		enum style st = app->message_kind == MSG_ERROR ? S_ERROR :
				 app->message_kind == MSG_SAVED ? S_SAVED : S_NORMAL;
		draw_fit(y, 1, COLS - 2 - (hw ? hw + 1 : 0), app->message, style(st));
	}
	if (hw)
		draw_str(y, COLS - hw, hw, hint, style(S_HINT));
}

/* The status hint of a task whose fields share keys: the field in focus
 * first, the fullest form that fits (draw_status() drops a hint wider than
 * half the line), into buf[96]; 0 when none fits. */
static int focus_hint(const struct app *app, const char *on, const char *help, const char *quit, char buf[96])
{
	struct strbuf sb = STRBUF_INIT;
	const char *name = app->field_focus->name;
	int fits = 0;
	for (int form = 0; form < 3 && !fits; form++) {
		strbuf_reset(&sb);
		if (form == 0)
			strbuf_addf(&sb, "%s%sfocus: %s \xc2\xb7 %s help \xc2\xb7 %s quit ", on ? on : "",
				    on ? " \xc2\xb7 " : "", name, help, quit);
		else if (form == 1)
			strbuf_addf(&sb, "%sfocus: %s \xc2\xb7 %s help ", on ? "auto \xc2\xb7 " : "", name, help);
		else
			strbuf_addf(&sb, "focus: %s ", name);
		fits = sb.len < 96 && (int)text_width(sb.buf, sb.len) <= COLS / 2;
	}
	if (fits)
		memcpy(buf, sb.buf, sb.len + 1);
	strbuf_release(&sb);
	return fits;
}

const char *status_hint(const struct app *app, int keys, char buf[96])
{
	char help[32], quit[32];
	const char *on = app->auto_advance ? "auto-advance on" : NULL;
	if (!keys) {
		snprintf(buf, 96, "%s", on ? "auto-advance on " : "");
		return buf;
	}
	action_key(ACT_HELP, help);
	action_key(ACT_QUIT, quit);
	if (app->field_focus && !app->opt->adjudication && focus_hint(app, on, help, quit, buf))
		return buf;
	snprintf(buf, 96, "%s%s%.16s help \xc2\xb7 %.16s quit ", on ? on : "", on ? " \xc2\xb7 " : "", help, quit);
	/* draw_status() drops a hint wider than half the line */
	if (on && (int)text_width(buf, strlen(buf)) > COLS / 2)
		snprintf(buf, 96, "auto \xc2\xb7 %.16s help ", help);
	return buf;
}

void add_fit(struct strbuf *out, const char *s, int maxw)
{
	size_t len = strlen(s);
	int used;
	if ((int)text_width(s, len) <= maxw) {
		strbuf_adds(out, s);
		return;
	}
	strbuf_add(out, s, text_fit(s, len, maxw > 1 ? maxw - 1 : 0, &used));
	strbuf_adds(out, "\xe2\x80\xa6");
}

#define NAME_MIN 4   /* columns of a cut system name worth its "Answer of " */

void answer_title(const struct app *app, int room, struct strbuf *out)
{
	const struct store_item *it = &app->item;
	size_t start = out->len;
	if (!app->opt->show_systems) {
		int index, n;
		app_answer_place(app, app->cur, &index, &n);
		strbuf_addf(out, "Answer %d of %d", index, n);
		if (room > 0 && (int)(out->len - start) > room) {
			strbuf_setlen(out, start);
			strbuf_addf(out, "Answer %d/%d", index, n);
		}
		return;
	}
	int nw = (int)text_width(it->system, strlen(it->system));
	if (room <= 0 || 10 + nw <= room || room - 10 >= NAME_MIN) {
		strbuf_adds(out, "Answer of ");
		add_fit(out, it->system, room > 0 ? room - 10 : nw);
	} else {
		add_fit(out, it->system, room > NAME_MIN ? room : NAME_MIN);
	}
}

/* The label bar's first row as pieces of text with their attributes, so
 * that its width is known before it is drawn. */
struct bar_piece {
	char text[96];
	attr_t a;
};

#define BAR_PIECES 48

static size_t bar_add(struct bar_piece *p, size_t n, attr_t a, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static size_t bar_add(struct bar_piece *p, size_t n, attr_t a, const char *fmt, ...)
{
	if (n >= BAR_PIECES)
		return n;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p[n].text, sizeof(p[n].text), fmt, ap);
	va_end(ap);
	p[n].a = a;
	return n + 1;
}

/* A passage field in the bar: "3/5 judged (2 relevant)", and its
 * unjudged ranks into missing. */
static size_t bar_passages(const struct app *app, const struct scheme_field *f, int level, struct bar_piece *p,
			   size_t n, struct strbuf *missing)
{
	size_t set = 0, yes = 0, np = app->item.n_passages;
	int binary = f->type == TYPE_BINARY && f->n_categories == 2;
	for (size_t k = 0; k < np; k++) {
		const char *v = app_label(app, f->name, app->item.passages[k].rank);
		set += v != NULL;
		yes += v && binary && strcmp(v, f->categories[1].value) == 0;
	}
	if (np == 0)
		return bar_add(p, n, style(S_DIM), "no passages");
	n = bar_add(p, n, style(set == np || !f->required ? S_YES : S_MISSING), "%zu/%zu%s", set, np,
		    level ? "" : " judged");
	if (set && binary && level < 2)
		n = bar_add(p, n, A_NORMAL, " (%zu %s)", yes, f->categories[1].label);
	if (set < np && f->required) {
		strbuf_addf(missing, "%s%s", missing->len ? ", " : "", f->name);
		int k = 0;
		for (size_t q = 0; q < np; q++)
			if (!app_label(app, f->name, app->item.passages[q].rank)) {
				if (k++ < 6)
					strbuf_addf(missing, " %ld", app->item.passages[q].rank);
				else if (k == 7)
					strbuf_adds(missing, " \xe2\x80\xa6");
			}
	}
	return n;
}

/* A field of the item in the bar: its value's label (at level 3 an
 * ordinal value's place on the scale, 1 the lowest), "?" when a required
 * one is missing, "—" when an optional one is unset; a text "yes". */
static size_t bar_value(const struct app *app, const struct scheme_field *f, int level, struct bar_piece *p,
			size_t n, struct strbuf *missing)
{
	const char *v = app_label(app, f->name, 0);
	const struct scheme_category *c = v && f->type != TYPE_TEXT ? scheme_category_find(f, v) : NULL;
	if (c && level >= 3 && f->type == TYPE_ORDINAL)
		return bar_add(p, n, style(S_YES), "%d", (int)(c - f->categories) + 1);
	if (v)
		return bar_add(p, n, f->type == TYPE_TEXT ? A_NORMAL : style(S_YES), "%s",
			       f->type == TYPE_TEXT ? "yes" : c ? c->label : v);
	if (!f->required)
		return bar_add(p, n, style(S_DIM), "\xe2\x80\x94");
	strbuf_addf(missing, "%s%s", missing->len ? ", " : "", f->name);
	return bar_add(p, n, style(S_MISSING), "?");
}

/* Fill pieces and the names of missing values; returns the number of
 * pieces. Level 0 is the full bar; 1 drops "judged"; 2 (compact) also the
 * passages' counts of the second category and the spaces after the
 * colons; 3 shows ordinal values by their place on the scale. The fields
 * shown: those the rater can set here or must set, asked of this item;
 * the one in focus (fields that share keys) marked. */
static size_t label_bar_pieces(const struct app *app, int level, struct bar_piece *p,
			       struct strbuf *missing)
{
	int compact = level >= 2;
	const struct scheme *sc = app->scheme;
	size_t n = 0;
	char name[SCHEME_MAX_NAME + 1];
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct scheme_field *f = &sc->fields[i];
		if ((!f->required && !field_has_keys(f)) || !app_field_asked(app, f))
			continue;
		if (n)
			n = bar_add(p, n, A_NORMAL, "%s", compact ? " " : "  ");
		if (f == app->field_focus)   /* the field the shared keys set */
			n = bar_add(p, n, style(S_FOCUS) | A_BOLD, compact ? "\xe2\x96\xb8%s:" : "\xe2\x96\xb8%s: ",
				    field_short_name(sc, f, name));
		else
			n = bar_add(p, n, style(S_BOLD), compact ? "%s:" : "%s: ", field_short_name(sc, f, name));
		if (f->unit == UNIT_PASSAGE)
			n = bar_passages(app, f, level, p, n, missing);
		else
			n = bar_value(app, f, level, p, n, missing);
	}
	return n;
}

void draw_label_bar(const struct app *app, int y)
{
	struct strbuf missing = STRBUF_INIT;
	struct bar_piece p[BAR_PIECES];
	/* compact when narrow; else the fullest bar that fits (the last
	 * field, the note, must not be cut off) */
	int level = COLS < 72 ? 2 : 0;
	size_t n;
	for (;;) {
		strbuf_reset(&missing);
		n = label_bar_pieces(app, level, p, &missing);
		size_t w = 0;
		for (size_t i = 0; i < n; i++)
			w += text_width(p[i].text, strlen(p[i].text));
		if ((int)w <= COLS - 1 || level == 3)
			break;
		level++;
	}
	draw_fill(y, 0, COLS, A_NORMAL);
	draw_fill(y + 1, 0, COLS, A_NORMAL);
	int x = 1;
	for (size_t i = 0; i < n && x < COLS; i++)
		x += draw_fmt(y, x, COLS - x, p[i].a, "%s", p[i].text);
	const struct pair_session *ps = app->pairs && app->pairs->adjudicating ? app->pairs : NULL;
	if (ps && ps->items[app->cur].done)   /* the disputed field has the adjudicator's value */
		draw_str(y + 1, 1, COLS - 2, "\xe2\x9c\x93 settled \xc2\xb7 n: next", style(S_YES));
	else if (ps)
		draw_str(y + 1, 1, COLS - 2, "\xe2\x80\x94 not settled yet", style(S_MISSING));
	else if (missing.len) {
		int w = draw_str(y + 1, 1, COLS - 2, "missing: ", style(S_MISSING));
		draw_fit(y + 1, 1 + w, COLS - 2 - w, strbuf_str(&missing), style(S_MISSING));
	} else {
		draw_str(y + 1, 1, COLS - 2, "\xe2\x9c\x93 finished \xc2\xb7 n: next item", style(S_YES));
	}
	strbuf_release(&missing);
}

/* ---- text screens (help, guidelines) ------------------------------------- */

int text_screen_rows(void)
{
	return LINES - 4;
}

int text_screen_width(void)
{
	return COLS - 4;
}

void draw_footer(int y, const char *where, const char *const *hints, size_t n)
{
	draw_fill(y, 0, COLS, A_NORMAL);
	int x = 1 + draw_str(y, 1, COLS - 2, where, style(S_DIM));
	int room = COLS - 1 - (x > 1 ? x + 2 : x);   /* two spaces after "lines ..." */
	/* the hints that fit, dropped from the first: the last one (how to
	 * close the screen) stays */
	struct strbuf hint = STRBUF_INIT;
	for (size_t first = 0; first < n; first++) {
		strbuf_reset(&hint);
		for (size_t i = first; i < n; i++)
			strbuf_addf(&hint, "%s%s", i > first ? " \xc2\xb7 " : "", hints[i]);
		if ((int)text_width(hint.buf, hint.len) <= room)
			break;
	}
	int hw = (int)text_width(hint.buf, hint.len);
	if (hw > room)
		hw = room;
	draw_fit(y, COLS - 1 - hw, hw, strbuf_str(&hint), style(S_HINT));
	strbuf_release(&hint);
}

void draw_scroll_footer(int scroll, int y, int rows, size_t total, const char *const *hints, size_t n)
{
	char where[64] = "";
	size_t last = (size_t)scroll + (size_t)rows;
	if (last > total)
		last = total;
	if (total > (size_t)rows)
		snprintf(where, sizeof(where), "lines %d-%zu of %zu", scroll + 1, last, total);
	draw_footer(y, where, hints, n);
}

void draw_text_screen(const struct app *app, const struct pager *pager, const char *title, const char *text,
		      const char *keys)
{
	draw_header(app);
	draw_rule(1, title, NULL);
	int rows = text_screen_rows();
	size_t total = draw_wrapped(2, 2, text_screen_width(), rows, (size_t)pager->scroll, text, A_NORMAL);
	const char *hints[] = { "j/k pgdn/pgup scroll", keys };
	draw_scroll_footer(pager->scroll, LINES - 2, rows, total, hints, ARRAY_SIZE(hints));
	draw_status(app, NULL);
}

/* The evidence paragraph of the response (its stored spans merged per
 * passage, each passage's pieces after its id), wrapped as the passages'
 * previews are, the answer's words in it highlighted (S_MATCH: bold and
 * underlined, so also without colours). With pick (no passages on the
 * screen), the move keys pick a piece and the open key opens its passage:
 * the rule says which. */
void draw_evidence_pane(const struct app *app, int y, int rows, int width, int pick)
{
	const struct turn_view *tv = app_turn(app);
	char title[64];
	if (tv->evidence)
		snprintf(title, sizeof(title), "Evidence \xc2\xb7 %zu piece%s of %zu passage%s", tv->evidence_pieces,
			 tv->evidence_pieces == 1 ? "" : "s", tv->evidence_passages,
			 tv->evidence_passages == 1 ? "" : "s");
	else
		snprintf(title, sizeof(title), "Evidence");
	struct strbuf hint = STRBUF_INIT;
	if (tv->evidence_pieces && pick) {
		/* "j/k piece 1/2 · enter opens p-tall": the open key's piece */
		char k[3][32];
		const struct evidence_piece *pc = &tv->evidence_piece[tv->evidence_focus];
		strbuf_addf(&hint, "%s/%s piece %zu/%zu \xc2\xb7 %s opens", action_key(ACT_DOWN, k[0]),
			    action_key(ACT_UP, k[1]), tv->evidence_focus + 1, tv->evidence_pieces,
			    action_key(ACT_OPEN, k[2]));
		if (pc->passage >= 0 && (size_t)pc->passage < app->item.n_passages)
			strbuf_addf(&hint, " %s", app->item.passages[pc->passage].ext_id);
	}
	draw_rule(y++, title, strbuf_str(&hint));
	strbuf_release(&hint);
	if (!tv->evidence && rows > 0) {
		draw_str(y, 1, width, "no evidence spans: run convqa spans", style(S_DIM));
		return;
	}
	if (rows <= 0)
		return;
	/* picking: a mark at the focused piece's first row, the text scrolled
	 * (from a row's start: it wraps the same) so that the row is the
	 * second one, not one the cut at the last row could hide */
	long row = -1;
	size_t off = 0;
	if (pick && tv->evidence_pieces) {
		size_t at = tv->evidence_piece[tv->evidence_focus].para_at, len = strlen(tv->evidence);
		size_t n = text_wrap(tv->evidence, len, width, NULL, 0);
		struct text_line *lines = xcalloc(n + 1, sizeof(*lines));
		text_wrap(tv->evidence, len, width, lines, n);
		for (row = 0; (size_t)row + 1 < n && lines[row + 1].off <= at; row++)
			;
		if (row > 0 && row >= rows - 1) {
			long skip = rows <= 2 ? row : row - 1;
			off = lines[skip].off;
			row -= skip;
		}
		free(lines);
	}
	draw_wrapped_cut_marked(y, 1, width, rows, tv->evidence + off, A_NORMAL,
				tv->evidence_mark ? tv->evidence_mark + off : NULL, style(S_MATCH));
	if (row >= 0)
		draw_str(y + (int)row, 0, 1, "\xe2\x96\xb8", style(S_BOLD));
}
