/* view_help.c - the help screen and the key table of docs/annotating.md (convqa annotate
 * --keys), both made from the session's keys (actions.c): the scheme's
 * label keys, then the fixed ones. */
#include <stdio.h>
#include <string.h>

#include "convqa/scheme.h"
#include "tui_internal.h"

/* One row of the key table: its group, keys, action and what it does. */
typedef void key_row_fn(const char *group, const char *keys, const char *action, const char *help, void *ctx);

/* What a label key does (n: how many rank keys its row has). */
static void label_help(const struct binding *b, size_t n, struct strbuf *out)
{
	const struct scheme_field *f = b->field;
	const char *no = f->n_categories > 0 ? f->categories[0].label : "";
	const char *yes = f->n_categories > 1 ? f->categories[1].label : "";
	switch (b->action) {
	case ACT_SET_VALUE:
		if (n > 1) {   /* the keys of a focused field, which they set when it is in focus */
			strbuf_addf(out, "%s (in focus):", f->name);
			for (size_t i = 0; i < n; i++)
				strbuf_addf(out, "%s %s", i ? "," : "", f->categories[b[i].arg].label);
			break;
		}
		strbuf_addf(out, "%s: %s", f->name, f->categories[b->arg].label);
		break;
	case ACT_TOGGLE_RANK:
		strbuf_addf(out, "passage at rank %d", b->arg);
		if (n > 1)
			strbuf_addf(out, "-%d", b->arg + (int)n - 1);
		strbuf_addf(out, ": %s / %s", yes, no);
		break;
	case ACT_TOGGLE_FOCUSED:
		strbuf_addf(out, "focused passage: %s / %s", yes, no);
		break;
	case ACT_SET_REST:
		strbuf_addf(out, "every passage still unjudged: %s", no);
		break;
	default:
		strbuf_addf(out, "write the %s (enter saves, esc cancels)", f->name);
		break;
	}
}

/* The help of fixed action a in the session's keys, NULL when it has
 * none there: the field focus is of schemes whose fields share keys, in
 * which tab moves it too. */
static const char *action_help(const struct keymap *km, enum action a)
{
	int focus = scheme_has_focus(km->scheme);
	if (a == ACT_PREV_FIELD && !focus)
		return NULL;
	if (a == ACT_NEXT_UNFINISHED && focus)
		return "focus the next field (from the last: next unfinished item)";
	return actions[a].help;
}

/* On the pair screen of an adjudication: what the moves do there (they go
 * through the round's disagreements), "" for the list (a rater's queue of
 * pairs: not there), NULL for the rest (as on the pair screen). */
static const char *pair_adjudication_help(enum action a, int focus)
{
	switch (a) {
	case ACT_NEXT_ITEM: return "next disagreement";
	case ACT_PREV_ITEM: return "previous disagreement";
	case ACT_NEXT_UNFINISHED: return focus ? "focus the next field (from the last: next unsettled disagreement)" :
						 "next unsettled disagreement";
	case ACT_JUMP: return "go to disagreement N: type its number, enter";
	case ACT_AUTO_ADVANCE: return "on/off: settling goes on to the next unsettled one";
	case ACT_LIST: return "";
	default: return NULL;
	}
}

/* On the pair screen (adjudicating: convqa adjudicate's): what action a
 * does there, "" when it does nothing there (not listed), NULL when it
 * does as elsewhere (focus: the scheme's fields share keys, tab and
 * shift-tab move the focus). */
static const char *pair_help(enum action a, int focus, int adjudicating)
{
	const char *adj = adjudicating ? pair_adjudication_help(a, focus) : NULL;
	if (adj)
		return adj;
	if (focus && (a == ACT_NEXT_UNFINISHED || a == ACT_PREV_FIELD))
		return a == ACT_PREV_FIELD ? NULL : "focus the next field (from the last: next pair not judged)";
	switch (a) {
	case ACT_NEXT_ITEM: return "next pair";
	case ACT_PREV_ITEM: return "previous pair";
	case ACT_NEXT_UNFINISHED: return "next pair not judged";
	case ACT_JUMP: return "go to pair N: type its number, enter";
	case ACT_AUTO_ADVANCE: return "on/off: judging a pair goes to the next one not judged";
	case ACT_DOWN: return "scroll the answers down";
	case ACT_UP: return "scroll the answers up";
	case ACT_PAGE_DOWN: return "scroll the answers 5 rows down";
	case ACT_PAGE_UP: return "scroll the answers 5 rows up";
	case ACT_TOP: return "the answers' top";
	case ACT_BOTTOM: return "the answers' end";
	case ACT_OPEN: return "show / hide both answers' passages";
	case ACT_LIST: return "the list of pairs, their state; enter goes to one";
	case ACT_NEXT_TURN: case ACT_PREV_TURN: case ACT_VIEW_TURN: case ACT_REWRITE: case ACT_SPANS:
	case ACT_SEARCH: case ACT_MARK_FOUND: case ACT_END_CHAT: case ACT_PREV_FIELD:
		return "";
	default: return NULL;
	}
}

/* Take the key named word out of the space-separated keys. */
static void drop_key(struct strbuf *keys, const char *word)
{
	struct strbuf out = STRBUF_INIT;
	const char *p = strbuf_str(keys);
	size_t n = strlen(word);
	while (*p) {
		size_t len = strcspn(p, " ");
		if (len != n || strncmp(p, word, n) != 0)
			strbuf_addf(&out, "%s%.*s", out.len ? " " : "", (int)len, p);
		p += len + (p[len] == ' ');
	}
	strbuf_reset(keys);
	strbuf_adds(keys, strbuf_str(&out));
	strbuf_release(&out);
}

/* The pair screen's arrows: they pick the answers (view_pair.c). */
static void pair_arrow_rows(const struct scheme_field *pref, int focused, key_row_fn *fn, void *ctx)
{
	struct strbuf help = STRBUF_INIT;
	for (size_t i = 0; i < 2 && i < pref->n_categories; i++) {
		strbuf_reset(&help);
		strbuf_addf(&help, "%s: %s (the %s answer)", focused ? "the field in focus" : pref->name,
			    pref->categories[i].label, i ? "right or lower" : "left or upper");
		fn(actions[ACT_SET_VALUE].group, i ? "right" : "left", actions[ACT_SET_VALUE].name, strbuf_str(&help),
		   ctx);
	}
	strbuf_release(&help);
}

/* fn for each row: the scheme's keys (a field's rank keys make one row, so
 * do the category keys of a focused field), then each other action with
 * its fixed keys (those the scheme does not take). On the pair screen
 * (pref: its preference field, else NULL; adjudicating: an adjudicator's)
 * the arrows pick the answers and the actions say what they do there. */
static void key_rows(const struct keymap *km, const struct scheme_field *pref, int adjudicating, key_row_fn *fn,
		     void *ctx)
{
	struct strbuf keys = STRBUF_INIT, help = STRBUF_INIT;
	for (size_t i = 0; i < km->n; i++) {
		const struct binding *b = &km->v[i];
		size_t j = i;
		int focused = b->action == ACT_SET_VALUE && scheme_field_focused(km->scheme, b->field);
		while ((b->action == ACT_TOGGLE_RANK || focused) && j + 1 < km->n &&
		       km->v[j + 1].action == b->action && km->v[j + 1].field == b->field)
			j++;
		strbuf_reset(&keys);
		strbuf_reset(&help);
		keys_names(b, j - i + 1, &keys);
		label_help(b, j - i + 1, &help);
		fn(actions[b->action].group, strbuf_str(&keys), actions[b->action].name, strbuf_str(&help), ctx);
		i = j;
	}
	if (pref)
		pair_arrow_rows(pref, scheme_has_focus(km->scheme), fn, ctx);
	for (int a = ACT_FIRST_NAV; a < ACT__COUNT; a++) {
		strbuf_reset(&keys);
		keymap_action_keys(km, (enum action)a, &keys);
		int focus = scheme_has_focus(km->scheme);
		const char *ph = pref ? pair_help((enum action)a, focus, adjudicating) : NULL;
		const char *h = ph ? ph : action_help(km, (enum action)a);
		if (pref) {
			drop_key(&keys, "left");
			drop_key(&keys, "right");
		}
		/* no keys: the scheme took its only key (a scheme older than the key) */
		if (keys.len && h && *h)
			fn(actions[a].group, strbuf_str(&keys), actions[a].name, h, ctx);
	}
	strbuf_release(&keys);
	strbuf_release(&help);
}

struct help_ctx {
	struct strbuf *out;
	const char *group;
	int narrow;
	size_t n;
};

static void help_row(const char *group, const char *keys, const char *action, const char *help, void *ctx)
{
	struct help_ctx *h = ctx;
	if (!h->group || strcmp(h->group, group) != 0) {
		h->group = group;
		strbuf_addf(h->out, "%s%s\n", h->n ? "\n" : "", group);
		h->n += h->n ? 2 : 1;
	}
	if (h->narrow)
		strbuf_addf(h->out, "  %s: %s\n", keys, help);
	else
		strbuf_addf(h->out, "  %-14s %s\n", keys, help);
	h->n++;
}

size_t help_lines(const struct keymap *km, const struct scheme_field *pref, int adjudicating, int narrow,
		  struct strbuf *out)
{
	struct help_ctx h = { out, NULL, narrow, 0 };
	key_rows(km, pref, adjudicating, help_row, &h);
	return h.n;
}

/* s in a Markdown table cell: '|' escaped. */
static void print_cell(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', out);
		fputc(*s, out);
	}
}

static void print_row(const char *group, const char *keys, const char *action, const char *help, void *ctx)
{
	FILE *out = ctx;
	fprintf(out, "| `%s` | %s | ", keys, action);
	print_cell(out, help);
	fprintf(out, " |\n");
}

void tui_print_keys(FILE *out, const struct scheme *sc)
{
	struct scheme *s = scheme_copy_inert(sc);
	struct keymap km;
	keymap_init(&km, s);
	fprintf(out, "| keys | action | does |\n| --- | --- | --- |\n");
	key_rows(&km, NULL, 0, print_row, out);
	keymap_release(&km);
	scheme_free(s);
}

/* ---- the help screen ---------------------------------------------------- */

static void help_text(const struct app *app, struct strbuf *sb)
{
	if (app->chatting)
		strbuf_adds(sb, "The chat: type a question; enter sends it with the conversation so far, esc "
				"cancels it while it waits, and a question that failed stays typed: enter sends it "
				"again. left, right, home and end (C-b, C-f, C-a, C-e) move in the line; backspace "
				"and delete (C-d) erase; C-u erases before the cursor, C-k after it; up and down "
				"recall earlier questions. F2 ends the conversation and its turns open in the turn "
				"screen, where the keys below judge them.\n\n");
	if (app->chatting && app->opt->chat->spec_b)
		strbuf_adds(sb, "The arena: each question goes to two systems at once; their answers show as A and "
				"B, the systems' names hidden. Before the next question, say which is better: a or left "
				"(A), b or right (B), e (a tie), x (both bad); enter unfolds the passages, up and down "
				"scroll. One system failing keeps the other's answer: enter sends the question again "
				"to it alone.\n\n");
	if (app->opt->adjudication && app->pairs)
		strbuf_addf(sb, "Adjudication of round %s: each screen is one pair of answers its raters disagree "
				"on, A (left, or on top below 120 columns) and B as the raters saw them, and below, "
				"the field in dispute with each rater's value. Only the keys of that field act (left "
				"and right pick A and B); your value settles it, stored by system, never by side. n "
				"and p go to the next and previous disagreement, tab to the next unsettled one, : to "
				"disagreement N.\n\n", app->opt->round);
	else if (app->opt->adjudication)
		strbuf_addf(sb, "Adjudication of round %s: each screen is one disagreement of its raters. Only the "
				"keys of the field in dispute act (a passage field's on the passage in dispute; its "
				"key of all unjudged passages sets that passage's first category); your value settles "
				"it. n and p go to the next and previous disagreement, tab to the next unsettled one; "
				"the keys of turns, the list, jumps and the passage focus do nothing here.\n\n",
			    app->opt->round);
	if (app->pairs && !app->opt->adjudication)
		strbuf_adds(sb, "The pair screen: two systems' answers to the same turn, A (left, or on top below "
				"120 columns) and B, their systems hidden. Say which is better with the keys of the "
				"preference, or left (A) and right (B); n and p go to the next and the previous pair. "
				"What is saved names the systems, never the side.\n\n");
	strbuf_addf(sb, "Keys for the %s task. Every change is saved at once; the status line "
			"says \"saved\" when it is.\n\n", app->task_name);
	if (scheme_has_focus(app->scheme)) {
		char next[32], prev[32];
		strbuf_addf(sb, "Fields that share keys take them in turn: the keys set the field in focus (marked "
				"\xe2\x96\xb8 on the label bar, named on the status line); %s and %s move the focus "
				"to the next and the previous field.\n\n", action_key(ACT_NEXT_UNFINISHED, next),
			    action_key(ACT_PREV_FIELD, prev));
	}
	help_lines(&app->keys, app->pairs ? app->pairs->pref : NULL, app->opt->adjudication != NULL,
		   text_screen_width() < 60, sb);
	if (!app->chatting)   /* the chat's paragraph says it */
		strbuf_adds(sb, "\nTyping in a prompt (a note, / search, : go to item): left, right, home and end "
				"(C-b, C-f, C-a, C-e) move in the line; backspace and delete (C-d) erase; C-u erases "
				"before the cursor (all of the line with the cursor at its end), C-k after it; in the "
				"search, up and down recall earlier queries.\n");
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
	struct request r = { REQ_NONE, 0, ACT_NONE, NULL, in->key, NULL };
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
