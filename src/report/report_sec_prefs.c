/* report_sec_prefs.c - section "preferences": the labels of pairwise rounds
 * (the pair unit, issue 22) as wins, ties and losses per pair of systems,
 * over every rater's current preference (store_prefs_load). A first table,
 * kept small: the statistics of the preferences (win rates with intervals,
 * the sign test, Bradley-Terry) take the same rows (pref_row.h). */
#include <stdlib.h>
#include <string.h>

#include "convqa/store_pair.h"
#include "convqa/strbuf.h"
#include "report_internal.h"

#define PREF_TASK "pairwise"

int rp_preferences_applies(const struct rp_ctx *c)
{
	struct store_prefs p;
	struct error err;
	if (store_prefs_load(c->db, c->round_id, PREF_TASK, "preference", &p, &err) != ST_OK)
		return 0;
	int any = p.n > 0;
	store_prefs_release(&p);
	return any;
}

/* Counts of one pair of systems: by enum pref_winner. */
struct tally {
	int a, b;
	long n[PREF_SAME + 1];
};

static struct tally *tally_of(struct tally **v, size_t *n, size_t *cap, int a, int b)
{
	for (size_t i = 0; i < *n; i++)
		if ((*v)[i].a == a && (*v)[i].b == b)
			return &(*v)[i];
	xgrow(v, cap, *n + 1, sizeof(**v));
	memset(&(*v)[*n], 0, sizeof(**v));
	(*v)[*n].a = a;
	(*v)[*n].b = b;
	return &(*v)[(*n)++];
}

static void table(struct rsection *sec, const struct store_prefs *p, const struct tally *t, size_t n)
{
	struct rtable *tab = rsection_table(sec, "by_pair", "Wins, ties and losses per pair of systems",
					    "system A vs system B", "preferences");
	static const char *const cols[][2] = { { "a_wins", "A wins" }, { "b_wins", "B wins" }, { "ties", "ties" },
					       { "both_bad", "both bad" }, { "identical", "identical" } };
	for (size_t k = 0; k < 5; k++)
		rtable_col(tab, cols[k][0], cols[k][1], RF_COUNT, 0);
	for (size_t i = 0; i < n; i++) {
		char *group = xasprintf("%s vs %s", p->systems[t[i].a], p->systems[t[i].b]);
		long judged = t[i].n[PREF_A] + t[i].n[PREF_B] + t[i].n[PREF_TIE] + t[i].n[PREF_BOTH_BAD];
		struct rrow *row = rtable_row(tab, group, judged);
		for (int k = 0; k <= PREF_SAME; k++)
			rcell_count(row, k, t[i].n[k]);
		free(group);
	}
	rtable_note(tab, "Every rater's current preference counts once (a pair two raters judged counts twice). "
			 "A is the system named first, B the other; \"identical\" counts the pairs a round did "
			 "not ask because both answers are the same after the answer normalisation (ties, "
			 "counted apart). Which answer a rater saw left is not what A and B mean: the systems "
			 "are; export --format prefs-csv gives the rows.");
}

enum status rp_preferences(struct rp_ctx *c)
{
	struct store_prefs p;
	struct tally *t = NULL;
	size_t n = 0, cap = 0;
	enum status st = store_prefs_load(c->db, c->round_id, PREF_TASK, "preference", &p, c->err);
	if (st != ST_OK)
		return st;
	for (size_t i = 0; i < p.n; i++)
		tally_of(&t, &n, &cap, p.rows[i].sys_a, p.rows[i].sys_b)->n[p.rows[i].winner]++;
	struct rsection *sec = report_section(c->r, "preferences", "Preferences (pairwise rounds)");
	table(sec, &p, t, n);
	free(t);
	store_prefs_release(&p);
	return ST_OK;
}
