#!/usr/bin/python3
"""Check an HTML report of convqa (report --format html) with html.parser.

Usage:
  html_report_check.py check REPORT.html
      every element closed in order (void elements aside), and nothing
      live: no script, style outside <head>, img, iframe, object, embed,
      link, form or base element, no on* attribute, no src attribute, no
      href but "#..." links inside the page; prints one line per problem,
      exit 1 if there is one.
  html_report_check.py tables REPORT.html REPORT.json
      every table of the JSON report (same options) appears, in order, as
      an HTML table with the same header and cells as the text writer
      formats them (3 decimals for fractions, 2 for numbers, 1 for seconds,
      integers for counts; "lo-hi" intervals; n); prints the differences,
      exit 1 if there is one; else prints "N tables".
  html_report_check.py charts REPORT.html
      one line per chart: the heading id of its table, its kind and how
      many points, bars, cells or segments it draws, e.g. "s1-t2 lines 3".
"""
import json
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
DEAD = {"script", "img", "iframe", "object", "embed", "link", "form", "base", "frame", "frameset", "audio",
        "video", "foreignobject", "animate", "set", "use", "image", "a:href"}


class Doc(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems = [], []
        self.tables, self.charts = [], []
        self.row = self.cell = None
        self.heading = None
        self.in_head = False
        self.svg = None

    def where(self):
        line, col = self.getpos()
        return "line %d col %d" % (line, col)

    def attrs_ok(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append("%s: <%s> has the event attribute %s" % (self.where(), tag, name))
            if name in ("src", "srcset", "xlink:href", "action", "formaction"):
                self.problems.append("%s: <%s> has the attribute %s" % (self.where(), tag, name))
            if name == "href" and not (value or "").startswith("#"):
                self.problems.append("%s: <%s> links outside the page: %r" % (self.where(), tag, value))
            if name == "style" and "url(" in (value or ""):
                self.problems.append("%s: <%s> style loads a resource" % (self.where(), tag))

    def handle_starttag(self, tag, attrs):
        self.start(tag, attrs, closed=False)

    def handle_startendtag(self, tag, attrs):
        self.start(tag, attrs, closed=True)

    def start(self, tag, attrs, closed):
        if tag in DEAD or (tag == "style" and not self.in_head):
            self.problems.append("%s: a live <%s> element" % (self.where(), tag))
        self.attrs_ok(tag, attrs)
        a = dict(attrs)
        if tag == "head":
            self.in_head = True
        if tag == "h3":
            self.heading = a.get("id")
        if tag == "table":
            self.tables.append({"heading": self.heading, "rows": []})
        if tag == "tr":
            self.row = []
        if tag in ("td", "th") and self.row is not None:
            self.cell = ""
        if tag == "svg":
            self.svg = {"heading": self.heading, "kind": a.get("data-kind"), "marks": 0}
        if self.svg and ((tag == "circle" and a.get("class") == "pt") or
                         (tag == "rect" and a.get("class") in ("bar", "cell", "seg"))):
            self.svg["marks"] += 1
        if tag not in VOID and not closed:
            self.stack.append((tag, self.where()))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack:
            self.problems.append("%s: </%s> closes nothing" % (self.where(), tag))
            return
        top, where = self.stack.pop()
        if top != tag:
            self.problems.append("%s: </%s> closes <%s> of %s" % (self.where(), tag, top, where))
        if tag == "head":
            self.in_head = False
        if tag in ("td", "th") and self.row is not None and self.cell is not None:
            self.row.append(self.cell.strip())
            self.cell = None
        if tag == "tr" and self.tables and self.row is not None:
            self.tables[-1]["rows"].append(self.row)
            self.row = None
        if tag == "svg" and self.svg:
            self.charts.append(self.svg)
            self.svg = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data

    def close(self):
        super().close()
        for tag, where in self.stack:
            self.problems.append("<%s> of %s is never closed" % (tag, where))


def parse(path):
    d = Doc()
    with open(path, encoding="utf-8") as f:
        d.feed(f.read())
    d.close()
    return d


DECIMALS = {"fraction": 3, "number": 2, "seconds": 1, "count": 0}


def cell_want(col, cell):
    """What the HTML cell must say: a string, or ("num", value, decimals)."""
    if cell is None:
        return "-"
    if "value" in cell:
        return ("num", cell["value"], DECIMALS.get(col["format"], 0))
    if "count" in cell:
        return "%.0f" % cell["count"]
    if "text" in cell:
        return cell["text"]
    return "undefined (%s)" % cell["undefined"]


def json_rows(t):
    """The rows of a JSON table as the HTML writer shows them, header first;
    numbers as cell_want() gives them, an interval as two."""
    cis = [any("ci95" in (r["cells"].get(c["id"]) or {}) for r in t["rows"]) for c in t["columns"]]
    head = [t["by"]] + ([t["n"]] if t["n"] is not None else [])
    for c, ci in zip(t["columns"], cis):
        head += [c["label"]] + (["95% CI"] if ci else [])
    rows = [head]
    for r in t["rows"]:
        row = [r["group"]]
        if t["n"] is not None:
            row.append("-" if r["n"] is None else str(r["n"]))
        for c, ci in zip(t["columns"], cis):
            cell = r["cells"].get(c["id"])
            row.append(cell_want(c, cell))
            if ci:
                dec = DECIMALS.get(c["format"], 0)
                row.append((("num", cell["ci95"][0], dec), ("num", cell["ci95"][1], dec))
                           if cell and "ci95" in cell else "-")
        rows.append(row)
    return rows


def number_ok(want, text):
    """text is want's value with its decimals. JSON keeps 12 significant
    digits, so a value at a rounding boundary (0.0525) may be printed from
    the full double either way: within half a unit of the last decimal."""
    _, v, dec = want
    if text != "%.*f" % (dec, v):
        parts = text.split(".")
        try:
            got = float(text)
        except ValueError:
            return False
        if (len(parts[1]) if len(parts) > 1 else 0) != dec or abs(got - v) > 0.5 * 10 ** -dec + 1e-9:
            return False
    return True


def cell_ok(want, text):
    if isinstance(want, str):
        return want == text
    if want[0] == "num":
        return number_ok(want, text)
    # "lo–hi", or "lo to hi" when an end is negative
    lo, _, hi = text.partition(" to " if " to " in text else "\u2013")
    return number_ok(want[0], lo) and number_ok(want[1], hi)


def rows_ok(want, got):
    return len(want) == len(got) and all(
        len(a) == len(b) and all(cell_ok(x, y) for x, y in zip(a, b)) for a, b in zip(want, got))


def main(argv):
    if len(argv) == 3 and argv[1] == "check":
        d = parse(argv[2])
        for p in d.problems:
            print(p)
        return 1 if d.problems else 0
    if len(argv) == 4 and argv[1] == "tables":
        d = parse(argv[2])
        with open(argv[3], encoding="utf-8") as f:
            report = json.load(f)
        want = [(sid, tid, json_rows(t)) for sid, s in report["sections"].items() for tid, t in s["tables"].items()]
        bad = 0
        if len(want) != len(d.tables):
            print("%d tables in the JSON report, %d in the HTML" % (len(want), len(d.tables)))
            bad += 1
        for (sid, tid, rows), got in zip(want, d.tables):
            if not rows_ok(rows, got["rows"]):
                bad += 1
                if len(rows) != len(got["rows"]):
                    print("%s/%s: %d rows in JSON, %d in HTML" % (sid, tid, len(rows), len(got["rows"])))
                    continue
                i = next(i for i, (a, b) in enumerate(zip(rows, got["rows"])) if not rows_ok([a], [b]))
                print("%s/%s row %d differs:\n  json: %r\n  html: %r" % (sid, tid, i, rows[i], got["rows"][i]))
        if not bad:
            print("%d tables" % len(want))
        return 1 if bad else 0
    if len(argv) == 3 and argv[1] == "charts":
        for c in parse(argv[2]).charts:
            print("%s %s %d" % (c["heading"], c["kind"], c["marks"]))
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
