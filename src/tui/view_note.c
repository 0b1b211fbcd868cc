/* view_note.c - the editor of a text field (the note), drawn over the item
 * screen: typed keys go into the text; enter saves, esc cancels, backspace
 * erases, C-u clears. */
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
	struct strbuf text;
};

/* Open the editor of text field arg (its index in the scheme): from the
 * text the project refused, if any, else the saved one. */
static int open_note(struct app *app, struct view *view, long arg)
{
	struct turn_view *tv = app_turn(app);
	struct note *n = view->private;   /* zeroed: n->text is STRBUF_INIT */
	n->field = &app->scheme->fields[arg];
	const char *cur = app_label(app, n->field->name, 0);
	if (tv->text_kept && tv->text_kept_field == n->field)
		strbuf_adds(&n->text, tv->text_kept);
	else if (cur)
		strbuf_adds(&n->text, cur);
	free(tv->text_kept);
	tv->text_kept = NULL;
	tv->text_kept_field = NULL;
	return 0;
}

static void close_note(struct app *app, struct view *view)
{
	struct note *n = view->private;
	strbuf_release(&n->text);
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
	strbuf_addf(&hint, "enter saves \xc2\xb7 esc cancels \xc2\xb7 C-u clears \xc2\xb7 empty = no %s",
		    note->field->name);
	draw_rule(y, title, strbuf_str(&hint));
	strbuf_release(&hint);
	/* sanitised copy; show the end that fits, the cursor after it */
	struct strbuf sb = STRBUF_INIT;
	text_sanitize(&sb, strbuf_str(&note->text), note->text.len, 0);
	const char *s = strbuf_str(&sb);
	size_t len = sb.len;
	int room = COLS - 4;
	while (len && (int)text_width(s, len) > room) {
		uint32_t cp;
		size_t n = text_utf8_decode(s, len, &cp);
		if (!n)
			n = 1;
		s += n;
		len -= n;
	}
	int x = 1 + draw_str(y + 1, 1, 2, "> ", style(S_BOLD));
	x += draw_text(y + 1, x, room, s, len, A_NORMAL);
	draw_fmt(y + 2, 1, COLS - 2, style(S_DIM), "the %s is %s; it is saved with the item's labels",
		 note->field->name, note->field->required ? "required" : "optional");
	move(y + 1, x < COLS ? x : COLS - 1);
	strbuf_release(&sb);
}

static struct request handle_note(const struct app *app, const struct view *view, const struct input *in)
{
	return request_typing(in);
}

static struct request act_note(struct app *app, struct view *view, const struct request *r)
{
	struct note *n = view->private;
	if (edit_typed_text(&n->text, r, NOTE_MAX))
		return (struct request){ .kind = REQ_NONE };
	if (r->kind != REQ_TEXT_ENTER)
		return *r;
	app_save_text(app, n->field, strbuf_str(&n->text));
	return (struct request){ .kind = REQ_POP };
}

const struct view_ops view_note = {
	.name = "note", .overlay = 1, .cursor = 1,
	.private_size = sizeof(struct note), .open = open_note, .close = close_note,
	.draw = draw_note, .handle = handle_note, .act = act_note,
};
