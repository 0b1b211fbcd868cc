#!/bin/sh
# make demo: import sample_tasks/ into demo.db (kept between runs: importing
# again changes nothing and labels are never lost) with the sample label
# scheme (sample_tasks/schemes/likert-4pt.json) and the answers' evidence
# spans (convqa spans), say in one line what it
# holds, then open the UI as $USER (the line stays above the shell prompt
# once the UI is closed).
#
# DEMO_CONVQA (default ./convqa) and DEMO_DB (default demo.db) are for the
# tests (tests/tools/demo.test.sh, tests/ui/tmux_demo.sh).
set -e
cd "$(dirname "$0")/../.."
convqa=${DEMO_CONVQA:-./convqa}
db=${DEMO_DB:-demo.db}
rater=${USER:-demo}
[ -f "$db" ] || "$convqa" init --db "$db" >/dev/null
"$convqa" import --db "$db" -q sample_tasks/*.json
# the sample scheme, for: convqa annotate --db demo.db --task likert-4pt
"$convqa" scheme add --db "$db" sample_tasks/schemes/likert-4pt.json >/dev/null
# the evidence spans, for E on the item screen and --task faithfulness
"$convqa" spans --db "$db" >/dev/null
summary=$("$convqa" info --db "$db" | awk -v db="$db" '
	$1 == "conversations" { c = $2 } $1 == "turns" { t = $2 }
	$1 == "systems" { s = $2 } $1 == "responses" { r = $2 }
	END { printf "%s: %d conversations, %d items to label (%d turns, %d systems)", db, c, r, t, s }')
if ! "$convqa" help annotate >/dev/null 2>&1; then
	printf '%s\n(the annotation UI is not built yet)\n' "$summary"
elif [ -t 0 ] && [ -t 1 ]; then
	printf '%s\nopening the annotation UI as %s (q quits, ? lists the keys)\n' "$summary" "$rater"
	exec "$convqa" annotate --db "$db" --rater "$rater"
else
	printf '%s\nnot a terminal: open the annotation UI with: %s annotate --db %s --rater %s\n' \
		"$summary" "$convqa" "$db" "$rater"
fi
