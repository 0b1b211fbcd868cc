/*
 * metrics_answer.h - answer metrics against gold answers, SQuAD conventions.
 *
 *   double v = metrics_answer_max(METRICS_ANSWER_F1, pred, golds, n_golds, 1.0);
 *
 * Strings are UTF-8 and NUL-terminated. Both are normalised and split on
 * whitespace (tokens.h); EM, token F1, BLEU-1, ROUGE-1 recall and ROUGE-L
 * compare those token lists. When a side has no tokens left each metric does
 * what its reference tool does: EM and F1 are 1 if both are empty and 0 if
 * one is (SQuAD 2.0 script); BLEU-1 is 0 (NLTK sentence_bleu: no matching
 * unigram), ROUGE-1 and ROUGE-L are 0 (rouge-score: Score(0, 0, 0) for an
 * empty side).
 *
 * Pure: no I/O, no SQL, no JSON; reentrant. Only the strings of
 * metrics_normalize_answer and metrics_scai_normalize need freeing.
 * Allocation failure aborts (xmalloc).
 */
#ifndef CONVQA_METRICS_ANSWER_H
#define CONVQA_METRICS_ANSWER_H

#include <stddef.h>

/* The SQuAD normalisation of s: tokens_normalize() (tokens.h), under the
 * name the metrics have always given it. Caller frees with free(). */
char *metrics_normalize_answer(const char *s);

/* 1.0 if the normalised strings are equal, else 0.0. */
double metrics_exact_match(const char *pred, const char *gold);

/* SQuAD token F1 over the multiset of common tokens; 1.0 if both have no
 * tokens, 0.0 if only one has none (SQuAD 2.0 script). */
double metrics_token_f1(const char *pred, const char *gold);

/* BLEU-1 as in the thesis: clipped unigram matches divided by the number of
 * predicted tokens. If brevity_penalty is nonzero the score is multiplied by
 * BP = exp(1 - |gold|/|pred|) when |pred| < |gold| (1 otherwise). 0.0 when
 * either is empty, both included (NLTK returns 0 without a matching unigram). */
double metrics_bleu1(const char *pred, const char *gold, int brevity_penalty);

/* ROUGE-1 recall: clipped unigram matches divided by the number of gold
 * tokens. 0.0 when either is empty, both included (rouge-score). */
double metrics_rouge1_recall(const char *pred, const char *gold);

/* ROUGE-L F-measure: with L = LCS length over tokens, P = L/|pred|,
 * R = L/|gold|, F = (1 + beta^2) P R / (R + beta^2 P); beta = 1 is the
 * harmonic mean, larger beta favours recall. 0 when L == 0, so also when
 * either is empty, both included (rouge-score). beta must be >= 0. */
double metrics_rouge_l(const char *pred, const char *gold, double beta);

enum metrics_answer {
	METRICS_ANSWER_EM,
	METRICS_ANSWER_F1,
	METRICS_ANSWER_BLEU1,
	METRICS_ANSWER_BLEU1_BP,   /* BLEU-1 with brevity penalty */
	METRICS_ANSWER_ROUGE1_R,
	METRICS_ANSWER_ROUGE_L,    /* uses beta */
	METRICS_ANSWER_SCAI_EM,    /* SCAI-QReCC exact match (stemmed, see below) */
	METRICS_ANSWER_COUNT
};

/* Short stable name: "em", "f1", "bleu1", "bleu1_bp", "rouge1_r", "rouge_l",
 * "scai_em";
 * NULL for an unknown value. */
const char *metrics_answer_name(enum metrics_answer m);

/* The metric m of pred against the best of n_golds gold answers (SQuAD takes
 * the maximum over golds). As in the SQuAD 2.0 script, golds that normalise
 * to nothing are left out unless every gold does (then pred is scored
 * against the empty answer). beta is used by ROUGE-L only. n_golds == 0
 * gives 0.0. golds and the strings are borrowed. */
double metrics_answer_max(enum metrics_answer m, const char *pred,
			  const char *const *golds, size_t n_golds, double beta);

/* Every metric of the table at once, each the maximum over the golds:
 * out[m] == metrics_answer_max(m, pred, golds, n_golds, beta), but each
 * answer is normalised and tokenised only once. All 0.0 when n_golds == 0. */
void metrics_answer_all(const char *pred, const char *const *golds, size_t n_golds,
			double beta, double out[METRICS_ANSWER_COUNT]);

/* The golds of one question tokenised once, for scoring many predictions
 * against them (a reader's candidates): metrics_answer_em_f1() gives
 * *em == metrics_answer_max(METRICS_ANSWER_EM, pred, golds, n_golds, 1.0)
 * and *f1 the same of METRICS_ANSWER_F1, pred tokenised once for both.
 * golds are copied; free with metrics_golds_free(). */
struct metrics_golds;
struct metrics_golds *metrics_golds_new(const char *const *golds, size_t n_golds);
void metrics_golds_free(struct metrics_golds *gs);
void metrics_answer_em_f1(const char *pred, const struct metrics_golds *gs, double *em, double *f1);
/* metrics_answer_all() against golds tokenised once (their SCAI forms made
 * on the first call and kept in gs: one thread at a time). */
void metrics_answer_all_golds(const char *pred, struct metrics_golds *gs, double beta,
			      double out[METRICS_ANSWER_COUNT]);

/*
 * SCAI-QReCC exact match (seed 004: "identical after lowercasing, stemming,
 * punctuation and stopword removal"; the shared task's own scorer for this
 * step is not published, so the steps are fixed here):
 *   1. split on whitespace (the same whitespace as the SQuAD normalisation);
 *   2. lowercase ASCII letters; typographic apostrophes U+2018/U+2019 -> ';
 *   3. drop the token if, with leading and trailing ASCII punctuation
 *      trimmed, it is a stop word (so "it's," and "(the" go);
 *   4. remove every ASCII punctuation character; drop the token if nothing
 *      is left or if it is now a stop word;
 *   5. stem with the Snowball English (Porter2) stemmer of libstemmer.
 * Stop words: the Snowball English stop list (snowballstem.org,
 * algorithms/english/stop.txt, 174 words: pronouns, forms of be/have/do,
 * contractions such as "don't", articles, conjunctions, prepositions, "no",
 * "not", "very", ...). The match compares the stem sequences; two answers
 * that both normalise to nothing match, and a gold that normalises to
 * nothing counts only when every gold does (as SQuAD 2.0 EM).
 */
/* The normalised form: stems joined by single spaces. Caller frees. */
char *metrics_scai_normalize(const char *s);
/* 1.0 if the normalised forms are equal, else 0.0. */
double metrics_scai_exact_match(const char *pred, const char *gold);

#endif
