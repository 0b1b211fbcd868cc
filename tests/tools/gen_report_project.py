#!/usr/bin/python3
"""gen_report_project.py - a seeded, randomized project for tests/cli/report_crosscheck.sh.

    gen_report_project.py tasks SEED OUT.json
        A task file with the awkward cases of the metric conventions: turns
        without gold, gold passages outside the collection, inline passages
        shared by two systems, a passage one system retrieves and the other
        does not, equal scores, a gap in the ranks, a response with no
        passages, systems missing on some turns, answers that differ from the
        gold only in case, punctuation, articles or whitespace, answers and
        gold answers that normalise to nothing.

    gen_report_project.py labels SEED TASKS.json OUT.sql OUT.args
        Label rows of three raters (alice, bob, carol) in the turn,
        plausibility and faithfulness tasks, with history: values changed
        once or twice, labels cleared, fields never labelled, some labels in
        round r1. OUT.sql creates the raters and round r1 (conv-2 and conv-5
        assigned to alice and bob; a control item of conv-2, with two labels,
        to carol) and inserts most
        rows in one transaction, as the store would (response_id, rater_id,
        round_id, task, field, passage_rank, value, seconds, created_at, and
        the unit judged: unit, turn_id, unit_ref, as in the store's 2 -> 3
        migration); the same passage judged on two systems' responses of a
        turn, and intent given on several responses of a turn, are rows of
        one unit;
        OUT.args holds the last changes, one `convqa label` argument list per
        line, to run after the SQL so that history spans both paths.

    gen_report_project.py adjudicator SEED TASKS.json OUT.args
        Labels of dan (made an adjudicator by the caller) on a few items.

    gen_report_project.py scheme OUT.json
        The project scheme "graded" (add it before the labels): an ordinal
        field of the response (completeness, 4 categories, role correctness
        from "mostly yes" on), a nominal field of the turn (clarity) and an
        ordinal field of a passage (grade, 3 categories, pooled over the
        systems, role relevance: graded, relevant at "full"), and a note. The labels mode
        adds rows of it for the three raters, with history (changes and
        clears), from a random stream of its own (SEED + 1) so that the
        built-in tasks' labels are those of the seed; they all go into
        OUT.sql, as `convqa label` cannot take a project scheme's task yet.

Only the random module with a fixed seed: the same SEED gives the same files.
"""
import json
import random
import sys

RATERS = ["carol", "alice", "bob"]   # created in this order: ids differ from name order
WORDS = ("lens light tower keeper coast ship harbour fog signal lamp oil brass beam night "
         "stone storm island rock bell mirror glass wave tide sand cliff north south").split()
NAMES = ["Fresnel", "Cordouan", "Smeaton", "Stevenson", "Eddystone", "Pharos", "Bell Rock", "Ångström",
         "Zoë Café"]
INTENTS = ["extractive", "abstractive", "boolean"]
# the unit each field judges (as the schemes declare): the rest judge the response
UNITS = {"intent": "turn", "relevant": "passage", "clarity": "turn", "grade": "passage"}
COMPLETENESS = ["no", "mostly no", "mostly yes", "yes"]
CLARITY = ["clear", "vague", "ambiguous"]
GRADES = ["none", "partial", "full"]
SCHEME = {
    "format": "convqa-scheme", "version": 1, "name": "graded",
    "description": "cross-check scheme: a response, a turn and a passage field",
    "fields": [
        {"name": "completeness", "unit": "response", "type": "ordinal", "role": "correctness",
         "threshold": "mostly yes", "required": True,
         "categories": [{"value": v, "label": v, "key": str(i + 1)} for i, v in enumerate(COMPLETENESS)]},
        {"name": "clarity", "unit": "turn", "type": "nominal", "required": False,
         "categories": [{"value": v, "label": v, "key": v[0]} for v in CLARITY]},
        {"name": "grade", "unit": "passage", "type": "ordinal", "role": "relevance", "threshold": "full",
         "required": False,
         "categories": [{"value": v, "label": v} for v in GRADES]},
        {"name": "note", "unit": "response", "type": "text", "required": False, "keys": {"edit": "w"}},
    ],
}


def sentence(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def variant(rng, gold):
    """An answer near a gold answer, or far from it (also in case, punctuation,
    articles, Unicode spaces, curly quotes, a dash, non-ASCII capitals)."""
    r = rng.random()
    if r < 0.15:
        return gold
    if r < 0.25:
        return gold.upper()
    if r < 0.33:
        return "The " + gold + "."
    if r < 0.40:
        return "  " + gold.replace(" ", "\t ") + "!!"
    if r < 0.50:
        return gold + ", " + sentence(rng, rng.randint(1, 4))
    if r < 0.60:
        words = gold.split()
        return " ".join(words[: max(1, len(words) // 2)])
    if r < 0.63:
        return "an " + " ".join(reversed(gold.split()))
    if r < 0.66:   # Unicode spaces split words; curly quotes and dashes stay
        return "\u201c" + gold.replace(" ", rng.choice(["\u00a0", "\u2003", "\u3000"])) + "\u201d"
    if r < 0.69:
        return "the\u2014" + gold + " \u00c9"
    if r < 0.72:
        return ""
    return sentence(rng, rng.randint(1, 7))


def tasks(seed, out):
    rng = random.Random(seed)
    collection = [{"id": "p%02d" % i, "title": "Passage %d" % i,
                   "text": "Passage %d about %s." % (i, sentence(rng, 8))} for i in range(30)]
    ids = [p["id"] for p in collection]
    inline = ["Inline note %d on %s." % (i, sentence(rng, 5)) for i in range(4)]
    systems = ["bm25", "dense", "hybrid"]
    convs = []
    gap_done = empty_done = False
    for c in range(6):
        turns = []
        for t in range(rng.randint(2, 6)):
            turn = {"question": "Question %d.%d: %s?" % (c + 1, t + 1, sentence(rng, 6))}
            pool = rng.sample(ids, 10)
            gold = {}
            if rng.random() < 0.8 and (c, t) != (2, 0):   # (conversation 3 opens without)
                answers = []
                for _ in range(rng.randint(1, 3)):
                    a = rng.choice(NAMES) + " " + sentence(rng, rng.randint(0, 4))
                    if rng.random() < 0.2:
                        a = "the " + a + "."
                    answers.append(a.strip())
                gold["answers"] = answers
            if rng.random() < 0.75:
                gp = rng.sample(pool[:6], rng.randint(0, 3))
                if rng.random() < 0.3:
                    gp.append("missing-%d-%d" % (c, t))   # gold outside the collection
                gold["passages"] = gp
            if rng.random() < 0.6:
                gold["intent"] = rng.choice(INTENTS)
            if gold:
                turn["gold"] = gold
            responses = []
            for s in systems:
                if rng.random() < 0.12:
                    continue   # this system has no answer to the turn
                n = rng.randint(1, 8)
                if not empty_done and c == 1 and t == 0:
                    n, empty_done = 0, True
                chosen = rng.sample(pool, min(n, len(pool)))
                ranked = []
                rank = 1
                score = round(rng.uniform(8, 20), 1)
                for k, pid in enumerate(chosen):
                    if not gap_done and c == 2 and k == 2:
                        rank += 1   # a gap: ranks 1, 2, 4, ...
                        gap_done = True
                    entry = {"rank": rank}
                    if rng.random() < 0.12:
                        entry["text"] = rng.choice(inline)
                    else:
                        entry["id"] = pid
                    if rng.random() < 0.8:
                        entry["score"] = score
                    if rng.random() < 0.6:   # otherwise the next one ties
                        score = round(score - rng.uniform(0.1, 2), 1)
                    ranked.append(entry)
                    rank += 1
                # an inline passage may only appear once per ranking
                seen, uniq = set(), []
                for e in ranked:
                    key = e.get("id") or e["text"]
                    if key not in seen:
                        seen.add(key)
                        uniq.append(e)
                golds = gold.get("answers") or [sentence(rng, 3)]
                responses.append({"system": s, "answer": variant(rng, rng.choice(golds)), "passages": uniq})
            turn["responses"] = responses
            if c == 3 and t < 2 and responses:   # answers that normalise to nothing
                gold["answers"] = ["The.", "an"] if t == 0 else gold.get("answers", ["Paris"]) + ["the"]
                turn["gold"] = gold
                responses[0]["answer"] = "A!" if t == 0 else ""
            turns.append(turn)
        convs.append({"id": "conv-%d" % (c + 1), "turns": turns})
    doc = {"format": "convqa-tasks", "version": 1,
           "systems": [{"id": s} for s in systems],
           "collection": collection, "conversations": convs}
    with open(out, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)


def items_of(path):
    doc = json.load(open(path, encoding="utf-8"))
    out = []
    for c in doc["conversations"]:
        for pos, t in enumerate(c["turns"], 1):
            for r in t.get("responses", []):
                ranks = [p["rank"] for p in r["passages"]]
                out.append((c["id"], pos, r["system"], ranks, t.get("gold", {})))
    return out


def sql_text(s):
    return "NULL" if s is None else "'" + s.replace("'", "''") + "'"


class Ops:
    """Label changes in the order they are saved."""

    def __init__(self):
        self.ops = []

    def add(self, rater, item, task, field, rank, value, seconds, round_=None):
        self.ops.append((rater, item, task, field, rank, value, seconds, round_))


def labels(seed, tasks_path, out_sql, out_args):
    rng = random.Random(seed)
    items = items_of(tasks_path)
    first, later = Ops(), Ops()
    secs = lambda: 0 if rng.random() < 0.2 else round(rng.uniform(0.5, 90), 2)
    # only carol touches the last item with a gold answer: a note she clears
    lone = max(i for i, it in enumerate(items) if it[4].get("answers"))
    for idx, (conv, pos, sysname, ranks, gold) in enumerate(items):
        quality = rng.random()                       # how good the answer "really" is
        truth = {k: rng.random() < 0.4 for k in ranks}
        for rater in RATERS:
            if rng.random() < 0.15 or idx == lone:
                continue   # this rater never saw the item
            noise = {"alice": 0.1, "bob": 0.2, "carol": 0.3}[rater]
            item = (conv, pos, sysname)
            if rng.random() < 0.8:
                v = gold.get("intent") if gold.get("intent") and rng.random() < 0.6 else rng.choice(INTENTS)
                first.add(rater, item, "turn", "intent", 0, v, secs())
            if rng.random() < 0.9:
                v = "1" if (quality > 0.5) != (rng.random() < noise) else "0"
                first.add(rater, item, "turn", "answer_correct", 0, v, secs())
            if rng.random() < 0.85:
                for k in ranks:
                    if rng.random() < 0.85:
                        v = "1" if truth[k] != (rng.random() < noise) else "0"
                        first.add(rater, item, "turn", "relevant", k, v, 0)
            if rng.random() < 0.06:
                v = rng.choice(["p03", "p07,p11", "missing-x p05", "p%02d" % rng.randrange(30)])
                first.add(rater, item, "turn", "extra_gold", 0, v, secs())
            if rng.random() < 0.05:
                first.add(rater, item, "turn", "note", 0, "note by %s" % rater, secs())
        # plausibility: every rater judges every third item (Fleiss' kappa
        # needs as many values per unit); faithfulness: bob judges every
        # fourth item, alice half of them and carol the other half, so that
        # alice and carol share no unit
        for rater in RATERS:
            item = (conv, pos, sysname)
            if idx % 3 == 0 and idx != lone:
                v = rng.choice(["plausible", "plausible", "implausible", "malformed"])
                first.add(rater, item, "plausibility", "plausibility", 0, v, secs())
            if idx % 4 == 1 and idx != lone and (rater == "bob" or (rater == "alice") == (idx % 8 == 1)):
                v = rng.choice(["faithful", "faithful", "unfaithful"])
                first.add(rater, item, "faithfulness", "faithfulness", 0, v, secs())
    rng.shuffle(first.ops)
    # history: changes and clears of earlier labels, some twice
    values = {"intent": INTENTS, "answer_correct": ["0", "1"], "relevant": ["0", "1"],
              "plausibility": ["plausible", "implausible", "malformed"],
              "faithfulness": ["faithful", "unfaithful"], "extra_gold": ["p01", "p02 p04"],
              "note": ["changed"]}
    # (plausibility and faithfulness change but are never cleared: that
    # keeps the number of values per unit equal for Fleiss' kappa)
    for op in rng.sample(first.ops, len(first.ops) // 6):
        rater, item, task, field, rank, _, _, _ = op
        for _ in range(1 if rng.random() < 0.7 else 2):
            v = None if rng.random() < 0.3 and task == "turn" else rng.choice(values[field])
            later.add(rater, item, task, field, rank, v, secs())
    # labels cleared and set again, or only cleared
    for op in rng.sample([o for o in first.ops if o[2] == "turn"], 10):
        rater, item, task, field, rank, _, _, _ = op
        later.add(rater, item, task, field, rank, None, 0)
        if rng.random() < 0.5:
            later.add(rater, item, task, field, rank, rng.choice(values[field]), secs())
    # round r1: alice and bob judge answer_correct and relevance of two
    # conversations again; the round's values are the most recent ones
    for idx, (conv, pos, sysname, ranks, gold) in enumerate(items):
        if conv not in ("conv-2", "conv-5") or idx == lone:
            continue
        for rater in ("alice", "bob"):
            if rng.random() < 0.7:
                later.add(rater, (conv, pos, sysname), "turn", "answer_correct", 0, rng.choice("01"), secs(), "r1")
            for k in ranks[:3]:
                if rng.random() < 0.6:
                    later.add(rater, (conv, pos, sysname), "turn", "relevant", k, rng.choice("01"), 0, "r1")
    rng.shuffle(later.ops)
    # a label outside rounds, then one in r1 that is cleared again: the
    # label outside rounds is the most recent that holds a value
    conv, pos, sysname, ranks, _ = next(i for i in items if i[0] == "conv-2")
    later.add("alice", (conv, pos, sysname), "turn", "answer_correct", 0, "0", 2)
    later.add("alice", (conv, pos, sysname), "turn", "answer_correct", 0, "1", 3, "r1")
    later.add("alice", (conv, pos, sysname), "turn", "answer_correct", 0, None, 1, "r1")
    # carol writes a note on that item and clears it: it has label rows but
    # no label
    conv, pos, sysname, ranks, _ = items[lone]
    later.add("carol", (conv, pos, sysname), "turn", "note", 0, "look again", 2)
    later.add("carol", (conv, pos, sysname), "turn", "note", 0, None, 1)

    # carol's control item in r1 (the first response of conv-2, which alice
    # and bob judge there too): her labels on it score her against the
    # known answers and are no judgements of the study
    control = next((conv, pos, sysname) for conv, pos, sysname, _, _ in items if conv == "conv-2")
    controls = Ops()
    controls.add("carol", control, "turn", "answer_correct", 0, "1", 4, "r1")
    controls.add("carol", control, "turn", "intent", 0, "boolean", 2, "r1")

    n_cli = 70   # the last changes go through convqa label
    bulk = first.ops + later.ops[:-n_cli] + graded(seed + 1, items, lone) + controls.ops
    cli = later.ops[-n_cli:]
    with open(out_sql, "w", encoding="utf-8") as f:
        f.write("BEGIN IMMEDIATE;\n")
        for r in RATERS:
            f.write("INSERT INTO rater(name) VALUES (%s);\n" % sql_text(r))
        f.write("INSERT INTO round(name, task, created_at) VALUES ('r1', 'turn', '2026-01-01T00:00:00.000Z');\n")
        # r1 assigns its two conversations to alice and bob: a round takes
        # labels only on the items it assigns to each rater
        f.write("INSERT INTO assignment(round_id, rater_id, response_id, seq) SELECT ro.id, ra.id, r.id, "
                "row_number() OVER (PARTITION BY ra.id ORDER BY c.id, t.position, r.id) FROM round ro, rater ra, "
                "response r JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id "
                "WHERE ro.name = 'r1' AND ra.name IN ('alice', 'bob') AND c.ext_id IN ('conv-2', 'conv-5');\n")
        f.write("INSERT INTO assignment(round_id, rater_id, response_id, seq, control) SELECT ro.id, ra.id, r.id, 1, 1 "
                "FROM round ro, rater ra, response r JOIN turn t ON t.id = r.turn_id JOIN system s ON s.id = r.system_id "
                "JOIN conversation c ON c.id = t.conversation_id WHERE ro.name = 'r1' AND ra.name = 'carol' "
                "AND c.ext_id = %s AND t.position = %d AND s.name = %s;\n" % (sql_text(control[0]), control[1],
                                                                            sql_text(control[2])))
        for i, (rater, (conv, pos, sysname), task, field, rank, value, seconds, round_) in enumerate(bulk):
            # the unit the field judges (the built-in turn scheme): intent
            # the turn, relevant a passage of the turn (pooled over the
            # systems that retrieved it), the others the response
            unit = UNITS.get(field, "response")
            ref = {"turn": "0", "passage": "rt.passage_id", "response": "r.id"}[unit]
            f.write("INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, value, seconds, "
                    "created_at, unit, turn_id, unit_ref) SELECT r.id, "
                    "(SELECT id FROM rater WHERE name = %s), %s, %s, %s, %d, %s, %s, "
                    "'2026-01-01T%02d:%02d:%02d.000Z', '%s', r.turn_id, %s "
                    "FROM response r JOIN turn t ON t.id = r.turn_id "
                    "JOIN conversation c ON c.id = t.conversation_id JOIN system s ON s.id = r.system_id "
                    "LEFT JOIN retrieved rt ON rt.response_id = r.id AND rt.rank = %d "
                    "WHERE c.ext_id = %s AND t.position = %d AND s.name = %s;\n"
                    % (sql_text(rater), "(SELECT id FROM round WHERE name = 'r1')" if round_ else "NULL",
                       sql_text(task), sql_text(field), rank, sql_text(value), repr(float(seconds)),
                       i // 3600 % 24, i // 60 % 60, i % 60, unit, ref, rank,
                       sql_text(conv), pos, sql_text(sysname)))
        f.write("COMMIT;\n")
    with open(out_args, "w", encoding="utf-8") as f:
        for (rater, (conv, pos, sysname), task, field, rank, value, seconds, round_) in cli:
            args = ["-r", rater, "-c", conv, "-n", str(pos), "-s", sysname, "-t", task, "--seconds", str(seconds)]
            if rank:
                args += ["-k", str(rank)]
            if round_:
                args += ["--round", round_]
            args += [field, "--clear"] if value is None else [field, value.replace(" ", ",")]
            f.write(" ".join(args) + "\n")


def graded(seed, items, lone):
    """Rows of the project scheme "graded", in the order they are saved:
    each rater judges some items' completeness, clarity (a turn's, given on
    whichever response) and passage grades (a passage's, pooled), then
    changes and clears some of them. The item lone keeps its one label
    (carol's note, cleared)."""
    rng = random.Random(seed)
    ops = Ops()
    secs = lambda: 0 if rng.random() < 0.2 else round(rng.uniform(0.5, 60), 2)
    for idx, (conv, pos, sysname, ranks, _) in enumerate(items):
        truth = rng.randrange(4)
        for rater in RATERS:
            if rng.random() < 0.35 or idx == lone:
                continue
            item = (conv, pos, sysname)
            if rng.random() < 0.85:
                v = COMPLETENESS[max(0, min(3, truth + rng.choice([-1, 0, 0, 0, 1])))]
                ops.add(rater, item, "graded", "completeness", 0, v, secs())
            if rng.random() < 0.4:
                ops.add(rater, item, "graded", "clarity", 0, rng.choice(CLARITY), secs())
            for k in ranks:
                if rng.random() < 0.3:
                    ops.add(rater, item, "graded", "grade", k, rng.choice(GRADES), 0)
            if rng.random() < 0.05:
                ops.add(rater, item, "graded", "note", 0, "graded note", secs())
    rng.shuffle(ops.ops)
    values = {"completeness": COMPLETENESS, "clarity": CLARITY, "grade": GRADES, "note": ["changed"]}
    for op in rng.sample(ops.ops, len(ops.ops) // 5):
        rater, item, task, field, rank, _, _, _ = op
        v = None if rng.random() < 0.25 else rng.choice(values[field])
        ops.add(rater, item, task, field, rank, v, secs())
    return ops.ops


def adjudicator(seed, tasks_path, out_args):
    rng = random.Random(seed)
    items = items_of(tasks_path)
    with open(out_args, "w", encoding="utf-8") as f:
        for (conv, pos, sysname, ranks, gold) in rng.sample(items, 12):
            base = ["-r", "dan", "-c", conv, "-n", str(pos), "-s", sysname]
            f.write(" ".join(base + ["answer_correct", rng.choice("01")]) + "\n")
            if rng.random() < 0.5:
                f.write(" ".join(base + ["intent", rng.choice(INTENTS)]) + "\n")
            for k in ranks[:2]:
                f.write(" ".join(base + ["-k", str(k), "relevant", rng.choice("01")]) + "\n")


def main(argv):
    if len(argv) == 4 and argv[1] == "tasks":
        tasks(int(argv[2]), argv[3])
    elif len(argv) == 6 and argv[1] == "labels":
        labels(int(argv[2]), argv[3], argv[4], argv[5])
    elif len(argv) == 5 and argv[1] == "adjudicator":
        adjudicator(int(argv[2]), argv[3], argv[4])
    elif len(argv) == 3 and argv[1] == "scheme":
        with open(argv[2], "w", encoding="utf-8") as f:
            json.dump(SCHEME, f, indent=1)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
