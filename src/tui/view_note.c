/* view_note.c - the note prompt, drawn over the item screen: typed keys go
 * into the note; enter saves, esc cancels, backspace erases, C-u clears. */
#include <string.h>

#include "convqa/text.h"
#include "tui_internal.h"

static void draw_note(const struct app *app)
{
	int y = LINES - 3;
	draw_fill(y, 0, COLS, A_NORMAL);
	draw_fill(y + 1, 0, COLS, A_NORMAL);
	draw_fill(y + 2, 0, COLS, A_NORMAL);
	draw_rule(y, "Note", "enter saves \xc2\xb7 esc cancels \xc2\xb7 C-u clears \xc2\xb7 empty = no note");
	/* sanitised copy; show the end that fits, the cursor after it */
	struct strbuf sb = STRBUF_INIT;
	text_sanitize(&sb, strbuf_str(&app->note), app->note.len, 0);
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
	draw_str(y + 2, 1, COLS - 2, "the note is optional; it is saved with the item's labels", style(S_DIM));
	move(y + 1, x < COLS ? x : COLS - 1);
	strbuf_release(&sb);
}

static struct request handle_note(const struct app *app, const struct input *in)
{
	struct request r = { REQ_NONE, 0, ACT_NONE, NULL, in->key };
	struct key k = in->key;
	if (!k.fkey && (k.code == '\n' || k.code == '\r'))
		r.kind = REQ_NOTE_SAVE;
	else if (k.fkey && k.code == KEY_ENTER)
		r.kind = REQ_NOTE_SAVE;
	else if (!k.fkey && k.code == 27)
		r.kind = REQ_POP;
	else if ((k.fkey && k.code == KEY_BACKSPACE) || (!k.fkey && (k.code == 127 || k.code == 8)))
		r.kind = REQ_NOTE_ERASE;
	else if (!k.fkey && k.code == ('u' & 0x1f))
		r.kind = REQ_NOTE_KILL;
	else if (!k.fkey && k.code >= 0x20)
		r.kind = REQ_NOTE_INSERT;
	return r;
}

const struct view_ops view_note = {
	.name = "note",
	.draw = draw_note,
	.handle = handle_note,
	.overlay = 1,
	.cursor = 1,
};
