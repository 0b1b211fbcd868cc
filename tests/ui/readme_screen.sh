#!/bin/sh
# The item screen shown in the README is the real one: the project `make
# demo` builds (every file of sample_tasks/ imported into demo.db), rater
# alice, after the keys below.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project demo.db "$SAMPLES"/*.json

ui_run demo.db --rater alice <<'KEYS'
enter
e
c
-
n
n
e
j
space
1
:save-screen readme
KEYS
check_ran "annotate runs the script and exits 0"
sed -n '/^ convqa · demo.db · rater alice/,/? help · q quit$/p' "$CONVQA_TOP/README.md" |
	check_screen "the turn screen in README.md is what annotate draws" readme
done_testing
