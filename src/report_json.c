/* report_json.c - the report as JSON (schemas/report.schema.json) and as
 * CSV, one row per cell. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "convqa/json.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"
#include "report_internal.h"

#define REPORT_FORMAT_VERSION 1

static const char *fmt_name(enum rfmt f)
{
	static const char *const names[] = { "fraction", "number", "seconds", "count", "text" };
	return names[f];
}

static void num(struct strbuf *sb, double v)
{
	if (!isfinite(v))
		v = 0;   /* never reached: undefined values are RC_UNDEF cells */
	if (v == floor(v) && fabs(v) < 1e15)
		strbuf_addf(sb, "%.0f", v);
	else
		strbuf_addf(sb, "%.12g", v);
}

static void strings(struct strbuf *sb, char *const *v, size_t n)
{
	strbuf_adds(sb, "[");
	for (size_t i = 0; i < n; i++) {
		if (i)
			strbuf_adds(sb, ", ");
		json_quote(sb, v[i]);
	}
	strbuf_adds(sb, "]");
}

static void cell_json(struct strbuf *sb, const struct rcell *c)
{
	switch (c->kind) {
	case RC_NUM:
		strbuf_adds(sb, "{\"value\": ");
		num(sb, c->v);
		strbuf_addf(sb, ", \"n\": %ld", c->n);
		if (c->has_ci) {
			strbuf_adds(sb, ", \"ci95\": [");
			num(sb, c->lo);
			strbuf_adds(sb, ", ");
			num(sb, c->hi);
			strbuf_adds(sb, "]");
		}
		strbuf_adds(sb, "}");
		break;
	case RC_COUNT:
		strbuf_adds(sb, "{\"count\": ");
		num(sb, c->v);
		strbuf_adds(sb, "}");
		break;
	case RC_TEXT:
		strbuf_adds(sb, "{\"text\": ");
		json_quote(sb, c->text);
		strbuf_adds(sb, "}");
		break;
	case RC_UNDEF:
		strbuf_adds(sb, "{\"undefined\": ");
		json_quote(sb, c->text);
		strbuf_addf(sb, ", \"n\": %ld}", c->n < 0 ? 0 : c->n);
		break;
	case RC_NONE:
		strbuf_adds(sb, "null");
		break;
	}
}

static int flush(struct strbuf *sb, FILE *out)
{
	int rc = fwrite(sb->buf ? sb->buf : "", 1, sb->len, out) == sb->len ? 0 : -1;
	strbuf_reset(sb);
	return rc;
}

static int table_json(struct strbuf *sb, const struct rtable *t, FILE *out)
{
	strbuf_adds(sb, "        ");
	json_quote(sb, t->id);
	strbuf_adds(sb, ": {\n          \"title\": ");
	json_quote(sb, t->title);
	strbuf_adds(sb, ",\n          \"by\": ");
	json_quote(sb, t->by);
	strbuf_adds(sb, ",\n          \"n\": ");
	if (t->n_label)
		json_quote(sb, t->n_label);
	else
		strbuf_adds(sb, "null");
	strbuf_adds(sb, ",\n          \"columns\": [");
	for (size_t j = 0; j < t->n_cols; j++) {
		strbuf_adds(sb, j ? ",\n            {\"id\": " : "\n            {\"id\": ");
		json_quote(sb, t->cols[j].id);
		strbuf_adds(sb, ", \"label\": ");
		json_quote(sb, t->cols[j].label);
		strbuf_addf(sb, ", \"format\": \"%s\"}", fmt_name(t->cols[j].fmt));
	}
	strbuf_adds(sb, t->n_cols ? "\n          ],\n          \"rows\": [" : "],\n          \"rows\": [");
	for (size_t i = 0; i < t->n_rows; i++) {
		const struct rrow *row = &t->rows[i];
		strbuf_adds(sb, i ? ",\n            {\"group\": " : "\n            {\"group\": ");
		json_quote(sb, row->group);
		if (row->n >= 0)
			strbuf_addf(sb, ", \"n\": %ld", row->n);
		else
			strbuf_adds(sb, ", \"n\": null");
		strbuf_adds(sb, ", \"cells\": {");
		int first = 1;
		for (size_t j = 0; j < t->n_cols; j++) {
			if (row->cells[j].kind == RC_NONE)
				continue;
			strbuf_adds(sb, first ? "" : ", ");
			first = 0;
			json_quote(sb, t->cols[j].id);
			strbuf_adds(sb, ": ");
			cell_json(sb, &row->cells[j]);
		}
		strbuf_adds(sb, "}}");
		if (sb->len > 1 << 16 && flush(sb, out))
			return -1;
	}
	strbuf_adds(sb, t->n_rows ? "\n          ],\n          \"notes\": " : "],\n          \"notes\": ");
	strings(sb, t->notes, t->n_notes);
	strbuf_adds(sb, "\n        }");
	return 0;
}

int report_write_json(const struct report *r, FILE *out)
{
	struct strbuf sb = STRBUF_INIT;
	int rc = 0;
	strbuf_addf(&sb, "{\n  \"format\": \"convqa-report\",\n  \"version\": %d,\n  \"meta\": {",
		    REPORT_FORMAT_VERSION);
	for (size_t i = 0; i + 1 < r->n_meta; i += 2) {
		strbuf_adds(&sb, i ? ",\n    " : "\n    ");
		json_quote(&sb, r->meta[i]);
		strbuf_adds(&sb, ": ");
		json_quote(&sb, r->meta[i + 1]);
	}
	strbuf_adds(&sb, "\n  },\n  \"sections\": {");
	for (size_t i = 0; i < r->n_sections && rc == 0; i++) {
		const struct rsection *s = r->sections[i];
		strbuf_adds(&sb, i ? ",\n    " : "\n    ");
		json_quote(&sb, s->id);
		strbuf_adds(&sb, ": {\n      \"title\": ");
		json_quote(&sb, s->title);
		strbuf_adds(&sb, ",\n      \"notes\": ");
		strings(&sb, s->notes, s->n_notes);
		strbuf_adds(&sb, ",\n      \"tables\": {");
		for (size_t j = 0; j < s->n_tables && rc == 0; j++) {
			strbuf_adds(&sb, j ? ",\n" : "\n");
			rc = table_json(&sb, s->tables[j], out);
		}
		strbuf_adds(&sb, s->n_tables ? "\n      }\n    }" : "}\n    }");
	}
	strbuf_adds(&sb, r->n_sections ? "\n  }\n}\n" : "}\n}\n");
	if (rc == 0)
		rc = flush(&sb, out);
	strbuf_release(&sb);
	return rc;
}

/* ---- CSV (RFC 4180) ------------------------------------------------------------------ */

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
	return flush(sb, out);
}

static void csv_field(struct strbuf *sb, const char *s, int last)
{
	if (strpbrk(s, ",\"\r\n")) {
		strbuf_addc(sb, '"');
		for (; *s; s++) {
			if (*s == '"')
				strbuf_addc(sb, '"');
			strbuf_addc(sb, *s);
		}
		strbuf_addc(sb, '"');
	} else {
		strbuf_adds(sb, s);
	}
	strbuf_adds(sb, last ? "\r\n" : ",");
}

int report_write_csv(const struct report *r, FILE *out)
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
						num(&v, cell->v);
					else if (cell->kind == RC_TEXT)
						strbuf_adds(&v, cell->text);
					csv_field(&sb, strbuf_str(&v), 0);
					strbuf_reset(&v);
					if (n >= 0)
						strbuf_addf(&v, "%ld", n);
					csv_field(&sb, strbuf_str(&v), 0);
					strbuf_reset(&v);
					if (cell->kind == RC_NUM && cell->has_ci)
						num(&v, cell->lo);
					csv_field(&sb, strbuf_str(&v), 0);
					strbuf_reset(&v);
					if (cell->kind == RC_NUM && cell->has_ci)
						num(&v, cell->hi);
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
