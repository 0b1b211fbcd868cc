/* report_pairwise.h - the report's section of side-by-side preferences
 * (report_sec_pairwise.c; issue 22), for report.c and the tests only.
 *
 *   struct pairwise_options o;
 *   pairwise_options_init(&o);           // z 1.96, 1000 resamples, seed 1
 *   report_pairwise(r, rows, n_rows, systems, n_systems, raters, n_raters, &o);
 *
 * Adds to r one section per field of the rows ("pairwise:FIELD", in the
 * order the fields first appear), each with the tables
 *   pairs       per pair of systems: wins / ties / losses (both bad and
 *               identical answers counted apart), win rates with ties as
 *               half and without ties with Wilson intervals, the sign test
 *   win_matrix  the win rate (ties as half) of each row system over each
 *               column system: a shaded grid in HTML
 *   bt_ranking  the Bradley-Terry ranking with bootstrap intervals of the
 *               log-strengths over turns: dots with whiskers in HTML
 *   position    how often the answer shown first won
 *   agreement   Fleiss' kappa over A / B / tie and the share of flips, then
 *               Cohen's kappa per pair of raters
 *   absolute    where some row has both answers' correctness (has_abs):
 *               the decided preferences whose winner is the more correct
 *               answer (Wilson), and Kendall's tau-b
 * and the conventions as notes under each. Nothing when there are no rows.
 * rows, systems and raters are borrowed (sys_a, sys_b and rater index
 * them; rows with indexes outside are left out and counted in a note).
 */
#ifndef CONVQA_REPORT_PAIRWISE_H
#define CONVQA_REPORT_PAIRWISE_H

#include <stddef.h>

#include "convqa/metrics_pairwise.h"
#include "convqa/pref_row.h"

struct report;

void report_pairwise(struct report *r, const struct pref_row *rows, size_t n_rows,
		     const char *const *systems, size_t n_systems, const char *const *raters,
		     size_t n_raters, const struct pairwise_options *o);

/* With a consensus (report --consensus): the settled preferences, one row
 * per pair of answers (rater -1) and the identical ones, counted by the
 * pairs, the win-rate matrix and the Bradley-Terry ranking; rows (every
 * rater's judgement) by position bias, agreement and absolute. A section
 * note names the consensus and counts what was settled and left out. */
struct report_pairwise_settled {
	const struct pref_row *rows;
	size_t n;
	const char *name;             /* majority, adjudicated, discard, rater NAME */
	long adjudicated, no_consensus;
};
void report_pairwise_consensus(struct report *r, const struct pref_row *rows, size_t n_rows,
			       const struct report_pairwise_settled *settled, const char *const *systems,
			       size_t n_systems, const char *const *raters, size_t n_raters,
			       const struct pairwise_options *o);

#endif
