#!/bin/sh
# An import killed with SIGKILL half-way leaves the project as it was: the
# transaction never committed, the database is intact, labels saved before
# are all there. Killed after it committed rows of its own (hidden until
# its flip), none of them is seen by any reader, and the next open removes
# them.
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
# kill it while it writes: its input is a pipe given the file's first 20 MB,
# then held open, so that the import has read and put thousands of rows
# (in its one transaction) and waits for the rest when it is killed (a
# timed kill raced the import, which grew faster than the test)
mkfifo big.fifo
(head -c 20000000 big.json; exec sleep 120) >big.fifo &
writer=$!
$CONVQA import --db p.db big.fifo >/dev/null 2>&1 &
pid=$!
i=0 got=0
while [ $i -lt 600 ] && [ "$got" -lt 20000000 ]; do
	got=$(awk '/^rchar/ { print $2 }' /proc/$pid/io 2>/dev/null)
	got=${got:-0}
	sleep 0.05
	i=$((i + 1))
done
sleep 0.5
check_eq "the import read the first 20 MB of its input" "1" "$([ "$got" -ge 20000000 ] && echo 1)"
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
kill $writer 2>/dev/null
check_eq "the import was killed before it finished: none of its conversations is there" "0" \
	"$(sqlite3 p.db "SELECT count(*) FROM conversation WHERE ext_id LIKE 'big-%'")"
check_eq "the project is intact" "ok" "$(sqlite3 p.db 'PRAGMA integrity_check')"
$CONVQA info --db p.db >after.txt
check_eq "the project holds what it held before, the saved label included" "$(cat before.txt)" "$(cat after.txt)"
run $CONVQA import --db p.db big.json
check_eq "the same import then succeeds" "0|big.json: added 400 conversations, 2400 turns, 2400 responses, 24000 passages, 1 system" "$rc|$(cat "$T/out")"

# killed after some of its short transactions committed
/usr/bin/python3 - <<'PY'
import json
d = json.load(open("big.json"))
for c in d["conversations"]:
    c["id"] = c["id"].replace("big-", "late-")
    for t in c["turns"]:
        for r in t["responses"]:
            r["system"] = "late"
            for p in r["passages"]:
                p["text"] = p["text"].replace("passage", "quokka")
json.dump(d, open("late.json", "w"))
PY
$CONVQA info --db p.db >before.txt
$CONVQA import --db p.db late.json >/dev/null 2>&1 &
pid=$!
i=0 n=0
while [ $i -lt 1200 ] && [ "$n" -lt 30 ] && kill -0 $pid 2>/dev/null; do
	n=$(sqlite3 p.db "SELECT count(*) FROM main.conversation WHERE ext_id LIKE 'late-%'" 2>/dev/null)
	n=${n:-0}
	sleep 0.05
	i=$((i + 1))
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
check_eq "the import had committed rows (hidden) when it was killed" "1" "$([ "$n" -ge 30 ] && echo 1)"
run $CONVQA search --db p.db quokka
check_eq "search after the kill: none of its passages" "no passage matches 'quokka'" "$(head -1 "$T/out")"
check_eq "the next open removed its rows" "0|0|0" \
	"$(sqlite3 p.db "SELECT (SELECT count(*) FROM conversation WHERE ext_id LIKE 'late-%') || '|' || (SELECT count(*) FROM system WHERE name = 'late') || '|' || (SELECT count(*) FROM setting WHERE key LIKE 'pending.%')")"
run $CONVQA export --db p.db --format tasks
check_eq "export after the kill: none of its conversations" "0|0" "$rc|$(grep -c 'late-' "$T/out")"
$CONVQA info --db p.db >after.txt
check_eq "the project holds what it held before" "$(cat before.txt)" "$(cat after.txt)"
check_eq "the project is intact" "ok" "$(sqlite3 p.db 'PRAGMA integrity_check')"
check_eq "its index of passages is intact" "" "$(sqlite3 p.db "INSERT INTO passage_fts(passage_fts, rank) VALUES ('integrity-check', 1)" 2>&1)"
run $CONVQA import --db p.db late.json
check_eq "the same import then succeeds" "0|late.json: added 400 conversations, 2400 turns, 2400 responses, 24000 passages, 1 system" "$rc|$(cat "$T/out")"
done_testing
