/* report_load.h - the loader of report_load*.c (struct rp_loader of
 * report_internal.h): the state of one load, shared by the files of the
 * loading by concern, for those files only:
 *
 *   report_load.c           the scans of items, passages, gold; the calls
 *   report_load_tasks.c     tasks and their schemes, the fields of roles
 *   report_load_units.c     project scheme codes, units and their firsts
 *   report_load_apply.c     a label row onto the judgements of its unit
 *   report_load_rounds.c    a rater's rows in several rounds, merged
 *   report_load_controls.c  the rows of control items, left out
 *   report_load_credit.c    verdicts credited to responses of the same answer
 *   report_load_damage.c    the checks of a row against the project
 */
#ifndef REPORT_LOAD_H
#define REPORT_LOAD_H

#include <stdint.h>

#include "convqa/store_report.h"
#include "report_internal.h"

/* id -> index maps for dense integer row ids. */
struct idmap {
	int32_t *v;
	size_t cap;
};

static inline int32_t ld_idmap_get(const struct idmap *m, int64_t id)
{
	return id >= 0 && (size_t)id < m->cap ? m->v[id] : -1;
}

struct round_row;

struct loader {
	struct store_reader *store;
	struct rp_data *d;
	const struct report_options *o;
	struct idmap response, turn, rater, round, passage;   /* rater: -2 for a rater not selected */
	size_t cap_conv, cap_sys, cap_turns, cap_items, cap_pas, cap_gans, cap_gpas, cap_raters;
	size_t cap_j, cap_rel, cap_extras, cap_cust, cap_cust_sec;
	int64_t last_conv, last_turn, last_response;
	int64_t *turn_ids;         /* the row id of each turn of d->turns (messages) */
	size_t cap_turn_ids;
	struct error *err;
	enum status damaged;       /* ST_STORE once a callback found damage (err says where) */
	/* rows of the judgements that have rows in several rounds (merge_rounds) */
	struct round_row *rr;
	size_t n_rr, cap_rr;
	uint32_t seq;              /* rows seen so far */
	/* --round A,B: only the rows of these rounds */
	const int64_t *rounds;
	size_t n_rounds;
	/* blind (o->blind_for): other raters' rows of these open rounds are left out */
	int64_t viewer;
	const int64_t *open_rounds;
	size_t n_open;
	/* the control assignments, sorted: their rows are left out */
	struct store_report_control *controls;
	size_t n_controls, cap_controls;
	/* what the texts of the label pack being read (store_report_label.dict)
	 * mean, by their numbers: looked up once a pack, not once a row */
	uint32_t memo_dict;
	struct ld_memo *memo;
	size_t cap_memo;
};

/* A text of a label pack as a task (its index), as a field of task f_task
 * (its f), as a value of field v_f (its code); LD_MEMO_UNKNOWN until
 * looked up. */
#define LD_MEMO_UNKNOWN INT32_MIN
struct ld_memo {
	int32_t task;
	int32_t f_task, f;
	int32_t v_f, code;
};

/* Fields: RP_* (the built-in categorical ones), F_NOTE (text: a note, or
 * a text field of a project scheme), F_RELEVANT, F_EXTRA, F_CUSTOM + i for
 * d->cfields[i]. */
enum { F_NOTE = RP_NCAT, F_RELEVANT, F_EXTRA, F_CUSTOM };

/* report_load_damage.c: stop the scan, the project is damaged as fmt says
 * ("label 13: ..."); returns 1. ld_label_damaged: whether row lr (its
 * rater, item and turn indexes, -1 for none; task: its index or -1) is
 * damage, after ld_damaged() said so; ld_value_damaged: whether its field
 * (f) and value (its code) are. */
int ld_damaged(struct loader *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int ld_label_damaged(struct loader *l, const struct store_report_label *lr, int32_t rater, int32_t item,
		     int32_t turn, int task);
int ld_value_damaged(struct loader *l, const struct store_report_label *lr, int task, int f, int code);

/* report_load_apply.c */
int ld_on_label(const struct store_report_label *lr, void *data);
struct rp_judgement *ld_judgement(struct loader *l, int32_t item, int32_t rater);
int ld_row_code(const struct rp_data *d, int f, const char *value);
int8_t *ld_rel_slot(struct loader *l, struct rp_judgement *j, long rank);
int8_t *ld_cust_slot(struct loader *l, struct rp_judgement *j, const struct rp_cfield *cf, long rank);
int32_t ld_extra_index(struct loader *l, const char *value);

/* report_load_rounds.c: keep a row of a judgement with rows in several
 * rounds (its values so far first, by ld_keep_snapshot()); merge them once
 * the scan is done */
void ld_keep_row(struct loader *l, uint32_t j, uint32_t seq, int64_t round, int task, int f, long rank,
		 int32_t value);
void ld_keep_snapshot(struct loader *l, struct rp_judgement *j, uint32_t seq);
void ld_merge_rounds(struct loader *l);

/* report_load_controls.c: read the control assignments; whether row lr was
 * given on a control item */
enum status ld_load_controls(struct loader *l);
int ld_control_row(const struct loader *l, const struct store_report_label *lr);

/* report_load_credit.c */
void ld_credit_shared(struct loader *l);

#endif
