/*
 * pref_row.h - one preference between two answers to one turn, as the store
 * gives it (the pair unit, issue 22) and the pairwise statistics take it
 * (metrics_pairwise): the type both sides see, so that neither includes the
 * other.
 *
 * Data only: no functions. A preference is normalised to the systems: the
 * pair is (sys_a, sys_b) with sys_a < sys_b, and winner names one of them,
 * never a side of the screen. The strings are borrowed from whoever filled
 * the rows.
 */
#ifndef CONVQA_PREF_ROW_H
#define CONVQA_PREF_ROW_H

enum pref_winner {
	PREF_A,         /* sys_a's answer preferred */
	PREF_B,         /* sys_b's answer preferred */
	PREF_TIE,       /* equally good */
	PREF_BOTH_BAD,  /* neither is acceptable (a tie for win rates) */
	PREF_SAME,      /* identical answers, not asked: a tie, counted apart */
};

struct pref_row {
	long long turn_id;      /* the turn both answers answer */
	const char *conversation;
	int depth;              /* the turn's number in its conversation */
	int sys_a, sys_b;       /* indices into the caller's system names; sys_a < sys_b */
	int rater;              /* index into the caller's rater names; -1: none (PREF_SAME) */
	const char *field;      /* the scheme field judged (e.g. "preference") */
	enum pref_winner winner;
	int a_first;            /* 1: sys_a's answer was shown left (or on top); -1: not shown */
	double seconds;         /* time the rater spent on the pair */
	int has_abs;            /* 1: both answers have an absolute correctness label (abs_a, abs_b) */
	double abs_a, abs_b;    /* their correctness codes, higher = more correct (the report's layer) */
};

#endif
