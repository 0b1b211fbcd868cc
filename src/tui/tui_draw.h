/* tui_draw.h - part of tui_internal.h: drawing helpers (draw.c).
 * Include tui_internal.h, which includes the parts in order (each relies
 * on those before it), not this file. */
#ifndef CONVQA_TUI_DRAW_H
#define CONVQA_TUI_DRAW_H

/* ---- drawing ------------------------------------------------------------ */

enum style {
	S_NORMAL, S_HEADER, S_RULE, S_HINT, S_MISSING, S_SAVED, S_ERROR, S_FOCUS,
	S_YES, S_NO, S_DIM, S_BOLD, S_MATCH, S_SPAN, S__COUNT
};

void draw_init_styles(int colours);
attr_t style(enum style s);
/* Draw sanitised text s[0..len) at y,x clipped to maxw columns; returns the
 * columns used. Characters the sanitiser should have removed show as '?'. */
int draw_text(int y, int x, int maxw, const char *s, size_t len, attr_t a);
/* draw_text with the characters whose first byte has mark[i] set (mark
 * aligned with s; NULL: none) drawn with ma added to a. */
int draw_text_marked(int y, int x, int maxw, const char *s, size_t len, attr_t a, const unsigned char *mark,
		     attr_t ma);
int draw_str(int y, int x, int maxw, const char *s, attr_t a);
/* Draw sanitised one-line text s at y,x in at most maxw columns; text that
 * does not fit is cut where a character ends and gets an ellipsis (…).
 * Returns the columns used. */
int draw_fit(int y, int x, int maxw, const char *s, attr_t a);
/* Format, sanitise, then draw as draw_fit() does (cut with an ellipsis). */
int draw_fmt(int y, int x, int maxw, attr_t a, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Fill w columns with spaces. */
void draw_fill(int y, int x, int w, attr_t a);
/* A section rule across the screen: "── title · hint ─────"; title and hint
 * are cut with an ellipsis to fit (the hint is left out when fewer than a
 * few of its columns would show). */
void draw_rule(int y, const char *title, const char *hint);
/* The title of an item's history rule: its earlier turns, and how many of
 * those before it (by number) the project does not hold. */
void draw_history_title(const struct store_item *it, char *buf, size_t size);
/* Draw lines [skip, skip + rows) of s wrapped to w columns at y,x; returns
 * the total number of wrapped lines. */
size_t draw_wrapped(int y, int x, int w, int rows, size_t skip, const char *s, attr_t a);
size_t draw_wrapped_marked(int y, int x, int w, int rows, size_t skip, const char *s, attr_t a,
			   const unsigned char *mark, attr_t ma);
/* Draw the first rows lines of s wrapped to w columns at y,x; when the
 * text goes on, the last row is cut short and ends in " …". Returns the
 * total number of wrapped lines. */
size_t draw_wrapped_cut(int y, int x, int w, int rows, const char *s, attr_t a);
size_t draw_wrapped_cut_marked(int y, int x, int w, int rows, const char *s, attr_t a, const unsigned char *mark,
			       attr_t ma);
/* Number of lines s wraps to at width w. */
size_t wrapped_lines(const char *s, int w);
/* Shared pieces of the item screens. */
void draw_header(const struct app *app);
void draw_status(const struct app *app, const char *hint);
/* The label bar (2 rows at y). */
void draw_label_bar(const struct app *app, int y);
/* A passage field's relevance-like mark for value v (NULL: not judged):
 * "[+]" (the second category of a binary field), "[-]" (its first), "[*]"
 * (a value of another type), "[ ]"; and its style. */
const char *passage_mark(const struct scheme_field *f, const char *v, enum style *st);
/* The heading of the item's answer into out: blind, "Answer 2 of 3" (its
 * place among the turn's answers); with --show-systems "Answer of NAME".
 * room > 0: in at most room columns - shorter forms ("Answer 2/3"), then
 * the name cut with an ellipsis, so that what follows it on the row (the
 * key hints) keeps its place; room <= 0: in full. */
void answer_title(const struct app *app, int room, struct strbuf *out);
/* s cut to at most maxw columns, with an ellipsis when it is cut, added to out. */
void add_fit(struct strbuf *out, const char *s, int maxw);
/* The evidence pane at row y: its rule ("Evidence · 2 pieces of 1
 * passage"), then rows rows of the item's evidence paragraph with the
 * answer's words highlighted, or "no evidence spans: run convqa spans".
 * With pick the rule names the piece the open key opens. */
void draw_evidence_pane(const struct app *app, int y, int rows, int width, int pick);
/* Help lines of the keys of km (for the help screen): group titles, then
 * "  KEYS  what they do" (narrow: "  KEYS: what they do"); pref: the pair
 * screen's preference field (its arrows pick the answers), else NULL;
 * adjudicating (with pref): the pair screen of convqa adjudicate, whose
 * moves go through the disagreements. */
size_t help_lines(const struct keymap *km, const struct scheme_field *pref, int adjudicating, int narrow,
		  struct strbuf *out);
/* The hint at the right of the status line: "auto-advance on" when it is
 * on, then with keys (the item screen) "? help · q quit", as much as fits;
 * into buf[96]. */
const char *status_hint(const struct app *app, int keys, char buf[96]);
/* A footer row at y: where (dim) at the left, at the right the hints joined
 * by " · ", as many as fit, dropped from the first (so put how to close the
 * screen last). */
void draw_footer(int y, const char *where, const char *const *hints, size_t n);
/* The footer row of a scrollable text of total lines shown rows at a time
 * from line scroll: "lines a-b of n" (when it does not all fit) at the left;
 * at the right the hints joined by " · ", as many as fit, dropped from the
 * first (so put how to close the screen last). */
void draw_scroll_footer(int scroll, int y, int rows, size_t total, const char *const *hints, size_t n);
/* A full-screen scrollable text (help, guidelines): header, title rule,
 * text from the pager's top line, footer (keys: how to close it), status
 * line. */
void draw_text_screen(const struct app *app, const struct pager *pager, const char *title, const char *text,
		      const char *keys);
/* Rows of text a text screen shows at once, and its wrap width. */
int text_screen_rows(void);
int text_screen_width(void);

#endif
