#!/bin/sh
# An import killed with SIGKILL half-way leaves the project as it was: the
# transaction never committed, the database is intact, labels saved before
# are all there.
. "$CONVQA_TOP/tests/lib.sh"

$CONVQA init --db p.db >/dev/null
$CONVQA import --db p.db -q "$CONVQA_TOP/sample_tasks/demo.json"
$CONVQA label --db p.db -r alice -c demo-rosetta -n 1 -s bm25-t5 answer_correct 1
$CONVQA info --db p.db >before.txt
/usr/bin/python3 - <<'PY'
import json
convs = [{"id": "big-%d" % c, "turns": [{"question": "question %d of %d?" % (t, c), "responses": [
    {"system": "bulk", "answer": "answer %d" % t, "passages": [
        {"rank": r + 1, "score": 10.0 - r, "text": ("passage %d %d %d " % (c, t, r)) * 60} for r in range(10)]}]}
    for t in range(6)]} for c in range(400)]
json.dump({"format": "convqa-tasks", "version": 1, "conversations": convs}, open("big.json", "w"))
PY
$CONVQA import --db p.db big.json >/dev/null 2>&1 &
pid=$!
# kill it while it writes: after the parse, before the commit
i=0
while [ $i -lt 200 ] && ! [ -s p.db-wal ] ; do sleep 0.05; i=$((i + 1)); done
sleep 0.3
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
check_eq "the import was killed before it finished" "" "$(sqlite3 p.db "SELECT id FROM conversation WHERE ext_id = 'big-399'")"
check_eq "the project is intact" "ok" "$(sqlite3 p.db 'PRAGMA integrity_check')"
$CONVQA info --db p.db >after.txt
check_eq "the project holds what it held before, the saved label included" "$(cat before.txt)" "$(cat after.txt)"
run $CONVQA import --db p.db big.json
check_eq "the same import then succeeds" "0|big.json: added 400 conversations, 2400 turns, 2400 responses, 24000 passages, 1 system" "$rc|$(cat "$T/out")"
done_testing
