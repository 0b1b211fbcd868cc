#!/bin/sh
# --help, --version, usage errors and their exit codes.
. "$CONVQA_TOP/tests/lib.sh"

run $CONVQA --version
check_eq "--version prints the version" "0|convqa 0.1.0" "$rc|$(cat "$T/out")"
run $CONVQA --help
check_eq "--help exits 0" 0 "$rc"
for c in init import info label annotate adjudicate export report agreement rater check; do
	check_grep "--help lists $c" "^  $c " "$T/out"
done
check_grep "--help documents the exit codes" "Exit codes: 0 ok, 1 usage error, 2 bad input, 3 project (store) error, 4 file I/O error" "$T/out"
run $CONVQA
check_eq "no command is a usage error" 1 "$rc"
run $CONVQA frobnicate
check_eq "an unknown command exits 1" "1|convqa: no such command 'frobnicate' (see: convqa --help)" "$rc|$(cat "$T/err")"
run $CONVQA help frobnicate
check_eq "help of an unknown command exits 1 and says where to look" \
	"1|convqa: no such command 'frobnicate' (see: convqa --help)" "$rc|$(cat "$T/err")"
run $CONVQA help import
check_eq "help COMMAND shows its usage" "0|usage: convqa import [--db PATH] FILE..." "$rc|$(head -1 "$T/out")"
check_grep "help import lists --quiet" "-q, --quiet" "$T/out"
run $CONVQA import --help
check_eq "COMMAND --help is the same text" "$(cat "$T/out")" "$($CONVQA help import)"
run $CONVQA import
check_eq "import without files is a usage error" "1|convqa import: missing arguments
usage: convqa import [--db PATH] FILE... (see: convqa help import)" "$rc|$(cat "$T/err")"
run $CONVQA export --bogus
check_eq "an unknown option exits 1" "1|convqa export: unknown option '--bogus'" "$rc|$(head -1 "$T/err")"
run $CONVQA export --format xml
check_eq "an unknown export format exits 1" "1|convqa export: unknown format 'xml' (expected: json, tasks, gold-extension, trec-qrels, csv, jsonl, label-studio, label-studio-config, prefs-csv)" "$rc|$(cat "$T/err")"
run $CONVQA export --db
check_eq "--db without a value exits 1" "1|convqa export: option '--db' needs a value" "$rc|$(head -1 "$T/err")"
run $CONVQA --db
check_eq "a global --db without a value exits 1" "1|convqa: option '--db' needs a value" "$rc|$(cat "$T/err")"
run $CONVQA info extra
check_eq "an extra argument exits 1" "1|convqa info: unexpected argument 'extra'" "$rc|$(head -1 "$T/err")"
$CONVQA init --db p.db >/dev/null
run $CONVQA label --db p.db -c x -n 1 -s y intent maybe -r a
check_eq "a label value outside the scale exits 2" \
	"2|convqa label: 'maybe' is not a value of intent (expected: extractive, abstractive, boolean)" "$rc|$(cat "$T/err")"
run $CONVQA label --db p.db -c x -n 1 -s y relevant 1 -r a
check_eq "relevant needs --rank" "1|convqa label: field 'relevant' needs --rank" "$rc|$(cat "$T/err")"
run $CONVQA label --db p.db -c x -n 1 -s y intent boolean -r a
check_eq "a label for an unknown item exits 2" \
	"2|convqa: no conversation 'x' in the project (it has none: import a task file first)" "$rc|$(cat "$T/err")"
$CONVQA import --db p.db -q "$CONVQA_TOP/sample_tasks/demo.json"
run $CONVQA label --db p.db -c demo-honeybees -n 1 -s bm25-t5 note "$(printf 'bad \303\050')" -r a
check_eq "a value that is not UTF-8 exits 2" "2|convqa label: the value must be UTF-8 text" "$rc|$(cat "$T/err")"
run $CONVQA label --db p.db -c demo-honeybees -n 1 -s bm25-t5 note x -r " ann"
check_eq "a rater name with a space around it exits 2" "2|convqa label: the rater name begins or ends with a space" "$rc|$(cat "$T/err")"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	$CONVQA label --db p.db -c demo-honeybees -n 1 -s bm25-t5 answer_correct 1 -r "race$i" 2>>"$T/race" &
	$CONVQA label --db p.db -c demo-honeybees -n 1 -s dense-llm answer_correct 1 -r "race$i" 2>>"$T/race" &
done
wait
check_eq "labels of new raters saved at the same moment are all kept" "|24" \
	"$(cat "$T/race")|$(sqlite3 p.db "SELECT count(*) FROM label JOIN rater ON rater.id = rater_id WHERE name LIKE 'race%'")"
: >empty.db
run $CONVQA info --db empty.db
check_eq "an empty file is not taken for a project" \
	"3|convqa: 'empty.db' is an empty file, not a convqa project (create one with: convqa init --db empty.db)|0" \
	"$rc|$(cat "$T/err")|$(wc -c <empty.db)"
echo 'hello, not a database at all, certainly not a convqa project' >text.db
run $CONVQA info --db text.db
check_eq "a file that is not a database is not taken for a project, and the message says what to check" \
	"3|convqa: 'text.db' is not a convqa project: file is not a database (check --db or \$CONVQA_DB)" \
	"$rc|$(cat "$T/err")"
for c in init import info label annotate adjudicate export report agreement rater check; do
	$CONVQA help $c >"$T/h"
	# every option the help shows, long and short, is accepted by the parser
	# (the extra argument x makes each run stop before it opens a project)
	for o in $(grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' "$T/h" | grep -oE -- '-[a-zA-Z]\b|--[a-z-]+' |
		grep -v -e --help -e --db -e '^-h$'); do
		"$CONVQA" $c "$o" x >/dev/null 2>"$T/e"
		if grep -q "unknown option" "$T/e"; then not_ok "$c accepts $o shown in its help"; else ok "$c accepts $o shown in its help"; fi
	done
done
done_testing
