/* rounds.c - making a round from a coordinator's request: the items, their
 * blocks, the plan (assign.h), and the round stored in one transaction. */
#include "convqa/rounds.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/assign.h"
#include "rounds_internal.h"
#include "convqa/labelling.h"
#include "convqa/expr.h"
#include "convqa/model.h"
#include "convqa/round_where.h"
#include "convqa/scheme.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/store_live.h"

/* A response of the round and its block key (add_controls). */
struct id_key {
	int64_t id, key;
};

/* What a round is being made of. */
struct making {
	const struct round_request *rq;
	int64_t *rater_ids;                /* per rater of the request */
	struct store_round_item *items;    /* the items taken, in conversation order */
	size_t n_items;
	size_t *block_start;               /* block b: items [block_start[b], block_start[b + 1]) */
	size_t n_blocks;
	struct store_assignment *a;
	size_t n_a;
	size_t *items_of, *blocks_of;      /* per rater: items, blocks assigned */
	int64_t control_rater;             /* the expert of the control items; 0: the gold */
	size_t *controls_of;               /* per rater: control items mixed in */
	size_t conversations_short, sample_short;   /* struct round_made's */
	size_t where_lacking, *where_lacking_of;    /* struct round_made's */
	const struct scheme *sc;           /* the task's */
	enum round_by by;                  /* what a block is */
	struct id_key *keys;               /* items' block keys by response (add_controls) */
};

enum status rounds_rater_ids(struct store *s, const char *const *names, size_t n, int64_t *ids,
			     struct error *err)
{
	for (size_t i = 0; i < n; i++) {
		struct store_rater r;
		int found = 0;
		enum status st = labelling_rater_check(names[i], err);
		if (st == ST_OK)
			st = store_rater_get(s, names[i], &r, &found, err);
		if (st != ST_OK)
			return st;
		enum model_role role = found ? r.role : ROLE_RATER;
		ids[i] = found ? r.id : 0;
		store_rater_release(&r);
		if (!found)
			return store_rater_unknown(s, names[i], "a new one: convqa rater add NAME", err);
		if (role == ROLE_ADJUDICATOR)
			return error_set(err, ST_INPUT, "rater '%s' is an adjudicator: an adjudicator's labels settle "
					 "disagreements, they do not judge a round's items (leave %s out of --raters, "
					 "or make them a rater: convqa rater add %s --role rater)", names[i], names[i],
					 names[i]);
		for (size_t j = 0; j < i; j++)
			if (ids[j] == ids[i])
				return error_set(err, ST_INPUT, "rater '%s' is named twice", names[i]);
	}
	return ST_OK;
}

static enum status find_raters(struct store *s, struct making *m, struct error *err)
{
	const struct round_request *rq = m->rq;
	if (rq->n_raters == 0)
		return error_set(err, ST_INPUT, "a round needs raters (--raters A,B)");
	m->rater_ids = xcalloc(rq->n_raters, sizeof(*m->rater_ids));
	m->items_of = xcalloc(rq->n_raters, sizeof(*m->items_of));
	m->blocks_of = xcalloc(rq->n_raters, sizeof(*m->blocks_of));
	return rounds_rater_ids(s, rq->raters, rq->n_raters, m->rater_ids, err);
}

/* A turn or passage field: the rater should walk whole conversations. */
static enum round_by default_by(const struct scheme *sc)
{
	for (size_t i = 0; i < sc->n_fields; i++)
		if (sc->fields[i].unit == UNIT_TURN || sc->fields[i].unit == UNIT_PASSAGE)
			return ROUND_BY_CONVERSATION;
	return ROUND_BY_ITEM;
}

/* Cut the items into blocks: a conversation's, or one each. */
static void cut_blocks(struct making *m, enum round_by by)
{
	m->block_start = xcalloc(m->n_items + 1, sizeof(*m->block_start));
	m->n_blocks = 0;
	for (size_t i = 0; i < m->n_items; i++)
		if (by == ROUND_BY_ITEM || i == 0 || m->items[i].conversation_id != m->items[i - 1].conversation_id)
			m->block_start[m->n_blocks++] = i;
	m->block_start[m->n_blocks] = m->n_items;
}

static int cmp_id(const void *pa, const void *pb);

/* Keep the items --items and --where ask for (the expression: last). */
static enum status keep_asked(struct store *s, struct making *m, struct error *err)
{
	const struct round_request *rq = m->rq;
	const struct round_where *w = rq->where;
	size_t out = 0;
	for (size_t i = 0; i < m->n_items; i++) {
		const struct store_round_item *it = &m->items[i];
		if (rq->items && !bsearch(&it->response_id, rq->items, rq->n_items, sizeof(*rq->items), cmp_id))
			continue;
		if (w && ((w->min_depth && it->depth < w->min_depth) || (w->max_depth && it->depth > w->max_depth) ||
			  (w->intent >= 0 && it->gold_intent != w->intent) || (w->gold && !it->has_gold)))
			continue;
		m->items[out++] = *it;
	}
	m->n_items = out;
	if (!w || !w->expr)
		return ST_OK;
	struct round_where_lack lack;
	enum status st = round_where_filter(s, w->expr, m->items, &m->n_items, &lack, err);
	m->where_lacking = lack.items;
	m->where_lacking_of = lack.of;
	return st;
}

/* Keep the first n conversations' items; the number of conversations kept. */
static size_t first_conversations(struct making *m, long n)
{
	size_t convs = 0, i;
	for (i = 0; i < m->n_items; i++) {
		if (i == 0 || m->items[i].conversation_id != m->items[i - 1].conversation_id)
			convs++;
		if (convs > (size_t)n)
			break;
	}
	m->n_items = i;
	return convs > (size_t)n ? (size_t)n : convs;
}

/* Keep n blocks chosen for the seed (in their order), moving their items
 * to the front. */
static void sample_blocks(struct making *m, long n, uint64_t seed)
{
	size_t *pick = xcalloc((size_t)n + 1, sizeof(*pick));
	size_t k = assign_sample(m->n_blocks, (size_t)n, seed, pick), out = 0;
	for (size_t j = 0; j < k; j++) {
		size_t b = pick[j], from = m->block_start[b], len = m->block_start[b + 1] - from;
		memmove(&m->items[out], &m->items[from], len * sizeof(*m->items));
		m->block_start[j] = out;
		out += len;
	}
	m->block_start[k] = out;
	m->n_blocks = k;
	m->n_items = out;
	free(pick);
}

/* The assignments of plan pairs: each block's items, numbered per rater. */
static void expand(struct making *m, const struct assign_pair *pairs, size_t n_pairs, const size_t *block_start,
		   const struct store_round_item *items)
{
	size_t cap = 0;
	long seq = 0;
	for (size_t p = 0; p < n_pairs; p++) {
		if (p == 0 || pairs[p].rater != pairs[p - 1].rater)
			seq = 0;
		m->blocks_of[pairs[p].rater]++;
		for (size_t i = block_start[pairs[p].block]; i < block_start[pairs[p].block + 1]; i++) {
			m->items_of[pairs[p].rater]++;
			xgrow(&m->a, &cap, m->n_a + 1, sizeof(*m->a));
			m->a[m->n_a++] = (struct store_assignment){
				m->rater_ids[pairs[p].rater], items[i].response_id, ++seq, 0,
			};
		}
	}
}

/* The rater of rater_id in the request, or -1. */
static long rater_index(const struct making *m, int64_t rater_id)
{
	for (size_t i = 0; i < m->rq->n_raters; i++)
		if (m->rater_ids[i] == rater_id)
			return (long)i;
	return -1;
}

static int cmp_id(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
	return (a > b) - (a < b);
}

/* What makes a pool item a different one from the rater's items: its
 * conversation in a round by conversation (the rater walks it whole), else
 * its turn (a field of the turn or a passage is judged once per turn). */
static int64_t block_key(const struct making *m, const struct store_round_item *it)
{
	return m->by == ROUND_BY_CONVERSATION ? it->conversation_id : it->turn_id;
}

static int cmp_id_key(const void *pa, const void *pb)
{
	const struct id_key *a = pa, *b = pb;
	return (a->id > b->id) - (a->id < b->id);
}

int rounds_cmp_draw(const void *pa, const void *pb)
{
	const struct rounds_draw *a = pa, *b = pb;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	if (a->draw != b->draw)
		return a->draw < b->draw ? -1 : 1;
	return (a->id > b->id) - (a->id < b->id);
}

/* The control items of one rater: k of the pool's items of no block key
 * the rater has already (their conversation or turn), at most one per key,
 * for the seed, each put at a place of the queue drawn for the seed;
 * a[0..n) (the rater's assignments) become out[0..n + k). */
static size_t mix_controls(const struct making *m, const struct store_assignment *a, size_t n,
			   const struct store_round_item *pool, size_t n_pool, uint64_t seed,
			   struct store_assignment *out)
{
	int64_t *own = xcalloc(n + 1, sizeof(*own)), *free_ids = xcalloc(n_pool + 1, sizeof(*free_ids));
	size_t n_free = 0, k = (size_t)ceil(m->rq->control * (double)n);
	for (size_t i = 0; i < n; i++) {
		struct id_key want = { a[i].response_id, 0 }, *it;
		it = bsearch(&want, m->keys, m->n_items, sizeof(*m->keys), cmp_id_key);
		own[i] = it ? it->key : 0;
	}
	qsort(own, n, sizeof(*own), cmp_id);
	/* of each block key one item, drawn for the seed: a turn's field
	 * judged on two control items of the turn would count twice */
	struct rounds_draw *cand = xcalloc(n_pool + 1, sizeof(*cand));
	size_t n_cand = 0;
	for (size_t i = 0; i < n_pool; i++) {
		int64_t key = block_key(m, &pool[i]);
		uint64_t state = seed ^ (uint64_t)pool[i].response_id;
		if (!bsearch(&key, own, n, sizeof(*own), cmp_id))
			cand[n_cand++] = (struct rounds_draw){ key, assign_rng_next(&state), pool[i].response_id };
	}
	qsort(cand, n_cand, sizeof(*cand), rounds_cmp_draw);
	for (size_t c = 0; c < n_cand; c++)
		if (c == 0 || cand[c].key != cand[c - 1].key)
			free_ids[n_free++] = cand[c].id;
	qsort(free_ids, n_free, sizeof(*free_ids), cmp_id);   /* the pool's order */
	free(cand);
	size_t *pick = xcalloc(k + 1, sizeof(*pick));
	k = assign_sample(n_free, k, seed, pick);
	/* control j goes after the item at place[j] of the rater's items */
	size_t *place = xcalloc(k + 1, sizeof(*place));
	uint64_t state = seed ^ 0x5bd1e995u;
	for (size_t j = 0; j < k; j++)
		place[j] = (size_t)(assign_rng_next(&state) % (n + 1));
	size_t o = 0;
	for (size_t i = 0; i <= n; i++) {
		for (size_t j = 0; j < k; j++)
			if (place[j] == i)
				out[o++] = (struct store_assignment){ a[0].rater_id, free_ids[pick[j]], 0, 1 };
		if (i < n)
			out[o++] = a[i];
	}
	for (size_t i = 0; i < o; i++)
		out[i].seq = (long)i + 1;
	free(place);
	free(pick);
	free(free_ids);
	free(own);
	return k;
}

/* The fields of sc the gold decides: a field of the turn whose categories
 * are the gold intents; a binary field of a passage with categories 0 and
 * 1 (a gold passage is relevant). NULL when sc has none. */
static const struct scheme_field *gold_intent_field(const struct scheme *sc)
{
	for (size_t i = 0; sc && i < sc->n_fields; i++) {
		const struct scheme_field *f = &sc->fields[i];
		int all = f->unit == UNIT_TURN && f->type != TYPE_TEXT;
		for (int g = 0; all && g < MODEL_GOLD_INTENTS; g++)
			all = scheme_category_find(f, model_gold_intent_name(g)) != NULL;
		if (all)
			return f;
	}
	return NULL;
}

static const struct scheme_field *gold_relevance_field(const struct scheme *sc)
{
	for (size_t i = 0; sc && i < sc->n_fields; i++) {
		const struct scheme_field *f = &sc->fields[i];
		if (f->unit == UNIT_PASSAGE && f->type == TYPE_BINARY && scheme_category_find(f, "0") &&
		    scheme_category_find(f, "1"))
			return f;
	}
	return NULL;
}

/* The items with known answers: the labels --control-from gave outside
 * rounds, else the gold where it decides a field of the task. */
static enum status control_pool(struct store *s, struct making *m, struct store_round_item **pool, size_t *n_pool,
				struct error *err)
{
	const struct round_request *rq = m->rq;
	enum status st;
	if (!rq->control_from) {
		const struct scheme_field *fi = gold_intent_field(m->sc), *fr = gold_relevance_field(m->sc);
		if (!fi && !fr)
			return error_set(err, ST_INPUT, "--control without --control-from takes the known answers from "
					 "the gold, and the gold decides no field of task %s (it gives a turn's intent and "
					 "the relevance of its gold passages): name the rater whose labels are the known "
					 "answers (--control-from RATER)", rq->task);
		st = store_round_gold_pool(s, fi != NULL, fr != NULL, pool, n_pool, err);
		if (st == ST_OK && *n_pool == 0)
			st = error_set(err, ST_INPUT, "--control without --control-from takes the known answers from the "
				       "gold, and no item has gold that decides a field of task %s (%s): import gold, or "
				       "name the rater whose labels are the known answers (--control-from RATER)", rq->task,
				       fi && fr ? "a gold intent, or a gold passage among the passages it retrieved"
				       : fi ? "a gold intent" : "a gold passage among the passages it retrieved");
		return st;
	}
	st = store_rater_find(s, rq->control_from, &m->control_rater, err);
	if (st == ST_OK && !m->control_rater)
		st = error_set(err, ST_INPUT, "no rater '%s' in the project (--control-from names the rater whose "
			       "labels are the known answers)", rq->control_from);
	for (size_t i = 0; st == ST_OK && i < rq->n_raters; i++)
		if (m->rater_ids[i] == m->control_rater)
			st = error_set(err, ST_INPUT, "rater '%s' gives the known answers of the control items: not "
				       "one of the round's raters too", rq->control_from);
	if (st == ST_OK)
		st = store_round_control_pool(s, m->control_rater, rq->task, pool, n_pool, err);
	if (st == ST_OK && *n_pool == 0)
		st = error_set(err, ST_INPUT, "rater '%s' has labelled no item of task %s outside rounds: there are no "
			       "known answers for control items", rq->control_from, rq->task);
	return st;
}

/* Mix control items into every rater's queue (--control RATE
 * [--control-from RATER]): items whose known answers are the labels that
 * rater gave outside rounds, or the gold, unmarked in the queue. */
static enum status add_controls(struct store *s, struct making *m, struct error *err)
{
	const struct round_request *rq = m->rq;
	struct store_round_item *pool = NULL;
	size_t n_pool = 0, n_controls = 0;
	enum status st = control_pool(s, m, &pool, &n_pool, err);
	m->keys = xcalloc(m->n_items + 1, sizeof(*m->keys));
	for (size_t i = 0; i < m->n_items; i++)
		m->keys[i] = (struct id_key){ m->items[i].response_id, block_key(m, &m->items[i]) };
	qsort(m->keys, m->n_items, sizeof(*m->keys), cmp_id_key);
	struct store_assignment *all = st == ST_OK ? xcalloc(m->n_a + m->n_a + rq->n_raters + 1, sizeof(*all)) : NULL;
	size_t n_all = 0;
	m->controls_of = xcalloc(rq->n_raters + 1, sizeof(*m->controls_of));
	for (size_t i = 0, r = 0; st == ST_OK && i < m->n_a; r++) {   /* m->a: by rater */
		size_t j = i;
		while (j < m->n_a && m->a[j].rater_id == m->a[i].rater_id)
			j++;
		long ri = rater_index(m, m->a[i].rater_id);
		size_t k = mix_controls(m, &m->a[i], j - i, pool, n_pool, rq->seed + 7919u * (uint64_t)(ri + 1),
					&all[n_all]);
		m->controls_of[ri] = k;
		m->items_of[ri] += k;
		n_controls += k;
		n_all += j - i + k;
		i = j;
	}
	if (st == ST_OK && n_controls == 0)
		st = error_set(err, ST_INPUT, "--control %g gives no control items: each of the %zu item%s with known "
			       "answers (%s%s) is of a %s in every rater's queue already (a control item is one a rater "
			       "does not judge anyway: make the round smaller, or give more known answers)", rq->control,
			       n_pool, n_pool == 1 ? "" : "s", rq->control_from ? rq->control_from : "the gold",
			       rq->control_from ? "'s labels outside rounds" : "",
			       m->by == ROUND_BY_CONVERSATION ? "conversation" : "turn");
	if (st == ST_OK) {
		free(m->a);
		m->a = all;
		m->n_a = n_all;
	} else {
		free(all);
	}
	free(pool);
	free(m->keys);
	m->keys = NULL;
	return st;
}

static enum status plan_new(struct store *s, struct making *m, enum round_by by, struct error *err)
{
	const struct round_request *rq = m->rq;
	enum status st = store_round_candidates(s, rq->systems, rq->n_systems, &m->items, &m->n_items, err);
	if (st != ST_OK)
		return st;
	st = keep_asked(s, m, err);
	if (st != ST_OK)
		return st;
	if (rq->conversations > 0) {
		size_t kept = first_conversations(m, rq->conversations);
		if (kept < (size_t)rq->conversations)
			m->conversations_short = kept;
	}
	cut_blocks(m, by);
	if (rq->sample > 0 && (size_t)rq->sample < m->n_blocks)
		sample_blocks(m, rq->sample, rq->seed);
	else if (rq->sample > 0 && (size_t)rq->sample > m->n_blocks)
		m->sample_short = m->n_blocks;
	if (m->n_items == 0 && m->where_lacking)
		return error_set(err, ST_INPUT, "no items to put in round '%s': none meets --where (%zu lacked a "
				 "value it reads: not selected)", rq->name, m->where_lacking);
	if (m->n_items == 0)
		return error_set(err, ST_INPUT, "no items to put in round '%s' (import a task file first, or ask "
				 "for other systems)", rq->name);
	if (rq->overlap > (long)rq->n_raters)
		return error_set(err, ST_INPUT, "--overlap %ld asks for %ld raters per %s, but round '%s' has %zu "
				 "(name more with --raters, or --overlap 0: every rater)", rq->overlap, rq->overlap,
				 by == ROUND_BY_CONVERSATION ? "conversation" : "item", rq->name, rq->n_raters);
	struct assign_block *blocks = xcalloc(m->n_blocks, sizeof(*blocks));
	for (size_t b = 0; b < m->n_blocks; b++)
		blocks[b] = (struct assign_block){ m->block_start[b + 1] - m->block_start[b], b };
	struct assign_pair *pairs = NULL;
	size_t n_pairs = 0;
	enum assign_status as = assign_plan(blocks, m->n_blocks, rq->n_raters, (size_t)rq->overlap, rq->seed,
					    &pairs, &n_pairs);
	free(blocks);
	if (as != ASSIGN_OK)
		return error_set(err, ST_INPUT, "cannot plan round '%s': %s", rq->name, assign_status_message(as));
	expand(m, pairs, n_pairs, m->block_start, m->items);
	free(pairs);
	return rq->control > 0 ? add_controls(s, m, err) : ST_OK;
}


struct by_response {
	int64_t response_id;
	size_t at;                         /* its first place in the earlier round */
};

static int cmp_by_response(const void *pa, const void *pb)
{
	const struct by_response *a = pa, *b = pb;
	if (a->response_id != b->response_id)
		return a->response_id < b->response_id ? -1 : 1;
	return (a->at > b->at) - (a->at < b->at);
}

/* The items of the earlier round's assignments, each a block (numbered by
 * its first place there); block_of[i]: the block of assignment i. */
static void swap_blocks(struct making *m, const struct store_assignment *prev, size_t n_prev, uint32_t *block_of)
{
	struct by_response *br = xcalloc(n_prev + 1, sizeof(*br));
	size_t *first = xcalloc(n_prev + 1, sizeof(*first));
	for (size_t i = 0; i < n_prev; i++)
		br[i] = (struct by_response){ prev[i].response_id, i };
	qsort(br, n_prev, sizeof(*br), cmp_by_response);
	for (size_t i = 0; i < n_prev; i++)   /* each assignment: the first of its item */
		first[br[i].at] = i && br[i].response_id == br[i - 1].response_id ? first[br[i - 1].at] : br[i].at;
	m->items = xcalloc(n_prev + 1, sizeof(*m->items));
	m->block_start = xcalloc(n_prev + 2, sizeof(*m->block_start));
	m->n_blocks = 0;
	for (size_t i = 0; i < n_prev; i++) {
		if (first[i] == i) {
			m->items[m->n_blocks].response_id = prev[i].response_id;
			m->block_start[m->n_blocks] = m->n_blocks;
			block_of[i] = (uint32_t)m->n_blocks++;
		} else {
			block_of[i] = block_of[first[i]];
		}
	}
	m->block_start[m->n_blocks] = m->n_items = m->n_blocks;
	free(first);
	free(br);
}

/* Round 2 of the two-round protocol: every item of the earlier round, each
 * a block, to the rater after its rater there. */
static enum status plan_swap(struct store *s, struct making *m, int64_t prev_id, struct error *err)
{
	const struct round_request *rq = m->rq;
	struct store_assignment *prev;
	size_t n_prev, n_pairs = 0;
	enum status st = store_round_assignments(s, prev_id, &prev, &n_prev, err);
	if (st != ST_OK)
		return st;
	uint32_t *block_of = xcalloc(n_prev + 1, sizeof(*block_of));
	struct assign_pair *pp = xcalloc(n_prev + 1, sizeof(*pp)), *pairs = NULL;
	swap_blocks(m, prev, n_prev, block_of);
	for (size_t i = 0; st == ST_OK && i < n_prev; i++) {
		long r = rater_index(m, prev[i].rater_id);
		if (r < 0)
			st = error_set(err, ST_INPUT, "round '%s' has raters that --raters does not name (a swap "
				       "keeps the raters)", rq->swap_from);
		pp[i] = (struct assign_pair){ (uint32_t)r, block_of[i] };
	}
	enum assign_status as = st == ST_OK ? assign_swap(pp, n_prev, rq->n_raters, &pairs, &n_pairs) : ASSIGN_OK;
	if (st == ST_OK && as == ASSIGN_IDLE_RATER) {   /* name the rater */
		size_t idle = rq->n_raters;
		for (size_t r = 0; r < rq->n_raters && idle == rq->n_raters; r++) {
			size_t i = 0;
			while (i < n_prev && pp[i].rater != r)
				i++;
			if (i == n_prev)
				idle = r;
		}
		st = error_set(err, ST_INPUT, "cannot swap round '%s': rater '%s' had no items in it (a swap gives "
			       "each rater the items of another)", rq->swap_from,
			       idle < rq->n_raters ? rq->raters[idle] : "?");
	}
	if (st == ST_OK && as != ASSIGN_OK)
		st = error_set(err, ST_INPUT, "cannot swap round '%s': %s", rq->swap_from,
			       as == ASSIGN_SHARED_BLOCK ? "its items had more than one rater (a swap is of a round "
							   "made with --overlap 1)"
			       : as == ASSIGN_IDLE_RATER ? "a rater had no items in it"
			       : as == ASSIGN_ONE_RATER ? "a swap needs two raters or more"
							: assign_status_message(as));
	if (st == ST_OK)
		expand(m, pairs, n_pairs, m->block_start, m->items);
	free(pairs);
	free(pp);
	free(block_of);
	free(prev);
	return st;
}

/* A live round: of the swapped assignments, each rater keeps the first
 * turn of each conversation once (its first system's answer), in order. */
static enum status keep_first_questions(struct store *s, struct making *m, struct error *err)
{
	int64_t *conv = xcalloc(m->n_a + 1, sizeof(*conv));
	enum status st = ST_OK;
	for (size_t i = 0; i < m->n_a && st == ST_OK; i++)
		st = store_live_first_turn(s, m->a[i].response_id, &conv[i], err);
	size_t kept = 0;
	for (size_t i = 0; i < m->n_a && st == ST_OK; i++) {
		int dup = !conv[i];
		for (size_t j = 0; j < i && !dup; j++)
			dup = conv[j] == conv[i] && m->a[j].rater_id == m->a[i].rater_id;
		if (!dup)
			m->a[kept++] = m->a[i];
	}
	free(conv);
	if (st != ST_OK)
		return st;
	m->n_a = kept;
	for (size_t r = 0; r < m->rq->n_raters; r++) {
		long seq = 0;
		for (size_t i = 0; i < m->n_a; i++)
			if (m->a[i].rater_id == m->rater_ids[r])
				m->a[i].seq = ++seq;
		m->items_of[r] = m->blocks_of[r] = (size_t)seq;
		if (!seq)
			return error_set(err, ST_INPUT, "cannot make live round '%s': rater '%s' gets no first question "
					 "(round '%s' gave the other rater no conversation's first turn)", m->rq->name,
					 m->rq->raters[r], m->rq->swap_from);
	}
	m->n_items = m->n_blocks = m->n_a;
	return ST_OK;
}

static enum status check_swap(struct store *s, const struct round_request *rq, int64_t *prev_id,
			      struct error *err)
{
	char *task = NULL;
	enum status st = store_round_info(s, rq->swap_from, prev_id, &task, NULL, err);
	if (st == ST_OK && strcmp(task, rq->task) != 0)
		st = error_set(err, ST_INPUT, "round '%s' is a %s round, not %s (a swap keeps the task)",
			       rq->swap_from, task, rq->task);
	free(task);
	return st;
}

static void count_made(struct making *m, struct round_made *out)
{
	out->n_items = m->n_items;
	out->n_blocks = m->n_blocks;
	out->n_assignments = m->n_a;
	out->items_of = m->items_of;
	out->blocks_of = m->blocks_of;
	out->controls_of = m->controls_of;
	m->items_of = m->blocks_of = m->controls_of = NULL;
}

static enum status store_it(struct store *s, struct making *m, int64_t prev_id, struct round_made *out,
			    struct error *err)
{
	const struct round_request *rq = m->rq;
	struct store_round_new r = {
		.name = rq->name, .task = rq->task, .overlap = rq->overlap, .seed = (int64_t)rq->seed,
		.pilot = rq->pilot, .swap_from = prev_id, .control = rq->control, .control_rater = m->control_rater,
		.made_by = rq->made_by, .live = rq->live, .raters = m->rater_ids, .n_raters = rq->n_raters, .a = m->a, .n_a = m->n_a,
	};
	return store_round_create(s, &r, &out->id, err);
}

enum status rounds_create(struct store *s, const struct round_request *rq, struct round_made *out,
			  struct error *err)
{
	struct making m = { .rq = rq };
	struct scheme *sc = NULL;
	int64_t prev_id = 0;
	const char *why = model_round_name_problem(rq->name);
	memset(out, 0, sizeof(*out));
	enum status st = why ? error_set(err, ST_INPUT, "%s", why) : ST_OK;
	if (st == ST_OK && rq->live && !rq->swap_from)
		st = error_set(err, ST_USAGE, "a live round starts from the first questions of another round: give "
			       "--swap-from ROUND");
	if (st == ST_OK)
		st = scheme_load(s, rq->task, &sc, err);
	if (st == ST_OK && scheme_judges_pairs(sc)) {
		st = rounds_pair_create(s, rq, out, err);
		scheme_free(sc);
		return st;
	}
	if (st == ST_OK && rq->pairs)
		st = error_set(err, ST_INPUT, "--pairs goes with a pairwise task (--task pairwise), not %s", rq->task);
	if (st == ST_OK)
		st = find_raters(s, &m, err);
	if (st == ST_OK && rq->swap_from)
		st = check_swap(s, rq, &prev_id, err);
	out->by = rq->by != ROUND_BY_DEFAULT ? rq->by : sc ? default_by(sc) : ROUND_BY_ITEM;
	if (rq->swap_from)
		out->by = ROUND_BY_ITEM;   /* each item of the earlier round */
	m.sc = sc;
	m.by = out->by;
	if (st == ST_OK)
		st = rq->swap_from ? plan_swap(s, &m, prev_id, err) : plan_new(s, &m, out->by, err);
	if (st == ST_OK && rq->live)
		st = keep_first_questions(s, &m, err);
	if (st == ST_OK)
		st = store_it(s, &m, prev_id, out, err);
	if (st == ST_OK) {
		count_made(&m, out);
		out->conversations_short = m.conversations_short;
		out->sample_short = m.sample_short;
		out->where_lacking = m.where_lacking;
		out->where_lacking_of = m.where_lacking_of;
		m.where_lacking_of = NULL;
	}
	free(m.where_lacking_of);
	scheme_free(sc);
	free(m.rater_ids);
	free(m.items);
	free(m.block_start);
	free(m.a);
	free(m.items_of);
	free(m.blocks_of);
	free(m.controls_of);
	return st;
}

void round_made_release(struct round_made *m)
{
	free(m->items_of);
	free(m->blocks_of);
	free(m->controls_of);
	free(m->where_lacking_of);
	memset(m, 0, sizeof(*m));
}

/* ---- control items ------------------------------------------------------------ */

/* Whether value of f at the control item's unit agrees with the expert's:
 * adds to t when both have one. */
static enum status tally_field(struct store *s, const struct store_round_row *r, const struct scheme_field *f,
			       const struct store_assignment *a, struct round_control_tally *t, struct error *err)
{
	struct store_label_key k = { a->response_id, a->rater_id, r->id, r->task, f->name, 0, f->unit };
	char *mine = NULL, *known = NULL;
	enum status st = store_label_get(s, &k, &mine, err);
	k.rater_id = r->control_rater_id;
	k.round_id = 0;
	if (st == ST_OK)
		st = store_label_get(s, &k, &known, err);
	if (st == ST_OK && mine && known) {
		t->n++;
		t->agree += strcmp(mine, known) == 0;
	}
	free(mine);
	free(known);
	return st;
}

/* Whether the rater's value of f at the control item (at rank, for a
 * passage) is the gold's: adds to t when the rater has one. */
static enum status tally_gold_value(struct store *s, const struct store_round_row *r, const struct scheme_field *f,
				    const struct store_assignment *a, long rank, const char *gold,
				    struct round_control_tally *t, struct error *err)
{
	struct store_label_key k = { a->response_id, a->rater_id, r->id, r->task, f->name, rank, f->unit };
	char *mine = NULL;
	enum status st = store_label_get(s, &k, &mine, err);
	if (st == ST_OK && mine) {
		t->n++;
		t->agree += strcmp(mine, gold) == 0;
	}
	free(mine);
	return st;
}

/* The gold as the known answers: the turn's gold intent, and each gold
 * passage the control item retrieved is relevant (a passage that is not
 * gold is no known answer: the gold lists the relevant ones it knows). */
static enum status tally_gold(struct store *s, const struct store_round_row *r, const struct scheme *sc,
			      const struct store_assignment *a, struct round_control_tally *t, struct error *err)
{
	const struct scheme_field *fi = gold_intent_field(sc), *fr = gold_relevance_field(sc);
	char *intent;
	long *ranks;
	size_t n_ranks;
	enum status st = store_response_gold(s, a->response_id, &intent, &ranks, &n_ranks, err);
	if (st == ST_OK && fi && intent)
		st = tally_gold_value(s, r, fi, a, 0, intent, t, err);
	for (size_t i = 0; st == ST_OK && fr && i < n_ranks; i++)
		st = tally_gold_value(s, r, fr, a, ranks[i], "1", t, err);
	free(intent);
	free(ranks);
	return st;
}

static enum status tally_round(struct store *s, const struct store_round_row *r, const struct scheme *sc,
			       struct round_control_tally *t, size_t n_t, struct error *err)
{
	struct store_assignment *a;
	size_t n_a;
	enum status st = store_round_assignments(s, r->id, &a, &n_a, err);
	for (size_t i = 0; st == ST_OK && i < n_a; i++) {
		if (!a[i].control)
			continue;
		struct round_control_tally *ti = t;
		while (ti < t + n_t && ti->rater_id != a[i].rater_id)
			ti++;
		if (ti == t + n_t)
			continue;
		ti->items++;
		if (!r->control_rater_id) {
			st = tally_gold(s, r, sc, &a[i], ti, err);
			continue;
		}
		for (size_t f = 0; st == ST_OK && f < sc->n_fields; f++)
			if (sc->fields[f].type != TYPE_TEXT && sc->fields[f].unit != UNIT_PASSAGE)
				st = tally_field(s, r, &sc->fields[f], &a[i], ti, err);
	}
	free(a);
	return st;
}

enum status rounds_control_tally(struct store *s, int64_t round_id, struct round_control_tally **out, size_t *n,
				 struct error *err)
{
	struct store_round_row *rows = NULL;
	struct store_round_rater *ra = NULL;
	struct scheme *sc = NULL;
	size_t n_rows = 0, n_ra = 0;
	*out = NULL;
	*n = 0;
	enum status st = store_round_list(s, NULL, &rows, &n_rows, err);
	const struct store_round_row *r = rows;
	while (st == ST_OK && r < rows + n_rows && r->id != round_id)
		r++;
	if (st != ST_OK || r == rows + n_rows || !(r->control > 0)) {
		store_round_rows_free(rows, n_rows);
		return st;
	}
	st = scheme_load(s, r->task, &sc, err);
	if (st == ST_OK)
		st = store_round_raters(s, round_id, &ra, &n_ra, err);
	struct round_control_tally *t = xcalloc(n_ra + 1, sizeof(*t));
	for (size_t i = 0; st == ST_OK && i < n_ra; i++) {
		t[i].rater_id = ra[i].rater_id;
		t[i].rater = xstrdup(ra[i].name);
	}
	if (st == ST_OK && scheme_judges_pairs(sc))
		st = rounds_pair_control_tally(s, r, sc, t, n_ra, err);
	else if (st == ST_OK)
		st = tally_round(s, r, sc, t, n_ra, err);
	if (st == ST_OK) {
		*out = t;
		*n = n_ra;
	} else {
		rounds_control_tally_free(t, n_ra);
	}
	store_round_raters_free(ra, n_ra);
	store_round_rows_free(rows, n_rows);
	scheme_free(sc);
	return st;
}

void rounds_control_tally_free(struct round_control_tally *t, size_t n)
{
	for (size_t i = 0; t && i < n; i++)
		free(t[i].rater);
	free(t);
}

/* ---- what goes in ------------------------------------------------------------- */

static enum status where_one(const char *c, struct round_where *w, struct error *err)
{
	long n;
	if (strcmp(c, "gold") == 0) {
		w->gold = 1;
		return ST_OK;
	}
	if (strncmp(c, "intent=", 7) == 0) {
		w->intent = model_gold_intent_index(c + 7);
		if (w->intent < 0)
			return error_set(err, ST_USAGE, "--where: '%s' is not a gold intent (extractive, abstractive, "
					 "boolean)", c + 7);
		return ST_OK;
	}
	static const char *const ops[] = { "depth<=", "depth>=", "depth=" };
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++) {
		size_t len = strlen(ops[i]);
		if (strncmp(c, ops[i], len) != 0)
			continue;
		if (parse_long(c + len, 1, 100000, &n) != 0)
			return error_set(err, ST_USAGE, "--where: '%s' needs a turn depth from 1, got '%s'", ops[i],
					 c + len);
		if (i != 0)
			w->min_depth = (int)n;
		if (i != 1)
			w->max_depth = (int)n;
		return ST_OK;
	}
	return error_set(err, ST_USAGE, "--where: unknown condition '%s' (expected depth<=N, depth>=N, depth=N, "
			 "intent=VALUE or gold, separated by commas)", c);
}

/* Whether c is written as one of the conditions where_one() reads (a
 * keyword and a plain word or number: "depth<=3", not "depth <= 3"). */
static int is_condition(const char *c)
{
	static const char *const heads[] = { "intent=", "depth<=", "depth>=", "depth=" };
	if (strcmp(c, "gold") == 0)
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(heads); i++)
		if (strncmp(c, heads[i], strlen(heads[i])) == 0) {
			const char *v = c + strlen(heads[i]);
			while (*v && (isalnum((unsigned char)*v) || *v == '_' || *v == '-'))
				v++;
			return *v == '\0';
		}
	return 0;
}

/* The piece [from, to) of s as an expression: parsed from a copy of s
 * blank elsewhere, so that positions are s's. */
static enum status where_expr(const char *s, size_t from, size_t to, struct round_where *w, struct error *err)
{
	if (w->expr)
		return error_set(err, ST_USAGE, "--where: position %zu: one expression at most (join conditions "
				 "with and)", from + 1);
	char *blank = xstrdup(s);
	for (size_t i = 0; blank[i]; i++)
		if (i < from || i >= to)
			blank[i] = ' ';
	enum status st = expr_parse(blank, &w->expr, err);
	free(blank);
	if (st != ST_OK) {
		char msg[sizeof(err->msg)];
		snprintf(msg, sizeof(msg), "%s", err->msg);
		error_set(err, st, "--where: %s", msg);
	}
	return st;
}

enum status rounds_parse_where(const char *s, struct round_where *w, struct error *err)
{
	char *copy = xstrdup(s);
	enum status st = ST_OK;
	*w = (struct round_where){ 0, 0, -1, 0, NULL };
	for (char *p = copy, *next; st == ST_OK && p; p = next) {
		next = strchr(p, ',');
		if (next)
			*next++ = 0;
		size_t from = (size_t)(p - copy), to = from + strlen(p);
		st = is_condition(p) ? where_one(p, w, err) : where_expr(s, from, to, w, err);
	}
	free(copy);
	if (st != ST_OK)
		rounds_where_release(w);
	return st;
}

void rounds_where_release(struct round_where *w)
{
	expr_free(w->expr);
	w->expr = NULL;
}

/* One line of an --items file: its three fields, cut in place. */
static int split_item_line(char *line, char **f)
{
	const char *sep = strchr(line, '\t') ? "\t" : " \t";
	int n = 0;
	for (char *save = NULL, *t = strtok_r(line, sep, &save); t; t = strtok_r(NULL, sep, &save))
		if (n < 4)
			f[n++] = t;
	return n;
}

static enum status item_line(struct store *s, const char *path, long lineno, char *line, int64_t *id,
			     struct error *err)
{
	char *f[4];
	long turn;
	*id = 0;
	line[strcspn(line, "\r")] = 0;
	if (!*line || *line == '#' || strspn(line, " \t") == strlen(line))
		return ST_OK;
	if (split_item_line(line, f) != 3 || parse_long(f[1], 1, 1000000, &turn) != 0)
		return error_set(err, ST_INPUT, "%s:%ld: expected CONVERSATION TURN SYSTEM (tab-separated, or by "
				 "spaces), with the turn a number from 1", path, lineno);
	enum status st = store_response_find(s, f[0], (int)turn, f[2], id, err);
	if (st == ST_INPUT) {
		char msg[sizeof(err->msg)];
		snprintf(msg, sizeof(msg), "%s", err->msg);
		error_set(err, ST_INPUT, "%s:%ld: %s", path, lineno, msg);
	}
	return st;
}

enum status rounds_read_items(struct store *s, const char *path, int64_t **ids, size_t *n, struct error *err)
{
	char *buf;
	size_t len, cap = 0;
	*ids = NULL;
	*n = 0;
	enum status st = read_file(path, &buf, &len, err);
	if (st != ST_OK)
		return st;
	long lineno = 0;
	for (char *p = buf, *next; st == ST_OK && p && *p; p = next) {
		next = strchr(p, '\n');
		if (next)
			*next++ = 0;
		int64_t id;
		st = item_line(s, path, ++lineno, p, &id, err);
		if (st == ST_OK && id) {
			xgrow(ids, &cap, *n + 1, sizeof(**ids));
			(*ids)[(*n)++] = id;
		}
	}
	free(buf);
	if (st == ST_OK && *n == 0)
		st = error_set(err, ST_INPUT, "%s: no items in it", path);
	if (st == ST_OK) {
		qsort(*ids, *n, sizeof(**ids), cmp_id);
		return st;
	}
	free(*ids);
	*ids = NULL;
	*n = 0;
	return st;
}

/* ---- the second stage: faithfulness of the plausible answers --------------------- */

enum status rounds_plausible_items(struct store *s, const char *from, int any, int64_t **ids, size_t *n,
				   size_t *judged, struct error *err)
{
	int64_t round;
	char *task = NULL;
	struct scheme *sch = NULL;
	struct store_verdict plausible = { 0 };
	*ids = NULL;
	*n = *judged = 0;
	enum status st = store_round_info(s, from, &round, &task, NULL, err);
	if (st == ST_OK)
		st = scheme_load(s, task, &sch, err);
	scheme_verdict(sch, SROLE_PLAUSIBILITY, &plausible);
	if (st == ST_OK && !plausible.task)
		st = error_set(err, ST_INPUT, "round '%s' is a %s round: --from takes a %s round", from, task,
			       scheme_role_name(SROLE_PLAUSIBILITY));
	if (st == ST_OK)
		st = store_round_plausible(s, round, &plausible, any, ids, n, judged, err);
	scheme_free(sch);
	free(task);
	return st;
}
