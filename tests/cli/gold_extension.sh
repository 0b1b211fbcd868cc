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
# labels in two rounds: each rater's current value is the latest that holds
# one, so a clear in a later round leaves the earlier round's value (the
# report's rule); the export, the report and round create --from agree
$CONVQA init --db r.db >/dev/null && $CONVQA import --db r.db -q tasks.json
R() { $CONVQA "$@" --db r.db; }
for x in a b c; do R rater add $x >/dev/null; done
R round create p1 --task plausibility --raters a,b,c --overlap 0 >/dev/null
R round create p2 --task plausibility --raters a --overlap 0 >/dev/null
pr() { R label -t plausibility --round "$1" -r "$2" -c c -n 1 -s "$3" plausibility $4; }
pr p1 a s2 plausible; pr p1 b s2 plausible; pr p1 c s2 implausible
pr p2 a s2 implausible; pr p2 a s2 --clear
R export --format gold-extension -o r.json 2>/dev/null
check_eq "a value cleared in a later round leaves the earlier round's: s2 is plausible 2 to 1" \
	"1889|late 1880s" "$(golds r.json)"
check_eq "   the report's extended gold adds it too" "1" \
	"$(R report --extended-gold --only automatic -f csv | grep '^automatic,extended_gold,system,s2,added,' | cut -d, -f6)"
pr p2 a s2 implausible
R export --format gold-extension -o r2.json 2>/dev/null
check_eq "   a later round's value replaces it: 1 to 2, not plausible" "1889" "$(golds r2.json)"
check_eq "   and the report agrees" "0" \
	"$(R report --extended-gold --only automatic -f csv | grep '^automatic,extended_gold,system,s2,added,' | cut -d, -f6)"
run $CONVQA round create f1 --db r.db --task faithfulness --from p1 --raters a
check_eq "   round create --from p1 reads p1's own values: 2 to 1, plausible" "0|1" \
	"$rc|$(sqlite3 r.db "SELECT count(*) FROM assignment a JOIN round r ON r.id = a.round_id WHERE r.name = 'f1'")"

check_run "--rater does not apply" 1 \
	"convqa: --format gold-extension extends the gold of every rater's judgements: --rater does not apply" \
	$CONVQA export --format gold-extension --rater a
done_testing
