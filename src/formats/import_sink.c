/* import_sink.c - the writer an import format feeds (import_sink.h): each
 * row goes into the project as it is put, inside one transaction. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "convqa/import_sink.h"
#include "convqa/store.h"
#include "convqa/store_seen.h"
#include "convqa/strbuf.h"

/* Where an object of the file came from, for a message: "NAME: $.path", or
 * the object's own "FILE:LINE: $.path" (model.h). */
static const char *at(struct import_sink *k, const char *where)
{
	return k->where_names_file ? where : model_printf(&k->scratch, "%s: %s", k->name, where);
}

/* Keep the first failure: later puts are no-ops. */
static enum status fail(struct import_sink *k, enum status st)
{
	if (k->st == ST_OK)
		k->st = st;
	return k->st;
}

static enum status refuse(struct import_sink *k, const char *where, const char *noun, const char *id,
			  const struct store_conflict *c)
{
	return fail(k, error_set(&k->err, ST_INPUT, "%s: %s \"%s\" conflicts with the one %s: %s", at(k, where),
				 noun, id, c->origin, c->what));
}

/* A turn whose gold differs: the project keeps a turn's first gold,
 * whichever import gave it (the turn's own or a later one: not recorded),
 * and never replaces it; another gold makes a project of its own. A file
 * that gives the turn's question (a task file, a gold-extension export)
 * can make it alone; one that gives only gold (qrels) needs the file of
 * the turns first. */
static enum status refuse_gold(struct import_sink *k, const struct model_turn *t, const char *conversation,
			       const struct store_conflict *c)
{
	const char *file = strcmp(k->name, importer_input_name("-")) == 0 ? "FILE" : k->name;
	const char *gold = strstr(c->what, "answers") ? "gold answers" : "gold passages";
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%s: turn %d of conversation \"%s\" conflicts with the one in the project: %s (the "
		    "project keeps a turn's first gold, whichever import gave it, and never replaces it; the turn "
		    "was %s). To score against this file's %s, ", at(k, t->where), t->position, conversation,
		    c->what, c->origin, gold);
	if (t->question)
		strbuf_addf(&sb, "import the file into a new project: convqa init --db new.db && convqa import "
			    "--db new.db %s", file);
	else if (c->file[0])
		strbuf_addf(&sb, "make a new project of the turns' file and this one: convqa init --db new.db && "
			    "convqa import --db new.db %s, then import %s there as here, with --db new.db", c->file,
			    file);
	else
		strbuf_addf(&sb, "make a new project of the turns' files and this one: convqa init --db new.db, "
			    "import the turns' files there, then %s as here, with --db new.db", file);
	enum status st = error_set(&k->err, ST_INPUT, "%s", strbuf_str(&sb));
	strbuf_release(&sb);
	return fail(k, st);
}

static enum status refuse_turn(struct import_sink *k, const struct model_turn *t, const char *conversation,
			       const struct store_conflict *c)
{
	if (strstr(c->what, "gold answers differ") || strstr(c->what, "gold passages differ"))
		return refuse_gold(k, t, conversation, c);
	return fail(k, error_set(&k->err, ST_INPUT, "%s: turn %d of conversation \"%s\" conflicts with the one %s: %s",
				 at(k, t->where), t->position, conversation, c->origin, c->what));
}

static void tally(struct import_sink *k, enum import_noun n, enum store_put res)
{
	k->since++;
	if (res == PUT_UPDATED)
		k->hold = 1;
	if (res == PUT_NEW)
		k->counts->added[n]++;
	else if (res == PUT_UPDATED)
		k->counts->updated[n]++;
	else
		k->counts->present[n]++;
}

enum status import_sink_begin(struct import_sink *k, struct store *s, const char *origin, const char *name,
			      const char *sha256, struct import_counts *counts, struct error *err)
{
	(void)err;
	*k = (struct import_sink){ .s = s, .name = name, .origin = origin, .sha256 = sha256, .counts = counts,
				   .systems = STRMAP_INIT };
	model_tasks_init(&k->scratch);
	memset(counts, 0, sizeof(*counts));
	return ST_OK;
}

/* The import's first transaction: one import at a time (another's
 * pending rows with its importer alive: wait), its rows hidden from
 * readers until the flip (store_pending_begin). */
static enum status first_tx(struct import_sink *k)
{
	enum status st = store_pending_views(k->s, 0, &k->err);
	int busy = 1;
	while (st == ST_OK && busy) {
		st = store_begin(k->s, &k->err);
		if (st != ST_OK)
			return st;
		k->open = 1;
		st = store_import_claim(k->s, &busy, &k->err);
		if (st == ST_OK && busy) {
			store_rollback(k->s);
			k->open = 0;
			struct timespec ts = { 0, 50 * 1000 * 1000 };
			nanosleep(&ts, NULL);
		}
	}
	if (st != ST_OK)
		return st;
	k->pending = 1;
	k->tx_start = now_monotonic();
	k->tx_ms = IMPORT_SINK_TX_MS;
	k->busy_at = -1e9;
	store_import_cache(k->s, 1);
	st = store_pending_begin(k->s, &k->err);
	if (st == ST_OK)
		st = store_import_begin(k->s, k->origin, k->sha256, &k->import_id, &k->err);
	return st;
}

/* The transaction opens with the first row (or at the end when none came):
 * a reader that finds a problem before then leaves the project alone. */
static enum status open_tx(struct import_sink *k)
{
	if (k->open || k->st != ST_OK)
		return k->st;
	enum status st = first_tx(k);
	if (st == ST_OK)
		st = store_fts_defer(k->s, &k->fts_mark, &k->err);
	return st == ST_OK ? ST_OK : fail(k, st);
}

long import_sink_tx_ms(long last_ms, long held_ms, double calm_s)
{
	if (calm_s < IMPORT_SINK_CALM_MS / 1000.0)
		return IMPORT_SINK_TX_BUSY_MS;
	long ms = last_ms;
	if (held_ms > IMPORT_SINK_HOLD_MS)
		ms = last_ms / 2;
	else if (held_ms * 2 <= IMPORT_SINK_HOLD_MS)
		ms = last_ms * 2;
	return ms < IMPORT_SINK_TX_MS ? IMPORT_SINK_TX_MS : ms > IMPORT_SINK_TX_MAX_MS ? IMPORT_SINK_TX_MAX_MS : ms;
}

/* The lock again after a commit (the last transaction held it held_ms):
 * left to other writers first (a save waiting for it polls every
 * millisecond), taken when no one holds it after a gap, or after
 * IMPORT_SINK_YIELD_MS as any writer would. The next transaction's length
 * is import_sink_tx_ms()'s: short while others write. */
static enum status take_lock(struct import_sink *k, long held_ms)
{
	struct timespec gap = { 0, IMPORT_SINK_GAP_MS * 1000L * 1000L };
	int yielded = 0;
	enum status st = ST_STORE;
	for (long waited = 0; st != ST_OK && waited < IMPORT_SINK_YIELD_MS; waited += IMPORT_SINK_GAP_MS) {
		struct error busy;
		nanosleep(&gap, NULL);
		store_busy_wait(k->s, 0);
		st = store_begin(k->s, &busy);
		store_busy_wait(k->s, 1);
		yielded |= st != ST_OK;
	}
	if (st != ST_OK)
		st = store_begin(k->s, &k->err);
	k->tx_start = now_monotonic();
	/* a save that took the lock while this import checkpointed its log
	 * (after its commit, without the lock) is seen by the version only */
	int64_t version = k->version;
	if (st == ST_OK)
		st = store_data_version(k->s, &version, &k->err);
	if (yielded || version != k->version)
		k->busy_at = k->tx_start;
	k->tx_ms = import_sink_tx_ms(k->tx_ms, held_ms, k->tx_start - k->busy_at);
	return st;
}

/* Between two objects of the file, after tx_ms of writing: the rows so
 * far committed (still hidden), so that a rater's save waits for one short
 * transaction at most; not once the import has filled in rows readers
 * see, which wait for the flip. */
static enum status next_tx(struct import_sink *k)
{
	if (!k->open || k->hold || k->st != ST_OK || !k->since ||
	    (now_monotonic() - k->tx_start) * 1000 < (double)k->tx_ms)
		return k->st;
	enum status st = store_data_version(k->s, &k->version, &k->err);
	if (st == ST_OK)
		st = store_fts_fill(k->s, k->fts_mark, &k->err);
	if (st == ST_OK)
		st = store_commit(k->s, &k->err);
	if (st != ST_OK)
		return fail(k, st);
	k->open = 0;
	k->since = 0;
	st = take_lock(k, (long)((now_monotonic() - k->tx_start) * 1000));
	if (st != ST_OK)
		return fail(k, st);
	k->open = 1;
	st = store_fts_defer(k->s, &k->fts_mark, &k->err);
	return st == ST_OK ? ST_OK : fail(k, st);
}

enum status import_sink_put_systems(struct import_sink *k, const struct model_system *v, size_t n)
{
	open_tx(k);
	for (size_t i = 0; i < n && k->st == ST_OK; i++) {
		int64_t id;
		enum store_put res;
		struct store_conflict c;
		enum status st = store_put_system(k->s, v[i].id, v[i].description, &id, &res, &c, &k->err);
		if (st != ST_OK)
			return fail(k, st);
		if (res == PUT_CONFLICT)
			return refuse(k, v[i].where, "system", v[i].id, &c);
		tally(k, IMP_SYSTEMS, res);
		strmap_put(&k->systems, v[i].id, (size_t)id, NULL);
	}
	return k->st;
}

/* The sink's tables on disk (store_seen.h): how passages in the project
 * before were put again, and the passages known by id only (a struct
 * import_sink_want each) that a collection may fill. */
enum { SEEN_PUT, SEEN_WANT };

static enum status open_seen(struct import_sink *k)
{
	enum status st = k->seen ? ST_OK : store_seen_open(&k->seen, &k->err);
	return st == ST_OK ? ST_OK : fail(k, st);
}

/* The filter of the wants' ids, in memory (IMPORT_SINK_WANT_BITS bits): an
 * id whose two bits are not both set is no want, and a collection's record
 * is skipped without a look into the table. */
static void want_bits(const char *id, size_t bit[2])
{
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */
	for (const unsigned char *c = (const unsigned char *)id; *c; c++)
		h = (h ^ *c) * 1099511628211ULL;
	bit[0] = (size_t)(h % IMPORT_SINK_WANT_BITS);
	bit[1] = (size_t)((h >> 32) * 2654435761ULL % IMPORT_SINK_WANT_BITS);
}

static int may_want(const struct import_sink *k, const char *id)
{
	size_t b[2];
	if (!k->want_filter)
		return 0;
	want_bits(id, b);
	return (k->want_filter[b[0] / 8] >> (b[0] % 8) & 1) && (k->want_filter[b[1] / 8] >> (b[1] % 8) & 1);
}

static void filter_want(struct import_sink *k, const char *id)
{
	size_t b[2];
	if (!k->want_filter)
		k->want_filter = xcalloc(IMPORT_SINK_WANT_BITS / 8, 1);
	want_bits(id, b);
	k->want_filter[b[0] / 8] |= (unsigned char)(1u << (b[0] % 8));
	k->want_filter[b[1] / 8] |= (unsigned char)(1u << (b[1] % 8));
}

static enum status set_want(struct import_sink *k, const char *id, const struct import_sink_want *w)
{
	enum status st = store_seen_set(k->seen, SEEN_WANT, id, w, sizeof(*w), &k->err);
	return st == ST_OK ? ST_OK : fail(k, st);
}

/* Add id to the wants as w (or, when it is there, or its put into it). */
static enum status add_want(struct import_sink *k, const char *id, struct import_sink_want w)
{
	const void *old;
	size_t len;
	if (open_seen(k) != ST_OK)
		return k->st;
	int rc = store_seen_put(k->seen, SEEN_WANT, id, &w, sizeof(w), &old, &len, &k->err);
	if (rc < 0)
		return fail(k, ST_STORE);
	filter_want(k, id);
	if (rc == 0 && len == sizeof(w) && w.put) {
		unsigned put = w.put;
		memcpy(&w, old, sizeof(w));
		w.put |= put;
		return set_want(k, id, &w);
	}
	return ST_OK;
}

/* Remember id-only passage p (put with res) for a collection to fill. */
static enum status want(struct import_sink *k, const struct model_passage *p, enum store_put res)
{
	int known = 0;
	if (res != PUT_NEW) { /* in the project before: with a text? */
		enum status st = store_passage_text_known(k->s, p->db_id, &known, &k->err);
		if (st != ST_OK)
			return fail(k, st);
	}
	if (known)
		return ST_OK;
	return add_want(k, p->id, (struct import_sink_want){
		p->db_id, res == PUT_NEW ? IMPORT_SINK_PUT_NEW : IMPORT_SINK_PUT_PRESENT, 0 });
}

/* How this import put passage p (found, not added, by the put that gave
 * res) before: *before = -1 when it did not, else PUT_NEW, PUT_SAME or
 * PUT_UPDATED. Passages it added say so in the project (their import);
 * the others are kept in the table of seen ids (store_seen.h). */
static enum status put_before(struct import_sink *k, const struct model_passage *p, enum store_put res,
			      int *before)
{
	int64_t import_id = 0;
	const void *old;
	size_t len;
	char v = (char)res;
	enum status st = store_passage_import(k->s, p->db_id, &import_id, &k->err);
	*before = -1;
	if (st != ST_OK)
		return fail(k, st);
	if (import_id == k->import_id) {
		*before = PUT_NEW;
		return ST_OK;
	}
	if (open_seen(k) != ST_OK)
		return k->st;
	int rc = store_seen_put(k->seen, SEEN_PUT, p->id, &v, 1, &old, &len, &k->err);
	if (rc < 0)
		return fail(k, ST_STORE);
	if (rc == 0)
		*before = *(const char *)old;
	if (rc == 0 && *before == PUT_SAME && res == PUT_UPDATED)
		st = store_seen_set(k->seen, SEEN_PUT, p->id, &v, 1, &k->err);
	return st == ST_OK ? ST_OK : fail(k, st);
}

enum status import_sink_put_passages(struct import_sink *k, struct model_passage *v, size_t n)
{
	open_tx(k);
	for (size_t i = 0; i < n && next_tx(k) == ST_OK; i++) {
		struct model_passage *p = &v[i];
		enum store_put res;
		struct store_conflict c;
		int before = -1;
		enum status st = store_put_passage(k->s, p->id, p->title, p->url, p->text, k->import_id, &p->db_id,
						   &res, &c, &k->err);
		if (st != ST_OK)
			return fail(k, st);
		if (res == PUT_CONFLICT)
			return refuse(k, p->where, "passage", p->id, &c);
		if (res != PUT_NEW && put_before(k, p, res, &before) != ST_OK)
			return k->st;
		if (before >= 0) { /* put before by this import, without its text: counted once */
			if (before == PUT_SAME && res == PUT_UPDATED) {
				k->counts->present[IMP_PASSAGES]--;
				k->counts->updated[IMP_PASSAGES]++;
			}
			continue;
		}
		tally(k, IMP_PASSAGES, res);
		if (!p->text)
			want(k, p, res);
	}
	return k->st;
}

struct import_sink_want *import_sink_wants(struct import_sink *k, const char *id)
{
	const void *v;
	size_t len;
	int rc = k->seen && may_want(k, id) ? store_seen_get(k->seen, SEEN_WANT, id, &v, &len, &k->err) : 0;
	if (rc < 0)
		fail(k, ST_STORE);
	if (rc <= 0 || len != sizeof(k->want))
		return NULL;
	memcpy(&k->want, v, sizeof(k->want));
	return &k->want;
}

enum status import_sink_want_filled(struct import_sink *k, const char *id, size_t line)
{
	struct import_sink_want *w = import_sink_wants(k, id);
	if (!w)
		return k->st;
	w->filled_at = line;
	return set_want(k, id, w);
}

static int project_want(const char *ext_id, int64_t id, void *data)
{
	struct import_sink *k = data;
	return add_want(k, ext_id, (struct import_sink_want){ id, 0, 0 }) != ST_OK;
}

enum status import_sink_want_project(struct import_sink *k)
{
	if (open_tx(k) != ST_OK || k->wants_project)
		return k->st;
	k->wants_project = 1;
	enum status st = store_passages_without_text(k->s, project_want, k, &k->err);
	return st == ST_OK ? k->st : fail(k, st);
}

enum status import_sink_fill_passage(struct import_sink *k, const char *id, const char *title, const char *url,
				     const char *text, const char *where)
{
	struct import_sink_want *w = import_sink_wants(k, id);
	if (w && next_tx(k) != ST_OK)
		return k->st;
	if (open_tx(k) != ST_OK || !w)
		return k->st;
	int64_t db_id;
	enum store_put res;
	struct store_conflict c;
	enum status st = store_put_passage(k->s, id, title, url, text, k->import_id, &db_id, &res, &c, &k->err);
	if (st != ST_OK)
		return fail(k, st);
	if (res == PUT_CONFLICT)
		return fail(k, error_set(&k->err, ST_INPUT, "%s: passage \"%s\" conflicts with the one %s: %s", where,
					 id, c.origin, c.what));
	k->since++;
	if (res == PUT_UPDATED && !(w->put & IMPORT_SINK_PUT_NEW)) {
		/* in the project before, without its text: filled in */
		k->hold = 1;
		if (w->put & IMPORT_SINK_PUT_PRESENT)
			k->counts->present[IMP_PASSAGES]--;
		k->counts->updated[IMP_PASSAGES]++;
		w->put |= IMPORT_SINK_PUT_NEW; /* counted once */
		return set_want(k, id, w);
	}
	return ST_OK;
}

struct id_only {
	struct import_sink *k;
	long n;
};

static int count_id_only(const char *id, const void *v, size_t len, void *data)
{
	struct id_only *c = data;
	struct import_sink_want w;
	int known = 0;
	(void)id;
	if (len != sizeof(w))
		return 0;
	memcpy(&w, v, sizeof(w));
	if (w.filled_at)
		return 0;
	enum status st = store_passage_text_known(c->k->s, w.db_id, &known, &c->k->err);
	if (st != ST_OK)
		return fail(c->k, st), 1;
	c->n += !known;
	return 0;
}

long import_sink_id_only(struct import_sink *k)
{
	struct id_only c = { k, 0 };
	if (k->seen && k->st == ST_OK) {
		enum status st = store_seen_each(k->seen, SEEN_WANT, count_id_only, &c, &k->err);
		if (st != ST_OK)
			fail(k, st);
	}
	return c.n;
}

/* The project's id of passage ext_id: put before, or in the project (0
 * when in neither). */
static enum status find_passage(struct import_sink *k, const char *ext_id, int64_t *id)
{
	return store_find_passage(k->s, ext_id, id, &k->err);
}

static enum status put_response(struct import_sink *k, int64_t turn_id, const struct model_response *r)
{
	xgrow(&k->ranked, &k->cap_ranked, r->n_ranked, sizeof(*k->ranked));
	for (size_t i = 0; i < r->n_ranked; i++) {
		const struct model_ranked *mr = &r->ranked[i];
		struct store_ranked *sr = &k->ranked[i];
		sr->rank = mr->rank;
		sr->score = mr->score;
		sr->has_score = mr->has_score;
		sr->passage_ext = mr->passage_id;
		sr->passage_id = mr->db_id; /* found by import_sink_resolves() */
		enum status st = sr->passage_id ? ST_OK : find_passage(k, mr->passage_id, &sr->passage_id);
		if (st != ST_OK)
			return fail(k, st);
		if (!sr->passage_id)
			return fail(k, error_set(&k->err, ST_INPUT,
						 "%s.id: unknown passage \"%s\" (not in this file's collection "
						 "nor in the project)", at(k, mr->where ? mr->where : r->where),
						 mr->passage_id));
	}
	size_t *sys = strmap_get(&k->systems, r->system);
	int64_t id;
	enum store_put res;
	struct store_conflict c;
	enum status st = store_put_response(k->s, turn_id, (int64_t)*sys, r->answer, k->ranked, r->n_ranked,
					    r->metadata, k->import_id, &id, &res, &c, &k->err);
	if (st != ST_OK)
		return fail(k, st);
	if (res == PUT_CONFLICT)
		return refuse(k, r->where, "response of system", r->system, &c);
	if (r->rewrite) {
		enum store_put rw;
		st = store_put_response_rewrite(k->s, id, r->rewrite, &rw, &c, &k->err);
		if (st != ST_OK)
			return fail(k, st);
		if (rw == PUT_CONFLICT)
			return refuse(k, r->where, "response of system", r->system, &c);
		if (rw == PUT_UPDATED && res == PUT_SAME)
			res = PUT_UPDATED;
	}
	if (r->candidates) {
		enum store_put cd;
		st = store_put_response_candidates(k->s, id, r->candidates, &cd, &c, &k->err);
		if (st != ST_OK)
			return fail(k, st);
		if (cd == PUT_CONFLICT)
			return refuse(k, r->where, "response of system", r->system, &c);
		if (cd == PUT_UPDATED && res == PUT_SAME)
			res = PUT_UPDATED;
	}
	tally(k, IMP_RESPONSES, res);
	return ST_OK;
}

static enum status put_turn(struct import_sink *k, int64_t conv_id, const char *conversation,
			    const struct model_turn *t)
{
	struct store_gold g = { t->gold_intent, t->gold_answers, t->n_gold_answers,
				t->gold_passages, t->n_gold_passages, t->has_gold, t->gold_grades };
	int64_t turn_id;
	enum store_put res;
	struct store_conflict c;
	enum status st = store_put_turn(k->s, conv_id, t->position, t->question, t->rewrite, &g, t->metadata,
					&turn_id, &res, &c, &k->err);
	if (st != ST_OK)
		return fail(k, st);
	if (res == PUT_CONFLICT)
		return refuse_turn(k, t, conversation, &c);
	tally(k, IMP_TURNS, res);
	for (size_t i = 0; i < t->n_responses && k->st == ST_OK; i++)
		put_response(k, turn_id, &t->responses[i]);
	return k->st;
}

enum status import_sink_put_conversation(struct import_sink *k, const struct model_conversation *mc)
{
	if (next_tx(k) != ST_OK || open_tx(k) != ST_OK)
		return k->st;
	int64_t conv_id;
	enum store_put res;
	struct store_conflict c;
	enum status st = store_put_conversation(k->s, mc->id, mc->metadata, k->import_id, &conv_id, &res, &c,
						&k->err);
	if (st != ST_OK)
		return fail(k, st);
	if (res == PUT_CONFLICT)
		return refuse(k, mc->where, "conversation", mc->id, &c);
	tally(k, IMP_CONVERSATIONS, res);
	for (size_t i = 0; i < mc->n_turns && k->st == ST_OK; i++)
		put_turn(k, conv_id, mc->id, &mc->turns[i]);
	return k->st;
}

int import_sink_resolves(struct import_sink *k, struct model_conversation *c)
{
	for (size_t i = 0; i < c->n_turns; i++)
		for (size_t j = 0; j < c->turns[i].n_responses; j++) {
			struct model_response *r = &c->turns[i].responses[j];
			for (size_t n = 0; n < r->n_ranked; n++) {
				struct model_ranked *mr = &r->ranked[n];
				if (k->st != ST_OK || (!mr->db_id && find_passage(k, mr->passage_id, &mr->db_id) != ST_OK) ||
				    !mr->db_id)
					return 0;
			}
		}
	return 1;
}

enum status import_sink_put_model(struct import_sink *k, struct model_tasks *m)
{
	k->where_names_file = m->where_names_file;
	import_sink_put_systems(k, m->systems, m->n_systems);
	import_sink_put_passages(k, m->passages, m->n_passages);
	for (size_t i = 0; i < m->n_conversations && k->st == ST_OK; i++)
		import_sink_put_conversation(k, &m->conversations[i]);
	return k->st;
}

static void release(struct import_sink *k)
{
	if (k->open)
		store_import_cache(k->s, 0);
	strmap_release(&k->systems);
	store_seen_close(k->seen);
	k->seen = NULL;
	free(k->want_filter);
	k->want_filter = NULL;
	free(k->ranked);
	k->ranked = NULL;
	model_tasks_release(&k->scratch);
}

/* On error, and when nothing is new: leave no trace (the rows of the
 * transactions committed before too). */
static void undo(struct import_sink *k)
{
	if (k->open)
		store_rollback(k->s);
	k->open = 0;
	struct error e;
	if (k->pending)
		store_pending_clean(k->s, &e); /* on failure, the next import or open cleans */
}

enum status import_sink_end(struct import_sink *k, struct error *err)
{
	long added = 0;
	for (int i = 0; i < IMP__COUNT; i++)
		added += k->counts->added[i] + k->counts->updated[i];
	open_tx(k);
	enum status st = k->st;
	if (st == ST_OK && added)
		st = store_fts_fill(k->s, k->fts_mark, err);
	if (st == ST_OK && added) /* a stream's digest is known at its end only */
		st = store_import_set_sha256(k->s, k->import_id, k->sha256, err);
	if (st == ST_OK && added) /* the flip: the rows shown */
		st = store_pending_flip(k->s, err);
	if (st == ST_OK && added)
		st = store_commit(k->s, err);
	else
		undo(k);
	if (k->st != ST_OK)
		*err = k->err;
	release(k);
	return st;
}

void import_sink_abort(struct import_sink *k)
{
	undo(k);
	release(k);
}
