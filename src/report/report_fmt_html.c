/* report_fmt_html.c - the report as one self-contained HTML5 page: the
 * header, a table of contents, each section's tables (values formatted as
 * the text writer does, their intervals and n) with their notes, and SVG
 * charts drawn by report_fmt_svg.c. No script and no external resource:
 * the style sheet is inline. Every string from the project passes
 * rp_html_escape(), so none of it becomes markup. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/strbuf.h"
#include "convqa/text.h"
#include "report_html.h"

/* Readable on a phone (tables scroll sideways, charts shrink) and printed
 * (no scrolling, no splitting a chart or a table row across pages). */
static const char css[] =
	"*{box-sizing:border-box}"
	"body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;color:#111;background:#fff;"
	"margin:0 auto;max-width:62rem;padding:0 1rem 3rem}"
	"h1{font-size:1.6rem;margin:1.2rem 0 .4rem}"
	"h2{font-size:1.3rem;margin:2.2rem 0 .4rem;border-bottom:2px solid #0072B2;padding-bottom:.2rem}"
	"h3{font-size:1.05rem;margin:1.4rem 0 .3rem}"
	"dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;margin:.5rem 0}"
	"dl.meta dt{font-weight:600}dl.meta dd{margin:0;overflow-wrap:anywhere}"
	"nav{background:#f4f6f8;padding:.4rem 1rem;border-radius:4px}nav h2{margin-top:.6rem}"
	"nav ol{margin:.2rem 0;padding-left:1.4rem}nav>ol>li{margin:.2rem 0}"
	"nav ol ol{font-size:.9em;columns:16rem}"
	"a{color:#0b5394}"
	".scroll{overflow-x:auto;max-width:100%}"
	"table{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:.3rem 0}"
	"th,td{padding:.2rem .55rem;border-bottom:1px solid #d0d4d8;text-align:right;vertical-align:top;"
	"white-space:nowrap}"
	"thead th{border-bottom:2px solid #555;font-weight:600}"
	"th[scope=row],td.t,thead th:first-child{text-align:left}"
	"th[scope=row]{font-weight:400;white-space:normal;overflow-wrap:anywhere;min-width:6rem}"
	"td.u{color:#555;white-space:normal;min-width:8rem}"
	".note{color:#333;font-size:.92em;margin:.3rem 0}"
	"ul.notes{font-size:.92em;color:#333}"
	"figure{margin:.8rem 0}figcaption{font-size:.9em;color:#333}"
	/* inherited, so that the charts' own fill and font-size attributes win */
	"figure{overflow-x:auto}"
	"svg.chart{width:100%;height:auto;max-width:35rem;display:block;font-family:system-ui,sans-serif;"
	"font-size:13px}"
	/* a phone: a chart keeps a readable size and scrolls sideways when wider than the screen */
	"@media (max-width:40rem){body{font-size:14px;padding:0 .5rem}svg.chart{min-width:27rem}}"
	"@media print{body{max-width:none;padding:0}nav{background:none}a{color:inherit;text-decoration:none}"
	".scroll,figure{overflow:visible}svg.chart{min-width:0}figure,tr{break-inside:avoid}h2,h3{break-after:avoid}"
	"th,td{white-space:normal}}";

void rp_html_escape(struct strbuf *sb, const char *s, int max_cols)
{
	struct strbuf t = STRBUF_INIT;
	text_sanitize(&t, s, strlen(s), 0);
	size_t len = t.len, tail = t.len;
	if (max_cols > 0 && text_width(t.buf, t.len) > (size_t)max_cols)
		len = text_fit(t.buf, t.len, max_cols - 1, NULL);
	for (size_t i = 0; i < len; i++) {
		switch (t.buf[i]) {
		case '&':
			strbuf_adds(sb, "&amp;");
			break;
		case '<':
			strbuf_adds(sb, "&lt;");
			break;
		case '>':
			strbuf_adds(sb, "&gt;");
			break;
		case '"':
			strbuf_adds(sb, "&quot;");
			break;
		case '\'':
			strbuf_adds(sb, "&#39;");
			break;
		default:
			strbuf_addc(sb, t.buf[i]);
		}
	}
	if (len < tail)
		strbuf_adds(sb, "\xe2\x80\xa6");
	if (!sb->buf)
		strbuf_adds(sb, "");
	strbuf_release(&t);
}

static int col_has_ci(const struct rtable *t, size_t j)
{
	for (size_t i = 0; i < t->n_rows; i++)
		if (t->rows[i].cells[j].kind == RC_NUM && t->rows[i].cells[j].has_ci)
			return 1;
	return 0;
}

/* One cell (and its interval cell when the column has intervals). */
static void cell_html(struct strbuf *sb, const struct rcol *col, const struct rcell *c, int ci)
{
	int dec = rp_decimals(col->fmt);
	switch (c->kind) {
	case RC_NUM:
		strbuf_addf(sb, "<td>%.*f</td>", dec, c->v);
		break;
	case RC_COUNT:
		strbuf_addf(sb, "<td>%.0f</td>", c->v);
		break;
	case RC_TEXT:
		strbuf_adds(sb, "<td class=\"t\">");
		rp_html_escape(sb, c->text, 0);
		strbuf_adds(sb, "</td>");
		break;
	case RC_UNDEF:
		strbuf_adds(sb, "<td class=\"u\">undefined (");
		rp_html_escape(sb, c->text, 0);
		strbuf_adds(sb, ")</td>");
		break;
	case RC_NONE:
		strbuf_adds(sb, "<td>-</td>");
		break;
	}
	if (!ci)
		return;
	if (c->kind == RC_NUM && c->has_ci) {
		strbuf_adds(sb, "<td>");
		rp_interval(sb, dec, c->lo, c->hi);
		strbuf_adds(sb, "</td>");
	} else {
		strbuf_adds(sb, "<td>-</td>");
	}
}

static void table_head(struct strbuf *sb, const struct rtable *t, const char *ci)
{
	strbuf_adds(sb, "<thead><tr><th scope=\"col\">");
	rp_html_escape(sb, t->by, 0);
	strbuf_adds(sb, "</th>");
	if (t->n_label) {
		strbuf_adds(sb, "<th scope=\"col\">");
		rp_html_escape(sb, t->n_label, 0);
		strbuf_adds(sb, "</th>");
	}
	for (size_t j = 0; j < t->n_cols; j++) {
		strbuf_adds(sb, "<th scope=\"col\">");
		rp_html_escape(sb, t->cols[j].label, 0);
		strbuf_adds(sb, ci[j] ? "</th><th scope=\"col\">95% CI</th>" : "</th>");
	}
	strbuf_adds(sb, "</tr></thead>\n");
}

/* Table j of section i: its heading (the anchor of the contents), the
 * table, its notes, its charts. */
static int table_html(struct strbuf *sb, const struct rtable *t, size_t i, size_t j, int *charts, FILE *out)
{
	char *ci = xcalloc(t->n_cols + 1, 1);
	for (size_t k = 0; k < t->n_cols; k++)
		ci[k] = (char)col_has_ci(t, k);
	strbuf_addf(sb, "<h3 id=\"s%zu-t%zu\">", i + 1, j + 1);
	rp_html_escape(sb, t->title, 0);
	strbuf_addf(sb, "</h3>\n<div class=\"scroll\"><table aria-labelledby=\"s%zu-t%zu\">\n", i + 1, j + 1);
	table_head(sb, t, ci);
	strbuf_adds(sb, "<tbody>\n");
	for (size_t r = 0; r < t->n_rows; r++) {
		const struct rrow *row = &t->rows[r];
		strbuf_adds(sb, "<tr><th scope=\"row\">");
		rp_html_escape(sb, row->group, 0);
		strbuf_adds(sb, "</th>");
		if (t->n_label && row->n >= 0)
			strbuf_addf(sb, "<td>%ld</td>", row->n);
		else if (t->n_label)
			strbuf_adds(sb, "<td>-</td>");
		for (size_t k = 0; k < t->n_cols; k++)
			cell_html(sb, &t->cols[k], &row->cells[k], ci[k]);
		strbuf_adds(sb, "</tr>\n");
		if (sb->len > 1 << 16 && rp_flush(sb, out)) {
			free(ci);
			return -1;
		}
	}
	strbuf_adds(sb, "</tbody></table></div>\n");
	free(ci);
	for (size_t k = 0; k < t->n_notes; k++) {
		strbuf_adds(sb, "<p class=\"note\">");
		rp_html_escape(sb, t->notes[k], 0);
		strbuf_adds(sb, "</p>\n");
	}
	rp_svg_charts(sb, t, charts);
	return 0;
}

/* The value of the header entry key, or NULL. */
static const char *meta_value(const struct report *r, const char *key)
{
	for (size_t i = 0; i + 1 < r->n_meta; i += 2)
		if (strcmp(r->meta[i], key) == 0)
			return r->meta[i + 1];
	return NULL;
}

/* From the doctype to the header entries. */
static void head_html(struct strbuf *sb, const struct report *r)
{
	const char *command = meta_value(r, "command");
	struct strbuf name = STRBUF_INIT;
	rp_html_escape(&name, command ? command : "report", 0);
	strbuf_addf(sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		    "<meta name=\"generator\" content=\"convqa\">\n"
		    "<title>convqa %s</title>\n<style>%s</style>\n</head>\n<body>\n<header>\n"
		    "<h1>convqa %s</h1>\n<dl class=\"meta\">\n", strbuf_str(&name), css, strbuf_str(&name));
	strbuf_release(&name);
	for (size_t i = 0; i + 1 < r->n_meta; i += 2) {
		if (strcmp(r->meta[i], "command") == 0)
			continue;   /* in the heading */
		strbuf_adds(sb, "<dt>");
		rp_html_escape(sb, r->meta[i], 0);
		strbuf_adds(sb, "</dt><dd>");
		rp_html_escape(sb, r->meta[i + 1], 0);
		strbuf_adds(sb, "</dd>\n");
	}
	strbuf_adds(sb, "</dl>\n</header>\n");
}

/* The contents: each section, and under it each of its tables. */
static void toc_html(struct strbuf *sb, const struct report *r)
{
	if (!r->n_sections)
		return;
	strbuf_adds(sb, "<nav aria-labelledby=\"contents\">\n<h2 id=\"contents\">Contents</h2>\n<ol>\n");
	for (size_t i = 0; i < r->n_sections; i++) {
		const struct rsection *s = r->sections[i];
		strbuf_addf(sb, "<li><a href=\"#s%zu\">", i + 1);
		rp_html_escape(sb, s->title, 0);
		strbuf_adds(sb, "</a>");
		if (s->n_tables)
			strbuf_adds(sb, "\n<ol>\n");
		for (size_t j = 0; j < s->n_tables; j++) {
			strbuf_addf(sb, "<li><a href=\"#s%zu-t%zu\">", i + 1, j + 1);
			rp_html_escape(sb, s->tables[j]->title, 0);
			strbuf_adds(sb, "</a></li>\n");
		}
		strbuf_adds(sb, s->n_tables ? "</ol>\n</li>\n" : "</li>\n");
	}
	strbuf_adds(sb, "</ol>\n</nav>\n");
}

static int section_html(struct strbuf *sb, const struct rsection *s, size_t i, int *charts, FILE *out)
{
	strbuf_addf(sb, "<section aria-labelledby=\"s%zu\">\n<h2 id=\"s%zu\">", i + 1, i + 1);
	rp_html_escape(sb, s->title, 0);
	strbuf_adds(sb, "</h2>\n");
	for (size_t j = 0; j < s->n_tables; j++)
		if (table_html(sb, s->tables[j], i, j, charts, out) || rp_flush(sb, out))
			return -1;
	if (s->n_notes)
		strbuf_adds(sb, "<ul class=\"notes\">\n");
	for (size_t k = 0; k < s->n_notes; k++) {
		strbuf_adds(sb, "<li>");
		rp_html_escape(sb, s->notes[k], 0);
		strbuf_adds(sb, "</li>\n");
	}
	if (s->n_notes)
		strbuf_adds(sb, "</ul>\n");
	strbuf_adds(sb, "</section>\n");
	return 0;
}

int rp_write_html(const struct report *r, FILE *out)
{
	struct strbuf sb = STRBUF_INIT;
	int charts = 0, rc = 0;
	head_html(&sb, r);
	toc_html(&sb, r);
	strbuf_adds(&sb, "<main>\n");
	for (size_t i = 0; i < r->n_sections && rc == 0; i++)
		rc = section_html(&sb, r->sections[i], i, &charts, out);
	strbuf_adds(&sb, "</main>\n</body>\n</html>\n");
	if (rc == 0)
		rc = rp_flush(&sb, out);
	strbuf_release(&sb);
	return rc;
}
