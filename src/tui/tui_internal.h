/*
 * tui_internal.h - shared by the files of src/tui/ only (the only code that includes
 * curses).
 *
 * The parts:
 *   actions.c    the action table (X-macro below), the fixed keys as data,
 *                the session's keys (struct keymap: the scheme's label keys
 *                first), key names; the help screen and the key table
 *                of docs/annotating.md come from them; requests,
 *                scrolling (struct pager)
 *   fields.c     what the session's scheme asks, for the screens: the order
 *                of categories in hints, names, passage marks, field hints
 *   app.c        the state and every change to it: items, time, auto-advance,
 *                the item list's rows (app_item_row), the view stack (push
 *                opens a view, pop closes it), the dispatcher (app_do); with
 *                app_save.c (labels, undo), app_evidence.c, app_guidelines.c
 *                and app_adjudicate.c, which share app_internal.h
 *   draw.c       drawing helpers: sanitised, width-aware text, rules, wrapping
 *   view_item.c  the item screen of every scheme: what the scheme shows
 *                (history, passages, evidence, answer), its fields' keys on
 *                the rules
 *   loop.c       the sources the loop waits on besides keys: file
 *                descriptors and deadlines
 *   tui.c        terminal setup/restore, signals, resize, the loop, script mode
 *   view_*.c     one file per screen, each a struct view_ops (view_list:
 *                the item list; view_jump: the prompt of a jump to item N;
 *                view_adjudicate: a disagreement of a round, the screen
 *                convqa adjudicate has instead of the item screen;
 *                view_round_closed: what a round closed during the
 *                session means, at the first label it refuses;
 *                view_search: the collection search of /, and view_found,
 *                a passage it found, with app_search.c, its queries and
 *                marks, and search_terms.c, the words it highlights)
 *
 * The loop waits (poll) on the keyboard, the watched file descriptors and
 * the earliest deadline; a key is read as soon as it comes. A key -> its
 * action -> the top view's handle() returns a request (intent) -> the top
 * view's act() carries out what concerns its own state -> app_do() the rest
 * -> the top view's draw() paints the state. A deadline or a ready file
 * descriptor runs its callback, then the screen is drawn. draw() reads
 * state only; it never changes it and never touches the store. Views never
 * run SQL: the app*.c files call store.h and store_item.h.
 *
 * A view on the stack is a struct view: its ops and its private state
 * (ops->private_size bytes, zeroed, allocated when it is pushed and freed
 * when it is popped; open() sets it up from the push request's arg, close()
 * releases what open() took: memory, file descriptors, deadlines). State
 * that outlives a view or is shared (the item, labels, undo, the message)
 * stays in struct app. The turn view at the bottom of the stack (view_item;
 * view_adjudicate) keeps what it shows of the item and how (the focused
 * passage, history and rewrite shown, evidence, span marks, a refused
 * text) in its own struct turn_view, which the views above it and the
 * app*.c files reach through app_turn().
 *
 * Adding a view:
 *   1. write view_<name>.c defining `const struct view_ops view_<name>`:
 *      draw and handle; private_size, open, close and act if it has state
 *      of its own; deadlines and file descriptors through the loop_*
 *      calls below, given up in close();
 *   2. declare it below and add tui/view_<name>.o to TUI_OBJS in the Makefile;
 *   3. push it: a request with REQ_PUSH from a view's handle() (the item
 *      screen, view_item, is at the bottom of the stack: a scheme's fields
 *      and what it shows are data, not a view);
 *   4. add a scripted screen test in tests/ui/ and a line in the screen
 *      list of docs/annotating.md.
 */
#ifndef CONVQA_TUI_INTERNAL_H
#define CONVQA_TUI_INTERNAL_H

#include <curses.h>
#include <stdint.h>

#include "convqa/scheme.h"
#include "convqa/store_item.h"
#include "convqa/store_pair.h"
#include "convqa/strbuf.h"
#include "convqa/tui.h"

struct app;
struct input;
struct view;
struct store_disagreement;

/* ---- actions ------------------------------------------------------------ */

/* X(ID, name, group, help)
 * The label actions come first (help NULL): they have no keys of their
 * own; the session's scheme gives them keys, each key with the field it
 * judges and its help (struct keymap). The others have fixed keys in
 * nav_bindings[], the same in every scheme (scheme_reserved_keys[] keeps
 * schemes off the printable ones). */
#define ACTIONS(X) \
	X(SET_VALUE, "set-value", "Label", NULL) \
	X(TOGGLE_RANK, "toggle-rank", "Label", NULL) \
	X(TOGGLE_FOCUSED, "toggle-focused", "Label", NULL) \
	X(SET_REST, "set-rest", "Label", NULL) \
	X(EDIT_TEXT, "edit-text", "Label", NULL) \
	X(UNDO, "undo", "Label", "undo the last change (repeat: earlier ones)") \
	X(NEXT_ITEM, "next-item", "Move", "next item (in a passage: next passage)") \
	X(PREV_ITEM, "prev-item", "Move", "previous item (in a passage: previous)") \
	X(NEXT_TURN, "next-turn", "Move", "next turn (skips the other systems' answers)") \
	X(PREV_TURN, "prev-turn", "Move", "previous turn (its first answer)") \
	X(NEXT_UNFINISHED, "next-unfinished", "Move", "next unfinished item") \
	X(PREV_FIELD, "prev-field", "Move", "focus the previous field") \
	X(JUMP, "jump", "Move", "go to item N: type its number, enter") \
	X(AUTO_ADVANCE, "auto-advance", "Move", "on/off: finishing an item goes to the next unfinished one") \
	X(DOWN, "down", "Move", "focus the next passage or piece (in a text: scroll)") \
	X(UP, "up", "Move", "focus the previous passage or piece (in a text: scroll)") \
	X(PAGE_DOWN, "page-down", "Move", "a page down (passages: the focus 5 down)") \
	X(PAGE_UP, "page-up", "Move", "a page up (passages: the focus 5 up)") \
	X(TOP, "top", "Move", "the first passage (in a text: its top)") \
	X(BOTTOM, "bottom", "Move", "the last passage (in a text: its end)") \
	X(OPEN, "open", "Screens", "open the focused passage or evidence piece (again: close)") \
	X(VIEW_TURN, "view-turn", "Screens", "question, rewrite and answer in full") \
	X(LIST, "list", "Screens", "the list of items, their state; enter goes to one") \
	X(HISTORY, "history", "Screens", "show / hide the earlier turns") \
	X(REWRITE, "rewrite", "Screens", "show / hide the rewritten question") \
	X(SPANS, "spans", "Screens", "show / hide the evidence spans in the passages") \
	X(HELP, "help", "Screens", "this help") \
	X(GUIDELINES, "guidelines", "Screens", "the annotation guidelines") \
	X(SEARCH, "search", "Screens", "search every passage of the project (from the turn screen)") \
	X(MARK_FOUND, "mark-found", "Screens", "in a search: relevant to the turn too (extra_gold)") \
	X(BACK, "back", "Screens", "close this screen") \
	X(QUIT, "quit", "Screens", "quit, all saved (help, guidelines, passage, list: close)") \
	X(END_CHAT, "end-chat", "Chat", "convqa chat: end the conversation and judge its turns")

enum action {
	ACT_NONE,
#define X(id, name, group, help) ACT_##id,
	ACTIONS(X)
#undef X
	ACT__COUNT
};

/* The first action that is not a label action. */
#define ACT_FIRST_NAV ACT_UNDO

struct action_info {
	const char *name, *group;
	const char *help;   /* NULL: a label action (its keys' help comes from the scheme) */
};

extern const struct action_info actions[ACT__COUNT];

/* A key: a character (code point) or a curses function key (KEY_*). */
struct key {
	int fkey;        /* 1: code is a KEY_* constant */
	uint32_t code;
};

/* What a key does: an action, and for a label action the field it judges. */
struct binding {
	struct key key;
	enum action action;
	const struct scheme_field *field;  /* label actions: the field (in the session's scheme) */
	int arg;                           /* set-value: the category's index; toggle-rank: the rank */
};

/* The fixed keys of the actions that are not label actions. */
extern const struct binding nav_bindings[];
extern const size_t n_nav_bindings;

/* The keys of a session: its scheme's label keys (each category key sets
 * its value; a passage field's rank, toggle and rest keys; a text field's
 * edit key), in the order help lists them, then the fixed keys. */
struct keymap {
	struct binding *v;   /* the scheme's keys */
	size_t n;
	const struct scheme *scheme;   /* borrowed */
};

/* Build km from sc (borrowed: it must outlive km). */
void keymap_init(struct keymap *km, const struct scheme *sc);
void keymap_release(struct keymap *km);
/* What key k does: the scheme's keys first, then the fixed ones; NULL if
 * nothing. */
const struct binding *keymap_find(const struct keymap *km, struct key k);
/* The binding of b's key for the field in focus f: b itself unless b is a
 * category key of a focused field (scheme_field_focused), whose keys act
 * only when it has the focus - so the binding of b's key for f, NULL when
 * f (NULL: none) does not have the key. */
const struct binding *keymap_for_field(const struct keymap *km, const struct binding *b,
				       const struct scheme_field *f);
/* The key's name as scripts and the help screen spell it ("e", "enter",
 * "down", "pgdn", "F1", "C-l"): into buf[32]. */
const char *key_to_name(struct key k, char buf[32]);
/* Parse a key name (also curses names such as KEY_DOWN); 0 on success. */
int key_from_name(const char *name, struct key *k);
/* The names of the keys of bindings b[0..n), runs of three or more
 * characters in a row joined ("1-9 0"). */
void keys_names(const struct binding *b, size_t n, struct strbuf *out);
/* The keys km gives field f for action a, as keys_names() spells them. */
void field_keys(const struct keymap *km, const struct scheme_field *f, enum action a, struct strbuf *out);
/* The first fixed key of action a (for hints), into buf[32]. */
const char *action_key(enum action a, char buf[32]);
/* The request of the item screen for an input (the item views' handle();
 * other views start from it and override what differs). */
struct request request_default(const struct app *app, const struct view *view, const struct input *in);
/* The request of a key typed into a prompt (the note's editor, the jump,
 * the / search): enter, esc (REQ_POP: cancel), and REQ_TEXT_EDIT for the
 * keys of the line editor (line_edit_takes()); REQ_NONE for the others. */
struct request request_typing(const struct input *in);
/* A prompt's text changed by an editing request of request_typing(): the
 * key carried out by the line editor (line_edit_key(), the text within
 * max bytes). Returns 1 when r was one (and the text may have changed), 0
 * for any other request. */
struct line_edit;
int edit_typed_text(struct line_edit *e, const struct request *r, size_t max);
/* Scrolling a text of total lines in a page of page lines, now at top line
 * scroll: the request for the new top line after moving by delta lines
 * (±SCROLL_PAGE = a page, ±SCROLL_END = to the end / the top). */
struct request request_scroll(int scroll, long delta, size_t total, int page);
/* The scroll delta of a moving action (down, up, page-down, page-up, top,
 * bottom), or 0 for the other actions. */
long scroll_delta(enum action a);
/* The fixed keys of action a that the session's scheme does not take (a
 * scheme added before a key was reserved keeps it: its key wins), as one
 * string ("j down"). */
void keymap_action_keys(const struct keymap *km, enum action a, struct strbuf *out);
/* The fixed keys the session's scheme takes, with their actions ("l
 * (list)"), into out; how many. */
size_t keymap_shadowed(const struct keymap *km, struct strbuf *out);
/* Check the fixed keys: no key means two things, the reserved keys of
 * scheme.h are bound to their actions and every printable fixed key is
 * reserved. Returns 0, or -1 with a message in err. */
int actions_check(struct error *err);

/* ---- what a scheme asks (src/tui/fields.c) ------------------------------- */

/* A copy of sc for the screens (caller frees with scheme_free()): names,
 * values and keys as they are, what the rater reads (labels, help, the
 * description) made inert (text_sanitize). */
struct scheme *scheme_copy_inert(const struct scheme *sc);
/* The index of the category shown i-th in key lists and hints: in order
 * (ordinal: lowest first), except a binary field, whose second category
 * (the 1 of a 0/1 field: yes) comes first. */
size_t category_shown(const struct scheme_field *f, size_t i);
/* Whether the UI can set f: a key of one of its categories or of its own. */
int field_has_keys(const struct scheme_field *f);
/* The name the label bar gives f: its name up to the first '_' ("answer"
 * for answer_correct) when no other field of sc begins so, else its name;
 * into buf[SCHEME_MAX_NAME + 1]. */
const char *field_short_name(const struct scheme *sc, const struct scheme_field *f, char *buf);
/* The keys of f's rank keys up to rank last, runs joined ("1-9,0"). */
void rank_keys_hint(const struct scheme_field *f, long last, struct strbuf *out);

/* ---- requests (what a handler asks the loop to do) ------------------- */

enum request_kind {
	REQ_NONE,
	REQ_QUIT,
	/* the label requests: field = the field */
	REQ_SET_VALUE,       /* field := its category arg (already so: kept) */
	REQ_TOGGLE_RANK,     /* arg = rank */
	REQ_TOGGLE_FOCUSED,  /* arg = the focused passage */
	REQ_SET_REST,        /* every passage still unjudged := the first category */
	REQ_EDIT_BEGIN,      /* open the text field's editor */
	REQ_UNDO,
	REQ_ITEM,            /* arg = +1 / -1 */
	REQ_TURN,            /* arg = +1 / -1 */
	REQ_NEXT_UNFINISHED,
	REQ_FIELD_FOCUS,     /* arg = +1 / -1: the focus to the next / previous focused field */
	REQ_KEY_UNFOCUSED,   /* key: a shared key that the field in focus does not have */
	REQ_FOCUS,           /* arg = passages to move (clamped to the list) */
	REQ_OPEN_PASSAGE,
	REQ_OPEN_TURN,
	REQ_TOGGLE_HISTORY,
	REQ_TOGGLE_REWRITE,
	REQ_TOGGLE_SPANS,    /* evidence spans highlighted in the passages on / off */
	REQ_PUSH,            /* view = ..., arg = its open() arg */
	REQ_POP,
	REQ_GOTO,            /* arg = the queue position to show (the list, a jump) */
	REQ_AUTO_ADVANCE,    /* auto-advance on / off */
	REQ_UNKNOWN_KEY,     /* key: tell the user it does nothing here */
	/* carried out by the top view's act() (its own state) */
	REQ_SCROLL,          /* pagers: arg = the new top line */
	REQ_UNCOVERED,       /* sent to the view a pop uncovers (pagers: back to the top) */
	REQ_RESIZED,         /* sent to every view on the stack when the window's size changed */
	REQ_PASSAGE,         /* passage pane: arg = +1 / -1 */
	REQ_TEXT_KILL,       /* the search's prompt again, empty (/ on its results) */
	REQ_TEXT_ENTER,
	REQ_TEXT_EDIT,       /* a prompt's line editor: key (line_edit_key) */
	REQ_CHAT_CANCEL,     /* the chat: give up the question waiting for its answer */
	REQ_CHAT_END,        /* the chat: end the conversation */
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
	const struct scheme_field *field;   /* the label requests */
};

/* ---- views ------------------------------------------------------------ */

struct app;

/* An input event: the key and, if bound in this session, its action. */
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
	int overlay;        /* draws over the view below it (the note prompt) */
	int cursor;         /* shows the text cursor */
};

extern const struct view_ops view_item, view_passage, view_help, view_guidelines, view_summary, view_small,
	view_note, view_list, view_jump, view_adjudicate, view_round_closed, view_chat,
	view_pair,
	view_arena;

/* ---- the one-line editor (src/tui/line_edit.c) of every prompt ----------- */

struct line_edit {
	struct strbuf text;     /* UTF-8, printable characters only */
	size_t at;              /* the cursor: a byte offset between characters */
	char **hist;            /* earlier lines, oldest first */
	size_t n_hist, hist_at; /* hist_at == n_hist: the line being typed */
	char *draft;            /* the line being typed while an earlier one shows */
};

void line_edit_release(struct line_edit *e);
/* The text := s (NULL: empty), the cursor at its end. */
void line_edit_set(struct line_edit *e, const char *s);
/* Add s to the history (not an empty line, nor the last one again). */
void line_edit_remember(struct line_edit *e, const char *s);
/* Carry out key k: a printable character is inserted at the cursor (while
 * the text stays within max bytes), left/right/home/end (C-b/C-f/C-a/C-e)
 * move, backspace and delete (C-d) erase a character, C-u erases before
 * the cursor and C-k after it, up/down recall the history. 1 when the
 * key is the editor's. */
int line_edit_key(struct line_edit *e, struct key k, size_t max);
/* The text without the spaces and tabs at its ends: where it starts in
 * e->text, *len bytes (0: a blank line). */
const char *line_edit_trimmed(const struct line_edit *e, size_t *len);
/* Is k one of the keys line_edit_key() carries out? */
int line_edit_takes(struct key k);
/* Draw the text at y,x in w columns, scrolled so the cursor shows;
 * returns the cursor's column. */
int line_edit_draw(const struct line_edit *e, int y, int x, int w, attr_t a);
/* the collection search of the turn screen (/) and a passage it found in full */
extern const struct view_ops view_search, view_found;
/* the keys of the chat's question line, shared by the arena (view_chat.c) */
struct request chat_handle(const struct app *app, const struct view *view, const struct input *in);
#ifdef CONVQA_TEST_VIEWS
/* a test of the loop (view_probe.c), in the test binaries only */
extern const struct view_ops view_probe;
#endif

/* view_guidelines' open() arg: what it says above the guidelines. */
enum { GUIDELINES_PLAIN, GUIDELINES_NEW, GUIDELINES_CHANGED };

/* The private state of a scrollable text (help, guidelines, the passage
 * pane): views that scroll begin their private state with it and give
 * pager_act() the requests they do not carry out themselves. */
struct pager {
	int scroll;   /* the top line shown */
};

/* REQ_SCROLL moves the pager; REQ_UNCOVERED takes it back to its top. */
struct request pager_act(struct app *app, struct view *view, const struct request *r);

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
	short events;           /* what fd is watched for: POLLIN, POLLOUT */
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
/* loop_watch() for the poll() events given (POLLOUT: when fd is writable). */
unsigned long loop_watch_events(struct loop *l, int fd, short events, loop_fd_fn *fn, void *ctx);
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
	struct store_pair_item *items;
	size_t n, n_done;
	struct store_item left, right;     /* the pair shown (app->cur) */
	const struct scheme_field *pref;   /* the preference field (role), in app->scheme */
	const struct scheme_field *reason; /* a text field of the pair, or NULL */
	int show_passages;                 /* the answers' passages unfolded */
	int scroll;                        /* rows scrolled in the answers */
	struct pair_undo *undo;
	size_t n_undo, cap_undo;
};
/* Two answers as the pair screen shows them (view_pair.c), in rows y ..
 * bottom - 1: side by side from 120 columns, else left on top; titled "A"
 * and "B" (with their systems under --show-systems); their passages
 * unfolded or counted; scrolled by scroll rows. The arena (view_arena.c)
 * draws with it too. */
void pair_draw_answers(const struct app *app, const struct store_item *left, const struct store_item *right, int y,
		       int bottom, int show_passages, int scroll);
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

/* ---- drawing ------------------------------------------------------------ */

enum style {
	S_NORMAL, S_HEADER, S_RULE, S_HINT, S_MISSING, S_SAVED, S_ERROR, S_FOCUS,
	S_YES, S_NO, S_DIM, S_BOLD, S_MATCH, S_SPAN, S__COUNT
};

void draw_init_styles(int colours);
attr_t style(enum style s);
/* Draw sanitised text s[0..len) at y,x clipped to maxw columns; returns the
 * columns used. Characters the sanitiser should have removed show as '?'. */
int draw_text(int y, int x, int maxw, const char *s, size_t len, attr_t a);
/* draw_text with the characters whose first byte has mark[i] set (mark
 * aligned with s; NULL: none) drawn with ma added to a. */
int draw_text_marked(int y, int x, int maxw, const char *s, size_t len, attr_t a, const unsigned char *mark,
		     attr_t ma);
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
/* The title of an item's history rule: its earlier turns, and how many of
 * those before it (by number) the project does not hold. */
void draw_history_title(const struct store_item *it, char *buf, size_t size);
/* Draw lines [skip, skip + rows) of s wrapped to w columns at y,x; returns
 * the total number of wrapped lines. */
size_t draw_wrapped(int y, int x, int w, int rows, size_t skip, const char *s, attr_t a);
size_t draw_wrapped_marked(int y, int x, int w, int rows, size_t skip, const char *s, attr_t a,
			   const unsigned char *mark, attr_t ma);
/* Draw the first rows lines of s wrapped to w columns at y,x; when the
 * text goes on, the last row is cut short and ends in " …". Returns the
 * total number of wrapped lines. */
size_t draw_wrapped_cut(int y, int x, int w, int rows, const char *s, attr_t a);
size_t draw_wrapped_cut_marked(int y, int x, int w, int rows, const char *s, attr_t a, const unsigned char *mark,
			       attr_t ma);
/* Number of lines s wraps to at width w. */
size_t wrapped_lines(const char *s, int w);
/* Shared pieces of the item screens. */
void draw_header(const struct app *app);
void draw_status(const struct app *app, const char *hint);
/* The label bar (2 rows at y). */
void draw_label_bar(const struct app *app, int y);
/* A passage field's relevance-like mark for value v (NULL: not judged):
 * "[+]" (the second category of a binary field), "[-]" (its first), "[*]"
 * (a value of another type), "[ ]"; and its style. */
const char *passage_mark(const struct scheme_field *f, const char *v, enum style *st);
/* The heading of the item's answer into out: blind, "Answer 2 of 3" (its
 * place among the turn's answers); with --show-systems "Answer of NAME".
 * room > 0: in at most room columns - shorter forms ("Answer 2/3"), then
 * the name cut with an ellipsis, so that what follows it on the row (the
 * key hints) keeps its place; room <= 0: in full. */
void answer_title(const struct app *app, int room, struct strbuf *out);
/* The evidence pane at row y: its rule ("Evidence · 2 pieces of 1
 * passage"), then rows rows of the item's evidence paragraph with the
 * answer's words highlighted, or "no evidence spans: run convqa spans".
 * With pick the rule names the piece the open key opens. */
void draw_evidence_pane(const struct app *app, int y, int rows, int width, int pick);
/* Help lines of the keys of km (for the help screen): group titles, then
 * "  KEYS  what they do" (narrow: "  KEYS: what they do"). */
size_t help_lines(const struct keymap *km, int narrow, struct strbuf *out);
/* The hint at the right of the status line: "auto-advance on" when it is
 * on, then with keys (the item screen) "? help · q quit", as much as fits;
 * into buf[96]. */
const char *status_hint(const struct app *app, int keys, char buf[96]);
/* A footer row at y: where (dim) at the left, at the right the hints joined
 * by " · ", as many as fit, dropped from the first (so put how to close the
 * screen last). */
void draw_footer(int y, const char *where, const char *const *hints, size_t n);
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
