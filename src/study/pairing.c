/* pairing.c - the plan of a pairwise round: pairs of systems, a balanced
 * sample of items, and the side each answer is shown on (pairing.h). */
#include "convqa/pairing.h"

#include "convqa/assign.h"
#include "convqa/common.h"

#include <stdlib.h>
#include <string.h>

int pairing_parse(const char *s, enum pairing_mode *mode, long *n)
{
	*n = 0;
	if (strcmp(s, "all") == 0)
		*mode = PAIRING_ALL;
	else if (strcmp(s, "adjacent") == 0)
		*mode = PAIRING_ADJACENT;
	else if (strncmp(s, "sample:", 7) == 0 && parse_long(s + 7, 1, 100000000L, n) == 0)
		*mode = PAIRING_SAMPLE;
	else
		return -1;
	return 0;
}

size_t pairing_max(size_t n_systems)
{
	return n_systems < 2 ? 0 : n_systems * (n_systems - 1) / 2;
}

size_t pairing_systems(size_t n_systems, enum pairing_mode mode, uint32_t (*out)[2])
{
	size_t k = 0;
	for (size_t i = 0; i + 1 < n_systems; i++)
		for (size_t j = i + 1; j < n_systems; j++) {
			if (mode == PAIRING_ADJACENT && j != i + 1)
				break;
			out[k][0] = (uint32_t)i;
			out[k][1] = (uint32_t)j;
			k++;
		}
	return k;
}

/* A seeded Fisher-Yates shuffle of v[0..n). */
static void shuffle(size_t *v, size_t n, uint64_t *state)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(assign_rng_next(state) % i);
		size_t t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

size_t pairing_sample(const uint32_t *pair_of, size_t m, size_t n_pairs, size_t n, uint64_t seed, size_t *out)
{
	uint64_t state = seed ^ 0x70616972ULL;
	size_t *start = xcalloc(n_pairs + 1, sizeof(*start)), *next = xcalloc(n_pairs + 1, sizeof(*next));
	size_t *by_pair = xmalloc((m ? m : 1) * sizeof(*by_pair)), *visit = xmalloc((n_pairs ? n_pairs : 1) * sizeof(*visit));
	for (size_t i = 0; i < m; i++)
		start[pair_of[i] + 1]++;
	for (size_t p = 0; p < n_pairs; p++)
		start[p + 1] += start[p];
	memcpy(next, start, (n_pairs + 1) * sizeof(*next));
	for (size_t i = 0; i < m; i++)
		by_pair[next[pair_of[i]]++] = i;
	for (size_t p = 0; p < n_pairs; p++) {
		shuffle(by_pair + start[p], start[p + 1] - start[p], &state);
		next[p] = start[p];
		visit[p] = p;
	}
	size_t k = 0;
	while (k < n && k < m) {
		shuffle(visit, n_pairs, &state);   /* a new order each round: no pair always first */
		for (size_t v = 0; v < n_pairs && k < n; v++) {
			size_t p = visit[v];
			if (next[p] < start[p + 1])
				out[k++] = by_pair[next[p]++];
		}
	}
	qsort(out, k, sizeof(*out), assign_cmp_size);
	free(start);
	free(next);
	free(by_pair);
	free(visit);
	return k;
}

void pairing_sides(const uint32_t (*sys)[2], size_t n, size_t n_systems, uint64_t seed, int *first)
{
	uint64_t state = seed ^ 0x736964657300ULL;
	long *lead = xcalloc(n_systems ? n_systems : 1, sizeof(*lead));   /* left minus right so far */
	size_t *order = xmalloc((n ? n : 1) * sizeof(*order));
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	shuffle(order, n, &state);
	for (size_t v = 0; v < n; v++) {
		size_t i = order[v];
		long a = lead[sys[i][0]], b = lead[sys[i][1]];
		int coin = (int)(assign_rng_next(&state) & 1);
		first[i] = a < b || (a == b && coin);
		lead[sys[i][0]] += first[i] ? 1 : -1;
		lead[sys[i][1]] += first[i] ? -1 : 1;
	}
	free(lead);
	free(order);
}
