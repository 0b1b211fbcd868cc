/* csv_read.c - CSV (RFC 4180) a record at a time (csv_read.h). */
#include "csv_read.h"

#include <stdlib.h>
#include <string.h>

void csv_init(struct csv_reader *r, const char *name, const char *buf, size_t len)
{
	memset(r, 0, sizeof(*r));
	r->name = name;
	r->buf = buf;
	r->len = len;
	r->line = 1;
	r->text = (struct strbuf)STRBUF_INIT;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		r->pos = r->col_start = 3;
}

void csv_release(struct csv_reader *r)
{
	strbuf_release(&r->text);
	free(r->at);
	free(r->fields);
}

static int fail(struct csv_reader *r, struct error *err, const char *msg)
{
	error_set(err, ST_INPUT, "%s:%zu:%zu: %s", r->name, r->line, r->pos - r->col_start + 1, msg);
	return -1;
}

/* A line end at buf[pos] (LF or CRLF): its length, else 0. */
static size_t line_end(const struct csv_reader *r)
{
	if (r->pos < r->len && r->buf[r->pos] == '\n')
		return 1;
	if (r->pos + 1 < r->len && r->buf[r->pos] == '\r' && r->buf[r->pos + 1] == '\n')
		return 2;
	return 0;
}

static void new_line(struct csv_reader *r, size_t eol)
{
	r->pos += eol;
	r->line++;
	r->col_start = r->pos;
}

/* A quoted field, its opening quote at buf[pos]: into text. */
static int quoted(struct csv_reader *r, struct error *err)
{
	size_t open_line = r->line, open_col = r->pos - r->col_start + 1;
	r->pos++;
	for (;;) {
		if (r->pos >= r->len) {
			error_set(err, ST_INPUT, "%s:%zu:%zu: a quoted field is not closed (its closing quote is missing)",
				  r->name, open_line, open_col);
			return -1;
		}
		char c = r->buf[r->pos];
		if (c == '"' && r->pos + 1 < r->len && r->buf[r->pos + 1] == '"') {
			strbuf_addc(&r->text, '"');
			r->pos += 2;
		} else if (c == '"') {
			r->pos++;
			return 0;
		} else {
			size_t eol = line_end(r);
			strbuf_add(&r->text, r->buf + r->pos, eol ? eol : 1);
			if (eol)
				new_line(r, eol);
			else
				r->pos++;
		}
	}
}

/* One field at buf[pos], up to its comma or line end (not taken). */
static int field(struct csv_reader *r, struct error *err)
{
	xgrow(&r->at, &r->cap_at, r->n + 1, sizeof(*r->at));
	r->at[r->n++] = r->text.len;
	if (r->pos < r->len && r->buf[r->pos] == '"') {
		if (quoted(r, err) < 0)
			return -1;
		if (r->pos < r->len && r->buf[r->pos] != ',' && !line_end(r))
			return fail(r, err, "a quoted field goes on after its closing quote (a quote inside a field "
				    "is doubled: \"\")");
	} else {
		size_t start = r->pos;
		while (r->pos < r->len && r->buf[r->pos] != ',' && !line_end(r)) {
			if (r->buf[r->pos] == '"')
				return fail(r, err, "a quote inside a field that is not quoted (quote the whole field "
					    "and double the quote: \"\")");
			r->pos++;
		}
		strbuf_add(&r->text, r->buf + start, r->pos - start);
	}
	strbuf_addc(&r->text, '\0');
	return 0;
}

int csv_next(struct csv_reader *r, struct error *err)
{
	if (r->pos >= r->len)
		return 0;
	strbuf_reset(&r->text);
	r->n = 0;
	r->record_line = r->line;
	for (;;) {
		if (field(r, err) < 0)
			return -1;
		if (r->pos < r->len && r->buf[r->pos] == ',') {
			r->pos++;
			continue;
		}
		size_t eol = line_end(r); /* else the end of the text */
		if (eol)
			new_line(r, eol);
		break;
	}
	xgrow(&r->fields, &r->cap, r->n, sizeof(*r->fields));
	for (size_t i = 0; i < r->n; i++)
		r->fields[i] = r->text.buf + r->at[i];
	return 1;
}
