#!/bin/sh
# export --format gold-extension: the answers judged plausible (by more
# than half of their trusted raters; and faithful, where faithfulness was
# judged) join their turn's gold answers, in the native task format; a
# project made from it scores those answers as exact matches.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null
cat >tasks.json <<'JSON'
{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}, {"id": "s2"}, {"id": "s3"}], "collection": [],
 "conversations": [{"id": "c", "turns": [
  {"question": "When was it built?", "gold": {"answers": ["1889"]}, "responses": [
    {"system": "s1", "answer": "in the year 1889"}, {"system": "s2", "answer": "late 1880s"},
    {"system": "s3", "answer": "the 1889"}]}]}]}
JSON
$CONVQA import -q tasks.json
p() { $CONVQA label -t plausibility -r "$1" -c c -n 1 -s "$2" plausibility "$3"; }
p a s1 plausible; p b s1 plausible                # plausible: joins the gold
p a s2 plausible; p b s2 implausible              # a tie: no
p a s3 plausible; p b s3 plausible                # plausible, but "the 1889" is "1889" already
$CONVQA label -t faithfulness -r a -c c -n 1 -s s2 faithfulness faithful
run $CONVQA export --format gold-extension -o new.json
check_eq "written" "0" "$rc"
golds() { python3 -c 'import json, sys; print("|".join(json.load(open(sys.argv[1]))["conversations"][0]["turns"][0]["gold"]["answers"]))' "$1"; }
check_eq "the plausible answer joins the gold; a tie and a normalised duplicate do not" "1889|in the year 1889" "$(golds new.json)"
$CONVQA label -t faithfulness -r a -c c -n 1 -s s1 faithfulness unfaithful
$CONVQA export --format gold-extension -o new2.json 2>/dev/null
check_eq "an answer judged unfaithful does not" "1889" "$(golds new2.json)"
$CONVQA label -t faithfulness -r a -c c -n 1 -s s1 faithfulness faithful
$CONVQA export --format gold-extension -o new.json 2>/dev/null
em() { $CONVQA report --db "$1" --only automatic -f csv | grep '^automatic,by_system,system,s1,em,' | cut -d, -f6; }
$CONVQA init --db ext.db >/dev/null && $CONVQA import --db ext.db -q new.json
check_eq "a project made from the extension: s1's answer is now an exact match" "0|1" "$(em p.db)|$(em ext.db)"
check_run "--rater does not apply" 1 \
	"convqa: --format gold-extension extends the gold of every rater's judgements: --rater does not apply" \
	$CONVQA export --format gold-extension --rater a
done_testing
