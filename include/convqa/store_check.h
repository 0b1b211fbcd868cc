/*
 * store_check.h - what is wrong in a project file, as far as SQL can tell:
 * the reads behind convqa check (project_check.h adds what needs the
 * schemes). Read-only: nothing here changes or repairs the project.
 *
 * Each problem is handed to the callback as one line that names the table
 * and the row, the words store_damaged() uses:
 *   "label 13: rater_id 99 names no rater"
 *   "retrieved (response_id 1, rank 1): passage_id 9999 names no passage"
 *   "index label_unit: missing (queries that use it are slow; the schema has it)"
 * Strings handed to a callback are borrowed for the call.
 */
#ifndef CONVQA_STORE_CHECK_H
#define CONVQA_STORE_CHECK_H

#include <stdint.h>

#include "convqa/common.h"

struct store;

typedef void (*store_check_cb)(const char *problem, void *ctx);

/*
 * Every problem of these kinds, in this order:
 *   the schema version (PRAGMA user_version) is not this convqa's
 *   the file: PRAGMA integrity_check (a damaged page, an index that does
 *     not match its table, a CHECK constraint a row breaks)
 *   the schema: a table, index or trigger the schema has that the file
 *     lacks, or whose definition differs (changed with writable_schema)
 *   NULLs in columns the schema declares NOT NULL (whatever the file's
 *     schema says now)
 *   references to rows that are not there (PRAGMA foreign_key_check)
 *   labels: a unit that is none, a turn that is not the response's, a
 *     label of a rater in a round on an item the round does not assign
 *     them, a label given after its round closed (an adjudicator's
 *     excepted: they settle the round, closed or not)
 * At most STORE_CHECK_SHOWN lines of one kind of problem on one table; then
 * one line says how many more. ST_STORE only when the project cannot be
 * read at all (the callback has then had what could be found).
 */
#define STORE_CHECK_SHOWN 20
enum status store_check(struct store *s, store_check_cb cb, void *ctx, struct error *err);

/* The first row (by id) of each task name of the labels, rounds and
 * guidelines: table "label", "round" or "guidelines", its id and the task. */
typedef void (*store_check_task_cb)(const char *table, int64_t id, const char *task, void *ctx);
enum status store_check_tasks(struct store *s, store_check_task_cb cb, void *ctx, struct error *err);

/* The first label row (by id) of each task, field and value (NULL: a
 * cleared label). */
typedef void (*store_check_value_cb)(int64_t id, const char *task, const char *field, const char *value,
				     void *ctx);
enum status store_check_values(struct store *s, store_check_value_cb cb, void *ctx, struct error *err);

/* The schema version of the file (PRAGMA user_version). */
int store_check_version(struct store *s);

#endif
