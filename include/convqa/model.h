/*
 * model.h - the data model shared by importers, the store writer, the UI and
 * reports: the built-in task kinds (their fields are schemes: scheme_registry.h),
 * rater names and roles, and the in-memory form of a task file between parsing and
 * storing.
 *
 * Ownership: the names it returns are static. A struct
 * model_tasks owns an arena (model_alloc() and friends) that
 * model_tasks_release() frees; its other strings are borrowed from the parsed
 * source, which must outlive it (a reader may hand the source to the model
 * with model_tasks_keep(): then it lives exactly as long).
 */
#ifndef CONVQA_MODEL_H
#define CONVQA_MODEL_H

#include <stddef.h>
#include <stdint.h>

/* ---- task kinds ------------------------------------------------------ */

enum model_task { TASK_TURN, TASK_PLAUSIBILITY, TASK_FAITHFULNESS, TASK__COUNT };

const char *model_task_name(enum model_task t);
/* The task a command takes when none is given (label, annotate, round
 * create): the built-in turn scheme, named here once. */
#define MODEL_DEFAULT_TASK "turn"
/* Returns 0 and sets *t if name is a task kind. */
int model_task_parse(const char *name, enum model_task *t);
/* The gold intents a task file may give a turn (the values of the built-in
 * turn scheme's intent field, in its order): the index of intent, or -1. */
int model_gold_intent_index(const char *intent);
/* The gold intent of index i (0 <= i < MODEL_GOLD_INTENTS). */
#define MODEL_GOLD_INTENTS 3
const char *model_gold_intent_name(int i);

/* A rater name must be something one can type again and select in a list,
 * and never look like another: UTF-8, not blank, every character visible
 * (letters, combining marks after a letter, digits, punctuation, symbols,
 * single plain spaces between words: no control, format, zero-width,
 * default-ignorable or blank character, no other space, text_cp_look()),
 * no comma, no space around it (" ann" would be another rater than "ann").
 * NULL when name is fine, else why not, naming the character (U+XXXX) and
 * its position: a static buffer, valid until the next call of any
 * model_*_name_problem(). */
const char *model_rater_name_problem(const char *name);
/* The same rules for a round's name, which is besides one word (no space):
 * it is given to --round and printed in commands. */
const char *model_round_name_problem(const char *name);
/* The same rules for a system's name (its id in a task file), commas
 * allowed. */
const char *model_system_name_problem(const char *name);

/* What a rater is besides someone who labels (docs/study.md "Raters"): an
 * adjudicator's values settle disagreements (report --consensus
 * adjudicated); a coordinator bound to an account manages the project's
 * raters and rounds (access.h). Stored by name (model_role_name). */
enum model_role { ROLE_RATER, ROLE_ADJUDICATOR, ROLE_COORDINATOR, ROLE__COUNT };

const char *model_role_name(enum model_role r);
/* Returns 0 and sets *r if name is a role's name. */
int model_role_parse(const char *name, enum model_role *r);

/* ---- a task file in memory ------------------------------------------ */
/* Strings are borrowed from the parsed source (or the tasks' arena) and live
 * as long as the struct model_tasks and its source. Each object records
 * where it came from for messages: a JSON path in the file ("$.conversations[2]",
 * shown after the file's name), or, when where_names_file is set, the whole
 * place ("FILE:LINE: $.turns[0]", for a file of lines). */

struct model_system {
	const char *id;
	const char *description;      /* NULL if absent */
	const char *where;
};

struct model_passage {
	const char *id;               /* given, or "sha256:<16 hex>" derived from the text */
	const char *title, *url;
	const char *text;             /* NULL: known by id only (a collection may fill it in) */
	const char *where;
	int64_t db_id;                /* filled by the writer */
};

struct model_ranked {
	long rank;
	double score;
	int has_score;
	const char *passage_id;
	const char *where;
	int64_t db_id;                /* the project's id of the passage once an import found it, else 0 */
};

struct model_response {
	const char *system;
	const char *answer;
	const char *rewrite;          /* the system's own rewrite of the question, or NULL */
	const char *metadata;         /* JSON text or NULL */
	const char *candidates;       /* a reader's ranked answer candidates: canonical JSON
				       * [{"text", "score"?}, ...], or NULL */
	struct model_ranked *ranked;
	size_t n_ranked;
	const char *where;
};

/* The highest turn number and gold grade convqa takes. */
#define MODEL_TURN_MAX 1000000
#define MODEL_GRADE_MAX 1000000

/* The highest passage rank convqa takes, in every place that takes one
 * (import, convqa label, the UI). */
#define MODEL_RANK_MAX 1000000000

struct model_turn {
	int position;                 /* the turn's number (>= 1; gaps allowed) */
	const char *question;         /* NULL: the input gives none (a run, qrels) */
	const char *rewrite;
	int has_gold;
	const char **gold_answers;
	size_t n_gold_answers;
	const char **gold_passages;
	long *gold_grades;            /* NULL (every grade 1), or one grade >= 1 per gold passage */
	size_t n_gold_passages;
	const char *gold_intent;
	const char *metadata;
	struct model_response *responses;
	size_t n_responses;
	const char *where;
};

struct model_conversation {
	const char *id;
	const char *metadata;
	struct model_turn *turns;
	size_t n_turns;
	const char *where;
};

struct model_arena_block;
struct model_kept;

struct model_tasks {
	struct model_system *systems;
	size_t n_systems, cap_systems;
	struct model_passage *passages;
	size_t n_passages, cap_passages;
	struct model_conversation *conversations;
	size_t n_conversations, cap_conversations;
	int where_names_file;         /* every where is "FILE:LINE: $.path", not a path */
	struct model_arena_block *arena;
	struct model_kept *kept;      /* model_tasks_keep() */
};

void model_tasks_init(struct model_tasks *m);
/* Frees everything the model allocated and what it was given to keep (not
 * a borrowed source it was not given). */
void model_tasks_release(struct model_tasks *m);
/* Give p to the model: model_tasks_release() frees it with free_fn, e.g.
 * the parsed source its strings borrow from. */
void model_tasks_keep(struct model_tasks *m, void *p, void (*free_fn)(void *));
/* Allocate from the model's arena (freed by model_tasks_release). */
void *model_alloc(struct model_tasks *m, size_t size);
char *model_strdup(struct model_tasks *m, const char *s);
char *model_printf(struct model_tasks *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The stable id of a passage given by its text alone: "sha256:" + 16 hex digits. */
char *model_passage_hash_id(struct model_tasks *m, const char *text);

#endif
