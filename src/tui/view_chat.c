/* view_chat.c - the chat screen of convqa chat: the evaluator types a
 * question in a line editor; enter sends it with the conversation so far
 * (live.h) and the loop waits on the system's descriptors and deadline
 * ("waiting for SYSTEM (3 s)", esc cancels); the answer and the passages
 * then show as the turn screen shows them, each exchange stored at once. A
 * failed turn leaves the conversation and the typed question as they were.
 * F2 ends the conversation (tui_chat.judge: its turns are judged next). In
 * script mode a question is waited for before the next key, so that a
 * script run is deterministic. */
#include <stdlib.h>
#include <string.h>

#include "convqa/live.h"
#include "convqa/system.h"
#include "convqa/text.h"
#include "tui_internal.h"

#define CHAT_MAX_QUESTION 4000   /* bytes */

struct shown_passage {
	char *id, *title, *text;
	double score;
	int has_score;
};

/* The private state: the conversation, the editor, what the loop watches,
 * the last exchange sanitised for the screen. */
struct chat {
	struct live_opts lo;
	struct live *live;
	struct line_edit ed;
	unsigned long watch[SYSTEM_MAX_FDS], tick;
	size_t n_watch;
	long waited;                     /* whole seconds, shown while waiting */
	char *question, *answer;
	struct shown_passage *p;
	size_t n_p;
	double latency;
};

static void forget_shown(struct chat *c)
{
	free(c->question);
	free(c->answer);
	for (size_t i = 0; i < c->n_p; i++) {
		free(c->p[i].id);
		free(c->p[i].title);
		free(c->p[i].text);
	}
	free(c->p);
	c->question = c->answer = NULL;
	c->p = NULL;
	c->n_p = 0;
}

static void show_last(struct chat *c)
{
	const char *q = NULL;
	const struct system_reply *r = live_last(c->live, &q, &c->latency);
	forget_shown(c);
	c->question = text_sanitize_dup(q, TEXT_NEWLINES);
	c->answer = text_sanitize_dup(r->answer, TEXT_NEWLINES);
	c->p = xcalloc(r->n_passages + 1, sizeof(*c->p));
	c->n_p = r->n_passages;
	for (size_t i = 0; i < r->n_passages; i++) {
		const struct system_passage *sp = &r->passages[i];
		c->p[i] = (struct shown_passage){ text_sanitize_dup(sp->id, 0),
						  sp->title ? text_sanitize_dup(sp->title, 0) : NULL,
						  text_sanitize_dup(sp->text, 0), sp->score, sp->has_score };
	}
}

static void unwatch(struct app *app, struct chat *c)
{
	for (size_t i = 0; i < c->n_watch; i++)
		loop_remove(&app->loop, c->watch[i]);
	c->n_watch = 0;
	loop_remove(&app->loop, c->tick);
	c->tick = 0;
}

/* The turn is over: stored (what the project has now), or failed (why). */
static void finish(struct app *app, struct chat *c, enum system_result res, const struct error *err)
{
	struct tui_chat *tc = app->opt->chat;
	unwatch(app, c);
	if (res == SYSTEM_ERROR) {
		app_message(app, MSG_ERROR, "not answered, enter sends it again: %s (the conversation is as it "
			    "was)", err->msg);
		return;
	}
	show_last(c);
	line_edit_remember(&c->ed, strbuf_str(&c->ed.text));
	line_edit_set(&c->ed, NULL);
	free(tc->conversation);
	tc->conversation = xstrdup(live_conversation(c->live));
	tc->turns = live_turns(c->live);
	tc->first_response = live_first_response(c->live);
	app_message(app, MSG_SAVED, "turn %zu stored in %s (%.1f s) \xc2\xb7 F2 ends the conversation and judges it",
		    tc->turns, tc->conversation, c->latency);
}

static void wait_more(struct app *app, struct chat *c);

static void on_fd(struct app *app, int fd, void *ctx)
{
	struct chat *c = ctx;
	struct error err;
	enum system_result res = live_read(c->live, &err);
	if (res == SYSTEM_PENDING)
		wait_more(app, c);
	else
		finish(app, c, res, &err);
}

static void on_tick(struct app *app, void *ctx)
{
	struct chat *c = ctx;
	double since = 0;
	c->tick = 0;
	live_busy(c->live, &since);
	c->waited = (long)(now_monotonic() - since);
	on_fd(app, -1, c);
}

/* Watch the descriptors of the turn in flight again, and wake at the next
 * second or its deadline, whichever comes first. */
static void wait_more(struct app *app, struct chat *c)
{
	struct pollfd fds[SYSTEM_MAX_FDS];
	double deadline = 0;
	unwatch(app, c);
	size_t n = live_pollfds(c->live, fds, SYSTEM_MAX_FDS, &deadline);
	for (size_t i = 0; i < n; i++)
		c->watch[c->n_watch++] = loop_watch_events(&app->loop, fds[i].fd, fds[i].events, on_fd, c);
	double left = deadline > 0 ? deadline - now_monotonic() : 1.0;
	c->tick = loop_at(&app->loop, loop_now(&app->loop) + (left < 1.0 ? (left > 0 ? left : 0) : 1.0), on_tick, c);
}

/* The question in the editor, trimmed, sent. */
static void send_question(struct app *app, struct chat *c)
{
	size_t len;
	const char *s = line_edit_trimmed(&c->ed, &len);
	if (!len) {
		app_message(app, MSG_INFO, "type a question first \xc2\xb7 F2 ends the conversation");
		return;
	}
	char *q = xstrndup(s, len);
	struct error err;
	enum status st = live_send(c->live, q, &err);
	free(q);
	if (st != ST_OK) {
		app_message(app, MSG_ERROR, "not sent, enter tries again: %s", err.msg);
		return;
	}
	c->waited = 0;
	app->message[0] = '\0';
	enum system_result res = app->loop.virtual_clock ? live_wait(c->live, &err) : live_read(c->live, &err);
	if (res == SYSTEM_PENDING)
		wait_more(app, c);
	else
		finish(app, c, res, &err);
}

static int open_chat(struct app *app, struct view *view, long arg)
{
	struct chat *c = view->private;
	const struct tui_chat *tc = app->opt->chat;
	c->lo = (struct live_opts){ tc->spec, tc->system, tc->system_id, app->opt->rater, tc->timeout, tc->round,
				    tc->from, NULL, NULL, 0, NULL };
	live_new(app->store, &c->lo, &c->live);
	line_edit_set(&c->ed, tc->first_question);
	if (tc->first_question)
		app_message(app, MSG_INFO, "the first question is filled in: enter sends it, or change it first");
	else
		app_message(app, MSG_INFO, "type a question for %s, enter sends it \xc2\xb7 F1 help \xc2\xb7 F2 ends",
			    tc->system);
	return 0;
}

static void close_chat(struct app *app, struct view *view)
{
	struct chat *c = view->private;
	unwatch(app, c);
	live_free(c->live);
	line_edit_release(&c->ed);
	forget_shown(c);
}

static void draw_chat_header(const struct app *app)
{
	const struct tui_chat *tc = app->opt->chat;
	attr_t h = style(S_HEADER);
	draw_fill(0, 0, COLS, h);
	struct strbuf right = STRBUF_INIT;
	if (tc->conversation)
		strbuf_addf(&right, "%s \xc2\xb7 ", tc->conversation);
	strbuf_addf(&right, "turn %zu ", tc->turns + 1);
	struct strbuf shown = STRBUF_INIT;
	text_sanitize(&shown, right.buf, right.len, 0);
	int rw = (int)text_width(shown.buf, shown.len);
	if (rw > COLS / 2)
		rw = 0;
	draw_fmt(0, 0, COLS - rw - 1, h, COLS >= 60 ? " convqa \xc2\xb7 %s \xc2\xb7 rater %s \xc2\xb7 chat with %s" :
		 " %s \xc2\xb7 %s \xc2\xb7 %s", app->opt->project, app->opt->rater, tc->system);
	if (rw)
		draw_str(0, COLS - rw, rw, shown.buf, h);
	strbuf_release(&right);
	strbuf_release(&shown);
}

/* The passages from row y to row last: rank, id, title (score), then a
 * row of text, as the turn screen lists them. */
static void draw_passages(const struct chat *c, int y, int last)
{
	for (size_t i = 0; i < c->n_p && y <= last; i++) {
		const struct shown_passage *p = &c->p[i];
		if (y + 1 > last && i + 1 < c->n_p) {
			draw_fmt(y, 2, COLS - 3, style(S_DIM), "\xe2\x80\xa6 %zu more", c->n_p - i);
			return;
		}
		struct strbuf sb = STRBUF_INIT;
		strbuf_addf(&sb, "%zu %s", i + 1, p->id);
		if (p->title && *p->title)
			strbuf_addf(&sb, " \xc2\xb7 %s", p->title);
		if (p->has_score)
			strbuf_addf(&sb, " \xc2\xb7 %.2f", p->score);
		draw_fit(y++, 2, COLS - 3, sb.buf, A_NORMAL);
		strbuf_release(&sb);
		if (y <= last)
			draw_wrapped_cut(y++, 6, COLS - 7, 1, p->text, style(S_DIM));
	}
}

/* The last exchange in rows 1 .. last. */
static void draw_exchange(const struct app *app, const struct chat *c, int last)
{
	int w = COLS - 2, rows = last;   /* rows 1 .. last */
	char title[64];
	int q = (int)wrapped_lines(c->question, w), a = (int)wrapped_lines(c->answer, w);
	int rest = rows - 3;
	q = q < 1 ? 1 : q > 2 ? 2 : q;
	rest -= q;
	int arows = c->n_p ? rest / 2 : rest;
	a = a < 1 ? 1 : a > arows ? (arows > 0 ? arows : 1) : a;
	int y = 1;
	snprintf(title, sizeof(title), "Question %zu", app->opt->chat->turns);
	draw_rule(y++, title, NULL);
	draw_wrapped_cut(y, 1, w, q, c->question, A_NORMAL);
	y += q;
	snprintf(title, sizeof(title), "Answer \xc2\xb7 %.1f s", c->latency);
	draw_rule(y++, title, NULL);
	draw_wrapped_cut(y, 1, w, a, *c->answer ? c->answer : "(no answer)", *c->answer ? A_NORMAL : style(S_DIM));
	y += a;
	snprintf(title, sizeof(title), "Passages (%zu)", c->n_p);
	draw_rule(y++, title, NULL);
	if (!c->n_p)
		draw_str(y, 1, w, "the system gave no passages", style(S_DIM));
	draw_passages(c, y, last);
}

static void draw_chat(const struct app *app, const struct view *view)
{
	const struct chat *c = view->private;
	const struct tui_chat *tc = app->opt->chat;
	int last = LINES - 4, y = LINES - 3;
	draw_chat_header(app);
	if (c->question) {
		draw_exchange(app, c, last);
	} else {
		draw_rule(1, "Chat", NULL);
		struct strbuf sb = STRBUF_INIT;
		strbuf_addf(&sb, "Ask %s questions, one at a time: each goes with the conversation so far, and each "
			    "answer is stored at once with its passages. F2 ends the conversation; then you judge its "
			    "turns.", tc->system);
		struct strbuf shown = STRBUF_INIT;
		text_sanitize(&shown, sb.buf, sb.len, 0);
		draw_wrapped_cut(2, 1, COLS - 2, last - 1, shown.buf, style(S_DIM));
		strbuf_release(&sb);
		strbuf_release(&shown);
	}
	char title[64];
	snprintf(title, sizeof(title), "Your question %zu", tc->turns + 1);
	draw_rule(y, title, "enter sends \xc2\xb7 \xe2\x86\x91/\xe2\x86\x93 earlier \xc2\xb7 F2 ends");
	double since;
	if (live_busy(c->live, &since))
		draw_fmt(LINES - 1, 1, COLS - 2, style(S_HINT), "waiting for %s (%ld s) \xc2\xb7 esc cancels",
			 tc->system, c->waited);
	else
		draw_status(app, NULL);
	draw_str(y + 1, 1, 2, "> ", style(S_BOLD));
	int x = line_edit_draw(&c->ed, y + 1, 3, COLS - 4, A_NORMAL);
	move(y + 1, x < COLS ? x : COLS - 1);
}

/* The keys of a question being typed (the chat and the arena): F2 ends,
 * F1 helps, esc cancels a wait, enter sends, the rest edit the line. */
struct request chat_handle(const struct app *app, const struct view *view, const struct input *in)
{
	(void)app;
	(void)view;
	struct request r = { .kind = REQ_TEXT_EDIT, .key = in->key };
	enum action a = in->binding ? in->binding->action : ACT_NONE;
	if (a == ACT_END_CHAT)
		r.kind = REQ_CHAT_END;
	else if (in->key.fkey && a == ACT_HELP)
		r = (struct request){ .kind = REQ_PUSH, .view = &view_help };
	else if (!in->key.fkey && in->key.code == 27)
		r.kind = REQ_CHAT_CANCEL;
	else if ((!in->key.fkey && (in->key.code == '\n' || in->key.code == '\r')) ||
		 (in->key.fkey && in->key.code == KEY_ENTER))
		r.kind = REQ_TEXT_ENTER;
	return r;
}

static struct request act_chat(struct app *app, struct view *view, const struct request *r)
{
	struct chat *c = view->private;
	struct tui_chat *tc = app->opt->chat;
	int busy = live_busy(c->live, NULL);
	char k[32];
	switch (r->kind) {
	case REQ_TEXT_EDIT:
		if (busy)
			app_message(app, MSG_INFO, "waiting for %s \xc2\xb7 esc cancels", tc->system);
		else if (!line_edit_key(&c->ed, r->key, CHAT_MAX_QUESTION))
			app_message(app, MSG_INFO, "the key %s does nothing here \xc2\xb7 F1 lists the keys",
				    key_to_name(r->key, k));
		return (struct request){ .kind = REQ_NONE };
	case REQ_TEXT_ENTER:
		if (busy)
			app_message(app, MSG_INFO, "waiting for %s \xc2\xb7 esc cancels", tc->system);
		else
			send_question(app, c);
		return (struct request){ .kind = REQ_NONE };
	case REQ_CHAT_CANCEL:
		if (busy) {
			live_cancel(c->live);
			unwatch(app, c);
			app_message(app, MSG_INFO, "cancelled: the conversation is as it was, the question kept "
				    "(enter sends it again)");
		} else {
			app_message(app, MSG_INFO, "esc cancels a question while it waits \xc2\xb7 F2 ends the "
				    "conversation");
		}
		return (struct request){ .kind = REQ_NONE };
	case REQ_CHAT_END:
		if (busy) {
			app_message(app, MSG_INFO, "waiting for %s: esc cancels the question first", tc->system);
			return (struct request){ .kind = REQ_NONE };
		}
		tc->judge = tc->turns > 0;
		return *r;   /* app_do: the turns judged next, or the end */
	default:
		return *r;
	}
}

const struct view_ops view_chat = {
	.name = "chat", .cursor = 1,
	.private_size = sizeof(struct chat), .open = open_chat, .close = close_chat,
	.draw = draw_chat, .handle = chat_handle, .act = act_chat,
};
