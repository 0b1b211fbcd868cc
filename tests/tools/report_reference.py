#!/usr/bin/python3
"""report_reference.py - an independent reference for the figures of
`convqa report` and `convqa agreement`, and a checker that compares them.

    report_reference.py expect --db P.db [options] > expected.json
    report_reference.py check --db P.db --actual convqa.json [options]
    report_reference.py batch CASES --db P.db   (lines LABEL|ACTUAL.json|OPTIONS)

options (as the convqa commands take them):
    --consensus none|majority|adjudicated|rater:NAME   --raters a,b
    --round R   --k 1,3,5,10   --bleu-bp   --rouge-beta B   --wage W
    --only SECTIONS (answers,retrieval,automatic,verdicts,agreement,time)
    --agreement        the tables of `convqa agreement` (with confusion matrices);
                       --field F, --weights none|linear|quadratic
    --by LIST          the breakdowns asked for (default turn,system)

`check` prints one TAP-like line per family of figures ("ok - ..." or
"not ok - ..." followed by "# ..." lines with the differences); the shell
test turns them into its own TAP lines. Numbers must agree to 1e-9.

Nothing here comes from convqa's code: the project is read with sqlite3
straight from the schema (src/store/store_migrate.c), and every figure is computed from
its published definition:

* current labels: per unit (the row's unit, turn_id, unit_ref: the turn, a
  passage of the turn pooled over its responses, an answer text of the
  turn, a response), rater, round, task and field the row with the highest
  id, wherever it was given; without --round a rater's value is the most
  recent one over every round; a NULL value (cleared) is no label. A unit's
  value holds for every item (and rank) of the unit; agreement counts each
  unit once; a row's seconds count on the response it was given on.
* roles: the fields of roles relevance and correctness are those of the
  first task shown (turn, plausibility, faithfulness, then the project's
  schemes by name) whose scheme has them (the built-in turn: relevant and
  answer_correct, "1" counts; a project's: its JSON's "role", and its
  "threshold", the lowest category that counts, default the second).
* retrieval: trec_eval (success@k, recip_rank without cutoff, P_k dividing
  by k, recall over R, map over R, ndcg_cut with log2(rank + 1); trec_eval
  -l THRESHOLD: a passage is relevant at the threshold grade or above; the
  gain of ndcg is 1 for a relevant passage of a binary field, the grade of
  a graded (ordinal) field, whose grades are the category positions, 0
  first), with R = gold passages + passages the same layer judged
  relevant in any response to the turn + extra_gold, retrieved or not, as
  docs/metrics.md states; the ideal ranking of graded nDCG sorts the grades
  of those passages and of the passages graded above 0, a gold or extra
  gold passage at the threshold grade unless graded higher; R = 0 scores 0;
  macro average over the observations that have relevance labels.
* answers: the SQuAD evaluation script (normalize_answer on all text;
  v2.0's compute_f1, which scores int(gold_toks == pred_toks) when a side is
  empty, and get_raw_scores, which drops the golds that normalise to nothing
  unless all do), max over the gold answers; BLEU-1 = clipped unigram
  precision (brevity penalty exp(1 - r/c) with --bleu-bp), ROUGE-1 recall,
  ROUGE-L F_beta over the token LCS, all 0 when a side has no tokens (NLTK's
  corpus_bleu returns 0 without a matching unigram; rouge-score's
  _score_lcs and _score_ngrams give 0).
* the project's schemes (table scheme, their JSON read here): a field's
  unit and categories; a section "scheme:NAME" counts each field's
  categories per system (the values of the system's items) and in the row
  all (each unit once), with the mean and median of the 1-based category
  positions of an ordinal field.
* Wilson score interval; Cohen's kappa (Cohen 1960) with the large-sample
  SE sqrt(p_o (1 - p_o) / n) / (1 - p_e), cross-checked against
  sklearn.metrics.cohen_kappa_score (an ordinal field weighted linearly);
  Fleiss (1971); Krippendorff's alpha (nominal, and ordinal for an ordinal
  field, from pairable values, Krippendorff 2011); Pearson, Spearman
  (average ranks), Kendall tau-b by counting pairs, cross-checked against
  scipy.stats; type 7 quantiles.
"""
import argparse
import collections
import json
import math
import re
import sqlite3
import sys

try:   # second opinions, when Debian's python3-sklearn (and scipy) are there
    import warnings
    from sklearn.metrics import cohen_kappa_score
    from scipy import stats as scipy_stats
except ImportError:   # pragma: no cover
    cohen_kappa_score = scipy_stats = None

TOL = 1e-9
Z = 1.96
NOCONS = object()          # a field without consensus
FIELDS = {                 # field -> (task, values in scale order)
    "intent": ("turn", ["extractive", "abstractive", "boolean"]),
    "answer_correct": ("turn", ["0", "1"]),
    "relevant": ("turn", ["0", "1"]),
    "plausibility": ("plausibility", ["plausible", "implausible", "malformed"]),
    "faithfulness": ("faithfulness", ["faithful", "unfaithful"]),
}
TASKS = ["turn", "plausibility", "faithfulness"]
CATEGORICAL = ["intent", "answer_correct", "plausibility", "faithfulness"]
TURN_FIELDS = {"intent", "answer_correct", "relevant", "extra_gold", "note/turn"}


class SelfCheck(Exception):
    """The reference disagrees with its second opinion (sklearn, scipy)."""


def close(a, b, tol=TOL):
    return abs(a - b) <= tol


# ---- the project ----------------------------------------------------------------

class Item:
    def __init__(self, rid, conv, conv_order, turn_id, position, gold_intent, system, answer):
        self.id, self.conv, self.conv_order = rid, conv, conv_order
        self.turn, self.position, self.gold_intent = turn_id, position, gold_intent
        self.system, self.answer = system, answer
        self.ranking = {}  # rank -> passage ext id


class Project:
    def __init__(self, db, round_name=None, raters=None, tasks=None):
        con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
        q = con.execute
        self.items = {}
        for row in q("SELECT r.id, c.ext_id, c.id, t.id, t.position, t.gold_intent, s.name, r.answer "
                     "FROM response r JOIN turn t ON t.id = r.turn_id "
                     "JOIN conversation c ON c.id = t.conversation_id JOIN system s ON s.id = r.system_id"):
            self.items[row[0]] = Item(*row)
        for rid, rank, ext in q("SELECT rt.response_id, rt.rank, p.ext_id FROM retrieved rt "
                                "JOIN passage p ON p.id = rt.passage_id"):
            self.items[rid].ranking[rank] = ext
        self.gold_passages = collections.defaultdict(set)
        for turn, ext in q("SELECT turn_id, passage_ext FROM gold_passage"):
            self.gold_passages[turn].add(ext)
        self.gold_answers = collections.defaultdict(list)
        for turn, _, text in q("SELECT turn_id, seq, text FROM gold_answer ORDER BY turn_id, seq"):
            self.gold_answers[turn].append(text)
        self.turn_items = collections.defaultdict(list)
        for it in self.items.values():
            self.turn_items[it.turn].append(it)
        all_raters = {rid: (name, role) for rid, name, role in q("SELECT id, name, role FROM rater")}
        # distrusted raters are left out of every consensus (adjudicators are not)
        self.distrusted = {name for name, role, trusted in q("SELECT name, role, trusted FROM rater")
                           if not trusted and role != "adjudicator"}
        if raters:
            missing = [r for r in raters if r not in [n for n, _ in all_raters.values()]]
            if missing:
                raise SystemExit("no rater %s" % missing)
        wanted = {rid for rid, (name, _) in all_raters.items() if not raters or name in raters}
        self.raters = sorted((all_raters[r][0] for r in wanted), key=lambda s: s.encode())
        self.adjudicators = {all_raters[r][0] for r in wanted if all_raters[r][1] == "adjudicator"}
        round_id = None
        if round_name:
            round_id = q("SELECT id FROM round WHERE name = ?", (round_name,)).fetchone()[0]
        self.passage_ext = dict(q("SELECT id, ext_id FROM passage"))
        # the project's schemes: CFIELDS-like (task, field) -> (key, unit, type, categories)
        self.schemes = sorted(name for name, in q("SELECT name FROM scheme"))
        self.cfields = {}
        # roles[task][role] = (field key, threshold index, graded)
        self.roles = {"turn": {"relevance": ("relevant", 1, False), "correctness": ("answer_correct", 1, False)}}
        for name, text in q("SELECT name, json FROM scheme"):
            for f in json.loads(text)["fields"]:
                if f["type"] != "text":
                    values = [c["value"] for c in f["categories"]]
                    self.cfields[(name, f["name"])] = ("%s/%s" % (name, f["name"]), f["unit"], f["type"], values)
                    if "role" in f:
                        thr = values.index(f["threshold"]) if "threshold" in f else 1
                        self.roles.setdefault(name, {})[f["role"]] = (
                            "%s/%s" % (name, f["name"]), thr, f["type"] == "ordinal")
        # a label given on a control item of its rater in its round scores
        # the rater against the known answers: no judgement of the study
        controls = set(q("SELECT round_id, rater_id, response_id FROM assignment WHERE control = 1"))
        rows = [r for r in q("SELECT id, response_id, rater_id, round_id, task, field, passage_rank, value, "
                             "seconds, unit, turn_id, unit_ref FROM label")
                if r[2] in wanted and (round_id is None or r[3] == round_id) and (not tasks or r[4] in tasks)
                and (r[3], r[2], r[1]) not in controls]
        self.tasks = tasks   # --task: only these tasks' labels are read
        con.close()
        # (rater name, id, response, rater id, round, task, field, rank, value, seconds, unit, turn, ref)
        self.rows = [(all_raters[r[2]][0],) + r for r in rows]
        # A label judges a unit: (unit, turn, unit_ref) - the turn, a passage
        # of the turn (pooled over its responses), an answer text of the
        # turn, a response (and, for a per-passage field given on a
        # response, its rank). Per unit and round the row with the highest
        # id is its value, wherever it was given; a cleared label does not
        # count; a rater's value is the most recent label over every round
        # (as `convqa export` lists the labels).
        per_round = {}
        where = {}   # unit key -> a response it was given on (answer units)
        for name, lid, rid, _, rnd, task, field, rank, value, _, unit, turn, ref in self.rows:
            ukey = (unit, turn, ref, rank if unit == "response" else 0)
            where[ukey] = rid
            key = (name, rnd, task, field, ukey)
            if key not in per_round or per_round[key][0] < lid:
                per_round[key] = (lid, value)
        latest = {}
        for (name, rnd, task, field, ukey), (lid, value) in per_round.items():
            key = (name, task, field, ukey)
            if value is not None and (key not in latest or latest[key][0] < lid):
                latest[key] = (lid, value)
        # unit_value[(field key, unit key)][rater] = value: what agreement
        # counts, each unit once
        self.unit_value = collections.defaultdict(dict)
        # label[(item, rater)][(field, rank)] = value; notes as "note/TASK":
        # a unit's value on every item (and rank) of the unit
        self.label = collections.defaultdict(dict)
        for (name, task, field, ukey), (_, value) in latest.items():
            if field in FIELDS and FIELDS[field][0] == task:
                if value not in FIELDS[field][1]:
                    continue
            elif (task, field) in self.cfields:   # SCHEME/FIELD
                if value not in self.cfields[(task, field)][3]:
                    continue
                field = self.cfields[(task, field)][0]
            elif field == "note" or task in self.schemes:   # text
                field = "note/" + task
            elif field != "extra_gold" or task != "turn":
                continue
            unit, turn, ref, rank = ukey
            places = []   # (item id, rank)
            if unit == "turn":
                places = [(it.id, 0) for it in self.turn_items[turn]]
            elif unit == "passage":
                ext = self.passage_ext[ref]
                places = [(it.id, r) for it in self.turn_items[turn] for r, e in it.ranking.items() if e == ext]
            elif unit == "answer":
                answer = normalize_answer(self.items[where[ukey]].answer)
                places = [(it.id, 0) for it in self.turn_items[turn] if normalize_answer(it.answer) == answer]
            elif rank == 0 or rank in self.items[ref].ranking:   # a rank holds a passage
                places = [(ref, rank)]
            for rid, r in places:
                self.label[(rid, name)][(field, r)] = value
            if places:
                self.unit_value[(field, ukey)][name] = value
        # A verdict judges an answer: a rater's plausibility or faithfulness
        # counts for every response of the turn with the same normalised
        # answer on which the rater has none of their own, from the lowest
        # response id they judged; agreement (unit_value) counts it once,
        # where it was given.
        own = {(rid, name, field): v for (rid, name), lab in self.label.items()
               for (field, _), v in lab.items() if field in ("plausibility", "faithfulness")}
        for (rid, name, field), v in sorted(own.items()):
            it = self.items[rid]
            for other in self.turn_items[it.turn]:
                if other.id == rid or normalize_answer(other.answer) != normalize_answer(it.answer):
                    continue
                if (field, 0) not in self.label.get((other.id, name), {}):
                    self.label[(other.id, name)][(field, 0)] = v
        self.tasks_seen = {r[5] for r in self.rows if r[5] in TASKS or r[5] in self.schemes}
        # (item, rater) with a row of the turn task given on that very item:
        # only those make an empty ranking a judged one (scoring 0)
        self.given_turn = {(r[2], r[0]) for r in self.rows if r[5] == "turn"}
        # the order of items: conversation (import), turn position, system name
        self.order = {it.id: i for i, it in enumerate(sorted(
            self.items.values(), key=lambda it: (it.conv_order, it.position, it.system.encode())))}

    def first_place(self, unit, item, rank):
        """Whether (item, rank) is where a unit is counted once: the first
        item of the turn, the first place of a passage in the turn."""
        turn_items = sorted(self.turn_items[item.turn], key=lambda it: self.order[it.id])
        if unit == "turn":
            return turn_items[0] is item
        if unit == "passage":
            ext = item.ranking[rank]
            for it in turn_items:
                for r in sorted(it.ranking):
                    if it.ranking[r] == ext:
                        return (it, r) == (item, rank)
        if unit == "answer":
            na = normalize_answer(item.answer)
            return next(it for it in turn_items if normalize_answer(it.answer) == na) is item
        return True


# ---- label layers -----------------------------------------------------------------

class Obs:
    """One observation: an item with one layer's values."""

    def __init__(self, item, rater):
        self.item, self.rater = item, rater
        self.values = {}   # field -> value or NOCONS
        self.rel = {}      # rank -> "0"/"1" or NOCONS
        self.cust = {}     # (SCHEME/FIELD, rank or 0) -> value or NOCONS
        self.turn_labelled = False   # has a label of the turn task (any rater, for a consensus)


def majority(votes):
    if not votes:
        return None
    count = collections.Counter(votes).most_common()
    if len(count) > 1 and count[0][1] == count[1][1]:
        return NOCONS
    return count[0][0]


def unanimous(votes):
    if not votes:
        return None
    return votes[0] if len(set(votes)) == 1 else NOCONS


def layer(p, kind):
    """Observations of a layer: kind "none", "rater:NAME", "majority", "adjudicated" or "discard"."""
    obs = []
    if kind == "none" or kind.startswith("rater:"):
        for (rid, rater), lab in p.label.items():
            if kind != "none" and rater != kind[6:]:
                continue
            if kind == "none" and rater in p.adjudicators:
                continue   # an adjudicator's values are settlements, not judgements
            o = Obs(p.items[rid], rater)
            o.turn_labelled = (rid, rater) in p.given_turn and any(f in TURN_FIELDS for f, _ in lab)
            for (field, rank), v in lab.items():
                if field == "relevant":
                    o.rel[rank] = v
                elif field in CATEGORICAL:
                    o.values[field] = v
                elif "/" in field:
                    o.cust[(field, rank)] = v
            obs.append(o)
        return obs
    by_item = collections.defaultdict(dict)
    for (rid, rater), lab in p.label.items():
        by_item[rid][rater] = lab
    for rid, labs in by_item.items():
        o = Obs(p.items[rid], None)
        o.turn_labelled = any((rid, r) in p.given_turn and any(f in TURN_FIELDS for f, _ in lab)
                              for r, lab in labs.items())
        keys = {k for lab in labs.values() for k in lab if k[0] == "relevant" or k[0] in CATEGORICAL or "/" in k[0]}
        for key in keys:
            votes = [(r, lab[key]) for r, lab in labs.items() if key in lab and r not in p.distrusted]
            # an adjudicator's value is a settlement, not a vote
            adj = [x for r, x in votes if r in p.adjudicators] if kind == "adjudicated" else []
            votes = [x for r, x in votes if r not in p.adjudicators]
            if kind == "majority":
                v = majority(votes)
            else:
                v = unanimous(adj) if adj else unanimous(votes)
            if v is None:
                continue
            if key[0] == "relevant":
                o.rel[key[1]] = v
            elif "/" in key[0]:
                o.cust[key] = v
            else:
                o.values[key[0]] = v
        obs.append(o)
    return obs


def extra_ids(value):
    return [x for x in re.split(r"[ ,\t\n]+", value) if x]


def role_field(p, shown, role):
    """(field key, threshold index, graded, values) of role in the first task
    shown that has it, or None."""
    for task in TASKS + p.schemes:
        if task in shown and role in p.roles.get(task, {}):
            key, thr, graded = p.roles[task][role]
            values = FIELDS[key][1] if key in FIELDS else next(
                f[3] for f in p.cfields.values() if f[0] == key)
            return key, thr, graded, values
    return None


def grades(o, rf):
    """rank -> grade (category index) or NOCONS of the relevance field rf in o."""
    key, _, _, values = rf
    if key == "relevant":
        src = o.rel
    else:
        src = {r: v for (f, r), v in o.cust.items() if f == key}
    return {r: v if v is NOCONS else values.index(v) for r, v in src.items()}


def known_relevant(p, obs, kind, rf):
    """R of each observation: {id(obs): set of passage ext ids}, and the
    ideal grades of graded nDCG: {id(obs): [grade, ...] best first}."""
    _, thr, graded, _ = rf
    rel_of = collections.defaultdict(set)     # (turn, rater or None) -> ext ids
    gain_of = collections.defaultdict(dict)   # (turn, rater or None) -> ext id -> grade
    for o in obs:
        for rank, g in grades(o, rf).items():
            if g is NOCONS or rank not in o.item.ranking:
                continue
            ext = o.item.ranking[rank]
            if g >= thr:
                rel_of[(o.item.turn, o.rater)].add(ext)
            if graded and g > 0:
                gains = gain_of[(o.item.turn, o.rater)]
                gains[ext] = max(gains.get(ext, 0), g)
    extras = collections.defaultdict(set)
    for (rid, rater), lab in p.label.items():
        v = lab.get(("extra_gold", 0))
        if v is None:
            continue
        key = (p.items[rid].turn, rater if kind == "none" or kind.startswith("rater:") else None)
        if kind.startswith("rater:") and rater != kind[6:]:
            continue
        extras[key].update(extra_ids(v))
    out, ideal = {}, {}
    for o in obs:
        key = (o.item.turn, o.rater)
        out[id(o)] = p.gold_passages[o.item.turn] | rel_of[key] | extras[key]
        gains = dict(gain_of[key])
        for ext in p.gold_passages[o.item.turn] | extras[key]:
            gains[ext] = max(gains.get(ext, 0), thr)
        ideal[id(o)] = sorted((g for g in gains.values() if g > 0), reverse=True)
    return out, ideal


# ---- metrics ------------------------------------------------------------------------

def wilson(successes, n):
    p = successes / n
    denom = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / denom
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def retrieval_metrics(ranking, relevant, R, ks, gain=None, ideal=None):
    """trec_eval on one query: ranking = [(rank, ext)], relevant = set of ext
    ids judged relevant in this ranking, R = number of known relevant; with
    graded relevance gain = {rank: grade} and ideal = the known grades, best
    first, for nDCG."""
    hits = sorted(rank for rank, ext in ranking if ext in relevant)
    m = {}
    for k in ks:
        in_k = sum(1 for r in hits if r <= k)
        m["hit@%d" % k] = 1.0 if in_k else 0.0
        m["p@%d" % k] = in_k / k
        m["recall@%d" % k] = in_k / R if R else 0.0
        dcg = sum(1 / math.log2(r + 1) for r in hits if r <= k)
        idcg = sum(1 / math.log2(i + 1) for i in range(1, min(R, k) + 1))
        m["ndcg@%d" % k] = dcg / idcg if R else 0.0
        if gain is not None:
            dcg = sum(g / math.log2(r + 1) for r, g in gain.items() if r <= k)
            idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal[:k]))
            m["ndcg@%d" % k] = dcg / idcg if idcg else 0.0
    m["mrr"] = 1.0 / hits[0] if hits else 0.0
    m["map"] = sum((i + 1) / r for i, r in enumerate(hits)) / R if R else 0.0
    return m


def squad_official_normalize(s):
    """normalize_answer of the official SQuAD v1.1 evaluation script, verbatim."""
    import string

    def remove_articles(text):
        return re.sub(r'\b(a|an|the)\b', ' ', text)

    def white_space_fix(text):
        return ' '.join(text.split())

    def remove_punc(text):
        exclude = set(string.punctuation)
        return ''.join(ch for ch in text if ch not in exclude)

    def lower(text):
        return text.lower()

    return white_space_fix(remove_articles(remove_punc(lower(s))))


# convqa follows the official script on all text, not only ASCII.
normalize_answer = squad_official_normalize


def squad_em(pred, gold):
    return float(normalize_answer(pred) == normalize_answer(gold))


def squad_f1(pred, gold):
    p, g = normalize_answer(pred).split(), normalize_answer(gold).split()
    if not p or not g:   # SQuAD v2.0 script: an empty side scores equality
        return float(p == g)
    common = collections.Counter(p) & collections.Counter(g)
    same = sum(common.values())
    if same == 0:
        return 0.0
    prec, rec = same / len(p), same / len(g)
    return 2 * prec * rec / (prec + rec)


def lcs(a, b):
    t = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a)):
        for j in range(len(b)):
            t[i + 1][j + 1] = t[i][j] + 1 if a[i] == b[j] else max(t[i][j + 1], t[i + 1][j])
    return t[len(a)][len(b)]


def overlap_metrics(pred, gold, bleu_bp, beta):
    p, g = normalize_answer(pred).split(), normalize_answer(gold).split()
    if not p or not g:   # NLTK BLEU and rouge-score: 0, both empty included
        return {"bleu1": 0.0, "rouge1_r": 0.0, "rouge_l": 0.0}
    clipped = sum((collections.Counter(p) & collections.Counter(g)).values())
    bleu = clipped / len(p)
    bp = math.exp(1 - len(g) / len(p)) if len(p) < len(g) else 1.0
    m = lcs(p, g)
    if m:
        prec, rec = m / len(p), m / len(g)
        rl = (1 + beta * beta) * prec * rec / (rec + beta * beta * prec)
    else:
        rl = 0.0
    return {"bleu1": bleu * bp if bleu_bp else bleu, "rouge1_r": clipped / len(g), "rouge_l": rl}


def answer_scores(pred, golds, bleu_bp, beta):
    # SQuAD 2.0 get_raw_scores: golds that normalise to nothing only if all do
    golds = [g for g in golds if normalize_answer(g)] or [""]
    best = {}
    for g in golds:
        s = {"em": squad_em(pred, g), "f1": squad_f1(pred, g)}
        s.update(overlap_metrics(pred, g, bleu_bp, beta))
        for k, v in s.items():
            best[k] = max(best.get(k, 0.0), v)
    if bleu_bp:
        best["bleu1_bp"] = best.pop("bleu1")
    return best


def pearson(x, y):
    n = len(x)
    if n < 2:
        return None
    mx, my = sum(x) / n, sum(y) / n
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    if len(set(x)) == 1 or len(set(y)) == 1:
        return None
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / math.sqrt(sxx * syy)


def average_ranks(v):
    order = sorted(range(len(v)), key=lambda i: v[i])
    ranks = [0.0] * len(v)
    i = 0
    while i < len(v):
        j = i
        while j + 1 < len(v) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j + 2) / 2
        i = j + 1
    return ranks


def spearman(x, y):
    if len(x) < 2:
        return None
    return pearson(average_ranks(x), average_ranks(y))


def kendall_tau_b(x, y):
    n = len(x)
    if n < 2:
        return None
    conc = disc = tx = ty = 0
    for i in range(n):
        for j in range(i + 1, n):
            dx, dy = x[i] - x[j], y[i] - y[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                tx += 1
            elif dy == 0:
                ty += 1
            elif (dx > 0) == (dy > 0):
                conc += 1
            else:
                disc += 1
    # n0 - n1 = pairs not tied in x = conc + disc + ty; likewise for y
    den = math.sqrt((conc + disc + ty) * (conc + disc + tx))
    if den == 0:
        return None
    return (conc - disc) / den


def second_opinion_correlation(name, mine, x, y):
    if scipy_stats is None:
        return
    fn = {"pearson": scipy_stats.pearsonr, "spearman": scipy_stats.spearmanr,
          "kendall_tau_b": scipy_stats.kendalltau}[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            theirs = float(fn(x, y)[0]) if len(x) >= 2 else float("nan")
        except ValueError:
            theirs = float("nan")
    if mine is None:
        if not math.isnan(theirs):
            raise SelfCheck("%s: reference undefined, scipy %r on %r %r" % (name, theirs, x, y))
    elif not close(mine, theirs, 1e-9):
        raise SelfCheck("%s: reference %r, scipy %r on %r %r" % (name, mine, theirs, x, y))


def quantile7(v, p):
    v = sorted(v)
    h = (len(v) - 1) * p
    lo = math.floor(h)
    if lo + 1 >= len(v):
        return v[-1]
    return v[lo] + (h - lo) * (v[lo + 1] - v[lo])


def cohen(pairs, cats):
    """pairs = [(a, b)]: n, p_o, p_e, kappa (None when p_e = 1), CI."""
    n = len(pairs)
    p_o = sum(1 for a, b in pairs if a == b) / n
    ca = collections.Counter(a for a, _ in pairs)
    cb = collections.Counter(b for _, b in pairs)
    p_e = sum(ca[c] * cb[c] for c in cats) / (n * n)
    if close(p_e, 1.0, 1e-15) or len(set(a for a, _ in pairs) | set(b for _, b in pairs)) == 1:
        return n, p_o, 1.0, None, None
    kappa = (p_o - p_e) / (1 - p_e)
    se = math.sqrt(p_o * (1 - p_o) / n) / (1 - p_e)
    ci = (max(-1.0, kappa - Z * se), min(1.0, kappa + Z * se))
    if cohen_kappa_score is not None:
        theirs = cohen_kappa_score([a for a, _ in pairs], [b for _, b in pairs], labels=cats)
        if not close(kappa, theirs, 1e-9):
            raise SelfCheck("kappa: reference %r, sklearn %r on %r" % (kappa, theirs, pairs))
    return n, p_o, p_e, kappa, ci


def weighted_kappa(pairs, cats, weights):
    """Cohen's (1968) weighted kappa with agreement weights by category
    position; SE of Fleiss, Cohen & Everitt (1969):
    var = [sum_ij p_ij (w_ij (1 - p_e) - (wbar_i. + wbar_.j)(1 - p_o))^2
           - (p_o p_e - 2 p_e + p_o)^2] / (n (1 - p_e)^4)."""
    k, n = len(cats), len(pairs)
    idx = {c: i for i, c in enumerate(cats)}
    w = [[1 - (abs(i - j) if weights == "linear" else (i - j) ** 2) /
          ((k - 1) if weights == "linear" else (k - 1) ** 2) for j in range(k)] for i in range(k)]
    pij = [[0.0] * k for _ in range(k)]
    for a, b in pairs:
        pij[idx[a]][idx[b]] += 1 / n
    pi = [sum(row) for row in pij]
    pj = [sum(pij[i][j] for i in range(k)) for j in range(k)]
    p_o = sum(w[i][j] * pij[i][j] for i in range(k) for j in range(k))
    p_e = sum(w[i][j] * pi[i] * pj[j] for i in range(k) for j in range(k))
    if close(p_e, 1.0, 1e-12):
        return n, p_o, 1.0, None, None
    kappa = (p_o - p_e) / (1 - p_e)
    wi = [sum(pj[j] * w[i][j] for j in range(k)) for i in range(k)]
    wj = [sum(pi[i] * w[i][j] for i in range(k)) for j in range(k)]
    var = (sum(pij[i][j] * (w[i][j] * (1 - p_e) - (wi[i] + wj[j]) * (1 - p_o)) ** 2
               for i in range(k) for j in range(k)) - (p_o * p_e - 2 * p_e + p_o) ** 2) / (n * (1 - p_e) ** 4)
    se = math.sqrt(max(var, 0.0))
    if cohen_kappa_score is not None:
        theirs = cohen_kappa_score([a for a, _ in pairs], [b for _, b in pairs], labels=cats, weights=weights)
        if not close(kappa, theirs, 1e-9):
            raise SelfCheck("weighted kappa: reference %r, sklearn %r on %r" % (kappa, theirs, pairs))
    return n, p_o, p_e, kappa, (max(-1.0, kappa - Z * se), min(1.0, kappa + Z * se))


def landis_koch(k):
    k = round(k, 9)
    if k < 0:
        return "poor"
    for upper, name in ((0.2, "slight"), (0.4, "fair"), (0.6, "moderate"), (0.8, "substantial")):
        if k <= upper:
            return name
    return "almost perfect"


def fleiss(units, cats):
    """units = [[values]] each with the same number m >= 2 of values."""
    N, m = len(units), len(units[0])
    P = [(sum(u.count(c) ** 2 for c in cats) - m) / (m * (m - 1)) for u in units]
    p_bar = sum(P) / N
    p_j = [sum(u.count(c) for u in units) / (N * m) for c in cats]
    p_e = sum(x * x for x in p_j)
    if close(p_e, 1.0, 1e-15):
        return None
    return (p_bar - p_e) / (1 - p_e)


def krippendorff_nominal(units, cats):
    """alpha over the pairable units (>= 2 values): 1 - D_o / D_e."""
    o = collections.Counter()   # coincidences o[c, k]
    for u in units:
        m = len(u)
        for i in range(m):
            for j in range(m):
                if i != j:
                    o[(u[i], u[j])] += 1 / (m - 1)
    n_c = {c: sum(o[(c, k)] for k in cats) for c in cats}
    n = sum(n_c.values())
    d_o = sum(o[(c, k)] for c in cats for k in cats if c != k) / n
    d_e = sum(n_c[c] * n_c[k] for c in cats for k in cats if c != k) / (n * (n - 1))
    if d_e == 0 or sum(1 for c in cats if round(n_c[c]) > 0) < 2:
        return None
    return 1 - d_o / d_e


# ---- the expected report ------------------------------------------------------------------
#
# cells[(section, table, group, column)] = ("num", value, n, ci or None) |
#   ("count", value) | ("text", s) | ("undef", n); column "_n" holds the row's n.

GROUPINGS = ["turn", "conversation", "system", "intent", "rater"]


class Expect:
    def __init__(self):
        self.cells = {}
        self.tables = set()

    def table(self, sec, tab):
        self.tables.add((sec, tab))

    def row(self, sec, tab, group, n):
        self.tables.add((sec, tab))
        self.cells[(sec, tab, group, "_n")] = ("count", n)

    def num(self, sec, tab, group, col, v, n, ci=None):
        self.cells[(sec, tab, group, col)] = ("num", v, n, ci)

    def count(self, sec, tab, group, col, v):
        self.cells[(sec, tab, group, col)] = ("count", v)

    def undef(self, sec, tab, group, col, n):
        self.cells[(sec, tab, group, col)] = ("undef", n)

    def text(self, sec, tab, group, col, s):
        self.cells[(sec, tab, group, col)] = ("text", s)


def group_keys(o, p, consensus, by):
    """(grouping, group name) of an observation, for the breakdowns in by."""
    out = []
    for g in GROUPINGS:
        if g not in by or (g == "rater" and consensus):
            continue
        if g == "turn":
            out.append(("turn", str(o.item.position)))
        elif g == "conversation":
            out.append(("conversation", o.item.conv))
        elif g == "system":
            out.append(("system", o.item.system))
        elif g == "intent":
            v = o.values.get("intent")
            if v is None or v is NOCONS:
                v = o.item.gold_intent or "(none)"
            out.append(("intent", v))
        elif g == "rater":
            out.append(("rater", o.rater))
    return out


def answers(e, p, obs, consensus, by, rf):
    acc = collections.defaultdict(lambda: [0, 0, 0])   # (table, group) -> n, correct, no consensus
    acc[("overall", "all")]
    field, thr, _, values = rf
    for o in obs:
        v = o.values.get(field) if field in FIELDS else o.cust.get((field, 0))
        if v is None:
            continue
        for key in [("overall", "all")] + [("by_" + g, name) for g, name in group_keys(o, p, consensus, by)]:
            a = acc[key]
            if v is NOCONS:
                a[2] += 1
            else:
                a[0] += 1
                a[1] += values.index(v) >= thr
    for g in GROUPINGS:
        if g in by and not (g == "rater" and consensus):
            e.table("answers", "by_" + g)
    for (tab, group), (n, correct, noc) in acc.items():
        e.row("answers", tab, group, n)
        e.count("answers", tab, group, "correct", correct)
        if n:
            e.num("answers", tab, group, "accuracy", correct / n, n, wilson(correct, n))
        else:
            e.undef("answers", tab, group, "accuracy", 0)
        if consensus in ("majority", "adjudicated", "discard"):
            e.count("answers", tab, group, "no_consensus", noc)


def retrieval(e, p, obs, kind, consensus, by, ks, rf):
    R, ideal = known_relevant(p, obs, kind, rf)
    _, thr, graded, _ = rf
    cols = (["hit@%d" % k for k in ks] + ["mrr"] + ["p@%d" % k for k in ks] +
            ["recall@%d" % k for k in ks] + ["map"] + ["ndcg@%d" % k for k in ks])
    acc = collections.defaultdict(lambda: {"n": 0, "zero": 0, "noc": 0, "sum": collections.Counter()})
    acc[("overall", "all")]
    for o in obs:
        gr = grades(o, rf)
        if not gr and (o.item.ranking or not o.turn_labelled or rf[0] != "relevant"):
            continue   # no relevance label; an empty ranking has nothing to judge
        keys = [("overall", "all")] + [("by_" + g, name) for g, name in group_keys(o, p, consensus, by)]
        if any(v is NOCONS for v in gr.values()):
            for key in keys:
                acc[key]["noc"] += 1
            continue
        ranking = sorted(o.item.ranking.items())
        relevant = {o.item.ranking[r] for r, g in gr.items() if g >= thr and r in o.item.ranking}
        Rn = len(R[id(o)])
        assert relevant <= R[id(o)]
        gain = {r: g for r, g in gr.items() if r in o.item.ranking} if graded else None
        m = retrieval_metrics(ranking, relevant, Rn, ks, gain, ideal[id(o)])
        for key in keys:
            a = acc[key]
            a["n"] += 1
            a["zero"] += Rn == 0
            a["sum"].update(m)
    for g in GROUPINGS:
        if g in by and not (g == "rater" and consensus):
            e.table("retrieval", "by_" + g)
    for (tab, group), a in acc.items():
        e.row("retrieval", tab, group, a["n"])
        for c in cols:
            if a["n"]:
                e.num("retrieval", tab, group, c, a["sum"][c] / a["n"], a["n"])
            else:
                e.undef("retrieval", tab, group, c, 0)
        e.count("retrieval", tab, group, "nothing_relevant", a["zero"])
        if consensus in ("majority", "adjudicated", "discard"):
            e.count("retrieval", tab, group, "no_consensus", a["noc"])


def verdicts(e, p, obs, consensus, by, tasks_shown):
    acc = collections.defaultdict(lambda: {"plaus": collections.Counter(), "faith": collections.Counter()})
    acc[("overall", "all")]
    by = set(by) | {"system"}
    for o in obs:
        pv, fv = o.values.get("plausibility"), o.values.get("faithfulness")
        if pv is None and fv is None:
            continue
        for key in [("overall", "all")] + [("by_" + g, name) for g, name in group_keys(o, p, consensus, by)]:
            if pv is not None:
                acc[key]["plaus"]["noc" if pv is NOCONS else pv] += 1
            if fv is not None:
                acc[key]["faith"]["noc" if fv is NOCONS else fv] += 1
    cons = consensus in ("majority", "adjudicated", "discard")
    for g in GROUPINGS:
        if g in by and not (g == "rater" and consensus):
            e.table("verdicts", "by_" + g)
    for (tab, group), a in acc.items():
        e.row("verdicts", tab, group, None)
        for task, c, vals, share in (("plausibility", a["plaus"], FIELDS["plausibility"][1], "plausible_share"),
                                     ("faithfulness", a["faith"], FIELDS["faithfulness"][1], "faithful_share")):
            if task not in tasks_shown:
                continue
            for v in vals:
                e.count("verdicts", tab, group, v, c[v])
            if cons:
                e.count("verdicts", tab, group, task + "_no_consensus", c["noc"])
            n = sum(c[v] for v in vals)
            if n:
                e.num("verdicts", tab, group, share, c[vals[0]] / n, n, wilson(c[vals[0]], n))
            else:
                e.undef("verdicts", tab, group, share, 0)


def automatic(e, p, obs, consensus, scope, bleu_bp, beta):
    labelled = {rid for (rid, _), lab in p.label.items() if lab}
    scores = {}
    for it in p.items.values():
        golds = p.gold_answers.get(it.turn)
        if not golds or (scope and it.id not in labelled):
            continue
        scores[it.id] = answer_scores(it.answer, golds, bleu_bp, beta)
    metrics = ["em", "f1", "bleu1_bp" if bleu_bp else "bleu1", "rouge1_r", "rouge_l"]
    e.table("automatic", "by_system")
    e.table("automatic", "correlation")
    systems = sorted({p.items[i].system for i in scores})
    for s in systems + ["all"]:
        ids = [i for i in scores if s == "all" or p.items[i].system == s]
        e.row("automatic", "by_system", s, len(ids))
        for m in metrics:
            if ids:
                e.num("automatic", "by_system", s, m, sum(scores[i][m] for i in ids) / len(ids), len(ids))
            else:
                e.undef("automatic", "by_system", s, m, 0)
    human = collections.defaultdict(list)
    for o in obs:
        v = o.values.get("answer_correct")
        if v is not None and v is not NOCONS:
            human[o.item.id].append(float(v))
    for s in systems:
        ids = sorted(i for i in scores if p.items[i].system == s and human[i])
        if not ids:
            continue
        for m in metrics:
            x = [scores[i][m] for i in ids]
            y = [sum(human[i]) / len(human[i]) for i in ids]
            group = "%s / %s" % (s, m)
            e.row("automatic", "correlation", group, len(ids))
            for name, fn in (("pearson", pearson), ("spearman", spearman), ("kendall_tau_b", kendall_tau_b)):
                v = fn(x, y)
                second_opinion_correlation(name, v, x, y)
                if v is None:
                    e.undef("automatic", "correlation", group, name, len(ids))
                else:
                    e.num("automatic", "correlation", group, name, v, len(ids))


def time_section(e, p, wage):
    e.table("time", "by_rater")
    secs = collections.defaultdict(float)   # (rater, task, item) -> seconds
    for name, _, rid, _, _, task, _, _, _, seconds, _, _, _ in p.rows:   # where each row was given
        secs[(name, task, rid)] += seconds
    for task in TASKS + p.schemes:
        if p.tasks and task not in p.tasks:
            continue
        for r in p.raters + (["all raters"] if len(p.raters) >= 2 else []):
            v = [s for (name, t, _), s in secs.items() if t == task and (r == "all raters" or name == r)]
            if not v:
                continue
            timed = [s for s in v if s > 0]
            group = "%s / %s" % (r, task)
            e.row("time", "by_rater", group, len(timed))
            for col, q in (("median", 0.5), ("q1", 0.25), ("q3", 0.75)):
                if timed:
                    e.num("time", "by_rater", group, col, quantile7(timed, q), len(timed))
                else:
                    e.undef("time", "by_rater", group, col, 0)
            e.num("time", "by_rater", group, "hours", sum(timed) / 3600, len(timed))
            e.count("time", "by_rater", group, "untimed", len(v) - len(timed))
            if wage is not None:
                e.num("time", "by_rater", group, "cost", sum(timed) / 3600 * wage, len(timed))


def krippendorff_ordinal(units, cats):
    """alpha with the ordinal metric of Krippendorff (2011): delta^2(c, k) =
    (sum_{g=c..k} n_g - (n_c + n_k)/2)^2, n_g the marginals."""
    o = collections.Counter()
    for u in units:
        m = len(u)
        for i in range(m):
            for j in range(m):
                if i != j:
                    o[(u[i], u[j])] += 1 / (m - 1)
    n_c = [sum(o[(c, k)] for k in cats) for c in cats]
    n = sum(n_c)

    def d2(a, b):
        a, b = min(a, b), max(a, b)
        return (sum(n_c[a:b + 1]) - (n_c[a] + n_c[b]) / 2) ** 2
    idx = range(len(cats))
    d_o = sum(o[(cats[a], cats[b])] * d2(a, b) for a in idx for b in idx) / n
    d_e = sum(n_c[a] * n_c[b] * d2(a, b) for a in idx for b in idx) / (n * (n - 1))
    if d_e == 0:
        return None
    return 1 - d_o / d_e


def agreement(e, p, confusion, field_only=None, weights=None):
    e.table("agreement", "summary")
    # the fields with categories: the built-in ones, then the project's
    # schemes' (by scheme name, in their order): (table id, name, type, categories)
    fields = [(f, f, "nominal", cats) for f, (task, cats) in FIELDS.items() if not p.tasks or task in p.tasks]
    for task in p.schemes:
        if p.tasks and task not in p.tasks:
            continue
        fields += [(key, f, typ, cats) for (t, f), (key, _, typ, cats) in p.cfields.items() if t == task]
    fields = [f for f in fields if not field_only or field_only in (f[0], f[1])]
    ordinal_col = any(f[2] == "ordinal" for f in fields)
    for field, _, typ, cats in fields:
        w = weights if weights and (field_only or typ == "ordinal") else "linear" if typ == "ordinal" else None
        w = None if w == "none" else w
        # weighted: the agreement columns are weighted, and named so
        p_o_col, p_e_col = ("p_o(w)", "p_e(w)") if w else ("p_o", "p_e")
        # each unit once: a turn, a passage of a turn, a response
        # an adjudicator's values settle disagreements: they are not compared
        units = {ukey: {r: v for r, v in raters.items() if r not in p.adjudicators}
                 for (f, ukey), raters in p.unit_value.items() if f == field}
        seen = {r for u in units.values() for r in u}
        if not seen and not field_only:
            continue
        e.table("agreement", field)
        pairs = 0
        for i, a in enumerate(p.raters):
            for b in p.raters[i + 1:]:
                if a not in seen or b not in seen:
                    continue   # one of them never labelled the field
                pairs += 1
                group = "%s / %s" % (a, b)
                both = [(u[a], u[b]) for u in units.values() if a in u and b in u]
                if not both:   # Cohen's kappa needs units both labelled
                    e.row("agreement", field, group, 0)
                    for col in (p_o_col, p_e_col, "kappa", "band"):
                        e.undef("agreement", field, group, col, 0)
                    continue
                if w:
                    n, p_o, p_e, kappa, ci = weighted_kappa(both, cats, w)
                else:
                    n, p_o, p_e, kappa, ci = cohen(both, cats)
                e.row("agreement", field, group, n)
                e.num("agreement", field, group, p_o_col, p_o, n)
                e.num("agreement", field, group, p_e_col, p_e, n)
                if n < 2:
                    ci = None   # one unit is too small a sample for an interval
                if kappa is None:
                    e.undef("agreement", field, group, "kappa", n)
                    e.undef("agreement", field, group, "band", n)
                else:
                    e.num("agreement", field, group, "kappa", kappa, n, ci)
                    e.text("agreement", field, group, "band", landis_koch(kappa))
                if confusion:
                    tab = "%s_confusion_%d" % (field, pairs)
                    e.table("agreement", tab)
                    for va in cats:
                        e.row("agreement", tab, va, None)
                        for vb in cats:
                            e.count("agreement", tab, va, vb, sum(1 for x, y in both if x == va and y == vb))
        if not pairs:
            e.row("agreement", field, "(no pair)", 0)
            for col in (p_o_col, p_e_col, "kappa", "band"):
                e.undef("agreement", field, "(no pair)", col, 0)
        pairable = [list(u.values()) for u in units.values() if len(u) >= 2]
        single = sum(1 for u in units.values() if len(u) == 1)
        e.row("agreement", "summary", field, len(pairable))
        e.count("agreement", "summary", field, "raters", len(seen))
        e.count("agreement", "summary", field, "single", single)
        if len(seen) >= 3:
            if pairable and len({len(u) for u in pairable}) == 1:
                k = fleiss(pairable, cats)
                if k is None:
                    e.undef("agreement", "summary", field, "fleiss_kappa", len(pairable))
                else:
                    e.num("agreement", "summary", field, "fleiss_kappa", k, len(pairable))
            else:
                e.undef("agreement", "summary", field, "fleiss_kappa", len(pairable))
        alpha = krippendorff_nominal(pairable, cats) if pairable else None
        if alpha is None:
            e.undef("agreement", "summary", field, "alpha", len(pairable))
        else:
            e.num("agreement", "summary", field, "alpha", alpha, len(pairable))
        if ordinal_col and typ == "ordinal":
            pv = sum(len(u) for u in pairable)
            alpha = krippendorff_ordinal(pairable, cats) if pv >= 2 else None
            if alpha is None:
                e.undef("agreement", "summary", field, "alpha_ordinal", len(pairable))
            else:
                e.num("agreement", "summary", field, "alpha_ordinal", alpha, len(pairable))


def schemes_section(e, p, obs, consensus, shown):
    """A section per project scheme shown: each field's categories per
    system (the values of its items) and in the row all (each unit once);
    for an ordinal field the mean and median of the 1-based positions."""
    cons = consensus in ("majority", "adjudicated", "discard")
    for task in p.schemes:
        if task not in shown:
            continue
        sec = "scheme:" + task
        for (t, fname), (key, unit, typ, cats) in p.cfields.items():
            if t != task:
                continue
            e.table(sec, fname)
            rows = collections.defaultdict(list)   # group -> values (NOCONS included)
            rows["all"]
            for o in obs:
                for (k, rank), v in o.cust.items():
                    if k != key:
                        continue
                    rows[o.item.system].append(v)
                    if p.first_place(unit, o.item, rank):
                        rows["all"].append(v)
            for group, vals in rows.items():
                got = [cats.index(v) + 1 for v in vals if v is not NOCONS]
                noc = sum(1 for v in vals if v is NOCONS)
                if group != "all" and not got and not noc:
                    continue
                e.row(sec, fname, group, len(got))
                for i, c in enumerate(cats):
                    e.count(sec, fname, group, c, sum(1 for x in got if x == i + 1))
                if cons:
                    e.count(sec, fname, group, "no_consensus", noc)
                if typ == "ordinal":
                    if got:
                        e.num(sec, fname, group, "mean", sum(got) / len(got), len(got))
                        e.num(sec, fname, group, "median", quantile7(got, 0.5), len(got))
                    else:
                        e.undef(sec, fname, group, "mean", 0)
                        e.undef(sec, fname, group, "median", 0)


def expect(args):
    raters = args.raters.split(",") if args.raters else None
    p = Project(args.db, args.round, raters, args.task.split(",") if args.task else None)
    e = Expect()
    if args.agreement:
        agreement(e, p, True, args.field, args.weights)
        return e
    kind = args.consensus or "none"
    consensus = None if kind == "none" else "rater" if kind.startswith("rater:") else kind
    by = args.by.split(",") if args.by else ["turn", "system"]
    if "all" in by:
        by = GROUPINGS
    ks = [int(k) for k in args.k.split(",")]
    only = args.only.split(",") if args.only else ["answers", "retrieval", "automatic", "verdicts", "schemes",
                                                     "agreement", "time"]
    obs = layer(p, kind)
    shown = set(p.tasks) if p.tasks else p.tasks_seen
    scope = bool(args.round or raters)
    correctness, relevance = role_field(p, shown, "correctness"), role_field(p, shown, "relevance")
    if correctness and "answers" in only:
        answers(e, p, obs, consensus, by, correctness)
    if relevance and "retrieval" in only:
        retrieval(e, p, obs, kind, consensus, by, ks, relevance)
    if "automatic" in only and (not p.tasks or "turn" in p.tasks) and ("turn" in shown or any(p.gold_answers.values())):
        automatic(e, p, obs, consensus, scope, args.bleu_bp, args.rouge_beta)
    if "verdicts" in only and shown & {"plausibility", "faithfulness"}:
        verdicts(e, p, obs, consensus, by, shown)
    if "schemes" in only:
        schemes_section(e, p, obs, consensus, shown)
    if "agreement" in only:
        agreement(e, p, False)
    if "time" in only:
        time_section(e, p, args.wage)
    return e


# ---- reading convqa's JSON and comparing -----------------------------------------------------

def actual_cells(path):
    doc = json.load(open(path, encoding="utf-8"))
    cells, tables = {}, set()
    for sec_id, sec in doc["sections"].items():
        for tab_id, tab in sec["tables"].items():
            tables.add((sec_id, tab_id))
            for row in tab["rows"]:
                g = row["group"]
                cells[(sec_id, tab_id, g, "_n")] = ("count", row.get("n"))
                for col, c in row["cells"].items():
                    if c is None:
                        continue
                    if "value" in c:
                        cells[(sec_id, tab_id, g, col)] = ("num", c["value"], c["n"],
                                                           tuple(c["ci95"]) if "ci95" in c else None)
                    elif "count" in c:
                        cells[(sec_id, tab_id, g, col)] = ("count", c["count"])
                    elif "undefined" in c:
                        cells[(sec_id, tab_id, g, col)] = ("undef", c["n"])
                    else:
                        cells[(sec_id, tab_id, g, col)] = ("text", c["text"])
    return cells, tables


def same(exp, act):
    if exp[0] != act[0]:
        return False
    if exp[0] == "num":
        if not close(exp[1], act[1]) or exp[2] != act[2]:
            return False
        if (exp[3] is None) != (act[3] is None):
            return False
        return exp[3] is None or (close(exp[3][0], act[3][0]) and close(exp[3][1], act[3][1]))
    if exp[0] == "count" and exp[1] is not None and act[1] is not None:
        return close(exp[1], act[1])
    return exp == act


def family(key):
    """The TAP line a cell belongs to."""
    sec, tab, _, col = key
    if sec == "answers":
        return "answers: accuracy, Wilson interval and counts"
    if sec == "retrieval":
        name = re.sub(r"@\d+$", "@k", col)
        return {"hit@k": "retrieval: HR@k", "mrr": "retrieval: MRR", "p@k": "retrieval: P@k",
                "recall@k": "retrieval: R@k", "map": "retrieval: MAP", "ndcg@k": "retrieval: nDCG@k"}.get(
                    name, "retrieval: items, R=0 and no-consensus counts")
    if sec == "automatic":
        if tab == "by_system":
            return "automatic: %s per system" % {"em": "EM", "f1": "F1"}.get(col, "BLEU-1, ROUGE-1 R, ROUGE-L F"
                                                                               if col != "_n" else "EM")
        return "automatic: %s" % {"pearson": "Pearson r", "spearman": "Spearman rho",
                                  "kendall_tau_b": "Kendall tau-b"}.get(col, "Pearson r")
    if sec == "verdicts":
        return "verdicts: plausibility and faithfulness counts and shares"
    if sec.startswith("scheme:"):
        return "%s: %s" % (sec, "mean and median positions" if col in ("mean", "median") else "category counts")
    if sec == "agreement":
        if tab == "summary":
            return {"fleiss_kappa": "agreement: Fleiss kappa", "alpha": "agreement: Krippendorff alpha",
                    "alpha_ordinal": "agreement: Krippendorff alpha (ordinal)"}.get(col, "agreement: units, raters, single")
        if "_confusion_" in tab:
            return "agreement: confusion matrices"
        return "agreement: Cohen kappa, p_o, p_e, interval, band (%s)" % tab
    if sec == "time":
        return "time: quartiles, hours, untimed"
    return sec


def check(args):
    try:
        e = expect(args)
    except SelfCheck as err:
        print("not ok - the reference agrees with sklearn / scipy")
        print("# " + str(err))
        return 1
    act, act_tables = actual_cells(args.actual)
    # scai_em needs a Snowball stemmer this reference does not have
    skip = lambda k: k[3] == "scai_em" or k[2].endswith("/ scai_em")
    act = {k: v for k, v in act.items() if not skip(k) and (k[0], k[1]) in e.tables}
    fams = collections.OrderedDict()
    for k in list(e.cells) + list(act):
        fams.setdefault(family(k), [])
    for k in sorted(set(e.cells) | set(act), key=str):
        fams[family(k)].append(k)
    failed = 0
    label = args.label + ": " if args.label else ""
    missing_tables = sorted(e.tables - act_tables)
    if missing_tables:
        failed += 1
        print("not ok - %stables present" % label)
        print("# tables missing: %s" % missing_tables)
    for fam, keys in fams.items():
        diffs = []
        for k in keys:
            ex, ac = e.cells.get(k), act.get(k)
            if ex is None:
                diffs.append("%s: convqa %r, reference: no such cell" % ("/".join(k), ac))
            elif ac is None:
                diffs.append("%s: reference %r, convqa: no such cell" % ("/".join(k), ex))
            elif not same(ex, ac):
                diffs.append("%s: reference %r, convqa %r" % ("/".join(k), ex, ac))
        n = sum(1 for k in keys if k in e.cells)
        if diffs:
            failed += 1
            print("not ok - %s%s (%d of %d cells differ)" % (label, fam, len(diffs), len(keys)))
            for d in diffs[:12]:
                print("# " + d)
            if len(diffs) > 12:
                print("# ... %d more" % (len(diffs) - 12))
        else:
            print("ok - %s%s (%d cells)" % (label, fam, n))
    return 1 if failed else 0


def batch(ap, path, db):
    """One check per line of path: LABEL|ACTUAL.json|OPTIONS (the options as
    for check, separated by spaces); one process for every case, as the
    imports of sklearn and scipy take most of a second."""
    failed = 0
    for line in open(path, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        label, actual, opts = line.rstrip("\n").split("|")
        try:
            args = ap.parse_args(["check", "--db", db, "--label", label, "--actual", actual] + opts.split())
            failed |= check(args)
        except Exception:   # the reference itself failed: say so, do not stop
            import traceback
            failed = 1
            print("not ok - %s: the reference runs" % label)
            for l in traceback.format_exc().splitlines():
                print("# " + l)
        sys.stdout.flush()
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["expect", "check", "batch"])
    ap.add_argument("cases", nargs="?", help="batch: the file of cases")
    ap.add_argument("--db", required=True)
    ap.add_argument("--actual")
    ap.add_argument("--label", default="")
    ap.add_argument("--consensus")
    ap.add_argument("--raters")
    ap.add_argument("--round")
    ap.add_argument("--k", default="1,3,5,10")
    ap.add_argument("--by")
    ap.add_argument("--only")
    ap.add_argument("--bleu-bp", action="store_true")
    ap.add_argument("--rouge-beta", type=float, default=1.0)
    ap.add_argument("--wage", type=float)
    ap.add_argument("--agreement", action="store_true")
    ap.add_argument("--task")
    ap.add_argument("--field")
    ap.add_argument("--weights", choices=["none", "linear", "quadratic"])
    args = ap.parse_args()
    if args.mode == "batch":
        sys.exit(batch(ap, args.cases, args.db))
    if args.mode == "check":
        sys.exit(check(args))
    e = expect(args)
    out = {"|".join(k): v for k, v in e.cells.items()}
    json.dump(out, sys.stdout, indent=1, default=str)
    print()


if __name__ == "__main__":
    main()
