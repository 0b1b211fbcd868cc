#!/bin/sh
# Fields that share keys (sample_tasks/schemes/mtrag-likert.json: four
# dimensions of an answer on the same 4-point scale, all on the keys 1-4),
# in a round made by round create: the keys set the field in focus, which
# the label bar marks (▸), the answer's rule hints and the status line
# names; tab moves the focus to the next field (from the last one: the next
# unfinished item), shift-tab to the previous one; the help says so. The
# keys of a focused field act only while it has the focus.
# In adjudication the keys set the field in dispute.
# The labels land in the project as given, per field, and the report's
# agreement covers each field.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
export CONVQA_NOW=2031-02-03T04:05:06Z
ui_project p.db "$FIX/small.json"
"$CONVQA" scheme add --db p.db "$SAMPLES/schemes/mtrag-likert.json" >/dev/null
for r in alice bob; do "$CONVQA" rater add --db p.db $r >/dev/null; done
run "$CONVQA" round create r1 --db p.db --task mtrag-likert --raters alice,bob --overlap 2 --conversations 1
check_eq "round create takes the scheme whose fields share keys" "0|" "$rc|$(cat "$T/err")"

ui_run p.db --rater alice --round r1 <<'EOF'
esc
:save-screen start
3
:save-screen first
tab
:save-screen tab
4
tab
2
tab
1
:save-screen all-set
shift-tab
:save-screen back
3
:save-screen changed
?
:save-screen help
pgdn
:save-screen help-2
esc
tab
:save-screen last
tab
:save-screen next-item
2
tab
2
tab
3
tab
3
n
4
tab
4
tab
4
tab
4
EOF
check_ran "alice's script runs"
check_screen "the focus on the first field: marked on the bar, hinted on the rule, named on the status line" start <<'EOF'
 p.db · alice · mtrag-likert · r1                  item 1/3 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 1 of 2 · 1-4 faithfulness: No … Yes · tab next field ─────────────────
 A tower with a lamp that guides ships.
── Passages (3) · j/k focus · enter opens ──────────────────────────────────────
▸ 1 p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 p-lens
      A Fresnel lens is made of concentric rings of glass.







 ▸faithfulness: ?  appropriateness: ?  naturalness: ?  completeness: ?  note: —
 missing: faithfulness, appropriateness, naturalness, completeness
 welcome, alice: ? lists the keys         focus: faithfulness · ? help · q quit
EOF
check_rows "3 sets the field in focus" first 22 24 <<'EOF'
 ▸faithfulness:Mostly yes appropriateness:? naturalness:? completeness:? note:—
 missing: appropriateness, naturalness, completeness
 saved · faithfulness = Mostly yes        focus: faithfulness · ? help · q quit
EOF
check_rows "tab: the focus on the next field" tab 5 5 <<'EOF'
── Answer 1 of 2 · 1-4 appropriateness: No … Yes · tab next field ──────────────
EOF
check_rows "tab: the focus on the next field (bar, status line)" tab 22 24 <<'EOF'
 faithfulness:Mostly yes ▸appropriateness:? naturalness:? completeness:? note:—
 missing: appropriateness, naturalness, completeness
 saved · faithfulness = Mostly yes              focus: appropriateness · ? help
EOF
check_rows "4 tab 2 tab 1: every field set, the item finished" all-set 1 5 <<'EOF'
 p.db · alice · mtrag-likert · r1                  item 1/3 [###-------] 1 done
 conversation c1 · turn 1/2                                          ✓ finished
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 1 of 2 · 1-4 completeness: No … Yes · tab next unfinished ────────────
EOF
check_rows "4 tab 2 tab 1: every field set, the item finished (bar)" all-set 22 24 <<'EOF'
 faithfulness:3 appropriateness:4 naturalness:2 ▸completeness:1 note:—
 ✓ finished · n: next item
 saved · completeness = No · item finis…  focus: completeness · ? help · q quit
EOF
check_rows "shift-tab: the focus back on the previous field" back 22 24 <<'EOF'
 faithfulness:3 appropriateness:4 ▸naturalness:2 completeness:1 note:—
 ✓ finished · n: next item
 saved · completeness = No · item finish…  focus: naturalness · ? help · q quit
EOF
check_rows "3 changes the field in focus only" changed 22 24 <<'EOF'
 faithfulness:3 appropriateness:4 ▸naturalness:3 completeness:1 note:—
 ✓ finished · n: next item
 saved · naturalness = Mostly yes          focus: naturalness · ? help · q quit
EOF
check_screen "the help says how the focus works and lists each field's keys once" help <<'EOF'
 p.db · alice · mtrag-likert · r1                  item 1/3 [###-------] 1 done
── Help ────────────────────────────────────────────────────────────────────────
  Keys for the mtrag-likert task. Every change is saved at once; the status
  line says "saved" when it is.

  Fields that share keys take them in turn: the keys set the field in focus
  (marked ▸ on the label bar, named on the status line); tab and shift-tab
  move the focus to the next and the previous field.

  Label
    1-4            faithfulness (in focus): No, Mostly no, Mostly yes, Yes
    1-4            appropriateness (in focus): No, Mostly no, Mostly yes, Yes
    1-4            naturalness (in focus): No, Mostly no, Mostly yes, Yes
    1-4            completeness (in focus): No, Mostly no, Mostly yes, Yes
    w              write the note (enter saves, esc cancels)
    u              undo the last change (repeat: earlier ones)

  Move
    n right        next item (in a passage: next passage)
    p left         previous item (in a passage: previous)
    ]              next turn (skips the other systems' answers)
    [              previous turn (its first answer)
 lines 1-20 of 52                        j/k pgdn/pgup scroll · q or esc closes
 saved · naturalness = Mostly yes
EOF
check_rows "the help: tab and shift-tab" help-2 3 5 <<'EOF'
    [              previous turn (its first answer)
    tab            focus the next field (from the last: next unfinished item)
    shift-tab      focus the previous field
EOF
check_rows "tab from the last field: the next unfinished item, the focus on its first field" next-item 1 5 <<'EOF'
 p.db · alice · mtrag-likert · r1                  item 2/3 [###-------] 1 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 2 of 2 · 1-4 faithfulness: No … Yes · tab next field ─────────────────
EOF
check_rows "tab from the last field: the next unfinished item (bar)" next-item 22 24 <<'EOF'
 ▸faithfulness: ?  appropriateness: ?  naturalness: ?  completeness: ?  note: —
 missing: faithfulness, appropriateness, naturalness, completeness
                                          focus: faithfulness · ? help · q quit
EOF

# bob rates the same three answers, not always as alice (his order of the
# turn's answers is his own: sys-b's first)
ui_run p.db --rater bob --round r1 <<'EOF'
esc
2
tab
2
tab
3
tab
4
n
3
tab
3
tab
2
tab
1
n
4
tab
3
tab
4
tab
4
EOF
check_ran "bob's script runs"
check_eq "the labels in the project: one row a key, each on its field" \
"alice|sys-a|faithfulness|3
alice|sys-a|appropriateness|4
alice|sys-a|naturalness|2
alice|sys-a|completeness|1
alice|sys-a|naturalness|3
alice|sys-b|faithfulness|2
alice|sys-b|appropriateness|2
alice|sys-b|naturalness|3
alice|sys-b|completeness|3
alice|sys-a|faithfulness|4
alice|sys-a|appropriateness|4
alice|sys-a|naturalness|4
alice|sys-a|completeness|4
bob|sys-b|faithfulness|2
bob|sys-b|appropriateness|2
bob|sys-b|naturalness|3
bob|sys-b|completeness|4
bob|sys-a|faithfulness|3
bob|sys-a|appropriateness|3
bob|sys-a|naturalness|2
bob|sys-a|completeness|1
bob|sys-a|faithfulness|4
bob|sys-a|appropriateness|3
bob|sys-a|naturalness|4
bob|sys-a|completeness|4" \
	"$(sqlite3 p.db "SELECT ra.name, s.name, l.field, l.value FROM label l JOIN rater ra ON ra.id = l.rater_id
		JOIN response r ON r.id = l.response_id JOIN system s ON s.id = r.system_id
		JOIN round ro ON ro.id = l.round_id WHERE ro.name = 'r1' AND l.task = 'mtrag-likert' ORDER BY l.id")"
run "$CONVQA" round show r1 --db p.db
check_grep "round show: alice finished her three items" '^  alice  *3 / 3  *100.0%' "$T/out"
check_grep "round show: bob too" '^  bob  *3 / 3  *100.0%' "$T/out"
run "$CONVQA" report --db p.db --round r1 --only agreement -f csv
check_eq "the report's agreement: each field on its own (weighted kappa, linear)" \
"agreement,mtrag-likert/faithfulness,raters,alice / bob,kappa,1,3
agreement,mtrag-likert/appropriateness,raters,alice / bob,kappa,0.4,3
agreement,mtrag-likert/naturalness,raters,alice / bob,kappa,0.571428571429,3
agreement,mtrag-likert/completeness,raters,alice / bob,kappa,0.769230769231,3" \
	"$(grep '^agreement,mtrag-likert/[a-z]*,raters,alice / bob,kappa,' "$T/out" | cut -d, -f1-7)"

# at 40x12 the rule and the label bar still show the field in focus
CONVQA_COLUMNS=40 CONVQA_LINES=12 ui_run p.db --rater fred --task mtrag-likert <<'EOF'
esc
3
tab
:save-screen narrow
EOF
check_ran "the narrow script runs"
check_rows "at 40x12 the field in focus on the answer's rule and the label bar" narrow 5 5 <<'EOF'
── Answer 1/2 · 1-4 appropriateness · t…
EOF
check_rows "at 40x12 the field in focus on the label bar" narrow 10 10 <<'EOF'
 faithfulness:3 ▸appropriateness:? natu…
EOF

# adjudication: the keys set the field in dispute (in judy's order of the
# turn's answers: first c1/1/sys-b's completeness, then sys-a's
# appropriateness, then its naturalness)
"$CONVQA" rater add --db p.db judy --role adjudicator >/dev/null
printf '3\nn\n2\n' >"$T/script"
CONVQA_SCRIPT="$T/script" "$CONVQA" adjudicate --db p.db --rater judy --round r1 >"$T/out" 2>"$T/err"
check_eq "adjudicate runs" "0|" "$?|$(cat "$T/err")"
check_eq "the adjudicator's keys set the fields in dispute" 'c1/1/sys-a judy appropriateness="2"
c1/1/sys-b judy completeness="3"' "$(labels p.db --rater judy)"

# a key of one focused field only: 3 is b's alone (a has 1-2), and sets
# b only while b has the focus
cat >"$T/ab.json" <<'EOF'
{"format": "convqa-scheme", "version": 1, "name": "ab", "description": "two scales, one longer",
 "fields": [
  {"name": "a", "unit": "response", "type": "ordinal", "required": true,
   "categories": [{"value": "lo", "key": "1"}, {"value": "hi", "key": "2"}]},
  {"name": "b", "unit": "response", "type": "ordinal", "required": true,
   "categories": [{"value": "lo", "key": "1"}, {"value": "mid", "key": "2"}, {"value": "hi", "key": "3"}]}]}
EOF
"$CONVQA" scheme add --db p.db "$T/ab.json" >/dev/null
ui_run p.db --rater carol --task ab <<'EOF'
esc
3
:save-screen not-a
tab
3
:save-screen b
EOF
check_ran "the script of the partly shared keys runs"
check_rows "with a in focus, 3 (b's) does nothing and says why" not-a 22 24 <<'EOF'
 ▸a: ?  b: ?
 missing: a, b
 a (in focus) has no key 3 · tab: next field         focus: a · ? help · q quit
EOF
check_rows "with b in focus 3 sets it" b 22 24 <<'EOF'
 a: ?  ▸b: hi
 missing: a
 saved · b = hi                                      focus: b · ? help · q quit
EOF
done_testing
