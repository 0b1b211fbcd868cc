#!/usr/bin/env python3
"""Rewrite the expected screens of scripted UI tests from what the program
draws now, after a change that is meant to change them (a new help row, a
new column in a rule).

    python3 tests/tools/bless_screens.py ui/help_guidelines.sh [ui/fit.sh ...]

Runs each test (with UI_SAVE_DIR, which makes check_screen keep the screens
it compares) and replaces the body of every `check_screen DESC NAME <<'EOF'`
and `check_rows DESC NAME FIRST LAST <<'EOF'` block whose screen was saved
by the one drawn; a `check_screen_of DESC NAME SHARED <<'EOF'` block gets
the first and last rows, tests/ui/fixtures/screens/SHARED the rows between
(shared by several tests: run them all after blessing one). Screens named
by a variable are left alone. Review the
diff (git diff tests/ui) before committing: this accepts whatever is drawn.
"""
import os
import re
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BLOCK = re.compile(r"""\s*check_(screen|rows|screen_of) "[^"]*" (\S+)(?: (\d+) (\d+)| (\w+))? <<'?(\w+)'?\s*$""")


def bless(test):
    saved = tempfile.mkdtemp()
    subprocess.run(["sh", "tests/run.sh", test], cwd=TOP, env=dict(os.environ, UI_SAVE_DIR=saved),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    path = os.path.join(TOP, "tests", test)
    lines = open(path, encoding="utf-8").read().split("\n")
    out, changed, i = [], 0, 0
    while i < len(lines):
        m = BLOCK.match(lines[i])
        if not m:
            out.append(lines[i])
            i += 1
            continue
        kind, name, first, last, shared, tag = m.groups()
        end = lines.index(tag, i + 1)
        screen = os.path.join(saved, name if kind != "rows" else "%s,%s-%s" % (name, first, last))
        body = lines[i + 1:end]
        if os.path.exists(screen):
            text = open(screen, encoding="utf-8").read()
            new = text[:-1].split("\n") if text.endswith("\n") else text.split("\n")
            new = [] if text == "" else new
            if kind == "screen_of" and len(new) >= 2:
                shared_path = os.path.join(TOP, "tests", "ui", "fixtures", "screens", shared)
                rows = "".join(r + "\n" for r in new[1:-1])
                if open(shared_path, encoding="utf-8").read() != rows:
                    open(shared_path, "w", encoding="utf-8").write(rows)
                    changed += 1
                new = [new[0], new[-1]]
            changed += new != body
            body = new
        out += [lines[i]] + body + [tag]
        i = end + 1
    open(path, "w", encoding="utf-8").write("\n".join(out))
    print("%s: %d screen%s rewritten" % (test, changed, "" if changed == 1 else "s"))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for t in sys.argv[1:]:
        bless(t)
