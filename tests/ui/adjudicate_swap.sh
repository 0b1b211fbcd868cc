#!/bin/sh
# convqa adjudicate of round 2 of the two-round protocol (round create r2
# --swap-from r1), in which each item has one rater: its disagreements are
# over both rounds, as round close compares them (each rater's latest value
# of a unit in either round), the values picked are the adjudicator's labels
# in r2, and report --consensus adjudicated --round r1,r2 takes them. Round
# 1 alone has nothing to adjudicate and points to round 2.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_adjudication_project p.db "$FIX/small.json"
# item by item, seed 5: alice has c1/1/sys-a and c1/2/sys-a, bob c1/1/sys-b
# and c2/1/sys-a; in r2 each the other's
$CONVQA round create r1 --raters alice,bob --by item --seed 5 >/dev/null
$CONVQA round create r2 --raters alice,bob --swap-from r1 >/dev/null
check_eq "round 2 gives alice bob's items of round 1" "c1 1 sys-b c2 1 sys-a " \
	"$($CONVQA round items r2 --raters alice | grep -v '#' | tr '\t\n' '  ')"
L() { $CONVQA label "$@"; }
L --round r1 -r alice -c c1 -n 1 -s sys-a answer_correct 1
L --round r1 -r alice -c c1 -n 1 -s sys-a intent extractive
L --round r1 -r alice -c c1 -n 2 -s sys-a answer_correct 1   # one rater only: nothing to compare
L --round r1 -r bob -c c1 -n 1 -s sys-b answer_correct 0
L --round r1 -r bob -c c2 -n 1 -s sys-a answer_correct 1
L --round r2 -r alice -c c1 -n 1 -s sys-b answer_correct 0   # agreed
L --round r2 -r alice -c c1 -n 1 -s sys-b intent abstractive # the turn again: her later value counts
L --round r2 -r alice -c c2 -n 1 -s sys-a answer_correct 1   # agreed
L --round r2 -r bob -c c1 -n 1 -s sys-a answer_correct 0     # disputed with alice's in r1
L --round r2 -r bob -c c1 -n 1 -s sys-a intent extractive

report_answers() {
	$CONVQA report --round "$1" --consensus adjudicated --only answers >"$T/rep"
	sed -n '/Overall/,/^$/p' "$T/rep"
}

check_eq "before: report --round r1,r2 has the disputed answer without consensus" "  Overall
       items  correct  accuracy  95% CI       no consensus
  all      3        2     0.667  0.208–0.939             1" "$(report_answers r1,r2)"
$CONVQA round close r1 >/dev/null
$CONVQA round close r2 >/dev/null

# ---- round 1 alone ------------------------------------------------------------------------
run $CONVQA adjudicate --round r1 --rater carol
check_eq "round 1 alone has nothing to adjudicate, and says where to look" \
	"0|round 'r1': nothing to adjudicate: no unit has been judged by two or more raters (round 'r2' swapped its items: convqa adjudicate --round r2 compares both rounds)" \
	"$rc|$(cat "$T/out")"

# ---- round 2, over both rounds ---------------------------------------------------------
ui_adjudicate --round r2 --rater carol <<'EOF2'
:save-screen d1
a
n
:save-screen d2
x
:save-screen d3
n
:save-screen past-last
EOF2
check_ran "round 2 is adjudicated"
check_screen "the first disagreement: the turn's intent, alice's later value against bob's" d1 <<'EOF2'
 convqa · p.db · adjudicator carol · round r2   disagreement 1 of 2 · 0 settled
 conversation c1 · turn 1/2                                           unsettled
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 2 of 2 ───────────────────────────────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · enter opens ──────────────────────────────────────────────────
  1 p-light · Lighthouses
  2 p-keeper · Keepers
  3 p-lens








── In dispute · intent · e extractive · a abstractive · b boolean ──────────────
  alice        abstractive
  bob          extractive
  adjudicated  — not settled yet
           t the turn in full · n/p next/previous · tab next unsettled · u undo
 pick each value with the keys of its field · ? lists the keys  ? help · q quit
EOF2
check_rows "the second: the answer alice judged in round 1 and bob in round 2" d2 1 22 <<'EOF2'
 convqa · p.db · adjudicator carol · round r2   disagreement 2 of 2 · 1 settled
 conversation c1 · turn 1/2                                           unsettled
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 2 of 2 ───────────────────────────────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · enter opens ──────────────────────────────────────────────────
  1 p-light · Lighthouses
  2 p-keeper · Keepers
  3 p-lens








── In dispute · answer_correct · c correct · x incorrect ───────────────────────
  alice        correct
  bob          incorrect
  adjudicated  — not settled yet
EOF2
check_rows "the pick settles it" d3 1 22 <<'EOF2'
 convqa · p.db · adjudicator carol · round r2   disagreement 2 of 2 · 2 settled
 conversation c1 · turn 1/2                                           ✓ settled
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 2 of 2 ───────────────────────────────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · enter opens ──────────────────────────────────────────────────
  1 p-light · Lighthouses
  2 p-keeper · Keepers
  3 p-lens








── In dispute · answer_correct · c correct · x incorrect ───────────────────────
  alice        correct
  bob          incorrect
  adjudicated  incorrect
EOF2
check_rows "and no more: the agreed answers and one of one rater are not disputes" past-last 24 24 <<'EOF2'
 this is the last disagreement (2 of 2 settled)                 ? help · q quit
EOF2
check_eq "it says what it settled, over both rounds" \
	"round 'r2' (over both rounds: it swapped the items of round 'r1'): 2 of 2 disagreements settled by carol" \
	"$(cat "$T/out")"
check_eq "the values are carol's labels in round 2" \
	'r2 c1/1/sys-a carol answer_correct=0
r2 c1/1/sys-a carol intent=abstractive' \
	"$(sqlite3 -separator ' ' p.db "SELECT ro.name, c.ext_id || '/' || t.position || '/' || sy.name, ra.name,
		l.field || '=' || l.value FROM label l JOIN rater ra ON ra.id = l.rater_id JOIN round ro ON ro.id = l.round_id
		JOIN response r ON r.id = l.response_id JOIN turn t ON t.id = r.turn_id
		JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id
		WHERE ra.name = 'carol' ORDER BY l.field")"
check_eq "report --consensus adjudicated --round r1,r2 counts the answer as settled" "  Overall
       items  correct  accuracy  95% CI       no consensus
  all      4        2     0.500  0.150–0.850             0" "$(report_answers r1,r2)"
check_grep "and says an adjudicator settled it" "Values settled by an adjudicator: 1\." "$T/rep"

# ---- again -----------------------------------------------------------------------------
ui_adjudicate --round r2 --rater carol <<'EOF2'
:save-screen again
EOF2
check_rows "a later session finds both settled" again 1 1 <<'EOF2'
 convqa · p.db · adjudicator carol · round r2   disagreement 1 of 2 · 2 settled
EOF2
done_testing
