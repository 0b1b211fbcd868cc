/*
 * metrics_retrieval.h - ranking and per-item retrieval metrics, trec_eval
 * conventions. One call scores one item (a question):
 *
 *   size_t order[n];
 *   metrics_order_by_score(order, scores, ids, n);   // rank 1 first
 *   int rel[n];  for (i..) rel[i] = is_relevant(order[i]);
 *   struct metrics_mean mrr = METRICS_MEAN_INIT;     // metrics_stats.h
 *   metrics_mean_add(&mrr, metrics_reciprocal_rank(rel, n, 0));
 *   ... after all items: metrics_mean_value(&mrr, &value);
 *
 * rel[i] != 0 means the passage at rank i+1 is relevant. R is the number of
 * passages known to be relevant for the item, retrieved or not; if R is
 * smaller than the number of relevant entries in rel it is raised to that
 * number, so scores stay in [0, 1]. k == 0 means "no cutoff" (k = n).
 * An item with nothing relevant scores 0, never NaN.
 *
 * Pure: no I/O, no SQL, no JSON; reentrant. Nothing returned needs freeing.
 */
#ifndef CONVQA_METRICS_RETRIEVAL_H
#define CONVQA_METRICS_RETRIEVAL_H

#include <stddef.h>

/* ---- ranking ---------------------------------------------------------- */

/*
 * Fill order[0..n-1] with the indexes 0..n-1 sorted into rank order: score
 * descending; equal scores by id descending in byte (strcmp) order, as
 * trec_eval breaks ties by docno; equal or missing ids by index ascending.
 * NaN scores rank after every number. ids may be NULL (ties then by index),
 * and individual ids may be NULL (they sort after every non-NULL id).
 * order is caller-owned, n entries; scores and ids are borrowed.
 */
void metrics_order_by_score(size_t *order, const double *scores,
			    const char *const *ids, size_t n);

/* ---- per-item retrieval metrics (rel: n flags in rank order) ----------- */

/* success@k: 1 if a relevant passage is in the top k, else 0. */
int metrics_hit_at_k(const int *rel, size_t n, size_t k);

/* 1/rank of the first relevant passage within the top k (k == 0: whole
 * list, the trec_eval recip_rank); 0 if there is none. */
double metrics_reciprocal_rank(const int *rel, size_t n, size_t k);

/* Relevant in the top k divided by k, even when fewer than k were
 * retrieved (trec_eval P_k). k == 0 divides by n; n == 0 gives 0. */
double metrics_precision_at_k(const int *rel, size_t n, size_t k);

/* Relevant in the top k divided by R; 0 if R == 0. */
double metrics_recall_at_k(const int *rel, size_t n, size_t k, size_t R);

/* Sum of precision at the rank of each relevant retrieved passage, divided
 * by R (unretrieved relevant passages contribute 0); 0 if R == 0. */
double metrics_average_precision(const int *rel, size_t n, size_t R);

/* Binary-gain nDCG at k (trec_eval ndcg_cut): DCG = sum over relevant ranks
 * r <= k of 1/log2(r + 1); the ideal DCG puts min(R, k) relevant passages at
 * ranks 1, 2, ... (all R when k == 0). 0 if R == 0. */
double metrics_ndcg_at_k(const int *rel, size_t n, size_t k, size_t R);
/* Graded nDCG at k, with the judgement as the gain (trec_eval ndcg_cut's
 * default gains): DCG = sum over ranks r <= k of gain[r - 1] / log2(r + 1);
 * the ideal DCG the same over ideal[0..n_ideal), the gains of every passage
 * known for the item (retrieved or not), sorted best first (all of them
 * when k == 0). Gains are >= 0; 0 when the ideal DCG is 0. */
double metrics_ndcg_graded_at_k(const int *gain, size_t n, size_t k, const int *ideal, size_t n_ideal);

#endif
