#!/bin/sh
# The answers of a turn come in an order of the rater's own (issue 17): a
# rater cannot tell a system by its place (the first answer of the next
# turn is another system's), and the order stays: a new rater's first
# session, the next session (resume) and undo show each turn's answers in
# the same order.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
cat >"$T/four.json" <<'EOF'
{"format": "convqa-tasks", "version": 1,
 "systems": [{"id": "s1"}, {"id": "s2"}, {"id": "s3"}, {"id": "s4"}],
 "collection": [{"id": "p1", "title": "Bees", "text": "Honeybees dance to tell where flowers are."}],
 "conversations": [{"id": "bees", "turns": [
   {"question": "Why do bees dance?", "responses": [
     {"system": "s1", "answer": "answer one of s1", "passages": [{"rank": 1, "id": "p1"}]},
     {"system": "s2", "answer": "answer one of s2", "passages": [{"rank": 1, "id": "p1"}]},
     {"system": "s3", "answer": "answer one of s3", "passages": [{"rank": 1, "id": "p1"}]},
     {"system": "s4", "answer": "answer one of s4", "passages": [{"rank": 1, "id": "p1"}]}]},
   {"question": "Where to?", "responses": [
     {"system": "s1", "answer": "answer two of s1", "passages": [{"rank": 1, "id": "p1"}]},
     {"system": "s2", "answer": "answer two of s2", "passages": [{"rank": 1, "id": "p1"}]},
     {"system": "s3", "answer": "answer two of s3", "passages": [{"rank": 1, "id": "p1"}]},
     {"system": "s4", "answer": "answer two of s4", "passages": [{"rank": 1, "id": "p1"}]}]}]}]}
EOF
ui_project p.db "$T/four.json"

# the answer on screen FILE: the row under its heading
answer() {
	awk 'shown { print; exit } /^── Answer / { shown = 1 }' "$1"
}

# the systems of the 8 items' answers, as the screens NAME1..NAME8 show them
order() {
	for i in 1 2 3 4 5 6 7 8; do answer "$T/screens/$1$i" | sed 's/.* of //'; done | tr '\n' ' '
}

# carol has no row in the project until her first label
ui_run p.db --rater carol <<'EOF'
esc
:save-screen first1
n
:save-screen first2
n
:save-screen first3
n
:save-screen first4
c
n
:save-screen first5
n
:save-screen first6
n
:save-screen first7
n
:save-screen first8
EOF
check_ran "carol's first session runs"
first=$(order first)
check_eq "each turn's four answers, once each" "s1 s1 s2 s2 s3 s3 s4 s4" "$(echo $first | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')"
t1=$(echo $first | cut -d' ' -f1-4)
t2=$(echo $first | cut -d' ' -f5-8)
check_eq "the first answers of the two turns are of different systems" "different" \
	"$([ "${t1%% *}" != "${t2%% *}" ] && echo different || echo "both $t1 / $t2")"

ui_run p.db --rater carol <<'EOF'
:save-screen again1
n
:save-screen again2
n
:save-screen again3
n
:save-screen again4
n
:save-screen again5
n
:save-screen again6
n
:save-screen again7
n
:save-screen again8
p
p
p
p
p
p
p
u
:save-screen undone
EOF
check_ran "carol's second session runs"
check_eq "resumed, the answers come in the same order" "$first" "$(order again)"
check_rows "undo goes to the item of the change: the fourth" undone 1 1 <<'EOF'
 convqa · p.db · rater carol · task turn           item 4/8 [----------] 0 done
EOF
check_eq "which shows the answer it showed when the label was given" \
	"$(answer "$T/screens/first4")" "$(answer "$T/screens/undone")"
check_eq "the order is carol's: dave's differs" "different" "$(
	ui_run p.db --rater dave <<'EOF'
esc
:save-screen dave1
n
:save-screen dave2
n
:save-screen dave3
n
:save-screen dave4
n
:save-screen dave5
n
:save-screen dave6
n
:save-screen dave7
n
:save-screen dave8
EOF
	[ "$(order dave)" != "$first" ] && echo different || echo "the same: $first")"
done_testing
