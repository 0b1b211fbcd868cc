/* tui_state.h - part of tui_internal.h: the state (struct app, struct
 * turn_view) and every change to it (app*.c).
 * Include tui_internal.h, which includes the parts in order (each relies
 * on those before it), not this file. */
#ifndef CONVQA_TUI_STATE_H
#define CONVQA_TUI_STATE_H

/* ---- state ---------------------------------------------------------------- */

/* What the screens show for what an import did not give: a turn's
 * question, a passage's text (known by its id only). */
#define TUI_NO_QUESTION "(no question text)"
#define TUI_ID_ONLY "(text not imported: id only)"

#define VIEW_STACK 6
#define UNDO_MAX 10000
#define IDLE_SECONDS 120.0
#define MIN_COLS 40
#define MIN_LINES 12

enum status_kind { MSG_INFO, MSG_SAVED, MSG_ERROR };

struct undo_entry {
	size_t pos;                        /* queue position of the item */
	unsigned long group;               /* one key's changes share a group: one u undoes them */
	const struct scheme_field *field;
	long rank;
	char *old_value, *new_value;       /* NULL = unset */
};

/* The private state of the turn view, the view at the bottom of the stack
 * (view_item; view_adjudicate in adjudication): what it shows of the item
 * and how. Set up by turn_open() (history shown), released by
 * turn_close(); the views above it (the passage pane, the note's editor)
 * and the app*.c files reach it through app_turn(). */
struct turn_view {
	int focus;                         /* index into item.passages; the passage pane shows it */
	int show_history, show_rewrite;
	char *evidence;                    /* the scheme shows evidence: the item's evidence
					    * paragraph (spans_paragraph), sanitised; NULL: no
					    * stored spans */
	unsigned char *evidence_mark;      /* 1 under each byte of evidence that is a word
					    * of the answer (spans_mark_answer); NULL: none */
	size_t evidence_pieces;            /* its pieces (spans merged per passage) */
	struct evidence_piece {
		int passage;               /* index into item.passages; -1: not in its ranking */
		size_t at, end;            /* where the piece is in its (sanitised) text */
		size_t para_at;            /* where it begins in evidence */
	} *evidence_piece;                 /* [evidence_pieces] */
	size_t evidence_focus;             /* the piece the open key opens (no passages shown) */
	size_t evidence_passages;          /* the passages they are in */
	int show_spans;                    /* the evidence spans highlighted in the passages */
	unsigned char **span_mark;         /* with show_spans, per item.passages[i]: 1 under each
					    * byte of its text in a stored span; NULL: none */
	size_t n_span_mark;                /* its length: the item's passages */
	size_t span_passages;              /* the passages with a span */

	char *text_kept;                   /* a text the project refused: its edit key edits it again */
	const struct scheme_field *text_kept_field;
};

/* The turn view's state (the bottom view's private state: a turn view is
 * at the bottom from app_init() on). Not const: the passage pane moves its
 * focus; draw() only reads it. */
struct turn_view *app_turn(const struct app *app);
/* The turn views' open() and close() (src/tui/app.c). */
int turn_open(struct app *app, struct view *view, long arg);
void turn_close(struct app *app, struct view *view);

struct app {
	struct store *store;
	const struct tui_options *opt;
	struct scheme *scheme;             /* the session's (opt->scheme), its texts made inert:
					    * owned (scheme_copy_inert) */
	const char *task_name;             /* its name */
	struct keymap keys;                /* its keys, then the fixed ones */

	struct store_queue queue;
	size_t cur;                        /* queue position of the item shown */
	struct store_item item;            /* sanitised for display */
	struct store_item_labels labels;   /* current values (raw) */
	int answer_empty;                  /* the item's answer is blank: skip_when_empty fields are not asked */
	const struct scheme_field *field_focus; /* the focused field (scheme_field_focused) in focus,
					    * asked of the item: a key it shares sets it; NULL: none */

	struct view views[VIEW_STACK];     /* [0]: the turn view (view_item, view_adjudicate) */
	int n_views;

	char message[512];
	enum status_kind message_kind;

	struct undo_entry *undo;
	size_t n_undo, cap_undo;
	unsigned long undo_group;          /* the group of the next change */
	int in_group;                      /* 1 while one key saves several changes */
	struct pair_session *pairs;        /* a pairwise task: its queue of pairs (app_pair.c);
					    * NULL: a queue of items */
	struct store_item_history *history; /* the rater's label history, for undo after this
					     * session's: NULL until a u reaches it (owned) */
	int64_t data_version;              /* the project's (store_data_version) when the labels
					    * shown were last read; 0: not yet */
	int round_closed_told;             /* the screen saying the round was closed was shown */

	char *guidelines;                  /* sanitised, never NULL */
	int guidelines_given;              /* from a file or the project's */
	int64_t guidelines_id;             /* the project's version shown, 0: none */
	char guidelines_hash[65];          /* recorded as seen once the screen shows them */
	int guidelines_unseen;

	int auto_advance;                  /* a change that finishes the item shown moves on */
	int finished_now;                  /* the request's change finished the item shown */

	struct loop loop;                  /* file descriptors and deadlines the loop waits on */
	double last_input, active;         /* active seconds on the current item */
	int colours;
	int chatting;                      /* the chat screen (opt->chat) until F2 ends it */
	int quit;
	struct error err;                  /* a fatal error ends the loop */
	int failed;
	/* the write-ahead log copied into the project while idle (app_save.c) */
	unsigned long checkpoint_timer;    /* its deadline (loop_at), 0: none */
	long checkpoints;                  /* how many ran, and their time (CONVQA_TIMING) */
	double checkpoint_ms_sum, checkpoint_ms_max;
	/* the next item read ahead while idle (app_save.c) */
	unsigned long read_ahead_timer;    /* its deadline (loop_at), 0: none */
	long read_aheads;                  /* how many ran (CONVQA_TIMING) */
};

/* A pairwise task's session (app_pair.c; view_pair draws it): the rater's
 * pairs in queue order, the pair shown with its two answers as the rater
 * sees them (left: shown left or on top), sanitised, and this session's
 * changes for undo. */
struct pair_undo {
	size_t pos;
	const struct scheme_field *field;
	char *old_value, *new_value;       /* as stored (names the systems); NULL: unset */
};
struct pair_session {
	struct store_pair_item *items;     /* a window of the queue: places base .. base + n_win - 1,
					    * app->cur among them (store_pair_window) */
	size_t n_win, base;
	size_t n, n_done;                  /* the queue's size, the pairs done (store_pair_done_open) */
	struct store_pair_key key;
	const char **deciding;             /* the fields a pair is done with (key.fields) */
	const char **asked;                /* per field of app->scheme: its name if it judges pairs, else NULL */
	struct store_item left, right;     /* the pair shown (app->cur) */
	const struct scheme_field *pref;   /* the preference field (role), in app->scheme */
	const struct scheme_field *reason; /* a text field of the pair, or NULL */
	int show_passages;                 /* the answers' passages unfolded */
	int scroll;                        /* rows scrolled in the answers */
	struct pair_undo *undo;
	size_t n_undo, cap_undo;
	int adjudicating;                  /* convqa adjudicate: the queue is the round's disagreements
					    * over pairs (opt->adjudication, item i: disagreement i), all
					    * in the window; done = settled (app_pair_adjudicate.c) */
};
/* Two answers as the pair screen shows them (view_pair.c), in rows y ..
 * bottom - 1: side by side from 120 columns, else left on top; titled "A"
 * and "B" (with their systems under --show-systems); their passages
 * unfolded or counted; scrolled by scroll rows. The arena (view_arena.c)
 * draws with it too. */
void pair_draw_answers(const struct app *app, const struct store_item *left, const struct store_item *right, int y,
		       int bottom, int show_passages, int scroll);
/* Adjudication of pairs: the dispute below the answers (view_pair_dispute.c),
 * its rows (0 when not adjudicating), drawn from row y. */
int pair_dispute_rows(const struct app *app);
/* The disputed field of the pair shown, in app->scheme (app_pair_adjudicate.c). */
const struct scheme_field *app_pair_disputed(const struct app *app);
void pair_draw_dispute(const struct app *app, int y);
/* The category index of value of field f as the pair shown puts it (0: the
 * left or upper answer, 1: the other, ...), or -1: none. */
int app_pair_side(const struct app *app, const struct scheme_field *f, const char *value);
/* The category index of the pair shown's preference as the rater sees it
 * (0: the left answer, 1: the right one, ...), or -1: none. */
int app_pair_shown(const struct app *app, size_t pos);

/* The view on top of the stack: the screen shown. */
const struct view *app_view(const struct app *app);
/* The window's size changed: every view on the stack gets REQ_RESIZED
 * (the list reads the rows it shows now). */
void app_resized(struct app *app);
enum status app_init(struct app *app, struct store *s, const struct tui_options *opt, struct error *err);
void app_release(struct app *app);
/* The first screen is on the terminal: record what the rater has seen. */
void app_shown(struct app *app);
/* Before a key is acted on: when another process changed the project (the
 * rater's convqa label, an import), read the labels of the item shown
 * again, so that the key acts on what the project holds. */
void app_notice_changes(struct app *app);
/* After a key: when saves left pages in the write-ahead log, copy them
 * into the project once the rater has pressed nothing for a while, not in
 * a key's save: after APP_CHECKPOINT_IDLE_S with APP_CHECKPOINT_PAGES
 * pending or more, else after APP_CHECKPOINT_LONG_IDLE_S (each copy
 * restarts the log, whose next commit syncs its header too: a copy a few
 * dozen saves, not one a save). */
#define APP_CHECKPOINT_IDLE_S 0.2
#define APP_CHECKPOINT_LONG_IDLE_S 3.0
#define APP_CHECKPOINT_PAGES 500
/* ... and, APP_READ_AHEAD_S after a key on the turn screen, read the next
 * item of the queue and the rater's labels of it once, so that its pages
 * are in memory when the rater moves on (a project bigger than the page
 * cache keeps can otherwise make the next key wait for the disk). */
#define APP_READ_AHEAD_S 0.05
void app_key_done(struct app *app);
/* Account for an input at time now (seconds), then carry out the request:
 * the top view's act() first, then the rest. */
void app_input(struct app *app, double now);
void app_do(struct app *app, const struct request *r);
/* Save text as the item's value of text field f (spaces around it
 * trimmed; empty clears it). When the project refuses it, the text is kept
 * for the next time f's editor opens. */
void app_save_text(struct app *app, const struct scheme_field *f, const char *text);
/* Whether f is asked of the item shown: not a skip_when_empty field when
 * its answer is empty. */
int app_field_asked(const struct app *app, const struct scheme_field *f);
/* The focused field (scheme_field_focused) asked of the item shown that is
 * delta (+1 / -1) fields after / before the one in focus in the scheme's
 * order (delta 0: the first); NULL when there is none. */
const struct scheme_field *app_field_focus_step(const struct app *app, int delta);
/* The rater's label counts (cb per field and value) and active seconds in
 * this task and round, for the summary. 0, or -1 after a fatal error (the
 * loop ends). */
int app_summary(struct app *app, store_item_count_cb cb, void *ctx, double *seconds);
/* What the item list shows of the item at queue position pos: its texts
 * sanitised to one line; conversation NULL until read. */
struct item_row {
	size_t pos;
	char *conversation, *question, *system;
	int position, n_turns;             /* the turn, and the turns of its conversation */
	int answer_index, n_answers;       /* the answer's place among the turn's (as on the item screen) */
	int labelled;                      /* some field has a value on it (the rater's, in this round) */
	int finished;                      /* the queue's flag when the row was read */
};
/* The first unfinished item at or after from, else from the queue's start
 * (*p; n when every item is finished); the item shown stays in the
 * queue's memory. 0, or -1 after a fatal error. */
int app_find_unfinished(struct app *app, size_t from, size_t *p);
/* The item shown back in the queue's memory (after reading other items of
 * it): 0, or -1 after a fatal error. */
int app_queue_home(struct app *app);
/* What the queue holds, as the header and the prompts name it:
 * "disagreement" (adjudication), "pair" (a pairwise task) or "item". */
const char *app_queue_unit(const struct app *app);

/* Read row pos of the queue into row (caller releases with
 * item_row_release()): the queue's window may move to it (the caller
 * brings it back with app_queue_home() when its rows are read). 0, or -1
 * after a fatal error (the loop ends). */
int app_item_row(struct app *app, size_t pos, struct item_row *row);
void item_row_release(struct item_row *row);
void app_message(struct app *app, enum status_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The current value of field (rank 0 = whole item). */
const char *app_label(const struct app *app, const char *field, long rank);
/* Adjudication (opt->adjudication): the disagreement shown (the queue's
 * items are the round's disagreements, each on its item; app_label() reads
 * the adjudicator's values); NULL when annotating. */
const struct store_disagreement *app_disagreement(const struct app *app);
/* The place of queue item pos's answer among its turn's answers as this
 * rater sees them: *index (1-based) of *n (blind: "Answer 2 of 3"). */
void app_answer_place(const struct app *app, size_t pos, int *index, int *n);
/* Adjudication: the focus on the disputed passage (a passage field's),
 * where its label keys act. */
void app_focus_disputed(struct app *app);

#endif
