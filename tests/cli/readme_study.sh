#!/bin/sh
# The README's study walk-through, run as it is written: every line between
# the marker "<!-- study walk-through -->" and the end of its code block is
# a command. The raters' annotate sessions read their keys from a script
# (CONVQA_SCRIPT): intent, correct, the rest of the passages not relevant,
# next - so every item of their queues is labelled; only bob, in round 2,
# says incorrect (x) where alice said correct. Then the agreement covers
# exactly the conversations both raters labelled, the adjudicator walks the
# disagreements of round 2 over both rounds (settling each answer correct:
# the same keys) and the report takes the values settled.
. "$CONVQA_TOP/tests/lib.sh"
README="$CONVQA_TOP/README.md"
ln -s "$CONVQA_TOP/sample_tasks" sample_tasks
awk '/<!-- study walk-through -->/ { on = 1; next } on && /^```/ { if (seen) exit; seen = 1; next } on && seen' \
	"$README" | sed 's/[[:space:]]*#.*$//' >study.sh
check_eq "the README has the walk-through" "22" "$(grep -c . study.sh)"
{ echo esc; i=0; while [ $i -lt 80 ]; do printf 'e\nc\n-\nn\n'; i=$((i + 1)); done; } >keys
sed 's/^c$/x/' keys >keys-bob-r2
# "convqa" is the binary under test; each command's status is checked
sed 's/^convqa /run_ "$CONVQA" /' study.sh >study.run
run_() {
	case "$*" in
	*"annotate --rater bob --round r2") export CONVQA_SCRIPT="$T/keys-bob-r2" ;;
	*) export CONVQA_SCRIPT="$T/keys" ;;
	esac
	"$@" >>study.out 2>>study.err || echo "failed ($?): $*" >>failures
	case "$*" in *adjudicate*) tail -n 1 study.out >adjudicated ;; esac
}
. ./study.run
unset CONVQA_SCRIPT
check_eq "every command of the walk-through succeeds" "" "$(cat failures 2>/dev/null)"
q() { sqlite3 "$T/study.db" "$1"; }
turns=$(q "SELECT count(*) FROM turn t WHERE t.conversation_id IN (SELECT DISTINCT t2.conversation_id FROM assignment a JOIN response r ON r.id = a.response_id JOIN turn t2 ON t2.id = r.turn_id)")
check_eq "4 conversations were labelled by both raters" "4|4" \
	"$(q "SELECT count(DISTINCT t.conversation_id) FROM label l JOIN turn t ON t.id = l.turn_id JOIN rater ra ON ra.id = l.rater_id WHERE ra.name = 'alice' AND l.task = 'turn'")|$(q "SELECT count(DISTINCT t.conversation_id) FROM label l JOIN turn t ON t.id = l.turn_id JOIN rater ra ON ra.id = l.rater_id WHERE ra.name = 'bob' AND l.task = 'turn'")"
run "$CONVQA" agreement --db study.db --field intent -f csv
check_grep "the agreement on intent counts every turn of those conversations once" \
	"^agreement,intent,raters,alice / bob,kappa,[^,]*,$turns," "$T/out"
check_grep "closing round 2 printed its agreement over both rounds" \
	"round r2 swapped the items of round r1: the agreement is over both" study.out
check_grep "and the --min-kappa check: bob's round 2 lowers answer_correct" \
	"^answer_correct: alice / bob kappa .* below 0.6" study.out
# the units alice judged correct in round 1 and bob incorrect in round 2
disputed=$(q "SELECT count(*) FROM label a JOIN label b ON b.response_id = a.response_id AND b.field = a.field
	JOIN round ra ON ra.id = a.round_id JOIN round rb ON rb.id = b.round_id
	WHERE a.field = 'answer_correct' AND ra.name = 'r1' AND rb.name = 'r2' AND a.value = '1' AND b.value = '0'
	AND a.rater_id = (SELECT id FROM rater WHERE name = 'alice') AND b.rater_id = (SELECT id FROM rater WHERE name = 'bob')")
check_eq "adjudicating round 2 compared it with round 1 and settled each disagreement" \
	"round 'r2' (over both rounds: it swapped the items of round 'r1'): $disputed of $disputed disagreements settled by dan" \
	"$(cat adjudicated)"
check_eq "the values settled are dan's labels in round 2" "$disputed" \
	"$(q "SELECT count(*) FROM label l JOIN round r ON r.id = l.round_id JOIN rater ra ON ra.id = l.rater_id WHERE ra.name = 'dan' AND r.name = 'r2' AND l.field = 'answer_correct' AND l.value = '1'")"
check_grep "the report was written" "Answers" report.txt
check_grep "and takes the values settled" "Values settled by an adjudicator: $disputed\." report.txt
check_grep "so no answer is left without consensus" "Items without consensus on answer_correct: 0 " report.txt
check_grep "the pairwise round's preferences came out by system (alice's e: ties)" \
	"^demo-[a-z]*,[0-9]*,bm25-t5,dense-llm,tie,alice,[a-z0-9-]*,[0-9.]*" prefs.csv
done_testing
