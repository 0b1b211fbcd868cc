#!/bin/sh
# The verdicts of round create --from and the gold extension are read from
# the field of role plausibility (faithfulness) of a scheme, whatever its
# name, and its first category is the verdict: a project scheme whose
# field answers_question (yes, no, garbled) has the role drives the second
# stage as the built-in plausibility does.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null
cat >tasks.json <<'JSON'
{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}, {"id": "s2"}, {"id": "s3"}], "collection": [],
 "conversations": [{"id": "c", "turns": [
  {"question": "When was it built?", "gold": {"answers": ["1889"]}, "responses": [
    {"system": "s1", "answer": "in the year 1889"}, {"system": "s2", "answer": "late 1880s"},
    {"system": "s3", "answer": "around 1890"}]}]}]}
JSON
$CONVQA import -q tasks.json
cat >answers.json <<'JSON'
{"format": "convqa-scheme", "version": 1, "name": "answers", "description": "does it answer", "fields": [
 {"name": "answers_question", "unit": "response", "type": "nominal", "role": "plausibility",
  "categories": [{"value": "yes", "key": "y"}, {"value": "no", "key": "o"}, {"value": "garbled", "key": "x"}]}]}
JSON
cat >noroles.json <<'JSON'
{"format": "convqa-scheme", "version": 1, "name": "noroles", "description": "no role", "fields": [
 {"name": "plausibility", "unit": "response", "type": "nominal",
  "categories": [{"value": "plausible", "key": "y"}, {"value": "implausible", "key": "i"}]}]}
JSON
$CONVQA scheme add answers.json >/dev/null
$CONVQA scheme add noroles.json >/dev/null
for x in a b; do $CONVQA rater add $x >/dev/null; done
$CONVQA round create p1 --task answers --raters a,b --overlap 2 >/dev/null
l() { $CONVQA label -t answers --round p1 -r "$1" -c c -n 1 -s "$2" answers_question "$3"; }
l a s1 yes; l b s1 yes                            # yes: plausible
l a s2 yes; l b s2 no                             # a tie: no
l a s3 garbled; l b s3 garbled                    # no
run $CONVQA round create f1 --task faithfulness --from p1 --raters a
check_eq "--from a round of a project scheme: the answers its plausibility-role field judged 'yes'" \
	"0|s1" "$rc|$(sqlite3 p.db "SELECT sy.name FROM assignment a JOIN round r ON r.id = a.round_id
	JOIN response re ON re.id = a.response_id JOIN system sy ON sy.id = re.system_id WHERE r.name = 'f1'")"

# the field may judge the answer text (unit answer) rather than the response
sed 's/"answers"/"answertexts"/; s/"unit": "response"/"unit": "answer"/' answers.json >answertexts.json
$CONVQA scheme add answertexts.json >/dev/null
$CONVQA round create p3 --task answertexts --raters a,b --overlap 2 >/dev/null
l3() { $CONVQA label -t answertexts --round p3 -r "$1" -c c -n 1 -s "$2" answers_question "$3"; }
l3 a s1 no; l3 b s1 no; l3 a s2 yes; l3 b s2 yes
run $CONVQA round create f3 --task faithfulness --from p3 --raters a
check_eq "   of unit answer too" \
	"0|s2" "$rc|$(sqlite3 p.db "SELECT sy.name FROM assignment a JOIN round r ON r.id = a.round_id
	JOIN response re ON re.id = a.response_id JOIN system sy ON sy.id = re.system_id WHERE r.name = 'f3'")"

$CONVQA round create p2 --task noroles --raters a,b --overlap 2 >/dev/null
$CONVQA label -t noroles --round p2 -r a -c c -n 1 -s s1 plausibility plausible
check_run "a field named plausibility without the role is no verdict" 2 \
	"convqa: round 'p2' is a noroles round: --from takes a plausibility round" \
	$CONVQA round create f2 --task faithfulness --from p2 --raters a
done_testing
