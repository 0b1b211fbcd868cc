/* tui_views.h - part of tui_internal.h: the views: struct view_ops, the
 * stack's views, the pager.
 * Include tui_internal.h, which includes the parts in order (each relies
 * on those before it), not this file. */
#ifndef CONVQA_TUI_VIEWS_H
#define CONVQA_TUI_VIEWS_H

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

/* the collection search of the turn screen (/) and a passage it found in full */
extern const struct view_ops view_search, view_found;
/* Adjudication (view_adjudicate.c): the order in which a disagreement's
 * values are listed (by name, or mixed with --blind) into order[], at most
 * ADJ_MAX_SHOWN of them; returns how many. The pair screen lists them so
 * too (view_pair_dispute.c). */
#define ADJ_MAX_SHOWN 16
struct store_disagreement;
size_t adjudicate_value_order(const struct app *app, const struct store_disagreement *d, size_t *order);

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

#endif
