/* view_small.c - shown instead of any screen while the window is smaller
 * than MIN_COLS x MIN_LINES; the state is kept, and q still quits (except
 * while a note is being written: q would lose its text). */
#include <stdio.h>

#include "tui_internal.h"

static void draw_small(const struct app *app, const struct view *view)
{
	char msg[256];
	if (app_view(app)->ops == &view_note)
		snprintf(msg, sizeof(msg), "Window too small: %dx%d. convqa needs at least %dx%d. "
			 "Enlarge the window to finish your note (nothing is lost).", COLS, LINES, MIN_COLS,
			 MIN_LINES);
	else
		snprintf(msg, sizeof(msg), "Window too small: %dx%d. convqa needs at least %dx%d. "
			 "Enlarge the window (nothing is lost), or press q to quit.", COLS, LINES, MIN_COLS,
			 MIN_LINES);
	draw_wrapped(0, 0, COLS, LINES, 0, msg, A_BOLD);
}

static struct request handle_small(const struct app *app, const struct view *view, const struct input *in)
{
	struct request r = { REQ_NONE, 0, ACT_NONE, NULL, in->key, NULL };
	if (in->binding && in->binding->action == ACT_QUIT && app_view(app)->ops != &view_note)
		r.kind = REQ_QUIT;
	return r;
}

const struct view_ops view_small = {
	.name = "small",
	.draw = draw_small,
	.handle = handle_small,
};
