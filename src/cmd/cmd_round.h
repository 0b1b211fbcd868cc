/* cmd_round.h - private to convqa round's files: cmd_round.c (the options,
 * their checks, create and the table of actions), cmd_round_show.c (list,
 * show), cmd_round_items.c (items, delete) and cmd_round_close.c (close,
 * reopen). */
#ifndef CMD_ROUND_H
#define CMD_ROUND_H

#include <stddef.h>

#include "convqa/cli.h"
#include "convqa/scheme.h"
#include "convqa/store.h"
#include "convqa/store_round.h"

/* The options, given to the actions as c->data. */
struct round_opts {
	const char *task, *raters, *overlap, *seed, *conversations, *sample, *systems, *by, *swap, *min_kappa,
		*control, *control_from, *items, *where, *from, *policy, *pairs;
	int pilot, live;
};

/* close's --min-kappa K, as check() read it (0 without it). */
extern double cmd_round_min_kappa;

/* The round name names into *row (one row; store_round_rows_free(*row, 1)),
 * or ST_INPUT listing the rounds there are. */
enum status cmd_round_find(struct cmd_ctx *c, const char *name, struct store_round_row **row);

/* The items rater ra finished in round r of scheme sc (the queue's
 * finished flags; a pairwise round's: the pairs with a preference). */
enum status cmd_round_finished(struct store *s, const struct store_round_row *r, const struct scheme *sc,
			       const struct store_round_rater *ra, size_t *done, struct error *err);

/* The actions (a status, as cli_action's run returns). */
int cmd_round_list(struct cmd_ctx *c);                 /* cmd_round_show.c */
int cmd_round_show(struct cmd_ctx *c);
int cmd_round_items(struct cmd_ctx *c);                /* cmd_round_items.c */
int cmd_round_delete(struct cmd_ctx *c);
int cmd_round_status(struct cmd_ctx *c, int closed);   /* cmd_round_close.c: close (1), reopen (0) */

#endif
