/* view_jump.c - the prompt of a jump to item N (:), drawn over the screen
 * below it (the item screen, the pair screen, the list, the summary): the
 * number as the header counts ("item 12 of 80": 12; pairs and
 * disagreements are named so), enter goes there, esc cancels; a number
 * that is not one of the queue's is said so and can be corrected. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/text.h"
#include "tui_internal.h"

#define JUMP_MAX 40   /* bytes typed, at most */

/* The private state: what is typed, and why enter did not go (or ""). */
struct jump {
	struct line_edit ed;
	char error[160];
};

/* What the queue's done ones are. */
static const char *done_word(const struct app *app)
{
	return app->opt->adjudication ? "settled" : app->pairs ? "judged" : "finished";
}

static void close_jump(struct app *app, struct view *view)
{
	struct jump *j = view->private;
	line_edit_release(&j->ed);
}

static void draw_jump(const struct app *app, const struct view *view)
{
	const struct jump *j = view->private;
	char esc[32], enter[32], hint[96];
	int y = LINES - 3;
	draw_fill(y + 1, 0, COLS, A_NORMAL);
	draw_fill(y + 2, 0, COLS, A_NORMAL);
	snprintf(hint, sizeof(hint), "%s goes \xc2\xb7 %s cancels", action_key(ACT_OPEN, enter),
		 action_key(ACT_BACK, esc));
	char title[40];
	snprintf(title, sizeof(title), "Go to %s", app_queue_unit(app));
	draw_rule(y, title, hint);
	int x = 1 + draw_fmt(y + 1, 1, COLS - 2, style(S_BOLD), "%s (1-%zu): ", app_queue_unit(app), app->queue.n);
	/* COLS - 1 - x columns for the text, the cursor may stand after them */
	x = line_edit_draw(&j->ed, y + 1, x, COLS - 1 - x + 1, A_NORMAL);
	if (j->error[0])
		draw_fmt(y + 2, 1, COLS - 2, style(S_ERROR), "%s", j->error);
	else
		draw_fmt(y + 2, 1, COLS - 2, style(S_DIM), "%s %zu of %zu is shown; %zu %s", app_queue_unit(app), app->cur + 1,
			 app->queue.n, app->queue.n_finished, done_word(app));
	move(y + 1, x < COLS ? x : COLS - 1);
}

static struct request handle_jump(const struct app *app, const struct view *view, const struct input *in)
{
	return request_typing(in);
}

/* The queue position of the item numbered by text, or -1 with why not in
 * j->error. */
static long item_number(const struct app *app, struct jump *j)
{
	size_t n = app->queue.n;
	const char *t = strbuf_str(&j->ed.text);
	while (*t == ' ')
		t++;
	size_t len = strlen(t);
	while (len && t[len - 1] == ' ')
		len--;
	char *num = xstrndup(t, len);
	long v = -1;
	if (!*num) {
		snprintf(j->error, sizeof(j->error), "type a%s %s's number, 1 to %zu (esc cancels)",
			 strcmp(app_queue_unit(app), "item") ? "" : "n", app_queue_unit(app), n);
	} else if (strspn(num, "0123456789") != len || len > 18) {
		snprintf(j->error, sizeof(j->error), "'%s' is not a%s %s number: type 1 to %zu", num,
			 strcmp(app_queue_unit(app), "item") ? "" : "n", app_queue_unit(app), n);
	} else if (parse_long(num, 1, (long)n, &v) != 0) {
		snprintf(j->error, sizeof(j->error), "there is no %s %s: the queue has %ss 1 to %zu", app_queue_unit(app), num,
			 app_queue_unit(app), n);
		v = -1;
	} else {
		v--;
	}
	free(num);
	return v;
}

static struct request act_jump(struct app *app, struct view *view, const struct request *r)
{
	struct jump *j = view->private;
	if (edit_typed_text(&j->ed, r, JUMP_MAX)) {
		j->error[0] = '\0';   /* what it said was of the text before */
		return (struct request){ .kind = REQ_NONE };
	}
	if (r->kind != REQ_TEXT_ENTER)
		return *r;
	long pos = item_number(app, j);
	if (pos < 0)
		return (struct request){ .kind = REQ_NONE };   /* the prompt stays, saying why */
	return (struct request){ .kind = REQ_GOTO, .arg = pos };
}

const struct view_ops view_jump = {
	.name = "jump", .overlay = 1, .cursor = 1,
	.private_size = sizeof(struct jump), .close = close_jump,
	.draw = draw_jump, .handle = handle_jump, .act = act_jump,
};
