/* importer.c - read a task file in its format (formats.h: detected, or
 * the one asked for), write the model in one transaction. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "convqa/formats.h"
#include "convqa/hash.h"
#include "convqa/importer.h"
#include "convqa/store.h"
#include "convqa/strmap.h"

static const char *const noun_names[IMP__COUNT][2] = {
	{ "system", "systems" }, { "passage", "passages" }, { "conversation", "conversations" },
	{ "turn", "turns" }, { "response", "responses" },
};

const char *import_noun_name(enum import_noun n, long count)
{
	return noun_names[n][count != 1];
}

struct writer {
	struct store *s;
	struct model_tasks *m;
	const char *name;
	struct import_counts *counts;
	struct error *err;
	int64_t import_id;
	struct strmap systems;   /* system id -> db id */
	struct strmap passages;  /* passage id -> index in m->passages */
};

/* Where an object of the file came from, for a message: "NAME: $.path", or
 * the object's own "FILE:LINE: $.path" (model.h). */
static const char *at(struct writer *w, const char *where)
{
	return w->m->where_names_file ? where : model_printf(w->m, "%s: %s", w->name, where);
}

static enum status refuse(struct writer *w, const char *where, const char *noun, const char *id,
			  const struct store_conflict *c)
{
	return error_set(w->err, ST_INPUT, "%s: %s \"%s\" conflicts with the one %s: %s", at(w, where), noun, id,
			 c->origin, c->what);
}

/* Other gold answers (a gold-extension export brought back, say) make a
 * project of their own: the hint says how. */
static enum status refuse_turn(struct writer *w, const struct model_turn *t, const char *conversation,
			       const struct store_conflict *c)
{
	int gold = strcmp(c->what, "its gold answers differ") == 0;
	const char *file = strcmp(w->name, importer_input_name("-")) == 0 ? "FILE" : w->name;
	return error_set(w->err, ST_INPUT, "%s: turn %d of conversation \"%s\" conflicts with the one %s: %s%s%s%s",
			 at(w, t->where), t->position, conversation, c->origin, c->what,
			 gold ? " (to score against these gold answers, import the file into a new project: convqa "
				"init --db new.db && convqa import --db new.db " : "", gold ? file : "", gold ? ")" : "");
}

static void tally(struct writer *w, enum import_noun n, enum store_put res)
{
	if (res == PUT_NEW)
		w->counts->added[n]++;
	else if (res == PUT_UPDATED)
		w->counts->updated[n]++;
	else
		w->counts->present[n]++;
}

static enum status write_systems(struct writer *w)
{
	for (size_t i = 0; i < w->m->n_systems; i++) {
		const struct model_system *sy = &w->m->systems[i];
		int64_t id;
		enum store_put res;
		struct store_conflict c;
		enum status st = store_put_system(w->s, sy->id, sy->description, &id, &res, &c, w->err);
		if (st != ST_OK)
			return st;
		if (res == PUT_CONFLICT)
			return refuse(w, sy->where, "system", sy->id, &c);
		tally(w, IMP_SYSTEMS, res);
		strmap_put(&w->systems, sy->id, (size_t)id, NULL);
	}
	return ST_OK;
}

static enum status write_passages(struct writer *w)
{
	for (size_t i = 0; i < w->m->n_passages; i++) {
		struct model_passage *p = &w->m->passages[i];
		enum store_put res;
		struct store_conflict c;
		enum status st = store_put_passage(w->s, p->id, p->title, p->url, p->text, w->import_id, &p->db_id,
						   &res, &c, w->err);
		if (st != ST_OK)
			return st;
		if (res == PUT_CONFLICT)
			return refuse(w, p->where, "passage", p->id, &c);
		tally(w, IMP_PASSAGES, res);
		strmap_put(&w->passages, p->id, i, NULL);
	}
	return ST_OK;
}

static enum status write_response(struct writer *w, int64_t turn_id, const struct model_response *r,
				  struct store_ranked **ranked, size_t *cap)
{
	xgrow(ranked, cap, r->n_ranked, sizeof(**ranked));
	for (size_t k = 0; k < r->n_ranked; k++) {
		const struct model_ranked *mr = &r->ranked[k];
		struct store_ranked *sr = &(*ranked)[k];
		size_t *idx = strmap_get(&w->passages, mr->passage_id);
		sr->rank = mr->rank;
		sr->score = mr->score;
		sr->has_score = mr->has_score;
		sr->passage_ext = mr->passage_id;
		if (idx) {
			sr->passage_id = w->m->passages[*idx].db_id;
		} else {
			enum status st = store_find_passage(w->s, mr->passage_id, &sr->passage_id, w->err);
			if (st != ST_OK)
				return st;
			if (!sr->passage_id)
				return error_set(w->err, ST_INPUT,
						 "%s.id: unknown passage \"%s\" (not in this file's collection "
						 "nor in the project)", at(w, mr->where ? mr->where : r->where),
						 mr->passage_id);
		}
	}
	size_t *sys = strmap_get(&w->systems, r->system);
	int64_t id;
	enum store_put res;
	struct store_conflict c;
	enum status st = store_put_response(w->s, turn_id, (int64_t)*sys, r->answer, *ranked, r->n_ranked,
					    r->metadata, w->import_id, &id, &res, &c, w->err);
	if (st != ST_OK)
		return st;
	if (res == PUT_CONFLICT)
		return refuse(w, r->where, "response of system", r->system, &c);
	tally(w, IMP_RESPONSES, res);
	return ST_OK;
}

static enum status write_conversations(struct writer *w)
{
	struct store_ranked *ranked = NULL;
	size_t cap = 0;
	enum status st = ST_OK;
	for (size_t i = 0; i < w->m->n_conversations && st == ST_OK; i++) {
		const struct model_conversation *mc = &w->m->conversations[i];
		int64_t conv_id;
		enum store_put res;
		struct store_conflict c;
		st = store_put_conversation(w->s, mc->id, mc->metadata, w->import_id, &conv_id, &res, &c, w->err);
		if (st != ST_OK)
			break;
		if (res == PUT_CONFLICT) {
			st = refuse(w, mc->where, "conversation", mc->id, &c);
			break;
		}
		tally(w, IMP_CONVERSATIONS, res);
		for (size_t j = 0; j < mc->n_turns && st == ST_OK; j++) {
			const struct model_turn *t = &mc->turns[j];
			struct store_gold g = { t->gold_intent, t->gold_answers, t->n_gold_answers,
						t->gold_passages, t->n_gold_passages, t->has_gold };
			int64_t turn_id;
			st = store_put_turn(w->s, conv_id, t->position, t->question, t->rewrite, &g, t->metadata,
					    &turn_id, &res, &c, w->err);
			if (st != ST_OK)
				break;
			if (res == PUT_CONFLICT) {
				st = refuse_turn(w, t, mc->id, &c);
				break;
			}
			tally(w, IMP_TURNS, res);
			for (size_t k = 0; k < t->n_responses && st == ST_OK; k++)
				st = write_response(w, turn_id, &t->responses[k], &ranked, &cap);
		}
	}
	free(ranked);
	return st;
}

enum status importer_write(struct store *s, struct model_tasks *m, const char *file, const char *name,
			   const char *sha256, struct import_counts *counts, struct error *err)
{
	struct writer w = { s, m, name, counts, err, 0, STRMAP_INIT, STRMAP_INIT };
	memset(counts, 0, sizeof(*counts));
	enum status st = store_begin(s, err);
	if (st != ST_OK)
		return st;
	st = store_import_begin(s, file, sha256, &w.import_id, err);
	if (st == ST_OK)
		st = write_systems(&w);
	if (st == ST_OK)
		st = write_passages(&w);
	if (st == ST_OK)
		st = write_conversations(&w);
	long added = 0;
	for (int i = 0; i < IMP__COUNT; i++)
		added += counts->added[i] + counts->updated[i];
	if (st == ST_OK && added)
		st = store_commit(s, err);
	else
		store_rollback(s); /* on error, and when nothing is new: leave no trace */
	strmap_release(&w.systems);
	strmap_release(&w.passages);
	return st;
}

const char *importer_input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "standard input" : path;
}

static enum status read_input(const char *path, char **buf, size_t *len, struct error *err)
{
	if (strcmp(path, "-") == 0)
		return read_text_stream(stdin, importer_input_name(path), READ_FILE_MAX, NULL, buf, len, err);
	return read_text_file(path, READ_FILE_MAX, NULL, buf, len, err);
}

/* Where the project records the file came from: the absolute path of a file
 * on disk, wherever convqa is run from; what the user gave for a pipe
 * (realpath would make /proc/PID/fd/pipe:[N] of it). Caller frees. */
static char *origin_of(const char *path)
{
	struct stat st;
	char *abs = NULL;
	if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode))
		abs = realpath(path, NULL);
	return abs ? abs : xstrdup(importer_input_name(path));
}

/* Read buf[0..len) (freed here) as f, or the format detected, and write it. */
static enum status import_text(struct store *s, char *buf, size_t len, const char *name, const char *origin,
			       const struct import_format *f, struct import_counts *counts, struct error *err)
{
	struct model_tasks m;
	struct import_input in = { name, buf, len };
	char sha[65];

	memset(counts, 0, sizeof(*counts));
	model_tasks_init(&m);
	hash_sha256_hex(buf, len, sha);
	if (!f)
		f = formats_detect(buf, len);
	enum status st = f->read(&in, &m, err); /* frees buf */
	if (st == ST_OK)
		st = importer_write(s, &m, origin, name, sha, counts, err);
	model_tasks_release(&m);
	return st;
}

enum status importer_import_text(struct store *s, char *buf, size_t len, const char *name, const char *origin,
				 struct import_counts *counts, struct error *err)
{
	return import_text(s, buf, len, name, origin, NULL, counts, err);
}

enum status importer_import_as(struct store *s, const char *path, const struct import_format *f,
			       struct import_counts *counts, struct error *err)
{
	char *buf;
	size_t len;

	memset(counts, 0, sizeof(*counts));
	enum status st = read_input(path, &buf, &len, err);
	if (st != ST_OK)
		return st;
	char *origin = origin_of(path);
	st = import_text(s, buf, len, importer_input_name(path), origin, f, counts, err);
	free(origin);
	return st;
}

enum status importer_import_file(struct store *s, const char *path, struct import_counts *counts,
				 struct error *err)
{
	return importer_import_as(s, path, NULL, counts, err);
}
