/* store_spans.c - evidence spans: the responses read one at a time with
 * their answers, gold answers and passages, and each response's spans
 * replaced by the ones found (convqa spans). See store.h. */
#include "store_internal.h"

#include <stdlib.h>
#include <string.h>

#include "convqa/spans.h"
#include "convqa/strbuf.h"

enum {
	SQ_RESPONSES, SQ_GOLDS, SQ_PASSAGES, SQ_STORED, SQ_INSERT, SQ_DELETE, SQ_RESCORE, SQ__N,
};

static const char *const spans_sql[SQ__N] = {
	[SQ_RESPONSES] = "SELECT r.id, r.turn_id, r.answer FROM response r WHERE ?1 = 0 OR r.system_id = ?1 "
			 "ORDER BY r.id",
	[SQ_GOLDS] = "SELECT text FROM gold_answer WHERE turn_id = ?1 ORDER BY seq",
	[SQ_PASSAGES] = "SELECT p.id, p.ext_id, p.text FROM retrieved rt JOIN passage p ON p.id = rt.passage_id "
			"WHERE rt.response_id = ?1 AND p.text IS NOT NULL ORDER BY rt.rank",
	[SQ_STORED] = "SELECT id, passage_id, start, end, score FROM evidence_span "
		      "WHERE response_id = ?1 AND source = ?2 ORDER BY id",
	[SQ_INSERT] = "INSERT INTO evidence_span(response_id, passage_id, start, end, text, score, source) "
		      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
	[SQ_DELETE] = "DELETE FROM evidence_span WHERE id = ?1",
	[SQ_RESCORE] = "UPDATE evidence_span SET score = ?2 WHERE id = ?1",
};

struct store_spans {
	struct store *s;
	sqlite3_stmt *st[SQ__N];
	/* the current response: its strings copied into text (offsets, made
	 * pointers once it stops growing) */
	struct store_spans_response r;
	struct strbuf text;
	size_t answer_at;
	size_t *gold_at;
	const char **golds;
	size_t n_golds, cap_gold_at, cap_golds;
	struct store_spans_passage *passages;
	size_t *passage_at;              /* ext_id, then text, per passage */
	size_t n_passages, cap_passages, cap_passage_at;
	/* the stored spans of a response and source */
	struct stored {
		int64_t id, passage_id;
		size_t start, end;
		double score;
		int kept;
	} *stored;
	size_t n_stored, cap_stored;
};

/* The id of system name; a name the project lacks is ST_INPUT. */
static enum status system_id(struct store *s, const char *name, int64_t *id, struct error *err)
{
	enum status st = store_find_id(s, STMT_GET_SYSTEM_ID, "SELECT id FROM system WHERE name = ?", name, id,
				       "cannot look up system", err);
	if (st != ST_OK || *id)
		return st;
	char *names = NULL;
	sqlite3_stmt *q = store_stmt(s, STMT_NAMES_SYSTEMS_ALL, "SELECT name FROM system ORDER BY name", err);
	st = q ? store_names(s, q, &names, err) : ST_STORE;
	if (st == ST_OK)
		st = error_set(err, ST_INPUT, "no system '%s' in the project (%s%s)", name,
			       names ? "its systems: " : "it has none", names ? names : "");
	free(names);
	return st;
}

void store_spans_close(struct store_spans *sp)
{
	if (!sp)
		return;
	for (int i = 0; i < SQ__N; i++)
		sqlite3_finalize(sp->st[i]);
	strbuf_release(&sp->text);
	free(sp->gold_at);
	free(sp->golds);
	free(sp->passages);
	free(sp->passage_at);
	free(sp->stored);
	free(sp);
}

enum status store_spans_open(struct store *s, const char *system, struct store_spans **out, struct error *err)
{
	int64_t sys = 0;
	*out = NULL;
	if (system) {
		enum status st = system_id(s, system, &sys, err);
		if (st != ST_OK)
			return st;
	}
	struct store_spans *sp = xcalloc(1, sizeof(*sp));
	sp->s = s;
	for (int i = 0; i < SQ__N; i++)
		if (sqlite3_prepare_v2(s->db, spans_sql[i], -1, &sp->st[i], NULL) != SQLITE_OK) {
			enum status st = store_fail(s, err, "cannot prepare statement");
			store_spans_close(sp);
			return st;
		}
	sqlite3_bind_int64(sp->st[SQ_RESPONSES], 1, sys);
	*out = sp;
	return ST_OK;
}

/* Copy column i of q into sp->text, NUL-terminated; returns its offset. */
static size_t keep(struct store_spans *sp, sqlite3_stmt *q, int i, size_t *len)
{
	size_t at = sp->text.len;
	const char *v = store_col_text(q, i);
	size_t n = (size_t)sqlite3_column_bytes(q, i);   /* after the text: its length as text */
	strbuf_add(&sp->text, v ? v : "", v ? n : 0);
	strbuf_addc(&sp->text, '\0');
	if (len)
		*len = v ? n : 0;
	return at;
}

/* Step q (bound) to its end, calling row for each row. */
static enum status each_row(struct store_spans *sp, sqlite3_stmt *q, void (*row)(struct store_spans *, sqlite3_stmt *),
			    struct error *err)
{
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW)
		row(sp, q);
	sqlite3_reset(q);
	return rc == SQLITE_DONE ? ST_OK : store_fail(sp->s, err, "cannot read the responses");
}

static void gold_row(struct store_spans *sp, sqlite3_stmt *q)
{
	xgrow(&sp->gold_at, &sp->cap_gold_at, sp->n_golds + 1, sizeof(*sp->gold_at));
	xgrow(&sp->golds, &sp->cap_golds, sp->n_golds + 1, sizeof(*sp->golds));
	sp->gold_at[sp->n_golds++] = keep(sp, q, 0, NULL);
}

static void passage_row(struct store_spans *sp, sqlite3_stmt *q)
{
	size_t i = sp->n_passages++;
	xgrow(&sp->passages, &sp->cap_passages, i + 1, sizeof(*sp->passages));
	xgrow(&sp->passage_at, &sp->cap_passage_at, 2 * (i + 1), sizeof(*sp->passage_at));
	sp->passages[i].id = sqlite3_column_int64(q, 0);
	sp->passage_at[2 * i] = keep(sp, q, 1, NULL);
	sp->passage_at[2 * i + 1] = keep(sp, q, 2, &sp->passages[i].len);
}

enum status store_spans_next(struct store_spans *sp, const struct store_spans_response **r, struct error *err)
{
	sqlite3_stmt *q = sp->st[SQ_RESPONSES];
	enum status st;
	*r = NULL;
	int rc = sqlite3_step(q);
	if (rc == SQLITE_DONE)
		return ST_OK;
	if (rc != SQLITE_ROW)
		return store_fail(sp->s, err, "cannot read the responses");
	strbuf_reset(&sp->text);
	sp->n_golds = sp->n_passages = 0;
	memset(&sp->r, 0, sizeof(sp->r));
	sp->r.id = sqlite3_column_int64(q, 0);
	int64_t turn = sqlite3_column_int64(q, 1);
	sp->answer_at = keep(sp, q, 2, NULL);

	sqlite3_stmt *g = sp->st[SQ_GOLDS], *p = sp->st[SQ_PASSAGES];
	sqlite3_bind_int64(g, 1, turn);
	sqlite3_bind_int64(p, 1, sp->r.id);
	if ((st = each_row(sp, g, gold_row, err)) != ST_OK || (st = each_row(sp, p, passage_row, err)) != ST_OK)
		return st;
	/* the text is complete: offsets become pointers */
	const char *base = strbuf_str(&sp->text);
	sp->r.answer = base + sp->answer_at;
	for (size_t i = 0; i < sp->n_golds; i++)
		sp->golds[i] = base + sp->gold_at[i];
	for (size_t i = 0; i < sp->n_passages; i++) {
		sp->passages[i].ext_id = base + sp->passage_at[2 * i];
		sp->passages[i].text = base + sp->passage_at[2 * i + 1];
	}
	sp->r.golds = sp->golds;
	sp->r.n_golds = sp->n_golds;
	sp->r.passages = sp->passages;
	sp->r.n_passages = sp->n_passages;
	*r = &sp->r;
	return ST_OK;
}

/* Run q (bound) for its effect. */
static enum status exec_stmt(struct store_spans *sp, sqlite3_stmt *q, struct error *err)
{
	int rc = sqlite3_step(q);
	sqlite3_reset(q);
	sqlite3_clear_bindings(q);
	return rc == SQLITE_DONE ? ST_OK : store_fail(sp->s, err, "cannot save the evidence spans");
}

static void stored_row(struct store_spans *sp, sqlite3_stmt *q)
{
	if (sp->n_stored == sp->cap_stored)
		xgrow(&sp->stored, &sp->cap_stored, sp->n_stored + 1, sizeof(*sp->stored));
	sp->stored[sp->n_stored++] = (struct stored){
		sqlite3_column_int64(q, 0), sqlite3_column_int64(q, 1), (size_t)sqlite3_column_int64(q, 2),
		(size_t)sqlite3_column_int64(q, 3), sqlite3_column_double(q, 4), 0,
	};
}

/* The spans of one source. */
static enum status put_source(struct store_spans *sp, int64_t response_id, const char *source,
			      const struct store_span *v, size_t n, struct store_spans_diff *d, struct error *err)
{
	sqlite3_stmt *q = sp->st[SQ_STORED];
	enum status st;
	sp->n_stored = 0;
	sqlite3_bind_int64(q, 1, response_id);
	sqlite3_bind_text(q, 2, source, -1, SQLITE_STATIC);
	if ((st = each_row(sp, q, stored_row, err)) != ST_OK)
		return st;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(v[i].source, source))
			continue;
		struct stored *old = NULL;
		for (size_t k = 0; k < sp->n_stored && !old; k++)
			if (!sp->stored[k].kept && sp->stored[k].passage_id == v[i].passage_id &&
			    sp->stored[k].start == v[i].start && sp->stored[k].end == v[i].end)
				old = &sp->stored[k];
		if (old) {
			old->kept = 1;
			if (old->score == v[i].score) {
				d->unchanged++;
				continue;
			}
			q = sp->st[SQ_RESCORE];
			sqlite3_bind_int64(q, 1, old->id);
			sqlite3_bind_double(q, 2, v[i].score);
			if ((st = exec_stmt(sp, q, err)) != ST_OK)
				return st;
			d->rescored++;
			continue;
		}
		q = sp->st[SQ_INSERT];
		sqlite3_bind_int64(q, 1, response_id);
		sqlite3_bind_int64(q, 2, v[i].passage_id);
		sqlite3_bind_int64(q, 3, (sqlite3_int64)v[i].start);
		sqlite3_bind_int64(q, 4, (sqlite3_int64)v[i].end);
		sqlite3_bind_text(q, 5, v[i].passage_text + v[i].start, (int)(v[i].end - v[i].start), SQLITE_STATIC);
		sqlite3_bind_double(q, 6, v[i].score);
		sqlite3_bind_text(q, 7, source, -1, SQLITE_STATIC);
		if ((st = exec_stmt(sp, q, err)) != ST_OK)
			return st;
		d->added++;
	}
	for (size_t k = 0; k < sp->n_stored; k++) {
		if (sp->stored[k].kept)
			continue;
		q = sp->st[SQ_DELETE];
		sqlite3_bind_int64(q, 1, sp->stored[k].id);
		if ((st = exec_stmt(sp, q, err)) != ST_OK)
			return st;
		d->removed++;
	}
	return ST_OK;
}

enum status store_spans_put(struct store_spans *sp, int64_t response_id, const char *const *sources,
			    size_t n_sources, const struct store_span *v, size_t n, struct store_spans_diff *d,
			    struct error *err)
{
	for (size_t i = 0; i < n_sources; i++) {
		enum status st = put_source(sp, response_id, sources[i], v, n, d, err);
		if (st != ST_OK)
			return st;
	}
	return ST_OK;
}

/* ---- reading a response's stored spans (the faithfulness screen) ------ */

void store_evidence_release(struct store_evidence *e)
{
	for (size_t i = 0; i < e->n_passages; i++) {
		free(e->passages[i].ext_id);
		free(e->passages[i].text);
	}
	free(e->passages);
	free(e->spans);
	memset(e, 0, sizeof(*e));
}

void store_evidence_paragraph(const struct store_evidence *e, struct strbuf *out, struct spans_piece **pieces,
			      size_t *n_pieces)
{
	if (!e->n_spans)
		return;
	struct spans_passage *ps = xcalloc(e->n_passages, sizeof(*ps));
	struct span *v = xcalloc(e->n_spans, sizeof(*v));
	for (size_t i = 0; i < e->n_passages; i++)
		ps[i] = (struct spans_passage){ e->passages[i].ext_id, e->passages[i].text, e->passages[i].len };
	for (size_t i = 0; i < e->n_spans; i++)
		v[i] = (struct span){ e->spans[i].passage, e->spans[i].start, e->spans[i].end,
				      e->spans[i].gold ? SPANS_GOLD : SPANS_ANSWER, e->spans[i].score };
	spans_paragraph(out, ps, e->n_passages, v, e->n_spans, pieces, n_pieces);
	free(ps);
	free(v);
}

enum status store_evidence_load(struct store *s, int64_t response_id, struct store_evidence *out,
				struct error *err)
{
	static const char sql[] =
		"SELECT e.passage_id, p.ext_id, p.text, e.start, e.end, e.source, e.score,"
		" (SELECT MIN(rt.rank) FROM retrieved rt WHERE rt.response_id = e.response_id"
		"  AND rt.passage_id = e.passage_id) AS rk "
		"FROM evidence_span e JOIN passage p ON p.id = e.passage_id WHERE e.response_id = ?1 "
		"ORDER BY rk IS NULL, rk, e.passage_id, e.start, e.end, e.source";
	sqlite3_stmt *q = store_stmt(s, STMT_EVIDENCE_LOAD, sql, err);
	memset(out, 0, sizeof(*out));
	if (!q)
		return ST_STORE;
	sqlite3_bind_int64(q, 1, response_id);
	size_t cap_p = 0, cap_s = 0;
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		int64_t pid = sqlite3_column_int64(q, 0);
		struct store_evidence_passage *p = out->n_passages ? &out->passages[out->n_passages - 1] : NULL;
		if (!p || p->id != pid) {
			xgrow(&out->passages, &cap_p, out->n_passages + 1, sizeof(*out->passages));
			p = &out->passages[out->n_passages++];
			const char *ext = store_col_text(q, 1), *text = store_col_text(q, 2);
			p->id = pid;
			p->ext_id = xstrdup(ext ? ext : "");
			p->len = text ? (size_t)sqlite3_column_bytes(q, 2) : 0;
			p->text = xmalloc(p->len + 1);
			memcpy(p->text, text ? text : "", p->len);
			p->text[p->len] = '\0';
			p->rank = sqlite3_column_type(q, 7) == SQLITE_NULL ? 0 : (long)sqlite3_column_int64(q, 7);
		}
		xgrow(&out->spans, &cap_s, out->n_spans + 1, sizeof(*out->spans));
		struct store_evidence_span *sp = &out->spans[out->n_spans++];
		sqlite3_int64 a = sqlite3_column_int64(q, 3), b = sqlite3_column_int64(q, 4);
		const char *src = store_col_text(q, 5);
		sp->passage = out->n_passages - 1;
		sp->start = a < 0 ? 0 : (size_t)a;
		sp->end = b < 0 ? 0 : (size_t)b;
		sp->gold = src && !strcmp(src, "gold");
		sp->score = sqlite3_column_double(q, 6);
	}
	sqlite3_reset(q);
	if (rc != SQLITE_DONE) {
		store_evidence_release(out);
		return store_fail(s, err, "cannot read the evidence spans");
	}
	return ST_OK;
}
