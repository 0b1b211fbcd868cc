/* report_sec_prefs.c - the preferences of pairwise rounds and arena chats
 * (the pair unit, issue 22) in the report: every rater's current preference
 * (store_prefs_load, pref_row rows) given to the pairwise statistics
 * (report_sec_pairwise.c: wins, ties and losses, win rates with Wilson
 * intervals, the sign test, the Bradley-Terry ranking, position bias,
 * agreement), a section "pairwise:FIELD" each. --only preferences selects
 * them; --seed seeds their bootstrap. */
#include "convqa/store_pair.h"
#include "report_internal.h"
#include "report_pairwise.h"

#define PREF_TASK "pairwise"
#define PREF_FIELD "preference"

int rp_preferences_applies(const struct rp_ctx *c)
{
	struct store_prefs p;
	struct error err;
	if (store_prefs_load(c->db, c->round_id, PREF_TASK, PREF_FIELD, &p, &err) != ST_OK)
		return 0;
	int any = p.n > 0;
	store_prefs_release(&p);
	return any;
}

enum status rp_preferences(struct rp_ctx *c)
{
	struct store_prefs p;
	enum status st = store_prefs_load(c->db, c->round_id, PREF_TASK, PREF_FIELD, &p, c->err);
	if (st != ST_OK)
		return st;
	struct pairwise_options po;
	pairwise_options_init(&po);
	po.seed = c->o->seed;
	report_pairwise(c->r, p.rows, p.n, (const char *const *)p.systems, p.n_systems,
			(const char *const *)p.raters, p.n_raters, &po);
	store_prefs_release(&p);
	return ST_OK;
}
