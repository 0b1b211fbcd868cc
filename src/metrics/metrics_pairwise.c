/* metrics_pairwise.c - statistics of side-by-side preferences (see
 * metrics_pairwise.h for the conventions). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/common.h"
#include "convqa/metrics_compare.h"
#include "convqa/metrics_pairwise.h"

void pairwise_options_init(struct pairwise_options *o)
{
	o->z = METRICS_Z95;
	o->resamples = 1000;
	o->seed = 1;
}

/* ---- rows ----------------------------------------------------------------------------- */

static int field_matches(const struct pref_row *r, const char *field)
{
	return !field || (r->field && strcmp(r->field, field) == 0);
}

static int systems_valid(const struct pref_row *r, size_t n_systems)
{
	return r->sys_a >= 0 && r->sys_b >= 0 && (size_t)r->sys_a < n_systems && (size_t)r->sys_b < n_systems &&
	       r->sys_a != r->sys_b;
}

/* The agreement category of a winner; -1 for SAME (not judged). */
static int pref_category(enum pref_winner w)
{
	switch (w) {
	case PREF_A:
		return PAIRWISE_CAT_A;
	case PREF_B:
		return PAIRWISE_CAT_B;
	case PREF_TIE:
	case PREF_BOTH_BAD:
		return PAIRWISE_CAT_TIE;
	case PREF_SAME:
		break;
	}
	return -1;
}

/* ---- Wilson ------------------------------------------------------------------------------ */

enum metrics_status pairwise_wilson(double successes, long n, double z, double *lo, double *hi)
{
	if (n == 0)
		return METRICS_EMPTY;
	if (n < 0 || !(z > 0) || !(successes >= 0) || successes > (double)n)
		return METRICS_BAD_ARGUMENT;
	double nn = (double)n, p = successes / nn, z2 = z * z;
	double centre = p + z2 / (2 * nn), half = z * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
	double den = 1 + z2 / nn;
	*lo = fmax(0.0, (centre - half) / den);
	*hi = fmin(1.0, (centre + half) / den);
	return METRICS_OK;
}

/* ---- tallies ------------------------------------------------------------------------------- */

void pairwise_tally_init(struct pairwise_tally *t, size_t n)
{
	size_t cells = n ? n * n : 1;
	t->n = n;
	t->win = xcalloc(cells, sizeof(long));
	t->tie = xcalloc(cells, sizeof(long));
	t->both_bad = xcalloc(cells, sizeof(long));
	t->same = xcalloc(cells, sizeof(long));
	t->rows = t->skipped = 0;
}

void pairwise_tally_add(struct pairwise_tally *t, const struct pref_row *rows, size_t n_rows,
			const char *field)
{
	size_t n = t->n;
	for (size_t k = 0; k < n_rows; k++) {
		const struct pref_row *r = &rows[k];
		if (!field_matches(r, field))
			continue;
		if (!systems_valid(r, n)) {
			t->skipped++;
			continue;
		}
		size_t a = (size_t)r->sys_a, b = (size_t)r->sys_b;
		t->rows++;
		if (r->winner == PREF_A) {
			t->win[a * n + b]++;
		} else if (r->winner == PREF_B) {
			t->win[b * n + a]++;
		} else {
			t->tie[a * n + b]++;
			t->tie[b * n + a]++;
			if (r->winner == PREF_BOTH_BAD) {
				t->both_bad[a * n + b]++;
				t->both_bad[b * n + a]++;
			} else if (r->winner == PREF_SAME) {
				t->same[a * n + b]++;
				t->same[b * n + a]++;
			}
		}
	}
}

void pairwise_tally_release(struct pairwise_tally *t)
{
	free(t->win);
	free(t->tie);
	free(t->both_bad);
	free(t->same);
	memset(t, 0, sizeof(*t));
}

long pairwise_wins(const struct pairwise_tally *t, size_t i, size_t j)
{
	return t->win[i * t->n + j];
}

long pairwise_ties(const struct pairwise_tally *t, size_t i, size_t j)
{
	return t->tie[i * t->n + j];
}

/* ---- one pair ---------------------------------------------------------------------------------- */

enum metrics_status pairwise_pair_stats(long wins, long losses, long ties, double z,
					struct pairwise_stats *out)
{
	memset(out, 0, sizeof(*out));
	out->sign_p = 1.0;
	if (wins < 0 || losses < 0 || ties < 0 || !(z > 0))
		return METRICS_BAD_ARGUMENT;
	out->wins = wins;
	out->losses = losses;
	out->ties = ties;
	out->n = wins + losses + ties;
	if (out->n == 0)
		return METRICS_EMPTY;
	double half = (double)wins + (double)ties / 2;
	out->has_half = 1;
	out->rate_half = half / (double)out->n;
	pairwise_wilson(half, out->n, z, &out->half_lo, &out->half_hi);
	if (wins + losses > 0) {
		out->has_decided = 1;
		out->rate_decided = (double)wins / (double)(wins + losses);
		pairwise_wilson((double)wins, wins + losses, z, &out->decided_lo, &out->decided_hi);
		metrics_binomial_half_p(wins, wins + losses, &out->sign_p);
	}
	return METRICS_OK;
}

/* ---- Bradley-Terry ------------------------------------------------------------------------------- */

static void bt_alloc(struct pairwise_bt *bt, size_t n)
{
	size_t m = n ? n : 1;
	memset(bt, 0, sizeof(*bt));
	bt->n = n;
	bt->strength = xcalloc(m, sizeof(double));
	bt->log_strength = xcalloc(m, sizeof(double));
	bt->state = xcalloc(m, sizeof(*bt->state));
	bt->level = xcalloc(m, sizeof(int));
	bt->rank = xcalloc(m, sizeof(size_t));
}

void pairwise_bt_release(struct pairwise_bt *bt)
{
	free(bt->strength);
	free(bt->log_strength);
	free(bt->state);
	free(bt->level);
	free(bt->rank);
	memset(bt, 0, sizeof(*bt));
}

/* Take out, step by step, the systems that never win or never lose among
 * those left (active[i] 1): ZERO / INFINITE with their level. */
static void bt_peel(const double *w, size_t n, struct pairwise_bt *bt, char *active)
{
	char *mark = xcalloc(n ? n : 1, 1);
	for (int level = 1;; level++) {
		int changed = 0;
		for (size_t i = 0; i < n; i++) {
			double W = 0, L = 0;
			for (size_t j = 0; j < n && active[i]; j++)
				if (active[j] && j != i) {
					W += w[i * n + j];
					L += w[j * n + i];
				}
			mark[i] = !active[i] ? 0 : W == 0 && L > 0 ? 1 : L == 0 && W > 0 ? 2 : 0;
		}
		for (size_t i = 0; i < n; i++) {
			if (!mark[i])
				continue;
			changed = 1;
			active[i] = 0;
			bt->level[i] = level;
			bt->state[i] = mark[i] == 1 ? PAIRWISE_BT_ZERO : PAIRWISE_BT_INFINITE;
			bt->strength[i] = bt->log_strength[i] = mark[i] == 1 ? 0.0 : INFINITY;
			if (mark[i] == 1)
				bt->log_strength[i] = -INFINITY;
		}
		if (!changed)
			break;
	}
	free(mark);
}

/* Whether every active system reaches every other along "beat" edges and
 * back (one strongly connected group). */
static int bt_connected(const double *w, size_t n, const char *active)
{
	size_t first = n, *stack = xmalloc((n ? n : 1) * sizeof(size_t));
	char *seen = xmalloc(n ? n : 1);
	int ok = 1;
	for (size_t i = 0; i < n && first == n; i++)
		if (active[i])
			first = i;
	for (int dir = 0; dir < 2 && ok && first < n; dir++) {
		size_t top = 0;
		memset(seen, 0, n);
		seen[first] = 1;
		stack[top++] = first;
		while (top) {
			size_t i = stack[--top];
			for (size_t j = 0; j < n; j++)
				if (active[j] && !seen[j] && (dir ? w[j * n + i] : w[i * n + j]) > 0) {
					seen[j] = 1;
					stack[top++] = j;
				}
		}
		for (size_t i = 0; i < n; i++)
			ok &= !active[i] || seen[i];
	}
	free(stack);
	free(seen);
	return ok;
}

/* One MM step over the active systems from p into p (normalised to a
 * geometric mean of 1); returns the largest change of a log-strength. */
static double mm_step(const double *w, size_t n, const char *active, double *p, double *next)
{
	double mean_log = 0, moved = 0;
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		double W = 0, den = 0;
		for (size_t j = 0; j < n && active[i]; j++)
			if (active[j] && j != i) {
				W += w[i * n + j];
				den += (w[i * n + j] + w[j * n + i]) / (p[i] + p[j]);
			}
		next[i] = active[i] && den > 0 ? W / den : 1.0;
		if (active[i]) {
			mean_log += log(next[i]);
			m++;
		}
	}
	mean_log /= (double)(m ? m : 1);
	for (size_t i = 0; i < n; i++) {
		if (!active[i])
			continue;
		next[i] = exp(log(next[i]) - mean_log);
		moved = fmax(moved, fabs(log(next[i]) - log(p[i])));
		p[i] = next[i];
	}
	return moved;
}

/* The log-likelihood at log-strengths th over the active systems. */
static double loglik(const double *w, size_t n, const char *active, const double *th)
{
	double ll = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n && active[i]; j++)
			if (active[j] && j != i && w[i * n + j] > 0)
				ll -= w[i * n + j] * log1p(exp(th[j] - th[i]));
	return ll;
}

/* Solve a x = b for the m x m matrix a (row-major, destroyed) by Gaussian
 * elimination with partial pivoting; x into b. 0, or -1 when singular. */
static int solve(double *a, double *b, size_t m)
{
	for (size_t c = 0; c < m; c++) {
		size_t piv = c;
		for (size_t r = c + 1; r < m; r++)
			if (fabs(a[r * m + c]) > fabs(a[piv * m + c]))
				piv = r;
		if (!(fabs(a[piv * m + c]) > 1e-300))
			return -1;
		for (size_t k = 0; k < m && piv != c; k++) {
			double x = a[c * m + k];
			a[c * m + k] = a[piv * m + k];
			a[piv * m + k] = x;
		}
		double x = b[c];
		b[c] = b[piv];
		b[piv] = x;
		for (size_t r = c + 1; r < m; r++) {
			double f = a[r * m + c] / a[c * m + c];
			for (size_t k = c; k < m; k++)
				a[r * m + k] -= f * a[c * m + k];
			b[r] -= f * b[c];
		}
	}
	for (size_t c = m; c-- > 0;) {
		for (size_t k = c + 1; k < m; k++)
			b[c] -= a[c * m + k] * b[k];
		b[c] /= a[c * m + c];
	}
	return 0;
}

/* The Newton direction at th: (-H) d = g over the active systems idx[0..m)
 * but the last (whose log-strength stays put), into d[0..m-1). */
static int newton_direction(const double *w, size_t n, const size_t *idx, size_t m, const double *th, double *d)
{
	size_t r = m - 1;
	double *h = xcalloc(r * r + 1, sizeof(double));
	for (size_t a = 0; a < r; a++) {
		d[a] = 0;
		for (size_t b = 0; b < m; b++) {
			size_t i = idx[a], j = idx[b];
			double nij = w[i * n + j] + w[j * n + i], pij = 1 / (1 + exp(th[j] - th[i]));
			if (a == b || nij == 0)
				continue;
			d[a] += w[i * n + j] - nij * pij;
			h[a * r + a] += nij * pij * (1 - pij);
			if (b < r)
				h[a * r + b] -= nij * pij * (1 - pij);
		}
	}
	int rc = solve(h, d, r);
	free(h);
	return rc;
}

/* Newton's method with step halving from th (log-strengths) until no
 * log-strength moves by more than PAIRWISE_BT_TOL; 1 when it got there. */
static int bt_newton(const double *w, size_t n, const char *active, double *th, long *steps)
{
	size_t m = 0, *idx = xmalloc((n + 1) * sizeof(size_t));
	double *d = xmalloc((n + 1) * sizeof(double)), *next = xmalloc((n + 1) * sizeof(double));
	int done = 0;
	for (size_t i = 0; i < n; i++)
		if (active[i])
			idx[m++] = i;
	for (int k = 0; k < 100 && !done && m > 1 && newton_direction(w, n, idx, m, th, d) == 0; k++) {
		double ll = loglik(w, n, active, th), step = 1, moved = 0;
		for (int half = 0; half < 40; half++, step /= 2) {
			memcpy(next, th, n * sizeof(double));
			moved = 0;
			for (size_t a = 0; a + 1 < m; a++) {
				next[idx[a]] += step * d[a];
				moved = fmax(moved, fabs(step * d[a]));
			}
			if (loglik(w, n, active, next) >= ll - 1e-12 * fabs(ll))
				break;
		}
		memcpy(th, next, n * sizeof(double));
		(*steps)++;
		done = moved < PAIRWISE_BT_TOL;
	}
	free(idx);
	free(d);
	free(next);
	return done || m <= 1;
}

/* The maximum over the active systems: MM steps (Zermelo; Hunter 2004)
 * from equal strengths, then, from where they got, Newton's method to
 * convergence (the MM alone, to PAIRWISE_BT_MAX_ITER steps, above
 * PAIRWISE_BT_NEWTON_MAX systems or when Newton fails); normalised to a
 * geometric mean of 1. */
static void bt_fit_active(const double *w, size_t n, const char *active, struct pairwise_bt *bt)
{
	double *p = xmalloc(n * sizeof(double)), *next = xmalloc(n * sizeof(double)), mean = 0;
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		p[i] = 1.0;
		m += active[i] != 0;
	}
	long mm_steps = m <= PAIRWISE_BT_NEWTON_MAX ? PAIRWISE_BT_MM_STEPS : PAIRWISE_BT_MAX_ITER;
	while (bt->iterations < mm_steps && !bt->converged) {
		bt->converged = mm_step(w, n, active, p, next) < PAIRWISE_BT_TOL;
		bt->iterations++;
	}
	for (size_t i = 0; i < n; i++)
		next[i] = log(p[i]);
	if (!bt->converged && m <= PAIRWISE_BT_NEWTON_MAX && bt_newton(w, n, active, next, &bt->iterations))
		bt->converged = 1;
	while (!bt->converged && bt->iterations < PAIRWISE_BT_MAX_ITER) {   /* Newton failed: MM on */
		bt->converged = mm_step(w, n, active, p, next) < PAIRWISE_BT_TOL;
		bt->iterations++;
		for (size_t i = 0; i < n; i++)
			next[i] = log(p[i]);
	}
	for (size_t i = 0; i < n; i++)
		mean += active[i] ? next[i] / (double)m : 0;
	for (size_t i = 0; i < n; i++)
		if (active[i]) {
			bt->log_strength[i] = next[i] - mean;
			bt->strength[i] = exp(bt->log_strength[i]);
		}
	free(p);
	free(next);
}

/* Ordering key of the ranking: a group (0 INFINITE, 1 FINITE, 2 ZERO, 3 no
 * estimate) and a value within it, higher first. */
static int bt_group(const struct pairwise_bt *bt, size_t i)
{
	switch (bt->state[i]) {
	case PAIRWISE_BT_INFINITE:
		return 0;
	case PAIRWISE_BT_FINITE:
		return 1;
	case PAIRWISE_BT_ZERO:
		return 2;
	default:
		return 3;
	}
}

static double bt_key(const struct pairwise_bt *bt, size_t i)
{
	int g = bt_group(bt, i);
	return g == 1 ? bt->strength[i] : g == 3 ? 0.0 : (double)bt->level[i];
}

static void bt_rank(struct pairwise_bt *bt)
{
	size_t n = bt->n;
	for (size_t i = 0; i < n; i++)
		bt->rank[i] = i;
	for (size_t i = 1; i < n; i++) {   /* insertion sort: stable, n is small */
		size_t x = bt->rank[i], k = i;
		while (k > 0) {
			size_t y = bt->rank[k - 1];
			int gx = bt_group(bt, x), gy = bt_group(bt, y);
			if (gy < gx || (gy == gx && bt_key(bt, y) >= bt_key(bt, x)))
				break;
			bt->rank[k] = y;
			k--;
		}
		bt->rank[k] = x;
	}
}

void pairwise_bt_fit(const double *w, size_t n, struct pairwise_bt *out)
{
	bt_alloc(out, n);
	char *active = xcalloc(n ? n : 1, 1);
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < n; j++)
			if (j != i && (w[i * n + j] > 0 || w[j * n + i] > 0))
				active[i] = 1;
		if (!active[i]) {
			out->state[i] = PAIRWISE_BT_UNCOMPARED;
			out->strength[i] = out->log_strength[i] = NAN;
		}
	}
	bt_peel(w, n, out, active);
	if (!bt_connected(w, n, active)) {
		for (size_t i = 0; i < n; i++)
			if (active[i]) {
				out->state[i] = PAIRWISE_BT_SPLIT;
				out->strength[i] = out->log_strength[i] = NAN;
			}
	} else {
		bt_fit_active(w, n, active, out);
	}
	bt_rank(out);
	free(active);
}

/* w[i * n + j] of a tally: wins plus half the ties. */
static double *tally_weights(const struct pairwise_tally *t)
{
	size_t n = t->n;
	double *w = xcalloc(n ? n * n : 1, sizeof(double));
	for (size_t k = 0; k < n * n; k++)
		w[k] = (double)t->win[k] + (double)t->tie[k] / 2;
	return w;
}

void pairwise_bt_from_tally(const struct pairwise_tally *t, struct pairwise_bt *out)
{
	double *w = tally_weights(t);
	pairwise_bt_fit(w, t->n, out);
	free(w);
}

/* ---- bootstrap over turns -------------------------------------------------------------------------- */

static int cmp_turn(const void *x, const void *y)
{
	const struct pref_row *a = *(const struct pref_row *const *)x, *b = *(const struct pref_row *const *)y;
	if (a->turn_id != b->turn_id)
		return a->turn_id < b->turn_id ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* The rows of field with valid systems, sorted by turn; *n_out of them. */
static const struct pref_row **rows_by_turn(const struct pref_row *rows, size_t n_rows, const char *field,
					    size_t n_systems, size_t *n_out)
{
	const struct pref_row **v = xmalloc((n_rows ? n_rows : 1) * sizeof(*v));
	size_t m = 0;
	for (size_t k = 0; k < n_rows; k++)
		if (field_matches(&rows[k], field) && systems_valid(&rows[k], n_systems))
			v[m++] = &rows[k];
	qsort(v, m, sizeof(*v), cmp_turn);
	*n_out = m;
	return v;
}

static void add_weight(double *w, size_t n, const struct pref_row *r)
{
	size_t a = (size_t)r->sys_a, b = (size_t)r->sys_b;
	if (r->winner == PREF_A) {
		w[a * n + b] += 1;
	} else if (r->winner == PREF_B) {
		w[b * n + a] += 1;
	} else {
		w[a * n + b] += 0.5;
		w[b * n + a] += 0.5;
	}
}

/* Type-7 quantile p of sorted v[0..m) that may hold infinities. */
static double quantile_inf(const double *v, size_t m, double p)
{
	double h = (double)(m - 1) * p, f = floor(h), frac = h - f;
	size_t k = (size_t)f;
	if (frac == 0 || k + 1 >= m || v[k] == v[k + 1])
		return v[k];
	if (isinf(v[k]) || isinf(v[k + 1]))
		return isinf(v[k]) ? v[k] : v[k + 1];
	return v[k] + frac * (v[k + 1] - v[k]);
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

/* One resample: its fit's log-strengths into sample[i * R + r] when no
 * system compared in the data is without an estimate; 1 if used. */
static int bt_resample(const struct pref_row **v, const size_t *turn_start, size_t n_turns, size_t n,
		       uint64_t *rng, const char *compared, double *w, double *sample, long *degenerate)
{
	struct pairwise_bt bt;
	int ok = 1;
	memset(w, 0, n * n * sizeof(double));
	for (size_t k = 0; k < n_turns; k++) {
		size_t t = rng_below(rng, n_turns);
		for (size_t q = turn_start[t]; q < turn_start[t + 1]; q++)
			add_weight(w, n, v[q]);
	}
	pairwise_bt_fit(w, n, &bt);
	for (size_t i = 0; i < n; i++)
		ok &= !compared[i] || bt.state[i] == PAIRWISE_BT_FINITE || bt.state[i] == PAIRWISE_BT_ZERO ||
		      bt.state[i] == PAIRWISE_BT_INFINITE;
	for (size_t i = 0; i < n && ok; i++) {
		sample[i] = bt.log_strength[i];
		degenerate[i] += bt.state[i] == PAIRWISE_BT_ZERO || bt.state[i] == PAIRWISE_BT_INFINITE;
	}
	pairwise_bt_release(&bt);
	return ok;
}

/* The turns' starts in v (n_turns + 1 entries, the last m); *n_turns set. */
static size_t *turn_starts(const struct pref_row **v, size_t m, size_t *n_turns)
{
	size_t *start = xmalloc((m + 1) * sizeof(size_t)), k = 0;
	for (size_t q = 0; q < m; q++)
		if (q == 0 || v[q]->turn_id != v[q - 1]->turn_id)
			start[k++] = q;
	start[k] = m;
	*n_turns = k;
	return start;
}

static void bt_bounds(double *samples, size_t n, long used, double z, double *lo, double *hi)
{
	double tail = 0.5 * erfc(z / sqrt(2.0));
	for (size_t i = 0; i < n; i++) {
		double *s = samples + i * (size_t)used;
		if (used == 0 || isnan(s[0])) {
			lo[i] = hi[i] = NAN;
			continue;
		}
		qsort(s, (size_t)used, sizeof(double), cmp_double);
		lo[i] = quantile_inf(s, (size_t)used, tail);
		hi[i] = quantile_inf(s, (size_t)used, 1 - tail);
	}
}

enum metrics_status pairwise_bt_bootstrap(const struct pref_row *rows, size_t n_rows, const char *field,
					  size_t n_systems, const struct pairwise_options *o, double *lo,
					  double *hi, long *used, long *degenerate)
{
	size_t m, n_turns, n = n_systems;
	const struct pref_row **v = rows_by_turn(rows, n_rows, field, n, &m);
	size_t *start = turn_starts(v, m, &n_turns);
	*used = 0;
	for (size_t i = 0; i < n; i++) {
		degenerate[i] = 0;
		lo[i] = hi[i] = NAN;
	}
	if (n_turns == 0 || o->resamples < 1 || n == 0) {
		free(v);
		free(start);
		return METRICS_EMPTY;
	}
	char *compared = xcalloc(n, 1);
	for (size_t q = 0; q < m; q++)
		compared[v[q]->sys_a] = compared[v[q]->sys_b] = 1;
	double *w = xmalloc(n * n * sizeof(double)), *one = xmalloc(n * sizeof(double));
	double *all = xmalloc(n * (size_t)o->resamples * sizeof(double));
	uint64_t rng = o->seed;
	for (long r = 0; r < o->resamples; r++) {
		if (!bt_resample(v, start, n_turns, n, &rng, compared, w, one, degenerate))
			continue;
		for (size_t i = 0; i < n; i++)   /* by system: column r of row i, packed after */
			all[i * (size_t)o->resamples + (size_t)*used] = one[i];
		(*used)++;
	}
	for (size_t i = 0; i < n && *used; i++)   /* pack the rows to length used */
		memmove(all + i * (size_t)*used, all + i * (size_t)o->resamples, (size_t)*used * sizeof(double));
	bt_bounds(all, n, *used, o->z, lo, hi);
	free(all);
	free(one);
	free(w);
	free(compared);
	free(v);
	free(start);
	return METRICS_OK;
}

/* ---- position bias ----------------------------------------------------------------------------------- */

void pairwise_position(const struct pref_row *rows, size_t n_rows, const char *field, double z,
		       struct pairwise_position *out)
{
	memset(out, 0, sizeof(*out));
	out->sign_p = 1.0;
	for (size_t k = 0; k < n_rows; k++) {
		const struct pref_row *r = &rows[k];
		if (!field_matches(r, field) || (r->winner != PREF_A && r->winner != PREF_B))
			continue;
		if (r->a_first != 0 && r->a_first != 1) {
			out->unknown++;
			continue;
		}
		out->decided++;
		out->first_wins += (r->a_first == 1) == (r->winner == PREF_A);
	}
	if (out->decided == 0)
		return;
	out->has_rate = 1;
	out->rate = (double)out->first_wins / (double)out->decided;
	pairwise_wilson((double)out->first_wins, out->decided, z, &out->lo, &out->hi);
	metrics_binomial_half_p(out->first_wins, out->decided, &out->sign_p);
}

/* ---- preference against absolute labels ---------------------------------------------------------------- */

static int sign3(double v)
{
	return (v > 0) - (v < 0);
}

/* Kendall's tau-b of a 3 x 3 table of (x, y) in {-1, 0, 1}, n[x + 1][y + 1]. */
static int tau_b3(const long n[3][3], double *tau)
{
	double conc = 0, disc = 0, total = 0, tx = 0, ty = 0;
	for (int i = 0; i < 3; i++) {
		double row = 0, col = 0;
		for (int j = 0; j < 3; j++) {
			row += (double)n[i][j];
			col += (double)n[j][i];
			for (int k = i + 1; k < 3; k++)
				for (int l = 0; l < 3; l++) {
					if (l > j)
						conc += (double)n[i][j] * (double)n[k][l];
					else if (l < j)
						disc += (double)n[i][j] * (double)n[k][l];
				}
		}
		total += row;
		tx += row * (row - 1) / 2;
		ty += col * (col - 1) / 2;
	}
	double n0 = total * (total - 1) / 2, den = sqrt((n0 - tx) * (n0 - ty));
	if (!(den > 0))
		return 0;
	*tau = (conc - disc) / den;
	return 1;
}

void pairwise_absolute(const struct pref_row *rows, size_t n_rows, const char *field, double z,
		       struct pairwise_absolute *out)
{
	memset(out, 0, sizeof(*out));
	long table[3][3] = { { 0 } };
	for (size_t k = 0; k < n_rows; k++) {
		const struct pref_row *r = &rows[k];
		if (!field_matches(r, field) || r->rater < 0 || r->winner == PREF_SAME || !r->has_abs)
			continue;
		int x = r->winner == PREF_A ? 1 : r->winner == PREF_B ? -1 : 0;
		int y = sign3(r->abs_a - r->abs_b);
		table[x + 1][y + 1]++;
		out->pairs++;
		if (x == 0)
			continue;
		out->decided++;
		if (y == 0)
			out->level++;
		else if (x == y)
			out->agree++;
		else
			out->disagree++;
	}
	out->has_tau = tau_b3(table, &out->tau_b);
	long n = out->agree + out->disagree;
	if (n == 0)
		return;
	out->has_rate = 1;
	out->rate = (double)out->agree / (double)n;
	pairwise_wilson((double)out->agree, n, z, &out->lo, &out->hi);
}

/* ---- agreement ----------------------------------------------------------------------------------------- */

static int cmp_str(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

/* Units: the field, the turn, the pair; then the rater, then the order given. */
static int cmp_unit(const void *x, const void *y)
{
	const struct pref_row *a = *(const struct pref_row *const *)x, *b = *(const struct pref_row *const *)y;
	int c = cmp_str(a->field, b->field);
	if (c)
		return c;
	if (a->turn_id != b->turn_id)
		return a->turn_id < b->turn_id ? -1 : 1;
	if (a->sys_a != b->sys_a)
		return a->sys_a < b->sys_a ? -1 : 1;
	if (a->sys_b != b->sys_b)
		return a->sys_b < b->sys_b ? -1 : 1;
	if (a->rater != b->rater)
		return a->rater < b->rater ? -1 : 1;
	return a < b ? -1 : a > b;
}

static int same_unit(const struct pref_row *a, const struct pref_row *b)
{
	return cmp_str(a->field, b->field) == 0 && a->turn_id == b->turn_id && a->sys_a == b->sys_a &&
	       a->sys_b == b->sys_b;
}

/* The judged rows of field with a rater, sorted by unit and rater; the
 * last row of a rater in a unit is the one that counts. */
static const struct pref_row **judged_rows(const struct pref_row *rows, size_t n_rows, const char *field,
					   size_t *n_out)
{
	const struct pref_row **v = xmalloc((n_rows ? n_rows : 1) * sizeof(*v));
	size_t m = 0;
	for (size_t k = 0; k < n_rows; k++)
		if (field_matches(&rows[k], field) && rows[k].rater >= 0 && pref_category(rows[k].winner) >= 0)
			v[m++] = &rows[k];
	qsort(v, m, sizeof(*v), cmp_unit);
	*n_out = m;
	return v;
}

/* The unit starting at v[q]: its raters' categories counted into cat[],
 * the end index returned, the raters in *raters. */
static size_t unit_counts(const struct pref_row **v, size_t m, size_t q, long *cat, int *raters)
{
	size_t e = q;
	memset(cat, 0, PAIRWISE_N_CATS * sizeof(long));
	*raters = 0;
	while (e < m && same_unit(v[q], v[e])) {
		if (e + 1 == m || !same_unit(v[q], v[e + 1]) || v[e + 1]->rater != v[e]->rater) {
			cat[pref_category(v[e]->winner)]++;
			(*raters)++;
		}
		e++;
	}
	return e;
}

/* The most common number of raters per unit among those of at least 2 (the
 * smaller one on a tie); 0 when no unit has 2. */
static int modal_raters(const struct pref_row **v, size_t m)
{
	long *count = xcalloc(m + 2, sizeof(long)), cat[PAIRWISE_N_CATS];
	int best = 0, k;
	for (size_t q = 0; q < m;) {
		q = unit_counts(v, m, q, cat, &k);
		count[k]++;
		if (k >= 2 && (best == 0 || count[k] > count[best] || (count[k] == count[best] && k < best)))
			best = k;
	}
	free(count);
	return best;
}

void pairwise_agreement(const struct pref_row *rows, size_t n_rows, const char *field,
			struct pairwise_agreement *out)
{
	size_t m;
	const struct pref_row **v = judged_rows(rows, n_rows, field, &m);
	long cat[PAIRWISE_N_CATS], *counts = xcalloc((m + 1) * PAIRWISE_N_CATS, sizeof(long));
	int k;
	memset(out, 0, sizeof(*out));
	out->m = modal_raters(v, m);
	for (size_t q = 0; q < m;) {
		q = unit_counts(v, m, q, cat, &k);
		if (k < 2)
			continue;
		out->units++;
		out->flips += cat[PAIRWISE_CAT_A] > 0 && cat[PAIRWISE_CAT_B] > 0;
		if (k == out->m)
			memcpy(counts + (size_t)out->fleiss_units++ * PAIRWISE_N_CATS, cat, sizeof(cat));
	}
	if (out->units) {
		out->has_flip_share = 1;
		out->flip_share = (double)out->flips / (double)out->units;
	}
	agreement_fleiss_kappa(counts, (size_t)out->fleiss_units, PAIRWISE_N_CATS, &out->fleiss);
	free(counts);
	free(v);
}

enum agreement_status pairwise_cohen(const struct pref_row *rows, size_t n_rows, const char *field, int r1,
				     int r2, struct agreement_kappa *out)
{
	size_t m, n = 0;
	const struct pref_row **v = judged_rows(rows, n_rows, field, &m);
	int *a = xmalloc((m + 1) * sizeof(int)), *b = xmalloc((m + 1) * sizeof(int));
	for (size_t q = 0; q < m;) {
		int ca = -1, cb = -1;
		size_t e = q;
		for (; e < m && same_unit(v[q], v[e]); e++) {   /* the last row of each wins */
			if (v[e]->rater == r1)
				ca = pref_category(v[e]->winner);
			if (v[e]->rater == r2)
				cb = pref_category(v[e]->winner);
		}
		if (ca >= 0 && cb >= 0) {
			a[n] = ca;
			b[n++] = cb;
		}
		q = e;
	}
	enum agreement_status st = agreement_cohen_kappa(a, b, n, PAIRWISE_N_CATS, AGREEMENT_UNWEIGHTED, out);
	free(a);
	free(b);
	free(v);
	return st;
}
