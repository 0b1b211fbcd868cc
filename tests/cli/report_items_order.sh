#!/bin/sh
# The report reads the items in conversation, turn and system-name order,
# whatever the order the systems were added in: by the indexes when the
# systems' ids ascend with their names (no sort), by a sort otherwise
# (store_report_items). Two projects of the same answers, the systems
# added in name order and in reverse, give the same report.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_NOW=2026-03-04T05:06:07Z
F="$CONVQA_TOP/tests/fixtures/compare.json"
mkdir a b
/usr/bin/python3 - "$F" b/tasks.json <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for conv in doc["conversations"]:
    for turn in conv["turns"]:
        turn["responses"].reverse()
json.dump(doc, open(sys.argv[2], "w"))
PY
(cd a && $CONVQA init >/dev/null && $CONVQA import "$F" >/dev/null)
(cd b && $CONVQA init >/dev/null && $CONVQA import tasks.json >/dev/null)
check_eq "project a: the systems added in name order" "bm25,dense,hybrid" \
	"$(sqlite3 a/convqa.db "SELECT group_concat(name) FROM (SELECT name FROM system ORDER BY id)")"
check_eq "project b: in reverse" "hybrid,dense,bm25" \
	"$(sqlite3 b/convqa.db "SELECT group_concat(name) FROM (SELECT name FROM system ORDER BY id)")"
for args in "" "--by all" "--format csv --by all"; do
	(cd a && $CONVQA report $args) >"$T/a.out" 2>&1
	(cd b && $CONVQA report $args) >"$T/b.out" 2>&1
	if cmp -s "$T/a.out" "$T/b.out"; then ok "report $args: the same from both"
	else not_ok "report $args: the same from both" "$(diff "$T/a.out" "$T/b.out" | head -20)"; fi
done
(cd b && $CONVQA report --format csv --by system) >"$T/b.csv" 2>&1
check_eq "the systems in name order" "bm25 dense hybrid" \
	"$(grep '^automatic,by_system,system,' "$T/b.csv" | cut -d, -f4 | grep -vx all | uniq | tr '\n' ' ' | sed 's/ $//')"
done_testing
