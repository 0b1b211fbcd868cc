/* report_doc.c - the report document: sections of tables of cells. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/common.h"
#include "convqa/strbuf.h"
#include "report_internal.h"

static char *vformat(const char *fmt, va_list ap)
{
	struct strbuf sb = STRBUF_INIT;
	va_list cp;
	va_copy(cp, ap);
	int n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	strbuf_grow(&sb, (size_t)n + 1);
	vsnprintf(sb.buf, (size_t)n + 1, fmt, ap);
	sb.len = (size_t)n;
	return strbuf_detach(&sb);
}

static void push_str(char ***v, size_t *n, size_t *cap, char *s)
{
	xgrow(v, cap, *n + 1, sizeof(**v));
	(*v)[(*n)++] = s;
}

void report_meta(struct report *r, const char *key, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *v = vformat(fmt, ap);
	va_end(ap);
	push_str(&r->meta, &r->n_meta, &r->cap_meta, xstrdup(key));
	push_str(&r->meta, &r->n_meta, &r->cap_meta, v);
}

struct rsection *report_section(struct report *r, const char *id, const char *title)
{
	struct rsection *s = xcalloc(1, sizeof(*s));
	s->id = xstrdup(id);
	s->title = xstrdup(title);
	xgrow(&r->sections, &r->cap_sections, r->n_sections + 1, sizeof(*r->sections));
	r->sections[r->n_sections++] = s;
	return s;
}

void rsection_note(struct rsection *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	push_str(&s->notes, &s->n_notes, &s->cap_notes, vformat(fmt, ap));
	va_end(ap);
}

struct rtable *rsection_table(struct rsection *s, const char *id, const char *title,
			      const char *by, const char *n_label)
{
	struct rtable *t = xcalloc(1, sizeof(*t));
	t->id = xstrdup(id);
	t->title = xstrdup(title);
	t->by = xstrdup(by);
	t->n_label = n_label ? xstrdup(n_label) : NULL;
	xgrow(&s->tables, &s->cap_tables, s->n_tables + 1, sizeof(*s->tables));
	s->tables[s->n_tables++] = t;
	return t;
}

void rtable_col(struct rtable *t, const char *id, const char *label, enum rfmt fmt, unsigned flags)
{
	xgrow(&t->cols, &t->cap_cols, t->n_cols + 1, sizeof(*t->cols));
	struct rcol *c = &t->cols[t->n_cols++];
	c->id = xstrdup(id);
	c->label = xstrdup(label);
	c->fmt = fmt;
	c->flags = flags;
}

void rtable_note(struct rtable *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	push_str(&t->notes, &t->n_notes, &t->cap_notes, vformat(fmt, ap));
	va_end(ap);
}

struct rrow *rtable_row(struct rtable *t, const char *group, long n)
{
	xgrow(&t->rows, &t->cap_rows, t->n_rows + 1, sizeof(*t->rows));
	struct rrow *row = &t->rows[t->n_rows++];
	row->group = xstrdup(group);
	row->n = n;
	row->cells = xcalloc(t->n_cols ? t->n_cols : 1, sizeof(*row->cells));
	for (size_t i = 0; i < t->n_cols; i++)
		row->cells[i].n = -1;
	return row;
}

int rtable_col_index(const struct rtable *t, const char *id)
{
	for (size_t i = 0; i < t->n_cols; i++)
		if (strcmp(t->cols[i].id, id) == 0)
			return (int)i;
	return -1;
}

void rcell_num(struct rrow *row, int col, double v, long n)
{
	struct rcell *c = &row->cells[col];
	c->kind = RC_NUM;
	c->v = v;
	c->n = n;
}

void rcell_ci(struct rrow *row, int col, double lo, double hi)
{
	struct rcell *c = &row->cells[col];
	c->has_ci = 1;
	c->lo = lo;
	c->hi = hi;
}

void rcell_count(struct rrow *row, int col, long count)
{
	struct rcell *c = &row->cells[col];
	c->kind = RC_COUNT;
	c->v = (double)count;
}

void rcell_text(struct rrow *row, int col, const char *text)
{
	struct rcell *c = &row->cells[col];
	c->kind = RC_TEXT;
	free(c->text);
	c->text = xstrdup(text);
}

void rcell_undef(struct rrow *row, int col, long n, const char *fmt, ...)
{
	struct rcell *c = &row->cells[col];
	va_list ap;
	va_start(ap, fmt);
	free(c->text);
	c->text = vformat(fmt, ap);
	va_end(ap);
	c->kind = RC_UNDEF;
	c->n = n;
	c->has_ci = 0;
}

static void free_strs(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void table_free(struct rtable *t)
{
	for (size_t i = 0; i < t->n_rows; i++) {
		for (size_t j = 0; j < t->n_cols; j++)
			free(t->rows[i].cells[j].text);
		free(t->rows[i].cells);
		free(t->rows[i].group);
	}
	for (size_t j = 0; j < t->n_cols; j++) {
		free(t->cols[j].id);
		free(t->cols[j].label);
	}
	free(t->rows);
	free(t->cols);
	free_strs(t->notes, t->n_notes);
	free(t->id);
	free(t->title);
	free(t->by);
	free(t->n_label);
	free(t);
}

void report_free(struct report *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n_sections; i++) {
		struct rsection *s = r->sections[i];
		for (size_t j = 0; j < s->n_tables; j++)
			table_free(s->tables[j]);
		free(s->tables);
		free_strs(s->notes, s->n_notes);
		free(s->id);
		free(s->title);
		free(s);
	}
	free(r->sections);
	free_strs(r->meta, r->n_meta);
	free(r);
}

char *report_pairwise_section(const char *task, const char *field)
{
	if (strcmp(task, "pairwise") == 0)
		return xasprintf("pairwise:%s", field);
	return xasprintf("pairwise:%s/%s", task, field);
}

int report_value(const struct report *r, const char *section, const char *table,
		 const char *group, const char *col, double *value, long *n, const char **why)
{
	if (why)
		*why = NULL;
	for (size_t i = 0; i < r->n_sections; i++) {
		const struct rsection *s = r->sections[i];
		if (strcmp(s->id, section) != 0)
			continue;
		for (size_t j = 0; j < s->n_tables; j++) {
			const struct rtable *t = s->tables[j];
			int c = rtable_col_index(t, col);
			if (strcmp(t->id, table) != 0 || c < 0)
				continue;
			for (size_t k = 0; k < t->n_rows; k++) {
				const struct rcell *cell = &t->rows[k].cells[c];
				if (strcmp(t->rows[k].group, group) != 0)
					continue;
				if (cell->kind == RC_NUM || cell->kind == RC_COUNT) {
					if (value)
						*value = cell->v;
					if (n)
						*n = cell->kind == RC_NUM ? cell->n : t->rows[k].n;
					return 1;
				}
				if (cell->kind == RC_UNDEF && why)
					*why = cell->text;
				return 0;
			}
		}
	}
	return 0;
}

/* ---- for the writers ------------------------------------------------------------ */

void rp_put_number(struct strbuf *sb, double v)
{
	if (!isfinite(v))
		v = 0;   /* never reached: undefined values are RC_UNDEF cells */
	if (v == floor(v) && fabs(v) < 1e15)
		strbuf_addf(sb, "%.0f", v);
	else
		strbuf_addf(sb, "%.12g", v);
}

int rp_flush(struct strbuf *sb, FILE *out)
{
	int rc = fwrite(sb->buf ? sb->buf : "", 1, sb->len, out) == sb->len ? 0 : -1;
	strbuf_reset(sb);
	return rc;
}
