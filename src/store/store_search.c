/* store_search.c - full-text search of the passages (store_search.h). */
#include <stdlib.h>
#include <string.h>

#include "convqa/store_search.h"
#include "convqa/strbuf.h"
#include "store_internal.h"

/* The turns that retrieved passage ?1 (one of each turn and system) and the
 * turns that have it as gold, each "CONV TURN", in conversation order. */
#define RETRIEVED_BY_SQL                                                                              \
	"(SELECT group_concat(x, ', ') FROM (SELECT c.ext_id || ' ' || t.position || ' (' || y.name || ')' AS x " \
	"FROM retrieved rt JOIN response r ON r.id = rt.response_id JOIN turn t ON t.id = r.turn_id "        \
	"JOIN conversation c ON c.id = t.conversation_id JOIN system y ON y.id = r.system_id "               \
	"WHERE rt.passage_id = p.id GROUP BY t.id, y.id ORDER BY c.id, t.position, y.name))"
#define GOLD_FOR_SQL                                                                                  \
	"(SELECT group_concat(x, ', ') FROM (SELECT c.ext_id || ' ' || t.position AS x "                    \
	"FROM gold_passage g JOIN turn t ON t.id = g.turn_id JOIN conversation c ON c.id = t.conversation_id " \
	"WHERE g.passage_ext = p.ext_id ORDER BY c.id, t.position))"

static const char search_sql[] =
	"SELECT p.id, p.ext_id, p.title, CASE WHEN ?4 THEN p.text END, "
	"snippet(passage_fts, -1, '" STORE_SEARCH_OPEN "', '" STORE_SEARCH_CLOSE "', '" STORE_SEARCH_CUT "', 16), "
	"bm25(passage_fts, 2.0, 1.0), "
	"CASE WHEN ?5 THEN " RETRIEVED_BY_SQL " END, CASE WHEN ?5 THEN " GOLD_FOR_SQL " END "
	"FROM passage_fts JOIN passage p ON p.id = passage_fts.rowid "
	"WHERE passage_fts MATCH ?1 ORDER BY bm25(passage_fts, 2.0, 1.0), p.ext_id LIMIT ?2 OFFSET ?3";

static char *dup_col(sqlite3_stmt *st, int i)
{
	const char *v = store_col_text(st, i);
	return v ? xstrdup(v) : NULL;
}

static void read_hit(sqlite3_stmt *st, void *row)
{
	struct store_hit *h = row;
	h->id = sqlite3_column_int64(st, 0);
	h->ext_id = dup_col(st, 1);
	h->title = dup_col(st, 2);
	h->text = dup_col(st, 3);
	h->snippet = dup_col(st, 4);
	h->score = sqlite3_column_double(st, 5);
	h->retrieved_by = dup_col(st, 6);
	h->gold_for = dup_col(st, 7);
}

static void free_hits(void *rows, size_t n)
{
	struct store_hit *h = rows;
	for (size_t i = 0; i < n; i++) {
		free(h[i].ext_id);
		free(h[i].title);
		free(h[i].text);
		free(h[i].snippet);
		free(h[i].retrieved_by);
		free(h[i].gold_for);
	}
	free(h);
}

/* A failure of the statement that first matches q: FTS5 refusing the query
 * (a syntax error, an unterminated string, an unknown column) is the
 * user's (ST_USAGE), anything else the store's. */
static enum status match_fail(struct store *s, const char *q, struct error *err)
{
	if (sqlite3_extended_errcode(s->db) != SQLITE_ERROR)
		return store_fail(s, err, "cannot search the passages");
	struct strbuf plain = STRBUF_INIT;
	strbuf_addc(&plain, '"');
	for (const char *p = q; *p; p++) {
		if (*p == '"')
			strbuf_addc(&plain, '"');
		strbuf_addc(&plain, *p);
	}
	strbuf_addc(&plain, '"');
	error_set(err, ST_USAGE,
		  "the query '%s' is not valid FTS5 syntax (%s): search its words as they are in double "
		  "quotes (a double quote in them doubled): '%s'", q, sqlite3_errmsg(s->db), strbuf_str(&plain));
	strbuf_release(&plain);
	return ST_USAGE;
}

static enum status prepare(struct store *s, const char *sql, sqlite3_stmt **st, struct error *err)
{
	if (sqlite3_prepare_v2(s->db, sql, -1, st, NULL) != SQLITE_OK) {
		sqlite3_finalize(*st);
		*st = NULL;
		return store_fail(s, err, "cannot search the passages");
	}
	return ST_OK;
}

/* The counts of r: passages, id-only passages, and the matches of q. */
static enum status counts(struct store *s, const char *q, struct store_search_result *r, struct error *err)
{
	sqlite3_stmt *st;
	if (prepare(s, "SELECT count(*), coalesce(sum(text IS NULL AND title IS NULL), 0) FROM passage", &st,
		    err) != ST_OK)
		return ST_STORE;
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		r->passages = sqlite3_column_int64(st, 0);
		r->id_only = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return store_fail(s, err, "cannot search the passages");
	if (prepare(s, "SELECT count(*) FROM passage_fts JOIN passage p ON p.id = passage_fts.rowid "
			"WHERE passage_fts MATCH ?1", &st, err) != ST_OK)
		return ST_STORE;
	sqlite3_bind_text(st, 1, q, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		r->total = sqlite3_column_int64(st, 0);
	enum status ret = rc == SQLITE_ROW ? ST_OK : match_fail(s, q, err);
	sqlite3_finalize(st);
	return ret;
}

enum status store_search(struct store *s, const struct store_search_query *q, struct store_search_result *r,
			 struct error *err)
{
	memset(r, 0, sizeof(*r));
	enum status ret = counts(s, q->match, r, err);
	if (ret != ST_OK || r->total == 0)
		return ret;
	sqlite3_stmt *st;
	if (prepare(s, search_sql, &st, err) != ST_OK)
		return ST_STORE;
	sqlite3_bind_text(st, 1, q->match, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, q->limit);
	sqlite3_bind_int64(st, 3, q->offset);
	sqlite3_bind_int(st, 4, q->want_text);
	sqlite3_bind_int(st, 5, q->want_turns);
	ret = store_collect(s, st, &r->hits, &r->n, sizeof(*r->hits), read_hit, free_hits,
			    "cannot search the passages", err);
	sqlite3_finalize(st);
	return ret;
}

void store_search_release(struct store_search_result *r)
{
	free_hits(r->hits, r->n);
	memset(r, 0, sizeof(*r));
}
