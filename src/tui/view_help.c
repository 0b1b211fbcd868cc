/* view_help.c - the help screen, generated from the action table and the
 * default key bindings (actions.c): only the keys of the current task. */
#include <stdio.h>

#include "tui_internal.h"

static void help_text(const struct app *app, struct strbuf *sb)
{
	strbuf_addf(sb, "Keys for the %s task. Every change is saved at once; the status line "
			"says \"saved\" when it is.\n\n", app->task_name);
	help_lines(app->opt->task, text_screen_width() < 60, sb);
}

static void draw_help(const struct app *app, const struct view *view)
{
	struct strbuf sb = STRBUF_INIT;
	help_text(app, &sb);
	draw_text_screen(app, view->private, "Help", strbuf_str(&sb), "q or esc closes");
	strbuf_release(&sb);
}

static struct request handle_help(const struct app *app, const struct view *view, const struct input *in)
{
	const struct pager *p = view->private;
	struct request r = { REQ_NONE, 0, ACT_NONE, NULL, in->key };
	enum action a = in->binding ? in->binding->action : ACT_NONE;
	struct strbuf sb = STRBUF_INIT;
	size_t total;
	switch (a) {
	case ACT_DOWN: case ACT_UP: case ACT_PAGE_DOWN: case ACT_PAGE_UP: case ACT_TOP: case ACT_BOTTOM:
		help_text(app, &sb);
		total = wrapped_lines(strbuf_str(&sb), text_screen_width());
		strbuf_release(&sb);
		return request_scroll(p->scroll, scroll_delta(a), total, text_screen_rows());
	case ACT_GUIDELINES:
		r.kind = REQ_PUSH;
		r.view = &view_guidelines;
		return r;
	default:
		/* any other key closes the help; q too, as in less and man
		 * (q quits from the item screen) */
		r.kind = REQ_POP;
		return r;
	}
}

const struct view_ops view_help = {
	.name = "help",
	.private_size = sizeof(struct pager),
	.draw = draw_help, .handle = handle_help, .act = pager_act,
};
