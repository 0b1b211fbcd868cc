/* report_fmt_svg_pairwise.c - the HTML report's charts of section
 * pairwise (report_sec_pairwise.c): the win-rate matrix as a shaded grid
 * (blue where the row's system wins, orange where it loses, white at one
 * half) and the Bradley-Terry ranking as dots with interval whiskers. Like
 * the other charts: a <title>, a <desc> with the values in words, every
 * string from the project through rp_html_escape(). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/strbuf.h"
#include "report_html.h"

#define W 560.0
#define MAX_SYSTEMS 30     /* a larger matrix or ranking stays a table */

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void open_chart(struct strbuf *sb, int id, const char *kind, double h, const char *title)
{
	strbuf_addf(sb, "<figure>\n<svg class=\"chart\" data-kind=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" "
		    "viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" role=\"img\" "
		    "aria-labelledby=\"c%d-t c%d-d\">\n<title id=\"c%d-t\">", kind, W, h, W, h, id, id, id);
	rp_html_escape(sb, title, 0);
	strbuf_addf(sb, "</title>\n<desc id=\"c%d-d\">", id);
}

static void text_at(struct strbuf *sb, double x, double y, const char *anchor, const char *s, int max_cols)
{
	strbuf_addf(sb, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">", x, y, anchor);
	rp_html_escape(sb, s, max_cols);
	strbuf_adds(sb, "</text>\n");
}

/* ---- the win-rate matrix ------------------------------------------------------------------ */

/* Orange (0) through near white (1/2) to blue (1). */
static void diverging(char *buf, size_t size, double f)
{
	static const int lo[3] = { 230, 97, 1 }, mid[3] = { 247, 247, 247 }, hi[3] = { 8, 81, 156 };
	const int *a = f < 0.5 ? lo : mid, *b = f < 0.5 ? mid : hi;
	double t = f < 0.5 ? f * 2 : (f - 0.5) * 2;
	snprintf(buf, size, "#%02x%02x%02x", (int)lround(a[0] + (b[0] - a[0]) * t),
		 (int)lround(a[1] + (b[1] - a[1]) * t), (int)lround(a[2] + (b[2] - a[2]) * t));
}

static void matrix_cell(struct strbuf *sb, const struct rtable *t, size_t i, size_t j, double x, double y,
			double size)
{
	const struct rcell *c = &t->rows[i].cells[j];
	char fill[8] = "#dddddd";
	int num = c->kind == RC_NUM && isfinite(c->v);
	if (num)
		diverging(fill, sizeof(fill), fmin(1, fmax(0, c->v)));
	strbuf_addf(sb, "<rect class=\"cell\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
		    "stroke=\"#fff\"><title>", x, y, size, size, i == j ? "#ffffff" : fill);
	rp_html_escape(sb, t->rows[i].group, 0);
	strbuf_adds(sb, " over ");
	rp_html_escape(sb, t->cols[j].label, 0);
	if (num && c->has_ci)
		strbuf_addf(sb, ": %.3f (95%% CI %.3f\xe2\x80\x93%.3f, n=%ld)", c->v, c->lo, c->hi, c->n);
	else if (num)
		strbuf_addf(sb, ": %.3f", c->v);
	else
		strbuf_adds(sb, i == j ? ": itself" : ": not compared");
	strbuf_addf(sb, "</title></rect>\n<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"%s\">",
		    x + size / 2, y + size / 2 + 4, num && fabs(c->v - 0.5) > 0.3 ? "#fff" : "#111");
	if (num)
		strbuf_addf(sb, "%.2f</text>\n", c->v);
	else
		strbuf_adds(sb, i == j ? "</text>\n" : "\xe2\x80\x93</text>\n");
}

static void matrix_desc(struct strbuf *sb, const struct rtable *t)
{
	strbuf_adds(sb, "Shaded grid of the win rate of each row's system over each column's (ties as half): "
		    "blue where the row wins more often, orange where it loses, white at one half.");
	for (size_t i = 0; i < t->n_rows; i++)
		for (size_t j = 0; j < t->n_cols; j++) {
			const struct rcell *c = &t->rows[i].cells[j];
			if (c->kind != RC_NUM)
				continue;
			strbuf_adds(sb, " ");
			rp_html_escape(sb, t->rows[i].group, 0);
			strbuf_adds(sb, " over ");
			rp_html_escape(sb, t->cols[j].label, 0);
			strbuf_addf(sb, " %.3f;", c->v);
		}
}

static void matrix_legend(struct strbuf *sb, double x, double y)
{
	text_at(sb, x, y + 12, "start", "win rate:", 0);
	for (int i = 0; i <= 4; i++) {
		char fill[8];
		diverging(fill, sizeof(fill), i / 4.0);
		strbuf_addf(sb, "<rect x=\"%.1f\" y=\"%.1f\" width=\"36\" height=\"14\" fill=\"%s\" stroke=\"#999\" "
			    "stroke-width=\"0.5\"/><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.2f</text>\n",
			    x + 70 + 40 * i, y + 1, fill, x + 88 + 40 * i, y + 28, i / 4.0);
	}
}

static void matrix_chart(struct strbuf *sb, const struct rtable *t, int id)
{
	size_t k = t->n_rows;
	double left = 140, top = 48, size = fmin(56, (W - left - 20) / (double)k);
	double h = top + size * (double)k + 56;
	open_chart(sb, id, "winmatrix", h, t->title);
	matrix_desc(sb, t);
	strbuf_adds(sb, "</desc>\n");
	text_at(sb, left + size * (double)k / 2, 14, "middle", "column: the system it is compared with", 60);
	for (size_t j = 0; j < k; j++)
		text_at(sb, left + size * ((double)j + 0.5), top - 8, "middle", t->cols[j].label, (int)(size / 8));
	for (size_t i = 0; i < k; i++) {
		text_at(sb, left - 8, top + size * ((double)i + 0.5) + 4, "end", t->rows[i].group, 16);
		for (size_t j = 0; j < k; j++)
			matrix_cell(sb, t, i, j, left + size * (double)j, top + size * (double)i, size);
	}
	matrix_legend(sb, left, top + size * (double)k + 14);
	strbuf_adds(sb, "</svg>\n<figcaption>Shade: the row's win rate over the column (ties as half); blue: "
		    "the row wins more often, orange: less; the table above has the numbers and intervals."
		    "</figcaption>\n</figure>\n");
}

/* A square table of fractions whose columns are its rows. */
static int is_matrix(const struct rtable *t)
{
	if (!ends_with(t->id, "win_matrix") || t->n_rows < 2 || t->n_rows != t->n_cols || t->n_rows > MAX_SYSTEMS)
		return 0;
	for (size_t j = 0; j < t->n_cols; j++)
		if (t->cols[j].fmt != RF_FRACTION || strcmp(t->cols[j].label, t->rows[j].group) != 0)
			return 0;
	return 1;
}

/* ---- the Bradley-Terry ranking --------------------------------------------------------------- */

struct axis {
	double lo, hi, step;
};

/* From lo to hi (0 inside) in at most 6 round steps. */
static struct axis axis_of(double lo, double hi)
{
	static const double steps[] = { 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 50, 100 };
	struct axis a = { fmin(lo, 0), fmax(hi, 0), 1 };
	if (a.hi - a.lo < 0.2) {
		a.lo -= 0.1;
		a.hi += 0.1;
	}
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		double x = floor(a.lo / steps[i] + 1e-9) * steps[i], y = ceil(a.hi / steps[i] - 1e-9) * steps[i];
		if ((y - x) / steps[i] <= 6 + 1e-9 || i + 1 == sizeof(steps) / sizeof(steps[0])) {
			a.lo = x;
			a.hi = y;
			a.step = steps[i];
			break;
		}
	}
	return a;
}

static double ax(const struct axis *a, double v, double left, double pw)
{
	return left + pw * (v - a->lo) / (a->hi - a->lo);
}

static void dots_axis(struct strbuf *sb, const struct axis *a, double left, double pw, double top, double ph)
{
	int n = (int)lround((a->hi - a->lo) / a->step);
	for (int i = 0; i <= n; i++) {
		double v = a->lo + i * a->step, x = ax(a, v, left, pw);
		strbuf_addf(sb, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>"
			    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n", x, top, x, top + ph,
			    fabs(v) < 1e-9 ? "#555" : "#ddd", x, top + ph + 16, fabs(v) < 1e-9 ? 0 : v);
	}
	text_at(sb, left + pw / 2, top + ph + 34, "middle",
		"log-strength (0: the geometric mean of the strengths)", 0);
}

/* The dot of row i (column j the log-strength) at y, its whisker and tooltip;
 * a row without a value gets its reason as text. */
static void dot(struct strbuf *sb, const struct rtable *t, size_t i, size_t j, const struct axis *a,
		double left, double pw, double y)
{
	const struct rcell *c = &t->rows[i].cells[j];
	text_at(sb, left - 8, y + 4, "end", t->rows[i].group, 16);
	if (c->kind != RC_NUM || !isfinite(c->v)) {
		strbuf_addf(sb, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555\" font-size=\"11\">", left + 4, y + 4);
		rp_html_escape(sb, c->kind == RC_UNDEF && c->text ? c->text : "no value", 60);
		strbuf_adds(sb, "</text>\n");
		return;
	}
	if (c->has_ci && isfinite(c->lo) && isfinite(c->hi))
		strbuf_addf(sb, "<path class=\"ci\" d=\"M%.1f %.1fv8M%.1f %.1fH%.1fM%.1f %.1fv8\" stroke=\"#333\" "
			    "fill=\"none\"/>\n", ax(a, c->lo, left, pw), y - 4, ax(a, c->lo, left, pw), y,
			    ax(a, c->hi, left, pw), ax(a, c->hi, left, pw), y - 4);
	strbuf_addf(sb, "<circle class=\"pt\" cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#0072B2\" stroke=\"#fff\">"
		    "<title>", ax(a, c->v, left, pw), y);
	rp_html_escape(sb, t->rows[i].group, 0);
	strbuf_addf(sb, ": %.2f", c->v);
	if (c->has_ci)
		strbuf_addf(sb, " (interval %.2f\xe2\x80\x93%.2f)", c->lo, c->hi);
	strbuf_adds(sb, "</title></circle>\n");
}

static void dots_desc(struct strbuf *sb, const struct rtable *t, size_t j)
{
	strbuf_adds(sb, "Dot chart of the Bradley-Terry log-strengths, best first, with bootstrap intervals as "
		    "whiskers.");
	for (size_t i = 0; i < t->n_rows; i++) {
		const struct rcell *c = &t->rows[i].cells[j];
		strbuf_adds(sb, " ");
		rp_html_escape(sb, t->rows[i].group, 0);
		if (c->kind == RC_NUM && c->has_ci)
			strbuf_addf(sb, " %.2f (%.2f to %.2f);", c->v, c->lo, c->hi);
		else if (c->kind == RC_NUM)
			strbuf_addf(sb, " %.2f;", c->v);
		else
			strbuf_adds(sb, " no finite value;");
	}
}

static void dots_chart(struct strbuf *sb, const struct rtable *t, size_t j, int id)
{
	double lo = 0, hi = 0, left = 140, pw = W - 140 - 24, top = 12, pitch = 22;
	for (size_t i = 0; i < t->n_rows; i++) {
		const struct rcell *c = &t->rows[i].cells[j];
		if (c->kind != RC_NUM || !isfinite(c->v))
			continue;
		lo = fmin(lo, c->has_ci && isfinite(c->lo) ? fmin(c->lo, c->v) : c->v);
		hi = fmax(hi, c->has_ci && isfinite(c->hi) ? fmax(c->hi, c->v) : c->v);
	}
	struct axis a = axis_of(lo, hi);
	double ph = pitch * (double)t->n_rows + 8, h = top + ph + 44;
	open_chart(sb, id, "dots", h, t->title);
	dots_desc(sb, t, j);
	strbuf_adds(sb, "</desc>\n");
	dots_axis(sb, &a, left, pw, top, ph);
	for (size_t i = 0; i < t->n_rows; i++)
		dot(sb, t, i, j, &a, left, pw, top + 4 + pitch * ((double)i + 0.5));
	strbuf_adds(sb, "</svg>\n<figcaption>Dots: log-strengths, best first; whiskers: bootstrap intervals over "
		    "turns; the table above has the numbers.</figcaption>\n</figure>\n");
}

int rp_svg_pairwise(struct strbuf *sb, const struct rtable *t, int *n)
{
	if (is_matrix(t)) {
		matrix_chart(sb, t, ++*n);
		return 1;
	}
	if (ends_with(t->id, "bt_ranking") && t->n_rows > 0 && t->n_rows <= MAX_SYSTEMS) {
		for (size_t j = 0; j < t->n_cols; j++)
			if (strcmp(t->cols[j].id, "log_strength") == 0) {
				dots_chart(sb, t, j, ++*n);
				return 1;
			}
	}
	return 0;
}
