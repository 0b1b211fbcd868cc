/*
 * access.h - who is running convqa, and what that account may do in a
 * project. Layer 3, beside the labelling module: labelling_open() asks it
 * whether the running account may write a rater's labels; the commands
 * that change raters and rounds ask it whether the account may manage
 * them.
 *
 * The account is the operating system's: the effective user id, named by
 * the system's user database (getpwuid(geteuid())). Nothing overrides it:
 * no option and no environment variable ($USER only names the default
 * rater, never the account).
 *
 * The rules, each kept here and only here:
 *   write        a rater bound to an account (convqa rater add NAME
 *                --os-user ACCOUNT) has labels written only from that
 *                account (or another name of the same user id); an unbound
 *                rater's, and a rater the project does not have yet, from
 *                any account
 *   coordinate   managing rounds and changing raters (a role, an account,
 *                trust) is open to every account while the project has no
 *                coordinator bound to an account (a one-person project
 *                needs no ceremony); once it has one, only the accounts of
 *                its bound coordinators may. So the first binding of a
 *                coordinator is always possible, and binds the project.
 *   act as       while a round is open, an account bound to one of its raters
 *                acts in it as that rater only: it neither labels nor
 *                adjudicates in the round under another name, bound or
 *                not (a way round blind); a coordinator's account may
 *   blind        an account bound to a rater who is not a coordinator sees,
 *                in exports and reports, only that rater's labels of the
 *                rounds still open (other raters' labels of open rounds are
 *                left out); coordinators and unbound accounts see all.
 *
 * What this guards against: mix-ups among honest people sharing a project
 * file (a rater labelling under a colleague's name, a rater changing a
 * round's plan), not an adversary: whoever may write the file may change
 * it with any SQLite tool. The file's permissions are that protection.
 *
 *   if (access_check_write(store, "alice", &err) != ST_OK)
 *           ... ST_INPUT: err.msg says whose account it takes; else ST_STORE
 *
 * The module never prints. Messages are for a person: lowercase, no
 * period, without a command's name.
 */
#ifndef CONVQA_ACCESS_H
#define CONVQA_ACCESS_H

#include <stdint.h>

#include "convqa/common.h"

struct store;

/* The name of the account convqa runs as, or "uid N" when the system has
 * no name for the user id. Caller frees. */
char *access_account(void);

/* Whether the system knows an account of that name (getpwnam). */
int access_account_known(const char *name);

/* An account's name as --os-user takes it: 1 to 256 bytes of printable
 * ASCII without spaces, ':' (the passwd field separator), ',' (lists) or
 * '/', not beginning with '-', and not all digits (a user id is not a
 * name). NULL when name is fine, else why not. Whether the account exists
 * here is another question (access_account_known): a coordinator may set
 * up raters for the accounts of another machine. */
const char *access_account_name_problem(const char *name);

/* The project's coordinators bound to an account, as "carol (account
 * carol), dave (account d)" into *who (caller frees; NULL when it has
 * none: every account may manage raters and rounds). */
enum status access_coordinators(struct store *s, char **who, struct error *err);

/* ST_OK when the running account may write the labels of rater (a name;
 * a rater the project lacks is unbound). Refused: ST_INPUT with "rater
 * 'alice' is bound to the account 'alice'; you are 'bob' (labels of a
 * bound rater are written from their account)". ST_STORE when the project
 * cannot be read. */
enum status access_check_write(struct store *s, const char *rater, struct error *err);

/* ST_OK when the running account may do action (a phrase: "create rounds",
 * "change raters"), by the coordinate rule above. Refused: ST_INPUT with
 * "only a coordinator may ACTION (coordinators: carol (account carol));
 * you are 'bob'". Call it inside the transaction that makes the change, so
 * that the rule holds for the project as the change finds it. */
enum status access_check_coordinator(struct store *s, const char *action, struct error *err);

/* ST_OK when the running account may act as rater in the open round
 * round_id (named round) by the act-as rule above. Refused: ST_INPUT with
 * "this account is bound to rater alice, a rater of round 'r1', which is
 * open: from it, act as alice only, not as dan (...)". */
enum status access_check_act_as(struct store *s, const char *rater, int64_t round_id, const char *round,
				 struct error *err);

/* The rater whose view the running account has (blind): *rater (caller
 * frees) when the account is bound to a rater and to no coordinator; NULL
 * when it sees every label. Of several raters bound to one account, the
 * first by name. */
enum status access_blind_rater(struct store *s, char **rater, struct error *err);

#endif
