/* report_sec_pairwise.c - section pairwise: side-by-side preferences per
 * field (report_pairwise.h), the figures from metrics_pairwise.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/common.h"
#include "report_internal.h"
#include "report_pairwise.h"

/* What every table of one field's section reads. */
struct pw_ctx {
	const struct pref_row *rows;   /* the valid rows of every field */
	size_t n_rows;
	const char *field;
	const char *const *systems;
	size_t n_systems;
	const char *const *raters;
	size_t n_raters;
	const struct pairwise_options *o;
	struct pairwise_tally tally;   /* of the field: of the settled rows when there are */
	const struct report_pairwise_settled *settled;   /* NULL: every judgement counts */
};

static double level(const struct pairwise_options *o)
{
	return 100.0 * (1 - erfc(o->z / sqrt(2.0)));
}

/* ---- pairs ------------------------------------------------------------------------------ */

static void pair_row(const struct pw_ctx *p, struct rtable *t, size_t a, size_t b)
{
	const struct pairwise_tally *ta = &p->tally;
	long w = pairwise_wins(ta, a, b), l = pairwise_wins(ta, b, a), ti = pairwise_ties(ta, a, b);
	struct pairwise_stats st;
	if (pairwise_pair_stats(w, l, ti, p->o->z, &st) != METRICS_OK)
		return;
	char *group = xasprintf("%s vs %s", p->systems[a], p->systems[b]);
	struct rrow *row = rtable_row(t, group, st.n);
	free(group);
	rcell_text(row, 0, p->systems[a]);
	rcell_text(row, 1, p->systems[b]);
	rcell_count(row, 2, w);
	rcell_count(row, 3, ti);
	rcell_count(row, 4, l);
	rcell_count(row, 5, ta->both_bad[a * ta->n + b]);
	rcell_count(row, 6, ta->same[a * ta->n + b]);
	rcell_num(row, 7, st.rate_half, st.n);
	rcell_ci(row, 7, st.half_lo, st.half_hi);
	if (st.has_decided) {
		rcell_num(row, 8, st.rate_decided, w + l);
		rcell_ci(row, 8, st.decided_lo, st.decided_hi);
		rcell_num(row, 9, st.sign_p, w + l);
	} else {
		rcell_undef(row, 8, 0, "only ties");
		rcell_undef(row, 9, 0, "only ties");
	}
}

static void pairs_table(const struct pw_ctx *p, struct rsection *sec)
{
	struct rtable *t = rsection_table(sec, "pairs", "Wins, ties and losses per pair of systems", "pair",
					  "judgements");
	rtable_col(t, "a", "A", RF_TEXT, 0);
	rtable_col(t, "b", "B", RF_TEXT, 0);
	rtable_col(t, "wins", "A wins", RF_COUNT, 0);
	rtable_col(t, "ties", "ties", RF_COUNT, 0);
	rtable_col(t, "losses", "B wins", RF_COUNT, 0);
	rtable_col(t, "both_bad", "of ties: both bad", RF_COUNT, 0);
	rtable_col(t, "same", "of ties: identical", RF_COUNT, 0);
	rtable_col(t, "win_rate", "A win rate (ties half)", RF_FRACTION, 0);
	rtable_col(t, "win_rate_decided", "A win rate (no ties)", RF_FRACTION, 0);
	rtable_col(t, "sign_p", "sign test p", RF_PVALUE, 0);
	for (size_t a = 0; a < p->n_systems; a++)
		for (size_t b = a + 1; b < p->n_systems; b++)
			pair_row(p, t, a, b);
	rtable_note(t, "A row per pair of systems judged side by side; n counts judgements (a pair two raters "
		       "judged counts twice). Ties: equally good, both bad, and identical answers (not asked: "
		       "the answers were the same after normalisation).");
	rtable_note(t, "A win rate (ties half) = (A wins + ties / 2) / n; A win rate (no ties) = A wins / (A wins "
		       "+ B wins). Intervals: %.0f%% Wilson score intervals, z = %.2f.", level(p->o), p->o->z);
	rtable_note(t, "Sign test: exact two-sided binomial test of A wins among A wins + B wins at 1/2, ties "
		       "dropped (= SciPy's binomtest(A wins, A wins + B wins, 0.5)); uncorrected for the number "
		       "of pairs.");
}

/* ---- the win-rate matrix ---------------------------------------------------------------- */

static void matrix_table(const struct pw_ctx *p, struct rsection *sec)
{
	struct rtable *t = rsection_table(sec, "win_matrix", "Win rate of the row's system over the column's",
					  "row \\ column", NULL);
	for (size_t j = 0; j < p->n_systems; j++)
		rtable_col(t, p->systems[j], p->systems[j], RF_FRACTION, 0);
	for (size_t i = 0; i < p->n_systems; i++) {
		struct rrow *row = rtable_row(t, p->systems[i], -1);
		for (size_t j = 0; j < p->n_systems; j++) {
			struct pairwise_stats st;
			if (i == j)
				continue;
			if (pairwise_pair_stats(pairwise_wins(&p->tally, i, j), pairwise_wins(&p->tally, j, i),
						pairwise_ties(&p->tally, i, j), p->o->z, &st) != METRICS_OK) {
				continue;   /* not compared: an empty cell */
			}
			rcell_num(row, (int)j, st.rate_half, st.n);
			rcell_ci(row, (int)j, st.half_lo, st.half_hi);
		}
	}
	rtable_note(t, "Cell (row, column): (row wins + ties / 2) / judgements of the pair, with its %.0f%% "
		       "Wilson interval; cell (column, row) is 1 minus it; - on the diagonal and for pairs never "
		       "compared.", level(p->o));
}

/* ---- Bradley-Terry ------------------------------------------------------------------------- */

static const char *bt_state_text(enum pairwise_bt_state s)
{
	switch (s) {
	case PAIRWISE_BT_FINITE:
		return "estimated";
	case PAIRWISE_BT_ZERO:
		return "never preferred: strength 0";
	case PAIRWISE_BT_INFINITE:
		return "never lost: strength infinite";
	case PAIRWISE_BT_UNCOMPARED:
		return "in no judged pair";
	case PAIRWISE_BT_SPLIT:
		return "no maximum: the systems do not form one connected group";
	}
	return "";
}

/* Judgements system i took part in. */
static long judgements_of(const struct pairwise_tally *t, size_t i)
{
	long n = 0;
	for (size_t j = 0; j < t->n; j++)
		if (j != i)
			n += t->win[i * t->n + j] + t->win[j * t->n + i] + t->tie[i * t->n + j];
	return n;
}

static void bt_row(struct rtable *t, const struct pw_ctx *p, const struct pairwise_bt *bt, size_t k,
		   const double *lo, const double *hi, long used, const long *deg)
{
	size_t i = bt->rank[k];
	long n = judgements_of(&p->tally, i);
	struct rrow *row = rtable_row(t, p->systems[i], n);
	enum pairwise_bt_state s = bt->state[i];
	rcell_count(row, 0, (long)k + 1);
	if (s == PAIRWISE_BT_FINITE || s == PAIRWISE_BT_ZERO)
		rcell_num(row, 1, bt->strength[i], n);
	else
		rcell_undef(row, 1, n, "%s", bt_state_text(s));
	if (s == PAIRWISE_BT_FINITE) {
		rcell_num(row, 2, bt->log_strength[i], n);
		if (used > 0 && isfinite(lo[i]) && isfinite(hi[i]))
			rcell_ci(row, 2, lo[i], hi[i]);
	} else {
		rcell_undef(row, 2, n, "%s", bt_state_text(s));
	}
	rcell_text(row, 3, bt_state_text(s));
	if (used > 0) {
		rcell_count(row, 4, deg[i]);
		if (isnan(lo[i]))
			rcell_undef(row, 5, used, "no estimate");
		else
			rcell_text(row, 5, isinf(lo[i]) || isinf(hi[i]) ? "infinite bound" : "finite");
	}
}

static void bt_notes(struct rtable *t, const struct pw_ctx *p, const struct pairwise_bt *bt, long used)
{
	rtable_note(t, "Bradley-Terry: P(i preferred to j) = p_i / (p_i + p_j), fitted by maximum likelihood "
		       "over all judgements, a tie (of any kind) counted as half a win for each side; %d steps of "
		       "the MM (Zermelo) iteration, then Newton's method, until no log-strength moves by more than "
		       "%g (%s after %ld steps). "
		       "Strengths normalised to a geometric mean of 1 over the estimated systems (log-strength "
		       "0 = that mean).", PAIRWISE_BT_MM_STEPS, PAIRWISE_BT_TOL, bt->converged ? "converged" : "NOT converged",
		    bt->iterations);
	rtable_note(t, "A system never preferred (no win, no tie) among those left has no finite maximum: its "
		       "strength goes to 0 (shown as 0, ranked last); one that never lost goes to infinity "
		       "(ranked first); they are taken out in turn and the rest is fitted among itself.");
	if (p->o->resamples > 0)
		rtable_note(t, "Interval of the log-strength: %.0f%% bootstrap percentile interval over turns: %ld "
			       "resamples of the turns with replacement, each with all its judgements (seed %llu); "
			       "%ld resamples with an estimate for every system counted. \"at 0 or infinity\": "
			       "resamples where the system's strength was 0 or infinite; then a bound may be "
			       "infinite and the interval is not shown.", level(p->o), p->o->resamples,
			    (unsigned long long)p->o->seed, used);
}

static void bt_table(const struct pw_ctx *p, struct rsection *sec, const struct pref_row *rows, size_t n_rows)
{
	struct pairwise_bt bt;
	size_t n = p->n_systems;
	double *lo = xcalloc(n + 1, sizeof(double)), *hi = xcalloc(n + 1, sizeof(double));
	long *deg = xcalloc(n + 1, sizeof(long)), used = 0;
	pairwise_bt_from_tally(&p->tally, &bt);
	if (p->o->resamples > 0)
		pairwise_bt_bootstrap(rows, n_rows, p->field, n, p->o, lo, hi, &used, deg);
	struct rtable *t = rsection_table(sec, "bt_ranking", "Bradley-Terry ranking", "system", "judgements");
	rtable_col(t, "rank", "rank", RF_COUNT, 0);
	rtable_col(t, "strength", "strength", RF_NUMBER, 0);
	rtable_col(t, "log_strength", "log-strength", RF_NUMBER, 0);
	rtable_col(t, "estimate", "estimate", RF_TEXT, 0);
	if (p->o->resamples > 0) {
		rtable_col(t, "degenerate", "resamples at 0 or infinity", RF_COUNT, 0);
		rtable_col(t, "bounds", "interval bounds", RF_TEXT, 0);
	}
	for (size_t k = 0; k < n; k++)
		if (bt.state[bt.rank[k]] != PAIRWISE_BT_UNCOMPARED)
			bt_row(t, p, &bt, k, lo, hi, used, deg);
	bt_notes(t, p, &bt, used);
	pairwise_bt_release(&bt);
	free(lo);
	free(hi);
	free(deg);
}

/* ---- position bias --------------------------------------------------------------------------- */

static void position_table(const struct pw_ctx *p, struct rsection *sec)
{
	struct pairwise_position pos;
	pairwise_position(p->rows, p->n_rows, p->field, p->o->z, &pos);
	struct rtable *t = rsection_table(sec, "position", "Position bias: the answer shown first", "field",
					  "decided judgements");
	rtable_col(t, "first_wins", "first shown won", RF_COUNT, 0);
	rtable_col(t, "rate", "share won by the first shown", RF_FRACTION, 0);
	rtable_col(t, "sign_p", "p (share = 1/2)", RF_PVALUE, 0);
	rtable_col(t, "unknown", "order unknown", RF_COUNT, 0);
	struct rrow *row = rtable_row(t, p->field, pos.decided);
	rcell_count(row, 0, pos.first_wins);
	if (pos.has_rate) {
		rcell_num(row, 1, pos.rate, pos.decided);
		rcell_ci(row, 1, pos.lo, pos.hi);
		rcell_num(row, 2, pos.sign_p, pos.decided);
	} else {
		rcell_undef(row, 1, 0, "no decided judgement with a known order");
		rcell_undef(row, 2, 0, "no decided judgement with a known order");
	}
	rcell_count(row, 3, pos.unknown);
	rtable_note(t, "Among the judgements with a winner (A or B, not a tie) whose order on the screen is "
		       "known: the share where the answer shown first (left, or on top) won, with its %.0f%% "
		       "Wilson interval, and the exact two-sided binomial test of that share against 1/2. "
		       "Without a position bias it is near 1/2.", level(p->o));
}

/* ---- preference against absolute labels ------------------------------------------------------- */

static int any_absolute(const struct pw_ctx *p)
{
	for (size_t k = 0; k < p->n_rows; k++)
		if (p->rows[k].has_abs && p->rows[k].field && strcmp(p->rows[k].field, p->field) == 0)
			return 1;
	return 0;
}

/* Only where some preference has both answers labelled for correctness. */
static void absolute_table(const struct pw_ctx *p, struct rsection *sec)
{
	if (!any_absolute(p))
		return;
	struct pairwise_absolute a;
	pairwise_absolute(p->rows, p->n_rows, p->field, p->o->z, &a);
	struct rtable *t = rsection_table(sec, "absolute", "Preference against the absolute correctness labels",
					  "field", "judgements");
	rtable_col(t, "decided", "A or B preferred", RF_COUNT, 0);
	rtable_col(t, "agree", "preferred more correct", RF_COUNT, 0);
	rtable_col(t, "disagree", "preferred less correct", RF_COUNT, 0);
	rtable_col(t, "level", "equally correct", RF_COUNT, 0);
	rtable_col(t, "agreement", "agreement", RF_FRACTION, 0);
	rtable_col(t, "tau_b", "Kendall tau-b", RF_FRACTION, 0);
	struct rrow *row = rtable_row(t, p->field, a.pairs);
	rcell_count(row, 0, a.decided);
	rcell_count(row, 1, a.agree);
	rcell_count(row, 2, a.disagree);
	rcell_count(row, 3, a.level);
	if (a.has_rate) {
		rcell_num(row, 4, a.rate, a.agree + a.disagree);
		rcell_ci(row, 4, a.lo, a.hi);
	} else {
		rcell_undef(row, 4, 0, "no decided preference between answers of different correctness");
	}
	if (a.has_tau)
		rcell_num(row, 5, a.tau_b, a.pairs);
	else
		rcell_undef(row, 5, a.pairs, "the preference or the label difference is constant");
	rtable_note(t, "n counts the judgements (not identical answers) whose two answers both have a correctness "
		       "label in the report's layer (with every rater's judgements counting, their mean code). "
		       "Agreement = preferred more correct / (more + less correct): among the decided preferences "
		       "(A or B) whose answers differ in correctness, the share where the preferred answer has the "
		       "higher label, with its %.0f%% Wilson interval; equally correct ones are counted apart.",
		    level(p->o));
	rtable_note(t, "Kendall tau-b between the preference (A +1, B -1, tie or both bad 0) and the sign of A's "
		       "correctness minus B's, over the n judgements: 1 when the preferred answer is always the more "
		       "correct one. Needs the correctness labels in the report (with --task, the task that holds "
		       "them); without them a note under the section says why the table is absent.");
}

/* ---- agreement ----------------------------------------------------------------------------------- */

static void agreement_pairs(const struct pw_ctx *p, struct rtable *t)
{
	for (size_t r1 = 0; r1 < p->n_raters; r1++)
		for (size_t r2 = r1 + 1; r2 < p->n_raters; r2++) {
			struct agreement_kappa k;
			enum agreement_status st = pairwise_cohen(p->rows, p->n_rows, p->field, (int)r1, (int)r2, &k);
			if (st == AGREEMENT_NO_ITEMS)
				continue;
			char *group = xasprintf("%s / %s", p->raters[r1], p->raters[r2]);
			struct rrow *row = rtable_row(t, group, k.n);
			free(group);
			rcell_text(row, 0, "Cohen");
			if (st == AGREEMENT_OK) {
				rcell_num(row, 1, k.kappa, k.n);
				if (k.has_ci)
					rcell_ci(row, 1, k.ci_lo, k.ci_hi);
			} else {
				rcell_undef(row, 1, k.n, "%s", agreement_status_message(st));
			}
			long flips = k.confusion[PAIRWISE_CAT_A][PAIRWISE_CAT_B] +
				     k.confusion[PAIRWISE_CAT_B][PAIRWISE_CAT_A];
			rcell_count(row, 2, flips);
			rcell_num(row, 3, (double)flips / (double)k.n, k.n);
		}
}

static void agreement_table(const struct pw_ctx *p, struct rsection *sec)
{
	struct pairwise_agreement ag;
	pairwise_agreement(p->rows, p->n_rows, p->field, &ag);
	struct rtable *t = rsection_table(sec, "agreement", "Agreement between raters on preferences", "raters",
					  "units");
	rtable_col(t, "coefficient", "coefficient", RF_TEXT, 0);
	rtable_col(t, "kappa", "kappa", RF_FRACTION, 0);
	rtable_col(t, "flips", "flips A<->B", RF_COUNT, 0);
	rtable_col(t, "flip_share", "share of flips", RF_FRACTION, 0);
	struct rrow *row = rtable_row(t, "all", ag.units);
	char *coef = xasprintf("Fleiss (%d raters)", ag.m);
	rcell_text(row, 0, ag.m ? coef : "Fleiss");
	free(coef);
	if (ag.fleiss.status == AGREEMENT_OK)
		rcell_num(row, 1, ag.fleiss.kappa, ag.fleiss_units);
	else
		rcell_undef(row, 1, ag.fleiss_units, "%s", agreement_status_message(ag.fleiss.status));
	rcell_count(row, 2, ag.flips);
	if (ag.has_flip_share)
		rcell_num(row, 3, ag.flip_share, ag.units);
	else
		rcell_undef(row, 3, 0, "no pair judged by two raters");
	agreement_pairs(p, t);
	rtable_note(t, "A unit is one turn's pair of systems; each rater's latest judgement of it counts, in "
		       "three categories after normalisation to the systems: A preferred, B preferred, tie (equally "
		       "good or both bad). Identical answers (not asked) are left out.");
	rtable_note(t, "Row all: units judged by two raters or more; kappa: Fleiss' kappa over the %ld units "
		       "with exactly the most common number of raters; flips: units where one rater preferred A "
		       "and another B. Rows RATER / RATER: Cohen's kappa (unweighted, 95%% interval by its "
		       "large-sample standard error) over the units both judged, and their flips.", ag.fleiss_units);
}

/* Identical answers (not asked) of every pair. */
static long same_total(const struct pairwise_tally *t)
{
	long n = 0;
	for (size_t i = 0; i < t->n; i++)
		for (size_t j = i + 1; j < t->n; j++)
			n += t->same[i * t->n + j];
	return n;
}

/* ---- the section ------------------------------------------------------------------------------------ */

static void field_section(struct report *r, struct pw_ctx *p, size_t skipped)
{
	char *id = xasprintf("pairwise:%s", p->field), *title = xasprintf("Pairwise preference: %s", p->field);
	struct rsection *sec = report_section(r, id, title);
	free(id);
	free(title);
	const struct report_pairwise_settled *s = p->settled;
	const struct pref_row *counted = s ? s->rows : p->rows;
	size_t n_counted = s ? s->n : p->n_rows;
	pairwise_tally_init(&p->tally, p->n_systems);
	pairwise_tally_add(&p->tally, counted, n_counted, p->field);
	if (s)
		rsection_note(sec, "Consensus %s: the pairs, win rates and the Bradley-Terry ranking count one "
			      "settled preference per pair of answers (%ld, of which identical answers: %ld); %ld "
			      "settled by an adjudicator, %ld without consensus left out. Position bias and "
			      "agreement count every rater's judgement.", s->name, p->tally.rows,
			      same_total(&p->tally), s->adjudicated, s->no_consensus);
	else
		rsection_note(sec, "Judgements of %s: %ld, of which identical answers not asked (counted as "
			      "ties): %ld.", p->field, p->tally.rows, same_total(&p->tally));
	if (skipped)
		rsection_note(sec, "Rows left out (a system or rater the report does not know, or no field): %zu.",
			      skipped);
	pairs_table(p, sec);
	matrix_table(p, sec);
	bt_table(p, sec, counted, n_counted);
	position_table(p, sec);
	agreement_table(p, sec);
	absolute_table(p, sec);
	pairwise_tally_release(&p->tally);
}

static int row_valid(const struct pref_row *r, size_t n_systems, size_t n_raters)
{
	return r->field && r->sys_a >= 0 && r->sys_b >= 0 && (size_t)r->sys_a < n_systems &&
	       (size_t)r->sys_b < n_systems && r->sys_a != r->sys_b && r->rater >= -1 &&
	       (r->rater < 0 || (size_t)r->rater < n_raters);
}

void report_pairwise(struct report *r, const struct pref_row *rows, size_t n_rows,
		     const char *const *systems, size_t n_systems, const char *const *raters,
		     size_t n_raters, const struct pairwise_options *o)
{
	report_pairwise_consensus(r, rows, n_rows, NULL, systems, n_systems, raters, n_raters, o);
}

void report_pairwise_consensus(struct report *r, const struct pref_row *rows, size_t n_rows,
			       const struct report_pairwise_settled *settled, const char *const *systems,
			       size_t n_systems, const char *const *raters, size_t n_raters,
			       const struct pairwise_options *o)
{
	struct pref_row *valid = xmalloc((n_rows + 1) * sizeof(*valid));
	const char **fields = xmalloc((n_rows + 1) * sizeof(*fields));
	size_t n = 0, n_fields = 0;
	for (size_t k = 0; k < n_rows; k++) {
		if (!row_valid(&rows[k], n_systems, n_raters))
			continue;
		valid[n++] = rows[k];
		size_t f = 0;
		while (f < n_fields && strcmp(fields[f], rows[k].field) != 0)
			f++;
		if (f == n_fields)
			fields[n_fields++] = rows[k].field;
	}
	for (size_t f = 0; f < n_fields; f++) {
		struct pw_ctx p = { valid, n, fields[f], systems, n_systems, raters, n_raters, o, { 0 }, settled };
		field_section(r, &p, n_rows - n);
	}
	free(fields);
	free(valid);
}
