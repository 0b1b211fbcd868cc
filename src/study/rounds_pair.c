/* rounds_pair.c - making a pairwise round (the pair unit, issue 22): the
 * pairs of systems' answers to each turn, identical answers set aside,
 * a balanced sample if asked, the plan of assign.h over single pairs, and
 * for each rater the side each answer is shown on (pairing.h). */
#include "rounds_internal.h"

#include <stdlib.h>
#include <string.h>

#include "convqa/assign.h"
#include "convqa/pairing.h"
#include "convqa/store.h"
#include "convqa/store_pair.h"

/* One (turn, pair of systems) with both answers. */
struct cand {
	int64_t ra, rb;                   /* responses of systems x and y */
	uint32_t pair, x, y;              /* pair index, system indices (x < y) */
	int same;                         /* identical answers */
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
};

static enum status refuse_options(const struct round_request *rq, struct error *err)
{
	const char *opt = rq->conversations ? "--conversations" : rq->sample ? "--sample (give --pairs sample:N)" :
			  rq->where ? "--where" : rq->items ? "--items" : rq->swap_from ? "--swap-from" :
			  rq->control > 0 ? "--control" : rq->by != ROUND_BY_DEFAULT ? "--by" : NULL;
	if (opt)
		return error_set(err, ST_INPUT, "%s does not go with a pairwise task (%s): a pairwise round takes "
				 "--systems, --pairs, --raters, --overlap and --seed", opt, rq->task);
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
		m->c[m->n_c++] = (struct cand){ x->response_id, y->response_id, (uint32_t)p, m->pairs[p][0],
						m->pairs[p][1], x->key == y->key };
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

/* The asked candidates (not same) to the raters: assign_plan over single
 * pairs in conversation order, then each rater's sides; into *a. */
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
	*a = xcalloc(np + 1, sizeof(**a));
	*n_a = np;
	out->items_of = xcalloc(rq->n_raters, sizeof(*out->items_of));
	uint32_t (*sys)[2] = xmalloc((np + 1) * sizeof(*sys));
	int *first = xmalloc((np + 1) * sizeof(*first));
	for (size_t i = 0, j; i < np; i = j) {   /* a rater's run of the plan at a time */
		for (j = i; j < np && p[j].rater == p[i].rater; j++) {
			const struct cand *c = &m->c[asked[p[j].block]];
			sys[j - i][0] = c->x;
			sys[j - i][1] = c->y;
		}
		pairing_sides(sys, j - i, m->n_systems, rq->seed * 1000003u + p[i].rater, first);
		for (size_t k = i; k < j; k++) {
			const struct cand *c = &m->c[asked[p[k].block]];
			(*a)[k] = (struct store_pair_assign){ m->rater_ids[p[k].rater], c->ra, c->rb, (long)(k - i + 1),
							      first[k - i] };
		}
		out->items_of[p[i].rater] = j - i;
	}
	out->n_items = n;
	free(sys);
	free(first);
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
	};
	struct store_pair_round pr = { &rn, a, n_a, (const int64_t (*)[2])same, n_same };
	if (st == ST_OK && n_a == 0)
		st = error_set(err, ST_INPUT, "no pairs to ask: %s", n_same ? "every pair of answers is identical" :
			       "no turn has answers of two of the systems");
	if (st == ST_OK)
		st = store_pair_round_create(s, &pr, &out->id, err);
	out->n_same = n_same;
	out->n_assignments = n_a;
	free(a);
	free(same);
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
	return st;
}
