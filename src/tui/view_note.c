/* view_note.c - the editor of a text field (the note), drawn over the item
 * screen: the line editor (line_edit.c) has the keys; enter saves, esc
 * cancels. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/text.h"
#include "tui_internal.h"

#define NOTE_MAX 4000   /* bytes */

/* The private state: the field and the text being edited. */
struct note {
	const struct scheme_field *field;
	struct line_edit ed;
};

/* Open the editor of text field arg (its index in the scheme): from the
 * text the project refused, if any, else the saved one. */
static int open_note(struct app *app, struct view *view, long arg)
{
	struct turn_view *tv = app_turn(app);
	struct note *n = view->private;   /* zeroed: n->ed is empty */
	n->field = &app->scheme->fields[arg];
	const char *cur = app_label(app, n->field->name, 0);
	line_edit_set(&n->ed, tv->text_kept && tv->text_kept_field == n->field ? tv->text_kept : cur);
	free(tv->text_kept);
	tv->text_kept = NULL;
	tv->text_kept_field = NULL;
	return 0;
}

static void close_note(struct app *app, struct view *view)
{
	struct note *n = view->private;
	line_edit_release(&n->ed);
}

static void draw_note(const struct app *app, const struct view *view)
{
	const struct note *note = view->private;
	int y = LINES - 3;
	draw_fill(y, 0, COLS, A_NORMAL);
	draw_fill(y + 1, 0, COLS, A_NORMAL);
	draw_fill(y + 2, 0, COLS, A_NORMAL);
	char title[SCHEME_MAX_NAME + 1];
	snprintf(title, sizeof(title), "%s", note->field->name);
	title[0] = (char)toupper((unsigned char)title[0]);
	struct strbuf hint = STRBUF_INIT;
	strbuf_addf(&hint, "enter saves \xc2\xb7 esc cancels \xc2\xb7 C-u erases to start \xc2\xb7 empty = no %s",
		    note->field->name);
	draw_rule(y, title, strbuf_str(&hint));
	strbuf_release(&hint);
	/* COLS - 4 columns for the text, the cursor may stand after them */
	int x = 1 + draw_str(y + 1, 1, 2, "> ", style(S_BOLD));
	x = line_edit_draw(&note->ed, y + 1, x, COLS - 4 + 1, A_NORMAL);
	draw_fmt(y + 2, 1, COLS - 2, style(S_DIM), "the %s is %s; it is saved with the item's labels",
		 note->field->name, note->field->required ? "required" : "optional");
	move(y + 1, x < COLS ? x : COLS - 1);
}

static struct request handle_note(const struct app *app, const struct view *view, const struct input *in)
{
	return request_typing(in);
}

static struct request act_note(struct app *app, struct view *view, const struct request *r)
{
	struct note *n = view->private;
	if (edit_typed_text(&n->ed, r, NOTE_MAX))
		return (struct request){ .kind = REQ_NONE };
	if (r->kind != REQ_TEXT_ENTER)
		return *r;
	app_save_text(app, n->field, strbuf_str(&n->ed.text));
	return (struct request){ .kind = REQ_POP };
}

const struct view_ops view_note = {
	.name = "note", .overlay = 1, .cursor = 1,
	.private_size = sizeof(struct note), .open = open_note, .close = close_note,
	.draw = draw_note, .handle = handle_note, .act = act_note,
};
