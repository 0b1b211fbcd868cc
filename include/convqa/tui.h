/*
 * tui.h - the annotation UI (issue 3): a full-screen ncursesw program that
 * takes one rater through their queue of items and saves every label change
 * at once (labelling_set: its own committed transaction). The same UI takes
 * an adjudicator through a round's disagreements (convqa adjudicate:
 * tui_options.adjudication).
 *
 * Script mode (for tests and benchmarks), read from the environment:
 *   CONVQA_SCRIPT=FILE     read keys from FILE instead of the keyboard, and
 *                          draw to /dev/null (no terminal needed); one key
 *                          name per line ("e", "enter", "down", "KEY_DOWN",
 *                          "space", "esc", "pgdn", "F1", "C-l"); blank lines
 *                          and lines starting with '#' are skipped; commands:
 *                            :save-screen NAME  write the screen text to
 *                                               $CONVQA_SCREEN_DIR/NAME (default .)
 *                            :resize COLS LINES resize the virtual screen
 *                            :type TEXT         type TEXT, one key per character
 *                            :wait SECONDS      let time pass (idle-time tests)
 *                          The end of the script quits.
 *   CONVQA_COLUMNS, CONVQA_LINES   the virtual screen size (default 80x24)
 *   CONVQA_TIMING=FILE     write timings: first screen, keys, average per key
 *   CONVQA_TEST_LOOP=1     (tests only) open a view on top that shows the
 *                          loop's deadlines and a watched pipe firing
 * In script mode the clock is virtual: each key takes 1 second, and what
 * the UI has set to happen at a time (a deadline) happens when a key or a
 * :wait reaches it, before that key: a script run is deterministic.
 *
 * Time on an item: the seconds stored with a label are the active time spent
 * on the item since it was shown or since its last saved change, whichever
 * is later; a pause of more than 120 s between two keys counts 0. Summed
 * over an item's label rows this is the active time spent on it.
 *
 * Ownership: the store and everything in struct tui_options are borrowed
 * for the duration of tui_run(); the UI frees what it allocates itself.
 */
#ifndef CONVQA_TUI_H
#define CONVQA_TUI_H

#include <stdint.h>
#include <stdio.h>

#include "convqa/common.h"
#include "convqa/scheme.h"

struct store;
struct labelling;
struct store_disagreements;

struct system_spec;

/* convqa chat (tui_options.chat): the chat screen instead of a queue of
 * items. The evaluator types questions; each goes to the system with the
 * conversation so far, and each exchange is stored at once (live.h) as a
 * turn and a response of a new conversation live-RATER-N. F2 ends it. */
struct tui_chat {
	const struct system_spec *spec;   /* how to reach the system */
	const char *system;               /* its name in the project */
	int64_t system_id;
	double timeout;                   /* seconds for one answer */
	const char *first_question;       /* the editor's text at the start, NULL: none */
	const char *round, *from;         /* a live round, and the conversation the first question
					   * is from (live.h); NULL: none */
	/* set by the chat screen as it goes */
	char *conversation;               /* the conversation's name once a turn is stored (caller frees) */
	size_t turns;                     /* the turns stored */
	int64_t first_response;           /* the response of its first turn */
	int judge;                        /* F2 ended it: judge its turns */
	/* arena mode (convqa chat --systems A,B): a second system answers each
	 * question too; spec_b NULL: one system (the fields below unused) */
	const struct system_spec *spec_b;
	const char *system_b;
	int64_t system_b_id;
	int history_own;                  /* 1: each system gets its own answers as history; 0:
					   * the preferred answer (a tie or both bad: its own) */
	uint64_t seed;                    /* the draw of the sides */
	struct labelling *prefs;          /* the pairwise task's session the preferences go through */
	size_t preferences;               /* set as it goes: preferences stored */
};

struct tui_options {
	const char *project;       /* shown in the header: the project file name */
	const char *rater;
	int64_t rater_id;
	const char *round;         /* NULL outside rounds */
	int64_t round_id;          /* 0 outside rounds */
	const struct scheme *scheme; /* the session's task: its fields, units, keys and
				      * what the item screen shows (a built-in scheme or the
				      * project's own) */
	const char *guidelines;    /* guidelines text, NULL for the built-in summary */
	int show_systems;          /* 1: answers are headed with their system's name and
				    * passages show their retrieval scores; 0 (blind):
				    * "Answer 2 of 3", never a name, ranks only (a
				    * score's scale names the retriever) */
	int auto_advance;          /* 1: a change that finishes the item shown (it was
				    * unfinished before it) moves on to the next
				    * unfinished item; the rater toggles it with A */
	double started;            /* now_monotonic() when the command started */
	struct labelling *labelling; /* the rater's open session: every label is written
				     * through it (labelling.h) */
	/* convqa adjudicate: the round's disagreements (store.h, borrowed; at
	 * least one), walked one at a time instead of a rater's queue: the
	 * adjudicator (rater, an adjudication session) picks each value with
	 * its field's keys. NULL: annotate. */
	const struct store_disagreements *adjudication;
	int blind_raters;          /* adjudication: raters shown as "rater 1", "rater 2" in an
				    * order of each disagreement's own, never by name */
	struct tui_chat *chat;     /* convqa chat: the chat screen (above); NULL: a queue */
	int64_t start_response;    /* annotate: show this response's item first (0: the first
				    * unfinished) */
};

/* Run the UI until the rater quits. The terminal is restored on every
 * return path and on SIGINT, SIGTERM, SIGHUP and SIGQUIT (then
 * tui_caught_signal() tells which; a terminal that went away without a
 * SIGHUP reaching the process, at end of input, is a SIGHUP too).
 * Returns ST_OK, or a status with err. */
enum status tui_run(struct store *s, const struct tui_options *o, struct error *err);
int tui_caught_signal(void);

/* Print the key table of scheme sc (Markdown, as in docs/annotating.md for
 * the turn scheme) to out: its label keys, then the fixed keys. */
void tui_print_keys(FILE *out, const struct scheme *sc);
/* Check the fixed key table (against scheme.h's reserved keys); 0, or -1
 * with err. */
int tui_check_tables(struct error *err);

#endif
