#!/bin/sh
# 16 raters label one project file at the same time through `convqa label`,
# two more through scripted `convqa annotate` sessions, while a coordinator
# imports a large task file and runs reports: every label is there
# afterwards, every command succeeded, and nobody saw "database is locked".
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null
$CONVQA import -q "$CONVQA_TOP/sample_tasks/demo.json"
q() { sqlite3 "$T/p.db" "$1"; }
# the demo's items as "conversation turn system" lines
q "SELECT c.ext_id, t.position, sy.name FROM response r JOIN turn t ON t.id = r.turn_id
   JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id
   ORDER BY c.id, t.position, sy.name" | tr '|' ' ' >items
python3 - <<'PY'
import json
convs = [{"id": "more-%d" % c, "turns": [{"question": "question %d of %d?" % (t, c), "responses": [
    {"system": "bulk", "answer": "answer %d" % t, "passages": [
        {"rank": r + 1, "text": ("passage %d %d %d " % (c, t, r)) * 40} for r in range(5)]}]}
    for t in range(5)]} for c in range(300)]
json.dump({"format": "convqa-tasks", "version": 1, "conversations": convs}, open("more.json", "w"))
PY
# each of 16 raters labels 12 items (answer_correct), one process per label
rater() {
	head -12 items | while read -r c n s; do
		$CONVQA label -r "$1" -c "$c" -n "$n" -s "$s" answer_correct 1 || echo "label $1 $c $n $s failed"
	done >"out.$1" 2>"err.$1"
}
# a scripted annotate session: past the guidelines a new rater sees first,
# then correct + next, 10 times
{ echo esc; printf 'c\nn\n%.0s' 1 2 3 4 5 6 7 8 9 10; } >keys
session() { CONVQA_SCRIPT=keys $CONVQA annotate --rater "$1" >"out.$1" 2>"err.$1" || echo "annotate $1 failed: $?" >>"out.$1"; }
i=1
while [ $i -le 16 ]; do rater "$(printf 'r%02d' $i)" & i=$((i + 1)); done
session a1 &
session a2 &
{ $CONVQA import -q more.json || echo "import failed"; } >out.import 2>err.import &
{ for k in 1 2 3; do $CONVQA report --only answers >/dev/null || echo "report failed"; done; } >out.report 2>err.report &
wait
check_eq "every command succeeded" "" "$(cat out.* 2>/dev/null | grep -E 'failed' | head -5)"
check_eq "nobody saw a locked or busy database" "" "$(cat err.* | grep -iE 'locked|busy' | head -5)"
check_eq "no command wrote an error" "" "$(cat err.* | head -5)"
check_eq "every label of the 16 raters is there, current" "192" \
	"$(q "SELECT count(*) FROM label l JOIN rater ra ON ra.id = l.rater_id WHERE ra.name LIKE 'r__' AND l.value = '1'")"
check_eq "each scripted session saved its 10 labels" "10|10" \
	"$(q "SELECT count(*) FROM label l JOIN rater ra ON ra.id = l.rater_id WHERE ra.name = 'a1'")|$(q "SELECT count(*) FROM label l JOIN rater ra ON ra.id = l.rater_id WHERE ra.name = 'a2'")"
check_eq "the import landed whole" "300|1500" \
	"$(q "SELECT count(*) FROM conversation WHERE ext_id LIKE 'more-%'")|$(q "SELECT count(*) FROM turn t JOIN conversation c ON c.id = t.conversation_id WHERE c.ext_id LIKE 'more-%'")"
check_eq "the project is intact" "ok" "$(q 'PRAGMA integrity_check')"
done_testing
