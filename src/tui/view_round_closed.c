/* view_round_closed.c - shown once, the first time a label is not saved
 * because a coordinator closed the session's round while it was open: what
 * that means for the rater (nothing further is saved in the round, the
 * labels so far are kept) and what to do (ask to reopen it; the session
 * saves again once it is). Any key but the scroll keys closes it. */
#include <stdlib.h>
#include <string.h>

#include "convqa/text.h"
#include "tui_internal.h"

struct closed_view {
	struct pager pager;   /* first: pager_act() */
	char *text;           /* owned */
};

static int open_closed(struct app *app, struct view *view, long arg)
{
	struct closed_view *c = view->private;
	struct strbuf round = STRBUF_INIT;
	const char *name = app->opt->round ? app->opt->round : "";
	(void)arg;
	text_sanitize(&round, name, strlen(name), 0);
	const char *r = strbuf_str(&round);
	c->text = xasprintf("Round %s was closed by a coordinator while you were labelling it.\n\n"
			    "Nothing more is saved in this round: the change you just made was not saved, "
			    "and none will be while the round is closed.\n\n"
			    "Your labels saved before the round was closed are kept.\n\n"
			    "To go on, ask a coordinator to reopen the round (convqa round reopen %s): "
			    "from then on your changes are saved again, in this session too. Or quit with q "
			    "on the item screen.", r, r);
	strbuf_release(&round);
	return 0;
}

static void close_closed(struct app *app, struct view *view)
{
	struct closed_view *c = view->private;
	(void)app;
	free(c->text);
}

static void draw_closed(const struct app *app, const struct view *view)
{
	const struct closed_view *c = view->private;
	draw_text_screen(app, &c->pager, "Round closed", c->text, "any key closes");
}

static struct request handle_closed(const struct app *app, const struct view *view, const struct input *in)
{
	const struct closed_view *c = view->private;
	struct request r = { REQ_POP, 0, ACT_NONE, NULL, in->key, NULL };
	enum action a = in->binding ? in->binding->action : ACT_NONE;
	(void)app;
	switch (a) {
	case ACT_DOWN: case ACT_UP: case ACT_PAGE_DOWN: case ACT_PAGE_UP: case ACT_TOP: case ACT_BOTTOM:
		return request_scroll(c->pager.scroll, scroll_delta(a), wrapped_lines(c->text, text_screen_width()),
				      text_screen_rows());
	default:
		return r;   /* any other key closes it, q too (a pager) */
	}
}

const struct view_ops view_round_closed = {
	.name = "round closed",
	.private_size = sizeof(struct closed_view),
	.open = open_closed, .close = close_closed,
	.draw = draw_closed, .handle = handle_closed, .act = pager_act,
};
