#!/bin/sh
# convqa adjudicate on a pairwise round: the pair screen of each pair the
# raters disagree on (A on top and B below at 80x24, still whole at 40x12),
# the field in dispute with each rater's choice named as the adjudicator's
# screen shows the pair, the adjudicator's value on the label bar; the
# answers' escape sequences are inert text; --blind names no rater; a key
# sets the settled preference, stored by system.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
export CONVQA_NOW=2031-02-03T04:05:06Z CONVQA_DB="$T/p.db"
python3 "$FIX/pairwise_hostile.py" "$T/t.json"
ui_project "$T/p.db" "$T/t.json"
for r in alice bob; do $CONVQA rater add $r >/dev/null; done
$CONVQA rater add dan --role adjudicator >/dev/null
$CONVQA round create ab --task pairwise --raters alice,bob --overlap 2 --seed 2 >/dev/null
q() { sqlite3 "$T/p.db" "$1"; }
# alice prefers the answer on her left on both turns, bob calls both a tie
printf 'esc\na\nn\na\nq\n' | ui_run "$T/p.db" --rater alice --round ab
printf 'esc\ne\nn\ne\nq\n' | ui_run "$T/p.db" --rater bob --round ab
check_eq "the raters disagree on both pairs" "2" \
	"$(q "SELECT count(DISTINCT unit_ref) FROM label WHERE unit = 'pair' AND value IN ('a', 'b')")"

cat >"$T/script" <<'KEYS'
:save-screen first
n
:save-screen hostile
:resize 40 12
:save-screen narrow
:resize 80 24
p
b
:save-screen settled
q
KEYS
CONVQA_SCRIPT="$T/script" $CONVQA adjudicate --round ab --rater dan >"$T/out" 2>"$T/err"
check_eq "adjudicate walks the pairs and says what it settled" "0|round 'ab': 1 of 2 disagreements settled by dan|" \
	"$?|$(cat "$T/out")|$(cat "$T/err")"
check_screen "80x24: the pair as a rater sees it, the dispute below, the adjudicator's value on the bar" first <<'EOF'
 convqa · p.db · adjudicator dan · round ab     disagreement 1 of 2 · 0 settled
── Question · turn 1 of c1 ─────────────────────────────────────────────────────
 Who built the lighthouse?
── A · top ─────────────────────────────────────────────────────────────────────
 Robert Stevenson.

 2 passages (enter shows them)



── B · below ───────────────────────────────────────────────────────────────────
 A Scottish engineer built it in 1810.

 2 passages (enter shows them)




── In dispute · preference ─────────────────────────────────────────────────────
  alice  A (top)
  bob    tie
 preference: ?  reason: —
 — not settled yet
 settle each disagreement with its field's keys            a/← b/→ e x · ? help
EOF
check_screen "the hostile pair: escape sequences and a right-to-left override shown inert" hostile <<'EOF'
 convqa · p.db · adjudicator dan · round ab     disagreement 2 of 2 · 0 settled
── History ─────────────────────────────────────────────────────────────────────
 1. Who built the lighthouse? → A: A Scottish engineer … · B: Robert Stevenson.
── Question · turn 2 of c1 ─────────────────────────────────────────────────────
 How tall is it?
── A · top ─────────────────────────────────────────────────────────────────────
 It is 35 metres tall.^[[31m RED ^[]0;pwned^G end

 1 passage (enter shows them)


── B · below ───────────────────────────────────────────────────────────────────
 About 35 m, the tallest of its kind <U+202E>evil<U+202C>.

 1 passage (enter shows them)



── In dispute · preference ─────────────────────────────────────────────────────
  alice  A (top)
  bob    tie
 preference: ?  reason: —
 — not settled yet
                                                           a/← b/→ e x · ? help
EOF
check_screen "40x12: the question, both answers and the raters' choices on one row" narrow <<'EOF'
 p.db · dan · ab        2/2 · 0 settled
── Question · turn 2 of c1 ─────────────
 How tall is it?
── A · top ─────────────────────────────
 It is 35 metres tall.^[[31m RED
── B · below ───────────────────────────
 About 35 m, the tallest of its kind
── In dispute · preference ─────────────
 alice: A (top) · bob: tie
 preference:? reason:—
 — not settled yet

EOF
check_screen "b settles: the label bar says B, the header counts it" settled <<'EOF'
 convqa · p.db · adjudicator dan · round ab     disagreement 1 of 2 · 1 settled
── Question · turn 1 of c1 ─────────────────────────────────────────────────────
 Who built the lighthouse?
── A · top ─────────────────────────────────────────────────────────────────────
 Robert Stevenson.

 2 passages (enter shows them)



── B · below ───────────────────────────────────────────────────────────────────
 A Scottish engineer built it in 1810.

 2 passages (enter shows them)




── In dispute · preference ─────────────────────────────────────────────────────
  alice  A (top)
  bob    tie
 preference: B  reason: —
 ✓ settled · n: next
 saved: preference B (the right or lower answer)           a/← b/→ e x · ? help
EOF
check_eq "stored by system: b picked the answer below on turn 1, s1's (a: the pair's first system)" "1|a" \
	"$(q "SELECT t.position || '|' || l.value FROM label l JOIN rater r ON r.id = l.rater_id
	      JOIN turn t ON t.id = l.turn_id WHERE r.name = 'dan'")"

cat >"$T/script" <<'KEYS'
:save-screen blind
w
:type both say 35 m
enter
:save-screen reason
q
KEYS
CONVQA_SCRIPT="$T/script" $CONVQA adjudicate --round ab --rater dan --blind >"$T/out" 2>"$T/err"
check_eq "--blind: no rater named" "" "$(grep -l 'alice\|bob' "$T/screens/blind")"
check_rows "a reason is saved, but settles nothing" reason 1 1 <<'EOF'
 convqa · p.db · adjudicator dan · round ab     disagreement 2 of 2 · 1 settled
EOF
check_eq "the reason is dan's, the pair still open" "round 'ab': 1 of 2 disagreements settled by dan|both say 35 m" \
	"$(cat "$T/out")|$(q "SELECT l.value FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'dan' AND l.field = 'reason'")"

# ---- several criteria (pairwise-criteria): one disagreement per field ------------------------------
$CONVQA scheme add "$CONVQA_TOP/sample_tasks/schemes/pairwise-criteria.json" >/dev/null
$CONVQA round create cr --task pairwise-criteria --raters alice,bob --overlap 2 --seed 2 >/dev/null
printf 'esc\na\ntab\na\ntab\na\nq\n' | ui_run "$T/p.db" --rater alice --round cr
printf 'esc\nb\ntab\ne\ntab\na\nq\n' | ui_run "$T/p.db" --rater bob --round cr
cat >"$T/script" <<'KEYS'
:save-screen c1
b
n
:save-screen c2
q
KEYS
CONVQA_SCRIPT="$T/script" $CONVQA adjudicate --round cr --rater dan >"$T/out" 2>"$T/err"
check_eq "criteria: faithfulness and completeness of the one pair are two disagreements" \
	"0|round 'cr': 1 of 2 disagreements settled by dan" "$?|$(cat "$T/out")"
check_rows "the first is about faithfulness, in focus" c1 19 22 <<'EOF'
── In dispute · faithfulness ───────────────────────────────────────────────────
  alice  A (top)
  bob    B (below)
 ▸faithfulness: ?  completeness: ?  preference: ?  reason: —
EOF
check_rows "the same pair, the same sides, the settled faithfulness on the bar; completeness in focus" c2 4 5 <<'EOF'
── A · top ─────────────────────────────────────────────────────────────────────
 Robert Stevenson.
EOF
check_rows "and below" c2 19 22 <<'EOF'
── In dispute · completeness ───────────────────────────────────────────────────
  alice  A (top)
  bob    tie
 faithfulness: B  ▸completeness: ?  preference: ?  reason: —
EOF
