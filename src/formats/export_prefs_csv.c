/* export_prefs_csv.c - the preferences of pairwise rounds as CSV, the export
 * format "prefs-csv" (the pair unit, issue 22): a header row, then one row
 * per rater's current preference of a pair, then one per pair not asked
 * because its answers are identical (winner "same", no rater). Columns:
 * conversation, turn, system_a, system_b (system_a the system added first,
 * as the store normalises pairs), winner (system_a's or system_b's name,
 * tie or both_bad, or same), rater, left (the system whose answer the rater
 * saw left or on top, in a round or in the arena; empty when not known),
 * seconds (time spent on the
 * pair), settled (1: an adjudicator's preference, which settles the pair
 * the raters disagreed on: convqa adjudicate; else 0). --round takes one round's (its task's preference field); else
 * every round's of --task (default pairwise); --rater one rater's. CRLF
 * and quoting as the csv export; inert on a terminal. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "convqa/formats.h"
#include "convqa/scheme_registry.h"
#include "convqa/store_pair.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"
#include "export_internal.h"

static const char *winner_name(const struct store_prefs *p, const struct pref_row *r)
{
	switch (r->winner) {
	case PREF_A:
		return p->systems[r->sys_a];
	case PREF_B:
		return p->systems[r->sys_b];
	case PREF_TIE:
		return "tie";
	case PREF_BOTH_BAD:
		return "both_bad";
	case PREF_SAME:
		break;
	}
	return "same";
}

static void add_row(struct strbuf *sb, const struct store_prefs *p, const struct pref_row *r)
{
	strbuf_add_csv(sb, r->conversation);
	strbuf_addf(sb, ",%d,", r->depth);
	strbuf_add_csv(sb, p->systems[r->sys_a]);
	strbuf_adds(sb, ",");
	strbuf_add_csv(sb, p->systems[r->sys_b]);
	strbuf_adds(sb, ",");
	strbuf_add_csv(sb, winner_name(p, r));
	strbuf_adds(sb, ",");
	strbuf_add_csv(sb, r->rater >= 0 ? p->raters[r->rater] : "");
	strbuf_adds(sb, ",");
	strbuf_add_csv(sb, r->a_first < 0 ? "" : p->systems[r->a_first ? r->sys_a : r->sys_b]);
	strbuf_addf(sb, ",%.3f,%d\r\n", r->seconds, r->rater >= 0 && p->rater_kind[r->rater] == PREFS_ADJUDICATOR);
}

/* The round (0: all), the task and its preference field that f names. */
static enum status what_to_read(struct store *s, const struct store_label_filter *f, int64_t *round, char **task,
				char **field, struct error *err)
{
	struct scheme *sc = NULL;
	enum status st = ST_OK;
	*round = 0;
	*task = NULL;
	*field = NULL;
	if (f->round)
		st = store_round_info(s, f->round, round, task, NULL, err);
	if (st == ST_OK && !*task)
		*task = xstrdup(f->task ? f->task : "pairwise");
	if (st == ST_OK)
		st = scheme_load(s, *task, &sc, err);
	const struct scheme_field *pf = sc ? scheme_field_by_role(sc, SROLE_PREFERENCE) : NULL;
	if (st == ST_OK && !pf)
		st = error_set(err, ST_INPUT, "task '%s' has no preference field (prefs-csv exports the preferences of "
			       "a pairwise task: --task pairwise, or --round of one)", *task);
	if (st == ST_OK)
		*field = xstrdup(pf->name);
	scheme_free(sc);
	return st;
}

static enum status write_prefs(struct store *s, const struct store_label_filter *f, const struct export_options *o,
			       const char *project, FILE *out, struct export_counts *counts, struct error *err)
{
	(void)o, (void)project;
	struct store_prefs p = { 0 };
	struct strbuf sb = STRBUF_INIT, inert = STRBUF_INIT;
	int64_t round = 0;
	char *task = NULL, *field = NULL;
	long n = 0;
	/* an account bound to a rater sees only their own labels of open
	 * rounds, controls unmarked: these rows are every rater's, controls
	 * left out (which would tell them apart) */
	enum status st = f->blind_for ? error_set(err, ST_INPUT, "prefs-csv lists every rater's preferences: an account "
						  "bound to a rater (%s) exports its own labels with --format csv, "
						  "json or jsonl", f->blind_for) :
		what_to_read(s, f, &round, &task, &field, err);
	if (st == ST_OK)
		st = store_prefs_load(s, round, task, field, &p, err);
	strbuf_adds(&sb, "conversation,turn,system_a,system_b,winner,rater,left,seconds,settled\r\n");
	for (size_t i = 0; st == ST_OK && i < p.n; i++) {
		const struct pref_row *r = &p.rows[i];
		if (f->rater && (r->rater < 0 || strcmp(p.raters[r->rater], f->rater) != 0))
			continue;
		add_row(&sb, &p, r);
		n++;
	}
	const struct strbuf *w = &sb;
	if (st == ST_OK && isatty(fileno(out))) {
		text_sanitize(&inert, strbuf_str(&sb), sb.len, TEXT_NEWLINES);
		w = &inert;
	}
	int failed = st == ST_OK && fwrite(w->buf, 1, w->len, out) != w->len ? (errno ? errno : EIO) : 0;
	if (st == ST_OK)
		st = export_labels_done(out, failed, n, counts, err);
	if (p.field)
		store_prefs_release(&p);
	strbuf_release(&sb);
	strbuf_release(&inert);
	free(task);
	free(field);
	return st;
}

const struct export_format export_prefs_csv = {
	.name = "prefs-csv", .summary = "the preferences of pairwise rounds as CSV: turn, the two systems, the "
		"winner, rater, the system shown left, seconds, settled by an adjudicator",
	.write = write_prefs,
};
