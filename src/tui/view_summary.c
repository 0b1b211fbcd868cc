/* view_summary.c - shown when the queue is done (or the rater moves past
 * its end): what is finished, the label counts per field of the scheme
 * (its categories in order), the active time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui_internal.h"

struct summary_row {
	const struct scheme_field *field;
	long counts[SCHEME_MAX_CATEGORIES];   /* by category index */
};

/* The private state: the counts when the summary opened. */
struct summary {
	struct summary_row *rows;
	size_t n;
	double seconds;
};

static void count_cb(const char *field, const char *value, long count, void *ctx)
{
	struct summary *sum = ctx;
	for (size_t i = 0; i < sum->n; i++) {
		struct summary_row *r = &sum->rows[i];
		if (strcmp(r->field->name, field) != 0)
			continue;
		for (size_t k = 0; k < r->field->n_categories && k < SCHEME_MAX_CATEGORIES; k++)
			if (strcmp(r->field->categories[k].value, value) == 0)
				r->counts[k] += count;
	}
}

/* A row per field of the scheme that has values to count. */
static int open_summary(struct app *app, struct view *view, long arg)
{
	struct summary *sum = view->private;
	const struct scheme *sc = app->scheme;
	sum->rows = xcalloc(sc->n_fields + 1, sizeof(*sum->rows));
	for (size_t i = 0; i < sc->n_fields; i++)
		if (sc->fields[i].type != TYPE_TEXT)
			sum->rows[sum->n++].field = &sc->fields[i];
	app_summary(app, count_cb, sum, &sum->seconds);   /* a failure ends the loop */
	return 0;
}

static void close_summary(struct app *app, struct view *view)
{
	struct summary *sum = view->private;
	free(sum->rows);
}

static void draw_summary(const struct app *app, const struct view *view)
{
	const struct summary *sum = view->private;
	const struct store_queue *q = &app->queue;
	int y = 2, w = COLS - 4;
	draw_header(app);
	draw_rule(1, "Summary", NULL);
	if (q->n_finished == q->n)
		draw_fmt(y, 2, w, style(S_YES), "All %zu items are finished. Thank you, %s!", q->n,
			 app->opt->rater);
	else
		draw_fmt(y, 2, w, style(S_MISSING), "%zu of %zu items finished, %zu still to do.",
			 q->n_finished, q->n, q->n - q->n_finished);
	y += 2;
	int label_w = 0;
	for (size_t i = 0; i < sum->n; i++) {
		int l = (int)strlen(sum->rows[i].field->name);
		if (l > label_w)
			label_w = l;
	}
	for (size_t i = 0; i < sum->n && y < LINES - 4; i++, y++) {
		const struct summary_row *r = &sum->rows[i];
		int x = 2 + draw_fmt(y, 2, w, style(S_BOLD), "%-*s", label_w + 2, r->field->name);
		size_t nc = r->field->n_categories < SCHEME_MAX_CATEGORIES ? r->field->n_categories :
			    SCHEME_MAX_CATEGORIES;
		for (size_t v = 0; v < nc; v++)
			x += draw_fmt(y, x, COLS - 1 - x, A_NORMAL, "%s %ld%s", r->field->categories[v].label,
				      r->counts[v], v + 1 < nc ? " \xc2\xb7 " : "");
		if (r->field->unit == UNIT_PASSAGE)
			draw_str(y, x, COLS - 1 - x, " (passages)", style(S_DIM));
	}
	y++;
	double s = sum->seconds;
	if (y < LINES - 3) {
		if (q->n_finished)
			draw_fmt(y, 2, w, A_NORMAL, "Active time: %d min %02d s, %.0f s per finished item.",
				 (int)(s / 60), (int)s % 60, s / (double)q->n_finished);
		else
			draw_fmt(y, 2, w, A_NORMAL, "Active time: %d min %02d s.", (int)(s / 60), (int)s % 60);
	}
	draw_str(LINES - 2, 2, w,
		 q->n_finished == q->n ? "p back to the last item \xc2\xb7 l list \xc2\xb7 u undo \xc2\xb7 q quit" :
					 "tab next unfinished item \xc2\xb7 p back \xc2\xb7 l list \xc2\xb7 u undo \xc2\xb7 q quit",
		 style(S_HINT));
	char hint[96];
	draw_status(app, status_hint(app, 0, hint));
}

static struct request handle_summary(const struct app *app, const struct view *view, const struct input *in)
{
	struct request r = { REQ_NONE, 0, ACT_NONE, NULL, in->key, NULL };
	enum action a = in->binding ? in->binding->action : ACT_NONE;
	switch (a) {
	case ACT_QUIT: r.kind = REQ_QUIT; break;
	case ACT_PREV_ITEM: case ACT_BACK: case ACT_OPEN: r.kind = REQ_POP; break;
	case ACT_NEXT_UNFINISHED: r.kind = REQ_NEXT_UNFINISHED; break;
	case ACT_UNDO: r.kind = REQ_UNDO; break;
	case ACT_HELP: case ACT_GUIDELINES: case ACT_LIST: case ACT_JUMP: case ACT_AUTO_ADVANCE:
		return request_default(app, view, in);
	default: r.kind = in->binding ? REQ_NONE : REQ_UNKNOWN_KEY; break;
	}
	return r;
}

const struct view_ops view_summary = {
	.name = "summary",
	.private_size = sizeof(struct summary), .open = open_summary, .close = close_summary,
	.draw = draw_summary, .handle = handle_summary,
};
