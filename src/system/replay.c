/* replay.c - automatic evaluation: gold conversations sent to a live
 * system turn by turn, each reply stored at once (replay.h). One event
 * loop drives every connection: poll() on their descriptors with the
 * nearest deadline, then system_read() on each turn in flight. */
#include "convqa/replay.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/store_replay.h"
#include "convqa/system.h"

/* A conversation: its turns are t[first .. first + n). */
struct conv {
	size_t first, n;
};

struct worker {
	struct system *sys;   /* NULL until a turn needs it, or after a failure */
	size_t conv;          /* its conversation (index in convs) */
	size_t turn;          /* the turn it is on (index in t) */
	int busy;             /* a turn in flight */
	int retried;          /* the turn in flight failed once */
};

struct replay {
	struct store *s;
	const struct replay_opts *o;
	struct store_replay_turn *t;
	size_t n;
	struct conv *convs;
	size_t n_convs, next_conv;
	struct worker *w;
	struct replay_counts *c;
};

static void group(struct replay *r)
{
	r->convs = xcalloc(r->n + 1, sizeof(*r->convs));
	for (size_t i = 0; i < r->n; i++) {
		if (i == 0 || strcmp(r->t[i].conversation, r->t[i - 1].conversation) != 0)
			r->convs[r->n_convs++] = (struct conv){ i, 0 };
		r->convs[r->n_convs - 1].n++;
		if (r->t[i].answer)
			r->c->skipped++;
	}
}

/* Move w to its next unanswered turn, taking the next conversation left
 * when its own is done. Returns 0 when there is none. */
static int next_turn(struct replay *r, struct worker *w)
{
	for (;;) {
		if (w->conv < r->n_convs) {
			const struct conv *cv = &r->convs[w->conv];
			while (w->turn < cv->first + cv->n && r->t[w->turn].answer)
				w->turn++;
			if (w->turn < cv->first + cv->n)
				return 1;
		}
		if (r->next_conv >= r->n_convs)
			return 0;
		w->conv = r->next_conv++;
		w->turn = r->convs[w->conv].first;
	}
}

/* Send w's turn (opening a connection when it has none). */
static enum status send_turn(struct replay *r, struct worker *w, struct error *err)
{
	const struct store_replay_turn *t = &r->t[w->turn];
	size_t first = r->convs[w->conv].first, nh = w->turn - first;
	if (!w->sys) {
		enum status st = system_open(r->o->spec, &w->sys, err);
		if (st != ST_OK)
			return st;
	}
	struct system_turn *h = xcalloc(nh + 1, sizeof(*h));
	for (size_t i = 0; i < nh; i++) {
		const struct store_replay_turn *e = &r->t[first + i];
		h[i].question = e->question;
		h[i].answer = r->o->history == REPLAY_HISTORY_GOLD ? e->gold : e->answer;
	}
	struct system_request req = { t->conversation, h, nh, t->question };
	enum status st = system_send(w->sys, &req, r->o->timeout, err);
	free(h);
	if (st == ST_OK) {
		r->c->sent++;
		w->busy = 1;
	}
	return st;
}

/* A failed turn of w: said, then sent again on a new connection once; the
 * second failure stops the replay (-1, err set). */
static int failed(struct replay *r, struct worker *w, const struct error *why, struct error *err)
{
	const struct store_replay_turn *t = &r->t[w->turn];
	char *msg = xasprintf("conversation %s turn %d: %s", t->conversation, t->position, why->msg);
	r->c->failed++;
	w->busy = 0;
	system_close(w->sys);
	w->sys = NULL;
	if (w->retried) {
		error_set(err, ST_IO, "%s; failed twice, the replay stops (the %ld replies stored are kept: "
			  "run the same command again to go on)", msg, r->c->stored);
		free(msg);
		return -1;
	}
	if (r->o->message) {
		const char *kind = r->o->spec->kind;
		char *m = xasprintf("%s; trying once more with a new %s", msg,
				    kind && strcmp(kind, "http") == 0 ? "connection" : "process");
		r->o->message(m, r->o->ctx);
		free(m);
	}
	free(msg);
	w->retried = 1;
	return 0;
}

/* Give w its next turn, if any. -1 when the replay must stop. */
static int advance(struct replay *r, struct worker *w, struct error *err)
{
	while (!w->busy && next_turn(r, w)) {
		struct error e;
		if (send_turn(r, w, &e) == ST_OK)
			return 0;
		if (failed(r, w, &e, err))
			return -1;
	}
	return 0;
}

/* Store the reply to w's turn. */
static enum status stored(struct replay *r, struct worker *w, const struct system_reply *rep, struct error *err)
{
	struct store_replay_turn *t = &r->t[w->turn];
	struct store_replay_passage *p = xcalloc(rep->n_passages + 1, sizeof(*p));
	for (size_t i = 0; i < rep->n_passages; i++) {
		const struct system_passage *sp = &rep->passages[i];
		p[i] = (struct store_replay_passage){ sp->id, sp->title, sp->text, sp->score, sp->has_score };
	}
	int added = 0;
	enum status st = store_replay_put(r->s, t->turn_id, r->o->system_id, rep->answer, rep->rewrite, p,
					  rep->n_passages, &added, err);
	free(p);
	if (st != ST_OK)
		return st;
	if (added)
		r->c->stored++;
	else
		r->c->skipped++;
	t->answer = xstrdup(rep->answer);
	w->busy = 0;
	w->retried = 0;
	if (r->o->progress)
		r->o->progress(r->c, r->o->ctx);
	return ST_OK;
}

/* Move each turn in flight on. -1 when the replay must stop. */
static int step(struct replay *r, struct error *err)
{
	for (size_t i = 0; i < r->o->parallel; i++) {
		struct worker *w = &r->w[i];
		if (!w->busy)
			continue;
		struct system_reply rep = { 0 };
		struct error e;
		enum system_result res = system_read(w->sys, &rep, &e);
		if (res == SYSTEM_READY) {
			enum status st = stored(r, w, &rep, err);
			system_reply_release(&rep);
			if (st != ST_OK)
				return -1;
		} else if (res == SYSTEM_ERROR && failed(r, w, &e, err)) {
			return -1;
		}
		if (advance(r, w, err))
			return -1;
	}
	return 0;
}

/* Wait until a turn in flight can move or its deadline passes. Returns
 * how many are in flight (0: the replay is done). */
static size_t wait_turns(struct replay *r)
{
	struct pollfd *fds = xcalloc(r->o->parallel * SYSTEM_MAX_FDS, sizeof(*fds));
	size_t n = 0, busy = 0;
	double first = 0;
	for (size_t i = 0; i < r->o->parallel; i++) {
		double deadline = 0;
		if (!r->w[i].busy)
			continue;
		busy++;
		n += system_pollfds(r->w[i].sys, fds + n, SYSTEM_MAX_FDS, &deadline);
		if (deadline > 0 && (first == 0 || deadline < first))
			first = deadline;
	}
	if (busy) {
		double left = first > 0 ? first - now_monotonic() : 1.0;
		int ms = left <= 0 ? 0 : left > 1.0 ? 1000 : (int)(left * 1000) + 1;
		if (poll(fds, (nfds_t)n, ms) < 0 && errno != EINTR)
			busy = 0;
	}
	free(fds);
	return busy;
}

static int loop(struct replay *r, struct error *err)
{
	for (size_t i = 0; i < r->o->parallel; i++) {
		r->w[i].conv = r->n_convs;
		if (advance(r, &r->w[i], err))
			return -1;
	}
	while (wait_turns(r))
		if (step(r, err))
			return -1;
	return 0;
}

enum status replay_run(struct store *s, const struct replay_opts *o, struct replay_counts *counts,
		       struct error *err)
{
	struct replay r = { s, o, NULL, 0, NULL, 0, 0, NULL, counts };
	memset(counts, 0, sizeof(*counts));
	enum status st = store_replay_turns(s, o->conversations, o->n_conversations, o->system_id, &r.t, &r.n, err);
	if (st != ST_OK)
		return st;
	counts->total = (long)r.n;
	group(&r);
	r.w = xcalloc(o->parallel, sizeof(*r.w));
	if (o->progress)
		o->progress(counts, o->ctx);
	if (loop(&r, err))
		st = err->status ? err->status : ST_IO;
	for (size_t i = 0; i < o->parallel; i++)
		system_close(r.w[i].sys);
	free(r.w);
	free(r.convs);
	store_replay_turns_free(r.t, r.n);
	return st;
}
