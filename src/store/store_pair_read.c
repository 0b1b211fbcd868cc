/* store_pair_read.c - reading pairs: a rater's queue of pairs and the
 * preferences as rows for the statistics (store_pair.h). */
#include "store_internal.h"

#include "convqa/store_pair.h"

#include <stdlib.h>
#include <string.h>

void store_pair_item_read(sqlite3_stmt *st, void *row)
{
	struct store_pair_item *it = row;
	memset(it, 0, sizeof(*it));
	it->pair_id = sqlite3_column_int64(st, 0);
	it->turn_id = sqlite3_column_int64(st, 1);
	it->left = sqlite3_column_int64(st, 2);
	it->right = sqlite3_column_int64(st, 3);
	it->a_first = sqlite3_column_int(st, 4);
}

static void free_items(void *rows, size_t n)
{
	store_pair_items_free(rows, n);
}

/* The item of pair id in items sorted by pair id through by_id, or NULL. */
static struct store_pair_item *item_of(struct store_pair_item *items, const size_t *by_id, size_t n, int64_t id)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (items[by_id[mid]].pair_id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && items[by_id[lo]].pair_id == id ? &items[by_id[lo]] : NULL;
}

static const struct store_pair_item *sort_items;

static int cmp_by_pair(const void *a, const void *b)
{
	int64_t x = sort_items[*(const size_t *)a].pair_id, y = sort_items[*(const size_t *)b].pair_id;
	return x < y ? -1 : x > y;
}

static void set_text(char **slot, sqlite3_stmt *st, int col)
{
	free(*slot);
	*slot = sqlite3_column_type(st, col) == SQLITE_NULL ? NULL : xstrdup(store_col_text(st, col));
}

/* The rater's labels of the pairs of the round, oldest first: each row the
 * latest so far of its unit and field; its seconds add up. */
static enum status read_values(struct store *s, sqlite3_stmt *st, struct store_pair_item *items, size_t n,
			       const char *field, const char *text_field, struct error *err)
{
	size_t *by_id = xmalloc((n + 1) * sizeof(*by_id));
	for (size_t i = 0; i < n; i++)
		by_id[i] = i;
	sort_items = items;
	qsort(by_id, n, sizeof(*by_id), cmp_by_pair);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct store_pair_item *it = item_of(items, by_id, n, sqlite3_column_int64(st, 0));
		const char *f = store_col_text(st, 1);
		if (!it || !f)
			continue;
		it->seconds += sqlite3_column_double(st, 3);
		if (strcmp(f, field) == 0)
			set_text(&it->value, st, 2);
		else if (text_field && strcmp(f, text_field) == 0)
			set_text(&it->reason, st, 2);
	}
	free(by_id);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the labels of the pairs");
}

/* Two reads, however many pairs: the assignments (integers only), then the
 * rater's labels of pairs in the round (label_rater_id), so that a queue of
 * many pairs opens in the time of reading its ids. */
enum status store_pair_queue(struct store *s, int64_t round_id, int64_t rater_id, const char *task,
			     const char *field, const char *text_field, struct store_pair_item **out, size_t *n,
			     struct error *err)
{
	sqlite3_stmt *st = store_prepare(s,
		"SELECT pa.pair_id, p.turn_id, iif(pa.a_first, p.response_a, p.response_b), "
		"iif(pa.a_first, p.response_b, p.response_a), pa.a_first "
		"FROM pair_assignment pa JOIN pair p ON p.id = pa.pair_id WHERE pa.round_id = ?1 AND pa.rater_id = ?2 "
		"ORDER BY pa.seq", "cannot read the pairs", err);
	*out = NULL;
	*n = 0;
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, round_id);
	sqlite3_bind_int64(st, 2, rater_id);
	enum status ret = store_collect(s, st, out, n, sizeof(**out), store_pair_item_read, free_items, "cannot read the pairs",
					err);
	sqlite3_finalize(st);
	if (ret != ST_OK)
		return ret;
	st = store_prepare(s, "SELECT unit_ref, field, value, seconds FROM label WHERE rater_id = ?2 AND round_id = ?1 "
			   "AND task = ?3 AND unit = 'pair' ORDER BY id", "cannot read the labels of the pairs", err);
	if (st) {
		sqlite3_bind_int64(st, 1, round_id);
		sqlite3_bind_int64(st, 2, rater_id);
		store_bind_text(st, 3, task);
		ret = read_values(s, st, *out, *n, field, text_field, err);
		sqlite3_finalize(st);
	}
	if (!st || ret != ST_OK) {
		store_pair_items_free(*out, *n);
		*out = NULL;
		*n = 0;
		return st ? ret : ST_STORE;
	}
	return ST_OK;
}

void store_pair_items_free(struct store_pair_item *items, size_t n)
{
	for (size_t i = 0; items && i < n; i++) {
		free(items[i].value);
		free(items[i].reason);
		for (size_t j = 0; j < items[i].n_values; j++)
			free(items[i].values[j]);
		free(items[i].values);
	}
	free(items);
}

/* ---- preferences ------------------------------------------------------------- */

/* names[] of "SELECT id, name ... ORDER BY id", and their ids. */
static enum status read_names(struct store *s, const char *sql, char ***names, int64_t **ids, size_t *n,
			      struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, sql, "cannot read the names", err);
	size_t cap = 8;
	*names = NULL;
	*ids = NULL;
	*n = 0;
	if (!st)
		return ST_STORE;
	*names = xmalloc(cap * sizeof(**names));
	*ids = xmalloc(cap * sizeof(**ids));
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == cap) {
			cap *= 2;
			*names = xrealloc(*names, cap * sizeof(**names));
			*ids = xrealloc(*ids, cap * sizeof(**ids));
		}
		(*ids)[*n] = sqlite3_column_int64(st, 0);
		(*names)[(*n)++] = xstrdup(store_col_text(st, 1));
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the names");
}

static int index_of(const int64_t *ids, size_t n, int64_t id)
{
	for (size_t i = 0; i < n; i++)
		if (ids[i] == id)
			return (int)i;
	return -1;
}

static enum pref_winner winner_of(const char *v, int *ok)
{
	static const char *const names[] = { "a", "b", "tie", "both_bad" };
	for (int i = 0; i < 4; i++)
		if (v && strcmp(v, names[i]) == 0) {
			*ok = 1;
			return (enum pref_winner)i;
		}
	*ok = 0;
	return PREF_TIE;
}

struct prefs_reading {
	struct store_prefs *p;
	size_t cap;
	int64_t *system_ids, *rater_ids;
};

static struct pref_row *add_row(struct prefs_reading *r, sqlite3_stmt *st)
{
	struct store_prefs *p = r->p;
	if (p->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 64;
		p->rows = xrealloc(p->rows, r->cap * sizeof(*p->rows));
		p->conversations = xrealloc(p->conversations, r->cap * sizeof(*p->conversations));
	}
	struct pref_row *row = &p->rows[p->n];
	memset(row, 0, sizeof(*row));
	p->conversations[p->n++] = xstrdup(store_col_text(st, 1));
	row->conversation = p->conversations[p->n - 1];
	row->turn_id = sqlite3_column_int64(st, 0);
	row->depth = sqlite3_column_int(st, 2);
	row->sys_a = index_of(r->system_ids, p->n_systems, sqlite3_column_int64(st, 3));
	row->sys_b = index_of(r->system_ids, p->n_systems, sqlite3_column_int64(st, 4));
	row->field = p->field;
	row->rater = -1;
	row->a_first = -1;
	return row;
}

/* The side a preference outside rounds was judged on: the arena (convqa
 * chat --systems) keeps in each answer's metadata the side it was shown
 * on, A the left (top) one; a label outside rounds has no assignment. */
#define ARENA_A_FIRST \
	"iif(l.round_id IS NULL AND json_valid(ra.metadata), CASE json_extract(ra.metadata, '$.live.side') " \
	"WHEN 'A' THEN 1 WHEN 'B' THEN 0 END, NULL)"

static enum status read_labelled(struct store *s, struct prefs_reading *r, int64_t round_id, const char *task,
				 struct error *err)
{
	sqlite3_stmt *st = store_prepare(s,
		"SELECT l.turn_id, c.ext_id, t.position, ra.system_id, rb.system_id, l.rater_id, l.value, "
		"coalesce(pa.a_first, " ARENA_A_FIRST ", -1), (SELECT total(x.seconds) FROM label x WHERE x.turn_id = l.turn_id "
		"AND x.rater_id = l.rater_id AND x.round_id IS l.round_id AND x.task = l.task AND x.unit = 'pair' "
		"AND x.unit_ref = l.unit_ref) FROM label l JOIN pair p ON p.id = l.unit_ref "
		"JOIN response ra ON ra.id = p.response_a JOIN response rb ON rb.id = p.response_b "
		"JOIN turn t ON t.id = l.turn_id JOIN conversation c ON c.id = t.conversation_id "
		"LEFT JOIN pair_assignment pa ON pa.round_id = l.round_id AND pa.rater_id = l.rater_id "
		"AND pa.pair_id = p.id WHERE l.unit = 'pair' AND l.task = ?2 AND l.field = ?3 "
		"AND (?1 = 0 OR l.round_id = ?1) AND l.value IS NOT NULL AND pa.control IS NOT 1 AND " STORE_LABEL_IS_CURRENT
		" ORDER BY t.conversation_id, t.position, ra.system_id, rb.system_id, l.rater_id, l.id",
		"cannot read the preferences", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, round_id);
	store_bind_text(st, 2, task);
	store_bind_text(st, 3, r->p->field);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int ok;
		enum pref_winner w = winner_of(store_col_text(st, 6), &ok);
		if (!ok)
			continue;
		struct pref_row *row = add_row(r, st);
		row->rater = index_of(r->rater_ids, r->p->n_raters, sqlite3_column_int64(st, 5));
		row->winner = w;
		row->a_first = sqlite3_column_int(st, 7);
		row->seconds = sqlite3_column_double(st, 8);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the preferences");
}

static enum status read_same(struct store *s, struct prefs_reading *r, int64_t round_id, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s,
		"SELECT p.turn_id, c.ext_id, t.position, ra.system_id, rb.system_id FROM pair p "
		"JOIN response ra ON ra.id = p.response_a JOIN response rb ON rb.id = p.response_b "
		"JOIN turn t ON t.id = p.turn_id JOIN conversation c ON c.id = t.conversation_id "
		"WHERE EXISTS (SELECT 1 FROM pair_same ps WHERE ps.pair_id = p.id AND (?1 = 0 OR ps.round_id = ?1)) "
		"ORDER BY t.conversation_id, t.position, ra.system_id, rb.system_id",
		"cannot read the identical answers", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, round_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		add_row(r, st)->winner = PREF_SAME;
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the identical answers");
}

/* Whether the project has pairs at all: a preference is given on one, and
 * without this the labels' query walks a whole index of the labels. */
static enum status any_pair(struct store *s, int *any, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "SELECT EXISTS (SELECT 1 FROM pair)", "cannot read the pairs", err);
	if (!st)
		return ST_STORE;
	int rc = sqlite3_step(st);
	*any = rc == SQLITE_ROW && sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? ST_OK : store_fail(s, err, "cannot read the pairs");
}

/* Each rater's standing in the consensus (store_pair.h: rater_kind), in
 * the order of the names (by id). */
static enum status read_kinds(struct store *s, struct store_prefs *p, struct error *err)
{
	sqlite3_stmt *st = store_prepare(s, "SELECT role = 'adjudicator', trusted FROM rater ORDER BY id",
					 "cannot read the raters", err);
	if (!st)
		return ST_STORE;
	p->rater_kind = xcalloc(p->n_raters + 1, 1);
	int rc;
	for (size_t i = 0; (rc = sqlite3_step(st)) == SQLITE_ROW && i < p->n_raters; i++)
		p->rater_kind[i] = sqlite3_column_int(st, 0) ? PREFS_ADJUDICATOR :
				   sqlite3_column_int(st, 1) ? PREFS_RATER : PREFS_DISTRUSTED;
	sqlite3_finalize(st);
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? ST_OK : store_fail(s, err, "cannot read the raters");
}

enum status store_prefs_load(struct store *s, int64_t round_id, const char *task, const char *field,
			     struct store_prefs *out, struct error *err)
{
	int any = 0;
	struct prefs_reading r = { .p = out };
	memset(out, 0, sizeof(*out));
	out->field = xstrdup(field);
	enum status st = read_names(s, "SELECT id, name FROM system ORDER BY id", &out->systems, &r.system_ids,
				    &out->n_systems, err);
	if (st == ST_OK)
		st = read_names(s, "SELECT id, name FROM rater ORDER BY id", &out->raters, &r.rater_ids,
				&out->n_raters, err);
	if (st == ST_OK)
		st = read_kinds(s, out, err);
	if (st == ST_OK)
		st = any_pair(s, &any, err);
	if (st == ST_OK && any)
		st = read_labelled(s, &r, round_id, task, err);
	if (st == ST_OK && any)
		st = read_same(s, &r, round_id, err);
	free(r.system_ids);
	free(r.rater_ids);
	if (st != ST_OK)
		store_prefs_release(out);
	return st;
}

void store_prefs_release(struct store_prefs *p)
{
	for (size_t i = 0; i < p->n_systems; i++)
		free(p->systems[i]);
	for (size_t i = 0; i < p->n_raters; i++)
		free(p->raters[i]);
	for (size_t i = 0; i < p->n; i++)
		free(p->conversations[i]);
	free(p->systems);
	free(p->raters);
	free(p->rater_kind);
	free(p->conversations);
	free(p->rows);
	free(p->field);
	memset(p, 0, sizeof(*p));
}
