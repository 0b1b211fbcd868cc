/* metrics_answer.c - answer metrics against gold answers: EM, F1, BLEU-1,
 * ROUGE-1 R, ROUGE-L and SCAI EM (see metrics_answer.h). */
#include "convqa/metrics_answer.h"

#include <libstemmer.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/common.h"
#include "convqa/strbuf.h"
#include "convqa/tokens.h"

char *metrics_normalize_answer(const char *s)
{
	return tokens_normalize(s);
}

/* An answer's tokens, with a sorted copy for the multiset counts. */
struct answer {
	struct tokens t;
	char **sorted;    /* the pointers of t.tok sorted by strcmp */
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void answer_init(struct answer *a, const char *s)
{
	tokens_init(&a->t, s);
	a->sorted = xmalloc((a->t.n + 1) * sizeof(*a->sorted));
	if (a->t.n)
		memcpy(a->sorted, a->t.tok, a->t.n * sizeof(*a->sorted));
	qsort(a->sorted, a->t.n, sizeof(*a->sorted), cmp_str);
}

static void answer_release(struct answer *a)
{
	tokens_release(&a->t);
	free(a->sorted);
}

/* Size of the multiset intersection, i.e. the clipped unigram matches. */
static size_t common_count(const struct answer *a, const struct answer *b)
{
	size_t i = 0, j = 0, c = 0;

	while (i < a->t.n && j < b->t.n) {
		int d = strcmp(a->sorted[i], b->sorted[j]);
		c += d == 0;
		i += d <= 0;
		j += d >= 0;
	}
	return c;
}

static size_t lcs_length(const struct answer *a, const struct answer *b)
{
	size_t *prev = xcalloc(b->t.n + 1, sizeof(*prev));
	size_t *cur = xcalloc(b->t.n + 1, sizeof(*cur));
	size_t i, j, result;

	for (i = 1; i <= a->t.n; i++) {
		size_t *swap;
		for (j = 1; j <= b->t.n; j++) {
			if (!strcmp(a->t.tok[i - 1], b->t.tok[j - 1]))
				cur[j] = prev[j - 1] + 1;
			else
				cur[j] = prev[j] > cur[j - 1] ? prev[j] : cur[j - 1];
		}
		swap = prev;
		prev = cur;
		cur = swap;
	}
	result = prev[b->t.n];
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
static double score_pair(enum metrics_answer m, const struct answer *p,
			 const struct answer *g, double beta)
{
	size_t i, c;
	double np = (double)p->t.n, ng = (double)g->t.n;

	if (m == METRICS_ANSWER_EM) {
		for (i = 0; i < p->t.n && i < g->t.n; i++)
			if (strcmp(p->t.tok[i], g->t.tok[i]))
				return 0.0;
		return p->t.n == g->t.n ? 1.0 : 0.0;
	}
	if (p->t.n == 0 || g->t.n == 0) {
		/* the SQuAD 2.0 F1 is int(gold_toks == pred_toks) here; NLTK's BLEU
		 * and rouge-score give 0 whenever a side is empty */
		return m == METRICS_ANSWER_F1 && p->t.n == g->t.n ? 1.0 : 0.0;
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

/* Golds tokenised once (metrics_answer.h); their SCAI forms and the
 * stemmer made on first use. */
struct metrics_golds {
	struct answer *g;
	char **text;      /* the golds as given */
	char **scai;
	struct sb_stemmer *stemmer;
	size_t n;
	int any;          /* some gold has a token */
};

/* out[m] for the metrics first <= m < last (but SCAI EM): the best score of
 * p over the golds. A gold that normalises to nothing counts only when
 * every gold does, as in the SQuAD 2.0 script (get_raw_scores keeps the
 * golds whose normalize_answer() is not empty, else [""]). */
static void best_over_golds(const struct answer *p, const struct metrics_golds *gs, double beta, int first,
			    int last, double out[METRICS_ANSWER_COUNT])
{
	for (int m = first; m < last; m++)
		out[m] = 0.0;
	for (size_t i = 0; i < gs->n; i++) {
		if (gs->any && gs->g[i].t.n == 0)
			continue;
		for (int m = first; m < last; m++) {
			if (m == METRICS_ANSWER_SCAI_EM)
				continue;
			double v = score_pair((enum metrics_answer)m, p, &gs->g[i], beta);
			out[m] = v > out[m] ? v : out[m];
		}
	}
}

struct metrics_golds *metrics_golds_new(const char *const *golds, size_t n_golds)
{
	struct metrics_golds *gs = xcalloc(1, sizeof(*gs));
	gs->g = xcalloc(n_golds + 1, sizeof(*gs->g));
	gs->text = xcalloc(n_golds + 1, sizeof(*gs->text));
	gs->n = n_golds;
	for (size_t i = 0; i < n_golds; i++) {
		answer_init(&gs->g[i], golds[i]);
		gs->text[i] = xstrdup(golds[i]);
		gs->any |= gs->g[i].t.n > 0;
	}
	return gs;
}

void metrics_golds_free(struct metrics_golds *gs)
{
	if (!gs)
		return;
	for (size_t i = 0; i < gs->n; i++) {
		answer_release(&gs->g[i]);
		free(gs->text[i]);
		if (gs->scai)
			free(gs->scai[i]);
	}
	free(gs->text);
	free(gs->scai);
	if (gs->stemmer)
		sb_stemmer_delete(gs->stemmer);
	free(gs->g);
	free(gs);
}

void metrics_answer_em_f1(const char *pred, const struct metrics_golds *gs, double *em, double *f1)
{
	double out[METRICS_ANSWER_COUNT] = { 0 };
	struct answer p;
	if (gs->n) {
		answer_init(&p, pred);
		best_over_golds(&p, gs, 1.0, METRICS_ANSWER_EM, METRICS_ANSWER_F1 + 1, out);
		answer_release(&p);
	}
	*em = out[METRICS_ANSWER_EM];
	*f1 = out[METRICS_ANSWER_F1];
}

static struct sb_stemmer *scai_stemmer(void);
static double scai_em_golds(const char *pred, struct metrics_golds *gs);

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
	double out[METRICS_ANSWER_COUNT];

	if ((unsigned)m >= METRICS_ANSWER_COUNT || n_golds == 0)
		return 0.0;
	struct metrics_golds *gs = metrics_golds_new(golds, n_golds);
	if (m == METRICS_ANSWER_SCAI_EM) {
		out[m] = scai_em_golds(pred, gs);
	} else {
		struct answer p;
		answer_init(&p, pred);
		best_over_golds(&p, gs, beta, m, m + 1, out);
		answer_release(&p);
	}
	metrics_golds_free(gs);
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

/* The index in scai_stopwords of the first word of each letter 'a' to 'z',
 * and the end: a word is looked for among its letter's (test_metrics_answer
 * checks every stop word is found). None is longer than 10 bytes. */
static const unsigned char stopword_first[27] = { 0, 15, 25, 29, 38, 39, 43, 43, 64, 78, 78, 78, 79, 85, 88, 102, 102, 102, 102, 113, 135, 138, 139, 165, 165, 174, 174 };
_Static_assert(ARRAY_SIZE(scai_stopwords) == 174, "stopword_first: count the words of each letter again");

static int is_stopword(const char *w)
{
	unsigned c = (unsigned)(unsigned char)w[0] - 'a';
	if (c >= 26 || strnlen(w, 11) > 10)
		return 0;
	return bsearch(w, scai_stopwords + stopword_first[c], (size_t)(stopword_first[c + 1] - stopword_first[c]),
		       sizeof(scai_stopwords[0]), cmp_stopword) != NULL;
}

/* Stems of the token t (lowercased, NUL-terminated, modified in place)
 * appended to out, or nothing if it is a stop word or only punctuation. */
static void scai_token(struct sb_stemmer *stemmer, char *t, struct strbuf *out)
{
	size_t len = strlen(t), a = 0, b = len, i, o;
	const sb_symbol *stem;

	while (a < b && tokens_is_punct((unsigned char)t[a]))
		a++;
	while (b > a && tokens_is_punct((unsigned char)t[b - 1]))
		b--;
	t[b] = '\0';
	if (is_stopword(t + a))
		return;
	for (i = a, o = 0; i < b; i++)
		if (!tokens_is_punct((unsigned char)t[i]))
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
		size_t sp = i < len ? tokens_space_len(s + i) : 1;
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

double metrics_scai_exact_match(const char *pred, const char *gold)
{
	return metrics_answer_max(METRICS_ANSWER_SCAI_EM, pred, &gold, 1, 0.0);
}

/* SCAI EM of pred: 1 when its SCAI form is that of a gold of gs (their
 * forms made once); golds whose form is empty count only when all are. */
static double scai_em_golds(const char *pred, struct metrics_golds *gs)
{
	if (!gs->stemmer)
		gs->stemmer = scai_stemmer();
	if (!gs->scai) {
		gs->scai = xcalloc(gs->n + 1, sizeof(*gs->scai));
		for (size_t i = 0; i < gs->n; i++)
			gs->scai[i] = scai_normalize(gs->stemmer, gs->text[i]);
	}
	char *p = scai_normalize(gs->stemmer, pred);
	int match = 0, only_empty = 1;
	/* golds that normalise to nothing count only if all do (as best_over_golds) */
	for (size_t i = 0; i < gs->n && !match; i++)
		if (*gs->scai[i]) {
			only_empty = 0;
			match = strcmp(p, gs->scai[i]) == 0;
		}
	if (only_empty)
		match = *p == '\0';
	free(p);
	return match ? 1.0 : 0.0;
}

void metrics_answer_all_golds(const char *pred, struct metrics_golds *gs, double beta,
			      double out[METRICS_ANSWER_COUNT])
{
	for (int m = 0; m < METRICS_ANSWER_COUNT; m++)
		out[m] = 0.0;
	if (gs->n == 0)
		return;
	struct answer p;
	answer_init(&p, pred);
	best_over_golds(&p, gs, beta, 0, METRICS_ANSWER_COUNT, out);
	answer_release(&p);
	out[METRICS_ANSWER_SCAI_EM] = scai_em_golds(pred, gs);
}

void metrics_answer_all(const char *pred, const char *const *golds, size_t n_golds,
			double beta, double out[METRICS_ANSWER_COUNT])
{
	struct metrics_golds *gs = metrics_golds_new(golds, n_golds);
	metrics_answer_all_golds(pred, gs, beta, out);
	metrics_golds_free(gs);
}

