/* line_edit.c - the one-line text editor of every prompt (the chat's and
 * the arena's question, the note, the / search, the jump):
 * UTF-8 text with a cursor between characters, wide characters and
 * combining marks measured as the terminal shows them, the usual keys
 * (left, right, home, end, backspace, delete, C-a, C-e, C-b, C-f, C-d,
 * C-k, C-u) and a history of earlier lines on up and down. */
#include <stdlib.h>
#include <string.h>

#include "convqa/text.h"
#include "tui_internal.h"

#define CTRL(c) ((c) & 0x1f)

void line_edit_release(struct line_edit *e)
{
	strbuf_release(&e->text);
	for (size_t i = 0; i < e->n_hist; i++)
		free(e->hist[i]);
	free(e->hist);
	free(e->draft);
	memset(e, 0, sizeof(*e));
}

void line_edit_set(struct line_edit *e, const char *s)
{
	strbuf_reset(&e->text);
	strbuf_adds(&e->text, s ? s : "");
	e->at = e->text.len;
}

void line_edit_remember(struct line_edit *e, const char *s)
{
	if (!*s || (e->n_hist && strcmp(e->hist[e->n_hist - 1], s) == 0)) {
		e->hist_at = e->n_hist;
		return;
	}
	e->hist = xrealloc(e->hist, (e->n_hist + 1) * sizeof(*e->hist));
	e->hist[e->n_hist++] = xstrdup(s);
	e->hist_at = e->n_hist;
	free(e->draft);
	e->draft = NULL;
}

/* The start of the character before byte at (combining marks go with the
 * character they follow). */
static size_t prev_char(const char *s, size_t at)
{
	while (at > 0) {
		size_t p = at - 1;
		while (p > 0 && ((unsigned char)s[p] & 0xc0) == 0x80)
			p--;
		uint32_t cp;
		text_utf8_decode(s + p, at - p, &cp);
		at = p;
		if (p == 0 || text_cp_width(cp) != 0)
			break;
	}
	return at;
}

/* The end of the character at byte at, with the combining marks after it. */
static size_t next_char(const char *s, size_t len, size_t at)
{
	int first = 1;
	while (at < len) {
		uint32_t cp;
		size_t n = text_utf8_decode(s + at, len - at, &cp);
		if (!n)
			n = 1;
		if (!first && text_cp_width(cp) != 0)
			break;
		at += n;
		first = 0;
	}
	return at;
}

static void cut(struct line_edit *e, size_t from, size_t to)
{
	struct strbuf *t = &e->text;
	memmove(t->buf + from, t->buf + to, t->len - to);
	strbuf_setlen(t, t->len - (to - from));
	e->at = from;
}

static int insert(struct line_edit *e, uint32_t cp, size_t max)
{
	char buf[4];
	size_t n = text_utf8_encode(cp, buf);
	if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0) || text_cp_is_hidden_control(cp) || !n)
		return 0;
	if (e->text.len + n > max)
		return 1;   /* full: the key is taken, nothing added */
	struct strbuf *t = &e->text;
	strbuf_add(t, buf, n);   /* room */
	memmove(t->buf + e->at + n, t->buf + e->at, t->len - n - e->at);
	memcpy(t->buf + e->at, buf, n);
	e->at += n;
	return 1;
}

/* Up (delta -1) and down (+1) through the history; the line being typed is
 * kept as the entry after the last. */
static void recall(struct line_edit *e, int delta)
{
	if ((delta < 0 && e->hist_at == 0) || (delta > 0 && e->hist_at >= e->n_hist))
		return;
	if (e->hist_at == e->n_hist) {
		free(e->draft);
		e->draft = xstrdup(strbuf_str(&e->text));
	}
	e->hist_at += (size_t)(long)delta;
	line_edit_set(e, e->hist_at == e->n_hist ? e->draft : e->hist[e->hist_at]);
}

static int fkey(struct line_edit *e, int code)
{
	const char *s = strbuf_str(&e->text);
	switch (code) {
	case KEY_LEFT: e->at = prev_char(s, e->at); return 1;
	case KEY_RIGHT: e->at = next_char(s, e->text.len, e->at); return 1;
	case KEY_HOME: e->at = 0; return 1;
	case KEY_END: e->at = e->text.len; return 1;
	case KEY_BACKSPACE: cut(e, prev_char(s, e->at), e->at); return 1;
	case KEY_DC: cut(e, e->at, next_char(s, e->text.len, e->at)); return 1;
	case KEY_UP: recall(e, -1); return 1;
	case KEY_DOWN: recall(e, 1); return 1;
	default: return 0;
	}
}

int line_edit_key(struct line_edit *e, struct key k, size_t max)
{
	if (k.fkey)
		return fkey(e, (int)k.code);
	switch (k.code) {
	case CTRL('a'): return fkey(e, KEY_HOME);
	case CTRL('e'): return fkey(e, KEY_END);
	case CTRL('b'): return fkey(e, KEY_LEFT);
	case CTRL('f'): return fkey(e, KEY_RIGHT);
	case CTRL('d'): return fkey(e, KEY_DC);
	case CTRL('h'): case 0x7f: return fkey(e, KEY_BACKSPACE);
	case CTRL('k'): cut(e, e->at, e->text.len); return 1;
	case CTRL('u'): cut(e, 0, e->at); return 1;
	default: return insert(e, k.code, max);
	}
}

const char *line_edit_trimmed(const struct line_edit *e, size_t *len)
{
	const char *s = strbuf_str(&e->text);
	size_t n = e->text.len;
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	*len = n;
	return s;
}

int line_edit_takes(struct key k)
{
	if (k.fkey)
		return k.code == KEY_LEFT || k.code == KEY_RIGHT || k.code == KEY_HOME || k.code == KEY_END ||
		       k.code == KEY_BACKSPACE || k.code == KEY_DC || k.code == KEY_UP || k.code == KEY_DOWN;
	switch (k.code) {
	case CTRL('a'): case CTRL('e'): case CTRL('b'): case CTRL('f'): case CTRL('d'): case CTRL('h'):
	case CTRL('k'): case CTRL('u'):
		return 1;
	default:
		return k.code >= 0x20;   /* printable, or DEL (backspace) */
	}
}

int line_edit_draw(const struct line_edit *e, int y, int x, int w, attr_t a)
{
	/* sanitised as the screen shows text (a text set from elsewhere may
	 * hold a tab or a line break), the cursor where it was */
	struct strbuf sb = STRBUF_INIT;
	const char *raw = strbuf_str(&e->text);
	text_sanitize(&sb, raw, e->at, 0);
	size_t at = sb.len;
	text_sanitize(&sb, raw + e->at, e->text.len - e->at, 0);
	const char *s = strbuf_str(&sb);
	size_t start = 0;
	/* scrolled so that the cursor shows, with a column after it */
	while (start < at && (int)text_width(s + start, at - start) > w - 1)
		start = next_char(s, at, start);
	int before = (int)text_width(s + start, at - start);
	draw_text(y, x, w, s + start, sb.len - start, a);
	strbuf_release(&sb);
	return x + before;
}
