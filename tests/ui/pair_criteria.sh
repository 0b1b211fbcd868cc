#!/bin/sh
# A pair scheme of several criteria (sample_tasks/schemes/pairwise-criteria.json:
# faithfulness, completeness and the overall preference, each A / B / tie /
# both bad on the same keys a b e x): the keys set the field in focus,
# marked on the label bar; tab and shift-tab move the focus; the arrows
# pick A / B of the field in focus; each criterion is stored by system, as
# the preference is; a pair counts as done once all three are given. At
# 80x24 and 40x12.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
export CONVQA_NOW=2031-02-03T04:05:06Z CONVQA_DB="$T/p.db"
ui_pair_project pairwise-criteria
q() { sqlite3 "$T/p.db" "$1"; }

ui_run "$T/p.db" --rater alice --round ab <<'KEYS'
esc
:save-screen first
a
:save-screen faithful
tab
right
:save-screen complete
tab
:save-screen focus3
shift-tab
:save-screen back
tab
e
:save-screen done
n
:resize 40 12
:save-screen narrow
q
KEYS
check_ran "annotate opens the pair screen of a scheme of criteria"
check_screen "80x24: the three criteria on the label bar, the first in focus" first <<'EOT'
 p.db · alice · pairwise-criteria · ab             pair 1/2 [----------] 0 done
── Question · turn 1 of c1 ─────────────────────────────────────────────────────
 Who built the lighthouse?
── A · top ─────────────────────────────────────────────────────────────────────
 Robert Stevenson.

 2 passages (enter shows them)





── B · below ───────────────────────────────────────────────────────────────────
 A Scottish engineer built it in 1810.

 2 passages (enter shows them)





 ▸faithfulness: ?  completeness: ?  preference: ?  reason: —
 missing: faithfulness, completeness, preference
 welcome, alice: which answer is better…  focus: faithfulness · ? help · q quit
EOT
check_rows "a sets the field in focus (faithfulness) to A" faithful 22 24 <<'EOT'
 ▸faithfulness: A  completeness: ?  preference: ?  reason: —
 missing: completeness, preference
 saved: faithfulness A (the left or upp…  focus: faithfulness · ? help · q quit
EOT
check_rows "tab focuses completeness; the right arrow sets it to B" complete 22 24 <<'EOT'
 faithfulness: A  ▸completeness: B  preference: ?  reason: —
 missing: preference
 saved: completeness B (the right or lo…  focus: completeness · ? help · q quit
EOT
check_rows "tab again: the preference in focus, named on the status line" focus3 22 24 <<'EOT'
 faithfulness: A  completeness: B  ▸preference: ?  reason: —
 missing: preference
 saved: completeness B (the right or lowe…  focus: preference · ? help · q quit
EOT
check_rows "shift-tab: back to completeness" back 22 22 <<'EOT'
 faithfulness: A  ▸completeness: B  preference: ?  reason: —
EOT
check_rows "e (the same key as elsewhere) sets the preference: every criterion given, the pair is finished" done 22 24 <<'EOT'
 faithfulness: A  completeness: B  ▸preference: tie  reason: —
 ✓ finished · n: next item
 saved: preference tie                      focus: preference · ? help · q quit
EOT
check_screen "40x12 on the next pair: the focus back on the first field, 1 done" narrow <<'EOT'
 p.db · alice · pairwi… pair 2/2 1 done
── Question · turn 2 of c1 ─────────────
 How tall is it?
── A · top ─────────────────────────────
 It is 35 metres tall.^[[31m RED
 ^[]0;pwned^G end
── B · below ───────────────────────────
 About 35 m, the tallest of its kind
 <U+202E>evil<U+202C>.
 ▸faithfulness:? completeness:? prefere…
 missing: faithfulness, completeness, …
                    focus: faithfulness
EOT
check_eq "each criterion stored by system (A on turn 1 was s2's answer: b; B: a)" "faithfulness|b
completeness|a
preference|tie" "$(q "SELECT field, value FROM label ORDER BY id")"

# a pair with two criteria of three is not done: the next session resumes on it
ui_run "$T/p.db" --rater alice --round ab <<'KEYS'
a
tab
a
q
KEYS
ui_run "$T/p.db" --rater alice --round ab <<'KEYS'
:save-screen resumed
l
:save-screen list
q
q
KEYS
check_rows "two criteria of three: not finished, the session resumes on it" resumed 1 1 <<'EOT'
 p.db · alice · pairwise-criteria · ab             pair 2/2 [#####-----] 1 done
EOT
check_rows "the list: the first pair finished, the second labelled (•) but unfinished" list 3 5 <<'EOT'
  # state        conversation  turn  answer  question
  1 ✓ finished   c1            1/2   1 of 1  Who built the lighthouse?
▸•2 unfinished   c1            2/2   1 of 1  How tall is it?
EOT

ui_run "$T/p.db" --rater alice --round ab <<'KEYS'
?
:save-screen help
pgdn
:save-screen help2
q
q
KEYS
check_rows "the help: the shared keys set the field in focus, the arrows pick A or B of it" help 15 22 <<'EOT'
  Label
    a b e x        faithfulness (in focus): A, B, tie, both bad
    a b e x        completeness (in focus): A, B, tie, both bad
    a b e x        preference (in focus): A, B, tie, both bad
    w              write the reason (enter saves, esc cancels)
    left           the field in focus: A (the left or upper answer)
    right          the field in focus: B (the right or lower answer)
    u              undo the last change (repeat: earlier ones)
EOT
check_eq "tab and shift-tab move the focus" "    shift-tab      focus the previous field
    tab            focus the next field (from the last: next pair not judged)" \
	"$(cat "$T/screens/help" "$T/screens/help2" | grep -E '^    (tab|shift-tab) ' | sort -u)"
done_testing
