/*
 * metrics_variants.h - the metric variants the source documents report with,
 * named apart from the standard (trec_eval, SQuAD) definitions of
 * metrics_retrieval.h and metrics_answer.h (docs/metrics.md, "Variants").
 *
 * Seed 003 (a QA system that returns a fixed number of documents):
 *   modified precision = relevant returned / all relevant (R): the share of
 *     the relevant documents the list holds (trec_eval would call it recall
 *     over the whole list, not precision);
 *   nDCG with the discount 1/(i+1) at 0-based rank i over the whole
 *     returned list, against the ideal of R relevant documents at ranks
 *     0..R-1 (not capped at the list's length: a list shorter than R cannot
 *     reach 1);
 *   fuzzy fact inclusion: the gold answer found in the system answer by an
 *     approximate substring match (below).
 *
 * Retrieval: rel[i] != 0 when the document at rank i+1 is relevant; R is
 * raised to the relevant entries of rel when smaller (scores stay in
 * [0, 1]); R == 0 scores 0, never NaN.
 *
 * Pure: no I/O; inputs are borrowed; nothing returned needs freeing.
 */
#ifndef CONVQA_METRICS_VARIANTS_H
#define CONVQA_METRICS_VARIANTS_H

#include <stddef.h>

/* Relevant documents among the n returned, divided by R. */
double metrics_modified_precision(const int *rel, size_t n, size_t R);

/* DCG = sum over i < n of rel[i] / (i + 1); IDCG = sum over i < R of
 * 1 / (i + 1); DCG / IDCG. */
double metrics_ndcg_rank_discount(const int *rel, size_t n, size_t R);

/* How well gold appears inside answer, in [0, 1]: both are normalised as
 * SQuAD does (tokens.h) and read as code points; with g the gold's length
 * and d the fewest insertions, deletions and substitutions that turn some
 * substring of the answer (possibly empty) into the gold (Sellers 1980:
 * edit distance with a free start and end in the answer), the score is
 * 1 - d / g. A gold found verbatim scores 1. A gold that normalises to
 * nothing scores 1 when the answer does too, else 0. */
double metrics_fuzzy_inclusion_score(const char *answer, const char *gold);

/* Fuzzy fact inclusion: 1.0 when the best score over the n_golds gold
 * answers reaches threshold, else 0.0 (0.0 when n_golds == 0). */
double metrics_fuzzy_inclusion(const char *answer, const char *const *golds, size_t n_golds,
			       double threshold);

/* Seed 001's reader metrics. A question is impossible to answer when it has
 * gold answers and every one of them normalises to nothing (SQuAD 2.0's
 * empty gold: metrics_answer.h); a reading (an answer candidate) is
 * correct when it matches a gold answer exactly after the SQuAD
 * normalisation (EM = 1): for an impossible question, a candidate that
 * normalises to nothing (the reader's None). */
int metrics_impossible(const char *const *golds, size_t n_golds);

/* The 1-based rank of the first of the n_cands candidates (best first)
 * that is a correct reading, or 0 when none is (n_golds == 0: 0). Top-k
 * reader accuracy counts a question when this is from 1 to k. */
size_t metrics_reader_first_correct(const char *const *cands, size_t n_cands, const char *const *golds,
				    size_t n_golds);

/* The default threshold of metrics_fuzzy_inclusion (convqa report
 * --fuzzy-threshold changes it). */
#define METRICS_FUZZY_THRESHOLD 0.8

#endif
