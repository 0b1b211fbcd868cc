#!/usr/bin/python3
"""fuzzy_reference.py - the expected scores of metrics_fuzzy_inclusion_score() in
tests/unit/test_metrics_variants.c: the SQuAD normalisation and Sellers'
approximate substring distance written out in Python (run by hand).
"""
import re
import string
def norm(s):
    s = s.lower()
    s = ''.join(ch for ch in s if ch not in set(string.punctuation))
    s = re.sub(r'\b(a|an|the)\b', ' ', s)
    return ' '.join(s.split())
def sellers(a, g):
    prev = [0] * (len(a) + 1)
    for i in range(1, len(g) + 1):
        cur = [i] + [0] * len(a)
        for j in range(1, len(a) + 1):
            cur[j] = min(prev[j-1] + (g[i-1] != a[j-1]), prev[j] + 1, cur[j-1] + 1)
        prev = cur
    return min(prev)
def score(a, g):
    a, g = norm(a), norm(g)
    if not g: return 1.0 if not a else 0.0
    return 1 - sellers(a, g) / len(g)
CASES = [("The Eiffel Tower is in Paris.", "Paris"), ("It is in Paris", "Pariss"),
             ("the Eiffel tower, of course", "Eifel Tower"), ("Paris", "London"),
             ("It is in Zurich", "Zürich"), ("", ""), ("x", "the"), ("abc", "xabcx"),
             ("The answer is 1,234 people", "1234 people"), ("nothing here", "a longer gold answer"),
             ("It is in Paris", "London")]
for a, g in CASES:
    print(repr(a), repr(g), repr(score(a, g)))
