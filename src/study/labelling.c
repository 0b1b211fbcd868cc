/* labelling.c - the labelling rules: rater, round, task, item, who may
 * write what; and writing a label. See labelling.h. */
#include "convqa/labelling.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/access.h"
#include "convqa/model.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/store_pair.h"
#include "convqa/strbuf.h"
#include "labelling_internal.h"

static enum status refuse(struct labelling *l, enum labelling_refusal why, struct error *err,
			  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* ST_INPUT with a message, and the rule that refused in l. */
static enum status refuse(struct labelling *l, enum labelling_refusal why, struct error *err,
			  const char *fmt, ...)
{
	char msg[sizeof(err->msg)];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	l->refused = why;
	return error_set(err, ST_INPUT, "%s", msg);
}

enum status labelling_rater_check(const char *name, struct error *err)
{
	const char *why = name ? model_rater_name_problem(name) : "no rater name";
	return why ? error_set(err, ST_INPUT, "%s", why) : ST_OK;
}

/* ---- the round ------------------------------------------------------------ */

/* With the way out, but for labels brought from elsewhere (import-labels
 * says its own). */
static enum status refuse_closed(struct labelling *l, const struct labelling_request *rq, struct error *err)
{
	if (rq->task_rule == LABELLING_TASK_OF_LABEL)
		return refuse(l, LABELLING_ROUND_CLOSED, err, "round '%s' is closed", l->round);
	return refuse(l, LABELLING_ROUND_CLOSED, err, "round '%s' is closed (a coordinator reopens it with: convqa "
		      "round reopen %s)", l->round, l->round);
}

/* The task asked against the round's, by the request's rule; sets l->task. */
static enum status check_task(struct labelling *l, const struct labelling_request *rq, const char **task,
			      const char *its, struct error *err)
{
	const char *asked = rq->task ? rq->task : MODEL_DEFAULT_TASK;
	if (rq->task_rule == LABELLING_TASK_OF_ROUND) {
		*task = its;
		if (rq->task_given && strcmp(asked, its) != 0)
			return refuse(l, LABELLING_ROUND_TASK, err, "round '%s' is a %s round, not %s (leave out --task)",
				      l->round, its, asked);
		return ST_OK;
	}
	*task = asked;
	if (rq->task_rule == LABELLING_TASK_OF_LABEL && strcmp(asked, its) != 0)
		return refuse(l, LABELLING_ROUND_TASK, err, "round '%s' is a %s round: it takes no labels of task %s",
			      l->round, its, asked);
	if (strcmp(asked, its) != 0)
		return refuse(l, LABELLING_ROUND_TASK, err, "round '%s' is a %s round, not %s (give --task %s)",
			      l->round, its, asked, its);
	return ST_OK;
}

/* The round rq names: one the project has, open, of the right task. The two
 * task rules check the round's state and its task in the order convqa label
 * (task first) and convqa annotate (state first) always have. */
static enum status open_round(struct labelling *l, const struct labelling_request *rq, const char **task,
			      char **round_task, int *closed, struct error *err)
{
	l->round = xstrdup(rq->round);
	enum status st = store_round_info(l->store, rq->round, &l->round_id, round_task, closed, err);
	if (st != ST_OK)
		return st;
	l->closed = *closed;
	int refused = *closed && !rq->adjudicate && !rq->closed_ok;   /* adjudication follows closing */
	if (refused && rq->task_rule == LABELLING_TASK_OF_ROUND)
		return refuse_closed(l, rq, err);
	st = check_task(l, rq, task, *round_task, err);
	if (st == ST_OK && refused)
		st = refuse_closed(l, rq, err);
	return st;
}

/* ---- adjudication ------------------------------------------------------------ */

/* An adjudication session's rater: one the project has, an adjudicator. */
static enum status check_adjudicator(struct labelling *l, const struct labelling_request *rq, struct error *err)
{
	struct store_rater r;
	int found = 0;
	if (!rq->round)
		return refuse(l, LABELLING_ADJUDICATOR, err, "adjudication settles the disagreements of a round: "
			      "name the round");
	enum status st = store_rater_get(l->store, rq->rater, &r, &found, err);
	if (st != ST_OK)
		return st;
	int adjudicator = found && r.role == ROLE_ADJUDICATOR;
	store_rater_release(&r);
	if (!found)
		return refuse(l, LABELLING_ADJUDICATOR, err, "no rater '%s' in the project: adjudicators are raters "
			      "with the role adjudicator (add one with: convqa rater add %s --role adjudicator)",
			      rq->rater, rq->rater);
	if (!adjudicator)
		return refuse(l, LABELLING_ADJUDICATOR, err, "rater '%s' is not an adjudicator (give the role with: "
			      "convqa rater add %s --role adjudicator)", rq->rater, rq->rater);
	return ST_OK;
}

/* An open round is adjudicated by no rater of its own: they see only their
 * own labels while it is open. */
static enum status check_not_round_rater(struct labelling *l, int64_t rater_id, struct error *err)
{
	struct store_round_rater *rows;
	size_t n;
	enum status st = store_round_raters(l->store, l->round_id, &rows, &n, err);
	int theirs = 0;
	for (size_t i = 0; st == ST_OK && i < n; i++)
		theirs |= rows[i].rater_id == rater_id;
	if (st == ST_OK)
		store_round_raters_free(rows, n);
	if (st == ST_OK && theirs)
		st = refuse(l, LABELLING_ROUND_RATER, err, "rater '%s' is one of the raters of round '%s', which is "
			    "open: a rater of an open round sees only their own labels (close it first: convqa round "
			    "close %s)", l->rater ? l->rater : "", l->round, l->round);
	return st;
}

/* Whether the session's labels settle its round rather than judge its
 * assignments: an adjudication, or a rater with the role adjudicator (the
 * values report --consensus adjudicated takes as settled). */
static enum status find_adjudicator(struct labelling *l, const struct labelling_request *rq, struct error *err)
{
	struct store_rater r;
	int found = 0;
	l->adjudicator = rq->adjudicate;
	if (rq->adjudicate || !rq->round)
		return ST_OK;
	enum status st = store_rater_get(l->store, rq->rater, &r, &found, err);
	if (st == ST_OK)
		l->adjudicator = found && r.role == ROLE_ADJUDICATOR;
	store_rater_release(&r);
	return st;
}

int labelling_pairwise(const struct labelling *l)
{
	return scheme_judges_pairs(l->scheme);
}

static enum status check_has_pairs(struct labelling *l, struct error *err)
{
	long n = 0;
	enum status st = store_pair_count(l->store, l->round_id, l->rater_id, &n, err);
	if (st == ST_OK && n == 0)
		st = refuse(l, LABELLING_NOT_ASSIGNED, err, "round '%s' assigns no pairs to rater '%s' (see convqa "
			    "round show %s)", l->round, l->rater, l->round);
	return st;
}

/* A rater's session of a round (annotate) needs items the round assigns
 * them; the refusal names the round's raters. */
static enum status check_has_items(struct labelling *l, struct error *err)
{
	struct store_assignment *a = NULL;
	struct store_round_rater *rows;
	size_t n = 0;
	long assigned = 0;
	if (l->rater_id && labelling_pairwise(l))
		return check_has_pairs(l, err);
	enum status st = l->rater_id ? store_round_assignments(l->store, l->round_id, &a, &n, err) : ST_OK;
	for (size_t i = 0; st == ST_OK && i < n; i++)
		assigned += a[i].rater_id == l->rater_id;
	free(a);
	if (st != ST_OK || assigned)
		return st;
	if ((st = store_round_raters(l->store, l->round_id, &rows, &n, err)) != ST_OK)
		return st;
	struct strbuf names = STRBUF_INIT;
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&names, "%s%s", i ? ", " : "its raters: ", rows[i].name);
	store_round_raters_free(rows, n);
	st = refuse(l, LABELLING_NOT_ASSIGNED, err, "round '%s' assigns no items to rater '%s' (%s%s convqa round "
		    "show %s)", l->round, l->rater, strbuf_str(&names), names.len ? ";" : "see", l->round);
	strbuf_release(&names);
	return st;
}

/* ---- the session ------------------------------------------------------------ */

/* The session's scheme. A project's scheme is parsed from the very text
 * kept in scheme_json, which each save compares with the project's. */
static enum status load_scheme(struct labelling *l, const char *task, struct error *err)
{
	enum status st = ST_OK;
	if (!scheme_is_builtin(task))
		st = store_scheme_get(l->store, task, &l->scheme_json, err);
	if (st == ST_OK && l->scheme_json)
		return scheme_read_stored(l->store, task, l->scheme_json, &l->scheme, err);
	return st == ST_OK ? scheme_load(l->store, task, &l->scheme, err) : st;
}

/* A project's scheme can change while a session is open (`convqa scheme
 * add`); the session would go on checking values against the old one. */
static enum status check_scheme_unchanged(struct labelling *l, struct error *err)
{
	char *json = NULL;
	if (!l->scheme_json)
		return ST_OK;   /* built in: the binary's own */
	enum status st = store_scheme_get(l->store, l->task, &json, err);
	int same = st == ST_OK && json && strcmp(json, l->scheme_json) == 0;
	free(json);
	if (st != ST_OK || same)
		return st;
	return refuse(l, LABELLING_SCHEME_CHANGED, err, "scheme '%s' has changed since this session began: "
		      "nothing was saved; start the session again to label with the new scheme", l->task);
}

/* labelling_open(); with account 0 the rater's account is not asked
 * (labelling_open_imported). */
static enum status open_session(struct labelling *l, struct store *s, const struct labelling_request *rq,
				int account, struct error *err)
{
	const char *task = rq->task ? rq->task : MODEL_DEFAULT_TASK;
	memset(l, 0, sizeof(*l));
	l->store = s;
	enum status st = labelling_rater_check(rq->rater, err);
	if (st != ST_OK) {
		l->refused = LABELLING_RATER_NAME;
		return st;
	}
	/* who runs this: a bound rater's labels are written from their account */
	if (account && (st = access_check_write(s, rq->rater, err)) != ST_OK) {
		if (st == ST_INPUT)
			l->refused = LABELLING_ACCOUNT;
		return st;
	}
	if (rq->adjudicate && (st = check_adjudicator(l, rq, err)) != ST_OK)
		return st;
	char *round_task = NULL;
	int closed = 0;
	if (rq->round)
		st = open_round(l, rq, &task, &round_task, &closed, err);
	/* an account bound to a rater of the open round acts in it as that rater only */
	if (st == ST_OK && account && rq->round && !closed &&
	    (st = access_check_act_as(s, rq->rater, l->round_id, l->round, err)) == ST_INPUT)
		l->refused = LABELLING_ACCOUNT;
	if (st == ST_OK && (st = load_scheme(l, task, err)) == ST_INPUT)
		l->refused = LABELLING_TASK;
	free(round_task);   /* task may point into it until here */
	if (st == ST_OK)
		l->task = l->scheme->name;
	/* the rater's row only looked up: it is added with the session's first
	 * write (labelling_rater_add), so a refused command adds no rater */
	if (st == ST_OK)
		st = store_rater_find(s, rq->rater, &l->rater_id, err);
	if (st == ST_OK)
		l->rater = xstrdup(rq->rater);
	if (st == ST_OK && rq->adjudicate && !closed)
		st = check_not_round_rater(l, l->rater_id, err);
	if (st == ST_OK)
		st = find_adjudicator(l, rq, err);
	if (st == ST_OK && rq->round && rq->task_rule == LABELLING_TASK_OF_ROUND && !l->adjudicator)
		st = check_has_items(l, err);
	if (st != ST_OK) {
		enum labelling_refusal why = l->refused;
		labelling_release(l);
		l->refused = why;
	}
	return st;
}

enum status labelling_open(struct labelling *l, struct store *s, const struct labelling_request *rq,
			   struct error *err)
{
	return open_session(l, s, rq, 1, err);
}

enum status labelling_open_imported(struct labelling *l, struct store *s, const struct labelling_request *rq,
				    struct error *err)
{
	return open_session(l, s, rq, 0, err);
}

enum status labelling_rater_add(struct labelling *l, struct error *err)
{
	enum status st = l->rater_id ? ST_OK : store_rater_find(l->store, l->rater, &l->rater_id, err);
	if (st != ST_OK || l->rater_id)
		return st;
	st = store_rater_ensure(l->store, l->rater, &l->rater_id, err);
	l->rater_added = st == ST_OK;
	return st;
}

void labelling_rater_withdraw(struct labelling *l)
{
	struct error err;
	int removed = 0;
	if (!l->rater_added || store_rater_remove_unused(l->store, l->rater_id, &removed, &err) != ST_OK ||
	    !removed)
		return;   /* kept: the refusal stands as it is */
	l->rater_id = 0;
	l->rater_added = 0;
}

void labelling_release(struct labelling *l)
{
	free(l->rater);
	free(l->round);
	free(l->scheme_json);
	scheme_free(l->scheme);
	memset(l, 0, sizeof(*l));
}

/* ---- the item and the label ------------------------------------------------- */

enum status labelling_item_find(struct store *s, const char *conversation, int position,
				const char *system, long rank, int64_t *response_id, struct error *err)
{
	int has = 1;
	enum status st = store_response_find(s, conversation, position, system, response_id, err);
	if (st == ST_OK && rank)
		st = store_response_has_rank(s, *response_id, rank, &has, err);
	if (st == ST_OK && !has) {
		char *ranks;
		st = store_response_ranks(s, *response_id, &ranks, err);
		if (st == ST_OK)
			st = error_set(err, ST_INPUT, "that response has no passage at rank %ld (%s%s)", rank,
				       ranks ? "its ranks: " : "it retrieved no passages", ranks ? ranks : "");
		free(ranks);
	}
	return st;
}

/* The field of key in the session's scheme, if the key and value fit it. */
static enum status check_field(struct labelling *l, const struct labelling_key *key, const char *value,
			       const struct scheme_field **out, struct error *err)
{
	const struct scheme_field *f = scheme_field_find(l->scheme, key->field);
	if (!f)
		return refuse(l, LABELLING_FIELD, err, "task '%s' has no field '%s'", l->task, key->field);
	if (f->unit == UNIT_PAIR)
		return refuse(l, LABELLING_FIELD, err, "field '%s' judges a pair of answers, not one: pairs are "
			      "judged in a pairwise round's pair screen (convqa annotate --round R)", f->name);
	if (f->unit == UNIT_PASSAGE && key->passage_rank < 1)
		return refuse(l, LABELLING_FIELD, err, "field '%s' needs a passage rank", f->name);
	if (f->unit != UNIT_PASSAGE && key->passage_rank != 0)
		return refuse(l, LABELLING_FIELD, err, "field '%s' is not about one passage", f->name);
	if (value && f->type != TYPE_TEXT && !scheme_category_find(f, value))
		return refuse(l, LABELLING_FIELD, err, "'%s' is not a value of %s", value, f->name);
	*out = f;
	return ST_OK;
}

/* In a round, a label only on an item the round assigns to the rater:
 * the response it is given on, whatever unit its field judges (the
 * annotate queue shows those items only); the adjudicator's excepted. */
static enum status check_assigned(struct labelling *l, int64_t response_id, struct error *err)
{
	int assigned = 0;
	char *item = NULL;
	if (!l->round_id || l->adjudicator)
		return ST_OK;
	/* a rater the project lacked at the start may have been added since */
	enum status st = l->rater_id ? ST_OK : store_rater_find(l->store, l->rater, &l->rater_id, err);
	if (st == ST_OK)
		st = store_round_assigns(l->store, l->round_id, l->rater_id, response_id, &assigned, &item, err);
	if (st == ST_OK && !assigned)
		st = refuse(l, LABELLING_NOT_ASSIGNED, err, "round '%s' does not assign %s to rater '%s' (see convqa "
			    "round show %s): a round takes labels only on the items it assigns to each rater",
			    l->round, item ? item : "that item", l->rater, l->round);
	free(item);
	return st;
}

enum status labelling_check(struct labelling *l, const struct labelling_key *key, const char *value,
			    const struct scheme_field **field, struct error *err)
{
	l->refused = LABELLING_NOT_REFUSED;
	enum status st = check_field(l, key, value, field, err);
	return st == ST_OK ? check_assigned(l, key->response_id, err) : st;
}

/* A text field of role gold_passages names passages by id, separated by
 * commas or spaces (the report reads them so): each id must be one the
 * project has. */
static enum status check_passages(struct labelling *l, const struct scheme_field *f, const char *value,
				  struct error *err)
{
	if (f->role != SROLE_GOLD_PASSAGES || !value)
		return ST_OK;
	for (const char *p = value + strspn(value, " ,\t\n"); *p; p += strspn(p, " ,\t\n")) {
		size_t len = strcspn(p, " ,\t\n");
		char *id = xstrndup(p, len), *some = NULL;
		int known = 0;
		enum status st = store_passage_known(l->store, id, &known, &some, err);
		if (st == ST_OK && !known)
			st = refuse(l, LABELLING_FIELD, err, "no passage '%s' in the project (%s takes ids of passages the "
				    "task files imported: %s; the annotate screen shows each passage with its id)", id,
				    f->name, some ? some : "it has none: import a task file first");
		free(id);
		free(some);
		if (st != ST_OK)
			return st;
		p += len;
	}
	return ST_OK;
}

/* A rater's session of a round takes labels while the round is open: one
 * closed since the session opened takes no more (an adjudicator's labels,
 * which settle it, and a session opened on a closed round on purpose
 * excepted). Read inside the label's write transaction, so that a close
 * committed while the label waited for the lock is seen. */
static enum status check_still_open(struct labelling *l, struct error *err)
{
	int64_t id = 0;
	int closed = 0;
	if (!l->round_id || l->closed || l->adjudicator)
		return ST_OK;
	enum status st = store_round_info(l->store, l->round, &id, NULL, &closed, err);
	if (st == ST_OK && (closed || id != l->round_id))
		st = refuse(l, LABELLING_ROUND_CLOSED, err, "round '%s' is closed (a coordinator reopens it with: "
			    "convqa round reopen %s)", l->round, l->round);
	else if (st == ST_INPUT)
		l->refused = LABELLING_ROUND_CLOSED;   /* deleted since */
	return st;
}

/* With key->if_current, the unit's current value of the session's rater
 * must still be key->current (an undo takes back only what its session
 * wrote). */
static enum status check_current(struct labelling *l, const struct labelling_key *key,
				 const struct store_label_key *k, struct error *err)
{
	char *now = NULL;
	if (!key->if_current)
		return ST_OK;
	enum status st = store_label_get(l->store, k, &now, err);
	int same = now && key->current ? strcmp(now, key->current) == 0 : !now && !key->current;
	if (st == ST_OK && !same)
		st = refuse(l, LABELLING_CHANGED, err, "%s was changed elsewhere since (it is %s now)", key->field,
			    now ? now : "unset");
	free(now);
	return st;
}

enum status labelling_set(struct labelling *l, const struct labelling_key *key, const char *value,
			  double seconds, struct error *err)
{
	const struct scheme_field *f = NULL;
	l->refused = LABELLING_NOT_REFUSED;
	if (key->rater_id && key->rater_id != l->rater_id)
		return refuse(l, LABELLING_OTHER_RATER, err, "rater '%s' can change only their own labels",
			      l->rater);
	enum status st = check_field(l, key, value, &f, err);
	if (st == ST_OK)
		st = check_passages(l, f, value, err);
	if (st != ST_OK)
		return st;
	/* the rules that read the project, and the write, in one transaction */
	int64_t rater_had = l->rater_id;
	if ((st = store_begin(l->store, err)) != ST_OK)
		return st;
	st = check_scheme_unchanged(l, err);
	if (st == ST_OK)
		st = check_still_open(l, err);
	if (st == ST_OK)
		st = check_assigned(l, key->response_id, err);
	if (st == ST_OK)
		st = labelling_rater_add(l, err);
	struct store_label_key k = {
		key->response_id, l->rater_id, l->round_id, l->task, f->name, key->passage_rank, f->unit,
	};
	if (st == ST_OK)
		st = check_current(l, key, &k, err);
	if (st == ST_OK)
		st = store_label_set(l->store, &k, value, seconds, err);
	if (st == ST_OK)
		st = store_commit(l->store, err);
	else
		store_rollback(l->store);
	if (st != ST_OK && !rater_had) {
		l->rater_id = 0;   /* a rater added in the transaction is gone with it */
		l->rater_added = 0;
	}
	return st;
}

/* ---- pairs ------------------------------------------------------------------- */

static enum status check_pair_assigned(struct labelling *l, int64_t pair_id, struct error *err)
{
	int assigned = 0;
	if (!l->round_id || l->adjudicator)
		return ST_OK;
	enum status st = l->rater_id ? ST_OK : store_rater_find(l->store, l->rater, &l->rater_id, err);
	if (st == ST_OK)
		st = store_pair_assigned(l->store, l->round_id, l->rater_id, pair_id, &assigned, err);
	if (st == ST_OK && !assigned)
		st = refuse(l, LABELLING_NOT_ASSIGNED, err, "round '%s' does not assign pair %lld to rater '%s' (see "
			    "convqa round show %s)", l->round, (long long)pair_id, l->rater, l->round);
	return st;
}

enum status labelling_set_pair(struct labelling *l, int64_t pair_id, const char *field, const char *value,
			       double seconds, struct error *err)
{
	l->refused = LABELLING_NOT_REFUSED;
	const struct scheme_field *f = scheme_field_find(l->scheme, field);
	if (!f || f->unit != UNIT_PAIR)
		return refuse(l, LABELLING_FIELD, err, "task '%s' has no pair field '%s'", l->task, field);
	if (value && f->type != TYPE_TEXT && !scheme_category_find(f, value))
		return refuse(l, LABELLING_FIELD, err, "'%s' is not a value of %s", value, f->name);
	int64_t rater_had = l->rater_id;
	enum status st = store_begin(l->store, err);
	if (st != ST_OK)
		return st;
	st = check_scheme_unchanged(l, err);
	if (st == ST_OK)
		st = check_still_open(l, err);
	if (st == ST_OK)
		st = check_pair_assigned(l, pair_id, err);
	if (st == ST_OK)
		st = labelling_rater_add(l, err);
	struct store_pair_label k = { pair_id, l->rater_id, l->round_id, l->task, f->name };
	if (st == ST_OK)
		st = store_pair_label_set(l->store, &k, value, seconds, err);
	if (st == ST_OK)
		st = store_commit(l->store, err);
	else
		store_rollback(l->store);
	if (st != ST_OK && !rater_had) {
		l->rater_id = 0;
		l->rater_added = 0;
	}
	return st;
}
