#!/bin/sh
# A --rater the project does not have, in a project that has raters (a
# typo, often): the first screen names the project's raters; a session that
# saves nothing adds nobody (the name was listed by rater list afterwards
# with 0 labels); one that saves keeps the rater. The first rater of a
# project is welcomed as before.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
export CONVQA_NOW=2031-02-03T04:05:06Z CONVQA_DB="$T/p.db"
ui_project "$T/p.db" "$SAMPLES/demo.json"
q() { sqlite3 "$T/p.db" "$1"; }

ui_run "$T/p.db" --rater alice <<'KEYS'
esc
:save-screen first
q
KEYS
check_ran "the first rater of a project"
check_rows "is welcomed" first 24 24 <<'EOF'
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_eq "   and, having saved nothing, not added" "" "$(q "SELECT name FROM rater")"

for r in alice bob dan; do $CONVQA rater add $r >/dev/null; done
ui_run "$T/p.db" --rater alcie <<'KEYS'
esc
:save-screen typo
q
KEYS
check_ran "a name the project does not have"
check_rows "the first screen names the project's raters" typo 24 24 <<'EOF'
 new rater alcie; others: alice, bob, dan · q if mistyped       ? help · q quit
EOF
check_eq "quit without a label: no rater added" "alice bob dan" "$(q "SELECT group_concat(name, ' ') FROM (SELECT name FROM rater ORDER BY name)")"
# shown the guidelines first (a row says they saw them): still nobody added
printf '# How to judge\n\nRead the question first.\n' >"$T/g.md"
$CONVQA guidelines set "$T/g.md" >/dev/null
ui_run "$T/p.db" --rater alcie <<'KEYS'
:save-screen guide
q
q
KEYS
check_ran "a name the project does not have, shown the guidelines"
check_eq "   (the guidelines were shown)" 1 "$(grep -c 'How to judge' "$T/screens/guide")"
check_eq "quit without a label: no rater added, nor what they were shown" "alice bob dan|0" \
	"$(q "SELECT group_concat(name, ' ') FROM (SELECT name FROM rater ORDER BY name)")|$(q "SELECT count(*) FROM guidelines_seen")"
ui_run "$T/p.db" --rater eve <<'KEYS'
esc
c
q
KEYS
check_ran "a new rater who saves"
check_eq "is kept, with the label" "eve|1" \
	"$(q "SELECT r.name, count(l.id) FROM rater r JOIN label l ON l.rater_id = r.id WHERE r.name = 'eve'")"
done_testing
