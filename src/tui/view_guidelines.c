/* view_guidelines.c - the annotation guidelines (--guidelines FILE, the
 * project's for the session's task, or none) followed by a summary built
 * from the scheme; shown on a key, and at start when they are new to the
 * rater or have changed since they last saw them (open()'s arg says which:
 * GUIDELINES_NEW, GUIDELINES_CHANGED, a line above the guidelines). */
#include <stdlib.h>

#include "tui_internal.h"

struct guidelines_view {
	struct pager pager;   /* first: pager_act() */
	char *text;           /* owned: the notice, then the guidelines; NULL: app->guidelines */
};

static const char *const notices[] = {
	[GUIDELINES_NEW] = "Read the project's guidelines before you start, then press q.",
	[GUIDELINES_CHANGED] = "The guidelines changed since you last saw them: read them, then press q.",
};

static int open_guidelines(struct app *app, struct view *view, long arg)
{
	struct guidelines_view *g = view->private;
	if (arg > 0 && (size_t)arg < ARRAY_SIZE(notices))
		g->text = xasprintf("%s\n\n%s", notices[arg], app->guidelines);
	return 0;
}

static void close_guidelines(struct app *app, struct view *view)
{
	struct guidelines_view *g = view->private;
	free(g->text);
}

static const char *text_of(const struct app *app, const struct view *view)
{
	const struct guidelines_view *g = view->private;
	return g->text ? g->text : app->guidelines;
}

static void draw_guidelines(const struct app *app, const struct view *view)
{
	const struct guidelines_view *g = view->private;
	draw_text_screen(app, &g->pager, app->guidelines_given ? "Guidelines" : "Guidelines (built in)",
			 text_of(app, view), "q or esc closes");
}

static struct request handle_guidelines(const struct app *app, const struct view *view, const struct input *in)
{
	const struct guidelines_view *g = view->private;
	struct request r = { REQ_NONE, 0, ACT_NONE, NULL, in->key, NULL };
	enum action a = in->binding ? in->binding->action : ACT_NONE;
	switch (a) {
	case ACT_DOWN: case ACT_UP: case ACT_PAGE_DOWN: case ACT_PAGE_UP: case ACT_TOP: case ACT_BOTTOM:
		return request_scroll(g->pager.scroll, scroll_delta(a),
				      wrapped_lines(text_of(app, view), text_screen_width()), text_screen_rows());
	case ACT_HELP:
		r.kind = REQ_PUSH;
		r.view = &view_help;
		return r;
	default:
		/* any other key closes them, q too (a pager: less, man) */
		r.kind = REQ_POP;
		return r;
	}
}

const struct view_ops view_guidelines = {
	.name = "guidelines",
	.private_size = sizeof(struct guidelines_view),
	.open = open_guidelines, .close = close_guidelines,
	.draw = draw_guidelines, .handle = handle_guidelines, .act = pager_act,
};
