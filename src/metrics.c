/* metrics.c - retrieval, answer and correlation metrics (see metrics.h). */
#include "convqa/metrics.h"

#include <libstemmer.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "convqa/common.h"
#include "convqa/strbuf.h"
#include "convqa/text.h"

static const char *const status_messages[] = {
	[METRICS_OK] = "ok",
	[METRICS_EMPTY] = "no data",
	[METRICS_TOO_FEW_POINTS] = "fewer than 2 points",
	[METRICS_ZERO_VARIANCE] = "a variable is constant",
	[METRICS_BAD_ARGUMENT] = "argument out of range",
};

const char *metrics_status_message(enum metrics_status st)
{
	if ((unsigned)st >= sizeof(status_messages) / sizeof(status_messages[0]))
		return "unknown status";
	return status_messages[st];
}

/* ---- ranking ------------------------------------------------------------ */

struct ranked {
	double score;
	const char *id;
	size_t index;
};

static int cmp_ranked(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;
	int a_nan = isnan(a->score), b_nan = isnan(b->score);

	if (a_nan != b_nan)
		return a_nan ? 1 : -1;
	if (!a_nan && a->score != b->score)
		return a->score > b->score ? -1 : 1;
	if (a->id && b->id) {
		int c = strcmp(b->id, a->id);   /* descending, like trec_eval */
		if (c)
			return c < 0 ? -1 : 1;
	} else if (a->id != b->id) {
		return a->id ? -1 : 1;          /* NULL ids after the others */
	}
	return a->index < b->index ? -1 : a->index > b->index;
}

void metrics_order_by_score(size_t *order, const double *scores,
			    const char *const *ids, size_t n)
{
	struct ranked *r;
	size_t i;

	if (n == 0)
		return;
	r = xmalloc(n * sizeof(*r));
	for (i = 0; i < n; i++) {
		r[i].score = scores[i];
		r[i].id = ids ? ids[i] : NULL;
		r[i].index = i;
	}
	qsort(r, n, sizeof(*r), cmp_ranked);
	for (i = 0; i < n; i++)
		order[i] = r[i].index;
	free(r);
}

/* ---- per-item retrieval metrics ------------------------------------------ */

static size_t cutoff(size_t n, size_t k)
{
	return (k == 0 || k > n) ? n : k;
}

static size_t count_relevant(const int *rel, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += rel[i] != 0;
	return c;
}

/* R as given, raised to the relevant passages actually seen in rel. */
static size_t effective_r(const int *rel, size_t n, size_t R)
{
	size_t seen = count_relevant(rel, n);

	return seen > R ? seen : R;
}

int metrics_hit_at_k(const int *rel, size_t n, size_t k)
{
	return count_relevant(rel, cutoff(n, k)) > 0;
}

double metrics_reciprocal_rank(const int *rel, size_t n, size_t k)
{
	size_t i, top = cutoff(n, k);

	for (i = 0; i < top; i++)
		if (rel[i])
			return 1.0 / (double)(i + 1);
	return 0.0;
}

double metrics_precision_at_k(const int *rel, size_t n, size_t k)
{
	size_t denom = k ? k : n;

	if (denom == 0)
		return 0.0;
	return (double)count_relevant(rel, cutoff(n, k)) / (double)denom;
}

double metrics_recall_at_k(const int *rel, size_t n, size_t k, size_t R)
{
	size_t r = effective_r(rel, n, R);

	if (r == 0)
		return 0.0;
	return (double)count_relevant(rel, cutoff(n, k)) / (double)r;
}

double metrics_average_precision(const int *rel, size_t n, size_t R)
{
	size_t i, found = 0, r = effective_r(rel, n, R);
	double sum = 0.0;

	if (r == 0)
		return 0.0;
	for (i = 0; i < n; i++) {
		if (!rel[i])
			continue;
		found++;
		sum += (double)found / (double)(i + 1);
	}
	return sum / (double)r;
}

double metrics_ndcg_at_k(const int *rel, size_t n, size_t k, size_t R)
{
	size_t i, top = cutoff(n, k), r = effective_r(rel, n, R);
	size_t ideal_n = (k && k < r) ? k : r;
	double dcg = 0.0, idcg = 0.0;

	if (r == 0)
		return 0.0;
	for (i = 0; i < top; i++)
		if (rel[i])
			dcg += 1.0 / log2((double)(i + 2));
	for (i = 0; i < ideal_n; i++)
		idcg += 1.0 / log2((double)(i + 2));
	return dcg / idcg;
}

/* ---- macro average -------------------------------------------------------- */

void metrics_mean_add(struct metrics_mean *m, double x)
{
	m->sum += x;
	m->n++;
}

enum metrics_status metrics_mean_value(const struct metrics_mean *m, double *out)
{
	if (m->n <= 0)
		return METRICS_EMPTY;
	*out = m->sum / (double)m->n;
	return METRICS_OK;
}

/* ---- answer normalisation and tokens -------------------------------------- */

/* Byte length of the whitespace code point at p, or 0 if there is none. */
static size_t space_len(const unsigned char *p)
{
	if (*p == ' ' || (*p >= '\t' && *p <= '\r') || (*p >= 0x1c && *p <= 0x1f))
		return 1;
	if (p[0] == 0xc2 && (p[1] == 0x85 || p[1] == 0xa0))
		return 2;
	if (p[0] == 0xe1 && p[1] == 0x9a && p[2] == 0x80)
		return 3;
	if (p[0] == 0xe2 && p[1] == 0x80 &&
	    ((p[2] >= 0x80 && p[2] <= 0x8a) || p[2] == 0xa8 || p[2] == 0xa9 ||
	     p[2] == 0xaf))
		return 3;
	if (p[0] == 0xe2 && p[1] == 0x81 && p[2] == 0x9f)
		return 3;
	if (p[0] == 0xe3 && p[1] == 0x80 && p[2] == 0x80)
		return 3;
	return 0;
}

static int is_ascii_punct(unsigned char c)
{
	return c && strchr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) != NULL;
}

/* Python's \w for str patterns: letters and numbers (str.isalnum), and '_'
 * (gone with the punctuation by then). */
static int is_word_cp(utf8proc_int32_t cp)
{
	switch (utf8proc_category(cp)) {
	case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
	case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO:
	case UTF8PROC_CATEGORY_ND: case UTF8PROC_CATEGORY_NL: case UTF8PROC_CATEGORY_NO:
		return 1;
	default:
		return cp == '_';
	}
}

static int is_article(const utf8proc_int32_t *w, size_t len)
{
	return (len == 1 && w[0] == 'a') || (len == 2 && w[0] == 'a' && w[1] == 'n') ||
	       (len == 3 && w[0] == 't' && w[1] == 'h' && w[2] == 'e');
}

static int is_space_cp(utf8proc_int32_t cp)
{
	char b[4];
	unsigned char z[5] = { 0 };
	size_t n = text_utf8_encode((uint32_t)cp, b);
	memcpy(z, b, n);
	return space_len(z) == n;
}

/* The steps of the SQuAD script, in its order: lower(), remove
 * string.punctuation, re.sub(r'\b(a|an|the)\b', ' '), ' '.join(split()). */
char *metrics_normalize_answer(const char *s)
{
	size_t len = strlen(s), n = 0, i = 0;
	utf8proc_int32_t *cp = xmalloc((len + 1) * sizeof(*cp));
	struct strbuf out = STRBUF_INIT;

	/* lowercase, drop ASCII punctuation */
	while (i < len) {
		uint32_t c;
		size_t k = text_utf8_decode(s + i, len - i, &c);
		if (!k) {
			c = 0xfffd; /* invalid UTF-8 */
			k = 1;
		}
		i += k;
		if (c < 0x80 && is_ascii_punct((unsigned char)c))
			continue;
		cp[n++] = utf8proc_tolower((utf8proc_int32_t)c);
	}
	/* a run of word characters that is exactly a, an or the becomes a space */
	for (i = 0; i < n;) {
		size_t j = i;
		while (j < n && is_word_cp(cp[j]))
			j++;
		if (j > i) {
			if (is_article(cp + i, j - i))
				for (size_t k = i; k < j; k++)
					cp[k] = ' ';
			i = j;
		} else {
			i++;
		}
	}
	/* whitespace runs -> one space, none at the ends */
	int pending = 0;
	for (i = 0; i < n; i++) {
		if (is_space_cp(cp[i])) {
			pending = out.len > 0;
			continue;
		}
		if (pending)
			strbuf_addc(&out, ' ');
		pending = 0;
		char b[4];
		strbuf_add(&out, b, text_utf8_encode((uint32_t)cp[i], b));
	}
	free(cp);
	return strbuf_detach(&out);
}

struct tokens {
	char *text;       /* normalised text with NULs between tokens */
	char **tok;       /* tok[0..n-1] point into text, in order */
	char **sorted;    /* the same pointers sorted by strcmp */
	size_t n;
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void tokens_init(struct tokens *t, const char *s)
{
	size_t i, len;

	t->text = metrics_normalize_answer(s);
	len = strlen(t->text);
	t->n = 0;
	t->tok = xmalloc((len / 2 + 1) * sizeof(*t->tok));   /* tokens are >= 1 byte */
	for (i = 0; i < len; i++) {
		if (i == 0 || t->text[i - 1] == '\0')
			t->tok[t->n++] = t->text + i;
		if (t->text[i] == ' ')
			t->text[i] = '\0';
	}
	t->sorted = xmalloc((t->n + 1) * sizeof(*t->sorted));
	if (t->n)
		memcpy(t->sorted, t->tok, t->n * sizeof(*t->sorted));
	qsort(t->sorted, t->n, sizeof(*t->sorted), cmp_str);
}

static void tokens_release(struct tokens *t)
{
	free(t->text);
	free(t->tok);
	free(t->sorted);
}

/* Size of the multiset intersection, i.e. the clipped unigram matches. */
static size_t common_count(const struct tokens *a, const struct tokens *b)
{
	size_t i = 0, j = 0, c = 0;

	while (i < a->n && j < b->n) {
		int d = strcmp(a->sorted[i], b->sorted[j]);
		c += d == 0;
		i += d <= 0;
		j += d >= 0;
	}
	return c;
}

static size_t lcs_length(const struct tokens *a, const struct tokens *b)
{
	size_t *prev = xcalloc(b->n + 1, sizeof(*prev));
	size_t *cur = xcalloc(b->n + 1, sizeof(*cur));
	size_t i, j, result;

	for (i = 1; i <= a->n; i++) {
		size_t *swap;
		for (j = 1; j <= b->n; j++) {
			if (!strcmp(a->tok[i - 1], b->tok[j - 1]))
				cur[j] = prev[j - 1] + 1;
			else
				cur[j] = prev[j] > cur[j - 1] ? prev[j] : cur[j - 1];
		}
		swap = prev;
		prev = cur;
		cur = swap;
	}
	result = prev[b->n];
	free(prev);
	free(cur);
	return result;
}

static double f_measure(double prec, double rec, double beta)
{
	double b2 = beta * beta;

	return (1.0 + b2) * prec * rec / (rec + b2 * prec);
}

/* Metric m of prediction p against gold g (both tokenised). */
static double score_pair(enum metrics_answer m, const struct tokens *p,
			 const struct tokens *g, double beta)
{
	size_t i, c;
	double np = (double)p->n, ng = (double)g->n;

	if (m == METRICS_ANSWER_EM) {
		for (i = 0; i < p->n && i < g->n; i++)
			if (strcmp(p->tok[i], g->tok[i]))
				return 0.0;
		return p->n == g->n ? 1.0 : 0.0;
	}
	if (p->n == 0 || g->n == 0) {
		/* the SQuAD 2.0 F1 is int(gold_toks == pred_toks) here; NLTK's BLEU
		 * and rouge-score give 0 whenever a side is empty */
		return m == METRICS_ANSWER_F1 && p->n == g->n ? 1.0 : 0.0;
	}
	c = m == METRICS_ANSWER_ROUGE_L ? lcs_length(p, g) : common_count(p, g);
	if (c == 0)
		return 0.0;
	switch (m) {
	case METRICS_ANSWER_F1:
		return f_measure((double)c / np, (double)c / ng, 1.0);
	case METRICS_ANSWER_BLEU1:
		return (double)c / np;
	case METRICS_ANSWER_BLEU1_BP:
		return (double)c / np * (np < ng ? exp(1.0 - ng / np) : 1.0);
	case METRICS_ANSWER_ROUGE1_R:
		return (double)c / ng;
	case METRICS_ANSWER_ROUGE_L:
		return f_measure((double)c / np, (double)c / ng, beta);
	default:
		return 0.0;
	}
}

/* out[m] for the metrics first <= m < last (but SCAI EM): the best score of
 * pred over the golds. A gold that normalises to nothing counts only when
 * every gold does, as in the SQuAD 2.0 script (get_raw_scores keeps the
 * golds whose normalize_answer() is not empty, else [""]). */
static void best_over_golds(const char *pred, const char *const *golds, size_t n_golds,
			    double beta, int first, int last, double out[METRICS_ANSWER_COUNT])
{
	double if_all_empty[METRICS_ANSWER_COUNT];
	int any_gold = 0, m;
	struct tokens p;
	size_t i;

	for (m = first; m < last; m++)
		out[m] = if_all_empty[m] = 0.0;
	tokens_init(&p, pred);
	for (i = 0; i < n_golds; i++) {
		struct tokens g;
		double *best;

		tokens_init(&g, golds[i]);
		best = g.n ? out : if_all_empty;
		any_gold |= g.n > 0;
		for (m = first; m < last; m++) {
			double v;
			if (m == METRICS_ANSWER_SCAI_EM)
				continue;
			v = score_pair((enum metrics_answer)m, &p, &g, beta);
			best[m] = v > best[m] ? v : best[m];
		}
		tokens_release(&g);
	}
	tokens_release(&p);
	if (!any_gold)
		for (m = first; m < last; m++)
			out[m] = if_all_empty[m];
}

static struct sb_stemmer *scai_stemmer(void);
static double scai_em_max(struct sb_stemmer *st, const char *pred,
			  const char *const *golds, size_t n_golds);

static const char *const answer_names[METRICS_ANSWER_COUNT] = {
	[METRICS_ANSWER_EM] = "em",
	[METRICS_ANSWER_F1] = "f1",
	[METRICS_ANSWER_BLEU1] = "bleu1",
	[METRICS_ANSWER_BLEU1_BP] = "bleu1_bp",
	[METRICS_ANSWER_ROUGE1_R] = "rouge1_r",
	[METRICS_ANSWER_ROUGE_L] = "rouge_l",
	[METRICS_ANSWER_SCAI_EM] = "scai_em",
};

const char *metrics_answer_name(enum metrics_answer m)
{
	return (unsigned)m < METRICS_ANSWER_COUNT ? answer_names[m] : NULL;
}

double metrics_answer_max(enum metrics_answer m, const char *pred,
			  const char *const *golds, size_t n_golds, double beta)
{
	double out[METRICS_ANSWER_COUNT], best;

	if ((unsigned)m >= METRICS_ANSWER_COUNT || n_golds == 0)
		return 0.0;
	if (m == METRICS_ANSWER_SCAI_EM) {
		struct sb_stemmer *st = scai_stemmer();
		best = scai_em_max(st, pred, golds, n_golds);
		sb_stemmer_delete(st);
		return best;
	}
	best_over_golds(pred, golds, n_golds, beta, m, m + 1, out);
	return out[m];
}

double metrics_exact_match(const char *pred, const char *gold)
{
	return metrics_answer_max(METRICS_ANSWER_EM, pred, &gold, 1, 0.0);
}

double metrics_token_f1(const char *pred, const char *gold)
{
	return metrics_answer_max(METRICS_ANSWER_F1, pred, &gold, 1, 0.0);
}

double metrics_bleu1(const char *pred, const char *gold, int brevity_penalty)
{
	return metrics_answer_max(brevity_penalty ? METRICS_ANSWER_BLEU1_BP
						  : METRICS_ANSWER_BLEU1, pred, &gold, 1, 0.0);
}

double metrics_rouge1_recall(const char *pred, const char *gold)
{
	return metrics_answer_max(METRICS_ANSWER_ROUGE1_R, pred, &gold, 1, 0.0);
}

double metrics_rouge_l(const char *pred, const char *gold, double beta)
{
	return metrics_answer_max(METRICS_ANSWER_ROUGE_L, pred, &gold, 1, beta);
}

/* ---- SCAI-QReCC exact match ---------------------------------------------------- */

/* The Snowball English stop word list (snowballstem.org, algorithms/english/
 * stop.txt: 174 words), sorted by strcmp for bsearch. */
static const char *const scai_stopwords[] = {
	"a", "about", "above", "after", "again", "against", "all", "am", "an", "and",
	"any", "are", "aren't", "as", "at", "be", "because", "been", "before", "being",
	"below", "between", "both", "but", "by", "can't", "cannot", "could",
	"couldn't", "did", "didn't", "do", "does", "doesn't", "doing", "don't", "down",
	"during", "each", "few", "for", "from", "further", "had", "hadn't", "has",
	"hasn't", "have", "haven't", "having", "he", "he'd", "he'll", "he's", "her",
	"here", "here's", "hers", "herself", "him", "himself", "his", "how", "how's",
	"i", "i'd", "i'll", "i'm", "i've", "if", "in", "into", "is", "isn't", "it",
	"it's", "its", "itself", "let's", "me", "more", "most", "mustn't", "my",
	"myself", "no", "nor", "not", "of", "off", "on", "once", "only", "or", "other",
	"ought", "our", "ours", "ourselves", "out", "over", "own", "same", "shan't",
	"she", "she'd", "she'll", "she's", "should", "shouldn't", "so", "some", "such",
	"than", "that", "that's", "the", "their", "theirs", "them", "themselves",
	"then", "there", "there's", "these", "they", "they'd", "they'll", "they're",
	"they've", "this", "those", "through", "to", "too", "under", "until", "up",
	"very", "was", "wasn't", "we", "we'd", "we'll", "we're", "we've", "were",
	"weren't", "what", "what's", "when", "when's", "where", "where's", "which",
	"while", "who", "who's", "whom", "why", "why's", "with", "won't", "would",
	"wouldn't", "you", "you'd", "you'll", "you're", "you've", "your", "yours",
	"yourself", "yourselves",
};

static int cmp_stopword(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

static int is_stopword(const char *w)
{
	return *w && bsearch(w, scai_stopwords, ARRAY_SIZE(scai_stopwords),
			     sizeof(scai_stopwords[0]), cmp_stopword) != NULL;
}

/* Stems of the token t (lowercased, NUL-terminated, modified in place)
 * appended to out, or nothing if it is a stop word or only punctuation. */
static void scai_token(struct sb_stemmer *stemmer, char *t, struct strbuf *out)
{
	size_t len = strlen(t), a = 0, b = len, i, o;
	const sb_symbol *stem;

	while (a < b && is_ascii_punct((unsigned char)t[a]))
		a++;
	while (b > a && is_ascii_punct((unsigned char)t[b - 1]))
		b--;
	t[b] = '\0';
	if (is_stopword(t + a))
		return;
	for (i = a, o = 0; i < b; i++)
		if (!is_ascii_punct((unsigned char)t[i]))
			t[o++] = t[i];
	t[o] = '\0';
	if (o == 0 || is_stopword(t))
		return;
	stem = sb_stemmer_stem(stemmer, (const sb_symbol *)t, (int)o);
	if (!stem)
		abort();   /* libstemmer fails only when out of memory */
	if (out->len)
		strbuf_addc(out, ' ');
	strbuf_add(out, stem, (size_t)sb_stemmer_length(stemmer));
}

static char *scai_normalize(struct sb_stemmer *stemmer, const char *s)
{
	struct strbuf out = STRBUF_INIT;
	size_t len = strlen(s), i = 0, o = 0;
	const unsigned char *u = (const unsigned char *)s;
	char *tok = xmalloc(len + 1);

	while (i <= len) {
		size_t sp = i < len ? space_len(u + i) : 1;
		if (sp) {
			tok[o] = '\0';
			if (o)
				scai_token(stemmer, tok, &out);
			o = 0;
			i += sp;
		} else if (u[i] == 0xe2 && u[i + 1] == 0x80 && (u[i + 2] == 0x98 || u[i + 2] == 0x99)) {
			tok[o++] = '\'';   /* typographic apostrophes, as in "don’t" */
			i += 3;
		} else {
			unsigned char c = u[i++];
			tok[o++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
		}
	}
	free(tok);
	if (!out.buf)
		return xstrdup("");
	return strbuf_detach(&out);
}

static struct sb_stemmer *scai_stemmer(void)
{
	struct sb_stemmer *st = sb_stemmer_new("english", NULL);

	if (!st)
		abort();   /* "english" is built in: only out of memory gets here */
	return st;
}

char *metrics_scai_normalize(const char *s)
{
	struct sb_stemmer *st = scai_stemmer();
	char *out = scai_normalize(st, s);

	sb_stemmer_delete(st);
	return out;
}

static double scai_em_max(struct sb_stemmer *st, const char *pred,
			  const char *const *golds, size_t n_golds)
{
	char *p = scai_normalize(st, pred);
	int match = 0, only_empty = 1;
	size_t i;

	/* golds that normalise to nothing count only if all do (as best_over_golds) */
	for (i = 0; i < n_golds && !match; i++) {
		char *g = scai_normalize(st, golds[i]);
		if (*g) {
			only_empty = 0;
			match = strcmp(p, g) == 0;
		}
		free(g);
	}
	if (only_empty)
		match = *p == '\0';
	free(p);
	return match ? 1.0 : 0.0;
}

double metrics_scai_exact_match(const char *pred, const char *gold)
{
	return metrics_answer_max(METRICS_ANSWER_SCAI_EM, pred, &gold, 1, 0.0);
}

void metrics_answer_all(const char *pred, const char *const *golds, size_t n_golds,
			double beta, double out[METRICS_ANSWER_COUNT])
{
	struct sb_stemmer *st;
	int m;

	for (m = 0; m < METRICS_ANSWER_COUNT; m++)
		out[m] = 0.0;
	if (n_golds == 0)
		return;
	best_over_golds(pred, golds, n_golds, beta, 0, METRICS_ANSWER_COUNT, out);
	st = scai_stemmer();
	out[METRICS_ANSWER_SCAI_EM] = scai_em_max(st, pred, golds, n_golds);
	sb_stemmer_delete(st);
}

/* ---- correlation ------------------------------------------------------------ */

static int is_constant(const double *v, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (v[i] != v[0])
			return 0;
	return 1;
}

static double clamp_unit(double r)
{
	return r > 1.0 ? 1.0 : r < -1.0 ? -1.0 : r;
}

enum metrics_status metrics_pearson(const double *x, const double *y, size_t n,
				    double *r)
{
	double mx = 0.0, my = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0;
	size_t i;

	if (n < 2)
		return METRICS_TOO_FEW_POINTS;
	if (is_constant(x, n) || is_constant(y, n))
		return METRICS_ZERO_VARIANCE;
	for (i = 0; i < n; i++) {
		mx += x[i];
		my += y[i];
	}
	mx /= (double)n;
	my /= (double)n;
	for (i = 0; i < n; i++) {
		double dx = x[i] - mx, dy = y[i] - my;
		sxx += dx * dx;
		syy += dy * dy;
		sxy += dx * dy;
	}
	*r = clamp_unit(sxy / sqrt(sxx * syy));
	return METRICS_OK;
}

struct valued {
	double v;
	size_t i;
};

/* Stable merge sort of v[0..n) by value (tmp: n scratch entries). The
 * correlations sort tens of thousands of pairs several times per report:
 * an inlined comparison is about three times as fast as qsort's callback. */
static void sort_valued(struct valued *v, struct valued *tmp, size_t n)
{
	size_t mid = n / 2, i = 0, j = mid, o = 0;

	if (n < 2)
		return;
	sort_valued(v, tmp, mid);
	sort_valued(v + mid, tmp, n - mid);
	if (!(v[mid].v < v[mid - 1].v))
		return;   /* already in order */
	while (i < mid && j < n)
		tmp[o++] = v[j].v < v[i].v ? v[j++] : v[i++];
	while (i < mid)
		tmp[o++] = v[i++];
	while (j < n)
		tmp[o++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
}

/* rank[i]: 1-based position of v[i] in ascending order, ties sharing the
 * mean of their positions. (Inputs are finite, so a plain comparison
 * sorts them; ascending ranks for both variables give the same rho as
 * descending ones.) */
static void average_ranks(const double *v, size_t n, double *rank)
{
	struct valued *s = xmalloc(n * sizeof(*s)), *tmp = xmalloc(n * sizeof(*tmp));
	size_t i, j;

	for (i = 0; i < n; i++) {
		s[i].v = v[i];
		s[i].i = i;
	}
	sort_valued(s, tmp, n);
	for (i = 0; i < n; i = j) {
		double mean;
		for (j = i + 1; j < n && s[j].v == s[i].v; j++)
			;
		mean = (double)(i + 1 + j) / 2.0;   /* of positions i+1..j */
		while (i < j)
			rank[s[i++].i] = mean;
	}
	free(s);
	free(tmp);
}

enum metrics_status metrics_spearman(const double *x, const double *y, size_t n,
				     double *rho)
{
	double *rx, *ry;
	enum metrics_status st;

	if (n < 2)
		return METRICS_TOO_FEW_POINTS;
	rx = xmalloc(n * sizeof(*rx));
	ry = xmalloc(n * sizeof(*ry));
	average_ranks(x, n, rx);
	average_ranks(y, n, ry);
	st = metrics_pearson(rx, ry, n, rho);
	free(rx);
	free(ry);
	return st;
}

/* Knight's (1966) O(n log n) algorithm: sort the pairs by x then y, count
 * the pairs tied in x (n1) and in both (n3), then merge-sort by y counting
 * the exchanges, which are the discordant pairs (S); n2 counts the pairs tied
 * in y. Then C - D = n0 - n1 - n2 + n3 - 2 S. */
struct xy {
	double x, y;
};

static int xy_before(const struct xy *a, const struct xy *b)
{
	return a->x < b->x || (a->x == b->x && a->y < b->y);
}

/* Merge sort of v[0..n) by x, then y (tmp: n scratch entries). */
static void sort_xy(struct xy *v, struct xy *tmp, size_t n)
{
	size_t mid = n / 2, i = 0, j = mid, o = 0;

	if (n < 2)
		return;
	sort_xy(v, tmp, mid);
	sort_xy(v + mid, tmp, n - mid);
	if (!xy_before(&v[mid], &v[mid - 1]))
		return;
	while (i < mid && j < n)
		tmp[o++] = xy_before(&v[j], &v[i]) ? v[j++] : v[i++];
	while (i < mid)
		tmp[o++] = v[i++];
	while (j < n)
		tmp[o++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
}

/* Stable merge sort of v[0..n) by y (tmp: n scratch entries); returns the
 * number of exchanges a bubble sort would make (pairs out of order). */
static double sort_y_count_swaps(struct xy *v, struct xy *tmp, size_t n)
{
	size_t mid = n / 2, i = 0, j = mid, o = 0;
	double swaps;

	if (n < 2)
		return 0.0;
	swaps = sort_y_count_swaps(v, tmp, mid) + sort_y_count_swaps(v + mid, tmp, n - mid);
	while (i < mid && j < n) {
		if (v[j].y < v[i].y) {
			swaps += (double)(mid - i);
			tmp[o++] = v[j++];
		} else {
			tmp[o++] = v[i++];
		}
	}
	while (i < mid)
		tmp[o++] = v[i++];
	while (j < n)
		tmp[o++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
	return swaps;
}

static double tied_pairs(double run)
{
	return run * (run - 1.0) / 2.0;
}

enum metrics_status metrics_kendall_tau_b(const double *x, const double *y,
					  size_t n, double *tau)
{
	struct xy *v, *tmp;
	double n0, n1 = 0, n2 = 0, n3 = 0, swaps;
	size_t i, j;

	if (n < 2)
		return METRICS_TOO_FEW_POINTS;
	v = xmalloc(n * sizeof(*v));
	tmp = xmalloc(n * sizeof(*tmp));
	for (i = 0; i < n; i++) {
		v[i].x = x[i];
		v[i].y = y[i];
	}
	sort_xy(v, tmp, n);
	for (i = 0; i < n; i = j) {
		size_t k, l;
		for (j = i + 1; j < n && v[j].x == v[i].x; j++)
			;
		n1 += tied_pairs((double)(j - i));
		for (k = i; k < j; k = l) {
			for (l = k + 1; l < j && v[l].y == v[k].y; l++)
				;
			n3 += tied_pairs((double)(l - k));
		}
	}
	swaps = sort_y_count_swaps(v, tmp, n);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && v[j].y == v[i].y; j++)
			;
		n2 += tied_pairs((double)(j - i));
	}
	free(v);
	free(tmp);
	n0 = tied_pairs((double)n);
	if (n1 == n0 || n2 == n0)
		return METRICS_ZERO_VARIANCE;
	*tau = clamp_unit((n0 - n1 - n2 + n3 - 2.0 * swaps) / sqrt((n0 - n1) * (n0 - n2)));
	return METRICS_OK;
}

/* ---- intervals and quantiles -------------------------------------------------- */

enum metrics_status metrics_wilson_interval(long successes, long n, double z,
					    double *lo, double *hi)
{
	double p, z2, denom, centre, half;

	if (n == 0)
		return METRICS_EMPTY;
	if (n < 0 || successes < 0 || successes > n || !(z > 0))
		return METRICS_BAD_ARGUMENT;
	p = (double)successes / (double)n;
	z2 = z * z;
	denom = 1.0 + z2 / (double)n;
	centre = (p + z2 / (2.0 * (double)n)) / denom;
	half = z * sqrt(p * (1.0 - p) / (double)n +
			z2 / (4.0 * (double)n * (double)n)) / denom;
	*lo = successes == 0 ? 0.0 : fmax(0.0, centre - half);
	*hi = successes == n ? 1.0 : fmin(1.0, centre + half);
	return METRICS_OK;
}

static int cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

/* Type-7 quantile of values already sorted ascending. */
static double quantile_sorted(const double *v, size_t n, double p)
{
	double h = (double)(n - 1) * p, fl = floor(h);
	size_t lo = (size_t)fl;

	if (lo + 1 >= n)
		return v[n - 1];
	return v[lo] + (h - fl) * (v[lo + 1] - v[lo]);
}

static double *sorted_copy(const double *x, size_t n)
{
	double *v = xmalloc(n * sizeof(*v));

	memcpy(v, x, n * sizeof(*v));
	qsort(v, n, sizeof(*v), cmp_double);
	return v;
}

enum metrics_status metrics_quantile(const double *x, size_t n, double p,
				     double *out)
{
	double *v;

	if (n == 0)
		return METRICS_EMPTY;
	if (!(p >= 0.0 && p <= 1.0))
		return METRICS_BAD_ARGUMENT;
	v = sorted_copy(x, n);
	*out = quantile_sorted(v, n, p);
	free(v);
	return METRICS_OK;
}

enum metrics_status metrics_summarize(const double *x, size_t n,
				      struct metrics_summary *out)
{
	double *v;

	if (n == 0)
		return METRICS_EMPTY;
	v = sorted_copy(x, n);
	out->n = n;
	out->min = v[0];
	out->q1 = quantile_sorted(v, n, 0.25);
	out->median = quantile_sorted(v, n, 0.5);
	out->q3 = quantile_sorted(v, n, 0.75);
	out->max = v[n - 1];
	free(v);
	return METRICS_OK;
}
