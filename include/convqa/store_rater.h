/* store_rater.h - part of store.h: raters: their settings and what they did
 * (store_rater.c).
 * Include convqa/store.h, which includes the parts in order (each relies
 * on what comes before it), not this file. */
#ifndef CONVQA_STORE_RATER_H
#define CONVQA_STORE_RATER_H

/* ---- raters: their settings and what they did (store_rater.c) -------- */

/* A rater's row. Its strings are owned: store_rater_release() frees them. */
struct store_rater {
	int64_t id;
	char *name;
	enum model_role role;
	int trusted;              /* 0: distrusted by a coordinator */
	char *os_user;            /* the account the rater's labels are written from
				   * (access.h); NULL: not bound, any account */
	char *added_at;           /* ISO 8601; NULL for a rater of a project older
				   * than schema 4 */
	long labels;              /* store_rater_count_labels(): the rater's current
				   * values (the latest of each unit and field, not
				   * cleared), as info counts labels; else 0 */
};
void store_rater_release(struct store_rater *r);

/* The rater called name, into *r (release it; zeroed when absent). With
 * found, *found says whether the project has the rater; without (NULL), a
 * rater it lacks is ST_INPUT with "no rater 'NAME' in the project (its
 * raters: a, b)" or "(it has no raters)" in err. */
enum status store_rater_get(struct store *s, const char *name, struct store_rater *r, int *found,
			    struct error *err);
/* ST_INPUT: "no rater 'NAME' in the project (its raters: a, b; HINT)" (or
 * "it has no raters"; without "; HINT" when hint is NULL). */
enum status store_rater_unknown(struct store *s, const char *name, const char *hint, struct error *err);
/* Every rater, by name: *rows (free with store_rater_rows_free), labels 0.
 * A rater without a name is a damaged project (store_damaged()). */
enum status store_rater_list(struct store *s, struct store_rater **rows, size_t *n, struct error *err);
void store_rater_rows_free(struct store_rater *rows, size_t n);
/* Fill in rows[i].labels (one scan of the labels: as long as info takes). */
enum status store_rater_count_labels(struct store *s, struct store_rater *rows, size_t n, struct error *err);

/* Add rater name with role and os_user (NULL: not bound), trusted, added
 * now; or, when the project has it, set its role and os_user (its trust,
 * labels and rounds stay). *id (may be NULL) gets its id. Call inside
 * store_begin/commit to decide and write in one transaction. */
enum status store_rater_put(struct store *s, const char *name, enum model_role role, const char *os_user,
			    int64_t *id, struct error *err);
/* Set whether rater id is trusted (1) or distrusted (0). */
enum status store_rater_set_trusted(struct store *s, int64_t id, int trusted, struct error *err);
/* Remove rater id when no row of the project refers to them (no label,
 * round, assignment) but the guidelines they were shown, which go with
 * them: *removed 1; else kept, *removed 0, the rows as they were. */
enum status store_rater_remove_unused(struct store *s, int64_t id, int *removed, struct error *err);

/* A rater's labels of one task: current values (as store_rater.labels),
 * label rows (history included) and their active seconds. Strings are
 * borrowed for the callback's duration. */
struct store_rater_task {
	const char *task;
	long labels, rows;
	double seconds;
};
typedef void (*store_rater_task_cb)(const struct store_rater_task *t, void *ctx);
/* Calls cb for each task rater_id has label rows of, by task name. */
enum status store_rater_tasks(struct store *s, int64_t rater_id, store_rater_task_cb cb, void *ctx,
			      struct error *err);

/* A round a rater is in: one of its raters, or with items assigned or
 * labels given in it. */
struct store_rater_round {
	const char *name, *task;
	int closed;
	long assigned;            /* items assigned to the rater */
	long labels;              /* the rater's current values in the round */
};
typedef void (*store_rater_round_cb)(const struct store_rater_round *r, void *ctx);
/* Calls cb for each round rater_id is in, oldest first. */
enum status store_rater_rounds(struct store *s, int64_t rater_id, store_rater_round_cb cb, void *ctx,
			       struct error *err);

#endif
