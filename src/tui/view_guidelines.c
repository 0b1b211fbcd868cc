/* view_guidelines.c - the annotation guidelines (--guidelines FILE, the
 * project setting "guidelines", or a summary built from the scheme);
 * shown on a key and once at a rater's first start. */
#include "tui_internal.h"

static void draw_guidelines(const struct app *app, const struct view *view)
{
	draw_text_screen(app, view->private, app->guidelines_given ? "Guidelines" : "Guidelines (built in)", app->guidelines,
			 "q or esc closes");
}

static struct request handle_guidelines(const struct app *app, const struct view *view, const struct input *in)
{
	const struct pager *p = view->private;
	struct request r = { REQ_NONE, 0, ACT_NONE, NULL, in->key, NULL };
	enum action a = in->binding ? in->binding->action : ACT_NONE;
	switch (a) {
	case ACT_DOWN: case ACT_UP: case ACT_PAGE_DOWN: case ACT_PAGE_UP: case ACT_TOP: case ACT_BOTTOM:
		return request_scroll(p->scroll, scroll_delta(a), wrapped_lines(app->guidelines, text_screen_width()),
				      text_screen_rows());
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
	.private_size = sizeof(struct pager),
	.draw = draw_guidelines, .handle = handle_guidelines, .act = pager_act,
};
