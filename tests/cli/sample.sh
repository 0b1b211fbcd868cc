#!/bin/sh
# convqa sample plausibility: per question with a gold answer, the distinct
# answers similar enough to a gold answer, at most --per-question, the
# reasons for what is left out counted; then the plausibility round.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null
# q1: gold "the eiffel tower"; s1 and s2 say it (same after normalisation:
#     "eiffel tower"), s3 "a tower in paris" (F1 0.4), s4 "" (empty)
# q2: gold "1889"; s1 "in 1889" (F1 0.67), s2 "1889" (1), s3 "1890" (0), s4 "1889." (same as s2)
# q3: no gold answer
cat >tasks.json <<'JSON'
{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}, {"id": "s2"}, {"id": "s3"}, {"id": "s4"}],
 "collection": [],
 "conversations": [{"id": "c", "turns": [
  {"question": "What is it?", "gold": {"answers": ["the Eiffel Tower"]}, "responses": [
    {"system": "s1", "answer": "The Eiffel Tower", "metadata": {"sas": 0.9}},
    {"system": "s2", "answer": "the eiffel tower!", "metadata": {"sas": 0.9}},
    {"system": "s3", "answer": "a tower in Paris", "metadata": {"sas": 0.75}},
    {"system": "s4", "answer": "", "metadata": {"sas": 0.1}}]},
  {"question": "When was it built?", "gold": {"answers": ["1889"]}, "responses": [
    {"system": "s1", "answer": "in 1889", "metadata": {"sas": 0.8}},
    {"system": "s2", "answer": "1889", "metadata": {"sas": 1.0}},
    {"system": "s3", "answer": "1890", "metadata": {"sas": 0.6}},
    {"system": "s4", "answer": "1889.", "metadata": {}}]},
  {"question": "Who built it?", "responses": [{"system": "s1", "answer": "Eiffel", "metadata": {"nogold": 0.9}}]}]}]}
JSON
$CONVQA import -q tasks.json
$CONVQA rater add a >/dev/null
$CONVQA rater add b >/dev/null
run $CONVQA sample plausibility --round p1 --raters a,b --min-sim 0.5 --seed 3
check_eq "chooses the distinct similar answers and says why the others were left out" "0|chose 3 answers of 2 questions (1 on which the systems disagree)
  left out 1: their question has no gold answer
  left out 1: empty
  left out 2: the same answer (normalised) as another system's to the question
  left out 2: less similar to a gold answer than --min-sim
created round 'p1' (plausibility): 3 answers, 2 raters each (seed 3); raters start with: convqa annotate --rater NAME --round p1" \
	"$rc|$(cat "$T/out")"
q() { sqlite3 "$T/p.db" "$1"; }
check_eq "every chosen answer has 2 raters" "3|2|2" \
	"$(q "SELECT count(DISTINCT response_id) FROM assignment")|$(q "SELECT min(n) FROM (SELECT count(*) n FROM assignment GROUP BY response_id)")|$(q "SELECT max(n) FROM (SELECT count(*) n FROM assignment GROUP BY response_id)")"
run $CONVQA sample plausibility --round p1 --raters a,b --min-sim 0.5 --seed 3
check_eq "a round that exists already is refused before any sampling is said" \
	"2||convqa: round 'p1' exists already (see: convqa round show p1)" "$rc|$(cat "$T/out")|$(cat "$T/err")"
run $CONVQA sample plausibility --round p9 --raters a,zed --min-sim 0.5
check_eq "a rater the project lacks is refused before any sampling is said" \
	"2||convqa: no rater 'zed' in the project (its raters: a, b; a new one: convqa rater add NAME)" "$rc|$(cat "$T/out")|$(cat "$T/err")"
run $CONVQA sample plausibility --round p9 --raters a,a --min-sim 0.5
check_eq "a rater named twice likewise" "2||convqa: rater 'a' is named twice" "$rc|$(cat "$T/out")|$(cat "$T/err")"
run $CONVQA sample plausibility --round p9 --raters a,b --overlap 3 --min-sim 0.5
check_eq "--overlap above the raters likewise" \
	"2||convqa: --overlap 3 asks for 3 raters per answer, but round 'p9' has 2 (name more with --raters, or --overlap 0: every rater)" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
run $CONVQA sample plausibility --round p2 --raters a,b --min-sim 0.5 --per-question 1 --questions 1 --seed 3
check_eq "--per-question and --questions limit it" "0|chose 1 answers of 1 questions (0 on which the systems disagree)" "$rc|$(head -1 "$T/out")"
run $CONVQA sample plausibility --round p3 --raters a,b --sim sas --min-sim 0.7
check_eq "--sim KEY reads a similarity from the responses' metadata (of an answer, the largest)" \
	"0|chose 4 answers of 2 questions (2 on which the systems disagree)" "$rc|$(head -1 "$T/out")"
run $CONVQA sample plausibility --round p4 --raters a,b --sim sass
check_eq "a key no response's metadata has is refused up front, naming it, what --sim takes and the keys there are" \
	"2||convqa: --sim sass: no response's metadata has the key 'sass' (--sim takes f1, rougeL or a key of the responses' metadata holding a similarity; keys holding numbers there: sas, nogold)" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
run $CONVQA sample plausibility --round p4 --raters a,b --sim nogold
check_eq "a key only answers without a gold answer have: no round, and why (not a lower --min-sim)" \
	"2|convqa: no answer qualifies: round 'p4' was not made (no answer to a question with a gold answer has 'nogold' in its metadata)|  left out 5: no similarity in the responses' metadata" \
	"$rc|$(cat "$T/err")|$(grep 'no similarity' "$T/out")"
$CONVQA init --db far.db >/dev/null
printf '%s' '{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}], "collection": [], "conversations":
 [{"id": "c", "turns": [{"question": "When?", "gold": {"answers": ["1889"]}, "responses": [{"system": "s1", "answer": "1890"}]}]}]}' >far.json
$CONVQA import --db far.db -q far.json && $CONVQA rater add --db far.db a >/dev/null
run $CONVQA sample plausibility --db far.db --round p4 --raters a --sim sas
check_eq "metadata without numbers: no keys listed" \
	"2|convqa: --sim sas: no response's metadata has the key 'sas' (--sim takes f1, rougeL or a key of the responses' metadata holding a similarity)" \
	"$rc|$(cat "$T/err")"
$CONVQA init --db many.db >/dev/null
printf '%s' '{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}], "collection": [], "conversations":
 [{"id": "c", "turns": [{"question": "When?", "gold": {"answers": ["1889"]}, "responses": [{"system": "s1", "answer": "1890",
  "metadata": {"k1": 1, "k2": 2, "name": "x", "k3": 3, "k4": 4, "k5": 5, "k6": 6}}]}]}]}' >many.json
$CONVQA import --db many.db -q many.json && $CONVQA rater add --db many.db a >/dev/null
run $CONVQA sample plausibility --db many.db --round p4 --raters a --sim sas
check_eq "a few keys, then ..." \
	"2|convqa: --sim sas: no response's metadata has the key 'sas' (--sim takes f1, rougeL or a key of the responses' metadata holding a similarity; keys holding numbers there: k1, k2, k3, k4, k5, ...)" \
	"$rc|$(cat "$T/err")"
run $CONVQA sample plausibility --db far.db --round p4 --raters a
check_eq "answers less similar than --min-sim: no round, and a lower --min-sim?" \
	"2|convqa: no answer qualifies: round 'p4' was not made (a lower --min-sim?)" "$rc|$(cat "$T/err")"
check_run "only plausibility is sampled" 1 "convqa sample: only plausibility is sampled (the first stage); got 'faithfulness'" \
	$CONVQA sample faithfulness --round f --raters a
check_run "--round and --raters are needed" 1 "convqa sample: needs --round NAME and --raters A,B" \
	$CONVQA sample plausibility --raters a
done_testing
