/* report_sec_controls.c - section "controls": with --round, how each rater
 * of the round did on its control items (rounds.h: rounds_control_tally). */
#include <stdlib.h>

#include "convqa/metrics_stats.h"
#include "convqa/rounds.h"
#include "convqa/store_pair.h"
#include "report_internal.h"

int rp_controls_applies(const struct rp_ctx *c)
{
	return c->round_id > 0;
}

enum status rp_controls(struct rp_ctx *c)
{
	struct round_control_tally *t;
	size_t n;
	long pairs = 0;   /* a pairwise round's: control pairs */
	enum status st = store_pair_count(c->db, c->round_id, 0, &pairs, c->err);
	if (st == ST_OK)
		st = rounds_control_tally(c->db, c->round_id, &t, &n, c->err);
	if (st != ST_OK || n == 0)
		return st;
	struct rsection *sec = report_section(c->r, "controls", pairs ? "Control pairs" : "Control items");
	struct rtable *tab = rsection_table(sec, "by_rater", "Agreement with the known answers", "rater", "values");
	rtable_col(tab, "items", "items", RF_COUNT, 0);
	rtable_col(tab, "agreed", "agreed", RF_COUNT, 0);
	rtable_col(tab, "accuracy", "accuracy", RF_FRACTION, 0);
	for (size_t i = 0; i < n; i++) {
		struct rrow *row = rtable_row(tab, t[i].rater, t[i].n);
		double lo, hi;
		rcell_count(row, 0, t[i].items);
		rcell_count(row, 1, t[i].agree);
		if (metrics_wilson_interval(t[i].agree, t[i].n, METRICS_Z95, &lo, &hi) == METRICS_OK) {
			rcell_num(row, 2, (double)t[i].agree / (double)t[i].n, t[i].n);
			rcell_ci(row, 2, lo, hi);
		} else {
			rcell_undef(row, 2, 0, pairs ? "no control pair judged" : "no control item labelled");
		}
	}
	if (pairs)
		rtable_note(tab, "Control pairs are mixed unmarked into each rater's queue (round create --control "
				 "--control-from); their known answers are the preferences the control rater gave, in "
				 "any round or in the arena (round show names the rater). Values: each field of the "
				 "pair that is not text, normalised to the systems (a, b, tie, both bad), where both "
				 "have a value. Accuracy with a 95%% Wilson interval. Control judgements are left out "
				 "of every other section. A rater below what the study accepts can be left out of "
				 "every consensus: convqa rater distrust NAME.");
	else
		rtable_note(tab, "Control items are mixed unmarked into each rater's queue (round create "
				 "--control); their known answers are the labels the control rater "
				 "(--control-from) gave outside rounds, or else the gold (round show says which). "
				 "Values: with a control rater, the units of the fields that judge the turn, the "
				 "response or the answer (not each passage) where both have a value; with the "
				 "gold, the turn's intent where it has a gold intent and the relevance of each "
				 "gold passage the item retrieved (relevant), where the rater gave a value. "
				 "Accuracy with a 95%% Wilson interval. Control judgements are left out of every "
				 "other section. A rater below what the study accepts can be left out of every "
				 "consensus: convqa rater distrust NAME.");
	rounds_control_tally_free(t, n);
	return ST_OK;
}
