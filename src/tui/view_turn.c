/* view_turn.c - the item screen of the turn task: the question's intent
 * (e/a/b), whether the answer is correct (c/x), and each retrieved passage
 * relevant or not (1-9 0, space, -). */
#include "tui_internal.h"

static const struct item_screen turn_screen = {
	.answer_field = "answer_correct",
	.question_field = "intent",
	.relevance = 1,
};

const struct view_ops view_turn = ITEM_VIEW("turn", &turn_screen);
