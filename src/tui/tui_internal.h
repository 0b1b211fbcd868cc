/*
 * tui_internal.h - shared by the files of src/tui/ only (the only code that includes
 * curses).
 *
 * The parts:
 *   actions.c    the action table (X-macro below), default key bindings as
 *                data, key names; help screen and README key table come from it;
 *                requests, scrolling (struct pager)
 *   app.c        the state and every change to it: items, labels, undo, time,
 *                the view stack (push opens a view, pop closes it)
 *   draw.c       drawing helpers: sanitised, width-aware text, rules, wrapping
 *   draw_item.c  the item screen, drawn from a struct item_screen: the item
 *                views of every task share it
 *   loop.c       the sources the loop waits on besides keys: file
 *                descriptors and deadlines
 *   tui.c        terminal setup/restore, signals, resize, the loop, script mode
 *   view_*.c     one file per screen, each a struct view_ops
 *
 * The loop waits (poll) on the keyboard, the watched file descriptors and
 * the earliest deadline; a key is read as soon as it comes. A key -> its
 * action -> the top view's handle() returns a request (intent) -> the top
 * view's act() carries out what concerns its own state -> app_do() the rest
 * -> the top view's draw() paints the state. A deadline or a ready file
 * descriptor runs its callback, then the screen is drawn. draw() reads
 * state only; it never changes it and never touches the store. Views never
 * run SQL: app.c calls store.h and store_item.h.
 *
 * A view on the stack is a struct view: its ops and its private state
 * (ops->private_size bytes, zeroed, allocated when it is pushed and freed
 * when it is popped; open() sets it up from the push request's arg, close()
 * releases what open() took: memory, file descriptors, deadlines). State
 * that outlives a view or is shared (the item, labels, undo, the message,
 * the focused passage) stays in struct app.
 *
 * Adding a view:
 *   1. write view_<name>.c defining `const struct view_ops view_<name>`:
 *      draw and handle; private_size, open, close and act if it has state
 *      of its own; deadlines and file descriptors through the loop_*
 *      calls below, given up in close();
 *   2. declare it below and add tui/view_<name>.o to TUI_OBJS in the Makefile;
 *   3. push it: a request with REQ_PUSH from a view's handle(), or, for the
 *      item screen of a task kind, a row in item_views[] in app.c (with
 *      ITEM_VIEW and a struct item_screen when the standard item screen fits);
 *   4. add a scripted screen test in tests/ui/ and a line in the README's
 *      screen list.
 */
#ifndef CONVQA_TUI_INTERNAL_H
#define CONVQA_TUI_INTERNAL_H

#include <curses.h>
#include <stdint.h>

#include "convqa/model.h"
#include "convqa/store_item.h"
#include "convqa/strbuf.h"
#include "convqa/tui.h"

struct app;
struct input;
struct view;

/* ---- actions ------------------------------------------------------------ */

/* Which tasks an action applies to. */
#define T_TURN (1u << TASK_TURN)
#define T_PLAUS (1u << TASK_PLAUSIBILITY)
#define T_FAITH (1u << TASK_FAITHFULNESS)
#define T_ALL (T_TURN | T_PLAUS | T_FAITH)

/* X(ID, name, group, tasks, field, value, help)
 * field/value: actions that set a label value (checked against
 * model_fields[] at start-up); NULL for the others. */
#define ACTIONS(X) \
	X(INTENT_EXTRACTIVE, "intent-extractive", "Label", T_TURN, "intent", "extractive", "question intent: extractive") \
	X(INTENT_ABSTRACTIVE, "intent-abstractive", "Label", T_TURN, "intent", "abstractive", "question intent: abstractive") \
	X(INTENT_BOOLEAN, "intent-boolean", "Label", T_TURN, "intent", "boolean", "question intent: boolean") \
	X(ANSWER_CORRECT, "answer-correct", "Label", T_TURN, "answer_correct", "1", "the answer is correct") \
	X(ANSWER_INCORRECT, "answer-incorrect", "Label", T_TURN, "answer_correct", "0", "the answer is incorrect") \
	X(PLAUSIBLE, "plausible", "Label", T_PLAUS, "plausibility", "plausible", "the answer is plausible") \
	X(IMPLAUSIBLE, "implausible", "Label", T_PLAUS, "plausibility", "implausible", "the answer is implausible") \
	X(MALFORMED, "malformed", "Label", T_PLAUS, "plausibility", "malformed", "the answer is malformed") \
	X(FAITHFUL, "faithful", "Label", T_FAITH, "faithfulness", "faithful", "the answer is faithful to the passages") \
	X(UNFAITHFUL, "unfaithful", "Label", T_FAITH, "faithfulness", "unfaithful", "the answer is unfaithful") \
	X(TOGGLE_RANK, "toggle-rank", "Label", T_TURN, NULL, NULL, "passage at rank 1-10: relevant / not relevant") \
	X(TOGGLE_FOCUSED, "toggle-focused", "Label", T_TURN, NULL, NULL, "focused passage: relevant / not relevant") \
	X(REST_NOT_RELEVANT, "rest-not-relevant", "Label", T_TURN, NULL, NULL, "every passage still unjudged: not relevant") \
	X(NOTE, "note", "Label", T_ALL, NULL, NULL, "write a note (enter saves, esc cancels)") \
	X(UNDO, "undo", "Label", T_ALL, NULL, NULL, "undo the last change (repeat: earlier ones)") \
	X(NEXT_ITEM, "next-item", "Move", T_ALL, NULL, NULL, "next item (in a passage: next passage)") \
	X(PREV_ITEM, "prev-item", "Move", T_ALL, NULL, NULL, "previous item (in a passage: previous)") \
	X(NEXT_TURN, "next-turn", "Move", T_ALL, NULL, NULL, "next turn (skips the other systems' answers)") \
	X(PREV_TURN, "prev-turn", "Move", T_ALL, NULL, NULL, "previous turn (its first answer)") \
	X(NEXT_UNFINISHED, "next-unfinished", "Move", T_ALL, NULL, NULL, "next unfinished item") \
	X(DOWN, "down", "Move", T_ALL, NULL, NULL, "focus the next passage (in a text: scroll)") \
	X(UP, "up", "Move", T_ALL, NULL, NULL, "focus the previous passage (in a text: scroll)") \
	X(PAGE_DOWN, "page-down", "Move", T_ALL, NULL, NULL, "a page down (passages: the focus 5 down)") \
	X(PAGE_UP, "page-up", "Move", T_ALL, NULL, NULL, "a page up (passages: the focus 5 up)") \
	X(TOP, "top", "Move", T_ALL, NULL, NULL, "the first passage (in a text: its top)") \
	X(BOTTOM, "bottom", "Move", T_ALL, NULL, NULL, "the last passage (in a text: its end)") \
	X(OPEN, "open", "Screens", T_ALL, NULL, NULL, "open the focused passage in full (again: close)") \
	X(VIEW_TURN, "view-turn", "Screens", T_ALL, NULL, NULL, "question, rewrite and answer in full") \
	X(HISTORY, "history", "Screens", T_ALL, NULL, NULL, "show / hide the earlier turns") \
	X(REWRITE, "rewrite", "Screens", T_ALL, NULL, NULL, "show / hide the rewritten question") \
	X(HELP, "help", "Screens", T_ALL, NULL, NULL, "this help") \
	X(GUIDELINES, "guidelines", "Screens", T_ALL, NULL, NULL, "the annotation guidelines") \
	X(BACK, "back", "Screens", T_ALL, NULL, NULL, "close this screen") \
	X(QUIT, "quit", "Screens", T_ALL, NULL, NULL, "quit, all saved (in help, guidelines, a passage: close)")

enum action {
	ACT_NONE,
#define X(id, name, group, tasks, field, value, help) ACT_##id,
	ACTIONS(X)
#undef X
	ACT__COUNT
};

struct action_info {
	const char *name, *group;
	unsigned tasks;
	const char *field, *value;   /* label-setting actions */
	const char *help;
};

extern const struct action_info actions[ACT__COUNT];

/* A key: a character (code point) or a curses function key (KEY_*). */
struct key {
	int fkey;        /* 1: code is a KEY_* constant */
	uint32_t code;
};

/* A default key binding; arg is the passage rank for ACT_TOGGLE_RANK. */
struct binding {
	struct key key;
	enum action action;
	int arg;
};

extern const struct binding bindings[];
extern const size_t n_bindings;

/* The binding of key for task, or NULL. */
const struct binding *binding_find(struct key k, enum model_task task);
/* The key's name as scripts and the help screen spell it ("e", "enter",
 * "down", "pgdn", "F1", "C-l"): into buf[32]. */
const char *key_to_name(struct key k, char buf[32]);
/* Parse a key name (also curses names such as KEY_DOWN); 0 on success. */
int key_from_name(const char *name, struct key *k);
/* The keys bound to action for task as one string ("j down", "1-9 0"). */
void action_keys(enum action a, enum model_task task, struct strbuf *out);
/* The request of the item screen for an input (the item views' handle();
 * other views start from it and override what differs). */
struct request request_default(const struct app *app, const struct view *view, const struct input *in);
/* Scrolling a text of total lines in a page of page lines, now at top line
 * scroll: the request for the new top line after moving by delta lines
 * (±SCROLL_PAGE = a page, ±SCROLL_END = to the end / the top). */
struct request request_scroll(int scroll, long delta, size_t total, int page);
/* The scroll delta of a moving action (down, up, page-down, page-up, top,
 * bottom), or 0 for the other actions. */
long scroll_delta(enum action a);
/* The first key bound to action for task (for hints), into buf[32]. */
const char *action_key(enum action a, enum model_task task, char buf[32]);
/* Check the tables: label actions name real fields and values, and no key
 * means two things in one task. Returns 0, or -1 with a message in err. */
int actions_check(struct error *err);

/* ---- requests (what a handler asks the loop to do) ------------------- */

enum request_kind {
	REQ_NONE,
	REQ_QUIT,
	REQ_SET_VALUE,       /* action's field := action's value (already so: kept) */
	REQ_TOGGLE_RANK,     /* arg = rank */
	REQ_TOGGLE_FOCUSED,
	REQ_REST_NOT_RELEVANT,
	REQ_UNDO,
	REQ_ITEM,            /* arg = +1 / -1 */
	REQ_TURN,            /* arg = +1 / -1 */
	REQ_NEXT_UNFINISHED,
	REQ_FOCUS,           /* arg = passages to move (clamped to the list) */
	REQ_OPEN_PASSAGE,
	REQ_OPEN_TURN,
	REQ_TOGGLE_HISTORY,
	REQ_TOGGLE_REWRITE,
	REQ_PUSH,            /* view = ..., arg = its open() arg */
	REQ_POP,
	REQ_NOTE_BEGIN,
	REQ_UNKNOWN_KEY,     /* key: tell the user it does nothing here */
	/* carried out by the top view's act() (its own state) */
	REQ_SCROLL,          /* pagers: arg = the new top line */
	REQ_UNCOVERED,       /* sent to the view a pop uncovers (pagers: back to the top) */
	REQ_PASSAGE,         /* passage pane: arg = +1 / -1 */
	REQ_NOTE_INSERT,     /* note prompt: key.code */
	REQ_NOTE_ERASE,
	REQ_NOTE_KILL,
	REQ_NOTE_SAVE,
};

#define SCROLL_PAGE 1000000
#define SCROLL_END 2000000

struct view_ops;

struct request {
	enum request_kind kind;
	long arg;
	enum action action;
	const struct view_ops *view;
	struct key key;
};

/* ---- views ------------------------------------------------------------ */

struct app;

/* An input event: the key and, if bound in this task, its action. */
struct input {
	struct key key;
	const struct binding *binding;   /* NULL if the key is not bound */
};

/* A view on the stack: what it is and its own state. */
struct view {
	const struct view_ops *ops;
	void *private;   /* ops->private_size bytes, zeroed at push, freed at pop; NULL if 0 */
};

/* A screen. Only draw and handle are required. */
struct view_ops {
	const char *name;
	size_t private_size;
	/* Set up view->private when the view is pushed; arg is the push's
	 * (each view says what it means). Returns 0, or -1 when the view
	 * cannot open: it released what it took and said why (app_message);
	 * it is not pushed. */
	int (*open)(struct app *app, struct view *view, long arg);
	/* Release what open() and the view's life took (memory, file
	 * descriptors, deadlines) when it leaves the stack, however it leaves;
	 * view->private itself is freed after it. */
	void (*close)(struct app *app, struct view *view);
	/* Paint the whole screen from the state; never change it. */
	void (*draw)(const struct app *app, const struct view *view);
	/* Map an input to a request; never change state. */
	struct request (*handle)(const struct app *app, const struct view *view, const struct input *in);
	/* Carry out the part of a request that concerns the view's own state
	 * (view->private) before app_do() sees it; returns what is left for
	 * app_do() (REQ_NONE when nothing is). NULL: all goes to app_do(). */
	struct request (*act)(struct app *app, struct view *view, const struct request *r);
	const void *data;   /* constant data of the view's functions (item views: a struct item_screen) */
	int overlay;        /* draws over the view below it (the note prompt) */
	int cursor;         /* shows the text cursor */
};

extern const struct view_ops view_turn, view_plausibility, view_faithfulness, view_passage, view_help,
	view_guidelines, view_summary, view_small, view_note, view_probe;

/* The private state of a scrollable text (help, guidelines, the passage
 * pane): views that scroll begin their private state with it and give
 * pager_act() the requests they do not carry out themselves. */
struct pager {
	int scroll;   /* the top line shown */
};

/* REQ_SCROLL moves the pager; REQ_UNCOVERED takes it back to its top. */
struct request pager_act(struct app *app, struct view *view, const struct request *r);

/* The item screen of a task kind: header, history, question, answer,
 * passages, label bar, status line. What differs between tasks is data. */
struct item_screen {
	const char *answer_field;     /* judged from the answer: its keys on the answer rule */
	const char *question_field;   /* judged from the question (NULL: none): its keys on the question rule */
	int relevance;                /* passages are judged: marks and rank keys */
};

/* An item view with the standard item screen: the initialiser of its
 * view_ops (name, a const struct item_screen *). */
#define ITEM_VIEW(vname, screen) { .name = (vname), .draw = draw_item_screen, .handle = request_default, \
				   .data = (screen) }

/* Draw the item screen of view->ops->data (a struct item_screen). */
void draw_item_screen(const struct app *app, const struct view *view);

/* ---- the loop's other sources: file descriptors and deadlines --------- */

/* Times are seconds on the loop's clock (loop_now): monotonic time, or the
 * virtual clock of a script (each key 1 s, :wait S), on which deadlines
 * fire in order before the key that passes them - a script run is
 * deterministic. Callbacks may change the state (as app_do() does) and may
 * add and remove sources; the screen is drawn after them. A view that adds
 * sources removes them in its close(). In script mode the
 * watched descriptors are served between keys, without waiting (what
 * another process writes shows at the first key after it is there). */
typedef void loop_fd_fn(struct app *app, int fd, void *ctx);
typedef void loop_timer_fn(struct app *app, void *ctx);

#define LOOP_SOURCES 16

/* A watched file descriptor or a deadline. */
struct loop_source {
	unsigned long id;
	int fd;                 /* -1: a deadline */
	double when;
	loop_fd_fn *on_fd;
	loop_timer_fn *on_time;
	void *ctx;
};

struct loop {
	double now;
	int virtual_clock;      /* script mode: only the script moves the clock */
	struct loop_source sources[LOOP_SOURCES];
	size_t n_sources;
	unsigned long last_id;
};

double loop_now(const struct loop *l);
/* Call fn when fd is readable (or at its end, or in error: fn reads, and
 * stops watching at the end). Returns an id for loop_remove(), 0 when
 * LOOP_SOURCES are taken. */
unsigned long loop_watch(struct loop *l, int fd, loop_fd_fn *fn, void *ctx);
/* Call fn once at time when (loop_now() + seconds for "in seconds").
 * Returns an id for loop_remove(), 0 when LOOP_SOURCES are taken. */
unsigned long loop_at(struct loop *l, double when, loop_timer_fn *fn, void *ctx);
/* Stop watching, or cancel the deadline; an id that is gone (a deadline
 * that fired) is ignored. */
void loop_remove(struct loop *l, unsigned long id);
/* For tui.c: set the clock to now and run the deadlines due, earliest
 * first; returns how many ran. */
int loop_run_timers(struct loop *l, struct app *app, double now);
/* For tui.c: milliseconds until the earliest deadline, at most cap_ms. */
int loop_timeout_ms(const struct loop *l, int cap_ms);
/* For tui.c: wait up to timeout_ms (0: do not wait) for key_fd (-1: none)
 * or a watched descriptor, then run the callbacks of the ready ones (on the
 * monotonic clock unless it is virtual); *key_ready says whether key_fd is
 * readable. Returns how many callbacks ran. */
int loop_poll(struct loop *l, struct app *app, int key_fd, int timeout_ms, int *key_ready);

/* ---- state ---------------------------------------------------------------- */

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

struct app {
	struct store *store;
	const struct tui_options *opt;
	const char *task_name;

	struct store_queue queue;
	size_t cur;                        /* queue position of the item shown */
	struct store_item item;            /* sanitised for display */
	struct store_item_labels labels;   /* current values (raw) */

	/* the item screen (the item views and the passage pane) */
	int focus;                         /* index into item.passages; the passage pane shows it */
	int show_history, show_rewrite;

	struct view views[VIEW_STACK];     /* [0]: the item view of the task */
	int n_views;

	char *note_kept;                   /* a note the project refused: w edits it again */
	char message[512];
	enum status_kind message_kind;

	struct undo_entry *undo;
	size_t n_undo, cap_undo;
	unsigned long undo_group;          /* the group of the next change */
	int in_group;                      /* 1 while one key saves several changes */

	char *guidelines;                  /* sanitised, never NULL */
	int guidelines_given;              /* from a file or the project setting */
	char guidelines_hash[65];          /* recorded as seen once the screen shows them */
	int guidelines_unseen;

	struct loop loop;                  /* file descriptors and deadlines the loop waits on */
	double last_input, active;         /* active seconds on the current item */
	int colours;
	int quit;
	struct error err;                  /* a fatal error ends the loop */
	int failed;
};

/* The view on top of the stack: the screen shown. */
const struct view *app_view(const struct app *app);
enum status app_init(struct app *app, struct store *s, const struct tui_options *opt, struct error *err);
void app_release(struct app *app);
/* The first screen is on the terminal: record what the rater has seen. */
void app_shown(struct app *app);
/* Account for an input at time now (seconds), then carry out the request:
 * the top view's act() first, then the rest. */
void app_input(struct app *app, double now);
void app_do(struct app *app, const struct request *r);
/* Save text as the item's note (spaces around it trimmed; empty clears it).
 * When the project refuses it, the text is kept for the next note prompt. */
void app_save_note(struct app *app, const char *text);
/* The rater's label counts (cb per field and value) and active seconds in
 * this task and round, for the summary. 0, or -1 after a fatal error (the
 * loop ends). */
int app_summary(struct app *app, store_item_count_cb cb, void *ctx, double *seconds);
void app_message(struct app *app, enum status_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The current value of field (rank 0 = whole item). */
const char *app_label(const struct app *app, const char *field, long rank);

/* ---- drawing ------------------------------------------------------------ */

enum style {
	S_NORMAL, S_HEADER, S_RULE, S_HINT, S_MISSING, S_SAVED, S_ERROR, S_FOCUS,
	S_YES, S_NO, S_DIM, S_BOLD, S__COUNT
};

void draw_init_styles(int colours);
attr_t style(enum style s);
/* Draw sanitised text s[0..len) at y,x clipped to maxw columns; returns the
 * columns used. Characters the sanitiser should have removed show as '?'. */
int draw_text(int y, int x, int maxw, const char *s, size_t len, attr_t a);
int draw_str(int y, int x, int maxw, const char *s, attr_t a);
/* Draw sanitised one-line text s at y,x in at most maxw columns; text that
 * does not fit is cut where a character ends and gets an ellipsis (…).
 * Returns the columns used. */
int draw_fit(int y, int x, int maxw, const char *s, attr_t a);
/* Format, sanitise, then draw as draw_fit() does (cut with an ellipsis). */
int draw_fmt(int y, int x, int maxw, attr_t a, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Fill w columns with spaces. */
void draw_fill(int y, int x, int w, attr_t a);
/* A section rule across the screen: "── title · hint ─────"; title and hint
 * are cut with an ellipsis to fit (the hint is left out when fewer than a
 * few of its columns would show). */
void draw_rule(int y, const char *title, const char *hint);
/* Draw lines [skip, skip + rows) of s wrapped to w columns at y,x; returns
 * the total number of wrapped lines. */
size_t draw_wrapped(int y, int x, int w, int rows, size_t skip, const char *s, attr_t a);
/* Draw the first rows lines of s wrapped to w columns at y,x; when the
 * text goes on, the last row is cut short and ends in " …". Returns the
 * total number of wrapped lines. */
size_t draw_wrapped_cut(int y, int x, int w, int rows, const char *s, attr_t a);
/* Number of lines s wraps to at width w. */
size_t wrapped_lines(const char *s, int w);
/* Shared pieces of the item screens. */
void draw_header(const struct app *app);
void draw_status(const struct app *app, const char *hint);
/* The label bar (2 rows at y). */
void draw_label_bar(const struct app *app, int y);
/* "[+]", "[-]" or "[ ]" and its style for a passage's relevance. */
const char *relevance_mark(const struct app *app, long rank, enum style *st);
/* The heading of the item's answer into out: blind, "Answer 2 of 3" (its
 * place among the turn's answers); with --show-systems "Answer of NAME".
 * room > 0: in at most room columns - shorter forms ("Answer 2/3"), then
 * the name cut with an ellipsis, so that what follows it on the row (the
 * key hints) keeps its place; room <= 0: in full. */
void answer_title(const struct app *app, int room, struct strbuf *out);
/* Help lines (for the help screen and --keys). */
size_t help_lines(enum model_task task, int narrow, struct strbuf *out);
/* The footer row of a scrollable text of total lines shown rows at a time
 * from line scroll: "lines a-b of n" (when it does not all fit) at the left;
 * at the right the hints joined by " · ", as many as fit, dropped from the
 * first (so put how to close the screen last). */
void draw_scroll_footer(int scroll, int y, int rows, size_t total, const char *const *hints, size_t n);
/* A full-screen scrollable text (help, guidelines): header, title rule,
 * text from the pager's top line, footer (keys: how to close it), status
 * line. */
void draw_text_screen(const struct app *app, const struct pager *pager, const char *title, const char *text,
		      const char *keys);
/* Rows of text a text screen shows at once, and its wrap width. */
int text_screen_rows(void);
int text_screen_width(void);

#endif
