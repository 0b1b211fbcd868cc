#!/bin/sh
# convqa adjudicate: the screen walks through exactly the units on which a
# round's raters disagree (a pooled passage once), shows the item and each
# rater's value side by side (named, or "rater 1", "rater 2" with --blind),
# and saves the value the adjudicator picks with the field's keys as their
# label in the round, which report --consensus adjudicated takes; a closed
# round is adjudicated too; a rater who is not an adjudicator is refused
# with the command that makes one; nothing to adjudicate says so.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
export CONVQA_DB=p.db
for r in alice bob; do $CONVQA rater add $r >/dev/null; done
$CONVQA round create r1 --raters alice,bob --overlap 0 >/dev/null
L() { $CONVQA label --round r1 "$@"; }
L -r alice -c c1 -n 1 -s sys-a intent extractive      # the turn's: on one answer ...
L -r bob -c c1 -n 1 -s sys-b intent abstractive       # ... and the other: one unit
L -r alice -c c1 -n 1 -s sys-a answer_correct 1
L -r bob -c c1 -n 1 -s sys-a answer_correct 0
L -r alice -c c1 -n 1 -s sys-a relevant 1 -k 1        # p-light on sys-a (rank 1) ...
L -r bob -c c1 -n 1 -s sys-b relevant 0 -k 1          # ... and on sys-b (rank 1): one passage
L -r alice -c c1 -n 1 -s sys-a relevant 1 -k 2        # agreed
L -r bob -c c1 -n 1 -s sys-a relevant 1 -k 2
L -r alice -c c1 -n 1 -s sys-b answer_correct 0       # agreed
L -r bob -c c1 -n 1 -s sys-b answer_correct 0
L -r alice -c c1 -n 1 -s sys-b note "too short"       # notes are not compared
L -r bob -c c1 -n 1 -s sys-b note "fine"
L -r alice -c c2 -n 1 -s sys-a answer_correct 1
L -r bob -c c2 -n 1 -s sys-a answer_correct 0
L -r alice -c c1 -n 2 -s sys-a answer_correct 1       # one rater only: nothing to compare

# ---- who may ---------------------------------------------------------------------------
check_run "a rater who is not an adjudicator is refused, with the command that makes one" 2 \
	"convqa: adjudicate: rater 'bob' is not an adjudicator (give the role with: convqa rater add bob --role adjudicator)" \
	$CONVQA adjudicate --round r1 --rater bob
check_run "a name the project lacks is refused alike, and not added" 2 \
	"convqa: adjudicate: no rater 'carol' in the project: adjudicators are raters with the role adjudicator (add one with: convqa rater add carol --role adjudicator)" \
	$CONVQA adjudicate --round r1 --rater carol
check_eq "carol was not added" "" "$(sqlite3 p.db "SELECT name FROM rater WHERE name = 'carol'")"
check_run "the round is asked for" 1 \
	"convqa: adjudicate: which round? give --round NAME (convqa round list shows them)" \
	$CONVQA adjudicate --rater bob
check_run "an unknown round lists the rounds" 2 "convqa: no round 'r9' in the project (its rounds: r1)" \
	sh -c "$CONVQA rater add carol --role adjudicator >/dev/null && $CONVQA adjudicate --round r9 --rater carol"
check_run "without a terminal or a script adjudicate refuses, naming itself" 1 \
	"convqa: adjudicate needs a terminal (for scripted runs set CONVQA_SCRIPT=FILE)" \
	sh -c "$CONVQA adjudicate --round r1 --rater carol </dev/null"

# ---- the screen ------------------------------------------------------------------------
ui_adjudicate --round r1 --rater carol <<'EOF2'
:save-screen d1
c
:save-screen other-key
n
:save-screen d2
n
:save-screen d3
n
:save-screen d4
n
:save-screen past-last
EOF2
check_ran "the adjudication runs"
check_screen "the first disagreement: the turn's intent, both values side by side" d1 <<'EOF2'
 convqa · p.db · adjudicator carol · round r1   disagreement 1 of 4 · 0 settled
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
  alice        extractive
  bob          abstractive
  adjudicated  — not settled yet
           t the turn in full · n/p next/previous · tab next unsettled · u undo
 pick each value with the keys of its field · ? lists the keys  ? help · q quit
EOF2
check_rows "another field's key says what the disagreement is about, in full at 80 columns" other-key 24 24 <<'EOF2'
 key c sets answer_correct; this disagreement is about intent   ? help · q quit
EOF2
check_rows "the second: an answer" d2 19 22 <<'EOF2'
── In dispute · answer_correct · c correct · x incorrect ───────────────────────
  alice        correct
  bob          incorrect
  adjudicated  — not settled yet
EOF2
check_screen "the third: the pooled passage, once, in full" d3 <<'EOF2'
 convqa · p.db · adjudicator carol · round r1   disagreement 3 of 4 · 0 settled
 conversation c1 · turn 1/2                                           unsettled
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 2 of 2 ───────────────────────────────────────────────────────────────
 A tower with a lamp that guides ships.
── Passage 1 of 3 · p-light · Lighthouses · enter opens ────────────────────────
   A lighthouse is a tower with a bright lamp that guides ships at night.










── In dispute · relevant of passage 1 · 1/space relevant or not · - not relevant
  alice        relevant
  bob          not relevant
  adjudicated  — not settled yet
           t the turn in full · n/p next/previous · tab next unsettled · u undo
                                                                ? help · q quit
EOF2
sed -n '/^ convqa · p.db · adjudicator carol · round r1   disagreement 3 of 4/,/? help · q quit$/p' \
	"$CONVQA_TOP/docs/study.md" | check_screen "the screen in docs/study.md is what adjudicate draws" d3
check_rows "the fourth: the other conversation's answer" d4 1 6 <<'EOF2'
 convqa · p.db · adjudicator carol · round r1   disagreement 4 of 4 · 0 settled
 conversation c2 · turn 1/1                                           unsettled
── Question 1/1 ────────────────────────────────────────────────────────────────
 Who kept the lamp burning?
── Answer 1 of 1 ───────────────────────────────────────────────────────────────
 The lighthouse keeper.
EOF2
check_rows "and no more: the agreed units, a note and a unit of one rater are not disputes" past-last 24 24 <<'EOF2'
 this is the last disagreement (0 of 4 settled)                 ? help · q quit
EOF2
check_eq "it says what it settled" "round 'r1': 0 of 4 disagreements settled by carol" "$(cat "$T/out")"

# ---- --blind ---------------------------------------------------------------------------
ui_adjudicate --round r1 --rater carol --blind <<'EOF2'
:save-screen b1
n
:save-screen b2
n
:save-screen b3
n
:save-screen b4
EOF2
check_ran "--blind runs"
check_rows "--blind names no rater" b1 19 22 <<'EOF2'
── In dispute · intent · e extractive · a abstractive · b boolean ──────────────
  rater 1      extractive
  rater 2      abstractive
  adjudicated  — not settled yet
EOF2
check_rows "and the order is each disagreement's own: rater 1 is not always the same" b2 19 22 <<'EOF2'
── In dispute · answer_correct · c correct · x incorrect ───────────────────────
  rater 1      incorrect
  rater 2      correct
  adjudicated  — not settled yet
EOF2
if cat "$T"/screens/b? | grep -q -e alice -e bob; then not_ok "no screen of --blind shows a rater's name"
else ok "no screen of --blind shows a rater's name"; fi

# ---- settling ----------------------------------------------------------------------------
report_answers() { $CONVQA report --round r1 --consensus adjudicated --only answers | sed -n '/Overall/,/^$/p'; }
check_eq "before: both disputed answers have no consensus (the agreed one and the one of one rater count)" "  Overall
       items  correct  accuracy  95% CI       no consensus
  all      2        1     0.500  0.095–0.905             2" "$(report_answers)"
ui_adjudicate --round r1 --rater carol <<'EOF2'
a
:save-screen s1
n
c
:save-screen s2
n
-
:save-screen s3
tab
:save-screen s4
EOF2
check_ran "the adjudicator picks values"
check_rows "a value picked settles the disagreement" s1 1 2 <<'EOF2'
 convqa · p.db · adjudicator carol · round r1   disagreement 1 of 4 · 1 settled
 conversation c1 · turn 1/2                                           ✓ settled
EOF2
check_rows "and the screen shows it" s1 19 24 <<'EOF2'
── In dispute · intent · e extractive · a abstractive · b boolean ──────────────
  alice        extractive
  bob          abstractive
  adjudicated  abstractive
           t the turn in full · n/p next/previous · tab next unsettled · u undo
 saved · intent = abstractive · settled (n: next)               ? help · q quit
EOF2
check_rows "the rest key sets the passage's first category" s3 19 24 <<'EOF2'
── In dispute · relevant of passage 1 · 1/space relevant or not · - not relevant
  alice        relevant
  bob          not relevant
  adjudicated  not relevant
           t the turn in full · n/p next/previous · tab next unsettled · u undo
 saved · passage 1 not relevant · settled (n: next)             ? help · q quit
EOF2
check_rows "tab goes to the next unsettled one" s4 1 1 <<'EOF2'
 convqa · p.db · adjudicator carol · round r1   disagreement 4 of 4 · 3 settled
EOF2
check_eq "the values are carol's labels in the round, on the items where they were judged" \
	'c1/1/sys-a carol answer_correct=1
c1/1/sys-a carol intent="abstractive"
c1/1/sys-a carol relevant[1]=0' "$($CONVQA export --rater carol --round r1 | python3 -c '
import json, sys
for l in json.load(sys.stdin)["labels"]:
    r = "[%d]" % l["rank"] if "rank" in l else ""
    print("%s/%s/%s %s %s%s=%s" % (l["conversation"], l["turn"], l["system"], l["rater"], l["field"], r, json.dumps(l["value"])))
')"
check_eq "report --consensus adjudicated counts the settled answer" "  Overall
       items  correct  accuracy  95% CI       no consensus
  all      3        2     0.667  0.208–0.939             1" "$(report_answers)"
$CONVQA report --round r1 --consensus adjudicated --only answers >"$T/rep"
check_grep "and says an adjudicator settled it" "Values settled by an adjudicator: 1." "$T/rep"

# ---- a closed round ---------------------------------------------------------------------
$CONVQA round close r1 >/dev/null
check_run "annotate refuses the closed round" 2 \
	"convqa: annotate: round 'r1' is closed (a coordinator reopens it with: convqa round reopen r1)" \
	sh -c "CONVQA_SCRIPT=/dev/null $CONVQA annotate --round r1 --rater alice"
ui_adjudicate --round r1 --rater carol <<'EOF2'
:save-screen c1
x
:save-screen c2
EOF2
check_ran "the closed round is adjudicated"
check_rows "it resumes at the unsettled one" c1 1 2 <<'EOF2'
 convqa · p.db · adjudicator carol · round r1   disagreement 4 of 4 · 3 settled
 conversation c2 · turn 1/1                                           unsettled
EOF2
check_rows "and settles it" c2 24 24 <<'EOF2'
 saved · answer_correct = incorrect · settled (n: next)         ? help · q quit
EOF2
check_eq "it says what is settled" "round 'r1': 4 of 4 disagreements settled by carol" "$(cat "$T/out")"
check_eq "report --consensus adjudicated has no item without consensus left" "  Overall
       items  correct  accuracy  95% CI       no consensus
  all      4        2     0.500  0.150–0.850             0" "$(report_answers)"

# ---- 40x12 ---------------------------------------------------------------------------------
CONVQA_COLUMNS=40 CONVQA_LINES=12 ui_adjudicate --round r1 --rater carol --blind <<'EOF2'
n
n
:save-screen narrow
EOF2
check_screen "at 40x12 the disagreement fits" narrow <<'EOF2'
 p.db · carol · r1      3/4 · 4 settled
 c1 · turn 1/2                ✓ settled
── Question 1/2 ────────────────────────
 What is a lighthouse?
── Passage 1 of 3 · p-light · Lighthous…
   A lighthouse is a tower with a …
── In dispute · relevant of passage 1 ──
  rater 1      not relevant
  rater 2      relevant
  adjudicated  not relevant
            tab next unsettled · u undo
                        ? help · q quit
EOF2

# ---- undo, also of an earlier session ---------------------------------------------------
ui_adjudicate --round r1 --rater carol <<'EOF2'
u
:save-screen undo1
u
:save-screen undo2
EOF2
check_rows "u takes back the last value settled, saved before this session, on its disagreement" undo1 1 1 <<'EOF2'
 convqa · p.db · adjudicator carol · round r1   disagreement 4 of 4 · 3 settled
EOF2
check_rows "saying so" undo1 24 24 <<'EOF2'
 undone · answer_correct cleared · saved before this session    ? help · q quit
EOF2
check_rows "and the one before it" undo2 1 1 <<'EOF2'
 convqa · p.db · adjudicator carol · round r1   disagreement 3 of 4 · 2 settled
EOF2

# ---- nothing to adjudicate -------------------------------------------------------------
$CONVQA round create r2 --raters alice,bob --overlap 0 >/dev/null
check_run "a round without labels has nothing to adjudicate" 0 "" $CONVQA adjudicate --round r2 --rater carol
check_eq "and says why" "round 'r2': nothing to adjudicate: no unit has been judged by two or more raters" \
	"$(cat "$T/out")"
$CONVQA label --round r2 -r alice -c c2 -n 1 -s sys-a answer_correct 1
$CONVQA label --round r2 -r bob -c c2 -n 1 -s sys-a answer_correct 1
run $CONVQA adjudicate --round r2 --rater carol
check_eq "raters who agree leave nothing to adjudicate" \
	"0|round 'r2': nothing to adjudicate: the raters agree on each of the 1 unit two or more of them judged" \
	"$rc|$(cat "$T/out")"
# dan, one of r3's raters, made an adjudicator afterwards (round create refuses adjudicators)
$CONVQA rater add dan >/dev/null
$CONVQA round create r3 --raters alice,dan --overlap 0 >/dev/null
$CONVQA rater add dan --role adjudicator >/dev/null
check_run "an open round is not adjudicated by one of its raters" 2 \
	"convqa: adjudicate: rater 'dan' is one of the raters of round 'r3', which is open: a rater of an open round sees only their own labels (close it first: convqa round close r3)" \
	$CONVQA adjudicate --round r3 --rater dan
done_testing
