/* labelling_import.c - labels recorded elsewhere, added by the labelling
 * rules: each label passes a session of its rater, round and task, names an
 * item of this project, and is added with its own time, once. See
 * labelling.h (labelling_import). */
#include "convqa/labelling.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/access.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/strmap.h"
#include "labelling_internal.h"

/* ---- problems: up to ten messages, one a line, and a count ------------------ */

enum { MAX_MESSAGES = 10 };

struct problems {
	struct error *err;
	long n;
};

static void problem(struct problems *p, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void problem(struct problems *p, const char *where, const char *fmt, ...)
{
	if (++p->n > MAX_MESSAGES)
		return;
	size_t used = p->n > 1 ? strlen(p->err->msg) : 0;
	char *at = p->err->msg + used;
	size_t room = sizeof(p->err->msg) - used;
	if (used && room > 1) {
		*at++ = '\n';
		room--;
	}
	int k = snprintf(at, room, "%s: ", where);
	if (k >= 0 && (size_t)k < room) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(at + k, room - (size_t)k, fmt, ap);
		va_end(ap);
	}
	p->err->status = ST_INPUT;
}

static enum status problems_finish(struct problems *p, const char *what)
{
	if (p->n > MAX_MESSAGES) {
		size_t used = strlen(p->err->msg);
		snprintf(p->err->msg + used, sizeof(p->err->msg) - used, "\nand %ld more %s", p->n - MAX_MESSAGES,
			 what);
	}
	return p->n ? ST_INPUT : ST_OK;
}

/* ---- sessions: one per rater, round and task --------------------------------- */

struct session {
	struct labelling l;
	enum status st;                    /* of labelling_open */
};

struct sessions {
	struct strmap by_key;              /* "rater\x1fround\x1ftask" -> index */
	char **keys;                       /* owned, the map's keys */
	struct session **v;                /* owned, each its own allocation: labels point to them */
	size_t n, cap, keys_cap;
};

/* The session of rater, round and task, opened at its first label (where):
 * its refusal is one problem, said once. NULL when it was refused. */
static struct session *session_for(struct store *s, struct sessions *ss, const char *rater, const char *round,
				   const char *task, const char *where, struct problems *p, struct error *fatal)
{
	char *key = xasprintf("%s\x1f%s%s\x1f%s", rater, round ? "r:" : "-", round ? round : "", task);
	size_t *found = strmap_get(&ss->by_key, key);
	if (found) {
		free(key);
		return ss->v[*found]->st == ST_OK ? ss->v[*found] : NULL;
	}
	xgrow(&ss->v, &ss->cap, ss->n + 1, sizeof(*ss->v));
	xgrow(&ss->keys, &ss->keys_cap, ss->n + 1, sizeof(*ss->keys));
	struct session *se = ss->v[ss->n] = xcalloc(1, sizeof(*se));
	ss->keys[ss->n] = key;
	strmap_put(&ss->by_key, key, ss->n, NULL);
	ss->n++;
	struct labelling_request rq = {
		.rater = rater, .round = round, .task = task, .task_given = 1, .task_rule = LABELLING_TASK_OF_LABEL,
		.closed_ok = 1,   /* a closed round is refused only a label it lacks (add_all) */
	};
	struct error e;
	se->st = labelling_open_imported(&se->l, s, &rq, &e);
	if (se->st == ST_OK)
		return se;
	if (se->st != ST_INPUT) {
		*fatal = e;
		return NULL;
	}
	switch (se->l.refused) {
	case LABELLING_RATER_NAME:
		problem(p, where, "rater '%s': %s", rater, e.msg);
		break;
	case LABELLING_NOT_REFUSED:   /* no such round */
		problem(p, where, "%s: create the round first, or import the labels into a round with --round NAME "
			"or outside rounds with --no-rounds", e.msg);
		break;
	default:
		problem(p, where, "%s", e.msg);
	}
	return NULL;
}

static void sessions_release(struct sessions *ss)
{
	for (size_t i = 0; i < ss->n; i++) {
		labelling_release(&ss->v[i]->l);
		free(ss->v[i]);
		free(ss->keys[i]);
	}
	free(ss->v);
	free(ss->keys);
	strmap_release(&ss->by_key);
}

/* ---- one label ---------------------------------------------------------------- */

/* What a label is, in this project. */
struct resolved {
	struct session *se;
	const struct scheme_field *f;
	int64_t response_id;
	long rank;
};

/* The item, and the passage, of label L in this project: ST_OK with
 * r->response_id and r->rank set, ST_INPUT with the problem counted, or a
 * failure of the store. Each unknown item is said once. */
static enum status resolve_item(struct store *s, struct store_label_importer *imp, const struct labelling_import_label *L,
				struct resolved *r, struct strmap *unknown, char ***keys, size_t *n_keys,
				size_t *keys_cap, struct problems *p, struct error *fatal)
{
	struct error e;
	enum status st = labelling_item_find(s, L->conversation, L->turn, L->system, L->rank, &r->response_id, &e);
	if (st == ST_INPUT) {
		char *key = xasprintf("%s\x1f%d\x1f%s\x1f%ld", L->conversation, L->turn, L->system, L->rank);
		if (strmap_put(unknown, key, 0, NULL)) {
			xgrow(keys, keys_cap, *n_keys + 1, sizeof(**keys));
			(*keys)[(*n_keys)++] = key;
			if (L->rank)
				problem(p, L->where, "unknown item (conversation '%s', turn %d, system '%s', rank %ld): %s",
					L->conversation, L->turn, L->system, L->rank, e.msg);
			else
				problem(p, L->where, "unknown item (conversation '%s', turn %d, system '%s'): %s",
					L->conversation, L->turn, L->system, e.msg);
		} else {
			free(key);
		}
		return ST_INPUT;
	}
	if (st != ST_OK) {
		*fatal = e;
		return st;
	}
	r->rank = L->rank;
	if (!L->passage)
		return ST_OK;
	char *at_rank = NULL;
	st = store_label_importer_passage(imp, r->response_id, &r->rank, L->passage, &at_rank, fatal);
	if (st != ST_OK)
		return st;
	if (L->rank && at_rank && strcmp(at_rank, L->passage) != 0) {
		problem(p, L->where, "the item (conversation '%s', turn %d, system '%s') has passage '%s' at rank %ld "
			"in this project, not '%s'", L->conversation, L->turn, L->system, at_rank, L->rank, L->passage);
		st = ST_INPUT;
	} else if (!r->rank) {
		problem(p, L->where, "the item (conversation '%s', turn %d, system '%s') did not retrieve passage '%s' "
			"in this project", L->conversation, L->turn, L->system, L->passage);
		st = ST_INPUT;
	}
	free(at_rank);
	return st;
}

/* Labels in a round on items it does not assign to their rater: one
 * problem for them all, at the first (its message), with their number. */
struct unassigned {
	const char *where;                 /* the first's; NULL: none */
	char msg[sizeof(((struct error *)0)->msg)];
	long n;
};

/* The field and value of L by its session's scheme, its unit, and in a
 * round its item one of the rater's assignments (counted in u). ST_INPUT
 * with the problem counted, or a failure of the store in fatal. */
static enum status check_label(const struct labelling_import_label *L, struct resolved *r, struct problems *p,
			       struct unassigned *u, struct error *fatal)
{
	struct labelling_key k = { .response_id = r->response_id, .field = L->field, .passage_rank = r->rank };
	struct error e;
	enum status st = labelling_check(&r->se->l, &k, L->value, &r->f, &e);
	if (st == ST_INPUT && r->se->l.refused == LABELLING_NOT_ASSIGNED) {
		if (!u->n++) {
			u->where = L->where;
			snprintf(u->msg, sizeof(u->msg), "%s", e.msg);
		}
		return ST_INPUT;
	}
	if (st == ST_INPUT) {
		problem(p, L->where, "%s", e.msg);
		return ST_INPUT;
	}
	if (st != ST_OK) {
		*fatal = e;
		return st;
	}
	const char *here = scheme_unit_name(r->f->unit);
	if (L->unit && strcmp(L->unit, here) != 0) {
		problem(p, L->where, "field '%s' of task '%s' judges the %s in this project, the label the %s "
			"(the two copies' schemes differ)", r->f->name, r->se->l.task, here, L->unit);
		return ST_INPUT;
	}
	return ST_OK;
}

/* Labels the source gives on control items (control 1) that this project
 * would take as judgements: one problem for them all, at the first. */
struct lost_controls {
	const char *where;                 /* the first's; NULL: none */
	char why[256];                     /* where the first would land */
	long n;
};

/* A label given on a control item stays one here: its round asks its item
 * of its rater as a control item (the round's assignment decides, as for
 * every label); else it is counted in c (it would be a judgement). */
static enum status check_control(struct store *s, const struct labelling_import_label *L, const struct resolved *r,
				 struct lost_controls *c, struct error *fatal)
{
	const struct labelling *l = &r->se->l;
	int control = 0;
	if (!L->control)
		return ST_OK;
	if (l->round_id && l->rater_id) {
		enum status st = store_round_asks_control(s, l->round_id, l->rater_id, r->response_id, &control, fatal);
		if (st != ST_OK)
			return st;
	}
	if (control)
		return ST_OK;
	if (!c->n++) {
		c->where = L->where;
		if (l->round_id)
			snprintf(c->why, sizeof(c->why), "round '%s' does not ask it of rater '%s' as one", l->round,
				 L->rater);
		else
			snprintf(c->why, sizeof(c->why), "outside rounds");
	}
	return ST_INPUT;
}

static void lost_controls_problem(const struct lost_controls *c, struct problems *p)
{
	if (!c->n)
		return;
	problem(p, c->where, "given on a control item (\"control\": true), it would count as a judgement here (%s); "
		"%ld %s of the file %s: leave the labels whose control is true out of the file, or import them into "
		"the round that asks their items as control items", c->why, c->n, c->n == 1 ? "label" : "labels",
		c->n == 1 ? "is such" : "are such");
}

/* ---- the import ----------------------------------------------------------------- */

static const struct labelling_import_label *sort_labels;

/* Oldest first: by time, then the source's ids (none: 0), then the order
 * given (a total order, as qsort needs). */
static int by_time(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	const struct labelling_import_label *x = &sort_labels[i], *y = &sort_labels[j];
	int c = strcmp(x->created_at, y->created_at);
	if (c)
		return c;
	if (x->source_id != y->source_id)
		return x->source_id < y->source_id ? -1 : 1;
	return i < j ? -1 : i > j;
}

/* Check every label; the problems counted in p. ST_OK or a failure. */
static enum status check_all(struct store *s, struct store_label_importer *imp,
			     const struct labelling_import_request *rq, const struct labelling_import_label *labels,
			     size_t n, struct resolved *r, struct sessions *ss, struct problems *p, struct error *fatal)
{
	struct strmap unknown = STRMAP_INIT;
	struct unassigned u = { NULL, "", 0 };
	struct lost_controls lost = { NULL, "", 0 };
	char **keys = NULL;
	size_t n_keys = 0, keys_cap = 0;
	enum status st = ST_OK;
	for (size_t i = 0; i < n; i++) {
		const struct labelling_import_label *L = &labels[i];
		const char *round = rq->no_rounds ? NULL : rq->round ? rq->round : L->round;
		if (!iso8601_valid(L->created_at, 1)) {
			problem(p, L->where, "timestamp '%s' is not a UTC time as convqa writes it "
				"(YYYY-MM-DDTHH:MM:SS.mmmZ, a date and time that exist)", L->created_at);
			continue;
		}
		if (!(L->seconds >= 0 && L->seconds < 1e9)) {
			problem(p, L->where, "seconds must be a number from 0 to 1e9");
			continue;
		}
		r[i].se = session_for(s, ss, L->rater, round, L->task, L->where, p, fatal);
		if (!r[i].se && fatal->status != ST_OK) {
			st = fatal->status;
			break;
		}
		enum status item = resolve_item(s, imp, L, &r[i], &unknown, &keys, &n_keys, &keys_cap, p, fatal);
		if (item != ST_OK && item != ST_INPUT) {
			st = item;
			break;
		}
		if (item == ST_OK && r[i].se && (item = check_label(L, &r[i], p, &u, fatal)) == ST_OK)
			item = check_control(s, L, &r[i], &lost, fatal);
		if (item != ST_OK && item != ST_INPUT) {
			st = item;
			break;
		}
	}
	if (st == ST_OK && u.n)
		problem(p, u.where, "%s; %ld %s of the file %s not assigned to %s rater in %s round", u.msg, u.n,
			u.n == 1 ? "label" : "labels", u.n == 1 ? "is on an item" : "are on items",
			u.n == 1 ? "its" : "their", u.n == 1 ? "its" : "their");
	if (st == ST_OK)
		lost_controls_problem(&lost, p);
	for (size_t i = 0; i < n_keys; i++)
		free(keys[i]);
	free(keys);
	strmap_release(&unknown);
	return st;
}

/* The closed rounds a new label was refused in: each said once. */
struct ids {
	int64_t *v;
	size_t n, cap;
};

/* Whether id is in ids; added when not. */
static int said(struct ids *ids, int64_t id)
{
	for (size_t i = 0; i < ids->n; i++)
		if (ids->v[i] == id)
			return 1;
	xgrow(&ids->v, &ids->cap, ids->n + 1, sizeof(*ids->v));
	ids->v[ids->n++] = id;
	return 0;
}

/* Add the labels oldest first; conflicts counted in p and *conflicts, and
 * a closed round a label is new to (once a round: importing again what it
 * holds changes nothing, and is no problem). */
static enum status add_all(struct store_label_importer *imp, const struct labelling_import_label *labels,
			   size_t n, const struct resolved *r, struct labelling_import_result *res,
			   struct problems *p, long *conflicts, struct error *err)
{
	size_t *order = xmalloc((n ? n : 1) * sizeof(*order));
	struct ids closed = { NULL, 0, 0 };
	enum status st = ST_OK;
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	sort_labels = labels;
	qsort(order, n, sizeof(*order), by_time);
	for (size_t o = 0; o < n && st == ST_OK; o++) {
		const struct labelling_import_label *L = &labels[order[o]];
		const struct resolved *x = &r[order[o]];
		/* the file checked: its raters the project lacks are added */
		if ((st = labelling_rater_add(&x->se->l, err)) != ST_OK)
			break;
		struct store_label_key k = {
			x->response_id, x->se->l.rater_id, x->se->l.round_id, x->se->l.task, x->f->name, x->rank,
			x->f->unit,
		};
		enum store_label_added added;
		struct store_label_conflict c;
		st = store_label_importer_add(imp, &k, L->value, L->seconds, L->created_at, &added, &c, err);
		if (st != ST_OK)
			break;
		if (added == LABEL_ADDED && x->se->l.closed && !said(&closed, x->se->l.round_id))
			problem(p, L->where, "round '%s' is closed (reopen it to import labels into it: convqa round "
				"reopen %s)", x->se->l.round, x->se->l.round);
		if (added == LABEL_ADDED) {
			res->added++;
			continue;
		}
		if (added == LABEL_PRESENT) {
			res->present++;
			continue;
		}
		++*conflicts;
		if (!L->value || c.cleared)
			problem(p, L->where, "conflicts with this project's label of rater '%s' saved at the same time "
				"(%s), field '%s' of conversation '%s', turn %d: %s%s%s here, %s%s%s in the file",
				L->rater, L->created_at, x->f->name, L->conversation, L->turn, c.cleared ? "cleared" : "'",
				c.cleared ? "" : c.value, c.cleared ? "" : "'", L->value ? "'" : "cleared",
				L->value ? L->value : "", L->value ? "'" : "");
		else
			problem(p, L->where, "conflicts with this project's label of rater '%s' saved at the same time "
				"(%s), field '%s' of conversation '%s', turn %d: '%s' here, '%s' in the file", L->rater,
				L->created_at, x->f->name, L->conversation, L->turn, c.value, L->value);
	}
	free(closed.v);
	free(order);
	return st;
}

/* The scheme (JSON text) the labels are in, added when the project has
 * none of its name; one it has stays as it is (the labels are checked
 * against it). In the import's transaction. */
static enum status scheme_ensure(struct store *s, const char *json, int *added, struct error *err)
{
	struct scheme *sc;
	enum status st = scheme_read("the labels' scheme", xstrdup(json), strlen(json), &sc, err);
	if (st != ST_OK)
		return st;
	char *have = NULL, *text = NULL;
	enum store_put put;
	if ((st = store_scheme_get(s, sc->name, &have, err)) == ST_OK && !have && !scheme_is_builtin(sc->name)) {
		text = scheme_to_json(sc);
		st = store_scheme_add(s, sc->name, text, NULL, NULL, &put, err);
		*added = st == ST_OK && put == PUT_NEW;
	}
	free(text);
	free(have);
	scheme_free(sc);
	return st;
}

enum status labelling_import(struct store *s, const struct labelling_import_request *rq,
			     const struct labelling_import_label *labels, size_t n,
			     struct labelling_import_result *res, struct error *err)
{
	struct sessions ss = { STRMAP_INIT, NULL, NULL, 0, 0, 0 };
	struct store_label_importer *imp = NULL;
	struct resolved *r = xcalloc(n ? n : 1, sizeof(*r));
	struct problems p = { err, 0 };
	struct error fatal;
	memset(res, 0, sizeof(*res));
	error_clear(err);
	error_clear(&fatal);
	/* the sessions may add raters: in the import's transaction */
	enum status st = store_begin(s, err);
	if (st != ST_OK)
		goto out;
	/* a coordinator's work: the labels of others (access.h) */
	st = access_check_coordinator(s, "import labels", err);
	if (st == ST_INPUT)
		res->refused = LABELLING_ACCOUNT;
	if (st == ST_OK && rq->scheme_json)
		st = scheme_ensure(s, rq->scheme_json, &res->scheme_added, err);
	if (st == ST_OK)
		st = store_label_importer_open(s, &imp, err);
	if (st == ST_OK && (st = check_all(s, imp, rq, labels, n, r, &ss, &p, &fatal)) != ST_OK)
		*err = fatal;
	if (st == ST_OK && (st = problems_finish(&p, "problems")) == ST_OK) {
		long conflicts = 0;
		st = add_all(imp, labels, n, r, res, &p, &conflicts, err);
		if (st == ST_OK && (st = problems_finish(&p, conflicts ? "conflicts" : "problems")) == ST_INPUT &&
		    conflicts) {
			size_t used = strlen(err->msg);
			snprintf(err->msg + used, sizeof(err->msg) - used,
				 "\nnothing was imported: a label is never overwritten; leave the conflicting labels "
				 "out of the file (or settle them with convqa label) and import it again");
		}
	}
	if (st == ST_OK)
		st = store_label_importer_finish(imp, &res->copies, err);
	if (st == ST_OK && res->added)
		st = store_commit(s, err);
	else
		store_rollback(s); /* refused, or nothing new: leave no trace */
	if (!res->added)
		res->scheme_added = 0; /* rolled back with the rest */
out:
	store_label_importer_free(imp);
	sessions_release(&ss);
	free(r);
	if (st != ST_OK) {
		enum labelling_refusal why = res->refused;
		memset(res, 0, sizeof(*res));
		res->refused = why;
	}
	return st;
}
