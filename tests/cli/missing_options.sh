#!/bin/sh
# A command missing what it needs names it: convqa label the required
# options not given (only those), chat without a rater (nor $USER)
# --rater, import-labels without a file what it takes, with its usage
# line.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null && $CONVQA import -q "$CONVQA_TOP/sample_tasks/demo.json"

check_run "label without -c names --conversation only" 1 \
	"convqa label: --conversation is required (give -c ID)" \
	$CONVQA label -r alice -n 1 -s bm25-t5 intent boolean
check_run "label without -n and -s names both" 1 \
	"convqa label: --turn and --system are required (give -n N -s NAME)" \
	$CONVQA label -r alice -c demo-lighthouse intent boolean
run env USER= $CONVQA label -c demo-lighthouse -n 1 -s bm25-t5 intent boolean
check_eq "label without a rater (nor \$USER) names --rater" \
	"1|convqa label: --rater (or \$USER) is required (give -r NAME)" "$rc|$(cat "$T/err")"
run env -u USER $CONVQA chat --system bm25
check_eq "chat with \$USER unset and no --rater names --rater, and starts nothing" \
	"1|convqa: chat: who is chatting? give --rater NAME (or set \$USER)|0" \
	"$rc|$(cat "$T/err")|$(sqlite3 "$T/p.db" "SELECT count(*) FROM conversation WHERE ext_id LIKE 'live-%'")"
check_run "import-labels without a file says what it takes, with its usage" 1 \
	"convqa import-labels: no FILE given: name one or more files of labels (a labels export, labels as JSON Lines, another copy's project file, or Label Studio's JSON export; - reads standard input)
usage: convqa import-labels [--db PATH] [--format FORMAT] [--round NAME | --no-rounds] FILE... (see: convqa help import-labels)" \
	$CONVQA import-labels
check_eq "... and leaves the project as it was" "0" "$(sqlite3 "$T/p.db" "SELECT count(*) FROM label")"
done_testing
