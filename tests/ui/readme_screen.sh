#!/bin/sh
# The item screens shown in docs/annotating.md are the real ones: the project `make
# demo` builds (every file of sample_tasks/ imported into demo.db), rater
# alice in the turn task, and rater bob in the scheme of
# sample_tasks/schemes/likert-4pt.json, after the keys below (each on the
# bm25-t5 answer of its turn, second in these raters' orders).
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
n
e
j
space
1
:save-screen readme
KEYS
check_ran "annotate runs the script and exits 0"
sed -n '/^ convqa · demo.db · rater alice/,/? help · q quit$/p' "$CONVQA_TOP/docs/annotating.md" |
	check_screen "the turn screen in docs/annotating.md is what annotate draws" readme

"$CONVQA" scheme add --db demo.db "$SAMPLES/schemes/likert-4pt.json" >/dev/null
ui_run demo.db --rater bob --task likert-4pt <<'KEYS'
esc
]
]
n
4
o
:save-screen readme-likert
KEYS
check_ran "annotate --task likert-4pt runs the script and exits 0"
sed -n '/^ convqa · demo.db · rater bob/,/? help · q quit$/p' "$CONVQA_TOP/docs/annotating.md" |
	check_screen "the likert-4pt screen in docs/annotating.md is what annotate draws" readme-likert
done_testing
