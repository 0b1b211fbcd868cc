/* report_internal.h - shared between the report*.c files only.
 *
 *   report.c              options; the table of sections; report_build(): load, layer,
 *                         then each section the options select and that applies
 *   report_load.c         the project in compact arrays (struct rp_data), read from the store;
 *                         report_load_<concern>.c the parts of it (report_load.h)
 *   report_consensus.c    the label layers: every judgement, one rater's, majority, adjudicated
 *   report_doc.c          the document: sections, tables, rows, cells
 *   report_groups.c       the breakdowns (by turn, conversation, system, intent, rater)
 *   report_sec_<name>.c   one section each: answers, retrieval, automatic, verdicts,
 *                         schemes (one per project scheme), agreement, controls, compare, time
 *   report_fmt_<name>.c   one writer each: text (and Markdown), json, csv, html (its
 *                         SVG charts in report_fmt_svg.c); the table of writers is in report.c
 */
#ifndef CONVQA_REPORT_INTERNAL_H
#define CONVQA_REPORT_INTERNAL_H

#include <stdint.h>

#include "convqa/model.h"
#include "convqa/report.h"
#include "convqa/scheme.h"
#include "convqa/strmap.h"

struct store;
struct store_reader;
struct strbuf;

/* ---- the document -------------------------------------------------------- */

enum rcell_kind {
	RC_NONE,      /* empty: nothing to report here */
	RC_NUM,       /* v computed from n observations, maybe with a 95% CI */
	RC_COUNT,     /* v is a count */
	RC_TEXT,      /* text */
	RC_UNDEF,     /* undefined; text is the reason */
};

struct rcell {
	enum rcell_kind kind;
	double v;
	long n;            /* observations behind an RC_NUM or RC_UNDEF cell; -1 unknown */
	int has_ci;
	double lo, hi;
	char *text;
};

enum rfmt {
	RF_FRACTION,  /* a proportion or mean in [0, 1] (or kappa, r in [-1, 1]): 3 decimals */
	RF_NUMBER,    /* 2 decimals */
	RF_SECONDS,   /* 1 decimal */
	RF_COUNT,     /* integer */
	RF_TEXT,
	RF_PVALUE,    /* a p-value: 3 decimals, below 0.001 as "<0.001" (text and Markdown) */
};

enum rcol_flags {
	RCOL_CHART = 1,   /* text: draw a bar chart of this column under the table */
};

struct rcol {
	char *id, *label;
	enum rfmt fmt;
	unsigned flags;
};

struct rrow {
	char *group;
	long n;            /* the row's sample size (shown as column "n"), -1 none */
	struct rcell *cells;
};

struct rtable {
	char *id, *title;
	char *by;          /* what the groups are ("turn", "system", ...) */
	char *n_label;     /* what n counts ("items", "judgements", ...), NULL: no n column */
	struct rcol *cols;
	size_t n_cols, cap_cols;
	struct rrow *rows;
	size_t n_rows, cap_rows;
	char **notes;
	size_t n_notes, cap_notes;
};

struct rsection {
	char *id, *title;
	char **notes;
	size_t n_notes, cap_notes;
	struct rtable **tables;
	size_t n_tables, cap_tables;
};

#define REPORT_MAX_PHASES 24   /* the 4 steps of preparation, then one per section */

struct report {
	char **meta;       /* key, value, key, value, ... */
	size_t n_meta, cap_meta;
	const char *phase_name[REPORT_MAX_PHASES];   /* where the building time went */
	double phase_seconds[REPORT_MAX_PHASES];
	size_t n_phases;
	struct rsection **sections;
	size_t n_sections, cap_sections;
};

void report_meta(struct report *r, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
struct rsection *report_section(struct report *r, const char *id, const char *title);
void rsection_note(struct rsection *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
struct rtable *rsection_table(struct rsection *s, const char *id, const char *title,
			      const char *by, const char *n_label);
void rtable_col(struct rtable *t, const char *id, const char *label, enum rfmt fmt, unsigned flags);
void rtable_note(struct rtable *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
struct rrow *rtable_row(struct rtable *t, const char *group, long n);
/* Index of column id in t, or -1. */
int rtable_col_index(const struct rtable *t, const char *id);
void rcell_num(struct rrow *row, int col, double v, long n);
void rcell_ci(struct rrow *row, int col, double lo, double hi);
void rcell_count(struct rrow *row, int col, long count);
void rcell_text(struct rrow *row, int col, const char *text);
void rcell_undef(struct rrow *row, int col, long n, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* For the writers: v as JSON and CSV give numbers (an integer without
 * decimals, else 12 significant digits) appended to sb; sb written to out
 * and emptied (-1 when writing fails). */
void rp_put_number(struct strbuf *sb, double v);
/* The decimals the text and HTML writers show of a value of format f (report_fmt_text.c). */
int rp_decimals(enum rfmt f);
/* An interval "lo–hi" with dec decimals ("lo to hi" when either is
 * negative). */
void rp_interval(struct strbuf *sb, int dec, double lo, double hi);
int rp_flush(struct strbuf *sb, FILE *out);

/* ---- writers (the table in report.c; one report_fmt_<name>.c each) -------------- */

/* A format of the report: one row of the table in report.c. */
struct rp_writer {
	const char *name;              /* --format NAME */
	const char *alias;             /* another name it answers to (not listed), or NULL */
	/* write r to out; -1 when writing fails (errno says why) */
	int (*write)(const struct report *r, FILE *out);
};

int rp_write_text(const struct report *r, FILE *out);   /* report_fmt_text.c */
int rp_write_md(const struct report *r, FILE *out);     /* report_fmt_text.c */
int rp_write_json(const struct report *r, FILE *out);   /* report_fmt_json.c */
int rp_write_csv(const struct report *r, FILE *out);    /* report_fmt_csv.c */
int rp_write_html(const struct report *r, FILE *out);   /* report_fmt_html.c (charts: report_fmt_svg.c) */

/* ---- the project in memory (report_load.c) ----------------------------------- */

/* Categorical fields of the built-in schemes kept per judgement. */
enum rp_cat { RP_INTENT, RP_CORRECT, RP_PLAUS, RP_FAITH, RP_NCAT };

#define RP_UNSET (-1)          /* no current value */
#define RP_NO_CONSENSUS (-2)   /* raters disagree and nothing settles it */

/* Tasks: the built-in ones at their enum model_task index, then the
 * project's schemes (every one, or those --task names), at most
 * RP_MAX_TASKS in all; task masks are 1 << index. */
#define RP_MAX_TASKS 32
/* Fields with categories of the project's schemes, at most. */
#define RP_MAX_CFIELDS 200

struct rp_task {
	const char *name;              /* the scheme's */
	struct scheme *scheme;         /* owned (rp_release()) */
};

/* A field with categories of a project scheme, kept per judgement: a field
 * of a passage unit has a value per rank, the others one per item. */
/* The field of a role the report reads (rp_find_roles()): the one of the
 * first task shown (the built-ins first) whose scheme has the role. */
struct rp_role {
	int task;                      /* -1: no task shown has the role */
	int cfield;                    /* its d->cfields index; -1: a built-in field (a slot of its own) */
	int slot;                      /* a built-in's: its RP_* (-1: the relevance codes) */
	const struct scheme_field *f;  /* borrowed from the task's scheme */
	const char *name;              /* what the notes call it: a built-in's field name, else SCHEME/FIELD */
	int threshold;                 /* the category index from which a value counts (scheme_threshold()) */
	int graded;                    /* relevance: gains are grades (scheme_graded()) */
};

struct rp_cfield {
	uint8_t task;
	uint8_t per_passage;
	uint16_t slot;                 /* per item: its slot; per passage: its index among those */
	const struct scheme_field *f;  /* borrowed from the task's scheme */
	char *id;                      /* "SCHEME/FIELD": its table id in agreement */
};

struct rp_turn {
	uint32_t conv;                 /* index into conversations */
	int position;
	int8_t gold_intent;            /* code on the intent scale, RP_UNSET */
	uint32_t first_item, n_items;  /* items of a turn are contiguous */
	uint32_t gold_ans, n_gold_ans; /* into gold_answers */
	uint32_t gold_pas, n_gold_pas; /* into gold_passages */
	const char *rewrite;           /* the turn's rewrite, NULL */
};

struct rp_item {
	int64_t response_id;
	uint32_t turn, system;
	const char *answer;
	const char *rewrite;           /* the system's rewrite of the question, NULL */
	const char *candidates;        /* the reader's answer candidates (JSON text), NULL */
	uint32_t ranks;                /* passage of rank r at passages[ranks + r - 1] */
	uint32_t n_ranks;              /* highest rank (gaps hold passage 0) */
	int32_t first_j;               /* first judgement of the item, -1 */
	uint8_t in_round;              /* has a label in the selection (not only cleared ones) */
};

/* One rater's current labels of one item: the values of the units the item
 * belongs to (its turn, its passages, its answer, itself). */
struct rp_judgement {
	uint32_t item;
	uint16_t rater;
	int8_t code[RP_NCAT];
	uint8_t multi_round;           /* has rows in more than one round (or none and one) */
	uint8_t credited;              /* 1 << RP_*: code[] holds the rater's verdict on another system's
					  equal answer (rp_load_labels()): counts for this system, not
					  again in agreement */
	int32_t next;                  /* next judgement of the same item, -1 */
	int32_t rel;                   /* n_ranks relevance codes at rel_codes[rel], -1 */
	int32_t extra;                 /* extra_gold value in extras[], -1 */
	int32_t cust;                  /* project scheme codes at cust_codes[cust] (rp_cust_size()), -1 */
	int32_t cust_seconds;          /* seconds of the project tasks at cust_seconds[...], -1 */
	uint32_t tasks;                /* 1 << task: a row of that task applies (given here or on its unit) */
	uint32_t given;                /* 1 << task: a row of that task was given on this item */
	uint32_t notes;                /* 1 << task: has a text value (note, ...) in that task */
	int64_t round;                 /* round of its first row, 0 outside rounds */
	double seconds[TASK__COUNT];   /* sum over the rows given here (history included) */
};

struct rp_rater {
	int64_t id;
	char *name;
	int adjudicator;
	int distrusted;                /* left out of the consensus layers */
};

struct rp_data {
	struct rp_task tasks[RP_MAX_TASKS];
	size_t n_tasks;
	uint32_t selected;             /* tasks whose labels are read: --task, else all */
	struct rp_cfield *cfields;
	size_t n_cfields, n_cf_item, n_cf_passage;
	const struct scheme_field *cat_field[RP_NCAT];   /* rp_cat_field(), once rp_load_tasks() has run */
	const struct scheme_field *turn_relevance;       /* the built-in turn task's relevance field (idem) */
	struct rp_role relevance, correctness, plausibility, faithfulness;   /* rp_find_roles() */
	char **conversations;
	size_t n_conversations;
	char **systems;
	size_t n_systems;
	struct rp_turn *turns;
	size_t n_turns;
	struct rp_item *items;
	size_t n_items;
	int64_t *passages;             /* retrieved passage ids by item and rank */
	size_t n_passages;
	uint8_t *passage_first;        /* per passages[]: the first place of that passage in its turn
					  (rp_unit_places()) */
	int64_t *answer_keys;          /* per item: store_answer_key() (rp_unit_places()) */
	uint8_t *answer_first;         /* per item: the first of its turn with that answer key */
	char **gold_answers;
	size_t n_gold_answers;
	int64_t *gold_passages;        /* passage ids; unknown ext ids get ids < 0 */
	int32_t *gold_grades;          /* per gold passage: its grade (>= 1) */
	size_t n_gold_passages;
	struct rp_rater *raters;       /* the selected raters, by name */
	size_t n_raters;
	struct rp_judgement *judgements;
	size_t n_judgements;
	int8_t *rel_codes;
	size_t n_rel_codes;
	int8_t *cust_codes;
	size_t n_cust_codes;
	double *cust_seconds;
	size_t n_cust_seconds;
	char **extras;                 /* extra_gold values */
	size_t n_extras;
	long label_rows;               /* rows read in the selection */
	long control_rows;             /* rows of control items left out (their rater's, in their round) */
	uint32_t tasks_seen;           /* 1 << task for every task with label rows */
	int max_position;
	/* passage ids for ext ids outside the collection */
	struct strmap unknown_ext;
	struct strmap scheme_names;    /* every task the project has a scheme of, read or not */
	char **unknown_names;
	size_t n_unknown;
	struct rp_arena *arena;
};

/* The tasks of the report: the built-in schemes, then the project's (those
 * o->schemes names, or every one); ST_INPUT for a name the project lacks.
 * Sets d->tasks, d->cfields and d->selected. Call before rp_load_items(),
 * which keeps them. */
enum status rp_load_tasks(struct store *s, const struct report_options *o, struct rp_data *d,
			  struct error *err);
/* Load the project in two steps: raters (those in o->raters), items, their
 * passages and gold; then the labels of round round_id (0 = all) of the
 * tasks in o->tasks: each judgement holds a rater's current values (with
 * round_id 0, the most recent label over every round that is not cleared).
 * The loader is freed with rp_loader_free(). */
struct rp_loader;
enum status rp_load_items(struct store_reader *s, const struct report_options *o, struct rp_data *d,
			  struct rp_loader **loader, struct error *err);
enum status rp_load_labels(struct rp_loader *loader, int64_t round_id);
/* Before rp_load_labels(loader, 0): only the rows of these rounds (borrowed). */
void rp_loader_rounds(struct rp_loader *loader, const int64_t *rounds, size_t n);
/* Before rp_load_labels: leave out the rows of open_rounds (borrowed) that
 * rater viewer (an id) did not give (report_options.blind_for). */
void rp_loader_blind(struct rp_loader *loader, int64_t viewer, const int64_t *open_rounds, size_t n_open);
void rp_loader_free(struct rp_loader *loader);
void rp_release(struct rp_data *d);
/* Whether judgement j holds a current value of a field of the tasks in mask. */
int rp_judgement_labelled(const struct rp_data *d, const struct rp_judgement *j, uint32_t mask);
/* The seconds judgement j's rows of task hold (given on its item). */
double rp_seconds(const struct rp_data *d, const struct rp_judgement *j, size_t task);
/* Codes of the project schemes' fields per judgement of item it: one per
 * field of an item, n_ranks per field of a passage. */
size_t rp_cust_size(const struct rp_data *d, const struct rp_item *it);
/* The offset of field cf (at rank, for a passage field) in such a block;
 * -1 when the item has no such rank. */
long rp_cust_offset(const struct rp_data *d, const struct rp_item *it, const struct rp_cfield *cf, long rank);
/* Find where the units of kind u are counted once (once per kind): for
 * UNIT_PASSAGE d->passage_first, for UNIT_ANSWER d->answer_keys and
 * d->answer_first; the other kinds need nothing. */
void rp_unit_places(struct rp_data *d, enum scheme_unit u);
/* Whether (item, rank) is the place a unit of kind u is counted once at:
 * the turn's first item, the first place of a passage in its turn, the
 * first item of the turn with that answer, every item (a response).
 * rp_unit_places(d, u) first. */
int rp_unit_first(const struct rp_data *d, enum scheme_unit u, size_t item, long rank);
/* The task index of name, or -1. */
int rp_task_index(const struct rp_data *d, const char *name);
/* d->relevance, correctness, plausibility and faithfulness: the fields of
 * those roles in the first task of shown (1 << task) that has one. After rp_load_labels(), before
 * rp_layer_build(). */
void rp_find_roles(struct rp_data *d, uint32_t shown);
/* The tasks shown: those given with --task, else those with labels. */
uint32_t rp_tasks_given(const struct report_options *o, const struct rp_data *d);
char *rp_strdup(struct rp_data *d, const char *s);
/* Passage ids of an extra_gold value (ids separated by spaces or commas)
 * appended to *ids (count *n, capacity *cap). */
enum status rp_extra_ids(struct store_reader *s, struct rp_data *d, const char *value, int64_t **ids,
			 size_t *n, size_t *cap, struct error *err);

/* A categorical field of the built-in schemes (d->tasks), and the code
 * (category index) of value in it, -1 when it is none of its values. */
const struct scheme_field *rp_cat_field(const struct rp_data *d, enum rp_cat f);
int rp_cat_code(const struct rp_data *d, enum rp_cat f, const char *value);

/* ---- label layers (report_consensus.c) ---------------------------------------- */

/* One observation: an item with the values of one layer (a rater's
 * judgement, or the consensus of several). */
struct rp_obs {
	uint32_t item;
	int32_t rater;                 /* rater index; -1 for a consensus */
	int32_t judgement;             /* the judgement (rater layers), -1 */
	int8_t code[RP_NCAT];          /* value, RP_UNSET or RP_NO_CONSENSUS */
	int32_t rel;                   /* relevance codes at layer rel[], -1 none */
	int32_t cust;                  /* project scheme codes at layer cust[], -1 none */
	int32_t R;                     /* known relevant passages of the turn in this layer */
	int32_t ideal;                 /* graded relevance: the grades of the passages known relevant (or
					  graded above 0) of the turn in this layer, best first, at
					  layer ideal[ideal]; -1 none */
	int32_t n_ideal;
	uint8_t rel_no_consensus;      /* some rank without consensus */
	uint8_t turn_labelled;         /* has a turn-task label (a consensus: some rater's) */
	int8_t intent_group;           /* 0..2 the layer's intent (gold as fallback), 3 none */
};

struct rp_layer {
	enum report_consensus kind;
	const char *name;              /* for the header */
	struct rp_obs *obs;            /* ordered by item */
	size_t n_obs;
	const int8_t *rel;             /* relevance codes the obs point into */
	int8_t *own_rel;               /* consensus layers: their own codes */
	size_t n_own_rel;
	const int8_t *cust;            /* project scheme codes the obs point into */
	int8_t *own_cust;
	size_t n_own_cust;
	/* items without consensus, per categorical field and for relevance */
	long no_consensus[RP_NCAT], rel_no_consensus_items;
	long rel_no_consensus_units;   /* passages (pooled: once per turn) */
	long adjudicated[RP_NCAT];     /* values settled by an adjudicator */
	int8_t *ideal;                 /* the obs' ideal grades (graded relevance) */
	size_t n_ideal, cap_ideal;
};

enum status rp_layer_build(struct store_reader *s, struct rp_data *d, const struct report_options *o,
			   struct rp_layer *layer, struct error *err);
void rp_layer_release(struct rp_layer *layer);
/* The code (category index) of d->relevance at rank (1-based) of ob, and of
 * d->correctness of ob; RP_UNSET, or RP_NO_CONSENSUS in a consensus layer. */
int rp_rel_code(const struct rp_data *d, const struct rp_layer *L, const struct rp_obs *ob, long rank);
int rp_correct_code(const struct rp_data *d, const struct rp_layer *L, const struct rp_obs *ob);
/* The code of the field of role (not relevance: a field of an item) in ob. */
int rp_role_code(const struct rp_data *d, const struct rp_layer *L, const struct rp_obs *ob,
		 const struct rp_role *role);

/* ---- sections (the table in report.c; one report_sec_<name>.c each) ------------ */

/* What report_build() hands a section's applies() and build(). */
/* A layer of one value per item from several raters (majority,
 * adjudicated, discard): units without a consensus are counted apart. */
static inline int rp_is_consensus(enum report_consensus kind)
{
	return kind == REPORT_CONSENSUS_MAJORITY || kind == REPORT_CONSENSUS_ADJUDICATED ||
	       kind == REPORT_CONSENSUS_DISCARD;
}

struct rp_ctx {
	struct store_reader *store;
	struct store *db;              /* the project (what the reader reads) */
	int64_t round_id;              /* --round's, else 0 */
	const struct report_options *o;
	struct rp_data *d;
	struct rp_layer *layer;        /* empty unless a selected section needs RP_NEED_LAYER */
	struct report *r;
	struct error *err;
	int round_given;
	uint32_t shown;                /* 1 << task of the tasks shown: --task, else those labelled */
	const double *auto_val;        /* per item: rp_auto_scores() (RP_NEED_AUTO_SCORES) */
	const uint8_t *auto_scored;    /* per item: has a gold answer */
};

/* What a section needs report_build() to prepare before the sections run. */
enum rp_need {
	RP_NEED_LAYER = 1,             /* the label layer of --consensus (c->layer) */
	RP_NEED_R = 2,                 /* gold passages, and R of every observation of the layer */
	RP_NEED_GOLD_ANSWERS = 4,      /* the gold answers (d->gold_answers) */
	RP_NEED_AUTO_SCORES = 8,       /* c->auto_val: the automatic metrics of every item */
};

/* A section of the report: one row of the table in report.c. */
struct rp_section {
	const char *name;              /* --only NAME; also its section id and timing phase */
	enum report_section bit;       /* its bit in report_options.sections */
	unsigned needs;                /* RP_NEED_* */
	/* whether it has something to say on this project (NULL: always) */
	int (*applies)(const struct rp_ctx *c);
	/* add its section(s) to c->r; ST_OK, or an error in c->err */
	enum status (*build)(struct rp_ctx *c);
};

/* The RP_NEED_* of the sections o selects. */
unsigned rp_needs(const struct report_options *o);

/* The builders (and the predicates that are not shared), one file each. */
enum status rp_answers(struct rp_ctx *c);
int rp_preferences_applies(const struct rp_ctx *c);
enum status rp_preferences(struct rp_ctx *c);
enum status rp_retrieval(struct rp_ctx *c);
enum status rp_verdicts(struct rp_ctx *c);
int rp_automatic_applies(const struct rp_ctx *c);
enum status rp_automatic(struct rp_ctx *c);
/* Seed 001's reader accuracy table (report_sec_reader.c) over the items
 * scored[] marks. */
void rp_reader_table(const struct rp_ctx *c, struct rsection *sec, const uint8_t *scored);
int rp_schemes_applies(const struct rp_ctx *c);
enum status rp_schemes(struct rp_ctx *c);
enum status rp_time(struct rp_ctx *c);
enum status rp_agreement(struct rp_ctx *c);
int rp_controls_applies(const struct rp_ctx *c);
enum status rp_controls(struct rp_ctx *c);
int rp_compare_applies(const struct rp_ctx *c);
enum status rp_compare(struct rp_ctx *c);
/* A retrieval metric of section retrieval for --compare --metric: "mrr",
 * "map", "hr@K", "p@K", "r@K", "ndcg@K" (K 1..1000) into *metric (an
 * enum of report_sec_retrieval.c) and *k (0 without a cutoff); -1 for
 * another name. */
int rp_retrieval_metric_parse(const char *name, int *metric, size_t *k);
/* That metric of observation ob, as section retrieval computes it: 1 and
 * *v when ob has relevance labels and a consensus on every passage, else 0. */
int rp_retrieval_value(const struct rp_data *d, const struct rp_layer *L, const struct rp_obs *ob, int metric,
		       size_t k, double *v);
/* What section compare needs besides the layer (RP_NEED_*): the gold
 * answers and automatic scores of the metric it compares. */
unsigned rp_compare_needs(const struct report_options *o);

/* Automatic answer metrics of every item with a gold answer: val[item *
 * RP_N_AUTO + m] for m over auto_metrics[] of report_sec_automatic.c,
 * scored[item] = 1. Touches only items, turns and gold answers, so it may
 * run in a second thread while the labels load. */
#define RP_N_AUTO 6
void rp_auto_scores(const struct rp_data *d, const struct report_options *o, double *val,
		    uint8_t *scored);

/* Scores imported with convqa import-scores (report_imported.c): names
 * ordered, val[item * n_names + k] the item's score k, NAN where none. */
struct rp_imported {
	size_t n_names;
	char **names;
	double *val;
};
enum status rp_imported_load(const struct rp_ctx *c, struct rp_imported *im);
void rp_imported_release(struct rp_imported *im);
/* Section automatic's tables of imported scores: the mean per system, and
 * by turn depth with --by turn; only the items with a label in the
 * selection when scope. Nothing without imported scores. */
void rp_imported_tables(const struct rp_ctx *c, struct rsection *sec, const struct rp_imported *im, int scope);
/* Section automatic's table "thresholds" (report_threshold.c): each score
 * of --threshold as a judgement of correctness against each rater and the
 * consensus (Cohen's kappa). Nothing without --threshold; ST_INPUT for a
 * score the project has not imported or without a field of role
 * correctness. */
enum status rp_threshold_table(const struct rp_ctx *c, struct rsection *sec, const struct rp_imported *im,
			       int scope);

/* ---- breakdowns of the sections on a layer (report_groups.c) ------------------------ */

/* A breakdown: its REPORT_BY_* bit, table id and title, and the name of
 * its group column. */
struct rp_grouping {
	enum report_by by;
	const char *table, *title, *label;
};

#define RP_N_GROUPINGS 6
extern const struct rp_grouping rp_groupings[RP_N_GROUPINGS];

/* How many groups breakdown by has (group indexes 0 .. n-1). */
size_t rp_n_groups(const struct rp_ctx *c, enum report_by by);
/* The group of observation ob, or -1 when it has none (rater of a consensus). */
long rp_group_of(const struct rp_ctx *c, enum report_by by, const struct rp_obs *ob);
/* The name of group g (a turn depth, a conversation, ...) into buf[size]. */
void rp_group_name(const struct rp_ctx *c, enum report_by by, size_t g, char *buf, size_t size);
/* Whether a section breaks down by rp_groupings[gi]: asked for by --by, and
 * by rater only without consensus. The "all" row comes first, always. */
int rp_grouping_wanted(const struct rp_ctx *c, size_t gi);
/* What a layer's observations are: "judgements" or "items". */
const char *rp_unit_name(const struct rp_ctx *c);
/* The note of a section that was asked --by rater with a consensus. */
void rp_by_rater_note(const struct rp_ctx *c, struct rsection *sec);

#endif
