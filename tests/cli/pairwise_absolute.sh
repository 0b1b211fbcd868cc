#!/bin/sh
# The report's pairwise section against the absolute labels (issue 22):
# where both answers of a preference have a correctness label, the table
# "absolute" counts the decided preferences whose winner is the more
# correct answer, with the Wilson interval of that share and Kendall's
# tau-b, on the hand-worked case of test_metrics_pairwise.c; without
# correctness labels there is no such table. The preferences are written
# as the arena stores them (outside rounds): pairs cannot be imported.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
q() { sqlite3 "$T/p.db" "$1"; }

pairwise_project 7 s1 s2
$CONVQA rater add alice >/dev/null
# conversation, preference (a: s1, b: s2), s1's and s2's correctness ("-": none)
pref() {
	pairwise_pair "$1" s1 s2
	pairwise_label alice - "$1" "$2"
	[ "$3" = - ] || $CONVQA label -r alice -c "$1" -n 1 -s s1 answer_correct "$3" >/dev/null
	[ "$4" = - ] || $CONVQA label -r alice -c "$1" -n 1 -s s2 answer_correct "$4" >/dev/null
}
absolute() { python3 -c 'import json,sys
t = json.load(open(sys.argv[1]))["sections"]["pairwise:preference"]["tables"]
print(json.dumps(t.get("absolute"), sort_keys=True))' "$1"; }

# the section's note that says why the table is absent
why() { python3 -c 'import json,sys
s = json.load(open(sys.argv[1]))["sections"]["pairwise:preference"]
print("".join(n for n in s["notes"] if n.startswith("No table against")))' "$1"; }

pref c1 a - -
run $CONVQA report --format json -o "$T/r0.json"
check_eq "without correctness labels there is no table against them" "0|null" "$rc|$(absolute "$T/r0.json")"
check_eq "a note under the section says why" \
	"No table against the absolute correctness labels: no answer has a correctness label (a field of role correctness, such as answer_correct)." \
	"$(why "$T/r0.json")"
$CONVQA label -r alice -c c1 -n 1 -s s1 answer_correct 1 >/dev/null   # one answer of the pair only
run $CONVQA report --format json -o "$T/r1.json"
check_eq "one answer labelled: still no table, and the note says both are wanted" \
	"0|null|No table against the absolute correctness labels: no judgement has both answers labelled for correctness (answer_correct) in the report's layer." \
	"$rc|$(absolute "$T/r1.json")|$(why "$T/r1.json")"

pref c2 a 1 0   # preferred the more correct
pref c3 a 1 1   # equally correct
pref c4 b 0 1   # preferred the more correct
pref c5 b 1 0   # preferred the less correct
pref c6 tie 1 0 # not decided
pref c7 a 1 0   # preferred the more correct
run $CONVQA report --format json -o "$T/r.json"
check_eq "the report runs" 0 "$rc"
check_eq "the counts, the agreement 3/4 with its Wilson interval and tau-b 2/sqrt(99)" \
"field preference n=6: decided 5, agree 3, disagree 1, level 1, agreement 0.750 [0.301, 0.954] n=4, tau_b 0.201 n=6" \
	"$(python3 -c 'import json,sys
t = json.load(open(sys.argv[1]))["sections"]["pairwise:preference"]["tables"]["absolute"]
r = t["rows"][0]; c = r["cells"]
print("field %s n=%d: decided %d, agree %d, disagree %d, level %d, agreement %.3f [%.3f, %.3f] n=%d, tau_b %.3f n=%d" % (
    r["group"], r["n"], c["decided"]["count"], c["agree"]["count"], c["disagree"]["count"], c["level"]["count"],
    c["agreement"]["value"], c["agreement"]["ci95"][0], c["agreement"]["ci95"][1], c["agreement"]["n"], c["tau_b"]["value"],
    c["tau_b"]["n"]))' "$T/r.json" 2>&1)"
run $CONVQA report
check_grep "the text report has the table and its convention" "Preference against the absolute correctness labels" "$T/out"
check_grep "the note says what agreement is" "the share where the preferred answer has the" "$T/out"
run $CONVQA report --format html -o "$T/r.html"
check_grep "the HTML report has the table" "Preference against the absolute correctness labels" "$T/r.html"

# --only preferences reads the layer it needs: the same table
run $CONVQA report --only preferences --format json -o "$T/only.json"
check_eq "--only preferences has the same table" "0|$(absolute "$T/r.json")" "$rc|$(absolute "$T/only.json")"
check_eq "and no note of its absence" "" "$(why "$T/only.json")"
# --task pairwise alone leaves the correctness labels out: the note says which task to add
run $CONVQA report --task pairwise --format json -o "$T/task.json"
check_eq "--task pairwise: no table, the note names the task to add" \
	"0|null|No table against the absolute correctness labels: --task leaves out task turn, whose field answer_correct holds the correctness labels (add it: --task ...,turn)." \
	"$rc|$(absolute "$T/task.json")|$(why "$T/task.json")"
run $CONVQA report --task pairwise,turn --format json -o "$T/task2.json"
check_eq "--task pairwise,turn has the table" "0|$(absolute "$T/r.json")" "$rc|$(absolute "$T/task2.json")"
run $CONVQA report --task pairwise
check_grep "the text report shows the note under the section" "No table against the absolute correctness labels: --task leaves out task" "$T/out"
done_testing
