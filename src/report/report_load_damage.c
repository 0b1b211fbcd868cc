/* report_load_damage.c - the checks of the rows read against the project:
 * a row naming what is not there is damage, reported with the row and the
 * field ("label 13: rater_id 4 names no rater") and the scan stops. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "convqa/scheme_read.h"
#include "convqa/store.h"
#include "report_load.h"

int ld_damaged(struct loader *l, const char *fmt, ...)
{
	char what[sizeof(l->err->msg)];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	l->damaged = store_damaged(store_reader_path(l->store), l->err, "%s", what);
	return 1;
}

int ld_label_damaged(struct loader *l, const struct store_report_label *lr, int32_t rater, int32_t item,
		     int32_t turn, int task)
{
	struct rp_data *d = l->d;
	long long id = (long long)lr->id;
	if (rater == -1)
		return ld_damaged(l, "label %lld: rater_id %lld names no rater", id, (long long)lr->rater_id);
	if (item < 0)
		return ld_damaged(l, "label %lld: response_id %lld names no response", id, (long long)lr->response_id);
	if (turn < 0)
		return ld_damaged(l, "label %lld: turn_id %lld names no turn", id, (long long)lr->turn_id);
	if ((uint32_t)turn != d->items[item].turn)
		return ld_damaged(l, "label %lld: turn_id %lld is not the turn of response %lld (turn %lld)", id,
				  (long long)lr->turn_id, (long long)lr->response_id,
				  (long long)l->turn_ids[d->items[item].turn]);
	if (lr->round_id && ld_idmap_get(&l->round, lr->round_id) < 0)
		return ld_damaged(l, "label %lld: round_id %lld names no round", id, (long long)lr->round_id);
	if (task < 0 && !strmap_get(&d->scheme_names, lr->task))
		return ld_damaged(l, "label %lld: task '%s' is no scheme of the project", id, lr->task);
	return 0;
}

int ld_value_damaged(struct loader *l, const struct store_report_label *lr, int task, int f, int code)
{
	struct rp_data *d = l->d;
	long long id = (long long)lr->id;
	const struct scheme *sch = d->tasks[task].scheme;
	if (f == F_NOTE && !scheme_field_find(sch, lr->field))
		return ld_damaged(l, "label %lld: field '%s' is not a field of scheme %s", id, lr->field, sch->name);
	if (lr->value && f != F_NOTE && f != F_EXTRA && code == RP_UNSET)
		return ld_damaged(l, "label %lld: value '%s' is not a category of %s/%s", id, lr->value, sch->name,
				  lr->field);
	return 0;
}
