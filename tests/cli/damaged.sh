#!/bin/sh
# A damaged project: copies of one healthy project, each damaged in one way
# a SQLite tool, a crash or a disk can damage it (a dropped index, a NULL
# where the schema allows none, a reference to a row that is gone, a label
# the rules would never have let in, a truncated file, ...).
#   convqa check    says what is wrong, one line per problem naming the table
#                   and the row, and exits 3 (0 and "ok: ..." when healthy)
#   report, agreement  never crash: exit 3 with "damaged project" and the
#                   row, or the healthy project's report when the damage
#                   does not touch what they read
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_NOW=2026-01-02T03:04:05.000Z

# ---- the healthy project -------------------------------------------------------------
# labels 1-6 plausibility in r1 (closed), 7-8 outside rounds on demo-rosetta
# turn 1 (response 17, turn 9), 9-12 likert-4pt in r2 (open)
mkdir healthy && cd healthy || exit 1
export CONVQA_DB=p.db
$CONVQA init >/dev/null
$CONVQA import -q "$CONVQA_TOP/sample_tasks/demo.json"
$CONVQA scheme add "$CONVQA_TOP/sample_tasks/schemes/likert-4pt.json" >/dev/null
for r in alice bob; do $CONVQA rater add $r >/dev/null; done
$CONVQA rater add dan --role adjudicator >/dev/null
$CONVQA round create r1 --task plausibility --raters alice,bob --overlap 2 --conversations 1 >/dev/null
$CONVQA round create r2 --task likert-4pt --raters alice,bob --overlap 2 --conversations 1 >/dev/null
for n in 1 2 3; do
	$CONVQA label -t plausibility --round r1 -r alice -c demo-lighthouse -n $n -s bm25-t5 plausibility plausible
	$CONVQA label -t plausibility --round r1 -r bob -c demo-lighthouse -n $n -s bm25-t5 plausibility implausible
done
$CONVQA label -r bob -c demo-rosetta -n 1 -s bm25-t5 intent boolean
$CONVQA label -r alice -c demo-rosetta -n 1 -s bm25-t5 answer_correct 1
for n in 1 2; do
	$CONVQA label -t likert-4pt --round r2 -r alice -c demo-lighthouse -n $n -s bm25-t5 completeness yes
	$CONVQA label -t likert-4pt --round r2 -r bob -c demo-lighthouse -n $n -s bm25-t5 completeness "mostly yes"
done
$CONVQA round close r1 >/dev/null
sqlite3 p.db "PRAGMA journal_mode = DELETE" >/dev/null   # one file to copy
check_eq "the healthy project: 12 labels, response 17 in turn 9" "12|9" \
	"$(sqlite3 p.db "SELECT count(*) FROM label"; )|$(sqlite3 p.db "SELECT turn_id FROM response WHERE id = 17")"
run $CONVQA check
check_eq "check on the healthy project: exit 0, one line saying so" \
	"0|ok: project 'p.db': schema version 12, 12 label rows, 3 raters, 2 rounds, 1 scheme: no problem found|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
$CONVQA report >"$T/report.healthy" 2>&1
$CONVQA agreement >"$T/agreement.healthy" 2>&1
$CONVQA agreement --round r2 >"$T/agreement-r2.healthy" 2>&1
cd "$T" || exit 1

# ---- the damage --------------------------------------------------------------------
LABEL_COLS="response_id, rater_id, round_id, task, field, passage_rank, value, seconds, created_at, unit, turn_id, unit_ref"
# label FILE VALUES: a label row as a SQLite tool adds it (no checks, no foreign keys): row 13
label() { sqlite3 "$1" "PRAGMA ignore_check_constraints = ON; INSERT INTO label($LABEL_COLS) VALUES ($2)"; }
# nullable FILE TABLE 'COLUMN TYPE': the schema's NOT NULL gone (PRAGMA writable_schema)
nullable() {
	sqlite3 "$1" "PRAGMA writable_schema = ON;
		UPDATE sqlite_schema SET sql = replace(sql, '$3 NOT NULL', '$3') WHERE name = '$2'"
}
at='2026-01-02T03:04:06.000Z'
damage() {
	f=$1/p.db
	mkdir "$1" && cp healthy/p.db "$f" || return 1
	case $1 in
	no_index) sqlite3 $f "DROP INDEX label_unit" ;;
	no_trigger) sqlite3 $f "DROP TRIGGER label_no_update" ;;
	null_label_task) nullable $f label "task TEXT"
		label $f "17, 1, NULL, NULL, 'answer_correct', 0, '0', 0, '$at', 'response', 9, 17" ;;
	null_label_field) nullable $f label "field TEXT"
		label $f "17, 1, NULL, 'turn', NULL, 0, '0', 0, '$at', 'response', 9, 17" ;;
	null_label_unit) nullable $f label "unit TEXT"
		label $f "17, 1, NULL, 'turn', 'answer_correct', 0, '0', 0, '$at', NULL, 9, 17" ;;
	null_rater_name) nullable $f rater "name TEXT"; sqlite3 $f "UPDATE rater SET name = NULL WHERE id = 2" ;;
	null_round_task) nullable $f round "task TEXT"; sqlite3 $f "UPDATE round SET task = NULL WHERE id = 2" ;;
	null_round_status) nullable $f round "status TEXT"; sqlite3 $f "UPDATE round SET status = NULL WHERE id = 2" ;;
	null_answer) nullable $f response "answer TEXT"; sqlite3 $f "UPDATE response SET answer = NULL WHERE id = 3" ;;
	null_conversation) nullable $f conversation "ext_id TEXT"
		sqlite3 $f "UPDATE conversation SET ext_id = NULL WHERE id = 1" ;;
	unknown_task) label $f "17, 1, NULL, 'nosuch', 'answer_correct', 0, '0', 0, '$at', 'response', 9, 17" ;;
	unknown_unit) label $f "17, 1, NULL, 'turn', 'answer_correct', 0, '0', 0, '$at', 'bogus', 9, 17" ;;
	unknown_field) label $f "17, 1, NULL, 'turn', 'nosuch', 0, '0', 0, '$at', 'response', 9, 17" ;;
	off_scale) label $f "17, 1, NULL, 'turn', 'answer_correct', 0, 'maybe', 0, '$at', 'response', 9, 17" ;;
	dangling_rater) label $f "17, 99, NULL, 'turn', 'answer_correct', 0, '0', 0, '$at', 'response', 9, 17" ;;
	dangling_response) label $f "9999, 1, NULL, 'turn', 'answer_correct', 0, '0', 0, '$at', 'response', 9, 9999" ;;
	dangling_turn) label $f "17, 1, NULL, 'turn', 'intent', 0, 'boolean', 0, '$at', 'turn', 9999, 0" ;;
	dangling_round) label $f "17, 1, 99, 'turn', 'answer_correct', 0, '0', 0, '$at', 'response', 9, 17" ;;
	deleted_rater) sqlite3 $f "DELETE FROM rater WHERE name = 'bob'" ;;
	deleted_turn) sqlite3 $f "DELETE FROM turn WHERE id = 1" ;;
	dangling_passage) sqlite3 $f "UPDATE retrieved SET passage_id = 9999 WHERE response_id = 1 AND rank = 1" ;;
	dangling_system) sqlite3 $f "UPDATE response SET system_id = 99 WHERE id = 3" ;;
	bad_scheme) sqlite3 $f "UPDATE scheme SET json = '{\"format\": \"convqa-scheme\", \"fields\": [' WHERE id = 1" ;;
	round_task) sqlite3 $f "UPDATE round SET task = 'nosuch' WHERE id = 2" ;;
	unassigned) label $f "17, 1, 1, 'plausibility', 'plausibility', 0, 'plausible', 0, '$CONVQA_NOW', 'response', 9, 17" ;;
	after_close) label $f "2, 1, 1, 'plausibility', 'plausibility', 0, 'plausible', 0, '2026-01-03T00:00:00.000Z', 'response', 1, 2" ;;
	wrong_turn) label $f "17, 1, NULL, 'turn', 'answer_correct', 0, '0', 0, '$at', 'response', 1, 17" ;;
	newer_version) sqlite3 $f "PRAGMA user_version = 99" ;;
	truncated) head -c $(($(wc -c <healthy/p.db) / 2)) healthy/p.db >$f ;;
	esac
}

# NAME|what check says (a line of its output)|report and agreement: same (as
# the healthy project's), any (exit 0), or what their message says (exit 3);
# agreement --round r2 reads the rows of r2 only: the healthy project's, or
# exit 3 naming a damaged row
while IFS='|' read -r name says reports; do
	[ -n "$name" ] || continue
	damage "$name"
	cd "$name" || exit 1
	run $CONVQA check
	if [ "$rc" = 3 ] && cat "$T/out" "$T/err" | grep -qxF -- "$says"; then ok "$name: check says '$says', exit 3"
	else not_ok "$name: check says '$says', exit 3" "exit $rc; stdout:" "$(head -20 "$T/out")" "stderr:" "$(cat "$T/err")"; fi
	for cmd in report agreement "agreement --round r2"; do
		healthy=$T/$(echo "$cmd" | sed 's/ --round /-/').healthy
		run $CONVQA $cmd
		what="$name: $cmd"
		if grep -q 'Sanitizer\|runtime error' "$T/err" || [ "$rc" -gt 3 ] || [ "$rc" = 1 ]; then
			not_ok "$what: no crash" "exit $rc" "$(head -20 "$T/err")"
		elif [ "$cmd" = "agreement --round r2" ] && [ "$rc" = 3 ]; then
			# the damage may or may not be in what round r2 reads
			if [ "$(cat "$T/err")" = "convqa: $reports" ]; then ok "$what: exit 3, as report"
			else check_grep "$what: exit 3, a damaged project" "^convqa: damaged project 'p.db': [a-z_]* [0-9(]" "$T/err"; fi
		elif [ "$reports" = same ] || { [ "$cmd" = "agreement --round r2" ] && [ "$reports" != any ]; }; then
			check_eq "$what: the healthy project's" "0|$(cat "$healthy")" "$rc|$(cat "$T/out" "$T/err")"
		elif [ "$reports" = any ]; then
			check_eq "$what: exit 0" "0" "$rc"
		else
			check_eq "$what: exit 3, names the row" "3|convqa: $reports" "$rc|$(cat "$T/err")"
		fi
	done
	cd "$T" || exit 1
done <<EOF
no_index|index label_unit: missing (queries that use it are slow; the schema has it)|same
no_trigger|trigger label_no_update: missing (what it guards is not guarded; the schema has it)|same
null_label_task|label 13: task is NULL, which the schema does not allow|damaged project 'p.db': label 13: task is NULL, which the schema does not allow (convqa check lists every problem)
null_label_field|label 13: field is NULL, which the schema does not allow|damaged project 'p.db': label 13: field is NULL, which the schema does not allow (convqa check lists every problem)
null_label_unit|label 13: unit is NULL, which the schema does not allow|damaged project 'p.db': label 13: unit is NULL, which the schema does not allow (convqa check lists every problem)
null_rater_name|rater 2: name is NULL, which the schema does not allow|damaged project 'p.db': rater 2: name is NULL, which the schema does not allow (convqa check lists every problem)
null_round_task|round 2: task is NULL, which the schema does not allow|any
null_answer|response 3: answer is NULL, which the schema does not allow|damaged project 'p.db': response 3: answer is NULL, which the schema does not allow (convqa check lists every problem)
null_conversation|conversation 1: ext_id is NULL, which the schema does not allow|damaged project 'p.db': conversation 1: ext_id is NULL, which the schema does not allow (convqa check lists every problem)
unknown_task|label 13: task 'nosuch' is no scheme of the project|damaged project 'p.db': label 13: task 'nosuch' is no scheme of the project (convqa check lists every problem)
unknown_unit|label 13: unit 'bogus' is none of turn, passage, response, answer|damaged project 'p.db': label 13: unit 'bogus' is none of turn, passage, response, answer (convqa check lists every problem)
unknown_field|label 13: field 'nosuch' is not a field of scheme turn|damaged project 'p.db': label 13: field 'nosuch' is not a field of scheme turn (convqa check lists every problem)
off_scale|label 13: value 'maybe' is not a category of turn/answer_correct|damaged project 'p.db': label 13: value 'maybe' is not a category of turn/answer_correct (convqa check lists every problem)
dangling_rater|label 13: rater_id 99 names no rater|damaged project 'p.db': label 13: rater_id 99 names no rater (convqa check lists every problem)
dangling_response|label 13: response_id 9999 names no response|damaged project 'p.db': label 13: response_id 9999 names no response (convqa check lists every problem)
dangling_turn|label 13: turn_id 9999 names no turn|damaged project 'p.db': label 13: turn_id 9999 names no turn (convqa check lists every problem)
dangling_round|label 13: round_id 99 names no round|damaged project 'p.db': label 13: round_id 99 names no round (convqa check lists every problem)
deleted_rater|label 2: rater_id 2 names no rater|damaged project 'p.db': label 2: rater_id 2 names no rater (convqa check lists every problem)
deleted_turn|response 1: turn_id 1 names no turn|damaged project 'p.db': response 1: turn_id 1 names no turn (convqa check lists every problem)
dangling_passage|retrieved (response_id 1, rank 1): passage_id 9999 names no passage|damaged project 'p.db': retrieved (response_id 1, rank 1): passage_id 9999 names no passage (convqa check lists every problem)
dangling_system|response 3: system_id 99 names no system|damaged project 'p.db': response 3: system_id 99 names no system (convqa check lists every problem)
bad_scheme|scheme 'likert-4pt': does not parse: project scheme likert-4pt:1:40: syntax error: unexpected end of file, the array opened at 1:39 is not closed|damaged project 'p.db': scheme 'likert-4pt': does not parse: project scheme likert-4pt:1:40: syntax error: unexpected end of file, the array opened at 1:39 is not closed (convqa check lists every problem)
round_task|round 2: task 'nosuch' is no scheme of the project|any
unassigned|label 13: in round r1 on response 17, which the round does not assign to rater alice|any
after_close|label 13: given 2026-01-03T00:00:00.000Z, after round r1 closed (2026-01-02T03:04:05.000Z)|any
wrong_turn|label 13: turn_id 1 is not the turn of response 17 (turn 9)|damaged project 'p.db': label 13: turn_id 1 is not the turn of response 17 (turn 9) (convqa check lists every problem)
newer_version|convqa: project 'p.db' has schema version 99, newer than this convqa (12): upgrade convqa|project 'p.db' has schema version 99, newer than this convqa (12): upgrade convqa
EOF

# what else reads a round: a blind report (an account bound to a rater)
# asks which rounds are open; a label in a round asks the round's task
damage null_round_status
cd null_round_status || exit 1
sqlite3 p.db "UPDATE rater SET os_user = '$(id -un)' WHERE name = 'alice'"
run $CONVQA check
check_eq "null_round_status: check says so" "3|round 2: status is NULL, which the schema does not allow" \
	"$rc|$(grep -v '^table' "$T/out")"
for cmd in report agreement; do
	run $CONVQA $cmd
	check_eq "null_round_status: $cmd for alice's account (blind) exits 3, naming the row" \
		"3|convqa: damaged project 'p.db': round 2: status is NULL, which the schema does not allow (convqa check lists every problem)" \
		"$rc|$(cat "$T/err")"
done
cd "$T/null_round_task" || exit 1
run $CONVQA label -t likert-4pt --round r2 -r alice -c demo-lighthouse -n 1 -s bm25-t5 completeness no
check_eq "null_round_task: a label in the round exits 3, naming the row" \
	"3|convqa: damaged project 'p.db': round 2: task is NULL, which the schema does not allow (convqa check lists every problem)" \
	"$rc|$(cat "$T/err")"
cd "$T" || exit 1

# the labels export and the list of raters read the same rows
for case in "null_label_task|export --history|label 13: task is NULL, which the schema does not allow" \
	"null_conversation|export|label 1: the ext_id of its conversation is NULL, which the schema does not allow" \
	"null_rater_name|export|rater 2: name is NULL, which the schema does not allow" \
	"null_rater_name|rater list|rater 2: name is NULL, which the schema does not allow" \
	"deleted_rater|export|label 2: rater_id 2 names no rater" \
	"dangling_response|export|label 13: response_id 9999 names no response" \
	"dangling_system|export|label 3: system_id 99 of its response names no system" \
	"dangling_round|export -o labels.json|label 13: round_id 99 names no round" \
	"null_answer|export --format tasks -o tasks.json|response 3: answer is NULL, which the schema does not allow" \
	"null_answer|export --format gold-extension -o gold.json|response 3: answer is NULL, which the schema does not allow" \
	"null_conversation|export --format tasks -o tasks.json|turn 1: its conversation's ext_id is NULL, which the schema does not allow"; do
	name=${case%%|*} rest=${case#*|}
	cmd=${rest%%|*} says=${rest#*|}
	cd "$T/$name" || exit 1
	run $CONVQA $cmd
	check_eq "$name: $cmd exits 3, naming the row" \
		"3|convqa: damaged project 'p.db': $says (convqa check lists every problem)" "$rc|$(cat "$T/err")"
	case $cmd in *-o\ *) check_eq "$name: $cmd leaves no file" "" "$(ls "${cmd##* }" 2>/dev/null)" ;; esac
done
cd "$T" || exit 1

# a truncated file: what SQLite says of it, and never a crash
damage truncated
cd truncated || exit 1
run $CONVQA check
check_eq "truncated: check exits 3 saying so" "3|convqa: cannot read project 'p.db': database disk image is malformed" \
	"$rc|$(cat "$T/out" "$T/err")"
for cmd in report agreement; do
	run $CONVQA $cmd
	check_eq "truncated: $cmd exits 3 saying so" "3|yes" "$rc|$(grep -q 'malformed' "$T/err" && echo yes)"
done
cd "$T" || exit 1

# a damaged page: the label table's first page overwritten
mkdir page && cp healthy/p.db page/p.db && cd page || exit 1
root=$(sqlite3 p.db "SELECT rootpage FROM sqlite_schema WHERE name = 'label'")
size=$(sqlite3 p.db "PRAGMA page_size")
head -c 3000 /dev/zero | tr '\0' x | dd of=p.db bs=1 seek=$(((root - 1) * size + 8)) conv=notrunc 2>/dev/null
run $CONVQA check
check_eq "a damaged page: check exits 3, with what SQLite's integrity check says of the page" \
	"3|yes" "$rc|$(head -1 "$T/out" | grep -q "^file: On tree page $root cell [0-9]*: " && echo yes)"
for cmd in report agreement; do
	run $CONVQA $cmd
	check_eq "a damaged page: $cmd exits 3 saying so" \
		"3|convqa: damaged project 'p.db': cannot read labels: database disk image is malformed (convqa check lists every problem)" \
		"$rc|$(cat "$T/err")"
done
cd "$T" || exit 1
done_testing
