#!/usr/bin/python3
"""pairwise_reference.py - the reference values of tests/unit/test_metrics_pairwise.c.

Run by hand: python3 tests/tools/pairwise_reference.py (the standard library
only; the test suite does not run it). Each line names a case of the unit
test and the values written there.

* binomtest(k, n): SciPy's binomtest(k, n, 0.5).pvalue, computed exactly
  with fractions by SciPy's rule: the sum of the probabilities of the
  outcomes no more likely than k (relative tolerance 1e-7).
* wilson(s, n): the Wilson score interval, z = 1.96.
* bt(w): the Bradley-Terry maximum-likelihood log-strengths by Newton's
  method on the log-likelihood (the fit of a logistic regression without
  intercept), one log-strength fixed while solving, then centred (geometric
  mean 1). A different algorithm from the MM iteration under test.
"""
from fractions import Fraction
from math import comb, exp, sqrt


def binomtest(k, n):
    pk = Fraction(comb(n, k), 2 ** n)
    tol = pk * (1 + Fraction(1, 10 ** 7))
    total = sum(Fraction(comb(n, i), 2 ** n) for i in range(n + 1) if Fraction(comb(n, i), 2 ** n) <= tol)
    return float(min(total, 1))


def wilson(s, n, z=1.96):
    p = s / n
    centre = p + z * z / (2 * n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    den = 1 + z * z / n
    return max(0.0, (centre - half) / den), min(1.0, (centre + half) / den)


def solve(a, m):
    """Gauss-Jordan elimination of the m x (m + 1) augmented matrix a."""
    for c in range(m):
        piv = max(range(c, m), key=lambda r: abs(a[r][c]))
        a[c], a[piv] = a[piv], a[c]
        for r in range(m):
            if r != c:
                f = a[r][c] / a[c][c]
                for k in range(c, m + 1):
                    a[r][k] -= f * a[c][k]
    return [a[i][m] / a[i][i] for i in range(m)]


def bt(w):
    n = len(w)
    th = [0.0] * n
    for _ in range(200):
        g = [0.0] * n
        h = [[0.0] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                nij = w[i][j] + w[j][i]
                if i == j or nij == 0:
                    continue
                pij = 1 / (1 + exp(th[j] - th[i]))
                g[i] += w[i][j] - nij * pij
                v = nij * pij * (1 - pij)
                h[i][i] -= v
                h[i][j] += v
        d = solve([[-h[i][j] for j in range(n - 1)] + [g[i]] for i in range(n - 1)], n - 1)
        for i in range(n - 1):
            th[i] += d[i]
        if max(abs(x) for x in d) < 1e-15:
            break
    mean = sum(th) / n
    return [t - mean for t in th]


def main():
    print("test_pair_by_hand: wilson(7.5, 10) =", wilson(7.5, 10), "wilson(7, 9) =", wilson(7, 9))
    for k, n in ((60, 100), (3, 20), (0, 5), (10, 20), (1, 1), (17, 20)):
        print("test_sign_test_equals_binomtest: binomtest(%d, %d) = %r" % (k, n, binomtest(k, n)))
    print("test_wilson_of_shares: wilson(60, 100) =", wilson(60, 100), "wilson(0, 4) =", wilson(0, 4))
    w4 = [[0, 6, 5, 7], [3, 0, 4, 6], [2, 5, 0, 3], [1, 2, 4, 0]]
    th = bt([[float(x) for x in r] for r in w4])
    print("test_bt_equals_the_likelihood_maximum: log-strengths", th, "strength 0", exp(th[0]))
    wins = [[0, 3, 1], [1, 0, 2], [2, 1, 0]]
    ties = [[0, 2, 1], [2, 0, 0], [1, 0, 0]]
    w3 = [[wins[i][j] + ties[i][j] / 2 for j in range(3)] for i in range(3)]
    print("test_bt_splits_ties_from_rows: log-strengths", bt(w3))
    chain = [[0.0] * 6 for _ in range(6)]
    for i in range(5):
        chain[i][i + 1] = 3.0 + i
        chain[i + 1][i] = 1.0
    print("test_bt_chain_of_adjacent_pairs: log-strengths", bt(chain))


if __name__ == "__main__":
    main()
