/* store_item.c - the annotation UI's queries: queue, item, labels, summary. */
#include "convqa/store_item.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/order.h"
#include "convqa/strbuf.h"
#include "convqa/strmap.h"
#include "convqa/text.h"
#include "store_internal.h"

/* This module's statement cache slots (store_internal.h leaves the rest). */
enum {
	STMT_ITEM_QUEUE = STMT__FIRST_FREE,
	STMT_ITEM_QUEUE_ROUND,
	STMT_ITEM_ROUND_SEED,
	STMT_ITEM_CURRENT,
	STMT_ITEM_ANSWERS,
	STMT_ITEM_RANKINGS,
	STMT_ITEM_LOAD,
	STMT_ITEM_PASSAGES,
	STMT_ITEM_HISTORY,
	STMT_ITEM_LABELS,
	STMT_ITEM_CHANGES,
	STMT_ITEM_CHANGES_SINCE,
	STMT_ITEM_CHANGE,
	STMT_ITEM_MEMBER,
	STMT_ITEM__END,
};
_Static_assert(STMT_ITEM__END <= STMT_QUEUE__FIRST, "statement cache too small");

static char *dup_col(sqlite3_stmt *st, int i)
{
	const char *t = store_col_text(st, i);
	return t ? xstrdup(t) : NULL;
}

/* ---- current labels ------------------------------------------------- */

/* A unit's current label: the latest of the rater's rows for it (each row
 * replaces the value before; value NULL = cleared). */
struct unit_label {
	int64_t turn_id, unit_ref;
	const char *field, *unit, *value;
};

typedef enum status (*unit_label_fn)(const struct unit_label *u, void *ctx, struct error *err);

/* The row read last, kept until the next row tells whether it was its
 * unit's latest. */
struct last_row {
	struct unit_label u;
	struct strbuf field, unit, value;
	int full;
};

static void read_row(sqlite3_stmt *st, struct unit_label *u)
{
	const char *field = store_col_text(st, 2), *unit = store_col_text(st, 3);
	u->turn_id = sqlite3_column_int64(st, 0);
	u->unit_ref = sqlite3_column_int64(st, 1);
	u->field = field ? field : "";
	u->unit = unit ? unit : "";
	u->value = store_col_text(st, 4);
}

static int same_unit(const struct unit_label *a, const struct unit_label *b)
{
	return a->turn_id == b->turn_id && a->unit_ref == b->unit_ref && strcmp(a->field, b->field) == 0 &&
	       strcmp(a->unit, b->unit) == 0;
}

static void keep_row(struct last_row *k, const struct unit_label *u)
{
	strbuf_reset(&k->field);
	strbuf_adds(&k->field, u->field);
	strbuf_reset(&k->unit);
	strbuf_adds(&k->unit, u->unit);
	strbuf_reset(&k->value);
	if (u->value)
		strbuf_adds(&k->value, u->value);
	k->u = (struct unit_label){ u->turn_id, u->unit_ref, strbuf_str(&k->field), strbuf_str(&k->unit),
				    u->value ? strbuf_str(&k->value) : NULL };
	k->full = 1;
}

/* *sum += x, keeping in *lost what rounding dropped (Neumaier's
 * compensated sum, as SQLite's total() since 3.43): the rows come in unit
 * order, not id order, and the total should not depend on it. */
static void add_compensated(double *sum, double *lost, double x)
{
	double t = *sum + x;
	*lost += fabs(*sum) >= fabs(x) ? (*sum - t) + x : (x - t) + *sum;
	*sum = t;
}

/* Call fn with the current label of each unit rater_id judged in round_id
 * (0: outside any round) and task (of turn only, unless it is 0), by turn
 * (ascending), then field, unit
 * and unit ref; fn failing stops. *seconds (may be NULL) gets the active
 * seconds of all the rows read, earlier values too.
 *
 * One pass over the rater's rows in unit order, so that a unit's latest row
 * is the last of its run, and nothing is held but one row. The index
 * label_rater_unit (store_migrate.c, schema 4) makes the pass one range of it: no
 * sort, no table row, no row of another rater.
 * (Grouping by unit in SQL, or searching each row's unit for a later row,
 * took seconds on a project of millions of rows.) */
static enum status current_labels_each(struct store *s, int64_t rater_id, int64_t round_id, const char *task,
				       int64_t turn, unit_label_fn fn, void *ctx, double *seconds, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_ITEM_CURRENT,
				      "SELECT l.turn_id, l.unit_ref, l.field, l.unit, l.value, l.seconds FROM label l "
				      "WHERE l.rater_id = ?1 AND l.round_id IS ?2 AND l.task = ?3 "
				      "AND l.turn_id BETWEEN ?4 AND ?5 "
				      "ORDER BY l.turn_id, l.field, l.unit, l.unit_ref, l.id", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, rater_id);
	store_bind_id(st, 2, round_id);
	store_bind_text(st, 3, task);
	sqlite3_bind_int64(st, 4, turn ? turn : INT64_MIN);
	sqlite3_bind_int64(st, 5, turn ? turn : INT64_MAX);
	struct last_row k = { .field = STRBUF_INIT, .unit = STRBUF_INIT, .value = STRBUF_INIT };
	enum status ret = ST_OK;
	double sum = 0, lost = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct unit_label u;
		read_row(st, &u);
		add_compensated(&sum, &lost, sqlite3_column_double(st, 5));
		if (k.full && !same_unit(&k.u, &u) && (ret = fn(&k.u, ctx, err)) != ST_OK)
			break;
		keep_row(&k, &u);
	}
	if (ret == ST_OK && rc != SQLITE_DONE)
		ret = store_fail(s, err, "cannot read labels");
	if (ret == ST_OK && k.full)
		ret = fn(&k.u, ctx, err);
	sqlite3_reset(st);
	strbuf_release(&k.field);
	strbuf_release(&k.unit);
	strbuf_release(&k.value);
	if (seconds)
		*seconds = sum + lost;
	return ret;
}

/* ---- queue ------------------------------------------------------------ */

static int cmp_int64(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
	return (a > b) - (a < b);
}

struct id_pos {
	int64_t id;
	size_t pos;
};

static int cmp_id_pos(const void *a, const void *b)
{
	int64_t x = ((const struct id_pos *)a)->id, y = ((const struct id_pos *)b)->id;
	return x < y ? -1 : x > y;
}

/* How an item sees a unit's labels, as SQL over label (or a selection of
 * it) l and response r of the same turn: the rank of a pooled passage in
 * r's ranking (rt), and whether the unit is r's at all. */
#define UNIT_JOIN \
	"LEFT JOIN retrieved rt ON l.unit = 'passage' AND rt.response_id = r.id AND rt.passage_id = l.unit_ref "
#define UNIT_IS_ITEMS \
	"(l.unit = 'turn' OR (l.unit = 'response' AND l.unit_ref = r.id) " \
	"OR (l.unit = 'passage' AND rt.rank IS NOT NULL) " \
	"OR (l.unit = 'answer' AND l.unit_ref = convqa_answer_key(r.answer)))"

/* Whether sc asks nothing of any item: it has no required field. */
static int asks_nothing(const struct scheme *sc)
{
	for (size_t i = 0; i < sc->n_fields; i++)
		if (sc->fields[i].required)
			return 0;
	return 1;
}

/* Whether an item with no labels may be finished under sc: when every
 * required field may go unasked (skipped for an empty answer) or is asked
 * per passage (an item may have none). */
static int may_finish_unlabelled(const struct scheme *sc)
{
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct scheme_field *f = &sc->fields[i];
		if (f->required && !f->skip_when_empty && f->unit != UNIT_PASSAGE)
			return 0;
	}
	return 1;
}

/* Whether sc has a required field judging unit u. */
static int requires_unit(const struct scheme *sc, enum scheme_unit u)
{
	for (size_t i = 0; i < sc->n_fields; i++)
		if (sc->fields[i].required && sc->fields[i].unit == u)
			return 1;
	return 0;
}

static struct store_item_label *find_label(const struct store_item_labels *l, const char *field, long rank);

/* Put row st (field, rank, value, unit, the response it was given on when
 * another) into l when it is a field of sc judging that unit. */
static void put_row(struct store_item_labels *l, const struct scheme *sc, sqlite3_stmt *st)
{
	const struct scheme_field *f = scheme_field_find(sc, store_col_text(st, 0));
	const char *unit = store_col_text(st, 3);
	if (!f || !unit || strcmp(scheme_unit_name(f->unit), unit) != 0)
		return;
	long rank = (long)sqlite3_column_int64(st, 1);
	store_item_labels_put(l, f, rank, store_col_text(st, 2));
	find_label(l, f->name, rank)->given_on = sqlite3_column_int64(st, 4);   /* where it was given */
}

/* A current label of a required field, kept while its turn is checked. */
struct turn_label {
	const struct scheme_field *f;
	int64_t unit_ref;
	char *value;
};

/* A ranked passage of an item being checked. */
struct rank_passage {
	long rank;
	int64_t passage_id;
};

/* An item of the queue, as much of it as tells which units are its. */
struct check_item {
	size_t pos;                /* in the queue */
	int64_t id;
	int empty;                 /* text_blank(answer): the UI shows "(empty answer)" */
	int64_t answer_key;        /* store_answer_key(answer), when labels of answers need it */
	size_t first, n_passages;  /* its passages in check->passages */
};

/* Checking the queue's items turn by turn: the rater's current labels
 * (current_labels_each(), by turn) merged with the items' answers and
 * rankings (st, by turn too). Only one turn is held at a time. */
struct check {
	struct store *s;
	const struct scheme *sc;
	struct store_queue *q;       /* the queue whose flags are set; NULL: done[] gets the ids */
	struct id_pos *index;        /* q's response ids, sorted (with q) */
	sqlite3_stmt *member;        /* without q: whether a response is the rater's in the round
				      * (NULL: every response is in the queue) */
	int64_t *done;               /* without q: the finished items' response ids */
	size_t n_done, cap_done;
	sqlite3_stmt *st;            /* the answers (and rankings) by turn, from turn ?1 */
	int rc;                      /* st's last step; 0 before the first */
	int rankings;                /* st reads rankings: sc requires a passage unit */
	int all;                     /* check every item, labelled or not */
	int64_t only_turn;           /* check this turn's items only (0: every turn's) */
	int64_t turn;                /* the turn of labels[] */
	struct turn_label *labels;
	size_t n_labels, cap_labels;
	int answer_labels;           /* labels[] has answer units */
	struct check_item *items;
	size_t n_items, cap_items;
	struct rank_passage *passages;
	size_t n_passages, cap_passages;
	struct store_item_labels l;
};

static void clear_labels(struct check *c)
{
	for (size_t i = 0; i < c->n_labels; i++)
		free(c->labels[i].value);
	c->n_labels = 0;
	c->answer_labels = 0;
}

/* Whether response id is an item of the queue checked, and where (*pos,
 * when the queue is held). */
static int in_queue(struct check *c, int64_t id, size_t *pos)
{
	if (c->index) {
		struct id_pos k = { id, 0 };
		const struct id_pos *hit = bsearch(&k, c->index, c->q->n, sizeof(*c->index), cmp_id_pos);
		*pos = hit ? hit->pos : 0;
		return hit != NULL;
	}
	if (!c->member)
		return 1;
	sqlite3_reset(c->member);
	sqlite3_bind_int64(c->member, 3, id);
	int in = sqlite3_step(c->member) == SQLITE_ROW;
	sqlite3_reset(c->member);
	return in;
}

/* Item it is finished. */
static void put_finished(struct check *c, const struct check_item *it)
{
	if (c->q) {
		c->q->finished[it->pos] = 1;
		c->q->n_finished++;
		return;
	}
	xgrow(&c->done, &c->cap_done, c->n_done + 1, sizeof(*c->done));
	c->done[c->n_done++] = it->id;
}

/* Read st's rows of its current turn: the items of it in the queue, with
 * their passages, and their answer keys when key is set. */
static void read_items(struct check *c, int key)
{
	int64_t turn = sqlite3_column_int64(c->st, 0), last = 0;
	struct check_item *it = NULL;
	c->n_items = c->n_passages = 0;
	do {
		int64_t id = sqlite3_column_int64(c->st, 1);
		if (id != last) {
			size_t pos = 0;
			const char *answer = store_col_text(c->st, 2);
			answer = answer ? answer : "";
			it = NULL;
			last = id;
			if (in_queue(c, id, &pos)) {
				xgrow(&c->items, &c->cap_items, c->n_items + 1, sizeof(*c->items));
				it = &c->items[c->n_items++];
				*it = (struct check_item){ pos, id, text_blank(answer, strlen(answer)),
							   key ? store_answer_key(answer) : 0, c->n_passages, 0 };
			}
		}
		if (it && c->rankings && sqlite3_column_type(c->st, 3) != SQLITE_NULL) {
			xgrow(&c->passages, &c->cap_passages, c->n_passages + 1, sizeof(*c->passages));
			c->passages[c->n_passages++] = (struct rank_passage){
				(long)sqlite3_column_int64(c->st, 3), sqlite3_column_int64(c->st, 4) };
			it->n_passages++;
		}
	} while ((c->rc = sqlite3_step(c->st)) == SQLITE_ROW && sqlite3_column_int64(c->st, 0) == turn);
}

/* Put the first n of c's labels that judge a unit of item it into c->l, as
 * store_item_labels_load() would read them for it. */
static void item_labels(struct check *c, const struct check_item *it, size_t n)
{
	const struct rank_passage *p = c->passages + it->first;
	for (size_t i = 0; i < c->l.n; i++)
		free(c->l.v[i].value);
	c->l.n = 0;
	for (size_t i = 0; i < n; i++) {
		const struct turn_label *u = &c->labels[i];
		switch (u->f->unit) {
		case UNIT_PASSAGE:
			for (size_t j = 0; j < it->n_passages; j++)
				if (p[j].passage_id == u->unit_ref)
					store_item_labels_put(&c->l, u->f, p[j].rank, u->value);
			break;
		case UNIT_RESPONSE:
			if (u->unit_ref == it->id)
				store_item_labels_put(&c->l, u->f, 0, u->value);
			break;
		case UNIT_ANSWER:
			if (u->unit_ref == it->answer_key)
				store_item_labels_put(&c->l, u->f, 0, u->value);
			break;
		case UNIT_TURN:
		default:
			store_item_labels_put(&c->l, u->f, 0, u->value);
			break;
		}
	}
}

/* Run c->st from the first turn at or after turn. */
static void seek_turn(struct check *c, int64_t turn)
{
	sqlite3_reset(c->st);
	sqlite3_bind_int64(c->st, 1, turn);
	c->rc = sqlite3_step(c->st);
}

/* Check the items of every turn up to c->turn: c->labels are c->turn's,
 * the turns before it have no labels of the rater. An item is finished
 * when store_item_n_missing() is 0, as the UI counts it item by item.
 * Unless every item is checked, the turns between two labelled ones are
 * skipped by a search rather than read, so that few labels cost little
 * on a large project. */
static enum status check_turns(struct check *c, struct error *err)
{
	if (!c->all && (!c->rc || (c->rc == SQLITE_ROW && sqlite3_column_int64(c->st, 0) < c->turn)))
		seek_turn(c, c->turn);
	while (c->rc == SQLITE_ROW && sqlite3_column_int64(c->st, 0) <= c->turn) {
		size_t n = sqlite3_column_int64(c->st, 0) == c->turn ? c->n_labels : 0;
		read_items(c, n && c->answer_labels);
		for (size_t i = 0; i < c->n_items; i++) {
			const struct check_item *it = &c->items[i];
			item_labels(c, it, n);
			if (store_item_n_missing(c->sc, it->n_passages, it->empty, &c->l) == 0)
				put_finished(c, it);
		}
	}
	return c->rc == SQLITE_ROW || c->rc == SQLITE_DONE ? ST_OK : store_fail(c->s, err, "cannot read answers");
}

/* Keep current label u when it counts for c's scheme; a label of another
 * turn means that the labels of c->turn are all in: check up to it first
 * (a turn without labels that count has nothing to check but may wait
 * for the turns after it, unless every item is checked). */
static enum status check_label(const struct unit_label *u, void *ctx, struct error *err)
{
	struct check *c = ctx;
	if (u->turn_id != c->turn) {
		enum status ret = c->n_labels ? check_turns(c, err) : ST_OK;
		if (ret != ST_OK)
			return ret;
		clear_labels(c);
		c->turn = u->turn_id;
	}
	/* only required fields make an item finished */
	const struct scheme_field *f = scheme_field_find(c->sc, u->field);
	if (!f || !f->required || strcmp(scheme_unit_name(f->unit), u->unit) != 0)
		return ST_OK;
	xgrow(&c->labels, &c->cap_labels, c->n_labels + 1, sizeof(*c->labels));
	c->labels[c->n_labels++] = (struct turn_label){ f, u->unit_ref, u->value ? xstrdup(u->value) : NULL };
	c->answer_labels |= f->unit == UNIT_ANSWER;
	return ST_OK;
}

/* Check the items of c (its queue or its membership set by the caller):
 * one pass over the rater's current labels and one over the answers (with
 * their rankings when a passage unit is required), both by turn; answers
 * outside the queue (another round's) are skipped. */
static enum status run_check(struct check *c, int64_t rater_id, int64_t round_id, struct error *err)
{
	struct store *s = c->s;
	c->rankings = requires_unit(c->sc, UNIT_PASSAGE);
	c->all = may_finish_unlabelled(c->sc) && !c->only_turn;
	if (c->rankings)
		c->st = store_stmt(s, STMT_ITEM_RANKINGS,
				   "SELECT r.turn_id, r.id, r.answer, rt.rank, rt.passage_id FROM response r "
				   "LEFT JOIN retrieved rt ON rt.response_id = r.id WHERE r.turn_id >= ?1 "
				   "ORDER BY r.turn_id, r.system_id, rt.rank", err);
	else
		c->st = store_stmt(s, STMT_ITEM_ANSWERS,
				   "SELECT r.turn_id, r.id, r.answer FROM response r WHERE r.turn_id >= ?1 "
				   "ORDER BY r.turn_id", err);
	if (!c->st)
		return ST_STORE;
	if (c->all)
		seek_turn(c, INT64_MIN);
	enum status ret = current_labels_each(s, rater_id, round_id, c->sc->name, c->only_turn, check_label, c, NULL,
					      err);
	if (ret == ST_OK && c->n_labels)
		ret = check_turns(c, err);   /* the last labelled turn */
	if (ret == ST_OK && c->all) {
		clear_labels(c);
		c->turn = INT64_MAX;
		ret = check_turns(c, err);
	}
	sqlite3_reset(c->st);
	clear_labels(c);
	free(c->labels);
	free(c->items);
	free(c->passages);
	store_item_labels_release(&c->l);
	return ret;
}

/* Mark q's finished items, labelled or not (a scheme may ask nothing of an
 * empty answer): run_check() over q. */
static enum status mark_finished(struct store *s, int64_t rater_id, int64_t round_id,
				 const struct scheme *sc, struct store_queue *q, struct error *err)
{
	if (asks_nothing(sc)) {
		memset(q->finished, 1, q->n);
		q->n_finished = q->n;
		return ST_OK;
	}
	struct check c = { .s = s, .sc = sc, .q = q, .l = STORE_ITEM_LABELS_INIT };
	c.index = xmalloc((q->n ? q->n : 1) * sizeof(*c.index));
	for (size_t i = 0; i < q->n; i++)
		c.index[i] = (struct id_pos){ q->responses[i], i };
	qsort(c.index, q->n, sizeof(*c.index), cmp_id_pos);
	enum status ret = run_check(&c, rater_id, round_id, err);
	free(c.index);
	return ret;
}

int store_scheme_finishes(const struct scheme *sc)
{
	return asks_nothing(sc) ? 2 : may_finish_unlabelled(sc) ? 1 : 0;
}

enum status store_check_finished(struct store *s, int64_t rater_id, int64_t round_id, const struct scheme *sc,
				 int64_t turn, int64_t **ids, size_t *n, struct error *err)
{
	*ids = NULL;
	*n = 0;
	struct check c = { .s = s, .sc = sc, .only_turn = turn, .l = STORE_ITEM_LABELS_INIT };
	if (round_id) {
		c.member = store_stmt(s, STMT_ITEM_MEMBER, "SELECT 1 FROM assignment "
				      "WHERE round_id = ?1 AND rater_id = ?2 AND response_id = ?3", err);
		if (!c.member)
			return ST_STORE;
		sqlite3_bind_int64(c.member, 1, round_id);
		sqlite3_bind_int64(c.member, 2, rater_id);
	}
	enum status ret = run_check(&c, rater_id, round_id, err);
	if (ret != ST_OK) {
		free(c.done);
		return ret;
	}
	if (c.n_done)
		qsort(c.done, c.n_done, sizeof(*c.done), cmp_int64);
	*ids = c.done;
	*n = c.n_done;
	return ST_OK;
}

/* The seed of rater's orders in round_id (0: outside rounds): order_seed
 * of the round's seed. */
enum status store_queue_seed(struct store *s, const char *rater, int64_t round_id, uint64_t *seed,
			     struct error *err)
{
	int64_t base = 0;
	if (round_id) {
		sqlite3_stmt *st = store_stmt(s, STMT_ITEM_ROUND_SEED, "SELECT seed FROM round WHERE id = ?", err);
		if (!st)
			return ST_STORE;
		sqlite3_bind_int64(st, 1, round_id);
		int rc = sqlite3_step(st);
		if (rc == SQLITE_ROW)
			base = sqlite3_column_int64(st, 0);
		sqlite3_reset(st);
		if (rc != SQLITE_ROW && rc != SQLITE_DONE)
			return store_fail(s, err, "cannot read the round");
	}
	*seed = order_seed((uint64_t)base, rater);
	return ST_OK;
}


/* Put the answers of each visit of a turn in q (a run of items of one turn)
 * in the rater's order for that visit (order.h): the queue's systems
 * numbered by id, visits counted from the queue's start. systems[i] is
 * item i's system id (overwritten). */
static void order_queue(struct store_queue *q, int64_t *systems, uint64_t seed)
{
	int64_t *ids = xcalloc(q->n + 1, sizeof(*ids));
	size_t n_ids = 0;
	if (q->n) {
		memcpy(ids, systems, q->n * sizeof(*ids));
		qsort(ids, q->n, sizeof(*ids), cmp_int64);
	}
	for (size_t i = 0; i < q->n; i++)
		if (i == 0 || ids[i] != ids[i - 1])
			ids[n_ids++] = ids[i];
	for (size_t i = 0; i < q->n; i++)   /* system id -> its number */
		systems[i] = (const int64_t *)bsearch(&systems[i], ids, n_ids, sizeof(*ids), cmp_int64) - ids;
	size_t *place = xcalloc(n_ids + 1, sizeof(*place)), visit = 0;
	for (size_t i = 0; i < q->n; visit++) {
		size_t j = i + 1;
		while (j < q->n && q->turns[j] == q->turns[i])
			j++;
		order_visit(seed, n_ids, visit, place);
		/* insertion sort of the run by place: a run is a turn's few answers */
		for (size_t k = i + 1; k < j; k++) {
			int64_t r = q->responses[k], sy = systems[k];
			size_t at = k;
			for (; at > i && place[systems[at - 1]] > place[sy]; at--) {
				q->responses[at] = q->responses[at - 1];
				systems[at] = systems[at - 1];
			}
			q->responses[at] = r;
			systems[at] = sy;
		}
		i = j;
	}
	free(place);
	free(ids);
}

enum status store_queue_load(struct store *s, int64_t rater_id, const char *rater, int64_t round_id,
			     const struct scheme *sc, struct store_queue *q, struct error *err)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	uint64_t seed = 0;
	memset(q, 0, sizeof(*q));
	enum status ret = store_queue_seed(s, rater, round_id, &seed, err);
	if (ret != ST_OK)
		return ret;
	if (round_id) {
		st = store_stmt(s, STMT_ITEM_QUEUE_ROUND,
				"SELECT a.response_id, r.turn_id, r.system_id FROM assignment a "
				"JOIN response r ON r.id = a.response_id "
				"WHERE a.round_id = ? AND a.rater_id = ? ORDER BY a.seq", err);
		if (!st)
			return ST_STORE;
		sqlite3_bind_int64(st, 1, round_id);
		sqlite3_bind_int64(st, 2, rater_id);
	} else {
		st = store_stmt(s, STMT_ITEM_QUEUE,
				"SELECT r.id, r.turn_id, r.system_id FROM response r "
				"JOIN turn t ON t.id = r.turn_id "
				"ORDER BY t.conversation_id, t.position, r.system_id", err);
		if (!st)
			return ST_STORE;
	}
	int64_t *systems = NULL;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (q->n == cap) {
			size_t c1 = cap, c2 = cap, c3 = cap;
			xgrow(&q->responses, &c1, q->n + 1, sizeof(*q->responses));
			xgrow(&q->turns, &c2, q->n + 1, sizeof(*q->turns));
			xgrow(&systems, &c3, q->n + 1, sizeof(*systems));
			cap = c1;
		}
		q->responses[q->n] = sqlite3_column_int64(st, 0);
		q->turns[q->n] = sqlite3_column_int64(st, 1);
		systems[q->n] = sqlite3_column_int64(st, 2);
		q->n++;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE) {
		free(systems);
		store_queue_release(q);
		return store_fail(s, err, "cannot read the queue");
	}
	order_queue(q, systems, seed);
	free(systems);
	q->w_n = q->n;
	q->finished = xcalloc(q->n ? q->n : 1, 1);
	ret = mark_finished(s, rater_id, round_id, sc, q, err);
	if (ret != ST_OK)
		store_queue_release(q);
	return ret;
}

int store_item_read_only(struct store *s)
{
	return sqlite3_db_readonly(s->db, "main") == 1;
}

/* ---- item --------------------------------------------------------------- */

static enum status load_passages(struct store *s, struct store_item *it, struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_ITEM_PASSAGES,
				      "SELECT rt.rank, p.ext_id, p.title, p.text, rt.score FROM retrieved rt "
				      "JOIN passage p ON p.id = rt.passage_id WHERE rt.response_id = ? "
				      "ORDER BY rt.rank", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, it->response_id);
	size_t cap = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(&it->passages, &cap, it->n_passages + 1, sizeof(*it->passages));
		struct store_item_passage *p = &it->passages[it->n_passages++];
		p->rank = (long)sqlite3_column_int64(st, 0);
		p->ext_id = dup_col(st, 1);
		p->title = dup_col(st, 2);
		p->text = dup_col(st, 3);
		p->has_score = sqlite3_column_type(st, 4) != SQLITE_NULL;
		p->score = p->has_score ? sqlite3_column_double(st, 4) : 0;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read passages");
}

static enum status load_history(struct store *s, struct store_item *it, int64_t conversation_id,
				struct error *err)
{
	sqlite3_stmt *st = store_stmt(s, STMT_ITEM_HISTORY,
				      "SELECT t.position, t.question, r.answer FROM turn t "
				      "LEFT JOIN response r ON r.turn_id = t.id AND r.system_id = ?2 "
				      "WHERE t.conversation_id = ?1 AND t.position < ?3 "
				      "ORDER BY t.position DESC LIMIT ?4", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, conversation_id);
	sqlite3_bind_int64(st, 2, it->system_id);
	sqlite3_bind_int(st, 3, it->position);
	sqlite3_bind_int(st, 4, STORE_ITEM_MAX_HISTORY);
	size_t cap = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		xgrow(&it->history, &cap, it->n_history + 1, sizeof(*it->history));
		struct store_item_turn *h = &it->history[it->n_history++];
		h->position = sqlite3_column_int(st, 0);
		h->question = dup_col(st, 1);
		h->answer = dup_col(st, 2);
	}
	sqlite3_reset(st);
	/* newest first from SQL: reverse to oldest first */
	for (size_t i = 0, j = it->n_history; i + 1 < j; i++, j--) {
		struct store_item_turn t = it->history[i];
		it->history[i] = it->history[j - 1];
		it->history[j - 1] = t;
	}
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read history");
}

enum status store_item_load(struct store *s, int64_t response_id, struct store_item *it,
			    struct error *err)
{
	memset(it, 0, sizeof(*it));
	it->response_id = response_id;
	sqlite3_stmt *st = store_stmt(s, STMT_ITEM_LOAD,
				      "SELECT r.turn_id, r.system_id, c.ext_id, t.position, t.question, t.rewrite, "
				      "sy.name, r.answer, t.conversation_id, "
				      "(SELECT max(t2.position) FROM turn t2 WHERE t2.conversation_id = t.conversation_id), "
				      "(SELECT count(*) FROM turn t3 WHERE t3.conversation_id = t.conversation_id "
				      "AND t3.position < t.position) "
				      "FROM response r JOIN turn t ON t.id = r.turn_id "
				      "JOIN conversation c ON c.id = t.conversation_id "
				      "JOIN system sy ON sy.id = r.system_id WHERE r.id = ?", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, response_id);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		sqlite3_reset(st);
		if (rc == SQLITE_DONE)
			return error_set(err, ST_STORE, "no response with id %lld", (long long)response_id);
		return store_fail(s, err, "cannot read item");
	}
	it->turn_id = sqlite3_column_int64(st, 0);
	it->system_id = sqlite3_column_int64(st, 1);
	it->conversation = dup_col(st, 2);
	it->position = sqlite3_column_int(st, 3);
	it->question = dup_col(st, 4);
	it->rewrite = dup_col(st, 5);
	it->system = dup_col(st, 6);
	it->answer = dup_col(st, 7);
	int64_t conversation_id = sqlite3_column_int64(st, 8);
	it->n_turns = sqlite3_column_int(st, 9);
	it->n_earlier = sqlite3_column_int(st, 10);
	sqlite3_reset(st);
	enum status ret = load_passages(s, it, err);
	if (ret == ST_OK)
		ret = load_history(s, it, conversation_id, err);
	return ret;
}

void store_item_release(struct store_item *it)
{
	free(it->conversation);
	free(it->question);
	free(it->rewrite);
	free(it->system);
	free(it->answer);
	for (size_t i = 0; i < it->n_passages; i++) {
		free(it->passages[i].ext_id);
		free(it->passages[i].title);
		free(it->passages[i].text);
	}
	free(it->passages);
	for (size_t i = 0; i < it->n_history; i++) {
		free(it->history[i].question);
		free(it->history[i].answer);
	}
	free(it->history);
	memset(it, 0, sizeof(*it));
}

/* ---- labels ----------------------------------------------------------- */

enum status store_item_labels_load(struct store *s, int64_t response_id, int64_t rater_id,
				   int64_t round_id, const struct scheme *sc,
				   struct store_item_labels *l, struct error *err)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].value);
	l->n = 0;
	sqlite3_stmt *st = store_stmt(s, STMT_ITEM_LABELS,
				      "SELECT l.field, COALESCE(rt.rank, 0), l.value, l.unit, "
				      "CASE WHEN l.response_id = r.id THEN 0 ELSE l.response_id END FROM response r "
				      "JOIN label l ON l.turn_id = r.turn_id " UNIT_JOIN
				      "WHERE r.id = ?1 AND l.rater_id = ?2 AND l.round_id IS ?3 AND l.task = ?4 "
				      "AND " UNIT_IS_ITEMS " ORDER BY +l.id", err);
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, response_id);
	sqlite3_bind_int64(st, 2, rater_id);
	store_bind_id(st, 3, round_id);
	store_bind_text(st, 4, sc->name);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		put_row(l, sc, st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read labels");
}

static struct store_item_label *find_label(const struct store_item_labels *l, const char *field, long rank)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].rank == rank && strcmp(l->v[i].field->name, field) == 0)
			return &l->v[i];
	return NULL;
}

const struct store_item_label *store_item_labels_find(const struct store_item_labels *l, const char *field,
						      long rank)
{
	return find_label(l, field, rank);
}

const char *store_item_labels_get(const struct store_item_labels *l, const char *field, long rank)
{
	const struct store_item_label *x = find_label(l, field, rank);
	return x ? x->value : NULL;
}

void store_item_labels_put(struct store_item_labels *l, const struct scheme_field *f, long rank,
			   const char *value)
{
	struct store_item_label *x = find_label(l, f->name, rank);
	if (!x) {
		xgrow(&l->v, &l->cap, l->n + 1, sizeof(*l->v));
		x = &l->v[l->n++];
		x->field = f;
		x->rank = rank;
		x->value = NULL;
	}
	free(x->value);
	x->value = value ? xstrdup(value) : NULL;
	x->given_on = 0;
}

void store_item_labels_release(struct store_item_labels *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].value);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

size_t store_item_n_missing(const struct scheme *sc, size_t n_passages, int answer_empty,
			    const struct store_item_labels *l)
{
	size_t missing = 0;
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct scheme_field *f = &sc->fields[i];
		if (!f->required || (f->skip_when_empty && answer_empty))
			continue;
		if (f->unit == UNIT_PASSAGE) {
			size_t set = 0;
			for (size_t j = 0; j < l->n; j++)
				if (l->v[j].field == f && l->v[j].rank > 0 && l->v[j].value)
					set++;
			missing += set < n_passages ? n_passages - set : 0;
		} else {
			const char *v = store_item_labels_get(l, f->name, 0);
			missing += v == NULL;
		}
	}
	return missing;
}

/* ---- what an undo takes back ------------------------------------------ */

/* A change on the stack, as little as tells whether a later row takes it
 * back: its row, its unit and the value it replaced (as hashes). 24 bytes
 * a change, whatever the values: the details of the few changes an undo
 * takes back are read again by id (undo_details). */
struct undo_entry {
	int64_t id;
	uint64_t unit, before;
};

/* FNV-1a over s, never 0 (0 is NULL's), mixed into h. */
static uint64_t hash_text(uint64_t h, const char *s)
{
	for (; s && *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3u;
	return (h ^ 0xff) * 0x100000001b3u;
}

static uint64_t hash_value(const char *v)
{
	return v ? hash_text(0xcbf29ce484222325u, v) | 1 : 0;
}

/* The unit of history row st (turn_id, unit_ref, field, unit in columns 3-6). */
static uint64_t hash_unit(sqlite3_stmt *st)
{
	uint64_t h = 0xcbf29ce484222325u ^ (uint64_t)sqlite3_column_int64(st, 3) * 0x9e3779b97f4a7c15u;
	h ^= (uint64_t)sqlite3_column_int64(st, 4) * 0xbf58476d1ce4e5b9u;
	return hash_text(hash_text(h, store_col_text(st, 5)), store_col_text(st, 6));
}

/* The change of label row id, with the unit's value before it, into c. */
static enum status undo_details(struct store *s, sqlite3_stmt *st, int64_t id, struct store_change *c,
				struct error *err)
{
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, id);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW)
		return rc == SQLITE_DONE ? error_set(err, ST_STORE, "label %lld is gone", (long long)id) :
			store_fail(s, err, "cannot read the label history");
	*c = (struct store_change){
		id, sqlite3_column_int64(st, 0), (long)sqlite3_column_int64(st, 1), sqlite3_column_int64(st, 2),
		sqlite3_column_int64(st, 3), dup_col(st, 4), dup_col(st, 5), dup_col(st, 6), dup_col(st, 8),
		sqlite3_column_double(st, 7),
	};
	return ST_OK;
}

static void change_release(struct store_change *c)
{
	free(c->field);
	free(c->unit);
	free(c->value);
	free(c->before);
}

/* Whether change b, below a on the stack, was saved by the same "-" as a. */
static int same_key(const struct store_change *a, const struct store_change *b)
{
	return a->seconds == 0 && strcmp(a->unit, "passage") == 0 && strcmp(b->unit, "passage") == 0 &&
	       a->response_id == b->response_id && strcmp(a->field, b->field) == 0 && !a->before && !b->before &&
	       a->value && b->value && strcmp(a->value, b->value) == 0;
}

/* The rater's label history as u reads it: the stack of changes of the
 * rows up to last_id, read once and then only the rows after it. */
struct store_item_history {
	int64_t rater_id, round_id;
	char *task;
	int read;                  /* the whole history was read once */
	int64_t last_id;           /* the rows up to it are on the stack */
	struct undo_entry *v;      /* the stack, oldest first */
	size_t n, cap;
};

struct store_item_history *store_item_history_new(int64_t rater_id, int64_t round_id, const char *task)
{
	struct store_item_history *h = xcalloc(1, sizeof(*h));
	h->rater_id = rater_id;
	h->round_id = round_id;
	h->task = xstrdup(task);
	return h;
}

void store_item_history_free(struct store_item_history *h)
{
	if (!h)
		return;
	free(h->task);
	free(h->v);
	free(h);
}

/* Put the rows of st (bound by the caller: id, value, before, turn_id,
 * unit_ref, field, unit, oldest first, those that change nothing left out)
 * on h's stack; st is reset. A row that gives the unit on top back the
 * value it had before takes that change off. */
static enum status history_add(struct store *s, struct store_item_history *h, sqlite3_stmt *st,
			       struct error *err)
{
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		uint64_t unit = hash_unit(st), value = hash_value(store_col_text(st, 1));
		h->last_id = sqlite3_column_int64(st, 0);
		if (h->n && h->v[h->n - 1].unit == unit && h->v[h->n - 1].before == value) {
			h->n--;   /* the change on top, taken back */
			continue;
		}
		xgrow(&h->v, &h->cap, h->n + 1, sizeof(*h->v));
		h->v[h->n++] = (struct undo_entry){ h->last_id, unit, hash_value(store_col_text(st, 2)) };
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? ST_OK : store_fail(s, err, "cannot read the label history");
}

/* Bring h up to date: the whole history the first time, then the rows
 * added since (by this session or by another process). */
static enum status history_read(struct store *s, struct store_item_history *h, struct error *err)
{
	sqlite3_stmt *st;
	if (!h->read) {
		/* the rater's rows oldest first, each with the value of its
		 * unit before it (the previous row of the unit:
		 * label_rater_unit's order), those that change nothing left
		 * out; SQLite sorts them by id in bounded memory */
		st = store_stmt(s, STMT_ITEM_CHANGES,
				"SELECT id, value, before, turn_id, unit_ref, field, unit FROM ("
				"SELECT l.id, l.value, lag(l.value) OVER (PARTITION BY l.turn_id, l.field, l.unit, "
				"l.unit_ref ORDER BY l.id) AS before, l.turn_id, l.unit_ref, l.field, l.unit "
				"FROM label l WHERE l.rater_id = ?1 AND l.round_id IS ?2 AND l.task = ?3) "
				"WHERE value IS NOT before ORDER BY id", err);
	} else {
		/* the rows after last_id (a range of the primary key: rows
		 * are never changed or deleted, a new one has a greater id),
		 * each with the value of its unit before it (label_rater_unit) */
		st = store_stmt(s, STMT_ITEM_CHANGES_SINCE,
				"SELECT id, value, before, turn_id, unit_ref, field, unit FROM ("
				"SELECT l.id, l.value, (SELECT p.value FROM label p WHERE p.rater_id = l.rater_id "
				"AND p.round_id IS l.round_id AND p.task = l.task AND p.turn_id = l.turn_id "
				"AND p.field = l.field AND p.unit = l.unit AND p.unit_ref = l.unit_ref AND p.id < l.id "
				"ORDER BY p.id DESC LIMIT 1) AS before, l.turn_id, l.unit_ref, l.field, l.unit "
				"FROM label l WHERE l.id > ?4 AND +l.rater_id = ?1 AND l.round_id IS ?2 AND l.task = ?3) "
				"WHERE value IS NOT before ORDER BY id", err);
	}
	if (!st)
		return ST_STORE;
	sqlite3_bind_int64(st, 1, h->rater_id);
	store_bind_id(st, 2, h->round_id);
	store_bind_text(st, 3, h->task);
	if (h->read)
		sqlite3_bind_int64(st, 4, h->last_id);
	enum status ret = history_add(s, h, st, err);
	if (ret == ST_OK)
		h->read = 1;
	else if (!h->read) {
		h->n = 0;   /* read it all again next time */
		h->last_id = 0;
	}
	return ret;
}

enum status store_item_history_undoable(struct store *s, struct store_item_history *h, struct store_changes *out,
					struct error *err)
{
	memset(out, 0, sizeof(*out));
	enum status ret = history_read(s, h, err);
	if (ret != ST_OK)
		return ret;
	/* the change on top, and those below it the same key saved */
	sqlite3_stmt *one = store_stmt(s, STMT_ITEM_CHANGE,
				       "SELECT l.response_id, l.passage_rank, l.turn_id, l.unit_ref, l.field, l.unit, l.value, "
				       "l.seconds, (SELECT p.value FROM label p WHERE p.rater_id = l.rater_id "
				       "AND p.round_id IS l.round_id AND p.task = l.task AND p.turn_id = l.turn_id "
				       "AND p.field = l.field AND p.unit = l.unit AND p.unit_ref = l.unit_ref AND p.id < l.id "
				       "ORDER BY p.id DESC LIMIT 1) FROM label l WHERE l.id = ?1", err);
	ret = one ? ST_OK : ST_STORE;
	size_t cap_out = 0;
	while (ret == ST_OK && out->n < h->n) {
		struct store_change c;
		ret = undo_details(s, one, h->v[h->n - 1 - out->n].id, &c, err);
		if (ret != ST_OK)
			break;
		if (out->n && !same_key(&out->v[out->n - 1], &c)) {
			change_release(&c);
			break;
		}
		xgrow(&out->v, &cap_out, out->n + 1, sizeof(*out->v));
		out->v[out->n++] = c;
	}
	if (one)
		sqlite3_reset(one);
	if (ret != ST_OK)
		store_changes_release(out);
	return ret;
}

enum status store_item_undoable(struct store *s, int64_t rater_id, int64_t round_id, const char *task,
				struct store_changes *out, struct error *err)
{
	struct store_item_history *h = store_item_history_new(rater_id, round_id, task);
	enum status ret = store_item_history_undoable(s, h, out, err);
	store_item_history_free(h);
	return ret;
}

void store_changes_release(struct store_changes *c)
{
	for (size_t i = 0; i < c->n; i++)
		change_release(&c->v[i]);
	free(c->v);
	memset(c, 0, sizeof(*c));
}

/* ---- summary ---------------------------------------------------------- */

/* The summary's counts: the values of each field, each with its count. */
struct tally_value {
	char *value;
	long count;
};

struct tally_field {
	char *name;
	struct strmap index;       /* value -> its place in v */
	struct tally_value *v;
	size_t n, cap;
};

struct tally {
	struct tally_field *f;
	size_t n, cap;
};

static enum status tally_label(const struct unit_label *u, void *ctx, struct error *err)
{
	struct tally *t = ctx;
	if (!u->value)
		return ST_OK;
	/* a scheme has a few fields: look them up in order */
	struct tally_field *f = t->f;
	while (f < t->f + t->n && strcmp(f->name, u->field) != 0)
		f++;
	if (f == t->f + t->n) {
		xgrow(&t->f, &t->cap, t->n + 1, sizeof(*t->f));
		f = &t->f[t->n++];
		*f = (struct tally_field){ .name = xstrdup(u->field), .index = STRMAP_INIT };
	}
	size_t *at = strmap_get(&f->index, u->value);
	if (!at) {
		xgrow(&f->v, &f->cap, f->n + 1, sizeof(*f->v));
		f->v[f->n] = (struct tally_value){ xstrdup(u->value), 0 };
		strmap_put(&f->index, f->v[f->n].value, f->n, &at);
		f->n++;
	}
	f->v[*at].count++;
	return ST_OK;
}

/* Fields and values in SQL's order (BINARY: byte by byte, as strcmp). */
static int cmp_tally_field(const void *a, const void *b)
{
	return strcmp(((const struct tally_field *)a)->name, ((const struct tally_field *)b)->name);
}

static int cmp_tally_value(const void *a, const void *b)
{
	return strcmp(((const struct tally_value *)a)->value, ((const struct tally_value *)b)->value);
}

static void tally_release(struct tally *t)
{
	for (size_t i = 0; i < t->n; i++) {
		for (size_t j = 0; j < t->f[i].n; j++)
			free(t->f[i].v[j].value);
		free(t->f[i].v);
		strmap_release(&t->f[i].index);
		free(t->f[i].name);
	}
	free(t->f);
}

enum status store_item_summary(struct store *s, int64_t rater_id, int64_t round_id,
			       const char *task, store_item_count_cb cb, void *ctx,
			       double *seconds, struct error *err)
{
	struct tally t = { NULL, 0, 0 };
	*seconds = 0;
	enum status ret = current_labels_each(s, rater_id, round_id, task, 0, tally_label, &t, seconds, err);
	if (ret == ST_OK && t.n) {   /* qsort of NULL: undefined, even of 0 elements */
		qsort(t.f, t.n, sizeof(*t.f), cmp_tally_field);
		for (size_t i = 0; i < t.n; i++) {
			if (t.f[i].n)
				qsort(t.f[i].v, t.f[i].n, sizeof(*t.f[i].v), cmp_tally_value);
			for (size_t j = 0; j < t.f[i].n; j++)
				cb(t.f[i].name, t.f[i].v[j].value, t.f[i].v[j].count, ctx);
		}
	}
	tally_release(&t);
	return ret;
}
