/*
 * test_spans.c - evidence spans (spans.h): the windows, their sentences,
 * merging, the paragraph; and, over generated passages, that the
 * incremental slide finds exactly what scoring every window from scratch
 * finds.
 *
 * Sentence splitting golden cases live in tests/golden/spans/sentences.txt
 * (format at its top); every "case NAME" there becomes one test named NAME.
 * Run from the repository root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/spans.h"
#include "convqa/strbuf.h"
#include "convqa/tokens.h"
#include "golden.h"

/* ---- helpers ------------------------------------------------------------------- */

/* The spans of answer (and golds) in the passages texts[0..n). */
static void extract(struct spans *out, const char *const *texts, size_t n, const char *answer,
		    const char *const *golds, size_t n_golds, size_t window, double t)
{
	struct spans_passage p[8];
	struct spans_params prm;
	spans_params_init(&prm);
	prm.window = window;
	prm.min_overlap = t;
	for (size_t i = 0; i < n; i++)
		p[i] = (struct spans_passage){ NULL, texts[i], strlen(texts[i]) };
	spans_extract(out, p, n, answer, golds, n_golds, &prm);
}

/* Span i's text (a static buffer). */
static const char *span_text(const struct spans *s, size_t i, const char *const *texts)
{
	static char buf[4096];
	const struct span *v = &s->v[i];
	snprintf(buf, sizeof(buf), "%.*s", (int)(v->end - v->start), texts[v->passage] + v->start);
	return buf;
}

static int continuation(unsigned char b)
{
	return (b & 0xc0) == 0x80;
}

/* ---- the windows ------------------------------------------------------------------- */

static void test_the_sentence_holding_the_answer_is_the_span_with_score_1(void **state)
{
	const char *texts[] = {
		"Cordouan stands at the mouth of the Gironde. Its tower was finished by Louis de Foix in 1611. "
		"Keepers lived there until 2012. Visitors climb 301 steps.",
	};
	struct spans s = SPANS_INIT;
	(void)state;
	extract(&s, texts, 1, "Louis de Foix finished its tower in 1611", NULL, 0, 30, 0.5);
	assert_int_equal(s.n, 1);
	assert_string_equal(span_text(&s, 0, texts), "Its tower was finished by Louis de Foix in 1611.");
	assert_int_equal(s.v[0].source, SPANS_ANSWER);
	assert_int_equal(s.v[0].passage, 0);
	assert_true(s.v[0].score == 1.0);
	spans_release(&s);
}

static void test_the_best_window_decides_the_score(void **state)
{
	/* the answer has 5 distinct tokens: a window holds at most 3 of them */
	const char *texts[] = { "Red green blue are colours. Cats are not colours at all, nor dogs." };
	struct spans s = SPANS_INIT;
	(void)state;
	extract(&s, texts, 1, "red green blue cats dogs", NULL, 0, 3, 0.4);
	assert_int_equal(s.n, 1);
	assert_true(s.v[0].score == 0.6);
	assert_string_equal(span_text(&s, 0, texts), "Red green blue are colours.");
	spans_release(&s);
}

static void test_evidence_is_widened_to_whole_sentences_at_both_ends(void **state)
{
	const char *texts[] = {
		"Nothing to see here. Long before the war the old harbour of Brest held many ships of the line and "
		"frigates besides. Nothing else either.",
	};
	struct spans s = SPANS_INIT;
	(void)state;
	/* shared tokens in the middle of a long sentence, the window smaller than it */
	extract(&s, texts, 1, "harbour brest", NULL, 0, 4, 0.5);
	assert_int_equal(s.n, 1);
	assert_string_equal(span_text(&s, 0, texts),
			    "Long before the war the old harbour of Brest held many ships of the line and frigates besides.");
	spans_release(&s);
}

static void test_a_windows_unshared_edges_do_not_pull_in_sentences(void **state)
{
	/* every window of 50 tokens covers all three sentences; only the
	 * middle one has shared tokens */
	const char *texts[] = { "Alpha beta gamma. Delta epsilon zeta. Eta theta iota." };
	struct spans s = SPANS_INIT;
	(void)state;
	extract(&s, texts, 1, "epsilon", NULL, 0, 50, 0.2);
	assert_int_equal(s.n, 1);
	assert_string_equal(span_text(&s, 0, texts), "Delta epsilon zeta.");
	spans_release(&s);
}

static void test_overlapping_windows_are_merged_into_one_span(void **state)
{
	/* sentences 2 and 4 share tokens, within one window of each other */
	const char *texts[] = { "Zero here. Uno apple. Middle words only. Dos apple. Final words." };
	struct spans s = SPANS_INIT;
	(void)state;
	extract(&s, texts, 1, "apple", NULL, 0, 10, 0.5);
	assert_int_equal(s.n, 1);
	assert_string_equal(span_text(&s, 0, texts), "Uno apple. Middle words only. Dos apple.");
	spans_release(&s);
}

static void test_evidence_far_apart_gives_two_spans_and_neighbours_merge(void **state)
{
	const char *texts[] = {
		"Apple one. A b c d e f g h i j k l m n o p q r s t. Apple two. Apple three.",
	};
	struct spans s = SPANS_INIT;
	(void)state;
	/* windows of 3 tokens: the apples of sentences 1 and 3 are too far apart
	 * to share a window; those of sentences 3 and 4 are consecutive sentences */
	extract(&s, texts, 1, "apple", NULL, 0, 3, 0.5);
	assert_int_equal(s.n, 2);
	assert_string_equal(span_text(&s, 0, texts), "Apple one.");
	assert_string_equal(span_text(&s, 1, texts), "Apple two. Apple three.");
	assert_true(s.v[0].end < s.v[1].start);
	spans_release(&s);
}

static void test_spans_at_the_very_start_and_end_of_a_passage(void **state)
{
	const char *texts[] = { "Kiwi fruit first. Nothing. Nothing again. Last kiwi without a stop" };
	struct spans s = SPANS_INIT;
	(void)state;
	extract(&s, texts, 1, "kiwi", NULL, 0, 2, 0.5);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.v[0].start, 0);
	assert_string_equal(span_text(&s, 0, texts), "Kiwi fruit first.");
	assert_int_equal(s.v[1].end, strlen(texts[0]));
	assert_string_equal(span_text(&s, 1, texts), "Last kiwi without a stop");
	spans_release(&s);
}

static void test_a_passage_shorter_than_the_window_is_one_window(void **state)
{
	const char *texts[] = { "  Short one.  " };
	struct spans s = SPANS_INIT;
	(void)state;
	extract(&s, texts, 1, "short", NULL, 0, 30, 1.0);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.v[0].start, 2);
	assert_string_equal(span_text(&s, 0, texts), "Short one.");
	spans_release(&s);
}

static void test_utf8_text_is_matched_and_cut_on_character_boundaries(void **state)
{
	/* Ça coûte 5 €. L'ÉTÉ à Zürich est très chaud! 東京は大きい。富士山は高い。 */
	const char *texts[] = {
		"\xc3\x87" "a co\xc3\xbbte 5 \xe2\x82\xac. L'\xc3\x89T\xc3\x89 \xc3\xa0 Z\xc3\xbcrich est tr\xc3\xa8s "
		"chaud! \xe6\x9d\xb1\xe4\xba\xac\xe3\x81\xaf\xe5\xa4\xa7\xe3\x81\x8d\xe3\x81\x84\xe3\x80\x82"
		"\xe5\xaf\x8c\xe5\xa3\xab\xe5\xb1\xb1 \xe3\x81\xaf\xe9\xab\x98\xe3\x81\x84\xe3\x80\x82",
	};
	struct spans s = SPANS_INIT;
	(void)state;
	/* "zürich été" lowercased matches ZÜRICH... "L'ÉTÉ" loses its ASCII
	 * apostrophe: token "lété" */
	extract(&s, texts, 1, "Z\xc3\xbcrich l'\xc3\xa9t\xc3\xa9", NULL, 0, 5, 1.0);
	assert_int_equal(s.n, 1);
	assert_string_equal(span_text(&s, 0, texts),
			    "L'\xc3\x89T\xc3\x89 \xc3\xa0 Z\xc3\xbcrich est tr\xc3\xa8s chaud!");
	spans_release(&s);
	/* CJK text has no spaces: a run of it is one token (the metrics'
	 * tokens), and a token across an ideographic stop takes both sentences */
	extract(&s, texts, 1, "\xe6\x9d\xb1\xe4\xba\xac\xe3\x81\xaf\xe5\xa4\xa7\xe3\x81\x8d\xe3\x81\x84\xe3\x80\x82"
		"\xe5\xaf\x8c\xe5\xa3\xab\xe5\xb1\xb1", NULL, 0, 5, 1.0);
	assert_int_equal(s.n, 1);
	assert_string_equal(span_text(&s, 0, texts),
			    "\xe6\x9d\xb1\xe4\xba\xac\xe3\x81\xaf\xe5\xa4\xa7\xe3\x81\x8d\xe3\x81\x84\xe3\x80\x82"
			    "\xe5\xaf\x8c\xe5\xa3\xab\xe5\xb1\xb1 \xe3\x81\xaf\xe9\xab\x98\xe3\x81\x84\xe3\x80\x82");
	assert_false(continuation((unsigned char)texts[0][s.v[0].start]));
	assert_int_equal(s.v[0].end, strlen(texts[0]));
	spans_release(&s);
}

static void test_an_answer_sharing_no_token_gives_no_span(void **state)
{
	const char *texts[] = { "The lighthouse stands on a rock. It is old." };
	struct spans s = SPANS_INIT;
	(void)state;
	extract(&s, texts, 1, "Bananas grow in Ecuador", NULL, 0, 30, 0.0);   /* even with T = 0 */
	assert_int_equal(s.n, 0);
	extract(&s, texts, 1, "The, a, an!", NULL, 0, 30, 0.0);   /* no tokens at all */
	assert_int_equal(s.n, 0);
	extract(&s, texts, 1, "", NULL, 0, 30, 0.0);
	assert_int_equal(s.n, 0);
	extract(&s, texts, 1, NULL, NULL, 0, 30, 0.0);
	assert_int_equal(s.n, 0);
	spans_release(&s);
}

static void test_the_threshold_counts_distinct_tokens_exactly(void **state)
{
	/* 10 distinct tokens, T = 0.3: 3 shared are enough (0.3 * 10 is
	 * 3.0000000000000004 in floating point), 2 are not */
	const char *answer = "a1 a2 a3 a4 a5 a6 a7 a8 a9 a10";
	const char *three[] = { "Here a1 a2 a3 a3 a3." }, *two[] = { "Here a1 a2 a2 a2 a2." };
	struct spans s = SPANS_INIT;
	(void)state;
	extract(&s, three, 1, answer, NULL, 0, 30, 0.3);
	assert_int_equal(s.n, 1);
	assert_true(s.v[0].score == 0.3);
	extract(&s, two, 1, answer, NULL, 0, 30, 0.3);
	assert_int_equal(s.n, 0);
	spans_release(&s);
}

static void test_gold_answers_give_spans_of_their_own_source_merged(void **state)
{
	const char *texts[] = { "Paris is in France. Rome is in Italy. Bern is in Switzerland." };
	const char *golds[] = { "Rome Italy", "Bern Switzerland", "Rome Italy" };
	struct spans s = SPANS_INIT;
	(void)state;
	extract(&s, texts, 1, "Paris France", golds, 3, 4, 1.0);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.v[0].source, SPANS_ANSWER);
	assert_string_equal(span_text(&s, 0, texts), "Paris is in France.");
	assert_int_equal(s.v[1].source, SPANS_GOLD);   /* consecutive sentences: one span */
	assert_string_equal(span_text(&s, 1, texts), "Rome is in Italy. Bern is in Switzerland.");
	spans_release(&s);
	/* only the sources asked for */
	struct spans_passage p = { "p", texts[0], strlen(texts[0]) };
	struct spans_params prm;
	spans_params_init(&prm);
	prm.sources = SPANS_GOLD;
	spans_extract(&s, &p, 1, "Paris France", golds, 3, &prm);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.v[0].source, SPANS_GOLD);
	spans_release(&s);
}

static void test_a_passage_retrieved_twice_is_read_once(void **state)
{
	const char *t = "Kiwi here.";
	struct spans_passage p[3] = { { "p1", t, strlen(t) }, { "p2", "Nothing.", 8 }, { "p1", t, strlen(t) } };
	struct spans s = SPANS_INIT;
	(void)state;
	spans_extract(&s, p, 3, "kiwi", NULL, 0, NULL);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.v[0].passage, 0);
	spans_release(&s);
}

static void test_sources_parse_from_a_list(void **state)
{
	unsigned m;
	struct error err;
	(void)state;
	assert_int_equal(spans_parse_sources("answer,gold", &m, &err), 0);
	assert_int_equal(m, SPANS_ANSWER | SPANS_GOLD);
	assert_int_equal(spans_parse_sources("gold", &m, &err), 0);
	assert_int_equal(m, SPANS_GOLD);
	assert_int_equal(spans_parse_sources("answer,bronze", &m, &err), -1);
	assert_string_equal(err.msg, "unknown source 'bronze' (expected: answer, gold)");
	assert_int_equal(spans_parse_sources(",", &m, &err), -1);
	assert_string_equal(err.msg, "no source given (expected: answer, gold)");
	assert_string_equal(spans_source_name(SPANS_ANSWER), "answer");
	assert_string_equal(spans_source_name(SPANS_GOLD), "gold");
}

/* ---- the paragraph ------------------------------------------------------------------- */

static void test_the_paragraph_joins_spans_in_passage_order_with_their_ids(void **state)
{
	const char *a = "Kiwi one. Nothing. Kiwi two. Kiwi three.", *b = "Nothing at all.", *c = "Last kiwi.";
	struct spans_passage p[3] = { { "p7", a, strlen(a) }, { "p2", b, strlen(b) }, { "p9", c, strlen(c) } };
	struct spans s = SPANS_INIT;
	struct strbuf out = STRBUF_INIT;
	struct spans_piece *pc;
	size_t n;
	(void)state;
	struct spans_params prm;
	spans_params_init(&prm);
	prm.window = 2;
	spans_extract(&s, p, 3, "kiwi", (const char *const[]){ "kiwi one" }, 1, &prm);
	spans_paragraph(&out, p, 3, s.v, s.n, &pc, &n);
	assert_string_equal(out.buf, "[p7] Kiwi one. \xe2\x80\xa6 Kiwi two. Kiwi three. [p9] Last kiwi.");
	assert_int_equal(n, 3);
	for (size_t i = 0; i < n; i++)
		assert_memory_equal(out.buf + pc[i].at, p[pc[i].passage].text + pc[i].start, pc[i].end - pc[i].start);
	assert_int_equal(pc[2].passage, 2);
	free(pc);
	strbuf_release(&out);
	spans_release(&s);
}

/* Marks as a string: '^' under each marked byte, ' ' elsewhere. */
static void marks_of(const char *text, const char *answer, char *out, size_t *marked)
{
	size_t len = strlen(text);
	unsigned char *m = calloc(len + 1, 1);
	*marked = spans_mark_answer(text, len, answer, m);
	for (size_t i = 0; i < len; i++)
		out[i] = m[i] ? '^' : ' ';
	out[len] = 0;
	free(m);
}

static void test_the_answers_words_are_marked_with_the_metrics_tokens(void **state)
{
	char got[256];
	size_t n;
	(void)state;
	/* case and punctuation at the edges are the metrics' (SQuAD): "(Paris)," marks "Paris" */
	marks_of("The capital is (Paris), in France.", "paris france", got, &n);
	assert_string_equal(got, "                ^^^^^      ^^^^^^ ");
	assert_int_equal(n, 2);
	/* articles are no tokens: "the" is never marked, even in the answer */
	marks_of("The tower. A tower!", "the Tower", got, &n);
	assert_string_equal(got, "    ^^^^^    ^^^^^ ");
	assert_int_equal(n, 2);
	/* UTF-8: whole characters, lowercased */
	marks_of("\xc3\x89T\xc3\x89 chaud", "\xc3\xa9t\xc3\xa9", got, &n);
	assert_string_equal(got, "^^^^^      ");
	/* an answer without tokens (or none) marks nothing */
	marks_of("a the an", "The", got, &n);
	assert_string_equal(got, "        ");
	assert_int_equal(n, 0);
	assert_int_equal(spans_mark_answer("x", 1, NULL, (unsigned char[1]){ 0 }), 0);
	/* a word inside another is not a match: tokens are whole */
	marks_of("lighthouses light", "light", got, &n);
	assert_string_equal(got, "            ^^^^^");
}

static void test_the_paragraph_merges_spans_of_both_sources(void **state)
{
	const char *a = "One. Two. Three. Four.";
	struct spans_passage p = { "p", a, strlen(a) };
	struct span v[] = {
		{ 0, 0, 9, SPANS_ANSWER, 1 },      /* One. Two. */
		{ 0, 5, 16, SPANS_GOLD, 1 },       /* Two. Three. (overlaps) */
		{ 0, 17, 22, SPANS_GOLD, 1 },      /* Four. (only a space between) */
	};
	struct strbuf out = STRBUF_INIT;
	size_t n;
	(void)state;
	spans_paragraph(&out, &p, 1, v, 3, NULL, &n);
	assert_string_equal(out.buf, "[p] One. Two. Three. Four.");
	assert_int_equal(n, 1);
	strbuf_release(&out);
}

/* ---- property: the slide against scoring every window from scratch ------------------- */

static unsigned long long rng;

static unsigned rnd(unsigned n)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((rng >> 33) % n);
}

/* Words of the generated passages: plain, capitalised, accented, CJK,
 * with punctuation, abbreviations, decimals, articles. */
static const char *const words[] = {
	"apple", "Apple", "pear", "plum", "fig", "kiwi", "the", "a", "an", "of", "in", "Dr.", "e.g.", "3.5",
	"caf\xc3\xa9", "CAF\xc3\x89", "na\xc3\xafve", "\xe6\x9d\xb1\xe4\xba\xac", "(plum)", "pear,", "x-ray",
	"\xc3\x9f", "U.S.A", "J.", "\xe2\x80\x94", "it's", "\"fig\"",
};
static const char *const ends[] = { ".", "!", "?", "...", "\xe3\x80\x82", ".\"", "", "\xe2\x80\xa6" };
static const char *const gaps[] = { " ", " ", " ", "  ", "\n", "\n\n", "\t", "\xc2\xa0", "\xe3\x80\x80" };

static char *gen_passage(void)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned sentences = 1 + rnd(12);
	if (rnd(4) == 0)
		strbuf_adds(&sb, gaps[rnd(ARRAY_SIZE(gaps))]);
	for (unsigned i = 0; i < sentences; i++) {
		unsigned n = 1 + rnd(10);
		for (unsigned k = 0; k < n; k++) {
			if (k)
				strbuf_adds(&sb, gaps[rnd(3)]);
			strbuf_adds(&sb, words[rnd(ARRAY_SIZE(words))]);
		}
		strbuf_adds(&sb, ends[rnd(ARRAY_SIZE(ends))]);
		if (i + 1 < sentences || rnd(3) == 0)
			strbuf_adds(&sb, gaps[rnd(ARRAY_SIZE(gaps))]);
	}
	return strbuf_detach(&sb);
}

static char *gen_answer(void)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned n = rnd(6);
	for (unsigned k = 0; k < n; k++) {
		strbuf_adds(&sb, k ? " " : "");
		strbuf_adds(&sb, rnd(5) ? words[rnd(ARRAY_SIZE(words))] : "zebra");
	}
	return strbuf_detach(&sb);
}

struct tok {
	size_t start, end;
	char *t;
};

/* The expected spans of one query, every window scored from scratch:
 * each kept window's first to last shared token, widened to sentences,
 * the sentence ranges merged when they overlap or touch. */
static size_t oracle(const char *text, size_t len, const struct tok *tk, size_t n, const struct tokens *q,
		     size_t w, double t, const size_t (*sent)[2], size_t n_sent, size_t (*out)[2], double *score)
{
	size_t nq = 0, n_out = 0;
	char *distinct[64];
	(void)text;
	(void)len;
	for (size_t i = 0; i < q->n; i++) {
		size_t k = 0;
		while (k < nq && strcmp(distinct[k], q->tok[i]))
			k++;
		if (k == nq)
			distinct[nq++] = q->tok[i];
	}
	if (!nq || !n)
		return 0;
	size_t windows = n > w ? n - w + 1 : 1, ranges = 0;
	size_t (*r)[2] = calloc(windows, sizeof(*r));
	double *rs = calloc(windows, sizeof(*rs));
	for (size_t i = 0; i < windows; i++) {
		size_t shared = 0, first = SIZE_MAX, last = 0;
		for (size_t k = 0; k < nq; k++) {
			for (size_t j = i; j < i + w && j < n; j++)
				if (!strcmp(tk[j].t, distinct[k])) {
					shared++;
					break;
				}
		}
		for (size_t j = i; j < i + w && j < n; j++)
			for (size_t k = 0; k < nq; k++)
				if (!strcmp(tk[j].t, distinct[k])) {
					if (first == SIZE_MAX)
						first = j;
					last = j;
				}
		if (!shared || (double)shared + 1e-9 < t * (double)nq)
			continue;
		size_t a = 0, b = 0;
		while (sent[a][1] <= tk[first].start)
			a++;
		while (sent[b][1] < tk[last].end)
			b++;
		r[ranges][0] = a;
		r[ranges][1] = b;
		rs[ranges++] = (double)shared / (double)nq;
	}
	for (size_t i = 0; i < ranges; i++) {   /* ranges come sorted by their first sentence */
		if (n_out && r[i][0] <= out[n_out - 1][1] + 1) {
			if (r[i][1] > out[n_out - 1][1])
				out[n_out - 1][1] = r[i][1];
			if (rs[i] > score[n_out - 1])
				score[n_out - 1] = rs[i];
			continue;
		}
		out[n_out][0] = r[i][0];
		out[n_out][1] = r[i][1];
		score[n_out++] = rs[i];
	}
	(void)n_sent;
	free(r);
	free(rs);
	return n_out;
}

static void test_generated_passages_spans_are_sentences_of_the_text_and_match_a_naive_slide(void **state)
{
	(void)state;
	rng = 20240611;
	for (int round = 0; round < 3000; round++) {
		char *text = gen_passage(), *answer = gen_answer(), *gold = gen_answer();
		size_t len = strlen(text), n = 0, n_sent = 0;
		struct tok tk[512];
		size_t sent[512][2], want[512][2];
		double want_score[512];
		struct tokens_iter it;

		/* the passage's tokens and sentences, straight from their modules */
		tokens_iter_init(&it, text, len);
		while (tokens_iter_next(&it) && n < 512)
			tk[n++] = (struct tok){ it.start, it.end, strdup(it.tok) };
		tokens_iter_release(&it);
		size_t pos = 0, a, b;
		while (spans_sentence_next(text, len, &pos, &a, &b)) {
			sent[n_sent][0] = a;
			sent[n_sent++][1] = b;
		}
		struct spans_params prm = { 1 + rnd(12), rnd(6) / 5.0, SPANS_SOURCES_ALL };
		struct spans_passage p = { "p", text, len };
		struct spans s = SPANS_INIT;
		const char *golds[] = { gold };
		spans_extract(&s, &p, 1, answer, golds, 1, &prm);

		for (int src = SPANS_ANSWER; src <= SPANS_GOLD; src++) {
			struct tokens q;
			tokens_init(&q, src == SPANS_ANSWER ? answer : gold);
			size_t n_want = oracle(text, len, tk, n, &q, prm.window, prm.min_overlap, sent, n_sent, want,
					       want_score);
			tokens_release(&q);
			size_t k = 0, prev_end = 0;
			for (size_t i = 0; i < s.n; i++) {
				const struct span *v = &s.v[i];
				if ((int)v->source != src)
					continue;
				/* exactly the passage text at its offsets, on character and sentence boundaries */
				assert_true(v->start < v->end && v->end <= len);
				assert_false(continuation((unsigned char)text[v->start]));
				assert_true(v->end == len || !continuation((unsigned char)text[v->end]));
				size_t fs = 0, ls = 0;
				while (fs < n_sent && sent[fs][0] != v->start)
					fs++;
				while (ls < n_sent && sent[ls][1] != v->end)
					ls++;
				if (fs == n_sent || ls == n_sent)
					fail_msg("span [%zu, %zu) of '%s' is not on sentence boundaries", v->start, v->end,
						 text);
				/* disjoint, in order, a sentence or more apart */
				assert_true(k == 0 || v->start > prev_end);
				prev_end = v->end;
				if (k >= n_want || sent[want[k][0]][0] != v->start || sent[want[k][1]][1] != v->end ||
				    want_score[k] != v->score)
					fail_msg("passage '%s', %s '%s', W %zu, T %g: span %zu [%zu, %zu) score %g, "
						 "expected %zu spans", text, spans_source_name(v->source),
						 src == SPANS_ANSWER ? answer : gold, prm.window, prm.min_overlap, k,
						 v->start, v->end, v->score, n_want);
				k++;
			}
			if (k != n_want)
				fail_msg("passage '%s', '%s': %zu spans, expected %zu", text,
					 src == SPANS_ANSWER ? answer : gold, k, n_want);
		}
		spans_release(&s);
		for (size_t i = 0; i < n; i++)
			free(tk[i].t);
		free(text);
		free(answer);
		free(gold);
	}
}

static void test_every_character_but_whitespace_is_in_one_sentence(void **state)
{
	(void)state;
	rng = 7;
	for (int round = 0; round < 2000; round++) {
		char *text = gen_passage();
		size_t len = strlen(text), pos = 0, a, b, covered = 0;
		while (spans_sentence_next(text, len, &pos, &a, &b)) {
			assert_true(a >= covered && a < b && b <= len);
			for (size_t i = covered; i < a; i++) {   /* between sentences: whitespace only */
				size_t sl = tokens_space_len(text + i);
				assert_true(sl > 0);
				i += sl - 1;
			}
			assert_true(tokens_space_len(text + a) == 0);
			covered = b;
		}
		assert_int_equal(pos, len);
		for (size_t i = covered; i < len; i++) {
			size_t sl = tokens_space_len(text + i);
			assert_true(sl > 0);
			i += sl - 1;
		}
		free(text);
	}
}

/* ---- sentence golden cases ------------------------------------------------------------ */

#define MAX_TEXT 1024

/* Copy src to dst (size MAX_TEXT) turning \xHH into the byte HH and \n into a line break. */
static void unescape(char *dst, const char *src)
{
	size_t o = 0;
	while (*src && o + 1 < MAX_TEXT) {
		unsigned int byte;
		if (src[0] == '\\' && src[1] == 'x' && sscanf(src + 2, "%2x", &byte) == 1) {
			dst[o++] = (char)byte;
			src += 4;
		} else if (src[0] == '\\' && src[1] == 'n') {
			dst[o++] = '\n';
			src += 2;
		} else {
			dst[o++] = *src++;
		}
	}
	dst[o] = '\0';
}

static int eval_case(const char *name, const char *body, int *n_expect)
{
	char *copy = strdup(body), *save = NULL, *line;
	char text[MAX_TEXT] = "";
	int failures = 0;

	*n_expect = 0;
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (!strncmp(line, "text", 4) && (line[4] == ' ' || line[4] == '\0')) {
			unescape(text, line[4] ? line + 5 : "");
			continue;
		}
		if (strncmp(line, "expect ", 7)) {
			failures += mismatch(name, line, "unknown line");
			continue;
		}
		(*n_expect)++;
		struct strbuf got = STRBUF_INIT;
		size_t pos = 0, a, b, len = strlen(text);
		while (spans_sentence_next(text, len, &pos, &a, &b)) {
			if (got.len)
				strbuf_adds(&got, " | ");
			strbuf_add(&got, text + a, b - a);
		}
		char want[MAX_TEXT];
		unescape(want, strcmp(line + 7, "none") ? line + 7 : "");
		if (strcmp(strbuf_str(&got), want)) {
			char why[3 * MAX_TEXT];
			snprintf(why, sizeof(why), "got '%s'", strbuf_str(&got));
			failures += mismatch(name, line, why);
		}
		strbuf_release(&got);
	}
	free(copy);
	return failures;
}

int main(void)
{
	static const struct CMUnitTest fixed[] = {
		cmocka_unit_test(test_the_sentence_holding_the_answer_is_the_span_with_score_1),
		cmocka_unit_test(test_the_best_window_decides_the_score),
		cmocka_unit_test(test_evidence_is_widened_to_whole_sentences_at_both_ends),
		cmocka_unit_test(test_a_windows_unshared_edges_do_not_pull_in_sentences),
		cmocka_unit_test(test_overlapping_windows_are_merged_into_one_span),
		cmocka_unit_test(test_evidence_far_apart_gives_two_spans_and_neighbours_merge),
		cmocka_unit_test(test_spans_at_the_very_start_and_end_of_a_passage),
		cmocka_unit_test(test_a_passage_shorter_than_the_window_is_one_window),
		cmocka_unit_test(test_utf8_text_is_matched_and_cut_on_character_boundaries),
		cmocka_unit_test(test_an_answer_sharing_no_token_gives_no_span),
		cmocka_unit_test(test_the_threshold_counts_distinct_tokens_exactly),
		cmocka_unit_test(test_gold_answers_give_spans_of_their_own_source_merged),
		cmocka_unit_test(test_a_passage_retrieved_twice_is_read_once),
		cmocka_unit_test(test_sources_parse_from_a_list),
		cmocka_unit_test(test_the_paragraph_joins_spans_in_passage_order_with_their_ids),
		cmocka_unit_test(test_the_paragraph_merges_spans_of_both_sources),
		cmocka_unit_test(test_the_answers_words_are_marked_with_the_metrics_tokens),
		cmocka_unit_test(test_generated_passages_spans_are_sentences_of_the_text_and_match_a_naive_slide),
		cmocka_unit_test(test_every_character_but_whitespace_is_in_one_sentence),
	};
	static const char *const files[] = {
		"tests/golden/spans/sentences.txt",
	};
	(void)split;            /* helpers of golden.h this file does without */
	(void)number_matches;
	return golden_run("spans", fixed, ARRAY_SIZE(fixed), files, ARRAY_SIZE(files));
}
