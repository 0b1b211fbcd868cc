/* export_jsonl.c - labels as JSON Lines, the export format "jsonl": one
 * label a line, each the label object of the json export (export_json_label(),
 * schemas/labels.schema.json's labels[] items), without the document
 * around them. No labels: an empty file. */
#include <errno.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/strbuf.h"
#include "export_internal.h"

static int row(const struct store_label_row *r, void *data)
{
	struct export_ctx *c = data;
	strbuf_reset(&c->sb);
	export_json_label(&c->schemes, &c->sb, r);
	strbuf_addc(&c->sb, '\n');
	if (fwrite(c->sb.buf, 1, c->sb.len, c->out) != c->sb.len) {
		c->failed = errno ? errno : EIO;
		return 1;
	}
	c->n++;
	return 0;
}

static enum status write_jsonl(struct store *s, const struct store_label_filter *f, const struct export_options *o, const char *project, FILE *out,
			       struct export_counts *counts, struct error *err)
{
	(void)o;
	struct export_ctx c = { out, STRBUF_INIT, 0, 0, { s, NULL, 0 } };
	(void)project;
	enum status st = store_labels_each(s, f, row, &c, err);
	strbuf_release(&c.sb);
	export_schemes_release(&c.schemes);
	if (st != ST_OK)
		return st;
	return export_labels_done(out, c.failed, c.n, counts, err);
}

const struct export_format export_jsonl = {
	.name = "jsonl", .summary = "labels as JSON Lines: one label a line, the objects of json's labels",
	.write = write_jsonl,
};
