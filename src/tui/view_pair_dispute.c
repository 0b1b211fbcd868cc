/* view_pair_dispute.c - what the pair screen shows below the answers when
 * an adjudicator settles a pairwise round's disagreements (convqa
 * adjudicate): the field in dispute, then each rater's value named as the
 * adjudicator's screen shows the pair ("A (top)": the answer shown on top,
 * whichever system the rater saw there; with --show-systems the system
 * too), by name or as "rater 1", "rater 2" with --blind. Tall screens list
 * a row per rater, short ones the values on one row. The adjudicator's own
 * value is on the label bar below.
 *
 * What is drawn: rater names go through text_sanitize() here (unless
 * --blind); category labels and system names come from the session's
 * copies, sanitised when it read them (scheme_copy_inert,
 * app_sanitize_item); the field's name (a scheme name: a-z, 0-9, '_' and
 * '-') and a value that is none of the field's categories are drawn as
 * stored. All of it goes through draw_rule() and draw_fit(), whose filter
 * (draw_text) shows a control character as '?' and invalid UTF-8 as
 * U+FFFD. */
#include <stdio.h>
#include <string.h>

#include "convqa/store.h"
#include "convqa/text.h"
#include "tui_internal.h"

#define TALL 20   /* from this many lines: a row per rater */

static int rows_of_raters(size_t n)
{
	if (LINES < TALL)
		return 1;
	int most = (LINES - TALL) / 2 + 3;
	return (int)n <= most ? (int)n : most;
}

int pair_dispute_rows(const struct app *app)
{
	const struct store_disagreement *d = app->pairs && app->pairs->adjudicating ? app_disagreement(app) : NULL;
	return d ? 1 + rows_of_raters(d->n_values) : 0;
}

/* Value v of the disputed field f as the adjudicator's screen puts it. */
static void value_text(const struct app *app, const struct scheme_field *f, const char *v, struct strbuf *sb)
{
	int side = app_pair_side(app, f, v);
	const struct scheme_category *c = side >= 0 ? &f->categories[side] : NULL;
	int names_side = side >= 0 && side <= 1 && strcmp(f->categories[0].value, "a") == 0;
	strbuf_adds(sb, c ? c->label : v);
	if (!names_side)
		return;
	int wide = COLS >= 120;
	strbuf_addf(sb, " (%s)", side == 0 ? (wide ? "left" : "top") : (wide ? "right" : "below"));
	const struct store_item *it = side == 0 ? &app->pairs->left : &app->pairs->right;
	if (app->opt->show_systems)
		strbuf_addf(sb, " \xc2\xb7 %s", it->system);
}

static void rater_name(const struct app *app, const struct store_adjudication_value *v, size_t i, struct strbuf *sb)
{
	if (app->opt->blind_raters)
		strbuf_addf(sb, "rater %zu", i + 1);
	else
		text_sanitize(sb, v->rater, strlen(v->rater), 0);
}

void pair_draw_dispute(const struct app *app, int y)
{
	const struct store_disagreement *d = app_disagreement(app);
	const struct scheme_field *f = app_pair_disputed(app);
	if (!d || !f)
		return;
	size_t order[ADJ_MAX_SHOWN];
	size_t n = adjudicate_value_order(app, d, order);
	char title[160];
	snprintf(title, sizeof(title), "In dispute \xc2\xb7 %s", f->name);
	draw_rule(y++, title, NULL);
	int rows = rows_of_raters(d->n_values);
	struct strbuf line = STRBUF_INIT;
	int nw = 0;
	for (size_t i = 0; i < n; i++) {
		strbuf_reset(&line);
		rater_name(app, &d->values[order[i]], i, &line);
		int w = (int)text_width(strbuf_str(&line), line.len);
		nw = w > nw ? w : nw;
	}
	nw = nw < COLS / 3 ? nw : COLS / 3;
	strbuf_reset(&line);
	for (size_t i = 0; i < n; i++) {
		const struct store_adjudication_value *v = &d->values[order[i]];
		if (rows > 1 && (int)i >= rows - 1 && n > (size_t)rows) {
			draw_fmt(y, 2, COLS - 3, style(S_DIM), "\xe2\x80\xa6 %zu more raters", d->n_values - i);
			break;
		}
		if (rows > 1)
			strbuf_reset(&line);
		else if (i)
			strbuf_adds(&line, " \xc2\xb7 ");
		rater_name(app, v, i, &line);
		if (rows > 1) {   /* the names in a column */
			draw_fit(y, 2, nw, strbuf_str(&line), A_NORMAL);
			strbuf_reset(&line);
			value_text(app, f, v->value, &line);
			draw_fit(y++, 2 + nw + 2, COLS - nw - 5, strbuf_str(&line), A_NORMAL);
			continue;
		}
		strbuf_adds(&line, ": ");
		value_text(app, f, v->value, &line);
	}
	if (rows == 1)
		draw_fit(y, 1, COLS - 2, strbuf_str(&line), A_NORMAL);
	strbuf_release(&line);
}
