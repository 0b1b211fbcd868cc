/* report_fmt_json.c - the report as JSON (schemas/report.schema.json). */
#include <stdio.h>

#include "convqa/json.h"
#include "convqa/strbuf.h"
#include "report_internal.h"

#define REPORT_FORMAT_VERSION 1

static const char *fmt_name(enum rfmt f)
{
	static const char *const names[] = { "fraction", "number", "seconds", "count", "text", "pvalue" };
	return names[f];
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
		rp_put_number(sb, c->v);
		strbuf_addf(sb, ", \"n\": %ld", c->n);
		if (c->has_ci) {
			strbuf_adds(sb, ", \"ci95\": [");
			rp_put_number(sb, c->lo);
			strbuf_adds(sb, ", ");
			rp_put_number(sb, c->hi);
			strbuf_adds(sb, "]");
		}
		strbuf_adds(sb, "}");
		break;
	case RC_COUNT:
		strbuf_adds(sb, "{\"count\": ");
		rp_put_number(sb, c->v);
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

static int table_json(struct strbuf *sb, const struct rtable *t, FILE *out)
{
	strbuf_adds(sb, "        ");
	json_quote(sb, t->id);
	json_member(sb, ": {\n          \"title\": ", t->title);
	json_member(sb, ",\n          \"by\": ", t->by);
	json_member(sb, ",\n          \"n\": ", t->n_label);
	strbuf_adds(sb, ",\n          \"columns\": [");
	for (size_t j = 0; j < t->n_cols; j++) {
		json_member(sb, j ? ",\n            {\"id\": " : "\n            {\"id\": ", t->cols[j].id);
		json_member(sb, ", \"label\": ", t->cols[j].label);
		strbuf_addf(sb, ", \"format\": \"%s\"}", fmt_name(t->cols[j].fmt));
	}
	strbuf_adds(sb, t->n_cols ? "\n          ],\n          \"rows\": [" : "],\n          \"rows\": [");
	for (size_t i = 0; i < t->n_rows; i++) {
		const struct rrow *row = &t->rows[i];
		json_member(sb, i ? ",\n            {\"group\": " : "\n            {\"group\": ", row->group);
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
		if (sb->len > 1 << 16 && rp_flush(sb, out))
			return -1;
	}
	strbuf_adds(sb, t->n_rows ? "\n          ],\n          \"notes\": " : "],\n          \"notes\": ");
	strings(sb, t->notes, t->n_notes);
	strbuf_adds(sb, "\n        }");
	return 0;
}

int rp_write_json(const struct report *r, FILE *out)
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
		rc = rp_flush(&sb, out);
	strbuf_release(&sb);
	return rc;
}
