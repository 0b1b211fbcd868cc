#!/bin/sh
# The pair screen opens at once while another process holds the project's
# write lock (an import, a sqlite3 shell): what a rater finished is read as
# kept, never waited for (the write lock's busy timeout is two minutes).
# Saving still needs the lock, so the script only looks and quits.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
export CONVQA_NOW=2031-02-03T04:05:06Z CONVQA_DB="$T/p.db"
ui_pair_project
ui_run "$T/p.db" --rater alice --round ab <<'KEYS'
esc
a
q
KEYS
check_ran "a first session saves one preference"

hold_write_lock "$T/p.db" 5000

start=$(date +%s)
ui_run "$T/p.db" --rater alice --round ab <<'KEYS'
:save-screen busy
q
KEYS
took=$(( $(date +%s) - start ))
check_ran "annotate opens the pair screen while another process holds the write lock"
if [ "$took" -lt 20 ]; then ok "it did not wait for the lock (${took} s)"; else
	not_ok "it did not wait for the lock" "took ${took} s"; fi
if grep -q "1 of .* done\|1 done" "$T/screens/busy"; then ok "the pair finished before is counted as done"; else
	not_ok "the pair finished before is counted as done" "$(cat "$T/screens/busy")"; fi

release_write_lock
done_testing
