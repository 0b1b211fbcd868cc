/*
 * app_internal.h - shared by the app*.c files of src/tui/ only: the calls
 * one part of the UI state makes into another. The views see struct app
 * through tui_internal.h and change it through app_do(); they never call
 * these.
 *
 * The parts (each the only one of its concern):
 *   app.c             the core: the view stack, loading the item shown,
 *                     moving between items, auto-advance, the item list's
 *                     rows, app_init/app_release and the request dispatcher
 *   app_save.c        saving labels (each its own transaction) with active
 *                     time, the queue's finished items, undo (this
 *                     session's, then the label history's)
 *   app_evidence.c    the item's evidence paragraph, its pieces and their
 *                     focus
 *   app_guidelines.c  the guidelines' text and showing it once per rater,
 *                     task and version at the start
 *   app_adjudicate.c  adjudication: the round's disagreements as the queue
 *
 * app_save.c, app_evidence.c, app_guidelines.c and app_adjudicate.c call
 * down into the store and into app.c's view stack and loading only;
 * app.c's init and dispatcher call up into them.
 */
#ifndef CONVQA_TUI_APP_INTERNAL_H
#define CONVQA_TUI_APP_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "convqa/common.h"

struct app;
struct request;
struct scheme_field;
struct item_row;
struct store_item;
struct store_item_labels;
struct turn_view;
struct view_ops;

/* ---- app.c ---------------------------------------------------------------- */

/* A fatal error: kept in app->err, the loop ends. */
void app_fail(struct app *app, const struct error *err);
/* Open ops on top of the view stack (on a full stack: in place of the top). */
void app_push(struct app *app, const struct view_ops *ops, long arg);
/* Close every view but the item view at the bottom. */
void app_pop_to_base(struct app *app);
/* Show queue item pos: its item, the rater's labels, its evidence. 0, or -1
 * after a fatal error (app_fail). */
int app_load(struct app *app, size_t pos);

/* The item's texts made inert for the screen (text_sanitize); blind: its
 * passages' retrieval scores dropped. */
void app_sanitize_item(struct store_item *it);
void app_blind_item(struct store_item *it);

/* ---- app_pair.c: the pair screen's session (a pairwise task) ---------------- */

/* The rater's queue of pairs in the round, the first unfinished shown on
 * view_pair (app->pairs). */
enum status app_init_pairs(struct app *app, struct error *err);
/* Adjudication of pairs (app_pair_adjudicate.c): the disagreements as the
 * session's items; the disputed field of the item shown (in app->scheme);
 * the first unsettled one from place from on, round the queue (p->n: none). */
enum status app_pair_read_disagreements(struct app *app, struct error *err);
size_t app_pair_next_unsettled(const struct app *app, size_t from);
/* Field f of it's pair saved as value: the pair's other disagreements
 * (other fields in dispute) show it too. */
struct store_pair_item;
void app_pair_settled_elsewhere(struct app *app, const struct store_pair_item *it, const struct scheme_field *f,
				const char *value);
void app_pairs_release(struct app *app);
/* The current value of field on the pair shown, as the rater sees it: a
 * preference names the side ("a": the answer shown left or on top). */
const char *app_pair_label(const struct app *app, const char *field);
void app_pair_save_text(struct app *app, const struct scheme_field *f, const char *text);
/* Carry out r on the pair screen; 0 when it is not the pair screen's to
 * carry out (quit, help, guidelines, a pop: the common ones). */
int app_pair_do(struct app *app, const struct request *r);
/* The item list's row of pair pos (app_item_row); the first pair not judged
 * at or after from, else from the start (n: every pair is). */
int app_pair_row(struct app *app, size_t pos, struct item_row *row);
size_t app_pair_unfinished(struct app *app, size_t from);

/* ---- app_save.c ----------------------------------------------------------- */

/* The label requests on the item shown (f asked of it); each says in the
 * message what it saved, or why not. */
void app_set_value(struct app *app, const struct scheme_field *f, size_t cat);
void app_toggle_rank(struct app *app, const struct scheme_field *f, long rank);
/* A rank key: as app_toggle_rank, but a value relevant on another answer of
 * the turn stays so (the status line says where it was judged). */
void app_mark_rank(struct app *app, const struct scheme_field *f, long rank);
void app_set_rest(struct app *app, const struct scheme_field *f);
/* Save value (NULL clears) as f's value of the item shown (rank 0):
 * undoable; the message says what was saved. 0 when saved, else -1 (the
 * message says why). */
int app_save_value(struct app *app, const struct scheme_field *f, const char *value);
/* u: this session's last change (one key's worth), else the last one
 * saved before it, read from the label history. */
void app_undo(struct app *app);

/* ---- app_evidence.c ------------------------------------------------------- */

/* The evidence of response id into the turn view's evidence, its marks and
 * pieces (freed and read again at each item; turn_close() frees the last). */
enum status app_load_evidence(struct app *app, int64_t id, struct error *err);
void app_free_evidence(struct turn_view *t);
/* With the turn view's show_spans, the marks of the evidence spans stored
 * for response id in the passages of the item shown (its span_mark), else
 * none; freed and read again at each item. */
enum status app_load_span_marks(struct app *app, int64_t id, struct error *err);
void app_free_span_marks(struct turn_view *t);
/* Move the focus on the evidence's pieces (a screen with no passages). */
void app_move_evidence_focus(struct app *app, long delta);
/* Open the passage behind the focused piece, scrolled to it. */
void app_open_evidence_piece(struct app *app);

/* ---- app_guidelines.c ----------------------------------------------------- */

/* app->guidelines: the text the guidelines screen shows. */
enum status app_init_guidelines(struct app *app, struct error *err);
/* Whether the guidelines are shown at the start (*show) and what the screen
 * says first (*notice: GUIDELINES_*); app_shown() records them as seen. */
enum status app_guidelines_first_start(struct app *app, int *show, int *notice, struct error *err);

/* ---- app_adjudicate.c ----------------------------------------------------- */

/* The round's disagreements as the queue (opt->adjudication). */
enum status app_init_disagreements(struct app *app, struct error *err);
/* Whether disagreement pos is settled by the adjudicator's labels l of its item. */
int app_settled(const struct app *app, size_t pos, const struct store_item_labels *l);
/* Whether label request r is of the field and passage in dispute. */
int app_disputed_label(const struct app *app, const struct request *r);

#endif
