/* tui_search.h - part of tui_internal.h: the collection search
 * (app_search.c, search_terms.c, view_search.c).
 * Include tui_internal.h, which includes the parts in order (each relies
 * on those before it), not this file. */
#ifndef CONVQA_TUI_SEARCH_H
#define CONVQA_TUI_SEARCH_H

/* ---- the collection search (app_search.c, search_terms.c, view_search.c) -- */

struct store_search_result;
struct store_hit;

/* The words of a query (each lowercased as tokens_normalize() does; FTS5's
 * operators, column names and quotes left out; prefix: it ended in '*'). */
struct search_terms {
	struct search_term {
		char *word;
		int prefix;
	} *term;
	size_t n;
};
void search_terms_init(struct search_terms *t, const char *query);
void search_terms_release(struct search_terms *t);
/* mark[0..len) := 1 under the bytes of each word of s[0..len) that is a
 * term of t (or begins with a prefix term), else 0; returns how many words. */
size_t search_terms_mark(const struct search_terms *t, const char *s, size_t len, unsigned char *mark);

/* The passages of the project that match query, at most limit from the
 * offset-th best on, with their texts (store_search()): 0; 1 when FTS5
 * refuses the query (why in msg[size]); -1 after a fatal error (the loop
 * ends). Release r with store_search_release(). */
int app_search(struct app *app, const char *query, long offset, long limit, struct store_search_result *r,
	       char *msg, size_t size);
/* The field of the session's scheme that names further relevant passages
 * of the item (role gold_passages: extra_gold), or NULL. */
const struct scheme_field *app_gold_field(const struct app *app);
/* Whether passage ext_id is named in that field on the item shown. */
int app_found_marked(const struct app *app, const char *ext_id);
/* Name passage ext_id in that field on the item shown, or take it out
 * when it is there: saved at once, undoable (u); the message says which. */
void app_mark_found(struct app *app, const char *ext_id);
/* The rank at which the item shown retrieved passage ext_id, 0: not. */
long app_found_rank(const struct app *app, const char *ext_id);
/* Whether hit h is a gold passage of the item's turn. */
int app_found_gold(const struct app *app, const struct store_hit *h);

#endif
