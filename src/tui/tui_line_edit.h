/* tui_line_edit.h - part of tui_internal.h: the one-line editor of every
 * prompt (line_edit.c).
 * Include tui_internal.h, which includes the parts in order (each relies
 * on those before it), not this file. */
#ifndef CONVQA_TUI_LINE_EDIT_H
#define CONVQA_TUI_LINE_EDIT_H

/* ---- the one-line editor (src/tui/line_edit.c) of every prompt ----------- */

struct line_edit {
	struct strbuf text;     /* UTF-8, printable characters only */
	size_t at;              /* the cursor: a byte offset between characters */
	char **hist;            /* earlier lines, oldest first */
	size_t n_hist, hist_at; /* hist_at == n_hist: the line being typed */
	char *draft;            /* the line being typed while an earlier one shows */
};

void line_edit_release(struct line_edit *e);
/* The text := s (NULL: empty), the cursor at its end. */
void line_edit_set(struct line_edit *e, const char *s);
/* Add s to the history (not an empty line, nor the last one again). */
void line_edit_remember(struct line_edit *e, const char *s);
/* Carry out key k: a printable character is inserted at the cursor (while
 * the text stays within max bytes), left/right/home/end (C-b/C-f/C-a/C-e)
 * move, backspace and delete (C-d) erase a character, C-u erases before
 * the cursor and C-k after it, up/down recall the history. 1 when the
 * key is the editor's. */
int line_edit_key(struct line_edit *e, struct key k, size_t max);
/* The text without the spaces and tabs at its ends: where it starts in
 * e->text, *len bytes (0: a blank line). */
const char *line_edit_trimmed(const struct line_edit *e, size_t *len);
/* Is k one of the keys line_edit_key() carries out? */
int line_edit_takes(struct key k);
/* Draw the text at y,x in w columns, scrolled so the cursor shows;
 * returns the cursor's column. */
int line_edit_draw(const struct line_edit *e, int y, int x, int w, attr_t a);

#endif
