/* store_adjudicate.h - part of store.h: adjudication (store_adjudicate.c).
 * Include convqa/store.h, which includes the parts in order (each relies
 * on what comes before it), not this file. */
#ifndef CONVQA_STORE_ADJUDICATE_H
#define CONVQA_STORE_ADJUDICATE_H

/* ---- adjudication (store_adjudicate.c) -------------------------------- */

/* Where a round's raters disagree, for convqa adjudicate: per unit and
 * field of the round's task, the current value of each rater (the latest
 * label of the unit in the round, not cleared), compared as
 * report --consensus adjudicated compares them: the raters are those with
 * labels in the round who are not adjudicators and are trusted (an
 * adjudicator's values are the settlement; a distrusted rater's are left
 * out of every consensus). A unit judged by two or more of them with more
 * than one value is a disagreement. A pooled passage (one unit, however
 * many systems retrieved it), a turn and an answer text count once. A
 * round made with --swap-from (round 2 of the two-round protocol, in which
 * no item has two raters) is compared over both rounds, as round close
 * compares it: each rater's current value is their latest label of the
 * unit in the round or in the round it swapped; the settlements are the
 * adjudicator's labels in the round itself (where adjudicate saves them),
 * which report --consensus adjudicated --round R1,R2 takes.
 * Strings are owned by the struct store_disagreements they are in. */

/* One rater's value of a disagreement. */
struct store_adjudication_value {
	int64_t rater_id;
	char *rater;                      /* the rater's name */
	char *value;
};

struct store_disagreement {
	int64_t turn_id;
	const struct scheme_field *field; /* in the scheme asked for (a field with categories) */
	int64_t unit_ref;                 /* the unit: turn_id, field->unit and unit_ref (see the
					   * 2 -> 3 migration in store_migrate.c) */
	int64_t response_id;              /* where to show it: the item on which a rater first
					   * judged the unit in the round (or the round it swapped) */
	long passage_rank;                /* a passage field: the passage's rank there; else 0 */
	int answer_index, n_answers;      /* that response's place (1-based) among the turn's
					   * answers in the adjudicator's order of them */
	struct store_adjudication_value *values;   /* each rater's, by name */
	size_t n_values;
	char *settled;                    /* the adjudicator's current value of the unit in the
					   * round; NULL: not settled */
};

struct store_disagreements {
	struct store_disagreement *v;     /* by conversation (import order), turn, then its
					   * turn's fields first, the answers in the adjudicator's
					   * order (order.h, as a queue of theirs would have them),
					   * the scheme's fields in order, the passages by rank */
	size_t n;
	size_t n_settled;                 /* of v, settled */
	long units;                       /* units (per field) two or more raters judged */
	char *swap_from;                  /* the round whose items the round swapped, whose labels
					   * were compared too; NULL: none */
	char *swapped_by;                 /* a round made by swapping this one's items (the first):
					   * where its disagreements are adjudicated; NULL: none */
};

/* The disagreements of round_id in the fields of sc (its task's scheme;
 * text fields are not compared), with adjudicator_id's settlements, into
 * *out (release with store_disagreements_release()). */
enum status store_adjudicate_list(struct store *s, int64_t round_id, const struct scheme *sc,
				  int64_t adjudicator_id, struct store_disagreements *out, struct error *err);
void store_disagreements_release(struct store_disagreements *d);

#endif
