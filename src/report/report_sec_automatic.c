/* report_sec_automatic.c - section "automatic": EM, F1, SCAI EM, BLEU-1,
 * ROUGE-1 R and ROUGE-L F against the gold answers per system, and their
 * correlation with the raters' answer_correct; the systems' rewrites
 * against the turns' rewrites (ROUGE-1 recall, SCAI-QReCC's QR). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/metrics_answer.h"
#include "convqa/metrics_stats.h"
#include "convqa/metrics_variants.h"
#include "report_internal.h"

/* The metrics of the section (metrics_answer.h), in column order, and their
 * labels. With --bleu-bp the BLEU-1 column is BLEU-1 with the brevity
 * penalty. A new column: a row here, and RP_N_AUTO one more. */
static const struct auto_metric {
	enum metrics_answer m;
	const char *label;
} auto_metrics[] = {
	{ METRICS_ANSWER_EM, "EM" },
	{ METRICS_ANSWER_F1, "F1" },
	{ METRICS_ANSWER_SCAI_EM, "SCAI EM" },
	{ METRICS_ANSWER_BLEU1, "BLEU-1" },
	{ METRICS_ANSWER_ROUGE1_R, "ROUGE-1 R" },
	{ METRICS_ANSWER_ROUGE_L, "ROUGE-L F" },
};
#define N_AUTO ARRAY_SIZE(auto_metrics)
_Static_assert(N_AUTO == RP_N_AUTO, "RP_N_AUTO counts auto_metrics[]");

static void correlation_row(struct rtable *t, const char *group, const double *x, const double *y,
			    size_t n)
{
	struct rrow *row = rtable_row(t, group, (long)n);
	enum metrics_status (*fn[3])(const double *, const double *, size_t, double *) = {
		metrics_pearson, metrics_spearman, metrics_kendall_tau_b,
	};
	for (int i = 0; i < 3; i++) {
		double v;
		enum metrics_status st = fn[i](x, y, n, &v);
		if (st == METRICS_OK)
			rcell_num(row, i, v, (long)n);
		else
			rcell_undef(row, i, (long)n, "%s", metrics_status_message(st));
	}
}

void rp_auto_scores(const struct rp_data *d, const struct report_options *o, double *val,
		    uint8_t *scored)
{
	/* the golds of a turn tokenised (and stemmed) once for its items */
	struct metrics_golds *golds = NULL;
	uint32_t golds_turn = 0;
	for (size_t i = 0; i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		const struct rp_turn *t = &d->turns[it->turn];
		double all[METRICS_ANSWER_COUNT];
		if (t->n_gold_ans == 0)
			continue;
		if (!golds || golds_turn != it->turn) {
			metrics_golds_free(golds);
			golds = metrics_golds_new((const char *const *)d->gold_answers + t->gold_ans, t->n_gold_ans);
			golds_turn = it->turn;
		}
		metrics_answer_all_golds(it->answer, golds, o->rouge_beta, all);
		if (o->bleu_bp)
			all[METRICS_ANSWER_BLEU1] = all[METRICS_ANSWER_BLEU1_BP];
		for (size_t m = 0; m < N_AUTO; m++)
			val[i * N_AUTO + m] = all[auto_metrics[m].m];
		scored[i] = 1;
	}
	metrics_golds_free(golds);
}

/* Automatic scores are of the turn task: the section appears when --task
 * leaves it in and the turn task is shown, some turn has a gold answer or
 * some system rewrote a question. */
int rp_automatic_applies(const struct rp_ctx *c)
{
	int gold = 0;
	if (!(c->d->selected & (1u << TASK_TURN)))
		return 0;
	for (size_t i = 0; i < c->d->n_turns && !gold; i++)
		gold = c->d->turns[i].n_gold_ans > 0;
	for (size_t i = 0; i < c->d->n_items && !gold; i++)
		gold = c->d->items[i].rewrite != NULL;
	return (c->shown & (1u << TASK_TURN)) || gold;
}

static void automatic_notes(const struct rp_ctx *c, struct rsection *sec, int scope)
{
	rsection_note(sec, "Each metric compares an item's answer with every gold answer of its turn and keeps "
			   "the best (SQuAD). EM and F1: SQuAD normalisation (lowercase, no ASCII punctuation, "
			   "no articles a/an/the); SCAI EM: lowercase, Snowball English stop words and "
			   "punctuation removed, Snowball English stems; BLEU-1: clipped unigram precision, %s; "
			   "ROUGE-1 R: unigram recall; ROUGE-L F: LCS F-measure with beta %g.",
		      c->o->bleu_bp ? "with the brevity penalty (--bleu-bp)" : "no brevity penalty", c->o->rouge_beta);
	rsection_note(sec, "An answer or gold answer with no words left after the normalisation: EM, F1 and "
			   "SCAI EM are 1 if the other has none either, else 0 (SQuAD 2.0 script); BLEU-1, "
			   "ROUGE-1 R and ROUGE-L F are 0 (as NLTK's sentence_bleu and rouge-score). Such a gold "
			   "answer counts only when every gold answer of the turn is one (SQuAD 2.0).");
	rsection_note(sec, "Items: every item with a gold answer%s. Correlation: over those items that also have "
			   "answer_correct in the layer, whose human score is %s.",
		      scope ? " that has a label in the selection" : "",
		      c->layer->kind == REPORT_CONSENSUS_NONE ? "the mean of its raters' answer_correct (0 or 1)"
							     : "its answer_correct (0 or 1)");
}

/* Per system and imported score, its correlation with the human score as
 * the metrics' (correlation_row): over the items that have the score and
 * answer_correct in the layer (with a label in the selection, as the
 * metrics' items). x and y hold n_items. */
static void imported_correlation(const struct rp_ctx *c, struct rtable *ct, const struct rp_imported *im,
				 const double *human, const long *human_n, double *x, double *y)
{
	const struct rp_data *d = c->d;
	int scope = c->round_given || c->o->n_raters;
	char name[600];
	for (size_t s = 0; s < d->n_systems; s++)
		for (size_t k = 0; k < im->n_names; k++) {
			size_t n = 0;
			for (size_t i = 0; i < d->n_items; i++) {
				double v = im->val[i * im->n_names + k];
				if (isnan(v) || !human_n[i] || d->items[i].system != s || (scope && !d->items[i].in_round))
					continue;
				x[n] = v;
				y[n++] = human[i] / (double)human_n[i];
			}
			if (n == 0)
				continue;
			snprintf(name, sizeof(name), "%s / score:%s", d->systems[s], im->names[k]);
			correlation_row(ct, name, x, y, n);
		}
}

/* Per system and metric, the correlation of the metric over the scored
 * items with their human score: the mean answer_correct in the layer. t is
 * the table of means (its columns name the metrics). */
static void correlation_table(const struct rp_ctx *c, struct rsection *sec, const struct rtable *t,
			      const uint8_t *scored, const long *count, const struct rp_imported *im)
{
	const struct rp_data *d = c->d;
	const struct rp_layer *L = c->layer;
	const double *val = c->auto_val;
	double *human = xcalloc(d->n_items + 1, sizeof(double));
	long *human_n = xcalloc(d->n_items + 1, sizeof(long));
	char name[256];
	for (size_t i = 0; i < L->n_obs; i++) {
		int v = L->obs[i].code[RP_CORRECT];
		if (v >= 0) {
			human[L->obs[i].item] += v;
			human_n[L->obs[i].item]++;
		}
	}
	struct rtable *ct = rsection_table(sec, "correlation", "Correlation with answer_correct", "system / metric",
					   "items");
	rtable_col(ct, "pearson", "Pearson r", RF_FRACTION, 0);
	rtable_col(ct, "spearman", "Spearman rho", RF_FRACTION, 0);
	rtable_col(ct, "kendall_tau_b", "Kendall tau-b", RF_FRACTION, 0);
	double *x = xcalloc(d->n_items + 1, sizeof(double)), *y = xcalloc(d->n_items + 1, sizeof(double));
	for (size_t s = 0; s < d->n_systems; s++) {   /* per system: which metric agrees with people */
		if (count[s] == 0)
			continue;
		for (size_t m = 0; m < N_AUTO; m++) {
			size_t n = 0;
			for (size_t i = 0; i < d->n_items; i++) {
				if (!scored[i] || !human_n[i] || d->items[i].system != s)
					continue;
				x[n] = val[i * N_AUTO + m];
				y[n++] = human[i] / (double)human_n[i];
			}
			if (n == 0)
				continue;   /* no item of this system has the human label */
			snprintf(name, sizeof(name), "%s / %s", d->systems[s], t->cols[m].id);
			correlation_row(ct, name, x, y, n);
		}
	}
	imported_correlation(c, ct, im, human, human_n, x, y);
	if (ct->n_rows == 0)
		rtable_note(ct, "No correlation: no item with a gold answer has answer_correct%s.",
			    c->layer->kind == REPORT_CONSENSUS_NONE ? "" : " in the layer");
	free(x);
	free(y);
	free(human);
	free(human_n);
}

/* ---- the extended gold (--extended-gold) ---------------------------------- */

/* Whether the raters' verdicts make item it's answer a gold answer, as
 * export --format gold-extension decides: judged plausible - by the
 * adjudicators where they settled it (all of them), else by more than half
 * of the trusted raters with a value - and, where faithfulness was judged,
 * faithful likewise. */
static int judged_gold(const struct rp_data *d, const struct rp_item *it)
{
	long n[2][2] = { { 0 } }, yes[2][2] = { { 0 } };   /* [field][adjudicator] */
	for (int32_t j = it->first_j; j >= 0; j = d->judgements[j].next) {
		const struct rp_judgement *jd = &d->judgements[j];
		int adj = d->raters[jd->rater].adjudicator;
		if (d->raters[jd->rater].distrusted && !adj)
			continue;
		for (int f = 0; f < 2; f++) {
			int v = jd->code[f ? RP_FAITH : RP_PLAUS];
			n[f][adj] += v >= 0;
			yes[f][adj] += v == 0;   /* plausible, faithful: the first category */
		}
	}
	int ok[2];
	for (int f = 0; f < 2; f++)
		ok[f] = n[f][1] ? yes[f][1] == n[f][1] : 2 * yes[f][0] > n[f][0];
	return ok[0] && (n[1][0] + n[1][1] == 0 || ok[1]);
}

/* Whether answer is one of golds[0..n) after the SQuAD normalisation (the
 * export adds it only once). */
static int among(const char *answer, const char *const *golds, size_t n)
{
	char *a = metrics_normalize_answer(answer);
	int found = 0;
	for (size_t i = 0; i < n && !found; i++) {
		char *g = metrics_normalize_answer(golds[i]);
		found = strcmp(a, g) == 0;
		free(g);
	}
	free(a);
	return found;
}

struct ext_acc {
	double sum[4];                 /* EM, F1 against the gold; EM, F1 against the extended gold */
	long n, n_ext, added;
};

static void ext_cells(struct rtable *t, const char *name, const struct ext_acc *a)
{
	struct rrow *row = rtable_row(t, name, a->n_ext);
	for (int m = 0; m < 4; m++) {
		long n = m < 2 ? a->n : a->n_ext;
		if (n)
			rcell_num(row, m, a->sum[m] / (double)n, n);
		else
			rcell_undef(row, m, 0, m < 2 ? "no item with a gold answer" : "no item with a gold answer "
				    "or an answer judged plausible");
	}
	rcell_count(row, 4, a->added);
}

/* EM and F1 of each item against its turn's gold answers and against them
 * joined by the answers of the turn judged plausible (and faithful): the
 * scores a project imported from export --format gold-extension gives. */
static void extended_gold(const struct rp_ctx *c, struct rsection *sec, int scope)
{
	const struct rp_data *d = c->d;
	size_t ns = d->n_systems;
	struct ext_acc *acc = xcalloc(ns + 1, sizeof(*acc));
	const char **golds = NULL;
	size_t cap = 0;
	for (size_t ti = 0; ti < d->n_turns; ti++) {
		const struct rp_turn *t = &d->turns[ti];
		size_t n = t->n_gold_ans;
		xgrow(&golds, &cap, n + t->n_items + 1, sizeof(*golds));
		for (size_t g = 0; g < n; g++)
			golds[g] = d->gold_answers[t->gold_ans + g];
		/* an answer joins once (all); it counts for every system that gave it */
		for (uint32_t i = t->first_item; i < t->first_item + t->n_items; i++)
			if (judged_gold(d, &d->items[i]) && !among(d->items[i].answer, golds, t->n_gold_ans)) {
				acc[d->items[i].system].added++;
				if (!among(d->items[i].answer, golds, n)) {
					golds[n++] = d->items[i].answer;
					acc[ns].added++;
				}
			}
		for (uint32_t i = t->first_item; i < t->first_item + t->n_items && n; i++) {
			const struct rp_item *it = &d->items[i];
			if (scope && !it->in_round)
				continue;
			double v[4] = { 0 };
			int orig = t->n_gold_ans > 0;
			if (orig) {
				v[0] = metrics_answer_max(METRICS_ANSWER_EM, it->answer, golds, t->n_gold_ans, 1);
				v[1] = metrics_answer_max(METRICS_ANSWER_F1, it->answer, golds, t->n_gold_ans, 1);
			}
			v[2] = metrics_answer_max(METRICS_ANSWER_EM, it->answer, golds, n, 1);
			v[3] = metrics_answer_max(METRICS_ANSWER_F1, it->answer, golds, n, 1);
			for (size_t k = 0; k < 2; k++) {
				struct ext_acc *a = &acc[k ? ns : it->system];
				a->n += orig;
				a->n_ext++;
				for (int m = 0; m < 4; m++)
					a->sum[m] += m < 2 && !orig ? 0 : v[m];
			}
		}
	}
	struct rtable *t = rsection_table(sec, "extended_gold", "EM and F1 against the extended gold", "system",
					  "items");
	rtable_col(t, "em", "EM", RF_FRACTION, 0);
	rtable_col(t, "f1", "F1", RF_FRACTION, 0);
	rtable_col(t, "em_extended", "EM ext.", RF_FRACTION, 0);
	rtable_col(t, "f1_extended", "F1 ext.", RF_FRACTION, 0);
	rtable_col(t, "added", "answers added", RF_COUNT, 0);
	for (size_t s = 0; s <= ns; s++)
		if (s == ns || acc[s].n_ext || acc[s].added)
			ext_cells(t, s < ns ? d->systems[s] : "all", &acc[s]);
	rsection_note(sec, "Extended gold (--extended-gold): each turn's gold answers joined by the answers of the "
			   "turn judged plausible - by an adjudicator where one settled it, else by more than half "
			   "of the trusted raters who judged them (each rater's current value%s) - and, where "
			   "faithfulness was judged, faithful likewise: what a "
			   "project imported from convqa export --format gold-extension scores against. EM and F1 "
			   "over the items with a gold answer; EM ext. and F1 ext. over those with a gold answer in "
			   "the extended gold (items). Answers added: the answers of this system that joined the "
			   "gold (not one of its answers already, after the SQuAD normalisation, as in the export); "
			   "an answer two systems gave counts for each, once in all.",
		      c->round_given && c->o->n_raters ? " in the rounds of --round, of the raters of --raters" :
				    c->round_given ? " in the rounds of --round" :
				    c->o->n_raters ? ", of the raters of --raters" : "");
	free(golds);
	free(acc);
}

/* ---- the rewrites (SCAI-QReCC's QR) ------------------------------------------ */

/* Per system that rewrote a question, the mean ROUGE-1 recall of its
 * rewrites against the turns' rewrites, over its items whose turn has a
 * rewrite and is not the first (a response without a rewrite scores 0):
 * the rewriting metric of the SCAI-QReCC shared task. No table when no
 * system rewrote. */
static void rewrite_table(const struct rp_ctx *c, struct rsection *sec, int scope)
{
	const struct rp_data *d = c->d;
	size_t ns = d->n_systems, n_rewriting = 0;
	double *sum = xcalloc(ns + 1, sizeof(double));
	long *n = xcalloc(ns + 1, sizeof(long));
	uint8_t *rewrote = xcalloc(ns + 1, 1);
	for (size_t i = 0; i < d->n_items; i++)
		if (d->items[i].rewrite && !rewrote[d->items[i].system]) {
			rewrote[d->items[i].system] = 1;
			n_rewriting++;
		}
	for (size_t i = 0; i < d->n_items && n_rewriting; i++) {
		const struct rp_item *it = &d->items[i];
		const struct rp_turn *t = &d->turns[it->turn];
		if (!rewrote[it->system] || !t->rewrite || !t->rewrite[0] || t->position < 2 || (scope && !it->in_round))
			continue;
		sum[it->system] += metrics_rouge1_recall(it->rewrite ? it->rewrite : "", t->rewrite);
		n[it->system]++;
	}
	if (n_rewriting) {
		struct rtable *tb = rsection_table(sec, "rewrites", "Rewrites against the turns' rewrites", "system",
						   "items");
		rtable_col(tb, "rouge1_r", "ROUGE-1 R", RF_FRACTION, 0);
		for (size_t s = 0; s < ns; s++) {
			if (!rewrote[s])
				continue;
			struct rrow *row = rtable_row(tb, d->systems[s], n[s]);
			if (n[s])
				rcell_num(row, 0, sum[s] / (double)n[s], n[s]);
			else
				rcell_undef(row, 0, 0, "no item on a turn after the first with a rewrite");
		}
		rsection_note(sec, "Rewrites: each system's rewrite of the question against the turn's rewrite, "
				   "ROUGE-1 recall over the tokens of the SQuAD normalisation (as ROUGE-1 R above), "
				   "for the systems that rewrote a question, over their items%s on turns after the "
				   "first that have a rewrite; an item without the system's rewrite scores 0 (the "
				   "SCAI-QReCC 2021 rewriting metric, QR; docs/metrics.md says how it differs).",
			      scope ? " with a label in the selection" : "");
	}
	free(sum);
	free(n);
	free(rewrote);
}

/* Seed 003's fuzzy fact inclusion (--variant seed003) of the scored
 * items, summed per system (then all, at ns); NULL without the variant.
 * Caller frees. */
static double *fuzzy_sums(const struct rp_ctx *c, const uint8_t *scored)
{
	const struct rp_data *d = c->d;
	size_t ns = d->n_systems;
	if (!(c->o->variants & REPORT_VARIANT_SEED003))
		return NULL;
	double *sum = xcalloc(ns + 1, sizeof(double));
	for (size_t i = 0; i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		const struct rp_turn *tu = &d->turns[it->turn];
		if (!scored[i])
			continue;
		double v = metrics_fuzzy_inclusion(it->answer, (const char *const *)d->gold_answers + tu->gold_ans,
						   tu->n_gold_ans, c->o->fuzzy_threshold);
		sum[it->system] += v;
		sum[ns] += v;
	}
	return sum;
}

/* The means by turn depth (--by turn): rows "SYSTEM / DEPTH", all systems
 * first, over the scored items of each depth (the automatic evaluation of
 * a replay, turn by turn). t: the table of means, whose columns it copies. */
static void auto_by_turn(const struct rp_ctx *c, struct rsection *sec, const struct rtable *means,
			 const uint8_t *scored)
{
	const struct rp_data *d = c->d;
	size_t ns = d->n_systems, nd = d->max_position > 0 ? (size_t)d->max_position : 1;
	double *sum = xcalloc((ns + 1) * nd * N_AUTO + 1, sizeof(double));   /* [system (all first)][depth][m] */
	long *n = xcalloc((ns + 1) * nd + 1, sizeof(long));
	char name[300];
	for (size_t i = 0; i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		size_t depth = (size_t)d->turns[it->turn].position - 1;
		if (!scored[i] || depth >= nd)
			continue;
		size_t at[2] = { depth, (1 + it->system) * nd + depth };
		for (int k = 0; k < 2; k++) {
			n[at[k]]++;
			for (size_t m = 0; m < N_AUTO; m++)
				sum[at[k] * N_AUTO + m] += c->auto_val[i * N_AUTO + m];
		}
	}
	struct rtable *t = rsection_table(sec, "by_turn", "Mean by turn depth", "system / turn depth", "items");
	for (size_t m = 0; m < N_AUTO; m++)
		rtable_col(t, means->cols[m].id, means->cols[m].label, RF_FRACTION, 0);
	for (size_t s = 0; s <= ns; s++)
		for (size_t g = 0; g < nd; g++) {
			size_t at = s * nd + g;
			if (!n[at])
				continue;
			snprintf(name, sizeof(name), "%s / %zu", s ? d->systems[s - 1] : "all", g + 1);
			struct rrow *row = rtable_row(t, name, n[at]);
			for (size_t m = 0; m < N_AUTO; m++)
				rcell_num(row, (int)m, sum[at * N_AUTO + m] / (double)n[at], n[at]);
		}
	free(sum);
	free(n);
}

enum status rp_automatic(struct rp_ctx *c)
{
	const struct rp_data *d = c->d;
	struct rsection *sec = report_section(c->r, "automatic", "Automatic answer metrics against the gold answers");
	size_t ns = d->n_systems;
	const double *val = c->auto_val;
	uint8_t *scored = xcalloc(d->n_items + 1, 1);
	double *sum = xcalloc((ns + 1) * N_AUTO, sizeof(double));
	long *count = xcalloc(ns + 1, sizeof(long));
	int scope = c->round_given || c->o->n_raters;

	for (size_t i = 0; i < d->n_items; i++) {
		const struct rp_item *it = &d->items[i];
		if (!c->auto_scored[i] || (scope && !it->in_round))
			continue;
		scored[i] = 1;
		count[it->system]++;
		count[ns]++;
		for (size_t m = 0; m < N_AUTO; m++) {
			sum[it->system * N_AUTO + m] += val[i * N_AUTO + m];
			sum[ns * N_AUTO + m] += val[i * N_AUTO + m];
		}
	}
	struct rtable *t = rsection_table(sec, "by_system", "Mean per system", "system", "items");
	for (size_t m = 0; m < N_AUTO; m++) {
		int bp = c->o->bleu_bp && auto_metrics[m].m == METRICS_ANSWER_BLEU1;
		rtable_col(t, metrics_answer_name(bp ? METRICS_ANSWER_BLEU1_BP : auto_metrics[m].m),
			   bp ? "BLEU-1 BP" : auto_metrics[m].label, RF_FRACTION, 0);
	}
	double *fuzzy = fuzzy_sums(c, scored);
	if (fuzzy)
		rtable_col(t, "fuzzy", "fuzzy incl.", RF_FRACTION, 0);
	for (size_t s = 0; s <= ns; s++) {
		if (s < ns && count[s] == 0)
			continue;
		struct rrow *row = rtable_row(t, s < ns ? d->systems[s] : "all", count[s]);
		for (size_t m = 0; m < N_AUTO + (fuzzy != NULL); m++) {
			double v = m < N_AUTO ? sum[s * N_AUTO + m] : fuzzy[s];
			if (count[s])
				rcell_num(row, (int)m, v / (double)count[s], count[s]);
			else
				rcell_undef(row, (int)m, 0, "no item with a gold answer");
		}
	}
	free(fuzzy);
	if (c->o->by & REPORT_BY_TURN)
		auto_by_turn(c, sec, t, scored);

	struct rp_imported im;
	enum status st = rp_imported_load(c, &im);
	if (st == ST_OK) {
		correlation_table(c, sec, t, scored, count, &im);
		rp_imported_tables(c, sec, &im, scope);
		st = rp_threshold_table(c, sec, &im, scope);
	}
	rp_imported_release(&im);
	automatic_notes(c, sec, scope);
	if (c->o->variants & REPORT_VARIANT_SEED003)
		rsection_note(sec, "fuzzy incl. (seed 003's fuzzy fact inclusion, --variant seed003): the share of "
				   "answers that include a gold answer approximately: with both normalised as for EM, "
				   "1 - d / g reaches %g, g the gold's length in characters and d the fewest edits "
				   "that turn some part of the answer into the gold (approximate substring matching, "
				   "Sellers 1980).", c->o->fuzzy_threshold);
	if (c->o->variants & REPORT_VARIANT_SEED001)
		rp_reader_table(c, sec, scored);
	if (c->o->extended_gold)
		extended_gold(c, sec, scope);
	rewrite_table(c, sec, scope);
	free(scored);
	free(sum);
	free(count);
	return st;
}

