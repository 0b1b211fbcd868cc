#!/bin/sh
# A project made by the release before data known in part (user_version 4,
# commit 8b639dd: tests/fixtures/project_v4.db, made by
# tests/fixtures/project_v4_make.sh) migrates to version 5 (then 6): turns, passages,
# gold passages, responses and labels are kept row for row with their ids,
# the full-text index still finds the passages, the gold passages get grade
# 1, and the project then takes what version 5 adds (a turn without a
# question, a passage known by id only, grades, a system's rewrite); it
# goes on to version 6 (imported scores: an empty table response_score,
# then filled by convqa import-scores) and 7 (what raters finished:
# item_done, filled when a queue opens).
. "$CONVQA_TOP/tests/lib.sh"
cp "$CONVQA_TOP/tests/fixtures/project_v4.db" "$T/p.db"
export CONVQA_DB="$T/p.db"
q() { sqlite3 "$T/p.db" "$1"; }
check_eq "the fixture is a version 4 project" 4 "$(q 'PRAGMA user_version')"
rows() {
	q "SELECT id, conversation_id, position, question, quote(rewrite), quote(gold_intent), quote(metadata), import_id
	   FROM turn ORDER BY id;
	   SELECT id, ext_id, quote(title), quote(url), text, import_id FROM passage ORDER BY id;
	   SELECT turn_id, passage_ext FROM gold_passage ORDER BY 1, 2;
	   SELECT turn_id, seq, text FROM gold_answer ORDER BY 1, 2;
	   SELECT id, turn_id, system_id, answer, import_id FROM response ORDER BY id;
	   SELECT * FROM retrieved ORDER BY 1, 2;
	   SELECT * FROM label ORDER BY id"
}
before=$(rows)
run $CONVQA info
check_eq "info opens it (and migrates it)" 0 "$rc"
check_eq "it is a version 12 project now" 12 "$(q 'PRAGMA user_version')"
check_eq "every row is kept, with its id" "$before" "$(rows)"
check_eq "version 6: no imported score yet" 0 "$(q 'SELECT count(*) FROM response_score')"
check_eq "version 7: nothing finished recorded yet" "0|0" \
	"$(q 'SELECT (SELECT count(*) FROM item_done), (SELECT count(*) FROM item_done_mark)')"
check_eq "version 8: no pairs yet, the labels keep their indexes and triggers (version 12: two more)" "0|0|0|4|4" \
	"$(q "SELECT (SELECT count(*) FROM pair), (SELECT count(*) FROM pair_assignment), (SELECT count(*) FROM pair_same),
	      (SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'label'),
	      (SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'label')")"
check_eq "version 10: the responses have no answer candidates yet" "$(q 'SELECT count(*) FROM response')|0" \
	"$(q 'SELECT count(*), count(candidates) FROM response')"
check_eq "the gold passages have grade 1" "1|2" "$(q 'SELECT DISTINCT grade, count(*) FROM gold_passage')"
check_eq "the full-text index finds a passage by a word of it (and is whole)" "p4" \
	"$(q "SELECT p.ext_id FROM passage_fts f JOIN passage p ON p.id = f.rowid WHERE passage_fts MATCH 'fourth';
	      INSERT INTO passage_fts(passage_fts) VALUES ('integrity-check')" | paste -sd'|')"
run $CONVQA check
check_eq "check finds nothing wrong (the schema is this convqa's)" 0 "$rc"
run $CONVQA export --rater alice --format csv
check_eq "alice's two labels are exported" 2 "$(tail -n +2 "$T/out" | wc -l | tr -d ' ')"

cat >more.json <<'EOF2'
{"format": "convqa-tasks", "version": 1,
 "collection": [{"id": "p9"}],
 "conversations": [{"id": "c1", "turns": [{"n": 7, "question": null,
   "gold": {"passages": [{"id": "p9", "grade": 3}]},
   "responses": [{"system": "sysA", "answer": "a", "rewrite": "r?", "passages": [{"rank": 1, "id": "p9"}]}]}]}]}
EOF2
run $CONVQA import more.json
check_eq "then it takes what version 5 adds" \
	"0|more.json: added 0 conversations, 1 turn, 1 response, 1 passage, 0 systems (in the project already: 1 conversation, 1 system)|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
check_eq "turn 7 without question, p9 id only, grade 3, the rewrite" "7|NULL|NULL|3|r?" \
	"$(q "SELECT t.position, quote(t.question), quote(p.text), g.grade, r.rewrite FROM turn t
	      JOIN gold_passage g ON g.turn_id = t.id JOIN passage p ON p.ext_id = g.passage_ext
	      JOIN response r ON r.turn_id = t.id WHERE t.position = 7")"
printf 'conversation,turn,system,judge\nc1,7,sysA,0.25\n' >scores.csv
run $CONVQA import-scores scores.csv --column judge
check_eq "then it takes what version 6 adds: an imported score" "0|sysA|7|judge|0.25" \
	"$rc|$(q "SELECT sy.name, t.position, s.name, s.value FROM response_score s JOIN response r ON r.id = s.response_id
	      JOIN turn t ON t.id = r.turn_id JOIN system sy ON sy.id = r.system_id")"
done_testing
