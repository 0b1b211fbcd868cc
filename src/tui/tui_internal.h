/*
 * tui_internal.h - shared by the files of src/tui/ only (the only code that includes
 * curses). Its declarations are in parts by concern, included below in
 * order: tui_actions.h (actions, keys, fields, requests), tui_views.h,
 * tui_line_edit.h, tui_loop.h, tui_state.h (struct app), tui_search.h,
 * tui_draw.h.
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
 *      calls of tui_loop.h, given up in close();
 *   2. declare it in tui_views.h and add tui/view_<name>.o to TUI_OBJS in
 *      the Makefile;
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

/* the parts, in this order: each relies on those before it */
#include "tui_actions.h"
#include "tui_views.h"
#include "tui_line_edit.h"
#include "tui_loop.h"
#include "tui_state.h"
#include "tui_search.h"
#include "tui_draw.h"

#endif
