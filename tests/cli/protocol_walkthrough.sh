#!/bin/sh
# The manual's two-stage SCAI-QReCC walk-through (docs/study.md), run as it
# is written: every line between the marker "<!-- protocol walk-through -->"
# and the end of its code block is a command. The raters' annotate sessions
# read their keys from a script (CONVQA_SCRIPT): in the plausibility round
# every answer plausible (y) except that d says implausible (i); in the
# faithfulness round every answer faithful (f). Then the faithfulness round
# holds the answers judged plausible, the report has the per-run table, and
# the extended gold joins the answers judged plausible.
. "$CONVQA_TOP/tests/lib.sh"
DOC="$CONVQA_TOP/docs/study.md"
ln -s "$CONVQA_TOP/sample_tasks" sample_tasks
awk '/<!-- protocol walk-through -->/ { on = 1; next } on && /^```/ { if (seen) exit; seen = 1; next } on && seen' \
	"$DOC" | sed 's/[[:space:]]*#.*$//' >walk.sh
check_eq "docs/study.md has the walk-through, its raters added before the round" "yes|yes" \
	"$([ "$(grep -c '^convqa ' walk.sh)" -ge 12 ] && echo yes)|$(awk '/rater add a$/ { r = NR } /sample plausibility/ { s = NR } END { if (r && r < s) print "yes" }' walk.sh)"
{ echo esc; i=0; while [ $i -lt 80 ]; do printf 'y\nn\n'; i=$((i + 1)); done; } >keys-p
sed 's/^y$/i/' keys-p >keys-p-d
{ echo esc; i=0; while [ $i -lt 80 ]; do printf 'f\nn\n'; i=$((i + 1)); done; } >keys-f
sed 's/^convqa /run_ "$CONVQA" /' walk.sh >walk.run
run_() {
	case "$*" in
	*"annotate --rater d --round p1"*) export CONVQA_SCRIPT="$T/keys-p-d" ;;
	*"--round p1"*) export CONVQA_SCRIPT="$T/keys-p" ;;
	*) export CONVQA_SCRIPT="$T/keys-f" ;;
	esac
	"$@" >>walk.out 2>>walk.err || echo "failed ($?): $*" >>failures
}
. ./walk.run
unset CONVQA_SCRIPT
check_eq "every command of the walk-through succeeds" "" "$(cat failures 2>/dev/null)"
db=$(sed -n 's/^export CONVQA_DB=//p' walk.sh)
q() { sqlite3 "$T/$db" "$1"; }
check_eq "the plausibility round was sampled and judged by its raters" "yes" \
	"$([ "$(q "SELECT count(DISTINCT l.response_id) FROM label l JOIN round r ON r.id = l.round_id WHERE r.name = 'p1'")" -gt 0 ] && echo yes)"
plausible=$(q "SELECT count(*) FROM (SELECT l.response_id FROM label l JOIN round r ON r.id = l.round_id
	WHERE r.name = 'p1' AND l.field = 'plausibility' GROUP BY l.response_id
	HAVING 2 * sum(l.value = 'plausible') > count(*))")
check_eq "the faithfulness round holds the answers most of their raters judged plausible" "$plausible" \
	"$(q "SELECT count(DISTINCT a.response_id) FROM assignment a JOIN round r ON r.id = a.round_id WHERE r.name = 'f1'")"
check_grep "the report has the per-run table" "^Plausibility and faithfulness" walk.out
check_grep "the extended gold was written" "answers judged plausible joined the gold" walk.err
check_eq "new-gold.json holds more gold answers than the task file" "yes" "$(python3 -c '
import json, sys
def n(f): return sum(len((t.get("gold") or {}).get("answers", [])) for c in json.load(open(f))["conversations"] for t in c["turns"])
print("yes" if n("new-gold.json") > n("sample_tasks/demo.json") else "no")')"
check_grep "and the report compares the two golds" "EM ext\." walk.out
done_testing
