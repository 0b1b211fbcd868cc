/* app_evidence.c - the evidence of the item shown (a scheme that shows
 * evidence): its stored spans merged into one paragraph per passage,
 * sanitised, with the answer's words marked and where each piece is in its
 * passage; the focus on a piece and opening the passage behind it. */
#include <stdlib.h>
#include <string.h>

#include "convqa/spans.h"
#include "convqa/store.h"
#include "convqa/text.h"
#include "app_internal.h"
#include "tui_internal.h"

/* The index in app->item.passages of the passage of rank rank; -1: none
 * (0: a passage not in the ranking). */
static int passage_of_rank(const struct app *app, long rank)
{
	for (size_t j = 0; rank > 0 && j < app->item.n_passages; j++)
		if (app->item.passages[j].rank == rank)
			return (int)j;
	return -1;
}

/* Where the runs of marked bytes of text[0..len) (raw[i] set) are once the
 * text is sanitised as the screen shows it - whole, since tabs and CRLF
 * depend on what comes before: [runs[k][0], runs[k][1]) for the first n
 * runs, in order (those missing stay 0). */
static void sanitized_runs(const char *text, size_t len, const unsigned char *raw, size_t (*runs)[2], size_t n)
{
	struct strbuf out = STRBUF_INIT, mark = STRBUF_INIT;
	text_sanitize_marked(&out, text, len, TEXT_NEWLINES, raw, &mark);
	size_t k = 0;
	for (size_t i = 0; i < mark.len && k < n; i++) {
		if (!mark.buf[i])
			continue;
		runs[k][0] = i;
		while (i < mark.len && mark.buf[i])
			i++;
		runs[k++][1] = i;
	}
	strbuf_release(&out);
	strbuf_release(&mark);
}

/* Where each piece is in its passage as the screen shows it: one
 * sanitising pass per passage (a passage's pieces are adjacent in pieces[]
 * and apart in its text, so its marked runs are its pieces in order). */
static void piece_ranges(const struct store_evidence *e, const struct spans_piece *pieces, size_t n,
			 struct evidence_piece *out)
{
	for (size_t i = 0, j; i < n; i = j) {
		const struct store_evidence_passage *ep = &e->passages[pieces[i].passage];
		for (j = i; j < n && pieces[j].passage == pieces[i].passage; j++)
			;
		unsigned char *raw = xcalloc(ep->len + 1, 1);
		size_t (*runs)[2] = xcalloc(j - i, sizeof(*runs));
		for (size_t k = i; k < j; k++)
			memset(raw + pieces[k].start, 1, pieces[k].end - pieces[k].start);
		sanitized_runs(ep->text, ep->len, raw, runs, j - i);
		for (size_t k = i; k < j; k++) {
			out[k].at = runs[k - i][0];
			out[k].end = runs[k - i][1];
		}
		free(runs);
		free(raw);
	}
}

void app_free_evidence(struct turn_view *t)
{
	free(t->evidence);
	free(t->evidence_mark);
	free(t->evidence_piece);
	t->evidence = NULL;
	t->evidence_mark = NULL;
	t->evidence_piece = NULL;
	t->evidence_pieces = t->evidence_passages = t->evidence_focus = 0;
}

/* The evidence paragraph of response id (the scheme shows evidence) into
 * the turn view's evidence: its stored spans merged per passage
 * (spans_paragraph), sanitised; NULL when it has none. */
enum status app_load_evidence(struct app *app, int64_t id, struct error *err)
{
	struct turn_view *t = app_turn(app);
	struct store_evidence e;
	app_free_evidence(t);
	if (!(app->scheme->shows & SHOW_EVIDENCE))
		return ST_OK;
	enum status st = store_evidence_load(app->store, id, &e, err);
	if (st != ST_OK)
		return st;
	if (e.n_spans) {
		struct strbuf para = STRBUF_INIT, clean_para = STRBUF_INIT;
		struct spans_piece *pieces = NULL;
		size_t n_pieces = 0;
		store_evidence_paragraph(&e, &para, &pieces, &n_pieces);
		/* the answer's words in the pieces (not in the passages' ids),
		 * the marks following the text through the sanitiser */
		unsigned char *mark = xcalloc(para.len + 1, 1);
		for (size_t i = 0; i < n_pieces; i++)
			spans_mark_answer(para.buf + pieces[i].at, pieces[i].end - pieces[i].start,
					  app->item.answer, mark + pieces[i].at);
		struct strbuf clean_mark = STRBUF_INIT;
		text_sanitize_marked(&clean_para, para.buf, para.len, TEXT_NEWLINES, mark, &clean_mark);
		/* where each piece begins in the sanitised paragraph (its
		 * passage's id for the first piece of a passage): the pane
		 * scrolls to the focused one */
		size_t (*runs)[2] = xcalloc(n_pieces + 1, sizeof(*runs));
		memset(mark, 0, para.len + 1);
		for (size_t i = 0; i < n_pieces; i++)
			mark[pieces[i].at] = 1;   /* pieces are apart: " … " or an id between */
		sanitized_runs(para.buf, para.len, mark, runs, n_pieces);
		free(mark);
		/* where each piece is in the passage the item screen shows:
		 * the same passage by rank, its offset in the sanitised text */
		t->evidence_piece = xcalloc(n_pieces ? n_pieces : 1, sizeof(*t->evidence_piece));
		for (size_t i = 0; i < n_pieces; i++) {
			const struct store_evidence_passage *ep = &e.passages[pieces[i].passage];
			t->evidence_piece[i].passage = passage_of_rank(app, ep->rank);
			t->evidence_piece[i].para_at = runs[i][0];
		}
		piece_ranges(&e, pieces, n_pieces, t->evidence_piece);
		free(pieces);
		free(runs);
		t->evidence = strbuf_detach(&clean_para);
		if (!t->evidence)
			t->evidence = xstrdup("");
		t->evidence_mark = (unsigned char *)strbuf_detach(&clean_mark);
		t->evidence_pieces = n_pieces;
		for (size_t i = 0; i < e.n_passages; i++)
			for (size_t k = 0; k < e.n_spans; k++)
				if (e.spans[k].passage == i && e.spans[k].start < e.spans[k].end &&
				    e.spans[k].end <= e.passages[i].len) {
					t->evidence_passages++;
					break;
				}
		strbuf_release(&para);
	}
	store_evidence_release(&e);
	return ST_OK;
}

void app_free_span_marks(struct turn_view *t)
{
	for (size_t i = 0; t->span_mark && i < t->n_span_mark; i++)
		free(t->span_mark[i]);
	free(t->span_mark);
	t->span_mark = NULL;
	t->n_span_mark = t->span_passages = 0;
}

enum status app_load_span_marks(struct app *app, int64_t id, struct error *err)
{
	struct turn_view *t = app_turn(app);
	struct store_evidence e;
	app_free_span_marks(t);
	if (!t->show_spans)
		return ST_OK;
	enum status st = store_evidence_load(app->store, id, &e, err);
	if (st != ST_OK)
		return st;
	t->n_span_mark = app->item.n_passages;
	t->span_mark = xcalloc(t->n_span_mark + 1, sizeof(*t->span_mark));
	for (size_t k = 0; k < e.n_passages; k++) {
		const struct store_evidence_passage *ep = &e.passages[k];
		int j = passage_of_rank(app, ep->rank);
		if (j < 0 || t->span_mark[j])
			continue;
		unsigned char *raw = xcalloc(ep->len + 1, 1);
		int any = 0;
		for (size_t i = 0; i < e.n_spans; i++) {
			const struct store_evidence_span *sp = &e.spans[i];
			if (sp->passage != k || sp->start >= sp->end || sp->end > ep->len)
				continue;
			memset(raw + sp->start, 1, sp->end - sp->start);
			any = 1;
		}
		/* the marks of the text the screen shows (sanitised as it is) */
		struct strbuf text = STRBUF_INIT, mark = STRBUF_INIT;
		text_sanitize_marked(&text, ep->text, ep->len, TEXT_NEWLINES, raw, &mark);
		if (any && strcmp(strbuf_str(&text), app->item.passages[j].text) == 0) {
			strbuf_addc(&mark, '\0');
			t->span_mark[j] = (unsigned char *)strbuf_detach(&mark);
			t->span_passages++;
		}
		strbuf_release(&text);
		strbuf_release(&mark);
		free(raw);
	}
	store_evidence_release(&e);
	return ST_OK;
}

/* A screen with evidence but no passages: the focus is on a piece of the
 * evidence. */
void app_move_evidence_focus(struct app *app, long delta)
{
	struct turn_view *t = app_turn(app);
	long f = (long)t->evidence_focus + delta;
	if (f < 0)
		f = 0;
	if (f >= (long)t->evidence_pieces)
		f = (long)t->evidence_pieces - 1;
	t->evidence_focus = (size_t)f;
}

/* The passage behind the focused piece of the evidence, in full, scrolled
 * to the piece. */
void app_open_evidence_piece(struct app *app)
{
	struct turn_view *t = app_turn(app);
	if (!t->evidence_pieces) {
		app_message(app, MSG_INFO, "no evidence spans: run convqa spans");
		return;
	}
	const struct evidence_piece *pc = &t->evidence_piece[t->evidence_focus];
	if (pc->passage < 0 || (size_t)pc->passage >= app->item.n_passages) {
		app_message(app, MSG_INFO, "the passage of this piece is no longer in the answer's ranking");
		return;
	}
	t->focus = pc->passage;
	app_push(app, &view_passage, 2);
}
