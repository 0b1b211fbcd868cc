#!/bin/sh
# A project made by the release before judgement units (user_version 2,
# commit 0a774eb; tests/fixtures/project_v2.db, built from the task file at
# the end of this comment with that release's convqa label) migrates to
# units: per-system relevance of one (turn, passage) and per-system intents
# of one turn become one unit per rater whose latest label is current, the
# history is kept row for row, and a rater whose judgements of each unit
# agreed everywhere (carol) gets the same report numbers as before
# (tests/fixtures/project_v2_report_carol.csv: that release's report).
#   c1/1: sysA ranks p1 p2, sysB ranks p3 p1;  c1/2: sysA ranks p4, sysB p4 p2
#   alice: p1 relevant on sysA, then not relevant on sysB (later); intent of
#          c1/2 abstractive on sysA, then extractive on sysB
#   bob:   sysA only;  carol: every unit the same wherever it appears
. "$CONVQA_TOP/tests/lib.sh"
cp "$CONVQA_TOP/tests/fixtures/project_v2.db" "$T/p.db"
export CONVQA_DB="$T/p.db"
q() { sqlite3 "$T/p.db" "$1"; }
check_eq "the fixture is a version 2 project" 2 "$(q 'PRAGMA user_version')"
rows_before=$(q 'SELECT count(*) FROM label')

run $CONVQA info
check_eq "info opens it (and migrates it)" 0 "$rc"
check_eq "it is a version 4 project now" 4 "$(q 'PRAGMA user_version')"
check_eq "every label row is kept (history)" "$rows_before" "$(q 'SELECT count(*) FROM label')"
check_eq "the fixed fields map onto units" "answer_correct|response
intent|turn
note|response
plausibility|response
relevant|passage" "$(q 'SELECT DISTINCT field, unit FROM label ORDER BY field')"

current="SELECT count(*) FROM label l WHERE l.id = (SELECT max(x.id) FROM label x WHERE x.turn_id = l.turn_id
  AND x.rater_id = l.rater_id AND x.round_id IS l.round_id AND x.task = l.task AND x.field = l.field
  AND x.unit = l.unit AND x.unit_ref = l.unit_ref)"
check_eq "alice: one current relevance per (turn, passage): p1 p2 p3 of c1/1, p4 p2 of c1/2" 5 \
	"$(q "$current AND l.field = 'relevant' AND l.rater_id = (SELECT id FROM rater WHERE name = 'alice')")"
check_eq "alice: one current intent per turn" 2 \
	"$(q "$current AND l.field = 'intent' AND l.rater_id = (SELECT id FROM rater WHERE name = 'alice')")"

# the latest label of a unit is current, wherever it was given
run $CONVQA export --rater alice --task turn
check_eq "alice's current p1 judgement is her later one, given on sysB: not relevant" \
	'"system": "sysB"|"value": 0' \
	"$(grep '"passage": "p1"' "$T/out" | grep -o '"system": "sys."\|"value": [01]' | paste -sd'|')"
check_eq "alice's current intent of c1/2 is her later one, given on sysB" '"value": "extractive"' \
	"$(grep '"turn": 2' "$T/out" | grep '"field": "intent"' | grep -o '"value": "[a-z]*"' | paste -sd'|')"

# the report of a rater with no conflicting judgements is unchanged
run $CONVQA report --raters carol --only answers,retrieval,automatic --format csv
grep -v '^meta,' "$T/out" > "$T/new.csv"
grep -v '^meta,' "$CONVQA_TOP/tests/fixtures/project_v2_report_carol.csv" > "$T/old.csv"
if [ "$rc" = 0 ] && cmp -s "$T/old.csv" "$T/new.csv"; then
	ok "carol's answers, retrieval and automatic figures are those of the previous release"
else
	not_ok "carol's answers, retrieval and automatic figures are those of the previous release" \
		"$(diff "$T/old.csv" "$T/new.csv" | head -20)"
fi

# labelling goes on in units
run $CONVQA label -r alice -c c1 -n 1 -s sysA -k 1 relevant 1
check_eq "a new label on sysA's p1" 0 "$rc"
check_eq "is alice's current p1 judgement for both systems" 1 \
	"$(q "$current AND l.field = 'relevant' AND l.value = '1' AND l.turn_id = (SELECT turn_id FROM response
	      WHERE id = l.response_id) AND l.unit_ref = (SELECT id FROM passage WHERE ext_id = 'p1')
	      AND l.rater_id = (SELECT id FROM rater WHERE name = 'alice')")"
done_testing
