#!/bin/sh
# A project made by the release before judgement units (user_version 2,
# commit 0a774eb) migrates to units: per-system relevance of one (turn,
# passage) and per-system intents of one turn become one unit per rater whose
# latest label is current, the history is kept row for row, a clear given on
# one system does not hide a value still standing on another, and a rater
# whose judgements of each unit agreed everywhere (carol) gets the same
# report numbers as before (tests/fixtures/project_v2_report_carol.csv: that
# release's report).
#   c1/1: sysA ranks p1 p2, sysB ranks p3 p1;  c1/2: sysA ranks p4, sysB p4 p2
#   alice: p1 relevant on sysA, then not relevant on sysB (later); intent of
#          c1/2 abstractive on sysA, then extractive on sysB
#   bob:   sysA only;  carol: every unit the same wherever it appears
#   dave:  p1 relevant on sysA, then on sysB not relevant and cleared; intent
#          of c1/2 abstractive on sysA, then on sysB extractive and cleared;
#          p2 of c1/1 relevant on sysA and cleared
# tests/fixtures/project_v2.db and project_v2_report_carol.csv are made by
# that release from project_v2_tasks.json and the convqa label commands in
# project_v2_make.sh:
#   git worktree add --detach /tmp/old 0a774eb && make -C /tmp/old -j2
#   sh tests/fixtures/project_v2_make.sh /tmp/old/convqa
#   git worktree remove --force /tmp/old
#   git add -f tests/fixtures/project_v2.db    (*.db is ignored)
. "$CONVQA_TOP/tests/lib.sh"
cp "$CONVQA_TOP/tests/fixtures/project_v2.db" "$T/p.db"
export CONVQA_DB="$T/p.db"
q() { sqlite3 "$T/p.db" "$1"; }
check_eq "the fixture is a version 2 project" 2 "$(q 'PRAGMA user_version')"
cols='id, response_id, rater_id, round_id, task, field, passage_rank, value, seconds, created_at'
rows_before=$(q "SELECT $cols FROM label ORDER BY id")
last_v2=$(q 'SELECT max(id) FROM label')

run $CONVQA info
check_eq "info opens it (and migrates it)" 0 "$rc"
check_eq "it is a version 12 project now" 12 "$(q 'PRAGMA user_version')"
check_eq "every label row is kept (history)" "$rows_before" \
	"$(q "SELECT $cols FROM label WHERE id <= $last_v2 ORDER BY id")"
# a copy of a row: the same place, value and time, 0 seconds
copy_of="SELECT count(*) FROM label o WHERE o.id <= $last_v2 AND o.response_id = n.response_id
  AND o.rater_id = n.rater_id AND o.round_id IS n.round_id AND o.task = n.task AND o.field = n.field
  AND o.passage_rank = n.passage_rank AND o.value = n.value AND o.created_at = n.created_at"
check_eq "the rows added are copies of the values dave's clears on sysB would hide, 0 seconds each" \
	"dave|relevant|1|1|0.0|1
dave|intent|0|abstractive|0.0|1" \
	"$(q "SELECT r.name, n.field, n.passage_rank, n.value, n.seconds, ($copy_of)
	      FROM label n JOIN rater r ON r.id = n.rater_id WHERE n.id > $last_v2 ORDER BY n.id")"
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

# a clear takes back only what it took back before: dave's value on sysA
# stands, and what he cleared where he gave it stays cleared (p2)
run $CONVQA export --rater dave --task turn
check_eq "dave's current labels: p1 relevant and the intent of c1/2 abstractive, both as given on sysA" \
	'"turn": 1|"system": "sysA"|"field": "relevant"|"value": 1|"passage": "p1"
"turn": 2|"system": "sysA"|"field": "intent"|"value": "abstractive"' \
	"$(grep '"rater": "dave".*"field"' "$T/out" | while read -r l; do
		printf '%s\n' "$l" | grep -o '"turn": [0-9]\|"system": "[^"]*"\|"field": "[^"]*"\|"value": [^,]*\|"passage": "[^"]*"' |
			paste -sd'|'
	done)"
run $CONVQA report --raters dave --only retrieval --format csv
check_eq "dave's p1 counts for both systems' rankings (sysB ranks it 2nd)" \
	"retrieval,by_system,system,sysA,mrr,1,1,,,ok
retrieval,by_system,system,sysB,mrr,0.5,1,,,ok" "$(grep '^retrieval,by_system,.*,mrr,' "$T/out" | tr -d '\r')"

# values standing on two systems after a clear on a third: the latest by
# id is current, as between any two values of a unit (rows written as the
# previous release stored them: its label command takes no third system
# in this fixture)
cp "$CONVQA_TOP/tests/fixtures/project_v2.db" "$T/c.db"
sqlite3 "$T/c.db" "INSERT INTO system(name) VALUES ('sysC');
	INSERT INTO response(turn_id, system_id, answer) VALUES (1, (SELECT id FROM system WHERE name = 'sysC'), 'Fresnel');
	INSERT INTO retrieved(response_id, rank, passage_id) VALUES ((SELECT max(id) FROM response), 1, 1);
	INSERT INTO rater(name) VALUES ('erin');
	INSERT INTO label(response_id, rater_id, task, field, passage_rank, value, seconds, created_at)
	SELECT r, (SELECT id FROM rater WHERE name = 'erin'), 'turn', 'relevant', k, v, 2, t FROM (
		SELECT 1 AS r, 1 AS k, '1' AS v, '2026-01-01T00:00:01.000Z' AS t
		UNION ALL SELECT (SELECT max(id) FROM response), 1, '0', '2026-01-01T00:00:02.000Z'
		UNION ALL SELECT 2, 2, '1', '2026-01-01T00:00:03.000Z'
		UNION ALL SELECT 2, 2, NULL, '2026-01-01T00:00:04.000Z') ORDER BY t"
run $CONVQA --db "$T/c.db" export --rater erin --task turn
check_eq "erin: p1 relevant on sysA, not relevant on sysC, relevant and cleared on sysB: not relevant (sysC's)" \
	'"system": "sysC"|"value": 0|"timestamp": "2026-01-01T00:00:02.000Z"' \
	"$(grep '"passage": "p1"' "$T/out" | grep -o '"system": "sys."\|"value": [01]\|"timestamp": "[^"]*"' | paste -sd'|')"

# the report of a rater with no conflicting judgements is unchanged (the
# tables against the gold passages and the automatic metrics by turn depth
# came later: left out)
run $CONVQA report --raters carol --only answers,retrieval,automatic --format csv
grep -v '^meta,\|^retrieval,gold,\|^retrieval,gold_by_turn,\|^automatic,by_turn,' "$T/out" > "$T/new.csv"
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
