#!/bin/sh
# The README and the manual in docs/ link to each other: every relative link
# of README.md and docs/*.md names a file of the tree and, after '#', a
# heading of that file (its GitHub anchor: lower case, punctuation dropped,
# spaces as '-'), so that moving a section cannot leave a link behind. The
# README stays short: what a newcomer needs, the reference in docs/.
. "$CONVQA_TOP/tests/lib.sh"
cd "$CONVQA_TOP" || exit 1
for f in README.md docs/*.md; do
	run python3 - "$f" <<'PY'
import os, re, sys
def anchors(path):
    out, seen, fence = set(), {}, False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
        if fence or not line.startswith("#"):
            continue
        a = re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        n = seen.get(a, 0)
        seen[a] = n + 1
        out.add(a if n == 0 else "%s-%d" % (a, n))
    return out
src = sys.argv[1]
text = re.sub(r"```.*?```", "", open(src, encoding="utf-8").read(), flags=re.S)
bad = []
for target in re.findall(r"\]\(([^)\s]+)\)", text):
    if re.match(r"[a-z]+:", target):
        continue
    path, _, frag = target.partition("#")
    full = os.path.normpath(os.path.join(os.path.dirname(src), path)) if path else src
    if not os.path.exists(full):
        bad.append("%s: no file %s" % (target, full))
    elif frag and full.endswith(".md") and frag not in anchors(full):
        bad.append("%s: no heading '#%s' in %s" % (target, frag, full))
print("\n".join(bad))
PY
	check_eq "every relative link of $f names a file and a heading there" "0|" "$rc|$(cat "$T/out")"
done
lines=$(wc -l <README.md)
check_eq "README.md is short (under 200 lines; it has $lines)" "yes" "$([ "$lines" -lt 200 ] && echo yes)"
for d in commands formats schemes study metrics; do
	check_grep "README.md links the manual's docs/$d.md" "](docs/$d.md" README.md
done
done_testing
