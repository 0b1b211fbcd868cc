#!/bin/sh
# convqa import of a file convqa writes or reads that is no task file says
# at once what it is and which command reads it, in one line (no "unknown
# property" lines first): a labels export (import-labels), a label scheme
# (scheme add), a report (nothing reads it back); read whole, from standard
# input and in the reader's thread alike; nothing is imported. scheme add
# and import-labels say the same of the files they do not read.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_NOW=2026-01-02T03:04:05.000Z CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null && $CONVQA import -q "$CONVQA_TOP/sample_tasks/demo.json" &&
$CONVQA label -c demo-lighthouse -n 1 -s bm25-t5 -r alice answer_correct 1 &&
$CONVQA export -o labels.json 2>/dev/null && $CONVQA report -f json >report.json &&
cp "$CONVQA_TOP/sample_tasks/schemes/likert-4pt.json" scheme.json
check_eq "a labels export, a scheme and a report are written" 0 $?
$CONVQA init --db q.db >/dev/null
n_turns() { sqlite3 q.db 'SELECT count(*) FROM turn'; }

check_run "a labels export: import-labels reads it" 2 \
	'labels.json: $.format: "convqa-labels": this is a labels export of convqa export, not a task file: import its labels with convqa import-labels labels.json' \
	$CONVQA import --db q.db labels.json
check_run "... from standard input: import-labels -" 2 \
	'standard input: $.format: "convqa-labels": this is a labels export of convqa export, not a task file: import its labels with convqa import-labels -' \
	sh -c "$CONVQA import --db q.db - <labels.json"
check_run "... read in the reader's thread: the same line" 2 \
	'labels.json: $.format: "convqa-labels": this is a labels export of convqa export, not a task file: import its labels with convqa import-labels labels.json' \
	env CONVQA_IMPORT_THREAD_BYTES=0 $CONVQA import --db q.db labels.json
check_run "--format native says the same" 2 \
	'labels.json: $.format: "convqa-labels": this is a labels export of convqa export, not a task file: import its labels with convqa import-labels labels.json' \
	$CONVQA import --db q.db --format native labels.json
check_run "a label scheme: scheme add reads it" 2 \
	'scheme.json: $.format: "convqa-scheme": this is a label scheme, not a task file: add it to the project with convqa scheme add scheme.json' \
	$CONVQA import --db q.db scheme.json
# "format" need not come first
python3 -c 'import json; d = json.load(open("scheme.json")); f = d.pop("format"); d["format"] = f; json.dump(d, open("late.json", "w"))'
check_run "... also when \"format\" is its last member" 2 \
	'late.json: $.format: "convqa-scheme": this is a label scheme, not a task file: add it to the project with convqa scheme add late.json' \
	$CONVQA import --db q.db late.json
check_run "a report: nothing in it to import" 2 \
	'report.json: $.format: "convqa-report": this is a report of convqa report, not a task file: convqa reads no report back' \
	$CONVQA import --db q.db report.json
check_eq "nothing was imported" 0 "$(n_turns)"
# the reverse: scheme add and import-labels say the same of the files they do not read
check_run "scheme add of a labels export: import-labels reads it" 2 \
	'labels.json: $.format: "convqa-labels": this is a labels export of convqa export, not a label scheme: import its labels with convqa import-labels labels.json' \
	$CONVQA scheme add --db q.db labels.json
check_run "import-labels of a scheme: scheme add reads it" 2 \
	'scheme.json: $.format: "convqa-scheme": this is a label scheme, not a labels export of convqa export: add it to the project with convqa scheme add scheme.json' \
	$CONVQA import-labels --db q.db scheme.json
$CONVQA import --db q.db -q "$CONVQA_TOP/sample_tasks/demo.json"
run $CONVQA import-labels --db q.db labels.json
check_eq "and import-labels does read the labels export" "0|1" "$rc|$(sqlite3 q.db 'SELECT count(*) FROM label')"
done_testing
