/* view_search.c - the collection search of the turn screen (/): a prompt
 * for the query (an FTS5 query, as convqa search takes), then every
 * passage of the project that matches, best first (BM25), a page at a
 * time, each with its id, title and a snippet where the query's words are
 * drawn highlighted; + marks the selected passage as a further relevant
 * passage of the item shown (extra_gold), enter opens it in full
 * (view_found, below), esc goes back to the turn as it was.
 *
 * What a passage holds is drawn only through the sanitiser; the highlight
 * is an attribute over the words that match (search_terms_mark), never
 * markers in the text, so a passage cannot forge one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/store_search.h"
#include "convqa/text.h"
#include "tui_internal.h"

#define SEARCH_MAX 200     /* bytes typed, at most */
#define HIT_ROWS 3         /* a passage: its line and two of snippet */
#define SNIPPET_BEFORE 30  /* bytes of context before the first match */

/* A hit as the screens draw it: sanitised, one line (text_full: with its
 * line breaks), each with the marks of the query's words. */
struct found {
	struct strbuf id, title, title_mark, text, text_mark;
};

/* The private state. */
struct search {
	struct line_edit ed;             /* the prompt's text, the queries before */
	int typing;                      /* the prompt has the keys */
	char *query;                     /* the query of the results; NULL: none yet */
	struct search_terms terms;       /* its words */
	struct store_search_result res;  /* the page shown */
	struct found *found;             /* [res.n] */
	long offset;                     /* of the page's first */
	long limit;                      /* passages a page holds (page_hits() when it was read) */
	int stale;                       /* the window changed size under another view: read the
					  * page again when the search is on top again */
	size_t sel;                      /* the selected hit, in the page */
	char error[600];                 /* why the query was refused, or "" */
};

/* Passages a page shows: the rows between the rule and the footer. */
static long page_hits(void)
{
	long n = (LINES - 5) / HIT_ROWS;
	return n > 0 ? n : 1;
}

static void found_release(struct found *f)
{
	strbuf_release(&f->id);
	strbuf_release(&f->title);
	strbuf_release(&f->title_mark);
	strbuf_release(&f->text);
	strbuf_release(&f->text_mark);
}

/* s sanitised (flags: text_sanitize's) into out, the marks of the terms
 * into out_mark. */
static void sanitise_marked(const struct search_terms *t, const char *s, unsigned flags, struct strbuf *out,
			    struct strbuf *out_mark)
{
	size_t len = s ? strlen(s) : 0;
	unsigned char *mark = xcalloc(len + 1, 1);
	search_terms_mark(t, s ? s : "", len, mark);
	text_sanitize_marked(out, s ? s : "", len, flags, mark, out_mark);
	free(mark);
}

static void release_results(struct search *s)
{
	for (size_t i = 0; i < s->res.n; i++)
		found_release(&s->found[i]);
	free(s->found);
	s->found = NULL;
	store_search_release(&s->res);
}

static void set_found(struct search *s)
{
	s->found = xcalloc(s->res.n + 1, sizeof(*s->found));
	for (size_t i = 0; i < s->res.n; i++) {
		const struct store_hit *h = &s->res.hits[i];
		struct found *f = &s->found[i];
		text_sanitize(&f->id, h->ext_id, strlen(h->ext_id), 0);
		sanitise_marked(&s->terms, h->title, 0, &f->title, &f->title_mark);
		sanitise_marked(&s->terms, h->text, 0, &f->text, &f->text_mark);
	}
}

/* Search query from the offset-th passage on: the page replaces the one
 * shown; a query FTS5 refuses stays in the prompt, saying why. */
static void run_search(struct app *app, struct search *s, const char *query, long offset)
{
	struct store_search_result r;
	if (offset < 0)
		offset = 0;
	int rc = app_search(app, query, offset, page_hits(), &r, s->error, sizeof(s->error));
	if (rc != 0) {
		s->typing = rc == 1;
		return;
	}
	release_results(s);
	if (query != s->query) {
		free(s->query);
		s->query = xstrdup(query);
		search_terms_release(&s->terms);
		search_terms_init(&s->terms, s->query);
	}
	s->res = r;
	s->offset = offset;
	s->limit = page_hits();
	s->stale = 0;
	if (s->sel >= r.n)
		s->sel = r.n ? r.n - 1 : 0;
	s->error[0] = '\0';
	s->typing = 0;
	set_found(s);
}

static void close_search(struct app *app, struct view *view)
{
	struct search *s = view->private;
	release_results(s);
	line_edit_release(&s->ed);
	search_terms_release(&s->terms);
	free(s->query);
}

static int open_search(struct app *app, struct view *view, long arg)
{
	struct search *s = view->private;
	s->typing = 1;
	return 0;
}

/* ---- drawing -------------------------------------------------------------- */

/* The snippet of f: its text from a little before the first word that
 * matches (with "… " when not from its start), into out and out_mark. */
static void snippet(const struct found *f, struct strbuf *out, struct strbuf *out_mark)
{
	const char *t = strbuf_str(&f->text), *m = f->text_mark.buf;
	size_t len = f->text.len, at = 0;
	while (at < len && m && !m[at])
		at++;
	if (at == len || at <= SNIPPET_BEFORE) {
		at = 0;
	} else {
		at -= SNIPPET_BEFORE;
		while (at < len && ((unsigned char)t[at] & 0xc0) == 0x80)
			at++;   /* a character's first byte */
		const char *sp = memchr(t + at, ' ', SNIPPET_BEFORE);
		if (sp)
			at = (size_t)(sp - t) + 1;   /* a word's first */
	}
	if (at) {
		strbuf_adds(out, "\xe2\x80\xa6 ");
		strbuf_add(out_mark, "\0\0\0\0", 4);
	}
	strbuf_add(out, t + at, len - at);
	strbuf_add(out_mark, m ? m + at : "", m ? len - at : 0);
	while (out_mark->len < out->len)
		strbuf_addc(out_mark, '\0');
}

/* Hit i at row y: "▸ 3 [+] ID (gold, rank 2 here) · title", then its
 * snippet on two rows. */
static void draw_hit(const struct app *app, const struct search *s, size_t i, int y)
{
	const struct store_hit *h = &s->res.hits[i];
	const struct found *f = &s->found[i];
	int marked = app_found_marked(app, h->ext_id);
	long rank = app_found_rank(app, h->ext_id);
	int sel = i == s->sel && !s->typing;
	char tags[64] = "";
	attr_t a = sel ? style(S_FOCUS) : A_NORMAL;
	int gold = app_found_gold(app, h);
	if (gold && rank)
		snprintf(tags, sizeof(tags), " (gold, rank %ld here)", rank);
	else if (gold || rank)
		snprintf(tags, sizeof(tags), rank ? " (rank %ld here)" : " (gold)", rank);
	draw_fill(y, 0, COLS, a);
	int x = draw_str(y, 0, COLS, sel ? "\xe2\x96\xb8" : " ", a);
	x += draw_fmt(y, x, COLS - x, a, " %ld ", s->offset + (long)i + 1);
	x += draw_str(y, x, COLS - x, marked ? "[+] " : "[ ] ", a | style(marked ? S_YES : S_DIM));
	x += draw_fit(y, x, COLS - 1 - x, strbuf_str(&f->id), a | style(S_BOLD));
	x += draw_str(y, x, COLS - 1 - x, tags, a | style(S_DIM));
	if (f->title.len && x + 4 < COLS - 1) {
		x += draw_str(y, x, COLS - 1 - x, " \xc2\xb7 ", a);
		draw_text_marked(y, x, COLS - 1 - x, strbuf_str(&f->title), f->title.len, a,
				 (const unsigned char *)f->title_mark.buf, style(S_MATCH));
	}
	struct strbuf sn = STRBUF_INIT, sm = STRBUF_INIT;
	snippet(f, &sn, &sm);
	draw_wrapped_cut_marked(y + 1, 6, COLS - 7, HIT_ROWS - 1, strbuf_str(&sn), style(S_DIM),
				(const unsigned char *)sm.buf, style(S_MATCH));
	strbuf_release(&sn);
	strbuf_release(&sm);
}

/* The rule under the prompt, and what is below it when no page is shown. */
static void draw_body(const struct app *app, const struct search *s)
{
	char hint[96];
	const struct store_search_result *r = &s->res;
	if (s->error[0] || !s->query) {
		draw_rule(2, "Search every passage", s->typing ? "enter searches \xc2\xb7 esc back" : NULL);
		draw_wrapped(3, 1, COLS - 2, LINES - 5, 0, s->error[0] ? s->error :
			     "Words (all must occur), \"a phrase\", OR, NOT, prefix*, title:word; best first "
			     "(BM25). + marks a passage relevant for this turn.",
			     style(s->error[0] ? S_ERROR : S_DIM));
		return;
	}
	char title[64];
	snprintf(title, sizeof(title), "%ld passage%s", r->total, r->total == 1 ? "" : "s");
	if (r->n)
		snprintf(hint, sizeof(hint), "%ld-%ld \xc2\xb7 best first", s->offset + 1, s->offset + (long)r->n);
	else
		snprintf(hint, sizeof(hint), "best first");
	draw_rule(2, title, hint);
	if (r->passages == 0)
		draw_wrapped(3, 1, COLS - 2, LINES - 5, 0, "The project has no passages yet: import a collection.",
			     style(S_DIM));
	else if (r->total == 0)
		draw_fmt(3, 1, COLS - 2, style(S_DIM), "no passage matches %s", s->query);
	for (size_t i = 0; i < r->n && 3 + (int)(i + 1) * HIT_ROWS <= LINES - 2; i++)
		draw_hit(app, s, i, 3 + (int)i * HIT_ROWS);
}

static void draw_search(const struct app *app, const struct view *view)
{
	const struct search *s = view->private;
	draw_header(app);
	int x = 1 + draw_str(1, 1, COLS - 2, "Search: ", style(S_BOLD));
	/* COLS - 2 - x columns for the text (its end when it does not fit),
	 * the cursor may stand after them */
	int cx = 0;
	if (s->typing) {
		cx = line_edit_draw(&s->ed, 1, x, COLS - 2 - x + 1, A_NORMAL);
	} else {
		struct strbuf q = STRBUF_INIT;
		text_sanitize(&q, s->query ? s->query : "", s->query ? strlen(s->query) : 0, 0);
		size_t start = text_fit_end(q.buf ? q.buf : "", q.len, COLS - 2 - x, NULL);
		draw_text(1, x, COLS - 2 - x, strbuf_str(&q) + start, q.len - start, A_NORMAL);
		strbuf_release(&q);
	}
	draw_body(app, s);
	long page = s->limit ? s->limit : 1, pages = (s->res.total + page - 1) / page;
	char where[64] = "";
	if (!s->typing && s->query && pages > 1)
		snprintf(where, sizeof(where), "page %ld of %ld", s->offset / page + 1, pages);
	const char *typing[] = { "C-u erases to start", "enter searches", "esc back" };
	const char *results[] = { "j/k choose", "n/p page", "enter opens", "+ relevant", "/ query", "esc back" };
	if (s->typing)
		draw_footer(LINES - 2, where, typing, ARRAY_SIZE(typing));
	else
		draw_footer(LINES - 2, where, results, ARRAY_SIZE(results));
	draw_status(app, NULL);
	if (s->typing)
		move(1, cx < COLS ? cx : COLS - 1);
	else
		move(3 + (int)s->sel * HIT_ROWS < LINES - 2 ? 3 + (int)s->sel * HIT_ROWS : LINES - 1, 0);
}

/* ---- keys ----------------------------------------------------------------- */

static struct request handle_search(const struct app *app, const struct view *view, const struct input *in)
{
	const struct search *s = view->private;
	if (s->typing)
		return request_typing(in);
	struct request r = request_default(app, view, in);
	switch (in->binding ? in->binding->action : ACT_NONE) {
	case ACT_NEXT_ITEM: case ACT_PAGE_DOWN: r.kind = REQ_PASSAGE; r.arg = 1; break;
	case ACT_PREV_ITEM: case ACT_PAGE_UP: r.kind = REQ_PASSAGE; r.arg = -1; break;
	case ACT_OPEN:
		r.kind = s->res.n ? REQ_PUSH : REQ_NONE;
		r.view = &view_found;
		r.arg = (long)s->sel;
		break;
	case ACT_MARK_FOUND: r.kind = REQ_NONE; break;   /* act() marks */
	case ACT_SEARCH: r.kind = REQ_TEXT_KILL; break;   /* a new query */
	case ACT_BACK: case ACT_QUIT: r.kind = REQ_POP; break;
	case ACT_DOWN: case ACT_UP: case ACT_TOP: case ACT_BOTTOM: case ACT_UNDO: case ACT_HELP:
		break;   /* as request_default() says */
	default:
		if (r.kind != REQ_UNKNOWN_KEY)
			r.kind = REQ_NONE;   /* the turn screen's keys: go back first */
	}
	return r;
}

/* The prompt's keys: typing, enter searches, esc goes back to the page (or
 * to the turn when there is none). */
static struct request act_typing(struct app *app, struct search *s, const struct request *r)
{
	if (edit_typed_text(&s->ed, r, SEARCH_MAX))
		return (struct request){ .kind = REQ_NONE };
	if (r->kind == REQ_POP && s->query && !s->error[0]) {
		s->typing = 0;
		return (struct request){ .kind = REQ_NONE };
	}
	if (r->kind != REQ_TEXT_ENTER)
		return *r;
	if (text_blank(strbuf_str(&s->ed.text), s->ed.text.len)) {
		snprintf(s->error, sizeof(s->error), "type the words to search (esc goes back)");
		return (struct request){ .kind = REQ_NONE };
	}
	s->sel = 0;
	line_edit_remember(&s->ed, strbuf_str(&s->ed.text));
	run_search(app, s, strbuf_str(&s->ed.text), 0);
	return (struct request){ .kind = REQ_NONE };
}

/* A key of the turn screen (a label, a move) pressed in the search: say
 * where it acts. */
static void turn_key(struct app *app, const struct request *r)
{
	char k[32], esc[32];
	if (r->action != ACT_NONE && r->action != ACT_MARK_FOUND)
		app_message(app, MSG_INFO, "%s acts on the turn screen \xc2\xb7 %s goes back to it",
			    key_to_name(r->key, k), action_key(ACT_BACK, esc));
}

static struct request act_search(struct app *app, struct view *view, const struct request *r)
{
	struct search *s = view->private;
	if (r->kind == REQ_RESIZED || r->kind == REQ_UNCOVERED) {
		/* the page as many passages as fit now, the selected one on it
		 * (not under the passage opened from it, which shows it) */
		s->stale |= r->kind == REQ_RESIZED && s->query;
		if (s->stale && app_view(app) == view && !s->typing && !s->error[0]) {
			long at = s->offset + (long)s->sel, page = page_hits();
			s->sel = (size_t)(at % page);
			run_search(app, s, s->query, at - at % page);
		}
		return (struct request){ .kind = REQ_NONE };
	}
	if (s->typing)
		return act_typing(app, s, r);
	long n = (long)s->res.n, step = s->limit;
	switch (r->kind) {
	case REQ_TEXT_KILL:
		s->typing = 1;
		line_edit_set(&s->ed, NULL);
		return (struct request){ .kind = REQ_NONE };
	case REQ_FOCUS:
		if (r->arg == SCROLL_END || r->arg == -SCROLL_END)
			s->sel = r->arg > 0 && n ? (size_t)n - 1 : 0;
		else if ((long)s->sel + r->arg >= 0 && (long)s->sel + r->arg < n)
			s->sel = (size_t)((long)s->sel + r->arg);
		else if ((long)s->sel + r->arg >= n && s->offset + n < s->res.total)
			run_search(app, s, s->query, s->offset + step), s->sel = 0;
		else if ((long)s->sel + r->arg < 0 && s->offset > 0)
			run_search(app, s, s->query, s->offset - step), s->sel = (size_t)(step - 1);
		return (struct request){ .kind = REQ_NONE };
	case REQ_PASSAGE:
		if (r->arg > 0 ? s->offset + n < s->res.total : s->offset > 0)
			run_search(app, s, s->query, s->offset + r->arg * step);
		else
			app_message(app, MSG_INFO, "this is the %s page", r->arg > 0 ? "last" : "first");
		return (struct request){ .kind = REQ_NONE };
	case REQ_NONE:
		if (r->action == ACT_MARK_FOUND && s->sel < s->res.n)
			app_mark_found(app, s->res.hits[s->sel].ext_id);
		else
			turn_key(app, r);
		return *r;
	default:
		return *r;
	}
}

const struct view_ops view_search = {
	.name = "search", .cursor = 1,
	.private_size = sizeof(struct search), .open = open_search, .close = close_search,
	.draw = draw_search, .handle = handle_search, .act = act_search,
};

/* ---- a found passage in full ------------------------------------------------ */

/* The private state: the search view below it holds the passage (hit). */
struct found_pane {
	struct pager pager;   /* first: pager_act() scrolls it */
	struct search *search;
	size_t hit;
	struct strbuf text, mark;   /* its text with its line breaks, and the marks */
};

static void found_text(struct found_pane *p)
{
	strbuf_reset(&p->text);
	strbuf_reset(&p->mark);
	const struct store_hit *h = &p->search->res.hits[p->hit];
	sanitise_marked(&p->search->terms, h->text ? h->text : TUI_ID_ONLY, TEXT_NEWLINES, &p->text, &p->mark);
	p->pager.scroll = 0;
}

static int open_found(struct app *app, struct view *view, long arg)
{
	struct found_pane *p = view->private;
	struct view *below = &app->views[app->n_views - 1];
	if (below->ops != &view_search)
		return -1;
	p->search = below->private;
	if (arg < 0 || (size_t)arg >= p->search->res.n)
		return -1;
	p->hit = (size_t)arg;
	found_text(p);
	return 0;
}

static void close_found(struct app *app, struct view *view)
{
	struct found_pane *p = view->private;
	strbuf_release(&p->text);
	strbuf_release(&p->mark);
}

static int found_rows(void)
{
	return LINES - 6;
}

static void draw_found(const struct app *app, const struct view *view)
{
	const struct found_pane *p = view->private;
	const struct search *s = p->search;
	const struct store_hit *h = &s->res.hits[p->hit];
	const struct found *f = &s->found[p->hit];
	int marked = app_found_marked(app, h->ext_id);
	draw_header(app);
	int x = 1 + draw_fmt(1, 1, COLS - 2, style(S_BOLD), "Found %ld of %ld \xc2\xb7 ", s->offset + (long)p->hit + 1,
			     s->res.total);
	x += draw_str(1, x, COLS - 2 - x, marked ? "[+] " : "[ ] ", style(marked ? S_YES : S_DIM));
	draw_fit(1, x, COLS - 1 - x, strbuf_str(&f->id), style(S_BOLD));
	x = 1 + draw_fmt(2, 1, COLS - 2, style(S_BOLD), "Q%d: ", app->item.position);
	struct strbuf q = STRBUF_INIT;
	text_sanitize(&q, app->item.question, strlen(app->item.question), 0);
	draw_fit(2, x, COLS - 1 - x, strbuf_str(&q), A_NORMAL);
	strbuf_release(&q);
	draw_rule(3, f->title.len ? strbuf_str(&f->title) : "(no title)", NULL);
	size_t total = draw_wrapped_marked(4, 2, COLS - 4, found_rows(), (size_t)p->pager.scroll,
					   strbuf_str(&p->text), A_NORMAL, (const unsigned char *)p->mark.buf,
					   style(S_MATCH));
	const char *hints[] = { "j/k scroll", "n/p passage", marked ? "+ unmark" : "+ relevant", "q/esc back" };
	draw_scroll_footer(p->pager.scroll, LINES - 2, found_rows(), total, hints, ARRAY_SIZE(hints));
	draw_status(app, NULL);
}

static struct request handle_found(const struct app *app, const struct view *view, const struct input *in)
{
	const struct found_pane *p = view->private;
	struct request r = request_default(app, view, in);
	enum action a = in->binding ? in->binding->action : ACT_NONE;
	switch (a) {
	case ACT_DOWN: case ACT_UP: case ACT_PAGE_DOWN: case ACT_PAGE_UP: case ACT_TOP: case ACT_BOTTOM:
		return request_scroll(p->pager.scroll, scroll_delta(a), wrapped_lines(strbuf_str(&p->text), COLS - 4),
				      found_rows());
	case ACT_NEXT_ITEM: case ACT_PREV_ITEM:
		r.kind = REQ_PASSAGE;
		r.arg = a == ACT_NEXT_ITEM ? 1 : -1;
		return r;
	case ACT_OPEN: case ACT_BACK: case ACT_QUIT:
		r.kind = REQ_POP;
		return r;
	case ACT_MARK_FOUND: case ACT_UNDO: case ACT_HELP:
		r.kind = a == ACT_MARK_FOUND ? REQ_NONE : r.kind;
		return r;
	default:
		if (r.kind != REQ_UNKNOWN_KEY)
			r.kind = REQ_NONE;
		return r;
	}
}

static struct request act_found(struct app *app, struct view *view, const struct request *r)
{
	struct found_pane *p = view->private;
	if (r->kind == REQ_NONE && r->action == ACT_MARK_FOUND) {
		app_mark_found(app, p->search->res.hits[p->hit].ext_id);
		return *r;
	}
	if (r->kind == REQ_NONE)
		turn_key(app, r);
	if (r->kind != REQ_PASSAGE)
		return pager_act(app, view, r);
	long h = (long)p->hit + r->arg;
	if (h >= 0 && h < (long)p->search->res.n) {
		p->hit = (size_t)h;
		p->search->sel = p->hit;
		found_text(p);
	} else {
		app_message(app, MSG_INFO, "this is the %s passage of the page", r->arg > 0 ? "last" : "first");
	}
	return (struct request){ .kind = REQ_NONE };
}

const struct view_ops view_found = {
	.name = "found",
	.private_size = sizeof(struct found_pane), .open = open_found, .close = close_found,
	.draw = draw_found, .handle = handle_found, .act = act_found,
};
