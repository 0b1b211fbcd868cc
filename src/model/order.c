/* order.c - the order of a turn's answers for one rater (order.h). */
#include "convqa/order.h"

#include <stdlib.h>

#include "convqa/common.h"

/* splitmix64 (Steele, Lea and Flood 2014), as assign.c's: one 64-bit state. */
static uint64_t next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* Uniform in [0, bound), bound > 0, without modulo bias. */
static size_t below(uint64_t *state, size_t bound)
{
	uint64_t b = bound, limit = UINT64_MAX - UINT64_MAX % b, r;
	do
		r = next(state);
	while (r >= limit);
	return (size_t)(r % b);
}

/* a = a shuffled 0..n-1 (Fisher-Yates). */
static void shuffled(size_t *a, size_t n, uint64_t *state)
{
	for (size_t i = 0; i < n; i++)
		a[i] = i;
	for (size_t i = n; i > 1; i--) {
		size_t j = below(state, i), t = a[i - 1];
		a[i - 1] = a[j];
		a[j] = t;
	}
}

uint64_t order_seed(uint64_t base, const char *rater)
{
	uint64_t h = 0xcbf29ce484222325u;   /* FNV-1a of the name */
	for (const char *p = rater ? rater : ""; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3u;
	uint64_t state = base ^ h;
	return next(&state);
}

void order_visit(uint64_t seed, size_t n, size_t visit, size_t *place)
{
	if (n == 0)
		return;
	size_t *sigma = xcalloc(2 * n, sizeof(*sigma)), *tau = sigma + n;
	uint64_t state = seed ^ (uint64_t)(visit / n) * 0xd1b54a32d192ed03u;
	next(&state);
	shuffled(sigma, n, &state);
	shuffled(tau, n, &state);
	size_t start = tau[visit % n];
	/* the first place holds sigma[start], the next sigma[start + 1], ... */
	for (size_t i = 0; i < n; i++)
		place[sigma[i]] = (i + n - start) % n;
	free(sigma);
}
