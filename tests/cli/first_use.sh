#!/bin/sh
# What a new user meets first: help that says what an option does in each
# format, and refusals that say what is wrong before doing any work, then
# the next step with its command.
. "$CONVQA_TOP/tests/lib.sh"

# option_help COMMAND OPTION: the help of --OPTION in `convqa help COMMAND`, its lines joined
option_help() {
	$CONVQA help "$1" | awk -v o="--$2 " 'index($0, o) { sub(/^ *--[a-z-]+ [A-Z,]* +/, ""); h = $0; on = 1; next }
		on && /^      +[^ -]/ { sub(/^ +/, ""); h = h " " $0; next } { on = 0 } END { print h }'
}
check_eq "export --round says it selects a round's items in tasks, gold-extension and the Label Studio formats" \
	"only labels of this round; with --format tasks, gold-extension, label-studio or label-studio-config, only its items" \
	"$(option_help export round)"

$CONVQA help round | tr '\n' ' ' >help-round.txt
check_grep "help round: a closed round's raters cannot change their labels, an adjudicator still settles it" \
	"its raters can no longer change their labels; an adjudicator still settles its disagreements" help-round.txt

# ---- other gold answers for a turn the project has ----------------------------------
tasks() {
	printf '{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}], "collection": [],
 "conversations": [{"id": "c", "turns": [{"question": "When was it built?", "gold": {"answers": [%s]},
  "responses": [{"system": "s1", "answer": "in the year 1889"}]}]}]}\n' "$1"
}
tasks '"1889"' >tasks.json
tasks '"1889", "in the year 1889"' >extended.json
$CONVQA init --db g.db >/dev/null && $CONVQA import --db g.db -q tasks.json
ORIGIN="imported from '$T/tasks.json' at $(sqlite3 g.db 'SELECT imported_at FROM import WHERE id = 1')"
check_run "gold answers that differ: the way to score against them is a new project" 2 \
	"extended.json: \$.conversations[0].turns[0]: turn 1 of conversation \"c\" conflicts with the one in the project: its gold answers differ (the project keeps a turn's first gold, whichever import gave it, and never replaces it; the turn was $ORIGIN). To score against this file's gold answers, import the file into a new project: convqa init --db new.db && convqa import --db new.db extended.json" \
	$CONVQA import --db g.db extended.json

# ---- another tool's file ---------------------------------------------------------------
NOT_OURS=" (no format convqa reads was detected, so it was read as a convqa task file, schemas/tasks.schema.json: convqa formats lists the formats convqa reads, convqa import --format NAME FILE reads one; else convert the file to a task file, docs/formats.md)"
$CONVQA init --db i.db >/dev/null
printf '[{"qid": 1, "docid": "d1"}]\n' >hits.json
check_run "a JSON array of no format convqa reads: the position, then what convqa imports" 2 \
	"hits.json: \$: expected a convqa task file (an object), got an array$NOT_OURS" $CONVQA import --db i.db hits.json
printf '[{"Conversation_no": 1, "Turn_no": 1, "Model_answer": "Paris"}]\n' >run.json
check_run "SCAI-QReCC's run.json is recognised: how to import it" 2 \
	"run.json: a SCAI-QReCC run, which is one system's: import it with --format scai-run --system NAME" \
	$CONVQA import --db i.db run.json
printf 'id,question\n1,Where is it?\n' >topics.csv
check_run "a CSV: the position, then what convqa imports" 2 \
	"topics.csv:1:1: syntax error: expected a value, found 'i'$NOT_OURS" $CONVQA import --db i.db topics.csv
printf '{"format": "convqa-tasks", "version": 1, [' >broken.json
check_run "a task file broken inside: the position only" 2 \
	"broken.json:1:42: syntax error: expected a string key, found '['" $CONVQA import --db i.db broken.json


# ---- the project not found: where convqa looked and how to name another ---------------
mkdir nodb && cd nodb || exit 1
unset CONVQA_DB
check_run "no --db and no \$CONVQA_DB: the default path, and how to name a project" 3 \
	"convqa: no project at 'convqa.db', the default without --db or \$CONVQA_DB (name yours with --db PATH, or create one with: convqa init --db convqa.db)" \
	$CONVQA report
check_run "a --db that names no file: how to create it" 3 \
	"convqa: no project at 'x.db' (create one with: convqa init --db x.db)" $CONVQA info --db x.db
CONVQA_DB=y.db check_run "so with \$CONVQA_DB" 3 \
	"convqa: no project at 'y.db' (create one with: convqa init --db y.db)" $CONVQA round list
$CONVQA init --db z.db >/dev/null
check_run "init of an existing file: how to use it, or where a new one goes" 3 \
	"convqa: 'z.db' already exists; not overwriting it (if it is your project, the other commands use it with --db z.db; for a new one, give init another path)" \
	$CONVQA init --db z.db
cd .. || exit 1

done_testing
