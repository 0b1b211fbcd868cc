#!/usr/bin/env python3
"""annotate_gen.py TURNS OUT.json - a task file of QReCC-test shape for
bench/annotate.sh: TURNS turns in conversations of 3-9 turns, one system,
10 retrieved passages of about 1,000 characters per response, drawn from a
collection of 2 x TURNS passages. Deterministic (fixed seed)."""
import json
import random
import sys

WORDS = ("the lighthouse keeper lamp lens ship harbour coast night light tower "
         "signal storm sea rock beam island fog bell glass ring river bay north "
         "south west east old new first last long short bright dark wind wave "
         "stone iron oil clockwork museum island channel pilot chart route "
         "question answer passage system evaluator conversation turn").split()


def sentence(rng, n):
    w = [rng.choice(WORDS) for _ in range(n)]
    return " ".join(w).capitalize() + "."


def text(rng, chars):
    out = []
    size = 0
    while size < chars:
        s = sentence(rng, rng.randint(6, 16))
        out.append(s)
        size += len(s) + 1
    return " ".join(out)


def main():
    turns = int(sys.argv[1])
    out = open(sys.argv[2], "w")
    rng = random.Random(42)
    n_passages = 2 * turns
    out.write('{"format": "convqa-tasks", "version": 1,\n"systems": [{"id": "bench-sys"}],\n"collection": [\n')
    for i in range(n_passages):
        p = {"id": "p%06d" % i, "title": sentence(rng, 4)[:-1], "text": text(rng, 1000)}
        out.write(("," if i else "") + json.dumps(p) + "\n")
    out.write('],\n"conversations": [\n')
    done = 0
    conv = 0
    while done < turns:
        n = min(rng.randint(3, 9), turns - done)
        ts = []
        for t in range(n):
            ranked = rng.sample(range(n_passages), 10)
            ts.append({
                "question": sentence(rng, rng.randint(5, 14)).rstrip(".") + "?",
                "rewrite": sentence(rng, rng.randint(6, 16)).rstrip(".") + "?",
                "responses": [{"system": "bench-sys", "answer": text(rng, rng.randint(60, 400)),
                               "passages": [{"rank": r + 1, "score": round(30 - r * 1.5 - rng.random(), 3),
                                             "id": "p%06d" % ranked[r]} for r in range(10)]}],
            })
        out.write(("," if conv else "") + json.dumps({"id": "conv-%05d" % conv, "turns": ts}) + "\n")
        conv += 1
        done += n
    out.write("]}\n")
    out.close()


main()
