/* report_consensus.c - the label layers the metrics are computed on: every
 * rater's judgement, one rater's, or per item the consensus of the raters
 * (majority, adjudicated); and R, the passages known relevant per turn in
 * the layer (see report_internal.h). */
#include <stdlib.h>
#include <string.h>

#include "convqa/agreement.h"
#include "report_internal.h"

_Static_assert(RP_UNSET == AGREEMENT_MISSING && RP_NO_CONSENSUS == AGREEMENT_NO_CONSENSUS,
	       "the report's codes are agreement_settle()'s");

int rp_rel_code(const struct rp_data *d, const struct rp_layer *L, const struct rp_obs *ob, long rank)
{
	const struct rp_item *it = &d->items[ob->item];
	if (rank < 1 || (uint32_t)rank > it->n_ranks)
		return RP_UNSET;
	if (d->relevance.cfield < 0)
		return ob->rel >= 0 ? L->rel[(size_t)ob->rel + (size_t)rank - 1] : RP_UNSET;
	if (ob->cust < 0)
		return RP_UNSET;
	return L->cust[(size_t)ob->cust + (size_t)rp_cust_offset(d, it, &d->cfields[d->relevance.cfield], rank)];
}

int rp_role_code(const struct rp_data *d, const struct rp_layer *L, const struct rp_obs *ob,
		 const struct rp_role *role)
{
	if (role->cfield < 0)
		return role->slot >= 0 ? ob->code[role->slot] : RP_UNSET;
	if (ob->cust < 0)
		return RP_UNSET;
	const struct rp_item *it = &d->items[ob->item];
	return L->cust[(size_t)ob->cust + (size_t)rp_cust_offset(d, it, &d->cfields[role->cfield], 0)];
}

int rp_correct_code(const struct rp_data *d, const struct rp_layer *L, const struct rp_obs *ob)
{
	return rp_role_code(d, L, ob, &d->correctness);
}

static int cmp_obs(const void *pa, const void *pb)
{
	const struct rp_obs *a = pa, *b = pb;
	if (a->item != b->item)
		return a->item < b->item ? -1 : 1;
	return (a->rater > b->rater) - (a->rater < b->rater);
}

/* Whether judgement j counts for a response that retrieved nothing: the
 * rater has a label of the turn task on it and gave a row of that task on
 * this very response (an intent given on another system's response applies
 * here too, but does not make this empty ranking a judged one). */
static int turn_labelled_here(const struct rp_data *d, const struct rp_judgement *j)
{
	return (j->given & (1u << TASK_TURN)) && rp_judgement_labelled(d, j, 1u << TASK_TURN);
}

static void obs_from_judgement(struct rp_obs *ob, const struct rp_data *d, size_t j)
{
	const struct rp_judgement *jj = &d->judgements[j];
	memset(ob, 0, sizeof(*ob));
	ob->item = jj->item;
	ob->rater = jj->rater;
	ob->judgement = (int32_t)j;
	memcpy(ob->code, jj->code, sizeof(ob->code));
	ob->rel = jj->rel;
	ob->cust = jj->cust;
	ob->turn_labelled = (uint8_t)turn_labelled_here(d, jj);
}

/* The consensus of votes[0..n) (codes >= 0): agreement_settle() (RP_UNSET
 * is AGREEMENT_MISSING, RP_NO_CONSENSUS AGREEMENT_NO_CONSENSUS). */
static int settle(const int *votes, int n, int unanimous)
{
	return agreement_settle(votes, n, unanimous);
}

/* Consensus of one value over the judgements of an item: get(j) gives
 * judgement j's code (>= 0) or RP_UNSET. *by_adjudicator set when an
 * adjudicator's value decided it. */
struct vote_src {
	const struct rp_data *d;
	int cat;        /* RP_*, -1 for relevance, -2 for a project scheme's field */
	long rank;      /* relevance: the rank */
	size_t off;     /* a project scheme's field: the offset in the codes (rp_cust_offset()) */
};

static int vote_of(const struct vote_src *v, const struct rp_judgement *j)
{
	if (v->cat >= 0)
		return j->code[v->cat];
	if (v->cat == -2)
		return j->cust < 0 ? RP_UNSET : v->d->cust_codes[(size_t)j->cust + v->off];
	if (j->rel < 0)
		return RP_UNSET;
	return v->d->rel_codes[(size_t)j->rel + (size_t)v->rank - 1];
}

static int consensus_of(const struct vote_src *v, const struct rp_item *it, enum report_consensus kind,
			int *by_adjudicator)
{
	const struct rp_data *d = v->d;
	int votes[REPORT_MAX_RATERS * 4], n = 0, adj[REPORT_MAX_RATERS * 4], n_adj = 0;
	*by_adjudicator = 0;
	for (int32_t j = it->first_j; j >= 0; j = d->judgements[j].next) {
		const struct rp_judgement *jj = &d->judgements[j];
		int code = vote_of(v, jj);
		if (code < 0 || (d->raters[jj->rater].distrusted && !d->raters[jj->rater].adjudicator))
			continue;
		if (d->raters[jj->rater].adjudicator) {   /* a settlement, not a vote */
			if (kind == REPORT_CONSENSUS_ADJUDICATED && n_adj < (int)ARRAY_SIZE(adj))
				adj[n_adj++] = code;
		} else if (n < (int)ARRAY_SIZE(votes)) {
			votes[n++] = code;
		}
	}
	if (kind == REPORT_CONSENSUS_MAJORITY)
		return settle(votes, n, 0);
	if (n_adj) {
		*by_adjudicator = 1;
		return settle(adj, n_adj, 1);
	}
	return settle(votes, n, 1);
}

static void consensus_obs(struct rp_layer *layer, struct rp_data *d, uint32_t item, size_t *cap_rel,
			  size_t *cap_cust)
{
	const struct rp_item *it = &d->items[item];
	struct rp_obs *ob = &layer->obs[layer->n_obs++];
	struct vote_src v = { d, 0, 0, 0 };
	int has_rel = 0, has_cust = 0, adj;
	memset(ob, 0, sizeof(*ob));
	ob->item = item;
	ob->rater = -1;
	ob->judgement = -1;
	ob->rel = -1;
	ob->cust = -1;
	for (int f = 0; f < RP_NCAT; f++) {
		v.cat = f;
		ob->code[f] = (int8_t)consensus_of(&v, it, layer->kind, &adj);
		layer->no_consensus[f] += ob->code[f] == RP_NO_CONSENSUS;
		layer->adjudicated[f] += adj && ob->code[f] >= 0;
	}
	for (int32_t j = it->first_j; j >= 0; j = d->judgements[j].next) {
		has_rel |= d->judgements[j].rel >= 0;
		has_cust |= d->judgements[j].cust >= 0;
		ob->turn_labelled |= (uint8_t)turn_labelled_here(d, &d->judgements[j]);
	}
	if (has_cust) {   /* the project schemes' fields, each slot */
		size_t n = rp_cust_size(d, it);
		xgrow(&layer->own_cust, cap_cust, layer->n_own_cust + n, 1);
		ob->cust = (int32_t)layer->n_own_cust;
		v.cat = -2;
		for (v.off = 0; v.off < n; v.off++)
			layer->own_cust[layer->n_own_cust++] = (int8_t)consensus_of(&v, it, layer->kind, &adj);
	}
	if (has_cust && d->relevance.cfield >= 0) {   /* a project scheme's relevance field */
		const struct rp_cfield *cf = &d->cfields[d->relevance.cfield];
		for (uint32_t r = 1; r <= it->n_ranks; r++)
			if (layer->own_cust[(size_t)ob->cust + (size_t)rp_cust_offset(d, it, cf, r)] == RP_NO_CONSENSUS) {
				layer->rel_no_consensus_units += rp_unit_first(d, UNIT_PASSAGE, item, (long)r);
				ob->rel_no_consensus = 1;
			}
		layer->rel_no_consensus_items += ob->rel_no_consensus;
	}
	if (!has_rel || it->n_ranks == 0)
		return;
	xgrow(&layer->own_rel, cap_rel, (size_t)layer->n_own_rel + it->n_ranks, 1);
	ob->rel = (int32_t)layer->n_own_rel;
	v.cat = -1;
	for (uint32_t r = 1; r <= it->n_ranks; r++) {
		v.rank = r;
		int code = consensus_of(&v, it, layer->kind, &adj);
		layer->own_rel[layer->n_own_rel++] = (int8_t)code;
		if (code == RP_NO_CONSENSUS) {
			/* a pooled passage is one unit, however many responses hold it */
			layer->rel_no_consensus_units += rp_unit_first(d, UNIT_PASSAGE, item, (long)r);
			ob->rel_no_consensus = 1;
		}
	}
	layer->rel_no_consensus_items += ob->rel_no_consensus;
}

/* A passage known for a turn in a layer: its grade (the gain of graded
 * nDCG) and whether it counts as relevant. */
struct known {
	int64_t id;
	int gain, relevant;
};

static int cmp_known(const void *pa, const void *pb)
{
	const struct known *a = pa, *b = pb;
	return (a->id > b->id) - (a->id < b->id);
}

static int cmp_gain_desc(const void *pa, const void *pb)
{
	int a = *(const int8_t *)pa, b = *(const int8_t *)pb;
	return (a < b) - (a > b);
}

static void add_known(struct known **kn, size_t *n, size_t *cap, int64_t id, int gain, int relevant)
{
	xgrow(kn, cap, *n + 1, sizeof(**kn));
	(*kn)[(*n)++] = (struct known){ id, gain, relevant };
}

/* The known passages kn[0..n) (sorted here) of the observations of turn
 * with rater key in [a, b): R, the distinct passages that count as
 * relevant; with graded relevance, the grades of the distinct passages
 * above 0 (each its highest), best first, into layer->ideal. */
static void set_known(struct rp_layer *layer, const struct rp_data *d, struct known *kn, size_t n, size_t a,
		      size_t b, int32_t key)
{
	int32_t R = 0, ideal = -1, n_ideal = 0;
	if (n > 1)
		qsort(kn, n, sizeof(*kn), cmp_known);
	for (size_t i = 0; i < n;) {
		size_t e = i;
		int gain = 0, relevant = 0;
		for (; e < n && kn[e].id == kn[i].id; e++) {
			gain = kn[e].gain > gain ? kn[e].gain : gain;
			relevant |= kn[e].relevant;
		}
		R += relevant;
		if (d->relevance.graded && gain > 0) {
			xgrow(&layer->ideal, &layer->cap_ideal, layer->n_ideal + 1, 1);
			if (ideal < 0)
				ideal = (int32_t)layer->n_ideal;
			layer->ideal[layer->n_ideal++] = (int8_t)gain;
			n_ideal++;
		}
		i = e;
	}
	if (n_ideal > 1)
		qsort(layer->ideal + ideal, (size_t)n_ideal, 1, cmp_gain_desc);
	for (size_t h = a; h < b; h++)
		if (layer->obs[h].rater == key) {
			layer->obs[h].R = R;
			layer->obs[h].ideal = ideal;
			layer->obs[h].n_ideal = n_ideal;
		}
}

/* R of every observation: per turn and rater (or the consensus), the gold
 * passages plus the passages judged relevant (at d->relevance's threshold
 * or above) in any response to the turn plus the extra gold passages named
 * for it; a gold or extra gold passage has the threshold's grade unless
 * judged higher. */
static enum status known_relevant(struct store_reader *s, struct rp_data *d, struct rp_layer *layer,
				  struct error *err)
{
	const struct rp_role *role = &d->relevance;
	int gold_gain = role->graded ? role->threshold : 1;
	struct known *kn = NULL;
	int64_t *ids = NULL;
	size_t n_kn, cap_kn = 0, n_ids, cap_ids = 0, a = 0;
	enum status st = ST_OK;
	while (a < layer->n_obs && st == ST_OK) {
		uint32_t turn = d->items[layer->obs[a].item].turn;
		size_t b = a;
		while (b < layer->n_obs && d->items[layer->obs[b].item].turn == turn)
			b++;
		/* each distinct rater key in [a, b) */
		for (size_t g = a; g < b && st == ST_OK; g++) {
			int32_t key = layer->obs[g].rater;
			int seen = 0;
			for (size_t h = a; h < g && !seen; h++)
				seen = layer->obs[h].rater == key;
			if (seen)
				continue;
			const struct rp_turn *t = &d->turns[turn];
			n_kn = 0;
			for (uint32_t i = 0; i < t->n_gold_pas; i++)
				add_known(&kn, &n_kn, &cap_kn, d->gold_passages[t->gold_pas + i], gold_gain, 1);
			for (size_t h = g; h < b && st == ST_OK; h++) {
				const struct rp_obs *ob = &layer->obs[h];
				const struct rp_item *it = &d->items[ob->item];
				if (ob->rater != key)
					continue;
				for (uint32_t r = 0; r < it->n_ranks; r++) {
					int code = rp_rel_code(d, layer, ob, (long)r + 1);
					int64_t id = d->passages[it->ranks + r];
					if (!id || code < 0 || (code < role->threshold && !(role->graded && code > 0)))
						continue;
					add_known(&kn, &n_kn, &cap_kn, id, role->graded ? code : 1, code >= role->threshold);
				}
				for (int32_t j = it->first_j; j >= 0 && st == ST_OK; j = d->judgements[j].next) {
					const struct rp_judgement *jj = &d->judgements[j];
					if (jj->extra < 0 || (key >= 0 && jj->rater != key))
						continue;
					n_ids = 0;
					st = rp_extra_ids(s, d, d->extras[jj->extra], &ids, &n_ids, &cap_ids, err);
					for (size_t i = 0; st == ST_OK && i < n_ids; i++)
						add_known(&kn, &n_kn, &cap_kn, ids[i], gold_gain, 1);
				}
			}
			set_known(layer, d, kn, n_kn, g, b, key);
		}
		a = b;
	}
	free(kn);
	free(ids);
	return st;
}

enum status rp_layer_build(struct store_reader *s, struct rp_data *d, const struct report_options *o,
			   struct rp_layer *layer, struct error *err)
{
	size_t cap_rel = 0, cap_cust = 0;
	int32_t only = -1;
	memset(layer, 0, sizeof(*layer));
	layer->kind = o->consensus;
	if (o->consensus == REPORT_CONSENSUS_RATER) {
		for (size_t i = 0; i < d->n_raters && only < 0; i++)
			if (strcmp(d->raters[i].name, o->consensus_rater) == 0)
				only = (int32_t)i;
		if (only < 0)
			return error_set(err, ST_INPUT, "--consensus rater:%s: no such rater%s", o->consensus_rater,
					 o->n_raters ? " among --raters" : " in the project");
	}
	if (o->consensus == REPORT_CONSENSUS_ADJUDICATED) {
		int any = 0;
		for (size_t i = 0; i < d->n_raters; i++)
			any |= d->raters[i].adjudicator;
		if (!any)
			return error_set(err, ST_INPUT,
					 "--consensus adjudicated: no rater has the role adjudicator%s (give one "
					 "with: convqa rater add NAME --role adjudicator)", o->n_raters ? " among --raters" : "");
	}
	layer->obs = xcalloc(d->n_judgements + 1, sizeof(*layer->obs));
	if (o->consensus == REPORT_CONSENSUS_NONE || o->consensus == REPORT_CONSENSUS_RATER) {
		/* every rater's judgement but an adjudicator's (a settlement, not
		 * a judgement; rater:NAME names whom it wants) */
		for (size_t j = 0; j < d->n_judgements; j++)
			if (only < 0 ? !d->raters[d->judgements[j].rater].adjudicator : d->judgements[j].rater == only)
				obs_from_judgement(&layer->obs[layer->n_obs++], d, j);
		qsort(layer->obs, layer->n_obs, sizeof(*layer->obs), cmp_obs);
		layer->rel = d->rel_codes;
		layer->cust = d->cust_codes;
	} else {
		rp_unit_places(d, UNIT_PASSAGE);
		for (size_t i = 0; i < d->n_items; i++)
			if (d->items[i].first_j >= 0)
				consensus_obs(layer, d, (uint32_t)i, &cap_rel, &cap_cust);
		layer->rel = layer->own_rel;
		layer->cust = layer->own_cust;
	}
	for (size_t i = 0; i < layer->n_obs; i++) {
		struct rp_obs *ob = &layer->obs[i];
		int8_t gold = d->turns[d->items[ob->item].turn].gold_intent;
		ob->intent_group = (int8_t)(ob->code[RP_INTENT] >= 0 ? ob->code[RP_INTENT] : gold >= 0 ? gold : 3);
	}
	if (!(rp_needs(o) & RP_NEED_R))
		return ST_OK;   /* R is for the retrieval metrics only */
	return known_relevant(s, d, layer, err);
}

void rp_layer_release(struct rp_layer *layer)
{
	free(layer->obs);
	free(layer->own_rel);
	free(layer->own_cust);
	free(layer->ideal);
	memset(layer, 0, sizeof(*layer));
}
