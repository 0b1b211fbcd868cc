/* order.c - the order of a turn's answers for one rater (order.h). */
#include "convqa/order.h"

#include <stdlib.h>

#include "convqa/common.h"

/* a = a shuffled 0..n-1 (Fisher-Yates). */
static void shuffled(size_t *a, size_t n, uint64_t *state)
{
	for (size_t i = 0; i < n; i++)
		a[i] = i;
	for (size_t i = n; i > 1; i--) {
		size_t j = rng_below(state, i), t = a[i - 1];
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
	return rng_next(&state);
}

void order_visit(uint64_t seed, size_t n, size_t visit, size_t *place)
{
	if (n == 0)
		return;
	size_t *sigma = xcalloc(2 * n, sizeof(*sigma)), *tau = sigma + n;
	uint64_t state = seed ^ (uint64_t)(visit / n) * 0xd1b54a32d192ed03u;
	rng_next(&state);
	shuffled(sigma, n, &state);
	shuffled(tau, n, &state);
	size_t start = tau[visit % n];
	/* the first place holds sigma[start], the next sigma[start + 1], ... */
	for (size_t i = 0; i < n; i++)
		place[sigma[i]] = (i + n - start) % n;
	free(sigma);
}
