#!/bin/sh
# Six raters label inside a round through `convqa label --round`, one
# process per label, in background loops, while another connection keeps
# taking the write lock for a moment (as an import does) and a coordinator
# closes the round mid-way: every label is either saved before the close
# (exit 0) or refused because the round is closed (exit 2), none is written
# after the close (by row id, recorded by a trigger inside the close's own
# transaction, and by time on the real clock), and the labels saved are
# exactly those whose commands said so.
. "$CONVQA_TOP/tests/lib.sh"
unset CONVQA_NOW   # the real clock: created_at and closed_at are compared
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null
python3 - >tasks.json <<'PY'
import json
convs = [{"id": "c%02d" % c, "turns": [{"question": "q of c%02d?" % c, "responses": [
    {"system": "s1", "answer": "answer %d" % c}]}]} for c in range(1, 41)]
print(json.dumps({"format": "convqa-tasks", "version": 1, "conversations": convs}))
PY
$CONVQA import tasks.json >/dev/null
for r in r1 r2 r3 r4 r5 r6; do $CONVQA rater add $r >/dev/null; done
$CONVQA round create spring --raters r1,r2,r3,r4,r5,r6 --overlap 0 >/dev/null
q() { sqlite3 -cmd ".timeout 10000" "$T/p.db" "$1"; }
# the largest label id when the round closes, written by the close's own transaction
q "CREATE TABLE close_mark(label_max INTEGER);
CREATE TRIGGER close_mark AFTER UPDATE OF status ON round WHEN new.status = 'closed'
BEGIN INSERT INTO close_mark SELECT coalesce(max(id), 0) FROM label; END;"
check_eq "the round assigns every item to each rater" "240" "$(q 'SELECT count(*) FROM assignment')"

# rater NAME: label each assigned item, one process per label; a line per
# command: its exit status; stops after three refusals
rater() {
	q "SELECT c.ext_id FROM assignment a JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id
	   JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id
	   WHERE ra.name = '$1' ORDER BY a.seq" | {
		refused=0
		while read -r c && [ $refused -lt 3 ]; do
			$CONVQA label -r "$1" --round spring -c "$c" -n 1 -s s1 answer_correct 1 2>>"err.$1"
			s=$?
			echo "$s $c"
			[ $s = 0 ] || refused=$((refused + 1))
		done >"out.$1"
	}
}
# another writer: holds the write lock for 30 ms at a time, so that labels
# wait for it between their checks and their writes
python3 - "$T/p.db" <<'PY' &
import sqlite3, sys, time, os
db = sqlite3.connect(sys.argv[1], timeout=60, isolation_level=None)
end = time.time() + 25
while not os.path.exists("stop") and time.time() < end:
    db.execute("BEGIN IMMEDIATE")
    time.sleep(0.03)
    db.execute("COMMIT")
    time.sleep(0.005)
PY
holder=$!
pids=
for r in r1 r2 r3 r4 r5 r6; do rater $r & pids="$pids $!"; done
# the coordinator closes the round once a dozen labels are in
i=0
while [ "$(q 'SELECT count(*) FROM label' || echo 0)" -lt 12 ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
$CONVQA round close spring >close.out 2>close.err
echo "$?" >close.rc
wait $pids
: >stop
wait $holder

check_eq "the close succeeded" "0|" "$(cat close.rc)|$(cat close.err)"
check_eq "every label command was saved (0) or refused as the round is closed (2)" "" \
	"$(cat out.* | grep -v '^[02] ' | head -5)"
check_eq "each refusal says the round is closed and how to reopen it" "" \
	"$(cat err.* | grep -vxF "convqa: round 'spring' is closed (a coordinator reopens it with: convqa round reopen spring)" | head -5)"
saved=$(cat out.* | grep -c '^0 ')
refused=$(cat out.* | grep -c '^2 ')
if [ "$saved" -ge 12 ] && [ "$refused" -ge 6 ]; then ok "the close came mid-way ($saved saved, $refused refused)"; else
	not_ok "the close came mid-way" "$saved saved, $refused refused"; fi
check_eq "no label was written after the close (by row id)" "0" \
	"$(q 'SELECT count(*) FROM label WHERE id > (SELECT label_max FROM close_mark)')"
check_eq "no label has a time after the round's closed_at" "0" \
	"$(q "SELECT count(*) FROM label l JOIN round ro ON ro.id = l.round_id WHERE l.created_at > ro.closed_at")"
check_eq "the labels saved are exactly those whose command said so" "$saved" "$(q 'SELECT count(*) FROM label')"
check_eq "the project is intact" "ok" "$(q 'PRAGMA integrity_check')"
done_testing
