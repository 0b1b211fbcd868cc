/* store_queue.c - a rater's queue a window at a time (store_item.h:
 * store_queue_open): keyset pagination in the queue's order, so that the
 * first screen and each key cost the same on any size of project.
 *
 * The order is store_queue_load()'s: the items by turn key (conversation
 * row id, turn position; then system id), or by the assignment's seq in a
 * round; then each run of items of one turn (a "visit", counted from the
 * queue's start) put in the rater's order for that visit (order.h). The
 * window holds whole runs, so it knows the visit number of its first run
 * and orders its runs itself; it moves from its edges (forward or backward,
 * a statement that starts after or before the edge's key), from the
 * queue's start, or from a checkpoint, whichever is nearest: a walk
 * forward leaves one every QUEUE_STRIDE items (the item, its visit and
 * the key before it: 32 bytes), so that a jump far away costs a long walk
 * once and a short one after. */
#include <stdlib.h>
#include <string.h>

#include "convqa/order.h"
#include "convqa/store_item.h"
#include "store_internal.h"

enum {
	STMT_QUEUE_FWD = STMT_QUEUE__FIRST,
	STMT_QUEUE_BWD,
	STMT_QUEUE_ROUND_FWD,
	STMT_QUEUE_ROUND_BWD,
	STMT_QUEUE_ROUND_COUNT,
	STMT_QUEUE_ROUND_SYSTEMS,
	STMT_QUEUE__END,
};
_Static_assert(STMT_QUEUE__END <= STORE_STMT_SLOTS, "statement cache too small");

enum { QUEUE_STRIDE = 2048 };

/* A place a forward walk may start from: item pos begins a run, the
 * visit-th, after the row of key. */
struct checkpoint {
	size_t pos, visit;
	int64_t key[2];
};

struct queue_pager {
	int64_t rater_id, round_id;
	uint64_t seed;
	int64_t *systems;          /* the queue's system ids, sorted: a system's number */
	size_t n_systems;
	int64_t *done;             /* the finished items' response ids, sorted */
	size_t n_done, cap_done;
	int all_done;              /* the scheme asks nothing: every item is finished */
	size_t visit0, n_runs;     /* the visit of the window's first run; its runs */
	int64_t first_key[2], last_key[2];   /* the window's first and last rows' keys */
	size_t cap;                /* of the window's arrays */
	size_t most;               /* the most items held */
	struct checkpoint *marks;  /* by pos */
	size_t n_marks, cap_marks;
};

/* A walk from an anchor: the rows read, a run at a time, into the window
 * to be. */
struct walk {
	struct queue_pager *pg;
	int dir;                   /* 1 forward, -1 backward */
	int64_t prev_key[2];       /* forward: the key of the row before the next run */
	size_t pos, visit;         /* forward: the next run's first item and visit; backward:
				    * the item and visit after the next run */
	size_t target, limit;      /* the item the window must hold; the queue's size */
	int64_t *resp, *turn, *sys;
	size_t n, cap, runs, start_pos, start_visit;
	int64_t first_key[2], last_key[2];
};

/* One run being read: the rows of one turn, in the statement's order. */
struct run {
	int64_t *resp, *sys, turn;
	size_t n, cap;
	int64_t key_read_first[2], key_read_last[2];
};

static sqlite3_stmt *walk_stmt(struct store *s, const struct queue_pager *pg, int dir, struct error *err)
{
	if (pg->round_id && dir > 0)
		return store_stmt(s, STMT_QUEUE_ROUND_FWD,
				  "SELECT a.response_id, r.turn_id, r.system_id, a.seq, 0 FROM assignment a "
				  "JOIN response r ON r.id = a.response_id "
				  "WHERE a.round_id = ?3 AND a.rater_id = ?4 AND a.seq > ?1 AND ?2 IS NOT NULL "
				  "ORDER BY a.seq", err);
	if (pg->round_id)
		return store_stmt(s, STMT_QUEUE_ROUND_BWD,
				  "SELECT a.response_id, r.turn_id, r.system_id, a.seq, 0 FROM assignment a "
				  "JOIN response r ON r.id = a.response_id "
				  "WHERE a.round_id = ?3 AND a.rater_id = ?4 AND a.seq < ?1 AND ?2 IS NOT NULL "
				  "ORDER BY a.seq DESC", err);
	if (dir > 0)
		return store_stmt(s, STMT_QUEUE_FWD,
				  "SELECT r.id, r.turn_id, r.system_id, t.conversation_id, t.position FROM turn t "
				  "JOIN response r ON r.turn_id = t.id WHERE (t.conversation_id, t.position) > (?1, ?2) "
				  "AND ?3 IS NOT NULL AND ?4 IS NOT NULL "
				  "ORDER BY t.conversation_id, t.position, r.system_id", err);
	return store_stmt(s, STMT_QUEUE_BWD,
			  "SELECT r.id, r.turn_id, r.system_id, t.conversation_id, t.position FROM turn t "
			  "JOIN response r ON r.turn_id = t.id WHERE (t.conversation_id, t.position) < (?1, ?2) "
			  "AND ?3 IS NOT NULL AND ?4 IS NOT NULL "
			  "ORDER BY t.conversation_id DESC, t.position DESC, r.system_id DESC", err);
}

static void run_add(struct run *r, sqlite3_stmt *st)
{
	xgrow(&r->resp, &r->cap, r->n + 1, sizeof(*r->resp));
	size_t c = r->cap;
	r->sys = xrealloc(r->sys, c * sizeof(*r->sys));
	int64_t key[2] = { sqlite3_column_int64(st, 3), sqlite3_column_int64(st, 4) };
	if (!r->n) {
		r->turn = sqlite3_column_int64(st, 1);
		memcpy(r->key_read_first, key, sizeof(key));
	}
	memcpy(r->key_read_last, key, sizeof(key));
	r->resp[r->n] = sqlite3_column_int64(st, 0);
	r->sys[r->n] = sqlite3_column_int64(st, 2);
	r->n++;
}

/* Put run r into w's rows (backward: as read, to be reversed at the end). */
static void walk_keep(struct walk *w, const struct run *r)
{
	if (w->n + r->n > w->cap) {
		size_t c = w->cap;
		xgrow(&w->resp, &c, w->n + r->n, sizeof(*w->resp));
		w->turn = xrealloc(w->turn, c * sizeof(*w->turn));
		w->sys = xrealloc(w->sys, c * sizeof(*w->sys));
		w->cap = c;
	}
	for (size_t i = 0; i < r->n; i++) {
		w->resp[w->n + i] = r->resp[i];
		w->turn[w->n + i] = r->turn;
		w->sys[w->n + i] = r->sys[i];
	}
	if (w->dir > 0) {
		if (!w->n)
			memcpy(w->first_key, r->key_read_first, sizeof(w->first_key));
		memcpy(w->last_key, r->key_read_last, sizeof(w->last_key));
	} else {
		if (!w->n)
			memcpy(w->last_key, r->key_read_first, sizeof(w->last_key));
		memcpy(w->first_key, r->key_read_last, sizeof(w->first_key));
	}
	w->n += r->n;
	w->runs++;
}

/* A whole run read: skip it (far from the target) or keep it. 1 when the
 * window is full and holds the target. */
/* The last checkpoint at or before pos (NULL: none). */
static const struct checkpoint *mark_before(const struct queue_pager *pg, size_t pos)
{
	size_t lo = 0, hi = pg->n_marks;   /* the first mark after pos: lo */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (pg->marks[mid].pos <= pos)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? &pg->marks[lo - 1] : NULL;
}

/* A forward walk is at a run's start: a checkpoint when none is near. */
static void leave_mark(struct walk *w)
{
	struct queue_pager *pg = w->pg;
	const struct checkpoint *c = mark_before(pg, w->pos);
	if (w->pos < QUEUE_STRIDE || (c && c->pos + QUEUE_STRIDE > w->pos))
		return;
	size_t at = c ? (size_t)(c - pg->marks) + 1 : 0;
	xgrow(&pg->marks, &pg->cap_marks, pg->n_marks + 1, sizeof(*pg->marks));
	memmove(pg->marks + at + 1, pg->marks + at, (pg->n_marks - at) * sizeof(*pg->marks));
	pg->marks[at] = (struct checkpoint){ w->pos, w->visit, { w->prev_key[0], w->prev_key[1] } };
	pg->n_marks++;
}

static int walk_run(struct walk *w, const struct run *r)
{
	size_t half = STORE_QUEUE_WINDOW / 2;
	if (w->dir > 0) {
		size_t from = w->target > half ? w->target - half : 0;
		leave_mark(w);
		memcpy(w->prev_key, r->key_read_last, sizeof(w->prev_key));
		if (w->n == 0 && w->pos + r->n <= from) {
			w->pos += r->n;
			w->visit++;
			return 0;
		}
		if (!w->n) {
			w->start_pos = w->pos;
			w->start_visit = w->visit;
		}
		walk_keep(w, r);
		w->pos += r->n;
		w->visit++;
		return (w->n >= STORE_QUEUE_WINDOW && w->pos > w->target) || w->pos >= w->limit;
	}
	if (w->n == 0 && w->pos >= r->n && w->pos - r->n > w->target + half) {
		w->pos -= r->n;
		w->visit--;
		return 0;
	}
	walk_keep(w, r);
	w->pos -= r->n;
	w->visit--;
	w->start_pos = w->pos;
	w->start_visit = w->visit;
	return (w->n >= STORE_QUEUE_WINDOW && w->pos <= w->target) || w->pos == 0;
}

/* Read runs from the anchor key in w's direction until the window holds
 * w->target (or the queue ends). */
static enum status walk_rows(struct store *s, const struct queue_pager *pg, struct walk *w, const int64_t key[2],
			     struct error *err)
{
	sqlite3_stmt *st = walk_stmt(s, pg, w->dir, err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, key[0]);
	sqlite3_bind_int64(st, 2, key[1]);
	sqlite3_bind_int64(st, 3, pg->round_id);
	sqlite3_bind_int64(st, 4, pg->rater_id);
	struct run r = { 0 };
	enum status ret = ST_OK;
	for (;;) {
		int rc = sqlite3_step(st);
		if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
			ret = store_fail(s, err, "cannot read the queue");
			break;
		}
		if (rc == SQLITE_ROW && (!r.n || sqlite3_column_int64(st, 1) == r.turn)) {
			run_add(&r, st);
			continue;
		}
		if (r.n && walk_run(w, &r))
			break;
		r.n = 0;
		if (rc == SQLITE_DONE)
			break;
		run_add(&r, st);
	}
	sqlite3_reset(st);
	free(r.resp);
	free(r.sys);
	return ret;
}

static int cmp_id(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
	return (a > b) - (a < b);
}

static int is_done(const struct queue_pager *pg, int64_t id)
{
	return pg->all_done || (pg->n_done && bsearch(&id, pg->done, pg->n_done, sizeof(id), cmp_id));
}

/* Put each run of the window in the rater's order for its visit. */
static void order_window(struct store_queue *q, int64_t *sys)
{
	struct queue_pager *pg = q->pager;
	size_t *place = xcalloc(pg->n_systems + 1, sizeof(*place)), visit = pg->visit0;
	for (size_t i = 0; i < q->w_n; i++) {   /* system id -> its number */
		const int64_t *at = bsearch(&sys[i], pg->systems, pg->n_systems, sizeof(*sys), cmp_id);
		sys[i] = at ? at - pg->systems : 0;
	}
	for (size_t i = 0; i < q->w_n; visit++) {
		size_t j = i + 1;
		while (j < q->w_n && q->turns[j] == q->turns[i])
			j++;
		order_visit(pg->seed, pg->n_systems, visit, place);
		for (size_t k = i + 1; k < j; k++) {   /* a run is a turn's few answers */
			int64_t r = q->responses[k], sy = sys[k];
			size_t at = k;
			for (; at > i && place[sys[at - 1]] > place[sy]; at--) {
				q->responses[at] = q->responses[at - 1];
				sys[at] = sys[at - 1];
			}
			q->responses[at] = r;
			sys[at] = sy;
		}
		i = j;
	}
	free(place);
}

/* Make w's rows the window. */
static void take_window(struct store_queue *q, struct walk *w)
{
	struct queue_pager *pg = q->pager;
	if (w->dir < 0)
		for (size_t i = 0, j = w->n; i + 1 < j; i++, j--) {
			int64_t t;
			t = w->resp[i], w->resp[i] = w->resp[j - 1], w->resp[j - 1] = t;
			t = w->turn[i], w->turn[i] = w->turn[j - 1], w->turn[j - 1] = t;
			t = w->sys[i], w->sys[i] = w->sys[j - 1], w->sys[j - 1] = t;
		}
	free(q->responses);
	free(q->turns);
	free(q->finished);
	q->responses = w->resp;
	q->turns = w->turn;
	q->lo = w->start_pos;
	q->w_n = w->n;
	q->finished = xcalloc(w->n ? w->n : 1, 1);
	pg->visit0 = w->start_visit;
	pg->n_runs = w->runs;
	memcpy(pg->first_key, w->first_key, sizeof(pg->first_key));
	memcpy(pg->last_key, w->last_key, sizeof(pg->last_key));
	order_window(q, w->sys);
	for (size_t i = 0; i < q->w_n; i++)
		q->finished[i] = (unsigned char)is_done(pg, q->responses[i]);
	if (q->w_n > pg->most)
		pg->most = q->w_n;
	free(w->sys);
}

enum status store_queue_seek(struct store *s, struct store_queue *q, size_t pos, struct error *err)
{
	struct queue_pager *pg = q->pager;
	if (!pg || store_queue_has(q, pos) || pos >= q->n)
		return ST_OK;
	static const int64_t start[2] = { INT64_MIN, INT64_MIN };
	struct walk w = { .pg = pg, .dir = 1, .target = pos, .limit = q->n };
	const int64_t *key = start;
	const struct checkpoint *c = mark_before(pg, pos);
	if (c) {   /* the nearest place before pos to walk forward from */
		w.pos = c->pos;
		w.visit = c->visit;
		key = c->key;
	}
	if (q->w_n && pos >= q->lo + q->w_n && q->lo + q->w_n >= w.pos) {
		w.pos = q->lo + q->w_n;
		w.visit = pg->visit0 + pg->n_runs;
		key = pg->last_key;
	} else if (q->w_n && pos < q->lo && q->lo - pos < pos - w.pos) {
		w.dir = -1;
		w.pos = q->lo;
		w.visit = pg->visit0;
		key = pg->first_key;
	}
	memcpy(w.prev_key, key, sizeof(w.prev_key));
	enum status ret = walk_rows(s, pg, &w, key, err);
	if (ret == ST_OK && w.n && store_queue_has(&(struct store_queue){ .lo = w.start_pos, .w_n = w.n }, pos)) {
		take_window(q, &w);
		return ST_OK;
	}
	free(w.resp);
	free(w.turn);
	free(w.sys);
	if (ret == ST_OK)
		ret = error_set(err, ST_STORE, "the queue changed while it was open: start again");
	return ret;
}

/* n (the queue's items) and the queue's systems, sorted. */
static enum status queue_size(struct store *s, struct store_queue *q, struct error *err)
{
	struct queue_pager *pg = q->pager;
	if (!pg->round_id)
		return store_responses_queue(s, &q->n, &pg->systems, &pg->n_systems, err);
	sqlite3_stmt *st = store_stmt(s, STMT_QUEUE_ROUND_COUNT,
				      "SELECT count(*) FROM assignment WHERE round_id = ?1 AND rater_id = ?2", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, pg->round_id);
	sqlite3_bind_int64(st, 2, pg->rater_id);
	int rc = sqlite3_step(st);
	q->n = rc == SQLITE_ROW ? (size_t)sqlite3_column_int64(st, 0) : 0;
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return store_fail(s, err, "cannot count the queue");
	st = store_stmt(s, STMT_QUEUE_ROUND_SYSTEMS,
			"SELECT s.id FROM system s WHERE EXISTS (SELECT 1 FROM assignment a "
			"JOIN response r ON r.id = a.response_id WHERE a.round_id = ?1 AND a.rater_id = ?2 "
			"AND r.system_id = s.id) ORDER BY s.id", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, pg->round_id);
	sqlite3_bind_int64(st, 2, pg->rater_id);
	size_t cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(&pg->systems, &cap, pg->n_systems + 1, sizeof(*pg->systems));
		pg->systems[pg->n_systems++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the queue's systems");
}

enum status store_queue_open(struct store *s, int64_t rater_id, const char *rater, int64_t round_id,
			     const struct scheme *sc, struct store_queue *q, struct error *err)
{
	memset(q, 0, sizeof(*q));
	struct queue_pager *pg = q->pager = xcalloc(1, sizeof(*pg));
	pg->rater_id = rater_id;
	pg->round_id = round_id;
	enum status ret = store_queue_seed(s, rater, round_id, &pg->seed, err);
	if (ret == ST_OK)
		ret = queue_size(s, q, err);
	if (ret == ST_OK)
		ret = store_queue_finished_ids(s, rater_id, round_id, sc, &pg->done, &pg->n_done, &pg->all_done, err);
	pg->cap_done = pg->n_done;
	q->n_finished = pg->all_done ? q->n : pg->n_done < q->n ? pg->n_done : q->n;
	if (ret == ST_OK)
		ret = store_queue_seek(s, q, 0, err);
	if (ret != ST_OK)
		store_queue_release(q);
	return ret;
}

int store_queue_has(const struct store_queue *q, size_t pos)
{
	return pos >= q->lo && pos - q->lo < q->w_n;
}

int64_t store_queue_response(const struct store_queue *q, size_t pos)
{
	return store_queue_has(q, pos) ? q->responses[pos - q->lo] : 0;
}

int64_t store_queue_turn(const struct store_queue *q, size_t pos)
{
	return store_queue_has(q, pos) ? q->turns[pos - q->lo] : 0;
}

int store_queue_finished(const struct store_queue *q, size_t pos)
{
	return store_queue_has(q, pos) && q->finished[pos - q->lo];
}

void store_queue_set_finished(struct store_queue *q, size_t pos, int now)
{
	if (!store_queue_has(q, pos))
		return;
	int was = q->finished[pos - q->lo];
	q->finished[pos - q->lo] = (unsigned char)(now != 0);
	struct queue_pager *pg = q->pager;
	if (pg && !pg->all_done && was != (now != 0)) {
		int64_t id = q->responses[pos - q->lo];
		size_t at = 0;
		while (at < pg->n_done && pg->done[at] < id)
			at++;
		if (now) {
			xgrow(&pg->done, &pg->cap_done, pg->n_done + 1, sizeof(*pg->done));
			memmove(pg->done + at + 1, pg->done + at, (pg->n_done - at) * sizeof(*pg->done));
			pg->done[at] = id;
			pg->n_done++;
		} else if (at < pg->n_done && pg->done[at] == id) {
			memmove(pg->done + at, pg->done + at + 1, (pg->n_done - at - 1) * sizeof(*pg->done));
			pg->n_done--;
		}
	}
	q->n_finished = q->n_finished - (size_t)(was != 0) + (size_t)(now != 0);
}

enum status store_queue_next_unfinished(struct store *s, struct store_queue *q, size_t from, size_t *pos,
					struct error *err)
{
	*pos = q->n;
	if (q->n_finished >= q->n)
		return ST_OK;
	for (size_t p = from; p < q->n;) {
		enum status ret = store_queue_seek(s, q, p, err);
		if (ret != ST_OK)
			return ret;
		for (; p < q->lo + q->w_n; p++)
			if (!q->finished[p - q->lo]) {
				*pos = p;
				return ST_OK;
			}
	}
	return ST_OK;
}

enum status store_queue_find(struct store *s, struct store_queue *q, int64_t response_id, size_t *pos,
			     struct error *err)
{
	*pos = SIZE_MAX;
	for (size_t i = 0; i < q->w_n; i++)
		if (q->responses[i] == response_id) {
			*pos = q->lo + i;
			return ST_OK;
		}
	for (size_t p = 0; q->pager && p < q->n;) {   /* the queue from its start */
		enum status ret = store_queue_seek(s, q, p, err);
		if (ret != ST_OK)
			return ret;
		for (; p < q->lo + q->w_n; p++)
			if (q->responses[p - q->lo] == response_id) {
				*pos = p;
				return ST_OK;
			}
	}
	return ST_OK;
}

size_t store_queue_resident(const struct store_queue *q, size_t *most)
{
	if (most)
		*most = q->pager ? q->pager->most : q->w_n;
	return q->w_n;
}

void store_queue_place(const struct store_queue *q, size_t pos, int *index, int *n)
{
	*index = *n = 0;
	if (!store_queue_has(q, pos))
		return;
	const int64_t *t = q->turns, *r = q->responses;
	size_t p = pos - q->lo, start = p, end = p + 1;
	while (start > 0 && t[start - 1] == t[p])
		start--;
	while (end < q->w_n && t[end] == t[p])
		end++;
	for (size_t i = start; i < end; i++) {
		size_t k = start;
		while (k < i && r[k] != r[i])
			k++;
		if (k < i)
			continue;   /* seen before in the run */
		++*n;
		if (r[i] == r[p])
			*index = *n;
	}
}

void store_queue_release(struct store_queue *q)
{
	if (q->pager) {
		free(q->pager->systems);
		free(q->pager->done);
		free(q->pager->marks);
		free(q->pager);
	}
	free(q->responses);
	free(q->turns);
	free(q->finished);
	memset(q, 0, sizeof(*q));
}
