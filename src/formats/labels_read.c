/* labels_read.c - labels recorded elsewhere: a labels export (JSON), labels
 * as JSON Lines, another copy's project file, a Label Studio export
 * (labels_label_studio.c) or the ratings of an MTRAG evaluation file. See
 * labels_read.h. */
#include "convqa/labels_read.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "convqa/importer.h"
#include "convqa/label_row.h"
#include "convqa/scheme.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"
#include "json_read.h"
#include "labels_internal.h"
#include "mtrag.h"
#include "trec.h"

/* ---- strings: kept in blocks, freed together ---------------------------------- */

struct labels_read_block {
	struct labels_read_block *next;
	size_t used, size;
	char data[];
};

const char *labels_keep(struct labels_read *in, const char *s)
{
	if (!s)
		return NULL;
	size_t len = strlen(s) + 1;
	struct labels_read_block *b = in->blocks;
	if (!b || b->size - b->used < len) {
		size_t size = len > 65536 ? len : 65536;
		b = xmalloc(sizeof(*b) + size);
		b->next = in->blocks;
		b->used = 0;
		b->size = size;
		in->blocks = b;
	}
	char *at = b->data + b->used;
	memcpy(at, s, len);
	b->used += len;
	return at;
}

const char *labels_keepf(struct labels_read *in, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return labels_keep(in, buf);
}

struct labelling_import_label *labels_new(struct labels_read *in)
{
	xgrow(&in->labels, &in->cap, in->n + 1, sizeof(*in->labels));
	struct labelling_import_label *L = &in->labels[in->n++];
	memset(L, 0, sizeof(*L));
	return L;
}

void labels_read_release(struct labels_read *in)
{
	while (in->blocks) {
		struct labels_read_block *next = in->blocks->next;
		free(in->blocks);
		in->blocks = next;
	}
	free(in->labels);
	memset(in, 0, sizeof(*in));
}

/* ---- one label object ------------------------------------------------------------- */

/* The members of a label: those of an export's label (labels.schema.json). */
static const char *const label_keys[] = {
	"conversation", "turn", "system", "rater", "round", "task", "field", "unit", "value", "passage", "rank",
	"seconds", "timestamp", "id", "system_b", "winner", "control", NULL,
};

enum need { OPTIONAL, REQUIRED };

struct reader {
	struct json_reader jr;
	struct labels_read *in;
};

/* An integer member from min to max into *out; 0 when absent or wrong. */
static int integer_member(struct reader *r, const cJSON *obj, const char *key, enum need need, double min,
			  double max, double *out)
{
	const cJSON *v = jr_member(&r->jr, obj, key, need == REQUIRED);
	if (!v)
		return 0;
	if (cJSON_IsNumber(v) && v->valuedouble == floor(v->valuedouble) && v->valuedouble >= min &&
	    v->valuedouble <= max) {
		*out = v->valuedouble;
		return 1;
	}
	json_path_key(&r->jr.path, key);
	if (cJSON_IsNumber(v) && isfinite(v->valuedouble))
		jr_problem(&r->jr, "expected an integer from %.0f to %.0f, got %.15g", min, max, v->valuedouble);
	else
		jr_problem(&r->jr, "expected an integer from %.0f to %.0f, got %s", min, max, jr_type_name(v));
	json_path_pop(&r->jr.path);
	return 0;
}

/* A member that is a non-empty string or null: *out NULL for null. 0 when
 * wrong (a problem said). */
static int string_or_null(struct reader *r, const cJSON *obj, const char *key, enum need need, const char **out)
{
	const cJSON *v = jr_member(&r->jr, obj, key, need == REQUIRED);
	*out = NULL;
	if (!v || cJSON_IsNull(v))
		return v || need == OPTIONAL;
	if (cJSON_IsString(v) && v->valuestring[0]) {
		*out = labels_keep(r->in, v->valuestring);
		return 1;
	}
	json_path_key(&r->jr.path, key);
	jr_problem(&r->jr, "expected a non-empty string or null, got %s", jr_type_name(v));
	json_path_pop(&r->jr.path);
	return 0;
}

/* The value: a string, an integer (a binary field's 0 and 1) or null (a
 * clear). */
static void read_value(struct reader *r, const cJSON *obj, struct labelling_import_label *L)
{
	const cJSON *v = jr_member(&r->jr, obj, "value", 1);
	if (!v || cJSON_IsNull(v))
		return;
	if (cJSON_IsString(v)) {
		L->value = labels_keep(r->in, v->valuestring);
		return;
	}
	if (cJSON_IsNumber(v) && v->valuedouble == floor(v->valuedouble) && fabs(v->valuedouble) < 1e15) {
		L->value = labels_keepf(r->in, "%.0f", v->valuedouble);
		return;
	}
	json_path_key(&r->jr.path, "value");
	jr_problem(&r->jr, "expected a string, an integer or null, got %s", jr_type_name(v));
	json_path_pop(&r->jr.path);
}

/* control: true, false or null (not shown: a blind rater's export), an
 * export's since version 3, into L->control; required when need. */
static void read_control(struct reader *r, const cJSON *obj, int need, struct labelling_import_label *L)
{
	const cJSON *v = jr_member(&r->jr, obj, "control", need);
	if (!v || cJSON_IsNull(v))
		return;
	if (cJSON_IsBool(v)) {
		L->control = cJSON_IsTrue(v);
		return;
	}
	json_path_key(&r->jr.path, "control");
	jr_problem(&r->jr, "expected true (given on a control item), false or null, got %s", jr_type_name(v));
	json_path_pop(&r->jr.path);
}

/* The label object v at the reader's path (where names it). strict: the
 * members an export always writes are required (need_unit: the unit too;
 * need_control: control too). */
static void read_label(struct reader *r, const cJSON *v, const char *where, int strict, int need_unit,
		       int need_control)
{
	enum need often = strict ? REQUIRED : OPTIONAL;
	int before = r->jr.n_errors;
	if (jr_object(&r->jr, v, label_keys, "a label") != 0)
		return;
	struct labelling_import_label L = { .where = where };
	double d;
	L.conversation = labels_keep(r->in, jr_string_member(&r->jr, v, "conversation", 1, 1));
	if (integer_member(r, v, "turn", REQUIRED, 1, INT_MAX, &d))
		L.turn = (int)d;
	L.system = labels_keep(r->in, jr_string_member(&r->jr, v, "system", 1, 1));
	L.rater = labels_keep(r->in, jr_string_member(&r->jr, v, "rater", 1, 1));
	string_or_null(r, v, "round", often, &L.round);
	L.task = labels_keep(r->in, jr_string_member(&r->jr, v, "task", 1, 1));
	L.field = labels_keep(r->in, jr_string_member(&r->jr, v, "field", 1, 1));
	const char *unit = jr_string_member(&r->jr, v, "unit", need_unit, 1);
	enum scheme_unit u;
	if (unit && (scheme_unit_parse(unit, &u) != 0 || u == UNIT_PAIR)) {
		json_path_key(&r->jr.path, "unit");
		if (strcmp(unit, "pair") == 0)   /* system_b and winner are known for this message's sake */
			jr_problem(&r->jr, "a label of a pair (a pairwise round's preference) is not imported: "
				   "leave the pairwise task out of the export (--task)");
		else
			jr_problem(&r->jr, "expected one of turn, passage, response, answer, got \"%s\"", unit);
		json_path_pop(&r->jr.path);
	}
	L.unit = labels_keep(r->in, unit);
	read_value(r, v, &L);
	string_or_null(r, v, "passage", OPTIONAL, &L.passage);
	if (integer_member(r, v, "rank", OPTIONAL, 1, MODEL_RANK_MAX, &d))
		L.rank = (long)d;
	if (jr_member(&r->jr, v, "seconds", strict)) {
		const cJSON *s = cJSON_GetObjectItemCaseSensitive(v, "seconds");
		if (cJSON_IsNumber(s) && s->valuedouble >= 0 && s->valuedouble < 1e9) {
			L.seconds = s->valuedouble;
		} else {
			json_path_key(&r->jr.path, "seconds");
			jr_problem(&r->jr, "expected a number of seconds from 0 to 1e9, got %s",
				   cJSON_IsNumber(s) ? "another number" : jr_type_name(s));
			json_path_pop(&r->jr.path);
		}
	}
	L.created_at = labels_keep(r->in, jr_string_member(&r->jr, v, "timestamp", 1, 1));
	if (integer_member(r, v, "id", often, 1, 9007199254740991.0, &d))
		L.source_id = (int64_t)d;
	read_control(r, v, need_control, &L);
	if (r->jr.n_errors == before)
		*labels_new(r->in) = L;
}

/* ---- a labels export -------------------------------------------------------------- */

static const char *const doc_keys[] = { "format", "version", "project", "exported_at", "filter", "labels", NULL };

static enum status read_document(struct import_input *src, struct labels_read *in, struct error *err)
{
	cJSON *root = NULL;
	enum status st = jr_parse(src, &root, err);
	if (st != ST_OK)
		return st;
	if (jr_other_convqa_file(src->name, root, "convqa-labels", err) != ST_OK) {
		cJSON_Delete(root);
		return ST_INPUT;
	}
	struct reader r = { .in = in };
	jr_init(&r.jr, src->name, err);
	int version = 0;
	if (jr_object(&r.jr, root, doc_keys, "a labels export (convqa export)") == 0) {
		const char *format = jr_string_member(&r.jr, root, "format", 1, 0);
		if (format && strcmp(format, "convqa-labels") != 0) {
			json_path_key(&r.jr.path, "format");
			jr_problem(&r.jr, "expected \"convqa-labels\" (a labels export of convqa export), got \"%s\"",
				   format);
			json_path_pop(&r.jr.path);
		}
		const cJSON *v = jr_member(&r.jr, root, "version", 1);
		if (v && cJSON_IsNumber(v) && (v->valuedouble == 1 || v->valuedouble == 2 || v->valuedouble == 3)) {
			version = (int)v->valuedouble;
		} else if (v) {
			json_path_key(&r.jr.path, "version");
			jr_problem(&r.jr, "expected 1, 2 or 3 (the versions this convqa reads), got %s",
				   cJSON_IsNumber(v) ? "another number" : jr_type_name(v));
			json_path_pop(&r.jr.path);
		}
		const cJSON *labels = jr_array_member(&r.jr, root, "labels", 1, 0);
		json_path_key(&r.jr.path, "labels");
		size_t i = 0;
		for (const cJSON *l = labels ? labels->child : NULL; l && version; l = l->next, i++) {
			json_path_index(&r.jr.path, i);
			read_label(&r, l, labels_keepf(in, "%s: %s", src->name, json_path_str(&r.jr.path)), 1, version >= 2,
				   version >= 3);
			json_path_pop(&r.jr.path);
		}
		json_path_pop(&r.jr.path);
	}
	cJSON_Delete(root);
	in->kind = "labels export";
	return jr_finish(&r.jr);
}

/* ---- labels as JSON Lines ---------------------------------------------------------- */

static enum status read_lines(struct import_input *src, struct labels_read *in, struct error *err)
{
	char why[256];
	struct json_limits lim;
	enum status st = jr_limits(src->len, &lim, why, sizeof(why), err);
	if (st != ST_OK)
		return st;
	struct reader r = { .in = in };
	jr_init(&r.jr, src->name, err);
	struct text_lines it;
	const char *s;
	size_t n, values = 0, n_read = 0;
	text_lines_init(&it, src->buf, src->len);
	while (st == ST_OK && text_lines_next(&it, &s, &n)) {
		size_t line = it.line;
		n_read++;
		struct error e;
		cJSON *root;
		enum status lst = json_parse_line(src->name, line, s, n, &lim, &values, &root, &e);
		if (lst == ST_IO) {
			*err = e;   /* the value limit ends the file, its message alone */
			r.jr.n_errors = 0;
			st = ST_IO;
		} else if (lst != ST_OK) {
			jr_message(&r.jr, e.msg);
		} else {
			r.jr.line = line;
			read_label(&r, root, labels_keepf(in, "%s:%zu", src->name, line), 0, 0, 0);
			r.jr.line = 0;
			cJSON_Delete(root);
		}
	}
	if (st == ST_OK && !n_read) {
		char msg[512];
		snprintf(msg, sizeof(msg), "%s: empty file: expected a label (a JSON object) on each line", src->name);
		jr_message(&r.jr, msg);
	}
	free(src->buf);
	src->buf = NULL;
	in->kind = "labels (JSON Lines)";
	enum status finished = jr_finish(&r.jr);
	return st != ST_OK ? st : finished;
}

/* ---- a project ------------------------------------------------------------------ */

struct project_ctx {
	struct labels_read *in;
	const char *name;
	long long size;                /* bytes of the file and its write-ahead log */
	long long rows, max_rows;
};

/* The bytes a label row takes in a project at least: its time alone
 * ("2026-01-01T00:00:00.000Z") is 24. */
enum { LABEL_ROW_MIN_BYTES = 24 };

static long long file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (long long)st.st_size : 0;
}

static int project_row(const struct store_label_row *row, void *data)
{
	struct project_ctx *c = data;
	struct labels_read *in = c->in;
	if (++c->rows > c->max_rows)
		return 1;   /* a forged file's joins multiply rows: no more than it can hold */
	struct labelling_import_label *L = labels_new(in);
	L->conversation = labels_keep(in, row->conversation);
	L->turn = row->turn;
	L->system = labels_keep(in, row->system);
	L->rank = row->passage_rank;
	L->passage = labels_keep(in, row->passage);
	L->rater = labels_keep(in, row->rater);
	L->round = labels_keep(in, row->round);
	L->task = labels_keep(in, row->task);
	L->field = labels_keep(in, row->field);
	L->unit = labels_keep(in, row->unit);
	L->value = labels_keep(in, row->value);
	L->seconds = row->seconds;
	L->created_at = labels_keep(in, row->created_at);
	L->source_id = row->id;
	L->where = labels_keepf(in, "%s: label %lld", c->name, (long long)row->id);
	L->control = row->control;
	return 0;
}

static enum status read_project(const char *path, struct labels_read *in, struct error *err)
{
	struct store *src;
	enum status st = store_open_read_only(path, &src, err);
	if (st != ST_OK)
		return st;
	struct store_label_filter f = { .history = 1 };
	char *wal = xasprintf("%s-wal", path);
	struct project_ctx c = { in, path, file_size(path) + file_size(wal), 0, 0 };
	free(wal);
	c.max_rows = c.size / LABEL_ROW_MIN_BYTES;
	st = store_labels_each(src, &f, project_row, &c, err);
	store_close(src);
	in->kind = "project";
	if (st == ST_OK && c.rows > c.max_rows)
		st = error_set(err, ST_STORE, "'%s' gives more label rows than a project of its size (%lld bytes) can "
			       "hold: it is not a project as convqa writes it (a forged or damaged file?)", path, c.size);
	return st;
}

/* ---- MTRAG's ratings ------------------------------------------------------------ */

/* An evaluator's rating of a response: a label of the evaluator, outside
 * rounds, in the scheme MTRAG_SCHEME. */
static void mtrag_label(void *ctx, const struct mtrag_rating *x)
{
	struct labels_read *in = ctx;
	struct labelling_import_label *L = labels_new(in);
	L->conversation = labels_keep(in, x->conversation);
	L->turn = x->turn;
	L->system = labels_keep(in, x->system);
	L->rater = labels_keep(in, x->rater);
	L->task = MTRAG_SCHEME;
	L->field = labels_keep(in, x->field);
	L->unit = "response";
	L->value = labels_keep(in, x->value);
	L->seconds = x->seconds;
	L->created_at = labels_keep(in, x->created_at);
	L->where = labels_keep(in, x->where);
}

/* The whole file is read as the task import reads it (its problems are
 * the same), the ratings kept. */
static enum status read_mtrag(struct import_input *src, struct labels_read *in, struct error *err)
{
	struct model_tasks m;
	model_tasks_init(&m);
	enum status st = mtrag_read(src, &m, mtrag_label, in, err);
	model_tasks_release(&m);
	in->kind = "MTRAG ratings";
	in->scheme_json = mtrag_scheme_json();
	return st;
}

/* ---- which source ------------------------------------------------------------------ */

static const char sqlite_magic[16] = "SQLite format 3";   /* with its NUL */

static int is_project(const char *buf, size_t len)
{
	return len >= sizeof(sqlite_magic) && memcmp(buf, sqlite_magic, sizeof(sqlite_magic)) == 0;
}

/* The first bytes of the file on disk (up to n into head): how many, or -1
 * when it cannot be read (read_text_file() then says why). */
static long file_head(const char *path, char *head, size_t n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	size_t got = fread(head, 1, n, f);
	fclose(f);
	return (long)got;
}

static int detect_lines(const char *buf, size_t len)
{
	return jr_first_key_in(buf, len, label_keys);
}

/* A JSON array: Label Studio's export (convqa's own sources are objects). */
static int detect_array(const char *buf, size_t len)
{
	size_t i = len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
	while (i < len && strchr(" \t\r\n", buf[i]))
		i++;
	return i < len && buf[i] == '[';
}

/* A project's bytes cannot be read: only its path (store_open_read_only). */
static enum status project_from_text(struct import_input *src, struct store *s, struct labels_read *in,
				     struct error *err)
{
	(void)in;
	(void)s;
	free(src->buf);
	return error_set(err, ST_INPUT, "%s: a project file cannot be read from a pipe: give its path", src->name);
}

static enum status lines_from_text(struct import_input *src, struct store *s, struct labels_read *in,
				   struct error *err)
{
	(void)s;
	return read_lines(src, in, err);
}

static enum status mtrag_from_text(struct import_input *src, struct store *s, struct labels_read *in,
				   struct error *err)
{
	(void)s;
	return read_mtrag(src, in, err);
}

static enum status document_from_text(struct import_input *src, struct store *s, struct labels_read *in,
				      struct error *err)
{
	(void)s;
	return read_document(src, in, err);
}

/* The sources of labels, in the order detection tries them; the last reads
 * what none detects. */
static const struct labels_format {
	const char *name;   /* what import-labels --format takes */
	/* Is this the source that begins with buf[0..len)? NULL: any. */
	int (*detect)(const char *buf, size_t len);
	/* Read the text (buf freed here, whatever happens), by the schemes of
	 * project s where the source needs them. */
	enum status (*read_text)(struct import_input *src, struct store *s, struct labels_read *in,
				 struct error *err);
	/* Read the file at path itself, not its bytes; NULL: read its bytes. */
	enum status (*read_path)(const char *path, struct labels_read *in, struct error *err);
} labels_formats[] = {
	{ "project", is_project, project_from_text, read_project },
	{ "mtrag", mtrag_detect, mtrag_from_text, NULL },
	{ "label-studio", detect_array, labels_read_label_studio, NULL },
	{ "jsonl", detect_lines, lines_from_text, NULL },
	{ "json", NULL, document_from_text, NULL },
};

static const struct labels_format *labels_detect(const char *buf, size_t len)
{
	size_t i = 0;
	while (i + 1 < ARRAY_SIZE(labels_formats) && !labels_formats[i].detect(buf, len))
		i++;
	return &labels_formats[i];
}

static const struct labels_format *labels_format_find(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(labels_formats); i++)
		if (strcmp(labels_formats[i].name, name) == 0)
			return &labels_formats[i];
	return NULL;
}

/* The table's order reversed: convqa's own export first. */
void labels_read_format_names(struct strbuf *sb)
{
	for (size_t i = 0; i < ARRAY_SIZE(labels_formats); i++)
		strbuf_addf(sb, "%s%s", i ? ", " : "", labels_formats[ARRAY_SIZE(labels_formats) - 1 - i].name);
}

int labels_read_format_known(const char *format)
{
	return labels_format_find(format) != NULL;
}

enum status labels_read_as(const char *format, struct store *s, const char *path, struct labels_read *out,
			   struct error *err)
{
	struct import_input src = { importer_input_name(path), NULL, 0, NULL };
	const struct labels_format *f = format ? labels_format_find(format) : NULL;
	char head[64];
	enum status st;
	memset(out, 0, sizeof(*out));
	if (format && !f) {
		struct strbuf sb = STRBUF_INIT;
		labels_read_format_names(&sb);
		st = error_set(err, ST_USAGE, "unknown format '%s' (expected: %s)", format, strbuf_str(&sb));
		strbuf_release(&sb);
		return st;
	}
	if (!f && strcmp(path, "-") != 0) {
		long n = file_head(path, head, sizeof(head));
		f = n >= 0 ? labels_detect(head, (size_t)n) : NULL;
	}
	if (f && f->read_path)
		return f->read_path(path, out, err);
	if (strcmp(path, "-") == 0)
		st = read_text_stream(stdin, src.name, READ_FILE_MAX, NULL, &src.buf, &src.len, err);
	else
		st = read_text_file(path, READ_FILE_MAX, NULL, &src.buf, &src.len, err);
	if (st != ST_OK)
		return st;
	src.name = importer_input_name(path);
	if (!f)
		f = labels_detect(src.buf, src.len);
	return f->read_text(&src, s, out, err);
}

enum status labels_read_text(struct store *s, const char *name, char *buf, size_t len, struct labels_read *out,
			     struct error *err)
{
	struct import_input src = { name, buf, len, NULL };
	memset(out, 0, sizeof(*out));
	return labels_detect(src.buf, src.len)->read_text(&src, s, out, err);
}

/* ---- the label readers of import formats (--as-rater) ----------------------------- */

static const struct {
	const char *format;
	enum status (*read)(struct store *s, const char *path, const struct import_options *o,
			    struct labels_read *out, char *note, size_t note_size, struct error *err);
} as_rater_readers[] = {
	{ "trec-qrels", trec_qrels_labels },
};

enum status labels_read_as_rater(struct store *s, const char *format, const char *path,
				 const struct import_options *o, struct labels_read *out, char *note,
				 size_t note_size, struct error *err)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < ARRAY_SIZE(as_rater_readers); i++)
		if (strcmp(as_rater_readers[i].format, format) == 0)
			return as_rater_readers[i].read(s, path, o, out, note, note_size, err);
	return error_set(err, ST_USAGE, "format '%s' reads no labels (--as-rater)", format);
}

enum status labels_read_carried(const char *path, const char *format, struct labels_read *out, struct error *err)
{
	char head[64];
	struct stat sb;
	int regular = strcmp(path, "-") != 0 && stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
	memset(out, 0, sizeof(*out));
	error_clear(err);
	if (format && strcmp(format, "mtrag") != 0)
		return ST_OK;
	if (!regular) {   /* a pipe is read once, by the task import: its start cannot be peeked at */
		out->not_read = format ? "MTRAG ratings" : NULL;
		return ST_OK;
	}
	long n = format ? 0 : file_head(path, head, sizeof(head));
	if (!format && (n < 0 || !mtrag_detect(head, (size_t)n)))
		return ST_OK;
	struct import_input src = { importer_input_name(path), NULL, 0, NULL };
	enum status st = read_text_file(path, READ_FILE_MAX, NULL, &src.buf, &src.len, err);
	return st == ST_OK ? read_mtrag(&src, out, err) : st;
}
