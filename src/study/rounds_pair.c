/* rounds_pair.c - making a pairwise round (the pair unit, issue 22): the
 * pairs of systems' answers to each turn, identical answers set aside,
 * a balanced sample if asked, the plan of assign.h over single pairs, the
 * control pairs mixed in (an expert's preferences), and for each rater the
 * side each answer is shown on (pairing.h); how raters did on the control
 * pairs. */
#include "rounds_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/assign.h"
#include "convqa/pairing.h"
#include "convqa/scheme.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/store_pair.h"

/* One (turn, pair of systems) with both answers. */
struct cand {
	int64_t ra, rb;                   /* responses of systems x and y */
	int64_t turn_id;
	uint32_t pair, x, y;              /* pair index, system indices (x < y but in a control) */
	int same;                         /* identical answers */
	int control;                      /* a control pair (the expert's preference known) */
};

struct pmaking {
	const struct round_request *rq;
	char **all_names;                 /* every system, when none are named */
	const char *const *names;
	size_t n_systems;
	int64_t *system_ids, *rater_ids;
	uint32_t (*pairs)[2];
	size_t n_pairs;
	struct cand *c;
	size_t n_c;
	int64_t expert;                   /* --control-from's rater, or 0 */
	struct cand *pool;                /* the pairs the expert judged, by pair id */
	size_t n_pool;
	size_t *controls_of;              /* per rater: control pairs mixed in */
};

static enum status refuse_options(const struct round_request *rq, struct error *err)
{
	const char *opt = rq->conversations ? "--conversations" : rq->sample ? "--sample (give --pairs sample:N)" :
			  rq->where ? "--where" : rq->items ? "--items" : rq->swap_from ? "--swap-from" :
			  rq->by != ROUND_BY_DEFAULT ? "--by" : NULL;
	if (opt)
		return error_set(err, ST_INPUT, "%s does not go with a pairwise task (%s): a pairwise round takes "
				 "--systems, --pairs, --raters, --overlap, --seed and --control with --control-from",
				 opt, rq->task);
	if (rq->control > 0 && !rq->control_from)
		return error_set(err, ST_INPUT, "--control in a pairwise round (%s) takes the known preferences from "
				 "a rater's: name the rater with --control-from RATER (the gold decides no preference)",
				 rq->task);
	if (rq->overlap > (long)rq->n_raters)
		return error_set(err, ST_INPUT, "--overlap %ld asks for %ld raters per pair, but round '%s' has %zu "
				 "(name more with --raters, or --overlap 0: every rater)", rq->overlap, rq->overlap,
				 rq->name, rq->n_raters);
	return ST_OK;
}

static enum status find_systems(struct store *s, struct pmaking *m, struct error *err)
{
	const struct round_request *rq = m->rq;
	enum status st = ST_OK;
	m->names = rq->systems;
	m->n_systems = rq->n_systems;
	if (!rq->n_systems) {
		st = store_system_names(s, &m->all_names, &m->n_systems, err);
		m->names = (const char *const *)m->all_names;
	}
	if (st == ST_OK && m->n_systems < 2)
		return error_set(err, ST_INPUT, "a pairwise round compares the answers of two systems or more "
				 "(%s): name them with --systems A,B", rq->n_systems ? "--systems names one" :
				 m->n_systems ? "the project has one" : "the project has none");
	m->system_ids = xcalloc(m->n_systems, sizeof(*m->system_ids));
	if (st == ST_OK)
		st = store_system_ids(s, m->names, m->n_systems, m->system_ids, err);
	for (size_t i = 0; st == ST_OK && i < m->n_systems; i++)
		for (size_t j = 0; j < i; j++)
			if (m->system_ids[i] == m->system_ids[j])
				return error_set(err, ST_INPUT, "system '%s' is named twice", m->names[i]);
	return st;
}

/* The candidates of one turn's answers a[0..n): each pair with both. */
static void turn_candidates(struct pmaking *m, const struct store_pair_answer *a, size_t n, size_t *cap)
{
	for (size_t p = 0; p < m->n_pairs; p++) {
		const struct store_pair_answer *x = NULL, *y = NULL;
		for (size_t i = 0; i < n; i++) {
			if (a[i].system == m->pairs[p][0])
				x = &a[i];
			if (a[i].system == m->pairs[p][1])
				y = &a[i];
		}
		if (!x || !y)
			continue;
		xgrow(&m->c, cap, m->n_c + 1, sizeof(*m->c));
		m->c[m->n_c++] = (struct cand){ x->response_id, y->response_id, x->turn_id, (uint32_t)p,
						m->pairs[p][0], m->pairs[p][1], x->key == y->key, 0 };
	}
}

static enum status find_candidates(struct store *s, struct pmaking *m, enum pairing_mode mode, struct error *err)
{
	struct store_pair_answer *a;
	size_t n, cap = 0;
	m->pairs = xmalloc((pairing_max(m->n_systems) + 1) * sizeof(*m->pairs));
	m->n_pairs = pairing_systems(m->n_systems, mode, m->pairs);
	enum status st = store_pair_answers(s, m->system_ids, m->n_systems, &a, &n, err);
	for (size_t i = 0, j; st == ST_OK && i < n; i = j) {
		for (j = i + 1; j < n && a[j].turn_id == a[i].turn_id; j++)
			;
		turn_candidates(m, a + i, j - i, &cap);
	}
	free(a);
	return st;
}

/* With sample:N, keep N candidates (pairing_sample); out->pairs_short. */
static void keep_sample(struct pmaking *m, long n, uint64_t seed, struct round_made *out)
{
	uint32_t *pair_of = xmalloc((m->n_c + 1) * sizeof(*pair_of));
	size_t *keep = xmalloc((m->n_c + 1) * sizeof(*keep));
	for (size_t i = 0; i < m->n_c; i++)
		pair_of[i] = m->c[i].pair;
	size_t k = pairing_sample(pair_of, m->n_c, m->n_pairs, (size_t)n, seed, keep);
	if ((size_t)n > m->n_c)
		out->pairs_short = m->n_c;
	for (size_t i = 0; i < k; i++)
		m->c[i] = m->c[keep[i]];
	m->n_c = k;
	free(pair_of);
	free(keep);
}

/* ---- control pairs ------------------------------------------------------------- */

static long system_index(const struct pmaking *m, int64_t id)
{
	for (size_t i = 0; i < m->n_systems; i++)
		if (m->system_ids[i] == id)
			return (long)i;
	return -1;
}

/* The pairs of the round's systems whose preference (field) the expert
 * (--control-from) has given: m->pool. */
static enum status control_pool(struct store *s, struct pmaking *m, const char *field, struct error *err)
{
	const struct round_request *rq = m->rq;
	enum status st = store_rater_find(s, rq->control_from, &m->expert, err);
	if (st == ST_OK && !m->expert)
		return error_set(err, ST_INPUT, "no rater '%s' in the project (--control-from names the rater whose "
				 "preferences are the known answers)", rq->control_from);
	for (size_t i = 0; st == ST_OK && i < rq->n_raters; i++)
		if (m->rater_ids[i] == m->expert)
			return error_set(err, ST_INPUT, "rater '%s' gives the known answers of the control pairs: not "
					 "one of the round's raters too", rq->control_from);
	struct store_pair_pool *pp = NULL;
	size_t n = 0;
	if (st == ST_OK)
		st = store_pair_control_pool(s, m->expert, rq->task, field, &pp, &n, err);
	m->pool = xcalloc(n + 1, sizeof(*m->pool));
	for (size_t i = 0; st == ST_OK && i < n; i++) {
		long x = system_index(m, pp[i].system_a), y = system_index(m, pp[i].system_b);
		if (x >= 0 && y >= 0)
			m->pool[m->n_pool++] = (struct cand){ pp[i].response_a, pp[i].response_b, pp[i].turn_id,
							      (uint32_t)pp[i].pair_id, (uint32_t)x, (uint32_t)y, 0, 1 };
	}
	free(pp);
	if (st == ST_OK && m->n_pool == 0)
		st = error_set(err, ST_INPUT, "rater '%s' has given no preference (%s of task %s) on a pair of these "
			       "systems: there are no known answers for control pairs (let %s judge pairs of them "
			       "first, in a pairwise round of their own or in convqa chat --systems)", rq->control_from,
			       field, rq->task, rq->control_from);
	return st;
}

static int cmp_i64(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
	return (a > b) - (a < b);
}

/* The pool pairs a rater may get as controls: of the turns not among its
 * own[0..n) (a control is a pair it does not judge anyway), one per turn,
 * drawn for the seed; into at[], in the pool's order; returns how many. */
static size_t free_controls(const struct pmaking *m, const struct cand *own, size_t n, uint64_t seed, size_t *at)
{
	int64_t *turns = xcalloc(n + 1, sizeof(*turns));
	for (size_t i = 0; i < n; i++)
		turns[i] = own[i].turn_id;
	qsort(turns, n, sizeof(*turns), cmp_i64);
	struct rounds_draw *d = xcalloc(m->n_pool + 1, sizeof(*d));
	size_t n_d = 0, n_free = 0;
	for (size_t i = 0; i < m->n_pool; i++) {
		uint64_t state = seed ^ (uint64_t)m->pool[i].pair;
		if (!bsearch(&m->pool[i].turn_id, turns, n, sizeof(*turns), cmp_i64))
			d[n_d++] = (struct rounds_draw){ m->pool[i].turn_id, assign_rng_next(&state), (int64_t)i };
	}
	qsort(d, n_d, sizeof(*d), rounds_cmp_draw);
	for (size_t i = 0; i < n_d; i++)
		if (i == 0 || d[i].key != d[i - 1].key)
			at[n_free++] = (size_t)d[i].id;
	qsort(at, n_free, sizeof(*at), assign_cmp_size);
	free(d);
	free(turns);
	return n_free;
}

/* A rater's queue: own[0..n) with ceil(control × n) control pairs of the
 * pool mixed in at places drawn for the seed, into q[]; returns its length. */
static size_t mix_controls(const struct pmaking *m, const struct cand *own, size_t n, uint64_t seed, struct cand *q)
{
	size_t k = m->n_pool ? (size_t)ceil(m->rq->control * (double)n) : 0;
	size_t *at = xcalloc(m->n_pool + 1, sizeof(*at)), *pick = xcalloc(k + 1, sizeof(*pick));
	size_t n_free = k ? free_controls(m, own, n, seed, at) : 0;
	k = assign_sample(n_free, k, seed, pick);
	size_t *place = xcalloc(k + 1, sizeof(*place)), o = 0;
	uint64_t state = seed ^ 0x5bd1e995u;
	for (size_t j = 0; j < k; j++)   /* control j goes after own pair place[j] */
		place[j] = (size_t)(assign_rng_next(&state) % (n + 1));
	for (size_t i = 0; i <= n; i++) {
		for (size_t j = 0; j < k; j++)
			if (place[j] == i)
				q[o++] = m->pool[at[pick[j]]];
		if (i < n)
			q[o++] = own[i];
	}
	free(place);
	free(pick);
	free(at);
	return o;
}

/* ---- the plan ------------------------------------------------------------------ */

/* One rater's queue q[0..n) as assignments from (*a)[at], seq 1..n, with
 * the sides of pairing_sides over the whole queue (controls too). */
static void rater_queue(const struct pmaking *m, const struct cand *q, size_t n, int64_t rater, uint64_t seed,
			struct store_pair_assign *a)
{
	uint32_t (*sys)[2] = xmalloc((n + 1) * sizeof(*sys));
	int *first = xmalloc((n + 1) * sizeof(*first));
	for (size_t i = 0; i < n; i++) {
		sys[i][0] = q[i].x;
		sys[i][1] = q[i].y;
	}
	pairing_sides(sys, n, m->n_systems, seed, first);
	for (size_t i = 0; i < n; i++)
		a[i] = (struct store_pair_assign){ rater, q[i].ra, q[i].rb, (long)(i + 1), first[i], q[i].control };
	free(sys);
	free(first);
}

/* The asked candidates (not same) to the raters: assign_plan over single
 * pairs in conversation order, the control pairs mixed in, then each
 * rater's sides; into *a. */
static enum status plan(struct pmaking *m, struct round_made *out, struct store_pair_assign **a, size_t *n_a,
			struct error *err)
{
	const struct round_request *rq = m->rq;
	size_t n = 0;
	size_t *asked = xmalloc((m->n_c + 1) * sizeof(*asked));
	for (size_t i = 0; i < m->n_c; i++)
		if (!m->c[i].same)
			asked[n++] = i;
	struct assign_block *blocks = xmalloc((n + 1) * sizeof(*blocks));
	for (size_t i = 0; i < n; i++)
		blocks[i] = (struct assign_block){ 1, i };
	struct assign_pair *p = NULL;
	size_t np = 0;
	enum assign_status as = assign_plan(blocks, n, rq->n_raters, (size_t)rq->overlap, rq->seed, &p, &np);
	free(blocks);
	if (as != ASSIGN_OK) {
		free(asked);
		return error_set(err, ST_INPUT, "%s", assign_status_message(as));
	}
	size_t cap = np + (m->n_pool ? (size_t)ceil(rq->control * (double)np) + rq->n_raters : 0);
	*a = xcalloc(cap + 1, sizeof(**a));
	*n_a = 0;
	out->items_of = xcalloc(rq->n_raters, sizeof(*out->items_of));
	struct cand *own = xmalloc((np + 1) * sizeof(*own)), *q = xmalloc((cap + 1) * sizeof(*q));
	for (size_t i = 0, j; i < np; i = j) {   /* a rater's run of the plan at a time */
		for (j = i; j < np && p[j].rater == p[i].rater; j++)
			own[j - i] = m->c[asked[p[j].block]];
		uint64_t seed = rq->seed * 1000003u + p[i].rater;
		size_t len = mix_controls(m, own, j - i, rq->seed + 7919u * (uint64_t)(p[i].rater + 1), q);
		rater_queue(m, q, len, m->rater_ids[p[i].rater], seed, *a + *n_a);
		*n_a += len;
		out->items_of[p[i].rater] = len;
		if (m->controls_of)
			m->controls_of[p[i].rater] = len - (j - i);
	}
	out->n_items = n;
	free(own);
	free(q);
	free(p);
	free(asked);
	return ST_OK;
}

static enum status store_plan(struct store *s, struct pmaking *m, struct round_made *out, struct error *err)
{
	const struct round_request *rq = m->rq;
	struct store_pair_assign *a = NULL;
	size_t n_a = 0, n_same = 0;
	int64_t (*same)[2] = xmalloc((m->n_c + 1) * sizeof(*same));
	for (size_t i = 0; i < m->n_c; i++)
		if (m->c[i].same) {
			same[n_same][0] = m->c[i].ra;
			same[n_same++][1] = m->c[i].rb;
		}
	enum status st = plan(m, out, &a, &n_a, err);
	struct store_round_new rn = {
		.name = rq->name, .task = rq->task, .overlap = rq->overlap, .seed = (int64_t)rq->seed, .pilot = rq->pilot,
		.made_by = rq->made_by, .raters = m->rater_ids, .n_raters = rq->n_raters,
		.control = m->expert ? rq->control : 0, .control_rater = m->expert,
	};
	struct store_pair_round pr = { &rn, a, n_a, (const int64_t (*)[2])same, n_same };
	if (st == ST_OK && n_a == 0)
		st = error_set(err, ST_INPUT, "no pairs to ask: %s", n_same ? "every pair of answers is identical" :
			       "no turn has answers of two of the systems");
	size_t n_controls = 0;
	for (size_t i = 0; m->controls_of && i < rq->n_raters; i++)
		n_controls += m->controls_of[i];
	if (st == ST_OK && m->expert && n_controls == 0)
		st = error_set(err, ST_INPUT, "--control %g gives no control pairs: each of the %zu pair%s %s judged is "
			       "of a turn in every rater's queue already (a control pair is one a rater does not judge "
			       "anyway: make the round smaller, or let %s judge more pairs)", rq->control, m->n_pool,
			       m->n_pool == 1 ? "" : "s", rq->control_from, rq->control_from);
	if (st == ST_OK)
		st = store_pair_round_create(s, &pr, &out->id, err);
	out->n_same = n_same;
	out->n_assignments = n_a;
	free(a);
	free(same);
	return st;
}

/* --control RATE --control-from RATER: the pool of control pairs, judged
 * on the task's preference field (its first field without one). */
static enum status with_controls(struct store *s, struct pmaking *m, struct error *err)
{
	struct scheme *sc = NULL;
	enum status st = scheme_load(s, m->rq->task, &sc, err);
	if (st == ST_OK) {
		const struct scheme_field *f = scheme_field_by_role(sc, SROLE_PREFERENCE);
		st = control_pool(s, m, f ? f->name : sc->fields[0].name, err);
	}
	m->controls_of = xcalloc(m->rq->n_raters + 1, sizeof(*m->controls_of));
	scheme_free(sc);
	return st;
}

enum status rounds_pair_create(struct store *s, const struct round_request *rq, struct round_made *out,
			       struct error *err)
{
	struct pmaking m = { .rq = rq };
	enum pairing_mode mode = PAIRING_ALL;
	long sample = 0;
	memset(out, 0, sizeof(*out));
	out->pairwise = 1;
	out->by = ROUND_BY_ITEM;
	enum status st = refuse_options(rq, err);
	if (st == ST_OK && rq->pairs && pairing_parse(rq->pairs, &mode, &sample) != 0)
		st = error_set(err, ST_INPUT, "--pairs expects all, adjacent or sample:N, got '%s'", rq->pairs);
	m.rater_ids = xcalloc(rq->n_raters + 1, sizeof(*m.rater_ids));
	if (st == ST_OK)
		st = rounds_rater_ids(s, rq->raters, rq->n_raters, m.rater_ids, err);
	if (st == ST_OK)
		st = find_systems(s, &m, err);
	if (st == ST_OK && rq->control > 0)
		st = with_controls(s, &m, err);
	if (st == ST_OK)
		st = find_candidates(s, &m, mode, err);
	if (st == ST_OK && mode == PAIRING_SAMPLE)
		keep_sample(&m, sample, rq->seed, out);
	out->n_system_pairs = m.n_pairs;
	if (st == ST_OK)
		st = store_plan(s, &m, out, err);
	for (size_t i = 0; m.all_names && i < m.n_systems; i++)
		free(m.all_names[i]);
	free(m.all_names);
	free(m.system_ids);
	free(m.rater_ids);
	free(m.pairs);
	free(m.c);
	free(m.pool);
	if (st == ST_OK && m.controls_of)
		out->controls_of = m.controls_of;
	else
		free(m.controls_of);
	return st;
}

/* ---- how raters did on the control pairs --------------------------------------- */

static struct round_control_tally *tally_of(struct round_control_tally *t, size_t n, int64_t rater_id)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].rater_id == rater_id)
			return &t[i];
	return NULL;
}

enum status rounds_pair_control_tally(struct store *s, const struct store_round_row *r, const struct scheme *sc,
				      struct round_control_tally *t, size_t n_t, struct error *err)
{
	enum status st = ST_OK;
	int first = 1;
	for (size_t f = 0; st == ST_OK && f < sc->n_fields; f++) {
		if (sc->fields[f].type == TYPE_TEXT || sc->fields[f].unit != UNIT_PAIR)
			continue;
		struct store_pair_control *c = NULL;
		size_t n = 0;
		st = store_pair_control_values(s, r->id, r->control_rater_id, r->task, sc->fields[f].name, &c, &n, err);
		for (size_t i = 0; st == ST_OK && i < n; i++) {
			struct round_control_tally *ti = tally_of(t, n_t, c[i].rater_id);
			if (!ti)
				continue;
			ti->items += first;   /* each control pair once */
			if (c[i].mine && c[i].known) {
				ti->n++;
				ti->agree += strcmp(c[i].mine, c[i].known) == 0;
			}
		}
		store_pair_controls_free(c, n);
		first = 0;
	}
	return st;
}
