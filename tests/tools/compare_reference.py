#!/usr/bin/python3
"""compare_reference.py - the reference values of tests/unit/test_metrics_compare.c.

Run by hand (needs python3-scipy and python3-statsmodels; the test suite does
not): /usr/bin/python3 tests/tools/compare_reference.py. Each line names a
case of the unit test and the value written there.
"""
from fractions import Fraction
import numpy as np
from scipy import stats
from statsmodels.stats.multitest import multipletests


def mean_diff(x, y, axis=-1):
    return np.mean(np.asarray(x) - np.asarray(y), axis=axis)


def exact_perm(a, b):
    """SciPy's paired (samples) permutation test over all 2^n swaps."""
    res = stats.permutation_test((a, b), mean_diff, permutation_type='samples', vectorized=True,
                                 n_resamples=np.inf, alternative='two-sided')
    return res.pvalue


def exact_perm_integers(d):
    """Exact sign-flip p for integer differences by counting sums (rational)."""
    counts = {0: 1}
    for x in d:
        nxt = {}
        for s, c in counts.items():
            nxt[s + x] = nxt.get(s + x, 0) + c
            nxt[s - x] = nxt.get(s - x, 0) + c
        counts = nxt
    t = abs(sum(d))
    return Fraction(sum(c for s, c in counts.items() if abs(s) >= t), 2 ** len(d))


def exact_perm_numpy(d):
    """All 2^n sign flips of d by brute force (n up to 24)."""
    d = np.asarray(d, dtype=float)
    n = len(d)
    t = abs(d.sum())
    hits = 0
    half = n // 2
    lo = np.array([[(1 if (m >> i) & 1 else -1) for i in range(half)] for m in range(2 ** half)]) @ d[:half]
    hi = np.array([[(1 if (m >> i) & 1 else -1) for i in range(n - half)] for m in range(2 ** (n - half))]) @ d[half:]
    for h in hi:
        hits += np.count_nonzero(np.abs(lo + h) >= t - 1e-9)
    return hits / 2 ** n


A1 = [0.8, 0.6, 0.9, 0.4, 0.7, 0.5, 0.3, 0.85, 0.65, 0.75]
B1 = [0.5, 0.65, 0.7, 0.4, 0.55, 0.45, 0.35, 0.6, 0.5, 0.7]
print("permutation_exact_matches_scipy", repr(exact_perm(A1, B1)))

A2 = [1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 0, 1, 1]
B2 = [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1]
b = sum(1 for x, y in zip(A2, B2) if x > y)
c = sum(1 for x, y in zip(A2, B2) if x < y)
print("binary: b c", b, c)
print("permutation_binary_equals_scipy", repr(exact_perm(A2, B2)))
print("mcnemar binomtest(b, b+c)", repr(stats.binomtest(b, b + c, 0.5).pvalue))

A3 = [3.1, 2.7, 4.4, 1.9, 3.3, 2.2, 4.1, 3.8, 2.5, 3.0, 1.4, 2.9]
B3 = [2.6, 2.9, 3.1, 2.0, 2.4, 2.5, 3.2, 3.9, 1.8, 2.1, 1.0, 3.4]
print("permutation_exact_distinct", repr(exact_perm(A3, B3)))

for bb, cc in [(7, 2), (15, 5), (3, 3), (0, 6), (40, 22)]:
    print("binomtest", bb, bb + cc, repr(stats.binomtest(bb, bb + cc, 0.5).pvalue))

P = [0.01, 0.04, 0.03, 0.005]
print("holm", [repr(x) for x in multipletests(P, method='holm')[1]])
P2 = [0.2, 0.01, 0.2, 0.6, 0.03]
print("holm2", [repr(x) for x in multipletests(P2, method='holm')[1]])

d = np.array(A3) - np.array(B3)
half = 1.96 * d.std(ddof=1) / np.sqrt(len(d))
print("mean diff", repr(d.mean()), repr(d.mean() - half), repr(d.mean() + half))

# ordinal ratings 1..4: many equal |d|, n = 40 (too many swaps for SciPy's exact)
RA = [4, 3, 3, 2, 4, 1, 3, 4, 2, 3, 4, 4, 2, 3, 1, 4, 3, 2, 4, 3,
      3, 4, 2, 2, 3, 4, 1, 3, 4, 4, 2, 3, 3, 4, 2, 4, 3, 1, 4, 3]
RB = [3, 3, 2, 2, 2, 1, 4, 3, 1, 3, 3, 4, 2, 1, 2, 3, 3, 2, 2, 3,
      2, 4, 3, 1, 3, 3, 1, 2, 4, 2, 2, 3, 1, 4, 3, 3, 3, 1, 3, 2]
dd = [x - y for x, y in zip(RA, RB) if x != y]
print("ordinal nonzero", len(dd), "exact", float(exact_perm_integers(dd)), exact_perm_integers(dd))

# 24 distinct differences: resampled in C; the exact p by brute force
rng = np.random.default_rng(5)
D24 = np.round(rng.normal(0.5, 1.0, 24), 3)
print("D24", list(D24))
print("exact 24", repr(exact_perm_numpy(D24)))
print("binomtest 50500 100000", repr(stats.binomtest(50500, 100000, 0.5).pvalue))


def bootstrap_exact():
    """The exact bootstrap distribution of 400 binary pairs (50 only A, 30 only B)."""
    n, dist = 400, {}
    for xp in range(n + 1):
        w = stats.binom.pmf(xp, n, 50 / 400)
        xm = np.arange(n - xp + 1)
        for v, ww in zip(xp - xm, stats.binom.pmf(xm, n - xp, 30 / 350) * w):
            dist[v] = dist.get(v, 0) + ww
    vals = np.array(sorted(dist))
    pr = np.array([dist[v] for v in vals])
    cdf = np.cumsum(pr)
    print("bootstrap_exact p", repr(pr[(vals <= 0) | (vals >= 40)].sum()),
          "q2.5", vals[np.searchsorted(cdf, 0.025)] / n, "q97.5", vals[np.searchsorted(cdf, 0.975)] / n)


bootstrap_exact()
