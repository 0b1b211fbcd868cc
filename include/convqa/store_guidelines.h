/* store_guidelines.h - part of store.h: annotation guidelines
 * (store_guidelines.c).
 * Include convqa/store.h, which includes the parts in order (each relies
 * on what comes before it), not this file. */
#ifndef CONVQA_STORE_GUIDELINES_H
#define CONVQA_STORE_GUIDELINES_H

/* ---- annotation guidelines (store_guidelines.c) ----------------------- */

/* The project's guidelines are kept per task (a scheme's name) or for every
 * task (task NULL), each version a row that is never changed: setting new
 * text adds a version. A rater of task T is shown T's current version, else
 * the current version for every task. Which versions each rater has been
 * shown is recorded (guidelines_seen), so that a change is shown once. */
struct store_guidelines {
	int64_t id;                /* 0: none */
	char *task;                /* NULL: every task */
	char *text;
	char *set_at;              /* ISO 8601 UTC */
	long version;              /* 1, 2, ... among the versions of its task */
	long seen_by;              /* raters who have been shown it */
};
/* Free what g owns and zero it. */
void store_guidelines_release(struct store_guidelines *g);

/* The current guidelines for task (NULL: every task) into *g (caller
 * releases; g->id 0 when there are none). exact: the versions set for
 * task itself only; else what a rater of task is shown: task's own, else
 * those for every task. */
enum status store_guidelines_get(struct store *s, const char *task, int exact, struct store_guidelines *g,
				 struct error *err);
/* Make text the guidelines for task (NULL: every task), in one
 * transaction: PUT_NEW (its first version), PUT_UPDATED (a new version),
 * PUT_SAME (the current version has this text: nothing changes). cur (may
 * be NULL) gets the current version afterwards (caller releases). */
enum status store_guidelines_set(struct store *s, const char *task, const char *text, enum store_put *res,
				 struct store_guidelines *cur, struct error *err);
/* Whether rater has been shown version id (*seen), and whether they have
 * been shown any version for task (NULL: every task) or for every task
 * (*before: with *seen 0, the guidelines have changed since they last saw
 * them). */
enum status store_guidelines_seen(struct store *s, int64_t rater_id, const char *task, int64_t id, int *seen,
				  int *before, struct error *err);
/* Record that rater has been shown version id (again: no change). */
enum status store_guidelines_mark_seen(struct store *s, int64_t rater_id, int64_t id, struct error *err);
/* Every version into *rows (free with store_guidelines_rows_free): those
 * for every task, then by task, oldest first (the last of a task is its
 * current version). */
enum status store_guidelines_list(struct store *s, struct store_guidelines **rows, size_t *n,
				  struct error *err);
void store_guidelines_rows_free(struct store_guidelines *rows, size_t n);

#endif
