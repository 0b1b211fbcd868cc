/*
 * bench_spans.c - the driver of bench/spans.sh: the throughput of
 * spans_extract() in MB of passage text per second, for passages of 1, 10
 * and 100 KB (or the sizes given, in KB), on one core.
 *
 *   build/release/bench_spans [SECONDS] [KB...]
 *
 * Each passage is generated text (seeded, so every run reads the same):
 * sentences of 8 to 24 words drawn from a vocabulary of 2,000 words with a
 * Zipf-like skew, some with commas, a few abbreviations and decimals, about
 * one word in 40 with a non-ASCII letter. Every passage is read with the
 * same answer and gold answer of 20 words each, drawn from the vocabulary
 * as skewed as the passages' words (so every size has as many matches per
 * byte), with the defaults (W = 30, T = 0.2, both sources). A size is run
 * for SECONDS (default 1) of repeated extractions; the figures are the
 * passage bytes read divided by the wall-clock time, and by the thread's
 * CPU time (which the machine's other work does not add to: on a loaded
 * machine the first falls, the second stays), the best of 5 rounds each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "convqa/common.h"
#include "convqa/spans.h"
#include "convqa/strbuf.h"

#define VOCAB 2000
#define TARGET_MBS 50

static unsigned long long rng = 88172645463325252ull;

static unsigned long long next_rand(void)
{
	rng ^= rng << 13;   /* xorshift64 */
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static char *vocab[VOCAB];

static void make_vocab(void)
{
	static const char *const syll[] = { "ka", "lo", "mi", "ne", "ro", "sa", "ti", "vu", "an", "el",
					    "or", "ul", "be", "cho", "dra", "fen", "gri", "hal", "jus", "pe" };
	for (int i = 0; i < VOCAB; i++) {
		struct strbuf sb = STRBUF_INIT;
		int n = 1 + (int)(next_rand() % 3);
		for (int k = 0; k < n; k++)
			strbuf_adds(&sb, syll[next_rand() % ARRAY_SIZE(syll)]);
		if (next_rand() % 40 == 0)
			strbuf_adds(&sb, "\xc3\xa9");   /* é */
		vocab[i] = strbuf_detach(&sb);
	}
}

/* A word index with a Zipf-like skew: small indexes are frequent. */
static int word(void)
{
	double u = (double)(next_rand() % 1000000) / 1000000.0;
	return (int)(u * u * u * VOCAB);
}

static char *make_passage(size_t bytes)
{
	struct strbuf sb = STRBUF_INIT;
	while (sb.len < bytes) {
		int n = 8 + (int)(next_rand() % 17);
		for (int k = 0; k < n; k++) {
			const char *w = vocab[word()];
			if (k == 0) {
				char c = (char)(w[0] - 32);
				strbuf_addc(&sb, c);
				strbuf_adds(&sb, w + 1);
			} else {
				strbuf_adds(&sb, w);
			}
			if (k + 1 < n)
				strbuf_adds(&sb, next_rand() % 9 == 0 ? ", " : " ");
			if (next_rand() % 200 == 0)
				strbuf_adds(&sb, "Dr. ");
			if (next_rand() % 300 == 0)
				strbuf_adds(&sb, "3.5 ");
		}
		strbuf_adds(&sb, next_rand() % 10 == 0 ? "? " : ". ");
	}
	strbuf_setlen(&sb, bytes);
	while (sb.len && ((unsigned char)sb.buf[sb.len - 1] & 0xc0) == 0x80)
		strbuf_setlen(&sb, sb.len - 1);   /* not inside a character */
	return strbuf_detach(&sb);
}

/* 20 words of the vocabulary, as skewed as the passages' words. */
static char *make_answer(void)
{
	struct strbuf sb = STRBUF_INIT;
	for (int k = 0; k < 20; k++) {
		if (k)
			strbuf_addc(&sb, ' ');
		strbuf_adds(&sb, vocab[word()]);
	}
	return strbuf_detach(&sb);
}

/* POOL bytes of passages of one size: the bench reads them in turn, so
 * that no size runs on text the processor has learnt by heart (a passage
 * read again and again trains the branch predictor on it: a 10 KB passage
 * would read half again as fast as fresh text). */
#define POOL (2u << 20)

struct pool {
	size_t kb, n;
	struct spans_passage *p;
	struct spans out;
};

static void pool_init(struct pool *pl, size_t kb)
{
	pl->kb = kb;
	pl->n = POOL / (kb * 1024) + 1;
	pl->p = xcalloc(pl->n, sizeof(*pl->p));
	for (size_t i = 0; i < pl->n; i++) {
		pl->p[i].id = "p";
		pl->p[i].text = make_passage(kb * 1024);
		pl->p[i].len = strlen(pl->p[i].text);
	}
	pl->out = (struct spans)SPANS_INIT;
}

static void pool_release(struct pool *pl)
{
	for (size_t i = 0; i < pl->n; i++)
		free((char *)pl->p[i].text);
	free(pl->p);
	spans_release(&pl->out);
}

/* The CPU time of this thread, in seconds: what other work on the machine
 * does not add to. */
static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Extract the spans of the pool's passages in turn, one response each,
 * for about seconds: bytes a second of wall-clock time, and *cpu_rate
 * bytes a second of CPU time. *spans: spans found a passage. */
static double run(struct pool *pl, const char *answer, const char *gold, double seconds, double *spans,
		  double *cpu_rate)
{
	const char *golds[] = { gold };
	double done = 0, found = 0, calls = 0, t0 = now_monotonic(), c0 = cpu_now(), t;
	size_t i = 0;
	do {
		size_t batch = 1 + (2u << 20) / (pl->kb * 1024);   /* about 2 MB between clock reads */
		for (size_t k = 0; k < batch; k++, i = (i + 1) % pl->n) {
			spans_extract(&pl->out, &pl->p[i], 1, answer, golds, 1, NULL);
			done += (double)pl->p[i].len;
			found += (double)pl->out.n;
			calls++;
		}
		t = now_monotonic() - t0;
	} while (t < seconds);
	*spans = found / calls;
	*cpu_rate = done / (cpu_now() - c0);
	return done / t;
}

int main(int argc, char **argv)
{
	enum { ROUNDS = 5, MAX_SIZES = 8 };
	double seconds = argc > 1 ? atof(argv[1]) : 1.0;
	size_t sizes[MAX_SIZES] = { 1, 10, 100 }, n = 3;
	double best[MAX_SIZES] = { 0 }, best_cpu[MAX_SIZES] = { 0 }, spans[MAX_SIZES];
	struct pool pl[MAX_SIZES];

	if (argc > 2) {
		n = 0;
		for (int i = 2; i < argc && n < MAX_SIZES; i++)
			if ((sizes[n] = (size_t)atol(argv[i])) > 0)
				n++;
	}
	make_vocab();
	char *answer = make_answer(), *gold = make_answer();
	for (size_t i = 0; i < n; i++)
		pool_init(&pl[i], sizes[i]);
	/* the sizes in turn, ROUNDS times: the best round of each counts
	 * (other work on the machine only ever slows a round down) */
	for (int r = 0; r < ROUNDS; r++)
		for (size_t i = 0; i < n; i++) {
			double cpu, rate = run(&pl[i], answer, gold, seconds / ROUNDS, &spans[i], &cpu);
			if (rate > best[i])
				best[i] = rate;
			if (cpu > best_cpu[i])
				best_cpu[i] = cpu;
		}
	for (size_t i = 0; i < n; i++)
		printf("bench/spans: %4zu KB passages: %6.1f MB/s, %6.1f MB a CPU second (%.1f spans a passage)\n",
		       sizes[i], best[i] / 1e6, best_cpu[i] / 1e6, spans[i]);
	double slowest = best[0], slowest_cpu = best_cpu[0];
	int linear = 1;
	for (size_t i = 1; i < n; i++) {
		double x = (double)sizes[i] / (double)sizes[0], tr = x * best[0] / best[i];
		printf("bench/spans: %zu KB vs %zu KB: %.0fx the text in %.1fx the time (linear: within %.0fx)\n",
		       sizes[i], sizes[0], x, tr, x * 1.2);
		linear &= tr <= x * 1.2;
		if (best[i] < slowest)
			slowest = best[i];
		if (best_cpu[i] < slowest_cpu)
			slowest_cpu = best_cpu[i];
	}
	printf("bench/spans: target at least %d MB/s on one core: %s (slowest %.1f MB/s of wall-clock time, %.1f MB "
	       "a CPU second); linear: %s\n", TARGET_MBS, slowest >= TARGET_MBS * 1e6 ? "met" : "NOT MET",
	       slowest / 1e6, slowest_cpu / 1e6, linear ? "met" : "NOT MET");
	if (slowest < TARGET_MBS * 1e6 && slowest_cpu >= TARGET_MBS * 1e6)
		printf("bench/spans: met in CPU time: the machine's other work took the difference\n");
	for (size_t i = 0; i < n; i++)
		pool_release(&pl[i]);
	for (int i = 0; i < VOCAB; i++)
		free(vocab[i]);
	free(answer);
	free(gold);
	return 0;
}
