/* store_label_pack.c - label packs (store_label.h): label rows copied, a
 * run of STORE_LABEL_PACK_ROWS consecutive rows at a time, into one blob,
 * for the reads that want every row (the report: SQLite reads a row's
 * twelve columns one call each, which was most of a report's time).
 *
 * A pack covers the label ids first_id..last_id: every label row of that
 * range when it was written. Label rows are never changed or deleted (the
 * schema's triggers refuse it) and a new row's id is above every id there
 * is, so a pack stays exact; should a row be changed or deleted all the
 * same (a tool that drops those triggers), the triggers label_pack_stale_*
 * delete the packs from its id on. convqa check compares every pack with
 * its rows.
 *
 * A blob (version 1, all integers as LEB128 varints; signed ones
 * zigzag-encoded; "delta" ones as the difference from the previous row's):
 *   'L' 1  n_strings  the strings, each NUL-terminated
 *   n_rows, then per row: id (delta, >= 1), response_id (delta), rater_id,
 *   round_id (0: none), turn_id (delta), unit_ref (delta), passage_rank,
 *   task, field, unit (string indexes), value (0: NULL, else index + 1),
 *   seconds (0: 0.0, 1: the IEEE double's 8 bytes, little-endian). */
#include <stdlib.h>
#include <string.h>

#include "convqa/store_report.h"
#include "convqa/strbuf.h"
#include "convqa/strmap.h"
#include "store_internal.h"

/* ---- writing ------------------------------------------------------------------ */

static void put_varint(struct strbuf *b, uint64_t v)
{
	char buf[10];
	size_t n = 0;
	do {
		buf[n++] = (char)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
		v >>= 7;
	} while (v);
	strbuf_add(b, buf, n);
}

static uint64_t zigzag(uint64_t v)
{
	return v << 1 ^ (uint64_t)-(int64_t)(v >> 63);
}

struct packer {
	struct strbuf rows;
	struct strmap index;              /* string -> its index */
	char **strings;                   /* the keys of index, in index order (owned) */
	size_t n_strings, cap_strings;
	size_t n_rows;
	struct store_report_label prev;
};

static uint64_t string_index(struct packer *p, const char *s)
{
	size_t *found = strmap_get(&p->index, s);
	if (found)
		return *found;
	xgrow(&p->strings, &p->cap_strings, p->n_strings + 1, sizeof(*p->strings));
	p->strings[p->n_strings] = xstrdup(s);
	strmap_put(&p->index, p->strings[p->n_strings], p->n_strings, NULL);
	return p->n_strings++;
}

static void pack_row(struct packer *p, const struct store_report_label *l, const char *unit)
{
	struct strbuf *b = &p->rows;
	put_varint(b, (uint64_t)l->id - (uint64_t)p->prev.id);
	put_varint(b, zigzag((uint64_t)l->response_id - (uint64_t)p->prev.response_id));
	put_varint(b, zigzag((uint64_t)l->rater_id));
	put_varint(b, zigzag((uint64_t)l->round_id));
	put_varint(b, zigzag((uint64_t)l->turn_id - (uint64_t)p->prev.turn_id));
	put_varint(b, zigzag((uint64_t)l->unit_ref - (uint64_t)p->prev.unit_ref));
	put_varint(b, zigzag((uint64_t)(int64_t)l->passage_rank));
	put_varint(b, string_index(p, l->task));
	put_varint(b, string_index(p, l->field));
	put_varint(b, string_index(p, unit));
	put_varint(b, l->value ? string_index(p, l->value) + 1 : 0);
	if (l->seconds == 0) {
		strbuf_addc(b, 0);
	} else {
		unsigned char raw[8];
		uint64_t bits;
		memcpy(&bits, &l->seconds, sizeof(bits));
		for (int i = 0; i < 8; i++)
			raw[i] = (unsigned char)(bits >> (8 * i));
		strbuf_addc(b, 1);
		strbuf_add(b, raw, sizeof(raw));
	}
	p->prev = *l;
	p->n_rows++;
}

/* The blob of what p holds (caller releases). */
static void packer_blob(struct packer *p, struct strbuf *out)
{
	strbuf_add(out, "L\1", 2);
	put_varint(out, p->n_strings);
	for (size_t i = 0; i < p->n_strings; i++)
		strbuf_add(out, p->strings[i], strlen(p->strings[i]) + 1);
	put_varint(out, p->n_rows);
	strbuf_add(out, p->rows.buf, p->rows.len);
}

static void packer_reset(struct packer *p)
{
	for (size_t i = 0; i < p->n_strings; i++)
		free(p->strings[i]);
	free(p->strings);
	strmap_release(&p->index);
	strbuf_release(&p->rows);
	memset(p, 0, sizeof(*p));
}

/* Whether the row st is on is one a pack may hold: every column of the
 * type the schema gives it, a unit convqa knows. A row that is not is left
 * to the readers of the table, which say what is wrong with it. */
static int packable(sqlite3_stmt *st, struct store_report_label *l, const char **unit)
{
	static const int ints[] = { 0, 1, 4, 9, 10, 11 };
	for (size_t i = 0; i < ARRAY_SIZE(ints); i++)
		if (sqlite3_column_type(st, ints[i]) != SQLITE_INTEGER)
			return 0;
	int round = sqlite3_column_type(st, 7), value = sqlite3_column_type(st, 5),
	    seconds = sqlite3_column_type(st, 6);
	enum scheme_unit u;
	if ((round != SQLITE_INTEGER && round != SQLITE_NULL) || (value != SQLITE_TEXT && value != SQLITE_NULL) ||
	    (seconds != SQLITE_FLOAT && seconds != SQLITE_INTEGER) || sqlite3_column_type(st, 2) != SQLITE_TEXT ||
	    sqlite3_column_type(st, 3) != SQLITE_TEXT || sqlite3_column_type(st, 8) != SQLITE_TEXT)
		return 0;
	store_label_row_read(st, l, unit);
	/* NUL inside a text would be cut by the blob's strings */
	return sqlite3_column_int64(st, 4) == l->passage_rank && l->round_id >= 0 &&
	       scheme_unit_parse(*unit, &u) == 0 &&
	       (size_t)sqlite3_column_bytes(st, 2) == strlen(l->task) &&
	       (size_t)sqlite3_column_bytes(st, 3) == strlen(l->field) &&
	       (!l->value || (size_t)sqlite3_column_bytes(st, 5) == strlen(l->value));
}

static enum status put_pack(struct store *s, struct packer *p, int64_t first, struct error *err)
{
	struct strbuf blob = STRBUF_INIT;
	sqlite3_stmt *st = store_prepare(s, "INSERT INTO main.label_pack(last_id, first_id, n, data) "
				      "VALUES (?1, ?2, ?3, ?4)", "cannot pack labels", err);
	if (!st)
		return err->status;
	packer_blob(p, &blob);
	sqlite3_bind_int64(st, 1, p->prev.id);
	sqlite3_bind_int64(st, 2, first);
	sqlite3_bind_int64(st, 3, (sqlite3_int64)p->n_rows);
	sqlite3_bind_blob(st, 4, blob.buf, (int)blob.len, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	enum status ret = rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot pack labels");
	sqlite3_finalize(st);
	strbuf_release(&blob);
	return ret;
}

/* One pack of the STORE_LABEL_PACK_ROWS rows after label id *after, in
 * the transaction under way: *packed 1 and *after its last id; *packed 0
 * when fewer rows are there or one of them is not packable. */
static enum status pack_one(struct store *s, sqlite3_stmt *rd, int64_t *after, int *packed, struct error *err)
{
	struct packer p = { 0 };
	int rc, ok = 1;
	int64_t first = 0;
	*packed = 0;
	sqlite3_bind_int64(rd, 1, *after);
	while (ok && (rc = sqlite3_step(rd)) == SQLITE_ROW) {
		struct store_report_label l;
		const char *unit;
		if ((ok = packable(rd, &l, &unit)) != 0) {
			if (!first)
				first = l.id;
			pack_row(&p, &l, unit);
		}
	}
	sqlite3_reset(rd);
	enum status st = ST_OK;
	if (ok && rc != SQLITE_DONE)
		st = store_fail(s, err, "cannot read labels to pack");
	else if (ok && p.n_rows == STORE_LABEL_PACK_ROWS && (st = put_pack(s, &p, first, err)) == ST_OK) {
		*packed = 1;
		*after = p.prev.id;
	}
	packer_reset(&p);
	return st;
}

/* The last label id packed and the last label id there is. */
static enum status pack_state(struct store *s, int64_t *packed, int64_t *last, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "SELECT (SELECT coalesce(max(last_id), 0) FROM main.label_pack), "
				      "(SELECT coalesce(max(id), 0) FROM main.label)", "cannot read label packs", err);
	if (!st)
		return err->status;
	int rc = sqlite3_step(st);
	*packed = sqlite3_column_int64(st, 0);
	*last = sqlite3_column_int64(st, 1);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? ST_OK : store_fail(s, err, "cannot read label packs");
}

/* Packs while due, STORE_LABEL_PACK_PER_TX at most in one transaction;
 * fn (if any) after each. */
static enum status pack_due(struct store *s, store_pack_progress_fn *fn, void *ctx, struct error *err)
{
	int64_t done = 0;
	sqlite3_stmt *rd = store_prepare(s, "SELECT " STORE_LABEL_ROW_COLUMNS " FROM main.label WHERE id > ?1 "
				      "ORDER BY id LIMIT " STORE_LABEL_PACK_ROWS_SQL, "cannot read labels to pack", err);
	if (!rd)
		return err->status;
	enum status st = ST_OK;
	for (int more = 1; st == ST_OK && more;) {
		int64_t after, last;
		if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
			break;   /* another connection writes: the next command packs */
		st = pack_state(s, &after, &last, err);
		more = st == ST_OK && last - after >= STORE_LABEL_PACK_ROWS;
		int made = 0;
		for (int i = 0; more && st == ST_OK && i < STORE_LABEL_PACK_PER_TX; i++) {
			st = pack_one(s, rd, &after, &more, err);
			made += more;
		}
		if (st != ST_OK || sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
			if (st == ST_OK)
				st = store_fail(s, err, "cannot pack labels");
			sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		} else if (fn && made) {
			done += (int64_t)made * STORE_LABEL_PACK_ROWS;
			fn(ctx, done, last > after ? last - after : 0);
		}
	}
	sqlite3_finalize(rd);
	return st;
}

enum status store_label_pack(struct store *s, struct error *err)
{
	return store_label_pack_progress(s, NULL, NULL, err);
}

enum status store_label_pack_progress(struct store *s, store_pack_progress_fn *fn, void *ctx, struct error *err)
{
	if (s->tx_depth || s->immutable || sqlite3_db_readonly(s->db, "main") != 0 ||
	    !sqlite3_get_autocommit(s->db))
		return ST_OK;
	int64_t packed, last;
	enum status st = pack_state(s, &packed, &last, err);
	if (st != ST_OK || last - packed < STORE_LABEL_PACK_ROWS)
		return st;
	store_busy_wait(s, 0);   /* never wait for the lock: a rater's save is not kept waiting */
	st = pack_due(s, fn, ctx, err);
	store_busy_wait(s, 1);
	return st;
}

/* ---- reading ------------------------------------------------------------------ */

struct cursor {
	const unsigned char *p, *end;
	int bad;
};

static uint64_t get_varint(struct cursor *c)
{
	uint64_t v = 0;
	for (int shift = 0; shift < 64 && c->p < c->end; shift += 7) {
		unsigned char b = *c->p++;
		v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return v;
	}
	c->bad = 1;
	return 0;
}

static uint64_t unzigzag(uint64_t v)
{
	return v >> 1 ^ (uint64_t)-(int64_t)(v & 1);
}

/* The strings of a pack: pointers into its blob, and each one's unit (-1:
 * none). NULL when they do not fit in the blob. */
static const char **read_strings(struct cursor *c, size_t *n, signed char **units)
{
	uint64_t count = get_varint(c);
	if (c->bad || count > (uint64_t)(c->end - c->p))
		return NULL;
	const char **s = xcalloc(count ? count : 1, sizeof(*s));
	*units = xcalloc(count ? count : 1, 1);
	for (uint64_t i = 0; i < count; i++) {
		const unsigned char *nul = memchr(c->p, 0, (size_t)(c->end - c->p));
		enum scheme_unit u;
		if (!nul) {
			free(s);
			free(*units);
			return NULL;
		}
		s[i] = (const char *)c->p;
		(*units)[i] = (signed char)(scheme_unit_parse(s[i], &u) == 0 ? (int)u : -1);
		c->p = nul + 1;
	}
	*n = (size_t)count;
	return s;
}

static double get_seconds(struct cursor *c)
{
	uint64_t mode = get_varint(c), bits = 0;
	double v = 0;
	if (mode == 0)
		return 0;
	if (mode != 1 || c->end - c->p < 8) {
		c->bad = 1;
		return 0;
	}
	for (int i = 0; i < 8; i++)
		bits |= (uint64_t)c->p[i] << (8 * i);
	c->p += 8;
	memcpy(&v, &bits, sizeof(v));
	return v;
}

/* The next row into l (prev: the row before); 0 when it is not a row. */
static int read_row(struct cursor *c, const char **str, const signed char *units, size_t n_str,
		    struct store_report_label *l)
{
	const struct store_report_label prev = *l;
	uint64_t id = get_varint(c);
	l->id = (int64_t)((uint64_t)prev.id + id);
	l->response_id = (int64_t)((uint64_t)prev.response_id + unzigzag(get_varint(c)));
	l->rater_id = (int64_t)unzigzag(get_varint(c));
	l->round_id = (int64_t)unzigzag(get_varint(c));
	l->turn_id = (int64_t)((uint64_t)prev.turn_id + unzigzag(get_varint(c)));
	l->unit_ref = (int64_t)((uint64_t)prev.unit_ref + unzigzag(get_varint(c)));
	l->passage_rank = (long)(int64_t)unzigzag(get_varint(c));
	uint64_t task = get_varint(c), field = get_varint(c), unit = get_varint(c), value = get_varint(c);
	l->seconds = get_seconds(c);
	if (c->bad || id == 0 || l->id < prev.id || task >= n_str || field >= n_str || unit >= n_str ||
	    units[unit] < 0 || value > n_str)
		return 0;
	l->task_sid = (uint32_t)task;
	l->field_sid = (uint32_t)field;
	l->value_sid = (uint32_t)value;
	l->task = str[task];
	l->field = str[field];
	l->unit = (enum scheme_unit)units[unit];
	l->value = value ? str[value - 1] : NULL;
	return 1;
}

int store_label_pack_rows(const void *blob, size_t size, int64_t first_id, int64_t last_id, int64_t n,
			  uint32_t dict, store_report_label_cb cb, void *ctx, const char **why)
{
	struct cursor c = { blob, (const unsigned char *)blob + size, 0 };
	size_t n_str = 0;
	signed char *units = NULL;
	const char **str = NULL;
	*why = "it is not a pack of this convqa's (version 1)";
	if (size < 2 || c.p[0] != 'L' || c.p[1] != 1)
		return -1;
	c.p += 2;
	*why = "its strings run past its end";
	if (!(str = read_strings(&c, &n_str, &units)))
		return -1;
	int ret = 0;
	uint64_t rows = get_varint(&c);
	struct store_report_label l = { .dict = dict, .dict_size = (uint32_t)n_str };
	*why = "it holds another number of rows than it says";
	if (c.bad || n < 0 || rows != (uint64_t)n)
		ret = -1;
	for (uint64_t i = 0; ret == 0 && i < rows; i++) {
		if (!read_row(&c, str, units, n_str, &l) || (i == 0 && l.id != first_id) || l.id > last_id) {
			*why = "a row of it is not a label row of its range";
			ret = -1;
		} else {
			ret = cb(&l, ctx);
		}
	}
	if (ret == 0 && (l.id != last_id || c.p != c.end)) {
		*why = "its rows end before its range or its blob does";
		ret = -1;
	}
	free(str);
	free(units);
	return ret;
}

/* Whether a label row has an id between lo and hi (both left out): ids
 * skipped by the packer are gaps in the ids, rows there are a pack lost.
 * An error counts as rows: the readers then read the table. */
static int rows_between(sqlite3 *db, int64_t lo, int64_t hi)
{
	sqlite3_stmt *q;
	if (sqlite3_prepare_v2(db, "SELECT EXISTS (SELECT 1 FROM main.label WHERE id > ?1 AND id < ?2)", -1, &q,
			       NULL) != SQLITE_OK)
		return 1;
	sqlite3_bind_int64(q, 1, lo);
	sqlite3_bind_int64(q, 2, hi);
	int any = sqlite3_step(q) != SQLITE_ROW || sqlite3_column_int(q, 0) != 0;
	sqlite3_finalize(q);
	return any;
}

const char *store_label_pack_row_problem(sqlite3_stmt *st, int64_t *after)
{
	int64_t last = sqlite3_column_int64(st, 0), first = sqlite3_column_int64(st, 1), before = *after;
	*after = last;
	if (sqlite3_column_type(st, 3) != SQLITE_BLOB)
		return "its data is not a blob";
	if (first <= before || first > last)
		return "its range overlaps the pack before it";
	return first > before + 1 && rows_between(sqlite3_db_handle(st), before, first) ?
		"label rows lie between it and the pack before it (a pack is missing)" : NULL;
}

/* ---- checking ----------------------------------------------------------------- */

struct verify {
	sqlite3_stmt *rows;               /* the label rows of the pack's range, in id order */
	int64_t differs;                  /* the first label id that differs, else 0 */
};

static int same_text(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static int verify_row(const struct store_report_label *l, void *ctx)
{
	struct verify *v = ctx;
	struct store_report_label row;
	const char *unit;
	enum scheme_unit u = UNIT_TURN;
	if (sqlite3_step(v->rows) != SQLITE_ROW || !packable(v->rows, &row, &unit) ||
	    scheme_unit_parse(unit, &u) != 0 || row.id != l->id || row.response_id != l->response_id ||
	    row.rater_id != l->rater_id || row.round_id != l->round_id || row.turn_id != l->turn_id ||
	    row.unit_ref != l->unit_ref || row.passage_rank != l->passage_rank || u != l->unit ||
	    memcmp(&row.seconds, &l->seconds, sizeof(row.seconds)) != 0 || !same_text(row.task, l->task) ||
	    !same_text(row.field, l->field) || !same_text(row.value, l->value)) {
		v->differs = l->id;
		return 1;
	}
	return 0;
}

enum status store_label_pack_verify(struct store *s, int64_t first, int64_t last, int64_t n, const void *blob,
				    size_t size, char *why, size_t why_size, struct error *err)
{
	struct verify v = { 0 };
	const char *bad = NULL;
	why[0] = '\0';
	v.rows = store_prepare(s, "SELECT " STORE_LABEL_ROW_COLUMNS " FROM main.label WHERE id BETWEEN ?1 AND ?2 "
			       "ORDER BY id",
			       "cannot read labels", err);
	if (!v.rows)
		return err->status;
	sqlite3_bind_int64(v.rows, 1, first);
	sqlite3_bind_int64(v.rows, 2, last);
	int rc = store_label_pack_rows(blob, size, first, last, n, 0, verify_row, &v, &bad);
	if (rc < 0)
		snprintf(why, why_size, "%s", bad);
	else if (rc > 0)
		snprintf(why, why_size, "label %lld differs from its copy in the pack", (long long)v.differs);
	else if (sqlite3_step(v.rows) == SQLITE_ROW)
		snprintf(why, why_size, "label %lld is not in the pack", (long long)sqlite3_column_int64(v.rows, 11));
	sqlite3_finalize(v.rows);
	return ST_OK;
}
