/*
 * metrics.h - retrieval, answer and correlation metrics over plain C data.
 *
 * Pure functions: no I/O, no SQL, no JSON. Arrays and strings come in, doubles
 * and small structs go out. Where published tools disagree this module says
 * which convention it follows (DESIGN.md "Metric conventions").
 *
 * Retrieval (trec_eval conventions). One call scores one item (a question):
 *
 *   size_t order[n];
 *   metrics_order_by_score(order, scores, ids, n);   // rank 1 first
 *   int rel[n];  for (i..) rel[i] = is_relevant(order[i]);
 *   struct metrics_mean mrr = METRICS_MEAN_INIT;
 *   metrics_mean_add(&mrr, metrics_reciprocal_rank(rel, n, 0));
 *   ... after all items: metrics_mean_value(&mrr, &value);
 *
 *   rel[i] != 0 means the passage at rank i+1 is relevant. R is the number of
 *   passages known to be relevant for the item, retrieved or not; if R is
 *   smaller than the number of relevant entries in rel it is raised to that
 *   number, so scores stay in [0, 1]. k == 0 means "no cutoff" (k = n).
 *   An item with nothing relevant scores 0, never NaN.
 *
 * Answers (SQuAD conventions). Strings are UTF-8 and NUL-terminated. Both
 *   are normalised (metrics_normalize_answer) and split on whitespace; EM,
 *   token F1, BLEU-1, ROUGE-1 recall and ROUGE-L compare those token lists.
 *   When a side has no tokens left each metric does what its reference tool
 *   does: EM and F1 are 1 if both are empty and 0 if one is (SQuAD 2.0
 *   script); BLEU-1 is 0 (NLTK sentence_bleu: no matching unigram), ROUGE-1
 *   and ROUGE-L are 0 (rouge-score: Score(0, 0, 0) for an empty side).
 *
 * Correlation, intervals, quantiles return an enum metrics_status and write
 *   the value through a pointer only on METRICS_OK; "undefined" is a status,
 *   never a NaN.
 *
 * Memory: nothing returned by this module needs freeing except the string of
 * metrics_normalize_answer. Allocation failure aborts (xmalloc). All functions
 * are reentrant.
 */
#ifndef CONVQA_METRICS_H
#define CONVQA_METRICS_H

#include <stddef.h>

enum metrics_status {
	METRICS_OK = 0,
	METRICS_EMPTY,          /* no data (n == 0) */
	METRICS_TOO_FEW_POINTS, /* fewer than 2 points */
	METRICS_ZERO_VARIANCE,  /* a variable is constant: correlation undefined */
	METRICS_BAD_ARGUMENT,   /* e.g. successes > n, p outside [0, 1], z <= 0 */
};

/* A fixed English message for a status, e.g. "fewer than 2 points". */
const char *metrics_status_message(enum metrics_status st);

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

/* ---- macro average ----------------------------------------------------- */

struct metrics_mean {
	double sum;
	long n;
};

#define METRICS_MEAN_INIT { 0.0, 0 }

void metrics_mean_add(struct metrics_mean *m, double x);
/* Mean of the values added; METRICS_EMPTY (and *out untouched) if none. */
enum metrics_status metrics_mean_value(const struct metrics_mean *m, double *out);

/* ---- answer metrics ---------------------------------------------------- */

/*
 * SQuAD normalisation, the steps of the official evaluation script in its
 * order: lowercase (every letter: utf8proc's simple case mapping, which
 * is Python's str.lower() but for its few one-to-many and context-dependent
 * mappings such as U+0130 and a final sigma); remove ASCII punctuation
 * (!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~); turn "a", "an", "the" into a space
 * where they stand as whole words (a maximal run of letters and numbers, as
 * Python's \b...\b: so also next to non-ASCII punctuation such as U+2014);
 * collapse whitespace runs to one space, none at the ends. Whitespace is
 * ASCII space, \t \n \v \f \r, \x1c-\x1f and U+0085, U+00A0, U+1680,
 * U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000 (Python's
 * str.split()). Invalid UTF-8 bytes count as U+FFFD.
 * Returns a new string; caller frees with free(). s may not be NULL.
 */
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

/* ---- correlation -------------------------------------------------------- */

/* Pearson's r of n pairs (x[i], y[i]); inputs must be finite.
 * METRICS_TOO_FEW_POINTS if n < 2, METRICS_ZERO_VARIANCE if x or y is
 * constant; *r is written only on METRICS_OK. */
enum metrics_status metrics_pearson(const double *x, const double *y, size_t n,
				    double *r);

/* Spearman's rho: Pearson's r of the ranks, tied values sharing the average
 * of their ranks. Same statuses as metrics_pearson. */
enum metrics_status metrics_spearman(const double *x, const double *y, size_t n,
				     double *rho);

/* Kendall's tau-b = (C - D) / sqrt((n0 - n1)(n0 - n2)), n0 = n(n-1)/2,
 * n1/n2 = pairs tied in x/y. O(n log n) (Knight's algorithm: sort by x,
 * then count the exchanges of a merge sort by y). Same statuses as metrics_pearson
 * (METRICS_ZERO_VARIANCE when every pair is tied in x or in y). */
enum metrics_status metrics_kendall_tau_b(const double *x, const double *y,
					  size_t n, double *tau);

/* ---- intervals and quantiles -------------------------------------------- */

#define METRICS_Z95 1.96

/* Wilson score interval for a binomial proportion successes/n with normal
 * quantile z (METRICS_Z95 for 95%). METRICS_EMPTY if n == 0,
 * METRICS_BAD_ARGUMENT if successes is outside [0, n] or z <= 0. */
enum metrics_status metrics_wilson_interval(long successes, long n, double z,
					    double *lo, double *hi);

/* The p-quantile (0 <= p <= 1) of n values, by linear interpolation between
 * closest ranks (Hyndman & Fan type 7, R's default): with the values sorted
 * ascending as v[0..n-1] and h = (n - 1) p, the result is
 * v[floor h] + (h - floor h)(v[floor h + 1] - v[floor h]).
 * x (finite values) need not be sorted and is not modified. METRICS_EMPTY if n == 0,
 * METRICS_BAD_ARGUMENT if p is outside [0, 1]. */
enum metrics_status metrics_quantile(const double *x, size_t n, double p,
				     double *out);

struct metrics_summary {
	size_t n;
	double min, q1, median, q3, max;   /* type-7 quantiles 0, .25, .5, .75, 1 */
};

/* Five-number summary of n values (type 7 quartiles). METRICS_EMPTY if n == 0. */
enum metrics_status metrics_summarize(const double *x, size_t n,
				      struct metrics_summary *out);

#endif
