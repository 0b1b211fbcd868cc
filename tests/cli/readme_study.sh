#!/bin/sh
# The README's study walk-through, run as it is written: every line between
# the marker "<!-- study walk-through -->" and the end of its code block is
# a command. The raters' annotate sessions read their keys from a script
# (CONVQA_SCRIPT): intent, correct, the rest of the passages not relevant,
# next - so every item of their queues is labelled. Then the agreement
# covers exactly the conversations both raters labelled.
. "$CONVQA_TOP/tests/lib.sh"
README="$CONVQA_TOP/README.md"
ln -s "$CONVQA_TOP/sample_tasks" sample_tasks
printf '# Guidelines\n\nJudge the answer against the passages.\n' >guidelines.md
awk '/<!-- study walk-through -->/ { on = 1; next } on && /^```/ { if (seen) exit; seen = 1; next } on && seen' \
	"$README" | sed 's/[[:space:]]*#.*$//' >study.sh
check_eq "the README has the walk-through" "18" "$(grep -c . study.sh)"
{ echo esc; i=0; while [ $i -lt 80 ]; do printf 'e\nc\n-\nn\n'; i=$((i + 1)); done; } >keys
# "convqa" is the binary under test; each command's status is checked
sed 's/^convqa /run_ "$CONVQA" /' study.sh >study.run
run_() { "$@" >>study.out 2>>study.err || echo "failed ($?): $*" >>failures; }
export CONVQA_SCRIPT="$T/keys"
. ./study.run
unset CONVQA_SCRIPT
check_eq "every command of the walk-through succeeds" "" "$(cat failures 2>/dev/null)"
q() { sqlite3 "$T/study.db" "$1"; }
turns=$(q "SELECT count(*) FROM turn t WHERE t.conversation_id IN (SELECT DISTINCT t2.conversation_id FROM assignment a JOIN response r ON r.id = a.response_id JOIN turn t2 ON t2.id = r.turn_id)")
check_eq "4 conversations were labelled by both raters" "4|4" \
	"$(q "SELECT count(DISTINCT t.conversation_id) FROM label l JOIN turn t ON t.id = l.turn_id JOIN rater ra ON ra.id = l.rater_id WHERE ra.name = 'alice'")|$(q "SELECT count(DISTINCT t.conversation_id) FROM label l JOIN turn t ON t.id = l.turn_id JOIN rater ra ON ra.id = l.rater_id WHERE ra.name = 'bob'")"
run "$CONVQA" agreement --db study.db --field intent -f csv
check_grep "the agreement on intent counts every turn of those conversations once" \
	"^agreement,intent,raters,alice / bob,kappa,[^,]*,$turns," "$T/out"
check_grep "closing round 2 printed its agreement and the --min-kappa check" "every rater pair's kappa is at least 0.6" study.out
check_grep "the report was written" "Answers" report.txt
done_testing
