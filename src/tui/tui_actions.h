/* tui_actions.h - part of tui_internal.h: the actions and their keys,
 * what a scheme asks on the screens (fields.c) and the requests a view's
 * handle() returns.
 * Include tui_internal.h, which includes the parts in order (each relies
 * on those before it), not this file. */
#ifndef CONVQA_TUI_ACTIONS_H
#define CONVQA_TUI_ACTIONS_H

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

#endif
