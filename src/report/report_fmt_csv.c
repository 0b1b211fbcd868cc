/* report_fmt_csv.c - the report as CSV (RFC 4180): one row per table cell,
 * section,table,by,group,column,value,n,ci_lo,ci_hi,status. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "convqa/strbuf.h"
#include "convqa/text.h"
#include "report_internal.h"

/* CSV keeps values exactly (ids with control characters included) for files
 * and pipes; on a terminal the text is made inert first. */
static int csv_flush(struct strbuf *sb, FILE *out, int tty)
{
	if (tty) {
		struct strbuf inert = STRBUF_INIT;
		text_sanitize(&inert, strbuf_str(sb), sb->len, TEXT_NEWLINES);
		strbuf_reset(sb);
		strbuf_add(sb, inert.buf, inert.len);
		strbuf_release(&inert);
	}
	return rp_flush(sb, out);
}

static void csv_field(struct strbuf *sb, const char *s, int last)
{
	strbuf_add_csv(sb, s);
	strbuf_adds(sb, last ? "\r\n" : ",");
}

int rp_write_csv(const struct report *r, FILE *out)
{
	struct strbuf sb = STRBUF_INIT, v = STRBUF_INIT;
	int rc = 0, tty = isatty(fileno(out));
	strbuf_adds(&sb, "section,table,by,group,column,value,n,ci_lo,ci_hi,status\r\n");
	for (size_t i = 0; i + 1 < r->n_meta; i += 2) {
		csv_field(&sb, "meta", 0);
		csv_field(&sb, "", 0);
		csv_field(&sb, "", 0);
		csv_field(&sb, "", 0);
		csv_field(&sb, r->meta[i], 0);
		csv_field(&sb, r->meta[i + 1], 0);
		strbuf_adds(&sb, ",,,ok\r\n");
	}
	for (size_t i = 0; i < r->n_sections && rc == 0; i++) {
		const struct rsection *s = r->sections[i];
		for (size_t j = 0; j < s->n_tables && rc == 0; j++) {
			const struct rtable *t = s->tables[j];
			for (size_t k = 0; k < t->n_rows && rc == 0; k++) {
				const struct rrow *row = &t->rows[k];
				for (size_t c = 0; c < t->n_cols; c++) {
					const struct rcell *cell = &row->cells[c];
					long n = cell->kind == RC_NUM || cell->kind == RC_UNDEF ? cell->n : row->n;
					if (cell->kind == RC_NONE)
						continue;
					csv_field(&sb, s->id, 0);
					csv_field(&sb, t->id, 0);
					csv_field(&sb, t->by, 0);
					csv_field(&sb, row->group, 0);
					csv_field(&sb, t->cols[c].id, 0);
					strbuf_reset(&v);
					if (cell->kind == RC_NUM || cell->kind == RC_COUNT)
						rp_put_number(&v, cell->v);
					else if (cell->kind == RC_TEXT)
						strbuf_adds(&v, cell->text);
					csv_field(&sb, strbuf_str(&v), 0);
					strbuf_reset(&v);
					if (n >= 0)
						strbuf_addf(&v, "%ld", n);
					csv_field(&sb, strbuf_str(&v), 0);
					strbuf_reset(&v);
					if (cell->kind == RC_NUM && cell->has_ci)
						rp_put_number(&v, cell->lo);
					csv_field(&sb, strbuf_str(&v), 0);
					strbuf_reset(&v);
					if (cell->kind == RC_NUM && cell->has_ci)
						rp_put_number(&v, cell->hi);
					csv_field(&sb, strbuf_str(&v), 0);
					strbuf_reset(&v);
					if (cell->kind == RC_UNDEF)
						strbuf_addf(&v, "undefined: %s", cell->text);
					else
						strbuf_adds(&v, "ok");
					csv_field(&sb, strbuf_str(&v), 1);
				}
				if (sb.len > 1 << 16)
					rc = csv_flush(&sb, out, tty);
			}
		}
	}
	if (rc == 0)
		rc = csv_flush(&sb, out, tty);
	strbuf_release(&sb);
	strbuf_release(&v);
	return rc;
}
