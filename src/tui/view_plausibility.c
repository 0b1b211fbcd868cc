/* view_plausibility.c - the item screen of the plausibility task: is the
 * answer plausible, implausible or malformed (y/i/m); the passages are
 * there to read, not to judge. */
#include "tui_internal.h"

static const struct item_screen plausibility_screen = { .answer_field = "plausibility" };

const struct view_ops view_plausibility = ITEM_VIEW("plausibility", &plausibility_screen);
