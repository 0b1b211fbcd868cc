/* view_arena.c - the arena screen of convqa chat --systems A,B: each
 * question goes to both systems at once (two live conversations sharing
 * one conversation's turns, live.h), the loop waiting on the descriptors
 * of both; the two answers then show as the pair screen shows them
 * (pair_draw_answers), the side of each system drawn per turn from a
 * seeded coin balanced over each two turns, names hidden. The evaluator
 * picks with the pairwise scheme's keys (a or left, b or right, e tie, x
 * both bad): the preference is stored at once, normalised to the systems,
 * as a label of the turn's pair (made on the fly), and the next question
 * goes with the preferred answer as both systems' history (a tie or both
 * bad: each its own), or each system's own (tui_chat.history_own). One
 * system failing keeps the other's answer; enter re-sends the question
 * to the failed one alone. */
#include <stdlib.h>
#include <string.h>

#include "app_internal.h"
#include "convqa/assign.h"
#include "convqa/json.h"
#include "convqa/labelling.h"
#include "convqa/live.h"
#include "convqa/order.h"
#include "convqa/store_live.h"
#include "convqa/store_pair.h"
#include "convqa/system.h"
#include "convqa/text.h"
#include "tui_internal.h"

#define ARENA_MAX_QUESTION 4000   /* bytes */

enum arena_stage { ARENA_ASK, ARENA_WAIT, ARENA_PICK };

struct arena {
	struct live_opts lo[2];          /* 0: the first system named, 1: the second */
	struct live *live[2];
	char *name, *extra;              /* the conversation's name, its metadata's arena part */
	struct line_edit ed;
	unsigned long watch[2 * SYSTEM_MAX_FDS], tick;
	size_t n_watch;
	long waited;
	enum arena_stage stage;
	size_t done;                     /* turns both systems answered */
	char *question;                  /* the question of the turn in hand (sent, or to re-send) */
	char *shown_q;                   /* the last answered turn's, sanitised */
	struct store_item left, right;   /* its two answers as shown */
	int64_t resp[2];                 /* their responses, by system */
	int first_left;                  /* 1: system 0's answer on the left this turn */
	int show_passages, scroll;
	const struct scheme_field *pref; /* the pairwise scheme's preference field */
	uint64_t seed;                   /* the sides': --seed with the conversation's name */
	char errs[2][sizeof(((struct error *)0)->msg)];   /* why each system failed the turn in hand */
};

/* Whether system 0 is shown left on turn i (0-based): a seeded coin per
 * two turns, the second of each two the other side, so that over the
 * conversation each system is left within one of half the turns. */
static int first_left_on(uint64_t seed, size_t i)
{
	uint64_t state = seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)(i / 2 + 1));
	int coin = (int)(assign_rng_next(&state) & 1);
	return i % 2 ? !coin : coin;
}

static int answered(const struct arena *c, int i)
{
	return live_turns(c->live[i]) > c->done;
}

static void unwatch(struct app *app, struct arena *c)
{
	for (size_t i = 0; i < c->n_watch; i++)
		loop_remove(&app->loop, c->watch[i]);
	c->n_watch = 0;
	loop_remove(&app->loop, c->tick);
	c->tick = 0;
}

/* The side's letter of system i on the turn in hand. */
static const char *side_of(const struct arena *c, int i)
{
	return (i == 0) == (c->first_left != 0) ? "A" : "B";
}

static int load_pair(struct app *app, struct arena *c)
{
	struct error err;
	for (int i = 0; i < 2; i++)
		c->resp[i] = live_last_response(c->live[i]);
	store_item_release(&c->left);
	store_item_release(&c->right);
	if (store_item_load(app->store, c->resp[c->first_left ? 0 : 1], &c->left, &err) != ST_OK ||
	    store_item_load(app->store, c->resp[c->first_left ? 1 : 0], &c->right, &err) != ST_OK) {
		app_fail(app, &err);
		return -1;
	}
	app_sanitize_item(&c->left);
	app_sanitize_item(&c->right);
	app_blind_item(&c->left);
	app_blind_item(&c->right);
	return 0;
}

/* Both answers are in: the turn is stored, shown, to be judged. */
static void both_answered(struct app *app, struct arena *c)
{
	struct tui_chat *tc = app->opt->chat;
	c->done++;
	if (load_pair(app, c) != 0)
		return;
	struct strbuf sb = STRBUF_INIT;
	text_sanitize(&sb, c->question, strlen(c->question), TEXT_NEWLINES);
	free(c->shown_q);
	c->shown_q = strbuf_detach(&sb);
	line_edit_remember(&c->ed, c->question);
	line_edit_set(&c->ed, NULL);
	free(tc->conversation);
	tc->conversation = xstrdup(c->name);
	tc->turns = c->done;
	if (!tc->first_response) {
		int64_t a = live_first_response(c->live[0]), b = live_first_response(c->live[1]);
		tc->first_response = a && (a < b || !b) ? a : b;
	}
	c->stage = ARENA_PICK;
	c->show_passages = c->scroll = 0;
	app_message(app, MSG_SAVED, "turn %zu stored: which answer is better? a/\xe2\x86\x90 A \xc2\xb7 b/\xe2\x86\x92 B "
		    "\xc2\xb7 e tie \xc2\xb7 x both bad", c->done);
}

/* Neither system is busy any more: both answered, or one (or both) failed. */
static void settle(struct app *app, struct arena *c)
{
	unwatch(app, c);
	if (answered(c, 0) && answered(c, 1)) {
		both_answered(app, c);
		return;
	}
	c->stage = ARENA_ASK;
	int i = answered(c, 0) ? 1 : 0;   /* the system that failed */
	if (!answered(c, 0) && !answered(c, 1))
		app_message(app, MSG_ERROR, "neither answer came, enter sends the question again: A: %s",
			    c->errs[c->first_left ? 0 : 1]);
	else
		app_message(app, MSG_ERROR, "answer %s failed, %s kept \xc2\xb7 enter re-sends to %s alone: %s",
			    side_of(c, i), side_of(c, 1 - i), side_of(c, i), c->errs[i]);
}

static void wait_more(struct app *app, struct arena *c);

/* Move both turns in flight on; c->errs keeps each system's failure. */
static void poll_both(struct app *app, struct arena *c, int block)
{
	int busy = 0;
	for (int i = 0; i < 2; i++) {
		if (!live_busy(c->live[i], NULL))
			continue;
		struct error err;
		enum system_result res = block ? live_wait(c->live[i], &err) : live_read(c->live[i], &err);
		if (res == SYSTEM_ERROR)
			snprintf(c->errs[i], sizeof(c->errs[i]), "%s", err.msg);
		busy |= res == SYSTEM_PENDING;
	}
	if (busy) {
		wait_more(app, c);
		return;
	}
	settle(app, c);
	c->errs[0][0] = c->errs[1][0] = '\0';
}

static void on_fd(struct app *app, int fd, void *ctx)
{
	(void)fd;
	poll_both(app, ctx, 0);
}

static void on_tick(struct app *app, void *ctx)
{
	struct arena *c = ctx;
	double since = 0, s1 = 0;
	c->tick = 0;
	live_busy(c->live[0], &since);
	if (live_busy(c->live[1], &s1) && (s1 < since || !since))
		since = s1;
	c->waited = (long)(now_monotonic() - since);
	poll_both(app, c, 0);
}

/* Watch the descriptors of both turns in flight; wake at the next second
 * or the nearer deadline. */
static void wait_more(struct app *app, struct arena *c)
{
	double next = 1.0;
	unwatch(app, c);
	for (int i = 0; i < 2; i++) {
		struct pollfd fds[SYSTEM_MAX_FDS];
		double deadline = 0;
		size_t n = live_pollfds(c->live[i], fds, SYSTEM_MAX_FDS, &deadline);
		for (size_t j = 0; j < n; j++)
			c->watch[c->n_watch++] = loop_watch_events(&app->loop, fds[j].fd, fds[j].events, on_fd, c);
		double left = deadline > 0 ? deadline - now_monotonic() : 1.0;
		if (left < next)
			next = left > 0 ? left : 0;
	}
	c->tick = loop_at(&app->loop, loop_now(&app->loop) + next, on_tick, c);
}

/* The conversation's name and metadata, at its first question. */
static enum status name_conversation(struct app *app, struct arena *c, struct error *err)
{
	const struct tui_chat *tc = app->opt->chat;
	if (c->name)
		return ST_OK;
	enum status st = store_live_name(app->store, app->opt->rater, &c->name, err);
	if (st != ST_OK)
		return st;
	c->seed = order_seed(tc->seed, c->name);
	struct strbuf sb = STRBUF_INIT;
	json_member(&sb, ", \"arena\": {\"systems\": [", tc->system);
	json_member(&sb, ", ", tc->system_b);
	strbuf_addf(&sb, "], \"history\": \"%s\", \"seed\": %llu}", tc->history_own ? "own" : "preferred",
		    (unsigned long long)tc->seed);
	c->extra = strbuf_detach(&sb);
	for (int i = 0; i < 2; i++) {
		c->lo[i].name = c->name;
		c->lo[i].conv_extra = c->extra;
	}
	return ST_OK;
}

/* Send the turn's question to each system that has not answered it. */
static void send_turn(struct app *app, struct arena *c)
{
	struct error err;
	enum status st = name_conversation(app, c, &err);
	c->first_left = first_left_on(c->seed, c->done);
	c->lo[0].side = side_of(c, 0);
	c->lo[1].side = side_of(c, 1);
	for (int i = 0; st == ST_OK && i < 2; i++)
		if (!answered(c, i))
			st = live_send(c->live[i], c->question, &err);
	if (st != ST_OK) {
		live_cancel(c->live[0]);
		live_cancel(c->live[1]);
		app_message(app, MSG_ERROR, "not sent, enter tries again: %s", err.msg);
		return;
	}
	c->waited = 0;
	c->stage = ARENA_WAIT;
	app->message[0] = '\0';
	poll_both(app, c, app->loop.virtual_clock);
}

/* Enter with a question typed: a new turn, or the turn in hand again. */
static void send_question(struct app *app, struct arena *c)
{
	size_t len;
	const char *s = line_edit_trimmed(&c->ed, &len);
	if (!len) {
		app_message(app, MSG_INFO, "type a question first \xc2\xb7 F2 ends the conversation");
		return;
	}
	int retry = answered(c, 0) != answered(c, 1);
	if (!retry) {
		free(c->question);
		c->question = xstrndup(s, len);
	}
	send_turn(app, c);
}

/* The preference picked as shown (0: the left answer, 1: the right, 2:
 * tie, 3: both bad), stored normalised, then the history set. */
static void pick(struct app *app, struct arena *c, size_t cat)
{
	struct tui_chat *tc = app->opt->chat;
	struct error err;
	int64_t pair = 0;
	int swapped = 0;
	enum status st = store_pair_ensure(app->store, c->left.response_id, c->right.response_id, &pair, &swapped,
					   &err);
	const char *value = c->pref->categories[cat <= 1 ? (size_t)((cat == 1) != swapped) : cat].value;
	if (st == ST_OK)
		st = labelling_set_pair(tc->prefs, pair, c->pref->name, value, app->active, &err);
	if (st != ST_OK) {
		app_message(app, MSG_ERROR, "not saved: %s", err.msg);
		return;
	}
	app->active = 0;
	c->scroll = 0;
	tc->preferences++;
	const char *how = "each system goes on with its own answer";
	if (cat <= 1 && !tc->history_own) {
		int won = (cat == 0) == (c->first_left != 0) ? 0 : 1;
		const struct system_reply *r = live_last(c->live[won], NULL, NULL);
		live_set_history_answer(c->live[1 - won], c->done - 1, r->answer);
		how = cat == 0 ? "both systems go on with answer A" : "both systems go on with answer B";
	}
	c->stage = ARENA_ASK;
	app_message(app, MSG_SAVED, "saved: %s \xc2\xb7 %s \xc2\xb7 type the next question", c->pref->categories[cat].label,
		    how);
}

static int open_arena(struct app *app, struct view *view, long arg)
{
	(void)arg;
	struct arena *c = view->private;
	const struct tui_chat *tc = app->opt->chat;
	c->lo[0] = (struct live_opts){ tc->spec, tc->system, tc->system_id, app->opt->rater, tc->timeout, tc->round,
				       tc->from, NULL, NULL, 1, NULL };
	c->lo[1] = c->lo[0];
	c->lo[1].spec = tc->spec_b;
	c->lo[1].system = tc->system_b;
	c->lo[1].system_id = tc->system_b_id;
	live_new(app->store, &c->lo[0], &c->live[0]);
	live_new(app->store, &c->lo[1], &c->live[1]);
	c->pref = scheme_field_by_role(tc->prefs->scheme, SROLE_PREFERENCE);
	line_edit_set(&c->ed, tc->first_question);
	app_message(app, MSG_INFO, tc->first_question ? "the first question is filled in: enter sends it to both "
		    "systems" : "type a question, enter sends it to both systems \xc2\xb7 F1 help \xc2\xb7 F2 ends");
	return 0;
}

static void close_arena(struct app *app, struct view *view)
{
	struct arena *c = view->private;
	unwatch(app, c);
	live_free(c->live[0]);
	live_free(c->live[1]);
	line_edit_release(&c->ed);
	store_item_release(&c->left);
	store_item_release(&c->right);
	free(c->name);
	free(c->extra);
	free(c->question);
	free(c->shown_q);
}

static void draw_arena_header(const struct app *app, const struct arena *c)
{
	attr_t h = style(S_HEADER);
	char right[160];
	draw_fill(0, 0, COLS, h);
	snprintf(right, sizeof(right), "%s%sturn %zu ", c->name ? c->name : "", c->name ? " \xc2\xb7 " : "",
		 c->done + (c->stage != ARENA_PICK));
	struct strbuf shown = STRBUF_INIT;
	text_sanitize(&shown, right, strlen(right), 0);
	int rw = (int)text_width(shown.buf, shown.len);
	if (rw > COLS / 2)
		rw = 0;
	draw_fmt(0, 0, COLS - rw - 1, h, COLS >= 60 ? " convqa \xc2\xb7 %s \xc2\xb7 rater %s \xc2\xb7 arena, names "
		 "hidden" : " %s \xc2\xb7 %s \xc2\xb7 arena", app->opt->project, app->opt->rater);
	if (rw)
		draw_str(0, COLS - rw, rw, shown.buf, h);
	strbuf_release(&shown);
}

static void draw_body(const struct app *app, const struct arena *c, int bottom)
{
	if (!c->shown_q) {
		draw_rule(1, "Arena", NULL);
		draw_wrapped_cut(2, 1, COLS - 2, bottom - 2, "Ask your questions, one at a time: each goes to two "
				 "systems at once, and their answers show side by side as A and B, the sides drawn "
				 "for each turn, the systems' names hidden. Say which is better; the conversation "
				 "goes on. F2 ends it; then you judge its turns.", style(S_DIM));
		return;
	}
	char title[64];
	snprintf(title, sizeof(title), "Question %zu", c->done);
	draw_rule(1, title, NULL);
	int q = LINES >= 30 ? 2 : 1;
	size_t n = draw_wrapped_cut(2, 1, COLS - 2, q, c->shown_q, style(S_BOLD));
	int y = 2 + (n < (size_t)q ? (int)(n ? n : 1) : q);
	pair_draw_answers(app, &c->left, &c->right, y, bottom, c->show_passages, c->scroll);
}

static void draw_arena(const struct app *app, const struct view *view)
{
	const struct arena *c = view->private;
	int y = LINES - 3;
	erase();
	draw_arena_header(app, c);
	draw_body(app, c, y);
	char title[64];
	if (c->stage == ARENA_PICK) {
		draw_rule(y, "Which answer is better?", COLS >= 70 ? "a/\xe2\x86\x90 A \xc2\xb7 b/\xe2\x86\x92 B \xc2\xb7 "
			  "e tie \xc2\xb7 x both bad \xc2\xb7 enter passages" : "a b e x");
		draw_str(y + 1, 1, COLS - 2, "judge the two answers to ask the next question", style(S_DIM));
		draw_status(app, NULL);
		return;
	}
	snprintf(title, sizeof(title), "Your question %zu", c->done + 1);
	draw_rule(y, title, "enter sends \xc2\xb7 \xe2\x86\x91/\xe2\x86\x93 earlier \xc2\xb7 F2 ends");
	if (c->stage == ARENA_WAIT)
		draw_fmt(LINES - 1, 1, COLS - 2, style(S_HINT), "waiting for the answers (%ld s) \xc2\xb7 esc cancels",
			 c->waited);
	else
		draw_status(app, NULL);
	draw_str(y + 1, 1, 2, "> ", style(S_BOLD));
	int x = line_edit_draw(&c->ed, y + 1, 3, COLS - 4, A_NORMAL);
	move(y + 1, x < COLS ? x : COLS - 1);
}

/* A key while the two answers wait for the evaluator's preference. */
static void pick_key(struct app *app, struct arena *c, struct key k)
{
	char name[32];
	if (k.fkey && (k.code == KEY_LEFT || k.code == KEY_RIGHT)) {
		pick(app, c, k.code == KEY_RIGHT);
		return;
	}
	if (k.fkey && (k.code == KEY_UP || k.code == KEY_DOWN || k.code == KEY_PPAGE || k.code == KEY_NPAGE)) {
		int d = k.code == KEY_UP ? -1 : k.code == KEY_DOWN ? 1 : k.code == KEY_PPAGE ? -10 : 10;
		c->scroll = c->scroll + d < 0 ? 0 : c->scroll + d;
		return;
	}
	for (size_t i = 0; !k.fkey && i < c->pref->n_categories; i++) {
		const char *key = c->pref->categories[i].key;
		if (key && !key[1] && (uint32_t)(unsigned char)key[0] == k.code) {
			pick(app, c, i);
			return;
		}
	}
	app_message(app, MSG_INFO, "the key %s does nothing here: a/\xe2\x86\x90 A, b/\xe2\x86\x92 B, e tie, x both bad",
		    key_to_name(k, name));
}

static void cancel(struct app *app, struct arena *c)
{
	if (c->stage != ARENA_WAIT) {
		app_message(app, MSG_INFO, "esc cancels a question while it waits \xc2\xb7 F2 ends the conversation");
		return;
	}
	live_cancel(c->live[0]);
	live_cancel(c->live[1]);
	unwatch(app, c);
	c->stage = ARENA_ASK;
	app_message(app, MSG_INFO, "cancelled: the conversation is as it was, the question kept (enter sends it again)");
}

static struct request act_arena(struct app *app, struct view *view, const struct request *r)
{
	struct arena *c = view->private;
	struct tui_chat *tc = app->opt->chat;
	char k[32];
	switch (r->kind) {
	case REQ_TEXT_EDIT:
		if (c->stage == ARENA_WAIT)
			app_message(app, MSG_INFO, "waiting for the answers \xc2\xb7 esc cancels");
		else if (c->stage == ARENA_PICK)
			pick_key(app, c, r->key);
		else if (!line_edit_key(&c->ed, r->key, ARENA_MAX_QUESTION))
			app_message(app, MSG_INFO, "the key %s does nothing here \xc2\xb7 F1 lists the keys",
				    key_to_name(r->key, k));
		return (struct request){ .kind = REQ_NONE };
	case REQ_TEXT_ENTER:
		if (c->stage == ARENA_WAIT)
			app_message(app, MSG_INFO, "waiting for the answers \xc2\xb7 esc cancels");
		else if (c->stage == ARENA_PICK)
			c->show_passages = !c->show_passages, c->scroll = 0;
		else
			send_question(app, c);
		return (struct request){ .kind = REQ_NONE };
	case REQ_CHAT_CANCEL:
		cancel(app, c);
		return (struct request){ .kind = REQ_NONE };
	case REQ_CHAT_END:
		if (c->stage == ARENA_WAIT) {
			app_message(app, MSG_INFO, "waiting for the answers: esc cancels the question first");
			return (struct request){ .kind = REQ_NONE };
		}
		tc->judge = tc->turns > 0;
		return *r;
	default:
		return *r;
	}
}

const struct view_ops view_arena = {
	.name = "arena", .cursor = 1,
	.private_size = sizeof(struct arena), .open = open_arena, .close = close_arena,
	.draw = draw_arena, .handle = chat_handle, .act = act_arena,
};
