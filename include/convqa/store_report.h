/*
 * store_report.h - the reads behind `convqa report` and `convqa agreement`.
 *
 * Each function streams one table (or one join) to a callback, in one pass
 * and in a documented order, so that the report can hold what it needs in
 * compact arrays instead of asking the store row by row. Strings in the
 * structs handed to a callback are borrowed for the duration of that call.
 * A callback returns non-zero to stop early (the function then returns
 * ST_OK). Read-only: nothing here changes the project.
 *
 * The scans run on a reader: a second, read-only connection to the
 * project's file, inside one read transaction, so that every scan of a
 * report sees the same snapshot while raters go on saving labels (WAL), and
 * without the per-call mutex of the shared connection (the reader is used
 * by one thread only), which is a quarter of the cost of a big scan.
 *
 * A row the schema never lets in (a NULL in a NOT NULL column, a response
 * whose turn or system is gone, a label's unit that is none) stops a scan with ST_STORE and store_damaged()'s message
 * naming the row ("damaged project 'p.db': label 13: task is NULL, ...").
 * A callback that finds damage of its own kind says so the same way.
 *
 *   struct store_reader *rd;
 *   if (store_reader_open(s, &rd, &err) == ST_OK) {
 *       store_report_labels(rd, 0, on_label, ctx, &err);   // every round
 *       store_reader_close(rd);
 *   }
 */
#ifndef CONVQA_STORE_REPORT_H
#define CONVQA_STORE_REPORT_H

#include <stdint.h>

#include "convqa/common.h"
#include "convqa/scheme.h"

struct store;
struct store_reader;

/* Open a reader on s's project file (read-only, its own snapshot). Close it
 * with store_reader_close(). */
enum status store_reader_open(struct store *s, struct store_reader **out, struct error *err);
void store_reader_close(struct store_reader *r);

/* One item: one system's response to one turn. */
struct store_report_item {
	int64_t response_id, turn_id, conversation_id, system_id;
	const char *conversation;         /* conversation ext id */
	int position;                     /* turn depth, 1-based */
	const char *system;               /* system name */
	const char *answer;
	const char *gold_intent;          /* NULL when the turn has none */
	const char *turn_rewrite;         /* the turn's rewrite, NULL when none */
	const char *rewrite;              /* the system's rewrite of the question, NULL when none */
	const char *candidates;           /* the reader's answer candidates (JSON), NULL when none */
};
typedef int (*store_report_item_cb)(const struct store_report_item *it, void *ctx);
/* Every item, ordered by conversation (in import order), turn position and
 * system name. */
enum status store_report_items(struct store_reader *r, store_report_item_cb cb, void *ctx,
			       struct error *err);

/* One retrieved passage of a response. */
struct store_report_ranked {
	int64_t response_id;
	long rank;
	int64_t passage_id;
};
typedef int (*store_report_ranked_cb)(const struct store_report_ranked *r, void *ctx);
/* Every retrieved passage, ordered by response id and rank. */
enum status store_report_retrieved(struct store_reader *r, store_report_ranked_cb cb, void *ctx,
				   struct error *err);

/* Every passage's id (in no order). */
typedef int (*store_report_passage_cb)(int64_t passage_id, void *ctx);
enum status store_report_passages(struct store_reader *r, store_report_passage_cb cb, void *ctx,
				  struct error *err);

/* One gold fact of a turn: an answer (text set, passage fields unused) or
 * a passage (passage_ext set; passage_id 0 when the collection has no
 * passage with that id). */
struct store_report_gold {
	int64_t turn_id;
	const char *answer;
	const char *passage_ext;
	int64_t passage_id;
	long grade;                    /* a gold passage's grade (>= 1) */
};
typedef int (*store_report_gold_cb)(const struct store_report_gold *g, void *ctx);
/* The gold of the turns with a response (the items' turns; and gold naming
 * no turn, which the reader reports as damage). Gold answers ordered by
 * turn id and their order in the task file. */
enum status store_report_gold_answers(struct store_reader *r, store_report_gold_cb cb, void *ctx,
				      struct error *err);
/* Gold passages ordered by turn id and passage ext id. */
enum status store_report_gold_passages(struct store_reader *r, store_report_gold_cb cb, void *ctx,
				       struct error *err);

struct store_report_rater {
	int64_t id;
	const char *name;
	const char *role;                 /* "rater", "adjudicator" or "coordinator" */
	int trusted;
};
typedef int (*store_report_rater_cb)(const struct store_report_rater *r, void *ctx);
/* Every rater, ordered by name. */
enum status store_report_raters(struct store_reader *r, store_report_rater_cb cb, void *ctx,
				struct error *err);

/* A round: its id and name. */
struct store_report_round {
	int64_t id;
	const char *name;
};
typedef int (*store_report_round_cb)(const struct store_report_round *r, void *ctx);
/* Every round, ordered by id. */
enum status store_report_rounds(struct store_reader *r, store_report_round_cb cb, void *ctx,
				struct error *err);

/* The path of the project a reader reads (for store_damaged()). */
const char *store_reader_path(const struct store_reader *r);

/* One saved label row (a value, or NULL when the change cleared it). Rows
 * come in id order; id names the row in messages. */
struct store_report_label {
	int64_t id;
	int64_t response_id, rater_id;
	int64_t round_id;                 /* 0 for a label outside rounds */
	const char *task, *field;
	const char *value;                /* NULL = cleared */
	long passage_rank;                /* 0 when the field is about the whole item */
	double seconds;                   /* active seconds on the item so far */
	/* The unit judged (see store_label_key in store.h): UNIT_TURN (turn_id),
	 * UNIT_PASSAGE (passage id unit_ref in turn_id, pooled over the turn's
	 * responses), UNIT_RESPONSE (response_id = unit_ref) or UNIT_ANSWER
	 * (answers of turn_id with answer key unit_ref: store_answer_key()).
	 * response_id and passage_rank say where it was given. */
	enum scheme_unit unit;
	int64_t turn_id, unit_ref;
	/* A row read from a label pack has its texts numbered in the pack's
	 * list of strings: dict names the list (0 for a row read from the
	 * table, whose texts have no numbers), dict_size is its length,
	 * task_sid and field_sid the numbers of task and field, value_sid the
	 * number of value + 1 (0: NULL). Within one read, the same dict and
	 * number is the same text. */
	uint32_t dict, dict_size, task_sid, field_sid, value_sid;
};
typedef int (*store_report_label_cb)(const struct store_report_label *l, void *ctx);
/*
 * Every label row, the whole history, in the order the rows were saved
 * (ascending id); round_id > 0 keeps only that round's rows. The current
 * value of a unit (rater, round, task, field, unit) is the last row
 * the callback sees for it, so a caller that overwrites as it goes ends with
 * the current values - the same answer as STORE_LABEL_IS_CURRENT in one
 * sequential scan of the table instead of a lookup per row. Across rounds
 * (round_id 0) the last row of a key is the rater's most recent value too,
 * except when it clears the label of one round while the label of another
 * round still holds a value: a caller keeps the rows of a rater and item
 * with rows in several rounds (round_id tells them apart) to merge them.
 */
enum status store_report_labels(struct store_reader *r, int64_t round_id, store_report_label_cb cb,
				void *ctx, struct error *err);

/* One control item of a round (round create --control): rater_id's
 * judgements given on response_id in round_id score the rater against the
 * known answers; they are not judgements of the study. */
struct store_report_control {
	int64_t round_id, rater_id, response_id;
};
typedef int (*store_report_control_cb)(const struct store_report_control *c, void *ctx);
/* Every control assignment, ordered by round, rater and response. */
enum status store_report_controls(struct store_reader *r, store_report_control_cb cb, void *ctx,
				  struct error *err);

/* The id of the passage with ext id ext; 0 when there is none. */
enum status store_report_passage_id(struct store_reader *r, const char *ext, int64_t *id,
				    struct error *err);

/* A score imported with convqa import-scores (store_score.h). */
struct store_report_score {
	int64_t response_id;
	const char *name;
	double value;
};
typedef int (*store_report_score_cb)(const struct store_report_score *sc, void *ctx);
/* Every imported score, ordered by name and response; cb returns non-zero
 * to stop. */
enum status store_report_scores(struct store_reader *r, store_report_score_cb cb, void *ctx, struct error *err);

#endif
