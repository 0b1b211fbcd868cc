/* live.c - a live conversation: questions sent with the conversation so
 * far, each exchange stored at once (live.h). */
#include "convqa/live.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/json.h"
#include "convqa/store_live.h"
#include "convqa/store_replay.h"
#include "convqa/strbuf.h"

struct live {
	struct store *store;
	const struct live_opts *o;
	struct system *sys;          /* NULL: none open (at first, after a failure) */
	char *name;                  /* the conversation's, once chosen */
	struct system_turn *turns;   /* the exchanges stored: owned strings */
	size_t n, cap;
	int64_t first_response, last_response;
	char *pending;               /* the question in flight, NULL: none */
	double since;
	struct system_reply last;
	char *last_question;
	double last_latency;
};

void live_new(struct store *s, const struct live_opts *o, struct live **out)
{
	struct live *l = xcalloc(1, sizeof(*l));
	l->store = s;
	l->o = o;
	*out = l;
}

void live_free(struct live *l)
{
	if (!l)
		return;
	system_close(l->sys);
	for (size_t i = 0; i < l->n; i++) {
		free((char *)l->turns[i].question);
		free((char *)l->turns[i].answer);
	}
	free(l->turns);
	free(l->name);
	free(l->pending);
	free(l->last_question);
	system_reply_release(&l->last);
	free(l);
}

enum status live_send(struct live *l, const char *question, struct error *err)
{
	if (l->pending)
		return error_set(err, ST_USAGE, "a question is waiting for its answer already");
	enum status st = ST_OK;
	if (!l->name && l->o->name)
		l->name = xstrdup(l->o->name);
	if (!l->name)
		st = store_live_name(l->store, l->o->rater, &l->name, err);
	if (st == ST_OK && !l->sys)
		st = system_open(l->o->spec, &l->sys, err);
	if (st != ST_OK)
		return st;
	struct system_request req = { l->name, l->turns, l->n, question };
	st = system_send(l->sys, &req, l->o->timeout, err);
	if (st != ST_OK) {
		system_close(l->sys);
		l->sys = NULL;
		return st;
	}
	l->pending = xstrdup(question);
	l->since = now_monotonic();
	return ST_OK;
}

size_t live_pollfds(struct live *l, struct pollfd *fds, size_t max, double *deadline)
{
	*deadline = 0;
	return l->pending && l->sys ? system_pollfds(l->sys, fds, max, deadline) : 0;
}

/* The response's metadata: {"live": {"system", "rater", "latency", "side"
 * (arena mode), "raw"}}. */
static char *metadata(const struct live *l, const struct system_reply *r, double latency)
{
	struct strbuf sb = STRBUF_INIT;
	char num[64];
	json_member(&sb, "{\"live\": {\"system\": ", l->o->system);
	json_member(&sb, ", \"rater\": ", l->o->rater);
	snprintf(num, sizeof(num), ", \"latency\": %.3f", latency);
	strbuf_adds(&sb, num);
	if (l->o->side)
		json_member(&sb, ", \"side\": ", l->o->side);
	json_member(&sb, ", \"raw\": ", r->raw);
	strbuf_adds(&sb, "}}");
	return strbuf_detach(&sb);
}

/* The passages of r as the project keeps them now (a passage it had keeps
 * its own title and text): what the turn screen shows. */
static void as_stored(struct live *l, struct system_reply *r)
{
	for (size_t i = 0; i < r->n_passages; i++) {
		struct system_passage *p = &r->passages[i];
		char *title, *text;
		struct error err;
		if (store_live_passage(l->store, p->id, &title, &text, &err) != ST_OK || !text) {
			free(title);
			continue;
		}
		free(p->text);
		p->text = text;
		if (title) {
			free(p->title);
			p->title = title;
		}
	}
}

/* Store the reply to the question in flight as the next turn. */
static enum status store_reply(struct live *l, struct system_reply *r, struct error *err)
{
	double latency = now_monotonic() - l->since;
	struct store_replay_passage *p = xcalloc(r->n_passages + 1, sizeof(*p));
	for (size_t i = 0; i < r->n_passages; i++) {
		const struct system_passage *sp = &r->passages[i];
		p[i] = (struct store_replay_passage){ sp->id, sp->title, sp->text, sp->score, sp->has_score };
	}
	char *meta = metadata(l, r, latency);
	struct strbuf cm = STRBUF_INIT;
	json_member(&cm, "{\"live\": {\"rater\": ", l->o->rater);
	json_member(&cm, ", \"system\": ", l->o->system);
	if (l->o->round)
		json_member(&cm, ", \"round\": ", l->o->round);
	if (l->o->from)
		json_member(&cm, ", \"from\": ", l->o->from);
	if (l->o->conv_extra)
		strbuf_adds(&cm, l->o->conv_extra);
	strbuf_adds(&cm, "}}");
	struct store_live_turn t = { l->name, strbuf_str(&cm), (int)l->n + 1, l->pending, l->o->system_id,
				     r->answer, r->rewrite, meta, p, r->n_passages, l->o->round, l->o->rater, l->o->from,
				     l->o->add_to_turn };
	int64_t id = 0;
	enum status st = store_live_put(l->store, &t, &id, err);
	free(p);
	free(meta);
	strbuf_release(&cm);
	if (st != ST_OK)
		return st;
	if (!l->first_response)
		l->first_response = id;
	l->last_response = id;
	as_stored(l, r);
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		l->turns = xrealloc(l->turns, l->cap * sizeof(*l->turns));
	}
	l->turns[l->n++] = (struct system_turn){ xstrdup(l->pending), xstrdup(r->answer) };
	system_reply_release(&l->last);
	l->last = *r;
	memset(r, 0, sizeof(*r));
	free(l->last_question);
	l->last_question = l->pending;
	l->pending = NULL;
	l->last_latency = latency;
	return ST_OK;
}

enum system_result live_read(struct live *l, struct error *err)
{
	if (!l->pending || !l->sys) {
		error_set(err, ST_USAGE, "no question is waiting for its answer");
		return SYSTEM_ERROR;
	}
	struct system_reply r = { 0 };
	enum system_result res = system_read(l->sys, &r, err);
	if (res == SYSTEM_READY && store_reply(l, &r, err) != ST_OK)
		res = SYSTEM_ERROR;
	system_reply_release(&r);
	if (res == SYSTEM_ERROR) {
		system_close(l->sys);
		l->sys = NULL;
		free(l->pending);
		l->pending = NULL;
	}
	return res;
}

enum system_result live_wait(struct live *l, struct error *err)
{
	for (;;) {
		enum system_result res = live_read(l, err);
		if (res != SYSTEM_PENDING)
			return res;
		struct pollfd fds[SYSTEM_MAX_FDS];
		double deadline = 0;
		size_t n = live_pollfds(l, fds, SYSTEM_MAX_FDS, &deadline);
		double left = deadline > 0 ? deadline - now_monotonic() : 1.0;
		int ms = left <= 0 ? 0 : left > 1.0 ? 1000 : (int)(left * 1000) + 1;
		if (poll(fds, (nfds_t)n, ms) < 0 && errno != EINTR)
			ms = 0;
	}
}

void live_cancel(struct live *l)
{
	if (!l->pending)
		return;
	system_close(l->sys);
	l->sys = NULL;
	free(l->pending);
	l->pending = NULL;
}

int live_busy(const struct live *l, double *since)
{
	if (since)
		*since = l->since;
	return l->pending != NULL;
}

const char *live_conversation(const struct live *l)
{
	return l->n ? l->name : NULL;
}

size_t live_turns(const struct live *l)
{
	return l->n;
}

int64_t live_first_response(const struct live *l)
{
	return l->first_response;
}

const struct system_reply *live_last(const struct live *l, const char **question, double *latency)
{
	if (!l->n)
		return NULL;
	if (question)
		*question = l->last_question;
	if (latency)
		*latency = l->last_latency;
	return &l->last;
}

int64_t live_last_response(const struct live *l)
{
	return l->last_response;
}

void live_set_history_answer(struct live *l, size_t i, const char *answer)
{
	if (i >= l->n)
		return;
	free((char *)l->turns[i].answer);
	l->turns[i].answer = xstrdup(answer ? answer : "");
}
