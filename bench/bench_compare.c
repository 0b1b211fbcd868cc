/* bench_compare.c - the time of the paired tests of convqa report --compare
 * (metrics_compare.h) for 100,000 items x 5 systems (10 pairs) and 10,000
 * resamples, the workload of issue 24's target (under 5 s), without the
 * project file: values generated in memory from a fixed seed.
 *
 *   bench_compare [ITEMS [RESAMPLES]]
 *
 * Three kinds of per-item values: binary (a verdict: accuracy), a fraction
 * in steps of 1/2 (two raters' mean), and a score in steps of 1/1000 (an
 * automatic metric such as F1). Prints one line per test and kind. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "convqa/metrics_compare.h"

#define SYSTEMS 5

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double cpu(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* System s's value of an item: better systems score higher on average. */
static double value(uint64_t *st, int kind, int s)
{
	unsigned r = (unsigned)(next(st) % 1000);
	unsigned bar = 500 + 30 * (unsigned)s;
	switch (kind) {
	case 0:
		return r < bar;
	case 1:
		return ((r < bar) + (next(st) % 1000 < bar)) / 2.0;
	default:
		return (double)((r + 30 * (unsigned)s) % 1001) / 1000.0;
	}
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? (size_t)atol(argv[1]) : 100000;
	long resamples = argc > 2 ? atol(argv[2]) : 10000;
	static const char *const kinds[] = { "binary", "halves", "thousandths" };
	double *v = malloc(n * SYSTEMS * sizeof(*v));
	if (!v || n == 0 || resamples < 1)
		return 1;
	for (int kind = 0; kind < 3; kind++) {
		uint64_t st = 42;
		for (size_t i = 0; i < n * SYSTEMS; i++)
			v[i] = value(&st, kind, (int)(i / n));
		for (int test = 0; test < 2; test++) {
			double t0 = now(), c0 = cpu(), p = 0;
			int exact = 0, n_exact = 0;
			const double *sys[SYSTEMS];
			struct metrics_boot_pair pairs[SYSTEMS * (SYSTEMS - 1) / 2];
			size_t k = 0;
			for (int a = 0; a < SYSTEMS; a++) {
				sys[a] = v + a * n;
				for (int b = a + 1; b < SYSTEMS; b++) {
					pairs[k++] = (struct metrics_boot_pair){ (size_t)a, (size_t)b, 0, 0, 0 };
					if (test == 0)
						metrics_paired_permutation(v + a * n, v + b * n, n, resamples, 1, &p, &exact);
					n_exact += exact;
				}
			}
			if (test == 1)   /* as convqa report --compare: the pairs' draws shared */
				metrics_bootstrap_systems(sys, SYSTEMS, n, resamples, 1, pairs, k);
			printf("bench/compare: %-11s %-11s %zu items x %d systems, %ld resamples: %.2f s (CPU %.2f s)",
			       test ? "bootstrap" : "permutation", kinds[kind], n, SYSTEMS, resamples, now() - t0,
			       cpu() - c0);
			printf(test ? "\n" : " (%d of 10 pairs exact)\n", n_exact);
		}
	}
	free(v);
	return 0;
}
