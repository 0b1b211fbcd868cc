#!/bin/sh
# A round closed while `convqa label --round` waits for the write lock: the
# label checks that its round is open inside its own write transaction, so
# a close that commits while the label waits is seen and the label is
# refused (exit 2), and no label of the round is written after the close.
# The lock is held by a sqlite3 shell (BEGIN IMMEDIATE) that closes the
# round itself, once label is waiting for the lock, then commits.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null
$CONVQA import "$CONVQA_TOP/tests/ui/fixtures/small.json" >/dev/null
$CONVQA rater add alice >/dev/null
$CONVQA round create r1 --raters alice >/dev/null
q() { sqlite3 "$T/p.db" "$1"; }
item=$(q "SELECT c.ext_id || ' ' || t.position || ' ' || sy.name FROM assignment a JOIN response r ON r.id = a.response_id
	JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id
	ORDER BY a.seq LIMIT 1")
set -- $item
conv=$1 turn=$2 sys=$3

check_run "label --round writes while the round is open" 0 "" \
	$CONVQA label -r alice --round r1 -c "$conv" -n "$turn" -s "$sys" answer_correct 1

before=$(q "SELECT max(id) FROM label")

hold_write_lock "$T/p.db"

$CONVQA label -r alice --round r1 -c "$conv" -n "$turn" -s "$sys" answer_correct 0 >label.out 2>label.err &
lp=$!
# label waits for the lock in SQLite's busy handler (a sleep): by then it
# has read the round (open) if it reads it before taking the lock
i=0
while [ $i -lt 100 ]; do
	grep -q nanosleep "/proc/$lp/wchan" 2>/dev/null && break
	[ -r "/proc/$lp/wchan" ] || { sleep 2; break; }   # no /proc: give it time
	sleep 0.1
	i=$((i + 1))
done
release_write_lock "UPDATE round SET status = 'closed', closed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE name = 'r1';
DELETE FROM setting WHERE key = 'lock-test'; COMMIT;"
wait $lp
rc=$?
check_eq "the close committed while label waited" "closed|" "$(q "SELECT status FROM round WHERE name = 'r1'")|$(cat "$T/lock.out")"
check_eq "label then refuses the label: the round is closed (exit 2)" \
	"2|convqa: round 'r1' is closed (a coordinator reopens it with: convqa round reopen r1)" \
	"$rc|$(cat label.err)"
check_eq "no label was written after the close (by row id; by time too), the value saved before stays" "0|0|1" \
	"$(q "SELECT count(*) FROM label WHERE id > $before")|$(q "SELECT count(*) FROM label l JOIN round ro ON ro.id = l.round_id WHERE l.created_at > ro.closed_at")|$(q "SELECT group_concat(value) FROM label")"
done_testing
