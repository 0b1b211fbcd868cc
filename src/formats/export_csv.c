/* export_csv.c - labels as CSV (RFC 4180), the export format "csv": a
 * header row, then one row per label with the fields of the json export's
 * label objects, in its order: conversation, turn, system, rater, round,
 * task, field, unit, value, passage, rank, seconds, timestamp, id, control
 * (1: given on a control item of its rater in its round, which scores the
 * rater and is no judgement; else 0; empty: not shown, a blind rater's own
 * label of an open round). Lines end in CRLF; a field with a comma, quote, CR or LF is quoted, its quotes
 * doubled. A JSON null (round outside rounds, a cleared value in
 * --history, passage and rank of a label not per passage) is an empty
 * field.
 *
 * Values are kept exactly, as the json export keeps them: in a file or a
 * pipe nothing is escaped or prefixed, not a control character and not a
 * cell that a spreadsheet would read as a formula (= + - @ tab CR first):
 * the file is data for tools, and a prefix would change the values a tool
 * reads. On a terminal the text is made inert first (text_sanitize()), as
 * the report's CSV. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "convqa/formats.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"
#include "export_internal.h"

struct ctx {
	FILE *out;
	int tty;
	struct strbuf sb, inert;
	long n;
	int failed;
};

static void field(struct strbuf *sb, const char *s, int last)
{
	strbuf_add_csv(sb, s);
	strbuf_adds(sb, last ? "\r\n" : ",");
}

static int flush(struct ctx *c)
{
	struct strbuf *sb = &c->sb;
	if (c->tty) {
		strbuf_reset(&c->inert);
		text_sanitize(&c->inert, strbuf_str(sb), sb->len, TEXT_NEWLINES);
		sb = &c->inert;
	}
	if (sb->len && fwrite(sb->buf, 1, sb->len, c->out) != sb->len) {
		c->failed = errno ? errno : EIO;
		return 1;
	}
	strbuf_reset(&c->sb);
	return 0;
}

static int row(const struct store_label_row *r, void *data)
{
	struct ctx *c = data;
	struct strbuf *sb = &c->sb, num = STRBUF_INIT;
	field(sb, r->conversation, 0);
	strbuf_addf(sb, "%d,", r->turn);
	field(sb, r->system, 0);
	field(sb, r->rater, 0);
	field(sb, r->round, 0);
	field(sb, r->task, 0);
	field(sb, r->field, 0);
	field(sb, r->unit, 0);
	field(sb, r->value, 0);
	field(sb, r->passage_rank ? r->passage : NULL, 0);
	if (r->passage_rank)
		strbuf_addf(&num, "%ld", r->passage_rank);
	field(sb, r->passage_rank ? strbuf_str(&num) : NULL, 0);
	strbuf_addf(sb, "%.3f,", r->seconds);
	field(sb, r->created_at, 0);
	strbuf_addf(sb, "%lld,", (long long)r->id);
	strbuf_adds(sb, r->control_hidden ? "\r\n" : r->control ? "1\r\n" : "0\r\n");
	strbuf_release(&num);
	if (flush(c))
		return 1;
	c->n++;
	return 0;
}

static enum status write_csv(struct store *s, const struct store_label_filter *f, const struct export_options *o, const char *project, FILE *out,
			     struct export_counts *counts, struct error *err)
{
	(void)o;
	struct ctx c = { out, isatty(fileno(out)), STRBUF_INIT, STRBUF_INIT, 0, 0 };
	(void)project;
	strbuf_adds(&c.sb, "conversation,turn,system,rater,round,task,field,unit,value,passage,rank,seconds,timestamp,"
		    "id,control\r\n");
	enum status st = flush(&c) ? ST_OK : store_labels_each(s, f, row, &c, err);
	strbuf_release(&c.sb);
	strbuf_release(&c.inert);
	if (st != ST_OK)
		return st;
	return export_labels_done(out, c.failed, c.n, counts, err);
}

const struct export_format export_csv = {
	.name = "csv", .summary = "labels as CSV (RFC 4180), one row per label, the columns of json's labels",
	.write = write_csv,
};
