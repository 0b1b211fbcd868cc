/* report_fmt_svg.c - the HTML report's charts, inline SVG drawn from the
 * report's tables (report_html.h says which tables get which chart): lines
 * over turn depth with 95% whiskers, grouped horizontal bars per system,
 * and heat maps of confusion matrices. Each chart has labelled axes, a
 * legend, a <title> and a <desc> that says its values in words, and
 * colours from the Okabe-Ito palette (told apart by colour-blind readers;
 * lines also differ by dash). Every string from the project passes
 * rp_html_escape(). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/strbuf.h"
#include "report_html.h"

#define W 560.0            /* the user units of a chart's width */
#define MAX_SERIES 12      /* more lines or bars per group than this are not drawn */
#define MAX_X 80           /* turn depths, bar groups */
#define MAX_CELLS 30       /* categories of a heat map */
#define LEGEND 18.0        /* height of a legend entry */
#define SERIES_TOP 20.0    /* charts by turn depth: the plot's top */
#define SERIES_PH 220.0    /* and its height */

static const char *const palette[] = { "#0072B2", "#E69F00", "#009E73", "#CC79A7",
				       "#56B4E9", "#D55E00", "#000000", "#F0E442" };
static const char *const dashes[] = { "none", "7 4", "2 3", "9 3 2 3" };

/* A value axis: from lo to hi in steps. */
struct scale {
	double lo, hi, step;
};

/* At least 0 to 1 (fractions), wider for values outside, in at most six steps. */
static struct scale nice_scale(double lo, double hi)
{
	static const double steps[] = { 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 1000 };
	struct scale s = { lo < 0 ? lo : 0, hi > 1 ? hi : 1, 1 };
	for (size_t i = 0; i < ARRAY_SIZE(steps); i++) {
		double a = floor(s.lo / steps[i] + 1e-9) * steps[i], b = ceil(s.hi / steps[i] - 1e-9) * steps[i];
		if ((b - a) / steps[i] <= 6 + 1e-9 || i + 1 == ARRAY_SIZE(steps)) {
			s.lo = a;
			s.hi = b;
			s.step = steps[i];
			break;
		}
	}
	return s;
}

/* v's place between from (at lo) and to (at hi). */
static double at(const struct scale *s, double v, double from, double to)
{
	return from + (to - from) * (v - s->lo) / (s->hi - s->lo);
}

static double tick(const struct scale *s, int i)
{
	double v = s->lo + i * s->step;
	return fabs(v) < 1e-9 ? 0 : v;
}

static int n_ticks(const struct scale *s)
{
	return (int)lround((s->hi - s->lo) / s->step) + 1;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int drawn(const struct rcell *c)
{
	return c->kind == RC_NUM && isfinite(c->v) && (!c->has_ci || (isfinite(c->lo) && isfinite(c->hi)));
}

/* The range of the drawn values (and intervals) of column j into *lo, *hi. */
static void col_range(const struct rtable *t, size_t j, double *lo, double *hi)
{
	for (size_t i = 0; i < t->n_rows; i++) {
		const struct rcell *c = &t->rows[i].cells[j];
		if (!drawn(c))
			continue;
		double a = c->has_ci ? fmin(c->v, c->lo) : c->v, b = c->has_ci ? fmax(c->v, c->hi) : c->v;
		*lo = fmin(*lo, a);
		*hi = fmax(*hi, b);
	}
}

/* "v (95% CI lo–hi, n=N)" of a drawn cell. */
static void value_words(struct strbuf *sb, const struct rcol *col, const struct rcell *c)
{
	int dec = rp_decimals(col->fmt);
	strbuf_addf(sb, "%.*f", dec, c->v);
	if (c->has_ci) {
		strbuf_adds(sb, " (95% CI ");
		rp_interval(sb, dec, c->lo, c->hi);
		strbuf_addf(sb, ", n=%ld)", c->n);
	} else if (c->n >= 0) {
		strbuf_addf(sb, " (n=%ld)", c->n);
	}
}

static void svg_open(struct strbuf *sb, int id, const char *kind, double h)
{
	strbuf_addf(sb, "<figure>\n<svg class=\"chart\" data-kind=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" "
		    "viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" role=\"img\" "
		    "aria-labelledby=\"c%d-t c%d-d\">\n<title id=\"c%d-t\">", kind, W, h, W, h, id, id, id);
}

/* After the title: the description opens. */
static void svg_desc(struct strbuf *sb, int id)
{
	strbuf_addf(sb, "</title>\n<desc id=\"c%d-d\">", id);
}

static void svg_close(struct strbuf *sb, const char *caption)
{
	strbuf_addf(sb, "</svg>\n<figcaption>%s</figcaption>\n</figure>\n", caption);
}

/* A legend entry at (x, y): a swatch (bar) or a dashed line with a dot,
 * then the escaped name. */
static void legend_entry(struct strbuf *sb, double x, double y, size_t s, int line, const char *name)
{
	const char *colour = palette[s % ARRAY_SIZE(palette)];
	if (line)
		strbuf_addf(sb, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			    "stroke-width=\"2\" stroke-dasharray=\"%s\"/><circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" "
			    "fill=\"%s\"/>", x, y, x + 24, y, colour, dashes[s % ARRAY_SIZE(dashes)], x + 12, y, colour);
	else
		strbuf_addf(sb, "<rect x=\"%.1f\" y=\"%.1f\" width=\"16\" height=\"11\" fill=\"%s\" stroke=\"#333\" "
			    "stroke-width=\"0.5\"/>", x + 4, y - 5.5, colour);
	strbuf_addf(sb, "<text x=\"%.1f\" y=\"%.1f\">", x + 30, y + 4);
	rp_html_escape(sb, name, 50);
	strbuf_adds(sb, "</text>\n");
}

/* The whisker legend entry at (x, y). */
static void legend_whisker(struct strbuf *sb, double x, double y, int vertical)
{
	if (vertical)
		strbuf_addf(sb, "<path d=\"M%.1f %.1fh8M%.1f %.1fv14M%.1f %.1fh8\" stroke=\"#333\" fill=\"none\"/>",
			    x + 8, y - 7, x + 12, y - 7, x + 8, y + 7);
	else
		strbuf_addf(sb, "<path d=\"M%.1f %.1fv8M%.1f %.1fh18M%.1f %.1fv8\" stroke=\"#333\" fill=\"none\"/>",
			    x + 3, y - 4, x + 3, y, x + 21, y - 4);
	strbuf_addf(sb, "<text x=\"%.1f\" y=\"%.1f\">whiskers: 95%% interval</text>\n", x + 30, y + 4);
}

/* A whisker from a to b at c (vertical: c is x), with caps, in colour. */
static void whisker(struct strbuf *sb, double c, double a, double b, int vertical, const char *colour)
{
	if (vertical)
		strbuf_addf(sb, "<path class=\"ci\" d=\"M%.1f %.1fh8M%.1f %.1fV%.1fM%.1f %.1fh8\" stroke=\"%s\" "
			    "fill=\"none\"/>\n", c - 4, a, c, a, b, c - 4, b, colour);
	else
		strbuf_addf(sb, "<path class=\"ci\" d=\"M%.1f %.1fv8M%.1f %.1fH%.1fM%.1f %.1fv8\" stroke=\"%s\" "
			    "fill=\"none\"/>\n", a, c - 4, a, c, b, b, c - 4, colour);
}

/* Escaped text at (x, y) with an anchor and extra attributes. */
static void label(struct strbuf *sb, double x, double y, const char *anchor, const char *attrs, const char *s,
		  int max_cols)
{
	strbuf_addf(sb, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>", x, y, anchor, attrs);
	rp_html_escape(sb, s, max_cols);
	strbuf_adds(sb, "</text>\n");
}

/* ---- lines over turn depth ---------------------------------------------------------- */

/* The series and x of each row of a table: groups "SERIES / X" (split at
 * the last " / "), or X alone (one series). */
struct lines {
	char *xs[MAX_X], *ss[MAX_SERIES];
	size_t nx, ns;
	size_t *row_x, *row_s;
};

/* The index of s in v[0..*n), added when new; -1 when v is full. */
static long intern(char **v, size_t *n, size_t max, const char *s, size_t len)
{
	for (size_t i = 0; i < *n; i++)
		if (strlen(v[i]) == len && memcmp(v[i], s, len) == 0)
			return (long)i;
	if (*n == max)
		return -1;
	v[*n] = xstrndup(s, len);
	return (long)(*n)++;
}

static void lines_free(struct lines *L)
{
	for (size_t i = 0; i < L->nx; i++)
		free(L->xs[i]);
	for (size_t i = 0; i < L->ns; i++)
		free(L->ss[i]);
	free(L->row_x);
	free(L->row_s);
}

/* 0, or -1 when there are too many series or depths to draw. */
static int lines_split(const struct rtable *t, const char *single, struct lines *L)
{
	memset(L, 0, sizeof(*L));
	L->row_x = xcalloc(t->n_rows + 1, sizeof(size_t));
	L->row_s = xcalloc(t->n_rows + 1, sizeof(size_t));
	for (size_t i = 0; i < t->n_rows; i++) {
		const char *g = t->rows[i].group, *cut = NULL;
		for (const char *q = strstr(g, " / "); q; q = strstr(q + 1, " / "))
			cut = q;
		long s = cut ? intern(L->ss, &L->ns, MAX_SERIES, g, (size_t)(cut - g))
			     : intern(L->ss, &L->ns, MAX_SERIES, single, strlen(single));
		const char *x = cut ? cut + 3 : g;
		long xi = intern(L->xs, &L->nx, MAX_X, x, strlen(x));
		if (s < 0 || xi < 0)
			return -1;
		L->row_s[i] = (size_t)s;
		L->row_x[i] = (size_t)xi;
	}
	return 0;
}

/* Frame of the line chart: value gridlines and ticks, x ticks, axis titles. */
static void lines_axes(struct strbuf *sb, const struct lines *L, const struct scale *sc, const char *ytitle,
		       const char *xtitle, double top, double ph)
{
	const double left = 56, pw = W - 56 - 16;
	for (int i = 0; i < n_ticks(sc); i++) {
		double y = at(sc, tick(sc, i), top + ph, top);
		strbuf_addf(sb, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
			    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
			    left, y, left + pw, y, left - 6, y + 4, tick(sc, i));
	}
	strbuf_addf(sb, "<path d=\"M%.1f %.1fV%.1fH%.1f\" stroke=\"#333\" fill=\"none\"/>\n", left, top,
		    top + ph, left + pw);
	for (size_t x = 0; x < L->nx; x++)
		label(sb, left + pw * ((double)x + 0.5) / (double)L->nx, top + ph + 16, "middle", "", L->xs[x],
		      L->nx > 20 ? 3 : 10);
	label(sb, left + pw / 2, top + ph + 34, "middle", "", xtitle, 60);
	strbuf_addf(sb, "<g transform=\"translate(14 %.1f) rotate(-90)\">", top + ph / 2);
	label(sb, 0, 0, "middle", "", ytitle, 40);
	strbuf_adds(sb, "</g>\n");
}

/* One series: its line through the drawn values in depth order, then a
 * dot (with its value as a tooltip) and a whisker per value. */
static void lines_series(struct strbuf *sb, const struct rtable *t, size_t j, const struct lines *L, size_t s,
			 const struct scale *sc, double top, double ph)
{
	const double left = 56, pw = W - 56 - 16;
	const char *colour = palette[s % ARRAY_SIZE(palette)];
	double slot = pw / (double)L->nx, dodge = fmin(8, slot / (double)(L->ns + 1));
	double off = ((double)s - ((double)L->ns - 1) / 2) * dodge;
	strbuf_addf(sb, "<polyline class=\"line\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
		    "stroke-dasharray=\"%s\" points=\"", colour, dashes[s % ARRAY_SIZE(dashes)]);
	for (size_t x = 0; x < L->nx; x++)
		for (size_t i = 0; i < t->n_rows; i++)
			if (L->row_s[i] == s && L->row_x[i] == x && drawn(&t->rows[i].cells[j]))
				strbuf_addf(sb, " %.1f,%.1f", left + slot * ((double)x + 0.5) + off,
					    at(sc, t->rows[i].cells[j].v, top + ph, top));
	strbuf_adds(sb, "\"/>\n");
	for (size_t i = 0; i < t->n_rows; i++) {
		const struct rcell *c = &t->rows[i].cells[j];
		if (L->row_s[i] != s || !drawn(c))
			continue;
		double cx = left + slot * ((double)L->row_x[i] + 0.5) + off;
		if (c->has_ci)
			whisker(sb, cx, at(sc, c->lo, top + ph, top), at(sc, c->hi, top + ph, top), 1, colour);
		strbuf_addf(sb, "<circle class=\"pt\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" stroke=\"#fff\">"
			    "<title>", cx, at(sc, c->v, top + ph, top), colour);
		rp_html_escape(sb, t->rows[i].group, 0);
		strbuf_adds(sb, ": ");
		value_words(sb, &t->cols[j], c);
		strbuf_adds(sb, "</title></circle>\n");
	}
}

/* The values in words, series by series. */
static void lines_desc(struct strbuf *sb, const struct rtable *t, size_t j, const struct lines *L)
{
	for (size_t s = 0; s < L->ns; s++) {
		strbuf_adds(sb, s ? ". " : "");
		rp_html_escape(sb, L->ss[s], 0);
		strbuf_adds(sb, ":");
		for (size_t i = 0; i < t->n_rows; i++) {
			if (L->row_s[i] != s)
				continue;
			strbuf_adds(sb, " ");
			rp_html_escape(sb, L->xs[L->row_x[i]], 0);
			strbuf_adds(sb, " = ");
			if (drawn(&t->rows[i].cells[j]))
				value_words(sb, &t->cols[j], &t->rows[i].cells[j]);
			else
				strbuf_adds(sb, "undefined");
			strbuf_adds(sb, ";");
		}
	}
}

/* The frame of a chart of column j by turn depth, a series per system
 * (lines, depth bars): its series, scale and whether any value has an
 * interval, the <svg> opened with kind (its title to follow). -1, nothing
 * opened, when there is nothing to draw. */
static int series_open(struct strbuf *sb, const struct rtable *t, size_t j, int id, const char *kind,
		       struct lines *L, struct scale *sc, int *any_ci)
{
	if (lines_split(t, t->cols[j].label, L) != 0 || L->nx == 0) {
		lines_free(L);
		return -1;
	}
	double lo = 0, hi = 1;
	*any_ci = 0;
	col_range(t, j, &lo, &hi);
	for (size_t i = 0; i < t->n_rows; i++)
		*any_ci |= drawn(&t->rows[i].cells[j]) && t->rows[i].cells[j].has_ci;
	*sc = nice_scale(lo, hi);
	svg_open(sb, id, kind, SERIES_TOP + SERIES_PH + 50 + LEGEND * (double)(L->ns + (size_t)*any_ci));
	return 0;
}

static void lines_chart(struct strbuf *sb, const struct rtable *t, size_t j, int id)
{
	struct lines L;
	const char *xtitle = strrchr(t->by, '/') ? strrchr(t->by, '/') + 1 : t->by;
	xtitle += *xtitle == ' ';
	struct scale sc;
	int any_ci;
	double top = SERIES_TOP, ph = SERIES_PH;
	if (series_open(sb, t, j, id, "lines", &L, &sc, &any_ci) != 0)
		return;
	rp_html_escape(sb, t->cols[j].label, 0);
	strbuf_adds(sb, " by ");
	rp_html_escape(sb, xtitle, 0);
	svg_desc(sb, id);
	strbuf_adds(sb, "Line chart, one line per series, with 95% intervals as whiskers. ");
	lines_desc(sb, t, j, &L);
	strbuf_adds(sb, "</desc>\n");
	lines_axes(sb, &L, &sc, t->cols[j].label, xtitle, top, ph);
	for (size_t s = 0; s < L.ns; s++)
		lines_series(sb, t, j, &L, s, &sc, top, ph);
	for (size_t s = 0; s < L.ns; s++)
		legend_entry(sb, 56, top + ph + 56 + LEGEND * (double)s, s, 1, L.ss[s]);
	if (any_ci)
		legend_whisker(sb, 56, top + ph + 56 + LEGEND * (double)L.ns, 1);
	svg_close(sb, "Dots: values; whiskers: 95% intervals; the table above has the numbers.");
	lines_free(&L);
}

/* ---- grouped bars per system ------------------------------------------------------- */

/* The value axis along the bottom of the bars. */
static void bars_axis(struct strbuf *sb, const struct scale *sc, double left, double pw, double top, double ph)
{
	for (int i = 0; i < n_ticks(sc); i++) {
		double x = at(sc, tick(sc, i), left, left + pw);
		strbuf_addf(sb, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
			    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n",
			    x, top, x, top + ph, x, top + ph + 16, tick(sc, i));
	}
	double x0 = at(sc, 0, left, left + pw);
	strbuf_addf(sb, "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1f\" stroke=\"#333\" fill=\"none\"/>\n", x0, top,
		    top + ph, left, top + ph, left + pw);
	label(sb, left + pw / 2, top + ph + 34, "middle", "", "value", 0);
}

/* The bar of row i, column j at y (its whisker and value beside it). */
static void bar(struct strbuf *sb, const struct rtable *t, size_t i, size_t j, const struct scale *sc,
		double left, double pw, double y)
{
	const struct rcell *c = &t->rows[i].cells[j];
	double x0 = at(sc, 0, left, left + pw);
	if (!drawn(c)) {
		strbuf_addf(sb, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555\" font-size=\"10\">undefined</text>\n",
			    x0 + 4, y + 10);
		return;
	}
	double xv = at(sc, c->v, left, left + pw), end = xv;
	strbuf_addf(sb, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"12\" fill=\"%s\" "
		    "stroke=\"#333\" stroke-width=\"0.5\"><title>", fmin(x0, xv), y, fabs(xv - x0),
		    palette[i % ARRAY_SIZE(palette)]);
	rp_html_escape(sb, t->rows[i].group, 0);
	strbuf_adds(sb, ", ");
	rp_html_escape(sb, t->cols[j].label, 0);
	strbuf_adds(sb, ": ");
	value_words(sb, &t->cols[j], c);
	strbuf_adds(sb, "</title></rect>\n");
	if (c->has_ci) {
		whisker(sb, y + 6, at(sc, c->lo, left, left + pw), at(sc, c->hi, left, left + pw), 0, "#333");
		end = fmax(end, at(sc, c->hi, left, left + pw));
	}
	strbuf_addf(sb, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">%.*f</text>\n", fmax(end, x0) + 4, y + 10,
		    rp_decimals(t->cols[j].fmt), c->v);
}

/* The fraction columns with a drawn value, at most MAX_X, into cols. */
static size_t bar_columns(const struct rtable *t, size_t *cols)
{
	size_t n = 0;
	for (size_t j = 0; j < t->n_cols && n < MAX_X; j++) {
		int any = 0;
		for (size_t i = 0; i < t->n_rows && !any; i++)
			any = drawn(&t->rows[i].cells[j]);
		if (t->cols[j].fmt == RF_FRACTION && any)
			cols[n++] = j;
	}
	return n;
}

static void bars_desc(struct strbuf *sb, const struct rtable *t, const size_t *cols, size_t ng)
{
	strbuf_adds(sb, "Horizontal bars, one group per measure, one bar per row of the table, with 95% "
		    "intervals as whiskers.");
	for (size_t g = 0; g < ng; g++) {
		strbuf_adds(sb, " ");
		rp_html_escape(sb, t->cols[cols[g]].label, 0);
		strbuf_adds(sb, ":");
		for (size_t i = 0; i < t->n_rows; i++) {
			strbuf_adds(sb, i ? "; " : " ");
			rp_html_escape(sb, t->rows[i].group, 0);
			strbuf_adds(sb, " ");
			if (drawn(&t->rows[i].cells[cols[g]]))
				value_words(sb, &t->cols[cols[g]], &t->rows[i].cells[cols[g]]);
			else
				strbuf_adds(sb, "undefined");
		}
		strbuf_adds(sb, ".");
	}
}

static void bars_chart(struct strbuf *sb, const struct rtable *t, int id, const char *kind)
{
	size_t cols[MAX_X], ng = bar_columns(t, cols), ns = t->n_rows;
	int any_ci = 0;
	if (ng == 0 || ns == 0 || ns > MAX_SERIES)
		return;
	double lo = 0, hi = 1, left = 130, pw = W - 130 - 60, pitch = 14;
	for (size_t g = 0; g < ng; g++) {
		col_range(t, cols[g], &lo, &hi);
		for (size_t i = 0; i < ns; i++)
			any_ci |= drawn(&t->rows[i].cells[cols[g]]) && t->rows[i].cells[cols[g]].has_ci;
	}
	struct scale sc = nice_scale(lo, hi);
	double top = 12 + LEGEND * (double)(ns + (size_t)any_ci), group = pitch * (double)ns + 10;
	double ph = group * (double)ng, h = top + ph + 44;
	svg_open(sb, id, kind, h);
	rp_html_escape(sb, t->title, 0);
	svg_desc(sb, id);
	bars_desc(sb, t, cols, ng);
	strbuf_adds(sb, "</desc>\n");
	for (size_t i = 0; i < ns; i++)
		legend_entry(sb, left - 4, 12 + LEGEND * (double)i, i, 0, t->rows[i].group);
	if (any_ci)
		legend_whisker(sb, left - 4, 12 + LEGEND * (double)ns, 0);
	bars_axis(sb, &sc, left, pw, top, ph);
	for (size_t g = 0; g < ng; g++) {
		double y = top + group * (double)g + 5;
		label(sb, left - 8, y + pitch * (double)ns / 2 + 4, "end", "", t->cols[cols[g]].label, 16);
		for (size_t i = 0; i < ns; i++)
			bar(sb, t, i, cols[g], &sc, left, pw, y + pitch * (double)i);
	}
	svg_close(sb, "Bars: values (printed at their ends); whiskers: 95% intervals; the table above has the "
		  "numbers.");
}

/* ---- heat maps of confusion matrices ------------------------------------------------- */

/* A square table of counts whose rows are its columns, in order. */
static int is_confusion(const struct rtable *t)
{
	if (t->n_label || t->n_cols < 2 || t->n_cols != t->n_rows || t->n_cols > MAX_CELLS)
		return 0;
	for (size_t j = 0; j < t->n_cols; j++)
		if (t->cols[j].fmt != RF_COUNT || strcmp(t->cols[j].id, t->rows[j].group) != 0)
			return 0;
	return 1;
}

/* Shade of a share in [0, 1] from light to dark blue (one hue: its
 * lightness reads without colour vision). */
static void shade(char *buf, size_t size, double f)
{
	static const int a[3] = { 247, 251, 255 }, b[3] = { 8, 48, 107 };
	snprintf(buf, size, "#%02x%02x%02x", (int)lround(a[0] + (b[0] - a[0]) * f),
		 (int)lround(a[1] + (b[1] - a[1]) * f), (int)lround(a[2] + (b[2] - a[2]) * f));
}

/* The scale under the grid: the shades of 0 to the largest count, in at
 * most four steps (one per count when it is smaller). */
static void heat_legend(struct strbuf *sb, double x, double y, double max)
{
	int steps = max >= 4 ? 4 : max >= 1 ? (int)max : 1;
	label(sb, x, y + 12, "start", "", "count:", 0);
	for (int i = 0; i <= steps; i++) {
		char fill[8];
		shade(fill, sizeof(fill), (double)i / steps);
		strbuf_addf(sb, "<rect x=\"%.1f\" y=\"%.1f\" width=\"36\" height=\"14\" fill=\"%s\" stroke=\"#999\" "
			    "stroke-width=\"0.5\"/><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f</text>\n",
			    x + 50 + 40 * i, y + 1, fill, x + 68 + 40 * i, y + 28, max * i / steps);
	}
}

/* The cell of row i, column j: its shade, count and a tooltip. */
static void heat_cell(struct strbuf *sb, const struct rtable *t, size_t i, size_t j, double x, double y,
		      double size, double max)
{
	const struct rcell *c = &t->rows[i].cells[j];
	double v = c->kind == RC_COUNT || c->kind == RC_NUM ? c->v : 0, f = max > 0 ? v / max : 0;
	char fill[8];
	shade(fill, sizeof(fill), f);
	strbuf_addf(sb, "<rect class=\"cell\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
		    "stroke=\"%s\" stroke-width=\"%s\"><title>", x, y, size, size, fill, i == j ? "#000" : "#fff",
		    i == j ? "2" : "1");
	rp_html_escape(sb, t->rows[i].group, 0);
	strbuf_adds(sb, " / ");
	rp_html_escape(sb, t->cols[j].label, 0);
	strbuf_addf(sb, ": %.0f</title></rect>\n<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
		    "fill=\"%s\">%.0f</text>\n", v, x + size / 2, y + size / 2 + 4, f > 0.5 ? "#fff" : "#111", v);
}

static void heat_map(struct strbuf *sb, const struct rtable *t, int id)
{
	size_t k = t->n_cols;
	double max = 0, left = 140, top = 48, size = fmin(56, (W - left - 20) / (double)k);
	for (size_t i = 0; i < k; i++)
		for (size_t j = 0; j < k; j++)
			max = fmax(max, t->rows[i].cells[j].kind == RC_COUNT ? t->rows[i].cells[j].v : 0);
	/* the table's "by" is "ROWS \ COLUMNS" */
	const char *cut = strstr(t->by, " \\ ");
	char *rows = cut ? xstrndup(t->by, (size_t)(cut - t->by)) : xstrdup(t->by);
	const char *columns = cut ? cut + 3 : "";
	double h = top + size * (double)k + 56;
	svg_open(sb, id, "heatmap", h);
	rp_html_escape(sb, t->title, 0);
	svg_desc(sb, id);
	strbuf_adds(sb, "Heat map of the counts: darker is more; the diagonal (outlined) is where the two agree. "
		    "Rows: ");
	rp_html_escape(sb, rows, 0);
	strbuf_adds(sb, "; columns: ");
	rp_html_escape(sb, columns, 0);
	strbuf_adds(sb, ".</desc>\n");
	label(sb, left + size * (double)k / 2, 14, "middle", " font-weight=\"600\"", columns, 50);
	strbuf_addf(sb, "<g transform=\"translate(14 %.1f) rotate(-90)\">", top + size * (double)k / 2);
	label(sb, 0, 0, "middle", " font-weight=\"600\"", rows, 30);
	strbuf_adds(sb, "</g>\n");
	for (size_t j = 0; j < k; j++)
		label(sb, left + size * ((double)j + 0.5), top - 8, "middle", "", t->cols[j].label,
		      (int)(size / 8));
	for (size_t i = 0; i < k; i++) {
		label(sb, left - 8, top + size * ((double)i + 0.5) + 4, "end", "", t->rows[i].group, 16);
		for (size_t j = 0; j < k; j++)
			heat_cell(sb, t, i, j, left + size * (double)j, top + size * (double)i, size, max);
	}
	heat_legend(sb, left, top + size * (double)k + 14, max);
	svg_close(sb, "Shade: count (darker is more); outlined: the diagonal, where both agree; the table above "
		  "has the numbers.");
	free(rows);
}

/* ---- bars per system at each turn depth ------------------------------------------------ */

/* One series' bars (system s) in each depth's slot, with whiskers and a
 * tooltip of the value in words. */
static void depth_bars_series(struct strbuf *sb, const struct rtable *t, size_t j, const struct lines *L, size_t s,
			      const struct scale *sc, double top, double ph)
{
	const double left = 56, pw = W - 56 - 16;
	const char *colour = palette[s % ARRAY_SIZE(palette)];
	double slot = pw / (double)L->nx, bw = fmin(28, slot * 0.8 / (double)L->ns);
	double x0 = -bw * (double)L->ns / 2 + bw * (double)s, base = at(sc, 0, top + ph, top);
	for (size_t i = 0; i < t->n_rows; i++) {
		const struct rcell *c = &t->rows[i].cells[j];
		if (L->row_s[i] != s || !drawn(c))
			continue;
		double x = left + slot * ((double)L->row_x[i] + 0.5) + x0, y = at(sc, c->v, top + ph, top);
		strbuf_addf(sb, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
			    "fill=\"%s\" stroke=\"#333\" stroke-width=\"0.5\"><title>", x, fmin(y, base), bw - 1,
			    fabs(base - y), colour);
		rp_html_escape(sb, t->rows[i].group, 0);
		strbuf_adds(sb, ": ");
		value_words(sb, &t->cols[j], c);
		strbuf_adds(sb, "</title></rect>\n");
		if (c->has_ci)
			whisker(sb, x + (bw - 1) / 2, at(sc, c->lo, top + ph, top), at(sc, c->hi, top + ph, top), 1,
				"#333");
	}
}

/* A table "SYSTEM / DEPTH": at each depth a bar per system with its 95%
 * whisker (accuracy, HR@k of each system by turn depth). */
static void depth_bars_chart(struct strbuf *sb, const struct rtable *t, size_t j, int id)
{
	struct lines L;
	struct scale sc;
	int any_ci;
	double top = SERIES_TOP, ph = SERIES_PH;
	if (series_open(sb, t, j, id, "depthbars", &L, &sc, &any_ci) != 0)
		return;
	rp_html_escape(sb, t->cols[j].label, 0);
	strbuf_adds(sb, " of each system by turn depth");
	svg_desc(sb, id);
	strbuf_adds(sb, "Bar chart: at each turn depth one bar per system, with 95% intervals as whiskers. ");
	lines_desc(sb, t, j, &L);
	strbuf_adds(sb, "</desc>\n");
	lines_axes(sb, &L, &sc, t->cols[j].label, "turn depth", top, ph);
	for (size_t s = 0; s < L.ns; s++)
		depth_bars_series(sb, t, j, &L, s, &sc, top, ph);
	for (size_t s = 0; s < L.ns; s++)
		legend_entry(sb, 56, top + ph + 56 + LEGEND * (double)s, s, 0, L.ss[s]);
	if (any_ci)
		legend_whisker(sb, 56, top + ph + 56 + LEGEND * (double)L.ns, 1);
	svg_close(sb, "Bars: values per system at each turn depth; whiskers: 95% intervals; the table above has "
		  "the numbers.");
	lines_free(&L);
}

/* ---- verdicts per run as stacked bars -------------------------------------------------- */

/* The verdict fields of a table of counts per category: each a run of
 * count columns [from, to) closed by a column "..._share" (a count "no
 * consensus" among them). At most MAX_SERIES fields. */
static size_t verdict_fields(const struct rtable *t, size_t *from, size_t *to)
{
	size_t n = 0, start = 0;
	for (size_t j = 0; j < t->n_cols && n < MAX_SERIES; j++) {
		if (t->cols[j].fmt == RF_COUNT)
			continue;
		if (ends_with(t->cols[j].id, "_share") && j > start) {
			from[n] = start;
			to[n++] = j;
		}
		start = j + 1;
	}
	return n;
}

/* Row i's bar of the counts in columns [from, to), each category a
 * segment of its share of the row's total. */
static void stacked_bar(struct strbuf *sb, const struct rtable *t, size_t i, size_t from, size_t to, double left,
			double pw, double y)
{
	double total = 0, x = left;
	for (size_t j = from; j < to; j++)
		total += t->rows[i].cells[j].kind == RC_COUNT ? t->rows[i].cells[j].v : 0;
	if (total <= 0) {
		strbuf_addf(sb, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555\" font-size=\"10\">no verdicts</text>\n",
			    left + 4, y + 10);
		return;
	}
	for (size_t j = from; j < to; j++) {
		double v = t->rows[i].cells[j].kind == RC_COUNT ? t->rows[i].cells[j].v : 0, w = pw * v / total;
		if (v <= 0)
			continue;
		int noc = ends_with(t->cols[j].id, "_no_consensus");
		strbuf_addf(sb, "<rect class=\"seg\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"14\" fill=\"%s\" "
			    "stroke=\"#fff\" stroke-width=\"1\"><title>", x, y, w,
			    noc ? "#bbbbbb" : palette[(j - from) % ARRAY_SIZE(palette)]);
		rp_html_escape(sb, t->rows[i].group, 0);
		strbuf_adds(sb, ", ");
		rp_html_escape(sb, t->cols[j].label, 0);
		strbuf_addf(sb, ": %.0f of %.0f</title></rect>\n", v, total);
		if (w >= 18)
			strbuf_addf(sb, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\" "
				    "fill=\"%s\">%.0f</text>\n", x + w / 2, y + 11, noc || (j - from) % 8 == 7 ? "#111" :
				    "#fff", v);
		x += w;
	}
}

static void stacked_desc(struct strbuf *sb, const struct rtable *t, const size_t *from, const size_t *to,
			 size_t nf)
{
	strbuf_adds(sb, "Stacked bars, one per row of the table and verdict field, each category a segment of "
		    "its share.");
	for (size_t f = 0; f < nf; f++)
		for (size_t i = 0; i < t->n_rows; i++) {
			strbuf_adds(sb, " ");
			rp_html_escape(sb, t->rows[i].group, 0);
			strbuf_adds(sb, ":");
			for (size_t j = from[f]; j < to[f]; j++) {
				strbuf_adds(sb, j > from[f] ? ", " : " ");
				rp_html_escape(sb, t->cols[j].label, 0);
				strbuf_addf(sb, " %.0f", t->rows[i].cells[j].kind == RC_COUNT ? t->rows[i].cells[j].v : 0);
			}
			strbuf_adds(sb, ".");
		}
}

static void stacked_chart(struct strbuf *sb, const struct rtable *t, int id)
{
	size_t from[MAX_SERIES], to[MAX_SERIES], nf = verdict_fields(t, from, to), ns = t->n_rows, most = 0;
	if (nf == 0 || ns == 0 || ns > MAX_X)
		return;
	for (size_t f = 0; f < nf; f++)
		most = to[f] - from[f] > most ? to[f] - from[f] : most;
	double left = 130, pw = W - 130 - 20, top = 16, group = 20 * (double)ns + 30;
	double legend_top = top + group * (double)nf + 4, h = legend_top + LEGEND * (double)(most * nf) + 8;
	svg_open(sb, id, "stacked", h);
	rp_html_escape(sb, t->title, 0);
	strbuf_adds(sb, ": verdicts per run");
	svg_desc(sb, id);
	stacked_desc(sb, t, from, to, nf);
	strbuf_adds(sb, "</desc>\n");
	for (size_t f = 0; f < nf; f++) {
		double y = top + group * (double)f + 16;
		struct strbuf head = STRBUF_INIT;   /* the field by its categories */
		for (size_t j = from[f]; j < to[f]; j++)
			if (!ends_with(t->cols[j].id, "_no_consensus"))
				strbuf_addf(&head, "%s%s", j > from[f] ? " / " : "", t->cols[j].label);
		label(sb, left, y - 5, "start", " font-weight=\"600\"", strbuf_str(&head), 60);
		strbuf_release(&head);
		for (size_t i = 0; i < ns; i++) {
			label(sb, left - 8, y + 20 * (double)i + 11, "end", "", t->rows[i].group, 16);
			stacked_bar(sb, t, i, from[f], to[f], left, pw, y + 20 * (double)i);
		}
	}
	for (size_t f = 0, k = 0; f < nf; f++)
		for (size_t j = from[f]; j < to[f]; j++, k++)
			if (ends_with(t->cols[j].id, "_no_consensus"))
				strbuf_addf(sb, "<rect x=\"%.1f\" y=\"%.1f\" width=\"16\" height=\"11\" fill=\"#bbbbbb\"/>"
					    "<text x=\"%.1f\" y=\"%.1f\">no consensus</text>\n", left, legend_top +
					    LEGEND * (double)k, left + 26, legend_top + LEGEND * (double)k + 10);
			else
				legend_entry(sb, left - 4, legend_top + LEGEND * (double)k + 5.5, j - from[f], 0,
					     t->cols[j].label);
	svg_close(sb, "Each bar: a run's verdicts, 100% wide, a segment per category (its count printed where "
		  "it fits); the table above has the numbers.");
}

/* ---- which chart ----------------------------------------------------------------------- */

void rp_svg_charts(struct strbuf *sb, const struct rtable *t, int *n)
{
	if (t->n_rows == 0 || rp_svg_pairwise(sb, t, n))
		return;
	if (ends_with(t->id, "by_turn")) {
		int any = 0;
		for (size_t j = 0; j < t->n_cols; j++)
			if (t->cols[j].flags & RCOL_CHART) {
				lines_chart(sb, t, j, ++*n);
				any = 1;
			}
		for (size_t j = 0; j < t->n_cols && !any; j++)
			if (t->cols[j].fmt == RF_FRACTION) {
				lines_chart(sb, t, j, ++*n);
				any = 1;
			}
	} else if (ends_with(t->id, "by_system_turn")) {
		size_t j = 0;
		while (j < t->n_cols && !(t->cols[j].flags & RCOL_CHART))
			j++;
		for (size_t k = 0; j == t->n_cols && k < t->n_cols; k++)
			if (t->cols[k].fmt == RF_FRACTION)
				j = k;
		if (j < t->n_cols)
			depth_bars_chart(sb, t, j, ++*n);
	} else if (ends_with(t->id, "by_system") && verdict_fields(t, (size_t[MAX_SERIES]){ 0 },
								  (size_t[MAX_SERIES]){ 0 })) {
		stacked_chart(sb, t, ++*n);
		bars_chart(sb, t, ++*n, "bars");
	} else if (ends_with(t->id, "by_system")) {
		bars_chart(sb, t, ++*n, "bars");
	} else if (strcmp(t->id, "summary") == 0 && rtable_col_index(t, "fleiss_kappa") >= 0) {
		bars_chart(sb, t, ++*n, "kappa");
	} else if (is_confusion(t)) {
		heat_map(sb, t, ++*n);
	}
}
