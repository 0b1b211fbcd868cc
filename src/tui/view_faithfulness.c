/* view_faithfulness.c - the item screen of the faithfulness task: is the
 * answer supported by the retrieved passages (f faithful, x unfaithful). */
#include "tui_internal.h"

static const struct item_screen faithfulness_screen = { .answer_field = "faithfulness" };

const struct view_ops view_faithfulness = ITEM_VIEW("faithfulness", &faithfulness_screen);
