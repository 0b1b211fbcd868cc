/*
 * labelling.h - the labelling rules, between the commands and the UI above
 * and the store below: who labels (the rater), in which round and task,
 * which item, what may be written, and writing it. convqa label, convqa
 * annotate and the UI call this module for each of these rules and for
 * every label they write; none of them writes a label or adds a rater
 * through the store itself.
 *
 * A labelling session is opened once, for one rater in one round (or none)
 * and one task, and then records labels, each in its own transaction:
 *
 *   struct labelling_request rq = { .rater = "alice", .round = "r1", .task = "turn",
 *                                   .task_rule = LABELLING_TASK_MUST_MATCH };
 *   struct labelling l;
 *   if (labelling_open(&l, store, &rq, &err) != ST_OK)
 *           ... err.msg says why; l.refused names the rule when one refused
 *   struct labelling_key k = { .response_id = id, .field = "answer_correct" };
 *   labelling_set(&l, &k, "1", seconds, &err);
 *   labelling_release(&l);
 *
 * The rules, each kept here and only here:
 *   rater  a name one can type again (model_rater_name_problem); its row is
 *          added with the session's first write (labelling_rater_add), so
 *          a command refused adds no rater; annotate in a round refuses a
 *          rater it assigns no items to;
 *          the labels of a rater bound to an operating-system account are
 *          written only from that account (access_check_write, access.h:
 *          checked when a session opens); in an open round, an account
 *          bound to one of its raters opens sessions (label, annotate,
 *          adjudicate) only as that rater (access_check_act_as)
 *   round  one the project has, not closed; its task and the task asked
 *          agree as the request's task_rule says
 *   item   convqa label names an item by conversation, turn and system
 *          (labelling_item_find); a per-passage field names a rank the item
 *          retrieved
 *   write  a field of the session's task, with a value of its scale (a
 *          field that names passages, extra_gold, only ids of passages the
 *          project has: labelling_set; imports keep their values); a
 *          rater changes only their own labels; in a round, only on an
 *          item the round assigns to the rater (the response the label is
 *          given on, whatever unit its field judges; an adjudicator's
 *          labels, which settle the round, excepted); never in a closed round: a
 *          session is not opened on one, and each write reads the
 *          round's state again inside its own transaction, so a round
 *          closed while a session is open (or while a write waits for the
 *          lock) takes none of its labels after the close
 *          (LABELLING_ROUND_CLOSED; the labels saved before are kept, and
 *          a reopened round takes them again)
 *   adjudicate  a session that settles a round's disagreements (convqa
 *          adjudicate: rq.adjudicate) is an adjudicator's: a rater the
 *          project has with the role adjudicator (a name it lacks is not
 *          added), in a round. Adjudication usually follows closing: such
 *          a session is opened on a closed round too (its labels are the
 *          adjudicator's, a layer of their own: report --consensus
 *          adjudicated); on an open round only when the adjudicator is not
 *          one of its raters (a rater of an open round sees only their own
 *          labels)
 *
 *   task   a scheme the project knows (scheme_load: a built-in or one
 *          added with convqa scheme add): its fields, units and values are
 *          the write rules; a label records the unit its field judges
 *          (scheme.h), so a turn's intent or a pooled passage judged on one
 *          system's response is judged on every response of the turn that
 *          shows it
 *
 * Growing (later issues): assignments, blind labelling, adjudication and
 * live mode add fields to struct labelling_request (zero: today's
 * behaviour) and refusals to enum labelling_refusal. Callers that fill the
 * structs with designated initialisers need no change.
 *
 * Messages are for a person: lowercase, no period, without a command's name
 * (a command puts its own in front where it always has: see refused). The
 * module never prints.
 *
 * Ownership: the store is borrowed and must stay open while the session is;
 * the request's strings are copied; struct labelling owns its strings until
 * labelling_release(). Keys and values are borrowed for the call.
 */
#ifndef CONVQA_LABELLING_H
#define CONVQA_LABELLING_H

#include <stdint.h>

#include "convqa/common.h"
#include "convqa/label_row.h"
#include "convqa/model.h"
#include "convqa/scheme.h"

struct store;

/* How the task asked and a round's task must agree. */
enum labelling_task_rule {
	/* the task asked is the session's; a round of another task is refused:
	 * "round 'R' is a X round, not Y (give --task X)" (convqa label) */
	LABELLING_TASK_MUST_MATCH,
	/* a round's task is the session's; a task the user gave explicitly
	 * (task_given) that differs is refused: "round 'R' is a X round, not Y
	 * (leave out --task)" (convqa annotate) */
	LABELLING_TASK_OF_ROUND,
	/* the task of a label brought from elsewhere is the session's; a round
	 * of another task is refused: "round 'R' is a X round: it takes no
	 * labels of task Y" (convqa import-labels) */
	LABELLING_TASK_OF_LABEL,
};

/* The rule a call refused by. Failures that are not refusals (a round the
 * project does not have, SQLite) leave LABELLING_NOT_REFUSED. */
enum labelling_refusal {
	LABELLING_NOT_REFUSED,
	LABELLING_RATER_NAME,    /* not a rater's name: model_rater_name_problem()'s reason */
	LABELLING_TASK,          /* no scheme of that name: "no task or scheme 'x' (schemes: ...)" */
	LABELLING_ROUND_CLOSED,  /* "round 'R' is closed (a coordinator reopens it with: convqa round reopen R)" */
	LABELLING_ROUND_TASK,    /* the task asked is not the round's (enum labelling_task_rule) */
	LABELLING_FIELD,         /* a field the scheme does not have, a value off its scale,
				  * a passage rank where the field takes none or none where it needs one */
	LABELLING_OTHER_RATER,   /* a label of another rater than the session's */
	LABELLING_SCHEME_CHANGED, /* the project's scheme changed since the session began */
	LABELLING_ACCOUNT,       /* the rater is bound to another account than the one running:
				  * "rater 'alice' is bound to the account 'alice'; you are 'bob' (...)",
				  * or the running account is bound to another rater of the open
				  * round: "this account is bound to rater alice, a rater of round
				  * 'r1', which is open: ..." */
	LABELLING_ADJUDICATOR,   /* an adjudication session (rq.adjudicate) of a rater who is not an
				  * adjudicator: "rater 'bob' is not an adjudicator (give the role with:
				  * convqa rater add bob --role adjudicator)", or "no rater 'dan' in the
				  * project: ..." with the same command; or outside rounds */
	LABELLING_ROUND_RATER,   /* an adjudication session of an open round of which the
				  * adjudicator is one of the raters */
	LABELLING_NOT_ASSIGNED,  /* a label in a round on an item the round does not assign to
				  * the rater: "round 'R' does not assign conversation 'c1'
				  * turn 2 system 's1' to rater 'alice' (see convqa round show
				  * R): ..." */
	LABELLING_CHANGED,       /* key.if_current: the unit's current value is no longer
				  * key.current: "FIELD was changed elsewhere since (it is
				  * VALUE now)" */
};

struct labelling_request {
	const char *rater;                 /* the rater's name */
	const char *round;                 /* a round's name; NULL: outside rounds */
	const char *task;                  /* the task asked: a scheme's name (built-in or the
					    * project's); NULL: "turn" */
	int task_given;                    /* the user named the task (LABELLING_TASK_OF_ROUND) */
	enum labelling_task_rule task_rule;
	int adjudicate;                    /* 1: an adjudicator settles the round's disagreements
					    * (the adjudicate rule above); 0: labelling */
	int closed_ok;                     /* 1: a closed round opens too (l->closed set): labels
					    * from elsewhere, where the caller refuses only those
					    * the round does not hold yet (labelling_import) */
};

/* An open session. Read its fields; change them only through this module. */
struct labelling {
	struct store *store;               /* borrowed */
	char *rater;                       /* owned copy of the rater's name */
	int64_t rater_id;                  /* 0 while the project has no such rater */
	int rater_added;                   /* labelling_rater_add() added the rater */
	char *round;                       /* owned copy; NULL outside rounds */
	int64_t round_id;                  /* 0 outside rounds */
	int closed;                        /* the round is closed (opened with closed_ok or to
					    * adjudicate) */
	int adjudicator;                   /* an adjudication session, or a rater with the role
					    * adjudicator: labels in the round that settle it,
					    * on any of its items (no assignment needed) */
	struct scheme *scheme;             /* the session's task (the round's, by task_rule):
					    * its scheme, owned */
	const char *task;                  /* its name (scheme->name) */
	char *scheme_json;                 /* a project's scheme: the text it was read from,
					    * owned; NULL for a built-in */
	enum labelling_refusal refused;    /* the rule the last call refused by */
};

/* What one label is about. */
struct labelling_key {
	int64_t response_id;               /* the item: one system's response to one turn */
	const char *field;                 /* a field of the session's scheme */
	long passage_rank;                 /* passage fields: the passage's rank; else 0 */
	int64_t rater_id;                  /* whose label: 0 or the session's rater (anyone
					    * else's is refused) */
	int if_current;                    /* 1: write only while the rater's current value of
					    * the unit is `current`, read in the write's
					    * transaction (an undo takes back only its own
					    * change); 0: whatever it is */
	const char *current;               /* with if_current: the value expected (NULL: unset) */
};

/* ST_OK when name can be a rater's name, else ST_INPUT with the reason
 * (model_rater_name_problem; NULL: "no rater name"). Needs no project:
 * commands call it with their checks of the command line, before opening
 * the project; labelling_open() calls it again. */
enum status labelling_rater_check(const char *name, struct error *err);

/* Open a session in l for rq on store s. In order: the rater's name, the
 * account (a bound rater's own: access.h), for an adjudication the
 * rater's role, the round (ST_INPUT listing the project's rounds when it
 * has no such round; refused when closed (but to an adjudication) or of
 * another task, see enum labelling_task_rule:
 * LABELLING_TASK_MUST_MATCH checks the task before the round's state,
 * LABELLING_TASK_OF_ROUND after it), then the rater's row (looked up, not
 * added: labelling_rater_add), and for a rater's session of a round
 * (LABELLING_TASK_OF_ROUND, not an adjudicator) that the round assigns them
 * items (LABELLING_NOT_ASSIGNED, naming its raters). On failure l holds
 * nothing to release and l->refused names the rule that refused, if one
 * did. labelling_release() is safe either way. */
enum status labelling_open(struct labelling *l, struct store *s, const struct labelling_request *rq,
			   struct error *err);
void labelling_release(struct labelling *l);

/* Add the session's rater to the project when missing (l->rater_id set):
 * labelling_set() does it with the first label; a UI session calls it once
 * its checks pass, before it records anything of the rater. A refused
 * session never adds one. */
enum status labelling_rater_add(struct labelling *l, struct error *err);
/* Undo labelling_rater_add() for a session refused after it (annotate:
 * no terminal, no items): the rater it added is removed again while
 * nothing refers to them. A rater the project had stays. */
void labelling_rater_withdraw(struct labelling *l);

/* The item a user named: the response of system to turn position of
 * conversation, in *response_id. With rank > 0 the response must have
 * retrieved a passage at that rank. ST_INPUT when not, saying what there is
 * instead. Needs no session: a command may look the item up first. */
enum status labelling_item_find(struct store *s, const char *conversation, int position,
				const char *system, long rank, int64_t *response_id, struct error *err);

/* Record value (NULL clears the label) for key in the open session l: as
 * its rater, in its round and task, with the active seconds spent on the
 * item, in its own committed transaction, which also reads the rules that
 * depend on the project's state (the round still open, the item assigned,
 * the scheme unchanged, key->if_current); history is kept. Refused
 * (ST_INPUT, l->refused set) by the write rules above; ST_STORE with the
 * store's message when the project does not take it. Not to be called
 * inside a transaction of the caller's. */
enum status labelling_set(struct labelling *l, const struct labelling_key *key, const char *value,
			  double seconds, struct error *err);

/* ---- labels from elsewhere (labelling_import.c) ------------------------------ */

/* Would labelling_set() take value for key in l? ST_OK and the field of
 * the session's scheme in *field; else refused as labelling_set() refuses
 * (LABELLING_FIELD, LABELLING_NOT_ASSIGNED). Writes nothing. */
enum status labelling_check(struct labelling *l, const struct labelling_key *key, const char *value,
			    const struct scheme_field **field, struct error *err);

/* One label recorded elsewhere: struct labelling_import_label, label_row.h. */

struct labelling_import_request {
	const char *round;                 /* every label into this round (NULL: each its own) */
	int no_rounds;                     /* every label outside rounds */
	const char *scheme_json;           /* a scheme (its JSON text) the labels are in, added in the
					    * import's transaction when the project has none of its
					    * name (labels_read's scheme_json: MTRAG's); NULL: none */
};

struct labelling_import_result {
	long added;                        /* label rows added */
	long present;                      /* rows the project had already (skipped) */
	long copies;                       /* the project's own newer labels saved again to stay
					    * current (store_label_importer_finish) */
	int scheme_added;                  /* rq->scheme_json was added to the project */
	enum labelling_refusal refused;    /* LABELLING_ACCOUNT: the running account may not
					    * import (only a coordinator may, access.h); else
					    * LABELLING_NOT_REFUSED (each label's problems are
					    * in the message) */
};

/* Add labels[0..n) to s in one transaction, all or nothing. Importing is
 * a coordinator's work (access_check_coordinator: any account while the
 * project has no coordinator bound to one); the raters' own accounts are
 * not asked, as the labels were given elsewhere. Each label
 * passes the rules of a session of its rater, round and task (the rater's
 * name, added when missing; the round there, of the label's task: a closed
 * one takes no label it lacks, but a label it holds is no problem;
 * the field and value by the scheme of this project), names an item of
 * this project (and a passage that item retrieved: at its rank, with that
 * id), and judges the unit its field judges here (the unit is taken from
 * this project's scheme; a source that says another one is refused); a
 * label in a round is on an item the round assigns to its rater (an
 * adjudicator's excepted: the write rule above), else one message at the
 * first such label says how many there are. A label the source gives on
 * a control item (control 1) must land on a control item of its rater in
 * its round here (the round's assignment decides whether a label is a
 * control's): where it would be a judgement (outside rounds, an ordinary
 * item of the round) one message at the first says how many. A
 * label the project has already (same rater, round, item, task, field,
 * rank, value and time) is skipped: importing twice adds nothing, also
 * after the round was closed. Rows
 * are added oldest first (by time, then the source's id, then the order
 * of labels), keeping their time and seconds; the latest label of a unit
 * by time is its current one, also where the project's own label is newer
 * (store_label_importer_finish). A label at the same time as one of the
 * project's own of the same unit with another value is a conflict: the
 * import is refused, listing them. Refusals are ST_INPUT with up to ten
 * messages, one a line, each beginning with the label's where, and "and N
 * more problems"; nothing is added then. */
enum status labelling_import(struct store *s, const struct labelling_import_request *rq,
			     const struct labelling_import_label *labels, size_t n,
			     struct labelling_import_result *res, struct error *err);

/* Whether the session's task is pairwise: its fields judge pairs (the
 * pair unit; the annotate UI shows the pair screen). */
int labelling_pairwise(const struct labelling *l);
/* A label of a pair field on pair_id (store_pair.h), by the rules of
 * labelling_set(): a field of the session's task with a value of its scale
 * (NULL clears), the round open, the pair one the round assigns to the
 * rater. value names the systems (a: the pair's response_a preferred),
 * never a side of the screen: the caller maps the side the rater chose. */
enum status labelling_set_pair(struct labelling *l, int64_t pair_id, const char *field, const char *value,
			       double seconds, struct error *err);

#endif
