/* report_fmt_text.c - the report as text (80 columns, bar charts drawn with
 * block characters) and as Markdown tables: one layout of the cells (the
 * grid) in two syntaxes. Every string from the project (names, ids) passes
 * text_sanitize() first. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/strbuf.h"
#include "convqa/text.h"
#include "report_internal.h"

#define WIDTH 80
#define GROUP_MAX 26       /* widest group label in text tables */
#define BAR 40             /* columns of a full bar (value 1) */

/* Sanitised, one-line copy of s appended to sb; Markdown also escapes '|'. */
static void clean(struct strbuf *sb, const char *s, int markdown)
{
	struct strbuf t = STRBUF_INIT;
	text_sanitize(&t, s, strlen(s), 0);
	for (size_t i = 0; i < t.len; i++) {   /* t.len: an empty result may be unterminated */
		if (markdown && (t.buf[i] == '|' || t.buf[i] == '\\'))
			strbuf_addc(sb, '\\');
		strbuf_addc(sb, t.buf[i]);
	}
	if (!sb->buf)
		strbuf_adds(sb, "");
	strbuf_release(&t);
}

int rp_decimals(enum rfmt f)
{
	return f == RF_FRACTION || f == RF_PVALUE ? 3 : f == RF_NUMBER ? 2 : f == RF_SECONDS ? 1 : 0;
}

void rp_interval(struct strbuf *sb, int dec, double lo, double hi)
{
	/* "0.12–0.34", but "-0.73 to -0.02": a dash between negative
	 * numbers reads as a minus */
	const char *sep = lo < 0 || hi < 0 ? " to " : "\xe2\x80\x93";
	strbuf_addf(sb, "%.*f%s%.*f", dec, lo, sep, dec, hi);
}

/* Text of a cell (without its CI) into sb. */
static void cell_text(struct strbuf *sb, const struct rcol *col, const struct rcell *c, int markdown)
{
	switch (c->kind) {
	case RC_NUM:
		if (col->fmt == RF_PVALUE && c->v < 0.0005)
			strbuf_adds(sb, "<0.001");
		else
			strbuf_addf(sb, "%.*f", rp_decimals(col->fmt), c->v);
		break;
	case RC_COUNT:
		strbuf_addf(sb, "%.0f", c->v);
		break;
	case RC_TEXT:
		clean(sb, c->text, markdown);
		break;
	case RC_UNDEF:
		strbuf_adds(sb, "undefined");
		if (markdown) {
			strbuf_adds(sb, " (");
			clean(sb, c->text, 1);
			strbuf_adds(sb, ")");
		}
		break;
	case RC_NONE:
		strbuf_adds(sb, "-");
		break;
	}
}

static void ci_text(struct strbuf *sb, const struct rcol *col, const struct rcell *c)
{
	if (c->kind == RC_NUM && c->has_ci)
		rp_interval(sb, rp_decimals(col->fmt), c->lo, c->hi);
	else
		strbuf_adds(sb, "-");
}

static int col_has_ci(const struct rtable *t, size_t j)
{
	for (size_t i = 0; i < t->n_rows; i++)
		if (t->rows[i].cells[j].has_ci)
			return 1;
	return 0;
}

/* A rendered table: every visible column's strings. Column 0 is the
 * group, then n (when the table has one), then cells and CIs. */
struct grid {
	size_t n_cols, n_rows;     /* n_rows includes the header */
	char **s;                  /* s[row * n_cols + col] */
	int *width;
	int *right;                /* right-aligned */
	int *tcol;                 /* the table column a grid column shows, -1 */
};

static char *detach(struct strbuf *sb)
{
	return sb->buf ? strbuf_detach(sb) : xstrdup("");
}

static void grid_build(struct grid *g, const struct rtable *t, int markdown)
{
	/* whether each column has a CI, once: asking per row made a table of
	 * many rows (--by turn) quadratic */
	unsigned char *ci = xcalloc(t->n_cols + 1, 1);
	size_t nc = 1 + (t->n_label != NULL);
	for (size_t j = 0; j < t->n_cols; j++) {
		ci[j] = (unsigned char)col_has_ci(t, j);
		nc += 1 + ci[j];
	}
	g->n_cols = nc;
	g->n_rows = t->n_rows + 1;
	g->s = xcalloc(nc * g->n_rows, sizeof(*g->s));
	g->width = xcalloc(nc, sizeof(int));
	g->right = xcalloc(nc, sizeof(int));
	g->tcol = xcalloc(nc, sizeof(int));
	for (size_t c = 0; c < nc; c++)
		g->tcol[c] = -1;
	for (size_t i = 0; i < g->n_rows; i++) {
		const struct rrow *row = i ? &t->rows[i - 1] : NULL;
		struct strbuf sb = STRBUF_INIT;
		size_t c = 0;
		clean(&sb, row ? row->group : t->by, markdown);
		g->s[i * nc + c++] = detach(&sb);
		if (t->n_label) {
			if (!row)
				strbuf_adds(&sb, t->n_label);
			else if (row->n >= 0)
				strbuf_addf(&sb, "%ld", row->n);
			else
				strbuf_adds(&sb, "-");
			g->right[c] = 1;
			g->s[i * nc + c++] = detach(&sb);
		}
		for (size_t j = 0; j < t->n_cols; j++) {
			const struct rcol *col = &t->cols[j];
			if (!row)
				clean(&sb, col->label, markdown);
			else
				cell_text(&sb, col, &row->cells[j], markdown);
			g->right[c] = col->fmt != RF_TEXT;
			g->tcol[c] = (int)j;
			g->s[i * nc + c++] = detach(&sb);
			if (ci[j]) {
				if (!row)
					strbuf_adds(&sb, "95% CI");
				else
					ci_text(&sb, col, &row->cells[j]);
				g->s[i * nc + c++] = detach(&sb);
			}
		}
	}
	for (size_t i = 0; i < g->n_rows; i++)
		for (size_t c = 0; c < nc; c++) {
			int w = (int)text_width(g->s[i * nc + c], strlen(g->s[i * nc + c]));
			if (c == 0 && !markdown && w > GROUP_MAX)
				w = GROUP_MAX;
			if (w > g->width[c])
				g->width[c] = w;
		}
	free(ci);
}

static void grid_free(struct grid *g)
{
	for (size_t i = 0; i < g->n_cols * g->n_rows; i++)
		free(g->s[i]);
	free(g->s);
	free(g->width);
	free(g->right);
	free(g->tcol);
}

/* s padded to width display columns, appended to sb. Wider text is cut in
 * the middle, with an ellipsis, so that names which differ only at the end
 * ("system / em", "system / f1") stay apart. */
static void put_cell(struct strbuf *sb, const char *s, int width, int right)
{
	size_t len = strlen(s);
	int w = (int)text_width(s, len);
	if (w > width && width > 0) {
		int head_w, tail_w;
		size_t head = text_fit(s, len, (width - 1) / 2, &head_w);
		size_t tail = head + text_fit_end(s + head, len - head, width - 1 - head_w, &tail_w);
		strbuf_addf(sb, "%.*s\xe2\x80\xa6%s%*s", (int)head, s, s + tail, width - 1 - head_w - tail_w, "");
		return;
	}
	if (right)
		strbuf_addf(sb, "%*s%s", width - w, "", s);
	else
		strbuf_addf(sb, "%s%*s", s, width - w, "");
}

/* The line in sb without trailing spaces, then a newline. */
static void put_line(FILE *out, struct strbuf *sb)
{
	size_t len = sb->len;
	while (len && sb->buf[len - 1] == ' ')
		len--;
	fprintf(out, "%.*s\n", (int)len, sb->buf ? sb->buf : "");
	strbuf_reset(sb);
}

/* Wrap text at WIDTH - indent columns, each line indented. */
static void wrapped(FILE *out, const char *s, int indent, const char *first)
{
	struct strbuf sb = STRBUF_INIT;
	text_sanitize(&sb, s, strlen(s), 0);
	int lead = first ? (int)text_width(first, strlen(first)) : 0;
	size_t n = text_wrap(sb.buf ? sb.buf : "", sb.len, WIDTH - indent - lead, NULL, 0);
	struct text_line *lines = xcalloc(n + 1, sizeof(*lines));
	text_wrap(sb.buf ? sb.buf : "", sb.len, WIDTH - indent - lead, lines, n);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%*s%s%*s%.*s\n", indent, "", i == 0 && first ? first : "", i == 0 ? 0 : lead, "",
			(int)lines[i].len, sb.buf + lines[i].off);
	free(lines);
	strbuf_release(&sb);
}

/* Reasons of the undefined cells of a row among the table columns with
 * shown[col] set, one line per distinct reason; one line for the whole row
 * (in its first chunk) when every value cell says the same. */
static void undefined_notes(FILE *out, const struct rtable *t, const struct rrow *row, const char *shown,
			    int first_chunk)
{
	size_t n_undef = 0, n_values = 0, first = t->n_cols;
	int same = 1;
	for (size_t j = 0; j < t->n_cols; j++) {
		const struct rcell *c = &row->cells[j];
		n_values += t->cols[j].fmt != RF_COUNT;
		if (c->kind != RC_UNDEF)
			continue;
		if (first == t->n_cols)
			first = j;
		else
			same &= strcmp(c->text, row->cells[first].text) == 0;
		n_undef++;
	}
	if (n_undef > 2 && same && n_undef == n_values) {
		if (first_chunk) {
			struct strbuf sb = STRBUF_INIT;
			strbuf_addf(&sb, "every value: undefined (%s)", row->cells[first].text);
			wrapped(out, sb.buf, 6, "\xe2\x86\xb3 ");
			strbuf_release(&sb);
		}
		return;
	}
	for (size_t j = 0; j < t->n_cols; j++) {
		const struct rcell *c = &row->cells[j];
		int seen = 0;
		if (c->kind != RC_UNDEF || !shown[j])
			continue;
		for (size_t k = 0; k < j && !seen; k++)
			seen = shown[k] && row->cells[k].kind == RC_UNDEF && strcmp(row->cells[k].text, c->text) == 0;
		if (seen)
			continue;
		struct strbuf sb = STRBUF_INIT;
		for (size_t k = j; k < t->n_cols; k++)
			if (shown[k] && row->cells[k].kind == RC_UNDEF && strcmp(row->cells[k].text, c->text) == 0)
				strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", t->cols[k].label);
		strbuf_addf(&sb, ": undefined (%s)", c->text);
		wrapped(out, sb.buf, 6, "\xe2\x86\xb3 ");
		strbuf_release(&sb);
	}
}

/* Columns the sanitised s takes. */
static int shown_width(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	clean(&sb, s, 0);
	int w = (int)text_width(sb.buf, sb.len);
	strbuf_release(&sb);
	return w;
}

static void chart(FILE *out, const struct rtable *t, size_t j)
{
	static const char *const eighths[] = { "", "\xe2\x96\x8f", "\xe2\x96\x8e", "\xe2\x96\x8d",
					       "\xe2\x96\x8c", "\xe2\x96\x8b", "\xe2\x96\x8a", "\xe2\x96\x89" };
	int gw = 0;
	for (size_t i = 0; i < t->n_rows; i++) {
		int w = shown_width(t->rows[i].group);
		gw = w > gw ? w : gw;
	}
	gw = gw > 12 ? 12 : gw;
	fprintf(out, "\n  %s by %s (bar: 0 to 1)\n", t->cols[j].label, t->by);
	for (size_t i = 0; i < t->n_rows; i++) {
		const struct rcell *c = &t->rows[i].cells[j];
		struct strbuf g = STRBUF_INIT, line = STRBUF_INIT;
		clean(&g, t->rows[i].group, 0);
		strbuf_adds(&line, "  ");
		put_cell(&line, strbuf_str(&g), gw, 0);
		strbuf_release(&g);
		strbuf_adds(&line, " ");
		if (c->kind != RC_NUM) {
			strbuf_addf(&line, "%*s  undefined", BAR, "");
			put_line(out, &line);
			strbuf_release(&line);
			continue;
		}
		double v = c->v < 0 ? 0 : c->v > 1 ? 1 : c->v;
		long e = lround(v * BAR * 8);
		int drawn = 0;
		for (long k = 0; k < e / 8; k++, drawn++)
			strbuf_adds(&line, "\xe2\x96\x88");
		if (e % 8) {
			strbuf_adds(&line, eighths[e % 8]);
			drawn++;
		}
		strbuf_addf(&line, "%*s  %.3f  n=%ld", BAR - drawn, "", c->v, c->n);
		put_line(out, &line);
		strbuf_release(&line);
	}
}

static void text_table(FILE *out, const struct rtable *t)
{
	struct strbuf line = STRBUF_INIT;
	struct grid g;
	char *shown = xcalloc(t->n_cols + 1, 1);
	grid_build(&g, t, 0);
	fprintf(out, "\n");
	wrapped(out, t->title, 2, NULL);
	/* columns 0 (group) and 1 (n) repeat in every chunk of a wide table */
	size_t fixed = 1 + (t->n_label != NULL), start = fixed;
	int fixed_w = 0;
	for (size_t c = 0; c < fixed; c++)
		fixed_w += g.width[c] + 2;
	while (start < g.n_cols || start == fixed) {
		size_t end = start;
		int w = fixed_w;
		while (end < g.n_cols && (end == start || w + g.width[end] + 2 <= WIDTH)) {
			w += g.width[end] + 2;
			end++;
		}
		if (start > fixed)
			fprintf(out, "\n");
		memset(shown, 0, t->n_cols + 1);
		for (size_t c = start; c < end; c++)
			if (g.tcol[c] >= 0)
				shown[g.tcol[c]] = 1;
		for (size_t i = 0; i < g.n_rows; i++) {
			for (size_t c = 0; c < fixed; c++) {
				strbuf_adds(&line, "  ");
				put_cell(&line, g.s[i * g.n_cols + c], g.width[c], g.right[c]);
			}
			for (size_t c = start; c < end; c++) {
				strbuf_adds(&line, "  ");
				put_cell(&line, g.s[i * g.n_cols + c], g.width[c], g.right[c]);
			}
			put_line(out, &line);
			if (i > 0)
				undefined_notes(out, t, &t->rows[i - 1], shown, start == fixed);
		}
		if (end == start)
			break;
		start = end;
	}
	for (size_t i = 0; i < t->n_notes; i++)
		wrapped(out, t->notes[i], 2, NULL);
	for (size_t j = 0; j < t->n_cols; j++)
		if ((t->cols[j].flags & RCOL_CHART) && t->n_rows)
			chart(out, t, j);
	grid_free(&g);
	strbuf_release(&line);
	free(shown);
}

static void md_table(FILE *out, const struct rtable *t)
{
	struct grid g;
	grid_build(&g, t, 1);
	struct strbuf title = STRBUF_INIT;
	clean(&title, t->title, 1);
	fprintf(out, "\n### %s\n\n", strbuf_str(&title));
	strbuf_release(&title);
	for (size_t i = 0; i < g.n_rows; i++) {
		fprintf(out, "|");
		for (size_t c = 0; c < g.n_cols; c++)
			fprintf(out, " %s |", g.s[i * g.n_cols + c]);
		fprintf(out, "\n");
		if (i == 0) {
			fprintf(out, "|");
			for (size_t c = 0; c < g.n_cols; c++)
				fprintf(out, "%s|", g.right[c] ? "---:" : "---");
			fprintf(out, "\n");
		}
	}
	for (size_t i = 0; i < t->n_notes; i++) {
		struct strbuf sb = STRBUF_INIT;
		clean(&sb, t->notes[i], 1);
		fprintf(out, "\n%s\n", strbuf_str(&sb));
		strbuf_release(&sb);
	}
	grid_free(&g);
}

/* The value of the header entry key, or NULL. */
static const char *meta_value(const struct report *r, const char *key)
{
	for (size_t i = 0; i + 1 < r->n_meta; i += 2)
		if (strcmp(r->meta[i], key) == 0)
			return r->meta[i + 1];
	return NULL;
}

/* The report as text, or with markdown set as Markdown. */
static int write_doc(const struct report *r, FILE *out, int markdown)
{
	struct strbuf sb = STRBUF_INIT;
	const char *command = meta_value(r, "command");
	clean(&sb, command ? command : "report", markdown);
	/* the heading names the command that wrote the report */
	if (markdown)
		fprintf(out, "# convqa %s\n\n| | |\n|---|---|\n", strbuf_str(&sb));
	else
		fprintf(out, "convqa %s\n", strbuf_str(&sb));
	for (size_t i = 0; i + 1 < r->n_meta; i += 2) {
		if (strcmp(r->meta[i], "command") == 0)
			continue;   /* in the heading */
		strbuf_reset(&sb);
		clean(&sb, r->meta[i + 1], markdown);
		if (markdown) {
			fprintf(out, "| %s | %s |\n", r->meta[i], strbuf_str(&sb));
		} else {
			char key[32];
			snprintf(key, sizeof(key), "%-13s", r->meta[i]);
			wrapped(out, r->meta[i + 1], 2, key);
		}
	}
	for (size_t i = 0; i < r->n_sections; i++) {
		const struct rsection *s = r->sections[i];
		strbuf_reset(&sb);
		clean(&sb, s->title, markdown);
		if (markdown) {
			fprintf(out, "\n## %s\n", strbuf_str(&sb));
		} else {
			size_t w = text_width(sb.buf, sb.len);
			fprintf(out, "\n\n%s\n", strbuf_str(&sb));
			for (size_t k = 0; k < w; k++)
				fputc('=', out);
			fputc('\n', out);
		}
		for (size_t j = 0; j < s->n_tables; j++) {
			if (markdown)
				md_table(out, s->tables[j]);
			else
				text_table(out, s->tables[j]);
		}
		if (s->n_notes && !markdown)
			fprintf(out, "\n");
		for (size_t k = 0; k < s->n_notes; k++) {
			if (markdown) {
				strbuf_reset(&sb);
				clean(&sb, s->notes[k], 1);
				fprintf(out, "\n%s\n", strbuf_str(&sb));
			} else {
				wrapped(out, s->notes[k], 2, "* ");
			}
		}
	}
	strbuf_release(&sb);
	return ferror(out) ? -1 : 0;
}

int rp_write_text(const struct report *r, FILE *out)
{
	return write_doc(r, out, 0);
}

int rp_write_md(const struct report *r, FILE *out)
{
	return write_doc(r, out, 1);
}
