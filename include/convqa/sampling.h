/*
 * sampling.h - which answers a plausibility round judges (the first stage
 * of the SCAI-QReCC protocol): per question, distinct answers of several
 * systems that are similar to a gold answer.
 *
 * For every turn with a gold answer: the answers are grouped by their
 * SQuAD normalisation (equal answers are one answer; which system's
 * response represents it is drawn for the seed); empty ones are left out;
 * each distinct answer's similarity is the best over the gold answers of
 * token F1 or ROUGE-L F1 (metrics_answer.h), or a number the responses'
 * metadata holds (an imported similarity such as SAS); those at or above
 * min_sim qualify, and per question at most per_question of them are taken
 * (drawn for the seed). Questions on which the systems disagree (two or
 * more qualifying distinct answers) come first when questions limits how
 * many are used. Every answer left out is counted under its reason.
 */
#ifndef CONVQA_SAMPLING_H
#define CONVQA_SAMPLING_H

#include <stddef.h>
#include <stdint.h>

#include "convqa/common.h"

struct store;

enum sampling_sim { SAMPLING_F1, SAMPLING_ROUGE_L, SAMPLING_COLUMN };

struct sampling_request {
	enum sampling_sim sim;
	const char *column;                /* SAMPLING_COLUMN: the metadata key */
	double min_sim;                    /* 0.7 in the protocol */
	size_t per_question;               /* answers per question at most (4) */
	size_t questions;                  /* questions at most; 0: all */
	uint64_t seed;
};

struct sampling_result {
	int64_t *ids;                      /* the responses chosen, ascending (caller frees) */
	size_t n;
	size_t questions;                  /* questions with an answer chosen */
	size_t disagreeing;                /* of them, with two or more distinct answers */
	/* answers left out, by reason */
	size_t no_gold, empty, same_answer, below, no_value, over_per_question, over_questions;
	size_t with_value;                 /* SAMPLING_COLUMN: responses (of any turn) whose
					    * metadata holds a number under the key */
};

enum status sampling_choose(struct store *s, const struct sampling_request *rq, struct sampling_result *out,
			    struct error *err);

#endif
