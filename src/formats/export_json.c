/* export_json.c - labels as JSON (schemas/labels.schema.json), streamed:
 * the export format "json". */
#include "convqa/exporter.h"

#include <errno.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/json.h"
#include "convqa/model.h"
#include "convqa/strbuf.h"

struct ctx {
	FILE *out;
	struct strbuf sb;
	long n;
	int history;
	int failed;
};

static void add_string_or_null(struct strbuf *sb, const char *s)
{
	if (s)
		json_quote(sb, s);
	else
		strbuf_adds(sb, "null");
}

static void add_value(struct strbuf *sb, const struct store_label_row *r)
{
	enum model_task t;
	const struct model_field *f = NULL;
	if (model_task_parse(r->task, &t) == 0)
		f = model_field_find(t, r->field);
	if (!r->value)
		strbuf_adds(sb, "null");
	else if (f && f->kind == FIELD_BINARY && model_value_index(f, r->value) >= 0)
		strbuf_adds(sb, r->value);
	else
		json_quote(sb, r->value);
}

static int row(const struct store_label_row *r, void *data)
{
	struct ctx *c = data;
	struct strbuf *sb = &c->sb;
	strbuf_reset(sb);
	strbuf_adds(sb, c->n ? ",\n    {" : "\n    {");
	strbuf_adds(sb, "\"conversation\": ");
	json_quote(sb, r->conversation);
	strbuf_addf(sb, ", \"turn\": %d, \"system\": ", r->turn);
	json_quote(sb, r->system);
	strbuf_adds(sb, ", \"rater\": ");
	json_quote(sb, r->rater);
	strbuf_adds(sb, ", \"round\": ");
	add_string_or_null(sb, r->round);
	strbuf_adds(sb, ", \"task\": ");
	json_quote(sb, r->task);
	strbuf_adds(sb, ", \"field\": ");
	json_quote(sb, r->field);
	strbuf_adds(sb, ", \"value\": ");
	add_value(sb, r);
	if (r->passage_rank) {
		strbuf_adds(sb, ", \"passage\": ");
		add_string_or_null(sb, r->passage);
		strbuf_addf(sb, ", \"rank\": %ld", r->passage_rank);
	}
	strbuf_addf(sb, ", \"seconds\": %.3f, \"timestamp\": ", r->seconds);
	json_quote(sb, r->created_at);
	strbuf_addf(sb, ", \"id\": %lld}", (long long)r->id);
	if (fwrite(sb->buf, 1, sb->len, c->out) != sb->len) {
		c->failed = errno ? errno : EIO;
		return 1;
	}
	c->n++;
	return 0;
}

enum status exporter_json(struct store *s, const struct store_label_filter *f, const char *project,
			  FILE *out, long *n_labels, struct error *err)
{
	struct ctx c = { out, STRBUF_INIT, 0, f->history, 0 };
	struct strbuf head = STRBUF_INIT;
	char now[32];
	now_iso8601(now);
	strbuf_addf(&head, "{\n  \"format\": \"convqa-labels\",\n  \"version\": %d,\n  \"project\": ",
		    LABELS_FORMAT_VERSION);
	json_quote(&head, project);
	strbuf_adds(&head, ",\n  \"exported_at\": ");
	json_quote(&head, now);
	strbuf_adds(&head, ",\n  \"filter\": {\"round\": ");
	add_string_or_null(&head, f->round);
	strbuf_adds(&head, ", \"rater\": ");
	add_string_or_null(&head, f->rater);
	strbuf_adds(&head, ", \"task\": ");
	add_string_or_null(&head, f->task);
	strbuf_addf(&head, ", \"history\": %s},\n  \"labels\": [", f->history ? "true" : "false");
	fputs(head.buf, out);
	strbuf_release(&head);

	enum status st = store_labels_each(s, f, row, &c, err);
	strbuf_release(&c.sb);
	if (st != ST_OK)
		return st;
	fputs(c.n ? "\n  ]\n}\n" : "]\n}\n", out);
	if (c.failed || ferror(out))
		return error_set(err, ST_IO, "cannot write labels: %s", strerror(c.failed ? c.failed : EIO));
	*n_labels = c.n;
	return ST_OK;
}

const struct export_format export_json = {
	"json", "labels as one JSON document (schemas/labels.schema.json)", exporter_json,
};
