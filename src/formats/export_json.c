/* export_json.c - labels as JSON (schemas/labels.schema.json), streamed:
 * the export format "json". Values are written by the scheme of the label's
 * task (built-in or the project's): a binary field's 0 and 1 as numbers,
 * categories and text as strings. Each label names the unit it judges and
 * says whether it was given on a control item (control: true), which
 * scores its rater and is no judgement (null: not shown, a blind rater's
 * own label of an open round). */
#include "convqa/exporter.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/json.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/strbuf.h"
#include "export_internal.h"

/* The schemes of the tasks seen so far (a project has a handful). */
struct export_known_scheme {
	char *task;
	struct scheme *scheme;        /* NULL: no scheme of that name */
};

const struct scheme *export_scheme_of(struct export_schemes *c, const char *task)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->v[i].task, task) == 0)
			return c->v[i].scheme;
	struct scheme *sch = NULL;
	struct error err;
	if (scheme_find(c->store, task, &sch, &err) != ST_OK)
		sch = NULL;   /* written as text, as a field no scheme declares */
	c->v = xrealloc(c->v, (c->n + 1) * sizeof(*c->v));
	c->v[c->n++] = (struct export_known_scheme){ xstrdup(task), sch };
	return sch;
}

void export_schemes_release(struct export_schemes *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].task);
		scheme_free(c->v[i].scheme);
	}
	free(c->v);
	c->v = NULL;
	c->n = 0;
}

/* A binary field's value "0" or "1" as a number (its categories are 0 and
 * 1, as the built-in fields'); every other value as a string. */
static void add_value(struct export_schemes *c, struct strbuf *sb, const struct store_label_row *r)
{
	const struct scheme *sch = export_scheme_of(c, r->task);
	const struct scheme_field *f = sch ? scheme_field_find(sch, r->field) : NULL;
	if (!r->value)
		strbuf_adds(sb, "null");
	else if (f && f->type == TYPE_BINARY && scheme_category_find(f, r->value) &&
		 (strcmp(r->value, "0") == 0 || strcmp(r->value, "1") == 0))
		strbuf_adds(sb, r->value);
	else
		json_quote(sb, r->value);
}

void export_json_label(struct export_schemes *c, struct strbuf *sb, const struct store_label_row *r)
{
	json_member(sb, "{\"conversation\": ", r->conversation);
	strbuf_addf(sb, ", \"turn\": %d", r->turn);
	json_member(sb, ", \"system\": ", r->system);
	json_member(sb, ", \"rater\": ", r->rater);
	json_member(sb, ", \"round\": ", r->round);
	json_member(sb, ", \"task\": ", r->task);
	json_member(sb, ", \"field\": ", r->field);
	json_member(sb, ", \"unit\": ", r->unit);
	strbuf_adds(sb, ", \"value\": ");
	add_value(c, sb, r);
	if (r->system_b) {   /* a pair: its systems, and the winner of a preference */
		json_member(sb, ", \"system_b\": ", r->system_b);
		const char *v = r->value ? r->value : "";
		if (strcmp(v, "a") == 0 || strcmp(v, "b") == 0 || strcmp(v, "tie") == 0 || strcmp(v, "both_bad") == 0)
			json_member(sb, ", \"winner\": ", !strcmp(v, "a") ? r->system : !strcmp(v, "b") ? r->system_b : v);
	}
	if (r->passage_rank) {
		json_member(sb, ", \"passage\": ", r->passage);
		strbuf_addf(sb, ", \"rank\": %ld", r->passage_rank);
	}
	strbuf_addf(sb, ", \"seconds\": %.3f", r->seconds);
	json_member(sb, ", \"timestamp\": ", r->created_at);
	strbuf_addf(sb, ", \"id\": %lld, \"control\": %s}", (long long)r->id,
		    r->control_hidden ? "null" : r->control ? "true" : "false");
}

static int row(const struct store_label_row *r, void *data)
{
	struct export_ctx *c = data;
	struct strbuf *sb = &c->sb;
	strbuf_reset(sb);
	strbuf_adds(sb, c->n ? ",\n    " : "\n    ");
	export_json_label(&c->schemes, sb, r);
	if (fwrite(sb->buf, 1, sb->len, c->out) != sb->len) {
		c->failed = errno ? errno : EIO;
		return 1;
	}
	c->n++;
	return 0;
}

enum status exporter_json(struct store *s, const struct store_label_filter *f, const struct export_options *o, const char *project,
			  FILE *out, struct export_counts *counts, struct error *err)
{
	(void)o;
	struct export_ctx c = { out, STRBUF_INIT, 0, 0, { s, NULL, 0 } };
	struct strbuf head = STRBUF_INIT;
	char now[32];
	now_iso8601(now);
	strbuf_addf(&head, "{\n  \"format\": \"convqa-labels\",\n  \"version\": %d,\n  \"project\": ",
		    LABELS_FORMAT_VERSION);
	json_quote(&head, project);
	strbuf_adds(&head, ",\n  \"exported_at\": ");
	json_quote(&head, now);
	strbuf_adds(&head, ",\n  \"filter\": {\"round\": ");
	json_quote_or_null(&head, f->round);
	strbuf_adds(&head, ", \"rater\": ");
	json_quote_or_null(&head, f->rater);
	strbuf_adds(&head, ", \"task\": ");
	json_quote_or_null(&head, f->task);
	strbuf_addf(&head, ", \"history\": %s},\n  \"labels\": [", f->history ? "true" : "false");
	fputs(head.buf, out);
	strbuf_release(&head);

	enum status st = store_labels_each(s, f, row, &c, err);
	strbuf_release(&c.sb);
	export_schemes_release(&c.schemes);
	if (st != ST_OK)
		return st;
	fputs(c.n ? "\n  ]\n}\n" : "]\n}\n", out);
	return export_labels_done(out, c.failed, c.n, counts, err);
}

enum status export_labels_done(FILE *out, int failed, long n, struct export_counts *counts, struct error *err)
{
	if (failed || ferror(out))
		return error_set(err, ST_IO, "cannot write labels: %s", strerror(failed ? failed : EIO));
	counts->n = n;
	return ST_OK;
}

const struct export_format export_json = {
	.name = "json", .summary = "labels as one JSON document (schemas/labels.schema.json)", .write = exporter_json,
};
