/* report_sec_time.c - section "time": seconds per item per rater and task
 * (median and quartiles), hours, untimed items and the cost. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/metrics_stats.h"
#include "report_internal.h"

enum status rp_time(struct rp_ctx *c)
{
	const struct rp_data *d = c->d;
	struct rsection *sec = report_section(c->r, "time", "Time per item");
	struct rtable *t = rsection_table(sec, "by_rater", "Seconds per item", "rater / task", "items");
	double *secs = xcalloc(d->n_judgements + 1, sizeof(double));
	int cols_cost = c->o->has_wage;
	char name[256];

	rtable_col(t, "median", "median s", RF_SECONDS, 0);
	rtable_col(t, "q1", "q1 s", RF_SECONDS, 0);
	rtable_col(t, "q3", "q3 s", RF_SECONDS, 0);
	rtable_col(t, "hours", "hours", RF_NUMBER, 0);
	rtable_col(t, "untimed", "untimed", RF_COUNT, 0);
	if (cols_cost)
		rtable_col(t, "cost", "cost", RF_NUMBER, 0);
	for (size_t task = 0; task < d->n_tasks; task++) {
		if (!(d->selected & (1u << task)))
			continue;
		for (size_t r = 0; r <= d->n_raters; r++) {
			size_t n = 0;
			long untimed = 0, any = 0;
			double total = 0;
			for (size_t j = 0; j < d->n_judgements; j++) {
				const struct rp_judgement *jj = &d->judgements[j];
				/* the items where the rater gave rows of the task (a
				 * row's seconds count where it was given, not on the
				 * other items of its unit) */
				if (!(jj->given & (1u << task)) || (r < d->n_raters && jj->rater != r))
					continue;
				any++;
				double s = rp_seconds(d, jj, task);
				if (s > 0) {
					secs[n++] = s;
					total += s;
				} else {
					untimed++;
				}
			}
			if (!any || (r == d->n_raters && d->n_raters < 2))
				continue;
			snprintf(name, sizeof(name), "%s / %s", r < d->n_raters ? d->raters[r].name : "all raters",
				 d->tasks[task].name);
			struct rrow *row = rtable_row(t, name, (long)n);
			struct metrics_summary sum;
			if (metrics_summarize(secs, n, &sum) == METRICS_OK) {
				rcell_num(row, 0, sum.median, (long)n);
				rcell_num(row, 1, sum.q1, (long)n);
				rcell_num(row, 2, sum.q3, (long)n);
			} else {
				for (int k = 0; k < 3; k++)
					rcell_undef(row, k, 0, "no timed item");
			}
			rcell_num(row, 3, total / 3600.0, (long)n);
			rcell_count(row, 4, untimed);
			if (cols_cost)
				rcell_num(row, 5, total / 3600.0 * c->o->wage, (long)n);
		}
	}
	rsection_note(sec, "The seconds of an item are the sum over that rater's label rows of the item and "
			   "task, history included (a row counts on the item where it was given, also when it "
			   "judges a turn or a passage that other items share): each row stores the active seconds spent since the item was "
			   "shown or since the previous saved change (as convqa annotate saves them), so the sum is "
			   "the whole active time. Items whose rows all say 0 seconds (labels given with convqa "
			   "label without --seconds) are untimed and left out of the quartiles (type 7).");
	if (cols_cost)
		rsection_note(sec, "Cost = hours x %.2f per hour (--wage).", c->o->wage);
	free(secs);
	return ST_OK;
}

