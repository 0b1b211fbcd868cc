/* store_label_count.c - how many current label values a project holds
 * (convqa info, convqa check), from the label packs and the rows after
 * them: the rows the report reads (store_report_labels), each one's unit
 * kept in a hash with whether its latest row holds a value.
 *
 * The answer is the one of
 *   SELECT count(*) FROM label l WHERE STORE_LABEL_IS_CURRENT AND l.value IS NOT NULL
 * which asks the label_unit index once a row: 42 s at 29 million rows, where
 * this reads them in about the time the report does. A unit is the rater,
 * round, task, field, unit, turn_id and unit_ref of a row; all but the last
 * two, few in any project, are numbered as a "class", so that a unit takes
 * two 64-bit words: turn_id (40 bits), class (23) and a flag (the latest
 * row holds a value), and unit_ref. A row the words cannot hold (an id past
 * 2^40, a text with a NUL, a column of another type than the schema's), or
 * a pack that is damaged, sends the count to the table's rows or to the SQL
 * above: the answer is always that of the SQL. */
#include <stdlib.h>
#include <string.h>

#include "convqa/store_report.h"
#include "convqa/strmap.h"
#include "store_internal.h"

#define TURN_BITS 40
#define CLASS_BITS 23
/* The table's slots in one pass (16 bytes each): a project with more label
 * rows than 7/8 of it is counted in several passes over its rows, the
 * units of a part of the hash each, so that memory stays flat. */
#define PASS_SLOTS ((size_t)1 << 24)
#define MAX_PASSES 64
#define BATCH 4096   /* rows a flush counts */

/* A class: the parts of a unit's key that few units differ in. */
struct klass {
	int64_t rater_id, round_id;
	uint32_t task, field;             /* string numbers (counter.strings) */
	int unit;
};

/* A pack's row's class as remembered (pack_class). */
#define SEEN 256
struct seen {
	int64_t rater_id, round_id;
	uint32_t dict, task_sid, field_sid;
	int unit;
	uint32_t cls;                     /* 0: nothing remembered */
};

struct counter {
	uint64_t *slots;                  /* 2 words a unit; word 0 == 0: empty */
	size_t cap, n;                    /* slots, units in them */
	long labels, rows;
	struct klass *classes;            /* class c at classes[c - 1] */
	size_t n_classes, cap_classes;
	uint32_t *class_index;            /* hash of the classes: their numbers, 0 empty */
	size_t class_cap;
	struct strmap strings;            /* text -> its number (1 on), keys owned */
	uint32_t dict;                    /* the pack whose numbers sid_gid holds */
	uint32_t *sid_gid;                /* a pack's string number -> counter's (0: not yet) */
	size_t sid_cap;
	int unfit;                        /* a row the words cannot hold was seen */
	uint64_t *batch;                  /* rows not counted yet (flush): 2 words each */
	size_t n_batch;
	uint32_t part, parts;             /* this pass counts the units of hash part of parts */
	struct seen seen[SEEN];
};

static uint64_t mix(uint64_t a, uint64_t b)
{
	uint64_t h = a * 0x9e3779b97f4a7c15ULL ^ (b + 0x632be59bd9b4e019ULL) * 0xc2b2ae3d27d4eb4fULL;
	h ^= h >> 31;
	h *= 0xbf58476d1ce4e5b9ULL;
	return h ^ h >> 29;
}

static void counter_release(struct counter *c)
{
	for (size_t i = 0; i < c->strings.cap; i++)
		free((char *)c->strings.slots[i].key);
	strmap_release(&c->strings);
	free(c->slots);
	free(c->classes);
	free(c->class_index);
	free(c->sid_gid);
	free(c->batch);
	memset(c, 0, sizeof(*c));
}

static size_t class_slot(const struct counter *c, const struct klass *k)
{
	uint64_t h = mix((uint64_t)k->rater_id ^ (uint64_t)k->unit << 56, (uint64_t)k->round_id) ^
		     mix((uint64_t)k->task, (uint64_t)k->field);
	size_t i = (size_t)h & (c->class_cap - 1);
	for (uint32_t n; (n = c->class_index[i]) != 0; i = (i + 1) & (c->class_cap - 1)) {
		const struct klass *o = &c->classes[n - 1];
		if (o->rater_id == k->rater_id && o->round_id == k->round_id && o->task == k->task &&
		    o->field == k->field && o->unit == k->unit)
			break;
	}
	return i;
}

/* The number of class k (1 on), added when new; 0 when past CLASS_BITS. */
static uint32_t class_of(struct counter *c, const struct klass *k)
{
	if ((c->n_classes + 1) * 2 > c->class_cap) {
		size_t cap = c->class_cap ? c->class_cap * 2 : 64;
		free(c->class_index);
		c->class_index = xcalloc(cap, sizeof(*c->class_index));
		c->class_cap = cap;
		for (size_t n = 0; n < c->n_classes; n++)
			c->class_index[class_slot(c, &c->classes[n])] = (uint32_t)n + 1;
	}
	size_t i = class_slot(c, k);
	if (c->class_index[i])
		return c->class_index[i];
	if (c->n_classes + 1 >= (1u << CLASS_BITS))
		return 0;
	xgrow(&c->classes, &c->cap_classes, c->n_classes + 1, sizeof(*c->classes));
	c->classes[c->n_classes++] = *k;
	return c->class_index[i] = (uint32_t)c->n_classes;
}

/* The slot a unit of hash h starts looking at: h's high half scaled to cap
 * (any size: the table is sized to the rows, not a power of two above). */
static size_t home_of(const struct counter *c, uint64_t h)
{
	return (size_t)((h >> 32) * (uint64_t)c->cap >> 32);
}

static size_t unit_slot(const struct counter *c, const uint64_t *slots, size_t i, uint64_t key, uint64_t ref)
{
	while (slots[2 * i] && ((slots[2 * i] & ~1ULL) != key || slots[2 * i + 1] != ref))
		if (++i == c->cap)
			i = 0;
	return i;
}

static void grow_units(struct counter *c)
{
	uint64_t *old = c->slots;
	size_t old_cap = c->cap;
	c->cap = old_cap * 2;
	c->slots = xcalloc(c->cap, 2 * sizeof(*c->slots));
	for (size_t i = 0; i < old_cap; i++)
		if (old[2 * i]) {
			uint64_t key = old[2 * i] & ~1ULL, ref = old[2 * i + 1];
			size_t j = unit_slot(c, c->slots, home_of(c, mix(key, ref)), key, ref);
			c->slots[2 * j] = old[2 * i];
			c->slots[2 * j + 1] = ref;
		}
	free(old);
}

/* The units of the rows given since the last flush, in id order: word 0
 * with the flag, unit_ref. A batch's slots are asked of memory ahead
 * (prefetched) while the rows before are counted: the table is larger
 * than the caches, and a row waiting for its slot was most of the time
 * (0.65 s of info at 2.9 million rows without, 0.3 s with). */
#define AHEAD 16

static size_t prefetch(struct counter *c, size_t b)
{
	size_t i = home_of(c, mix(c->batch[2 * b] & ~1ULL, c->batch[2 * b + 1]));
	__builtin_prefetch(&c->slots[2 * i], 1);
	return i;
}

static void flush(struct counter *c)
{
	size_t home[AHEAD];
	while ((c->n + c->n_batch) * 8 > c->cap * 7)
		grow_units(c);
	for (size_t b = 0; b < c->n_batch && b < AHEAD; b++)
		home[b] = prefetch(c, b);
	for (size_t b = 0; b < c->n_batch; b++) {
		uint64_t w0 = c->batch[2 * b], ref = c->batch[2 * b + 1];
		size_t i = unit_slot(c, c->slots, home[b % AHEAD], w0 & ~1ULL, ref);
		if (b + AHEAD < c->n_batch)
			home[b % AHEAD] = prefetch(c, b + AHEAD);
		if (!c->slots[2 * i]) {
			c->n++;
			c->slots[2 * i + 1] = ref;
		} else {
			c->labels -= (long)(c->slots[2 * i] & 1);
		}
		c->slots[2 * i] = w0;
		c->labels += (long)(w0 & 1);
	}
	c->n_batch = 0;
}

/* A label row of unit (turn_id, class cls (0: none), unit_ref), later than every row
 * given before: its unit's latest row now. */
static void count_row(struct counter *c, int64_t turn_id, uint32_t cls, int64_t unit_ref, int value)
{
	c->rows++;
	if (!cls || turn_id < 0 || turn_id >= (int64_t)1 << TURN_BITS) {
		c->unfit = 1;
		return;
	}
	uint64_t key = (uint64_t)turn_id << (64 - TURN_BITS) | (uint64_t)cls << 1;
	if (c->parts > 1 && (uint32_t)mix(key, (uint64_t)unit_ref) * (uint64_t)c->parts >> 32 != c->part)
		return;   /* another pass's unit */
	c->batch[2 * c->n_batch] = key | (value ? 1 : 0);
	c->batch[2 * c->n_batch + 1] = (uint64_t)unit_ref;
	if (++c->n_batch == BATCH)
		flush(c);
}

/* The number of text s (1 on), added when new. */
static uint32_t string_of(struct counter *c, const char *s)
{
	size_t *found = strmap_get(&c->strings, s);
	if (found)
		return (uint32_t)*found;
	strmap_put(&c->strings, xstrdup(s), c->strings.n + 1, &found);
	return (uint32_t)*found;
}

/* The counter's number of a pack's string number sid (text s). */
static uint32_t pack_string(struct counter *c, const struct store_report_label *l, uint32_t sid, const char *s)
{
	if (l->dict != c->dict) {
		xgrow(&c->sid_gid, &c->sid_cap, l->dict_size ? l->dict_size : 1, sizeof(*c->sid_gid));
		memset(c->sid_gid, 0, c->sid_cap * sizeof(*c->sid_gid));
		c->dict = l->dict;
	}
	if (!c->sid_gid[sid])
		c->sid_gid[sid] = string_of(c, s);
	return c->sid_gid[sid];
}

/* The class of a pack's row: remembered by the pack's numbers of its
 * texts, which spares looking the texts up (a tenth of the time). */
static uint32_t pack_class(struct counter *c, const struct store_report_label *l)
{
	struct seen *e = &c->seen[(l->task_sid * 31 + l->field_sid * 7 + (uint32_t)l->unit +
				   (uint32_t)l->rater_id * 131 + (uint32_t)l->round_id * 17) % SEEN];
	if (e->cls && e->dict == l->dict && e->rater_id == l->rater_id && e->round_id == l->round_id &&
	    e->task_sid == l->task_sid && e->field_sid == l->field_sid && e->unit == (int)l->unit)
		return e->cls;
	struct klass k = { l->rater_id, l->round_id, pack_string(c, l, l->task_sid, l->task),
			   pack_string(c, l, l->field_sid, l->field), (int)l->unit };
	*e = (struct seen){ l->rater_id, l->round_id, l->dict, l->task_sid, l->field_sid, (int)l->unit,
			    class_of(c, &k) };
	return e->cls;
}

static int pack_row(const struct store_report_label *l, void *ctx)
{
	struct counter *c = ctx;
	count_row(c, l->turn_id, pack_class(c, l), l->unit_ref, l->value != NULL);
	return c->unfit;
}

/* A counter for rows label rows (there are as many units at most): as
 * many passes as keep its table within pass_slots, sized so that it does
 * not grow. */
static void counter_init(struct counter *c, int64_t rows, size_t pass_slots)
{
	memset(c, 0, sizeof(*c));
	c->batch = xmalloc(2 * BATCH * sizeof(*c->batch));
	int64_t per_pass = (int64_t)(pass_slots / 8 * 7);
	/* at most MAX_PASSES: past them the table grows (ids far apart make
	 * rows a bound far above the rows there are) */
	c->parts = rows > per_pass ? (uint32_t)((rows - 1) / per_pass + 1) : 1;
	if (c->parts > MAX_PASSES)
		c->parts = MAX_PASSES;
	int64_t part = rows / c->parts;
	c->cap = (size_t)(part < per_pass ? part : per_pass) / 7 * 8 + BATCH;
	c->slots = xcalloc(c->cap, 2 * sizeof(*c->slots));
}

/* Start a pass (the first again after a damaged pack). */
static void counter_pass(struct counter *c, uint32_t part, long labels)
{
	memset(c->slots, 0, c->cap * 2 * sizeof(*c->slots));
	c->part = part;
	c->labels = labels;
	c->rows = c->n = c->n_batch = 0;
}

/* The rows of the packs into c: *after the last label id they hold; -1
 * when a pack is damaged (the caller counts the table's rows instead). */
static int count_packs(struct store *s, struct counter *c, int64_t *after, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, STORE_LABEL_PACK_SELECT, "cannot count labels", err);
	int rc = SQLITE_DONE, stop = 0;
	uint32_t dict = 0;
	*after = 0;
	if (!st)
		return -1;   /* no packs to read: the rows */
	while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t last = sqlite3_column_int64(st, 0), first = sqlite3_column_int64(st, 1);
		const char *why = store_label_pack_row_problem(st, after);
		stop = why ? -1
			   : store_label_pack_rows(sqlite3_column_blob(st, 3), (size_t)sqlite3_column_bytes(st, 3),
						   first, last, sqlite3_column_int64(st, 2), ++dict, pack_row, c, &why);
	}
	if (!stop && rc != SQLITE_DONE) {
		store_fail(s, err, "cannot count labels");
		stop = -2;
	}
	sqlite3_finalize(st);
	return stop < 0 ? stop : 0;
}

/* The text of column i when it is a text without a NUL, else NULL. */
static const char *plain_text(sqlite3_stmt *st, int i)
{
	if (sqlite3_column_type(st, i) != SQLITE_TEXT)
		return NULL;
	const char *t = (const char *)sqlite3_column_text(st, i);
	return t && strlen(t) == (size_t)sqlite3_column_bytes(st, i) ? t : NULL;
}

/* One row of the table into c (columns as count_table selects them). */
static void table_row(struct counter *c, sqlite3_stmt *st)
{
	enum scheme_unit u;
	const char *task = plain_text(st, 3), *field = plain_text(st, 4), *unit = plain_text(st, 5);
	int round = sqlite3_column_type(st, 2);
	struct klass k = { sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2), 0, 0, 0 };
	if (sqlite3_column_type(st, 0) != SQLITE_INTEGER || sqlite3_column_type(st, 1) != SQLITE_INTEGER ||
	    sqlite3_column_type(st, 6) != SQLITE_INTEGER || !task || !field || !unit ||
	    scheme_unit_parse(unit, &u) != 0 || (round != SQLITE_NULL && (round != SQLITE_INTEGER || k.round_id <= 0))) {
		c->unfit = 1;   /* a NULL round and a round 0 would be one here */
		return;
	}
	k.task = string_of(c, task);
	k.field = string_of(c, field);
	k.unit = (int)u;
	count_row(c, sqlite3_column_int64(st, 0), class_of(c, &k), sqlite3_column_int64(st, 6),
		  sqlite3_column_int(st, 7));
}

/* The rows of the table after label id after into c. */
static enum status count_table(struct store *s, struct counter *c, int64_t after, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "SELECT turn_id, rater_id, round_id, task, field, unit, unit_ref, "
				      "value IS NOT NULL FROM label WHERE id > ?1 ORDER BY id",
				      "cannot count labels", err);
	int rc = SQLITE_DONE;
	if (!st)
		return err->status;
	sqlite3_bind_int64(st, 1, after);
	while (!c->unfit && (rc = sqlite3_step(st)) == SQLITE_ROW)
		table_row(c, st);
	flush(c);
	enum status ret = c->unfit || rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot count labels");
	sqlite3_finalize(st);
	return ret;
}

/* One pass: the packs and the rows after them into c, or every row when
 * *packs is 0 (set to 0 when a pack is damaged). */
static enum status count_pass(struct store *s, struct counter *c, uint32_t part, int *packs, struct error *err)
{
	long labels = c->labels;
	int64_t after = INT64_MIN;
	counter_pass(c, part, labels);
	int got = *packs ? count_packs(s, c, &after, err) : -1;
	if (got == -2)
		return err->status;
	if (got == -1 && *packs) {   /* a damaged pack: the rows themselves, all of them */
		counter_pass(c, part, labels);
		*packs = 0;
		after = INT64_MIN;
	}
	return c->unfit ? ST_OK : count_table(s, c, after, err);
}

/* The count of the packs and the rows after them; *labels -1 when a row
 * did not fit (the caller asks the SQL). */
static enum status count_rows(struct store *s, size_t pass_slots, long *labels, long *rows, struct error *err)
{
	struct counter c;
	int64_t estimate = 0;
	int packs = 1;   /* packs hold ids from 1: rows below are read from the table, all of them */
	/* the rows the packs say they hold and those after them, at most the
	 * span of the ids (a damaged pack's count is not believed) */
	sqlite3_stmt *q = store_prepare(s, "SELECT min((SELECT coalesce(sum(n), 0) FROM label_pack) + "
				     "(SELECT count(*) FROM label WHERE id > (SELECT coalesce(max(last_id), 0) FROM label_pack)), "
				     "coalesce((SELECT max(id) FROM label) - (SELECT min(id) FROM label) + 1, 0)), "
				     "coalesce((SELECT min(id) FROM label), 1)", "cannot count labels", err);
	if (q && sqlite3_step(q) == SQLITE_ROW) {
		estimate = sqlite3_column_int64(q, 0);
		packs = sqlite3_column_int64(q, 1) >= 1;
	}
	sqlite3_finalize(q);
	counter_init(&c, estimate, pass_slots);
	enum status st = ST_OK;
	for (uint32_t part = 0; st == ST_OK && !c.unfit && part < c.parts; part++) {
		st = count_pass(s, &c, part, &packs, err);
		if (part == 0)
			*rows = c.rows;
	}
	*labels = c.unfit ? -1 : c.labels;
	counter_release(&c);
	return st;
}

enum status store_label_counts(struct store *s, long *labels, long *rows, struct error *err)
{
	return store_label_counts_sized(s, PASS_SLOTS, labels, rows, err);
}

enum status store_label_counts_sized(struct store *s, size_t pass_slots, long *labels, long *rows,
				     struct error *err)
{
	/* the packs and the rows after them read in one transaction */
	int own = !s->tx_depth && sqlite3_get_autocommit(s->db) &&
		  sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK;
	enum status st = count_rows(s, pass_slots < 2 * BATCH ? 2 * BATCH : pass_slots, labels, rows, err);
	if (st == ST_OK && *labels < 0) {
		sqlite3_stmt *q = store_prepare(s, "SELECT count(*), (SELECT count(*) FROM label) FROM label l WHERE "
					     STORE_LABEL_IS_CURRENT " AND l.value IS NOT NULL", "cannot count labels", err);
		if (!q)
			st = err->status;
		else if (sqlite3_step(q) != SQLITE_ROW)
			st = store_fail(s, err, "cannot count labels");
		else {
			*labels = (long)sqlite3_column_int64(q, 0);
			*rows = (long)sqlite3_column_int64(q, 1);
		}
		sqlite3_finalize(q);
	}
	if (own)
		sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
	return st;
}
