#!/bin/sh
# Blind labelling: while a round is open, an account bound to a rater sees
# in exports and reports only that rater's labels of the round; once the
# round is closed, or for a coordinator's account, every label.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
me=$(id -un)
$CONVQA init >/dev/null
$CONVQA import -q "$CONVQA_TOP/sample_tasks/demo.json"
$CONVQA rater add alice >/dev/null
$CONVQA rater add bob >/dev/null
$CONVQA round create r1 --task plausibility --raters alice,bob --overlap 2 --conversations 1 >/dev/null
for who in alice bob; do
	v=plausible
	[ $who = bob ] && v=implausible
	$CONVQA label -t plausibility --round r1 -r $who -c demo-lighthouse -n 1 -s bm25-t5 plausibility $v
	$CONVQA label -t plausibility --round r1 -r $who -c demo-lighthouse -n 2 -s bm25-t5 plausibility $v
done
$CONVQA label -r bob -c demo-rosetta -n 1 -s bm25-t5 intent boolean   # outside rounds
raters() { python3 -c 'import json, sys; print(" ".join(sorted({l["rater"] + ":" + str(l["round"]) for l in json.load(sys.stdin)["labels"]})))'; }
check_eq "unbound, the export has every label" "alice:r1 bob:None bob:r1" "$($CONVQA export | raters)"

$CONVQA rater add alice --os-user "$me" >/dev/null 2>&1
run $CONVQA export
check_eq "bound to alice, the account sees alice's labels of the open round, and the labels outside rounds" \
	"alice:r1 bob:None" "$(raters <"$T/out")"
check_eq "and is told so" \
	"blind: as alice, the rater this account is bound to, other raters' labels of open rounds are left out" \
	"$(cat "$T/err")"
run $CONVQA agreement --round r1 -f csv
check_grep "the report says so" "blind,as alice (the rater this account is bound to)" "$T/out"
check_grep "the agreement of the open round counts alice's 2 labels alone" \
	"^agreement,summary,field,plausibility,raters,1,0" "$T/out"
check_grep "(2 label rows)" "^meta,,,,label_rows,2," "$T/out"
check_run "the gold extension, made of every rater's verdicts, is refused to alice's account" 2 \
	"convqa: --format gold-extension is made of every rater's verdicts: not for the account of rater alice while rounds are open (a coordinator exports it, or after the rounds close)" \
	$CONVQA export --format gold-extension -o ext.json
check_eq "   and nothing is written" "no" "$([ -e ext.json ] && echo yes || echo no)"
$CONVQA round close r1 >/dev/null
check_eq "once the round is closed, every label" "alice:r1 bob:None bob:r1" "$($CONVQA export 2>/dev/null | raters)"
$CONVQA round reopen r1 >/dev/null
# annotate shows a rater their own labels only: bob judged turn 3, alice not
$CONVQA label -t plausibility --round r1 -r bob -c demo-lighthouse -n 3 -s bm25-t5 plausibility malformed
n=$(sqlite3 "$T/p.db" "SELECT a.seq FROM assignment a JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id
	JOIN turn t ON t.id = r.turn_id JOIN system sy ON sy.id = r.system_id
	WHERE ra.name = 'alice' AND t.position = 3 AND sy.name = 'bm25-t5'")
printf 'esc\n:type :%s\nenter\n:save-screen item3\n' "$n" >keys
mkdir -p screens
CONVQA_SCRIPT=keys CONVQA_SCREEN_DIR=screens $CONVQA annotate --rater alice --round r1 2>/dev/null
check_grep "annotate: the item bob judged shows unjudged to alice" "plausibility: ?" screens/item3
check_eq "and nothing of bob's value" "" "$(grep -v 'm malformed' screens/item3 | grep -i 'malformed')"
$CONVQA rater add carol --role coordinator --os-user "$me" >/dev/null 2>&1
run $CONVQA export
check_eq "an account that is a coordinator's sees every label" "alice:r1 bob:None bob:r1|" "$(raters <"$T/out")|$(cat "$T/err")"
# Acting as another rater does not get round the blindness: from alice's
# account, while r1 is open, an adjudicator bound to no account (dan) is
# not a way to see bob's labels of r1, nor to label as someone else in r1
carol_id=$(sqlite3 "$T/p.db" "SELECT id FROM rater WHERE name = 'carol'")
sqlite3 "$T/p.db" "UPDATE rater SET os_user = NULL WHERE id = $carol_id"   # alice's account again
$CONVQA rater add dan --role adjudicator >/dev/null 2>&1
printf 'q\n' >keys
run env CONVQA_SCRIPT=keys $CONVQA adjudicate --round r1 --rater dan
check_eq "adjudicate as dan from the account of alice, a rater of the open round, is refused (exit 2)" \
	"2|convqa: adjudicate: this account is bound to rater alice, a rater of round 'r1', which is open: from it, act as alice only, not as dan (a coordinator binds dan to the account that acts as them: convqa rater add dan --os-user ACCOUNT)" \
	"$rc|$(cat "$T/err")"
check_eq "   and shows nothing of the round" "" "$(cat "$T/out")"
check_run "label as dan in the open round from alice's account is refused alike" 2 \
	"convqa: this account is bound to rater alice, a rater of round 'r1', which is open: from it, act as alice only, not as dan (a coordinator binds dan to the account that acts as them: convqa rater add dan --os-user ACCOUNT)" \
	$CONVQA label -t plausibility --round r1 -r dan -c demo-lighthouse -n 1 -s bm25-t5 plausibility plausible
sqlite3 "$T/p.db" "UPDATE rater SET os_user = '$me' WHERE id = $carol_id"   # and a coordinator's
run env CONVQA_SCRIPT=keys $CONVQA adjudicate --round r1 --rater dan
check_eq "an account that is a coordinator's too may adjudicate r1 as dan while it is open" "0" "$rc"
sqlite3 "$T/p.db" "UPDATE rater SET os_user = NULL WHERE id = $carol_id"
$CONVQA round close r1 >/dev/null
run env CONVQA_SCRIPT=keys $CONVQA adjudicate --round r1 --rater dan
check_eq "once r1 is closed, alice's account may adjudicate as dan" "0" "$rc"
done_testing
